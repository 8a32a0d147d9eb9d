"""Settings and saved games: JSON files in the user data folder, written atomically. (Finished
games, best scores and records are in the history, history.py.)

Every file is checked against its schema (games/core/data/schema.py) where it is read. A file that
cannot be used (not a regular file, too large, not JSON, hostile values) is moved aside to
NAME.bad-N.json and the player is told once (`notices`, shown by the App); defaults are used
and other files are never touched. Writes are made under an OS file lock, so two running copies
never interleave them.
"""
from __future__ import annotations

import json
import os
import stat
import threading
import time
from collections import deque
from contextlib import contextmanager

from games.core.data import schema

MAX_FILE_BYTES = 2 * 1024 * 1024   # larger files are not ours: set aside unread
MAX_PATH = 1024                    # a longer PARLOUR_DATA_DIR is refused
LOCK_SECONDS = 5.0                 # waiting for another Parlour to finish writing
DEFAULT_SETTINGS = schema.DEFAULT_SETTINGS
TOP = schema.TOP


class StoreError(OSError):
    """The data folder cannot be used for this; the message says why, for the player."""


# --- messages for the player ----------------------------------------------------------------

notices: deque[str] = deque(maxlen=20)   # drained by the App into its message line
_told: set[str] = set()


def tell(message: str) -> None:
    """Say something to the player once (the App shows it on the launcher)."""
    if message not in _told:
        if len(_told) > 1000:
            _told.clear()
        _told.add(message)
        notices.append(message)


def take_notices() -> list[str]:
    taken = []
    while notices:
        taken.append(notices.popleft())
    return taken


# --- the folder -----------------------------------------------------------------------------

def data_dir() -> str:
    """PARLOUR_DATA_DIR wins (tests, portable installs); otherwise the platform's folder.
    StoreError (with a message for the player) when it cannot be made or is not a folder."""
    folder = os.environ.get("PARLOUR_DATA_DIR", "")
    if not folder:
        import platformdirs  # only here: it is not needed on the way to the first frame
        folder = platformdirs.user_data_dir("Parlour", appauthor=False)
    shown = folder if len(folder) < 80 else folder[:77] + "..."
    if "\x00" in folder or len(folder) > MAX_PATH:
        raise _unusable(shown, "not a usable path")
    try:
        os.makedirs(folder, exist_ok=True)
        if not os.path.isdir(folder):
            raise NotADirectoryError("not a folder")
    except (OSError, ValueError) as error:
        raise _unusable(shown, _reason(error)) from None
    return folder


def _unusable(shown: str, reason: str) -> StoreError:
    error = StoreError(f"The data folder {shown} cannot be used ({reason}); nothing will be "
                       "kept this time.")
    tell(str(error))
    return error


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error).split("\n")[0]
    return text[:120] or type(error).__name__


def path(name: str) -> str:
    return os.path.join(data_dir(), name)


# --- locking: one writer at a time, across processes ----------------------------------------

_local_lock = threading.RLock()
_depth = 0
_lock_handle = None


@contextmanager
def locked():
    """Hold the data folder's lock (reentrant in this process) around a read-modify-write."""
    global _depth, _lock_handle
    with _local_lock:
        if _depth == 0:
            folder = data_dir()
            try:
                _lock_handle = _acquire(os.path.join(folder, ".lock"))
            except StoreError:
                raise
            except OSError as error:   # a read-only folder, a .lock that is a folder...
                raise StoreError(f"The data folder {folder[:80]} cannot be written "
                                 f"({_reason(error)}).") from None
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
            if _depth == 0:
                handle, _lock_handle = _lock_handle, None
                os.close(handle)   # closing releases the OS lock


def _acquire(lock_path: str) -> int:
    handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
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
    try:
        import msvcrt

        def _try_lock(handle: int) -> None:
            try:
                msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
            except OSError as error:
                raise BlockingIOError(str(error)) from None
    except ImportError:
        def _try_lock(handle: int) -> None:
            """No OS lock on this platform: one process at a time is assumed."""


# --- reading and writing --------------------------------------------------------------------

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


