"""Calcoolation through the real loop: whole games won with the mouse only (the number pad), the
keyboard only and a gamepad only (the number wheel); candidates, Fill and Auto-clear, each
undone in one step; mistakes shown as they arise; hints named, marked and counted; Solve and
its undo; the win's flash, sounds and best time; a new size from inside the game; the
"Making a puzzle" screen; save and resume."""
import random
import threading

import pygame
import pytest

from games.core.data.store import Store
from games.core.kit.results import clock_text
from games.core.screens.launch import LoadingScene, resume_saved_game
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.question import ConfirmScene
from games.kenken import bench, gen, geometry, rules
from games.kenken.rules import Params
from games.kenken.scene import KenkenBoard
from tests import recorded
from tests.driver import Driver, VirtualPad, walk

store = Store(lambda message: None)   # the test's own hand on the data folder

PARAMS = Params(4, "normal")
KEYS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
        (0, -1): pygame.K_UP}




def answer(scene):
    solution = rules.solution(scene.state)
    assert solution is not None
    return solution



def pad_items(scene):
    """(kind, value, rect) of each item of the open pad or wheel, where it is drawn."""
    place = scene.board.view.pad_place(scene.state, scene.board.ui)
    return [(kind, value, pygame.Rect(box)) for (kind, value), box in zip(place.items,
                                                                          place.boxes)]


def pad_digit(scene, digit):
    return next(rect for kind, value, rect in pad_items(scene)
                if kind == "digit" and value == digit)


def assert_won(driver, scene, params=PARAMS):
    driver.until_result()
    assert scene.session.status.outcome == "won"
    assert isinstance(driver.app.top, ResultScene)
    assert "flash" in driver.app.audio.played and driver.app.audio.played[-1] == "win"
    scores = recorded.scores()
    row = scores[f"kenken/{params.encode()}"][0]
    assert row["score"] == scene.board.final_score() == pytest.approx(scene.session.elapsed, abs=1)


# --- whole games, one device each --------------------------------------------------------------

def test_mouse_only_game(driver):
    scene = driver.start("kenken", PARAMS, seed=11)
    board = scene.board
    solution = answer(scene)
    n = board.n
    # Pencil a candidate first: right-click opens the pad in pencil mode.
    driver.click(board.view.cell_rect(0, 0).center, button=3)
    assert board.ui.pad and board.ui.pad.pencil and board.ui.pad.style == "pad"
    driver.click(pad_digit(scene, 2).center)
    assert scene.state.candidates[0] == 0b10 and board.ui.pad, "pencil mode keeps the pad open"
    driver.click(board.view.cell_rect(0, 0).center)          # the same cell again closes it
    assert board.ui.pad is None
    for index, digit in enumerate(solution):
        r, c = divmod(index, n)
        driver.click(board.view.cell_rect(r, c).center)
        assert board.ui.pad and board.ui.pad.cell == (r, c) and not board.ui.pad.pencil
        driver.click(pad_digit(scene, digit).center)
        assert scene.state.digits[index] == digit and board.ui.pad is None
    assert_won(driver, scene)
    assert driver.app.top.game is scene


def test_keyboard_only_game(driver):
    scene = driver.start("kenken", PARAMS, seed=12)
    board = scene.board
    solution = answer(scene)
    n = board.n
    driver.key(pygame.K_x)                  # pencil mode
    driver.key(pygame.K_1)
    driver.key(pygame.K_3)
    assert board.ui.pencil and scene.state.candidates[0] == 0b101
    driver.key(pygame.K_x)                  # X again: back to the pen
    assert not board.ui.pencil
    for index, digit in enumerate(solution):
        walk(board, divmod(index, n), lambda dx, dy: driver.key(KEYS[dx, dy]))
        if index == 5:                      # one cell through the pad: Enter, arrows, Enter
            driver.key(pygame.K_RETURN)
            assert board.ui.pad and board.ui.pad.style == "pad"
            target = next(k for k, (kind, value, _) in enumerate(pad_items(scene))
                          if kind == "digit" and value == digit)
            for _ in range(8):
                if board.ui.pad.focus == target:
                    break
                item = pad_items(scene)[board.ui.pad.focus][2]
                goal = pad_items(scene)[target][2]
                if item.centery != goal.centery:
                    driver.key(pygame.K_DOWN if goal.centery > item.centery else pygame.K_UP)
                else:
                    driver.key(pygame.K_RIGHT if goal.centerx > item.centerx else pygame.K_LEFT)
            driver.key(pygame.K_RETURN)
        else:
            driver.key(pygame.K_0 + digit)
        assert scene.state.digits[index] == digit
    assert_won(driver, scene)


