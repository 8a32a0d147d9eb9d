"""Calcoolation generator: a random Latin square, cut into cages with clues, kept only when the
grader solves it at exactly the requested level."""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from random import Random

from games.kenken.cages import (
    DIFFICULTIES,
    EASY,
    EXTREME,
    HARD,
    MAX_CAGE,
    NORMAL,
    Params,
    encode_pieces,
    possible_ops,
)
from games.kenken.grader import grade_layout
from games.kenken.solver import Layout, cage_fillings, compile_cages


@dataclass(frozen=True)
class Style:
    """How puzzles aimed at one level are cut, tuned by measuring which cuttings most often
    grade at that level (more dominoes and givens make easier puzzles)."""
    domino: float           # chance that a cell first pairs with a free neighbour
    givens: float           # chance that a cell left alone stays a given number
    poor_products: bool     # avoid two-cell products with at most two factorings
    clarity: float = 1.0    # hidden operators: chance a cage takes its clearest operator
    largest: int = MAX_CAGE   # cells in the largest cage


STYLES = {
    "standard": {EASY: Style(0.9, 0.3, False), NORMAL: Style(0.6, 0.3, True),
                 HARD: Style(0.9, 0.15, False), EXTREME: Style(0.75, 0.15, True)},
    # Every cage multiplies: bigger cages make the harder levels (six-cell products have
    # thousands of fillings, too slow to list).
    "multiplication": {EASY: Style(0.75, 0.3, False), NORMAL: Style(0.3, 0.0, False),
                       HARD: Style(0.15, 0.0, False, largest=5),
                       EXTREME: Style(0.0, 0.0, False, largest=5)},
    "hidden": {EASY: Style(0.75, 0.3, False, 1.0), NORMAL: Style(0.75, 0.15, False, 0.6),
               HARD: Style(0.75, 0.0, False, 0.8), EXTREME: Style(0.75, 0.15, False, 0.4)},
}
# Up to 5x5 an Easy puzzle comes in fewer attempts when a cell left alone mostly stays a given
# (up to the cap of n*n/8). Up to 7x7 a cutting without givens more often makes a Normal or an
# Extreme puzzle (on larger boards it makes Normal ones rarer); at 4x4 one without givens or
# poor products more often makes a Hard one. Normal puzzles come quicker up to 5x5 from few
# dominoes and cages of at most 5 (4x4) or 4 cells (5x5), Hard ones at 5x5 without givens,
# Extreme ones at 4x4 and 5x5 from fewer dominoes. By variant and level: (the largest size,
# the style up to it), smallest first.
SMALL_STYLES = {
    ("standard", EASY): ((5, Style(0.9, 0.7, False)),),
    ("standard", NORMAL): ((4, Style(0.1, 0.0, False, largest=5)),
                           (5, Style(0.2, 0.0, True, largest=4)),
                           (7, Style(0.75, 0.0, True))),
    ("standard", HARD): ((4, Style(0.75, 0.0, True)), (5, Style(0.75, 0.0, False))),
    ("standard", EXTREME): ((4, Style(0.5, 0.0, False)),
                            (5, Style(0.6, 0.0, False, largest=5)),
                            (7, Style(0.75, 0.0, False)))}


@cache
def style_of(params: Params) -> Style:
    level = DIFFICULTIES.index(params.difficulty)
    for largest, style in SMALL_STYLES.get((params.variant, level), ()):
        if params.size <= largest:
            return style
    return STYLES[params.variant][level]


