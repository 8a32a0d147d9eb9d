"""The statistics of a game, or of the whole collection, as queries over the history: played,
won / lost / drawn, win rate, current and best streak, daily streak, best and median score (or
time) per difficulty or level, results over the last 30 days, the score (or time) of the last
50 games, and the record against each computer level. No pygame: the screens draw these
figures and `main.py stats` prints them.

Games between two people count as played, never as won or lost (nobody is the player there).
A win its game keeps out of the best results (finished by Solve, or with help its rules count:
`ranked` is 0) counts as played "with help": never as won, in no win rate and no streak.
"""
from __future__ import annotations

import bisect
import datetime
import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from games.core.data import history, history_rows
from games.core.data.history import History
from games.core.data.history_rows import utc_text
from games.core.kit import daily, registry
from games.core.kit.checks import Invalid

DAYS = 30          # the bars: results per day
RECENT = 50        # the line: the last games' scores or times
MOST_GROUPS = 200  # difficulties or levels listed
RANKED_GROUPS = 20  # the most played settings get their best and median scores
PLAYER = "opponent <> 'human'"     # the games with a player to win or lose them
# A win with help: a puzzle's win its game keeps out of the best results (Solve was used, or
# help its rules count, GameScene.ranked); played, never won. A two-player game's hints are in
# its record and its result, as a Calcoolation hint is: its wins are its own.
HELPED = "(outcome = 'won' AND opponent = '' AND ranked = 0)"
NAMES = {"won": "won", "lost": "lost", "draw": "drawn"}


@dataclass
class Group:
    """One difficulty (its parameters) or computer level; in the collection, one game."""
    name: str              # the parameters or the level, as recorded (the collection: a game)
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    helped: int = 0        # won with help (played, not won: HELPED)
    best: str = ""         # the best score or time, in the game's words
    median: str = ""
    setting: str = ""      # the collection: the game's most played setting (parameters or
    #                        level) with a best result, whose best and median these are


@dataclass
class Figures:
    game: str                      # the game's key, or "" for the whole collection
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    two_players: int = 0           # games between two people (played, not won or lost)
    helped: int = 0                # won with help (played, not won: HELPED)
    win_rate: float | None = None  # won / (won + lost + drawn)
    streak: int = 0                # wins in a row, up to the last game
    best_streak: int = 0
    daily_streak: int = 0          # days in a row with the daily puzzle done on its day
    dailies: int = 0
    seconds: float = 0.0           # time played
    groups: list[Group] = field(default_factory=list)
    days: list[tuple[str, int, int, int]] = field(default_factory=list)   # date, W, L, D
    recent: list[tuple[float, str]] = field(default_factory=list)  # value, words; oldest first
    recent_kind: str = ""          # "score" or "time"
    recent_median: tuple[float, str] | None = None
    levels: list[Group] = field(default_factory=list)   # against the computer, per level
    per_game: list[Group] = field(default_factory=list)  # the collection: each game

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "seconds": round(self.seconds, 1)}


def figures(db: History, key: str = "", today: datetime.date | None = None) -> Figures:
    """The statistics in a history of one game (`key`), or of every game (""), as of `today`
    (local)."""
    today = today or datetime.date.today()
    where, args = ("game = ?", (key,)) if key else ("1", ())
    result = Figures(key)
    # One walk down an index in its own order: the counts per game, result, opponent and level
    totals = db.query(f"SELECT game, opponent, outcome, level, {HELPED}, sum(games), "
                      f"total(duration) FROM valid WHERE {where} GROUP BY game, opponent, "
                      f"outcome, level, ranked LIMIT {MOST_GROUPS * 54}", args)
    for _, opponent, outcome, _, helped, count, seconds in totals:
        result.played += count
        result.seconds += seconds
        if opponent == "human":
            result.two_players += count
        else:
            name = "helped" if helped else NAMES[outcome]
            setattr(result, name, getattr(result, name) + count)
    decided = result.won + result.lost + result.drawn
    result.win_rate = round(result.won / decided, 4) if decided else None
    result.streak, result.best_streak = streaks(db, where, args)
    result.dailies, result.daily_streak = daily_figures(db, where, args, today)
    result.days = last_days(db, where, args, today)
    if key:
        info = registry.lookup(key)
        if info.players == 2:
            result.levels = level_times(db, key, totals_by_level(totals))
            result.recent_kind = "time"
            result.recent = recent(db, "duration", "game = ?", (key,))
        else:
            result.groups = param_groups(db, key, info.lower_is_better)
            result.recent_kind = "score"
            result.recent = recent(db, "score", "game = ? AND ranked = 1", (key,))
        result.recent_median = median_of(result.recent)
    else:
        result.per_game = game_groups(totals)
        for group in result.per_game:
            most_played_best(db, group, totals)
        result.levels = totals_by_level(totals)
    return result


