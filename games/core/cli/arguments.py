"""The command line's grammar (docs/DESIGN.md, "The command line"): its commands, their options
and the bounds on what they may ask for. Read by commands.main when there are arguments."""
from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import NoReturn

from games.core.cli.usage import UsageError


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message[:300])


# Bounds on what a command line may ask for: nothing runs or grows without end (commands.py
# bounds the positions analyse reads).
MOST_COUNT = 10_000        # puzzles or games per run
MOST_FRAMES = 100_000      # demo frames


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from low to high, in ASCII digits."""
    def read(text: str) -> int:
        digits = text.strip()
        if not re.fullmatch(r"-?[0-9]{1,41}", digits):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number")
        value = int(digits)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return read


def text(value: str) -> str:
    """An argparse type: short printable text (names of games, levels, variants, IDs)."""
    if len(value) > 8000 or not value.isprintable():
        raise argparse.ArgumentTypeError(f"{value[:40]!r} is not a short line of text")
    return value


SEED = whole(-10**40, 10**40)


def screen_size(value: str) -> tuple[int, int]:
    """An argparse type: a logical screen size, WIDTHxHEIGHT, from 640x360 to 3840x2160."""
    match = re.fullmatch(r"([0-9]{3,4})x([0-9]{3,4})", value.strip())
    if not match or not (640 <= int(match[1]) <= 3840 and 360 <= int(match[2]) <= 2160):
        raise argparse.ArgumentTypeError(f"{value[:40]!r} is not a screen size from 640x360 "
                                         f"to 3840x2160, like 1280x720")
    return int(match[1]), int(match[2])


def game_options(sub: Parser, seed: bool = True, count: bool = False) -> None:
    sub.add_argument("game", type=text)
    if seed:
        sub.add_argument("--seed", type=SEED)
    if count:
        sub.add_argument("--count", type=whole(1, MOST_COUNT), default=1)
    sub.add_argument("--size", type=whole(1, 100))
    sub.add_argument("--difficulty", type=text)
    sub.add_argument("--variant", type=text)
    sub.add_argument("--colours", type=whole(1, 100))


def play_options(play: Parser) -> None:
    game_options(play)
    play.add_argument("--id", type=text)
    play.add_argument("--windowed", action="store_true")


def solve_options(solve: Parser) -> None:
    solve.add_argument("game", type=text)
    solve.add_argument("id", type=text)


def analyse_options(analyse: Parser) -> None:
    analyse.add_argument("game", type=text)
    analyse.add_argument("positions", nargs="+", type=text)


def selfplay_options(selfplay: Parser) -> None:
    game_options(selfplay, count=True)
    selfplay.add_argument("--level", type=text)


def demo_options(demo: Parser) -> None:
    demo.add_argument("game", nargs="?", type=text)
    demo.add_argument("--frames", type=whole(1, MOST_FRAMES), default=600)
    demo.add_argument("--screenshot", type=text)
    demo.add_argument("--also-at", type=whole(1, MOST_FRAMES), nargs="*", default=[],
                      help="frames at which to save extra screenshots (FILE-N.png)")
    demo.add_argument("--seed", type=SEED, default=1)
    demo.add_argument("--size", type=whole(1, 100))
    demo.add_argument("--difficulty", type=text)
    demo.add_argument("--variant", type=text)
    demo.add_argument("--colours", type=whole(1, 100))
    demo.add_argument("--every", type=whole(1, MOST_FRAMES), default=45,
                      help="frames between scripted moves")
    demo.add_argument("--lesson", action="store_true",
                      help="play the game's lesson (Show me at each step) instead of a game")
    demo.add_argument("--rules", action="store_true",
                      help="open the game's rules screen; the scripted player turns its pages")
    demo.add_argument("--screen", type=screen_size,
                      help="save the screenshots as a screen of this size shows them, like "
                      "1280x720 (Parlour draws at 1920x1080; the screen scales it)")


def tour_options(tour: Parser) -> None:
    tour.add_argument("--out", type=text, required=True,
                      help="the folder for the pictures, index.jsonl and index.html")
    tour.add_argument("--screen", type=screen_size,
                      help="shoot every screen as a screen of this size shows it, like 1280x720")
    tour.add_argument("--text", choices=("normal", "large"), default="normal",
                      help="the text size")
    tour.add_argument("--colours", choices=("standard", "colour-blind"), default="standard",
                      help="the palette")
    tour.add_argument("--only", nargs="+", type=text, metavar="GAME",
                      help="only these games' screens (collection: the launcher's own)")


def daily_options(daily: Parser) -> None:
    daily.add_argument("game", type=text)
    daily.add_argument("--date", type=text, help="YYYY-MM-DD (default: today)")
    daily.add_argument("--share", action="store_true",
                       help="print your finished daily of that day as a result to share")


def stats_options(stats: Parser) -> None:
    stats.add_argument("game", nargs="?", type=text)


def host_options(host: Parser) -> None:
    game_options(host)
    host.add_argument("--port", type=whole(0, 65535),
                      help="the port to listen on (0: any free one; default 41414, or any "
                      "free one when it is taken)")
    host.add_argument("--bind", type=text, default="",
                      help="the address to listen on (default: every address of this machine)")
    host.add_argument("--code", type=text, help="the invitation code (default: a new one)")
    host.add_argument("--side", type=whole(0, 1), default=0,
                      help="the host's side: 0 (moves first in Kono and Nim) or 1")
    host.add_argument("--computer", type=text, metavar="LEVEL",
                      help="the computer plays this side at LEVEL, without a window")
    host.add_argument("--name", type=text, help="your name, shown to your friend")
    host.add_argument("--windowed", action="store_true")


def join_options(join: Parser) -> None:
    join.add_argument("address", type=text, help="the host's ADDRESS:PORT")
    join.add_argument("--code", type=text, required=True, help="the invitation code")
    join.add_argument("--computer", type=text, metavar="LEVEL",
                      help="the computer plays this side at LEVEL, without a window")
    join.add_argument("--name", type=text, help="your name, shown to your friend")
    join.add_argument("--windowed", action="store_true")


def bench_options(bench: Parser) -> None:
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")


COMMANDS: dict[str, tuple[str, Callable[[Parser], None]]] = {
    "play": ("open a game", play_options),
    "generate": ("print generated puzzles as JSON lines",
                 lambda generate: game_options(generate, count=True)),
    "solve": ("solve a puzzle given by its game ID", solve_options),
    "analyse": ("analyse two-player positions", analyse_options),
    "selfplay": ("let the computer play whole games", selfplay_options),
    "demo": ("run the real loop headless with a scripted player", demo_options),
    "tour": ("shoot and check every screen a player can reach", tour_options),
    "daily": ("print a day's daily puzzle as a game ID", daily_options),
    "stats": ("print the statistics of the history", stats_options),
    "host": ("host a game for a friend to join over the network", host_options),
    "join": ("join a friend's game over the network", join_options),
    "bench": ("print the performance figures", bench_options),
}
"""Each command's help line and the options it takes."""


def build_parser(argv: Sequence[str] = ()) -> Parser:
    """The grammar; for a command line that starts with a command's name, only that
    command's (what parses it is the same, and making every command's parser cost more than
    the rest of `play`'s way to its first frame but the game)."""
    parser = Parser(prog="main.py", description="Parlour: seven thinking games.")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    named = argv[0] if argv and argv[0] in COMMANDS else None
    for name, (words, options) in COMMANDS.items():
        if named in (None, name):
            options(commands.add_parser(name, help=words))
    parser.add_argument("--windowed", action="store_true")
    # Measuring only (tools/check_dist.py): draw the first launcher frame, then quit.
    parser.add_argument("--first-frame-only", action="store_true", help=argparse.SUPPRESS)
    return parser
