"""Calcoolation's lesson through the real loop: played to its end by the mouse (the number pad),
by the keyboard (digits, X for pencil) and by a gamepad (the number wheel), each with a wrong
try that is explained and does not advance."""
import pygame

from games.kenken import geometry, rules
from tests.driver import VirtualPad, walk
from tests.lesson_harness import open_lesson, play_through


def parts(text):
    move = rules.decode_move(text)
    return move.kind == rules.TOGGLE, (move.row, move.col), move.digit


def pad_box(board, digit):
    place = board.view.pad_place(board.state, board.ui)   # where it is drawn, clear of clues
    index = place.items.index((geometry.ItemKind.DIGIT, digit))
    return pygame.Rect(place.boxes[index])


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "kenken")

    def perform(text):
        board = scene.game.board
        pencil, cell, digit = parts(text)
        centre = pygame.Rect(board.layout.cell_box(*cell)).center
        pad = board.ui.pad
        if pad is not None and pad.cell == cell and pad.pencil != pencil:
            driver.click(centre)                     # the same cell again closes its pad
            pad = board.ui.pad
        if pad is None or pad.cell != cell:
            driver.click(centre, button=3 if pencil else 1)   # right: opens it in pencil
        assert board.ui.pad.cell == cell and board.ui.pad.pencil == pencil
        driver.click(pad_box(board, digit).center)
    play_through(driver, scene, perform, wrong_at=6)


def test_keyboard_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "kenken")
    arrows = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
              (0, -1): pygame.K_UP}

    def perform(text):
        board = scene.game.board
        pencil, cell, digit = parts(text)
        walk(board, cell, lambda dx, dy: driver.key(arrows[dx, dy]))
        if pencil:
            driver.key(pygame.K_x)
        driver.key(pygame.K_0 + digit)     # (a step reached, the next opens in pen mode)
    play_through(driver, scene, perform, wrong_at=0)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "kenken")
    dpad = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP}

    def perform(text):
        board = scene.game.board
        pencil, cell, digit = parts(text)
        if board.ui.pad is not None:
            pad.press(pygame.CONTROLLER_BUTTON_B)    # a refused try left the wheel open
        assert board.ui.pad is None
        walk(board, cell, lambda dx, dy: pad.press(dpad[dx, dy]))
        if pencil:
            pad.press(pygame.CONTROLLER_BUTTON_X)
        pad.press(pygame.CONTROLLER_BUTTON_A)
        assert board.ui.pad.style == geometry.Style.WHEEL and board.ui.pad.pencil == pencil
        for _ in range(12):
            place = geometry.pad_place(board.n, board.ui.pad.cell, board.ui.pad.style)
            if place.items[board.ui.pad.focus] == (geometry.ItemKind.DIGIT, digit):
                break
            pad.press(dpad[1, 0])
        pad.press(pygame.CONTROLLER_BUTTON_A)
    play_through(driver, scene, perform, wrong_at=4)
    pad.unplug()