def streaks(db: History, where: str, args: tuple[Any, ...]) -> tuple[int, int]:
    """(current, best) wins in a row, in the order the games finished: the results read as one
    string of 1s and 0s (one row, not one object per game), split at the other results. A
    win with help is left out (''): it neither lengthens a run nor ends one. Its ids are
    found once, in an index that holds `ranked`, and each puzzle's win looked up among them
    (reading `ranked` from each row would take twice as long)."""
    rows = db.query(f"SELECT group_concat(won, '') FROM (SELECT CASE WHEN outcome <> 'won' "
                    f"THEN '0' WHEN opponent <> '' OR id NOT IN (SELECT id FROM valid WHERE "
                    f"{where} AND {HELPED}) THEN '1' ELSE '' END AS won FROM valid WHERE "
                    f"{where} AND {PLAYER} AND games = 1 ORDER BY id "
                    f"LIMIT {history.MOST_ROWS}) LIMIT 1", (*args, *args))
    runs = (rows[0][0] or "").split("0")
    return len(runs[-1]), max(map(len, runs))


# A daily begun on its own local day (SQLite's localtime is the C library's, as Python's): it
# counts toward the streak; a past day's played later counts as played, not in the streak.
ON_ITS_DAY = "date(CASE WHEN started <> '' THEN started ELSE finished END, 'localtime') = daily"


def daily_figures(db: History, where: str, args: tuple[Any, ...],
                  today: datetime.date) -> tuple[int, int]:
    """(the days with a daily puzzle played, the daily streak as of `today`): one row a day."""
    rows = db.query(f"SELECT daily, max({ON_ITS_DAY}) FROM valid WHERE {where} AND daily <> '' "
                    f"GROUP BY daily ORDER BY daily DESC LIMIT {history.MOST_ROWS}", args)
    return len(rows), daily.streak([day for day, on_time in rows if on_time], today)


def daily_streak(db: History, key: str, today: datetime.date) -> int:
    """The daily streak of one game (`key`), or of the collection ("")."""
    where, args = ("game = ?", (key,)) if key else ("1", ())
    return daily_figures(db, where, args, today)[1]


WON = "outcome = 'won' AND opponent <> 'human'"
LOST = "outcome = 'lost' AND opponent <> 'human'"


def last_days(db: History, where: str, args: tuple[Any, ...],
              today: datetime.date) -> list[tuple[str, int, int, int]]:
    """(date, won, lost, drawn) for each of the last DAYS local days, oldest first; games
    between two people and wins with help count as drawn here (neither the player's win nor
    loss). Each day is the range of `finished` between two local midnights (found here,
    summer time and all): a walk down the index per day, nothing converted or sorted per
    game; the wins with help are then moved from won to drawn (a few rows, found in an index
    that holds `ranked`: `+finished` keeps SQLite from the index of the finishing times,
    which would read `ranked` from every row of the 30 days)."""
    first = today - datetime.timedelta(days=DAYS - 1)
    dates = [first + datetime.timedelta(days=n) for n in range(DAYS + 1)]
    starts = [utc_text(time.mktime(day.timetuple())) for day in dates]
    bounds = [value for n in range(DAYS) for value in (dates[n].isoformat(), *starts[n:n + 2])]
    rows = db.query(
        f"WITH days(day, start, stop) AS (VALUES {', '.join(['(?, ?, ?)'] * DAYS)}) "
        f"SELECT day, (SELECT json_array(total(games * ({WON})), total(games * ({LOST})), "
        f"total(games * NOT ({WON} OR {LOST}))) FROM valid WHERE {where} AND finished >= start "
        f"AND finished < stop) FROM days LIMIT {DAYS}", (*bounds, *args))
    counts = {day: json.loads(sums) for day, sums in rows}
    for finished, games in db.query(
            f"SELECT finished, games FROM valid WHERE {where} AND {HELPED} AND +finished >= ? "
            f"AND +finished < ? LIMIT {history.MOST_ROWS}", (*args, starts[0], starts[-1])):
        sums = counts[dates[bisect.bisect_right(starts, finished) - 1].isoformat()]
        sums[0] -= games
        sums[2] += games
    days: list[tuple[str, int, int, int]] = []
    for day in dates[:DAYS]:
        won, lost, drawn = counts.get(day.isoformat(), [0, 0, 0])
        days.append((day.isoformat(), int(won), int(lost), int(drawn)))
    return days


