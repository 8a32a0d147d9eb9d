"""Poggle's lesson (games/core/kit/lesson.py): what a press changes, colours going round, the
goal, and par. Highlights are buttons, (row, column) from the top left."""
from __future__ import annotations

from games.core.kit.lesson import Lesson, Step


def board(rows: str, colours: int) -> str:
    """A game ID of a 3 x 3 board ("010/111/010": each button's colour, 0 the blank)."""
    return f"poggle:size=3,colours={colours}:{rows}"


CROSS = board("010/111/010", 3)
PAR_TWO = board("110/101/011", 2)

LESSON = Lesson("poggle", (
    Step("A press changes the button you press and its neighbours above, below and to each "
         "side. Press the lit corner.",
         board("111/111/111", 2), goal=frozenset({"0,0"}), highlights=((0, 0),),
         miss="Press the lit corner, and watch which buttons change with it.",
         praise="The corner and its two neighbours changed colour."),
    Step("With three colours, a press moves each button one colour along, and after the "
         "last comes the blank again. Press the middle.",
         CROSS, goal=frozenset({"1,1"}), highlights=((1, 1),),
         miss="Press the middle button: it and its four neighbours move one colour along."),
    Step("The goal: every button blank. One more press of the middle brings its cross "
         "round to the blank.",
         CROSS, moves=("1,1",), goal=frozenset({"1,1"}), highlights=((1, 1),),
         miss="That changes blank buttons too: press the middle again.",
         praise="Every button is blank: solved."),
    Step("Par is the fewest presses that solve a board; this one's is 2. Press one of the "
         "two corners that need it.",
         PAR_TWO, goal=frozenset({"0,0", "2,2"}), highlights=((0, 0), (2, 2)),
         miss="That press is in no 2-press solution: it would take you over par."),
    Step("One press to go, and you solve it in par. Find it.",
         PAR_TWO, moves=("0,0",), goal=frozenset({"2,2"}),
         miss="That leaves buttons lit: the last press must clear the three that are left.",
         praise="Solved in par: you are ready for a whole board."),
))
