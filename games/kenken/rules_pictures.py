"""Calcoolation's rules pictures (games/core/kit/pictures.py), on the lesson's 4 x 4 puzzle:
rows and columns, a cage, a single deduction, pencil marks with auto-clear, a mistake, and the
hidden operators. Marks are cells, (row, column), tinted as a hint tints them."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.kenken.cages import Params
from games.kenken.lesson import PUZZLE

ANSWER = ((1, 2, 3, 4), (3, 4, 1, 2), (4, 3, 2, 1), (2, 1, 4, 3))
SOLVED = tuple(f"R{r},{c},{d}" for r, row in enumerate(ANSWER) for c, d in enumerate(row))
HIDDEN = f"kenken:{Params(4, 'easy', hidden_operators=True).encode()}:" + \
    PUZZLE.rsplit(":", 1)[1]

PICTURES = (
    Picture("Fill the grid so that every row and every column", PUZZLE, moves=SOLVED,
            marks=((0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (2, 2), (3, 2)),
            caption="1 to 4 once in each row and each column"),
    Picture("Thick lines split the grid into cages", PUZZLE, moves=("R0,3,4",),
            change="R1,3,2", caption="The 6+ cage: 4 and 2 make 6"),
    Picture("Every puzzle has exactly one solution", PUZZLE, moves=("R0,2,3",),
            change="R0,0,1", marks=((0, 2),),
            caption="4+ is 1 and 3, and the row has its 3: so 1"),
    Picture("Pen and pencil", PUZZLE, moves=("P0,0,1", "P0,0,3", "P1,0,1", "P1,0,3"),
            change="X0,2,3", caption="Auto-clear: writing 3 rubs out the 3 in its row"),
    Picture("Mistakes (a digit twice in a row or column", PUZZLE, moves=("R0,0,2", "R0,1,2"),
            caption="A digit twice in a row turns red"),
    Picture("Options: Multiplication only", HIDDEN,
            caption="Hidden operators: only the targets show"),
)
