"""Ishido's performance figures for `python main.py bench` (the lead's runner times them)."""
from __future__ import annotations

import random

from games.ishido import ai, rules

POSITIONS = 20          # mid-game positions per rule set
PLACED = 30             # stones placed from the pouch in each of them


def mid_game(rule: str, seed: int) -> rules.State:
    """A position after PLACED careful moves, or the end of the game if it comes sooner."""
    params = rules.Params(rule)
    rng = random.Random(seed)
    state = rules.new_game(params, rules.new_desc(params, rng))
    while state.placed < PLACED and not rules.status(state).over:
        state = rules.apply_move(state, ai.choose_move(state, rng, "careful"))
    return state


def cases() -> list[dict]:
    found = []
    for rule in rules.RULES:
        positions = [mid_game(rule, seed) for seed in range(POSITIONS)]
        found.append({"name": f"ishido legal squares for the next stone ({rule})",
                      "run": lambda i, positions=positions: rules.legal_squares(positions[i]),
                      "count": POSITIONS, "target_ms": 1.0})
        found.append({"name": f"ishido ai move, strongest ({rule})",
                      "run": lambda i, positions=positions: ai.choose_move(
                          positions[i], random.Random(i), None),
                      "count": POSITIONS, "target_ms": None})
    return found