def test_gamepad_only_game_with_a_virtual_controller(driver):
    pad = VirtualPad(driver)
    scene = driver.start("kenken", PARAMS, seed=13)
    board = scene.board
    solution = answer(scene)
    n = board.n
    A = pygame.CONTROLLER_BUTTON_A
    buttons = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
               (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
               (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
               (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP}
    for index, digit in enumerate(solution):
        walk(board, divmod(index, n), lambda dx, dy: pad.press(buttons[dx, dy]))
        pad.press(A)
        assert board.ui.pad and board.ui.pad.style == "wheel"
        assert pad_items(scene)[board.ui.pad.focus][:2] == ("digit", 1)
        # Turn the wheel: right goes round one way, left the other (past Clear).
        if digit <= 2:
            pad.press(buttons[1, 0], times=digit - 1)
        else:
            pad.press(buttons[-1, 0], times=n + 2 - digit)
        assert pad_items(scene)[board.ui.pad.focus][:2] == ("digit", digit)
        pad.press(A)
        assert scene.state.digits[index] == digit
    assert_won(driver, scene)
    pad.unplug()


def test_the_pad_switches_to_pencil_with_x_and_the_triggers_go_to_the_next_empty_cell(driver):
    scene = driver.start("kenken", PARAMS, seed=14)
    board = scene.board
    driver.pad(pygame.CONTROLLER_BUTTON_X)
    assert board.ui.pencil
    driver.pad(pygame.CONTROLLER_BUTTON_A)               # the wheel opens in pencil mode
    assert board.ui.pad.pencil
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    driver.pad(pygame.CONTROLLER_BUTTON_A)               # toggles candidate 2, stays open
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert scene.state.candidates[0] == 0b10 and board.ui.pad
    driver.pad(pygame.CONTROLLER_BUTTON_B)               # closes the wheel, not the game
    assert board.ui.pad is None and driver.app.top is scene
    driver.pad(pygame.CONTROLLER_BUTTON_X)
    before = scene.state
    right = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    for expected in ((0, 1), (0, 2)):
        driver.pad_axis(right, 32767)
        driver.pad_axis(right, 0)
        assert board.cursor == expected and scene.state == before, "a place, never a digit"
    driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767)
    driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0)
    assert board.cursor == (0, 1) and scene.state == before


# --- candidates ------------------------------------------------------------------------------

def test_fill_and_auto_clear_each_undo_in_one_step(driver):
    scene = driver.start("kenken", PARAMS, seed=15)
    board = scene.board
    solution = answer(scene)
    n = board.n
    driver.key(pygame.K_c)                  # C fills the candidates
    full = (1 << n) - 1
    assert scene.state.candidates == (full,) * (n * n)
    assert scene.session.moves_made == 1
    driver.key(pygame.K_0 + solution[0])    # auto-clear is on by default
    bit = 1 << (solution[0] - 1)
    for k in range(1, n):
        assert not scene.state.candidates[k] & bit and not scene.state.candidates[k * n] & bit
    assert scene.state.candidates[n + 1] == full, "cells off the row and column keep theirs"
    assert scene.session.moves_made == 2
    driver.key(pygame.K_u)
    assert scene.state.digits[0] == 0 and scene.state.candidates == (full,) * (n * n)
    driver.key(pygame.K_u)
    assert scene.state.candidates == (0,) * (n * n)
    driver.key(pygame.K_r)
    driver.key(pygame.K_a)                  # auto-clear off: a placed digit leaves the rest
    assert driver.app.settings["kenken"]["autoclear"] is False
    driver.key(pygame.K_0 + solution[0])
    assert scene.state.candidates[1:n] == (full,) * (n - 1)
    driver.key(pygame.K_a)
    assert board.autoclear


