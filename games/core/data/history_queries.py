"""Every question the rest of Parlour asks the history of finished games (history.py), as one
typed API: which games, a `Filter` (a value: the game, its setting, the opponent, the outcome,
help, the level, the daily puzzles and their days, the finishing times), and a function per
question that answers in named rows. The statistics (stats.py), the best scores and records
(records.py), the daily puzzles' calendar and shared results, and the history screen compose
filters and Python; the SQL is written here, once, and nowhere outside the history's modules
(the architecture test holds every module to that).

Each question is one bounded read over the checked view `valid`, walking the index made for it
(history.MIGRATIONS, version 3): the statistics of 10,000 games are a few short walks in C,
never a Python loop over games. A filter is checked when it is made (checks.Invalid, a
ValueError, says which field and why), and its values reach SQLite as parameters, but for the
few fixed words (an outcome, an opponent kind) which are written in, as the indexes expect.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from games.core.data.history import MOST_ROWS, SKIPPED, History
from games.core.data.history_rows import (
    CHECKS,
    COLUMNS,
    OPPONENTS,
    OUTCOMES,
    Game,
    from_row,
)
from games.core.kit.checks import Invalid

# none (a puzzle), the computer, another person here, a friend over the network
Opponent = Literal["", "computer", "human", "network"]
Outcome = Literal["won", "lost", "draw"]       # as the player sees it
Measure = Literal["score", "duration"]         # a game's score, or the seconds it took

ANYONE: frozenset[Opponent] = frozenset(("", "computer", "human", "network"))
# The games with a player to win or lose them: all but those between two people.
PLAYERS: frozenset[Opponent] = frozenset(("", "computer"))
# The games between two people (at one screen, or over the network): played, never the
# player's wins or losses, streaks or records.
PEOPLE: frozenset[Opponent] = ANYONE - PLAYERS

# A win with help: a puzzle's win its game keeps out of the best results (Solve was used, or
# help its rules count: `ranked` is 0); played, never won. A two-player game's hints are in
# its record and its result, as a Calcoolation hint is: its wins are its own.
HELPED = "(outcome = 'won' AND opponent = '' AND ranked = 0)"
A_PLAYERS = "opponent IN ('', 'computer')"             # PLAYERS, as SQL
WON = f"outcome = 'won' AND {A_PLAYERS}"       # the player's (with help or not)
LOST = f"outcome = 'lost' AND {A_PLAYERS}"


@dataclass(frozen=True)
class Filter:
    """Which games: each field narrows them (its default picks every game)."""
    game: str = ""                          # a game's key ("": every game)
    params: str | None = None               # its parameters, as recorded (Params.encode())
    opponents: frozenset[Opponent] = ANYONE  # the kinds of opponent (PLAYERS: a player's)
    outcome: Outcome | None = None
    level: str | None = None                # the computer's level, as recorded
    ranked: bool | None = None              # may enter the best scores
    helped: bool | None = None              # a win with help (HELPED)
    daily: bool | None = None               # a daily puzzle
    daily_from: str = ""                    # a daily puzzle of this day (YYYY-MM-DD) or later
    daily_until: str = ""                   # a daily puzzle of this day or earlier
    single: bool = False                    # rows of one game each (no imported record's count)
    measured: Measure | None = None         # with a score, or with a time
    finished_from: str = ""                 # UTC, TIME_FORMAT: finished at or after
    finished_before: str = ""               # UTC, TIME_FORMAT: finished before

    def __post_init__(self) -> None:
        if self.game:
            CHECKS["game"](self.game, "game")
        if self.params is not None:
            CHECKS["params"](self.params, "params")
        if self.level is not None:
            CHECKS["level"](self.level, "level")
        if not self.opponents or not self.opponents <= ANYONE:
            raise Invalid(f"opponents: some of {', '.join(map(repr, OPPONENTS))}")
        if self.outcome is not None and self.outcome not in OUTCOMES:
            raise Invalid(f"outcome: one of {', '.join(OUTCOMES)}")
        if self.measured not in (None, "score", "duration"):
            raise Invalid("measured: 'score' or 'duration'")
        for name in ("finished_from", "finished_before"):
            if getattr(self, name):
                CHECKS["finished"](getattr(self, name), name)
        for name in ("daily_from", "daily_until"):
            CHECKS["daily"](getattr(self, name), name)

    def but(self, **changes: object) -> Filter:
        """The same filter with these fields changed (checked again)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


EVERY = Filter()


def column(measure: Measure) -> Measure:
    """The column of a measure (written into the SQL: only these two)."""
    if measure not in ("score", "duration"):
        raise Invalid("measure: 'score' or 'duration'")
    return measure


