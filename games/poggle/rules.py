"""Poggle, multi-colour Lights Out (docs/RULES.md, "Poggle"). Pure: no pygame, no numpy, no I/O.

An N x N board of buttons, each showing a colour 0..Y-1. Pressing a button adds 1 mod Y to it
and to its orthogonal neighbours; the game is won when every button shows colour 0.

Params  size N (3..12; the launcher offers PRESET_SIZES) and colours Y (2..5). The default is
        5x5 with 3 colours: 5x5 is the classic Lights Out board and the middle preset, and 3
        colours is the smallest step past on/off that makes the game multi-colour (a press is
        no longer its own undo) while every button still needs at most two presses and the
        colour cycle stays short enough to read at a glance.
desc    the board: rows of colour digits joined by '/', e.g. "120/001/210".
State   the params, the board (rows of colours) and the number of presses used.
Move    a press on the button at (row, col), counting from 0; encoded "row,col".

Fewest-press solutions, par and hints need linear algebra over Z_Y: see solver.py, which is
imported only where a solution is asked for, so this module never pays for numpy. The board
model (board.py) sits below both, so the solver never imports this module.
"""
from __future__ import annotations

import random
import re
from dataclasses import replace

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError, Status
from games.poggle.board import (  # the rules contract names them here too
    DIGITS as DIGITS,
    MAX_COLOURS as MAX_COLOURS,
    MAX_SIZE as MAX_SIZE,
    MIN_COLOURS as MIN_COLOURS,
    MIN_SIZE as MIN_SIZE,
    PRESET_SIZES as PRESET_SIZES,
    Board as Board,
    Move as Move,
    Params as Params,
    State as State,
    decode_move as decode_move,
    params_from_options as params_from_options,
    parse_params as parse_params,
    reach as reach,
)


def _board_from_cells(params: Params, rows: list[list[str]]) -> Board:
    """Check the shape and every colour digit of a board, then read it."""
    size, colours = params.size, params.colours
    if len(rows) != size:
        raise RuleError(f"A {size}x{size} board has {size} rows, not {len(rows)}.")
    allowed = DIGITS[:colours]
    for number, row in enumerate(rows, 1):
        if len(row) != size:
            raise RuleError(f"Row {number} of the board has {len(row)} buttons; "
                            f"a {size}x{size} board has {size} in each row.")
        for cell in row:
            if cell not in allowed:
                raise RuleError(f"Row {number} of the board holds {cell!r}; with {colours} "
                                f"colours each button is a digit from 0 to {colours - 1}.")
    return tuple(tuple(int(cell) for cell in row) for row in rows)


def _desc_board(params: Params, desc: str) -> Board:
    return _board_from_cells(params, [list(row) for row in desc.split("/")])


def validate_desc(params: Params, desc: str) -> None:
    """Reject a description that is not a board of this size and colour count. A readable
    board may still be unsolvable; the solver says so when asked for a solution."""
    _desc_board(params, desc)


def new_desc(params: Params, rng: random.Random) -> str:
    """Press every button a random number of times (0..Y-1) on the solved board: a uniform
    choice among the solvable boards. Deal again while that leaves the board solved."""
    size, colours = params.size, params.colours
    while True:
        grid = [[0] * size for _ in range(size)]
        for row in range(size):
            for col in range(size):
                times = rng.randrange(colours)
                for r, c in reach(size, row, col):
                    grid[r][c] = (grid[r][c] + times) % colours
        if any(map(any, grid)):
            return "/".join("".join(map(str, row)) for row in grid)


def new_game(params: Params, desc: str) -> State:
    return State(params, _desc_board(params, desc))


def is_solved(board: Board) -> bool:
    return not any(map(any, board))


def status(state: State) -> Status:
    if is_solved(state.board):
        return Status(Outcome.WON, reason="Every button is blank again.")
    return Status(Outcome.ONGOING)


def legal_moves(state: State) -> list[Move]:
    if is_solved(state.board):
        return []
    size = state.params.size
    return [Move(row, col) for row in range(size) for col in range(size)]


def apply_move(state: State, move: Move) -> State:
    size, colours = state.params.size, state.params.colours
    if is_solved(state.board):
        raise IllegalMove("The board is already solved: every button is blank.")
    if not (0 <= move.row < size and 0 <= move.col < size):
        raise IllegalMove(f"There is no button {move.encode()} on a {size}x{size} board; "
                          f"rows and columns run from 0 to {size - 1}.")
    grid = [list(row) for row in state.board]
    for r, c in reach(size, move.row, move.col):
        grid[r][c] = (grid[r][c] + 1) % colours
    return replace(state, board=tuple(map(tuple, grid)), presses=state.presses + 1)


def score(state: State) -> int:
    """Presses used (fewer is better); the HUD sets it against solver.par of the deal."""
    return state.presses


def current_player(state: State) -> None:
    return None


HEADER_PATTERN = re.compile(r"Poggle ([0-9]+)x\1, ([0-9]+) colours, presses used: ([0-9]+)")


def from_text(text: str) -> State:
    lines = text.strip().splitlines()
    match = HEADER_PATTERN.fullmatch(lines[0].strip()) if lines else None
    if not match:
        raise RuleError("A Poggle position starts with a line like "
                        "'Poggle 5x5, 3 colours, presses used: 0'.")
    params = Params(int(match[1]), int(match[2]))
    board = _board_from_cells(params, [line.split() for line in lines[1:]])
    return State(params, board, int(match[3]))


def puzzle_json(params: Params, desc: str) -> dict[str, object]:
    return {"size": params.size, "colours": params.colours,
            "board": [list(row) for row in _desc_board(params, desc)]}


def solution_json(params: Params, desc: str) -> list[list[int]]:
    """Press counts (0..Y-1) per button with the fewest total presses; RuleError when the
    board cannot be solved."""
    from games.poggle import solver  # numpy: only when a solution is asked for
    return [list(row) for row in solver.solve(new_game(params, desc))]
