"""Four Field Kono (docs/RULES.md): capture by jumping over a friend on a 4x4 board.

The board is 16 points in a 4x4 grid, numbered 0..15 row by row, joined by the lines of the
grid. Black (B, player 0) starts on points 0-7 and moves first, White (W, player 1) on 8-15,
so the board starts full. A move is either a step along a line to the neighbouring empty
point, or a capture: jump over a neighbouring friendly piece onto the enemy piece directly
beyond it (in a straight line), which is removed. Captures are optional, one per move.

A player loses when reduced to one piece or when they have no legal move; "no move" is
checked before the draws, so it decides even on the 50th quiet ply. The game is drawn on the
third occurrence of a position (board and side to move) or after 50 plies without a capture,
and the players may agree a draw (the move "draw", which the frame plays once both accept).

The description and the command-line position are the same text (docs/DESIGN.md):
"BBBBBBBBWWWWWWWW:B" = the 16 points row by row (B, W or .), then ':' and the side to move,
optionally then ':' and the clock, the plies since the last capture (0 to 50; "...:B:12"); a
position without a clock is at clock 0, as if a capture had just been made.
Four Field Kono has no parameters. A move is "a-b" (point numbers); a capture jumps two points;
"draw" is the agreed draw.

The engine works on bitmasks (bit p set = a piece on point p), seen from the side to move:
`own` and `enemy`. `mask_moves` and `play` are the only move generator; the AI uses them too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from games.core.kit.endings import AGREED, THIRD_TIME, blocked
from games.core.kit.rules_api import IllegalMove, Outcome, RuleError, Status, Termination
from games.core.kit.rules_parts import (
    AGREED_DRAW,
    AgreedDraw,
    NoParams,
    StartingPosition,
    check_seen,
    no_options,
    no_solution,
    parse_no_params,
    position_json,
)

SIZE = 4
POINTS = SIZE * SIZE
FULL = (1 << POINTS) - 1
SIDES = "BW"                          # player 0 is Black, player 1 White
NAMES = {"B": "Black", "W": "White"}
EMPTY = "."
PIECES_EACH = 8
QUIET_LIMIT = 50                      # plies without a capture that draw the game
REPETITION_LIMIT = 3                  # the third occurrence of a position draws the game
START = "BBBBBBBBWWWWWWWW:B"


def _geometry() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """STEPS[p]: the points joined to p. JUMPS[p]: (over, onto) for each straight jump from p."""
    steps: list[tuple[int, ...]] = []
    jumps: list[tuple[tuple[int, int], ...]] = []
    for point in range(POINTS):
        row, col = divmod(point, SIZE)
        near: list[int] = []
        far: list[tuple[int, int]] = []
        for d_row, d_col in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            if 0 <= row + d_row < SIZE and 0 <= col + d_col < SIZE:
                near.append(point + d_row * SIZE + d_col)
            if 0 <= row + 2 * d_row < SIZE and 0 <= col + 2 * d_col < SIZE:
                far.append((point + d_row * SIZE + d_col, point + 2 * (d_row * SIZE + d_col)))
        steps.append(tuple(near))
        jumps.append(tuple(far))
    return tuple(steps), tuple(jumps)


STEPS, JUMPS = _geometry()


# --- the engine: bitmasks seen from the side to move ------------------------------------------

def mask_moves(own: int, enemy: int) -> list[tuple[int, int]]:
    """Every (from, to) the side owning `own` may play, steps and captures, by `from` point."""
    empty = FULL ^ (own | enemy)
    moves = []
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        point = low.bit_length() - 1
        for target in STEPS[point]:
            if empty >> target & 1:
                moves.append((point, target))
        for over, target in JUMPS[point]:
            if own >> over & 1 and enemy >> target & 1:
                moves.append((point, target))
    return moves


def play(own: int, enemy: int, source: int, target: int) -> tuple[int, int, bool]:
    """(own, enemy, captured) after `own` plays source-target (a move from mask_moves)."""
    own ^= (1 << source) | (1 << target)
    if enemy >> target & 1:
        return own, enemy ^ (1 << target), True
    return own, enemy, False


def masks(board: tuple[str, ...], side: str) -> tuple[int, int]:
    """(own, enemy) bitmasks of `board` for `side`."""
    own = enemy = 0
    for point, piece in enumerate(board):
        if piece == side:
            own |= 1 << point
        elif piece != EMPTY:
            enemy |= 1 << point
    return own, enemy


def board_of(own: int, enemy: int, side: str) -> tuple[str, ...]:
    """The board tuple for bitmasks seen from `side`; the inverse of masks."""
    other = opponent(side)
    return tuple(side if own >> point & 1 else other if enemy >> point & 1 else EMPTY
                 for point in range(POINTS))


def opponent(side: str) -> str:
    return "W" if side == "B" else "B"


# --- parameters -------------------------------------------------------------------------------

Params = NoParams   # every game starts from the standard position


def parse_params(text: str) -> Params:
    return parse_no_params("Four Field Kono", text)


def params_from_options(size: object = None, difficulty: object = None, variant: str | None = None,
                        colours: object = None) -> Params:
    return no_options("Four Field Kono", dict(size=size, difficulty=difficulty, variant=variant,
                                              colours=colours))


# --- moves ------------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Move:
    """The piece on point `source` goes to point `target`: a step to a neighbouring point, or a
    capture two points away that removes the enemy piece on `target`."""
    source: int
    target: int

    def encode(self) -> str:
        return f"{self.source}-{self.target}"

    @property
    def over(self) -> int | None:
        """The friendly point a capture jumps over; None for a step."""
        for over, target in JUMPS[self.source]:
            if target == self.target:
                return over
        return None


def decode_move(text: str) -> Move | AgreedDraw:
    if text == AGREED_DRAW.encode():
        return AGREED_DRAW
    match = re.fullmatch(r"(\d{1,2})-(\d{1,2})", text)
    if not match or max(int(match[1]), int(match[2])) >= POINTS:
        raise RuleError(f"A Four Field Kono move is 'a-b' with points 0 to 15 (like 1-5 or "
                        f"0-8), or 'draw'; not {text!r}.")
    return Move(int(match[1]), int(match[2]))


# --- the state --------------------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    board: tuple[str, ...]              # 16 of 'B', 'W', '.', row by row
    to_move: str                        # 'B' or 'W'
    seen: tuple[tuple[str, int], ...]   # every position since the last capture, this one
                                        # included, with its number of occurrences; sorted
    earlier: int = 0                    # quiet plies before the first of `seen` (a position
                                        # given with its clock: what led to it is unknown)
    draw_agreed: bool = False

    @property
    def key(self) -> str:
        """This position (board and side to move) in the command-line format."""
        return "".join(self.board) + ":" + self.to_move

    @property
    def quiet_plies(self) -> int:
        """Plies since the last capture: each added one occurrence to `seen`."""
        return self.earlier + sum(count for _, count in self.seen) - 1

    @property
    def repetitions(self) -> int:
        """How many times this position has occurred (the third draws)."""
        return dict(self.seen)[self.key]

    def __str__(self) -> str:
        rows = [self.board[row * SIZE:(row + 1) * SIZE] for row in range(SIZE)]
        lines = []
        for number, row in enumerate(rows):
            if number:
                lines.append(_LINKS)
            lines.append(" - ".join(row))
        lines.append(f"{NAMES[self.to_move]} to move, plies since the last capture: "
                     f"{self.quiet_plies}" + (", draw agreed" if self.draw_agreed else ""))
        lines.extend(f"seen {key} x{count}" for key, count in self.seen)
        return "\n".join(lines)


_LINKS = "|   |   |   |"
_TURN_LINE = re.compile(
    r"(Black|White) to move, plies since the last capture: (\d+)(, draw agreed)?")
_SEEN_LINE = re.compile(r"seen (\S+) x(\d+)")


def from_text(text: str) -> State:
    """The State that str(state) drew."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) < 2 * SIZE or any(line != _LINKS for line in lines[1:2 * SIZE - 1:2]):
        raise RuleError("A Four Field Kono diagram has four rows of points joined by lines, "
                        "then whose turn it is and the positions seen.")
    rows = [line.split(" - ") for line in lines[0:2 * SIZE - 1:2]]
    board_text = "".join("".join(row) for row in rows)
    if any(len(row) != SIZE for row in rows):
        raise RuleError(f"Each row of the diagram is four points joined by ' - ', not "
                        f"{lines[0]!r}.")
    turn = _TURN_LINE.fullmatch(lines[2 * SIZE - 1])
    if not turn:
        raise RuleError(f"Expected a line like 'Black to move, plies since the last capture: 0', "
                        f"not {lines[2 * SIZE - 1]!r}.")
    state = _read_position(board_text + ":" + turn[1][0])
    seen = []
    for line in lines[2 * SIZE:]:
        match = _SEEN_LINE.fullmatch(line)
        if not match:
            raise RuleError(f"A seen position is written like 'seen {START} x1', not {line!r}.")
        seen.append((_read_position(match[1]).key, int(match[2])))
    recorded = sum(count for _, count in seen) - 1
    state = State(state.board, state.to_move, tuple(sorted(seen)),
                  max(0, min(int(turn[2]), QUIET_LIMIT + 1) - recorded), bool(turn[3]))
    _check_history(state, int(turn[2]))
    return state


