"""Nim's pictures for the rules screen (games/core/screens/diagrams.py): the heaps at a small
size with the game's own counters, each heap's size under it, the marked heaps ringed, and the
counters a move is about to take lit."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.loop import assets
from games.core.screens import diagrams, ui
from games.nim.rules import Move, State
from sprites import nim as art

ASPECT = 1.3
TABLE, TABLE_EDGE = (29, 40, 46), (44, 60, 66)     # the baize of the game's table


def paint(state: State, size: tuple[int, int], marks: Sequence[int] = (),
          move: Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    width, height = size
    pygame.draw.rect(surface, TABLE, surface.get_rect(), border_radius=height // 12)
    pygame.draw.rect(surface, TABLE_EDGE, surface.get_rect(), 2, border_radius=height // 12)
    heaps = state.heaps
    column = (width - 16) / max(3, len(heaps))
    label = max(18, height // 9)
    base = height - label - 14
    disc = round(min(column * 0.82, (base - 10) / (max(3, *heaps) * 0.3 + 0.16)))
    thick = max(4, round(disc * 0.3))
    left = (width - column * len(heaps)) / 2
    for heap, count in enumerate(heaps):
        x = left + heap * column + (column - disc) / 2
        taken = move.take if move is not None and move.heap == heap and not done else 0
        for k in range(count):
            tone = "take" if k >= count - taken else "stone"
            surface.blit(art.disc(disc, thick, tone),
                         (x, base - art.face_height(disc) - (k + 1) * thick))
        words = assets.text(str(count), round(label / assets.text_scale()), ui.MUTED, True)
        surface.blit(words, words.get_rect(midbottom=(x + disc / 2, height - 6)))
        if heap in marks:
            top = base - art.face_height(disc) - max(count, 1) * thick - 4
            box = pygame.Rect(round(x) - 6, round(top), disc + 12, round(base - top) + 8)
            diagrams.ring(surface, box, 12)
    return surface
