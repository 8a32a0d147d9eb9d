"""Four Field Kono's pictures for the rules screen (games/core/screens/diagrams.py): the board
at a small size with its own stones, Black below as the player sees it, the marked points
ringed and a move about to be played drawn as an arrow (a capture arcs over its friend)."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.screens import diagrams
from games.kono import rules
from sprites import kono as art

ASPECT = 1.0


def paint(state: rules.State, size: tuple[int, int], marks: Sequence[int] = (),
                   move: rules.Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    side = min(size)
    wood = pygame.Rect(0, 0, side, side)
    wood.center = (size[0] // 2, size[1] // 2)
    pygame.draw.rect(surface, art.WOOD, wood, border_radius=side // 12)
    pygame.draw.rect(surface, art.WOOD_EDGE, wood, max(2, side // 80), border_radius=side // 12)
    spacing = side / 4.3
    x0, y0 = wood.centerx - 1.5 * spacing, wood.centery - 1.5 * spacing

    def at(point: int) -> tuple[float, float]:
        row, col = divmod(point, rules.SIZE)
        return x0 + col * spacing, y0 + (rules.SIZE - 1 - row) * spacing    # Black below

    line = max(2, side // 60)
    for k in range(rules.SIZE):
        pygame.draw.line(surface, art.INK, (x0, y0 + k * spacing), (x0 + 3 * spacing,
                                                                     y0 + k * spacing), line)
        pygame.draw.line(surface, art.INK, (x0 + k * spacing, y0), (x0 + k * spacing,
                                                                     y0 + 3 * spacing), line)
    stone = round(spacing * 0.72)
    for point, piece in enumerate(state.board):
        centre = at(point)
        if piece == rules.EMPTY:
            pygame.draw.circle(surface, art.INK, centre, max(3, side // 40))
            continue
        image = art.stone(piece, stone)
        surface.blit(image, image.get_rect(center=centre))
    for point in (move.target,) if done and move is not None else marks:
        box = pygame.Rect(0, 0, stone + 10, stone + 10)
        box.center = (round(at(point)[0]), round(at(point)[1]))
        diagrams.ring(surface, box, box.width // 2)
    if move is not None and not done:
        a, b = at(move.source), at(move.target)
        if move.over is None:
            points = [a, b]
        else:
            over = at(move.over)
            control = (over[0] + (b[1] - a[1]) * 0.45, over[1] - (b[0] - a[0]) * 0.45)
            points = art.curve(a, control, b, 0.14, 0.86)
        diagrams.arrow_along(surface, points, max(4, side // 40))
    return surface

