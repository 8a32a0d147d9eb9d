"""Poggle solver: check values, solutions played out, kernel sizes, and exact fewest-press
answers against brute force (every press grid on tiny boards, light chasing on small ones)."""
import itertools
import random

import numpy as np
import pytest

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
def test_smith_form_and_kernel(colours):
    for size in SIZES:
        form, press = solver.smith_form(size, colours), solver.press_matrix(size)
        diagonal = form.row_ops @ press @ form.col_ops % colours
        assert (diagonal == np.diag(form.divisors % colours)).all()
        assert (np.diff(form.divisors) >= 0).all() and (colours % form.divisors == 0).all()
        # Every kernel row is a distinct quiet pattern (float32 products are exact here).
        quiet = form.kernel.astype(np.float32) @ press.T.astype(np.float32) % colours
        assert not quiet.any()
        assert len(np.unique(form.kernel, axis=0)) == len(form.kernel)


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
