"""Ishido: Place 72 stones by matching colour or symbol."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="ishido",
    title="Ishido",
    blurb="Place 72 stones by matching colour or symbol",
    players=1,
    playable=True,
))
