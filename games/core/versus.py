"""VersusScene: what the two-player games share on top of GameScene.

Each side is a human or the computer. The computer thinks in a Job (the window never freezes),
after a short pause so the player sees what just happened; human input waits its turn. Undo
against the computer takes back whole turns, back to the human's move. Results are kept as a
record of wins, losses and draws per opponent level.
"""
from __future__ import annotations

import random

from games.core import input as act
from games.core import registry, store
from games.core.game_scene import TOOLBAR_HEIGHT, GameScene
from games.core.jobs import Job
from games.core.records import record_table

HUMAN, COMPUTER = "human", "computer"
THINK_PAUSE = 0.6     # seconds between a move landing and the computer answering


class VersusScene(GameScene):
    SIDE_NAMES = ("Black", "White")
    higher_is_better = True

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        opponent = self.play_options.get("opponent", "computer")
        human_side = self.play_options.get("side", 0)
        if opponent == "human":
            self.players = (HUMAN, HUMAN)
        elif opponent == "demo":
            self.players = (COMPUTER, COMPUTER)
        else:
            self.players = tuple(HUMAN if side == human_side else COMPUTER for side in (0, 1))
        self.level = self.play_options.get("level")
        self.ai = registry.module(session.key, "ai")
        self.job: Job | None = None
        self.pause_left = THINK_PAUSE
        self.rng = random.Random(session.desc + str(len(session.entries)))
        self.turn: list | None = None   # the changes of an undo/redo of a whole turn

    # --- whose turn ----------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.rules.current_player(self.state)

    def human_to_move(self) -> bool:
        return not self.over and self.players[self.to_move] == HUMAN

    @property
    def against_computer(self) -> bool:
        return HUMAN in self.players and COMPUTER in self.players

    def side_name(self, side: int) -> str:
        return self.SIDE_NAMES[side]

    def is_move_input(self, action) -> bool:
        """Input that would make a move on the board (held back while the computer is to
        move). Scenes with other controls (views, editors) narrow this."""
        return action.kind in (act.PRESS, act.CONFIRM, act.ALT, act.DIGIT, act.KEY) and \
            not (action.pos and action.pos[1] >= self.app.size[1] - TOOLBAR_HEIGHT)

    def handle(self, action) -> None:
        """Board input only reaches the game when a human is to move."""
        if not self.over and not self.human_to_move() and self.is_move_input(action):
            self.say("The computer is thinking..." if self.job else "Wait for the computer's move.")
            return
        super().handle(action)

    # --- the computer --------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        if self.over or self.players[self.to_move] != COMPUTER:
            self.pause_left = THINK_PAUSE
            return
        if self.tweens.busy:
            return
        if self.job is None:
            self.pause_left -= dt
            if self.pause_left <= 0:
                self.job = Job(self.ai.choose_move, self.state, self.rng, self.level)
            return
        if self.job.done:
            job, self.job = self.job, None
            self.pause_left = THINK_PAUSE
            if job.error is not None:
                raise job.error
            self.computer_chose(job.result)

    def computer_chose(self, move) -> None:
        """The computer's answer is ready. Scenes may show it first, then play it."""
        self.play(move)

    def wait_for_jobs(self) -> None:
        """Tests and the demo: block until the computer's search is finished."""
        if self.job is not None:
            self.job.wait()

    def cancel_thinking(self) -> None:
        if self.job is not None:
            self.job.wait()    # it is pure and brief; its answer is simply dropped
            self.job = None
        self.pause_left = THINK_PAUSE

    def interrupt(self) -> None:
        self.cancel_thinking()

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

    def undo(self) -> None:
        """Against the computer, undo back to the human's previous turn."""
        self.turn = []
        try:
            super().undo()
            while self.against_computer and self.session.can_undo() and not self.human_to_move():
                super().undo()
        finally:
            changes, self.turn = self.turn, None
            if changes:
                self.animate_turn(changes)

    def redo(self) -> None:
        self.turn = []
        try:
            super().redo()
            while self.against_computer and self.session.can_redo() and not self.human_to_move():
                super().redo()
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
    def result_title(self) -> str:
        status = self.session.status
        if status.outcome == "draw":
            return "A draw"
        if status.winner is None:
            return "Game over"
        if self.against_computer:
            return "You win!" if self.players[status.winner] == HUMAN else "The computer wins"
        return f"{self.side_name(status.winner)} wins"

    def result_lines(self) -> list[str]:
        lines = [f"{self.session.moves_made} moves"]
        if self.hints:
            lines.append(f"Hints taken: {self.hints}")
        if self.against_computer:
            record = store.load_records().get(self.record_table(), {})
            lines.append(f"Your record at this level: {record.get('won', 0)} won, "
                         f"{record.get('lost', 0)} lost, {record.get('draw', 0)} drawn")
        return lines

    def record_table(self) -> str:
        return record_table(self.session.key, self.level)

    def record_result(self):
        """Against the computer, count the game in the record for this level."""
        status = self.session.status
        if self.against_computer:
            human = self.players.index(HUMAN)
            outcome = "draw" if status.winner is None else \
                "won" if status.winner == human else "lost"
            try:
                store.record_result(self.record_table(), outcome)
            except OSError as error:
                self.say(f"The result could not be saved: {error}")
        return None

    def result_mood(self) -> str:
        status = self.session.status
        if status.winner is None:
            return "neutral"
        return "bad" if self.against_computer and self.players[status.winner] != HUMAN else "good"

    def ending_sound(self) -> str:
        status = self.session.status
        if status.winner is None:
            return "place"
        won = self.players[status.winner] == HUMAN
        return "win" if won or not self.against_computer else "lose"