def where(chosen: Filter) -> tuple[str, tuple[object, ...]]:
    """The filter as an SQL condition ("1": every game) and its parameters. A range of
    finishing times of the wins with help is not read through the index of finishing times
    (`+finished`): they are few, and found in an index that holds `ranked`, where that index
    would read `ranked` from every row of the range."""
    terms: list[str] = []
    args: list[object] = []
    for column, value in (("game", chosen.game or None), ("params", chosen.params),
                          ("level", chosen.level)):
        if value is not None:
            terms.append(f"{column} = ?")
            args.append(value)
    if chosen.opponents != ANYONE:     # a row holds one of them (VALID): named as words
        left_out = ANYONE - chosen.opponents
        terms.append(f"opponent = '{next(iter(chosen.opponents))}'"
                     if len(chosen.opponents) == 1 else
                     f"opponent <> '{next(iter(left_out))}'" if len(left_out) == 1 else
                     f"opponent IN ({', '.join(repr(o) for o in sorted(chosen.opponents))})")
    if chosen.outcome is not None:
        terms.append(f"outcome = '{chosen.outcome}'")
    if chosen.ranked is not None:
        terms.append(f"ranked = {int(chosen.ranked)}")
    if chosen.measured is not None:
        terms.append(f"{chosen.measured} IS NOT NULL")
    if chosen.helped is not None:
        terms.append(HELPED if chosen.helped else f"NOT {HELPED}")
    if chosen.daily is not None:
        terms.append("daily <> ''" if chosen.daily else "daily = ''")
    for bound, sign in ((chosen.daily_from, ">="), (chosen.daily_until, "<=")):
        if bound:
            terms.append(f"daily <> '' AND daily {sign} ?")
            args.append(bound)
    if chosen.single:
        terms.append("games = 1")
    finished = "+finished" if chosen.helped else "finished"
    for bound, sign in ((chosen.finished_from, ">="), (chosen.finished_before, "<")):
        if bound:
            terms.append(f"{finished} {sign} ?")
            args.append(bound)
    return " AND ".join(terms) or "1", tuple(args)


# --- whole games (the history screen) ----------------------------------------------------------

def games(db: History, chosen: Filter = EVERY, most: int = 20, skip: int = 0) -> list[Game]:
    """The games chosen, newest first, `most` of them after the newest `skip`, each checked:
    a row that fails is left out (and the player told)."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT {', '.join(COLUMNS)} FROM valid WHERE {condition} "
                    f"ORDER BY id DESC LIMIT ? OFFSET ?",
                    (*args, max(0, min(most, MOST_ROWS)), max(0, min(skip, MOST_ROWS))))
    return [game for game, _ in checked(db, rows)]


def checked(db: History, rows: list[tuple[object, ...]]) -> list[tuple[Game, tuple[object, ...]]]:
    """Each row of COLUMNS (and the values after them) as a checked Game (and those values): a
    row that fails is left out, and the player told."""
    kept = []
    for row in rows:
        try:
            kept.append((from_row(row[:len(COLUMNS)]), row[len(COLUMNS):]))
        except Invalid:
            db.store.tell(SKIPPED.format(count="a", s="", they="it is"))
    return kept


def count(db: History, chosen: Filter = EVERY) -> int:
    """How many games are chosen (up to MOST_ROWS)."""
    condition, args = where(chosen)
    return int(db.query(f"SELECT count(*) FROM (SELECT 1 FROM valid WHERE {condition} "
                        f"LIMIT {MOST_ROWS}) LIMIT 1", args)[0][0])


# --- counts -------------------------------------------------------------------------------------

class Total(NamedTuple):
    """The games of one game, opponent, outcome and level (and help)."""
    game: str
    opponent: Opponent
    outcome: Outcome
    level: str
    helped: bool         # wins with help (HELPED)
    games: int
    seconds: float       # time played


def totals(db: History, chosen: Filter, most: int) -> list[Total]:
    """The chosen games counted per game, opponent, outcome, level and help: one walk down an
    index in its own order."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT game, opponent, outcome, level, {HELPED}, sum(games), "
                    f"total(duration) FROM valid WHERE {condition} GROUP BY game, opponent, "
                    f"outcome, level, ranked LIMIT {most}", args)
    return [Total(game, opponent, outcome, level, bool(helped), int(games), float(seconds))
            for game, opponent, outcome, level, helped, games, seconds in rows]


class SettingTotal(NamedTuple):
    """The games of one setting (parameters) and outcome (and help)."""
    params: str
    outcome: Outcome
    helped: bool
    games: int


