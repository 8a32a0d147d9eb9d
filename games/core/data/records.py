"""Where finished games are counted: best scores (one-player games) and won/lost/drawn records
against the computer (two-player games), and the setup screen's panel that shows them. No
pygame: the setup screen reads it without importing a game's scene."""
from __future__ import annotations

from types import ModuleType
from typing import Any

from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.levels import TITLES
from games.core.kit.versus_options import level_title

Rows = list[tuple[str, str]]


def score_table(key: str, params: Any) -> str:
    """Best scores are kept per game and parameters (size, difficulty, rule set...)."""
    return f"{key}/{params.encode()}"


def record_table(key: str, level: object) -> str:
    return f"{key}/level={level}"


def best_entries(store: Store, key: str, params: Any) -> list[dict[str, Any]]:
    """The best scores kept for these parameters, best first (score, detail, date)."""
    scores, _ = store.load_scores()
    return scores.get(score_table(key, params), [])


def best_scores(store: Store, key: str, params: Any) -> Rows:
    """The best scores for these parameters as (left, right) rows: place and detail, date."""
    rows = best_entries(store, key, params)
    return [(f"{n + 1}.  {row.get('detail') or row['score']}", str(row.get("date", "")))
            for n, row in enumerate(rows)]


def record_rows(store: Store, key: str, level: object) -> Rows:
    """The record against the computer at this level as (left, right) rows."""
    counts = store.load_records().get(record_table(key, level), {})
    if not counts:
        return []
    return [(f"{counts.get('won', 0)} won", "against the computer"),
            (f"{counts.get('lost', 0)} lost", "at this level"),
            (f"{counts.get('draw', 0)} drawn", "")]


def record_summary(store: Store, settings: dict[str, Any], key: str,
                   play: dict[str, Any]) -> tuple[str, Rows]:
    """A two-player game's panel: the record at the chosen level, Custom with the chance the
    settings keep."""
    level = play.get("level")
    if level == "custom":
        level = registry.preferences(settings, key)["custom_level"]
    title = TITLES[level] if level in TITLES else \
        level_title(level, registry.module(key, "ai").level_chance)
    heading = f"Your record at {title}"
    return heading, record_rows(store, key, level)


def summary(store: Store, settings: dict[str, Any], info: registry.GameInfo,
            info_module: ModuleType, params: Any, play: dict[str, Any]) -> tuple[str, Rows]:
    """The setup screen's side panel, a heading and (left, right) rows: a two-player game's
    record, else the best scores under the game's own heading (info.scores_heading(params))
    where it has one."""
    if info.players == 2:
        return record_summary(store, settings, info.key, play)
    heading = getattr(info_module, "scores_heading", None)
    return heading(params) if heading else "Best results", best_scores(store, info.key, params)
