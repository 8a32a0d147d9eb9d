"""The history trusts nothing it reads (issue 32): the ids and dates of its rows, the version
and the schema it finds, the journals beside its file, how many bad rows there are, the old
files it imports once, and other copies of Parlour using it at the same time. Each promise is
tried with real files, and with real processes where it is about processes; each kind with
generated cases (hypothesis), not only the examples that were reported.

- no game is ever deleted but by the trim, which deletes exactly the oldest games beyond the
  cap, never the game just recorded, whatever ids or dates the file holds;
- a journal that is not this history's, or not a plain file, never overwrites or hides a game;
- any version, any schema, any failing migration: no traceback, one message, the file left
  byte for byte or set aside whole, the game playing on;
- every bad row is left out, however many; rows another program changes while Parlour has the
  file open are checked before the next read;
- the old files' results are all imported, or named, their file kept under a name that says so;
- two copies at once never lose a game: every unit waits for the lock, and a copy that could
  not write writes its games as soon as it can, before it closes.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, history_file, history_queries, history_rows, journals, stats
from games.core.data.history_rows import MAX_ID
from tests import recorded
from tests.test_history import (
    ROOT,
    TABLE,
    fingerprints,
    good_row,
    insert_raw,
    player_data,
    run,
    said_once,
    session,
)

HOSTILE_CASES = settings(max_examples=40, deadline=None,
                         suppress_health_check=[HealthCheck.function_scoped_fixture])


def emptied(data_dir) -> None:
    """A data folder with nothing in it (hypothesis runs many cases in one test's folder)."""
    recorded.forget()
    recorded.take_told()
    if data_dir.exists():
        shutil.rmtree(data_dir)
    data_dir.mkdir(parents=True)


def execute(path, *statements, args=()) -> None:
    """SQL by another program, on the file itself."""
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement, args)
    db.commit()
    db.close()


def ids_in(path) -> set[int]:
    db = sqlite3.connect(path)
    found = {row[0] for row in db.execute("SELECT id FROM games")}
    db.close()
    return found


def history_told() -> list[str]:
    return [notice for notice in recorded.take_told() if "histor" in notice.lower()]


# --- ids and dates: refused at the door, never steering the trim -----------------------------

MOMENTS = st.one_of(
    st.sampled_from(["0001-01-01 00:00:00", "9999-12-31 23:59:59", "1970-01-01 23:59:59",
                     "1970-01-02 00:00:00", "2999-12-31 23:59:59", "3000-01-01 00:00:00",
                     "2026-02-29 12:00:00", "2024-02-29 12:00:00", "2026-04-31 00:00:00",
                     "2026-01-01 24:00:00", "2026-13-01 00:00:00", "2026-00-10 00:00:00",
                     "2026-01-01T12:00:00", "2026-01-01 12:00", "", " 2026-01-01 12:00:00"]),
    st.datetimes().map(lambda moment: moment.strftime("%Y-%m-%d %H:%M:%S")),
    st.from_regex(history_rows.TIME_TEXT, fullmatch=True), st.text(max_size=20))
IDS = st.one_of(st.integers(-2**63, 2**63 - 1), st.integers(-3, 40),
                st.sampled_from([0, 2**62, 2**63 - 1, MAX_ID - 1, MAX_ID, MAX_ID + 1]))


@HOSTILE_CASES
@given(rows=st.lists(st.tuples(IDS, MOMENTS), max_size=6, unique_by=lambda row: row[0]),
       more=st.integers(1, 5))
def test_no_id_or_date_in_the_file_turns_the_trim_against_the_games(data_dir, monkeypatch,
                                                                    rows, more):
    """Whatever ids and dates another program wrote, each game recorded deletes exactly the
    oldest games beyond the cap (counted among the rows that pass the checks), never the game
    just recorded; a row outside what Parlour writes is left out and never deleted."""
    monkeypatch.setattr(history, "MOST_GAMES", 8)
    emptied(data_dir)
    for n in range(6):
        recorded.add_score(TABLE, n)
    recorded.forget()
    path = data_dir / history.FILE
    for row_id, finished in rows:
        if row_id not in ids_in(path):
            insert_raw(path, {"id": row_id, **good_row(finished=finished)})
    fair = {row_id for row_id, finished in rows if 1 <= row_id <= MAX_ID and
            history_rows.CHECKS["finished"].accepts(finished)} | set(range(1, 7))
    others = ids_in(path) - fair
    games = set(fair)
    for n in range(more):
        before = ids_in(path)
        recorded.add_score(TABLE, 100 + n)
        after = ids_in(path)
        (new,) = after - before
        assert 1 <= new <= MAX_ID
        if MAX_ID not in before:
            assert new > max(i for i in before if i <= MAX_ID), "the ids run on"
        games.add(new)
        oldest = sorted(games - {new})[:max(0, len(games) - history.MOST_GAMES)]
        games -= set(oldest)
        assert after == games | others, "exactly the oldest beyond the cap, nothing else"
        assert history_queries.count(recorded.db()) == len(games)
    told = history_told()
    assert len([notice for notice in told if "cannot use" in notice]) <= 1 + more


