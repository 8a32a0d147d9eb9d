"""The launcher's and a game's first frame (issues 21, 24): only what it shows is imported and
done before it; what can wait (the screens a button opens, the game pads, the computer's
table) comes right after, and is then in place."""
import json

import pygame
import pytest

from games.core.kit import registry
from tests import fresh


def first_frame_then(lines: str) -> str:
    """A new interpreter: the launcher's first frame, what was imported by then, then `lines`
    after a second frame; the last line printed."""
    return fresh.last_line(
        fresh.APP + "from games.core.screens.launcher import LauncherScene\n"
        "app = App(windowed=False)\napp.push(LauncherScene(app))\n"
        "pending = (app.pads_started, app.input._controller)\n"
        "app.frame(0.0)\nloaded = sorted(sys.modules)\napp.frame(0.0)\n" + lines)


def test_the_first_frame_imports_only_what_it_shows():
    loaded = set(first_frame_then("print(' '.join(loaded))").split())
    waiting = {"games.core.screens.overlays", "games.core.screens.menus",
               "games.core.screens.game_id", "games.core.screens.page",
               "games.core.screens.launch", "games.core.kit.session",
               "games.core.kit.controls", "games.core.data.history", "numpy"}
    assert "games.core.screens.launcher" in loaded
    assert not waiting & loaded, f"on the first frame's path: {sorted(waiting & loaded)}"


def test_the_pads_are_started_once_the_first_frame_shows(data_dir):
    """Not before the first frame; after it, a pad plugged in (SDL's virtual one, through the
    real loop) is seen and its buttons move the launcher's focus."""
    assert first_frame_then("print(json.dumps([pending, app.pads_started]))") == \
        "[[false, null], true]"
    from tests.driver import Driver, VirtualPad
    driver = Driver()
    try:
        pad = VirtualPad(driver)
        focus = driver.app.top.menu.focus
        pad.press(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        assert driver.app.top.menu.focus != focus
    finally:
        driver.close()


def test_the_launcher_under_a_game_reads_its_pictures_only_when_shown(data_dir):
    """`play GAME` and the demo put the game over the launcher: the first frame is the
    game's, and the launcher reads its card pictures when it is first shown."""
    from games.core.kit.session import Session
    from games.core.loop.app import App
    from games.core.screens.launch import scene_module
    from games.core.screens.launcher import LauncherScene
    app = App(windowed=False)
    try:
        launcher = app.push(LauncherScene(app))
        game = app.push(scene_module("nim").SCENE(app, Session.new("nim", None, 7)))
        app.frame(0.0)
        assert launcher.pictures == {}
        app.pop(game)
        app.frame(0.0)
        assert len(launcher.pictures) == len(launcher.menu.widgets) - 4   # one per card
        card = launcher.menu.widgets[0]
        assert card.picture.get_size() == launcher.pictures[card.info.key][0]
    finally:
        app.quit()


@pytest.mark.parametrize("key", registry.KEYS)
def test_a_games_first_frame_imports_no_screen_it_has_not_opened(key):
    """`play GAME`'s first frame: the game's own scene, none of the screens it may open (pause
    menu, result, setup, rules, game ID), nor the history unless its HUD shows the best score
    (a puzzle's); a computer's table is read only from the first step after it (the thread
    would share the CPU with that frame)."""
    out = fresh.last_line(
        fresh.APP + "from games.core.kit.session import Session\n"
        "from games.core.screens.launch import scene_module\napp = App(windowed=False)\n"
        f"scene = app.push(scene_module({key!r}).SCENE(app, Session.new({key!r}, None, 7)))\n"
        "app.frame(0.0)\nloaded = sorted(sys.modules)\nwarm = getattr(scene, 'warm', None)\n"
        "print(json.dumps([loaded, warm is None]))\n")
    loaded, not_warming = json.loads(out)
    waiting = {"games.core.screens.overlays", "games.core.screens.menus",
               "games.core.screens.game_id", "games.core.screens.page"}
    if registry.lookup(key).players == 2:
        waiting |= {"games.core.data.history", "games.core.data.records", "sqlite3"}
    assert f"games.{key}.scene" in loaded
    assert not waiting & set(loaded), f"on the first frame's path: {sorted(waiting & set(loaded))}"
    assert not_warming
