"""The endgame table: the exact value of every Four Field Kono position with few pieces (pure).

Positions are seen from the side to move, as the rules are the same for both colours: `own`
and `enemy` bitmasks, each side with at least two pieces, at most MAX_PIECES in all. A
capture resets the clock (plies since the last capture), so a position's value depends on its
clock and on nothing played before that capture. The table holds the value of every position
at every clock 0..50 for a fresh history, by backward induction over the clock:

- at clock 50 the game is over: a side with no move has lost, anything else is drawn;
- below 50 a position is worth its best move: a step leads to the opponent's position at
  clock + 1, a capture to a smaller position at clock 0 (or ends the game).

So a win is only a win if it comes before the 50-ply draw. Scores are signed distances for the
side to move: a win in d plies is WIN - d, a loss in d plies d - WIN, a draw 0, with plies
counted to the end of the game across captures: the winner takes the fastest win, the loser
the slowest loss.

Repetition cannot change these values from a fresh history: along the winner's fastest line
the plies to the end fall by one every ply, and they never fall as the clock rises, so no
position comes round again. With positions already seen twice since the last capture, a third
occurrence may rescue the loser: then a win or loss here is only a bound (between it and a
draw), while a draw stays exact. The search in ai.py treats it so.

Lower clocks settle: once two neighbouring clock layers agree, every lower one is the same, so
only the layers from there up to 50 are computed and kept.

Why 5 pieces, built on first use: up to 5 pieces (98,280 positions, 8 MB of layers) the table
builds with numpy in a few tenths of a second (bench.py: "table build"), so no data file and
no loading step are needed. With 6 pieces (another 400,400 positions) it took over 2 s and
28 MB more; the search above the table reaches it through captures instead. numpy is imported
only when the table is built, so importing this module (and the AI) costs nothing.
"""
from __future__ import annotations

import functools
from math import comb

from games.kono.rules import FULL, JUMPS, POINTS, QUIET_LIMIT, STEPS

MAX_PIECES = 5
FEWEST = 2                      # a side with fewer pieces has lost
WIN = 30000                     # win in d plies: WIN - d; loss in d plies: d - WIN; draw: 0
DECISIVE = WIN - 1000           # scores beyond +-DECISIVE are wins and losses


def back(score: int) -> int:
    """A score seen from the side that moved into the position: negated, one ply further from
    the end when it is a win or a loss."""
    if score > DECISIVE:
        return 1 - score
    if score < -DECISIVE:
        return -1 - score
    return -score


def outcome(score: int) -> tuple[str, int | None]:
    """("win" | "loss" | "draw", plies to the end or None) for a table score."""
    if score > DECISIVE:
        return "win", WIN - score
    if score < -DECISIVE:
        return "loss", WIN + score
    return "draw", None


def _packed(bits, keep):
    """The bits of `bits` that lie at the set points of `keep`, packed into the low bits.
    Works on Python ints and on numpy arrays alike."""
    packed = bits & 0
    shift = keep & 0
    for point in range(POINTS):
        packed |= (bits >> point & 1) << shift
        shift += keep >> point & 1
    return packed


def _unpacked(packed, keep):
    """The inverse of _packed: the low bits of `packed` spread onto the set points of `keep`."""
    bits = packed & 0
    shift = keep & 0
    for point in range(POINTS):
        present = keep >> point & 1
        bits |= (packed >> shift & present) << point
        shift += present
    return bits


class Table:
    """Exact scores of positions with at most MAX_PIECES pieces, at any clock."""

    def __init__(self, counts, rank, offset, width):
        self._counts = counts       # mask -> how many points it holds
        self._rank = rank           # mask -> its place among the masks with as many points
        self._offset = offset       # [own count, enemy count] -> first index in its tier
        self._width = width         # [own count, enemy count] -> enemy placements per own one
        self._tiers = {}            # pieces in all -> (lowest kept clock, layers by clock)
        self._moves = {}            # pieces in all -> (steps, best_capture), see _tier_moves

    def index(self, own, enemy):
        """The place of a position in its tier (ints or numpy arrays)."""
        counts = self._counts
        mine, theirs = counts[own], counts[enemy]
        return (self._offset[mine, theirs] + self._rank[own] * self._width[mine, theirs]
                + self._rank[_packed(enemy, FULL ^ own)])

    def score(self, own: int, enemy: int, clock: int, side: int = 0) -> int | None:
        """The score of the side to move at this clock, from a fresh history; None when the
        position is outside the table. Both sides (0 Black, 1 White) score alike here."""
        mine, theirs = own.bit_count(), enemy.bit_count()
        if mine < FEWEST or theirs < FEWEST or mine + theirs > MAX_PIECES:
            return None
        first, layers = self._tiers[mine + theirs]
        return int(layers[max(clock, first) - first, self.index(own, enemy)])

    def with_draws(self, drawn) -> DrawnTable:
        """The table for a history in which the positions `drawn` (own, enemy, side to move),
        all with the same pieces, have occurred twice since the last capture: reaching one
        again draws. Exact as long as no other position comes round twice more."""
        return _drawn_table(self, frozenset(drawn))


