"""A Kono move on screen, animated: the mover slides along its line (a capture hops over its
friend) and a captured stone is knocked off to the capturer's tray; undo plays the same
timeline backwards. Pure timing and geometry over the layout: the view draws."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_in_out_cubic, lerp, lerp_point
from games.kono import rules
from games.kono.layout import STONE, TRAY_STONE, Layout, Point

HOP_SHARE = 0.42            # of a capture: the capturer's hop over its friend
FLIGHT_FROM = 0.34          # of a capture: when the captured stone is knocked off


def clamp01(value: float) -> float:
    return 0.0 if value < 0 else 1.0 if value > 1 else value


def captured(start: Sequence[str], board: Sequence[str]) -> list[int]:
    """Stones each side has captured: the opponent's stones missing since the start."""
    return [start.count("W") - board.count("W"), start.count("B") - board.count("B")]


class Motion:
    """One move on the board, animated: the mover slides along its line (a capture hops over
    its friend), and a captured stone is knocked off to the capturer's tray. Undo plays the
    same timeline backwards. `start` is where a dropped stone was let go; `start_board` the
    game's first board (the tray fills from it)."""

    def __init__(self, change: Change[Any, Any], tween: Tween, start: Point | None,
                 start_board: Sequence[str]) -> None:
        assert isinstance(change.old, rules.State) and isinstance(change.new, rules.State)
        assert isinstance(change.move, rules.Move)
        self.change, self.tween = change, tween
        self.move = change.move
        self.forward = change.direction > 0
        before = change.old if self.forward else change.new     # where the move was made
        self.before = before
        self.after = change.new
        self.colour = before.board[self.move.source]
        self.capture = self.move.over is not None
        self.start = start if self.forward else None            # a dropped stone's spot
        side = rules.SIDES.index(self.colour)
        self.tray_index = captured(start_board, before.board)[side]   # its place in the tray

    @property
    def done(self) -> bool:
        return self.tween.done

    def fraction(self) -> float:
        """Where along the move's own timeline (0 = before it, 1 = after it)."""
        value = clamp01(self.tween.value)
        return value if self.forward else 1 - value

    def mover(self, layout: Layout) -> tuple[Point, float]:
        """(screen position, lift 0..1) of the moving stone."""
        f = self.fraction()
        start = self.start or layout.point_pos(self.move.source)
        end = layout.point_pos(self.move.target)
        u = ease_in_out_cubic(clamp01(f / HOP_SHARE)) if self.capture else ease_in_out_cubic(f)
        lift = math.sin(math.pi * u) if self.capture else 0.0
        return lerp_point(start, end, u), lift

    def flight(self, layout: Layout) -> tuple[Point, float, float]:
        """(screen position, diameter, lift) of the captured stone."""
        f = self.fraction()
        g = clamp01((f - FLIGHT_FROM) / (1 - FLIGHT_FROM))
        here = layout.point_pos(self.move.target)
        if g <= 0:
            return here, float(STONE), 0.0
        e = ease_in_out_cubic(g)
        end = layout.tray_slot(rules.SIDES.index(self.colour), self.tray_index)
        x, y = lerp_point(here, end, e)
        pop = 1 + 0.14 * math.sin(math.pi * clamp01(g * 2.2))
        return (x, y - math.sin(math.pi * e) * 170), lerp(STONE, TRAY_STONE, e) * pop, \
            math.sin(math.pi * e)