def _check_history(state: State, quiet_plies: int) -> None:
    counts = check_seen(state.seen, state.key, REPETITION_LIMIT)
    material = (state.board.count("B"), state.board.count("W"))
    if any((key[:POINTS].count("B"), key[:POINTS].count("W")) != material for key in counts):
        raise RuleError("Every position seen since the last capture has the same pieces.")
    if quiet_plies != state.quiet_plies or quiet_plies > QUIET_LIMIT:
        raise RuleError(f"The positions seen must add up to at most one more than the plies "
                        f"without a capture ({quiet_plies}), which are at most {QUIET_LIMIT}.")


# --- the command-line position and the description -------------------------------------------

def _read_position(text: str, clock: bool = False) -> State:
    match = re.fullmatch(r"([BW.]{16}):([BW])(?::(\d{1,2}))?" if clock else
                         r"([BW.]{16}):([BW])", text)
    if not match:
        raise RuleError(f"A Four Field Kono position is the 16 points row by row (B, W or .), "
                        f"then ':' and the side to move, like {START}"
                        + (", then optionally ':' and the plies since the last capture (0 to "
                           f"{QUIET_LIMIT}), like {START}:12" if clock else "")
                        + f"; not {text!r}.")
    board = tuple(match[1])
    if max(board.count("B"), board.count("W")) > PIECES_EACH:
        raise RuleError(f"Each side has at most {PIECES_EACH} pieces, not so in {text!r}.")
    quiet = int(match[3]) if clock and match[3] is not None else 0
    if quiet > QUIET_LIMIT:
        raise RuleError(f"The plies since the last capture are 0 to {QUIET_LIMIT}, not {quiet}.")
    return State(board, match[2], (("".join(board) + ":" + match[2], 1),), quiet)


