"""The solved Four Field Kono: the shipped table against the solver and an independent search,
Perfect's play at every clock and with repeated positions, analyse, and the levels."""
import functools
import itertools
import os
import random
import sys
from math import comb

import pytest
from test_kono_rules import reference_moves

from games.core.kit.levels import LEVELS
from games.core.kit.rules_api import IllegalMove, RuleError
from games.kono import ai, rules, table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import solve_kono  # noqa: E402

TABLE = table.load()
START = rules.new_game(rules.Params(), rules.START)
BLACK_WINS_IN_43 = "BBB.BBBWWW.WWWW.:B"
HELD_BY_9_13 = ".B..WBW.BW.B...W:W"


def position(own, enemy, side="B", clock=0):
    text = "".join(rules.board_of(own, enemy, side)) + ":" + side
    return rules.parse_position(f"{text}:{clock}")


def random_masks(rng, pieces, most=8):
    """(own, enemy) with `pieces` in all, each side 2..most."""
    while True:
        mine = rng.randint(2, pieces - 2)
        if max(mine, pieces - mine) <= most:
            break
    points = rng.sample(range(16), pieces)
    return (sum(1 << point for point in points[:mine]),
            sum(1 << point for point in points[mine:]))


# --- the file is the solver's, and the solver is right ---------------------------------------

def test_the_shipped_file_is_what_the_solver_makes_on_the_small_layers():
    with open(os.path.join(ROOT, "games", "kono", table.FILE_NAME), "rb") as file:
        shipped = file.read()
    assert len(shipped) <= 3 * 1024 * 1024
    made = table.encode(solve_kono.solve(3), 3)
    assert table.decode_layers(shipped, 3) == table.decode_layers(made)
    assert len(table.decode_layers(made)) == 16        # layers (0..3) x (0..3)


def test_the_index_counts_the_positions():
    index = TABLE.index
    everything = sum(comb(16, a) * comb(16 - a, b) for a in range(9) for b in range(9))
    assert 2 * everything == 77_490_558               # either side to move
    # One entry per symmetry class of `own`, times every `enemy`: about 4.86 million + 8%.
    assert index.size == sum(table.layer_size(a, b) for a in range(9) for b in range(9))
    assert 4_860_000 < index.size < 4_860_000 * 1.09


def _lines():
    """For each point, (neighbour, the point beyond it or None) in each direction, from (row,
    column) arithmetic: the test's own geometry, not the engine's."""
    lines = []
    for point in range(16):
        row, col = divmod(point, 4)
        here = []
        for d_row, d_col in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= row + d_row < 4 and 0 <= col + d_col < 4:
                beyond = ((row + 2 * d_row) * 4 + col + 2 * d_col
                          if 0 <= row + 2 * d_row < 4 and 0 <= col + 2 * d_col < 4 else None)
                here.append(((row + d_row) * 4 + col + d_col, beyond))
        lines.append(here)
    return lines


LINES = _lines()


@functools.cache
def brute_force(own, enemy, clock):
    """The score for the side to move by plain negamax over the rules of docs/RULES.md, with its own
    move generator: independent of the solver and of the engine."""
    if own.bit_count() < 2:
        return -table.WIN
    if enemy.bit_count() < 2:
        return table.WIN
    children = []
    for point in range(16):
        if not own >> point & 1:
            continue
        for near, beyond in LINES[point]:
            if not (own | enemy) >> near & 1:
                children.append((enemy, own ^ (1 << point) ^ (1 << near), clock + 1))
            elif own >> near & 1 and beyond is not None and enemy >> beyond & 1:
                children.append((enemy ^ (1 << beyond), own ^ (1 << point) ^ (1 << beyond), 0))
    if not children:
        return -table.WIN
    if clock >= rules.QUIET_LIMIT:
        return 0
    return max(table.back(brute_force(*child)) for child in children)


