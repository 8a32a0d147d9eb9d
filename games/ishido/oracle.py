"""The Oracle of the original Ishido: before the game the player writes a question; each 4-way
reveals the next passage of its answer. The passages are the project's own writing.

The same question (ignoring case and spacing) always gets the same answer: the passages are
picked by a random.Random seeded from a SHA-256 of the question, never from Python's hash(),
which changes from one run to the next.
"""
from __future__ import annotations

import hashlib
import random

ANSWER_LENGTH = 12      # one passage for each step of the 4-way bonus table

OPENINGS = (
    "The stones have heard your question. They answer slowly, as stones do.",
    "You ask, and the board grows quiet. Listen: the answer is already near.",
    "What you seek has been waiting for you to stop running after it.",
    "The question you carry is lighter than you think. Set it down, and look at it.",
    "Before the answer, a breath. Before the breath, stillness. Begin there.",
    "Every question holds the shape of its answer, as a hollow holds the shape of a stone.",
    "The oracle does not say yes or no. It says: look again, more gently.",
    "You have asked honestly. That is the first half of every answer.",
)

PASSAGES = (
    "A river does not push the stone away; it goes around, and in time the stone is smooth.",
    "What is placed with care needs no defending.",
    "Patience is not waiting. It is how you hold yourself while the world turns.",
    "The empty square is not a lack. It is room for what comes next.",
    "Two paths may both be right. Choose one, and walk it well.",
    "Do not count the stones still in the pouch. Place the one in your hand.",
    "Some answers come as a door, others as a window. Both let in the light.",
    "The mountain does not hurry, and yet it is always where it needs to be.",
    "What you fear to lose, hold loosely; what you wish to keep, share.",
    "A friend's silence can say more than a stranger's advice.",
    "Small steps, taken daily, cross every distance.",
    "The season will turn whether you watch it or not. Watch it anyway: it is beautiful.",
    "You are not late. You are arriving at your own pace.",
    "When nothing seems to fit, try another square before you doubt the stone.",
    "A closed hand cannot receive.",
    "A stone set in the wrong corner is not the end of the board. Play on.",
    "The answer you want and the answer you need are often neighbours.",
    "Listen to the one who speaks least in the room.",
    "The tide goes out so that it can come back in.",
    "Rest is part of the work, as silence is part of the music.",
    "What is built slowly tends to stand.",
    "Kindness placed early returns doubled, like a fourth neighbour found at last.",
    "The path is clearer from the next step than from this one.",
    "Let the matter settle, as tea leaves settle, before you read it.",
    "There is no need to carry today's stone into tomorrow.",
    "Even the longest night is only one night.",
    "You already know more than you allow yourself to believe.",
    "Ask again in a season, and see whether the question has changed.",
    "The seed does not argue with the soil. It grows where it is.",
    "A crooked line, seen from far enough away, is part of a pattern.",
    "Be as steady as the corner stones: they were there from the beginning, and are content.",
    "A good answer ripens; it does not shout.",
    "When the wind is strong, the low grass stands.",
    "The board fills one stone at a time. So does a life.",
    "Go gently. The answer will meet you halfway.",
    "Not every door must be opened today.",
)


def normalise(question: str) -> str:
    """The question as the Oracle hears it: case and spacing do not matter."""
    return " ".join(question.split()).casefold()


def answer(question: str) -> tuple[str, ...]:
    """The whole answer to a question, in the order its passages are revealed; () for a blank
    question."""
    heard = normalise(question)
    if not heard:
        return ()
    digest = hashlib.sha256(heard.encode("utf-8")).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    return (rng.choice(OPENINGS), *rng.sample(PASSAGES, ANSWER_LENGTH - 1))


def revealed(question: str, fourways: int) -> tuple[str, ...]:
    """The passages the player has earned with this many 4-ways."""
    return answer(question)[:fourways]