def test_the_reported_id_of_2_62_loses_no_game(data_dir):
    """The issue's example: one row with id 2^62, then one more game."""
    for n in range(36):
        recorded.add_score(TABLE, n)
    recorded.forget()
    insert_raw(data_dir / history.FILE, {"id": 2**62, **good_row()})
    result = session(data_dir)
    assert result["count"] == 37 and result["in_file"]
    assert len(ids_in(data_dir / history.FILE)) == 38, "every game, and the row left out"
    assert [m for m in result["messages"] if "cannot use" in m]


KNOWN = ", ".join(f"'{key}'" for key in history.registry.load_all())


def agree(column: str, value) -> None:
    """A row whose `column` holds `value` passes VALID (with the known games) exactly when
    from_row reads it. (moves, times and record are JSON: VALID bounds their text, and the
    rows shown are read whole in Python.)"""
    db = history_file.memory()
    db.executescript(history.MIGRATIONS[1] + history.MIGRATIONS[2] + history.MIGRATIONS[3])
    row = {**good_row(), column: value}
    try:
        db.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                   list(row.values()))
    except sqlite3.IntegrityError:
        return                        # a value the table itself refuses cannot be in a file
    (found,) = db.execute(f"SELECT {', '.join(history.COLUMNS)} FROM games").fetchall()
    valid = db.execute(f"SELECT coalesce(({history.VALID} AND game IN ({KNOWN})), 0) "
                       f"FROM games").fetchone()[0]
    try:
        history.from_row(found)
        read = True
    except history_rows.checks.Invalid:
        read = False
    assert bool(valid) == read, (column, value)


@settings(max_examples=300, deadline=None)
@given(moment=MOMENTS, day=st.one_of(MOMENTS.map(lambda text: text[:10]), st.text(max_size=12)))
def test_sql_and_python_agree_on_every_moment_and_day(moment, day):
    """The two checks of a row (VALID in SQL, CHECKS in Python) let through the same dates."""
    for column, value in (("finished", moment), ("started", moment), ("daily", day)):
        agree(column, value)


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(column=st.sampled_from([c for c in history.COLUMNS
                               if c not in ("id", "moves", "times", "record")]),
       value=st.one_of(MOMENTS, st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=False),
                       TEXT, st.sampled_from(["won", "lost", "draw", "computer", "human", "",
                                              "nim", "kenken", "perfect", "72", 0, 1, 10**9,
                                              10**9 + 1, 1e12, 1e12 + 1, "size=4:x"])))
def test_a_row_is_left_out_in_sql_exactly_when_python_refuses_it(column, value):
    agree(column, value)


def test_a_clock_outside_the_dates_a_row_holds_writes_the_nearest():
    assert history.utc_text(-10**12) == history_rows.FIRST_TIME
    assert history.utc_text(10**15) == history_rows.LAST_TIME
    assert history.utc_text(float("nan"))[:2] == "20"
    assert history_rows.CHECKS["finished"].accepts(history.utc_text(0))


ZONES = ["UTC0", "EST5EDT,M3.2.0,M11.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3", "IST-5:30",
         "NST3:30NDT,M3.2.0/0:01,M11.1.0/0:01", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45",
         "<-11>11", "<+14>-14"]