def test_moves_that_change_nothing_are_explained_not_played(driver):
    scene = driver.start("kenken", PARAMS, seed=16)
    driver.key(pygame.K_BACKSPACE)
    assert "already empty" in scene.message
    driver.key(pygame.K_9)
    assert "1 to 4" in scene.message
    driver.key(pygame.K_2)
    driver.key(pygame.K_x)
    driver.key(pygame.K_3)
    assert "holds a 2" in scene.message
    driver.key(pygame.K_c)
    driver.key(pygame.K_c)
    assert "already filled" in scene.message
    assert scene.session.moves_made == 2
    driver.key(pygame.K_x)
    driver.key(pygame.K_2)                  # the same digit again rubs it out
    assert scene.state.digits[0] == 0 and scene.session.moves_made == 3


# --- mistakes, hints, Solve ------------------------------------------------------------------

def test_mistakes_are_shown_as_they_arise_and_can_be_hidden(driver):
    scene = driver.start("kenken", PARAMS, seed=17)
    board = scene.board
    driver.key(pygame.K_3)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_3)
    assert board.shown_errors() == {(0, 0), (0, 1)}
    assert driver.app.audio.played[-1] == "wrong"
    assert board.motion.pulses, "the new mistake pulses"
    driver.app.settings["show_errors"] = False
    driver.frames()
    assert board.shown_errors() == frozenset()


def test_a_hint_names_a_deduction_marks_it_and_is_counted(driver):
    scene = driver.start("kenken", PARAMS, seed=18)
    board = scene.board
    driver.key(pygame.K_h)
    hint = board.current_hint
    assert hint is not None and hint.technique not in ("mistake", "stuck")
    assert hint.cells and (hint.removals or hint.place) and hint.text
    assert scene.hints == 1 and ("Hints", "1") in board.hud_fields()
    assert driver.app.audio.played[-1] == "hint"
    driver.key(pygame.K_h)                  # the same position: shown again, not counted
    assert scene.hints == 1
    solution = answer(scene)
    wrong = solution[0] % board.n + 1
    walk(board, (0, 0), lambda dx, dy: driver.key(KEYS[dx, dy]))   # the hint moved the cursor
    driver.key(pygame.K_0 + wrong)
    driver.key(pygame.K_h)
    assert board.current_hint.technique == "mistake"
    assert board.current_hint.cells == ((0, 0),)
    assert scene.hints == 2
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.over, dt=1 / 30)
    driver.until_result()
    assert dict(scene.ending.shown().facts)["Hints"] == "2"


def test_solve_asks_once_writes_the_digits_and_undo_takes_them_back_one_by_one(driver):
    scene = driver.start("kenken", PARAMS, seed=19)
    board = scene.board
    before = scene.state
    driver.key(pygame.K_s)
    assert isinstance(driver.app.top, ConfirmScene) and scene.state == before
    driver.key(pygame.K_ESCAPE)             # Esc answers "Keep playing"
    assert driver.app.top is scene and not scene.solve_used
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.over, dt=1 / 30)
    assert scene.state.digits == answer(scene) and scene.session.moves_made == board.n ** 2
    driver.until_result()
    assert scene.ending.title() == "Solved by the computer"
    assert scene.ending.shown().title == "Solved by the computer" and board.shown().solved
    scores = recorded.scores()
    assert not scores.get(f"kenken/{PARAMS.encode()}"), "a solved-for-you game is not entered"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)             # Look at the board
    assert driver.app.top is scene
    driver.key(pygame.K_u)
    assert scene.state.digits.count(0) == 1 and not scene.over


# --- animation -------------------------------------------------------------------------------

def test_a_digit_pops_in_snaps_on_new_input_and_shrinks_away_on_undo(driver):
    scene = driver.start("kenken", PARAMS, seed=20)
    board = scene.board
    driver.key(pygame.K_2)
    tween, old, new, _, _ = board.motion.cells[0]
    assert (old, new) == (0, 2) and not tween.done
    driver.frames(3)
    assert 0 < tween.time < tween.duration, "mid-pop"
    driver.key(pygame.K_RIGHT)              # new input snaps it to the end
    assert tween.done and not scene.tweens.busy
    driver.key(pygame.K_u)
    tween, old, new, _, _ = board.motion.cells[0]
    assert (old, new) == (2, 0) and not tween.done, "undo runs the pop backwards"
    driver.settle()
    assert not scene.tweens.busy
    driver.key(pygame.K_c)                  # Fill sweeps: far cells start later
    first, last = board.motion.cells[0][0], board.motion.cells[board.n * board.n - 1][0]
    assert first.time > last.time
    driver.settle()


