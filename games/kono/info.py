"""Four Field Kono's data for the screens around the game: the rules text and the setup
options. No pygame."""
from __future__ import annotations

from games.core.kit.actions import Binding, Command
from games.core.kit.game import GameData, TourPlan
from games.core.kit.versus_options import opponent_options
from games.kono.rules import Params

SIDE_NAMES = ("Black", "White")
OPTIONS = opponent_options(SIDE_NAMES)
ALTERNATE = None     # a move has no other way
COMMANDS = (Binding(Command.FLIP, "Flip"), Binding(Command.DRAW, "Offer a draw", plays=True),
            Binding(Command.OPTIONS, "Options"))

RULES = """
Four Field Kono is a game for two from Korea, played on a board of 16 points joined by lines, \
four by four. Each player has eight pieces, Black and White. Black's pieces start on the two \
rows at Black's side and White's on the other two, so at the start the board is full. Black \
moves first; then the players take turns.

On your turn, move one of your pieces in one of two ways. A step: move it along a line to a \
neighbouring point that is empty (up, down, left or right; never diagonally). A capture: jump \
over one of your own pieces that stands next to it, onto an enemy piece directly beyond, in a \
straight line. The enemy piece is taken off the board. You capture with the help of a friend, \
never by jumping an enemy. Capturing is never compulsory, and a move captures at most one \
piece. At the very start the board is full, so the only moves are captures.

You win when your opponent has only one piece left, or cannot move on their turn. The game is \
drawn when the same position (the same pieces, the same player to move) comes round for the \
third time, after 50 moves in a row without a capture (each player's turn is one move), or \
when the players agree to a draw (Offer a draw, D): the computer accepts unless it can force a \
win; between two players, the other player accepts or plays on. The top bar counts the \
first two: moves without a capture out of 50, and how often the current \
position has been seen, out of 3; a warning appears under the board as a draw comes close.

To move with the mouse, click one of your pieces: the points it can move to are marked (a dot \
for a step, a red ring for a capture). Then click one of them, or simply drag the piece there. \
A click off the board puts the piece back. With the keyboard, the arrows move the cursor, \
Enter or Space picks a piece up and puts it down, Tab jumps between your pieces that can move \
(or between the marked points), and Esc puts the piece back. With a gamepad: the d-pad moves, \
A picks up and puts down, B puts back, the triggers jump. F, or the Flip button, turns the \
board around.

Captured pieces fly to the tray on the capturer's card. Undo (U, LB) takes back a move, and \
against the computer your move and its reply together; redo (R, RB) plays them again.

Players: you against the computer (choose Black, who starts, or White), two players at one \
screen, or the computer against itself. The computer knows every position of the game \
exactly, from a solved table it loads when the game opens. Its level is the chance that it \
plays its best move rather than a random one: Random plays any legal move at random, \
Low 40%, Medium 70%, High 95%, and Perfect always. Custom lets you set the chance yourself, \
from 0 to 100, with the slider in Options (O). Every game you finish against the computer \
counts in your record for that level, shown on the setup screen.

The hint (H, Y on a gamepad, or the Hint button) grades every move you could make, with an \
arrow and a label on the board: Win (you can force a win), Draw (best play by both sides \
draws) or Loss (your opponent can force a win), with the number of moves to the end under \
best play where it is known. Press the hint again to hide it.
"""


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "lost", "drawn"), ("held", "options"))

# What the screens around the game read (games/core/kit/game.py).
DATA: GameData[Params] = GameData(
    rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE, tour=TOUR)
