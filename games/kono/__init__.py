"""Four Field Kono: capture by jumping over a friend on a 4x4 board."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching, agreeing

if TYPE_CHECKING:
    from games.core.kit.rules_parts import AgreedDraw
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.kono.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move | AgreedDraw]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.kono import ai, info, rules
    versus = agreeing(info.SIDE_NAMES, ai, rules, preload=ai.preload)
    return Parts(rules, info.DATA, computer=ai, versus=versus, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.kono import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.kono import diagram
    from sprites import kono
    return Art(kono, diagram)


def load_board() -> BoardMaker:
    from games.kono.scene import KonoBoard
    return KonoBoard


def load_bench() -> Bench:
    from games.kono import bench
    return Bench(bench.cases, bench.pose)


GAME: Game[Params, State, Move | AgreedDraw] = Game(
    key="kono", title="Four Field Kono", players=2,
    blurb="Capture by jumping over a friend on a 4x4 board",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench)
