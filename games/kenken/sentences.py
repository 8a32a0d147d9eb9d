"""The words of Calcoolation's hints: cells, lines, cages and digits named in sentences, for
the deductions of grader.py (rows and columns counted from 1)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from games.kenken.cages import (
    NORMAL,
    Cage,
    Params,
    bit_digit,
    cell_name,
    clue_text,
    is_single,
    mask_digits,
)
from games.kenken.solver import Layout

Removals = Iterable[tuple[int, int]]     # (cell, mask of the digits it loses)


class Puzzle(Protocol):
    """What the words read of a rules.State."""
    @property
    def size(self) -> int: ...
    @property
    def params(self) -> Params: ...
    @property
    def cages(self) -> tuple[Cage, ...]: ...


class Board(Protocol):
    """What the words read of the grader's board, mid-deduction."""
    layout: Layout
    cand: list[int]
    placed: list[bool]

    def union(self, k: int) -> int: ...
    def cell_digits(self, k: int, union: int) -> list[int]: ...

FISH_NAMES = {2: "an X-wing", 3: "a swordfish", 4: "a jellyfish"}


class Namer:
    """Names cells, lines, cages and digits in sentences (rows and columns from 1)."""

    def __init__(self, state: Puzzle) -> None:
        self.n = state.size
        self.cages = state.cages
        self.params = state.params

    def cell(self, cell: int, line: int | None = None) -> str:
        """'row 2, column 3'; within a named line just 'column 3' (or 'row 2')."""
        r, c = divmod(cell, self.n)
        if line is not None:
            return f"row {r + 1}" if line >= self.n else f"column {c + 1}"
        return cell_name(r, c)

    def cells(self, cells: Iterable[int], line: int) -> str:
        numbers = [(cell % self.n if line < self.n else cell // self.n) + 1
                   for cell in sorted(cells)]
        word = "columns" if line < self.n else "rows"
        return f"{word} {_and(map(str, numbers))}"

    def line(self, index: int) -> str:
        return f"row {index + 1}" if index < self.n else f"column {index - self.n + 1}"

    def cage(self, k: int) -> str:
        cage = self.cages[k]
        label = clue_text(self.params, cage)
        rows = sorted({r for r, _ in cage.cells})
        cols = sorted({c for _, c in cage.cells})
        if len(rows) == 1:
            where = f"in row {rows[0] + 1}"
        elif len(cols) == 1:
            where = f"in column {cols[0] + 1}"
        else:
            where = f"at {cell_name(*cage.cells[0])}"
        return f"the {label} cage {where}"

    @staticmethod
    def digits(mask: int, joiner: str = "and") -> str:
        return _and(map(str, mask_digits(mask)), joiner)

    def removals(self, board: Board, removals: Removals) -> str:
        parts = []
        for cell, mask in removals:
            left = board.cand[cell] & ~mask
            parts.append(f"{self.cell(cell)} must be {bit_digit(left)}" if is_single(left) else
                         f"{self.cell(cell)} cannot be {self.digits(mask, 'or')}")
        if len(parts) > 4:
            parts = parts[:3] + [f"{len(parts) - 3} more cells lose candidates"]
        return _and(parts)

    def naked_single(self, board: Board, cell: int, digit: int) -> str:
        seen = 0
        for peer in board.layout.peers[cell]:
            if board.placed[peer]:
                seen |= board.cand[peer]
        why = ("every other digit is already in its row or column"
               if board.layout.full & ~seen == 1 << (digit - 1)
               else "its other digits are ruled out")
        return f"{self.cell(cell).capitalize()} can only be {digit}: {why}."

    def cage_fillings(self, board: Board, k: int, removals: Removals, level: int) -> str:
        per_cell = board.cell_digits(k, board.union(k))
        every = 0
        for mask in per_cell:
            every |= mask
        text = f"{self.cage(k).capitalize()} can only hold {self.digits(every)}"
        if level == NORMAL:     # name the candidates already gone that the cage could use
            gaps = [f"{self.digits(every & ~board.cand[cell], 'or')} cannot go at "
                    f"{self.cell(cell)}" for cell in board.layout.cages[k]
                    if every & ~board.cand[cell]]
            if gaps:
                text += ", and " + _and(gaps[:3])
        return f"{text}: so {self.removals(board, removals)}."

    def fish(self, board: Board, digit: int, by_rows: bool, lines: Sequence[int],
             crossing: Iterable[int], removals: Removals) -> str:
        words = ("rows", "columns") if by_rows else ("columns", "rows")
        name = FISH_NAMES.get(len(lines), "a fish")
        return (f"In {words[0]} {_and(str(a + 1) for a in lines)}, {digit} can only go in "
                f"{words[1]} {_and(str(b + 1) for b in crossing)} ({name}): so "
                f"{self.removals(board, removals)}.")

    def chain(self, path: Sequence[int], values: Sequence[int], a: int, target: int) -> str:
        steps = [f"if {self.cell(path[0])} is not {a} it is {bit_digit(values[0])}"]
        steps += [f"{self.cell(cell)} is {bit_digit(bit)}" for cell, bit in zip(path[1:],
                                                                                values[1:])]
        end = path[-1]
        ends = (f"{self.cell(path[0])} or {self.cell(end)}" if end != path[0]
                else self.cell(end))
        return (f"A forcing chain: {', so '.join(steps)}. Either way {a} is at {ends}: so "
                f"{self.cell(target)} cannot be {a}.")


def _and(words: Iterable[str], joiner: str = "and") -> str:
    listed = list(words)
    return listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} {joiner} {listed[-1]}"
