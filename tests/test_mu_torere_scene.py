"""Mu Torere through the real loop: whole games played to the end with the mouse only (clicks
and drags), the keyboard only and a gamepad only (a real SDL virtual controller); pieces slide
along the line they travel, snap on new input and slide back on undo; undo of a move pair
against the computer within the undo depth; the graded hint; draws offered to the computer and
between two players; who starts; the computer-v-computer demo; the Options panel with every
device (the Custom level slider too) and its settings read back after a restart; records per
level; the result in the sides' colours."""
import math
import random

import pygame
import pytest

from games.core.data.store import Store, save_name
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.question import ConfirmScene
from games.core.screens.widgets import OptionsOverlay, Slider
from games.mu_torere import ai, bench, geometry, rules
from games.mu_torere.controls import legal
from games.mu_torere.layout import RADIUS
from games.mu_torere.scene import MuTorereBoard
from sprites import mu_torere as paint
from tests import recorded, versus_harness as harness
from tests.driver import Driver, VirtualPad
from tests.versus_harness import KEYS, PAD, graded, start_at

store = Store(lambda message: None)   # the test's own hand on the data folder

WHITE_FIRST = rules.Params("W")


def best_move(state, salt=0):
    """Perfect play, picking among equally good moves with a seeded choice (the games below
    are deterministic: the computer's choices are seeded by the game too)."""
    return ai.choose_move(state, random.Random(state.ply * 7 + salt), 100)


def play_out(driver, scene, human_move):
    harness.play_out(driver, scene, human_move, best_move)


def click_move(driver, scene, move):
    driver.click(scene.board.layout.xy(move.source))
    assert scene.board.ui.selected == move.source
    driver.click(scene.board.layout.xy(move.target))


def drag_move(driver, scene, move):
    driver.drag(scene.board.layout.xy(move.source), scene.board.layout.xy(move.target))


def steer(scene, press, point, keys):
    """Arrows (or the d-pad) until the cursor is on `point`."""
    for _ in range(8):
        if scene.board.ui.cursor == point:
            return
        xy = scene.board.layout.xy
        (x0, y0), (x1, y1) = xy(scene.board.ui.cursor), xy(point)
        dx, dy = x1 - x0, y1 - y0
        if abs(dx) >= abs(dy):
            press(keys["right"] if dx > 0 else keys["left"])
        else:
            press(keys["down"] if dy > 0 else keys["up"])
    assert scene.board.ui.cursor == point


def cursor_move(scene, press, move, keys):
    steer(scene, press, move.source, keys)
    press(keys["confirm"])
    assert scene.board.ui.selected == move.source and scene.board.ui.cursor == move.target, \
        "picking a piece moves the cursor to where it can go"
    press(keys["confirm"])


def test_mouse_only_game_won_against_the_computer_with_clicks_and_drags(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "off"})
    assert scene.versus.human_to_move() and scene.versus.players == ("human", "computer")
    hint = next(b for b in scene.toolbar.widgets if b.words.startswith("Hint"))
    driver.click(hint.rect.center)
    assert scene.versus.hint_for == scene.state
    turns = []

    def move(m):
        (click_move if len(turns) % 2 else drag_move)(driver, scene, m)
        turns.append(m)
    play_out(driver, scene, move)
    status = scene.session.status
    assert status.winner == 0 and "White cannot move" in status.reason
    assert driver.app.top.game.ending.title() == "You won!"
    assert recorded.records_by_table() == {"mu_torere/level=off": {"won": 1}}
    assert "win" in driver.app.audio.played


def test_keyboard_only_game_as_white_with_the_computer_starting(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 1,
                                                    "level": "low"})
    assert not scene.versus.human_to_move()
    driver.run_until(scene.versus.human_to_move)
    play_out(driver, scene, lambda m: cursor_move(scene, driver.key, m, KEYS))
    assert scene.session.status.winner == 1
    assert scene.ending.title() == "You won!"
    assert recorded.records_by_table() == {"mu_torere/level=low": {"won": 1}}


