"""Reliability under abuse: every command with missing, unknown and malformed arguments; hostile
settings, score, record and save files by the thousand; saves interrupted at every byte."""
import itertools
import json
import os
import shutil

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.cli.commands import main
from games.core.data import schema
from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.session import Session
from tests import recorded

KEEP = "kenken/size=4,difficulty=easy"

store = Store(lambda message: None)   # the test's own hand on the data folder

GAMES = list(registry.load_all())
COMMANDS = ["play", "generate", "solve", "analyse", "selfplay", "demo", "bench"]
BAD_VALUES = ["", "-1", "0", "999999999", "x", "nan", "\x00", "🙂", "--", "a:b:c", "#", "1e9"]
BAD_IDS = ["", ":", "::", "#", "GAME", "GAME:", "GAME::", "GAME:x=1:", "GAME:size=99:abc",
           "GAME:#", "GAME:#x", "GAME::\x00", "GAME:" + "9" * 5000, "nosuch:1:2", "GAME:::::"]


def argument_sets():
    """A generated set: each command with missing, unknown and malformed arguments."""
    yield from ([command] for command in COMMANDS if command not in ("bench", "demo"))
    for command in ("generate", "solve", "analyse", "selfplay", "play"):
        yield [command, "nosuchgame"]
        yield [command, "--nosuchflag"]
    for game, flag, value in itertools.product(GAMES, ["--size", "--seed", "--count", "--colours"],
                                               ["x", "1.5", "", "--"]):
        yield ["generate", game, flag, value]
    for game in GAMES:
        for bad in BAD_IDS:
            yield ["solve", game, bad.replace("GAME", game)]
        for value in ("--difficulty", "--variant"):
            yield ["generate", game, value, "no-such-value"]
        yield ["selfplay", game, "--level", "no-such-level"]
        yield ["selfplay", game, "--count", "0"]
        yield ["demo", game, "--frames", "-5"]
    for game in ("mu_torere", "kono", "nim"):
        for bad in ["", "x", "BBBB", "9,9,9:sideways", "BBBBBBBBWWWWWWWWW:B", ":W", "1,-2,3",
                    "BBBBWWWW.:X", "...........:B", "3,4,5:misere:extra"]:
            yield ["analyse", game, bad]


@pytest.mark.parametrize("argv", list(argument_sets()), ids=lambda a: " ".join(a)[:60])
def test_bad_command_lines_give_one_clear_line_and_exit_2(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, f"{argv} exited {code}"
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour: ") and "Traceback" not in err


# --- hostile files --------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10),
                                                                       children, max_size=5),
    max_leaves=20)
raw_bytes = st.binary(max_size=300)


def write(folder, name, content: bytes):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


def encode(value) -> bytes:
    return json.dumps(value).encode()


