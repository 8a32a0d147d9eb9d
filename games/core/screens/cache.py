"""Rendered pictures kept while what they show stays the same.

SurfaceCache holds a few surfaces under keys (a position, a look), made by a function on first
use and converted to the display's format; the oldest goes when it is full. Layer is a full
window picture of the calm parts of a scene, redrawn only when its look (any hashable value
naming everything it depends on), the palette or the text size changes: most frames are then
one blit.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from games.core.loop import assets, palette


def converted(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (quick to blit), once a window exists."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()


class SurfaceCache:
    """Keyed, converted surfaces, at most `limit` of them (least recently used goes first)."""

    def __init__(self, limit: int = 8):
        self.limit = limit
        self.surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self.surfaces.get(key)
        if surface is None:
            surface = self.surfaces[key] = converted(make())
            while len(self.surfaces) > self.limit:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(key)
        return surface

    def clear(self) -> None:
        self.surfaces.clear()

    def __len__(self) -> int:
        return len(self.surfaces)


class Layer:
    """One window-sized picture of an area, repainted when its look changes."""

    def __init__(self, background=(0, 0, 0)):
        self.background = background
        self.surface: pygame.Surface | None = None
        self.look: Hashable = None

    def blit(self, target: pygame.Surface, area: pygame.Rect, look: Hashable,
             paint: Callable[[pygame.Surface], None]) -> None:
        """Blit the area of the picture, first painting it with paint(surface) if look is new
        (or the palette or the text size changed)."""
        look = (look, palette.current(), assets.text_scale())
        if self.surface is None or self.surface.get_size() != target.get_size():
            self.surface = converted(pygame.Surface(target.get_size()))
            self.look = None
        if self.look != look:
            self.surface.fill(self.background, area)
            paint(self.surface)
            self.look = look
        target.blit(self.surface, area, area)

    def forget(self) -> None:
        self.look = None
