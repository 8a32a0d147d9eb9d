"""The computer for Four Field Kono, from random moves to Master (pure).

Master is exact wherever it can know: positions of at most endgame.MAX_PIECES pieces come
from the endgame table (value and plies to the end at the current clock), and above them an
alpha-beta search with iterative deepening looks for captures into the table, the 50-ply draw
and repetitions. The search is limited by a node budget, not a clock, so a move is the same
for the same position and seed. It stops deepening early once every line it looks at ends
within its depth (a finished game, the table, a draw): nothing deeper could change it.

Repetition: the search counts positions since the last capture, the game's and its own line's
together, and scores a third occurrence as a draw. The table is exact while no position has
been seen twice. When the game has already repeated positions and stands inside the table with
a win or a loss at stake, the table is solved again with those positions as draws (a few
tenths of a second at most, once per set of repeated positions), which is exact while the line
repeats nothing more. Where neither holds, a table win or loss is only a bound (the other side
may yet force a repetition): the position is searched and its score clipped to the bound.
Among moves of equal score Master prefers the ones whose value is known exactly.

Scores are for the side to move, in the table's units (endgame.WIN): the fastest wins and the
slowest losses score highest, and the estimate (pieces and free steps) lies in between.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core import levels
from games.core.levels import LEVELS, Grade
from games.core.rules_api import IllegalMove
from games.kono import endgame, rules
from games.kono.endgame import DECISIVE, WIN, back
from games.kono.rules import QUIET_LIMIT, REPETITION_LIMIT, mask_moves, play

INFINITY = 4 * WIN
PIECE = 100                     # the estimate: a piece more than the opponent
STEP = 4                        # ... and each step move more
ESTIMATE_MARGIN = PIECE         # analyse: an estimate this far from 0 reads as a win or loss
FOREVER = 1 << 20               # the depth a transposition holds for when it is exact
DEEPEST = 60                    # plies; the budget stops the search long before this
MASTER_NODES = 12000            # sized with bench.py: a Master move in about 0.1 s


@dataclass(frozen=True)
class Level:
    nodes: int                  # search budget per move
    table: bool                 # consult the endgame table


MASTER = Level(MASTER_NODES, True)


@dataclass(frozen=True)
class _Grade:
    move: rules.Move
    score: int                  # for the player making the move; higher is better
    value: str | None           # "win" / "draw" / "loss" when proved, None for an estimate
    plies: int | None           # plies to the end counting this move, for an exact win or loss
    exact: bool                 # value and plies are exact

# Old level names (saves and settings from before the shared ladder) -> the nearest preset.
OLD_LEVELS = {"random": "off", "easy": "low", "hard": "high", "master": "perfect"}


def level_chance(level: int | str | None) -> int:
    """The percent chance of the best move (games.core.levels); old names still load."""
    return levels.level_chance(level, OLD_LEVELS)


def choose_move(state: rules.State, rng, level: int | str | None = None) -> rules.Move:
    """The computer's move: with the level's chance the best move, else a random legal one."""
    chance = level_chance(level)
    moves = rules.legal_moves(state)
    if not moves:
        raise IllegalMove("The game is over; there is no move to choose.")
    if rng.random() * 100 >= chance:
        return rng.choice(moves)
    rng.shuffle(moves)
    return _rank(state, moves, MASTER, each_exact=False)[0][0].move


def graded_moves(state: rules.State) -> list[Grade]:
    """Every legal move, best first: win / draw / loss for the player making it, with plies
    where that is known."""
    return [Grade(grade.move, grade.value or _estimate(grade.score), grade.plies)
            for grade in _rank(state, rules.legal_moves(state), MASTER, each_exact=True)[0]]


def evaluate(state: rules.State) -> tuple[str, int | None]:
    """(value for the side to move, plies to the end or None)."""
    result = analyse(state)
    return result["value"], result["plies"]


def analyse(state: rules.State) -> dict:
    """DESIGN.md s6: {"value", "plies", "moves": [{"move", "value", "plies"}]}, best first.
    Values are for the player to move (for a move: for the player making it), plies count to
    the end (for a move, the move included). Inside the table both are exact; elsewhere an
    unproven value is the search's estimate and its plies are null."""
    result = rules.status(state)
    if result.over:
        if result.winner is None:
            return {"value": "draw", "plies": None, "moves": []}
        won = result.winner == rules.current_player(state)
        return {"value": "win" if won else "loss", "plies": 0, "moves": []}
    grades, known = _rank(state, rules.legal_moves(state), MASTER, each_exact=True)
    best = grades[0]
    if known is not None:
        value, plies = endgame.outcome(known)
    elif all(grade.exact for grade in grades):
        value, plies = best.value, best.plies
    elif best.value == "win" or all(grade.value == "loss" for grade in grades):
        value, plies = best.value, None
    else:
        value, plies = _estimate(best.score), None
    return {"value": value, "plies": plies,
            "moves": [{"move": grade.move.encode(), "value": grade.value or _estimate(grade.score),
                       "plies": grade.plies} for grade in grades]}


