"""Typed per-game preferences kept in the settings file.

A game declares its preferences' schema in its info.py: `PREFS`, a tuple of Pref (a name, a
default and the check its values pass, from games/core/kit/checks.py, the one validator of
what Parlour reads), and `LEGACY_PREFS` for values an older build kept at the top of the
settings. The two-player frame adds its own (versus_options.VERSUS_PREFS). Preferences reads
the game's entry of the settings through the schema: a value the check refuses (a list where
a number belongs, a hand-edited file) takes its default, never an exception. Writing goes back
through the same checks, so the settings only ever hold valid values.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.kit.checks import Check


@dataclass(frozen=True)
class Pref:
    name: str
    default: Any
    check: Check

    def __post_init__(self) -> None:
        if not self.check.accepts(self.default):
            raise ValueError(f"the default of the preference {self.name!r} fails its check")


def copied(value: Any) -> Any:
    """Settings hold plain JSON; lists are copied so no caller shares one with them."""
    return list(value) if isinstance(value, (list, tuple)) else value


class Preferences:
    """One game's preferences, read and written through its schema. `legacy` maps a pref's
    name to an older top-level settings key still read when the game's own entry lacks it.
    The only writer of the game's entry in the settings."""

    def __init__(self, settings: dict[str, Any], key: str, schema: tuple[Pref, ...],
                 legacy: Mapping[str, str] | None = None):
        self.settings, self.key = settings, key
        self.schema = {pref.name: pref for pref in schema}
        saved = settings.get(key)
        saved = saved if isinstance(saved, dict) else {}
        legacy = legacy or {}
        self.values: dict[str, Any] = {}
        for name, pref in self.schema.items():
            if name in saved:
                value = saved[name]
            elif legacy.get(name) in settings:
                value = settings[legacy[name]]
            else:
                value = pref.default
            self.values[name] = copied(value if pref.check.accepts(value) else pref.default)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def set(self, name: str, value: Any) -> bool:
        """Keep a new value (written into the settings dict; the caller saves the file).
        False, and nothing changes, when the value is not allowed."""
        if not self.schema[name].check.accepts(value):
            return False
        self.values[name] = copied(value)
        self.settings[self.key] = {k: copied(v) for k, v in self.values.items()}
        return True
