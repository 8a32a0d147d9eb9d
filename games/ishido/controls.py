"""Ishido's input, pure (games/core/kit/controls.py): the UI state and what each action means.

Mouse: press on the next stone's slot to pick the stone up and drag it, let go over a square
to place it there; or click a square (press and release on it). The right button turns the
assist on or off. Keyboard and gamepad: the arrows or d-pad move the cursor, Enter or A picks
the stone up and puts it down, Tab or the triggers jump to the next open square; X (the
alternate action) turns the assist on or off. Esc or B puts a held stone back (the board's
cancel).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Look, Play, Refuse, cycle, step_grid
from games.core.kit.rules_api import IllegalMove
from games.ishido import rules
from games.ishido.rules import COLS, EMPTY, NEIGHBOURS, ROWS, SQUARES, Move, State

Square = tuple[int, int]        # (row, col)


class Spot(Enum):
    """A place under the pointer that is not a square of the board."""
    HAND = "hand"               # the next stone's slot


Target = Square | Spot | None


@dataclass(frozen=True)
class Ui:
    cursor: Square                  # the keyboard and gamepad cursor
    held: bool = False              # the stone picked up with the keyboard or the pad
    dragging: bool = False          # the stone in the mouse's hand (the board's Hand follows it)
    pressed: Square | None = None   # the square a mouse press went down on: a click there places
    hover: Square | None = None     # the square under the mouse
    assist: bool = False            # every square where the stone may go is marked


Answer = Play[Ui] | Look[Ui] | Refuse | None


def home() -> Square:
    """Where the keyboard cursor starts: beside the two middle opening stones."""
    return 3, 6


def open_squares(board: tuple[int, ...], after: Square) -> list[Square]:
    """The empty squares touching a stone, in reading order starting with the first one after
    `after` (so Tab goes to the next one from wherever the cursor is)."""
    start = after[0] * COLS + after[1] + 1
    order = ((start + k) % SQUARES for k in range(SQUARES))
    return [divmod(square, COLS) for square in order if board[square] == EMPTY
            and any(board[n] != EMPTY for n in NEIGHBOURS[square])]


def place(state: State, square: Square, ui: Ui) -> Play[Ui] | Refuse:
    """The current stone on `square` (and then the UI state `ui`), or the rules' reason why
    it may not go there."""
    move = Move(*square)
    try:
        rules.apply_move(state, move)
    except IllegalMove as error:
        return Refuse(str(error))
    return Play(move, ui)


def assist(ui: Ui) -> Look[Ui]:
    """The assist turned on, or off."""
    return Look(replace(ui, assist=not ui.assist))


def interpret(state: State, ui: Ui, action: Action, target: Target) -> Answer:
    """What `action` means here; `target` is what is under the pointer (a square, the
    stone's slot, or None)."""
    kind = action.kind
    square = target if isinstance(target, tuple) else None
    if kind == Act.POINT:
        return None if ui.dragging else Look(replace(ui, hover=square))
    if kind == Act.MOVE:        # the cursor moves even when the game is over (a last look)
        return Look(replace(ui, cursor=step_grid(ui.cursor, action.dx, action.dy, ROWS, COLS)))
    if rules.status(state).over:
        return None
    if kind == Act.PRESS:
        if action.alt:
            return assist(ui)
        if target is Spot.HAND:
            return Look(replace(ui, held=False, dragging=True, pressed=None))
        if square is not None:
            return Look(replace(ui, pressed=square, cursor=square))
        return Look(replace(ui, pressed=None))
    if kind == Act.RELEASE:
        if ui.dragging:         # a drop: off the board the stone goes home
            if square is None:
                return Look(replace(ui, dragging=False))
            return place(state, square, replace(ui, dragging=False, cursor=square))
        if square is not None and square == ui.pressed:
            return place(state, square, replace(ui, held=False, pressed=None))
        return Look(replace(ui, pressed=None))
    if kind == Act.CONFIRM:
        if not ui.held:
            return Look(replace(ui, held=True, dragging=False))
        return place(state, ui.cursor, replace(ui, held=False))
    if kind == Act.ALT:
        return assist(ui)
    if kind in (Act.NEXT, Act.PREV):
        cursor = cycle(open_squares(state.board, ui.cursor), ui.cursor,
                       1 if kind == Act.NEXT else -1)
        return None if cursor is None else Look(replace(ui, cursor=cursor))
    return None
