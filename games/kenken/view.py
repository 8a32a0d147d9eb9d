"""Calcoolation's grid on screen: paper, cage walls and clues, digits and candidates, their
animations, the win flash, the cursor and the number pad or wheel. A mixin of KenkenScene;
it reads the scene and changes nothing."""
from __future__ import annotations

import math

import pygame

from games.core.kit.actions import Device
from games.core.loop.tween import ease_out_back, ease_out_cubic
from games.core.screens import ui
from games.kenken import rules
from sprites.kenken import CLUE_INK, DIGIT_INK, MARK_INK, PAPER, PAPER_SELECTED, THIN, WALL

FLASH_SECONDS = 0.5       # one cell's flash when the grid is solved
FLASH_STEP = 0.06         # delay per diagonal of the win flash

PAPER_LINE = (232, 227, 211)       # the selected cell's row and column
PAPER_HINT = (204, 235, 209)
PAPER_BAD = (255, 209, 200)
BAD_INK = (196, 36, 30)
HINT_INK = (22, 128, 62)
OP_GLYPHS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}


def clue_label(params, cage) -> str:
    """The clue as drawn: x, -, / as the proper signs; no operator when they are hidden."""
    text = rules.clue_text(params, cage)
    return text[:-1] + OP_GLYPHS[text[-1]] if text[-1] in OP_GLYPHS else text


