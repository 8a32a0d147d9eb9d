"""Versus: the two-player games' policy, held by the frame (games/core/screens/frame.py).

Each side is a human or the computer. The computer thinks in a Job (the window never freezes)
after a short pause so the player sees what just happened, then shows its pick for a moment
before playing it. A human's move enters through the frame's play(), the one gate: it is
refused while the computer is to move. Undo against the computer takes back whole turns, as
deep as the undo depth allows. The policy also owns the demo's pause, draw offers, the
last-move mark, the graded-moves hint (Win in N / Draw / Loss in N), the level ladder with its
Custom chance, the Options panel, the record of results per level, the review, and how the
ending is worded and recorded. The game's board draws and animates; it never plays a side.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Act, Action, Command
from games.core.kit.game import Versus as Declared
from games.core.kit.levels import Grade
from games.core.kit.options import remember
from games.core.kit.results import record_words, sentence
from games.core.kit.rules_api import Outcome, Termination
from games.core.kit.saves import RESTART
from games.core.kit.session import Change
from games.core.kit.versus_options import LEVEL_CHOICES, UNDO_DEPTHS, level_title
from games.core.loop.jobs import Job
from games.core.screens import hud
from games.core.screens.hud import TOOLBAR_HEIGHT
from games.core.screens.offers import DrawOffer
from games.core.screens.widgets import Amount, Choose, Do, OptionsOverlay, Row

if TYPE_CHECKING:
    import pygame

    from games.core.screens.board import Board
    from games.core.screens.frame import Frame

HUMAN, COMPUTER = "human", "computer"
# The computer's pace (settings["pace"]): (seconds between a move landing and the computer
# answering, seconds its choice is shown before it is played). The move's animation runs as
# well, whatever the pace.
PACES = {"brisk": (0.15, 0.3), "steady": (0.6, 0.45), "slow": (1.2, 0.9)}


class Versus:
    """The two sides of the game in `frame`, and what they do."""
    hints = True     # the graded hint is offered (never against a friend)

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        declared = frame.game.parts().versus
        if declared is None:
            raise ValueError(f"{frame.game.key} is not a two-player game")
        self.declared: Declared[Any, Any] = declared
        self.ai = declared.analysis
        self.sides = declared.sides
        self.draw_move = declared.draw_move   # the move that records an agreed draw, or None
        options = frame.play_options
        opponent = options.get("opponent", "computer")
        human_side = options.get("side", 0)
        self.players: tuple[str, str]
        if opponent == "human":
            self.players = (HUMAN, HUMAN)
        elif opponent == "demo":
            self.players = (COMPUTER, COMPUTER)
        else:
            self.players = (HUMAN if human_side == 0 else COMPUTER,
                            HUMAN if human_side == 1 else COMPUTER)
        self.level_choice = options.get("level") or "perfect"
        self.job: Job | None = None
        # The ai's slow start (a table to read), done off the loop from the first step, once
        # the first frame is shown (its thread would otherwise share the CPU with that frame).
        self.warm: Job | None = None
        self.warm_due = declared.preload is not None
        self.pause_left = self.pace[0]
        self.pick: Any = None             # the computer's chosen move, shown before it lands
        self.pick_left = 0.0
        self.demo_paused = False
        session = frame.session
        self.rng = random.Random() if self.demo else \
            random.Random(session.desc + str(len(session.entries)))
        self.turn: list[Change[Any, Any]] | None = None   # the changes of a whole-turn step
        self.turns_back = 0               # whole turns undone since the last move
        self.hint_for: Any = None         # the position whose graded moves are shown
        self.grades: tuple[Any, list[Grade]] | None = None   # (state, graded moves best first)
        self.grade_job: tuple[Any, Job] | None = None
        self.offers = DrawOffer(self)     # draw offers (games whose rules have draws)
        self.resigned: int | None = None  # the side that resigned (a game over the network)

    @property
    def board(self) -> Board:
        return self.frame.board

    @property
    def state(self) -> Any:
        return self.frame.session.state

    @property
    def over(self) -> bool:
        return self.frame.over

    @property
    def pace(self) -> tuple[float, float]:
        """(the pause before the computer thinks, how long its choice shows), by the setting."""
        return PACES.get(str(self.frame.app.settings.get("pace")), PACES["brisk"])

    # --- whose turn ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.side_to_move(self.state)

    def side_to_move(self, state: Any) -> int:
        """0 or 1: a two-player game's rules always name the side to move."""
        side = self.frame.game.rules.current_player(state)
        if side is None:
            raise ValueError(f"{self.frame.game.key}'s rules name no side to move")
        return side

    def plays_on(self) -> bool:
        """Whether the sides play now: not over, not a look back, not held by the board
        (Nim's heap editor)."""
        return self.frame.mode.turns and not self.over and self.board.holds_play() is None

    def human_to_move(self) -> bool:
        return self.plays_on() and self.players[self.to_move] == HUMAN

    def computer_to_move(self) -> bool:
        return self.plays_on() and self.players[self.to_move] == COMPUTER

    @property
    def against_computer(self) -> bool:
        return HUMAN in self.players and COMPUTER in self.players

    @property
    def demo(self) -> bool:
        return self.players == (COMPUTER, COMPUTER)

    def side_name(self, side: int) -> str:
        return self.board.side_name(side) or self.sides[side]

    def is_computer(self, side: int) -> bool:
        return self.players[side] == COMPUTER

    def role(self, side: int) -> str:
        if self.players[side] == COMPUTER:
            return f"Computer {side + 1}" if self.demo else "Computer"
        return "You" if self.against_computer else f"Player {side + 1}"

    @property
    def looking(self) -> bool:
        """Nobody plays: the board is a review's, which only shows positions."""
        return not self.frame.mode.turns

    def status_line(self) -> str | None:
        """The status line's words while the game goes on: the board's own (its prompt)."""
        return self.board.status_line()

    def turn_prompt(self) -> str:
        """Whose turn it is, for a board that looks only (a review): the side's name."""
        return "" if self.over else f"{self.side_name(self.to_move)} to move"

    # --- the level ladder ----------------------------------------------------------------------
    @property
    def level(self) -> Any:
        """What the ai is given: a preset name, an old name, or the Custom chance."""
        return self.frame.prefs["custom_level"] if self.level_choice == "custom" \
            else self.level_choice

    def level_text(self) -> str:
        return level_title(self.level, self.ai.level_chance)

    def set_level(self, choice: Any) -> None:
        """A level chosen in Options: kept for this game and as the setup screen's choice."""
        frame = self.frame
        self.level_choice = frame.play_options["level"] = choice
        known = isinstance(frame.app.settings.get("setup", {}).get(frame.session.key), dict)
        remember(frame.app.settings, frame.session.key,
                 {"level": choice} if known else dict(frame.play_options))
        frame.app.save_settings()

    # --- the gate moves enter by ----------------------------------------------------------------
    def waiting(self) -> bool:
        """True, and the player told why, while a human move must wait: the computer is to
        move, or considering a draw offer."""
        if self.computer_to_move():
            self.frame.say("The computer is thinking..." if self.job
                           else "Wait for the computer's move.")
        elif self.offers.pending is not None:
            self.frame.say("Waiting for the computer's answer to your offer.")
        else:
            return False
        return True

    def moved(self) -> None:
        """A move was played: the turns undone are forgotten."""
        self.turns_back = 0

    def takes(self, action: Action) -> bool:
        """What the policy takes before the board sees it: the demo's pause (Space, A or a
        click on the board), and Confirm or a press on the board while a human move must
        wait (the player is told why)."""
        kind, frame = action.kind, self.frame
        on_board = kind == Act.PRESS and not action.alt and action.pos is not None and \
            action.pos[1] < frame.app.size[1] - TOOLBAR_HEIGHT and \
            frame.board_rect.collidepoint(action.pos)
        if self.demo and (kind == Act.CONFIRM or on_board):
            self.toggle_demo_pause()
            return True
        return False

    def board_waits(self, action: Action, on_board: bool) -> bool:
        """True (and the player told why) for Confirm, or a press on the board, while a human
        move must wait: the board ignores it."""
        acts = action.kind == Act.CONFIRM or (action.kind == Act.PRESS and not action.alt
                                              and on_board)
        return acts and not self.over and self.waiting()

    def commands(self) -> dict[Command, Callable[[], None]]:
        return {Command.DRAW: self.offers.ask, Command.OPTIONS: self.open_options}

    def toggle_demo_pause(self) -> None:
        self.demo_paused = not self.demo_paused
        self.cancel_thinking()
        self.frame.say("Paused: undo and redo step through the game; Space, A or a click "
                       "plays on." if self.demo_paused else "Playing on.")

    # --- the computer --------------------------------------------------------------------
    @property
    def warming(self) -> bool:
        """The ai's slow start not over yet: due, or its Job running."""
        return self.warm_due or (self.warm is not None and not self.warm.done)

    def tick(self, dt: float) -> None:
        preload = self.declared.preload
        if self.warm_due and preload is not None:
            self.warm_due = False
            self.warm = self.frame.app.jobs.start(preload)
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
        if self.frame.tweens.busy or self.warming:
            return
        if self.job is None:
            self.pause_left -= dt
            if self.pause_left <= 0:
                self.job = self.frame.app.jobs.start(self.ai.choose_move, self.state, self.rng,
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
                self.offers.pending is not None or self.pick is not None or \
                (self.grade_job is not None and not self.demo_paused):
            return 0.0
        return None

    def demo_move(self) -> Any:
        """The scripted player's move, on a human's turn only (the policy's random numbers
        go to the turns it plays, so a demo runs the same way every time)."""
        return self.ai.choose_move(self.state, self.rng, None) if self.human_to_move() else None

    def computer_chose(self, move: Any) -> None:
        """The computer's answer is ready: shown for a moment (animations on), then played."""
        if self.frame.animations_on():
            self.pick, self.pick_left = move, self.pace[1]
        else:
            self.frame.play(move, by_computer=True)

    def show_pick(self, dt: float) -> None:
        self.pick_left -= dt
        if self.pick_left <= 0:
            move, self.pick = self.pick, None
            self.frame.play(move, by_computer=True)

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job.wait()    # it is pure and brief; its answer is simply dropped
            self.job = None
        self.pick = None
        self.pause_left = self.pace[0]

    def interrupt(self) -> None:
        self.cancel_thinking()
        self.offers.cancel()

    def asks_to_leave(self, then: Callable[[], None]) -> bool:
        """Leaving the game asks first (True: asked, and `then` runs if the player leaves)."""
        return False

    def close(self) -> None:
        """The frame closes (back to the launcher): what the sides hold goes."""

    # --- the graded-moves hint -----------------------------------------------------------------
    def hint(self) -> None:
        frame = self.frame
        why = frame.board.hint_refusal()
        if why:
            frame.say(why)
            return
        if not self.human_to_move() and not self.demo:
            frame.say("Hints are for your own move.")
            return
        if self.hint_for == self.state:
            self.hint_for = None
            frame.say("Hint hidden.")
            return
        self.hint_for = self.state
        frame.count_hint()
        frame.app.audio.play("hint")
        if self.graded() is None:
            frame.say("Grading every move...")
        frame.board.hinted()            # the board's own part (its cursor on the best move)

    def graded(self) -> list[Grade] | None:
        """The graded moves of the position on show, best first, once they are known."""
        if self.grades is not None and self.grades[0] == self.state:
            return self.grades[1]
        return None

    def hint_shown(self) -> bool:
        return self.hint_for == self.state and not self.over

    def cancel_first(self) -> bool:
        """Esc and B, after what the frame and the board hold: the graded moves on show go
        (the same in every two-player game); only then the menu."""
        if self.hint_shown():
            self.hint_for = None
            self.frame.say("Hint hidden.")
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
                self.frame.say(f"Your moves graded: {hud.grade_counts(job.result)}.")
        if self.hint_shown() and self.graded() is None and self.grade_job is None and \
                not self.warming:
            self.grade_job = (self.state, self.frame.app.jobs.start(self.ai.graded_moves,
                                                                     self.state))

    def draw_grades(self, surface: pygame.Surface) -> None:
        """Every graded move's label where the board puts it (grade_spot)."""
        for move, value, plies in (self.graded() or ()) if self.hint_shown() else ():
            spot = self.board.grade_spot(move)
            if spot is not None:
                hud.grade_badge(surface, spot, value, plies)

    def review(self) -> None:
        """The game as played so far, graded move by move (the result screen offers it)."""
        from games.core.screens.review import ReviewScene  # its ai and art, when asked
        session = self.frame.session
        moves = [text or "" for _, text in session.entries[1:session.position + 1]]
        self.frame.app.push(ReviewScene(self.frame.app, session.key, session.game_id, moves))

    # --- the moves of the game ---------------------------------------------------------------
    def game_moves(self) -> list[tuple[Any, Any]]:
        """(position before, move) of each move since the start or the last restart."""
        moves: list[tuple[Any, Any]] = []
        session = self.frame.session
        entries = session.entries
        for (before, _), (_, text) in zip(entries, entries[1:session.position + 1]):
            if text == RESTART:
                moves = []
            elif text is not None:
                moves.append((before, session.rules.decode_move(text)))
        return moves

    def log_rows(self, count: int) -> list[hud.LogRow]:
        """The last `count` moves for hud.move_log: (number, the mover's swatch, words); an
        agreed draw is a row without a number."""
        rows: list[hud.LogRow] = []
        number = 0
        for before, move in self.game_moves():
            agreed = move == self.draw_move      # an agreement, not a move: no number
            number += not agreed
            rows.append((None if agreed else number, self.board.swatch(self.side_to_move(before),
                                                                       28),
                         self.played_words(move)))
        return rows[-count:] if count > 0 else []

    def played_words(self, move: Any) -> str:
        """A move of the game in words (the log, the review): an agreed draw is no move."""
        return "draw agreed" if move == self.draw_move else str(self.board.move_words(move))

    def marked_move(self) -> Any:
        """The last move, to be marked on the board once it is still (not an agreed draw)."""
        move = self.frame.session.last_move()
        if move is None or move == self.draw_move or self.frame.tweens.busy:
            return None
        return move

    def draw_last_move(self, surface: pygame.Surface) -> None:
        """The last move marked on the board (through the board's mark_move)."""
        move = self.marked_move()
        if move is not None:
            self.board.mark_move(surface, move)

    def begun(self) -> None:
        """The frame began another start (Nim's heap editor, the bench)."""
        self.demo_paused, self.hint_for, self.grades, self.turns_back = False, None, None, 0

    def restarted(self) -> None:
        self.turns_back = 0

    # --- options, new game -------------------------------------------------------------------
    def option_rows(self) -> list[Row]:
        """The options, then New game and Offer a draw last: the panel opens with the focus
        on its first option, never on a row that ends the game."""
        frame = self.frame
        rows: list[Row] = list(self.board.option_rows())
        if COMPUTER in self.players:
            choice = self.level_choice if self.level_choice in dict(LEVEL_CHOICES) \
                else "perfect"
            rows.append(Choose("level", "Computer level", LEVEL_CHOICES, choice, self.set_level))
            if self.level_choice == "custom":
                rows.append(Amount("custom", "Custom level", frame.prefs["custom_level"],
                                   lambda value: frame.set_pref("custom_level", value),
                                   "% best moves"))
        rows.append(Choose("undo", "Undo depth", UNDO_DEPTHS, frame.prefs["undo_depth"],
                           lambda value: frame.set_pref("undo_depth", value)))
        if self.draw_move is None:
            return rows + [Do("new", "New game", frame.new_game)]
        return rows + [Do("new", "New game", frame.new_game, half=True),
                       Do("offer", "Offer a draw", self.offers.ask, self.offers.possible(),
                          half=True)]

    def open_options(self) -> None:
        frame = self.frame
        frame.tweens.finish_all()
        self.board.drop_held()
        frame.app.push(OptionsOverlay(frame.app, self.option_rows, frame.animations_on()))

    # --- undo and redo of whole turns, animated as one ------------------------------------------
    def can_undo(self) -> bool:
        """Dimmed at the undo depth too (Options), not only at the start."""
        depth = self.frame.prefs["undo_depth"]
        return self.frame.session.can_undo() and not (depth and self.turns_back >= depth)

    def undo(self) -> None:
        """Against the computer, undo back to the human's previous turn, as deep as the undo
        depth allows. In the demo, undo pauses it first."""
        frame = self.frame
        if self.demo:
            self.demo_paused = True
        depth = frame.prefs["undo_depth"]
        if depth and self.turns_back >= depth and frame.session.can_undo():
            frame.say(f"The undo depth is {depth} turn{'s' if depth > 1 else ''}: "
                      f"change it in Options.")
            frame.app.audio.play("wrong")
            return
        before = frame.session.position
        self.walk(frame.step_back, frame.session.can_undo)
        if frame.session.position < before:
            self.turns_back += 1

    def redo(self) -> None:
        frame = self.frame
        before = frame.session.position
        self.walk(frame.step_forward, frame.session.can_redo)
        if frame.session.position > before:
            self.turns_back = max(0, self.turns_back - 1)

    def walk(self, step: Callable[[], Any], can_step: Callable[[], bool]) -> None:
        """One step through the history, then on to the human's turn against the computer;
        the changes are animated as one turn."""
        self.board.drop_held()
        self.turn = []
        try:
            step()
            while self.against_computer and can_step() and not self.human_to_move():
                step()
        finally:
            changes, self.turn = self.turn, None
            if changes:
                self.board.animate_turn(changes)
                self.board.changed(changes[-1])

    def collect(self, change: Change[Any, Any]) -> bool:
        """An undo or redo step's change during a whole-turn walk: kept, to be animated as one
        turn when the walk ends (True); False outside a walk."""
        if self.turn is None:
            return False
        self.turn.append(change)
        return True

    # --- results -------------------------------------------------------------------------
    def winner(self) -> int | None:
        """The side that won a decided game; None while it goes on, and after a draw."""
        status = self.frame.session.status
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
        status, winner = self.frame.session.status, self.winner()
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

    def result_title(self) -> str:
        winner = self.winner()
        if self.frame.session.status.outcome == Outcome.DRAW:
            return "A draw"
        if winner is None:
            return "Game over"
        if self.against_computer:
            return "You won!" if self.human_result() == Outcome.WON else "You lost"
        return f"{self.side_name(winner)} won!"

    def moves_played(self) -> int:
        """The moves of the game, as its result and HUD count them: an agreed draw (only
        ever the last) is not a move."""
        session = self.frame.session
        agreed = self.draw_move is not None and session.last_move() == self.draw_move
        return session.moves_made - agreed

    def result_facts(self) -> list[tuple[str, str]]:
        frame = self.frame
        facts = [("Moves", str(self.moves_played())), ("Hints", str(frame.hints))]
        if self.against_computer:
            from games.core.data import records
            record = records.record_counts(frame.app.store, frame.session.key, self.level)
            facts.append((f"Your record at {self.level_text()}",
                          record_words(record.get("won", 0), record.get("lost", 0),
                                       record.get("draw", 0))))
        return facts

    def record_result(self) -> int | None:
        """Into the history: against the computer, the outcome for the player at this level;
        between two players, whether a side won (the history's "won") or it was drawn; the
        computer against itself (the demo) is not kept."""
        if self.against_computer:
            return self.frame.ending.record(self.human_result(), opponent=COMPUTER,
                                          level=str(self.level))
        if not self.demo:
            decided = Outcome.DRAW if self.winner() is None else Outcome.WON
            return self.frame.ending.record(decided, opponent=HUMAN)
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
