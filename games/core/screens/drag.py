"""Picking a piece up with the mouse: a press starts a Drag, which only counts as a drag once
the pointer has travelled THRESHOLD pixels (less is a click); a piece let go where it cannot
go slides back home (SlideBack) when animations are on. On a board of points (Mu Torere,
Kono) `pointer_target` says what a pointer action is about, for the game's controls. A board
that drags keeps its Drag in a Hand, which sees every action first and picks up with a sound."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Drop
from games.core.loop.tween import Point, Tween, Tweens, ease_in_out_cubic, lerp_point

if TYPE_CHECKING:
    from games.core.screens.board import Table

Item = TypeVar("Item")

THRESHOLD = 12          # pixels the pointer moves before a press becomes a drag
BACK_SECONDS = 0.22     # a piece let go in the wrong place slides home in this long


class Drag(Generic[Item]):
    """A piece held by the mouse. `item` names it (a point, a square); `grab` keeps the
    offset between the pointer and the piece's centre so it does not jump to the pointer."""

    def __init__(self, item: Item, pointer: Sequence[float], centre: Sequence[float],
                 was_selected: bool = False) -> None:
        self.item = item
        self.start: Point = (pointer[0], pointer[1])
        self.pos: Point = self.start
        self.grab: Point = (pointer[0] - centre[0], pointer[1] - centre[1])
        self.moved = False
        self.was_selected = was_selected

    def follow(self, pos: Sequence[float]) -> None:
        self.pos = (pos[0], pos[1])
        if math.dist(self.pos, self.start) > THRESHOLD:
            self.moved = True

    @property
    def spot(self) -> tuple[float, float]:
        """Where the piece's centre is while held."""
        return self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]


class Hand(Generic[Item]):
    """The piece a board's mouse carries, across the frame's calls (games/core/screens/
    board.py): the board's read() shows it each action first (follow: the piece goes where the
    pointer goes), its look() picks a piece up (pick: a Drag, with the pick-up sound) and lets
    go of it (let_go: the Drag, for the piece to slide home or settle where it was dropped)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.drag: Drag[Item] | None = None
        self.pointer: Point = (0, 0)         # where the last pointer action was

    def follow(self, action: Action) -> bool:
        """A pointer action, before the board reads what it means: the piece in hand goes
        with the pointer. True when the action only carried it along (a motion)."""
        if action.pos is None:
            return False
        self.pointer = (action.pos[0], action.pos[1])
        if self.drag is None or action.kind not in (Act.POINT, Act.RELEASE):
            return False
        self.drag.follow(action.pos)
        return action.kind == Act.POINT

    def pick(self, item: Item, centre: Sequence[float], was_selected: bool = False) -> None:
        """The board's answer picked `item` up at the pointer (its centre, or the corner it
        is drawn from, at `centre`): the mouse carries it from here."""
        self.drag = Drag(item, self.pointer, centre, was_selected)
        self.table.sound("select")

    def let_go(self) -> Drag[Item] | None:
        """The piece is put down: its Drag (where it is, for its way home or its landing), or
        None when the mouse carried nothing."""
        drag, self.drag = self.drag, None
        return drag


class SlideBack(Generic[Item]):
    """A piece travelling from `spot` back to `home` (or onto its new point after a drop)."""

    def __init__(self, item: Item, spot: Point, home: Point, tween: Tween) -> None:
        self.item, self.spot, self.home, self.tween = item, spot, home, tween

    @property
    def done(self) -> bool:
        return self.tween.done

    @property
    def position(self) -> tuple[float, float]:
        return lerp_point(self.spot, self.home, self.tween.value)


def slide_back(tweens: Tweens, item: Item, spot: Point, home: Point, animate: bool,
               seconds: float = BACK_SECONDS) -> SlideBack[Item] | None:
    """A SlideBack from spot to home, or None when animations are off (it is home at once)."""
    if not animate:
        return None
    return SlideBack(item, spot, home, tweens.add(Tween(seconds, ease_in_out_cubic)))


def pointer_target(action: Action, drag: Drag[int] | None,
                   point_at: Callable[[Sequence[float] | None], int | None]) -> int | Drop | None:
    """The `target` a board of points gives its controls: the point under the pointer, or a
    Drop when the mouse lets go of a held piece (None if none is held). A pointer move carries
    the held piece along."""
    kind = action.kind
    if kind == Act.RELEASE:
        if drag is None:
            return None
        return Drop(drag.item, point_at(action.pos), drag.moved, drag.was_selected)
    if kind not in POINTER:
        return None
    if kind == Act.POINT and drag is not None and action.pos is not None:
        drag.follow(action.pos)
    return point_at(action.pos)