class KenkenView:
    """The grid half of KenkenScene's drawing, and where everything sits on screen."""

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        n, area = self.n, self.board_rect
        self.cell = min(200, 846 // n)
        side = self.cell * n
        self.grid_rect = pygame.Rect(0, 0, side, side)
        self.grid_rect.center = (560, area.centery)
        self.frame_rect = self.grid_rect.inflate(24, 24)
        self.wall = min(6, max(4, self.cell // 22))
        self.clue_size = min(40, max(22, int(self.cell * 0.29)))
        self.band = int(self.clue_size * 1.2) + 4
        self.digit_size = min(104, int(self.cell * 0.56))
        self.mark_cols = {3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}.get(n, 5)
        rows = -(-n // self.mark_cols)
        self.slot_w = (self.cell - 12) / self.mark_cols
        self.slot_h = (self.cell - 6 - self.band) / rows
        self.mark_size = int(min(self.slot_h * 0.92, self.slot_w * 1.35, 44))
        # The side panel and its buttons.
        left, top, width = 1090, area.top + 30, 780
        self.panel_rect = pygame.Rect(left, top, width, area.bottom - 30 - top)
        half = (width - 16) // 2
        self.widgets = [
            ("mode", pygame.Rect(left, top + 106, width, 76)),
            ("fill", pygame.Rect(left, top + 200, half, 76)),
            ("autoclear", pygame.Rect(left + half + 16, top + 200, half, 76)),
            ("solve", pygame.Rect(left, top + 294, half, 76)),
            ("new", pygame.Rect(left + half + 16, top + 294, half, 76)),
        ]
        self.info_rect = pygame.Rect(left, top + 398, width, self.panel_rect.bottom - top - 398)

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.grid_rect.left + col * self.cell,
                           self.grid_rect.top + row * self.cell, self.cell, self.cell)

    def cell_at(self, pos):
        if pos is None or not self.grid_rect.collidepoint(pos):
            return None
        return ((pos[1] - self.grid_rect.top) // self.cell,
                (pos[0] - self.grid_rect.left) // self.cell)

    def widget_at(self, pos):
        return next((k for k, (_, rect) in enumerate(self.widgets) if rect.collidepoint(pos)),
                    None)

    def mark_centre(self, digit: int):
        """Where candidate `digit` sits inside a cell, from the cell's top-left corner."""
        row, col = divmod(digit - 1, self.mark_cols)
        return (6 + self.slot_w * (col + 0.5), self.band + self.slot_h * (row + 0.5))

    def digit_centre(self):
        return (self.cell / 2, (self.band * 0.6 + self.cell) / 2)

    # --- drawing --------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        surface.blit(self._board_surface(), self.frame_rect.topleft)
        self._draw_animated(surface)
        self._draw_flash(surface)
        self._draw_cursor(surface)
        surface.blit(self._panel_surface(), self.panel_rect.topleft)
        if self.popup:
            self._draw_popup(surface)

    def grid_origin(self):
        """The grid's top-left corner on the cached board surfaces."""
        return (self.grid_rect.left - self.frame_rect.left,
                self.grid_rect.top - self.frame_rect.top)

    def _selection(self):
        return None if self.over else self.cursor

    def _base_surface(self) -> pygame.Surface:
        """Paper, tints, grid lines, cage walls and clues: everything but the digits."""
        hint = self.current_hint
        key = (self._selection(), self.shown_errors(),
               id(hint) if hint else None)
        if key == self._base_key:
            return self._base
        n, size = self.n, self.cell
        frame = pygame.Surface(self.frame_rect.size)
        frame.fill(ui.BG)
        ox, oy = self.grid_origin()
        selected = self._selection()
        errors = self.shown_errors()
        hinted = set(hint.cells) if hint else set()
        mistake = hint is not None and hint.technique == "mistake"
        for r in range(n):
            for c in range(n):
                colour = PAPER
                if selected and (r == selected[0] or c == selected[1]):
                    colour = PAPER_LINE
                if (r, c) in hinted:
                    colour = PAPER_BAD if mistake else PAPER_HINT
                if (r, c) in errors:
                    colour = PAPER_BAD
                if selected == (r, c):
                    colour = PAPER_SELECTED
                pygame.draw.rect(frame, colour, (ox + c * size, oy + r * size, size, size))
        for k in range(1, n):
            pygame.draw.line(frame, THIN, (ox + k * size, oy), (ox + k * size, oy + n * size), 2)
            pygame.draw.line(frame, THIN, (ox, oy + k * size), (ox + n * size, oy + k * size), 2)
        owner = {cell: k for k, cage in enumerate(self.state.cages) for cell in cage.cells}
        w = self.wall
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
        for cage in self.state.cages:
            r, c = cage.cells[0]
            words = clue_label(self.params, cage)
            spill = c + 1 < n and owner[r, c + 1] == owner[r, c]   # the label may run on
            room = size * (2 if spill else 1) - 10                 # into its own cage
            fits = self.clue_size
            while fits > 18 and ui.assets.font(fits, True).size(words)[0] > room:
                fits -= 1
            y = oy + r * size + 4 + (self.clue_size - fits) // 2
            ui.label(frame, words, (ox + c * size + 6, y), fits, CLUE_INK, bold=True)
        for r, c in hinted:
            pygame.draw.rect(frame, BAD_INK if mistake else HINT_INK,
                             (ox + c * size + 3, oy + r * size + 3, size - 6, size - 6), 4,
                             border_radius=6)
        self._base_key, self._base = key, frame
        return frame

    def _board_surface(self) -> pygame.Surface:
        base = self._base_surface()
        state = self.state
        key = (self._base_key, state.digits, state.candidates)
        if key == self._board_key:
            return self._board
        board = base.copy()
        n = self.n
        ox, oy = self.grid_origin()
        errors = self.shown_errors()
        for index in range(n * n):
            r, c = divmod(index, n)
            self._paint_content(board, (ox + c * self.cell, oy + r * self.cell),
                                state.digits[index], state.candidates[index], (r, c) in errors)
        hint = self.current_hint
        if hint:
            for (r, c), digits in hint.removals:
                for d in digits:
                    x, y = self.mark_centre(d)
                    centre = (ox + c * self.cell + x, oy + r * self.cell + y)
                    rect = ui.label(board, str(d), centre, self.mark_size, BAD_INK, bold=True,
                                    anchor="center")
                    pygame.draw.line(board, BAD_INK, rect.bottomleft, rect.topright, 3)
            if hint.place:
                (r, c), d = hint.place
                x, y = self.digit_centre()
                image = ui.assets.text(str(d), self.digit_size, HINT_INK, True).copy()
                image.set_alpha(150)
                board.blit(image, image.get_rect(center=(ox + c * self.cell + x,
                                                         oy + r * self.cell + y)))
        self._board_key, self._board = key, board
        return board

    def _paint_content(self, surface, origin, digit, marks, bad, alpha=255, scale=1.0,
                       mark_alpha=None) -> None:
        """A cell's digit or candidates at origin (its top-left corner)."""
        if digit:
            x, y = self.digit_centre()
            image = ui.assets.text(str(digit), self.digit_size, BAD_INK if bad else DIGIT_INK,
                                   True)
            if scale != 1.0 or alpha != 255:
                image = pygame.transform.rotozoom(image, 0, max(0.05, scale))
                image.set_alpha(alpha)
            surface.blit(image, image.get_rect(center=(origin[0] + x, origin[1] + y)))
            return
        for d in rules.mask_digits(marks):
            x, y = self.mark_centre(d)
            image = ui.assets.text(str(d), self.mark_size, MARK_INK, True)
            fade = mark_alpha(d) if mark_alpha else alpha
            if fade < 255:
                image = image.copy()
                image.set_alpha(fade)
            surface.blit(image, image.get_rect(center=(origin[0] + x, origin[1] + y)))

    def _draw_animated(self, surface) -> None:
        if not self.cells and not self.pulses:
            return
        base = self._base_surface()
        errors = self.shown_errors()
        inset = self.wall // 2 + 1
        for index, (tween, old_d, new_d, old_m, new_m) in self.cells.items():
            if tween.done:
                continue
            t = max(0.0, tween.time) / tween.duration
            r, c = divmod(index, self.n)
            rect = self.cell_rect(r, c)
            inner = rect.inflate(-2 * inset, -2 * inset)
            surface.blit(base, inner.topleft, inner.move(-self.frame_rect.left,
                                                         -self.frame_rect.top))
            bad = (r, c) in errors
            if old_d != new_d:
                if not old_d and old_m:   # candidates make way for the digit
                    self._paint_content(surface, rect.topleft, 0, old_m, False,
                                        int(255 * (1 - t)))
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
                                        int(255 * ease_out_cubic(t)))
            else:
                shown = old_m | new_m

                def fade(d, t=t, old_m=old_m, new_m=new_m):
                    bit = 1 << (d - 1)
                    if old_m & new_m & bit:
                        return 255
                    return int(255 * (ease_out_cubic(t) if new_m & bit else 1 - t))
                if new_d:
                    self._paint_content(surface, rect.topleft, new_d, 0, bad)
                else:
                    self._paint_content(surface, rect.topleft, 0, shown, False, mark_alpha=fade)
        for index, tween in self.pulses.items():
            if tween.done:
                continue
            t = max(0.0, tween.time) / tween.duration
            r, c = divmod(index, self.n)
            grow = int(6 + 10 * t)
            pygame.draw.rect(surface, BAD_INK, self.cell_rect(r, c).inflate(-grow, -grow),
                             max(1, int(6 * (1 - t))), border_radius=8)

    def _draw_flash(self, surface) -> None:
        tween = self.flash
        if tween is None or tween.done or tween.time <= 0:
            return
        light = self._light()
        for r in range(self.n):
            for c in range(self.n):
                t = (tween.time - FLASH_STEP * self.stretch * (r + c)) / (FLASH_SECONDS *
                                                                          self.stretch)
                if 0 < t < 1:
                    light.set_alpha(int(200 * math.sin(math.pi * t)))
                    surface.blit(light, self.cell_rect(r, c).topleft)
        glow = int(255 * math.sin(math.pi * min(1.0, tween.time / tween.duration)))
        pygame.draw.rect(surface, (min(255, 180 + glow // 4), min(255, 150 + glow // 3), 60),
                         self.grid_rect.inflate(28, 28), 6, border_radius=10)

    def _light(self) -> pygame.Surface:
        if self._light_surface is None:
            self._light_surface = pygame.Surface((self.cell, self.cell))
            self._light_surface.fill((255, 236, 160))
        return self._light_surface

    def _draw_cursor(self, surface) -> None:
        if self.over or self.device == Device.MOUSE or self.panel_focus is not None:
            return
        rect = self.cell_rect(*self.cursor)
        colour = (40, 150, 220) if self.pencil else ui.ACCENT
        pygame.draw.rect(surface, colour, rect.inflate(10, 10), 6, border_radius=10)

    # --- the popup ------------------------------------------------------------------------
    def _draw_popup(self, surface) -> None:
        popup = self.popup
        r, c = popup.cell
        index = r * self.n + c
        key = (popup.cell, popup.style, popup.focus, popup.pencil, self.state.digits[index],
               self.state.candidates[index], self.device)
        if key != self._popup_key:
            show_focus = self.show_cursor()
            self._popup_key, self._popup = key, popup.paint(
                self.state.digits[index], self.state.candidates[index], show_focus)
        if popup.style == "pad":
            cell = self.cell_rect(r, c)
            pygame.draw.rect(surface, ui.ACCENT, cell.inflate(6, 6), 5, border_radius=8)
        surface.blit(self._popup, popup.rect.topleft)
