"""Mu Torere's rules pictures (games/core/kit/pictures.py): the start, the one empty point and
the pieces that can reach it, the three kinds of move, a block that wins and a position come
round a third time. Marks are points: 0-7 the tips, from the top clockwise, 8 the middle."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.mu_torere.lesson import at

# Each side in turn into the middle, round and out: after two rounds the start is back.
ROUND = ("0-8", "7-0", "8-7")

PICTURES = (
    Picture("Mu Torere is a blocking game", at("BBBBWWWW.:B"),
            caption="The start: four pieces each, the middle empty"),
    Picture("On your turn you must move one of your pieces to the empty point",
            at("BBB.WWWWB:B"), marks=(3, 2, 8),
            caption="One empty point: two Black pieces can reach it"),
    Picture("• Round the star", at("BBB.WWWWB:B"), change="2-3",
            caption="Round the star, to the next tip"),
    Picture("• Out of the middle", at("BBB.WWWWB:B"), change="8-3",
            caption="Out of the middle, to the empty tip"),
    Picture("• Into the middle", at("BBBBWWWW.:B"), change="3-8", marks=(4,),
            caption="Into the middle: the lit enemy piece stands beside it"),
    Picture("A player who cannot move when it is their turn loses", at(".WWWWBBBB:B"),
            change="7-0", caption="White has no move left: Black wins"),
    Picture("A game is a draw when the same position", at("BBBBWWWW.:B"),
            moves=ROUND * 3 + ROUND[:2], change=ROUND[2],
            caption="The start comes round a third time: a draw"),
)
