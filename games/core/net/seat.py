"""What a frame holds to play the other side over the network (docs/NETPLAY.md, "The seat:
what a frame holds"): the Seat's actions, the events it is polled for each step, and the
match at a glance. games/core/net/match.py's Match is the pure Seat (given ticks);
games/core/net/link.py's Host and Guest are the same Seat over a socket. Pure."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Role(StrEnum):
    HOST = "host"
    GUEST = "guest"


class Link(StrEnum):
    WAITING = "waiting"        # a host before its first guest
    CONNECTED = "connected"
    LOST = "lost"              # the connection dropped: waiting for the other side again
    CLOSED = "closed"          # a side left: the match is over


class MatchError(Exception):
    """A local action the match cannot take now; the words say why, for the player."""


# --- events: what a frame polls ---------------------------------------------------------------
@dataclass(frozen=True)
class Moved:
    """The other side's move, checked and applied (its number: the ply after it)."""
    side: int
    move: str
    ply: int


@dataclass(frozen=True)
class Offered:
    kind: str                  # "draw", "undo" or "rematch": answer() or let a move lapse it


@dataclass(frozen=True)
class Answered:
    kind: str                  # the other side's answer to this side's offer
    accepted: bool


@dataclass(frozen=True)
class Lapsed:
    kind: str                  # an offer that can no longer be answered (a move, a loss)
    mine: bool


@dataclass(frozen=True)
class Undone:
    ply: int                   # both sides agreed: the game is back at this ply


@dataclass(frozen=True)
class Synced:
    ply: int                   # the game was replaced by the host's record (a repair)


@dataclass(frozen=True)
class Started:
    game_id: str               # a rematch: a new game, this side now playing `side`
    side: int
    number: int


@dataclass(frozen=True)
class Ended:
    winner: int | None         # the side that won, None for a draw
    how: str                   # "rules" (the rules ended it) or "resigned"


@dataclass(frozen=True)
class Rejected:
    what: str                  # the other side refused this side's message
    words: str


@dataclass(frozen=True)
class LinkChanged:
    link: Link
    may_leave: bool            # waited long enough: the player may leave (game unfinished)


Event = Moved | Offered | Answered | Lapsed | Undone | Synced | Started | Ended | Rejected | \
    LinkChanged


@dataclass(frozen=True)
class Offer:
    kind: str
    ply: int
    number: int
    to: int = 0                # an undo: the ply it goes back to


@dataclass(frozen=True)
class MatchView:
    """The match at a glance, for a frame to draw."""
    role: Role
    side: int
    names: tuple[str, str]     # this side's player, the other's ('' when not given)
    game_id: str
    number: int
    ply: int
    to_move: int
    link: Link
    may_leave: bool
    offered: str | None        # this side's offer waiting for an answer
    asked: str | None          # the other side's offer waiting for this side's answer
    over: bool
    winner: int | None
    moves: tuple[str, ...]     # the game's moves (the record, after a sync: replay them)


class Seat(Protocol):
    """What a frame holds to play the other side over the network (docs/NETPLAY.md)."""

    def events(self) -> list[Event]: ...

    def view(self) -> MatchView | None: ...     # None: a guest still joining

    def play(self, move: str) -> None: ...

    def offer(self, kind: str) -> None: ...

    def answer(self, accept: bool) -> None: ...

    def withdraw(self) -> None: ...

    def resign(self) -> None: ...

    def leave(self) -> None: ...
