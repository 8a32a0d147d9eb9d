"""Ishido's board on screen: where things are (IshidoLayout), what is in motion (Motion: stones
in flight, the hand's pop, a 4-way's celebration, the held stone's glide and shake), and the
drawing of the board, its marks and the moving stones (IshidoView). The view is given what it
draws and changes nothing but its own picture caches."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from games.core.loop import assets, palette
from games.core.loop.tween import Tween, ease_out_cubic, glow
from games.core.screens import ui
from games.core.screens.cache import Part, picture_part
from games.core.screens.drag import Drag
from games.ishido import rules
from games.ishido.controls import Spot, Square, Target, Ui
from games.ishido.rules import COLS, EMPTY, ROWS, SQUARES, State
from sprites import ishido as paint

PITCH = 98                  # board square, logical pixels
STONE = 88                  # a stone on the board
HAND = 150                  # the next stone in its slot

SQUARE_INNER = paint.SQUARE_INNER   # the board's inner squares ...
SQUARE_OUTER = (37, 43, 59)     # ... and the outer ring (it scores nothing in the original)
TRAY = (26, 30, 42)
FLASH = (255, 244, 214)

Point = tuple[float, float]


class IshidoLayout:
    """The geometry: the 12 x 8 board on the left of the scene's board area, the side panel
    to its right with the next stone's slot at its top."""

    def __init__(self, area: pygame.Rect, width: int):
        self.grid = pygame.Rect(64, area.top + (area.height - ROWS * PITCH) // 2,
                                COLS * PITCH, ROWS * PITCH)
        self.tray = self.grid.inflate(28, 28)
        self.panel = pygame.Rect(self.tray.right + 40, area.top + 30, 0, area.height - 60)
        self.panel.width = width - 40 - self.panel.left
        self.hand_rect = pygame.Rect(self.panel.left, self.panel.top, HAND + 20, HAND + 20)

    def square_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.grid.left + col * PITCH, self.grid.top + row * PITCH, PITCH,
                           PITCH)

    def square_centre(self, row: int, col: int) -> tuple[int, int]:
        return self.square_rect(row, col).center

    def square_at(self, pos: Point | None) -> Square | None:
        if pos is None or not self.grid.collidepoint(pos):
            return None
        return (int(pos[1] - self.grid.top) // PITCH, int(pos[0] - self.grid.left) // PITCH)

    def target_at(self, pos: Point | None) -> Target:
        """What the pointer is on: the next stone's slot, a square, or nothing."""
        if pos is not None and self.hand_rect.collidepoint(pos):
            return Spot.HAND
        return self.square_at(pos)

    @property
    def hand_centre(self) -> tuple[int, int]:
        return self.hand_rect.center

    def carried_centre(self, cursor: Square, carry: Carry | None) -> Point:
        """Where the held (keyboard/pad) stone floats: above the cursor's square, gliding
        there while `carry` runs."""
        x, y = self.square_centre(*cursor)
        end = (x, y - 12)
        if carry is not None and not carry.tween.done:
            t = carry.tween.value
            return (carry.start[0] + (end[0] - carry.start[0]) * t,
                    carry.start[1] + (end[1] - carry.start[1]) * t)
        return end


def dragged_centre(drag: Drag[str]) -> Point:
    """Where a stone held by the mouse is: it shrinks from hand size round the grab point."""
    pos, grab = drag.pos, drag.grab
    return (pos[0] - grab[0] * STONE / HAND - 6, pos[1] - grab[1] * STONE / HAND - 8)


@dataclass(frozen=True)
class Flight:
    """A stone moving between two centres, changing size on the way; `square` is its landing
    square on the board (hidden in the static picture until it lands) or None."""
    tween: Tween
    kind: int
    start: Point
    end: Point
    start_size: float
    end_size: float
    square: int | None = None

    def place(self) -> tuple[Point, float]:
        t = self.tween.value
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t
        return (x, y), self.start_size + (self.end_size - self.start_size) * t

    @property
    def done(self) -> bool:
        return self.tween.done


@dataclass(frozen=True)
class Celebration:
    """A new 4-way: the flash and rings round its square, its bonus and the Oracle's
    passage it revealed (an index, or None)."""
    tween: Tween
    square: int
    bonus: int
    passage: int | None


@dataclass(frozen=True)
class Carry:
    """The held stone gliding from `start` (at `size`) to above the cursor."""
    tween: Tween
    start: Point
    size: float


@dataclass
class Motion:
    """Everything in motion on the board, made by the board's animate and input."""
    flights: list[Flight] = field(default_factory=list)
    hand_pop: Tween | None = None       # the next stone growing into its slot
    celebration: Celebration | None = None
    carry: Carry | None = None
    shake: Tween | None = None          # a refused put-down

    def flying(self) -> bool:
        return any(not f.done for f in self.flights)


@dataclass(frozen=True)
class Shown:
    """What the board shows besides the position and the UI state."""
    legal: frozenset[Square]    # where the stone may go
    over: bool
    assist: bool                # every legal square marked
    hint: Square | None         # the hint's square, on this position
    glow_age: float             # seconds since the hint lit
    keyboard: bool              # the cursor is shown (else the mouse's hover)
    on_top: bool                # nothing covers the board (the hover preview hides under a dialog)


class IshidoView:
    """Draws the board at rest (cached), the marks, the celebration, the stones in motion,
    the held stone and the next stone in its slot."""

    def __init__(self, layout: IshidoLayout):
        self.layout = layout
        self._static_key: tuple[object, ...] | None = None
        self._static = pygame.Surface((1, 1))
        self._flash: pygame.Surface | None = None

    def still_part(self, state: State, motion: Motion, shown: Shown) -> Part:
        """The tray, the squares and every stone at rest, for the scene's Backdrop."""
        hidden = frozenset(f.square for f in motion.flights if f.square is not None) \
            if motion.flying() else frozenset()
        return picture_part("board", self._static_board(state, hidden, shown), self.layout.tray)

    def draw_moving(self, surface: pygame.Surface, state: State, ui_state: Ui, motion: Motion,
                    drag: Drag[str] | None, shown: Shown) -> None:
        """Over the board and the side panel: the next stone in its slot, the marks, a 4-way's
        celebration, the stones in flight and the held or dragged stone."""
        self._draw_hand(surface, state, ui_state, motion, drag, shown)
        self._draw_marks(surface, state, ui_state, drag, shown)
        if motion.celebration is not None and not motion.celebration.tween.done:
            self._draw_celebration(surface, motion.celebration)
        if motion.flying():
            for flight in motion.flights:
                if flight.tween.time > 0 or flight.square is None:
                    self._draw_stone(surface, flight.kind, *flight.place(), lift=8)
        self._draw_carried(surface, state, ui_state, motion, drag, shown)

    def _static_board(self, state: State, hidden: frozenset[int],
                      shown: Shown) -> pygame.Surface:
        """The tray, the squares and every stone at rest (and the assist's marks), painted
        again only when one of them changes."""
        marks = shown.legal if shown.assist and not shown.over else frozenset()
        key = (state.board, hidden, marks, palette.current())
        if self._static_key == key:
            return self._static
        layout = self.layout
        tray = pygame.Surface(layout.tray.size)
        tray.fill(ui.BG)
        ui.panel(tray, tray.get_rect(), TRAY, radius=24, border=ui.LINE, width=2)
        ox, oy = layout.tray.left, layout.tray.top
        for square in range(SQUARES):
            row, col = divmod(square, COLS)
            rect = layout.square_rect(row, col).move(-ox, -oy).inflate(-6, -6)
            outer = square in rules.OUTER_RING
            pygame.draw.rect(tray, SQUARE_OUTER if outer else SQUARE_INNER, rect, border_radius=10)
            kind = state.board[square]
            if kind != EMPTY and square not in hidden:
                tray.blit(paint.stone(kind, STONE), (rect.centerx - STONE // 2,
                                                     rect.centery - STONE // 2))
            elif (row, col) in marks:
                pygame.draw.circle(tray, ui.GOOD, rect.center, 15, 5)
        inner = pygame.Rect(layout.grid.left + PITCH - ox - 2, layout.grid.top + PITCH - oy - 2,
                            (COLS - 2) * PITCH + 4, (ROWS - 2) * PITCH + 4)
        pygame.draw.rect(tray, (70, 80, 104), inner, 2, border_radius=10)
        self._static_key, self._static = key, tray
        return tray

    @staticmethod
    def _draw_stone(surface: pygame.Surface, kind: int, centre: Point, size: float,
                    lift: int = 0) -> None:
        whole = max(8, int(round(size / 6.0) * 6)) if size not in (STONE, HAND) else int(size)
        if lift:
            shade = paint.shadow(whole, lift)
            surface.blit(shade, shade.get_rect(center=(centre[0] + lift * 0.6,
                                                      centre[1] + lift)))
        image = paint.scaled(kind, whole, HAND if whole > STONE else STONE)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_hand(self, surface: pygame.Surface, state: State, ui_state: Ui, motion: Motion,
                   drag: Drag[str] | None, shown: Shown) -> None:
        """The next stone in its slot (crossed out when it fits nowhere), unless it is held,
        dragged or on its way back."""
        kind = rules.current_stone(state)
        if kind is None or drag is not None or ui_state.held:
            return
        if any(not f.done and f.square is None for f in motion.flights):
            return   # the stone is on its way back to the hand
        size = HAND
        if motion.hand_pop is not None and not motion.hand_pop.done:
            size = max(12, int(HAND * (0.3 + 0.7 * motion.hand_pop.value)))
        self._draw_stone(surface, kind, self.layout.hand_centre, size)
        if shown.over:
            cross = self.layout.hand_rect.inflate(-40, -40)
            pygame.draw.line(surface, ui.BAD, cross.topleft, cross.bottomright, 8)
            pygame.draw.line(surface, ui.BAD, cross.bottomleft, cross.topright, 8)

    def _draw_marks(self, surface: pygame.Surface, state: State, ui_state: Ui,
                    drag: Drag[str] | None, shown: Shown) -> None:
        """Hint glow, the square under a dragged stone, the pointer's preview, the cursor."""
        layout = self.layout
        kind = rules.current_stone(state)
        if shown.hint is not None and not shown.over and kind is not None:
            rect = layout.square_rect(*shown.hint)
            ghost = paint.ghost(kind, STONE)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            swell = 2 + int(6 * glow(shown.glow_age))
            pygame.draw.rect(surface, ui.GOOD, rect.inflate(swell, swell), 6, border_radius=14)
        if shown.over or kind is None:
            return
        if drag is not None:
            under = layout.square_at(drag.pos)
            if under is not None:
                self._mark_target(surface, under, shown)
            return
        hover = ui_state.hover
        if shown.keyboard:
            if ui_state.held:
                self._mark_target(surface, ui_state.cursor, shown)
            else:
                rect = layout.square_rect(*ui_state.cursor)
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(4, 4), 6, border_radius=14)
        elif hover is not None and state.board[hover[0] * COLS + hover[1]] == EMPTY \
                and shown.on_top:
            rect = layout.square_rect(*hover)
            ghost = paint.ghost(kind, STONE, 70)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            pygame.draw.rect(surface, ui.TEXT, rect.inflate(-2, -2), 3, border_radius=12)

    def _mark_target(self, surface: pygame.Surface, square: Square, shown: Shown) -> None:
        """The square a carried stone would land on: amber; with the assist, green where the
        stone may go and red where it may not."""
        colour = ui.ACCENT
        if shown.assist:
            colour = ui.GOOD if square in shown.legal else ui.BAD
        pygame.draw.rect(surface, colour, self.layout.square_rect(*square).inflate(14, 14), 7,
                         border_radius=18)

    def _draw_carried(self, surface: pygame.Surface, state: State, ui_state: Ui,
                      motion: Motion, drag: Drag[str] | None, shown: Shown) -> None:
        kind = rules.current_stone(state)
        if kind is None or shown.over:
            return
        if drag is not None:
            self._draw_stone(surface, kind, dragged_centre(drag), STONE + 6, lift=16)
        elif ui_state.held:
            centre = self.layout.carried_centre(ui_state.cursor, motion.carry)
            shake = motion.shake
            if shake is not None and not shake.done:
                centre = (centre[0] + 10 * math.sin(shake.time * 45) * (1 - shake.value),
                          centre[1])
            size: float = STONE + 6
            carry = motion.carry
            if carry is not None and not carry.tween.done:
                size = carry.size + (STONE + 6 - carry.size) * carry.tween.value
            self._draw_stone(surface, kind, centre, size, lift=14)

    def _draw_celebration(self, surface: pygame.Surface, celebration: Celebration) -> None:
        layout = self.layout
        t = max(0.0, celebration.tween.time) / celebration.tween.duration
        if self._flash is None:
            self._flash = pygame.Surface(layout.grid.size)
            self._flash.fill(FLASH)
        flash = max(0.0, 1 - t * 3.5)
        if flash > 0:
            self._flash.set_alpha(int(110 * flash))
            surface.blit(self._flash, layout.grid.topleft)
        row, col = divmod(celebration.square, COLS)
        centre = layout.square_centre(row, col)
        for n in rules.NEIGHBOURS[celebration.square]:
            rect = layout.square_rect(*divmod(n, COLS))
            if t < 0.8:
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(2, 2), 5, border_radius=14)
        for k in range(2):
            s = t * 1.3 - k * 0.18
            if 0 < s < 1:
                radius = PITCH * (0.5 + 2.4 * ease_out_cubic(s))
                pygame.draw.circle(surface, ui.ACCENT if k == 0 else FLASH, centre, radius,
                                   max(2, int(10 * (1 - s))))
        rise = 40 + 70 * ease_out_cubic(min(1.0, t * 1.6))
        bonus = celebration.bonus
        words = "4-way!" if not bonus else f"4-way!  +{bonus}"
        spot = (min(max(centre[0], layout.grid.left + 170), layout.grid.right - 170),
                centre[1] - rise)
        image = assets.text(words, ui.HEADING + 8, ui.ACCENT, True)
        pill = image.get_rect(center=spot).inflate(44, 20)
        ui.panel(surface, pill, ui.BG_DEEP, radius=pill.height // 2, border=ui.ACCENT, width=3)
        ui.label(surface, words, spot, ui.HEADING + 8, ui.ACCENT, True, "center")
