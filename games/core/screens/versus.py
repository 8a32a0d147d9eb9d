"""VersusScene: what the two-player games share on top of GameScene.

Each side is a human or the computer. The computer thinks in a Job (the window never freezes)
after a short pause so the player sees what just happened, then shows its pick for a moment
before playing it. A human's move enters through play(), the one gate: it is refused while the
computer is to move. Undo against the computer takes back whole turns, as deep as the undo depth
allows. The frame also owns the demo's pause, draw offers, the last-move mark, the graded-moves
hint (Win in N / Draw / Loss in N), the level ladder with its Custom chance, the Options
overlay, the record of results per level and the review; a game's hooks are VersusHooks.
"""
from __future__ import annotations

import random
from typing import Any

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Command
from games.core.kit.options import remember
from games.core.kit.results import record_words, sentence
from games.core.kit.rules_api import Outcome, Termination
from games.core.kit.saves import RESTART
from games.core.kit.session import Session
from games.core.kit.versus_options import LEVEL_CHOICES, UNDO_DEPTHS, level_title
from games.core.loop.jobs import Job
from games.core.screens import hud
from games.core.screens.game_scene import TOOLBAR_HEIGHT, GameScene
from games.core.screens.offers import DrawOffer
from games.core.screens.widgets import Amount, Choose, Do, OptionsOverlay, Row

HUMAN, COMPUTER = "human", "computer"
# The computer's pace (settings["pace"]): (seconds between a move landing and the computer
# answering, seconds its choice is shown before it is played). The move's animation runs as
# well, whatever the pace.
PACES = {"brisk": (0.15, 0.3), "steady": (0.6, 0.45), "slow": (1.2, 0.9)}


