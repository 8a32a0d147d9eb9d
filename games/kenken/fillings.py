"""Calcoolation's solving aids, pure: the digit the grid highlights, and the cage helper's
fillings. docs/RULES.md says which counts as help: highlighting is none (it shows only what
is written); the cage helper is (it works out what the cage may still hold).

The cage helper lists the fillings of a cage that the player's own marks still allow: every
way of filling its cells that reaches its target (the solver's cage_fillings: no digit twice
in a row or column), with each cell's digit among those the player allows there. A cell
allows its digit when it holds one, else its pencilled candidates, else every digit not
already written in its row or column. It knows nothing the grid does not show: it never
looks at the solution.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.kenken import rules
from games.kenken.cages import Cage, clue_label, mask_digits, possible_ops
from games.kenken.solver import cage_fillings

Cell = tuple[int, int]
MOST_SHOWN = 12      # combinations listed; the rest are counted


def lit_cells(state: rules.State, digit: int) -> frozenset[Cell]:
    """The cells holding `digit` (none for 0)."""
    n = state.size
    return frozenset(divmod(i, n) for i, d in enumerate(state.digits) if digit and d == digit)


def cage_at(state: rules.State, cell: Cell) -> Cage:
    """The cage a cell belongs to."""
    return next(cage for cage in state.cages if cell in cage.cells)


def allowed(state: rules.State, cell: Cell) -> int:
    """The digits (a mask, bit d-1) the player's marks allow in a cell: its digit, else its
    candidates, else each digit not written in its row or column."""
    n = state.size
    row, col = cell
    digit, marks = state.digits[row * n + col], state.candidates[row * n + col]
    if digit:
        return 1 << (digit - 1)
    if marks:
        return marks
    used = 0
    for k in range(n):
        for d in (state.digits[row * n + k], state.digits[k * n + col]):
            if d:
                used |= 1 << (d - 1)
    return ((1 << n) - 1) & ~used


@dataclass(frozen=True)
class Helper:
    """What the cage helper shows for one cage."""
    clue: str                          # the clue as drawn ("12x"; hidden operators: "12")
    cells: int
    fillings: int                      # the fillings still allowed (each cell its digit)
    combinations: tuple[tuple[int, ...], ...]   # their digits, sorted, each set once
    every: int                         # the combinations there are in all
    held: tuple[tuple[Cell, tuple[int, ...]], ...]   # the digits each cell can still hold


@lru_cache(maxsize=64)
def helper(state: rules.State, cell: Cell) -> Helper:
    """The cage helper for the cage holding `cell`, as the player's marks stand."""
    n = state.size
    cage = cage_at(state, cell)
    r0, c0 = cage.cells[0]
    shape = tuple((r - r0, c - c0) for r, c in cage.cells)
    ops = possible_ops(state.params, cage.op, len(cage.cells))
    masks = [allowed(state, spot) for spot in cage.cells]
    wanted = 0
    for i, mask in enumerate(masks):
        wanted |= mask << (i * n)
    kept = [f for f in cage_fillings(n, shape, ops, cage.target) if (f & wanted) == f]
    full = (1 << n) - 1
    held = [0] * len(cage.cells)
    combinations = set()
    for f in kept:
        digits = []
        for i in range(len(cage.cells)):
            bits = f >> (i * n) & full
            held[i] |= bits
            digits.append(bits.bit_length())
        combinations.add(tuple(sorted(digits)))
    ordered = tuple(sorted(combinations))
    return Helper(clue_label(state.params, cage), len(cage.cells), len(kept),
                  ordered[:MOST_SHOWN], len(ordered),
                  tuple((spot, mask_digits(mask)) for spot, mask in zip(cage.cells, held)))
