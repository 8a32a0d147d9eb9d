"""Poggle rules: params, descriptions, presses, status and the text codecs."""
import random
import subprocess
import sys

import pytest
from hypothesis import assume, given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError
from games.poggle import rules
from games.poggle.rules import Move, Params, State


@st.composite
def boards(draw):
    """Any board (solvable or not) of any size and colour count."""
    params = Params(draw(st.integers(3, 7)), draw(st.integers(2, 5)))
    cells = st.integers(0, params.colours - 1)
    board = draw(st.lists(st.lists(cells, min_size=params.size, max_size=params.size),
                          min_size=params.size, max_size=params.size))
    return State(params, tuple(map(tuple, board)))


def button(state):
    size = state.params.size
    return st.builds(Move, st.integers(0, size - 1), st.integers(0, size - 1))


def lit_outside(state, *moves):
    """True when some button no press in moves reaches is not colour 0, so these presses
    cannot win the game on the way (apply_move would refuse the next press)."""
    size = state.params.size
    reached = {cell for move in moves for cell in rules.reach(size, move.row, move.col)}
    return any(colour and (r, c) not in reached
               for r, row in enumerate(state.board) for c, colour in enumerate(row))


def test_params_defaults_and_codec():
    assert Params() == Params(size=5, colours=3)
    assert Params().encode() == "size=5,colours=3"
    assert rules.parse_params("size=7,colours=4") == Params(7, 4)
    assert rules.parse_params("colours=2") == Params(5, 2)
    assert rules.parse_params("") == Params()


@pytest.mark.parametrize("text", ["size=2", "size=13", "colours=1", "colours=6", "size=x",
                                  "shape=5", "size=5;colours=3"])
def test_bad_params_are_rejected(text):
    with pytest.raises(RuleError):
        rules.parse_params(text)


def test_params_from_options():
    assert rules.params_from_options() == Params(5, 3)
    assert rules.params_from_options(size=12, colours=5) == Params(12, 5)
    assert rules.params_from_options(colours=4) == Params(5, 4)
    with pytest.raises(RuleError, match="no difficulty"):
        rules.params_from_options(difficulty="hard")
    with pytest.raises(RuleError):
        rules.params_from_options(size=20)


def test_a_press_advances_the_button_and_its_orthogonal_neighbours():
    state = rules.new_game(Params(3, 3), "000/012/220")
    corner = rules.apply_move(state, Move(0, 0))
    assert corner == State(Params(3, 3), ((1, 1, 0), (1, 1, 2), (2, 2, 0)), 1)
    centre = rules.apply_move(corner, Move(1, 1))
    assert centre.board == ((1, 2, 0), (2, 2, 0), (2, 0, 0))
    assert centre.presses == 2
    edge = rules.apply_move(centre, rules.decode_move("2,1"))
    assert edge.board == ((1, 2, 0), (2, 0, 0), (0, 1, 1))


def test_reach_clips_at_the_edges():
    assert rules.reach(3, 0, 0) == ((0, 0), (1, 0), (0, 1))
    assert rules.reach(3, 1, 1) == ((1, 1), (0, 1), (2, 1), (1, 0), (1, 2))
    assert rules.reach(4, 3, 2) == ((3, 2), (2, 2), (3, 1), (3, 3))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pressing_a_button_colours_times_is_the_identity(data):
    state = data.draw(boards())
    move = data.draw(button(state))
    assume(lit_outside(state, move))
    pressed = state
    for _ in range(state.params.colours):
        pressed = rules.apply_move(pressed, move)
    assert pressed.board == state.board
    assert pressed.presses == state.presses + state.params.colours


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_presses_commute(data):
    state = data.draw(boards())
    first, second = data.draw(button(state)), data.draw(button(state))
    assume(lit_outside(state, first, second))
    one_way = rules.apply_move(rules.apply_move(state, first), second)
    other_way = rules.apply_move(rules.apply_move(state, second), first)
    assert one_way == other_way


def test_winning_press_ends_the_game():
    state = rules.new_game(Params(3, 2), "110/100/000")
    assert rules.status(state).outcome == "ongoing"
    assert len(rules.legal_moves(state)) == 9
    won = rules.apply_move(state, Move(0, 0))
    assert won.board == ((0, 0, 0),) * 3
    assert rules.status(won).outcome == Outcome.WON
    assert rules.legal_moves(won) == []
    assert rules.score(won) == 1
    assert rules.current_player(won) is None
    with pytest.raises(IllegalMove, match="already solved"):
        rules.apply_move(won, Move(1, 1))


