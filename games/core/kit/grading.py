"""Grading a finished two-player game move by move from its game's solved tables (pure).

A game's ai module already answers `graded_moves(state)`: every legal move with its exact value
for the player making it (win, draw, loss) and the plies to the end counting the move, best
first. Grading a game walks its moves once: before a move, the position is worth the best of
its moves (for the side to move); after it, what the move played is worth (for the side that
moved). A move whose value is worse than the position's was a **turning point**, and the best
move is kept beside it so the review can show it. A move the ai does not grade (an agreed
draw) is worth what the rules say of the position it makes.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.kit.levels import DRAW, FLIPPED, LOSS, WIN, Grade, Value
from games.core.kit.saves import RESTART

GradeMoves = Callable[[Any], list[Grade]]


@dataclass(frozen=True)
class Verdict:
    """What a position or a move is worth to one side, and the plies to the end (None for a
    draw, or where the solver does not know them exactly)."""
    value: Value
    plies: int | None

    def for_other(self) -> Verdict:
        return Verdict(FLIPPED[self.value], self.plies)


@dataclass(frozen=True)
class GradedMove:
    """One move of a game: who made it (0 or 1), its text, what the position was worth to the
    mover before it and what the move was worth after it, and the best move (its text) where
    the move lost value."""
    mover: int
    move: str
    before: Verdict
    after: Verdict
    best: str | None

    @property
    def turning(self) -> bool:
        return self.best is not None


def played_line(moves: Sequence[str]) -> list[str]:
    """The moves of the game as it ended: after its last restart, without empty entries."""
    line: list[str] = []
    for text in moves:
        if text == RESTART:
            line = []
        elif text:
            line.append(text)
    return line


def ending(rules: Any, state: Any, mover: int) -> Verdict:
    """What a finished position is worth to the side that made its last move."""
    status = rules.status(state)
    if status.winner is None:
        return Verdict(DRAW, None)
    return Verdict(WIN if status.winner == mover else LOSS, 1)


def grade_game(rules: Any, grade_moves: GradeMoves, start: Any,
               moves: Sequence[str]) -> list[GradedMove]:
    """Every move of the line `moves` (encoded) from `start`, graded: RuleError or IllegalMove
    (the rules' own) when a move cannot be read or played."""
    graded: list[GradedMove] = []
    state = start
    for text in moves:
        move = rules.decode_move(text)
        mover: int = rules.current_player(state)
        grades = grade_moves(state)
        after_state = rules.apply_move(state, move)
        played = next((grade for grade in grades if grade.move == move), None)
        after = Verdict(played.value, played.plies) if played is not None else \
            ending(rules, after_state, mover)
        before = Verdict(grades[0].value, grades[0].plies) if grades else after
        best = grades[0].move.encode() if grades and rank(after) > rank(before) else None
        graded.append(GradedMove(mover, text, before, after, best))
        state = after_state
    return graded


def rank(verdict: Verdict) -> int:
    """0 for a win, 1 for a draw, 2 for a loss: a turning point raises it."""
    return {WIN: 0, DRAW: 1, LOSS: 2}[verdict.value]


def values(graded: Sequence[GradedMove]) -> list[Verdict]:
    """The graph's values: what each position of the game was worth to the first side (0),
    from the start to the end (one more than the moves)."""
    points = [move.before if move.mover == 0 else move.before.for_other() for move in graded]
    if graded:
        last = graded[-1]
        after = last.after if last.mover == 0 else last.after.for_other()
        points.append(Verdict(after.value, None if after.plies is None else after.plies - 1))
    return points
