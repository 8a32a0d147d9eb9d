"""Exact Calcoolation solver: counts solutions up to a limit, and computes the closures the
grader grades by.

Candidates are bit masks per cell (bit d-1 = digit d). Each cage keeps the list of its
fillings still possible; a filling is one int with bit i*N + d-1 set when the cage's i-th cell
holds d, so "is this filling still possible?" is a single AND against the cage's candidates
packed the same way, and the OR of the live fillings gives every cell's remaining digits.
close() narrows the candidates with the grader's deductions up to a level (Easy, Normal or
Hard) until none narrows them more; search branches on the cell with the fewest candidates
below the Normal closure. A LISTED (4x4) layout carries its solutions as it compiles: the
Latin squares of its order that fit every cage, one bit each.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from games.kenken.cages import HARD, MAX_CAGE, NORMAL, Cage, Params, possible_ops


@lru_cache(maxsize=8192)
def cage_fillings(size: int, shape: tuple[tuple[int, int], ...], ops: tuple[str, ...],
                  target: int) -> tuple[int, ...]:
    """Every filling of a cage of this shape (cells relative to its first, in order) that
    reaches target with one of ops and repeats no digit within a row or column."""
    tabled = size ** len(shape) <= TABLED_FILLINGS
    if tabled and len(ops) == 1 and ops[0] in "+*":     # the table's list as it stands
        return _by_value(size, shape)[ops[0] == "*"].get(target, ())
    clashes = _clashes(shape)
    found: set[int] = set()
    for op in ops:
        if op in "+*" and tabled:
            found.update(_by_value(size, shape)[op == "*"].get(target, ()))
        elif op in "+*":
            found.update(_reaching(size, clashes, op == "*", target))
        elif op == "=":
            if 1 <= target <= size:
                found.add(1 << (target - 1))
        elif target >= (op == "/"):     # a domino, each way round (a digit may repeat
            for low in range(1, size + 1):  # only off its line)
                high = low + target if op == "-" else low * target
                if high <= size and (high != low or not clashes[1]):
                    found.add(1 << (low - 1) | 1 << (size + high - 1))
                    found.add(1 << (high - 1) | 1 << (size + low - 1))
    return tuple(sorted(found))


TABLED_FILLINGS = 4096     # cages with at most this many digit choices have all their fillings
                           # listed at once, by sum and by product


def _clashes(shape: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
    """For each cell of a shape, the earlier cells in its row or column."""
    return [tuple(j for j in range(i) if shape[j][0] == row or shape[j][1] == col)
            for i, (row, col) in enumerate(shape)]


@lru_cache(maxsize=4096)
def _by_value(size: int, shape: tuple[tuple[int, int], ...]
              ) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """Every filling of a shape (repeating no digit within a row or column), by its sum and by
    its product (read only: shared by every caller)."""
    full = (1 << size) - 1
    free_digits = _free_digits(size)
    states: list[tuple[int, int, int]] = [(0, 1, 0)]     # sum, product, packed
    for i, clash in enumerate(_clashes(shape)):
        shift = i * size
        grown: list[tuple[int, int, int]] = []
        add = grown.append
        for total, product, packed in states:
            taken = 0
            for j in clash:
                taken |= packed >> (j * size)
            for d, bit in free_digits[~taken & full]:
                add((total + d, product * d, packed | bit << shift))
        states = grown
    sums: dict[int, list[int]] = {}
    products: dict[int, list[int]] = {}
    for total, product, packed in states:
        sums.setdefault(total, []).append(packed)
        products.setdefault(product, []).append(packed)
    return ({key: tuple(sorted(f)) for key, f in sums.items()},
            {key: tuple(sorted(f)) for key, f in products.items()})


@cache
def _free_digits(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each mask of digits (bit d-1 for d), its digits and their bits."""
    return tuple(tuple((d, 1 << (d - 1)) for d in range(1, size + 1) if mask >> (d - 1) & 1)
                 for mask in range(1 << size))


