"""The contract every pure rules module follows, and the small types they share.

A rules module (games/<game>/rules.py) is pure: no pygame, no I/O, no clock, no global RNG.
It provides:

    Params                      frozen dataclass subclassing Fields (below): Params.encode()
                                -> 'key=value,...' (no ':' or '#'), Params.parse(text)
    parse_params(text)          -> Params, RuleError on bad text
    params_from_options(**opts) -> Params from CLI flags (size, difficulty, variant, colours),
                                   None values mean "default"; RuleError for a bad value
    new_desc(params, rng)       -> str; the only place randomness enters (rng: random.Random)
    validate_desc(params, desc) -> None, RuleError with a clear message when desc is bad
    new_game(params, desc)      -> State
    Move                        frozen dataclass; Move.encode() -> str
    decode_move(text)           -> Move, RuleError on bad text
    legal_moves(state)          -> list[Move]  (empty exactly when status(state).over)
    apply_move(state, move)     -> State, never mutates; IllegalMove if not allowed
    status(state)               -> Status
    score(state)                -> int (what the HUD shows)
    current_player(state)       -> 0 or 1 for two-player games, None otherwise
    from_text(text)             -> State; str(state) gives text that from_text reads back
    puzzle_json(params, desc)   -> dict for `generate` ("puzzle" key)
    solution_json(params, desc) -> JSON value or None (for `generate` and `solve`)

Two-player games also provide parse_position(text) / position_text(state) in the
command-line format (docs/DESIGN.md, "The command line"). Games with a computer player have
ai.py with choose_move(state, rng, level) and, for two-player games, analyse(state) -> dict.

RulesModule is that contract as a Protocol: the Session and the commands hold a game's rules
module as one, and the conformance tests check every game's module against it.
"""
from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, Self, TypeVar, runtime_checkable


class GameError(ValueError):
    """Base of every error a rules module raises on bad input."""


class RuleError(GameError):
    """Text that cannot be read: a malformed move, parameter string, description or position."""


class IllegalMove(GameError):
    """A well-formed move that the rules do not allow in this state."""


class Outcome(StrEnum):
    """How a game stands. A one-player game ends WON or LOST (the player's result); a
    two-player game ends DECIDED (one side won: Status.winner says which) or DRAW."""
    ONGOING = "ongoing"
    WON = "won"
    LOST = "lost"
    DECIDED = "decided"
    DRAW = "draw"


class Termination(StrEnum):
    """How a game ended, for scenes to word it (they never parse the reason text)."""
    NONE = ""                      # still going, or a puzzle's plain ending
    BLOCKED = "blocked"            # the player to move has no legal move
    REPETITION = "repetition"      # the same position came round too often
    MOVE_LIMIT = "move_limit"      # the game's length limit was reached
    QUIET = "quiet"                # too many moves without a capture
    AGREED = "agreed"              # the players agreed a draw
    CAPTURED = "captured"          # a side has too few pieces left
    LAST_TAKEN = "last_taken"      # Nim (misère): the player to move did not take the last counter


@dataclass(frozen=True)
class Status:
    outcome: Outcome = Outcome.ONGOING
    winner: int | None = None   # DECIDED: the side that won, 0 (moves first) or 1; else None
    reason: str = ""            # a short human sentence, e.g. "White cannot move"
    # How it ended. Implied by the other fields, so it takes no part in comparing statuses.
    termination: Termination = field(default=Termination.NONE, compare=False)

    def __post_init__(self) -> None:
        if (self.outcome == Outcome.DECIDED) != (self.winner in (0, 1)):
            raise ValueError(f"a {self.outcome} game has no winner {self.winner!r}: only a "
                             "decided two-player game names its winner (0 or 1)")

    @property
    def over(self) -> bool:
        return self.outcome != Outcome.ONGOING


