"""The heap editor's model: the heaps being set up for a custom start, where the keyboard and
pad focus is, and what each action means there (games/core/kit/controls.py has the shape).
Pure: tested without a display; games/nim/editor.py draws it and finds what the pointer is
over.

Mouse: click a height to set a heap, click in the empty column on the right to add a heap,
click x or right-click a heap to remove one, then Start. Keyboard and pad: left and right
choose a heap or a button, up and down change a heap (on the empty column up adds one), the
digits set it (0 for 10), X or Delete removes it, Enter or A starts the game (or presses the
button in focus), S starts it from anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Look, Refuse, cycle
from games.nim.rules import MAX_HEAP, MAX_HEAPS

Heaps = tuple[int, ...]


class Button(Enum):
    """The editor's places other than its heaps. START, RANDOM and BACK are also what the
    scene is asked to do when they are pressed."""
    ADD = "add"                 # the empty column on the right
    START = "start"
    RANDOM = "random"           # heaps dealt at random (the scene holds the random source)
    BACK = "back"               # back to the running game, unchanged


BUTTONS = (Button.START, Button.RANDOM, Button.BACK)   # the buttons in the side panel

Place = int | Button            # a heap's column, or a button


@dataclass(frozen=True)
class Slot:
    """The pointer over height k + 1 of a column (column len(heaps) is the empty one)."""
    column: int
    k: int


@dataclass(frozen=True)
class Remove:
    """The pointer over a heap's x."""
    column: int


Target = Slot | Remove | Button


@dataclass(frozen=True)
class Draft:
    heaps: Heaps
    focus: Place = 0                 # the keyboard and pad focus
    hover: Target | None = None      # what the mouse is over
    returning: bool = False          # opened from a running game: Back returns to it


Answer = Look[Draft] | Refuse | Button | None


def order(draft: Draft) -> list[Place]:
    """The places left and right (and Tab) walk through, in order."""
    places: list[Place] = list(range(len(draft.heaps)))
    if len(draft.heaps) < MAX_HEAPS:
        places.append(Button.ADD)
    places += [Button.START, Button.RANDOM]
    if draft.returning:
        places.append(Button.BACK)
    return places


def buttons(draft: Draft) -> list[Button]:
    return [button for button in BUTTONS if button in order(draft)]


def focused(draft: Draft) -> Place:
    """The place in focus (the last one if the focus was lost)."""
    places = order(draft)
    return draft.focus if draft.focus in places else places[-1]


def set_heap(draft: Draft, column: int, size: int) -> Draft:
    heaps = list(draft.heaps)
    heaps[column] = min(max(size, 1), MAX_HEAP)
    return replace(draft, heaps=tuple(heaps), focus=column)


def add_heap(draft: Draft, size: int) -> Look[Draft] | Refuse:
    if len(draft.heaps) >= MAX_HEAPS:
        return Refuse(f"At most {MAX_HEAPS} heaps.")
    return Look(replace(draft, heaps=draft.heaps + (min(max(size, 1), MAX_HEAP),),
                        focus=len(draft.heaps)))


def remove_heap(draft: Draft, column: int) -> Look[Draft] | Refuse:
    if len(draft.heaps) <= 1:
        return Refuse("Keep at least one heap.")
    heaps = draft.heaps[:column] + draft.heaps[column + 1:]
    return Look(replace(draft, heaps=heaps, focus=min(column, len(heaps) - 1)))


def press(draft: Draft, place: Place) -> Answer:
    """Enter or A on a place: a button does its work, and on a heap it starts the game."""
    if place == Button.ADD:
        return add_heap(draft, 1)
    return place if isinstance(place, Button) else Button.START


def interpret(draft: Draft, action: Action, target: Target | None) -> Answer:
    """What `action` means in the editor; `target` is what the pointer is over."""
    kind, focus = action.kind, focused(draft)
    if kind == Act.POINT:
        return Look(replace(draft, hover=target)) if target != draft.hover else None
    if kind == Act.PRESS:
        return click(draft, target, action.alt)
    if kind == Act.MOVE and action.dx:
        places = order(draft)
        here = places.index(focus)
        return Look(replace(draft, focus=places[min(max(here + action.dx, 0), len(places) - 1)]))
    if kind == Act.MOVE and action.dy:
        if isinstance(focus, int):
            return Look(set_heap(draft, focus, draft.heaps[focus] - action.dy))
        if focus == Button.ADD:
            return add_heap(draft, 1) if action.dy < 0 else None
        row = buttons(draft)
        here = row.index(focus)
        return Look(replace(draft, focus=row[min(max(here + action.dy, 0), len(row) - 1)]))
    if kind in (Act.NEXT, Act.PREV):
        place = cycle(order(draft), focus, 1 if kind == Act.NEXT else -1)
        return None if place is None else Look(replace(draft, focus=place))
    if kind == Act.CONFIRM:
        return press(draft, focus)
    if kind in (Act.ALT, Act.CLEAR) and isinstance(focus, int):
        return remove_heap(draft, focus)
    if kind == Act.DIGIT and isinstance(focus, int) and isinstance(action.value, int):
        return Look(set_heap(draft, focus, action.value or 10))
    return None


def click(draft: Draft, target: Target | None, alt: bool) -> Answer:
    """A click (alt: the right button) on what the pointer is over."""
    count = len(draft.heaps)
    if isinstance(target, Slot) and 0 <= target.column <= count and 0 <= target.k < MAX_HEAP:
        if target.column == count:          # the empty column: nothing to remove
            return None if alt else add_heap(draft, target.k + 1)
        if alt:
            return remove_heap(draft, target.column)
        return Look(set_heap(draft, target.column, target.k + 1))
    if isinstance(target, Remove) and 0 <= target.column < count:
        return remove_heap(draft, target.column)
    if isinstance(target, Button) and target in buttons(draft) and not alt:
        return press(draft, target)
    return None
