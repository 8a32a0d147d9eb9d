"""Settings and saved games: JSON files in the user data folder, written atomically; and the
history of finished games (history.py: best scores and records are queries over it), which the
Store opens for the App.

The App owns one Store, made with the App's message channel (`tell`). Every file is checked
against its schema (games/core/data/schema.py; saves: games/core/kit/saves.py) where it is
read. A file that cannot be used (not a regular file, too large, not JSON, hostile values) is
moved aside to NAME.bad-N.json and the player is told through the channel; defaults are used
and other files are never touched. Writes are made under an OS file lock, so two running
copies never interleave them.

The lock is written here rather than taken from the filelock package: it makes the same two
calls (flock on Unix, msvcrt.locking on Windows), so it behaves the same on NFS (Linux maps
flock onto NFS byte-range locks) and on Windows, in some fifty lines that are reentrant for
the nested read-modify-write of a result and report through the player's message channel.
"""
from __future__ import annotations

import json
import os
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from games.core.data import schema
from games.core.kit.checks import Check, Invalid, check

if TYPE_CHECKING:
    from games.core.data.history import History
    from games.core.kit.saves import Save

MAX_FILE_BYTES = 2 * 1024 * 1024   # larger files are not ours: set aside unread
MAX_PATH = 1024                    # a longer PARLOUR_DATA_DIR is refused
LOCK_SECONDS = 5.0                 # waiting for another Parlour to finish writing


class StoreError(OSError):
    """The data folder cannot be used for this; the message says why, for the player."""



Tell = Callable[[str], None]


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error).split("\n")[0]
    return text[:120] or type(error).__name__


