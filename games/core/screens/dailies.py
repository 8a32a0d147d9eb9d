"""The daily puzzle in the frame of a one-player game: which day's it is and whether it is
played on its day (docs/DESIGN.md, "Daily puzzles"), the header that says so, the day entered
with its result (once: a day's daily is recorded the first time it is finished), and the words
the result screen adds (the day, the streak). The pure parts are games/core/kit/daily.py,
imported (with datetime) only by a daily's frame: an ordinary game's first frame needs neither."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.core.kit.results import Result, plural

if TYPE_CHECKING:
    import datetime

    from games.core.screens.frame import Frame

PAST_DAY = "Played after its day: it counts in your statistics, not in your daily streak."
REPEATED = "This day's puzzle was finished before: this game counts as an ordinary one."


def today() -> datetime.date:
    """The player's calendar day now (the one place the frame reads it)."""
    from games.core.kit import daily
    return daily.local_day(time.time())


@dataclass
class DailyPlay:
    """A daily puzzle in play: its day (the puzzle in hand stays that day's, whatever the clock
    says later), whether it was begun on that day, and whether its result was entered as the
    day's (None until it ends)."""
    day: datetime.date
    on_its_day: bool
    first: bool | None = None

    @classmethod
    def of(cls, play_options: dict[str, Any], started: float) -> DailyPlay | None:
        """The daily a game's play options name (saved with it), begun at `started`."""
        if play_options.get("daily") is None:
            return None
        import datetime

        from games.core.kit import daily
        text = daily.date_text(play_options.get("daily"))
        if not text:
            return None
        day = datetime.date.fromisoformat(text)
        return cls(day, daily.local_day(started) == day)


def header(frame: Frame) -> str:
    """The game's header line: "Today's puzzle, 28 November", or '' for an ordinary game."""
    play = frame.daily
    if play is None:
        return ""
    from games.core.kit import daily
    now = today()      # past midnight, the puzzle in hand is still its day's: no more today's
    return daily.header(play.day, play.on_its_day and play.day == now, now)


def entered(frame: Frame) -> str:
    """The day to record with the game's result: its day the first time that day's puzzle is
    finished, else '' (an ordinary game; the history's unique index is the last word)."""
    play = frame.daily
    if play is None:
        return ""
    from games.core.data import records  # the history: off the first frame's path
    day = play.day.isoformat()
    play.first = not records.daily_done(frame.app.store, frame.session.key, day)
    return day if play.first else ""


def with_daily(frame: Frame, result: Result) -> Result:
    """The result with what a daily adds: its day and the daily streak (played on its day), or
    why it is not in the streak."""
    play = frame.daily
    if play is None or play.first is None:
        return result
    from games.core.kit import daily
    now = today()
    words = daily.day_words(play.day, now)
    if not play.first:
        facts, note = [("Daily puzzle", words)], REPEATED
    elif play.on_its_day:
        from games.core.data import stats  # the history: open since the result was entered
        streak = stats.daily_streak(frame.app.store.history(), frame.session.key, now)
        label = "Today's puzzle" if play.day == now else "Daily puzzle"
        facts, note = [(label, words), ("Daily streak", plural(streak, "day"))], ""
    else:
        facts, note = [("Daily puzzle", words)], PAST_DAY
    return Result(result.title, result.mood, result.reason, result.facts + tuple(facts),
                  result.notes + ((note,) if note else ()))
