"""Nim's board on screen: the players' cards with the counters each has taken, the heaps on
their table, the tags under the heaps, the keyboard cursor, counters in flight, the prompt and
the sliding teaching panel (a still picture is the scene's Backdrop part: still_parts). Drawn
from what it is given; it changes nothing."""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from games.core.loop import assets
from games.core.loop.tween import Tween, lerp
from games.core.screens import hud, ui
from games.core.screens.cache import Part
from games.nim.controls import Cursor
from games.nim.layout import PILE_MOST, PILE_STEP, PILE_THICK, PILE_WIDTH, GradeLabel, Layout
from games.nim.panel import TABLE_INK, TeachingPanel
from games.nim.rules import SIDES, Move, State
from sprites import nim as paint

TABLE, TABLE_EDGE = (29, 40, 46), (44, 60, 66)

Colour = tuple[int, int, int]
Marks = Callable[[pygame.Surface], None]


class Flight(NamedTuple):
    """A counter on its way: off its heap to the taker's card, or back (undo), or dealt in."""
    tween: Tween
    side: int | None      # the taker's card; None: dropped in from above the table
    incoming: bool        # landing on its heap rather than leaving it


@dataclass(frozen=True)
class HeapsLook:
    """What the heaps show: a still board's picture is kept while this stays the same."""
    state: State
    lit: frozenset[Cursor]        # what the pointer, the cursor or the computer would take
    hinted: frozenset[Cursor]     # what the hint takes
    cursor: Cursor | None         # the keyboard and pad cursor, when it shows
    picking: bool                 # the computer shows its choice (the lit counters)
    graded: bool                  # the hint's grades are in (the marks show them)
    hint_wins: bool               # the hint's move wins (else it makes a lost game last)
    panel: float                  # how far the teaching panel is in


@dataclass(frozen=True)
class Card:
    """One player's card."""
    role: str                     # "You", "Computer · Perfect", "Player 2"...
    to_move: bool
    won: bool


@dataclass(frozen=True)
class Shown:
    heaps: HeapsLook
    cards: tuple[Card, Card]
    taken: tuple[int, int]        # counters each side has taken, by the game's history
    prompt: str
    with_hint: bool               # the teaching panel explains the hint
    sliding: bool                 # the teaching panel is on its way in or out


