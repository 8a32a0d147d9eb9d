"""Nim (docs/RULES.md): heaps of counters; a move takes one or more counters from one heap.

Normal play (the default): the player who cannot move loses. Misere play: whoever takes the
last counter loses. Players are Left (0, who moves first) and Right (1).

Params: the start ("classic" 3-4-5, "1357" 1-3-5-7, "random" 3-5 heaps of 1-7, "custom" up to
8 heaps of up to 15) and the misere flag. The description is the starting heap sizes, "3,4,5".
Heaps keep their place when emptied, so a heap's index never changes during a game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from random import Random
from typing import Any

from games.core.kit.endings import blocked
from games.core.kit.rules_api import Fields, IllegalMove, Outcome, RuleError, Status, Termination

SIDES = ("Left", "Right")
MAX_HEAPS = 8
MAX_HEAP = 15

FIXED_STARTS = {"classic": (3, 4, 5), "1357": (1, 3, 5, 7)}
RANDOM_HEAPS, RANDOM_SIZES = (3, 5), (1, 7)      # "random": 3-5 heaps of 1-7
CUSTOM_HEAPS, CUSTOM_SIZES = (1, MAX_HEAPS), (1, MAX_HEAP)
STARTS = ("classic", "1357", "random", "custom")
START_TITLES = {"classic": "3-4-5", "1357": "1-3-5-7", "random": "Random", "custom": "Custom"}


@dataclass(frozen=True)
class Params(Fields):
    start: str = "classic"
    misere: bool = False

    def __post_init__(self) -> None:
        if self.start not in STARTS:
            raise RuleError(f"Unknown start {self.start!r}; choose one of {', '.join(STARTS)}.")


def parse_params(text: str) -> Params:
    return Params.parse(text)


def params_from_options(size: object = None, difficulty: object = None, variant: str | None = None,
                        colours: object = None) -> Params:
    """Nim's only option is the variant: a start name and/or "normal" / "misere", joined by
    '+', e.g. "1357+misere"."""
    for name, value in (("size", size), ("difficulty", difficulty), ("colours", colours)):
        if value is not None:
            raise RuleError(f"Nim has no {name} option; use --variant (a start and/or misere).")
    fields: dict[str, Any] = {}
    for word in variant.lower().split("+") if variant else ():
        if word in STARTS:
            fields["start"] = word
        elif word in ("normal", "misere"):
            fields["misere"] = word == "misere"
        else:
            raise RuleError(f"Unknown Nim variant {word!r}; use one of "
                            f"{', '.join(STARTS)}, normal, misere (joined by '+').")
    return Params(**fields)


def parse_heaps(text: str) -> tuple[int, ...]:
    """'3,4,5' -> (3, 4, 5): between 1 and 8 heaps of 0 to 15 counters."""
    if not re.fullmatch(r"\d{1,2}(,\d{1,2})*", text):
        raise RuleError(f"Heaps must be counts separated by commas, like 3,4,5; not {text!r}.")
    heaps = tuple(int(part) for part in text.split(","))
    check_heaps(heaps)
    return heaps


def heaps_text(heaps: tuple[int, ...]) -> str:
    return ",".join(map(str, heaps))


def check_heaps(heaps: tuple[int, ...], sizes: tuple[int, int] = (0, MAX_HEAP),
                count: tuple[int, int] = (1, MAX_HEAPS)) -> None:
    """RuleError unless there are count[0]..count[1] heaps, each of sizes[0]..sizes[1]."""
    if not count[0] <= len(heaps) <= count[1]:
        raise RuleError(f"There must be {count[0]} to {count[1]} heaps, not {len(heaps)}.")
    if not all(sizes[0] <= heap <= sizes[1] for heap in heaps):
        raise RuleError(f"Each heap must hold {sizes[0]} to {sizes[1]} counters.")


def new_desc(params: Params, rng: Random) -> str:
    """The starting heaps. For "custom" this is a random start in the custom range, which the
    player's own heaps replace (any desc that validate_desc accepts)."""
    if params.start in FIXED_STARTS:
        return heaps_text(FIXED_STARTS[params.start])
    count, sizes = ((RANDOM_HEAPS, RANDOM_SIZES) if params.start == "random"
                    else ((2, MAX_HEAPS), CUSTOM_SIZES))
    return heaps_text(tuple(rng.randint(*sizes) for _ in range(rng.randint(*count))))


def validate_desc(params: Params, desc: str) -> None:
    heaps = parse_heaps(desc)
    if params.start in FIXED_STARTS:
        if heaps != FIXED_STARTS[params.start]:
            raise RuleError(f"The {START_TITLES[params.start]} start has heaps "
                            f"{heaps_text(FIXED_STARTS[params.start])}, not {desc}.")
    elif params.start == "random":
        check_heaps(heaps, RANDOM_SIZES, RANDOM_HEAPS)
    else:
        check_heaps(heaps, CUSTOM_SIZES, CUSTOM_HEAPS)


