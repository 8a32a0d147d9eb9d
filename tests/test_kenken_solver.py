"""The exact Calcoolation solver: cage fillings, known puzzles, and a brute-force check."""
import itertools
import random
from functools import cache

from hypothesis import example, given, settings, strategies as st

from games.kenken import gen, rules, solver
from games.kenken.cages import EXTREME, HARD, NORMAL, cage_holds, cage_satisfied, possible_ops
from games.kenken.grader import grade_layout
from games.kenken.rules import Cage, Params

WIKI = Params(6, "normal")
WIKI_DESC = "b5d6e695af0fcfe,a11d2m20m6s3d3m240m6m6a7m30m6a9a8d2"
WIKI_SOLUTION = (5, 6, 3, 4, 1, 2,
                 6, 1, 4, 5, 2, 3,
                 4, 5, 2, 3, 6, 1,
                 3, 4, 1, 2, 5, 6,
                 2, 3, 6, 1, 4, 5,
                 1, 2, 5, 6, 3, 4)

NINE = Params(9, "hard")
NINE_DESC = ("5bdddddfef5bdfdf3af61dfdc71df7b4e5cd,m9m6d2m40m84s1m21d2a10s5a13m6a15a15a9s1s2s5a7"
             "d2m48s1d3a5a6s2s1s1m8a13s1s5d4m108m42a10m30d2")
NINE_SOLUTION = (1, 9, 3, 2, 4, 5, 8, 7, 6,
                 7, 2, 9, 1, 8, 6, 3, 4, 5,
                 3, 4, 8, 5, 2, 1, 9, 6, 7,
                 4, 6, 5, 7, 3, 9, 1, 2, 8,
                 5, 7, 2, 8, 9, 4, 6, 1, 3,
                 2, 3, 6, 4, 1, 7, 5, 8, 9,
                 8, 1, 7, 6, 5, 3, 2, 9, 4,
                 9, 8, 4, 3, 6, 2, 7, 5, 1,
                 6, 5, 1, 9, 7, 8, 4, 3, 2)

FIVE = Params(5, "extreme")
FIVE_DESC = "6aff8e3e0f,s1g2m30m15s3a6s1a7a5d2m120"
FIVE_SOLUTION = (4, 3, 2, 1, 5,
                 5, 4, 1, 3, 2,
                 3, 5, 4, 2, 1,
                 2, 1, 3, 5, 4,
                 1, 2, 5, 4, 3)


def digits_of(size, fillings, cells=None):
    """Fillings decoded to digit tuples, for reading."""
    count = cells or max(f.bit_length() - 1 for f in fillings) // size + 1
    return sorted(tuple(f >> (i * size) & ((1 << size) - 1) for i in range(count))
                  for f in fillings)


def test_fillings_of_a_subtraction_domino_go_both_ways():
    fillings = solver.cage_fillings(4, ((0, 0), (0, 1)), ("-",), 3)
    # digit d is bit d-1 of each cell's mask: (1, 4) and (4, 1)
    assert digits_of(4, fillings, 2) == [(0b0001, 0b1000), (0b1000, 0b0001)]


def test_fillings_of_a_division_domino():
    assert len(solver.cage_fillings(6, ((0, 0), (1, 0)), ("/",),
                                    2)) == 6   # 1-2, 2-4, 3-6 both ways
    assert len(solver.cage_fillings(6, ((0, 0), (1, 0)), ("/",), 5)) == 2   # 1-5 only


def test_fillings_repeat_digits_only_off_row_and_column():
    # An L of three cells: the corner shares a line with both ends; the ends share none.
    corner = ((0, 0), (0, 1), (1, 0))
    fillings = solver.cage_fillings(4, corner, ("*",), 4)
    decoded = {tuple(m.bit_length() for m in masks) for masks in digits_of(4, fillings, 3)}
    assert decoded == {(4, 1, 1), (1, 2, 2)}
    # In a straight line of three no digit may repeat: 1 * 1 * 4 is impossible.
    assert solver.cage_fillings(4, ((0, 0), (0, 1), (0, 2)), ("*",), 4) == ()


def test_hidden_operator_fillings_join_every_operator():
    shape = ((0, 0), (0, 1))
    every = ("+", "-", "*", "/")
    joined = set(solver.cage_fillings(6, shape, every, 6))
    assert joined == (set(solver.cage_fillings(6, shape, ("+",), 6))
                      | set(solver.cage_fillings(6, shape, ("*",), 6))
                      | set(solver.cage_fillings(6, shape, ("/",), 6)))
    assert len(joined) == 8      # 1+5, 2+4, 2*3 and 1*6 (also 6/1), each both ways


