"""Starting a game: its modules, a new game made in a worker thread (with the "making a
puzzle" screen that keeps the window alive meanwhile), and a saved game resumed."""
from __future__ import annotations

import random

from games.core import registry, store, ui
from games.core.app import Scene
from games.core.jobs import Job
from games.core.options import params_kwargs, play_choices
from games.core.rules_api import GameError
from games.core.session import Session


def scene_module(key: str):
    """The game's scene module: imported only to play the game, never to show its screens."""
    return registry.module(key, "scene")


def info_module(key: str):
    """The game's pure data for the screens: RULES, OPTIONS and perhaps summary()."""
    return registry.module(key, "info")


def start_new_game(app, key: str, choices: dict, replace_scene: Scene | None = None) -> None:
    """Make a game in a worker thread (a slow generator never freezes the window), then show it."""
    options = info_module(key).OPTIONS
    play = play_choices(options, choices)
    params = registry.module(key).params_from_options(**params_kwargs(options, choices))
    seed = random.SystemRandom().randrange(2 ** 31)

    def show(session):
        if replace_scene is not None:
            app.pop(replace_scene)
        app.push(scene_module(key).SCENE(app, session, play))

    app.push(LoadingScene(app, lambda: Session.new(key, params, seed), show))


def resume_saved_game(app, key: str) -> bool:
    def rebuild(data):
        play = data.get("play", {}) if isinstance(data, dict) else {}
        if not isinstance(play, dict):
            raise TypeError("the save's play options are not an object")
        return Session.from_json(data), play
    loaded, message = store.load_game(key, rebuild)
    if message:
        app.messages.append(message)
    if loaded is None:
        return False
    session, play = loaded
    app.push(scene_module(key).SCENE(app, session, play))
    return True


class LoadingScene(Scene):
    """Runs job() in a thread; shows progress after 0.1 s; then calls done(result)."""
    opaque = False

    def __init__(self, app, work, done):
        super().__init__(app)
        self.done, self.age = done, 0.0
        self.job = Job(work)

    def wait(self) -> None:
        """Tests and the demo: block until the work is finished."""
        self.job.wait()

    def update(self, dt: float) -> None:
        self.age += dt
        if not self.job.done:
            return
        self.app.pop(self)
        if isinstance(self.job.error, GameError):
            self.app.messages.append(str(self.job.error))
        elif self.job.error is not None:
            raise self.job.error
        else:
            self.done(self.job.result)

    def draw(self, surface) -> None:
        if self.age < 0.1:
            return
        width, height = self.app.size
        surface.blit(ui.shade(self.app.size, (0, 0, 0, 150)), (0, 0))
        dots = "." * (1 + int(self.age * 3) % 3)
        ui.label(surface, f"Making a puzzle{dots}", (width // 2, height // 2), ui.HEADING,
                 ui.TEXT, bold=True, anchor="center")
