"""Nim through the real loop: whole games won with the mouse only, the keyboard only and a
gamepad only (a real SDL virtual controller, custom heaps set up in the editor); the computer
thinks in a background job and undo takes back a move pair; taken counters fly off and fly
back on undo; hints, the teaching view, the computer-v-computer demo, records per level, the
setup screen's options, save and resume."""
import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data.store import Store
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import SetupScene
from games.nim import ai, bench, rules, teaching
from games.nim.draft import Button
from games.nim.panel import render_panel
from games.nim.scene import NimBoard
from tests import recorded, versus_harness as harness
from tests.driver import Driver, VirtualPad

store = Store(lambda message: None)   # the test's own hand on the data folder

CLASSIC = rules.Params("classic")


def best_move(state):
    return ai.winning_move(state) or ai.stalling_move(state)


def play_out(driver, scene, human_move):
    harness.play_out(driver, scene, human_move, best_move)


def steer(scene, press, move, keys):
    """Move the keyboard/pad cursor onto the counter that takes `move`, then confirm."""
    target = (move.heap, scene.state.heaps[move.heap] - move.take)
    for _ in range(40):
        heap, k = scene.board.valid_cursor()
        if heap != target[0]:
            press(keys["right"] if heap < target[0] else keys["left"])
        elif k != target[1]:
            press(keys["down"] if k > target[1] else keys["up"])
        else:
            break
    assert scene.board.valid_cursor() == target
    before = scene.session.position
    press(keys["confirm"])
    assert scene.session.position == before + 1


def counter_rect(scene, heap, k, size=None):
    """Where counter k of a heap is on the screen now (the teaching panel moves the heaps)."""
    return scene.board.layout.counter_rect(heap, k, scene.board.panel_value(), size)


def click_counter(driver, scene, move):
    size = scene.state.heaps[move.heap]
    before = scene.session.position
    driver.click(counter_rect(scene, move.heap, size - move.take, size).center)
    assert scene.session.position == before + 1
    assert scene.session.last_move() == move


def test_mouse_only_game_against_the_computer(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0,
                                                       "level": "medium"})
    assert scene.versus.human_to_move() and scene.tweens.busy, "the counters are dealt in"
    hint = next(b for b in scene.toolbar.widgets if b.words.startswith("Hint"))
    driver.click(hint.rect.center)
    assert scene.versus.hint_for == scene.state
    assert scene.board.hinted_counters() == {(0, 1), (0, 2)}
    play_out(driver, scene, lambda move: click_counter(driver, scene, move))
    assert scene.session.status.winner == 0
    assert driver.app.top.game.ending.title() == "You won!"
    assert recorded.records_by_table() == {"nim/level=medium": {"won": 1}}
    assert "win" in driver.app.audio.played


def test_keyboard_only_game_as_right_against_perfect_play(driver):
    params = rules.Params("1357")     # nim-sum 0: the second player wins
    scene = driver.start("nim", params, play_options={"opponent": "computer", "side": 1,
                                                      "level": "perfect"})
    assert scene.versus.computer_to_move()
    keys = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP,
            "down": pygame.K_DOWN, "confirm": pygame.K_RETURN}
    play_out(driver, scene, lambda move: steer(scene, driver.key, move, keys))
    assert scene.session.status.winner == 1
    assert scene.ending.title() == "You won!"
    assert recorded.records_by_table() == {"nim/level=perfect": {"won": 1}}
    # the computer, losing, stalled: every move of its was one of the slowest losses
    entries = scene.session.entries
    for (before, _), (_, text) in zip(entries, entries[1:]):
        if before.to_move == 0:
            grades = {move: (value, plies) for move, value, plies in ai.graded_moves(before)}
            assert grades[rules.decode_move(text)] == grades[ai.graded_moves(before)[0][0]]


