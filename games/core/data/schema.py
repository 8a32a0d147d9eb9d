"""What Parlour accepts from its files: one schema per file kind (settings, best scores,
records; saved games are games/core/kit/saves.py's), checked where a file is read and again
before it is written, so a value is checked once where it enters and never trusted later, and
the game never writes what it would not read back. The checks are games/core/kit/checks.py's.

A game's own preferences are an entry of the settings named by its key: kept here as bounded
plain values, and checked by the game's own schema (PREFS in its info.py) where they are read,
by kit.prefs.Preferences, so the first frame imports no game's info module. Pure: no pygame,
no I/O.
"""
from __future__ import annotations

from games.core.kit.checks import (
    COUNT,
    NAME,
    SCALAR,
    Boolean,
    Either,
    Fields,
    ListOf,
    MapOf,
    Number,
    OneOf,
    Plain,
    Text,
)

TABLE = Text(200)          # a score or record table: game/params or game/level=...

# A game's remembered setup choices: option -> value (a value may be a flat object of several,
# e.g. DeducTile's {"difficulty": "expert", "size": 5}). The setup screen then checks each
# value against the game's own option list.
CHOICES = MapOf(NAME, Either(SCALAR, MapOf(NAME, SCALAR, 8)), 32, lenient=True)

DEFAULT_SETTINGS = {
    "fullscreen": True,
    "volume": 0.7,
    "muted": False,
    "show_errors": True,        # Calcoolation: mark conflicts as they arise
    "animations": True,
    "palette": "standard",      # or "safe": Okabe-Ito colours for every game's pieces
    "text_size": "normal",      # or "large": every font a size up
    "pace": "brisk",            # the computer's pause before it moves: brisk, steady or slow
    "clock": "shown",           # or "hidden": the timed games' clock still counts, unseen
    "setup": {},
    "lessons": {},              # game key -> True once its lesson was played to the end
}

MOST_GAMES = 32            # games with remembered choices or preferences
# A game's entry (its preferences) or a value of a newer build: bounded plain values, a bad
# one dropped alone.
GAME_ENTRY = Either(MapOf(NAME, Plain(nodes=16), 16, lenient=True), Plain())

SETTINGS = Fields({
    "fullscreen": Boolean(), "volume": Number(0, 1), "muted": Boolean(),
    "show_errors": Boolean(), "animations": Boolean(),
    "palette": OneOf("standard", "safe"), "text_size": OneOf("normal", "large"),
    "pace": OneOf("brisk", "steady", "slow"), "clock": OneOf("shown", "hidden"),
    # Every registered game's, and those of games registered in other runs (kept, unused).
    "setup": MapOf(NAME, CHOICES, MOST_GAMES, lenient=True),
    "lessons": MapOf(NAME, Boolean(), MOST_GAMES, lenient=True),
}, defaults=DEFAULT_SETTINGS, others=GAME_ENTRY, most_others=MOST_GAMES, lenient=True)

TOP = 5
SCORE_ROW = Fields({"score": Number(-1e12, 1e12), "date": Text(32), "detail": Text(200)},
                   required=("score",), defaults={"date": "", "detail": ""})
SCORES = MapOf(TABLE, ListOf(SCORE_ROW, TOP), 500)     # 500 full tables fit the read cap

RECORDS = MapOf(TABLE, Fields({"won": COUNT, "lost": COUNT, "draw": COUNT}), 500)
