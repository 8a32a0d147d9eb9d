"""The App: one window, the fixed-timestep loop, and a stack of scenes.

Each frame: poll events once and route their actions to the top scene; advance the simulation
in fixed steps from a time.perf_counter() accumulator (catch-up capped); draw once, if anything
changed. Clock.tick only caps the frame rate, since it sleeps whole milliseconds.

At rest (no tween moving, no Job working, no held stick or d-pad repeating, nothing new since
the last step, and the top scene's picture not about to change by itself) the loop draws
nothing and sleeps in pygame.event.wait until an event or the scene's next change; the time
slept is then stepped at once, so clocks and timers lose nothing.
"""
from __future__ import annotations

import gc
import math
import os
import random
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from types import FrameType, MappingProxyType
from typing import Any, TypeVar

import pygame

from games.core.data.store import Store
from games.core.kit.actions import Act, Action, Command
from games.core.loop import assets, palette, sprite_cache, survey
from games.core.loop.audio import Audio
from games.core.loop.input import Input
from games.core.loop.jobs import Jobs
from games.core.loop.tween import Motion

LOGICAL_SIZE = (1920, 1080)
JOB_DONE = pygame.event.custom_type()   # a Job finished: wakes a loop asleep at rest
MOST_MESSAGES = 20      # the player's messages waiting to be shown
STEP = 1 / 120          # simulation step, seconds
MAX_CATCH_UP = 0.25     # never simulate more than this per frame (after a stall)
FPS_CAP = 120
# Seconds; a sleep at rest is capped so the loop looks again: Python runs a signal handler
# (Ctrl-C, SIGHUP, SIGTERM save the game) only once SDL's wait has returned.
LONGEST_SLEEP = 0.5
WAKE_LATE = 0.001       # wake just after a change comes due, never just before it
# Input that means nothing (a key let go, a stick resting in its dead zone) does not redraw;
# every other event does (window, system and Job events), and so does input that makes an
# Action or changes the device in hand.
INPUT_EVENTS = frozenset(getattr(pygame, name) for name in (
    "MOUSEMOTION", "MOUSEBUTTONDOWN", "MOUSEBUTTONUP", "MOUSEWHEEL", "KEYDOWN", "KEYUP",
    "TEXTINPUT", "TEXTEDITING", "JOYAXISMOTION", "JOYBALLMOTION", "JOYHATMOTION",
    "JOYBUTTONDOWN", "JOYBUTTONUP", "CONTROLLERAXISMOTION", "CONTROLLERBUTTONDOWN",
    "CONTROLLERBUTTONUP", "CONTROLLERTOUCHPADDOWN", "CONTROLLERTOUCHPADMOTION",
    "CONTROLLERTOUCHPADUP", "CONTROLLERSENSORUPDATE", "FINGERDOWN", "FINGERUP", "FINGERMOTION")
    if hasattr(pygame, name))
# What signal.signal takes and gives back: a function, SIG_DFL or SIG_IGN, or None (not set
# from Python).
SignalHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


def display_flags(fullscreen: bool) -> int:
    """Always SCALED: the picture is drawn at the fixed logical size and SDL scales it. Full
    screen at the desktop's resolution, or a window the player can resize and maximise (a
    window reached from full screen is given the same: App.toggle_fullscreen)."""
    return pygame.SCALED | (pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)


def window_placement(area: pygame.Rect, logical: tuple[int, int]) -> pygame.Rect:
    """The window's rect: the logical shape at 80% of the area (never larger than the logical
    size), centred in it, so the whole window, title bar included, is on the desktop."""
    scale = min(0.8 * area.width / logical[0], 0.8 * area.height / logical[1], 1.0)
    placed = pygame.Rect(0, 0, max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale)))
    placed.center = area.center
    return placed


def set_pygame_icon() -> None:
    """Give the window pygame-ce's own icon, as set_mode would (its file; black see-through,
    but on macOS), read here: set_mode finds it through importlib.resources, whose readers
    import zipfile and more on the way to the first frame (some 4 ms). Where the file cannot
    be read, set_mode looks for it as ever."""
    mac = sys.platform == "darwin"
    name = "pygame_icon_mac.bmp" if mac else "pygame_icon.bmp"
    try:
        icon = pygame.image.load(os.path.join(os.path.dirname(pygame.__file__), name))
    except (OSError, pygame.error):
        return
    if not mac:
        icon.set_colorkey(0)
    pygame.display.set_icon(icon)


SceneT = TypeVar("SceneT", bound="Scene")   # App.find gives back the kind it was asked for


