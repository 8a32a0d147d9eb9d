"""Typed per-game preferences kept in the settings file.

A game declares a schema: a tuple of Pref (name, default, and either the allowed choices, a
whole-number range, or a check function). Preferences reads the game's part of the settings
through the schema: a value of the wrong type or out of range (a list, an object, a string
where a number belongs, a hand-edited file) falls back to its default, never an exception.
Writing goes back through the same schema, so settings only ever hold valid values.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Pref:
    name: str
    default: object
    choices: tuple = ()                 # the allowed values, when a fixed set
    low: int | None = None              # a whole number from low to high
    high: int | None = None
    check: Callable[[object], bool] | None = None   # anything else (e.g. a pair of colours)

    def valid(self, value) -> bool:
        if self.check is not None:
            try:
                return bool(self.check(value))
            except (TypeError, ValueError, KeyError):
                return False
        if self.choices:
            return any(type(value) is type(choice) and value == choice for choice in self.choices)
        if self.low is not None:
            return type(value) is int and self.low <= value <= self.high
        return type(value) is type(self.default)


def copied(value):
    """Settings hold plain JSON; lists are copied so no caller shares one with them."""
    return list(value) if isinstance(value, (list, tuple)) else value


class Preferences:
    """One game's preferences, read and written through its schema. `legacy` maps a pref's
    name to an older top-level settings key still read when the game's own entry lacks it."""

    def __init__(self, settings: dict, key: str, schema: tuple[Pref, ...],
                 legacy: dict[str, str] | None = None):
        self.settings, self.key = settings, key
        self.schema = {pref.name: pref for pref in schema}
        saved = settings.get(key)
        saved = saved if isinstance(saved, dict) else {}
        legacy = legacy or {}
        self.values = {}
        for name, pref in self.schema.items():
            if name in saved:
                value = saved[name]
            elif legacy.get(name) in settings:
                value = settings[legacy[name]]
            else:
                value = pref.default
            self.values[name] = copied(value if pref.valid(value) else pref.default)

    def __getitem__(self, name: str):
        return self.values[name]

    def set(self, name: str, value) -> bool:
        """Keep a new value (written into the settings dict; the caller saves the file).
        False, and nothing changes, when the value is not allowed."""
        pref = self.schema[name]
        if not pref.valid(value):
            return False
        self.values[name] = copied(value)
        self.settings[self.key] = {k: copied(v) for k, v in self.values.items()}
        return True
