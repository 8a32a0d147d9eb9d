"""The App: one window, the fixed-timestep loop, and a stack of scenes.

Each frame: poll events once and route their actions to the top scene; advance the simulation
in fixed steps from a time.perf_counter() accumulator (catch-up capped); draw once. Clock.tick
only caps the frame rate, since it sleeps whole milliseconds.
"""
from __future__ import annotations

import ctypes
import gc
import os
import time
import warnings

import pygame

from games.core import assets, sdl
from games.core import input as act
from games.core import store
from games.core.audio import Audio
from games.core.input import Input

LOGICAL_SIZE = (1920, 1080)
STEP = 1 / 120          # simulation step, seconds
MAX_CATCH_UP = 0.25     # never simulate more than this per frame (after a stall)
FPS_CAP = 120


def window_placement(area: pygame.Rect, logical) -> pygame.Rect:
    """The window's rect: the logical shape at 80% of the area (never larger than the logical
    size), centred in it, so the whole window, title bar included, is on the desktop."""
    scale = min(0.8 * area.width / logical[0], 0.8 * area.height / logical[1], 1.0)
    placed = pygame.Rect(0, 0, max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale)))
    placed.center = area.center
    return placed


class Scene:
    """A screen. Overlays set opaque = False to let the scene below show through."""
    opaque = True

    def __init__(self, app: "App"):
        self.app = app

    def handle(self, action: act.Action) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_quit(self) -> None:
        """The app is closing: keep whatever should survive (game scenes save)."""

    def on_focus_lost(self) -> None:
        """The window lost focus: timed games pause."""

    def on_pad_lost(self) -> None:
        """A gamepad was unplugged: game scenes pause and say so."""

    def demo_step(self) -> None:
        """One move of the scripted demo player (the demo command)."""


class App:
    def __init__(self, windowed: bool | None = None, size=LOGICAL_SIZE):
        self.settings, message = store.load_settings()
        self.messages: list[str] = [message] if message else []
        if windowed is not None:
            self.settings["fullscreen"] = not windowed
        pygame.display.quit()   # a fresh window: set_mode on a live SCALED one corrupts SDL
        pygame.display.init()
        pygame.font.init()
        assets.font.cache_clear()   # fonts from an earlier pygame.init are no longer valid
        pygame.display.set_caption("Parlour")
        pygame.key.set_repeat(320, 55)
        self.size = size
        self.screen = self._open_window()
        self.input = Input()
        self.input.start_pads()
        self.audio = Audio(self.settings["volume"], self.settings["muted"])
        self.stack: list[Scene] = []
        self.running = True
        self.focused = True
        self.frames = 0
        self.clock = pygame.time.Clock()
        self._last = None
        self._accumulator = 0.0

    def _open_window(self):
        """A fixed logical size, scaled by SDL to the display (full screen at the desktop's
        resolution) or to a resizable window; mouse positions come back in logical pixels."""
        mode = pygame.FULLSCREEN if self.settings["fullscreen"] else pygame.RESIZABLE
        os.environ.setdefault("PYGAME_FORCE_SCALE", "photo")   # smooth scaling keeps text clean
        screen = pygame.display.set_mode(self.size, pygame.SCALED | mode)
        # Held for the App's life. pygame-ce marks from_display_module as deprecated, but a
        # SCALED display has no other handle to its window.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        sdl.allow_fractional_scaling(self.window)
        if not self.settings["fullscreen"]:
            self.fit_window()
        return screen

    def fit_window(self) -> None:
        """A window wholly on the desktop: 80% of its usable area, in the logical size's
        shape, centred (SDL first opens a SCALED window at the logical size, which on a
        small desktop starts off screen)."""
        area = self.desktop_area()
        if area is None:
            return
        self.window.minimum_size = (self.size[0] // 4, self.size[1] // 4)  # SCALED pins it
        placed = window_placement(area, self.size)
        self.window.size = placed.size
        self.window.position = placed.topleft

    def desktop_area(self) -> pygame.Rect | None:
        """The usable part (less task bars) of the display the window is on, in desktop
        coordinates; the whole first desktop where SDL cannot say."""
        library = sdl.library()
        if library is not None:
            bounds = (ctypes.c_int * 4)()
            handle = library.SDL_GetWindowFromID(self.window.id)
            index = max(0, library.SDL_GetWindowDisplayIndex(ctypes.c_void_p(handle))) \
                if handle else 0
            if library.SDL_GetDisplayUsableBounds(index, bounds) == 0 and bounds[2] > 0 \
                    and bounds[3] > 0:
                return pygame.Rect(*bounds)
        desktops = pygame.display.get_desktop_sizes()
        return pygame.Rect((0, 0), desktops[0]) if desktops else None

    def toggle_fullscreen(self) -> None:
        """Switch in place through the Window: calling set_mode again on a live SCALED window
        corrupts SDL's memory on drivers that cannot toggle (found by the soak)."""
        self.settings["fullscreen"] = not self.settings["fullscreen"]
        try:
            if self.settings["fullscreen"]:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.fit_window()
        except pygame.error as error:
            self.settings["fullscreen"] = not self.settings["fullscreen"]
            self.messages.append(f"The display mode could not be changed: {error}")
        self.save_settings()

    def save_settings(self) -> None:
        self.audio.volume, self.audio.muted = self.settings["volume"], self.settings["muted"]
        try:
            store.save_settings(self.settings)
        except OSError as error:
            self.messages.append(f"Settings could not be saved: {error}")

    # --- the scene stack -----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or the given scene and everything above it)."""
        if scene is None:
            if self.stack:
                self.stack.pop()
        elif scene in self.stack:
            del self.stack[self.stack.index(scene):]
        if not self.stack:
            self.running = False
        # A closed scene's big surfaces sit in reference cycles (buttons hold callbacks); free
        # them now, at a screen change where nobody notices, not at a random later frame.
        gc.collect()

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop()
        return self.push(scene)

    def find(self, kind):
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def quit(self) -> None:
        for scene in reversed(self.stack):
            scene.on_quit()
        self.running = False

    # --- the loop ------------------------------------------------------------------------
    def frame(self, dt: float | None = None) -> bool:
        """One frame. dt=None measures real time; tests pass a fixed dt. False once quitting."""
        was_focused = self.focused
        for event in pygame.event.get():
            self.dispatch(event)
        if was_focused and not self.focused and self.top:
            self.top.on_focus_lost()
        if dt is None:
            now = time.perf_counter()
            dt = 0.0 if self._last is None else now - self._last
            self._last = now
        self._accumulator = min(self._accumulator + dt, MAX_CATCH_UP)
        while self._accumulator >= STEP - 1e-9:
            self._accumulator -= STEP
            self.step(STEP)
        if self.running and self.stack:
            self.draw(self.screen)
            pygame.display.flip()
        self.frames += 1
        return self.running

    def step(self, dt: float) -> None:
        for action in self.input.update(dt):
            self.route(action)
        if self.top:
            self.top.update(dt)

    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            # Acted on after the whole batch: SDL may lose and regain focus while a window opens.
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            return
        for action in self.input.translate(event):
            self.route(action)

    def route(self, action: act.Action) -> None:
        if action.kind == act.PAD_LOST:
            for scene in reversed(self.stack):
                scene.on_pad_lost()
            return
        if self.top and action.kind != act.PAD_ADDED:
            self.top.handle(action)

    def draw(self, surface) -> None:
        """Draw from the highest opaque scene up (overlays show the scene beneath)."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[start:]:
            scene.draw(surface)

    def run(self) -> None:
        while self.running:
            self.frame()
            self.clock.tick(FPS_CAP)
        pygame.quit()