def parse_fields(text: str, known: dict[str, type]) -> dict[str, Any]:
    """Read 'key=value,key=value' into a dict of typed values (a bool is written 0 or 1);
    RuleError on anything unknown."""
    fields: dict[str, Any] = {}
    if not text:
        return fields
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or key not in known:
            raise RuleError(f"unknown parameter {part!r} (expected one of {', '.join(known)})")
        try:
            fields[key] = _read_bool(value) if known[key] is bool else known[key](value)
        except ValueError:
            raise RuleError(f"bad value {value!r} for parameter {key!r}") from None
    return fields


def encode_fields(**fields: object) -> str:
    """The inverse of parse_fields: 'key=value,...' in the order given."""
    return ",".join(f"{key}={int(value) if isinstance(value, bool) else value}"
                    for key, value in fields.items())


def _read_bool(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(text)
    return text == "1"


_OMITTED_AT_DEFAULT = "omitted at default"
T = TypeVar("T")


def omit_default(default: T) -> T:
    """A Params field that its text leaves out while it has this default value (a flag that is
    off, Mu Torere's usual first side), so the text of the usual choice stays short."""
    return field(default=default, metadata={_OMITTED_AT_DEFAULT: True})


class Fields:
    """A game's Params (a frozen dataclass that subclasses this) as 'key=value,...' text: its
    fields in their declared order, each an int, str or bool (written 0 or 1), those declared
    with omit_default left out at their default. Game IDs, saves and the history hold this
    text, so a field's name, place and type are part of the format."""

    def encode(self) -> str:
        values = {part.name: getattr(self, part.name) for part in _params_fields(type(self))
                  if not (part.metadata.get(_OMITTED_AT_DEFAULT)
                          and getattr(self, part.name) == part.default)}
        return encode_fields(**values)

    @classmethod
    def parse(cls, text: str) -> Self:
        """The Params that `text` writes (its fields' defaults for what it leaves out);
        RuleError for an unknown field or a bad value, or what the Params itself refuses."""
        return cls(**parse_fields(text, _field_types(cls)))


def _params_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} subclasses Fields but is not a dataclass")
    return dataclasses.fields(cls)


_FIELD_TYPES: dict[type, dict[str, type]] = {}


def _field_types(cls: type) -> dict[str, type]:
    """Each field's type (the annotations are text under `from __future__ import annotations`),
    read once a class."""
    if cls in _FIELD_TYPES:
        return _FIELD_TYPES[cls]
    hints = typing.get_type_hints(cls)
    types = {part.name: hints[part.name] for part in _params_fields(cls)}
    for name, kind in types.items():
        if kind not in (int, str, bool):
            raise TypeError(f"{cls.__qualname__}.{name} is a {kind}: Params text holds "
                            "int, str and bool fields only")
    return types


class Encoded(Protocol):
    """A game's Params or Move: a frozen value with a short text form."""

    def encode(self) -> str: ...


P = TypeVar("P", bound=Encoded)
S = TypeVar("S")
M = TypeVar("M", bound=Encoded)


@runtime_checkable
class RulesModule(Protocol[P, S, M]):
    """A game's rules module (games/<key>/rules.py), as the Session and the commands use it,
    generic in its own Params, State and Move."""

    def parse_params(self, text: str, /) -> P: ...

    def params_from_options(self, *, size: Any = None, difficulty: Any = None,
                            variant: str | None = None, colours: Any = None) -> P: ...

    def new_desc(self, params: P, rng: random.Random, /) -> str: ...

    def validate_desc(self, params: P, desc: str, /) -> None: ...

    def new_game(self, params: P, desc: str, /) -> S: ...

    def decode_move(self, text: str, /) -> M: ...

    def legal_moves(self, state: S, /) -> Sequence[M]: ...

    def apply_move(self, state: S, move: M, /) -> S: ...

    def status(self, state: S, /) -> Status: ...

    def score(self, state: S, /) -> Any: ...

    def current_player(self, state: S, /) -> int | None: ...

    def from_text(self, text: str, /) -> S: ...

    def puzzle_json(self, params: P, desc: str, /) -> Any: ...

    def solution_json(self, params: P, desc: str, /) -> Any: ...
