"""Mu Torere: The Maori blocking game on an eight-pointed star."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="mu_torere",
    title="Mu Torere",
    blurb="The Maori blocking game on an eight-pointed star",
    players=2,
    playable=True,   # True once scene.py plays a whole game with mouse, keyboard and gamepad
))