@pytest.mark.parametrize("pieces, clocks", [(4, (0, 20, 45, 49, 50)), (5, (44, 46, 48, 49, 50))])
def test_the_table_agrees_with_a_brute_force_search(pieces, clocks):
    rng = random.Random(pieces)
    for _ in range(40):
        own, enemy = random_masks(rng, pieces)
        assert set(rules.mask_moves(own, enemy)) == {
            (int(a), int(b)) for a, b in (move.split("-") for move in reference_moves(
                "".join(rules.board_of(own, enemy, "B")) + ":B"))}
        for clock in clocks:
            expected = brute_force(own, enemy, clock)
            score = TABLE.score(own, enemy, clock)
            assert table.outcome(score)[0] == table.outcome(expected)[0], (own, enemy, clock)
            if clock == 0:
                assert score == expected
            state = position(own, enemy, "W", clock)
            if not rules.status(state).over:
                assert ai.evaluate(state) == table.outcome(expected)      # plies too
                for move, value, plies in ai.graded_moves(state):
                    mine, theirs, captured = rules.play(own, enemy, move.source, move.target)
                    after = table.back(brute_force(theirs, mine, 0 if captured else clock + 1))
                    assert (value, plies) == table.outcome(after)


def test_the_table_keeps_the_rules_recurrence_everywhere():
    """Sampled over every size: a position's value at each clock is the best of its moves'
    (a capture at clock 0, a step at the next clock), and a finished game is what status says."""
    rng = random.Random(5)
    for _ in range(300):
        own, enemy = random_masks(rng, rng.randint(4, 16))
        clock = rng.choice((0, 0, 1, 10, 30, 48, 49, 50))
        state = position(own, enemy, rng.choice("BW"), clock)
        value = table.outcome(TABLE.score(own, enemy, clock))[0]
        result = rules.status(state)
        if result.over:
            expected = "draw" if result.winner is None else (
                "win" if result.winner == rules.current_player(state) else "loss")
            assert value == expected
            continue
        children = []
        for source, target in rules.mask_moves(own, enemy):
            mine, theirs, captured = rules.play(own, enemy, source, target)
            child = TABLE.score(theirs, mine, 0 if captured else clock + 1)
            children.append(table.back(child))
        assert value == table.outcome(max(children))[0]
        if clock == 0 and value != "draw" and all(
                enemy >> target & 1 for _, target in rules.mask_moves(own, enemy)):
            assert TABLE.score(own, enemy, 0) == max(children)   # every move a capture: exact


def test_symmetric_and_colour_swapped_positions_agree():
    rng = random.Random(9)
    for _ in range(12):
        own, enemy = random_masks(rng, rng.randint(4, 16))
        for perm in table.SYMMETRIES:
            same_own, same_enemy = table.transform(own, perm), table.transform(enemy, perm)
            assert TABLE.entry(same_own, same_enemy) == TABLE.entry(own, enemy)
            for clock in (0, 25, 49):
                black = ai.evaluate(position(own, enemy, "B", clock))
                white = ai.evaluate(position(same_own, same_enemy, "W", clock))
                assert black == white


# --- the solved game -----------------------------------------------------------------------

def test_the_start_and_the_four_opening_captures_are_draws():
    assert ai.evaluate(START) == ("draw", None)
    graded = ai.graded_moves(START)
    assert sorted(move.encode() for move, _, _ in graded) == ["0-8", "1-9", "2-10", "3-11"]
    assert all(value == "draw" for _, value, _ in graded)
    for move in rules.legal_moves(START):
        assert ai.evaluate(rules.apply_move(START, move)) == ("draw", None)


def test_analyse_knows_the_examples_exactly():
    won = ai.analyse(rules.parse_position(BLACK_WINS_IN_43))
    assert (won["value"], won["plies"]) == ("win", 43)
    assert won["moves"][0] == {"move": "1-9", "value": "win", "plies": 43}
    held = ai.analyse(rules.parse_position(HELD_BY_9_13))
    assert held["value"] == "draw"
    values = {entry["move"]: entry["value"] for entry in held["moves"]}
    assert values["9-13"] == "draw" and values["9-10"] == "loss"
    assert [value for value in values.values()].count("draw") == 1
    assert held["moves"][0]["move"] == "9-13"


