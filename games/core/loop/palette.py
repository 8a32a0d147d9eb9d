"""The palettes every game's pieces are painted in: Standard, or Colour-blind safe (the
Okabe-Ito colours, told apart with each common colour-vision deficiency). A setting
(settings["palette"]) chooses one; each sprites module keeps its own colours for both, keyed
by the names here, and paints through `current()`, so its caches are keyed by the palette and
a change shows at the next frame.

The App is the one writer of the active palette (App.apply_look, at start and whenever the
settings change); a draw only reads it. It is one string, so a sprite's lookup costs a dict
read and no module here imports numpy. Pure: no pygame.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

Colour = tuple[int, int, int]

STANDARD, SAFE = "standard", "safe"
NAMES = ((STANDARD, "Standard"), (SAFE, "Colour-blind safe"))

# Okabe & Ito, "Color Universal Design" (2008): eight colours told apart with protanopia,
# deuteranopia and tritanopia.
OKABE_ITO: dict[str, Colour] = {
    "black": (0, 0, 0), "orange": (230, 159, 0), "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115), "yellow": (240, 228, 66), "blue": (0, 114, 178),
    "vermilion": (213, 94, 0), "reddish purple": (204, 121, 167),
}

# The word a player reads for each Okabe-Ito colour. A colour a game names (a tile, a stone, a
# piece, a mark) is named by its own word in the Standard palette and, where the safe palette
# paints it in an Okabe-Ito colour, by that colour's word here (`word`, `reword`): the one place
# colour names come from, so no name contradicts the colour drawn.
OKABE_ITO_WORDS: dict[str, str] = {
    "black": "black", "orange": "orange", "sky blue": "sky blue", "bluish green": "green",
    "yellow": "yellow", "blue": "blue", "vermilion": "vermilion", "reddish purple": "pink",
}

# The graded-moves hint's colours (chips with dark words, the board's arrows and paths), by
# kit/levels.py's Values, a StrEnum whose members look up as these strings (so the launcher's
# way to its first frame does not import the levels and the rules contract under them).
GRADES: dict[str, dict[str, Colour]] = {
    STANDARD: {"win": (110, 205, 145), "draw": (130, 176, 240), "loss": (240, 110, 95)},
    SAFE: {"win": (60, 190, 150), "draw": (150, 205, 240), "loss": (235, 150, 60)},
}

_active = [STANDARD]


def named(value: Any) -> str:
    """A palette's name from a setting: an unknown value is the Standard palette."""
    return value if value in (STANDARD, SAFE) else STANDARD


def use(settings: Mapping[str, Any]) -> bool:
    """Make the settings' palette the one sprites paint in (App.apply_look); True if it
    changed."""
    name = named(settings.get("palette"))
    changed, _active[0] = name != _active[0], name
    return changed


def current() -> str:
    return _active[0]


def grade_colour(value: str) -> Colour:
    return GRADES[current()][value]


def word(standard: str, safe: str) -> str:
    """The name, in the active palette, of a colour a game calls `standard` and paints as the
    Okabe-Ito colour `safe` in the safe palette."""
    return standard if _active[0] == STANDARD else OKABE_ITO_WORDS[safe]


def reword(text: str, safe_of: Mapping[str, str]) -> str:
    """`text` (a game's words, written with its Standard colour names) with every colour word
    of `safe_of` (Standard word -> Okabe-Ito colour) in the active palette's word, keeping an
    initial capital."""
    if _active[0] == STANDARD or not safe_of:
        return text
    pattern = _pattern(tuple(safe_of))

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        new = OKABE_ITO_WORDS[safe_of[found.lower()]]
        return new[:1].upper() + new[1:] if found[:1].isupper() else new
    return pattern.sub(swap, text)


_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    if words not in _PATTERNS:
        _PATTERNS[words] = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b",
                                      re.IGNORECASE)
    return _PATTERNS[words]
