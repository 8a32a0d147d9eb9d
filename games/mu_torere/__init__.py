"""Mu Torere: the Maori blocking game on an eight-pointed star."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching, agreeing

if TYPE_CHECKING:
    from games.core.kit.rules_parts import AgreedDraw
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.mu_torere.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move | AgreedDraw]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.mu_torere import ai, info, rules
    versus = agreeing(("Black", "White"), ai, rules)
    return Parts(rules, info.DATA, computer=ai, versus=versus, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.mu_torere import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.mu_torere import diagram
    from sprites import mu_torere
    return Art(mu_torere, diagram)


def load_board() -> BoardMaker:
    from games.mu_torere.scene import MuTorereBoard
    return MuTorereBoard


def load_bench() -> Bench:
    from games.mu_torere import bench
    return Bench(bench.cases, bench.pose)


GAME: Game[Params, State, Move | AgreedDraw] = Game(
    key="mu_torere", title="Mu Torere", players=2,
    blurb="The Maori blocking game on an eight-pointed star",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench)
