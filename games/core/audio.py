"""Sound effects through pygame's mixer. If the mixer cannot start (no sound device), the game
plays on in silence; nothing else changes."""
from __future__ import annotations

import pygame

from games.core.assets import resource


class Audio:
    def __init__(self, volume: float = 0.7, muted: bool = False):
        self.volume = volume
        self.muted = muted
        self.available: bool | None = None   # unknown until the first sound is played
        self.problem = ""
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []          # names, newest last (tests and demo read it)

    def _start(self) -> bool:
        # Started on first use, so the mixer costs nothing on the way to the first frame.
        if self.available is None:
            try:
                pygame.mixer.init(22050, -16, 1, 512)
                self.available = True
            except pygame.error as error:
                self.available, self.problem = False, f"No sound: {error}"
        return self.available

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-50:]
        if self.muted or self.volume <= 0 or not self._start():
            return
        sound = self.sounds.get(name)
        if sound is None:
            try:
                sound = self.sounds[name] = pygame.mixer.Sound(resource("sounds", f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                return
        sound.set_volume(self.volume)
        sound.play()
