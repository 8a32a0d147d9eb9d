"""Results are earned once, through the real loop: penalties, hints, help and Solve live in the
session's record, which no undo, redo, restart or resume gives back; a game is entered in a
table at most once, however often undo and redo walk over its ending; a game finished by Solve
is not a best score; toolbar buttons that can do nothing look (and are) disabled."""
import random

import pygame
import pytest

from games.core.data.store import Store, save_name
from games.core.kit.session import Session
from games.core.screens.frame import Frame
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import ResultScene
from games.deductile import ai as deductile_ai, rules as deductile
from games.ishido import ai as ishido_ai
from games.kenken import rules as kenken
from games.poggle import solver as poggle_solver
from tests import recorded
from tests.driver import walk

store = Store(lambda message: None)   # the test's own hand on the data folder

KEYS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
        (0, -1): pygame.K_UP}


def entries(scene) -> list:
    scores = recorded.scores()
    return scores.get(f"{scene.session.key}/{scene.session.params.encode()}", [])


def look_at_the_board(driver, scene) -> None:
    result = driver.app.top
    assert isinstance(result, ResultScene) and result.game is scene
    button = next(b for b in result.menu.widgets if b.words == "Look at the board")
    driver.click(button.rect.center)
    assert driver.app.top is scene


def toolbar(scene, words) -> object:
    return next(b for b in scene.toolbar.widgets if b.words.startswith(words))


def resume(driver, scene):
    """Leave through the pause menu's Save and leave, then resume from the save."""
    scene.save()
    driver.app.pop(scene)
    assert resume_saved_game(driver.app, scene.session.key)
    return driver.app.top


def ended_again_without_a_new_entry(driver, scene, count: int = 1) -> None:
    driver.until_result()
    assert len(entries(scene)) == count and driver.app.top.rank is None
    assert scene.ending.looking_back
    driver.frames()   # the result screen draws its note
    look_at_the_board(driver, scene)


# --- DeducTile -------------------------------------------------------------------------------

DEDUCTILE = deductile.Params(4, "normal")


def deductile_swaps_to_the_answer(driver, scene) -> None:
    """Drag tiles as a player would (right button for colours) until the order is right."""
    while not deductile.guess_is_right(scene.state):
        move = deductile_ai.choose_move(scene.state)
        tiles = scene.board.layout.tile_rects
        driver.drag(tiles[move.a].center, tiles[move.b].center,
                    button=3 if move.kind == deductile.SWAP_COLOURS else 1)
        driver.settle()


def test_deductile_penalties_survive_undo_restart_and_resume(driver):
    scene = driver.start("deductile", DEDUCTILE, seed=31)
    move = deductile_ai.choose_move(scene.state)
    tiles = scene.board.layout.tile_rects
    driver.drag(tiles[move.a].center, tiles[move.b].center,
                button=3 if move.kind == deductile.SWAP_COLOURS else 1)
    driver.settle()
    driver.key(pygame.K_g)                       # a wrong guess: 5 s
    driver.key(pygame.K_h)                       # a hint: 5 s
    driver.click(scene.board.layout.clue_rects[0].center)     # a clue struck out: no move
    record = {"wrong_guesses": 1, "hints": 1, "penalty_seconds": 10}
    assert scene.session.record == record
    fields = {name: value for name, value, *_ in scene.board.hud_fields()}
    assert fields["Moves"] == "1" and fields["Wrong guesses"] == "1" and fields["Hints"] == "1"
    left = scene.board.time_left()
    assert left == pytest.approx(deductile.TIME_LIMIT - 10 - scene.session.elapsed)
    for key in (pygame.K_u, pygame.K_u, pygame.K_r, pygame.K_u):
        driver.key(key)
        assert scene.session.record == record
    assert {name: value for name, value, *_ in scene.board.hud_fields()}["Moves"] == "0"
    driver.key(pygame.K_ESCAPE)
    restart = next(b for b in driver.app.top.menu.widgets if b.words == "Restart")
    driver.click(restart.rect.center)
    assert driver.app.top is scene and scene.session.record == record
    resumed = resume(driver, scene)
    assert resumed.session.record == record
    assert resumed.board.time_left() == pytest.approx(
        deductile.TIME_LIMIT - 10 - resumed.session.elapsed)


