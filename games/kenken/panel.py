"""Calcoolation's side panel: the entry mode, Fill, Auto-clear, Solve, New game, the hint box
and the controls. Built with the layout and the puzzle's options; it draws the UI state and
changes nothing but its cache."""
from __future__ import annotations

import re

import pygame

from games.core.kit.actions import Device
from games.core.kit.results import SOLVED_BY_COMPUTER, SOLVED_BY_HAND, clock_text
from games.core.loop import assets
from games.core.screens import ui
from games.core.screens.cache import Part, picture_part
from games.kenken.cages import OP_GLYPHS, Params
from games.kenken.controls import Ui
from games.kenken.fillings import Helper
from games.kenken.geometry import Button, Layout
from games.kenken.grader import Hint
from games.kenken.info import size_words
from games.kenken.view import Shown

VARIANT_WORDS = {"standard": "Cages add, subtract, multiply and divide",
                 "multiplication": "Every cage multiplies",
                 "hidden": "Hidden operators: work out which one fits"}


def pretty(text: str) -> str:
    """A hint's sentence with the cage labels in proper signs ("the 12* cage" -> 12x)."""
    return re.sub(r"(\d+)([-+*/])(?= cage)", lambda m: m[1] + OP_GLYPHS[m[2]], text)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def controls_text(device: str, n: int) -> str:
    """How to play, for the device in hand."""
    if device == Device.PAD:
        return ("D-pad moves. A opens the number wheel: turn it with the d-pad or "
                "triggers, A writes, B closes. X switches pen and pencil. The triggers "
                "go to the next empty cell. Y hint. Move right off the grid for these buttons.")
    if device == Device.KEYBOARD:
        return (f"Arrows move. 1 to {n} write a digit, 0 or Backspace clears. X "
                f"switches pen and pencil. Enter opens the number pad, Tab goes to the next "
                f"empty cell. C fill candidates, A auto-clear, S solve, K cage helper, N new "
                f"game, H hint.")
    return ("Click a cell, then a digit on the pad beside it. Right-click a cell to "
            "pencil candidates, or a pad digit for the other mode. Click the same digit "
            "again to rub it out. Highlight a digit, or turn on the cage helper, above.")


def helper_words(helper: Helper) -> tuple[str, str]:
    """The cage helper's title and list: "Cage 12x: 2 combinations left", "126 · 134"."""
    title = f"Cage {helper.clue}: {plural(helper.every, 'combination')} left"
    if not helper.fillings:
        return title, "None fits your digits and candidates: one of them is wrong."
    words = " \u00b7 ".join("".join(map(str, combination)) for combination in
                             helper.combinations)
    more = helper.every - len(helper.combinations)
    ways = f" ({plural(helper.fillings, 'way')} to place them)" if helper.cells > 1 else ""
    return title, words + (f" \u00b7 and {more} more" if more else "") + ways


