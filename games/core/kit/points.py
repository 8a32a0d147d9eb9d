"""The controls every board of points shares (Mu Torere, Kono): a Ui with a cursor, a piece
picked up and the point under the mouse; the pointer hovering over a point or letting go of a
piece (a Drop, found by the board's Grip: games/core/screens/drag.py); a press or Enter
choosing a point; the cursor stepping to a point; the piece put back. Pure: the games'
controls.py build their interpret() on these."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, Protocol, TypeVar

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Answer, Drop, Look


class PointsUi(Protocol):
    """A board of points' Ui: a frozen dataclass whose places are board points."""
    __dataclass_fields__: ClassVar[dict[str, Any]]    # a dataclass, for replace()

    @property
    def cursor(self) -> int: ...              # the keyboard and pad cursor

    @property
    def selected(self) -> int | None: ...     # the piece picked up

    @property
    def hover(self) -> int | None: ...        # the point under the mouse


U = TypeVar("U", bound=PointsUi)


def pointer(ui: U, action: Action, target: object, drop: Callable[[Drop], Answer]) -> Answer:
    """The pointer moving (POINT) or letting go (RELEASE): over a point (`target`, else off
    the board) it is the hover; a piece the mouse let go (a Drop) is the game's `drop`."""
    if action.kind == Act.RELEASE:
        return drop(target) if isinstance(target, Drop) else None
    point = target if isinstance(target, int) else None
    return Look(replace(ui, hover=point)) if point != ui.hover else None


def pick(ui: U, action: Action, target: object,
         choose: Callable[[U, int, bool], Answer]) -> Answer:
    """A press of the left button or Enter / A: the game's `choose(ui, point, by_pointer)`
    at the point pressed (the cursor goes there) or at the cursor; a press off the board
    (`target` no point) puts the piece back."""
    if action.kind == Act.CONFIRM:
        return choose(ui, ui.cursor, False)
    if not isinstance(target, int):
        return let_go(ui)
    return choose(replace(ui, cursor=target), target, True)


def move_cursor(ui: U, point: int | None) -> Look[U] | None:
    """The cursor to `point`; None when there is none that way or it is there already."""
    return None if point is None or point == ui.cursor else Look(replace(ui, cursor=point))


def let_go(ui: U) -> Look[U] | None:
    """The piece picked up put back; None when none was."""
    return Look(replace(ui, selected=None)) if ui.selected is not None else None
