"""Picking a piece up with the mouse: a press starts a Drag, which only counts as a drag once
the pointer has travelled THRESHOLD pixels (less is a click); a piece let go where it cannot
go slides back home (SlideBack) when animations are on. A board that drags keeps its Drag in
a Hand, which sees every action first and picks up with a sound. On a board of points (Mu
Torere, Kono) a Grip is the whole of the mouse's part, which the two boards share: the point
under the pointer or the Drop for the game's controls, the Hand's pick-up, a piece let go that
slides home, and where a move made by a drop starts."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Answer, Drop, Play
from games.core.kit.points import PointsUi
from games.core.loop.tween import Point, Tween, Tweens, ease_in_out_cubic, lerp_point

if TYPE_CHECKING:
    from games.core.kit.session import Change
    from games.core.screens.board import Table

Item = TypeVar("Item")
U = TypeVar("U", bound=PointsUi)

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
        is drawn from, at `centre`): the mouse carries it from here. A piece that was held
        already (`was_selected`) makes no new sound."""
        self.drag = Drag(item, self.pointer, centre, was_selected)
        if not was_selected:
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


PointAt = Callable[[Sequence[float] | None], int | None]    # a board's point under a pixel


class Grip:
    """The mouse on a board of points, for the board that makes it with its table, `centre`
    (a point's middle on the screen, as the board is shown now), `point_at` (the point under a
    pixel) and `controls` (its controls' answer to an action at a target, in the position and
    Ui of now)."""

    def __init__(self, table: Table, centre: Callable[[int], Point], point_at: PointAt,
                 controls: Callable[[Action, object], Answer]) -> None:
        self.table, self.centre, self.point_at, self.controls = table, centre, point_at, controls
        self.hand: Hand[int] = Hand(table)          # the piece the mouse carries
        self.dropping: Drag[int] | None = None      # let go just now: its answer is carried out
        self.settle: SlideBack[int] | None = None   # let go where it cannot go: going home

    @property
    def drag(self) -> Drag[int] | None:
        return self.hand.drag

    def read(self, action: Action) -> Answer:
        """What an action means: the controls' answer for the point under the pointer, or for
        the Drop when the mouse lets go of the piece it carries; nothing while a human move
        must wait (the table's Versus says why). A piece let go that is not played slides
        home."""
        self.hand.follow(action)
        point = self.point_at(action.pos) if action.kind in POINTER else None
        target: int | Drop | None = point
        if action.kind == Act.RELEASE:
            self.dropping = self.hand.let_go()
            if self.dropping is None:
                return None
            target = Drop(self.dropping.item, point, self.dropping.moved,
                          self.dropping.was_selected)
        versus = self.table.versus
        waits = versus is not None and versus.board_waits(action, target is not None)
        answer = None if waits else self.controls(action, target)
        if not isinstance(answer, Play):
            self.let_go()
        return answer

    def pick_up(self, item: int, action: Action, was_selected: bool = False) -> bool:
        """The controls picked the piece on `item` up: by a press, the mouse carries it (it
        may become a drag), with the Hand's sound; True if so."""
        if action.kind != Act.PRESS:
            return False
        self.hand.pick(item, self.centre(item), was_selected)
        return True

    def dropped_at(self) -> Point | None:
        """Where the piece whose move is being played was let go (the move starts there), or
        None when the move was not made by a drop."""
        return self.dropping.spot if self.dropping is not None else None

    def played(self, ui: U, answer: Play[U], change: Change[Any, Any] | None) -> U:
        """The frame played the answer's move (`change`, animated from dropped_at()), or the
        move was refused (None: a piece let go slides home). The board's Ui now: its own
        when played (changed() settles it), the answer's when refused."""
        if change is None:
            self.let_go()
        self.dropping = None
        return ui if change is not None else answer.ui

    def cancel(self, put_down: Callable[[], None]) -> bool:
        """Esc or B: when the mouse carries a piece or the controls would put one back (their
        answer to Cancel), the board's `put_down`; True if so."""
        if self.drag is None and self.controls(Action(Act.CANCEL), None) is None:
            return False
        put_down()
        return True

    def put_down(self, ui: U) -> U:
        """Whatever is held is let go without a move (Esc, a move landed, a dialog): the mouse
        carries nothing, and the Ui `ui` with no piece picked up."""
        self.drop()
        return replace(ui, selected=None)

    def let_go(self) -> None:
        """The piece let go stays where it was: it slides home from where it was let go."""
        drag, self.dropping = self.dropping, None
        if drag is not None and drag.moved:
            self.settle = slide_back(self.table.tweens, drag.item, drag.spot,
                                     self.centre(drag.item), self.table.animations_on())

    def drop(self) -> None:
        """Whatever the mouse carries is let go without a move (a move landed, a dialog)."""
        self.hand.let_go()
        self.dropping = None
