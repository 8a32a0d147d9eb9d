"""The history of finished games: one SQLite file, history.sqlite, in the data folder.

One row per finished game: the game, its parameters and game ID, when it started and finished
(UTC), the outcome as the player sees it, its score (and the game's words for it), the time
played, the moves (as a save holds them), the game's record (hints, penalties, help, solved),
who the opponent was and at what level, and the daily puzzle's date. Best scores, records
against the computer and the statistics are queries over it, asked through one typed API
(history_queries.py: records.py, stats.py and the history screen compose its filters): one
source of truth, no second copy to drift, no SQL outside the history's modules. No finished
game is lost but by the trim:

- WAL journal and a busy timeout: two copies of Parlour record at once. Each game is one
  transaction, so a killed writer loses at most the game it was recording and the file always
  opens afterwards (synchronous=NORMAL: a power cut may lose the last games, never the file).
  Every unit of work (opening, the journal mode, each migration, each game, each read) waits
  for another copy within a bounded time (history_file.patiently).
- Before SQLite opens the file, its journals are looked at (journals.py): one that is not a
  plain file, or not this history's, is set aside and the file kept as it was.
- What the file holds is looked at before anything is written to it (history_file.inspect):
  the version (`PRAGMA user_version`; MIGRATIONS take an older file up, each in one
  transaction) and the schema. A newer Parlour's file is left byte for byte and read.
- At most MOST_GAMES games are kept: recording one more deletes exactly the oldest beyond the
  cap, counted (ids are never used in arithmetic), never the game just recorded. New ids run
  on from the highest that a row may hold (history_rows.MAX_ID). Every query has a LIMIT.
- What is read back is checked where it enters: every row against VALID (in SQL, in C) when
  the file is opened and again whenever another connection has changed it, however many rows;
  the rows shown against `checked` (in Python). A row that fails is left out of everything
  and the player told once.
- A file that is no history Parlour can use (corrupt, not SQLite, a folder, a FIFO, another
  program's database, a schema of another shape) is set aside whole as history.bad-N.sqlite,
  never deleted, and a new history begun with the games that could be read from it. A sound
  one that cannot be written now (locked past the timeout, read-only, a full disk) is left as
  it is: the history lives in memory, holding what could be read, and this session's games
  are written to the file as soon as it can be (tried at each game and when Parlour closes).
  Either way the player is told once.
- On first start, the best scores and records of older builds (scores.json, records.json) are
  imported once and kept beside, renamed *.imported.json (*.partly-imported.json, the player
  told which results could not be kept).

The App's Store opens the database (Store.history()), off the launcher's first frame (the
launcher warms it in a Job); sqlite3 itself is imported only then. The player hears through the
Store's message channel.
"""
from __future__ import annotations

import functools
import os
import threading
from typing import Any

