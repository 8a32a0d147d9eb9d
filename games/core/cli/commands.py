"""The command-line contract (docs/DESIGN.md, "The command line"). Commands other than the
launcher print JSON lines on stdout and exit 0; bad input gets one clear line on stderr and
exit 2. The grammar is in arguments.py, read only when there are arguments: the launcher, as a
player starts it, builds no parser on the way to its first frame."""
from __future__ import annotations

import json
import os
import random
import sys
from dataclasses import asdict
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from games.core.cli.usage import UsageError, outcome_json, params_for
from games.core.kit import registry

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from games.core.kit.game import Game
    from games.core.kit.rules_api import RulesModule
    from games.core.loop.app import App, Scene

# Bounds on the positions analyse reads (arguments.py bounds the rest of the command line).
MOST_POSITIONS = 10_000    # positions to analyse
MOST_POSITION = 1_000      # characters in one position
MOST_STDIN = 4 * 1024 * 1024


def emit(obj: object) -> None:
    print(json.dumps(obj), flush=True)


def game_for(key: str) -> Game[Any, Any, Any]:
    try:
        return registry.lookup(key)
    except KeyError as error:
        raise UsageError(error.args[0]) from None


def rules_for(key: str) -> RulesModule[Any, Any, Any]:
    return game_for(key).rules


def parse_id(key: str, text: str) -> tuple[Any, str]:
    from games.core.kit.session import parse_game_id
    if not text.startswith(f"{key}:"):
        text = f"{key}:{text}"
    found, params, desc, seed = parse_game_id(text)
    if desc is None:
        desc = registry.lookup(key).rules.new_desc(params, random.Random(seed))
    return params, desc


def cmd_generate(args: argparse.Namespace) -> None:
    rules = rules_for(args.game)
    params = params_for(rules, args)
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    for seed in range(first, first + args.count):
        desc = rules.new_desc(params, random.Random(seed))
        emit({"game": args.game, "id": f"{args.game}:{params.encode()}:{desc}",
              "params": asdict(params), "puzzle": rules.puzzle_json(params, desc),
              "solution": rules.solution_json(params, desc)})


def cmd_solve(args: argparse.Namespace) -> None:
    rules = rules_for(args.game)
    params, desc = parse_id(args.game, args.id)
    solution = rules.solution_json(params, desc)
    if solution is None:
        raise UsageError(f"{args.game} has no solution to print")
    emit({"game": args.game, "id": f"{args.game}:{params.encode()}:{desc}", "solution": solution})


def cmd_analyse(args: argparse.Namespace) -> None:
    versus = game_for(args.game).parts().versus
    if versus is None:
        raise UsageError(f"analyse is for two-player games; {args.game} is a one-player game")
    positions = read_positions() if args.positions == ["-"] else args.positions
    if len(positions) > MOST_POSITIONS:
        raise UsageError(f"at most {MOST_POSITIONS} positions at a time")
    states = [(text, versus.positions.parse_position(text)) for text in positions]  # checked
    for text, state in states:
        emit({"game": args.game, "position": text, **versus.analysis.analyse(state)})


def read_positions() -> list[str]:
    """Positions from stdin, one a line: bytes read with a cap and decoded here, so the
    locale never decides and bad input gets a clear line."""
    data = sys.stdin.buffer.read(MOST_STDIN + 1)
    if len(data) > MOST_STDIN:
        raise UsageError(f"stdin holds more than {MOST_STDIN // (1024 * 1024)} MB of positions")
    try:
        lines = data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as error:
        raise UsageError(f"stdin is not UTF-8 text (byte {data[error.start]:#04x} at offset "
                         f"{error.start})") from None
    positions = [line.strip() for line in lines if line.strip()]
    for number, line in enumerate(positions, 1):
        if len(line) > MOST_POSITION or not line.isprintable():
            raise UsageError(f"position {number} on stdin is not a short line of text")
    if not positions:
        raise UsageError("stdin holds no positions")
    return positions


def cmd_selfplay(args: argparse.Namespace) -> None:
    parts = game_for(args.game).parts()
    rules, ai = parts.rules, parts.computer
    if ai is None:
        raise UsageError(f"{args.game} has no computer player")
    if args.level is not None and parts.versus is not None:
        parts.versus.analysis.level_chance(args.level)   # a bad level is refused at once
    params = params_for(rules, args)
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    move_json = parts.move_json or (lambda state, move: move.encode())
    for seed in range(first, first + args.count):
        rng = random.Random(seed)
        desc = rules.new_desc(params, rng)
        state = rules.new_game(params, desc)
        moves = []
        while not rules.status(state).over:
            move = ai.choose_move(state, rng, args.level)
            moves.append(move_json(state, move))
            state = rules.apply_move(state, move)
        emit({"game": args.game, "id": f"{args.game}:{params.encode()}:{desc}", "moves": moves,
              "outcome": outcome_json(rules.status(state)), "score": rules.score(state)})



