"""Poggle through the real loop: whole games won with the mouse only, the keyboard only and a
gamepad only; the ripple runs, snaps on new input and runs backwards on undo; hints, Solve
press by press, an unsolvable typed board, best results per size and colours, save and resume."""
import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data.store import Store
from games.core.kit.actions import Device
from games.core.kit.session import Session
from games.core.screens.frame import Frame
from games.core.screens.launch import resume_saved_game
from games.poggle import rules, solver
from games.poggle.bench import pose
from games.poggle.panel import Best, PanelFacts, PogglePanel
from games.poggle.rules import Params
from games.poggle.view import WORKING_OUT_PAR, PoggleLayout
from tests import recorded
from tests.driver import Driver, VirtualPad, walk

store = Store(lambda message: None)   # the test's own hand on the data folder

PARAMS = Params(4, 3)
KEYS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
        (0, -1): pygame.K_UP}


class Cursor:
    """What walk() reads: the scene's keyboard cursor, in its UI state."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def cursor(self):
        return self.scene.ui.cursor


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
    assert dict(scene.ending.shown().facts)["Score"] == "right on par"


def test_mouse_only_game(driver):
    scene = driver.start("poggle", PARAMS, seed=11)
    ready(driver, scene)
    moves = solver.solution_moves(scene.state)
    assert len(moves) > 1
    for move in moves:
        driver.click(scene.view.layout.cell_rects[move.row][move.col].center)
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
        walk(Cursor(scene), (move.row, move.col), lambda dx, dy: driver.key(keys[dx, dy]))
        assert scene.ui.cursor == (move.row, move.col)
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
        walk(Cursor(scene), (move.row, move.col), lambda dx, dy: pad.press(buttons[dx, dy]))
        pad.press(pygame.CONTROLLER_BUTTON_A)
    driver.settle()
    assert driver.app.input.last_device == "pad"
    assert_won_at_par(driver, scene, params)
    pad.unplug()


def test_a_press_ripples_out_and_snaps_on_new_input(driver):
    scene = driver.start("poggle", PARAMS, seed=14)
    ready(driver, scene)
    before = scene.state.board
    driver.click(scene.view.layout.cell_rects[1][1].center)
    after = scene.state.board
    assert after != before and scene.state.presses == 1
    assert set(scene.ripple.cells) == set(rules.reach(4, 1, 1))
    assert driver.app.audio.played[-1] == f"press{after[1][1]}"
    centre, neighbour = scene.ripple.cells[1, 1].tween, scene.ripple.cells[0, 1].tween
    assert centre.time > 0 > neighbour.time, "the ripple reaches the neighbours later"
    ring = scene.ripple.ring
    assert ring and ring.centre == (1, 1) and ring.forward
    driver.frames(4)
    assert 0 < neighbour.time < neighbour.duration and scene.tweens.busy
    driver.key(pygame.K_LEFT)       # new input: the ripple snaps to its end
    assert not scene.tweens.busy and scene.state.board == after


def test_undo_runs_the_ripple_backwards_and_redo_forwards(driver):
    scene = driver.start("poggle", PARAMS, seed=15)
    ready(driver, scene)
    before = scene.state.board
    driver.click(scene.view.layout.cell_rects[2][2].center)
    driver.settle()
    after = scene.state.board
    driver.key(pygame.K_u)
    assert scene.state.board == before and scene.state.presses == 0
    centre, neighbour = scene.ripple.cells[2, 2].tween, scene.ripple.cells[2, 3].tween
    assert not scene.ripple.cells[2, 2].forward, "an undo animates backwards"
    assert neighbour.time > 0 > centre.time, "backwards: the outer keys go first"
    changing = scene.ripple.cells[2, 2]
    assert (changing.before, changing.after) == (after[2][2], before[2][2])
    driver.frames(8)
    driver.settle()
    driver.key(pygame.K_r)
    assert scene.state.board == after and scene.ripple.cells[2, 2].forward


def test_a_hint_lights_one_press_of_a_fewest_press_solution(driver):
    scene = driver.start("poggle", PARAMS, seed=16)
    ready(driver, scene)
    par = scene.par
    assert par == solver.par(scene.state)
    driver.key(pygame.K_h)
    ready(driver, scene)
    r, c = scene.lit_key()
    assert solver.solve(scene.state)[r][c] > 0
    assert scene.ui.cursor == (r, c) and scene.hints == 1
    assert driver.app.audio.played[-1] == "hint"
    driver.key(pygame.K_RETURN)
    assert solver.par(scene.state) == par - 1, "the hinted press brings the goal one nearer"
    for move in solver.solution_moves(scene.state):
        driver.click(scene.view.layout.cell_rects[move.row][move.col].center)
    driver.settle()
    driver.until_result()
    assert scene.ending.shown().notes == ("1 hint used in this game: not a best result.",)
    scores = recorded.scores()
    assert table(PARAMS) not in scores, "a game won with help is not entered"


def test_solve_plays_the_solution_press_by_press_and_undo_takes_it_back(driver):
    params = Params(3, 2)
    scene = driver.start("poggle", params, seed=17)
    ready(driver, scene)
    par = solver.par(scene.state)
    assert par >= 2
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)                        # asked once
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
    assert scene.ending.title() == "Solved by the computer"
    driver.key(pygame.K_ESCAPE)      # look at the board
    assert driver.app.top is scene
    driver.key(pygame.K_u)
    assert not scene.over and scene.state.presses == par - 1
    assert not recorded.scores().get(table(params))


def test_new_input_stops_solve_and_x_means_nothing(driver):
    scene = driver.start("poggle", Params(5, 3), seed=18)
    ready(driver, scene)
    driver.key(pygame.K_x)
    assert not scene.solver.active and driver.app.top is scene
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)
    ready(driver, scene)
    assert scene.solver.active and scene.solve_used
    for _ in range(200):
        if scene.state.presses:
            break
        driver.frames()
    presses = scene.state.presses
    assert presses >= 1
    driver.key(pygame.K_RETURN)      # stops Solve; the key is not also a press
    assert not scene.solver.active and scene.state.presses == presses
    driver.frames(60)
    assert scene.state.presses == presses


def test_restart_while_solving_stops_it(driver):
    scene = driver.start("poggle", Params(5, 3), seed=19)
    ready(driver, scene)
    driver.click(scene.toolbar.widgets[-1].rect.center)   # "Solve (S)"
    driver.click(driver.app.top.yes.rect.center)
    ready(driver, scene)
    assert scene.solver.active
    driver.frames(40)
    driver.key(pygame.K_p)           # the menu (Esc would stop Solve instead)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)      # Restart
    assert driver.app.top is scene
    driver.frames(60)
    assert not scene.solver.active and scene.state.presses == 0


def test_an_unsolvable_typed_board_says_so(driver):
    session = Session.from_id("poggle:size=4,colours=2:1000/0000/0000/0000")
    scene = Frame(driver.app, session, {})
    driver.app.push(scene)
    ready(driver, scene)
    driver.frames()
    assert "cannot be solved" in scene.unsolvable
    assert dict(scene.hud_fields())["Par"] == "none"
    assert "cannot be solved" in scene.message
    driver.key(pygame.K_s)                        # nothing to ask: said at once
    assert driver.app.top is scene and not scene.solver.active
    assert "cannot be solved" in scene.message
    driver.key(pygame.K_h)
    assert scene.lit is None and scene.hints == 0
    driver.key(pygame.K_RETURN)      # still playable, it just never clears
    assert scene.state.presses == 1


def test_tab_and_triggers_jump_to_the_next_coloured_button(driver):
    scene = driver.start("poggle", PARAMS, seed=20)
    ready(driver, scene)
    board = scene.state.board
    coloured = [(r, c) for r in range(4) for c in range(4) if board[r][c]]
    walk(Cursor(scene), coloured[0], lambda dx, dy: driver.key(KEYS[dx, dy]))
    driver.key(pygame.K_TAB)
    assert scene.ui.cursor == coloured[1 % len(coloured)]
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.ui.cursor == coloured[0]


def test_best_results_are_kept_per_size_and_colours(driver):
    small = Params(3, 2)
    scene = driver.start("poggle", small, seed=21)
    ready(driver, scene)
    moves = solver.solution_moves(scene.state)
    for move in moves[:-1] + [moves[0], moves[0], moves[-1]]:   # two presses over par
        driver.click(scene.view.layout.cell_rects[move.row][move.col].center)
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
    pose(scene)
    assert scene.tweens.busy and scene.ripple.cells and scene.lit_key() is not None
    assert scene.hints == 0 and scene.session.record == {}, "a pose is not help asked for"
    assert driver.app.input.last_device == "keyboard"
    for _ in range(3):
        driver.app.draw(driver.app.screen)
    assert scene.tweens.busy


def test_the_setup_screen_starts_a_custom_size_and_shows_its_best_results(driver):
    from games.core.screens.menus import SetupScene
    recorded.add_score(table(Params(9, 2)), 1, "Par +1: 40 presses")
    driver.app.settings["lessons"] = {"poggle": True}   # played: New game has the focus
    setup = driver.app.push(SetupScene(driver.app, "poggle"))
    size, colours = (choice for _, choice in setup.choices)
    size.index = [value for value, _ in size.options].index(9)
    colours.index = 0
    assert setup.summary() == ("Best results: 9 x 9, 2 colours", [("1.  Par +1: 40 presses",
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
    from games.poggle import planner
    gate, real = threading.Event(), planner._work_out
    monkeypatch.setattr(planner, "_work_out", lambda state: gate.wait(30) and real(state))
    shown = []
    fit_text = ui.fit_text
    monkeypatch.setattr(ui, "fit_text", lambda surface, words, *a, **k: (
        shown.append(words), fit_text(surface, words, *a, **k))[1])
    try:
        scene = driver.start("poggle", PARAMS, seed=22)
        driver.frames(3)
        assert not scene.deal_ready and WORKING_OUT_PAR in shown
        before = scene.state
        driver.click(scene.view.layout.cell_rects[1][1].center)
        driver.key(pygame.K_RETURN)
        assert scene.state == before, "no press on a board not yet shown"
    finally:
        gate.set()
    ready(driver, scene)
    shown.clear()
    driver.frames()
    assert scene.deal_ready and WORKING_OUT_PAR not in shown
    assert dict(f[:2] for f in scene.hud_fields())["Par"] == str(solver.par(scene.state))
    driver.click(scene.view.layout.cell_rects[1][1].center)
    assert scene.state.presses == 1


def painted_outside(surface, rect) -> int:
    """How many pixels outside rect differ from the canvas colour (1, 2, 3)."""
    import numpy as np
    pixels = pygame.surfarray.pixels3d(surface)
    changed = np.any(pixels != (1, 2, 3), axis=2)
    changed[rect.left:rect.right, rect.top:rect.bottom] = False
    return int(changed.sum())


@st.composite
def panel_facts(draw):
    size = draw(st.integers(rules.MIN_SIZE, rules.MAX_SIZE))
    colours = draw(st.integers(rules.MIN_COLOURS, rules.MAX_COLOURS))
    board = tuple(tuple(draw(st.integers(0, colours - 1)) for _ in range(size))
                  for _ in range(size))
    best = tuple(Best(draw(st.sampled_from(["Par", "Par +3: 40 presses", "Par -1: 9 presses"])),
                      "2026-11-24") for _ in range(draw(st.integers(0, 12))))
    return size, colours, PanelFacts(
        board, draw(st.booleans()), draw(st.integers(0, 400)), draw(st.booleans()),
        draw(st.none() | st.just("The board cannot be cleared: no presses make it blank.")),
        best, draw(st.none() | st.integers(-5, 50)), draw(st.sampled_from(list(Device))))


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(panel_facts())
def test_the_side_panel_paints_only_inside_its_area(driver, case):
    """The panel paints on the window-sized Layer in window coordinates: all of it inside
    its own rectangle, whatever it says."""
    size, colours, facts = case
    panel = PogglePanel(PoggleLayout(pygame.Rect(0, 110, 1920, 870), size).panel, size, colours)
    canvas = pygame.Surface((1920, 1080))
    canvas.fill((1, 2, 3))
    panel.paint(canvas, facts)
    assert painted_outside(canvas, panel.rect) == 0
    assert painted_outside(canvas, pygame.Rect(0, 0, 0, 0)) > 0, "it painted something"


# --- issue 20: the hint's ring and the cursor's never overlap -----------------------------------

def band(ring):
    """The pixels a ring of (outer rectangle, width) covers: between its outer and inner
    rectangles."""
    outer, width = ring
    return outer, outer.inflate(-2 * width, -2 * width)


def apart(inside, outside) -> bool:
    """Two rings with no pixel in common: one wholly within the other's hole, or disjoint."""
    (a_out, a_in), (b_out, b_in) = band(inside), band(outside)
    return b_in.contains(a_out) or a_in.contains(b_out) or not a_out.colliderect(b_out)