def test_deductile_is_recorded_once_however_the_ending_is_revisited(driver):
    scene = driver.start("deductile", DEDUCTILE, seed=32)
    deductile_swaps_to_the_answer(driver, scene)
    driver.click(scene.board.layout.guess_rect.center)
    driver.until_result()
    assert len(entries(scene)) == 1 and driver.app.top.rank == 1
    assert not scene.ending.looking_back
    look_at_the_board(driver, scene)
    assert not toolbar(scene, "Hint").enabled and not toolbar(scene, "Guess").enabled
    driver.key(pygame.K_u)                       # back before the guess
    assert not scene.over and toolbar(scene, "Guess").enabled
    driver.key(pygame.K_g)                       # solve again
    ended_again_without_a_new_entry(driver, scene)
    driver.key(pygame.K_u)
    driver.key(pygame.K_r)                       # or redo
    ended_again_without_a_new_entry(driver, scene)
    driver.key(pygame.K_u)
    driver.key(pygame.K_u)                       # further back, and a different way to the end
    deductile_swaps_to_the_answer(driver, scene)
    driver.key(pygame.K_g)
    ended_again_without_a_new_entry(driver, scene)
    assert scene.session.count("recorded") == 1


def test_an_old_deductile_save_keeps_its_penalties(driver, data_dir):
    """Saves from before the record held hints and wrong guesses as moves."""
    session = Session.new("deductile", DEDUCTILE, seed=33)
    session.apply("h")
    session.apply("g")
    data = session.to_json()
    del data["record"]
    data["version"] = 1                          # an old save, as an old build wrote it
    store.write_json(save_name("deductile"), data)
    assert resume_saved_game(driver.app, "deductile")
    scene = driver.app.top
    record = {"hints": 1, "wrong_guesses": 1, "penalty_seconds": 10}
    assert scene.session.record == record
    again = resume(driver, scene)
    assert again.session.record == record, "counted once, not again at each resume"


# --- Calcoolation ----------------------------------------------------------------------------

KENKEN = kenken.Params(4, "normal")


def kenken_fill(driver, scene, cells) -> None:
    solution = kenken.solution(scene.state)
    for index in cells:
        walk(scene.board, divmod(index, scene.board.n), lambda dx, dy: driver.key(KEYS[dx, dy]))
        driver.key(pygame.K_0 + solution[index])


def test_kenken_is_recorded_once_however_the_ending_is_revisited(driver):
    scene = driver.start("kenken", KENKEN, seed=41)
    kenken_fill(driver, scene, range(scene.board.n ** 2))
    driver.until_result()
    assert len(entries(scene)) == 1 and driver.app.top.rank == 1
    look_at_the_board(driver, scene)
    assert not toolbar(scene, "Hint").enabled and not toolbar(scene, "Redo").enabled
    driver.key(pygame.K_u)
    assert not scene.over
    kenken_fill(driver, scene, [scene.board.n ** 2 - 1])       # solve again
    ended_again_without_a_new_entry(driver, scene)
    driver.key(pygame.K_u)
    driver.key(pygame.K_r)                               # or redo
    ended_again_without_a_new_entry(driver, scene)


def test_kenken_hints_and_solve_survive_undo_and_solve_is_no_best_time(driver):
    scene = driver.start("kenken", KENKEN, seed=42)
    driver.key(pygame.K_h)
    assert scene.hints == 1
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)                               # Solve, asked once
    driver.run_until(lambda: scene.over, dt=1 / 30)      # ...plays the digits
    assert scene.session.count("solved") == 1
    driver.until_result()
    assert scene.ending.title() == "Solved by the computer"
    assert scene.ending.mood() == "neutral"
    look_at_the_board(driver, scene)
    driver.key(pygame.K_u)                               # a digit of Solve taken back...
    assert not scene.over and scene.solve_used and scene.hints == 1
    scene = resume(driver, scene)
    assert scene.solve_used and scene.hints == 1
    empty = [i for i, digit in enumerate(scene.state.digits) if not digit]
    kenken_fill(driver, scene, empty)                    # ...and finished by hand
    driver.until_result()
    assert entries(scene) == [] and driver.app.top.rank is None
    assert scene.ending.title() == "Solved!"
    assert "Solve used in this game: not a best result." in scene.ending.result().notes


def test_old_play_options_move_into_the_record(driver):
    """Saves from before the record kept hints and Solve in the play options."""
    session = Session.new("kenken", KENKEN, seed=43)
    data = session.to_json()
    del data["record"]
    data["play"] = {"hints": 3, "solved": True}
    data["version"] = 1                          # an old save, as an old build wrote it
    store.write_json(save_name("kenken"), data)
    assert resume_saved_game(driver.app, "kenken")
    scene = driver.app.top
    assert scene.session.record == {"hints": 3, "solved": 1} and scene.play_options == {}


# --- Ishido ----------------------------------------------------------------------------------

