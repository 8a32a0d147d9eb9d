"""When each move was made: the Session notes it, the history keeps it (schema 2, migrated
from 1 by PRAGMA user_version), and a puzzle's replay reads it back."""
import json
import os
import sqlite3
import stat

import pytest
from hypothesis import given, settings, strategies as st

from games.core.data import history, history_queries
from games.core.kit.checks import Invalid
from games.core.kit.session import Session
from tests import recorded

V1_ROW = ("nim", "", "nim:x:y", "2026-01-02 03:04:05", "2026-01-02 03:05:05", "won", None, "",
          0, 60.0, '["0:1","1:2"]', "{}", "human", "", "", 1)


def version_1_file(path) -> None:
    """A history as the first schema made it, with one game."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.executescript(history.MIGRATIONS[1])
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO games (game, params, game_id, started, finished, outcome, score, "
               "detail, ranked, duration, moves, record, opponent, level, daily, games) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", V1_ROW)
    db.commit()
    db.close()


def game(**fields) -> history.Game:
    session = Session.new("nim", None, 1)
    now = history.utc_text()
    values = dict(game="nim", params=session.params.encode(), game_id=session.game_id,
                  started=now, finished=now, outcome="won", score=None, detail="",
                  ranked=False, duration=9.0, moves=("0:1", "1:1"), times=(1.5, 4.25),
                  opponent="human")
    values.update(fields)
    return history.Game(**values)


def test_a_version_1_history_is_migrated_and_keeps_its_games(data_dir):
    version_1_file(data_dir / history.FILE)
    (old,) = history_queries.games(recorded.db())
    assert old.moves == ("0:1", "1:2") and old.times == (), "older games have no times"
    recorded.db().record(game())
    newest = history_queries.games(recorded.db(), most=1)[0]
    assert newest.times == (1.5, 4.25)
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION >= 2
    assert [json.loads(t) for (t,) in db.execute("SELECT times FROM games ORDER BY id")] == \
        [[], [1.5, 4.25]]
    db.close()


def test_a_migration_killed_midway_leaves_version_1_and_runs_again(data_dir, monkeypatch):
    version_1_file(data_dir / history.FILE)
    real = history._connect

    class Dies:
        def __init__(self, db):
            self.db = db

        def __getattr__(self, name):
            return getattr(self.db, name)

        def execute(self, sql, *args):
            if sql.startswith("PRAGMA user_version = 2"):
                raise sqlite3.OperationalError("disk I/O error")
            return self.db.execute(sql, *args)

    monkeypatch.setattr(history, "_connect", lambda target: Dies(real(target)))
    assert not recorded.db().in_file
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert "times" not in columns, "the step's transaction was rolled back"
    db.close()
    monkeypatch.setattr(history, "_connect", real)
    assert recorded.db().in_file and len(history_queries.games(recorded.db())) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_a_read_only_version_1_history_is_read_in_memory_migrated(data_dir):
    version_1_file(data_dir / history.FILE)
    os.chmod(data_dir / history.FILE, stat.S_IRUSR)
    os.chmod(data_dir, stat.S_IRUSR | stat.S_IXUSR)
    try:
        db = recorded.db()
        assert not db.in_file and [g.moves for g in history_queries.games(db)] == [("0:1", "1:2")]
        db.record(game())
        assert history_queries.games(db, most=1)[0].times == (1.5, 4.25)
    finally:
        os.chmod(data_dir, stat.S_IRWXU)


@pytest.mark.parametrize("times", ['[1,2,3]', '[-1,2]', '["a",2]', '[1e300,1]', '{"a":1}',
                                   '[1,', "x" * 70000])
def test_a_row_with_hostile_times_is_left_out_with_a_message(data_dir, times):
    recorded.db().record(game())
    recorded.forget()
    db = sqlite3.connect(data_dir / history.FILE)
    db.execute("UPDATE games SET times = ?", (times,))
    db.commit()
    db.close()
    assert history_queries.games(recorded.db()) == []
    assert recorded.take_told(), "the player is told"


def test_times_of_the_wrong_length_are_never_written():
    with pytest.raises(Invalid):
        history.checked(game(times=(1.0,)))
    with pytest.raises(Invalid):
        history.checked(game(times=(float("nan"), 1.0)))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["move", "undo", "redo", "restart", "wait"]), max_size=40))
def test_the_session_notes_when_each_entry_was_made(steps):
    """Whatever the undos, redos and restarts, a time goes with each entry: the time the
    entry was made, never later than the session's clock."""
    session = Session.new("nim", None, 2)
    made = {0: None}
    for step in steps:
        if step == "wait":
            session.elapsed += 1.25
        elif step == "move" and session.rules.legal_moves(session.state):
            session.apply(session.rules.legal_moves(session.state)[0])
            made[session.position] = round(session.elapsed, 2)
        elif step == "undo":
            session.undo()
        elif step == "redo":
            session.redo()
        elif step == "restart" and session.restart():
            made[session.position] = round(session.elapsed, 2)
        assert len(session.times) == len(session.entries)
        assert session.times[session.position] == made[session.position]
        assert all(t is None or t <= session.elapsed for t in session.times)


def test_a_resumed_session_has_no_times_for_the_moves_before():
    session = Session.new("nim", None, 2)
    session.elapsed = 3.0
    session.apply(session.rules.legal_moves(session.state)[0])
    again = Session.from_json(session.to_json())
    assert again.times == [None, None]
    again.elapsed = 5.0
    again.apply(again.rules.legal_moves(again.state)[0])
    assert again.times == [None, None, 5.0]