def test_gamepad_only_game_with_a_virtual_controller(driver):
    pad = VirtualPad(driver)
    scene = driver.start("mu_torere", WHITE_FIRST, play_options={
        "opponent": "computer", "side": 0, "level": "off"})
    assert scene.session.desc == "BBBBWWWW.:W" and not scene.versus.human_to_move(), \
        "White starts: the computer"
    driver.run_until(scene.versus.human_to_move)
    pad.press(pygame.CONTROLLER_BUTTON_Y)                      # the graded hint
    assert scene.versus.hint_for == scene.state
    assert driver.app.input.last_device == "pad" and scene.show_cursor()
    play_out(driver, scene, lambda m: cursor_move(scene, pad.press, m, PAD))
    assert scene.session.status.winner == 0
    assert recorded.records_by_table() == {"mu_torere/level=off": {"won": 1}}
    pad.press(pygame.CONTROLLER_BUTTON_A)                      # the result screen: New game
    driver.frames(3)
    assert isinstance(driver.app.top, SetupScene) and driver.app.top.replace_scene is scene
    pad.unplug()


def test_a_move_slides_along_its_line_snaps_on_input_and_undo_slides_it_back(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    for text in ("3-8", "4-3"):                    # Black into the middle, White round after
        scene.play(rules.decode_move(text))
    driver.settle()
    assert scene.state.board == tuple("BBBW.WWWB")
    click_move(driver, scene, rules.Move(8, 4))    # out of the middle along the spoke
    tween, line = scene.board.slides[4]
    assert line == [scene.board.layout.xy(8), scene.board.layout.xy(4)]
    driver.frames(10)
    x, y = scene.board.view.piece_position(4, scene.board.slides)
    assert scene.board.layout.xy(8)[1] < y < scene.board.layout.xy(4)[1], "mid-slide"
    driver.key(pygame.K_LEFT)                      # new input snaps it
    assert tween.done and not scene.tweens.busy
    driver.key(pygame.K_u)                         # undo: the same line, the other way
    assert scene.state.board == tuple("BBBW.WWWB")
    tween, line = scene.board.slides[8]
    assert line == [scene.board.layout.xy(4), scene.board.layout.xy(8)]
    driver.frames(10)
    assert 0 < tween.value < 1
    driver.key(pygame.K_r)
    assert tween.done and scene.state.board == tuple("BBBWBWWW.")


def test_ring_moves_follow_the_outline_of_the_star_or_the_rim_of_the_wheel(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    scene.play(rules.Move(3, 8))                   # Black 3 into the middle
    driver.settle()
    click_move(driver, scene, rules.Move(4, 3))    # White 4 steps round to 3
    tween, line = scene.board.slides[3]
    notch = geometry.notch_offset(4, 3, RADIUS)
    layout = scene.board.layout
    cx, cy = layout.centre
    assert line == [layout.xy(4), (cx + notch[0], cy + notch[1]), layout.xy(3)], \
        "in to the star's inner corner and out again"
    driver.settle()
    driver.key(pygame.K_b)                         # the wheel
    assert scene.prefs["board"] == "wheel"
    driver.key(pygame.K_u)
    tween, line = scene.board.slides[4]
    assert len(line) > 3 and line[0] == layout.xy(3) and line[-1] == layout.xy(4)
    radii = [math.dist(point, scene.board.layout.centre) for point in line]
    assert max(radii) - min(radii) < 1e-6, "round the rim"


def test_undo_takes_back_the_move_pair_within_the_undo_depth(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "perfect"})
    scene.set_pref("undo_depth", 1)
    for _ in range(2):
        click_move(driver, scene, best_move(scene.state))
        empty = scene.state.board.index(".")
        driver.click(scene.board.layout.xy(empty))                # the computer's turn: ignored
        assert "computer" in scene.message.lower()
        driver.run_until(scene.versus.human_to_move)
    assert scene.session.position == 4
    driver.key(pygame.K_u)
    assert scene.session.position == 2 and scene.versus.human_to_move()
    assert len(scene.board.slides) == 2, "both moves slide back, one after the other"
    (first, _), (second, _) = sorted(scene.board.slides.values(), key=lambda s: -s[0].time)
    assert first.time > second.time, "the computer's reply goes back first"
    driver.key(pygame.K_u)
    assert scene.session.position == 2 and "undo depth" in scene.message
    driver.key(pygame.K_r)
    assert scene.session.position == 4
    driver.key(pygame.K_u)
    assert scene.session.position == 2
    scene.set_pref("undo_depth", 0)                  # unlimited
    driver.key(pygame.K_u)
    assert scene.session.position == 0 and scene.state == scene.session.initial


def test_the_graded_hint_marks_every_legal_move(driver):
    # A position where Black, to move, has a winning, a drawing and a losing move is rare;
    # check that every legal move is graded as the solver grades it.
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    for text in ("3-8", "4-3", "8-4", "7-8"):
        scene.play(rules.decode_move(text))
    driver.settle()
    driver.key(pygame.K_h)
    assert scene.versus.hint_for == scene.state and "hint" in driver.app.audio.played
    grades = graded(driver, scene)
    assert {move for move, _, _ in grades} == set(rules.legal_moves(scene.state))
    assert [(m, v, p) for m, v, p in grades] == ai.graded_moves(scene.state)
    driver.frames(2)
    driver.key(pygame.K_h)
    assert scene.versus.hint_for is None
    driver.key(pygame.K_h)
    move = grades[0][0]
    click_move(driver, scene, move)
    assert scene.versus.hint_for != scene.state, "the grades go with the move"


def test_hints_are_for_your_own_turn(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 1})
    driver.key(pygame.K_h)
    assert scene.versus.hint_for is None and "own move" in scene.message