def recent(db: History, column: str, where: str, args: tuple[Any, ...]) -> list[tuple[float, str]]:
    """The last RECENT games' score (with its words) or time, oldest first."""
    rows = db.query(f"SELECT {column}, detail FROM valid WHERE {where} AND {column} IS NOT NULL "
                    f"AND games = 1 ORDER BY id DESC LIMIT {RECENT}", args)
    if column == "duration":
        return [(value, clock(value)) for value, _ in reversed(rows)]
    return [(value, words if shown(words) else "") for value, words in reversed(rows)]


def median_of(values: list[tuple[float, str]]) -> tuple[float, str] | None:
    """The middle value (the lower of the two middle ones) with its words."""
    if not values:
        return None
    ordered = sorted(values, key=lambda pair: pair[0])
    return ordered[(len(ordered) - 1) // 2]


def param_groups(db: History, key: str, lower_is_better: bool) -> list[Group]:
    """Per parameters (difficulty, size, rules): played and results, the best score and the
    median one (of the games that may enter the best scores), in the game's words."""
    groups: dict[str, Group] = {}
    for params, outcome, helped, count in db.query(
            f"SELECT params, outcome, {HELPED}, sum(games) FROM valid WHERE game = ? GROUP BY "
            f"params, ranked, outcome LIMIT {MOST_GROUPS * 6}", (key,)):
        add(groups.setdefault(params, Group(params)), outcome, count, helped)
    for params, count in db.query(
            f"SELECT params, count(*) FROM valid WHERE {SCORED} GROUP BY params "
            f"ORDER BY count(*) DESC, params LIMIT {RANKED_GROUPS}", (key,)):
        group = groups.setdefault(params, Group(params))
        score_best_median(db, key, lower_is_better, group, params, count)
    return sorted(groups.values(), key=lambda group: -group.played)[:MOST_GROUPS]


SCORED = "game = ? AND ranked = 1 AND score IS NOT NULL"       # the games a best score ranks
TIMED = "game = ? AND opponent = 'computer' AND outcome = 'won' AND duration IS NOT NULL"


def score_best_median(db: History, key: str, lower_is_better: bool, group: Group,
                      params: str, count: int) -> None:
    """The best and the median (the lower middle) of the `count` ranked scores of `params`,
    in the game's words, into `group`: two steps down the index."""
    order = "ASC" if lower_is_better else "DESC"
    for place, name in ((0, "best"), ((count - 1) // 2, "median")):
        rows = db.query(f"SELECT score, detail FROM valid WHERE {SCORED} AND params = ? "
                        f"ORDER BY score {order}, id LIMIT 1 OFFSET ?", (key, params, place))
        if rows:
            score, words = rows[0]
            setattr(group, name, words if shown(words) else history_number(score))


def most_played_best(db: History, group: Group, totals: list[tuple[Any, ...]]) -> None:
    """The collection's row of one game (`group.name`): its most played setting, the one
    with the most games of all (a puzzle's parameters; a two-player game's computer level,
    from the `totals`; between equals, the one with more results to rank, then by name),
    with the best and median of its results, where it has any (a puzzle's ranked scores; a
    two-player game's winning times)."""
    key = group.name
    if registry.lookup(key).players == 1:
        rows = db.query("SELECT params, total(ranked = 1 AND score IS NOT NULL) FROM valid "
                        "WHERE game = ? GROUP BY params ORDER BY sum(games) DESC, 2 DESC, "
                        "params LIMIT 1", (key,))
        if rows:
            group.setting, count = rows[0][0], int(rows[0][1])
            if count:
                score_best_median(db, key, registry.lookup(key).lower_is_better, group,
                                  group.setting, count)
        return
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for game, opponent, outcome, level, _, count, _ in totals:
        if game == key and opponent == "computer":
            played[level] = played.get(level, 0) + count
            won[level] = won.get(level, 0) + (count if outcome == "won" else 0)
    if played:
        group.setting = min(played, key=lambda level: (-played[level], -won[level], level))
        count = db.query(f"SELECT count(*) FROM valid WHERE {TIMED} AND level = ? LIMIT 1",
                         (key, group.setting))[0][0]
        for place, name in ((0, "best"), ((count - 1) // 2, "median")) if count else ():
            seconds = db.query(f"SELECT duration FROM valid WHERE {TIMED} AND level = ? "
                               f"ORDER BY duration, id LIMIT 1 OFFSET ?",
                               (key, group.setting, place))
            if seconds:
                setattr(group, name, clock(seconds[0][0]))


def level_times(db: History, key: str, levels: list[Group]) -> list[Group]:
    """The `levels` of `key` against the computer (from the totals), each with its fastest
    win and the median time of its wins."""
    by_name = {group.name: group for group in levels}
    for level, place, count, seconds in db.query(
            f"SELECT level, place, n, duration FROM (SELECT level, duration, row_number() OVER "
            f"(PARTITION BY level ORDER BY duration, id) AS place, count(*) OVER (PARTITION BY "
            f"level) AS n FROM valid WHERE game = ? AND opponent = 'computer' AND outcome = "
            f"'won' AND duration IS NOT NULL) WHERE place = 1 OR place = (n + 1) / 2 "
            f"LIMIT {MOST_GROUPS * 2}", (key,)):
        group = by_name.get(level)
        if group is not None and place == 1:
            group.best = clock(seconds)
        if group is not None and place == (count + 1) // 2:
            group.median = clock(seconds)
    return levels


def totals_by_level(totals: list[tuple[Any, ...]]) -> list[Group]:
    """Against the computer, per level (in the collection, every game together), from the
    totals' rows (game, opponent, outcome, level, helped, games, seconds)."""
    groups: dict[str, Group] = {}
    for _, opponent, outcome, level, _, count, _ in totals:
        if opponent == "computer":
            add(groups.setdefault(level, Group(level)), outcome, count)
    return sorted(groups.values(), key=level_order)[:MOST_GROUPS]


def game_groups(totals: list[tuple[Any, ...]]) -> list[Group]:
    """The collection: each game's played and results (games between two people: played),
    from the totals' rows (game, opponent, outcome, level, helped, games, seconds)."""
    games = registry.load_all()
    groups = {key: Group(key) for key in registry.KEYS if key in games}
    for key, opponent, outcome, _, helped, count, _ in totals:
        if key in games:
            group = groups.setdefault(key, Group(key))
            if opponent == "human":
                group.played += count
            else:
                add(group, outcome, count, helped)
    return list(groups.values())


def add(group: Group, outcome: str, count: int, helped: bool = False) -> None:
    """Count `count` games of `outcome` (a win with help: `helped`) into the group."""
    group.played += count
    name = "helped" if helped else NAMES[outcome]
    setattr(group, name, getattr(group, name) + count)


PRESETS = ("off", "low", "medium", "high", "perfect")


def level_order(group: Group) -> tuple[int, int, str]:
    """The presets in their order, then custom chances by number, then older names."""
    if group.name in PRESETS:
        return 0, PRESETS.index(group.name), ""
    if group.name.isdigit():
        return 1, int(group.name), ""
    return 2, 0, group.name


def shown(words: object) -> bool:
    """Words from the history fit to show: checked text (no control characters or bytes that
    were not UTF-8)."""
    try:
        history_rows.CHECKS["detail"](words)
        return bool(words)
    except Invalid:
        return False


def history_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def clock(seconds: float) -> str:
    """m:ss (h:mm:ss past an hour)."""
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