from games.core.data import journals, schema
from games.core.data.history_file import (
    Unusable,
    connect,
    inspect,
    kind_of,
    memory,
    patiently,
    raw_games,
    read_only,
    regular_or_missing,
    set_aside,
    sqlite as _sqlite,
    use_wal,
    version,
)
from games.core.data.history_rows import (  # the names callers use, from here too
    COLUMNS as COLUMNS,
    MAX_ID,
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
RETRY_SECONDS = 0.25       # waiting for it at a game recorded in memory, to write the file
MOST_ROWS = MOST_GAMES     # the LIMIT of a query that may walk every row

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
INSERT = (f"INSERT INTO games ({', '.join([*COLUMNS[:-1], 'id'])}) "
          f"VALUES ({', '.join('?' * len(COLUMNS))})")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# --- the history ----------------------------------------------------------------------------------

class History:
    """The games recorded in one SQLite database (the file, or memory when the file cannot be
    used). Safe to share between threads: one lock around every use of the connection."""

    def __init__(self, connection: Any, where: str, store: DataFolder, target: str = ""):
        self.db = connection
        self.where = where            # the file's path, or "" in memory
        self.target = target or where  # the file the games belong in ("": no usable folder)
        self.store = store            # the data folder, and the player's message channel
        self.lock = threading.RLock()
        self.users: journals.Users | None = None   # the shared lock of the Parlours using it
        self.seen: int | None = None  # PRAGMA data_version when the rows were last checked
        self.filtered = False         # the view leaves rows out (some failed the checks)
        self.pending: list[Game] = []  # games recorded in memory, still to be written
        self.retry = False            # the file may take them later (it was only unwritable)

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
            return cls.open_file(target, store, BUSY_SECONDS)
        except Unusable as problem:
            return cls.fall_back(target, problem, store)

    @classmethod
    def open_file(cls, target: str, store: DataFolder, seconds: float,
                  quiet: bool = False) -> History:
        """The history in the file (Unusable if it cannot be used): its journals looked at
        while no other Parlour has it open, then what it holds, then brought up to date."""
        users = journals.Users(os.path.dirname(target))
        try:
            alone = users.enter(seconds)
            journals.tidy(target, alone, store.tell, MOST_GAMES)
            users.share(seconds)
            regular_or_missing(target)
            db = patiently(lambda: _connect(target), seconds)
        except Unusable:
            users.leave()
            raise
        except (OSError, _sqlite().Error) as error:
            users.leave()
            raise kind_of(error) from None
        history = cls(db, target, store)
        history.users = users
        try:
            found = patiently(lambda: inspect(db, MIGRATIONS), seconds)
            history.migrate(found, seconds)    # in the file's own journal: a failed step
            patiently(lambda: use_wal(db), seconds)   # leaves it byte for byte
            skipped = patiently(lambda: history.prepare(SCHEMA_VERSION, seconds), seconds)
        except BaseException as error:
            history.close()
            if isinstance(error, (OSError, _sqlite().Error)):
                raise kind_of(error) from None
            raise
        if skipped and not quiet:
            store.tell(SKIPPED.format(count=skipped, s="" if skipped == 1 else "s",
                                      they="it is" if skipped == 1 else "they are"))
        return history

    @classmethod
    def fall_back(cls, target: str, problem: Unusable, store: DataFolder,
                  was: History | None = None) -> History:
        """The file cannot be used: no history Parlour can use is set aside and a new one
        begun; any other is left as it is and the games it holds read into memory."""
        if problem.bad:
            if was is not None:
                was.close()
            return cls.begin_anew(target, problem, store)
        source = was.db if was is not None else read_only(target)
        history = cls.in_memory(source, store, target)
        if was is not None:
            was.close()
        elif source is not None:
            source.close()
        history.retry = problem.kind == "later"
        if problem.kind == "newer":
            store.tell(f"The history of games ({FILE}) was {problem.reason}. It is left as it "
                       "is and read; this session's games are remembered until Parlour closes.")
        else:
            store.tell(f"The history of games ({FILE}) cannot be written now ({problem.reason})."
                       " It is left as it is; this session's games are kept, and written to it "
                       "as soon as it can be.")
        return history

    @classmethod
    def begin_anew(cls, target: str, problem: Unusable, store: DataFolder) -> History:
        """Set the file aside whole (while no other Parlour has it open) and begin a new one
        holding the games that could be read from it."""
        users = journals.Users(os.path.dirname(target))
        kept, why = "", "another Parlour has it open"
        try:
            if users.enter(BUSY_SECONDS):
                kept, why = set_aside(target), "it cannot be moved"
        except Unusable:
            pass
        users.leave()
        source = read_only(os.path.join(os.path.dirname(target), kept), ("immutable=1",)) \
            if kept else read_only(target)
        try:
            fresh = cls.open_file(target, store, BUSY_SECONDS) if kept else None
        except Unusable:
            fresh = None
        if fresh is None:
            fresh = cls.in_memory(source, store, target, quiet=True)
            fresh.retry = True          # its games are written once a file can be
            copied = int(fresh.query("SELECT count(*) FROM valid LIMIT 1")[0][0])
        else:
            copied = fresh.copy_games(source)[0] if source is not None else 0
        if source is not None:
            source.close()
        read = f"the {plural(copied, 'game')} that could be read from it" if copied else ""
        if fresh.in_file:
            after = f"{read} {'is' if copied == 1 else 'are'} in a new history" if read else \
                "a new history begins"
        else:
            after = (f"{read} and " if read else "") + "this session's games are kept, and " \
                "written to a new history as soon as one can be made"
        where = f"kept as {kept}" if kept else f"left where it is ({why})"
        store.tell(f"The history of games ({FILE}) could not be read ({problem.reason}); it "
                   f"is {where}, and {after}.")
        return fresh

    @classmethod
    def in_memory(cls, source: Any, store: DataFolder, target: str = "",
                  quiet: bool = False) -> History:
        """A history in memory holding the games of `source` (a connection) that can be read:
        a sound history of Parlour's copied whole, any other row by row."""
        sqlite3 = _sqlite()
        history = cls(memory(), "", store, target)
        whole = False
        if source is not None:
            try:
                inspect(source, MIGRATIONS)    # no newer Parlour's, no other schema
                source.backup(history.db)
                history.prepare(version(history.db), 0)
                whole = True
            except (Unusable, sqlite3.Error):
                history.db.close()
                history.db = memory()
        if not whole:
            history.prepare(0, 0)
        skipped = history.check_rows()
        if source is not None and not whole:
            skipped += history.copy_games(source)[1]
        if skipped and not quiet:
            store.tell(SKIPPED.format(count=skipped, s="" if skipped == 1 else "s",
                                      they="it is" if skipped == 1 else "they are"))
        return history

    def prepare(self, found: int, seconds: float) -> int:
        """Bring the schema up from version `found` to this build's, make the checked view,
        import the old JSON files once; returns how many rows are left out."""
        db = self.db
        if found < SCHEMA_VERSION:
            self.migrate(found, seconds)
        # The rows every query sees: every value of every row checked (here, and again when
        # another connection changes the file), the ids of those that fail kept aside.
        for name in ("unusable", "unusable_now"):
            db.execute(f"CREATE TEMP TABLE IF NOT EXISTS {name} (id INTEGER PRIMARY KEY)")
            db.execute(f"DELETE FROM temp.{name}")
        self.make_view(filtered=False)
        self.seen = None
        skipped = self.check_rows()
        self.import_old_files()
        if self.in_file:    # a file that cannot be written is said now, on the launcher
            self.write(lambda: db.execute("INSERT OR REPLACE INTO meta VALUES ('opened', ?)",
                                          (utc_text(),)))
        return skipped

    def write(self, work: Any) -> Any:
        """work() in one write transaction."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work()
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return result

    def check_rows(self) -> int:
        """Check every row against VALID when the database has changed since the last look
        (another Parlour's rows, or another program's anywhere in the file); returns how many
        more rows are left out than before (they are left out from now on)."""
        db = self.db
        changed = db.execute("PRAGMA data_version").fetchone()[0]
        if changed == self.seen:
            return 0
        known = ", ".join(f"'{key}'" for key in registry.keys() if key.isidentifier())
        db.execute("DELETE FROM temp.unusable_now")
        db.execute(f"INSERT INTO temp.unusable_now SELECT id FROM games WHERE "
                   f"coalesce(({VALID} AND game IN ({known})), 0) = 0")
        new = db.execute("SELECT count(*) FROM temp.unusable_now WHERE id NOT IN "
                         "temp.unusable").fetchone()[0]
        db.execute("DELETE FROM temp.unusable")
        db.execute("INSERT INTO temp.unusable SELECT id FROM temp.unusable_now")
        self.seen = changed
        filtered = db.execute("SELECT 1 FROM temp.unusable LIMIT 1").fetchone() is not None
        if filtered != self.filtered:
            self.make_view(filtered)
        return int(new)

    def make_view(self, filtered: bool) -> None:
        """The view `valid` every query reads: the table less the unusable rows, or, while
        there are none, the table itself (no per-row look-up in every scan)."""
        self.db.execute("DROP VIEW IF EXISTS temp.valid")
        self.db.execute("CREATE TEMP VIEW valid AS SELECT * FROM games" +
                        (" WHERE id NOT IN temp.unusable" if filtered else ""))
        self.filtered = filtered

    def migrate(self, found: int, seconds: float) -> None:
        """Each step in its own transaction: a killed migration leaves the version it found.
        A step that fails but for the lock or the disk: the file is no history Parlour can
        bring up to date (Unusable 'aside')."""
        for target in range(found + 1, SCHEMA_VERSION + 1):
            try:
                patiently(functools.partial(self._step, target), seconds)
            except _sqlite().Error as error:
                problem = kind_of(error)
                if problem.bad:
                    problem.reason = f"its schema could not be brought up to date: " \
                                     f"{problem.reason}"
                raise problem from None

    def _step(self, target: int) -> None:
        def work() -> None:
            if version(self.db) < target:     # another Parlour may have done it meanwhile
                for statement in MIGRATIONS[target].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {target}")
        self.write(work)

    def copy_games(self, source: Any) -> tuple[int, int]:
        """The games of another database (a newer Parlour's, one set aside) that pass the
        checks, into this history, ids kept; returns (copied, left out)."""
        kept, left = [], 0
        for row in raw_games(source, 2 * MOST_GAMES):
            try:
                game = from_row(row)
                if game.id < 1:
                    raise Invalid("id: not one Parlour writes")
                kept.append(game)
            except Invalid:
                left += 1
        kept = sorted(kept, key=lambda game: game.id)[-MOST_GAMES:]
        copied = patiently(lambda: self.write(
            lambda: sum(1 for game in kept if self.insert(game, keep=True))), BUSY_SECONDS)
        self.seen = None
        return copied, left + len(kept) - copied

    def import_old_files(self) -> None:
        """The best scores and records of builds before the history, once (importer.py)."""
        from games.core.data import importer
        importer.import_once(self)

    def close(self) -> None:
        """Close the file, having written this session's games to it if it can be now."""
        with self.lock:
            if self.pending and self.retry:
                self.try_again(BUSY_SECONDS)
            try:
                self.db.close()
            except Exception:   # closing a broken connection: nothing more to lose
                pass
            if self.users is not None:
                self.users.leave()
                self.users = None

    @property
    def in_file(self) -> bool:
        return bool(self.where)

    # --- recording --------------------------------------------------------------------------
    def record(self, game: Game) -> int | None:
        """Add a finished game (checked first: Invalid for a value the history would not
        read back). Returns its rank among the best scores of its game and parameters (1 is
        best) when it enters the top schema.TOP, else None. Never fails on the file: a file that
        fails now hands over to memory, telling the player, and the game is written to it as
        soon as it can be."""
        checked(game)
        with self.lock:
            if self.in_file:
                try:
                    return patiently(lambda: self._record(game), BUSY_SECONDS)
                except (OSError, _sqlite().Error) as error:
                    self._hand_over(error)
                if self.in_file:         # a new file, the one that failed set aside
                    return patiently(lambda: self._record(game), BUSY_SECONDS)
            rank = self._record(game)
            if self.target:
                self.pending.append(game)
                self.try_again(RETRY_SECONDS)
            return rank

    def _record(self, game: Game) -> int | None:
        def work() -> int | None:
            if self.check_rows():
                self.store.tell(SKIPPED.format(count="a new", s="", they="it is"))
            new, span = self._next_id()
            self.insert(game, new)
            if span >= MOST_GAMES:          # else fewer ids than the cap: nothing to trim
                self._trim(new)
            return self._rank(game, new) if game.ranked and game.score is not None else None
        rank: int | None = self.write(work)
        return rank

    def insert(self, game: Game, new: int = 0, keep: bool = False) -> int:
        """The row, with the id `new` (the next one if 0; its own, `keep`: 0 if that id is
        taken); a daily puzzle of a day already recorded is an ordinary game (a replay)."""
        sqlite3 = _sqlite()
        new = game.id if keep else new or self._next_id()[0]
        values = (*row_values(game), new)
        try:
            self.db.execute(INSERT, values)
        except sqlite3.IntegrityError:
            if keep and self.db.execute("SELECT 1 FROM games WHERE id = ?", (new,)).fetchone():
                return 0
            self.db.execute(INSERT, (*values[:-3], "", game.games, new))
        return int(new)

    def _next_id(self) -> tuple[int, int]:
        """(One past the highest id a row may hold, how many ids lie between the lowest and
        it): a row of another program's outside 1..MAX_ID is not counted (it is left out).
        With MAX_ID taken too, the highest free id below."""
        low, top = self.db.execute(
            f"SELECT (SELECT id FROM games WHERE id >= 1 ORDER BY id LIMIT 1), (SELECT id "
            f"FROM games WHERE id <= {MAX_ID} ORDER BY id DESC LIMIT 1)").fetchone()
        new = max(top, 0) + 1 if top is not None else 1
        if new > MAX_ID:
            free = self.db.execute(f"SELECT id - 1 FROM games WHERE id BETWEEN 2 AND {MAX_ID} "
                                   "AND id - 1 NOT IN (SELECT id FROM games) ORDER BY id DESC "
                                   "LIMIT 1").fetchone()
            if free is None:
                raise _sqlite().IntegrityError("no id is left")
            new = free[0]
        return int(new), 0 if low is None else max(new, top) - low

    def _trim(self, new: int) -> None:
        """Delete exactly the oldest games beyond MOST_GAMES, counted among the rows that pass
        the checks (a row left out is no game, and stays), never the game just recorded."""
        cut = self.db.execute(f"SELECT id FROM valid ORDER BY id DESC LIMIT 1 "
                              f"OFFSET {MOST_GAMES}").fetchone()
        if cut is not None:
            self.db.execute("DELETE FROM games WHERE id BETWEEN 1 AND ? AND id <> ? AND id "
                            "NOT IN temp.unusable", (cut[0], new))

    def _rank(self, game: Game, new: int) -> int | None:
        higher = not registry.lookup(game.game).lower_is_better
        better = ">=" if higher else "<="
        ahead = self.db.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM valid WHERE game = ? AND params = ? AND "
            f"ranked = 1 AND id <> ? AND score {better} ? LIMIT {schema.TOP})",
            (game.game, game.params, new, game.score)).fetchone()[0]
        return ahead + 1 if ahead < schema.TOP else None

    def _hand_over(self, error: BaseException) -> None:
        """The file failed in use: no history any more (set aside, a new one begun), or
        unwritable now (memory, holding a copy of what it holds)."""
        if not self.in_file:
            raise error
        self._become(History.fall_back(self.where, kind_of(error), self.store, was=self))

    def try_again(self, seconds: float) -> None:
        """The games recorded in memory written to the file, if it can be opened and written
        within `seconds`; from then on the history is the file's."""
        if self.in_file or not self.retry or not self.pending or not self.target:
            return
        try:
            fresh = History.open_file(self.target, self.store, seconds, quiet=True)
        except Unusable:
            return
        written = 0
        try:
            while self.pending:
                patiently(lambda: fresh._record(self.pending[0]), seconds)
                self.pending.pop(0)
                written += 1
        except (OSError, _sqlite().Error):
            fresh.close()
            return
        self._become(fresh)
        self.store.tell(f"The history of games ({FILE}) can be written again: this session's "
                        f"{plural(written, 'game')} {'is' if written == 1 else 'are'} in it now.")

    def _become(self, other: History) -> None:
        """Take over another History's database (the file, or memory)."""
        old, users = self.db, self.users
        for name in ("db", "where", "target", "users", "seen", "filtered", "retry"):
            setattr(self, name, getattr(other, name))
        if old is not self.db:
            try:
                old.close()
            except Exception:
                pass
        if users is not None and users is not self.users:
            users.leave()

    # --- reading ----------------------------------------------------------------------------
    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read over the checked view (the SQL must end with a LIMIT), in one read
        transaction with the check of what changed. A file that fails hands over to memory;
        the read is asked again there."""
        assert "LIMIT" in sql.upper(), "every query of the history is bounded"
        with self.lock:
            try:
                return patiently(lambda: self._read(sql, args), BUSY_SECONDS)
            except (OSError, _sqlite().Error) as error:
                self._hand_over(error)
                return patiently(lambda: self._read(sql, args), BUSY_SECONDS)

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        db = self.db
        db.execute("BEGIN")
        try:
            new = self.check_rows()
            rows: list[tuple[Any, ...]] = db.execute(sql, args).fetchall()
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        if new:
            self.store.tell(SKIPPED.format(count="a new", s="", they="it is"))
        return rows


def _connect(target: str) -> Any:
    """The file's connection (a name of its own: tests wrap it to make a step fail)."""
    return connect(target, BUSY_SECONDS)