def cmd_daily(args: argparse.Namespace) -> None:
    """A day's daily puzzle as a game ID; with --share, the player's finished daily of that
    day as the result screen's Copy result shares it (plain text, UTF-8)."""
    import time

    from games.core.kit import daily
    rules_for(args.game)
    day = daily.parse_date(args.date) if args.date is not None else daily.local_day(time.time())
    if not args.share:
        emit({"game": args.game, "date": day.isoformat(), "id": daily.game_id(args.game, day)})
        return
    from games.core.data import records, share
    from games.core.data.store import Store
    if not daily.has_daily(args.game):
        daily.game_id(args.game, day)     # refused before any deal: it names the daily games
    store = Store(lambda message: print(message, file=sys.stderr))
    row = records.daily_result(store, args.game, day.isoformat())
    if row is None:
        raise UsageError(f"no finished daily puzzle of {registry.lookup(args.game).title} on "
                         f"{day.isoformat()} in the history")
    sys.stdout.buffer.write(share.share_text(row).encode("utf-8") + b"\n")
    sys.stdout.flush()


def cmd_stats(args: argparse.Namespace) -> None:
    """One line per game (the one named, or each), then the collection's when none is named."""
    from games.core.data import stats
    from games.core.data.store import Store
    if args.game is not None:
        rules_for(args.game)
        registry.lookup(args.game)
    # What the player would hear on the launcher (a history set aside...) goes to stderr.
    db = Store(lambda message: print(message, file=sys.stderr)).history()
    if args.game is not None:
        emit(stats.figures(db, args.game).as_json())
        return
    for info in registry.launcher_games():
        emit(stats.figures(db, info.key).as_json())
    emit(stats.figures(db, "").as_json())


def open_app(windowed: bool) -> App:
    import pygame

    from games.core.loop.app import App
    try:
        return App(windowed=True if windowed else None)
    except pygame.error as error:
        raise UsageError(f"cannot open a window ({error}); Parlour needs a display") from None


def cmd_play(args: argparse.Namespace) -> None:
    from games.core.kit.session import Session
    from games.core.screens.launch import open_game
    from games.core.screens.launcher import LauncherScene
    if args.game is not None:   # `play ""` names no game: an error, not the launcher
        rules = rules_for(args.game)
        info = registry.lookup(args.game)
        if not info.playable:
            raise UsageError(f"{info.title} cannot be played yet")
        if args.id:
            key, _, _ = args.id.partition(":")
            session = Session.from_id(args.id if key == args.game else f"{args.game}:{args.id}")
        else:
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
            session = Session.new(args.game, params_for(rules, args), seed)
    app = open_app(args.windowed)
    app.push(LauncherScene(app))
    if args.game is not None:
        open_game(app, session)
    app.run()


def open_screen(args: argparse.Namespace, make: Callable[[App], Scene]) -> None:
    """The launcher with a screen over it (the host's or the join screen of `host`, `join`)."""
    from games.core.screens.launcher import LauncherScene
    app = open_app(args.windowed)
    app.push(LauncherScene(app))
    app.push(make(app))
    app.run()


def cmd_launcher(args: argparse.Namespace | SimpleNamespace) -> None:
    from games.core.screens.launcher import LauncherScene
    app = open_app(args.windowed)
    app.push(LauncherScene(app))
    if args.first_frame_only:
        app.frame(0.0)
        return
    app.run()


# `python main.py` with no arguments, as build_parser().parse_args([]) reads it
LAUNCHER = SimpleNamespace(command=None, windowed=False, first_frame_only=False)


def one_line(message: str) -> str:
    """The error as one printable line, however hostile the input it quotes."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message)[:500]


def bad_input(error: Exception) -> bool:
    """Bad input said in one line: a UsageError, or a rules module's GameError, which can only
    have been raised once the rules contract was imported (the launcher's way to its first
    frame does not import it)."""
    rules_api = sys.modules.get("games.core.kit.rules_api")
    return isinstance(error, UsageError) or \
        rules_api is not None and isinstance(error, rules_api.GameError)


def main(argv: list[str]) -> int:
    args: Any
    try:
        if argv:
            from games.core.cli.arguments import build_parser
            args = build_parser(argv).parse_args(argv)
        else:
            args = LAUNCHER
        command = args.command
        if command in ("demo", "bench", "tour"):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if command is None:
            cmd_launcher(args)
        elif command == "demo":
            from games.core.cli.demo import run_demo
            run_demo(args)
        elif command == "bench":
            from games.core.cli.bench import run_bench
            run_bench(args)
        elif command == "tour":
            from games.core.cli.tour import run_tour
            return run_tour(args)
        elif command in ("host", "join"):
            from games.core.cli import netplay
            screen = netplay.cmd_host(args) if command == "host" else netplay.cmd_join(args)
            if screen is not None:       # without --computer: its screen, in a window
                open_screen(args, screen)
        else:
            {"play": cmd_play, "generate": cmd_generate, "solve": cmd_solve,
             "analyse": cmd_analyse, "selfplay": cmd_selfplay, "daily": cmd_daily,
             "stats": cmd_stats}[command](args)
    except BrokenPipeError:
        return 0
    except Exception as error:
        if not bad_input(error):
            raise
        print(f"parlour: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("parlour: interrupted", file=sys.stderr)
        return 130
    return 0
