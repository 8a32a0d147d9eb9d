"""Performance figures for `main.py bench`: reading the solved table on first use (target
0.5 s; the scene does it in a Job, never on the way to the first launcher frame), the memory it
holds (`memory_mb` on that case), Perfect's moves, which are table look-ups (target 5 ms), the
hint's graded moves and analyse, which search plies at a clock above 0 within a node budget
(targets 200 ms and 3 s). And the scene's pose for the frame-cost figure."""
from __future__ import annotations

import random
import tracemalloc
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.kono import ai, rules, table
from games.kono.controls import movable

if TYPE_CHECKING:
    from games.core.screens.frame import Frame


def _middle_game(seed: int) -> rules.State:
    """A position 10-28 plies into a game between two medium players, seeded."""
    rng = random.Random(seed)
    state: rules.State = rules.new_game(rules.Params(), rules.START)
    for _ in range(10 + 2 * seed):
        after = rules.apply_move(state, ai.choose_move(state, rng, "medium"))
        if rules.status(after).over:
            break
        state = after
    return state


def _load_again(_index: int) -> None:
    table._loaded.clear()
    table.load()


def table_memory_mb() -> float:
    """The memory a fresh table holds, in MB (numpy's arrays are traced too). A table already
    loaded stays the one in use afterwards (the computer may hold it)."""
    kept = list(table._loaded)
    table._loaded.clear()
    tracemalloc.start()
    try:
        table.load()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        if kept:
            table._loaded[:] = kept
    return round(held / 1e6, 1)


def cases() -> list[dict[str, Any]]:
    start = rules.new_game(rules.Params(), rules.START)
    memory = table_memory_mb()
    middles = [_middle_game(seed) for seed in range(10)]
    return [
        {"name": "table load (first use)", "count": 3, "target_ms": 500.0,
         "memory_mb": memory, "run": _load_again},
        {"name": "perfect move, start", "count": 20, "target_ms": 5.0,
         "run": lambda i: ai.choose_move(start, random.Random(i), "perfect")},
        {"name": "perfect move, mid-game", "count": len(middles), "target_ms": 5.0,
         "run": lambda i: ai.choose_move(middles[i], random.Random(i), "perfect")},
        {"name": "hint (graded moves), mid-game", "count": len(middles), "target_ms": 200.0,
         "run": lambda i: ai.graded_moves(middles[i])},
        {"name": "analyse mid-game", "count": len(middles), "target_ms": 3000.0,
         "run": lambda i: ai.analyse(middles[i])},
    ]


def pose(frame: Frame) -> None:
    """The most expensive everyday look: ten plies into a lively game against the computer,
    a stone picked up with its moves marked, every move graded with arrows, and the keyboard
    cursor showing. Played through the frame, silently."""
    from games.kono.scene import KonoBoard
    board, versus = frame.board, frame.versus
    assert isinstance(board, KonoBoard) and versus is not None
    audio = frame.app.audio
    muted, audio.muted = audio.muted, True
    try:
        rng = random.Random(3)
        for _ in range(10):
            if frame.over:
                break
            move = ai.choose_move(board.state, rng, "medium")
            frame.play(move, by_computer=not versus.human_to_move())
        frame.tweens.finish_all()
    finally:
        audio.muted = muted
    versus.hint_for = frame.state           # shown without the hint verb: not in the record
    versus.grades = (frame.state, ai.graded_moves(board.state))
    stones = movable(board.state, board.ui.flipped)
    if stones:
        board.ui = replace(board.ui, selected=stones[0], cursor=stones[0])
    frame.pretend_device(Device.KEYBOARD)
