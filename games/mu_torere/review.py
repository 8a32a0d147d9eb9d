"""Where the review draws a best move on Mu Torere's board: along the board's own line."""
from __future__ import annotations

from typing import Any

from games.mu_torere import rules

Point = tuple[float, float]


def best_path(scene: Any, state: rules.State, move: rules.Move) -> list[Point]:
    """The line from the piece to the empty point, on the board style the player chose."""
    path: list[Point] = scene.layout.travel(scene.prefs["board"], move.source, move.target)
    return path
