"""Performance figures for `main.py bench`: Master's move from the start, from mid-game
positions and inside the endgame table (target 0.2 s each on the 2-core machine), analyse
from the start, building the endgame table on first use (target 1 s; numpy is already
imported here, which adds about 0.1 s to the very first build), and solving a tier again
when the game has repeated positions inside the table (Master's first move after that)."""
import random

from games.kono import ai, endgame, rules


def _middle_game(seed: int) -> rules.State:
    """A position 10-28 plies into a game between two medium players, seeded."""
    rng = random.Random(seed)
    state = rules.new_game(rules.Params(), rules.START)
    for _ in range(10 + 2 * seed):
        after = rules.apply_move(state, ai.choose_move(state, rng, "medium"))
        if rules.status(after).over:
            break
        state = after
    return state


def _endgame(seed: int) -> rules.State:
    """Two against three pieces, placed at random (seeded), either side to move."""
    rng = random.Random(seed)
    while True:
        points = rng.sample(range(rules.POINTS), 5)
        board = ["."] * rules.POINTS
        for number, point in enumerate(points):
            board[point] = "B" if number < 2 + seed % 2 else "W"
        state = rules.parse_position("".join(board) + ":" + rng.choice("BW"))
        if not rules.status(state).over:
            return state


def _build_table(_index: int) -> None:
    endgame.table.cache_clear()
    endgame.table()


def _solve_with_repeats(index: int) -> None:
    """Three against two with one position seen twice, seeded."""
    rng = random.Random(index)
    points = rng.sample(range(rules.POINTS), 5)
    own = sum(1 << point for point in points[:3])
    enemy = sum(1 << point for point in points[3:])
    endgame._drawn_table.cache_clear()
    endgame.table().with_draws({(own, enemy, index % 2)})


def cases() -> list[dict]:
    start = rules.new_game(rules.Params(), rules.START)
    middles = [_middle_game(seed) for seed in range(10)]
    ends = [_endgame(seed) for seed in range(10)]
    endgame.table()     # built once here, so the move timings below do not include it
    return [
        {"name": "table build (first use)", "count": 3, "target_ms": 1000.0,
         "run": _build_table},
        {"name": "master move, start", "count": 5, "target_ms": 200.0,
         "run": lambda i: ai.choose_move(start, random.Random(i), "master")},
        {"name": "master move, mid-game", "count": len(middles), "target_ms": 200.0,
         "run": lambda i: ai.choose_move(middles[i], random.Random(i), "master")},
        {"name": "master move, endgame table", "count": len(ends), "target_ms": 200.0,
         "run": lambda i: ai.choose_move(ends[i], random.Random(i), "master")},
        {"name": "analyse start", "count": 3, "target_ms": 1000.0,
         "run": lambda i: ai.analyse(start)},
        {"name": "table again with repeats", "count": 3, "target_ms": 500.0,
         "run": _solve_with_repeats},
    ]
