"""DeducTile's pictures for the rules screen (games/core/screens/diagrams.py): the column of
tiles at a small size, painted as the game paints them (a card, a shape in its colour), the
marked tiles ringed, and a swap about to be made drawn as an arrow between its two tiles
(only the colours' swap as a dashed one)."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.screens import diagrams
from games.deductile import rules
from games.deductile.clues import COLOURS, SHAPES
from sprites import shapes as art
from sprites.deductile import CARD, CARD_EDGE, colour as tile_colour

ASPECT = 0.6
GAP = 0.16          # between tiles, as a share of a tile's height


def paint(state: rules.State, size: tuple[int, int], marks: Sequence[int] = (),
          move: rules.Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    count = state.tiles
    height = int(size[1] / (count + GAP * (count - 1)))
    width = min(round(height * 1.3), size[0] - height)
    left = (size[0] - width) // 2 + height // 8     # a little right: room for a swap's arrow
    top = (size[1] - count * height - (count - 1) * round(height * GAP)) // 2

    def rect(index: int) -> pygame.Rect:
        return pygame.Rect(left, top + index * (height + round(height * GAP)), width, height)

    for index, (shape, colour) in enumerate(state.arrangement):
        box = rect(index)
        surface.blit(art.rounded_card(box.size, CARD, max(4, height // 5), CARD_EDGE, 2, False),
                     box)
        glyph = art.shape(SHAPES[shape], tile_colour(COLOURS[colour]), int(height * 0.7))
        surface.blit(glyph, glyph.get_rect(center=box.center))
    swapped = (move.a, move.b) if move is not None and move.kind in (rules.SWAP,
                                                                     rules.SWAP_COLOURS) else ()
    for index in swapped if done else marks:
        diagrams.ring(surface, rect(index).inflate(6, 6), max(4, height // 5))
    if swapped and not done:
        a, b = rect(swapped[0]).midleft, rect(swapped[1]).midleft
        reach = min(left - 8, height * 0.9)
        points = [(a[0] - 4 - reach * (1 - abs(2 * t / 12 - 1) ** 2), a[1] + (b[1] - a[1]) * t / 12)
                  for t in range(13)]
        diagrams.arrow_along(surface, points, max(3, height // 9))
    return surface