def test_winning_flashes_sounds_and_records_the_best_time(driver):
    scene = driver.start("kenken", PARAMS, seed=21)
    board = scene.board
    solution = answer(scene)
    driver.frames(240, dt=0.25)             # a minute on the clock
    for index, digit in enumerate(solution):
        walk(board, divmod(index, board.n), lambda dx, dy: driver.key(KEYS[dx, dy]))
        driver.key(pygame.K_0 + digit)
    assert board.motion.flash is not None and scene.over
    assert driver.app.top is scene, "the result waits for the flash"
    assert "flash" in driver.app.audio.played
    elapsed = scene.session.elapsed
    driver.frames(20)
    assert scene.session.elapsed == elapsed, "the clock stops at the win"
    assert_won(driver, scene)
    assert driver.app.top.rank == 1
    assert dict(scene.ending.shown().facts)["Time"] == clock_text(scene.session.elapsed)
    assert scene.session.elapsed > 60
    assert driver.setup_summary("kenken", PARAMS, {})[0] == "Best results: 4 x 4, Normal"


# --- new games, making a puzzle, save and resume ------------------------------------------

def test_new_game_from_inside_the_game_changes_the_size(driver):
    scene = driver.start("kenken", PARAMS, seed=22)
    driver.key(pygame.K_n)
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.replace_scene is scene
    assert setup.chosen() == {"size": 4, "difficulty": "normal", "variant": "standard"}
    size, difficulty, _ = (choice for _, choice in setup.choices)
    size.index = 0                          # 3 x 3 ...
    difficulty.index = 2                    # ... Hard: there is no such puzzle
    assert "3x3" in setup.problem()
    setup.new_game()
    assert driver.app.top is setup, "an impossible choice keeps the setup screen"
    size.index = 2                          # 5 x 5 Hard
    driver.key(pygame.K_RETURN)             # New game has the focus...
    assert isinstance(driver.app.top, ConfirmScene), "...and this game is in progress"
    driver.key(pygame.K_y)
    new = driver.app.top
    assert isinstance(new.board, KenkenBoard) and new.state.params == Params(5, "hard")
    assert scene not in driver.app.stack


def test_the_pad_reaches_the_panel_buttons(driver):
    scene = driver.start("kenken", PARAMS, seed=23)
    board = scene.board
    for _ in range(board.n):
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert board.ui.panel is not None
    while board.layout.buttons[board.ui.panel][0] != "fill":
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert any(scene.state.candidates)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert board.layout.buttons[board.ui.panel][0] == "mode"
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert board.ui.pencil
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert board.ui.panel is None and board.cursor == (0, board.n - 1)


def test_making_a_slow_puzzle_shows_a_screen_and_the_loop_keeps_running(driver, monkeypatch):
    gate = threading.Event()
    real = gen.generate

    def slow(params, rng):
        gate.wait(10)
        return real(params, random.Random(1))
    scene = driver.start("kenken", PARAMS, seed=24)
    monkeypatch.setattr(gen, "generate", slow)
    driver.key(pygame.K_n)
    setup = driver.app.top
    size, difficulty, _ = (choice for _, choice in setup.choices)
    size.index, difficulty.index = 6, 3     # 9 x 9 Extreme
    setup.start()                           # (New game over this game asks first)
    loading = driver.app.top
    assert isinstance(loading, LoadingScene)
    frames = driver.app.frames
    for _ in range(8):
        driver.app.frame(1 / 30)            # not Driver.frames: that would wait for the job
    assert driver.app.frames == frames + 8 and driver.app.top is loading
    assert loading.age > 0.1 and not loading.job.done, "past 100 ms the screen shows"
    gate.set()
    loading.wait()
    driver.frames()
    new = driver.app.top
    assert isinstance(new.board, KenkenBoard) and new.state.params == Params(9, "extreme")
    assert scene not in driver.app.stack


