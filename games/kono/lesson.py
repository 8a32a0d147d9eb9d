"""Four Field Kono's lesson (games/core/kit/lesson.py): the capture that opens the game, a
step, a capture later on, the two ways to win, and the draws. Black plays, its pieces shown
at the bottom. Highlights are points (0-15 row by row)."""
from __future__ import annotations

from typing import Any

from games.core.kit.lesson import Lesson, Step

BLACK_BELOW: tuple[tuple[str, Any], ...] = (("flip", True),)


def at(position: str) -> str:
    """A game ID standing at a position ("BBBBBBBBWWWWWWWW:B": the 16 points row by row,
    then the side to move)."""
    return f"kono::{position}"


CAPTURE_MISS = "That is a step: capture instead, over your own piece onto an enemy one."

LESSON = Lesson("kono", (
    Step("The board starts full, so the first move is a capture: jump over one of your own "
         "pieces onto the enemy piece beyond it.",
         at("BBBBBBBBWWWWWWWW:B"), goal=frozenset({"0-8", "1-9", "2-10", "3-11"}),
         highlights=(8, 9, 10, 11), options=BLACK_BELOW,
         wrong=("5-13", "A capture jumps over your own piece onto an enemy piece: point 9 "
                        "must hold a Black piece and point 13 an enemy one."),
         praise="Captured: the enemy piece leaves the board."),
    Step("A piece may also step along a line to the empty point beside it, never "
         "diagonally. Step a piece into the gap.",
         at("BBBB.BBB.WWWWWWW:B"), goal=frozenset({"0-4", "5-4"}), highlights=(4,),
         options=BLACK_BELOW,
         miss="That is a capture: this time step a piece into the empty point."),
    Step("Captures may come at any time, one a move. Jump the lit piece over your own onto "
         "the enemy piece.",
         at("B.B.BBBB.WW.W..W:B"), goal=frozenset({"2-10"}), highlights=(2, 10),
         options=BLACK_BELOW, miss=CAPTURE_MISS),
    Step("A player left with one piece loses. Your opponent has two: capture one and win.",
         at(".B...B...W....W.:B"), goal=frozenset({"1-9"}), highlights=(9, 14),
         options=BLACK_BELOW, miss=CAPTURE_MISS,
         praise="One piece left: your opponent loses."),
    Step("A player who cannot move loses too. Shut in the two enemy pieces: leave them no "
         "step and no capture.",
         at(".........BB.WBWB:B"), goal=frozenset({"9-8"}), highlights=(12, 14),
         options=(("flip", False),),
         miss="They can still move: shut the last gap beside their pieces.",
         praise="No move left for your opponent: you win."),
    Step("50 moves in a row without a capture, or a position seen three times, is a draw. "
         "Capture, and the count starts again.",
         at("....BBW....W...W:B"), goal=frozenset({"4-6"}), highlights=(6,),
         options=BLACK_BELOW,
         miss="A quiet move brings the draw nearer (50 without a capture): capture instead.",
         praise="A capture starts the count again: you are ready for a whole game."),
))
