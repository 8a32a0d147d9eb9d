"""What a row of the history of finished games holds (history.py), and the checks of every
value read back or written: VALID in SQL (the figures count 10,000 games in C), CHECKS in
Python (the rows shown and written; Parlour never writes what it would not read back). Pure:
no I/O, no clock but utc_text's."""
from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass, field, fields
from typing import Any, Protocol

from games.core.kit import checks, registry, saves
from games.core.kit.session import MAX_ID_LENGTH, Session


class DataFolder(Protocol):
    """What the history asks of the App's Store (store.py), which opens it: where a file of
    the data folder is (OSError, already said, when the folder cannot be used), the old JSON
    files read safely, and the player's message channel. (A Protocol: the Store imports the
    history, so the history does not import the Store.)"""
    tell: Callable[[str], None]

    def path(self, name: str) -> str: ...

    def read_json(self, name: str,
                  check: Callable[[Any], Any] | None = None) -> tuple[Any, str | None]: ...

    def file_bytes(self, name: str) -> bytes: ...


TIME_FORMAT = "%Y-%m-%d %H:%M:%S"   # UTC, as SQLite's own datetime() writes it
# The moments and days a row may hold: what a clock can say, and what every screen can turn
# into local time in any zone on any system (Windows' localtime ends in the year 3000). A
# clock outside them is written as the nearest (utc_text).
FIRST_TIME, LAST_TIME = "1970-01-02 00:00:00", "2999-12-31 23:59:59"
FIRST_DAY, LAST_DAY = "2000-01-01", LAST_TIME[:10]     # the daily puzzles' (kit/daily.py)
# Ids run 1, 2, 3... as games are recorded: past this bound (a game a second for 30,000
# years) an id is not Parlour's, and is never used to find the next one.
MAX_ID = 10**12
OUTCOMES = ("won", "lost", "draw")
OPPONENTS = ("", "computer", "human", "network")   # network: a friend in another copy
MAX_MOVES_TEXT = saves.MAX_MOVES * 70
MAX_TIMES_TEXT = saves.MAX_MOVES * 12     # '9999999.99,' each

@dataclass(frozen=True)
class Game:
    """One finished game as the history keeps it."""
    game: str                 # the game's key
    params: str               # Params.encode()
    game_id: str              # GAME:PARAMS:DESC, which plays the deal again ('' if imported)
    started: str              # UTC, TIME_FORMAT ('' if not known)
    finished: str             # UTC, TIME_FORMAT
    outcome: str              # won / lost / draw for the player; two players: a side won or draw
    score: float | None       # the game's score (what its best scores rank)
    detail: str               # the game's words for the score ("2:31", "Par +1: 40 presses")
    ranked: bool              # may enter the best scores (a win not finished by Solve...)
    duration: float | None    # seconds played (None if imported)
    moves: tuple[str, ...] = ()     # the moves from the start to the end, as a save has them
    # when each move was made (elapsed seconds; None where not known): empty, or one a move
    times: tuple[float | None, ...] = ()
    record: dict[str, int] = field(default_factory=dict)   # hints, penalties, solved...
    opponent: str = ""        # '' (a puzzle), 'computer', 'human' or 'network'
    level: str = ""           # the computer's level
    daily: str = ""           # YYYY-MM-DD: the daily puzzle of that day
    games: int = 1            # the games the row stands for (a count imported from records.json)
    id: int = 0               # its place in the history (0 before it is recorded)


COLUMNS = [f.name for f in fields(Game)]

TIME_GLOB = ("[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]")
DATE_GLOB = "[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]"
TIME_TEXT = r"[0-9]{4}-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]"
DATE_TEXT = r"[0-9]{4}-[01][0-9]-[0-3][0-9]"
CONTROL = "'*[' || char(1) || '-' || char(31) || char(127) || ']*'"


def _text_sql(column: str, most: int, ascii_only: bool = False, glob: str = "",
              empty: bool = True) -> str:
    """The SQL test of a text column: text, at most `most` characters, no NUL or control
    character (or only printable ASCII), of the form `glob` if given."""
    parts = [f"typeof({column}) = 'text'", f"length({column}) <= {most}",
             f"instr(CAST({column} AS BLOB), x'00') = 0",
             f"NOT {column} GLOB '*[^ -~]*'" if ascii_only else f"NOT {column} GLOB {CONTROL}"]
    if glob:
        parts.append(f"({column} GLOB '{glob}'" + (f" OR {column} = '')" if empty else ")"))
    elif not empty:
        parts.append(f"{column} <> ''")
    return "(" + " AND ".join(parts) + ")"


