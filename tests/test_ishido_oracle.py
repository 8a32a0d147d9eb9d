"""The Oracle: a stable answer per question, revealed one passage per 4-way."""
import os
import subprocess
import sys

from games.ishido import oracle

QUESTION = "Will it rain tomorrow?"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_answer_is_fixed_for_a_question():
    # a literal answer guards against Python's per-run hash(): it must hold in any process
    assert oracle.answer(QUESTION)[:2] == (
        "The oracle does not say yes or no. It says: look again, more gently.",
        "A friend's silence can say more than a stranger's advice.")
    script = f"from games.ishido import oracle; print(oracle.answer({QUESTION!r})[1])"
    other_run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                               env={"PYTHONHASHSEED": "12345"}, check=True, cwd=ROOT)
    assert other_run.stdout.strip() == oracle.answer(QUESTION)[1]


def test_case_and_spacing_do_not_change_the_question():
    assert oracle.answer("  will it   RAIN\ttomorrow? ") == oracle.answer(QUESTION)
    assert oracle.answer("Shall I move to the sea?") != oracle.answer(QUESTION)


def test_an_answer_opens_then_gives_distinct_passages():
    for question in [QUESTION, "What should I plant this spring?", "?"]:
        answer = oracle.answer(question)
        assert len(answer) == oracle.ANSWER_LENGTH
        assert answer[0] in oracle.OPENINGS
        assert set(answer[1:]) <= set(oracle.PASSAGES) and len(set(answer)) == len(answer)


def test_each_fourway_reveals_one_more_passage():
    answer = oracle.answer(QUESTION)
    assert oracle.revealed(QUESTION, 0) == ()
    assert oracle.revealed(QUESTION, 3) == answer[:3]
    assert oracle.revealed(QUESTION, 40) == answer


def test_a_blank_question_has_no_answer():
    assert oracle.answer("") == oracle.answer("   \n") == oracle.revealed(" ", 5) == ()
