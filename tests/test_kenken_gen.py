"""The Calcoolation generator: Latin squares, cuttings, and puzzles that are unique and grade
at exactly the level asked for."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.kenken import cages, gen, grader, rules, solver
from games.kenken.rules import Params


def is_latin(grid, n):
    rows = [grid[r * n:(r + 1) * n] for r in range(n)]
    cols = [grid[c::n] for c in range(n)]
    return all(sorted(line) == list(range(1, n + 1)) for line in rows + cols)


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10 ** 6))
def test_latin_squares(n, seed):
    assert is_latin(gen.latin_square(n, random.Random(seed)), n)


def test_intercalates_of_a_literal_square():
    square = [1, 2, 3, 4,
              2, 1, 4, 3,
              3, 4, 1, 2,
              4, 3, 2, 1]
    found = gen.intercalates(square, 4)
    assert len(found) == 12        # each of the 6 pairs of rows holds two subsquares
    assert (0, 5, 1, 4) in found   # 1 2 / 2 1 in the top left corner: a cells 0, 5; b cells 1, 4
    cyclic = [1, 2, 3, 2, 3, 1, 3, 1, 2]
    assert gen.intercalates(cyclic, 3) == []


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10 ** 6), st.sampled_from(sorted(gen.STYLES)))
def test_cuttings_are_connected_small_and_never_balance_an_intercalate(n, seed, variant):
    rng = random.Random(seed)
    grid = gen.latin_square(n, rng)
    style = gen.STYLES[variant][rng.randrange(4)]
    pieces = gen.partition(n, grid, rng, style)
    assert sorted(cell for piece in pieces for cell in piece) == list(range(n * n))
    owner = {cell: k for k, piece in enumerate(pieces) for cell in piece}
    for piece in pieces:
        assert 1 <= len(piece) <= cages.MAX_CAGE
        assert cages.connected([divmod(cell, n) for cell in piece])
    for a1, a2, b1, b2 in gen.intercalates(grid, n):
        assert sorted((owner[a1], owner[a2])) != sorted((owner[b1], owner[b2]))


def check_generated(params, seed):
    desc = rules.new_desc(params, random.Random(seed))
    rules.validate_desc(params, desc)
    cages = rules.parse_desc(params, desc)
    assert len(solver.solutions(params, cages, limit=2)) == 1
    assert grader.grade(params, cages) == params.difficulty
    easier = rules.DIFFICULTIES.index(params.difficulty) - 1
    if easier >= 0:
        assert grader.grade(params, cages, easier) is None
    givens = sum(1 for cage in cages if cage.op == "=")
    assert givens <= params.size ** 2 // 8          # given numbers sparingly
    return cages


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from(
    [(3, "easy"), (3, "normal"), (4, "easy"), (4, "normal"), (4, "hard"), (5, "normal"),
     (5, "hard"), (5, "extreme"), (6, "easy"), (6, "hard"), (6, "extreme"), (7, "normal")]))
def test_generated_puzzles_are_unique_and_graded_exactly(seed, size_level):
    check_generated(Params(*size_level), seed)


@pytest.mark.parametrize("size, level", [(8, "easy"), (8, "hard"), (9, "normal"),
                                         (9, "extreme")])
def test_large_generated_puzzles(size, level):
    check_generated(Params(size, level), 1)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from([(4, "easy"), (4, "normal"), (5, "hard")]))
def test_multiplication_only_puzzles(seed, size_level):
    cages = check_generated(Params(*size_level, multiplication_only=True), seed)
    assert {cage.op for cage in cages} <= {"*", "="}


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from([(3, "normal"), (4, "easy"), (5, "hard"),
                                                 (5, "extreme")]))
def test_hidden_operator_puzzles_are_unique_without_their_operators(seed, size_level):
    params = Params(*size_level, hidden_operators=True)
    cages = check_generated(params, seed)
    # Solving with every operator open, not the ones in the description, gives one answer.
    scrambled = tuple(rules.Cage("+", cage.target, cage.cells) if cage.op == "*" else cage
                      for cage in cages)
    assert solver.solutions(params, scrambled, 2) == solver.solutions(params, cages, 2)


def test_generation_is_deterministic():
    params = Params(6, "hard")
    assert rules.new_desc(params, random.Random(9)) == rules.new_desc(params, random.Random(9))
    assert rules.new_desc(params, random.Random(9)) != rules.new_desc(params, random.Random(10))


def test_attempts_step_by_step_give_the_same_puzzle():
    params = Params(5, "hard")
    steps = list(gen.attempts(params, random.Random(4)))
    assert all(step is None for step in steps[:-1])
    assert steps[-1] == rules.new_desc(params, random.Random(4))