def losing_position():
    """A position with Black to move and lost (not yet over)."""
    table = ai.solve()
    return next(key for key, (value, plies) in sorted(table.items())
                if value == "loss" and plies >= 2 and key.endswith(":B"))


def test_the_computer_accepts_a_draw_unless_it_can_win(driver):
    scene = start_at(driver, "mu_torere", losing_position(), {"opponent": "computer",
                                                              "side": 0, "level": "high"})
    driver.key(pygame.K_d)
    assert isinstance(driver.app.top, ConfirmScene), "an offer that ends the game asks first"
    driver.key(pygame.K_y)
    assert scene.versus.offers.pending is not None and "considers" in scene.board.prompt()
    driver.run_until(lambda: scene.versus.offers.pending is None)
    assert not scene.over and "declines" in scene.message
    driver.key(pygame.K_d)
    assert driver.app.top is scene, "nothing to ask"
    assert scene.versus.offers.pending is None and "declined" in scene.message, \
        "not twice in one turn"
    # From the start (a draw) the computer accepts, from the toolbar button.
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "high"})
    button = next(b for b in scene.toolbar.widgets if b.words.startswith("Offer a draw"))
    driver.click(button.rect.center)
    driver.click(driver.app.top.yes.rect.center)
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene))
    assert scene.session.status.outcome == "draw" and scene.ending.title() == "A draw"
    assert recorded.records_by_table() == {"mu_torere/level=high": {"draw": 1}}


def test_a_loss_is_announced_and_counted(driver):
    scene = start_at(driver, "mu_torere", losing_position(), {"opponent": "computer",
                                                              "side": 0, "level": "perfect"})
    play_out(driver, scene, lambda m: click_move(driver, scene, m))
    assert scene.session.status.winner == 1
    assert scene.ending.title() == "You lost" and scene.ending.mood() == "bad"
    assert recorded.records_by_table() == {"mu_torere/level=perfect": {"lost": 1}}
    assert "lose" in driver.app.audio.played
    assert scene.board.prompt() == "You lost. You cannot move."


