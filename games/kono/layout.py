"""Where things are on Kono's screen: the board's points (turned round when the board is
flipped), the players' cards and trays, the side panel, and the line a move travels. Geometry
only; the names of points and moves as the board's margin shows them."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from games.core.loop.tween import lerp_point
from games.core.screens.hud import TOOLBAR_HEIGHT
from games.kono import rules
from games.kono.controls import screen_cell
from sprites import kono as paint
from sprites.kono import LABEL_EDGE

Point = tuple[float, float]

# Layout at the 1920x1080 logical size.
CENTRE = (950, 545)         # the board's middle
SPACING = 176               # between neighbouring points
BOARD_SIDE = 760            # the wooden panel
STONE = 120                 # a stone's diameter on the board
TRAY_STONE = 54             # a captured stone in a tray
TRAY_STEP = 58
CARD_HEIGHT = 364
LABEL_CLEARANCE = 48        # a hint's label stays this far inside the board's rim, clear of them
FILES, RANKS = "abcd", "4321"   # point 0 is a4: Black's home rows are 4 and 3


def point_name(point: int) -> str:
    row, col = divmod(point, rules.SIZE)
    return FILES[col] + RANKS[row]


def move_name(move: rules.Move) -> str:
    return point_name(move.source) + ("×" if move.over is not None else "–") + \
        point_name(move.target)


@dataclass(frozen=True)
class Layout:
    flipped: bool = False       # the board turned round: White's home rows at the bottom
    height: int = 1080          # the screen's logical height

    @property
    def board_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, BOARD_SIDE, BOARD_SIDE)
        rect.center = CENTRE
        return rect

    @property
    def panel_rect(self) -> pygame.Rect:
        """The side panel: the last moves, and the key to the hint's grades."""
        return pygame.Rect(1370, self.board_rect.top, 510, BOARD_SIDE)

    @property
    def labels(self) -> tuple[str, str]:
        """The margin's files left to right and ranks top to bottom."""
        return (FILES[::-1], RANKS[::-1]) if self.flipped else (FILES, RANKS)

    def warning_spot(self) -> Point:
        """The middle of the room between the board and the toolbar."""
        return CENTRE[0], (self.board_rect.bottom + self.height - TOOLBAR_HEIGHT) // 2

    def point_pos(self, point: int) -> Point:
        col, row = screen_cell(point, self.flipped)
        return (CENTRE[0] + (col - 1.5) * SPACING, CENTRE[1] + (row - 1.5) * SPACING)

    def point_at(self, pos: Sequence[float] | None) -> int | None:
        if pos is None:
            return None
        for point in range(rules.POINTS):
            if math.dist(pos, self.point_pos(point)) <= SPACING * 0.45:
                return point
        return None

    def card_rect(self, side: int) -> pygame.Rect:
        """Each player's card beside the board, level with that player's home rows."""
        top_side = 1 if self.flipped else 0
        board = self.board_rect
        rect = pygame.Rect(40, 0, 480, CARD_HEIGHT)
        rect.top = board.top if side == top_side else board.bottom - CARD_HEIGHT
        return rect

    def tray_rect(self, side: int) -> pygame.Rect:
        card = self.card_rect(side)
        return pygame.Rect(card.left + 24, card.top + 250, card.width - 48, 84)

    def tray_slot(self, side: int, index: int) -> Point:
        tray = self.tray_rect(side)
        return tray.left + 44 + min(index, 6) * TRAY_STEP, tray.centery + 2

    def move_path(self, move: rules.Move) -> list[Point]:
        """A move's arrow: a step straight along its line, a capture arcing over its friend,
        both kept clear of the stones' middles."""
        a, b = self.point_pos(move.source), self.point_pos(move.target)
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        if move.over is None:
            return [(a[0] + ux * (STONE / 2 - 8), a[1] + uy * (STONE / 2 - 8)),
                    (b[0] - ux * 16, b[1] - uy * 16)]
        over = self.point_pos(move.over)
        bend = SPACING * 0.42
        return paint.curve(a, (over[0] - uy * bend, over[1] + ux * bend), b, 0.1, 0.9)

    def grade_spot(self, move: rules.Move) -> Point:
        """Where a graded move's label goes: the middle of its arrow."""
        points = self.move_path(move)
        if len(points) > 2:
            return points[len(points) // 2]
        x, y = lerp_point(points[0], points[1], 0.5)
        return x, y

    def badge_spot(self, move: rules.Move, size: tuple[int, int]) -> Point:
        """The middle of a graded move's label of this size: on its arrow, moved in from the
        rim just as far as keeps it off the margin's letters and numbers."""
        x, y = self.grade_spot(move)
        inner = self.board_rect.inflate(-2 * LABEL_CLEARANCE, -2 * LABEL_CLEARANCE)
        half_w, half_h = size[0] / 2, size[1] / 2
        return (min(max(x, inner.left + half_w), inner.right - half_w),
                min(max(y, inner.top + half_h), inner.bottom - half_h))

    def label_centres(self) -> list[tuple[str, Point]]:
        """The margin's letters and numbers and their middles (the board's painting puts them
        there: sprites.kono.board)."""
        board = self.board_rect
        first = CENTRE[0] - 1.5 * SPACING, CENTRE[1] - 1.5 * SPACING
        files, ranks = self.labels
        found: list[tuple[str, Point]] = []
        for k in range(rules.SIZE):
            for edge in (LABEL_EDGE, BOARD_SIDE - LABEL_EDGE):
                found.append((files[k], (first[0] + k * SPACING, board.top + edge)))
                found.append((ranks[k], (board.left + edge, first[1] + k * SPACING)))
        return found
