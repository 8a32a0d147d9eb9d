"""Poggle's figures for `python main.py bench` (DESIGN.md section 8): fewest-press solves
from dealt boards, the uncached Smith form behind them, and dealing; and the frame-cost
bench's pose of the scene."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.poggle import controls, rules, solver
from games.poggle.board import Move, Params
from games.poggle.planner import nearest_press

if TYPE_CHECKING:
    from games.poggle.scene import PoggleScene

Case = dict[str, Any]
STRETCH = 400.0          # the pose's ripple runs this many times slower


def _solve_case(size: int, colours: int, count: int, target_ms: float | None) -> Case:
    params = Params(size, colours)
    states = [rules.new_game(params, rules.new_desc(params, random.Random(seed)))
              for seed in range(count)]
    return {"name": f"fewest-press solve {size}x{size}, {colours} colours "
                    f"(kernel {solver.kernel_size(size, colours)})",
            "run": lambda i: solver.solve(states[i]),
            "count": count, "target_ms": target_ms}


def cases() -> list[Case]:
    biggest = Params(12, 5)
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


def pose(scene: PoggleScene) -> None:
    """The scene's most expensive everyday look: mid-ripple from a press in the middle (an
    undo's, slowed down so it stays mid-ripple while the bench draws), a key of the solution
    lit as a hint's is (a look only: no hint is counted) and the keyboard cursor shown."""
    from games.poggle.view import ripple  # pygame: not on the bench cases' path
    scene.planner.wait()
    grid = scene.planner.get(scene.state.board)
    if isinstance(grid, tuple):
        cell = nearest_press(grid, scene.ui.cursor)
        if cell is not None:
            scene.light(cell)
    scene.pretend_device(Device.KEYBOARD)
    press = Move(*controls.home(scene.state.params))
    before = rules.apply_move(scene.state, press)
    scene.ripple = ripple(before.board, scene.state.board, press, False, scene.tweens,
                          stretch=STRETCH)
    scene.tweens.update(0.12 * STRETCH)
