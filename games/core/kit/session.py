"""The mid-end: one Session class gives every game undo, redo, restart, game IDs, save/resume,
move count, elapsed time and the record of the game (hints, penalties, a recorded result),
which no undo refunds. No pygame and no clock: the scene feeds elapsed time in.

History is a list of entries (state, move text that led to it). Moves enter encoded and are
decoded again before they are applied, so the save path is exercised on every move.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.core.kit import registry, saves
from games.core.kit.checks import Invalid
from games.core.kit.results import Result
from games.core.kit.rules_api import Encoded, RuleError, RulesModule, Status
from games.core.kit.saves import (
    MAX_ELAPSED,
    MAX_MOVES,
    RECORD_MAX,
    RESTART as RESTART,  # the history's marker, named here too
)

P = TypeVar("P", bound=Encoded)
S = TypeVar("S")
M = TypeVar("M", bound=Encoded)


@dataclass(frozen=True)
class Change(Generic[S, M]):
    """What one step did: enough for a scene to animate it (backwards when direction is -1)."""
    old: S
    new: S
    move: M | None      # the decoded Move, or None for a restart
    direction: int      # +1 forward (a move or redo), -1 undo


class Session(Generic[P, S, M]):
    """One game being played, generic in its game's Params, State and Move. A Session made
    from a key (Session.new, from_id, from_json) is a Session[Any, Any, Any]: the key is
    known only when the program runs."""

    def __init__(self, key: str, params: P, desc: str):
        self.key = key
        self.rules: RulesModule[P, S, M] = rules_of(key)
        self.params = params
        self.desc = desc
        self.entries: list[tuple[S, str | None]] = [(self.rules.new_game(params, desc), None)]
        self.position = 0
        self.elapsed = 0.0
        # When each entry was made (elapsed seconds; None where not known, as before a
        # resume): the history keeps them for a puzzle's replay.
        self.times: list[float | None] = [None]
        # What the player earned or spent (hints, penalties, help, a recorded result): kept
        # beside the history, so undo, redo, restart and resume never give any of it back.
        self.record: dict[str, int] = {}
        # The result entered when the game first ended: part of the record, never undone.
        self.result: Result | None = None
        self._status: tuple[S, Status] | None = None      # the last position's, and it

    # --- creation ------------------------------------------------------------------------
    @classmethod
    def new(cls, key: str, params: Any = None, seed: int | None = None) -> Session[Any, Any, Any]:
        rules = rules_of(key)
        params = params if params is not None else rules.params_from_options()
        desc = rules.new_desc(params, random.Random(seed))
        return cls(key, params, desc)

    @classmethod
    def from_id(cls, game_id: str) -> Session[Any, Any, Any]:
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
    def state(self) -> S:
        return self.entries[self.position][0]

    @property
    def initial(self) -> S:
        return self.entries[0][0]

    @property
    def status(self) -> Status:
        """The position's status, worked out once per position (a frame asks often)."""
        state = self.state
        if self._status is None or self._status[0] is not state:
            self._status = (state, self.rules.status(state))
        return self._status[1]

    @property
    def moves_made(self) -> int:
        """Moves on the path to the current position since the last restart."""
        count = 0
        for _, text in self.entries[1:self.position + 1]:
            count = 0 if text == RESTART else count + 1
        return count

    def last_move(self) -> M | None:
        text = self.entries[self.position][1]
        return None if text in (None, RESTART) else self.rules.decode_move(text)

    # --- changing it ---------------------------------------------------------------------
    def apply(self, move: M | str) -> Change[S, M]:
        """Apply a move (a Move or its text); IllegalMove/RuleError leave everything as it was."""
        text = move if isinstance(move, str) else move.encode()
        decoded = self.rules.decode_move(text)
        old = self.state
        new = self.rules.apply_move(old, decoded)
        if self.position >= MAX_MOVES:   # what a save keeps (and a resume replays)
            self._compact(force=True)
            if self.position >= MAX_MOVES:
                raise RuleError(f"This game has reached {MAX_MOVES:,} moves, the most "
                                "a save keeps: restart it or start a new game.")
        del self.entries[self.position + 1:]
        del self.times[self.position + 1:]
        self.entries.append((new, text))
        self.times.append(round(self.elapsed, 2))
        self.position += 1
        return Change(old, new, decoded, +1)

    def can_undo(self) -> bool:
        return self.position > 0

    def can_redo(self) -> bool:
        return self.position < len(self.entries) - 1

    def undo(self) -> Change[S, M] | None:
        if not self.can_undo():
            return None
        old, text = self.entries[self.position]
        self.position -= 1
        return Change(old, self.state, self._decoded(text), -1)

    def redo(self) -> Change[S, M] | None:
        if not self.can_redo():
            return None
        old = self.state
        self.position += 1
        new, text = self.entries[self.position]
        return Change(old, new, self._decoded(text), +1)

    def restart(self) -> Change[S, M] | None:
        if self.state == self.initial:
            return None
        old = self.state
        del self.entries[self.position + 1:]
        del self.times[self.position + 1:]
        self.entries.append((self.initial, RESTART))
        self.times.append(round(self.elapsed, 2))
        self.position += 1
        self._compact()
        return Change(old, self.initial, None, +1)

    # --- the record of the game --------------------------------------------------------
    def note(self, name: str, amount: int = 1) -> int:
        """Add to one of the record's counters (e.g. note("hints")); returns the new count."""
        self.record[name] = min(RECORD_MAX, self.count(name) + amount)
        return self.record[name]

    def count(self, name: str) -> int:
        return self.record.get(name, 0)

    def _decoded(self, text: str | None) -> M | None:
        return None if text in (None, RESTART) else self.rules.decode_move(text)

    # --- saving --------------------------------------------------------------------------
    def to_json(self) -> saves.Save:
        """What a save holds, within what from_json reads back (saves.read): apply and
        restart keep the history within MAX_MOVES; elapsed is capped here."""
        return {"version": saves.SAVE_VERSION, "game": self.key, "params": self.params.encode(),
                "desc": self.desc, "moves": [text for _, text in self.entries[1:]],
                "position": self.position,
                "elapsed": min(MAX_ELAPSED, max(0.0, round(self.elapsed, 3))),
                "record": dict(self.record),
                "result": self.result.to_json() if self.result else None}

    def _compact(self, force: bool = False) -> None:
        """Past MAX_MOVES entries: drop the redo branch, then the history before the last
        restart on the path (its position is the start again); undo then stops there."""
        if len(self.entries) - 1 <= MAX_MOVES and not force:
            return
        del self.entries[self.position + 1:]
        del self.times[self.position + 1:]
        restarts = [i for i in range(1, self.position + 1) if self.entries[i][1] == RESTART]
        if restarts:
            del self.entries[1:restarts[-1] + 1]
            del self.times[1:restarts[-1] + 1]
            self.position -= restarts[-1]

    @classmethod
    def from_json(cls, data: Any, key: str | None = None) -> Session[Any, Any, Any]:
        """Rebuild a saved session, checking everything and bringing an older save up to date
        (saves.read; with `key`, it must be a save of that game); GameError says what is
        wrong."""
        return cls.from_save(read_save(data, key))

    @classmethod
    def from_save(cls, save: saves.Save) -> Session[Any, Any, Any]:
        """Rebuild a session from a save already read by saves.read."""
        rules = rules_of(save["game"])
        params = rules.parse_params(save["params"])
        rules.validate_desc(params, save["desc"])
        session = cls(save["game"], params, save["desc"])
        for text in save["moves"]:
            if text == RESTART:
                session.entries.append((session.initial, RESTART))
            else:
                session.entries.append((rules.apply_move(session.entries[-1][0],
                                                         rules.decode_move(text)), text))
        session.times = [None] * len(session.entries)   # a save keeps no times
        session.position = save["position"]
        session.elapsed = float(save["elapsed"])
        session.record = dict(save["record"])
        session.result = Result.from_json(save["result"]) if save["result"] else None
        return session


