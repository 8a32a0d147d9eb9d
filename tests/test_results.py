"""The end of a game, the same in all seven (docs/DESIGN.md, "Results and words"): one result
template filled in from the game's record, the game ID shown and copied, and a finished game
looked back at (undo after the end): the clock never runs again, no second result is entered,
a second ending shows the first result again. Through the real loop with mouse, keyboard and
pad; endings generated from seeded playouts."""
import ast
import glob
import importlib
import os
import random
import re

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.kit import registry
from games.core.kit.results import Result, plural, template_problems, vocabulary_problems
from games.core.kit.session import Session
from games.core.screens.frame import Frame
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import LOOKING_BACK, PauseScene, ResultScene
from tests import recorded

GAMES = registry.KEYS
PAD_A, PAD_B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B


def ended_session(key: str, seed: int) -> Session | None:
    """A game played to its end from a seeded playout (Poggle by its solution), or None."""
    rules, rng = registry.lookup(key).rules, random.Random(seed)
    session = Session.new(key, None, seed)
    if key == "poggle":
        from games.poggle import solver
        for move in solver.solution_moves(session.state):
            session.apply(move)
    for _ in range(400):
        if session.status.over:
            return session
        session.apply(rng.choice(rules.legal_moves(session.state)))
    return session if session.status.over else None


def one_move_from_the_end(key: str, seed: int = 1) -> tuple[Session, object]:
    """A session one move before an ending, and that move."""
    for attempt in range(seed, seed + 60):
        ended = ended_session(key, attempt)
        if ended is None or ended.moves_made < 2:
            continue
        last = ended.last_move()
        ended.undo()
        del ended.entries[ended.position + 1:]
        return ended, last
    raise AssertionError(f"no ending found for {key}")


def start_before_the_end(driver, key: str, seed: int = 1, opponent: str = "computer"):
    """The game one move before its end; a two-player game against the computer (or
    another person) with the human to make that move."""
    session, last = one_move_from_the_end(key, seed)
    play = {}
    if registry.lookup(key).players == 2:
        side = registry.lookup(key).rules.current_player(session.state)
        play = {"opponent": opponent, "side": side, "level": "perfect"}
    scene = Frame(driver.app, session, play)
    driver.app.push(scene)
    driver.frames()
    return scene, last


def result_words(scene) -> list[str]:
    return scene.ending.shown().lines()


# --- the template and the look back, every game through the real loop ----------------------

@pytest.mark.parametrize("key", GAMES)
def test_every_game_ends_in_the_template_and_looks_back_without_a_second_result(driver, key):
    scene, last = start_before_the_end(driver, key)
    scene.play(last)                                   # the last move, as the player made it
    driver.until_result()
    screen = driver.app.top
    assert isinstance(screen, ResultScene) and not scene.ending.looking_back
    first = screen.result
    assert first == scene.session.result, "the first ending is kept in the game's record"
    assert template_problems(first) == []
    assert screen.id_row.game_id == scene.session.game_id
    driver.frames()                                    # drawn once
    kept = recorded.count(), recorded.records_by_table(), recorded.scores()
    driver.key(pygame.K_ESCAPE)                        # look at the board
    assert driver.app.top is scene
    elapsed = scene.session.elapsed
    driver.key(pygame.K_u)                             # undo after the end: a look back
    assert not scene.over
    driver.frames(120, dt=0.25)                        # 30 s pass
    assert scene.session.elapsed == elapsed, "a finished game's clock never runs again"
    assert scene.clock_due() is None
    driver.key(pygame.K_r)                             # the same ending again
    driver.until_result()
    again = driver.app.top
    assert isinstance(again, ResultScene) and scene.ending.looking_back and again.rank is None
    assert again.result == first
    assert LOOKING_BACK in [row[1] for row in again.rows()]
    assert (recorded.count(), recorded.records_by_table(), recorded.scores()) == kept
    assert kept[0] == 1, "the first ending is one row of the history"
    assert scene.session.count("recorded") == 1


@pytest.mark.parametrize("key", GAMES)
def test_the_first_result_survives_save_and_resume(driver, key):
    scene, last = start_before_the_end(driver, key)
    scene.play(last)
    driver.until_result()
    first = driver.app.top.result
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_u)
    scene.save()                                       # saved while looked back at
    driver.app.pop(scene)
    assert resume_saved_game(driver.app, key)
    resumed = driver.app.top
    assert resumed.session.result == first and resumed.recorded
    elapsed = resumed.session.elapsed
    driver.frames(40, dt=0.25)
    assert resumed.session.elapsed == elapsed


