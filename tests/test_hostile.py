"""Hostile input at every place it enters (issue 12): generated values at every key of every
data file and every save field, special files, an unusable data folder, two processes writing
at once, signals, undecodable stdin, bad output paths, a garbage font."""
import copy
import io
import json
import math
import os
import select
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, schema
from games.core.data.store import MAX_FILE_BYTES, Store
from games.core.kit import registry, saves
from games.core.kit.checks import Invalid, check
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session, parse_game_id
from tests import recorded

TOLD: list[str] = []            # what the test's store told the player
store = Store(TOLD.append)


def take_told() -> list[str]:
    """What the store told the player since the last call."""
    told = list(TOLD)
    TOLD.clear()
    return told

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = list(registry.KEYS)
FEW = settings(max_examples=150, deadline=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture])

# Values no file of ours may hold, and some it may: whatever they are, nothing crashes.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                       children, max_size=4),
    max_leaves=12)
hostile = st.one_of(
    json_values,
    st.integers(-10**400, 10**400),
    st.sampled_from([math.inf, -math.inf, math.nan, 10**400, -1, 1e308, "", "\x00", "a\x00b",
                     "\ud800", "x" * 300, "x" * 100_000, [], {}, [[[]]], {"a": {"b": {}}},
                     ["black", "white"], True, None, 0.5, "perfect", "nightmare"]))


def emptied(folder):
    """Hypothesis runs many examples in one test's folder: each starts from nothing."""
    import shutil
    recorded.forget()
    shutil.rmtree(folder, ignore_errors=True)
    TOLD.clear()
    return folder


def write(folder, name, data) -> None:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())


def put(data, place, value):
    """A copy of data with the value at `place` (a tuple of keys and indexes) replaced."""
    data = copy.deepcopy(data)
    if not place:
        return value
    inner = data
    for step in place[:-1]:
        inner = inner[step]
    inner[place[-1]] = value
    return data


def get(data, place):
    for step in place:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return KeyError
    return data


def set_aside_files(folder, stem):
    return list(folder.glob(f"{stem}.bad-*.json"))


@pytest.fixture(autouse=True)
def fresh_notices():
    TOLD.clear()
    yield


# --- settings and the games' preferences inside them ----------------------------------------

GOOD_SETTINGS = {"fullscreen": False, "volume": 0.4, "muted": True, "show_errors": False,
                 "animations": True, "palette": "safe", "text_size": "large", "pace": "slow",
                 "clock": "hidden", "kenken_autoclear": False, "nim_teach": True,
                 "nim_custom_heaps": "3,4,5",
                 "setup": {"kono": {"level": "hard", "side": 1},
                           "deductile": {"level": {"difficulty": "hard"}}},
                 "mu_torere": {"colours": ["red", "blue"], "board": "wheel", "legend": False,
                               "custom_level": 30, "undo_depth": 2},
                 "a_newer_build_key": {"kept": [1, 2]}}
SETTINGS_PLACES = [(), *[(key,) for key in GOOD_SETTINGS], ("setup", "kono"),
                   ("setup", "kono", "level"), ("setup", "deductile", "level"),
                   ("setup", "deductile", "level", "difficulty"), ("setup", "nosuchgame"),
                   ("mu_torere", "colours"), ("mu_torere", "colours", 0), ("mu_torere", "board"),
                   ("mu_torere", "legend"), ("mu_torere", "custom_level"),
                   ("mu_torere", "undo_depth"), ("another_key",)]


