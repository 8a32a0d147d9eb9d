"""Calcoolation's setup options, rules text and best-times heading (pure data: no pygame)."""
from games.core.kit.actions import Binding, Command
from games.core.kit.checks import Boolean
from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.prefs import Pref
from games.core.kit.saves import counters_to_record
from games.kenken import rules

OPTIONS = [
    Option("size", "Grid", tuple((n, f"{n} x {n}") for n in rules.SIZES), rules.Params().size),
    Option("difficulty", "Difficulty",
           (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard (4 x 4 and up)"),
            ("extreme", "Extreme (4 x 4 and up)")), rules.Params().difficulty),
    Option("variant", "Cages",
           (("standard", "+ \u2212 \u00d7 \u00f7"), ("multiplication", "Multiplication only"),
            ("hidden", "Hidden operators")), "standard"),
]

BESIDE = "the button beside the grid (move right off the grid)"
ALTERNATE = "write pencil marks (candidates) instead of digits, and back"
COMMANDS = (
    Binding(Command.CANDIDATES, "Fill candidates", toolbar=False, plays=True, where=BESIDE),
    Binding(Command.AUTOCLEAR, "Auto-clear", toolbar=False, plays=True, where=BESIDE),
    Binding(Command.SOLVE, "Solve", toolbar=False, plays=True, where=BESIDE),
    Binding(Command.HELPER, "Cage helper (counts as help)", toolbar=False, plays=True,
            where=BESIDE),
)

RULES = """
Fill the grid so that every row and every column holds each digit once: 1 to 4 on a 4 x 4 \
grid, 1 to 9 on a 9 x 9 grid.

Thick lines split the grid into cages. The small clue in a cage's top-left corner is a target \
and an operator: the cage's digits must make the target with that operator. 7+ means the \
digits add up to 7; 12\u00d7 means they multiply to 12. Subtraction (2\u2212) and division \
(3\u00f7) cages have two cells: the larger digit minus, or divided by, the smaller one. A cage \
with a single cell shows just its number: write it in. A digit may repeat inside a cage, as \
long as it is not twice in one row or column.

Every puzzle has exactly one solution, and you can always reach it by reasoning, never by \
guessing. Easy puzzles need only the simplest steps; Normal ones make you look at which \
digits each cell of a cage can take; Hard ones need cages and rows to work together and pairs \
of cells that share two digits; Extreme ones need chains of "if this, then that".

Pen and pencil: in pen mode you write a digit; in pencil mode you note candidates, the digits \
a cell might still hold. Fill candidates pencils every digit not yet used in each cell's row \
and column. With Auto-clear on, writing a digit also rubs it out of the candidates in its row \
and column. Undo takes back any of these in one step.

Mouse: click a cell and a number pad opens beside it: choose Pen or Pencil at its top, then a \
digit (right-click a digit to use the other mode). Right-click a cell to open the pad in \
pencil mode. Keyboard: arrows move, the digit keys write (0 or Backspace clears), X \
switches pen and pencil, Enter opens the pad, Tab goes to the next empty cell. Gamepad: the \
d-pad moves, A opens a number wheel around the cell (turn it with the d-pad or triggers, A \
writes, B closes), X switches pen and pencil, the triggers go to the next empty cell. Move \
right off the grid to reach the panel's buttons.

Highlight: the grid marks every cell holding the digit under the cursor, or the digit \
chosen on the panel's Highlight row (choose it again to go back to the cursor's); a pencilled \
candidate of that digit is marked too. Highlighting shows only what is written: it counts as \
no help. The cage helper (K, or its button beside the grid) lists the combinations of digits \
the cursor's cage can still take, as your digits and candidates allow (a cell without \
candidates allows every digit not yet in its row or column). It works out what you have not: \
it counts as help, is noted on your result and beside your time, and undo does not take that \
back.

Mistakes (a digit twice in a row or column, or a full cage that misses its target) turn red \
as they happen; the Settings screen can turn this off. Hint (H, or Y) shows the next step a \
person could take, names it and marks it on the grid, or shows which cell is wrong. Solve \
asks once, then the computer writes the solution cell by cell (any key or click stops it; \
undo takes its digits back one by one).

Options: Multiplication only (every cage multiplies) and Hidden operators (the clues show \
only the target: work out which operator fits; they are shown once the grid is solved). Your \
best times are kept for each size, difficulty and option; a game in which Solve was used is \
not entered.
"""


def size_words(params: rules.Params) -> str:
    """'6 x 6, Hard': the grid and its difficulty."""
    return f"{params.size} x {params.size}, {params.difficulty.title()}"


def setting_words(params: rules.Params) -> str:
    """A setting as every screen names it (best results, history, statistics, the result):
    '6 x 6, Hard, hidden operators'."""
    if params.multiplication_only:
        return size_words(params) + ", multiplication only"
    return size_words(params) + (", hidden operators" if params.hidden_operators else "")


# Auto-clear (a written digit rubs itself out of its row's and column's candidates).
PREFS = (Pref("autoclear", True, Boolean()),)
LEGACY_PREFS = {"autoclear": "kenken_autoclear"}
# Version 1 kept Solve in the play options.
MIGRATIONS = {1: counters_to_record({"solved": "solved"})}


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "solved"), ("pad",))

# What the screens around the game read (games/core/kit/game.py).
DATA = GameData(rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE,
                prefs=PREFS, legacy_prefs=LEGACY_PREFS, migrations=MIGRATIONS,
                setting_words=setting_words, tour=TOUR)
