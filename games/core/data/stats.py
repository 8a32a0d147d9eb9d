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
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from games.core.data import history_rows
from games.core.data.history import History
from games.core.data.history_queries import (
    PEOPLE,
    Filter,
    Span,
    Total,
    best_first,
    count,
    daily_days,
    finishes,
    lowest_and_median_per_level,
    most_played_setting,
    newest,
    results_in_order,
    results_per_span,
    rows_per_setting,
    totals,
    totals_per_setting,
)
from games.core.data.history_rows import utc_text
from games.core.kit import daily, registry
from games.core.kit.checks import Invalid

DAYS = 30          # the bars: results per day
RECENT = 50        # the line: the last games' scores or times
MOST_GROUPS = 200  # difficulties or levels listed
RANKED_GROUPS = 20  # the most played settings get their best and median scores
NAMES = {"won": "won", "lost": "lost", "draw": "drawn"}


@dataclass
class Group:
    """One difficulty (its parameters) or computer level; in the collection, one game."""
    name: str              # the parameters or the level, as recorded (the collection: a game)
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    helped: int = 0        # won with help (played, not won: history_queries.HELPED)
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
    helped: int = 0                # won with help (played, not won: history_queries.HELPED)
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
    chosen = Filter(game=key)
    result = Figures(key)
    # One walk down an index in its own order: the counts per game, result, opponent and level
    counted = totals(db, chosen, MOST_GROUPS * 54)
    for total in counted:
        result.played += total.games
        result.seconds += total.seconds
        if total.opponent in PEOPLE:
            result.two_players += total.games
        else:
            name = "helped" if total.helped else NAMES[total.outcome]
            setattr(result, name, getattr(result, name) + total.games)
    decided = result.won + result.lost + result.drawn
    result.win_rate = round(result.won / decided, 4) if decided else None
    result.streak, result.best_streak = streaks(results_in_order(db, chosen))
    result.dailies, result.daily_streak = daily_figures(db, chosen, today)
    result.days = last_days(db, chosen, today)
    if key:
        info = registry.lookup(key)
        if info.players == 2:
            result.levels = level_times(db, key, totals_by_level(counted))
            result.recent_kind = "time"
            result.recent = [(value, clock(value))
                             for value, _, _ in newest(db, chosen, "duration", RECENT)]
        else:
            result.groups = param_groups(db, key, info.lower_is_better)
            result.recent_kind = "score"
            result.recent = [(value, words if shown(words) else "") for value, words, _ in
                             newest(db, chosen.but(ranked=True), "score", RECENT)]
        result.recent_median = median_of(result.recent)
    else:
        result.per_game = game_groups(counted)
        for group in result.per_game:
            most_played_best(db, group, counted)
        result.levels = totals_by_level(counted)
    return result


def streaks(results: str) -> tuple[int, int]:
    """(current, best) wins in a row, from the results in the order the games finished
    (history_queries.results_in_order: '1' a win, '0' another result; a win with help is
    left out, neither lengthening a run nor ending one)."""
    runs = results.split("0")
    return len(runs[-1]), max(map(len, runs))


def daily_figures(db: History, chosen: Filter, today: datetime.date) -> tuple[int, int]:
    """(the days with a daily puzzle played, the daily streak as of `today`: the days in a row
    with one begun on its day; a past day's played later is played, not in the streak)."""
    days = daily_days(db, chosen)
    return len(days), daily.streak([found.day for found in days if found.on_its_day], today)


def daily_streak(db: History, key: str, today: datetime.date) -> int:
    """The daily streak of one game (`key`), or of the collection ("")."""
    return daily_figures(db, Filter(game=key), today)[1]


