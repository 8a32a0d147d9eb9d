"""A DeducTile hint from the grader: the first deduction on its way to the solution that the
player's order breaks, in words (pure; a scene may show it beside the clues it lights).

The grader (grader.py) solves from the clues alone, and every deduction before that one holds
for the order. The order is a whole arrangement, so it never breaks a deduction that only draws
the consequences of what is already known (a pair and its place, elimination, combining): the
step is always a clue read on its own or as a relation, which the order breaks, or a case
tried, which the order takes and the clues rule out.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.deductile.clues import COLOURS, ORDINALS, SHAPES, Arrangement, Clue
from games.deductile.grader import Board, Contradiction, first_deduction, single


@dataclass(frozen=True)
class Step:
    text: str
    technique: str
    clues: tuple[int, ...]      # the clue it reads, if one (to light up)


def next_step(clues: tuple[Clue, ...], tiles: int, arrangement: Arrangement) -> Step | None:
    """The first deduction the arrangement breaks, or None when it breaks none (it is the
    solution, or the grader cannot solve these clues)."""
    board = Board(tiles, clues)
    values = _values(arrangement)
    try:
        while not board.solved():
            deduction = first_deduction(board)
            if deduction is None:
                return None
            broken = [(row, mask) for row, mask in deduction.removals if mask >> values[row] & 1]
            if not broken:
                board.apply(deduction)
                continue
            if deduction.clue < 0:          # a case tried: the order takes it
                name, place = _name(board, deduction.row), ORDINALS[deduction.place]
                return Step(f"Suppose {name} were {place}: the clues would then contradict "
                            f"each other. So {name} is not {place}.", deduction.technique, ())
            text = f"Clue {deduction.clue + 1}: {clues[deduction.clue].text(tiles)}"
            if deduction.technique in ("above", "next to"):
                so = "; ".join(_consequence(board, row, mask) for row, mask in broken)
                text += f" So {so}."
            return Step(text, deduction.technique, (deduction.clue,))
    except Contradiction:
        return None
    return None


def _values(arrangement: Arrangement) -> list[int]:
    """The arrangement as one value per grader row: each shape's and colour's place, then
    each shape's colour."""
    n = len(arrangement)
    values = [0] * (3 * n)
    for position, (shape, colour) in enumerate(arrangement):
        values[shape] = values[n + colour] = position
        values[2 * n + shape] = colour
    return values


def _name(board: Board, row: int) -> str:
    """The item of a grader row (a shape's colours row names its shape)."""
    n = board.tiles
    if n <= row < 2 * n:
        return f"the {COLOURS[row - n].capitalize()} tile"
    return f"the {SHAPES[row % n].capitalize()}"


def _consequence(board: Board, row: int, removed: int) -> str:
    """What crossing `removed` off row means, as a clause."""
    names = ORDINALS if row < 2 * board.tiles else [c.capitalize() for c in COLOURS]
    left = board.cand[row] & ~removed
    words = [names[i] for i in range(board.tiles) if (left if single(left) else removed) >> i & 1]
    either = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return f"{_name(board, row)} is {'' if single(left) else 'not '}{either}"
