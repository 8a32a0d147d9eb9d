"""The programs `bench` runs as child processes of this same program (`python main.py`, or the
packaged executable), as `bench-child KIND ...`. main.py hands them over before importing
anything else, so the minimal programs stay minimal:

    bare-frame                      import pygame, open the window, flip once, quit
    first-frame [ARGS...]           the CPU time to the first frame shown: of bare-frame with
                                    no ARGS, else of this program run with ARGS (`demo nim
                                    --frames 1 --screenshot F`, `play nim`; none of them: `-`
                                    runs the launcher), which quits after that frame
    first-draw GAME                 the CPU time of a game scene's making and first frame, in
                                    an App already open (its sprites read from the data
                                    folder's disk cache when there, else painted)
    waiting SECONDS COUNT           a minimal pygame-ce program waiting on events
    ticking SECONDS COUNT           the same, sending a clock's area to the window once a
                                    second (pygame.display.update(rect)), as a timed game at
                                    rest must, and listening for gamepads as Parlour does
    rest SECONDS COUNT SCENE...     Parlour's real loop at rest in each scene in turn

`first-frame` prints one JSON line, {"cpu_ms": ...}: the process's CPU time (from its start,
the interpreter's own start-up included) when the first pygame.display.flip returns. What the
program does after it (a screenshot saved, the game saved on quitting) is not on that path.
`waiting` and `rest` print, per program or scene, one JSON line with COUNT samples of the CPU
seconds the whole process used per second of wall time, each over SECONDS, taken by a thread
that only sleeps and reads the clocks (after a warm-up of the same length).
"""
from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.core.loop.app import App, Scene

SIZE = (1920, 1080)
OVERLAYS = ("pause", "result", "rules",
            "settings")   # settings over the launcher, the rest over Nim


class Sampler(threading.Thread):
    """Sleeps through a warm-up, then takes `count` samples of CPU s/s, then sets `done` and
    wakes the loop being measured with `wake()`. `counters()` (frames, draws) is read at the
    start and the end of the sampling."""

    def __init__(self, seconds: float, count: int, wake: Callable[[], object],
                 counters: Callable[[], tuple[int, int]] = lambda: (0, 0)) -> None:
        super().__init__(daemon=True)
        self.seconds, self.count, self.wake, self.counters = seconds, count, wake, counters
        self.samples: list[float] = []
        self.done = threading.Event()
        self.frames = self.draws = 0

    def run(self) -> None:
        time.sleep(self.seconds)
        cpu, wall = time.process_time(), time.perf_counter()
        frames, draws = self.counters()
        for _ in range(self.count):
            time.sleep(self.seconds)
            now_cpu, now_wall = time.process_time(), time.perf_counter()
            self.samples.append((now_cpu - cpu) / (now_wall - wall))
            cpu, wall = now_cpu, now_wall
        now_frames, now_draws = self.counters()
        self.frames, self.draws = now_frames - frames, now_draws - draws
        self.done.set()
        self.wake()


def post_wake() -> None:
    import pygame
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))


def report(name: str, sampler: Sampler) -> None:
    import json
    print(json.dumps({"scene": name, "samples": sampler.samples, "frames": sampler.frames,
                      "draws": sampler.draws}), flush=True)


def bare_frame() -> None:
    import pygame
    pygame.display.init()
    pygame.display.set_mode(SIZE, pygame.FULLSCREEN | pygame.SCALED)
    pygame.display.flip()


def first_frame(args: list[str]) -> None:
    """Time the first flip of the bare frame or of this program run with `args`: flip is
    wrapped (the measuring instrument) to read the CPU clock once it returns and to post a
    QUIT twice, which ends a program that would otherwise go on (the launcher, `play`) at its
    next frame, the way closing the window twice does (the first close asks)."""
    import json

    import pygame
    flip = pygame.display.flip
    shown: list[float] = []

    def timed_flip() -> None:
        flip()
        if not shown:
            shown.append(time.process_time())
            for _ in range(2):   # a close asks first; a second close while asking quits
                pygame.event.post(pygame.event.Event(pygame.QUIT))

    pygame.display.flip = timed_flip
    if not args:
        bare_frame()
    else:
        from games.core.cli.commands import main as run_program
        if run_program([] if args == ["-"] else args) != 0:
            raise ValueError(f"{' '.join(args)!r} failed")
    if not shown:
        raise ValueError(f"{' '.join(args)!r} showed no frame")
    print(json.dumps({"cpu_ms": round(shown[0] * 1000, 2)}), flush=True)


def first_draw(key: str) -> None:
    """A game's scene made and drawn once, as when it opens (its puzzle made first, out of
    the timing): what its sprites cost, read from disk or painted."""
    import json

    from games.core.kit import registry
    from games.core.kit.session import Session
    from games.core.loop.app import App
    from games.core.screens.frame import Frame
    app = App(windowed=False)
    registry.lookup(key).board()                  # the board's modules imported, not timed
    session = Session.new(key, None, seed=7)
    start = time.process_time()
    app.stack = [Frame(app, session)]
    app.frame(0.0)
    print(json.dumps({"cpu_ms": round((time.process_time() - start) * 1000, 2)}), flush=True)
    app.quit()


