"""DeducTile's lesson through the real loop: played to its end by the mouse (drags, the right
button for colours), by the keyboard and by a gamepad (pick up, put down, X for colours), each
with a wrong try that is explained and does not advance; a wrong guess costs its penalty."""
from collections import deque
from dataclasses import replace

import pygame

from games.deductile import controls, rules
from games.deductile.controls import Column
from tests.driver import VirtualPad
from tests.lesson_harness import open_lesson, play_through

ARROWS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def spot_rect(board, spot):
    column, index = spot
    if column == Column.TILES:
        return board.layout.tile_rects[index]
    if column == Column.CLUES:
        return board.layout.clue_rects[index]
    return board.layout.guess_rect


def spots_of(text):
    """The places a move is made at: a swap's two tiles, a clue, or Guess."""
    move = rules.decode_move(text)
    if move.kind in (rules.SWAP, rules.SWAP_COLOURS):
        return [(Column.TILES, move.a), (Column.TILES, move.b)], move.kind == rules.SWAP_COLOURS
    if move.kind == rules.STRIKE:
        return [(Column.CLUES, move.a)], False
    return [(Column.GUESS, 0)], False


def cursor_to(board, press, keys, spot):
    """The arrows that walk the cursor there (as the controls move it), pressed."""
    start = board.ui
    seen, queue = {start.cursor: []}, deque([start.cursor])
    while queue:
        here = queue.popleft()
        for dx, dy in ARROWS:
            there = controls.step(board.state, replace(start, cursor=here), dx, dy)
            if there not in seen:
                seen[there] = seen[here] + [(dx, dy)]
                queue.append(there)
    for arrow in seen[spot]:
        press(keys[arrow])
    assert board.ui.cursor == spot


def with_keys(scene, press, keys):
    def perform(text):
        board = scene.game.board
        spots, colours_only = spots_of(text)
        cursor_to(board, press, keys, spots[0])
        press(keys["alt"] if colours_only else keys["confirm"])
        if len(spots) == 2:
            cursor_to(board, press, keys, spots[1])
            press(keys["confirm"])
    return perform


def test_mouse_plays_the_lesson_to_its_end(driver):
    scene = open_lesson(driver, "deductile")

    def perform(text):
        board = scene.game.board
        spots, colours_only = spots_of(text)
        if len(spots) == 2:
            driver.drag(spot_rect(board, spots[1]).center, spot_rect(board, spots[0]).center,
                        button=3 if colours_only else 1)
        else:
            driver.click(spot_rect(board, spots[0]).center)
    play_through(driver, scene, perform, wrong_at=1)


def test_keyboard_plays_the_lesson_to_its_end_and_a_wrong_guess_costs_its_penalty(driver):
    scene = open_lesson(driver, "deductile")
    driver.key(pygame.K_g)                     # the order is wrong: 5 seconds, and no move
    assert scene.game.message == f"Not right yet: {rules.PENALTY} seconds lost."
    assert scene.game.session.count("penalty_seconds") == rules.PENALTY
    assert scene.index == 0 and not scene.passed and scene.game.session.position == 0
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP, "confirm": pygame.K_RETURN, "alt": pygame.K_x}
    play_through(driver, scene, with_keys(scene, driver.key, keys), wrong_at=2)


def test_gamepad_plays_the_lesson_to_its_end(driver):
    pad = VirtualPad(driver)
    scene = open_lesson(driver, "deductile")
    keys = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
            (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN, (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
            "confirm": pygame.CONTROLLER_BUTTON_A, "alt": pygame.CONTROLLER_BUTTON_X}
    play_through(driver, scene, with_keys(scene, pad.press, keys), wrong_at=4)
    pad.unplug()


def test_the_lesson_clock_never_runs_out(driver):
    scene = open_lesson(driver, "deductile")
    driver.frames(800, dt=0.25)               # 200 seconds, more than the game's 3 minutes
    assert scene.index == 0 and not scene.game.over and scene.game.board.time_left() > 0