def test_gamepad_only_custom_misere_game_with_a_virtual_controller(driver):
    pad = VirtualPad(driver)
    A, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X
    UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
    LEFT, RIGHT = pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT
    params = rules.Params("custom", misere=True)
    scene = driver.start("nim", params, seed=5, play_options={"opponent": "computer", "side": 0,
                                                              "level": "perfect"})
    assert scene.board.editing and scene.session.moves_made == 0
    # The editor: remove heaps down to one, set it to 5, add a heap of 3, start.
    for _ in range(10):
        pad.press(X)
    assert len(scene.board.draft.heaps) == 1
    pad.press(DOWN, times=15)     # (at the lowest, one more step is the toolbar's)
    if scene.toolbar.focused:
        pad.press(UP)
    pad.press(UP, times=4)
    pad.press(RIGHT)              # the empty "add" column
    pad.press(UP)                 # adds a heap of 1 and moves onto it
    pad.press(UP, times=2)
    assert scene.board.draft.heaps == (5, 3)
    pad.press(A)
    assert not scene.board.editing and scene.session.desc == "5,3" and scene.state.misere
    keys = {"left": LEFT, "right": RIGHT, "up": UP, "down": DOWN, "confirm": A}
    play_out(driver, scene, lambda move: steer(scene, pad.press, move, keys))
    status = scene.session.status
    assert status.winner == 0 and "took the last counter" in status.reason
    assert recorded.records_by_table() == {"nim/level=perfect": {"won": 1}}
    assert driver.app.settings["nim"]["custom_heaps"] == "5,3"
    pad.unplug()


def test_mouse_editor_sets_adds_and_removes_heaps(driver):
    scene = driver.start("nim", rules.Params("custom"), seed=3, play_options={"opponent": "human"})
    assert scene.board.editing
    editor = scene.board.editor
    while len(scene.board.draft.heaps) > 2:
        driver.click(editor.remove_rect(editor.geometry(scene.board.draft), 0).center)
    g = editor.geometry(scene.board.draft)
    driver.click(editor.slot_rect(g, 0, 6).center)      # heap 1 -> 7
    driver.click(editor.slot_rect(g, 1, 0).center)      # heap 2 -> 1
    driver.click(editor.slot_rect(g, 2, 11).center)     # the add column: a heap of 12
    assert scene.board.draft.heaps == (7, 1, 12)
    g = editor.geometry(scene.board.draft)
    driver.click(editor.slot_rect(g, 3, 4).center, button=3)    # the empty column: nothing
    assert scene.board.draft.heaps == (7, 1, 12)
    driver.click(editor.slot_rect(g, 1, 0).center, button=3)    # remove
    assert scene.board.draft.heaps == (7, 12)
    driver.click(editor.button_rects(scene.board.draft)[Button.START].center)
    assert not scene.board.editing and scene.state.heaps == (7, 12)
    # Edit again from the toolbar, then go back without changing the game.
    driver.key(pygame.K_e)
    assert scene.board.editing and scene.board.draft.returning
    driver.key(pygame.K_ESCAPE)
    assert not scene.board.editing and scene.state.heaps == (7, 12)


def test_keyboard_editor_digits_arrows_and_delete(driver):
    scene = driver.start("nim", rules.Params("custom"), seed=4, play_options={"opponent": "human"})
    while len(scene.board.draft.heaps) > 1:
        driver.key(pygame.K_DELETE)
    assert driver.app.audio.played[-1] == "capture"
    driver.key(pygame.K_DELETE)
    assert len(scene.board.draft.heaps) == 1 and scene.message == "Keep at least one heap."
    assert driver.app.audio.played[-1] == "wrong", "refused: said, with the wrong sound"
    driver.key(pygame.K_9)
    assert driver.app.audio.played[-1] == "place"
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)          # on the add column: a new heap of 1
    driver.key(pygame.K_0)               # 0 means 10
    driver.key(pygame.K_UP, times=9)     # capped at 15
    assert scene.board.draft.heaps == (9, 15)
    driver.key(pygame.K_RETURN)
    assert scene.state.heaps == (9, 15) and scene.session.game_id.endswith(":9,15")


