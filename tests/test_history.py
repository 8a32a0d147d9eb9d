"""The history of finished games (games/core/data/history.py): its promises, each with real
files and, where a promise is about processes, real processes.

- kill -9 at any moment while recording loses at most the game being recorded, and the
  database always opens afterwards;
- two processes recording 300 results each keep all 600, and the best scores stay right;
- a database that is corrupt, not a database, locked past its timeout, read-only, on a full
  disk, a folder, a FIFO or a symlink to a device: one message on the launcher, the file set
  aside (or, when it is sound, left alone), the game plays on with the history in memory, and
  nothing else of the player's data is touched;
- hostile values in a row are left out with a message, never a crash;
- at most MOST_GAMES games are kept, every query is bounded; the schema migrates.
"""
import hashlib
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, history_queries, records, schema, stats
from games.core.data.history_queries import Filter
from games.core.data.store import Store
from games.core.kit import registry
from tests import recorded

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = "kenken/size=4,difficulty=easy"


def game(**fields) -> history.Game:
    now = history.utc_text()
    values = dict(game="kenken", params="size=4,difficulty=easy", game_id="", started=now,
                  finished=now, outcome="won", score=42, detail="0:42", ranked=True,
                  duration=42.0)
    values.update(fields)
    return history.Game(**values)


def run(code: str, data_dir, *args, timeout: float = 120, **popen):
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **popen)


# --- the file, the schema, the bounds ------------------------------------------------------------

def test_a_new_history_is_wal_at_the_current_schema(data_dir):
    recorded.add_score(TABLE, 5)
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1


class FailsAtTheEnd:
    """A connection whose last step of a migration fails, as if the process died there."""

    def __init__(self, db):
        self.db = db

    def __getattr__(self, name):
        return getattr(self.db, name)

    def execute(self, sql, *args):
        if sql.startswith("PRAGMA user_version = "):
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)


def test_a_failed_migration_leaves_the_version_it_found(data_dir, monkeypatch):
    data_dir.mkdir(parents=True)
    connect = history._connect
    monkeypatch.setattr(history, "_connect", lambda target: FailsAtTheEnd(connect(target)))
    assert not recorded.db().in_file, "a migration that fails: memory, and said"
    assert any("history" in notice for notice in recorded.take_told())
    assert recorded.add_score(TABLE, 7) == 1, "the game plays on"
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    assert not db.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchall()
    db.close()
    monkeypatch.setattr(history, "_connect", connect)
    assert recorded.db().in_file and recorded.add_score(TABLE, 7) == 1


def test_a_file_from_a_newer_parlour_is_left_alone(data_dir):
    recorded.add_score(TABLE, 5)
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    db.execute(f"PRAGMA user_version = {history.SCHEMA_VERSION + 1}")
    db.close()
    before = (data_dir / history.FILE).read_bytes()
    assert not recorded.db().in_file
    assert [notice for notice in recorded.take_told() if "newer Parlour (schema 4)" in notice
            and "left as it is and read" in notice]
    assert recorded.best(TABLE) == 5, "read where it can be"
    recorded.add_score(TABLE, 9)
    recorded.forget()
    assert (data_dir / history.FILE).read_bytes() == before, "byte for byte: not even WAL"


def test_at_most_the_newest_games_are_kept(data_dir, monkeypatch):
    monkeypatch.setattr(history, "MOST_GAMES", 50)
    for n in range(120):
        recorded.add_score(TABLE, n)
    assert history_queries.count(recorded.db()) == 50
    params = registry.lookup("kenken").rules.parse_params("size=4,difficulty=easy")
    best = records.best_entries(recorded.STORE, "kenken", params)
    assert best[0]["score"] == 70, "the oldest went first"


def test_every_query_is_bounded(data_dir, monkeypatch):
    with pytest.raises(AssertionError):
        recorded.db().query("SELECT * FROM valid")
    from games.core.cli.sample_history import fill
    fill(recorded.db(), 300, seed=2)
    asked = []
    real = history.History.query

    def query(self, sql, args=()):
        asked.append(sql)
        return real(self, sql, args)
    monkeypatch.setattr(history.History, "query", query)
    for key in [*registry.KEYS, ""]:
        stats.figures(recorded.db(), key)
        history_queries.games(recorded.db(), Filter(game=key), 10, 5)
    records.record_counts(recorded.STORE, "nim", "perfect")
    recorded.scores()
    assert len(asked) > 50
    for sql in asked:
        outer = sql.rsplit(")", 1)[-1]
        assert "LIMIT" in outer, f"unbounded: {sql}"


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scores=st.lists(st.integers(0, 30), min_size=1, max_size=25),
       lower=st.booleans())
