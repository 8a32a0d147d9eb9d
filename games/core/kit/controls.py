"""The shape of a game's input interpretation, and the input ideas every game shares.

A game's controls are one pure function, in the spirit of Tatham's interpret_move:

    interpret(state, ui, action, target) -> Play | Look | Refuse | None

`ui` is the game's own UI state (a frozen dataclass: cursor, selection, held piece, modes),
`action` an Action (games/core/kit/actions.py) and `target` the board thing under the pointer
for pointer actions (a cell, a point, a heap...), found by the game's view from the pixel
position; None for keyboard and pad actions. The answer says what happens:

    Play(move, ui)   a move for the Session, and the UI state after it
    Look(ui)         a UI-only change (the cursor moved, a piece was picked up)
    Refuse(reason)   the player tried something the rules or the moment refuse: said, with a
                     buzz, and nothing changes
    None             the action means nothing here

The scene applies the answer; the function is tested without pygame. No pygame, no I/O.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
UI = TypeVar("UI")


@dataclass(frozen=True)
class Play(Generic[UI]):
    move: Any
    ui: UI


@dataclass(frozen=True)
class Look(Generic[UI]):
    ui: UI


@dataclass(frozen=True)
class Refuse:
    reason: str


Answer = Play[Any] | Look[Any] | Refuse | None


def step_grid(cursor: tuple[int, int], dx: int, dy: int, rows: int,
              cols: int) -> tuple[int, int]:
    """A (row, col) cursor moved by (dx, dy), held at the grid's edges."""
    row, col = cursor
    return max(0, min(rows - 1, row + dy)), max(0, min(cols - 1, col + dx))


def cycle(order: Sequence[T], current: T | None, step: int) -> T | None:
    """The next (step 1) or previous (step -1) item of `order` after `current`, wrapping
    round; the first (or last) when `current` is not in it; None when `order` is empty.
    Tab and the triggers walk the useful places of a board this way."""
    if not order:
        return None
    if current not in order:
        return order[0] if step > 0 else order[-1]
    return order[(order.index(current) + step) % len(order)]


def nearest(centres: Sequence[tuple[int, int]], start: int, dx: int, dy: int) -> int:
    """The index of the centre nearest to centres[start] in direction (dx, dy), or start when
    none lies that way; a step across the direction costs twice a step along it. Arrows and
    the d-pad move a focus between buttons this way."""
    x0, y0 = centres[start]
    best, best_cost = start, None
    for index, (x, y) in enumerate(centres):
        along = (x - x0) * dx + (y - y0) * dy
        if index == start or along <= 0:
            continue
        cost = along + 2 * (abs((x - x0) * dy) + abs((y - y0) * dx))
        if best_cost is None or cost < best_cost:
            best, best_cost = index, cost
    return best
