"""Four Field Kono's rules pictures (games/core/kit/pictures.py): the full board at the start,
the capture that opens every game, and a win. Marks are points (0-15 row by row); Black plays
from below."""
from __future__ import annotations

from games.core.kit.pictures import Picture

PICTURES = (
    Picture("Four Field Kono is a game for two", "kono::BBBBBBBBWWWWWWWW:B",
            caption="The start: every point taken, Black below"),
    Picture("On your turn, move one of your pieces", "kono::BBBBBBBBWWWWWWWW:B",
            change="1-9",
            caption="A capture: over a friend onto the enemy piece beyond"),
    Picture("On your turn, move one of your pieces", "kono::BBBB.BBB.WWWWWWW:B",
            change="5-4", caption="A step: along a line to an empty point"),
    Picture("You win when your opponent has only one piece left", "kono::.B...B...W....W.:B",
            change="1-9", caption="White is left with one piece: Black wins"),
)