class DrawnTable:
    """Table.with_draws: one tier solved again, Black to move and White to move apart, since
    a position and its colour-swapped twin no longer score alike."""

    def __init__(self, table, pieces, first, layers):
        self._table = table
        self._pieces = pieces
        self._first = first
        self._layers = layers       # [clock - first, index + side * tier size]

    def score(self, own: int, enemy: int, clock: int, side: int = 0) -> int | None:
        if own.bit_count() + enemy.bit_count() != self._pieces:
            return self._table.score(own, enemy, clock)
        index = self._table.index(own, enemy) + side * (self._layers.shape[1] // 2)
        return int(self._layers[max(clock, self._first) - self._first, index])


@functools.lru_cache(maxsize=1)
def table() -> Table:
    """The table, built on first use (a pure result, cached)."""
    import numpy as np

    every = np.arange(FULL + 1, dtype=np.int64)
    counts = np.bitwise_count(every).astype(np.int64)
    rank = np.zeros(FULL + 1, dtype=np.int64)
    for count in range(POINTS + 1):
        members = every[counts == count]
        rank[members] = np.arange(len(members))
    offset = np.zeros((POINTS + 1, POINTS + 1), dtype=np.int64)
    width = np.zeros_like(offset)
    result = Table(counts, rank, offset, width)
    for pieces in range(2 * FEWEST, MAX_PIECES + 1):
        phases = [(mine, pieces - mine) for mine in range(FEWEST, pieces - FEWEST + 1)]
        own_parts, enemy_parts, size = [], [], 0
        for mine, theirs in phases:
            offset[mine, theirs], width[mine, theirs] = size, comb(POINTS - mine, theirs)
            owns = every[counts == mine]
            placements = every[counts == theirs][:width[mine, theirs]]
            own = np.repeat(owns, len(placements))
            own_parts.append(own)
            enemy_parts.append(_unpacked(np.tile(placements, len(owns)), FULL ^ own))
            size += len(own)
        own, enemy = np.concatenate(own_parts), np.concatenate(enemy_parts)
        moves = _tier_moves(np, result.index, counts, own, enemy, result._tiers.get(pieces - 1))
        result._moves[pieces] = moves
        result._tiers[pieces] = _induct(np, *moves, drawn=[])
    return result


@functools.lru_cache(maxsize=4)
def _drawn_table(table: Table, drawn: frozenset) -> DrawnTable:
    import numpy as np

    pieces = {(own | enemy).bit_count() for own, enemy, _ in drawn}.pop()
    steps, best_capture = table._moves[pieces]
    size = steps.shape[1]
    # Two copies of the tier, Black to move then White to move; a step crosses to the other.
    real = steps < size
    crossing = np.concatenate([np.where(real, steps + size, 2 * size),
                               np.where(real, steps, 2 * size)], axis=1)
    indexes = [int(table.index(own, enemy)) + side * size for own, enemy, side in drawn]
    first, layers = _induct(np, crossing, np.concatenate([best_capture, best_capture]),
                            drawn=indexes)
    return DrawnTable(table, pieces, first, layers)


def _tier_moves(np, index, counts, own, enemy, smaller):
    """(steps, best_capture) for one number of pieces, given the tier with one piece fewer
    (lowest clock, layers), where captures lead. steps[:, i] lists the positions position i
    steps to, padded with the tier size, a slot whose score makes a move worse than any real
    one. Captures do not depend on the clock: best_capture is the best of them, or -WIN."""
    size = len(own)
    empty = FULL ^ (own | enemy)
    steps = np.full((4 * int(counts[own].max()), size), size, dtype=np.int32)
    step_count = np.zeros(size, dtype=np.int64)
    best_capture = np.full(size, -WIN, dtype=np.int16)
    for point in range(POINTS):
        here = own >> point & 1
        for target in STEPS[point]:
            found = np.flatnonzero(here & empty >> target)
            steps[step_count[found], found] = index(enemy[found],
                                                    own[found] ^ (1 << point | 1 << target))
            step_count[found] += 1
        for over, target in JUMPS[point]:
            found = np.flatnonzero(here & own >> over & enemy >> target & 1)
            mover, other = enemy[found] ^ 1 << target, own[found] ^ (1 << point | 1 << target)
            values = np.full(len(found), WIN - 1, dtype=np.int16)   # the capture wins at once
            going_on = np.flatnonzero(counts[mover] >= FEWEST)
            if len(going_on):
                values[going_on] = _back(np, smaller[1][0, index(mover[going_on],
                                                                 other[going_on])])
            best_capture[found] = np.maximum(best_capture[found], values)
    return steps, best_capture


def _induct(np, steps, best_capture, drawn):
    """(lowest kept clock, int16 layers[clock - lowest, position]) by backward induction from
    clock 50; the positions `drawn` score 0 whenever they are reached."""
    size = steps.shape[1]
    layer = np.where((steps[0] < size) | (best_capture > -WIN), 0, -WIN).astype(np.int16)
    layer[drawn] = 0
    layers, clock = [layer], QUIET_LIMIT        # at clock 50: no move loses, else a draw
    padded = np.empty(size + 1, dtype=np.int16)
    padded[size] = WIN + 1                      # back() makes it -WIN, below any real move
    while clock > 0:
        padded[:size] = layer
        # back() turns scores round, so the best step is the one to the worst reply.
        below = np.maximum(_back(np, padded[steps].min(axis=0)), best_capture)
        below[drawn] = 0
        if np.array_equal(below, layer):
            break
        layers.append(below)
        layer, clock = below, clock - 1
    return clock, np.stack(layers[::-1])


def _back(np, scores):
    """back() over an array of table scores (all wins, losses or draws)."""
    flipped = -scores
    return flipped - np.sign(flipped)