STANDARD = StartingPosition(START, _read_position)   # every game starts from START
new_desc, validate_desc, new_game = STANDARD.new_desc, STANDARD.validate_desc, STANDARD.new_game


def parse_position(text: str) -> State:
    """A game starting from the command-line position, e.g. "BBBBBBBBWWWWWWWW:B", or with its
    clock, "BBBBBBBBWWWWWWWW:B:12" (no clock: 0)."""
    return _read_position(text.strip(), clock=True)


def position_text(state: State) -> str:
    """The command-line position, with the clock when it is not 0."""
    return state.key + (f":{state.quiet_plies}" if state.quiet_plies else "")


# --- play -------------------------------------------------------------------------------------

def status(state: State) -> Status:
    if state.draw_agreed:
        return AGREED
    side, other = state.to_move, opponent(state.to_move)
    own, enemy = masks(state.board, side)
    for loser, pieces in ((side, own), (other, enemy)):
        if pieces.bit_count() < 2:
            return Status(Outcome.DECIDED, SIDES.index(opponent(loser)),
                          f"{NAMES[loser]} has fewer than two pieces left.", Termination.CAPTURED)
    if not mask_moves(own, enemy):
        return blocked(NAMES[side], SIDES.index(other))
    if state.repetitions >= REPETITION_LIMIT:
        return THIRD_TIME
    if state.quiet_plies >= QUIET_LIMIT:
        return Status(Outcome.DRAW, None, f"{QUIET_LIMIT} moves have passed without a capture.",
                      Termination.QUIET)
    return Status(Outcome.ONGOING)


def legal_moves(state: State) -> list[Move]:
    """The board moves of the side to move: never the agreed draw (rules_parts.AgreedDraw)."""
    if status(state).over:
        return []
    return sorted(Move(source, target)
                  for source, target in mask_moves(*masks(state.board, state.to_move)))


def apply_move(state: State, move: Move | AgreedDraw) -> State:
    result = status(state)
    if result.over:
        raise IllegalMove(f"The game is over. {result.reason}")
    if isinstance(move, AgreedDraw):
        return replace(state, draw_agreed=True)
    side = state.to_move
    own, enemy = masks(state.board, side)
    if (move.source, move.target) not in mask_moves(own, enemy):
        raise IllegalMove(_why_illegal(state, move))
    own, enemy, captured = play(own, enemy, move.source, move.target)
    board, next_side = board_of(own, enemy, side), opponent(side)
    key = "".join(board) + ":" + next_side
    counts = {} if captured else dict(state.seen)
    counts[key] = counts.get(key, 0) + 1
    return State(board, next_side, tuple(sorted(counts.items())),
                 0 if captured else state.earlier)


def _why_illegal(state: State, move: Move) -> str:
    name = NAMES[state.to_move]
    if state.board[move.source] != state.to_move:
        return f"There is no {name} piece on point {move.source}."
    if move.target in STEPS[move.source]:
        return f"Point {move.target} is not empty."
    if move.over is None:
        return (f"A piece steps to a neighbouring point or jumps two points in a straight "
                f"line; {move.source} to {move.target} is neither.")
    return (f"A capture jumps over your own piece onto an enemy piece: point {move.over} must "
            f"hold a {name} piece and point {move.target} an enemy one.")


def score(state: State) -> int:
    """Black's pieces minus White's."""
    return state.board.count("B") - state.board.count("W")


def current_player(state: State) -> int:
    return SIDES.index(state.to_move)


puzzle_json = position_json
solution_json = no_solution
