"""Nim's data for the screens around the game: the rules text and the setup options. No
pygame."""
from __future__ import annotations

from games.core.kit.actions import Binding, Command
from games.core.kit.checks import Boolean, Satisfies, Text
from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.prefs import Pref
from games.core.kit.rules_api import RuleError
from games.core.kit.versus_options import opponent_options
from games.nim.rules import SIDES, Params, validate_desc

# One row for the start and the rule (five rows and a Resume button would not fit the setup
# screen), then the opponent, your side and the computer's level, as every two-player game.
STARTS = (("classic", "3-4-5"), ("1357", "1-3-5-7"), ("random", "Random heaps"),
          ("custom", "Custom heaps"))
OPTIONS = [
    Option("variant", "Start", tuple(
        (f"{start}+{play}", f"{title}{', misère' if play == 'misere' else ''}")
        for start, title in STARTS for play in ("normal", "misere")), "classic+normal"),
] + opponent_options(SIDES)


def custom_heaps(text: str) -> bool:
    """Heaps the editor may start from: none yet, or heaps a custom game takes."""
    if text == "":
        return True
    try:
        validate_desc(Params("custom"), text)
    except RuleError:
        return False
    return True


# The teaching view, and the custom heaps last made in the heap editor.
PREFS = (Pref("teach", False, Boolean()),
         Pref("custom_heaps", "", Satisfies(Text(200), custom_heaps, "not heaps of counters")))
LEGACY_PREFS = {"teach": "nim_teach", "custom_heaps": "nim_custom_heaps"}

ALTERNATE = None     # a take has no other way
COMMANDS = (Binding(Command.TEACH, "Teach"), Binding(Command.EDIT, "Edit heaps"),
            Binding(Command.OPTIONS, "Options"))

RULES = """
Nim is played with heaps of counters by two players, Left and Right. Left always moves first. \
On your turn, take one or more counters from one heap: as many as you like, even the whole \
heap, but from one heap only. Then it is the other player's turn.

Normal play (the default): whoever takes the last counter wins, because the other player has \
nothing left to take. Misère play (an option): whoever takes the last counter loses.

To take counters, choose a counter in a heap: that counter and every counter above it are \
taken. With the mouse, point at a counter (the ones you would take light up) and click. With \
the keyboard, the arrows move the cursor (left and right between heaps, up and down a heap), \
the digits 1 to 8 jump to a heap, and Enter or Space takes. With a gamepad, the d-pad moves \
and A takes.

Starts: 3-4-5 (the classic), 1-3-5-7, random heaps (three to five heaps of one to seven), or \
custom heaps, which you set up yourself before the game: up to 8 heaps of up to 15. In the \
heap editor, click a height to set a heap (or use up and down), click the empty column on the \
right to add a heap, click a heap's remove mark or press Delete to remove one, and press \
Start. Edit \
(E) opens the editor again during a custom game.

Players: you against the computer (you choose to be Left, who starts, or Right), two players \
taking turns at the same screen, or the computer against itself. The computer's level is the \
chance that it plays its best move rather than a random one: Random plays any legal move at \
random, Low 40%, Medium 70%, High 95%, and Perfect always; Custom lets you set the chance \
from 0 to 100 in Options (O). When it knows it is losing, it makes the game last as long as \
it can and waits for you to slip: it takes one counter from the largest heap, unless it sees \
another move that makes the game last longer. Against the computer, undo takes back your \
move and its reply together.

The secret of Nim: write each heap in binary and add the columns without carrying (that is, \
XOR them). The result is the nim-sum. If the nim-sum is 0, the player to move loses against \
best play; otherwise the winning move is the one that makes it 0. In misère play, play the \
same way until your move would leave only heaps of 0 or 1; then leave an odd number of heaps \
of 1.

The teaching view (T, or the Teach button) shows each \
heap in binary, the running XOR down each bit column, the nim-sum, and whether the player to \
move is winning. A hint (H, or Y on a gamepad) grades every move you can make, on the counter \
you would choose: Win or Loss, with the number of moves to the end under best play (where it \
is known); it lights the best move and the teaching view explains why it wins.

Against the computer, every game you finish counts in your record for that level: wins and \
losses, shown on the setup screen when you choose the level.
"""


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "lost"), ("teaching", "options"),
               starts=(("edit", {"variant": "custom+normal"}),))

# What the screens around the game read (games/core/kit/game.py).
DATA: GameData[Params] = GameData(
    rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE, prefs=PREFS,
    legacy_prefs=LEGACY_PREFS, tour=TOUR)
