"""Mu Torere (docs/RULES.md): four pieces each on an eight-pointed star; block your opponent to win.

Points 0..7 go round the ring, point 8 is the centre. Each ring point touches its two ring
neighbours and the centre. Black (B, player 0) starts on 0-3 and moves first, White (W,
player 1) on 4-7; exactly one point is always empty. A move takes one piece to the empty
point: ring to a neighbouring ring point, centre to any ring point, ring to centre only when
that piece has an opponent piece on a neighbouring ring point. A player who cannot move loses.
The third occurrence of a position (board and side to move) is a draw, so is the 200th ply,
and the players may agree a draw (the move "draw", which the scene makes once both accept).

The description and the command-line position are the same text (docs/DESIGN.md):
"BBBBWWWW.:B" = points 0..8 then the side to move. Mu Torere has no parameters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from games.core.kit.endings import AGREED, THIRD_TIME, blocked
from games.core.kit.rules_api import (
    Fields,
    IllegalMove,
    Outcome,
    RuleError,
    Status,
    Termination,
    omit_default,
)
from games.core.kit.rules_parts import (
    AGREED_DRAW,
    AgreedDraw,
    check_seen,
    no_options,
    no_solution,
    position_json,
)

if TYPE_CHECKING:
    from random import Random

CENTRE = 8
RING = 8
SIDES = "BW"                        # player 0 is Black, player 1 White
NAMES = {"B": "Black", "W": "White"}
EMPTY = "."
PLY_LIMIT = 200
REPETITION_LIMIT = 3                # the third occurrence of a position is a draw
START = "BBBBWWWW.:B"

RING_NEIGHBOURS = tuple(((point - 1) % RING, (point + 1) % RING) for point in range(RING))


@dataclass(frozen=True)
class Params(Fields):
    """The one choice before a game: which side moves first (Black by default, left out
    of the text)."""
    first: str = omit_default("B")


def _first(value: str) -> str:
    side = {"b": "B", "black": "B", "w": "W", "white": "W"}.get(str(value).strip().lower())
    if side is None:
        raise RuleError(f"The first player is B (Black) or W (White), not {value!r}.")
    return side


def parse_params(text: str) -> Params:
    return Params(_first(Params.parse(text).first))


def params_from_options(size: object = None, difficulty: object = None, variant: str | None = None,
                        colours: object = None) -> Params:
    """`variant` names the side that moves first (B or W); there is no other option."""
    no_options("Mu Torere", dict(size=size, difficulty=difficulty, colours=colours))
    return Params() if variant is None else Params(_first(variant))


# --- boards: tuples of nine 'B' / 'W' / '.' indexed by point --------------------------------

def opponent(side: str) -> str:
    return "W" if side == "B" else "B"


def board_moves(board: tuple[str, ...], side: str) -> list[tuple[int, int]]:
    """Every (source, target) that `side` may play on `board`, ignoring history."""
    empty = board.index(EMPTY)
    if empty == CENTRE:
        enemy = opponent(side)
        return [(point, CENTRE) for point in range(RING) if board[point] == side
                and any(board[near] == enemy for near in RING_NEIGHBOURS[point])]
    return [(point, empty) for point in (*sorted(RING_NEIGHBOURS[empty]), CENTRE)
            if board[point] == side]


def moved(board: tuple[str, ...], source: int, target: int) -> tuple[str, ...]:
    points = list(board)
    points[source], points[target] = EMPTY, points[source]
    return tuple(points)


def position_key(board: tuple[str, ...], side: str) -> str:
    """The position in the command-line format: "BBBBWWWW.:B"."""
    return "".join(board) + ":" + side


def _read_board(text: str) -> tuple[str, ...]:
    if not re.fullmatch(r"[BW.]{9}", text):
        raise RuleError(f"A Mu Torere board is nine of B, W and '.' (points 0 to 8), "
                        f"not {text!r}.")
    if text.count("B") != 4 or text.count("W") != 4:
        raise RuleError(f"A Mu Torere board holds four B, four W and one empty point, "
                        f"not {text!r}.")
    return tuple(text)


def _read_position(text: str) -> State:
    """A new game from a position exactly as written, e.g. "BBBBWWWW.:B"."""
    points, sep, side = text.partition(":")
    if not sep or side not in SIDES:
        raise RuleError(f"A Mu Torere position is nine points then ':' and the side to move, "
                        f"like {START}; not {text!r}.")
    board = _read_board(points)
    return State(board, side, ((position_key(board, side), 1),))


# --- moves -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """A piece going from point `source` to the empty point `target` (the agreed draw is
    AGREED_DRAW, games/core/kit/rules_parts.py)."""
    source: int
    target: int

    def encode(self) -> str:
        return f"{self.source}-{self.target}"


def decode_move(text: str) -> Move | AgreedDraw:
    if text == AGREED_DRAW.encode():
        return AGREED_DRAW
    match = re.fullmatch(r"([0-8])-([0-8])", text)
    if not match:
        raise RuleError(f"A Mu Torere move is 'a-b' with points 0 to 8 (like 3-8), or 'draw'; "
                        f"not {text!r}.")
    return Move(int(match[1]), int(match[2]))


# --- the state -------------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    board: tuple[str, ...]                  # nine of 'B', 'W', '.', indexed by point
    to_move: str                            # 'B' or 'W'
    seen: tuple[tuple[str, int], ...]       # (position key, times it has occurred), sorted
    ply: int = 0                            # board moves played
    draw_agreed: bool = False

    @property
    def key(self) -> str:
        return position_key(self.board, self.to_move)

    def occurrences(self) -> int:
        return dict(self.seen).get(self.key, 0)

    def __str__(self) -> str:
        lines = [row.format(*self.board) for row in _DIAGRAM]
        lines.append(f"{NAMES[self.to_move]} to move, ply {self.ply}"
                     + (", draw agreed" if self.draw_agreed else ""))
        lines.append("Seen: " + ", ".join(f"{key} x{count}" for key, count in self.seen))
        return "\n".join(lines)


# The star with each point where it stands, and a key to the point numbers beside it.
_DIAGRAM = (
    "{7}   {0}   {1}      7   0   1",
    "  \\ | /          \\ | /",
    "{6} - {8} - {2}      6 - 8 - 2",
    "  / | \\          / | \\",
    "{5}   {4}   {3}      5   4   3",
)
_DIAGRAM_POINTS = ((7, 0, 1), (6, 8, 2), (5, 4, 3))   # the points on diagram lines 0, 2, 4
_TURN_LINE = re.compile(r"(Black|White) to move, ply (\d+)(, draw agreed)?")
_SEEN_ENTRY = re.compile(r"(\S+) x(\d+)")


def from_text(text: str) -> State:
    """The State that str(state) drew."""
    lines = text.strip("\n").splitlines()
    if len(lines) != 7:
        raise RuleError("A Mu Torere diagram has seven lines: the star, whose turn, "
                        "and the positions seen.")
    points = [EMPTY] * 9
    for line, row in zip(lines[0:5:2], _DIAGRAM_POINTS):
        pieces = [token for token in line.split() if token != "-"][:3]
        if len(pieces) != 3:
            raise RuleError(f"Cannot read the star line {line!r}.")
        for point, piece in zip(row, pieces):
            points[point] = piece
    board = _read_board("".join(points))
    turn = _TURN_LINE.fullmatch(lines[5].strip())
    if not turn:
        raise RuleError(f"Expected a line like 'Black to move, ply 0', not {lines[5]!r}.")
    seen_text = lines[6].strip().removeprefix("Seen:").strip()
    seen = []
    for entry in seen_text.split(", ") if seen_text else ():
        match = _SEEN_ENTRY.fullmatch(entry)
        if not match:
            raise RuleError(f"A seen position is written like '{START} x1', not {entry!r}.")
        _read_position(match[1])
        seen.append((match[1], int(match[2])))
    state = State(board, turn[1][0], tuple(sorted(seen)), int(turn[2]), bool(turn[3]))
    _check_history(state)
    return state


def _check_history(state: State) -> None:
    counts = check_seen(state.seen, state.key, REPETITION_LIMIT)
    if sum(counts.values()) != state.ply + 1:
        raise RuleError(f"After {state.ply} plies the positions seen must add up to "
                        f"{state.ply + 1} occurrences (the start and one per ply).")


# --- the command-line position and the description -------------------------------------------

def parse_position(text: str) -> State:
    """A new game from the command-line position, e.g. "BBBBWWWW.:B"."""
    return _read_position(text.strip())


def position_text(state: State) -> str:
    return state.key


def new_desc(params: Params, rng: Random) -> str:
    """Every game starts from the standard position, with the chosen side to move."""
    return START[:-1] + params.first


def validate_desc(params: Params, desc: str) -> None:
    _read_position(desc)


def new_game(params: Params, desc: str) -> State:
    return _read_position(desc)


# --- play ------------------------------------------------------------------------------------

def status(state: State) -> Status:
    if state.draw_agreed:
        return AGREED
    if not board_moves(state.board, state.to_move):
        return blocked(NAMES[state.to_move], SIDES.index(opponent(state.to_move)))
    if state.occurrences() >= REPETITION_LIMIT:
        return THIRD_TIME
    if state.ply >= PLY_LIMIT:
        return Status(Outcome.DRAW, None, f"{PLY_LIMIT} moves have been played.",
                      Termination.MOVE_LIMIT)
    return Status(Outcome.ONGOING)


def legal_moves(state: State) -> list[Move]:
    """The board moves of the side to move: never the agreed draw (rules_parts.AgreedDraw)."""
    if status(state).over:
        return []
    return [Move(source, target) for source, target in board_moves(state.board, state.to_move)]


def apply_move(state: State, move: Move | AgreedDraw) -> State:
    if status(state).over:
        raise IllegalMove("The game is over.")
    if isinstance(move, AgreedDraw):
        return replace(state, draw_agreed=True)
    if (move.source, move.target) not in board_moves(state.board, state.to_move):
        raise IllegalMove(_why_illegal(state, move))
    board = moved(state.board, move.source, move.target)
    side = opponent(state.to_move)
    counts = dict(state.seen)
    key = position_key(board, side)
    counts[key] = counts.get(key, 0) + 1
    return State(board, side, tuple(sorted(counts.items())), state.ply + 1)


def _why_illegal(state: State, move: Move) -> str:
    name = NAMES[state.to_move]
    if state.board[move.source] != state.to_move:
        return f"There is no {name} piece on point {move.source}."
    if state.board[move.target] != EMPTY:
        return f"Point {move.target} is not empty."
    if move.target == CENTRE:
        return (f"The piece on point {move.source} may enter the centre only when an opponent "
                f"piece stands on a neighbouring ring point.")
    return f"Points {move.source} and {move.target} are not joined by a line."


def score(state: State) -> int:
    """Plies played."""
    return state.ply


def current_player(state: State) -> int:
    return SIDES.index(state.to_move)


puzzle_json = position_json
solution_json = no_solution