def test_drawing_changes_nothing(driver):
    """The editor and the board, with each device's look, drawn twice: the scene's UI state,
    draft, animations and game are as they were."""
    scene = driver.start("nim", rules.Params("custom"), seed=2, play_options={"opponent": "human"})
    surface = pygame.Surface(driver.app.size)

    def unchanged_by_drawing():
        board = scene.board
        before = (board.ui, board.draft, dict(board.flights), board.panel_value(),
                  scene.session.position, scene.versus.hint_for, board.teach)
        for device in ("mouse", "keyboard", "pad"):
            scene.pretend_device(device)
            scene.draw(surface)
            scene.draw(surface)
        assert (board.ui, board.draft, dict(board.flights), board.panel_value(),
                scene.session.position, scene.versus.hint_for, board.teach) == before

    editor = scene.board.editor
    driver.post(pygame.MOUSEMOTION, pos=editor.slot_rect(editor.geometry(scene.board.draft), 0, 3)
                .center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames()
    unchanged_by_drawing()
    driver.key(pygame.K_s)
    driver.key(pygame.K_h)
    driver.frames(5)
    unchanged_by_drawing()
    driver.click(counter_rect(scene, 0, 0).center)
    driver.frames(5)
    unchanged_by_drawing()


def test_taken_counters_fly_off_snap_on_input_and_undo_runs_backwards(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "human"})
    driver.settle()
    driver.click(counter_rect(scene, 2, 2, 5).center)         # take 3 from the heap of 5
    assert scene.state.heaps == (3, 4, 2)
    flying = {key: flight for key, flight in scene.board.flights.items()}
    assert set(flying) == {(2, 2), (2, 3), (2, 4)}
    assert all(side == 0 and not incoming for _, side, incoming in flying.values())
    driver.frames(6)
    assert any(0 < tween.value < 1 for tween, _, _ in flying.values()), "mid-flight"
    driver.key(pygame.K_LEFT)                                   # new input snaps them
    assert all(tween.done for tween, _, _ in flying.values()) and not scene.tweens.busy
    driver.key(pygame.K_u)
    assert scene.state.heaps == (3, 4, 5)
    back = scene.board.flights
    assert set(back) == {(2, 2), (2, 3), (2, 4)}
    assert all(side == 0 and incoming for _, side, incoming in back.values())
    driver.frames(6)
    assert any(0 < tween.value < 1 for tween, _, _ in back.values()), "flying back"
    driver.key(pygame.K_r)
    assert scene.state.heaps == (3, 4, 2)


def test_undo_against_the_computer_takes_back_the_pair(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0,
                                                       "level": "easy"})
    driver.settle()
    driver.click(counter_rect(scene, 0, 0, 3).center)          # take the whole heap of 3
    before = scene.session.position
    driver.click(counter_rect(scene, 1, 0, 4).center)          # the computer's turn: ignored
    assert scene.session.position == before
    driver.run_until(scene.versus.human_to_move)
    assert scene.session.position == 2
    reply = scene.session.last_move()
    driver.key(pygame.K_u)
    assert scene.session.position == 0 and scene.state == scene.session.initial
    # both moves fly back, each to its taker's card: the computer's reply first, then yours
    mine = [f for (h, _), f in scene.board.flights.items() if f[1] == 0]
    its = [f for (h, _), f in scene.board.flights.items() if f[1] == 1]
    assert len(mine) == 3 and len(its) == reply.take
    assert all(incoming for _, _, incoming in mine + its)
    assert max(t.time for t, _, _ in its) > max(t.time for t, _, _ in mine)
    driver.key(pygame.K_r)
    assert scene.session.position == 2 and scene.versus.human_to_move()


def test_undoing_the_computers_opening_move_lets_it_play_again(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 1,
                                                       "level": "perfect"})
    driver.run_until(scene.versus.human_to_move)
    opening = scene.session.last_move()
    assert ai.nim_sum(scene.state.heaps) == 0, "Perfect plays the winning move"
    driver.key(pygame.K_u)
    assert scene.session.position == 0 and scene.versus.computer_to_move()
    assert scene.board.flights and all(incoming for _, _, incoming in scene.board.flights.values())
    driver.run_until(scene.versus.human_to_move)
    assert scene.session.last_move() == opening


