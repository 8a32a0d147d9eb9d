"""Where finished games are counted: best scores (one-player games) and won/lost/drawn records
against the computer (two-player games), and the setup screen's panel that shows them. No
pygame: the setup screen reads it without importing a game's scene."""
from __future__ import annotations

from games.core.data import store
from games.core.kit.prefs import Preferences
from games.core.kit.versus_options import VERSUS_PREFS


def score_table(key: str, params) -> str:
    """Best scores are kept per game and parameters (size, difficulty, rule set...)."""
    return f"{key}/{params.encode()}"


def record_table(key: str, level) -> str:
    return f"{key}/level={level}"


def best_entries(key: str, params) -> list[dict]:
    """The best scores kept for these parameters, best first (score, detail, date)."""
    scores, _ = store.load_scores()
    return scores.get(score_table(key, params), [])


def best_scores(key: str, params) -> list[tuple[str, str]]:
    """The best scores for these parameters as (left, right) rows: place and detail, date."""
    rows = best_entries(key, params)
    return [(f"{n + 1}.  {row.get('detail') or row['score']}", str(row.get("date", "")))
            for n, row in enumerate(rows)]


def record_rows(key: str, level) -> list[tuple[str, str]]:
    """The record against the computer at this level as (left, right) rows."""
    counts = store.load_records().get(record_table(key, level), {})
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
