"""What a game offers on its setup screen: pure data (no pygame), so the launcher, setup and
rules screens read it from games/<key>/info.py without importing the game's scene."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """A choice on a game's setup screen. target 'params' feeds rules.params_from_options;
    'play' is handed to the scene (who plays, computer level, ...)."""
    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]    # ((value, shown text), ...)
    default: Any
    target: str = "params"


def params_kwargs(options: Iterable[Option], choices: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments for rules.params_from_options from the chosen option values;
    an option's value may be a dict of several of them (e.g. difficulty and size together)."""
    kwargs: dict[str, Any] = {}
    for option in options:
        if option.target == "params" and option.key in choices:
            value = choices[option.key]
            kwargs.update(value if isinstance(value, dict) else {option.key: value})
    return kwargs


def play_choices(options: Iterable[Option], choices: Mapping[str, Any]) -> dict[str, Any]:
    """The chosen values of the options the scene reads (target 'play')."""
    return {o.key: choices[o.key] for o in options if o.target == "play" and o.key in choices}


def remember(settings: dict[str, Any], key: str, choices: Mapping[str, Any]) -> None:
    """The one writer of a game's remembered setup choices (the setup screen starts from
    them): `choices` (option -> value) join those remembered. The caller saves the settings."""
    setup = settings.setdefault("setup", {})
    remembered = setup.get(key)
    setup[key] = {**(remembered if isinstance(remembered, dict) else {}), **choices}
