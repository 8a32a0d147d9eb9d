"""The one-file build's start-up duties (games/core/cli/frozen.py): its process ends with its
parent, and the `_MEI*` folders of dead Parlour processes are removed, never those of live ones
or of other programs. tools/check_dist.py checks the same on the real one-file build."""
import fcntl
import os
import signal
import subprocess
import sys
import time

import pytest

from games.core.cli import frozen

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc: Linux")


def test_from_source_it_does_nothing(tmp_path, monkeypatch):
    assert frozen.unpacked_folder() is None
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "dist" / "parlour" / "_internal"),
                        raising=False)
    assert frozen.unpacked_folder() is None, "a one-folder build unpacks nothing"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "_MEIabc123"), raising=False)
    assert frozen.unpacked_folder() == str(tmp_path / "_MEIabc123")


def holder(folder):
    """Another process that holds its folder's lock, as a running Parlour does."""
    code = ("import sys,time; from games.core.cli import frozen; frozen.hold_lock(sys.argv[1]);"
            "print('held', flush=True); time.sleep(60)")
    process = subprocess.Popen([sys.executable, "-c", code, str(folder)], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    return process


@linux
def test_only_the_folders_of_dead_parlour_processes_are_removed(tmp_path):
    folders = {name: tmp_path / name for name in
               ("_MEIown", "_MEIlive", "_MEIdead", "_MEIother", "_MEIkilled", "notmine")}
    for folder in folders.values():
        (folder / "sprites").mkdir(parents=True)
    frozen.hold_lock(str(folders["_MEIown"]))
    live = holder(folders["_MEIlive"])
    killed = holder(folders["_MEIkilled"])
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    (folders["_MEIdead"] / frozen.LOCK_NAME).write_text("")        # ended without cleaning up
    (folders["notmine"] / frozen.LOCK_NAME).write_text("")
    os.symlink(folders["_MEIdead"], tmp_path / "_MEIlink")
    try:
        removed = frozen.remove_stale_folders(str(tmp_path), str(folders["_MEIown"]))
        assert sorted(removed) == sorted([str(folders["_MEIdead"]), str(folders["_MEIkilled"])])
        assert sorted(os.listdir(tmp_path)) == sorted(
            ["_MEIlink", "_MEIother", "_MEIown", "_MEIlive", "notmine"])
        # The live process still holds its lock; ours too.
        with open(folders["_MEIlive"] / frozen.LOCK_NAME) as f:
            with pytest.raises(OSError):
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        live.kill()
        live.wait()


@linux
def test_the_process_ends_when_its_parent_is_killed(tmp_path):
    """A parent python starts a child python that asks to die with it; SIGKILL the parent."""
    child_code = ("import time; from games.core.cli import frozen; frozen.die_with_parent();"
                  "print('ready', flush=True); time.sleep(60)")
    parent_code = ("import subprocess,sys; c=subprocess.Popen([sys.executable,'-c',sys.argv[1]]);"
                   "print(c.pid, flush=True); c.wait()")
    parent = subprocess.Popen([sys.executable, "-c", parent_code, child_code], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    assert parent.stdout.readline().strip() == "ready"
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    for _ in range(200):
        try:
            with open(f"/proc/{child}/stat") as f:
                if f.read().rpartition(")")[2].split()[0] in "ZX":
                    break
        except OSError:
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        pytest.fail("the child outlived its parent")
