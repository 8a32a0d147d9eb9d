"""The history's typed queries (games/core/data/history_queries.py) against known answers: on
generated histories, every question asked with a generated Filter answers what a plain Python
reading of the same games answers (the filter's meaning written again, field by field); and
a filter is checked where it is made."""
from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history_queries as queries
from games.core.data.history import History
from games.core.data.history_queries import Filter, Span
from games.core.data.history_rows import TIME_FORMAT, Game
from games.core.kit.checks import Invalid
from tests import recorded

PUZZLES = {"poggle": ["size=5,colours=3", "size=6,colours=3"], "kenken": ["size=4", "size=6"]}
VERSUS = ["nim", "kono"]
LEVELS = ["low", "high", "72"]
# A few moments, so that games finish together and spans cut between them.
MOMENTS = [f"2030-01-0{day} {hour:02d}:00:00" for day in (1, 2, 3) for hour in (0, 9, 18)]
DAYS = ["", "", "2030-01-01", "2030-01-02", "2030-01-03"]


@st.composite
def finished_games(draw: st.DrawFn) -> Game:
    key = draw(st.sampled_from([*PUZZLES, *VERSUS]))
    puzzle = key in PUZZLES
    opponent = "" if puzzle else draw(st.sampled_from(["computer", "human"]))
    return Game(
        game=key, params=draw(st.sampled_from(PUZZLES[key])) if puzzle else "", game_id="",
        started=draw(st.sampled_from(["", *MOMENTS])), finished=draw(st.sampled_from(MOMENTS)),
        outcome=draw(st.sampled_from(["won", "lost", "draw"])),
        score=draw(st.none() | st.integers(-3, 9).map(float)) if puzzle else None,
        detail=draw(st.sampled_from(["", "a few words"])), ranked=draw(st.booleans()),
        duration=draw(st.none() | st.sampled_from([5.0, 30.0, 61.5, 90.0])),
        opponent=opponent, level=draw(st.sampled_from(LEVELS)) if opponent == "computer" else "",
        daily=draw(st.sampled_from(DAYS)) if puzzle else "",
        games=draw(st.sampled_from([1, 1, 1, 3])))


def sometimes(values: list[object], otherwise: object = None) -> st.SearchStrategy[object]:
    """A field that narrows in about one case of four (else every game passes it)."""
    return st.sampled_from([otherwise] * 3 * len(values) + values)


filters = st.builds(
    Filter, game=sometimes([*PUZZLES, *VERSUS], ""),
    params=sometimes([p for ps in PUZZLES.values() for p in ps]),
    opponents=sometimes([frozenset(kinds) for kinds in (
        {""}, {"computer"}, {"human"}, {"", "computer"}, {"", "human"}, {"computer", "human"})],
        queries.ANYONE),
    outcome=sometimes(["won", "lost", "draw"]), level=sometimes(LEVELS),
    ranked=sometimes([True, False]), helped=sometimes([True, False]),
    daily=sometimes([True, False]), daily_from=sometimes(DAYS[2:], ""),
    daily_until=sometimes(DAYS[2:], ""), single=sometimes([True], False),
    measured=sometimes(["score", "duration"]), finished_from=sometimes(MOMENTS, ""),
    finished_before=sometimes(MOMENTS, ""))


def on_its_day(game: Game) -> bool:
    """Begun (else finished) on the local day of its daily puzzle, as Python reads the clock."""
    moment = datetime.datetime.strptime(game.started or game.finished, TIME_FORMAT)
    return moment.replace(tzinfo=datetime.UTC).astimezone().date().isoformat() == \
        game.daily


def helped(game: Game) -> bool:
    return game.outcome == "won" and game.opponent == "" and not game.ranked


def matches(game: Game, chosen: Filter) -> bool:
    """The filter's meaning, field by field, in Python."""
    return ((not chosen.game or game.game == chosen.game) and
            (chosen.params is None or game.params == chosen.params) and
            game.opponent in chosen.opponents and
            (chosen.outcome is None or game.outcome == chosen.outcome) and
            (chosen.level is None or game.level == chosen.level) and
            (chosen.ranked is None or game.ranked == chosen.ranked) and
            (chosen.helped is None or helped(game) == chosen.helped) and
            (chosen.daily is None or bool(game.daily) == chosen.daily) and
            (not chosen.daily_from or game.daily != "" and game.daily >= chosen.daily_from) and
            (not chosen.daily_until or game.daily != "" and game.daily <= chosen.daily_until) and
            (not chosen.single or game.games == 1) and
            (chosen.measured is None or getattr(game, chosen.measured) is not None) and
            (not chosen.finished_from or game.finished >= chosen.finished_from) and
            (not chosen.finished_before or game.finished < chosen.finished_before))