def totals_per_setting(db: History, chosen: Filter, most: int) -> list[SettingTotal]:
    """The chosen games counted per parameters, outcome and help."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT params, outcome, {HELPED}, sum(games) FROM valid WHERE "
                    f"{condition} GROUP BY params, ranked, outcome LIMIT {most}", args)
    return [SettingTotal(params, outcome, bool(helped), int(games))
            for params, outcome, helped, games in rows]


class SettingRows(NamedTuple):
    params: str
    rows: int            # rows, not games: each a game that has its own result


def rows_per_setting(db: History, chosen: Filter, most: int) -> list[SettingRows]:
    """How many rows of the chosen games each parameters has, the most first (then by name)."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT params, count(*) FROM valid WHERE {condition} GROUP BY params "
                    f"ORDER BY count(*) DESC, params LIMIT {most}", args)
    return [SettingRows(params, int(number)) for params, number in rows]


class MostPlayed(NamedTuple):
    params: str
    scored: int          # its ranked games with a score (what its best and median rank)


def most_played_setting(db: History, chosen: Filter) -> MostPlayed | None:
    """The parameters of the chosen games with the most games (between equals, the one with
    more ranked scores, then by name), or None if there is none."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT params, total(ranked = 1 AND score IS NOT NULL) FROM valid "
                    f"WHERE {condition} GROUP BY params ORDER BY sum(games) DESC, 2 DESC, "
                    f"params LIMIT 1", args)
    return MostPlayed(rows[0][0], int(rows[0][1])) if rows else None


# A daily puzzle begun on its own local day (SQLite's localtime is the C library's, as
# Python's): it counts toward the daily streak; a past day's played later counts as played.
ON_ITS_DAY = "date(CASE WHEN started <> '' THEN started ELSE finished END, 'localtime') = daily"


class DailyDay(NamedTuple):
    day: str             # YYYY-MM-DD
    on_its_day: bool     # one of its daily puzzles was begun on that day (ON_ITS_DAY)


def daily_days(db: History, chosen: Filter) -> list[DailyDay]:
    """The days of the daily puzzles among the chosen games, newest first, each with whether
    one of them was begun on its day: one row a day."""
    condition, args = where(chosen)
    return [DailyDay(str(day), bool(on_time)) for day, on_time in db.query(
        f"SELECT daily, max({ON_ITS_DAY}) FROM valid WHERE {condition} AND daily <> '' "
        f"GROUP BY daily ORDER BY daily DESC LIMIT {MOST_ROWS}", args)]


class DailyGame(NamedTuple):
    game: Game
    on_its_day: bool     # begun on the day of its puzzle (ON_ITS_DAY)


def daily_games(db: History, chosen: Filter, most: int) -> list[DailyGame]:
    """The daily puzzles among the chosen games, newest first, `most` of them, each checked
    (a row that fails is left out, and the player told) and with whether it was begun on its
    day."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT {', '.join(COLUMNS)}, {ON_ITS_DAY} FROM valid WHERE {condition} "
                    f"AND daily <> '' ORDER BY id DESC LIMIT ?",
                    (*args, max(0, min(most, MOST_ROWS))))
    return [DailyGame(game, bool(rest[0])) for game, rest in checked(db, rows)]


def results_in_order(db: History, chosen: Filter) -> str:
    """The results of the chosen games with a player (not between two people, one game a
    row) in the order they finished, as one string (one row, not one object per game): '1' a
    win, '0' any other result, and nothing for a win with help (it neither lengthens a run of
    wins nor ends one). The wins with help are found once, in an index that holds `ranked`,
    and each puzzle's win looked up among them (reading `ranked` from each row would take
    twice as long)."""
    condition, args = where(chosen)
    helped, helped_args = where(chosen.but(helped=True))
    rows = db.query(f"SELECT group_concat(won, '') FROM (SELECT CASE WHEN outcome <> 'won' "
                    f"THEN '0' WHEN opponent <> '' OR id NOT IN (SELECT id FROM valid WHERE "
                    f"{helped}) THEN '1' ELSE '' END AS won FROM valid WHERE {condition} AND "
                    f"{A_PLAYERS} AND games = 1 ORDER BY id LIMIT {MOST_ROWS}) LIMIT 1",
                    (*helped_args, *args))
    return str(rows[0][0] or "")


class Span(NamedTuple):
    """A stretch of time: a local day, from its midnight (UTC) to the next."""
    name: str
    start: str           # UTC, TIME_FORMAT
    stop: str


class SpanResults(NamedTuple):
    name: str
    won: int             # the player's wins (with help or not)
    lost: int
    other: int           # draws, and the games between two people


