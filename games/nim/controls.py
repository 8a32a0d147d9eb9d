"""Nim's controls: what a click, a key or a pad button means on the heaps
(games/core/kit/controls.py has the shape). Pure: tested without a display.

Mouse: point at a counter (it and every counter above it light up) and click to take them.
Keyboard and pad: the arrows or the d-pad move the cursor
(left and right to the next heap with counters, taking as many as before; up and down the
heap), Tab or the triggers go round those heaps, 1-8 jump to a heap, Enter or A takes. A take
has no alternate way; the teaching view (T) and the heap editor (E) are commands of the game's
table (info.py), carried out by the scene.

The cursor is (heap, counter from the bottom): choosing a counter takes it and every counter
above it. The scene supplies `target`: the counter under the pointer (POINT, PRESS).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Look, Play, cycle
from games.nim.rules import Move, State, apply_move, status

Cursor = tuple[int, int]        # (heap, counter from the bottom)
Heaps = tuple[int, ...]


@dataclass(frozen=True)
class Ui:
    """Where the player is: the keyboard and pad cursor, and the counter under the mouse."""
    cursor: Cursor = (0, 0)
    hover: Cursor | None = None


Answer = Play[Ui] | Look[Ui] | None    # a take the rules refuse never reaches play


def home(heaps: Heaps) -> Cursor:
    """Where the cursor starts: the top counter of the first heap that has one."""
    heap = next((h for h, size in enumerate(heaps) if size), 0)
    return heap, max(0, heaps[heap] - 1)


def valid(heaps: Heaps, cursor: Cursor) -> Cursor:
    """The cursor moved onto a counter that exists (its heap, or the nearest non-empty)."""
    heap, k = cursor
    heap = min(max(heap, 0), len(heaps) - 1)
    if not heaps[heap]:
        nonempty = [h for h, size in enumerate(heaps) if size]
        if not nonempty:
            return heap, 0
        heap = min(nonempty, key=lambda h: (abs(h - heap), h))
        return heap, heaps[heap] - 1          # its top counter: take one
    return heap, min(max(k, 0), heaps[heap] - 1)


def same_take(heaps: Heaps, cursor: Cursor, other: int) -> Cursor:
    """The cursor on another heap, taking as many as it did here (or that whole heap):
    moving across never turns "take 1" into "take them all"."""
    heap, k = cursor
    take = heaps[heap] - k if heaps[heap] else 1
    return other, max(0, heaps[other] - take)


def beside(heaps: Heaps, cursor: Cursor, step: int) -> Cursor:
    """The arrows across: to the next heap with counters that way, same take; at the last
    one the cursor stays."""
    here = valid(heaps, cursor)
    for heap in range(here[0] + step, len(heaps) if step > 0 else -1, step):
        if heaps[heap]:
            return same_take(heaps, here, heap)
    return here


def moved(heaps: Heaps, cursor: Cursor, dx: int, dy: int) -> Cursor:
    """Arrows: left and right between heaps, up and down a heap."""
    if dx:
        return beside(heaps, cursor, 1 if dx > 0 else -1)
    heap, k = valid(heaps, cursor)
    return heap, min(max(k - dy, 0), max(heaps[heap] - 1, 0))


def tab_order(heaps: Heaps) -> list[int]:
    """The heaps Tab and the triggers go round: those with counters."""
    return [heap for heap, size in enumerate(heaps) if size]


def on_a_counter(heaps: Heaps, cursor: Cursor) -> bool:
    heap, k = cursor
    return 0 <= heap < len(heaps) and 0 <= k < heaps[heap]


def taking(state: State, cursor: Cursor) -> Move:
    """The move that takes the counter at `cursor` and every counter above it."""
    heap, k = cursor
    return Move(heap, state.heaps[heap] - k)


def counter_of(state: State, move: Move) -> Cursor:
    """The counter to choose for `move`: the lowest one it takes."""
    return move.heap, state.heaps[move.heap] - move.take


def taken(heaps: Heaps, cursor: Cursor) -> frozenset[Cursor]:
    """The counters a choice at `cursor` takes: it and every one above it."""
    heap, k = cursor
    return frozenset((heap, j) for j in range(k, heaps[heap]))


def interpret(state: State, ui: Ui, action: Action, target: Cursor | None) -> Answer:
    """What `action` means on these heaps; `target` is the counter under the pointer."""
    kind, heaps = action.kind, state.heaps
    over = status(state).over
    if kind == Act.POINT:
        hover = None if over else target
        return Look(replace(ui, hover=hover)) if hover != ui.hover else None
    if kind == Act.PRESS and not action.alt:
        if over or target is None or not on_a_counter(heaps, target):
            return None
        return take(state, replace(ui, cursor=target), target)
    if kind == Act.MOVE:
        return Look(replace(ui, cursor=moved(heaps, ui.cursor, action.dx, action.dy)))
    if kind in (Act.NEXT, Act.PREV):
        here = valid(heaps, ui.cursor)
        heap = cycle(tab_order(heaps), here[0], 1 if kind == Act.NEXT else -1)
        return None if heap is None else Look(replace(ui, cursor=same_take(heaps, here, heap)))
    if kind == Act.DIGIT and isinstance(action.value, int):
        heap = (action.value or 10) - 1
        if heap < len(heaps) and heaps[heap]:
            return Look(replace(ui, cursor=same_take(heaps, valid(heaps, ui.cursor), heap)))
        return None
    if kind == Act.CONFIRM and not over:
        return take(state, ui, valid(heaps, ui.cursor))
    return None


def take(state: State, ui: Ui, cursor: Cursor) -> Play[Ui]:
    """Take at `cursor`; after it the cursor stands on a counter that is left, the pointer's
    light is off until it moves."""
    move = taking(state, cursor)
    after = apply_move(state, move).heaps
    return Play(move, Ui(cursor=valid(after, cursor), hover=None))