@pytest.mark.parametrize("size", range(3, 13))
def test_the_hint_and_cursor_rings_never_overlap_on_any_board(driver, size):
    """For every board size, every hinted key and every cursor (and the keys it reaches), the
    rings keep apart: the hint's inside its key, the cursor's round it. The screen is
    1920x1080 logical at every window size, so the same holds at 1280x720."""
    layout = PoggleLayout(pygame.Rect(0, 110, 1920, 870), size)
    cells = [(r, c) for r in range(size) for c in range(size)]
    for hint in cells:
        lit = layout.hint_ring(hint)
        assert layout.cell_rects[hint[0]][hint[1]].contains(lit[0])
        for cursor in cells:
            assert apart(lit, layout.cursor_ring(cursor)), (size, hint, cursor)
            assert apart(lit, layout.reach_ring(cursor)), (size, hint, cursor)


def test_a_hint_on_the_cursors_key_shows_both_rings(driver):
    """Through the real loop: H lights a key and puts the cursor on it; the screen shows the
    cursor's amber ring round the key and the hint's green ring inside it, with the key's
    own colour between them."""
    import pygame as pg

    from games.core.screens import ui
    scene = driver.start("poggle", PARAMS, seed=16)
    ready(driver, scene)
    driver.key(pg.K_h)
    ready(driver, scene)
    driver.frames(240)                           # the glow settles at full strength
    cell = scene.lit_key()
    assert scene.ui.cursor == cell
    driver.app.draw(driver.app.screen)
    screen, layout = driver.app.screen, scene.view.layout
    key = layout.cell_rects[cell[0]][cell[1]]
    y = key.centery
    cursor_outer, width = layout.cursor_ring(cell)
    hint_outer, hint_width = layout.hint_ring(cell)
    assert screen.get_at((cursor_outer.left + width // 2, y))[:3] == ui.ACCENT
    assert screen.get_at((hint_outer.left + hint_width // 2, y))[:3] == ui.GOOD
    between = [screen.get_at((x, y))[:3] for x in range(cursor_outer.left + width,
                                                          hint_outer.left)]
    assert ui.ACCENT not in between[2:] and ui.GOOD not in between
