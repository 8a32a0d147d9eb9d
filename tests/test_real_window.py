"""Parlour in a real X window (Xvfb + openbox), driven with xdotool: full screen, through the
launcher into a game, one move played with the mouse, the window closed, the move saved; and
leaving full screen (Settings or F11) for a window that can be resized and maximised.

SDL silently falls back to an offscreen driver when it cannot reach a display, so the test
checks that the driver really was x11. Locally the test is skipped without Xvfb, openbox and
xdotool; in CI (CI=true) their absence is a failure, since .ci/run installs them."""
import json
import os
import select
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ("Xvfb", "openbox", "xdotool")
# The first free display from :93 (other test runs on the machine may hold one).
DISPLAY = next(f":{n}" for n in range(93, 200) if not os.path.exists(f"/tmp/.X11-unix/X{n}"))
LAUNCH = ("import pygame\n"
          "from games.core.loop.app import App\n"
          "from games.core.screens.launcher import LauncherScene\n"
          "app = App(windowed=False)\n"
          "print(pygame.display.get_driver(), pygame.display.get_window_size(), flush=True)\n"
          "app.push(LauncherScene(app))\n"
          "app.run()\n")

missing = [tool for tool in TOOLS if shutil.which(tool) is None]
if missing and not os.environ.get("CI"):
    pytest.skip(f"needs {', '.join(missing)}", allow_module_level=True)


def xdotool(*args):
    return subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=DISPLAY),
                          capture_output=True, text=True, timeout=20)


def wait_for(test, what, seconds=20):
    deadline = time.monotonic() + seconds      # a bound on waiting, not a timed assertion
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