def test_quit_saves_and_resume_keeps_the_grid_and_the_hints(driver):
    scene = driver.start("kenken", PARAMS, seed=25)
    driver.key(pygame.K_c)              # Fill candidates
    driver.key(pygame.K_2)
    driver.key(pygame.K_h)
    driver.frames(60)
    state, elapsed = scene.state, scene.session.elapsed
    driver.app.quit()
    again = Driver()
    assert resume_saved_game(again.app, "kenken")
    resumed = again.app.top
    assert resumed.state == state and resumed.hints == 1
    assert resumed.session.elapsed == pytest.approx(elapsed, abs=0.01)
    again.key(pygame.K_u)
    again.key(pygame.K_u)
    assert resumed.state == rules.new_game(PARAMS, resumed.session.desc)
    again.close()


def test_the_layout_fills_the_scenes_board_area(driver):
    scene = driver.start("kenken", PARAMS, seed=27)
    assert tuple(scene.board_rect) == geometry.BOARD, "geometry.py places things in it"


def test_bench_pose_and_a_nine_by_nine_draw(driver):
    scene = driver.start("kenken", Params(9, "easy"), seed=26)
    board = scene.board
    bench.pose(scene)
    assert board.ui.pad and board.current_hint and scene.tweens.busy and board.shown_errors()
    for _ in range(3):
        driver.app.draw(driver.app.screen)
    assert scene.tweens.busy


# --- issue 20: operators shown at the end, the pad off the clues, readable candidates ----------

HIDDEN = Params(4, "normal", hidden_operators=True)


def drawn_clues(driver, scene, monkeypatch):
    """The clue words the grid draws now (ui.label calls in the clue ink)."""
    from games.core.screens import ui as ui_module
    from sprites.kenken import CLUE_INK
    words = []
    original = ui_module.label

    def recording(surface, text, *args, **kwargs):
        if len(args) >= 3 and args[2] == CLUE_INK:
            words.append(text)
        return original(surface, text, *args, **kwargs)
    monkeypatch.setattr(ui_module, "label", recording)
    scene.board.view._base_key = None                    # paint the grid afresh
    driver.app.draw(driver.app.screen)
    monkeypatch.setattr(ui_module, "label", original)
    return words


def operator_shown(words):
    return any(sign in words for sign in "+\u2212\u00d7\u00f7")


def test_hidden_operators_are_revealed_once_solved(driver, monkeypatch):
    scene = driver.start("kenken", HIDDEN, seed=12)
    board = scene.board
    words = drawn_clues(driver, scene, monkeypatch)
    assert len(words) == len(scene.state.cages) and not any(map(operator_shown, words))
    solution = answer(scene)
    for index, digit in enumerate(solution):
        walk(board, divmod(index, board.n), lambda dx, dy: driver.key(KEYS[dx, dy]))
        driver.key(pygame.K_0 + digit)
    assert scene.over
    words = drawn_clues(driver, scene, monkeypatch)
    big = [cage for cage in scene.state.cages if len(cage.cells) > 1]
    assert sum(map(operator_shown, words)) == len(big) > 0, words


def test_after_solving_every_play_button_of_the_panel_is_dimmed(driver, monkeypatch):
    """Solve, Fill, Auto-clear and the pen/pencil switch dim once the game is over; New
    game does not."""
    from games.core.screens import ui as ui_module
    from games.core.screens.question import ConfirmScene
    scene = driver.start("kenken", Params(4), seed=2)
    board = scene.board
    driver.key(pygame.K_s)
    assert isinstance(driver.app.top, ConfirmScene)
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.over, dt=1 / 10)
    driver.until_result()
    driver.app.pop(driver.app.top)                  # look at the board
    inks = {}
    original = ui_module.label

    def recording(surface, text, *args, **kwargs):
        if len(args) >= 3:
            inks[text] = args[2]
        return original(surface, text, *args, **kwargs)
    monkeypatch.setattr(ui_module, "label", recording)
    board.panel._key = None                         # paint the panel afresh
    driver.app.draw(driver.app.screen)
    monkeypatch.setattr(ui_module, "label", original)
    for words in ("Pen: digits", "Pencil: candidates", "Fill candidates (C)", "Solve (S)"):
        assert inks[words] == ui_module.DIMMED, words
    assert any(w.startswith("Auto-clear") and ink == ui_module.DIMMED for w, ink in inks.items())
    assert inks["New game (N)"] == ui_module.TEXT


