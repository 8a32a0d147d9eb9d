"""Nim's lesson through the real loop: played to its end by the mouse, by the keyboard and by a
gamepad, each with a wrong try that is explained and does not advance."""
import pygame

from games.nim import rules
from tests.driver import VirtualPad
from tests.lesson_harness import open_lesson, play_through


def counter_centre(board, move):
    size = board.state.heaps[move.heap]
    return board.layout.counter_rect(move.heap, size - move.take, board.panel_value(),
                                     size).center


def steer(board, press, move, keys):
    """The keyboard or pad cursor onto the counter that takes `move`, then confirm."""
    target = (move.heap, board.state.heaps[move.heap] - move.take)
    for _ in range(40):
        heap, k = board.valid_cursor()
        if heap != target[0]:
            press(keys["right"] if heap < target[0] else keys["left"])
        elif k != target[1]:
            press(keys["down"] if k > target[1] else keys["up"])
        else:
            break
    assert board.valid_cursor() == target
    press(keys["confirm"])


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "nim")

    def click(text):
        driver.click(counter_centre(scene.game.board, rules.decode_move(text)))
    play_through(driver, scene, click, wrong_at=0)


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "nim")
    keys = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP,
            "down": pygame.K_DOWN, "confirm": pygame.K_RETURN}
    play_through(driver, scene,
                 lambda text: steer(scene.game.board, driver.key, rules.decode_move(text), keys),
                 wrong_at=3)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "nim")
    keys = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
            "confirm": pygame.CONTROLLER_BUTTON_A}
    play_through(driver, scene,
                 lambda text: steer(scene.game.board, pad.press, rules.decode_move(text), keys),
                 wrong_at=6)
    pad.unplug()
