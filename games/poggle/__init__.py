"""Poggle: multi-colour Lights Out, make every button blank."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import Bench, Game, Parts

if TYPE_CHECKING:
    from games.core.screens.parts import Art, Screen
    from games.poggle.rules import Move, Params, State


def load_parts() -> Parts[Params, State, Move]:
    """The pure side: imported for the setup and rules screens, never the launcher."""
    from games.poggle import info, lesson, rules, rules_pictures
    return Parts(rules, info.DATA,
                 lesson=lesson.LESSON, pictures=rules_pictures.PICTURES)


def load_art() -> Art:
    from games.core.screens.parts import Art
    from games.poggle import diagram
    from sprites import poggle as sprites
    return Art(sprites, diagram)


def load_screen() -> Screen:
    from games.core.screens.parts import Screen
    from games.poggle import scene
    return Screen(scene.SCENE)


def load_bench() -> Bench:
    from games.poggle import bench
    return Bench(bench.cases, bench.pose, bench.SAMPLE)


GAME: Game[Params, State, Move] = Game(
    key="poggle", title="Poggle", players=1,
    blurb="Multi-colour Lights Out: make every button blank",
    parts=load_parts, art=load_art, screen=load_screen, bench=load_bench,
    lower_is_better=True, daily="size=6,colours=3")
