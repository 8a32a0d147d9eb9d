"""Calcoolation: KenKen: a Latin square with arithmetic cages."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="kenken",
    title="Calcoolation",
    blurb="KenKen: a Latin square with arithmetic cages",
    players=1,
    playable=False,  # True once scene.py plays a whole game with mouse, keyboard and gamepad
))