def swatch(side: int, size: int) -> pygame.Surface:
    """A side's colour as a small counter seen from above; the second side's has a dot in its
    middle, so the sides differ by more than colour."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    tone = paint.tone("left" if side == 0 else "right")
    pygame.draw.circle(image, tone[2], (size / 2, size / 2), size / 2 - 1)
    pygame.draw.circle(image, tone[4], (size / 2, size / 2), size / 2 - 1, 2)
    if side == 1:
        pygame.draw.circle(image, tone[4], (size / 2, size / 2), size / 6)
    return image


def draw_table(surface: pygame.Surface, rect: pygame.Rect) -> None:
    surface.blit(paint.baize(rect.size, TABLE, TABLE_EDGE, ui.BG), rect)


class NimView:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.panel = TeachingPanel(layout.panel_rect)

    @staticmethod
    def still(board: Shown, flights: Mapping[Cursor, Flight]) -> bool:
        """Nothing moves: no counter flies and the teaching panel does not slide."""
        return not board.sliding and all(flight.tween.done for flight in flights.values())

    def still_parts(self, area: pygame.Rect, board: Shown, flights: Mapping[Cursor, Flight],
                    marks: Marks) -> list[Part]:
        """While nothing moves, the whole picture (in `area`, the screen under the HUD) for
        the scene's Backdrop, painted once per look; else nothing."""
        if not self.still(board, flights):
            return []
        return [("board", area, board, lambda picture: self.paint(picture, board, flights, marks))]

    def draw(self, surface: pygame.Surface, board: Shown, flights: Mapping[Cursor, Flight],
             marks: Marks) -> None:
        """What the Backdrop does not show: all of it while something moves."""
        if not self.still(board, flights):
            self.paint(surface, board, flights, marks)

    def paint(self, surface: pygame.Surface, board: Shown, flights: Mapping[Cursor, Flight],
              marks: Marks) -> None:
        """`marks` draws over the heaps what the frame marks (the last move, the grades)."""
        heaps, f = board.heaps, board.heaps.panel
        self.draw_cards(surface, board, flights)
        self.draw_heaps(surface, heaps, flights, marks)
        ui.label(surface, board.prompt, self.layout.prompt_centre(f), ui.BODY, ui.TEXT,
                 anchor="center")
        self.draw_flights(surface, flights, f)
        if f > 0.001:
            surface.blit(self.panel.picture(heaps.state, board.with_hint),
                         (round(self.layout.panel_x(f)), self.layout.panel_rect.top))

    def draw_heaps(self, surface: pygame.Surface, look: HeapsLook, flights: Mapping[Cursor, Flight],
                   marks: Marks) -> None:
        """The table, the heaps (less counters still flying in), their labels, the marks and
        the cursor."""
        layout, f, state = self.layout, look.panel, look.state
        g = layout.narrow
        draw_table(surface, layout.table_rect(f))
        shadow = paint.shadow(g.width)
        for heap, size in enumerate(state.heaps):
            x = layout.heap_x(heap, f)
            surface.blit(shadow, (x - shadow.get_width() / 2,
                                  g.base - g.face / 2 - shadow.get_height() / 2 + 6))
            for k in range(size):
                flight = flights.get((heap, k))
                if flight and not flight.tween.done and flight.incoming:
                    continue       # still flying in
                surface.blit(paint.disc(g.width, g.thickness, tone(look, heap, k)),
                             layout.counter_topleft(heap, k, f))
            self.draw_heap_label(surface, heap, size, x, tag(look, heap))
        marks(surface)
        if look.cursor is not None and state.heaps[look.cursor[0]]:
            heap, k = look.cursor
            rect = layout.counter_rect(heap, k, f, state.heaps[heap]).inflate(16, 10)
            pygame.draw.rect(surface, ui.ACCENT, rect, 5, border_radius=14)

    def draw_heap_label(self, surface: pygame.Surface, heap: int, size: int, x: float,
                        words: tuple[str, Colour] | None) -> None:
        base = self.layout.narrow.base
        number = ui.label(surface, str(size), (round(x), base + 34), ui.HEADING,
                          ui.TEXT if size else ui.MUTED, bold=True, anchor="center")
        below = number.bottom + 2     # under the number, however large the text
        if words is None:
            ui.label(surface, f"heap {heap + 1}", (round(x), below), ui.SMALL, ui.MUTED,
                     anchor="midtop")
            return
        text, colour = words
        image = assets.text(text, ui.SMALL, TABLE_INK, True)
        box = image.get_rect().inflate(20, 8)
        box.midtop = (round(x), below)
        ui.panel(surface, box, colour, radius=10)
        ui.label(surface, text, box.center, ui.SMALL, TABLE_INK, True, "center")

    def draw_grade_labels(self, surface: pygame.Surface, labels: Sequence[GradeLabel]) -> None:
        for label in labels:
            hud.chip(surface, label.words, label.rect.center,
                     hud.grade_colour(label.grade.value), border=hud.INK)

    def mark_move(self, surface: pygame.Surface, state: State, move: Move, f: float) -> None:
        """The last move: the taken counters' outline, faint, where they stood."""
        g = self.layout.narrow
        ghost = paint.ghost(g.width, g.thickness, move.take, ui.ACCENT)
        x = self.layout.heap_x(move.heap, f) - g.width / 2
        surface.blit(ghost, (x, g.base - state.heaps[move.heap] * g.thickness
                             - ghost.get_height()))

    def draw_flights(self, surface: pygame.Surface, flights: Mapping[Cursor, Flight],
                     f: float) -> None:
        g = self.layout.narrow
        for (heap, k), (tween, side, incoming) in flights.items():
            if tween.done:
                continue
            p = 1 - tween.value if incoming else tween.value
            left, top = self.layout.counter_topleft(heap, k, f)
            start = (left + g.width / 2, top)
            end = self.layout.tray_point(side, heap, f)
            if side is None:
                x, y = start[0], lerp(start[1], end[1], p)
                scale, alpha = 1.0, 255 * (1 - p) ** 0.5 if p < 1 else 0
            else:
                x = lerp(start[0], end[0], p)
                y = lerp(start[1], end[1], p) - math.sin(math.pi * p) * 140
                scale = lerp(1.0, PILE_WIDTH / g.width, p)
                alpha = 255 if p < 0.75 else 255 * (1 - p) / 0.25
            if alpha <= 4:
                continue
            tone = "stone" if side is None or p < 0.15 else ("left" if side == 0 else "right")
            image = paint.disc_scaled(g.width, g.thickness, tone, max(1, round(scale * 20)))
            image.set_alpha(round(alpha))
            surface.blit(image, (x - image.get_width() / 2, y))
            image.set_alpha(None)

    def draw_cards(self, surface: pygame.Surface, board: Shown,
                   flights: Mapping[Cursor, Flight]) -> None:
        taken = on_cards(board.taken, flights)
        f = board.heaps.panel
        for side, card in enumerate(board.cards):
            hud.player_card(surface, self.layout.card_rect(side, f), swatch(side, 30),
                            SIDES[side], [card.role, taken_words(taken[side])], card.to_move,
                            card.won)
            x, bottom = self.layout.pile_base(side, f)
            mini = paint.disc(PILE_WIDTH, PILE_THICK, "left" if side == 0 else "right")
            face = paint.face_height(PILE_WIDTH)
            for k in range(min(taken[side], PILE_MOST)):
                surface.blit(mini, (x - PILE_WIDTH // 2, bottom - face - (k + 1) * PILE_STEP
                                    - PILE_THICK + PILE_STEP))


def taken_words(count: int) -> str:
    """A card's count of the counters its player has taken."""
    return "none taken yet" if not count else f"took {count} counter{'s' if count != 1 else ''}"


def on_cards(taken: tuple[int, int], flights: Mapping[Cursor, Flight]) -> list[int]:
    """Counters each side's card shows: a counter still in the air counts where it left."""
    shown = list(taken)
    for tween, side, incoming in flights.values():
        if side is not None and not tween.done:
            shown[side] += 1 if incoming else -1
    return shown


def tone(look: HeapsLook, heap: int, k: int) -> str:
    """A counter's colour, agreeing with the hint's labels: green only where the hint's move
    wins, and once the grades show, only on the counter whose label names that move (those
    above it carry the labels of other moves)."""
    counter = (heap, k)
    if counter in look.hinted and look.hint_wins and \
            (not look.graded or k == min(j for h, j in look.hinted if h == heap)):
        return "hint"
    if counter in look.lit or (counter in look.hinted and not look.hint_wins and
                               not look.graded):
        return "take"
    return "stone"


def tag(look: HeapsLook, heap: int) -> tuple[str, Colour] | None:
    """The tag under a heap: how many the pointer, cursor, computer or hint would take."""
    count = sum(1 for h, _ in look.lit if h == heap)
    if count and look.picking:
        return f"{SIDES[look.state.to_move]} takes {count}", ui.ACCENT
    if count and look.lit != look.hinted:
        return f"take {count}", ui.ACCENT
    count = sum(1 for h, _ in look.hinted if h == heap)
    if count:
        return f"take {count}", ui.GOOD if look.hint_wins else ui.ACCENT
    return None
