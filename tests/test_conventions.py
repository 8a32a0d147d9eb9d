"""The verbs the frame owns work one way in all seven games, checked the same way for each,
through the real loop (tests/driver.py) with the mouse, the keyboard and a gamepad:

- one key table: the toolbar and the rules screen's Controls come from the game's info.py
  (ALTERNATE, COMMANDS) and the frame's keys; each command's letter and its toolbar button do
  the same; a pad reaches every toolbar command by stepping down off the board;
- X, Shift+Enter, pad X (and the right button) are the alternate action, the same one, or
  nothing at all;
- Esc and B cancel what is armed, held or selected first; only then the menu opens;
- what ends or throws away a game asks once, with the focus on the safe answer: Solve, a
  draw offer, Quit Parlour from the pause menu and the window's close, New game over a game
  in progress; no panel opens with the focus on a row that ends the game;
- Solve asks once, then the computer plays the solution move by move; any key stops it; the
  result says "Solved by the computer" (neutral), and no best score is entered.
"""
from __future__ import annotations

import dataclasses

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history_queries
from games.core.kit import registry
from games.core.kit.actions import LETTERS, Command
from games.core.kit.controls import controls_lines
from games.core.screens.frame import Frame
from games.core.screens.menus import PauseScene, ResultScene, SetupScene
from games.core.screens.overlays import controls_text
from games.core.screens.question import ConfirmScene
from games.core.screens.solving import SOLVED_BY_COMPUTER
from games.core.screens.widgets import OptionsOverlay
from tests import recorded

GAMES = list(registry.KEYS)
FRAME_BUTTONS = ("Menu (Esc)", "Undo (U)", "Redo (R)", "Hint (H)", "Rules (F1)")
PAD = {"down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
       "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT, "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
       "a": pygame.CONTROLLER_BUTTON_A, "b": pygame.CONTROLLER_BUTTON_B,
       "x": pygame.CONTROLLER_BUTTON_X, "start": pygame.CONTROLLER_BUTTON_START}


def params(key: str):
    """Each game's default parameters; Ishido's standard rules (no question before play)."""
    if key == "ishido":
        from games.ishido.rules import Params
        return Params(rule="standard")
    return None


def start(driver, key: str, seed: int = 3) -> Frame:
    scene = driver.start(key, params(key), seed=seed, play_options={"opponent": "human"})
    driver.settle()
    return scene


def info(key: str):
    return registry.lookup(key).data


def look(scene) -> tuple:
    """What a verb can change: the UI state (where the mouse hovers aside), the position, the
    help used, the screens."""
    ui = scene.board.ui
    if hasattr(ui, "hover"):
        ui = dataclasses.replace(ui, hover=None)
    return (ui, scene.session.position, dict(scene.session.record), len(scene.app.stack),
            getattr(scene.board, "assist", None))


# --- one key table -------------------------------------------------------------------------

@pytest.mark.parametrize("key", GAMES)
def test_the_toolbar_and_the_rules_controls_come_from_one_table(driver, key):
    table = info(key)
    scene = start(driver, key)
    words = [button.words for button in scene.toolbar.widgets]
    expected = list(FRAME_BUTTONS)
    if table.alternate_button:
        expected.append(f"{table.alternate_button} (X)")
    expected += [b.label for b in table.commands if b.toolbar]
    assert words == expected, "the toolbar is the frame's verbs and the table's commands"
    lines = controls_text(key)
    assert lines == controls_lines(table.alternate, table.commands,
                                   table.alternate_button)
    for binding in table.commands:
        assert any(line.startswith(f"{binding.words}: {binding.letter.upper()};")
                   for line in lines), binding
        assert binding.toolbar or binding.where, "a pad reaches it somewhere"
    alternate = [line for line in lines if "X or Shift+Enter" in line]
    if table.alternate:
        assert len(alternate) == 1 and alternate[0].lower().startswith(table.alternate[:20])
    else:
        assert not alternate and "no alternate action" in lines[-1]
    letters = [b.letter for b in table.commands]
    assert len(letters) == len(set(letters)) and not set(letters) & set("uhrpxny")