@FEW
@given(place=st.sampled_from(SETTINGS_PLACES), value=hostile)
def test_hostile_values_at_every_settings_key(data_dir, place, value):
    emptied(data_dir)
    from games.core.screens.launch import remembered_choices
    write(data_dir, "settings.json", put(GOOD_SETTINGS, place, value))
    loaded, message = store.load_settings()
    assert check(schema.SETTINGS, loaded) == loaded, "only clean values come out"
    json.dumps(loaded, allow_nan=False)
    assert isinstance(loaded["volume"], (int, float)) and 0 <= loaded["volume"] <= 1
    if get(loaded, place) != get(put(GOOD_SETTINGS, place, value), place) and place != ():
        assert message and "settings.json" in message and TOLD
        assert set_aside_files(data_dir, "settings"), "the file as it was is kept"
    for key in GAMES:     # each game reads its own preferences through its schema
        prefs = registry.preferences(loaded, key)
        for pref in prefs.schema.values():
            assert pref.check.accepts(prefs[pref.name])
    for key in GAMES:
        choices = remembered_choices(key, loaded["setup"].get(key))
        assert set(choices) == {option.key for option in registry.lookup(key).data.options}
    assert store.load_settings()[1] is None, "the clean settings were written back"


def test_the_examples_of_the_issue_in_settings(data_dir):
    write(data_dir, "settings.json", b'{"volume": 1' + b"0" * 400 + b', "muted": true}')
    loaded, message = store.load_settings()
    assert loaded["volume"] == schema.DEFAULT_SETTINGS["volume"] and loaded["muted"] is True
    assert "volume" in message and set_aside_files(data_dir, "settings")
    for prefs in ([1, 2], {"colours": {"a": 1}, "board": [], "undo_depth": {}}):
        write(data_dir, "settings.json", {"mu_torere": prefs})
        read = registry.preferences(store.load_settings()[0], "mu_torere")
        assert all(read[pref.name] == pref.default for pref in read.schema.values())


# --- the best scores and records of older builds, imported once -----------------------------

GOOD_SCORES = {"kenken/size=4,difficulty=easy": [{"score": 90, "date": "2026-01-02",
                                                  "detail": "1:30"}, {"score": 95.5}]}
TABLE = "kenken/size=4,difficulty=easy"
SCORE_PLACES = [(), (TABLE,), (TABLE, 0), (TABLE, 0, "score"), (TABLE, 0, "date"),
                (TABLE, 0, "detail"), (TABLE, 1, "score")]


def imported():
    """Open the history afresh, as at start: it imports the old files."""
    recorded.forget()
    return recorded.scores(), recorded.records_by_table()


@FEW
@given(place=st.sampled_from(SCORE_PLACES), value=hostile, name=st.text(max_size=300))
def test_hostile_values_at_every_scores_key(data_dir, place, value, name):
    emptied(data_dir)
    data = put(GOOD_SCORES, place, value)
    if isinstance(data, dict) and name:
        data[name] = data.get(TABLE)
    write(data_dir, "scores.json", data)
    scores, _ = imported()
    if set_aside_files(data_dir, "scores"):
        assert scores == {}
        assert any("scores.json" in notice for notice in recorded.take_told()), "told"
    else:
        (kept,) = data_dir.glob("scores.*imported.json")
        partly = kept.name == "scores.partly-imported.json"
        assert partly == any("could not be brought into the history" in notice
                             for notice in recorded.take_told()), "what was not kept is said"
    for rows in scores.values():
        for row in rows:
            assert math.isfinite(row["score"]) and "\x00" not in row["detail"]
    assert recorded.add_score(TABLE, 70) is not None     # and scores can still be kept
    assert not (data_dir / "scores.json").exists()


@FEW
@given(place=st.sampled_from([(), ("kono/level=hard",), ("kono/level=hard", "won"),
                              ("kono/level=hard", "lost"), ("kono/level=hard", "draw")]),
       value=hostile)
def test_hostile_values_at_every_records_key(data_dir, place, value):
    emptied(data_dir)
    written = put({"kono/level=hard": {"won": 3, "lost": 1, "draw": 0}}, place, value)
    write(data_dir, "records.json", written)
    _, records = imported()
    if set_aside_files(data_dir, "records"):
        assert records == {} and "records.json" in recorded.take_told()[0]
    else:
        for table, counts in records.items():
            assert all(counts[name] == written[table][name] for name in counts)
    now = history.utc_text()
    recorded.db().record(history.Game(            # and records can still be kept
        game="kono", params="", game_id="", started=now, finished=now, outcome="won",
        score=0, detail="", ranked=False, duration=1.0, opponent="computer", level="hard"))
    assert recorded.records_by_table()["kono/level=hard"]["won"] >= 1


