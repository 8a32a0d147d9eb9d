"""Poggle's input, pure (games/core/kit/controls.py): the UI state and what each action means.

Mouse: a press on a key presses it. Keyboard and gamepad: the arrows or d-pad move the cursor,
Enter or A presses the key under it, Tab or the triggers jump to the next coloured key. A press
has no alternate way: X means nothing here (Solve, S, is the frame's).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Look, Play, cycle, step_grid
from games.poggle.board import Board, Move, Params, State

Cell = tuple[int, int]          # (row, col)


@dataclass(frozen=True)
class Ui:
    cursor: Cell                # the keyboard and gamepad cursor
    hover: Cell | None = None   # the key under the mouse


Answer = Play[Ui] | Look[Ui] | None    # every press is legal: nothing to refuse


def home(params: Params) -> Cell:
    """Where the keyboard cursor starts: the middle of the board."""
    return params.size // 2, params.size // 2


def coloured_keys(board: Board, after: Cell) -> list[Cell]:
    """The keys still to clear in reading order, starting with the first one after `after`,
    so Tab from a blank key goes to the next coloured one and Shift+Tab to the one before."""
    size = len(board)
    start = after[0] * size + after[1] + 1
    order = [divmod((start + k) % (size * size), size) for k in range(size * size)]
    return [(r, c) for r, c in order if board[r][c]]


def interpret(state: State, ui: Ui, action: Action, target: Cell | None) -> Answer:
    """What `action` means on this board; `target` is the key under the pointer, if any."""
    kind = action.kind
    if kind == Act.POINT:
        return Look(replace(ui, hover=target))
    if not any(map(any, state.board)):       # cleared: nothing left to press
        return None
    size = state.params.size
    if kind == Act.PRESS:
        return None if target is None else Play(Move(*target), replace(ui, cursor=target))
    if kind == Act.MOVE:
        return Look(replace(ui, cursor=step_grid(ui.cursor, action.dx, action.dy, size, size)))
    if kind == Act.CONFIRM:
        return Play(Move(*ui.cursor), ui)
    if kind in (Act.NEXT, Act.PREV):
        cursor = cycle(coloured_keys(state.board, ui.cursor), ui.cursor,
                       1 if kind == Act.NEXT else -1)
        return None if cursor is None else Look(replace(ui, cursor=cursor))
    return None
