"""DeducTile Reasoning: order the tiles so every clue holds, before the clock runs out.

Pure rules (docs/RULES.md, "DeducTile Reasoning"). The clock itself lives outside: the Session
counts elapsed time, and the scene shows time_left(elapsed, penalty). Penalties (wrong
guesses, hints) are not part of the position: the scene keeps them in the session's record,
where no undo refunds them. A wrong guess and a hint therefore change no State.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.core.kit.rules_api import Fields, IllegalMove, Outcome, RuleError, Status
from games.deductile import clues as cluebook, grader, notes as notebook
from games.deductile.clues import COLOURS, SHAPES, Arrangement, Clue

Tile = tuple[int, int]      # (shape, colour)

TIME_LIMIT = 180      # seconds on the clock at the start
PENALTY = 5           # seconds lost per wrong guess or hint
DIFFICULTIES = ("easy", "normal", "hard", "expert")    # grader.LEVELS defines them


@dataclass(frozen=True)
class Params(Fields):
    tiles: int = 4
    difficulty: str = "normal"


def check_params(params: Params) -> Params:
    if params.difficulty not in DIFFICULTIES:
        raise RuleError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    allowed = (5, 6) if params.difficulty == "expert" else (4,)
    if params.tiles not in allowed:
        raise RuleError(f"{params.difficulty} games have {' or '.join(map(str, allowed))} tiles")
    return params


def parse_params(text: str) -> Params:
    return check_params(Params.parse(text))


def params_from_options(size: int | None = None, difficulty: str | None = None,
                        variant: str | None = None, colours: int | None = None) -> Params:
    if variant is not None or colours is not None:
        raise RuleError("DeducTile takes --size and --difficulty only")
    if difficulty is None:
        difficulty = "expert" if size in (5, 6) else "normal"
    if size is None:
        size = 5 if difficulty == "expert" else 4
    return check_params(Params(tiles=size, difficulty=difficulty))


# --- state and moves ---------------------------------------------------------------------

@dataclass(frozen=True)
class State:
    arrangement: Arrangement    # ((shape, colour), ...) top to bottom
    solution: Arrangement
    clues: tuple[Clue, ...]
    struck: tuple[bool, ...]    # per clue: crossed out by the player
    outcome: Outcome = Outcome.ONGOING  # ongoing / won / lost
    notes: tuple[int, ...] = ()  # the player's notes grid (notes.py); () while all empty

    @property
    def tiles(self) -> int:
        return len(self.arrangement)

    def __str__(self) -> str:
        lines = [f"DeducTile, {self.tiles} tiles, {self.outcome}"]
        for position, (shape, colour) in enumerate(self.arrangement):
            lines.append(f"  {position + 1}. {COLOURS[colour]} {SHAPES[shape]}")
        for clue, struck in zip(self.clues, self.struck):
            lines.append(f"  [{'x' if struck else ' '}] {clue.text(self.tiles)}")
        fields = [encode_arrangement(self.arrangement), encode_arrangement(self.solution),
                  ".".join(c.encode() for c in self.clues) or "-",
                  "".join("1" if s else "0" for s in self.struck) or "-", self.outcome]
        lines.append("code " + " ".join(fields + ([notebook.encode(self.notes)]
                                                  if self.notes else [])))
        return "\n".join(lines)


SWAP, SWAP_COLOURS, GUESS, HINT, STRIKE, TIME_UP, NOTE = "s", "c", "g", "h", "x", "t", "n"
# HINT is no move any more (a hint is noted in the record); saves from earlier builds still
# hold it, so it is read and changes nothing, like a wrong guess.


@dataclass(frozen=True)
class Move:
    kind: str
    a: int = -1   # tile (swaps), clue (strike) or the notes' cell (note)
    b: int = -1   # the other tile (swaps) or the cell's new mark (note)

    def encode(self) -> str:
        if self.kind in (SWAP, SWAP_COLOURS, NOTE):
            return f"{self.kind}{self.a}-{self.b}"
        if self.kind == STRIKE:
            return f"x{self.a}"
        return self.kind


def decode_move(text: str) -> Move:
    if text in (GUESS, HINT, TIME_UP):
        return Move(text)
    head, body = text[:1], text[1:]
    try:
        if head in (SWAP, SWAP_COLOURS, NOTE):
            a, b = body.split("-")
            if a.isdigit() and b.isdigit():    # ASCII digits only, no signs
                return Move(head, int(a), int(b))
        if head == STRIKE and body.isdigit():
            return Move(STRIKE, int(body))
    except ValueError:
        pass
    raise RuleError(f"cannot read the move {text!r}")


def encode_arrangement(arrangement: Sequence[Tile]) -> str:
    return "".join("ABCDEF"[s] + "abcdef"[c] for s, c in arrangement)


def decode_arrangement(text: str, tiles: int | None = None) -> Arrangement:
    if len(text) % 2 or not text:
        raise RuleError(f"bad arrangement {text!r}")
    try:
        tiles_found = tuple(("ABCDEF".index(text[i]), "abcdef".index(text[i + 1]))
                            for i in range(0, len(text), 2))
    except ValueError:
        raise RuleError(f"bad arrangement {text!r}") from None
    count = len(tiles_found)
    if (tiles is not None and count != tiles) or count not in (4, 5, 6):
        raise RuleError(f"an arrangement of {count} tiles does not fit this game")
    if sorted(s for s, _ in tiles_found) != list(range(count)) or \
            sorted(c for _, c in tiles_found) != list(range(count)):
        raise RuleError("every shape and every colour must be used exactly once")
    return tiles_found


# --- descriptions -------------------------------------------------------------------------

def new_desc(params: Params, rng: random.Random) -> str:
    tiles = params.tiles
    shapes, colours = list(range(tiles)), list(range(tiles))
    rng.shuffle(shapes)
    rng.shuffle(colours)
    solution = tuple(zip(shapes, colours))
    clues = grader.generate_clues(solution, params.difficulty, rng)
    start = solution
    while start == solution:
        shapes, colours = list(range(tiles)), list(range(tiles))
        rng.shuffle(shapes)
        rng.shuffle(colours)
        start = tuple(zip(shapes, colours))
    return encode_arrangement(start) + "-" + ".".join(c.encode() for c in clues)


def _read_desc(params: Params, desc: str) -> tuple[Arrangement, tuple[Clue, ...]]:
    start_text, sep, clue_text = desc.partition("-")
    if not sep or not clue_text:
        raise RuleError("a DeducTile description is START-CLUE.CLUE...")
    start = decode_arrangement(start_text, params.tiles)
    try:
        clues = tuple(cluebook.decode_clue(code, params.tiles) for code in clue_text.split("."))
    except ValueError as error:
        raise RuleError(str(error)) from None
    return start, clues


def _puzzle(params: Params, desc: str) -> tuple[Arrangement, tuple[Clue, ...], Arrangement]:
    """The start, the clues and the one arrangement they allow; RuleError if not one, or if
    the start is it."""
    start, clues = _read_desc(params, desc)
    solution = cluebook.solve(clues, params.tiles)
    if solution is None:
        left = cluebook.solutions_left(clues, params.tiles)
        raise RuleError(f"these clues allow {left} arrangements, not exactly one")
    if solution == start:
        raise RuleError("the starting arrangement is already the solution")
    return start, clues, solution


def validate_desc(params: Params, desc: str) -> None:
    _puzzle(params, desc)


def new_game(params: Params, desc: str) -> State:
    start, clues, solution = _puzzle(params, desc)
    return State(start, solution, clues, (False,) * len(clues))


def from_text(text: str) -> State:
    for line in text.splitlines():
        if line.startswith("code "):
            try:
                fields = line.split()[1:]
                if len(fields) == 7:   # from earlier builds, with the penalties counted
                    del fields[4:6]
                arr, sol, codes, struck, outcome, *marks = fields
                tiles = len(arr) // 2
                if len(marks) > 1:
                    raise ValueError("too many fields")
                noted = notebook.decode(marks[0], tiles) if marks else ()
                clues = () if codes == "-" else tuple(
                    cluebook.decode_clue(code, tiles) for code in codes.split("."))
                struck_flags = () if struck == "-" else tuple(ch == "1" for ch in struck)
                if len(struck_flags) != len(clues) or outcome not in (Outcome.ONGOING,
                                                                      Outcome.WON, Outcome.LOST):
                    raise ValueError("inconsistent state")
                return State(decode_arrangement(arr), decode_arrangement(sol, tiles), clues,
                             struck_flags, Outcome(outcome), noted)
            except ValueError as error:
                raise RuleError(f"bad DeducTile state: {error}") from None
    raise RuleError("no 'code' line in this DeducTile state")


# --- play -----------------------------------------------------------------------------------

def legal_moves(state: State) -> list[Move]:
    if state.outcome != Outcome.ONGOING:
        return []
    n = state.tiles
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    return ([Move(SWAP, i, j) for i, j in pairs] + [Move(SWAP_COLOURS, i, j) for i, j in pairs]
            + [Move(STRIKE, k) for k in range(len(state.clues))]
            + [Move(NOTE, index, mark) for index in notebook.cells(n)
               for mark in notebook.MARKS if mark != notebook.mark_of(state.notes, index)]
            + [Move(GUESS), Move(TIME_UP)])


def swapped(arrangement: Sequence[Tile], i: int, j: int, colours_only: bool) -> Arrangement:
    tiles = list(arrangement)
    if colours_only:
        (si, ci), (sj, cj) = tiles[i], tiles[j]
        tiles[i], tiles[j] = (si, cj), (sj, ci)
    else:
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


def apply_move(state: State, move: Move) -> State:
    if state.outcome != Outcome.ONGOING:
        raise IllegalMove("the game is over")
    kind = move.kind
    if kind in (SWAP, SWAP_COLOURS):
        if not (0 <= move.a < state.tiles and 0 <= move.b < state.tiles) or move.a == move.b:
            raise IllegalMove(f"tiles {move.a} and {move.b} cannot be swapped")
        return replace(state, arrangement=swapped(state.arrangement, move.a, move.b,
                                                  kind == SWAP_COLOURS))
    if kind == STRIKE:
        if not 0 <= move.a < len(state.clues):
            raise IllegalMove(f"there is no clue {move.a}")
        struck = list(state.struck)
        struck[move.a] = not struck[move.a]
        return replace(state, struck=tuple(struck))
    if kind == NOTE:
        if not notebook.in_game(state.tiles, move.a) or move.b not in notebook.MARKS:
            raise IllegalMove(f"there is no note {move.a} to mark {move.b}")
        if notebook.mark_of(state.notes, move.a) == move.b:
            raise IllegalMove("that note is already marked so")
        return replace(state, notes=notebook.marked(state.notes, move.a, move.b))
    if kind == GUESS:
        return replace(state, outcome=Outcome.WON) if guess_is_right(state) else state
    if kind == HINT:
        return state
    if kind == TIME_UP:
        return replace(state, outcome=Outcome.LOST)
    raise IllegalMove(f"unknown move {move.encode()!r}")


def guess_is_right(state: State) -> bool:
    return state.arrangement == state.solution


def broken_clues(state: State) -> tuple[int, ...]:
    """Indices of the clues the current arrangement breaks (what a hint reveals)."""
    return tuple(k for k, clue in enumerate(state.clues) if not clue.holds(state.arrangement))


def status(state: State) -> Status:
    if state.outcome == Outcome.WON:
        return Status(Outcome.WON, reason="Every clue holds: solved!")
    if state.outcome == Outcome.LOST:
        return Status(Outcome.LOST, reason="Time is up.")
    return Status(Outcome.ONGOING)


def score(state: State) -> int:
    """The clock's budget in seconds; the scene subtracts the elapsed time and penalties."""
    return TIME_LIMIT


def time_left(elapsed: float, penalty_seconds: float = 0) -> float:
    """Seconds left on the clock after `elapsed` seconds of play and the penalties taken."""
    return max(0.0, TIME_LIMIT - elapsed - penalty_seconds)


def current_player(state: State) -> None:
    return None


def puzzle_json(params: Params, desc: str) -> dict[str, object]:
    _, clues = _read_desc(params, desc)
    return {"tiles": params.tiles, "clues": [c.text(params.tiles) for c in clues]}


def solution_json(params: Params, desc: str) -> list[dict[str, str]]:
    _, _, solution = _puzzle(params, desc)
    return [{"shape": SHAPES[s], "colour": COLOURS[c]} for s, c in solution]
