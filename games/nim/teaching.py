"""What the teaching view shows: each heap in binary, the running XOR down each bit column,
the nim-sum, whether the player to move is winning, and a hint that says which move wins and
why (normal and misere play). Pure data; the scene draws it."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.nim.ai import is_winning, nim_sum, only_small_heaps, stalling_move, winning_move
from games.nim.rules import SIDES, Move, State


@dataclass(frozen=True)
class HeapRow:
    size: int
    bits: str               # the size in binary, one character per column
    running: int            # XOR of this heap and every heap above it
    running_bits: str


@dataclass(frozen=True)
class Lesson:
    columns: tuple[int, ...]    # place value of each bit column, most significant first
    rows: tuple[HeapRow, ...]   # one per heap, in heap order
    nim_sum: int
    nim_sum_bits: str
    winning: bool               # the player to move wins with best play
    move: Move | None           # the winning move, when there is one
    hint: str


def explain(state: State, min_width: int = 1) -> Lesson:
    """The lesson for this position. min_width keeps a steady number of bit columns (4 covers
    every heap of up to 15) while the heaps shrink."""
    width = max(min_width, max(state.heaps).bit_length())

    def bits(value: int) -> str:
        return format(value, f"0{width}b")

    rows, running = [], 0
    for heap in state.heaps:
        running ^= heap
        rows.append(HeapRow(heap, bits(heap), running, bits(running)))
    move = winning_move(state)
    return Lesson(columns=tuple(1 << place for place in reversed(range(width))),
                  rows=tuple(rows), nim_sum=running, nim_sum_bits=bits(running),
                  winning=is_winning(state), move=move, hint=_hint(state, move, bits))


def _hint(state: State, move: Move | None, bits: Callable[[int], str]) -> str:
    heaps = state.heaps
    if not any(heaps):
        result = "loses" if state.misere else "wins"
        return f"No counters are left: {SIDES[1 - state.to_move]} took the last one and {result}."
    if state.misere and only_small_heaps(heaps):
        return _hint_ones(heaps.count(1))
    if state.misere and sum(heap >= 2 for heap in heaps) == 1:
        assert move is not None     # one big heap in misere play: always winning
        return _hint_last_big_heap(heaps, move)
    prefix = ("In misère play the usual strategy holds while two or more heaps have 2 or more "
              "counters. " if state.misere else "")
    return prefix + _hint_xor(state, move, bits)


def _hint_xor(state: State, move: Move | None, bits: Callable[[int], str]) -> str:
    heaps = state.heaps
    total = nim_sum(heaps)
    if move is None:
        stall = stalling_move(state)
        counters = "one" if stall.take == 1 else str(stall.take)
        return ("The nim-sum is 0: every column has an even number of ones. Any move changes "
                "one heap, so it leaves some column odd, and your opponent can make it even "
                f"again: you are losing. Make the game last: take {counters} from the heap of "
                f"{heaps[stall.heap]}, and hope for a slip.")
    heap = heaps[move.heap]
    left = heap - move.take
    place = 1 << (total.bit_length() - 1)
    return (f"The nim-sum is {total} ({bits(total)}), not 0, so you are winning. "
            f"The heap of {heap} ({bits(heap)}) has a 1 in the {place}s column, the nim-sum's "
            f"highest 1; {heap} XOR {total} = {left}, so take {move.take} from it, leaving "
            f"{left}. That makes the nim-sum 0, every column even, and whatever your opponent "
            f"takes makes some column odd again.")


def _hint_ones(ones: int) -> str:
    if ones == 1:
        return ("Only one counter is left, and in misère play whoever takes it loses: you have "
                "to take it.")
    if ones % 2:
        return (f"Only heaps of 1 are left, {ones} of them, an odd number: taking them in turn, "
                f"you will take the last counter whatever happens. You are losing.")
    return (f"Only heaps of 1 are left, {ones} of them, an even number, so you are winning: "
            f"take one to leave an odd number, and your opponent will take the last counter.")


def _hint_last_big_heap(heaps: tuple[int, ...], move: Move) -> str:
    heap = heaps[move.heap]
    left = heap - move.take
    ones = heaps.count(1) + left
    return (f"Only the heap of {heap} holds more than one counter, so in misère play you are "
            f"winning and the aim is now to leave an odd number of heaps of 1. Take "
            f"{move.take} from it, leaving {left}, so an odd number of heaps of 1 ({ones}) is "
            f"left: you and your opponent take them in turn, and your opponent takes the last "
            f"counter.")
