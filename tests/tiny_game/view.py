"""Lamps' view: where the lamps stand in the board's area, and drawing them. Made with the
area it draws in; drawing changes nothing."""
from __future__ import annotations

import pygame

from games.core.loop.tween import Tweens
from games.core.screens import ui
from tests.tiny_game import rules
from tests.tiny_game.controls import Ui
from tests.tiny_game.sprites import DARK, LIT

LAMP, SPACING = 120, 180


class LampsView:
    def __init__(self, area: pygame.Rect, length: int):
        self.area, self.length = area, length

    def centre(self, lamp: int) -> tuple[int, int]:
        left = self.area.centerx - (self.length - 1) * SPACING // 2
        return left + lamp * SPACING, self.area.centery

    def lamp_at(self, pos: tuple[int, int]) -> int | None:
        """The lamp under the pointer, or None."""
        for lamp in range(self.length):
            x, y = self.centre(lamp)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (LAMP // 2) ** 2:
                return lamp
        return None

    def draw(self, surface: pygame.Surface, state: rules.State, controls: Ui, tweens: Tweens,
             show_cursor: bool) -> None:
        """The lamps, each fading from its old colour while its tween runs (the tween's
        payload: the lamps it flips), and the cursor when the keyboard or a pad is in use."""
        flipping = {lamp: tween.value for tween in tweens for lamp in tween.payload}
        for lamp, on in enumerate(state.lamps):
            colour = LIT if on else DARK
            if lamp in flipping:
                old = DARK if on else LIT
                colour = tuple(round(a + (b - a) * flipping[lamp]) for a, b in zip(old, colour))
            pygame.draw.circle(surface, colour, self.centre(lamp), LAMP // 2)
            if lamp == controls.cursor and show_cursor:
                pygame.draw.circle(surface, ui.ACCENT, self.centre(lamp), LAMP // 2 + 12, 6)
