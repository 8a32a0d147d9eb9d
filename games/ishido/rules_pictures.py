"""Ishido's rules pictures (games/core/kit/pictures.py): the opening board, a stone placed
beside one it matches, two neighbours matched, the original rules' colour-and-symbol match, a
4-way, the two ends of a game (every stone placed; a stone that fits nowhere), and the Oracle's
4-way. Most deals are the lesson's (deal). Marks are squares, (row, column)."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.ishido.lesson import ABOVE, RIGHT, deal

# The red moon matches only the two middle stones (the red cross, the purple moon): walls of
# stones that match them but not it fill every square beside them, and it fits nowhere.
WALLS = ((5, 4), (5, 4), (0, 4), (1, 4), (5, 0), (5, 1))
ENDING = ("3,6", "4,5", "2,5", "3,4", "5,6", "4,7")
# A whole game, every stone placed (the computer's "careful" play of this deal).
WHOLE_GAME = (
    "ishido:rule=standard:442011055233-02452410535532001454503425441241542103051245253442223510"
    "2221010001513023504011521523204331241535024153140432514030134333034204311355")
WON = tuple((
    "7,10 1,0 0,10 7,1 4,5 4,4 3,6 6,11 6,1 3,4 5,4 2,6 1,11 1,6 6,0 2,0 5,5 1,10 6,10 1,1 "
    "5,0 2,1 4,3 5,6 3,1 4,0 4,7 6,2 3,2 2,11 2,10 7,2 1,9 2,9 3,7 6,9 6,5 6,4 3,11 7,5 4,8 "
    "5,9 5,3 5,10 2,7 3,3 1,2 3,8 4,1 1,8 6,8 1,3 2,3 2,5 3,10 7,3 6,3 5,8 6,7 5,7 7,9 3,0 "
    "0,9 2,8 7,8 3,9").split())

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
    Picture("The game ends when the pouch is empty", WHOLE_GAME, moves=WON,
            caption="Every stone placed, the pouch empty: a win"),
    Picture("The game ends when the pouch is empty",
            deal(WALLS + ((4, 5),)), moves=ENDING, marks=((3, 5), (4, 6)),
            caption="No square left for the red moon: the game ends"),
    Picture("The Oracle (original rules)",
            deal(tuple(kind for kind, _ in RIGHT + ABOVE) + ((4, 5),), "original"),
            moves=tuple(square for _, square in RIGHT + ABOVE), change="3,6",
            caption="Each 4-way earns its bonus and a passage of the answer"),
)
