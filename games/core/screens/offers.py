"""A draw offered in a two-player game whose rules have draws (the frame's, for each of them).

D, the toolbar's Offer a draw or the Options row asks the player once, with the focus on
playing on (games/core/screens/question.py). Then the opponent answers: the computer after
its pause, by its exact value (the game's ai.accepts_draw: yes unless it can force a win); a
second human by a question of their own, the focus again on playing on. Accepted, the game's
agreed-draw move (rules_parts.AGREED_DRAW) is played and the game ends as a draw; declined, no
new offer until a move has been played. A game whose rules cannot be drawn (Nim) has none.
"""
from __future__ import annotations

from typing import Any

from games.core.screens.question import ConfirmScene


class DrawOffer:
    """The draw offers of one VersusScene (`scene`: its side to move, players and ai)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.pending: float | None = None      # seconds until the computer answers the offer
        self.declined_at: int | None = None    # the position where an offer was declined

    def possible(self) -> bool:
        """Whether the game can be drawn by agreement now (its button is dimmed when not)."""
        scene = self.scene
        return scene.draw_move is not None and not scene.over and not scene.demo

    def ask(self) -> None:
        """D, the toolbar or Options: an offer that would end the game is asked once."""
        scene = self.scene
        if not self.possible() or self.refused():
            return
        scene.drop_held()
        scene.app.push(ConfirmScene(
            scene.app, "Offer a draw?", "Offer a draw (Y)", "Play on (N)", self.offer,
            "If it is accepted, the game ends in a draw." if scene.against_computer else
            f"{scene.side_name(1 - scene.to_move)} is asked to accept or play on."))

    def refused(self) -> bool:
        """Say why no offer can be made now; True if so."""
        scene = self.scene
        if scene.demo:
            scene.say("The computers play on; a draw is for players to offer.")
        elif not scene.human_to_move():
            scene.say("Offer a draw on your own turn.")
        elif self.pending is not None:
            return True
        elif self.declined_at == scene.session.position:
            scene.say("Your offer was declined: play a move before offering again.")
            scene.app.audio.play("wrong")
        else:
            return False
        return True

    def offer(self) -> None:
        """The offer is made: the computer considers it, or the other player is asked."""
        scene = self.scene
        if not self.possible() or self.refused():
            return
        scene.drop_held()
        if scene.against_computer:
            self.pending = scene.pace[0]
            scene.say("You offer a draw...")
            scene.app.audio.play("select")
            return
        other = 1 - scene.to_move
        scene.app.push(ConfirmScene(
            scene.app, f"{scene.side_name(scene.to_move)} offers a draw", "Accept (Y)",
            "Play on (N)", lambda: self.answer(True, other),
            f"{scene.side_name(other)}, do you accept?", lambda: self.answer(False, other)))

    def consider(self, dt: float) -> None:
        """The computer's pause over an offer, then its answer from its exact value."""
        if self.pending is None:
            return
        self.pending -= dt
        if self.pending <= 0:
            self.pending = None
            scene = self.scene
            computer = scene.players.index("computer")
            accepts = scene.versus.accepts_draw
            self.answer(accepts is not None and accepts(scene.state, computer), computer)

    def answer(self, accepted: bool, by: int) -> None:
        scene = self.scene
        name = scene.role(by) if scene.against_computer else scene.side_name(by)
        if accepted:
            scene.say(f"{name} accepts the draw.")
            scene.play(scene.draw_move, by_computer=True)
        else:
            self.declined_at = scene.session.position
            scene.say(f"{name} declines the draw: play on.")
            scene.app.audio.play("wrong")

    def cancel(self) -> None:
        """Undo, redo or a restart: an offer under consideration lapses."""
        self.pending = None

    def agreed_words(self) -> str:
        """The result's reason for an agreed draw, the same in every game: who offered it
        (the side to move when it was agreed) and who accepted."""
        scene = self.scene
        offered = scene.to_move
        if scene.against_computer:
            return ("You offered a draw and the computer accepted." if
                    scene.players[offered] == "human" else
                    "The computer offered a draw and you accepted.")
        return (f"{scene.side_name(offered)} offered a draw and "
                f"{scene.side_name(1 - offered)} accepted.")
