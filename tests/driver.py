"""Drive the real App loop with synthetic mouse, keyboard and gamepad events (tests only).

Events are posted to pygame's queue, so they pass through App.frame -> Input.translate -> the
scene, exactly as a player's would. Time advances only by the fixed dt given to each frame.
"""
from __future__ import annotations

import pygame

from games.core.data import records
from games.core.kit import registry
from games.core.kit.session import Session
from games.core.loop.app import LOGICAL_SIZE, App
from games.core.loop.input import keystroke, typed
from games.core.screens.frame import Frame
from games.core.screens.launch import LoadingScene
from games.core.screens.launcher import LauncherScene

DT = 1 / 60
PAD_ID = 4242   # instance id of the synthetic gamepad


def walk(scene, target, step) -> None:
    """Move a grid cursor (row, col) to target one square at a time with step(dx, dy)."""
    (r, c), (tr, tc) = scene.cursor, target
    for _ in range(abs(tr - r)):
        step(0, 1 if tr > r else -1)
    for _ in range(abs(tc - c)):
        step(1 if tc > c else -1, 0)
    assert scene.cursor == target


class Driver:
    def __init__(self, size=LOGICAL_SIZE):
        self.app = App(windowed=True, size=size)
        self.app.push(LauncherScene(self.app))
        self.frames(2)

    # --- time ----------------------------------------------------------------------------
    def frames(self, count: int = 1, dt: float = DT) -> None:
        for _ in range(count):
            self.app.frame(dt)
            while self.app.find(LoadingScene) is not None:   # a puzzle being made: finish it
                self.app.find(LoadingScene).wait()
                self.app.frame(dt)

    def settle(self, limit: int = 240) -> None:
        """Run frames until the top scene has no running animation."""
        for _ in range(limit):
            self.frames()
            tweens = getattr(self.app.top, "tweens", None)
            if tweens is None or not tweens.busy:
                return

    def run_until(self, done, limit: int = 400, dt: float = 0.2) -> None:
        """Step frames until done(); background jobs (computer moves, solvers) are waited for,
        never timed."""
        for _ in range(limit):
            if done():
                return
            self.frames(1, dt)
            self.app.jobs.wait_all()
        raise AssertionError("the scene never got there")

    def until_result(self) -> None:
        """A game just ended: let its last animation land and the result screen appear (the
        bound is 10 s of game time: a last move's celebration and the pause after it take 2)."""
        from games.core.screens.menus import ResultScene
        self.run_until(lambda: isinstance(self.app.top, ResultScene), limit=600, dt=DT)

    # --- games ---------------------------------------------------------------------------
    def setup_summary(self, key: str, params, play: dict):
        """The setup screen's side panel for these choices: a heading and rows."""
        return records.summary(self.app.store, self.app.settings, registry.lookup(key), params,
                               play)

    def start(self, key: str, params=None, seed: int = 1, play_options=None):
        session = Session.new(key, params, seed)
        scene = Frame(self.app, session, play_options or {})
        self.app.push(scene)
        self.frames()
        return scene

    # --- mouse ---------------------------------------------------------------------------
    def post(self, kind, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def click(self, pos, button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames()

    def drag(self, start, end, button: int = 1, steps: int = 6) -> None:
        start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=button)
        self.frames()
        for k in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * k // steps,
                   start[1] + (end[1] - start[1]) * k // steps)
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=held)
            self.frames()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=button)
        self.frames()

    # --- keyboard ------------------------------------------------------------------------
    def key(self, key: int, mod: int = 0, times: int = 1) -> None:
        for _ in range(times):
            for event in keystroke(key, mod):
                pygame.event.post(event)
            self.frames()

    def type_text(self, text: str) -> None:
        pygame.event.post(typed(text))
        self.frames()

    # --- gamepad -------------------------------------------------------------------------
    def pad(self, button: int, times: int = 1) -> None:
        for _ in range(times):
            self.post(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=PAD_ID)
            self.post(pygame.CONTROLLERBUTTONUP, button=button, instance_id=PAD_ID)
            self.frames()

    def pad_axis(self, axis: int, value: int) -> None:
        self.post(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=PAD_ID)
        self.frames()

    def close(self) -> None:
        self.app.quit()


class VirtualPad:
    """A real SDL virtual game controller (through ctypes on pygame-ce's bundled SDL), so a
    test's button presses travel SDL -> pygame events -> Input exactly as a real pad's do."""
    BUTTONS, AXES = 15, 6

    def __init__(self, driver: Driver):
        import ctypes

        from games.core.loop import sdl
        self.sdl = sdl.library()
        self.driver = driver
        self.index = self.sdl.SDL_JoystickAttachVirtual(1, self.AXES, self.BUTTONS,
                                                        0)  # 1 = controller
        assert self.index >= 0, "SDL refused to attach a virtual joystick"
        known = set(driver.app.input.controller_ids)
        driver.frames(2)
        self.instance = max(driver.app.input.controller_ids - known)
        self.handle = ctypes.c_void_p(self.sdl.SDL_JoystickFromInstanceID(self.instance))

    def press(self, button: int, times: int = 1) -> None:
        for _ in range(times):
            for value in (1, 0):
                self.sdl.SDL_JoystickSetVirtualButton(self.handle, button, value)
                self.sdl.SDL_JoystickUpdate()
                self.driver.frames()

    def pull(self, axis: int) -> None:
        """Pull a trigger (or push a stick) fully and let it go."""
        for value in (32767, 0):
            self.sdl.SDL_JoystickSetVirtualAxis(self.handle, axis, value)
            self.sdl.SDL_JoystickUpdate()
            self.driver.frames()

    def unplug(self) -> None:
        self.sdl.SDL_JoystickDetachVirtual(self.index)
        self.driver.frames(2)
