"""Mu Torere's data for the screens around the game: the rules text, the setup options and
the preferences it keeps (colours, board style, legend). No pygame."""
from __future__ import annotations

from typing import Any

from games.core.kit.actions import Binding, Command
from games.core.kit.checks import NAME, Boolean, ListOf, OneOf, Satisfies
from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.prefs import Pref
from games.core.kit.versus_options import opponent_options
from games.mu_torere.rules import Params

KEY = "mu_torere"

# --- what the player can choose -----------------------------------------------------------------
COLOURS = {      # name -> (shown name, piece colour): distinct in lightness as well as hue
    "black": ("Black", (50, 53, 64)),
    "white": ("White", (232, 226, 208)),
    "red": ("Red", (200, 54, 46)),
    "blue": ("Blue", (46, 104, 206)),
    "green": ("Green", (40, 150, 88)),
    "gold": ("Gold", (232, 184, 52)),
    "purple": ("Purple", (132, 76, 182)),
    "teal": ("Teal", (26, 156, 166)),
}
STYLES = (("star", "Star"), ("wheel", "Wheel"))
PREFS = (
    Pref("colours", ["black", "white"],
         Satisfies(ListOf(NAME, 2, 2), lambda pair: all(c in COLOURS for c in pair) and
                   pair[0] != pair[1], "not two different colours of the game")),
    Pref("board", "star", OneOf("star", "wheel")),
    Pref("legend", True, Boolean()),
)

_opponent, _side, _level = opponent_options(("Black", "White"))
OPTIONS = [
    _opponent,
    Option("side", "You play", ((0, "Black"), (1, "White")), 0, "play"),
    Option("variant", "First move", (("B", "Black"), ("W", "White")), "B"),
    _level,
]


def named_options(settings: dict[str, Any]) -> list[Option]:
    """The setup options, the sides named by the colours the player chose in Options."""
    saved = settings.get(KEY)
    pair: Any = saved.get("colours") if isinstance(saved, dict) else None
    chosen: list[str] = pair if PREFS[0].check.accepts(pair) else PREFS[0].default
    names = tuple(COLOURS[name][0] for name in chosen)
    side, first = OPTIONS[1], OPTIONS[2]
    return [OPTIONS[0],
            Option(side.key, side.label, tuple(zip((0, 1), names)), 0, "play"),
            Option(first.key, first.label, tuple(zip("BW", names)), "B"),
            OPTIONS[3]]


ALTERNATE = None     # a move has no other way
IN_OPTIONS = "the Options panel (O)"
COMMANDS = (Binding(Command.FLIP, "Flip"), Binding(Command.DRAW, "Offer a draw", plays=True),
            Binding(Command.LEGEND, "Colour legend", toolbar=False, where=IN_OPTIONS),
            Binding(Command.BOARD_STYLE, "Board style", toolbar=False, where=IN_OPTIONS),
            Binding(Command.OPTIONS, "Options"))

RULES = """
Mu Torere is a blocking game of the Maori people of New Zealand, for two players. The board \
is an eight-pointed star: eight points at the tips of its arms (the kewai) and one in the \
middle (the putahi). Each player has four pieces, Black and White to begin with (you can \
change either colour in Options). Black starts on the four tips from the top round to the \
lower right, White on the other four; the middle is empty. There is always exactly one empty \
point.

On your turn you must move one of your pieces to the empty point, along a line. There are \
three kinds of move:

• Round the star: from a tip to a neighbouring tip, along the star's outline.

• Out of the middle: from the middle to any tip.

• Into the middle: from a tip, but only if that piece has an opponent's piece on a \
neighbouring tip. (So nobody can rush into the middle from safety: this rule keeps a game from \
ending in the first few moves.)

A player who cannot move when it is their turn loses. Try to leave your opponent with no \
move, and keep a way out for yourself.

A game is a draw when the same position (the same pieces on the same points, with the same \
player to move) comes round for the third time, when 200 moves have been played, or when the \
players agree to a draw (Offer draw, D). The computer accepts unless it can force a win; \
between two players, the other player accepts or declines.

To move with the mouse, click one of your pieces: the line it would travel lights up. Then \
click the empty point, or drag the piece there. With the keyboard or a gamepad, move the \
cursor with the arrows or d-pad, press Enter or A on a piece (the cursor jumps to where it can \
go) and press again to move it. Tab or the triggers jump between the pieces that can move. \
F, or the Flip button, turns the board around (the arrows follow it as shown).

Play the computer, a friend on the same screen, or watch the computer play itself. The \
computer knows every position of the game. Its level is the chance that it plays its best \
move rather than a random one: Random plays any legal move at random, Low 40%, Medium 70%, \
High 95%, and Perfect always (it then never loses a game it can draw, wins as quickly as \
possible and loses as slowly as possible). Custom lets you set the chance yourself, from 0 \
to 100, with the slider in Options.

The hint (H, or Y on a gamepad) grades every move you can make: Win (you can force a win), \
Draw (best play by both sides draws) or Loss (your opponent can force a win), with the number \
of moves to the end under best play. Against the computer, undo takes back your move and its \
reply; Options sets how many turns you may take back. Options (O, or the Options button) also \
holds the colours, the board style (star or wheel, B), the colour legend (L) and the \
computer's level, all kept for next time. Offer a draw (D) asks you once; the computer \
accepts only when best play from here is a draw. Every game you finish against the computer \
counts in your record for its level.
"""


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "lost", "drawn"), ("held", "options"))

# What the screens around the game read (games/core/kit/game.py).
DATA: GameData[Params] = GameData(
    rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE, prefs=PREFS,
    named_options=named_options, tour=TOUR)
