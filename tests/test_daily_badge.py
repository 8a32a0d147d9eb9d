"""A daily game's launcher card says how today's puzzle stands (to play, in progress, done with
its time or score) in a row of its own: covering neither the picture nor the title nor the
blurb, inside its card, at Normal and Large text."""
from __future__ import annotations

import pygame
import pytest

from games.core.kit import registry
from games.core.loop import assets
from games.core.screens import launcher as launcher_module, ui
from games.core.screens.launcher import DONE, DUE, PLAYING, Card, LauncherScene

DAILY_KEYS = {game.key for game in registry.daily_games()}

STATES = [(DUE, DUE), (PLAYING, PLAYING), (DONE, "done, 2:31 left"), (DONE, "done with Solve"),
          (DONE, "done, 12345 points"), (DONE, "done, 1:02:03")]


@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_todays_row_covers_nothing_else_on_the_card(driver, monkeypatch, text_size):
    driver.app.jobs.wait_all()
    driver.frames(2)
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    cards = [w for w in launcher.menu.widgets if isinstance(w, Card)]
    assert {card.info.key for card in cards if card.daily_due} == DAILY_KEYS
    assert not any(card.daily for card in cards if card.info.key not in DAILY_KEYS)
    drawn: list[tuple[str, pygame.Rect]] = []
    original = ui.label

    def recording(surface, words, pos, *args, **kwargs):
        rect = original(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect))
        return rect
    monkeypatch.setattr(ui, "label", recording)
    surface = pygame.Surface(driver.app.size)
    assets.set_text_size(text_size)
    try:
        for card in cards:
            for state in STATES if card.has_daily else [None]:
                card.daily = state
                drawn.clear()
                card.draw(surface, focused=False)
                picture = card.picture.get_rect(topleft=(card.rect.left + 20,
                                                         card.rect.top + 20))
                assert picture.bottom < card.rect.bottom
                for words, rect in drawn:
                    assert card.rect.contains(rect), (card.info.key, words)
                    if words != "Resume":    # the Resume badge sits on the picture's corner
                        assert not rect.colliderect(picture), (card.info.key, words)
                texts = [(words, rect) for words, rect in drawn if words != "Resume"]
                for n, (words, rect) in enumerate(texts):
                    for other, box in texts[n + 1:]:
                        assert not rect.colliderect(box), (card.info.key, words, other)
                if state is not None:
                    assert card.rect.contains(card.daily_row)
                    assert not card.daily_row.colliderect(picture)
                    assert any(words == state[1] for words, _ in drawn), "on one line"
    finally:
        assets.set_text_size("normal")


def test_every_daily_card_has_a_shorter_picture_and_the_others_none():
    size = launcher_module.card_layout(7)[3]
    for key in ("deductile", "kenken", "ishido", "poggle", "nim"):
        shorter = launcher_module.picture_size(key, size)
        assert shorter[0] == size[0]
        assert (shorter[1] < size[1]) == (key in DAILY_KEYS)
