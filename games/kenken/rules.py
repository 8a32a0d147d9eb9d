"""Calcoolation (KenKen), docs/RULES.md: fill an N x N grid with 1..N so that no digit repeats in a
row or column and every cage's digits reach its target with its operator.

Cells are (row, col) pairs counted from 0 and stored row-major (index row * N + col). Digits run
1..N; a candidate mask has bit d-1 set when digit d is pencilled in.

Options: multiplication only (every cage of two or more cells multiplies) and hidden operators
(the player sees only targets, so a cage may use any operator that reaches its target; the
solver and the grader treat it the same way, so hidden-operator puzzles are unique as shown).

The puzzle model (parameters, cages, descriptions) is games/kenken/cages.py, below this
module and the solver, grader and generator that it uses.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError, Status
from games.kenken import gen, solver

# DIFFICULTIES, SIZES, Params, params_from_options and parse_params are the rules contract's
# names (games/core/kit/rules_api.py) for what the puzzle model, cages.py, defines.
from games.kenken.cages import (
    DIFFICULTIES as DIFFICULTIES,
    SIZES as SIZES,
    Cage,
    Params as Params,
    cages_from_walls,
    canonical,
    cell_name,
    check_cages,
    grid_errors,
    mask_digits,
    params_from_options as params_from_options,
    parse_desc,
    parse_params as parse_params,
    solved,
)

Cell = tuple[int, int]


def validate_desc(params: Params, desc: str) -> None:
    parse_desc(params, desc)


def new_desc(params: Params, rng: random.Random) -> str:
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


def errors(state: State) -> frozenset[tuple[int, int]]:
    return grid_errors(state.params, state.cages, state.digits)


def status(state: State) -> Status:
    if solved(state.params, state.cages, state.digits):
        return Status(Outcome.WON, None, "Every row, column and cage is right.")
    return Status(Outcome.ONGOING)


def score(state: State) -> int:
    """Cells filled."""
    return sum(1 for digit in state.digits if digit)


def current_player(state: State) -> None:
    return None


def solution(state: State) -> tuple[int, ...] | None:
    """The puzzle's solution (row-major digits), or None when it has none or several."""
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


_MOVE = re.compile(r"([RXP])([0-9]),([0-9]),([1-9])|C([0-9]),([0-9])|([MS])")   # ASCII digits only


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
        filled = _filled_candidates(state)
        if filled == state.candidates:
            raise IllegalMove("Every candidate is already filled in.")
        return State(state.params, state.cages, state.digits, filled)
    if move.kind == SOLVE:
        answer = solution(state)
        if answer is None:
            raise IllegalMove("This puzzle has no single solution to fill in.")
        return State(state.params, state.cages, answer, (0,) * (n * n))
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

    def wall(a: Cell, b: Cell) -> bool:
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

    def wall_between(a: Cell, b: Cell) -> bool:
        (r, c), (r2, c2) = sorted((a, b))
        if r == r2:
            return grid[4 * r + 1][(c + 1) * (width + 1)] == "|"
        return grid[4 * r2][1 + c * (width + 1)] == "-"

    pieces = cages_from_walls(n, wall_between)
    found = []
    for piece in pieces:
        label = cell_text(*piece[0], 0)
        match = re.fullmatch(r"(\d{1,7})([-+*/]?)", label)
        if not match:
            raise RuleError(f"The cage at {cell_name(*piece[0])} needs a clue like 7+ or 3, "
                            f"not {label!r}.")
        if any(cell_text(*cell, 0) for cell in piece[1:]):
            raise RuleError(f"The cage at {cell_name(*piece[0])} has a second clue.")
        found.append(Cage(match[2] or "=", int(match[1]), tuple(piece)))
    cages = canonical(found)
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
# Command-line JSON (docs/DESIGN.md, "The command line")

def puzzle_json(params: Params, desc: str) -> dict[str, object]:
    return {"size": params.size,
            "cages": [{"op": cage.op, "target": cage.target,
                       "cells": [list(cell) for cell in cage.cells]}
                      for cage in parse_desc(params, desc)]}


def solution_json(params: Params, desc: str) -> list[list[int]]:
    cages = parse_desc(params, desc)
    found = solver.solutions(params, cages, limit=2)
    if not found:
        raise RuleError("This puzzle has no solution.")
    if len(found) > 1:
        raise RuleError("This puzzle has more than one solution.")
    n = params.size
    return [list(found[0][r * n:(r + 1) * n]) for r in range(n)]
