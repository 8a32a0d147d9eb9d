"""Calcoolation (KenKen), RULES.md: fill an N x N grid with 1..N so that no digit repeats in a
row or column and every cage's digits reach its target with its operator.

Cells are (row, col) pairs counted from 0 and stored row-major (index row * N + col). Digits run
1..N; a candidate mask has bit d-1 set when digit d is pencilled in.

Options: multiplication only (every cage of two or more cells multiplies) and hidden operators
(the player sees only targets, so a cage may use any operator that reaches its target; the
solver and the grader treat it the same way, so hidden-operator puzzles are unique as shown).

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
from dataclasses import dataclass
from functools import lru_cache

from games.core.rules_api import (
    ONGOING, WON, IllegalMove, RuleError, Status, encode_fields, parse_fields)

SIZES = range(3, 10)
DIFFICULTIES = ("easy", "normal", "hard", "extreme")
MAX_CAGE = 6    # larger cages are unwieldy to show and have too many fillings to enumerate
OPS = ("+", "-", "*", "/", "=")
OP_LETTERS = {"+": "a", "-": "s", "*": "m", "/": "d", "=": "g"}
LETTER_OPS = {letter: op for op, letter in OP_LETTERS.items()}
VARIANTS = {"standard": (False, False), "multiplication": (True, False),
            "hidden": (False, True)}


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(text)
    return text == "1"


@dataclass(frozen=True)
class Params:
    size: int = 4
    difficulty: str = "normal"
    multiplication_only: bool = False
    hidden_operators: bool = False

    def __post_init__(self):
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
        return next(name for name, flags in VARIANTS.items()
                    if flags == (self.multiplication_only, self.hidden_operators))

    def encode(self) -> str:
        flags = {}
        if self.multiplication_only:
            flags["multiplication_only"] = 1
        if self.hidden_operators:
            flags["hidden_operators"] = 1
        return encode_fields(size=self.size, difficulty=self.difficulty, **flags)


def hardest_level(params: Params) -> str:
    """The hardest difficulty this size and variant can grade at in good time: a 3x3 grid is
    too small to need Hard deductions (Tatham's Keen makes the same exception), and grids up
    to 5x5 where every cage multiplies hardly ever need Extreme ones."""
    if params.size == 3:
        return "normal"
    if params.multiplication_only and params.size <= 5:
        return "hard"
    return "extreme"


TEST_PARAMS = (Params(4, "easy"), Params(3, "normal", hidden_operators=True),
               Params(4, "normal", multiplication_only=True))


def parse_params(text: str) -> Params:
    return Params(**parse_fields(text, {"size": int, "difficulty": str,
                                        "multiplication_only": _flag,
                                        "hidden_operators": _flag}))


def params_from_options(size=None, difficulty=None, variant=None, colours=None) -> Params:
    """CLI flags: --size 3..9, --difficulty easy|normal|hard|extreme,
    --variant standard|multiplication|hidden."""
    if colours is not None:
        raise RuleError("Calcoolation has no colours option.")
    fields = {}
    if size is not None:
        if not str(size).isdigit():
            raise RuleError(f"The grid size must be a number from 3 to 9, not {size!r}.")
        fields["size"] = int(size)
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


def cage_holds(op: str, target: int, digits) -> bool:
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


def cage_satisfied(params: Params, cage: Cage, digits) -> bool:
    return any(cage_holds(op, cage.target, digits)
               for op in possible_ops(params, cage.op, len(cage.cells)))


def check_cages(params: Params, cages: tuple[Cage, ...]) -> None:
    """RuleError unless the cages tile the grid in connected pieces with sensible clues."""
    n = params.size
    seen = set()
    for cage in cages:
        where = f"The cage at row {cage.cells[0][0] + 1}, column {cage.cells[0][1] + 1}"
        if len(cage.cells) > MAX_CAGE:
            raise RuleError(f"{where} has {len(cage.cells)} cells; at most {MAX_CAGE} are allowed.")
        if any(not (0 <= r < n and 0 <= c < n) for r, c in cage.cells):
            raise RuleError(f"{where} reaches off the {n}x{n} grid.")
        if seen & set(cage.cells):
            raise RuleError(f"{where} overlaps another cage.")
        seen |= set(cage.cells)
        if not _connected(cage.cells):
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


def _connected(cells) -> bool:
    cells = set(cells)
    stack, reached = [next(iter(cells))], set()
    while stack:
        r, c = stack.pop()
        if (r, c) not in reached:
            reached.add((r, c))
            stack.extend(near for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                         if near in cells)
    return reached == cells


def canonical(cages) -> tuple[Cage, ...]:
    """Cages with their cells in reading order, sorted by their first cell."""
    cages = (Cage(cage.op, cage.target, tuple(sorted(cage.cells))) for cage in cages)
    return tuple(sorted(cages, key=lambda cage: cage.cells[0]))


# ---------------------------------------------------------------------------------------------
# Descriptions

def _wall_pairs(n: int):
    """The pairs of neighbouring cells in the order the walls are encoded."""
    yield from (((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1))
    yield from (((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n))


def _cages_from_walls(n: int, wall_between) -> list[list[tuple[int, int]]]:
    """The connected pieces of the grid when only walls separate cells."""
    owner = {}
    pieces = []
    for start in ((r, c) for r in range(n) for c in range(n)):
        if start in owner:
            continue
        piece, stack = [], [start]
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


def encode_desc(size: int, cages) -> str:
    owner = {cell: index for index, cage in enumerate(cages) for cell in cage.cells}
    bits = "".join("1" if owner[a] != owner[b] else "0" for a, b in _wall_pairs(size))
    walls = "".join(f"{int(bits[i:i + 4], 2):x}" for i in range(0, len(bits), 4))
    clues = "".join(f"{OP_LETTERS[cage.op]}{cage.target}" for cage in canonical(cages))
    return f"{walls},{clues}"


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
    pieces = _cages_from_walls(n, lambda a, b: (a, b) in walled or (b, a) in walled)
    clues = re.findall(r"([asmdg])(\d+)", clue_text)
    if len(clues) != len(pieces):
        raise RuleError(f"The walls make {len(pieces)} cages but there are {len(clues)} clues.")
    cages = tuple(Cage(LETTER_OPS[letter], int(target), tuple(piece))
                  for (letter, target), piece in zip(clues, pieces))
    check_cages(params, cages)
    return cages


def validate_desc(params: Params, desc: str) -> None:
    parse_desc(params, desc)


def new_desc(params: Params, rng) -> str:
    from games.kenken import gen     # gen builds on this module
    return gen.generate(params, rng)


# ---------------------------------------------------------------------------------------------
# State

@dataclass(frozen=True)
class State:
    params: Params
    cages: tuple[Cage, ...]         # canonical order
    digits: tuple[int, ...]         # row-major; 0 = empty
    candidates: tuple[int, ...]     # row-major masks; only empty cells have candidates

    @property
    def size(self) -> int:
        return self.params.size

    def __str__(self) -> str:
        return draw(self)


def new_game(params: Params, desc: str) -> State:
    cages = parse_desc(params, desc)
    cells = params.size ** 2
    return State(params, cages, (0,) * cells, (0,) * cells)


def mask_digits(mask: int) -> tuple[int, ...]:
    """The digits in a candidate mask, in increasing order."""
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def cell_name(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def errors(state: State) -> frozenset[tuple[int, int]]:
    """Cells in conflict: a digit repeated in a row or column, or a full cage whose digits
    miss its target."""
    n, digits = state.size, state.digits
    bad = set()
    for line in _lines(n):
        seen: dict[int, list] = {}
        for r, c in line:
            if digits[r * n + c]:
                seen.setdefault(digits[r * n + c], []).append((r, c))
        bad.update(cell for cells in seen.values() if len(cells) > 1 for cell in cells)
    for cage in state.cages:
        values = [digits[r * n + c] for r, c in cage.cells]
        if all(values) and not cage_satisfied(state.params, cage, values):
            bad.update(cage.cells)
    return frozenset(bad)


def _lines(n: int):
    yield from ([(r, c) for c in range(n)] for r in range(n))
    yield from ([(r, c) for r in range(n)] for c in range(n))


def status(state: State) -> Status:
    if all(state.digits) and not errors(state):
        return Status(WON, None, "Every row, column and cage is right.")
    return Status(ONGOING)


def score(state: State) -> int:
    """Cells filled."""
    return sum(1 for digit in state.digits if digit)


def current_player(state: State) -> None:
    return None


def solution(state: State) -> tuple[int, ...] | None:
    """The puzzle's solution (row-major digits), or None when it has none or several."""
    from games.kenken import solver     # the solver builds on this module
    return solver.unique_solution(state.params, state.cages)


# ---------------------------------------------------------------------------------------------
# Moves

PLACE, PLACE_CLEAR, TOGGLE, CLEAR, FILL, SOLVE = "R", "X", "P", "C", "M", "S"


@dataclass(frozen=True)
class Move:
    """R r,c,d: put digit d in the cell; X r,c,d: the same and also cross d off the candidates
    of the cell's row and column; P r,c,d: toggle candidate d; C r,c: empty the cell;
    M: fill in every candidate not already placed in the cell's row or column; S: solve."""
    kind: str
    row: int = -1
    col: int = -1
    digit: int = 0

    def encode(self) -> str:
        if self.kind in (FILL, SOLVE):
            return self.kind
        if self.kind == CLEAR:
            return f"C{self.row},{self.col}"
        return f"{self.kind}{self.row},{self.col},{self.digit}"


_MOVE = re.compile(r"([RXP])(\d),(\d),([1-9])|C(\d),(\d)|([MS])")


def decode_move(text: str) -> Move:
    match = _MOVE.fullmatch(text)
    if not match:
        raise RuleError(f"A Calcoolation move is R, X or P with row,col,digit (like R0,2,4), "
                        f"C row,col, M or S; not {text!r}.")
    kind, row, col, digit, clear_row, clear_col, whole = match.groups()
    if whole:
        return Move(whole)
    if clear_row:
        return Move(CLEAR, int(clear_row), int(clear_col))
    return Move(kind, int(row), int(col), int(digit))


def legal_moves(state: State) -> list[Move]:
    if status(state).over:
        return []
    n = state.size
    moves = []
    for r in range(n):
        for c in range(n):
            digit, marks = state.digits[r * n + c], state.candidates[r * n + c]
            for d in range(1, n + 1):
                if d != digit:
                    moves += [Move(PLACE, r, c, d), Move(PLACE_CLEAR, r, c, d)]
                if not digit:
                    moves.append(Move(TOGGLE, r, c, d))
            if digit or marks:
                moves.append(Move(CLEAR, r, c))
    if _filled_candidates(state) != state.candidates:
        moves.append(Move(FILL))
    if solution(state) is not None:
        moves.append(Move(SOLVE))
    return moves


def apply_move(state: State, move: Move) -> State:
    if status(state).over:
        raise IllegalMove("The puzzle is already solved.")
    n = state.size
    if move.kind == FILL:
        candidates = _filled_candidates(state)
        if candidates == state.candidates:
            raise IllegalMove("Every candidate is already filled in.")
        return State(state.params, state.cages, state.digits, candidates)
    if move.kind == SOLVE:
        solved = solution(state)
        if solved is None:
            raise IllegalMove("This puzzle has no single solution to fill in.")
        return State(state.params, state.cages, solved, (0,) * (n * n))
    if not (0 <= move.row < n and 0 <= move.col < n):
        raise IllegalMove(f"{cell_name(move.row, move.col).capitalize()} is off the "
                          f"{n}x{n} grid.")
    if move.kind != CLEAR and not 1 <= move.digit <= n:
        raise IllegalMove(f"Digits on a {n}x{n} grid run from 1 to {n}.")
    index, where = move.row * n + move.col, cell_name(move.row, move.col).capitalize()
    digits, candidates = list(state.digits), list(state.candidates)
    if move.kind == CLEAR:
        if not digits[index] and not candidates[index]:
            raise IllegalMove(f"{where} is already empty.")
        digits[index] = candidates[index] = 0
    elif move.kind == TOGGLE:
        if digits[index]:
            raise IllegalMove(f"{where} holds a digit: clear it before pencilling candidates.")
        candidates[index] ^= 1 << (move.digit - 1)
    else:
        if digits[index] == move.digit:
            raise IllegalMove(f"{where} already holds {move.digit}.")
        digits[index], candidates[index] = move.digit, 0
        if move.kind == PLACE_CLEAR:
            bit = 1 << (move.digit - 1)
            for k in range(n):
                candidates[move.row * n + k] &= ~bit
                candidates[k * n + move.col] &= ~bit
    return State(state.params, state.cages, tuple(digits), tuple(candidates))


def _filled_candidates(state: State) -> tuple[int, ...]:
    """Every empty cell marked with each digit not yet placed in its row or column."""
    n, digits = state.size, state.digits
    full = (1 << n) - 1
    row_used = [0] * n
    col_used = [0] * n
    for index, digit in enumerate(digits):
        if digit:
            row_used[index // n] |= 1 << (digit - 1)
            col_used[index % n] |= 1 << (digit - 1)
    return tuple(0 if digit else full & ~(row_used[index // n] | col_used[index % n])
                 for index, digit in enumerate(digits))


# ---------------------------------------------------------------------------------------------
# Text diagram: a header, then each cell as three lines (clue, digit, candidates) inside the
# cage walls; from_text reads the cages back from the walls and clues.

_HEADER = "Calcoolation "


def draw(state: State) -> str:
    n = state.size
    owner = {cell: index for index, cage in enumerate(state.cages) for cell in cage.cells}
    labels = {cage.cells[0]: cage.label for cage in state.cages}
    width = max(n, *(len(label) for label in labels.values())) + 2

    def wall(a, b) -> bool:
        """Whether a wall separates two orthogonal neighbours (the grid's edge is a wall)."""
        return owner.get(a, -1) != owner.get(b, -2)

    lines = [_HEADER + state.params.encode()]
    for r in range(n + 1):
        lines.append("+" + "+".join(("-" if wall((r - 1, c), (r, c)) else " ") * width
                                    for c in range(n)) + "+")
        if r == n:
            break
        for part in range(3):
            row = ""
            for c in range(n):
                index = r * n + c
                row += "|" if wall((r, c - 1), (r, c)) else " "
                if part == 0:
                    text = labels.get((r, c), "")
                elif part == 1:
                    text = str(state.digits[index] or ".").center(width - 2)
                else:
                    text = "".join(map(str, mask_digits(state.candidates[index])))
                row += " " + text.ljust(width - 2) + " "
            lines.append(row + "|")
    return "\n".join(line.rstrip() for line in lines)


def from_text(text: str) -> State:
    """The State that str(state) drew."""
    lines = text.strip("\n").splitlines()
    if not lines or not lines[0].startswith(_HEADER):
        raise RuleError(f"A Calcoolation diagram starts with '{_HEADER}' and the parameters.")
    params = parse_params(lines[0][len(_HEADER):].strip())
    n = params.size
    grid = lines[1:]
    if len(grid) != 4 * n + 1 or not grid[0].startswith("+"):
        raise RuleError(f"A {n}x{n} diagram has {4 * n + 1} lines under the header, "
                        f"not {len(grid)}.")
    width = (len(grid[0].rstrip()) - 1) // n - 1
    if width < 3 or len(grid[0].rstrip()) != 1 + n * (width + 1):
        raise RuleError("The diagram's top border does not split into equal cells.")
    grid = [line.ljust(1 + n * (width + 1)) for line in grid]

    def cell_text(r: int, c: int, part: int) -> str:
        start = 1 + c * (width + 1)
        return grid[4 * r + 1 + part][start:start + width].strip()

    def wall_between(a, b) -> bool:
        (r, c), (r2, c2) = sorted((a, b))
        if r == r2:
            return grid[4 * r + 1][(c + 1) * (width + 1)] == "|"
        return grid[4 * r2][1 + c * (width + 1)] == "-"

    pieces = _cages_from_walls(n, wall_between)
    cages = []
    for piece in pieces:
        label = cell_text(*piece[0], 0)
        match = re.fullmatch(r"(\d{1,7})([-+*/]?)", label)
        if not match:
            raise RuleError(f"The cage at {cell_name(*piece[0])} needs a clue like 7+ or 3, "
                            f"not {label!r}.")
        if any(cell_text(*cell, 0) for cell in piece[1:]):
            raise RuleError(f"The cage at {cell_name(*piece[0])} has a second clue.")
        cages.append(Cage(match[2] or "=", int(match[1]), tuple(piece)))
    cages = canonical(cages)
    check_cages(params, cages)
    digits, candidates = [], []
    for r in range(n):
        for c in range(n):
            digit, marks = cell_text(r, c, 1), cell_text(r, c, 2)
            if not re.fullmatch(r"\.|[1-9]", digit) or int(digit.replace(".", "0")) > n:
                raise RuleError(f"{cell_name(r, c).capitalize()} shows {digit!r}; "
                                f"expected '.' or a digit 1 to {n}.")
            if not re.fullmatch(r"1?2?3?4?5?6?7?8?9?", marks) or any(int(m) > n for m in marks):
                raise RuleError(f"{cell_name(r, c).capitalize()} has candidates {marks!r}; "
                                f"expected increasing digits 1 to {n}.")
            if digit != "." and marks:
                raise RuleError(f"{cell_name(r, c).capitalize()} holds a digit and candidates.")
            digits.append(0 if digit == "." else int(digit))
            candidates.append(sum(1 << (int(m) - 1) for m in marks))
    return State(params, cages, tuple(digits), tuple(candidates))


# ---------------------------------------------------------------------------------------------
# Command-line JSON (DESIGN.md section 6)

def puzzle_json(params: Params, desc: str) -> dict:
    return {"size": params.size,
            "cages": [{"op": cage.op, "target": cage.target,
                       "cells": [list(cell) for cell in cage.cells]}
                      for cage in parse_desc(params, desc)]}


def solution_json(params: Params, desc: str) -> list[list[int]]:
    from games.kenken import solver
    cages = parse_desc(params, desc)
    found = solver.solutions(params, cages, limit=2)
    if not found:
        raise RuleError("This puzzle has no solution.")
    if len(found) > 1:
        raise RuleError("This puzzle has more than one solution.")
    n = params.size
    return [list(found[0][r * n:(r + 1) * n]) for r in range(n)]
