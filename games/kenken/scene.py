"""Calcoolation (KenKen) on screen: the grid with its cages on the left, a side panel with the
entry mode, Fill candidates, Auto-clear, Solve, New game and the hint box on the right.

The scene wires the parts: controls.py says what each action means (the controls are listed
there), view.py draws the grid and the number pad, panel.py the side panel, motion.py works
out the animations, geometry.py says where everything sits.

Every change is one Move through the Session, so each (a placed digit with its row and
column cleared, Fill candidates, each digit Solve writes) is undone in one step. Solve is the
frame's (games/core/screens/solving.py): this scene gives it the solution's digits.
Animations come from (old state, new state): digits pop in (and shrink away on undo),
candidates fade, Fill sweeps across the grid, and the win flashes along the diagonals.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.options import remember
from games.core.kit.session import Change, Session
from games.core.loop.app import App
from games.core.screens import solving
from games.core.screens.cache import Backdrop
from games.core.screens.game_scene import GameScene, clock_text
from games.core.screens.ui import BG
from games.kenken import controls, fillings, geometry, grader, rules
from games.kenken.cages import Params
from games.kenken.controls import Ui, Verb
from games.kenken.geometry import Cell, Style
from games.kenken.motion import Motion, motion
from games.kenken.panel import KenkenPanel, plural
from games.kenken.view import KenkenView, Shown


class KenkenScene(GameScene):
    timed = True
    result_pause = 0.25            # the flash is the pause before the result

    def __init__(self, app: App, session: Session,
                 play_options: dict[str, Any] | None = None) -> None:
        super().__init__(app, session, play_options)
        self.n: int = self.state.size
        self.params: Params = self.state.params
        self.layout = geometry.layout(self.n)
        self.view = KenkenView(self.layout)
        self.panel = KenkenPanel(self.layout, self.params)
        self.backdrop = Backdrop(BG)
        self.ui = Ui(cursor=controls.home(self.state), autoclear=self.autoclear)
        self.motion = Motion()
        self.stretch = 1.0                        # the bench stretches animations
        self.pointer = (0, 0)
        self.hint_shown: grader.Hint | None = None
        self.hint_state: rules.State | None = None   # the state the hint was worked out for
        self._errors_key: rules.State | None = None
        self._errors: frozenset[Cell] = frozenset()
        self.best_rows = self._load_best()

    # --- settings and help used -----------------------------------------------------------
    @property
    def autoclear(self) -> bool:
        return bool(self.prefs["autoclear"])

    def _load_best(self) -> list[dict[str, Any]]:
        return self.best_entries()

    @property
    def cursor(self) -> Cell:
        return self.ui.cursor

    # --- input: controls.interpret says what an action means; the scene carries it out -----
    def handle_game(self, action: Action) -> None:
        if action.kind == Act.POINT and action.pos is not None:
            self.pointer = action.pos
        target = None if action.pos is None else \
            self.view.target_at(action.pos, self.ui, self.state)
        self.answer(controls.interpret(self.state, self.ui, action, target))

    def answer(self, answer: controls.Answer) -> None:
        if isinstance(answer, Refuse):
            self.refuse(answer.reason)
        elif isinstance(answer, Look):
            self.look(answer.ui)
        elif isinstance(answer, Play):
            self.make(answer.move, answer.ui)
        elif answer is Verb.NEW_GAME:
            self.new_game()
        elif answer is Verb.SOLVE:
            self.ask_solve()

    def commands(self):
        return {**super().commands(),
                Command.CANDIDATES: lambda: self.answer(controls.fill(self.state, self.ui)),
                Command.AUTOCLEAR: lambda: self.look(replace(self.ui,
                                                             autoclear=not self.ui.autoclear)),
                Command.HELPER: lambda: self.look(controls.toggle_helper(self.ui))}

    def solution(self) -> list[Any] | str:
        return controls.solution_moves(self.state, self.autoclear)

    def show_solve_move(self, move: Any) -> None:
        self.make(move, replace(self.ui, cursor=(move.row, move.col), pad=None, panel=None))

    def look(self, ui: Ui) -> None:
        """Take on a new UI state, with the sounds and words that go with the change."""
        old, self.ui = self.ui, ui
        if ui.autoclear != old.autoclear:
            self.toggle_autoclear()
        elif ui.helper != old.helper:
            self.toggle_helper()
        elif sound := cue(old, ui):
            self.app.audio.play(sound)

    def toggle_autoclear(self) -> None:
        self.set_pref("autoclear", not self.autoclear)
        self.say("Auto-clear on: a written digit is rubbed out of its row's and column's "
                 "candidates." if self.autoclear else "Auto-clear off: candidates stay as "
                 "they are when you write a digit.")
        self.app.audio.play("select")

    def toggle_helper(self) -> None:
        """The cage helper is help (docs/RULES.md): noted in the record the first time it is
        turned on, which no undo refunds."""
        if self.ui.helper and not self.session.count("cage_helper"):
            self.session.note("cage_helper")
        self.say("Cage helper on: the panel lists the fillings the cursor's cage can still "
                 "take (noted as help)." if self.ui.helper else "Cage helper off.")
        self.app.audio.play("select")

    def make(self, move: rules.Move, ui: Ui) -> None:
        """Play a move the controls found legal, with its sound: a new mistake buzzes (and is
        noted in the record, shown or not)."""
        self.look(ui)
        before = self.errors_of(self.state)
        if self.play(move) is None:
            return
        if self.errors_of(self.state) - before:
            self.session.note("mistakes")
        if self.show_errors and self.errors_of(self.state) - before:
            self.app.audio.play("wrong")
        elif move.kind in (rules.PLACE, rules.PLACE_CLEAR, rules.SOLVE):
            self.app.audio.play("place")
        else:
            self.app.audio.play("select")

    def cancel(self) -> bool:
        ui = controls.back(self.ui)
        if ui is None:
            return False
        self.ui = ui
        return True

    def interrupt(self) -> None:
        self.ui = replace(self.ui, pad=None)

    def new_game(self) -> None:
        """The setup screen with this game's choices; a new game there replaces this one."""
        self.ui = replace(self.ui, pad=None)
        remember(self.app.settings, self.session.key, {
            "size": self.n, "difficulty": self.params.difficulty,
            "variant": self.params.variant})
        from games.core.screens.menus import SetupScene  # opened when asked for
        self.app.push(SetupScene(self.app, self.session.key, replace_scene=self))

    # --- hints ----------------------------------------------------------------------------
    def hint(self) -> None:
        self.ui = replace(self.ui, pad=None)
        if self.hint_state == self.state and self.hint_shown is not None:
            self.say("The hint is in the panel and marked on the grid.")
            return
        found = grader.hint(self.state)
        if found is None:
            return
        self.hint_shown, self.hint_state = found, self.state
        self.count_hint()
        if found.cells and found.technique != "stuck":
            cursor = found.place[0] if found.place else found.cells[0]
            self.ui = replace(self.ui, cursor=cursor, panel=None)
        self.app.audio.play("wrong" if found.technique == "mistake" else "hint")

    @property
    def current_hint(self) -> grader.Hint | None:
        return self.hint_shown if self.hint_state == self.state else None

    # --- errors ---------------------------------------------------------------------------
    @property
    def show_errors(self) -> bool:
        return bool(self.app.settings.get("show_errors", True))

    def errors_of(self, state: rules.State) -> frozenset[Cell]:
        if self._errors_key is not state:
            self._errors_key, self._errors = state, rules.errors(state)
        return self._errors

    def shown_errors(self) -> frozenset[Cell]:
        return self.errors_of(self.state) if self.show_errors else frozenset()

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change) -> None:
        old, new = change.old, change.new
        if not self.animations_on() or not isinstance(old, rules.State) or \
                not isinstance(new, rules.State):
            self.motion = Motion()
            return
        mistakes = self.errors_of(new) - self.errors_of(old) if self.show_errors else frozenset()
        self.motion = motion(old, new, change.direction, self.tweens, mistakes, self.stretch)

    def after_change(self, change: Change) -> None:
        super().after_change(change)
        if self.over and change.direction > 0:
            self.app.audio.play("flash")
            self.ui = replace(self.ui, pad=None, panel=None)

    def game_over(self) -> None:
        super().game_over()
        self.best_rows = self._load_best()

    # --- drawing --------------------------------------------------------------------------
    def lesson_spot(self, cell: Cell) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a cell."""
        return pygame.Rect(self.layout.cell_box(*cell)).inflate(-10, -10)

    def shown(self) -> Shown:
        lit = controls.lit_digit(self.state, self.ui)
        helper = fillings.helper(self.state, self.ui.cursor) if self.ui.helper and \
            not self.over else None
        return Shown(self.shown_errors(), self.current_hint, self.over, self.device,
                     self.pointer, self.solver.finished, self.session.elapsed, self.hints,
                     lit, fillings.lit_cells(self.state, lit), helper)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The grid at rest and the panel: one picture, painted again as they change."""
        shown = self.shown()
        self.backdrop.show(surface, [self.view.still_part(self.state, self.ui, shown),
                                     self.panel.still_part(self.ui, shown)])

    def draw_board(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        self.view.draw(surface, self.state, self.ui, shown, self.motion)
        self.view.draw_pad(surface, self.state, self.ui, shown)

    # --- ticking --------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        if self.app.messages and self.app.top is self:
            # e.g. an impossible choice on the pause menu's setup screen: say it here
            self.say(self.app.messages.pop(0))

    # --- HUD, scores, result --------------------------------------------------------------
    def move_words(self, move: rules.Move) -> str:
        """A move as the replay lists it (rows and columns counted from 1)."""
        cell = f"row {move.row + 1}, column {move.col + 1}"
        return {rules.PLACE: f"Wrote {move.digit} in {cell}",
                rules.PLACE_CLEAR: f"Wrote {move.digit} in {cell}, crossed off its row and "
                "column",
                rules.TOGGLE: f"Pencilled candidate {move.digit} in or out of {cell}",
                rules.CLEAR: f"Emptied {cell}", rules.FILL: "Filled in every candidate",
                rules.SOLVE: "Solved by the computer"}.get(move.kind, move.encode())

    def hud_fields(self) -> list[tuple[str, str]]:
        filled = rules.score(self.state)
        best = self.best_rows[0]["score"] if self.best_rows else None
        return [("Filled", f"{filled}/{self.n * self.n}"), ("Hints", str(self.hints)),
                ("Best", clock_text(best) if best is not None else "-"),
                ("Time", clock_text(self.session.elapsed))]

    def final_score(self) -> int:
        return math.ceil(self.session.elapsed)

    def score_text(self, score: int) -> str:
        hints = self.hints
        return clock_text(score) + (f", {plural(hints, 'hint')}" if hints else "") + \
            (", cage helper" if self.session.count("cage_helper") else "")

    def result_title(self) -> str:
        return solving.title(self) if self.solve_used else "Solved!"

    def result_mood(self) -> str:
        return "neutral" if self.solve_used else "good"

    def result_facts(self) -> list[tuple[str, str]]:
        puzzle = f"{self.n} x {self.n} {self.params.difficulty.title()}"
        if self.params.variant != "standard":
            puzzle += ", " + ("multiplication only" if self.params.multiplication_only
                              else "hidden operators")
        facts = [("Time", clock_text(self.session.elapsed)), ("Hints", str(self.hints)),
                 ("Mistakes", str(self.session.count("mistakes"))), ("Puzzle", puzzle)]
        return facts + ([("Help", "the cage helper")] if self.session.count("cage_helper")
                        else [])

    def result_notes(self) -> list[str]:
        return [solving.SOLVE_WAS_USED] if self.solve_used else []

    def status_line(self) -> str:
        return super().status_line() if self.over else ""

    # --- the demo -------------------------------------------------------------------------
    def demo_move(self) -> None:
        """Unused: demo_step below plays through the number pad (there is no ai module)."""
        return None

    def demo_step(self) -> None:
        """The scripted player: pencils every candidate, then writes the answer cell by cell,
        choosing each digit on the pad one step before writing it (so the demo shows it)."""
        if self.over or self.tweens.busy:
            return
        if not any(self.state.candidates) and not any(self.state.digits):
            self.answer(controls.fill(self.state, self.ui))
            return
        solution = rules.solution(self.state)
        if solution is None:
            return
        if self.ui.pad is None:
            empty = [i for i, d in enumerate(self.state.digits) if not d]
            if not empty:
                return
            cell = empty[(len(empty) * 7) // 11]
            ui = controls.open_pad(self.state, replace(self.ui, cursor=divmod(cell, self.n)),
                                   Style.PAD, False)
            if ui.pad is not None:
                focus = geometry.pad_items(self.n, Style.PAD).index(
                    (geometry.ItemKind.DIGIT, solution[cell]))
                self.look(replace(ui, pad=replace(ui.pad, focus=focus)))
            return
        self.answer(controls.interpret(self.state, self.ui, Action(Act.CONFIRM), None))


def cue(old: Ui, new: Ui) -> str:
    """The sound of a UI change: a pad opening or a mode switched clicks, the wheel ticks."""
    if new.pencil != old.pencil:
        return "select"
    if new.pad is None:
        return ""
    if old.pad is None or new.pad.cell != old.pad.cell or new.pad.pencil != old.pad.pencil:
        return "select"
    return "tick" if new.pad.style == Style.WHEEL and new.pad.focus != old.pad.focus else ""


SCENE = KenkenScene
