"""Gamepads end to end, with SDL's virtual controller: in every game plug one in, play a move,
unplug it (the game pauses and says so), plug it back, resume, play on. Two pads share a
two-player game, one side each."""
import pygame
import pytest

from games.core.kit import registry
from games.core.screens.menus import PauseScene
from tests.driver import Driver, VirtualPad

A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
DOWN, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
TRIGGER = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
TWO_PLAYER = {"opponent": "human"}


def one_move(driver, scene, pad) -> None:
    """Play one move with the pad alone: pick up or open, jump or step to a target, confirm.
    Tries the cursor's next places until the game takes a move."""
    before = scene.session.moves_made
    for attempt in range(12):
        pad.press(A)
        for _ in range(6):             # jump through the targets where the game has them
            if scene.session.moves_made > before:   # (Ishido's are the squares beside a
                break                                # stone: the legal ones are help)
            pad.pull(TRIGGER)
            pad.press(A)
        if scene.session.moves_made == before:
            pad.press(DOWN)            # or step to the next place
            pad.press(A)
        driver.settle()
        if scene.session.moves_made > before:
            return
        pad.press(B)                   # let go of anything held; try the next place
        pad.press(RIGHT if attempt % 2 else DOWN)
    raise AssertionError(f"{scene.session.key}: the pad could not make a move")


@pytest.mark.parametrize("key", [info.key for info in registry.launcher_games()])
def test_plug_play_unplug_pause_replug_resume(key):
    driver = Driver()
    pad = VirtualPad(driver)
    players = registry.lookup(key).players
    scene = driver.start(key, seed=3, play_options=TWO_PLAYER if players == 2 else None)
    driver.frames(30)
    one_move(driver, scene, pad)
    pad.unplug()
    assert isinstance(driver.app.top, PauseScene) and "gamepad" in driver.app.top.reason
    pad = VirtualPad(driver)                 # plugged back in
    pad.press(B)                             # B resumes
    assert driver.app.top is scene
    moves = scene.session.moves_made
    one_move(driver, scene, pad)
    assert scene.session.moves_made > moves
    pad.unplug()
    driver.close()


@pytest.mark.parametrize("key", [info.key for info in registry.launcher_games()
                                 if info.players == 2])
def test_two_pads_share_a_two_player_game(key):
    driver = Driver()
    first, second = VirtualPad(driver), VirtualPad(driver)
    assert len(driver.app.input.controller_ids) == 2
    scene = driver.start(key, seed=4, play_options=TWO_PLAYER)
    driver.frames(30)
    for pad in (first, second, first):
        side = scene.session.rules.current_player(scene.state)
        one_move(driver, scene, pad)
        assert scene.session.rules.current_player(scene.state) != side, "the other side is to move"
    first.unplug()
    second.unplug()
    driver.close()
