"""Nim's theory and computer player against brute-force game search, normal and misere."""
import itertools
import random
import re
from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, RuleError
from games.nim import ai, info, rules
from games.nim.rules import Move, Params, State

states = st.builds(State, st.lists(st.integers(0, 15), min_size=1, max_size=8).map(tuple),
                   st.integers(0, 1), st.booleans())


def after(heaps, index, take):
    return heaps[:index] + (heaps[index] - take,) + heaps[index + 1:]


@cache
def brute(heaps: tuple, misere: bool) -> tuple[bool, int]:
    """(the player to move wins, plies to the end): plain search over ordered heaps, winner
    fastest and loser slowest; independent of the XOR theory and of ai's canonical search."""
    if not any(heaps):
        return misere, 0
    results = [brute(after(heaps, index, take), misere)
               for index, heap in enumerate(heaps) for take in range(1, heap + 1)]
    wins = [plies for child_wins, plies in results if not child_wins]
    if wins:
        return True, min(wins) + 1
    return False, max(plies for _, plies in results) + 1


SMALL_POSITIONS = [heaps for count in range(1, 5) for heaps in
                   itertools.product(range(7), repeat=count)] + list(
                       itertools.product(range(4), repeat=5))


@pytest.mark.parametrize("misere", [False, True])
def test_xor_rule_matches_brute_force_on_all_small_positions(misere):
    for heaps in SMALL_POSITIONS:
        state = State(heaps, 0, misere)
        wins, _ = brute(heaps, misere)
        assert ai.is_winning(state) == wins, heaps
        move = ai.winning_move(state)
        if wins and any(heaps):
            assert not brute(after(heaps, move.heap, move.take), misere)[0], heaps
        else:
            assert move is None, heaps


@pytest.mark.parametrize("misere", [False, True])
def test_exact_plies_match_brute_force(misere):
    for heaps in SMALL_POSITIONS[:7 + 49 + 343]:      # up to three heaps of up to 6
        analysis = ai.analyse(State(heaps, 0, misere))
        wins, plies = brute(heaps, misere)
        assert (analysis["value"], analysis["plies"]) == ("win" if wins else "loss", plies)
        for entry in analysis["moves"]:
            move = rules.decode_move(entry["move"])
            child_wins, child_plies = brute(after(heaps, move.heap, move.take), misere)
            assert entry["value"] == ("loss" if child_wins else "win")
            assert entry["plies"] == child_plies + 1


def test_analyse_literal_outputs():
    assert ai.analyse(rules.parse_position("1,2")) == {"value": "win", "plies": 3, "moves": [
        {"move": "1:1", "value": "win", "plies": 3},
        {"move": "0:1", "value": "loss", "plies": 2},
        {"move": "1:2", "value": "loss", "plies": 2}]}
    assert ai.analyse(rules.parse_position("1,2:misere")) == {
        "value": "win", "plies": 2, "moves": [
            {"move": "1:2", "value": "win", "plies": 2},
            {"move": "1:1", "value": "loss", "plies": 3},      # equals: from the larger heap
            {"move": "0:1", "value": "loss", "plies": 3}]}
    assert ai.analyse(rules.parse_position("2,2")) == {"value": "loss", "plies": 4, "moves": [
        {"move": "0:1", "value": "loss", "plies": 4},
        {"move": "1:1", "value": "loss", "plies": 4},
        {"move": "0:2", "value": "loss", "plies": 2},
        {"move": "1:2", "value": "loss", "plies": 2}]}
    assert ai.analyse(rules.parse_position("0,0")) == {"value": "loss", "plies": 0, "moves": []}
    assert ai.analyse(rules.parse_position("0:misere")) == {
        "value": "win", "plies": 0, "moves": []}


def test_analyse_classic_starts():
    classic = ai.analyse(rules.parse_position("3,4,5"))
    assert (classic["value"], classic["plies"]) == ("win", 11)
    assert [entry["move"] for entry in classic["moves"] if entry["value"] == "win"] == ["0:2"]
    assert classic["moves"][0] == {"move": "0:2", "value": "win", "plies": 11}
    marienbad = ai.analyse(rules.parse_position("1,3,5,7"))
    assert (marienbad["value"], marienbad["plies"], len(marienbad["moves"])) == ("loss", 16, 16)
    assert all(entry["value"] == "loss" for entry in marienbad["moves"])


def test_plies_are_null_beyond_the_bound_but_values_stay():
    assert ai.sub_position_count((15,) * 6) > ai.EXACT_PLIES_LIMIT
    analysis = ai.analyse(State((15,) * 6 + (3, 1)))
    assert (analysis["value"], analysis["plies"]) == ("win", None)
    assert len(analysis["moves"]) == 94
    # nim-sum 2: take 2 from any heap with a 2 in it (every 15, and the 3)
    assert analysis["moves"][0] == {"move": "0:2", "value": "win", "plies": None}
    assert [entry["move"] for entry in analysis["moves"] if entry["value"] == "win"] == [
        "0:2", "1:2", "2:2", "3:2", "4:2", "5:2", "6:2"]
    assert all(entry["plies"] is None for entry in analysis["moves"])


