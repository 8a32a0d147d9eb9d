"""The Four Field Kono endgame table against the rules and an independent brute-force search."""
import functools
import itertools
import random

import pytest

from games.kono import endgame, rules
from games.kono.endgame import WIN, outcome
from test_kono_rules import reference_moves

TABLE = endgame.table()


def bits(*points):
    return sum(1 << point for point in points)


def position_of(own, enemy, side="B"):
    return "".join(rules.board_of(own, enemy, side)) + ":" + side


def random_position(rng, pieces):
    """(own, enemy) with `pieces` in all, each side at least two."""
    mine = rng.randint(endgame.FEWEST, pieces - endgame.FEWEST)
    points = rng.sample(range(16), pieces)
    return bits(*points[:mine]), bits(*points[mine:])


@pytest.mark.parametrize("own, enemy, scores", [
    # Black 0, 1 and White 2, 3: 0 jumps 1 onto 2, White is down to one piece. Any clock.
    (bits(0, 1), bits(2, 3), {0: WIN - 1, 49: WIN - 1}),
    # Black 0, 1 against White 4, 8: Black can only move 1 (to 2 or 5), then White's 8 jumps
    # 4 onto 0. A loss in 2, unless the 50th quiet ply comes first (at clock 49).
    (bits(0, 1), bits(4, 8), {0: 2 - WIN, 48: 2 - WIN, 49: 0}),
    # Black 0, 2 against White 3, 7: a win in 3 plies, which needs the clock at 47 or less.
    (bits(0, 2), bits(3, 7), {0: WIN - 3, 47: WIN - 3, 48: 0, 49: 0}),
    # Far apart with nothing to force: a draw.
    (bits(0, 3), bits(12, 15), {0: 0, 49: 0}),
])
def test_known_values(own, enemy, scores):
    for clock, score in scores.items():
        assert TABLE.score(own, enemy, clock) == score, clock


def test_outside_the_table():
    assert TABLE.score(bits(0, 1, 2), bits(12, 13, 14), 0) is None     # six pieces
    assert TABLE.score(bits(0), bits(12, 13, 14), 0) is None            # already lost


def test_indexes_number_each_tier_without_gaps():
    two_against_two = [TABLE.index(bits(*own), bits(*enemy))
                       for own in itertools.combinations(range(16), 2)
                       for enemy in itertools.combinations(set(range(16)) - set(own), 2)]
    assert sorted(int(index) for index in two_against_two) == list(range(120 * 91))
    rng = random.Random(5)
    sample = {random_position(rng, 5) for _ in range(3000)}
    indexes = {int(TABLE.index(own, enemy)) for own, enemy in sample}
    assert len(indexes) == len(sample) and max(indexes) < 120 * 364 + 560 * 78


def test_every_sampled_score_is_the_best_of_its_moves():
    """The backward induction, checked through the rules' own move generator: a position is
    worth its best move; a step leads to the next clock, a capture to clock 0 of fewer pieces
    or to the end; at clock 50 the game is over."""
    def move_score(own, enemy, move, clock):
        own, enemy, captured = rules.play(own, enemy, *move)
        if enemy.bit_count() < 2:
            return WIN - 1
        return endgame.back(TABLE.score(enemy, own, 0 if captured else clock + 1))

    rng = random.Random(11)
    for _ in range(1500):
        own, enemy = random_position(rng, rng.choice((4, 5)))
        clock = rng.randrange(rules.QUIET_LIMIT + 1)
        moves = rules.mask_moves(own, enemy)
        if not moves:
            expected = -WIN
        elif clock == rules.QUIET_LIMIT:
            expected = 0
        else:
            expected = max(move_score(own, enemy, move, clock) for move in moves)
        assert TABLE.score(own, enemy, clock) == expected, (position_of(own, enemy), clock)


UNSURE = (1 - WIN, WIN - 1)     # anything but a loss on the spot


@functools.lru_cache(maxsize=None)
def brute_force(position: str, clock: int, depth: int) -> tuple[int, int]:
    """(lowest, highest) score the side to move can have, by plain minimax over the reference
    move generator to `depth` plies; equal bounds are the exact value. Repetition needs no
    handling: a third occurrence takes at least 8 plies, deeper than any search here."""
    board, side = position[:16], position[-1]
    other = "W" if side == "B" else "B"
    moves = reference_moves(position)
    if board.count(side) < 2 or not moves:
        return -WIN, -WIN
    if clock >= rules.QUIET_LIMIT:
        return 0, 0
    if depth == 0:
        return UNSURE
    lowest = highest = -2 * WIN
    for move in moves:
        source, target = map(int, move.split("-"))
        after = list(board)
        captured = after[target] == other
        after[source], after[target] = ".", side
        low, high = brute_force("".join(after) + ":" + other, 0 if captured else clock + 1,
                                depth - 1)
        lowest, highest = max(lowest, endgame.back(high)), max(highest, endgame.back(low))
    return lowest, highest


def test_table_agrees_with_brute_force():
    rng = random.Random(2024)
    settled = set()
    for number in range(160):
        pieces = (4, 5)[number % 2]
        own, enemy = random_position(rng, pieces)
        clock = rng.choice((0, 20, 45, 46, 47, 48, 49))
        low, high = brute_force(position_of(own, enemy), clock, 4 if pieces == 4 else 3)
        score = TABLE.score(own, enemy, clock)
        assert low <= score <= high, (position_of(own, enemy), clock)
        if low == high:
            settled.add((pieces, outcome(score)[0]))
    # Near the 50-ply draw the search settles draws as well as wins: the check has teeth.
    assert settled >= {(4, "win"), (4, "draw"), (5, "win"), (5, "loss"), (5, "draw")}


def test_short_wins_and_losses_match_brute_force_exactly():
    """Wins and losses within 4 plies in the table are found, with their plies, by a 4-ply
    brute force. Random positions are mostly draws, so six of each kind are picked out."""
    rng = random.Random(7)
    checked = {("win", 1): 0, ("win", 3): 0, ("loss", 2): 0, ("loss", 4): 0}
    while min(checked.values()) < 6:
        own, enemy = random_position(rng, rng.choice((4, 5)))
        clock = rng.choice((0, 30, 47, 48))
        score = TABLE.score(own, enemy, clock)
        if checked.get(outcome(score), 6) < 6:
            assert brute_force(position_of(own, enemy), clock, 4) == (score, score)
            checked[outcome(score)] += 1


def test_the_solved_game_agrees_with_this_table_at_every_clock():
    """games/kono/table.py (the whole game, shipped) and ai's plies searched above clock 0,
    against this table, which keeps every clock: values and plies."""
    from games.kono import ai, table
    solved = table.load()
    rng = random.Random(14)
    for _ in range(60):
        own, enemy = random_position(rng, rng.choice((4, 5)))
        for clock in (0, 1, 7, 30, 46, 49, 50):
            expected = outcome(TABLE.score(own, enemy, clock))
            assert table.outcome(solved.score(own, enemy, clock))[0] == expected[0]
            state = rules.parse_position(f"{position_of(own, enemy)}:{clock}")
            if not rules.status(state).over:
                assert ai.evaluate(state) == expected