def test_ishido_is_recorded_once_and_the_assist_survives_undo(driver):
    from games.ishido.rules import Params
    scene = driver.start("ishido", Params(rule="standard"), seed=51)
    rng = random.Random(5)
    driver.key(pygame.K_x)                       # assist on (help): the alternate action
    driver.key(pygame.K_x)                       # and off again
    while not scene.over:
        scene.play(ishido_ai.choose_move(scene.state, rng, "careful"))
        scene.tweens.finish_all()
    driver.until_result()
    assert len(entries(scene)) == 1 and entries(scene)[0]["detail"].endswith(", help)")
    look_at_the_board(driver, scene)
    assert not toolbar(scene, "Hint").enabled
    last = scene.session.last_move()
    driver.key(pygame.K_u)
    assert not scene.over and scene.board.help_used
    scene.play(last)                             # the same stone again
    ended_again_without_a_new_entry(driver, scene)
    driver.key(pygame.K_u)
    driver.key(pygame.K_r)
    ended_again_without_a_new_entry(driver, scene)
    scene.on_quit()                              # quitting during the last look adds nothing
    assert len(entries(scene)) == 1


# --- Poggle and the two-player games ---------------------------------------------------------

def test_poggle_hints_and_solve_survive_undo(driver):
    from games.poggle.rules import Params
    scene = driver.start("poggle", Params(4, 3), seed=61)
    scene.board.planner.wait()
    driver.frames()
    driver.key(pygame.K_h)
    assert scene.hints == 1
    driver.key(pygame.K_u)
    assert scene.hints == 1
    driver.key(pygame.K_s)                       # Solve asks once, then plays the presses
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.over, dt=1 / 30)
    driver.until_result()
    assert scene.solve_used and entries(scene) == []
    # Solve played the last press: the title says so, the note names the hint alone.
    assert scene.ending.shown().title == "Solved by the computer"
    assert scene.ending.shown().notes == ("1 hint used in this game: not a best result.",)
    look_at_the_board(driver, scene)
    while scene.session.can_undo():
        driver.key(pygame.K_u)
    assert scene.solve_used and scene.hints == 1
    for move in poggle_solver.solution_moves(scene.state):
        scene.play(move)
    driver.until_result()
    assert entries(scene) == []


@pytest.mark.parametrize("key", ["nim", "kono", "mu_torere"])
def test_two_player_hints_survive_undo_and_resume(driver, key):
    scene = driver.start(key, None, seed=71, play_options={"opponent": "human"})
    driver.key(pygame.K_h)
    driver.run_until(lambda: scene.hints == 1)
    move = scene.demo_move()
    scene.play(move)
    driver.key(pygame.K_u)
    assert scene.hints == 1
    assert resume(driver, scene).hints == 1


# --- disabled buttons ------------------------------------------------------------------------

def test_buttons_that_can_do_nothing_are_dimmed_and_ignored(driver):
    scene = driver.start("kenken", KENKEN, seed=44)
    undo, redo, hint = (toolbar(scene, words) for words in ("Undo", "Redo", "Hint"))
    assert not undo.enabled and not redo.enabled and hint.enabled
    kenken_fill(driver, scene, [0])
    assert undo.enabled and not redo.enabled
    driver.click(undo.rect.center)
    assert not undo.enabled and redo.enabled
    kenken_fill(driver, scene, range(scene.board.n ** 2))
    driver.until_result()
    look_at_the_board(driver, scene)
    assert not hint.enabled
    driver.click(hint.rect.center)
    assert scene.hints == 0, "a dimmed Hint does nothing"
    surface = pygame.Surface(driver.app.size)
    hint.draw(surface, False)
    undo.draw(surface, False)
    dim, bright = set(), set()
    for button, colours in ((hint, dim), (undo, bright)):
        for x in range(button.rect.left, button.rect.right):
            colours.add(tuple(surface.get_at((x, button.rect.centery)))[:3])
    assert max(sum(c) for c in dim) < max(sum(c) for c in bright), "drawn dimmer"


def test_command_buttons_may_say_when_they_are_enabled(driver):
    from games.core.kit.actions import Command
    from games.poggle.rules import Params

    class Probe(Frame):
        pressed = 0

        def commands(self):
            return {Command.SOLVE: self.press}

        def command_ready(self, command):
            return self.session.can_undo()

        def press(self):
            self.pressed += 1

    scene = Probe(driver.app, Session.new("poggle", Params(3, 2), seed=45))
    driver.app.push(scene)
    driver.frames()
    probe = toolbar(scene, "Solve (S)")
    driver.click(probe.rect.center)
    driver.key(pygame.K_s)
    assert scene.pressed == 0 and not probe.enabled
    scene.play(scene.game.rules.legal_moves(scene.state)[0])
    driver.click(probe.rect.center)
    driver.key(pygame.K_s)
    assert scene.pressed == 2


def test_a_record_from_a_save_is_checked(driver, data_dir):
    for bad in ([1], {"hints": -1}, {"Hints": 1}, {"hints": True}, {"x" * 40: 1},
                {f"n{i}": 1 for i in range(40)}, {"hints": 10**10}):
        data = Session.new("kenken", KENKEN, seed=46).to_json()
        data["record"] = bad
        # store.save_game refuses what the reader would refuse: write the hostile file by hand.
        store.write_json(save_name("kenken"), data)
        assert not resume_saved_game(driver.app, "kenken"), bad
