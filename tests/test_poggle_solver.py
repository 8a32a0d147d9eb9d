"""Poggle solver: check values, solutions played out, kernel sizes, and exact fewest-press
answers against brute force (every press grid on tiny boards, light chasing on small ones)
and against a reference that solves the whole N^2 x N^2 system in numpy through its Smith
normal form, on thousands of boards of every size and colour count."""
import functools
import itertools
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import RuleError
from games.poggle import rules, solver
from games.poggle.rules import Move, Params

SIZES, COLOURS = range(3, 13), range(2, 6)


def game(size, colours, desc):
    return rules.new_game(Params(size, colours), desc)


def dealt(size, colours, seed):
    params = Params(size, colours)
    return rules.new_game(params, rules.new_desc(params, random.Random(seed)))


def lit_by(grids, size, colours):
    """The boards that press grids (one per row, reading order) make from the solved board."""
    presses = grids.reshape(-1, size, size)
    boards = presses.copy()
    boards[:, 1:] += presses[:, :-1]
    boards[:, :-1] += presses[:, 1:]
    boards[:, :, 1:] += presses[:, :, :-1]
    boards[:, :, :-1] += presses[:, :, 1:]
    return boards.reshape(len(grids), -1) % colours


def fewest(grids):
    """The grid with the fewest total presses, ties to the lexicographically smallest."""
    keys = [grids[:, j] for j in reversed(range(grids.shape[1]))] + [grids.sum(axis=1)]
    return grids[np.lexsort(keys)[0]]


def light_chasing(board, colours):
    """Every press grid that clears the board. Choose the first row's presses (all Y^N ways);
    after that each row's presses are forced, since only they can still clear the row above;
    keep the choices that leave the last row clear."""
    size = len(board)
    first_rows = np.array(list(itertools.product(range(colours), repeat=size)))
    lit = np.repeat(np.array([board]), len(first_rows), axis=0)
    presses = np.zeros_like(lit)
    for row in range(size):
        presses[:, row] = first_rows if row == 0 else -lit[:, row - 1] % colours
        pushed = presses[:, row]
        lit[:, row] += pushed
        lit[:, row, 1:] += pushed[:, :-1]
        lit[:, row, :-1] += pushed[:, 1:]
        if row > 0:
            lit[:, row - 1] += pushed
        if row < size - 1:
            lit[:, row + 1] += pushed
        lit %= colours
    clear = ~lit[:, -1].any(axis=1)
    return presses[clear].reshape(-1, size * size)


def grid_rows(flat, size):
    return tuple(tuple(int(v) for v in flat[r * size:(r + 1) * size]) for r in range(size))


# --- check values (docs/RULES.md) -------------------------------------------------------------

@pytest.mark.parametrize("colours, presses, solution", [
    (2, 5, ((1, 0, 1), (0, 1, 0), (1, 0, 1))),
    (3, 5, ((0, 1, 0), (1, 1, 1), (0, 1, 0))),
    (4, 23, ((3, 2, 3), (2, 3, 2), (3, 2, 3))),
    (5, 23, ((1, 4, 1), (4, 3, 4), (1, 4, 1))),
])
def test_3x3_from_all_colour_1(colours, presses, solution):
    state = game(3, colours, "111/111/111")
    assert solver.solve(state) == solution
    assert solver.par(state) == presses


def test_5x5_two_colours_from_all_lit_takes_15():
    assert solver.par(game(5, 2, "11111/" * 4 + "11111")) == 15


def test_solution_json_follows_design_section_6():
    assert rules.solution_json(Params(3, 4), "111/111/111") == [[3, 2, 3], [2, 3, 2], [3, 2, 3]]


# --- solutions played through the rules --------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("colours", COLOURS)
def test_solutions_clear_dealt_boards(size, colours):
    for seed in range(2):
        state = dealt(size, colours, seed)
        counts = solver.solve(state)
        assert all(0 <= count < colours for row in counts for count in row)
        moves = solver.solution_moves(state)
        assert len(moves) == solver.par(state) == sum(map(sum, counts))
        for move in moves:
            state = rules.apply_move(state, move)
        assert rules.status(state).over


# --- kernel sizes -----------------------------------------------------------------------

