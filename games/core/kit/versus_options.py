"""What the two-player games share before a game opens: the one level ladder (Off, Low,
Medium, High, Perfect and Custom 0..100), the setup screen's choices, the preferences every
two-player game keeps, and the names of levels and record tables. Apart from the scene
classes, so a game's info module (read by the setup and help screens) imports no scene."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.core.kit import levels
from games.core.kit.checks import Integer, OneOf
from games.core.kit.options import Option
from games.core.kit.prefs import Pref
from games.core.kit.rules_api import RuleError

LEVEL_CHOICES = tuple(levels.TITLES.items()) + (("custom", "Custom"),)
UNDO_DEPTHS = ((1, "1 turn"), (2, "2 turns"), (3, "3 turns"), (5, "5 turns"), (10, "10 turns"),
               (0, "Unlimited"))
VERSUS_PREFS = (Pref("custom_level", 50, Integer(0, 100)),
                Pref("undo_depth", 0, OneOf(*(depth for depth, _ in UNDO_DEPTHS))))


def opponent_options(side_names: Sequence[str], default_level: str = "medium") -> list[Option]:
    """The setup screen's choices every two-player game offers, with the one level ladder."""
    first, second = side_names
    return [
        Option("opponent", "Opponent", (("computer", "The computer"), ("human", "Two players"),
                                        ("network", "Over the network"),
                                        ("demo", "Computer vs computer")), "computer", "play"),
        Option("side", "You play", ((0, f"{first} (moves first)"), (1, second)), 0, "play"),
        Option("level", "Computer level", LEVEL_CHOICES, default_level, "play"),
    ]


def custom_words(chance: int) -> str:
    """A Custom level by its chance, as every screen names it: 'Custom 37%'."""
    return f"Custom {chance}%"


def level_title(level: Any, chance_of: Callable[[Any], int]) -> str:
    """A level's name on the ladder: a preset by its title, anything else (a Custom number,
    an old name from a save) by its chance, through the game's chance_of (ai.level_chance)."""
    if level in levels.TITLES:
        return levels.TITLES[level]
    try:
        chance = chance_of(level)
    except RuleError:
        return "Perfect"
    named = [name for name, value in levels.LEVELS.items() if value == chance]
    return levels.TITLES[named[0]] if named and not isinstance(level, int) else \
        custom_words(chance)
