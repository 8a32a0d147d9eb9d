"""DeducTile's human-style grader: each technique on known answers, its soundness against the
exhaustive count, the generator's promise (every puzzle unique, graded at its level, the same
for the same seed; Expert never solved by reading the clues one by one), and the hint's next
step."""
import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from games.deductile import clues as cb, grader, rules, steps
from games.deductile.grader import CASES, COMBINING, DIRECT, ELIMINATION, RELATIONS

RED, GREEN, BLUE, YELLOW = (("c", i) for i in range(4))
CIRCLE, SQUARE, TRIANGLE, STAR = (("s", i) for i in range(4))


def place(i):
    return ("p", i)


def clue(kind, first, second):
    return cb.Clue(kind, first, second)


def brute_force(clues, tiles):
    """Every arrangement the clues allow, by trying them all (4 tiles: 576)."""
    return [arrangement for shapes in itertools.permutations(range(tiles))
            for colours in itertools.permutations(range(tiles))
            for arrangement in [tuple(zip(shapes, colours))]
            if all(c.holds(arrangement) for c in clues)]


def places(board, item):
    mask = board.cand[board.row(item)]
    return {p for p in range(board.tiles) if mask >> p & 1}


def colours_of(board, shape):
    mask = board.cand[2 * board.tiles + shape[1]]
    return {c for c in range(board.tiles) if mask >> c & 1}


def run(board, technique):
    """Apply every deduction one technique finds now; their names."""
    found = []
    for deduction in technique(board):
        board.apply(deduction)
        found.append(deduction.technique)
    return found


def board_after(clues, tiles=4, upto=DIRECT):
    board = grader.Board(tiles, clues)
    grader.deduce(board, upto)
    return board


# --- each technique on a known answer ------------------------------------------------------

def test_direct_placement_pairing_and_exclusion():
    board = grader.Board(4, [clue(cb.COLOUR_AT, RED, place(0)), clue(cb.SHAPE_IS, SQUARE, RED),
                             clue(cb.SHAPE_NOT_AT, STAR, place(3))])
    assert run(board, grader.direct) == ["placement", "pairing", "exclusion"]
    assert places(board, RED) == {0} and places(board, GREEN) == {1, 2, 3}
    assert colours_of(board, SQUARE) == {0} and colours_of(board, CIRCLE) == {1, 2, 3}
    assert places(board, STAR) == {0, 1, 2}
    assert run(board, grader.one_tile) == ["pair and place"]   # the Red tile is the Square
    assert places(board, SQUARE) == {0} and board.known(board.row(SQUARE))
    assert grader.deduce(board, DIRECT) is None           # the rest needs elimination


def test_a_placed_shape_and_colour_at_one_place_are_one_tile():
    board = board_after([clue(cb.SHAPE_AT, STAR, place(2)), clue(cb.COLOUR_AT, BLUE, place(2)),
                         clue(cb.COLOUR_AT, GREEN, place(0))])
    assert colours_of(board, STAR) == {2}                 # Blue, the colour at the third place
    assert 1 not in colours_of(board, CIRCLE) or places(board, CIRCLE) != {0}


def test_elimination_the_last_place_and_the_last_item():
    # Red is not first, second or third: last (the last place for an item) ...
    board = board_after([clue(cb.COLOUR_NOT_AT, RED, place(p)) for p in range(3)])
    assert run(board, grader.elimination) == ["last place"]
    assert places(board, RED) == {3} and 3 not in places(board, BLUE)
    # ... and the first tile is none of three shapes: the Circle (the last item for a place).
    board = board_after([clue(cb.SHAPE_NOT_AT, shape, place(0))
                         for shape in (SQUARE, TRIANGLE, STAR)])
    assert places(board, CIRCLE) == {0, 1, 2, 3}
    assert run(board, grader.elimination) == ["last shape"] and places(board, CIRCLE) == {0}
    # Three placements leave one place to the Star: seeing that it goes there is a step.
    board = board_after([clue(cb.SHAPE_AT, shape, place(p))
                         for p, shape in enumerate((CIRCLE, SQUARE, TRIANGLE))])
    assert places(board, STAR) == {3} and not board.known(board.row(STAR))
    assert run(board, grader.elimination) == ["last place"] and board.known(board.row(STAR))


def test_relations_narrow_places_at_the_edges_and_part_two_tiles():
    board = board_after([clue(cb.ABOVE, RED, CIRCLE)])
    assert run(board, grader.relations) == ["above"]
    assert places(board, RED) == {0, 1, 2} and places(board, CIRCLE) == {1, 2, 3}
    assert 0 not in colours_of(board, CIRCLE)         # the Red tile is not the Circle
    board = board_after([clue(cb.SHAPE_AT, CIRCLE, place(0)), clue(cb.NEXT_TO, RED, CIRCLE)])
    assert run(board, grader.relations) == ["next to"] and places(board, RED) == {1}


