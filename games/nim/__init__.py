"""Nim: heaps, nimbers and the XOR that wins."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts, Teaching, Versus

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from games.nim.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.nim import ai, info, rules
    versus = Versus(rules.SIDES, ai, rules)
    return Parts(rules, info.DATA, computer=ai, versus=versus, teaching=load_teaching)


def load_teaching() -> Teaching:
    """The lesson and the rules screen's pictures: imported when shown, never to play."""
    from games.nim import lesson, rules_pictures
    return Teaching(lesson.LESSON, rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.nim import diagram
    from sprites import nim
    return Art(nim, diagram)


def load_board() -> BoardMaker:
    from games.nim.scene import NimBoard
    return NimBoard


def load_bench() -> Bench:
    from games.nim import bench
    return Bench(bench.cases, bench.pose)


GAME: Game[Params, State, Move] = Game(
    key="nim", title="Nim", players=2,
    blurb="Heaps, nimbers and the XOR that wins",
    parts=load_parts, art=load_art, board=load_board, bench=load_bench)
