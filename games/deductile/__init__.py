"""DeducTile Reasoning: order the tiles from the clues, against the clock."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.deductile.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.deductile import ai, info, rules
    return Parts(rules, info.DATA, computer=ai, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.deductile import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.deductile import diagram
    from sprites import deductile
    return Art(deductile, diagram)


def load_board() -> BoardMaker:
    from games.deductile.scene import DeductileBoard
    return DeductileBoard


def load_bench() -> Bench:
    from games.deductile import bench
    return Bench(bench.cases, sample=bench.SAMPLE)


GAME: Game[Params, State, Move] = Game(
    key="deductile", title="DeducTile Reasoning", players=1,
    blurb="Order the tiles from the clues, against the clock",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench,
    daily="tiles=4,difficulty=hard", daily_words="4 tiles Hard", daily_score="time left")