def test_combining_a_shape_with_the_colours_it_may_have():
    # Red is first and the Square is not Red: the Square is not first.
    board = board_after([clue(cb.COLOUR_AT, RED, place(0)), clue(cb.SHAPE_IS_NOT, SQUARE, RED)],
                        upto=RELATIONS)
    assert 0 in places(board, SQUARE)
    assert run(board, grader.combining) == ["combining"] and 0 not in places(board, SQUARE)


# Generated puzzles (rules.new_desc at Hard), traced by hand:
# COMBINING: Triangle in {first, last}, Yellow in {second, third}: the Triangle is not Yellow.
COMBINING_PUZZLE = "DbAdCcBa-4Ad0.8Dd1.8ab1.6C31.6D31.2A21.4Aa0"
# CASES: the Triangle is Green, so first or second. First would put the Star (next to the
# Green tile) second and the Circle (next to the Star) third, where it is not: second.
CASES_PUZZLE = "AdBaDbCc-4Ba0.6A31.6C31.8AD1.1c40.3Cb0.8Db1"


@pytest.mark.parametrize("desc,level", [(COMBINING_PUZZLE, COMBINING), (CASES_PUZZLE, CASES)])
def test_known_puzzles_grade_at_their_technique(desc, level):
    state = rules.new_game(rules.Params(4, "hard"), desc)
    assert grader.grade(state.clues, 4) == level
    assert grader.grade(state.clues, 4, level - 1) is None
    assert grader.solve(state.clues, 4) == state.solution


def test_case_analysis_finds_the_contradiction_in_the_known_puzzle():
    clues = rules.new_game(rules.Params(4, "hard"), CASES_PUZZLE).clues
    board = board_after(clues, upto=COMBINING)
    assert places(board, TRIANGLE) == {0, 1}
    step = grader.first_deduction(board)
    assert (step.technique, step.row, step.place) == ("cases", 2, 0)    # the Triangle first
    board.apply(step)
    assert places(board, TRIANGLE) == {1}


def test_known_grades_of_simple_puzzles():
    direct = [clue(cb.COLOUR_AT, colour, place(p)) for p, colour in enumerate(
        (RED, BLUE, GREEN, YELLOW))] + [clue(cb.SHAPE_IS, shape, colour) for shape, colour in (
            (CIRCLE, RED), (SQUARE, BLUE), (TRIANGLE, GREEN), (STAR, YELLOW))]
    assert grader.grade(direct, 4) == DIRECT
    assert grader.grade(direct[:-1], 4) == ELIMINATION   # the Star: the last shape left
    ruled_out = [clue(cb.SHAPE_NOT_AT, CIRCLE, place(p)) for p in (1, 2, 3)] + [
        clue(cb.SHAPE_AT, SQUARE, place(1)), clue(cb.SHAPE_AT, TRIANGLE, place(2))] + [
        clue(cb.COLOUR_AT, colour, place(p)) for p, colour in enumerate((RED, GREEN, BLUE))]
    assert grader.grade(ruled_out, 4) == ELIMINATION
    assert grader.solve(ruled_out, 4) == ((0, 0), (1, 1), (2, 2), (3, 3))
    chain = [clue(cb.ABOVE, a, b) for a, b in ((CIRCLE, SQUARE), (SQUARE, TRIANGLE),
                                               (TRIANGLE, STAR), (RED, GREEN), (GREEN, BLUE),
                                               (BLUE, YELLOW))]
    assert grader.grade(chain, 4) == RELATIONS
    assert grader.solve(chain, 4) == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert grader.grade(chain[:-1], 4) is None        # two arrangements: the grader is stuck


# --- soundness --------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), count=st.integers(0, 12), tiles=st.sampled_from([4, 5]))
def test_the_grader_never_rules_out_the_truth_and_solves_only_unique_puzzles(seed, count, tiles):
    rng = random.Random(seed)
    solution = tuple(zip(rng.sample(range(tiles), tiles), rng.sample(range(tiles), tiles)))
    pool = [c for group in cb.true_clues(solution, range(1, 9)).values() for c in group]
    clues = rng.sample(pool, count)
    board = grader.Board(tiles, clues)
    level = grader.deduce(board)          # never a Contradiction: the clues are all true
    for position, (shape, colour) in enumerate(solution):
        assert places(board, ("s", shape)) >= {position}
        assert places(board, ("c", colour)) >= {position}
        assert colour in colours_of(board, ("s", shape))
    if level is not None:
        assert board.arrangement() == solution and cb.solutions_left(clues, tiles) == 1
    elif cb.solutions_left(clues, tiles) > 1:
        assert grader.solve(clues, tiles) is None


