"""The parameters the tests play each game at, beyond its defaults (the conformance checks,
the text-fit checks): every rule set and variant a game's rules treat differently."""
from __future__ import annotations

from typing import Any

from games.core.kit import registry

# game -> the keyword arguments of its rules.Params, one dict per set of parameters
PARAMS: dict[str, list[dict[str, Any]]] = {
    "deductile": [{"tiles": 4, "difficulty": "easy"}, {"tiles": 4, "difficulty": "hard"},
                  {"tiles": 5, "difficulty": "expert"}],
    "kenken": [{"size": 4, "difficulty": "easy"},
               {"size": 3, "difficulty": "normal", "hidden_operators": True},
               {"size": 4, "difficulty": "normal", "multiplication_only": True}],
    "ishido": [{"rule": "standard"}, {"rule": "original"}],
    "poggle": [{"size": 3, "colours": 2}, {"size": 4, "colours": 4}, {"size": 5, "colours": 3}],
    "kono": [{}],
    "nim": [{}, {"start": "1357", "misere": True}, {"start": "random"},
            {"start": "custom", "misere": True}],
    "tiny_game": [{"length": 3}, {"length": 5}, {"length": 8}],
}


def params_of(key: str) -> list[Any]:
    """The game's parameters to test at (its defaults when it has no entry)."""
    rules = registry.lookup(key).rules
    if key not in PARAMS:
        return [rules.params_from_options()]
    return [rules.Params(**fields) for fields in PARAMS[key]]
