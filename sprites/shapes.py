"""Painted shapes for tiles and pieces: drawn at 4x with plain polygons, then smooth-scaled
down, which gives clean antialiased edges; every result is cached."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

SUPERSAMPLE = 4
OUTLINE = (20, 22, 30)

Colour = tuple[int, ...]        # RGB, or RGBA
Points = list[tuple[float, float]]


def polygon_points(shape: str, size: float) -> Points | None:
    """Vertices of a shape in a size x size box (None for the circle)."""
    c, r = size / 2, size * 0.44
    if shape == "square":
        s = r * 0.86
        return [(c - s, c - s), (c + s, c - s), (c + s, c + s), (c - s, c + s)]
    if shape == "triangle":
        return [(c + r * math.cos(math.radians(a)), c + r * 0.12 + r * math.sin(math.radians(a)))
                for a in (-90, 30, 150)]
    if shape == "diamond":
        return [(c, c - r), (c + r * 0.75, c), (c, c + r), (c - r * 0.75, c)]
    if shape == "hexagon":
        return [(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]
    if shape == "star":
        points: Points = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.45
            angle = math.radians(-90 + 36 * k)
            points.append((c + radius * math.cos(angle), c + r * 0.06 + radius * math.sin(angle)))
        return points
    return None


@lru_cache(maxsize=512)
def shape(name: str, colour: Colour, size: int, outline: Colour = OUTLINE) -> pygame.Surface:
    """A filled shape with a dark outline, on a transparent square of `size` pixels."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    line = max(2, big // 22)
    points = polygon_points(name, big)
    if points is None:
        pygame.draw.circle(canvas, outline, (big / 2, big / 2), big * 0.42)
        pygame.draw.circle(canvas, colour, (big / 2, big / 2), big * 0.42 - line)
    else:
        pygame.draw.polygon(canvas, outline, points)
        inner = shrink(points, line * (1.9 if name in ("star", "triangle") else 1.2))
        pygame.draw.polygon(canvas, colour, inner)
    return pygame.transform.smoothscale(canvas, (size, size))


def shrink(points: Points, distance: float) -> Points:
    """Move each vertex towards the centroid by `distance` (an inset outline)."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    out: Points = []
    for x, y in points:
        dx, dy = x - cx, y - cy
        length = math.hypot(dx, dy) or 1
        out.append((x - dx / length * distance, y - dy / length * distance))
    return out


@lru_cache(maxsize=256)
def rounded_card(size: tuple[int, int], colour: Colour, radius: int, border: Colour | None = None,
                 width: int = 0, shadow: bool = True) -> pygame.Surface:
    """A rounded rectangle with an optional soft drop shadow (8 px below)."""
    w, h = size
    pad = 10 if shadow else 0
    surface = pygame.Surface((w + pad, h + pad), pygame.SRCALPHA)
    if shadow:
        pygame.draw.rect(surface, (0, 0, 0, 90), (pad // 2, pad, w, h), border_radius=radius)
    pygame.draw.rect(surface, colour, (0, 0, w, h), border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, (0, 0, w, h), width, border_radius=radius)
    return surface
