"""The history's file as SQLite finds it (history.py keeps the games in it): what the file holds
is looked at before anything is written to it, every use of it waits for another Parlour
within a bounded time, and a file that is no history Parlour can use is set aside whole.

- `inspect` reads the version (`PRAGMA user_version`) and the schema before any write: a
  newer Parlour's file is left byte for byte (not even switched to WAL); a negative version,
  or a schema that is not exactly the one of its version (other tables, views or triggers, a
  `games` table of another shape, an index that could refuse or change a row), is not a
  history of Parlour's.
- `patiently` runs a unit of work again while another connection holds the lock (some of
  SQLite's waits return "locked" at once instead of calling the busy handler: switching the
  journal, recovering a WAL), up to a bounded time.
- `raw_games` reads the games of any database, whatever its shape, to be checked row by row:
  a newer Parlour's file is read this way, and one set aside is salvaged.
The journals beside the file are journals.py's.
"""
from __future__ import annotations

import os
import random
import stat
import time
from collections.abc import Callable
from typing import Any, TypeVar

from games.core.data.history_rows import COLUMNS

T = TypeVar("T")
Migrations = dict[int, str]
COMPANIONS = ("-wal", "-shm", "-journal")
DEFAULTS: dict[str, Any] = {"params": "", "game_id": "", "started": "", "moves": "[]",
                            "times": "[]", "record": "{}", "opponent": "", "level": "",
                            "daily": "", "games": 1}


class Unusable(Exception):
    """The file cannot be used now. `kind`: 'aside' (no history Parlour can use: set it aside
    whole), 'later' (a sound one that cannot be written now: left as it is, tried again) or
    'newer' (a newer Parlour's: left as it is, read)."""

    def __init__(self, reason: str, kind: str):
        super().__init__(reason)
        self.reason, self.kind = reason, kind
        self.alone = False       # whether no other Parlour had it open (history.open_file)

    @property
    def bad(self) -> bool:
        return self.kind == "aside"


def sqlite() -> Any:
    import sqlite3  # here: its library is loaded only once the history is opened
    return sqlite3


def text(data: bytes) -> str:
    """Text read back: bytes that are not UTF-8 become lone surrogates, which the checks
    refuse (a row with them is left out, never a crash)."""
    return data.decode("utf-8", "surrogateescape")


BAD_WORDS = ("not a database", "malformed", "corrupt", "no such table", "no such column",
             "has no column", "file is encrypted", "already exists", "duplicate column")


def kind_of(error: BaseException) -> Unusable:
    """What an sqlite3 or OS error means for the file: no history Parlour can use (set it
    aside) or one only unusable now (locked, read-only, a full disk: left alone)."""
    words = str(error).split("\n")[0][:120] or type(error).__name__
    bad = any(part in words.lower() for part in BAD_WORDS)
    return Unusable(words, "aside" if bad else "later")