@dataclass(frozen=True)
class State:
    heaps: tuple[int, ...]
    to_move: int = 0            # 0 = Left, 1 = Right
    misere: bool = False

    def __post_init__(self) -> None:
        check_heaps(self.heaps)
        if self.to_move not in (0, 1):
            raise RuleError(f"The side to move must be 0 (Left) or 1 (Right), not {self.to_move}.")

    def __str__(self) -> str:
        play = "misere" if self.misere else "normal"
        lines = [f"Nim, {play} play, {SIDES[self.to_move]} to move"]
        lines += [f"heap {index}: {heap:2d} {'o' * heap}".rstrip()
                  for index, heap in enumerate(self.heaps)]
        return "\n".join(lines)


def new_game(params: Params, desc: str) -> State:
    validate_desc(params, desc)
    return State(parse_heaps(desc), 0, params.misere)


_HEADER = re.compile(r"Nim, (normal|misere) play, (Left|Right) to move")
_HEAP_LINE = re.compile(r"heap (\d+): *(\d+)(?: (o+))?")


def from_text(text: str) -> State:
    """The State that str(state) drew."""
    lines = text.strip().splitlines()
    header = _HEADER.fullmatch(lines[0].strip()) if lines else None
    if not header:
        raise RuleError("A Nim diagram starts 'Nim, normal play, Left to move' "
                        "(or misere, or Right).")
    heaps = []
    for expected, line in enumerate(lines[1:]):
        match = _HEAP_LINE.fullmatch(line.strip())
        if not match or int(match[1]) != expected:
            raise RuleError(f"Expected a line 'heap {expected}: N ooo...', not {line!r}.")
        heap = int(match[2])
        if len(match[3] or "") != heap:
            drawn = len(match[3] or "")
            raise RuleError(f"Heap {expected} says {heap} but draws {drawn} counters.")
        heaps.append(heap)
    return State(tuple(heaps), SIDES.index(header[2]), header[1] == "misere")


def parse_position(text: str) -> State:
    """The command-line position (docs/DESIGN.md): '3,4,5', or '3,4,5:misere'; Left to move."""
    heaps, sep, play = text.strip().partition(":")
    if sep and play != "misere":
        raise RuleError(f"A Nim position is heaps like 3,4,5 optionally followed by ':misere'; "
                        f"not {text!r}.")
    return State(parse_heaps(heaps), 0, play == "misere")


def position_text(state: State) -> str:
    return heaps_text(state.heaps) + (":misere" if state.misere else "")


@dataclass(frozen=True)
class Move:
    heap: int       # index of the heap, from 0
    take: int       # counters taken, at least 1

    def encode(self) -> str:
        return f"{self.heap}:{self.take}"


def decode_move(text: str) -> Move:
    match = re.fullmatch(r"(\d{1,3}):(\d{1,3})", text)
    if not match:
        raise RuleError(f"A Nim move is 'heap:count', like 0:2; not {text!r}.")
    move = Move(int(match[1]), int(match[2]))
    if move.take < 1:
        raise RuleError("A Nim move takes at least one counter.")
    return move


def legal_moves(state: State) -> list[Move]:
    return [Move(index, take) for index, heap in enumerate(state.heaps)
            for take in range(1, heap + 1)]


def apply_move(state: State, move: Move) -> State:
    if not 0 <= move.heap < len(state.heaps):
        raise IllegalMove(f"There is no heap {move.heap}; "
                          f"the heaps are numbered 0 to {len(state.heaps) - 1}.")
    heap = state.heaps[move.heap]
    if move.take > heap:
        raise IllegalMove(f"Heap {move.heap} is empty." if heap == 0 else
                          f"Heap {move.heap} has only {heap}; you cannot take {move.take}.")
    heaps = state.heaps[:move.heap] + (heap - move.take,) + state.heaps[move.heap + 1:]
    return State(heaps, 1 - state.to_move, state.misere)


def status(state: State) -> Status:
    if any(state.heaps):
        return Status(Outcome.ONGOING)
    last = 1 - state.to_move      # took the last counter
    if state.misere:
        return Status(Outcome.DECIDED, state.to_move, f"{SIDES[last]} took the last counter.",
                      Termination.LAST_TAKEN)
    return blocked(SIDES[state.to_move], last)


def score(state: State) -> int:
    """Counters left on the table."""
    return sum(state.heaps)


def current_player(state: State) -> int:
    return state.to_move


def puzzle_json(params: Params, desc: str) -> dict[str, object]:
    return {"heaps": list(parse_heaps(desc)), "misere": params.misere}


def solution_json(params: Params, desc: str) -> None:
    """A two-player game has no single solution; `analyse` gives the perfect-play values."""
    return None
