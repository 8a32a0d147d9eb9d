"""Ishido: place 72 stones on a 12 x 8 board, each matching its neighbours (docs/RULES.md).

A stone is an int 0..35: colour * 6 + symbol, colours and symbols 0..5. The board is a tuple of
96 squares, row-major, each EMPTY or a stone. The deal (desc) is the six opening stones and the
pouch order, two digits a stone (colour, symbol): "OOOOOOOOOOOO-PPPP...", 6 + 66 stones.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from games.core.kit.rules_api import Fields, IllegalMove, Outcome, RuleError, Status
from games.core.kit.rules_parts import CellMove

ROWS, COLS = 8, 12
SQUARES = ROWS * COLS
COLOURS = SYMBOLS = 6
KINDS = COLOURS * SYMBOLS           # 36 kinds of stone, two of each
STONES = 2 * KINDS                  # 72
EMPTY = -1
RULES = ("standard", "original")
OPENING_SQUARES = ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1), (3, 5), (4, 6))
POUCH_SIZE = STONES - len(OPENING_SQUARES)      # 66
FOURWAY_BONUS = (25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, 25000, 50000)
END_BONUS = {0: 1000, 1: 500, 2: 100}           # stones left unplaced -> bonus (original scoring)


def stone(colour: int, symbol: int) -> int:
    return colour * SYMBOLS + symbol


def colour(kind: int) -> int:
    return kind // SYMBOLS


def symbol(kind: int) -> int:
    return kind % SYMBOLS


def _index(row: int, col: int) -> int:
    return row * COLS + col


NEIGHBOURS = tuple(
    tuple(_index(r, c) for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
          if 0 <= r < ROWS and 0 <= c < COLS)
    for row in range(ROWS) for col in range(COLS))
OUTER_RING = frozenset(_index(row, col) for row in range(ROWS) for col in range(COLS)
                       if row in (0, ROWS - 1) or col in (0, COLS - 1))


# --- parameters ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Params(Fields):
    rule: str = "standard"      # "standard" (the seed's) or "original" (Accolade 1990)


def parse_params(text: str) -> Params:
    return _known_rule(Params.parse(text))


def _known_rule(params: Params) -> Params:
    if params.rule not in RULES:
        raise RuleError(f"Unknown rule set {params.rule!r}: choose {' or '.join(RULES)}.")
    return params


def params_from_options(size: object = None, difficulty: object = None, variant: str | None = None,
                        colours: object = None) -> Params:
    if size is not None or difficulty is not None or colours is not None:
        raise RuleError("Ishido takes --variant standard or --variant original only.")
    return _known_rule(Params(variant or "standard"))


# --- the deal ------------------------------------------------------------------------------

def _stones_text(stones: Iterable[int]) -> str:
    return "".join(f"{colour(s)}{symbol(s)}" for s in stones)


def new_desc(params: Params, rng: random.Random) -> str:
    """Opening stones: the six colours in random order, paired with the six symbols in random
    order; the pouch: every other stone, shuffled."""
    colours, symbols = list(range(COLOURS)), list(range(SYMBOLS))
    rng.shuffle(colours)
    rng.shuffle(symbols)
    opening = [stone(c, s) for c, s in zip(colours, symbols)]
    pouch = [kind for kind in range(KINDS) for _ in range(2)]
    for kind in opening:
        pouch.remove(kind)
    rng.shuffle(pouch)
    return f"{_stones_text(opening)}-{_stones_text(pouch)}"


_DESC = re.compile(rf"([0-5]{{{2 * len(OPENING_SQUARES)}}})-([0-5]{{{2 * POUCH_SIZE}}})")


def _read_stones(text: str) -> tuple[int, ...]:
    return tuple(stone(int(text[i]), int(text[i + 1])) for i in range(0, len(text), 2))


def _read_desc(desc: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    match = _DESC.fullmatch(desc)
    if not match:
        raise RuleError("An Ishido deal is 6 opening stones, a '-', then 66 pouch stones, "
                        "each written as two digits 0-5 (colour, symbol).")
    opening, pouch = _read_stones(match[1]), _read_stones(match[2])
    for kind, count in Counter(opening + pouch).items():
        if count != 2:
            raise RuleError(f"The deal holds {count} stones of colour {colour(kind)} and symbol "
                            f"{symbol(kind)}; it must hold exactly two of each.")
    if {colour(s) for s in opening} != set(range(COLOURS)) or \
            {symbol(s) for s in opening} != set(range(SYMBOLS)):
        raise RuleError("The six opening stones must show every colour once and every symbol once.")
    return opening, pouch


def validate_desc(params: Params, desc: str) -> None:
    _read_desc(desc)


# --- state and moves -----------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    params: Params
    board: tuple[int, ...]      # SQUARES entries, row-major: EMPTY or a stone
    pouch: tuple[int, ...]      # the whole pouch order of the deal, placed stones included
    placed: int = 0             # pouch stones on the board so far; pouch[placed] is next
    points: int = 0             # placement points so far (bonuses are derived, see breakdown)
    fourways: int = 0

    def __str__(self) -> str:
        def cell(square: int) -> str:
            return ".." if square == EMPTY else _stones_text((square,))
        rows = [" ".join(cell(s) for s in self.board[r * COLS:(r + 1) * COLS])
                for r in range(ROWS)]
        pouch = [_stones_text((s,)) for s in self.pouch]
        return "\n".join([f"rule {self.params.rule}", f"points {self.points}",
                          f"fourways {self.fourways}", *rows,
                          " ".join(["pouch", *pouch[:self.placed], "|", *pouch[self.placed:]])])


class Move(CellMove):
    """Place the current stone on (row, col)."""


def decode_move(text: str) -> Move:
    move = Move.read(text, f"A move is 'row,col', for example '3,4'; {text!r} is not one.")
    row, col = move.row, move.col
    if row >= ROWS or col >= COLS:
        raise RuleError(f"There is no square ({row}, {col}): rows are 0-{ROWS - 1} "
                        f"and columns 0-{COLS - 1}.")
    return Move(row, col)


def new_game(params: Params, desc: str) -> State:
    opening, pouch = _read_desc(desc)
    board = [EMPTY] * SQUARES
    for (row, col), kind in zip(OPENING_SQUARES, opening):
        board[_index(row, col)] = kind
    return State(params, tuple(board), pouch)


_LINE = {"rule": re.compile(r"rule (\w+)"), "points": re.compile(r"points (\d+)"),
         "fourways": re.compile(r"fourways (\d+)")}
_BOARD_ROW = re.compile(rf"(?:[0-5]{{2}}|\.\.)(?: (?:[0-5]{{2}}|\.\.)){{{COLS - 1}}}")
_POUCH = re.compile(r"pouch((?: [0-5]{2})*) \|((?: [0-5]{2})*)")


def from_text(text: str) -> State:
    lines = text.strip().splitlines()
    if len(lines) != 3 + ROWS + 1:
        raise RuleError(f"An Ishido position has {3 + ROWS + 1} lines: rule, points, fourways, "
                        f"{ROWS} board rows and the pouch.")
    fields = {}
    for (key, pattern), line in zip(_LINE.items(), lines):
        match = pattern.fullmatch(line.strip())
        if not match:
            raise RuleError(f"Expected the line '{key} ...', found {line!r}.")
        fields[key] = match[1]
    params = _known_rule(Params(fields["rule"]))
    board: list[int] = []
    for line in lines[3:3 + ROWS]:
        if not _BOARD_ROW.fullmatch(line.strip()):
            raise RuleError(f"A board row is {COLS} squares, each '..' or two digits 0-5 "
                            f"(colour, symbol); found {line!r}.")
        board.extend(EMPTY if cell == ".." else _read_stones(cell)[0] for cell in line.split())
    pouch_line = _POUCH.fullmatch(lines[-1].strip())
    if not pouch_line:
        raise RuleError("The pouch line is 'pouch', the placed stones, '|', then the stones "
                        "still to come, each two digits 0-5.")
    placed = _read_stones(pouch_line[1].replace(" ", ""))
    to_come = _read_stones(pouch_line[2].replace(" ", ""))
    for kind, count in Counter([s for s in board if s != EMPTY] + list(to_come)).items():
        if count > 2:
            raise RuleError(f"There are {count} stones of colour {colour(kind)} and symbol "
                            f"{symbol(kind)} on the board and in the pouch; there are only two.")
    return State(params, tuple(board), placed + to_come, len(placed),
                 int(fields["points"]), int(fields["fourways"]))


# --- matching ------------------------------------------------------------------------------

def fits(rule: str, kind: int, neighbours: Sequence[int]) -> bool:
    """May a stone of this kind go on an empty square with these neighbouring stones?

    Standard: it matches each neighbour by colour or by symbol. Original: besides, the matches
    split as evenly as possible between colour and symbol (1: either; 2: one each; 3: two and
    one; 4: two and two). A twin (same colour and symbol) may count as either.
    """
    if not neighbours:
        return False
    by_colour = twins = 0       # matches by colour only; twins (the rest match by symbol only)
    for other in neighbours:
        same_colour, same_symbol = colour(other) == colour(kind), symbol(other) == symbol(kind)
        if not (same_colour or same_symbol):
            return False
        twins += same_colour and same_symbol
        by_colour += same_colour and not same_symbol
    if rule == "standard":
        return True
    count = len(neighbours)
    # colour matches can number anywhere from by_colour to by_colour + twins
    return by_colour <= (count + 1) // 2 and count // 2 <= by_colour + twins


@cache
def fitting_kinds(rule: str, neighbours: tuple[int, ...]) -> int:
    """Bit mask of the kinds that fit a square with these neighbours (give them sorted)."""
    return sum(1 << kind for kind in range(KINDS) if fits(rule, kind, neighbours))


def neighbour_stones(board: Sequence[int], square: int) -> tuple[int, ...]:
    """The stones next to a square, sorted."""
    return tuple(sorted(board[n] for n in NEIGHBOURS[square] if board[n] != EMPTY))


def current_stone(state: State) -> int | None:
    return state.pouch[state.placed] if state.placed < len(state.pouch) else None


def stones_left(state: State) -> int:
    """Stones not yet on the board, the current one included."""
    return len(state.pouch) - state.placed


def stone_at(state: State, row: int, col: int) -> int | None:
    kind = state.board[_index(row, col)]
    return None if kind == EMPTY else kind


def legal_squares(state: State) -> list[tuple[int, int]]:
    """The (row, col) squares where the current stone may go, row by row."""
    kind = current_stone(state)
    if kind is None:
        return []
    board, rule = state.board, state.params.rule
    return [divmod(square, COLS) for square in range(SQUARES) if board[square] == EMPTY
            and fitting_kinds(rule, neighbour_stones(board, square)) >> kind & 1]


def legal_moves(state: State) -> list[Move]:
    return [Move(row, col) for row, col in legal_squares(state)]


def _refusal(state: State, square: int, kind: int) -> str:
    """Why the current stone (kind) may not go on this square, as a sentence for the player."""
    if state.board[square] != EMPTY:
        return "That square already holds a stone."
    neighbours = neighbour_stones(state.board, square)
    if not neighbours:
        return "A stone must touch another stone."
    if state.params.rule == "standard" or not fits("standard", kind, neighbours):
        return "The stone must match each neighbour by colour or by symbol."
    return {2: "Next to two stones, it must match one by colour and the other by symbol.",
            3: "Next to three stones, it must match two by one attribute and one by the other.",
            4: "A 4-way must match two neighbours by colour and two by symbol."}[len(neighbours)]


def placement_points(rule: str, square: int, neighbour_count: int, fourways: int) -> int:
    """Points for placing a stone on a square with this many neighbours, after this many
    4-ways (original scoring: the outer ring scores 0, inner squares double per 4-way)."""
    base = 1 << (neighbour_count - 1)
    if rule == "standard":
        return base
    return 0 if square in OUTER_RING else base << fourways


def apply_move(state: State, move: Move) -> State:
    outcome = status(state)
    kind = current_stone(state)
    if outcome.over or kind is None:
        raise IllegalMove(f"The game is over. {outcome.reason}")
    square = _index(move.row, move.col)
    neighbours = neighbour_stones(state.board, square)
    if state.board[square] != EMPTY or not fits(state.params.rule, kind, neighbours):
        raise IllegalMove(_refusal(state, square, kind))
    board = list(state.board)
    board[square] = kind
    return State(state.params, tuple(board), state.pouch, state.placed + 1,
                 state.points + placement_points(state.params.rule, square, len(neighbours),
                                                 state.fourways),
                 state.fourways + (len(neighbours) == 4))


def status(state: State) -> Status:
    if current_stone(state) is None:
        return Status(Outcome.WON, reason="Every stone is on the board.")
    if not legal_squares(state):
        left = stones_left(state)
        return Status(Outcome.LOST, reason=f"The next stone fits nowhere; {left} "
                                   f"{'stone is' if left == 1 else 'stones are'} left.")
    return Status(Outcome.ONGOING)


# --- scoring -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Breakdown:
    """The end screen's account of the score."""
    placement: int      # points for placing stones
    fourway_bonus: int  # original scoring: the 4-way bonus table
    end_bonus: int      # original scoring: 0/1/2 stones left at the end
    fourways: int
    stones_left: int

    @property
    def total(self) -> int:
        return self.placement + self.fourway_bonus + self.end_bonus


