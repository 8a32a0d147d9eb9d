"""DeducTile's tiles: their colours and card, painted with sprites/shapes.py, and the launcher's
picture."""
from __future__ import annotations

import pygame

from games.core.loop import palette
from games.core.screens import ui
from sprites import shapes as paint
from sprites.colours import Colour

# Bright, distinct in lightness as well as hue (colour-blind safe: the Okabe-Ito colours nearest
# the names, each then named by its own word: vermilion, pink); every tile also has its shape
# and names its colour.
SAFE_OF = {"red": "vermilion", "green": "bluish green", "blue": "blue", "yellow": "yellow",
           "purple": "reddish purple", "orange": "orange"}
PALETTES: dict[str, dict[str, Colour]] = {
    palette.STANDARD: {"red": (222, 60, 55), "green": (40, 170, 110), "blue": (45, 110, 215),
                       "yellow": (245, 215, 60), "purple": (150, 85, 200),
                       "orange": (245, 140, 35)},
    palette.SAFE: {name: palette.OKABE_ITO[ito] for name, ito in SAFE_OF.items()},
}
CARD = (240, 236, 224)
CARD_EDGE = (190, 184, 168)


def colour(name: str) -> Colour:
    """A tile colour (by its name in the clues) in the active palette."""
    return PALETTES[palette.current()][name]


def painted(word: str) -> Colour:
    """The colour a tile's colour word names, as the active palette paints it."""
    return colour(word)


def reword(text: str) -> str:
    """The game's words (clues, tiles, the lesson, the rules) with each tile colour named as
    the active palette paints it."""
    return palette.reword(text, SAFE_OF)


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: a column of tiles beside three clues, one struck out."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    tile_h = (h - 24 - 3 * 6) // 4
    tile_w = int(tile_h * 1.3)
    for i, (shape_name, name) in enumerate((("star", "yellow"), ("circle", "red"),
                                              ("triangle", "blue"), ("square", "green"))):
        y = 12 + i * (tile_h + 6)
        picture.blit(paint.rounded_card((tile_w, tile_h), CARD, 10, CARD_EDGE, 2, False), (24, y))
        glyph = paint.shape(shape_name, PALETTES[palette.STANDARD][name], int(tile_h * 0.86))
        picture.blit(glyph, (24 + (tile_w - glyph.get_width()) // 2, y + tile_h * 0.07))
    left = 24 + tile_w + 30
    for k, (words, struck) in enumerate((("The Red tile is second.", True),
                                         ("The Star is Yellow.", False),
                                         ("The Square is last.", False))):
        y = 34 + k * 72
        rect = pygame.Rect(left, y - 8, w - left - 20, 56)
        pygame.draw.rect(picture, ui.PANEL, rect, border_radius=10)
        text = ui.label(picture, words, (left + 16, rect.centery), 26,
                        ui.MUTED if struck else ui.TEXT,
                        anchor="midleft")
        if struck:
            pygame.draw.line(picture, ui.MUTED, (text.left - 4, text.centery),
                             (text.right + 4, text.centery), 3)
    return picture