def test_ranks_and_best_scores_are_those_of_the_sorted_games(data_dir, scores, lower):
    recorded.forget()
    key, params = ("kenken", "size=4,difficulty=easy") if lower else \
        ("deductile", "tiles=4,difficulty=normal")
    recorded.db().db.execute("DELETE FROM games")
    kept: list[int] = []
    for score in scores:
        rank = recorded.db().record(game(game=key, params=params, score=score))
        ahead = sum(1 for old in kept if (old <= score if lower else old >= score))
        assert rank == (ahead + 1 if ahead < schema.TOP else None)
        kept.append(score)
    best = [row["score"] for row in records.best_entries(
        recorded.STORE, key, registry.lookup(key).rules.parse_params(params))]
    assert best == sorted(kept, reverse=not lower)[:schema.TOP]


# --- the old files, imported once ----------------------------------------------------------------

def test_old_scores_and_records_are_imported_once_and_kept_renamed(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "scores.json").write_text(json.dumps(
        {TABLE: [{"score": 90, "date": "2026-01-02", "detail": "1:30"}, {"score": 95.5}],
         "gone/x=1": [{"score": 1}]}))
    (data_dir / "records.json").write_text(json.dumps(
        {"kono/level=hard": {"won": 3, "lost": 1, "draw": 0}, "nim/level=perfect":
         {"won": 10**9}}))
    assert [row["score"] for row in recorded.scores()[TABLE]] == [90, 95.5]
    assert recorded.records_by_table() == {"kono/level=hard": {"won": 3, "lost": 1},
                                           "nim/level=perfect": {"won": 10**9}}
    assert not (data_dir / "scores.json").exists() and not (data_dir / "records.json").exists()
    assert json.loads((data_dir / "scores.partly-imported.json").read_text())["gone/x=1"], \
        "kept whole under a name that says so, the tables of unknown games too"
    assert (data_dir / "records.imported.json").exists()
    (told,) = [notice for notice in recorded.take_told() if "could not be" in notice]
    assert "gone/x=1" in told and "scores.partly-imported.json" in told
    (data_dir / "scores.json").write_text(json.dumps({TABLE: [{"score": 1}]}))
    recorded.forget()
    assert [row["score"] for row in recorded.scores()[TABLE]] == [90, 95.5], "once"
    assert (data_dir / "scores.json").exists(), "a file written since is not Parlour's to move"
    assert stats.figures(recorded.db(), "nim").won == 10**9


# --- hostile rows ---------------------------------------------------------------------------------

HOSTILE = st.one_of(
    st.sampled_from([10**18, -10**18, 1e300, -1e300, float("inf"), "NaN", "nan", "", "\x00",
                     "a\x00b", "x" * 1_000_000, "nosuchgame", b"\xff\xfe", "\ud800".encode(
                         "utf-8", "surrogatepass"), memoryview(b"\x00\x01"), None, 2, -1,
                     "won\x07", "2026-13-45"]),
    st.integers(-2**63, 2**63 - 1), st.floats(), st.text(max_size=50), st.binary(max_size=20))
COLUMNS = [name for name in history.COLUMNS if name != "id"]


def insert_raw(path, values: dict) -> None:
    """A row written by something other than Parlour: any value in any column (bytes as text
    that is not UTF-8, a memoryview as a blob). A value the table's constraints refuse cannot
    be in the file: nothing is written then."""
    db = sqlite3.connect(path)
    names = ", ".join(values)
    marks = ", ".join("CAST(? AS TEXT)" if isinstance(v, bytes) else "?"
                      for v in values.values())
    try:
        db.execute(f"INSERT INTO games ({names}) VALUES ({marks})", list(values.values()))
        db.commit()
    except sqlite3.IntegrityError:
        pass
    db.close()


