"""DeducTile figures for `main.py bench`: generation time per difficulty."""
import random

from games.deductile import rules


def cases():
    def generate(params):
        return lambda i: rules.new_desc(params, random.Random(i))
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
        {"name": "deductile generate expert (6 tiles)", "run": generate(rules.Params(6, "expert")),
         "count": 50, "target_ms": 200.0},
    ]
