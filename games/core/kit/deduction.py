"""Solving as a person does, for grading and hints (DeducTile's and Calcoolation's graders):
techniques in order of difficulty, each a function from a board to the deductions it finds
there; a puzzle's grade is the hardest technique a solve needs when it always goes back to the
easiest one that finds anything."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

Found = TypeVar("Found")
Found_contra = TypeVar("Found_contra", contravariant=True)


class Board(Protocol[Found_contra]):
    def apply(self, deduction: Found_contra, /) -> None:
        """Narrow the board by what the deduction found."""


B = TypeVar("B", bound="Board[Any]")
Technique = tuple[int, Callable[[B], Iterable[Found]]]      # (its level, the technique)


def first_found(board: B, techniques: Sequence[Technique[B, Found]],
                max_level: int | None = None) -> Found | None:
    """The first deduction of the easiest technique (up to max_level) that finds any."""
    for level, technique in techniques:
        if max_level is not None and level > max_level:
            break
        found = next(iter(technique(board)), None)
        if found is not None:
            return found
    return None


def solve_by_techniques(board: B, techniques: Sequence[Technique[B, Found]],
                        solved: Callable[[B], bool], max_level: int,
                        easiest: int) -> int | None:
    """Solve the board in place with techniques up to max_level, easiest first (after each
    sweep that finds anything, start again from the easiest): the hardest level used, or None
    when stuck (the board keeps its progress, so a caller may go on at a higher level)."""
    hardest = easiest
    while not solved(board):
        for level, technique in techniques:
            if level > max_level:
                return None
            progress = False
            for deduction in technique(board):
                board.apply(deduction)
                progress = True
            if progress:
                hardest = max(hardest, level)
                break
        else:
            return None
    return hardest
