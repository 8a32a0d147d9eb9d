"""At rest the loop draws nothing and sleeps; whatever wakes it is drawn exactly as a frame drawn
every time (the old loop) would show it.

The real loop (App.turn, as App.run calls it) runs on a stand-in clock: pacing and sleeping move
that clock instead of waiting, so nothing here is timed. The old loop's picture at any moment is
a fresh App.draw of the same state; after every pass that drew nothing, the screen must equal it.
"""
from __future__ import annotations

import math
import os
import random
import sys
import threading
from dataclasses import replace

import pygame
import pytest

from games.core.kit import registry
from games.core.kit.session import Session
from games.core.loop.app import STEP, App, Scene
from games.core.screens.frame import Frame
from games.core.screens.launch import LoadingScene
from games.core.screens.launcher import LauncherScene
from games.core.screens.menus import PauseScene, ResultScene
from games.core.screens.overlays import HelpScene, SettingsScene
from games.mu_torere.controls import legal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import soak

GAMES = [info.key for info in registry.launcher_games()]
QUIET = 30.0      # seconds a loop with nothing to wait for is left asleep


class StandInTime:
    """App.time for the tests: the clock moves only when the loop paces (one step) or sleeps
    (to the next scripted input, or for as long as it asked)."""

    def __init__(self):
        self.t = 0.0
        self.inputs: list[tuple[float, pygame.event.Event]] = []   # (when, event), in order
        self.sleeps: list[float] = []       # what the loop asked for each time it slept
        self.woken_early = False

    def now(self) -> float:
        return self.t

    def pace(self) -> None:
        self.t += STEP

    def wait(self, seconds: float):
        self.sleeps.append(seconds)
        queued = pygame.event.poll()
        if queued.type != pygame.NOEVENT:
            return queued
        upcoming = self.inputs[0][0] if self.inputs else math.inf
        if seconds == math.inf and (not self.woken_early or upcoming == math.inf):
            # Asleep for good: wake with nothing first (the test checks that nothing changed).
            self.woken_early = True
            self.t = max(self.t, min(upcoming - STEP, self.t + QUIET))
            return None
        if upcoming <= self.t + seconds:
            self.woken_early = False
            when, event = self.inputs.pop(0)
            self.t = max(self.t, when)
            return event
        self.t += seconds
        return None


def picture(surface) -> bytes:
    return surface.get_buffer().raw


def fresh_picture(app) -> bytes:
    """What the old loop, which drew every frame, would show now."""
    surface = app.screen.copy()
    app.draw(surface)
    return picture(surface)


def game_of(app):
    return next((s for s in reversed(app.stack) if isinstance(s, Frame)), None)


def fingerprint(app):
    """What a scene may not change by itself while the loop sleeps for good."""
    game = game_of(app)
    session = game.session if game else None
    return ([id(scene) for scene in app.stack],
            (session.position, len(session.entries), session.status) if session else None)


class Loop:
    """The real App loop on the stand-in clock, checked after every pass."""

    def __init__(self, app: App):
        self.app = app
        self.time = app.time = StandInTime()
        self.turns = 0

    def turn(self) -> None:
        app, time = self.app, self.time
        for_good = app.rest_time() == math.inf
        before, draws, partial = fingerprint(app), app.draws, app.partial_draws
        sleeps = len(time.sleeps)
        app.turn()
        self.turns += 1
        if app.jobs.running():
            app.jobs.wait_all()      # their answers arrive at the next step, whatever the machine
        if not app.running:
            return
        if app.draws == draws:
            assert picture(app.screen) == fresh_picture(app), \
                f"{type(app.top).__name__}: the screen is stale after a pass that drew nothing"
        elif app.partial_draws != partial:
            assert picture(app.screen) == fresh_picture(app), \
                f"{type(app.top).__name__}: a redraw of its change alone differs from a full one"
        slept_for_good = for_good and len(time.sleeps) > sleeps and time.woken_early
        if slept_for_good:
            assert app.draws == draws and fingerprint(app) == before, \
                f"{type(app.top).__name__} changed by itself while the loop slept for good"

    def settle(self, limit: int = 3000) -> None:
        """Run until the loop would sleep: anything that never stops moving fails here."""
        for _ in range(limit):
            if self.app.rest_time() is not None:
                return
            self.turn()
        raise AssertionError(f"{type(self.app.top).__name__} never came to rest")

    def idle(self, turns: int) -> int:
        """Turns at rest; returns the frames drawn meanwhile."""
        draws = self.app.draws
        for _ in range(turns):
            self.turn()
        return self.app.draws - draws

    def play(self, inputs, until: float) -> None:
        """Scripted input at its times (seconds from now), then the loop until `until`."""
        start = self.time.t
        self.time.inputs = [(start + when, event) for when, event in inputs]
        while self.app.running and (self.time.inputs or self.time.t < start + until):
            while self.time.inputs and self.time.inputs[0][0] <= self.time.t:
                pygame.event.post(self.time.inputs.pop(0)[1])
            self.turn()