def test_between_two_players_the_other_accepts_or_declines(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    driver.key(pygame.K_d)
    driver.key(pygame.K_y)                            # Black offers...
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "Black offers a draw"
    assert dialog.detail == "White, do you accept?"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene and not scene.over and "declines" in scene.message
    click_move(driver, scene, rules.Move(0, 8))
    driver.settle()
    driver.key(pygame.K_o)                            # Options: its Offer a draw button
    options = driver.app.top
    assert isinstance(options, OptionsOverlay) and options.names[options.menu.focus] != "offer"
    for _ in range(12):              # down to New game, then right to its neighbour
        if options.names[options.menu.focus] == "offer":
            break
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT if options.names[options.menu.focus]
                   == "new" else pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert options.names[options.menu.focus] == "offer"
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert driver.app.top.question == "Offer a draw?"
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)    # onto Offer
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    dialog = driver.app.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "White offers a draw"
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT)    # onto Accept
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene))
    assert scene.session.status.reason == "The players agreed a draw."
    assert recorded.records_by_table() == {}, "no record between two players"


def test_options_with_every_device_persist_across_a_restart(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "medium"})
    # Keyboard: O opens on the colour of side 0; right skips White (the other side's).
    driver.key(pygame.K_o)
    options = driver.app.top
    assert isinstance(options, OptionsOverlay)
    assert options.names[options.menu.focus] == "colour0"
    driver.key(pygame.K_RIGHT)
    assert scene.prefs["colours"] == ["red", "white"], "White is taken: Black -> Red"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene and scene.board.side_name(0) == "Red"
    # Mouse: the Options button opens; a click steps a row; the slider follows a drag.
    driver.click(next(b for b in scene.toolbar.widgets if b.words == "Options (O)").rect.center)
    options = driver.app.top
    driver.click(options.widget("legend").rect.center)
    assert scene.prefs["legend"] is False
    driver.click(options.widget("board").rect.center)
    assert scene.prefs["board"] == "wheel"
    driver.click(options.widget("undo").back_zone().center)       # the "<" steps back
    assert scene.prefs["undo_depth"] == 10
    driver.click(options.widget("undo").forward_zone().center)    # ... and ">" forward
    assert scene.prefs["undo_depth"] == 0
    for _ in range(len(options.widget("level").options)):      # ">" up to Custom, the last
        driver.click(options.widget("level").forward_zone().center)
    assert scene.versus.level_choice == "custom" and scene.versus.level == 50
    slider = options.widget("custom")
    assert isinstance(slider, Slider)
    track = slider.track
    driver.drag((track.left + track.width * 0.5, track.centery),
                (track.left + track.width * 0.8, track.centery))
    assert scene.prefs["custom_level"] == 80 and scene.versus.level == 80
    driver.key(pygame.K_LEFT, times=3)
    assert scene.versus.level == 77 and scene.versus.level_text() == "Custom 77%"
    driver.click((200, 500))                           # outside the panel: closes it
    assert driver.app.top is scene
    # Gamepad: down off the board to the toolbar, right to Options, A opens; down to the undo
    # depth; left twice: Unlimited -> 10 -> 5 turns.
    while not scene.toolbar.focused:
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    while scene.toolbar.widgets[scene.toolbar.focus].words != "Options (O)":
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    driver.pad(pygame.CONTROLLER_BUTTON_A)
    options = driver.app.top
    while options.names[options.menu.focus] != "undo":
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, times=2)
    assert scene.prefs["undo_depth"] == 5
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert driver.app.top is scene
    driver.close()
    # A second start of Parlour reads them all back.
    again = Driver()
    try:
        fresh = again.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                       "level": "custom"})
        assert fresh.prefs.values == {"colours": ["red", "white"], "board": "wheel",
                                      "legend": False,
                               "custom_level": 77, "undo_depth": 5}
        assert fresh.versus.level == 77 and fresh.versus.side_name(0) == "Red"
        again.app.push(SetupScene(again.app, "mu_torere"))
        again.frames()
        assert again.app.top.chosen()["level"] == "custom"
        heading, _ = again.app.top.summary()
        assert heading == "Your record at Custom 77%"
    finally:
        again.close()