def test_the_clock_in_the_position_text_is_the_clock_analysed():
    assert rules.parse_position(BLACK_WINS_IN_43 + ":0") == rules.parse_position(BLACK_WINS_IN_43)
    # The win needs captures within 50 quiet plies: late in the count it is only a draw.
    values = [ai.analyse(rules.parse_position(f"{BLACK_WINS_IN_43}:{clock}"))["value"]
              for clock in range(0, 51)]
    assert values[0] == "win" and values[-1] == "draw"
    first_draw = values.index("draw")
    assert values[first_draw:] == ["draw"] * (51 - first_draw)      # never a win again
    assert all(value == "win" for value in values[:first_draw])


def test_analyse_over_positions_of_6_to_16_pieces():
    """Values at clock 0 match the table, moves are best first, and a won position's plies are
    one of its winning moves' (the fastest)."""
    rng = random.Random(21)
    for pieces in range(6, 17):
        for _ in range(12):
            own, enemy = random_masks(rng, pieces)
            state = position(own, enemy, rng.choice("BW"))
            if rules.status(state).over:
                continue
            result = ai.analyse(state)
            expected = table.outcome(TABLE.score(own, enemy, 0))
            assert (result["value"], result["plies"]) == expected
            order = {"win": 0, "draw": 1, "loss": 2}
            ranks = [order[entry["value"]] for entry in result["moves"]]
            assert ranks == sorted(ranks) and ranks[0] == order[result["value"]]
            exact = [entry["plies"] for entry in result["moves"]
                     if entry["value"] == "win" and entry["plies"] is not None]
            if result["value"] == "win" and exact:
                assert min(exact) >= result["plies"]


# --- Perfect's play ------------------------------------------------------------------------

def play_out(state, levels_by_player, rng, check=None):
    ply = 0
    while not rules.status(state).over:
        level = levels_by_player[rules.current_player(state)]
        move = ai.choose_move(state, rng, level)
        if check:
            check(state, level, move)
        ply += 1
        state = rules.apply_move(state, move)
    return state


def keeps_its_value(state, level, move):
    """Perfect never gives up value: the move's value is the best there is (the values alone,
    without searching plies: ai._ranked without its search is what choose_move sees)."""
    if level != "perfect":
        return
    ranked = ai._ranked(state, nodes=0)
    assert {entry[0]: entry[1] for entry in ranked}[move] == ranked[0][1]


def test_perfect_against_perfect_from_the_start_draws():
    for seed in range(6):
        end = play_out(START, ("perfect", "perfect"), random.Random(seed), keeps_its_value)
        assert rules.status(end).winner is None


def random_drawn_position(rng):
    while True:
        own, enemy = random_masks(rng, rng.randint(8, 14))
        state = position(own, enemy, rng.choice("BW"))
        if not rules.status(state).over and ai.evaluate(state)[0] == "draw":
            return state


@pytest.mark.parametrize("level", ["off", "low", "medium", "high", "30"])
def test_perfect_never_loses_to_a_lower_level(level):
    rng = random.Random(level)
    starts = [START] * 6 + [random_drawn_position(rng) for _ in range(6)]
    for number, start in enumerate(starts):
        perfect = number % 2                      # either side
        levels_by_player = [level, level]
        levels_by_player[perfect] = "perfect"
        end = play_out(start, levels_by_player, rng, keeps_its_value)
        assert rules.status(end).winner in (None, perfect)


def won_positions(rng, fewest: int, most: int):
    """Random positions with Black to move and winning, without end."""
    while True:
        own, enemy = random_masks(rng, rng.randint(fewest, most))
        state = position(own, enemy, "B")
        if not rules.status(state).over and ai.evaluate(state)[0] == "win":
            yield state


def test_perfect_converts_won_positions_and_lower_levels_lose_them():
    rng = random.Random(3)
    for state in itertools.islice(won_positions(rng, 5, 10), 8):
        end = play_out(state, ("perfect", "off"), rng, keeps_its_value)
        assert rules.status(end).winner == 0


def test_perfect_wins_fastest_and_loses_slowest_at_clock_0():
    state = rules.parse_position(BLACK_WINS_IN_43)
    plies = 0
    while not rules.status(state).over:
        state = rules.apply_move(state, ai.choose_move(state, random.Random(plies), "perfect"))
        plies += 1
    assert plies == 43 and rules.status(state).winner == 0


