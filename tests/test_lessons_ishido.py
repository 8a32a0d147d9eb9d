"""Ishido's lesson through the real loop: played to its end by the mouse (a click on a square),
by the keyboard and by a gamepad (pick the stone up, move, put it down), each with a wrong try
that is explained in the rules' words and does not advance."""
import pygame

from games.ishido import rules
from tests.driver import VirtualPad, walk
from tests.lesson_harness import open_lesson, play_through


def square(text):
    move = rules.decode_move(text)
    return move.row, move.col


class Cursor:
    def __init__(self, scene):
        self.scene = scene

    @property
    def cursor(self):
        return self.scene.game.board.ui.cursor


def with_keys(scene, press, keys):
    """Onto the square, pick the stone up (unless a refused try left it held), put it down."""
    def perform(text):
        walk(Cursor(scene), square(text), lambda dx, dy: press(keys[dx, dy]))
        if not scene.game.board.ui.held:
            press(keys["confirm"])
        press(keys["confirm"])
    return perform


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "ishido")

    def click(text):
        driver.click(scene.game.board.layout.square_rect(*square(text)).center)
    play_through(driver, scene, click, wrong_at=0, attempt=click,
                 said="The stone must match each neighbour by colour or by symbol.")


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "ishido")
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP, "confirm": pygame.K_RETURN}
    perform = with_keys(scene, driver.key, keys)
    play_through(driver, scene, perform, wrong_at=4, attempt=perform,
                 said="Next to two stones, it must match one by colour and the other by symbol.")


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "ishido")
    keys = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
            "confirm": pygame.CONTROLLER_BUTTON_A}
    play_through(driver, scene, with_keys(scene, pad.press, keys), wrong_at=2)
    pad.unplug()