# --- saved games ----------------------------------------------------------------------------

def good_save(key: str) -> dict:
    session = Session.new(key, None, seed=7)
    for _ in range(3):
        moves = session.rules.legal_moves(session.state)
        if moves:
            session.apply(moves[0])
    session.undo()
    data = session.to_json()
    data["play"] = {"hints": 1, "level": "medium", "side": 0, "opponent": "computer"}
    data["record"] = {"hints": 1}
    return data


SAVES = {key: good_save(key) for key in GAMES}
SAVE_PLACES = [(), ("version",), ("game",), ("params",), ("desc",), ("moves",), ("moves", 0),
               ("position",), ("elapsed",), ("record",), ("record", "hints"), ("play",),
               ("play", "level"), ("play", "side"), ("play", "opponent"), ("play", "hints"),
               ("surplus",)]


def resume_data(key):
    """What the Resume button does, without the window: store -> Session -> play options."""
    from games.core.screens.launch import checked_play

    def rebuild(data):
        session = Session.from_json(data, key)
        return session, checked_play(key, data.get("play", {}), [])
    return store.load_game(key, rebuild)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(GAMES), place=st.sampled_from(SAVE_PLACES), value=hostile)
def test_hostile_values_at_every_save_field(data_dir, key, place, value):
    emptied(data_dir)
    from games.core.screens.launch import offered, options_of
    write(data_dir, f"saves/{key}.json", put(SAVES[key], place, value))
    loaded, message = resume_data(key)
    if loaded is None:
        assert message and f"{key}.json" in message
        assert set_aside_files(data_dir / "saves", key)
        assert not (data_dir / "saves" / f"{key}.json").exists()
        return
    session, play = loaded
    assert session.key == key
    saves.read(session.to_json(), key)      # what it writes back, it reads back
    for option in options_of(key):
        if option.target == "play" and option.key in play:
            assert offered(key, option, play[option.key])


@pytest.mark.parametrize("key", ["mu_torere", "kono", "nim"])
def test_an_unknown_computer_level_is_replaced_by_the_default_and_said(driver, data_dir, key):
    from games.core.screens.launch import options_of, resume_saved_game
    saved = Session.from_json(SAVES[key])
    computer = saved.rules.current_player(saved.state)     # the computer is to move
    data = dict(SAVES[key], play={"opponent": "computer", "side": 1 - computer,
                                  "level": "nightmare"})
    write(data_dir, f"saves/{key}.json", data)
    assert resume_saved_game(driver.app, key)
    scene = driver.app.top
    default = next(o.default for o in options_of(key) if o.key == "level")
    assert scene.play_options["level"] == default
    assert any("nightmare" in message for message in driver.app.messages)
    driver.run_until(lambda: scene.session.position > data["position"] or scene.over)


@pytest.mark.parametrize("other", ["kono", "nim", "deductile"])
def test_a_valid_save_of_another_game_under_this_name_is_set_aside(driver, data_dir, other):
    from games.core.screens.launch import resume_saved_game
    write(data_dir, "saves/mu_torere.json", SAVES[other])
    assert not resume_saved_game(driver.app, "mu_torere")
    assert "mu_torere.json" in driver.app.messages[-1]
    assert set_aside_files(data_dir / "saves", "mu_torere")


# --- special files in place of ours ---------------------------------------------------------

FILES = ["settings.json", "scores.json", "records.json", "saves/nim.json"]


