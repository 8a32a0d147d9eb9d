"""Where Nim's board stands for one window and one start: the teaching panel, the heaps with
and without it (the panel slides between the two arrangements; `f` is how far it is in, 0 to
1), the players' cards, the counters and the heap editor's columns. Geometry only."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from games.core.kit.levels import WIN, Grade
from games.core.loop.tween import lerp
from games.core.screens import hud
from games.core.screens.hud import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.nim.controls import Cursor, Heaps
from games.nim.rules import MAX_HEAP, MAX_HEAPS
from sprites import nim as paint


class Geometry:
    """Where the heaps stand for one width of the heap area: column centres, counter size."""

    def __init__(self, area: pygame.Rect, columns: int, tallest: int, width: int | None = None,
                 thickness: int | None = None) -> None:
        """`width` and `thickness` given: counters of that size (the other arrangement's)."""
        self.column = area.width / max(columns, 1)
        if width is None or thickness is None:
            face_room = 40
            thickness = int(max(26, min(66, (area.height - face_room) / max(tallest, 1))))
            width = int(max(60, min(self.column * 0.8, thickness * 4.2 + 50, 270)))
        self.width, self.thickness = width, thickness
        self.face = paint.face_height(width)
        self.base = area.bottom
        self.xs = [area.left + self.column * (k + 0.5) for k in range(columns)]


PILE_WIDTH, PILE_THICK, PILE_STEP, PILE_MOST = 48, 10, 5, 11   # taken counters on a card
CARD_HEIGHT = 164
LABEL_GAP = 4           # between two of the hint's labels


class GradeLabel(NamedTuple):
    """One of the hint's labels: the graded move it names (the first of a run of counters
    with the same words), its words and where it goes."""
    grade: Grade
    words: str
    rect: pygame.Rect
    counters: tuple[Cursor, ...]     # the counters whose moves it names


def full_words(grade: Grade) -> str:
    return hud.grade_words(grade.value, grade.plies)


def value_words(grade: Grade) -> str:
    return hud.grade_words(grade.value, None)


class Layout:
    def __init__(self, size: tuple[int, int], heaps: Heaps) -> None:
        """Counters keep one size in both arrangements: the narrower one's."""
        width, height = size
        self.size = size
        top, bottom = HUD_HEIGHT + 234, height - TOOLBAR_HEIGHT - 96
        self.panel_rect = pygame.Rect(width - 40 - 680, HUD_HEIGHT + 16, 680,
                                      height - TOOLBAR_HEIGHT - HUD_HEIGHT - 32)
        self.area_wide = pygame.Rect(40, top, width - 80, bottom - top)
        self.area_narrow = pygame.Rect(40, top, self.panel_rect.left - 80, bottom - top)
        self.narrow = Geometry(self.area_narrow, len(heaps), max(heaps))
        self.wide = Geometry(self.area_wide, len(heaps), max(heaps), self.narrow.width,
                             self.narrow.thickness)
        top = HUD_HEIGHT + 188    # below the cards
        self.board = pygame.Rect(0, top, width, height - TOOLBAR_HEIGHT - top)   # the heaps

    # --- the heaps -----------------------------------------------------------------------
    def heap_x(self, heap: int, f: float) -> float:
        return lerp(self.wide.xs[heap], self.narrow.xs[heap], f)

    def counter_topleft(self, heap: int, k: int, f: float) -> tuple[float, float]:
        """Counter k of a heap (from the bottom), a little off the heap's line, as stacked by
        hand."""
        g = self.narrow
        jitter = ((k * 37 + heap * 11) % 7 - 3) * g.width / 120
        return self.heap_x(heap, f) - g.width / 2 + jitter, g.base - g.face - (k + 1) * g.thickness

    def counter_rect(self, heap: int, k: int, f: float, size: int | None = None) -> pygame.Rect:
        """What a click on counter k hits: its side band (and the top face of the top one, of
        a heap of `size`)."""
        g = self.narrow
        x, y = self.counter_topleft(heap, k, f)
        top = y + g.face // 2
        height = g.thickness
        if size is None or k == size - 1:
            top, height = y, g.thickness + g.face // 2
        return pygame.Rect(round(x), round(top), g.width, height)

    def counter_at(self, heaps: Heaps, pos: tuple[int, int], f: float) -> Cursor | None:
        """(heap, k) of the counter under pos, or None."""
        for heap, size in enumerate(heaps):
            for k in range(size - 1, -1, -1):
                if self.counter_rect(heap, k, f, size).collidepoint(pos):
                    return heap, k
        return None

    def table_rect(self, f: float) -> pygame.Rect:
        """The baize the heaps stand on, under the heaps' part of the board."""
        right = lerp(self.area_wide.right, self.area_narrow.right, f)
        table = pygame.Rect(self.area_wide.left - 16, HUD_HEIGHT + 196, 0, 0)
        table.width = round(right - table.left + 16)
        table.height = self.size[1] - TOOLBAR_HEIGHT - 14 - table.top
        return table

    def panel_x(self, f: float) -> float:
        """The sliding panel's left edge: off the screen at 0, in place at 1."""
        return lerp(self.size[0] + 10, self.panel_rect.left, f)

    # --- the hint's labels ------------------------------------------------------------------
    def grade_labels(self, heaps: Heaps, grades: Sequence[Grade], f: float) -> list[GradeLabel]:
        """Where the hint's labels go, none over another: each counter names the move that
        takes it and those above it; neighbouring counters with the same words share one label
        in their middle. Where a heap's labels would crowd (counters thinner than a label, or
        a column narrower), the plies are left out, and if they still crowd the moves that
        win are labelled first, then the longest runs."""
        by_counter = {(grade.move.heap, heaps[grade.move.heap] - grade.move.take): grade
                      for grade in grades}
        labels: list[GradeLabel] = []
        column = self.narrow.column - LABEL_GAP
        for heap, size in enumerate(heaps):
            counters = [(heap, k) for k in range(size - 1, -1, -1) if (heap, k) in by_counter]
            for words in (full_words, value_words, None):
                planned = self.heap_labels(counters, by_counter, words or value_words, f)
                if words is None:
                    planned = self.thinned(planned)
                if words is None or all(label.rect.width <= column for label in planned) and \
                        not crowded(planned):
                    labels += planned
                    break
        return labels

    def heap_labels(self, counters: list[Cursor], by_counter: dict[Cursor, Grade],
                    words: Callable[[Grade], str], f: float) -> list[GradeLabel]:
        """One label per run of neighbouring counters with the same words, top down."""
        runs: list[list[Cursor]] = []
        for counter in counters:
            if runs and words(by_counter[runs[-1][-1]]) == words(by_counter[counter]) and \
                    runs[-1][-1][1] == counter[1] + 1:
                runs[-1].append(counter)
            else:
                runs.append([counter])
        labels = []
        for run in runs:
            grade = by_counter[run[0]]
            centres = [self.counter_rect(heap, k, f).center for heap, k in run]
            rect = pygame.Rect((0, 0), hud.chip_size(words(grade)))
            rect.center = (round(sum(x for x, _ in centres) / len(centres)),
                           round(sum(y for _, y in centres) / len(centres)))
            labels.append(GradeLabel(grade, words(grade), rect, tuple(run)))
        return labels

    @staticmethod
    def thinned(labels: list[GradeLabel]) -> list[GradeLabel]:
        """As many labels as fit without crowding: wins first, then the longest runs."""
        kept: list[GradeLabel] = []
        for label in sorted(labels, key=lambda label: (label.grade.value != WIN,
                                                       -len(label.counters))):
            if not crowded(kept + [label]):
                kept.append(label)
        return kept

    # --- the players' cards ----------------------------------------------------------------
    def card_rect(self, side: int, f: float) -> pygame.Rect:
        right = lerp(self.area_wide.right, self.area_narrow.right, f)
        rect = pygame.Rect(0, HUD_HEIGHT + 20, 480, CARD_HEIGHT)
        if side == 0:
            rect.left = self.area_wide.left
        else:
            rect.right = round(right)
        return rect

    def pile_base(self, side: int, f: float) -> tuple[int, int]:
        """Centre x and bottom y of the little pile of taken counters on a player's card."""
        card = self.card_rect(side, f)
        return card.right - 54, card.bottom - 10

    def tray_point(self, side: int | None, heap: int, f: float) -> tuple[float, float]:
        """Where a flying counter ends: on its taker's pile, or (dealt, no side) above the
        table."""
        if side is None:
            return self.heap_x(heap, f), HUD_HEIGHT + 150
        x, bottom = self.pile_base(side, f)
        return x, bottom - paint.face_height(PILE_WIDTH) - PILE_THICK - 4

    def prompt_centre(self, f: float) -> tuple[int, int]:
        return (self.card_rect(0, f).left + self.card_rect(1, f).right) // 2, HUD_HEIGHT + 220

    # --- the heap editor --------------------------------------------------------------------
    def editor_geometry(self, heaps: int) -> Geometry:
        """The editor's columns: the heaps, and an empty one to add a heap while there is room."""
        columns = heaps + (1 if heaps < MAX_HEAPS else 0)
        return Geometry(self.area_narrow, columns, MAX_HEAP)


def crowded(labels: Sequence[GradeLabel]) -> bool:
    """Whether any two labels touch (with LABEL_GAP between them)."""
    rects = [label.rect.inflate(LABEL_GAP, LABEL_GAP) for label in labels]
    return any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1:])
