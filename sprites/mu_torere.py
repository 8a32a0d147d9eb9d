"""Mu Torere's art: the wooden board with the eight-pointed star (or the eight-spoked wheel),
domed pieces in any colour of the palette, and the marks drawn over the board (the path a move
travels, rings for the target and the cursor), over the board's geometry
(games/mu_torere/geometry.py).

Painted at a supersampled size and smooth-scaled down (clean edges); every result is cached.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from games.core.kit.levels import DRAW, LOSS, WIN
from games.core.loop import assets, palette, sprite_cache
from games.core.screens import hud, ui
from games.mu_torere import info
from games.mu_torere.geometry import CENTRE, Point, along, path, point_offset, star_outline
from sprites import pieces
from sprites.colours import ink_on

SUPERSAMPLE = 4
BOARD_SUPERSAMPLE = 3
DISC = 1.25           # the wooden disc's radius, as a fraction of the points' radius

WOOD = (164, 120, 76)
WOOD_DARK = (136, 96, 58)
WOOD_LIGHT = (186, 142, 94)
WOOD_EDGE = (82, 54, 30)
INLAY = (108, 50, 36)          # the star: red ochre (kokowai)
LINE = (240, 226, 196)         # the lines pieces travel along
WELL = (70, 44, 28)


_fast, _mix = pieces.fast, pieces.mix
Colour = tuple[int, ...]      # RGB, or RGBA for a see-through stroke


# --- the board -------------------------------------------------------------------------------

def board_size(radius: int) -> int:
    return int(2 * radius * DISC) + 24


@lru_cache(maxsize=8)
@sprite_cache.kept("mu_torere.board", 1)
def board(style: str, radius: int, well: int) -> pygame.Surface:
    """The wooden disc with the star (or the wheel), its lines and a well at each point, on a
    transparent square of board_size(radius); the centre point is in its middle. `well` is
    the diameter of a point's well."""
    s = BOARD_SUPERSAMPLE
    size = board_size(radius)
    big = size * s
    c = big / 2
    r = radius * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    disc = r * DISC
    # shadow, rim, wood with rings of grain
    for k in range(10):
        pygame.draw.circle(canvas, (0, 0, 0, 16), (c + 4 * s, c + 10 * s), disc + (10 - k) * s)
    pygame.draw.circle(canvas, WOOD_EDGE, (c, c), disc)
    pygame.draw.circle(canvas, WOOD, (c, c), disc - 5 * s)
    grain = pygame.Surface((big, big), pygame.SRCALPHA)
    rng = random.Random(11)
    for _ in range(46):
        rr = rng.uniform(0.05, 1.0) * (disc - 8 * s)
        tone = WOOD_DARK if rng.random() < 0.6 else WOOD_LIGHT
        ox, oy = rng.uniform(-8, 8) * s, rng.uniform(-8, 8) * s
        pygame.draw.circle(grain, (*tone, rng.randint(40, 90)), (c + ox, c + oy), rr,
                           rng.choice((1, 2, 3)) * s)
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), disc - 6 * s)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(grain, (0, 0))
    pygame.draw.circle(canvas, (*WOOD_LIGHT, 150), (c, c), disc - 12 * s, 2 * s)
    line = max(2.5, radius / 50) * s
    edge = max(1.5, radius / 75) * s

    def at(offset: Point) -> Point:
        return c + offset[0] * s, c + offset[1] * s

    if style == "star":
        outline = [at(p) for p in star_outline(radius)]
        pygame.draw.polygon(canvas, INLAY, outline)
        _polyline(canvas, LINE, outline + outline[:1], line)
    else:
        pygame.draw.circle(canvas, INLAY, (c, c), r)
        pygame.draw.circle(canvas, LINE, (c, c), r + line / 2, round(line))
    for k in range(8):
        _polyline(canvas, LINE, [(c, c), at(point_offset(k, radius))], line)
    for k in range(9):
        x, y = at(point_offset(k, radius))
        pygame.draw.circle(canvas, LINE, (x, y), well * s / 2)
        pygame.draw.circle(canvas, WELL, (x, y), well * s / 2 - edge)
        pygame.draw.circle(canvas, _mix(WELL, (0, 0, 0), 0.3), (x, y + edge / 2),
                           well * s / 2 - edge * 2.5)
    return _fast(pygame.transform.smoothscale(canvas, (size, size)))


