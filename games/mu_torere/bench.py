"""Performance cases for `python main.py bench`: solving the whole game, and a computer move."""
from __future__ import annotations

import random

from games.mu_torere import ai, rules

SOLVE_TARGET_MS = 100.0      # the issue: the whole game solved well under 0.1 s
MOVE_TARGET_MS = 16.0        # a computer move within one frame at 60 Hz


def solve_cold(_: int) -> None:
    ai.position_graph.cache_clear()
    ai.solve.cache_clear()
    ai.solve()


def game_states(count: int) -> list[rules.State]:
    """Positions from seeded games of a perfect player against a random one, with their
    histories, so some moves need the table solved again for repeated positions."""
    states = []
    seed = 0
    while len(states) < count:
        rng = random.Random(seed)
        state = rules.parse_position(rules.START)
        while not rules.status(state).over and len(states) < count:
            states.append(state)
            level = 100 if rules.current_player(state) == seed % 2 else 0
            state = rules.apply_move(state, ai.choose_move(state, rng, level))
        seed += 1
    return states


def cases() -> list[dict]:
    states = game_states(200)
    return [
        {"name": "mu_torere solve (cold)", "run": solve_cold, "count": 20,
         "target_ms": SOLVE_TARGET_MS},
        {"name": "mu_torere computer move (level 100)",
         "run": lambda index: ai.choose_move(states[index], random.Random(index), 100),
         "count": len(states), "target_ms": MOVE_TARGET_MS},
    ]
