"""Four Field Kono's art: polished black and white stones, a wooden board of points and lines,
soft shadows and the marks drawn on the board. Painted at 4x and smooth-scaled down (clean
edges); every result is cached."""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from games.core.loop import assets, sprite_cache
from games.core.screens import ui
from sprites import pieces

SUPERSAMPLE = 4
MARK_INK = (24, 26, 34)   # the outline of the marks the scene draws over the board

# stone -> (rim, dark, body, light, shine)
STONES = {
    "B": ((10, 11, 15), (28, 30, 38), (50, 53, 64), (92, 98, 116), (196, 204, 222)),
    "W": ((96, 86, 70), (186, 176, 154), (226, 219, 200), (244, 240, 228), (255, 255, 255)),
}
WOOD = (176, 134, 84)
WOOD_DARK = (150, 110, 64)
WOOD_LIGHT = (196, 156, 104)
WOOD_EDGE = (92, 62, 34)
INK = (58, 38, 22)


_fast, _mix = pieces.fast, pieces.mix
Colour = tuple[int, ...]      # RGB, or RGBA for a see-through mark
Point = tuple[float, float]


def stone(colour: str, diameter: int) -> pygame.Surface:
    """A domed stone lit from the upper left, on a transparent square of `diameter` pixels."""
    return pieces.domed(diameter, *STONES[colour])


shadow = pieces.shadow


LABEL_EDGE = 24     # the margin's letters and numbers: their middles this far in from the rim
LABEL_SIZE = 24


