"""Nim's rules pictures (games/core/kit/pictures.py): a take from one heap, the last counter,
the starts, and the winning move of the nim-sum. Marks are heaps, from 0 on the left."""
from __future__ import annotations

from games.core.kit.pictures import Picture
from games.nim.lesson import CLASSIC, custom

PICTURES = (
    Picture("Nim is played with heaps of counters", CLASSIC, change="2:2",
            caption="Take from one heap: 2 from the heap of 5"),
    Picture("Normal play (the default)", custom("3"), change="0:3",
            caption="Normal play: taking the last counter wins"),
    Picture("To take counters, choose a counter in a heap", CLASSIC, change="1:3",
            caption="The chosen counter and all above it go"),
    Picture("Starts: 3-4-5 (the classic), 1-3-5-7", custom("1,3,5,7"),
            caption="The 1-3-5-7 start"),
    Picture("The secret of Nim", CLASSIC, change="0:2",
            caption="3-4-5 has nim-sum 2; take 2 from the 3: nim-sum 0"),
)
