"""Mu Torere's board as geometry, for the art, the screen and the keyboard cursor alike: where
the nine points are round a centre, and the line a piece travels between two of them (the star's
outline, or the wheel's rim, or a spoke). Offsets from the board's centre; pure math."""
from __future__ import annotations

import math
from collections.abc import Sequence

CENTRE = 8
RADIUS, PIECE, WELL = 300, 104, 86      # the points' circle, a piece's and a well's diameter
NOTCH = 0.42          # the star's inner corners, as a fraction of the points' radius

Point = tuple[float, float]


def angle_of(point: float) -> float:
    """Point 0 is at the top; the points go round clockwise."""
    return math.radians(-90 + 45 * point)


def turned(point: int, flipped: bool) -> int:
    """Where `point` is drawn on a board turned round (180 degrees: the opposite tip; the
    centre stays). Turning twice gives the point back."""
    return (point + 4) % 8 if flipped and point != CENTRE else point


def point_offset(point: int, radius: float) -> Point:
    if point == CENTRE:
        return 0.0, 0.0
    a = angle_of(point)
    return radius * math.cos(a), radius * math.sin(a)


def notch_offset(a: int, b: int, radius: float) -> Point:
    """The star's inner corner between two neighbouring ring points."""
    middle = a + 0.5 if (b - a) % 8 == 1 else a - 0.5
    angle = angle_of(middle)
    return radius * NOTCH * math.cos(angle), radius * NOTCH * math.sin(angle)


def path(style: str, a: int, b: int, radius: float) -> list[Point]:
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


def along(points: Sequence[Point], t: float) -> Point:
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


def star_outline(radius: float) -> list[Point]:
    points = []
    for k in range(8):
        points.append(point_offset(k, radius))
        points.append(notch_offset(k, (k + 1) % 8, radius))
    return points


def step_towards(point: int, dx: int, dy: int) -> int | None:
    """The point an arrow (dx, dy; y down) goes to from `point`: the nearest one ahead, with a
    point off to the side costing twice its distance across; None when nothing lies ahead."""
    x0, y0 = point_offset(point, 1.0)
    best, best_cost = None, 0.0
    for other in range(9):
        x, y = point_offset(other, 1.0)
        ahead = (x - x0) * dx + (y - y0) * dy
        if other == point or ahead <= 1e-6:
            continue
        cost = ahead + 2 * abs((x - x0) * dy - (y - y0) * dx)
        if best is None or cost < best_cost:
            best, best_cost = other, cost
    return best