def test_each_letter_has_one_meaning_across_the_collection():
    meanings: dict[str, set[Command]] = {}
    for key in GAMES:
        for binding in info(key).commands:
            meanings.setdefault(binding.letter, set()).add(binding.command)
    assert all(len(commands) == 1 for commands in meanings.values()), meanings
    assert LETTERS[Command.SOLVE] == "s" and LETTERS[Command.BOARD_STYLE] == "b"


@pytest.mark.parametrize("key", GAMES)
def test_a_letter_and_its_button_run_the_same_command_and_a_pad_reaches_every_button(
        driver, key):
    scene = start(driver, key)
    ran: list[Command] = []
    scene.run_command = ran.append          # what the letter, the click and the pad ask for
    for binding in info(key).commands:
        driver.key(getattr(pygame, f"K_{binding.letter}"))
        assert ran[-1] == binding.command, "the letter"
        if not binding.toolbar:
            continue
        button = next(b for b in scene.toolbar.widgets if b.words == binding.label)
        ran.append(None)
        driver.click(button.rect.center)
        assert ran[-1] == (binding.command if button.enabled else None), "the mouse"
    # The pad: down off the board reaches the toolbar; right walks it; A presses.
    for _ in range(20):
        if scene.toolbar.focused:
            break
        driver.pad(PAD["down"])
    assert scene.toolbar.focused and scene.toolbar.focus == 0
    for index, button in enumerate(scene.toolbar.widgets[len(FRAME_BUTTONS):]):
        binding = next((b for b in info(key).commands if b.label == button.words), None)
        scene.toolbar.focus = len(FRAME_BUTTONS) - 1 + index
        driver.pad(PAD["right"])
        assert scene.toolbar.widgets[scene.toolbar.focus] is button
        if binding is not None:
            ran.append(None)
            driver.pad(PAD["a"])
            assert ran[-1] == (binding.command if button.enabled else None), "the pad"
    driver.pad(PAD["b"])
    assert not scene.toolbar.focused and driver.app.top is scene, "B leaves the toolbar first"


# --- the alternate action -----------------------------------------------------------------

ALTERNATE_WAYS = {
    "keyboard X": lambda d: d.key(pygame.K_x),
    "Shift+Enter": lambda d: d.key(pygame.K_RETURN, mod=pygame.KMOD_SHIFT),
    "pad X": lambda d: d.pad(PAD["x"]),
}


@pytest.mark.parametrize("key", GAMES)
def test_x_shift_enter_and_pad_x_are_one_alternate_action_or_nothing(driver, key):
    outcomes = []
    for name, press in ALTERNATE_WAYS.items():
        scene = start(driver, key)
        before = look(scene)
        press(driver)
        driver.settle()
        outcomes.append((name, look(scene)[:2] + look(scene)[3:]))
        if info(key).alternate is None:
            assert look(scene) == before, f"{name} means nothing in {key}"
            centre = scene.board_rect.center
            driver.click(centre, button=3)
            assert look(scene) == before, "nor does the right button"
        else:
            assert look(scene) != before, f"{name} is the alternate action in {key}"
        driver.app.pop(scene)
    assert len({outcome for _, outcome in outcomes}) == 1, outcomes


