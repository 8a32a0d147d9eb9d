"""What the history holds, in the shapes the tests knew from scores.json and records.json:
best scores per table ("game/params": rows best first) and records against the computer per
table ("game/level=L": {outcome: count}). Read through the same queries the screens use."""
from __future__ import annotations

from games.core.data import history, records
from games.core.kit import registry
from games.core.kit.rules_api import GameError


def scores() -> dict[str, list[dict]]:
    found = {}
    for key, params in history.shared().query(
            "SELECT DISTINCT game, params FROM valid WHERE ranked = 1 LIMIT 1000"):
        try:
            parsed = registry.module(key).parse_params(params)
        except GameError:      # parameters no game of this build has: no table of its own
            continue
        found[f"{key}/{params}"] = records.best_entries(key, parsed)
    return found


def best(table: str):
    rows = scores().get(table)
    return rows[0]["score"] if rows else None


def records_by_table() -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for key, level, outcome, count in history.shared().query(
            "SELECT game, level, outcome, sum(games) FROM valid WHERE opponent = 'computer' "
            "GROUP BY game, level, outcome LIMIT 1000"):
        found.setdefault(f"{key}/level={level}", {})[outcome] = count
    return found


def add_score(table: str, score: float, detail: str = "") -> int | None:
    """A won game of that table's parameters, as a scene records it."""
    key, _, params = table.partition("/")
    now = history.utc_text()
    return history.shared().record(history.Game(
        game=key, params=params, game_id="", started=now, finished=now, outcome="won",
        score=score, detail=detail, ranked=True, duration=1.0))
