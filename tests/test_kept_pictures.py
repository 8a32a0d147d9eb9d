"""The kept pictures a frame is copied from (a game scene's Backdrop, the HUD's band and foot,
the launcher's whole picture) show what painting afresh shows: at every frame of a game played
by the demo player with clicks, keys, hovers, hints and undo mixed in, the frame drawn from
them is the frame painted afresh, pixel for pixel (so a kept picture is never stale, and no
part paints outside its area)."""
from __future__ import annotations

import random

import pygame
import pytest

from games.core.kit import registry
from games.core.screens import cache, hud, ui
from games.core.screens.launcher import LauncherScene


class PaintedAfresh:
    """Stands in for a scene's Backdrop: every part painted every time, straight onto the
    frame (not clipped to its area)."""

    def show(self, target, parts):
        target.fill(ui.BG)
        for _, _, _, paint in parts:
            paint(target)

    def restore(self, target, area):
        raise AssertionError("restore() is only for what was drawn over a shown Backdrop")


def afresh(scene, size, monkeypatch) -> bytes:
    kept, scene.board.backdrop = scene.board.backdrop, PaintedAfresh()
    with monkeypatch.context() as patch:
        patch.setattr(hud, "_STRIPS", cache.SurfaceCache(0))
        picture = pygame.Surface(size)
        try:
            scene.draw(picture)
        except AssertionError:      # a restore: paint as the game does, from a fresh Backdrop
            scene.board.backdrop = cache.Backdrop(ui.BG)
            scene.draw(picture)
    scene.board.backdrop = kept
    return pygame.image.tobytes(picture, "RGB")


def drawn(scene, size) -> bytes:
    picture = pygame.Surface(size)
    scene.draw(picture)
    return pygame.image.tobytes(picture, "RGB")


@pytest.mark.parametrize("key", registry.KEYS)
def test_a_frame_from_the_kept_pictures_is_the_frame_painted_afresh(driver, key, monkeypatch):
    scene = driver.start(key, seed=5)
    app, rng = driver.app, random.Random(key)
    size = app.size
    compared = 0
    for turn in range(40):
        pick = rng.random()
        if pick < 0.4:
            scene.demo_step()
        elif pick < 0.55:
            driver.post(pygame.MOUSEMOTION, pos=(rng.randrange(size[0]), rng.randrange(size[1])),
                        rel=(1, 1), buttons=(0, 0, 0))
        elif pick < 0.65:
            driver.click((rng.randrange(size[0]), rng.randrange(120, size[1] - 120)))
        else:
            driver.key(rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                                   pygame.K_RETURN, pygame.K_h, pygame.K_u, pygame.K_TAB]))
        while app.top is not scene and scene in app.stack:   # a menu or a question: close it
            app.pop(app.top)
        if scene not in app.stack:
            break
        for _ in range(rng.choice([1, 2, 4, 12])):
            driver.frames(1)
            app.jobs.wait_all()
            assert drawn(scene, size) == afresh(scene, size, monkeypatch), \
                f"{key}: turn {turn}, the kept pictures differ from painting afresh"
            compared += 1
        if scene.over:
            break
    assert compared > 20


def test_the_launchers_kept_picture_is_the_launcher_painted_afresh(driver):
    launcher = driver.app.find(LauncherScene)
    size = driver.app.size
    for step in range(6):
        launcher.menu.focus = step % len(launcher.menu.widgets)
        drawn(launcher, size)
        kept = drawn(launcher, size)          # the second alike is kept, the third copied
        assert launcher.kept is not None
        fresh = pygame.Surface(size)
        launcher.paint(fresh)
        assert drawn(launcher, size) == kept == pygame.image.tobytes(fresh, "RGB")
