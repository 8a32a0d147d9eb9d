"""Where the review draws a best move on Nim's heaps: an arrow down onto the lowest counter
the move takes (it takes that one and all above it)."""
from __future__ import annotations

from typing import Any

from games.nim import rules

Point = tuple[float, float]
RISE = 110      # how far above the heap's top the arrow starts


def best_path(board: Any, state: rules.State, move: rules.Move) -> list[Point]:
    size = state.heaps[move.heap]
    f = board.panel_value()
    lowest = board.layout.counter_rect(move.heap, size - move.take, f)
    top = board.layout.counter_rect(move.heap, size - 1, f)
    return [(lowest.centerx, top.top - RISE), (lowest.centerx, lowest.centery)]
