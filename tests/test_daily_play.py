"""The daily ritual through the real loop, with the mouse, the keyboard and a gamepad each: from
the launcher's card to today's puzzle, played to its end with the game's solving aids
(Calcoolation's highlight and cage helper, DeducTile's notes), the result with the day and
the streak, Copy result on the clipboard, and the card saying it is done; a past day from the
calendar, counted in the history but not the streak; the change of day while a daily is open;
and `main.py daily GAME --share` printing what Copy result copies."""
from __future__ import annotations

import datetime
import os
import subprocess
import sys
import time

import pygame
import pytest

from games.core.data import records, share, stats
from games.core.kit import daily, registry
from games.core.kit.actions import Device
from games.core.screens import dailies, ui
from games.core.screens.archive import ArchiveScene
from games.core.screens.launcher import DONE, Card, LauncherScene
from games.core.screens.menus import ResultScene, SetupScene
from games.core.screens.question import ConfirmScene
from games.deductile import notes, rules as deductile_rules
from games.deductile.controls import Column
from games.kenken import geometry, rules as kenken_rules
from tests import recorded
from tests.test_deductile_scene import plan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
A, B, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X
PAD_ARROWS = {(1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
              (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
              (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
              (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP}
KEY_ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
              (0, -1): pygame.K_UP}


class Hand:
    """One device's way of doing things."""

    def __init__(self, driver, device: Device):
        self.driver, self.device = driver, device

    def arrow(self, dx: int, dy: int, times: int = 1) -> None:
        if self.device == Device.PAD:
            self.driver.pad(PAD_ARROWS[dx, dy], times)
        else:
            self.driver.key(KEY_ARROWS[dx, dy], times=times)

    def confirm(self) -> None:
        self.driver.pad(A) if self.device == Device.PAD else self.driver.key(pygame.K_RETURN)

    def alt(self) -> None:
        self.driver.pad(X) if self.device == Device.PAD else self.driver.key(pygame.K_x)

    def choose(self, widget, focus) -> None:
        """Press a widget of a menu: a click, or arrows until it has the focus (`focus()`
        gives the focused widget), then Enter or A."""
        if self.device == Device.MOUSE:
            self.driver.click(widget.rect.center)
            return
        for _ in range(40):
            here = focus()
            if here is widget:
                break
            dx, dy = widget.rect.centerx - here.rect.centerx, widget.rect.centery - \
                here.rect.centery
            if abs(dy) > here.rect.height // 2:
                self.arrow(0, 1 if dy > 0 else -1)
            else:
                self.arrow(1 if dx > 0 else -1, 0)
        assert focus() is widget
        self.confirm()


def menu_focus(scene):
    return lambda: scene.menu.widgets[scene.menu.focus]


def words_button(scene, words: str) -> ui.Button:
    return next(w for w in scene.menu.widgets if isinstance(w, ui.Button) and w.words == words)


def card(driver, key: str) -> Card:
    launcher = driver.app.find(LauncherScene)
    return next(w for w in launcher.menu.widgets if isinstance(w, Card) and w.info.key == key)


def open_todays(driver, hand: Hand, key: str):
    """From the launcher: the game's card, then Today's puzzle on its setup screen."""
    driver.app.jobs.wait_all()
    driver.frames(2)
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene) and card(driver, key).daily_due
    hand.choose(card(driver, key), menu_focus(launcher))
    setup = driver.app.top
    assert isinstance(setup, SetupScene)
    hand.choose(words_button(setup, "Today's puzzle"), menu_focus(setup))
    driver.app.jobs.wait_all()
    driver.frames(2)
    scene = driver.app.top
    today = dailies.today()
    assert scene.daily.day == today and scene.daily.on_its_day
    assert scene.session.game_id == daily.game_id(key, today)
    assert dailies.header(scene) == f"Today's puzzle, {daily.day_words(today, today)}"
    return scene


def copy_result(driver, hand: Hand, key: str) -> str:
    """On the result screen: Copy result, with the hand; the clipboard's text, which is the
    shared result of the history's row."""
    result = driver.app.top
    assert isinstance(result, ResultScene)
    pygame.scrap.put_text("something else")
    hand.choose(words_button(result, "Copy result"), menu_focus(result))
    copied = pygame.scrap.get_text()
    row = records.daily_result(recorded.STORE, key, dailies.today().isoformat())
    assert row is not None and copied == share.share_text(row)
    assert result.toast.shown
    return copied


def facts(driver) -> dict[str, str]:
    return dict(driver.app.top.result.facts)


def back_to_launcher(driver, hand: Hand, key: str) -> None:
    result = driver.app.top
    hand.choose(words_button(result, "Back to the launcher"), menu_focus(result))
    assert isinstance(driver.app.top, LauncherScene)
    driver.frames(2)
    state = card(driver, key).daily
    assert state is not None and state[0] == DONE and state[1].startswith("done, ")


# --- Calcoolation ------------------------------------------------------------------------------

def kenken_aids(driver, hand: Hand, scene) -> None:
    """The highlight (no help) and the cage helper (help, noted once), with the hand."""
    sheet = scene.board.layout
    light = next(k for k, (name, _) in enumerate(sheet.buttons) if name == geometry.Button.LIGHT
                 and sheet.light_digit(k) == 3)
    helper = next(k for k, (name, _) in enumerate(sheet.buttons)
                  if name == geometry.Button.HELPER)
    if hand.device == Device.MOUSE:
        driver.click(geometry.centre(sheet.buttons[light][1]))
        assert scene.board.ui.highlight == 3
        driver.click(geometry.centre(sheet.buttons[helper][1]))
    else:
        hand.arrow(1, 0, times=scene.board.n - scene.board.ui.cursor[1])     # right off the grid
        assert scene.board.ui.panel is not None
        for target in (light, helper):
            for _ in range(12):
                if scene.board.ui.panel == target:
                    break
                here, there = sheet.buttons[scene.board.ui.panel][1], sheet.buttons[target][1]
                if here[1] != there[1]:
                    hand.arrow(0, 1 if there[1] > here[1] else -1)
                else:
                    hand.arrow(1 if there[0] > here[0] else -1, 0)
            hand.confirm()
        assert scene.board.ui.highlight == 3
        if hand.device == Device.KEYBOARD:   # K turns it off and on again
            driver.key(pygame.K_k)
            assert not scene.board.ui.helper
            driver.key(pygame.K_k)
        driver.key(pygame.K_ESCAPE) if hand.device == Device.KEYBOARD else driver.pad(B)
        assert scene.board.ui.panel is None
    assert scene.board.ui.helper and scene.session.count("cage_helper") == 1
    shown = scene.board.shown()
    assert shown.helper is not None and shown.lit == 3
    assert shown.lit_cells == {divmod(i, scene.board.n) for i, d in enumerate(scene.state.digits)
                               if d == 3}


def play_kenken(driver, hand: Hand, scene) -> None:
    """Write the answer cell by cell with the hand (a mistake first, then put right)."""
    answer = kenken_rules.solution(scene.state)
    n = scene.board.n
    for index, digit in enumerate(answer):
        row, col = divmod(index, n)
        if index == 1:          # a mistake: the first cell's digit again, in its row
            write_cell(driver, hand, scene, row, col, answer[0])
            assert scene.session.count("mistakes") == 1
        if index == n + 1:
            kenken_aids(driver, hand, scene)
        write_cell(driver, hand, scene, row, col, digit)
        assert scene.state.digits[index] == digit
    driver.until_result()


def write_cell(driver, hand: Hand, scene, row: int, col: int, digit: int) -> None:
    n = scene.board.n
    if hand.device == Device.MOUSE:
        driver.click(scene.board.view.cell_rect(row, col).center)
        place = scene.board.view.pad_place(scene.state, scene.board.ui)
        box = next(box for (kind, value), box in zip(place.items, place.boxes)
                   if kind == "digit" and value == digit)
        driver.click(geometry.centre(box))
        return
    r, c = scene.board.ui.cursor
    hand.arrow(0, 1 if row > r else -1, abs(row - r)) if row != r else None
    hand.arrow(1 if col > c else -1, 0, abs(col - c)) if col != c else None
    assert scene.board.ui.cursor == (row, col)
    if hand.device == Device.KEYBOARD:
        driver.key(pygame.K_0 + digit)
        return
    driver.pad(A)                       # the wheel opens on the cell's digit (or 1) ...
    assert scene.board.ui.pad is not None and scene.board.ui.pad.style == "wheel"
    turns = (digit - 1 - scene.board.ui.pad.focus) % (n + 1)    # ... and right turns it round
    hand.arrow(1, 0, turns) if turns else None
    driver.pad(A)


@pytest.mark.parametrize("device", list(Device))
def test_todays_calcoolation_played_to_its_end_with_one_device(driver, device):
    hand = Hand(driver, device)
    scene = open_todays(driver, hand, "kenken")
    play_kenken(driver, hand, scene)
    today = dailies.today()
    shown = facts(driver)
    assert shown["Today's puzzle"] == daily.day_words(today, today)
    assert shown["Daily streak"] == "1 day"
    assert shown["Help"] == "the cage helper" and shown["Mistakes"] == "1"
    copied = copy_result(driver, hand, "kenken")
    assert copied.startswith(f"Parlour Calcoolation {today.isoformat()} 6x6 Hard ")
    assert ", no hints, 1 mistake, with help\n" in copied
    row = records.daily_result(recorded.STORE, "kenken", today.isoformat())
    assert row.record["cage_helper"] == 1 and row.detail.endswith(", cage helper")
    back_to_launcher(driver, hand, "kenken")
    assert driver.app.top.streak == 1


# --- DeducTile ---------------------------------------------------------------------------------

def deductile_notes(driver, hand: Hand, scene) -> None:
    """Two notes marked with the hand (a cross, then a tick the other way round), then the
    first taken back by undo: no help, nothing in the record."""
    n = scene.state.tiles
    first, second = notes.cell(0, 1, 2), notes.cell(1, 0, 3)
    if hand.device == Device.MOUSE:
        driver.click(scene.board.layout.note_rects[first].center)
        driver.click(scene.board.layout.note_rects[second].center, button=3)
    else:
        hand.arrow(1, 0)                       # from the first tile into its row of notes
        assert scene.board.cursor == (Column.NOTES, notes.cell(0, 0, 0))
        hand.arrow(0, 1)
        hand.arrow(1, 0, 2)
        assert scene.board.cursor == (Column.NOTES, first)
        hand.confirm()
        hand.arrow(0, -1)
        hand.arrow(1, 0, n + 1)
        assert scene.board.cursor == (Column.NOTES, second)
        hand.alt()
        hand.arrow(-1, 0, 2 * n)               # back to the tiles
        assert scene.board.cursor == (Column.TILES, 0)
    marks = scene.state.notes
    assert notes.mark_of(marks, first) == notes.NO and notes.mark_of(marks, second) == notes.YES
    assert notes.cell(1, 1, 3) in notes.implied(marks, n)
    driver.key(pygame.K_u) if hand.device == Device.KEYBOARD else driver.pad(
        pygame.CONTROLLER_BUTTON_LEFTSHOULDER) if hand.device == Device.PAD else \
        driver.click(scene.toolbar.buttons()[1].rect.center)
    assert notes.mark_of(scene.state.notes, second) == notes.EMPTY, "undo takes a note back"
    assert scene.session.record.keys() <= {"recorded"}, "notes are no help"


def play_deductile(driver, hand: Hand, scene) -> None:
    deductile_notes(driver, hand, scene)
    cursor = 0
    for a, b, colours in plan(scene.state):
        if hand.device == Device.MOUSE:
            tiles = scene.board.layout.tile_rects
            driver.drag(tiles[a].center, tiles[b].center, button=3 if colours else 1)
        else:
            hand.arrow(0, 1 if a > cursor else -1, abs(a - cursor)) if a != cursor else None
            hand.alt() if colours else hand.confirm()
            hand.arrow(0, 1 if b > a else -1, abs(b - a))
            hand.confirm()
            cursor = b
        driver.settle()
    assert scene.state.arrangement == scene.state.solution
    if hand.device == Device.MOUSE:
        driver.click(scene.board.layout.guess_rect.center)
    else:
        hand.arrow(0, -1, cursor)
        hand.arrow(1, 0, 2 * scene.state.tiles + 1)       # across the notes to the clues
        for _ in range(len(scene.state.clues)):
            if scene.board.cursor[0] == Column.GUESS:
                break
            hand.arrow(0, 1)
        hand.confirm()
    driver.until_result()


@pytest.mark.parametrize("device", list(Device))
def test_todays_deductile_played_to_its_end_with_one_device(driver, device):
    hand = Hand(driver, device)
    scene = open_todays(driver, hand, "deductile")
    play_deductile(driver, hand, scene)
    assert scene.session.status.outcome == "won"
    today = dailies.today()
    assert facts(driver)["Daily streak"] == "1 day"
    copied = copy_result(driver, hand, "deductile")
    assert copied.splitlines()[0].startswith(f"Parlour DeducTile Reasoning {today.isoformat()} "
                                             f"4 tiles Hard ")
    assert copied.splitlines()[0].endswith(" left, no hints")
    back_to_launcher(driver, hand, "deductile")


# --- a past day, the change of day, resuming ---------------------------------------------------

@pytest.mark.parametrize("device", list(Device))
def test_a_past_day_from_the_calendar_counts_in_the_history_not_the_streak(driver, device):
    hand = Hand(driver, device)
    driver.app.jobs.wait_all()
    driver.frames(2)
    hand.choose(card(driver, "deductile"), menu_focus(driver.app.top))
    setup = driver.app.top
    hand.choose(words_button(setup, "Past puzzles"), menu_focus(setup))
    archive = driver.app.top
    assert isinstance(archive, ArchiveScene) and archive.selected == dailies.today()
    yesterday = dailies.today() - datetime.timedelta(days=1)
    if device == Device.MOUSE:
        cell = next(rect for day, rect in archive.cells() if day == yesterday)
        driver.click(cell.center)
        assert archive.selected == yesterday
        driver.click(cell.center)              # a second click on the chosen day plays it
    else:
        hand.arrow(-1, 0)
        assert archive.selected == yesterday
        hand.confirm()
    driver.app.jobs.wait_all()
    driver.frames(2)
    scene = driver.app.top
    assert scene.daily.day == yesterday and not scene.daily.on_its_day
    assert dailies.header(scene).startswith("Daily puzzle, ")
    assert scene.session.game_id == daily.game_id("deductile", yesterday)
    for a, b, colours in plan(scene.state):
        scene.play(deductile_rules.Move(deductile_rules.SWAP_COLOURS if colours
                                        else deductile_rules.SWAP, min(a, b), max(a, b)))
    scene.board.guess()
    driver.until_result()
    assert dailies.PAST_DAY in driver.app.top.result.notes
    assert "Daily streak" not in facts(driver)
    db = recorded.db()
    assert stats.daily_streak(db, "deductile", dailies.today()) == 0
    assert stats.figures(db, "deductile").dailies == 1
    found = records.daily_results(recorded.STORE, "deductile", yesterday.isoformat(),
                                  yesterday.isoformat())
    assert [(day, on_time) for day, (_, on_time) in found.items()] == \
        [(yesterday.isoformat(), False)]


def test_the_puzzle_in_hand_stays_its_days_past_midnight(driver, monkeypatch):
    """Begun at 23:59 and finished after midnight: the same puzzle, its day's result, in the
    streak; the header no longer says today's; the card shows the new day's to play."""
    clock = {"now": time.mktime(dailies.today().timetuple()) + 23 * 3600 + 59 * 60}
    real = time.time
    monkeypatch.setattr(time, "time", lambda: clock["now"])
    day = dailies.today()
    driver.app.jobs.wait_all()
    driver.frames(2)
    hand = Hand(driver, Device.MOUSE)
    scene = open_todays(driver, hand, "kenken")
    game_id = scene.session.game_id
    clock["now"] += 120
    assert dailies.today() == day + datetime.timedelta(days=1)
    assert dailies.header(scene) == f"Daily puzzle, {daily.day_words(day, dailies.today())}"
    for move in scene.board.solution():
        scene.play(move)
    driver.until_result()
    assert scene.session.game_id == game_id
    row = records.daily_result(recorded.STORE, "kenken", day.isoformat())
    assert row is not None and row.game_id == game_id
    assert facts(driver)["Daily puzzle"] == daily.day_words(day, dailies.today())
    assert facts(driver)["Daily streak"] == "1 day"
    driver.click(words_button(driver.app.top, "Back to the launcher").rect.center)
    assert card(driver, "kenken").daily_due, "the new day's puzzle is to play"
    monkeypatch.setattr(time, "time", real)


def test_todays_puzzle_resumes_its_save_and_asks_before_replacing_another(driver):
    driver.app.jobs.wait_all()
    driver.frames(2)
    hand = Hand(driver, Device.MOUSE)
    scene = open_todays(driver, hand, "kenken")
    scene.play(kenken_rules.Move(kenken_rules.PLACE, 0, 0, 1))
    scene.save()
    driver.app.pop(scene)
    driver.frames(2)
    assert card(driver, "kenken").daily == ("in progress", "in progress")
    driver.click(card(driver, "kenken").rect.center)
    setup = driver.app.top
    driver.click(words_button(setup, "Resume today's puzzle").rect.center)
    resumed = driver.app.top
    assert resumed.daily.day == dailies.today() and resumed.state.digits[0] == 1
    resumed.save()
    driver.app.pop(resumed)
    # Another game in progress is asked about before a past day replaces it.
    driver.click(card(driver, "kenken").rect.center)
    setup = driver.app.top
    driver.click(words_button(setup, "Past puzzles").rect.center)
    archive = driver.app.top
    archive.select(dailies.today() - datetime.timedelta(days=3))
    archive.play()
    assert isinstance(driver.app.top, ConfirmScene)
    driver.key(pygame.K_n)
    assert driver.app.top is archive and recorded.STORE.saved_daily("kenken") == \
        dailies.today().isoformat()


def test_the_command_line_prints_what_copy_result_copies(driver, data_dir):
    hand = Hand(driver, Device.KEYBOARD)
    scene = open_todays(driver, hand, "kenken")
    for move in scene.board.solution():
        scene.play(move)
    driver.until_result()
    copied = copy_result(driver, hand, "kenken")
    day = dailies.today().isoformat()
    env = {**os.environ, "PARLOUR_DATA_DIR": str(data_dir)}
    run = subprocess.run([sys.executable, "main.py", "daily", "kenken", "--date", day,
                          "--share"], cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert run.returncode == 0 and run.stdout.decode("utf-8") == copied + "\n"
    assert copied.startswith(f"Parlour Calcoolation {day} 6x6 Hard 0:0")
    for game, when in (("deductile", day), ("kenken", "2001-01-01")):
        run = subprocess.run([sys.executable, "main.py", "daily", game, "--date", when,
                              "--share"], cwd=ROOT, env=env, capture_output=True, timeout=120)
        assert run.returncode == 2 and run.stdout == b""
        lines = run.stderr.decode().splitlines()
        assert len(lines) == 1 and lines[0].startswith("parlour: no finished daily puzzle")


@pytest.mark.parametrize("key", sorted(game.key for game in registry.daily_games()))
def test_the_setup_screen_is_walked_by_arrows_to_every_button_half_by_half(driver, key):
    setup = driver.app.push(SetupScene(driver.app, key))
    driver.frames()
    rects = [widget.rect for widget in setup.menu.widgets]
    seen, frontier = {setup.menu.focus}, [setup.menu.focus]
    while frontier:
        here = frontier.pop()
        for dx, dy in KEY_ARROWS:
            there = ui.nearest(rects, here, dx, dy)
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    assert seen == set(range(len(rects)))
    today, past = words_button(setup, "Today's puzzle"), words_button(setup, "Past puzzles")
    widgets = setup.menu.widgets
    assert widgets[ui.nearest(rects, widgets.index(today), 1, 0)] is past
    assert widgets[ui.nearest(rects, widgets.index(past), -1, 0)] is today
    statistics = words_button(setup, "Statistics")
    assert widgets[ui.nearest(rects, widgets.index(statistics), 0, 1)] is today


def test_the_calendar_turns_its_months_and_tabs_to_its_buttons(driver):
    driver.app.jobs.wait_all()
    setup = driver.app.push(SetupScene(driver.app, "poggle"))
    archive = driver.app.push(ArchiveScene(driver.app, "poggle", setup))
    driver.frames()
    today = dailies.today()
    assert not archive.later_enabled()
    driver.key(pygame.K_PAGEUP)
    assert archive.selected.month != today.month and archive.later_enabled()
    driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)               # RB: a month later
    assert archive.selected == today
    driver.key(pygame.K_UP)
    assert archive.selected == today - datetime.timedelta(days=7)
    driver.key(pygame.K_DOWN, times=2)                               # past today: the buttons
    assert not archive.on_days and archive.selected == today
    driver.key(pygame.K_TAB)
    assert not archive.on_days and archive.menu.focus == 1
    driver.key(pygame.K_RETURN)                                      # Earlier months
    assert archive.selected == daily_month_back(today)
    driver.key(pygame.K_UP)
    assert archive.on_days
    for _ in range(400):       # far back, to the first day there is, and no further
        driver.key(pygame.K_PAGEUP)
        if archive.selected == daily.FIRST_DAY:
            break
    archive.page(-12)
    assert archive.selected == daily.FIRST_DAY and archive.months()[0] <= daily.FIRST_DAY
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is setup


def daily_month_back(day: datetime.date) -> datetime.date:
    from games.core.screens.archive import add_months
    return add_months(day, -1)