def waiting(seconds: float, count: int, ticking: bool = False) -> None:
    """The floor: a window open, and nothing but pygame.event.wait; `ticking`: with a clock's
    area (the HUD's, in Parlour's SCALED window and scaling) sent to the window each second,
    and SDL's game-controller layer started after the first frame (as Input.start_pads: SDL
    then looks for pads in every pump of the wait's millisecond loop)."""
    import math

    import pygame
    if ticking:
        os.environ.setdefault("PYGAME_FORCE_SCALE", "photo")   # as App._open_window
    pygame.display.init()
    screen = pygame.display.set_mode(SIZE, pygame.FULLSCREEN | pygame.SCALED)
    pygame.display.flip()
    if ticking:
        try:
            from pygame._sdl2 import controller
            controller.init()
        except (ImportError, pygame.error):
            pass
        pygame.joystick.init()
    clock_area = pygame.Rect(SIZE[0] - 200, 40, 160, 56)
    ticks, due = 0, time.perf_counter() + 1.0
    sampler = Sampler(seconds, count, post_wake, lambda: (0, ticks))
    sampler.start()
    while not sampler.done.is_set():
        if not ticking:
            pygame.event.wait()
            continue
        pygame.event.wait(max(1, math.ceil((due - time.perf_counter()) * 1000)))
        if time.perf_counter() >= due:
            screen.fill((ticks % 200, 30, 40), clock_area)
            pygame.display.update(clock_area)
            ticks, due = ticks + 1, due + 1.0
    report("minimal pygame-ce program " + ("sending a clock's area once a second, pads on"
                                           if ticking else "waiting on events"), sampler)


def show(app: App, name: str) -> None:
    """Set the app's stack to the launcher, with the named game or overlay on top."""
    from games.core.kit import registry
    from games.core.kit.session import Session
    from games.core.screens.frame import Frame
    from games.core.screens.launcher import LauncherScene
    from games.core.screens.menus import PauseScene, ResultScene
    from games.core.screens.overlays import HelpScene, SettingsScene
    app.stack = []
    app.push(LauncherScene(app))
    if name == "settings":
        app.push(SettingsScene(app))
    elif name != "launcher":
        key = registry.BENCH_GAME if name in OVERLAYS else name
        game = Frame(app, Session.new(key, None, seed=7))
        app.push(game)
        overlays: dict[str, Callable[[], Scene]] = {
            "pause": lambda: PauseScene(app, game), "result": lambda: ResultScene(app, game),
            "rules": lambda: HelpScene(app, key)}
        overlay = overlays.get(name)
        if overlay:
            app.push(overlay())


def rest(seconds: float, count: int, names: list[str]) -> None:
    """Each scene in the real loop (App.run's turns, with its real clock and event wait), left
    alone: its opening animations run out, a warm-up, then the samples."""
    from games.core.loop.app import App
    app = App(windowed=False)
    for name in names:
        show(app, name)
        settling = time.perf_counter() + 5.0     # a scene that never rests is measured anyway
        while app.rest_time() is None and time.perf_counter() < settling:
            app.turn()
        sampler = Sampler(seconds, count, post_wake, lambda: (app.frames, app.draws))
        sampler.start()
        while not sampler.done.is_set():
            app.turn()
        report(name, sampler)
    app.quit()


def sampling(seconds_text: str, count_text: str) -> tuple[float, int]:
    seconds, count = float(seconds_text), int(count_text)
    if not (0.01 <= seconds <= 60 and 1 <= count <= 1000):
        raise ValueError("sampling wants 0.01..60 seconds and 1..1000 samples")
    return seconds, count


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    kind, args = (argv[0], argv[1:]) if argv else ("", [])
    try:
        if kind == "bare-frame" and not args:
            bare_frame()
        elif kind == "first-frame" and args[:1] != ["bench-child"]:
            first_frame(args)
        elif kind == "first-draw" and len(args) == 1:
            from games.core.kit import registry
            if args[0] not in registry.KEYS:
                raise ValueError(f"no game called {args[0]}")
            first_draw(args[0])
        elif kind in ("waiting", "ticking") and len(args) == 2:
            waiting(*sampling(*args), ticking=kind == "ticking")
        elif kind == "rest" and len(args) > 2:
            from games.core.kit import registry
            unknown = set(args[2:]) - {"launcher", *registry.KEYS, *OVERLAYS}
            if unknown:
                raise ValueError(f"no scene called {', '.join(sorted(unknown))}")
            rest(*sampling(*args[:2]), args[2:])
        else:
            raise ValueError(f"unknown bench child {' '.join(argv)!r}")
    except ValueError as error:
        print(f"parlour: {error}", file=sys.stderr)
        return 2
    return 0