def test_nim_lost_then_won_after_undo_says_the_board_and_what_the_record_keeps(driver):
    """Lose to the computer, undo to the start, then win: the result says the board (won in
    its own number of moves, not counted), and names the loss the record keeps."""
    from games.nim import ai
    scene = driver.start("nim", seed=2, play_options={"opponent": "computer", "side": 0,
                                                       "level": "perfect"})

    def play_out(choose) -> None:
        while not scene.over:
            driver.run_until(lambda: scene.over or scene.versus.human_to_move())
            if not scene.over:
                scene.play(choose())
        driver.run_until(lambda: isinstance(driver.app.top, ResultScene))

    def weakest():
        return min(registry.lookup("nim").rules.legal_moves(scene.state), key=lambda m: m.encode())
    play_out(weakest)
    lost = driver.app.top.result
    assert lost.title == "You lost" and lost.mood == "bad"
    assert recorded.records_by_table()["nim/level=perfect"] == {"lost": 1}
    driver.key(pygame.K_ESCAPE)
    while scene.session.can_undo():
        driver.key(pygame.K_u)
    assert scene.session.moves_made == 0
    play_out(lambda: ai.choose_move(scene.state, random.Random(0), None))
    assert scene.versus.human_result() == "won", "the board is a win this time"
    shown = driver.app.top.result
    assert shown.title == "You won, not counted" and shown.mood == "neutral"
    assert shown.reason == scene.ending.reason() and shown.reason != lost.reason
    moves = str(scene.versus.moves_played())
    assert dict(shown.facts)["Moves"] == moves != dict(lost.facts)["Moves"]
    assert shown.notes[-1] == (f"Your record keeps this game's first ending: You lost "
                               f"(Moves {dict(lost.facts)['Moves']}).")
    assert "You won!" not in shown.lines()
    assert scene.session.result == lost, "the record keeps the first ending"
    assert recorded.records_by_table()["nim/level=perfect"] == {"lost": 1}
    assert template_problems(shown) == []


def play_to_an_end(driver, scene, rng: random.Random, wander: int) -> None:
    """Play on from here to an ending: `wander` random legal moves, then the scripted
    player's (the computer answers in its turns)."""
    rules = registry.lookup(scene.session.key).rules
    alone = registry.lookup(scene.session.key).players == 1
    for made in range(2000):
        driver.run_until(lambda: scene.over or alone or scene.versus.human_to_move(), limit=200)
        if scene.over:
            break
        if made < wander:
            scene.play(rng.choice(rules.legal_moves(scene.state)))
        elif isinstance(known := solution(driver, scene), list):
            for move in known:             # a puzzle with a solver: its moves, by hand
                scene.play(move)
        else:
            scene.demo_step()
        driver.frames(20)
    driver.until_result()


def solution(driver, scene):
    """The solver's moves from here (once known), or a reason there are none."""
    known = scene.board.solution()
    for _ in range(100):
        if known is not None:
            break
        driver.app.jobs.wait_all()
        driver.frames()
        known = scene.board.solution()
    return known


def figure(value: str) -> str | None:
    """The leading number or clock of a value ("12 of 200" -> "12"), or None."""
    found = re.match(r"[0-9][0-9:]*", value)
    return found.group() if found else None


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(GAMES), seed=st.integers(1, 400), back=st.integers(1, 12),
       hint=st.booleans(), wander=st.integers(0, 12),
       opponent=st.sampled_from(["computer", "human"]))