# kernel_size(N, Y) for N = 3..12. Over Z_2 these are 2^d for the classic Lights Out nullities
# d = 4 (4x4), 2 (5x5), 8 (9x9), 6 (11x11) and 0 elsewhere up to 12x12; over Z_4 the kernel
# holds between 2^d and 4^d elements.
KERNEL_SIZES = {
    2: (1, 16, 4, 1, 1, 1, 256, 1, 64, 1),
    3: (1, 9, 27, 1, 1, 81, 9, 1, 27, 729),
    4: (1, 64, 16, 1, 1, 1, 4096, 1, 4096, 1),
    5: (1, 25, 25, 1, 1, 1, 25, 1, 625, 15625),
}


@pytest.mark.parametrize("colours", COLOURS)
def test_kernel_sizes(colours):
    assert tuple(solver.kernel_size(size, colours) for size in SIZES) == KERNEL_SIZES[colours]


@pytest.mark.parametrize("size, colours", [(size, colours) for size in SIZES for colours in COLOURS
                                           if colours ** size <= 5000])
def test_kernel_sizes_match_light_chasing(size, colours):
    solved = [[0] * size for _ in range(size)]
    assert len(light_chasing(solved, colours)) == solver.kernel_size(size, colours)


# --- fewest presses, exactly ------------------------------------------------------------

@pytest.mark.parametrize("size, colours", [(3, 2), (3, 3), (4, 2)])
def test_every_board_against_every_press_grid(size, colours):
    """Press every grid there is; each board's answer is the fewest-press grid that makes it
    (presses are undone by pressing Y - 1 more, so clearing b needs a grid making -b)."""
    cells = size * size
    grids = np.array(list(itertools.product(range(colours), repeat=cells)))
    made = lit_by(grids, size, colours) @ colours ** np.arange(cells)   # each board as a number
    by_fewest = np.lexsort([grids[:, j] for j in reversed(range(cells))]
                           + [grids.sum(axis=1), made])
    _, firsts = np.unique(made[by_fewest], return_index=True)
    best = {int(made[i]): grids[i] for i in by_fewest[firsts]}
    solvable = 0
    for board in itertools.product(range(colours), repeat=cells):
        state = rules.State(Params(size, colours), grid_rows(board, size))
        needed = int(-np.array(board) % colours @ colours ** np.arange(cells))
        if needed in best:
            solvable += 1
            assert solver.solve(state) == grid_rows(best[needed], size)
        else:
            with pytest.raises(RuleError):
                solver.solve(state)
    assert solvable == colours ** cells // solver.kernel_size(size, colours)


def random_board(size, colours, seed):
    rng = random.Random(seed)
    return rules.new_game(Params(size, colours), "/".join(
        "".join(str(rng.randrange(colours)) for _ in range(size)) for _ in range(size)))


@pytest.mark.parametrize("size", (3, 4, 5))
@pytest.mark.parametrize("colours", COLOURS)
def test_fewest_presses_match_light_chasing(size, colours):
    states = [dealt(size, colours, seed) for seed in range(6)]
    states += [random_board(size, colours, seed) for seed in range(6)]
    for state in states:
        solutions = light_chasing(state.board, colours)
        if len(solutions):
            assert len(solutions) == solver.kernel_size(size, colours)
            assert solver.solve(state) == grid_rows(fewest(solutions), size)
        else:
            with pytest.raises(RuleError, match="cannot be solved"):
                solver.solve(state)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 6), st.sampled_from([2, 3, 4, 5]), st.integers(0, 10 ** 9),
       st.booleans())
def test_every_solve_is_an_exhaustive_minimum(size, colours, seed, solvable):
    """Any board of 3x3 to 6x6 (a dealt one, or any colours at all): the solve's presses
    clear it when played, and no press grid that clears it (all of them, by light chasing)
    has fewer presses, nor as few and reads smaller; a board nothing clears is refused."""
    state = dealt(size, colours, seed) if solvable else random_board(size, colours, seed)
    solutions = light_chasing(state.board, colours)
    if not len(solutions):
        with pytest.raises(RuleError, match="cannot be solved"):
            solver.solve(state)
        return
    grid = solver.solve(state)
    assert sum(map(sum, grid)) == solutions.sum(axis=1).min()
    assert grid == grid_rows(fewest(solutions), size)
    for move in solver.solution_moves(state):
        state = rules.apply_move(state, move)
    assert rules.status(state).over