@pytest.fixture
def alarm():
    """A read that blocks fails the test instead of hanging it."""
    def timeout(number, frame):
        raise TimeoutError("a read blocked")
    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def read_every_kind():
    store.load_settings(), imported(), resume_data("nim")


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "folder", "dangling"])
@pytest.mark.parametrize("name", FILES)
def test_special_files_are_set_aside_without_hanging(data_dir, alarm, kind, name):
    target = data_dir / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "dev_zero":
        target.symlink_to("/dev/zero")
    elif kind == "folder":
        target.mkdir()
    else:
        target.symlink_to(data_dir / "nowhere")
    read_every_kind()
    assert not os.path.lexists(target)
    assert set_aside_files(target.parent, name.split("/")[-1][:-5])
    assert any(name.split("/")[-1] in notice for notice in take_told() + recorded.take_told())
    read_every_kind()   # and nothing more to say


def test_a_file_over_the_cap_is_not_read_whole(data_dir, monkeypatch):
    write(data_dir, "scores.json", b"[" + b"1," * MAX_FILE_BYTES + b"1]")
    read = []
    real_read = os.read

    def counted(fd, n):
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk
    monkeypatch.setattr(os, "read", counted)
    scores, message = store.read_json("scores.json")
    assert scores is None and message is not None and "too large" in message
    assert sum(read) == MAX_FILE_BYTES + 1, "read up to the cap and no further"


# --- the data folder itself -----------------------------------------------------------------

def unusable_folders(tmp_path):
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    return {"a file in its place": str(a_file), "a path under a file": str(a_file / "data"),
            "an over-long path": str(tmp_path / ("x" * 300) / "data"),
            "too long for Parlour": "/" + "d/" * 600}


def test_an_unusable_data_folder_leaves_defaults_and_a_message(tmp_path, monkeypatch):
    for why, folder in unusable_folders(tmp_path).items():
        monkeypatch.setenv("PARLOUR_DATA_DIR", folder)
        TOLD.clear()
        recorded.TOLD.clear()
        assert store.load_settings()[0] == schema.DEFAULT_SETTINGS, why
        assert recorded.scores() == {} and recorded.records_by_table() == {}
        assert not store.has_save("nim")
        notices = take_told()
        assert notices and "data folder" in notices[0], why
        assert recorded.add_score(TABLE, 1) == 1, "the history is kept in memory"
        assert not recorded.db().in_file
        store.clean_temporary_files()
        recorded.forget()


def test_an_unwritable_home_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("PARLOUR_DATA_DIR")

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "makedirs", refused)
    assert store.load_settings()[0] == schema.DEFAULT_SETTINGS
    assert "Permission denied" in take_told()[0]


def test_the_game_plays_on_without_a_data_folder(tmp_path, monkeypatch):
    from tests.driver import Driver
    monkeypatch.setenv("PARLOUR_DATA_DIR", unusable_folders(tmp_path)["a path under a file"])
    driver = Driver()
    assert any("data folder" in message for message in driver.app.messages)
    scene = driver.start("nim", None, seed=3, play_options={"opponent": "human"})
    while not scene.over:
        scene.play(scene.game.rules.legal_moves(scene.state)[0])
    driver.until_result()
    scene.save()
    driver.app.save_settings()
    assert any("could not be saved" in message for message in driver.app.messages)
    driver.close()


def test_finishing_when_the_old_save_cannot_be_removed(driver, data_dir, monkeypatch):
    from games.core.screens.menus import ResultScene
    scene = driver.start("nim", None, seed=3, play_options={"opponent": "human"})
    scene.save()
    (data_dir / "saves" / "nim.json").unlink()
    (data_dir / "saves").rmdir()
    (data_dir / "saves").write_text("not a folder")       # `saves` not a folder
    while not scene.over:
        scene.play(scene.game.rules.legal_moves(scene.state)[0])
    driver.until_result()
    assert isinstance(driver.app.top, ResultScene)
    (data_dir / "saves").unlink()
    scene2 = driver.start("nim", None, seed=4, play_options={"opponent": "human"})
    scene2.save()

    def read_only(path):
        raise PermissionError(13, "Read-only file system")
    monkeypatch.setattr(os, "remove", read_only)
    message = store.delete_game("nim")
    assert "could not be removed" in message and "Read-only" in message


