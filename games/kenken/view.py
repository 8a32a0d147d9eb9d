"""Calcoolation's grid on screen: paper, cage walls and clues, digits and candidates, their
animations, the win flash, the cursor and the number pad or wheel. Built with the layout; it
draws a position with its UI state and changes nothing but its own caches."""
from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from games.core.kit.actions import Device
from games.core.loop import assets, palette
from games.core.loop.tween import ease_out_back, ease_out_cubic
from games.core.screens import ui
from games.core.screens.cache import Part, picture_part
from games.kenken import popup, rules
from games.kenken.cages import clue_label, mask_digits
from games.kenken.controls import OnButton, OnPad, Target, Ui
from games.kenken.fillings import Helper
from games.kenken.geometry import Box, Cell, Layout, PadPlace, centre, contains, pad_place
from games.kenken.grader import Hint
from games.kenken.motion import FLASH_SECONDS, FLASH_STEP, Motion
from sprites.kenken import (
    CLUE_INK,
    DIGIT_INK,
    LIT_INK,
    MARK_INK,
    PAPER,
    PAPER_SELECTED,
    THIN,
    WALL,
    marks as palette_marks,
)

PAPER_LINE = (232, 227, 211)       # the selected cell's row and column
class Clue(NamedTuple):
    words: str
    size: int                      # the font size that fits its room
    topleft: tuple[int, int]       # on the screen
    box: Box                       # the words' box on the screen


def clues(sheet: Layout, state: rules.State, reveal: bool) -> list[Clue]:
    """Each cage's clue where it is drawn: at its first cell's top left, as large as the
    sheet's clue size allows within the cell (or two, when its cage runs on to the right)."""
    n, size, clue_size = sheet.n, sheet.cell, sheet.clue_size
    owner = {cell: k for k, cage in enumerate(state.cages) for cell in cage.cells}
    found = []
    for cage in state.cages:
        r, c = cage.cells[0]
        words = clue_label(state.params, cage, reveal)
        spill = c + 1 < n and owner[r, c + 1] == owner[r, c]   # the label may run on
        room = size * (2 if spill else 1) - 10                 # into its own cage
        fits = clue_size
        while fits > 18 and assets.font(fits, True).size(words)[0] > room:
            fits -= 1
        x, y = sheet.cell_box(r, c)[:2]
        x, y = x + 6, y + 4 + (clue_size - fits) // 2
        width, height = assets.font(fits, True).size(words)
        found.append(Clue(words, fits, (x, y), (x, y, width, height)))
    return found


def mark_image(sheet: Layout, digit: int, clued: bool,
               colour: tuple[int, int, int]) -> pygame.Surface:
    """A candidate as drawn in a cell with a clue or without: under a 9x9 clue it is drawn
    narrower, so that it stays tall enough to read (geometry.LEGIBLE_MARK)."""
    return _mark_image(sheet.marks_size(clued), sheet.marks_narrow(clued), digit, colour,
                       assets.text_scale())


@functools.lru_cache(maxsize=256)
def _mark_image(size: int, narrow: float, digit: int, colour: tuple[int, int, int],
                scale: float) -> pygame.Surface:
    image = assets.text(str(digit), size, colour, True)
    if narrow >= 1.0:
        return image
    return pygame.transform.smoothscale(
        image, (max(1, round(image.get_width() * narrow)), image.get_height()))


@dataclass(frozen=True)
class Shown:
    """What the scene knows that the grid and the panel show, beside the position and the UI
    state."""
    errors: frozenset[Cell]        # the mistakes on show (none when the setting hides them)
    hint: Hint | None              # the hint worked out for this position
    over: bool
    device: str                    # the player's last device (a Device): the cursor and
    #                                prompts follow it
    pointer: tuple[int, int]       # the panel lights the button under it
    solved: bool                   # Solve played the last digit (the computer solved it)
    elapsed: float
    hints: int
    lit: int = 0                   # the digit highlighted (0: none) ...
    lit_cells: frozenset[Cell] = frozenset()   # ... and the cells holding it
    helper: Helper | None = None   # the cage helper's fillings of the cursor's cage (on)

    @property
    def keyboard(self) -> bool:
        """The cursor and focus rings show (the player is not using the mouse)."""
        return self.device != Device.MOUSE


