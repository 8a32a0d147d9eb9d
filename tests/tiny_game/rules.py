"""Lamps (one-dimensional Lights Out), the rules contract of games/core/kit/rules_api.py in
miniature. Pure: no pygame, no I/O, no clock, no global RNG.

Params  length N (3..9). desc: the lamps as '0' (dark) and '1' (lit), e.g. "01101".
State   params, lamps, presses so far. Move: a press on lamp i (from 0), written "i".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

from games.core.kit.rules_api import Fields, IllegalMove, Outcome, RuleError, Status

LENGTHS = range(3, 10)


@dataclass(frozen=True)
class Params(Fields):
    length: int = 5

    def __post_init__(self):
        if self.length not in LENGTHS:
            raise RuleError(f"Lamps has 3 to 9 lamps, not {self.length}.")


def parse_params(text: str) -> Params:
    return Params.parse(text)


def params_from_options(size=None, difficulty=None, variant=None, colours=None) -> Params:
    if difficulty is not None or variant is not None or colours is not None:
        raise RuleError("Lamps has only a size: the number of lamps.")
    return Params() if size is None else Params(int(size))


@dataclass(frozen=True)
class State:
    params: Params
    lamps: tuple[int, ...]
    presses: int = 0

    def __str__(self) -> str:
        return f"Lamps {''.join(map(str, self.lamps))}, presses {self.presses}"


@dataclass(frozen=True)
class Move:
    lamp: int

    def encode(self) -> str:
        return str(self.lamp)


def decode_move(text: str) -> Move:
    if not re.fullmatch(r"[0-8]", text):
        raise RuleError(f"A Lamps move is the number of a lamp, 0 to 8; not {text!r}.")
    return Move(int(text))


def pressed(lamps: tuple[int, ...], lamp: int) -> tuple[int, ...]:
    return tuple(1 - on if abs(k - lamp) <= 1 else on for k, on in enumerate(lamps))


def new_desc(params: Params, rng) -> str:
    """Presses on a dark row, so every deal can be switched off; never already dark."""
    lamps = (0,) * params.length
    for lamp in range(params.length):
        if rng.random() < 0.5:
            lamps = pressed(lamps, lamp)
    return "".join(map(str, lamps if any(lamps) else pressed(lamps, 0)))


def validate_desc(params: Params, desc: str) -> None:
    if not re.fullmatch(rf"[01]{{{params.length}}}", desc):
        raise RuleError(f"A Lamps deal is {params.length} of 0 and 1, not {desc!r}.")


def new_game(params: Params, desc: str) -> State:
    validate_desc(params, desc)
    return State(params, tuple(map(int, desc)))


def status(state: State) -> Status:
    return Status(Outcome.ONGOING) if any(state.lamps) else Status(Outcome.WON, None,
                                                                   "Every lamp is off.")


def legal_moves(state: State) -> list[Move]:
    return [] if status(state).over else [Move(k) for k in range(state.params.length)]


def apply_move(state: State, move: Move) -> State:
    if status(state).over:
        raise IllegalMove("Every lamp is already off.")
    if not 0 <= move.lamp < state.params.length:
        raise IllegalMove(f"There is no lamp {move.lamp} in a row of {state.params.length}.")
    return State(state.params, pressed(state.lamps, move.lamp), state.presses + 1)


def score(state: State) -> int:
    return state.presses


def current_player(state: State) -> None:
    return None


def from_text(text: str) -> State:
    match = re.fullmatch(r"Lamps ([01]{3,9}), presses (\d{1,6})", text.strip())
    if not match:
        raise RuleError("A Lamps position reads like 'Lamps 01101, presses 2'.")
    return State(Params(len(match[1])), tuple(map(int, match[1])), int(match[2]))


def solution(lamps: tuple[int, ...]) -> tuple[int, ...] | None:
    """The fewest presses (0 or 1 per lamp) that switch every lamp off, or None."""
    plans = (plan for plan in product((0, 1), repeat=len(lamps)))
    best = None
    for plan in plans:
        row = lamps
        for lamp, press in enumerate(plan):
            row = pressed(row, lamp) if press else row
        if not any(row) and (best is None or sum(plan) < sum(best)):
            best = plan
    return best


def puzzle_json(params: Params, desc: str) -> dict:
    return {"lamps": desc}


def solution_json(params: Params, desc: str) -> list[int]:
    plan = solution(new_game(params, desc).lamps)
    if plan is None:
        raise RuleError("These lamps cannot all be switched off.")
    return list(plan)
