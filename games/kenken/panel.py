"""Calcoolation's side panel: the entry mode, Fill, Auto-clear, Solve, New game, the hint
box and the controls. A mixin of KenkenScene; it reads the scene and changes nothing."""
from __future__ import annotations

import re

import pygame

from games.core.kit.actions import Device
from games.core.screens import ui
from games.core.screens.game_scene import clock_text
from games.kenken.view import OP_GLYPHS

VARIANT_WORDS = {"standard": "Cages add, subtract, multiply and divide",
                 "multiplication": "Every cage multiplies",
                 "hidden": "Hidden operators: work out which one fits"}


def pretty(text: str) -> str:
    """A hint's sentence with the cage labels in proper signs ("the 12* cage" -> 12x)."""
    return re.sub(r"(\d+)([-+*/])(?= cage)", lambda m: m[1] + OP_GLYPHS[m[2]], text)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class KenkenPanel:
    """The side panel of KenkenScene."""

    def _panel_surface(self) -> pygame.Surface:
        keyboard = self.show_cursor()
        hover = None if keyboard else self.widget_at(self.pointer)
        focus = self.panel_focus if keyboard else None
        hint = self.current_hint
        key = (self.pencil, self.autoclear, focus, hover, id(hint) if hint else None,
               self.armed > 0, self.over, self.device, self.solved_by_computer)
        if key == self._panel_key:
            return self._panel
        panel = pygame.Surface(self.panel_rect.size)
        panel.fill(ui.BG)
        offset = (-self.panel_rect.left, -self.panel_rect.top)
        ui.label(panel, f"{self.n} x {self.n}  \u00b7  {self.params.difficulty.title()}", (0, 0),
                 ui.HEADING, ui.TEXT, bold=True)
        ui.label(panel, VARIANT_WORDS[self.params.variant], (2, 58), ui.BODY, ui.MUTED)
        for index, (name, rect) in enumerate(self.widgets):
            rect = rect.move(offset)
            lit = index in (focus, hover)
            if name == "mode":
                self._paint_mode(panel, rect, lit)
            else:
                words = {"fill": "Fill candidates (F)",
                         "autoclear": f"Auto-clear: {'On' if self.autoclear else 'Off'} (A)",
                         "solve": "Solve? Press again" if self.armed > 0 else "Solve (S)",
                         "new": "New game (N)"}[name]
                ui.panel(panel, rect, ui.PANEL_HI if lit else ui.PANEL, radius=14,
                         border=ui.ACCENT if name == "solve" and self.armed > 0 else ui.LINE,
                         width=2)
                ui.label(panel, words, rect.center, ui.SMALL + 2, ui.TEXT, bold=True,
                         anchor="center")
            if index == focus:
                ui.focus_ring(panel, rect, 16)
        self._paint_info(panel, self.info_rect.move(offset), hint)
        self._panel_key, self._panel = key, panel
        return panel

    def _paint_mode(self, panel, rect, lit) -> None:
        ui.panel(panel, rect, ui.PANEL_HI if lit else ui.PANEL, radius=14, border=ui.LINE,
                 width=2)
        halves = (pygame.Rect(rect.left, rect.top, rect.width // 2, rect.height),
                  pygame.Rect(rect.centerx, rect.top, rect.width - rect.width // 2, rect.height))
        for pencil, half, words in ((False, halves[0], "Pen: digits"),
                                    (True, halves[1], "Pencil: candidates")):
            on = self.pencil == pencil
            if on:
                ui.panel(panel, half.inflate(-10, -10), ui.ACCENT, radius=10)
            ui.label(panel, words, half.center, ui.SMALL + 2, ui.BG_DEEP if on else ui.MUTED,
                     bold=True, anchor="center")

    def _paint_info(self, panel, box, hint) -> None:
        if hint is not None:
            mistake = hint.technique in ("mistake", "stuck")
            colour = ui.BAD if mistake else ui.GOOD
            ui.panel(panel, box, ui.PANEL, radius=16, border=colour, width=3)
            title = "A mistake" if hint.technique == "mistake" else \
                f"Hint: {hint.technique}" if hint.technique != "stuck" else "No step left"
            ui.label(panel, title[0].upper() + title[1:], (box.left + 28, box.top + 22),
                     ui.BODY, colour, bold=True)
            ui.paragraph(panel, pretty(hint.text), pygame.Rect(box.left + 28, box.top + 76,
                                                               box.width - 56, box.height - 90),
                         ui.SMALL + 2, ui.TEXT)
            return
        ui.panel(panel, box, ui.PANEL, radius=16, border=ui.LINE, width=2)
        if self.over:
            title = "Filled in by Solve" if self.solved_by_computer else "Solved!"
            words = (f"Time {clock_text(self.session.elapsed)}, "
                     f"{plural(self.hints, 'hint')}. New game (N) starts another; the Menu "
                     f"has more.")
        else:
            title, words = "How to play", self.controls_text()
        ui.label(panel, title, (box.left + 28, box.top + 22), ui.BODY, ui.ACCENT, bold=True)
        ui.paragraph(panel, words, pygame.Rect(box.left + 28, box.top + 76, box.width - 56,
                                               box.height - 90), ui.SMALL + 2, ui.TEXT)

    def controls_text(self) -> str:
        device = self.device
        if device == Device.PAD:
            return ("D-pad moves. A opens the number wheel: turn it with the d-pad or "
                    "triggers, A writes, B closes. X switches pen and pencil. The triggers "
                    "step a cell's digit. Y hint. Move right off the grid for these buttons.")
        if device == Device.KEYBOARD:
            return (f"Arrows move. 1 to {self.n} write a digit, 0 or Backspace clears. X or C "
                    f"switches pen and pencil. Enter opens the number pad, Tab steps the digit. "
                    f"F fill, A auto-clear, S solve, N new game, H hint.")
        return ("Click a cell, then a digit on the pad beside it. Right-click a cell to "
                "pencil candidates, or a pad digit for the other mode. Click the same digit "
                "again to rub it out.")
