"""Best scores (one-player games) and won/lost/drawn records against the computer (two-player
games), as queries over the history of finished games (history.py), and the setup screen's
panel that shows them. No pygame: the setup screen reads it without importing a game's scene."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.data import schema
from games.core.data.history_queries import (
    Filter,
    best_first,
    count,
    daily_games,
    games,
    outcomes,
)
from games.core.data.history_rows import Game as Row
from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.versus_options import level_title

if TYPE_CHECKING:
    from games.core.kit.game import Game

Rows = list[tuple[str, str]]
MOST_DAYS = 400     # the days of daily results asked for at once (the archive shows three months)


def best_entries(store: Store, key: str, params: Any) -> list[dict[str, Any]]:
    """The best scores of these parameters, best first (score, detail, date): the ranked games
    of the history (a win not finished by Solve, in most games), at most schema.TOP."""
    rows = best_first(store.history(), Filter(game=key, params=params.encode(), ranked=True),
                      "score", registry.lookup(key).lower_is_better, schema.TOP)
    # SQLite keeps scores as REAL: whole ones come back as the ints the games made.
    return [{"score": int(score) if float(score).is_integer() else score, "detail": detail,
             "date": finished[:10]} for score, detail, finished in rows]


def best_scores(store: Store, key: str, params: Any) -> Rows:
    """The best scores for these parameters as (left, right) rows: place and detail, date."""
    rows = best_entries(store, key, params)
    return [(f"{n + 1}.  {row.get('detail') or score_words(row['score'])}", str(row["date"]))
            for n, row in enumerate(rows)]


def score_words(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


def record_counts(store: Store, key: str, level: object) -> dict[str, int]:
    """Games won, lost and drawn against the computer at this level."""
    counts = outcomes(store.history(), Filter(game=key, opponents=frozenset({"computer"}),
                                              level=str(level)))
    return {str(outcome): number for outcome, number in counts.items()}


def record_rows(store: Store, key: str, level: object) -> Rows:
    """The record against the computer at this level as (left, right) rows."""
    counts = record_counts(store, key, level)
    if not counts:
        return []
    return [(f"{counts.get('won', 0)} won", "against the computer"),
            (f"{counts.get('lost', 0)} lost", "at this level"),
            (f"{counts.get('draw', 0)} drawn", "")]


def record_summary(store: Store, settings: dict[str, Any], key: str,
                   play: dict[str, Any]) -> tuple[str, Rows]:
    """A two-player game's panel: the record at the chosen level, Custom with the chance the
    settings keep; over the network, the games against friends."""
    if play.get("opponent") == "network":     # friends: kept apart from the computer's
        counts = outcomes(store.history(), Filter(game=key, opponents=frozenset({"network"})))
        return "Your games over the network", [] if not counts else [
            (f"{counts.get('won', 0)} won", "against friends"),
            (f"{counts.get('lost', 0)} lost", "over the network"),
            (f"{counts.get('draw', 0)} drawn", "")]
    level = play.get("level")
    if level == "custom":
        level = registry.preferences(settings, key)["custom_level"]
    versus = registry.lookup(key).parts().versus
    if versus is None:
        raise ValueError(f"{key} is not a two-player game: it has no record per level")
    title = level_title(level, versus.analysis.level_chance)
    heading = f"Your record at {title}"
    return heading, record_rows(store, key, level)


def summary(store: Store, settings: dict[str, Any], game: Game[Any, Any, Any], params: Any,
            play: dict[str, Any]) -> tuple[str, Rows]:
    """The setup screen's side panel, a heading and (left, right) rows: a two-player game's
    record, else the best scores under "Best results" and the setting in the game's own words
    (its data's setting_words) where it has them."""
    if game.players == 2:
        return record_summary(store, settings, game.key, play)
    words = game.data.setting_words
    heading = f"Best results: {words(params)}" if words else "Best results"
    return heading, best_scores(store, game.key, params)


def daily_results(store: Store, key: str, first: str, last: str) -> dict[str, tuple[Row, bool]]:
    """The daily puzzles of `key` finished between two days (YYYY-MM-DD, both included): each
    day's row (its first result: a daily is recorded once) and whether it was begun on its
    day (it then counts toward the streak)."""
    found = daily_games(store.history(), Filter(game=key, daily_from=first, daily_until=last),
                        MOST_DAYS)
    return {row.game.daily: (row.game, row.on_its_day) for row in found}


def daily_result(store: Store, key: str, day: str) -> Row | None:
    """The daily puzzle of `key` on `day` as the history keeps it, or None."""
    found = games(store.history(), Filter(game=key, daily_from=day, daily_until=day), most=1)
    return found[0] if found else None


def daily_done(store: Store, key: str, day: str) -> bool:
    """Whether the history holds the daily puzzle of `key` on `day` (YYYY-MM-DD)."""
    return count(store.history(), Filter(game=key, daily_from=day, daily_until=day)) > 0
