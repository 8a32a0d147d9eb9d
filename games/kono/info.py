"""Four Field Kono's sides, computer levels, setup options and rules text (pure data: no
pygame)."""
from games.core.options import opponent_options

SIDE_NAMES = ("Black", "White")
LEVELS = (("random", "Random"), ("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"),
          ("master", "Master"))
LEVEL_TITLES = dict(LEVELS)
OPTIONS = opponent_options(SIDE_NAMES, LEVELS, "medium")

RULES = """
Four Field Kono is a game for two from Korea, played on a board of 16 points joined by lines, \
four by four. Each player has eight stones, Black and White. Black's stones start on the two \
rows at Black's side and White's on the other two, so at the start the board is full. Black \
moves first; then the players take turns.

On your turn, move one of your stones in one of two ways. A step: move it along a line to a \
neighbouring point that is empty (up, down, left or right; never diagonally). A capture: jump \
over one of your own stones that stands next to it, onto an enemy stone directly beyond, in a \
straight line. The enemy stone is taken off the board. You capture with the help of a friend, \
never by jumping an enemy. Capturing is never compulsory, and a move captures at most one \
stone. At the very start the board is full, so the only moves are captures.

You win when your opponent has only one stone left, or cannot move on their turn. The game is \
drawn when the same position (the same stones, the same player to move) comes round for the \
third time, or after 50 plies (single moves) in a row without a capture. The top bar counts \
both: plies without a capture out of 50, and how often the current position has been seen, \
out of 3; a warning appears under the board as a draw comes close.

To move with the mouse, click one of your stones: the points it can move to are marked (a dot \
for a step, a red ring for a capture). Then click one of them, or simply drag the stone there. \
Right-click drops the stone. With the keyboard, the arrows move the cursor, Enter or Space \
picks a stone up and puts it down, Tab jumps between your stones that can move (or between the \
marked points), and Esc or X drops the stone. With a gamepad: the d-pad moves, A picks up and \
puts down, B or X drops, the triggers jump. F, or the Flip button, turns the board around.

Captured stones fly to the tray on the capturer's card. Undo (U, LB) takes back a move, and \
against the computer your move and its reply together; redo (R, RB) plays them again.

Players: you against the computer (choose Black, who starts, or White), two players at one \
screen, or the computer against itself. The computer's levels: Random plays any legal move; \
Easy, Medium and Hard look further ahead each time (Easy and Medium sometimes slip); Master \
searches deepest and knows every position with five stones or fewer exactly, from an endgame \
table it builds when the game opens: there it never lets a draw or a win slip, and it wins \
every won endgame. Every game you finish against the computer counts in your record for that \
level, shown on the setup screen.

The hint (H, Y on a gamepad, or the Hint button) grades every move you could make, best \
first. Arrows on the board and the list on the right show each one: "Win in 9" or "Loss in \
12" where the result is known for certain (counted in plies, with best play by both sides), \
"Draw" where it is a certain draw, and otherwise the search's score: positive is good for \
you, and 100 is worth about one stone. Press the hint again to hide it.
"""
