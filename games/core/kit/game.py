"""A game, declared once. Each games/<key>/__init__.py says

    GAME: Game[Params, State, Move] = Game(
        key=..., title=..., players=..., blurb=...,
        parts=load_parts, art=load_art, board=load_board, bench=load_bench)

with loaders: functions that import the game's parts when first asked for (each once), so
the launcher's first frame imports none of them, and whose return types make mypy check every
game's modules against the contracts here (a rules module against RulesModule, its computer
against Computer...). The registry (registry.py) holds these objects; nothing else finds a
game's part by its name. Game.parts(), art(), board() and bench() give:

    parts()   Parts: the pure side (rules, the screens' data, computer player, lesson,
              pictures): what the setup, rules and statistics screens and the command line use
    art()     Art: its sprites (the launcher's picture) and the rules pictures' painter
    board()   its Board's class: what the frame holds to play it (screens/board.py)
    bench()   Bench (optional): its figures for `python main.py bench`, its scene's costliest
              everyday look, and plausible results for a made-up history

Art and BoardMaker are the screens layer's types (games/core/screens/parts.py, board.py),
named here only for the type checker: this module imports nothing of pygame.

The records a game declares are NamedTuples, Game alone a dataclass (it wraps its loaders):
every first frame defines them, and a NamedTuple costs a tenth of a frozen dataclass's 0.6 ms.
"""
from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:     # types only: the launcher's first frame imports none of these
    from games.core.kit.actions import Binding
    from games.core.kit.lesson import Lesson
    from games.core.kit.levels import Grade
    from games.core.kit.options import Option
    from games.core.kit.pictures import Picture
    from games.core.kit.prefs import Pref
    from games.core.kit.rules_api import Encoded, RulesModule
    from games.core.kit.rules_parts import AgreedDraw
    from games.core.kit.saves import Migration
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art

P = TypeVar("P", bound="Encoded")
S = TypeVar("S")
M = TypeVar("M", bound="Encoded")
S_in = TypeVar("S_in", contravariant=True)
M_out = TypeVar("M_out", bound="Encoded", covariant=True)
# How a daily puzzle's score reads in its shared result (games/core/data/share.py): a solving
# time, the time left on a countdown, presses over par, or points.
DailyScore = Literal["time", "time left", "par", "points"]
NOTHING: Mapping[Any, Any] = MappingProxyType({})


class TourPlan(NamedTuple):
    """What the screen tour (`python main.py tour`) shows of a game beyond its setup, rules,
    lesson, pause and statistics: the endings it plays to (won, lost, drawn, solved: the first
    is also looked back at), its moments of play beyond a hint (a piece held, Calcoolation's
    pad, Nim's teaching view, the options overlay), a game ID its scripted player wins (else a
    new game's), and the starts that show a screen of their own (a name and setup choices)."""
    results: tuple[str, ...] = ("won",)
    moments: tuple[str, ...] = ()
    won_id: str = ""
    starts: tuple[tuple[str, Mapping[str, object]], ...] = ()


class GameData(NamedTuple, Generic[P]):
    """What the screens around a game read (games/<key>/info.py's DATA): the rules text, the
    setup options, the alternate action and the game's commands (the key table: docs/DESIGN.md,
    "Keys"), its preferences and the values older builds kept, its saves' migrations, and a puzzle's
    setting in its words, as every screen names it ('6 x 6, Hard, hidden operators')."""
    rules_text: str
    options: Sequence[Option]
    commands: tuple[Binding, ...] = ()
    alternate: str | None = None          # what X and the right button do, or nothing
    alternate_button: str | None = None   # the alternate action's toolbar button, if any
    prefs: tuple[Pref, ...] = ()
    legacy_prefs: Mapping[str, str] = NOTHING
    migrations: Mapping[int, Migration] = NOTHING
    setting_words: Callable[[P], str] | None = None
    # The options worded from the settings (Mu Torere names the sides by their colours).
    named_options: Callable[[dict[str, Any]], Sequence[Option]] | None = None
    tour: TourPlan = TourPlan()

    def options_for(self, settings: dict[str, Any]) -> Sequence[Option]:
        """The setup options as the player reads them with these settings."""
        return self.named_options(settings) if self.named_options else self.options


class Computer(Protocol[S_in, M_out]):
    """A computer player (games/<key>/ai.py): the scripted player of the demo, selfplay and,
    in a two-player game, the opponent. `level` is None for its best play."""

    def choose_move(self, state: S_in, rng: random.Random, level: Any = None,
                    /) -> M_out | None: ...


class Analysis(Protocol[S_in, M_out]):
    """A two-player game's perfect play (its ai.py): the computer's move at a level, every
    move graded (best first), a position's value, the command line's analysis, and the chance
    that a level plays its best move (games/core/kit/levels.py)."""

    def choose_move(self, state: S_in, rng: random.Random, level: int | str | None = None,
                    /) -> M_out: ...

    def graded_moves(self, state: S_in, /) -> list[Grade]: ...

    def evaluate(self, state: S_in, /) -> tuple[str, int | None]: ...

    def analyse(self, state: S_in, /) -> dict[str, Any]: ...

    def level_chance(self, level: int | str | None, /) -> int: ...


