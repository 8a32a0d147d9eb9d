"""Calcoolation (KenKen) on screen: the grid with its cages on the left, a side panel with the
entry mode, Fill candidates, Auto-clear, Solve, New game and the hint box on the right.

Mouse: click a cell and a number pad opens beside it (Pen / Pencil tabs, the digits, Clear);
right-click a cell to open it in pencil mode, right-click a pad digit for the other mode.
Keyboard: arrows move, digits enter (0 or Backspace clears), X or C switches between pen and
pencil, Enter opens the pad, Tab / Shift+Tab step the digit; F fill, A auto-clear, S solve,
N new game, H hint. Gamepad: d-pad or stick moves, A opens a number wheel around the cell
(d-pad or triggers turn it, A enters, B closes), X switches pen and pencil, the triggers step
the digit, Y hint, LB / RB undo / redo; the panel's buttons are reached by moving right off
the grid.

Every change is one Move through the Session, so each (a placed digit with its row and
column cleared, Fill candidates, Solve) is undone in one step. Animations come from
(old state, new state): digits pop in (and shrink away on undo), candidates fade, Fill and
Solve sweep across the grid, and the win flashes along the diagonals.
"""
from __future__ import annotations

import math
import re

import pygame

from games.core import input as act
from games.core import records, ui
from games.core.game_scene import GameScene, clock_text
from games.core.rules_api import IllegalMove
from games.core.screens import SetupScene
from games.core.session import Change
from games.core.tween import Tween, ease_out_back, ease_out_cubic, linear
from games.kenken import grader, rules
from games.kenken.popup import Popup
from sprites.kenken import CLUE_INK, DIGIT_INK, MARK_INK, PAPER, PAPER_SELECTED, THIN, WALL

# --- the look -------------------------------------------------------------------------------
PAPER_LINE = (232, 227, 211)       # the selected cell's row and column
PAPER_HINT = (204, 235, 209)
PAPER_BAD = (255, 209, 200)
BAD_INK = (196, 36, 30)
HINT_INK = (22, 128, 62)
OP_GLYPHS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}

POP_SECONDS = 0.24        # a digit pops in (shrinks away on undo)
FADE_SECONDS = 0.2        # a candidate fades in or out
SWEEP_STEP = 0.035        # delay per diagonal when Fill, Solve or Restart change many cells
FLASH_SECONDS = 0.5       # one cell's flash when the grid is solved
FLASH_STEP = 0.06         # delay per diagonal of the win flash
PULSE_SECONDS = 0.5       # a new mistake's red pulse
ARM_SECONDS = 3.0         # Solve twice within this fills the grid

VARIANT_WORDS = {"standard": "Cages add, subtract, multiply and divide",
                 "multiplication": "Every cage multiplies",
                 "hidden": "Hidden operators: work out which one fits"}


def clue_label(params, cage) -> str:
    """The clue as drawn: x, -, / as the proper signs; no operator when they are hidden."""
    text = rules.clue_text(params, cage)
    return text[:-1] + OP_GLYPHS[text[-1]] if text[-1] in OP_GLYPHS else text


