"""Lamps: a row of lamps to switch off, the eighth game of docs/ARCHITECTURE.md (tests only)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Game, Parts

if TYPE_CHECKING:
    from games.core.screens.board import BoardMaker
    from games.core.screens.parts import Art
    from tests.tiny_game.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    from tests.tiny_game import ai, info, rules
    return Parts(rules, info.DATA, computer=ai)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from tests.tiny_game import sprites
    return Art(sprites)


def load_board() -> BoardMaker:
    from tests.tiny_game.scene import LampsBoard
    return LampsBoard


GAME: Game[Params, State, Move] = Game(
    key="tiny_game", title="Lamps", players=1,
    blurb="Switch every lamp off: a press flips a lamp and its neighbours",
    parts=load_parts, art=load_art, board=load_board,
    lower_is_better=True)   # fewer presses is better
