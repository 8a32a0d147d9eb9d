"""A draw offered in a two-player game whose rules have draws (the frame's, for each of them).

D, the toolbar's Offer a draw or the Options row asks the player once, with the focus on
playing on (games/core/screens/question.py). Then the opponent answers: the computer after
its pause, by its exact value (the game's ai.accepts_draw: yes unless it can force a win); a
second human by a question of their own, the focus again on playing on. Accepted, the game's
agreed-draw move (rules_parts.AGREED_DRAW) is played and the game ends as a draw; declined, no
new offer until a move has been played. A game whose rules cannot be drawn (Nim) has none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.screens.question import ConfirmScene

if TYPE_CHECKING:
    from games.core.screens.versus import Versus


class DrawOffer:
    """The draw offers of one game's Versus policy (its sides, players and ai)."""

    def __init__(self, versus: Versus) -> None:
        self.versus = versus
        self.pending: float | None = None      # seconds until the computer answers the offer
        self.declined_at: int | None = None    # the position where an offer was declined

    def possible(self) -> bool:
        """Whether the game can be drawn by agreement now (its button is dimmed when not)."""
        versus = self.versus
        return versus.draw_move is not None and not versus.over and not versus.demo

    def ask(self) -> None:
        """D, the toolbar or Options: an offer that would end the game is asked once."""
        versus, app = self.versus, self.versus.frame.app
        if not self.possible() or self.refused():
            return
        versus.board.drop_held()
        app.push(ConfirmScene(
            app, "Offer a draw?", "Offer a draw (Y)", "Play on (N)", self.offer,
            "If it is accepted, the game ends in a draw." if versus.against_computer else
            f"{versus.side_name(1 - versus.to_move)} is asked to accept or play on."))

    def refused(self) -> bool:
        """Say why no offer can be made now; True if so."""
        versus, frame = self.versus, self.versus.frame
        if versus.demo:
            frame.say("The computers play on; a draw is for players to offer.")
        elif not versus.human_to_move():
            frame.say("Offer a draw on your own turn.")
        elif self.pending is not None:
            return True
        elif self.declined_at == frame.session.position:
            frame.say("Your offer was declined: play a move before offering again.")
            frame.sound("wrong")
        else:
            return False
        return True

    def offer(self) -> None:
        """The offer is made: the computer considers it, or the other player is asked."""
        versus, frame = self.versus, self.versus.frame
        if not self.possible() or self.refused():
            return
        versus.board.drop_held()
        if versus.against_computer:
            self.pending = versus.pace[0]
            frame.say("You offer a draw...")
            frame.sound("select")
            return
        other = 1 - versus.to_move
        frame.app.push(ConfirmScene(
            frame.app, f"{versus.side_name(versus.to_move)} offers a draw", "Accept (Y)",
            "Play on (N)", lambda: self.answer(True, other),
            f"{versus.side_name(other)}, do you accept?", lambda: self.answer(False, other)))

    def consider(self, dt: float) -> None:
        """The computer's pause over an offer, then its answer from its exact value."""
        if self.pending is None:
            return
        self.pending -= dt
        if self.pending <= 0:
            self.pending = None
            versus = self.versus
            computer = versus.players.index("computer")
            accepts = versus.declared.accepts_draw
            self.answer(accepts is not None and accepts(versus.state, computer), computer)

    def answer(self, accepted: bool, by: int) -> None:
        versus, frame = self.versus, self.versus.frame
        name = versus.role(by) if versus.against_computer else versus.side_name(by)
        if accepted:
            frame.say(f"{name} accepts the draw.")
            frame.play(versus.draw_move, by_computer=True)
        else:
            self.declined_at = frame.session.position
            frame.say(f"{name} declines the draw: play on.")
            frame.sound("wrong")

    def cancel(self) -> None:
        """Undo, redo or a restart: an offer under consideration lapses."""
        self.pending = None

    def agreed_words(self) -> str:
        """The result's reason for an agreed draw, the same in every game: who offered it
        (the side to move when it was agreed) and who accepted."""
        versus = self.versus
        offered = versus.to_move
        if versus.against_computer:
            return ("You offered a draw and the computer accepted." if
                    versus.players[offered] == "human" else
                    "The computer offered a draw and you accepted.")
        return (f"{versus.side_name(offered)} offered a draw and "
                f"{versus.side_name(1 - offered)} accepted.")
