"""Poggle's rules pictures (games/core/kit/pictures.py): the buttons and their dots, a press,
the last press that clears a board, par, and Lights Out. Marks are buttons, (row, column)."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.poggle.lesson import CROSS, PAR_TWO, board

PICTURES = (
    Picture("Poggle is a board of square buttons", board("012/120/201", 3),
            caption="Blank, colour 1, colour 2: the dots say which"),
    Picture("Pressing a button moves it one step", CROSS, change="1,1",
            caption="A press moves the button and its four neighbours one colour on"),
    Picture("Your goal: make every button blank", CROSS, moves=("1,1",), change="1,1",
            caption="After the last colour, blank: solved"),
    Picture("The order of your presses does not matter", PAR_TWO, marks=((0, 0), (2, 2)),
            caption="Par 2: the two lit corners clear it"),
    Picture("With 2 colours this is the classic Lights Out", board("111/111/111", 2),
            change="0,0", caption="Two colours: a press turns lights off and on"),
)