def test_old_temporary_files_are_removed_at_start(data_dir):
    write(data_dir, ".tmp-abc.json", b"{")
    write(data_dir, "saves/.tmp-def.json", b"{")
    write(data_dir, "saves/nim.json", SAVES["nim"])
    from tests.driver import Driver
    Driver().close()
    assert not list(data_dir.glob(".tmp-*")) and not list((data_dir / "saves").glob(".tmp-*"))
    assert (data_dir / "saves" / "nim.json").exists()


# --- two copies of Parlour at once (the history's: tests/test_history.py) --------------------

def test_a_lock_held_too_long_is_a_clear_error(data_dir, monkeypatch):
    import fcntl
    data_dir.mkdir(parents=True, exist_ok=True)
    holder = os.open(data_dir / ".lock", os.O_RDWR | os.O_CREAT)
    other = os.open(data_dir / ".lock", os.O_RDWR)
    fcntl.flock(other, fcntl.LOCK_EX)     # another open file description: another process
    from games.core.data import store as store_module
    monkeypatch.setattr(store_module, "LOCK_SECONDS", 0.05)
    try:
        with pytest.raises(OSError) as error:
            store.write_json("t.json", {"won": 1})
        assert "Another Parlour" in str(error.value)
    finally:
        os.close(other)
        os.close(holder)
    store.write_json("t.json", {"won": 1})
    assert json.loads((data_dir / "t.json").read_text()) == {"won": 1}


# --- writers write what readers read --------------------------------------------------------

def test_a_long_history_and_a_long_clock_are_saved_within_what_is_read(data_dir):
    session = Session.new("poggle", None, seed=1)
    press = session.rules.legal_moves(session.state)[0]
    for n in range(saves.MAX_MOVES + 30):
        session.restart() if n % 7 == 6 else session.apply(press)
    session.elapsed = 10.0 ** 9
    data = session.to_json()
    assert len(data["moves"]) <= saves.MAX_MOVES and data["elapsed"] == saves.MAX_ELAPSED
    store.save_game("poggle", data)
    assert Session.from_json(store.load_game("poggle", lambda d: d)[0], "poggle").state == \
        session.state


def test_a_history_without_restarts_stops_at_the_limit():
    session = Session.new("poggle", None, seed=1)
    press = session.rules.legal_moves(session.state)[0]
    session.entries += [(session.state, press.encode())] * (saves.MAX_MOVES - 1)
    session.position = len(session.entries) - 1
    session.apply(press)
    with pytest.raises(GameError) as error:
        session.apply(press)
    assert "5,000 moves" in str(error.value)
    saves.read(session.to_json())
    session.restart()
    assert session.position == 0 and session.state == session.initial


@given(value=hostile)
@settings(max_examples=100, deadline=None)
def test_writers_refuse_what_readers_would_refuse(value):
    for kind, data in ((schema.SCORES, {"t": [{"score": value}]}),
                       (schema.RECORDS, {"t": {"won": value}})):
        try:
            check(kind, data)
        except Invalid:
            continue
        json.dumps(data, allow_nan=False)


# --- game IDs -------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(GAMES), seed=st.one_of(
    st.text(max_size=12), st.from_regex(r"-{0,3}[0-9\u00b2\u0660-\u0669]{1,6}", fullmatch=True),
    st.integers(10**40, 10**3000).map(str)))
def test_any_seed_text_gives_a_game_or_a_clear_error(key, seed):
    try:
        found, params, desc, number = parse_game_id(f"{key}:#{seed}")
    except GameError as error:
        assert str(error)
        return
    assert found == key and isinstance(number, int) and abs(number) < 10**41