def _moment_sql(column: str, day: bool = False, empty: bool = True) -> str:
    """The SQL test of a moment (or a day): in range and on the calendar (SQLite's strftime
    reads 2026-02-30 as 2026-03-02, so a date that is not one does not come back as itself)."""
    first, last, form = (FIRST_DAY, LAST_DAY, "date") if day else \
        (FIRST_TIME, LAST_TIME, "datetime")
    test = (f"({column} BETWEEN '{first}' AND '{last}' AND "
            f"{form}(strftime('%s', {column}), 'unixepoch') IS {column})")
    return f"({column} = '' OR {test})" if empty else test


def _number_sql(column: str, low: float, high: float, null: bool) -> str:
    test = f"(typeof({column}) IN ('integer', 'real') AND {column} BETWEEN {low!r} AND {high!r})"
    return f"({column} IS NULL OR {test})" if null else test


# The same rules twice: VALID for SQL (each row once: history.py keeps aside the ids of those
# that fail), CHECKS for Python (the rows shown and the rows written; Parlour never writes what
# it would not read back).
VALID = " AND ".join([
    f"typeof(id) = 'integer' AND id BETWEEN 1 AND {MAX_ID}",
    _text_sql("game", 32, True, empty=False) + " AND NOT game GLOB '*[^a-z_]*'",
    _text_sql("params", 200, True) + " AND NOT params GLOB '*[:#]*'",
    _text_sql("game_id", MAX_ID_LENGTH, True),
    _text_sql("started", 19, True, TIME_GLOB) + " AND " + _moment_sql("started"),
    _text_sql("finished", 19, True, TIME_GLOB, empty=False) + " AND " +
    _moment_sql("finished", empty=False),
    "outcome IN ('won', 'lost', 'draw')",
    _number_sql("score", -1e12, 1e12, True),
    _text_sql("detail", 200),
    "ranked IN (0, 1) AND typeof(ranked) = 'integer'",
    _number_sql("duration", 0, saves.MAX_ELAPSED, True),
    _text_sql("moves", MAX_MOVES_TEXT),
    _text_sql("times", MAX_TIMES_TEXT, True),
    _text_sql("record", 2000),
    "opponent IN ('', 'computer', 'human', 'network')",
    _text_sql("level", 32, True) + " AND NOT level GLOB '*[^a-z0-9_]*'",
    _text_sql("daily", 10, True, DATE_GLOB) + " AND " + _moment_sql("daily", day=True),
    "typeof(games) = 'integer' AND games BETWEEN 1 AND 1000000000",
])


def _is_moment(text: str, day: bool = False) -> bool:
    """A moment (or a day) in range and on the calendar, or ''; as _moment_sql."""
    if not text:
        return True
    first, last = (FIRST_DAY, LAST_DAY) if day else (FIRST_TIME, LAST_TIME)
    try:       # (the form is the Text check's: this is the calendar's, in C)
        (datetime.date if day else datetime.datetime).fromisoformat(text)
    except ValueError:
        return False
    return first <= text <= last


MOMENT, DAY = "not a moment from 1970 to 2999", "not a day from 2000 to 2999"
CHECKS: dict[str, checks.Check] = {
    "game": checks.Text(32, r"[a-z_]+"),
    "params": checks.Text(200, r"[ -~]*"),
    "game_id": checks.Text(MAX_ID_LENGTH, r"[ -~]*"),
    "started": checks.Satisfies(checks.Text(19, f"({TIME_TEXT})?"), _is_moment, MOMENT),
    "finished": checks.Satisfies(checks.Text(19, TIME_TEXT), _is_moment, MOMENT),
    "outcome": checks.OneOf(*OUTCOMES),
    "score": checks.Either(checks.OneOf(None), checks.Number(-1e12, 1e12)),
    "detail": checks.Text(200, r"[^\t\n]*"),
    "ranked": checks.Boolean(),
    "duration": checks.Either(checks.OneOf(None), checks.Number(0, saves.MAX_ELAPSED)),
    "moves": checks.ListOf(saves.MOVE, saves.MAX_MOVES),
    "times": checks.ListOf(checks.Either(checks.OneOf(None), checks.Number(0, saves.MAX_ELAPSED)),
                           saves.MAX_MOVES),
    "record": checks.MapOf(checks.Text(32, saves.RECORD_NAME), checks.COUNT, 32),
    "opponent": checks.OneOf(*OPPONENTS),
    "level": checks.Text(32, r"[a-z0-9_]*"),
    "daily": checks.Satisfies(checks.Text(10, f"({DATE_TEXT})?"),
                              lambda text: _is_moment(text, day=True), DAY),
    "games": checks.Integer(1, 10**9),
    "id": checks.Integer(0, MAX_ID),      # 0: not recorded yet
}


