"""DeducTile's lesson (games/core/kit/lesson.py): reading a clue, swapping tiles, swapping only
colours, striking a clue out, and guessing, with the clock and its penalty, on one puzzle.
It starts 1 red Circle, 2 blue Square, 3 yellow Triangle, 4 green Star; its answer is
1 yellow Square, 2 green Triangle, 3 red Star, 4 blue Circle. Highlights are the places the
cursor visits: (column, index)."""
from __future__ import annotations

from games.core.kit.lesson import Lesson, Step
from games.deductile.controls import Column

PUZZLE = "deductile:tiles=4,difficulty=easy:AaBcCdDb-2B10.3Bd1.3Cb1.3Ac0.2C21.2D30"
# The clues, in order: 0 The first tile is the Square. 1 The Yellow tile is the Square.
# 2 The Green tile is the Triangle. 3 The Circle is Blue. 4 The Triangle is second.
# 5 The third tile is the Star.
SQUARE_FIRST = ("s0-1",)
SQUARE_YELLOW = SQUARE_FIRST + ("c0-2",)
STRUCK = SQUARE_YELLOW + ("x1",)
TRIANGLE_SECOND = STRUCK + ("s1-2",)
SOLVED = TRIANGLE_SECOND + ("c1-3", "s2-3", "c2-3")


def tile(index: int) -> tuple[Column, int]:
    return Column.TILES, index


def clue(index: int) -> tuple[Column, int]:
    return Column.CLUES, index


LESSON = Lesson("deductile", (
    Step("Order the tiles so every clue on the right holds. 'The first tile is the Square': "
         "drag the Square onto the top tile to swap them.",
         PUZZLE, goal=frozenset({"s0-1"}), highlights=(tile(1), clue(0)),
         miss="That does not put the Square first: swap it with the top tile.",
         praise="The Square is first: that clue holds."),
    Step("The right button (or X) swaps only the colours of two tiles. 'The Yellow tile is "
         "the Square': make the Square yellow.",
         PUZZLE, moves=SQUARE_FIRST, goal=frozenset({"c0-2"}),
         highlights=(tile(0), tile(2), clue(1)),
         miss="Swap only the colours of the Square and the yellow tile: the right button, "
              "or X.",
         praise="A yellow Square, and it stayed first."),
    Step("Strike out a clue you have dealt with: click it (or Enter on it). Strike out "
         "'The Yellow tile is the Square'.",
         PUZZLE, moves=SQUARE_YELLOW, goal=frozenset({"x1"}), highlights=(clue(1),),
         miss="Strike out the lit clue, 'The Yellow tile is the Square': click it.",
         praise="Struck out: one clue fewer to read."),
    Step("'The Triangle is second': swap it into second place.",
         PUZZLE, moves=STRUCK, goal=frozenset({"s1-2"}), highlights=(tile(2), clue(4)),
         miss="That does not put the Triangle second: swap it with the second tile."),
    Step("'The Green tile is the Triangle': swap colours to make the Triangle green.",
         PUZZLE, moves=TRIANGLE_SECOND, goal=frozenset({"c1-3"}),
         highlights=(tile(1), tile(3), clue(2)),
         miss="Swap only the colours of the Triangle and the green tile: the right button, "
              "or X."),
    Step("You have 3 minutes; a wrong guess or a hint costs 5 seconds. Every clue holds "
         "now: Guess (G, or the Guess button).",
         PUZZLE, moves=SOLVED, goal=frozenset({"g"}), highlights=((Column.GUESS, 0),),
         miss="Every clue holds already: press Guess.",
         praise="Solved: you are ready for a whole puzzle against the clock."),
))
