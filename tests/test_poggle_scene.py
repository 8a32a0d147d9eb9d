"""Poggle through the real loop: whole games won with the mouse only, the keyboard only and a
gamepad only; the ripple runs, snaps on new input and runs backwards on undo; hints, Solve
press by press, an unsolvable typed board, best results per size and colours, save and resume."""
import pygame

from games.core.kit.session import Session
from games.core.screens.launch import resume_saved_game, scene_module
from games.poggle import rules, solver
from games.poggle.rules import Params
from tests import recorded
from tests.driver import Driver, VirtualPad, walk

PARAMS = Params(4, 3)




def ready(driver, scene):
    """Let the scene's solver job finish and the answer arrive."""
    scene.planner.wait()
    driver.frames()


def table(params):
    return f"poggle/{params.encode()}"



def assert_won_at_par(driver, scene, params):
    assert scene.session.status.outcome == "won"
    driver.until_result()
    assert scene.state.presses == scene.par
    scores = recorded.scores()
    row = scores[table(params)][0]
    assert row["score"] == 0 and row["detail"] == f"Par: {scene.par} presses"
    assert "right on par" in " ".join(scene.result_lines())


def test_mouse_only_game(driver):
    scene = driver.start("poggle", PARAMS, seed=11)
    ready(driver, scene)
    moves = solver.solution_moves(scene.state)
    assert len(moves) > 1
    for move in moves:
        driver.click(scene.cell_rects[move.row][move.col].center)
        driver.frames(3)
    driver.settle()
    assert_won_at_par(driver, scene, PARAMS)
    assert driver.app.audio.played[-1] == "win"


def test_keyboard_only_game(driver):
    scene = driver.start("poggle", PARAMS, seed=12)
    ready(driver, scene)
    keys = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
            (0, -1): pygame.K_UP}
    for move in solver.solution_moves(scene.state):
        walk(scene, (move.row, move.col), lambda dx, dy: driver.key(keys[dx, dy]))
        assert scene.cursor == (move.row, move.col)
        driver.key(pygame.K_RETURN)
    driver.settle()
    assert_won_at_par(driver, scene, PARAMS)