def test_the_result_names_the_sides_by_their_colours(driver):
    driver.app.settings["mu_torere"] = {"colours": ["blue", "gold"]}
    driver.app.settings["animations"] = False
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    assert (scene.board.side_name(0), scene.board.side_name(1)) == ("Blue", "Gold")
    rng = random.Random(3)
    while not scene.over:
        side = rules.current_player(scene.state)
        level = 100 if side == 0 else 0
        scene.play(ai.choose_move(scene.state, rng, level))
        driver.settle()
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene))
    assert scene.session.status.reason == "White cannot move.", "the rules' own words"
    assert scene.ending.reason() == "Gold cannot move." and scene.ending.title() == "Blue won!"
    assert scene.status_line() == "Gold cannot move."


def test_setup_options_reach_the_scene_and_white_can_start(driver):
    driver.app.push(SetupScene(driver.app, "mu_torere"))
    driver.frames()
    setup = driver.app.top
    setup.choose("variant", "W")
    setup.choose("opponent", "human")
    new_game = next(w for w in setup.menu.widgets if getattr(w, "words", "") == "New game")
    driver.click(new_game.rect.center)
    driver.frames(2)
    scene = driver.app.top
    assert isinstance(scene.board, MuTorereBoard) and scene.versus.players == ("human", "human")
    assert scene.session.game_id == "mu_torere:first=W:BBBBWWWW.:W" and scene.state.to_move == "W"
    assert scene.board.side_name(1) == "White" and scene.versus.role(1) == "Player 2"


def test_quit_saves_and_resume_keeps_the_game(driver):
    scene = driver.start("mu_torere", WHITE_FIRST, play_options={"opponent": "human"})
    click_move(driver, scene, rules.Move(4, 8))
    state = scene.state
    driver.app.quit()
    again = Driver()
    try:
        assert resume_saved_game(again.app, "mu_torere")
        resumed = again.app.top
        assert resumed.state == state and resumed.versus.players == ("human", "human")
        again.key(pygame.K_u)
        assert resumed.state == resumed.session.initial and resumed.state.to_move == "W"
    finally:
        again.close()


@pytest.mark.parametrize("device", ["mouse", "keyboard", "pad"])
def test_flip_turns_the_board_with_every_device_and_the_save_keeps_it(driver, device):
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    driver.settle()
    places = {point: scene.board.layout.xy(point) for point in range(9)}
    button = next(b for b in scene.toolbar.widgets if b.words == "Flip (F)")
    if device == "mouse":
        driver.click(button.rect.center)
    elif device == "keyboard":
        driver.key(pygame.K_f)
    else:
        while not scene.toolbar.focused:
            driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        scene.toolbar.focus = scene.toolbar.widgets.index(button)
        driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert scene.board.ui.flipped and "turned around" in scene.message
    assert all(scene.board.layout.xy(point) == places[(point + 4) % 8] for point in range(8))
    assert scene.board.layout.xy(rules.CENTRE) == places[rules.CENTRE]
    click_move(driver, scene, rules.Move(0, 8))        # clicks land where the pieces are shown
    driver.settle()
    assert scene.state.board[8] == "B"
    state = scene.state
    driver.app.quit()
    again = Driver()
    try:
        assert resume_saved_game(again.app, "mu_torere")
        resumed = again.app.top
        assert resumed.state == state and resumed.board.ui.flipped, "kept as it was left"
        again.key(pygame.K_f)
        assert not resumed.board.ui.flipped and resumed.board.layout.xy(0) == places[0]
    finally:
        again.close()


def test_wrong_clicks_explain_and_change_nothing(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "human"})
    xy = scene.board.layout.xy
    driver.click(xy(1))                                # boxed in: no line to the middle
    assert scene.board.ui.selected is None and "opponent's piece" in scene.message
    driver.click(xy(5))                                # White's
    assert "White's piece" in scene.message
    driver.click(xy(8))                                # the empty middle: two pieces could go
    assert scene.session.position == 0 and "2 of yours" in scene.message
    driver.drag(xy(0), (960, 140))                     # dropped off the board: slides back
    assert scene.session.position == 0 and scene.board.ui.selected == 0
    assert scene.board.shown_slides()[0][0], "it slides home"
    driver.key(pygame.K_TAB)                           # Tab: the pieces that can move
    assert scene.board.ui.cursor == 3


