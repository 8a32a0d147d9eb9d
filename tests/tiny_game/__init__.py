"""Lamps: a row of lamps to switch off, the eighth game of docs/ARCHITECTURE.md (tests only)."""
from games.core.kit.registry import register

INFO = register(__name__, title="Lamps", players=1, sprites=f"{__name__}.sprites",
                lower_is_better=True,   # fewer presses is better
                blurb="Switch every lamp off: a press flips a lamp and its neighbours")