def last_days(db: History, chosen: Filter,
              today: datetime.date) -> list[tuple[str, int, int, int]]:
    """(date, won, lost, drawn) for each of the last DAYS local days, oldest first; games
    between two people and wins with help count as drawn here (neither the player's win nor
    loss). Each day is the range of `finished` between two local midnights (found here,
    summer time and all); the wins with help, a few rows, are then moved from won to
    drawn."""
    first = today - datetime.timedelta(days=DAYS - 1)
    dates = [first + datetime.timedelta(days=n) for n in range(DAYS + 1)]
    starts = [utc_text(time.mktime(day.timetuple())) for day in dates]
    counts = {span.name: [span.won, span.lost, span.other] for span in results_per_span(
        db, chosen, [Span(dates[n].isoformat(), starts[n], starts[n + 1])
                     for n in range(DAYS)])}
    for finished, games in finishes(db, chosen.but(helped=True, finished_from=starts[0],
                                                   finished_before=starts[-1])):
        sums = counts[dates[bisect.bisect_right(starts, finished) - 1].isoformat()]
        sums[0] -= games
        sums[2] += games
    return [(day, won, lost, drawn) for day, (won, lost, drawn) in counts.items()]


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
    for total in totals_per_setting(db, Filter(game=key), MOST_GROUPS * 6):
        add(groups.setdefault(total.params, Group(total.params)), total.outcome, total.games,
            total.helped)
    for params, scored in rows_per_setting(db, Filter(game=key, ranked=True, measured="score"),
                                           RANKED_GROUPS):
        group = groups.setdefault(params, Group(params))
        score_best_median(db, key, lower_is_better, group, params, scored)
    return sorted(groups.values(), key=lambda group: -group.played)[:MOST_GROUPS]


def score_best_median(db: History, key: str, lower_is_better: bool, group: Group,
                      params: str, scored: int) -> None:
    """The best and the median (the lower middle) of the `scored` ranked scores of `params`,
    in the game's words, into `group`: two steps down the index."""
    chosen = Filter(game=key, params=params, ranked=True)
    for place, name in ((0, "best"), ((scored - 1) // 2, "median")):
        for score, words, _ in best_first(db, chosen, "score", lower_is_better, skip=place):
            setattr(group, name, words if shown(words) else history_number(score))


def most_played_best(db: History, group: Group, counted: list[Total]) -> None:
    """The collection's row of one game (`group.name`): its most played setting, the one
    with the most games of all (a puzzle's parameters; a two-player game's computer level,
    from the totals; between equals, the one with more results to rank, then by name),
    with the best and median of its results, where it has any (a puzzle's ranked scores; a
    two-player game's winning times)."""
    key = group.name
    if registry.lookup(key).players == 1:
        most = most_played_setting(db, Filter(game=key))
        if most is not None:
            group.setting = most.params
            if most.scored:
                score_best_median(db, key, registry.lookup(key).lower_is_better, group,
                                  most.params, most.scored)
        return
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for total in counted:
        if total.game == key and total.opponent == "computer":
            played[total.level] = played.get(total.level, 0) + total.games
            won[total.level] = won.get(total.level, 0) + \
                (total.games if total.outcome == "won" else 0)
    if played:
        group.setting = min(played, key=lambda level: (-played[level], -won[level], level))
        wins = Filter(game=key, opponents=frozenset({"computer"}), outcome="won",
                      level=group.setting, measured="duration")
        timed = count(db, wins)
        for place, name in ((0, "best"), ((timed - 1) // 2, "median")) if timed else ():
            for seconds, _, _ in best_first(db, wins, "duration", True, skip=place):
                setattr(group, name, clock(seconds))


def level_times(db: History, key: str, levels: list[Group]) -> list[Group]:
    """The `levels` of `key` against the computer (from the totals), each with its fastest
    win and the median time of its wins."""
    by_name = {group.name: group for group in levels}
    wins = Filter(game=key, opponents=frozenset({"computer"}), outcome="won")
    for level, fastest, median in lowest_and_median_per_level(db, wins, "duration",
                                                              MOST_GROUPS):
        group = by_name.get(level)
        if group is not None:
            group.best, group.median = clock(fastest), clock(median)
    return levels


def totals_by_level(counted: list[Total]) -> list[Group]:
    """Against the computer, per level (in the collection, every game together), from the
    totals."""
    groups: dict[str, Group] = {}
    for total in counted:
        if total.opponent == "computer":
            add(groups.setdefault(total.level, Group(total.level)), total.outcome, total.games)
    return sorted(groups.values(), key=level_order)[:MOST_GROUPS]


def game_groups(counted: list[Total]) -> list[Group]:
    """The collection: each game's played and results (games between two people: played),
    from the totals."""
    games = registry.load_all()
    groups = {key: Group(key) for key in registry.KEYS if key in games}
    for total in counted:
        if total.game in games:
            group = groups.setdefault(total.game, Group(total.game))
            if total.opponent in PEOPLE:
                group.played += total.games
            else:
                add(group, total.outcome, total.games, total.helped)
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
