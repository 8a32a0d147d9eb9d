"""Nim: Heaps, nimbers and the XOR that wins."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="nim",
    title="Nim",
    blurb="Heaps, nimbers and the XOR that wins",
    players=2,
    playable=True,   # True once scene.py plays a whole game with mouse, keyboard and gamepad
))
