"""Poggle's lesson through the real loop: played to its end by the mouse, by the keyboard and
by a gamepad, each with a wrong try that is explained and does not advance."""
import pygame

from games.poggle import rules
from tests.driver import VirtualPad, walk
from tests.lesson_harness import open_lesson, play_through


def cell(text):
    move = rules.decode_move(text)
    return move.row, move.col


class Cursor:
    """The board's keyboard cursor, as tests/driver.walk moves it."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def cursor(self):
        return self.scene.game.board.ui.cursor


def press_with(scene, press, keys):
    def perform(text):
        walk(Cursor(scene), cell(text), lambda dx, dy: press(keys[(dx, dy)]))
        press(keys["confirm"])
    return perform


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "poggle")

    def click(text):
        row, col = cell(text)
        driver.click(scene.game.board.view.layout.cell_rects[row][col].center)
    play_through(driver, scene, click, wrong_at=0)


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "poggle")
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP, "confirm": pygame.K_RETURN}
    play_through(driver, scene, press_with(scene, driver.key, keys), wrong_at=3)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "poggle")
    keys = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
            "confirm": pygame.CONTROLLER_BUTTON_A}
    play_through(driver, scene, press_with(scene, pad.press, keys), wrong_at=4)
    pad.unplug()