@pytest.fixture
def app(data_dir):
    app = App(windowed=True)
    launcher = app.push(LauncherScene(app))
    while not launcher.badges_shown:    # the history opens after the launcher's first frame
        app.frame(1 / 60)
        app.jobs.wait_all()
    yield app
    app.quit()


def open_game(app, key, **play):
    play.setdefault("opponent", "computer")
    scene = Frame(app, Session.new(key, None, seed=3), play)
    return app.push(scene)


def overlay(app, name):
    """The screens over a game (or, for settings, over the launcher)."""
    if name == "settings":
        return app.push(SettingsScene(app))
    game = open_game(app, "nim")
    return app.push({"pause": lambda: PauseScene(app, game),
                     "result": lambda: ResultScene(app, game),
                     "rules": lambda: HelpScene(app, "nim")}[name]())


SCENES = ["launcher"] + GAMES + ["pause", "result", "rules", "settings"]


def show(app, name):
    if name in GAMES:
        open_game(app, name)
    elif name != "launcher":
        overlay(app, name)


def untimed(app) -> bool:
    game = game_of(app)
    return app.top is not game or not game.board.timed


# --- a clock at rest: its digits alone -------------------------------------------------------
TIMED = [key for key in GAMES if registry.lookup(key).board().timed]


@pytest.mark.parametrize("windowed", [True, False], ids=["window", "full screen"])
@pytest.mark.parametrize("key", TIMED)
def test_a_clock_at_rest_redraws_only_its_digits(data_dir, key, windowed):
    """Each second only the clock's digits are drawn and sent to the window (SCALED, in a
    window and full screen); the screen is then what a whole frame would show."""
    app = App(windowed=windowed)
    try:
        app.push(LauncherScene(app))
        open_game(app, key)
        loop = Loop(app)
        loop.settle()
        partial, draws = app.partial_draws, app.draws
        loop.idle(12)
        assert app.partial_draws - partial >= 8, "the clock's seconds were drawn alone"
        assert app.draws - draws == app.partial_draws - partial, "and nothing else was drawn"
        assert picture(app.screen) == fresh_picture(app)
    finally:
        app.quit()


def test_a_partial_redraw_gives_way_to_a_whole_one_when_more_changed(app):
    scene = open_game(app, TIMED[0])
    loop = Loop(app)
    loop.settle()
    scene.say("Something new to say.")     # the status line changes with the next second
    partial = app.partial_draws
    loop.idle(3)
    assert picture(app.screen) == fresh_picture(app)
    assert app.partial_draws - partial < 3, "the message's second was drawn whole"


