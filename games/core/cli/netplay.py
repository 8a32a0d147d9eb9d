"""`host` and `join`: playing a friend over the network from the command line
(docs/NETPLAY.md). With --computer LEVEL the command plays its side with the computer and
needs no window; it prints JSON lines: the host first {"event": "listening", "port", "code"},
then both {"event": "move", "by": "host" | "guest", "move", "ply"} for every move and
{"event": "over", "outcome", "id"} at the end, and exit 0. The finished game is kept in the
history as a game against a friend over the network. A joiner that cannot join (a wrong
code, a refusal, a bad address) gets one line on stderr and exit 2; the host keeps waiting
for the right guest. Without --computer, the command hands commands.py the host's or the
join screen, to open in a window."""
from __future__ import annotations

import ipaddress
import json
import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.core.cli.usage import UsageError, outcome_json, params_for
from games.core.kit import checks, levels, registry
from games.core.net import discovery, protocol
from games.core.net.peer import Failed, Peer
from games.core.net.protocol import ProtocolError
from games.core.net.record import DRAW
from games.core.net.seat import Ended, Link, LinkChanged, MatchError, Offered

if TYPE_CHECKING:
    import argparse

    from games.core.kit.game import Analysis, Game
    from games.core.loop.app import App, Scene
    from games.core.net.record import AnySession

NETWORK = "network"          # the history's opponent for a friend over the network


def two_player_game(key: str) -> Game[Any, Any, Any]:
    try:
        game = registry.lookup(key)
    except KeyError as error:
        raise UsageError(error.args[0]) from None
    if game.players != 2:
        games = [other.key for other in registry.load_all().values() if other.players == 2]
        raise UsageError(f"{key} is a one-player game; play a friend in {', '.join(games)}")
    return game


def analysis(key: str) -> Analysis[Any, Any]:
    """The two-player game's computer player (its perfect play, at a level)."""
    versus = registry.lookup(key).parts().versus
    if versus is None:
        raise UsageError(f"{key} is not a two-player game")
    return versus.analysis


def checked_level(key: str, level: str | None) -> str | None:
    """The computer's level (the levels selfplay takes); a bad one is a RuleError, exit 2."""
    if level is not None:
        analysis(key).level_chance(level)
    return level


def checked_name(name: str | None) -> str:
    try:
        return str(protocol.NAME(name or "", "--name"))
    except checks.Invalid as error:
        raise UsageError(str(error)) from None


def checked_bind(bind: str) -> str:
    """Where the host listens: every interface (""), or one address of this machine."""
    if bind in ("", "localhost"):
        return "127.0.0.1" if bind else ""
    try:
        return str(ipaddress.ip_address(bind))
    except ValueError:
        raise UsageError(f"--bind takes an address of this machine, like 127.0.0.1 or ::1, "
                         f"not {bind[:60]!r}") from None