def test_bench_pose_is_a_game_with_the_hint_and_a_selection(driver):
    scene = driver.start("mu_torere")
    bench.pose(scene)
    driver.frames(3)
    assert scene.versus.hint_for == scene.state and scene.board.ui.selected in legal(scene.state)
    assert scene.show_cursor() and scene.prefs["legend"]
    assert scene.hints == 0, "a pose is not help the player asked for"


def test_thumbnail_and_rules():
    from games.mu_torere.info import RULES
    pygame.display.init()
    pygame.font.init()
    picture = paint.thumbnail((520, 250))
    assert picture.get_size() == (520, 250)
    assert "cannot move" in RULES and "Custom" in RULES


def test_letter_keys_legend_style_and_new_game(driver):
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0})
    driver.key(pygame.K_l)
    assert scene.prefs["legend"] is False and driver.app.settings["mu_torere"]["legend"] is False
    driver.key(pygame.K_l)
    driver.key(pygame.K_b)                        # B: the board style (S is Solve elsewhere)
    assert scene.prefs["board"] == "wheel"
    driver.key(pygame.K_n)
    assert isinstance(driver.app.top, SetupScene) and driver.app.top.replace_scene is scene


def test_with_animations_off_moves_land_at_once(driver):
    driver.app.settings["animations"] = False
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "perfect"})
    drag_move(driver, scene, rules.Move(3, 8))
    assert not scene.tweens.busy and not scene.board.slides
    driver.run_until(scene.versus.human_to_move)
    assert scene.session.position == 2 and not scene.tweens.busy


def test_a_save_from_before_first_was_a_parameter_still_loads(driver):
    """Saves written by the previous version: no parameters, White to move in the desc, and
    the old "first" play option (now ignored: the position says who starts)."""
    store.write_json(save_name("mu_torere"), {
        "version": 1, "game": "mu_torere", "params": "", "desc": "BBBBWWWW.:W",
        "moves": ["4-8"], "position": 1, "elapsed": 3.0,
        "play": {"opponent": "human", "first": "W", "level": "medium", "hints": 2}})
    assert resume_saved_game(driver.app, "mu_torere")
    scene = driver.app.top
    assert isinstance(scene.board, MuTorereBoard) and scene.session.initial.to_move == "W"
    assert scene.state.board[8] == "W" and scene.versus.players == ("human", "human")
    driver.key(pygame.K_u)
    assert scene.state == scene.session.initial


# --- issue 20: one count of moves; the Random level named -------------------------------------

def test_an_agreed_draw_is_not_numbered_as_a_move(driver):
    """'N moves played' beside a move list whose last number is N: the agreement is a row of
    the list without a number."""
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "perfect"})
    for _ in range(3):
        driver.run_until(scene.versus.human_to_move)
        driver.settle()
        click_move(driver, scene, best_move(scene.state))
    driver.run_until(scene.versus.human_to_move)
    driver.key(pygame.K_d)
    if isinstance(driver.app.top, ConfirmScene):     # asked once: yes, offer it
        driver.key(pygame.K_y)
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene))
    assert scene.session.status.outcome == "draw"
    rows = scene.versus.log_rows(20)
    numbers = [number for number, _, _ in rows if number is not None]
    assert rows[-1][0] is None and rows[-1][2] == "draw agreed"
    assert numbers == list(range(1, scene.state.ply + 1)) and scene.state.ply == 6
    assert dict(scene.ending.facts())["Moves"] == "6"
    driver.app.draw(driver.app.screen)                # the list draws a row without a number


def test_the_random_level_says_so_where_it_is_chosen_and_in_the_hud(driver):
    setup = SetupScene(driver.app, "mu_torere")
    driver.app.push(setup)
    driver.frames()
    level = next(option for option in setup.options if option.key == "level")
    assert dict(level.choices)["off"] == "Random"
    scene = driver.start("mu_torere", play_options={"opponent": "computer", "side": 0,
                                                    "level": "off"})
    assert ("Computer", "Random") in scene.board.hud_fields()
    assert scene.board.card_role(1) == "Computer · Random"
