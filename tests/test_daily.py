"""The daily puzzle's ritual without a window: the words a daily says of itself, the shared
result made from the history row (data/share.py: known answers, and generated records), and
the daily streak in the player's local calendar: east and west of UTC, half-hour zones, summer
time, a daily begun before midnight and finished after it, a past day played later."""
from __future__ import annotations

import datetime
import os
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, history_queries, records, share, stats
from games.core.data.history import Game
from games.core.data.store import Store
from games.core.kit import daily, registry
from games.core.kit.results import vocabulary_problems
from tests import recorded

DAY = datetime.date(2026, 11, 28)
DAILY_GAMES = registry.daily_games()
PARAMS = {game.key: game.daily for game in DAILY_GAMES}


# --- words ----------------------------------------------------------------------------------

def test_a_daily_names_its_day():
    assert daily.day_words(DAY, DAY) == "28 November"
    assert daily.day_words(datetime.date(2025, 11, 3), DAY) == "3 November 2025"
    assert daily.header(DAY, True, DAY) == "Today's puzzle, 28 November"
    assert daily.header(datetime.date(2026, 11, 3), False, DAY) == "Daily puzzle, 3 November"
    assert all(game.daily_words for game in DAILY_GAMES), "each daily says what it is"


def test_a_saved_days_text_is_checked():
    assert daily.date_text("2026-11-28") == "2026-11-28"
    for bad in ("2026-02-30", "1999-12-31", "28/11/2026", 20261128, None, "2026-11-28 ",
                "\uff12026-11-28"):
        assert daily.date_text(bad) == ""


# --- the shared result ----------------------------------------------------------------------

def row(key: str, score: float, outcome: str = "won", record=None, day: str = "2026-11-28",
        game_id: str = "") -> Game:
    return Game(game=key, params=PARAMS[key], game_id=game_id or f"{key}:x:y",
                started="2026-11-28 09:00:00", finished="2026-11-28 09:05:00",
                outcome=outcome, score=score, detail="", ranked=outcome == "won",
                duration=300.0, record=record or {}, daily=day)


def test_the_shared_result_of_each_game_known_answers():
    kenken = daily.game_id("kenken", DAY)
    assert share.share_text(row("kenken", 252, game_id=kenken)) == \
        f"Parlour Calcoolation 2026-11-28 6x6 Hard 4:12, no hints\n\U0001f7e9\n{kenken}"
    deductile = share.share_text(row("deductile", 151, record={"hints": 1,
                                                                "wrong_guesses": 2}))
    assert deductile.splitlines()[:2] == [
        "Parlour DeducTile Reasoning 2026-11-28 4 tiles Hard 2:31 left, 1 hint, 2 mistakes",
        "\U0001f7e8\U0001f7e5\U0001f7e5\U0001f7e9"]
    lost = share.share_text(row("deductile", 0, "lost"))
    assert lost.startswith("Parlour DeducTile Reasoning 2026-11-28 4 tiles Hard time up, "
                           "no hints\n\u2b1b")
    assert share.share_text(row("poggle", 2)).startswith(
        "Parlour Poggle 2026-11-28 6x6 with 3 colours par +2, no hints")
    assert share.share_text(row("poggle", 0, record={"solved": 1})).splitlines()[:2] == [
        "Parlour Poggle 2026-11-28 6x6 with 3 colours solved by the computer, no hints",
        "\U0001f7e6\U0001f7e9"]
    assert share.share_text(row("ishido", 861, "lost", {"assist": 1})).splitlines()[:2] == [
        "Parlour Ishido 2026-11-28 Standard rules 861 points, no hints, with help",
        "\U0001f7e6\u2b1b"]
    assert share.done_words(row("kenken", 252)) == "done, 4:12"
    assert share.done_words(row("kenken", 252, record={"solved": 1})) == "done with Solve"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(PARAMS)), st.integers(0, 10**5),
       st.sampled_from(["won", "lost"]),
       st.dictionaries(st.sampled_from(["hints", "mistakes", "wrong_guesses", "assist",
                                        "cage_helper", "solved", "recorded"]),
                       st.integers(0, 10**9), max_size=5))
def test_the_shared_result_is_three_short_lines_in_the_collections_words(key, score, outcome,
                                                                          record):
    text = share.share_text(row(key, score, outcome, record))
    first, symbols, game_id = text.split("\n")
    assert first.startswith(f"Parlour {registry.lookup(key).title} 2026-11-28 "
                            f"{registry.lookup(key).daily_words} ")
    assert not vocabulary_problems(first)
    hints, mistakes = record.get("hints", 0), record.get("mistakes", 0) + \
        record.get("wrong_guesses", 0)
    assert symbols.count("\U0001f7e8") == min(hints, share.MOST_SYMBOLS)
    assert symbols.count("\U0001f7e5") == min(mistakes, share.MOST_SYMBOLS)
    assert len(symbols) <= 3 * share.MOST_SYMBOLS + 30, "bounded, however many hints"
    assert symbols.endswith("\U0001f7e9" if outcome == "won" else "\u2b1b")
    assert game_id == f"{key}:x:y"