def test_hidden_operators_are_revealed_when_the_computer_solves_it(driver, monkeypatch):
    from games.core.screens.question import ConfirmScene
    scene = driver.start("kenken", HIDDEN, seed=13)
    driver.key(pygame.K_s)                          # Solve, asked once ...
    assert isinstance(driver.app.top, ConfirmScene)
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.over, dt=1 / 30)  # ... plays the digits one by one
    assert scene.over
    driver.until_result()
    driver.app.pop(driver.app.top)                  # look at the board
    words = drawn_clues(driver, scene, monkeypatch)
    assert sum(map(operator_shown, words)) == \
        sum(1 for cage in scene.state.cages if len(cage.cells) > 1)


def old_pad_spot(size, cell):
    """Where the pad went before issue 20: right of the cell (left near the edge), level."""
    (width, height), (cx, cy, cw, ch) = size, cell
    ax, ay, aw, ah = geometry.BOARD
    left = cx + cw + 20
    if left + width > ax + aw - 10:
        left = cx - 20 - width
    return left, min(max(cy + ch // 2 - height // 2, ay + 10), ay + ah - 10 - height)


def covered(box, clues):
    return sum(geometry.overlaps(box, clue) for clue in clues)


def gap(a, b) -> tuple[int, int]:
    """The horizontal and vertical gaps between two boxes (0 where they overlap that way)."""
    return (max(b[0] - a[0] - a[2], a[0] - b[0] - b[2], 0),
            max(b[1] - a[1] - a[3], a[1] - b[1] - b[3], 0))


def next_to(box, cell) -> bool:
    """The pad stands by its cell: off it, NEAR away on one side, and at most NEAR away
    (diagonally, corner to corner) on the other."""
    dx, dy = gap(box, cell)
    return not geometry.overlaps(box, cell) and max(dx, dy) == geometry.NEAR and \
        min(dx, dy) <= geometry.NEAR


def centred_places(size, cell):
    """The four plain places next to the cell, centred on it: right, left, above, below
    (those inside the board's area)."""
    (width, height), (cx, cy, cw, ch) = size, cell
    ax, ay, aw, ah = geometry.BOARD
    near = geometry.NEAR
    places = [(cx + cw + near, cy + ch // 2 - height // 2), (cx - near - width,
                                                               cy + ch // 2 - height // 2),
              (cx + cw // 2 - width // 2, cy - near - height),
              (cx + cw // 2 - width // 2, cy + ch + near)]
    return [(x, y) for x, y in places
            if ax <= x and x + width <= ax + aw and ay <= y and y + height <= ay + ah]


def lines_of(sheet, r, c):
    """The other cells of a cell's row and column (their digits are what the choice needs)."""
    return tuple(sheet.cell_box(r2, c2) for r2 in range(sheet.n) for c2 in range(sheet.n)
                 if (r2 == r) != (c2 == c))


@pytest.mark.parametrize("style", list(geometry.Style))
@pytest.mark.parametrize("n", range(4, 10))
def test_the_pad_and_the_wheel_stand_by_their_cell_and_hide_the_least(n, style):
    """Every cell of generated boards of 4x4 to 9x9, the pad (mouse, keyboard) and the wheel
    (gamepad): the box is inside the board's area, next to its cell (never further off: the
    player's eyes stay on the cursor), hiding no more of the other cages' clues and of the
    cells of its row and column than the plain places centred beside it on any side (or
    where it stood before issue 20); the wheel's items stay inside its box."""
    from games.kenken.view import clues
    sheet = geometry.layout(n)
    for seed in range(3 if n < 9 else 2):
        params = Params(n)
        state = rules.new_game(params, rules.new_desc(params, random.Random(seed)))
        placed = clues(sheet, state, False)
        for r in range(n):
            for c in range(n):
                cell = sheet.cell_box(r, c)
                others = tuple(clue.box for clue in placed
                               if not geometry.overlaps(clue.box[:2] + (1, 1), cell))
                place = geometry.pad_place(n, (r, c), style, others)
                box = place.box
                assert next_to(box, cell), (seed, (r, c), box, cell)
                ax, ay, aw, ah = geometry.BOARD
                assert ax <= box[0] and box[0] + box[2] <= ax + aw
                assert ay <= box[1] and box[1] + box[3] <= ay + ah
                hidden = others + lines_of(sheet, r, c)
                for x, y in [*centred_places(box[2:], cell), old_pad_spot(box[2:], cell)]:
                    assert covered(box, hidden) <= covered((x, y, *box[2:]), hidden), \
                        (seed, (r, c), (x, y))
                assert all(pygame.Rect(box).contains(item) for item in place.boxes)


@pytest.mark.parametrize("device", ["mouse", "keyboard"])
def test_the_pad_opens_by_the_cursor_and_writes(driver, device):
    """Through the real loop on a 9x9 board, by a click or by Enter on the keyboard's cursor
    (as the issue saw it: the pad stood up to eight cells away, over the side panel): every
    pad stands next to its cell, and its digits still write."""
    scene = driver.start("kenken", Params(9), seed=4)
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP}
    if device == "keyboard":
        driver.key(pygame.K_RIGHT)                  # the cursor shows
    for r, c in ((4, 4), (0, 8), (8, 0), (3, 6), (0, 0)):
        if device == "mouse":
            driver.click(scene.board.view.cell_rect(r, c).center)
        else:
            walk(scene.board, (r, c), lambda dx, dy: driver.key(keys[dx, dy]))
            driver.key(pygame.K_RETURN)
        assert scene.board.ui.pad and scene.board.ui.pad.cell == (r, c)
        pad = scene.board.view.pad_place(scene.state, scene.board.ui).box
        assert next_to(pad, scene.board.view.sheet.cell_box(r, c)), (r, c)
        if device == "mouse":
            driver.click(pad_digit(scene, 1).center)
        else:
            driver.key(pygame.K_1)
        assert scene.state.digits[r * 9 + c] == 1
        if scene.board.ui.pad is not None:
            driver.key(pygame.K_ESCAPE)


def test_candidates_read_at_1280x720_with_a_clue_or_without(driver):
    """The candidates as drawn (view.mark_image), against the cell: in every grid, 3x3 to
    9x9, at least 14 pixels of ink high in a 1280x720 window, in a cell without a clue (the
    whole cell is theirs) and in one holding a clue (below its band: under a 9x9 clue they
    are drawn narrower to stay that tall); all of them inside the cell, none touching."""
    from games.kenken.view import mark_image
    for n in range(3, 10):
        sheet = geometry.layout(n)
        for clued in (False, True):
            rects = []
            for d in range(1, n + 1):
                image = mark_image(sheet, d, clued, (0, 0, 0))
                ink = image.get_bounding_rect()
                assert ink.height * 720 / 1080 >= 14, (n, clued, d, ink.height)
                x, y = sheet.mark_centre(d, clued)
                placed = image.get_rect(center=(round(x), round(y)))
                ink_rect = ink.move(placed.topleft)
                assert pygame.Rect(0, 0, sheet.cell, sheet.cell).contains(ink_rect), (n, d)
                if clued:
                    assert ink_rect.top >= sheet.band - 2, (n, d)
                rects.append(ink_rect)
            assert all(a.inflate(2, 2).collidelist(rects[k + 1:]) == -1
                       for k, a in enumerate(rects)), (n, clued)
    scene = driver.start("kenken", Params(9), seed=4)
    driver.key(pygame.K_c)                              # Fill candidates
    assert any(scene.state.candidates)
    driver.app.draw(driver.app.screen)


def test_the_cage_helper_is_help_noted_once_and_never_refunded(driver):
    """K turns it on (noted once, however often), undo and restart refund nothing, a saved
    game keeps it, the rules say it is help and the highlight is not."""
    from games.kenken import info
    scene = driver.start("kenken", PARAMS, seed=41)
    driver.key(pygame.K_1)
    for _ in range(3):
        driver.key(pygame.K_k)
    assert scene.board.ui.helper and scene.session.count("cage_helper") == 1
    assert "noted as help" in scene.message or scene.message == "Cage helper off."
    driver.key(pygame.K_u)
    scene.restart()
    assert scene.session.count("cage_helper") == 1
    scene.save()
    driver.app.pop(scene)
    assert resume_saved_game(driver.app, "kenken")
    assert driver.app.top.session.count("cage_helper") == 1
    rules_text = " ".join(info.RULES.split())
    assert "counts as help" in rules_text and "it counts as no help" in rules_text
