"""When each move of a finished game was made, as its replay shows and plays it (pure).

The history keeps, for each move, the game's elapsed clock when it was made (schema 2; None
for a move made before a resume, since a save keeps no times; nothing at all for a game
recorded before times were kept). `timings` turns that into what the replay needs: the clock
at each position, the gap since the one before, and a schedule to play it back by: each move
after the one before by its real gap, a long think cut to LONGEST_PAUSE (so the first move
does not wait the minute the player looked at the puzzle; the panel still shows the real
time). The schedule never runs backwards (a hostile row's times may), and a move whose gap is
not known takes UNKNOWN_GAP seconds of it, so a replay without times still plays at an even
pace.
"""
from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

UNKNOWN_GAP = 1.0       # seconds of playback for a move whose time was not kept
LONGEST_PAUSE = 2.0     # at x1, no move waits longer than this (the real gap is still shown)
SPEEDS = (1, 4, 16)     # how many times faster than it was played


@dataclass(frozen=True)
class Timings:
    """Position n (0: the start, n: after the n-th move) was reached at `at[n]` seconds of
    the game's clock (None where not kept) and is played back at `schedule[n]` seconds."""
    at: tuple[float | None, ...]
    schedule: tuple[float, ...]
    kept: bool                      # the history kept times for this game

    @property
    def moves(self) -> int:
        return len(self.at) - 1

    def gap(self, position: int) -> float | None:
        """Seconds between the move that made `position` and the one before (None at the start
        or where either time is not known)."""
        if position < 1:
            return None
        now, before = self.at[position], self.at[position - 1]
        return None if now is None or before is None else max(0.0, now - before)

    def position_at(self, moment: float) -> int:
        """The last position the playback has reached `moment` seconds in."""
        return max(0, bisect.bisect_right(self.schedule, moment) - 1)

    def shortened(self, position: int) -> bool:
        """The move that made `position` waited less than the player thought (a long think
        cut to LONGEST_PAUSE)."""
        gap = self.gap(position)
        return gap is not None and gap > LONGEST_PAUSE

    def longest(self) -> int | None:
        """The move the player took longest over (its position), or None without gaps."""
        gaps = [(gap, n) for n in range(1, len(self.at))
                if (gap := self.gap(n)) is not None]
        return max(gaps, key=lambda pair: (pair[0], -pair[1]))[1] if gaps else None


def timings(times: Sequence[float | None], moves: int) -> Timings:
    """The timings of a game of `moves` moves from the times the history kept (one a move,
    or none at all)."""
    kept = len(times) == moves and moves > 0
    at: list[float | None] = [0.0, *(times if kept else [None] * moves)]
    schedule = [0.0]
    for before, moment in zip(at, at[1:]):
        wait = UNKNOWN_GAP if moment is None or before is None else \
            min(LONGEST_PAUSE, max(0.0, moment - before))
        schedule.append(schedule[-1] + wait)
    return Timings(tuple(at), tuple(schedule), kept)


def clock_words(seconds: float | None) -> str:
    """'1:05.3' (minutes, seconds and tenths), '-' where not known."""
    if seconds is None:
        return "-"
    tenths = round(seconds * 10)
    minutes, rest = divmod(tenths, 600)
    return f"{minutes}:{rest // 10:02d}.{rest % 10}"


def gap_words(seconds: float | None) -> str:
    """'+7.5 s', '+2:10.0', '-' where not known."""
    if seconds is None:
        return "-"
    return f"+{seconds:.1f} s" if seconds < 59.95 else f"+{clock_words(seconds)}"
