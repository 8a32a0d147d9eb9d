"""The keyboard and gamepad cursor on Nim's heaps: (heap, counter from the bottom), moved over
a tuple of heap sizes. Pure: the scene keeps the cursor and draws it."""
from __future__ import annotations

Cursor = tuple[int, int]


def home(heaps: tuple[int, ...]) -> Cursor:
    """The top counter of the first heap that has one."""
    heap = next((h for h, size in enumerate(heaps) if size), 0)
    return heap, max(0, heaps[heap] - 1)


def valid(heaps: tuple[int, ...], cursor: Cursor) -> Cursor:
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


def same_take(heaps: tuple[int, ...], cursor: Cursor, other: int) -> Cursor:
    """The cursor on another heap, taking as many as it did here (or that whole heap):
    moving across never turns "take 1" into "take them all"."""
    heap, k = cursor
    take = heaps[heap] - k if heaps[heap] else 1
    return other, max(0, heaps[other] - take)


def stepped(heaps: tuple[int, ...], cursor: Cursor, step: int, wrap: bool) -> Cursor:
    """To the next non-empty heap left or right (round the end when wrap), same take."""
    cursor = valid(heaps, cursor)
    probe = cursor[0]
    for _ in range(len(heaps)):
        probe += step
        if wrap:
            probe %= len(heaps)
        elif not 0 <= probe < len(heaps):
            return cursor
        if heaps[probe]:
            return same_take(heaps, cursor, probe)
    return cursor


def moved(heaps: tuple[int, ...], cursor: Cursor, dx: int, dy: int) -> Cursor:
    """Arrows: left and right between heaps, up and down a heap."""
    heap, k = valid(heaps, cursor)
    if dx:
        return stepped(heaps, (heap, k), dx, wrap=False)
    return heap, min(max(k - dy, 0), max(heaps[heap] - 1, 0))
