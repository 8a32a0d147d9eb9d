"""Calcoolation's pictures for the rules screen (games/core/screens/diagrams.py): the grid at a
small size on the game's paper, with its cages, clues, digits and candidates in the game's own
inks; a mistake's digits in red, the marked cells tinted as a hint is, and the cell a move is
about to write ringed."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.loop import assets
from games.core.screens import diagrams
from games.kenken import rules
from games.kenken.cages import clue_label, mask_digits
from sprites import kenken as art

ASPECT = 1.0


def paint(state: rules.State, size: tuple[int, int], marks: Sequence[tuple[int, int]] = (),
          move: rules.Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    n = state.size
    cell = (min(size) - 8) // n
    x0, y0 = (size[0] - n * cell) // 2, (size[1] - n * cell) // 2
    inks = art.marks()
    wrong = rules.errors(state)

    def rect(row: int, col: int) -> pygame.Rect:
        return pygame.Rect(x0 + col * cell, y0 + row * cell, cell, cell)

    lit = set(marks) | ({(move.row, move.col)} if move is not None and done else set())
    for row in range(n):
        for col in range(n):
            paper = inks.paper_bad if (row, col) in wrong else \
                inks.paper_hint if (row, col) in lit else art.PAPER
            pygame.draw.rect(surface, paper, rect(row, col))
    for k in range(1, n):
        pygame.draw.line(surface, art.THIN, (x0 + k * cell, y0), (x0 + k * cell, y0 + n * cell))
        pygame.draw.line(surface, art.THIN, (x0, y0 + k * cell), (x0 + n * cell, y0 + k * cell))
    owner = {spot: k for k, cage in enumerate(state.cages) for spot in cage.cells}
    wall = max(3, cell // 16)
    for row in range(n):
        for col in range(n):
            if col < n - 1 and owner[row, col] != owner[row, col + 1]:
                pygame.draw.rect(surface, art.WALL, (x0 + (col + 1) * cell - wall // 2,
                                                     y0 + row * cell - wall // 2, wall,
                                                     cell + wall))
            if row < n - 1 and owner[row, col] != owner[row + 1, col]:
                pygame.draw.rect(surface, art.WALL, (x0 + col * cell - wall // 2,
                                                     y0 + (row + 1) * cell - wall // 2,
                                                     cell + wall, wall))
    pygame.draw.rect(surface, art.WALL, (x0 - wall, y0 - wall, n * cell + 2 * wall,
                                         n * cell + 2 * wall), wall + 1)
    scale = assets.text_scale()     # the pictures keep their size whatever the text size
    clue, digit, mark = (round(cell * share / scale) for share in (0.3, 0.55, 0.27))
    for cage in state.cages:
        row, col = cage.cells[0]
        words = assets.text(clue_label(state.params, cage), clue, art.CLUE_INK, True)
        surface.blit(words, (x0 + col * cell + wall + 1, y0 + row * cell + wall - 1))
    for index, value in enumerate(state.digits):
        row, col = divmod(index, n)
        box = rect(row, col)
        if value:
            ink = inks.bad_ink if (row, col) in wrong else art.DIGIT_INK
            words = assets.text(str(value), digit, ink, True)
            surface.blit(words, words.get_rect(center=(box.centerx, box.centery + cell // 10)))
        elif state.candidates[index]:
            words = assets.text(" ".join(map(str, mask_digits(state.candidates[index]))), mark,
                                art.MARK_INK, True)
            surface.blit(words, words.get_rect(center=(box.centerx, box.bottom - cell // 4)))
    if move is not None and not done and move.row >= 0:
        diagrams.ring(surface, rect(move.row, move.col).inflate(-4, -4), 6)
    return surface
