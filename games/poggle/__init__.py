"""Poggle: Multi-colour Lights Out: bring every button to zero."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="poggle",
    title="Poggle",
    blurb="Multi-colour Lights Out: bring every button to zero",
    players=1,
    playable=False,  # True once scene.py plays a whole game with mouse, keyboard and gamepad
))
