"""Calcoolation's solving aids, pure (games/kenken/fillings.py): the highlighted digit and its
cells, and the cage helper's fillings, checked against a brute force over every digit each
cell allows, on generated puzzles with generated marks; never anything the grid does not show
(the solution is not consulted)."""
import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from games.kenken import controls, fillings, geometry, rules
from games.kenken.cages import cage_satisfied, mask_digits
from games.kenken.controls import Ui

PUZZLES = [rules.new_game(params, rules.new_desc(params, random.Random(seed)))
           for params, seed in ((rules.Params(4, "easy"), 1), (rules.Params(5, "normal"), 2),
                                (rules.Params(6, "hard"), 3),
                                (rules.Params(6, "normal", hidden_operators=True), 4),
                                (rules.Params(5, "hard", multiplication_only=True), 5))]


def brute(state, cage):
    """Every filling of the cage (a digit per cell) each cell's allowed digits and the cage's
    clue admit, with no digit twice in a row or a column."""
    options = [mask_digits(fillings.allowed(state, cell)) for cell in cage.cells]
    found = []
    for digits in itertools.product(*options):
        lines = [(("r", r), d) for (r, _), d in zip(cage.cells, digits)] + \
            [(("c", c), d) for (_, c), d in zip(cage.cells, digits)]
        if len(set(lines)) == len(lines) and cage_satisfied(state.params, cage, digits):
            found.append(digits)
    return found


@st.composite
def marked(draw):
    """A puzzle with some digits written (right or wrong) and some candidates pencilled."""
    state = draw(st.sampled_from(PUZZLES))
    n = state.size
    digits, candidates = list(state.digits), list(state.candidates)
    for index in draw(st.lists(st.integers(0, n * n - 1), max_size=n * 2)):
        digits[index], candidates[index] = draw(st.integers(1, n)), 0
    for index in draw(st.lists(st.integers(0, n * n - 1), max_size=n * 2)):
        if not digits[index]:
            candidates[index] = draw(st.integers(1, (1 << n) - 1))
    state = rules.State(state.params, state.cages, tuple(digits), tuple(candidates))
    return state, draw(st.sampled_from(state.cages))


@settings(max_examples=150, deadline=None)
@given(marked())
def test_the_helper_lists_exactly_the_fillings_the_marks_allow(case):
    state, cage = case
    every = brute(state, cage)
    for cell in cage.cells:                 # the same helper from any cell of the cage
        helper = fillings.helper(state, cell)
        assert helper.fillings == len(every) and helper.cells == len(cage.cells)
        combinations = sorted({tuple(sorted(digits)) for digits in every})
        assert helper.every == len(combinations)
        assert list(helper.combinations) == combinations[:fillings.MOST_SHOWN]
        for spot, digits in helper.held:
            position = cage.cells.index(spot)
            assert set(digits) == {filling[position] for filling in every}


def test_the_helper_of_a_known_cage_and_its_words():
    state = rules.new_game(rules.Params(4, "easy"), "b5b6fc,d2m6s2a5s2a3d2m12")
    cage = next(cage for cage in state.cages if cage.op == "*" and cage.target == 12)
    helper = fillings.helper(state, cage.cells[0])
    assert helper.clue == "12\u00d7" and helper.every >= 1
    # Pencil one cell of it down to a single digit no filling has there: none is left.
    r, c = cage.cells[0]
    bad = next(d for d in range(1, 5) if d not in dict(helper.held)[cage.cells[0]])
    narrowed = rules.apply_move(state, rules.Move(rules.TOGGLE, r, c, bad))
    assert fillings.helper(narrowed, cage.cells[0]).fillings == 0
    from games.kenken.panel import helper_words
    title, words = helper_words(fillings.helper(narrowed, cage.cells[0]))
    assert title == "Cage 12\u00d7: 0 combinations left" and "one of them is wrong" in words


def test_a_cell_without_candidates_allows_what_its_row_and_column_leave():
    state = PUZZLES[0]
    written = rules.apply_move(state, rules.Move(rules.PLACE, 0, 0, 3))
    assert mask_digits(fillings.allowed(written, (0, 1))) == (1, 2, 4)
    assert mask_digits(fillings.allowed(written, (1, 0))) == (1, 2, 4)
    assert mask_digits(fillings.allowed(written, (1, 1))) == (1, 2, 3, 4)
    assert mask_digits(fillings.allowed(written, (0, 0))) == (3,)


@pytest.mark.parametrize("state", PUZZLES)
def test_the_lit_digit_is_the_chosen_one_else_the_cursors(state):
    solved = rules.State(state.params, state.cages, rules.solution(state),
                         (0,) * state.size ** 2)
    n = state.size
    for digit in range(1, n + 1):
        cells = fillings.lit_cells(solved, digit)
        assert len(cells) == n, "a digit once in each row of a solved grid"
        assert all(solved.digits[r * n + c] == digit for r, c in cells)
    assert fillings.lit_cells(solved, 0) == frozenset()
    ui = Ui(cursor=(1, 1))
    assert controls.lit_digit(solved, ui) == solved.digits[n + 1]
    assert controls.lit_digit(solved, replace(ui, highlight=2)) == 2
    assert controls.lit_digit(state, ui) == 0, "an empty cell lights nothing"


@pytest.mark.parametrize("n", range(3, 10))
def test_the_highlight_row_chooses_a_digit_and_again_the_cursors(n):
    sheet = geometry.layout(n)
    lights = [k for k, (name, _) in enumerate(sheet.buttons) if name == geometry.Button.LIGHT]
    assert [sheet.light_digit(k) for k in lights] == list(range(1, n + 1))
    helper = next(k for k, (name, _) in enumerate(sheet.buttons)
                  if name == geometry.Button.HELPER)
    state = rules.new_game(*_any_puzzle(n))
    ui = Ui()
    for k in lights:
        chosen = controls.use_button(state, ui, k, None).ui
        assert chosen.highlight == sheet.light_digit(k)
        assert controls.use_button(state, chosen, k, None).ui.highlight == 0
    on = controls.use_button(state, ui, helper, None).ui
    assert on.helper and not controls.use_button(state, on, helper, None).ui.helper
    # Every button inside the panel, none over another, none over the info box.
    boxes = [box for _, box in sheet.buttons] + [sheet.info, sheet.light_label()]
    panel = sheet.panel
    for box in boxes:
        assert geometry.contains(panel, box[:2])
        assert box[0] + box[2] <= panel[0] + panel[2] and box[1] + box[3] <= panel[1] + panel[3]
    for a, b in itertools.combinations(boxes, 2):
        assert not geometry.overlaps(a, b), (a, b)


def _any_puzzle(n):
    params = rules.Params(n, "easy")
    return params, rules.new_desc(params, random.Random(n))
