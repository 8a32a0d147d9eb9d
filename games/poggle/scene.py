"""Poggle on screen: an N x N board of raised keys, a side panel with the colour cycle, and the
HUD's presses against par. Mouse: click a key. Keyboard: arrows and Enter (Tab jumps to the next
coloured key). Gamepad: d-pad and A (triggers jump). H / Y hint; S, the Solve button, or X twice
lets the computer finish the board press by press.

The fewest-press solutions come from solver.py (numpy), which is imported only inside a Job, so
neither the launcher nor the window ever waits for it: the scene asks for the deal's par when
it starts and for the current board's solution after every change, and uses the answer when it
arrives (a hint or Solve asked for early simply waits for it).
"""
from __future__ import annotations

import pygame

from games.core.data import records
from games.core.kit.actions import Act, Device
from games.core.kit.rules_api import RuleError
from games.core.loop.tween import GLOW_SECONDS, Tween, linear
from games.core.screens import ui
from games.core.screens.cache import Layer
from games.core.screens.game_scene import GameScene
from games.poggle import rules
from games.poggle.planner import Planner
from games.poggle.view import WORKING_OUT_PAR, PoggleView, over_par_text  # noqa: F401 (tests)

CELL_SECONDS = 0.24      # one key's colour change
WAVE_STEP = 0.06         # delay per step of distance from the pressed key
RESTART_STEP = 0.025     # delay per diagonal on a restart (no pressed key)
SOLVE_SECONDS = 14.0     # Solve plays a long solution faster, to finish in about this long
ARM_SECONDS = 3.0        # X twice within this to start Solve


