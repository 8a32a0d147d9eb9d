"""The teaching view's data on literal positions, normal and misere."""
from hypothesis import given, settings, strategies as st

from games.nim import ai, rules
from games.nim.rules import Move, State
from games.nim.teaching import HeapRow, Lesson, explain

states = st.builds(State, st.lists(st.integers(0, 15), min_size=1, max_size=8).map(tuple),
                   st.integers(0, 1), st.booleans())


def test_classic_start_in_four_columns():
    assert explain(rules.parse_position("3,4,5"), min_width=4) == Lesson(
        columns=(8, 4, 2, 1),
        rows=(HeapRow(3, "0011", 3, "0011"), HeapRow(4, "0100", 7, "0111"),
              HeapRow(5, "0101", 2, "0010")),
        nim_sum=2, nim_sum_bits="0010", winning=True, move=Move(0, 2),
        hint="The nim-sum is 2 (0010), not 0, so you are winning. The heap of 3 (0011) has a "
             "1 in the 2s column, the nim-sum's highest 1; 3 XOR 2 = 1, so take 2 from it, "
             "leaving 1. That makes the nim-sum 0, every column even, and whatever your "
             "opponent takes makes some column odd again.")


def test_width_follows_the_largest_heap_by_default():
    lesson = explain(State((12, 0, 9)))
    assert lesson.columns == (8, 4, 2, 1)
    assert [row.bits for row in lesson.rows] == ["1100", "0000", "1001"]
    assert [row.running_bits for row in lesson.rows] == ["1100", "1100", "0101"]
    assert (lesson.nim_sum, lesson.move) == (5, Move(0, 3))      # 12 XOR 5 = 9: take 3
    assert explain(State((1, 1))).columns == (1,)


def test_losing_position():
    lesson = explain(rules.parse_position("1,4,5"))
    assert (lesson.nim_sum, lesson.nim_sum_bits, lesson.winning, lesson.move) == (
        0, "000", False, None)
    assert lesson.hint == (
        "The nim-sum is 0: every column has an even number of ones. Any move changes one heap, "
        "so it leaves some column odd, and your opponent can make it even again: you are "
        "losing. Make the game last: take one from the heap of 5, and hope for a slip.")
    assert explain(rules.parse_position("3,5,6")).hint.endswith(
        "Make the game last: take one from the heap of 5, and hope for a slip.")


def test_misere_with_two_big_heaps_follows_the_xor_rule():
    lesson = explain(rules.parse_position("2,2,3:misere"))
    assert (lesson.winning, lesson.move) == (True, Move(0, 1))
    assert lesson.hint.startswith(
        "In misère play the usual strategy holds while two or more heaps have 2 or more "
        "counters. The nim-sum is 3 (11), not 0, so you are winning.")


def test_misere_last_big_heap():
    lesson = explain(rules.parse_position("1,1,6:misere"))
    assert (lesson.nim_sum, lesson.winning, lesson.move) == (6, True, Move(2, 5))
    assert lesson.hint == (
        "Only the heap of 6 holds more than one counter, so in misère play you are winning "
        "and the aim is now to leave an odd number of heaps of 1. Take 5 from it, leaving 1, "
        "so an odd number of heaps of 1 (3) is left: you and your opponent take them in "
        "turn, and your opponent takes the last counter.")
    assert explain(rules.parse_position("1,6:misere")).move == Move(1, 6)
    assert explain(rules.parse_position("1,6")).move == Move(1, 5)   # normal play differs


def test_misere_heaps_of_one():
    even = explain(rules.parse_position("1,0,1:misere"))
    assert (even.nim_sum, even.winning, even.move) == (0, True, Move(0, 1))
    assert even.hint == (
        "Only heaps of 1 are left, 2 of them, an even number, so you are winning: take one to "
        "leave an odd number, and your opponent will take the last counter.")
    odd = explain(rules.parse_position("1,1,1:misere"))
    assert (odd.winning, odd.move) == (False, None)
    assert odd.hint == (
        "Only heaps of 1 are left, 3 of them, an odd number: taking them in turn, you will "
        "take the last counter whatever happens. You are losing.")
    assert explain(rules.parse_position("0,1:misere")).hint == (
        "Only one counter is left, and in misère play whoever takes it loses: you have to "
        "take it.")


def test_game_over():
    normal = explain(State((0, 0), 0, False))
    assert (normal.winning, normal.move, normal.hint) == (
        False, None, "No counters are left: Right took the last one and wins.")
    misere = explain(State((0, 0), 1, True))
    assert (misere.winning, misere.move, misere.hint) == (
        True, None, "No counters are left: Left took the last one and loses.")


@settings(max_examples=150, deadline=None)
@given(states, st.integers(1, 4))
def test_lesson_agrees_with_the_theory(state, min_width):
    lesson = explain(state, min_width)
    width = len(lesson.columns)
    assert width >= min_width and lesson.columns[-1] == 1
    assert all(len(row.bits) == len(row.running_bits) == width for row in lesson.rows)
    assert [int(row.bits, 2) for row in lesson.rows] == list(state.heaps)
    assert lesson.rows[-1].running == lesson.nim_sum == ai.nim_sum(state.heaps)
    assert int(lesson.nim_sum_bits, 2) == lesson.nim_sum
    for column, place in enumerate(lesson.columns):     # a 1 in the nim-sum = an odd column
        ones = sum(row.bits[column] == "1" for row in lesson.rows)
        assert ones % 2 == (lesson.nim_sum & place != 0)
    assert lesson.winning == ai.is_winning(state)
    assert lesson.move == ai.winning_move(state)
    if lesson.move and max(state.heaps) >= 2:   # the hint names the heap and what is left
        left = state.heaps[lesson.move.heap] - lesson.move.take
        assert f"take {lesson.move.take} from it, leaving {left}" in lesson.hint.lower()
