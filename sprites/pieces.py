"""Round pieces shared by the board games: a domed stone lit from the upper left and its soft
shadow. Painted at 4x and smooth-scaled down; every result is cached."""
from __future__ import annotations

from functools import lru_cache

import pygame

from games.core.loop import sprite_cache

SUPERSAMPLE = 4


def fast(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a window (much quicker to blit)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


@lru_cache(maxsize=160)
@sprite_cache.kept("pieces.domed", 1)
def domed(diameter: int, rim: tuple[int, ...], dark: tuple[int, ...], body: tuple[int, ...],
          light: tuple[int, ...], shine: tuple[int, ...], groove: bool = False) -> pygame.Surface:
    """A domed piece on a transparent square of `diameter` pixels: concentric circles whose
    centre drifts towards the light, a glint, and optionally a turned groove."""
    s = SUPERSAMPLE
    big = max(4, diameter) * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big / 2
    pygame.draw.circle(canvas, rim, (r, r), r)
    inner = r - max(2, 1.5 * s)
    steps = 28
    for k in range(steps):
        t = k / (steps - 1)
        tone = mix(dark, body, t / 0.45) if t < 0.45 else mix(body, light, (t - 0.45) / 0.55)
        pygame.draw.circle(canvas, tone, (r - inner * 0.27 * t, r - inner * 0.27 * t),
                           inner * (1 - t * 0.91))
    if groove:
        pygame.draw.circle(canvas, (*rim, 90), (r, r), inner * 0.62, max(1, s))
    glint = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(glint, (*shine, 125),
                        (r - inner * 0.63, r - inner * 0.75, inner * 0.63, inner * 0.38))
    canvas.blit(glint, (0, 0))
    return fast(pygame.transform.smoothscale(canvas, (diameter, diameter)))


@lru_cache(maxsize=32)
def shadow(diameter: int) -> pygame.Surface:
    """A soft round shadow a little larger than a piece."""
    size = int(diameter * 1.22)
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    c = size * SUPERSAMPLE / 2
    for k in range(8):
        pygame.draw.circle(big, (0, 0, 0, 21), (c, c), c * (1 - k * 0.068))
    return fast(pygame.transform.smoothscale(big, (size, size)))


@lru_cache(maxsize=64)
def ring(diameter: int, colour: tuple[int, ...], width: int, alpha: int = 255) -> pygame.Surface:
    """An antialiased ring (a cursor, a selected piece, a target point)."""
    big = diameter * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(canvas, (*colour, alpha), (big / 2, big / 2), big / 2, width * SUPERSAMPLE)
    return fast(pygame.transform.smoothscale(canvas, (diameter, diameter)))