def good_row(**changes) -> dict:
    values = dict(zip(COLUMNS, history.row_values(game(game_id="kenken:size=4,difficulty="
                                                            "easy#1"))))
    values.update(changes)
    return values


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(column=st.sampled_from(COLUMNS), value=HOSTILE)
def test_a_hostile_value_in_any_column_is_left_out_never_a_crash(data_dir, column, value):
    recorded.forget()
    for end in ("", "-wal", "-shm"):
        if os.path.exists(str(data_dir / history.FILE) + end):
            os.remove(str(data_dir / history.FILE) + end)
    recorded.take_told()
    recorded.add_score(TABLE, 10)
    recorded.forget()
    insert_raw(data_dir / history.FILE, good_row(**{column: value}))
    shared = recorded.db()
    whole = isinstance(value, (int, float)) and not isinstance(value, bool) and \
        math.isfinite(value) and float(value).is_integer()   # 2.0 is kept as 2 (INTEGER)
    most = int(value) if column == "games" and whole and 1 <= value <= 10**9 else 1
    for key in ("kenken", ""):
        figures = stats.figures(recorded.db(), key)
        assert 1 <= figures.played <= 1 + most
        assert all(math.isfinite(v) for v, _ in figures.recent)
        json.dumps(figures.as_json(), allow_nan=False)
    rows = history_queries.games(shared, most=10)
    assert 1 <= len(rows) <= 2
    for row in rows:
        history.checked(row)
    entries = recorded.scores()[TABLE]
    assert all(math.isfinite(entry["score"]) for entry in entries)
    in_file = sqlite3.connect(data_dir / history.FILE).execute(
        "SELECT count(*) FROM games").fetchone()[0]
    skipped = [n for n in recorded.take_told() if "cannot use" in n]
    assert len(skipped) <= 1, "one message"
    if len(rows) < in_file:
        assert skipped, "a row left out is said"


# --- processes -----------------------------------------------------------------------------------

WRITER = """
    import sys
    from games.core.data import history
    from games.core.data.store import Store
    db = Store(lambda message: None).history()
    side = int(sys.argv[1])
    for n in range(300):
        now = history.utc_text()
        db.record(history.Game(
            game="deductile", params="tiles=4,difficulty=normal", game_id="", started=now,
            finished=now, outcome="won", score=side * 1000 + n, detail=str(n), ranked=True,
            duration=1.0))
        db.record(history.Game(
            game="nim", params="", game_id="", started=now, finished=now, outcome="won",
            score=0, detail="", ranked=False, duration=1.0, opponent="computer",
            level="perfect"))
    print(db.in_file)
"""


def test_two_processes_recording_300_results_each_keep_all_600(data_dir):
    data_dir.mkdir(parents=True)
    recorded.db()                 # the file exists before either starts
    writers = [run(WRITER, data_dir, side) for side in (1, 2)]
    for writer in writers:
        out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0 and out.strip() == "True", err
    assert recorded.records_by_table()["nim/level=perfect"]["won"] == 600
    assert [row["score"] for row in recorded.scores()["deductile/tiles=4,difficulty=normal"]] \
        == [2299, 2298, 2297, 2296, 2295]
    assert history_queries.count(recorded.db()) == 1200


RECORDER = """
    from games.core.data import history
    from games.core.data.store import Store
    db = Store(lambda message: None).history()
    n = 0
    while True:
        now = history.utc_text()
        db.record(history.Game(
            game="poggle", params="size=5,colours=3", game_id="", started=now, finished=now,
            outcome="won", score=n % 7, detail="", ranked=True, duration=1.0,
            moves=tuple("p1-1" for _ in range(n % 50))))
        n += 1
        print(n, flush=True)
"""


def test_kill_9_while_recording_loses_at_most_that_game(data_dir):
    data_dir.mkdir(parents=True)
    rng = random.Random(9)
    acknowledged = 0
    for _ in range(12):
        child = run(RECORDER, data_dir)
        time.sleep(rng.uniform(0.3, 1.5))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        acknowledged += len(out.split())
        recorded.forget()
        db = sqlite3.connect(data_dir / history.FILE)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
        count = history_queries.count(recorded.db())
        assert acknowledged <= count <= acknowledged + 12, "at most the game being recorded"
        acknowledged = count     # the game in flight may have landed
        assert recorded.db().in_file
    assert acknowledged > 12


OPENER = """
    import sys
    from games.core.data import history
    from games.core.data.store import Store
    db = Store(lambda message: None).history()
    db
    print("open", flush=True)
"""


def test_kill_9_while_opening_imports_the_old_files_exactly_once(data_dir):
    rng = random.Random(3)
    scores = {TABLE: [{"score": n, "detail": str(n)} for n in range(5)]}
    for _ in range(8):
        recorded.forget()
        for name in os.listdir(data_dir) if data_dir.exists() else ():
            os.remove(data_dir / name)
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / "scores.json").write_text(json.dumps(scores))
        child = run(OPENER, data_dir)
        time.sleep(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=60)
        assert len(recorded.scores()[TABLE]) == 5, "imported once, whole"
        assert history_queries.count(recorded.db()) == 5
        left = sorted(name for name in os.listdir(data_dir) if name.endswith(".json"))
        assert left == ["scores.imported.json"]


