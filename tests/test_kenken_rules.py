"""Calcoolation rules: parameters, descriptions, cage arithmetic, moves, errors, text."""
import pytest

from games.core.kit.rules_api import IllegalMove, RuleError
from games.kenken import rules
from games.kenken.cages import cage_holds, cage_satisfied, clue_text, encode_desc, possible_ops
from games.kenken.rules import Cage, Move, Params

# A 4x4 puzzle and its one solution:   4 2 3 1
#                                      2 1 4 3
#                                      1 3 2 4
#                                      3 4 1 2
SMALL = Params(4, "easy")
SMALL_DESC = "b5b6fc,d2m6s2a5s2a3d2m12"
SMALL_SOLUTION = (4, 2, 3, 1, 2, 1, 4, 3, 1, 3, 2, 4, 3, 4, 1, 2)

SMALL_PICTURE = """\
Calcoolation size=4,difficulty=easy
+------+------+------+------+
| 2/   | 6*          | 2-   |
|  4   |  .      .   |  .   |
|      | 23     123  |      |
+      +------+------+      +
|      | 5+          |      |
|  .   |  1      .   |  .   |
|      |             | 34   |
+------+------+------+------+
| 2-          | 3+   | 2/   |
|  .      .   |  .   |  .   |
|             |      |      |
+------+------+      +      +
| 12*         |      |      |
|  .      .   |  .   |  .   |
|             |      |      |
+------+------+------+------+"""

# Wikipedia's KenKen example and its solution.
WIKI = Params(6, "normal")
WIKI_DESC = "b5d6e695af0fcfe,a11d2m20m6s3d3m240m6m6a7m30m6a9a8d2"
WIKI_SOLUTION = [[5, 6, 3, 4, 1, 2], [6, 1, 4, 5, 2, 3], [4, 5, 2, 3, 6, 1],
                 [3, 4, 1, 2, 5, 6], [2, 3, 6, 1, 4, 5], [1, 2, 5, 6, 3, 4]]


def small_state(digits=None, candidates=None):
    state = rules.new_game(SMALL, SMALL_DESC)
    return rules.State(SMALL, state.cages, tuple(digits or state.digits),
                       tuple(candidates or state.candidates))


# --- parameters ------------------------------------------------------------------------------

def test_default_params_and_round_trip():
    assert rules.params_from_options() == Params(4, "normal", False, False)
    for params in (Params(), Params(9, "extreme"), Params(5, "easy", multiplication_only=True),
                   Params(7, "hard", hidden_operators=True)):
        assert rules.parse_params(params.encode()) == params
    assert Params(6, "hard").encode() == "size=6,difficulty=hard"
    assert Params(6, "hard", True).encode() == "size=6,difficulty=hard,multiplication_only=1"


def test_options_from_the_command_line():
    params = rules.params_from_options(size=9, difficulty="Extreme", variant="hidden")
    assert params == Params(9, "extreme", hidden_operators=True)
    assert rules.params_from_options(variant="multiplication").multiplication_only


@pytest.mark.parametrize("options", [
    {"size": 2}, {"size": 10}, {"difficulty": "insane"}, {"variant": "minus"},
    {"colours": 3}, {"size": "nine"}, {"size": 3, "difficulty": "hard"},
    {"size": 5, "difficulty": "extreme", "variant": "multiplication"}])
def test_bad_options_are_rejected(options):
    with pytest.raises(RuleError):
        rules.params_from_options(**options)


def test_options_cannot_be_combined():
    with pytest.raises(RuleError, match="Hidden operators mean nothing"):
        Params(4, "easy", multiplication_only=True, hidden_operators=True)


@pytest.mark.parametrize("text", ["size=4,difficulty=normal,colour=2", "size=four",
                                  "size=4,multiplication_only=yes"])
def test_bad_param_text(text):
    with pytest.raises(RuleError):
        rules.parse_params(text)


# --- cage arithmetic -------------------------------------------------------------------------

def test_subtraction_and_division_take_the_larger_digit_first():
    assert cage_holds("-", 2, (1, 3)) and cage_holds("-", 2, (3, 1))
    assert cage_holds("/", 3, (2, 6)) and cage_holds("/", 3, (6, 2))
    assert not cage_holds("-", 2, (2, 3))
    assert not cage_holds("/", 2, (3, 5))        # not exact
    assert not cage_holds("/", 2, (4, 6))