EVERY_SCREEN = """
    import json, os, random, re, sys, time
    time.tzset()
    from games.core.cli.sample_history import fill
    from games.core.data import history, history_rows, stats
    from games.core.kit import registry
    from games.core.loop.app import App
    from games.core.screens.stats import HistoryScene, StatsScene, local_time
    app = App(windowed=True)
    db = app.store.history()
    fill(db, 300, seed=5)
    rng = random.Random(int(sys.argv[1]))
    first, last = history_rows.FIRST_SECONDS, history_rows.LAST_SECONDS
    moments = [first, last, first + 3600, last - 3600, 951782400, 1710054000, 1730008800,
               *(rng.uniform(first, last) for _ in range(40))]
    days = ["2000-01-01", "2999-12-31", "2024-02-29"]
    for n, moment in enumerate(moments):
        text = history.utc_text(moment)
        for key, opponent, level in (("kenken", "", ""), ("nim", "computer", "perfect")):
            db.record(history.Game(
                game=key, params="size=4,difficulty=easy" if key == "kenken" else "",
                game_id="", started=text, finished=text, outcome="won", score=n,
                detail=f"{n}", ranked=key == "kenken", duration=float(n), opponent=opponent,
                level=level, daily=days[n] if n < len(days) and key == "kenken" else ""))
        assert re.fullmatch(r"[0-9]{4}-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]",
                            local_time(text)), local_time(text)
    for key in [*registry.KEYS, ""]:
        json.dumps(stats.figures(db, key).as_json(), allow_nan=False)
        for scene in (StatsScene(app, key), HistoryScene(app, key)):
            app.stack = [scene]
            for _ in range(3):
                app.frame(1 / 60)
                app.jobs.wait_all()
    print("ok", len(moments))
"""


