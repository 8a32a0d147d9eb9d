"""The lesson player (games/core/screens/lesson.py) through the real loop, for every game with
a lesson: each step drawn with its words fitting and its highlights on the board, Show me by
each device, Esc leaves, the lesson replays, and a finished lesson is remembered; a lesson
enters no score, no record and no save."""
import pygame
import pytest

from games.core.data import history_queries
from games.core.data.store import Store
from games.core.kit.lesson import lesson_done
from games.core.screens import ui
from games.core.screens.hud import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens.lesson import LessonScene
from tests import recorded
from tests.driver import DT, VirtualPad
from tests.lesson_harness import open_lesson
from tests.test_lessons import KEYS

store = Store(lambda message: None)


def button(scene, words):
    return next(b for b in scene.toolbar.widgets if b.words.startswith(words))


@pytest.mark.parametrize("key", KEYS)
def test_every_step_is_drawn_with_its_words_fitting_and_its_highlights_on_the_board(driver,
                                                                                    key):
    scene = open_lesson(driver, key)
    width, height = driver.app.size
    board_area = pygame.Rect(0, HUD_HEIGHT, width, height - HUD_HEIGHT - TOOLBAR_HEIGHT)
    for index in range(scene.steps):
        scene.begin(index)
        driver.settle()
        before = str(scene.game.state)
        scene.draw(driver.app.screen)
        assert str(scene.game.state) == before, "drawing changes nothing"
        title = ui.assets.text(f"Learn {scene.info.title}", ui.HEADING, ui.TEXT, True)
        room = scene.dots_rect().left - 32 - (40 + title.get_width() + 48)
        size, lines = ui.fit_lines(scene.step.say, room, HUD_HEIGHT - 16, ui.BODY)
        assert len(lines) <= 2 and size >= ui.SMALL, (index, size, lines)
        for thing in scene.step.highlights:
            spot = scene.game.board.lesson_spot(thing)
            assert spot is not None and board_area.contains(spot), (index, thing, spot)


@pytest.mark.parametrize("key", KEYS)
def test_show_me_plays_every_lesson_to_its_end(driver, key):
    """The scripted player's way (demo --lesson): Show me at every step, through the loop."""
    scene = open_lesson(driver, key)
    for index in range(scene.steps):
        driver.run_until(lambda: not scene.game.tweens.busy, dt=DT)
        scene.demo_step()
        assert scene.passed and scene.game.session.last_move().encode() == \
            scene.lesson.steps[index].shown_move
        driver.run_until(lambda n=index + 1: scene.completed or scene.index == n, dt=DT)
    assert scene.completed


def test_show_me_plays_the_step_by_toolbar_key_and_pad(driver):
    scene = open_lesson(driver, "nim")
    driver.click(button(scene, "Show me").rect.center)
    assert scene.passed and scene.game.session.last_move().encode() == scene.step.shown_move
    driver.run_until(lambda: scene.index == 1, dt=DT)
    driver.key(pygame.K_h)
    assert scene.passed
    driver.run_until(lambda: scene.index == 2, dt=DT)
    pad = VirtualPad(driver)
    pad.press(pygame.CONTROLLER_BUTTON_Y)
    assert scene.passed
    driver.run_until(lambda: scene.index == 3, dt=DT)
    pad.unplug()


def test_esc_leaves_and_undo_has_nothing_to_take_back(driver):
    scene = open_lesson(driver, "nim")
    driver.key(pygame.K_u)
    assert "nothing to undo" in scene.game.message and scene.index == 0
    driver.key(pygame.K_ESCAPE)
    assert scene not in driver.app.stack


def test_a_finished_lesson_is_remembered_and_plays_again(driver):
    scene = open_lesson(driver, "nim")
    assert not lesson_done(driver.app.settings, "nim")
    for index in range(scene.steps):
        scene.show_me()
        driver.run_until(lambda n=index + 1: scene.completed or scene.index == n, dt=DT)
    assert scene.completed and lesson_done(store.load_settings()[0], "nim")
    again = scene.finish_menu.widgets[1]
    driver.click(again.rect.center)
    assert scene.index == 0 and not scene.completed and scene.finish_menu is None
    driver.key(pygame.K_ESCAPE)
    driver.app.push(LessonScene(driver.app, "nim"))   # replayable at any time
    assert driver.app.top.index == 0


def test_a_lesson_enters_no_score_no_record_and_no_save(driver):
    scene = open_lesson(driver, "nim")
    scene.begin(2)                  # taking the last counter ends the game
    scene.show_me()
    assert scene.game.over
    driver.run_until(lambda: scene.index == 3, dt=DT)
    assert driver.app.top is scene, "no result screen"
    driver.app.quit()
    assert history_queries.count(recorded.db()) == 0, "nothing in the history"
    assert not store.has_save("nim")
