"""Calcoolation (KenKen) on screen: the grid with its cages on the left, a side panel with the
entry mode, Fill candidates, Auto-clear, Solve, New game and the hint box on the right.

The board wires the parts to the frame (games/core/screens/board.py): controls.py says what
each action means (the controls are listed there), view.py draws the grid and the number pad,
panel.py the side panel, motion.py works out the animations, geometry.py says where
everything sits.

Every change is one Move through the Session, so each (a placed digit with its row and
column cleared, Fill candidates, each digit Solve writes) is undone in one step. Solve is the
frame's (games/core/screens/solving.py): this board gives it the solution's digits.
Animations come from (old state, new state): digits pop in (and shrink away on undo),
candidates fade, Fill sweeps across the grid, and the win flashes along the diagonals.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer, Look, Play
from games.core.kit.results import clock_text
from games.core.kit.session import Change
from games.core.screens.board import Board, Table
from games.core.screens.cache import Backdrop
from games.core.screens.ui import BG
from games.kenken import controls, fillings, geometry, grader, rules
from games.kenken.cages import Params
from games.kenken.controls import Ui
from games.kenken.geometry import Cell, Style
from games.kenken.info import setting_words
from games.kenken.motion import Motion, motion
from games.kenken.panel import KenkenPanel, plural
from games.kenken.view import KenkenView, Shown

DEMO_ACTION = Action(Act.CONFIRM)      # how the scripted player writes a digit on the pad


class KenkenBoard(Board):
    ui: Ui
    timed = True
    result_pause = 0.25            # the flash is the pause before the result

    def __init__(self, table: Table) -> None:
        self.table = table
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
        self.best_rows = table.best_entries()

    @property
    def state(self) -> rules.State:
        return as_state(self.table.state)

    # --- settings and help used -----------------------------------------------------------
    @property
    def autoclear(self) -> bool:
        return bool(self.table.prefs["autoclear"])

    @property
    def cursor(self) -> Cell:
        return self.ui.cursor

    def entered(self, rank: int | None) -> None:
        self.best_rows = self.table.best_entries()

    # --- input: controls.interpret says what an action means; the frame carries it out -----
    def read(self, action: Action) -> Answer:
        if action.kind == Act.POINT and action.pos is not None:
            self.pointer = action.pos
        target = None if action.pos is None else \
            self.view.target_at(action.pos, self.ui, self.state)
        return controls.interpret(self.state, self.ui, action, target)

    def commands(self) -> Mapping[Command, Callable[[], Answer]]:
        return {Command.CANDIDATES: lambda: controls.fill(self.state, self.ui),
                Command.AUTOCLEAR: lambda: Look(replace(self.ui,
                                                        autoclear=not self.ui.autoclear)),
                Command.HELPER: lambda: Look(controls.toggle_helper(self.ui))}

    def solution(self) -> list[Any] | str:
        return controls.solution_moves(self.state, self.autoclear)

    def solve_move(self, move: Any) -> Answer:
        return Play(move, replace(self.ui, cursor=(move.row, move.col), pad=None, panel=None))

    def look(self, ui: Any, action: Action) -> None:
        """Take on a new UI state, with the sounds and words that go with the change."""
        old, self.ui = self.ui, ui
        if ui.autoclear != old.autoclear:
            self.toggle_autoclear()
        elif ui.helper != old.helper:
            self.toggle_helper()
        elif sound := cue(old, ui):
            self.table.sound(sound)

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        """The UI state of a move is taken even when the rules refuse it (the pad closes);
        a new mistake is noted in the record (shown or not; undo never refunds it); a win
        closes the pad and leaves the panel."""
        self.look(answer.ui, action)
        if change is not None and \
                self.errors_of(as_state(change.new)) - self.errors_of(as_state(change.old)):
            self.table.note("mistakes")
        if change is not None and self.table.over:
            self.ui = replace(self.ui, pad=None, panel=None)

    def toggle_autoclear(self) -> None:
        self.table.set_pref("autoclear", not self.autoclear)
        self.table.say("Auto-clear on: a written digit is rubbed out of its row's and column's "
                       "candidates." if self.autoclear else "Auto-clear off: candidates stay "
                       "as they are when you write a digit.")
        self.table.sound("select")

    def toggle_helper(self) -> None:
        """The cage helper is help (docs/RULES.md): noted in the record the first time it is
        turned on, which no undo refunds."""
        table = self.table
        if self.ui.helper and not table.session.count("cage_helper"):
            table.note("cage_helper")
        table.say("Cage helper on: the panel lists the fillings the cursor's cage can still "
                  "take (noted as help)." if self.ui.helper else "Cage helper off.")
        table.sound("select")

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        """A new mistake buzzes; a digit written clicks into place."""
        old, new = as_state(change.old), as_state(change.new)
        if self.show_errors and self.errors_of(new) - self.errors_of(old):
            return "wrong"
        move = change.move
        if isinstance(move, rules.Move) and move.kind in (rules.PLACE, rules.PLACE_CLEAR,
                                                          rules.SOLVE):
            return "place"
        return "select"

    def cancel(self) -> bool:
        ui = controls.back(self.ui)
        if ui is None:
            return False
        self.ui = ui
        return True

    def interrupt(self) -> None:
        self.ui = replace(self.ui, pad=None)

    def setting_up(self) -> Mapping[str, Any]:
        """New game's setup screen starts from this puzzle's choices."""
        self.ui = replace(self.ui, pad=None)
        return {"size": self.n, "difficulty": self.params.difficulty,
                "variant": self.params.variant}

    # --- hints ----------------------------------------------------------------------------
    def hint(self) -> None:
        self.ui = replace(self.ui, pad=None)
        if self.hint_state == self.state and self.hint_shown is not None:
            self.table.say("The hint is in the panel and marked on the grid.")
            return
        found = grader.hint(self.state)
        if found is None:
            return
        self.hint_shown, self.hint_state = found, self.state
        self.table.count_hint()
        if found.cells and found.technique != "stuck":
            cursor = found.place[0] if found.place else found.cells[0]
            self.ui = replace(self.ui, cursor=cursor, panel=None)
        self.table.sound("wrong" if found.technique == "mistake" else "hint")

    @property
    def current_hint(self) -> grader.Hint | None:
        return self.hint_shown if self.hint_state == self.state else None

    # --- errors ---------------------------------------------------------------------------
    @property
    def show_errors(self) -> bool:
        return bool(self.table.settings.get("show_errors", True))

    def errors_of(self, state: rules.State) -> frozenset[Cell]:
        if self._errors_key is not state:
            self._errors_key, self._errors = state, rules.errors(state)
        return self._errors

    def shown_errors(self) -> frozenset[Cell]:
        return self.errors_of(self.state) if self.show_errors else frozenset()

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change[Any, Any]) -> None:
        old, new = change.old, change.new
        if not self.table.animations_on() or not isinstance(old, rules.State) or \
                not isinstance(new, rules.State):
            self.motion = Motion()
            return
        mistakes = self.errors_of(new) - self.errors_of(old) if self.show_errors else frozenset()
        self.motion = motion(old, new, change.direction, self.table.tweens, mistakes,
                             self.stretch)

    def changed(self, change: Change[Any, Any]) -> None:
        """The win (played or redone) flashes, and the pad and the panel's focus close."""
        if self.table.over and change.direction > 0:
            self.table.sound("flash")
            self.ui = replace(self.ui, pad=None, panel=None)

    # --- drawing --------------------------------------------------------------------------
    def lesson_spot(self, thing: Any) -> pygame.Rect | None:
        """The lesson player's highlight (games/core/screens/lesson.py): round a cell."""
        return pygame.Rect(self.layout.cell_box(*thing)).inflate(-10, -10)

    def shown(self) -> Shown:
        table = self.table
        lit = controls.lit_digit(self.state, self.ui)
        helper = fillings.helper(self.state, self.ui.cursor) if self.ui.helper and \
            not table.over else None
        return Shown(self.shown_errors(), self.current_hint, table.over, table.device,
                     self.pointer, table.solver.finished, table.session.elapsed,
                     table.hints, lit, fillings.lit_cells(self.state, lit), helper)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The grid at rest and the panel: one picture, painted again as they change."""
        shown = self.shown()
        self.backdrop.show(surface, [self.view.still_part(self.state, self.ui, shown),
                                     self.panel.still_part(self.ui, shown)])

    def draw(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        self.view.draw(surface, self.state, self.ui, shown, self.motion)
        self.view.draw_pad(surface, self.state, self.ui, shown)

    # --- HUD, scores, result --------------------------------------------------------------
    def move_words(self, move: Any) -> str:
        """A move as the replay lists it (rows and columns counted from 1)."""
        made: rules.Move = move
        cell = f"row {made.row + 1}, column {made.col + 1}"
        return {rules.PLACE: f"Wrote {made.digit} in {cell}",
                rules.PLACE_CLEAR: f"Wrote {made.digit} in {cell}, crossed off its row and "
                "column",
                rules.TOGGLE: f"Pencilled candidate {made.digit} in or out of {cell}",
                rules.CLEAR: f"Emptied {cell}", rules.FILL: "Filled in every candidate",
                rules.SOLVE: "Solved by the computer"}.get(made.kind, made.encode())

    def hud_fields(self) -> list[tuple[str, str]]:
        filled = rules.score(self.state)
        best = self.best_rows[0]["score"] if self.best_rows else None
        return [("Filled", f"{filled}/{self.n * self.n}"), ("Hints", str(self.table.hints)),
                ("Best", clock_text(best) if best is not None else "-"),
                ("Time", clock_text(self.table.session.elapsed))]

    def final_score(self) -> int:
        return math.ceil(self.table.session.elapsed)

    def score_text(self, score: Any) -> str:
        hints, helped = self.table.hints, self.table.session.count("cage_helper")
        return clock_text(score) + (f", {plural(hints, 'hint')}" if hints else "") + \
            (", cage helper" if helped else "")

    def result_title(self) -> str | None:
        return None if self.table.solve_used else "Solved!"

    def result_facts(self) -> list[tuple[str, str]]:
        session = self.table.session
        facts = [("Time", clock_text(session.elapsed)), ("Hints", str(self.table.hints)),
                 ("Mistakes", str(session.count("mistakes"))),
                 ("Puzzle", setting_words(self.params))]
        return facts + ([("Help", "the cage helper")] if session.count("cage_helper") else [])

    # --- the demo -------------------------------------------------------------------------
    def demo_move(self) -> rules.Move | None:
        """The scripted player: pencils every candidate, then writes the answer cell by cell,
        choosing each digit on the pad one step before writing it (so the demo shows it)."""
        state = self.state
        if not any(state.candidates) and not any(state.digits):
            return rules.Move(rules.FILL)
        solution = rules.solution(state)
        if solution is None:
            return None
        pad = self.ui.pad
        if pad is None:
            empty = [i for i, d in enumerate(state.digits) if not d]
            if not empty:
                return None
            cell = empty[(len(empty) * 7) // 11]
            ui = controls.open_pad(state, replace(self.ui, cursor=divmod(cell, self.n)),
                                   Style.PAD, False)
            if ui.pad is not None:
                focus = geometry.pad_items(self.n, Style.PAD).index(
                    (geometry.ItemKind.DIGIT, solution[cell]))
                self.look(replace(ui, pad=replace(ui.pad, focus=focus)), DEMO_ACTION)
            return None
        row, col = pad.cell
        self.look(replace(self.ui, pad=None), DEMO_ACTION)      # the pad's digit, written
        return controls.pen_move(self.ui.autoclear, row, col, solution[row * self.n + col])


def as_state(held: object) -> rules.State:
    """A position the Session holds (as an object) as Calcoolation's State."""
    if not isinstance(held, rules.State):
        raise TypeError(f"Not a Calcoolation position: {held!r}")
    return held


def cue(old: Ui, new: Ui) -> str:
    """The sound of a UI change: a pad opening or a mode switched clicks, the wheel ticks."""
    if new.pencil != old.pencil:
        return "select"
    if new.pad is None:
        return ""
    if old.pad is None or new.pad.cell != old.pad.cell or new.pad.pencil != old.pad.pencil:
        return "select"
    return "tick" if new.pad.style == Style.WHEEL and new.pad.focus != old.pad.focus else ""