def cmd_host(args: argparse.Namespace) -> Callable[[App], Scene] | None:
    """Host a game; without --computer, the host screen to open instead."""
    from games.core.kit.session import Session
    from games.core.net.link import Host, host_code
    params = params_for(two_player_game(args.game).rules, args)
    level = checked_level(args.game, args.computer)
    name, bind = checked_name(args.name), checked_bind(args.bind)
    try:
        code = protocol.read_code(args.code) if args.code is not None else host_code()
    except ProtocolError as error:
        raise UsageError(str(error)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    session: AnySession = Session.new(args.game, params, seed)
    if level is None:
        return lambda app: host_screen(app, session, args.side, code, name, bind, args.port)
    port = protocol.DEFAULT_PORT if args.port is None else args.port
    try:
        host = Host(session, args.side, code, name, bind, port, any_port=args.port is None,
                    announce_port=discovery.PORT)
    except OSError as error:
        raise UsageError(f"cannot listen on {protocol.address_text(bind or 'every address', port)}"
                         f" ({error.strerror or error})") from None
    emit({"event": "listening", "port": host.port, "code": code})
    play(host, "host", level, random.Random(seed))
    return None


def cmd_join(args: argparse.Namespace) -> Callable[[App], Scene] | None:
    """Join a game; without --computer, the join screen (the invitation filled in) instead."""
    from games.core.net.link import Guest
    try:
        address, port = protocol.read_address(args.address)
        code = protocol.read_code(args.code)
    except ProtocolError as error:
        raise UsageError(str(error)) from None
    name = checked_name(args.name)
    if args.computer is None:
        return lambda app: join_screen(app, protocol.Invitation(address, port, code), name)
    levels.level_chance(args.computer)     # checked before joining (the game is not known)
    play(Guest(address, port, code, name), "guest", args.computer, random.Random())
    return None


def emit(obj: dict[str, Any]) -> None:
    print(json.dumps(obj), flush=True)


def play(seat: Peer, me: str, level: str, rng: random.Random) -> None:
    """Play this side with the computer until the game ends (or the other side leaves, or
    waiting for it has lasted long enough): every move printed, the game recorded."""
    started, printed = time.time(), [0]
    try:
        while True:
            for event in seat.events():
                if isinstance(event, Failed):
                    raise UsageError(event.words.rstrip("."))
                report(seat, me, printed)
                if isinstance(event, Offered):
                    seat.answer(False)          # one game; the computer plays it out
                elif isinstance(event, Ended):
                    finish(seat, started)
                    return
                elif isinstance(event, LinkChanged) and \
                        (event.link == Link.CLOSED or event.may_leave):
                    unfinished(seat)
                    return
            move = computer_move(seat, level, rng)
            if move is None:
                seat.wait(1.0)
                continue
            try:
                seat.play(move)
            except MatchError:                  # the connection dropped meanwhile
                continue
            report(seat, me, printed)
    finally:
        seat.close()
        seat.join(2.0)


def report(seat: Peer, me: str, printed: list[int]) -> None:
    """Print the moves of the record not printed yet, whoever made them and however they
    came (played here, heard, or in the host's record after a reconnection)."""
    with seat.lock:
        match = seat.match
        if match is None:
            return
        moves = match.moves
        new = [(ply, moves[ply - 1], match.mover(ply) == match.side)
               for ply in range(printed[0] + 1, len(moves) + 1)]
    other = "guest" if me == "host" else "host"
    for ply, move, mine in new:
        if move != DRAW:
            emit({"event": "move", "by": me if mine else other, "move": move, "ply": ply})
    printed[0] = len(moves)


def computer_move(seat: Peer, level: str, rng: random.Random) -> str | None:
    """The computer's move when it is this side's turn and the other side is there."""
    view = seat.view()
    if view is None or view.link != Link.CONNECTED or view.over or view.to_move != view.side:
        return None
    key = view.game_id.partition(":")[0]
    move = analysis(key).choose_move(seat.state(), rng, level)
    return str(move.encode())


def finish(seat: Peer, started: float) -> None:
    """The game ended: kept in the history (never among the records against the computer)
    and said."""
    from games.core.data.history_rows import of_session
    from games.core.data.store import Store
    from games.core.kit.rules_api import Outcome, Status
    with seat.lock:
        match = seat.match
        assert match is not None
        session, winner, side, friend = match.session, match.winner, match.side, match.names[1]
    outcome = "draw" if winner is None else "won" if winner == side else "lost"
    game = of_session(session, started, outcome, session.rules.score(session.state), friend,
                      False, opponent=NETWORK)
    try:
        Store(lambda message: print(f"parlour: {message}", file=sys.stderr)).history().record(
            game)
    except checks.Invalid as error:
        print(f"parlour: the game could not be kept in the history ({error})", file=sys.stderr)
    status = Status(Outcome.DRAW) if winner is None else Status(Outcome.DECIDED, winner)
    emit({"event": "over", "outcome": outcome_json(status), "id": session.game_id})


def unfinished(seat: Peer) -> None:
    """The other side left, or did not come back in time: the game stays unfinished (no
    loss is recorded)."""
    view = seat.view()
    seat.leave()
    emit({"event": "over", "outcome": "unfinished", "id": view.game_id if view else ""})


# --- without --computer: the screens --------------------------------------------------------
def host_screen(app: App, session: AnySession, side: int, code: str, name: str, bind: str,
                port: int | None) -> Scene:
    from games.core.screens.netplay import HostScene
    return HostScene(app, session, side, code=code, name=name, bind=bind, port=port)


def join_screen(app: App, invitation: protocol.Invitation, name: str) -> Scene:
    from games.core.screens.netplay import JoinScene
    return JoinScene(app, invitation.text(), name=name)