def read_bytes(file_path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, at most `limit`: opened without blocking (a FIFO never hangs)
    and checked with fstat (a device such as /dev/zero is refused, whatever its size says)."""
    handle = os.open(file_path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) |
                     getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise ValueError("not a regular file")
        chunks, size = [], 0
        while True:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ValueError("the file is far too large")
        return b"".join(chunks)
    finally:
        os.close(handle)


def save_name(key: str) -> str:
    return os.path.join("saves", f"{key}.json")


# --- locking: one writer at a time, across processes ----------------------------------------

def _acquire(lock_path: str) -> int:
    # Never through a symbolic link: the lock file is ours alone.
    handle = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    deadline = time.monotonic() + LOCK_SECONDS
    while True:
        try:
            _try_lock(handle)
            return handle
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(handle)
                raise StoreError("Another Parlour kept the data folder busy for "
                                 f"{LOCK_SECONDS:g} seconds; this was not saved.") from None
            time.sleep(0.005)
        except OSError:
            os.close(handle)
            raise


try:
    import fcntl

    def _try_lock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
except ImportError:   # Windows
    import msvcrt

    def _try_lock(handle: int) -> None:
        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined] # Windows
        except OSError as error:
            raise BlockingIOError(str(error)) from None


class Store:
    """The player's files in the data folder (PARLOUR_DATA_DIR, or the platform's), read and
    written safely; what the player must hear goes to `tell`, the App's message channel."""

    def __init__(self, tell: Tell):
        self.tell = tell
        self._local_lock = threading.RLock()
        self._depth = 0
        self._lock_handle: int | None = None
        self._history: History | None = None
        self._history_for: str | None = None
        self._history_lock = threading.Lock()

    # --- the folder -------------------------------------------------------------------------
    def data_dir(self) -> str:
        """PARLOUR_DATA_DIR wins (tests, portable installs); otherwise the platform's folder.
        StoreError (with a message for the player) when it cannot be made or is not a folder."""
        folder = os.environ.get("PARLOUR_DATA_DIR", "")
        if not folder:
            import platformdirs  # only here: it is not needed on the way to the first frame
            folder = platformdirs.user_data_dir("Parlour", appauthor=False)
        shown = folder if len(folder) < 80 else folder[:77] + "..."
        if "\x00" in folder or len(folder) > MAX_PATH:
            raise self._unusable(shown, "not a usable path")
        try:
            os.makedirs(folder, exist_ok=True)
            if not os.path.isdir(folder):
                raise NotADirectoryError("not a folder")
        except (OSError, ValueError) as error:
            raise self._unusable(shown, _reason(error)) from None
        return folder

    def _unusable(self, shown: str, reason: str) -> StoreError:
        error = StoreError(f"The data folder {shown} cannot be used ({reason}); nothing will "
                           "be kept this time.")
        self.tell(str(error))
        return error

    def path(self, name: str) -> str:
        return os.path.join(self.data_dir(), name)

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the data folder's lock (reentrant in this Store) around a read-modify-write."""
        with self._local_lock:
            if self._depth == 0:
                folder = self.data_dir()
                try:
                    self._lock_handle = _acquire(os.path.join(folder, ".lock"))
                except StoreError:
                    raise
                except OSError as error:   # a read-only folder, a .lock that is a folder...
                    raise StoreError(f"The data folder {folder[:80]} cannot be written "
                                     f"({_reason(error)}).") from None
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._lock_handle is not None:
                    handle, self._lock_handle = self._lock_handle, None
                    os.close(handle)   # closing releases the OS lock

    # --- reading and writing ----------------------------------------------------------------
    def write_json(self, name: str, data: Any) -> None:
        """Write atomically: a temporary file in the same folder, flushed, then os.replace;
        under the lock, so start-up can tell an abandoned temporary file from one being
        written."""
        import tempfile  # here, not at the top: nothing is written on the way to the first frame
        text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
        if len(text.encode("utf-8")) > MAX_FILE_BYTES:
            raise StoreError(f"{name} would be larger than Parlour reads back; not written.")
        with self.locked():
            target = self.path(name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".tmp-",
                                                 suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(temporary, target)
            except BaseException:
                if os.path.exists(temporary):
                    os.remove(temporary)
                raise

    def clean_temporary_files(self) -> None:
        """Remove temporary files a killed writer left behind (at start; none is being written
        while the lock is held)."""
        try:
            with self.locked():
                folder = self.data_dir()
                for sub in (folder, os.path.join(folder, "saves")):
                    for entry in os.scandir(sub) if os.path.isdir(sub) else ():
                        if entry.name.startswith(".tmp-") and \
                                entry.is_file(follow_symlinks=False):
                            os.remove(entry.path)
        except OSError:
            pass   # a folder that cannot be used was already reported; a file in use stays

    def set_aside(self, name: str) -> str:
        """Move a bad file out of the way, keeping it for the curious; returns the new name."""
        source = self.path(name)
        stem = source[:-5] if source.endswith(".json") else source
        n = 1
        while os.path.lexists(f"{stem}.bad-{n}.json"):
            n += 1
        os.replace(source, f"{stem}.bad-{n}.json")
        return os.path.basename(f"{stem}.bad-{n}.json")

    def read_json(self, name: str,
                  check: Callable[[Any], Any] | None = None) -> tuple[Any, str | None]:
        """-> (data or None, message or None). None data means missing or set aside.

        `check(data)` may return a cleaned value or raise ValueError/TypeError/KeyError to
        reject. A rejected file is set aside and the player told (the message is also
        returned).
        """
        try:
            source = self.path(name)
        except StoreError as error:
            return None, str(error)
        if not os.path.lexists(source):
            return None, None
        try:
            data = json.loads(read_bytes(source).decode("utf-8"))
            return (check(data) if check else data), None
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError,
                RecursionError, IndexError) as error:
            return None, self._reject(name, error)

    def file_bytes(self, name: str) -> bytes:
        """A regular file's bytes, with the cap (read_bytes)."""
        return read_bytes(self.path(name))

    def _reject(self, name: str, error: BaseException) -> str:
        reason = _reason(error)
        try:
            moved = self.set_aside(name)
        except OSError:
            message = f"{name} could not be read ({reason}); using defaults."
        else:
            message = f"{name} could not be read ({reason}); kept as {moved}, using defaults."
        self.tell(message)
        return message

    # --- settings ---------------------------------------------------------------------------
    def load_settings(self) -> tuple[dict[str, Any], str | None]:
        """-> (settings dict, message or None). A value the schema refuses is dropped and its
        default used; the file as it was is kept aside and the good values written back."""
        problems: list[str] = []
        data, message = self.read_json(
            "settings.json", lambda data: check(schema.SETTINGS, data, problems))
        settings = data if data is not None else check(schema.SETTINGS, {})
        if problems:
            try:
                moved = self.set_aside("settings.json")
                self.save_settings(settings)
            except OSError:
                moved = None
            kept = f"; the file as it was is kept as {moved}" if moved else ""
            message = (f"settings.json had values Parlour cannot use ({problems[0]}); "
                       f"defaults used for those{kept}.")
            self.tell(message)
        return settings, message

    def save_settings(self, settings: dict[str, Any]) -> None:
        self.write_json("settings.json", _checked(schema.SETTINGS, settings, "settings"))

    # --- saved games ------------------------------------------------------------------------
    def save_game(self, key: str, data: Save) -> None:
        from games.core.kit import saves  # off the first frame's path, as results.py under it
        self.write_json(save_name(key), _checked(saves.save_schema(key), data, "game"))

    def load_game(self, key: str, rebuild: Callable[[Any], Any]) -> tuple[Any, str | None]:
        """-> (what rebuild made or None, message or None). `rebuild(data)` raises on a bad
        save."""
        return self.read_json(save_name(key), rebuild)

    def delete_game(self, key: str) -> str | None:
        """Remove a finished game's save. Never raises: a save that cannot be removed
        (read-only folder, `saves` not a folder) is reported to the player and returned."""
        try:
            os.remove(self.path(save_name(key)))
        except FileNotFoundError:
            return None
        except OSError as error:
            message = f"The old save of this game could not be removed ({_reason(error)})."
            self.tell(message)
            return message
        return None

    def has_save(self, key: str) -> bool:
        try:
            return os.path.lexists(self.path(save_name(key)))
        except OSError:
            return False

    def saved_daily(self, key: str) -> str:
        """The day (YYYY-MM-DD) of the daily puzzle the game's save holds, or '': a glance at
        its play options, which sets nothing aside (resuming reads the save whole)."""
        from games.core.kit.daily import date_text  # off the first frame's path
        try:
            data = json.loads(read_bytes(self.path(save_name(key))).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            return ""
        play = data.get("play") if isinstance(data, dict) else None
        return date_text(play.get("daily")) if isinstance(play, dict) else ""

    # --- the history of finished games (history.py) ---------------------------------------
    def history(self) -> History:
        """The history of finished games in this data folder, opened on first use (off the
        launcher's first frame: the launcher warms it in a Job). PARLOUR_DATA_DIR changing, as
        between tests, opens the new folder's."""
        from games.core.data.history import History  # sqlite3 is loaded only from here
        folder = os.environ.get("PARLOUR_DATA_DIR", "")
        with self._history_lock:
            if self._history is None or self._history_for != folder:
                self._close_history()
                self._history, self._history_for = History.open_folder(self), folder
            return self._history

    def history_is_open(self) -> bool:
        """Whether history() would answer at once (the launcher asks before its badges)."""
        return self._history is not None and not self._history_lock.locked() and \
            self._history_for == os.environ.get("PARLOUR_DATA_DIR", "")

    def forget_history(self) -> None:
        """Close the history (at quit; tests, between data folders)."""
        with self._history_lock:
            self._close_history()

    def _close_history(self) -> None:
        if self._history is not None:
            self._history.close()
        self._history = self._history_for = None


def _checked(kind: Check, data: Any, what: str) -> Any:
    """Writers use the readers' schema: Parlour never writes what it would not read back."""
    try:
        return check(kind, data)
    except Invalid as error:
        raise StoreError(f"The {what} were not saved: {error}") from None
