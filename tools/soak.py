"""Soak: a random-input player and the demo player drive every scene through the real loop.

    python tools/soak.py [--events N] [--seed S]      (default 1,000,000 events)

Mouse moves, clicks, drags and wheel turns; keys; gamepad buttons, sticks and triggers; window
focus changes; a gamepad unplugged. Every scene the launcher can reach gets its share, and the
demo player moves the games along so they reach their endings. Prints one JSON line with the
counts and the memory figures; exits 1 on any exception or a stuck scene.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame

from games.core.kit import registry
from games.core.kit.session import Session
from games.core.loop.app import App
from games.core.screens.frame import Frame
from games.core.screens.launch import LoadingScene
from games.core.screens.launcher import LauncherScene

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_x, pygame.K_ESCAPE, pygame.K_u, pygame.K_r, pygame.K_h, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_p, pygame.K_F1, pygame.K_g, pygame.K_s, pygame.K_t,
        pygame.K_e] + [pygame.K_0 + d for d in range(10)]
PAD_BUTTONS = list(range(15))
PAD_ID = 9090
DT = 1 / 60


def rss_kib() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def random_event(rng: random.Random, size) -> pygame.event.Event:
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    roll = rng.random()
    if roll < 0.25:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                  buttons=(rng.random() < 0.3, 0, 0))
    if roll < 0.45:
        return pygame.event.Event(rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)),
                                  pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.47:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if roll < 0.72:
        mod = (pygame.KMOD_CTRL if rng.random() < 0.05
               else pygame.KMOD_SHIFT if rng.random() < 0.05 else 0)
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="",
                                  scancode=0)
    if roll < 0.74:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcxyz ?"))
    if roll < 0.92:
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=rng.choice(PAD_BUTTONS),
                                  instance_id=PAD_ID)
    if roll < 0.97:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=rng.randrange(6),
                                  value=rng.choice((-32768, 0, 32767, 12000)), instance_id=PAD_ID)
    if roll < 0.99:
        return pygame.event.Event(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED)))
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD_ID)


class Soak:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.app = self.new_app()
        self.events = self.frames = self.games_started = self.relaunches = 0
        self.endings: dict[str, int] = {}

    def new_app(self) -> App:
        app = App(windowed=True)
        app.push(LauncherScene(app))
        app.input.pads[PAD_ID] = object()   # a pad that can be "unplugged"
        return app

    def relaunch(self) -> None:
        """What a player's next start does, in the same window: read the files, show the
        launcher (a new window per relaunch would only measure SDL's renderer)."""
        self.relaunches += 1
        self.app.settings, _ = self.app.store.load_settings()
        self.app.stack, self.app.running = [LauncherScene(self.app)], True
        self.app.input.pads[PAD_ID] = object()

    def back_to_launcher(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop(self.app.stack[1])

    def start_game(self, key: str) -> None:
        params = None
        session = Session.new(key, params, self.rng.randrange(10 ** 6))
        self.app.push(Frame(self.app, session, {}))
        self.games_started += 1

    def frame(self) -> None:
        self.app.frame(DT)
        self.frames += 1
        while (loading := self.app.find(LoadingScene)) is not None:
            loading.wait()
            self.app.frame(DT)
        if not self.app.running:        # the soak clicked "Quit" (and it saved): start again
            self.relaunch()

    def run(self, total: int, keys: list[str]) -> dict:
        per_game = total // max(1, len(keys) + 1)
        self.drive(per_game, demo=False)                  # the launcher and its screens
        for key in keys:
            self.back_to_launcher()
            self.start_game(key)
            self.drive(per_game, demo=True, key=key)
        return {"events": self.events, "frames": self.frames, "games_started": self.games_started,
                "relaunches": self.relaunches, "endings": self.endings}

    def drive(self, count: int, demo: bool, key: str | None = None) -> None:
        size = self.app.size
        target = self.events + count
        while self.events < target:
            before = self.events
            for _ in range(self.rng.randint(1, 12)):
                pygame.event.post(random_event(self.rng, size))
                self.events += 1
            if before // 100_000 != self.events // 100_000:
                print(f"soak: {self.events:,} events, rss {rss_kib() // 1024} MiB", file=sys.stderr,
                      flush=True)
            top = self.app.top
            if demo and top is not None and self.rng.random() < 0.3:
                if not isinstance(top, Frame) and self.app.find(Frame) is not None:
                    self.app.pop(top)            # the demo player closes a menu to play on
                else:
                    top.demo_step()
            self.frame()
            scene = self.app.find(Frame)     # under a menu or a rules screen, maybe
            if key and (scene is None or scene.over):
                if scene is not None:
                    outcome = scene.session.status.outcome
                    self.endings[outcome] = self.endings.get(outcome, 0) + 1
                self.back_to_launcher()
                self.start_game(key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp(prefix="parlour-soak-"))
    keys = [info.key for info in registry.launcher_games()]
    soak = Soak(args.seed)
    warm = max(2000, args.events // 10)
    soak.run(warm, keys)      # warm-up: the bounded caches fill, tables are built
    before, start = rss_kib(), time.perf_counter()
    result = soak.run(args.events, keys)
    result.update(seconds=round(time.perf_counter() - start, 1), rss_before_kib=before,
                  rss_after_kib=rss_kib(), rss_growth_kib=rss_kib() - before, games=keys)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
