"""Calcoolation's paper and inks (the colours the scene draws the grid with) and the launcher's
picture."""
from __future__ import annotations

from typing import NamedTuple

import pygame

from games.core.loop import palette
from games.core.screens import ui
from sprites.colours import Colour

PAPER = (244, 240, 228)
PAPER_SELECTED = (255, 221, 148)
WALL = (30, 32, 42)
THIN = (192, 186, 170)
CLUE_INK = (28, 30, 38)
DIGIT_INK = (30, 58, 138)          # the player's digits: dark blue ink
MARK_INK = (84, 88, 104)           # candidates
LIT_INK = (136, 8, 184)           # a highlighted cell's ring and that digit's candidates


class Marks(NamedTuple):
    """The colours that carry meaning on the paper: a mistake, a hint, the highlighted digit."""
    paper_hint: Colour      # the hinted cells
    paper_bad: Colour       # a mistake's cells
    bad_ink: Colour         # a digit that breaks a rule, a mistake's outline, a struck mark
    hint_ink: Colour        # the hint's outline and the digit it suggests
    paper_lit: Colour       # the cells holding the highlighted digit (ringed in LIT_INK too)


MARKS = {
    palette.STANDARD: Marks((185, 230, 195), (255, 200, 190), (176, 28, 24), (14, 104, 48),
                            (224, 214, 246)),
    # Okabe-Ito's vermilion and bluish green, darkened to read on the paper (above 4.5:1);
    # the tints orange and sky blue; the highlight a pale lime, the one tint apart from the
    # paper and both others under each simulated colour blindness too.
    palette.SAFE: Marks((190, 218, 245), (252, 214, 160), (160, 52, 0), (0, 100, 72),
                        (164, 252, 120)),
}


# The colours the words name (a mistake turns red): the safe palette's inks are Okabe-Ito's.
SAFE_OF = {"red": "vermilion", "green": "bluish green"}


def marks() -> Marks:
    """The meaningful colours in the active palette."""
    return MARKS[palette.current()]


def painted(word: str) -> Colour:
    """The colour a mark's colour word names (a mistake's red, a hint's green), as the
    active palette paints it."""
    return marks().bad_ink if word == "red" else marks().hint_ink


def reword(text: str) -> str:
    """The game's words (the rules) with each mark's colour named as the active palette
    paints it."""
    return palette.reword(text, SAFE_OF)


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The launcher's picture: a 4 x 4 puzzle part-solved, with its cages and clues, a pair of
    candidates, and the number pad open beside the selected cell."""
    w, h = size
    picture = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(picture, ui.BG_DEEP, (0, 0, w, h), border_radius=16)
    cell = (h - 26) // 4
    ox, oy = 24, (h - 4 * cell) // 2
    cages = (((0, 0), (1, 0)), ((0, 1), (0, 2)), ((0, 3), (1, 3)), ((1, 1), (1, 2), (2, 2)),
             ((2, 0), (2, 1)), ((2, 3), (3, 3)), ((3, 0), (3, 1), (3, 2)))
    clues = ("2\u00f7", "6\u00d7", "2\u2212", "7+", "2\u2212", "2\u00f7", "8+")
    digits = {(0, 0): 4, (1, 0): 2, (0, 1): 2, (0, 2): 3, (1, 1): 1, (2, 0): 1, (2, 1): 3}
    owner = {spot: k for k, cells in enumerate(cages) for spot in cells}
    for r in range(4):
        for c in range(4):
            colour = PAPER_SELECTED if (r, c) == (1, 2) else PAPER
            pygame.draw.rect(picture, colour, (ox + c * cell, oy + r * cell, cell, cell))
    for k in range(1, 4):
        pygame.draw.line(picture, THIN, (ox + k * cell, oy), (ox + k * cell, oy + 4 * cell), 1)
        pygame.draw.line(picture, THIN, (ox, oy + k * cell), (ox + 4 * cell, oy + k * cell), 1)
    for r in range(4):
        for c in range(4):
            if c < 3 and owner[r, c] != owner[r, c + 1]:
                pygame.draw.rect(picture, WALL, (ox + (c + 1) * cell - 2, oy + r * cell - 2, 4,
                                                 cell + 4))
            if r < 3 and owner[r, c] != owner[r + 1, c]:
                pygame.draw.rect(picture, WALL, (ox + c * cell - 2, oy + (r + 1) * cell - 2,
                                                 cell + 4, 4))
    pygame.draw.rect(picture, WALL, (ox - 4, oy - 4, 4 * cell + 8, 4 * cell + 8), 5)
    for cells, clue in zip(cages, clues):
        r, c = cells[0]
        ui.label(picture, clue, (ox + c * cell + 4, oy + r * cell + 1), 22, CLUE_INK, bold=True)
    for (r, c), d in digits.items():
        ui.label(picture, str(d), (ox + c * cell + cell // 2, oy + r * cell + cell * 0.73), 28,
                 DIGIT_INK, bold=True, anchor="center")
    for r in (0, 1):   # the 2- cage on the right: 1 or 3 in each cell
        for k, d in enumerate((1, 3)):
            ui.label(picture, str(d), (ox + 3 * cell + 16 + k * 24,
                                       oy + r * cell + cell * 0.72), 22,
                     MARK_INK, bold=True, anchor="center")
    pad = pygame.Rect(ox + 4 * cell + 36, oy, w - (ox + 4 * cell + 36) - 20, 4 * cell)
    ui.panel(picture, pad, ui.PANEL, radius=14, border=ui.ACCENT, width=3)
    tip = oy + cell * 1.5
    pygame.draw.polygon(picture, ui.ACCENT, ((pad.left - 2, tip - 12), (pad.left - 2, tip + 12),
                                             (pad.left - 20, tip)))
    inner = pad.inflate(-28, -28)
    tabs = pygame.Rect(inner.left, inner.top, inner.width, 40)
    for k, words in enumerate(("Pen", "Pencil")):
        tab = pygame.Rect(tabs.left + k * tabs.width // 2, tabs.top, tabs.width // 2, tabs.height)
        if k == 0:
            ui.panel(picture, tab, ui.ACCENT, radius=9)
        ui.label(picture, words, tab.center, 22, ui.BG_DEEP if k == 0 else ui.MUTED, bold=True,
                 anchor="center")
    gap = 12
    button_w = (inner.width - gap) // 2
    button_h = (inner.bottom - tabs.bottom - 12 - gap) // 2
    for k in range(4):
        row, col = divmod(k, 2)
        rect = pygame.Rect(inner.left + col * (button_w + gap),
                           tabs.bottom + 12 + row * (button_h + gap), button_w, button_h)
        lit = k == 3
        ui.panel(picture, rect, ui.ACCENT if lit else ui.PANEL_HI, radius=10)
        ui.label(picture, str(k + 1), rect.center, 34, ui.BG_DEEP if lit else ui.TEXT, bold=True,
                 anchor="center")
    return picture
