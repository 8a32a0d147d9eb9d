"""Calcoolation's puzzle model, below the rules, the solver, the grader and the generator:
parameters, cages and their arithmetic, the description codec and the grid's mistakes.

Cells are (row, col) pairs counted from 0 and stored row-major (index row * N + col). Digits run
1..N; a candidate mask has bit d-1 set when digit d is pencilled in.

Description (the DESC of a game ID): '<walls>,<clues>'.
  walls: 2N(N-1) bits (a multiple of 4) as lower-case hex, most significant bit first: first
         the wall right of each cell (row by row, N-1 a row), then the wall below each cell
         (N-1 rows of N). A wall stands exactly between two different cages.
  clues: one per cage, in reading order of each cage's first cell: an operator letter
         (a +, s -, m *, d /, g a given number) and the target, e.g. 'a7m12s2g4'.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from games.core.kit.rules_api import Fields, RuleError, omit_default

SIZES = range(3, 10)
Cell = tuple[int, int]
DIFFICULTIES = ("easy", "normal", "hard", "extreme")
EASY, NORMAL, HARD, EXTREME = range(len(DIFFICULTIES))   # the grader's levels of deduction
MAX_CAGE = 6    # larger cages are unwieldy to show and have too many fillings to enumerate
OPS = ("+", "-", "*", "/", "=")
OP_LETTERS = {"+": "a", "-": "s", "*": "m", "/": "d", "=": "g"}
LETTER_OPS = {letter: op for op, letter in OP_LETTERS.items()}
VARIANTS = {"standard": (False, False), "multiplication": (True, False),
            "hidden": (False, True)}
VARIANT_OF = {flags: name for name, flags in VARIANTS.items()}


@dataclass(frozen=True)
class Params(Fields):
    size: int = 4
    difficulty: str = "normal"
    multiplication_only: bool = omit_default(False)     # the text names a variant's flag only
    hidden_operators: bool = omit_default(False)

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise RuleError(f"The grid size must be {SIZES[0]} to {SIZES[-1]}, not {self.size}.")
        if self.difficulty not in DIFFICULTIES:
            raise RuleError(f"Unknown difficulty {self.difficulty!r}; choose one of "
                            f"{', '.join(DIFFICULTIES)}.")
        if self.multiplication_only and self.hidden_operators:
            raise RuleError("Hidden operators mean nothing when every cage multiplies: "
                            "choose one of the two options.")
        if DIFFICULTIES.index(self.difficulty) > DIFFICULTIES.index(hardest_level(self)):
            kind = {"standard": "", "multiplication": " multiplication-only",
                    "hidden": " hidden-operator"}[self.variant]
            raise RuleError(f"{self.size}x{self.size}{kind} puzzles go up to "
                            f"{hardest_level(self).title()}, not {self.difficulty.title()}.")

    @property
    def variant(self) -> str:
        return VARIANT_OF[self.multiplication_only, self.hidden_operators]


def hardest_level(params: Params) -> str:
    """The hardest difficulty this size and variant can grade at in good time: a 3x3 grid is
    too small to need Hard deductions (Tatham's Keen makes the same exception), and grids up
    to 5x5 where every cage multiplies hardly ever need Extreme ones."""
    if params.size == 3:
        return "normal"
    if params.multiplication_only and params.size <= 5:
        return "hard"
    return "extreme"


def parse_params(text: str) -> Params:
    return Params.parse(text)


def params_from_options(size: object = None, difficulty: object = None, variant: object = None,
                        colours: object = None) -> Params:
    """CLI flags: --size 3..9, --difficulty easy|normal|hard|extreme,
    --variant standard|multiplication|hidden."""
    if colours is not None:
        raise RuleError("Calcoolation has no colours option.")
    fields: dict[str, Any] = {}
    if size is not None:
        if not str(size).isdigit():
            raise RuleError(f"The grid size must be a number from 3 to 9, not {size!r}.")
        fields["size"] = int(str(size))
    if difficulty is not None:
        fields["difficulty"] = str(difficulty).lower()
    if variant is not None:
        if variant not in VARIANTS:
            raise RuleError(f"Unknown Calcoolation variant {variant!r}; choose one of "
                            f"{', '.join(VARIANTS)}.")
        fields["multiplication_only"], fields["hidden_operators"] = VARIANTS[variant]
    return Params(**fields)


# ---------------------------------------------------------------------------------------------
# Cages and their arithmetic

@dataclass(frozen=True)
class Cage:
    op: str                                 # "+", "-", "*", "/", or "=" for a given number
    target: int
    cells: tuple[tuple[int, int], ...]      # reading order; the clue sits in the first cell

    @property
    def label(self) -> str:
        return str(self.target) if self.op == "=" else f"{self.target}{self.op}"


def clue_text(params: Params, cage: Cage) -> str:
    """The clue as the player sees it: without its operator when operators are hidden."""
    return str(cage.target) if params.hidden_operators else cage.label


OP_GLYPHS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}


def clue_label(params: Params, cage: Cage, reveal: bool = False) -> str:
    """The clue as drawn: x, -, / as the proper signs; no operator when they are hidden,
    unless the game is over (`reveal`): then every cage shows its operator."""
    text = cage.label if reveal else clue_text(params, cage)
    return text[:-1] + OP_GLYPHS[text[-1]] if text[-1] in OP_GLYPHS else text


def cage_holds(op: str, target: int, digits: Sequence[int]) -> bool:
    """Whether digits (one per cell of the cage) reach target with op. Subtraction and
    division take the larger digit first, so the order of the cells does not matter."""
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return math.prod(digits) == target
    if op == "=":
        return tuple(digits) == (target,)
    low, high = sorted(digits)
    return high - low == target if op == "-" else high == low * target


def possible_ops(params: Params, op: str, cells: int) -> tuple[str, ...]:
    """The operators a player may assume for a cage of this many cells with this operator:
    its own, or with hidden operators every operator its size allows."""
    if not params.hidden_operators or cells == 1:
        return (op,)
    return ("+", "-", "*", "/") if cells == 2 else ("+", "*")


def cage_satisfied(params: Params, cage: Cage, digits: Sequence[int]) -> bool:
    return any(cage_holds(op, cage.target, digits)
               for op in possible_ops(params, cage.op, len(cage.cells)))


def check_cages(params: Params, cages: tuple[Cage, ...]) -> None:
    """RuleError unless the cages tile the grid in connected pieces with sensible clues."""
    n = params.size
    seen: set[Cell] = set()
    for cage in cages:
        where = f"The cage at row {cage.cells[0][0] + 1}, column {cage.cells[0][1] + 1}"
        if len(cage.cells) > MAX_CAGE:
            raise RuleError(f"{where} has {len(cage.cells)} cells; at most {MAX_CAGE} are allowed.")
        if any(not (0 <= r < n and 0 <= c < n) for r, c in cage.cells):
            raise RuleError(f"{where} reaches off the {n}x{n} grid.")
        if seen & set(cage.cells):
            raise RuleError(f"{where} overlaps another cage.")
        seen |= set(cage.cells)
        if not connected(cage.cells):
            raise RuleError(f"{where} is not in one piece.")
        if cage.op not in OPS:
            raise RuleError(f"{where} has an unknown operator {cage.op!r}.")
        if (cage.op == "=") != (len(cage.cells) == 1):
            raise RuleError(f"{where}: a single cell is a given number, and a given number is "
                            f"a single cell.")
        if cage.op in "-/" and len(cage.cells) != 2:
            raise RuleError(f"{where}: subtraction and division cages have exactly two cells.")
        if params.multiplication_only and cage.op not in "*=":
            raise RuleError(f"{where} has {cage.op!r}, but this puzzle only multiplies.")
        lowest, highest = {"=": (1, n), "-": (1, n - 1), "/": (2, n),
                           "+": (len(cage.cells), n * len(cage.cells)),
                           "*": (1, n ** len(cage.cells))}[cage.op]
        if not lowest <= cage.target <= highest:
            raise RuleError(f"{where}: the target {cage.label} is impossible "
                            f"with digits 1 to {n}.")
    if len(seen) != n * n:
        raise RuleError(f"The cages leave some of the {n}x{n} grid uncovered.")


def connected(cells: Iterable[Cell]) -> bool:
    wanted = set(cells)
    stack, reached = [next(iter(wanted))], set()
    while stack:
        r, c = stack.pop()
        if (r, c) not in reached:
            reached.add((r, c))
            stack.extend(near for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                         if near in wanted)
    return reached == wanted


def canonical(cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """Cages with their cells in reading order, sorted by their first cell."""
    ordered = (Cage(cage.op, cage.target, tuple(sorted(cage.cells))) for cage in cages)
    return tuple(sorted(ordered, key=lambda cage: cage.cells[0]))


# ---------------------------------------------------------------------------------------------
# Descriptions

def _wall_pairs(n: int) -> Iterator[tuple[Cell, Cell]]:
    """The pairs of neighbouring cells in the order the walls are encoded."""
    yield from (((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1))
    yield from (((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n))


def cages_from_walls(n: int, wall_between: Callable[[Cell, Cell], bool]) -> list[list[Cell]]:
    """The connected pieces of the grid when only walls separate cells."""
    owner: dict[Cell, int] = {}
    pieces: list[list[Cell]] = []
    for start in ((r, c) for r in range(n) for c in range(n)):
        if start in owner:
            continue
        piece: list[Cell] = []
        stack = [start]
        owner[start] = len(pieces)
        while stack:
            cell = stack.pop()
            piece.append(cell)
            r, c = cell
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (0 <= near[0] < n and 0 <= near[1] < n and near not in owner
                        and not wall_between(cell, near)):
                    owner[near] = len(pieces)
                    stack.append(near)
        pieces.append(sorted(piece))
    for a, b in _wall_pairs(n):
        if wall_between(a, b) and owner[a] == owner[b]:
            raise RuleError(f"A wall runs inside a cage, between row {a[0] + 1}, column "
                            f"{a[1] + 1} and row {b[0] + 1}, column {b[1] + 1}.")
    return pieces


def encode_desc(size: int, cages: Iterable[Cage]) -> str:
    return encode_pieces(size, [(tuple(r * size + c for r, c in cage.cells), cage.op, cage.target)
                                for cage in canonical(cages)])


def encode_pieces(size: int, pieces: Sequence[tuple[Sequence[int], str, int]]) -> str:
    """The description of cages given as (cells as row-major indices, operator, target), in
    canonical order (see canonical)."""
    owner = [0] * (size * size)
    for index, (cells, _, _) in enumerate(pieces):
        for cell in cells:
            owner[cell] = index
    bits = 0
    for a, b in _wall_cells(size):
        bits = bits << 1 | (owner[a] != owner[b])
    clues = "".join(f"{OP_LETTERS[op]}{target}" for _, op, target in pieces)
    return f"{bits:0{size * (size - 1) // 2}x},{clues}"


@cache
def _wall_cells(n: int) -> tuple[tuple[int, int], ...]:
    """_wall_pairs as row-major indices."""
    return tuple((a[0] * n + a[1], b[0] * n + b[1]) for a, b in _wall_pairs(n))


_DESC = re.compile(r"([0-9a-f]+),((?:[asmdg]\d{1,7})+)")


@lru_cache(maxsize=64)
def parse_desc(params: Params, desc: str) -> tuple[Cage, ...]:
    """The cages a description names, in canonical order; RuleError when it is malformed."""
    n = params.size
    match = _DESC.fullmatch(desc)
    if not match:
        raise RuleError("A Calcoolation description is hex wall bits, a comma, then clues "
                        "like a7m12s2 (a +, s -, m *, d /, g given).")
    walls, clue_text = match.groups()
    if len(walls) != n * (n - 1) // 2:
        raise RuleError(f"A {n}x{n} description has {n * (n - 1) // 2} hex digits of walls, "
                        f"not {len(walls)}.")
    bits = "".join(f"{int(digit, 16):04b}" for digit in walls)
    walled = {pair for pair, bit in zip(_wall_pairs(n), bits) if bit == "1"}
    pieces = cages_from_walls(n, lambda a, b: (a, b) in walled or (b, a) in walled)
    clues = re.findall(r"([asmdg])(\d+)", clue_text)
    if len(clues) != len(pieces):
        raise RuleError(f"The walls make {len(pieces)} cages but there are {len(clues)} clues.")
    cages = tuple(Cage(LETTER_OPS[letter], int(target), tuple(piece))
                  for (letter, target), piece in zip(clues, pieces))
    check_cages(params, cages)
    return cages


def mask_digits(mask: int) -> tuple[int, ...]:
    """The digits in a candidate mask, in increasing order."""
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def is_single(mask: int) -> bool:
    """Whether a candidate mask holds at most one digit."""
    return not mask & (mask - 1)


def bit_digit(bit: int) -> int:
    """The digit of a one-digit mask."""
    return bit.bit_length()


def cell_name(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def grid_errors(params: Params, cages: tuple[Cage, ...],
                digits: Sequence[int]) -> frozenset[Cell]:
    """Cells in conflict: a digit repeated in a row or column, or a full cage whose digits
    miss its target."""
    n = params.size
    bad: set[Cell] = set()
    for line in _lines(n):
        seen: dict[int, list[Cell]] = {}
        for r, c in line:
            if digits[r * n + c]:
                seen.setdefault(digits[r * n + c], []).append((r, c))
        bad.update(cell for cells in seen.values() if len(cells) > 1 for cell in cells)
    for cage in cages:
        values = [digits[r * n + c] for r, c in cage.cells]
        if all(values) and not cage_satisfied(params, cage, values):
            bad.update(cage.cells)
    return frozenset(bad)


def solved(params: Params, cages: tuple[Cage, ...], digits: Sequence[int]) -> bool:
    return all(digits) and not grid_errors(params, cages, digits)


def _lines(n: int) -> Iterator[list[Cell]]:
    yield from ([(r, c) for c in range(n)] for r in range(n))
    yield from ([(r, c) for r in range(n)] for c in range(n))
