"""The best and median results the statistics show, per difficulty or level and for the
collection (games/core/data/stats.py), against known answers and against a plain sort of
generated games; and the collection's line of `main.py stats` carries them."""
from __future__ import annotations

import datetime
import json
import os
import time

from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, stats
from games.core.kit import registry
from tests import recorded

POGGLE_5, POGGLE_6 = "size=5,colours=3", "size=6,colours=3"


def add(key: str, params: str = "", score: float | None = None, ranked: bool = True,
        outcome: str = "won", duration: float = 60.0, opponent: str = "", level: str = "",
        detail: str | None = None) -> None:
    recorded.db().record(history.Game(
        game=key, params=params, game_id="", started="", finished=history.utc_text(),
        outcome=outcome, score=score, detail=detail if detail is not None else
        f"{score:g} words" if score is not None else "", ranked=ranked, duration=duration,
        opponent=opponent, level=level))


def test_a_puzzles_best_and_median_per_setting_and_for_the_collection():
    for score in (5, 1, 9, 3):              # Poggle: fewer is better; median = lower middle
        add("poggle", POGGLE_6, score)
    for score in (2, 7, 4):
        add("poggle", POGGLE_5, score)
    add("poggle", POGGLE_5, 0, ranked=False)         # Solve used: no best score
    add("poggle", POGGLE_5, None, ranked=False, outcome="lost")
    groups = {g.name: g for g in stats.figures(recorded.db(), "poggle").groups}
    assert (groups[POGGLE_6].best, groups[POGGLE_6].median) == ("1 words", "3 words")
    assert (groups[POGGLE_5].best, groups[POGGLE_5].median) == ("2 words", "4 words")
    assert groups[POGGLE_5].played == 5
    collection = {g.name: g for g in stats.figures(recorded.db()).per_game}
    poggle = collection["poggle"]
    assert poggle.setting == POGGLE_5, "the most played: 5 games against 4"
    assert (poggle.best, poggle.median, poggle.played) == ("2 words", "4 words", 9)
    assert (poggle.won, poggle.helped, poggle.lost) == (7, 1, 1), "Solve: played, not won"
    assert collection["kenken"].setting == collection["kenken"].best == ""


def test_higher_is_better_where_the_game_says_so():
    key = next(k for k in registry.KEYS
               if registry.lookup(k).players == 1 and not registry.lookup(k).lower_is_better)
    for score in (10, 30, 20, 40, 50):
        add(key, "", score)
    game = {g.name: g for g in stats.figures(recorded.db()).per_game}[key]
    assert (game.best, game.median) == ("50 words", "30 words")


def test_a_two_player_games_fastest_and_median_win_for_its_most_played_level():
    for seconds in (90, 30, 60, 120):
        add("nim", duration=seconds, opponent="computer", level="high")
    add("nim", duration=10, opponent="computer", level="high", outcome="lost")
    add("nim", duration=5, opponent="human", outcome="won")
    for seconds in (45, 15):
        add("nim", duration=seconds, opponent="computer", level="low")
    nim = {g.name: g for g in stats.figures(recorded.db()).per_game}["nim"]
    assert (nim.setting, nim.best, nim.median) == ("high", "0:30", "1:00")
    levels = {g.name: g for g in stats.figures(recorded.db(), "nim").levels}
    assert (levels["high"].best, levels["high"].median) == ("0:30", "1:00"), "the same"
    assert (levels["low"].best, levels["low"].median) == ("0:15", "0:15")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from([POGGLE_5, POGGLE_6]), st.integers(-5, 40),
                          st.booleans()), min_size=1, max_size=25))
def test_best_and_median_are_those_of_the_sorted_ranked_scores(data_dir, games):
    """Whatever the games, each setting's best is the first of its ranked scores sorted
    best first and its median the lower middle one; the collection shows the most played
    setting (the most games; between equals, the most ranked), with its best and median if
    it has any. A win kept out of the best results (Solve, help) is played, not won."""
    for params, score, ranked in games:
        add("poggle", params, score, ranked)
    figures = stats.figures(recorded.db(), "poggle")
    groups = {g.name: g for g in figures.groups}
    scored = {}
    for params, score, ranked in games:
        if ranked:
            scored.setdefault(params, []).append(score)
    for params, scores in scored.items():
        ordered = sorted(scores)
        assert groups[params].best == f"{ordered[0]:g} words"
        assert groups[params].median == f"{ordered[(len(ordered) - 1) // 2]:g} words"
    poggle = {g.name: g for g in stats.figures(recorded.db()).per_game}["poggle"]
    played = {params: sum(1 for p, *_ in games if p == params) for params, *_ in games}
    most = min(played, key=lambda params: (-played[params], -len(scored.get(params, [])),
                                           params))
    assert poggle.setting == most
    assert (poggle.best, poggle.median) == \
        ((groups[most].best, groups[most].median) if most in scored else ("", ""))
    helped = sum(1 for *_, ranked in games if not ranked)
    assert (poggle.played, poggle.won, poggle.helped) == (len(games), len(games) - helped, helped)
    assert (figures.won, figures.helped) == (len(games) - helped, helped)
    assert figures.win_rate == (1.0 if helped < len(games) else None)
    assert figures.streak == figures.best_streak == len(games) - helped, \
        "a win with help neither lengthens a streak nor ends one"
    assert groups[most].played == played[most]
    emptied(data_dir)                   # the next example starts with an empty history


