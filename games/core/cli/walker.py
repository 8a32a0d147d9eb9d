"""The tour's player (games/core/cli/tour.py): the App driven as a player drives it, through the
real loop and the real input path (synthetic keys, text and clicks, posted as events; a fixed
time step; background jobs waited for), and its shots, each drawn once while a Survey records
it (games/core/loop/survey.py), checked and saved."""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.core.cli.demo import as_shown, png_bytes
from games.core.loop import survey
from games.core.loop.app import App, Scene
from games.core.loop.input import keystroke, typed
from games.core.screens.launch import LoadingScene

DT = 1 / 60           # a frame of input
STILL = 0.25          # a frame while waiting for things to land (the loop's longest step)
PATIENCE = 2000       # frames to wait for anything before the tour says it never came
COLLECTION = "collection"     # --only's name for the screens of the whole collection


class Stuck(Exception):
    """The tour could not reach a screen (said as that screen's problem)."""


@dataclass
class Shot:
    game: str
    screen: str
    file: str
    problems: list[str]


@dataclass
class Walker:
    """The App, driven as a player would drive it; its shots so far."""
    app: App
    out: str
    shown: tuple[int, int]
    shots: list[Shot] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(33))

    # --- time ------------------------------------------------------------------------------
    def frames(self, count: int = 1, dt: float = DT) -> None:
        for _ in range(count):
            if not self.app.running:
                raise Stuck("Parlour closed")
            self.app.frame(dt)
            loading = self.app.find(LoadingScene)
            while loading is not None:        # a puzzle being made: its job finishes first
                loading.wait()
                self.app.frame(dt)
                loading = self.app.find(LoadingScene)

    def until(self, done: Callable[[], bool], what: str, limit: int = PATIENCE) -> None:
        """Frames of the longest step until done(), the background jobs waited for."""
        for _ in range(limit):
            if done():
                return
            self.frames(1, STILL)
            self.app.jobs.wait_all()
        raise Stuck(f"{what} never came")

    def settle(self) -> None:
        """Until the loop would rest: nothing moves, no job works, nothing is due at once (a
        rules picture to paint, a computer to answer)."""
        self.until(lambda: self.app.rest_time() is not None, "a still screen", 200)

    # --- input -----------------------------------------------------------------------------
    def post(self, kind: int, **fields: Any) -> None:   # any attributes, as pygame's Event
        pygame.event.post(pygame.event.Event(kind, **fields))

    def key(self, key: int, times: int = 1, mod: int = 0) -> None:
        for _ in range(times):
            for event in keystroke(key, mod):
                pygame.event.post(event)
            self.frames()

    def type_text(self, text: str) -> None:
        pygame.event.post(typed(text))
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames()

    def press(self, words: str) -> None:
        """Click the widget of the screen on top that says `words` (a button, a row)."""
        menu = getattr(self.top, "menu", None) or getattr(self.top, "finish_menu", None)
        for widget in getattr(menu, "widgets", ()):
            if getattr(widget, "words", None) == words or \
                    getattr(getattr(widget, "info", None), "key", None) == words:
                self.click(widget.rect.center)
                return
        raise Stuck(f"no {words!r} on {type(self.top).__name__}")

    @property
    def top(self) -> Scene:
        top = self.app.top
        if top is None:
            raise Stuck("no screen is open")
        return top

    def on_top(self, kind: type, what: str = "") -> Scene:
        """Wait for a screen of `kind` on top."""
        self.until(lambda: isinstance(self.app.top, kind), what or kind.__name__)
        return self.top

    def until_on_top(self, scene: Scene) -> None:
        self.until(lambda: self.app.top is scene, type(scene).__name__)

    def back_to(self, scene: Scene) -> None:
        """Esc until `scene` is on top (a dialog asking on the way is answered No)."""
        for _ in range(12):
            if self.app.top is scene:
                return
            self.key(pygame.K_ESCAPE)
            self.frames(2, STILL)
        raise Stuck(f"{type(scene).__name__} never came back")

    # --- shooting --------------------------------------------------------------------------
    def shoot(self, game: str, screen: str, problems: Iterable[str] = ()) -> None:
        """The screen as it stands: drawn once while a Survey records it, checked, saved."""
        self.settle()
        picture = self.app.screen
        with survey.recording(picture, self.shown) as noted:
            self.app.draw(picture)
        found = list(problems) + noted.problems()
        name = f"{game or 'parlour'}-{screen}.png"
        with open(os.path.join(self.out, name), "wb") as file:
            file.write(png_bytes(as_shown(picture, self.shown), level=1))
        self.record(game, screen, name, found)

    def record(self, game: str, screen: str, name: str, problems: list[str]) -> None:
        shot = Shot(game, screen, name, [f"{screen}: {problem}" for problem in problems])
        self.shots.append(shot)
        print(json.dumps(shot.__dict__), flush=True)
