"""What the three two-player games share, checked on each through the real loop: one level
ladder in setup and in Options, New game means the setup screen everywhere, the input gate in
play(), the graded hint in Win / Draw / Loss words with a label for every legal move, the last
move marked, side names from the frame, hostile preferences, the termination kind, and the
thin-scene rules (no Session built, no widget subclassed, no device or animation setting read
outside games/core)."""
import ast
import pathlib
import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.data.store import Store
from games.core.kit import registry, rules_api
from games.core.kit.checks import Boolean, Integer, OneOf
from games.core.kit.prefs import Pref, Preferences
from games.core.kit.versus_options import LEVEL_CHOICES, level_title
from games.core.screens import hud
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.widgets import OptionsOverlay
from tests import recorded
from tests.versus_harness import graded

store = Store(lambda message: None)   # the test's own hand on the data folder

GAMES = ("mu_torere", "kono", "nim")
AGAINST = {"opponent": "computer", "side": 0, "level": "off"}
ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("key", GAMES)
def test_one_level_ladder_in_setup_and_in_options(driver, key):
    level = next(o for o in registry.lookup(key).data.options if o.key == "level")
    assert level.choices == LEVEL_CHOICES
    assert [title for _, title in LEVEL_CHOICES] == ["Random", "Low", "Medium", "High", "Perfect",
                                                     "Custom"]
    scene = driver.start(key, play_options=dict(AGAINST, level="custom"))
    driver.key(pygame.K_o)
    options = driver.app.top
    assert isinstance(options, OptionsOverlay)
    assert options.widget("level").value == "custom" and "custom" in options.names
    options.widget("custom").set(37)
    assert scene.versus.level == 37 and scene.versus.level_text() == "Custom 37%"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene


def test_old_level_names_are_named_on_the_ladder():
    from games.kono import ai
    assert level_title("master", ai.level_chance) == "Perfect"
    assert level_title("random", ai.level_chance) == "Random"
    assert level_title(40, ai.level_chance) == "Custom 40%"
    assert level_title("nonsense", ai.level_chance) == "Perfect"


