"""Four Field Kono's lesson through the real loop: played to its end by the mouse, by the
keyboard and by a gamepad, each with a wrong try that is explained and does not advance."""
import pygame

from games.kono import rules
from games.kono.controls import screen_cell
from tests.driver import VirtualPad
from tests.lesson_harness import open_lesson, play_through

NO_MOVE = "That piece has no move: every point next to it is taken, and it has no capture."


def ends(text):
    move = rules.decode_move(text)
    return move.source, move.target


def cursor_to(board, press, keys, point):
    target = screen_cell(point, board.ui.flipped)
    for _ in range(8):
        col, row = screen_cell(board.ui.cursor, board.ui.flipped)
        if col != target[0]:
            press(keys["right"] if col < target[0] else keys["left"])
        elif row != target[1]:
            press(keys["down"] if row < target[1] else keys["up"])
    assert board.ui.cursor == point


def steer(board, press, keys, text, whole=True):
    """Onto the stone, pick it up (unless it is still held after a refused try), onto its
    target, put it down."""
    source, target = ends(text)
    if board.ui.selected != source:
        cursor_to(board, press, keys, source)
        press(keys["confirm"])
    if whole:
        cursor_to(board, press, keys, target)
        press(keys["confirm"])


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "kono")
    assert scene.game.board.ui.flipped, "your stones are at the bottom"

    def click(text, whole=True):
        source, target = ends(text)
        if scene.game.board.ui.selected != source:
            driver.click(scene.game.board.layout.point_pos(source))
        if whole:
            driver.click(scene.game.board.layout.point_pos(target))
    play_through(driver, scene, click, wrong_at=0, attempt=lambda text: click(text, False),
                 said=NO_MOVE)


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "kono")
    keys = {"right": pygame.K_RIGHT, "left": pygame.K_LEFT, "down": pygame.K_DOWN,
            "up": pygame.K_UP, "confirm": pygame.K_RETURN}
    play_through(driver, scene, lambda text: steer(scene.game.board, driver.key, keys, text),
                 wrong_at=2)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "kono")
    keys = {"right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
            "confirm": pygame.CONTROLLER_BUTTON_A}
    play_through(driver, scene, lambda text: steer(scene.game.board, pad.press, keys, text),
                 wrong_at=5)
    pad.unplug()
