"""Four Field Kono: capture by jumping over a friend on a 4x4 board."""
from games.core.kit.registry import register

INFO = register(__name__, title="Four Field Kono", players=2,
                blurb="Capture by jumping over a friend on a 4x4 board")
