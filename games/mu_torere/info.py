"""Mu Torere's setup options, rules text and preferences (colours, board style, legend,
custom level, undo depth): pure data, no pygame."""
from games.core import records, store
from games.core.options import Option, opponent_options

KEY = "mu_torere"

# --- what the player can choose -------------------------------------------------------------
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
COLOUR_KEYS = tuple(COLOURS)
STYLES = (("star", "Star"), ("wheel", "Wheel"))
LEVELS = (("off", "Off"), ("low", "Low"), ("medium", "Medium"), ("high", "High"),
          ("perfect", "Perfect"), ("custom", "Custom"))
LEVEL_TITLES = dict(LEVELS)
UNDO_DEPTHS = ((1, "1 turn"), (2, "2 turns"), (3, "3 turns"), (5, "5 turns"), (10, "10 turns"),
               (0, "Unlimited"))
DEFAULT_PREFS = {"colours": ["black", "white"], "board": "star", "legend": True,
                 "custom_level": 50, "undo_depth": 0}

_opponent, _side, _level = opponent_options(("Black", "White"), LEVELS, "medium")
OPTIONS = [
    _opponent,
    Option("side", "You play", ((0, "Black"), (1, "White")), 0, "play"),
    Option("first", "First move", (("B", "Black"), ("W", "White")), "B", "play"),
    _level,
]

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
go) and press again to move it. Tab or the triggers jump between the pieces that can move.

Play the computer, a friend on the same screen, or watch the computer play itself. The \
computer knows every position of the game. Its level is the chance that it plays its best \
move rather than a random one: Off never looks, Low 40%, Medium 70%, High 95%, and Perfect \
always (it then never loses a game it can draw, wins as quickly as possible and loses as \
slowly as possible). Custom lets you set the chance yourself, from 0 to 100, with the slider \
in Options.

The hint (H, or Y on a gamepad) grades every move you can make: Win (you can force a win), \
Draw (best play by both sides draws) or Loss (your opponent can force a win), with the number \
of moves to the end under best play. Against the computer, undo takes back your move and its \
reply; Options sets how many turns you may take back. Options (O, X on a gamepad, or the \
right mouse button) also holds the colours, the board style (star or wheel), the colour legend \
and the computer's level, all kept for next time. Keyboard shortcuts: D offer a draw, L \
legend, S board style, N new game. Every game you finish against the computer counts in your record for its level.
"""


# --- preferences kept in app.settings -------------------------------------------------------------

def load_prefs(settings: dict) -> dict:
    """Mu Torere's settings from app.settings, every bad or missing value replaced by its
    default (a hand-edited settings file never breaks the game)."""
    saved = settings.get(KEY)
    saved = saved if isinstance(saved, dict) else {}
    prefs = {key: (list(value) if isinstance(value, list) else value)
             for key, value in DEFAULT_PREFS.items()}
    colours = saved.get("colours")
    if isinstance(colours, list) and len(colours) == 2 and all(c in COLOURS for c in colours) \
            and colours[0] != colours[1]:
        prefs["colours"] = list(colours)
    if saved.get("board") in dict(STYLES):
        prefs["board"] = saved["board"]
    if isinstance(saved.get("legend"), bool):
        prefs["legend"] = saved["legend"]
    level = saved.get("custom_level")
    if isinstance(level, int) and not isinstance(level, bool) and 0 <= level <= 100:
        prefs["custom_level"] = level
    if saved.get("undo_depth") in dict(UNDO_DEPTHS):
        prefs["undo_depth"] = saved["undo_depth"]
    return prefs


def level_title(choice, custom: int) -> str:
    if choice is None:
        return "Perfect"
    if choice == "custom":
        return f"Custom {custom}"
    return LEVEL_TITLES.get(choice, str(choice))


def summary(params, play):
    """The record at the chosen level; Custom's record is kept per chance of the best move."""
    level = play.get("level")
    if level == "custom":
        level = load_prefs(store.load_settings()[0])["custom_level"]
    heading = "Your record" + (f" (Custom {level})" if isinstance(level, int) else "")
    return heading, records.record_rows(KEY, level)
