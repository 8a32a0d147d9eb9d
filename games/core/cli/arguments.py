"""The command line's grammar (docs/DESIGN.md, "The command line"): its commands, their options
and the bounds on what they may ask for. Read by commands.main when there are arguments."""
from __future__ import annotations

import argparse
import re

from games.core.cli.usage import UsageError


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message[:300])


# Bounds on what a command line may ask for: nothing runs or grows without end (commands.py
# bounds the positions analyse reads).
MOST_COUNT = 10_000        # puzzles or games per run
MOST_FRAMES = 100_000      # demo frames


def whole(low: int, high: int):
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


def build_parser() -> Parser:
    parser = Parser(prog="main.py", description="Parlour: seven thinking games.")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)

    def game_options(sub, seed=True, count=False):
        sub.add_argument("game", type=text)
        if seed:
            sub.add_argument("--seed", type=SEED)
        if count:
            sub.add_argument("--count", type=whole(1, MOST_COUNT), default=1)
        sub.add_argument("--size", type=whole(1, 100))
        sub.add_argument("--difficulty", type=text)
        sub.add_argument("--variant", type=text)
        sub.add_argument("--colours", type=whole(1, 100))

    play = commands.add_parser("play", help="open a game")
    game_options(play)
    play.add_argument("--id", type=text)
    play.add_argument("--windowed", action="store_true")
    generate = commands.add_parser("generate", help="print generated puzzles as JSON lines")
    game_options(generate, count=True)
    solve = commands.add_parser("solve", help="solve a puzzle given by its game ID")
    solve.add_argument("game", type=text)
    solve.add_argument("id", type=text)
    analyse = commands.add_parser("analyse", help="analyse two-player positions")
    analyse.add_argument("game", type=text)
    analyse.add_argument("positions", nargs="+", type=text)
    selfplay = commands.add_parser("selfplay", help="let the computer play whole games")
    game_options(selfplay, count=True)
    selfplay.add_argument("--level", type=text)
    demo = commands.add_parser("demo", help="run the real loop headless with a scripted player")
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
                      help="the logical screen size, like 1280x720 (default 1920x1080)")
    daily = commands.add_parser("daily", help="print a day's daily puzzle as a game ID")
    daily.add_argument("game", type=text)
    daily.add_argument("--date", type=text, help="YYYY-MM-DD (default: today)")
    stats = commands.add_parser("stats", help="print the statistics of the history")
    stats.add_argument("game", nargs="?", type=text)
    bench = commands.add_parser("bench", help="print the performance figures")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--windowed", action="store_true")
    # Measuring only (tools/check_dist.py): draw the first launcher frame, then quit.
    parser.add_argument("--first-frame-only", action="store_true", help=argparse.SUPPRESS)
    return parser
