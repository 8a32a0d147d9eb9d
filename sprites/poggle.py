"""Poggle's buttons: raised keys in the active palette, each colour also carrying its
number as dice pips, so the board reads without colour. Painted at 3x and smooth-scaled down;
every result is cached (a board uses one size, so a handful of surfaces per game)."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from games.core.loop import palette
from games.core.screens import ui
from sprites.colours import Colour, shade

SUPERSAMPLE = 3

# Colour 0 is the goal: a dark, unlit key with no pips. Colours 1..4 in order of falling
# lightness, so they also differ in grey, and the pips (1..4) name the colour number outright.
# Standard: yellow, green, blue, red; colour-blind safe: four Okabe-Ito colours.
BLANK = (70, 79, 102)
PALETTES: dict[str, tuple[Colour, ...]] = {
    palette.STANDARD: (BLANK, (245, 208, 70), (90, 190, 110), (80, 140, 230), (226, 78, 72)),
    palette.SAFE: (BLANK, *(palette.OKABE_ITO[name] for name in (
        "yellow", "sky blue", "reddish purple", "vermilion"))),
}
INK = (24, 27, 38)
SOCKET = (58, 66, 86)

# Pip centres on a unit face, dice style.
PIPS = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.3, 0.3), (0.7, 0.7)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)),
}


def depth_of(size: int) -> int:
    """How far a key stands up from the tray (and sinks when pressed), in pixels."""
    return max(3, round(size * 0.07))


def face(colour: int, size: int) -> pygame.Surface:
    """The top of a key: size wide, size - depth tall, with its pips, in the active palette."""
    return _face(colour, size, palette.current())


@lru_cache(maxsize=128)
def _face(colour: int, size: int, scheme: str) -> pygame.Surface:
    height = size - depth_of(size)
    big_w, big_h = size * SUPERSAMPLE, height * SUPERSAMPLE
    canvas = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
    fill = PALETTES[scheme][colour]
    radius = int(big_w * 0.18)
    pygame.draw.rect(canvas, fill, (0, 0, big_w, big_h), border_radius=radius)
    # A soft gloss along the top edge, and a thin rim.
    gloss = pygame.Rect(big_w * 0.08, big_h * 0.05, big_w * 0.84, big_h * 0.22)
    pygame.draw.rect(canvas, shade(fill, 1.1 if colour == 0 else 1.22), gloss,
                     border_radius=int(gloss.height / 2))
    pygame.draw.rect(canvas, shade(fill, 0.55), (0, 0, big_w, big_h), max(3, big_w // 40),
                     border_radius=radius)
    if colour == 0:
        # An empty socket ring: "nothing to do here", readable without colour.
        pygame.draw.circle(canvas, SOCKET, (big_w / 2, big_h / 2), big_w * 0.2, max(3, big_w // 36))
    for x, y in PIPS[colour]:
        centre = (big_w * x, big_h * y)
        radius_pip = big_w * 0.1
        pygame.draw.circle(canvas, shade(fill, 1.35), centre, radius_pip + big_w * 0.025)
        pygame.draw.circle(canvas, INK, centre, radius_pip)
    return pygame.transform.smoothscale(canvas, (size, height))


def key(colour: int, size: int, sink: int = 0) -> pygame.Surface:
    """A whole key on a size x size transparent square: its darker side, then the face raised
    by the depth (sink pixels pressed down, 0..depth)."""
    return _key(colour, size, sink, palette.current())


@lru_cache(maxsize=256)
def _key(colour: int, size: int, sink: int, scheme: str) -> pygame.Surface:
    depth = depth_of(size)
    sink = max(0, min(depth, sink))
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    side = pygame.Rect(0, depth, size, size - depth)
    pygame.draw.rect(surface, (0, 0, 0, 90), side.move(0, 2), border_radius=int(size * 0.18))
    pygame.draw.rect(surface, shade(PALETTES[scheme][colour], 0.5), side,
                     border_radius=int(size * 0.18))
    surface.blit(_face(colour, size, scheme), (0, sink))
    return surface


def key_on(colour: int, size: int, sink: int, behind: tuple[int, int, int]) -> pygame.Surface:
    """key() already laid on an opaque square of `behind` (as blitting it there would): a
    key changing colour is then one plain copy a frame, not a fill and a blend."""
    return _key_on(colour, size, sink, behind, palette.current())


@lru_cache(maxsize=160)
def _key_on(colour: int, size: int, sink: int, behind: tuple[int, int, int],
            scheme: str) -> pygame.Surface:
    surface = pygame.Surface((size, size))
    surface.fill(behind)
    surface.blit(_key(colour, size, sink, scheme), (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface


def bloom(colour: int, size: int, step: int, steps: int = 12) -> pygame.Surface:
    """The face scaled to step/steps of its size: a new colour growing from a key's centre
    (a few cached steps, so a ripple costs blits, not scaling, per frame)."""
    return _bloom(colour, size, step, steps, palette.current())


@lru_cache(maxsize=160)
def _bloom(colour: int, size: int, step: int, steps: int, scheme: str) -> pygame.Surface:
    full = _face(colour, size, scheme)
    scale = step / steps
    w, h = max(1, round(full.get_width() * scale)), max(1, round(full.get_height() * scale))
    return pygame.transform.smoothscale(full, (w, h))


def board_picture(board: Sequence[Sequence[int]], button: int, gap: int) -> pygame.Surface:
    """A small board at rest (the launcher card and the colour legend use it)."""
    rows, cols = len(board), len(board[0])
    pitch = button + gap
    picture = pygame.Surface((cols * pitch - gap, rows * pitch - gap), pygame.SRCALPHA)
    for r, row in enumerate(board):
        for c, colour in enumerate(row):
            picture.blit(key(colour, button), (c * pitch, r * pitch))
    return picture


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: a 4 x 6 board mid-game in all five colours."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    board = ((0, 1, 2, 0, 0, 3), (1, 4, 1, 0, 3, 2), (0, 1, 0, 2, 0, 3), (0, 0, 0, 1, 2, 4))
    rows, cols = len(board), len(board[0])
    button = min((h - 30) // rows, (w - 30) // cols) - 8
    art = board_picture(board, button, 8)
    picture.blit(art, art.get_rect(center=(w // 2, h // 2)))
    return picture
