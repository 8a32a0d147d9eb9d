"""The history of finished games: one SQLite file, history.sqlite, in the data folder.

One row per finished game: the game, its parameters and game ID, when it started and finished
(UTC), the outcome as the player sees it, its score (and the game's words for it), the time
played, the moves (as a save holds them), the game's record (hints, penalties, help, solved),
who the opponent was and at what level, and the daily puzzle's date. Best scores, records
against the computer and the statistics are queries over it (records.py, stats.py): one source
of truth, no second copy to drift.

- WAL journal and a busy timeout: two copies of Parlour record at once. Each game is one
  transaction, so a killed writer loses at most the game it was recording and the file always
  opens afterwards (synchronous=NORMAL: a power cut may lose the last games, never the file).
- The schema is versioned by `PRAGMA user_version`; MIGRATIONS take an older file up, each in
  one transaction. A file from a newer Parlour is left alone.
- At most MOST_GAMES rows are kept (the oldest go first) and every query has a LIMIT.
- What is read back is checked where it enters: every row against VALID when the file is
  opened (in SQL, in C), the values the figures add up against SOUND at each query, the rows
  shown against `checked` (in Python). A row that fails is left out and the player told once.
- A file that cannot be a database (corrupt, not SQLite, a folder, a FIFO, a device) is set
  aside as history.bad-N.sqlite, never deleted. A sound one that cannot be written now (locked
  past the timeout, read-only, a full disk) is left as it is. Either way the player is told once
  and the history lives in memory for the rest of the session, holding what could be read.
- On first start, the best scores and records of older builds (scores.json, records.json) are
  imported once and kept beside, renamed *.imported.json.

The App's Store opens the database (Store.history()), off the launcher's first frame (the
launcher warms it in a Job); sqlite3 itself is imported only then. The player hears through the
Store's message channel.
"""
from __future__ import annotations

import os
import stat
import threading
from typing import Any

from games.core.data import schema
from games.core.data.history_rows import (  # the names callers use, from here too
    COLUMNS as COLUMNS,
    VALID as VALID,
    DataFolder,
    Game as Game,
    checked as checked,
    from_row as from_row,
    of_session as of_session,
    row_values as row_values,
    utc_text as utc_text,
)
from games.core.kit import registry
from games.core.kit.checks import Invalid

FILE = "history.sqlite"
MOST_GAMES = 100_000       # the newest kept; older rows are deleted as new ones come
BUSY_SECONDS = 3.0         # waiting for another Parlour's write before giving up
MOST_ROWS = MOST_GAMES     # the LIMIT of a query that may walk every row
COMPANIONS = ("-wal", "-shm")

# --- the schema and its migrations -------------------------------------------------------------

