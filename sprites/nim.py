"""Nim's counters: flat stone discs seen a little from above, so a heap reads as a stack.
Painted at 4x and smooth-scaled down (clean edges); every result is cached."""
from __future__ import annotations

from functools import lru_cache

import pygame

from games.core.loop import palette, sprite_cache
from games.core.screens import ui

SUPERSAMPLE = 4
Colour = tuple[int, int, int]
FLATNESS = 0.15          # the top face's height as a fraction of the disc's width

Tone = tuple[Colour, Colour, Colour, Colour, Colour]


def tone_of(base: Colour) -> Tone:
    """A disc's five colours (top face, face highlight, side light, side dark, outline) from
    the colour of its side."""
    return (_mix(base, (255, 255, 255), 0.35), _mix(base, (255, 255, 255), 0.75), base,
            _mix(base, (0, 0, 0), 0.35), _mix(base, (0, 0, 0), 0.72))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b))
    return red, green, blue


# palette -> tone -> its five colours. The counters at rest, the ones a move would take, the
# hint's, and each side's (its card and the counters it took).
STONE: Tone = ((232, 222, 200), (250, 245, 232), (212, 196, 166), (150, 134, 108), (52, 46, 38))
TONES: dict[str, dict[str, Tone]] = {
    palette.STANDARD: {
        "stone": STONE,
        "take": ((252, 206, 118), (255, 236, 190), (240, 180, 80), (178, 118, 36), (70, 44, 12)),
        "hint": ((150, 222, 172), (214, 248, 224), (112, 200, 142), (52, 132, 86), (18, 60, 36)),
        "left": ((160, 196, 250), (220, 234, 255), (120, 162, 232), (60, 96, 170), (20, 34, 70)),
        "right": ((246, 170, 150), (255, 222, 212), (230, 132, 112), (160, 76, 60),
                  (70, 26, 18)),
    },
    palette.SAFE: {"stone": STONE, **{tone: tone_of(palette.OKABE_ITO[name]) for tone, name in (
        ("take", "orange"), ("hint", "bluish green"), ("left", "sky blue"),
        ("right", "vermilion"))}},
}


def tone(name: str) -> Tone:
    """A tone's colours in the active palette."""
    return TONES[palette.current()][name]


def face_height(width: int) -> int:
    """Pixel height of the oval top face for a disc this wide (twice the ellipse's ry)."""
    return max(4, round(width * FLATNESS))


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a window (much quicker to blit)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=2)   # full-width surfaces: keep only the resting sizes, not every slide frame
def baize(size: tuple[int, int], colour: Colour, edge: Colour, behind: Colour) -> pygame.Surface:
    """The rounded table the heaps stand on, opaque (`behind` shows in the corners)."""
    surface = pygame.Surface(size)
    surface.fill(behind)
    pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=26)
    pygame.draw.rect(surface, edge, surface.get_rect(), 2, border_radius=26)
    return surface.convert() if pygame.display.get_surface() is not None else surface


def disc(width: int, thickness: int, name: str = "stone") -> pygame.Surface:
    """One counter: an oval top face over a shaded side band `thickness` pixels high, on a
    transparent surface of width x (face_height + thickness). Stacked `thickness` apart, each
    disc's underside covers the face of the one below, leaving a neat seam."""
    return painted_disc(width, thickness, tone(name))


