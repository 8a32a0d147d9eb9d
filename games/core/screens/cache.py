"""Rendered pictures kept while what they show stays the same.

SurfaceCache holds a few surfaces under keys (a position, a look), made by a function on first
use and converted to the display's format; the oldest goes when it is full. Layer is a full
window picture of the calm parts of a scene, redrawn only when its look (any hashable value
naming everything it depends on), the palette or the text size changes: most frames are then
one blit. Backdrop is one window-sized picture of a whole screen's calm parts, each painted
again only when its own look changes: the screen starts each frame with one copy of it, in place
of a fill and a copy per part.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

import pygame

from games.core.loop import assets, palette, survey


def converted(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (quick to blit), once a window exists."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()


def like(target: pygame.Surface) -> pygame.Surface:
    """A new surface of the target's size in its own pixel format: made so, where converting
    a new one would copy it, a whole window's picture at a scene's first frame (about 8 ms)."""
    return pygame.Surface(target.get_size(), 0, target)


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

    def __init__(self, background: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.background = background
        self.surface: pygame.Surface | None = None
        self.look: Hashable = None

    def blit(self, target: pygame.Surface, area: pygame.Rect, look: Hashable,
             paint: Callable[[pygame.Surface], None]) -> None:
        """Blit the area of the picture, first painting it with paint(surface) if look is new
        (or the palette or the text size changed)."""
        if survey.current is not None:       # painted afresh, where the survey sees it
            target.fill(self.background, area)
            target.set_clip(area)
            paint(target)
            target.set_clip(None)
            return
        look = (look, palette.current(), assets.text_scale())
        if self.surface is None or self.surface.get_size() != target.get_size():
            self.surface = like(target)
            self.look = None
        if self.look != look:
            self.surface.fill(self.background, area)
            paint(self.surface)
            self.look = look
        target.blit(self.surface, area, area)

    def forget(self) -> None:
        self.look = None


# A calm part of a screen: (name, area, look, paint); see Backdrop.
Part = tuple[Hashable, pygame.Rect, Hashable, Callable[[pygame.Surface], object]]


def picture_part(name: Hashable, picture: pygame.Surface, area: pygame.Rect) -> Part:
    """A part that is a picture kept elsewhere (a new picture is a new look)."""
    return name, area, picture, lambda canvas: canvas.blit(picture, area)


class Backdrop:
    """A whole screen's background and calm parts in one window-sized picture, sent to the
    screen in one copy at the start of a frame (a whole-window copy costs about what a fill
    does; the parts' own copies, a row at a time, cost more). A part is (name, area, look,
    paint): paint(surface) draws it, in window coordinates, clipped to its area, which it
    covers over the background; it is painted again when its area or look (or the palette or
    the text size) changes. Parts do not overlap; what moves is drawn over the copy."""

    def __init__(self, background: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.background = background
        self.surface: pygame.Surface | None = None
        self.look: Hashable = None
        self.painted: dict[Hashable, tuple[pygame.Rect, Hashable]] = {}   # name -> (area, look)
        self.afresh: list[Part] = []     # the parts last painted afresh (paint_afresh)

    def show(self, target: pygame.Surface, parts: Iterable[Part]) -> None:
        parts = list(parts)
        if survey.current is not None:       # painted afresh, where the survey sees it
            target.fill(self.background)
            self.paint_afresh(target, parts, target.get_rect())
            return
        look = (palette.current(), assets.text_scale())
        if self.surface is None or self.surface.get_size() != target.get_size() or \
                self.look != look:
            self.surface = like(target)
            self.surface.fill(self.background)
            self.look, self.painted = look, {}
        picture, wanted = self.surface, {name: (pygame.Rect(area), part_look)
                                         for name, area, part_look, _ in parts}
        for name, (area, _) in list(self.painted.items()):
            if wanted.get(name, (None,))[0] != area:     # gone, or moved: background again
                picture.fill(self.background, area)
                del self.painted[name]
        for name, _, _, paint in parts:
            if self.painted.get(name) != wanted[name]:
                area = wanted[name][0]
                picture.fill(self.background, area)
                picture.set_clip(area)
                paint(picture)
                picture.set_clip(None)
                self.painted[name] = wanted[name]
        target.blit(picture, (0, 0))

    def restore(self, target: pygame.Surface, area: pygame.Rect) -> None:
        """Show the picture again in `area` (over what was drawn there since show)."""
        if survey.current is not None:
            target.fill(self.background, area)
            self.paint_afresh(target, self.afresh, area)
            return
        if self.surface is not None and area:
            target.blit(self.surface, area, area)

    def paint_afresh(self, target: pygame.Surface, parts: list[Part], within: pygame.Rect) -> None:
        """The parts painted straight onto the target, in `within` (while a survey records
        the frame: what a kept picture shows is the same, tests/test_kept_pictures.py)."""
        self.afresh = parts
        for _, area, _, paint in parts:
            target.set_clip(pygame.Rect(area).clip(within))
            paint(target)
        target.set_clip(None)

    def forget(self) -> None:
        self.surface = None