@pytest.mark.parametrize("key", ["deductile", "kenken"])
def test_the_shared_result_gives_nothing_of_the_answer_away(key):
    """The game ID holds the puzzle; its answer is nowhere in the text."""
    game_id = daily.game_id(key, DAY)
    text = share.share_text(row(key, 100, game_id=game_id))
    rules = registry.lookup(key).rules
    params, desc = rules.parse_params(PARAMS[key]), game_id.split(":", 2)[2]
    if key == "kenken":       # its digits, row by row, as a player would copy them out
        answer = "".join(str(d) for line in rules.solution_json(params, desc) for d in line)
    else:
        answer = rules.encode_arrangement(rules.new_game(params, desc).solution)
    assert answer not in text.replace("\n", "")
    assert text.count("\n") == 2


# --- the streak in the player's calendar ------------------------------------------------------

ZONES = {
    "UTC": "UTC0",
    "east, +14 (Kiribati)": "LINT-14",
    "west, -11 (Samoa)": "SST11",
    "half an hour, +5:30 (India)": "IST-5:30",
    "half an hour with summer time, -3:30 (Newfoundland)": "NST3:30NDT,M3.2.0,M11.1.0",
    "half an hour with summer time, +9:30 (Adelaide)": "ACST-9:30ACDT,M10.1.0,M4.1.0/3",
    "summer time, London": "GMT0BST,M3.5.0/1,M10.5.0",
    "summer time, Los Angeles": "PST8PDT,M3.2.0,M11.1.0",
}


@pytest.fixture(params=list(ZONES.values()), ids=list(ZONES))
def zone(request):
    if not hasattr(time, "tzset"):
        pytest.skip("time zones are set through TZ and tzset, which this platform lacks")
    before = os.environ.get("TZ")
    os.environ["TZ"] = request.param
    time.tzset()
    yield request.param
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def at(day: datetime.date, hour: int, minute: int = 0, second: int = 0) -> float:
    """A local moment (this zone's, summer time and all)."""
    return time.mktime((day.year, day.month, day.day, hour, minute, second, 0, 0, -1))


def record_daily(key: str, day: datetime.date, started: float, finished: float) -> None:
    recorded.db().record(Game(
        game=key, params=PARAMS[key], game_id="", started=history.utc_text(started),
        finished=history.utc_text(finished), outcome="won", score=60, detail="1:00",
        ranked=True, duration=finished - started, daily=day.isoformat()))


# Days around each zone's summer time changes in 2026, and an ordinary one.
CHANGES = [datetime.date(2026, 3, 8), datetime.date(2026, 3, 29), datetime.date(2026, 4, 5),
           datetime.date(2026, 10, 4), datetime.date(2026, 10, 25), datetime.date(2026, 11, 1),
           DAY]


@pytest.mark.parametrize("today", CHANGES)
def test_the_streak_counts_days_begun_on_their_own_local_day(zone, today):
    one = datetime.timedelta(days=1)
    record_daily("kenken", today - 3 * one, at(today - 3 * one, 12), at(today - 3 * one, 12, 9))
    # begun a minute before midnight, finished after it: still its day's
    record_daily("kenken", today - 2 * one, at(today - 2 * one, 23, 59), at(today - one, 0, 4))
    record_daily("kenken", today - one, at(today - one, 0, 0, 5), at(today - one, 0, 9))
    db = recorded.db()
    assert stats.daily_streak(db, "kenken", today) == 3, "today's still to do"
    record_daily("kenken", today, at(today, 23, 50), at(today, 23, 58))
    assert stats.daily_streak(db, "kenken", today) == 4
    assert stats.daily_streak(db, "kenken", today + one) == 4, "tomorrow's still to do"
    assert stats.daily_streak(db, "kenken", today + 2 * one) == 0
    # A past day played today counts as played, not in the streak (and breaks no gap open).
    record_daily("kenken", today - 5 * one, at(today, 10), at(today, 10, 5))
    record_daily("kenken", today - 4 * one, at(today, 11), at(today, 11, 5))
    assert stats.daily_streak(db, "kenken", today) == 4
    figures = stats.figures(db, "kenken", today)
    assert (figures.dailies, figures.daily_streak) == (6, 4)
    assert stats.daily_streak(db, "", today) == 4 and stats.daily_streak(db, "poggle", today) == 0
    shown = records.daily_results(Store(lambda message: None), "kenken",
                                  (today - 5 * one).isoformat(), today.isoformat())
    assert {day: on_time for day, (_, on_time) in shown.items()} == {
        (today - n * one).isoformat(): n < 4 for n in range(6)}


@settings(max_examples=60, deadline=None,   # the zone stays set across the examples
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moment=st.integers(946_728_000, 4_102_444_800), late=st.integers(0, 3))
def test_the_history_and_python_agree_on_the_local_day(zone, moment, late):
    """SQLite's localtime (the streak's query) and Python's (the game's header) find the same
    calendar day for any moment, in every zone."""
    day = daily.local_day(moment) - datetime.timedelta(days=late)
    found = recorded.db().query(
        f"SELECT {history_queries.ON_ITS_DAY} FROM (SELECT ? AS started, ? AS finished, "
        f"? AS daily) LIMIT 1",
        (history.utc_text(moment), history.utc_text(moment), day.isoformat()))
    assert bool(found[0][0]) == (late == 0)
    assert daily.local_day(moment).isoformat() == time.strftime("%Y-%m-%d",
                                                                 time.localtime(moment))
