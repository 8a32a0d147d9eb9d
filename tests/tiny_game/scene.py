"""Lamps' scene: all a game's scene supplies to GameScene (docs/ARCHITECTURE.md), composed of
its controls (pure input), its view (drawing) and the frame's tweens."""
from __future__ import annotations

import pygame

from games.core.kit.actions import Action
from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_out_cubic
from games.core.screens.game_scene import GameScene
from tests.tiny_game import ai, controls
from tests.tiny_game.view import LampsView

FLIP_SECONDS = 0.2


class LampsScene(GameScene):
    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.ui = controls.Ui()
        self.view = LampsView(self.board_rect, self.state.params.length)

    # --- the hooks: input to a Move, a Change to tweens, the board drawn ----------------------
    def handle_game(self, action: Action) -> None:
        target = self.view.lamp_at(action.pos) if action.pos is not None else None
        self.ui = self.carry_out(controls.interpret(self.state, self.ui, action, target),
                                 self.ui)

    def animate(self, change: Change) -> None:
        changed = [k for k, (a, b) in enumerate(zip(change.old.lamps, change.new.lamps)) if a != b]
        self.tweens.add(Tween(FLIP_SECONDS, ease_out_cubic, changed))
        self.app.audio.play("move")

    def hint(self) -> None:
        move = ai.choose_move(self.state, None)
        if move is not None:
            self.ui = controls.Ui(move.lamp)
            self.count_hint()
            self.say(f"Press lamp {move.lamp + 1}.")

    def hud_fields(self) -> list[tuple[str, ...]]:
        return [("Presses", str(self.state.presses))]

    def draw_board(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.state, self.ui, self.tweens, self.show_cursor())


SCENE = LampsScene