def test_sub_position_count():
    assert ai.sub_position_count((3, 4, 5)) == 48
    assert ai.sub_position_count((5, 4, 3)) == 48
    assert ai.sub_position_count((1, 3, 5, 7)) == 143
    assert ai.sub_position_count((0,)) == 1
    for heaps in [(2, 2), (1, 2, 3), (4, 0, 2, 2), (6, 1, 3)]:
        reachable = {ai.canonical(sub) for sub in
                     itertools.product(*(range(heap + 1) for heap in heaps))}
        assert ai.sub_position_count(heaps) == len(reachable)


def test_winning_moves_literal():
    assert ai.winning_move(State((3, 4, 5))) == Move(0, 2)
    assert ai.winning_move(State((1, 4, 5))) is None
    assert ai.winning_move(State((1, 1, 6), misere=True)) == Move(2, 5)    # leave three 1s
    assert ai.winning_move(State((1, 6), misere=True)) == Move(1, 6)       # leave one 1
    assert ai.winning_move(State((1, 6), misere=False)) == Move(1, 5)
    assert ai.winning_move(State((1, 1), misere=True)) == Move(0, 1)
    assert ai.winning_move(State((1, 1, 1), misere=True)) is None
    assert ai.winning_move(State((2, 2, 3), misere=True)) == Move(0, 1)    # XOR while two big


PROMISE = re.search(r"When it knows it is losing[^.]*\.", " ".join(info.RULES.split())).group()


def lost_positions(misere: bool):
    """Every lost position of up to four heaps of up to 6 (by brute force), and 1-4-5."""
    yield (1, 4, 5)
    for heaps in SMALL_POSITIONS[:7 + 49 + 343 + 2401]:
        if any(heaps) and not brute(heaps, misere)[0]:
            yield heaps


def check_the_promise(heaps: tuple, misere: bool) -> bool:
    """The computer at Perfect keeps the rules text's promise in this lost position: a slowest
    loss (by brute force); one counter from the largest heap unless another move lasts longer.
    True when the one-from-the-largest-heap part applied."""
    state = State(heaps, 0, misere)
    move = ai.choose_move(state, random.Random(len(heaps)), "perfect")
    plies = {(index, take): brute(after(heaps, index, take), misere)[1]
             for index, heap in enumerate(heaps) for take in range(1, heap + 1)}
    slowest = max(plies.values())
    assert plies[move.heap, move.take] == slowest, (heaps, misere, move)
    largest = max(heaps)
    from_largest = [index for index, heap in enumerate(heaps) if heap == largest]
    if plies[from_largest[0], 1] == slowest:
        assert (heaps[move.heap], move.take) == (largest, 1), (heaps, misere, move)
        return True
    assert "unless it sees another move that makes the game last longer" in PROMISE
    return False


def test_the_rules_text_promises_what_the_computer_does_when_losing():
    assert PROMISE == (
        "When it knows it is losing, it makes the game last as long as it can and waits for "
        "you to slip: it takes one counter from the largest heap, unless it sees another move "
        "that makes the game last longer.")
    # The example: 1-4-5 was met by taking the single counter.
    for misere in (False, True):
        assert ai.choose_move(State((1, 4, 5), 0, misere), random.Random(0), None) == Move(2, 1)
    # 3-5-6: one from the heap of 6 loses in 12 plies, one from the 3 or the 5 in 14.
    assert ai.choose_move(State((3, 5, 6)), random.Random(0), None) == Move(1, 1)
    assert not check_the_promise((3, 5, 6), False)


@pytest.mark.parametrize("misere", [False, True])
def test_perfect_play_in_every_small_lost_position_keeps_the_promise(misere):
    kept = [check_the_promise(heaps, misere) for heaps in lost_positions(misere)]
    assert len(kept) > 300 and sum(kept) > 0.8 * len(kept)   # the exception stays an exception


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4), st.booleans(), st.integers(0, 99))
def test_perfect_play_keeps_the_promise_in_generated_lost_positions(heaps, misere, seed):
    heaps = tuple(heaps) + (ai.nim_sum(tuple(heaps)),)   # nim-sum 0: lost in normal play
    if not any(heaps) or ai.is_winning(State(heaps, 0, misere)):
        return
    check_the_promise(heaps, misere)
    # Perfect play in a lost position is one move, whatever the random generator holds.
    state = State(heaps, 0, misere)
    assert ai.choose_move(state, random.Random(seed), None) == ai.stalling_move(state)


