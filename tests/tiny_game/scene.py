"""Lamps' board: all a game gives the frame (docs/ARCHITECTURE.md), composed of its controls
(pure input), its view (drawing) and the frame's tweens."""
from __future__ import annotations

from typing import Any

import pygame

from games.core.kit.actions import Action
from games.core.kit.controls import Answer
from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_out_cubic
from games.core.screens.board import Board, Table
from tests.tiny_game import ai, controls
from tests.tiny_game.view import LampsView

FLIP_SECONDS = 0.2


class LampsBoard(Board):
    def __init__(self, table: Table) -> None:
        self.table = table
        self.ui = controls.Ui()
        self.view = LampsView(table.board_rect, table.state.params.length)

    # --- the hooks: what an action means, a Change to tweens, the board drawn -----------------
    def read(self, action: Action) -> Answer:
        target = self.view.lamp_at(action.pos) if action.pos is not None else None
        return controls.interpret(self.table.state, self.ui, action, target)

    def animate(self, change: Change[Any, Any]) -> None:
        changed = [k for k, (a, b) in enumerate(zip(change.old.lamps, change.new.lamps)) if a != b]
        self.table.tweens.add(Tween(FLIP_SECONDS, ease_out_cubic, changed))

    def hint(self) -> None:
        move = ai.choose_move(self.table.state, None)
        if move is not None:
            self.ui = controls.Ui(move.lamp)
            self.table.count_hint()
            self.table.say(f"Press lamp {move.lamp + 1}.")

    def hud_fields(self) -> list[tuple[str, ...]]:
        return [("Presses", str(self.table.state.presses))]

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.table.state, self.ui, self.table.tweens,
                       self.table.show_cursor())

