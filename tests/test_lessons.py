"""Every game's lesson (games/<key>/lesson.py) walked as data, without a window: each position
valid and still going, each goal reached by a legal move (and Show me's move among them), every
legal move judged as the step says, and each step's wrong try refused in the rules' own words."""
import importlib.util

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit import registry
from games.core.kit.lesson import MOST_STEPS, Lesson, Step, Verdict, judge, session_for
from games.core.kit.rules_api import GameError

KEYS = [key for key in registry.KEYS
        if importlib.util.find_spec(f"games.{key}.lesson") is not None]
LONGEST_WORDS = 150      # two lines of the lesson's band (tests/test_lessons_*.py draw them)


def lesson(key: str) -> Lesson:
    return registry.lookup(key).parts().lesson()


def steps():
    return [(key, n) for key in KEYS for n in range(len(lesson(key).steps))]


def test_the_games_with_lessons():
    assert "nim" in KEYS


@pytest.mark.parametrize("key", KEYS)
def test_a_lesson_is_short_and_its_words_fit(key):
    found = lesson(key)
    assert found.key == key and 5 <= len(found.steps) <= MOST_STEPS
    for step in found.steps:
        for words in (step.say, step.miss, step.praise):
            assert words and len(words) <= LONGEST_WORDS, words


@pytest.mark.parametrize("key,n", steps())
def test_each_step_stands_on_a_valid_position_whose_goal_a_legal_move_reaches(key, n):
    step = lesson(key).steps[n]
    rules = registry.lookup(key).rules
    session = session_for(key, step)
    state = session.state
    assert not session.status.over, "a step's position is still being played"
    verdicts = {move.encode(): judge(rules, step, state, move) for move in rules.legal_moves(state)}
    goals = {text for text, (verdict, _) in verdicts.items() if verdict == Verdict.GOAL}
    assert goals, "no legal move reaches the step's goal"
    assert step.goal <= set(verdicts), "every goal move is legal here"
    assert step.shown_move in goals, "Show me plays a move that reaches the goal"
    for text, (verdict, words) in verdicts.items():
        assert (verdict, words) in ((Verdict.GOAL, step.praise), (Verdict.MISS, step.miss)), text
    assert str(state) == str(rules.from_text(str(state))), "the position reads back"


@pytest.mark.parametrize("key,n", [(key, n) for key, n in steps()
                                   if lesson(key).steps[n].wrong is not None])
def test_a_steps_wrong_try_is_explained_in_the_rules_own_words(key, n):
    step = lesson(key).steps[n]
    rules = registry.lookup(key).rules
    state = session_for(key, step).state
    move, words = step.wrong
    with pytest.raises(GameError) as refused:
        rules.apply_move(state, rules.decode_move(move))
    assert str(refused.value) == words
    assert judge(rules, step, state, move) == (Verdict.ILLEGAL, words)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(steps() or [("nim", 0)]), st.integers(0, 10 ** 6))
def test_judge_agrees_with_the_rules_and_changes_nothing(case, pick):
    """Generated cases: a legal move is never refused; a goal is always legal; judging a
    move leaves the position as it was."""
    key, n = case
    step = lesson(key).steps[n]
    rules = registry.lookup(key).rules
    state = session_for(key, step).state
    before = str(state)
    moves = rules.legal_moves(state)
    move = moves[pick % len(moves)]
    verdict, _ = judge(rules, step, state, move)
    assert verdict in (Verdict.GOAL, Verdict.MISS)
    assert (verdict == Verdict.GOAL) == (move.encode() in step.goal or (
        step.reached is not None and step.reached(rules.apply_move(state, move))))
    assert str(state) == before


def test_the_checker_finds_bad_lessons():
    """What the checks above look for, shown on lessons made wrong on purpose."""
    with pytest.raises(ValueError):
        Step("both", "nim:start=classic,misere=0:3,4,5", goal=frozenset({"0:1"}),
             reached=lambda state: True, show="0:1")
    with pytest.raises(ValueError):
        Step("neither", "nim:start=classic,misere=0:3,4,5")
    with pytest.raises(ValueError):
        Lesson("nim", ())
    with pytest.raises(GameError):     # a position the rules do not read
        session_for("nim", Step("bad", "nim:start=classic,misere=0:3,4,6",
                                goal=frozenset({"0:1"})))
    with pytest.raises(GameError):     # another game's position
        session_for("nim", Step("other", "kono::BBBBBBBBWWWWWWWW:B", goal=frozenset({"0:1"})))
    rules = registry.lookup("nim").rules
    step = Step("take 2 from heap 2", "nim:start=classic,misere=0:3,4,5",
                goal=frozenset({"1:2"}), miss="no")
    state = session_for("nim", step).state
    assert judge(rules, step, state, "1:2") == (Verdict.GOAL, step.praise)
    assert judge(rules, step, state, "1:1") == (Verdict.MISS, "no")
    assert judge(rules, step, state, "1:9") == (Verdict.ILLEGAL,
                                                 "Heap 1 has only 4; you cannot take 9.")
