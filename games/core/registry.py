"""The list of games. Each entry is metadata only, so the launcher starts without importing
any rules module; modules are imported on first use."""
from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    key: str            # used in game IDs and on the command line
    title: str
    blurb: str          # one line for the launcher card
    players: int        # 1 or 2
    playable: bool      # True once the scene plays a whole game: only then is it in the launcher


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    GAMES[info.key] = info
    return info


KEYS = ("deductile", "kenken", "ishido", "poggle", "mu_torere", "kono", "nim")


def load_all() -> dict[str, GameInfo]:
    """Import each game package's __init__ (metadata only) so it registers itself."""
    for key in KEYS:
        try:
            importlib.import_module(f"games.{key}")
        except ModuleNotFoundError as error:
            if error.name != f"games.{key}":
                raise
    return GAMES


def lookup(key: str) -> GameInfo:
    games = load_all()
    if key not in games:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(sorted(games))}")
    return games[key]


def module(key: str, part: str = "rules"):
    """games.<key>.<part>, e.g. module('kenken', 'solver')."""
    lookup(key)
    return importlib.import_module(f"games.{key}.{part}")


def launcher_games() -> list[GameInfo]:
    load_all()
    return [GAMES[key] for key in KEYS if key in GAMES and GAMES[key].playable]