def test_wikipedia_puzzle_has_its_one_solution():
    cages = rules.parse_desc(WIKI, WIKI_DESC)
    assert solver.solutions(WIKI, cages, limit=5) == [WIKI_SOLUTION]
    assert solver.unique_solution(WIKI, cages) == WIKI_SOLUTION


def test_known_nine_and_five_puzzles():
    assert solver.solutions(NINE, rules.parse_desc(NINE, NINE_DESC), 3) == [NINE_SOLUTION]
    assert solver.solutions(FIVE, rules.parse_desc(FIVE, FIVE_DESC), 3) == [FIVE_SOLUTION]


def test_ambiguous_puzzle_counts_two():
    # Dominoes over 2x2 Latin subsquares: each pair of digits can swap.
    params = Params(4, "normal")
    cages = rules.canonical([
        Cage("+", 3, ((0, 0), (0, 1))), Cage("+", 3, ((1, 0), (1, 1))),
        Cage("+", 7, ((0, 2), (0, 3))), Cage("+", 7, ((1, 2), (1, 3))),
        Cage("+", 7, ((2, 0), (2, 1))), Cage("+", 7, ((3, 0), (3, 1))),
        Cage("+", 3, ((2, 2), (2, 3))), Cage("+", 3, ((3, 2), (3, 3)))])
    found = solver.solutions(params, cages, limit=2)
    assert len(found) == 2 and set(found) <= set(brute_force(params, cages))
    assert len(brute_force(params, cages)) == 16
    assert solver.unique_solution(params, cages) is None


@cache
def latin_squares(n: int) -> tuple[tuple[int, ...], ...]:
    """Every Latin square of order n, row-major (576 of order 4)."""
    rows = list(itertools.permutations(range(1, n + 1)))
    squares = []

    def extend(grid):
        if len(grid) == n:
            squares.append(tuple(d for row in grid for d in row))
            return
        for row in rows:
            if all(row[c] != other[c] for other in grid for c in range(n)):
                extend(grid + [row])

    extend([])
    return tuple(squares)


def brute_force(params, cages):
    n = params.size
    return [square for square in latin_squares(n)
            if all(cage_satisfied(params, cage, [square[r * n + c] for r, c in cage.cells])
                   for cage in cages)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6), st.booleans(), st.integers(-1, 1))
def test_solver_agrees_with_brute_force_on_4x4(seed, hidden, nudge):
    """Random cuttings (with a target nudged now and then, to make some impossible or
    ambiguous): the solver finds exactly the solutions brute force finds (up to two)."""
    params = Params(4, "normal", hidden_operators=hidden)
    rng = random.Random(seed)
    cages = [Cage(op, target, tuple(divmod(cell, 4) for cell in cells))
             for cells, op, target in gen.attempt(params, rng)]
    k = rng.randrange(len(cages))
    if cages[k].op != "=":
        cages[k] = Cage(cages[k].op, max(1, cages[k].target + nudge), cages[k].cells)
    cages = tuple(cages)
    expected = brute_force(params, cages)
    found = solver.solutions(params, cages, limit=2)
    assert len(found) == min(len(expected), 2)
    assert set(found) <= set(expected)


def test_latin_square_count_of_order_four():
    assert len(latin_squares(4)) == 576


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from(["standard", "multiplication", "hidden"]),
       st.sampled_from(["easy", "normal", "hard", "extreme"]), st.integers(-2, 2))
def test_a_4x4_layout_counts_its_solutions_as_the_search_does(seed, variant, difficulty,
                                                               nudge):
    """On a 4x4 board the Latin squares that fit every cage (Layout.squares) are exactly the
    solutions: as many as brute force and the search find, with a target nudged now and then
    to make some ambiguous or impossible; and grading by that count agrees with grading by
    the search, at every level."""
    if variant == "multiplication" and difficulty == "extreme":
        difficulty = "hard"         # 4x4 products go up to Hard
    params = rules.params_from_options(4, difficulty, variant)
    rng = random.Random(seed)
    cages = gen.attempt(params, rng)
    k = rng.randrange(len(cages))
    cells, op, target = cages[k]
    cages[k] = (cells, op, max(1, target + nudge))
    layout = solver.compile_cages(4, [(cells, possible_ops(params, op, len(cells)), target)
                                      for cells, op, target in cages])
    expected = brute_force(params, tuple(Cage(op, target, tuple(divmod(c, 4) for c in cells))
                                         for cells, op, target in cages))
    assert layout.squares.bit_count() == len(expected) == len(solver.solve_layout(layout, 600))
    searched = layout._replace(squares=-1)      # graded as any other size is
    for least in range(4):
        assert grade_layout(layout, EXTREME, least) == grade_layout(searched, EXTREME, least)