def test_a_later_ending_says_the_board_and_labels_the_one_recorded(driver, key, seed, back, hint,
                                                                  wander, opponent):
    """End a game, undo, (take a hint,) end it again, maybe differently: the result screen
    shows the board's own ending, its facts the figures of the board and the HUD; when it
    differs from the ending entered, its title says it is not counted and a note names the
    entered one; the history keeps the first ending alone."""
    scene, last = start_before_the_end(driver, key, seed, opponent)
    scene.play(last)
    driver.until_result()
    entered = driver.app.top.result
    kept = recorded.count(), recorded.records_by_table(), recorded.scores()
    driver.key(pygame.K_ESCAPE)
    for _ in range(back):
        driver.key(pygame.K_u)
        driver.settle()
    if hint and not scene.over:
        driver.key(pygame.K_h)
        driver.app.jobs.wait_all()
        driver.frames(5)
    if scene.over:                       # nothing to undo: the ending is still the board's
        driver.key(pygame.K_u)
    play_to_an_end(driver, scene, random.Random(seed), wander)
    screen = driver.app.top
    assert isinstance(screen, ResultScene) and scene.ending.looking_back and screen.rank is None
    shown, present = screen.result, scene.ending.result()
    assert shown.reason == present.reason and shown.facts == present.facts
    hud = {name: value for name, value, *_ in scene.board.hud_fields()}
    for label, value in shown.facts:
        if label in hud and label != "Help" and figure(hud[label]) is not None:
            assert figure(hud[label]) == figure(value), (label, hud[label], value)
    if (present.title, present.reason, present.facts) == \
            (entered.title, entered.reason, entered.facts):
        assert shown == entered and LOOKING_BACK in [row[1] for row in screen.rows()]
    else:
        assert shown.title == f"{present.title.rstrip('!')}, not counted"
        assert shown.mood == "neutral" and "You won!" not in shown.lines()
        assert shown.notes[-1].startswith(
            f"Your record keeps this game's first ending: {entered.title.rstrip('!')}")
        for label, value in entered.facts:      # each figure of the first is labelled as such
            assert dict(shown.facts).get(label) == value or f"{label} {value}" in shown.notes[-1]
    assert template_problems(shown) == []
    assert scene.session.result == entered, "the record keeps the first ending"
    assert (recorded.count(), recorded.records_by_table(), recorded.scores()) == kept
    driver.frames()                                    # drawn
    driver.app.stack[1:] = []


def test_deductile_solved_then_undone_keeps_its_time(driver):
    from games.deductile import ai, rules
    scene = driver.start("deductile", rules.Params(4, "normal"), seed=7)
    driver.frames(60, dt=0.5)                          # 30 s think
    while not rules.guess_is_right(scene.state):
        scene.play(ai.choose_move(scene.state))
    driver.settle()
    driver.key(pygame.K_g)
    driver.until_result()
    first = driver.app.top.result
    assert first.title == "Solved!" and first.facts[0][0] == "Time left"
    driver.key(pygame.K_ESCAPE)
    left = scene.board.time_left()
    for key in (pygame.K_u, pygame.K_u, pygame.K_u):
        driver.key(key)
        driver.frames(40, dt=0.25)
        assert scene.board.time_left() == left
    assert dict((n, v) for n, v, *_ in scene.board.hud_fields())["Time left"] == first.facts[0][1]


def test_deductile_a_hint_after_the_end_shows_in_the_next_result_beside_the_one_kept(driver):
    """Solve, look at the board, undo, take a hint (the HUD charges it and 5 s), guess right
    again: the result's figures are the HUD's, and the first ending's are labelled as kept."""
    from games.deductile import ai, rules
    scene = driver.start("deductile", rules.Params(4, "normal"), seed=7)
    driver.frames(60, dt=0.5)
    while not rules.guess_is_right(scene.state):
        scene.play(ai.choose_move(scene.state))
    driver.settle()
    driver.key(pygame.K_g)
    driver.until_result()
    first = dict(driver.app.top.result.facts)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_u)
    driver.key(pygame.K_h)
    hud = {name: value for name, value, *_ in scene.board.hud_fields()}
    assert hud["Hints"] == "1" and hud["Time left"] != first["Time left"]
    driver.key(pygame.K_r)
    driver.key(pygame.K_g)
    driver.until_result()
    shown = driver.app.top.result
    assert dict(shown.facts)["Hints"] == hud["Hints"]
    assert dict(shown.facts)["Time left"] == hud["Time left"]
    assert shown.title == "Solved, not counted"
    assert shown.notes[-1] == ("Your record keeps this game's first ending: Solved (Time left "
                               f"{first['Time left']}, Hints 0).")


# --- generated endings: every result in the template, in the one vocabulary --------------

@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(GAMES), seed=st.integers(0, 10_000), hints=st.integers(0, 3),
       opponent=st.sampled_from(["computer", "human", "demo"]), side=st.integers(0, 1))