@lru_cache(maxsize=128)
@sprite_cache.kept("nim.disc", 1)
def painted_disc(width: int, thickness: int, colours: Tone) -> pygame.Surface:
    top, shine, side_light, side_dark, edge = colours
    s = SUPERSAMPLE
    w, face, t = width * s, face_height(width) * s, thickness * s
    h = face + t
    line = max(2, round(1.6 * s))
    canvas = pygame.Surface((w, h), pygame.SRCALPHA)

    # The side band: a silhouette (outline colour), then a horizontally shaded fill.
    pygame.draw.ellipse(canvas, edge, (0, t, w, face))
    pygame.draw.rect(canvas, edge, (0, face // 2, w, t))
    band = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(w):
        u = abs(x / (w - 1) * 2 - 1)       # 0 at the middle, 1 at the rims
        light = (1 - u ** 2.2) * 0.85 + 0.15
        if x < w * 0.42:
            light = min(1.0, light + 0.12)   # the light comes from the upper left
        pygame.draw.line(band, _mix(side_dark, side_light, light), (x, 0), (x, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), (line, t - line, w - 2 * line, face))
    pygame.draw.rect(mask, (255, 255, 255, 255), (line, face // 2, w - 2 * line, t - line))
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(band, (0, 0))

    # The top face, with a soft highlight towards the upper left.
    pygame.draw.ellipse(canvas, edge, (0, 0, w, face))
    pygame.draw.ellipse(canvas, _mix(top, side_light, 0.35), (line, line, w - 2 * line,
                                                              face - 2 * line))
    pygame.draw.ellipse(canvas, top, (line * 2, line, w - 4 * line, face - 3 * line))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (*shine, 150), (w * 0.16, face * 0.14, w * 0.42, face * 0.38))
    canvas.blit(glow, (0, 0))
    return _fast(pygame.transform.smoothscale(canvas, (width, face_height(width) + thickness)))


def disc_scaled(width: int, thickness: int, name: str, scale_step: int) -> pygame.Surface:
    """A disc shrunk to scale_step/20 of its size (flying counters), cached per step. The
    caller sets the alpha just before each blit."""
    return _disc_scaled(width, thickness, tone(name), scale_step)


@lru_cache(maxsize=256)
def _disc_scaled(width: int, thickness: int, colours: Tone, scale_step: int) -> pygame.Surface:
    base = painted_disc(width, thickness, colours)
    factor = max(1, scale_step) / 20
    size = (max(2, round(base.get_width() * factor)), max(2, round(base.get_height() * factor)))
    return _fast(pygame.transform.smoothscale(base, size))


@lru_cache(maxsize=32)
def ghost(width: int, thickness: int, count: int, colour: Colour) -> pygame.Surface:
    """The editor's empty slots: `count` faint oval outlines stacked `thickness` apart, bottom
    slot at the bottom of the surface."""
    face = face_height(width)
    height = count * thickness + face
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    for k in range(count):
        y = height - face - (k + 1) * thickness + thickness
        rect = pygame.Rect(4, y - thickness + face // 2 + 2, width - 8, thickness - 4)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=max(4, thickness // 3))
    return surface


@lru_cache(maxsize=8)
def shadow(width: int) -> pygame.Surface:
    """A soft oval shadow to sit under a heap."""
    w, h = int(width * 1.25), face_height(width) + 10
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    for k in range(6):
        inset = k * s * 2
        pygame.draw.ellipse(big, (0, 0, 0, 26), (inset, inset, w * s - 2 * inset,
                                                 h * s - 2 * inset))
    return pygame.transform.smoothscale(big, (w, h))


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: the classic 3-4-5 stacks and their binary."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    disc_w, thick = 92, 30
    base = h - 22
    for n, heap in enumerate((3, 4, 5)):
        x = 40 + n * 112
        under = shadow(disc_w)
        picture.blit(under, (x - (under.get_width() - disc_w) / 2,
                             base - under.get_height() / 2 - 6))
        for k in range(heap):
            lit = "take" if (n, k) in ((0, 1), (0, 2)) else "stone"
            picture.blit(disc(disc_w, thick, lit),
                         (x + ((k * 37 + n * 11) % 7 - 3),
                          base - face_height(disc_w) - (k + 1) * thick))
    for k, (words, colour) in enumerate((("011", ui.TEXT), ("100", ui.TEXT), ("101", ui.TEXT),
                                         ("010", ui.ACCENT))):
        ui.label(picture, words, (w - 40, 26 + k * 46), ui.BODY, colour, bold=True,
                 anchor="topright")
    pygame.draw.line(picture, ui.LINE, (w - 120, 26 + 3 * 46 - 6), (w - 36, 26 + 3 * 46 - 6), 2)
    return picture
