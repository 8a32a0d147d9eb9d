"""Poggle's drawing: the tray of keys, the ripple of a press, the marks on the board and
the side panel. A mixin of PoggleScene; it reads the scene and changes nothing."""
from __future__ import annotations

import pygame

from games.core.kit.actions import Device
from games.core.loop.tween import ease_out_cubic, glow, pulse
from games.core.screens import ui
from games.poggle import rules
from sprites import poggle as paint

BLOOM_STEPS = 12

WORKING_OUT_PAR = "Dealing: working out par, the fewest presses that clear this board..."


class PoggleView:
    """The drawing half of PoggleScene."""

    def _legend(self) -> list:
        """The colour cycle in the side panel: a key per colour, then blank again (faded)."""
        swatch = 72
        keys = [paint.key(colour, swatch) for colour in range(self.colours)]
        ghost = paint.key(0, swatch).copy()
        ghost.set_alpha(120)
        return keys + [ghost]

    # --- drawing --------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        if not self.deal_ready:
            ui.fit_text(surface, WORKING_OUT_PAR, self.board_rect.inflate(-200, -200),
                        ui.HEADING, ui.MUTED)
            return
        surface.blit(self._static_board(), self.tray.topleft)
        for (r, c), (tween, before, after, forward) in self.cells.items():
            if not tween.done:
                self._draw_changing(surface, self.cell_rects[r][c], tween, before, after, forward)
        self._draw_ring(surface)
        self._draw_marks(surface)
        self._draw_panel(surface)

    def _static_board(self) -> pygame.Surface:
        """The tray with every key at rest, rebuilt only when the board changes."""
        board = self.state.board
        if self._static_key != board:
            tray = pygame.Surface(self.tray.size)   # opaque: a plain copy per frame
            tray.fill(ui.BG)
            ui.panel(tray, tray.get_rect(), ui.BG_DEEP, radius=30, border=ui.LINE, width=2)
            for r, row in enumerate(board):
                for c, colour in enumerate(row):
                    rect = self.cell_rects[r][c]
                    tray.blit(paint.key(colour, self.button),
                              (rect.x - self.tray.x, rect.y - self.tray.y))
            self._static_key, self._static = board, tray
        return self._static

    def _draw_changing(self, surface, rect, tween, before, after, forward) -> None:
        t = max(0.0, tween.time) / tween.duration
        depth = paint.depth_of(self.button)
        sink = round(depth * pulse(t))
        pygame.draw.rect(surface, ui.BG_DEEP, rect)
        if forward:
            base, grow, scale = before, after, ease_out_cubic(t)
        else:   # the forward ripple, run backwards
            base, grow, scale = after, before, ease_out_cubic(1 - t)
        step = round(scale * BLOOM_STEPS)
        if step >= BLOOM_STEPS:
            surface.blit(paint.key(grow, self.button, sink), rect.topleft)
            return
        surface.blit(paint.key(base, self.button, sink), rect.topleft)
        if step > 0:
            bloom = paint.bloom(grow, self.button, step, BLOOM_STEPS)
            face_h = self.button - depth
            surface.blit(bloom, bloom.get_rect(center=(rect.centerx, rect.top + sink + face_h / 2)))

    def _draw_ring(self, surface) -> None:
        if self.ring is None or self.ring[0].done:
            return
        tween, (r, c), forward = self.ring
        t = max(0.0, tween.time) / tween.duration
        if not forward:
            t = 1 - t
        radius = self.pitch * (0.35 + 1.25 * ease_out_cubic(t))
        alpha = int(160 * (1 - t))
        if alpha <= 4:
            return
        size = int(radius * 2 + 12)
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(ring, (255, 255, 255, alpha), (size / 2, size / 2), radius,
                           max(2, int(8 * (1 - t))))
        centre = self.cell_rects[r][c].center
        surface.blit(ring, (centre[0] - size / 2, centre[1] - size / 2))

    def _draw_marks(self, surface) -> None:
        """The hint's glow, the keyboard/pad cursor with the keys it reaches, or the mouse's
        hover with the same preview."""
        if self.hint_board == self.state.board and not self.over:
            r, c = self.hint_cell
            rect = self.cell_rects[r][c]
            swell = 30 + int(10 * glow(self.glow))
            pygame.draw.rect(surface, ui.GOOD, rect.inflate(swell, swell), 6,
                             border_radius=int(self.button * 0.22))
        if self.over:
            return
        keyboard = self.show_cursor()
        target = self.cursor if keyboard else self.hover
        if target is None:
            return
        for r, c in rules.reach(self.size, *target):
            rect = self.cell_rects[r][c]
            if (r, c) != target:
                pygame.draw.rect(surface, ui.MUTED, rect.inflate(6, 6), 3,
                                 border_radius=int(self.button * 0.2))
        rect = self.cell_rects[target[0]][target[1]]
        colour = ui.ACCENT if keyboard else ui.TEXT
        pygame.draw.rect(surface, colour, rect.inflate(14, 14), 6 if keyboard else 4,
                         border_radius=int(self.button * 0.22))

    def _draw_panel(self, surface) -> None:
        """The side panel, painted again only when something on it changes."""
        hinted = self.hint_board == self.state.board
        key = (self.state.board, len(self.solve_queue), self.solving, hinted, self.over,
               self.unsolvable, tuple(r.get("score") for r in self.best_rows),
               self.device)
        self.panel_layer.blit(surface, self.panel, key,
                              lambda picture: self._paint_panel(picture, self.panel))

    def _paint_panel(self, surface, box) -> None:
        x, y = box.left, box.top
        ui.label(surface, f"{self.size} x {self.size}, {self.colours} colours", (x, y),
                 ui.HEADING, ui.TEXT, bold=True)
        y += 70
        ui.label(surface, "Each press moves a button one step along:", (x, y), ui.SMALL, ui.MUTED)
        y += 44
        swatch, arrow = 72, 40
        sx = x
        for index, key in enumerate(self.legend):
            surface.blit(key, (sx, y))
            if index < len(self.legend) - 1:
                ui.label(surface, "\u2192", (sx + swatch + arrow // 2, y + swatch // 2 - 3),
                         ui.BODY, ui.MUTED, anchor="center")
            sx += swatch + arrow
        ui.label(surface, "goal", (x + swatch // 2, y + swatch + 8), ui.SMALL, ui.GOOD,
                 bold=True, anchor="midtop")
        ui.label(surface, "again", (sx - arrow - swatch // 2, y + swatch + 8), ui.SMALL,
                 ui.MUTED, anchor="midtop")
        y += swatch + 60
        y = ui.paragraph(surface, "A press also moves the four buttons next to it. Make "
                         "every button blank.", pygame.Rect(x, y, box.width, 200),
                         ui.BODY, ui.TEXT) + 20
        blank = sum(row.count(0) for row in self.state.board)
        total = self.size * self.size
        ui.label(surface, f"Blank: {blank} of {total}", (x, y), ui.BODY, ui.TEXT, bold=True)
        bar = pygame.Rect(x + 300, y + 6, box.width - 300, 24)
        pygame.draw.rect(surface, ui.PANEL, bar, border_radius=12)
        if blank:
            pygame.draw.rect(surface, ui.GOOD, (bar.x, bar.y, max(24, bar.width * blank // total),
                                                bar.height), border_radius=12)
        y += 64
        if self.unsolvable:
            self._draw_unsolvable(surface, pygame.Rect(x, y, box.width, box.bottom - y - 100))
        else:
            self._draw_notice(surface, pygame.Rect(x, y, box.width, 110))
            self._draw_best(surface, pygame.Rect(x, y + 134, box.width, box.bottom - y - 234))
        ui.paragraph(surface, self.controls_text(), pygame.Rect(x, box.bottom - 70, box.width, 80),
                     ui.SMALL, ui.MUTED)

    def _draw_best(self, surface, rect) -> None:
        ui.label(surface, "Best results, no help", rect.topleft, ui.SMALL, ui.MUTED, bold=True)
        rows = self.best_rows[:max(1, (rect.height - 40) // 40)]
        if not rows:
            ui.label(surface, "None yet for this size and colours.", (rect.x, rect.y + 40),
                     ui.SMALL, ui.MUTED)
        for n, row in enumerate(rows):
            y = rect.y + 40 + n * 40
            ui.label(surface, f"{n + 1}.", (rect.x, y), ui.SMALL, ui.MUTED)
            ui.label(surface, str(row.get("detail") or over_par_text(row["score"])),
                     (rect.x + 44, y), ui.SMALL, ui.TEXT, bold=n == 0)
            ui.label(surface, str(row.get("date", "")), (rect.right, y), ui.SMALL, ui.MUTED,
                     anchor="topright")

    def _draw_notice(self, surface, rect) -> None:
        """The one thing worth saying now: the board cannot be solved, Solve is running, a
        hint is lit, or how the best result stands."""
        if self.solving:
            left = len(self.solve_queue)
            words, colour = (f"Solving: {left} press{'es' if left != 1 else ''} to go. Any key "
                             "or click stops it.", ui.ACCENT)
        elif self.hint_board == self.state.board and not self.over:
            words, colour = "Hint: press the glowing button.", ui.GOOD
        elif self.over:
            words, colour = "Every button is blank. Well done!", ui.GOOD
        elif self.best is not None:
            words, colour = (f"Your best here: {over_par_text(self.best, True)}.", ui.MUTED)
        else:
            words, colour = "Par is the fewest presses that clear this deal.", ui.MUTED
        ui.panel(surface, rect, ui.PANEL, radius=16, border=colour, width=2)
        ui.paragraph(surface, words, rect.inflate(-48, -44), ui.BODY, colour)

    def _draw_unsolvable(self, surface, rect) -> None:
        """A board typed into a game ID that no presses can clear: say so plainly."""
        ui.panel(surface, rect, ui.PANEL, radius=16, border=ui.BAD, width=4)
        inner = rect.inflate(-48, -44)
        ui.label(surface, "This board cannot be solved", inner.topleft, ui.BODY, ui.BAD,
                 bold=True)
        y = ui.paragraph(surface, self.unsolvable, pygame.Rect(inner.x, inner.y + 54, inner.width,
                                                               inner.height), ui.SMALL, ui.TEXT)
        ui.paragraph(surface, "It came from a typed game ID. Choose New game in the menu for "
                     "a fresh deal.", pygame.Rect(inner.x, y + 14, inner.width, inner.height),
                     ui.SMALL, ui.MUTED)

    def controls_text(self) -> str:
        device = self.device
        if device == Device.PAD:
            return ("D-pad moves, A presses, triggers jump to a coloured button, Y hint, "
                    "X twice solves.")
        if device == Device.KEYBOARD:
            return "Arrows move, Enter presses, Tab jumps to a coloured button, H hint, S solve."
        return "Click a button to press it. Hint and Solve are in the toolbar below."


def over_par_text(score, long: bool = False) -> str:
    if score is None:
        return "-"
    score = int(score)
    if score == 0:
        return "right on par" if long else "Par"
    if long:
        return f"{score} over par" if score > 0 else f"{-score} under par"
    return f"Par {score:+d}"
