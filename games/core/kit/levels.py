"""The computer's levels, shared by the two-player games (docs/RULES.md): Mu Torere, Kono and Nim.

A level is the percent chance that the computer plays its best move rather than a random legal
one: the presets Random (0), Low, Medium, High and Perfect, or any whole number from 0 to
100 (Custom).
The ladder lives here once; each game's ai module keeps the same contract: level_chance(level),
choose_move(state, rng, level), graded_moves(state) -> [Grade] best first, evaluate(state) and
analyse(state) (docs/DESIGN.md, "The command line").

A graded move carries its value for the player making it ("win" / "draw" / "loss") and the
plies to the end under perfect play counting the move itself (None for a draw, or where it is
unknown). Best first means the fastest wins, then the draws, then the slowest losses.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from games.core.kit.rules_api import IllegalMove, RuleError


class Value(StrEnum):
    """What a position or a move is worth to the player to move (or making it)."""
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


WIN, DRAW, LOSS = Value.WIN, Value.DRAW, Value.LOSS   # the ai modules' short names
FLIPPED = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}

LEVELS = {"off": 0, "low": 40, "medium": 70, "high": 95, "perfect": 100}
# "off" never looks for the best move: its title says what the player meets.
TITLES = {"off": "Random", "low": "Low", "medium": "Medium", "high": "High", "perfect": "Perfect"}


class Grade(NamedTuple):
    """One legal move with its value for the player making it and the plies to the end."""
    move: Any
    value: Value
    plies: int | None


def level_chance(level: int | str | None, aliases: dict[str, str] | None = None) -> int:
    """The percent chance of the best move. None is perfect play; a level is a number from 0 to
    100 (as text or int), a preset name, or an old name in `aliases` (old name -> preset), so
    old saves and settings still load."""
    if level is None:
        return LEVELS["perfect"]
    if isinstance(level, bool):
        raise RuleError(f"A level is a number from 0 to 100 or one of {', '.join(LEVELS)}; "
                        f"not {level!r}.")
    text = str(level).strip().lower()
    text = (aliases or {}).get(text, text)
    if text in LEVELS:
        return LEVELS[text]
    if text.isascii() and text.isdigit() and len(text) <= 3 and int(text) <= 100:
        return int(text)
    raise RuleError(f"A level is a number from 0 to 100 or one of {', '.join(LEVELS)}; "
                    f"not {level!r}.")


def preference(value: str, plies: int | None) -> tuple[int, int]:
    """Sort key, smallest best: the fastest win, then a draw, then the slowest loss. Unknown
    plies rank a win or loss among its kind as neither fast nor slow."""
    if value == WIN:
        return 0, plies if plies is not None else 0
    if value == DRAW:
        return 1, 0
    return 2, -plies if plies is not None else 0


def best_first(graded: Iterable[Sequence[Any]]) -> list[Grade]:
    """The graded moves (move, value, plies) as Grades, best first; equals keep their order."""
    return sorted((Grade(*entry) for entry in graded), key=lambda grade: preference(
        grade.value, grade.plies))


def choose_graded(graded: Sequence[Sequence[Any]], rng: random.Random, chance: int) -> Any:
    """With `chance` percent one of the best moves (picked at random among equals), otherwise
    any legal move at random. `graded` is best first."""
    if not graded:
        raise IllegalMove("The game is over; there is no move to choose.")
    if rng.random() * 100 < chance:
        best = preference(graded[0][1], graded[0][2])
        graded = [entry for entry in graded if preference(entry[1], entry[2]) == best]
    return rng.choice(graded)[0]