@pytest.fixture
def x_server():
    assert not missing, f"CI must install {', '.join(missing)} (see .ci/run)"
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manager = None
    try:       # the servers go whatever happens: one left running takes the display number
        wait_for(lambda: server.poll() is None and
                 os.path.exists(f"/tmp/.X11-unix/X{DISPLAY[1:]}"), "Xvfb")
        manager = subprocess.Popen(["openbox"], env=dict(os.environ, DISPLAY=DISPLAY),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # A window opened before the manager runs can wait for ever for full screen: wait until
        # openbox answers for the desktops (EWMH), which it does once it manages the screen.
        wait_for(lambda: xdotool("get_num_desktops").returncode == 0, "openbox")
        yield
    finally:
        for process in (manager, server):
            if process is not None:
                process.terminate()
                process.wait(10)


def launch(data_dir, windowed: bool):
    env = dict(os.environ, DISPLAY=DISPLAY, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               SDL_VIDEO_X11_WMCLASS="parlour-test", PARLOUR_DATA_DIR=str(data_dir))
    code = LAUNCH.replace("App(windowed=False)", f"App(windowed={windowed})")
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def first_line(game) -> str:
    """The game's first line (its video driver and size), or a failure: never an endless wait."""
    ready, _, _ = select.select([game.stdout], [], [], 60)
    assert ready, "the game did not open its window"
    return game.stdout.readline()


def click(window, x, y, scale):
    """Click at logical (x, y) of the 1920x1080 picture, shown at `scale` in the window."""
    xdotool("mousemove", "--window", window, "--sync", str(round(x * scale)),
            str(round(y * scale)), "click", "1")


def play_one_deductile_move_and_quit(game, window, scale, data_dir):
    time.sleep(0.5)
    click(window, 290, 450, scale)          # the first card: DeducTile
    time.sleep(0.5)
    click(window, 530, 520, scale)          # New game, below "Learn to play (2 min)"
    time.sleep(1.0)
    # Drag the first tile onto the second (DeducTile's tile column).
    xdotool("mousemove", "--window", window, "--sync", str(round(323 * scale)),
            str(round(230 * scale)), "mousedown", "1")
    for y in range(240, 460, 40):
        xdotool("mousemove", "--window", window, "--sync", str(round(323 * scale)),
                str(round(y * scale)))
        time.sleep(0.05)
    xdotool("mouseup", "1")
    time.sleep(0.5)
    xdotool("key", "--window", window, "Escape")    # the pause menu...
    time.sleep(0.5)
    click(window, 960, 890, scale)                    # ...Quit Parlour, which asks once:
    time.sleep(0.5)
    xdotool("key", "--window", window, "y")           # yes, quit
    assert game.wait(20) == 0, game.stderr.read()[-2000:]
    save = json.loads((data_dir / "saves" / "deductile.json").read_text())
    assert save["moves"] and save["moves"][0].startswith("s"), "the drag swapped two tiles"


def test_click_into_a_game_and_play_a_move_in_a_real_window(x_server, data_dir):
    game = launch(data_dir, windowed=False)
    try:
        driver, size = first_line(game).split(" ", 1)
        assert driver == "x11", f"SDL fell back to {driver!r}"
        assert size.strip() == "(1920, 1080)", "full screen at the display's resolution"
        window = wait_for(lambda: xdotool("search", "--class", "parlour-test").stdout.split(),
                          "the window")[-1]
        play_one_deductile_move_and_quit(game, window, 1.0, data_dir)
    finally:
        if game.poll() is None:
            game.kill()


def test_a_resized_window_keeps_its_layout_and_input_mapping(x_server, data_dir):
    game = launch(data_dir, windowed=True)
    try:
        assert first_line(game).startswith("x11 ")
        window = wait_for(lambda: xdotool("search", "--class", "parlour-test").stdout.split(),
                          "the window")[-1]
        time.sleep(0.5)
        xdotool("windowsize", window, "960", "540")     # half size: the picture must shrink
        wait_for(lambda: "960x540" in xdotool("getwindowgeometry", window).stdout, "the resize")
        play_one_deductile_move_and_quit(game, window, 0.5, data_dir)
    finally:
        if game.poll() is None:
            game.kill()


# Full screen, then a window by Settings and by F11; the child answers "state" on stdin with
# its display mode, whether SDL's window is resizable, its size, how many frames it drew and
# the scene on top; "maximize" asks the window manager to maximise the window (as its title
# bar's button does); "quit" ends it.
SWITCHING = ("import select, sys\n"
             "import pygame\n"
             "from games.core.loop.app import App\n"
             "from games.core.screens.launcher import LauncherScene\n"
             "app = App(windowed=False)\n"
             "print(pygame.display.get_driver(), flush=True)\n"
             "app.push(LauncherScene(app))\n"
             "while app.running:\n"
             "    app.turn()\n"
             "    if select.select([sys.stdin], [], [], 0)[0]:\n"
             "        asked = sys.stdin.readline().strip()\n"
             "        if asked == 'maximize':\n"
             "            app.window.maximize()\n"
             "        if asked == 'quit':\n"
             "            break\n"
             "        print(app.settings['fullscreen'], app.window.resizable, *app.window.size,\n"
             "              app.draws, type(app.top).__name__, flush=True)\n"
             "pygame.quit()\n")


def test_leaving_full_screen_gives_a_window_that_resizes_and_maximises(x_server, data_dir):
    env = dict(os.environ, DISPLAY=DISPLAY, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               SDL_VIDEO_X11_WMCLASS="parlour-test", PARLOUR_DATA_DIR=str(data_dir))
    game = subprocess.Popen([sys.executable, "-c", SWITCHING], cwd=ROOT, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def state(asked="state"):
        game.stdin.write(asked + "\n")
        game.stdin.flush()
        ready, _, _ = select.select([game.stdout], [], [], 30)
        assert ready, "the game did not answer"
        full, resizable, width, height, draws, top = game.stdout.readline().split()
        return full == "True", resizable == "True", (int(width), int(height)), int(draws), top

    def geometry():
        words = xdotool("getwindowgeometry", window).stdout.split()
        return tuple(int(n) for n in words[words.index("Geometry:") + 1].split("x"))

    def resized_to(size):
        xdotool("windowsize", window, str(size[0]), str(size[1]))
        wait_for(lambda: geometry() == size, f"the window at {size}")
        time.sleep(0.3)
        full, resizable, shown, draws, _ = state()
        assert shown == size and not full and resizable
        return draws

    try:
        assert first_line(game).strip() == "x11", "SDL fell back from x11"
        window = wait_for(lambda: xdotool("search", "--class", "parlour-test").stdout.split(),
                          "the window")[-1]
        time.sleep(0.5)
        assert state()[:3] == (True, False, (1920, 1080))
        # Settings (Esc: the focus on Quit; Settings is left of it), Display -> Window.
        for key in ("Escape", "Left", "Return", "Right"):
            xdotool("key", "--window", window, key)
            time.sleep(0.3)
        wait_for(lambda: geometry() != (1920, 1080), "a window")
        full, resizable, size, draws, top = state()
        assert top == "SettingsScene" and not full and resizable, "a resizable window"
        assert resized_to((960, 540)) > draws, "drawn again at the new size"
        draws = state()[3]
        state("maximize")
        wait_for(lambda: geometry()[0] == 1920, "maximised")
        time.sleep(0.3)
        full, resizable, size, after, _ = state()
        assert size == geometry() and size[1] > 1000 and after > draws
        # Back to full screen and out again with F11: still a window that resizes.
        xdotool("key", "--window", window, "Escape")             # Settings -> the launcher
        xdotool("key", "--window", window, "F11")
        wait_for(lambda: state()[0], "full screen")
        xdotool("key", "--window", window, "F11")
        wait_for(lambda: not state()[0], "a window again")
        assert state()[1], "resizable again after F11"
        resized_to((1200, 675))
        click(window, 290, 450, 1200 / 1920)          # the first card, at the window's scale
        wait_for(lambda: state()[4] == "SetupScene", "the clicked card's setup screen")
        game.stdin.write("quit\n")
        game.stdin.flush()
        assert game.wait(20) == 0, game.stderr.read()[-2000:]
    finally:
        if game.poll() is None:
            game.kill()

