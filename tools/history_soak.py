"""Soak of the history of finished games: copies of Parlour recording at once, kill -9 at
random moments, stray journals left beside the file between rounds.

    python tools/history_soak.py [--rounds N] [--seed S]      (default 40 rounds)

Each round starts 2-5 real processes at the same instant on one data folder; each records
games (a unique score each) and says which it recorded into the file, and which it holds in
memory for the file; some are killed with SIGKILL at a random moment, the others close as
Parlour closes. Before a round, with no Parlour running, a stray is sometimes left beside the
history: the WAL of another history that crashed, a journal of random bytes, or a folder, a
FIFO or a dangling link where a journal would be. After each round the file must pass
`PRAGMA integrity_check` and hold every game a copy recorded into it, and every game a copy
that closed held in memory. Prints one JSON line with the counts; exits 1 on any loss.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WRITER = textwrap.dedent("""
    import sys, time
    from games.core.data import history
    from games.core.data.store import Store
    start, tag, count = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    while time.time() < start:
        time.sleep(0.0005)
    store = Store(lambda message: print("said", message.replace("\\n", " "), flush=True))
    db = store.history()
    for n in range(count):
        now = history.utc_text()
        score = tag * 10_000 + n
        db.record(history.Game(game="poggle", params="size=5,colours=3", game_id="",
                               started=now, finished=now, outcome="won", score=score,
                               detail="", ranked=True, duration=1.0,
                               moves=tuple("p1-1" for _ in range(n % 40))))
        print("file" if db.in_file else "memory", score, flush=True)
    store.forget_history()
    print("closed", flush=True)
""")
CRASH = textwrap.dedent("""
    import os
    from games.core.data import history
    from games.core.data.store import Store
    db = Store(lambda message: None).history()
    db.db.execute("PRAGMA wal_autocheckpoint = 0")
    now = history.utc_text()
    for n in range(3):
        db.record(history.Game(game="nim", params="", game_id="", started=now, finished=now,
                               outcome="won", score=None, detail="", ranked=False,
                               duration=1.0, opponent="computer", level="low"))
    os._exit(0)
""")
STRAYS = ("none", "foreign WAL", "random bytes", "folder", "FIFO", "dangling link")


def child(code: str, folder: str, *args: object) -> subprocess.Popen:
    env = dict(os.environ, PARLOUR_DATA_DIR=folder, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def leave_stray(kind: str, folder: str, scratch: str, rng: random.Random) -> None:
    path = os.path.join(folder, "history.sqlite" + rng.choice(["-wal", "-shm", "-journal"]))
    if kind == "foreign WAL":
        other = tempfile.mkdtemp(dir=scratch)
        child(CRASH, other).communicate(timeout=120)
        path = os.path.join(folder, "history.sqlite-wal")
        if os.path.exists(os.path.join(other, "history.sqlite-wal")):
            shutil.copyfile(os.path.join(other, "history.sqlite-wal"), path)
        return
    if os.path.lexists(path):
        return
    if kind == "random bytes":
        with open(path, "wb") as stray:
            stray.write(rng.randbytes(rng.randrange(1, 40_000)))
    elif kind == "folder":
        os.mkdir(path)
    elif kind == "FIFO":
        os.mkfifo(path)
    elif kind == "dangling link":
        os.symlink(os.path.join(folder, "gone"), path)


def in_file(folder: str) -> set[int]:
    db = sqlite3.connect(os.path.join(folder, "history.sqlite"))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return {int(score) for (score,) in db.execute(
            "SELECT score FROM games WHERE game = 'poggle'")}
    finally:
        db.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counts = dict(rounds=0, processes=0, killed=0, games_in_file=0, games_in_memory=0,
                  lost=0, strays=0, strays_set_aside=0, messages=0)
    with tempfile.TemporaryDirectory(prefix="parlour-history-soak-") as scratch:
        folder = os.path.join(scratch, "data")
        os.makedirs(folder)
        tag = 0
        for _ in range(args.rounds):
            stray = rng.choice(STRAYS)
            if stray != "none" and os.path.exists(os.path.join(folder, "history.sqlite")):
                leave_stray(stray, folder, scratch, rng)
                counts["strays"] += 1
            start = time.time() + 1.0
            writers = []
            for _ in range(rng.randint(2, 5)):
                tag += 1
                writers.append((child(WRITER, folder, start, tag, rng.randint(20, 120)),
                                rng.random() < 0.4))
            for process, kill in writers:
                if kill:
                    time.sleep(rng.uniform(0.5, 3.0))
                    process.send_signal(signal.SIGKILL)
            kept, held = set(), set()
            for process, kill in writers:
                out, err = process.communicate(timeout=600)
                if "Traceback" in err:
                    print(err, file=sys.stderr)
                    return 1
                for line in out.splitlines():
                    word, _, rest = line.partition(" ")
                    if word in ("file", "memory") and not rest.isdigit():
                        continue        # the line a killed copy was writing when it died
                    if word == "file":
                        kept.add(int(rest))
                    elif word == "memory" and not kill:
                        held.add(int(rest))
                    elif word == "said":
                        counts["messages"] += 1
                        counts["strays_set_aside"] += "journal beside" in rest
                counts["killed"] += kill
            found = in_file(folder)
            counts["lost"] += len((kept | held) - found)
            counts["games_in_file"] += len(kept)
            counts["games_in_memory"] += len(held)
            counts["processes"] += len(writers)
            counts["rounds"] += 1
    print(json.dumps(counts))
    return 1 if counts["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
