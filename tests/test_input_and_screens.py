"""Input mapping for the three devices, and the screens around the games driven by each."""
import pygame
import pytest

from games.core.data import schema
from games.core.data.store import Store
from games.core.kit.actions import Act, Action, Device
from games.core.loop.input import Input
from games.core.screens import ui
from games.core.screens.launcher import Card, LauncherScene
from games.core.screens.menus import PauseScene, SetupScene
from games.core.screens.overlays import HelpScene, SettingsScene
from games.core.screens.question import ConfirmScene
from games.deductile.scene import DeductileBoard
from tests.driver import PAD_ID, Driver

store = Store(lambda message: None)   # the test's own hand on the data folder


def event(kind, **fields):
    return pygame.event.Event(kind, **fields)


def test_keyboard_mapping():
    inp = Input()
    def key(k, mod=0):
        return inp.translate(event(pygame.KEYDOWN, key=k, mod=mod))
    assert key(pygame.K_LEFT) == [Action(Act.MOVE, dx=-1)]
    assert key(pygame.K_RETURN)[0].kind == Act.CONFIRM
    assert key(pygame.K_RETURN, pygame.KMOD_SHIFT)[0].kind == Act.ALT
    assert key(pygame.K_z, pygame.KMOD_CTRL)[0].kind == Act.UNDO
    assert key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)[0].kind == Act.REDO
    assert key(pygame.K_7) == [Action(Act.DIGIT, value=7)]
    assert key(pygame.K_g) == [Action(Act.KEY, value="g")]
    assert inp.last_device == Device.KEYBOARD


def test_mouse_mapping():
    inp = Input()
    down = inp.translate(event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3))
    assert down == [Action(Act.PRESS, Device.MOUSE, pos=(5, 6), alt=True)]
    assert inp.translate(event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=2)) == []
    assert inp.translate(event(pygame.MOUSEWHEEL, x=0, y=1))[0].dy == -1


def test_pad_stick_pushes_once_then_repeats_while_held():
    inp = Input()
    def axis(v):
        return inp.translate(event(pygame.CONTROLLERAXISMOTION, axis=0, value=v,
                                   instance_id=PAD_ID))
    inp.controller_ids.add(PAD_ID)
    assert axis(30000) == [Action(Act.MOVE, Device.PAD, dx=1)]
    assert axis(31000) == []                      # still held: no second push
    assert inp.update(0.2) == []                   # before the repeat delay
    repeats = inp.update(0.4)
    assert repeats and all(a.dx == 1 for a in repeats)
    assert axis(0) == [] and inp.update(1.0) == []  # released: no more repeats


def test_pad_buttons_and_joystick_fallback():
    inp = Input()
    press = inp.translate(event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A,
                                instance_id=PAD_ID))
    assert press == [Action(Act.CONFIRM, Device.PAD)]
    hat = inp.translate(event(pygame.JOYHATMOTION, value=(0, 1), instance_id=77, hat=0))
    assert hat == [Action(Act.MOVE, Device.PAD, dy=-1)]
    assert inp.translate(event(pygame.JOYBUTTONDOWN, button=1,
                               instance_id=77))[0].kind == Act.CANCEL




def test_launcher_to_game_with_the_keyboard(driver):
    assert isinstance(driver.app.top, LauncherScene)
    driver.key(pygame.K_RETURN)                    # the first card
    assert isinstance(driver.app.top, SetupScene)
    driver.key(pygame.K_UP)                        # the difficulty choice
    driver.key(pygame.K_RIGHT)                     # normal -> hard
    assert driver.app.top.chosen() == {"level": {"difficulty": "hard"}}
    driver.key(pygame.K_DOWN, times=2)             # past "Learn to play (2 min)"
    driver.key(pygame.K_RETURN)                    # New game
    game = driver.app.top
    assert isinstance(game.board, DeductileBoard) and game.session.params.difficulty == "hard"
    assert driver.app.settings["setup"]["deductile"] == {"level": {"difficulty": "hard"}}


def test_launcher_to_game_with_the_mouse_and_back(driver):
    card = driver.app.top.menu.widgets[0]
    driver.click(card.rect.center)
    setup = driver.app.top
    new_game = next(w for w in setup.menu.widgets if getattr(w, "words", "") == "New game")
    driver.click(new_game.rect.center)
    game = driver.app.top
    assert isinstance(game.board, DeductileBoard)
    menu_button = game.toolbar.widgets[0]
    driver.click(menu_button.rect.center)
    leave = next(w for w in driver.app.top.menu.widgets if w.words == "Save and leave")
    driver.click(leave.rect.center)
    assert isinstance(driver.app.top, LauncherScene)
    assert driver.app.top.menu.widgets[0].saved


