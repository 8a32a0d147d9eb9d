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
    Do(verb)         a verb: the frame's (an Act) or a command of the game's table
    None             the action means nothing here

The frame carries the answer out (games/core/screens/frame.py) and tells the game's board how
it went; the function is tested without pygame. No pygame, no I/O.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.core.kit.actions import ALTERNATE, FRAME_KEYS, Act, Binding, Command, FrameKey

T = TypeVar("T")
UI = TypeVar("UI")


@dataclass(frozen=True)
class Drop:
    """On a board of points (Mu Torere, Kono), the mouse let go of the piece it picked up at
    `item`: over `point` (None: off the board), after dragging it (`moved`) or after a click;
    `was_selected`: the piece was already picked up before this press."""
    item: int
    point: int | None
    moved: bool
    was_selected: bool = False


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


@dataclass(frozen=True)
class Do:
    """Not a move but a verb: one of the frame's (an Act: New game, Hint...) or a command of
    the game's table (Solve, Fill candidates), as a panel's button or a key says it."""
    verb: Act | Command


Answer = Play[Any] | Look[Any] | Refuse | Do | None


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


def controls_rows(alternate: str | None, commands: Sequence[Binding],
                  alternate_button: str | None = None) -> list[FrameKey]:
    """Every key of a game, by device, from the one table: the frame's keys, the game's
    alternate action (its data's alternate; None: X means nothing in this game) and its commands
    (commands; alternate_button names the alternate's toolbar button, if any). The
    rules screen's Controls section shows these rows; the toolbar is made from the same
    commands, so the two cannot disagree."""
    rows = list(FRAME_KEYS[:1])
    if alternate:
        mouse = ALTERNATE.mouse + (f" or the {alternate_button} (X) button"
                                   if alternate_button else "")
        rows.append(FrameKey(alternate[:1].upper() + alternate[1:], mouse,
                             ALTERNATE.keyboard, ALTERNATE.pad))
    rows += FRAME_KEYS[1:]
    for binding in commands:
        reached = f"the {binding.label} button" if binding.toolbar else binding.where
        rows.append(FrameKey(binding.words, reached, binding.letter.upper(), reached))
    return rows


def controls_lines(alternate: str | None, commands: Sequence[Binding],
                   alternate_button: str | None = None) -> list[str]:
    """The Controls section's lines: one per verb, its keyboard key, gamepad button and
    mouse way ("Undo: U or Ctrl+Z; gamepad LB; mouse: the Undo button"), and what X means
    when the game has no alternate action."""
    lines = []
    for row in controls_rows(alternate, commands, alternate_button):
        ways = [row.keyboard] if row.keyboard else []
        if row.pad and row.pad == row.mouse:
            ways.append(f"gamepad and mouse: {row.mouse}")
        else:
            ways += [f"gamepad {row.pad}"] if row.pad else []
            ways += [f"mouse: {row.mouse}"] if row.mouse else []
        lines.append(f"{row.verb}: {'; '.join(ways)}.")
    if not alternate:
        lines.append("X, Shift+Enter, the right button and gamepad X: no alternate action in "
                     "this game.")
    return lines
