"""What the two-player scene tests share (Mu Torere, Kono, Nim): the keys and pad buttons of a
cursor game, playing a game out through the real loop, starting from a given position, and
waiting for the graded hint."""
from __future__ import annotations

import pygame

from games.core.kit.session import Session
from games.core.screens.frame import Frame
from games.core.screens.menus import ResultScene

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP,
        "down": pygame.K_DOWN, "confirm": pygame.K_RETURN}
PAD = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
       "confirm": pygame.CONTROLLER_BUTTON_A}


def play_out(driver, scene, human_move, choose, limit: int = 400) -> None:
    """Play to the end: choose(state) through human_move(move) on the human's turns, the
    scene's computer on the others; each human move must land. Ends on the result screen."""
    for _ in range(limit):
        if scene.over:
            break
        if scene.versus.human_to_move():
            before = scene.session.position
            human_move(choose(scene.state))
            assert scene.session.position == before + 1, scene.message
        else:
            driver.run_until(lambda: scene.over or scene.versus.human_to_move())
    assert scene.over, "the game did not end"
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene))


def start_at(driver, key: str, desc: str, play_options: dict, params=None):
    """A scene of `key` from position `desc` (the rules' position text), on top."""
    from games.core.kit import registry
    rules = registry.lookup(key).rules
    params = params if params is not None else rules.params_from_options()
    scene = Frame(driver.app, Session(key, params, desc), play_options)
    driver.app.push(scene)
    driver.frames()
    return scene


def graded(driver, scene) -> list:
    """The hint's graded moves, once the grading Job has answered."""
    driver.run_until(lambda: scene.versus.graded() is not None, limit=50, dt=1 / 60)
    return scene.versus.graded()


def toolbar_button(scene, prefix: str):
    return next(b for b in scene.toolbar.widgets if b.words.startswith(prefix))