def rules_of(key: str) -> RulesModule[Any, Any, Any]:
    """The game's rules module, as the contract the Session holds it to."""
    return registry.lookup(key).rules


def read_save(data: Any, key: str | None = None) -> saves.Save:
    """saves.read, with what is wrong as a RuleError (the errors of the rules contract)."""
    try:
        return saves.read(data, key)
    except Invalid as error:
        raise RuleError(f"not a Parlour save this build reads ({error})") from None


MAX_ID_LENGTH = 8000
SEED = re.compile(r"-?[0-9]{1,40}")   # ASCII digits only: '²' and '--5' are not seeds


def parse_game_id(game_id: str) -> tuple[str, Any, str | None, int | None]:
    """-> (key, params, desc or None, seed or None); RuleError with a clear message."""
    if not isinstance(game_id, str) or not game_id:
        raise RuleError("a game ID is GAME:PARAMS:DESC or GAME:PARAMS#SEED; it cannot be empty")
    if len(game_id) > MAX_ID_LENGTH:
        raise RuleError(f"a game ID is at most {MAX_ID_LENGTH} characters; "
                        f"this one has {len(game_id)}")
    shown = game_id if len(game_id) <= 60 else game_id[:57] + "..."
    if "#" in game_id:
        head, _, seed_text = game_id.partition("#")
        if not SEED.fullmatch(seed_text):
            raise RuleError(f"the seed in {shown!r} must be a whole number of at most 40 digits")
        seed = int(seed_text)
        key, _, params_text = head.partition(":")
        desc = None
    else:
        parts = game_id.split(":", 2)
        if len(parts) != 3:
            raise RuleError(f"a game ID is GAME:PARAMS:DESC or GAME:PARAMS#SEED, not {shown!r}")
        key, params_text, desc = parts
        seed = None
    try:
        rules = rules_of(key)
    except KeyError as error:
        raise RuleError(str(error.args[0])) from None
    params = rules.parse_params(params_text) if params_text else rules.params_from_options()
    if desc is not None:
        rules.validate_desc(params, desc)
    return key, params, desc, seed