def _polyline(canvas: pygame.Surface, colour: Colour, points: Sequence[Point],
              width: float) -> None:
    """A thick polyline with round joins and ends: a quad per segment, a disc per joint."""
    half = width / 2
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        length = math.hypot(x2 - x1, y2 - y1)
        if not length:
            continue
        nx, ny = -(y2 - y1) / length * half, (x2 - x1) / length * half
        pygame.draw.polygon(canvas, colour, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny),
                                             (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
    for p in points:
        pygame.draw.circle(canvas, colour, p, half)


@lru_cache(maxsize=256)
def path_mark(style: str, a: int, b: int, radius: int, colour: Colour, width: int,
              alpha: int = 255) -> tuple[pygame.Surface, tuple[int, int]]:
    """The line a move travels, as a thick coloured stroke: (surface, its top-left as an
    offset from the board's centre)."""
    s = SUPERSAMPLE
    points = path(style, a, b, radius)
    pad = width + 4
    left = min(x for x, _ in points) - pad
    top = min(y for _, y in points) - pad
    w = int(max(x for x, _ in points) - left + pad) + 1
    h = int(max(y for _, y in points) - top + pad) + 1
    canvas = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    _polyline(canvas, (*colour, alpha), [((x - left) * s, (y - top) * s) for x, y in points],
              width * s)
    return _fast(pygame.transform.smoothscale(canvas, (w, h))), (int(left), int(top))


# --- pieces and marks ------------------------------------------------------------------------

# The colour-blind safe palette's piece colours: the Okabe-Ito colour nearest each name, each
# then named by its own word (vermilion, orange, pink, sky blue); black and white stay.
SAFE_OF = {"red": "vermilion", "blue": "blue", "green": "bluish green", "gold": "orange",
           "purple": "reddish purple", "teal": "sky blue"}
SAFE_COLOURS: dict[str, tuple[int, int, int]] = {
    "black": info.COLOURS["black"][1], "white": info.COLOURS["white"][1],
    **{name: palette.OKABE_ITO[ito] for name, ito in SAFE_OF.items()},
}


def colour_name(name: str) -> str:
    """A piece colour's shown name (a side's name) as the active palette paints it."""
    shown = info.COLOURS[name][0]
    return reword(shown)


def painted(word: str) -> tuple[int, int, int]:
    """The colour a piece colour's word names, as the active palette paints it."""
    return piece_colour(word)


def reword(text: str) -> str:
    """Words naming piece colours ("Red") as the active palette paints them."""
    return palette.reword(text, SAFE_OF)


def piece_colour(name: str) -> tuple[int, int, int]:
    """A piece colour (by its name in Options) in the active palette."""
    if palette.current() == palette.SAFE:
        return SAFE_COLOURS[name]
    return info.COLOURS[name][1]


def piece(colour: Colour, diameter: int, marked: bool = False) -> pygame.Surface:
    """A domed piece of the given colour lit from the upper left, with a turned groove; a
    marked piece (the second side's) has a dot in its middle, so the sides differ by more than
    colour."""
    if marked:
        return marked_piece(colour, diameter)
    return pieces.domed(diameter, _mix(colour, (0, 0, 0), 0.62), _mix(colour, (0, 0, 0), 0.3),
                        colour, _mix(colour, (255, 255, 255), 0.32),
                        _mix(colour, (255, 255, 255), 0.8), groove=True)


def mark_ink(colour: Colour) -> Colour:
    """The dot's colour: dark on a light piece, light on a dark one."""
    red, green, blue = colour[:3]
    return ink_on((red, green, blue))


@lru_cache(maxsize=32)
def marked_piece(colour: Colour, diameter: int) -> pygame.Surface:
    out = piece(colour, diameter).copy()
    s = SUPERSAMPLE
    big = diameter * s
    dot = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(dot, mark_ink(colour), (big * 0.47, big * 0.47), big * 0.15)
    out.blit(_fast(pygame.transform.smoothscale(dot, (diameter, diameter))), (0, 0))
    return out


shadow = pieces.shadow


ring = pieces.ring


@lru_cache(maxsize=16)
def glow(diameter: int, colour: Colour) -> pygame.Surface:
    """A soft disc of light (the point a selected piece may go to)."""
    s = SUPERSAMPLE
    big = diameter * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    for k in range(12):
        pygame.draw.circle(canvas, (*colour, 18), (c, c), c * (1 - k * 0.07))
    return _fast(pygame.transform.smoothscale(canvas, (diameter, diameter)))


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: the star board in play, a piece sliding into the middle, and
    the graded hint's three marks."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    radius = 90
    star = board("star", radius, 28)
    centre = (150, h // 2)
    picture.blit(star, star.get_rect(center=centre))
    black, white = info.COLOURS["black"][1], info.COLOURS["white"][1]
    diameter = 34
    mark, (left, top) = path_mark("star", 0, CENTRE, radius, ui.ACCENT, 6)
    picture.blit(mark, (centre[0] + left, centre[1] + top))
    for point, side in enumerate(".BBBWWWW"):
        if side != ".":
            dx, dy = point_offset(point, radius)
            image = piece(black if side == "B" else white, diameter, side == "W")
            picture.blit(image, image.get_rect(center=(centre[0] + dx, centre[1] + dy)))
    x, y = along(path("star", 0, CENTRE, radius), 0.55)
    image = piece(black, diameter + 2)
    picture.blit(image, image.get_rect(center=(centre[0] + x, centre[1] + y - 3)))
    for n, (value, plies) in enumerate(((WIN, 3), (DRAW, None), (LOSS, 4))):
        image = assets.text(hud.grade_words(value, plies), ui.SMALL, hud.INK, True)
        box = pygame.Rect(318, 38 + n * 64, 170, 46)
        ui.panel(picture, box, hud.grade_colour(value), radius=12)
        picture.blit(image, image.get_rect(center=box.center))
    return picture