def test_sum_product_and_given():
    assert cage_holds("+", 11, (5, 6))
    assert cage_holds("*", 240, (4, 5, 3, 4))    # repeated 4, in different rows and columns
    assert cage_holds("=", 3, (3,)) and not cage_holds("=", 3, (2,))


def test_hidden_operators_accept_any_operator():
    cage = Cage("*", 6, ((0, 0), (0, 1)))
    assert possible_ops(Params(6, "easy"), "*", 2) == ("*",)
    hidden = Params(6, "easy", hidden_operators=True)
    assert possible_ops(hidden, "*", 2) == ("+", "-", "*", "/")
    assert cage_satisfied(hidden, cage, (1, 5))        # 1 + 5
    assert cage_satisfied(hidden, cage, (1, 6))        # 6 / 1 and 1 * 6
    assert not cage_satisfied(Params(6, "easy"), cage, (1, 5))
    assert possible_ops(hidden, "+", 3) == ("+", "*")
    assert clue_text(hidden, cage) == "6" and clue_text(Params(6), cage) == "6*"
    assert possible_ops(hidden, "=", 1) == ("=",)


def test_repeated_digit_in_a_cage_is_fine_off_row_and_column():
    # The L-shaped 6* cage of Wikipedia's puzzle holds 1, 2, 3, 1: the two 1s share no line.
    state = rules.new_game(WIKI, WIKI_DESC)
    solved = rules.State(WIKI, state.cages, tuple(sum(WIKI_SOLUTION, [])), state.candidates)
    assert rules.status(solved).outcome == "won"
    assert rules.errors(solved) == frozenset()


# --- descriptions ----------------------------------------------------------------------------

def test_desc_round_trip_and_json():
    cages = rules.parse_desc(WIKI, WIKI_DESC)
    assert len(cages) == 15
    assert encode_desc(6, cages) == WIKI_DESC
    puzzle = rules.puzzle_json(WIKI, WIKI_DESC)
    assert puzzle["size"] == 6
    assert puzzle["cages"][0] == {"op": "+", "target": 11, "cells": [[0, 0], [1, 0]]}
    assert {"op": "*", "target": 240, "cells": [[2, 0], [2, 1], [3, 0], [3, 1]]} \
        in puzzle["cages"]
    assert rules.solution_json(WIKI, WIKI_DESC) == WIKI_SOLUTION


def flip_wall(desc: str, bit: int) -> str:
    """desc with one wall bit (counted from the first) flipped."""
    walls, clues = desc.split(",")
    value = int(walls, 16) ^ (1 << (4 * len(walls) - 1 - bit))
    return f"{value:0{len(walls)}x},{clues}"


SQUARE = encode_desc(4, rules.canonical([      # a 2x2 cage in the top left corner
    Cage("+", 10, ((0, 0), (0, 1), (1, 0), (1, 1))), Cage("+", 10, ((0, 2), (0, 3), (1, 2), (1,
                                                                                             3))),
    Cage("+", 10, ((2, 0), (2, 1), (3, 0), (3, 1))), Cage("+", 10, ((2, 2), (2, 3), (3, 2), (3,
                                                                                             3)))]))


@pytest.mark.parametrize("desc, message", [
    ("b5b6fc", "hex wall bits"),
    ("b5b6f,d2m6s2a5s2a3d2m12", "6 hex digits of walls"),
    ("b5b6fc,d2m6s2a5s2a3d2", "8 cages but there are 7 clues"),
    ("b5b6fc,a9m6s2a5s2a3d2m12", "impossible"),             # 9+ from two digits up to 4
    ("b5b6fc,g2m6s2a5s2a3d2m12", "given number is a single cell"),
    (SQUARE.replace("a10", "s1", 1), "exactly two cells"),
    (flip_wall(SQUARE, 0), "wall runs inside a cage"),
])
def test_bad_descriptions(desc, message):
    with pytest.raises(RuleError, match=message):
        rules.validate_desc(SMALL, desc)


