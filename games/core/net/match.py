"""The match between two copies of Parlour (docs/NETPLAY.md, "The match"): one game at a time
(a rematch replaces it, the sides swapped), whose turn it is, the offers waiting for an
answer, resignations, the connection's state, and every move checked with the game's own pure
rules through a Session. Pure: no sockets and no clock: time comes in through tick() and
receive(), messages go out through `outbox`, and what happened comes out as events.

Both copies keep the whole game. The host's copy is the record: it alone commits what both
agreed (a draw, an undo, a rematch), answers a move it cannot follow with a reject and its
own record (a sync), and its welcome replaces the guest's game on a reconnect. So whatever
crosses on the wire (a resignation and a move, an answer and a withdrawal), both copies end
with the host's record.

A frame (the two-player scene, docs/NETPLAY.md "The seat") holds a Seat: it calls the
actions (play, offer, answer, withdraw, resign, leave) and polls events() each step. Match
is the pure Seat; games/core/net/link.py's host and guest are the same Seat over a socket.
"""
from __future__ import annotations

from typing import Any

from games.core.kit.results import sentence
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session
from games.core.net.protocol import LIMITS, Limits, ProtocolError
from games.core.net.record import DRAW, AnySession, GameCopy
from games.core.net.seat import (
    Answered,
    Ended,
    Event,
    Lapsed,
    Link,
    LinkChanged,
    MatchError,
    MatchView,
    Moved,
    Offer,
    Offered,
    Rejected,
    Role,
    Started,
    Synced,
    Undone,
)


