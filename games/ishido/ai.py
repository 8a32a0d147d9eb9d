"""A computer player for Ishido. It plays fair: it sees the current stone and counts the
stones still to come, but never looks at their order in the pouch.

Levels: "random" places anywhere legal; "greedy" takes the most points now; "careful" weighs
the points against the room left on the board for the stones still to come, and values holes
that could become 4-ways; "deep" (the strongest, level None) looks one stone further, taking
the average over every kind that may come next of the careful value of its best square.
"""
from __future__ import annotations

import random
from collections import Counter

from games.core.kit.rules_api import RuleError
from games.ishido import rules
from games.ishido.rules import COLS, EMPTY, NEIGHBOURS, SQUARES, Move

LEVELS = ("random", "greedy", "careful", "deep")

# Penalties for each stone to come that fits no square, one square or two squares, and for
# each square where no stone to come fits; the share of a 4-way's worth an open hole is given;
# the value of being left with a stone that fits nowhere; how many of the best careful moves
# "deep" looks past.
NO_ROOM, ONE_SQUARE, TWO_SQUARES, DEAD_SQUARE = 40.0, 6.0, 1.5, 3.0
HOLE = 1.0
STUCK = -1000.0
DEEP_CANDIDATES = 6


class _Coming:
    """The stones still to come: the count of each kind, and the masks of the kinds with one
    and with two stones to come."""

    def __init__(self, counts: Counter[int]):
        self.counts = counts
        self.once = sum(1 << kind for kind, n in counts.items() if n == 1)
        self.twice = sum(1 << kind for kind, n in counts.items() if n == 2)

    def without(self, kind: int) -> _Coming:
        return _Coming(self.counts - Counter((kind,)))


class _Position:
    """A board being explored, with its frontier: the empty squares touching a stone, each
    with the bit mask of the kinds that fit there and its count of neighbours."""

    def __init__(self, rule: str, board: list[int], fourways: int, frontier: dict[int, int],
                 crowd: dict[int, int]):
        self.rule, self.board, self.fourways = rule, board, fourways
        self.frontier, self.crowd = frontier, crowd

    @classmethod
    def of(cls, state: rules.State) -> _Position:
        position = cls(state.params.rule, list(state.board), state.fourways, {}, {})
        for square in range(SQUARES):
            count = sum(state.board[n] != EMPTY for n in NEIGHBOURS[square])
            if state.board[square] == EMPTY and count:
                position.frontier[square] = position._fitting(square)
                position.crowd[square] = count
        return position

    def _fitting(self, square: int) -> int:
        return rules.fitting_kinds(self.rule, rules.neighbour_stones(self.board, square))

    def gain(self, square: int) -> int:
        """How much the score grows by placing a stone on this frontier square (end bonus
        aside)."""
        count = self.crowd[square]
        points = rules.placement_points(self.rule, square, count, self.fourways)
        if self.rule == "original" and count == 4:
            points += rules.fourway_bonus(self.fourways + 1)
        return points

    def placed(self, square: int, kind: int) -> _Position:
        after = _Position(self.rule, self.board.copy(), self.fourways + (self.crowd[square] == 4),
                          dict(self.frontier), dict(self.crowd))
        after.board[square] = kind
        del after.frontier[square], after.crowd[square]
        for n in NEIGHBOURS[square]:
            if after.board[n] == EMPTY:
                after.frontier[n] = after._fitting(n)
                after.crowd[n] = self.crowd.get(n, 0) + 1
        return after

    def squares_for(self, kind: int) -> list[int]:
        return [square for square, mask in self.frontier.items() if mask >> kind & 1]

    def outlook(self, coming: _Coming) -> float:
        """Room for the stones to come (a penalty) and open holes (a reward)."""
        once, twice = coming.once, coming.twice
        if not once | twice:
            return 0.0
        one = two = three = 0       # kinds fitting at least 1, 2, 3 squares
        for mask in self.frontier.values():
            three |= two & mask
            two |= one & mask
            one |= mask
        value = 0.0
        for weight, cramped in ((NO_ROOM, ~one), (ONE_SQUARE, one & ~two),
                                (TWO_SQUARES, two & ~three)):
            value -= weight * ((once & cramped).bit_count() + 2 * (twice & cramped).bit_count())
        for square, mask in self.frontier.items():
            if not mask & (once | twice):
                value -= DEAD_SQUARE
            elif self.crowd[square] == 4:
                value += HOLE * self.gain(square)
        return value

    def careful_value(self, square: int, kind: int, coming: _Coming) -> float:
        return self.gain(square) + self.placed(square, kind).outlook(coming)

    def best_careful_value(self, kind: int, coming: _Coming) -> float:
        return max((self.careful_value(square, kind, coming) for square in self.squares_for(kind)),
                   default=STUCK)


def _deep_value(position: _Position, square: int, kind: int, coming: _Coming) -> float:
    after = position.placed(square, kind)
    expected = 0.0
    for next_kind, count in coming.counts.items():
        expected += count * after.best_careful_value(next_kind, coming.without(next_kind))
    return position.gain(square) + expected / max(1, coming.counts.total())


def _values(state: rules.State, level: str) -> list[tuple[float, Move]]:
    """Every legal move with its value at this level."""
    kind = rules.current_stone(state)
    if kind is None:
        return []
    position = _Position.of(state)
    squares = position.squares_for(kind)
    coming = _Coming(Counter(state.pouch[state.placed + 1:]))
    if level == "random":
        values = [0.0] * len(squares)
    elif level == "greedy":
        values = [float(position.gain(square)) for square in squares]
    else:
        values = [position.careful_value(square, kind, coming) for square in squares]
    if level == "deep":
        shortlist = sorted(range(len(squares)), key=lambda i: -values[i])[:DEEP_CANDIDATES]
        squares = [squares[i] for i in shortlist]
        values = [_deep_value(position, square, kind, coming) for square in squares]
    return [(value, Move(*divmod(square, COLS))) for value, square in zip(values, squares)]


def choose_move(state: rules.State, rng: random.Random, level: str | None = None) -> Move:
    """The move this level plays; ties are broken by rng."""
    level = level or LEVELS[-1]
    if level not in LEVELS:
        raise RuleError(f"Unknown Ishido level {level!r}: choose {', '.join(LEVELS)}.")
    values = _values(state, level)
    if not values:
        raise RuleError("The game is over: there is no move to choose.")
    best = max(value for value, _ in values)
    best_moves: list[Move] = [move for value, move in values if value == best]
    return rng.choice(best_moves)


def hint(state: rules.State) -> Move | None:
    """The strongest level's choice (the first of equals), or None when the game is over."""
    values = _values(state, LEVELS[-1])
    return max(values, key=lambda pair: pair[0])[1] if values else None
