"""Poggle: multi-colour Lights Out, make every button blank."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.poggle.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.poggle import info, rules
    return Parts(rules, info.DATA, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.poggle import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.poggle import diagram
    from sprites import poggle
    return Art(poggle, diagram)


def load_board() -> BoardMaker:
    from games.poggle.scene import PoggleBoard
    return PoggleBoard


def load_bench() -> Bench:
    from games.poggle import bench
    return Bench(bench.cases, bench.pose, bench.SAMPLE)


GAME: Game[Params, State, Move] = Game(
    key="poggle", title="Poggle", players=1,
    blurb="Multi-colour Lights Out: make every button blank",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench,
    lower_is_better=True, daily="size=6,colours=3",
    daily_words="6x6 with 3 colours", daily_score="par")