class Positions(Protocol[S]):
    """A two-player game's positions in the command line's text (its rules.py)."""

    def parse_position(self, text: str, /) -> S: ...

    def position_text(self, state: S, /) -> str: ...


class Versus(NamedTuple, Generic[S, M]):
    """What a two-player game adds: its sides' names, perfect play, its positions as text,
    and where the game can be drawn by agreement, the move that records it and the computer's
    answer to an offer. `preload` starts its computer's slow start (a table to read), run off
    the loop after the first frame."""
    sides: tuple[str, str]
    analysis: Analysis[S, M]
    positions: Positions[S]
    draw_move: M | None = None
    accepts_draw: Callable[[S, int], bool] | None = None   # (position, the computer's side)
    preload: Callable[[], None] | None = None


class Agreeing(Analysis[S_in, M_out], Protocol[S_in, M_out]):
    """The perfect play of a game that may be drawn by agreement: it also answers an offer
    (the position, the computer's side)."""

    def accepts_draw(self, state: S_in, side: int, /) -> bool: ...


def agreeing(sides: tuple[str, str], analysis: Agreeing[S, M], positions: Positions[S],
             preload: Callable[[], None] | None = None) -> Versus[S, M | AgreedDraw]:
    """The Versus of a game the players may agree to draw: its rules accept the shared
    AgreedDraw move (rules_parts.py), which records it, and its computer answers offers."""
    from games.core.kit.rules_parts import AGREED_DRAW
    return Versus(sides, analysis, positions, draw_move=AGREED_DRAW,
                  accepts_draw=analysis.accepts_draw, preload=preload)


class Teaching(NamedTuple):
    """A game's lesson and its rules screen's pictures (as its teaching loader gives them)."""
    lesson: Lesson | None = None
    pictures: tuple[Picture, ...] = ()          # the rules screen's diagrams


class Parts(NamedTuple, Generic[P, S, M]):
    """A game's pure side, as parts() returns it. Its teaching (the lesson and the rules
    pictures) is named by a loader of its own: imported when shown, never to play."""
    rules: RulesModule[P, S, M]
    data: GameData[P]
    computer: Computer[S, M] | None = None      # the scripted player (and the hint of some)
    versus: Versus[S, M] | None = None          # two-player games
    teaching: Callable[[], Teaching] | None = None
    move_json: Callable[[S, M], Any] | None = None   # selfplay's move (else its text)

    def taught(self) -> Teaching:
        return self.teaching() if self.teaching is not None else Teaching()

    def lesson(self) -> Lesson | None:
        return self.taught().lesson

    def pictures(self) -> tuple[Picture, ...]:
        return self.taught().pictures


class Sample(NamedTuple):
    """Plausible finished games of a one-player game for a made-up history (the bench's
    10,000 games, tools/fill_history.py): the parameters it is played at, and a result
    (outcome, score, detail, ranked, duration, record) drawn from a random generator."""
    params: tuple[str, ...]
    result: Callable[[random.Random], dict[str, Any]]


class Bench(NamedTuple):
    """A game's part of `python main.py bench` (games/<key>/bench.py): its cases (dicts of
    name, count, run(i), target...), the pose that puts its scene in its costliest everyday
    look (None: measured as it opens), and its made-up history (one-player games)."""
    cases: Callable[[], list[dict[str, Any]]]
    pose: Callable[[Any], None] | None = None
    sample: Sample | None = None


@dataclass(frozen=True, eq=False, repr=False)   # a game is equal only to itself
class Game(Generic[P, S, M]):
    key: str                  # in game IDs, saves, the history and on the command line
    title: str
    blurb: str                # one line for the launcher card
    players: int              # 1 or 2
    parts: Callable[[], Parts[P, S, M]]     # each loader runs once: its answer is kept
    art: Callable[[], Art]
    board: Callable[[], BoardMaker]
    bench: Callable[[], Bench] | None = None
    lower_is_better: bool = False   # its best scores are its smallest (a time, presses)
    daily: str = ""                 # the daily puzzle's parameters (encoded); "" for none
    daily_words: str = ""           # ... in a few words, as its result is shared: "6x6 Hard"
    daily_score: DailyScore = "points"    # ... and how its score reads there
    playable: bool = True           # only a game whose scene plays a whole game is launched

    def __repr__(self) -> str:
        return f"Game({self.key!r})"

    @property
    def package(self) -> str:
        """The package that declares it (its folder holds its modules)."""
        return self.parts.__module__

    def __post_init__(self) -> None:
        if self.players not in (1, 2):
            raise ValueError(f"{self.key}: a game has 1 or 2 players, not {self.players!r}")
        object.__setattr__(self, "parts", functools.cache(self.parts))
        object.__setattr__(self, "art", functools.cache(self.art))
        object.__setattr__(self, "board", functools.cache(self.board))
        if self.bench is not None:
            object.__setattr__(self, "bench", functools.cache(self.bench))

    @property
    def rules(self) -> RulesModule[P, S, M]:
        return self.parts().rules

    @property
    def data(self) -> GameData[P]:
        return self.parts().data
