"""Best scores (one-player games) and won/lost/drawn records against the computer (two-player
games), as queries over the history of finished games (history.py), and the setup screen's
panel that shows them. No pygame: the setup screen reads it without importing a game's scene."""
from __future__ import annotations

from games.core.data import store
from games.core.kit import registry
from games.core.kit.prefs import Preferences
from games.core.kit.versus_options import VERSUS_PREFS


def shared_history():
    """The history, imported on first use: the launcher's first frame reads no records."""
    from games.core.data import history
    return history.shared()


def best_entries(key: str, params) -> list[dict]:
    """The best scores of these parameters, best first (score, detail, date): the ranked games
    of the history (a win not finished by Solve, in most games), at most store.TOP."""
    order = "ASC" if registry.lookup(key).lower_is_better else "DESC"
    rows = shared_history().query(
        f"SELECT score, detail, finished FROM valid WHERE game = ? AND params = ? AND "
        f"ranked = 1 AND score IS NOT NULL ORDER BY score {order}, id LIMIT {store.TOP}",
        (key, params.encode()))
    # SQLite keeps scores as REAL: whole ones come back as the ints the games made.
    return [{"score": int(score) if float(score).is_integer() else score, "detail": detail,
             "date": finished[:10]} for score, detail, finished in rows]


def best_scores(key: str, params) -> list[tuple[str, str]]:
    """The best scores for these parameters as (left, right) rows: place and detail, date."""
    rows = best_entries(key, params)
    return [(f"{n + 1}.  {row.get('detail') or score_words(row['score'])}", str(row["date"]))
            for n, row in enumerate(rows)]


def score_words(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


def record_counts(key: str, level) -> dict[str, int]:
    """Games won, lost and drawn against the computer at this level."""
    rows = shared_history().query(
        "SELECT outcome, sum(games) FROM valid WHERE game = ? AND opponent = 'computer' AND "
        "level = ? GROUP BY outcome LIMIT 3", (key, str(level)))
    return {outcome: int(count) for outcome, count in rows}


def record_rows(key: str, level) -> list[tuple[str, str]]:
    """The record against the computer at this level as (left, right) rows."""
    counts = record_counts(key, level)
    if not counts:
        return []
    return [(f"{counts.get('won', 0)} won", "against the computer"),
            (f"{counts.get('lost', 0)} lost", "at this level"),
            (f"{counts.get('draw', 0)} drawn", "")]


def record_summary(key: str, play: dict) -> tuple[str, list[tuple[str, str]]]:
    """A two-player game's panel: the record at the chosen level, Custom with the chance the
    settings keep."""
    level = play.get("level")
    if level == "custom":
        level = Preferences(store.load_settings()[0], key, VERSUS_PREFS)["custom_level"]
    heading = f"Your record (Custom {level})" if isinstance(level, int) else "Your record"
    return heading, record_rows(key, level)


def summary(info, info_module, params, play: dict) -> tuple[str, list[tuple[str, str]]]:
    """The setup screen's side panel, a heading and (left, right) rows: the game's own
    info.summary(params, play) where it has one, else its best scores or its record."""
    own = getattr(info_module, "summary", None)
    if own is not None:
        return own(params, play)
    if info.players == 2:
        return record_summary(info.key, play)
    return "Best scores", best_scores(info.key, params)