def test_the_collections_json_line_has_each_games_best_and_median(data_dir, capsys):
    from games.core.cli.commands import main
    for score in (3, 1, 2):
        add("poggle", POGGLE_6, score)
    recorded.forget()
    assert main(["stats"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    collection = lines[-1]
    assert collection["game"] == ""
    poggle = next(g for g in collection["per_game"] if g["name"] == "poggle")
    assert (poggle["setting"], poggle["best"], poggle["median"]) == \
        (POGGLE_6, "1 words", "2 words")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["won", "lost", "draw", "human"]), max_size=30))
def test_streaks_are_the_runs_of_wins_counted_one_by_one(data_dir, results):
    """The current and best streaks against a plain count, game by game; games between two
    people are no part of them."""
    for result in results:
        add("nim", outcome="won" if result == "human" else result,
            opponent="human" if result == "human" else "computer", level="low")
    figures = stats.figures(recorded.db(), "nim")
    assert (figures.streak, figures.best_streak) == \
        counted([result == "won" for result in results if result != "human"])
    emptied(data_dir)


def counted(wins: list[bool]) -> tuple[int, int]:
    """(current, best) wins in a row, counted one by one."""
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def emptied(data_dir) -> None:
    """The history closed and its files gone, for the next generated case."""
    recorded.forget()
    for path in data_dir.glob(history.FILE + "*"):
        path.unlink()


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["nim", "kono", "mu_torere", "ishido"]),
                          st.sampled_from(["won", "lost", "draw", "human", "helped"])),
                max_size=30))
def test_the_collections_streaks_run_across_games_in_the_order_they_finished(data_dir,
                                                                              results):
    """Games between two people and wins with help (a puzzle's win kept out of the best
    results) are no part of a streak: they neither lengthen nor end one."""
    try:
        for key, result in results:
            if key == "ishido" or result == "helped":   # a puzzle: won or lost, alone
                add("ishido", "rule=standard", 10, outcome="lost" if result == "lost" else
                    "won", ranked=result != "helped")
            else:
                add(key, outcome="won" if result == "human" else result,
                    opponent="human" if result == "human" else "computer", level="low")
        wins = [result != "lost" if key == "ishido" else result == "won"
                for key, result in results
                if result != "helped" and (key == "ishido" or result != "human")]
        figures = stats.figures(recorded.db(), "")
        assert (figures.streak, figures.best_streak) == counted(wins)
        helped = sum(result == "helped" for _, result in results)
        assert figures.helped == helped
        assert figures.won + figures.lost + figures.drawn + figures.two_players + helped == \
            figures.played == len(results)
    finally:
        emptied(data_dir)


ZONES = ["UTC", "Asia/Kolkata", "America/Adak", "Australia/Lord_Howe", "Pacific/Kiritimati",
         "Europe/London"]


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(zone=st.sampled_from(ZONES), today=st.dates(datetime.date(2024, 1, 1),
                                                     datetime.date(2030, 12, 31)),
       ago=st.lists(st.tuples(st.integers(-2 * 86400, 33 * 86400),
                              st.sampled_from(["won", "lost", "draw", "human"])),
                    max_size=40))
def test_the_last_30_days_count_each_game_on_its_local_day(data_dir, zone, today, ago):
    """Each game in the bar of the local day it finished on (summer time, half-hour zones and
    all), against the day Python's own clock gives it; games outside the 30 days nowhere.
    Whole seconds, as the history keeps them (Python rounds a fraction to the microsecond)."""
    was = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        end = time.mktime((today + datetime.timedelta(days=1)).timetuple())
        expected: dict[str, list[int]] = {}
        for seconds, result in ago:
            finished = end - seconds
            day = datetime.datetime.fromtimestamp(finished).date().isoformat()
            slot = 2 if result in ("draw", "human") else ("won", "lost").index(result)
            expected.setdefault(day, [0, 0, 0])[slot] += 1
            recorded.db().record(history.Game(
                game="nim", params="", game_id="", started="", outcome=
                "won" if result == "human" else result, finished=history.utc_text(finished),
                score=None, detail="", ranked=False, duration=60.0,
                opponent="human" if result == "human" else "computer", level="low"))
        days = stats.figures(recorded.db(), "nim", today).days
        assert [day for day, *_ in days] == [
            (today - datetime.timedelta(days=29 - n)).isoformat() for n in range(30)]
        for day, *counts in days:
            assert counts == expected.get(day, [0, 0, 0]), day
    finally:
        if was is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = was
        time.tzset()
        emptied(data_dir)


def test_the_collections_record_per_level_is_the_sum_of_the_games(data_dir):
    for key, outcome, level in [("nim", "won", "low"), ("kono", "won", "low"),
                                ("kono", "lost", "perfect"), ("mu_torere", "draw", "low"),
                                ("nim", "won", "human")]:
        add(key, outcome=outcome, opponent="human" if level == "human" else "computer",
            level="" if level == "human" else level)
    collection = {group.name: (group.played, group.won, group.lost, group.drawn)
                  for group in stats.figures(recorded.db(), "").levels}
    summed: dict[str, list[int]] = {}
    for key in ("nim", "kono", "mu_torere"):
        for group in stats.figures(recorded.db(), key).levels:
            row = summed.setdefault(group.name, [0, 0, 0, 0])
            for n, value in enumerate((group.played, group.won, group.lost, group.drawn)):
                row[n] += value
    assert collection == {name: tuple(row) for name, row in summed.items()} == {
        "low": (3, 2, 0, 1), "perfect": (1, 0, 1, 0)}
