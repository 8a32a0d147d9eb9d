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

from games.core.data import history
from games.core.kit import daily
from games.core.kit.session import Session

DAYS = 60
PARAMS = {
    "deductile": ["tiles=4,difficulty=normal", "tiles=4,difficulty=hard",
                  "tiles=5,difficulty=expert"],
    "kenken": ["size=4,difficulty=easy", "size=6,difficulty=hard", "size=9,difficulty=normal",
               "size=6,difficulty=normal,hidden_operators=1"],
    "ishido": ["rule=standard", "rule=original"],
    "poggle": ["size=5,colours=3", "size=6,colours=3", "size=7,colours=4"],
}
LEVELS = ["off", "low", "medium", "high", "perfect", "72"]


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def deals(key: str, params: str, rng: random.Random, count: int = 3) -> list[str]:
    return [Session.from_id(f"{key}:{params}#{rng.randrange(10**6)}").game_id
            for _ in range(count)]


def one_player(key: str, rng: random.Random) -> dict:
    """Outcome, score, words, ranked and time of a plausible game."""
    if key == "deductile":
        left = min(170, max(0, int(rng.gauss(95, 40))))
        won = left > 0 and rng.random() < 0.85
        return dict(outcome="won" if won else "lost", score=left if won else 0,
                    detail=clock(left if won else 0), ranked=won, duration=180 - left)
    if key == "kenken":
        seconds = max(30, int(rng.lognormvariate(5.3, 0.5)))
        solved = rng.random() < 0.05
        return dict(outcome="won", score=seconds, detail=clock(seconds), ranked=not solved,
                    duration=seconds, record={"solved": 1} if solved else {})
    if key == "ishido":
        points = max(0, int(rng.gauss(900, 350)))
        fourways = rng.randrange(0, 5)
        won = rng.random() < 0.25
        return dict(outcome="won" if won else "lost", score=points,
                    detail=f"{points}  ({fourways} 4-way{'s' if fourways != 1 else ''})",
                    ranked=True, duration=rng.uniform(300, 1500))
    presses = rng.randrange(8, 40)
    over = max(0, int(rng.expovariate(0.4)))
    return dict(outcome="won", score=over, detail=f"{'Par' if not over else f'Par +{over}'}: "
                f"{presses + over} presses", ranked=rng.random() < 0.9,
                duration=rng.uniform(40, 400))


def two_player(rng: random.Random) -> dict:
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
    pools = {(key, params): deals(key, params, rng) for key, options in PARAMS.items()
             for params in options}
    for key in ("mu_torere", "kono", "nim"):
        pools[(key, "")] = [Session.new(key, None, seed=n).game_id for n in range(3)]
    end = time.mktime(today.timetuple()) + 20 * 3600
    start = end - DAYS * 86400
    dailies_done: set[tuple[str, str]] = set()
    for n in range(count):
        finished = start + (end - start) * (n + 1) / count
        key = rng.choice(list(PARAMS) + ["mu_torere", "kono", "nim"])
        fields: dict = dict(opponent="", level="", daily="", record={}, moves=())
        if key in PARAMS:
            params = rng.choice(PARAMS[key])
            fields.update(one_player(key, rng))
            day = time.strftime("%Y-%m-%d", time.localtime(finished))
            if rng.random() < 0.5 and (key, day) not in dailies_done:
                dailies_done.add((key, day))
                fields["daily"], params = day, daily.PARAMS[key]
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
