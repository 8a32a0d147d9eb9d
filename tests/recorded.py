"""What the history holds, in the shapes the tests knew from scores.json and records.json:
best scores per table ("game/params": rows best first) and records against the computer per
table ("game/level=L": {outcome: count}). Read through the same queries the screens use, by
the tests' own Store (STORE): what its history would tell the player is kept in TOLD."""
from __future__ import annotations

from typing import Any

from games.core.data import history, history_queries, records
from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.rules_api import GameError

TOLD: list[str] = []
STORE = Store(TOLD.append)   # the tests' own hand on the data folder's history


def db() -> history.History:
    """The history of this test's data folder, as the tests' own Store opens it."""
    return STORE.history()


def count() -> int:
    """How many games the history holds."""
    return history_queries.count(db())


def forget() -> None:
    """Close the tests' history (as a new start of Parlour would find the file)."""
    STORE.forget_history()


def take_told() -> list[str]:
    taken = TOLD[:]
    TOLD.clear()
    return taken


def scores() -> dict[str, list[dict[str, Any]]]:
    found = {}
    for key, params in db().query(
            "SELECT DISTINCT game, params FROM valid WHERE ranked = 1 LIMIT 1000"):
        try:
            parsed = registry.lookup(key).rules.parse_params(params)
        except GameError:      # parameters no game of this build has: no table of its own
            continue
        found[f"{key}/{params}"] = records.best_entries(STORE, key, parsed)
    return found


def best(table: str) -> Any:
    rows = scores().get(table)
    return rows[0]["score"] if rows else None


def records_by_table() -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for key, level, outcome, count in db().query(
            "SELECT game, level, outcome, sum(games) FROM valid WHERE opponent = 'computer' "
            "GROUP BY game, level, outcome LIMIT 1000"):
        found.setdefault(f"{key}/level={level}", {})[outcome] = count
    return found


def add_score(table: str, score: float, detail: str = "") -> int | None:
    """A won game of that table's parameters, as a scene records it."""
    key, _, params = table.partition("/")
    now = history.utc_text()
    return db().record(history.Game(
        game=key, params=params, game_id="", started=now, finished=now, outcome="won",
        score=score, detail=detail, ranked=True, duration=1.0))
