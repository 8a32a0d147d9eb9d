"""The endings two-player games share, as their rules' status() says them: a draw the players
agreed (the AgreedDraw move, rules_parts.py), a draw on the third occurrence of a position, and
a side to move that cannot move and so has lost. Pure: no pygame, no I/O."""
from __future__ import annotations

from games.core.kit.rules_api import Outcome, Status, Termination

AGREED = Status(Outcome.DRAW, None, "The players agreed a draw.", Termination.AGREED)
# A game drawn on the third occurrence of a position (its REPETITION_LIMIT, 3).
THIRD_TIME = Status(Outcome.DRAW, None, "The same position has occurred three times.",
                    Termination.REPETITION)


def blocked(name: str, winner: int) -> Status:
    """The side to move (`name`) cannot move: `winner`, the other side, has won."""
    return Status(Outcome.DECIDED, winner, f"{name} cannot move.", Termination.BLOCKED)
