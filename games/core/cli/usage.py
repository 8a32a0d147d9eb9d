"""What the command-line commands share (commands.py and the demo it starts): the error for
bad input, the game parameters read from the options, and a game's outcome in JSON. Below
both, so neither imports the other for it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:     # the launcher's way to its first frame imports no rules
    from games.core.kit.rules_api import Status


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit 2."""


def params_for(rules: Any, args: Any) -> Any:
    options = {name: getattr(args, name, None) for name in ("size", "difficulty", "variant",
                                                            "colours")}
    return rules.params_from_options(**{k: v for k, v in options.items() if v is not None})


def outcome_json(status: Status) -> str | dict[str, object]:
    """A game's "outcome" in the commands' JSON: "ongoing", "won" or "lost" for a one-player
    game; "ongoing", "draw", or {"outcome": "won", "winner": 0 or 1} (the side that won; 0
    moves first) for a two-player game."""
    from games.core.kit.rules_api import Outcome
    if status.outcome == Outcome.DECIDED:
        return {"outcome": Outcome.WON.value, "winner": status.winner}
    return status.outcome.value
