"""A friend over the network as the other side of a two-player game (docs/NETPLAY.md, "The
seat: what a frame holds"): NetworkVersus is the frame's Versus policy with a network seat
(games/core/net's Host or Guest) in the computer's place. The games' boards do not change for
it: the friend's moves arrive as the computer's do, played through the frame's one gate and
animated; the player's own moves leave through the seat once the frame has played them.

Both copies keep the whole game and the host's is the record: each step the frame's Session
is brought to the match's moves (a move heard is played; an agreed undo or a repair from the
host's record takes the board back first), so the two screens always show the same
position. Undo, a draw and a rematch are offers the friend answers with the same question
dialog as a draw offer; resigning is asked once; a lost connection pauses the game under
WaitingScene ("Waiting for the other player...") until the friend is back, or, after a few
minutes, the player leaves (the game saved, unfinished: never a loss). Leaving is asked
first. Finished games go into the history as games against a friend over the network (the
friend's name with them), never into the records against the computer.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit.actions import Act, Action
from games.core.kit.session import parse_game_id
from games.core.loop.app import App, Scene
from games.core.net.peer import Failed
from games.core.net.seat import (
    Answered,
    Ended,
    Event,
    Lapsed,
    Link,
    LinkChanged,
    MatchError,
    MatchView,
    Offered,
    Rejected,
)
from games.core.screens import ui
from games.core.screens.offers import DrawOffer
from games.core.screens.question import ConfirmScene
from games.core.screens.versus import HUMAN, Versus
from games.core.screens.widgets import Do, Row

if TYPE_CHECKING:
    from games.core.net.peer import Peer
    from games.core.screens.frame import Frame

NETWORK = "network"          # the player's kind, and the history's opponent
# The questions the friend's offers ask: (title, yes, no, detail); {friend} is their name.
QUESTIONS = {
    "draw": ("{friend} offers a draw", "Accept (Y)", "Play on (N)",
             "If you accept, the game ends in a draw."),
    "undo": ("{friend} asks to take back their last move", "Allow (Y)", "Refuse (N)",
             "The board goes back to before their move."),
    "rematch": ("{friend} offers a rematch", "Play again (Y)", "No, thanks (N)",
                "The same game again, with the sides swapped."),
}
ASKED = {"draw": "You offer {friend} a draw...", "undo": "You ask {friend} to take back "
         "your last move...", "rematch": "You offer {friend} a rematch..."}
ANSWERS = {"draw": "the draw", "undo": "taking back your move", "rematch": "the rematch"}


def network_play(seat: Peer) -> Callable[[Frame], Versus]:
    """The frame's Versus for a game with a friend over this seat (Frame's `versus`)."""
    return lambda frame: NetworkVersus(frame, seat)


class NetworkDrawOffer(DrawOffer):
    """Draw offers go to the friend, who answers on their own screen."""

    def offer(self) -> None:
        versus = self.versus
        if isinstance(versus, NetworkVersus) and self.possible() and not self.refused():
            versus.ask_for("draw")

    def consider(self, dt: float) -> None:
        """Nobody here considers it: the friend's answer arrives as an event."""

    def agreed_words(self) -> str:
        versus = self.versus
        friend = versus.friend if isinstance(versus, NetworkVersus) else "your friend"
        return f"You and {friend} agreed to a draw."