def test_multiplication_only_desc_must_multiply():
    with pytest.raises(RuleError, match="only multiplies"):
        rules.validate_desc(Params(4, "easy", multiplication_only=True), SMALL_DESC)


def test_solution_json_rejects_ambiguous_and_impossible_puzzles():
    # Four dominoes over a 2x2 Latin subsquare: the two digits can swap.
    ambiguous = encode_desc(4, rules.canonical([
        Cage("+", 3, ((0, 0), (0, 1))), Cage("+", 3, ((1, 0), (1, 1))),
        Cage("+", 7, ((0, 2), (0, 3))), Cage("+", 7, ((1, 2), (1, 3))),
        Cage("+", 7, ((2, 0), (2, 1))), Cage("+", 7, ((3, 0), (3, 1))),
        Cage("+", 3, ((2, 2), (2, 3))), Cage("+", 3, ((3, 2), (3, 3)))]))
    with pytest.raises(RuleError, match="more than one solution"):
        rules.solution_json(SMALL, ambiguous)
    impossible = SMALL_DESC.replace("m12", "m7")        # the bottom-left pair can't make 7
    with pytest.raises(RuleError, match="no solution"):
        rules.solution_json(SMALL, impossible)


# --- moves -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("R0,2,4", Move("R", 0, 2, 4)), ("X3,3,1", Move("X", 3, 3, 1)),
    ("P1,0,2", Move("P", 1, 0, 2)), ("C2,1", Move("C", 2, 1)), ("M", Move("M")),
    ("S", Move("S"))])
def test_moves_round_trip(text, move):
    assert rules.decode_move(text) == move
    assert move.encode() == text


@pytest.mark.parametrize("text", ["R0,2", "R0,2,0", "Q1,1,1", "C1", "M1", "r0,2,4", " S"])
def test_bad_move_text(text):
    with pytest.raises(RuleError):
        rules.decode_move(text)


def test_place_overwrite_and_clear():
    state = small_state()
    state = rules.apply_move(state, Move("R", 0, 0, 3))
    assert state.digits[0] == 3
    state = rules.apply_move(state, Move("R", 0, 0, 4))
    assert state.digits[0] == 4
    with pytest.raises(IllegalMove, match="already holds 4"):
        rules.apply_move(state, Move("R", 0, 0, 4))
    state = rules.apply_move(state, Move("C", 0, 0))
    assert state.digits[0] == 0
    with pytest.raises(IllegalMove, match="already empty"):
        rules.apply_move(state, Move("C", 0, 0))


def test_moves_off_the_board_or_out_of_range_are_illegal():
    with pytest.raises(IllegalMove, match="off the 4x4 grid"):
        rules.apply_move(small_state(), Move("R", 4, 0, 1))
    with pytest.raises(IllegalMove, match="from 1 to 4"):
        rules.apply_move(small_state(), Move("P", 0, 0, 5))


def test_toggle_candidates_and_placing_clears_them():
    state = small_state()
    state = rules.apply_move(state, Move("P", 1, 1, 2))
    state = rules.apply_move(state, Move("P", 1, 1, 4))
    assert rules.mask_digits(state.candidates[5]) == (2, 4)
    state = rules.apply_move(state, Move("P", 1, 1, 2))
    assert rules.mask_digits(state.candidates[5]) == (4,)
    state = rules.apply_move(state, Move("R", 1, 1, 1))
    assert state.candidates[5] == 0
    with pytest.raises(IllegalMove, match="holds a digit"):
        rules.apply_move(state, Move("P", 1, 1, 3))


def test_place_and_clear_crosses_the_digit_off_its_row_and_column_only():
    full = 0b1111
    state = small_state(candidates=(full,) * 16)
    after = rules.apply_move(state, Move("X", 1, 2, 3))
    assert after.digits[6] == 3 and after.candidates[6] == 0
    for index in range(16):
        r, c = divmod(index, 4)
        if index == 6:
            continue
        expected = full & ~0b100 if r == 1 or c == 2 else full
        assert after.candidates[index] == expected, (r, c)
    plain = rules.apply_move(state, Move("R", 1, 2, 3))
    assert plain.candidates[5] == full


