"""DeducTile's rules pictures (games/core/kit/pictures.py), on the lesson's puzzle: the column
solved, a swap and a swap of colours only, and what "next to" means. Marks are tiles, 0 at
the top."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.deductile.lesson import PUZZLE, SOLVED, SQUARE_FIRST

PICTURES = (
    Picture("Four tiles stand in a column", PUZZLE, moves=SOLVED,
            caption="Every shape and colour once, in the clues' order"),
    Picture("Drag a tile onto another to swap the two tiles", PUZZLE, change="s0-1",
            caption="A swap: the Square comes first"),
    Picture("Drag a tile onto another to swap the two tiles", PUZZLE, moves=SQUARE_FIRST,
            change="c0-2", caption="Colours only: the Square turns yellow"),
    Picture("\"Next to\" means directly above or below", PUZZLE, moves=SOLVED, marks=(1, 2),
            caption="The Triangle is next to the Red tile"),
)