@pytest.mark.parametrize("move", [Move(3, 0), Move(0, 3), Move(99, 99)])
def test_presses_off_the_board_are_illegal(move):
    state = rules.new_game(Params(3, 2), "110/100/000")
    with pytest.raises(IllegalMove, match="no button"):
        rules.apply_move(state, move)


def test_move_codec():
    assert Move(2, 11).encode() == "2,11"
    assert rules.decode_move("2,11") == Move(2, 11)
    for junk in ["", "2", "2,", ",3", "-1,2", "2,3,4", " 2,3", "2;3", "a,b", "123,1", "２,3"]:
        with pytest.raises(RuleError):
            rules.decode_move(junk)


@pytest.mark.parametrize("desc, complaint", [
    ("110/100", "3 rows, not 2"),
    ("110/100/000/000", "3 rows, not 4"),
    ("110/10/000", "Row 2 of the board has 2 buttons"),
    ("110/100/020", "Row 3 of the board holds '2'"),
    ("110/1x0/000", "Row 2 of the board holds 'x'"),
    ("110 100 000", "3 rows, not 1"),
])
def test_bad_descriptions_are_rejected(desc, complaint):
    with pytest.raises(RuleError, match=complaint):
        rules.validate_desc(Params(3, 2), desc)


def test_deals_are_reproducible_readable_and_unsolved():
    params = Params(6, 4)
    desc = rules.new_desc(params, random.Random(7))
    assert desc == rules.new_desc(params, random.Random(7))
    assert desc != rules.new_desc(params, random.Random(8))
    rules.validate_desc(params, desc)
    assert len(desc.split("/")) == 6 and set(desc) <= set("0123/")
    assert not rules.status(rules.new_game(params, desc)).over


class ScriptedRandom:
    """Press counts in reading order, as a real deal would draw them."""

    def __init__(self, counts):
        self.counts = iter(counts)

    def randrange(self, stop):
        count = next(self.counts)
        assert 0 <= count < stop
        return count


def test_a_deal_that_comes_out_solved_is_dealt_again():
    # First deal: no presses at all (the solved board); second: one press in the corner.
    rng = ScriptedRandom([0] * 9 + [1] + [0] * 8)
    assert rules.new_desc(Params(3, 2), rng) == "110/100/000"
    # On 4x4 with 2 colours, pressing this quiet pattern also leaves the board solved.
    quiet = [0, 1, 1, 0,
             1, 0, 0, 1,
             1, 0, 0, 1,
             0, 1, 1, 0]
    rng = ScriptedRandom(quiet + [0] * 15 + [1])
    assert rules.new_desc(Params(4, 2), rng) == "0000/0000/0001/0011"


def test_text_diagram_round_trip():
    state = rules.apply_move(rules.new_game(Params(3, 3), "000/012/220"), Move(0, 0))
    assert str(state) == ("Poggle 3x3, 3 colours, presses used: 1\n"
                          "1 1 0\n"
                          "1 1 2\n"
                          "2 2 0")
    assert rules.from_text(str(state)) == state


@pytest.mark.parametrize("text", [
    "",
    "Poggle 3x4, 3 colours, presses used: 1\n0 0 0\n0 0 0\n0 0 0",
    "Poggle 3x3, 3 colours, presses used: -1\n0 0 0\n0 0 0\n0 0 0",
    "Poggle 3x3, 3 colours, presses used: 1\n0 0 0\n0 0 0",
    "Poggle 3x3, 3 colours, presses used: 1\n0 0 0\n0 3 0\n0 0 0",
    "Poggle 3x3, 9 colours, presses used: 1\n0 0 0\n0 0 0\n0 0 0",
])
def test_bad_text_diagrams_are_rejected(text):
    with pytest.raises(RuleError):
        rules.from_text(text)


def test_puzzle_json():
    assert rules.puzzle_json(Params(3, 4), "123/000/301") == {
        "size": 3, "colours": 4, "board": [[1, 2, 3], [0, 0, 0], [3, 0, 1]]}


def test_rules_do_not_import_numpy():
    code = "import sys, games.poggle.rules; print('numpy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"