# --- the reference: the whole system's Smith normal form, in numpy ------------------------

def press_matrix(size):
    """Column i is what one press of button i (reading order) adds to the board."""
    matrix = np.zeros((size * size, size * size), dtype=np.int64)
    for row in range(size):
        for col in range(size):
            for r, c in rules.reach(size, row, col):
                matrix[r * size + c, row * size + col] = 1
    return matrix


@functools.cache
def reference_form(size, colours):
    """U A V = diag(divisors) over Z_Y for the N^2 x N^2 press matrix A, and every x with
    A x = 0: pivoting on an entry of least p-adic valuation, one pivot at a time."""
    prime = next(d for d in range(2, colours + 1) if colours % d == 0)
    power = round(np.log(colours) / np.log(prime))
    matrix = press_matrix(size)
    n = len(matrix)
    row_ops, col_ops = np.eye(n, dtype=np.int64), np.eye(n, dtype=np.int64)
    divisors = np.full(n, colours, dtype=np.int64)
    for t in range(n):
        block = matrix[t:, t:]
        pivot = next(((e, *divmod(int(hits[0]), block.shape[1])) for e in range(power)
                      for hits in [np.flatnonzero(block % prime ** (e + 1))] if hits.size), None)
        if pivot is None:
            break
        exponent, i, j = pivot
        matrix[[t, t + i]] = matrix[[t + i, t]]
        row_ops[[t, t + i]] = row_ops[[t + i, t]]
        matrix[:, [t, t + j]] = matrix[:, [t + j, t]]
        col_ops[:, [t, t + j]] = col_ops[:, [t + j, t]]
        divisor = prime ** exponent
        inverse = pow(int(matrix[t, t]) // divisor, -1, colours)
        matrix[t] = matrix[t] * inverse % colours
        row_ops[t] = row_ops[t] * inverse % colours
        factors = matrix[t + 1:, t] // divisor
        matrix[t + 1:] = (matrix[t + 1:] - np.outer(factors, matrix[t])) % colours
        row_ops[t + 1:] = (row_ops[t + 1:] - np.outer(factors, row_ops[t])) % colours
        factors = matrix[t, t + 1:] // divisor
        matrix[t, t + 1:] = 0
        col_ops[:, t + 1:] = (col_ops[:, t + 1:] - np.outer(col_ops[:, t], factors)) % colours
        divisors[t] = divisor
    kernel = np.zeros((1, n), dtype=np.int64)
    for i in np.flatnonzero(divisors > 1):
        generator = col_ops[:, i] * (colours // divisors[i]) % colours
        multiples = np.arange(divisors[i])[:, None] * generator % colours
        kernel = ((multiples[:, None, :] + kernel[None, :, :]) % colours).reshape(-1, n)
    return row_ops, col_ops, divisors, kernel


def reference_solve(state):
    """The fewest-press grid by the reference, or None when the board cannot be cleared."""
    size, colours = state.params.size, state.params.colours
    row_ops, col_ops, divisors, kernel = reference_form(size, colours)
    reduced = row_ops @ (-np.array(state.board).ravel() % colours) % colours
    if (reduced % divisors).any():
        return None
    particular = col_ops @ (reduced // divisors) % colours
    return grid_rows(fewest((particular + kernel) % colours), size)


@pytest.mark.parametrize("colours", COLOURS)
def test_reference_form(colours):
    for size in SIZES:
        row_ops, col_ops, divisors, kernel = reference_form(size, colours)
        press = press_matrix(size)
        assert (row_ops @ press @ col_ops % colours == np.diag(divisors % colours)).all()
        # Every kernel row is a distinct quiet pattern (float32 products are exact here).
        quiet = kernel.astype(np.float32) @ press.T.astype(np.float32) % colours
        assert not quiet.any()
        assert len(np.unique(kernel, axis=0)) == len(kernel) == solver.kernel_size(size, colours)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("colours", COLOURS)
def test_the_solver_agrees_with_the_reference(size, colours):
    """Dealt boards (solvable) and boards of random colours (often not), 60 of each size and
    colour count (12 of the largest kernel): the same fewest-press grid, ties broken the same
    way, or both refuse."""
    count = 6 if solver.kernel_size(size, colours) > 10000 else 30
    states = [dealt(size, colours, seed) for seed in range(count)]
    states += [random_board(size, colours, seed) for seed in range(count)]
    for state in states:
        expected = reference_solve(state)
        if expected is None:
            with pytest.raises(RuleError, match="cannot be solved"):
                solver.solve(state)
        else:
            assert solver.solve(state) == expected


@pytest.mark.parametrize("size, colours", [(4, 4), (5, 3), (9, 2), (11, 3)])
def test_ties_go_to_the_smallest_grid_in_reading_order(size, colours):
    """Boards whose fewest presses are reached by several grids, often: the solver picks the
    one that reads smallest, row by row."""
    ties = 0
    for seed in range(40):
        state = dealt(size, colours, seed)
        expected = reference_solve(state)
        grids = (np.array(expected).ravel() + reference_form(size, colours)[3]) % colours
        totals = grids.sum(axis=1)
        ties += int((totals == totals.min()).sum() > 1)
        assert solver.solve(state) == expected
    assert ties >= 4


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.sampled_from([2, 3, 4, 5]), st.integers(0, 10 ** 9))
def test_smith_form_of_small_matrices(n, colours, seed):
    rng = random.Random(seed)
    matrix = [[rng.randrange(colours) * rng.choice((0, 1, 1, 2)) % colours for _ in range(n)]
              for _ in range(n)]
    u, v, divisors = solver.smith_form(matrix, colours)
    product = np.array(u) @ np.array(matrix) @ np.array(v) % colours
    assert (product == np.diag(np.array(divisors) % colours)).all()
    assert all(colours % d == 0 for d in divisors) and divisors == sorted(divisors)
    prime = next(d for d in range(2, colours + 1) if colours % d == 0)
    for ops in (u, v):              # invertible: of full rank mod the prime
        assert solver.smith_form([[x % prime for x in row] for row in ops], prime)[2] == [1] * n


def test_boards_up_to_7x7_never_import_numpy():
    code = ("import random, sys\n"
            "from games.poggle import rules, solver\n"
            "for size in range(3, 8):\n"
            "    for colours in range(2, 6):\n"
            "        params = rules.Params(size, colours)\n"
            "        desc = rules.new_desc(params, random.Random(1))\n"
            "        solver.solve(rules.new_game(params, desc))\n"
            "print('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


# --- unsolvable boards ------------------------------------------------------------------

@pytest.mark.parametrize("size, colours, desc", [
    (5, 2, "10000/00000/00000/00000/00000"),    # classic Lights Out: one corner lit
    (4, 2, "1000/0000/0000/0000"),
    (4, 4, "2000/0000/0000/0000"),              # all 0 mod 2, yet Z_4 cannot clear it
    (5, 3, "10000/00000/00000/00000/00000"),
])
def test_unsolvable_boards_are_rejected_clearly(size, colours, desc):
    params = Params(size, colours)
    rules.validate_desc(params, desc)            # readable: only the solver can tell
    message = f"This {size}x{size} board with {colours} colours cannot be solved"
    with pytest.raises(RuleError, match=message):
        solver.solve(rules.new_game(params, desc))
    with pytest.raises(RuleError, match=message):
        rules.solution_json(params, desc)


# --- hints ------------------------------------------------------------------------------

@pytest.mark.parametrize("size, colours", [(4, 4), (5, 2), (5, 3), (9, 4), (7, 5)])
def test_a_hint_brings_par_one_press_closer(size, colours):
    state = dealt(size, colours, 3)
    while not rules.status(state).over:
        before = solver.par(state)
        state = rules.apply_move(state, solver.hint(state))
        assert solver.par(state) == before - 1
    assert solver.hint(state) is None


def test_solution_moves_in_reading_order():
    assert solver.solution_moves(game(3, 3, "111/111/111")) == [
        Move(0, 1), Move(1, 0), Move(1, 1), Move(1, 2), Move(2, 1)]
    assert solver.hint(game(3, 4, "111/111/111")) == Move(0, 0)
