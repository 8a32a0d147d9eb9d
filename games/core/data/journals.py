"""The journals beside the history (history.sqlite-wal, -shm, -journal), and who else has it open.

SQLite applies what it finds beside a database as it opens it: a WAL's frames are read as the
newest pages (and later written into the file), a hot rollback journal is written back over
the file at once. One that is not this history's (a history restored from a backup beside
the -wal of a run that crashed, say) would replace the player's games; one that is not a plain
file (a folder, a FIFO, a link) would stop the history opening at all. So, before SQLite opens
the file (`tidy`):

- a journal that is not a plain file, or holds bytes that are no journal (SQLite would
  ignore them, then delete them), is set aside as history.stray-N.sqlite-wal (-shm,
  -journal): moved, never followed, never deleted;
- when no other Parlour has the history open (`Users`), a journal SQLite would apply is
  tried first: the file as it would be with it applied (read by SQLite itself, the file
  read-only, or a copy of file and journals in a temporary folder) must be a sound database
  that keeps every game of the file as it is, save the oldest when it holds as many as the
  history keeps (the trim). A journal that fails is set aside, the file left as it was, and
  the player told.

While a Parlour has the history open, its journals are its own: they are left alone.
"""
from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable
from typing import Any

from games.core.data.history_file import Unusable, aside_name, sqlite

try:
    import fcntl
except ImportError:    # Windows
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".history.lock"
JOURNALS = ("-journal", "-wal", "-shm")
WAL_HEADER = 32
WAL_MAGIC = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
CHECK_SECONDS = 60.0     # a file and journal that take longer to read: the journal set aside