class KenkenPanel:
    """The panel right of the grid."""

    def __init__(self, sheet: Layout, params: Params) -> None:
        self.sheet, self.params = sheet, params
        self.rect = pygame.Rect(sheet.panel)
        self._key: tuple[object, ...] | None = None
        self._surface = pygame.Surface((1, 1))

    def still_part(self, now: Ui, shown: Shown) -> Part:
        """The panel as it stands, for the scene's Backdrop."""
        return picture_part("panel", self._paint(now, shown), self.rect)

    def _paint(self, now: Ui, shown: Shown) -> pygame.Surface:
        keyboard = shown.keyboard
        hover = None if keyboard else self.sheet.button_at(shown.pointer)
        focus = now.panel if keyboard else None
        hint = shown.hint
        key = (now.pencil, now.autoclear, focus, hover, id(hint) if hint else None,
               shown.over, shown.device, shown.solved, now.highlight, shown.lit, now.helper,
               shown.helper, assets.text_scale())
        if key == self._key:
            return self._surface
        panel = pygame.Surface(self.rect.size)
        panel.fill(ui.BG)
        offset = (-self.rect.left, -self.rect.top)
        params = self.params
        ui.label(panel, size_words(params), (0, 0), ui.HEADING, ui.TEXT, bold=True)
        ui.label(panel, VARIANT_WORDS[params.variant], (2, 58), ui.BODY, ui.MUTED)
        for index, (name, box) in enumerate(self.sheet.buttons):
            rect = pygame.Rect(box).move(offset)
            lit = index in (focus, hover)
            if name == Button.MODE:
                self._paint_mode(panel, rect, lit and not shown.over, now.pencil, shown.over)
            elif name == Button.LIGHT:
                self._paint_light(panel, rect, lit, self.sheet.light_digit(index), now, shown)
            else:
                # The command table's words and letters; play commands dim once it is over.
                words = {Button.FILL: "Fill candidates (C)",
                         Button.AUTOCLEAR: f"Auto-clear: {'On' if now.autoclear else 'Off'} (A)",
                         Button.SOLVE: "Solve (S)", Button.NEW: "New game (N)",
                         Button.HELPER: f"Cage helper: {'On' if now.helper else 'Off'} (K), "
                                        f"counts as help"}[name]
                dimmed = shown.over and name != Button.NEW
                ui.panel(panel, rect, ui.PANEL_HI if lit and not dimmed else ui.PANEL,
                         radius=14, border=ui.PANEL_HI if dimmed else ui.LINE, width=2)
                ui.fit_text(panel, words, rect.inflate(-16, -4), ui.SMALL + 2,
                            ui.DIMMED if dimmed else ui.TEXT, bold=True, max_lines=1)
            if index == focus:
                ui.focus_ring(panel, rect, 16)
        ui.fit_text(panel, "Highlight", pygame.Rect(self.sheet.light_label()).move(offset),
                    ui.SMALL + 2, ui.MUTED, bold=True, align="left", max_lines=1)
        self._paint_info(panel, pygame.Rect(self.sheet.info).move(offset), shown)
        self._key, self._surface = key, panel
        return panel

    @staticmethod
    def _paint_mode(panel: pygame.Surface, rect: pygame.Rect, lit: bool, pencil: bool,
                    dimmed: bool) -> None:
        """Pen or pencil: dimmed with the other play commands once the game is over."""
        ui.panel(panel, rect, ui.PANEL_HI if lit else ui.PANEL, radius=14,
                 border=ui.PANEL_HI if dimmed else ui.LINE, width=2)
        halves = (pygame.Rect(rect.left, rect.top, rect.width // 2, rect.height),
                  pygame.Rect(rect.centerx, rect.top, rect.width - rect.width // 2, rect.height))
        for side, half, words in ((False, halves[0], "Pen: digits"),
                                  (True, halves[1], "Pencil: candidates")):
            on = pencil == side
            if on and not dimmed:
                ui.panel(panel, half.inflate(-10, -10), ui.ACCENT, radius=10)
            ink = ui.DIMMED if dimmed else ui.BG_DEEP if on else ui.MUTED
            ui.label(panel, words, half.center, ui.SMALL + 2, ink, bold=True, anchor="center")

    @staticmethod
    def _paint_light(panel: pygame.Surface, rect: pygame.Rect, lit: bool, digit: int, now: Ui,
                     shown: Shown) -> None:
        """A digit of the Highlight row: filled when chosen, ringed while the cursor's digit
        is the one highlighted."""
        chosen = now.highlight == digit
        ui.panel(panel, rect, ui.ACCENT if chosen else ui.PANEL_HI if lit else ui.PANEL,
                 radius=12, border=ui.ACCENT if shown.lit == digit else ui.LINE,
                 width=3 if shown.lit == digit else 2)
        ui.label(panel, str(digit), rect.center, ui.BODY, ui.BG_DEEP if chosen else ui.TEXT,
                 bold=True, anchor="center")

    def _paint_info(self, panel: pygame.Surface, box: pygame.Rect, shown: Shown) -> None:
        text_box = pygame.Rect(box.left + 28, box.top + 76, box.width - 56, box.height - 90)
        hint: Hint | None = shown.hint
        if hint is not None:
            mistake = hint.technique in ("mistake", "stuck")
            colour = ui.BAD if mistake else ui.GOOD
            ui.panel(panel, box, ui.PANEL, radius=16, border=colour, width=3)
            title = "A mistake" if hint.technique == "mistake" else \
                f"Hint: {hint.technique}" if hint.technique != "stuck" else "No step left"
            ui.label(panel, title[0].upper() + title[1:], (box.left + 28, box.top + 22),
                     ui.BODY, colour, bold=True)
            ui.paragraph(panel, pretty(hint.text), text_box, ui.SMALL + 2, ui.TEXT)
            return
        ui.panel(panel, box, ui.PANEL, radius=16, border=ui.LINE, width=2)
        if shown.helper is not None:
            title, words = helper_words(shown.helper)
            ui.fit_text(panel, title, (box.left + 28, box.top + 14, box.width - 56, 50),
                        ui.BODY, ui.ACCENT, bold=True, align="left", max_lines=1)
            ui.paragraph(panel, words, text_box, ui.BODY, ui.TEXT, spacing=1.4)
            return
        if shown.over:
            title = SOLVED_BY_COMPUTER if shown.solved else SOLVED_BY_HAND
            words = (f"Time {clock_text(shown.elapsed)}, {plural(shown.hints, 'hint')}. "
                     f"New game (N) starts another; the Menu has more.")
        else:
            title, words = "How to play", controls_text(shown.device, self.sheet.n)
        ui.label(panel, title, (box.left + 28, box.top + 22), ui.BODY, ui.ACCENT, bold=True)
        ui.paragraph(panel, words, text_box, ui.SMALL + 2, ui.TEXT)
