"""Four Field Kono on screen: a wooden 4x4 board of points and lines, black and white stones,
the two players' cards (each with a tray for the stones it has captured), and a side panel
with the last moves (and the key to the graded moves when a hint is shown).

What input means is decided in controls.py (click, drag, arrows, Tab, Enter; F flips and D
offers a draw, commands of the game's table in info.py); the board is
drawn by view.py over layout.py's geometry, and a move is animated by motion.py: a step slides
the stone along its line; a capture slides it over its friend onto the enemy stone, which is
knocked off and flies to the capturer's tray. Undo runs the same animation backwards. O opens
Options; the gamepad's Y asks for the hint and LB/RB undo and redo.

The board wires these to the frame (games/core/screens/board.py), whose Versus runs the
computer, the hint, draw offers and undo by turns; the mouse's drag and drop is the Grip
every board of points shares (games/core/screens/drag.py). The computer's solved table loads
in a Job when the game opens.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer, Play
from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_out_back, linear
from games.core.screens.board import Board, Table, chain, two_sides
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Grip
from games.core.screens.ui import BG
from games.kono import rules
from games.kono.controls import Ui, cell_point, home, interpret, screen_cell, turn_round
from games.kono.info import SIDE_NAMES
from games.kono.layout import STONE, Layout, Point, move_name, point_name
from games.kono.motion import Motion, captured
from games.kono.view import Card, Facts, KonoView, previewed
from sprites import kono as paint

# Timings, seconds.
STEP_SECONDS = 0.34
DROP_SECONDS = 0.18         # a dragged stone settling onto its point
CAPTURE_SECONDS = 1.05
CHAIN_GAP = 0.08            # between the moves of an undone (or redone) turn
DEAL_SECONDS = 0.36


class KonoBoard(Board):
    round_spots = True        # the lesson player rings a point with a circle

    def __init__(self, table: Table) -> None:
        self.table, self.versus = table, two_sides(table)
        # Against the computer your own stones are at the bottom; F turns the board round.
        flipped = bool(table.play_options.get(
            "flip", self.versus.against_computer and not self.versus.is_computer(0)))
        self.ui = Ui(cursor=cell_point(1, 3, flipped), flipped=flipped)
        self.lay_out()
        self.grip = Grip(table, lambda point: self.layout.point_pos(point),
                         lambda pos: self.layout.point_at(pos),
                         lambda action, target: interpret(self.state, self.ui, action, target))
        self.motions: list[Motion] = []         # the moves being animated, one after another
        self.deal: dict[int, Tween] = {}        # stones dropping in at the start
        self.clock = 0.0                        # for the thinking dots
        session = table.session
        if session.position == 0 and len(session.entries) == 1:
            self.start_deal()
        # The cursor on the nearest stone that can move (shown only on a human's turn).
        self.ui = replace(self.ui, cursor=home(self.state, self.ui))

    @property
    def state(self) -> rules.State:
        return as_state(self.table.state)

    def lay_out(self) -> None:
        """The geometry and the view for the way round the board is shown."""
        self.layout = Layout(self.ui.flipped, self.table.size[1])
        self.view = KonoView(self.layout)
        self.backdrop = Backdrop(BG)

    # --- sides --------------------------------------------------------------------------------
    def swatch(self, side: int, size: int) -> pygame.Surface:
        return paint.stone(rules.SIDES[side], size)

    def move_words(self, move: rules.Move) -> str:
        return move_name(move)

    def start_board(self) -> tuple[str, ...]:
        return as_state(self.table.session.initial).board

    def captured(self) -> list[int]:
        """Stones each side has captured."""
        return captured(self.start_board(), self.state.board)

    # --- the position on show ---------------------------------------------------------------
    def current_motion(self) -> Motion | None:
        return next((m for m in self.motions if not m.done), None)

    def shown_state(self) -> rules.State:
        """The position the board shows beneath the moving stones."""
        motion = self.current_motion()
        return motion.after if motion else self.state

    # --- animation --------------------------------------------------------------------------
    def start_deal(self) -> None:
        """The stones drop onto their points, row by row from each side's back row."""
        self.deal = {}
        if not self.table.animations_on():
            return
        for point, piece in enumerate(self.state.board):
            if piece == rules.EMPTY:
                continue
            col, row = screen_cell(point, self.ui.flipped)
            order = min(row, 3 - row) * 4 + col
            self.deal[point] = self.table.tweens.add(Tween(DEAL_SECONDS, ease_out_back,
                                                           delay=0.04 + order * 0.03))

    def rest(self) -> None:
        self.motions, self.grip.settle = [], None

    def animate(self, change: Change[Any, Any]) -> None:
        self.rest()
        self.animate_step(change, 0.0)

    def animate_turn(self, changes: Sequence[Change[Any, Any]]) -> None:
        """Against the computer its reply goes back first, then your move."""
        self.rest()
        chain(changes, self.animate_step, CHAIN_GAP)

    def animate_step(self, change: Change[Any, Any], delay: float) -> float:
        """Animate one change from `delay` on; returns when it ends. A move made by a drop
        starts from where the stone was let go."""
        move = change.move
        if not self.table.animations_on() or move == self.versus.draw_move:
            return delay
        if not isinstance(move, rules.Move):   # a restart (or its undo): dealt again
            self.motions = []
            self.start_deal()
            return delay + DEAL_SECONDS
        start = self.grip.dropped_at() if change.direction > 0 else None
        seconds = CAPTURE_SECONDS if move.over is not None else \
            DROP_SECONDS if start else STEP_SECONDS
        tween = self.table.tweens.add(Tween(seconds, linear, delay=delay))
        self.motions.append(Motion(change, tween, start, self.start_board()))
        return delay + seconds

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        move = change.move
        if isinstance(move, rules.Move) and move.over is not None:
            return "capture"
        return super().move_sound(change)

    def changed(self, change: Change[Any, Any]) -> None:
        """Whatever was held is stale; the cursor goes from where a move went to the nearest
        stone that can move."""
        self.drop_held()
        if change.direction > 0 and isinstance(change.move, rules.Move):
            self.ui = replace(self.ui, cursor=change.move.target)
        if self.versus.human_to_move():
            self.ui = replace(self.ui, cursor=home(self.state, self.ui))

    def tick(self, dt: float) -> None:
        self.clock += dt

    # --- input: controls.interpret decides, the frame carries it out ------------------------
    def read(self, action: Action) -> Answer:
        return self.grip.read(action)

    def look(self, ui: Ui, action: Action) -> None:
        """A stone picked up (by a press it may become a drag), put back, or the board turned
        round (F is the controls' own), with their sounds."""
        if ui.flipped != self.ui.flipped:
            self.turn_board(ui)
            return
        before, self.ui = self.ui.selected, ui
        held, kind = ui.selected, action.kind
        if kind == Act.PRESS and not action.alt:
            if held is not None:             # (sounding unless it was held already)
                self.grip.pick_up(held, action, before == held)
        elif kind == Act.CONFIRM:
            self.table.sound("select" if held is not None else "place")
        elif kind == Act.PRESS:             # the right button (a lesson's board): put it back
            self.drop_held()
            self.table.sound("place")

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        self.ui = self.grip.played(self.ui, answer, change)

    def cancel(self) -> bool:
        put_back = self.grip.cancel(self.drop_held)
        if put_back:
            self.table.sound("place")
        return put_back

    def drop_held(self) -> None:
        self.ui = self.grip.put_down(self.ui)

    def flip(self) -> None:
        """The Flip button (F is the controls' own)."""
        self.turn_board(turn_round(self.ui))

    def turn_board(self, ui: Ui) -> None:
        """Show the board the other way round: kept in the save."""
        self.ui = ui
        self.table.play_options["flip"] = ui.flipped
        self.table.tweens.finish_all()
        self.grip.drop()
        self.grip.settle = None
        self.lay_out()
        self.table.sound("swap")
        self.table.say("The board is turned around.")

    def commands(self) -> Mapping[Command, Callable[[], None]]:
        return {Command.FLIP: self.flip}

    # --- words --------------------------------------------------------------------------------
    def hud_fields(self) -> list[tuple[str, str]]:
        state = self.state
        return [("Moves", str(self.versus.moves_played())),
                ("Moves without a capture", f"{state.quiet_plies} / {rules.QUIET_LIMIT}"),
                ("Position seen", f"{state.repetitions} / {rules.REPETITION_LIMIT}")]

    def draw_warning(self) -> str:
        state = self.state
        if self.table.over:
            return ""
        words = []
        left = rules.QUIET_LIMIT - state.quiet_plies
        if left <= 12:
            words.append(f"Draw in {left} {'move' if left == 1 else 'moves'} without a capture")
        if state.repetitions == rules.REPETITION_LIMIT - 1:
            words.append("This position has been seen twice: once more is a draw")
        return ".  ".join(words)

    def status_line(self) -> str:
        versus = self.versus
        if self.table.over:
            return versus.ending()
        side = SIDE_NAMES[versus.to_move]
        if versus.demo:
            return ("Paused: Space, A or a click plays on; U and R step through" if
                    versus.demo_paused else
                    "Computer against computer: Space, A or a click pauses")
        if versus.computer_to_move():
            if versus.warming:
                return "The computer is reading its table..."
            return "The computer is thinking..."
        if versus.hint_shown() and versus.graded() is None:
            return "Grading every move..."
        who = f"Your move ({side})" if versus.against_computer else f"{side} to move"
        captures = [move for move in previewed(self.state, self.ui,
                                               self.table.show_cursor()).values()
                    if move.over is not None] if not versus.hint_shown() else []
        if self.ui.selected is not None:
            how = self.table.by_device("click a marked point, or drag the piece there",
                                       "arrows to a marked point, Enter moves, Esc drops",
                                       "d-pad to a marked point, A moves, B drops")
        else:
            how = self.table.by_device("click one of your pieces, or drag it",
                                       "arrows choose a piece, Enter picks it up",
                                       "d-pad chooses a piece, A picks it up")
        if captures:      # the red rings the view shows round what the piece could capture
            what = " and ".join(point_name(move.target) for move in captures)
            return (f"{who}: the piece on {point_name(captures[0].source)} can capture {what} "
                    f"(red ring{'s' if len(captures) > 1 else ''}). {how[0].upper()}{how[1:]}")
        return f"{who}: {how}"

    def result_facts(self) -> list[tuple[str, str]]:
        facts = self.versus.result_facts()
        taken = self.captured()
        facts.insert(1, ("Captures", f"Black {taken[0]}, White {taken[1]}"))
        return facts

    # --- drawing ----------------------------------------------------------------------------------
    def card(self, side: int) -> Card:
        versus, over = self.versus, self.table.over
        to_move = not over and versus.to_move == side
        computer = versus.is_computer(side)
        thinking = to_move and computer and not versus.demo_paused
        return Card(role=versus.role(side) + (f" · {versus.level_text()}" if computer else ""),
                    note="thinking" + "." * (1 + int(self.clock * 3) % 3) if thinking else "",
                    to_move=to_move,
                    winner=over and self.table.session.status.winner == side)

    def facts(self) -> Facts:
        """Everything the view shows besides the controls' Ui and the animations."""
        versus = self.versus
        hinted = versus.hint_shown()
        grades = versus.graded() if hinted else None
        marked = versus.marked_move()
        return Facts(state=self.state, start=self.start_board(), over=self.table.over,
                     human=versus.human_to_move(), show_cursor=self.table.show_cursor(),
                     pick=versus.pick, grades=tuple(grades) if grades is not None else None,
                     hinted=hinted, cards=(self.card(0), self.card(1)),
                     log=tuple(versus.log_rows(6 if hinted else 14)),
                     warning=self.draw_warning(),
                     marked=marked if isinstance(marked, rules.Move) else None)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What stands still (KonoView.still_parts): one picture, painted again as it changes."""
        grip = self.grip
        self.backdrop.show(surface, self.view.still_parts(
            self.facts(), self.ui, self.current_motion(), self.deal, grip.settle, grip.drag))

    def draw(self, surface: pygame.Surface) -> None:
        grip = self.grip
        self.view.draw(surface, self.facts(), self.ui, self.current_motion(), self.deal,
                       grip.settle, grip.drag)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        self.view.mark_move(surface, move)

    def grade_spot(self, move: rules.Move) -> Point:
        return self.layout.grade_spot(move)

    def best_path(self, state: rules.State, move: rules.Move) -> list[Point]:
        """The review's arrow: the move's own (a capture arcs over its friend)."""
        return self.layout.move_path(move)

    def lesson_spot(self, point: int) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a point."""
        rect = pygame.Rect(0, 0, STONE + 30, STONE + 30)
        x, y = self.layout.point_pos(point)
        rect.center = (round(x), round(y))
        return rect

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The draw counters as meters under their numbers in the frame's HUD."""
        state = self.state
        fractions = [None, state.quiet_plies / rules.QUIET_LIMIT,
                     (state.repetitions - 1) / (rules.REPETITION_LIMIT - 1)]
        self.view.draw_meters(surface, self.table.hud_layout(), fractions[::-1])


def as_state(held: object) -> rules.State:
    """A position the Session holds (as an object) as Kono's State."""
    if not isinstance(held, rules.State):
        raise TypeError(f"Not a Kono position: {held!r}")
    return held

