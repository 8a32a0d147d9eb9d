"""Ishido's lesson (games/core/kit/lesson.py): matching by colour or symbol, two, three and
four neighbours, the 4-way and its bonus, and the original rules' stricter matches and their
Oracle. Each step deals its own stones: the six openers are colour n with symbol n, and the
pouch starts with the stones the step places first (its `moves`), then its stone to place.
Highlights are squares, (row, column)."""
from __future__ import annotations

from games.core.kit.lesson import Lesson, Step
from games.ishido.rules import KINDS, OPENING_SQUARES, Params, State, colour, stone, symbol

OPENING = tuple(stone(n, n) for n in range(len(OPENING_SQUARES)))


def deal(first: tuple[tuple[int, int], ...], rule: str = "standard") -> str:
    """A game ID whose pouch starts with these (colour, symbol) stones; the rest of the 72
    follow in a fixed order."""
    rest = [kind for kind in range(KINDS) for _ in range(2)]
    for kind in OPENING + tuple(stone(c, s) for c, s in first):
        rest.remove(kind)
    pouch = tuple(stone(c, s) for c, s in first) + tuple(rest)
    text = "".join(f"{colour(kind)}{symbol(kind)}" for kind in OPENING) + "-" + \
        "".join(f"{colour(kind)}{symbol(kind)}" for kind in pouch)
    return f"ishido:{Params(rule).encode()}:{text}"


def placed(state: State) -> bool:
    """Any stone placed: every square the rules allow matches its neighbours."""
    return True


# The middle: (3,5) holds colour 4 / symbol 4, (4,6) colour 5 / symbol 5. These stones build
# round the square (3,6): (4,7) and (3,7) on its right, then (2,5) and (2,6) above.
RIGHT = (((0, 5), "4,7"), ((1, 5), "3,7"))
ABOVE = (((4, 2), "2,5"), ((4, 3), "2,6"))
NOT_TWO = "That square touches one stone: the stone scores more between two."

LESSON = Lesson("ishido", (
    Step("Place the stone from the slot on an empty square beside stones it matches, each by "
         "colour or by symbol.",
         deal(((4, 0),)), reached=placed, show="2,5", highlights=((3, 5),),
         wrong=("4,5", "The stone must match each neighbour by colour or by symbol."),
         praise="It matches its neighbour: 1 point."),
    Step("Beside two stones it must match both, and scores 2. Put it between two stones.",
         deal(((4, 5),)), goal=frozenset({"4,5", "3,6"}), highlights=((3, 5), (4, 6)),
         miss=NOT_TWO, praise="Two neighbours matched: 2 points."),
    Step("Beside three it must match all three, and scores 4. Find the square between three "
         "stones.",
         deal(tuple(kind for kind, _ in RIGHT) + ((4, 5),)),
         moves=tuple(square for _, square in RIGHT), goal=frozenset({"3,6"}),
         miss="That square touches fewer stones: find the one between three.",
         praise="Three neighbours matched: 4 points."),
    Step("Beside four is a 4-way: 8 points, and under the original rules a bonus, 25 for the "
         "first, then 50, 100... Make one.",
         deal(tuple(kind for kind, _ in RIGHT + ABOVE) + ((4, 5),)),
         moves=tuple(square for _, square in RIGHT + ABOVE), goal=frozenset({"3,6"}),
         miss="That is no 4-way: find the square with a stone on every side.",
         praise="A 4-way! Under the original rules each one also wakes the Oracle."),
    Step("The original rules ask more: between two stones, match one by colour and the "
         "other by symbol. Place it so.",
         deal(((4, 2), (4, 1), (4, 5)), "original"), moves=("2,5", "3,4"),
         goal=frozenset({"4,5", "3,6"}), highlights=((4, 5), (3, 6)),
         miss="That square touches one stone: put it between two, one matched by colour, "
              "one by symbol.",
         wrong=("2,4", "Next to two stones, it must match one by colour and the other by "
                       "symbol."),
         praise="Matched both ways: you are ready for a whole game."),
))
