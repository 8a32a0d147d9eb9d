"""Generated finished games for the history: for looking at the statistics and history
screens with real data (tools/fill_history.py), for the tests, and for the bench (10,000 games).

Every game is recorded through History.record, as a scene records one: real game IDs (a few
deals per game and setting, so "Play this deal again" works), scores and times in each game's
own words, wins, losses and draws against every computer level, games between two people, and
the daily puzzles of many days, spread over the last DAYS days.
"""
from __future__ import annotations

import datetime
import random
import time
from typing import Any

from games.core.data import history
from games.core.kit import daily, registry
from games.core.kit.session import Session

DAYS = 60
LEVELS = ["off", "low", "medium", "high", "perfect", "72"]


def deals(key: str, params: str, rng: random.Random, count: int = 3) -> list[str]:
    return [Session.from_id(f"{key}:{params}#{rng.randrange(10**6)}").game_id
            for _ in range(count)]


def two_player(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.1:
        return dict(opponent="human", outcome=rng.choice(["won", "draw"]), level="")
    level = rng.choice(LEVELS)
    strength = {"off": 0.1, "low": 0.3, "medium": 0.5, "high": 0.7, "perfect": 0.9,
                "72": 0.6}[level]
    roll = rng.random()
    outcome = "lost" if roll < strength * 0.7 else "draw" if roll < strength else "won"
    return dict(opponent="computer", outcome=outcome, level=level)


def fill(db: history.History, count: int, seed: int = 1,
         today: datetime.date | None = None) -> None:
    """Record `count` generated games in a history, oldest first, ending today."""
    rng = random.Random(seed)
    today = today or datetime.date.today()
    samples = {game.key: game.bench().sample for game in registry.launcher_games()
               if game.bench is not None}
    puzzles = {key: sample for key, sample in samples.items() if sample is not None}
    versus = [game.key for game in registry.launcher_games() if game.players == 2]
    pools = {(key, params): deals(key, params, rng) for key, sample in puzzles.items()
             for params in sample.params}
    for key in versus:
        pools[(key, "")] = [Session.new(key, None, seed=n).game_id for n in range(3)]
    end = time.mktime(today.timetuple()) + 20 * 3600
    start = end - DAYS * 86400
    dailies_done: set[tuple[str, str]] = set()
    for n in range(count):
        finished = start + (end - start) * (n + 1) / count
        key = rng.choice(list(puzzles) + versus)
        fields: dict[str, Any] = dict(opponent="", level="", daily="", record={}, moves=())
        if key in puzzles:
            params = rng.choice(puzzles[key].params)
            fields.update(puzzles[key].result(rng))
            day = time.strftime("%Y-%m-%d", time.localtime(finished))
            if rng.random() < 0.5 and (key, day) not in dailies_done and \
                    registry.lookup(key).daily:
                dailies_done.add((key, day))
                fields["daily"], params = day, registry.lookup(key).daily
                game_id = daily.game_id(key, datetime.date.fromisoformat(day))
            else:
                game_id = rng.choice(pools[(key, params)])
        else:
            params = ""
            fields.update(two_player(rng), score=0, detail="", ranked=False,
                          duration=rng.uniform(60, 900))
            game_id = rng.choice(pools[(key, "")])
            fields["moves"] = tuple(f"m{i}" for i in range(rng.randrange(5, 40)))
        pools.setdefault((key, params), [game_id])
        duration = float(round(fields.pop("duration"), 1))
        db.record(history.Game(game=key, params=params, game_id=game_id,
                               started=history.utc_text(finished - duration),
                               finished=history.utc_text(finished), duration=duration,
                               **fields))
