"""Four Field Kono: Capture by jumping over a friend on a 4x4 board."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="kono",
    title="Four Field Kono",
    blurb="Capture by jumping over a friend on a 4x4 board",
    players=2,
    playable=True,
))