def test_gamepad_only_game_with_a_virtual_controller(driver):
    pad = VirtualPad(driver)
    params = Params(5, 2)
    scene = driver.start("poggle", params, seed=13)
    ready(driver, scene)
    buttons = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
               (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
               (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
               (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP}
    for move in solver.solution_moves(scene.state):
        walk(scene, (move.row, move.col), lambda dx, dy: pad.press(buttons[dx, dy]))
        pad.press(pygame.CONTROLLER_BUTTON_A)
    driver.settle()
    assert driver.app.input.last_device == "pad"
    assert_won_at_par(driver, scene, params)
    pad.unplug()


def test_a_press_ripples_out_and_snaps_on_new_input(driver):
    scene = driver.start("poggle", PARAMS, seed=14)
    ready(driver, scene)
    before = scene.state.board
    driver.click(scene.cell_rects[1][1].center)
    after = scene.state.board
    assert after != before and scene.state.presses == 1
    assert set(scene.cells) == set(rules.reach(4, 1, 1))
    assert driver.app.audio.played[-1] == f"press{after[1][1]}"
    centre, neighbour = scene.cells[(1, 1)][0], scene.cells[(0, 1)][0]
    assert centre.time > 0 > neighbour.time, "the ripple reaches the neighbours later"
    assert scene.ring and scene.ring[1] == (1, 1) and scene.ring[2]
    driver.frames(4)
    assert 0 < neighbour.time < neighbour.duration and scene.tweens.busy
    driver.key(pygame.K_LEFT)       # new input: the ripple snaps to its end
    assert not scene.tweens.busy and scene.state.board == after


def test_undo_runs_the_ripple_backwards_and_redo_forwards(driver):
    scene = driver.start("poggle", PARAMS, seed=15)
    ready(driver, scene)
    before = scene.state.board
    driver.click(scene.cell_rects[2][2].center)
    driver.settle()
    after = scene.state.board
    driver.key(pygame.K_u)
    assert scene.state.board == before and scene.state.presses == 0
    centre, neighbour = scene.cells[(2, 2)][0], scene.cells[(2, 3)][0]
    assert not scene.cells[(2, 2)][3], "an undo animates backwards"
    assert neighbour.time > 0 > centre.time, "backwards: the outer keys go first"
    assert scene.cells[(2, 2)][1:3] == (after[2][2], before[2][2])
    driver.frames(8)
    driver.settle()
    driver.key(pygame.K_r)
    assert scene.state.board == after and scene.cells[(2, 2)][3]


def test_a_hint_lights_one_press_of_a_fewest_press_solution(driver):
    scene = driver.start("poggle", PARAMS, seed=16)
    ready(driver, scene)
    par = scene.par
    assert par == solver.par(scene.state)
    driver.key(pygame.K_h)
    ready(driver, scene)
    r, c = scene.hint_cell
    assert solver.solve(scene.state)[r][c] > 0
    assert scene.cursor == (r, c) and scene.hints == 1
    assert driver.app.audio.played[-1] == "hint"
    driver.key(pygame.K_RETURN)
    assert solver.par(scene.state) == par - 1, "the hinted press brings the goal one nearer"
    for move in solver.solution_moves(scene.state):
        driver.click(scene.cell_rects[move.row][move.col].center)
    driver.settle()
    driver.until_result()
    assert "Help used: 1 hint" in " ".join(scene.result_lines())
    scores = recorded.scores()
    assert table(PARAMS) not in scores, "a game won with help is not entered"


def test_solve_plays_the_solution_press_by_press_and_undo_takes_it_back(driver):
    params = Params(3, 2)
    scene = driver.start("poggle", params, seed=17)
    ready(driver, scene)
    par = solver.par(scene.state)
    assert par >= 2
    driver.key(pygame.K_s)
    ready(driver, scene)
    seen = []
    for _ in range(600):
        if scene.over:
            break
        seen.append(scene.state.presses)
        driver.frames()
    assert scene.over and scene.state.presses == par
    assert sorted(set(seen)) == list(range(seen[0], par)) and seen[0] <= 1, "one at a time"
    driver.until_result()
    assert scene.result_title() == "Solved by the computer"
    driver.key(pygame.K_ESCAPE)      # look at the board
    assert driver.app.top is scene
    driver.key(pygame.K_u)
    assert not scene.over and scene.state.presses == par - 1
    assert not recorded.scores().get(table(params))


def test_new_input_stops_solve_and_x_twice_starts_it(driver):
    scene = driver.start("poggle", Params(5, 3), seed=18)
    ready(driver, scene)
    driver.key(pygame.K_x)
    assert not scene.solving and scene.armed > 0
    driver.key(pygame.K_x)
    ready(driver, scene)
    assert scene.solving and scene.solved_by_computer
    for _ in range(200):
        if scene.state.presses:
            break
        driver.frames()
    presses = scene.state.presses
    assert presses >= 1
    driver.key(pygame.K_RETURN)      # stops Solve; the key is not also a press
    assert not scene.solving and scene.state.presses == presses
    driver.frames(60)
    assert scene.state.presses == presses


def test_restart_while_solving_stops_it(driver):
    scene = driver.start("poggle", Params(5, 3), seed=19)
    ready(driver, scene)
    driver.click(scene.toolbar.widgets[-1].rect.center)   # "Solve (S)"
    ready(driver, scene)
    assert scene.solving
    driver.frames(40)
    driver.key(pygame.K_p)           # the menu (Esc would stop Solve instead)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)      # Restart
    assert driver.app.top is scene
    driver.frames(60)
    assert not scene.solving and scene.state.presses == 0


def test_an_unsolvable_typed_board_says_so(driver):
    session = Session.from_id("poggle:size=4,colours=2:1000/0000/0000/0000")
    scene = scene_module("poggle").SCENE(driver.app, session, {})
    driver.app.push(scene)
    ready(driver, scene)
    driver.frames()
    assert "cannot be solved" in scene.unsolvable
    assert dict(scene.hud_fields())["Par"] == "none"
    assert "cannot be solved" in scene.message
    driver.key(pygame.K_s)
    assert not scene.solving and "cannot be solved" in scene.message
    driver.key(pygame.K_h)
    assert scene.hint_board is None and scene.hints == 0
    driver.key(pygame.K_RETURN)      # still playable, it just never clears
    assert scene.state.presses == 1


def test_tab_and_triggers_jump_to_the_next_coloured_button(driver):
    scene = driver.start("poggle", PARAMS, seed=20)
    ready(driver, scene)
    board = scene.state.board
    coloured = [(r, c) for r in range(4) for c in range(4) if board[r][c]]
    scene.cursor = coloured[0]
    driver.key(pygame.K_TAB)
    assert scene.cursor == coloured[1 % len(coloured)]
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.cursor == coloured[0]


def test_best_results_are_kept_per_size_and_colours(driver):
    small = Params(3, 2)
    scene = driver.start("poggle", small, seed=21)
    ready(driver, scene)
    moves = solver.solution_moves(scene.state)
    for move in moves[:-1] + [moves[0], moves[0], moves[-1]]:   # two presses over par
        driver.click(scene.cell_rects[move.row][move.col].center)
    driver.until_result()
    assert scene.over and scene.final_score() == 2
    assert recorded.scores()[table(small)][0]["score"] == 2
    assert dict(scene.hud_fields())["Best"] == "Par +2"
    other = driver.start("poggle", Params(3, 3), seed=21)
    ready(driver, other)
    assert other.best is None and dict(other.hud_fields())["Best"] == "-"


def test_quitting_saves_and_resume_keeps_the_help_used(driver):
    scene = driver.start("poggle", PARAMS, seed=22)
    ready(driver, scene)
    driver.key(pygame.K_h)
    ready(driver, scene)
    driver.key(pygame.K_RETURN)
    state = scene.state
    driver.app.quit()
    again = Driver()
    assert resume_saved_game(again.app, "poggle")
    resumed = again.app.top
    assert resumed.state == state and resumed.hints == 1
    again.key(pygame.K_u)
    assert resumed.state == resumed.session.initial
    again.close()


def test_bench_pose_is_mid_ripple_and_draws(driver):
    scene = driver.start("poggle", Params(7, 4), seed=23)
    ready(driver, scene)
    scene.bench_pose()
    assert scene.tweens.busy and scene.cells and scene.hint_board == scene.state.board
    for _ in range(3):
        driver.app.draw(driver.app.screen)
    assert scene.tweens.busy


def test_the_setup_screen_starts_a_custom_size_and_shows_its_best_results(driver):
    from games.core.screens.menus import SetupScene
    recorded.add_score(table(Params(9, 2)), 1, "Par +1: 40 presses")
    setup = driver.app.push(SetupScene(driver.app, "poggle"))
    size, colours = (choice for _, choice in setup.choices)
    size.index = [value for value, _ in size.options].index(9)
    colours.index = 0
    assert setup.summary() == ("Best: 9 x 9, 2 colours", [("1.  Par +1: 40 presses",
                                                           setup.summary()[1][0][1])])
    driver.key(pygame.K_RETURN)      # New game
    scene = driver.app.top
    assert scene.state.params == Params(9, 2) and scene.best == 1
    ready(driver, scene)
    assert scene.par == solver.par(scene.state)


def test_the_deal_and_its_par_appear_together(driver, monkeypatch):
    """While par is worked out the board is not shown (nor playable): the screen says what is
    being worked out, and then shows the deal with its par."""
    import threading

    from games.core.screens import ui
    from games.poggle import planner, scene as poggle_scene
    gate, real = threading.Event(), planner._work_out
    monkeypatch.setattr(planner, "_work_out", lambda state: gate.wait(30) and real(state))
    shown = []
    fit_text = ui.fit_text
    monkeypatch.setattr(ui, "fit_text", lambda surface, words, *a, **k: (
        shown.append(words), fit_text(surface, words, *a, **k))[1])
    try:
        scene = driver.start("poggle", PARAMS, seed=22)
        driver.frames(3)
        assert not scene.deal_ready and poggle_scene.WORKING_OUT_PAR in shown
        before = scene.state
        driver.click(scene.cell_rects[1][1].center)
        driver.key(pygame.K_RETURN)
        assert scene.state == before, "no press on a board not yet shown"
    finally:
        gate.set()
    ready(driver, scene)
    shown.clear()
    driver.frames()
    assert scene.deal_ready and poggle_scene.WORKING_OUT_PAR not in shown
    assert dict(f[:2] for f in scene.hud_fields())["Par"] == str(solver.par(scene.state))
    driver.click(scene.cell_rects[1][1].center)
    assert scene.state.presses == 1