def pretty(text: str) -> str:
    """A hint's sentence with the cage labels in proper signs ("the 12* cage" -> 12x)."""
    return re.sub(r"(\d+)([-+*/])(?= cage)", lambda m: m[1] + OP_GLYPHS[m[2]], text)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class KenkenScene(GameScene):
    timed = True
    higher_is_better = False       # best times: lower is better
    result_pause = 0.25            # the flash is the pause before the result

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.n = self.state.size
        self.params = self.state.params
        self.layout()
        self.cursor = (0, 0)
        self.panel_focus: int | None = None       # a panel button has the keyboard/pad focus
        self.pencil = False                       # pen or pencil mode
        self.popup: Popup | None = None
        self.pointer = (0, 0)
        self.hint_shown: grader.Hint | None = None
        self.hint_state = None                    # the state the hint was worked out for
        self.armed = 0.0                          # time left to confirm Solve
        self.cells: dict[int, tuple] = {}         # index -> (tween, old digit, new digit,
        #                                            old marks, new marks)
        self.flash: Tween | None = None
        self.pulses: dict[int, Tween] = {}
        self.stretch = 1.0                        # the bench stretches animations
        self._errors_key, self._errors = None, frozenset()
        self._base_key, self._base = None, None
        self._board_key, self._board = None, None
        self._panel_key, self._panel = None, None
        self._popup_key, self._popup = None, None
        self._light_surface = None
        self.best_rows = self._load_best()

    # --- settings and help used -----------------------------------------------------------
    @property
    def autoclear(self) -> bool:
        return self.app.settings.get("kenken_autoclear", True) is True

    @property
    def solved_by_computer(self) -> bool:
        return self.session.count("solved") > 0

    def adopt_old_record(self) -> None:
        super().adopt_old_record()
        self.adopt_old_counter("solved", "solved")

    def _load_best(self) -> list:
        return records.best_entries(self.session.key, self.session.params)

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

    # --- the popup: pad or wheel ----------------------------------------------------------
    def open_popup(self, style: str, pencil: bool) -> None:
        r, c = self.cursor
        digit = self.state.digits[r * self.n + c]
        self.popup = Popup(self.cursor, style, pencil)
        self.popup.place(self.cell_rect(*self.cursor), self.n, self.cell, self.board_rect)
        start = digit or 1
        self.popup.focus = next(k for k, (kind, value, _) in enumerate(self.popup.items)
                                if kind == "digit" and value == start)
        self.app.audio.play("select")

    def close_popup(self) -> None:
        self.popup = None

    def popup_item_at(self, pos):
        return None if self.popup is None else self.popup.item_at(pos)

    def popup_move(self, dx: int, dy: int) -> None:
        self.popup.move(dx, dy)
        if self.popup.style == "wheel":
            self.app.audio.play("tick")

    def activate_item(self, index: int, alt: bool = False) -> None:
        popup = self.popup
        kind, value, _ = popup.items[index]
        popup.focus = index
        if kind == "mode":
            self.set_pencil(bool(value))
            return
        if kind == "clear":
            self.close_popup()
            self.clear_cell()
            return
        if popup.pencil != alt:
            self.toggle_candidate(value)
        else:
            self.close_popup()
            self.enter_digit(value)

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == act.POINT:
            self.pointer = action.pos
            hit = self.popup_item_at(action.pos)
            if hit is not None:
                self.popup.focus = hit
            return
        if kind == act.PRESS:
            self.press(action.pos, action.alt)
        elif kind == act.MOVE:
            self.move(action.dx, action.dy)
        elif kind == act.CONFIRM:
            self.confirm(action.device)
        elif kind == act.ALT:
            self.set_pencil(not self.entry_pencil)
        elif kind == act.DIGIT:
            self.type_digit(action.value)
        elif kind == act.CLEAR:
            self.close_popup()
            self.clear_cell()
        elif kind in (act.NEXT, act.PREV):
            step = 1 if kind == act.NEXT else -1
            if self.popup:
                self.popup_move(step, 0)
            else:
                self.step_digit(step)
        elif kind == act.WHEEL and self.popup:
            self.popup_move(0, action.dy)
        elif kind == act.KEY:
            shortcut = {"c": lambda: self.set_pencil(not self.entry_pencil), "f": self.fill,
                        "a": self.toggle_autoclear, "s": self.solve,
                        "n": self.new_game}.get(action.value)
            if shortcut:
                shortcut()

    @property
    def entry_pencil(self) -> bool:
        return self.popup.pencil if self.popup else self.pencil

    def press(self, pos, alt: bool) -> None:
        if self.popup:
            hit = self.popup_item_at(pos)
            if hit is not None:
                self.activate_item(hit, alt)
                return
            if self.popup.rect.collidepoint(pos):
                return
        cell = self.cell_at(pos)
        if cell is not None:
            self.panel_focus = None
            if self.popup and self.popup.cell == cell and not alt:
                self.close_popup()
                return
            self.cursor = cell
            self.open_popup("pad", True if alt else self.pencil)
            return
        self.close_popup()
        widget = self.widget_at(pos)
        if widget is not None and not alt:
            self.activate_widget(widget, pos)

    def move(self, dx: int, dy: int) -> None:
        if self.popup:
            self.popup_move(dx, dy)
            return
        if self.panel_focus is not None:
            rects = [rect for _, rect in self.widgets]
            if dx < 0 and rects[self.panel_focus].left == self.panel_rect.left:
                self.panel_focus = None          # left of the panel's left column: the grid
            else:
                self.panel_focus = ui.nearest(rects, self.panel_focus, dx, dy)
            return
        r, c = self.cursor
        if c + dx >= self.n:
            y = self.cell_rect(r, c).centery
            self.panel_focus = min(range(len(self.widgets)),
                                   key=lambda k: (abs(self.widgets[k][1].centery - y),
                                                  self.widgets[k][1].left))
            return
        self.cursor = (max(0, min(self.n - 1, r + dy)), max(0, min(self.n - 1, c + dx)))

    def confirm(self, device) -> None:
        if self.popup:
            self.activate_item(self.popup.focus)
        elif self.panel_focus is not None:
            self.activate_widget(self.panel_focus)
        elif not self.over:
            self.open_popup("wheel" if device == act.PAD else "pad", self.pencil)

    def cancel(self) -> bool:
        if self.popup:
            self.close_popup()
            return True
        if self.armed > 0:
            self.armed = 0.0
            self.say("Solve cancelled.")
            return True
        if self.panel_focus is not None:
            self.panel_focus = None
            return True
        return False

    def interrupt(self) -> None:
        self.close_popup()
        self.armed = 0.0

    def activate_widget(self, index: int, pos=None) -> None:
        name, rect = self.widgets[index]
        if name == "mode":
            if pos is not None:
                self.set_pencil(pos[0] >= rect.centerx)
            else:
                self.set_pencil(not self.pencil)
        elif name == "fill":
            self.fill()
        elif name == "autoclear":
            self.toggle_autoclear()
        elif name == "solve":
            self.solve()
        elif name == "new":
            self.new_game()

    # --- what the player does -------------------------------------------------------------
    def set_pencil(self, pencil: bool) -> None:
        self.pencil = pencil
        if self.popup:
            self.popup.pencil = pencil
        self.app.audio.play("select")

    def toggle_autoclear(self) -> None:
        self.app.settings["kenken_autoclear"] = not self.autoclear
        self.app.save_settings()
        self.say("Auto-clear on: a written digit is rubbed out of its row's and column's "
                 "candidates." if self.autoclear else "Auto-clear off: candidates stay as "
                 "they are when you write a digit.")
        self.app.audio.play("select")

    def here(self):
        r, c = self.cursor
        index = r * self.n + c
        return r, c, self.state.digits[index], self.state.candidates[index]

    def type_digit(self, digit: int) -> None:
        if self.over:
            return
        if digit == 0:
            self.close_popup()
            self.clear_cell()
        elif digit > self.n:
            self.say(f"Digits on a {self.n} x {self.n} grid run from 1 to {self.n}.")
            self.app.audio.play("wrong")
        elif self.entry_pencil:
            self.toggle_candidate(digit)
        else:
            self.close_popup()
            self.enter_digit(digit)

    def enter_digit(self, digit: int) -> None:
        r, c, current, _ = self.here()
        if current == digit:       # the same digit again rubs it out
            self.clear_cell()
            return
        self.do(rules.Move(rules.PLACE_CLEAR if self.autoclear else rules.PLACE, r, c, digit))

    def toggle_candidate(self, digit: int) -> None:
        r, c, current, _ = self.here()
        if current:
            self.say(f"{rules.cell_name(r, c).capitalize()} holds a {current}: clear it (0 or "
                     f"Backspace) before pencilling candidates.")
            self.app.audio.play("wrong")
            return
        self.do(rules.Move(rules.TOGGLE, r, c, digit))

    def clear_cell(self) -> None:
        if self.over:
            return
        r, c, current, marks = self.here()
        if not current and not marks:
            self.say(f"{rules.cell_name(r, c).capitalize()} is already empty.")
            return
        self.do(rules.Move(rules.CLEAR, r, c))

    def step_digit(self, step: int) -> None:
        """Triggers and Tab: the cell's digit one up or down (past the end, empty)."""
        if self.over:
            return
        r, c, current, _ = self.here()
        digit = (current + step) % (self.n + 1)
        if digit == 0:
            self.clear_cell()
        else:
            self.do(rules.Move(rules.PLACE_CLEAR if self.autoclear else rules.PLACE, r, c,
                               digit))

    def fill(self) -> None:
        if not self.over:
            self.do(rules.Move(rules.FILL))

    def solve(self) -> None:
        if self.over:
            return
        if self.armed <= 0:
            self.armed = ARM_SECONDS
            self.say("Press Solve again to fill in the whole grid (undo takes it back).")
            self.app.audio.play("select")
            return
        self.armed = 0.0
        if rules.solution(self.state) is None:
            self.say("This puzzle has no single solution to fill in.")
            self.app.audio.play("wrong")
            return
        self.session.note("solved")     # in the record: undo does not make it unsolved
        self.message_time = 0.0
        self.do(rules.Move(rules.SOLVE))

    def new_game(self) -> None:
        """The setup screen with this game's choices; a new game there replaces this one."""
        self.close_popup()
        self.app.settings.setdefault("setup", {})[self.session.key] = {
            "size": self.n, "difficulty": self.params.difficulty,
            "variant": self.params.variant}
        self.app.push(SetupScene(self.app, self.session.key, replace_scene=self))

    def do(self, move) -> Change | None:
        """Play a move that changes something; one that would not is explained instead."""
        try:
            rules.apply_move(self.state, move)
        except IllegalMove as error:
            self.say(str(error))
            return None
        before = self.errors_of(self.state)
        change = self.play(move)
        if change is None:
            return None
        after = self.errors_of(self.state)
        if self.show_errors and after - before:
            self.app.audio.play("wrong")
        elif move.kind in (rules.PLACE, rules.PLACE_CLEAR, rules.SOLVE):
            self.app.audio.play("place")
        else:
            self.app.audio.play("select")
        return change

    # --- hints ----------------------------------------------------------------------------
    def hint(self) -> None:
        self.close_popup()
        if self.hint_state == self.state and self.hint_shown is not None:
            self.say("The hint is in the panel and marked on the grid.")
            return
        found = grader.hint(self.state)
        if found is None:
            return
        self.hint_shown, self.hint_state = found, self.state
        self.count_hint()
        if found.cells and found.technique != "stuck":
            self.cursor = found.place[0] if found.place else found.cells[0]
            self.panel_focus = None
        self.app.audio.play("wrong" if found.technique == "mistake" else "hint")

    @property
    def current_hint(self):
        return self.hint_shown if self.hint_state == self.state else None

    # --- errors ---------------------------------------------------------------------------
    @property
    def show_errors(self) -> bool:
        return bool(self.app.settings.get("show_errors", True))

    def errors_of(self, state) -> frozenset:
        if self._errors_key is not state:
            self._errors_key, self._errors = state, rules.errors(state)
        return self._errors

    def shown_errors(self) -> frozenset:
        return self.errors_of(self.state) if self.show_errors else frozenset()

    # --- animation ------------------------------------------------------------------------
    def animate(self, change) -> None:
        old, new = change.old, change.new
        self.cells, self.pulses, self.flash = {}, {}, None
        if not self.app.settings.get("animations", True):
            return
        n = self.n
        changed = [i for i in range(n * n) if old.digits[i] != new.digits[i]
                   or old.candidates[i] != new.candidates[i]]
        sweep = SWEEP_STEP * self.stretch if len(changed) > 2 else 0.0
        placed = [i for i in changed if old.digits[i] != new.digits[i]]
        origin = divmod(placed[0], n) if len(placed) == 1 else (0, 0)   # a sweep spreads
        for i in changed:                                                 # from the digit
            r, c = divmod(i, n)
            distance = abs(r - origin[0]) + abs(c - origin[1])
            digit_changed = old.digits[i] != new.digits[i]
            duration = (POP_SECONDS if digit_changed else FADE_SECONDS) * self.stretch
            tween = self.tweens.add(Tween(duration, linear, delay=sweep * distance))
            self.cells[i] = (tween, old.digits[i], new.digits[i], old.candidates[i],
                             new.candidates[i])
        if self.show_errors:
            for r, c in self.errors_of(new) - self.errors_of(old):
                self.pulses[r * n + c] = self.tweens.add(Tween(PULSE_SECONDS * self.stretch,
                                                               linear))
        if rules.status(new).over and not rules.status(old).over and change.direction > 0:
            delay = POP_SECONDS if len(changed) <= 2 else sweep * 2 * (n - 1) + POP_SECONDS
            self.flash = self.tweens.add(Tween(
                (FLASH_SECONDS + FLASH_STEP * 2 * (n - 1)) * self.stretch, linear, delay=delay))

    def after_change(self, change) -> None:
        super().after_change(change)
        if self.over and change.direction > 0:
            self.app.audio.play("flash")
            self.close_popup()
            self.panel_focus = None

    def game_over(self) -> None:
        super().game_over()
        self.best_rows = self._load_best()

    # --- ticking --------------------------------------------------------------------------
    def next_change(self) -> float | None:
        """A pressed Solve says "press again" until it disarms."""
        due = super().next_change()
        if self.armed > 0:
            due = self.armed if due is None else min(due, self.armed)
        return due

    def tick(self, dt: float) -> None:
        if self.armed > 0:
            self.armed = max(0.0, self.armed - dt)
        if self.app.messages and self.app.top is self:
            # e.g. an impossible choice on the pause menu's setup screen: say it here
            self.say(self.app.messages.pop(0))

    # --- HUD, scores, result --------------------------------------------------------------
    def hud_fields(self):
        filled = rules.score(self.state)
        best = self.best_rows[0]["score"] if self.best_rows else None
        return [("Filled", f"{filled}/{self.n * self.n}"), ("Hints", str(self.hints)),
                ("Best", clock_text(best) if best is not None else "-"),
                ("Time", clock_text(self.session.elapsed))]

    def final_score(self) -> int:
        return math.ceil(self.session.elapsed)

    def score_text(self, score) -> str:
        hints = self.hints
        return clock_text(score) + (f", {plural(hints, 'hint')}" if hints else "")

    def result_title(self) -> str:
        return "Filled in by Solve" if self.solved_by_computer else "Solved!"

    def result_mood(self) -> str:
        return "neutral" if self.solved_by_computer else "good"

    def result_lines(self):
        size = f"{self.n} x {self.n} {self.params.difficulty.title()}"
        if self.params.variant != "standard":
            size += ", " + ("multiplication only" if self.params.multiplication_only
                            else "hidden operators")
        lines = [f"Time: {clock_text(self.session.elapsed)}    Hints: {self.hints}    ({size})"]
        if self.solved_by_computer:
            lines.append("Solve filled the grid, so this time is not entered.")
        return lines

    def status_line(self) -> str:
        if self.over:
            return super().status_line()
        if self.armed > 0:
            return "Press Solve again to fill in the whole grid."
        return ""

    # --- the demo and the bench -----------------------------------------------------------
    def demo_move(self):
        """Unused: demo_step below plays through the number pad (there is no ai module)."""
        return None

    def demo_step(self) -> None:
        """The scripted player: pencils every candidate, then writes the answer cell by cell,
        choosing each digit on the pad one step before writing it (so the demo shows it)."""
        if self.over or self.tweens.busy:
            return
        if not any(self.state.candidates) and not any(self.state.digits):
            self.fill()
            return
        solution = rules.solution(self.state)
        if solution is None:
            return
        if self.popup is None:
            empty = [i for i, d in enumerate(self.state.digits) if not d]
            if not empty:
                return
            target = empty[(len(empty) * 7) // 11]
            self.cursor = divmod(target, self.n)
            self.open_popup("pad", False)
            digit = solution[target]
            self.popup.focus = next(k for k, (kind, value, _) in enumerate(self.popup.items)
                                    if kind == "digit" and value == digit)
            return
        self.activate_item(self.popup.focus)

    def bench_pose(self) -> None:
        """Candidates everywhere, a digit twice in a column (a mistake, shown), the hint
        pointing at it, a digit mid-pop (stretched so it stays mid-pop) and the number pad
        open in pencil mode under the keyboard cursor."""
        self.do(rules.Move(rules.FILL))
        solution = rules.solution(self.state)
        n = self.n
        if solution is not None:
            self.do(rules.Move(rules.PLACE_CLEAR, 0, 0, solution[0]))
            self.do(rules.Move(rules.PLACE, 1, 0, solution[0]))
            self.stretch = 400.0
            self.do(rules.Move(rules.PLACE_CLEAR, n - 1, n - 1, solution[-1]))
            self.stretch = 1.0
            self.tweens.update(POP_SECONDS * 200)
            self.hint()
            self.session.record.pop("hints", None)   # a pose, not help the player asked for
        self.app.input.last_device = act.KEYBOARD
        self.cursor = (n - 1, n - 2)
        self.open_popup("pad", True)

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
        if self.over or self.app.input.last_device == act.MOUSE or self.panel_focus is not None:
            return
        rect = self.cell_rect(*self.cursor)
        colour = (40, 150, 220) if self.pencil else ui.ACCENT
        pygame.draw.rect(surface, colour, rect.inflate(10, 10), 6, border_radius=10)

    # --- the side panel -------------------------------------------------------------------
    def _panel_surface(self) -> pygame.Surface:
        keyboard = self.app.input.last_device != act.MOUSE
        hover = None if keyboard else self.widget_at(self.pointer)
        focus = self.panel_focus if keyboard else None
        hint = self.current_hint
        key = (self.pencil, self.autoclear, focus, hover, id(hint) if hint else None,
               self.armed > 0, self.over, self.app.input.last_device, self.solved_by_computer)
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
        device = self.app.input.last_device
        if device == act.PAD:
            return ("D-pad moves. A opens the number wheel: turn it with the d-pad or "
                    "triggers, A writes, B closes. X switches pen and pencil. The triggers "
                    "step a cell's digit. Y hint. Move right off the grid for these buttons.")
        if device == act.KEYBOARD:
            return (f"Arrows move. 1 to {self.n} write a digit, 0 or Backspace clears. X or C "
                    f"switches pen and pencil. Enter opens the number pad, Tab steps the digit. "
                    f"F fill, A auto-clear, S solve, N new game, H hint.")
        return ("Click a cell, then a digit on the pad beside it. Right-click a cell to "
                "pencil candidates, or a pad digit for the other mode. Click the same digit "
                "again to rub it out.")

    # --- the popup ------------------------------------------------------------------------
    def _draw_popup(self, surface) -> None:
        popup = self.popup
        r, c = popup.cell
        index = r * self.n + c
        key = (popup.cell, popup.style, popup.focus, popup.pencil, self.state.digits[index],
               self.state.candidates[index], self.app.input.last_device)
        if key != self._popup_key:
            show_focus = self.app.input.last_device != act.MOUSE
            self._popup_key, self._popup = key, popup.paint(
                self.state.digits[index], self.state.candidates[index], show_focus)
        if popup.style == "pad":
            cell = self.cell_rect(r, c)
            pygame.draw.rect(surface, ui.ACCENT, cell.inflate(6, 6), 5, border_radius=8)
        surface.blit(self._popup, popup.rect.topleft)


SCENE = KenkenScene