def latin_square(n: int, rng: Random) -> list[int]:
    """Row-major digits of a random Latin square. Up to 5x5 every square is equally likely:
    one is a reduced square (first row and column in order) with its columns, then its rows
    below the first, permuted, in exactly one way. Larger squares are built row by row, each
    row a random perfect matching of columns to the digits their column still lacks (always
    possible, by Hall's theorem)."""
    if n <= TABLED:
        squares, column_orders, row_orders = _reduced_squares(n)
        square = squares[int(rng.random() * len(squares))]
        cols = column_orders[int(rng.random() * len(column_orders))]
        rows = row_orders[int(rng.random() * len(row_orders))]
        return [square[r * n + c] for r in rows for c in cols]
    missing = [(1 << n) - 1] * n            # digits (bit d-1) each column still lacks
    grid = [0] * (n * n)
    random = rng.random
    for r in range(n - 1):
        owner = [-1] * n                    # each digit's column in this row
        # Each column tries its digits in a random order: a random rotation of one shuffle.
        shuffled = sorted(range(n), key=[random() for _ in range(n)].__getitem__) * 2
        start = [int(random() * n) for _ in range(n)]

        def claim(col: int, tried: list[bool]) -> bool:
            """Give col a digit, moving others along an augmenting path."""
            lacks = missing[col]
            for d in shuffled[start[col]:start[col] + n]:
                if lacks >> d & 1 and not tried[d]:
                    tried[d] = True
                    if owner[d] < 0 or claim(owner[d], tried):
                        owner[d] = col
                        return True
            return False

        for col in sorted(range(n), key=[random() for _ in range(n)].__getitem__):
            lacks = missing[col]
            for d in shuffled[start[col]:start[col] + n]:   # a free digit, if there is one
                if lacks >> d & 1 and owner[d] < 0:
                    owner[d] = col
                    break
            else:
                claim(col, [False] * n)
        for d, col in enumerate(owner):
            grid[r * n + col] = d + 1
            missing[col] ^= 1 << d
    for col, lacks in enumerate(missing):                   # the last row is what is left
        grid[n * n - n + col] = lacks.bit_length()
    return grid


TABLED = 5      # orders whose reduced squares are listed (56 of order 5; 9408 of order 6)


@cache
def _reduced_squares(n: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]],
                                       list[tuple[int, ...]]]:
    """The reduced Latin squares of order n (row-major), every order of the columns, and every
    order of the rows that keeps the first row first."""
    perms = list(itertools.permutations(range(n)))
    squares = []

    def extend(rows: list[tuple[int, ...]], used: list[int]) -> None:  # used: column digits
        if len(rows) == n:
            squares.append(tuple(d + 1 for row in rows for d in row))
            return
        for row in perms:
            if row[0] == len(rows) and not any(used[c] >> row[c] & 1 for c in range(n)):
                extend(rows + [row], [used[c] | 1 << row[c] for c in range(n)])

    extend([perms[0]], [1 << c for c in range(n)])
    return squares, perms, [row for row in perms if row[0] == 0]


@cache
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """The orthogonal neighbours of each cell."""
    return tuple(tuple(r2 * n + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= r2 < n and 0 <= c2 < n)
                 for r, c in (divmod(cell, n) for cell in range(n * n)))