def test_the_issues_seeds_are_refused():
    for bad in ("kenken:#--5", "kenken:#\u00b2", "kenken:#" + "9" * 5000, "nim:#",
                "deductile:tiles=4#1" + "0" * 41, ""):
        with pytest.raises(GameError):
            parse_game_id(bad)


# --- command lines --------------------------------------------------------------------------

def run_cli(argv, capsys):
    from games.core.cli.commands import main
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def assert_contract(argv, code, out, err):
    """Exit 0 with JSON lines and nothing on stderr, or exit 2 with one clear line."""
    assert "Traceback" not in err, argv
    if code == 0:
        assert all(json.loads(line) for line in out.splitlines()), argv
        return False
    assert code == 2 and out == "", (argv, code, out)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour: "), (argv, err)
    return True


weird = st.one_of(st.text(max_size=12), st.sampled_from(
    ["", "-1", "0", "--", "#", ":", "\x00", "\ud800", "١٢", "1e400", "9" * 60, "x" * 10_000,
     "nan", "-", "--frames", "🙂"]))
flags = ["--seed", "--count", "--size", "--colours", "--difficulty", "--variant", "--level",
         "--id", "--frames", "--every", "--screenshot", "--also-at", "--quick", "--windowed"]


@st.composite
def bad_command_lines(draw):
    """A command with one thing wrong: its game, a flag's value, an unknown flag, or a text
    argument (ID, position) that is not one."""
    command = draw(st.sampled_from(["play", "generate", "solve", "analyse", "selfplay", "demo",
                                    "bench", "daily", "stats"]))
    if command == "bench":      # a bench that starts runs for minutes: only its flags
        return ["bench", draw(st.one_of(st.just("--quick=1"), weird.map(lambda t: "--x" + t)))]
    game = draw(st.sampled_from(["nim", "kenken", "mu_torere", "poggle"]))
    argv = {"play": ["play", game], "generate": ["generate", game, "--count", "1"],
            "solve": ["solve", game, f"{game}:#1"], "analyse": ["analyse", game, "x"],
            "selfplay": ["selfplay", game, "--count", "1"],
            "demo": ["demo", game, "--frames", "1"], "daily": ["daily", game],
            "stats": ["stats", game]}[command]
    how = draw(st.sampled_from(["game", "flag", "value", "text"]))
    if how == "game":
        argv[1] = draw(weird.filter(lambda text: text not in GAMES))
    elif how == "flag":
        argv.append(draw(st.text(min_size=1, max_size=10).map(lambda t: "--x" + t)))
    elif how == "value":
        argv += [draw(st.sampled_from(flags[:10])), draw(weird)]
    else:
        argv.append(draw(weird.map(lambda t: t + "\x00")))
    if command == "play" and how in ("value",):
        argv += ["--id", "not an id"]        # play must never open its window here
    return argv


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=bad_command_lines())
def test_generated_bad_command_lines(argv, capsys, data_dir):
    code, out, err = run_cli(argv, capsys)
    assert_contract(argv, code, out, err)
    if argv[0] == "play":
        assert code == 2


def test_undecodable_stdin_for_analyse(capsys, monkeypatch):
    for data in (b"\xff\xfe\x00", b"BBBBWWWW.:B\n\xc3(", b"x" * 2000 + b"\n", b"\n\n",
                 b"BBBBWWWW.:B\n" * 10_001):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="ascii",
                                                          errors="strict"))
        code, out, err = run_cli(["analyse", "mu_torere", "-"], capsys)
        assert assert_contract(data[:20], code, out, err)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"BBBBWWWW.:B\r\n")))
    assert run_cli(["analyse", "mu_torere", "-"], capsys)[0] == 0


def test_undecodable_stdin_in_a_real_process_under_a_strict_locale():
    result = subprocess.run([sys.executable, "main.py", "analyse", "nim", "-"], cwd=ROOT,
                            input=b"3,4,5\n\xff\xfe\n", capture_output=True,
                            env=dict(os.environ, LC_ALL="C", PYTHONUTF8="0",
                                     PYTHONIOENCODING="utf-8:strict"))
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().strip().startswith("parlour: stdin is not UTF-8")