@pytest.fixture
def memory(data_dir: object) -> Iterator[list[History]]:
    """Histories in memory, one per generated case, closed at the end."""
    made: list[History] = []
    yield made
    for db in made:
        db.close()


def history_of(games: list[Game], made: list[History]) -> tuple[History, list[Game]]:
    """A history holding the games, and the games as it holds them (ids given; a second daily
    puzzle of a game and day is an ordinary game, as the history records it)."""
    db = History.in_memory(None, recorded.STORE)
    made.append(db)
    for game in games:
        db.record(game)
    kept = queries.games(db, most=len(games) + 1)
    assert len(kept) == len(games)
    return db, sorted(kept, key=lambda game: game.id)


CASES = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture])


@CASES
@given(st.lists(finished_games(), max_size=30), filters, st.integers(0, 12),
       st.integers(0, 12))
def test_which_games_a_filter_picks(memory, games, chosen, most, skip):
    db, kept = history_of(games, memory)
    picked = [game for game in kept if matches(game, chosen)]
    assert queries.count(db, chosen) == len(picked)
    newest_first = [game.id for game in reversed(picked)]
    assert [game.id for game in queries.games(db, chosen, most, skip)] == \
        newest_first[skip:skip + most]
    assert sorted(queries.finishes(db, chosen)) == \
        sorted((game.finished, game.games) for game in picked)
    dailies = [game for game in picked if game.daily]
    assert queries.daily_days(db, chosen) == [
        (day, any(on_its_day(game) for game in dailies if game.daily == day))
        for day in sorted({game.daily for game in dailies}, reverse=True)]
    assert queries.daily_games(db, chosen, most) == \
        [(game, on_its_day(game)) for game in reversed(dailies)][:most]
    outcomes: Counter[str] = Counter()
    for game in picked:
        outcomes[game.outcome] += game.games
    assert queries.outcomes(db, chosen) == dict(outcomes)


@CASES
@given(st.lists(finished_games(), max_size=30), filters)
def test_counts_per_game_setting_and_span(memory, games, chosen):
    db, kept = history_of(games, memory)
    picked = [game for game in kept if matches(game, chosen)]
    totals: Counter[tuple[str, str, str, str, bool]] = Counter()
    seconds: Counter[tuple[str, str, str, str, bool]] = Counter()
    for total in queries.totals(db, chosen, 1000):
        key = (total.game, total.opponent, total.outcome, total.level, total.helped)
        totals[key] += total.games
        seconds[key] += total.seconds
    expected: Counter[tuple[str, str, str, str, bool]] = Counter()
    expected_seconds: Counter[tuple[str, str, str, str, bool]] = Counter()
    for game in picked:
        key = (game.game, game.opponent, game.outcome, game.level, helped(game))
        expected[key] += game.games
        expected_seconds[key] += game.duration or 0.0
    assert totals == expected
    assert seconds == pytest.approx(expected_seconds)
    per_setting: Counter[tuple[str, str, bool]] = Counter()
    for row in queries.totals_per_setting(db, chosen, 1000):
        per_setting[row.params, row.outcome, row.helped] += row.games
    assert per_setting == Counter(
        {key: sum(g.games for g in picked if (g.params, g.outcome, helped(g)) == key)
         for key in {(g.params, g.outcome, helped(g)) for g in picked}})
    rows = Counter(game.params for game in picked)
    assert queries.rows_per_setting(db, chosen, 3) == \
        sorted(rows.items(), key=lambda pair: (-pair[1], pair[0]))[:3]
    played = Counter({params: sum(g.games for g in picked if g.params == params)
                      for params in rows})
    scored = Counter(g.params for g in picked if g.ranked and g.score is not None)
    most = queries.most_played_setting(db, chosen)
    if picked:
        best = min(played, key=lambda params: (-played[params], -scored[params], params))
        assert most == (best, scored[best])
    else:
        assert most is None
    spans = [Span(f"span {n}", start, stop) for n, (start, stop) in
             enumerate(zip(MOMENTS[::2], MOMENTS[1::2]))]
    expected_spans = []
    for span in spans:
        inside = [g for g in picked if span.start <= g.finished < span.stop]
        won = sum(g.games for g in inside if g.outcome == "won" and g.opponent != "human")
        lost = sum(g.games for g in inside if g.outcome == "lost" and g.opponent != "human")
        expected_spans.append((span.name, won, lost, sum(g.games for g in inside) - won - lost))
    assert queries.results_per_span(db, chosen, spans) == expected_spans


@CASES
@given(st.lists(finished_games(), max_size=30), filters,
       st.sampled_from(["score", "duration"]), st.booleans(), st.integers(1, 6),
       st.integers(0, 6))
