"""Lamps' computer player (the demo's and the hint's): a press of a shortest solution."""
from __future__ import annotations

from tests.tiny_game import rules


def choose_move(state: rules.State, rng, level=None) -> rules.Move | None:
    plan = rules.solution(state.lamps)
    if not plan or not any(plan):
        return None
    return rules.Move(plan.index(1))
