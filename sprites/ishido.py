"""Ishido's stones: six colours (Paul Tol's "bright" scheme, or the Okabe-Ito colours in the
colour-blind safe palette) and six symbols with clearly different silhouettes, so a stone reads
by colour alone and by symbol alone. Painted at 4x and smooth-scaled down; every result is
cached (a game uses a handful of sizes)."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from games.core.loop import palette, sprite_cache
from games.core.screens import ui
from sprites.colours import Colour, shade

SUPERSAMPLE = 4
SQUARE_INNER = (50, 58, 78)     # the board's inner squares

# Standard: Paul Tol's bright scheme (https://personal.sron.nl/~pault/), grey left out.
# Colour-blind safe: the Okabe-Ito colours nearest the names, each then named by its own word
# (sky blue, vermilion, pink).
COLOUR_NAMES = ("blue", "cyan", "green", "yellow", "red", "purple")
SAFE_OF = dict(zip(COLOUR_NAMES, ("blue", "sky blue", "bluish green", "yellow", "vermilion",
                                  "reddish purple")))
PALETTES: dict[str, tuple[Colour, ...]] = {
    palette.STANDARD: ((68, 119, 170), (102, 204, 238), (34, 136, 51), (204, 187, 68),
                       (238, 102, 119), (170, 51, 119)),
    palette.SAFE: tuple(palette.OKABE_ITO[SAFE_OF[name]] for name in COLOUR_NAMES),
}
SYMBOL_NAMES = ("sun", "mountain", "diamond", "star", "cross", "moon")

INK = (250, 246, 234)       # the symbol: ivory ...
RIM = (22, 24, 32)          # ... with a dark rim, so it stands out on light and dark colours
EDGE = (18, 20, 28)


def name(kind: int) -> str:
    """'blue star' for a stone kind (colour * 6 + symbol), its colour named as the active
    palette paints it ('sky blue star')."""
    return f"{colour_name(kind)} {SYMBOL_NAMES[kind % 6]}"


def colour_name(kind: int) -> str:
    """A stone kind's colour, named as the active palette paints it."""
    colour = COLOUR_NAMES[kind // 6]
    return palette.word(colour, SAFE_OF[colour])


def painted(word: str) -> Colour:
    """The colour a stone's colour word names, as the active palette paints it."""
    return PALETTES[palette.current()][COLOUR_NAMES.index(word)]


def reword(text: str) -> str:
    """The game's words (the rules, the lesson) with each stone colour named as the active
    palette paints it."""
    return palette.reword(text, SAFE_OF)


def _star(c: float, outer: float, inner: float, points: int = 5,
          lift: float = 0.0) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(-90 + 180 / points * k)
        out.append((c + radius * math.cos(angle), c + lift + radius * math.sin(angle)))
    return out


def _symbol_mask(symbol: int, big: int) -> pygame.Surface:
    """The symbol in white on a transparent big x big square."""
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    white, c, r = (255, 255, 255, 255), big / 2, big * 0.40
    if symbol == 0:     # sun: a thick ring round a dot, the old sign for the sun
        pygame.draw.circle(mask, white, (c, c), r * 0.98)
        pygame.draw.circle(mask, (0, 0, 0, 0), (c, c), r * 0.64)
        pygame.draw.circle(mask, white, (c, c), r * 0.3)
    elif symbol == 1:   # mountain: a broad triangle
        pygame.draw.polygon(mask, white, [(c, c - r * 0.92), (c + r * 1.05, c + r * 0.78),
                                          (c - r * 1.05, c + r * 0.78)])
    elif symbol == 2:   # diamond
        pygame.draw.polygon(mask, white, [(c, c - r * 1.08), (c + r * 0.74, c), (c, c + r * 1.08),
                                          (c - r * 0.74, c)])
    elif symbol == 3:   # star
        pygame.draw.polygon(mask, white, _star(c, r * 1.1, r * 0.46, 5, r * 0.08))
    elif symbol == 4:   # cross: a plus with thick arms
        t = r * 0.66
        rounding = int(t * 0.2)
        pygame.draw.rect(mask, white, (c - r * 0.95, c - t / 2, r * 1.9, t), border_radius=rounding)
        pygame.draw.rect(mask, white, (c - t / 2, c - r * 0.95, t, r * 1.9), border_radius=rounding)
    else:               # moon: a crescent
        pygame.draw.circle(mask, white, (c - r * 0.1, c), r * 0.98)
        pygame.draw.circle(mask, (0, 0, 0, 0), (c + r * 0.38, c - r * 0.22), r * 0.84)
    return mask


def _tinted(mask: pygame.Surface, colour: Colour) -> pygame.Surface:
    out = mask.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=64)
def symbol(sym: int, size: int, ink: Colour = INK, rim: Colour = RIM) -> pygame.Surface:
    """The symbol alone, ivory with a dark rim, on a transparent size x size square."""
    big = size * SUPERSAMPLE
    mask = _symbol_mask(sym, big)
    dark, light = _tinted(mask, rim), _tinted(mask, ink)
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    width = max(2.0, big * 0.055)
    for k in range(16):     # the rim: the dark symbol stamped in a ring around its place
        a = 2 * math.pi * k / 16
        canvas.blit(dark, (round(width * math.cos(a)), round(width * math.sin(a))))
    canvas.blit(light, (0, 0))
    return pygame.transform.smoothscale(canvas, (size, size))


