"""Sound is optional: without a working mixer, or with a sound file missing or damaged, the game
plays on in silence, and one line on stderr says why."""
import os
import struct
import sys

import pygame
import pytest

from games.core.loop import audio as audio_module
from games.core.loop.audio import Audio
from tests.driver import Driver


def play_a_move(driver):
    scene = driver.start("deductile", seed=3)
    rects = scene.board.layout.tile_rects
    driver.drag(rects[0].center, rects[1].center)
    assert scene.session.moves_made == 1 and driver.app.audio.played[-1] == "swap"


@pytest.mark.parametrize("failure", [pygame.error("no audio device"), OSError("no audio device"),
                                     ImportError("no audio device"),
                                     NotImplementedError("no audio device")])
def test_a_failing_mixer_leaves_the_game_silent_but_playing(monkeypatch, capsys, failure):
    def no_mixer(*args, **kwargs):
        raise failure
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    driver = Driver()
    driver.app.audio.play("select")
    assert driver.app.audio.available is False and "no audio device" in driver.app.audio.problem
    play_a_move(driver)
    driver.close()
    assert capsys.readouterr().err.count("no audio device") == 1


def test_a_build_without_the_mixer_module_plays_silent(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pygame.mixer", None)   # import pygame.mixer now fails
    driver = Driver()
    for name in ("select", "swap", "win"):
        driver.app.audio.play(name)
    assert driver.app.audio.available is False and driver.app.audio.problem.startswith("No sound")
    play_a_move(driver)
    driver.close()
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def wav(frames: bytes, rate=22050, channels=1, bits=16) -> bytes:
    block = channels * bits // 8
    fmt = struct.pack("<HHIIHH", 1, channels, rate, rate * block, block, bits)
    body = (b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
            + b"data" + struct.pack("<I", len(frames)) + frames)
    return b"RIFF" + struct.pack("<I", len(body)) + body


GOOD = wav(b"\0\1" * 2000)
BROKEN = {
    "empty": b"",
    "text": b"this is not a sound\n" * 10,
    "random": bytes((i * 7919 + 13) % 256 for i in range(3000)),
    "truncated header": GOOD[:30],
    "RIFF but not WAVE": b"RIFF" + struct.pack("<I", 100) + b"AVI " + b"\0" * 100,
    "unknown encoding": GOOD[:20] + struct.pack("<H", 0x7777) + GOOD[22:],
    "zero channels": wav(b"\0" * 100, channels=0),
}


@pytest.fixture
def sound_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(audio_module, "resource", lambda *parts: str(tmp_path.joinpath(*parts)))
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "good.wav").write_bytes(GOOD)
    return tmp_path / "sounds"


@pytest.mark.parametrize("kind", ["missing", "a folder"] + list(BROKEN))
def test_a_missing_or_damaged_sound_is_silent_and_the_others_play(sound_folder, capsys, kind):
    if kind == "a folder":
        (sound_folder / "bad.wav").mkdir()
    elif kind != "missing":
        (sound_folder / "bad.wav").write_bytes(BROKEN[kind])
    audio = Audio(volume=0.5)
    for _ in range(3):
        audio.play("bad")
        audio.play("good")
    assert audio.sounds["bad"] is None and audio.sounds["good"] is not None
    assert audio.available is True
    assert "'bad'" in audio.problem and audio.played[-2:] == ["bad", "good"]
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_mute_and_volume_are_respected():
    audio = Audio(volume=0.5, muted=True)
    audio.play("win")
    assert audio.available is None, "muted: the mixer is not even started"
    audio.muted = False
    audio.play("win")
    assert audio.available is True and audio.sounds["win"].get_volume() == pytest.approx(0.5,
                                                                                         abs=0.01)
    assert os.path.basename(audio_module.resource("sounds", "win.wav")) == "win.wav"