def test_hint_lights_the_winning_move_and_explains_it(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "human"})
    driver.settle()
    assert scene.board.panel_to == 0.0
    driver.key(pygame.K_h)
    driver.frames(2)
    assert scene.versus.hint_for == scene.state
    assert scene.board.panel_to == 1.0, "the panel slides in"
    assert scene.board.valid_cursor() == (0, 1)                    # take 2 from the heap of 3
    assert scene.board.hinted_counters() == {(0, 1), (0, 2)}
    assert "take 2 from it" in teaching.explain(scene.state).hint
    driver.key(pygame.K_RETURN)
    assert scene.state.heaps == (1, 4, 5) and ai.nim_sum(scene.state.heaps) == 0
    driver.frames(2)
    assert scene.board.panel_to == 0.0, "the hint panel leaves after the move"


def test_teaching_view_toggles_with_each_device(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "human"})
    driver.click((900, 500), button=3)                        # the right button: nothing
    driver.pad(pygame.CONTROLLER_BUTTON_X)                    # nor pad X (no alternate)
    assert not scene.board.teach
    driver.key(pygame.K_t)
    assert scene.board.teach and scene.play_options["teach"]
    driver.frames(4)
    assert 0 < scene.board.panel_value() < 1, "the panel slides"
    while not scene.toolbar.focused:                          # the pad: through the toolbar
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    while not scene.toolbar.widgets[scene.toolbar.focus].words.startswith("Teach"):
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert not scene.board.teach
    driver.key(pygame.K_t)
    assert scene.board.teach
    toolbar = next(b for b in scene.toolbar.widgets if b.words.startswith("Teach"))
    driver.click(toolbar.rect.center)
    assert not scene.board.teach and not driver.app.settings["nim"]["teach"]
    driver.key(pygame.K_t)
    again = driver.start("nim", CLASSIC, play_options={"opponent": "human"})
    assert again.board.teach, "a new game opens with the view as it was last left"
    lesson_surface = render_panel(scene.board.layout.panel_rect, scene.state, True)
    assert lesson_surface.get_size() == scene.board.layout.panel_rect.size


def test_records_keep_each_level_apart(driver):
    for level in ("easy", "perfect"):
        scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0,
                                                           "level": level})
        play_out(driver, scene, lambda move, s=scene: click_counter(driver, s, move))
    loser = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 1,
                                                       "level": "perfect"})
    play_out(driver, loser, lambda move: click_counter(driver, loser, move))
    assert loser.ending.title() == "You lost" and "lose" in driver.app.audio.played
    assert recorded.records_by_table() == {"nim/level=perfect": {"won": 1, "lost": 1},
                                    "nim/level=easy": {"won": 1}}
    assert "1 won, 1 lost" in driver.app.top.result.facts[-1][1]
    heading, rows = driver.setup_summary("nim", CLASSIC, {"level": "easy"})
    assert heading == "Your record at Low" and rows[0][0] == "1 won"


def test_setup_screen_options_reach_the_scene(driver):
    driver.app.settings["lessons"] = {"nim": True}      # played: New game has the focus
    driver.app.push(SetupScene(driver.app, "nim"))
    driver.frames()
    setup = driver.app.top
    setup.choose("variant", "custom+misere")
    setup.choose("opponent", "demo")
    driver.key(pygame.K_UP)           # from New game to the last option: the computer's level
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    scene = driver.app.top
    assert isinstance(scene.board, NimBoard)
    assert scene.session.params == rules.Params("custom", misere=True) and scene.board.editing
    assert scene.versus.demo and scene.versus.level == "high", "one step up the ladder from Medium"


def test_quit_saves_and_resume_keeps_the_game_and_the_view(driver):
    scene = driver.start("nim", rules.Params("random"), seed=9, play_options={"opponent": "human"})
    driver.settle()
    size = scene.state.heaps[0]
    driver.click(counter_rect(scene, 0, size - 1, size).center)
    driver.key(pygame.K_t)
    state = scene.state
    driver.app.quit()
    again = Driver()
    assert resume_saved_game(again.app, "nim")
    resumed = again.app.top
    assert resumed.state == state and resumed.board.teach
    assert resumed.versus.players == ("human", "human")
    again.key(pygame.K_u)
    assert resumed.state == resumed.session.initial
    again.close()


