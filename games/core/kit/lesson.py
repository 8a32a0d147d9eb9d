"""Lessons as data: a game teaches itself in a few short steps on real positions.

A game's lesson lives beside its rules, in games/<key>/lesson.py, as `LESSON = Lesson(...)`:
pure data, no pygame. Each Step is

    position    a game ID, GAME:PARAMS:DESC (the game's own text form of a start), and
    moves       the encoded moves played from it first, to reach the step's position;
    say         one or two lines of text;
    highlights  the board things that matter, in the game's own target vocabulary (the
                cells, points, heaps... its view finds under the pointer);
    goal        the encoded moves that reach the step, or
    reached     a condition over the position after the move (then `show` names one);
    miss        what a legal move that misses the goal is told;
    wrong       a try the rules refuse, and why (their own words), for the step's
                explanation of a wrong try: the checker holds the rules to those words;
    praise      what reaching it is told;
    options     the play options the game's scene opens with (Nim's teaching view, say).

`judge` is the one gate: the lesson player asks it of every move the player makes, the
checker (tests/test_lessons.py) of every legal move and of each step's wrong try. A rules
refusal is said in the rules' words; a legal move off the goal in the step's `miss`.
Pure: no pygame, no I/O.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from games.core.kit import registry
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session

MOST_STEPS = 10


@dataclass(frozen=True)
class Step:
    say: str
    position: str
    goal: frozenset[str] = frozenset()
    reached: Callable[[Any], bool] | None = None
    show: str = ""
    moves: tuple[str, ...] = ()
    highlights: tuple[Any, ...] = ()
    miss: str = "Not this time: try the move the lesson asks for."
    wrong: tuple[str, str] | None = None
    praise: str = "Well done."
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if (not self.goal) == (self.reached is None):
            raise ValueError(f"a step has a goal of moves or a condition, not both or "
                             f"neither: {self.say!r}")
        if self.reached is not None and not self.show:
            raise ValueError(f"a step with a condition names the move Show-me plays: "
                             f"{self.say!r}")

    @property
    def shown_move(self) -> str:
        """The move Show-me plays: the one named, else the first of the goal."""
        return self.show or min(self.goal)


@dataclass(frozen=True)
class Lesson:
    key: str
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not 1 <= len(self.steps) <= MOST_STEPS:
            raise ValueError(f"a lesson has 1 to {MOST_STEPS} steps, not {len(self.steps)}")


class Verdict(Enum):
    GOAL = "goal"          # the step is done
    MISS = "miss"          # legal, but not what the step asks
    ILLEGAL = "illegal"    # the rules refuse it


def has_lesson(key: str) -> bool:
    """Whether the game has a lesson (the setup screen asks)."""
    return registry.lookup(key).parts().lesson() is not None


def lesson_done(settings: dict[str, Any], key: str) -> bool:
    """Whether the player has played the game's lesson to its end (kept in the settings)."""
    done = settings.get("lessons")
    return isinstance(done, dict) and done.get(key) is True


def session_for(key: str, step: Step) -> Session[Any, Any, Any]:
    """A Session standing at the step's position: its game ID, then its moves. GameError
    when the lesson's data is wrong (the checker finds it first)."""
    session = Session.from_id(step.position)
    if session.key != key:
        raise GameError(f"a {key} lesson's step is set in {session.key}: {step.position}")
    for move in step.moves:
        session.apply(move)
    return session


def judge(rules: Any, step: Step, state: Any, move: Any) -> tuple[Verdict, str]:
    """What the lesson says to `move` (a Move or its text) at `state`: the goal (the step's
    praise), a miss (its `miss`), or a move the rules refuse (their words)."""
    text = move if isinstance(move, str) else move.encode()
    try:
        after = rules.apply_move(state, rules.decode_move(text))
    except GameError as error:
        return Verdict.ILLEGAL, str(error)
    if text in step.goal or (step.reached is not None and step.reached(after)):
        return Verdict.GOAL, step.praise
    return Verdict.MISS, step.miss
