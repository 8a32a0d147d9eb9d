"""The human-style grader: each technique on a literal position, grades of known puzzles, and
hints (their wording, mistakes, and a whole game played by following them)."""
import random

import pytest
from hypothesis import given, settings, strategies as st
from test_kenken_rules import SMALL, SMALL_DESC, SMALL_PICTURE, SMALL_SOLUTION, WIKI, WIKI_DESC
from test_kenken_solver import FIVE, FIVE_DESC, NINE, NINE_DESC

from games.kenken import grader, rules
from games.kenken.grader import Board
from games.kenken.rules import Move, Params
from games.kenken.solver import compile_puzzle

FULL6 = 0b111111


def board_with(params, desc, candidates: dict[tuple[int, int], str]):
    """A board of the puzzle with every cell full except the listed (row, col): digits."""
    layout = compile_puzzle(params, rules.parse_desc(params, desc))
    n = params.size
    cand = [layout.full] * (n * n)
    for (r, c), digits in candidates.items():
        cand[r * n + c] = sum(1 << (int(d) - 1) for d in digits)
    return Board(layout, cand)


def namer(params, desc):
    return grader.Namer(rules.new_game(params, desc))


def cells(*pairs):
    return {r * 6 + c for r, c in pairs}


# --- grades ----------------------------------------------------------------------------------

@pytest.mark.parametrize("params, desc, level", [
    (SMALL, SMALL_DESC, "easy"), (WIKI, WIKI_DESC, "normal"), (NINE, NINE_DESC, "hard"),
    (FIVE, FIVE_DESC, "extreme")])
def test_known_puzzles_grade(params, desc, level):
    cages = rules.parse_desc(params, desc)
    assert grader.grade(params, cages) == level
    easier = rules.DIFFICULTIES.index(level) - 1
    if easier >= 0:
        assert grader.grade(params, cages, easier) is None


# --- techniques on literal positions ---------------------------------------------------------

def test_naked_pair_in_a_row():
    board = board_with(WIKI, WIKI_DESC, {(0, 0): "12", (0, 1): "12", (0, 2): "1234",
                                         (0, 3): "3456", (0, 4): "156", (0, 5): "256"})
    found = next(grader.subsets(board))
    assert found.technique == "naked subset"
    assert dict(found.removals) == {2: 0b0011, 4: 0b0001, 5: 0b0010}
    assert found.explain(namer(WIKI, WIKI_DESC)) == (
        "In row 1, columns 1 and 2 can only hold 1 and 2 between them: so row 1, column 3 "
        "cannot be 1 or 2, row 1, column 5 cannot be 1 and row 1, column 6 cannot be 2.")


def test_hidden_pair_in_a_column():
    # In column 3, 5 and 6 fit only in rows 1 and 2.
    board = board_with(WIKI, WIKI_DESC, {(r, 2): "1234" for r in range(2, 6)}
                       | {(0, 2): "12356", (1, 2): "3456"})
    found = next(grader.subsets(board))
    assert found.technique == "hidden subset"
    assert dict(found.removals) == {2: 0b000111, 8: 0b001100}
    assert found.explain(namer(WIKI, WIKI_DESC)).startswith(
        "In column 3, 5 and 6 can only go at rows 1 and 2: so ")


def test_x_wing():
    # Digit 1 fits only in columns 2 and 5 in rows 1 and 4.
    no_one = FULL6 & ~1
    layout_cells = {(r, c): "".join(str(d) for d in range(1, 7) if (no_one if c not in (1, 4)
                                                                     else FULL6) >> (d - 1) & 1)
                    for r in (0, 3) for c in range(6)}
    board = board_with(WIKI, WIKI_DESC, layout_cells)
    found = next(grader.fish(board))
    assert found.technique == "fish"
    assert {cell for cell, _ in found.removals} == cells(
        *((r, c) for r in (1, 2, 4, 5) for c in (1, 4)))
    assert all(mask == 1 for _, mask in found.removals)
    assert found.explain(namer(WIKI, WIKI_DESC)).startswith(
        "In rows 1 and 4, 1 can only go in columns 2 and 5 (an X-wing): so ")


def test_forcing_chain():
    # Row 1 col 1 is 1 or 2; row 1 col 4 is 2 or 3; row 4 col 4 is 3 or 1. If the first is
    # not 1 the chain makes the last 1: row 4 col 1 sees both, so it cannot be 1.
    board = board_with(SMALL, SMALL_DESC, {(0, 0): "12", (0, 3): "23", (3, 3): "13"})
    found = next(grader.chains(board))
    assert found.removals == ((12, 0b0001),)
    assert found.explain(namer(SMALL, SMALL_DESC)) == (
        "A forcing chain: if row 1, column 1 is not 1 it is 2, so row 1, column 4 is 3, so "
        "row 4, column 4 is 1. Either way 1 is at row 1, column 1 or row 4, column 4: so "
        "row 4, column 1 cannot be 1.")


def test_cage_line():
    # Every filling of the 2/ cage in column 1 (1-2, 2-4 either way) puts a 2 in column 1.
    board = board_with(SMALL, SMALL_DESC, {})
    found = next(grader.cage_lines(board))
    assert found.removals == ((8, 0b0010), (12, 0b0010))
    assert found.explain(namer(SMALL, SMALL_DESC)) == (
        "Every way to fill the 2/ cage in column 1 puts 2 in column 1: so row 3, column 1 "
        "cannot be 2 and row 4, column 1 cannot be 2.")


