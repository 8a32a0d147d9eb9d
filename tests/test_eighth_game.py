"""docs/ARCHITECTURE.md, checked by doing it: a game defined outside games/ (tests/tiny_game,
"Lamps") joins through the registry, shows on the launcher, and is played through the real
loop from its launcher card to its result screen; the rules-contract checks run over it."""
import dataclasses
import inspect
import os
import re

import pygame
import pytest
import test_conformance as conformance
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.rules_api import Outcome
from games.core.screens.board import Board
from games.core.screens.frame import Frame
from games.core.screens.launcher import LauncherScene
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.overlays import HelpScene
from tests import recorded
from tests.driver import Driver

store = Store(lambda message: None)   # the test's own hand on the data folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONTRACT = [getattr(conformance, name) for name in sorted(dir(conformance))
            if name.startswith("test_")
            and list(inspect.signature(getattr(conformance, name)).parameters) == ["key"]]


@pytest.fixture
def lamps(monkeypatch):
    """Lamps registered for this test only (importing a game package registers it, so it is
    imported only here; the other tests see the seven games)."""
    from tests.tiny_game import GAME
    monkeypatch.setattr(registry, "GAMES", dict(registry.load_all()))
    return registry.add(GAME)


@pytest.fixture
def lamps_rules(lamps):
    return registry.lookup("tiny_game").rules


def test_the_registry_takes_a_game_from_outside_games(lamps, lamps_rules):
    assert lamps.key == "tiny_game" and lamps.package == "tests.tiny_game"
    assert [info.key for info in registry.launcher_games()] == list(registry.KEYS) + ["tiny_game"]
    assert registry.lookup("tiny_game").rules is lamps_rules
    assert registry.add(lamps) is lamps                           # again: the same game
    with pytest.raises(ValueError):                               # another game of that key
        registry.add(dataclasses.replace(lamps, title="Other lamps"))


def test_without_registering_it_is_unknown():
    assert "tiny_game" not in registry.load_all() and len(registry.launcher_games()) == 7
    with pytest.raises(KeyError):
        registry.lookup("tiny_game")


@pytest.mark.parametrize("check", CONTRACT, ids=lambda check: check.__name__)
def test_lamps_keeps_the_rules_contract(lamps, check):
    check("tiny_game")


def test_lamps_known_answers(lamps_rules):
    params = lamps_rules.Params(5)
    assert lamps_rules.solution((1, 1, 0, 0, 0)) == (1, 0, 0, 0, 0)
    assert lamps_rules.solution_json(params, "01110") == [0, 0, 1, 0, 0]
    state = lamps_rules.new_game(params, "11000")
    state = lamps_rules.apply_move(state, lamps_rules.Move(0))
    assert state.lamps == (0, 0, 0, 0, 0) and lamps_rules.status(state).over
    assert lamps_rules.legal_moves(state) == []


