"""Poggle: Multi-colour Lights Out: bring every button to zero."""
from games.core.registry import GameInfo, register

INFO = register(GameInfo(
    key="poggle",
    title="Poggle",
    blurb="Multi-colour Lights Out: bring every button to zero",
    players=1,
    playable=True,
))
