"""Mu Torere's solved table and perfect-play computer."""
import random
from collections import Counter, deque

import pytest
from test_mu_torere_rules import late, play, position  # the shared helpers

from games.core.kit.rules_api import IllegalMove, RuleError
from games.mu_torere import ai, rules
from games.mu_torere.rules import Move

# Moves from the start after which history changes the table's verdicts (found by random play).
CYCLED_WIN = ("3-8", "4-3", "8-4", "7-8", "0-7", "8-0", "2-8", "3-2", "8-3", "2-8", "1-2", "0-1",
              "7-0", "8-7", "0-8", "7-0", "8-7", "0-8", "7-0", "8-7", "0-8", "7-0", "8-7")
ESCAPABLE_WIN = ("3-8", "4-3", "8-4", "3-8", "2-3", "8-2", "1-8", "2-1", "8-2", "1-8", "2-1",
                 "8-2", "3-8", "2-3", "8-2", "3-8")


def reachable():
    """Every position reachable from the start, found through the rules alone."""
    found = {rules.START}
    queue = deque([rules.START])
    while queue:
        state = position(queue.popleft())
        for move in rules.legal_moves(state):
            key = rules.position_text(rules.apply_move(state, move))
            if key not in found:
                found.add(key)
                queue.append(key)
    return found


REACHABLE = sorted(reachable())


def play_out(state, rng, levels):
    """Play to the end, levels[player] choosing for each player."""
    while not rules.status(state).over:
        level = levels[rules.current_player(state)]
        state = rules.apply_move(state, ai.choose_move(state, rng, level))
    return state


def test_the_solved_counts():
    table = ai.solve()
    assert len(table) == 1260 and len(REACHABLE) == 1180
    assert Counter(table[key][0] for key in REACHABLE) == {"win": 208, "loss": 128, "draw": 844}
    assert table[rules.START] == ("draw", None)
    assert max(table[key][1] for key in REACHABLE if table[key][0] == "win") == 5


def test_analyse_on_literal_positions():
    assert ai.analyse(position(rules.START)) == {
        "value": "draw", "plies": None,
        "moves": [{"move": "0-8", "value": "draw", "plies": None},
                  {"move": "3-8", "value": "draw", "plies": None}]}
    assert ai.analyse(position("WBBBWWWB.:W")) == {
        "value": "draw", "plies": None,
        "moves": [{"move": "4-8", "value": "draw", "plies": None},
                  {"move": "6-8", "value": "draw", "plies": None},
                  {"move": "0-8", "value": "loss", "plies": 6}]}
    assert ai.analyse(position(".BBBWWWBW:B")) == {
        "value": "win", "plies": 5,
        "moves": [{"move": "1-0", "value": "win", "plies": 5},
                  {"move": "7-0", "value": "loss", "plies": 2}]}
    assert ai.analyse(position("BBBBWWW.W:W")) == {
        "value": "win", "plies": 1,
        "moves": [{"move": "6-7", "value": "win", "plies": 1},
                  {"move": "8-7", "value": "draw", "plies": None}]}
    assert ai.analyse(position("BB.BWWWWB:W")) == {"value": "loss", "plies": 0, "moves": []}


def test_the_ply_limit_turns_a_late_win_into_a_draw():
    assert ai.evaluate(late(".BBBWWWBW:B", 195)) == ("win", 5)
    assert ai.analyse(late(".BBBWWWBW:B", 196)) == {
        "value": "draw", "plies": None,
        "moves": [{"move": "1-0", "value": "draw", "plies": None},
                  {"move": "7-0", "value": "loss", "plies": 2}]}


def test_a_win_does_not_walk_into_a_third_repetition():
    state = play(position(rules.START), *CYCLED_WIN)
    # Without history 0-8 and 6-8 both win in 3; here 0-8 repeats a position a third time.
    assert ai.analyse(position(state.key))["moves"][:2] == [
        {"move": "0-8", "value": "win", "plies": 3}, {"move": "6-8", "value": "win", "plies": 3}]
    assert ai.analyse(state)["moves"][:2] == [{"move": "6-8", "value": "win", "plies": 3},
                                              {"move": "0-8", "value": "draw", "plies": None}]
    assert {ai.choose_move(state, random.Random(seed), 100) for seed in range(20)} == {Move(6, 8)}
    assert rules.status(play_out(state, random.Random(1), {0: 0, 1: 100})).winner == 1