def test_settings_with_the_gamepad_persist(driver):
    launcher = driver.app.top
    settings_button = next(w for w in launcher.menu.widgets if getattr(w, "words",
                                                                       "") == "Settings")
    launcher.menu.focus = launcher.menu.widgets.index(settings_button)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert isinstance(driver.app.top, SettingsScene)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)          # volume
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, times=3)
    assert store.load_settings()[0]["volume"] == pytest.approx(0.4)
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(driver.app.top, LauncherScene)


def test_rules_screen_from_the_launcher_scrolls_and_closes(driver):
    driver.key(pygame.K_F1)
    help_scene = driver.app.top
    assert isinstance(help_scene, HelpScene) and "tiles" in help_scene.text
    driver.key(pygame.K_DOWN, times=2)
    text = help_scene.page          # two lines down (lines that would cut a picture passed)
    assert sum(text.stops[:text.top]) == 2 and text.top <= text.last_top
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, LauncherScene)


def test_quit_from_the_launcher_asks_first_with_the_focus_on_keep_playing(driver):
    launcher = driver.app.top
    driver.key(pygame.K_ESCAPE)                    # the focus goes to Quit...
    assert launcher.menu.widgets[launcher.menu.focus] is launcher.quit_button
    driver.key(pygame.K_ESCAPE)                    # ...and Quit asks
    ask = driver.app.top
    assert isinstance(ask, ConfirmScene) and driver.app.running
    assert ask.menu.widgets[ask.menu.focus].words == "Keep playing (N)"
    driver.key(pygame.K_RETURN)                    # Enter on the focus: keep playing
    assert driver.app.top is launcher and driver.app.running
    for _ in range(len(launcher.menu.widgets)):    # Down from the last card lands on Quit
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert launcher.menu.widgets[launcher.menu.focus] is launcher.quit_button
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, ConfirmScene) and driver.app.running
    driver.pad(pygame.CONTROLLER_BUTTON_B)         # Cancel keeps playing too
    assert driver.app.top is launcher
    driver.click(launcher.quit_button.rect.center)
    driver.click(driver.app.top.yes.rect.center)
    assert not driver.app.running


def test_the_resume_badge_resumes_and_covers_no_title(driver):
    scene = driver.start("kenken", seed=3)
    scene.play(next(m for m in scene.game.rules.legal_moves(scene.state)))
    scene.save()
    driver.app.pop(scene)
    launcher = driver.app.top
    launcher.on_uncovered()
    cards = [w for w in launcher.menu.widgets if isinstance(w, Card)]
    card = next(c for c in cards if c.info.key == "kenken")
    assert card.saved
    for other in cards:     # every title row is clear of every badge
        size = ui.assets.font(34, True).size(other.info.title)
        title = pygame.Rect(other.rect.left + 24, other.rect.top + 32 + other.picture.get_height(),
                            *size)
        assert not title.colliderect(card.badge), other.info.title
    driver.click(card.badge.center)
    resumed = driver.app.top
    assert resumed.session.key == "kenken" and resumed.session.moves_made == 1
    driver.app.pop(resumed)
    driver.click((card.rect.centerx, card.rect.bottom - 20))   # elsewhere on the card: setup
    assert isinstance(driver.app.top, SetupScene)


def test_settings_show_the_display_mode_after_f11(driver):
    driver.app.push(SettingsScene(driver.app))
    driver.frames()
    display = driver.app.top.rows[0][1]
    for _ in range(3):
        shown = display.options[display.index][0]
        assert shown == driver.app.settings["fullscreen"]
        driver.key(pygame.K_F11)
        assert display.options[display.index][0] == driver.app.settings["fullscreen"] != shown


def test_window_placement_is_always_wholly_on_the_desktop():
    from games.core.loop.app import LOGICAL_SIZE, window_placement
    for width, height in ((1280, 720), (1024, 768), (800, 600), (3840, 2160), (1366, 768),
                          (2560, 1080), (640, 1136)):
        for origin in ((0, 0), (1920, 0), (-1280, 200)):
            area = pygame.Rect(origin, (width, height))
            placed = window_placement(area, LOGICAL_SIZE)
            assert area.contains(placed) and placed.top - area.top >= 0.09 * height
            assert placed.width <= LOGICAL_SIZE[0]
            assert abs(placed.width / placed.height - 16 / 9) < 0.01


