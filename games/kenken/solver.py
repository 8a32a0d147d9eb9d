"""Exact Calcoolation solver: counts solutions up to a limit.

Candidates are bit masks per cell (bit d-1 = digit d). Each cage keeps the list of its
fillings still possible; a filling is one int with bit i*N + d-1 set when the cage's i-th cell
holds d, so "is this filling still possible?" is a single AND against the cage's candidates
packed the same way, and the OR of the live fillings gives every cell's remaining digits.
Propagation (cage fillings, naked and hidden singles) runs to a fixed point; search branches
on the cell with the fewest candidates.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from games.kenken.cages import Cage, Params, cage_holds, possible_ops


@lru_cache(maxsize=8192)
def cage_fillings(size: int, shape: tuple[tuple[int, int], ...], ops: tuple[str, ...],
                  target: int) -> tuple[int, ...]:
    """Every filling of a cage of this shape (cells relative to its first, in order) that
    reaches target with one of ops and repeats no digit within a row or column."""
    k = len(shape)
    clashes = [[j for j in range(i) if shape[j][0] == shape[i][0] or shape[j][1] == shape[i][1]]
               for i in range(k)]
    digits = [0] * k
    found = set()

    def extend(i: int, rest: int, mask: int, op: str) -> None:
        taken = 0
        for j in clashes[i]:
            taken |= 1 << digits[j]
        left = k - 1 - i
        # Only digits that can still reach the target: the last digit of a sum or product
        # is forced.
        if op in "+*=" and not left:
            options = (rest,)
        elif op == "+":
            options = range(max(1, rest - left * size), min(size, rest - left) + 1)
        elif op == "*":
            options = [d for d in range(1, size + 1) if rest % d == 0 and rest // d <= size ** left]
        else:
            options = range(1, size + 1)
        for d in options:
            if not 1 <= d <= size or taken >> d & 1:
                continue
            digits[i] = d
            placed = mask | 1 << (i * size + d - 1)
            if left:
                extend(i + 1, rest - d if op == "+" else rest // d if op == "*" else rest,
                       placed, op)
            elif cage_holds(op, target, digits):
                found.add(placed)

    for op in ops:
        extend(0, target, 0, op)
    return tuple(sorted(found))


@dataclass(frozen=True)
class Layout:
    """A puzzle compiled for solving: cells are row-major indices."""
    size: int
    cages: tuple[tuple[int, ...], ...]          # each cage's cells
    fillings: tuple[tuple[int, ...], ...]       # each cage's fillings (see the module doc)
    cage_of: tuple[int, ...]                    # the cage of each cell
    peers: tuple[tuple[int, ...], ...]          # the other cells of each cell's row and column
    lines: tuple[tuple[int, ...], ...]          # rows, then columns
    # For each cage, (line index, positions within the cage) where 2+ of its cells share a line.
    segments: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    full: int                                   # the mask of every digit


@lru_cache(maxsize=64)
def compile_puzzle(params: Params, cages: tuple[Cage, ...]) -> Layout:
    n = params.size
    return compile_cages(n, [
        (tuple(r * n + c for r, c in cage.cells), possible_ops(params, cage.op, len(cage.cells)),
         cage.target) for cage in cages])


@cache
def _geometry(n: int):
    """Rows then columns, and each cell's peers (the other cells of its row and column)."""
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    peers = tuple(tuple(p for p in rows[i // n] + cols[i % n] if p != i) for i in range(n * n))
    return tuple(rows + cols), peers


def compile_cages(n: int, cages) -> Layout:
    """cages: (cell indices in reading order, operators, target) triples."""
    lines, peers = _geometry(n)
    cage_of = [0] * (n * n)
    fillings, segments = [], []
    for index, (cells, ops, target) in enumerate(cages):
        r0, c0 = divmod(cells[0], n)
        fillings.append(cage_fillings(n, tuple((cell // n - r0, cell % n - c0) for cell in cells),
                                      ops, target))
        groups: dict[int, list[int]] = {}
        for i, cell in enumerate(cells):
            cage_of[cell] = index
            groups.setdefault(cell // n, []).append(i)
            groups.setdefault(n + cell % n, []).append(i)
        segments.append(tuple((line, tuple(positions))
                              for line, positions in sorted(groups.items()) if len(positions) > 1))
    return Layout(n, tuple(cells for cells, _, _ in cages), tuple(fillings), tuple(cage_of),
                  peers, lines, tuple(segments), (1 << n) - 1)


def propagate(layout: Layout, cand: list[int], live: list, changed) -> bool:
    """Narrow cand (cell masks) and live (each cage's possible fillings) in place to a fixed
    point after the cells in changed shrank; False on a contradiction."""
    n, full = layout.size, layout.full
    peers, cage_of, cages = layout.peers, layout.cage_of, layout.cages
    stack = list(changed)
    dirty = set()
    while True:
        while stack:
            cell = stack.pop()
            dirty.add(cage_of[cell])
            mask = cand[cell]
            if not mask & (mask - 1):                   # a single: no peer may share it
                for peer in peers[cell]:
                    if cand[peer] & mask:
                        left = cand[peer] & ~mask
                        if not left:
                            return False
                        cand[peer] = left
                        stack.append(peer)
        if dirty:
            k = dirty.pop()
            cells = cages[k]
            allowed, shift = 0, 0
            for cell in cells:
                allowed |= cand[cell] << shift
                shift += n
            outside = ~allowed
            kept = [f for f in live[k] if not f & outside]
            if not kept:
                return False
            live[k] = kept
            union = 0
            for f in kept:
                union |= f
            if union != allowed:
                shift = 0
                for cell in cells:
                    mask = union >> shift & full
                    if mask != cand[cell]:
                        cand[cell] = mask
                        stack.append(cell)
                    shift += n
            continue
        for line in layout.lines:                       # hidden singles
            once = twice = 0
            for cell in line:
                twice |= once & cand[cell]
                once |= cand[cell]
            if once != full:
                return False
            lonely = once & ~twice
            if lonely:
                for cell in line:
                    mask = cand[cell] & lonely
                    if mask and mask != cand[cell]:
                        if mask & (mask - 1):
                            return False                # two digits need the same cell
                        cand[cell] = mask
                        stack.append(cell)
        if not stack:
            return True


def search(layout: Layout, cand: list[int], live: list, limit: int,
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
        if propagate(layout, branch, branch_live, [best]):
            search(layout, branch, branch_live, limit, found)
            if len(found) >= limit:
                return


def solve_layout(layout: Layout, limit: int = 2) -> list[tuple[int, ...]]:
    cand = [layout.full] * (layout.size ** 2)
    live = [list(fillings) for fillings in layout.fillings]
    found: list[tuple[int, ...]] = []
    if propagate(layout, cand, live, range(len(cand))):
        search(layout, cand, live, limit, found)
    return found


def solutions(params: Params, cages: tuple[Cage, ...], limit: int = 2) -> list[tuple[int, ...]]:
    """Up to limit solutions, each the row-major digits."""
    return solve_layout(compile_puzzle(params, cages), limit)


@lru_cache(maxsize=32)
def unique_solution(params: Params, cages: tuple[Cage, ...]) -> tuple[int, ...] | None:
    found = solutions(params, cages, limit=2)
    return found[0] if len(found) == 1 else None
