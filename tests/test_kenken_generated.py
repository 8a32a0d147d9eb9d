"""Generated Calcoolation puzzles checked by code that shares nothing with the generator's fast
path: an independent backtracking solver counts their solutions, and the step-by-step grader
(deduce, one deduction at a time, as the hints make them) grades them. The fast grading (the
closures of solver.close, then the Extreme deductions from the Hard closure) is held to the
step-by-step grader on random puzzles of every size and variant, accepted or not."""
import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.kenken import gen, grader, rules
from games.kenken.cages import DIFFICULTIES, SIZES, VARIANTS, cage_satisfied, possible_ops
from games.kenken.solver import compile_cages, compile_puzzle


def independent_solutions(params, cages, limit=2):
    """Up to limit solutions, by plain backtracking: every filling of each cage listed by
    trying all digits, then cages placed one at a time (the one with the fewest fillings that
    fit the rows and columns so far first)."""
    n = params.size
    fillings = []
    for cage in cages:
        fillings.append([values for values in itertools.product(range(1, n + 1),
                                                                repeat=len(cage.cells))
                         if cage_satisfied(params, cage, values)
                         and not any(d == e and (a[0] == b[0] or a[1] == b[1])
                                     for (a, d), (b, e) in itertools.combinations(
                                         zip(cage.cells, values), 2))])
    rows, cols, grid, found, left = [0] * n, [0] * n, {}, [], set(range(len(cages)))

    def fits(k, values):
        return not any((rows[r] | cols[c]) >> d & 1 for (r, c), d in zip(cages[k].cells, values))

    def place():
        if len(found) >= limit:
            return
        if not left:
            found.append(tuple(grid[r, c] for r in range(n) for c in range(n)))
            return
        k = min(left, key=lambda k: sum(1 for values in fillings[k] if fits(k, values)))
        left.discard(k)
        for values in [values for values in fillings[k] if fits(k, values)]:
            for (r, c), d in zip(cages[k].cells, values):
                rows[r] |= 1 << d
                cols[c] |= 1 << d
                grid[r, c] = d
            place()
            for (r, c), d in zip(cages[k].cells, values):
                rows[r] ^= 1 << d
                cols[c] ^= 1 << d
        left.add(k)

    place()
    return found


def step_by_step(layout, level):
    """The level the step-by-step grader solves the puzzle at, using deductions up to level."""
    return grader.deduce(grader.Board(layout), level)


def every_kind():
    """Every size, difficulty and variant the rules allow."""
    kinds = []
    for size, difficulty, variant in itertools.product(SIZES, DIFFICULTIES, VARIANTS):
        try:
            kinds.append(rules.params_from_options(size, difficulty, variant))
        except rules.RuleError:
            continue
    return kinds


def check(params, seed):
    desc = rules.new_desc(params, random.Random(seed))
    cages = rules.parse_desc(params, desc)
    assert len(independent_solutions(params, cages)) == 1
    level = DIFFICULTIES.index(params.difficulty)
    layout = compile_puzzle(params, cages)
    assert step_by_step(layout, level) == level
    if level:
        assert step_by_step(layout, level - 1) is None
    assert grader.grade(params, cages) == params.difficulty
    assert sum(1 for cage in cages if cage.op == "=") <= params.size ** 2 // 8


@pytest.mark.parametrize("params", every_kind(), ids=lambda p: f"{p.size}-{p.difficulty}-"
                                                              f"{p.variant}")
def test_every_kind_of_puzzle_is_unique_and_graded_exactly(params):
    check(params, 7)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([p for p in every_kind() if p.size <= 7]), st.integers(0, 10 ** 6))
def test_generated_puzzles_are_unique_and_graded_exactly(params, seed):
    check(params, seed)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(every_kind()), st.integers(0, 10 ** 6))
def test_fast_grading_matches_the_step_by_step_grader(params, seed):
    """Random attempts, most of them rejected (too easy, too hard or ambiguous): the grade
    the generator reads from the closures is the step-by-step grader's, at every level."""
    n = params.size
    attempt = gen.attempt(params, random.Random(seed))
    layout = compile_cages(n, [(cells, possible_ops(params, op, len(cells)), target)
                               for cells, op, target in attempt])
    expected = step_by_step(layout, DIFFICULTIES.index("extreme"))
    assert grader.grade_layout(layout) == expected
    for least in range(1, 4):          # the generator's shortcut: easier grades as least - 1
        graded = grader.grade_layout(layout, least, least)
        assert (graded == least) == (expected == least)