class NetworkVersus(Versus):
    """The two sides: the player here, and the friend at the other end of `seat`."""

    def __init__(self, frame: Frame, seat: Peer) -> None:
        self.seat = seat
        super().__init__(frame)
        view = seat.view()
        if view is None:
            raise ValueError("a network game needs a connected seat")
        self.view: MatchView = view
        self.players = (HUMAN, NETWORK) if view.side == 0 else (NETWORK, HUMAN)
        self.warm_due = False                   # no computer plays: its table is not read
        self.offers = NetworkDrawOffer(self)
        self.question: ConfirmScene | None = None   # the friend's offer, asked here
        self.paused: WaitingScene | None = None
        self.arriving = False                   # the friend's move is being played here
        self.stale = True                       # this side acted: the match to be read again
        self.here: tuple[object, int, int] = (None, -1, -1)   # the frame's game, last read
        self.left = False                       # this player left the match

    # --- who is who ------------------------------------------------------------------------
    @property
    def friend(self) -> str:
        return self.view.names[1] or "Your friend"

    @property
    def against_computer(self) -> bool:
        """One player at this screen, the other elsewhere: the boards word it "Your move" and
        put the player's own pieces nearest (as against the computer)."""
        return True

    def role(self, side: int) -> str:
        return "You" if self.players[side] == HUMAN else self.friend

    def who(self, side: int) -> str:
        return self.role(side)

    def status_line(self) -> str | None:
        """While the friend is to move, or the link is down, the policy says so; else the
        board's own prompt."""
        if self.over or self.looking:
            return super().status_line()
        if self.view.link != Link.CONNECTED:
            return "Waiting for the other player..."
        if self.view.offered is not None:
            return f"Waiting for {self.friend}'s answer..."
        if self.players[self.to_move] == NETWORK:
            return f"{self.friend}'s move ({self.side_name(self.to_move)})..."
        return super().status_line()

    # --- the gate: a move must wait for the friend ----------------------------------------
    def waiting(self) -> bool:
        frame, view = self.frame, self.view
        if view.link != Link.CONNECTED:
            frame.say("Waiting for the other player...")
        elif self.players[self.to_move] == NETWORK:
            frame.say(f"Wait for {self.friend}'s move.")
        elif view.offered is not None:
            frame.say(f"Waiting for {self.friend}'s answer to your offer.")
        else:
            return False
        return True

    def moved(self) -> None:
        """A move was played here: the player's goes to the friend (the friend's came from
        them). Should the match refuse it now, the next step takes it back."""
        super().moved()
        if self.arriving:
            return
        text = self.frame.session.entries[self.frame.session.position][1]
        self.stale = True
        try:
            self.seat.play(str(text))
        except MatchError as error:
            self.frame.say(str(error))

    hints = False    # a game against a friend is the two players' own: its Hint is dimmed

    def hint(self) -> None:
        self.frame.say("No hints in a game against a friend.")

    def demo_move(self) -> Any:
        return None if self.players[self.to_move] == NETWORK else super().demo_move()

    # --- each step: the seat's news, then the board brought to the match ----------------
    def tick(self, dt: float) -> None:
        """The friend's news; nothing of the computer's turn (no computer, hint or pick)."""
        self.hear()

    def hear(self) -> None:
        """The seat's events (questions, answers, the link), then the frame's game made the
        match's (WaitingScene calls this too, while it covers the frame)."""
        if self.left:
            return
        events = self.seat.events() if self.seat.has_news() else []
        for event in events:
            self.heard(event)
        if not events and not self.stale and self.here == self.position_here():
            return                  # nothing new at either end: a frame's step costs no more
        self.stale = False
        view = self.seat.view()
        if view is None:
            return
        self.view = view
        self.follow(view)
        self.here = self.position_here()

    def position_here(self) -> tuple[object, int, int]:
        session = self.frame.session
        return session, session.position, len(session.entries)

    def heard(self, event: Event | Failed) -> None:
        frame, friend = self.frame, self.friend
        if isinstance(event, Offered):
            title, yes, no, detail = QUESTIONS[event.kind]
            self.close_question()
            self.question = ConfirmScene(frame.app, title.format(friend=friend), yes, no,
                                         lambda: self.answer(True), detail,
                                         lambda: self.answer(False))
            frame.app.push(self.question)
            frame.sound("select")
        elif isinstance(event, Answered):
            frame.say(f"{friend} {'accepts' if event.accepted else 'declines'} "
                      f"{ANSWERS[event.kind]}.")
            frame.sound("select" if event.accepted else "wrong")
        elif isinstance(event, Lapsed) and not event.mine:
            self.close_question()
        elif isinstance(event, Rejected):
            frame.say(f"{friend}'s Parlour did not take your {event.what}: {event.words}")
        elif isinstance(event, Ended) and event.how == "resigned":
            self.resigned_ending(event)
        elif isinstance(event, LinkChanged):
            self.link_changed(event)
        elif isinstance(event, Failed):
            frame.say(event.words)

    def follow(self, view: MatchView) -> None:
        """The frame's game made the match's: a rematch begins again; moves heard are
        played; a game that went another way (an agreed undo, a repair) is taken back to
        where the two agree, then played on."""
        frame = self.frame
        if view.number != self.number_shown or view.side != self.players.index(HUMAN) or \
                view.game_id != frame.session.game_id:
            self.begin_again(view)
        mine = [text or "" for _, text in frame.session.entries[1:frame.session.position + 1]]
        theirs = list(view.moves)
        if mine == theirs:
            return
        same = 0
        while same < min(len(mine), len(theirs)) and mine[same] == theirs[same]:
            same += 1
        if same < len(mine):
            self.take_back_to(same)
        self.arriving = True
        try:
            for text in theirs[same:]:
                if frame.play(frame.session.rules.decode_move(text), by_computer=True) is None:
                    break
        finally:
            self.arriving = False

    def take_back_to(self, ply: int) -> None:
        """Back to move `ply` (an undo both agreed, or the host's record): the moves after
        it are gone, not kept for redo."""
        frame = self.frame
        self.close_question()
        frame.reported = False
        while frame.session.position > ply and frame.step_back() is not None:
            pass
        del frame.session.entries[frame.session.position + 1:]
        del frame.session.times[frame.session.position + 1:]
        self.resigned = None

    @property
    def number_shown(self) -> int:
        return int(self.frame.play_options.get("number", 1))

    def begin_again(self, view: MatchView) -> None:
        """The match's game from its start: a rematch (the same deal, the sides swapped; its
        result screen goes), or the deal the match plays where another was begun here (Nim's
        heap editor: both sides play one deal)."""
        frame = self.frame
        rematch = view.number != self.number_shown
        if rematch:
            for scene in list(frame.app.stack[frame.app.stack.index(frame) + 1:]):
                if scene is not self.paused:
                    frame.app.pop(scene)
                    break
            self.question = None
        frame.play_options.update(number=view.number, side=view.side)
        self.players = (HUMAN, NETWORK) if view.side == 0 else (NETWORK, HUMAN)
        self.resigned = None
        _, params, desc, _ = parse_game_id(view.game_id)
        frame.begin(desc or frame.session.desc, params)
        frame.started = time.time()
        frame.say(f"A new game: you play {self.side_name(view.side)}." if rematch else
                  f"You and {self.friend} play the game the host chose.")

    # --- offers, answers, resigning, leaving -------------------------------------------
    def ask_for(self, kind: str) -> None:
        self.stale = True
        try:
            self.seat.offer(kind)
        except MatchError as error:
            self.frame.refuse(str(error))
            return
        self.frame.board.drop_held()
        self.frame.say(ASKED[kind].format(friend=self.friend))
        self.frame.sound("select")

    def answer(self, accept: bool) -> None:
        self.question, self.stale = None, True
        try:
            self.seat.answer(accept)
        except MatchError as error:
            self.frame.say(str(error))

    def close_question(self) -> None:
        question, self.question = self.question, None
        if question is not None and question in self.frame.app.stack:
            self.frame.app.pop(question)

    def can_undo(self) -> bool:
        return not self.over and self.frame.session.can_undo()

    def undo(self) -> None:
        """Undo only by agreement: the friend is asked."""
        if self.frame.session.can_undo() and not self.over:
            self.ask_for("undo")

    def redo(self) -> None:
        self.frame.say("Moves taken back by agreement are gone.")

    def rematch(self) -> None:
        self.ask_for("rematch")

    def ask_resign(self) -> None:
        if self.over:
            return
        self.frame.app.push(ConfirmScene(self.frame.app, "Resign this game?", "Resign (Y)",
                                         "Play on (N)", self.resign,
                                         f"{self.friend} wins the game."))

    def resign(self) -> None:
        self.stale = True
        try:
            self.seat.resign()
        except MatchError as error:
            self.frame.refuse(str(error))

    def resigned_ending(self, event: Ended) -> None:
        """A resignation ends the game without a move: the frame's ending, entered here."""
        frame = self.frame
        self.resigned = None if event.winner is None else 1 - event.winner
        self.close_question()
        if frame.reported:
            return
        frame.reported = True
        if frame.mode.records:
            frame.ending.enter()
            frame.result_wait = frame.board.result_pause

    def asks_to_leave(self, then: Callable[[], None]) -> bool:
        """Leaving a game in play is asked first; the friend is told."""
        def leave() -> None:
            self.leave()
            then()
        if self.over or self.view.link == Link.CLOSED:
            self.leave()
            return False
        self.frame.app.push(ConfirmScene(
            self.frame.app, f"Leave the game with {self.friend}?", "Leave (Y)", "Stay (N)",
            leave, "The game is saved unfinished (not a loss); your friend is told."))
        return True

    def leave(self) -> None:
        """This player leaves the match: the friend is told, the connection closes."""
        if not self.left:
            self.left = True
            self.seat.close()

    def close(self) -> None:
        self.leave()

    def link_changed(self, event: LinkChanged) -> None:
        frame = self.frame
        if event.link == Link.LOST and self.paused is None:
            self.close_question()
            self.paused = WaitingScene(frame.app, self)
            frame.app.push(self.paused)
        elif event.link == Link.CONNECTED and self.paused is not None:
            frame.app.pop(self.paused)
            self.paused = None
            frame.say(f"{self.friend} is back: play on.")
            frame.sound("select")
        elif event.link == Link.CLOSED:
            self.close_question()
            if not self.over:
                frame.say(f"{self.friend} left the game: it is saved, unfinished.")

    # --- the options and the result ---------------------------------------------------------
    def option_rows(self) -> list[Row]:
        rows = [row for row in super().option_rows() if row.name not in ("new", "offer")]
        offer = self.offers.possible()
        return rows + [Do("resign", "Resign", self.ask_resign, not self.over, half=offer),
                       *([Do("offer", "Offer a draw", self.offers.ask, half=True)]
                         if offer else [])]

    def result_facts(self) -> list[tuple[str, str]]:
        return [("Moves", str(self.moves_played())), ("Against", self.friend)]

    def record_result(self) -> int | None:
        """Into the history as a game against a friend over the network, the friend's name
        with it: the player's result, never among the records against the computer."""
        return self.frame.ending.record(self.human_result(), opponent=NETWORK,
                                        detail=self.view.names[1])

    def ending(self) -> str:
        if self.resigned is not None:
            return "You resigned." if self.players[self.resigned] == HUMAN else \
                f"{self.friend} resigned."
        return super().ending()

    def winner(self) -> int | None:
        if self.resigned is not None:
            return 1 - self.resigned
        return super().winner()


