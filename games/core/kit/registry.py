"""The list of games: each game's declaration (games/core/kit/game.py), as its package's
__init__ makes it (GAME = Game(...)). Declaring a game imports none of its parts, so the
launcher starts without importing any rules module; each part is imported when first used.

The seven games of the collection are imported here by name, once; another package (a test's
game, say) joins with add(its GAME).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.core.kit.game import Game
    from games.core.kit.prefs import Preferences

GAMES: dict[str, Game[Any, Any, Any]] = {}
KEYS = ("deductile", "kenken", "ishido", "poggle", "mu_torere", "kono", "nim")
# The game the bench opens where any game would do (a command line's first frame, the
# overlays, a setup screen): quick to start, with a computer to play.
BENCH_GAME = "nim"


def collection() -> tuple[Game[Any, Any, Any], ...]:
    """The seven games of KEYS, in the launcher's order."""
    return tuple(collected(key) for key in KEYS)


def collected(key: str) -> Game[Any, Any, Any]:
    """One game of the collection: its package alone imported (`play nim` imports no other)."""
    game: Game[Any, Any, Any]
    if key == "deductile":
        from games.deductile import GAME as game
    elif key == "kenken":
        from games.kenken import GAME as game
    elif key == "ishido":
        from games.ishido import GAME as game
    elif key == "poggle":
        from games.poggle import GAME as game
    elif key == "mu_torere":
        from games.mu_torere import GAME as game
    elif key == "kono":
        from games.kono import GAME as game
    elif key == "nim":
        from games.nim import GAME as game
    else:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(sorted({*KEYS, *GAMES}))}")
    return game


def add(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """Register a game; two games of one key are an error (unless it is the same game)."""
    if game.key in GAMES and GAMES[game.key] is not game:
        raise ValueError(f"two games are called {game.key!r}")
    GAMES[game.key] = game
    return game


def load_all() -> dict[str, Game[Any, Any, Any]]:
    """Every game: the collection's first, then any added."""
    if any(key not in GAMES for key in KEYS):
        added = dict(GAMES)
        GAMES.clear()
        GAMES.update((game.key, game) for game in collection())
        for game in added.values():
            add(game)
    return GAMES


def lookup(key: str) -> Game[Any, Any, Any]:
    """The game of this key: one of the collection (imported alone) or one added."""
    if key not in GAMES:
        add(collected(key))
    return GAMES[key]


def keys() -> tuple[str, ...]:
    """Every game's key, the collection's first: no game's package imported (the history
    checks its rows' games on a puzzle's first frame)."""
    return tuple(dict.fromkeys((*KEYS, *GAMES)))


def launcher_games() -> list[Game[Any, Any, Any]]:
    """The playable games: the seven in the collection's order, then any added since."""
    return [game for game in load_all().values() if game.playable]


def daily_games() -> list[Game[Any, Any, Any]]:
    """The games with a daily puzzle."""
    return [game for game in load_all().values() if game.daily]


def preferences(settings: dict[str, Any], key: str) -> Preferences:
    """The game's preferences in these settings, read through its schema: the two-player
    frame's (VERSUS_PREFS) and the game's own (its data's prefs and legacy_prefs)."""
    from games.core.kit.prefs import Preferences  # only a game's screens need them
    from games.core.kit.versus_options import VERSUS_PREFS
    game = lookup(key)
    frame = VERSUS_PREFS if game.players == 2 else ()
    return Preferences(settings, key, frame + game.data.prefs, game.data.legacy_prefs)