def test_generated_endings_fill_in_the_template(driver, key, seed, hints, opponent, side):
    session = ended_session(key, seed)
    if session is None:
        return
    session.note("hints", hints)
    play = {"opponent": opponent, "side": side} if registry.lookup(key).players == 2 else {}
    scene = Frame(driver.app, session, play)
    driver.app.push(scene)
    try:
        result = scene.ending.result()
        assert template_problems(result) == [], result
        if play.get("opponent") == "computer":
            assert result.title in ("You won!", "You lost", "A draw")
            names = [name.capitalize() for name in scene.versus.sides]
            assert not result.reason.startswith(tuple(names)), "the human is 'You'"
        assert Result.from_json(result.to_json()) == result
    finally:
        driver.app.pop(scene)


def test_the_template_checks_find_what_they_are_for():
    good = Result("You won!", "good", "The computer cannot move.", (("Moves", "17"),))
    assert template_problems(good) == []
    for bad in (Result("Time is up", "bad", "Time is up."),
                Result("You win!", "good", "Black cannot move."),
                Result("Solved!", "good", "every clue holds"),
                Result("Solved!", "good", "Every clue holds.",
                       (("Wrong guesses", "1  Hints: 1"),)),
                Result("A draw", "neutral", "Agreed.", (("Moves:", "3"),)),
                Result("You lost", "bad", "You took 1 counters.")):
        assert template_problems(bad), bad
    assert plural(1, "move") == "1 move" and plural(0, "move") == "0 moves"
    assert plural(2, "guess", "guesses") == "2 guesses"
    assert vocabulary_problems("Your move (black)") and vocabulary_problems("Best scores")
    assert vocabulary_problems("back to colour 0") and not vocabulary_problems("blank")


# --- the game ID: shown, copied with Ctrl+C, the Copy button and the pad -------------------

def clipboard_text() -> str:
    return pygame.scrap.get_text()


@pytest.mark.parametrize("key", GAMES)
def test_the_pause_menu_shows_the_game_id_and_copies_it(driver, key):
    scene = driver.start(key, seed=4)
    pygame.scrap.put_text("something else")
    driver.key(pygame.K_c, pygame.KMOD_CTRL)           # in the game itself
    assert clipboard_text() == scene.session.game_id and "clipboard" in scene.message
    pygame.scrap.put_text("something else")
    driver.key(pygame.K_p)
    pause = driver.app.top
    assert isinstance(pause, PauseScene) and pause.id_row.game_id == scene.session.game_id
    driver.key(pygame.K_c, pygame.KMOD_CTRL)
    assert clipboard_text() == scene.session.game_id and pause.toast.shown
    driver.frames(int(4 / (1 / 60)))
    assert not pause.toast.shown, "the toast goes"
    pygame.scrap.put_text("something else")
    driver.click(pause.id_row.button.rect.center)      # the mouse
    assert clipboard_text() == scene.session.game_id
    pygame.scrap.put_text("something else")
    pause.menu.focus = 0
    for _ in range(len(pause.menu.widgets)):           # the pad walks down to Copy
        if pause.menu.widgets[pause.menu.focus] is pause.id_row.button:
            break
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(PAD_A)
    assert clipboard_text() == scene.session.game_id


def test_the_result_screen_copies_the_game_id_and_says_when_it_cannot(driver, monkeypatch):
    scene, last = start_before_the_end(driver, "kono")
    scene.play(last)
    driver.until_result()
    screen = driver.app.top
    driver.key(pygame.K_c, pygame.KMOD_CTRL)
    assert clipboard_text() == scene.session.game_id
    assert screen.toast.shown == "The game ID is on the clipboard."

    def no_clipboard(text):
        raise pygame.error("SDL has no clipboard here")
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    driver.click(screen.id_row.button.rect.center)
    assert screen.toast.shown.startswith("The clipboard is not available here")
    driver.frames()                                    # drawn, in one line


# --- one vocabulary across every player-facing string ------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each game's playing pieces have one name: the others are not said in that game.
PIECE_NAMES = {"ishido": r"\bpieces?\b", "kono": r"\bstones?\b", "mu_torere": r"\bstones?\b",
               "nim": r"\b(stones?|pieces?|tokens?|coins?)\b"}


