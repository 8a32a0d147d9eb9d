"""What Parlour accepts from its files: one schema per file kind (settings with the games'
preferences, best scores, records, saved games), checked where a file is read and again before
it is written, so a value is checked once where it enters and never trusted later, and the
game never writes what it would not read back.

Pure: no pygame, no I/O. A check returns the clean value or raises Invalid with a short reason
that names the place (`volume: ...`). Lenient containers drop a bad entry instead, noting it in
`problems`, so one bad value does not cost the player the good ones.
"""
from __future__ import annotations

import copy
import math
import re

from games.core.kit.registry import KEYS as GAME_KEYS


class Invalid(ValueError):
    """A value a file may not hold; the message says where and why."""


def _at(where: str, reason: str) -> Invalid:
    return Invalid(f"{where}: {reason}" if where else reason)


class Check:
    """check(value, where, problems) -> the clean value, or Invalid."""


class Boolean(Check):
    def __call__(self, value, where="", problems=None):
        if not isinstance(value, bool):
            raise _at(where, "not true or false")
        return value


class Integer(Check):
    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def __call__(self, value, where="", problems=None):
        # Compared as ints, never through float: 400 digits must not overflow anything.
        if not isinstance(value, int) or isinstance(value, bool) or \
                not self.low <= value <= self.high:
            raise _at(where, f"not a whole number from {self.low} to {self.high}")
        return value


class Number(Check):
    """A finite number in range (ints stay ints)."""

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def __call__(self, value, where="", problems=None):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (isinstance(value, float) and not math.isfinite(value)) or \
                not self.low <= value <= self.high:
            raise _at(where, f"not a number from {self.low:g} to {self.high:g}")
        return value


class Text(Check):
    """A string of bounded length: no NUL, no other control characters, no lone surrogates
    (which no font can draw and no file can encode)."""
    BAD = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")

    def __init__(self, most: int, pattern: str | None = None):
        self.most, self.pattern = most, re.compile(pattern) if pattern else None

    def __call__(self, value, where="", problems=None):
        if not isinstance(value, str):
            raise _at(where, "not text")
        if len(value) > self.most:
            raise _at(where, f"text longer than {self.most} characters")
        if self.BAD.search(value):
            raise _at(where, "text with control characters")
        if self.pattern and not self.pattern.fullmatch(value):
            raise _at(where, "text of the wrong form")
        return value


class OneOf(Check):
    def __init__(self, *values):
        self.values = values

    def __call__(self, value, where="", problems=None):
        if not any(value == known and type(value) is type(known) for known in self.values):
            raise _at(where, f"not one of {', '.join(map(str, self.values))}")
        return value


class Either(Check):
    def __init__(self, *checks: Check):
        self.checks = checks

    def __call__(self, value, where="", problems=None):
        for check in self.checks:
            try:
                return check(value, where, problems)
            except Invalid:
                pass
        raise _at(where, "not a value this field holds")


class ListOf(Check):
    """A list of at most `most` items (at least `least`). Lenient: bad items are dropped and
    items beyond `most` are cut (noted in problems); strict: either raises."""

    def __init__(self, item: Check, most: int, least: int = 0, lenient: bool = False):
        self.item, self.most, self.least, self.lenient = item, most, least, lenient

    def __call__(self, value, where="", problems=None):
        if not isinstance(value, list):
            raise _at(where, "not a list")
        if len(value) > self.most and not self.lenient:
            raise _at(where, f"more than {self.most} items")
        clean = []
        for index, item in enumerate(value[:self.most]):
            try:
                clean.append(self.item(item, f"{where}[{index}]", problems))
            except Invalid as error:
                if not self.lenient:
                    raise
                _note(problems, error)
        if len(value) > self.most:
            _note(problems, _at(where, f"more than {self.most} items"))
        if len(clean) < self.least:
            raise _at(where, f"fewer than {self.least} items")
        return clean


class MapOf(Check):
    """An object of at most `most` entries with checked keys and values; lenient as ListOf."""

    def __init__(self, key: Check, value: Check, most: int, lenient: bool = False):
        self.key, self.value, self.most, self.lenient = key, value, most, lenient

    def __call__(self, value, where="", problems=None):
        if not isinstance(value, dict):
            raise _at(where, "not an object")
        if len(value) > self.most and not self.lenient:
            raise _at(where, f"more than {self.most} entries")
        clean = {}
        for name, item in list(value.items())[:self.most]:
            place = f"{where}.{name}" if where else str(name)
            try:
                clean[self.key(name, where, problems)] = self.value(item, place[:80], problems)
            except Invalid as error:
                if not self.lenient:
                    raise
                _note(problems, error)
        if len(value) > self.most:
            _note(problems, _at(where, f"more than {self.most} entries"))
        return clean