def test_the_computer_shows_its_choice_before_taking_it(driver):
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0,
                                                       "level": "perfect"})
    driver.settle()
    driver.click(counter_rect(scene, 2, 4, 5).center)          # take 1: heaps 3, 4, 4
    driver.run_until(lambda: scene.versus.pick is not None)
    assert scene.state.heaps == (3, 4, 4) and scene.board.lit_counters()
    assert "takes" in scene.board.prompt()
    driver.run_until(scene.versus.human_to_move)
    assert ai.nim_sum(scene.state.heaps) == 0


def test_bench_pose_shows_the_teaching_view_with_a_hint_not_taken(driver):
    scene = driver.start("nim", CLASSIC)
    bench.pose(scene)
    driver.frames(3)
    board = scene.board
    assert board.teach and scene.versus.hint_for == scene.state and board.panel_value() == 1.0
    assert scene.state.heaps == (7, 7, 7, 7, 7) and scene.show_cursor()
    assert scene.versus.graded() and board.lit_counters() == board.hinted_counters() != set()
    assert scene.hints == 0, "a pose is not help the player asked for"


def test_the_cursor_keeps_how_many_it_takes_across_heaps(driver):
    scene = driver.start("nim", rules.Params("1357"), play_options={"opponent": "human"})
    driver.key(pygame.K_RIGHT)
    assert scene.board.valid_cursor() == (1, 2)               # the top of the heap of 3: take 1
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert scene.board.valid_cursor() == (2, 3)               # take 2 from the heap of 5
    driver.key(pygame.K_4)
    assert scene.board.valid_cursor() == (3, 5)               # digits jump: take 2 from the 7
    driver.key(pygame.K_RETURN)
    assert scene.state.heaps == (1, 3, 5, 5)
    driver.key(pygame.K_1)
    driver.key(pygame.K_RETURN)                          # empties heap 1
    assert scene.state.heaps == (0, 3, 5, 5) and scene.board.valid_cursor() == (1, 2)


def test_with_animations_off_nothing_flies_and_the_computer_answers_at_once(driver):
    driver.app.settings["animations"] = False
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0})
    assert not scene.tweens.busy and not scene.board.flights
    driver.click(counter_rect(scene, 0, 1, 3).center)         # take 2: the winning move
    assert not scene.tweens.busy
    driver.run_until(scene.versus.human_to_move)
    assert scene.session.position == 2 and not scene.board.flights
    driver.key(pygame.K_h)
    assert scene.board.panel_value() == 1.0 or scene.board.panel_to == 1.0


def test_settings_from_the_previous_version_still_apply(driver):
    driver.app.settings.update({"nim_teach": True, "nim_custom_heaps": "2,6,4"})
    scene = driver.start("nim", rules.Params("custom"), play_options={"opponent": "human"})
    assert scene.board.teach and scene.board.editing and scene.board.draft.heaps == (2, 6, 4)
    driver.app.settings.update({"nim_teach": [1], "nim_custom_heaps": {"bad": 1}})
    driver.app.settings.pop("nim", None)
    scene = driver.start("nim", rules.Params("custom"), play_options={"opponent": "human"})
    assert not scene.board.teach and scene.board.editing, "hostile old values: the defaults"


# --- issue 20: the hint's labels never overlap, their colours agree, the cards' words fit ------

def graded_look(state, layout):
    """The hint's labels and the look the scene gives the view with the hint shown and the
    cursor on the hint's counter."""
    from games.nim import controls
    from games.nim.view import HeapsLook
    move = ai.winning_move(state) or ai.stalling_move(state)
    hinted = controls.taken(state.heaps, controls.counter_of(state, move))
    look = HeapsLook(state, hinted, hinted, None, False, True,
                     ai.winning_move(state) is not None, 1.0)
    return look


