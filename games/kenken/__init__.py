"""Calcoolation: KenKen, a Latin square with arithmetic cages."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.kenken.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.kenken import info, rules
    return Parts(rules, info.DATA, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.kenken import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.kenken import diagram
    from sprites import kenken
    return Art(kenken, diagram)


def load_board() -> BoardMaker:
    from games.kenken.scene import KenkenBoard
    return KenkenBoard


def load_bench() -> Bench:
    from games.kenken import bench
    return Bench(bench.cases, bench.pose, bench.SAMPLE)


GAME: Game[Params, State, Move] = Game(
    key="kenken", title="Calcoolation", players=1,
    blurb="KenKen: a Latin square with arithmetic cages",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench,
    lower_is_better=True, daily="size=6,difficulty=hard",
    daily_words="6x6 Hard", daily_score="time")