@pytest.mark.parametrize("key", GAMES)
def test_tab_and_the_triggers_go_to_the_next_useful_place_and_nothing_else(driver, key):
    """Tab / Shift+Tab and the right / left triggers move to the next / previous useful
    place: something moves, no move is played, no help is counted, no screen opens; from a
    useful place, the previous one is where the next one came from."""
    scene = start(driver, key)
    if key == "poggle":                 # the deal is shown with its par, once that is known
        scene.board.planner.wait()
        driver.frames()
    before = look(scene)

    def trigger(axis):
        driver.pad_axis(axis, 32767)
        driver.pad_axis(axis, 0)
    steps = {"Tab": lambda: driver.key(pygame.K_TAB),
             "Shift+Tab": lambda: driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT),
             "right trigger": lambda: trigger(pygame.CONTROLLER_AXIS_TRIGGERRIGHT),
             "left trigger": lambda: trigger(pygame.CONTROLLER_AXIS_TRIGGERLEFT)}
    steps["Tab"]()                      # onto a useful place (the start may be none)
    for forward, back in (("Tab", "Shift+Tab"), ("right trigger", "left trigger")):
        here = look(scene)
        steps[forward]()
        moved = look(scene)
        assert moved[1:] == before[1:], f"{forward} only moves"
        assert moved[0] != here[0], f"{forward} goes somewhere"
        steps[back]()
        assert look(scene) == here, f"{back} comes back"


FLIPPERS = [k for k in GAMES if any(b.command == Command.FLIP for b in info(k).commands)]


def test_the_games_with_a_board_to_turn_have_flip():
    assert FLIPPERS == ["mu_torere", "kono"]


@pytest.mark.parametrize("key", FLIPPERS)
def test_f_turns_the_board_and_the_game_keeps_it(driver, key):
    """F (or Flip) turns the board round, the same way in each game that has it: the view
    turns, nothing else changes, the play options keep it for the save; F again turns back."""
    scene = start(driver, key)
    before = look(scene)
    driver.key(pygame.K_f)
    assert scene.board.ui.flipped and scene.play_options["flip"] is True
    assert scene.message == "The board is turned around."
    assert look(scene)[1:] == before[1:]
    driver.key(pygame.K_f)
    assert not scene.board.ui.flipped and scene.play_options["flip"] is False


# --- Esc and B cancel first ---------------------------------------------------------------

def arm(driver, scene, key: str):
    """Pick something up or arm something the game's own way; returns a test of whether it
    is still armed (None for a game with nothing of its own to hold)."""
    if key in ("deductile", "ishido"):
        driver.key(pygame.K_RETURN)
        return lambda: bool(scene.board.ui.held)
    if key == "kenken":
        driver.key(pygame.K_RETURN)
        return lambda: scene.board.ui.pad is not None
    if key in ("mu_torere", "kono"):
        driver.key(pygame.K_TAB)
        driver.key(pygame.K_RETURN)
        return lambda: scene.board.ui.selected is not None
    if key == "poggle":
        scene.board.planner.wait()
        driver.frames()
        driver.key(pygame.K_s)
        driver.key(pygame.K_y)
        return lambda: scene.solver.active
    return None


@pytest.mark.parametrize("cancel", ["Esc", "pad B"])
@pytest.mark.parametrize("key", GAMES)
def test_esc_cancels_what_is_armed_before_it_opens_the_menu(driver, key, cancel):
    press = (lambda: driver.key(pygame.K_ESCAPE)) if cancel == "Esc" else \
        (lambda: driver.pad(PAD["b"]))
    scene = start(driver, key)
    armed = arm(driver, scene, key)
    if armed is not None:
        assert armed(), "armed"
        press()
        assert not armed() and driver.app.top is scene, "cancelled, no menu"
    driver.pad(PAD["down"])                     # the toolbar's focus is armed too
    while not scene.toolbar.focused:
        driver.pad(PAD["down"])
    press()
    assert not scene.toolbar.focused and driver.app.top is scene
    press()
    assert isinstance(driver.app.top, PauseScene), "nothing armed: the menu"


