"""Ishido: place 72 stones by matching colour or symbol."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.ishido.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.ishido import ai, info, rules
    return Parts(rules, info.DATA, computer=ai, teaching=load_teaching,
                 move_json=rules.move_json)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.ishido import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.ishido import diagram
    from sprites import ishido
    return Art(ishido, diagram)


def load_board() -> BoardMaker:
    from games.ishido.scene import IshidoBoard
    return IshidoBoard


def load_bench() -> Bench:
    from games.ishido import bench
    return Bench(bench.cases, bench.pose, bench.SAMPLE)


GAME: Game[Params, State, Move] = Game(
    key="ishido", title="Ishido", players=1,
    blurb="Place 72 stones by matching colour or symbol",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench,
    daily="rule=standard", daily_words="Standard rules")
