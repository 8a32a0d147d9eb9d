"""Lamps' scene: all a game's scene needs to supply to GameScene (docs/ARCHITECTURE.md)."""
from __future__ import annotations

import pygame

from games.core.kit.actions import Act, Device
from games.core.loop.tween import Tween, ease_out_cubic
from games.core.screens import ui
from games.core.screens.game_scene import GameScene
from tests.tiny_game import ai, rules
from tests.tiny_game.sprites import DARK, LIT

LAMP, SPACING = 120, 180
FLIP_SECONDS = 0.2


class LampsScene(GameScene):
    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.cursor = 0

    def centre(self, lamp: int) -> tuple[int, int]:
        count = self.state.params.length
        left = self.board_rect.centerx - (count - 1) * SPACING // 2
        return left + lamp * SPACING, self.board_rect.centery

    def lamp_at(self, pos) -> int | None:
        for lamp in range(self.state.params.length):
            x, y = self.centre(lamp)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (LAMP // 2) ** 2:
                return lamp
        return None

    # --- the hooks: input to a Move, a Change to tweens, the board drawn ----------------------
    def handle_game(self, action) -> None:
        if action.kind == Act.PRESS and not action.alt:
            lamp = self.lamp_at(action.pos)
            if lamp is not None:
                self.cursor = lamp
                self.play(rules.Move(lamp))
        elif action.kind == Act.MOVE:
            self.cursor = min(self.state.params.length - 1, max(0, self.cursor + action.dx))
        elif action.kind == Act.CONFIRM:
            self.play(rules.Move(self.cursor))

    def animate(self, change) -> None:
        changed = [k for k, (a, b) in enumerate(zip(change.old.lamps, change.new.lamps)) if a != b]
        self.tweens.add(Tween(FLIP_SECONDS, ease_out_cubic, changed))
        self.app.audio.play("move")

    def hint(self) -> None:
        move = ai.choose_move(self.state, None)
        if move is not None:
            self.cursor = move.lamp
            self.count_hint()
            self.say(f"Press lamp {move.lamp + 1}.")

    def hud_fields(self):
        return [("Presses", str(self.state.presses))]

    def draw_board(self, surface) -> None:
        flipping = {lamp: tween.value for tween in self.tweens.items for lamp in tween.payload}
        for lamp, on in enumerate(self.state.lamps):
            colour = LIT if on else DARK
            if lamp in flipping:   # fade from the old colour
                old = DARK if on else LIT
                colour = tuple(round(a + (b - a) * flipping[lamp]) for a, b in zip(old, colour))
            pygame.draw.circle(surface, colour, self.centre(lamp), LAMP // 2)
            if lamp == self.cursor and self.app.input.last_device != Device.MOUSE:
                pygame.draw.circle(surface, ui.ACCENT, self.centre(lamp), LAMP // 2 + 12, 6)



SCENE = LampsScene
