"""Mu Torere's pictures for the rules screen (games/core/screens/diagrams.py): the star board
at a small size with the game's own wood and pieces (Black and White, the second side's with
its dot), the marked points ringed, and a move about to be played drawn along its line."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.screens import diagrams
from games.mu_torere import rules
from games.mu_torere.geometry import PIECE, RADIUS, WELL, path, point_offset
from sprites import mu_torere as art

ASPECT = 1.0


def paint(state: rules.State, size: tuple[int, int], marks: Sequence[int] = (),
          move: rules.Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = int((min(size) - 24) / (2 * art.DISC))
    board = art.board("star", radius, round(WELL * radius / RADIUS))
    centre = (size[0] // 2, size[1] // 2)
    surface.blit(board, board.get_rect(center=centre))

    def at(point: int) -> tuple[float, float]:
        dx, dy = point_offset(point, radius)
        return centre[0] + dx, centre[1] + dy

    diameter = round(PIECE * radius / RADIUS)
    colours = (art.piece_colour("black"), art.piece_colour("white"))
    for point, piece in enumerate(state.board):
        if piece != rules.EMPTY:
            side = rules.SIDES.index(piece)
            image = art.piece(colours[side], diameter, side == 1)
            surface.blit(image, image.get_rect(center=at(point)))
    if done and move is not None and move.target is not None:
        marks = (move.target,)
    for point in marks:
        box = pygame.Rect(0, 0, diameter + 10, diameter + 10)
        box.center = (round(at(point)[0]), round(at(point)[1]))
        diagrams.ring(surface, box, box.width // 2)
    if not done and move is not None and move.source is not None and move.target is not None:
        points = [(centre[0] + x, centre[1] + y)
                  for x, y in path("star", move.source, move.target, radius)]
        trim = diameter * 0.35
        diagrams.arrow_along(surface, trimmed(points, trim), max(4, radius // 16))
    return surface


def trimmed(points: list[tuple[float, float]], trim: float) -> list[tuple[float, float]]:
    """The path without `trim` pixels at its end, so the arrow's head stops short of the
    point's middle."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(1e-6, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    keep = max(0.2, 1 - trim / length)
    return [*points[:-1], (x1 + (x2 - x1) * keep, y1 + (y2 - y1) * keep)]