def player_facing(path: str) -> list[tuple[int, str]]:
    """The string literals of a module a player may read: all but docstrings, and all but
    single words (keys and names in code)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs and " " in node.value.strip()]


def game_sources() -> list[str]:
    """Scenes, panels, views, controls, rules and info of every game and the frame's screens
    (the command line and the bench speak to developers)."""
    paths = glob.glob(os.path.join(ROOT, "games", "*", "*.py")) + \
        glob.glob(os.path.join(ROOT, "games", "core", "screens", "*.py")) + \
        glob.glob(os.path.join(ROOT, "games", "core", "data", "records.py"))
    return sorted(p for p in paths if os.path.basename(p) != "bench.py")


def test_every_player_facing_string_speaks_the_one_vocabulary():
    problems, seen = [], 0
    for path in game_sources():
        game = os.path.basename(os.path.dirname(path))
        for line, words in player_facing(path):
            seen += 1
            where = f"{os.path.relpath(path, ROOT)}:{line}"
            problems += [f"{where} {problem}" for problem in vocabulary_problems(words)]
            if game in PIECE_NAMES and re.search(PIECE_NAMES[game], words, re.IGNORECASE):
                problems.append(f"{where} {words[:80]!r}: this game's pieces have one name")
    assert seen > 500, "the harvest found the strings"
    assert problems == []


@pytest.mark.parametrize("key", GAMES)
def test_the_rules_pages_speak_the_one_vocabulary(key):
    words = " ".join(registry.lookup(key).data.rules_text.split())
    assert vocabulary_problems(words) == []
    if key in PIECE_NAMES:
        assert not re.search(PIECE_NAMES[key], words, re.IGNORECASE), key


# --- one wording for one idea, across the games and the screens -----------------------------

def test_the_drift_checks_find_what_they_are_for():
    from games.core.kit.results import help_note
    for words in ("W-D-L", "Won / lost / drawn", "Solve was used in this game: not a best "
                  "result.", "not a best score", "Custom 37", "Solved by computer"):
        assert vocabulary_problems(words), words
    for words in ("Won-lost-drawn", "3-1-2", "Custom 37%", "Solved by the computer",
                  help_note(["Solve"]), help_note(["2 hints", "Solve"])):
        assert not vocabulary_problems(words), words


ONE_PLAYER = [key for key in GAMES if registry.lookup(key).players == 1]


@pytest.mark.parametrize("key", ONE_PLAYER)
def test_a_setting_is_worded_the_same_on_every_screen(driver, drawn_labels, key):
    """Each setting of each puzzle in one wording, its game's (info.setting_words): the best
    results' heading, the history and the statistics, the result's facts and the game's own
    panel ('6 x 6, Easy' beside 'Size 6, easy' was the drift)."""
    from games.core.screens.stats import setting_words
    from tests.params import params_of
    info = importlib.import_module(f"games.{key}.info")   # its size_words too
    for params in params_of(key):
        words = info.setting_words(params)
        heading, _ = driver.setup_summary(key, params, {})
        assert heading == f"Best results: {words}"
        assert setting_words(key, params.encode()) == words, "history, statistics"
        drawn_labels.clear()
        scene = driver.start(key, params, seed=2)
        driver.settle()
        facts = dict(scene.ending.facts())
        if "Puzzle" in facts:
            assert facts["Puzzle"] == words
        shown = [text for _, text, _ in drawn_labels]
        sized = getattr(info, "size_words", info.setting_words)(params)
        if key in ("kenken", "poggle"):                  # their panels name the setting
            assert sized in shown, (sized, shown[:8])
        driver.app.stack[1:] = []


def test_a_record_is_worded_the_same_on_every_screen(driver, drawn_labels):
    """Won, lost and drawn in one order and one wording: the statistics' figures, a game's
    table per level, the collection's row per game, the chart per level, and the result's
    record at that level."""
    from games.core.data import history
    from games.core.kit.results import RECORD_HEADING
    from games.core.screens.stats import StatsScene
    for outcome, count in (("won", 3), ("lost", 1), ("draw", 2)):
        for _ in range(count):
            recorded.db().record(history.Game(
                game="nim", params="", game_id="", started="", finished=history.utc_text(),
                outcome=outcome, score=None, detail="", ranked=False, duration=30.0,
                opponent="computer", level="low"))
    driver.app.jobs.wait_all()
    for key in ("nim", ""):
        drawn_labels.clear()
        screen = StatsScene(driver.app, key)
        driver.app.push(screen)
        driver.frames()
        shown = [text for _, text, _ in drawn_labels]
        assert RECORD_HEADING in shown and shown.count("3-1-2") >= 2, shown
        assert not any(text in ("1-2-3", "3-2-1", "W-D-L") for text in shown)
        driver.app.pop(screen)
    scene = driver.start("nim", seed=3, play_options={"opponent": "computer", "side": 0,
                                                       "level": "low"})
    assert dict(scene.ending.facts())["Your record at Low"] == "3 won, 1 lost, 2 drawn"
