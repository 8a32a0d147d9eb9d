"""DeducTile Reasoning: Order the tiles from the clues, against the clock."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="deductile",
    title="DeducTile Reasoning",
    blurb="Order the tiles from the clues, against the clock",
    players=1,
    playable=True,  # True once scene.py plays a whole game with mouse, keyboard and gamepad
))
