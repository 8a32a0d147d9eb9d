"""Settings, scores and saves: atomic writes; hostile files set aside, nothing else lost."""
import json
import os

import pytest

from games.core.data import schema
from games.core.data.store import MAX_FILE_BYTES, Store
from tests import recorded

TABLE = "deductile/tiles=4,difficulty=normal"
store = Store(lambda message: None)   # the test's own hand on the data folder


def test_settings_round_trip_and_defaults(data_dir):
    settings, message = store.load_settings()
    assert settings == {**schema.DEFAULT_SETTINGS, "setup": {}} and message is None
    settings["volume"] = 0.3
    store.save_settings(settings)
    assert store.load_settings()[0]["volume"] == 0.3


@pytest.mark.parametrize("content", [b"", b"{", b"\x00\xff\xfe", b"[1, 2]", b'"text"',
                                     b'{"volume": "loud"}', b"null"])
def test_hostile_settings_never_crash(data_dir, content):
    recorded.add_score(TABLE, 5)
    (data_dir / "settings.json").write_bytes(content)
    settings, message = store.load_settings()
    assert settings["volume"] == schema.DEFAULT_SETTINGS["volume"]
    assert recorded.best(TABLE) == 5, "the scores are untouched"
    if content not in (b'{"volume": "loud"}',):
        assert message and "settings.json" in message
        assert not (data_dir / "settings.json").exists()
        assert list(data_dir.glob("settings.bad-*.json"))


def test_huge_file_is_set_aside_unread(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "scores.json").write_bytes(b" " * (MAX_FILE_BYTES + 1))
    assert recorded.scores() == {}
    assert any("too large" in notice for notice in recorded.take_told())
    assert list(data_dir.glob("scores.bad-*.json"))


def test_scores_keep_the_best_five(data_dir):
    for score in (10, 50, 30, 20, 40, 60, 5):
        recorded.add_score(TABLE, score)
    assert [r["score"] for r in recorded.scores()[TABLE]] == [60, 50, 40, 30, 20]
    assert recorded.add_score(TABLE, 1) is None
    assert recorded.add_score(TABLE, 50) == 3, "a tie ranks after the scores already there"
    fast = "kenken/size=4,difficulty=easy"
    assert recorded.add_score(fast, 12.5) == 1
    assert recorded.add_score(fast, 20) == 2, "Calcoolation's best times are the shortest"


def test_atomic_write_leaves_the_old_file_when_writing_fails(data_dir, monkeypatch):
    store.write_json("settings.json", {"volume": 0.1})

    def broken_replace(src, dst):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.write_json("settings.json", {"volume": 0.9})
    monkeypatch.undo()
    assert json.loads((data_dir / "settings.json").read_text()) == {"volume": 0.1}
    assert not [p for p in os.listdir(data_dir) if p.startswith(".tmp-")]
