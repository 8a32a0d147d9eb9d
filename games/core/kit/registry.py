"""The list of games. A game package's __init__ registers its metadata only, so the launcher
starts without importing any rules module; everything else is imported on first use:

    games/<key>/__init__.py   register(__name__, title=..., blurb=..., players=...)
    games/<key>/info.py       RULES, OPTIONS [, setting_words, PREFS, LEGACY_PREFS,
                              MIGRATIONS]: pure data for the screens, settings and saves
    games/<key>/rules.py      the rules contract (games/core/kit/rules_api.py)
    games/<key>/scene.py      SCENE, the GameScene that plays it
    sprites/<key>.py          its art, and thumbnail(size): the launcher's picture

The seven games of KEYS are found by name; another package (a test's game, say) joins with
register_package("tests.tiny_game")."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.core.kit.prefs import Preferences


@dataclass(frozen=True)
class GameInfo:
    key: str            # used in game IDs and on the command line
    title: str
    blurb: str          # one line for the launcher card
    players: int        # 1 or 2
    package: str        # the Python package holding its modules, e.g. "games.kenken"
    sprites: str        # the module of its art, with thumbnail(size): e.g. "sprites.kenken"
    playable: bool = True   # only a game whose scene plays a whole game is in the launcher
    lower_is_better: bool = False   # its best scores are its smallest (a time, presses)


GAMES: dict[str, GameInfo] = {}
KEYS = ("deductile", "kenken", "ishido", "poggle", "mu_torere", "kono", "nim")


def register(package: str, *, title: str, blurb: str, players: int, sprites: str = "",
             playable: bool = True, lower_is_better: bool = False) -> GameInfo:
    """Called by a game package's __init__ with its __name__; the key is the last part, and
    its art is sprites.<key> unless it names another module."""
    key = package.rpartition(".")[2]
    info = GameInfo(key, title, blurb, players, package, sprites or f"sprites.{key}", playable,
                    lower_is_better)
    if info.key in GAMES and GAMES[info.key].package != package:
        raise ValueError(f"two games are called {info.key!r}: {GAMES[info.key].package} and "
                         f"{package}")
    GAMES[info.key] = info
    return info


def register_package(package: str) -> GameInfo:
    """Add a game package from outside games/ (its __init__ registers it as INFO)."""
    info = getattr(importlib.import_module(package), "INFO", None)
    if not isinstance(info, GameInfo) or info.package != package:
        raise ValueError(f"{package}/__init__.py must say INFO = register(__name__, ...)")
    return register(package, title=info.title, blurb=info.blurb, players=info.players,
                    sprites=info.sprites, playable=info.playable,
                    lower_is_better=info.lower_is_better)


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


def module(key: str, part: str = "rules") -> ModuleType:
    """The game's module of that part, e.g. module('kenken', 'solver') is games.kenken.solver."""
    return importlib.import_module(f"{lookup(key).package}.{part}")


def sprites(key: str) -> ModuleType:
    """The game's art module (its thumbnail(size) paints the launcher's picture)."""
    return importlib.import_module(lookup(key).sprites)


def launcher_games() -> list[GameInfo]:
    """The playable games: the seven in KEYS order, then any registered since."""
    load_all()
    order = list(KEYS) + [key for key in GAMES if key not in KEYS]
    return [GAMES[key] for key in order if key in GAMES and GAMES[key].playable]


def preferences(settings: dict[str, Any], key: str) -> Preferences:
    """The game's preferences in these settings, read through its schema: the two-player
    frame's (VERSUS_PREFS) and the game's own (PREFS and LEGACY_PREFS in its info.py)."""
    from games.core.kit.prefs import Preferences  # only a game's screens need them
    from games.core.kit.versus_options import VERSUS_PREFS
    info = module(key, "info")
    frame = VERSUS_PREFS if lookup(key).players == 2 else ()
    schema = frame + tuple(getattr(info, "PREFS", ()))
    return Preferences(settings, key, schema, getattr(info, "LEGACY_PREFS", {}))