def results_per_span(db: History, chosen: Filter, spans: Sequence[Span]) -> list[SpanResults]:
    """The chosen games finished in each span, counted as won, lost or other: a walk down the
    index of finishing times per span, nothing converted or sorted per game."""
    condition, args = where(chosen)
    bounds = [value for span in spans for value in span]
    rows = db.query(
        f"WITH spans(name, start, stop) AS (VALUES {', '.join(['(?, ?, ?)'] * len(spans))}) "
        f"SELECT name, (SELECT json_array(total(games * ({WON})), total(games * ({LOST})), "
        f"total(games * NOT ({WON} OR {LOST}))) FROM valid WHERE {condition} AND finished >= "
        f"start AND finished < stop) FROM spans LIMIT {len(spans)}", (*bounds, *args))
    counts = {name: json.loads(sums) for name, sums in rows}
    return [SpanResults(span.name, *(int(value) for value in counts.get(span.name, [0, 0, 0])))
            for span in spans]


class Finish(NamedTuple):
    finished: str        # UTC, TIME_FORMAT
    games: int


def finishes(db: History, chosen: Filter) -> list[Finish]:
    """When each of the chosen games finished, and how many games its row stands for."""
    condition, args = where(chosen)
    return [Finish(finished, int(number)) for finished, number in db.query(
        f"SELECT finished, games FROM valid WHERE {condition} LIMIT {MOST_ROWS}", args)]


def outcomes(db: History, chosen: Filter) -> dict[Outcome, int]:
    """The chosen games counted per outcome (those with none are left out)."""
    condition, args = where(chosen)
    rows = db.query(f"SELECT outcome, sum(games) FROM valid WHERE {condition} GROUP BY "
                    f"outcome LIMIT {len(OUTCOMES)}", args)
    return {outcome: int(number) for outcome, number in rows}


# --- scores and times ---------------------------------------------------------------------------

class Measured(NamedTuple):
    """A game's score, or its time, with the game's words for it and when it finished."""
    value: float
    detail: str
    finished: str        # UTC, TIME_FORMAT


def best_first(db: History, chosen: Filter, measure: Measure, lower_is_better: bool,
               most: int = 1, skip: int = 0) -> list[Measured]:
    """The chosen games' scores (or times) best first (between equals, the earlier game),
    `most` of them after the best `skip`: the best is one step down the index, a median two."""
    measure = column(measure)
    condition, args = where(chosen)
    order = "ASC" if lower_is_better else "DESC"
    rows = db.query(f"SELECT {measure}, detail, finished FROM valid WHERE {condition} AND "
                    f"{measure} IS NOT NULL ORDER BY {measure} {order}, id LIMIT ? OFFSET ?",
                    (*args, max(0, min(most, MOST_ROWS)), max(0, min(skip, MOST_ROWS))))
    return [Measured(float(value), detail, finished) for value, detail, finished in rows]


def newest(db: History, chosen: Filter, measure: Measure, most: int) -> list[Measured]:
    """The scores (or times) of the newest `most` of the chosen games that have one, one game
    a row, oldest first."""
    measure = column(measure)
    condition, args = where(chosen)
    rows = db.query(f"SELECT {measure}, detail, finished FROM valid WHERE {condition} AND "
                    f"{measure} IS NOT NULL AND games = 1 ORDER BY id DESC LIMIT ?",
                    (*args, max(0, min(most, MOST_ROWS))))
    return [Measured(float(value), detail, finished) for value, detail, finished in
            reversed(rows)]


class LevelMarks(NamedTuple):
    """A level's lowest time (or score) and its median (the lower middle one)."""
    level: str
    lowest: float
    median: float


def lowest_and_median_per_level(db: History, chosen: Filter,
                                measure: Measure, most: int) -> list[LevelMarks]:
    """Per level of the chosen games, the lowest of their scores (or times) and the median:
    one walk, each level's values in order in its index."""
    measure = column(measure)
    condition, args = where(chosen)
    marks: dict[str, list[float]] = {}
    for level, place, number, value in db.query(
            f"SELECT level, place, n, {measure} FROM (SELECT level, {measure}, row_number() "
            f"OVER (PARTITION BY level ORDER BY {measure}, id) AS place, count(*) OVER "
            f"(PARTITION BY level) AS n FROM valid WHERE {condition} AND {measure} IS NOT "
            f"NULL) WHERE place = 1 OR place = (n + 1) / 2 LIMIT {most * 2}", args):
        found = marks.setdefault(level, [float(value), float(value)])
        if place == 1:
            found[0] = float(value)
        if place == (number + 1) // 2:
            found[1] = float(value)
    return [LevelMarks(level, lowest, median) for level, (lowest, median) in marks.items()]