class PoggleScene(PoggleView, GameScene):

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.size = self.state.params.size
        self.colours = self.state.params.colours
        self.layout()
        self.cursor = (self.size // 2, self.size // 2)
        self.hover = None
        self.planner = Planner(self.state.params)
        self.planner.ask(self.session.initial.board, keep=True)
        self.planner.ask(self.state.board)
        self.cells: dict[tuple, tuple] = {}    # (row, col) -> (tween, before, after, forward)
        self.ring = None                       # (tween, centre cell, forward)
        self.hint_board, self.hint_cell = None, None
        self.waiting_for = None                # "hint" or "solve", asked before the answer
        self.solve_queue: list = []
        self.solve_expect = None
        self.solve_wait = 0.0
        self.solve_gap = 0.3
        self.armed = 0.0                       # time left to confirm Solve with X
        self.glow = 0.0                        # a clock for the hint's pulse
        self.bench_stretch = 1.0
        self.best = self._load_best()
        self._static_key, self._static = None, None
        self.panel_layer = Layer(ui.BG)     # the side panel, repainted when it changes
        self.legend = self._legend()
        self.reported_unsolvable = False

    # --- help used, kept with the saved game ----------------------------------------------
    @property
    def solved_by_computer(self) -> bool:
        return self.session.count("solved") > 0

    def adopt_old_record(self) -> None:
        super().adopt_old_record()
        self.adopt_old_counter("solve", "solved")

    @property
    def help_used(self) -> bool:
        return self.hints > 0 or self.solved_by_computer

    # --- par ------------------------------------------------------------------------------
    @property
    def par(self) -> int | None:
        grid = self.planner.get(self.session.initial.board)
        return sum(map(sum, grid)) if isinstance(grid, tuple) else None

    @property
    def deal_ready(self) -> bool:
        """Par is known (or the deal is known to be unsolvable): the deal and its par are
        shown together, never a board with par still to come."""
        return self.planner.get(self.session.initial.board) is not None

    @property
    def unsolvable(self) -> str | None:
        """The solver's message when the deal cannot be solved (a typed game ID)."""
        grid = self.planner.get(self.session.initial.board)
        return grid if isinstance(grid, str) else None

    def _load_best(self):
        """The best results for this size and colour count (read once, and after a win)."""
        self.best_rows = records.best_entries(self.session.key, self.session.params)
        return self.best_rows[0]["score"] if self.best_rows else None

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        n = self.size
        area = self.board_rect
        self.pitch = min(190, (area.height - 90) // n)
        self.button = int(self.pitch * 0.88)
        inset = (self.pitch - self.button) // 2
        span = self.pitch * n
        left = 640 - span // 2
        top = area.centery - span // 2
        self.grid_rect = pygame.Rect(left, top, span, span)
        self.tray = self.grid_rect.inflate(40, 40)
        self.cell_rects = [[pygame.Rect(left + c * self.pitch + inset, top + r * self.pitch + inset,
                                        self.button, self.button) for c in range(n)]
                           for r in range(n)]
        self.panel = pygame.Rect(1200, area.top + 34, 680, area.height - 68)

    def cell_at(self, pos):
        if pos is None or not self.grid_rect.collidepoint(pos):
            return None
        col = (pos[0] - self.grid_rect.left) // self.pitch
        row = (pos[1] - self.grid_rect.top) // self.pitch
        cell = self.cell_rects[row][col].inflate(self.pitch - self.button, self.pitch - self.button)
        return (row, col) if cell.collidepoint(pos) else None

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == Act.POINT:
            self.hover = self.cell_at(action.pos)
            return
        if self.over or not self.deal_ready:
            return
        if self.solving and kind in (Act.PRESS, Act.CONFIRM, Act.ALT, Act.KEY, Act.DIGIT):
            self.stop_solving("Solve stopped: your turn.")
            return
        if kind == Act.PRESS:
            cell = self.cell_at(action.pos)
            if cell is not None:
                self.cursor = cell
                self.press(*cell)
        elif kind == Act.MOVE:
            r, c = self.cursor
            self.cursor = (max(0, min(self.size - 1, r + action.dy)),
                           max(0, min(self.size - 1, c + action.dx)))
        elif kind == Act.CONFIRM:
            self.press(*self.cursor)
        elif kind in (Act.NEXT, Act.PREV):
            self.jump(1 if kind == Act.NEXT else -1)
        elif kind == Act.ALT:
            if self.armed > 0:
                self.solve()
            else:
                self.armed = ARM_SECONDS
                self.say("Press X again to solve it.")
        elif kind == Act.KEY and action.value == "s":
            self.solve()

    def press(self, row: int, col: int) -> None:
        self.play(rules.Move(row, col))

    def jump(self, step: int) -> None:
        """The cursor to the next (or previous) coloured key in reading order."""
        n = self.size
        start = self.cursor[0] * n + self.cursor[1]
        for k in range(1, n * n + 1):
            index = (start + step * k) % (n * n)
            if self.state.board[index // n][index % n]:
                self.cursor = divmod(index, n)
                return

    def cancel(self) -> bool:
        if self.solving:
            self.stop_solving("Solve stopped: your turn.")
            return True
        if self.armed > 0:
            self.armed = 0.0
            return True
        return False

    def interrupt(self) -> None:
        self.stop_solving()

    # --- hints and Solve ------------------------------------------------------------------
    def hint(self) -> None:
        if self.solving:
            return
        if self.unsolvable:
            self.say("No hint: this board cannot be solved.")
            self.app.audio.play("wrong")
            return
        if self.hint_board == self.state.board:
            self.cursor = self.hint_cell
            self.say("Press the glowing button.")
            return
        grid = self.planner.get(self.state.board)
        if grid is None:
            self.waiting_for = "hint"
            self.say("Working out a hint...")
            return
        self.show_hint(grid)

    def show_hint(self, grid) -> None:
        """Light the press of the fewest-press grid nearest the cursor (any of them lowers
        the fewest presses left by one)."""
        presses = [(r, c) for r, row in enumerate(grid) for c, times in enumerate(row) if times]
        if not presses:
            return
        r0, c0 = self.cursor
        self.hint_cell = min(presses, key=lambda rc: (abs(rc[0] - r0) + abs(rc[1] - c0), rc))
        self.hint_board = self.state.board
        self.cursor = self.hint_cell
        self.count_hint()
        self.glow = 0.0
        self.app.audio.play("hint")
        self.say("Press the glowing button.")

    @property
    def solving(self) -> bool:
        return bool(self.solve_queue) or self.waiting_for == "solve"

    def solve(self) -> None:
        if self.over:
            return
        self.armed = 0.0
        if self.solving:
            self.stop_solving("Solve stopped: your turn.")
            return
        if self.unsolvable:
            self.say("This board cannot be solved.")
            self.app.audio.play("wrong")
            return
        grid = self.planner.get(self.state.board)
        if grid is None:
            self.waiting_for = "solve"
            self.say("Working out the solution...")
            return
        self.start_solving(grid)

    def start_solving(self, grid) -> None:
        self.solve_queue = [rules.Move(r, c) for r, row in enumerate(grid)
                            for c, times in enumerate(row) for _ in range(times)]
        if not self.solve_queue:
            return
        self.session.note("solved")     # in the record: undo does not take it back
        self.solve_expect = self.state.board
        self.solve_gap = max(0.08, min(0.42, SOLVE_SECONDS / len(self.solve_queue)))
        self.solve_wait = 0.0
        self.say("Solving: any key or click stops it.")

    def stop_solving(self, words: str = "") -> None:
        was = self.solving
        self.solve_queue, self.solve_expect = [], None
        if self.waiting_for == "solve":
            self.waiting_for = None
        if was and words:
            self.say(words)

    # --- the clock: answers arriving, Solve pressing --------------------------------------
    def next_change(self) -> float | None:
        """The hint's glow beats for a while (see _draw_marks); a solve plays itself."""
        if (self.hint_board == self.state.board and not self.over
                and self.glow < GLOW_SECONDS) or self.solve_queue:
            return 0.0
        return super().next_change()

    def tick(self, dt: float) -> None:
        self.glow += dt
        self.armed = max(0.0, self.armed - dt)
        self.planner.poll()
        if not self.over:
            self.planner.ask(self.state.board)
        if self.unsolvable and not self.reported_unsolvable:
            self.reported_unsolvable = True
            self.say("This board cannot be solved (see the panel).")
            self.app.audio.play("wrong")
        if self.waiting_for:
            grid = self.planner.get(self.state.board)
            if isinstance(grid, tuple):
                waiting, self.waiting_for = self.waiting_for, None
                self.show_hint(grid) if waiting == "hint" else self.start_solving(grid)
            elif isinstance(grid, str) or self.unsolvable:
                self.waiting_for = None
        if self.solve_queue:
            if self.over or self.state.board != self.solve_expect:
                self.stop_solving()
                return
            self.solve_wait -= dt
            if self.solve_wait <= 0:
                move = self.solve_queue.pop(0)
                self.cursor = (move.row, move.col)
                self.play(move)
                self.solve_expect = self.state.board
                self.solve_wait = self.solve_gap

    # --- animation ------------------------------------------------------------------------
    def animate(self, change) -> None:
        """A ripple out from the pressed key: each changed key sinks and its new colour blooms
        from its centre, later the further it is. Undo runs the same ripple backwards (the
        old colour shrinks away, outer keys first, the ring closes in)."""
        old, new = change.old.board, change.new.board
        forward = change.direction > 0
        if forward and change.move is not None:
            self.app.audio.play(f"press{new[change.move.row][change.move.col]}")
        self.cells, self.ring = {}, None
        if old == new or not self.animations_on():
            return
        changed = [(r, c) for r in range(self.size) for c in range(self.size)
                   if old[r][c] != new[r][c]]
        stretch = self.bench_stretch
        if change.move is not None:
            origin = (change.move.row, change.move.col)
            reach = {cell: abs(cell[0] - origin[0]) + abs(cell[1] - origin[1]) for cell in changed}
            step = WAVE_STEP
        else:
            origin = None
            reach = {cell: cell[0] + cell[1] for cell in changed}
            step = RESTART_STEP
        far = max(reach.values())
        for cell, distance in reach.items():
            delay = step * (distance if forward else far - distance)
            tween = self.tweens.add(Tween(CELL_SECONDS * stretch, linear, delay=delay * stretch))
            self.cells[cell] = (tween, old[cell[0]][cell[1]], new[cell[0]][cell[1]], forward)
        if origin is not None:
            ring = self.tweens.add(Tween((CELL_SECONDS + far * step + 0.12) * stretch, linear))
            self.ring = (ring, origin, forward)

    # --- HUD and result -------------------------------------------------------------------
    def hud_fields(self):
        par = self.par
        par_text = "none" if self.unsolvable else "..." if par is None else str(par)
        return [("Presses", str(self.state.presses)), ("Par", par_text),
                ("Help", help_text(self.hints, self.solved_by_computer)),
                ("Best", over_par_text(self.best) if self.best is not None else "-")]

    def extra_buttons(self):
        return [("Solve (S)", self.solve, lambda: not self.over)]

    def final_score(self) -> int:
        return self.state.presses - (self.par or 0)

    def score_text(self, score) -> str:
        return f"{over_par_text(score)}: {self.state.presses} presses"

    def game_over(self) -> None:
        self.planner.wait()   # par of the deal (long known, but the score needs it for sure)
        self.stop_solving()
        super().game_over()

    def ranked(self) -> bool:
        """Games won with help are not entered in the best results."""
        return not self.help_used and super().ranked()

    def record_result(self):
        rank = super().record_result()
        self.best = self._load_best()
        return rank

    def result_title(self) -> str:
        return "Cleared!" if not self.solved_by_computer else "Solved by the computer"

    def result_lines(self):
        par, presses = self.par, self.state.presses
        lines = [f"{presses} presses; par was {par}: {over_par_text(presses - par, True)}."
                 if par is not None else f"{presses} presses."]
        if self.help_used:
            used = []
            if self.hints:
                used.append(f"{self.hints} hint{'s' if self.hints != 1 else ''}")
            if self.solved_by_computer:
                used.append("Solve")
            lines.append(f"Help used: {' and '.join(used)} (not entered in the best results).")
        else:
            lines.append(f"No help used. {self.params_text()}.")
        return lines

    def params_text(self) -> str:
        return f"{self.size} x {self.size} with {self.colours} colours"

    # --- the demo and the bench -----------------------------------------------------------
    def demo_move(self):
        from games.poggle import solver
        try:
            return solver.hint(self.state)
        except RuleError:
            return None

    def bench_pose(self) -> None:
        """Mid-ripple from a press in the middle, stretched so it stays mid-ripple while the
        bench draws, with the hint glowing and the keyboard cursor on the board."""
        self.planner.wait()
        grid = self.planner.get(self.state.board)
        if isinstance(grid, tuple):
            hints = self.hints
            self.show_hint(grid)
            self.session.record["hints"] = hints   # a pose, not help the player asked for
        self.pretend_device(Device.KEYBOARD)
        centre = (self.size // 2, self.size // 2)
        before = rules.apply_move(self.state, rules.Move(*centre))
        from games.core.kit.session import Change
        self.bench_stretch = 400.0
        self.animate(Change(before, self.state, rules.Move(*centre), -1))
        self.bench_stretch = 1.0
        self.tweens.update(0.12 * 400.0)


def help_text(hints: int, solved: bool) -> str:
    if not hints:
        return "Solve" if solved else "0"
    return f"{hints} + Solve" if solved else str(hints)


SCENE = PoggleScene
