"""Calcoolation: KenKen: a Latin square with arithmetic cages."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="kenken",
    title="Calcoolation",
    blurb="KenKen: a Latin square with arithmetic cages",
    players=1,
    playable=True,
))