class WaitingScene(Scene):
    """The connection was lost: the game pauses under "Waiting for the other player..." on
    both sides (the guest tries again by itself; the host listens). After a few minutes
    Leave is offered: the game is saved, unfinished."""
    opaque = False

    def __init__(self, app: App, versus: NetworkVersus) -> None:
        super().__init__(app)
        self.versus = versus
        width, height = app.size
        self.box = pygame.Rect(0, 0, 1100, 460)
        self.box.center = (width // 2, height // 2)
        self.leave_button = ui.Button((self.box.left + 60, self.box.bottom - 130,
                                       self.box.width - 120, 90), "Leave (the game is saved)",
                                      self.leave, enabled=lambda: self.versus.view.may_leave)
        self.menu = ui.Menu([self.leave_button], 0)

    def leave(self) -> None:
        from games.core.screens.menus import back_to_launcher
        frame = self.versus.frame
        self.versus.leave()
        frame.save()
        back_to_launcher(self.app, frame)

    def handle(self, action: Action) -> None:
        """Esc, B or the menu key: the game's menu (Save and leave, asked first); the rest
        is Leave's, once offered."""
        if action.kind in (Act.CANCEL, Act.MENU):
            self.versus.frame.open_menu("Waiting for the other player...")
        elif action.kind != Act.COMMAND:
            self.menu.handle(action)

    def update(self, dt: float) -> None:
        self.versus.hear()

    def next_change(self) -> float | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 200)), (0, 0))
        box, friend = self.box, self.versus.friend
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        inner = box.inflate(-80, 0)
        ui.fit_text(surface, "Waiting for the other player...",
                    (inner.left, box.top + 40, inner.width, 80), ui.HEADING, ui.TEXT, bold=True)
        words = (f"The connection to {friend} was lost. " +
                 ("You may leave now: the game is saved, unfinished (not a loss)."
                  if self.versus.view.may_leave else
                  "The game goes on when they are back (the same invitation works)."))
        ui.fit_text(surface, words, (inner.left, box.top + 130, inner.width, 170), ui.BODY,
                    ui.MUTED, max_lines=3)
        self.menu.draw(surface)
