"""The daily puzzle, the statistics and the history through the real loop, with the mouse, the
keyboard and a gamepad; their layout with a history of thousands of generated games; the
daily puzzle's IDs and the command line."""
import datetime
import json
import os
import subprocess
import sys

import pygame
import pytest
from hypothesis import given, strategies as st

from games.core.cli.sample_history import fill
from games.core.data import history_queries, stats
from games.core.data.history_queries import Filter
from games.core.kit import daily, registry
from games.core.kit.rules_api import RuleError
from games.core.kit.session import Session
from games.core.screens import ui
from games.core.screens.launcher import Card, LauncherScene
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.question import ConfirmScene
from games.core.screens.stats import GameRow, HistoryScene, StatsScene
from tests import recorded

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAD_A, PAD_B, PAD_UP, PAD_DOWN, PAD_LEFT = 0, 1, 11, 12, 13


def button(scene, words: str) -> ui.Button:
    return next(w for w in scene.menu.widgets if isinstance(w, ui.Button) and w.words == words)


def card(driver, key: str) -> Card:
    launcher = driver.app.find(LauncherScene)
    return next(w for w in launcher.menu.widgets if isinstance(w, Card) and w.info.key == key)


def opened(driver):
    driver.app.jobs.wait_all()
    driver.frames(2)


def finish(driver, scene) -> None:
    """Play the game to its end with the scene's scripted player."""
    for _ in range(500):
        if scene.over:
            break
        driver.app.jobs.wait_all()
        driver.frames()
        move = scene.demo_move()
        if move is not None:
            scene.play(move)
    driver.until_result()


# --- the daily puzzle ---------------------------------------------------------------------------

def test_todays_puzzle_from_the_setup_screen_counts_once_and_clears_the_badge(driver):
    today = datetime.date.today()
    opened(driver)
    assert card(driver, "poggle").daily_due and not card(driver, "nim").daily_due
    driver.click(card(driver, "poggle").rect.center)
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    driver.click(button(setup, "Today's puzzle").rect.center)
    opened(driver)
    scene = driver.app.top
    assert scene.session.game_id == daily.game_id("poggle", today)
    assert scene.play_options["daily"] == today.isoformat()
    finish(driver, scene)
    driver.click(button(driver.app.top, "Back to the launcher").rect.center)
    assert isinstance(driver.app.top, LauncherScene) and not card(driver, "poggle").daily_due
    assert card(driver, "kenken").daily_due, "each game's own"
    driver.click(card(driver, "poggle").rect.center)
    again = button(driver.app.top, "Today's puzzle again")
    driver.click(again.rect.center)
    opened(driver)
    finish(driver, driver.app.top)
    games = history_queries.games(recorded.db(), Filter(game="poggle"))
    assert [game.daily for game in games] == ["", today.isoformat()], "recorded once"
    assert games[0].game_id == games[1].game_id
    figures = stats.figures(recorded.db(), "poggle")
    assert figures.daily_streak == 1 and figures.dailies == 1 and figures.played == 2


def test_daily_ids_come_from_the_date_alone():
    day = datetime.date(2026, 3, 1)
    assert daily.seed("kenken", day) == 7869550983000246466, "SHA-256 of the date: every machine's"
    for key in [game.key for game in registry.daily_games()]:
        made = daily.game_id(key, day)
        assert made == daily.game_id(key, day) == Session.from_id(
            daily.seeded_id(key, day)).game_id
        assert made.startswith(f"{key}:{registry.lookup(key).daily}:")
        assert made != daily.game_id(key, day + datetime.timedelta(days=1))
        Session.from_id(made)       # a whole, valid deal
    for key in ("nim", "kono", "mu_torere"):
        with pytest.raises(RuleError):
            daily.game_id(key, day)


@given(st.text(max_size=30))
def test_any_date_text_is_a_date_or_a_clear_error(text):
    try:
        day = daily.parse_date(text)
    except RuleError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert day.isoformat() == text


def test_daily_is_the_same_in_processes_in_other_time_zones(tmp_path):
    lines = set()
    for zone in ("UTC", "Pacific/Kiritimati", "America/Adak"):
        env = dict(os.environ, TZ=zone, PARLOUR_DATA_DIR=str(tmp_path / zone))
        done = subprocess.run([sys.executable, "main.py", "daily", "ishido", "--date",
                               "2026-07-04"], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0 and not done.stderr
        lines.add(done.stdout)
    (line,) = lines
    assert json.loads(line) == {"game": "ishido", "date": "2026-07-04",
                                "id": daily.game_id("ishido", datetime.date(2026, 7, 4))}


@pytest.mark.parametrize("argv", [["daily", "nim"], ["daily", "poggle", "--date", "2026-02-30"],
                                  ["daily", "poggle", "--date", "26-1-1"],
                                  ["daily", "poggle", "--date", "1999-12-31"],
                                  ["daily", "nope"], ["daily"], ["stats", "nope"],
                                  ["stats", "kenken", "nim"], ["daily", "kenken", "--date", ""]])
def test_bad_daily_and_stats_command_lines_are_one_line_and_exit_2(argv):
    done = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True,
                          text=True, env=dict(os.environ))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("parlour: ")