# --- the generator's promise ----------------------------------------------------------------

LEVEL_CASES = [("easy", 4, 120), ("normal", 4, 120), ("hard", 4, 80), ("expert", 5, 30),
               ("expert", 6, 8)]


@pytest.mark.parametrize("difficulty,tiles,seeds", LEVEL_CASES)
def test_every_puzzle_is_unique_and_graded_at_its_level(difficulty, tiles, seeds):
    params = rules.Params(tiles, difficulty)
    for seed in range(seeds):
        state = rules.new_game(params, rules.new_desc(params, random.Random(seed)))
        clues = state.clues
        assert grader.grade(clues, tiles) in grader.LEVELS[difficulty].grades, seed
        exhaustive = brute_force(clues, tiles) if tiles == 4 else [cb.solve(clues, tiles)]
        assert exhaustive == [state.solution] == [grader.solve(clues, tiles)], seed
        if difficulty == "expert":      # never by reading the clues alone, nor eliminating
            assert grader.grade(clues, tiles, DIRECT) is None
            assert grader.grade(clues, tiles, ELIMINATION) is None


def test_the_levels_climb_and_expert_often_needs_cases():
    assert grader.LEVELS["easy"].grades == (DIRECT, ELIMINATION)
    assert grader.LEVELS["normal"].grades == (RELATIONS,)
    assert grader.LEVELS["hard"].grades == (COMBINING, CASES)
    assert min(grader.LEVELS["expert"].grades) == RELATIONS
    params = rules.Params(5, "expert")
    grades = [grader.grade(rules.new_game(params, rules.new_desc(params, random.Random(seed)))
                           .clues, 5) for seed in range(60)]
    assert grades.count(CASES) >= 15                 # a real share: about two in five


@pytest.mark.parametrize("difficulty,tiles", [("easy", 4), ("hard", 4), ("expert", 6)])
def test_generation_is_the_same_for_the_same_seed(difficulty, tiles):
    params = rules.Params(tiles, difficulty)
    descs = [rules.new_desc(params, random.Random(seed)) for seed in range(3)]
    assert descs == [rules.new_desc(params, random.Random(seed)) for seed in range(3)]
    assert len(set(descs)) == 3


# --- the hint's next step -------------------------------------------------------------------

def test_the_next_step_names_the_first_deduction_the_order_breaks():
    state = rules.new_game(rules.Params(4, "hard"), CASES_PUZZLE)
    step = steps.next_step(state.clues, 4, rules.decode_arrangement("CbAaDdBc"))
    assert step == steps.Step("Suppose the Triangle were first: the clues would then "
                              "contradict each other. So the Triangle is not first.", "cases", ())
    # The Circle third breaks clue 2 as the solver reads it; the Yellow Star beside the Green
    # tile breaks clue 7's relation.
    step = steps.next_step(state.clues, 4, rules.decode_arrangement("BdCbAaDc"))
    assert step == steps.Step("Clue 2: The Circle is not third.", "exclusion", (1,))
    step = steps.next_step(state.clues, 4, rules.decode_arrangement("AdCbDaBc"))
    assert step.technique == "next to" and step.clues == (3,)
    assert step.text.startswith("Clue 4: The Star is next to the Circle. So ")
    assert steps.next_step(state.clues, 4, state.solution) is None


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10 ** 6),
       level=st.sampled_from([("easy", 4), ("normal", 4), ("hard", 4), ("expert", 5)]))
def test_the_next_step_reads_a_clue_the_order_breaks_or_tries_a_case(seed, level):
    difficulty, tiles = level
    params = rules.Params(tiles, difficulty)
    rng = random.Random(seed)
    state = rules.new_game(params, rules.new_desc(params, rng))
    order = state.solution if seed % 5 == 0 else tuple(
        zip(rng.sample(range(tiles), tiles), rng.sample(range(tiles), tiles)))
    step = steps.next_step(state.clues, tiles, order)
    if order == state.solution:
        assert step is None
        return
    broken = rules.broken_clues(replace(state, arrangement=order))
    assert broken and step is not None
    if step.technique == "cases":
        assert step.clues == () and step.text.startswith("Suppose ")
    else:
        assert step.technique in ("placement", "pairing", "exclusion", "above", "next to")
        assert len(step.clues) == 1 and step.clues[0] in broken
        assert step.text.startswith(f"Clue {step.clues[0] + 1}: "
                                    f"{state.clues[step.clues[0]].text(tiles)}")
