"""The computer for Four Field Kono: the solved game, and the shared level ladder (pure).

Perfect play is a look-up in the solved table (table.py, made by tools/solve_kono.py): the
value of every position at every clock, and its plies to the end at clock 0. Lower levels mix
in random moves (games.core.kit.levels).

Which move is best: every move that keeps the best value (win, then draw, then loss) at the
clock the game will be at; among wins the one with the fewest plies to the end at clock 0 (the
exact distance where it is known, else the table's clock-0 distance, a lower bound; the game
is won either way, since the value is exact at every clock), among losses the most.

Repetition: the table is exact for a game with no position seen twice since the last capture.
A position seen twice draws when it comes again (its third occurrence), which can only turn a
win or a loss into a draw: a move onto it is a draw, and a move after which the opponent can
step onto one is at best a draw for a winner. Along the table's own winning lines no position
comes round again (the plies to the end fall every ply), so a winner never walks into one.

Plies: the table keeps them exactly at clock 0 (and so after a capture); at a later clock they
are searched from the table (_Distances), exactly, within a node budget, beyond which a win or
loss has plies None: the hint's budget is small (HINT_NODES), analyse's large (ANALYSE_NODES;
in a sample of mid-game positions at random clocks 6 moves in 255 were left without plies, and
the slowest position took 2.2 s). The position text may carry the clock (rules.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from games.core.kit import levels
from games.core.kit.levels import DRAW, FLIPPED, LOSS, WIN, Grade, Value
from games.kono import rules, table
from games.kono.rules import REPETITION_LIMIT, mask_moves, play

if TYPE_CHECKING:
    from random import Random

# Old level names (saves and settings from before the shared ladder) -> the nearest preset.
OLD_LEVELS = {"random": "off", "easy": "low", "hard": "high", "master": "perfect"}


def level_chance(level: int | str | None) -> int:
    """The percent chance of the best move (games.core.kit.levels); old names still load."""
    return levels.level_chance(level, OLD_LEVELS)


def preload() -> None:
    """Read the solved table now (the scene calls this in a background Job)."""
    table.load()


HINT_NODES = 1500       # the hint's plies search: at most about 0.1 s (bench.py)
ANALYSE_NODES = 30000   # analyse's: at most a few seconds, and it rarely needs more


def _ranked(state: rules.State, nodes: int = HINT_NODES
            ) -> list[tuple[rules.Move, Value, int | None, int | None]]:
    """(move, value for the player making it, plies to the end: exact or the table's lower
    bound, exact plies or None) for every legal move, best first. With `nodes` 0, plies beyond
    the table's own are not searched (a look-up only)."""
    solved = table.load()
    own, enemy = rules.masks(state.board, state.to_move)
    clock = state.quiet_plies
    other = rules.opponent(state.to_move)
    drawn = {key for key, count in state.seen if count >= REPETITION_LIMIT - 1}
    distances = _Distances(solved, nodes)
    graded = []
    children = []
    for move in rules.legal_moves(state):
        mine, theirs, captured = play(own, enemy, move.source, move.target)
        entry = solved.entry(theirs, mine)
        children.append((table.outcome(solved.score_of(entry, 0))[1] or 0, entry, move, mine,
                         theirs, captured))
    # The same order however the board is turned, so the node budget runs out alike.
    children.sort(key=lambda child: child[:2])
    for _, entry, move, mine, theirs, captured in children:
        after_clock = 0 if captured else clock + 1
        score = solved.score_of(entry, after_clock)
        value, plies = table.outcome(table.back(score))
        exact = plies if captured or score == -table.WIN else None
        if not captured and score != -table.WIN and value != DRAW and drawn:
            if _key(mine, theirs, state.to_move) in drawn:
                value = DRAW                        # its third occurrence
            elif value == WIN and _escapes(solved, theirs, mine, other, after_clock, drawn):
                value = DRAW                        # the loser steps onto a third occurrence
        if value == DRAW:
            plies = exact = None
        elif exact is None and nodes:
            exact = distances.plies(theirs, mine, after_clock)
            if exact is not None:
                exact += 1
                plies = exact
        graded.append((move, value, plies, exact))
    # Among equals, exact plies first: a win whose exact plies are no more than every other
    # win's lower bound is the fastest, whichever way round the board is.
    graded.sort(key=lambda entry: (levels.preference(entry[1], entry[2]), entry[3] is None))
    return graded


class _OutOfNodes(Exception):
    """The node budget is spent: plies stay unknown."""


