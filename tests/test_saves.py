"""Saves across versions (games/core/kit/saves.py): a save of every older version still loads,
each game's own migrations (MIGRATIONS in its info.py) move what it once kept elsewhere into
the record, and nothing but a known version is read."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit import registry, saves
from games.core.kit.checks import Invalid
from games.core.kit.rules_api import RuleError
from games.core.kit.session import Session
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import SetupScene

GAMES = list(registry.KEYS)
# What each game's version-1 saves kept in their play options: option -> (value, the record's
# counter and the count it becomes). Hints were every game's.
OLD_COUNTERS = {"kenken": {"solved": (True, "solved", 1)},
                "poggle": {"solve": (2, "solved", 2)},
                "ishido": {"assist_used": (True, "assist", 1)}}


def version_one_save(key, seed=3, plies=4, play=None):
    """A save as a version-1 build wrote it: some moves played, counters in the play
    options."""
    session = Session.new(key, None, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = session.rules.legal_moves(session.state)
        if not moves:
            break
        session.apply(rng.choice(moves))
    data = session.to_json()
    data.update(version=1, record={}, play=dict(play or {}))
    return session, data


@pytest.mark.parametrize("key", GAMES)
def test_a_version_one_save_of_every_game_loads_and_moves_its_counters(key):
    old = {option: value for option, (value, _, _) in OLD_COUNTERS.get(key, {}).items()}
    session, data = version_one_save(key, play={"hints": 3, **old})
    save = saves.read(data, key)
    assert save["version"] == saves.SAVE_VERSION
    expected = {"hints": 3} | {name: count for _, name, count in
                               OLD_COUNTERS.get(key, {}).values()}
    assert save["record"] == expected and save["play"] == {}
    restored = Session.from_save(save)
    assert restored.state == session.state and restored.position == session.position
    assert Session.from_json(restored.to_json(), key).record == expected, "it saves as new"


@pytest.mark.parametrize("key", GAMES)
def test_a_current_save_is_read_unchanged(key):
    session, data = version_one_save(key)
    data["version"] = saves.SAVE_VERSION
    data["record"], data["play"] = {"hints": 1}, {"level": "low"} if key == "nim" else {}
    assert saves.read(data, key) == data


def test_old_counters_never_lower_what_the_record_holds():
    _, data = version_one_save("kenken", play={"hints": 1, "solved": True})
    data["record"] = {"hints": 5}
    assert saves.read(data, "kenken")["record"] == {"hints": 5, "solved": 1}


@pytest.mark.parametrize("version", [0, -1, saves.SAVE_VERSION + 1, "1", True, None, 1.0])
def test_only_known_versions_are_read(version):
    _, data = version_one_save("nim")
    data["version"] = version
    with pytest.raises(Invalid, match="version"):
        saves.read(data, "nim")
    with pytest.raises(RuleError):
        Session.from_json(data, "nim")


@given(play=st.dictionaries(st.sampled_from(["hints", "solved", "level", "x"]),
                            st.one_of(st.booleans(), st.integers(-5, 10**9),
                                      st.text("ab", max_size=3), st.none()), max_size=4),
       held=st.integers(0, 10**9))
@settings(max_examples=200, deadline=None)
def test_moved_counters_are_whole_bounded_and_leave_the_play_options(play, held):
    _, data = version_one_save("kenken", plies=1)
    data["play"], data["record"] = play, {"hints": held}
    save = saves.read(data, "kenken")
    assert not {"hints", "solved"} & set(save["play"])
    assert set(save["play"]) == set(play) - {"hints", "solved"}
    for count in save["record"].values():
        assert type(count) is int and 0 <= count <= saves.RECORD_MAX
    assert save["record"]["hints"] >= held
    Session.from_save(save).to_json()     # what it became, it writes back


@pytest.mark.parametrize("key", GAMES)
def test_an_old_save_resumes_in_the_game_through_the_launcher(driver, key):
    from games.core.data.store import save_name
    _, data = version_one_save(key, play={"hints": 2})
    driver.app.store.write_json(save_name(key), data)
    driver.app.push(SetupScene(driver.app, key))
    assert resume_saved_game(driver.app, key)
    scene = driver.app.top
    assert scene.session.key == key and scene.hints == 2 and "hints" not in scene.play_options
    driver.frames(3)