@lru_cache(maxsize=8)
@sprite_cache.kept("kono.board", 1)
def board(size: tuple[int, int], spacing: int, labels: tuple[str, str],
          behind: Colour) -> pygame.Surface:
    """The wooden board: a rounded panel with grain, the 4x4 lines and their points, and the
    coordinates in the margin. `labels` = (files left to right, ranks top to bottom)."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(behind)
    wood = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(wood, WOOD, wood.get_rect(), border_radius=28)
    grain = pygame.Surface(size, pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(70):
        y0 = rng.uniform(0, h)
        amp, freq, phase = rng.uniform(2, 9), rng.uniform(0.004, 0.012), rng.uniform(0, 6.3)
        tone = WOOD_DARK if rng.random() < 0.6 else WOOD_LIGHT
        alpha = rng.randint(30, 80)
        points = [(x, y0 + amp * math.sin(x * freq + phase)) for x in range(0, w + 20, 20)]
        pygame.draw.lines(grain, (*tone, alpha), False, points, rng.choice((1, 2, 3)))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=28)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    wood.blit(grain, (0, 0))
    pygame.draw.rect(wood, WOOD_EDGE, wood.get_rect(), 4, border_radius=28)
    pygame.draw.rect(wood, (*WOOD_LIGHT, 120), wood.get_rect().inflate(-10, -10), 2,
                     border_radius=24)
    surface.blit(wood, (0, 0))
    left = (w - 3 * spacing) // 2
    top = (h - 3 * spacing) // 2
    span = 3 * spacing
    for k in range(4):
        across, down = top + k * spacing, left + k * spacing
        pygame.draw.line(surface, INK, (left, across), (left + span, across), 7)
        pygame.draw.line(surface, INK, (down, top), (down, top + span), 7)
    for row in range(4):
        for col in range(4):
            pygame.draw.circle(surface, INK, (left + col * spacing, top + row * spacing), 13)
    files, ranks = labels
    edge = LABEL_EDGE
    for k, letter in enumerate(files):
        image = assets.text(letter, LABEL_SIZE, INK, True)
        for y in (edge, h - edge):
            surface.blit(image, image.get_rect(center=(left + k * spacing, y)))
    for k, number in enumerate(ranks):
        image = assets.text(number, LABEL_SIZE, INK, True)
        for x in (edge, w - edge):
            surface.blit(image, image.get_rect(center=(x, top + k * spacing)))
    return surface.convert() if pygame.display.get_surface() is not None else surface


@lru_cache(maxsize=16)
def tray(size: tuple[int, int]) -> pygame.Surface:
    """The recessed wooden tray on a player's card where captured stones are kept."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, WOOD_EDGE, surface.get_rect(), border_radius=h // 2)
    pygame.draw.rect(surface, WOOD_DARK, surface.get_rect().inflate(-8, -8),
                     border_radius=h // 2 - 4)
    inner = pygame.Rect(6, 10, w - 12, h - 14)
    pygame.draw.rect(surface, WOOD, inner, border_radius=inner.height // 2)
    return _fast(surface)


ring = pieces.ring


@lru_cache(maxsize=32)
def dot(diameter: int, colour: Colour, edge: Colour, alpha: int = 255) -> pygame.Surface:
    """A filled, outlined dot (a point a piece may step to)."""
    s = SUPERSAMPLE
    big = diameter * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(canvas, (*edge, alpha), (big / 2, big / 2), big / 2)
    pygame.draw.circle(canvas, (*colour, alpha), (big / 2, big / 2), big / 2 - 3 * s)
    return _fast(pygame.transform.smoothscale(canvas, (diameter, diameter)))


def arrow(surface: pygame.Surface, points: Sequence[Point], colour: Colour, width: int,
          head: int) -> None:
    """A polyline with an arrowhead at its last point, drawn straight onto `surface`."""
    if len(points) < 2:
        return
    (x1, y1), (x2, y2) = points[-2], points[-1]
    angle = math.atan2(y2 - y1, x2 - x1)
    tip = (x2, y2)
    base = (x2 - head * math.cos(angle), y2 - head * math.sin(angle))
    shaft = list(points[:-1]) + [base]
    pygame.draw.lines(surface, colour, False, shaft, width)
    for p in shaft[1:-1]:
        pygame.draw.circle(surface, colour, p, width / 2)
    left = (base[0] + head * 0.6 * math.cos(angle + math.pi / 2),
            base[1] + head * 0.6 * math.sin(angle + math.pi / 2))
    right = (base[0] + head * 0.6 * math.cos(angle - math.pi / 2),
             base[1] + head * 0.6 * math.sin(angle - math.pi / 2))
    pygame.draw.polygon(surface, colour, [tip, left, right])


@lru_cache(maxsize=32)
def trail(length: int, width: int, colour: Colour, alpha: int, vertical: bool
          ) -> pygame.Surface:
    """A see-through band along a board line (the last move's trail), with rounded ends."""
    size = (width, length + width) if vertical else (length + width, width)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (*colour, alpha), surface.get_rect(), border_radius=width // 2)
    return _fast(surface)


def curve(a: Point, control: Point, b: Point, start: float, end: float, steps: int = 16
          ) -> list[Point]:
    """Points along the quadratic Bezier a-control-b from parameter `start` to `end` (a
    capture's arc over the friend it jumps)."""
    points = []
    for k in range(steps + 1):
        t = start + (end - start) * k / steps
        points.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * control[0] + t * t * b[0],
                       (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * control[1] + t * t * b[1]))
    return points


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: a board in mid-game with a capture arcing over a friend, and a
    tray of captured stones."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    side = h - 16
    spacing = 58
    left, top = 28, 8
    wood = pygame.Rect(left, top, side, side)
    pygame.draw.rect(picture, WOOD, wood, border_radius=18)
    pygame.draw.rect(picture, WOOD_EDGE, wood, 3, border_radius=18)
    x0 = wood.centerx - 1.5 * spacing
    y0 = wood.centery - 1.5 * spacing
    span = 3 * spacing
    for k in range(4):
        across, down = y0 + k * spacing, x0 + k * spacing
        pygame.draw.line(picture, INK, (x0, across), (x0 + span, across), 4)
        pygame.draw.line(picture, INK, (down, y0), (down, y0 + span), 4)
    layout = "BB.B" ".BBW" "WW.W" "W.W."
    for point, piece in enumerate(layout):
        row, col = divmod(point, 4)
        centre = (x0 + col * spacing, y0 + row * spacing)
        if piece == ".":
            pygame.draw.circle(picture, INK, centre, 6)
            continue
        under = shadow(42)
        picture.blit(under, under.get_rect(center=(centre[0] + 2, centre[1] + 4)))
        image = stone(piece, 42)
        picture.blit(image, image.get_rect(center=centre))
    # a capture: the black stone on b3 jumps its friend on c3 onto the white stone on d3
    a = (x0 + 1 * spacing, y0 + 0 * spacing)
    over = (x0 + 1 * spacing, y0 + 1 * spacing)
    b = (x0 + 1 * spacing, y0 + 2 * spacing)
    control = (over[0] + 0.75 * spacing, over[1])
    points = curve(a, control, b, 0.12, 0.88)
    arrow(picture, points, MARK_INK, 13, 26)
    arrow(picture, points, ui.GOOD, 7, 19)
    # the trays of captured stones: Black's captures above, White's below
    right = wood.right + 30
    for k, (piece, count) in enumerate((("W", 3), ("B", 2))):
        box = pygame.Rect(right, 40 + k * 110, w - right - 24, 64)
        picture.blit(tray(box.size), box)
        for n in range(count):
            image = stone(piece, 44)
            picture.blit(image, image.get_rect(center=(box.left + 38 + n * 50, box.centery + 2)))
    return picture