@pytest.mark.parametrize("cancel", ["Esc", "pad B"])
@pytest.mark.parametrize("key", [k for k in GAMES if registry.lookup(k).players == 2])
def test_esc_hides_the_graded_moves_before_it_opens_the_menu(driver, key, cancel):
    """The hint on show is cancelled first, the same in every two-player game."""
    press = (lambda: driver.key(pygame.K_ESCAPE)) if cancel == "Esc" else \
        (lambda: driver.pad(PAD["b"]))
    scene = start(driver, key)
    driver.key(pygame.K_h)
    assert scene.versus.hint_shown()
    press()
    assert not scene.versus.hint_shown() and driver.app.top is scene, "hidden, no menu"
    press()
    assert isinstance(driver.app.top, PauseScene)


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
@pytest.mark.parametrize("key", [k for k in GAMES if registry.lookup(k).players == 2])
def test_o_opens_and_closes_the_options_panel_by_its_command(driver, key, device):
    """O (a Command, as every letter), the Options button or the pad's toolbar opens the
    panel; O again, Esc or B closes it; X and the other letters do not."""
    scene = start(driver, key)
    button = next(b for b in scene.toolbar.widgets if b.words == "Options (O)")
    if device == "keyboard":
        driver.key(pygame.K_o)
    elif device == "mouse":
        driver.click(button.rect.center)
    else:
        while not scene.toolbar.focused:
            driver.pad(PAD["down"])
        scene.toolbar.focus = scene.toolbar.widgets.index(button)
        driver.pad(PAD["a"])
    panel = driver.app.top
    assert isinstance(panel, OptionsOverlay)
    if device == "pad":        # down the rows (and across a row of halves) reaches each one
        seen = {panel.names[panel.menu.focus]}
        for _ in range(len(panel.names)):
            driver.pad(PAD["right"])
            seen.add(panel.names[panel.menu.focus])
            driver.pad(PAD["down"])
            seen.add(panel.names[panel.menu.focus])
        assert seen == {name for name, widget in zip(panel.names, panel.menu.widgets)
                        if widget.enabled}
    for key_ in (pygame.K_x, pygame.K_d, pygame.K_f, pygame.K_t):
        driver.key(key_)
        assert driver.app.top is panel, pygame.key.name(key_)
    if device == "keyboard":
        driver.key(pygame.K_o)
    elif device == "mouse":
        driver.key(pygame.K_ESCAPE)
    else:
        driver.pad(PAD["b"])
    assert driver.app.top is scene and not scene.over


# --- what cannot be taken back asks once ----------------------------------------------------

def asked(driver) -> ConfirmScene:
    question = driver.app.top
    assert isinstance(question, ConfirmScene) and question.safe_focused
    driver.frames()                             # it draws
    return question


def pause_menu_button(driver, words: str):
    menu = driver.app.top
    assert isinstance(menu, PauseScene)
    return next(b for b in menu.menu.widgets if b.words == words)


@settings(max_examples=14, deadline=None, suppress_health_check=list(HealthCheck))
@given(key=st.sampled_from(GAMES), device=st.sampled_from(["mouse", "keyboard", "pad"]))
def test_quit_parlour_from_the_pause_menu_asks_with_the_focus_on_keep_playing(
        data_dir, key, device):
    from tests.driver import Driver
    driver = Driver()
    try:
        scene = start(driver, key)
        driver.key(pygame.K_p) if device != "pad" else driver.pad(PAD["start"])
        quit_button = pause_menu_button(driver, "Quit Parlour")
        menu = driver.app.top
        if device == "mouse":
            driver.click(quit_button.rect.center)
        else:
            menu.menu.focus = menu.menu.widgets.index(quit_button)
            driver.key(pygame.K_RETURN) if device == "keyboard" else driver.pad(PAD["a"])
        asked(driver)
        driver.key(pygame.K_RETURN) if device != "pad" else driver.pad(PAD["a"])
        assert driver.app.top is menu and driver.app.running, "the safe answer keeps playing"
        menu.menu.focus = menu.menu.widgets.index(quit_button)
        driver.key(pygame.K_RETURN)
        driver.key(pygame.K_y)
        assert not driver.app.running and driver.app.store.has_save(key) != scene.over
    finally:
        driver.close()