class Fields(Check):
    """An object with known fields. `required` fields must be there; a missing optional field
    takes its default when one is given. Unknown fields: kept if `others` checks them, else
    dropped. Lenient: a bad field is dropped (its default used) and noted, not fatal."""

    def __init__(self, fields: dict, required=(), defaults: dict | None = None,
                 others: Check | None = None, most_others: int = 0, lenient: bool = False):
        self.fields, self.required = fields, tuple(required)
        self.defaults, self.others = defaults or {}, others
        self.most_others, self.lenient = most_others, lenient

    def __call__(self, value, where="", problems=None):
        if not isinstance(value, dict):
            raise _at(where, "not an object")
        clean = {}
        extra = 0
        for name, item in value.items():
            place = f"{where}.{name}" if where else str(name)
            check = self.fields.get(name)
            if check is None:
                if self.others is None or extra >= self.most_others or \
                        not isinstance(name, str) or len(name) > 64:
                    if self.lenient:    # dropped: say so, as for a bad value
                        _note(problems, _at(place[:80], "not a setting this build knows"))
                    continue
                extra += 1
                check = self.others
            try:
                clean[name] = check(item, place[:80], problems)
            except Invalid as error:
                if not self.lenient or name in self.required:
                    raise
                _note(problems, error)
        for name in self.required:
            if name not in clean:
                raise _at(where, f"no {name!r}")
        for name, default in self.defaults.items():
            if name not in clean:
                clean[name] = copy.deepcopy(default)
        return clean


class Plain(Check):
    """Any JSON value of bounded size: for the keys of a newer or another build's settings,
    kept as they are so nothing of the player's is lost, but never large or deep."""

    def __init__(self, nodes: int = 64, depth: int = 4, text: int = 200):
        self.nodes, self.depth, self.text = nodes, depth, Text(text)

    def __call__(self, value, where="", problems=None):
        budget = [self.nodes]

        def walk(item, depth):
            budget[0] -= 1
            if budget[0] < 0 or depth > self.depth:
                raise _at(where, "a value far too large")
            if item is None or isinstance(item, bool):
                return
            if isinstance(item, (int, float)):
                Number(-10**12, 10**12)(item, where)
            elif isinstance(item, str):
                self.text(item, where)
            elif isinstance(item, list):
                for child in item:
                    walk(child, depth + 1)
            elif isinstance(item, dict):
                for key, child in item.items():
                    self.text(key, where)
                    walk(child, depth + 1)
            else:
                raise _at(where, "not a JSON value")
        walk(value, 0)
        return value


def _note(problems: list | None, error: Invalid) -> None:
    if problems is not None and len(problems) < 100:
        problems.append(str(error))


def check(schema: Check, value, problems: list | None = None):
    """Run a schema: the clean value, or Invalid. What lenient parts dropped goes into
    `problems` (when given)."""
    return schema(value, "", problems)


# --- the values the files hold --------------------------------------------------------------

SCALAR = Either(OneOf(None, True, False), Integer(-10**9, 10**9), Number(-1e12, 1e12),
                Text(200))
NAME = Text(64)
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
    "setup": {},
}

SETTINGS = Fields({
    "fullscreen": Boolean(), "volume": Number(0, 1), "muted": Boolean(),
    "show_errors": Boolean(), "animations": Boolean(),
    "setup": MapOf(OneOf(*GAME_KEYS), CHOICES, len(GAME_KEYS), lenient=True),
    # The games' own preferences: shapes here, each game checks the values it knows.
    "kenken_autoclear": Boolean(),
    "nim_teach": Boolean(),
    "nim_custom_heaps": Text(200),
    "mu_torere": Fields({"colours": ListOf(NAME, 2, 2), "board": NAME, "legend": Boolean(),
                         "custom_level": Integer(0, 100), "undo_depth": Integer(0, 1000)},
                        others=Plain(nodes=16), most_others=8, lenient=True),
}, defaults=DEFAULT_SETTINGS, others=Plain(), most_others=32, lenient=True)

TOP = 5
SCORE_ROW = Fields({"score": Number(-1e12, 1e12), "date": Text(32), "detail": Text(200)},
                   required=("score",), defaults={"date": "", "detail": ""})
SCORES = MapOf(TABLE, ListOf(SCORE_ROW, TOP), 500)     # 500 full tables fit the read cap

COUNT = Integer(0, 10**9)
RECORDS = MapOf(TABLE, Fields({"won": COUNT, "lost": COUNT, "draw": COUNT}), 500)

# --- saved games ----------------------------------------------------------------------------

SAVE_VERSION = 1
MAX_MOVES = 5_000           # history kept in a save: resuming replays it, so it stays quick
MAX_ELAPSED = 10**7 - 1     # seconds (about 115 days)
MOVE = Text(64)
RECORD_NAME = r"[a-z_]{1,32}"


def save_schema(key: str | None = None) -> Fields:
    """A saved game; with `key`, it must be a save of that game (its file's name)."""
    return Fields({
        "version": OneOf(SAVE_VERSION),
        "game": OneOf(key) if key else OneOf(*GAME_KEYS),
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
    }, required=("version", "game", "params", "desc", "moves", "position", "elapsed"),
        defaults={"record": {}, "play": {}})


def save(data, key: str | None = None) -> dict:
    """A save checked whole (strict: a save is all or nothing); Invalid says what is wrong."""
    clean = save_schema(key)(data)
    if clean["position"] > len(clean["moves"]):
        raise Invalid("position: beyond the moves")
    return clean
