"""Ishido's setup options, rules text and best-scores heading (pure data: no pygame)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.saves import counters_to_record

if TYPE_CHECKING:
    from games.ishido.rules import Params

OPTIONS = [
    Option("variant", "Rule set", (("standard", "Standard"), ("original", "Original (1990)")),
           "standard"),
    Option("oracle", "The Oracle (original rules)", ((True, "Ask a question"), (False, "Off")),
           True, target="play"),
    Option("assist", "Mark legal squares", ((False, "Off"), (True, "On (counts as help)")),
           False, target="play"),
]

ALTERNATE = "mark every square where the stone may go, or stop marking (counts as help)"
ALTERNATE_BUTTON = "Assist"     # the alternate action has a toolbar button too
COMMANDS = ()

RULES = """
Ishido is a quiet game of placing stones. There are 72 stones: six colours (blue, cyan, green, \
yellow, red, purple) and six symbols (sun, mountain, diamond, star, cross, moon), two of each \
stone. Six of them start on the board, on the four corners and two middle squares, showing \
every colour and every symbol once. The rest wait in the pouch, and you place them one at a \
time: the next stone is shown beside the board.

A stone must go on an empty square next to at least one stone (above, below, left or right; \
corners do not count).

Standard rules (the default): the stone must match each of its neighbours, by colour or by \
symbol. It scores 1, 2, 4 or 8 points for 1, 2, 3 or 4 neighbours.

Original rules (Accolade, 1990) are stricter. Next to one stone: match its colour or its \
symbol. Next to two: match one by colour and the other by symbol. Next to three: two by one \
and the third by the other. Next to four: two by colour and two by symbol. Squares on the \
outer ring score nothing; inner squares score 1, 2, 4 or 8, doubled once for each 4-way made \
earlier. Each 4-way also earns a bonus: 25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, \
25000, then 50000. If the game ends with 0, 1 or 2 stones unplaced you earn 1000, 500 or 100 \
more.

A 4-way is a stone placed with all four neighbours filled: the big moment of the game. The \
HUD counts them. Leave holes that the stones still to come could fill.

The game ends when the pouch is empty (every stone placed: a win) or when the next stone fits \
nowhere. The end screen shows how your score was made, and the best scores are kept for each \
rule set.

The Oracle (original rules): before the game you may ask a question, typed on the keyboard, \
spelled with the on-screen letters, or chosen from a few ready-made ones. Each 4-way reveals \
one more passage of its answer.

Placing: drag the stone from its slot onto a square (or click the square). With the keyboard \
or a gamepad, move the cursor, press Enter or A to pick the stone up, carry it to a square \
and press again to put it down; Esc or B puts it back. Tab or the triggers jump to the next \
open square. Hint (H or Y) shows one good square. Assist (X, the right button, or the Assist \
button) marks every square where the stone may go; hints and the assist are noted on your \
score as help.
"""


def setting_words(params: Params) -> str:
    """A setting as every screen names it (best results, history, statistics): 'Standard
    rules'."""
    return f"{params.rule.capitalize()} rules"


# Version 1 kept the legal-square assist in the play options.
MIGRATIONS = {1: counters_to_record({"assist_used": "assist"})}


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "lost"), ("held",), "ishido:rule=standard#1",
               (("question", {"variant": "original", "oracle": True}),))

# What the screens around the game read (games/core/kit/game.py).
DATA = GameData(rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE,
                alternate_button=ALTERNATE_BUTTON, migrations=MIGRATIONS,
                setting_words=setting_words, tour=TOUR)