def _estimate(score: int) -> str:
    if score >= ESTIMATE_MARGIN:
        return "win"
    return "loss" if score <= -ESTIMATE_MARGIN else "draw"


def _rank(state, moves, level, each_exact):
    """(grades best first, the exact score of the position itself or None). With each_exact
    every move is searched with a full window, so each score is its own; otherwise only the
    best one is, and the others are bounds showing they are no better."""
    side = rules.current_player(state)
    own, enemy = rules.masks(state.board, state.to_move)
    clock = state.quiet_plies
    counts = {}
    for key, count in state.seen:
        seen = rules.parse_position(key)
        counts[(*rules.masks(seen.board, seen.to_move), rules.current_player(seen))] = count
    table = endgame.table() if level.table else None
    search = _Search(table, level.nodes, counts)
    if table and search.doubles and table.score(own, enemy, clock):
        search.table = table.with_draws(key for key, count in counts.items() if count >= 2)
        search.exact_doubles = search.doubles
    # A position standing for the second time counts as drawn in a table solved with the
    # game's repeats, which holds for coming back to it, not for being here: see the moves.
    itself = (search.settled(own, enemy, side, clock, mask_moves(own, enemy))[0]
              if state.repetitions == 1 else None)

    pairs = [(move.source, move.target) for move in moves]
    scores, exact = {}, set()
    for pair in pairs:
        known = search.child(own, enemy, side, clock, pair, None, 0, 0)
        if known is not None:
            scores[pair] = known
            exact.add(pair)
    pending = [pair for pair in pairs if pair not in exact]
    for depth in range(1, DEEPEST + 1):
        if not pending:
            break
        found, open_ended = {}, False
        alpha = max((scores[pair] for pair in exact), default=-INFINITY)
        try:
            for pair in pending:
                search.horizon = False
                found[pair] = search.child(own, enemy, side, clock, pair, depth,
                                           -INFINITY if each_exact else alpha, INFINITY)
                alpha = max(alpha, found[pair])
                open_ended |= search.horizon
        except _OutOfNodes:
            break
        scores.update(found)
        if not open_ended:          # every line ended: deeper searches would say the same
            if each_exact:
                exact.update(pending)
            break
        pending.sort(key=lambda pair: -scores[pair])
        search.enforce_budget = True

    # Settled moves first, then the searched ones in search order: a move searched after the
    # best may score the same as a bound, and the stable sort keeps the best ahead of it.
    move_of = dict(zip(pairs, moves))
    grades = []
    for pair in [pair for pair in pairs if pair not in pending] + pending:
        score = scores[pair]
        value, plies = endgame.outcome(score)
        proved = pair in exact or abs(score) > DECISIVE
        grades.append(_Grade(move_of[pair], score, value if proved else None,
                            plies if pair in exact else None, pair in exact))
    grades.sort(key=lambda grade: (-grade.score, not grade.exact))
    return grades, itself


class _OutOfNodes(Exception):
    """The node budget is spent: the last complete iteration stands."""


