"""Where things are on Kono's screen: the board's points (turned round when the board is
flipped), the players' cards and trays, and the line a move travels. Mixed into KonoScene."""
from __future__ import annotations

import math

import pygame

from games.core.loop.tween import lerp_point
from games.kono import rules
from games.kono.motion import STONE
from sprites import kono as paint

# Layout at the 1920x1080 logical size.
CENTRE = (950, 545)         # the board's middle
SPACING = 176               # between neighbouring points
BOARD_SIDE = 760            # the wooden panel
TRAY_STEP = 58
FILES, RANKS = "abcd", "4321"   # point 0 is a4: Black's home rows are 4 and 3



def point_name(point: int) -> str:
    row, col = divmod(point, rules.SIZE)
    return FILES[col] + RANKS[row]


def move_name(move: rules.Move) -> str:
    return point_name(move.source) + ("×" if move.over is not None else "–") + \
        point_name(move.target)


class Layout:
    """Screen geometry of the scene: needs self.flipped and self.board_rect."""

    def screen_cell(self, point: int) -> tuple[int, int]:
        """(column, row) on screen of a board point."""
        row, col = divmod(point, rules.SIZE)
        return (3 - col, 3 - row) if self.flipped else (col, row)

    def cell_point(self, col: int, row: int) -> int:
        if self.flipped:
            col, row = 3 - col, 3 - row
        return row * rules.SIZE + col

    def point_pos(self, point: int) -> tuple[float, float]:
        col, row = self.screen_cell(point)
        return (CENTRE[0] + (col - 1.5) * SPACING, CENTRE[1] + (row - 1.5) * SPACING)

    def point_at(self, pos) -> int | None:
        if pos is None:
            return None
        for point in range(rules.POINTS):
            if math.dist(pos, self.point_pos(point)) <= SPACING * 0.45:
                return point
        return None

    def card_rect(self, side: int) -> pygame.Rect:
        """Each player's card beside the board, level with that player's home rows."""
        top_side = 1 if self.flipped else 0
        rect = pygame.Rect(40, 0, 480, 364)
        rect.top = self.board_rect.top if side == top_side else self.board_rect.bottom - 364
        return rect

    def tray_rect(self, side: int) -> pygame.Rect:
        card = self.card_rect(side)
        return pygame.Rect(card.left + 24, card.top + 250, card.width - 48, 84)

    def tray_slot(self, side: int, index: int) -> tuple[float, float]:
        tray = self.tray_rect(side)
        return tray.left + 44 + min(index, 6) * TRAY_STEP, tray.centery + 2

    def captured_count(self, state) -> list[int]:
        """Stones each side has captured: the opponent's stones missing since the start."""
        start = self.session.initial.board
        return [start.count("W") - state.board.count("W"),
                start.count("B") - state.board.count("B")]

    def move_path(self, move) -> list:
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

    def grade_spot(self, move):
        points = self.move_path(move)
        return points[len(points) // 2] if len(points) > 2 else lerp_point(*points, 0.5)
