"""The end of a game in words: one template for every game's result screen, and the
collection's one vocabulary for it (docs/DESIGN.md, "Results and words").

A Result is a title from the outcome as the player sees it ("You won!", "Solved!"...), one
reason sentence, facts one per line as label and value ("Time left", "1:23"), and notes
(sentences: "Solve used in this game: not a best result."). The frame makes one when a game
first ends and keeps it in the game's record; a later ending (after undo) shows the board's
own ending beside it (`looked_back`).
Pure: no pygame, no I/O.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.kit.checks import Fields, ListOf, OneOf, Text

MOODS = ("good", "bad", "neutral")   # the title's colour
# A puzzle finished with help, worded once: the result's title and note, the history's row.
SOLVED_BY_COMPUTER = "Solved by the computer"     # Solve played its last move
SOLVED_BY_HAND = "Solved!"
WON_WITH_HELP = "Won with help"                   # Solve used, or help its game counts
SOLVE_FINISHED = "solve_finished"                 # the record's note: Solve ended the game
MOST_FACTS = 8
MOST_NOTES = 3
NOT_COUNTED = "not counted"          # a later ending's title (looked_back)


@dataclass(frozen=True)
class Result:
    title: str
    mood: str
    reason: str
    facts: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "mood": self.mood, "reason": self.reason,
                "facts": [list(fact) for fact in self.facts], "notes": list(self.notes)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        """From what RESULT_SCHEMA checked."""
        return cls(data["title"], data["mood"], data["reason"],
                   tuple((label, value) for label, value in data["facts"]),
                   tuple(data["notes"]))

    def lines(self) -> list[str]:
        """Everything it says, one line each (tests, and a look at it as text)."""
        return [self.title, self.reason] + [f"{label}  {value}" for label, value in self.facts] \
            + list(self.notes)


RESULT_SCHEMA = Fields({
    "title": Text(80),
    "mood": OneOf(*MOODS),
    "reason": Text(300),
    "facts": ListOf(ListOf(Text(200), 2, least=2), MOST_FACTS),
    "notes": ListOf(Text(300), MOST_NOTES),
}, required=("title", "mood", "reason"), defaults={"facts": [], "notes": []})


def looked_back(present: Result, entered: Result) -> Result:
    """The words of a later ending (after undo) of a game whose first ending was entered.
    The same ending again says the entered words again; another says the board as it is now
    (its title marked "not counted", in the neutral colour, its facts the present ones), then
    a note naming the ending the record keeps, with the figures of it that differ, labelled
    as its own: no figure on the screen contradicts the board."""
    if (present.title, present.reason, present.facts) == \
            (entered.title, entered.reason, entered.facts):
        return entered
    now = dict(present.facts)
    figures = ", ".join(f"{label} {value}" for label, value in entered.facts
                        if now.get(label) != value)
    kept = f"Your record keeps this game's first ending: {entered.title.rstrip('!')}" + \
        (f" ({figures})." if figures else ".")
    return Result(f"{present.title.rstrip('!')}, {NOT_COUNTED}", "neutral", present.reason,
                  present.facts, (*present.notes[:MOST_NOTES - 1], kept))


# A record of results, worded once, in one order (won, lost, drawn) on every screen.
RECORD_HEADING = "Won-lost-drawn"


def record_text(won: int, lost: int, drawn: int) -> str:
    """A record in a table or a chart: '5-2-1' (won, lost, drawn: RECORD_HEADING's order)."""
    return f"{won}-{lost}-{drawn}"


def record_words(won: int, lost: int, drawn: int) -> str:
    """A record in words: '5 won, 2 lost, 1 drawn'."""
    return f"{won} won, {lost} lost, {drawn} drawn"


def help_note(used: Sequence[str]) -> str:
    """The one sentence for the help that keeps a game out of the best results ('2 hints and
    Solve used in this game: not a best result.'); '' when none was used."""
    if not used:
        return ""
    words = " and ".join(used)
    return f"{words[0].upper()}{words[1:]} used in this game: not a best result."


def history_result(outcome: str, opponent: str, ranked: bool,
                   record: Mapping[str, int]) -> tuple[str, str]:
    """A finished game as the history and the replay name it, and its mood: a puzzle's win
    its game kept out of the best results (ranked false) is the computer's or helped, never a
    plain win; between two people a game is decided or drawn (nobody is the player)."""
    if opponent == "human":
        return ("Draw" if outcome == "draw" else "Decided"), "neutral"
    if outcome == "won" and not opponent and not ranked:
        return (SOLVED_BY_COMPUTER if record.get(SOLVE_FINISHED) else WON_WITH_HELP), "neutral"
    return {"won": ("Won", "good"), "lost": ("Lost", "bad")}.get(outcome, ("Draw", "neutral"))


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 move', '2 moves', '0 moves' (words: the plural when it is not word + 's')."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def clock_text(seconds: float) -> str:
    """m:ss, rounding up, so a countdown shows 0:00 only when time has really run out."""
    whole = math.ceil(seconds) if seconds > 0 else 0
    return f"{whole // 60}:{whole % 60:02d}"


def sentence(words: str) -> str:
    """Words as a sentence: a capital first letter and a full stop (or ! or ?) at the end."""
    words = words.strip()
    if not words:
        return ""
    words = words[0].upper() + words[1:]
    return words if words[-1] in ".!?" else words + "."


# --- the vocabulary ------------------------------------------------------------------------
# Words a player must not meet, each with the one the collection uses instead.
FORBIDDEN = (
    (r"\b1 (moves|hints|presses|stones|counters|pieces|guesses|wrong guesses|captures|turns)\b",
     "one of a thing is singular: '1 move'"),
    (r"\bBest scores\b|\bBest times\b", "say 'Best results'"),
    (r"\bcolour 0\b|\bzero colour\b", "Poggle's goal colour is 'blank'"),
    (r"\blets go\b|\blet go of\b|\bdrops the (stone|piece|tile)\b", "a held piece is 'put back'"),
    (r"\((black|white|gold|blue)\)", "side names are capitalised"),
    (r"\bYou win!", "the title is 'You won!'"),
    # Drift between games and screens: one wording, from one home.
    (r"\bW-D-L\b|\bW-L-D\b|\b[Ww]on ?/ ?lost ?/ ?drawn\b",
     "a record is 'Won-lost-drawn', '5-2-1' (results.RECORD_HEADING, record_text)"),
    (r"\bSolve was used in this game\b", "help is 'Solve used in this game: not a best result.' "
                             "(results.help_note)"),
    (r"\bbest score\b", "say 'best result'"),
    (r"\bSolved by computer\b", "say 'Solved by the computer' (results.SOLVED_BY_COMPUTER)"),
    (r"\bCustom \d+\b(?!%)", "a Custom level is 'Custom 37%' (versus_options.custom_words)"),
)
# In a result's sentences, besides: said once, one full stop.
TEMPLATE = (
    (r"\s:", "no space before a colon"),
    (r"(?<!\.)\.\.(?!\.)", "one full stop"),
)


def vocabulary_problems(words: str) -> list[str]:
    """What in these words breaks the collection's vocabulary (empty when nothing does)."""
    return [f"{words!r}: {why}" for pattern, why in FORBIDDEN if re.search(pattern, words)]


def template_problems(result: Result) -> list[str]:
    """What in a result breaks the template: a title, one reason sentence ending with a full
    stop that does not repeat the title, facts as short labels with values (no colons, no
    sentences run together), notes as sentences, nothing said twice, and the vocabulary."""
    problems = []
    if not result.title or result.title.endswith("."):
        problems.append(f"title {result.title!r}: words without a full stop")
    if result.mood not in MOODS:
        problems.append(f"mood {result.mood!r}")
    if not _capital(result.reason) or result.reason[-1] not in ".!?":
        problems.append(f"reason {result.reason!r}: one sentence, capitalised, with a full stop")
    if _bare(result.reason) == _bare(result.title):
        problems.append(f"reason {result.reason!r} repeats the title")
    for label, value in result.facts:
        if not _capital(label) or label.endswith((":", ".")) or len(label) > 40:
            problems.append(f"fact label {label!r}: short, capitalised, no colon")
        if not value or ":" in value and not re.fullmatch(r"[0-9]+:[0-9]{2}", value) \
                or "  " in value:
            problems.append(f"fact {label!r} {value!r}: one value, not lines run together")
    for note in result.notes:
        if not _capital(note) or note[-1] not in ".!?":
            problems.append(f"note {note!r}: a sentence with a full stop")
    said = [_bare(line) for line in result.lines()]
    if len(set(said)) != len(said):
        problems.append(f"something is said twice: {result.lines()}")
    for line in result.lines():
        problems += vocabulary_problems(line)
        problems += [f"{line!r}: {why}" for pattern, why in TEMPLATE if re.search(pattern, line)]
    return problems


def _capital(words: str) -> bool:
    """Begins as a sentence or a label does: a capital letter or a number."""
    return bool(words) and (words[0].isupper() or words[0].isdigit())


def _bare(words: str) -> str:
    return re.sub(r"[^a-z0-9 ]", "", words.lower()).strip()