@st.composite
def placed_cages(draw):
    """A connected cage of 1-6 cells grown from a random cell of an n x n grid (cells in
    reading order), the operators a player could read it by, and a target near its range."""
    n = draw(st.integers(3, 9))
    size = draw(st.integers(1, 6 if n <= 5 else 4))
    cells = {(draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))}
    while len(cells) < size:
        r, c = draw(st.sampled_from(sorted(cells)))
        dr, dc = draw(st.sampled_from(((0, 1), (1, 0), (0, -1), (-1, 0))))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            cells.add((r + dr, c + dc))
    cells = tuple(sorted(cells))
    every = {1: ("=",), 2: ("+", "-", "*", "/")}.get(size, ("+", "*"))
    ops = tuple(op for op in every if draw(st.booleans())) or every[:1]
    target = draw(st.one_of(st.integers(0, n * size + 1),
                            st.sampled_from((1, 2, 6, 12, 24, 60, 120, 360, 720))))
    return n, cells, ops, target


def fillings_by_brute_force(n, shape, ops, target):
    """Every digit tuple for the shape with no repeat in a row or column that reaches target
    with one of ops (cages.cage_holds), packed as cage_fillings packs them."""
    found = set()
    for digits in itertools.product(range(1, n + 1), repeat=len(shape)):
        if any(digits[i] == digits[j] and (shape[i][0] == shape[j][0] or
                                           shape[i][1] == shape[j][1])
               for i, j in itertools.combinations(range(len(shape)), 2)):
            continue
        if any(cage_holds(op, target, digits) for op in ops):
            found.add(sum(1 << (i * n + d - 1) for i, d in enumerate(digits)))
    return tuple(sorted(found))


@settings(max_examples=150, deadline=None)
@given(placed_cages())
def test_fillings_and_lines_of_any_cage_anywhere(cage):
    """A cage's fillings (listed by sum and product for small cages, searched per target
    for large ones) are exactly brute force's, and its shape's cached lines, placed, are the
    lines its cells share."""
    n, cells, ops, target = cage
    r0, c0 = cells[0]
    shape = tuple((r - r0, c - c0) for r, c in cells)
    assert solver.cage_fillings(n, shape, ops, target) == fillings_by_brute_force(
        n, shape, ops, target)
    indices = tuple(r * n + c for r, c in cells)
    segments = solver.compiled_cage(n, indices, ops, target)[1]
    shared = {}
    for i, (r, c) in enumerate(cells):
        shared.setdefault(r, []).append(i)
        shared.setdefault(n + c, []).append(i)
    assert segments == tuple((line, tuple(positions)) for line, positions
                             in sorted(shared.items()) if len(positions) > 1)


@settings(max_examples=80, deadline=None)
@given(st.integers(4, 7), st.sampled_from(["easy", "normal", "hard"]), st.integers(0, 10 ** 6),
       st.integers(-1, 1))
# An impossible puzzle whose one contradiction is a line where two digits can each go only in
# the same cell, a cell that holds just those two (the sweep once passed it over).
@example(4, "hard", 291, 1)
def test_a_closure_continued_from_the_level_below_is_the_closure_from_scratch(
        size, difficulty, seed, nudge):
    """close(..., stepped=True) on the closure of the level below (as the grader steps up)
    narrows to the same candidates, and finds the same contradictions, as the closure of
    that level from the start (layout.start: every cage's fillings already read per cell),
    on random attempts (a target nudged now and then, to make
    some impossible or ambiguous)."""
    params = Params(size, difficulty)
    rng = random.Random(seed)
    cages = gen.attempt(params, rng)
    k = rng.randrange(len(cages))
    cells, op, target = cages[k]
    if op != "=":
        cages[k] = (cells, op, max(1, target + nudge))
    layout = solver.compile_cages(size, [(cells, (op,), target) for cells, op, target in cages])
    for level in (NORMAL, HARD):
        scratch, scratch_live = list(layout.start), [list(f) for f in layout.fillings]
        whole = solver.close(layout, scratch, scratch_live, level, fitted=True)
        stepped, live = list(layout.start_easy), [list(f) for f in layout.fillings]
        below = solver.close(layout, stepped, live, level - 1, fitted=True)
        if below:
            assert solver.close(layout, stepped, live, level, stepped=True) == whole
            if whole:
                assert stepped == scratch
        else:
            assert not whole
