"""Grading finished two-player games from the solved tables (games/core/kit/grading.py):
known blunders are turning points with the best move kept, perfect games have none, the
values agree with the solvers, and (generated games) a position's grade is the best of the
grades after each of its moves, from the mover's view."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.kit import grading, registry
from games.core.kit.grading import Verdict
from games.core.kit.levels import DRAW, FLIPPED, LOSS, WIN, preference
from games.core.kit.saves import RESTART

TWO_PLAYER = ("mu_torere", "kono", "nim")


def modules(key: str):
    return registry.lookup(key).rules, registry.lookup(key).parts().versus.analysis


def start_of(key: str, position: str | None = None):
    rules, _ = modules(key)
    if position is not None:
        return rules.parse_position(position)
    params = rules.params_from_options()
    return rules.new_game(params, rules.new_desc(params, random.Random(7)))


def play_out(key: str, state, plies: int, rng: random.Random, perfect: bool = False):
    """A line of encoded moves from `state`: random moves, or the best ones."""
    rules, ai = modules(key)
    line = []
    for _ in range(plies):
        if rules.status(state).over:
            break
        move = ai.graded_moves(state)[0].move if perfect else rng.choice(rules.legal_moves(state))
        line.append(move.encode())
        state = rules.apply_move(state, move)
    return line


def graded(key: str, start, line):
    rules, ai = modules(key)
    return grading.grade_game(rules, ai.graded_moves, start, line)


def test_nim_known_blunder_is_the_one_turning_point():
    # 3-4-5: the nim-sum is 2, so the first side wins by taking 2 from the first heap (1-4-5,
    # nim-sum 0). Taking 1 there (2-4-5, nim-sum 3) hands the win over; then both play well.
    start = start_of("nim", "3,4,5")
    line = ["0:1", *play_out("nim", modules("nim")[0].apply_move(
        start, modules("nim")[0].decode_move("0:1")), 30, random.Random(1), perfect=True)]
    result = graded("nim", start, line)
    first = result[0]
    assert first.before.value == WIN and first.after.value == LOSS
    assert first.turning and first.best == "0:2"
    assert [move.turning for move in result[1:]] == [False] * (len(result) - 1)
    # The graph, from the first side's view: won, then lost to the end.
    assert [point.value for point in grading.values(result)] == [WIN] + [LOSS] * len(result)


def test_nim_winning_move_is_not_a_turning_point_and_a_lost_side_has_none():
    result = graded("nim", start_of("nim", "1,3,5,7"), ["3:1", "2:1"])
    # 1-3-5-7 has nim-sum 0: the first side is lost whatever it does (no turning point), and
    # the reply 2:1 (1-3-4-6: nim-sum 0 again) keeps the win.
    assert result[0].before == result[0].after and result[0].before.value == LOSS
    assert not result[0].turning
    assert result[1].before.value == WIN and result[1].after.value == WIN
    assert not result[1].turning


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_perfect_game_has_no_turning_point(key):
    start = start_of(key)
    line = play_out(key, start, 40, random.Random(0), perfect=True)
    result = graded(key, start, line)
    assert result and not [move for move in result if move.turning]
    # Every position's value, seen from one side, stays the same through a perfect game.
    assert len({point.value for point in grading.values(result)[:-1]}) == 1


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_one_blunder_is_the_one_turning_point(key):
    """From a perfect line, the first move that loses value is found by the solver; grading
    the game with it marks exactly that move, with the solver's best move beside it."""
    rules, ai = modules(key)
    state = start_of(key)
    line: list[str] = []
    for _ in range(60):
        grades = ai.graded_moves(state)
        worse = [grade for grade in grades if preference(grade.value, None)[0] >
                 preference(grades[0].value, None)[0]]
        if worse:
            line.append(worse[0].move.encode())
            state = rules.apply_move(state, worse[0].move)
            break
        line.append(grades[0].move.encode())
        state = rules.apply_move(state, grades[0].move)
    else:
        pytest.fail("no position with a losing move in 60 perfect plies")
    line += play_out(key, state, 12, random.Random(0), perfect=True)
    result = graded(key, start_of(key), line)
    blunder = len(line) - len(play_out(key, state, 12, random.Random(0), perfect=True)) - 1
    assert [n for n, move in enumerate(result) if move.turning] == [blunder]
    before = rules.apply_move  # the best move kept is one the solver rates as the position
    position = start_of(key)
    for text in line[:blunder]:
        position = before(position, rules.decode_move(text))
    best = {grade.move.encode(): grade.value for grade in ai.graded_moves(position)}
    assert best[result[blunder].best] == result[blunder].before.value


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_values_agree_with_the_solver(key):
    rules, ai = modules(key)
    start = start_of(key)
    line = play_out(key, start, 16, random.Random(3))
    state = start
    for move in graded(key, start, line):
        value, _ = ai.evaluate(state)
        assert move.before.value == value
        assert move.mover == rules.current_player(state)
        state = rules.apply_move(state, rules.decode_move(move.move))


def test_an_agreed_draw_is_graded_from_the_rules():
    rules, _ = modules("mu_torere")
    start = start_of("mu_torere")
    line = [*play_out("mu_torere", start, 3, random.Random(2)), "draw"]
    result = graded("mu_torere", start, line)
    assert result[-1].after == Verdict(DRAW, None)
    assert grading.values(result)[-1].value == DRAW


def test_the_played_line_starts_after_the_last_restart():
    assert grading.played_line(["0:1", RESTART, "1:2", "", "2:1"]) == ["1:2", "2:1"]
    assert grading.played_line([]) == []


def best_after(key: str, state) -> Verdict:
    """The best, for the side to move, of what the position after each legal move is worth to
    it: the solver's evaluate of each child, turned round."""
    rules, ai = modules(key)
    children = []
    for move in rules.legal_moves(state):
        child = rules.apply_move(state, move)
        if rules.status(child).over:
            verdict = grading.ending(rules, child, rules.current_player(state))
        else:
            value, plies = ai.evaluate(child, 0) if key == "kono" else ai.evaluate(child)
            verdict = Verdict(FLIPPED[value], plies)
        children.append(verdict)
    return min(children, key=grading.rank)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(TWO_PLAYER), seed=st.integers(0, 2**32), plies=st.integers(1, 40))
def test_grade_before_is_the_best_grade_after(key, seed, plies):
    rules, _ = modules(key)
    rng = random.Random(seed)
    start = start_of(key) if key != "nim" else rules.parse_position(
        ",".join(str(rng.randint(1, 7)) for _ in range(rng.randint(1, 4))))
    line = play_out(key, start, plies, rng)
    state = start
    for move in graded(key, start, line):
        assert move.before.value == best_after(key, state).value
        assert grading.rank(move.after) >= grading.rank(move.before)
        assert move.turning == (move.after.value != move.before.value)
        state = rules.apply_move(state, rules.decode_move(move.move))
