"""Exact Calcoolation solver: counts solutions up to a limit, and computes the closures the
grader grades by.

Candidates are bit masks per cell (bit d-1 = digit d). Each cage keeps the list of its
fillings still possible; a filling is one int with bit i*N + d-1 set when the cage's i-th cell
holds d, so "is this filling still possible?" is a single AND against the cage's candidates
packed the same way, and the OR of the live fillings gives every cell's remaining digits.
close() narrows the candidates with the grader's deductions up to a level (Easy, Normal or
Hard) until none narrows them more; search branches on the cell with the fewest candidates
below the Normal closure.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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
    depth first, with only digits from which the rest of the cage can still reach it; the
    last cell's digit is what is left (only big cages come here: see TABLED_FILLINGS)."""
    last = len(clashes) - 1
    if not last:
        return [1 << (target - 1)] if 1 <= target <= size else []
    found: list[int] = []
    add = found.append
    digits = [0] * (last + 1)
    reach = [size ** left for left in range(last + 1)]      # the most a product can reach
    final_clash, final_shift = clashes[last], last * size - 1

    def grow(i: int, rest: int, packed: int) -> None:
        taken = 0
        for j in clashes[i]:
            taken |= 1 << digits[j]
        shift, left = i * size - 1, last - i
        options: Iterable[int]
        if product:
            options = [d for d in range(1, size + 1) if rest % d == 0 and rest // d <= reach[left]]
        else:
            options = range(max(1, rest - left * size), min(size, rest - left) + 1)
        if left > 1:
            for d in options:
                if not taken >> d & 1:
                    digits[i] = d
                    grow(i + 1, rest // d if product else rest - d, packed | 1 << (shift + d))
            return
        for d in options:                   # the next cell is the last
            if taken >> d & 1:
                continue
            final = rest // d if product else rest - d
            if not 1 <= final <= size:
                continue
            digits[i] = d
            for j in final_clash:
                if digits[j] == final:
                    break
            else:
                add(packed | 1 << (shift + d) | 1 << (final_shift + final))

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


def compile_cages(n: int, cages: Iterable[tuple[tuple[int, ...], tuple[str, ...], int]]
                  ) -> Layout:
    """cages: (cell indices in reading order, operators, target) triples."""
    lines, peers = _geometry(n)
    cage_of = [0] * (n * n)
    start, start_easy = [0] * (n * n), [0] * (n * n)
    cells_of, fillings, segments = [], [], []
    for index, (cells, ops, target) in enumerate(cages):
        cage, segs, allowed, every = compiled_cage(n, cells, ops, target)
        fillings.append(cage)
        segments.append(segs)
        cells_of.append(cells)
        for cell, mask in zip(cells, allowed):
            cage_of[cell] = index
            start[cell] = mask
            start_easy[cell] = every
    return Layout(n, tuple(cells_of), tuple(fillings), tuple(cage_of), peers, lines,
                  tuple(segments), (1 << n) - 1, tuple(start), tuple(start_easy))


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
    every_line = changed is None
    changed = range(n * n) if changed is None else changed
    if not all(cand):
        return False
    singles: list[int] = []
    stale = 0                                           # lines to look at for hidden singles
    if not stepped:
        singles = [cell for cell in changed if not cand[cell] & (cand[cell] - 1)]
        if every_line:
            stale = (1 << 2 * n) - 1
        else:
            for cell in changed:
                stale |= line_bits[cell]
    dirty = set() if fitted else {cage_of[cell] for cell in changed}    # cages to filter
    touched = set(changed) if level >= HARD else None   # changed since Hard last looked
    pending_cages: set[int] = set()
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
                    if touched is not None:
                        touched.add(peer)
        if dirty:
            k = dirty.pop()
            cells = cages[k]
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
                        if touched is not None:
                            touched.add(cell)
                    shift += n
            continue
        sweep, stale = stale, 0
        while sweep:                                    # hidden singles
            line_bit = sweep & -sweep
            sweep ^= line_bit
            line = lines[line_bit.bit_length() - 1]
            once = twice = 0
            for cell in line:
                twice |= once & cand[cell]
                once |= cand[cell]
            if once != full:
                return False
            lonely = once & ~twice & ~done[line_bit.bit_length() - 1]
            if lonely:
                for cell in line:
                    mask = cand[cell] & lonely
                    if mask and mask != cand[cell]:
                        if mask & (mask - 1):
                            return False                # two digits need the same cell
                        cand[cell] = mask
                        dirty.add(cage_of[cell])
                        stale |= line_bits[cell]
                        singles.append(cell)
                        if touched is not None:
                            touched.add(cell)
        if singles or dirty or not touched:
            if singles or dirty:
                continue
            return True
        for mask in cand:
            if mask & (mask - 1):
                break
        else:
            return True                                 # solved: nothing left to deduce
        pending_cages.update(cage_of[cell] for cell in touched)
        pending_lines.update(cell // n for cell in touched)
        pending_lines.update(n + cell % n for cell in touched)
        touched.clear()
        while pending_cages or pending_lines:
            narrowed = hard_step(layout, cand, live, pending_cages, pending_lines)
            if narrowed is None:
                return False
            if narrowed:
                touched.update(narrowed)
                for cell in narrowed:
                    dirty.add(cage_of[cell])
                    stale |= line_bits[cell]
                    if not cand[cell] & (cand[cell] - 1):
                        singles.append(cell)
                break
        if not (singles or dirty):
            return True


def hard_step(layout: Layout, cand: list[int], live: list[Sequence[int]], cages: set[int],
              lines: set[int]) -> list[int] | None:
    """The Hard deductions (cage lines, naked and hidden subsets) on one of the pending cages
    or lines, taken off its set: the cells narrowed, or None on a contradiction. One at a
    time, as each reads a position where every single has been crossed off its lines."""
    n = layout.size
    narrowed = []

    def remove(cell: int, digits: int) -> bool:
        left = cand[cell] & ~digits
        if left != cand[cell]:
            cand[cell] = left
            narrowed.append(cell)
        return bool(left)

    if cages:
        k = cages.pop()
        cells = layout.cages[k]
        for index, positions in layout.segments[k]:        # cage lines
            must = line_must(live[k], positions, n, layout.full)
            if must:
                for cell in layout.lines[index]:
                    if cell not in cells and not remove(cell, must):
                        return None
        return narrowed
    free = [cell for cell in layout.lines[lines.pop()] if cand[cell] & (cand[cell] - 1)]
    if len(free) < 4:           # a pair needs two other cells to take anything from
        return narrowed
    half = len(free) // 2       # a set of k, and the other cells' set of len(free) - k
    masks = [cand[cell] for cell in free]
    # Only cells with at most half the digits can be in a naked set, and only digits with at
    # most half the places in a hidden one.
    few = [i for i, mask in enumerate(masks) if mask.bit_count() <= half]
    for chosen, union in naked_sets([masks[i] for i in few], half):    # k cells, k digits
        inside = {free[few[i]] for i in chosen}
        for cell in free:
            if cell not in inside and not remove(cell, union):
                return None
    spots_of = [0] * n          # each digit's places among the free cells
    for i, mask in enumerate(masks):
        while mask:
            bit = mask & -mask
            mask ^= bit
            spots_of[bit.bit_length() - 1] |= 1 << i
    digits, places = [], []
    for d, spots in enumerate(spots_of):
        if spots and spots.bit_count() <= half:
            digits.append(1 << d)
            places.append(spots)
    for chosen, spots in naked_sets(places, half):       # k digits fitting only k cells
        keep = sum(digits[i] for i in chosen)
        for i, cell in enumerate(free):
            if spots >> i & 1 and not remove(cell, ~keep):
                return None
    return narrowed


def naked_sets(rows: list[int], largest: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Naked sets in a 0/1 matrix given as row masks: yields (row indices, union) where k rows
    (2 <= k <= largest) reach only k columns."""
    count = len(rows)

    def grow(start: int, chosen: list[int], union: int, size: int
             ) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == size:
            if union.bit_count() == size:
                yield tuple(chosen), union
            return
        for i in range(start, count):
            joined = union | rows[i]
            if joined.bit_count() <= size:
                yield from grow(i + 1, chosen + [i], joined, size)

    for size in range(2, min(count, largest) + 1):
        yield from grow(0, [], 0, size)


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


def line_must(fills: Iterable[int], positions: Sequence[int], n: int, full: int) -> int:
    """The digits every one of a cage's live fillings puts in the cells it has on one line
    (at `positions` of the filling): that line's other cells cannot hold them."""
    must = full
    for f in fills:
        seen = 0
        for i in positions:
            seen |= f >> (i * n)
        must &= seen
        if not must:
            break
    return must


# ---------------------------------------------------------------------------------------------
# The Extreme deductions' finders (the grader words and grades by them)

def closed_sets(rows: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Naked sets in a 0/1 matrix given as row masks: yields (row indices, union) where k rows
    (2 <= k <= len(rows) // 2) reach only k columns that some other row also reaches."""
    for chosen, union in naked_sets(rows, len(rows) // 2):
        if any(rows[i] & union for i in range(len(rows)) if i not in chosen):
            yield chosen, union


Fish = tuple[int, bool, list[int], list[int], tuple[tuple[int, int], ...]]


def fish_finds(n: int, cand: list[int], placed: Sequence[bool]) -> Iterator[Fish]:
    """Fish, digit by digit, rows then columns: k lines (not holding the digit placed) where
    it fits only in k crossing lines keep it out of those crossing lines' other cells. Yields
    (digit, by rows, the k lines, the crossing lines, (cell, digit's bit) removals) for each
    that removes something, reading cand afresh after each (the caller applies it)."""
    lines = _geometry(n)[0]
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        for by_rows in (True, False):
            found, masks = [], []
            for a, cells in enumerate(lines[:n] if by_rows else lines[n:]):
                mask = 0
                for b, cell in enumerate(cells):
                    if cand[cell] & bit:
                        if cand[cell] == bit and placed[cell]:
                            break
                        mask |= 1 << b
                else:
                    found.append(a)
                    masks.append(mask)
            if len(found) < 4:
                continue
            for chosen, across in closed_sets(masks):
                chosen_lines = [found[i] for i in chosen]
                crossing = [b for b in range(n) if across >> b & 1]
                removals = tuple(
                    (cell, bit) for a in found if a not in chosen_lines for b in crossing
                    for cell in [a * n + b if by_rows else b * n + a] if cand[cell] & bit)
                if removals:
                    yield digit, by_rows, chosen_lines, crossing, removals


def forcing_chain(layout: Layout, cand: list[int], placed: Sequence[bool]
                  ) -> tuple[list[int], list[int], int, int] | None:
    """The first forcing chain of two-candidate cells (as in Keen): if the start cell is not
    a, it is its other digit, which forces each linked two-candidate cell in turn; wherever
    that forces some cell to a, a cell seeing both that cell and the start cannot be a. As
    (the chain's cells, the digit bit each is forced to, a's bit, the cell that loses a)."""
    n, peers = layout.size, layout.peers
    for start in range(n * n):
        both = cand[start]
        if placed[start] or both.bit_count() != 2:
            continue
        row, col = divmod(start, n)
        for a_bit in (both & -both, both & (both - 1)):
            value = {start: both & ~a_bit}
            came_from = {start: -1}
            queue = [start]
            for cell in queue:
                bit = value[cell]
                for peer in peers[cell]:
                    if peer in value or not cand[peer] & bit:
                        continue
                    if bit == a_bit and (peer // n == row or peer % n == col):
                        path = [cell]
                        while came_from[path[-1]] >= 0:
                            path.append(came_from[path[-1]])
                        path.reverse()
                        return path, [value[c] for c in path], a_bit, peer
                    if cand[peer].bit_count() == 2:
                        value[peer] = cand[peer] & ~bit
                        came_from[peer] = cell
                        queue.append(peer)
    return None
