"""Where the review draws a best move on Kono's board: the game's own move arrow."""
from __future__ import annotations

from typing import Any

from games.kono import rules

Point = tuple[float, float]


def best_path(scene: Any, state: rules.State, move: rules.Move) -> list[Point]:
    """The arrow of `move` in the scene's screen coordinates (a capture arcs over its friend)."""
    path: list[Point] = scene.layout.move_path(move)
    return path