heaps_strategy = st.lists(st.integers(0, rules.MAX_HEAP), min_size=1,
                          max_size=rules.MAX_HEAPS).filter(any)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(heaps_strategy, st.booleans(), st.sampled_from([0.0, 0.5, 1.0]))
def test_the_hints_labels_never_overlap_and_agree_with_their_counters(driver, heaps, misere, f):
    """Every heap count from 1 to the most, every size: the labels of the graded moves keep
    apart, stay on the table and in their heap's column, and each names the moves of its own
    counters; a counter is green only under a winning label. (The screen is 1920x1080
    logical at every window size: the same holds at 1280x720.)"""
    from games.nim.layout import Layout
    from games.nim.view import tone
    state = rules.State(tuple(heaps), 0, misere)
    layout = Layout((1920, 1080), tuple(heaps))
    grades = ai.graded_moves(state)
    labels = layout.grade_labels(state.heaps, grades, f)
    rects = [label.rect for label in labels]
    for n, rect in enumerate(rects):
        assert rect.collidelist(rects[n + 1:]) == -1, (heaps, labels[n])
        assert layout.table_rect(f).contains(rect)
    by_counter = {(g.move.heap, state.heaps[g.move.heap] - g.move.take): g for g in grades}
    look = graded_look(state, layout)
    for label in labels:
        assert all(by_counter[c].value == label.grade.value for c in label.counters)
        assert label.words.startswith(label.grade.value.capitalize())
        for heap, k in label.counters:
            assert tone(look, heap, k) != "hint" or label.grade.value == "win"
    assert {heap for heap, size in enumerate(heaps) if size} == \
        {label.counters[0][0] for label in labels}, "every heap has a label"
    assert any(label.grade.value == "win" for label in labels) == \
        (ai.winning_move(state) is not None), "a winning move is always labelled"


@pytest.mark.parametrize("count", range(1, rules.MAX_HEAPS + 1))
def test_tall_heaps_with_the_hint_and_the_teaching_view_through_the_real_loop(driver,
                                                                              monkeypatch,
                                                                              count):
    """Heaps of 15, one to eight of them, with the hint on: the badges drawn on the screen
    never overlap, with the teaching view in and out."""
    from games.core.screens import hud
    drawn = []
    original = hud.chip
    monkeypatch.setattr(hud, "chip", lambda *a, **k: drawn.append(original(*a, **k)) or
                        drawn[-1])
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "computer", "side": 0,
                                                       "level": "perfect"})
    scene.begin(",".join(["15"] * count), rules.Params("custom"))
    driver.settle()
    driver.key(pygame.K_h)
    harness.graded(driver, scene)
    for _ in range(2):
        driver.settle()
        scene.board.backdrop.forget()
        drawn.clear()
        driver.app.draw(driver.app.screen)
        badges = [rect for rect in drawn if scene.board.layout.table_rect(1.0).colliderect(rect)
                  or scene.board.layout.table_rect(0.0).colliderect(rect)]
        assert len(badges) >= count
        assert all(rect.collidelist(badges[n + 1:]) == -1 for n, rect in enumerate(badges))
        driver.key(pygame.K_t)                 # the teaching view in (or out)


def test_the_cards_say_what_each_player_has_taken_clear_of_the_edge(driver):
    from games.core.screens import ui
    from games.nim.view import taken_words
    assert taken_words(0) == "none taken yet" and taken_words(1) == "took 1 counter"
    assert taken_words(7) == "took 7 counters"
    scene = driver.start("nim", CLASSIC, play_options={"opponent": "human"})
    driver.settle()
    card = scene.board.layout.card_rect(0, scene.board.panel_value())
    last_line = card.top + 100 + 32                       # hud.player_card's second line
    height = ui.assets.font(ui.SMALL + 2).get_height()
    assert card.bottom - (last_line + height / 2) >= 12
    layout = scene.board.layout
    assert layout.board.top >= card.bottom and layout.table_rect(0).top > card.bottom
    click_counter(driver, scene, rules.Move(2, 2))
    driver.settle()
    assert scene.board.shown(1.0).taken == (2, 0)
    assert not any("took 0" in value for _, value in scene.ending.facts())
