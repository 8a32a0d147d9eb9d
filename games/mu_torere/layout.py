"""Where things are on Mu Torere's screen: the star's points, the line a piece travels, the
players' cards, the reminder, the grade key and the move log. Geometry only."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from games.core.screens.hud import HUD_HEIGHT
from games.core.screens.widgets import overlay_left
from games.mu_torere import geometry, rules
from games.mu_torere.controls import ends
from games.mu_torere.geometry import PIECE, RADIUS, WELL as WELL, Point

BOARD_CENTRE = (960, 574)
COLUMN = 450                            # the width of the side columns (cards, boxes, log)
GAP = 24                                # between boxes in a column


@dataclass(frozen=True)
class Layout:
    width: int                          # the screen's logical width
    centre: tuple[int, int] = BOARD_CENTRE
    radius: int = RADIUS
    flipped: bool = False               # the board is shown turned round (F)

    def shown(self, point: int) -> int:
        """The point whose place on the unturned board `point` is drawn at."""
        return geometry.turned(point, self.flipped)

    def xy(self, point: int) -> Point:
        dx, dy = geometry.point_offset(self.shown(point), self.radius)
        return self.centre[0] + dx, self.centre[1] + dy

    def travel(self, style: str, a: int, b: int) -> list[Point]:
        """The line from point a to point b on a board of this style, on the screen."""
        cx, cy = self.centre
        return [(cx + x, cy + y)
                for x, y in geometry.path(style, self.shown(a), self.shown(b), self.radius)]

    def point_at(self, pos: Sequence[float] | None) -> int | None:
        if pos is None:
            return None
        best = min(range(9), key=lambda p: math.dist(self.xy(p), pos))
        return best if math.dist(self.xy(best), pos) <= PIECE / 2 + 14 else None

    def grade_spot(self, move: rules.Move) -> Point:
        """Where a graded move's label goes: under the piece that moves."""
        x, y = self.xy(ends(move)[0])
        return x, y + PIECE / 2 + 6

    def card_rect(self, side: int) -> pygame.Rect:
        rect = pygame.Rect(0, HUD_HEIGHT + 26, COLUMN, 150)
        if side == 0:
            rect.left = 40
        else:
            rect.right = self.width - 40
        return rect

    def column_top(self, side: int, legend: bool) -> int:
        """The top of what a side column holds under its card (or in its place)."""
        return self.card_rect(side).bottom + GAP if legend else HUD_HEIGHT + 26

    def reminder_rect(self, legend: bool) -> pygame.Rect:
        return pygame.Rect(40, self.column_top(0, legend), COLUMN, 232)

    def grade_key_rect(self, legend: bool, height: int) -> pygame.Rect:
        return pygame.Rect(40, self.reminder_rect(legend).bottom + GAP, COLUMN, height)

    def log_rect(self, legend: bool, height: int) -> pygame.Rect:
        return pygame.Rect(self.width - 490, self.column_top(1, legend), COLUMN, height)

    def prompt_room(self) -> int:
        """The width the prompt above the board may take between the cards, and clear of the
        Options panel when it opens over the right (the prompt is centred on the board)."""
        return min(self.card_rect(1).left - self.card_rect(0).right - 110,
                   2 * (overlay_left(self.width) - 40 - self.centre[0]))