def depth_of(size: int) -> int:
    return max(2, round(size * 0.06))


def stone(kind: int, size: int) -> pygame.Surface:
    """A stone on a transparent size x size square: a coloured face with its symbol, raised
    on a darker edge, in the active palette."""
    return painted_stone(kind, size, palette.current())


@lru_cache(maxsize=160)
@sprite_cache.kept("ishido.stone", 1)
def painted_stone(kind: int, size: int, scheme: str) -> pygame.Surface:
    colour = PALETTES[scheme][kind // 6]
    depth = depth_of(size)
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = int(big * 0.17)
    d = depth * SUPERSAMPLE
    pygame.draw.rect(canvas, EDGE, (0, d, big, big - d), border_radius=radius)
    pygame.draw.rect(canvas, shade(colour, 0.55), (SUPERSAMPLE, d, big - 2 * SUPERSAMPLE,
                                                   big - d - SUPERSAMPLE), border_radius=radius)
    face = pygame.Rect(0, 0, big, big - d)
    pygame.draw.rect(canvas, EDGE, face, border_radius=radius)
    inner = face.inflate(-2 * SUPERSAMPLE, -2 * SUPERSAMPLE)
    pygame.draw.rect(canvas, colour, inner, border_radius=radius - SUPERSAMPLE)
    gloss = pygame.Rect(inner.left + inner.width * 0.07, inner.top + inner.height * 0.05,
                        inner.width * 0.86, inner.height * 0.26)
    pygame.draw.rect(canvas, shade(colour, 1.18), gloss, border_radius=int(gloss.height / 2))
    lower = gloss.inflate(-gloss.width * 0.04, 0).move(0, gloss.height * 0.45)
    pygame.draw.rect(canvas, colour, lower, border_radius=int(gloss.height / 2))
    surface = pygame.transform.smoothscale(canvas, (size, size))
    glyph = symbol(kind % 6, int(size * 0.66))
    face_h = size - depth
    surface.blit(glyph, glyph.get_rect(center=(size / 2, face_h / 2 + size * 0.01)))
    return surface


def scaled(kind: int, size: int, reference: int) -> pygame.Surface:
    """A stone at an in-between size (flights grow and shrink), scaled from the reference
    painting rather than painted again."""
    return _scaled(kind, size, reference, palette.current())


@lru_cache(maxsize=128)
def _scaled(kind: int, size: int, reference: int, scheme: str) -> pygame.Surface:
    if size == reference:
        return painted_stone(kind, size, scheme)
    return pygame.transform.smoothscale(painted_stone(kind, reference, scheme), (size, size))


def ghost(kind: int, size: int, alpha: int = 110) -> pygame.Surface:
    """A see-through stone: where the stone would go (hints, the pointer's preview)."""
    return _ghost(kind, size, alpha, palette.current())


@lru_cache(maxsize=72)
def _ghost(kind: int, size: int, alpha: int, scheme: str) -> pygame.Surface:
    out = painted_stone(kind, size, scheme).copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=16)
def shadow(size: int, lift: int) -> pygame.Surface:
    """A soft shadow under a lifted stone (bigger and fainter the higher it is)."""
    pad = lift + 6
    surface = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    for k in range(5):
        grow = pad - k * pad // 5
        alpha = 26 + k * 10
        pygame.draw.rect(surface, (0, 0, 0, alpha),
                         (pad - grow, pad - grow, size + 2 * grow, size + 2 * grow),
                         border_radius=int(size * 0.2) + grow)
    return surface


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: part of a board mid-game, and a stone about to make a 4-way."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    layout = ("ab.c..de", ".fg.hi.j", "k.lmn.op", "qr..s.tu")
    kinds = {"a": 22, "b": 23, "c": 0, "d": 34, "e": 32, "f": 20, "g": 2, "h": 15, "i": 12,
             "j": 8, "k": 24, "l": 26, "m": 27, "n": 33, "o": 35, "p": 11, "q": 28, "r": 16,
             "s": 30, "t": 31, "u": 7}
    pitch = min((w - 24) // len(layout[0]), (h - 24) // len(layout))
    size_ = pitch - 8
    left = (w - pitch * len(layout[0])) // 2
    top = (h - pitch * len(layout)) // 2

    def square(r: int, c: int) -> pygame.Rect:
        return pygame.Rect(left + c * pitch + 2, top + r * pitch + 2, pitch - 4, pitch - 4)

    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            rect = square(r, c)
            pygame.draw.rect(picture, SQUARE_INNER, rect, border_radius=8)
            if ch in kinds:
                picture.blit(stone(kinds[ch], size_),
                             (rect.centerx - size_ // 2, rect.centery - size_ // 2))
    hole = square(1, 3)     # four neighbours: a 4-way waiting for a blue star
    pygame.draw.rect(picture, ui.ACCENT, hole.inflate(4, 4), 4, border_radius=10)
    lifted = (hole.centerx + pitch * 0.75, hole.centery - pitch * 0.8)
    shade = shadow(size_ + 8, 10)
    picture.blit(shade, shade.get_rect(center=(lifted[0] + 6, lifted[1] + 10)))
    lifted_stone = stone(3, size_ + 8)
    picture.blit(lifted_stone, lifted_stone.get_rect(center=(round(lifted[0]), round(lifted[1]))))
    return picture
