"""Mu Torere's perfect-play computer: every position solved once by retrograde analysis.

The table gives, for each of the 1,260 positions (630 boards, either side to move), the value
for the side to move and the plies to the end under perfect play: the winner wins as fast as
it can, the loser loses as slowly as it can. Draws have no plies.

History matters where the table cannot see it: a position already seen twice draws when it
comes a third time, which can spoil a win (the loser steers into it, or the winner's fastest
line passes through it). The table is then solved again with those positions as draws. That
is exact: a win played from the table never repeats a position, since the plies to the end
fall every ply, so only positions seen twice before can break it. Only positions won or lost
in the table need this; marking a drawn one changes nothing. The 200-ply limit turns a win or
loss that would end after it into a draw. (Checked against a brute-force search over real
game histories while this was written.)
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from games.core.kit import levels
from games.core.kit.levels import DRAW, FLIPPED, LOSS, WIN, Grade, Value
from games.mu_torere import rules

if TYPE_CHECKING:
    from random import Random

Solved = MappingProxyType[str, tuple[Value, int | None]]   # key -> (value, plies or None)


@lru_cache(maxsize=1)
def position_graph() -> dict[str, dict[tuple[int, int], str]]:
    """Every position (four pieces each, one empty point, either side to move) and, for each
    of its board moves (source, target), the position it leads to."""
    graph = {}
    for empty in range(9):
        others = [point for point in range(9) if point != empty]
        for blacks in combinations(others, 4):
            board = tuple(rules.EMPTY if point == empty else "B" if point in blacks else "W"
                          for point in range(9))
            for side in rules.SIDES:
                graph[rules.position_key(board, side)] = {
                    (source, target): rules.position_key(rules.moved(board, source, target),
                                                         rules.opponent(side))
                    for source, target in rules.board_moves(board, side)}
    return graph


@lru_cache(maxsize=64)
def solve(drawn: frozenset[str] = frozenset()) -> Solved:
    """Position key -> (value for the side to move, plies to the end or None for a draw).
    Positions in `drawn` count as draws: the next occurrence of each would be its third."""
    graph = position_graph()
    parents: dict[str, list[str]] = {key: [] for key in graph}
    for key, children in graph.items():
        for child in children.values():
            parents[child].append(key)
    table: dict[str, tuple[Value, int | None]] = {key: (DRAW, None) for key in drawn}
    undecided = {key: len(children) for key, children in graph.items()}
    queue: deque[str] = deque()
    for key, children in graph.items():
        if not children and key not in drawn:
            table[key] = (LOSS, 0)
            queue.append(key)
    # Breadth first, so plies never fall: a win is found through its fastest loss, and a loss
    # is settled by its slowest win.
    while queue:
        key = queue.popleft()
        value, plies = cast(tuple[Value, int], table[key])     # queued: decided, plies known
        for parent in parents[key]:
            if parent in table:
                continue
            if value == LOSS:
                table[parent] = (WIN, plies + 1)
                queue.append(parent)
            else:
                undecided[parent] -= 1
                if not undecided[parent]:
                    table[parent] = (LOSS, plies + 1)
                    queue.append(parent)
    for key in graph:
        table.setdefault(key, (DRAW, None))
    return MappingProxyType(table)      # read-only: it is shared through the cache


def table_for(state: rules.State) -> Solved:
    """The solved table that holds for this game's history."""
    plain = solve()
    drawn = frozenset(key for key, count in state.seen
                      if count >= rules.REPETITION_LIMIT - 1 and plain[key][0] != DRAW)
    return solve(drawn) if drawn else plain


def graded_moves(state: rules.State) -> list[Grade]:
    """Every legal move with its value for the player making it (win / draw / loss) and the
    plies to the end under perfect play, counting the move itself; best first: the fastest
    wins, then draws, then the slowest losses."""
    table = table_for(state)
    children = position_graph()[state.key]
    plies_left = rules.PLY_LIMIT - state.ply
    graded: list[tuple[rules.Move, Value, int | None]] = []
    for move in rules.legal_moves(state):
        value, plies = table[children[move.source, move.target]]
        value, plies = FLIPPED[value], None if plies is None else plies + 1
        if plies is not None and plies > plies_left:
            value, plies = DRAW, None
        graded.append((move, value, plies))
    return levels.best_first(graded)


def evaluate(state: rules.State) -> tuple[Value, int | None]:
    """(value for the side to move, plies to the end) under perfect play from here."""
    result = rules.status(state)
    if result.over:
        return (DRAW, None) if result.winner is None else (LOSS, 0)
    _, value, plies = graded_moves(state)[0]
    return value, plies


def analyse(state: rules.State) -> dict[str, Any]:
    """docs/DESIGN.md: {"value", "plies", "moves": [{"move", "value", "plies"}]}, best first."""
    value, plies = evaluate(state)
    return {"value": value, "plies": plies,
            "moves": [{"move": move.encode(), "value": move_value, "plies": move_plies}
                      for move, move_value, move_plies in graded_moves(state)]}


def level_chance(level: int | str | None) -> int:
    """The percent chance of the best move (games.core.kit.levels)."""
    return levels.level_chance(level)


def choose_move(state: rules.State, rng: Random, level: int | str | None = None) -> rules.Move:
    """The computer's move: with the level's chance one of the best moves (picked at random
    among equals), otherwise any legal move at random."""
    chance = level_chance(level)
    return cast(rules.Move, levels.choose_graded(graded_moves(state), rng, chance))


def accepts_draw(state: rules.State, player: int) -> bool:
    """Whether the computer playing `player` (0 Black, 1 White) accepts a draw offered now:
    yes unless it can force a win."""
    value, _ = evaluate(state)
    if rules.current_player(state) != player:
        value = FLIPPED[value]
    return value != WIN
