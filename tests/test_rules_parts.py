"""The rule pieces games share (games/core/kit/rules_parts.py, rules_api.py, endings.py): known
answers and round trips, so each game's use of them can rely on them."""
import dataclasses
from dataclasses import dataclass

import pytest
from hypothesis import given, strategies as st

from games.core.kit import registry, rules_api
from games.core.kit.endings import AGREED, THIRD_TIME, blocked
from games.core.kit.rules_api import Fields, Outcome, RuleError, Termination, omit_default
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
    text = rules_api.encode_fields(flag=flag, number=number, word=word)
    assert f"flag={int(flag)}" in text
    assert rules_api.parse_fields(text, {"flag": bool, "number": int, "word": str}) == \
        {"flag": flag, "number": number, "word": word}


@pytest.mark.parametrize("junk", ["flag=True", "flag=2", "flag=", "flag=01", "flag=\uff11"])
def test_a_bool_field_is_0_or_1_only(junk):
    with pytest.raises(RuleError):
        rules_api.parse_fields(junk, {"flag": bool})


@dataclass(frozen=True)
class Sample(Fields):
    count: int = 3
    name: str = "plain"
    loud: bool = omit_default(False)
    first: str = omit_default("B")


@given(st.integers(0, 99), st.text("abc", min_size=1, max_size=4), st.booleans(),
       st.sampled_from("BW"))
def test_params_text_follows_the_fields_and_leaves_out_omitted_defaults(count, name, loud, first):
    params = Sample(count, name, loud, first)
    expected = f"count={count},name={name}" + (",loud=1" if loud else "") + \
        (",first=W" if first == "W" else "")
    assert params.encode() == expected
    assert Sample.parse(expected) == params


def test_params_text_reads_defaults_and_refuses_what_it_does_not_know():
    assert Sample.parse("") == Sample() and Sample().encode() == "count=3,name=plain"
    assert Sample.parse("first=W,count=1") == Sample(count=1, first="W")   # any order
    for junk in ["colour=red", "count=x", "loud=2", "count"]:
        with pytest.raises(RuleError):
            Sample.parse(junk)


def test_params_text_holds_int_str_and_bool_fields_only():
    @dataclass(frozen=True)
    class Odd(Fields):
        ratio: float = 0.5

    class Loose(Fields):
        pass

    with pytest.raises(TypeError, match="float"):
        Odd.parse("ratio=1")
    with pytest.raises(TypeError, match="not a dataclass"):
        Loose().encode()


# The texts game IDs, saves and the history already hold: a game's defaults and its variants.
KNOWN_TEXTS = {
    "deductile": {"": "tiles=4,difficulty=normal", "tiles=5,difficulty=expert": None},
    "kenken": {"": "size=4,difficulty=normal",
               "size=6,difficulty=hard,multiplication_only=1": None,
               "size=5,difficulty=normal,hidden_operators=1": None,
               "size=5,difficulty=easy,hidden_operators=0": "size=5,difficulty=easy"},
    "ishido": {"": "rule=standard", "rule=original": None},
    "poggle": {"": "size=5,colours=3", "size=7,colours=5": None},
    "mu_torere": {"": "", "first=W": None, "first=white": "first=W", "first=B": ""},
    "kono": {"": ""},
    "nim": {"": "start=classic,misere=0", "start=1357,misere=1": None,
            "misere=1": "start=classic,misere=1"},
}


@pytest.mark.parametrize("key", registry.KEYS)
def test_every_games_params_keep_their_text(key):
    rules = registry.lookup(key).rules
    for text, written in KNOWN_TEXTS[key].items():
        assert rules.parse_params(text).encode() == (text if written is None else written)


WORDS = ("easy", "normal", "hard", "expert", "extreme", "standard", "original", "classic",
         "1357", "random", "custom", "B", "W")


@st.composite
def any_params(draw):
    """Any Params a game's dataclass accepts, its fields drawn by type."""
    params_type = registry.lookup(draw(st.sampled_from(registry.KEYS))).rules.Params
    if not dataclasses.is_dataclass(params_type):
        return params_type()
    values = {}
    for field in dataclasses.fields(params_type):
        kind = type(field.default)
        values[field.name] = draw(st.booleans() if kind is bool else
                                  st.integers(0, 15) if kind is int else st.sampled_from(WORDS))
    try:
        return params_type(**values)
    except RuleError:
        return params_type()


@given(any_params())
def test_every_games_params_read_back_from_their_text(params):
    assert type(params).parse(params.encode()) == params if isinstance(params, Fields) else \
        params.encode() == ""
    assert ":" not in params.encode() and "#" not in params.encode()


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
