"""Pieces of the rules contract (rules_api.py) that several games write alike, written once:
the parameters of a game that has none, the description of a game that always starts from its
standard position, and a move at one square of a grid. Pure: no pygame, no I/O."""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from games.core.kit.rules_api import RuleError

OPTION_NAMES = ("size", "difficulty", "variant", "colours")


@dataclass(frozen=True)
class NoParams:
    """The parameters of a game that has none: every game of it is alike."""

    def encode(self) -> str:
        return ""


def parse_no_params(title: str, text: str) -> NoParams:
    if text:
        raise RuleError(f"{title} has no parameters, so {text!r} cannot be read.")
    return NoParams()


def no_options(title: str, options: Mapping[str, Any]) -> NoParams:
    """params_from_options of a game without parameters: every option given is an error."""
    for name in OPTION_NAMES:
        if options.get(name) is not None:
            raise RuleError(f"{title} has no {name} option.")
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise RuleError(f"Unknown options: {', '.join(sorted(unknown))}.")
    return NoParams()


@dataclass(frozen=True)
class AgreedDraw:
    """The move that records a draw both players agreed: not a move on the board. Its rules
    accept it while the game goes on but never list it among the legal moves (it takes both
    players); the two-player frame offers it (games/core/screens/versus.py)."""

    def encode(self) -> str:
        return "draw"


AGREED_DRAW = AgreedDraw()


def position_json(params: Any, desc: str) -> dict[str, str]:
    """`generate`'s puzzle for a game whose description is a position in command-line form."""
    return {"position": desc}


def no_solution(params: Any, desc: str) -> None:
    """A two-player game has no single solution; `analyse` gives the perfect-play values."""
    return None


def check_seen(seen: Sequence[tuple[str, int]], current: str, limit: int) -> dict[str, int]:
    """The counts of a game's record of the positions seen ((position, count) pairs), or
    RuleError unless it is sound: each listed once, the current one among them, every count
    from 1 to limit - 1 and only the current one's up to `limit` (which ends the game)."""
    counts = dict(seen)
    if len(counts) != len(seen):
        raise RuleError("Each seen position may be listed only once.")
    if counts.get(current, 0) < 1:
        raise RuleError("The current position must be among the positions seen.")
    if any(not 1 <= count <= (limit if key == current else limit - 1)
           for key, count in counts.items()):
        raise RuleError(f"A position occurs one to {limit} times, and only the current one "
                        f"{limit} times (that ends the game).")
    return counts


S = TypeVar("S")


class StartingPosition(Generic[S]):
    """The description of a game that always begins from its standard position: a position in
    its command-line form (docs/DESIGN.md), so one reader serves game IDs and the command line.
    read(text) -> State reads a position exactly, RuleError when it is bad."""

    def __init__(self, start: str, read: Callable[[str], S]):
        self.start, self.read = start, read

    def new_desc(self, params: Any, rng: random.Random) -> str:
        return self.start

    def validate_desc(self, params: Any, desc: str) -> None:
        self.read(desc)

    def new_game(self, params: Any, desc: str) -> S:
        return self.read(desc)

    def parse_position(self, text: str) -> S:
        """A game starting from a command-line position (spaces around it are ignored)."""
        return self.read(text.strip())


CELL_MOVE = re.compile(r"(0|[1-9][0-9]?),(0|[1-9][0-9]?)")   # one text per move: ASCII, no 07


@dataclass(frozen=True)
class CellMove:
    """A move at one square of a grid: (row, col) counted from 0, written 'row,col'."""
    row: int
    col: int

    def encode(self) -> str:
        return f"{self.row},{self.col}"

    @classmethod
    def read(cls, text: str, problem: str) -> Self:
        """The move `text` writes; RuleError with `problem` (which says what a move looks like)
        when it is not 'row,col'."""
        match = CELL_MOVE.fullmatch(text)
        if not match:
            raise RuleError(problem)
        return cls(int(match[1]), int(match[2]))