class KenkenView:
    """The grid half of Calcoolation's screen."""

    def __init__(self, sheet: Layout) -> None:
        self.sheet = sheet
        self.grid = pygame.Rect(sheet.grid)
        self.frame = pygame.Rect(sheet.frame)
        self._clue_boxes: tuple[object, tuple[Box, ...]] = (None, ())
        self.clued: frozenset[Cell] = frozenset()   # the cells with a clue, as last drawn
        self._base_key: tuple[object, ...] | None = None
        self._base = pygame.Surface((1, 1))
        self._board_key: tuple[object, ...] | None = None
        self._board = self._base
        self._pad_key: tuple[object, ...] | None = None
        self._pad = self._base
        self._light = pygame.Surface((sheet.cell, sheet.cell))
        self._light.fill((255, 236, 160))

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.sheet.cell_box(row, col))

    def clued_cells(self, state: rules.State) -> frozenset[Cell]:
        """The cells holding a cage's clue."""
        return frozenset(cage.cells[0] for cage in state.cages)

    def clue_boxes(self, state: rules.State) -> tuple[Box, ...]:
        """Where the clues are while the game is on (the pad keeps off them)."""
        if self._clue_boxes[0] != state.cages:
            boxes = tuple(clue.box for clue in clues(self.sheet, state, False))
            self._clue_boxes = (state.cages, boxes)
        return self._clue_boxes[1]

    def pad_place(self, state: rules.State, now: Ui) -> PadPlace | None:
        """Where the open pad or wheel is (None: closed)."""
        if now.pad is None:
            return None
        return pad_place(self.sheet.n, now.pad.cell, now.pad.style, self.clue_boxes(state))

    def target_at(self, pos: tuple[int, int], now: Ui, state: rules.State) -> Target:
        """What the pointer is on: the open pad comes first, then a cell, then a button."""
        place = self.pad_place(state, now)
        if place is not None:
            if contains(place.box, pos):
                return OnPad(next((k for k, box in enumerate(place.boxes)
                                   if contains(box, pos)), None))
        cell = self.sheet.cell_at(pos)
        if cell is not None:
            return cell
        button = self.sheet.button_at(pos)
        if button is None:
            return None
        return OnButton(button, pos[0] >= centre(self.sheet.buttons[button][1])[0])

    # --- drawing --------------------------------------------------------------------------
    def still_part(self, state: rules.State, now: Ui, shown: Shown) -> Part:
        """The grid with every digit and candidate at rest, for the scene's Backdrop."""
        self.clued = self.clued_cells(state)
        board = self._board_surface(state, None if shown.over else now.cursor, shown)
        return picture_part("board", board, self.frame)

    def draw(self, surface: pygame.Surface, state: rules.State, now: Ui, shown: Shown,
             motion: Motion) -> None:
        """What moves on the grid (over the board the backdrop shows: still_part) and the
        keyboard cursor (the pad: draw_pad)."""
        self._draw_animated(surface, motion, shown.errors)
        self._draw_flash(surface, motion)
        if not (shown.over or not shown.keyboard or now.panel is not None):
            colour = (40, 150, 220) if now.pencil else ui.ACCENT
            pygame.draw.rect(surface, colour, self.cell_rect(*now.cursor).inflate(10, 10), 6,
                             border_radius=10)

    def draw_pad(self, surface: pygame.Surface, state: rules.State, now: Ui,
                 shown: Shown) -> None:
        """The open number pad or wheel, over everything else."""
        pad = now.pad
        if pad is None:
            return
        r, c = pad.cell
        index = r * self.sheet.n + c
        place = self.pad_place(state, now)
        assert place is not None
        key = (pad, state.digits[index], state.candidates[index], shown.keyboard)
        if key != self._pad_key:
            self._pad_key, self._pad = key, popup.paint(
                place, pad, state.digits[index], state.candidates[index], shown.keyboard)
        pygame.draw.rect(surface, ui.ACCENT, self.cell_rect(r, c).inflate(6, 6), 5,
                         border_radius=8)
        surface.blit(self._pad, place.box[:2])

    def _origin(self) -> tuple[int, int]:
        """The grid's top-left corner on the cached board surfaces."""
        return self.grid.left - self.frame.left, self.grid.top - self.frame.top

    def _base_surface(self, state: rules.State, selected: Cell | None,
                      shown: Shown) -> pygame.Surface:
        """Paper, tints, grid lines, cage walls and clues: everything but the digits."""
        hint = shown.hint
        key = (selected, shown.errors, id(hint) if hint else None, shown.over, shown.lit_cells,
               palette.current(), assets.text_scale())
        if key == self._base_key:
            return self._base
        n, size = self.sheet.n, self.sheet.cell
        frame = pygame.Surface(self.frame.size)
        frame.fill(ui.BG)
        ox, oy = self._origin()
        hinted = set(hint.cells) if hint else set()
        inks = palette_marks()
        mistake = hint is not None and hint.technique == "mistake"
        for r in range(n):
            for c in range(n):
                colour = PAPER
                if selected and (r == selected[0] or c == selected[1]):
                    colour = PAPER_LINE
                if (r, c) in shown.lit_cells:
                    colour = inks.paper_lit
                if (r, c) in hinted:
                    colour = inks.paper_bad if mistake else inks.paper_hint
                if (r, c) in shown.errors:
                    colour = inks.paper_bad
                if selected == (r, c):
                    colour = PAPER_SELECTED
                pygame.draw.rect(frame, colour, (ox + c * size, oy + r * size, size, size))
        for k in range(1, n):
            pygame.draw.line(frame, THIN, (ox + k * size, oy), (ox + k * size, oy + n * size), 2)
            pygame.draw.line(frame, THIN, (ox, oy + k * size), (ox + n * size, oy + k * size), 2)
        owner = {cell: k for k, cage in enumerate(state.cages) for cell in cage.cells}
        w = self.sheet.wall
        for r in range(n):
            for c in range(n):
                if c + 1 < n and owner[r, c] != owner[r, c + 1]:
                    pygame.draw.rect(frame, WALL, (ox + (c + 1) * size - w // 2,
                                                   oy + r * size - w // 2, w, size + w))
                if r + 1 < n and owner[r, c] != owner[r + 1, c]:
                    pygame.draw.rect(frame, WALL, (ox + c * size - w // 2,
                                                   oy + (r + 1) * size - w // 2, size + w, w))
        pygame.draw.rect(frame, WALL, (ox - w, oy - w, n * size + 2 * w, n * size + 2 * w), w + 2,
                         border_radius=4)
        for clue in clues(self.sheet, state, shown.over):      # the operators shown at the end
            x, y = clue.topleft
            ui.label(frame, clue.words, (x - self.frame.left, y - self.frame.top), clue.size,
                     CLUE_INK, bold=True)
        for r, c in shown.lit_cells:    # a ring as well as the tint: not by colour alone
            pygame.draw.rect(frame, LIT_INK, (ox + c * size + 7, oy + r * size + 7, size - 14,
                                              size - 14), 3, border_radius=8)
        for r, c in hinted:
            pygame.draw.rect(frame, inks.bad_ink if mistake else inks.hint_ink,
                             (ox + c * size + 3, oy + r * size + 3, size - 6, size - 6), 4,
                             border_radius=6)
        inset, notch = self.sheet.wall // 2 + 3, size // 5
        for r, c in shown.errors:   # a notch in the corner: a mistake told by more than colour
            x, y = ox + (c + 1) * size - inset, oy + (r + 1) * size - inset
            pygame.draw.polygon(frame, inks.bad_ink, ((x, y - notch), (x, y), (x - notch, y)))
        self._base_key, self._base = key, frame
        return frame

    def _board_surface(self, state: rules.State, selected: Cell | None,
                       shown: Shown) -> pygame.Surface:
        base = self._base_surface(state, selected, shown)
        key = (self._base_key, state.digits, state.candidates, shown.lit)
        if key == self._board_key:
            return self._board
        board = base.copy()
        n, size = self.sheet.n, self.sheet.cell
        ox, oy = self._origin()
        for index in range(n * n):
            r, c = divmod(index, n)
            self._paint_content(board, (ox + c * size, oy + r * size), state.digits[index],
                                state.candidates[index], (r, c) in shown.errors,
                                clued=(r, c) in self.clued, lit=shown.lit)
        hint, inks = shown.hint, palette_marks()
        if hint:
            for (r, c), digits in hint.removals:
                clued = (r, c) in self.clued
                for d in digits:
                    x, y = self.sheet.mark_centre(d, clued)
                    image = mark_image(self.sheet, d, clued, inks.bad_ink)
                    rect = image.get_rect(center=(ox + c * size + x, oy + r * size + y))
                    board.blit(image, rect)
                    pygame.draw.line(board, inks.bad_ink, rect.bottomleft, rect.topright, 3)
            if hint.place:
                (r, c), d = hint.place
                x, y = self.sheet.digit_centre()
                image = assets.text(str(d), self.sheet.digit_size, inks.hint_ink, True).copy()
                image.set_alpha(150)
                board.blit(image, image.get_rect(center=(ox + c * size + x, oy + r * size + y)))
        self._board_key, self._board = key, board
        return board

    def _paint_content(self, surface: pygame.Surface, origin: tuple[int, int], digit: int,
                       marks: int, bad: bool, alpha: int = 255, scale: float = 1.0,
                       mark_alpha: Callable[[int], int] | None = None,
                       clued: bool = True, lit: int = 0) -> None:
        """A cell's digit or candidates at origin (its top-left corner); `clued`: the cell
        holds its cage's clue (the candidates keep below it); `lit`: the highlighted digit,
        whose candidate is inked to stand out."""
        if digit:
            x, y = self.sheet.digit_centre()
            image = assets.text(str(digit), self.sheet.digit_size,
                                   palette_marks().bad_ink if bad else DIGIT_INK, True)
            if scale != 1.0 or alpha != 255:
                image = pygame.transform.rotozoom(image, 0, max(0.05, scale))
                image.set_alpha(alpha)
            surface.blit(image, image.get_rect(center=(origin[0] + x, origin[1] + y)))
            return
        for d in mask_digits(marks):
            x, y = self.sheet.mark_centre(d, clued)
            image = mark_image(self.sheet, d, clued, LIT_INK if d == lit else MARK_INK)
            fade = mark_alpha(d) if mark_alpha else alpha
            if fade < 255:
                image = image.copy()
                image.set_alpha(fade)
            surface.blit(image, image.get_rect(center=(origin[0] + x, origin[1] + y)))

    def _draw_animated(self, surface: pygame.Surface, motion: Motion,
                       errors: frozenset[Cell]) -> None:
        if not motion.cells and not motion.pulses:
            return
        base = self._base
        inset = self.sheet.wall // 2 + 1
        for index, (tween, old_d, new_d, old_m, new_m) in motion.cells.items():
            if tween.done:
                continue
            t = max(0.0, tween.time) / tween.duration
            r, c = divmod(index, self.sheet.n)
            rect = self.cell_rect(r, c)
            inner = rect.inflate(-2 * inset, -2 * inset)
            surface.blit(base, inner.topleft, inner.move(-self.frame.left, -self.frame.top))
            bad, clued = (r, c) in errors, (r, c) in self.clued
            if old_d != new_d:
                if not old_d and old_m:   # candidates make way for the digit
                    self._paint_content(surface, rect.topleft, 0, old_m, False,
                                        int(255 * (1 - t)), clued=clued)
                if old_d:   # the old digit (or a digit being undone) shrinks away first
                    fade = max(0.0, 1 - t * 2)
                    if fade > 0:
                        self._paint_content(surface, rect.topleft, old_d, 0, False,
                                            int(255 * fade), 0.6 + 0.4 * fade)
                if new_d:
                    self._paint_content(surface, rect.topleft, new_d, 0, bad,
                                        int(255 * min(1.0, t * 2.5)),
                                        0.45 + 0.55 * ease_out_back(t))
                else:
                    self._paint_content(surface, rect.topleft, 0, new_m, False,
                                        int(255 * ease_out_cubic(t)), clued=clued)
            elif new_d:
                self._paint_content(surface, rect.topleft, new_d, 0, bad)
            else:
                self._paint_content(surface, rect.topleft, 0, old_m | new_m, False,
                                    mark_alpha=mark_fade(t, old_m, new_m), clued=clued)
        for index, tween in motion.pulses.items():
            if tween.done:
                continue
            t = max(0.0, tween.time) / tween.duration
            grow = int(6 + 10 * t)
            pygame.draw.rect(surface, palette_marks().bad_ink,
                             self.cell_rect(*divmod(index, self.sheet.n)).inflate(-grow, -grow),
                             max(1, int(6 * (1 - t))), border_radius=8)

    def _draw_flash(self, surface: pygame.Surface, motion: Motion) -> None:
        tween = motion.flash
        if tween is None or tween.done or tween.time <= 0:
            return
        stretch = motion.stretch
        for r in range(self.sheet.n):
            for c in range(self.sheet.n):
                t = (tween.time - FLASH_STEP * stretch * (r + c)) / (FLASH_SECONDS * stretch)
                if 0 < t < 1:
                    self._light.set_alpha(int(200 * math.sin(math.pi * t)))
                    surface.blit(self._light, self.cell_rect(r, c).topleft)
        glow = int(255 * math.sin(math.pi * min(1.0, tween.time / tween.duration)))
        pygame.draw.rect(surface, (min(255, 180 + glow // 4), min(255, 150 + glow // 3), 60),
                         self.grid.inflate(28, 28), 6, border_radius=10)


def mark_fade(t: float, old_marks: int, new_marks: int) -> Callable[[int], int]:
    """The alpha of each candidate while a cell's candidates change: those that stay stay,
    new ones fade in, gone ones fade out."""
    def fade(digit: int) -> int:
        bit = 1 << (digit - 1)
        if old_marks & new_marks & bit:
            return 255
        return int(255 * (ease_out_cubic(t) if new_marks & bit else 1 - t))
    return fade