def fourway_bonus(nth: int) -> int:
    """The bonus for the nth 4-way of a game (1, 2, ...) under the original scoring."""
    return FOURWAY_BONUS[min(nth, len(FOURWAY_BONUS)) - 1]


def breakdown(state: State) -> Breakdown:
    left = stones_left(state)
    if state.params.rule == "standard":
        return Breakdown(state.points, 0, 0, state.fourways, left)
    end_bonus = END_BONUS.get(left, 0) if status(state).over else 0
    bonus = sum(fourway_bonus(nth) for nth in range(1, state.fourways + 1))
    return Breakdown(state.points, bonus, end_bonus, state.fourways, left)


def score(state: State) -> int:
    return breakdown(state).total


def current_player(state: State) -> None:
    return None


# --- command line --------------------------------------------------------------------------

def move_json(state: State, move: Move) -> dict[str, int]:
    """A selfplay record's entry for a move about to be made in this state."""
    kind = current_stone(state)
    if kind is None:
        raise RuleError("Every stone is on the board: there is no move to make.")
    return {"row": move.row, "col": move.col, "colour": colour(kind), "symbol": symbol(kind)}


def puzzle_json(params: Params, desc: str) -> dict[str, object]:
    opening, pouch = _read_desc(desc)
    return {"rows": ROWS, "cols": COLS, "rule": params.rule,
            "start": [{"row": row, "col": col, "colour": colour(s), "symbol": symbol(s)}
                      for (row, col), s in zip(OPENING_SQUARES, opening)],
            "pouch": [{"colour": colour(s), "symbol": symbol(s)} for s in pouch]}


def solution_json(params: Params, desc: str) -> None:
    return None
