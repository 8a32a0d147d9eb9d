"""Nim's lesson (games/core/kit/lesson.py): taking from one heap, who wins, equal heaps, then
the XOR idea with the teaching view. Highlights are heap numbers (0 is heap 1 on screen)."""
from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any

from games.core.kit.lesson import Lesson, Step
from games.nim.rules import Params, State

CLASSIC = f"nim:{Params().encode()}:3,4,5"


def custom(heaps: str) -> str:
    return f"nim:{Params('custom').encode()}:{heaps}"


PLAIN: tuple[tuple[str, Any], ...] = (("teach", False), ("edited", True))
TEACH: tuple[tuple[str, Any], ...] = (("teach", True), ("edited", True))
ODD_COLUMN = ("That leaves a column with an odd count of 1s (the teaching view shows it): "
              "your opponent could then win.")


def balanced(state: State) -> bool:
    """Every column of the heaps in binary has an even count of 1s: their XOR is 0."""
    return reduce(xor, state.heaps, 0) == 0


LESSON = Lesson("nim", (
    Step("On your turn, take counters from one heap: a counter you choose goes with every "
         "counter above it. Take 2 from heap 2.",
         CLASSIC, goal=frozenset({"1:2"}), highlights=(1,), options=PLAIN,
         miss="Not that: take 2 from heap 2 (choose the second counter from its top)."),
    Step("Take as many as you like from that one heap, even all of it. Take all of heap 3.",
         CLASSIC, goal=frozenset({"2:5"}), highlights=(2,), options=PLAIN,
         miss="Take all five of heap 3: choose its bottom counter."),
    Step("Whoever takes the last counter wins. One counter is left: take it and win.",
         custom("2,1"), moves=("0:2",), goal=frozenset({"1:1"}), highlights=(1,),
         options=PLAIN, praise="You took the last counter: you win."),
    Step("Equal heaps win: whatever your opponent takes from one, you take from the other, "
         "and the last counter is yours. Make the two heaps equal.",
         custom("3,5"), goal=frozenset({"1:2"}), highlights=(0, 1), options=PLAIN,
         miss="The heaps are not equal now: your opponent could make them equal, copy you, "
              "and take the last counter.",
         praise="Equal heaps: now copy every move your opponent makes."),
    Step("Your opponent took 1 from heap 1. Copy them on heap 2, so the heaps are equal "
         "again.",
         custom("4,4"), moves=("0:1",), goal=frozenset({"1:1"}), highlights=(1,),
         options=PLAIN, miss="Copy your opponent: take 1 from heap 2, so both hold 3."),
    Step("With more heaps, the teaching view (T) writes each in binary. Leave an even count "
         "of 1s in every column: take 2 from heap 1.",
         CLASSIC, goal=frozenset({"0:2"}), highlights=(0,), options=TEACH, miss=ODD_COLUMN,
         praise="Every column is even: whatever your opponent takes, you can even it again."),
    Step("Now find it yourself: take counters so that every column has an even count of "
         "1s.",
         custom("2,5,6"), reached=balanced, show="1:1", options=TEACH, miss=ODD_COLUMN,
         praise="Every column even: that is the whole secret of Nim."),
))