@pytest.mark.parametrize("key", GAMES)
def test_the_windows_close_asks_once_saves_at_once_and_a_second_close_quits(driver, key):
    scene = start(driver, key)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)                 # something played or picked up, maybe
    driver.post(pygame.QUIT)
    driver.frames()
    asked(driver)
    assert driver.app.running and driver.app.store.has_save(key), "saved whatever the answer"
    driver.key(pygame.K_n)
    assert driver.app.top is scene and driver.app.running
    driver.post(pygame.QUIT)
    driver.frames()
    asked(driver)
    driver.post(pygame.QUIT)
    driver.frames()
    assert not driver.app.running


def test_the_launchers_window_close_asks_too(driver):
    driver.post(pygame.QUIT)
    driver.frames()
    asked(driver)
    driver.pad(PAD["b"])
    assert driver.app.running
    driver.post(pygame.QUIT)
    driver.frames()
    driver.key(pygame.K_y)
    assert not driver.app.running


@pytest.mark.parametrize("key", GAMES)
def test_new_game_over_a_game_in_progress_asks_with_the_focus_on_keeping_it(driver, key):
    scene = start(driver, key)
    driver.key(pygame.K_n)                      # N: the setup screen, over this game
    setup = driver.app.top
    assert isinstance(setup, SetupScene) and setup.replace_scene is scene
    new = next(b for b in setup.menu.widgets if getattr(b, "words", "") == "New game")
    driver.click(new.rect.center)
    asked(driver)
    driver.key(pygame.K_RETURN)                 # keep my game
    assert driver.app.top is setup
    driver.click(new.rect.center)
    driver.key(pygame.K_y)
    driver.settle()
    assert isinstance(driver.app.top, Frame) and driver.app.top is not scene


def test_new_game_over_a_saved_game_asks_from_the_launchers_setup_screen(driver):
    scene = start(driver, "poggle")
    scene.save()
    driver.app.pop(scene)
    driver.app.push(SetupScene(driver.app, "poggle"))
    driver.frames()
    setup = driver.app.top
    new = next(b for b in setup.menu.widgets if getattr(b, "words", "") == "New game")
    driver.click(new.rect.center)
    asked(driver)
    driver.pad(PAD["b"])
    assert driver.app.top is setup and driver.app.store.has_save("poggle")


@pytest.mark.parametrize("key", [k for k in GAMES if registry.lookup(k).players == 2])
def test_options_never_open_on_a_row_that_ends_the_game(driver, key):
    start(driver, key)
    driver.key(pygame.K_o)
    panel = driver.app.top
    assert isinstance(panel, OptionsOverlay)
    assert panel.names[panel.menu.focus] not in ("offer", "new", "close")


TWO_PLAYER = [k for k in GAMES if registry.lookup(k).players == 2]
DRAWN = [k for k in TWO_PLAYER if any(b.command == Command.DRAW for b in info(k).commands)]
# A position of each game with the first side (Black) to move and lost: the computer, the
# other side, can force a win.
LOST_FOR_BLACK = {"kono": "BWBBBWB....WWWWW:B"}


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_every_two_player_game_that_can_be_drawn_offers_a_draw_and_only_those(driver, key):
    scene = start(driver, key)
    buttons = [b.words for b in scene.toolbar.widgets]
    drawn = scene.versus.draw_move is not None
    assert ("Offer a draw (D)" in buttons) == drawn
    assert (key in DRAWN) == drawn and drawn == (key != "nim")    # Nim cannot be drawn
    if not drawn:
        driver.key(pygame.K_d)
        assert driver.app.top is scene and not scene.over


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
@pytest.mark.parametrize("key", DRAWN)
def test_a_draw_offer_asks_first_and_a_second_human_is_asked_with_play_on_focused(
        driver, key, device):
    scene = start(driver, key)
    if device == "keyboard":
        driver.key(pygame.K_d)
    elif device == "mouse":
        button = next(b for b in scene.toolbar.widgets if b.words == "Offer a draw (D)")
        driver.click(button.rect.center)
    else:
        while not scene.toolbar.focused:
            driver.pad(PAD["down"])
        scene.toolbar.focus = next(i for i, b in enumerate(scene.toolbar.widgets)
                                   if b.words == "Offer a draw (D)")
        driver.pad(PAD["a"])
    first = asked(driver)
    assert first.question == "Offer a draw?"
    driver.key(pygame.K_RETURN)                 # play on: nothing offered
    assert driver.app.top is scene and not scene.over
    driver.key(pygame.K_d)
    driver.key(pygame.K_y)
    second = asked(driver)                      # the other player, focus on playing on
    assert second.question == "Black offers a draw"
    assert second.detail == "White, do you accept?"
    heard = len(driver.app.audio.played)
    driver.key(pygame.K_y)
    assert "move" not in driver.app.audio.played[heard:], "an agreed draw is placed, not moved"
    assert "place" in driver.app.audio.played[heard:]
    driver.until_result()
    assert scene.over and scene.ending.title() == "A draw"
    assert scene.ending.reason() == "Black offered a draw and White accepted."
    assert scene.versus.moves_played() == 0, "an agreed draw is not a move"
    game = history_queries.games(recorded.db(), most=1)[0]
    assert (game.outcome, game.opponent, game.moves) == ("draw", "human", ("draw",))


