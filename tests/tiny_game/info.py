"""Lamps' setup options and rules text (pure data: no pygame)."""
from games.core.kit.game import GameData
from games.core.kit.options import Option

OPTIONS = [Option("size", "Lamps", ((3, "3"), (5, "5"), (7, "7"), (9, "9")), 5)]

RULES = """
A row of lamps, some lit. Pressing a lamp switches it and its neighbours on either side: lit \
ones go out, dark ones light up. Switch every lamp off in as few presses as you can.

Mouse: click a lamp. Keyboard or gamepad: move along the row with the arrows or d-pad, press \
Enter or A. The hint (H or Y) lights the cursor on a press of a shortest solution.
"""

DATA = GameData(rules_text=RULES, options=OPTIONS)
