"""A game's art, as its declaration's art() loader gives it (games/core/kit/game.py): the
launcher's picture and the rules pictures' painter. (Its board is games/core/screens/board.py's.)"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame



class Sprites(Protocol):
    """A game's art module (sprites/<key>.py): the launcher card's picture."""

    def thumbnail(self, size: tuple[int, int], /) -> pygame.Surface: ...


class Diagram(Protocol):
    """The rules pictures' painter (games/<key>/diagram.py): a position painted small, with
    marks, and the move about to be made (`done`: made)."""
    ASPECT: float

    def paint(self, state: Any, size: tuple[int, int], marks: Sequence[Any] = (),
              move: Any = None, done: bool = False) -> pygame.Surface: ...


@dataclass(frozen=True)
class Art:
    sprites: Sprites
    diagram: Diagram | None = None