@pytest.mark.parametrize("key", DRAWN)
def test_the_computer_answers_an_offer_by_its_exact_value(driver, key):
    from tests.versus_harness import start_at
    scene = start_at(driver, key, LOST_FOR_BLACK.get(key, ""), {
        "opponent": "computer", "side": 0, "level": "perfect"}) if key in LOST_FOR_BLACK \
        else None
    if scene is not None:                       # it can force a win: it declines
        driver.run_until(lambda: not scene.versus.warming)
        driver.key(pygame.K_d)
        driver.key(pygame.K_y)
        assert scene.versus.offers.pending is not None
        driver.run_until(lambda: scene.versus.offers.pending is None)
        assert not scene.over and scene.message == "Computer declines the draw: play on."
        driver.key(pygame.K_d)
        assert driver.app.top is scene and "declined" in scene.message, "not twice a turn"
    # From the start (a draw under best play) it accepts: the same words and record in each.
    scene = driver.start(key, play_options={"opponent": "computer", "side": 0,
                                            "level": "high"})
    driver.run_until(lambda: not scene.versus.warming)
    driver.key(pygame.K_d)
    driver.key(pygame.K_y)
    driver.until_result()
    assert scene.ending.title() == "A draw" and scene.ending.mood() == "neutral"
    assert scene.ending.reason() == "You offered a draw and the computer accepted."
    assert dict(scene.ending.result().facts)["Moves"] == "0"
    game = history_queries.games(recorded.db(), most=1)[0]
    assert (game.outcome, game.level, game.moves) == ("draw", "high", ("draw",))


# --- Solve ------------------------------------------------------------------------------------

SOLVERS = [k for k in GAMES if any(b.command == Command.SOLVE for b in info(k).commands)]


def test_the_games_with_a_solver_have_solve():
    assert SOLVERS == ["kenken", "poggle"]


def solve_params(key: str):
    if key == "kenken":
        from games.kenken.rules import Params
        return Params(4, "easy")
    from games.poggle.rules import Params
    return Params(4, 3)


def start_solver(driver, key: str) -> Frame:
    scene = driver.start(key, solve_params(key), seed=5)
    if key == "poggle":
        scene.board.planner.wait()
    driver.settle()
    return scene