FUZZ = settings(max_examples=1500, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(content=st.one_of(raw_bytes, json_values.map(encode)))
def test_hostile_settings_scores_and_records_never_crash(data_dir, content):
    recorded.forget()
    shutil.rmtree(data_dir, ignore_errors=True)
    for name in ("settings.json", "scores.json", "records.json"):
        write(data_dir, name, content)
    settings_read, _ = store.load_settings()
    assert set(settings_read) >= set(schema.DEFAULT_SETTINGS)
    assert 0.0 <= settings_read["volume"] <= 1.0
    assert isinstance(recorded.scores(), dict)          # the old files imported, or set aside
    assert isinstance(recorded.records_by_table(), dict)
    assert recorded.add_score(KEEP, 1) is not None      # and the game can still record


def mutated_saves():
    good = Session.new("deductile", None, seed=3)
    good.apply("s0-1")
    base = good.to_json()
    keys = list(base)
    return st.one_of(
        raw_bytes,
        json_values.map(encode),
        st.builds(lambda k, v: encode({**base, k: v}), st.sampled_from(keys), json_values),
        st.builds(lambda k: encode({x: y for x, y in base.items() if x != k}),
                  st.sampled_from(keys)),
        st.builds(lambda cut: encode(base)[:cut], st.integers(0, len(encode(base)) - 1)),
        st.builds(lambda game: encode({**base, "game": game}), st.sampled_from(GAMES)),
        st.builds(lambda moves: encode({**base, "moves": moves, "position": len(moves)}),
                  st.lists(st.text(max_size=8), max_size=4)))


@FUZZ
@given(content=mutated_saves())
def test_hostile_saves_are_set_aside_and_other_files_kept(data_dir, content):
    recorded.add_score(KEEP, 42)
    write(data_dir, os.path.join("saves", "deductile.json"), content)
    write(data_dir, os.path.join("saves", "nim.json"), b"{}")
    session, message = store.load_game("deductile", Session.from_json)
    if session is None:
        assert message and "deductile.json" in message
        assert not (data_dir / "saves" / "deductile.json").exists()
    else:
        assert session.key == "deductile"
    assert recorded.best(KEEP) == 42
    assert (data_dir / "saves" / "nim.json").exists(), "other saves are untouched"


# --- interrupted writes ---------------------------------------------------------------------

def test_a_save_interrupted_at_every_byte_leaves_old_or_new_intact(data_dir, monkeypatch):
    old = Session.new("deductile", None, seed=4)
    store.save_game("deductile", old.to_json())
    new = Session.new("deductile", None, seed=4)
    new.apply("s1-2")
    new_text = json.dumps(new.to_json(), indent=1, sort_keys=True)
    real_fdopen = os.fdopen

    class Crash(Exception):
        pass

    for cut in range(0, len(new_text) + 1, max(1, len(new_text) // 200)):
        def failing_fdopen(fd, *args, cut=cut, **kwargs):
            handle = real_fdopen(fd, *args, **kwargs)
            write_all = handle.write

            def write_part(text):
                write_all(text[:cut])
                raise Crash(f"killed after {cut} bytes")
            handle.write = write_part
            return handle
        monkeypatch.setattr(os, "fdopen", failing_fdopen)
        with pytest.raises(Crash):
            store.save_game("deductile", new.to_json())
        monkeypatch.setattr(os, "fdopen", real_fdopen)
        restored, message = store.load_game("deductile", Session.from_json)
        assert message is None and restored.state == old.state
    store.save_game("deductile", new.to_json())
    assert store.load_game("deductile", Session.from_json)[0].state == new.state
    assert not [p for p in os.listdir(data_dir / "saves") if p.startswith(".tmp-")]


# --- hostile game preferences inside a well-formed settings file -----------------------------

PREFERENCE_KEYS = ("setup", "kenken_autoclear", "nim_custom_heaps", "nim_teach", "mu_torere",
                   "kenken", "nim", "kono")
HOSTILE_VALUES = [None, 7, -1, "x", [], {}, [1, "x", None], {"a": {"b": []}}, True, 1e308,
                  {"colours": ["nope", 3], "custom_level": "high", "undo_depth": -4},
                  {game: {"level": "x", "size": 99, "variant": [],
                          "opponent": 5} for game in GAMES}]


@pytest.mark.parametrize("value", HOSTILE_VALUES, ids=[repr(v)[:30] for v in HOSTILE_VALUES])
def test_hostile_game_preferences_never_crash_a_setup_or_a_game(data_dir, value):
    from games.core.screens.menus import SetupScene
    from tests.driver import Driver
    write(data_dir, "settings.json", encode({key: value for key in PREFERENCE_KEYS}))
    driver = Driver()
    for info in registry.launcher_games():
        driver.app.push(SetupScene(driver.app, info.key))
        driver.frames(2)
        new_game = next(w for w in driver.app.top.menu.widgets if getattr(w, "words",
                                                                          "") == "New game")
        driver.click(new_game.rect.center)
        driver.frames(5)
        assert driver.app.running
        while len(driver.app.stack) > 1:
            driver.app.pop()
    driver.close()
