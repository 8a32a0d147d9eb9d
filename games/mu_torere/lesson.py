"""Mu Torere's lesson (games/core/kit/lesson.py): moving to the empty point, the centre rule,
out of the centre, blocking to win, looking ahead, and the draws. Highlights are points (0-7
round the star, 8 the centre)."""
from __future__ import annotations

from games.core.kit.lesson import Lesson, Step


def at(position: str) -> str:
    """A game ID standing at a position ("BBBBWWWW.:B": points 0-8, the side to move)."""
    return f"mu_torere::{position}"


LESSON = Lesson("mu_torere", (
    Step("On your turn, move one piece along a line to the empty point. Slide the lit piece "
         "round the ring into the gap.",
         at("BBB.WWWWB:B"), goal=frozenset({"2-3"}), highlights=(2, 3),
         miss="That one came from the centre: this time slide the lit piece on the ring."),
    Step("A piece may go into the centre only when an enemy piece is next to it on the "
         "ring. Move one into the centre.",
         at("BBBBWWWW.:B"), goal=frozenset({"0-8", "3-8"}), highlights=(0, 3),
         wrong=("1-8", "The piece on point 1 may enter the centre only when an opponent "
                       "piece stands on a neighbouring ring point."),
         praise="Right: it had an enemy piece beside it."),
    Step("From the centre, a piece may go out to any empty point of the ring. Move the "
         "centre piece out.",
         at("BBB.WWWWB:B"), goal=frozenset({"8-3"}), highlights=(8,),
         miss="That is a ring piece: move the one in the centre."),
    Step("Whoever cannot move loses. Block your opponent: leave them no line to the empty "
         "point.",
         at(".WWWWBBBB:B"), goal=frozenset({"7-0"}), highlights=(0,),
         miss="That frees the centre, and two enemy pieces could go in. Close the ring "
              "instead.",
         praise="Blocked: your opponent cannot move, and you win."),
    Step("Look ahead: one of your two moves lets your opponent block you next turn. Play "
         "the other.",
         at("B.BBBWWWW:B"), goal=frozenset({"2-1"}), highlights=(0, 2),
         miss="Careful: after that, your opponent closes the gap you left and you cannot "
              "move.",
         praise="Safe: your opponent has no block now."),
    Step("A position seen three times is a draw, as is the 200th move or a draw you agree "
         "(D). Win instead: block them.",
         at(".BBBWWWWB:B"), goal=frozenset({"1-0"}), highlights=(0,),
         miss="That frees the centre for your opponent. Close the ring instead.",
         praise="Blocked again: you are ready for a whole game."),
))
