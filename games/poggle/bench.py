"""Poggle's figures for `python main.py bench` (docs/DESIGN.md): fewest-press solves
from dealt boards (5x5 to 7x7 beside Tatham's Flip, which solves the two-colour game: measured
elsewhere, shown and not divided into ours), the first solve of a size and colour count (its
chase form built from nothing), and dealing; and the frame-cost bench's pose of the scene."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.core.kit.game import Sample
from games.poggle import controls, rules, solver
from games.poggle.board import Move, Params
from games.poggle.planner import nearest_press

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

Case = dict[str, Any]
STRETCH = 400.0          # the pose's ripple runs this many times slower


# Flip's solve (flip.c's solve_game on a crosses board from its own generator), median us.
FLIP_US = {5: 5.1, 6: 7.6, 7: 12.3}
FLIP = {"peer": "Tatham's Flip (C, -O2), two colours", "date": "2026-11-25",
        "source": "issue 24: CPU time of solve_game, 900 boards per size, on the "
                  "development machine; not this run"}
EVERY = [(size, colours) for size in range(rules.MIN_SIZE, rules.MAX_SIZE + 1)
         for colours in range(rules.MIN_COLOURS, rules.MAX_COLOURS + 1)]


def _dealt(size: int, colours: int, count: int) -> list[rules.State]:
    params = Params(size, colours)
    return [rules.new_game(params, rules.new_desc(params, random.Random(seed)))
            for seed in range(count)]


def _solve_case(size: int, colours: int, count: int, target_ms: float | None) -> Case:
    states = _dealt(size, colours, count)
    case = {"name": f"fewest-press solve {size}x{size}, {colours} colours "
                    f"(kernel {solver.kernel_size(size, colours)})",
            "run": lambda i: solver.solve(states[i]),
            "count": count, "target_ms": target_ms}
    if size in FLIP_US:
        case["reference"] = {**FLIP, "median_ms": FLIP_US[size] / 1000}
    return case


def _first_solves(combos: list[tuple[int, int]]) -> Case:
    """Solving a dealt board of each size and colour count from an empty cache: the chase
    form (and the kernel) built from nothing."""
    states = [_dealt(size, colours, 1)[0] for size, colours in combos]

    def run(i: int) -> None:
        solver.chase_form.cache_clear()
        solver.solve(states[i % len(states)])
    return {"run": run, "count": len(combos), "target_ms": 5.0}


def cases() -> list[Case]:
    biggest = Params(12, 5)
    return [
        *(_solve_case(size, colours, 200, 2 * FLIP_US[size] / 1000)
          for size in (5, 6, 7) for colours in range(2, 6)),
        _solve_case(7, 4, 20, 5.0),
        _solve_case(12, 5, 10, 100.0),
        _solve_case(9, 4, 10, None),
        _solve_case(11, 4, 10, None),
        {"name": "first solve of a size and colour count, each of 3x3..12x12 with 2..5 "
                 "colours (its chase form and kernel built from nothing)",
         **_first_solves(EVERY)},
        {"name": "first solve 12x12, 5 colours (the largest kernel: 15,625)",
         **_first_solves([(12, 5)] * 10)},
        {"name": "deal 12x12, 5 colours",
         "run": lambda i: rules.new_desc(biggest, random.Random(i)),
         "count": 20, "target_ms": None},
    ]


def pose(frame: Frame) -> None:
    """The board's most expensive everyday look: mid-ripple from a press in the middle (an
    undo's, slowed down so it stays mid-ripple while the bench draws), a key of the solution
    lit as a hint's is (a look only: no hint is counted) and the keyboard cursor shown."""
    from games.poggle.scene import PoggleBoard, as_state
    from games.poggle.view import ripple  # pygame: not on the bench cases' path
    board = frame.board
    assert isinstance(board, PoggleBoard)
    board.planner.wait()
    state = as_state(frame.state)
    grid = board.planner.get(state.board)
    if isinstance(grid, tuple):
        cell = nearest_press(grid, board.ui.cursor)
        if cell is not None:
            board.light(cell)
    frame.pretend_device(Device.KEYBOARD)
    press = Move(*controls.home(state.params))
    before = rules.apply_move(state, press)
    board.ripple = ripple(before.board, state.board, press, False, frame.tweens,
                          stretch=STRETCH)
    frame.tweens.update(0.12 * STRETCH)


def sample_result(rng: random.Random) -> dict[str, Any]:
    """A plausible finished game for a made-up history: presses over par."""
    presses = rng.randrange(8, 40)
    over = max(0, int(rng.expovariate(0.4)))
    return dict(outcome="won", score=over, detail=f"{'Par' if not over else f'Par +{over}'}: "
                f"{presses + over} presses", ranked=rng.random() < 0.9,
                duration=rng.uniform(40, 400))


SAMPLE = Sample(("size=5,colours=3", "size=6,colours=3", "size=7,colours=4"), sample_result)