@pytest.mark.parametrize("zone", ZONES)
def test_every_screen_and_stats_work_for_any_date_the_checks_let_through(data_dir, zone,
                                                                         monkeypatch):
    """In zones east and west of UTC, with summer time and half-hour offsets: the statistics,
    their charts and the history list of games finished at the first and last moments a row
    may hold (and random ones between), and `main.py stats`."""
    data_dir.mkdir(parents=True)
    monkeypatch.setenv("TZ", zone)
    child = run(EVERY_SCREEN, data_dir, ZONES.index(zone))
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0 and out.startswith("ok"), err[-2000:]
    assert "Traceback" not in err
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir))
    done = subprocess.run([sys.executable, "main.py", "stats"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["played"] >= 300 + 2 * 47


# --- journals beside the file -------------------------------------------------------------------

MAKE_WAL = """
    import os, sys
    from games.core.data import history
    from games.core.data.store import Store
    db = Store(lambda message: None).history()
    now = history.utc_text()
    for n in range(int(sys.argv[1])):
        db.record(history.Game(game="nim", params="", game_id="", started=now, finished=now,
                               outcome="lost", score=None, detail="", ranked=False,
                               duration=3.0, opponent="computer", level="low"))
    db.db.execute("PRAGMA wal_autocheckpoint = 0")
    db.record(history.Game(game="nim", params="", game_id="", started=now, finished=now,
                           outcome="lost", score=None, detail="", ranked=False, duration=3.0,
                           opponent="computer", level="low"))
    print("ready", flush=True)
    os._exit(0)        # as a crash: the WAL left beside the file, not folded back
"""


def crashed_journal(folder, games: int, end: str = "-wal") -> bytes:
    """The journal a run of Parlour left when it crashed, in another data folder."""
    folder.mkdir(parents=True, exist_ok=True)
    if end == "-wal":
        child = run(MAKE_WAL, folder, games)
        out, err = child.communicate(timeout=120)
        assert out.strip() == "ready", err
    else:        # a transaction of a program in rollback mode, killed before its end
        code = f"""
            import os, sqlite3
            db = sqlite3.connect({str(folder / history.FILE)!r}, isolation_level=None)
            db.execute("PRAGMA journal_mode = DELETE")
            db.execute("CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, x)")
            db.execute("INSERT INTO games (x) SELECT zeroblob(3000) FROM (SELECT 1 UNION ALL "
                       "SELECT 2 UNION ALL SELECT 3)")
            db.execute("PRAGMA cache_size = 1")
            db.execute("BEGIN")
            db.execute("DELETE FROM games")
            db.execute("INSERT INTO games (x) SELECT zeroblob(3000) FROM games LIMIT 1")
            for n in range(300):
                db.execute("INSERT INTO games (x) VALUES (zeroblob(2000))")
            os._exit(0)
        """
        child = run(code, folder)
        child.communicate(timeout=120)
    return (folder / (history.FILE + end)).read_bytes()


FOREIGN = {
    "the WAL of a new history that crashed": lambda tmp: crashed_journal(tmp / "a", 0),
    "the WAL of another player's history": lambda tmp: crashed_journal(tmp / "b", 5),
    "a rollback journal of another database": lambda tmp: crashed_journal(tmp / "c", 0,
                                                                           "-journal"),
}


@pytest.mark.parametrize("kind", list(FOREIGN))
def test_a_journal_that_is_not_the_historys_is_set_aside_and_no_game_lost(data_dir, tmp_path,
                                                                          kind):
    kept = player_data(data_dir)
    for n in range(34):
        recorded.add_score(TABLE, 10 + n)
    recorded.forget()
    end = "-journal" if "rollback" in kind else "-wal"
    journal = FOREIGN[kind](tmp_path / "elsewhere")
    assert journal
    (data_dir / (history.FILE + end)).write_bytes(journal)
    result = session(data_dir)
    assert result["in_file"] and result["count"] == 37 + 1, "every game, and this one"
    said = said_once(result)
    assert "history.stray-1.sqlite" in said and "kept as it was" in said
    assert (data_dir / f"history.stray-1.sqlite{end}").read_bytes() == journal, "never deleted"
    assert fingerprints(data_dir) == kept
    recorded.forget()
    assert history_queries.count(recorded.db()) == 38


def test_a_backup_restored_beside_the_wal_of_a_later_run_loses_none_of_its_games(data_dir):
    """The history restored from a backup while a run that crashed left its WAL: whatever
    SQLite would make of the two, every game of the restored file is still there."""
    for n in range(20):
        recorded.add_score(TABLE, n)
    recorded.forget()
    backup = (data_dir / history.FILE).read_bytes()
    child = run(MAKE_WAL, data_dir, 30)
    assert child.communicate(timeout=120)[0].strip() == "ready"
    (data_dir / history.FILE).write_bytes(backup)
    scores = {row.score for row in history_queries.games(recorded.db(), most=200)}
    assert set(range(20)) <= scores, "every game of the restored file"
    assert len(history_told()) <= 1


def test_the_wal_of_a_copy_still_running_is_its_own_and_left_alone(data_dir):
    """Another Parlour has the history open, its WAL not yet folded back: a second one opening
    it reads those games and moves nothing."""
    recorded.add_score(TABLE, 1)
    recorded.forget()
    holder = run("""
        import sys, time
        from games.core.data import history
        from games.core.data.store import Store
        db = Store(lambda message: None).history()
        db.db.execute("PRAGMA wal_autocheckpoint = 0")
        for n in range(25):
            now = history.utc_text()
            db.record(history.Game(game="nim", params="", game_id="", started=now,
                                   finished=now, outcome="won", score=None, detail="",
                                   ranked=False, duration=1.0, opponent="computer",
                                   level="low"))
        print("open", flush=True)
        sys.stdin.readline()
        db.close()
    """, data_dir, stdin=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == "open"
        result = session(data_dir)
        assert result["in_file"] and result["count"] == 1 + 25 + 1
        assert not [m for m in result["messages"] if "journal" in m]
        assert not list(data_dir.glob("history.stray-*"))
    finally:
        holder.communicate("\n", timeout=60)
    assert history_queries.count(recorded.db()) == 27


STRAYS = {
    "a folder": lambda path, elsewhere: (path.mkdir(), (path / "x").write_text("x")),
    "a FIFO": lambda path, elsewhere: os.mkfifo(path),
    "a dangling link": lambda path, elsewhere: path.symlink_to(elsewhere / "gone"),
    "a link to a file": lambda path, elsewhere: path.symlink_to(elsewhere / "letter.txt"),
    "a link to a device": lambda path, elsewhere: path.symlink_to("/dev/zero"),
    "bytes that are no journal": lambda path, elsewhere: path.write_bytes(
        os.urandom(4096) + b"\xff" * 32768),
    "an empty file": lambda path, elsewhere: path.write_bytes(b""),
}


@HOSTILE_CASES
@given(end=st.sampled_from(journals.JOURNALS), kind=st.sampled_from(list(STRAYS)),
       second=st.sampled_from([None, *journals.JOURNALS]))
def test_a_stray_journal_of_any_kind_never_hides_a_game(data_dir, tmp_path, end, kind, second):
    emptied(data_dir)
    elsewhere = tmp_path / "elsewhere"
    shutil.rmtree(elsewhere, ignore_errors=True)
    elsewhere.mkdir()
    (elsewhere / "letter.txt").write_text("a file of the player's, not Parlour's")
    for n in range(5):
        recorded.add_score(TABLE, n)
    recorded.forget()
    for each in {end, second} - {None}:
        STRAYS[kind](data_dir / (history.FILE + each), elsewhere)
    assert recorded.db().in_file and history_queries.count(recorded.db()) == 5
    recorded.add_score(TABLE, 9)
    assert history_queries.count(recorded.db()) == 6
    assert len(history_told()) <= 1
    assert (elsewhere / "letter.txt").read_text() == "a file of the player's, not Parlour's"
    moved = {each for each in {end, second} - {None} if kind != "an empty file" and
             (kind != "bytes that are no journal" or each != "-shm")}
    for each in moved:
        assert os.path.lexists(data_dir / f"history.stray-1.sqlite{each}"), "moved, not deleted"
    recorded.forget()
    assert history_queries.count(recorded.db()) == 6


def test_a_stray_wal_in_a_real_process_on_the_launcher(data_dir):
    kept = player_data(data_dir)
    os.mkfifo(data_dir / (history.FILE + "-wal"))
    result = session(data_dir)
    assert "history.stray-1.sqlite-wal" in said_once(result)
    assert result["in_file"] and result["count"] == 4 and result["rank"] == 1
    assert fingerprints(data_dir) == kept


# --- versions and schemas ----------------------------------------------------------------------

VERSIONS = st.one_of(st.integers(-2**31, 2**31 - 1), st.integers(-3, 6),
                     st.sampled_from([-2**31, 2**31 - 1]))


@HOSTILE_CASES
@given(found=VERSIONS, wal=st.booleans())
def test_any_schema_version_no_traceback_one_message_the_file_kept(data_dir, found, wal):
    emptied(data_dir)
    for n in range(3):
        recorded.add_score(TABLE, n + 10)
    recorded.forget()
    path = data_dir / history.FILE
    execute(path, f"PRAGMA user_version = {found}")
    if not wal:
        execute(path, "PRAGMA journal_mode = DELETE")
    before = path.read_bytes()
    shared = recorded.db()
    told = history_told()
    assert recorded.add_score(TABLE, 1) == 1, "the game plays on"
    if found == history.SCHEMA_VERSION:
        assert shared.in_file and not told
        return
    assert len(told) == 1, told
    if found > history.SCHEMA_VERSION:        # a newer Parlour's: byte for byte, and read
        assert not shared.in_file and "newer Parlour" in told[0]
        assert history_queries.count(shared) == 4
        recorded.forget()
        assert path.read_bytes() == before, "not even switched to WAL"
    else:                                      # no version of ours: set aside whole
        assert "kept as history.bad-1.sqlite" in told[0]
        assert (data_dir / "history.bad-1.sqlite").read_bytes() == before
        assert shared.in_file and history_queries.count(shared) == 4, \
            "its games carried into the new one"


SHAPES = {
    "a table of another program beside": "CREATE TABLE notes (x)",
    "a trigger that deletes every game": "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN "
                                         "DELETE FROM games; END",
    "a view": "CREATE VIEW every AS SELECT * FROM games",
    "a unique index that refuses games": "CREATE UNIQUE INDEX one ON games (game, score)",
    "an index over an expression": "CREATE INDEX odd ON games (json_extract(moves, '$[0]'))",
    "a partial index": "CREATE INDEX some ON games (game) WHERE score > 1",
    "a games table of another shape": "ALTER TABLE games ADD COLUMN extra TEXT",
    "a games table with a check": ("ALTER TABLE games ADD COLUMN extra NOT NULL DEFAULT 'x' "
                                   "CHECK (extra = 'x')"),
    "no meta table": "DROP TABLE meta",
    "another program's database": ("DROP TABLE games", "DROP TABLE meta",
                                   "CREATE TABLE moz_places (url TEXT)"),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_schema_parlour_does_not_make_is_set_aside_whole_and_its_games_kept(data_dir, shape):
    for n in range(3):
        recorded.add_score(TABLE, n + 10)
    recorded.forget()
    path = data_dir / history.FILE
    shape_sql = SHAPES[shape]
    execute(path, *(shape_sql if isinstance(shape_sql, tuple) else (shape_sql,)))
    before = path.read_bytes()
    shared = recorded.db()
    (told,) = history_told()
    assert "kept as history.bad-1.sqlite" in told
    assert (data_dir / "history.bad-1.sqlite").read_bytes() == before
    carried = 0 if shape == "another program's database" else 3
    assert shared.in_file and history_queries.count(shared) == carried
    assert recorded.add_score(TABLE, 1) == 1 and history_queries.count(shared) == carried + 1
    recorded.forget()
    assert history_queries.count(recorded.db()) == carried + 1 and not history_told()


def test_a_plain_index_of_an_older_build_is_kept(data_dir):
    recorded.add_score(TABLE, 5)
    recorded.forget()
    execute(data_dir / history.FILE, "CREATE INDEX older ON games (game, params)")
    assert recorded.db().in_file and history_queries.count(recorded.db()) == 1
    assert not history_told()


FAILURES = {"disk I/O error": "later", "database or disk is full": "later",
            "attempt to write a readonly database": "later",
            "index games_by_time already exists": "aside",
            "no such column: times": "aside", "database disk image is malformed": "aside"}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_migration_that_fails_no_traceback_one_message(data_dir, monkeypatch, failure):
    """A version 2 file whose step to 3 fails: left byte for byte (a failure that may pass),
    or set aside whole (one that will not), the game playing on either way."""
    data_dir.mkdir(parents=True)
    path = data_dir / history.FILE
    db = sqlite3.connect(path)
    for step in (1, 2):
        db.executescript(history.MIGRATIONS[step])
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    insert_raw(path, good_row(score=4))
    before = path.read_bytes()
    real = history.History._step
    failed = []

    def failing(self, target):      # the file's step (the one set aside: its first only)
        if target == 3 and self.in_file and (FAILURES[failure] == "later" or not failed):
            failed.append(target)
            raise sqlite3.OperationalError(failure)
        return real(self, target)
    monkeypatch.setattr(history.History, "_step", failing)
    shared = recorded.db()
    (told,) = history_told()
    assert recorded.add_score(TABLE, 1) == 1 and history_queries.count(shared) == 2
    if FAILURES[failure] == "later":
        assert not shared.in_file and "cannot be written now" in told
        recorded.forget()
        assert path.read_bytes() == before
        monkeypatch.setattr(history.History, "_step", real)
        assert recorded.db().in_file and history_queries.count(recorded.db()) == 1
    else:
        assert shared.in_file and "kept as history.bad-1.sqlite" in told
        assert (data_dir / "history.bad-1.sqlite").read_bytes() == before


# --- every bad row, however many ----------------------------------------------------------------

def test_every_bad_row_is_left_out_however_many_there_are(data_dir):
    """150,000 rows Parlour cannot use before the games and more after them: the statistics
    count the games alone (the check once had a window, past which bad rows got through)."""
    for n in range(5):
        recorded.add_score(TABLE, n)
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    columns = [c for c in history.COLUMNS if c != "id"]
    row = dict(zip(columns, db.execute(f"SELECT {', '.join(columns)} FROM games").fetchone()))
    insert = (f"INSERT INTO games (id, {', '.join(columns)}) "
              f"VALUES ({', '.join('?' * (len(columns) + 1))})")
    db.executemany(insert, [(-n, *{**row, "outcome": "victory"}.values())
                            for n in range(1, 150_001)])
    db.executemany(insert, [(1000 + n, *{**row, "score": value}.values())
                            for n, value in enumerate(["high", 1e300, b"\x00", 10**13])])
    db.commit()
    db.close()
    for key in ("kenken", ""):
        figures = stats.figures(recorded.db(), key)
        assert figures.played == 5 and figures.won == 5
    assert history_queries.count(recorded.db()) == 5
    assert len([n for n in history_told() if "cannot use" in n]) == 1
    recorded.forget()
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir))
    done = subprocess.run([sys.executable, "main.py", "stats", "kenken"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["played"] == 5, done.stderr
    assert "150004 games with values Parlour cannot use" in done.stderr, done.stderr


@HOSTILE_CASES
@given(changes=st.lists(st.tuples(st.sampled_from(["insert below", "insert above", "update"]),
                                  st.sampled_from(["outcome", "opponent", "games", "score",
                                                   "finished", "level"])),
                        min_size=1, max_size=4))
def test_rows_another_program_changes_while_open_are_checked_before_the_next_read(
        data_dir, changes):
    emptied(data_dir)
    for n in range(4):
        recorded.add_score(TABLE, n)
    shared = recorded.db()
    assert stats.figures(shared, "").played == 4
    path = data_dir / history.FILE
    hostile = {"outcome": "victory", "opponent": "robot", "games": 0, "score": "lots",
               "finished": "9999-12-31 23:59:59", "level": "Hard!"}
    good = {1, 2, 3, 4}
    for n, (how, column) in enumerate(changes):
        if how == "update" and good:
            spoiled = min(good)
            execute(path, f"UPDATE games SET {column} = ? WHERE id = {spoiled}",
                    args=(hostile[column],))
            good.discard(spoiled)
        elif how != "update":
            row_id = -n - 1 if how == "insert below" else 10**6 + n
            insert_raw(path, {"id": row_id, **good_row(**{column: hostile[column]})})
        for key in ("kenken", ""):
            figures = stats.figures(shared, key)
            assert figures.played == figures.won == len(good), (how, column)
        json.dumps(stats.figures(shared, "kenken").as_json(), allow_nan=False)
        assert {row.id for row in history_queries.games(shared, most=50)} == good


# --- the old files ---------------------------------------------------------------------------

ENTRIES = st.fixed_dictionaries(
    {"score": st.one_of(st.integers(-10**12, 10**12), st.floats(-1e12, 1e12))},
    optional={"detail": st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
              "date": st.one_of(MOMENTS.map(lambda text: text[:10]), st.text(max_size=32))})
TABLES = st.one_of(st.sampled_from([TABLE, "kenken/size=6,difficulty=hard",
                                    "deductile/tiles=4,difficulty=normal", "gone/x=1",
                                    "kenken/a:b", "nim/", "kenken/sizé=4"]),
                   st.text(max_size=30))


@HOSTILE_CASES
@given(scores=st.dictionaries(TABLES, st.lists(ENTRIES, max_size=5), max_size=4))
def test_every_old_result_is_imported_or_named(data_dir, scores):
    emptied(data_dir)
    (data_dir / "scores.json").write_text(json.dumps(scores))
    shared = recorded.db()
    told = recorded.take_told()
    if (data_dir / "scores.bad-1.json").exists():     # the old schema refused the whole file
        return
    entries = sum(len(rows) for rows in scores.values())
    named = [n for n in told if "could not be brought" in n]
    refused = int(named[0].split(" ")[0]) if named else 0
    assert history_queries.count(shared) + refused == entries, "every result imported or named"
    (kept,) = data_dir.glob("scores.*imported.json")
    assert kept.name == ("scores.partly-imported.json" if refused else "scores.imported.json")
    assert json.loads(kept.read_text()) == scores, "kept whole"
    for row in history_queries.games(shared, most=50):
        history.checked(row)


def test_the_reported_tab_in_a_best_time_is_kept(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "scores.json").write_text(json.dumps(
        {TABLE: [{"score": 90, "detail": "1:30\tbest", "date": "2026-01-02"}]}))
    assert recorded.scores()[TABLE] == [{"score": 90, "detail": "1:30 best",
                                         "date": "2026-01-02"}]
    assert (data_dir / "scores.imported.json").exists() and not history_told()


# --- two copies at once --------------------------------------------------------------------------

TWIN = """
    import json, sys, time
    from games.core.data import history
    from games.core.data.store import Store
    start, side, rounds, each = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), \\
        int(sys.argv[4])
    said = []
    while time.time() < start:
        time.sleep(0.0005)
    recorded = 0
    for r in range(rounds):
        store = Store(said.append)
        db = store.history()
        for n in range(each):
            now = history.utc_text()
            db.record(history.Game(
                game="deductile", params="tiles=4,difficulty=normal", game_id="",
                started=now, finished=now, outcome="won", score=side * 10**6 + recorded,
                detail="", ranked=True, duration=1.0))
            recorded += 1
        store.forget_history()
    print(json.dumps({"recorded": recorded, "said": said}))
"""


@pytest.mark.parametrize("start", ["a new folder", "a history there", "old files to import"])
def test_copies_started_at_the_same_moment_keep_every_game(data_dir, start):
    """Four copies of Parlour started at the same instant, each opening the history, recording
    and closing it several times: every game of every copy is in the file."""
    for attempt in range(2):
        shutil.rmtree(data_dir, ignore_errors=True)
        data_dir.mkdir(parents=True)
        if start == "a history there":
            recorded.add_score(TABLE, 1)
            recorded.forget()
        if start == "old files to import":
            (data_dir / "scores.json").write_text(json.dumps({TABLE: [{"score": 7}]}))
        at = time.time() + 2.0
        copies = [run(TWIN, data_dir, at, side, 4, 25) for side in range(1, 5)]
        results = []
        for child in copies:
            out, err = child.communicate(timeout=600)
            assert child.returncode == 0 and "Traceback" not in err, err[-2000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
        assert sum(r["recorded"] for r in results) == 400
        expected = 400 + (start != "a new folder")
        assert history_queries.count(recorded.db()) == expected, (attempt, results)
        for result in results:
            assert not [m for m in result["said"] if "cannot be written" in m], result
        recorded.forget()


LOCKER = """
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
    db.execute("COMMIT")
    print("free", flush=True)
"""

LATE = """
    import json, sys, time
    from games.core.data import history
    from games.core.data.store import Store
    said = []
    store = Store(said.append)
    db = store.history()
    first = db.in_file
    for n in range(int(sys.argv[1])):
        now = history.utc_text()
        db.record(history.Game(game="kenken", params="size=4,difficulty=easy", game_id="",
                               started=now, finished=now, outcome="won", score=n, detail="",
                               ranked=True, duration=1.0))
        time.sleep(float(sys.argv[2]))
    last = db.in_file
    store.forget_history()
    print(json.dumps({"first": first, "last": last, "said": said}))
"""


@pytest.mark.parametrize("when", ["during the session", "before it closes"])
def test_a_copy_that_could_not_write_writes_its_games_as_soon_as_it_can(data_dir, when):
    """Another program holds the write lock past the timeout while Parlour opens and records:
    the games are kept in memory and written to the file once the lock is gone, at the next
    game or at the latest as Parlour closes."""
    recorded.add_score(TABLE, 100)
    recorded.forget()
    holder = run(LOCKER, data_dir, data_dir / history.FILE, 5.0)
    try:
        assert holder.stdout.readline().strip() == "locked"
        games, pause = (10, 0.6) if when == "during the session" else (3, 0.0)
        copy = run(LATE, data_dir, games, pause)
        out, err = copy.communicate(timeout=120)
    finally:
        holder.communicate(timeout=60)
    assert copy.returncode == 0 and "Traceback" not in err, err
    result = json.loads(out.strip().splitlines()[-1])
    assert not result["first"], "the lock was held past the timeout at the start"
    assert history_queries.count(recorded.db()) == 1 + games, "every game written to the file"
    if when == "during the session":
        assert result["last"] and any("can be written again" in m for m in result["said"])


def test_close_waits_for_the_lock_and_writes_the_games_kept_in_memory(data_dir):
    """The lock held while a copy opens and records, let go while it is still open: closing
    writes its games."""
    recorded.add_score(TABLE, 100)
    recorded.forget()
    holder = run(LOCKER, data_dir, data_dir / history.FILE, 4.5)
    assert holder.stdout.readline().strip() == "locked"
    shared = recorded.db()
    assert not shared.in_file
    for n in range(3):
        recorded.add_score(TABLE, n)
    holder.communicate(timeout=60)
    recorded.forget()
    assert history_queries.count(recorded.db()) == 4


@pytest.mark.parametrize("found", [-1, 0, history.SCHEMA_VERSION + 1, 2**31 - 1])
@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_the_reported_versions_in_real_processes(data_dir, found, journal):
    """The launcher and `main.py stats` on a file of any version: no traceback, one message,
    the file byte for byte (a newer one) or set aside whole (one of no version of ours)."""
    kept = player_data(data_dir)
    path = data_dir / history.FILE
    execute(path, f"PRAGMA user_version = {found}", f"PRAGMA journal_mode = {journal}")
    before = path.read_bytes()
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir))
    done = subprocess.run([sys.executable, "main.py", "stats", "kenken"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert json.loads(done.stdout)["played"] == 3
    if found > history.SCHEMA_VERSION:
        result = session(data_dir)
        assert "newer Parlour" in said_once(result) and result["count"] == 4
        assert path.read_bytes() == before, "left byte for byte, as the message says"
    else:
        assert (data_dir / "history.bad-1.sqlite").read_bytes() == before
        result = session(data_dir)          # the new history, begun by `stats`
        assert result["in_file"] and result["count"] == 4
    assert fingerprints(data_dir) == kept


@pytest.mark.parametrize("kind", ["a folder", "a FIFO", "a dangling link"])
def test_a_lock_file_that_is_not_ours_does_not_stop_the_journals_being_tried(data_dir,
                                                                             tmp_path, kind):
    for n in range(5):
        recorded.add_score(TABLE, n)
    recorded.forget()
    lock = data_dir / journals.LOCK_FILE
    lock.unlink()
    STRAYS[kind](lock, tmp_path)
    (data_dir / (history.FILE + "-wal")).write_bytes(crashed_journal(tmp_path / "other", 0))
    assert history_queries.count(recorded.db()) == 5 and recorded.db().in_file
    assert [notice for notice in history_told() if "history.stray-1.sqlite-wal" in notice]
    assert os.path.lexists(str(lock) + ".bad-1")


def test_the_history_soak_loses_nothing():
    """A short run of tools/history_soak.py (the README's figures are from long ones)."""
    done = subprocess.run([sys.executable, "tools/history_soak.py", "--rounds", "3",
                           "--seed", "5"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    counts = json.loads(done.stdout)
    assert counts["lost"] == 0 and counts["processes"] >= 6 and counts["games_in_file"] > 0
