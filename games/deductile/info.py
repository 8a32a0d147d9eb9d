"""DeducTile Reasoning's setup options, rules text and save migrations (pure: no pygame)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.actions import Binding, Command
from games.core.kit.game import GameData, TourPlan
from games.core.kit.options import Option
from games.core.kit.saves import RESTART, Save

if TYPE_CHECKING:   # the rules are imported only to read an old save
    from games.deductile.rules import Params

OPTIONS = [Option("level", "Difficulty",
                  (({"difficulty": "easy"}, "Easy"), ({"difficulty": "normal"}, "Normal"),
                   ({"difficulty": "hard"}, "Hard"),
                   ({"difficulty": "expert", "size": 5}, "Expert, 5 tiles"),
                   ({"difficulty": "expert", "size": 6}, "Expert, 6 tiles")),
                  {"difficulty": "normal"})]

ALTERNATE = ("pick a tile up to swap only its colour (the right button drags it); on a note, "
             "mark it the other way round")
COMMANDS = (Binding(Command.GUESS, "Guess", plays=True),)

RULES = """
Four tiles stand in a column, each with one shape and one colour; every shape and every colour \
is used exactly once. Put them in the order the clues describe, from the first (top) tile to \
the last (bottom) one, then press Guess.

Drag a tile onto another to swap the two tiles. Drag with the right button (or pick up with X \
on the keyboard or gamepad) to swap only their colours: the shapes stay where they are.

"Next to" means directly above or below. "Somewhere above" means anywhere higher in the \
column. Click a clue to strike it out once you have used it.

Notes: beside each tile's place is a row of the notes grid, its shapes and then its colours. \
Click a cell to mark it: once for a cross (not in this place), twice for a tick (in this \
place), a third time to clear it; the right button (X on the keyboard or gamepad) goes the \
other way round. A tick faintly crosses the rest of its row and column. The notes are your \
own and count as no help; undo takes them back like moves.

You have three minutes. A wrong guess costs 5 seconds, and so does a hint, which marks the \
clues your current order breaks. Undo takes back moves, never penalties. Your score is the \
time left when you solve it.

Difficulty: every puzzle is graded by the hardest step it needs. Easy (the simplest clue kinds) \
needs only reading each clue and seeing what is left; Normal needs the "above" and "next to" \
clues; Hard has no clue to spare and needs a shape weighed against its possible colours, or a \
tile tried in each place it can go; Expert has five or six tiles and always needs more than \
reading the clues and seeing what is left.
"""


def setting_words(params: Params) -> str:
    """A setting as every screen names it (best results, history, statistics): 'Normal', or
    at Expert with its number of tiles, 'Expert, 6 tiles'."""
    words = params.difficulty.title()
    return words + (f", {params.tiles} tiles" if params.difficulty == "expert" else "")


def count_old_penalties(save: Save) -> Save:
    """Version 1 saves of the first builds kept hints and wrong guesses as moves in the
    history (where undo refunded them): count them into the record, once."""
    from games.deductile import rules  # only to read an old save
    record = dict(save["record"])
    if "penalty_seconds" in record:      # counted already, by a build that kept both
        return save
    start = state = rules.new_game(rules.parse_params(save["params"]), save["desc"])
    for text in save["moves"]:
        if text == RESTART:
            state = start
            continue
        if text == rules.HINT or (text == rules.GUESS and not rules.guess_is_right(state)):
            name = "hints" if text == rules.HINT else "wrong_guesses"
            record[name] = record.get(name, 0) + 1
            record["penalty_seconds"] = record.get("penalty_seconds", 0) + rules.PENALTY
        state = rules.apply_move(state, rules.decode_move(text))
    return {**save, "record": record}


MIGRATIONS = {1: count_old_penalties}


# What the screen tour shows of it (games/core/cli/tour_screens.py).
TOUR = TourPlan(("won", "lost"), ("held",))

# What the screens around the game read (games/core/kit/game.py).
DATA = GameData(rules_text=RULES, options=OPTIONS, commands=COMMANDS, alternate=ALTERNATE,
                migrations=MIGRATIONS, setting_words=setting_words, tour=TOUR)
