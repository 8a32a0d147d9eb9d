"""The rule pieces games share (games/core/kit/rules_parts.py, rules_api.py, endings.py): known
answers and round trips, so each game's use of them can rely on them."""
import pytest
from hypothesis import given, strategies as st

from games.core.kit.endings import AGREED, THIRD_TIME, blocked
from games.core.kit.rules_api import Outcome, RuleError, Termination, encode_fields, parse_fields
from games.core.kit.rules_parts import (
    CellMove,
    NoParams,
    StartingPosition,
    check_seen,
    no_options,
    parse_no_params,
)


@given(st.booleans(), st.integers(0, 99), st.text("abc", min_size=1, max_size=5))
def test_fields_round_trip_with_bools_written_0_or_1(flag, number, word):
    text = encode_fields(flag=flag, number=number, word=word)
    assert f"flag={int(flag)}" in text
    assert parse_fields(text, {"flag": bool, "number": int, "word": str}) == \
        {"flag": flag, "number": number, "word": word}


@pytest.mark.parametrize("junk", ["flag=True", "flag=2", "flag=", "flag=01", "flag=\uff11"])
def test_a_bool_field_is_0_or_1_only(junk):
    with pytest.raises(RuleError):
        parse_fields(junk, {"flag": bool})


class Spot(CellMove):
    pass


@given(st.integers(0, 99), st.integers(0, 99))
def test_cell_moves_have_one_text_each(row, col):
    move = Spot.read(f"{row},{col}", "bad")
    assert type(move) is Spot and (move.row, move.col) == (row, col)
    assert Spot.read(move.encode(), "bad") == move


@pytest.mark.parametrize("junk", ["", "1", "1,", ",1", "01,2", "1,02", "100,1", "-1,2", " 1,2",
                                  "1,2\n", "\uff11,2", "1;2", "1,2,3"])
def test_cell_move_junk_is_a_rule_error_with_the_games_words(junk):
    with pytest.raises(RuleError, match="write it as row,col"):
        Spot.read(junk, "write it as row,col")


def test_a_game_without_parameters():
    assert parse_no_params("Kono", "") == NoParams() and NoParams().encode() == ""
    with pytest.raises(RuleError, match="Kono has no parameters"):
        parse_no_params("Kono", "size=4")
    assert no_options("Kono", {"size": None, "colours": None}) == NoParams()
    with pytest.raises(RuleError, match="Kono has no difficulty option"):
        no_options("Kono", {"difficulty": "hard"})
    with pytest.raises(RuleError, match="Unknown options: speed"):
        no_options("Kono", {"speed": 3})


def test_seen_positions_are_checked():
    assert check_seen((("a", 1), ("b", 2)), "b", 3) == {"a": 1, "b": 2}
    assert check_seen((("a", 2), ("b", 3)), "b", 3) == {"a": 2, "b": 3}
    for seen, current in [((("a", 1), ("a", 1)), "a"), ((("a", 1),), "b"),
                          ((("a", 3), ("b", 1)), "b"), ((("a", 4),), "a"), ((("a", 0),), "a")]:
        with pytest.raises(RuleError):
            check_seen(seen, current, 3)


def test_a_standard_start_reads_descriptions_exactly_and_positions_loosely():
    def read(text):
        if text not in ("XO:X", "OX:O"):
            raise RuleError(f"not a position: {text!r}")
        return text
    start = StartingPosition("XO:X", read)
    assert start.new_desc(NoParams(), None) == "XO:X"
    assert start.new_game(NoParams(), "OX:O") == "OX:O"
    assert start.parse_position("  OX:O\n") == "OX:O"
    with pytest.raises(RuleError):
        start.validate_desc(NoParams(), " XO:X")


@pytest.mark.parametrize("side", [0, 1])
def test_a_side_that_cannot_move_has_lost_to_the_other(side):
    status = blocked("Left", 1 - side)
    assert (status.outcome, status.winner, status.reason) == (Outcome.DECIDED, 1 - side,
                                                             "Left cannot move.")
    assert status.termination == Termination.BLOCKED and status.over


def test_the_shared_draws_end_the_game_with_their_reasons():
    assert AGREED.outcome == THIRD_TIME.outcome == Outcome.DRAW
    assert AGREED.winner is None and THIRD_TIME.winner is None and AGREED.over
    assert (AGREED.termination, THIRD_TIME.termination) == (Termination.AGREED,
                                                             Termination.REPETITION)
    assert AGREED.reason == "The players agreed a draw."
    assert THIRD_TIME.reason == "The same position has occurred three times."
