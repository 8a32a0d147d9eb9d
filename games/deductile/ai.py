"""A DeducTile player that knows the answer: it swaps each tile into place, then guesses.
Used by `selfplay` and the demo (the clues already fix the solution; finding it is the
player's fun, not the computer's)."""
from __future__ import annotations

import random

from games.core.kit.rules_api import RuleError
from games.deductile import rules


def choose_move(state: rules.State, rng: random.Random | None = None,
                level: object = None) -> rules.Move:
    if level is not None:
        raise RuleError("DeducTile's computer player has no levels")
    arrangement, solution = state.arrangement, state.solution
    for i, (shape, colour) in enumerate(solution):
        if arrangement[i][0] != shape:
            j = next(k for k in range(len(arrangement)) if arrangement[k][0] == shape)
            return rules.Move(rules.SWAP, min(i, j), max(i, j))
        if arrangement[i][1] != colour:
            j = next(k for k in range(len(arrangement)) if arrangement[k][1] == colour)
            return rules.Move(rules.SWAP_COLOURS, min(i, j), max(i, j))
    return rules.Move(rules.GUESS)
