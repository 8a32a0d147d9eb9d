"""Poggle's setup options, rules text and best-results heading (pure data: no pygame)."""
from games.core.kit.actions import Binding, Command
from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.saves import counters_to_record
from games.poggle import rules

SIZE_CHOICES = tuple((n, f"{n} x {n}") for n in rules.PRESET_SIZES) + tuple(
    (n, f"{n} x {n} (large)") for n in range(max(rules.PRESET_SIZES) + 1, rules.MAX_SIZE + 1))
OPTIONS = [
    Option("size", "Board", SIZE_CHOICES, rules.Params().size),
    Option("colours", "Colours", ((2, "2 (classic Lights Out)"), (3, "3"), (4, "4"), (5, "5")),
           rules.Params().colours),
]

ALTERNATE = None     # a press has no other way
COMMANDS = (Binding(Command.SOLVE, "Solve", plays=True),)

RULES = """
Poggle is a board of square buttons. Each button shows a colour, and every colour also shows \
its number as dots, like a die: a blank button has no dots, one dot is colour 1, two dots \
colour 2, and so on.

Pressing a button moves it one step along the colour cycle, and the buttons directly above, \
below, left and right of it move one step too (diagonals do not). After the last colour comes \
blank again: with 3 colours the cycle is blank, 1, 2, blank...

Your goal: make every button blank. Every board is dealt by pressing buttons on a blank board, \
so every deal can be solved.

The order of your presses does not matter, only how many times you press each button. Par is \
the fewest presses that clear the deal; the presses counter shows how you are doing against \
it. Your best results for each board size and number of colours are kept, counted in presses \
over par (games finished with help are not entered).

Stuck? Hint (H, or Y on a gamepad) lights up one press of a fewest-press solution from where \
you are now. Solve (S, or the Solve button) asks once, then lets the computer press the rest, \
one press at a time; press any key or click to stop it, and undo takes its presses back one by \
one. Both count as help and are shown on the result: a game in which Solve was used is not a \
best result.

With 2 colours this is the classic Lights Out. More colours make it harder: a press no longer \
undoes itself, so you need to think about how many times to press each button.
"""


def setting_words(params: rules.Params) -> str:
    """A setting as every screen names it (best results, history, statistics, the result,
    the panel): '6 x 6, 3 colours'."""
    return f"{params.size} x {params.size}, {params.colours} colours"


# Version 1 kept Solve in the play options.
MIGRATIONS = {1: counters_to_record({"solve": "solved"})}


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "solved"))

# What the screens around the game read (games/core/kit/game.py).
DATA = GameData(rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE,
                migrations=MIGRATIONS, setting_words=setting_words, tour=TOUR)
