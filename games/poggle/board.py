"""Poggle's board model, below the rules and the solver: parameters, the board, the state, a
press and what it reaches. Pure: no pygame, no numpy, no I/O."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.kit.rules_api import Fields, RuleError
from games.core.kit.rules_parts import CellMove

MIN_SIZE, MAX_SIZE = 3, 12
PRESET_SIZES = (3, 4, 5, 6, 7)
MIN_COLOURS, MAX_COLOURS = 2, 5
DIGITS = "0123456789"

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Params(Fields):
    size: int = 5
    colours: int = 3

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise RuleError(f"A Poggle board is {MIN_SIZE} to {MAX_SIZE} buttons wide, "
                            f"not {self.size}.")
        if not MIN_COLOURS <= self.colours <= MAX_COLOURS:
            raise RuleError(f"Poggle uses {MIN_COLOURS} to {MAX_COLOURS} colours, "
                            f"not {self.colours}.")


def parse_params(text: str) -> Params:
    return Params.parse(text)


def params_from_options(size: int | None = None, colours: int | None = None,
                        difficulty: str | None = None, variant: str | None = None) -> Params:
    if difficulty is not None or variant is not None:
        raise RuleError("Poggle has no difficulty levels or variants; "
                        "choose the size and the number of colours instead.")
    defaults = Params()
    return Params(defaults.size if size is None else size,
                  defaults.colours if colours is None else colours)


@dataclass(frozen=True)
class State:
    params: Params
    board: Board
    presses: int = 0

    def __str__(self) -> str:
        size, colours = self.params.size, self.params.colours
        header = f"Poggle {size}x{size}, {colours} colours, presses used: {self.presses}"
        return "\n".join([header, *(" ".join(map(str, row)) for row in self.board)])


class Move(CellMove):
    """A press on the button at (row, col)."""


def decode_move(text: str) -> Move:
    return Move.read(text, f"{text!r} is not a press; write the row and column of the button, "
                           "counting from 0, as in '2,3'.")


def reach(size: int, row: int, col: int) -> tuple[tuple[int, int], ...]:
    """The buttons a press at (row, col) advances: itself and its orthogonal neighbours."""
    cells = ((row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return tuple((r, c) for r, c in cells if 0 <= r < size and 0 <= c < size)
