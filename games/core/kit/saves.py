"""The saved game's format: what a save holds, the one check of it, and the migrations that
bring a save of an older version up to this one.

A save carries its version. Reading one checks it whole against the schema (strict: a save is
all or nothing), then applies, version by version, the frame's migration and the game's own
(`MIGRATIONS = {version: migration}` in games/<key>/info.py), each turning a checked save of
one version into the next. A game whose save format never changed declares none. Pure: no
pygame, no I/O.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.kit import registry
from games.core.kit.checks import (
    COUNT,
    NAME,
    SCALAR,
    Either,
    Fields,
    Integer,
    Invalid,
    ListOf,
    MapOf,
    Number,
    OneOf,
    Text,
)
from games.core.kit.results import RESULT_SCHEMA

Save = dict[str, Any]
Migration = Callable[[Save], Save]

# 2: the record of the game holds what the player earned or spent (version 1 kept some of it
# in the play options, and DeducTile's hints and wrong guesses as moves).
SAVE_VERSION = 2
MAX_MOVES = 5_000           # history kept in a save: resuming replays it, so it stays quick
MAX_ELAPSED = 10**7 - 1     # seconds (about 115 days)
RECORD_MAX = 10**9          # a record counter never grows past this
MOVE = Text(64)
RECORD_NAME = r"[a-z_]{1,32}"
RESTART = "restart"         # the history's marker for a restart, which is itself undoable


def save_schema(key: str | None = None, version: int = SAVE_VERSION) -> Fields:
    """A saved game of `version`; with `key`, it must be a save of that game (its file's
    name)."""
    return Fields({
        "version": OneOf(version),
        "game": OneOf(key) if key else OneOf(*registry.keys()),
        "params": Text(200),
        "desc": Text(4000),
        "moves": ListOf(MOVE, MAX_MOVES),
        "position": Integer(0, MAX_MOVES),
        "elapsed": Number(0, MAX_ELAPSED),
        # Whatever the player did to earn or lose points: {name: count}.
        "record": MapOf(Text(32, RECORD_NAME), COUNT, 32),
        # The scene's play options (opponent, level, flags): a bad one is dropped, not the
        # game; values are checked again by the game's own option lists when it is resumed.
        "play": MapOf(NAME, SCALAR, 32, lenient=True),
        # The result entered when the game first ended (kit/results.py), shown again at a
        # later ending: a finished game looked back at (after undo) is saved with it.
        "result": Either(OneOf(None), RESULT_SCHEMA),
    }, required=("version", "game", "params", "desc", "moves", "position", "elapsed"),
        defaults={"record": {}, "play": {}, "result": None})


def read(data: Any, key: str | None = None) -> Save:
    """A save checked whole and brought up to SAVE_VERSION; Invalid says what is wrong."""
    version = data.get("version") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or \
            not 1 <= version <= SAVE_VERSION:
        raise Invalid(f"version: not one of {', '.join(map(str, range(1, SAVE_VERSION + 1)))}")
    save = save_schema(key, version)(data)
    if save["position"] > len(save["moves"]):
        raise Invalid("position: beyond the moves")
    for step in range(version, SAVE_VERSION):
        for migration in (FRAME_MIGRATIONS.get(step), game_migrations(save["game"]).get(step)):
            if migration is not None:
                save = migration(save)
        save["version"] = step + 1
    return save


def game_migrations(key: str) -> Mapping[int, Migration]:
    """The game's own migrations, by the version they read (none when it declares none)."""
    try:
        return registry.lookup(key).data.migrations
    except KeyError:
        return {}


def counters_to_record(names: Mapping[str, str]) -> Migration:
    """A migration moving play options that counted help (a count, or True for once) into the
    record: names maps the option to its counter."""
    def migrate(save: Save) -> Save:
        play, record = dict(save["play"]), dict(save["record"])
        for option, name in names.items():
            value = play.pop(option, None)
            if value is True:
                value = 1
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                record[name] = max(record.get(name, 0), min(value, RECORD_MAX))
        return {**save, "play": play, "record": record}
    return migrate


# Version 1 counted the hints in the play options, in every game.
FRAME_MIGRATIONS: dict[int, Migration] = {1: counters_to_record({"hints": "hints"})}
