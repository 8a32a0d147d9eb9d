"""Four Field Kono's controls: what a click, a drop, a key or a pad button means on the board
(games/core/kit/controls.py has the shape). Pure: tested without a display.

Mouse: click one of your stones (its moves are marked), then click where it goes; or drag it
there. The right button drops the stone. Keyboard and pad: the arrows or the d-pad move the
cursor, Enter, Space or A picks a stone up and puts it down, Tab or the triggers cycle through
the stones that can move (or, holding one, through its destinations), Esc, X or B drops it,
F turns the board round.

The cursor is a board point; the arrows move it on the screen, which the board may show turned
round (Ui.flipped). The scene supplies `target`: the point under the pointer (PRESS, POINT), or
a Drop (RELEASE of a stone the mouse picked up).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache, partial

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Answer, Drop, Look, Play, Refuse, cycle, step_grid
from games.core.kit.points import let_go, move_cursor, pick, pointer
from games.kono import rules
from games.kono.info import SIDE_NAMES

LAST = rules.SIZE - 1


@dataclass(frozen=True)
class Ui:
    """Where the player is and what they hold."""
    cursor: int = 13                    # the keyboard and pad cursor: a point
    selected: int | None = None         # the stone picked up
    hover: int | None = None            # the point under the mouse
    flipped: bool = False               # the board is shown turned round


@lru_cache(maxsize=128)
def moves_of(state: rules.State) -> tuple[rules.Move, ...]:
    """The legal moves of a position (cached: the board asks every frame)."""
    return tuple(rules.legal_moves(state))


def destinations(state: rules.State, point: int | None) -> dict[int, rules.Move]:
    """Target point -> Move for the stone on `point`."""
    if point is None:
        return {}
    return {m.target: m for m in moves_of(state) if m.source == point}


def screen_cell(point: int, flipped: bool) -> tuple[int, int]:
    """(column, row) on the screen of a board point."""
    row, col = divmod(point, rules.SIZE)
    return (LAST - col, LAST - row) if flipped else (col, row)


def cell_point(col: int, row: int, flipped: bool) -> int:
    """The board point at (column, row) on the screen."""
    if flipped:
        col, row = LAST - col, LAST - row
    return row * rules.SIZE + col


def reading_order(points: set[int] | dict[int, rules.Move], flipped: bool) -> list[int]:
    """Points as the screen reads them: row by row, left to right."""
    def place(point: int) -> tuple[int, int]:
        col, row = screen_cell(point, flipped)
        return row, col
    return sorted(points, key=place)


def movable(state: rules.State, flipped: bool) -> list[int]:
    """The stones that can move now, in screen reading order."""
    return reading_order({m.source for m in moves_of(state)}, flipped)


def home(state: rules.State, ui: Ui) -> int:
    """Where the cursor goes for a move: where it is if a stone there can move, else the
    nearest stone that can (on the screen; the first in reading order of equals)."""
    stones = movable(state, ui.flipped)
    if not stones or ui.cursor in stones:
        return ui.cursor
    col, row = screen_cell(ui.cursor, ui.flipped)

    def distance(point: int) -> int:
        x, y = screen_cell(point, ui.flipped)
        return abs(x - col) + abs(y - row)
    return min(stones, key=distance)


def turn_round(ui: Ui) -> Ui:
    """The board turned round (the cursor stays on its point)."""
    return replace(ui, flipped=not ui.flipped)


def interpret(state: rules.State, ui: Ui, action: Action, target: object) -> Answer:
    kind = action.kind
    if kind in (Act.POINT, Act.RELEASE):
        return pointer(ui, action, target, lambda where: drop(state, ui, where))
    status = rules.status(state)
    if status.over:
        if kind in (Act.PRESS, Act.CONFIRM):
            return Refuse(status.reason + " Undo, or start a new game from the menu.")
        return None
    if kind == Act.CONFIRM or (kind == Act.PRESS and not action.alt):
        return pick(ui, action, target, partial(choose, state))
    if kind in (Act.CANCEL, Act.PRESS):     # Esc, B, a click off the board: put it back
        return let_go(ui)
    if kind == Act.MOVE:
        col, row = screen_cell(ui.cursor, ui.flipped)
        row, col = step_grid((row, col), action.dx, action.dy, rules.SIZE, rules.SIZE)
        return move_cursor(ui, cell_point(col, row, ui.flipped))
    if kind in (Act.NEXT, Act.PREV):
        stops = reading_order(destinations(state, ui.selected), ui.flipped) \
            if ui.selected is not None else movable(state, ui.flipped)
        return move_cursor(ui, cycle(stops, ui.cursor, 1 if kind == Act.NEXT else -1))
    return None


def choose(state: rules.State, ui: Ui, point: int, by_pointer: bool) -> Answer:
    """A click, or Enter / A on the cursor, at a point: a move of the stone held, or a stone
    picked up (the mouse may then drag it; Enter on the held stone puts it back)."""
    targets = destinations(state, ui.selected)
    if point in targets:
        return Play(targets[point], ui)
    if state.board[point] == state.to_move:
        if not destinations(state, point):
            return Refuse("That piece has no move: every point next to it is taken, and it "
                          "has no capture.")
        if by_pointer or point != ui.selected:
            return Look(replace(ui, selected=point))
        return Look(replace(ui, selected=None))
    if ui.selected is not None:
        return Refuse("That piece cannot go there: choose one of the marked points.")
    if not by_pointer:
        side = SIDE_NAMES[rules.current_player(state)]
        return Refuse(f"Choose one of your pieces ({side}) first.")
    return None


def drop(state: rules.State, ui: Ui, where: Drop) -> Answer:
    """A stone dragged onto one of its destinations moves there; dropped on another point it
    is refused. A click on the stone already held puts it back."""
    if not where.moved:
        return let_go(ui) if where.was_selected else None
    if state.board[where.item] != state.to_move:
        return None
    targets = destinations(state, where.item)
    if where.point in targets:
        return Play(targets[where.point], ui)
    if where.point is not None and where.point != where.item:
        return Refuse("That piece cannot go there: choose one of the marked points.")
    return None
