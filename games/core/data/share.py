"""A finished daily puzzle in a few words, made once, from its row of the history: the shared
result (the result screen's Copy result, `main.py daily GAME --date D --share`) and the short
words of the launcher's cards and the archive. Spoiler-free: the game, the day, the time or
score, hints and mistakes as words and as a row of symbols, and the game ID (which holds the
puzzle, never its answer). Pure: no pygame, no I/O, no clock.

    Parlour Calcoolation 2026-11-28 6x6 Hard 4:12, no hints
    (a green square: solved, no hint, no mistake)
    kenken:size=6,difficulty=hard:...

The symbols go to the clipboard and the terminal only, never to the screen (whose fonts are
cut to the characters Parlour shows).
"""
from __future__ import annotations

from games.core.data.history_rows import Game
from games.core.kit import registry
from games.core.kit.results import clock_text, plural

MISTAKES = ("mistakes", "wrong_guesses")   # the record's counters of mistakes, by game
HELP = ("assist", "cage_helper")           # ... and of help beside the hints
SYMBOLS = {"hint": "\U0001f7e8", "mistake": "\U0001f7e5", "help": "\U0001f7e6",
           "solved": "\U0001f7e9", "unsolved": "\u2b1b"}
MOST_SYMBOLS = 10    # of each kind in the row: more are counted ("+3")


def score_words(row: Game) -> str:
    """The result in the game's terms: '4:12', '2:31 left', 'time up', 'par', 'par +2',
    '1234 points', 'solved by the computer'."""
    if row.record.get("solved"):
        return "solved by the computer"
    kind = registry.lookup(row.game).daily_score
    score = 0 if row.score is None else int(row.score)
    if kind == "time":
        return clock_text(score)
    if kind == "time left":
        return f"{clock_text(score)} left" if row.outcome == "won" else "time up"
    if kind == "par":
        return "par" if score == 0 else f"par {score:+d}"
    return plural(score, "point")


def done_words(row: Game) -> str:
    """A finished daily on the launcher's card, short: 'done, 4:12', 'done with Solve'."""
    return "done with Solve" if row.record.get("solved") else f"done, {score_words(row)}"


def help_words(row: Game) -> str:
    """'no hints', '1 hint, 2 mistakes', '2 hints, with help': what the player was given and
    got wrong, from the game's record."""
    hints = row.record.get("hints", 0)
    words = [plural(hints, "hint") if hints else "no hints"]
    mistakes = sum(row.record.get(name, 0) for name in MISTAKES)
    if mistakes:
        words.append(plural(mistakes, "mistake"))
    if any(row.record.get(name) for name in HELP):
        words.append("with help")
    return ", ".join(words)


def symbols(row: Game) -> str:
    """One symbol a hint, one a mistake, one for help, then how it ended."""
    def run(kind: str, count: int) -> str:
        shown = SYMBOLS[kind] * min(count, MOST_SYMBOLS)
        return shown + (f"+{count - MOST_SYMBOLS}" if count > MOST_SYMBOLS else "")
    mistakes = sum(row.record.get(name, 0) for name in MISTAKES)
    helped = any(row.record.get(name) for name in HELP) or row.record.get("solved", 0)
    return run("hint", row.record.get("hints", 0)) + run("mistake", mistakes) + \
        run("help", 1 if helped else 0) + \
        SYMBOLS["solved" if row.outcome == "won" else "unsolved"]


def share_text(row: Game) -> str:
    """The shared result of a daily puzzle's row: three lines."""
    game = registry.lookup(row.game)
    label = game.daily_words or row.params
    first = f"Parlour {game.title} {row.daily} {label} {score_words(row)}, {help_words(row)}"
    return "\n".join((first, symbols(row), row.game_id))