@pytest.mark.parametrize("where", ["missing/shot.png", "folder", "/dev/full", "x" * 300 + ".png",
                                   "shot.txt", "a_file/shot.png"])
@pytest.mark.parametrize("flag", ["--screenshot", "--also-at"])
def test_demo_output_paths_that_cannot_be_written(tmp_path, capsys, where, flag):
    (tmp_path / "folder").mkdir()
    (tmp_path / "a_file").write_text("x")
    target = where if where.startswith("/") else str(tmp_path / where)
    argv = ["demo", "nim", "--frames", "2", "--screenshot", target]
    if flag == "--also-at":   # FILE-1.png: a folder or device of that name, or too long
        stem, ext = os.path.splitext(target)
        if where in ("folder", "/dev/full"):
            os.makedirs(tmp_path / "folder-1.png")
            target = str(tmp_path / "folder.png")
        elif where == "x" * 300 + ".png":
            target = str(tmp_path / ("x" * 253 + ".png"))    # fits; its FILE-1.png does not
        argv = ["demo", "nim", "--frames", "2", "--screenshot", target, "--also-at", "1"]
    code, out, err = run_cli(argv, capsys)
    assert assert_contract(argv, code, out, err)


def test_demo_writing_to_a_full_disk_is_one_line(tmp_path, capsys, monkeypatch):
    import builtins
    real_open = builtins.open

    def full(path, mode="r", *args, **kwargs):
        if str(path).endswith(".png") and "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", full)
    code, out, err = run_cli(["demo", "nim", "--frames", "2", "--screenshot",
                              str(tmp_path / "shot.png")], capsys)
    assert assert_contract("full disk", code, out, err) and "No space left" in err


def test_demo_with_an_unusable_video_driver(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "no_such_driver")
    code, out, err = run_cli(["demo", "nim", "--frames", "2"], capsys)
    assert assert_contract("driver", code, out, err) and "SDL_VIDEODRIVER" in err


def test_demo_leaves_no_folder_behind(tmp_path, monkeypatch, capsys):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.delenv("PARLOUR_DATA_DIR")
    assert run_cli(["demo", "nim", "--frames", "3"], capsys)[0] == 0
    assert not list(tmp_path.glob("parlour-demo-*")) and "PARLOUR_DATA_DIR" not in os.environ
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "mine"))
    assert run_cli(["demo", "nim", "--frames", "3"], capsys)[0] == 0
    assert not list(tmp_path.glob("parlour-demo-*")), "none made when the folder is given"


def test_play_with_an_empty_game_is_exit_2(capsys):
    code, out, err = run_cli(["play", ""], capsys)
    assert assert_contract(["play", ""], code, out, err)


# --- signals --------------------------------------------------------------------------------

PLAYER = textwrap.dedent("""
    from games.core.loop.app import App
    from games.core.screens.frame import Frame
    from games.core.screens.launcher import LauncherScene
    from games.core.kit.session import Session
    app = App(windowed=True)
    app.push(LauncherScene(app))
    session = Session.new("nim", None, seed=3)
    session.apply(session.rules.legal_moves(session.state)[0])
    app.push(Frame(app, session, {"opponent": "human"}))
    frame = app.frame
    def counted(dt=None):
        running = frame(dt)
        if app.frames == 3:
            print("playing", flush=True)
        return running
    app.frame = counted
    app.run()
""")


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGHUP, signal.SIGTERM],
                         ids=["SIGINT", "SIGHUP", "SIGTERM"])
