"""Calcoolation's lesson (games/core/kit/lesson.py): rows and columns, a cage of each
operator, pencil marks and a single deduction, on one 4 x 4 puzzle whose answer is

    1 2 3 4
    3 4 1 2
    4 3 2 1
    2 1 4 3

Highlights are cells, (row, column) from the top left."""
from __future__ import annotations

from games.core.kit.lesson import Lesson, Step

PUZZLE = "kenken:size=4,difficulty=easy:bfb696,a4a5a6m12s1m8d3g4"


def write(row: int, col: int, digit: int) -> frozenset[str]:
    """Writing a digit, with auto-clear on or off (the player's own setting)."""
    return frozenset({f"R{row},{col},{digit}", f"X{row},{col},{digit}"})


def pencil(row: int, col: int, *digits: int) -> frozenset[str]:
    return frozenset(f"P{row},{col},{digit}" for digit in digits)


def write_in(say: str, row: int, col: int, digit: int, miss: str, *,
             given: tuple[str, ...] = (), praise: str = Step.praise) -> Step:
    """A step that asks for `digit` in the lit cell (row, col) of the puzzle, once the `given`
    moves are on it."""
    return Step(say, PUZZLE, moves=given, goal=write(row, col, digit), highlights=((row, col),),
                miss=miss, praise=praise)


LESSON = Lesson("kenken", (
    write_in("Fill the grid with 1 to 4, never twice in a row or a column. A one-cell cage "
             "shows its digit: write 4 in the lit cell.", 3, 2, 4,
             "Write the digit the one-cell cage shows, 4, in the lit cell."),
    write_in("Each row holds 1 to 4 once. The top row has 1, 2 and 3: write its missing "
             "digit.", 0, 3, 4,
             "The top row already holds 1, 2 and 3: its last cell must be 4.",
             given=("R0,0,1", "R0,1,2", "R0,2,3")),
    write_in("A + cage adds up to its number. The 6+ cage holds a 4: write the other digit "
             "below it.", 1, 3, 2, "4 and what make 6? Write it in the lit cell, below the 4.",
             given=("R0,3,4",)),
    write_in("A − cage: the larger digit minus the smaller. The 1− cage holds a 1: write the "
             "digit below it.", 2, 2, 2, "One more or one less than 1: only 2 is a digit here.",
             given=("R1,2,1",)),
    write_in("A × cage multiplies to its number. The 12× cage holds a 4: write the other "
             "digit.", 2, 1, 3, "4 times what makes 12? Write it in the lit cell, below the 4.",
             given=("R1,1,4",)),
    write_in("A ÷ cage: the larger digit divided by the smaller. The 3÷ cage holds a 1: write "
             "the other digit.", 3, 3, 3, "What divided by 1 makes 3? Write it in the lit cell.",
             given=("R2,3,1",)),
    Step("Unsure? Pencil candidates in: X, the right button or the pad's X switches pen "
         "and pencil. Pencil a 1 or a 3 in the lit cell.",
         PUZZLE, goal=pencil(0, 0, 1, 3), highlights=((0, 0),),
         miss="Switch to pencil first: a candidate is a note, not an answer. The 4+ cage "
              "holds 1 and 3.",
         praise="A candidate: a note of what the cell may hold."),
    write_in("A single deduction: the 4+ cage holds 1 and 3, and the top row has a 3 already. "
             "Write the lit cell's digit.", 0, 0, 1,
             "The 4+ cage is 1 and 3, and 3 is in the top row already: this cell is 1.",
             given=("R0,2,3",),
             praise="That is how every puzzle is solved: one sure digit at a time."),
))
