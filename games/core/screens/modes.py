"""What a game's frame is for (games/core/screens/frame.py), and the gate a lesson puts on it.

A Mode: play (the default); a lesson (every move passes the lesson's gate; no clock, no
result, nothing recorded or saved: games/core/screens/lesson.py); or looking (a replay's or a
review's board: no cursor, no clock of its own, nobody plays, nothing recorded:
games/core/screens/playback.py). So the lesson player, the replay and the review show a game
on its own board without a subclass of it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from games.core.kit.session import Change


class Gate(Protocol):
    """What a lesson asks of the frame that plays its steps (games/core/screens/lesson.py);
    the frame's own, when nothing is asked, lets every move through."""

    def admit(self, move: Any) -> bool:
        """Whether the move may be played (a refusal is the lesson's to say)."""
        return True

    def reached(self, change: Change[Any, Any]) -> None:
        """A move was played."""
        return None

    def said(self) -> None:
        """The frame said something (not a refusal)."""
        return None

    def refused(self, words: str) -> None:
        """The frame refused something, in these words."""
        return None


class Mode(NamedTuple):
    """What the frame is for: playing (every field True), or a lesson or a look back (a
    NamedTuple: defined on every first frame, a tenth of a dataclass's cost)."""
    name: str = "play"
    clock: bool = True       # the game's clock runs
    records: bool = True     # an ending is entered and its result screen shown
    saves: bool = True       # the game is saved when left unfinished
    cursor: bool = True      # the keyboard and pad cursor shows
    turns: bool = True       # the sides play: the computer thinks, a human is asked to move


class Open(Gate):
    """No gate: every move through."""


OPEN = Open()
PLAY = Mode()
LESSON = Mode("lesson", clock=False, records=False, saves=False)
LOOK = Mode("look", clock=False, records=False, saves=False, cursor=False, turns=False)