class VersusScene(GameScene):
    SIDE_NAMES = ("Black", "White")
    DRAW_MOVE: Any = None              # the move that records an agreed draw, if the game has one

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        opponent = self.play_options.get("opponent", "computer")
        human_side = self.play_options.get("side", 0)
        self.players: tuple[str, str]
        if opponent == "human":
            self.players = (HUMAN, HUMAN)
        elif opponent == "demo":
            self.players = (COMPUTER, COMPUTER)
        else:
            self.players = (HUMAN if human_side == 0 else COMPUTER,
                            HUMAN if human_side == 1 else COMPUTER)
        self.level_choice = self.play_options.get("level") or "perfect"
        self.ai = registry.module(session.key, "ai")
        self.job: Job | None = None
        # The ai's slow start (a table to read), done off the loop from the first step, once
        # the first frame is shown (its thread would otherwise share the CPU with that frame).
        self.warm: Job | None = None
        self.warm_due = hasattr(self.ai, "preload")
        self.pause_left = self.pace[0]
        self.pick = None                  # the computer's chosen move, shown before it lands
        self.pick_left = 0.0
        self.demo_paused = False
        self.rng = random.Random() if self.demo else \
            random.Random(session.desc + str(len(session.entries)))
        self.turn: list | None = None     # the changes of an undo/redo of a whole turn
        self.turns_back = 0               # whole turns undone since the last move
        self.hint_for = None              # the position whose graded moves are shown
        self.grades: tuple | None = None  # (state, graded moves best first)
        self.grade_job: tuple | None = None   # (state, Job)
        self.offers = DrawOffer(self)     # draw offers (games whose rules have draws)

    @property
    def pace(self) -> tuple[float, float]:
        """(the pause before the computer thinks, how long its choice shows), by the setting."""
        return PACES.get(str(self.app.settings.get("pace")), PACES["brisk"])

    # --- whose turn ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.side_to_move(self.state)

    def side_to_move(self, state: Any) -> int:
        """0 or 1: a two-player game's rules always name the side to move."""
        side = self.rules.current_player(state)
        if side is None:
            raise ValueError(f"{self.session.key}'s rules name no side to move")
        return side

    def human_to_move(self) -> bool:
        return not self.over and self.players[self.to_move] == HUMAN

    def computer_to_move(self) -> bool:
        return not self.over and self.players[self.to_move] == COMPUTER

    @property
    def against_computer(self) -> bool:
        return HUMAN in self.players and COMPUTER in self.players

    @property
    def demo(self) -> bool:
        return self.players == (COMPUTER, COMPUTER)

    def side_name(self, side: int) -> str:
        return self.SIDE_NAMES[side]

    def role(self, side: int) -> str:
        if self.players[side] == COMPUTER:
            return f"Computer {side + 1}" if self.demo else "Computer"
        return "You" if self.against_computer else f"Player {side + 1}"

    # --- the level ladder ----------------------------------------------------------------------
    @property
    def level(self):
        """What the ai is given: a preset name, an old name, or the Custom chance."""
        return self.prefs["custom_level"] if self.level_choice == "custom" else self.level_choice

    def level_text(self) -> str:
        return level_title(self.level, self.ai.level_chance)

    def set_level(self, choice) -> None:
        """A level chosen in Options: kept for this game and as the setup screen's choice."""
        self.level_choice = self.play_options["level"] = choice
        known = isinstance(self.app.settings.get("setup", {}).get(self.session.key), dict)
        remember(self.app.settings, self.session.key,
                 {"level": choice} if known else dict(self.play_options))
        self.app.save_settings()

    # --- the one gate moves enter by ------------------------------------------------------------
    def play(self, move, by_computer: bool = False):
        """A move by whoever is to move. A human's is refused while the computer is to move
        (or considering a draw offer); nothing changes then."""
        if not by_computer and self.waiting():
            return None
        change = super().play(move)
        if change is not None:
            self.turns_back = 0
            self.app.audio.play(self.move_sound(move))
        return change

    def board_waits(self, action: Action, on_board: bool) -> bool:
        """True (and the player told why) for Confirm, or a press on the board, while a human
        move must wait: the board ignores it."""
        acts = action.kind == Act.CONFIRM or (action.kind == Act.PRESS and not action.alt
                                              and on_board)
        return acts and not self.over and self.waiting()

    def waiting(self) -> bool:
        """True, and the player told why, while a human move must wait: the computer is to
        move, or considering a draw offer."""
        if self.computer_to_move():
            self.say("The computer is thinking..." if self.job else "Wait for the computer's move.")
        elif self.offers.pending is not None:
            self.say("Waiting for the computer's answer to your offer.")
        else:
            return False
        return True

    def move_sound(self, move) -> str:
        return "place" if move == self.DRAW_MOVE else "move"

    def handle(self, action) -> None:
        """The demo's pause: Space, A or a click on the board."""
        kind = action.kind
        on_board = kind == Act.PRESS and not action.alt and \
            action.pos[1] < self.app.size[1] - TOOLBAR_HEIGHT and self.board_rect.collidepoint(
                action.pos)
        if self.demo and (kind == Act.CONFIRM or on_board):
            self.toggle_demo_pause()
            return
        super().handle(action)

    def commands(self):
        return {**super().commands(), Command.DRAW: self.offers.ask,
                Command.OPTIONS: self.open_options}

    def command_ready(self, command: Command) -> bool:
        return self.offers.possible() if command == Command.DRAW else \
            super().command_ready(command)

    def toggle_demo_pause(self) -> None:
        self.demo_paused = not self.demo_paused
        self.cancel_thinking()
        self.say("Paused: undo and redo step through the game; Space, A or a click plays on."
                 if self.demo_paused else "Playing on.")

    # --- the computer --------------------------------------------------------------------
    @property
    def warming(self) -> bool:
        """The ai's slow start not over yet: due, or its Job running."""
        return self.warm_due or (self.warm is not None and not self.warm.done)

    def tick(self, dt: float) -> None:
        if self.warm_due:
            self.warm_due = False
            self.warm = self.app.jobs.start(self.ai.preload)
        self.poll_grades()
        if self.offers.pending is not None:
            self.offers.consider(dt)
        elif self.demo_paused:
            self.cancel_thinking()
        elif self.pick is not None:
            self.show_pick(dt)
        else:
            self.think(dt)

    def think(self, dt: float) -> None:
        """The computer's turn: a pause, then the search in a Job, then its answer."""
        if not self.computer_to_move():
            self.pause_left = self.pace[0]
            return
        if self.tweens.busy or self.warming:
            return
        if self.job is None:
            self.pause_left -= dt
            if self.pause_left <= 0:
                self.job = self.app.jobs.start(self.ai.choose_move, self.state, self.rng,
                                               self.level)
            return
        if self.job.done:
            job, self.job = self.job, None
            self.pause_left = self.pace[0]
            if job.error is not None:
                raise job.error
            self.computer_chose(job.result)

    def next_change(self) -> float | None:
        """The computer's turn moves by itself (its pause, its search, its pick, its answer to
        a draw offer), and so does grading the hinted position."""
        if (self.computer_to_move() and not self.demo_paused) or self.warm_due or \
                self.offers.pending is not None \
                or self.pick is not None \
                or (self.grade_job is not None and not self.demo_paused):
            return 0.0
        return super().next_change()

    def computer_chose(self, move) -> None:
        """The computer's answer is ready: shown for a moment (animations on), then played."""
        if self.animations_on():
            self.pick, self.pick_left = move, self.pace[1]
        else:
            self.play(move, by_computer=True)

    def show_pick(self, dt: float) -> None:
        self.pick_left -= dt
        if self.pick_left <= 0:
            move, self.pick = self.pick, None
            self.play(move, by_computer=True)

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job.wait()    # it is pure and brief; its answer is simply dropped
            self.job = None
        self.pick = None
        self.pause_left = self.pace[0]

    def interrupt(self) -> None:
        self.cancel_thinking()
        self.offers.cancel()

    # --- the graded-moves hint -----------------------------------------------------------------
    def hint(self) -> None:
        if not self.human_to_move() and not self.demo:
            self.say("Hints are for your own move.")
            return
        if self.hint_for == self.state:
            self.hint_for = None
            self.say("Hint hidden.")
            return
        self.hint_for = self.state
        self.count_hint()
        self.app.audio.play("hint")
        if self.graded() is None:
            self.say("Grading every move...")

    def graded(self) -> list | None:
        """The graded moves of the position on show, best first, once they are known."""
        if self.grades is not None and self.grades[0] == self.state:
            return self.grades[1]
        return None

    def hint_shown(self) -> bool:
        return self.hint_for == self.state and not self.over

    def cancel_first(self) -> bool:
        """Esc and B: after what the frame and the game hold, the graded moves on show go
        (the same in every two-player game); only then the menu."""
        if super().cancel_first():
            return True
        if self.hint_shown():
            self.hint_for = None
            self.say("Hint hidden.")
            return True
        return False

    def poll_grades(self) -> None:
        """Grade the hinted position in a Job; take the answer when it is ready."""
        if self.grade_job is not None and self.grade_job[1].done:
            (state, job), self.grade_job = self.grade_job, None
            if job.error is not None:
                raise job.error
            self.grades = (state, list(job.result))
            if self.hint_shown() and state == self.state:
                self.say(f"Your moves graded: {hud.grade_counts(job.result)}.")
        if self.hint_shown() and self.graded() is None and self.grade_job is None and \
                not self.warming:
            self.grade_job = (self.state, self.app.jobs.start(self.ai.graded_moves, self.state))

    def draw_grades(self, surface) -> None:
        """Every graded move's label where the game puts it (grade_spot)."""
        for move, value, plies in (self.graded() or ()) if self.hint_shown() else ():
            spot = self.grade_spot(move)
            if spot is not None:
                hud.grade_badge(surface, spot, value, plies)

    def review(self) -> None:
        """The game as played so far, graded move by move (the result screen offers it)."""
        from games.core.screens.review import ReviewScene  # its ai and art, when asked
        moves = [text or "" for _, text in self.session.entries[1:self.session.position + 1]]
        self.app.push(ReviewScene(self.app, self.session.key, self.session.game_id, moves))

    # --- the history -----------------------------------------------------------------------
    def game_moves(self) -> list[tuple[Any, Any]]:
        """(position before, move) of each move since the start or the last restart."""
        moves: list[tuple[Any, Any]] = []
        entries = self.session.entries
        for (before, _), (_, text) in zip(entries, entries[1:self.session.position + 1]):
            if text == RESTART:
                moves = []
            elif text is not None:
                moves.append((before, self.rules.decode_move(text)))
        return moves

    def log_rows(self, count: int) -> list[tuple]:
        """The last `count` moves for hud.move_log: (number, the mover's swatch, words); an
        agreed draw is a row without a number."""
        rows, number = [], 0
        for before, move in self.game_moves():
            agreed = move == self.DRAW_MOVE      # an agreement, not a move: no number
            number += not agreed
            rows.append((None if agreed else number, self.swatch(self.side_to_move(before), 28),
                         self.played_words(move)))
        return rows[-count:] if count > 0 else []

    def played_words(self, move) -> str:
        """A move of the game in words (the log, the review): an agreed draw is no move."""
        return "draw agreed" if move == self.DRAW_MOVE else str(self.move_words(move))

    def draw_last_move(self, surface) -> None:
        """The last move marked on the board (through the game's mark_move), once the board
        is still."""
        move = self.session.last_move()
        if move is not None and move != self.DRAW_MOVE and not self.tweens.busy:
            self.mark_move(surface, move)

    def begin(self, desc: str, params=None) -> None:
        """Start afresh from another starting position (Nim's heap editor, the bench): the
        frame makes the new game; the scene lays itself out again in new_position()."""
        self.cancel_thinking()
        self.tweens.finish_all()
        self.session = Session(self.session.key, params or self.session.params, desc)
        self.rules = self.session.rules
        self.reported, self.result_wait = False, None
        self.demo_paused, self.hint_for, self.grades, self.turns_back = False, None, None, 0
        self.new_position()

    # --- hooks for the game --------------------------------------------------------------------
    def new_position(self) -> None:
        """begin() has put a new game in place: lay it out."""

    def mark_move(self, surface, move) -> None:
        """Draw the mark of the last move on the board."""

    def grade_spot(self, move):
        """Where the label of a graded move goes on the board (a centre), or None."""
        return None

    def swatch(self, side: int, size: int):
        """A side's piece as a small picture."""
        raise NotImplementedError

    def option_rows(self) -> list:
        """The game's own rows in the Options overlay (widgets.Choose / Amount / Do)."""
        return []

    def drop_held(self) -> None:
        """Let go of whatever piece is picked up (a dialog is about to open)."""

    # --- options, new game -------------------------------------------------------------------
    def all_option_rows(self) -> list[Row]:
        """The options, then New game and Offer a draw last: the panel opens with the focus
        on its first option, never on a row that ends the game."""
        rows: list[Row] = list(self.option_rows())
        if COMPUTER in self.players:
            choice = self.level_choice if self.level_choice in dict(LEVEL_CHOICES) else "perfect"
            rows.append(Choose("level", "Computer level", LEVEL_CHOICES, choice, self.set_level))
            if self.level_choice == "custom":
                rows.append(Amount("custom", "Custom level", self.prefs["custom_level"],
                                   lambda value: self.set_pref("custom_level", value),
                                   "% best moves"))
        rows.append(Choose("undo", "Undo depth", UNDO_DEPTHS, self.prefs["undo_depth"],
                           lambda value: self.set_pref("undo_depth", value)))
        if self.DRAW_MOVE is None:
            return rows + [Do("new", "New game", self.new_game)]
        return rows + [Do("new", "New game", self.new_game, half=True),
                       Do("offer", "Offer a draw", self.offers.ask, self.offers.possible(),
                          half=True)]

    def open_options(self) -> None:
        self.tweens.finish_all()
        self.drop_held()
        self.app.push(OptionsOverlay(self.app, self.all_option_rows, self.animations_on()))

    # --- animation: a whole turn's moves one after the other ------------------------------
    turn_gap = -0.15   # seconds between the moves of an undone turn (negative: they overlap)

    def animate(self, change) -> None:
        if self.turn is not None:          # part of a whole turn: animated once it is complete
            self.turn.append(change)
            return
        self.clear_animation()
        self.animate_step(change, 0.0)

    def animate_turn(self, changes) -> None:
        """Against the computer its reply goes back first, then your move."""
        self.clear_animation()
        delay = 0.0
        for change in changes:
            delay = max(delay, self.animate_step(change, delay) + self.turn_gap)

    def clear_animation(self) -> None:
        """Forget the animations of the previous change (the scene's own lists)."""

    def animate_step(self, change, delay: float) -> float:
        """Animate one change starting `delay` seconds from now; returns when it ends."""
        return delay

    def can_undo(self) -> bool:
        """Dimmed at the undo depth too (Options), not only at the start."""
        depth = self.prefs["undo_depth"]
        return super().can_undo() and not (depth and self.turns_back >= depth)

    def undo(self) -> None:
        """Against the computer, undo back to the human's previous turn, as deep as the undo
        depth allows. In the demo, undo pauses it first."""
        if self.demo:
            self.demo_paused = True
        depth = self.prefs["undo_depth"]
        if depth and self.turns_back >= depth and self.session.can_undo():
            self.say(f"The undo depth is {depth} turn{'s' if depth > 1 else ''}: "
                     f"change it in Options.")
            self.app.audio.play("wrong")
            return
        before = self.session.position
        self.walk(super().undo, self.session.can_undo)
        if self.session.position < before:
            self.turns_back += 1

    def redo(self) -> None:
        before = self.session.position
        self.walk(super().redo, self.session.can_redo)
        if self.session.position > before:
            self.turns_back = max(0, self.turns_back - 1)

    def restart(self) -> None:
        super().restart()
        self.turns_back = 0

    def walk(self, step, can_step) -> None:
        """One step through the history, then on to the human's turn against the computer;
        the changes are animated as one turn."""
        self.drop_held()
        self.turn = []
        try:
            step()
            while self.against_computer and can_step() and not self.human_to_move():
                step()
        finally:
            changes, self.turn = self.turn, None
            if changes:
                self.animate_turn(changes)

    def demo_move(self):
        return self.ai.choose_move(self.state, self.rng, None)

    def demo_step(self) -> None:
        if self.human_to_move():    # the demo plays the human's side; tick() plays the rest
            super().demo_step()

    # --- results -------------------------------------------------------------------------
    def winner(self) -> int | None:
        """The side that won a decided game; None while it goes on, and after a draw."""
        status = self.session.status
        return status.winner if status.outcome == Outcome.DECIDED else None

    def human_result(self) -> Outcome:
        """The ended game against the computer as the human's result: won, lost or a draw."""
        winner = self.winner()
        if winner is None:
            return Outcome.DRAW
        return Outcome.WON if self.players[winner] == HUMAN else Outcome.LOST

    def who(self, side: int) -> str:
        """A side as the sentence's subject: "You" and "The computer" against the computer,
        else the side's name."""
        if self.against_computer:
            return "You" if self.players[side] == HUMAN else "The computer"
        return self.side_name(side)

    def ending(self) -> str:
        """How the game ended, in words naming the sides as the player knows them."""
        status, winner = self.session.status, self.winner()
        if winner is not None:
            loser = self.who(1 - winner)
            if status.termination == Termination.BLOCKED:
                return f"{loser} cannot move."
            if status.termination == Termination.CAPTURED:
                has = "have" if loser == "You" else "has"
                return f"{loser} {has} fewer than two pieces left."
            if status.termination == Termination.LAST_TAKEN:
                return f"{loser} took the last counter."
        elif status.termination == Termination.AGREED:
            return self.offers.agreed_words()
        return sentence(status.reason)

    def result_reason(self) -> str:
        return self.ending()

    def status_line(self) -> str:
        return self.ending() if self.over else ""

    def result_title(self) -> str:
        winner = self.winner()
        if self.session.status.outcome == Outcome.DRAW:
            return "A draw"
        if winner is None:
            return "Game over"
        if self.against_computer:
            return "You won!" if self.human_result() == Outcome.WON else "You lost"
        return f"{self.side_name(winner)} won!"

    def moves_played(self) -> int:
        """The moves of the game, as its result and HUD count them: an agreed draw (only
        ever the last) is not a move."""
        agreed = self.DRAW_MOVE is not None and self.session.last_move() == self.DRAW_MOVE
        return self.session.moves_made - agreed

    def result_facts(self) -> list[tuple[str, str]]:
        facts = [("Moves", str(self.moves_played())), ("Hints", str(self.hints))]
        if self.against_computer:
            from games.core.data import records
            record = records.record_counts(self.app.store, self.session.key, self.level)
            facts.append((f"Your record at {self.level_text()}",
                          record_words(record.get("won", 0), record.get("lost", 0),
                                       record.get("draw", 0))))
        return facts

    def record_result(self) -> int | None:
        """Into the history: against the computer, the outcome for the player at this level;
        between two players, whether a side won (the history's "won") or it was drawn; the
        computer against itself (the demo) is not kept."""
        if self.against_computer:
            return self.record_game(self.human_result(), opponent=COMPUTER, level=str(self.level))
        if not self.demo:
            decided = Outcome.DRAW if self.winner() is None else Outcome.WON
            return self.record_game(decided, opponent=HUMAN)
        return None

    def result_mood(self) -> str:
        if self.winner() is None:
            return "neutral"
        return "bad" if self.against_computer and self.human_result() == Outcome.LOST \
            else "good"

    def ending_sound(self) -> str:
        if self.winner() is None:
            return "place"
        return "lose" if self.against_computer and self.human_result() == Outcome.LOST \
            else "win"