class _Distances:
    """Exact plies to the end of decisive positions at a clock above 0, searched from the
    table: the value is exact at every clock and the clock-0 plies are a lower bound (a later
    clock only takes options away from the winner), so the winner's moves are tried from the
    lowest bound up and the search stops once no bound can beat the best found; the loser's
    moves are all needed. A capture, a finished game or clock 0 is exact at once. Limited by a
    node budget (not a clock), so the answer is the same every time; beyond it, None."""

    def __init__(self, solved: table.Table, budget: int) -> None:
        self.solved = solved
        self.budget = budget
        self.nodes = 0
        self.known: dict[tuple[int, int, int], int] = {}

    def plies(self, own: int, enemy: int, clock: int) -> int | None:
        try:
            return self._plies(own, enemy, clock, self.solved.score(own, enemy, clock))
        except _OutOfNodes:
            return None

    def _plies(self, own: int, enemy: int, clock: int, score: int) -> int:
        bound = cast(int, table.outcome(score)[1])    # decisive scores only: never None
        if clock == 0 or score == -table.WIN or clock >= rules.QUIET_LIMIT:
            return bound
        key = (own, enemy, clock)
        if key in self.known:
            return self.known[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfNodes
        children = []
        for source, target in mask_moves(own, enemy):
            mine, theirs, captured = play(own, enemy, source, target)
            after = 0 if captured else clock + 1
            entry = self.solved.entry(theirs, mine)
            child = self.solved.score_of(entry, after)
            if score > 0 and child >= 0:
                continue                    # not a winning move
            lowest = cast(int, table.outcome(child)[1])     # decisive: a loss, or a win
            children.append((lowest, entry, theirs, mine, after, child))
        children.sort(key=lambda child: child[:2])      # as in _ranked: however it is turned
        if score > 0:
            best: int | None = None
            for lowest, _, theirs, mine, after, child in children:
                if best is not None and lowest + 1 >= best:
                    break
                found = self._plies(theirs, mine, after, child) + 1
                best = found if best is None else min(best, found)
        else:
            best = max(self._plies(theirs, mine, after, child) + 1
                       for _, _, theirs, mine, after, child in children)
        self.known[key] = cast(int, best)    # a won position has a winning move
        return cast(int, best)


def _key(mover: int, other: int, mover_side: str) -> str:
    """The position key after `mover_side` moved: the other side is to move."""
    return "".join(rules.board_of(mover, other, mover_side)) + ":" + rules.opponent(mover_side)


def _escapes(solved: table.Table, own: int, enemy: int, side: str, clock: int,
             drawn: set[str]) -> bool:
    """Whether `side` (to move, with `own`) has a step onto a position seen twice that does not
    lose at once (a side with no move has lost even on a repeated position)."""
    for source, target in mask_moves(own, enemy):
        mine, theirs, captured = play(own, enemy, source, target)
        if (not captured and _key(mine, theirs, side) in drawn
                and solved.score(theirs, mine, clock + 1) != -table.WIN):
            return True
    return False


def graded_moves(state: rules.State, nodes: int = HINT_NODES) -> list[Grade]:
    """Every legal move with its value for the player making it and the plies to the end
    counting the move (None for a draw or where not exact), best first."""
    return [Grade(move, value, exact) for move, value, _, exact in _ranked(state, nodes)]


def choose_move(state: rules.State, rng: Random, level: int | str | None = None) -> rules.Move:
    """The computer's move: with the level's chance one of the best moves (picked at random
    among equals), otherwise any legal move at random. A table look-up: it keeps the value
    exactly and takes the win the table's distances say is fastest."""
    chance = level_chance(level)
    ranked = [(move, value, plies) for move, value, plies, _ in _ranked(state, nodes=0)]
    return cast(rules.Move, levels.choose_graded(ranked, rng, chance))


def accepts_draw(state: rules.State, player: int) -> bool:
    """Whether the computer playing `player` (0 Black, 1 White) accepts a draw offered now:
    yes unless the solved table says it can force a win (a look-up, as its moves are)."""
    value = Value(_ranked(state, nodes=0)[0][1] if rules.legal_moves(state) else
                  evaluate(state)[0])
    if rules.current_player(state) != player:
        value = FLIPPED[value]
    return value != WIN


def evaluate(state: rules.State, nodes: int = ANALYSE_NODES) -> tuple[str, int | None]:
    """(value for the side to move, plies to the end or None) under perfect play."""
    result = rules.status(state)
    if result.over:
        if result.winner is None:
            return DRAW, None
        return (WIN if result.winner == rules.current_player(state) else LOSS), 0
    ranked = _ranked(state, nodes)
    _, value, _, exact = ranked[0]
    if state.quiet_plies == 0 and value != DRAW:
        # At clock 0 the table's distance is exact (no position has been seen twice yet).
        score = table.load().score(*rules.masks(state.board, state.to_move), 0)
        return table.outcome(score)
    if value == WIN:
        return value, None if exact is None else exact
    if value == LOSS and all(entry[3] is not None for entry in ranked):
        return value, max(cast(int, entry[3]) for entry in ranked)
    return value, None


def analyse(state: rules.State) -> dict[str, Any]:
    """docs/DESIGN.md: {"value", "plies", "moves": [{"move", "value", "plies"}]}, best first;
    values exact at the position's clock, plies where exact (see the module's docstring)."""
    value, plies = evaluate(state)
    return {"value": value, "plies": plies,
            "moves": [{"move": move.encode(), "value": move_value, "plies": move_plies}
                      for move, move_value, move_plies in graded_moves(state, ANALYSE_NODES)]}
