"""Nim rules: params, descriptions, moves, status, text round trips, on literal positions."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError
from games.nim import rules
from games.nim.rules import Move, Params, State

states = st.builds(State, st.lists(st.integers(0, 15), min_size=1, max_size=8).map(tuple),
                   st.integers(0, 1), st.booleans())


def test_params_encode_and_parse():
    assert Params().encode() == "start=classic,misere=0"
    assert rules.parse_params("") == Params("classic", False)
    assert rules.parse_params("start=1357,misere=1") == Params("1357", True)
    for bad in ["start=huge", "misere=yes", "heaps=3"]:
        with pytest.raises(RuleError):
            rules.parse_params(bad)


def test_params_from_options():
    assert rules.params_from_options() == Params()
    assert rules.params_from_options(variant="misere") == Params("classic", True)
    assert rules.params_from_options(variant="1357+misere") == Params("1357", True)
    assert rules.params_from_options(variant="Random+normal") == Params("random", False)
    with pytest.raises(RuleError, match="no size option"):
        rules.params_from_options(size=5)
    with pytest.raises(RuleError, match="Unknown Nim variant"):
        rules.params_from_options(variant="huge")


def test_fixed_starts():
    assert rules.new_desc(Params(), random.Random(1)) == "3,4,5"
    assert rules.new_desc(Params("1357"), random.Random(1)) == "1,3,5,7"
    assert rules.new_game(Params("1357", True), "1,3,5,7") == State((1, 3, 5, 7), 0, True)


def test_random_and_custom_starts_stay_in_range():
    for seed in range(60):
        random_heaps = rules.parse_heaps(rules.new_desc(Params("random"), random.Random(seed)))
        assert 3 <= len(random_heaps) <= 5 and all(1 <= heap <= 7 for heap in random_heaps)
        custom_heaps = rules.parse_heaps(rules.new_desc(Params("custom"), random.Random(seed)))
        assert 2 <= len(custom_heaps) <= 8 and all(1 <= heap <= 15 for heap in custom_heaps)


@pytest.mark.parametrize("start, desc", [
    ("classic", "3,4,6"), ("1357", "3,4,5"), ("random", "1,2"), ("random", "8,1,1"),
    ("random", "1,2,3,4,5,6"), ("custom", "16"), ("custom", "0,3"),
    ("custom", "1,2,3,4,5,6,7,8,9"), ("custom", "3, 4"), ("custom", ""), ("custom", "3,,4")])
def test_bad_descriptions(start, desc):
    with pytest.raises(RuleError):
        rules.validate_desc(Params(start), desc)


def test_custom_accepts_the_extremes():
    rules.validate_desc(Params("custom"), "15")
    rules.validate_desc(Params("custom"), "15,15,15,15,15,15,15,15")


def test_diagram_literal_and_round_trip():
    state = State((3, 0, 12), 1, True)
    assert str(state) == ("Nim, misere play, Right to move\n"
                          "heap 0:  3 ooo\n"
                          "heap 1:  0\n"
                          "heap 2: 12 oooooooooooo")
    assert rules.from_text(str(state)) == state


@pytest.mark.parametrize("text", [
    "", "Nim, normal play", "Nim, normal play, Left to move",
    "Nim, normal play, Left to move\nheap 0:  3 oo",
    "Nim, normal play, Left to move\nheap 1:  3 ooo",
    "Chess, normal play, Left to move\nheap 0:  1 o"])
def test_bad_diagrams(text):
    with pytest.raises(RuleError):
        rules.from_text(text)


def test_moves_literal():
    state = State((1, 0, 2))
    assert rules.legal_moves(state) == [Move(0, 1), Move(2, 1), Move(2, 2)]
    assert len(rules.legal_moves(State((3, 4, 5)))) == 12
    after = rules.apply_move(State((3, 4, 5)), rules.decode_move("2:5"))
    assert after == State((3, 4, 0), 1, False)
    assert Move(2, 5).encode() == "2:5"


@pytest.mark.parametrize("text", ["3:1", "1:5", "1:1"])
def test_illegal_moves(text):
    with pytest.raises(IllegalMove):
        rules.apply_move(State((3, 0, 5)) if text == "1:1" else State((3, 4, 5)),
                         rules.decode_move(text))


@pytest.mark.parametrize("text", ["0:0", "a:1", "1", "-1:2", "1:2:3", " 1:2", "1:1234"])
def test_bad_move_text(text):
    with pytest.raises(RuleError):
        rules.decode_move(text)


def test_status_normal_and_misere():
    assert rules.status(State((0, 1))).outcome == Outcome.ONGOING
    normal = rules.status(State((0, 0, 0), 0, False))
    assert (normal.outcome, normal.winner, normal.reason) == (Outcome.DECIDED, 1,
                                                              "Left cannot move.")
    misere = rules.status(State((0, 0, 0), 0, True))
    assert (misere.outcome, misere.winner, misere.reason) == (
        Outcome.DECIDED, 0, "Right took the last counter.")


def test_a_literal_game():
    state = rules.new_game(Params(), "3,4,5")
    for text in ["0:2", "2:5", "1:3", "1:1", "0:1"]:
        assert not rules.status(state).over
        state = rules.apply_move(state, rules.decode_move(text))
    assert state == State((0, 0, 0), 1, False)
    assert rules.status(state).winner == 0         # Left took the last counter
    assert rules.score(state) == 0 and rules.current_player(state) == 1


def test_positions():
    assert rules.parse_position("3,4,5") == State((3, 4, 5), 0, False)
    assert rules.parse_position("3,0,5:misere") == State((3, 0, 5), 0, True)
    assert rules.position_text(State((3, 0, 5), 1, True)) == "3,0,5:misere"
    for bad in ["", "3,4,5:normal", "3;4", "1,2,3,4,5,6,7,8,9", "16", "3,4:misere:x"]:
        with pytest.raises(RuleError):
            rules.parse_position(bad)


def test_puzzle_json():
    assert rules.puzzle_json(Params("1357", True), "1,3,5,7") == {
        "heaps": [1, 3, 5, 7], "misere": True}
    assert rules.solution_json(Params(), "3,4,5") is None


@settings(max_examples=150, deadline=None)
@given(states, st.data())
def test_moves_round_trip_and_take_counters(state, data):
    assert rules.from_text(str(state)) == state
    assert rules.parse_position(rules.position_text(state)).heaps == state.heaps
    moves = rules.legal_moves(state)
    assert bool(moves) != rules.status(state).over
    assert len(moves) == sum(state.heaps)
    if moves:
        move = data.draw(st.sampled_from(moves))
        assert rules.decode_move(move.encode()) == move
        after = rules.apply_move(state, move)
        assert rules.score(after) == rules.score(state) - move.take
        assert after.to_move == 1 - state.to_move and after.misere == state.misere
