"""Human-style Calcoolation solver: grades puzzles and gives hints.

Deductions by level, after Tatham's Keen (each is tried only when every easier one is stuck,
and a puzzle's level is the hardest it needed):
  Easy     singles (a cell with one candidate; a digit with one place in a row or column) and
           whole-cage digits (a digit in no possible filling of a cage is out of all its cells)
  Normal   per-cell cage digits (each cell keeps only digits some filling puts there)
  Hard     cross-cage lines (a digit every filling puts in a row or column of the cage is out of
           that line's other cells) and naked / hidden subsets in rows and columns
  Extreme  fish (X-wings and larger, per digit) and forcing chains of two-candidate cells

Each technique is a generator of Deductions read from the live board (sentences.py words
them); the caller applies each before asking for the next, so a sweep always sees the latest
candidates. Hints take the first deduction; deduce() solves step by step. Grading reaches the
same level faster (grade_layout): up to Hard by the closures of solver.close, which make
the same deductions without stepping through them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from games.core.kit.deduction import first_found, solve_by_techniques
from games.kenken.cages import (
    DIFFICULTIES,
    EASY,
    EXTREME,
    HARD,
    NORMAL,
    Cage,
    Params,
    bit_digit,
    cell_name,
    grid_errors,
    is_single,
    mask_digits,
    solved,
)
from games.kenken.sentences import Namer, Puzzle
from games.kenken.solver import (
    Layout,
    close,
    compile_puzzle,
    lanes,
    line_must,
    search,
    subsets_of,
    unique_solution,
)

COUNT_FIRST = 5     # boards up to this size count solutions before the Extreme deductions


class Contradiction(Exception):
    """The candidates admit no solution."""


class Deduction(NamedTuple):     # a tuple: grading makes thousands, and they must be cheap
    level: int
    technique: str
    removals: tuple[tuple[int, int], ...] = ()  # (cell, mask of digits crossed off)
    place: tuple[int, int] | None = None        # (cell, digit) now certain
    cells: tuple[int, ...] = ()                 # the cells the reasoning rests on
    # The sentence, built only when asked (grading finds thousands of deductions and reads
    # none). It describes the board as it was when found: call it before applying.
    # Called with a Namer; the lambdas bind their facts as defaults, hence the open signature.
    explain: Callable[..., str] = lambda namer: ""


class Board:
    """Candidates and live cage fillings under human-style deduction. Every narrowing goes
    through narrow(), which stamps the cell's cage and lines with a rising clock, so that each
    technique looks again only at cages and lines changed since it last looked (one that found
    nothing there still finds nothing until they change, as candidates only shrink)."""

    def __init__(self, layout: Layout, cand: Iterable[int] | None = None) -> None:
        cells = layout.size ** 2
        self.layout = layout
        self.cand = list(cand) if cand is not None else [layout.full] * cells
        self.live = [list(fillings) for fillings in layout.fillings]
        self.placed = [False] * cells
        self.unplaced = cells
        self.line_done = [0] * len(layout.lines)    # digits placed in each line
        self.singles = {cell for cell in range(cells) if is_single(self.cand[cell])}
        self.clock = 1
        self.cage_stamp = [1] * len(layout.cages)
        self.line_stamp = [1] * len(layout.lines)
        # When each technique (and the filtering of live fillings) last looked at each one.
        self.cage_seen = {level: [0] * len(layout.cages) for level in (EASY, NORMAL, HARD)}
        self._filtered = [0] * len(layout.cages)
        self.line_seen = {level: [0] * len(layout.lines) for level in (EASY, HARD)}
        self._union = [0] * len(layout.cages)

    def narrow(self, cell: int, mask: int) -> None:
        if mask == self.cand[cell]:
            return
        if not mask:
            raise Contradiction
        self.cand[cell] = mask
        n, clock = self.layout.size, self.clock + 1
        self.clock = clock
        self.cage_stamp[self.layout.cage_of[cell]] = clock
        self.line_stamp[cell // n] = self.line_stamp[n + cell % n] = clock
        if not mask & (mask - 1) and not self.placed[cell]:
            self.singles.add(cell)

    def changed_cages(self, looker: int) -> Iterator[int]:
        """The cages changed since looker last looked, marked as looked at now."""
        return _changed(self.cage_stamp, self.cage_seen[looker])

    def changed_lines(self, looker: int) -> Iterator[int]:
        return _changed(self.line_stamp, self.line_seen[looker])

    def apply(self, deduction: Deduction) -> None:
        for cell, mask in deduction.removals:
            self.narrow(cell, self.cand[cell] & ~mask)
        if deduction.place:
            self.set_digit(*deduction.place)

    def set_digit(self, cell: int, digit: int) -> None:
        """Place digit in cell and cross it off the cell's row and column."""
        bit = 1 << (digit - 1)
        cand = self.cand
        if not cand[cell] & bit:
            raise Contradiction
        self.narrow(cell, bit)
        for peer in self.layout.peers[cell]:
            if cand[peer] & bit:
                self.narrow(peer, cand[peer] & ~bit)
        if not self.placed[cell]:
            n = self.layout.size
            self.placed[cell] = True
            self.unplaced -= 1
            self.singles.discard(cell)
            self.line_done[cell // n] |= bit
            self.line_done[n + cell % n] |= bit

    def union(self, k: int) -> int:
        """The OR of cage k's fillings that fit the candidates (filtering its live list)."""
        if self.cage_stamp[k] != self._filtered[k]:
            n, cand = self.layout.size, self.cand
            packed, shift = 0, 0
            for cell in self.layout.cages[k]:
                packed |= cand[cell] << shift
                shift += n
            outside = ~packed
            kept = [f for f in self.live[k] if not f & outside]
            if not kept:
                raise Contradiction
            union = 0
            for f in kept:
                union |= f
            self.live[k], self._union[k] = kept, union
            self._filtered[k] = self.cage_stamp[k]
        return self._union[k]

    def cell_digits(self, k: int, union: int) -> list[int]:
        """Split a packed cage mask into one digit mask per cell."""
        n, full = self.layout.size, self.layout.full
        return [union >> (i * n) & full for i in range(len(self.layout.cages[k]))]

    def check_cages(self) -> None:
        for k in range(len(self.layout.cages)):
            self.union(k)


def _changed(stamp: list[int], seen: list[int]) -> Iterator[int]:
    """The indices whose stamp moved since they were seen, each marked as seen now."""
    for index in range(len(stamp)):
        if stamp[index] != seen[index]:
            seen[index] = stamp[index]
            yield index


# ---------------------------------------------------------------------------------------------
# Techniques

def naked_singles(board: Board) -> Iterator[Deduction]:
    cand, placed = board.cand, board.placed
    for cell in sorted(board.singles):
        if not placed[cell]:
            digit = bit_digit(cand[cell])
            yield Deduction(EASY, "naked single", place=(cell, digit), cells=(cell,),
                            explain=lambda namer, cell=cell, digit=digit:
                            namer.naked_single(board, cell, digit))


def hidden_singles(board: Board) -> Iterator[Deduction]:
    cand, placed, lines = board.cand, board.placed, board.layout.lines
    for index in board.changed_lines(EASY):
        line = lines[index]
        once = twice = 0
        for cell in line:
            twice |= once & cand[cell]
            once |= cand[cell]
        if once != board.layout.full:
            raise Contradiction
        lonely = once & ~twice & ~board.line_done[index]
        while lonely:
            bit = lonely & -lonely
            lonely ^= bit
            home = next((cell for cell in line if cand[cell] & bit), None)
            if home is None:
                raise Contradiction     # its one cell took another lonely digit
            if not placed[home]:        # else placed earlier in this sweep
                digit = bit_digit(bit)
                yield Deduction(EASY, "hidden single", place=(home, digit), cells=line,
                                explain=lambda namer, index=index, cell=home, digit=digit:
                                f"In {namer.line(index)}, {digit} can only go at "
                                f"{namer.cell(cell, index)}.")


def _cage_deductions(board: Board, level: int) -> Iterator[Deduction]:
    layout, cand = board.layout, board.cand
    n, full = layout.size, layout.full
    for k in board.changed_cages(level):
        cells = layout.cages[k]
        union = board.union(k)
        if level == EASY:           # one set of digits for the whole cage
            every = 0
            while union:
                every |= union & full
                union >>= n
            removals = [(cell, cand[cell] & ~every) for cell in cells if cand[cell] & ~every]
        else:                       # each cell keeps the digits some filling puts there
            removals = []
            for cell in cells:
                if cand[cell] & ~union:
                    removals.append((cell, cand[cell] & ~union))
                union >>= n
        if removals:
            yield Deduction(level, "cage digits" if level == EASY else "cage cells",
                            tuple(removals), cells=cells,
                            explain=lambda namer, k=k, removals=tuple(removals), level=level:
                            namer.cage_fillings(board, k, removals, level))


def cage_digits(board: Board) -> Iterator[Deduction]:
    return _cage_deductions(board, EASY)


def cage_cells(board: Board) -> Iterator[Deduction]:
    return _cage_deductions(board, NORMAL)


def cage_lines(board: Board) -> Iterator[Deduction]:
    """A digit that every filling of a cage puts in one row (or column) of it cannot be
    anywhere else in that row (column)."""
    layout, cand = board.layout, board.cand
    n, full = layout.size, layout.full
    for k in board.changed_cages(HARD):
        cells = layout.cages[k]
        if not layout.segments[k]:
            continue
        board.union(k)
        for index, positions in layout.segments[k]:
            must = line_must(board.live[k], positions, n, full)
            removals = tuple((cell, cand[cell] & must) for cell in layout.lines[index]
                             if cand[cell] & must and cell not in cells)
            if removals:
                yield Deduction(HARD, "cage line", removals, cells=cells,
                                explain=lambda namer, k=k, index=index, must=must,
                                removals=removals:
                                f"Every way to fill {namer.cage(k)} puts "
                                f"{namer.digits(must)} in {namer.line(index)}: so "
                                f"{namer.removals(board, removals)}.")


def _transpose(rows: list[int], width: int) -> list[int]:
    return [sum(1 << i for i, row in enumerate(rows) if row >> j & 1) for j in range(width)]


def subsets(board: Board) -> Iterator[Deduction]:
    """Naked subsets (k cells holding only k digits) and hidden subsets (k digits fitting only
    k cells) in a row or column."""
    cand = board.cand
    for index in board.changed_lines(HARD):
        cells = [cell for cell in board.layout.lines[index] if not board.placed[cell]]
        if len(cells) < 4:
            continue
        masks = [cand[cell] for cell in cells]
        for chosen, union in closed_sets(masks):
            members = {cells[i] for i in chosen}
            removals = tuple((cell, cand[cell] & union) for cell in cells
                             if cell not in members and cand[cell] & union)
            if removals:
                yield Deduction(HARD, "naked subset", removals, cells=tuple(sorted(members)),
                                explain=lambda namer, index=index, members=members, union=union,
                                removals=removals:
                                f"In {namer.line(index)}, {namer.cells(members, index)} can "
                                f"only hold {namer.digits(union)} between them: so "
                                f"{namer.removals(board, removals)}.")
        digits = 0
        for mask in masks:
            digits |= mask
        digit_list = [d for d in range(board.layout.size) if digits >> d & 1]
        places = [row for row in _transpose(masks, board.layout.size) if row]
        for chosen, spots in closed_sets(places):
            keep = sum(1 << digit_list[i] for i in chosen)
            spot_cells = [cells[i] for i in range(len(cells)) if spots >> i & 1]
            removals = tuple((cell, cand[cell] & ~keep) for cell in spot_cells
                             if cand[cell] & ~keep)
            if removals:
                yield Deduction(HARD, "hidden subset", removals, cells=tuple(spot_cells),
                                explain=lambda namer, index=index, members=spot_cells, keep=keep,
                                removals=removals:
                                f"In {namer.line(index)}, {namer.digits(keep)} can only go at "
                                f"{namer.cells(members, index)}: so "
                                f"{namer.removals(board, removals)}.")


def closed_sets(rows: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Naked sets in a 0/1 matrix given as row masks: yields (row indices, union) where k rows
    (2 <= k <= len(rows) // 2) reach only k columns that some other row also reaches."""
    for chosen, union in subsets_of(rows, len(rows) // 2):
        if any(row & union for i, row in enumerate(rows) if not chosen >> i & 1):
            yield tuple(i for i in range(len(rows)) if chosen >> i & 1), union


Fish = tuple[int, bool, list[int], list[int], tuple[tuple[int, int], ...]]


def fish_finds(n: int, cand: list[int], placed: Sequence[bool]) -> Iterator[Fish]:
    """Fish, digit by digit, rows then columns: k lines (not holding the digit placed) where
    it fits only in k crossing lines keep it out of those crossing lines' other cells. Yields
    (digit, by rows, the k lines, the crossing lines, (cell, digit's bit) removals) for each
    that removes something, reading cand afresh after each (the caller applies it)."""
    spread = lanes(n)
    # Each row's (column's) digits placed, and its places for every digit, as 16-bit lanes.
    held, places = [0] * (2 * n), [0] * (2 * n)
    for cell, mask in enumerate(cand):
        row, col = divmod(cell, n)
        places[row] |= spread[mask] << col
        places[n + col] |= spread[mask] << row
        if placed[cell]:
            held[row] |= mask
            held[n + col] |= mask
    for digit in range(1, n + 1):
        bit, lane = 1 << (digit - 1), 16 * (digit - 1)
        removed = False         # (then the columns' places for this digit are read again)
        for by_rows in (True, False):
            first = 0 if by_rows else n
            found = [a for a in range(n) if not held[first + a] & bit]
            if len(found) < 4:
                continue
            if removed:
                masks = [sum(1 << b for b in range(n) if cand[b * n + a] & bit) for a in found]
            else:
                masks = [places[first + a] >> lane & 0xFFFF for a in found]
            for chosen, across in closed_sets(masks):
                chosen_lines = [found[i] for i in chosen]
                crossing = [b for b in range(n) if across >> b & 1]
                removals = tuple(
                    (cell, bit) for a in found if a not in chosen_lines for b in crossing
                    for cell in [a * n + b if by_rows else b * n + a] if cand[cell] & bit)
                if removals:
                    removed = True
                    yield digit, by_rows, chosen_lines, crossing, removals


def forcing_chain(layout: Layout, cand: list[int], placed: Sequence[bool]
                  ) -> tuple[list[int], list[int], int, int] | None:
    """The first forcing chain of two-candidate cells (as in Keen): if the start cell is not
    a, it is its other digit, which forces each linked two-candidate cell in turn; wherever
    that forces some cell to a, a cell seeing both that cell and the start cannot be a. As
    (the chain's cells, the digit bit each is forced to, a's bit, the cell that loses a)."""
    n, peers = layout.size, layout.peers
    for start in range(n * n):
        both = cand[start]
        if placed[start] or both.bit_count() != 2:
            continue
        row, col = divmod(start, n)
        for a_bit in (both & -both, both & (both - 1)):
            value = [0] * (n * n)           # the digit each cell is forced to (0: none yet)
            came_from = [-1] * (n * n)
            value[start] = both & ~a_bit
            queue = [start]
            for cell in queue:
                bit = value[cell]
                for peer in peers[cell]:
                    if not cand[peer] & bit or value[peer]:
                        continue
                    if bit == a_bit and (peer // n == row or peer % n == col):
                        path = [cell]
                        while came_from[path[-1]] >= 0:
                            path.append(came_from[path[-1]])
                        path.reverse()
                        return path, [value[c] for c in path], a_bit, peer
                    if cand[peer].bit_count() == 2:
                        value[peer] = cand[peer] & ~bit
                        came_from[peer] = cell
                        queue.append(peer)
    return None


def fish(board: Board) -> Iterator[Deduction]:
    """For one digit: k rows where it fits only in k columns (or the other way round) keep it
    out of those columns' (rows') other cells (see fish_finds)."""
    n = board.layout.size
    for digit, by_rows, chosen_lines, crossing, removals in fish_finds(n, board.cand,
                                                                       board.placed):
        yield Deduction(
            EXTREME, "fish", removals,
            cells=tuple(a * n + b if by_rows else b * n + a
                        for a in chosen_lines for b in crossing),
            explain=lambda namer, digit=digit, by_rows=by_rows, chosen_lines=chosen_lines,
            crossing=crossing, removals=removals:
            namer.fish(board, digit, by_rows, chosen_lines, crossing, removals))


def chains(board: Board) -> Iterator[Deduction]:
    """The first forcing chain (see forcing_chain)."""
    found = forcing_chain(board.layout, board.cand, board.placed)
    if found is not None:
        path, values, a_bit, peer = found
        yield Deduction(EXTREME, "forcing chain", ((peer, a_bit),), cells=tuple(path),
                        explain=lambda namer: namer.chain(path, values, bit_digit(a_bit), peer))


TECHNIQUES = ((EASY, naked_singles), (EASY, hidden_singles), (EASY, cage_digits),
              (NORMAL, cage_cells), (HARD, cage_lines), (HARD, subsets),
              (EXTREME, fish), (EXTREME, chains))


def first_deduction(board: Board) -> Deduction | None:
    """The first deduction of the easiest technique that finds any."""
    return first_found(board, TECHNIQUES)


def deduce(board: Board, max_level: int = EXTREME) -> int | None:
    """Solve the board in place with deductions up to max_level, easiest first: the hardest
    level used, or None when stuck (the board keeps the progress, so a caller may go on at a
    higher level)."""
    try:
        hardest = solve_by_techniques(board, TECHNIQUES, lambda board: not board.unplaced,
                                      max_level, EASY)
        if hardest is not None:
            board.check_cages()
    except Contradiction:
        return None
    return hardest


def grade_layout(layout: Layout, max_level: int = EXTREME, least: int = EASY) -> int | None:
    """The hardest level of deduction needed to solve the puzzle; None when deductions up to
    max_level get stuck (it is harder, or not unique). The closure of each level up to Hard
    (solver.close) continues from the one below; the first that solves the puzzle is its
    level. Past Hard the Extreme deductions go on from the Hard closure; on boards up to 5x5
    counting solutions first is cheaper, as it weeds out the many puzzles with several
    solutions faster than the Extreme deductions get stuck on them. A caller that only wants
    puzzles of at least some level may say so (least): the closures below the level just
    under it are skipped, and an easier puzzle grades as that level.

    Only a puzzle with one solution grades at any level (the deductions are sound, and one
    that places every digit has checked every cage), so where the layout has its solutions
    counted already (layout.squares) one with more or none is turned away before any
    closure, and one with exactly one needs no search."""
    if layout.squares >= 0 and layout.squares.bit_count() != 1:
        return None
    first = max(least - 1, EASY)
    cand = list(layout.start_easy if first == EASY else layout.start)
    live: list[Sequence[int]] = list(layout.fillings)     # each replaced, never changed
    for level in range(first, min(max_level, HARD) + 1):
        # (a Normal closure leaves every cage filtered; an Easy one does not, per cell)
        if not close(layout, cand, live, level, fitted=level == first or level == HARD,
                     stepped=level > first):
            return None
        if all(not mask & (mask - 1) for mask in cand):
            return level
    if max_level < EXTREME:
        return None
    if layout.size <= COUNT_FIRST and layout.squares < 0:
        found: list[tuple[int, ...]] = []
        search(layout, cand.copy(), live.copy(), 2, found)
        if len(found) != 1:
            return None
    return EXTREME if extreme_closure(layout, cand, live) else None


def extreme_closure(layout: Layout, cand: list[int], live: list[Sequence[int]]) -> bool:
    """Go on from a Hard closure (cand and live, narrowed in place) with the Extreme
    deductions as deduce() makes them, a sweep of fish (else one forcing chain) at a time,
    each followed by the Hard closure again (which deduce() reaches step by step): whether
    they solve the puzzle."""
    while True:
        placed = [not mask & (mask - 1) for mask in cand]   # deduce() has placed every single
        if all(placed):
            return True
        changed: set[int] = set()
        for *_, removals in fish_finds(layout.size, cand, placed):
            for cell, bit in removals:
                if cand[cell] == bit:
                    return False
                cand[cell] &= ~bit
                changed.add(cell)
        if not changed:
            chain = forcing_chain(layout, cand, placed)
            if chain is None:
                return False
            *_, a_bit, peer = chain
            if cand[peer] == a_bit:
                return False
            cand[peer] &= ~a_bit
            changed.add(peer)
        if not close(layout, cand, live, HARD, changed):
            return False


def grade(params: Params, cages: tuple[Cage, ...],
          max_level: int = EXTREME) -> str | None:
    """The difficulty name a puzzle grades at, or None when it needs more than max_level."""
    level = grade_layout(compile_puzzle(params, cages), max_level)
    return None if level is None else DIFFICULTIES[level]


# ---------------------------------------------------------------------------------------------
# Hints

class Position(Puzzle, Protocol):
    """What a hint reads of a rules.State (a Protocol: rules imports this module)."""
    @property
    def digits(self) -> tuple[int, ...]: ...
    @property
    def candidates(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Hint:
    text: str
    technique: str                  # e.g. "hidden single", "mistake", "reveal"
    cells: tuple[tuple[int, int], ...]                          # to highlight
    removals: tuple[tuple[tuple[int, int], tuple[int, ...]], ...] = ()  # candidates to cross off
    place: tuple[tuple[int, int], int] | None = None           # a digit now certain


def hint(state: Position) -> Hint | None:
    """The next deduction a person could make from the player's digits and candidates (an
    empty cell without candidates may hold anything) in a rules.State, or the first mistake;
    None once solved."""
    if solved(state.params, state.cages, state.digits):
        return None
    n = state.size

    def at(cell: int) -> tuple[int, int]:
        return divmod(cell, n)

    solution = unique_solution(state.params, state.cages)
    if solution is not None:
        for cell, (digit, marks, right) in enumerate(zip(state.digits, state.candidates,
                                                         solution)):
            if digit and digit != right:
                return Hint(f"The {digit} at {cell_name(*at(cell))} is wrong.",
                            "mistake", (at(cell),))
            if not digit and marks and not marks >> (right - 1) & 1:
                return Hint(f"The candidates at {cell_name(*at(cell))} leave out the "
                            f"digit it needs.", "mistake", (at(cell),))
    else:
        clashes = grid_errors(state.params, state.cages, state.digits)
        if clashes:
            first = min(clashes)
            return Hint(f"The {state.digits[first[0] * n + first[1]]} at "
                        f"{cell_name(*first)} clashes with its row, column or cage.",
                        "mistake", tuple(sorted(clashes)))
    layout = compile_puzzle(state.params, state.cages)
    board = Board(layout, [marks or layout.full for marks in state.candidates])
    namer = Namer(state)
    try:
        for cell, digit in enumerate(state.digits):
            if digit:
                board.set_digit(cell, digit)
        deduction = first_deduction(board)
    except Contradiction:
        deduction = None
    if deduction is not None:
        return Hint(deduction.explain(namer), deduction.technique,
                    tuple(at(cell) for cell in deduction.cells),
                    tuple((at(cell), mask_digits(mask))
                          for cell, mask in deduction.removals),
                    (at(deduction.place[0]), deduction.place[1]) if deduction.place else None)
    if solution is None:
        return Hint("No step a person could take is left: this puzzle may have more than one "
                    "solution.", "stuck", ())
    cell = next(cell for cell, digit in enumerate(state.digits) if not digit)
    return Hint(f"No simple step is left here: {cell_name(*at(cell))} is "
                f"{solution[cell]}.", "reveal", (at(cell),), (), (at(cell), solution[cell]))
