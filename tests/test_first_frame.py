"""The launcher's and a game's first frame (issues 21, 24): only what it shows is imported and
done before it; what can wait (the screens a button opens, the game pads, the computer's
table) comes right after, and is then in place."""
import json
import os

import pygame
import pytest

from games.core.kit import registry
from games.core.screens.frame import Frame
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
               "games.core.kit.controls", "games.core.data.history", "numpy",
               # nor what it can do without: the rules contract, the saved games' format,
               # ctypes (full screen needs no SDL call of its own), pygame's way to its icon
               "games.core.kit.rules_api", "games.core.kit.saves", "ctypes", "zipfile"}
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
    from games.core.screens.launcher import LauncherScene
    app = App(windowed=False)
    try:
        launcher = app.push(LauncherScene(app))
        game = app.push(Frame(app, Session.new("nim", None, 7)))
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
    menu, result, setup, rules, game ID) nor its lesson and rules pictures, nor the history
    unless its HUD shows the best score (a puzzle's); a computer's table is read only from the
    first step after it (the thread would share the CPU with that frame)."""
    out = fresh.last_line(
        fresh.APP + "from games.core.kit.session import Session\n"
        "from games.core.screens.launch import open_game\napp = App(windowed=False)\n"
        f"scene = open_game(app, Session.new({key!r}, None, 7))\n"
        "app.frame(0.0)\nloaded = sorted(sys.modules)\n"
        "warm = scene.versus.warm if scene.versus is not None else None\n"
        "print(json.dumps([loaded, warm is None]))\n")
    loaded, not_warming = json.loads(out)
    waiting = {"games.core.screens.overlays", "games.core.screens.menus",
               "games.core.screens.game_id", "games.core.screens.page",
               # nor its teaching: the lesson and the rules pictures are the rules screen's
               "games.core.kit.lesson", "games.core.kit.pictures", f"games.{key}.lesson",
               f"games.{key}.rules_pictures"}
    if registry.lookup(key).players == 2:
        waiting |= {"games.core.data.history", "games.core.data.records", "sqlite3"}
    assert f"games.{key}.scene" in loaded
    assert not waiting & set(loaded), f"on the first frame's path: {sorted(waiting & set(loaded))}"
    assert not_warming


@pytest.mark.parametrize("key", registry.KEYS)
def test_play_from_the_command_line_imports_no_other_game_before_its_first_frame(key):
    """`play GAME`: the launcher waits under the game unbuilt (its cards would import every
    game's package), and an ordinary game's frame imports nothing of the daily puzzle."""
    out = fresh.last_line(
        fresh.APP + "import pygame\nflip = pygame.display.flip\nseen = []\n"
        "def first_flip():\n    flip()\n    if not seen:\n"
        "        seen.append(sorted(sys.modules))\n"
        "        for _ in range(2): pygame.event.post(pygame.event.Event(pygame.QUIT))\n"
        "pygame.display.flip = first_flip\n"
        "from games.core.cli.commands import main\n"
        f"main(['play', {key!r}, '--seed', '7'])\nprint(json.dumps(seen[0]))\n")
    loaded = set(json.loads(out))
    others = {f"games.{other}" for other in registry.KEYS if other != key}
    assert f"games.{key}.scene" in loaded
    assert not others & loaded, f"on the first frame's path: {sorted(others & loaded)}"
    assert "games.core.kit.daily" not in loaded


def launcher_start(size=(1920, 1080)) -> tuple[bytes, bool]:
    """A new App's launcher: (its first frame as shown, whether it was painted), after the
    first step that follows it (where the painted picture is kept) and the App's close."""
    from games.core.loop.app import STEP, App
    from games.core.screens.launcher import LauncherScene
    app = App(windowed=False, size=size)
    launcher = LauncherScene(app)
    painted: list[bool] = []
    paint = launcher.paint
    launcher.paint = lambda surface: painted.append(True) or paint(surface)  # type: ignore
    app.push(launcher)
    app.frame(0.0)
    shown, first_painted = pygame.image.tobytes(app.screen, "RGB"), bool(painted)
    app.frame(STEP)
    app.jobs.wait_all()
    app.quit()
    return shown, first_painted


def start_picture(data_dir):
    from games.core.screens.launcher import START_PICTURE
    return data_dir / "sprites" / START_PICTURE


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_launchers_first_frame_is_kept_and_shown_again_pixel_for_pixel(data_dir, size):
    """Painted at the first start and kept once it has shown; the next start shows it from
    disk, painting nothing, the same to the pixel."""
    first, painted = launcher_start(size)
    assert painted and start_picture(data_dir).is_file()
    assert launcher_start(size) == (first, False)


def damage(path, how: str) -> None:
    data = path.read_bytes()
    if how == "garbage":
        path.write_bytes(b"not a picture" * 1000)
    elif how == "cut short":
        path.write_bytes(data[:len(data) // 2])
    elif how == "one pixel changed":
        path.write_bytes(data[:-5] + bytes([data[-5] ^ 0x40]) + data[-4:])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "a folder in its place":
        path.unlink()
        path.mkdir()
    elif how == "a FIFO in its place":     # read as a file, it would wait for a writer
        path.unlink()
        os.mkfifo(path)


@pytest.mark.parametrize("how", ["garbage", "cut short", "one pixel changed", "empty",
                                 "a folder in its place",
                                 pytest.param("a FIFO in its place", marks=pytest.mark.skipif(
                                     not hasattr(os, "mkfifo"), reason="no FIFOs here"))])
def test_a_damaged_first_frame_on_disk_is_painted_over(data_dir, how):
    """Never trusted blindly: a kept first frame that is not whole is not shown; the launcher
    paints as it would with none, and (where the file can be replaced) keeps it again."""
    first, _ = launcher_start()
    damage(start_picture(data_dir), how)
    assert launcher_start() == (first, True)
    assert launcher_start() == (first, how == "a folder in its place")


def test_a_first_frame_kept_for_another_look_or_other_code_is_painted_over(data_dir,
                                                                           monkeypatch):
    """Stale: a saved game since (its card's Resume badge), another text size, or other code
    or files painting it (launcher.painted_by: an edited source file, font or card picture)
    each make another picture, painted then kept in its place."""
    from games.core.data.store import Store
    from games.core.screens import launcher
    first, _ = launcher_start()
    (data_dir / "saves").mkdir(parents=True)
    (data_dir / "saves" / "nim.json").write_text("{}")
    with_save, painted = launcher_start()
    assert painted and with_save != first
    assert launcher_start() == (with_save, False)
    (data_dir / "saves" / "nim.json").unlink()
    store = Store(lambda message: None)
    settings, _ = store.load_settings()
    store.save_settings({**settings, "text_size": "large"})
    assert launcher_start()[1]
    store.save_settings(settings)
    assert launcher_start() == (first, True)
    edited = launcher.painted_by() + (("games/core/screens/ui.py", 1, 2),)
    monkeypatch.setattr(launcher, "painted_by", lambda: edited)
    assert launcher_start() == (first, True)


def test_the_launcher_starts_without_a_folder_to_keep_its_first_frame(data_dir):
    """A data folder whose sprites folder cannot be made: painted at every start, the same."""
    data_dir.mkdir(parents=True)
    (data_dir / "sprites").write_text("in the way")
    first, painted = launcher_start()
    assert painted and launcher_start() == (first, True)


def test_what_painted_the_first_frame_covers_its_code_fonts_and_card_pictures():
    """Each file by its size and time of change, as the file system says now: the screens,
    the loop, the registry, the games' own files (a title; what a card picture painted for
    another size draws on, as Mu Torere's draws its star), the fonts and the card pictures."""
    import games.mu_torere
    from games.core.loop import assets
    from games.core.screens import launcher, ui
    made = {path: (size, changed) for path, size, changed in launcher.painted_by()}
    wanted = [launcher.__file__, ui.__file__, assets.__file__, registry.__file__,
              games.mu_torere.__file__,
              os.path.join(os.path.dirname(games.mu_torere.__file__), "geometry.py"),
              *(assets.resource("fonts", name) for name in assets.FONTS),
              *(launcher.thumbnail_path(info.key) for info in registry.launcher_games())]
    for path in wanted:
        stat = os.stat(path)
        assert made[path] == (stat.st_size, stat.st_mtime_ns), path