class Scene:
    """A screen. Overlays set opaque = False to let the scene below show through."""
    opaque = True
    # The letters this scene gives a meaning (a game's commands, a question's Y and N): the
    # input hands them over as Act.COMMAND with their Command.
    letters: Mapping[str, Command] = MappingProxyType({})

    def __init__(self, app: App):
        self.app = app

    def handle(self, action: Action) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_quit(self) -> None:
        """The app is closing: keep whatever should survive (game scenes save)."""

    def on_closed(self) -> None:
        """The App quits for good (on_quit has kept what is kept): let go of what is held
        open, a network seat (its thread would otherwise outlive the App)."""

    def on_focus_lost(self) -> None:
        """The window lost focus: timed games pause."""

    def on_pad_lost(self) -> None:
        """A gamepad was unplugged: game scenes pause and say so."""

    def demo_step(self) -> None:
        """One move of the scripted demo player (the demo command)."""

    def on_uncovered(self) -> None:
        """The scenes above this one closed: it is on top again."""

    @property
    def on_top(self) -> bool:
        """Nothing covers this scene: it is the one the player sees whole and speaks to."""
        return self.app.top is self

    def open_over(self, make: Callable[[App], Scene]) -> None:
        """Open a screen over this one (made with the App)."""
        self.app.push(make(self.app))

    def on_look_changed(self) -> None:
        """The palette or the text size changed (App.apply_look): remake what was laid out
        or painted for the old one."""

    def quit_question(self) -> Scene | None:
        """The question the window's close asks over this scene ("Quit Parlour?"), or None
        to leave it to the scenes below; with none at all, the close quits at once."""
        return None

    def next_change(self) -> float | None:
        """Seconds until this scene's picture changes by itself while it is on top (a clock's
        next second, a blink, a timer that acts): 0 while it animates, None when only input
        changes it. Tweens and Jobs need no mention: the App sees those itself."""
        return None

    def draw_changes(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Only this scene's next change came due (nothing else happened since the last
        draw): draw just what changed and return its area, which alone is sent to the
        window; None to have the whole picture drawn."""
        return None


class RealTime:
    """The loop's time: a clock, pacing between frames, and sleeping at rest until an event.
    Tests put a stand-in in App.time to run the real loop without waiting."""

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    @staticmethod
    def now() -> float:
        return time.perf_counter()

    def pace(self) -> None:
        self._clock.tick(FPS_CAP)

    @staticmethod
    def wait(seconds: float) -> pygame.event.Event | None:
        """The first event within `seconds` (at most LONGEST_SLEEP), or None."""
        event = pygame.event.wait(max(1, math.ceil(min(seconds, LONGEST_SLEEP) * 1000)))
        return None if event.type == pygame.NOEVENT else event


class App:
    def __init__(self, windowed: bool | None = None,
                 size: tuple[int, int] = LOGICAL_SIZE) -> None:
        # The App's message channel: what the player must hear (a file set aside, a font
        # that failed), shown on the launcher's message line; the store reports to it.
        self.messages: list[str] = []
        self.store = Store(self.tell)
        self.settings, _ = self.store.load_settings()
        self.store.clean_temporary_files()
        try:       # painted sprites are kept beside the player's files (sprite_cache.py)
            sprite_cache.use_folder(os.path.join(self.store.data_dir(), "sprites"))
        except OSError:   # StoreError: told by load_settings already; sprites are painted
            sprite_cache.use_folder(None)
        self.jobs = Jobs(self.wake)
        # Where a new deal's seed comes from (the setup screen's New game): the operating
        # system's randomness; the tour seeds its own, so its deals are the same every run.
        self.dealer: random.Random = random.SystemRandom()
        self.motion = Motion()   # tweens note here that they move
        if windowed is not None:
            self.settings["fullscreen"] = not windowed
        pygame.display.quit()   # a fresh window: set_mode on a live SCALED one corrupts SDL
        pygame.display.init()
        pygame.font.init()
        assets.font.cache_clear()   # fonts from an earlier pygame.init are no longer valid
        for problem in assets.font_problems():
            self.tell(problem)
        pygame.display.set_caption("Parlour")
        pygame.key.set_repeat(320, 55)
        self.size = size
        self.screen = self._open_window()
        self.input = Input()
        self.pads_started = False    # once the first frame shows (show)
        self.audio = Audio(self.settings["volume"], self.settings["muted"])
        self.stack: list[Scene] = []
        self.apply_look()
        self.running = True
        self.focused = True
        self.frames = 0
        self.draws = 0
        self.time = RealTime()
        self._last: float | None = None
        self._accumulator = 0.0
        self.dirty = True        # draw at the next frame
        self.whole = True        # ... all of it (else only what the top scene's change drew)
        self.partial_draws = 0   # draws of a scene's own change alone (draw_changes)
        self._settled = False    # a step has run since the last event or scene change
        self._moving = False     # a tween moved in the last frame that stepped
        self._woken: list[pygame.event.Event] = []   # what ended a sleep, for the next frame
        self.closing: Scene | None = None   # the question a close of the window asked
        self.signalled = False   # a signal asked to close: no question, it quits

    def _open_window(self) -> pygame.Surface:
        """A fixed logical size, scaled by SDL to the display (full screen at the desktop's
        resolution) or to a resizable window; mouse positions come back in logical pixels."""
        os.environ.setdefault("PYGAME_FORCE_SCALE", "photo")   # smooth scaling keeps text clean
        # SCALED scales a window by whole numbers only (a 1920x1080 picture in a smaller window
        # is cropped), unless this hint is set, which pygame-ce reads when the window opens
        # and again when it is restored from maximised: any scale, then.
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        set_pygame_icon()
        screen = pygame.display.set_mode(self.size, display_flags(self.settings["fullscreen"]))
        # Held for the App's life. pygame-ce marks from_display_module as deprecated, but a
        # SCALED display has no other handle to its window.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
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
        from games.core.loop import sdl  # ctypes: a window needs it, full screen does not
        bounds = sdl.usable_bounds(self.window)
        if bounds is not None:
            return pygame.Rect(bounds)
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
                # Opened full screen, the window was made without RESIZABLE: give it what a
                # window opened as one has (display_flags), so it can be resized and maximised.
                self.window.resizable = True
                self.fit_window()
        except pygame.error as error:
            self.settings["fullscreen"] = not self.settings["fullscreen"]
            self.tell(f"The display mode could not be changed: {error}")
        self.save_settings()

    def tell(self, message: str) -> None:
        """Say something to the player, once while it waits to be shown (the launcher's
        message line shows them in turn)."""
        if message not in self.messages and len(self.messages) < MOST_MESSAGES:
            self.messages.append(message)
            self.mark_dirty()

    def wake(self) -> None:
        """From any thread (a Job's end, news from the network): wake the loop, if the
        display is still up to hear it."""
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(JOB_DONE))
        except pygame.error:     # the display closed meanwhile: nobody is waiting
            pass

    def apply_look(self) -> None:
        """Paint in the player's palette and text size from now on. The App is the one
        writer of both (at start and whenever the settings change): a draw only reads them.
        The scenes hear of a change, to remake what they laid out for the old look."""
        new_palette = palette.use(self.settings)
        new_size = assets.set_text_size(self.settings["text_size"])
        if new_palette or new_size:
            for scene in self.stack:
                scene.on_look_changed()

    def save_settings(self) -> None:
        self.audio.volume, self.audio.muted = self.settings["volume"], self.settings["muted"]
        self.apply_look()
        try:
            self.store.save_settings(self.settings)
        except OSError as error:
            self.tell(f"Settings could not be saved: {error}")

    # --- the scene stack -----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        self.mark_dirty()
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
        else:
            self.stack[-1].on_uncovered()
        self.mark_dirty()
        # A closed scene's big surfaces sit in reference cycles (buttons hold callbacks); free
        # them now, at a screen change where nobody notices, not at a random later frame.
        gc.collect()

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop()
        return self.push(scene)

    def mark_dirty(self) -> None:
        """Draw the next frame, and let a step run before resting. The App marks every input,
        window event, Job result, tween and scene change; a scene needs this only for a change
        it makes by itself, which next_change() cannot foretell."""
        self.dirty = self.whole = True
        self._settled = False

    def find(self, kind: type[SceneT]) -> SceneT | None:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def quit(self) -> None:
        for scene in reversed(self.stack):
            scene.on_quit()
            scene.on_closed()
        self.running = False

    def close(self) -> None:
        """The window's close button: what the scenes keep is kept at once (a game is saved),
        then Parlour asks once; a second close while it asks quits. A signal quits."""
        if self.signalled or (self.closing is not None and self.closing in self.stack):
            self.quit()
            return
        asked = (scene.quit_question() for scene in reversed(self.stack))
        question = next((scene for scene in asked if scene is not None), None)
        if question is None:
            self.quit()
            return
        for scene in reversed(self.stack):
            scene.on_quit()
        self.closing = self.push(question)

    # --- the loop ------------------------------------------------------------------------
    def frame(self, dt: float | None = None) -> bool:
        """One frame. dt=None measures real time; tests pass a fixed dt. False once quitting.
        Draws if anything changed: input, a window or Job event, a scene pushed or popped, a
        tween moving, a Job working, or the top scene's next change come due."""
        was_focused = self.focused
        events, self._woken = self._woken + pygame.event.get(), []
        for event in events:
            self.dispatch(event)
        if was_focused and not self.focused and self.top:
            self.top.on_focus_lost()
        if dt is None:
            now = self.time.now()
            dt = 0.0 if self._last is None else now - self._last
            self._last = now
        due = self.next_change()
        working = bool(self.jobs.running())
        self._accumulator = min(self._accumulator + dt, MAX_CATCH_UP)
        stepped = 0.0
        while self._accumulator >= STEP - 1e-9:
            self._accumulator -= STEP
            self.step(STEP)
            stepped += STEP
        if stepped:
            self._moving = self.motion.take()
            if self._moving or working:
                self.dirty = self.whole = True
            elif due is not None and stepped >= due - 1e-6:
                self.dirty = True
        if self.running and self.stack and self.dirty:
            self.show(self.screen)
            # What an event sets in motion shows after a step: until one has run, draw again.
            self.dirty = self.whole = not stepped
        self.frames += 1
        return self.running

    def step(self, dt: float) -> None:
        self._settled = True     # unless this step routes input or changes the scenes
        for action in self.input.update(dt):
            self.route(action)
        if self.top:
            self.top.update(dt)

    def next_change(self) -> float | None:
        """Only the top scene is updated, so only its own changes can come due."""
        return self.top.next_change() if self.top else None

    def rest_time(self) -> float | None:
        """None while anything moves (run the next frame now); else how long the loop may
        sleep before the picture changes by itself (math.inf: until an event)."""
        if self.dirty or not self._settled or self._moving or not self.stack \
                or self.input.repeating() or self.jobs.running():
            return None
        due = self.next_change()
        if due is None:
            return math.inf
        return due if due > 0 else None

    def idle(self, seconds: float) -> None:
        """Step through time spent asleep at rest in one step: nothing moves, so one step does
        what many would (clocks run on, timers count down). Redraw if a change came due."""
        due = self.next_change()
        self.step(seconds)
        if due is not None and seconds >= due - 1e-6:
            self.dirty = True

    def show(self, screen: pygame.Surface) -> None:
        """Draw the frame and send it to the window: all of it, or, when only the top
        scene's own change came due, what that scene drew of it (a clock's digits)."""
        area = None if self.whole else self.stack[-1].draw_changes(screen)
        if area is None:
            self.draw(screen)
            pygame.display.flip()
        else:
            pygame.display.update(area)
            self.partial_draws += 1
        if not self.pads_started:   # after the first frame: pads already in come as events
            self.pads_started = True
            self.input.start_pads()
        self.draws += 1

    def turn(self) -> None:
        """One pass of the real loop: while anything moves, a frame paced to FPS_CAP; at rest,
        sleep until an event or the next change, step the time slept, then a frame."""
        rest = self.rest_time()
        if rest is None or self._last is None:
            self.frame()
            self.time.pace()
            return
        woke = self.time.wait(rest + WAKE_LATE)
        if woke is not None:
            self._woken.append(woke)
        now = self.time.now()
        if now - self._last > STEP:
            self.idle(now - self._last - STEP)   # the time passed before the event came
        self._last = now
        self.frame(STEP)                          # the event, then a step that sees it

    def dispatch(self, event: pygame.event.Event) -> None:
        self._settled = False
        if event.type not in INPUT_EVENTS:
            self.dirty = self.whole = True
        if event.type == pygame.QUIT:
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.mark_dirty()
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            # Acted on after the whole batch: SDL may lose and regain focus while a window opens.
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            return
        device = self.input.last_device
        self.input.letters = self.top.letters if self.top else {}
        for action in self.input.translate(event):
            self.route(action)
        if self.input.last_device != device:
            self.dirty = self.whole = True    # prompts and cursors follow the device in hand

    def route(self, action: Action) -> None:
        self.mark_dirty()
        if action.kind == Act.PAD_LOST:
            for scene in reversed(self.stack):
                scene.on_pad_lost()
            return
        if self.top and action.kind != Act.PAD_ADDED:
            self.top.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the highest opaque scene up (overlays show the scene beneath)."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[start:]:
            if survey.current is not None:
                survey.current.begin_scene(scene)
            scene.draw(surface)

    def run(self) -> None:
        previous = self._catch_signals()
        try:
            while self.running:
                self.turn()
        finally:
            for number, handler in previous.items():
                if handler is not None:    # None: SDL's own, which Python cannot put back
                    signal.signal(number, handler)
            self.store.forget_history()    # its WAL folded back into the file
        pygame.quit()

    def _catch_signals(self) -> dict[int, SignalHandler]:
        """Ctrl-C, a closed terminal (SIGHUP) and SIGTERM close Parlour as the window's close
        does: the next frame sees a QUIT and the game in progress is saved."""
        def close(number: int, frame: FrameType | None) -> None:
            self.signalled = True
            try:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            except pygame.error:     # no event queue left: quit here, saving the game
                self.quit()
        previous: dict[int, SignalHandler] = {}
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):
                number = getattr(signal, name, None)
                if number is not None:
                    previous[number] = signal.signal(number, close)
        return previous
