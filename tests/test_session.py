"""The Session (mid-end): undo, redo, restart, IDs, save round trips, validation of saves."""
import json

import pytest

from games.core.kit.rules_api import GameError, IllegalMove, RuleError
from games.core.kit.session import RESTART, Session, parse_game_id
from games.deductile import rules

PARAMS = rules.Params(4, "normal")


def session():
    return Session.new("deductile", PARAMS, seed=5)


def test_undo_redo_and_branching():
    s = session()
    start = s.state
    a = s.apply("s0-1").new
    b = s.apply(rules.Move(rules.SWAP, 1, 2)).new
    assert s.moves_made == 2
    change = s.undo()
    assert change.direction == -1 and change.old == b and change.new == a
    assert s.redo().new == b
    s.undo()
    s.apply("c2-3")   # a new move drops the redo branch
    assert not s.can_redo()
    s.undo(), s.undo()
    assert s.state == start and s.undo() is None


def test_restart_is_undoable():
    s = session()
    s.apply("s0-3")
    moved = s.state
    s.restart()
    assert s.state == s.initial and s.moves_made == 0
    assert s.entries[-1][1] == RESTART
    s.undo()
    assert s.state == moved


def test_illegal_and_unreadable_moves_change_nothing():
    s = session()
    with pytest.raises(IllegalMove):
        s.apply("s1-1")
    with pytest.raises(RuleError):
        s.apply("swap please")
    assert s.position == 0 and len(s.entries) == 1


def test_game_ids_reproduce_games():
    s = session()
    assert Session.from_id(s.game_id).state == s.state
    by_seed = Session.from_id("deductile:tiles=4,difficulty=normal#5")
    assert by_seed.desc == s.desc


@pytest.mark.parametrize("bad", ["deductile", "nosuchgame:x:y", "deductile:tiles=9:ABC",
                                 "deductile:tiles=4,difficulty=normal#abc",
                                 "deductile:tiles=4,difficulty=normal:AaBbCcDd-1a10"])
def test_bad_game_ids_are_refused_clearly(bad):
    with pytest.raises(GameError) as error:
        parse_game_id(bad)
    assert str(error.value)


def test_save_round_trip_through_json_text():
    s = session()
    for move in ("s0-1", "x2", "g", "c1-3"):
        s.apply(move)
    s.undo()
    s.restart()
    s.elapsed = 42.5
    copy = Session.from_json(json.loads(json.dumps(s.to_json())))
    assert copy.state == s.state and copy.position == s.position
    assert [t for _, t in copy.entries] == [t for _, t in s.entries]
    assert copy.elapsed == 42.5
    copy.undo()
    s.undo()
    assert copy.state == s.state


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(version=99), lambda d: d.update(moves="s0-1"),
    lambda d: d.update(position=7), lambda d: d.update(elapsed=-1),
    lambda d: d.update(game="chess"), lambda d: d.update(desc="zz"),
    lambda d: d["moves"].append("s9-9"), lambda d: d.pop("params"),
    lambda d: d.update(params="tiles=4,difficulty=silly")])
def test_bad_saves_are_rejected_before_anything_is_replaced(mutate):
    s = session()
    s.apply("s0-1")
    data = s.to_json()
    mutate(data)
    with pytest.raises(GameError):
        Session.from_json(data)
