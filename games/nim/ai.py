"""Nim's computer player and analysis.

Theory (docs/RULES.md): in normal play the player to move loses exactly when the nim-sum (XOR of
the heap sizes) is 0, and the winning move makes it 0. Misere play is the same while at least
two heaps hold 2 or more; once a move would leave only heaps of 0 or 1, leave an odd number of
1-heaps instead.

Plies to the end come from an exact memoised search (winner fastest, loser slowest) over
positions as multisets of heap sizes. It runs only while the position has at most
EXACT_PLIES_LIMIT such sub-positions (3-4-5 has 48, 1-3-5-7 has 143, the largest random start
7-7-7-7-7 has 792, five heaps of 15 have 15,504); beyond that (six or more large heaps of a
custom start) `analyse` reports plies as None.
"""
from __future__ import annotations

from bisect import insort
from collections.abc import Iterator
from functools import cache, reduce
from operator import xor
from random import Random

from games.core.kit import levels
from games.core.kit.levels import LOSS, WIN, Grade
from games.nim.rules import Move, State, apply_move, legal_moves

# Old level names (saves and settings from before the shared ladder) -> the nearest preset.
OLD_LEVELS = {"easy": "low"}

# Sub-positions searched for exact plies: about half a second at worst, cold (see bench).
EXACT_PLIES_LIMIT = 20_000
# ... when the computer picks its move, which should come at once: beyond it the fastest win is
# any winning move, and a lost side stalls.
CHOOSE_PLIES_LIMIT = 1_000


def nim_sum(heaps: tuple[int, ...]) -> int:
    return reduce(xor, heaps, 0)


def only_small_heaps(heaps: tuple[int, ...]) -> bool:
    """True when no heap holds 2 or more: where misere play parts from normal play."""
    return all(heap <= 1 for heap in heaps)


def is_winning(state: State) -> bool:
    """Whether the player to move wins with best play (an empty table: misere yes, normal no)."""
    if state.misere and only_small_heaps(state.heaps):
        return state.heaps.count(1) % 2 == 0
    return nim_sum(state.heaps) != 0


def winning_move(state: State) -> Move | None:
    """A move that leaves the opponent lost, or None when there is none."""
    heaps = state.heaps
    if not any(heaps) or not is_winning(state):
        return None
    if state.misere:
        big = [index for index, heap in enumerate(heaps) if heap >= 2]
        if not big:                 # an even number of 1-heaps: take one, leave an odd number
            return Move(heaps.index(1), 1)
        if len(big) == 1:           # empty it or leave 1, whichever leaves an odd number of 1s
            keep = 0 if heaps.count(1) % 2 else 1
            return Move(big[0], heaps[big[0]] - keep)
    total = nim_sum(heaps)
    index = next(index for index, heap in enumerate(heaps) if heap ^ total < heap)
    return Move(index, heaps[index] - (heaps[index] ^ total))


def stalling_order(state: State, move: Move) -> tuple[int, int, int]:
    """How a lost side ranks equally slow losses, smallest first (the promise in info.RULES):
    the fewest counters, then from the largest heap, then the first such heap."""
    return move.take, -state.heaps[move.heap], move.heap


def stalling_move(state: State) -> Move:
    """In a lost position, the computer's best move: the slowest loss it can see, and among
    equally slow ones one counter from the largest heap where that is one of them. Beyond the
    look-ahead every loss is equally slow for all it knows: one from the largest heap."""
    move: Move = graded_moves(state, CHOOSE_PLIES_LIMIT)[0].move
    return move


def level_chance(level: int | str | None) -> int:
    """The percent chance of the best move (games.core.kit.levels); old names still load."""
    return levels.level_chance(level, OLD_LEVELS)