# --- at rest: nothing drawn --------------------------------------------------------------------
@pytest.mark.parametrize("name", SCENES)
def test_a_scene_at_rest_draws_nothing_but_its_clock(app, name):
    show(app, name)
    loop = Loop(app)
    loop.settle()
    start = loop.time.t
    drawn = loop.idle(40)
    seconds = loop.time.t - start
    if untimed(app):
        assert drawn == 0 and app.rest_time() == math.inf
        assert seconds >= 40 * QUIET / 2, "the loop slept between the passes"
    else:   # a clock on show: one frame a second, woken just after the second turns
        assert 0 < drawn <= math.ceil(seconds) + 1
        assert all(0 < s <= 1.01 for s in loop.time.sleeps)


def test_the_clock_wakes_a_resting_game_at_its_next_second(app):
    game = open_game(app, "kenken")
    loop = Loop(app)
    loop.settle()
    elapsed = game.session.elapsed
    shown = picture(app.screen)
    draws = app.draws
    asked = app.rest_time()
    assert asked == pytest.approx(math.ceil(elapsed) - elapsed) or \
        (elapsed == math.ceil(elapsed) and asked is None)
    while app.draws == draws:
        loop.turn()
    assert math.floor(game.session.elapsed) == math.ceil(elapsed) or elapsed % 1 == 0
    assert picture(app.screen) != shown, "the clock's new second is on the screen"
    assert picture(app.screen) == fresh_picture(app)


# --- what wakes it -----------------------------------------------------------------------------
def toolbar_button(app):
    return game_of(app).toolbar.widgets[1].rect.center


WAKERS = {
    "pointer": lambda app: [pygame.event.Event(pygame.MOUSEMOTION, pos=toolbar_button(app),
                                               rel=(0, 0), buttons=(0, 0, 0))],
    "key": lambda app: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                           unicode="", scancode=0)],
    "pad": lambda app: [pygame.event.Event(kind, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                                           instance_id=77)
                        for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)],
    "hint": lambda app: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                            scancode=0)],
}


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("waker", sorted(WAKERS))
def test_input_wakes_a_resting_game_and_is_drawn_as_the_old_loop_would(app, key, waker):
    open_game(app, key)
    loop = Loop(app)
    loop.settle()
    loop.idle(3)
    draws = app.draws
    loop.play([(0.5, event) for event in WAKERS[waker](app)], until=4.0)
    assert app.draws > draws
    loop.settle()
    assert picture(app.screen) == fresh_picture(app)
    assert loop.idle(5) == 0 or not untimed(app)


def test_the_pointer_wakes_the_launcher_and_its_hover_shows(app):
    loop = Loop(app)
    loop.settle()
    before = picture(app.screen)
    card = app.top.menu.widgets[2].rect.center
    loop.play([(1.0, pygame.event.Event(pygame.MOUSEMOTION, pos=card, rel=(0, 0),
                                        buttons=(0, 0, 0)))], until=2.0)
    assert picture(app.screen) != before and picture(app.screen) == fresh_picture(app)


class Waiting(Scene):
    """A scene that shows a Job's answer once it arrives (as a game shows its computer's)."""

    def __init__(self, app, job):
        super().__init__(app)
        self.job, self.colour = job, (0, 0, 0)

    def update(self, dt):
        if self.job.done:
            self.colour = self.job.result

    def draw(self, surface):
        surface.fill(self.colour)


def test_a_finishing_job_wakes_a_sleeping_loop_and_its_answer_is_drawn(app):
    gate = threading.Event()
    job = app.jobs.start(lambda: gate.wait() and (200, 120, 40))
    app.push(Waiting(app, job))
    loop = Loop(app)
    for _ in range(20):
        app.turn()
        assert app.rest_time() is None, "never at rest while a Job works"
    gate.set()
    job.wait()                            # finished: its JOB_DONE event is queued
    assert app.rest_time() is not None    # nothing else moves: the loop would sleep...
    loop.turn()                           # ...and the event wakes it
    loop.settle()
    assert app.screen.get_at((5, 5))[:3] == (200, 120, 40)
    assert picture(app.screen) == fresh_picture(app)


