"""The rules screens' pictures as data: small diagrams of real positions beside the rules text.

A game declares them in games/<key>/rules_pictures.py as `PICTURES`, a tuple of Picture:

    anchor    the opening words of the rules paragraph the picture stands beside (RULES in
              the game's info.py is split into paragraphs at blank lines);
    position  a game ID, GAME:PARAMS:DESC (the game's own text form of a start);
    moves     the encoded moves played from it first, to reach the pictured position;
    change    an encoded move: the picture is then a pair, the position before it and after;
    marks     the board things that matter, in the game's own target vocabulary (the cells,
              points, heaps... its lesson highlights too);
    caption   a few words under the picture.

The game's painter, games/<key>/diagram.py, paints a position at a small size with the game's
own sprites: `paint(state, size, marks=(), move=None, done=False) -> pygame.Surface`. A
change paints its position before with the move drawn as about to happen, then the position
after with done=True (the same view, what the move did marked). The checker
(tests/test_rules_pictures.py) walks every picture: each position valid, each change a legal
move, each anchor one paragraph. Pure: no pygame, no I/O.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core.kit import registry
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session, parse_game_id


@dataclass(frozen=True)
class Picture:
    anchor: str
    position: str
    moves: tuple[str, ...] = ()
    change: str = ""
    marks: tuple[Any, ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class Shown:
    """A picture's positions: `before` (the only one when there is no change), and the move
    and the position after it when the picture is a change."""
    before: Any
    move: Any = None
    after: Any = None


def pictures_of(key: str) -> tuple[Picture, ...]:
    """The game's pictures, () when it declares none (found without importing a scene)."""
    return registry.lookup(key).parts().pictures()


def paragraphs(rules_text: str) -> list[str]:
    """The rules text's paragraphs, as the rules screen sets them (split at blank lines)."""
    return [" ".join(words.split()) for words in rules_text.strip().split("\n\n")]


def paragraph_of(texts: Sequence[str], picture: Picture) -> int:
    """The index of the one paragraph that opens with the picture's anchor; GameError when
    none or several do (the checker finds it first)."""
    found = [i for i, words in enumerate(texts) if words.startswith(picture.anchor)]
    if len(found) != 1:
        raise GameError(f"{len(found)} paragraphs open with {picture.anchor!r}")
    return found[0]


def shown(key: str, picture: Picture) -> Shown:
    """The positions a picture shows. GameError when its data is wrong: a game ID of another
    game or without a position, a move the rules refuse."""
    if parse_game_id(picture.position)[2] is None:
        raise GameError(f"a picture's position is a whole game ID: {picture.position}")
    session = Session.from_id(picture.position)
    if session.key != key:
        raise GameError(f"a {key} picture is set in {session.key}: {picture.position}")
    for move in picture.moves:
        session.apply(move)
    if not picture.change:
        return Shown(session.state)
    rules = session.rules
    move = rules.decode_move(picture.change)
    return Shown(session.state, move, rules.apply_move(session.state, move))
