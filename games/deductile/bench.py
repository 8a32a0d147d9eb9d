"""DeducTile figures for `main.py bench`: generation time per difficulty (each puzzle graded by
the deductions it needs, drafts redrawn until the grade fits), and the hint's next step."""
import random
from collections.abc import Callable
from typing import Any

from games.core.kit.game import Sample
from games.core.kit.results import clock_text
from games.deductile import rules, steps


def cases() -> list[dict[str, Any]]:
    def generate(params: rules.Params) -> Callable[[int], str]:
        return lambda i: rules.new_desc(params, random.Random(i))

    expert = rules.Params(6, "expert")
    games = [rules.new_game(expert, rules.new_desc(expert, random.Random(i))) for i in range(10)]

    def step(i: int) -> steps.Step | None:
        # The answer with its last two tiles swapped: most deductions hold for it, so the
        # solver goes a long way before one breaks.
        state = games[i % len(games)]
        return steps.next_step(state.clues, state.tiles, rules.swapped(state.solution, 4, 5,
                                                                       colours_only=False))

    return [
        {"name": "deductile generate easy (4 tiles)", "run": generate(rules.Params(4, "easy")),
         "count": 200, "target_ms": 5.0},
        {"name": "deductile generate normal (4 tiles)", "run": generate(rules.Params(4, "normal")),
         "count": 200, "target_ms": 5.0},
        {"name": "deductile generate hard (4 tiles, pruned)", "run": generate(rules.Params(4,
                                                                                           "hard")),
         "count": 200, "target_ms": 5.0},
        {"name": "deductile generate expert (5 tiles)", "run": generate(rules.Params(5, "expert")),
         "count": 100, "target_ms": 200.0},
        {"name": "deductile generate expert (6 tiles)", "run": generate(expert),
         "count": 50, "target_ms": 200.0},
        {"name": "deductile hint step expert (6 tiles)", "run": step, "count": 50,
         "target_ms": 50.0},
    ]


def sample_result(rng: random.Random) -> dict[str, Any]:
    """A plausible finished game for a made-up history: the time left, won most times."""
    left = min(170, max(0, int(rng.gauss(95, 40))))
    won = left > 0 and rng.random() < 0.85
    return dict(outcome="won" if won else "lost", score=left if won else 0,
                detail=clock_text(left if won else 0), ranked=won, duration=180 - left)


SAMPLE = Sample(("tiles=4,difficulty=normal", "tiles=4,difficulty=hard",
                 "tiles=5,difficulty=expert"), sample_result)
