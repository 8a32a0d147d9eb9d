"""Mu Torere's art: the wooden board with the eight-pointed star (or the eight-spoked wheel),
domed pieces in any colour of the palette, and the marks drawn over the board (the path a move
travels, rings for the target and the cursor). Also the board's geometry, shared with the scene:
the points, and the line a piece travels between two of them.

Painted at a supersampled size and smooth-scaled down (clean edges); every result is cached.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from games.core.screens import hud, ui
from games.mu_torere import info
from sprites import pieces

SUPERSAMPLE = 4
BOARD_SUPERSAMPLE = 3
CENTRE = 8
NOTCH = 0.42          # the star's inner corners, as a fraction of the points' radius
DISC = 1.25           # the wooden disc's radius, as a fraction of the points' radius

WOOD = (164, 120, 76)
WOOD_DARK = (136, 96, 58)
WOOD_LIGHT = (186, 142, 94)
WOOD_EDGE = (82, 54, 30)
INLAY = (108, 50, 36)          # the star: red ochre (kokowai)
LINE = (240, 226, 196)         # the lines pieces travel along
WELL = (70, 44, 28)


_fast, _mix = pieces.fast, pieces.mix


def angle_of(point: float) -> float:
    """Point 0 is at the top; the points go round clockwise."""
    return math.radians(-90 + 45 * point)


def point_offset(point: int, radius: float) -> tuple[float, float]:
    if point == CENTRE:
        return 0.0, 0.0
    a = angle_of(point)
    return radius * math.cos(a), radius * math.sin(a)


def notch_offset(a: int, b: int, radius: float) -> tuple[float, float]:
    """The star's inner corner between two neighbouring ring points."""
    middle = a + 0.5 if (b - a) % 8 == 1 else a - 0.5
    angle = angle_of(middle)
    return radius * NOTCH * math.cos(angle), radius * NOTCH * math.sin(angle)


def path(style: str, a: int, b: int, radius: float) -> list[tuple[float, float]]:
    """The line a piece travels from point a to point b: a spoke to or from the centre; between
    ring points, the star's outline (in to its inner corner and out again) or the wheel's rim."""
    start, end = point_offset(a, radius), point_offset(b, radius)
    if CENTRE in (a, b) or (b - a) % 8 not in (1, 7):
        return [start, end]
    if style == "star":
        return [start, notch_offset(a, b, radius), end]
    step = 1 if (b - a) % 8 == 1 else -1
    return [(radius * math.cos(angle_of(a + step * k / 24)),
             radius * math.sin(angle_of(a + step * k / 24))) for k in range(25)]


def along(points, t: float) -> tuple[float, float]:
    """The point a fraction t of the way along a polyline (by length)."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:])]
    total = sum(lengths)
    if total == 0:
        return points[-1]
    goal = max(0.0, min(1.0, t)) * total
    for (p, q), length in zip(zip(points, points[1:]), lengths):
        if goal <= length and length:
            f = goal / length
            return p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        goal -= length
    return points[-1]


def star_outline(radius: float) -> list[tuple[float, float]]:
    points = []
    for k in range(8):
        points.append(point_offset(k, radius))
        points.append(notch_offset(k, (k + 1) % 8, radius))
    return points


# --- the board -------------------------------------------------------------------------------

def board_size(radius: int) -> int:
    return int(2 * radius * DISC) + 24


@lru_cache(maxsize=8)
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

    def at(offset):
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


def _polyline(canvas, colour, points, width) -> None:
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
def path_mark(style: str, a: int, b: int, radius: int, colour: tuple, width: int,
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

def piece(colour: tuple, diameter: int) -> pygame.Surface:
    """A domed piece of the given colour lit from the upper left, with a turned groove."""
    return pieces.domed(diameter, _mix(colour, (0, 0, 0), 0.62), _mix(colour, (0, 0, 0), 0.3),
                        colour, _mix(colour, (255, 255, 255), 0.32),
                        _mix(colour, (255, 255, 255), 0.8), groove=True)


shadow = pieces.shadow


ring = pieces.ring


@lru_cache(maxsize=16)
def glow(diameter: int, colour: tuple) -> pygame.Surface:
    """A soft disc of light (the point a selected piece may go to)."""
    s = SUPERSAMPLE
    big = diameter * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    for k in range(12):
        pygame.draw.circle(canvas, (*colour, 18), (c, c), c * (1 - k * 0.07))
    return _fast(pygame.transform.smoothscale(canvas, (diameter, diameter)))


def thumbnail(size) -> pygame.Surface:
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
            image = piece(black if side == "B" else white, diameter)
            picture.blit(image, image.get_rect(center=(centre[0] + dx, centre[1] + dy)))
    x, y = along(path("star", 0, CENTRE, radius), 0.55)
    image = piece(black, diameter + 2)
    picture.blit(image, image.get_rect(center=(centre[0] + x, centre[1] + y - 3)))
    for n, (value, plies) in enumerate(((hud.WIN, 3), (hud.DRAW, None), (hud.LOSS, 4))):
        image = ui.assets.text(hud.grade_words(value, plies), ui.SMALL, hud.INK, True)
        box = pygame.Rect(318, 38 + n * 64, 170, 46)
        ui.panel(picture, box, hud.GRADE_COLOURS[value], radius=12)
        picture.blit(image, image.get_rect(center=box.center))
    return picture