def test_cage_cells_names_the_digit_a_cell_cannot_take():
    # With 3 gone from row 2, column 4, the 2- cage above it cannot pair 1 with 3. (The cages
    # before it are narrowed to what they allow, so they have nothing to give.)
    board = board_with(SMALL, SMALL_DESC, {(0, 0): "124", (1, 0): "124", (0, 1): "23",
                                           (0, 2): "23", (1, 3): "124"})
    found = next(grader.cage_cells(board))
    assert found.explain(namer(SMALL, SMALL_DESC)) == (
        "The 2- cage in column 4 can only hold 1, 2, 3 and 4, and 3 cannot go at "
        "row 2, column 4: so row 1, column 4 cannot be 1.")


def test_singles():
    board = board_with(SMALL, SMALL_DESC, {(2, 2): "3"})
    single = next(grader.naked_singles(board))
    assert single.place == (10, 3)
    board.set_digit(10, 3)
    board = board_with(SMALL, SMALL_DESC, {(0, c): "124" for c in range(3)})
    hidden = next(grader.hidden_singles(board))
    assert hidden.place == (3, 3)
    assert hidden.explain(namer(SMALL, SMALL_DESC)) == "In row 1, 3 can only go at column 4."


# --- hints -----------------------------------------------------------------------------------

def test_hint_on_a_literal_position():
    hint = grader.hint(rules.from_text(SMALL_PICTURE))
    assert hint.text == ("The 2/ cage in column 1 can only hold 2 and 4: "
                         "so row 2, column 1 must be 2.")
    assert hint.technique == "cage digits"
    assert hint.cells == ((0, 0), (1, 0))
    assert hint.removals == (((1, 0), (3,)),)


def test_hint_on_a_fresh_game_names_the_first_cage_deduction():
    hint = grader.hint(rules.new_game(SMALL, SMALL_DESC))
    assert hint.text == ("The 2/ cage in column 1 can only hold 1, 2 and 4: so row 1, column 1 "
                         "cannot be 3 and row 2, column 1 cannot be 3.")


def test_hint_points_at_a_wrong_digit_first():
    state = rules.from_text(SMALL_PICTURE)
    state = rules.apply_move(state, Move("R", 3, 3, 3))       # the answer there is 2
    hint = grader.hint(state)
    assert hint.technique == "mistake"
    assert hint.text == "The 3 at row 4, column 4 is wrong."
    assert hint.cells == ((3, 3),)


def test_hint_points_at_candidates_that_leave_out_the_answer():
    state = rules.from_text(SMALL_PICTURE.replace("| 23     123  |", "| 3      123  |"))
    hint = grader.hint(state)
    assert hint.text == "The candidates at row 1, column 2 leave out the digit it needs."


def test_hint_with_hidden_operators_does_not_name_them():
    params = Params(4, "easy", hidden_operators=True)
    state = rules.new_game(params, rules.new_desc(params, random.Random(5)))
    text = grader.hint(state).text
    assert "cage" not in text or not any(f"{op} cage" in text for op in "+-*/")


def test_no_hint_once_solved():
    state = rules.apply_move(rules.new_game(SMALL, SMALL_DESC), Move("S"))
    assert state.digits == SMALL_SOLUTION
    assert grader.hint(state) is None


def follow_hints(state, solution, forbidden=("mistake", "reveal", "stuck")):
    """Play by hints alone, keeping candidates: every step agrees with the solution. Returns
    the final state and the techniques used."""
    state = rules.apply_move(state, Move("M"))
    used = set()
    for _ in range(4 * state.size ** 3):
        hint = grader.hint(state)
        if hint is None:
            return state, used
        used.add(hint.technique)
        assert hint.technique not in forbidden, hint.text
        n = state.size
        for (r, c), digits in hint.removals:
            assert solution[r * n + c] not in digits, hint.text
            for digit in digits:
                if state.candidates[r * n + c] >> (digit - 1) & 1:
                    state = rules.apply_move(state, Move("P", r, c, digit))
        if hint.place:
            (r, c), digit = hint.place
            assert solution[r * n + c] == digit, hint.text
            state = rules.apply_move(state, Move("X", r, c, digit))
    raise AssertionError("the hints went round in circles")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from([(4, "easy"), (4, "normal"), (5, "hard"),
                                                 (4, "extreme"), (6, "hard")]))
def test_following_hints_solves_generated_puzzles(seed, size_level):
    params = Params(*size_level)
    state = rules.new_game(params, rules.new_desc(params, random.Random(seed)))
    solution = rules.solution(state)
    final, _ = follow_hints(state, solution)
    assert final.digits == solution
    assert rules.status(final).outcome == "won"


def test_hints_reveal_a_cell_when_no_deduction_is_left():
    # Unique, but beyond Extreme deductions: somewhere the hints must give a cell away.
    params = Params(4, "hard")
    state = rules.new_game(params, "6f6cf3,s1d2s1a5d2m3m4a5")
    assert grader.grade(params, state.cages) is None
    solution = (3, 2, 1, 4, 1, 4, 2, 3, 2, 3, 4, 1, 4, 1, 3, 2)
    assert rules.solution(state) == solution
    final, used = follow_hints(state, solution, forbidden=("mistake", "stuck"))
    assert "reveal" in used and final.digits == solution

