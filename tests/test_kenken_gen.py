"""The Calcoolation generator: Latin squares, cuttings, the variants' operators, determinism
(test_kenken_generated.py checks every kind of puzzle with an independent solver)."""
import itertools
import random

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


def two_line_trades(grid, n):
    """Every trade between two rows or two columns, by brute force: (cell, new digit) pairs
    for each cycle along which swapping the two lines' digits keeps the square Latin."""
    found = []
    for transpose in (False, True):
        at = (lambda line, k: k * n + line) if transpose else (lambda line, k: line * n + k)
        for one, two in itertools.combinations(range(n), 2):
            seen = set()
            for start in range(n):
                cycle, k = [], start
                while k not in seen:
                    seen.add(k)
                    cycle.append(k)
                    k = next(j for j in range(n) if grid[at(two, j)] == grid[at(one, k)])
                if cycle:
                    found.append([(at(one, k), grid[at(two, k)]) for k in cycle] +
                                 [(at(two, k), grid[at(one, k)]) for k in cycle])
    return found


def test_trades_of_a_literal_square():
    square = [1, 2, 3, 4,
              2, 3, 4, 1,
              3, 4, 1, 2,
              4, 1, 2, 3]
    # Rows 1 and 2 trade along one cycle through all four columns; rows 1 and 3 along two
    # intercalates (1 3 / 3 1 and 2 4 / 4 2).
    trades = {frozenset(cell for cell, _ in trade) for trade in two_line_trades(square, 4)}
    assert frozenset(range(8)) in trades
    assert frozenset((0, 2, 8, 10)) in trades
    balanced = gen.balance_check(square, 4)
    owner = list(range(16))
    owner[4], owner[5] = 0, 1           # dominoes down columns 1 and 2 of rows 1 and 2
    owner[7] = 3                        # and column 4: the cycle still moves column 3's digits
    assert not balanced(owner, 7, [3, 7])
    owner[6] = 2                        # with column 3 too, rows 1 and 2 can swap outright
    assert balanced(owner, 6, [2, 6])
    owner = list(range(16))
    owner[2] = 0                        # 1 . 3 in one cage, then 3 . 1 below it: 1 3 / 3 1
    assert not balanced(owner, 2, [0, 2])
    owner[10] = 8
    assert balanced(owner, 10, [8, 10])


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10 ** 6), st.sampled_from(sorted(gen.STYLES)))
def test_cuttings_are_connected_small_and_never_balance_a_trade(n, seed, variant):
    rng = random.Random(seed)
    grid = gen.latin_square(n, rng)
    style = gen.STYLES[variant][rng.randrange(4)]
    pieces = gen.partition(n, grid, rng, style)
    assert sorted(cell for piece in pieces for cell in piece) == list(range(n * n))
    owner = {cell: k for k, piece in enumerate(pieces) for cell in piece}
    for piece in pieces:
        assert 1 <= len(piece) <= cages.MAX_CAGE
        assert cages.connected([divmod(cell, n) for cell in piece])
    for trade in two_line_trades(grid, n):
        before = sorted((owner[cell], grid[cell]) for cell, _ in trade)
        after = sorted((owner[cell], digit) for cell, digit in trade)
        assert before != after      # some cage's digits change: the clues can tell


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
