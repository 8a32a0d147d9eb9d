"""One side's copy of the game in play (docs/NETPLAY.md, "The match"): its Session, every
move checked by the game's own pure rules, the side this copy plays, the game's number in the
match and who resigned; the record the host sends (a welcome's terms, a sync) and its replay,
checked move by move. Pure: the base of games/core/net/match.py's Match."""
from __future__ import annotations

from typing import Any

from games.core.kit import registry
from games.core.kit.rules_api import GameError, Outcome, RuleError
from games.core.kit.rules_parts import AGREED_DRAW
from games.core.kit.session import Session, parse_game_id
from games.core.net import protocol
from games.core.net.protocol import ProtocolError
from games.core.net.seat import Ended

DRAW = AGREED_DRAW.encode()
AnySession = Session[Any, Any, Any]     # a game known by its key only when the program runs


def replay(game_id: str, moves: list[str]) -> AnySession:
    """A two-player game from its ID and moves, every move checked by the rules;
    ProtocolError when it is no such game or a move does not follow."""
    try:
        key, params, desc, _ = parse_game_id(game_id)
    except GameError as error:
        raise ProtocolError(f"a game this Parlour cannot play ({error})") from None
    if desc is None or registry.lookup(key).players != 2:
        raise ProtocolError(f"{game_id[:40]!r} is not a two-player game this Parlour can play")
    session: AnySession = Session(key, params, desc)
    for number, text in enumerate(moves, 1):
        if text == DRAW and number != len(moves):
            raise ProtocolError("an agreed draw that is not the last move")
        try:
            session.apply(text)
        except GameError as error:
            raise ProtocolError(f"move {number} ({text}) does not follow: {error}") from None
    return session


def accepts_draw(session: AnySession) -> bool:
    try:
        return bool(session.rules.decode_move(DRAW) == AGREED_DRAW)
    except RuleError:
        return False


class GameCopy:
    """The game as this side holds it."""

    def __init__(self, session: AnySession, side: int, number: int = 1):
        self.session, self.side, self.number = session, side, number
        self.resigned: int | None = None      # the side that resigned
        self.draws = accepts_draw(session)

    @property
    def ply(self) -> int:
        return self.session.position

    @property
    def to_move(self) -> int:
        side = self.session.rules.current_player(self.session.state)
        return side if side is not None else 0

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.session.status.over

    @property
    def winner(self) -> int | None:
        if self.resigned is not None:
            return 1 - self.resigned
        status = self.session.status
        return status.winner if status.outcome == Outcome.DECIDED else None

    @property
    def moves(self) -> list[str]:
        return [text or "" for _, text in self.session.entries[1:self.ply + 1]]

    def mover(self, ply: int) -> int:
        """The side that made move number `ply`."""
        side = self.session.rules.current_player(self.session.entries[ply - 1][0])
        return side if side is not None else 0

    def hash(self) -> str:
        return protocol.position_hash(self.session.state)

    def record(self) -> dict[str, Any]:
        """This copy as the host's record (a sync's fields; a welcome adds the host's name)."""
        return {"game": self.session.game_id, "side": self.side, "number": self.number,
                "moves": self.moves,
                "resigned": -1 if self.resigned is None else self.resigned, "hash": self.hash()}

    @staticmethod
    def adoptable(record: dict[str, Any]) -> AnySession:
        session = replay(record["game"], record["moves"])
        if protocol.position_hash(session.state) != record["hash"]:
            raise ProtocolError("the host's game and its hash disagree")
        return session

    def ending(self) -> Ended | None:
        if not self.over:
            return None
        return Ended(self.winner, "resigned" if self.resigned is not None else "rules")

    def undo_target(self, side: int) -> int | None:
        """The ply before `side`'s last move, or None when it has made none."""
        for ply in range(self.ply, 0, -1):
            if self.mover(ply) == side:
                return ply - 1
        return None

    def truncate(self, to: int) -> None:
        while self.ply > to:
            self.session.undo()
        del self.session.entries[self.ply + 1:]
        del self.session.times[self.ply + 1:]