@cache
def row_col(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each cell's row and column."""
    return tuple(cell // n for cell in range(n * n)), tuple(cell % n for cell in range(n * n))


def balance_check(grid: list[int], n: int) -> Callable[[list[int], int, list[int]], bool]:
    """The trades of a Latin square between two rows (or two columns): swapping the two rows'
    digits along one cycle of columns (a b c / b c a) keeps the square Latin. Each digit d of
    the cycle then moves between the two cells of a rectangle (a d cell, a d cell, an other
    cell, an other cell); when every cage holds as many of its d cells as its other cells, for
    every d of the cycle, every clue stays true: a second solution. The 2x2 trades are the
    intercalates (a b / b a).

    Returns balanced(owner, cell, cage): whether a trade through cell is balanced, now that
    cell is in cage (owner: each cell's cage). A trade's rectangle at cell can only balance
    when the cage holds another of its corners, beside cell in its row or column; then the two
    far corners must share a cage too before the trades through that rectangle (one between
    its rows, one between its columns) are followed, each until a rectangle that does not
    balance."""
    row, col = row_col(n)
    stride = n + 1
    col_of = [0] * (n * stride)          # [row * stride + digit]: its column
    row_of = [0] * (n * stride)          # [column * stride + digit]: its row
    for cell, d in enumerate(grid):
        r, c = row[cell], col[cell]
        col_of[r * stride + d] = c
        row_of[c * stride + d] = r

    def cycle_balances(owner: list[int], one: int, two: int, start: int, by_rows: bool
                       ) -> bool:
        """Whether the trade between lines one and two (rows, or columns) through start (a
        column, or a row) balances."""
        at = start
        while True:
            if by_rows:             # at, then moved, are columns
                moved = col_of[two * stride + grid[one * n + at]]
                a1, a2 = owner[one * n + at], owner[two * n + moved]
                b1, b2 = owner[one * n + moved], owner[two * n + at]
            else:                   # at, then moved, are rows
                moved = row_of[two * stride + grid[at * n + one]]
                a1, a2 = owner[at * n + one], owner[moved * n + two]
                b1, b2 = owner[moved * n + one], owner[at * n + two]
            if not ((a1 == b1 and a2 == b2) or (a1 == b2 and a2 == b1)):
                return False
            at = moved
            if at == start:
                return True

    def balanced(owner: list[int], cell: int, cage: list[int]) -> bool:
        r, c = row[cell], col[cell]
        d = grid[cell]
        for other in cage:
            r2, c2 = row[other], col[other]
            if c2 == c and r2 != r:         # other below or above: the far column
                c2 = col_of[r2 * stride + d]
                if owner[r * n + c2] != owner[r2 * n + c2]:
                    continue
            elif r2 == r and c2 != c:       # other beside: the far row
                r2 = row_of[c2 * stride + d]
                if owner[r2 * n + c] != owner[r2 * n + c2]:
                    continue
            else:
                continue
            if cycle_balances(owner, r, r2, c, True) or cycle_balances(owner, c, c2, r, False):
                return True
        return False

    return balanced


def partition(n: int, grid: list[int], rng: Random, style: Style) -> list[tuple[int, ...]]:
    """Cells cut into cages (Keen's way): dominoes first, then every leftover cell joins a
    neighbouring cage below the size limit, or now and then stays a given. A join that would
    balance a trade (see balance_check) is skipped; a cutting left with more than n*n/8 single cells
    (given numbers, sparingly) is cut again. The cages' cells in reading order, the cages in
    the order of their first cells."""
    balanced = balance_check(grid, n)
    around = neighbours(n)
    cells = range(n * n)
    random = rng.random
    domino, givens, largest = style.domino, style.givens, style.largest
    while True:
        rank = [random() for _ in cells]            # joins prefer the lowest-ranked neighbour
        by_rank = rank.__getitem__
        owner = list(cells)                         # each cell's cage, named by one of its cells
        members = [[cell] for cell in cells]        # by cage name
        size = [1] * len(cells)                     # by cage name (0: joined another)
        for pairing in (True, False):   # dominoes, then every cell left alone
            for cell in cells:
                if size[cell] != 1:
                    continue
                if pairing:
                    if random() >= domino:
                        continue
                    candidates = [near for near in around[cell] if size[near] == 1]
                else:
                    if random() < givens:
                        continue
                    candidates = [near for near in around[cell] if size[owner[near]] < largest]
                if len(candidates) > 1:
                    candidates.sort(key=by_rank)
                for near in candidates:
                    owner[cell] = keep = owner[near]
                    if not balanced(owner, cell, members[keep]):
                        members[keep].append(cell)
                        size[keep] += 1
                        size[cell] = 0
                        break
                else:
                    owner[cell] = cell
        if size.count(1) <= n * n // 8:
            return sorted([tuple(sorted(members[cage])) for cage in cells if size[cage]])


def choose_ops(n: int, values: list[list[int]], rng: Random, params: Params,
               style: Style) -> list[str]:
    """An operator per cage (given its solution digits), as Keen chooses them: the operators
    take turns (/, -, *, +), each taking a random cage it suits well, else one it suits at
    all (see _suits)."""
    if params.multiplication_only:
        return ["=" if len(v) == 1 else "*" for v in values]
    order = sorted(range(len(values)), key=[rng.random() for _ in values].__getitem__)
    queues: list[list[int]] = [[], [], [], [], [], [], [], []]  # cages in random order: each
    suits = _suits(n, style.poor_products)      # operator's good ones, then its poor ones
    pending = 0
    for k in order:
        cage_values = values[k]
        if len(cage_values) == 2:
            for queue in suits[cage_values[0] * 16 + cage_values[1]]:
                queues[queue].append(k)
        elif len(cage_values) > 2:
            queues[2].append(k)
            queues[3].append(k)
        else:
            continue
        pending += 1
    ops = ["="] * len(values)
    heads = [0] * 8             # each queue's first cage not yet looked at
    while pending:
        for turn, op in enumerate("/-*+"):
            for queue in (turn, turn + 4):
                cages, head = queues[queue], heads[queue]
                while head < len(cages) and ops[cages[head]] != "=":    # taken by another
                    head += 1
                heads[queue] = head
                if head < len(cages):
                    ops[cages[head]] = op
                    heads[queue] = head + 1
                    pending -= 1
                    break
    return ops


@cache
def _suits(n: int, poor_products: bool) -> dict[int, tuple[int, ...]]:
    """For two digits (a * 16 + b) of a two-cell cage, the operators that suit it well and
    those that suit it only poorly, as choose_ops's queues (0-3: /, -, *, + suiting well;
    4-7: the same suiting poorly). A clue that leaves only one pair is poor: sums of 3, 4,
    2n-1 and 2n-2, and (when poor_products) products with at most two factorings; a
    difference of n-1 and a quotient above n/2 are never used."""
    suits = {}
    for a, b in itertools.permutations(range(1, n + 1), 2):
        low, high = min(a, b), max(a, b)
        factorings = sum(1 for d in range(1, n + 1)
                         if low * high % d == 0 and d != low * high // d <= n)
        well, barely = "", ""
        if high % low == 0 and 2 * (high // low) <= n:
            well += "/"
        if high - low < n - 1:
            well += "-"
        if poor_products and factorings <= 2:
            barely += "*"
        else:
            well += "*"
        if 4 < low + high < 2 * n - 2:
            well += "+"
        else:
            barely += "+"
        suits[a * 16 + b] = (tuple("/-*+".index(op) for op in well) +
                             tuple(4 + "/-*+".index(op) for op in barely))
    return suits


def clearest_ops(n: int, pieces: list[tuple[int, ...]], values: list[list[int]], rng: Random,
                 clarity: float) -> list[str]:
    """With hidden operators a target is read under every operator its cage allows, so a cage
    takes (with chance clarity) the operator whose target leaves the fewest fillings, else
    any operator (ties and choices at random)."""
    ops = []
    for cells, digits in zip(pieces, values):
        if len(cells) == 1:
            ops.append("=")
            continue
        every = ("+", "-", "*", "/") if len(cells) == 2 else ("+", "*")
        r0, c0 = divmod(cells[0], n)
        shape = tuple((cell // n - r0, cell % n - c0) for cell in cells)
        low, high = min(digits), max(digits)
        clear = rng.random() < clarity
        scored = [(len(cage_fillings(n, shape, every, target_of(op, digits))) if clear else 0,
                   rng.random(), op)
                  for op in every if op != "/" or high % low == 0]
        ops.append(min(scored)[2])
    return ops


def target_of(op: str, values: list[int]) -> int:
    if op in "+=":
        return sum(values)
    if op == "*":
        return math.prod(values)
    low, high = sorted(values)
    return high - low if op == "-" else high // low


def attempt(params: Params, rng: Random) -> list[tuple[tuple[int, ...], str, int]]:
    """One random puzzle in the style of its level: (cell indices, operator, target) per cage,
    in canonical order."""
    return _attempt(params, style_of(params), rng)


def _attempt(params: Params, style: Style, rng: Random) -> list[tuple[tuple[int, ...], str, int]]:
    n = params.size
    grid = latin_square(n, rng)
    pieces = partition(n, grid, rng, style)
    values = [[grid[cell] for cell in cells] for cells in pieces]
    ops = (clearest_ops(n, pieces, values, rng, style.clarity) if params.hidden_operators
           else choose_ops(n, values, rng, params, style))
    return [(cells, op, target_of(op, digits)) for cells, op, digits in zip(pieces, ops, values)]


def generate(params: Params, rng: Random) -> str:
    """The description of a random puzzle with one solution, graded at params.difficulty."""
    return next(desc for desc in attempts(params, rng) if desc is not None)


def attempts(params: Params, rng: Random) -> Iterator[str | None]:
    """generate() one attempt at a time, for a caller that must stay responsive: yields None
    after each rejected puzzle, then the description of the accepted one."""
    level = DIFFICULTIES.index(params.difficulty)
    n = params.size
    style = style_of(params)
    while True:
        cages = _attempt(params, style, rng)
        layout = compile_cages(n, [(cells, possible_ops(params, op, len(cells)), target)
                                   for cells, op, target in cages] if params.hidden_operators
                               else [(cells, (op,), target) for cells, op, target in cages],
                               count=level >= HARD)
        if graded(layout, level):
            yield encode_pieces(n, cages)
            return
        yield None


def graded(layout: Layout, level: int) -> bool:
    """Whether the puzzle grades at exactly level (which makes it unique: every deduction is
    sound, so one that solves the puzzle leaves no other solution)."""
    return grade_layout(layout, level, least=level) == level