# --- files that cannot be used ----------------------------------------------------------------

SESSION = """
    import json
    from games.core.data import history, history_queries
    from games.core.loop.app import App
    from games.core.screens.launcher import LauncherScene
    app = App(windowed=True)
    app.push(LauncherScene(app))
    for _ in range(4):
        app.frame(1 / 60)
        app.jobs.wait_all()
    now = history.utc_text()
    rank = app.store.history().record(history.Game(
        game="kenken", params="size=4,difficulty=easy", game_id="", started=now, finished=now,
        outcome="won", score=1, detail="0:01", ranked=True, duration=1.0))
    app.frame(1 / 60)
    print(json.dumps({"messages": app.messages, "in_file": app.store.history().in_file,
                      "rank": rank, "count": history_queries.count(app.store.history())}))
"""


def fingerprints(folder, skip_history: bool = True) -> dict:
    """The player's files (not the painted pictures kept in sprites/, a cache) by content."""
    found = {}
    for base, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(base, name)
            if skip_history and os.path.relpath(path, folder).startswith("history.") or \
                    os.path.relpath(path, folder).startswith("sprites" + os.sep):
                continue
            if os.path.isfile(path) and not os.path.islink(path):
                found[os.path.relpath(path, folder)] = hashlib.sha256(
                    open(path, "rb").read()).hexdigest()
    return found


def player_data(data_dir) -> dict:
    """A player's folder: settings, a save, the imported old files and a history of 3 games."""
    data_dir.mkdir(parents=True, exist_ok=True)
    Store(print).save_settings({**schema.DEFAULT_SETTINGS, "volume": 0.3})
    (data_dir / "saves").mkdir(exist_ok=True)
    (data_dir / "saves" / "nim.json").write_text('{"kept": true}')
    for n in (5, 6, 7):
        recorded.add_score(TABLE, n)
    recorded.forget()
    return fingerprints(data_dir)


def session(data_dir, timeout: float = 120) -> dict:
    child = run(SESSION, data_dir)
    out, err = child.communicate(timeout=timeout)
    assert child.returncode == 0, err
    assert "Traceback" not in err
    return json.loads(out.strip().splitlines()[-1])


def said_once(result) -> str:
    said = [m for m in result["messages"] if "history" in m.lower()]
    assert len(said) == 1, result["messages"]
    return said[0]


def corrupt(path) -> None:
    data = bytearray(path.read_bytes())
    rng = random.Random(1)
    for n in range(4096, len(data)):
        data[n] = rng.randrange(256)
    path.write_bytes(bytes(data))


BAD_FILES = {
    "corrupt": corrupt,
    "not a database": lambda path: path.write_text("these are not the games you are looking"
                                                   " for\n" * 400),
    "a folder": lambda path: (path.unlink(), path.mkdir(), (path / "x").write_text("x")),
    "a FIFO": lambda path: (path.unlink(), os.mkfifo(path)),
    "a symlink to a device": lambda path: (path.unlink(), path.symlink_to("/dev/zero")),
    "a dangling symlink": lambda path: (path.unlink(), path.symlink_to(path.parent / "gone")),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_file_that_is_no_database_is_set_aside_and_play_goes_on(data_dir, kind):
    kept = player_data(data_dir)
    target = data_dir / history.FILE
    for end in ("-wal", "-shm"):
        if os.path.exists(str(target) + end):
            os.remove(str(target) + end)
    BAD_FILES[kind](target)
    before = os.lstat(target)
    result = session(data_dir)
    said = said_once(result)
    assert "kept as history.bad-1.sqlite" in said
    assert result["in_file"], "a new history at once: this session's games are kept"
    if kind == "corrupt":      # the games on pages that can still be read are in the new one
        assert 1 <= result["count"] <= 4
    else:
        assert result["rank"] == 1 and result["count"] == 1 and "a new history begins" in said
    aside = data_dir / "history.bad-1.sqlite"
    assert os.lstat(aside).st_ino == before.st_ino, "set aside, never deleted"
    assert fingerprints(data_dir) == kept, "nothing else touched"
    again = session(data_dir)        # the next start goes on with the new file
    assert again["in_file"] and not [m for m in again["messages"] if "history" in m.lower()]
    assert again["count"] == result["count"] + 1


HOLDER = """
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    time.sleep(60)
"""


def test_a_file_locked_past_the_timeout_is_left_alone_and_play_goes_on(data_dir):
    kept = player_data(data_dir)
    holder = run(HOLDER, data_dir, data_dir / history.FILE)
    try:
        assert holder.stdout.readline().strip() == "locked"
        result = session(data_dir)
    finally:
        holder.kill()
        holder.communicate()
    assert "cannot be written now (database is locked)" in said_once(result)
    assert not result["in_file"] and result["count"] == 4, "the file's games, and this one"
    assert result["rank"] == 1, "a better time than the three kept"
    assert fingerprints(data_dir) == kept and not list(data_dir.glob("history.bad-*"))
    assert history_queries.count(recorded.db()) == 3, "the file as it was"


def mount(*args) -> bool:
    return os.geteuid() == 0 and subprocess.run(["mount", *args], capture_output=True).returncode \
        == 0


def test_a_read_only_file_is_left_alone_and_play_goes_on(data_dir):
    kept = player_data(data_dir)
    if os.geteuid() == 0:           # root writes through permissions: a read-only mount
        if not mount("--bind", str(data_dir), str(data_dir)):
            pytest.skip("no bind mount here")
        mount("-o", "remount,ro,bind", str(data_dir))
    else:
        os.chmod(data_dir / history.FILE, 0o444)
        os.chmod(data_dir, 0o555)
    try:
        result = session(data_dir)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(data_dir)], check=True)
        else:
            os.chmod(data_dir, 0o755)
    assert "cannot be written now" in said_once(result)
    assert not result["in_file"] and result["count"] == 4 and result["rank"] == 1
    assert fingerprints(data_dir) == kept and not list(data_dir.glob("history.bad-*"))


