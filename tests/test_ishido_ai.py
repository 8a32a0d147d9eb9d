"""The Ishido computer player: legal, fair, reproducible, and its selfplay records replay."""
import json
import os
import random
import subprocess
import sys
from statistics import mean

import pytest

from games.core.kit.rules_api import RuleError
from games.ishido import ai, rules
from games.ishido.rules import Move, Params

# the stone 03 makes a 4-way on (4,2): 8 points, and 8 + 25 under the original scoring
FOURWAY = """\
.. .. .. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. ..
.. .. 01 .. .. .. .. .. .. .. .. ..
.. 13 .. 23 .. .. .. .. .. .. .. ..
.. .. 02 .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. .."""


def position(rule, pouch):
    return rules.from_text(f"rule {rule}\npoints 0\nfourways 0\n{FOURWAY}\npouch {pouch}")


def selfplay(rule, seed, level):
    """A record as `selfplay ishido` prints it, through JSON as a referee would read it."""
    params = Params(rule)
    rng = random.Random(seed)
    desc = rules.new_desc(params, rng)
    state = rules.new_game(params, desc)
    moves = []
    while not rules.status(state).over:
        move = ai.choose_move(state, rng, level)
        moves.append(rules.move_json(state, move))
        state = rules.apply_move(state, move)
    record = {"id": f"ishido:{params.encode()}:{desc}", "moves": moves,
              "outcome": rules.status(state).outcome, "score": rules.score(state)}
    return json.loads(json.dumps(record))


def replay(record):
    """A referee's check: every placement is legal, of the stone the record names, and the
    game ends with the recorded outcome and score."""
    _, params_text, desc = record["id"].split(":")
    state = rules.new_game(rules.parse_params(params_text), desc)
    for entry in record["moves"]:
        assert rules.current_stone(state) == rules.stone(entry["colour"], entry["symbol"])
        state = rules.apply_move(state, Move(entry["row"], entry["col"]))
    return rules.status(state).outcome, rules.score(state)


@pytest.mark.parametrize("rule", rules.RULES)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_selfplay_records_replay_to_the_same_score(rule, level):
    record = selfplay(rule, 3, level)
    assert replay(record) == (record["outcome"], record["score"])
    assert len(record["moves"]) >= 20


@pytest.mark.parametrize("rule", rules.RULES)
def test_careful_play_outscores_random_play(rule):
    def mean_score(level):
        return mean(selfplay(rule, seed, level)["score"] for seed in range(4))
    assert mean_score("careful") > mean_score("greedy") > mean_score("random")


def test_greedy_and_the_hint_take_the_fourway():
    for rule in rules.RULES:
        state = position(rule, "| 03 33")
        assert ai.choose_move(state, random.Random(0), "greedy") == Move(4, 2)
        assert ai.hint(state) == Move(4, 2)


def test_choices_are_legal_and_reproducible():
    params = Params("original")
    state = rules.new_game(params, rules.new_desc(params, random.Random(8)))
    for level in [*ai.LEVELS, None]:
        move = ai.choose_move(state, random.Random(1), level)
        assert move in rules.legal_moves(state)
        assert move == ai.choose_move(state, random.Random(1), level)
    assert ai.hint(state) in rules.legal_moves(state)


def test_the_player_does_not_peek_at_the_pouch_order():
    # the same stones to come, in another order: the same choice
    state = position("original", "| 03 33 15 44 21")
    shuffled = position("original", "| 03 44 21 15 33")
    for level in ai.LEVELS[1:]:
        assert ai.choose_move(state, random.Random(2), level) == \
            ai.choose_move(shuffled, random.Random(2), level)


def test_no_move_when_the_game_is_over():
    over = position("standard", "03 |")
    assert ai.hint(over) is None
    with pytest.raises(RuleError):
        ai.choose_move(over, random.Random(0), None)
    with pytest.raises(RuleError, match="Unknown Ishido level"):
        ai.choose_move(position("standard", "| 03"), random.Random(0), "grandmaster")


def test_bench_cases_run():
    from games.ishido import bench
    cases = bench.cases()
    assert len(cases) == 4
    for case in cases:
        assert case["count"] == bench.POSITIONS and case["run"](0) is not None


def test_logic_modules_import_neither_pygame_nor_numpy():
    script = ("import sys; import games.ishido.rules, games.ishido.ai, games.ishido.oracle, "
              "games.ishido.bench; print(sorted({'pygame', 'numpy'} & set(sys.modules)))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, cwd=root)
    assert found.stdout.strip() == "[]"
