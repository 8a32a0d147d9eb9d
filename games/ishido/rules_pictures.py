"""Ishido's rules pictures (games/core/kit/pictures.py): the opening board, a stone placed
beside one it matches, two neighbours matched, the original rules' colour-and-symbol match,
and a 4-way. The deals and moves are the lesson's. Marks are squares, (row, column)."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.ishido.lesson import ABOVE, RIGHT, deal

PICTURES = (
    Picture("Ishido is a quiet game of placing stones", deal(((4, 0),)),
            caption="The start: each colour and symbol once"),
    Picture("A stone must go on an empty square next to at least one stone",
            deal(((4, 0),)), change="2,5",
            caption="Beside a stone of its colour: 1 point"),
    Picture("Standard rules (the default)", deal(((4, 5),)), change="3,6",
            caption="Between two: one matched by colour, one by symbol, 2 points"),
    Picture("Original rules (Accolade, 1990)", deal(((4, 2), (4, 1), (4, 5)), "original"),
            moves=("2,5", "3,4"), change="3,6",
            caption="Original rules: one by colour, the other by symbol"),
    Picture("A 4-way is a stone placed with all four neighbours filled",
            deal(tuple(kind for kind, _ in RIGHT + ABOVE) + ((4, 5),)),
            moves=tuple(square for _, square in RIGHT + ABOVE), change="3,6",
            caption="A 4-way: a stone on every side, 8 points"),
)
