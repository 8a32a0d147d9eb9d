"""Fewest-press solutions of Poggle boards. Pure; numpy is imported only for the largest
kernels (some boards of 8x8 and up), never by rules.py.

Pressing the buttons x times (a count 0..Y-1 per button) turns board b into b + A x (mod Y),
where A is the symmetric press matrix: each button reaches itself and its orthogonal
neighbours. Clearing the board means solving A x = -b over Z_Y.

Light chasing reduces that N^2 x N^2 system to an N x N one. Once the first row's presses
are chosen every other row's are forced, since only row r+1 can still clear row r. Chasing
the board with no first-row presses leaves a residue on the last row, and a first row p
clears it exactly when M p = -residue, where column i of M is the last row left by chasing
a lone press of the first row's button i. The presses are then the chase of the board plus
the chase of p, each linear.

Every Y in 2..5 is a prime power p^k. Z_4 is not a field, so M is brought to its Smith normal
form, found by always pivoting on an entry of least p-adic valuation (it divides every other
entry, so each elimination step is exact): invertible U, V with U M V = diag(p^e_i), where
p^k stands for a zero on the diagonal. With c = U (-residue) and p = V y, the system splits
into p^e_i y_i = c_i: it is solvable iff each p^e_i divides its c_i, and its solutions are one
particular solution plus the kernel (the quiet patterns), whose prod(p^e_i) elements are the
combinations of the chases of p^(k - e_i) V[:, i].

Rows and press grids are packed into ints a byte per button, the first button most
significant: a row of sums is one addition, bytes.translate reduces every byte mod Y at once,
and packed press grids compare as their row-major reading. A linear map is a sum of table
entries, one table per run of a few inputs: the run's digits -> the sum of their images.
Up to 7x7 the whole linear part of a solve is one such map, read straight from the board's
rows (see _board_tables); larger boards are chased. A solve of a small board is a few dozen
operations on small objects, so it costs microseconds and never needs numpy.

The fewest-press solution is the best of particular + kernel (fewest presses, ties to the
lexicographically smallest grid). Kernels of up to 64 elements (every one up to 7x7) are
weighed by tables too, byte k of the sum being the presses of particular + element k (see
_press_tables); up to 7x7 the particular solution is a canonical one and the elements are
in an order that makes the first of the fewest presses the smallest grid (see chase_form).
Larger kernels are weighed in numpy, meeting in the middle (see _fewest).
"""
from __future__ import annotations

import functools
import itertools
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import getitem, itemgetter
from typing import Any, TypeVar

from games.core.kit.rules_api import RuleError
from games.poggle.board import Board, Move, State

TABLED = 7      # boards up to this size are solved through tables of their rows
LANES = 64      # the most kernel elements weighed through tables, a byte each
KEYS = 256      # the most keys in one table: buttons are cut into runs of so many colourings
REDUCE = {colours: bytes(v % colours for v in range(256)) for colours in range(2, 6)}
NEGATE = {colours: bytes(-v % colours for v in range(256)) for colours in range(2, 6)}
ADD = {colours: [bytes((v + x) % colours for x in range(256)) for v in range(colours)]
       for colours in range(2, 6)}
ALL = {length: int.from_bytes(bytes([1]) * length, "big") for length in range(1, 145)}  # 1 a byte
ROW = {size: struct.Struct(f"{size}B") for size in range(1, 13)}      # a packed row as ints
CLEAR = {size: bytes(size) for size in range(1, 13)}       # c when nothing is left to check
Key = TypeVar("Key", bytes, tuple[int, ...])


def _prime_power(modulus: int) -> tuple[int, int]:
    prime = next(d for d in range(2, modulus + 1) if modulus % d == 0)
    power = 1
    while prime ** power < modulus:
        power += 1
    if prime ** power != modulus:
        raise ValueError(f"{modulus} colours is not a prime power; the solver needs one.")
    return prime, power