class _Search:
    """One move's search. `counts` holds the positions since the last capture, the game's and
    the current line's, keyed (own, enemy, side to move); `doubles` counts those seen twice.
    `table` is the endgame table (or None), exact while `doubles` is `exact_doubles`: 0 for
    the plain table; the game's own count for a table solved with the game's repeated
    positions as draws (until a capture, which starts afresh with fewer pieces)."""

    def __init__(self, table, budget, counts):
        self.table = table
        self.budget = budget
        self.nodes = 0
        self.enforce_budget = False     # the first iteration always completes
        self.counts = counts
        self.doubles = sum(count >= 2 for count in counts.values())
        self.exact_doubles = 0
        self.horizon = False            # did the search stop anywhere at its depth limit?
        self.transpositions = {}        # (own, enemy, clock) -> (depth, score, bound, move)

    def settled(self, own, enemy, side, clock, moves):
        """(exact score or None, table score or None) of a position before searching it."""
        if not moves:
            return -WIN, None
        if self.counts[(own, enemy, side)] >= REPETITION_LIMIT or clock >= QUIET_LIMIT:
            return 0, None
        known = self.table.score(own, enemy, clock, side) if self.table else None
        if known is not None and (known == 0 or self.doubles == self.exact_doubles):
            return known, known
        return None, known

    def child(self, own, enemy, side, clock, move, depth, alpha, beta):
        """The score for the side playing `move` = (source, target), searched to `depth`; with
        depth None, its score if settled without a search, else None."""
        own, enemy, captured = play(own, enemy, *move)
        key = (enemy, own, 1 - side)
        saved = self._enter(key, captured)
        clock = 0 if captured else clock + 1
        if depth is None:
            score = self.settled(enemy, own, 1 - side, clock, mask_moves(enemy, own))[0]
        else:
            score = self.negamax(enemy, own, 1 - side, clock, depth - 1,
                                 _child_bound(beta), _child_bound(alpha))
        self._leave(key, saved)
        return None if score is None else back(score)

    def _enter(self, key, captured):
        if captured:                    # no earlier position can come again: count afresh
            saved = self.counts, self.doubles, self.exact_doubles
            self.counts, self.doubles, self.exact_doubles = {key: 1}, 0, 0
            return saved
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        self.doubles += count == 2
        return None

    def _leave(self, key, saved):
        if saved:
            self.counts, self.doubles, self.exact_doubles = saved
            return
        count = self.counts[key] - 1
        self.doubles -= count == 1
        if count:
            self.counts[key] = count
        else:
            del self.counts[key]

    def negamax(self, own, enemy, side, clock, depth, alpha, beta):
        self.nodes += 1
        if self.enforce_budget and self.nodes > self.budget:
            raise _OutOfNodes
        moves = mask_moves(own, enemy) if own.bit_count() >= endgame.FEWEST else []
        exact, known = self.settled(own, enemy, side, clock, moves)
        if exact is not None:
            return exact
        low, high = -INFINITY, INFINITY
        if known is not None:           # a bound: a repetition may turn it into a draw
            low, high = (0, known) if known > 0 else (known, 0)
            if high <= alpha:
                return high
            if low >= beta:
                return low
        if depth <= 0:
            return min(max(self.quiesce(own, enemy, side, moves, alpha, beta), low), high)

        entry = self.transpositions.get((own, enemy, clock))
        best_move = None
        if entry:
            entry_depth, score, bound, best_move = entry
            if entry_depth >= depth and (bound == _EXACT or bound == _LOWER and score >= beta
                                         or bound == _UPPER and score <= alpha):
                self.horizon |= entry_depth < FOREVER
                return score
        outer_horizon, self.horizon = self.horizon, False
        start_alpha, best = alpha, -INFINITY
        for move in _ordered(moves, enemy, best_move):
            score = self.child(own, enemy, side, clock, move, depth, alpha, beta)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        best = min(max(best, low), high)
        bound = _LOWER if best >= beta else _UPPER if best <= start_alpha else _EXACT
        self.transpositions[(own, enemy, clock)] = (depth if self.horizon else FOREVER, best,
                                                    bound, best_move)
        self.horizon |= outer_horizon
        return best

    def quiesce(self, own, enemy, side, moves, alpha, beta):
        """Stand on the estimate, or play on through captures (they change the material)."""
        self.horizon = True
        best = _estimate_score(own, enemy)
        if best >= beta:
            return best
        alpha = max(alpha, best)
        for move in moves:
            if enemy >> move[1] & 1:
                score = self.child(own, enemy, side, 0, move, 0, alpha, beta)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        return best


_EXACT, _LOWER, _UPPER = 0, 1, 2       # what a transposition's score is: the value or a bound


def _child_bound(bound: int) -> int:
    """The child's score whose back() is `bound`: the window edge seen from the child."""
    if bound >= INFINITY or bound <= -INFINITY:
        return -bound
    if bound > DECISIVE:
        return -1 - bound
    if bound < -DECISIVE:
        return 1 - bound
    return -bound


def _ordered(moves, enemy, first):
    """The transposition's best move first, then captures, then steps."""
    ordered = sorted(moves, key=lambda move: not enemy >> move[1] & 1)
    if first in moves:
        ordered.remove(first)
        ordered.insert(0, first)
    return ordered


_NOT_LEFT = sum(1 << point for point in range(rules.POINTS) if point % rules.SIZE)
_NOT_RIGHT = sum(1 << point for point in range(rules.POINTS)
                 if point % rules.SIZE < rules.SIZE - 1)


def _steps(pieces: int, empty: int) -> int:
    """How many step moves `pieces` have on this board."""
    return (((pieces & _NOT_RIGHT) << 1 & empty).bit_count()
            + ((pieces & _NOT_LEFT) >> 1 & empty).bit_count()
            + (pieces << rules.SIZE & empty).bit_count()
            + (pieces >> rules.SIZE & empty).bit_count())


def _estimate_score(own: int, enemy: int) -> int:
    empty = rules.FULL ^ (own | enemy)
    return (PIECE * (own.bit_count() - enemy.bit_count())
            + STEP * (_steps(own, empty) - _steps(enemy, empty)))
