"""Picking a piece up with the mouse: a press starts a Drag, which only counts as a drag once
the pointer has travelled THRESHOLD pixels (less is a click); a piece let go where it cannot
go slides back home (SlideBack) when animations are on. On a board of points (Mu Torere,
Kono) `pointer_target` says what a pointer action is about, for the game's controls."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Drop
from games.core.loop.tween import Tween, Tweens, ease_in_out_cubic, lerp_point

THRESHOLD = 12          # pixels the pointer moves before a press becomes a drag
BACK_SECONDS = 0.22     # a piece let go in the wrong place slides home in this long


class Drag:
    """A piece held by the mouse. `item` names it (a point, a square); `grab` keeps the
    offset between the pointer and the piece's centre so it does not jump to the pointer."""

    def __init__(self, item, pointer, centre, was_selected: bool = False):
        self.item = item
        self.start = self.pos = (pointer[0], pointer[1])
        self.grab = (pointer[0] - centre[0], pointer[1] - centre[1])
        self.moved = False
        self.was_selected = was_selected

    def follow(self, pos) -> None:
        self.pos = (pos[0], pos[1])
        if math.dist(self.pos, self.start) > THRESHOLD:
            self.moved = True

    @property
    def spot(self) -> tuple[float, float]:
        """Where the piece's centre is while held."""
        return self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]


class SlideBack:
    """A piece travelling from `spot` back to `home` (or onto its new point after a drop)."""

    def __init__(self, item, spot, home, tween: Tween):
        self.item, self.spot, self.home, self.tween = item, spot, home, tween

    @property
    def done(self) -> bool:
        return self.tween.done

    @property
    def position(self) -> tuple[float, float]:
        return lerp_point(self.spot, self.home, self.tween.value)


def slide_back(tweens: Tweens, item, spot, home, animate: bool,
               seconds: float = BACK_SECONDS) -> SlideBack | None:
    """A SlideBack from spot to home, or None when animations are off (it is home at once)."""
    if not animate:
        return None
    return SlideBack(item, spot, home, tweens.add(Tween(seconds, ease_in_out_cubic)))


def pointer_target(action: Action, drag: Drag | None,
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