def test_stats_prints_a_json_line_per_game_and_the_collection(data_dir, capsys):
    from games.core.cli.commands import main
    fill(recorded.db(), 200, seed=4)
    assert main(["stats"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["game"] for line in lines] == [*registry.KEYS, ""]
    assert sum(line["played"] for line in lines[:-1]) == lines[-1]["played"] == 200
    assert main(["stats", "kenken"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert json.loads(line)["played"] == lines[1]["played"]


# --- statistics and history: every device ------------------------------------------------------

def test_statistics_history_and_play_again_by_mouse_keyboard_and_pad(driver):
    fill(recorded.db(), 120, seed=5)
    opened(driver)
    launcher = driver.app.top
    driver.click(button(launcher, "Statistics").rect.center)              # the mouse
    assert isinstance(driver.app.top, StatsScene) and driver.app.top.key == ""
    assert driver.app.top.figures.played == 120
    driver.key(pygame.K_RETURN)                                           # the keyboard
    listing = driver.app.top
    assert isinstance(listing, HistoryScene) and listing.total == 120
    newest = history_queries.games(recorded.db(), most=1)[0]
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_UP)
    assert listing.menu.focus == 0
    driver.pad(PAD_DOWN)                                                  # the pad
    driver.pad(PAD_UP)
    assert listing.menu.focus == 0
    older = button(listing, "Older")
    driver.click(older.rect.center)
    assert listing.page == 1 and listing.menu.widgets[0].game.id < newest.id
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, StatsScene)
    driver.key(pygame.K_RETURN)
    listing = driver.app.top
    row = listing.menu.widgets[0]
    assert isinstance(row, GameRow) and row.game.id == newest.id
    driver.pad(PAD_A)
    assert isinstance(driver.app.top, ConfirmScene)
    driver.pad(PAD_LEFT)
    driver.pad(PAD_A)
    opened(driver)
    scene = driver.app.top
    assert scene.session.game_id == Session.from_id(newest.game_id).game_id
    assert "daily" not in scene.play_options, "a deal played again is no daily"


def test_a_games_statistics_from_its_setup_screen_by_pad(driver):
    fill(recorded.db(), 100, seed=6)
    opened(driver)
    driver.click(card(driver, "kono").rect.center)
    setup = driver.app.top
    target = button(setup, "Statistics")
    setup.menu.focus = setup.menu.widgets.index(target) - 1
    driver.pad(PAD_DOWN)
    assert setup.menu.widgets[setup.menu.focus] is target
    driver.pad(PAD_A)
    assert isinstance(driver.app.top, StatsScene) and driver.app.top.key == "kono"
    driver.pad(PAD_B)
    assert driver.app.top is setup


# --- the layout, with real data -------------------------------------------------------------------

def overlaps(rects) -> list:
    found = []
    screen = pygame.Rect(0, 0, 1920, 1080)
    for n, (_, words, rect) in enumerate(rects):
        if not screen.contains(rect):
            found.append(f"{words!r} leaves the screen")
        for _, other, second in rects[n + 1:]:
            if rect.colliderect(second):
                found.append(f"{words!r} covers {other!r}")
    return found


@pytest.mark.parametrize("count", [0, 3000])
def test_statistics_and_history_text_never_overlaps(driver, drawn_labels, count):
    if count:
        fill(recorded.db(), count, seed=7)
    opened(driver)
    for key in ["", *registry.KEYS]:
        for scene in (StatsScene(driver.app, key), HistoryScene(driver.app, key)):
            driver.app.push(scene)
            drawn_labels.clear()
            driver.frames()
            assert not overlaps(drawn_labels), (key, type(scene).__name__)
            assert len(drawn_labels) > (10 if count else 5)
            driver.app.pop(scene)


def test_results_screen_says_a_new_best_and_the_game_is_recorded_once(driver):
    scene = driver.start("poggle", None, seed=3)
    finish(driver, scene)
    result = driver.app.top
    assert isinstance(result, ResultScene) and result.rank == 1
    scene.undo()
    scene.redo()
    driver.until_result()
    assert history_queries.count(recorded.db()) == 1, "a second look at the ending adds nothing"
    (game,) = history_queries.games(recorded.db())
    assert game.moves == tuple(text for _, text in scene.session.entries[1:])
    assert game.record.get("recorded") == 1 and game.duration >= 0
    assert Session.from_id(game.game_id).game_id == scene.session.game_id


@pytest.mark.parametrize("size", ["normal", "large"])
@given(counts=st.lists(st.tuples(*[st.integers(0, 10**6)] * 3).filter(any), min_size=1,
                       max_size=6))
def test_the_record_per_level_bars_stop_short_of_their_counts(size, counts):
    """Whatever the counts (and the text size), each level's bar ends left of its counts and
    the counts clear the level's name."""
    from games.core.loop import assets
    from games.core.screens import charts
    pygame.font.init()
    assets.set_text_size(size)
    try:
        groups = [stats.Group(f"level {n}", sum(c), c[0], c[2], c[1])
                  for n, c in enumerate(counts)]
        surface = pygame.Surface((600, 380))
        drawn, bars = [], []
        label, rect = ui.label, pygame.draw.rect

        def recording_label(surface, words, pos, *args, **kwargs):
            drawn.append((words, label(surface, words, pos, *args, **kwargs)))
            return drawn[-1][1]

        def recording_rect(surface, colour, area, *args, **kwargs):
            bars.append(pygame.Rect(area))
            return rect(surface, colour, area, *args, **kwargs)
        ui.label, pygame.draw.rect = recording_label, recording_rect
        try:
            charts.level_bars(surface, surface.get_rect(), groups, str)
        finally:
            ui.label, pygame.draw.rect = label, rect
        for group in groups:
            words = f"{group.won}-{group.lost}-{group.drawn}"
            count_rect = next(r for w, r in drawn if w == words)
            row = [bar for bar in bars if bar.top < count_rect.bottom and bar.width and
                   bar.bottom > count_rect.top and not bar.contains(count_rect)]  # not panels
            assert all(bar.right <= count_rect.left for bar in row), words
            name_rect = next(r for w, r in drawn if w == group.name)
            assert not name_rect.colliderect(count_rect), words
            if group.played < 10**5:       # a history holds at most 100,000 games
                assert row, f"{words}: no room left for its bar"
    finally:
        assets.set_text_size("normal")
