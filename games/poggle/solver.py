"""Fewest-press solutions of Poggle boards. Pure; numpy lives here and never in rules.py.

Pressing the buttons x times (a count 0..Y-1 per button) turns board b into b + A x (mod Y),
where A is the symmetric press matrix: each button reaches itself and its orthogonal
neighbours. Clearing the board means solving A x = -b over Z_Y.

Every Y in 2..5 is a prime power p^k. Z_4 is not a field, so plain Gauss-Jordan would need to
divide by 2; but Z_(p^k) still has a Smith normal form, found by always pivoting on an entry of
least p-adic valuation (it divides every other entry, so each elimination step is exact):
invertible U, V with U A V = diag(p^e_1, ..., p^e_n), where p^k stands for a zero on the
diagonal. With c = U (-b) and x = V y the system splits into p^e_i y_i = c_i: it is solvable
iff each p^e_i divides its c_i, and its solutions are one particular solution plus the kernel,
whose prod(p^e_i) elements are the combinations of the generators p^(k - e_i) V[:, i].

Kernels stay small up to 12x12 (the largest holds 15,625 elements: 12x12 with 5 colours), so
the fewest-press solution is found exactly: the whole kernel is enumerated once per size and
colour count and cached, and every candidate solution is scored in one vectorised pass. Ties go
to the lexicographically smallest press grid (row-major), so the answer never depends on the
order of pivots.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from games.core.kit.rules_api import RuleError
from games.poggle.board import Board, Move, State, reach


@dataclass(frozen=True)
class SmithForm:
    """U A V = diag(divisors) over Z_Y for the press matrix A of one board size."""
    row_ops: np.ndarray     # U, n x n
    col_ops: np.ndarray     # V, n x n
    divisors: np.ndarray    # p^e_i, in rising order; Y itself where the diagonal is 0
    kernel: np.ndarray      # every x with A x = 0, one per row


def press_matrix(size: int) -> np.ndarray:
    """Column i is what one press of button i (reading order) adds to the board."""
    matrix = np.zeros((size * size, size * size), dtype=np.int64)
    for row in range(size):
        for col in range(size):
            for r, c in reach(size, row, col):
                matrix[r * size + c, row * size + col] = 1
    return matrix


def _prime_power(modulus: int) -> tuple[int, int]:
    prime = next(d for d in range(2, modulus + 1) if modulus % d == 0)
    power = 1
    while prime ** power < modulus:
        power += 1
    if prime ** power != modulus:
        raise ValueError(f"{modulus} colours is not a prime power; the solver needs one.")
    return prime, power


def _least_valuation(block: np.ndarray, prime: int, power: int):
    """(e, i, j) for the first entry of the block with the fewest factors p (e of them), or
    None when the block is zero."""
    for exponent in range(power):
        hits = np.flatnonzero(block % prime ** (exponent + 1))
        if hits.size:
            return (exponent, *divmod(int(hits[0]), block.shape[1]))
    return None


@functools.cache
def smith_form(size: int, colours: int) -> SmithForm:
    """The Smith normal form of the press matrix for a size x size board, with its kernel.
    Cached: every board of the same size and colour count shares it."""
    prime, power = _prime_power(colours)
    matrix = press_matrix(size)
    n = len(matrix)
    row_ops = np.eye(n, dtype=np.int64)
    col_ops = np.eye(n, dtype=np.int64)
    divisors = np.full(n, colours, dtype=np.int64)
    for t in range(n):
        pivot = _least_valuation(matrix[t:, t:], prime, power)
        if pivot is None:
            break
        exponent, i, j = pivot
        matrix[[t, t + i]] = matrix[[t + i, t]]
        row_ops[[t, t + i]] = row_ops[[t + i, t]]
        matrix[:, [t, t + j]] = matrix[:, [t + j, t]]
        col_ops[:, [t, t + j]] = col_ops[:, [t + j, t]]
        # Scale the pivot row so the pivot is exactly p^e.
        divisor = prime ** exponent
        inverse = pow(int(matrix[t, t]) // divisor, -1, colours)
        matrix[t] = matrix[t] * inverse % colours
        row_ops[t] = row_ops[t] * inverse % colours
        # Clear the pivot column with row operations. Column t is then zero below the pivot,
        # so the column operations that clear the pivot row change nothing else in matrix.
        rows = t + 1 + np.flatnonzero(matrix[t + 1:, t])
        factors = matrix[rows, t] // divisor
        matrix[rows, t:] = (matrix[rows, t:] - np.outer(factors, matrix[t, t:])) % colours
        row_ops[rows] = (row_ops[rows] - np.outer(factors, row_ops[t])) % colours
        cols = t + 1 + np.flatnonzero(matrix[t, t + 1:])
        factors = matrix[t, cols] // divisor
        matrix[t, cols] = 0
        col_ops[:, cols] = (col_ops[:, cols] - np.outer(col_ops[:, t], factors)) % colours
        divisors[t] = divisor
    # The kernel: every combination of the generators p^(k - e_i) V[:, i], each of order p^e_i.
    kernel = np.zeros((1, n), dtype=np.uint8)
    for i in np.flatnonzero(divisors > 1):
        generator = col_ops[:, i] * (colours // divisors[i]) % colours
        multiples = (np.arange(divisors[i])[:, None] * generator % colours).astype(np.uint8)
        kernel = ((multiples[:, None, :] + kernel[None, :, :]) % colours).reshape(-1, n)
    for array in (row_ops, col_ops, divisors, kernel):
        array.setflags(write=False)
    return SmithForm(row_ops, col_ops, divisors, kernel)


def kernel_size(size: int, colours: int) -> int:
    """How many press grids leave a size x size board unchanged (the quiet patterns, the
    empty grid included); a solvable board has exactly this many solutions."""
    return len(smith_form(size, colours).kernel)


def _fewest(candidates: np.ndarray) -> np.ndarray:
    """The candidate with the fewest presses, ties to the lexicographically smallest."""
    totals = candidates.sum(axis=1, dtype=np.int32)
    best = candidates[totals == totals.min()]
    for column in range(best.shape[1]):
        if len(best) == 1:
            break
        best = best[best[:, column] == best[:, column].min()]
    return best[0]


def solve(state: State) -> Board:
    """Press counts (0..Y-1) per button that clear the board with the fewest total presses.
    RuleError when no presses can clear it (possible for a board typed into a game ID)."""
    size, colours = state.params.size, state.params.colours
    form = smith_form(size, colours)
    target = -np.asarray(state.board, dtype=np.int64).ravel() % colours
    reduced = form.row_ops @ target % colours
    if (reduced % form.divisors).any():
        raise RuleError(f"This {size}x{size} board with {colours} colours cannot be solved: "
                        "no presses bring every button to colour 0.")
    particular = (form.col_ops @ (reduced // form.divisors) % colours).astype(np.uint8)
    presses = _fewest((particular + form.kernel) % colours)
    return tuple(tuple(int(v) for v in presses[r * size:(r + 1) * size]) for r in range(size))


def par(state: State) -> int:
    """The fewest presses that clear the board from here (RuleError as for solve)."""
    return sum(map(sum, solve(state)))


def solution_moves(state: State) -> list[Move]:
    """A fewest-press solution as presses in reading order, each repeated as often as
    needed (for animating the solution press by press)."""
    return [Move(row, col)
            for row, counts in enumerate(solve(state))
            for col, times in enumerate(counts)
            for _ in range(times)]


def hint(state: State) -> Move | None:
    """One press of a fewest-press solution from the current board (after it, par is one
    less); None when the board is already solved, RuleError when it cannot be."""
    moves = solution_moves(state)
    return moves[0] if moves else None
