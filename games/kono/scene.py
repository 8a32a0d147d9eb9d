"""Four Field Kono on screen: a wooden 4x4 board of points and lines, black and white stones,
the two players' cards (each with a tray for the stones it has captured), and a side panel
with the last moves (and the key to the graded moves when a hint is shown).

What input means is decided in controls.py (click, drag, arrows, Tab, Enter; F flips and D
offers a draw, commands of the game's table in info.py); the board is
drawn by view.py over layout.py's geometry, and a move is animated by motion.py: a step slides
the stone along its line; a capture slides it over its friend onto the enemy stone, which is
knocked off and flies to the capturer's tray. Undo runs the same animation backwards. O opens
Options; the gamepad's Y asks for the hint and LB/RB undo and redo.

The frame (games/core/screens/versus.py) runs the computer, the hint, draw offers and undo by
turns; the
computer's solved table loads in a Job when the scene opens.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer, Look, Play, Refuse
from games.core.kit.rules_parts import AgreedDraw
from games.core.kit.session import Change, Session
from games.core.loop.app import App
from games.core.loop.tween import Tween, ease_out_back, linear
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Drag, SlideBack, pointer_target, slide_back
from games.core.screens.ui import BG
from games.core.screens.versus import COMPUTER, HUMAN, VersusScene
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


class KonoScene(VersusScene):

    def __init__(self, app: App, session: Session, play_options: dict[str, object] | None = None
                 ) -> None:
        super().__init__(app, session, play_options)
        # Against the computer your own stones are at the bottom; F turns the board round.
        flipped = bool(self.play_options.get(
            "flip", self.against_computer and self.players[0] == HUMAN))
        self.ui = Ui(cursor=cell_point(1, 3, flipped), flipped=flipped)
        self.lay_out()
        self.drag: Drag | None = None           # a stone held by the mouse
        self.drop_from: Point | None = None     # where a dragged stone was let go
        self.motions: list[Motion] = []         # the moves being animated, one after another
        self.deal: dict[int, Tween] = {}        # stones dropping in at the start
        self.settle: SlideBack | None = None    # a stone let go where it cannot go
        self.clock = 0.0                        # for the thinking dots
        if session.position == 0 and len(session.entries) == 1:
            self.start_deal()
        self.home_cursor()

    def lay_out(self) -> None:
        """The geometry and the view for the way round the board is shown."""
        self.layout = Layout(self.ui.flipped, self.app.size[1])
        self.view = KonoView(self.layout)
        self.backdrop = Backdrop(BG)
        self.board_rect = self.layout.board_rect

    # --- sides --------------------------------------------------------------------------------
    def swatch(self, side: int, size: int) -> pygame.Surface:
        return paint.stone(rules.SIDES[side], size)

    def move_words(self, move: rules.Move) -> str:
        return move_name(move)

    def start_board(self) -> tuple[str, ...]:
        initial = self.session.initial
        assert isinstance(initial, rules.State)
        return initial.board

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
        if not self.animations_on():
            return
        for point, piece in enumerate(self.state.board):
            if piece == rules.EMPTY:
                continue
            col, row = screen_cell(point, self.ui.flipped)
            order = min(row, 3 - row) * 4 + col
            self.deal[point] = self.tweens.add(Tween(DEAL_SECONDS, ease_out_back,
                                                     delay=0.04 + order * 0.03))

    def clear_animation(self) -> None:
        self.motions, self.settle = [], None

    turn_gap = CHAIN_GAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Animate one change from `delay` on; returns when it ends."""
        if not self.animations_on() or isinstance(change.move, AgreedDraw):
            return delay
        if not isinstance(change.move, rules.Move):   # a restart (or its undo): dealt again
            self.motions = []
            self.start_deal()
            return delay + DEAL_SECONDS
        start = self.drop_from if change.direction > 0 else None
        capture = change.move.over is not None
        seconds = CAPTURE_SECONDS if capture else (DROP_SECONDS if start else STEP_SECONDS)
        tween = self.tweens.add(Tween(seconds, linear, delay=delay))
        self.motions.append(Motion(change, tween, start, self.start_board()))
        return delay + seconds

    # --- input: controls.interpret decides, the scene carries it out ------------------------
    def handle_game(self, action: Action) -> None:
        if action.kind == Act.RELEASE and self.drag is None:
            return
        target = pointer_target(action, self.drag, self.layout.point_at)
        if not self.board_waits(action, target is not None):
            self.respond(action, interpret(self.state, self.ui, action, target))

    def respond(self, action: Action, answer: Answer) -> None:
        kind = action.kind
        drag = self.drag
        if kind == Act.RELEASE:
            self.drag = None
        if isinstance(answer, Refuse):
            self.refuse(answer.reason)
        elif isinstance(answer, Look):
            if answer.ui.flipped != self.ui.flipped:
                self.turn_board(answer.ui)
                return
            before, self.ui = self.ui.selected, answer.ui
            held = answer.ui.selected
            if kind == Act.PRESS and not action.alt:
                if held is not None and action.pos is not None:   # it may become a drag
                    self.drag = Drag(held, action.pos, self.layout.point_pos(held),
                                     before == held)
                    if before != held:
                        self.app.audio.play("select")
            elif kind == Act.CONFIRM:
                self.app.audio.play("select" if held is not None else "place")
            elif kind == Act.PRESS:                      # a click off the board: put it back
                self.drop_held()
                self.app.audio.play("place")
        elif isinstance(answer, Play):
            self.ui = answer.ui
            dropped = drag.spot if drag is not None and kind == Act.RELEASE else None
            if self.make_move(answer.move, dropped) is not None and dropped is not None:
                return
        if drag is not None and kind == Act.RELEASE and drag.moved:
            self.settle = slide_back(self.tweens, drag.item, drag.spot,
                                     self.layout.point_pos(drag.item), self.animations_on())

    def cancel(self) -> bool:
        if self.drag is not None or \
                interpret(self.state, self.ui, Action(Act.CANCEL), None) is not None:
            self.drop_held()
            self.app.audio.play("place")
            return True
        return False

    def drop_held(self) -> None:
        self.drag = None
        self.ui = replace(self.ui, selected=None)

    def make_move(self, move: rules.Move, dropped_at: Point | None = None) -> Change | None:
        self.drop_from = dropped_at
        try:
            change: Change | None = self.play(move)
            return change
        finally:
            self.drop_from = None

    def move_sound(self, move: rules.Move | AgreedDraw) -> str:
        if isinstance(move, AgreedDraw):
            return super().move_sound(move)
        return "capture" if move.over is not None else "move"

    def home_cursor(self) -> None:
        """On a human's turn, put the cursor on the nearest stone that can move."""
        if self.human_to_move():
            self.ui = replace(self.ui, cursor=home(self.state, self.ui))

    def flip(self) -> None:
        """The Flip button (F is the controls' own)."""
        self.turn_board(turn_round(self.ui))

    def turn_board(self, ui: Ui) -> None:
        """Show the board the other way round: kept in the save."""
        self.ui = ui
        self.play_options["flip"] = ui.flipped
        self.tweens.finish_all()
        self.settle, self.drag = None, None
        self.lay_out()
        self.app.audio.play("swap")
        self.say("The board is turned around.")

    def commands(self) -> dict[Command, Callable[[], None]]:
        return {**super().commands(), Command.FLIP: self.flip}

    # --- after a change -------------------------------------------------------------------------
    def undo(self) -> None:
        super().undo()
        self.home_cursor()

    def redo(self) -> None:
        super().redo()
        self.home_cursor()

    def restart(self) -> None:
        self.drop_held()
        super().restart()
        self.home_cursor()

    def after_change(self, change: Change) -> None:
        self.drop_held()                         # a move landed: whatever was held is stale
        if isinstance(change.move, rules.Move):  # then from where it went to the nearest stone
            self.ui = replace(self.ui, cursor=change.move.target)
        super().after_change(change)
        self.home_cursor()

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    # --- words --------------------------------------------------------------------------------
    def hud_fields(self) -> list[tuple[str, str]]:
        state = self.state
        return [("Moves", str(self.moves_played())),
                ("Moves without a capture", f"{state.quiet_plies} / {rules.QUIET_LIMIT}"),
                ("Position seen", f"{state.repetitions} / {rules.REPETITION_LIMIT}")]

    def draw_warning(self) -> str:
        state = self.state
        if self.over:
            return ""
        words = []
        left = rules.QUIET_LIMIT - state.quiet_plies
        if left <= 12:
            words.append(f"Draw in {left} {'move' if left == 1 else 'moves'} without a capture")
        if state.repetitions == rules.REPETITION_LIMIT - 1:
            words.append("This position has been seen twice: once more is a draw")
        return ".  ".join(words)

    def status_line(self) -> str:
        if self.over:
            return self.ending()
        side = SIDE_NAMES[self.to_move]
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through" if
                    self.demo_paused else "Computer against computer: Space, A or a click pauses")
        if self.computer_to_move():
            if self.warming:
                return "The computer is reading its table..."
            return "The computer is thinking..."
        if self.hint_shown() and self.graded() is None:
            return "Grading every move..."
        who = f"Your move ({side})" if self.against_computer else f"{side} to move"
        captures = [move for move in previewed(self.state, self.ui, self.show_cursor()).values()
                    if move.over is not None] if not self.hint_shown() else []
        if self.ui.selected is not None:
            how = self.by_device("click a marked point, or drag the piece there",
                                 "arrows to a marked point, Enter moves, Esc drops",
                                 "d-pad to a marked point, A moves, B drops")
        else:
            how = self.by_device("click one of your pieces, or drag it",
                                 "arrows choose a piece, Enter picks it up",
                                 "d-pad chooses a piece, A picks it up")
        if captures:      # the red rings the view shows round what the piece could capture
            what = " and ".join(point_name(move.target) for move in captures)
            return (f"{who}: the piece on {point_name(captures[0].source)} can capture {what} "
                    f"(red ring{'s' if len(captures) > 1 else ''}). {how[0].upper()}{how[1:]}")
        return f"{who}: {how}"

    def result_facts(self) -> list[tuple[str, str]]:
        facts = super().result_facts()
        taken = self.captured()
        facts.insert(1, ("Captures", f"Black {taken[0]}, White {taken[1]}"))
        return facts

    # --- drawing ----------------------------------------------------------------------------------
    def card(self, side: int) -> Card:
        to_move = not self.over and self.to_move == side
        computer = self.players[side] == COMPUTER
        thinking = to_move and computer and not self.demo_paused
        return Card(role=self.role(side) + (f" · {self.level_text()}" if computer else ""),
                    note="thinking" + "." * (1 + int(self.clock * 3) % 3) if thinking else "",
                    to_move=to_move, winner=self.over and self.session.status.winner == side)

    def facts(self) -> Facts:
        """Everything the view shows besides the controls' Ui and the animations."""
        hinted = self.hint_shown()
        grades = self.graded() if hinted else None
        return Facts(state=self.state, start=self.start_board(), over=self.over,
                     human=self.human_to_move(), show_cursor=self.show_cursor(), pick=self.pick,
                     grades=tuple(grades) if grades is not None else None, hinted=hinted,
                     cards=(self.card(0), self.card(1)),
                     log=tuple(self.log_rows(6 if hinted else 14)), warning=self.draw_warning(),
                     marked=self.marked_move())

    def marked_move(self) -> rules.Move | None:
        """The last move, marked on the board once it is still (as draw_last_move does)."""
        move = self.session.last_move()
        if not isinstance(move, rules.Move) or self.tweens.busy:
            return None
        return move

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What stands still (KonoView.still_parts): one picture, painted again as it changes."""
        self.backdrop.show(surface, self.view.still_parts(
            self.facts(), self.ui, self.current_motion(), self.deal, self.settle, self.drag))

    def draw_board(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.facts(), self.ui, self.current_motion(), self.deal,
                       self.settle, self.drag)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        self.view.mark_move(surface, move)

    def grade_spot(self, move: rules.Move) -> Point:
        return self.layout.grade_spot(move)

    round_spots = True        # the lesson player rings a point with a circle

    def lesson_spot(self, point: int) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a point."""
        rect = pygame.Rect(0, 0, STONE + 30, STONE + 30)
        x, y = self.layout.point_pos(point)
        rect.center = (round(x), round(y))
        return rect

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The frame's HUD, with the draw counters as meters under their numbers."""
        super().draw_hud(surface)
        state = self.state
        fractions = [None, state.quiet_plies / rules.QUIET_LIMIT,
                     (state.repetitions - 1) / (rules.REPETITION_LIMIT - 1)]
        self.view.draw_meters(surface, self.hud_layout(), fractions[::-1])


SCENE = KonoScene