def ask_solve(driver, scene, key: str, device: str) -> None:
    """Solve asked for as a player of that device would: S; the mouse on Poggle's toolbar
    button or Calcoolation's panel button; the pad on the same, reached with the d-pad."""
    if device == "keyboard":
        driver.key(pygame.K_s)
    elif key == "poggle" and device == "mouse":
        driver.click(next(b for b in scene.toolbar.widgets if b.words == "Solve (S)").rect.center)
    elif key == "poggle":
        while not scene.toolbar.focused:            # down off the board to the toolbar
            driver.pad(PAD["down"])
        while scene.toolbar.widgets[scene.toolbar.focus].words != "Solve (S)":
            driver.pad(PAD["right"])
        driver.pad(PAD["a"])
    else:                                           # Calcoolation's panel, right of the grid
        board = scene.board
        solve = next(box for name, box in board.layout.buttons if name == "solve")
        if device == "mouse":
            driver.click(pygame.Rect(solve).center)
            return
        while board.ui.panel is None:
            driver.pad(PAD["right"])
        while (here := board.layout.buttons[board.ui.panel][1]) != solve:
            driver.pad(PAD["down"] if here[1] < solve[1] else PAD["up"] if here[1] > solve[1]
                       else PAD["right"] if here[0] < solve[0] else PAD["left"])
        driver.pad(PAD["a"])


def answer(driver, question: ConfirmScene, device: str, yes: bool) -> None:
    """Yes or the safe answer (where the focus starts), by that device."""
    if device == "mouse":
        driver.click((question.yes if yes else question.no).rect.center)
    elif device == "pad":
        driver.pad(PAD["left"] if yes else PAD["right"])
        driver.pad(PAD["a"])
    else:
        driver.key(pygame.K_y if yes else pygame.K_RETURN)


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
@pytest.mark.parametrize("key", SOLVERS)
def test_solve_asks_once_then_the_computer_plays_it_and_no_best_score(driver, key, device):
    scene = start_solver(driver, key)
    ask_solve(driver, scene, key, device)
    question = asked(driver)
    answer(driver, question, device, yes=False)
    assert driver.app.top is scene and not scene.solver.active, "Keep playing"
    assert not scene.solve_used
    ask_solve(driver, scene, key, device)
    answer(driver, asked(driver), device, yes=True)
    assert scene.solver.active and scene.solve_used
    driver.run_until(lambda: scene.over, dt=1 / 30)
    assert scene.session.moves_made > 1, "played as moves, one by one"
    driver.until_result()
    result = driver.app.top
    assert isinstance(result, ResultScene) and result.rank is None
    assert scene.ending.title() == SOLVED_BY_COMPUTER and scene.ending.mood() == "neutral"
    shown = scene.ending.shown()                # the words entered as the last move ended it
    assert (shown.title, shown.mood) == (SOLVED_BY_COMPUTER, "neutral")
    assert not scene.best_entries()
    game = history_queries.games(recorded.db(), most=1)[0]
    assert game.record.get("solved") == 1 and not game.ranked and game.outcome == "won"
    driver.frames()
    result.menu.focus = [b.words for b in result.menu.widgets].index("Look at the board")
    driver.key(pygame.K_RETURN)
    buttons = [b for b in scene.toolbar.widgets if b.words == "Solve (S)"]
    assert all(not b.enabled for b in buttons), "dimmed once the game is over"
    driver.key(pygame.K_s)
    assert driver.app.top is scene, "S asks nothing once it is over"


@pytest.mark.parametrize("stop", ["arrow", "click", "Esc", "pad A"])
@pytest.mark.parametrize("key", SOLVERS)
def test_any_key_or_click_stops_solve_and_undo_never_refunds_it(driver, key, stop):
    scene = start_solver(driver, key)
    driver.key(pygame.K_s)
    driver.key(pygame.K_y)
    driver.run_until(lambda: scene.session.moves_made >= 1, dt=1 / 30)
    {"arrow": lambda: driver.key(pygame.K_DOWN), "click": lambda: driver.click((5, 300)),
     "Esc": lambda: driver.key(pygame.K_ESCAPE), "pad A": lambda: driver.pad(PAD["a"])}[stop]()
    assert not scene.solver.active and driver.app.top is scene
    played = scene.session.moves_made
    driver.frames(60, dt=0.2)
    assert scene.session.moves_made == played and not scene.over, "stopped"
    while scene.session.can_undo():
        driver.key(pygame.K_u)
    assert scene.solve_used, "in the record: undo never refunds it"