@pytest.mark.parametrize("key", GAMES)
def test_new_game_is_the_setup_screen_from_options_menu_and_result(driver, key):
    scene = driver.start(key, play_options={"opponent": "human"})
    if key == "nim":
        scene.board.teach = False
    driver.key(pygame.K_o)
    new = driver.app.top.widget("new")
    driver.click(new.rect.center)
    assert isinstance(driver.app.top, SetupScene) and driver.app.top.replace_scene is scene
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)                         # the pause menu
    pause = driver.app.top
    driver.click(next(w for w in pause.menu.widgets if w.words == "New game").rect.center)
    assert isinstance(driver.app.top, SetupScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene
    driver.app.settings["animations"] = False
    rng = random.Random(1)
    while not scene.over:
        scene.play(scene.versus.ai.choose_move(scene.state, rng, "perfect"))
    driver.until_result()
    driver.key(pygame.K_RETURN)                         # the result's New game
    assert isinstance(driver.app.top, SetupScene) and driver.app.top.replace_scene is scene


@pytest.mark.parametrize("key", GAMES)
def test_computer_against_computer_plays_to_the_end_and_pauses(driver, key):
    driver.app.settings["animations"] = False
    scene = driver.start(key, play_options={"opponent": "demo", "level": "perfect"})
    assert scene.versus.demo
    driver.run_until(lambda: scene.session.position >= 2)
    driver.key(pygame.K_SPACE)
    assert scene.versus.demo_paused
    position = scene.session.position
    driver.frames(20, 0.2)
    assert scene.session.position == position, "paused: nothing moves"
    driver.key(pygame.K_u)
    assert scene.session.position == position - 1 and scene.versus.demo_paused
    driver.click(scene.board_rect.center)
    assert not scene.versus.demo_paused, "a click on the board plays on"
    driver.run_until(lambda: isinstance(driver.app.top, ResultScene), limit=1500)
    assert scene.over and recorded.records_by_table() == {}, "no record for the demo"


@pytest.mark.parametrize("key", GAMES)
def test_a_human_move_on_the_computers_turn_is_refused_in_play(driver, key):
    scene = driver.start(key, play_options=dict(AGAINST, side=1))
    assert scene.versus.computer_to_move()
    move = registry.lookup(key).rules.legal_moves(scene.state)[0]
    assert scene.play(move) is None and scene.session.position == 0
    assert "computer" in scene.message.lower()
    driver.run_until(scene.versus.human_to_move)
    assert scene.session.position == 1, "the computer's own move goes through"


@pytest.mark.parametrize("key", GAMES)
def test_the_hint_grades_every_move_in_words_and_places_each_label(driver, key):
    scene = driver.start(key, play_options=dict(AGAINST))
    driver.frames(60)
    driver.key(pygame.K_h)
    grades = graded(driver, scene)
    legal = registry.lookup(key).rules.legal_moves(scene.state)
    assert sorted(map(str, (m for m, _, _ in grades))) == sorted(map(str, legal))
    for move, value, plies in grades:
        assert scene.board.grade_spot(move) is not None
        words = hud.grade_words(value, plies)
        assert words.split()[0] in ("Win", "Draw", "Loss")
    assert scene.message.startswith("Your moves graded:")
    driver.frames(2)
    surface = pygame.Surface(driver.app.size)
    scene.draw(surface)                                   # labels drawn without error
    driver.key(pygame.K_h)
    assert not scene.versus.hint_shown()


@pytest.mark.parametrize("key", GAMES)
def test_the_last_move_is_marked_through_the_hook(driver, key, monkeypatch):
    driver.app.settings["animations"] = False
    scene = driver.start(key, play_options={"opponent": "human"})
    marked = []
    # Kono's view marks the move in its still picture (games/kono/view.py): watch it there.
    marker = scene.board.view if key == "kono" else scene.board
    monkeypatch.setattr(marker, "mark_move", lambda surface, move: marked.append(move))
    scene.draw(pygame.Surface(driver.app.size))
    assert marked == [], "nothing to mark before a move"
    move = registry.lookup(key).rules.legal_moves(scene.state)[0]
    scene.play(move)
    scene.draw(pygame.Surface(driver.app.size))
    assert marked and marked[-1] == move


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("hostile", [[1, 2], {"a": 1}, "x" * 5, 10**9, None, True, -3, 3.5])
def test_hostile_preferences_fall_back_to_defaults(driver, key, hostile):
    driver.app.settings[key] = {"custom_level": hostile, "undo_depth": hostile,
                                "colours": hostile, "board": hostile, "legend": hostile,
                                "teach": hostile, "custom_heaps": hostile}
    scene = driver.start(key, play_options=dict(AGAINST, level="custom"))
    for name, pref in scene.prefs.schema.items():
        assert scene.prefs[name] == pref.default or pref.check.accepts(scene.prefs[name])
    assert scene.prefs["custom_level"] == 50 and scene.prefs["undo_depth"] == 0
    driver.frames(3)


@given(st.one_of(st.integers(), st.text(), st.lists(st.integers()), st.none(), st.booleans(),
                 st.dictionaries(st.text(), st.integers())))
@settings(max_examples=60, deadline=None)
def test_preferences_keep_only_valid_values(value):
    schema = (Pref("n", 5, Integer(0, 10)), Pref("c", "a", OneOf("a", "b")),
              Pref("b", True, Boolean()))
    settings_ = {"g": {"n": value, "c": value, "b": value}}
    prefs = Preferences(settings_, "g", schema)
    assert 0 <= prefs["n"] <= 10 and prefs["c"] in ("a", "b") and prefs["b"] in (True, False)
    if prefs.set("n", value):
        assert type(value) is int and 0 <= value <= 10
        assert settings_["g"] == prefs.values, "a write keeps only valid values"
    else:
        assert not (type(value) is int and 0 <= value <= 10) and prefs["n"] != value


@pytest.mark.parametrize("key", GAMES)
def test_every_ending_carries_its_termination_kind(key):
    rules = registry.lookup(key).rules
    rng = random.Random(key)
    for _ in range(30):
        state = rules.new_game(rules.params_from_options(), rules.new_desc(
            rules.params_from_options(), rng))
        while not rules.status(state).over:
            state = rules.apply_move(state, rng.choice(rules.legal_moves(state)))
        assert rules.status(state).termination in tuple(rules_api.Termination)


def test_mu_torere_endings_name_the_sides_by_their_colours(driver):
    driver.app.settings["mu_torere"] = {"colours": ["red", "blue"]}
    driver.app.push(SetupScene(driver.app, "mu_torere"))
    driver.frames()
    side = next(o for o, _ in driver.app.top.choices if o.key == "side")
    assert dict(side.choices) == {0: "Red", 1: "Blue"}, "not 'You play: Black'"


def module_tree(path):
    return ast.parse(path.read_text(encoding="utf-8"))


OWN = [ROOT / "games" / game / name for game in GAMES
       for name in ("scene.py", "editor.py", "layout.py", "motion.py", "panel.py", "info.py",
                    "cursor.py", "geometry.py")
       if (ROOT / "games" / game / name).exists()]


@pytest.mark.parametrize("path", OWN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_two_player_modules_are_thin(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 600
    tree = module_tree(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Session":
            pytest.fail(f"{path.name} builds a Session")
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(base) for base in node.bases]
            assert not any("Widget" in base or base.startswith("ui.") for base in bases), bases
    for needle in ("last_device", 'settings.get("animations"', '"restart"'):
        assert needle not in text, f"{path.name} reads {needle} itself"
