"""Performance cases for `python main.py bench`: solving the whole game, and a computer move;
and the scene's pose for the frame-cost figure."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.mu_torere import ai, rules
from games.mu_torere.controls import ends, legal

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

SOLVE_TARGET_MS = 100.0      # the issue: the whole game solved well under 0.1 s
MOVE_TARGET_MS = 16.0        # a computer move within one frame at 60 Hz


def solve_cold(_: int) -> None:
    ai.position_graph.cache_clear()
    ai.solve.cache_clear()
    ai.solve()


def game_states(count: int) -> list[rules.State]:
    """Positions from seeded games of a perfect player against a random one, with their
    histories, so some moves need the table solved again for repeated positions."""
    states: list[rules.State] = []
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


def cases() -> list[dict[str, Any]]:
    states = game_states(200)
    return [
        {"name": "mu_torere solve (cold)", "run": solve_cold, "count": 20,
         "target_ms": SOLVE_TARGET_MS},
        {"name": "mu_torere computer move (level 100)",
         "run": lambda index: ai.choose_move(states[index], random.Random(index), 100),
         "count": len(states), "target_ms": MOVE_TARGET_MS},
    ]


def pose(frame: Frame) -> None:
    """The most expensive everyday look: a game under way against the computer, the graded
    hint shown, a piece picked up with the keyboard cursor on its target, the legend on."""
    from games.mu_torere.scene import MuTorereBoard
    board, versus = frame.board, frame.versus
    assert isinstance(board, MuTorereBoard) and versus is not None
    audio = frame.app.audio
    muted, audio.muted = audio.muted, True      # played through the frame, silently
    try:
        for text in ("3-8", "4-3", "8-4", "7-8"):
            frame.play(rules.decode_move(text), by_computer=not versus.human_to_move())
        frame.tweens.finish_all()
    finally:
        audio.muted = muted
    frame.prefs.set("legend", True)
    versus.hint_for = frame.state           # shown without the hint verb: not in the record
    versus.grades = (frame.state, ai.graded_moves(board.state))
    moves = legal(board.state)
    source, target = ends(moves[min(moves)])
    board.ui = replace(board.ui, selected=source, cursor=target)
    frame.pretend_device(Device.KEYBOARD)