def _reaching(size: int, clashes: list[tuple[int, ...]], product: bool, target: int
              ) -> list[int]:
    """The fillings whose digits add up to (or multiply to) target, grown a cell at a time,
    depth first, with only digits from which the rest can still reach it; the cell before
    the last gives the last what is left. Only cages too big to table come here."""
    full, free_digits, last = (1 << size) - 1, _free_digits(size), len(clashes) - 1
    if not last:
        return [1 << (target - 1)] if 1 <= target <= size else []
    found: list[int] = []
    reach = [size ** left for left in range(last + 1)]      # the most a product can reach
    final_clash, final_shift = clashes[last], last * size

    def grow(i: int, rest: int, packed: int) -> None:
        taken = 0
        for j in clashes[i]:
            taken |= packed >> (j * size)
        free, shift, left = ~taken & full, i * size, last - i
        if not product:             # digits from which the rest can reach the sum
            low, high = max(1, rest - left * size), min(size, rest - left)
            free &= (1 << high) - (1 << (low - 1)) if low <= high else 0
        for d, bit in free_digits[free]:
            if product and (rest % d or rest // d > reach[left]):
                continue
            more, placed = rest // d if product else rest - d, packed | bit << shift
            if left > 1:
                grow(i + 1, more, placed)
                continue
            taken = 0               # the next cell is the last: it takes what is left
            for j in final_clash:
                taken |= placed >> (j * size)
            if 1 <= more <= size and not taken >> (more - 1) & 1:
                found.append(placed | 1 << (final_shift + more - 1))

    grow(0, target, 0)
    return found


Segments = tuple[tuple[int, tuple[int, ...]], ...]     # (line, positions in the cage)


class Layout(NamedTuple):     # a tuple: one is made for every attempt the generator grades
    """A puzzle compiled for solving: cells are row-major indices."""
    size: int
    cages: tuple[tuple[int, ...], ...]          # each cage's cells
    fillings: tuple[tuple[int, ...], ...]       # each cage's fillings (see the module doc)
    cage_of: tuple[int, ...]                    # the cage of each cell
    peers: tuple[tuple[int, ...], ...]          # the other cells of each cell's row and column
    lines: tuple[tuple[int, ...], ...]          # rows, then columns
    # For each cage, (line index, positions within the cage) where 2+ of its cells share a line.
    segments: tuple[Segments, ...]
    full: int                                   # the mask of every digit
    # Each cell's candidates once every cage's fillings have narrowed them (as Normal does),
    # and the digits its whole cage can hold (as Easy does).
    start: tuple[int, ...]
    start_easy: tuple[int, ...]
    # On a LISTED board, the Latin squares (a bit each, see _squares) that fit every cage:
    # its solutions. Else -1.
    squares: int = -1


@lru_cache(maxsize=64)
def compile_puzzle(params: Params, cages: tuple[Cage, ...]) -> Layout:
    n = params.size
    return compile_cages(n, [
        (tuple(r * n + c for r, c in cage.cells), possible_ops(params, cage.op, len(cage.cells)),
         cage.target) for cage in cages])


@cache
def _geometry(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Rows then columns, and each cell's peers (the other cells of its row and column)."""
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    peers = tuple(tuple(p for p in rows[i // n] + cols[i % n] if p != i) for i in range(n * n))
    return tuple(rows + cols), peers


@cache
def _line_bits(n: int) -> tuple[int, ...]:
    """Each cell's row and column as bits of a mask of lines (rows, then columns)."""
    return tuple(1 << cell // n | 1 << n + cell % n for cell in range(n * n))


@lru_cache(maxsize=1 << 15)
def compiled_cage(n: int, cells: tuple[int, ...], ops: tuple[str, ...], target: int
                  ) -> tuple[tuple[int, ...], Segments, tuple[int, ...], int]:
    """A cage's fillings, its segments (see Layout), the digits its fillings allow in each of
    its cells, and in the whole cage: those of its shape (wherever it stands), placed."""
    r0, c0 = divmod(cells[0], n)
    fillings, lines, allowed, every = shaped_cage(
        n, tuple((cell // n - r0, cell % n - c0) for cell in cells), ops, target)
    segments = tuple((n + c0 + line - 2 * MAX_CAGE if line >= MAX_CAGE else r0 + line,
                      positions)
                     for line, positions in lines)
    return fillings, segments, allowed, every


@lru_cache(maxsize=1 << 14)
def fitting_squares(n: int, cells: tuple[int, ...], ops: tuple[str, ...], target: int) -> int:
    """The Latin squares of a LISTED order (a bit each, see _squares) that fit a cage."""
    having, squares = _squares(n), 0
    for f in compiled_cage(n, cells, ops, target)[0]:
        fitting = -1
        for cell in cells:
            fitting &= having[cell][(f & (1 << n) - 1).bit_length() - 1]
            f >>= n
        squares |= fitting
    return squares


LISTED = 4      # the order whose Latin squares (576) are listed: a board's solutions counted


@cache
def _squares(n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell and digit (less one), the Latin squares of order n with the digit there,
    as bits of a mask (one bit per square, in the order found)."""
    having = [[0] * n for _ in range(n * n)]
    count = 0
    rows = [(row, sum(1 << c * n + d for c, d in enumerate(row)))     # (digits, column digits)
            for row in itertools.permutations(range(n))]

    def extend(grid: list[tuple[int, ...]], used: int) -> None:
        nonlocal count
        if len(grid) == n:
            for cell, d in enumerate(itertools.chain(*grid)):
                having[cell][d] |= 1 << count
            count += 1
            return
        for row, taken in rows:
            if not taken & used:
                extend(grid + [row], used | taken)

    extend([], 0)
    return tuple(tuple(digits) for digits in having)


@lru_cache(maxsize=1 << 14)
def shaped_cage(n: int, shape: tuple[tuple[int, int], ...], ops: tuple[str, ...], target: int
                 ) -> tuple[tuple[int, ...], Segments, tuple[int, ...], int]:
    """compiled_cage of a shape (cells relative to the first), with each segment's line
    relative too: a row as its offset from the first cell's, a column as 2 * MAX_CAGE plus
    its offset (so rows come first, as in a grid's lines)."""
    fillings = cage_fillings(n, shape, ops, target)
    groups: dict[int, list[int]] = {}
    for i, (row, col) in enumerate(shape):
        groups.setdefault(row, []).append(i)
        groups.setdefault(2 * MAX_CAGE + col, []).append(i)
    segments = tuple((line, tuple(positions)) for line, positions in sorted(groups.items())
                     if len(positions) > 1)
    union = every = 0
    for f in fillings:
        union |= f
    allowed = []
    for i in range(len(shape)):
        allowed.append(union >> (i * n) & (1 << n) - 1)
        every |= allowed[-1]
    return fillings, segments, tuple(allowed), every


def compile_cages(n: int, cages: Iterable[tuple[tuple[int, ...], tuple[str, ...], int]],
                  count: bool = True) -> Layout:
    """cages: (cell indices in reading order, operators, target) triples. count: on a LISTED
    board, count the solutions too (Layout.squares), which pays where most puzzles are
    turned away (a generator's Easy and Normal attempts are cheaper without)."""
    lines, peers = _geometry(n)
    cage_of = [0] * (n * n)
    start, start_easy = [0] * (n * n), [0] * (n * n)
    cells_of, fillings, segments = [], [], []
    squares = -1
    for index, (cells, ops, target) in enumerate(cages):
        cage, segs, allowed, every = compiled_cage(n, cells, ops, target)
        if count and n == LISTED:
            squares &= fitting_squares(n, cells, ops, target)
        fillings.append(cage)
        segments.append(segs)
        cells_of.append(cells)
        for cell, mask in zip(cells, allowed):
            cage_of[cell] = index
            start[cell] = mask
            start_easy[cell] = every
    return Layout(n, tuple(cells_of), tuple(fillings), tuple(cage_of), peers, lines,
                  tuple(segments), (1 << n) - 1, tuple(start), tuple(start_easy), squares)


def close(layout: Layout, cand: list[int], live: list[Sequence[int]], level: int = NORMAL,
          changed: Iterable[int] | None = None, fitted: bool = False,
          stepped: bool = False) -> bool:
    """Narrow cand (cell masks) and live (each cage's possible fillings) in place to the
    closure of the grader's deductions up to level (Easy, Normal or Hard), after the cells in
    changed shrank (every cell when None); False on a contradiction. fitted: every cage's
    live fillings already fit cand (as they do layout.start), so none needs filtering yet.
    stepped: cand is already the closure of the level below (every single crossed off, no
    hidden single left), so only what this level adds is looked for at first.

    Each deduction only removes candidates, and one that holds still holds (or is already
    made) once others have removed more, so the closure is the same whatever order they are
    made in: a puzzle grades at the first level whose closure solves it. The cheap deductions
    run first (singles, then cage fillings, then hidden singles, on the lines changed since
    they last looked); Hard ones only when those are stuck, on the cages and lines that
    changed since Hard last looked."""
    n, full = layout.size, layout.full
    peers, cage_of, cages, lines = layout.peers, layout.cage_of, layout.cages, layout.lines
    line_bits = _line_bits(n)
    per_cell = level >= NORMAL
    if changed is None:
        changed = range(n * n)
        changed_lines = (1 << 2 * n) - 1
    else:
        changed_lines = 0
        for cell in changed:
            changed_lines |= line_bits[cell]
    if not all(cand):
        return False
    singles: list[int] = []
    stale = 0                                           # lines to look at for hidden singles
    if not stepped:
        singles = [cell for cell in changed if not cand[cell] & (cand[cell] - 1)]
        stale = changed_lines
    dirty = set() if fitted else {cage_of[cell] for cell in changed}    # cages to filter
    # What changed since Hard last looked: every narrowed cell's cage is filtered and its
    # lines swept for hidden singles before Hard looks, so those are where to note it.
    hard = level >= HARD
    hard_cages = {cage_of[cell] for cell in changed} if hard else set()
    hard_lines = changed_lines
    pending_lines: set[int] = set()
    synced: set[int] = set()        # cages whose cells this call narrowed to their fillings
    done = [0] * (2 * n)            # each line's digits whose single has been crossed off
    while True:
        while singles:                                  # a single: no peer may share it
            cell = singles.pop()
            mask = cand[cell]
            done[cell // n] |= mask
            done[n + cell % n] |= mask
            for peer in peers[cell]:
                left = cand[peer]
                if left & mask:
                    left ^= mask
                    if not left:
                        return False
                    cand[peer] = left
                    dirty.add(cage_of[peer])
                    stale |= line_bits[peer]
                    if not left & (left - 1):
                        singles.append(peer)
        if dirty:
            k = dirty.pop()
            if hard:
                hard_cages.add(k)
            cells = cages[k]
            if len(cells) == 2:             # (most cages: no loop)
                allowed = cand[cells[0]] | cand[cells[1]] << n
            else:
                allowed, shift = 0, 0
                for cell in cells:
                    allowed |= cand[cell] << shift
                    shift += n
            outside = ~allowed
            fillings = live[k]
            kept = [f for f in fillings if not f & outside]
            if len(kept) == len(fillings) and k in synced:
                continue            # its cells already hold just what its fillings allow
            if not kept:
                return False
            live[k] = kept
            synced.add(k)
            union = 0
            for f in kept:
                union |= f
            if union != allowed:
                if not per_cell:            # Easy: only digits the whole cage cannot hold
                    every, rest = 0, union
                    while rest:
                        every |= rest & full
                        rest >>= n
                    union = 0
                    for _ in cells:
                        union = union << n | every
                    union &= allowed
                shift = 0
                for cell in cells:          # (the cage's own fillings still all fit)
                    mask = union >> shift & full
                    if mask != cand[cell]:
                        cand[cell] = mask
                        stale |= line_bits[cell]
                        if not mask & (mask - 1):
                            singles.append(cell)
                    shift += n
            continue
        sweep, stale = stale, 0
        hard_lines |= sweep
        while sweep:                                    # hidden singles
            line_bit = sweep & -sweep
            sweep ^= line_bit
            index = line_bit.bit_length() - 1
            line = lines[index]
            once = twice = 0
            for cell in line:
                mask = cand[cell]
                twice |= once & mask
                once |= mask
            if once != full:
                return False
            lonely = once & ~twice & ~done[index]
            if lonely:
                for cell in line:
                    mask = cand[cell] & lonely
                    if mask & (mask - 1):
                        return False                    # two digits need the same cell
                    if mask and mask != cand[cell]:
                        cand[cell] = mask
                        dirty.add(cage_of[cell])
                        stale |= line_bits[cell]
                        singles.append(cell)
        if singles or dirty:
            continue
        if not hard or not (hard_cages or hard_lines or pending_lines):
            return True
        for mask in cand:
            if mask & (mask - 1):
                break
        else:
            return True                                 # solved: nothing left to deduce
        while hard_lines:
            line_bit = hard_lines & -hard_lines
            hard_lines ^= line_bit
            pending_lines.add(line_bit.bit_length() - 1)
        narrowed = hard_step(layout, cand, live, hard_cages, pending_lines)
        if narrowed is None:
            return False
        if not narrowed:
            return True
        for cell in narrowed:
            dirty.add(cage_of[cell])
            stale |= line_bits[cell]
            if not cand[cell] & (cand[cell] - 1):
                singles.append(cell)


def hard_step(layout: Layout, cand: list[int], live: list[Sequence[int]], cages: set[int],
              lines: set[int]) -> list[int] | None:
    """The Hard deductions (cage lines, naked and hidden subsets), on the pending cages (taken
    off their set) until one narrows a cell, else on the pending lines (taken off theirs) one
    at a time until one does: the cells narrowed (none: nothing left to find), or None on a
    contradiction. A line's subsets are looked for only where every single has been crossed
    off its lines (a hidden subset counts a digit's places among the unsolved cells)."""
    n, cage_of = layout.size, layout.cage_of
    narrowed: list[int] = []

    def keep_only(cell: int, digits: int) -> bool:
        """Narrow cell to digits (noting it when that removes any): False when none is left."""
        left = cand[cell] & digits
        if left != cand[cell]:
            cand[cell] = left
            narrowed.append(cell)
        return bool(left)

    while cages:
        k = cages.pop()
        fills = live[k]
        if len(fills) < 2:          # solved: its singles are crossed off already
            continue
        for index, positions in layout.segments[k]:        # cage lines
            line = layout.lines[index]
            others = 0              # only digits the line's other cells hold can go
            for cell in line:
                if cage_of[cell] != k:
                    others |= cand[cell]
            must = line_must(fills, positions, n, others)
            if must:
                for cell in line:
                    if cage_of[cell] != k and not keep_only(cell, ~must):
                        return None
        if narrowed:
            return narrowed
    while lines:
        free = [cell for cell in layout.lines[lines.pop()] if cand[cell] & (cand[cell] - 1)]
        if len(free) < 4:       # a pair needs two other cells to take anything from
            continue
        half = len(free) // 2   # a set of k, and the other cells' set of len(free) - k
        masks = [cand[cell] for cell in free]
        for chosen, union in subsets_of(masks, half):     # k cells, k digits
            for i, cell in enumerate(free):
                if not chosen >> i & 1 and not keep_only(cell, ~union):
                    return None
        digits, places = [], []     # each digit of the free cells, and its places
        for d, spots in enumerate(_transposed(masks, n)):
            if spots:
                digits.append(1 << d)
                places.append(spots)
        for chosen, spots in subsets_of(places, half):      # k digits, k cells
            keep = sum(bit for j, bit in enumerate(digits) if chosen >> j & 1)
            for i, cell in enumerate(free):
                if spots >> i & 1 and not keep_only(cell, keep):
                    return None
        if narrowed:
            return narrowed
    return narrowed


def subsets_of(rows: list[int], largest: int) -> list[tuple[int, int]]:
    """The naked sets of a 0/1 matrix given as row masks, smallest first, then in the order of
    the rows: (rows, columns) as masks, where k rows (2 <= k <= largest) reach only k
    columns."""
    found = []
    few = [i for i, row in enumerate(rows) if row.bit_count() <= largest]
    # Sets of 1, 2, ... rows reaching at most largest columns, each as (its last row's
    # place in few, the rows chosen, their union).
    level = [(x, 1 << i, rows[i]) for x, i in enumerate(few)]
    size = 1
    while level and size < largest:
        size += 1
        grown = []
        for last, chosen, union in level:
            for y in range(last + 1, len(few)):
                joined = union | rows[few[y]]
                reach = joined.bit_count()
                if reach <= largest:
                    if reach == size:
                        found.append((chosen | 1 << few[y], joined))
                    grown.append((y, chosen | 1 << few[y], joined))
        level = grown
    return found


def _transposed(rows: list[int], width: int) -> list[int]:
    """A 0/1 matrix's columns (width of them) as masks of its rows (at most 16)."""
    spread = lanes(width)
    packed = 0
    for i, row in enumerate(rows):
        packed |= spread[row] << i
    return [packed >> 16 * j & 0xFFFF for j in range(width)]


@cache
def lanes(width: int) -> tuple[int, ...]:
    """Each mask of width bits with bit j moved to bit 16 * j."""
    return tuple(sum(1 << 16 * j for j in range(width) if mask >> j & 1)
                 for mask in range(1 << width))


def search(layout: Layout, cand: list[int], live: list[Sequence[int]], limit: int,
           found: list[tuple[int, ...]]) -> None:
    """Append up to limit solutions (row-major digits) below this propagated position."""
    best, fewest = -1, 99
    for cell, mask in enumerate(cand):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < fewest:
                best, fewest = cell, count
                if count == 2:
                    break
    if best < 0:
        found.append(tuple(mask.bit_length() for mask in cand))
        return
    options = cand[best]
    while options:
        bit = options & -options
        options ^= bit
        branch, branch_live = cand.copy(), live.copy()
        branch[best] = bit
        if close(layout, branch, branch_live, NORMAL, [best]):
            search(layout, branch, branch_live, limit, found)
            if len(found) >= limit:
                return


def solve_layout(layout: Layout, limit: int = 2) -> list[tuple[int, ...]]:
    cand = list(layout.start)
    live: list[Sequence[int]] = list(layout.fillings)     # each replaced, never changed
    found: list[tuple[int, ...]] = []
    if close(layout, cand, live, fitted=True):
        search(layout, cand, live, limit, found)
    return found


def solutions(params: Params, cages: tuple[Cage, ...], limit: int = 2) -> list[tuple[int, ...]]:
    """Up to limit solutions, each the row-major digits."""
    return solve_layout(compile_puzzle(params, cages), limit)


@lru_cache(maxsize=32)
def unique_solution(params: Params, cages: tuple[Cage, ...]) -> tuple[int, ...] | None:
    found = solutions(params, cages, limit=2)
    return found[0] if len(found) == 1 else None


def line_must(fills: Iterable[int], positions: Sequence[int], n: int, digits: int) -> int:
    """The digits (of those asked about) every one of a cage's live fillings puts in the cells
    it has on one line (at `positions` of the filling): that line's other cells cannot hold
    them."""
    must = digits
    for f in fills:
        seen = 0
        for i in positions:
            seen |= f >> (i * n)
        must &= seen
        if not must:
            break
    return must