def test_fill_candidates_uses_the_digits_placed_in_each_line():
    state = rules.apply_move(small_state(), Move("R", 0, 0, 4))
    state = rules.apply_move(state, Move("R", 1, 1, 1))
    filled = rules.apply_move(state, Move("M"))
    assert filled.candidates[0] == 0                          # a digit, no candidates
    assert rules.mask_digits(filled.candidates[1]) == (2, 3)     # row 1 has 4, column 2 has 1
    assert rules.mask_digits(filled.candidates[15]) == (1, 2, 3, 4)
    with pytest.raises(IllegalMove, match="already filled"):
        rules.apply_move(filled, Move("M"))


def test_solve_fills_the_solution_and_wins():
    state = rules.apply_move(small_state(), Move("R", 0, 0, 1))
    solved = rules.apply_move(state, Move("S"))
    assert solved.digits == SMALL_SOLUTION
    assert rules.status(solved).outcome == "won"
    assert rules.legal_moves(solved) == []
    with pytest.raises(IllegalMove, match="already solved"):
        rules.apply_move(solved, Move("C", 0, 0))


def test_legal_moves_on_a_fresh_small_game():
    moves = rules.legal_moves(small_state())
    # Per cell 4 places, 4 place-and-clears, 4 toggles; then fill candidates and solve.
    assert len(moves) == 16 * 12 + 2
    assert Move("C", 0, 0) not in moves and Move("S") in moves


# --- errors and status -----------------------------------------------------------------------

def test_errors_flag_row_and_column_repeats():
    digits = [0] * 16
    digits[0] = digits[2] = 3          # row 1 twice
    digits[5] = digits[13] = 2         # column 2 twice
    assert rules.errors(small_state(digits)) == {(0, 0), (0, 2), (1, 1), (3, 1)}


def test_errors_flag_a_full_cage_that_misses_its_target():
    digits = [0] * 16
    digits[12], digits[13] = 2, 1                  # the 12* cage holds 2 * 1
    assert rules.errors(small_state(digits)) == {(3, 0), (3, 1)}
    digits[13] = 0                                 # a partly filled cage is not judged
    assert rules.errors(small_state(digits)) == frozenset()
    digits[12] = 0
    digits[0], digits[4] = 2, 4                    # 2/ read downwards as 2 then 4 is fine
    assert rules.errors(small_state(digits)) == frozenset()


def test_full_but_wrong_grid_is_not_won():
    wrong = list(SMALL_SOLUTION)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    state = small_state(wrong)
    assert rules.status(state).outcome == "ongoing"
    assert rules.errors(state)
    assert rules.legal_moves(state)
    assert rules.score(state) == 16


# --- text ------------------------------------------------------------------------------------

def test_text_picture_reads_back_exactly():
    state = rules.from_text(SMALL_PICTURE)
    assert state.cages == rules.parse_desc(SMALL, SMALL_DESC)
    assert state.digits[0] == 4 and state.digits[5] == 1 and state.digits[1] == 0
    assert rules.mask_digits(state.candidates[1]) == (2, 3)
    assert rules.mask_digits(state.candidates[2]) == (1, 2, 3)
    assert rules.mask_digits(state.candidates[7]) == (3, 4)
    assert str(state) == SMALL_PICTURE
    wiki = rules.new_game(WIKI, WIKI_DESC)
    assert rules.from_text(str(wiki)) == wiki


@pytest.mark.parametrize("change, message", [
    (("Calcoolation size=4", "Kenken size=4"), "starts with"),
    (("|  4   |", "|  7   |"), "digit 1 to 4"),
    (("| 34   |", "| 43   |"), "increasing digits"),
    (("| 5+   ", "|      "), "needs a clue"),
    (("| 5+          |", "| 5+     3    |"), "second clue"),
    (("|  4   |  .      .   |", "|  4   |  2      .   |"), "holds a digit and candidates"),
    (("+------+------+------+------+\n| 2/", "+----+\n| 2/"), "equal cells"),
])
def test_bad_pictures(change, message):
    with pytest.raises(RuleError, match=message):
        rules.from_text(SMALL_PICTURE.replace(*change))
