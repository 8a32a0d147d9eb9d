"""The computer for Four Field Kono: the solved game, and the shared level ladder (pure).

Perfect play is a look-up in the solved table (table.py, made by tools/solve_kono.py): the
value of every position at every clock, and its plies to the end at clock 0. Lower levels mix
in random moves (games.core.levels).

Which move is best: every move that keeps the best value (win, then draw, then loss) at the
clock the game will be at; among wins the one with the fewest plies to the end at clock 0 (the
distance the table knows exactly; at a later clock it is a lower bound, so the game is still
won, since the value is exact at every clock), among losses the most.

Repetition: the table is exact for a game with no position seen twice since the last capture.
A position seen twice draws when it comes again (its third occurrence), which can only turn a
win or a loss into a draw: a move onto it is a draw, and a move after which the opponent can
step onto one is at best a draw for a winner. Along the table's own winning lines no position
comes round again (the plies to the end fall every ply), so a winner never walks into one.

Plies shown (graded moves, analyse) are exact where the table knows them exactly: a capture
(the clock starts again at 0), and a position at clock 0; elsewhere a win or loss has plies
None. The position text may carry the clock (rules.py): `analyse` is exact for it.
"""
from __future__ import annotations

from games.core import levels
from games.core.levels import DRAW, LEVELS, LOSS, WIN, Grade
from games.kono import rules, table
from games.kono.rules import REPETITION_LIMIT, mask_moves, play

# Old level names (saves and settings from before the shared ladder) -> the nearest preset.
OLD_LEVELS = {"random": "off", "easy": "low", "hard": "high", "master": "perfect"}


def level_chance(level: int | str | None) -> int:
    """The percent chance of the best move (games.core.levels); old names still load."""
    return levels.level_chance(level, OLD_LEVELS)


def preload() -> None:
    """Read the solved table now (the scene calls this in a background Job)."""
    table.load()


def _ranked(state: rules.State) -> list[tuple[rules.Move, str, int | None, int | None]]:
    """(move, value for the player making it, plies to the end at clock 0 or a lower bound,
    exact plies or None) for every legal move, best first."""
    solved = table.load()
    own, enemy = rules.masks(state.board, state.to_move)
    clock = state.quiet_plies
    other = rules.opponent(state.to_move)
    drawn = {key for key, count in state.seen if count >= REPETITION_LIMIT - 1}
    graded = []
    for move in rules.legal_moves(state):
        mine, theirs, captured = play(own, enemy, move.source, move.target)
        after_clock = 0 if captured else clock + 1
        score = solved.score(theirs, mine, after_clock)
        value, plies = table.outcome(table.back(score))
        exact = plies if captured or score == -table.WIN else None
        if not captured and score != -table.WIN and value != DRAW and drawn:
            if _key(mine, theirs, state.to_move) in drawn:
                value = DRAW                        # its third occurrence
            elif value == WIN and _escapes(solved, theirs, mine, other, after_clock, drawn):
                value = DRAW                        # the loser steps onto a third occurrence
        if value == DRAW:
            plies = exact = None
        graded.append((move, value, plies, exact))
    # Among equals, exact plies first: a win whose exact plies are no more than every other
    # win's lower bound is the fastest, whichever way round the board is.
    graded.sort(key=lambda entry: (levels.preference(entry[1], entry[2]), entry[3] is None))
    return graded


def _key(mover: int, other: int, mover_side: str) -> str:
    """The position key after `mover_side` moved: the other side is to move."""
    return "".join(rules.board_of(mover, other, mover_side)) + ":" + rules.opponent(mover_side)


def _escapes(solved, own, enemy, side, clock, drawn) -> bool:
    """Whether `side` (to move, with `own`) has a step onto a position seen twice that does not
    lose at once (a side with no move has lost even on a repeated position)."""
    for source, target in mask_moves(own, enemy):
        mine, theirs, captured = play(own, enemy, source, target)
        if (not captured and _key(mine, theirs, side) in drawn
                and solved.score(theirs, mine, clock + 1) != -table.WIN):
            return True
    return False


def graded_moves(state: rules.State) -> list[Grade]:
    """Every legal move with its value for the player making it and the plies to the end
    counting the move (None for a draw or where not exact), best first."""
    return [Grade(move, value, exact) for move, value, _, exact in _ranked(state)]


def choose_move(state: rules.State, rng, level: int | str | None = None) -> rules.Move:
    """The computer's move: with the level's chance one of the best moves (picked at random
    among equals), otherwise any legal move at random."""
    chance = level_chance(level)
    ranked = [(move, value, plies) for move, value, plies, _ in _ranked(state)]
    return levels.choose_graded(ranked, rng, chance)


def evaluate(state: rules.State) -> tuple[str, int | None]:
    """(value for the side to move, plies to the end or None) under perfect play."""
    result = rules.status(state)
    if result.over:
        if result.winner is None:
            return DRAW, None
        return (WIN if result.winner == rules.current_player(state) else LOSS), 0
    ranked = _ranked(state)
    _, value, _, exact = ranked[0]
    if state.quiet_plies == 0 and value != DRAW:
        # At clock 0 the table's distance is exact (no position has been seen twice yet).
        score = table.load().score(*rules.masks(state.board, state.to_move), 0)
        return table.outcome(score)
    if value == WIN:
        return value, None if exact is None else exact
    if value == LOSS and all(entry[3] is not None for entry in ranked):
        return value, max(entry[3] for entry in ranked)
    return value, None


def analyse(state: rules.State) -> dict:
    """DESIGN.md s6: {"value", "plies", "moves": [{"move", "value", "plies"}]}, best first;
    values exact at the position's clock, plies where exact (see the module's docstring)."""
    value, plies = evaluate(state)
    return {"value": value, "plies": plies,
            "moves": [{"move": move.encode(), "value": move_value, "plies": move_plies}
                      for move, move_value, move_plies in graded_moves(state)]}