def test_a_signal_saves_the_game_in_progress(data_dir, number):
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir))
    player = subprocess.Popen([sys.executable, "-c", PLAYER], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:   # a bounded wait: a child that never starts fails the test instead of hanging it
        ready, _, _ = select.select([player.stdout], [], [], 60)
        assert ready and player.stdout.readline().strip() == "playing"
    except AssertionError:
        player.kill()
        raise
    time.sleep(0.3)    # let the loop settle and sleep at rest: the signal must wake it
    player.send_signal(number)
    assert player.wait(timeout=60) == 0
    assert "Traceback" not in player.stderr.read()
    session = Session.from_json(json.loads((data_dir / "saves" / "nim.json").read_text()), "nim")
    assert session.position == 1


# --- fonts ----------------------------------------------------------------------------------

def test_a_garbage_font_file_falls_back(tmp_path, monkeypatch):
    import pygame

    from games.core.loop import assets
    garbage = tmp_path / "fonts"
    garbage.mkdir()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (garbage / name).write_bytes(b"garbage" * 100)
    monkeypatch.setattr(assets, "ROOT", str(tmp_path))
    pygame.font.init()
    assets.font.cache_clear()
    assets.text.cache_clear()
    try:
        assert assets.text("Parlour", 30, (255, 255, 255)).get_width() > 0
        assert any("DejaVuSans.ttf" in problem for problem in assets.font_problems())
        from games.core.loop.app import App
        app = App(windowed=True)      # the App tells the player at start
        assert any("DejaVuSans.ttf" in message for message in app.messages)
    finally:
        assets.font.cache_clear()
        assets.text.cache_clear()


# --- what the player sees ---------------------------------------------------------------------

@pytest.mark.parametrize("row", [{"score": "NaN"}, {"score": "Infinity"},
                                 {"score": 5, "detail": "a\x00b"},
                                 {"score": 5, "detail": "x" * 1_000_000}],
                         ids=["NaN", "Infinity", "NUL", "a million characters"])
def test_hostile_best_scores_are_set_aside_and_said_on_the_launcher(data_dir, row):
    from games.core.screens.launcher import LauncherScene
    from games.core.screens.menus import SetupScene
    from tests.driver import Driver
    table = "kenken/size=4,difficulty=easy"
    text = json.dumps({table: [row]}).replace('"NaN"', "NaN").replace('"Infinity"', "Infinity")
    write(data_dir, "scores.json", text.encode())
    driver = Driver()             # the first start of a build with the history imports it
    driver.app.jobs.wait_all()
    driver.app.push(SetupScene(driver.app, "kenken"))
    driver.frames(3)
    driver.app.pop()
    assert isinstance(driver.app.top, LauncherScene)
    assert [message for message in driver.app.messages if "scores.json" in message and
            "kept as scores.bad-1.json" in message], "said once, on the launcher"
    assert set_aside_files(data_dir, "scores")
    driver.start("kenken", None, seed=2)        # the game that shows the best score
    driver.frames(3)
    driver.close()


def test_remembered_choices_no_longer_offered_never_stop_a_new_game(driver, data_dir):
    from games.core.screens.menus import ResultScene, SetupScene
    said = []
    for choices in ({"size": 99, "difficulty": "impossible", "variant": ["x"]},
                    {"size": 3, "difficulty": "hard"}):          # a combination no game has
        driver.app.settings["setup"] = {"kenken": choices}
        scene = driver.start("kenken", None, seed=3)
        result = driver.app.push(ResultScene(driver.app, scene))
        result.again()                               # New game: the setup screen
        driver.frames(3)
        assert isinstance(driver.app.top, SetupScene)
        driver.app.settings["setup"] = {"kenken": choices}
        setup = driver.app.push(SetupScene(driver.app, "kenken"))   # as from the launcher
        driver.frames(2)
        said.append(setup.problem())
        setup.new_game()
        driver.frames(3)
        assert driver.app.running
        said += driver.app.messages
        while len(driver.app.stack) > 1:
            driver.app.pop()
    assert any("3 x 3" in message or "3x3" in message or "hard" in message.lower()
               for message in said), said
