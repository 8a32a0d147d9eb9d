"""The mid-end: one Session class gives every game undo, redo, restart, game IDs, save/resume,
move count, elapsed time and the record of the game (hints, penalties, a recorded result),
which no undo refunds. No pygame and no clock: the scene feeds elapsed time in.

History is a list of entries (state, move text that led to it). Moves enter encoded and are
decoded again before they are applied, so the save path is exercised on every move.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from games.core import registry
from games.core.rules_api import GameError, RuleError

RESTART = "restart"   # the history marker for a restart, which is itself undoable
SAVE_VERSION = 1
RECORD_MAX = 10**9    # a record counter never grows past this
RECORD_LETTERS = set("abcdefghijklmnopqrstuvwxyz_")


@dataclass(frozen=True)
class Change:
    """What one step did: enough for a scene to animate it (backwards when direction is -1)."""
    old: object
    new: object
    move: object        # the decoded Move, or None for a restart
    direction: int      # +1 forward (a move or redo), -1 undo


class Session:
    def __init__(self, key: str, params, desc: str):
        self.key = key
        self.rules = registry.module(key)
        self.params = params
        self.desc = desc
        self.entries: list[tuple[object, str | None]] = [(self.rules.new_game(params, desc), None)]
        self.position = 0
        self.elapsed = 0.0
        # What the player earned or spent (hints, penalties, help, a recorded result): kept
        # beside the history, so undo, redo, restart and resume never give any of it back.
        self.record: dict[str, int] = {}

    # --- creation ------------------------------------------------------------------------
    @classmethod
    def new(cls, key: str, params=None, seed: int | None = None) -> "Session":
        rules = registry.module(key)
        params = params if params is not None else rules.params_from_options()
        desc = rules.new_desc(params, random.Random(seed))
        return cls(key, params, desc)

    @classmethod
    def from_id(cls, game_id: str) -> "Session":
        """GAME:PARAMS:DESC reproduces a game; GAME:PARAMS#SEED regenerates one."""
        key, params, desc, seed = parse_game_id(game_id)
        if desc is None:
            return cls.new(key, params, seed)
        return cls(key, params, desc)

    @property
    def game_id(self) -> str:
        return f"{self.key}:{self.params.encode()}:{self.desc}"

    # --- the current position ------------------------------------------------------------
    @property
    def state(self):
        return self.entries[self.position][0]

    @property
    def initial(self):
        return self.entries[0][0]

    @property
    def status(self):
        return self.rules.status(self.state)

    @property
    def moves_made(self) -> int:
        """Moves on the path to the current position since the last restart."""
        count = 0
        for _, text in self.entries[1:self.position + 1]:
            count = 0 if text == RESTART else count + 1
        return count

    def last_move(self):
        text = self.entries[self.position][1]
        return None if text in (None, RESTART) else self.rules.decode_move(text)

    # --- changing it ---------------------------------------------------------------------
    def apply(self, move) -> Change:
        """Apply a move (a Move or its text); IllegalMove/RuleError leave everything as it was."""
        text = move if isinstance(move, str) else move.encode()
        decoded = self.rules.decode_move(text)
        old = self.state
        new = self.rules.apply_move(old, decoded)
        del self.entries[self.position + 1:]
        self.entries.append((new, text))
        self.position += 1
        return Change(old, new, decoded, +1)

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.entries) - 1

    def undo(self) -> Change | None:
        if not self.can_undo():
            return None
        old, text = self.entries[self.position]
        self.position -= 1
        return Change(old, self.state, self._decoded(text), -1)

    def redo(self) -> Change | None:
        if not self.can_redo():
            return None
        old = self.state
        self.position += 1
        new, text = self.entries[self.position]
        return Change(old, new, self._decoded(text), +1)

    def restart(self) -> Change | None:
        if self.state == self.initial:
            return None
        old = self.state
        del self.entries[self.position + 1:]
        self.entries.append((self.initial, RESTART))
        self.position += 1
        return Change(old, self.initial, None, +1)

    # --- the record of the game --------------------------------------------------------
    def note(self, name: str, amount: int = 1) -> int:
        """Add to one of the record's counters (e.g. note("hints")); returns the new count."""
        self.record[name] = min(RECORD_MAX, self.count(name) + amount)
        return self.record[name]

    def count(self, name: str) -> int:
        return self.record.get(name, 0)

    def _decoded(self, text):
        return None if text in (None, RESTART) else self.rules.decode_move(text)

    # --- saving --------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "game": self.key, "params": self.params.encode(),
                "desc": self.desc, "moves": [text for _, text in self.entries[1:]],
                "position": self.position, "elapsed": round(self.elapsed, 3),
                "record": dict(self.record)}

    @classmethod
    def from_json(cls, data) -> "Session":
        """Rebuild a saved session, checking everything; GameError says what is wrong."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise RuleError("not a Parlour save of a version this build reads")
        try:
            key, params_text, desc = data["game"], data["params"], data["desc"]
            moves, position, elapsed = data["moves"], data["position"], data["elapsed"]
        except KeyError as missing:
            raise RuleError(f"the save has no {missing}") from None
        if not (isinstance(moves, list) and all(isinstance(m, str) for m in moves)
                and isinstance(position, int) and 0 <= position <= len(moves)
                and isinstance(elapsed, (int, float)) and 0 <= elapsed < 10**7
                and isinstance(key, str) and isinstance(params_text, str)
                and isinstance(desc, str)):
            raise RuleError("the save's fields have the wrong types or values")
        try:
            rules = registry.module(key)
        except KeyError as error:
            raise RuleError(str(error.args[0])) from None
        params = rules.parse_params(params_text)
        rules.validate_desc(params, desc)
        session = cls(key, params, desc)
        for text in moves:
            if text == RESTART:
                session.entries.append((session.initial, RESTART))
            else:
                session.entries.append((rules.apply_move(session.entries[-1][0],
                                                         rules.decode_move(text)), text))
        session.position = position
        session.elapsed = float(elapsed)
        session.record = check_record(data.get("record", {}))
        return session


def check_record(record) -> dict:
    """A saved record: at most 32 short lower-case names, each a whole number 0..10**9."""
    if not (isinstance(record, dict) and len(record) <= 32 and all(
            isinstance(name, str) and 0 < len(name) <= 32 and set(name) <= RECORD_LETTERS
            and isinstance(value, int) and not isinstance(value, bool)
            and 0 <= value <= RECORD_MAX for name, value in record.items())):
        raise RuleError("the save's record of hints and penalties is not valid")
    return dict(record)


def parse_game_id(game_id: str):
    """-> (key, params, desc or None, seed or None); RuleError with a clear message."""
    if "#" in game_id:
        head, _, seed_text = game_id.partition("#")
        if not seed_text.lstrip("-").isdigit():
            raise RuleError(f"the seed in {game_id!r} must be a whole number")
        seed = int(seed_text)
        key, _, params_text = head.partition(":")
        desc = None
    else:
        parts = game_id.split(":", 2)
        if len(parts) != 3:
            raise RuleError(f"a game ID is GAME:PARAMS:DESC or GAME:PARAMS#SEED, not {game_id!r}")
        key, params_text, desc = parts
        seed = None
    try:
        rules = registry.module(key)
    except KeyError as error:
        raise RuleError(str(error.args[0])) from None
    params = rules.parse_params(params_text) if params_text else rules.params_from_options()
    if desc is not None:
        rules.validate_desc(params, desc)
    return key, params, desc, seed


def params_dict(params) -> dict:
    return asdict(params)


__all__ = ["Session", "Change", "parse_game_id", "GameError", "RESTART"]