def test_full_screen_and_a_window_scale_the_same_fixed_picture(data_dir, monkeypatch):
    """Full screen is FULLSCREEN|SCALED; a window RESIZABLE|SCALED, whether opened so or left
    full screen for (F11, Settings): the window is made resizable as it leaves. (The dummy
    driver ignores a window's flags: tests/test_real_window.py sees them in a real one.)"""
    from games.core.loop.app import App, display_flags
    assert display_flags(True) == pygame.FULLSCREEN | pygame.SCALED
    assert display_flags(False) == pygame.RESIZABLE | pygame.SCALED
    opened = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda size, flags: opened.append((size, flags)) or
                        real_set_mode(size, flags))
    app = App(windowed=False)
    assert opened == [((1920, 1080), display_flags(True))]
    asked = []

    class Watched:
        """The App's window, noting what it is asked to be resizable."""
        def __getattr__(self, name):
            return getattr(real, name)

        def __setattr__(self, name, value):
            if name == "resizable":
                asked.append(value)
            setattr(real, name, value)
    real, app.window = app.window, Watched()
    app.toggle_fullscreen()
    assert not app.settings["fullscreen"] and asked == [True]
    app.toggle_fullscreen()
    assert app.settings["fullscreen"] and asked == [True]
    app.quit()


def integer_scaling(window) -> bool:
    """Whether SDL scales the window's SCALED picture by whole numbers only (asked of the SDL
    that pygame-ce loaded)."""
    import ctypes

    from games.core.loop import sdl
    library = sdl.library()
    assert library is not None
    library.SDL_GetRenderer.restype = ctypes.c_void_p
    library.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
    library.SDL_RenderGetIntegerScale.argtypes = [ctypes.c_void_p]
    renderer = library.SDL_GetRenderer(library.SDL_GetWindowFromID(window.id))
    assert renderer
    return bool(library.SDL_RenderGetIntegerScale(renderer))


@pytest.mark.parametrize("windowed", [True, False])
def test_a_window_scales_by_any_fraction(data_dir, windowed):
    """Whole-number scaling would crop the 1920x1080 picture in a smaller window: it is off
    however the window opened, and after full screen is left for a window."""
    from games.core.loop.app import App
    app = App(windowed=windowed)
    try:
        assert not integer_scaling(app.window)
        app.toggle_fullscreen()
        assert not integer_scaling(app.window)
    finally:
        app.quit()


def test_a_window_on_a_1280x720_desktop_is_placed_on_it(data_dir, monkeypatch):
    from games.core.loop.app import App
    monkeypatch.setattr(App, "desktop_area", lambda self: pygame.Rect(0, 0, 1280, 720))
    app = App(windowed=True)
    placed = pygame.Rect(app.window.position, app.window.size)
    assert pygame.Rect(0, 0, 1280, 720).contains(placed) and placed.top >= 60, placed
    app.quit()


def test_corrupt_settings_are_reported_in_the_launcher(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text("{ nope")
    d = Driver()
    assert any("settings.json" in m for m in d.app.messages)
    assert d.app.settings["volume"] == schema.DEFAULT_SETTINGS["volume"]
    assert list(data_dir.glob("settings.bad-*.json"))
    d.close()


def test_switching_full_screen_and_back_many_times(driver):
    """The soak once found SDL's memory corrupted by re-opening a SCALED window; switching
    now happens in place, however often."""
    start = driver.app.settings["fullscreen"]
    for _ in range(12):
        driver.key(pygame.K_F11)
    assert driver.app.settings["fullscreen"] == start
    driver.key(pygame.K_F11)
    assert store.load_settings()[0]["fullscreen"] != start
    assert driver.app.screen.get_size() == driver.app.size, "the logical size never changes"


def test_losing_window_focus_pauses_a_timed_game_only(driver):
    timed = driver.start("deductile", seed=5)
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.frames()
    assert isinstance(driver.app.top, PauseScene) and "focus" in driver.app.top.reason
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is timed
    driver.app.pop(timed)
    untimed = driver.start("nim", seed=5)
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.frames()
    assert driver.app.top is untimed


@pytest.mark.parametrize("key", ["deductile", "kenken", "ishido", "poggle", "mu_torere", "kono",
                                 "nim"])
def test_a_refusal_goes_when_the_position_changes(driver, key):
    """Why an action was refused speaks of the position it was refused in: a move, an undo or
    a redo takes it down; other words (a hint's) are left to run their time."""
    import random

    from games.core.kit import registry
    scene = driver.start(key, None, seed=5, play_options={"opponent": "human"})
    rules = registry.lookup(key).rules
    rng = random.Random(5)
    scene.refuse("That cannot go there.")
    assert scene.shown_words() == "That cannot go there."
    driver.frames()
    assert scene.shown_words() == "That cannot go there.", "it stands while nothing changes"
    assert scene.play(rng.choice(rules.legal_moves(scene.state))) is not None
    assert scene.shown_words() != "That cannot go there."
    scene.refuse("Not there.")
    driver.key(pygame.K_u)
    assert scene.shown_words() != "Not there."
    scene.refuse("Not there either.")
    driver.key(pygame.K_r)
    assert scene.shown_words() != "Not there either."
    scene.say("Every clue holds.")
    scene.play(rng.choice(rules.legal_moves(scene.state)))
    assert scene.message == "Every clue holds." and scene.message_time > 0
