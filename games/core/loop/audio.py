"""Sound effects through pygame's mixer. Sound is optional: if the mixer cannot start (no sound
device, or a build without pygame.mixer) or a sound cannot be loaded (missing or damaged WAV),
that sound or all of them stay silent, one line says why on stderr, and the game plays on."""
from __future__ import annotations

import sys
from typing import Any

import pygame

from games.core.loop.assets import resource

# What failing to start the mixer or to load a sound can raise: pygame.mixer missing from the
# build (ImportError; NotImplementedError from pygame's stand-in for a missing module), SDL's
# own errors, files that cannot be read, and a driver that rejects the format (ValueError).
FAILURES = (ImportError, NotImplementedError, pygame.error, OSError, ValueError)


class Audio:
    def __init__(self, volume: float = 0.7, muted: bool = False):
        self.volume = volume
        self.muted = muted
        self.available: bool | None = None   # unknown until the first sound is played
        self.problem = ""                    # the first failure, as told to the player
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}   # None: it failed to load
        self.played: list[str] = []          # names, newest last (tests and demo read it)
        self._mixer: Any = None     # pygame.mixer, once started

    def _report(self, problem: str) -> None:
        if not self.problem:                 # one message, however many sounds fail
            self.problem = problem
            print(f"parlour: {problem}; playing on without it", file=sys.stderr)

    def _start(self) -> bool:
        # Started on first use, so the mixer costs nothing on the way to the first frame.
        if self.available is None:
            try:
                import pygame.mixer as mixer
                mixer.init(22050, -16, 1, 512)
                self._mixer, self.available = mixer, True
            except FAILURES as error:
                self.available = False
                self._report(f"No sound: {error}")
        return self.available

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self.sounds:
            try:
                self.sounds[name] = self._mixer.Sound(resource("sounds", f"{name}.wav"))
            except FAILURES as error:
                self.sounds[name] = None     # not tried again
                self._report(f"The sound {name!r} could not be loaded ({error})")
        return self.sounds[name]

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-50:]
        if self.muted or self.volume <= 0 or not self._start():
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error as error:        # the device went away after the mixer started
            self._report(f"No sound: {error}")
