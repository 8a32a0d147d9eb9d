"""Start-up duties of the one-file build (dist/parlour-onefile), called first thing by main.py.

The one-file build is a small parent (PyInstaller's bootloader) that unpacks the game into a
`_MEI*` folder in the temp folder, runs it as a child and deletes the folder when the child
ends. Killed with SIGKILL, the parent cannot do its part, so the child does it:
- it asks Linux to kill it when its parent dies (prctl PR_SET_PDEATHSIG), so no game keeps
  running without the process the player (or a launcher, or a test) is watching;
- it holds a shared lock on a file in its own folder for as long as it runs, and removes the
  folders of Parlour's earlier children whose lock nobody holds: those processes are gone.
Outside a one-file build on Linux this does nothing.
"""
from __future__ import annotations

import os
import sys

LOCK_NAME = "parlour-running.lock"
PR_SET_PDEATHSIG = 1
_held: list[int] = []    # the lock's file descriptor, kept open for the life of the process


def unpacked_folder() -> str | None:
    """The `_MEI*` folder of a one-file build (a one-folder build unpacks nothing)."""
    folder: str | None = getattr(sys, "_MEIPASS", None) if getattr(sys, "frozen", False) \
        else None
    if folder and os.path.basename(os.path.normpath(folder)).startswith("_MEI"):
        return folder
    return None


def start() -> None:
    folder = unpacked_folder()
    if folder is None or not sys.platform.startswith("linux"):
        return
    die_with_parent()
    hold_lock(folder)
    remove_stale_folders(os.path.dirname(os.path.normpath(folder)), folder)


def die_with_parent() -> None:
    import ctypes
    import signal
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    # The parent may have died before the request above: then it is no longer our parent.
    try:
        parent = os.readlink(f"/proc/{os.getppid()}/exe")
    except OSError:
        return
    if os.path.realpath(parent) != os.path.realpath(sys.executable):
        os._exit(1)


def hold_lock(folder: str) -> None:
    import fcntl
    # Locked under another name first: a lock file that others can see is always held.
    unlocked = os.path.join(folder, LOCK_NAME + ".new")
    try:
        descriptor = os.open(unlocked, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(descriptor, fcntl.LOCK_SH)
        os.rename(unlocked, os.path.join(folder, LOCK_NAME))
        _held.append(descriptor)
    except OSError:
        pass


def remove_stale_folders(temp: str, own: str) -> list[str]:
    """Delete Parlour's `_MEI*` folders in `temp` whose process is dead (their lock is free).
    Folders of other PyInstaller programs, and ours still unpacking (no lock file yet), stay."""
    import fcntl
    import shutil
    removed: list[str] = []
    try:
        names = os.listdir(temp)
    except OSError:
        return removed
    for name in names:
        folder = os.path.join(temp, name)
        if not name.startswith("_MEI") or os.path.realpath(folder) == os.path.realpath(own):
            continue
        lock = os.path.join(folder, LOCK_NAME)
        try:
            if os.path.islink(folder) or os.stat(folder).st_uid != os.getuid():
                continue
            descriptor = os.open(lock, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue        # a running Parlour holds it
        finally:
            os.close(descriptor)
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed
