"""Human-style DeducTile solver: grades puzzles by the deductions they need.

A player keeps, as in a logic-grid puzzle, what is still possible (the places each shape and
each colour may take, the colours each shape may have) and what is settled: an item is placed,
or a shape's colour known, only by a deduction that says so (a single possibility left still
takes the step of seeing it). The techniques, by level (each is tried only when every easier
one is stuck, and a puzzle's grade is the hardest it needed, as Calcoolation's grader does):
  1 Direct       one clue read on its own: a placement ("The Red tile is first": no other
                 colour is first), a pairing ("The Square is Yellow"), an exclusion ("The
                 Circle is not Red", "The Blue tile is not last"); and a pair is one tile: a
                 placed Square that is Yellow places the Yellow tile, where one of them cannot
                 be the other cannot, and a Square and a Yellow tile placed together are a pair
  2 Elimination  the last place left for a shape or colour, the last shape or colour left for
                 a place, the last colour left for a shape and the last shape for a colour
  3 Relations    "somewhere above" and "next to" narrow both items' places (what is above
                 something is not last, an edge has one neighbour), and a shape and a colour
                 in one such clue are two different tiles
  4 Combining    a shape with the colours it may have: it can only be where one of them can
                 be, and cannot have a colour it shares no place with (the same for a colour)
  5 Cases        try an item in each place it can still go: a place where the techniques
                 above reach a contradiction is out (one level deep)

Levels: the generator draws clues as docs/RULES.md says (until one arrangement is left; Hard and
Expert then drop every clue they can do without) and keeps a puzzle only when its grade fits:
  Easy    4 tiles, clue kinds 1-4: Direct and Elimination are enough
  Normal  4 tiles, all eight kinds: needs Relations, and nothing harder
  Hard    4 tiles, all kinds, pruned: needs Combining or Cases
  Expert  5 or 6 tiles, all kinds, pruned: needs at least Relations, never solved by reading
          the clues one by one (Direct) or with Elimination; about two in five need Cases
Hard and Expert draw placements a quarter and pairings half as often as the other kinds (each
placement spares the player a deduction): that keeps about a third of Hard's drafts, and makes
Cases a real share of Expert's.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from games.core.kit.deduction import first_found, solve_by_techniques
from games.deductile.clues import (
    ABOVE,
    COLOUR_AT,
    COLOUR_NOT_AT,
    NEXT_TO,
    SHAPE_AT,
    SHAPE_IS,
    SHAPE_IS_NOT,
    SHAPE_NOT_AT,
    Arrangement,
    Clue,
    draw_clues,
    true_clues,
)

DIRECT, ELIMINATION, RELATIONS, COMBINING, CASES = range(1, 6)
GRADES = {DIRECT: "direct", ELIMINATION: "elimination", RELATIONS: "relations",
          COMBINING: "combining", CASES: "cases"}

Removals = tuple[tuple[int, int], ...]      # (row, mask crossed off)


class Contradiction(Exception):
    """The candidates admit no arrangement."""


class Deduction(NamedTuple):
    """One step: candidates crossed off, and rows settled. Rows 0..n-1 are the shapes'
    places, n..2n-1 the colours' places, 2n..3n-1 the shapes' colours; a mask's bits are
    places (or colours)."""
    level: int
    technique: str
    removals: Removals
    settles: tuple[int, ...] = ()           # rows now known (each left with one candidate)
    clue: int = -1                          # the clue read, if one
    row: int = -1                           # the row the reasoning is about
    place: int = -1                         # the place (or colour) it settles or tries


def single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def bit_index(mask: int) -> int:
    return mask.bit_length() - 1


class Board:
    """What a player still holds possible and what is settled, changed only through
    apply()."""

    def __init__(self, tiles: int, clues: Sequence[Clue]):
        self.tiles = tiles
        self.full = (1 << tiles) - 1
        self.cand = [self.full] * (3 * tiles)
        self.settled = 0            # a bit per row
        self.clues = tuple(clues)
        self.read = False           # every clue read directly: reading them again finds nothing
        self.used: Counter[str] = Counter()     # deductions applied, by technique

    def row(self, item: tuple[str, int]) -> int:
        """The places row of a clue's shape ("s", i) or colour ("c", i)."""
        return item[1] if item[0] == "s" else self.tiles + item[1]

    def group(self, row: int) -> range:
        """The rows of row's grid: shapes by places, colours by places, shapes by colours."""
        start = row - row % self.tiles
        return range(start, start + self.tiles)

    def known(self, row: int) -> bool:
        return bool(self.settled >> row & 1)

    def copy(self) -> Board:
        board = Board(self.tiles, self.clues)
        board.cand, board.settled, board.read = self.cand.copy(), self.settled, self.read
        return board

    def apply(self, deduction: Deduction) -> None:
        for row, mask in deduction.removals:
            kept = self.cand[row] & ~mask
            if not kept:
                raise Contradiction
            self.cand[row] = kept
        for row in deduction.settles:
            if not single(self.cand[row]):
                raise Contradiction         # settled on a place that another took meanwhile
            self.settled |= 1 << row
        self.used[deduction.technique] += 1

    def solved(self) -> bool:
        return self.settled == (1 << 3 * self.tiles) - 1

    def arrangement(self) -> Arrangement:
        """The arrangement of a solved board; Contradiction if it breaks a rule or a clue."""
        n, cand = self.tiles, self.cand
        shapes, colours = [0] * n, [0] * n
        for item in range(n):
            shapes[bit_index(cand[item])] = item
            colours[bit_index(cand[n + item])] = item
        result = tuple(zip(shapes, colours))
        if (len(set(shapes)) < n or len(set(colours)) < n
                or any(cand[2 * n + s] != 1 << c for s, c in result)
                or not all(clue.holds(result) for clue in self.clues)):
            raise Contradiction
        return result

    def narrow(self, row: int, keep: int) -> Removals:
        """The removal that narrows row to keep (none if it is there already)."""
        extra = self.cand[row] & ~keep
        return ((row, extra),) if extra else ()

    def settle(self, row: int, bit: int) -> Removals:
        """The removals that settle row on bit: the rest of the row, and bit in the rest of
        its grid's column (a tick in a logic grid crosses out its row and column)."""
        return self.narrow(row, bit) + tuple(
            (other, self.cand[other] & bit) for other in self.group(row)
            if other != row and self.cand[other] & bit)


# ---------------------------------------------------------------------------------------------
# Techniques: generators of Deductions read from the live board (the caller applies each
# before asking for the next).

def direct(board: Board) -> Iterator[Deduction]:
    if board.read:
        return
    n = board.tiles
    for k, clue in enumerate(board.clues):
        kind = clue.kind
        a, b = board.row(clue.first), clue.second[1]
        settles: tuple[int, ...] = ()
        if kind in (COLOUR_AT, SHAPE_AT):
            removals, settles, technique = board.settle(a, 1 << b), (a,), "placement"
        elif kind == SHAPE_IS:
            removals, settles, technique = board.settle(2 * n + a, 1 << b), (2 * n + a,), \
                "pairing"
        elif kind == SHAPE_IS_NOT:
            removals, technique = board.narrow(2 * n + a, ~(1 << b)), "exclusion"
        elif kind in (COLOUR_NOT_AT, SHAPE_NOT_AT):
            removals, technique = board.narrow(a, ~(1 << b)), "exclusion"
        else:
            continue
        if removals or not all(board.known(row) for row in settles):
            yield Deduction(DIRECT, technique, removals, settles, clue=k, row=a, place=b)
    board.read = True           # candidates only shrink: each clue, once applied, holds


def one_tile(board: Board) -> Iterator[Deduction]:
    """A shape and its known colour are one tile: a place known for one is the other's, and
    elsewhere they share their possible places; a shape and a colour placed together are a
    pair, and placed apart are not."""
    n, cand = board.tiles, board.cand
    for s in range(n):
        partners = 2 * n + s
        if board.known(partners):
            c = n + bit_index(cand[partners])
            if board.known(s) != board.known(c):
                placed, other = (s, c) if board.known(s) else (c, s)
                yield Deduction(DIRECT, "pair and place", board.settle(other, cand[placed]),
                                (other,), row=placed, place=bit_index(cand[placed]))
            elif not board.known(s):
                both = cand[s] & cand[c]
                removals = board.narrow(s, both) + board.narrow(c, both)
                if removals:
                    yield Deduction(DIRECT, "pair and place", removals, row=s)
        elif board.known(s):
            colours = [c for c in range(n) if board.known(n + c) and cand[partners] >> c & 1]
            together = [c for c in colours if cand[n + c] == cand[s]]
            if together:
                yield Deduction(DIRECT, "pair and place", board.settle(partners, 1 << together[0]),
                                (partners,), row=s, place=together[0])
            elif colours:
                yield Deduction(DIRECT, "pair and place",
                                board.narrow(partners, ~sum(1 << c for c in colours)), row=s)


def elimination(board: Board) -> Iterator[Deduction]:
    """In each grid (shapes by places, colours by places, shapes by colours) every row and
    every column holds one tick: a row with one candidate left settles it, and so does a
    column with one row left."""
    n, cand = board.tiles, board.cand
    for grid, (last_row, last_column) in enumerate((("last place", "last shape"),
                                                     ("last place", "last colour"),
                                                     ("last colour", "last shape"))):
        rows = range(grid * n, grid * n + n)
        once = twice = 0
        for row in rows:
            mask = cand[row]
            twice |= once & mask
            once |= mask
            if single(mask) and not board.known(row):
                yield Deduction(ELIMINATION, last_row, board.settle(row, mask), (row,),
                                row=row, place=bit_index(mask))
        if once != board.full:
            raise Contradiction         # a column nothing can take
        lonely = once & ~twice
        for row in rows:
            column = cand[row] & lonely
            if column and not board.known(row):
                if not single(column):
                    raise Contradiction     # one item, the only one for two places
                yield Deduction(ELIMINATION, last_column, board.settle(row, column), (row,),
                                row=row, place=bit_index(column))


def relations(board: Board) -> Iterator[Deduction]:
    n, cand, full = board.tiles, board.cand, board.full
    for k, clue in enumerate(board.clues):
        if clue.kind not in (ABOVE, NEXT_TO):
            continue
        a, b = board.row(clue.first), board.row(clue.second)
        if clue.kind == ABOVE:      # a is above the lowest place b may take, b below a's highest
            keep_a = (1 << bit_index(cand[b])) - 1
            lowest_a = cand[a] & -cand[a]
            keep_b = full & ~((lowest_a << 1) - 1)
        else:
            keep_a = (cand[b] << 1 | cand[b] >> 1) & full
            keep_b = (cand[a] << 1 | cand[a] >> 1) & full
        removals = board.narrow(a, keep_a) + board.narrow(b, keep_b)
        if (a < n) != (b < n):      # a shape and a colour: two different tiles
            shape, colour = (a, b - n) if a < n else (b, a - n)
            removals += board.narrow(2 * n + shape, ~(1 << colour))
        if removals:
            yield Deduction(RELATIONS, "above" if clue.kind == ABOVE else "next to", removals,
                            clue=k, row=a)


def combining(board: Board) -> Iterator[Deduction]:
    n, cand = board.tiles, board.cand
    for s in range(n):
        colours = [c for c in range(n) if cand[2 * n + s] >> c & 1]
        reach = 0
        for c in colours:
            reach |= cand[n + c]
        apart = sum(1 << c for c in colours if not cand[s] & cand[n + c])
        removals = board.narrow(s, reach) + board.narrow(2 * n + s, ~apart)
        if removals:
            yield Deduction(COMBINING, "combining", removals, row=s)
    for c in range(n):
        reach = 0
        for s in range(n):
            if cand[2 * n + s] >> c & 1:
                reach |= cand[s]
        removals = board.narrow(n + c, reach)
        if removals:
            yield Deduction(COMBINING, "combining", removals, row=n + c)


def cases(board: Board) -> Iterator[Deduction]:
    """Suppose an item (those with fewest places first) is at one of its places: if the easier
    techniques then reach a contradiction, it is not there."""
    n, cand = board.tiles, board.cand
    rows = sorted((row for row in range(2 * n) if not board.known(row)),
                  key=lambda row: (cand[row].bit_count(), row))
    for row in rows:
        for place in range(n):
            if not cand[row] >> place & 1:
                continue
            trial = board.copy()
            try:
                trial.apply(Deduction(CASES, "supposing", trial.settle(row, 1 << place),
                                      (row,)))
                deduce(trial, COMBINING)
            except Contradiction:
                yield Deduction(CASES, "cases", ((row, 1 << place),), row=row, place=place)
                return      # the trials above read candidates that have now changed


TECHNIQUES: tuple[tuple[int, Callable[[Board], Iterator[Deduction]]], ...] = (
    (DIRECT, direct), (DIRECT, one_tile), (ELIMINATION, elimination), (RELATIONS, relations),
    (COMBINING, combining), (CASES, cases))


def first_deduction(board: Board, max_level: int = CASES) -> Deduction | None:
    """The first deduction of the easiest technique that finds any (Contradiction if the
    board is already impossible)."""
    return first_found(board, TECHNIQUES, max_level)


def deduce(board: Board, max_level: int = CASES) -> int | None:
    """Solve the board in place with techniques up to max_level, easiest first: the hardest
    level used, or None when stuck. Contradiction when the clues admit no arrangement."""
    hardest = solve_by_techniques(board, TECHNIQUES, Board.solved, max_level, DIRECT)
    if hardest is not None:
        board.arrangement()
    return hardest


def grade(clues: Sequence[Clue], tiles: int, max_level: int = CASES) -> int | None:
    """The hardest level of technique the clues need for one arrangement; None when the
    techniques up to max_level get stuck (or the clues contradict each other)."""
    try:
        return deduce(Board(tiles, clues), max_level)
    except Contradiction:
        return None


def solve(clues: Sequence[Clue], tiles: int) -> Arrangement | None:
    """The arrangement the techniques reach, or None when they get stuck."""
    board = Board(tiles, clues)
    try:
        if deduce(board) is None:
            return None
        return board.arrangement()
    except Contradiction:
        return None


# ---------------------------------------------------------------------------------------------
# Levels

@dataclass(frozen=True)
class Level:
    kinds: dict[int, float]     # the clue kinds drawn, each with its weight in the draw
    pruned: bool                # drop every clue the puzzle can do without
    grades: tuple[int, ...]     # the grades kept


FEWER_GIVENS = {kind: 1.0 for kind in range(1, 9)} | {COLOUR_AT: 0.25, SHAPE_AT: 0.25,
                                                        SHAPE_IS: 0.5}
LEVELS = {"easy": Level({kind: 1.0 for kind in range(1, 5)}, False, (DIRECT, ELIMINATION)),
          "normal": Level({kind: 1.0 for kind in range(1, 9)}, False, (RELATIONS,)),
          "hard": Level(FEWER_GIVENS, True, (COMBINING, CASES)),
          "expert": Level(FEWER_GIVENS, True, (RELATIONS, COMBINING, CASES))}


def generate_clues(solution: Arrangement, difficulty: str, rng: random.Random) -> list[Clue]:
    """Clues with exactly this solution, graded at the difficulty (see Levels above)."""
    level, tiles = LEVELS[difficulty], len(solution)
    pool = true_clues(solution, level.kinds)
    while True:     # Easy keeps every draft, Hard about one in three (test_deductile_grader)
        clues = draw_clues(pool, level.kinds, tiles, level.pruned, rng)
        if grade(clues, tiles, max(level.grades)) in level.grades:
            return clues
