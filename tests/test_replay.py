"""The replay of a finished puzzle: the timings (games/core/kit/timings.py, pure) with known
answers and generated cases, and the Replay screen through the real loop (tests/driver.py):
opened from the history, stepped both ways, played in real time and faster, jumped by its bars,
closed, by the mouse, the keyboard and a gamepad; a game of every puzzle replays to its end; a
game recorded before times were kept replays without them, saying so."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.data import history, history_queries
from games.core.kit import registry, timings
from games.core.kit.rules_api import Outcome
from games.core.kit.session import Session
from games.core.screens import ui
from games.core.screens.replay import NO_TIMES, ReplayScene
from games.core.screens.stats import GameRow, HistoryScene
from tests import recorded
from tests.driver import Driver

PAD_A, PAD_B, PAD_X, PAD_LB, PAD_RB = 0, 1, 2, 9, 10
PAD_UP, PAD_DOWN, PAD_LEFT, PAD_RIGHT = 11, 12, 13, 14
PUZZLES = ("deductile", "kenken", "ishido", "poggle")


# --- the timings ----------------------------------------------------------------------------

def test_timings_known_answers():
    """Each move plays its real gap after the one before, a long think cut to 2 s (the
    first move too); the gaps shown are the real ones."""
    t = timings.timings([1.5, 4.0, 4.0, 10.25], 4)
    assert t.kept and t.moves == 4
    assert t.at == (0.0, 1.5, 4.0, 4.0, 10.25)
    assert t.schedule == (0.0, 1.5, 3.5, 3.5, 5.5)
    assert [t.gap(n) for n in range(5)] == [None, 1.5, 2.5, 0.0, 6.25]
    assert [t.shortened(n) for n in range(5)] == [False, False, True, False, True]
    assert t.longest() == 4
    assert [t.position_at(x) for x in (0.0, 1.49, 1.5, 3.4, 3.5, 5.4, 5.5, 99)] == \
        [0, 0, 1, 1, 3, 3, 4, 4]
    first = timings.timings([45.0, 46.0], 2)           # a minute's look before the first move
    assert first.schedule == (0.0, timings.LONGEST_PAUSE, timings.LONGEST_PAUSE + 1.0)
    assert first.gap(1) == 45.0


def test_timings_without_times_play_at_an_even_pace():
    t = timings.timings([], 3)
    assert not t.kept and t.at == (0.0, None, None, None)
    assert t.schedule == (0.0, 1.0, 2.0, 3.0) and t.longest() is None
    assert t.gap(2) is None


def test_moves_made_before_a_resume_have_no_time_and_the_rest_keep_theirs():
    t = timings.timings([None, None, 30.0, 31.5], 4)
    assert t.kept and t.schedule == (0.0, 1.0, 2.0, 3.0, 4.5)
    assert [t.gap(n) for n in range(5)] == [None, None, None, None, 1.5]


def test_clock_and_gap_words():
    assert timings.clock_words(65.34) == "1:05.3"
    assert timings.clock_words(None) == "-" and timings.gap_words(None) == "-"
    assert timings.gap_words(7.46) == "+7.5 s"
    assert timings.gap_words(59.97) == "+1:00.0"
    assert timings.gap_words(130) == "+2:10.0"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.floats(0, 1e6)), max_size=60), st.booleans())
def test_the_schedule_never_runs_backwards_and_reaches_each_move(times, kept):
    """Whatever the history kept (hostile rows are out of order), the schedule rises, each
    position is reached at its own moment, a known gap is never negative, and no move waits
    longer than the longest pause (or, without a time, the even pace); a gap under it is
    played as it was."""
    moves = len(times)
    t = timings.timings(times if kept else [], moves)
    assert len(t.at) == len(t.schedule) == moves + 1
    assert all(b >= a for a, b in zip(t.schedule, t.schedule[1:]))
    for n in range(moves + 1):
        assert t.position_at(t.schedule[n]) >= n
        assert n == 0 or t.position_at(t.schedule[n] - 1e-9 * (1 + t.schedule[n])) < n or \
            t.schedule[n - 1] == t.schedule[n]
        gap = t.gap(n)
        assert gap is None or gap >= 0
        if n:
            wait = t.schedule[n] - t.schedule[n - 1]
            assert wait <= max(timings.LONGEST_PAUSE, timings.UNKNOWN_GAP) + 1e-9
            if gap is not None and gap <= timings.LONGEST_PAUSE:
                assert wait == pytest.approx(gap, abs=1e-6)
    assert t.position_at(-1.0) == 0


# --- games to replay ------------------------------------------------------------------------

def solved_poggle(seed: int = 5) -> tuple[str, list[str]]:
    """A Poggle deal and a fewest-press solution of it (the solver's)."""
    from games.poggle import solver
    session = Session.new("poggle", None, seed)
    while not session.status.over:
        session.apply(solver.hint(session.state))
    return session.game_id, [text for _, text in session.entries[1:]]


def record(game_id: str, moves: list[str], times: tuple = (), outcome: str = "won",
           duration: float = 60.0) -> history.Game:
    session = Session.from_id(game_id)
    game = history.Game(
        game=session.key, params=session.params.encode(), game_id=game_id,
        started=history.utc_text(), finished=history.utc_text(), outcome=outcome, score=0,
        detail="", ranked=False, duration=duration, moves=tuple(moves), times=times,
        record={"recorded": 1})
    recorded.db().record(game)
    return game


def opened_history(driver, key: str = "") -> HistoryScene:
    driver.app.jobs.wait_all()
    driver.frames(2)
    driver.app.push(HistoryScene(driver.app, key))
    driver.frames()
    return driver.app.top


def replay_on_top(driver) -> ReplayScene:
    replay = driver.app.top
    assert isinstance(replay, ReplayScene)
    driver.app.jobs.wait_all()
    driver.frames(2)
    return replay


def state_after(game_id: str, moves: list[str]):
    session = Session.from_id(game_id)
    for text in moves:
        session.apply(text)
    return session.state


def button(scene, words: str) -> ui.Button:
    return next(w for w in scene.menu.widgets if isinstance(w, ui.Button) and w.words == words)


def seconds(driver, amount: float) -> None:
    """Let `amount` seconds pass through the real loop, a tenth at a time."""
    driver.frames(round(amount * 10), dt=0.1)


# --- through the real loop ------------------------------------------------------------------

def test_replay_by_keyboard_steps_plays_in_real_time_and_faster(driver):
    game_id, moves = solved_poggle()
    times = tuple(2.0 + 3.0 * n for n in range(len(moves)))    # 2 s, 5 s, 8 s, ...
    record(game_id, moves, times)
    listing = opened_history(driver)
    row = listing.menu.widgets[0]
    assert isinstance(row, GameRow) and row.look_back == "Replay"
    driver.key(pygame.K_RETURN)
    replay = replay_on_top(driver)
    assert replay.position == 0 and replay.end == len(moves)
    assert replay.frame.state == Session.from_id(game_id).initial
    driver.key(pygame.K_RIGHT, times=2)
    assert replay.position == 2
    driver.settle()
    assert replay.frame.state == state_after(game_id, moves[:2])
    driver.key(pygame.K_LEFT)
    assert replay.position == 1 and replay.clock == 2.0
    driver.key(pygame.K_SPACE)                      # play at x1 from move 1 (2 s)
    assert replay.playing and button(replay, "Pause")
    seconds(driver, 1.8)
    assert replay.position == 1, "the second move came 3 s after the first: 2 s at x1"
    seconds(driver, 0.4)
    assert replay.position == 2 and replay.timings.gap(2) == 3.0
    driver.key(pygame.K_UP, times=2)                # x16: two seconds a move go by fast
    assert replay.speed_button.words == "Speed x16"
    seconds(driver, 1.0)
    assert replay.position == min(len(moves), 2 + 8)
    driver.key(pygame.K_DOWN)
    assert replay.speed_button.words == "Speed x4"
    driver.key(pygame.K_SPACE)
    paused = replay.position
    seconds(driver, 5)
    assert not replay.playing and replay.position == paused
    driver.key(pygame.K_END)
    assert replay.position == len(moves)
    driver.settle()
    assert replay.frame.state == state_after(game_id, moves) and replay.frame.over
    driver.key(pygame.K_HOME)
    assert replay.position == 0
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is listing


def test_replay_by_mouse_buttons_and_bars(driver):
    game_id, moves = solved_poggle(7)
    record(game_id, moves, tuple(1.0 + n for n in range(len(moves))))
    listing = opened_history(driver, "poggle")
    driver.click(listing.menu.widgets[0].review_rect().center)
    replay = replay_on_top(driver)
    driver.click(button(replay, "Forward").rect.center)
    driver.click(button(replay, "Forward").rect.center)
    assert replay.position == 2
    driver.click(button(replay, "Back").rect.center)
    assert replay.position == 1
    driver.click(button(replay, "End").rect.center)
    assert replay.position == len(moves)
    assert not button(replay, "End").enabled and not button(replay, "Forward").enabled
    for target in (1, len(moves), len(moves) // 2):
        driver.click((replay.graph_x(target), replay.plot().bottom - 2))
        assert replay.position == target
    driver.click(button(replay, "Start").rect.center)
    assert replay.position == 0
    driver.click(replay.speed_button.rect.center)
    driver.click(replay.speed_button.rect.center)
    assert replay.speed_button.words == "Speed x16"
    driver.click(button(replay, "Play").rect.center)
    seconds(driver, (len(moves) + 1) / 16 + 0.2)
    assert replay.position == len(moves) and not replay.playing
    assert replay.play_button.words == "Play"
    driver.click(replay.speed_button.rect.center)
    assert replay.speed_button.words == "Speed x1", "the speeds go round"
    driver.click(button(replay, "Close").rect.center)
    assert driver.app.top is listing


def test_replay_by_pad(driver):
    game_id, moves = solved_poggle(8)
    record(game_id, moves, tuple(0.5 * (n + 1) for n in range(len(moves))))
    opened_history(driver)
    driver.pad(PAD_A)
    replay = replay_on_top(driver)
    driver.pad(PAD_RIGHT, times=2)
    assert replay.position == 2
    driver.pad(PAD_LEFT)
    assert replay.position == 1
    driver.pad(PAD_RB)
    assert replay.position == len(moves)
    driver.pad(PAD_LB)
    assert replay.position == 0
    driver.pad(PAD_UP)
    assert replay.speed_button.words == "Speed x4"
    driver.pad(PAD_A)
    assert replay.playing
    seconds(driver, 0.3)                          # 1.2 s of the game at x4: two moves
    assert replay.position == 2
    driver.pad(PAD_RIGHT)                           # a step by hand pauses
    assert not replay.playing and replay.position == 3
    driver.pad(PAD_B)
    assert isinstance(driver.app.top, HistoryScene)


def test_a_game_recorded_before_times_were_kept_replays_without_them(driver, monkeypatch):
    game_id, moves = solved_poggle(9)
    record(game_id, moves, times=())
    said = []
    original = ui.fit_text

    def noting(surface, words, *args, **kwargs):
        said.append(words)
        return original(surface, words, *args, **kwargs)
    monkeypatch.setattr(ui, "fit_text", noting)
    opened_history(driver)
    driver.key(pygame.K_RETURN)
    replay = replay_on_top(driver)
    assert not replay.timings.kept and NO_TIMES in said
    driver.key(pygame.K_SPACE)
    seconds(driver, timings.UNKNOWN_GAP * 2 + 0.05)
    assert replay.position == 2, "an even pace, a move a second"


@pytest.mark.parametrize("key", PUZZLES)
def test_a_finished_game_of_every_puzzle_replays_to_its_end(driver, key):
    """Played through the real scene (the demo player, time passing between moves), it is
    recorded with its times; its replay shows every position it went through."""
    scene = driver.start(key, None, seed=3)
    for _ in range(300):
        if scene.over:
            break
        driver.app.jobs.wait_all()
        scene.demo_step()
        driver.frames(20)
    assert scene.over
    driver.until_result()
    driver.app.stack[1:] = []
    (game,) = history_queries.games(recorded.db(), most=1)
    assert game.game == key and len(game.times) == len(game.moves) > 0
    assert all(t is not None for t in game.times)
    assert list(game.times) == sorted(game.times)
    listing = opened_history(driver)
    driver.key(pygame.K_RETURN)
    replay = replay_on_top(driver)
    assert replay.end == len(game.moves)
    expected = Session.from_id(game.game_id)
    for n, text in enumerate(game.moves, start=1):
        driver.key(pygame.K_RIGHT)
        expected.apply(text)
        assert replay.position == n and replay.frame.state == expected.state
        assert replay.session.elapsed == (game.duration if n == len(game.moves)
                                          else game.times[n - 1])
    driver.settle()
    assert replay.frame.state == scene.state
    assert (replay.frame.session.status.outcome == Outcome.WON) == (game.outcome == "won")
    assert driver.app.top is replay, "a replayed ending shows no result screen"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is listing


def test_a_puzzle_whose_moves_no_longer_replay_is_said_so_and_nothing_opens(driver):
    game_id, moves = solved_poggle()
    record(game_id, [*moves[:2], "9,9"], (1.0, 2.0, 3.0))
    listing = opened_history(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top is listing and "cannot be replayed" in listing.problem


def test_an_imported_best_score_offers_no_replay(driver):
    session = Session.new("poggle", None, 1)
    recorded.db().record(history.Game(
        game="poggle", params=session.params.encode(), game_id="", started="",
        finished=history.utc_text(), outcome="won", score=2, detail="", ranked=True,
        duration=None))
    listing = opened_history(driver)
    row = listing.menu.widgets[0]
    assert isinstance(row, GameRow) and row.look_back == "" and not row.reviewable


@pytest.mark.parametrize("kept", [True, False])
def test_replay_text_stays_on_screen_and_never_overlaps(driver, drawn_labels, kept):
    game_id, moves = solved_poggle(11)
    game = record(game_id, moves, tuple(3.0 * (n + 1) for n in range(len(moves))) if kept
                  else ())
    replay = ReplayScene(driver.app, history_queries.games(recorded.db(), most=1)[0])
    assert replay.game.moves == game.moves
    driver.app.push(replay)
    driver.frames(2)
    for position, playing in ((0, False), (3, True), (len(moves), False)):
        replay.go_to(position)
        replay.playing = playing
        drawn_labels.clear()
        target = pygame.Surface(driver.app.size)
        replay.draw(target)      # the board's own labels go on its picture, not the screen
        own = [(words, rect) for surface, words, rect in drawn_labels if surface is target]
        screen = pygame.Rect((0, 0), driver.app.size)
        for n, (words, rect) in enumerate(own):
            assert screen.contains(rect), words
            for other, second in own[n + 1:]:
                assert not rect.colliderect(second), (words, other)
        assert len(own) > 6


def test_the_words_of_every_puzzle_move_are_the_games_own():
    """Each puzzle names its moves in words (the replay's panel), never as their code."""
    from games.core.screens.frame import Frame
    from games.core.screens.modes import LOOK
    driver = Driver()
    try:
        for key in PUZZLES:
            rules = registry.lookup(key).rules
            session = Session.new(key, None, 2)
            board = Frame(driver.app, session, {}, mode=LOOK).board
            for move in rules.legal_moves(session.state):
                words = board.move_words(move)
                assert words != move.encode() and words[:1].isupper(), (key, words)
    finally:
        driver.close()
