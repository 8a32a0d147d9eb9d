"""Performance figures for `main.py bench`: analysis (cold: the plies cache is cleared first,
as on the first call of a run) and computer moves; and the scene's pose for the frame cost."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.nim import ai, controls, rules

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

Case = dict[str, Any]


def _start(start: str, index: int) -> rules.State:
    """The index-th start of this kind: misere on odd indices, random heaps seeded by index."""
    params = rules.Params(start, misere=index % 2 == 1)
    return rules.new_game(params, rules.new_desc(params, random.Random(index)))


def _analyse_cold(state: rules.State) -> dict[str, Any]:
    ai.outcome.cache_clear()
    return ai.analyse(state)


def cases() -> list[Case]:
    largest_exact = (15,) * 5     # 15,504 sub-positions, under ai.EXACT_PLIES_LIMIT
    largest = (15,) * 8           # beyond it: values only
    return [
        {"name": "analyse 3-4-5", "count": 10, "target_ms": 20.0,
         "run": lambda i: _analyse_cold(_start("classic", i))},
        {"name": "analyse 1-3-5-7", "count": 10, "target_ms": 20.0,
         "run": lambda i: _analyse_cold(_start("1357", i))},
        {"name": "analyse random start", "count": 20, "target_ms": 50.0,
         "run": lambda i: _analyse_cold(_start("random", i))},
        {"name": "analyse 15x5 (largest exact)", "count": 4, "target_ms": 500.0,
         "run": lambda i: _analyse_cold(rules.State(largest_exact, 0, i % 2 == 1))},
        {"name": "analyse 15x8 (values only)", "count": 10, "target_ms": 5.0,
         "run": lambda i: _analyse_cold(rules.State(largest, 0, i % 2 == 1))},
        {"name": "choose_move perfect, custom start", "count": 50, "target_ms": 1.0,
         "run": lambda i: ai.choose_move(_start("custom", i), random.Random(i), None)},
    ]


def pose(frame: Frame) -> None:
    """The most expensive everyday look: the largest random start (five heaps of 7), the
    teaching view in place, every move graded and the best one lit as a hint's is (a look
    only: no hint is counted), and the keyboard cursor on it."""
    from games.nim.scene import NimBoard
    frame.begin("7,7,7,7,7", rules.Params("random"))
    board, versus = frame.board, frame.versus
    assert isinstance(board, NimBoard) and versus is not None
    board.draft = None                      # the heap editor closed
    board.teach = True
    board.set_panel(1.0)
    frame.tweens.finish_all()
    versus.hint_for = frame.state
    versus.grades = (frame.state, ai.graded_moves(frame.state))
    board.ui = replace(board.ui, cursor=controls.counter_of(frame.state, board.suggestion()))
    frame.pretend_device(Device.KEYBOARD)