def choose_move(state: State, rng: Random, level: int | str | None = None) -> Move:
    """The computer's move: with the level's chance one of the best moves (the fastest win, or
    the slowest loss), otherwise any legal move at random. level None is perfect play."""
    chance = level_chance(level)
    graded = graded_moves(state, CHOOSE_PLIES_LIMIT)
    if graded and graded[0].value == LOSS:
        # Lost: the best move is the stalling one, listed first (not any of the equally slow).
        best = rng.random() * 100 < chance
        stall: Move = graded[0].move if best else rng.choice(graded).move
        return stall
    chosen: Move = levels.choose_graded(graded, rng, chance)
    return chosen


def canonical(heaps: tuple[int, ...]) -> tuple[int, ...]:
    """The position as a multiset: sorted, without empty heaps."""
    return tuple(sorted(heap for heap in heaps if heap))


def sub_position_count(heaps: tuple[int, ...]) -> int:
    """How many multisets of heap sizes can arise from these heaps (itself included): the
    non-decreasing sequences lying under the sorted heaps, counted one place at a time."""
    ways = [1]                      # ways[v]: sequences so far whose last value is v
    for limit in sorted(heaps):
        ways += [0] * (limit + 1 - len(ways))
        running, extended = 0, []
        for count in ways:
            running += count
            extended.append(running)
        ways = extended
    return sum(ways)


def _children(heaps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    for index, heap in enumerate(heaps):
        if index and heaps[index - 1] == heap:
            continue                # equal heaps give the same children
        rest = list(heaps[:index] + heaps[index + 1:])
        for left in range(heap):
            child = rest.copy()
            if left:
                insort(child, left)
            yield tuple(child)


@cache
def outcome(heaps: tuple[int, ...], misere: bool) -> tuple[bool, int]:
    """(whether the player to move wins, plies to the end) under perfect play, where the
    winner ends the game as fast as it can and the loser as slowly; heaps canonical."""
    if not heaps:
        return misere, 0
    fastest_win: int | None = None
    slowest_loss: int | None = None
    for child in _children(heaps):
        child_wins, plies = outcome(child, misere)
        if child_wins:
            slowest_loss = plies if slowest_loss is None else max(slowest_loss, plies)
        else:
            fastest_win = plies if fastest_win is None else min(fastest_win, plies)
    if fastest_win is not None:
        return True, fastest_win + 1
    assert slowest_loss is not None     # a position with counters has a move
    return False, slowest_loss + 1


def _value(wins: bool) -> levels.Value:
    return WIN if wins else LOSS


def graded_moves(state: State, limit: int = EXACT_PLIES_LIMIT) -> list[Grade]:
    """Every legal move with its value for the player making it and the plies to the end
    counting the move (None beyond `limit` sub-positions), best first: the fastest wins, then
    the slowest losses; equals in stalling_order, so a lost side's first move is its best."""
    exact = sub_position_count(state.heaps) <= limit
    moves = sorted(legal_moves(state), key=lambda move: stalling_order(state, move))
    graded = []
    for move in moves:
        after = apply_move(state, move)
        plies = outcome(canonical(after.heaps), after.misere)[1] + 1 if exact else None
        graded.append((move, _value(not is_winning(after)), plies))
    return levels.best_first(graded)


def evaluate(state: State) -> tuple[levels.Value, int | None]:
    """(value for the player to move, plies to the end under perfect play or None)."""
    plies = (outcome(canonical(state.heaps), state.misere)[1]
             if sub_position_count(state.heaps) <= EXACT_PLIES_LIMIT else None)
    return _value(is_winning(state)), plies


def analyse(state: State) -> dict[str, object]:
    """docs/DESIGN.md: {"value", "plies", "moves": [{"move", "value", "plies"}]}. Values are for
    the player to move (each move's for the player making it); a move's plies count the move
    itself. Moves are listed best first: fastest wins, then slowest losses."""
    value, plies = evaluate(state)
    return {"value": value, "plies": plies,
            "moves": [{"move": move.encode(), "value": move_value, "plies": move_plies}
                      for move, move_value, move_plies in graded_moves(state)]}