def test_a_full_disk_is_left_alone_and_play_goes_on(data_dir):
    data_dir.mkdir(parents=True)
    if not mount("-t", "tmpfs", "-o", "size=400k", "tmpfs", str(data_dir)):
        pytest.skip("no tmpfs mount here")
    try:
        kept = player_data(data_dir)
        filler = os.open(data_dir / "filler", os.O_WRONLY | os.O_CREAT)   # the disk is full
        try:
            while True:
                os.write(filler, b"\0" * 4096)
        except OSError:
            pass
        finally:
            os.close(filler)
        kept = fingerprints(data_dir)
        result = session(data_dir)
        assert "cannot be written now" in said_once(result)
        assert not result["in_file"] and result["count"] == 4 and result["rank"] == 1
        assert fingerprints(data_dir) == kept
    finally:
        recorded.forget()
        subprocess.run(["umount", str(data_dir)], check=True)


def test_the_history_is_opened_off_the_first_frame(data_dir):
    """The first launcher frame imports neither sqlite3 nor the history; the next steps open
    it in a Job and the Daily badges appear."""
    child = run("""
        import sys
        from games.core.loop.app import App
        from games.core.screens.launcher import Card, LauncherScene
        app = App(windowed=True)
        launcher = app.push(LauncherScene(app))
        app.frame(0.0)
        print(sorted(m for m in sys.modules if "sqlite" in m or m.endswith(".history")))
        for _ in range(3):
            app.frame(1 / 60)
            app.jobs.wait_all()
        print(sum(w.daily_due for w in launcher.menu.widgets if isinstance(w, Card)))
    """, data_dir)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert out.split("\n")[:2] == ["[]", "4"]


def test_a_hostile_row_written_while_open_is_left_out_from_then_on(data_dir):
    """Rows another program writes while Parlour has the file open are checked before the next
    read: one that fails is left out of every figure (the view that had no rows to leave out
    starts leaving it out) and said once."""
    recorded.take_told()
    recorded.add_score(TABLE, 10)
    shared = recorded.db()
    assert stats.figures(shared, "kenken").played == 1
    insert_raw(data_dir / history.FILE, good_row(score=float("nan"), game_id="x\x00y"))
    insert_raw(data_dir / history.FILE, good_row(score=7))
    for key in ("kenken", ""):
        assert stats.figures(shared, key).played == 2
    assert [row.score for row in history_queries.games(shared, most=10)] == [7, 10]
    assert len([n for n in recorded.take_told() if "cannot use" in n]) == 1


def test_a_version_2_file_gains_the_statistics_indexes_and_keeps_its_games(data_dir):
    data_dir.mkdir(parents=True)
    db = sqlite3.connect(data_dir / history.FILE)
    for version in (1, 2):
        db.executescript(history.MIGRATIONS[version])
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    insert_raw(data_dir / history.FILE, good_row(score=4))
    assert stats.figures(recorded.db(), "kenken").played == 1
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION == 3
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                            "'index'")}
    assert {"games_in_order", "games_by_score", "games_by_time"} <= names
