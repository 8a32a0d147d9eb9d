"""Where a lesson is offered: first on a game's setup screen until it has been played through,
then beside Rules, and on the rules screen opened from the setup screen (L); never for a game
without a lesson. Through the real loop, by mouse, keyboard and pad."""
import pygame
import pytest

from games.core.kit import registry
from games.core.kit.lesson import has_lesson
from games.core.screens import ui
from games.core.screens.frame import Frame
from games.core.screens.lesson import LessonScene
from games.core.screens.menus import SetupScene
from games.core.screens.overlays import HelpScene
from tests.driver import DT


def open_setup(driver, key):
    scene = SetupScene(driver.app, key)
    driver.app.push(scene)
    driver.frames()
    return scene


def buttons(scene):
    return [w for w in scene.menu.widgets if isinstance(w, ui.Button)]


def words(scene):
    return [b.words for b in buttons(scene)]


def button(scene, label):
    return next(b for b in buttons(scene) if b.words == label)


def test_the_first_time_the_lesson_comes_first_and_opens_with_enter(driver):
    scene = open_setup(driver, "nim")
    assert words(scene)[0] == "Learn to play (2 min)"
    assert scene.menu.widgets[scene.menu.focus].words == "Learn to play (2 min)"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, LessonScene) and driver.app.top.key == "nim"


def test_the_pad_and_the_mouse_open_it_too(driver):
    scene = open_setup(driver, "kono")
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert isinstance(driver.app.top, LessonScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene
    driver.click(button(scene, "Learn to play (2 min)").rect.center)
    assert isinstance(driver.app.top, LessonScene)


def test_once_played_through_it_stays_beside_rules_and_play_a_game_starts_one(driver):
    setup = open_setup(driver, "poggle")
    driver.key(pygame.K_RETURN)
    lesson = driver.app.top
    for index in range(lesson.steps):
        lesson.show_me()
        driver.run_until(lambda n=index + 1: lesson.completed or lesson.index == n, dt=DT)
    driver.key(pygame.K_RETURN)                  # "Play a game", the finish's first button
    driver.run_until(lambda: isinstance(driver.app.top, Frame))
    assert driver.app.top.session.key == "poggle" and setup not in driver.app.stack
    driver.app.pop(driver.app.top)
    again = open_setup(driver, "poggle")
    assert "Learn to play (2 min)" not in words(again)
    assert words(again)[-3:] == ["Learn to play", "Rules", "Back"]
    assert again.menu.widgets[again.menu.focus].words == "New game"
    driver.click(button(again, "Learn to play").rect.center)
    assert isinstance(driver.app.top, LessonScene)


def test_the_rules_screen_from_the_setup_screen_offers_it_with_l_and_a_button(driver):
    setup = open_setup(driver, "mu_torere")
    driver.key(pygame.K_F1)
    rules = driver.app.top
    assert isinstance(rules, HelpScene) and rules.learn is not None
    driver.key(pygame.K_l)
    assert isinstance(driver.app.top, LessonScene) and rules not in driver.app.stack
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is setup
    # The button: a click on it starts the lesson; a click anywhere else still goes back.
    for target, then in (("button", LessonScene), ("elsewhere", SetupScene)):
        driver.key(pygame.K_F1)
        rules = driver.app.top
        button = rules.learn_button
        assert button is not None and button.words == "Learn to play"
        driver.click(button.rect.center if target == "button" else
                     (button.rect.left - 60, button.rect.bottom + 30))
        assert isinstance(driver.app.top, then) and rules not in driver.app.stack, target
        if then is LessonScene:
            driver.key(pygame.K_ESCAPE)
        assert driver.app.top is setup


def test_a_game_without_a_lesson_offers_none(driver):
    without = [key for key in registry.KEYS if not has_lesson(key)]
    for key in without:
        scene = open_setup(driver, key)
        assert not any("Learn" in label for label in words(scene))
        driver.key(pygame.K_F1)
        assert driver.app.top.learn is None and driver.app.top.learn_button is None
        driver.key(pygame.K_l)
        assert isinstance(driver.app.top, HelpScene), "L means nothing there"
        driver.app.pop(scene)


@pytest.mark.parametrize("key", registry.KEYS)
def test_the_setup_screen_still_fits_with_the_lesson_and_a_saved_game(driver, key, monkeypatch):
    monkeypatch.setattr(driver.app.store, "has_save", lambda game: True)
    scene = open_setup(driver, key)
    screen = pygame.Rect((0, 0), driver.app.size)
    rects = [widget.rect for widget in scene.menu.widgets]
    assert all(screen.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1:])


def test_new_game_from_inside_a_game_keeps_new_game_first(driver):
    """A game asking for the next one: one press starts it, the lesson waits beside Rules."""
    game = driver.start("nim", None)
    game.new_game()
    driver.frames()
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.replace_scene is game
    assert setup.menu.widgets[setup.menu.focus].words == "New game"
    assert words(setup)[-3:] == ["Learn to play", "Rules", "Back"]


def test_the_demo_plays_a_lesson_and_says_how_far_it_got(tmp_path, capsys):
    import json

    from games.core.cli.commands import main
    shot = tmp_path / "lesson.png"
    assert main(["demo", "mu_torere", "--lesson", "--frames", "1200", "--screenshot",
                 str(shot)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["lesson_steps"] == 6 and report["lesson_completed"] is True
    assert shot.stat().st_size > 10000
    assert main(["demo", "nim", "--lesson", "--frames", "30"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["lesson_steps"] == 7 and report["lesson_completed"] is False
    assert main(["demo", "--lesson", "--frames", "5"]) == 2
    assert "--lesson needs a GAME" in capsys.readouterr().err
