"""The Daily badge of a puzzle's launcher card covers nothing: not the picture, not the title,
and it stays inside its card."""
from __future__ import annotations

import pygame

from games.core.screens import ui
from games.core.screens.launcher import Card, LauncherScene


def test_the_daily_badge_covers_neither_picture_nor_title(driver, monkeypatch):
    driver.app.jobs.wait_all()
    driver.frames(2)
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    cards = [w for w in launcher.menu.widgets if isinstance(w, Card)]
    due = [card for card in cards if card.daily_due]
    assert {card.info.key for card in due} == {"deductile", "kenken", "ishido", "poggle"}
    drawn = []
    original = ui.label

    def recording(surface, words, pos, *args, **kwargs):
        rect = original(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect))
        return rect
    monkeypatch.setattr(ui, "label", recording)
    surface = pygame.Surface(driver.app.size)
    for card in due:
        drawn.clear()
        card.draw(surface, focused=False)
        picture = card.picture.get_rect(topleft=(card.rect.left + 20, card.rect.top + 20))
        title = next(rect for words, rect in drawn if words == card.info.title)
        badge = card.daily_badge
        assert card.rect.contains(badge), card.info.key
        assert not badge.colliderect(picture), card.info.key
        assert not badge.colliderect(title), card.info.key
        assert abs(badge.centery - title.centery) <= 2, "on the title's line"
        if card.saved:
            assert not badge.colliderect(card.badge)
