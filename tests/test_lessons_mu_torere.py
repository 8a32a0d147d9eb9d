"""Mu Torere's lesson through the real loop: played to its end by the mouse, by the keyboard
and by a gamepad, each with a wrong try that is explained and does not advance (the centre
rule's try refused as the game words it)."""
from collections import deque

import pygame

from games.mu_torere import geometry, rules
from games.mu_torere.controls import why_stuck
from tests.driver import VirtualPad
from tests.lesson_harness import open_lesson, play_through

ARROWS = ((1, 0), (-1, 0), (0, 1), (0, -1))
CENTRE_RULE = "BBBBWWWW.:B"


def ends(text):
    move = rules.decode_move(text)
    return move.source, move.target


def path(start, goal):
    """The arrows that take the cursor from one point to another."""
    seen, queue = {start: []}, deque([start])
    while queue:
        point = queue.popleft()
        for dx, dy in ARROWS:
            nxt = geometry.step_towards(point, dx, dy)
            if nxt is not None and nxt not in seen:
                seen[nxt] = seen[point] + [(dx, dy)]
                queue.append(nxt)
    return seen[goal]


def cursor_to(board, press, keys, point):
    for dx, dy in path(board.ui.cursor, point):
        press(keys[(dx, dy)])
    assert board.ui.cursor == point


def steer(board, press, keys, text, whole=True):
    """Onto the piece, pick it up (the cursor jumps to its target), and put it down."""
    source, target = ends(text)
    cursor_to(board, press, keys, source)
    press(keys["confirm"])
    if whole:
        assert board.ui.cursor == target
        press(keys["confirm"])


def stuck_words():
    return why_stuck(rules.parse_position(CENTRE_RULE))


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "mu_torere")

    def click(text, whole=True):
        source, target = ends(text)
        driver.click(scene.game.board.layout.xy(source))
        if whole:
            driver.click(scene.game.board.layout.xy(target))
    play_through(driver, scene, click, wrong_at=1, attempt=lambda text: click(text, False),
                 said=stuck_words())


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "mu_torere")
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP, "confirm": pygame.K_RETURN}
    play_through(driver, scene, lambda text: steer(scene.game.board, driver.key, keys, text),
                 wrong_at=3)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "mu_torere")
    keys = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
            "confirm": pygame.CONTROLLER_BUTTON_A}
    play_through(driver, scene, lambda text: steer(scene.game.board, pad.press, keys, text),
                 wrong_at=1, attempt=lambda text: steer(scene.game.board, pad.press, keys, text,
                                                         False),
                 said=stuck_words())
    pad.unplug()