def busy(error: BaseException) -> bool:
    """Whether the error is another connection holding the lock (SQLITE_BUSY, _LOCKED)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (5, 6)
    return any(words in str(error).lower() for words in ("database is locked", "is busy"))


def patiently(unit: Callable[[], T], seconds: float) -> T:
    """unit(), run again while the database is busy, until `seconds` have passed (a unit is
    one transaction, or work that is the same done twice)."""
    deadline = time.monotonic() + seconds
    pause = 0.005
    while True:
        try:
            return unit()
        except sqlite().OperationalError as error:
            if not busy(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause * random.uniform(0.5, 1.5))   # two copies never retry in step
        pause = min(pause * 2, 0.1)


# --- opening ----------------------------------------------------------------------------------

def connect(target: str, seconds: float) -> Any:
    """A connection that reads and writes, the file untouched until it is used."""
    connection = sqlite().connect(target, timeout=seconds, isolation_level=None,
                                  check_same_thread=False)
    connection.text_factory = text
    connection.execute("PRAGMA trusted_schema = OFF")
    return connection


def memory() -> Any:
    connection = sqlite().connect(":memory:", isolation_level=None, check_same_thread=False)
    connection.text_factory = text
    return connection


def use_wal(connection: Any) -> None:
    """WAL (two copies read and write at once) with synchronous=NORMAL; Unusable if the file
    cannot be switched (its folder read-only, say)."""
    if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal" and \
            connection.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
        raise Unusable("its journal cannot be switched to WAL", "later")
    connection.execute("PRAGMA synchronous = NORMAL")


def read_only(target: str, ways: tuple[str, ...] = ("mode=ro", "immutable=1")) -> Any:
    """The file opened for reading only (to copy a file that cannot be written, or read one
    set aside: immutable=1, which makes no -shm beside it); None if even that fails."""
    sqlite3 = sqlite()
    try:
        regular_or_missing(target)
        if not os.path.exists(target):
            return None
    except (OSError, Unusable):
        return None
    uri = "file:" + target.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    # mode=ro reads what the WAL holds too; immutable=1 reads a file whose folder is
    # read-only (no -shm can be made), as it was when last closed.
    for how in ways:
        try:
            connection = sqlite3.connect(f"{uri}?{how}", uri=True, timeout=0.2,
                                         check_same_thread=False)
        except sqlite3.Error:
            continue
        try:
            connection.text_factory = text   # (only read: nothing of its schema runs)
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.Error:
            connection.close()
    return None


def version(connection: Any) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def regular_or_missing(target: str) -> None:
    """Unusable (set it aside) unless the file is a regular one or missing: SQLite would hang
    on a FIFO and read a device for ever. (Its journals: journals.py.)"""
    if not os.path.lexists(target):
        return
    try:
        mode = os.stat(target).st_mode
    except OSError as error:       # a dangling symlink, a loop
        raise Unusable(f"{os.path.basename(target)}: {kind_of(error).reason}", "aside") \
            from None
    if not stat.S_ISREG(mode):
        raise Unusable(f"{os.path.basename(target)} is not a regular file", "aside")


# --- what the file holds --------------------------------------------------------------------

def inspect(connection: Any, migrations: Migrations) -> int:
    """The file's schema version, read before anything is written. Unusable 'newer' for a
    newer Parlour's, 'aside' for a file that is no history of Parlour's."""
    outside = not connection.in_transaction   # the version and the tables read at once
    if outside:
        connection.execute("BEGIN")
    try:
        found = version(connection)
        problem = "" if found < 0 or found > len(migrations) else \
            schema_problem(connection, reference(found, migrations))
    finally:
        if outside and connection.in_transaction:
            connection.execute("COMMIT")
    if found > len(migrations):
        raise Unusable(f"made by a newer Parlour (schema {found})", "newer")
    if found < 0:
        raise Unusable(f"not a history of Parlour's (schema {found})", "aside")
    if problem:
        raise Unusable(f"not a history of Parlour's: {problem}", "aside")
    return found


_REFERENCES: dict[tuple[int, int], list[tuple[str, str, str]]] = {}


def reference(found: int, migrations: Migrations) -> list[tuple[str, str, str]]:
    """(type, name, SQL) of what migrations 1..found make, made here in memory by this very
    SQLite (the text of a table after ALTER TABLE is SQLite's)."""
    key = (found, id(migrations))
    if key not in _REFERENCES:
        made = memory()
        for step in range(1, found + 1):
            made.executescript(migrations[step])
        _REFERENCES[key] = objects(made)
        made.close()
    return _REFERENCES[key]


def objects(connection: Any) -> list[tuple[str, str, str]]:
    rows = connection.execute(
        "SELECT type, name, sql FROM main.sqlite_master WHERE name NOT LIKE 'sqlite@_%' "
        "ESCAPE '@' LIMIT 1000").fetchall()
    return [(str(kind), str(name), squeezed(sql)) for kind, name, sql in rows]


def squeezed(sql: object) -> str:
    return "".join(str(sql).split()) if sql is not None else ""


def schema_problem(connection: Any, expected: list[tuple[str, str, str]]) -> str:
    """'' if the file holds exactly the tables of its version; else what is not. Indexes may
    differ (older builds made others), as long as none can refuse or change a row: each is
    one of this version's, or a plain one over columns."""
    found = objects(connection)
    want = {(kind, name): sql for kind, name, sql in expected}
    have = {(kind, name): sql for kind, name, sql in found}
    others = sorted(name for kind, name in have if kind != "index" and (kind, name) not in want)
    ours = [name for name in others if name in ("games", "meta")]
    if ours:
        return f"a {ours[0]} table of another shape"
    if others:
        return f"it holds {', '.join(others[:3])[:80]}"
    for (kind, name), sql in want.items():
        if kind != "index" and have.get((kind, name)) != sql:
            return f"no {name} table of the shape Parlour makes"
    for kind, name, sql in found:
        if kind == "index" and want.get(("index", name)) != sql and not plain_index(connection,
                                                                                  name):
            return f"an index ({name[:40]}) Parlour does not make"
    return ""


def plain_index(connection: Any, name: str) -> bool:
    """Not unique, not partial, of plain columns only (it cannot refuse a row or fail one)."""
    for table in ("games", "meta"):
        for row in connection.execute(f"PRAGMA main.index_list({table})").fetchall():
            if row[1] == name:
                keys = connection.execute("SELECT cid FROM pragma_index_xinfo(?) WHERE key",
                                          (name,)).fetchall()
                return not row[2] and not row[4] and all(cid >= 0 for (cid,) in keys)
    return False


def raw_games(source: Any, most: int) -> list[tuple[Any, ...]]:
    """The newest `most` rows of the `games` table of any database, each in COLUMNS order (a
    column it lacks: its default, or None), to be checked row by row; read until the file
    fails. None if `games` is no table (a view could run for ever)."""
    sqlite3 = sqlite()
    try:
        kind = source.execute("SELECT type FROM main.sqlite_master WHERE name = 'games' "
                              "LIMIT 1").fetchone()
        if not kind or kind[0] != "table":
            return []
        have = {row[1] for row in source.execute("PRAGMA main.table_info(games)").fetchall()}
    except sqlite3.Error:
        return []
    picks, values = [], []
    for name in COLUMNS:
        if name in have:
            picks.append(f'"{name}"')
        elif name == "id":
            picks.append("rowid")
        else:
            picks.append("?")
            values.append(DEFAULTS.get(name))
    rows: list[tuple[Any, ...]] = []
    try:
        cursor = source.execute(f"SELECT {', '.join(picks)} FROM main.games ORDER BY rowid "
                                f"DESC LIMIT {int(most)}", values)
        for row in cursor:
            rows.append(row)
    except sqlite3.Error:     # a malformed page: what was read before it is kept
        pass
    return rows


# --- setting aside ----------------------------------------------------------------------------

def aside_name(target: str, word: str, end: str = "") -> tuple[str, int]:
    """history.WORD-N.sqlite(END): the first N free for the file and every companion."""
    stem = target[:-len(".sqlite")] if target.endswith(".sqlite") else target
    n = 1
    while any(os.path.lexists(f"{stem}.{word}-{n}.sqlite{other}")
              for other in ("", *COMPANIONS)):
        n += 1
    return f"{stem}.{word}-{n}.sqlite", n


def set_aside(target: str) -> str:
    """Move the file and its companions to history.bad-N.sqlite(-wal, -shm, -journal); the new
    name, '' if the file could not be moved (it is then left where it is, never deleted)."""
    name, _ = aside_name(target, "bad")
    try:
        os.replace(target, name)
    except OSError:
        return ""
    for end in COMPANIONS:
        if os.path.lexists(target + end):
            try:
                os.replace(target + end, name + end)
            except OSError:
                pass
    return os.path.basename(name)