def smith_form(matrix: list[list[int]], modulus: int
               ) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """(U, V, divisors) with U matrix V = diag(divisors) over Z_modulus, a prime power; each
    divisor a power of the prime, the modulus itself standing for a zero on the diagonal."""
    prime, power = _prime_power(modulus)
    n = len(matrix)
    a = [row[:] for row in matrix]
    u = [[int(i == j) for j in range(n)] for i in range(n)]
    v = [[int(i == j) for j in range(n)] for i in range(n)]
    divisors = [modulus] * n
    for t in range(n):
        pivot = next(((e, i, j) for e in range(power) for i in range(t, n) for j in range(t, n)
                      if a[i][j] % prime ** (e + 1)), None)
        if pivot is None:
            break
        exponent, i, j = pivot
        a[t], a[i], u[t], u[i] = a[i], a[t], u[i], u[t]
        for row in a:
            row[t], row[j] = row[j], row[t]
        for row in v:
            row[t], row[j] = row[j], row[t]
        divisor = prime ** exponent
        inverse = pow(a[t][t] // divisor, -1, modulus)      # makes the pivot exactly p^e
        a[t] = [x * inverse % modulus for x in a[t]]
        u[t] = [x * inverse % modulus for x in u[t]]
        for i in range(t + 1, n):       # clear the pivot column, then (only it) the pivot row
            factor = a[i][t] // divisor
            if factor:                  # (left of column t, rows below t are already clear)
                a[i][t:] = [(x - factor * y) % modulus for x, y in zip(a[i][t:], a[t][t:])]
                u[i] = [(x - factor * y) % modulus for x, y in zip(u[i], u[t])]
        for j in range(t + 1, n):
            factor = a[t][j] // divisor
            if factor:
                a[t][j] = 0
                for row in v:
                    row[j] = (row[j] - factor * row[t]) % modulus
        divisors[t] = divisor
    return u, v, divisors


@dataclass(frozen=True)
class ChaseForm:
    """What solving every board of one size and colour count shares (see the module doc)."""
    size: int
    colours: int
    # Linear maps as chunk tables (see _tables), from the residue's bytes or y's:
    direct: tuple[dict[bytes, int], ...] | None     # M invertible: residue -> the grid it adds
    left: tuple[dict[bytes, int], ...]              # residue -> c = U (-residue)
    right: tuple[dict[bytes, int], ...]             # y -> the grid the chase of V y adds
    unsolvable: int              # bits of c that must be clear (p^e_i must divide c_i)
    halved: int                  # the bytes of c to divide by 2 (Y = 4, e_i = 1)
    generators: tuple[tuple[int, int], ...]    # (packed quiet pattern, its order)
    kernel_size: int
    # Up to 7x7: each row's runs of buttons -> [particular grid | c] (see _board_tables),
    # and what cuts a row into its runs (None: a row is one run)
    board_tables: tuple[dict[tuple[int, ...], int], ...]
    cut: Callable[[tuple[int, ...]], tuple[tuple[int, ...], ...]] | None
    # Kernels of 2 to 64 elements: runs of the particular grid -> the presses they add to
    # each element's, and what cuts [grid | c] into those runs (see _press_tables); the
    # elements in that order, each shifted to add to [grid | c]
    weighing: tuple[tuple[dict[bytes, int], ...], Callable[[bytes], tuple[bytes, ...]]] | None
    kernel: tuple[int, ...]
    ordered: bool               # the particular grid is canonical, the elements in order

    @functools.cached_property
    def halves(self) -> tuple[Any, Any, Any, Any]:
        """The kernel as two numpy halves, every element the sum of one row of each, padded
        with buttons that never light to a multiple of 64: the first half; the second; its
        rows' press counts; and, for u = 1..Y-1 side by side, which of its buttons have
        Y - u presses or more (as 64-bit words)."""
        import numpy as np
        cells, colours = self.size ** 2, self.colours
        width = -(-cells // 64) * 64
        halves = [np.zeros((1, width), dtype=np.uint8) for _ in range(2)]
        for pattern, order in self.generators:
            # the generators' orders multiply to the kernel size: grow the smaller half
            k = int(len(halves[1]) < len(halves[0]))
            row = np.frombuffer(pattern.to_bytes(cells, "big") + bytes(width - cells),
                                dtype=np.uint8)
            multiples = np.arange(order, dtype=np.uint8)[:, None] * row % colours
            halves[k] = ((multiples[:, None, :] + halves[k][None, :, :]) % colours
                         ).reshape(-1, width)
        first, second = halves
        wrapping = np.concatenate([second >= colours - u for u in range(1, colours)], axis=1)
        return (first, second, second.sum(axis=1, dtype=np.int32),
                np.packbits(wrapping, axis=1).view(np.uint64))


def _reduce(packed: int, length: int, colours: int) -> int:
    return int.from_bytes(packed.to_bytes(length, "big").translate(REDUCE[colours]), "big")


def _table(options: Sequence[Sequence[int]], keys: Sequence[Key]) -> dict[Key, int]:
    """One table of a linear map: each run of digits (the first varying slowest) -> the sum
    of options[i][digit i]."""
    sums = [0]
    for choices in options:
        sums = [total + choice for total in sums for choice in choices]
    return dict(zip(keys, sums))


def _tables(columns: list[int], length: int, colours: int) -> tuple[dict[bytes, int], ...]:
    """A linear map over Z_Y, given the packed image of each input unit, as one table per
    three inputs: their bytes -> the sum of their images' multiples (each reduced mod Y, so
    a byte of the sum is at most 3 * (Y - 1))."""
    multiples = [[_reduce(times * column, length, colours) for times in range(colours)]
                 for column in columns]
    chunks = [multiples[start:start + 3] for start in range(0, len(multiples), 3)]
    return tuple(_table(chunk, _keys(colours, len(chunk))) for chunk in chunks)


@functools.cache
def _digits(colours: int, count: int) -> list[tuple[int, ...]]:
    """Every run of count digits below colours, the first varying slowest."""
    return list(itertools.product(range(colours), repeat=count))


@functools.cache
def _keys(colours: int, count: int) -> list[bytes]:
    """The same runs as bytes."""
    return [bytes(run) for run in _digits(colours, count)]


def _cut(start: int, stop: int, colours: int) -> tuple[slice, ...]:
    """Buttons start..stop-1 cut into as few runs as keep each run's colourings within
    KEYS, the runs as even as can be."""
    width = 1
    while colours ** (width + 1) <= KEYS:
        width += 1
    count = -(-(stop - start) // width)
    bounds = [start + (stop - start) * i // count for i in range(count + 1)]
    return tuple(slice(low, high) for low, high in zip(bounds, bounds[1:]))


def _apply(tables: tuple[dict[bytes, int], ...], data: bytes) -> int:
    """A linear map (see _tables) of bytes: each byte of the result at most 48 (12 x 12)."""
    total = 0
    for start, table in enumerate(tables):
        total += table[data[3 * start:3 * start + 3]]
    return total


def _chase(board: int, first: int, size: int, colours: int) -> tuple[int, bytes]:
    """Chase a packed board from the first row's presses: the packed press grid, and the
    last row left lit (as bytes). A lit byte is at most 20 (five presses of Y - 1)."""
    width = 8 * size
    edge = (1 << width) - 1
    grid = above = 0
    current = first
    negate = NEGATE[colours]
    # Y = 2 or 4: -lit mod Y is (20 - lit) & (Y - 1) in every byte, 20 being a multiple of Y.
    twenty, mask = (ALL[size] * 20, ALL[size] * (colours - 1)) if colours in (2, 4) else (0, 0)
    for shift in range(width * (size - 1), 0, -width):
        lit = (board >> shift & edge) + above + current + (current << 8 & edge) + (current >> 8)
        grid = grid << width | current
        above = current
        current = ((twenty - lit) & mask if mask else
                   int.from_bytes(lit.to_bytes(size, "big").translate(negate), "big"))
    lit = (board & edge) + above + current + (current << 8 & edge) + (current >> 8)
    return grid << width | current, lit.to_bytes(size, "big").translate(REDUCE[colours])


def _board_tables(size: int, colours: int, runs: tuple[slice, ...],
                  left: tuple[dict[bytes, int], ...], right: tuple[dict[bytes, int], ...],
                  divisors: list[int], canonical: Callable[[int], int]
                  ) -> tuple[dict[tuple[int, ...], int], ...]:
    """A whole solve's linear part, as tables of the runs of the board's rows (the rows as
    they come, no packing): a lone 1 on button j adds the chase of the board with it,
    plus the chase of V y where y_i = c_i for every p^e_i = 1, made canonical (a linear
    choice of another solution, see chase_form), then the other bytes of c in the last N
    bytes. The sum over a board, reduced mod Y, is a particular solution (but for the
    halved y_i) and what of c is left to check: nothing, when the board can be solved and
    no y_i is halved. A byte of the sum is at most N^2 (Y - 1) < 256."""
    cells = size * size
    whole = sum(0xFF << 8 * (size - 1 - i) for i, divisor in enumerate(divisors) if divisor == 1)
    rest = (1 << 8 * size) - 1 - whole
    columns = []
    for j in range(cells):
        grid, residue = _chase(1 << 8 * (cells - 1 - j), 0, size, colours)
        c = _reduce(_apply(left, residue), size, colours)
        grid = _reduce(grid + _apply(right, (c & whole).to_bytes(size, "big")), cells, colours)
        columns.append(canonical(grid) << 8 * size | c & rest)
    multiples = [[_reduce(times * column, cells + size, colours) for times in range(colours)]
                 for column in columns]
    return tuple(_table(multiples[row * size:][run], _digits(colours, run.stop - run.start))
                 for row in range(size) for run in runs)


def _press_tables(size: int, colours: int, elements: list[int], skip: int
                  ) -> tuple[tuple[dict[bytes, int], ...], Callable[[bytes], tuple[bytes, ...]]]:
    """The kernel's fewest-press search as tables of runs of the particular grid g (in
    reading order, but for its first `skip` buttons: never pressed), and what cuts [g | c]
    into those runs: byte k of the sum over g is the presses of g + element k."""
    cells = size * size
    every = b"".join(element.to_bytes(cells, "big") for element in elements)
    options = [[int.from_bytes(every[j::cells].translate(ADD[colours][v]), "big")
                for v in range(colours)] for j in range(cells)]
    runs = _cut(skip, cells, colours)
    options[skip] = [option + sum(unpressed[0] for unpressed in options[:skip])
                     for option in options[skip]]
    return (tuple(_table(options[run], _keys(colours, run.stop - run.start)) for run in runs),
            struct.Struct(f"{skip}x" + "".join(f"{run.stop - run.start}s" for run in runs)
                          + f"{size}x").unpack)


@functools.cache
def chase_form(size: int, colours: int) -> ChaseForm:
    """The chase form of a size x size board with this many colours. Cached: every board of
    the same size and colour count shares it."""
    cells = size * size
    units = [_chase(0, 1 << 8 * (size - 1 - i), size, colours) for i in range(size)]
    grids = [grid for grid, _ in units]
    m = [[residue[row] for _, residue in units] for row in range(size)]
    u, v, divisors = smith_form(m, colours)

    def combine(values: list[int], pieces: Sequence[int], length: int) -> int:
        return _reduce(sum(x % colours * piece for x, piece in zip(values, pieces)), length,
                       colours)

    bytes_of_row = [1 << 8 * (size - 1 - i) for i in range(size)]
    left = _tables([combine([-u[i][j] for i in range(size)], bytes_of_row, size)
                    for j in range(size)], size, colours)
    columns = [combine([v[k][i] for k in range(size)], grids, cells) for i in range(size)]
    right = _tables(columns, cells, colours)
    unsolvable = halved = 0
    for i, divisor in enumerate(divisors):
        shift = 8 * (size - 1 - i)
        if divisor == colours:
            unsolvable |= 0xFF << shift
        elif divisor == 2:              # Y = 4: the byte must be even, then halved
            unsolvable |= 1 << shift
            halved |= 0xFF << shift
    direct = None
    if all(divisor == 1 for divisor in divisors):
        direct = _tables([combine([-u[i][j] for i in range(size)], columns, cells)
                          for j in range(size)], cells, colours)
    generators = tuple((_reduce(columns[i] * (colours // d), cells, colours), d)
                       for i, d in enumerate(divisors) if d > 1)
    kernel_size = 1
    for divisor in divisors:
        kernel_size *= divisor
    elements = [0]
    if 1 < kernel_size <= LANES and cells * (colours - 1) < 256:
        for pattern, order in generators:
            elements = [_reduce(e + times * pattern, cells, colours)
                        for times in range(order) for e in elements]
    ordering = (_ordering(elements, size, colours)
                if size <= TABLED and not halved and len(elements) > 1 else None)
    canonical: Callable[[int], int] = _same
    skip = 0
    if ordering is not None:
        elements, skip, canonical = ordering
    runs = _cut(0, size, colours)
    board_tables = (_board_tables(size, colours, runs, left, right, divisors, canonical)
                    if size <= TABLED else ())
    weighed = len(elements) > 1
    return ChaseForm(size, colours, direct, left, right, unsolvable, halved, generators,
                     kernel_size, board_tables, itemgetter(*runs) if len(runs) > 1 else None,
                     _press_tables(size, colours, elements, skip) if weighed else None,
                     tuple(element << 8 * size for element in elements) if weighed else (),
                     ordering is not None)


def _same(grid: int) -> int:
    return grid


def _ordering(elements: list[int], size: int, colours: int
              ) -> tuple[list[int], int, Callable[[int], int]] | None:
    """Where quiet patterns start pressing (in the first row: a quiet pattern that presses
    nothing there chases to nothing), and what each presses there. Two solutions first
    differ at one of these buttons, so when the patterns press them in every way once, the
    solution that presses none of them is a linear choice (subtract the pattern that presses
    them as the solution does), and from it the patterns in the lexicographic order of those
    presses give the solutions in their order. Then: the patterns in that order, how many
    first buttons that solution never presses, and the choice; else None."""
    cells = size * size
    patterns = [element.to_bytes(cells, "big") for element in elements]
    starts = sorted({next(j for j, x in enumerate(p) if x) for p in patterns if any(p)})
    by_start = {tuple(p[j] for j in starts): e for p, e in zip(patterns, elements)}
    if not len(by_start) == len(elements) == colours ** len(starts):
        return None

    def canonical(grid: int) -> int:
        presses = grid.to_bytes(cells, "big")
        return _reduce(grid + by_start[tuple(-presses[j] % colours for j in starts)], cells,
                       colours)
    skip = len(starts) if starts == list(range(len(starts))) else 0
    return [by_start[presses] for presses in sorted(by_start)], skip, canonical


def kernel_size(size: int, colours: int) -> int:
    """How many press grids leave a size x size board unchanged (the quiet patterns, the
    empty grid included); a solvable board has exactly this many solutions."""
    return chase_form(size, colours).kernel_size


def _cannot(size: int, colours: int) -> RuleError:
    return RuleError(f"This {size}x{size} board with {colours} colours cannot be solved: "
                     "no presses make every button blank.")


def solve(state: State) -> Board:
    """Press counts (0..Y-1) per button that clear the board with the fewest total presses.
    RuleError when no presses can clear it (possible for a board typed into a game ID)."""
    size, colours = state.params.size, state.params.colours
    form = chase_form(size, colours)
    length = size * (size + 1)
    if form.board_tables:
        total = sum(map(getitem, form.board_tables, state.board if form.cut is None
                        else chain.from_iterable(map(form.cut, state.board))))
        data = total.to_bytes(length, "big").translate(REDUCE[colours])
        if form.unsolvable and not data.endswith(CLEAR[size]):
            c = int.from_bytes(data[-size:], "big")
            if c & form.unsolvable:
                raise _cannot(size, colours)
            if c & form.halved:
                y = (c & form.halved) >> 1
                total += _apply(form.right, y.to_bytes(size, "big")) << 8 * size
                data = total.to_bytes(length, "big").translate(REDUCE[colours])
    else:
        total = _chased(form, state.board) << 8 * size
        data = total.to_bytes(length, "big").translate(REDUCE[colours])
    if form.weighing is not None:
        tables, runs = form.weighing
        presses = sum(map(getitem, tables, runs(data))).to_bytes(form.kernel_size, "big")
        if form.ordered:        # the first of the fewest presses is the smallest grid
            total += form.kernel[presses.index(min(presses))]
            data = total.to_bytes(length, "big").translate(REDUCE[colours])
        else:
            data = _smallest(form, total, presses)
    elif form.kernel_size > 1:
        data = _fewest(form, data[:-size]) + bytes(size)
    return tuple(ROW[size].iter_unpack(data[:-size]))       # [grid | c] -> the grid's rows


def _smallest(form: ChaseForm, total: int, presses: bytes) -> bytes:
    """[particular grid | c] plus the element of the fewest presses that makes the smallest
    grid (its kernel's elements in no particular order)."""
    length, colours, fewest = form.size * (form.size + 1), form.colours, min(presses)
    return min((total + form.kernel[k]).to_bytes(length, "big").translate(REDUCE[colours])
               for k, count in enumerate(presses) if count == fewest)


def _chased(form: ChaseForm, board: Board) -> int:
    """A particular solution by chasing the board (each byte at most 48 + Y - 1)."""
    size, colours = form.size, form.colours
    grid, residue = _chase(int.from_bytes(b"".join(map(bytes, board)), "big"), 0, size, colours)
    if form.direct is not None:
        return grid + _apply(form.direct, residue)
    c = _reduce(_apply(form.left, residue), size, colours)
    if c & form.unsolvable:
        raise _cannot(size, colours)
    halves = c & form.halved
    return grid + _apply(form.right, (c ^ halves | halves >> 1).to_bytes(size, "big"))


def _fewest(form: ChaseForm, particular: bytes) -> bytes:
    """The particular solution plus the kernel element that makes the fewest presses, ties
    to the lexicographically smallest grid, meeting in the middle: with z = particular + a
    row of the first half, adding a row b of the second makes sum(z) + sum(b) - Y * (the
    buttons where z + b wraps past Y - 1) presses; z + b wraps where z has u presses and b
    at least Y - u."""
    import numpy as np
    cells, colours = form.size ** 2, form.colours
    first, second, second_presses, wrapping = form.halves
    padding = bytes(first.shape[1] - cells)
    z = (np.frombuffer(particular + padding, dtype=np.uint8) + first) % colours
    having = np.packbits(np.concatenate([z == u for u in range(1, colours)], axis=1),
                         axis=1).view(np.uint64)
    wraps = np.bitwise_count(having[:, None, :] & wrapping[None, :, :]).sum(
        axis=2, dtype=np.int32)
    totals = z.sum(axis=1, dtype=np.int32)[:, None] + second_presses[None, :] - colours * wraps
    rows, cols = np.nonzero(totals == totals.min())
    best = (z[rows] + second[cols]) % colours
    for column in range(cells):             # ties: the lexicographically smallest grid
        if len(best) == 1:
            break
        best = best[best[:, column] == best[:, column].min()]
    return bytes(best[0, :cells].tobytes())


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
