"""Calcoolation's animations, worked out from (old state, new state, direction): digits pop in
(and shrink away on undo), candidates fade, Fill and Solve sweep across the grid from the digit
written, a new mistake pulses red, and the win flashes along the diagonals."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from games.core.loop.tween import Tween, Tweens, linear
from games.kenken import rules
from games.kenken.geometry import Cell

POP_SECONDS = 0.24        # a digit pops in (shrinks away on undo)
FADE_SECONDS = 0.2        # a candidate fades in or out
SWEEP_STEP = 0.035        # delay per diagonal when Fill, Solve or Restart change many cells
PULSE_SECONDS = 0.5       # a new mistake's red pulse
FLASH_SECONDS = 0.5       # one cell's flash when the grid is solved
FLASH_STEP = 0.06         # delay per diagonal of the win flash


class CellMotion(NamedTuple):
    """A cell changing: its tween, and its digit and candidates before and after."""
    tween: Tween
    old_digit: int
    new_digit: int
    old_marks: int
    new_marks: int


@dataclass
class Motion:
    """What moves on the grid since the last change."""
    cells: dict[int, CellMotion] = field(default_factory=dict)    # by cell index
    pulses: dict[int, Tween] = field(default_factory=dict)        # new mistakes
    flash: Tween | None = None                                    # the win
    stretch: float = 1.0                                          # the bench slows it down


def motion(old: rules.State, new: rules.State, direction: int, tweens: Tweens,
           new_mistakes: frozenset[Cell], stretch: float = 1.0) -> Motion:
    """The tweens (added to `tweens`) that show the change from `old` to `new` (direction -1:
    an undo); `new_mistakes` pulse."""
    n = new.size
    found = Motion(stretch=stretch)
    changed = [i for i in range(n * n) if old.digits[i] != new.digits[i]
               or old.candidates[i] != new.candidates[i]]
    sweep = SWEEP_STEP * stretch if len(changed) > 2 else 0.0
    placed = [i for i in changed if old.digits[i] != new.digits[i]]
    origin = divmod(placed[0], n) if len(placed) == 1 else (0, 0)   # a sweep spreads from
    for i in changed:                                                 # the digit written
        r, c = divmod(i, n)
        distance = abs(r - origin[0]) + abs(c - origin[1])
        digit_changed = old.digits[i] != new.digits[i]
        duration = (POP_SECONDS if digit_changed else FADE_SECONDS) * stretch
        tween = tweens.add(Tween(duration, linear, delay=sweep * distance))
        found.cells[i] = CellMotion(tween, old.digits[i], new.digits[i], old.candidates[i],
                                    new.candidates[i])
    for r, c in new_mistakes:
        found.pulses[r * n + c] = tweens.add(Tween(PULSE_SECONDS * stretch, linear))
    if rules.status(new).over and not rules.status(old).over and direction > 0:
        delay = POP_SECONDS if len(changed) <= 2 else sweep * 2 * (n - 1) + POP_SECONDS
        found.flash = tweens.add(Tween((FLASH_SECONDS + FLASH_STEP * 2 * (n - 1)) * stretch,
                                       linear, delay=delay))
    return found
