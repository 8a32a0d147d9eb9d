"""Poggle on screen: an N x N board of raised keys, a side panel with the colour cycle, and the
HUD's presses against par. What each click, key and button means is controls.py's; the board
is drawn by view.py and the side panel by panel.py. H / Y hint; S or the Solve button is the
frame's Solve (games/core/screens/solving.py): this board gives it the presses.

The fewest-press solutions come from solver.py (numpy), which is imported only inside a Job, so
neither the launcher nor the window ever waits for it: the board asks for the deal's par when
it opens and for the current position's solution after every change, and uses the answer when
it arrives (a hint or Solve asked for early simply waits for it).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Answer, Play
from games.core.kit.results import help_note, plural
from games.core.kit.rules_api import RuleError
from games.core.kit.session import Change
from games.core.loop.tween import GLOW_SECONDS
from games.core.screens.board import Board, Table
from games.core.screens.cache import Backdrop
from games.core.screens.ui import BG
from games.poggle import controls
from games.poggle.board import Board as Keys, Move, State
from games.poggle.controls import Cell, Ui
from games.poggle.info import setting_words
from games.poggle.panel import PanelFacts, PogglePanel, best_rows, over_par_text, whole
from games.poggle.planner import Planner, Presses, nearest_press, presses
from games.poggle.view import PoggleLayout, PoggleView, Ripple, ripple


class PoggleBoard(Board):

    def __init__(self, table: Table) -> None:
        self.table = table
        params = self.state.params
        self.ui = Ui(controls.home(params))
        self.view = PoggleView(PoggleLayout(table.board_rect, params.size))
        self.panel = PogglePanel(self.view.layout.panel, params.size, params.colours)
        self.backdrop = Backdrop(BG)
        self.ripple = Ripple()
        self.planner = Planner(params, table.jobs)
        self.planner.ask(self.deal, keep=True)
        self.planner.ask(self.state.board)
        self.lit: tuple[Keys, Cell] | None = None   # the key a hint lit, on its board
        self.glow = 0.0                        # seconds since it lit (its pulse)
        self.hint_asked = False                # a hint asked for before the answer
        self.best = self.load_best()
        self.reported_unsolvable = False

    @property
    def state(self) -> State:
        return as_state(self.table.state)

    @property
    def deal(self) -> Keys:
        """The board the game was dealt (par is its fewest presses)."""
        return as_state(self.table.session.initial).board

    # --- help used, kept with the saved game ----------------------------------------------
    @property
    def help_used(self) -> bool:
        return self.table.hints > 0 or self.table.solve_used

    # --- par ------------------------------------------------------------------------------
    @property
    def par(self) -> int | None:
        grid = self.planner.get(self.deal)
        return sum(map(sum, grid)) if isinstance(grid, tuple) else None

    @property
    def deal_ready(self) -> bool:
        """Par is known (or the deal is known to be unsolvable): the deal and its par are
        shown together, never a board with par still to come."""
        return self.planner.get(self.deal) is not None

    @property
    def unsolvable(self) -> str | None:
        """The solver's message when the deal cannot be solved (a typed game ID)."""
        grid = self.planner.get(self.deal)
        return grid if isinstance(grid, str) else None

    def load_best(self) -> int | None:
        """The best results for this size and colour count (read once, and after a win)."""
        entries = self.table.best_entries()
        self.best_rows = best_rows(entries)
        return whole(entries[0].get("score")) if entries else None

    def entered(self, rank: int | None) -> None:
        self.best = self.load_best()

    # --- input ----------------------------------------------------------------------------
    def read(self, action: Action) -> Answer:
        kind = action.kind
        if kind != Act.POINT and (self.table.over or not self.deal_ready):
            return None
        target = self.view.layout.cell_at(action.pos) if kind in POINTER else None
        return controls.interpret(self.state, self.ui, action, target)

    def cancel(self) -> bool:
        """Esc: a hint asked for and not yet shown is dropped."""
        asked, self.hint_asked = self.hint_asked, False
        return asked

    def interrupt(self) -> None:
        self.hint_asked = False

    # --- hints and Solve ------------------------------------------------------------------
    def lit_key(self) -> Cell | None:
        """The key the last hint lit, while the board is still the one it was lit on."""
        return self.lit[1] if self.lit is not None and self.lit[0] == self.state.board else None

    def hint(self) -> None:
        if self.table.solver.active:
            return
        if self.unsolvable:
            self.table.refuse("No hint: this board cannot be solved.")
            return
        lit = self.lit_key()
        if lit is not None:
            self.ui = replace(self.ui, cursor=lit)
            self.table.say("Press the glowing button.")
            return
        grid = self.planner.get(self.state.board)
        if grid is None:
            self.hint_asked = True
            self.table.say("Working out a hint...")
            return
        if isinstance(grid, tuple):
            self.show_hint(grid)

    def show_hint(self, grid: Presses) -> None:
        """Light the press of the fewest-press grid nearest the cursor, as help."""
        cell = nearest_press(grid, self.ui.cursor)
        if cell is None:
            return
        self.table.count_hint()
        self.light(cell)
        self.table.sound("hint")
        self.table.say("Press the glowing button.")

    def light(self, cell: Cell) -> None:
        """Light a key on this board and put the cursor on it (how a hint looks)."""
        self.lit = (self.state.board, cell)
        self.ui = replace(self.ui, cursor=cell)
        self.glow = 0.0

    # --- Solve: the frame's (games/core/screens/solving.py), with the solver's presses ---------
    def solution(self) -> list[Any] | str | None:
        if self.unsolvable:
            return "This board cannot be solved."
        grid = self.planner.get(self.state.board)
        if isinstance(grid, str):
            return grid
        return None if grid is None else [Move(r, c) for r, c in presses(grid)]

    def solve_move(self, move: Any) -> Answer:
        return Play(move, replace(self.ui, cursor=(move.row, move.col)))

    # --- the clock: answers arriving, Solve pressing --------------------------------------
    def next_change(self) -> float | None:
        """The hint's glow beats for a while (see PoggleView.draw)."""
        if self.lit_key() is not None and not self.table.over and self.glow < GLOW_SECONDS:
            return 0.0
        return None

    def tick(self, dt: float) -> None:
        self.glow += dt
        self.planner.poll()
        if not self.table.over:
            self.planner.ask(self.state.board)
        if self.unsolvable and not self.reported_unsolvable:
            self.reported_unsolvable = True
            self.table.refuse("This board cannot be solved (see the panel).")
        if self.hint_asked:
            grid = self.planner.get(self.state.board)
            if isinstance(grid, tuple):
                self.hint_asked = False
                self.show_hint(grid)
            elif isinstance(grid, str) or self.unsolvable:
                self.hint_asked = False

    # --- animation and drawing ------------------------------------------------------------
    def animate(self, change: Change[Any, Any]) -> None:
        """A ripple from the pressed key (view.ripple), and the key's own note."""
        old, new = as_state(change.old), as_state(change.new)
        move = change.move if isinstance(change.move, Move) else None
        forward = change.direction > 0
        if forward and move is not None:
            self.table.sound(f"press{new.board[move.row][move.col]}")
        self.ripple = Ripple()
        if old.board != new.board and self.table.animations_on():
            self.ripple = ripple(old.board, new.board, move, forward, self.table.tweens)

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        return None          # each press sounds its key's note (animate)

    def lesson_spot(self, thing: Any) -> pygame.Rect | None:
        """The lesson player's highlight (games/core/screens/lesson.py): round a button."""
        cell: Cell = thing
        return self.view.layout.cell_rects[cell[0]][cell[1]].inflate(18, 18)

    def panel_facts(self) -> PanelFacts:
        """What the side panel says now (Solve's presses to go among it)."""
        solver = self.table.solver
        return PanelFacts(self.state.board, solver.active, len(solver.queue),
                          self.lit_key() is not None, self.unsolvable, self.best_rows, self.best,
                          self.table.device)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The tray at rest and the side panel (once the deal shows): one picture, painted
        again as they change."""
        self.backdrop.show(surface, [] if not self.deal_ready else [
            self.view.still_part(self.state.board), self.panel.still_part(self.panel_facts())])

    def draw(self, surface: pygame.Surface) -> None:
        if not self.deal_ready:
            self.view.draw_waiting(surface)
            return
        ringed = self.view.draw(surface, self.state.board, self.ui, self.ripple, self.lit_key(),
                                self.glow, self.table.show_cursor())
        if ringed is not None:      # the panel lies over the ring
            self.backdrop.restore(surface, ringed.clip(self.panel.rect))

    # --- HUD and result -------------------------------------------------------------------
    def move_words(self, move: Any) -> str:
        return f"Pressed row {move.row + 1}, column {move.col + 1}"

    def hud_fields(self) -> list[tuple[str, ...]]:
        par = self.par
        par_text = "none" if self.unsolvable else "..." if par is None else str(par)
        return [("Presses", str(self.state.presses)), ("Par", par_text),
                ("Help", help_text(self.table.hints, self.table.solve_used)),
                ("Best", over_par_text(self.best) if self.best is not None else "-")]

    def final_score(self) -> int:
        self.planner.wait()   # par of the deal (long known, but the score needs it for sure)
        return self.state.presses - (self.par or 0)

    def score_text(self, score: Any) -> str:
        return f"{over_par_text(score)}: {self.state.presses} presses"

    def ranked(self) -> bool | None:
        """Games won with help are not entered in the best results (else the frame's rule)."""
        return False if self.help_used else None

    def result_title(self) -> str | None:
        return None if self.table.solve_used else "Solved!"

    def result_facts(self) -> list[tuple[str, str]]:
        par, presses_used = self.par, self.state.presses
        facts = [("Presses", str(presses_used))]
        if par is not None:
            facts += [("Par", str(par)), ("Score", over_par_text(presses_used - par, True))]
        return facts + [("Hints", str(self.table.hints)),
                        ("Puzzle", setting_words(self.state.params))]

    def result_notes(self) -> list[str] | None:
        hints = self.table.hints
        used = [plural(hints, "hint")] if hints else []
        if self.table.solve_used and not self.table.solver.finished:   # else the title says so
            used.append("Solve")
        return [help_note(used)] if used else []

    # --- the demo -------------------------------------------------------------------------
    def demo_move(self) -> Move | None:
        from games.poggle import solver
        try:
            return solver.hint(self.state)
        except RuleError:
            return None


def as_state(held: object) -> State:
    """A position the Session holds (as an object) as Poggle's State."""
    if not isinstance(held, State):
        raise TypeError(f"Not a Poggle position: {held!r}")
    return held


def help_text(hints: int, solved: bool) -> str:
    if not hints:
        return "Solve" if solved else "0"
    return f"{hints} + Solve" if solved else str(hints)