class Match(GameCopy):
    """One side's copy of the match (the Seat a frame holds, given ticks)."""

    def __init__(self, role: Role, session: AnySession, side: int, now: float, name: str = "",
                 peer_name: str = "", number: int = 1, limits: Limits = LIMITS):
        super().__init__(session, side, number)
        self.role, self.limits = role, limits
        self.names = (name, peer_name)
        self.mine: Offer | None = None         # this side's offer, waiting
        self.theirs: Offer | None = None       # the other side's, waiting for this side
        self.answered = False                  # a guest accepted theirs: the host commits
        self.link = Link.WAITING if role == Role.HOST else Link.CONNECTED
        self.may_leave = False
        self.now = self.heard = self.said = self.began = now
        self.lost_at = now
        self.outbox: list[dict[str, Any]] = []
        self._events: list[Event] = []
        self.last_sync = -1e18                 # the host's last sync, and the next one due
        self.sync_due: float | None = None
        self.resync_asked: float | None = None   # the guest's request, until a sync comes
        self.offered_since_move = False

    @classmethod
    def joined(cls, welcome: dict[str, Any], now: float, name: str = "",
               limits: Limits = LIMITS) -> Match:
        """The guest's match, from the host's welcome (checked: ProtocolError)."""
        session = cls.adoptable(welcome)
        match = cls(Role.GUEST, session, 1 - welcome["side"], now, name, welcome["name"],
                    welcome["number"], limits)
        match.resigned = None if welcome["resigned"] < 0 else welcome["resigned"]
        return match

    def view(self) -> MatchView:
        return MatchView(self.role, self.side, self.names, self.session.game_id, self.number,
                         self.ply, self.to_move, self.link, self.may_leave,
                         self.mine.kind if self.mine else None,
                         self.theirs.kind if self.theirs else None, self.over, self.winner,
                         tuple(self.moves))

    def events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def terms(self) -> dict[str, Any]:
        """The host's record as a welcome's terms."""
        return {**self.record(), "name": self.names[0]}

    # --- time and the connection ------------------------------------------------------------
    def tick(self, now: float) -> bool:
        """Time passes: a ping when this side has been quiet, a sync that was due, Leave
        offered after a long wait. False when the other side has been silent too long (the
        transport then drops the connection and calls lost())."""
        self._clock(now)
        if self.link == Link.CONNECTED:
            if now - self.heard >= self.limits.silence:
                return False
            if self.sync_due is not None and now >= self.sync_due:
                self._send_sync()
            if now - self.said >= self.limits.ping:
                self._send({"t": "ping"})
        elif self.link == Link.LOST and not self.may_leave and \
                now - self.lost_at >= self.limits.reconnect:
            self.may_leave = True
            self._events.append(LinkChanged(self.link, True))
        return True

    def next_due(self) -> float:
        """When tick() next has something to do."""
        if self.link == Link.CONNECTED:
            due = min(self.heard + self.limits.silence, self.said + self.limits.ping)
            return due if self.sync_due is None else min(due, self.sync_due)
        if self.link == Link.LOST and not self.may_leave:
            return self.lost_at + self.limits.reconnect
        return self.now + 3600.0

    def connected(self, now: float, peer_name: str | None = None) -> None:
        """A guest's handshake is done (the first, or a reconnection)."""
        if self.link == Link.WAITING:
            self.began = now          # the game's time runs from the first guest's arrival
        self._clock(now)
        self.heard = self.said = now
        if peer_name is not None:
            self.names = (self.names[0], peer_name)
        self.link, self.may_leave = Link.CONNECTED, False
        self._events.append(LinkChanged(self.link, False))

    def lost(self, now: float) -> None:
        """The connection dropped (or was dropped): what was not sent is dropped with it, the
        offers lapse, and both sides wait for a reconnection."""
        self._clock(now)
        if self.link != Link.CONNECTED:
            return
        self.outbox.clear()
        self.link, self.lost_at, self.may_leave = Link.LOST, now, False
        self._lapse_all()
        self.sync_due = self.resync_asked = None
        self._events.append(LinkChanged(self.link, False))

    def leave(self) -> None:
        """This side leaves the match: the other side is told; an unfinished game stays
        unfinished (never a loss)."""
        if self.link == Link.CLOSED:
            return
        if self.link == Link.CONNECTED:
            self._send({"t": "bye"})
        self._lapse_all()
        self.link = Link.CLOSED
        self._events.append(LinkChanged(self.link, self.may_leave))

    # --- this side's actions ----------------------------------------------------------------
    def play(self, move: str) -> None:
        """This side's move: checked by the rules, applied, sent. MatchError says why not."""
        self._ready()
        if self.over:
            raise MatchError("The game is over.")
        if self.to_move != self.side:
            raise MatchError("It is the other player's turn.")
        if self.mine is not None:
            raise MatchError("Wait for the answer to your offer, or take it back.")
        if move == DRAW:
            raise MatchError("A draw is agreed by an offer, not played.")
        try:
            self.session.apply(move)
        except GameError as error:
            raise MatchError(sentence(str(error))) from None
        self.offered_since_move = False
        self._send({"t": "move", "ply": self.ply, "move": move, "hash": self.hash()})
        self._position_changed()
        self._ended_check()

    def offer(self, kind: str) -> None:
        """Offer a draw, to take back this side's last move, or (once over) a rematch."""
        self._ready()
        if self.mine is not None:
            raise MatchError("Your offer is waiting for an answer.")
        to = 0
        if kind == "rematch":
            if not self.over:
                raise MatchError("A rematch can be offered once the game is over.")
        elif self.over:
            raise MatchError("The game is over.")
        elif kind == "draw":
            if not self.draws:
                raise MatchError("This game cannot be drawn.")
        elif kind == "undo":
            target = self.undo_target(self.side)
            if target is None:
                raise MatchError("You have no move to take back.")
            to = target
        else:
            raise MatchError(f"There is no offer called {kind!r}.")
        offer = Offer(kind, self.ply, self.number, to)
        if self.theirs is not None and self._same(self.theirs, offer) and not self.answered:
            self.answer(True)      # both offered the same: that is agreement
            return
        self.mine, self.offered_since_move = offer, True
        self._send({"t": "offer", "kind": kind, "ply": offer.ply, "number": offer.number,
                    "to": to})

    def answer(self, accept: bool) -> None:
        """Answer the other side's offer."""
        self._ready()
        theirs = self.theirs
        if theirs is None:
            raise MatchError("There is no offer to answer.")
        if self.answered:
            raise MatchError("Your answer is on its way.")
        if self.role == Role.HOST:
            self.theirs = None
            if accept:
                self._commit(theirs, self.mine if self._same_kind(self.mine, theirs) else None)
            else:
                self._send(self._answer(theirs, False))
            return
        self._send(self._answer(theirs, accept))
        if accept:
            self.answered = True   # the host commits it: an agreed or start message follows
        else:
            self.theirs = None

    def withdraw(self) -> None:
        """Take back this side's offer. (Should the other side's acceptance cross it, the
        host's order decides.)"""
        self._ready()
        if self.mine is None:
            raise MatchError("You have no offer to take back.")
        offer, self.mine = self.mine, None
        self._send({"t": "withdraw", "kind": offer.kind, "ply": offer.ply,
                    "number": offer.number})

    def resign(self) -> None:
        self._ready()
        if self.over:
            raise MatchError("The game is over.")
        self._send({"t": "resign", "ply": self.ply, "number": self.number})
        self.resigned = self.side
        self._lapse_all()
        self._events.append(Ended(self.winner, "resigned"))

    # --- the other side's messages ------------------------------------------------------------
    def receive(self, message: dict[str, Any], now: float) -> None:
        """A checked message from the other side (protocol.decode). ProtocolError when it has
        no place in a match (the transport then drops the connection)."""
        self._clock(now)
        self.heard = now
        handler = self.HANDLERS[self.role].get(message["t"])
        if handler is None:
            raise ProtocolError(f"a {message['t']} message has no place here")
        handler(self, message)

    def _on_move(self, message: dict[str, Any]) -> None:
        ply, move = message["ply"], message["move"]
        problem = ""
        if self.over:
            problem = "The game is over."
        elif ply != self.ply + 1:
            problem = f"Move {ply} does not follow move {self.ply}."
        elif self.to_move == self.side:
            problem = "It is not your turn."
        elif move == DRAW:
            problem = "A draw is agreed by an offer, not played."
        else:
            try:
                self.session.apply(move)
            except GameError as error:
                problem = sentence(str(error))
        if problem:
            self._repair("move", problem)
            return
        self._events.append(Moved(1 - self.side, move, ply))
        self._position_changed()
        if message["hash"] != self.hash():
            self._repair("move", "The positions differ.")
            return
        self._ended_check()

    def _on_offer(self, message: dict[str, Any]) -> None:
        offer = Offer(message["kind"], message["ply"], message["number"], message["to"])
        if offer.number != self.number or (offer.kind != "rematch" and offer.ply != self.ply):
            return      # it crossed a move or a new game: it lapsed on its way
        problem = ""
        if offer.kind == "rematch":
            problem = "" if self.over else "The game is not over."
        elif self.over:
            problem = "The game is over."
        elif offer.kind == "draw" and not self.draws:
            problem = "This game cannot be drawn."
        elif offer.kind == "undo" and offer.to != self.undo_target(1 - self.side):
            problem = "That is not the move before your last move."
        if problem:
            self._repair("offer", problem)
            return
        if self._same_kind(self.mine, offer):        # both offered it: agreement
            mine, self.mine = self.mine, None
            if self.role == Role.HOST:
                self._events.append(Answered(offer.kind, True))
                self._commit(offer, mine)
            else:
                self.theirs, self.answered, self.mine = offer, True, mine
            return
        self.theirs, self.answered = offer, False
        self._events.append(Offered(offer.kind))

    def _on_answer(self, message: dict[str, Any]) -> None:
        mine = self.mine
        if mine is None or not self._same(mine, Offer(message["kind"], message["ply"],
                                                      message["number"])):
            return      # withdrawn, or lapsed, before the answer came
        if message["accept"] and self.role == Role.HOST:
            self.mine = None
            self._events.append(Answered(mine.kind, True))
            self._commit(mine, None)
        elif not message["accept"]:
            self.mine = None
            self._events.append(Answered(mine.kind, False))

    def _on_withdraw(self, message: dict[str, Any]) -> None:
        theirs = self.theirs
        if theirs is not None and self._same(theirs, Offer(message["kind"], message["ply"],
                                                           message["number"])):
            self.theirs, self.answered = None, False
            self._events.append(Lapsed(theirs.kind, mine=False))

    def _on_agreed(self, message: dict[str, Any]) -> None:
        kind = message["kind"]
        if message["number"] != self.number or message["ply"] != self.ply or self.over or \
                kind == "rematch":
            self._ask_resync()
            return
        if kind == "draw":
            try:
                self.session.apply(DRAW)
            except GameError:
                self._ask_resync()
                return
        else:
            if not 0 <= message["to"] < self.ply:
                self._ask_resync()
                return
            self.truncate(message["to"])
        self._agreed(kind)
        if message["hash"] != self.hash():
            self._ask_resync()
            return
        if kind == "undo":
            self._events.append(Undone(self.ply))
        self._ended_check()

    def _on_start(self, message: dict[str, Any]) -> None:
        if message["number"] <= self.number:
            self._ask_resync()
            return
        session = self.adoptable({**message, "moves": []})
        if session.key != self.session.key:
            raise ProtocolError("a rematch of another game")
        self._agreed("rematch")
        self._new_game(session, 1 - message["side"], message["number"])

    def _on_resign(self, message: dict[str, Any]) -> None:
        if message["number"] != self.number:
            return
        if self.role == Role.HOST and self.over:
            self._sync_soon()           # the game ended first here: this record stands
            return
        if self.resigned is None:
            self.resigned = 1 - self.side
            self._lapse_all()
            self._events.append(Ended(self.winner, "resigned"))
        if message["ply"] != self.ply:  # a move crossed it: the guest takes the host's record
            self._repair_quietly()

    def _repair_quietly(self) -> None:
        if self.role == Role.HOST:
            self._sync_soon()
        else:
            self._ask_resync()

    def _on_sync(self, message: dict[str, Any]) -> None:
        session = self.adoptable(message)
        self.resync_asked = None
        self._adopt(session, message)

    def _on_resync(self, message: dict[str, Any]) -> None:
        self._sync_soon()

    def _on_reject(self, message: dict[str, Any]) -> None:
        self._events.append(Rejected(message["what"], message["words"]))

    def _on_ping(self, message: dict[str, Any]) -> None:
        self._send({"t": "pong"})

    def _on_pong(self, message: dict[str, Any]) -> None:
        pass

    def _on_bye(self, message: dict[str, Any]) -> None:
        self._lapse_all()
        self.outbox.clear()
        self.link = Link.CLOSED
        self._events.append(LinkChanged(self.link, self.may_leave))

    def _on_error(self, message: dict[str, Any]) -> None:
        raise ProtocolError(f"the other side gave up on this connection: {message['words']}")

    COMMON = {"move": _on_move, "offer": _on_offer, "answer": _on_answer,
              "withdraw": _on_withdraw, "resign": _on_resign, "reject": _on_reject,
              "ping": _on_ping, "pong": _on_pong, "bye": _on_bye, "error": _on_error}
    HANDLERS = {Role.HOST: {**COMMON, "resync": _on_resync},
                Role.GUEST: {**COMMON, "agreed": _on_agreed, "start": _on_start,
                             "sync": _on_sync}}

    # --- a reconnection ---------------------------------------------------------------------
    def rejoined(self, welcome: dict[str, Any], now: float) -> None:
        """The guest reconnected: the host's record replaces this copy. A move of this side
        that the host never heard (sent as the connection dropped) is sent again."""
        session = self.adoptable(welcome)
        ours, theirs = self.moves, welcome["moves"]
        # (Not after an offer of this side: an undo the host agreed may be what is missing.)
        unheard = ours[len(theirs):] if ours[:len(theirs)] == theirs and \
            welcome["number"] == self.number and welcome["resigned"] < 0 and \
            not self.offered_since_move else []
        self.connected(now, welcome["name"])
        self._adopt(session, welcome)
        for move in unheard:
            if self.over or self.to_move != self.side:
                break
            try:
                self.play(move)
            except MatchError:
                break

    # --- the inner workings ---------------------------------------------------------------
    def _clock(self, now: float) -> None:
        self.now = now
        self.session.elapsed = max(0.0, now - self.began)

    def _ready(self) -> None:
        if self.link == Link.CONNECTED:
            return
        raise MatchError("The other player has left." if self.link == Link.CLOSED else
                         "Waiting for the other player...")

    def _send(self, message: dict[str, Any]) -> None:
        if self.link == Link.CONNECTED:
            self.outbox.append(message)
            self.said = self.now

    @staticmethod
    def _same(a: Offer, b: Offer) -> bool:
        return (a.kind, a.number) == (b.kind, b.number) and (a.kind == "rematch" or a.ply == b.ply)

    def _same_kind(self, a: Offer | None, b: Offer) -> bool:
        return a is not None and self._same(a, b)

    def _answer(self, offer: Offer, accept: bool) -> dict[str, Any]:
        return {"t": "answer", "kind": offer.kind, "ply": offer.ply, "number": offer.number,
                "accept": accept}

    def _commit(self, offer: Offer, other: Offer | None) -> None:
        """The host carries out what both agreed, and tells the guest."""
        ply = self.ply
        if offer.kind == "rematch":
            self._agreed("rematch")
            session: AnySession = Session(self.session.key, self.session.params, self.session.desc)
            self._new_game(session, 1 - self.side, self.number + 1)
            self._send({"t": "start", "game": session.game_id, "side": self.side,
                        "number": self.number, "hash": self.hash()})
            return
        to = 0
        if offer.kind == "draw":
            self.session.apply(DRAW)
        else:
            to = min(offer.to, other.to) if other is not None else offer.to
            self.truncate(to)
        self._agreed(offer.kind)
        self._send({"t": "agreed", "kind": offer.kind, "ply": ply, "number": self.number,
                    "to": to, "hash": self.hash()})
        if offer.kind == "undo":
            self._events.append(Undone(self.ply))
        self._ended_check()

    def _agreed(self, kind: str) -> None:
        """An agreement was carried out: this side's offer of that kind was accepted; the
        others lapse if the position moved under them."""
        if self.mine is not None and self.mine.kind == kind:
            self.mine = None
            self._events.append(Answered(kind, True))
        if self.theirs is not None and self.theirs.kind == kind:
            self.theirs, self.answered = None, False
        self._position_changed()

    def _new_game(self, session: AnySession, side: int, number: int) -> None:
        self.session, self.side, self.number = session, side, number
        self.resigned, self.began = None, self.now
        self._lapse_all()
        self._events.append(Started(session.game_id, side, number))

    def _position_changed(self) -> None:
        """Offers made at another ply (or of another game) can no longer be answered."""
        for mine in (True, False):
            offer = self.mine if mine else self.theirs
            if offer is None:
                continue
            stale = offer.number != self.number or (
                not self.over if offer.kind == "rematch" else offer.ply != self.ply)
            if stale:
                if mine:
                    self.mine = None
                else:
                    self.theirs, self.answered = None, False
                self._events.append(Lapsed(offer.kind, mine))

    def _lapse_all(self) -> None:
        for offer, mine in ((self.mine, True), (self.theirs, False)):
            if offer is not None:
                self._events.append(Lapsed(offer.kind, mine))
        self.mine = self.theirs = None
        self.answered = False

    def _ended_check(self) -> None:
        if self.session.status.over and self.resigned is None:
            self._lapse_all()
            self._events.append(Ended(self.winner, "rules"))

    def _repair(self, what: str, words: str) -> None:
        """A message this copy cannot follow: the host says why and sends its record; the
        guest asks for the host's record."""
        if self.role == Role.HOST:
            self._send({"t": "reject", "what": what, "words": words})
        self._repair_quietly()

    def _sync_soon(self) -> None:
        if self.now - self.last_sync >= self.limits.resync:
            self._send_sync()
        elif self.sync_due is None:
            self.sync_due = self.last_sync + self.limits.resync

    def _send_sync(self) -> None:
        self.last_sync, self.sync_due = self.now, None
        self._send({"t": "sync", **self.record()})

    def _ask_resync(self) -> None:
        if self.resync_asked is None or self.now - self.resync_asked >= self.limits.resync:
            self.resync_asked = self.now
            self._send({"t": "resync"})

    def _adopt(self, session: AnySession, record: dict[str, Any]) -> None:
        before = self.ending()
        self.session, self.side, self.number = session, 1 - record["side"], record["number"]
        self.resigned = None if record["resigned"] < 0 else record["resigned"]
        self._lapse_all()
        self._events.append(Synced(self.ply))
        after = self.ending()
        if after is not None and after != before:
            self._events.append(after)
