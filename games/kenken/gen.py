"""Calcoolation generator: a random Latin square, cut into cages with clues, kept only when the
grader solves it at exactly the requested level."""
from __future__ import annotations

import math
from dataclasses import dataclass

from games.kenken.cages import DIFFICULTIES, MAX_CAGE, Cage, Params, encode_desc, possible_ops
from games.kenken.grader import EASY, EXTREME, HARD, NORMAL, Board, deduce
from games.kenken.solver import cage_fillings, compile_cages, solve_layout


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
    "standard": {EASY: Style(0.75, 0.3, False), NORMAL: Style(0.6, 0.3, True),
                 HARD: Style(0.9, 0.15, False), EXTREME: Style(0.75, 0.15, True)},
    # Every cage multiplies: bigger cages make the harder levels (six-cell products have
    # thousands of fillings, too slow to list).
    "multiplication": {EASY: Style(0.75, 0.3, False), NORMAL: Style(0.3, 0.0, False),
                       HARD: Style(0.15, 0.0, False, largest=5),
                       EXTREME: Style(0.0, 0.0, False, largest=5)},
    "hidden": {EASY: Style(0.75, 0.3, False, 1.0), NORMAL: Style(0.75, 0.15, False, 0.6),
               HARD: Style(0.75, 0.0, False, 0.8), EXTREME: Style(0.75, 0.15, False, 0.4)},
}


def latin_square(n: int, rng) -> list[int]:
    """Row-major digits of a random Latin square: each row is a random perfect matching of
    columns to the digits their column still lacks (always possible, by Hall's theorem)."""
    missing = [list(range(1, n + 1)) for _ in range(n)]     # digits each column still lacks
    grid = []
    for _ in range(n):
        for options in missing:
            rng.shuffle(options)
        owner: dict[int, int] = {}                  # digit -> column in this row

        def claim(col: int, tried: set) -> bool:
            for d in missing[col]:
                if d not in tried:
                    tried.add(d)
                    if d not in owner or claim(owner[d], tried):
                        owner[d] = col
                        return True
            return False

        for col in rng.sample(range(n), n):
            claim(col, set())
        row = [0] * n
        for d, col in owner.items():
            row[col] = d
            missing[col].remove(d)
        grid += row
    return grid


def intercalates(grid: list[int], n: int) -> list[tuple[int, int, int, int]]:
    """2x2 Latin subsquares (a b / b a) as (a cell, a cell, b cell, b cell). If every cage
    holds as many of one's a cells as b cells, swapping a and b there leaves every clue
    true: a second solution."""
    found = []
    for r1 in range(n):
        row1 = grid[r1 * n:(r1 + 1) * n]
        for r2 in range(r1 + 1, n):
            row2 = grid[r2 * n:(r2 + 1) * n]
            col_in_row2 = {d: c for c, d in enumerate(row2)}
            for c1 in range(n):
                c2 = col_in_row2[row1[c1]]
                if c2 > c1 and row1[c2] == row2[c1]:
                    found.append((r1 * n + c1, r2 * n + c2, r1 * n + c2, r2 * n + c1))
    return found


def partition(n: int, grid: list[int], rng, style: Style) -> list[list[int]]:
    """Cells cut into cages (Keen's way): dominoes first, then every leftover cell joins a
    neighbouring cage below the size limit, or now and then stays a given. A join that would
    balance an intercalate (see above) is skipped; a cutting left with more than n*n/8 single
    cells (given numbers, sparingly) is cut again."""
    touching: dict[int, list] = {}
    for quad in intercalates(grid, n):
        for cell in quad:
            touching.setdefault(cell, []).append(quad)

    def neighbours(cell: int):
        r, c = divmod(cell, n)
        return [r2 * n + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= r2 < n and 0 <= c2 < n]

    while True:
        rank = list(range(n * n))
        rng.shuffle(rank)
        owner = list(range(n * n))
        members = {cell: [cell] for cell in range(n * n)}

        def harmless(cell: int, near: int) -> bool:
            """Whether moving the single cell into near's cage keeps every intercalate
            unbalanced."""
            for quad in touching.get(cell, ()):
                a1, a2, b1, b2 = (owner[near] if x == cell else owner[x] for x in quad)
                if (a1 == b1 and a2 == b2) or (a1 == b2 and a2 == b1):
                    return False
            return True

        def join(cell: int, candidates: list[int]) -> None:
            for near in sorted(candidates, key=rank.__getitem__):
                if harmless(cell, near):
                    keep = owner[near]
                    members.pop(owner[cell])
                    owner[cell] = keep
                    members[keep].append(cell)
                    return

        for cell in range(n * n):
            if len(members[owner[cell]]) == 1 and rng.random() < style.domino:
                join(cell, [near for near in neighbours(cell) if len(members[owner[near]]) == 1])
        for cell in range(n * n):
            if len(members[owner[cell]]) == 1 and rng.random() >= style.givens:
                join(cell, [near for near in neighbours(cell)
                            if len(members[owner[near]]) < style.largest])
        if sum(1 for cells in members.values() if len(cells) == 1) <= n * n // 8:
            return [sorted(cells) for cells in members.values()]