def test_graded_moves_agree_with_analyse_and_the_theory():
    for heaps, misere in (((3, 4, 5), False), ((1, 1, 6), True), ((2, 2), False)):
        state = State(heaps, 0, misere)
        graded = ai.graded_moves(state)
        assert {move for move, _, _ in graded} == set(rules.legal_moves(state))
        assert len(graded) == len(rules.legal_moves(state))
        assert [(move.encode(), value, plies) for move, value, plies in graded] == [
            (entry["move"], entry["value"], entry["plies"]) for entry in ai.analyse(state)["moves"]]
        for move, value, plies in graded:
            after = rules.apply_move(state, move)
            assert value == ("loss" if ai.is_winning(after) else "win")
            assert plies == ai.outcome(ai.canonical(after.heaps), misere)[1] + 1
        assert ai.evaluate(state) == (ai.analyse(state)["value"], ai.analyse(state)["plies"])


def test_beyond_the_exact_limit_a_lost_side_stalls():
    state = State((15,) * 8)            # lost (nim-sum 0), far beyond EXACT_PLIES_LIMIT
    graded = ai.graded_moves(state)
    assert graded[0] == (ai.stalling_move(state), "loss", None)
    assert ai.evaluate(state) == ("loss", None)
    # The computer's own choice looks ahead less far (it answers at once), and stalls too.
    big = State((15, 15, 15, 14, 1))                 # lost: nim-sum 0; 7,000 sub-positions
    assert ai.sub_position_count(big.heaps) > ai.CHOOSE_PLIES_LIMIT
    assert ai.choose_move(big, random.Random(0), None) == ai.stalling_move(big)
    winning = State((15, 15, 15, 14, 2))
    move = ai.choose_move(winning, random.Random(0), "perfect")
    assert not ai.is_winning(rules.apply_move(winning, move))


def test_levels_play_the_winning_move_with_their_chance():
    state = State((3, 4, 5))          # one winning move among twelve
    rng = random.Random(7)
    hits = {level: sum(ai.choose_move(state, rng, level) == Move(0, 2) for _ in range(400))
            for level in ["easy", "low", "medium", "perfect", None, "0"]}
    assert 140 < hits["easy"] < 220             # low: 0.4 + 0.6 / 12, about 180
    assert 140 < hits["low"] < 220
    assert 250 < hits["medium"] < 330           # 0.7 + 0.3 / 12: about 290
    assert hits["perfect"] == hits[None] == 400
    assert 15 < hits["0"] < 60                  # off: 1 / 12, about 33


def test_choose_move_errors():
    with pytest.raises(RuleError, match="A level is a number from 0 to 100"):
        ai.choose_move(State((3, 4, 5)), random.Random(0), "grandmaster")
    with pytest.raises(IllegalMove):
        ai.choose_move(State((0, 0)), random.Random(0), None)


@pytest.mark.parametrize("misere", [False, True])
def test_perfect_play_beats_easy_from_the_won_side(misere):
    for seed in range(20):
        rng = random.Random(seed)
        params = Params("random", misere)
        state = rules.new_game(params, rules.new_desc(params, rng))
        perfect_side = 0 if ai.is_winning(state) else 1
        while not rules.status(state).over:
            level = None if state.to_move == perfect_side else "easy"
            state = rules.apply_move(state, ai.choose_move(state, rng, level))
        assert rules.status(state).winner == perfect_side


@settings(max_examples=200, deadline=None)
@given(states)
def test_the_winning_move_leaves_a_lost_position(state):
    move = ai.winning_move(state)
    if move is None:
        assert not ai.is_winning(state) or not any(state.heaps)
        return
    assert move in rules.legal_moves(state)
    left = rules.apply_move(state, move)
    assert not ai.is_winning(left)
    if not state.misere or not ai.only_small_heaps(left.heaps):
        assert ai.nim_sum(left.heaps) == 0          # the winning move makes the nim-sum 0
    else:
        assert left.heaps.count(1) % 2 == 1         # misere endgame: an odd number of 1-heaps


@settings(max_examples=100, deadline=None)
@given(states)
def test_every_move_from_a_lost_position_gives_the_opponent_a_win(state):
    if ai.is_winning(state):
        return
    for move in rules.legal_moves(state):
        assert ai.is_winning(rules.apply_move(state, move))


@settings(max_examples=100, deadline=None)
@given(states, st.sampled_from(["easy", "off", "low", "medium", "high", "perfect", "37"]),
       st.integers(0, 2**32))
def test_choose_move_is_legal_and_deterministic(state, level, seed):
    if rules.status(state).over:
        return
    move = ai.choose_move(state, random.Random(seed), level)
    assert move in rules.legal_moves(state)
    assert ai.choose_move(state, random.Random(seed), level) == move
