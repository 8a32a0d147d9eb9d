"""The daily puzzle: one deal a calendar day for each one-player game, the same for every
player, derived from the date alone (date -> seed -> game ID). Pure: the date is given, never
read from a clock.

The parameters are fixed per game (its declaration's `daily`, documented in the README): a
day's seed is the first eight bytes of SHA-256 of "parlour daily GAME YYYY-MM-DD", and the
deal is the game's own generator run with random.Random(seed), so every machine makes the
same game ID. The ID holds the whole deal (GAME:PARAMS:DESC), so it plays the same game even
where a later build's generator would deal another.

A day is the player's local calendar day (local_day: the caller gives the moment). A daily
counts toward the streak when it was begun on its own day: one begun before midnight and
finished after it still counts; a past day's, played from the archive, counts in the history
and the statistics but not in the streak.
"""
from __future__ import annotations

import datetime
import random
import re

from games.core.kit import registry
from games.core.kit.rules_api import RuleError

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
FIRST_DAY = datetime.date(2000, 1, 1)
LAST_DAY = datetime.date(9999, 12, 31)
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def has_daily(key: str) -> bool:
    return bool(registry.lookup(key).daily)


def params_text(key: str) -> str:
    """The game's daily parameters (encoded); RuleError names the games with a daily."""
    if not has_daily(key):
        games = ", ".join(game.key for game in registry.daily_games())
        raise RuleError(f"{key} has no daily puzzle; the games with one are {games}")
    return registry.lookup(key).daily


def parse_date(text: str) -> datetime.date:
    """A day written YYYY-MM-DD (from 2000-01-01 on); RuleError says what is wrong."""
    shown = text if len(text) <= 40 else text[:37] + "..."
    if not DATE.fullmatch(text):
        raise RuleError(f"a date is written YYYY-MM-DD, not {shown!r}")
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise RuleError(f"{shown!r} is not a day of the calendar") from None
    if day < FIRST_DAY:
        raise RuleError(f"daily puzzles begin on {FIRST_DAY.isoformat()}, not {shown}")
    return day


def seed(key: str, day: datetime.date) -> int:
    import hashlib  # here: its library is not needed on the way to the launcher's first frame
    digest = hashlib.sha256(f"parlour daily {key} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seeded_id(key: str, day: datetime.date) -> str:
    """The daily puzzle as GAME:PARAMS#SEED: the same deal as game_id(), made when played."""
    return f"{key}:{params_text(key)}#{seed(key, day)}"


def date_text(value: object) -> str:
    """A daily puzzle's date as a save's play options hold it: YYYY-MM-DD, or ''."""
    if isinstance(value, str) and DATE.fullmatch(value):
        try:
            day = datetime.date.fromisoformat(value)
        except ValueError:
            return ""
        return day.isoformat() if day >= FIRST_DAY else ""
    return ""


def game_id(key: str, day: datetime.date) -> str:
    """The daily puzzle of `key` on `day` as a game ID (GAME:PARAMS:DESC)."""
    text = params_text(key)
    rules = registry.lookup(key).rules
    params = rules.parse_params(text)
    desc = rules.new_desc(params, random.Random(seed(key, day)))
    return f"{key}:{params.encode()}:{desc}"


def streak(days: list[str], today: datetime.date) -> int:
    """Consecutive days, up to today (or yesterday, while today's is still to do), among
    `days` (YYYY-MM-DD)."""
    done = set(days)
    day = today if today.isoformat() in done else today - datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in done:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def local_day(seconds: float) -> datetime.date:
    """The player's calendar day at this moment (seconds since the epoch), in the local time
    zone, summer time and all."""
    return datetime.date.fromtimestamp(seconds)


def day_words(day: datetime.date, today: datetime.date) -> str:
    """'28 November', with the year when it is not this year's: '3 November 2025'."""
    words = f"{day.day} {MONTHS[day.month - 1]}"
    return words if day.year == today.year else f"{words} {day.year}"


def header(day: datetime.date, on_its_day: bool, today: datetime.date) -> str:
    """What a daily's game says of itself: "Today's puzzle, 28 November" while it is played
    on its day, else "Daily puzzle, 3 November"."""
    kind = "Today's puzzle" if on_its_day else "Daily puzzle"
    return f"{kind}, {day_words(day, today)}"