def choose_ops(n: int, values: list[list[int]], rng, params: Params,
               style: Style) -> list[str]:
    """An operator per cage (given its solution digits), as Keen chooses them: the operators
    take turns (/, -, *, +), each taking a random cage it suits well, else one it suits at
    all. Two-cell cages whose clue leaves only one pair are poor (sums of 3, 4, 2n-1, 2n-2,
    and in some styles products with at most two factorings); a difference of n-1 and a
    quotient above n/2 are never used."""
    if params.multiplication_only:
        return ["=" if len(v) == 1 else "*" for v in values]
    good, poor = [], []
    for cage_values in values:
        if len(cage_values) != 2:
            good.append(set() if len(cage_values) == 1 else {"+", "*"})
            poor.append(set())
            continue
        low, high = sorted(cage_values)
        fit, weak = {"*"}, set()
        (fit if 4 < low + high < 2 * n - 2 else weak).add("+")
        factorings = sum(1 for k in range(1, n + 1)
                         if low * high % k == 0 and k != low * high // k <= n)
        if factorings <= 2 and style.poor_products:
            fit.discard("*")
            weak.add("*")
        if high - low < n - 1:
            fit.add("-")
        if high % low == 0 and 2 * (high // low) <= n:
            fit.add("/")
        good.append(fit)
        poor.append(weak)
    ops = ["="] * len(values)
    order = list(range(len(values)))
    rng.shuffle(order)
    pending = {k for k in order if len(values[k]) > 1}
    while pending:
        for op in "/-*+":
            pick = next((k for k in order if k in pending and op in good[k]), None)
            if pick is None:
                pick = next((k for k in order if k in pending and op in poor[k]), None)
            if pick is not None:
                ops[pick] = op
                pending.discard(pick)
    return ops


def clearest_ops(n: int, pieces: list[list[int]], values: list[list[int]], rng,
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


def attempt(params: Params, rng) -> list[tuple[tuple[int, ...], str, int]]:
    """One random puzzle in the style of its level: (cell indices, operator, target) per cage,
    in canonical order."""
    n = params.size
    style = STYLES[params.variant][DIFFICULTIES.index(params.difficulty)]
    grid = latin_square(n, rng)
    pieces = sorted(partition(n, grid, rng, style))
    values = [[grid[cell] for cell in cells] for cells in pieces]
    ops = (clearest_ops(n, pieces, values, rng, style.clarity) if params.hidden_operators
           else choose_ops(n, values, rng, params, style))
    return [(tuple(cells), op, target_of(op, digits))
            for cells, op, digits in zip(pieces, ops, values)]


def generate(params: Params, rng) -> str:
    """The description of a random puzzle with one solution, graded at params.difficulty."""
    return next(desc for desc in attempts(params, rng) if desc is not None)


def attempts(params: Params, rng):
    """generate() one attempt at a time, for a caller that must stay responsive: yields None
    after each rejected puzzle, then the description of the accepted one."""
    level = DIFFICULTIES.index(params.difficulty)
    n = params.size
    while True:
        cages = attempt(params, rng)
        layout = compile_cages(n, [(cells, possible_ops(params, op, len(cells)), target)
                                   for cells, op, target in cages])
        if graded(layout, level):
            yield encode_desc(n, [Cage(op, target, tuple(divmod(c, n) for c in cells))
                                        for cells, op, target in cages])
            return
        yield None


def graded(layout, level: int) -> bool:
    """Whether the puzzle is unique and grades at exactly level. Deduction alone settles the
    levels up to Hard (a puzzle it solves is unique); before the costly Extreme deductions the
    counting solver weeds out puzzles with several solutions; every accepted puzzle is
    confirmed unique by the counting solver."""
    board = Board(layout)
    reached = deduce(board, min(level, HARD))
    if level == EXTREME:
        if reached is not None or len(solve_layout(layout, 2)) != 1:
            return False
        reached = deduce(board, EXTREME)
    return reached == level and len(solve_layout(layout, 2)) == 1
