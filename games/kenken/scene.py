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

from games.core.data import records
from games.core.kit.actions import Act, Device
from games.core.kit.rules_api import IllegalMove
from games.core.kit.session import Change
from games.core.loop.tween import Tween, linear
from games.core.screens import ui
from games.core.screens.game_scene import GameScene, clock_text
from games.core.screens.menus import SetupScene
from games.kenken import grader, rules
from games.kenken.panel import KenkenPanel, plural
from games.kenken.popup import Popup
from games.kenken.view import FLASH_SECONDS, FLASH_STEP, KenkenView

# --- the look -------------------------------------------------------------------------------

POP_SECONDS = 0.24        # a digit pops in (shrinks away on undo)
FADE_SECONDS = 0.2        # a candidate fades in or out
SWEEP_STEP = 0.035        # delay per diagonal when Fill, Solve or Restart change many cells
PULSE_SECONDS = 0.5       # a new mistake's red pulse
ARM_SECONDS = 3.0         # Solve twice within this fills the grid


class KenkenScene(KenkenView, KenkenPanel, GameScene):
    timed = True
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
        if kind == Act.POINT:
            self.pointer = action.pos
            hit = self.popup_item_at(action.pos)
            if hit is not None:
                self.popup.focus = hit
            return
        if kind == Act.PRESS:
            self.press(action.pos, action.alt)
        elif kind == Act.MOVE:
            self.move(action.dx, action.dy)
        elif kind == Act.CONFIRM:
            self.confirm(action.device)
        elif kind == Act.ALT:
            self.set_pencil(not self.entry_pencil)
        elif kind == Act.DIGIT:
            self.type_digit(action.value)
        elif kind == Act.CLEAR:
            self.close_popup()
            self.clear_cell()
        elif kind in (Act.NEXT, Act.PREV):
            step = 1 if kind == Act.NEXT else -1
            if self.popup:
                self.popup_move(step, 0)
            else:
                self.step_digit(step)
        elif kind == Act.WHEEL and self.popup:
            self.popup_move(0, action.dy)
        elif kind == Act.KEY:
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
            self.open_popup("wheel" if device == Device.PAD else "pad", self.pencil)

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
        if not self.animations_on():
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
        self.pretend_device(Device.KEYBOARD)
        self.cursor = (n - 1, n - 2)
        self.open_popup("pad", True)


SCENE = KenkenScene