SCHEMA_VERSION = 3
MIGRATIONS = {
    # version 0 (a new, empty file) -> 1
    1: """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL, params TEXT NOT NULL, game_id TEXT NOT NULL,
            started TEXT NOT NULL, finished TEXT NOT NULL, outcome TEXT NOT NULL,
            score REAL, detail TEXT NOT NULL, ranked INTEGER NOT NULL, duration REAL,
            moves TEXT NOT NULL, record TEXT NOT NULL, opponent TEXT NOT NULL,
            level TEXT NOT NULL, daily TEXT NOT NULL, games INTEGER NOT NULL DEFAULT 1);
        CREATE INDEX games_by_game ON games (game, params, ranked, score, outcome, games);
        CREATE INDEX games_figures ON games (game, opponent, outcome, level, ranked, daily,
                                             finished, games, duration, score);
        CREATE INDEX games_by_finish ON games (finished, game, outcome, opponent, games);
        CREATE UNIQUE INDEX one_daily_each ON games (game, daily) WHERE daily <> '';
        CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 1 -> 2: when each move was made (a JSON list beside the moves; '[]' for older games)
    2: """
        ALTER TABLE games ADD COLUMN times TEXT NOT NULL DEFAULT '[]';
    """,
    # 2 -> 3: indexes for the statistics, each read in the order it needs (then the row's id)
    # without touching the rows' moves: the results in the order they finished (streaks), the
    # scores per setting and the winning times per level (a best and a median: one step down)
    3: """
        CREATE INDEX games_in_order ON games (id, opponent, games, outcome);
        CREATE INDEX games_by_score ON games (game, params, ranked, score);
        CREATE INDEX games_by_time ON games (game, opponent, outcome, level, duration);
    """,
}

SKIPPED = ("The history holds {count} game{s} with values Parlour cannot use; {they} left "
           "out.")


class Unusable(Exception):
    """The file cannot be used now; `bad` says whether it is no database (set it aside)."""

    def __init__(self, reason: str, bad: bool):
        super().__init__(reason)
        self.reason, self.bad = reason, bad


def _kind(error: BaseException) -> Unusable:
    """What an sqlite3 or OS error means for the file: corrupt (set aside) or only unusable
    now (locked, read-only, full disk: left alone)."""
    text = str(error).split("\n")[0][:120] or type(error).__name__
    lowered = text.lower()
    bad = any(words in lowered for words in ("not a database", "malformed", "corrupt",
                                             "no such table", "no such column",
                                             "has no column", "file is encrypted"))
    return Unusable(text, bad)


# --- the history ----------------------------------------------------------------------------------

class History:
    """The games recorded in one SQLite database (the file, or memory when the file cannot be
    used). Safe to share between threads: one lock around every use of the connection."""

    def __init__(self, connection: Any, where: str, store: DataFolder):
        self.db = connection
        self.where = where            # the file's path, or "" in memory
        self.store = store            # the data folder, and the player's message channel
        self.lock = threading.RLock()
        self.checked_to = -1          # the rows up to this id are checked (history_rows.VALID)
        self.filtered = False         # the view leaves rows out (some failed the checks)

    # --- opening ----------------------------------------------------------------------------
    @classmethod
    def open_folder(cls, store: DataFolder) -> History:
        """The history of the store's data folder; in memory (the player told why) when its
        file cannot be used."""
        try:
            target = store.path(FILE)
        except OSError:          # the folder itself: already said by the store
            return cls.in_memory(None, store)
        try:
            _regular_or_missing(target)
            history = cls(_connect(target), target, store)
            history.prepare()
            return history
        except Unusable as problem:
            return cls.fall_back(target, problem, store)
        except (OSError, _sqlite().Error) as error:
            return cls.fall_back(target, _kind(error), store)

    @classmethod
    def fall_back(cls, target: str, problem: Unusable, store: DataFolder,
                  was: History | None = None) -> History:
        """A history in memory for this session: the file's games where they can be read, none
        if it is set aside as no database."""
        kept = ""
        if problem.bad:
            if was is not None:
                was.close()
            kept = _set_aside(target)
            source = None
        else:
            source = was.db if was is not None else _read_only(target)
        history = cls.in_memory(source, store)
        if was is not None:
            was.close()
        elif source is not None:
            source.close()
        if problem.bad:
            where = f"; kept as {kept}" if kept else ""
            store.tell(f"The history of games ({FILE}) could not be read ({problem.reason})"
                       f"{where}. Games are remembered until Parlour closes.")
        else:
            store.tell(f"The history of games ({FILE}) cannot be written now ({problem.reason})."
                       " It is left as it is; this session's games are remembered until "
                       "Parlour closes.")
        return history

    @classmethod
    def in_memory(cls, source: Any, store: DataFolder) -> History:
        """A history in memory, holding a copy of `source` (a connection) when it can be read."""
        sqlite3 = _sqlite()
        connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        connection.text_factory = _text
        if source is not None:
            try:
                source.backup(connection)
                if _version(connection) > SCHEMA_VERSION:   # an older one is migrated
                    raise sqlite3.DatabaseError("a newer build's schema")
            except sqlite3.Error:
                connection.close()
                connection = sqlite3.connect(":memory:", isolation_level=None,
                                             check_same_thread=False)
                connection.text_factory = _text
        history = cls(connection, "", store)
        history.prepare()
        return history

    def prepare(self) -> None:
        """Bring the schema up to this build's, make the checked view, import the old JSON
        files once, and say how many rows are left out."""
        db = self.db
        version = _version(db)
        if version > SCHEMA_VERSION:
            raise Unusable(f"made by a newer Parlour (schema {version})", False)
        if version < SCHEMA_VERSION:
            self.migrate(version)
        # The rows every query sees: every value of every row checked once (here, and each new
        # row before the next query), the ids of those that fail kept aside.
        db.execute("CREATE TEMP TABLE IF NOT EXISTS unusable (id INTEGER PRIMARY KEY)")
        db.execute("DELETE FROM temp.unusable")
        self.make_view(filtered=False)
        self.checked_to = -1
        skipped = self.check_new_rows()
        if skipped:
            self.store.tell(SKIPPED.format(count=skipped, s="" if skipped == 1 else "s",
                                      they="it is" if skipped == 1 else "they are"))
        self.import_old_files()
        if self.in_file:    # a file that cannot be written is said now, on the launcher
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT OR REPLACE INTO meta VALUES ('opened', ?)", (utc_text(),))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def check_new_rows(self) -> int:
        """Check the rows added since the last look (another Parlour's, or another program's)
        against VALID, once each; returns how many fail (they are left out from now on)."""
        newest: object = self.db.execute("SELECT max(id) FROM games").fetchone()[0]
        if not isinstance(newest, int) or newest <= self.checked_to:
            return 0
        known = ", ".join(f"'{key}'" for key in registry.load_all() if key.isidentifier())
        cursor = self.db.execute(
            f"INSERT OR IGNORE INTO temp.unusable SELECT id FROM games WHERE id > ? AND NOT "
            f"({VALID} AND game IN ({known})) LIMIT {MOST_ROWS + 1000}", (self.checked_to,))
        self.checked_to = newest
        if cursor.rowcount > 0 and not self.filtered:
            self.make_view(filtered=True)
        return max(0, cursor.rowcount)

    def make_view(self, filtered: bool) -> None:
        """The view `valid` every query reads: the table less the unusable rows, or, while
        there are none, the table itself (no per-row look-up in every scan)."""
        self.db.execute("DROP VIEW IF EXISTS temp.valid")
        self.db.execute("CREATE TEMP VIEW valid AS SELECT * FROM games" +
                        (" WHERE id NOT IN temp.unusable" if filtered else ""))
        self.filtered = filtered

    def migrate(self, version: int) -> None:
        """Each step in its own transaction: a killed migration leaves the version it found."""
        for target in range(version + 1, SCHEMA_VERSION + 1):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if _version(self.db) < target:     # another Parlour may have done it meanwhile
                    for statement in MIGRATIONS[target].split(";"):
                        if statement.strip():
                            self.db.execute(statement)
                    self.db.execute(f"PRAGMA user_version = {target}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def import_old_files(self) -> None:
        """The best scores and records of builds before the history (scores.json, records.json)
        become rows, once; the files are then renamed beside (never deleted). In memory, the
        rows are read but the files left as they are, for the next start to import."""
        from games.core.data import importer
        db = self.db
        if db.execute("SELECT 1 FROM meta WHERE name = 'imported'").fetchone():
            if self.where:      # an import killed before the files were renamed: finish it
                importer.rename_imported(self.store, self.imported_digests())
            return
        rows = importer.old_rows(self.store, utc_text())
        digests = importer.digests(self.store)   # of the files read (a bad one is set aside now)
        db.execute("BEGIN IMMEDIATE")
        try:
            if not db.execute("SELECT 1 FROM meta WHERE name = 'imported'").fetchone():
                for row in rows:
                    try:
                        self._insert(checked(Game(**row)))
                    except Invalid:     # a value the history cannot hold: left out
                        pass
                for name, digest in digests.items():
                    db.execute("INSERT INTO meta VALUES (?, ?)", (f"imported {name}", digest))
                db.execute("INSERT INTO meta VALUES ('imported', ?)", (utc_text(),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if self.where:
            importer.rename_imported(self.store, self.imported_digests())

    def imported_digests(self) -> dict[str, str]:
        """The SHA-256 of each old file as it was imported: only that very file is renamed
        (one an older build wrote later is not Parlour's to touch)."""
        rows = self.db.execute("SELECT name, value FROM meta WHERE name LIKE 'imported %' "
                               "LIMIT 10").fetchall()
        return {name.removeprefix("imported "): value for name, value in rows}

    def close(self) -> None:
        with self.lock:
            try:
                self.db.close()
            except Exception:   # closing a broken connection: nothing more to lose
                pass

    @property
    def in_file(self) -> bool:
        return bool(self.where)

    # --- recording --------------------------------------------------------------------------
    def record(self, game: Game) -> int | None:
        """Add a finished game (checked first: Invalid for a value the history would not
        read back). Returns its rank among the best scores of its game and parameters (1 is
        best) when it enters the top schema.TOP, else None. Never fails on the file: a file that
        fails now hands over to memory, telling the player."""
        checked(game)
        with self.lock:
            try:
                return self._record(game)
            except (OSError, _sqlite().Error) as error:
                self._hand_over(error)
                return self._record(game)

    def _record(self, game: Game) -> int | None:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            new = self._insert(game)
            db.execute("DELETE FROM games WHERE id <= ?", (new - MOST_GAMES,))
            rank = self._rank(game, new) if game.ranked and game.score is not None else None
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return rank

    def _insert(self, game: Game) -> int:
        sqlite3 = _sqlite()
        names = [name for name in COLUMNS if name != "id"]
        sql = f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        values = row_values(game)
        try:
            cursor = self.db.execute(sql, values)
        except sqlite3.IntegrityError:    # that day's daily is recorded: this is a replay
            cursor = self.db.execute(sql, values[:-2] + ("", game.games))
        return int(cursor.lastrowid or 0)

    def _rank(self, game: Game, new: int) -> int | None:
        higher = not registry.lookup(game.game).lower_is_better
        better = ">=" if higher else "<="
        ahead = self.db.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM valid WHERE game = ? AND params = ? AND "
            f"ranked = 1 AND id <> ? AND score {better} ? LIMIT {schema.TOP})",
            (game.game, game.params, new, game.score)).fetchone()[0]
        return ahead + 1 if ahead < schema.TOP else None

    def _hand_over(self, error: BaseException) -> None:
        """The file failed in use: memory from now on (a copy of what it holds, unless it is
        no database any more)."""
        if not self.in_file:
            raise error
        fallen = History.fall_back(self.where, _kind(error), self.store, was=self)
        self.db, self.where = fallen.db, ""

    # --- reading ----------------------------------------------------------------------------
    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read over the checked view (the SQL must end with a LIMIT). A file that
        fails hands over to memory; the read is asked again there."""
        assert "LIMIT" in sql.upper(), "every query of the history is bounded"
        with self.lock:
            try:
                if self.check_new_rows():
                    self.store.tell(SKIPPED.format(count="a new", s="", they="it is"))
                rows: list[tuple[Any, ...]] = self.db.execute(sql, args).fetchall()
                return rows
            except (OSError, _sqlite().Error) as error:
                self._hand_over(error)
                rows = self.db.execute(sql, args).fetchall()
                return rows

    def games(self, where: str = "", args: tuple[Any, ...] = (), most: int = 20,
              skip: int = 0) -> list[Game]:
        """Whole rows, newest first, each checked: a row that fails is left out (and said)."""
        sql = (f"SELECT {', '.join(COLUMNS)} FROM valid {'WHERE ' + where if where else ''} "
               f"ORDER BY id DESC LIMIT ? OFFSET ?")
        rows = self.query(sql, (*args, max(0, min(most, MOST_ROWS)),
                                max(0, min(skip, MOST_ROWS))))
        kept = []
        for row in rows:
            try:
                kept.append(from_row(row))
            except Invalid:
                self.store.tell(SKIPPED.format(count="a", s="", they="it is"))
        return kept

    def count(self, where: str = "", args: tuple[Any, ...] = ()) -> int:
        """How many checked rows (up to MOST_ROWS) match."""
        sql = (f"SELECT count(*) FROM (SELECT 1 FROM valid {'WHERE ' + where if where else ''} "
               f"LIMIT {MOST_ROWS})")
        return int(self.query(sql, args)[0][0])

    def dailies_done(self, day: str) -> set[str]:
        """The games whose daily puzzle of `day` (YYYY-MM-DD) is recorded."""
        rows = self.query("SELECT DISTINCT game FROM valid WHERE daily = ? LIMIT 100", (day,))
        return {row[0] for row in rows}


# --- the file -------------------------------------------------------------------------------------

def _sqlite() -> Any:
    import sqlite3  # here: its library is loaded only once the history is opened
    return sqlite3


def _text(data: bytes) -> str:
    """Text read back: bytes that are not UTF-8 become lone surrogates, which the checks
    refuse (a row with them is left out, never a crash)."""
    return data.decode("utf-8", "surrogateescape")


def _connect(target: str) -> Any:
    sqlite3 = _sqlite()
    connection = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None,
                                 check_same_thread=False)
    connection.text_factory = _text
    try:
        connection.execute("PRAGMA trusted_schema = OFF")
        if connection.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise Unusable("its journal cannot be switched to WAL", False)
        connection.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        connection.close()
        raise
    return connection


def _read_only(target: str) -> Any:
    """The file opened for reading only, to copy a sound file that cannot be written; None
    if even that fails."""
    sqlite3 = _sqlite()
    try:
        _regular_or_missing(target)
        if not os.path.exists(target):
            return None
    except (OSError, Unusable):
        return None
    uri = "file:" + target.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    # mode=ro reads what the WAL holds too; immutable=1 reads a file whose folder is
    # read-only (no -shm can be made), as it was when last closed.
    for how in ("?mode=ro", "?immutable=1"):
        try:
            connection = sqlite3.connect(uri + how, uri=True, timeout=0.2,
                                         check_same_thread=False)
        except sqlite3.Error:
            continue
        try:
            connection.text_factory = _text
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.Error:
            connection.close()
    return None


def _version(connection: Any) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def _regular_or_missing(target: str) -> None:
    """Unusable (bad: set it aside) unless the file and its companions are regular files or
    missing: SQLite would hang on a FIFO and read a device for ever."""
    for path in (target, *(target + end for end in COMPANIONS)):
        if not os.path.lexists(path):
            continue
        try:
            mode = os.stat(path).st_mode
        except OSError as error:       # a dangling symlink, a loop
            raise Unusable(f"{os.path.basename(path)}: {_kind(error).reason}", True) from None
        if not stat.S_ISREG(mode):
            raise Unusable(f"{os.path.basename(path)} is not a regular file", True)


def _set_aside(target: str) -> str:
    """Move the file and its companions to history.bad-N.sqlite(-wal, -shm); '' if it could
    not be moved (it is then left where it is, never deleted)."""
    stem = target[:-len(".sqlite")]
    n = 1
    while any(os.path.lexists(f"{stem}.bad-{n}.sqlite{end}") for end in ("", *COMPANIONS)):
        n += 1
    moved = ""
    for end in ("", *COMPANIONS):
        if os.path.lexists(target + end):
            try:
                os.replace(target + end, f"{stem}.bad-{n}.sqlite{end}")
                moved = moved or os.path.basename(f"{stem}.bad-{n}.sqlite")
            except OSError:
                pass
    return moved