def test_a_winner_never_walks_into_a_third_repetition():
    """Positions seen twice draw when they come again: Perfect, winning, steps around them
    (and a move onto one is graded a draw)."""
    checked = 0
    for state in won_positions(random.Random(11), 6, 10):
        if checked == 20:
            break
        graded = ai.graded_moves(state)
        quiet_wins = [move for move, value, _ in graded
                      if value == "win" and state.board[move.target] == "."]
        if not quiet_wins:
            continue
        blocked = rules.apply_move(state, quiet_wins[0]).key
        seen = tuple(sorted({state.key: 1, blocked: 2}.items()))
        repeated = rules.State(state.board, state.to_move, seen)
        regraded = {move: value for move, value, _ in ai.graded_moves(repeated)}
        assert regraded[quiet_wins[0]] == "draw"
        if "win" not in regraded.values():
            continue                # the only wins went through it: a draw is the best left
        for seed in range(5):
            move = ai.choose_move(repeated, random.Random(seed), "perfect")
            assert rules.apply_move(repeated, move).key != blocked
            assert regraded[move] == "win"
        checked += 1


def test_perfect_answers_with_a_loser_escape_to_a_repetition_as_a_draw():
    """A move after which the losing side can step onto a position seen twice is no win."""
    found = 0
    for state in won_positions(random.Random(17), 6, 10):
        if found == 10:
            break
        move, value, _ = ai.graded_moves(state)[0]
        after = rules.apply_move(state, move)
        replies = [reply for reply in rules.legal_moves(after)
                   if after.board[reply.target] == "." and not rules.status(
                       rules.apply_move(after, reply)).over]
        if not replies or state.board[move.target] != ".":
            continue
        escape = rules.apply_move(after, replies[0]).key
        if escape == state.key:
            continue
        seen = tuple(sorted({state.key: 1, escape: 2}.items()))
        repeated = rules.State(state.board, state.to_move, seen)
        regraded = {grade.move: grade.value for grade in ai.graded_moves(repeated)}
        assert regraded[move] == "draw"
        found += 1


# --- levels ----------------------------------------------------------------------------------

def test_levels_and_finished_games_are_refused_clearly():
    with pytest.raises(RuleError, match="A level is a number from 0 to 100"):
        ai.choose_move(START, random.Random(1), "grandmaster")
    finished = rules.parse_position("BWWBW..W........:B")
    with pytest.raises(IllegalMove):
        ai.choose_move(finished, random.Random(1), "perfect")
    assert ai.graded_moves(finished) == []


@pytest.mark.parametrize("level", list(LEVELS) + ["random", "easy", "hard", "master", "55", None])
def test_every_level_plays_legal_moves_the_same_way_for_a_seed(level):
    middle = rules.parse_position("B.BB.WB.BW.WW.W.:W")
    for state in (START, middle):
        move = ai.choose_move(state, random.Random(4), level)
        assert move in rules.legal_moves(state)
        assert ai.choose_move(state, random.Random(4), level) == move


def test_off_plays_at_random_and_perfect_only_best_moves():
    state = rules.parse_position(HELD_BY_9_13)
    off = {ai.choose_move(state, random.Random(seed), "off") for seed in range(80)}
    assert off == set(rules.legal_moves(state))
    perfect = {ai.choose_move(state, random.Random(seed), "perfect") for seed in range(30)}
    assert perfect == {rules.Move(9, 13)}


def test_preload_reads_the_table_once():
    ai.preload()
    loaded = table.load()     # (bench's load figure reads it afresh: compare with this one)
    ai.preload()
    assert table.load() is loaded


def test_the_computer_accepts_a_draw_unless_the_table_says_it_can_win():
    assert ai.accepts_draw(START, 0) and ai.accepts_draw(START, 1)     # a draw: yes
    lost_for_black = rules.parse_position("BWBBBWB....WWWWW:B")
    assert ai.evaluate(lost_for_black)[0] == "loss"
    assert not ai.accepts_draw(lost_for_black, 1), "White can force a win: it plays on"
    assert ai.accepts_draw(lost_for_black, 0), "Black is lost: a draw is welcome"
    white_to_move = rules.apply_move(lost_for_black, ai.choose_move(
        lost_for_black, random.Random(1), "perfect"))
    assert not ai.accepts_draw(white_to_move, 1) and ai.accepts_draw(white_to_move, 0)
