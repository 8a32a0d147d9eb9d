"""Easing functions and tweens. A tween runs from 0 to 1 over its duration; scenes map that
fraction onto positions. `finish()` snaps it to the end (new input arrived).

A tween lives in a Tweens, made with the App's Motion: a tween added, or updated unfinished,
notes it there, and the App draws the frame and stays awake while one moves, so no scene has
to say that it animates."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

Ease = Callable[[float], float]


class Motion:
    """Whether any tween moved: the App owns one and hands it to every Tweens."""

    def __init__(self) -> None:
        self.moving = False

    def take(self) -> bool:
        """Whether a tween was added, or updated unfinished, since the last call (the App asks
        after each frame's steps)."""
        was, self.moving = self.moving, False
        return was


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def pulse(t: float) -> float:
    """0 -> 1 -> 0, for flashes."""
    return math.sin(math.pi * t)


GLOW_SECONDS = 4.5 * math.pi / 5    # two and a quarter beats, ending at full strength


def glow(age: float) -> float:
    """A glow's strength, 0..1, `age` seconds after it lit (a hint, a chosen piece's target):
    it beats a few times, then holds still at full, so the screen can rest."""
    return 1.0 if age >= GLOW_SECONDS else 0.5 + 0.5 * math.sin(age * 5)


class Tween:
    def __init__(self, duration: float, ease: Ease = ease_in_out_cubic, payload: Any = None,
                 delay: float = 0.0):
        self.duration = max(duration, 1e-6)
        self.ease = ease
        self.payload = payload
        self.time = -delay

    def update(self, dt: float) -> None:
        self.time = min(self.duration, self.time + dt)

    def finish(self) -> None:
        self.time = self.duration

    @property
    def done(self) -> bool:
        return self.time >= self.duration

    @property
    def value(self) -> float:
        return self.ease(max(0.0, self.time) / self.duration)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


Point = tuple[float, float]


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Tweens:
    """A set of running tweens: update them all, drop the finished, snap all on new input.
    Whatever moves is noted in the App's Motion."""

    def __init__(self, motion: Motion):
        self.motion = motion
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        self.motion.moving = True     # a new tween moves from its next update on
        return tween

    def update(self, dt: float) -> None:
        for tween in self.items:
            if not tween.done:
                self.motion.moving = True
            tween.update(dt)
        self.items = [t for t in self.items if not t.done]

    def finish_all(self) -> None:
        for tween in self.items:
            tween.finish()
        self.items.clear()

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Tween]:
        return iter(self.items)
