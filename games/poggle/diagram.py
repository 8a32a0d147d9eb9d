"""Poggle's pictures for the rules screen (games/core/screens/diagrams.py): the board at a
small size with its own keys, the marked buttons ringed, and a press about to be made ringed
with the buttons it moves lit."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.screens import diagrams
from games.poggle.board import Move, State, reach
from sprites import poggle as art

ASPECT = 1.0


def paint(state: State, size: tuple[int, int], marks: Sequence[tuple[int, int]] = (),
          move: Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    count = state.params.size
    pitch = min(size) / count
    gap = max(4, round(pitch * 0.12))
    button = round(pitch) - gap
    board = art.board_picture(state.board, button, gap)
    corner = board.get_rect(center=(size[0] // 2, size[1] // 2)).topleft
    surface.blit(board, corner)

    def rect(cell: tuple[int, int]) -> pygame.Rect:
        row, col = cell
        return pygame.Rect(corner[0] + col * (button + gap), corner[1] + row * (button + gap),
                           button, button)

    for cell in () if done else marks:
        diagrams.ring(surface, rect(cell).inflate(gap, gap), button // 5)
    if move is not None:
        for cell in reach(count, move.row, move.col):
            lit = rect(cell).inflate(gap, gap)
            pygame.draw.rect(surface, (255, 255, 255), lit, max(2, gap // 2),
                             border_radius=button // 5)
        if not done:
            diagrams.ring(surface, rect((move.row, move.col)).inflate(gap, gap), button // 5,
                          max(4, button // 9))
    return surface