class Users:
    """Who has the history open: every Parlour with it open holds a shared lock (flock) on
    .history.lock beside it, and one that gets the exclusive lock is alone with it, to look at
    its journals before anyone opens it. Where there are no shared locks (Windows, whose
    SQLite holds its journals open so that they cannot be moved), every Parlour is alone."""

    def __init__(self, folder: str):
        self.path = os.path.join(folder, LOCK_FILE)
        self.file: Any = None

    def enter(self, seconds: float) -> bool:
        """Whether this Parlour is alone with the history (it then holds the exclusive lock
        until share()); Unusable 'later' if another is still looking after `seconds`."""
        if fcntl is None:
            return True
        if os.path.lexists(self.path) and not plain(self.path):   # not ours: moved aside
            n = 1
            while os.path.lexists(f"{self.path}.bad-{n}"):
                n += 1
            try:
                os.replace(self.path, f"{self.path}.bad-{n}")
            except OSError:
                pass
        try:
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) |
                             getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError:       # a read-only folder: no one can move a journal there either
            return False
        self.file = os.fdopen(handle, "rb", buffering=0)    # closed with it, even if dropped
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            self.leave()
            return False
        if self._lock(fcntl.LOCK_EX, 0):
            return True
        self._wait(fcntl.LOCK_SH, seconds)
        return False

    def share(self, seconds: float) -> None:
        """From the exclusive lock to a shared one (others may now open the history)."""
        if self.file is not None:
            self._wait(fcntl.LOCK_SH, seconds)

    def alone(self) -> bool:
        """Whether this Parlour is (still) the only one with the history open; it then holds
        the exclusive lock until share()."""
        return fcntl is None or (self.file is not None and self._lock(fcntl.LOCK_EX, 0))

    def leave(self) -> None:
        if self.file is not None:
            self.file.close()            # closing releases the lock
            self.file = None

    def _wait(self, how: int, seconds: float) -> None:
        if not self._lock(how, seconds):
            self.leave()
            raise Unusable("another Parlour was still opening it", "later")

    def _lock(self, how: int, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while True:
            try:
                fcntl.flock(self.file.fileno(), how | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.01)
            except OSError:          # a lock file the system cannot lock: as if alone
                return how == fcntl.LOCK_EX


def plain(path: str) -> bool:
    """A regular file, not a link (SQLite would follow it and write where it points)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def tidy(target: str, alone: bool, tell: Callable[[str], None], most: int) -> None:
    """Before SQLite opens `target`: its journals that are not plain files set aside and, when
    this Parlour is `alone`, the ones SQLite would apply tried (above). Unusable 'later' when
    one must be moved and cannot be (or another Parlour has the history open)."""
    real = os.path.realpath(target)     # SQLite keeps the journals beside the file a link names
    strays = [end for end in JOURNALS if os.path.lexists(real + end) and not plain(real + end)]
    if strays and not alone:
        raise Unusable(f"{os.path.basename(target)}{strays[0]} is not a plain file", "later")
    if strays:
        set_aside(real, strays, "is not a plain file", tell)
    if not alone:
        return
    found = {end: journal_kind(real + end) for end in ("-journal", "-wal")}
    foreign = [end for end, kind in found.items() if kind == "foreign"]
    if foreign:
        set_aside(real, [*foreign, "-shm"] if "-wal" in foreign else foreign,
                  "is no journal SQLite writes", tell)
    hot = [end for end, kind in found.items() if kind == "hot"]
    if hot and not os.path.lexists(real):
        hot = []            # no file: SQLite removes them (there is nothing to apply them to)
    if hot and not keeps_games(real, hot, most):
        set_aside(real, [*hot, "-shm"] if "-wal" in hot else hot,
                  "was not the history's own and would have changed its games", tell)


def journal_kind(path: str) -> str:
    """'hot' for a journal SQLite would apply (a WAL with a frame after its header, a rollback
    journal whose first byte is not zero), 'foreign' for bytes that are no journal at all
    (SQLite would ignore them, then delete them), '' for none or an empty one."""
    try:
        with open(path, "rb") as journal:
            head = journal.read(WAL_HEADER + 1)
    except OSError:
        return ""
    if path.endswith("-wal"):
        if not head:
            return ""
        if head[:4] not in WAL_MAGIC:
            return "foreign"
        return "hot" if len(head) > WAL_HEADER else ""
    if not head or head[0] == 0:
        return ""              # not hot: SQLite reads no page of it
    return "hot" if head.startswith(JOURNAL_MAGIC) else "foreign"


def set_aside(real: str, ends: list[str], why: str, tell: Callable[[str], None]) -> None:
    """Move these journals to history.stray-N.sqlite-END (one N for them all) and say so."""
    name, _ = aside_name(real, "stray")
    moved = []
    for end in ends:
        if os.path.lexists(real + end):
            try:
                os.replace(real + end, name + end)
            except OSError as error:
                raise Unusable(f"{os.path.basename(real)}{end} {why}, and could not be moved "
                               f"({error.strerror or error})", "later") from None
            moved.append((os.path.basename(real + end), os.path.basename(name + end)))
    if moved:
        shown = moved[0][0] if len(moved) == 1 else f"{moved[0][0]} and its companions"
        tell(f"A journal beside the history of games ({shown}) {why}; the history is kept as "
             f"it was, the journal as {moved[0][1]}.")


def keeps_games(real: str, hot: list[str], most: int) -> bool:
    """Whether the file with its journals applied keeps the file's games (above). The file
    alone is read with immutable=1 (SQLite then reads no journal); with them, read-only (a
    WAL) or from a copy of the three (a rollback journal, which SQLite writes back as it
    opens)."""
    sqlite3 = sqlite()
    before = after = scratch = None
    try:
        if "-journal" in hot:
            scratch = tempfile.TemporaryDirectory(prefix="parlour-journal-")
            copy = os.path.join(scratch.name, "history.sqlite")
            for end in ("", *hot):
                shutil.copyfile(real + end, copy + end)
            after = sqlite3.connect(copy, timeout=0)
        else:
            after = sqlite3.connect(uri(real, "mode=ro"), uri=True, timeout=0)
        before = sqlite3.connect(uri(real, "immutable=1"), uri=True, timeout=0)
        return keeps(before, after, most)
    except (OSError, sqlite3.Error):
        return False        # it could not be tried: the file is kept as it is
    finally:
        for connection in (before, after):
            if connection is not None:
                connection.close()
        if scratch is not None:
            scratch.cleanup()


def uri(path: str, how: str) -> str:
    return "file:" + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23") + "?" + how


def keeps(before: Any, after: Any, most: int) -> bool:
    """The test itself: `after` (the file with its journals) is sound and holds each game of
    `before` (the file alone) as it was, save the oldest when it holds as many as the history
    keeps. (A rollback journal's unfinished transaction may have written a game the file holds
    and the journal would take back: that game is kept with the file.)"""
    sqlite3 = sqlite()
    deadline = time.monotonic() + CHECK_SECONDS
    for connection in (before, after):
        connection.text_factory = bytes
        connection.execute("PRAGMA trusted_schema = OFF")
        connection.set_progress_handler(lambda: time.monotonic() > deadline, 100_000)
    try:
        if after.execute("PRAGMA quick_check(1)").fetchone()[0] != b"ok":
            return False
        now = games(after, most)
    except sqlite3.Error:
        return False
    try:
        was = games(before, most)
    except sqlite3.Error:
        return True          # the file alone cannot be read: the journal is what mends it
    trimmed = len(now) >= most
    return all(now[key] == row if key in now else trimmed for key, row in was.items())


def games(connection: Any, most: int) -> dict[int, tuple[Any, ...]]:
    """id -> (game, finished, outcome, score) of the newest rows ({} without a games table
    that has them: no game of Parlour's to lose)."""
    table = connection.execute("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND "
                               "name = 'games' LIMIT 1").fetchone()
    columns = {row[1] for row in connection.execute("PRAGMA main.table_info(games)")}
    if not table or not {b"game", b"finished", b"outcome", b"score"} <= columns:
        return {}
    rows = connection.execute(f"SELECT rowid, game, finished, outcome, score FROM games ORDER "
                              f"BY rowid DESC LIMIT {int(most) * 2}").fetchall()
    return {row[0]: row[1:] for row in rows}
