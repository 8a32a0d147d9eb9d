"""Lamps' art: the two colours of a lamp, and the launcher's picture."""
from __future__ import annotations

import pygame

from games.core.screens import ui

LIT, DARK = (255, 214, 110), (52, 58, 76)


def thumbnail(size) -> pygame.Surface:
    """The launcher's picture: five lamps, three lit."""
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, picture.get_rect(), border_radius=16)
    for lamp, on in enumerate((1, 0, 1, 1, 0)):
        centre = (size[0] // 2 + (lamp - 2) * size[0] // 6, size[1] // 2)
        pygame.draw.circle(picture, LIT if on else DARK, centre, size[1] // 6)
    return picture
