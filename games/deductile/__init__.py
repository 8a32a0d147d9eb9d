"""DeducTile Reasoning: order the tiles from the clues, against the clock."""
from games.core.kit.registry import register

INFO = register(__name__, title="DeducTile Reasoning", players=1,
                blurb="Order the tiles from the clues, against the clock")
