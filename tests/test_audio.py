"""Sound is optional: without a working mixer the game plays on in silence."""
import pygame
import pytest

from games.core.audio import Audio
from tests.driver import Driver


def test_a_failing_mixer_leaves_the_game_silent_but_playing(monkeypatch):
    def no_mixer(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    driver = Driver()
    driver.app.audio.play("select")
    assert driver.app.audio.available is False and "no audio device" in driver.app.audio.problem
    scene = driver.start("deductile", seed=3)
    driver.drag(scene.tile_rects[0].center, scene.tile_rects[1].center)
    assert scene.session.moves_made == 1 and driver.app.audio.played[-1] == "swap"
    driver.close()


def test_mute_and_volume_are_respected():
    audio = Audio(volume=0.5, muted=True)
    audio.play("win")
    assert audio.available is None, "muted: the mixer is not even started"
    audio.muted = False
    audio.play("win")
    assert audio.available is True and audio.sounds["win"].get_volume() == pytest.approx(0.5, abs=0.01)