def write_json(name: str, data) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then os.replace; under
    the lock, so start-up can tell an abandoned temporary file from one being written."""
    import tempfile  # here, not at the top: nothing is written on the way to the first frame
    text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise StoreError(f"{name} would be larger than Parlour reads back; not written.")
    with locked():
        target = path(name)
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


def clean_temporary_files() -> None:
    """Remove temporary files a killed writer left behind (at start; none is being written
    while the lock is held)."""
    try:
        with locked():
            folder = data_dir()
            for sub in (folder, os.path.join(folder, "saves")):
                for entry in os.scandir(sub) if os.path.isdir(sub) else ():
                    if entry.name.startswith(".tmp-") and entry.is_file(follow_symlinks=False):
                        os.remove(entry.path)
    except OSError:
        pass   # a folder that cannot be used was already reported; a file in use stays


def set_aside(name: str) -> str:
    """Move a bad file out of the way, keeping it for the curious; returns the new name."""
    source = path(name)
    stem = source[:-5] if source.endswith(".json") else source
    n = 1
    while os.path.lexists(f"{stem}.bad-{n}.json"):
        n += 1
    os.replace(source, f"{stem}.bad-{n}.json")
    return os.path.basename(f"{stem}.bad-{n}.json")


def read_json(name: str, check=None):
    """-> (data or None, message or None). None data means missing or set aside.

    `check(data)` may return a cleaned value or raise ValueError/TypeError/KeyError to reject.
    A rejected file is set aside and the player told (the message is also returned).
    """
    try:
        source = path(name)
    except StoreError as error:
        return None, str(error)
    if not os.path.lexists(source):
        return None, None
    try:
        data = json.loads(read_bytes(source).decode("utf-8"))
        return (check(data) if check else data), None
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError,
            RecursionError, IndexError) as error:
        return None, _reject(name, error)


def _reject(name: str, error: BaseException) -> str:
    reason = _reason(error)
    try:
        moved = set_aside(name)
    except OSError:
        message = f"{name} could not be read ({reason}); using defaults."
    else:
        message = f"{name} could not be read ({reason}); kept as {moved}, using defaults."
    tell(message)
    return message


# --- settings -------------------------------------------------------------------------------

def load_settings():
    """-> (settings dict, message or None). A value the schema refuses is dropped and its
    default used; the file as it was is kept aside and the good values written back."""
    problems: list[str] = []
    data, message = read_json("settings.json",
                              lambda data: schema.check(schema.SETTINGS, data, problems))
    settings = data if data is not None else schema.check(schema.SETTINGS, {})
    if problems:
        try:
            moved = set_aside("settings.json")
            save_settings(settings)
        except OSError:
            moved = None
        kept = f"; the file as it was is kept as {moved}" if moved else ""
        message = (f"settings.json had values Parlour cannot use ({problems[0]}); "
                   f"defaults used for those{kept}.")
        tell(message)
    return settings, message


def save_settings(settings: dict) -> None:
    write_json("settings.json", _checked(schema.SETTINGS, settings, "settings"))


def _checked(kind, data, what: str):
    """Writers use the readers' schema: Parlour never writes what it would not read back."""
    try:
        return schema.check(kind, data)
    except schema.Invalid as error:
        raise StoreError(f"The {what} were not saved: {error}") from None


# --- saved games ----------------------------------------------------------------------------

def save_name(key: str) -> str:
    return os.path.join("saves", f"{key}.json")


def save_game(key: str, data: dict) -> None:
    write_json(save_name(key), _checked(schema.save_schema(key), data, "game"))


def load_game(key: str, rebuild):
    """-> (rebuilt session or None, message or None). `rebuild(data)` raises on a bad save."""
    return read_json(save_name(key), rebuild)


def delete_game(key: str) -> str | None:
    """Remove a finished game's save. Never raises: a save that cannot be removed (read-only
    folder, `saves` not a folder) is reported to the player and returned as a message."""
    try:
        os.remove(path(save_name(key)))
    except FileNotFoundError:
        return None
    except OSError as error:
        message = f"The old save of this game could not be removed ({_reason(error)})."
        tell(message)
        return message
    return None


def has_save(key: str) -> bool:
    try:
        return os.path.lexists(path(save_name(key)))
    except OSError:
        return False