def test_a_held_stick_keeps_the_loop_stepping(app):
    open_game(app, "poggle")
    loop = Loop(app)
    loop.settle()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=1, value=32767,
                                         instance_id=77))
    loop.turn()
    for _ in range(100):
        assert app.rest_time() is None
        loop.turn()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=1, value=0,
                                         instance_id=77))
    loop.settle()


def test_time_asleep_counts_on_the_games_clock(app):
    game = open_game(app, "deductile")
    loop = Loop(app)
    loop.settle()
    start_clock, start = game.session.elapsed, loop.time.t
    loop.idle(30)
    assert game.session.elapsed - start_clock == pytest.approx(loop.time.t - start, abs=STEP)


# --- the kind: random input through the real loop, checked after every pass --------------------
def let_go(event):
    """The event that ends a held pad button or pushed stick, or None."""
    if event.type == pygame.CONTROLLERBUTTONDOWN:
        return pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=event.button,
                                  instance_id=event.instance_id)
    if event.type == pygame.CONTROLLERAXISMOTION:
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=event.axis, value=0,
                                  instance_id=event.instance_id)
    return None


@pytest.mark.parametrize("key", GAMES)
def test_random_input_never_leaves_a_stale_picture(app, key):
    rng = random.Random(f"rest-{key}")
    open_game(app, key, opponent=rng.choice(["computer", "human"]))
    loop = Loop(app)
    inputs, when = [], 0.0
    for _ in range(60):
        event = soak.random_event(rng, app.size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and rng.random() < 0.7:
            continue     # stay mostly in the game
        when += rng.choice((0.0, STEP, 0.05, 0.3, 0.8, 2.0))
        inputs.append((when, event))
        letting_go = let_go(event)
        if letting_go:   # a button or stick held a moment (its repeats run), then let go
            inputs.append((when + rng.choice((0.05, 0.6)), letting_go))
    inputs.sort(key=lambda timed: timed[0])
    loop.play(inputs, until=when + 3.0)
    if app.running:
        loop.settle(limit=6000)
        assert picture(app.screen) == fresh_picture(app)


def test_the_frame_path_of_the_soak_and_tests_still_draws_what_changes(app):
    """App.frame(dt) driven directly: the first frame draws, frames at rest do not, input does."""
    app.frame(1 / 60)
    draws = app.draws
    for _ in range(30):
        app.frame(1 / 60)
    assert app.draws == draws
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                         scancode=0))
    app.frame(1 / 60)
    assert app.draws == draws + 1
    assert picture(app.screen) == fresh_picture(app)


def test_a_loading_screen_keeps_drawing_its_progress(app):
    gate = threading.Event()
    loading = app.push(LoadingScene(app, gate.wait, lambda result: None))
    loop = Loop(app)
    for _ in range(60):
        draws = app.draws
        loop.app.turn()
        assert app.draws == draws + 1
    gate.set()
    loading.wait()
    loop.settle()
    assert app.top is not loading



# --- the two-player frame comes to rest too ----------------------------------------------------
def test_a_selected_piece_glows_then_the_game_rests(app):
    scene = open_game(app, "mu_torere", opponent="human")
    loop = Loop(app)
    loop.settle()
    board = scene.board
    board.ui = replace(board.ui, selected=min(legal(scene.state)))  # a piece picked up
    board.clock = 0.0
    assert board.pulsing() and scene.next_change() == 0.0
    loop.settle()                                                # the glow beats, then holds
    assert board.pulsing() and loop.idle(40) == 0


def test_a_paused_demo_rests(app):
    scene = open_game(app, "kono", opponent="demo")
    scene.versus.demo_paused = True
    loop = Loop(app)
    loop.settle()
    assert loop.idle(40) == 0


def test_undo_is_dimmed_at_the_undo_depth(app):
    scene = open_game(app, "mu_torere", opponent="human")
    scene.prefs.set("undo_depth", 1)
    for text in ("3-8", "4-3"):
        scene.session.apply(text)
    assert scene.can_undo()
    scene.undo()
    assert scene.session.can_undo() and not scene.can_undo(), "one turn back is the depth"