def focus_card(driver, key):
    """Walk the launcher's focus to the game's card with the arrow keys, as a player would."""
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    cards = [w for w in launcher.menu.widgets if getattr(w, "info", None)]
    target = next(card for card in cards if card.info.key == key)
    for _ in range(2 * len(cards)):
        here = launcher.menu.widgets[launcher.menu.focus]
        if here is target:
            return
        dx, dy = target.rect.centerx - here.rect.centerx, target.rect.centery - here.rect.centery
        arrow = (pygame.K_DOWN if dy > 0 else pygame.K_UP) if abs(dy) > here.rect.height // 2 \
            else (pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        driver.key(arrow)
    raise AssertionError(f"the arrows never reached the card of {key}")


def test_lamps_played_from_the_launcher_to_the_result(lamps_rules, data_dir):
    driver = Driver()
    try:
        focus_card(driver, "tiny_game")
        driver.key(pygame.K_F1)                       # its rules, from the launcher
        assert isinstance(driver.app.top, HelpScene) and "lamps" in driver.app.top.text
        driver.key(pygame.K_ESCAPE)
        driver.key(pygame.K_RETURN)                   # its setup screen ...
        assert isinstance(driver.app.top, SetupScene) and driver.app.top.key == "tiny_game"
        driver.key(pygame.K_RETURN)                   # ... New game
        scene = driver.app.top
        assert isinstance(scene, Frame) and scene.session.key == "tiny_game"
        driver.settle()

        board = scene.board
        assert board.view.lamp_at(board.view.centre(2)) == 2
        driver.click(board.view.centre(2))            # a click presses a lamp ...
        assert scene.state.presses == 1
        driver.pad(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)   # ... the pad's LB takes it back
        assert scene.state.presses == 0 and scene.session.position == 0

        plan = lamps_rules.solution(scene.state.lamps)
        for lamp, press in enumerate(plan):           # the keyboard plays a shortest solution
            if press:
                step = pygame.K_RIGHT if lamp > board.ui.cursor else pygame.K_LEFT
                driver.key(step, times=abs(lamp - board.ui.cursor))
                assert board.ui.cursor == lamp
                driver.key(pygame.K_RETURN)
        assert scene.session.status.outcome == Outcome.WON
        driver.until_result()
        assert isinstance(driver.app.top, ResultScene)
        assert driver.app.top.game is scene
        assert dict(scene.ending.shown().facts)["Score"] == str(sum(plan))
        best = recorded.scores()[f"tiny_game/{scene.session.params.encode()}"]
        assert best[0]["score"] == sum(plan)
    finally:
        driver.close()


def test_the_walk_names_files_and_hooks_that_exist():
    """docs/ARCHITECTURE.md stays true: every path it names exists and every Board hook
    it names is one."""
    text = open(os.path.join(ROOT, "docs", "ARCHITECTURE.md"), encoding="utf-8").read()
    paths = set(re.findall(r"`((?:games|tests|sprites|tools)/[\w/.]+\.(?:py|md))`", text))
    assert len(paths) >= 10
    for path in paths:
        if "<key>" not in path:
            assert os.path.exists(os.path.join(ROOT, path)), path
    hooks = set(re.findall(r"`(\w+)\(\)`", text)) & set(vars(Board)) | \
        set(re.findall(r"`Board\.(\w+)`", text))
    assert {"read", "animate", "draw", "hud_fields"} <= hooks
    for hook in hooks:
        assert hasattr(Board, hook), hook


# --- its controls, without a display ------------------------------------------------------------

@given(lamps=st.lists(st.integers(0, 1), min_size=3, max_size=9), cursor=st.integers(0, 8),
       action=st.sampled_from([Action(Act.MOVE, dx=1), Action(Act.MOVE, dx=-1),
                               Action(Act.NEXT), Action(Act.PREV), Action(Act.CONFIRM),
                               Action(Act.PRESS, Device.MOUSE, (0, 0)), Action(Act.HINT)]),
       target=st.one_of(st.none(), st.integers(0, 8)))
@settings(max_examples=300, deadline=None,   # the fixture registers Lamps once: nothing resets
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_lamps_controls_keep_the_cursor_on_the_row_and_play_only_legal_moves(
        lamps_rules, lamps, cursor, action, target):
    from tests.tiny_game import controls
    state = lamps_rules.State(lamps_rules.Params(len(lamps)), tuple(lamps))
    ui = controls.Ui(min(cursor, len(lamps) - 1))
    target = None if target is None or target >= len(lamps) else target
    answer = controls.interpret(state, ui, action, target)
    if isinstance(answer, (Play, Look)):
        assert 0 <= answer.ui.cursor < len(lamps)
    if isinstance(answer, Play):
        assert answer.move in lamps_rules.legal_moves(state)
    if isinstance(answer, Refuse):
        assert lamps_rules.status(state).over and answer.reason
    if action.kind in (Act.NEXT, Act.PREV) and any(lamps):
        assert isinstance(answer, Look) and lamps[answer.ui.cursor] == 1, "Tab finds lit lamps"


def test_a_registered_game_keeps_its_remembered_choices_when_settings_are_saved(lamps, data_dir):
    """Lamps' setup choices (written by the one writer, options.remember) survive a save and
    a read of the settings, as the seven games' do, and so do its preferences' entry."""
    from games.core.data.store import Store
    from games.core.kit.options import remember
    store = Store(lambda message: None)
    settings, _ = store.load_settings()
    remember(settings, "tiny_game", {"size": 7})
    remember(settings, "kono", {"level": "high"})
    settings["tiny_game"] = {"glow": True}
    store.save_settings(settings)
    read, message = store.load_settings()
    assert message is None
    assert read["setup"]["tiny_game"] == {"size": 7} and read["setup"]["kono"] == {"level": "high"}
    assert read["tiny_game"] == {"glow": True}
    remember(read, "tiny_game", {"size": 9})
    assert read["setup"]["tiny_game"] == {"size": 9}, "a new choice replaces the old one"