def test_a_win_the_loser_can_escape_by_repetition_is_a_draw():
    state = play(position(rules.START), *ESCAPABLE_WIN)
    assert ai.evaluate(position(state.key)) == ("win", 5)
    assert ai.evaluate(state) == ("draw", None)
    for seed in range(10):
        assert rules.status(play_out(state, random.Random(seed), {0: 100, 1: 100})).winner is None


def test_level_100_wins_every_won_position_in_time_against_random_play():
    table = ai.solve()
    for index, key in enumerate(key for key in REACHABLE if table[key][0] == "win"):
        state = position(key)
        computer = rules.current_player(state)
        end = play_out(state, random.Random(index), {computer: 100, 1 - computer: 0})
        assert rules.status(end).winner == computer, key
        assert end.ply <= table[key][1], key


def test_level_100_never_loses_a_drawn_position_against_random_play():
    table = ai.solve()
    for index, key in enumerate(key for key in REACHABLE if table[key][0] == "draw"):
        state = position(key)
        computer = rules.current_player(state)
        end = play_out(state, random.Random(index), {computer: 100, 1 - computer: 0})
        assert rules.status(end).winner in (None, computer), key


def test_level_100_never_loses_from_the_start_against_random_play():
    results = Counter()
    for seed in range(120):
        computer = seed % 2
        end = play_out(position(rules.START), random.Random(seed), {computer: 100, 1 - computer: 0})
        results[rules.status(end).winner] += 1
        assert rules.status(end).winner in (None, computer)
    assert results[0] and results[1]     # random play does lose, as either colour


def test_level_100_against_itself_draws_every_drawn_position():
    table = ai.solve()
    for index, key in enumerate(key for key in REACHABLE if table[key][0] == "draw"):
        end = play_out(position(key), random.Random(index), {0: 100, 1: 100})
        assert rules.status(end).winner is None, key


def test_levels():
    assert [ai.level_chance(level) for level in (None, "off", "Low", "medium", "high", "37", 37)] \
        == [100, 0, 40, 70, 95, 37, 37]
    for bad in ("custom", "101", "-1", "", "max", 101):
        with pytest.raises(RuleError):
            ai.level_chance(bad)
    state = position(".BBBWWWBW:B")       # 1-0 wins, 7-0 loses
    chosen = Counter(ai.choose_move(state, random.Random(seed), 0) for seed in range(60))
    assert chosen[Move(1, 0)] and chosen[Move(7, 0)]
    assert {ai.choose_move(state, random.Random(seed), None) for seed in range(60)} == {Move(1, 0)}
    with pytest.raises(IllegalMove):
        ai.choose_move(position("BB.BWWWWB:W"), random.Random(0), 100)


def test_graded_moves_for_the_hint():
    # 8-7 goes back to the start.
    assert ai.graded_moves(position("BBBBWWW.W:W")) == [(Move(6, 7), "win", 1),
                                                        (Move(8, 7), "draw", None)]
    assert ai.graded_moves(position("WBBBWWWB.:W")) == [(Move(4, 8), "draw", None),
                                                        (Move(6, 8), "draw", None),
                                                        (Move(0, 8), "loss", 6)]


def test_the_computer_accepts_a_draw_unless_it_can_win():
    winning_black = position(".BBBWWWBW:B")
    assert not ai.accepts_draw(winning_black, 0) and ai.accepts_draw(winning_black, 1)
    assert ai.accepts_draw(position(rules.START), 0) and ai.accepts_draw(position(rules.START), 1)


def test_solving_with_repeated_positions_draws_them():
    key = ".BBBWWWBW:B"
    assert ai.solve()[key] == ("win", 5)
    assert ai.solve(frozenset({key}))[key] == ("draw", None)
    # Its only fast win went through B.BBWWWBW:W; without it Black has no win at all.
    assert ai.solve(frozenset({"B.BBWWWBW:W"}))[key] == ("draw", None)