def test_scores_and_times_in_order(memory, games, chosen, measure, lower, most, skip):
    db, kept = history_of(games, memory)
    picked = [game for game in kept if matches(game, chosen) and
              getattr(game, measure) is not None]
    ordered = sorted(picked, key=lambda game: (
        getattr(game, measure) * (1 if lower else -1), game.id))
    assert queries.best_first(db, chosen, measure, lower, most, skip) == \
        [(getattr(game, measure), game.detail, game.finished)
         for game in ordered[skip:skip + most]]
    singles = [game for game in picked if game.games == 1]
    assert queries.newest(db, chosen, measure, most) == \
        [(getattr(game, measure), game.detail, game.finished) for game in singles[-most:]]
    marks = {}
    for level in {game.level for game in picked}:
        values = sorted((getattr(game, measure), game.id) for game in picked
                        if game.level == level)
        marks[level] = (values[0][0], values[(len(values) + 1) // 2 - 1][0])
    assert {mark.level: (mark.lowest, mark.median) for mark in
            queries.lowest_and_median_per_level(db, chosen, measure, 100)} == marks


@CASES
@given(st.lists(finished_games(), max_size=30), filters)
def test_results_in_the_order_they_finished(memory, games, chosen):
    """'1' a win, '0' another result, nothing for a win with help; games between two people
    and imported counts are not in it."""
    db, kept = history_of(games, memory)
    expected = "".join("" if helped(game) else "1" if game.outcome == "won" else "0"
                       for game in kept if matches(game, chosen) and
                       game.opponent != "human" and game.games == 1)
    assert queries.results_in_order(db, chosen) == expected


def test_a_filter_is_checked_where_it_is_made():
    for fields in ({"game": "Poggle"}, {"game": "x" * 33}, {"params": "size=5\n"},
                   {"level": "High"}, {"opponents": frozenset()},
                   {"opponents": frozenset({"robot"})}, {"outcome": "win"},
                   {"measured": "id"}, {"finished_from": "yesterday"},
                   {"finished_before": "2030-02-30 00:00:00"}, {"daily_from": "2030-02-30"},
                   {"daily_until": "tomorrow"}, {"daily_from": "1999-12-31"}):
        with pytest.raises(Invalid):
            Filter(**fields)
    with pytest.raises(Invalid):
        Filter(game="nim").but(level="Strong")
    assert Filter(game="nim").but(level="72") == Filter(game="nim", level="72")


@given(st.text(max_size=40))
def test_a_game_or_level_is_text_the_history_holds_or_refused(text):
    for field, pattern in (("game", "abcdefghijklmnopqrstuvwxyz_"),
                           ("level", "abcdefghijklmnopqrstuvwxyz0123456789_")):
        fits = len(text) <= 32 and all(c in pattern for c in text)
        try:
            Filter(**{field: text})
        except Invalid:
            assert not fits
        else:
            assert fits


def test_a_measure_is_one_of_two_columns(data_dir):
    with pytest.raises(Invalid):
        queries.best_first(recorded.db(), Filter(), "id; DROP TABLE games", True)  # type: ignore[arg-type]
    assert queries.best_first(recorded.db(), Filter(), "score", True) == []


def test_the_days_of_a_week_of_dailies_newest_first(data_dir):
    for day in (3, 1, 2):
        recorded.db().record(Game(
            game="kenken", params="size=4", game_id="", started="",
            finished=f"2030-01-0{day} 12:00:00", outcome="won", score=1.0, detail="",
            ranked=True, duration=1.0, daily=datetime.date(2030, 1, day).isoformat()))
    assert [found.day for found in queries.daily_days(recorded.db(), Filter(game="kenken"))] == \
        ["2030-01-03", "2030-01-02", "2030-01-01"]
    between = Filter(game="kenken", daily_from="2030-01-02", daily_until="2030-01-02")
    assert [row.game.daily for row in queries.daily_games(recorded.db(), between, 5)] == \
        ["2030-01-02"]
    assert queries.daily_days(recorded.db(), Filter(game="poggle")) == []


def test_a_range_of_finishing_times_holds_its_start_not_its_end(data_dir):
    for moment in MOMENTS[:3]:          # wins with help: the range is read another way
        recorded.db().record(Game(
            game="kenken", params="size=4", game_id="", started="", finished=moment,
            outcome="won", score=None, detail="", ranked=False, duration=1.0))
    between = Filter(finished_from=MOMENTS[0], finished_before=MOMENTS[2])
    assert [game.finished for game in queries.games(recorded.db(), between)] == \
        [MOMENTS[1], MOMENTS[0]]
    assert queries.count(recorded.db(), between.but(helped=True)) == 2
    assert queries.count(recorded.db(), between.but(helped=False)) == 0
