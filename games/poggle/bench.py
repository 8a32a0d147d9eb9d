"""Poggle's figures for `python main.py bench` (docs/DESIGN.md): fewest-press solves
from dealt boards, the uncached Smith form behind them, and dealing."""
import random

from games.poggle import rules, solver


def _solve_case(size: int, colours: int, count: int, target_ms: float | None) -> dict:
    params = rules.Params(size, colours)
    states = [rules.new_game(params, rules.new_desc(params, random.Random(seed)))
              for seed in range(count)]
    return {"name": f"fewest-press solve {size}x{size}, {colours} colours "
                    f"(kernel {solver.kernel_size(size, colours)})",
            "run": lambda i: solver.solve(states[i]),
            "count": count, "target_ms": target_ms}


def cases() -> list[dict]:
    biggest = rules.Params(12, 5)
    return [
        _solve_case(7, 4, 20, 5.0),
        _solve_case(12, 5, 10, 100.0),
        _solve_case(5, 2, 20, None),
        _solve_case(9, 4, 10, None),
        _solve_case(11, 4, 10, None),
        {"name": "Smith form and kernel, 12x12, 5 colours (uncached)",
         "run": lambda i: solver.smith_form.__wrapped__(12, 5),
         "count": 5, "target_ms": None},
        {"name": "deal 12x12, 5 colours",
         "run": lambda i: rules.new_desc(biggest, random.Random(i)),
         "count": 20, "target_ms": None},
    ]