def checked(game: Game) -> Game:
    """The game if every value is one the history holds (checks.Invalid otherwise), and a game
    this build knows."""
    for name in COLUMNS:
        value = getattr(game, name)
        if name in ("moves", "times"):
            value = list(value)
        CHECKS[name](value, name)
    if game.times and len(game.times) != len(game.moves):
        raise checks.Invalid("times: one for each move, or none")
    if game.params and ":" in game.params or "#" in game.params:
        raise checks.Invalid("params: text of the wrong form")
    if game.game not in registry.keys():
        raise checks.Invalid(f"game: no game called {game.game!r}")
    return game


def row_values(game: Game) -> tuple[Any, ...]:
    values = dict(zip(COLUMNS, astuple(game)))
    values["moves"] = json.dumps(list(game.moves), separators=(",", ":"))
    values["times"] = json.dumps(list(game.times), separators=(",", ":"))
    values["record"] = json.dumps(game.record, separators=(",", ":"), sort_keys=True)
    values["ranked"] = int(game.ranked)
    return tuple(values[name] for name in COLUMNS if name != "id")


def from_row(row: Sequence[Any]) -> Game:
    """A row read back (all columns, in COLUMNS order) as a checked Game; checks.Invalid if
    any value is not one the history holds."""
    values = dict(zip(COLUMNS, row))
    for name in ("moves", "times", "record"):
        text = values[name]
        if not isinstance(text, str) or len(text) > MAX_MOVES_TEXT:
            raise checks.Invalid(f"{name}: not text of a bounded length")
        try:
            values[name] = json.loads(text)
        except (ValueError, RecursionError):
            raise checks.Invalid(f"{name}: not JSON") from None
    if isinstance(values["ranked"], int) and values["ranked"] in (0, 1):
        values["ranked"] = bool(values["ranked"])
    moves = CHECKS["moves"](values["moves"], "moves")
    values["moves"] = tuple(moves)
    values["times"] = tuple(CHECKS["times"](values["times"], "times"))
    return checked(Game(**values))


FIRST_SECONDS, LAST_SECONDS = 86_400, 32_503_679_999    # FIRST_TIME and LAST_TIME


def utc_text(seconds: float | None = None) -> str:
    """A moment as the history writes it: UTC, 'YYYY-MM-DD HH:MM:SS', within the moments a
    row may hold (a clock set to 1900 or 9999 is written as the nearest)."""
    moment = time.time() if seconds is None else seconds
    moment = min(max(moment, FIRST_SECONDS), LAST_SECONDS) if moment == moment else time.time()
    return time.strftime(TIME_FORMAT, time.gmtime(moment))


def of_session(session: Session[Any, Any, Any], started: float, outcome: str, score: float | None,
               detail: str, ranked: bool, **more: Any) -> Game:
    """The row for a game just finished: its moves and their times up to the position on
    the board, its record, and `more` (opponent, level, daily) as given. Times past what a
    save may hold are left out whole, never half."""
    moves = tuple(text or "" for _, text in session.entries[1:session.position + 1])
    times = tuple(session.times[1:session.position + 1])
    if not all(t is None or t <= saves.MAX_ELAPSED for t in times):
        times = ()
    if not CHECKS["daily"].accepts(more.get("daily", "")):   # a day no row holds: a game
        more = {**more, "daily": ""}
    return Game(game=session.key, params=session.params.encode(), game_id=session.game_id,
                started=utc_text(started), finished=utc_text(), outcome=str(outcome),
                score=score, detail=detail, ranked=ranked,
                duration=min(saves.MAX_ELAPSED, round(session.elapsed, 3)), moves=moves,
                times=times, record=dict(session.record), **more)
