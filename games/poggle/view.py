"""Poggle's board on screen: where the keys are (PoggleLayout), the ripple a press sends out
(Ripple), and the drawing of the tray, the ripple and the marks (PoggleView). The view is given
what it draws and changes nothing but its own picture cache."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from games.core.loop import palette
from games.core.loop.tween import Tween, Tweens, ease_out_cubic, glow, linear, pulse
from games.core.screens import ui
from games.core.screens.cache import Part, picture_part
from games.poggle.board import Board, Move, reach
from games.poggle.controls import Cell, Ui
from sprites import poggle as paint

BLOOM_STEPS = 12
CELL_SECONDS = 0.24      # one key's colour change
WAVE_STEP = 0.06         # delay per step of distance from the pressed key
RESTART_STEP = 0.025     # delay per diagonal on a restart (no pressed key)
CURSOR_WIDTH = 6
HINT_INSET, HINT_WIDTH = 8, 10   # the hint's ring: this far inside the key, this wide

WORKING_OUT_PAR = "Dealing: working out par, the fewest presses that clear this board..."


class PoggleLayout:
    """The geometry of a size x size board in the scene's board area: the keys on the left,
    the side panel on the right."""

    def __init__(self, area: pygame.Rect, size: int):
        self.area, self.size = area, size
        self.pitch = min(190, (area.height - 90) // size)
        self.button = int(self.pitch * 0.88)
        inset = (self.pitch - self.button) // 2
        span = self.pitch * size
        left, top = 640 - span // 2, area.centery - span // 2
        self.grid = pygame.Rect(left, top, span, span)
        self.tray = self.grid.inflate(40, 40)
        self.cell_rects = [[pygame.Rect(left + c * self.pitch + inset, top + r * self.pitch + inset,
                                        self.button, self.button) for c in range(size)]
                           for r in range(size)]
        self.panel = pygame.Rect(1200, area.top + 34, 680, area.height - 68)

    # The marks on a key, each in its own band so they never overlap, even on one key: the
    # cursor rings the key from outside, the keys a press reaches have a thin ring at their
    # edge, and the hint lights a ring inside the key's face.
    def cursor_ring(self, cell: Cell) -> tuple[pygame.Rect, int]:
        """The cursor's (or the hover's) ring: its outer rectangle and its width."""
        return self.cell_rects[cell[0]][cell[1]].inflate(14, 14), CURSOR_WIDTH

    def reach_ring(self, cell: Cell) -> tuple[pygame.Rect, int]:
        return self.cell_rects[cell[0]][cell[1]].inflate(6, 6), 3

    def hint_ring(self, cell: Cell) -> tuple[pygame.Rect, int]:
        """The hint's ring, inside the key's edge (its dark outline included)."""
        return self.cell_rects[cell[0]][cell[1]].inflate(-2 * HINT_INSET, -2 * HINT_INSET), \
            HINT_WIDTH

    def cell_at(self, pos: tuple[int, int] | None) -> Cell | None:
        """The key under a point, or None (the gaps between keys count as the nearest key)."""
        if pos is None or not self.grid.collidepoint(pos):
            return None
        col = (pos[0] - self.grid.left) // self.pitch
        row = (pos[1] - self.grid.top) // self.pitch
        gap = self.pitch - self.button
        return (row, col) if self.cell_rects[row][col].inflate(gap, gap).collidepoint(pos) \
            else None


@dataclass(frozen=True)
class Changing:
    """One key changing colour: before to after, forwards or (undo) backwards."""
    tween: Tween
    before: int
    after: int
    forward: bool


@dataclass(frozen=True)
class Ring:
    """The ring spreading from the pressed key (closing in on an undo)."""
    tween: Tween
    centre: Cell
    forward: bool


@dataclass(frozen=True)
class Ripple:
    """A change in motion: the keys changing, and the ring round the pressed key."""
    cells: dict[Cell, Changing] = field(default_factory=dict)
    ring: Ring | None = None


def ripple(old: Board, new: Board, move: Move | None, forward: bool, tweens: Tweens,
           stretch: float = 1.0) -> Ripple:
    """A ripple out from the pressed key: each changed key sinks and its new colour blooms
    from its centre, later the further it is. Undo runs the same ripple backwards (the old
    colour shrinks away, outer keys first, the ring closes in); a restart (no move) sweeps
    diagonally. `stretch` slows it all down (the frame-cost bench holds it mid-ripple)."""
    size = len(new)
    changed = [(r, c) for r in range(size) for c in range(size) if old[r][c] != new[r][c]]
    if not changed:
        return Ripple()
    if move is not None:
        origin: Cell | None = (move.row, move.col)
        reach_of = {cell: abs(cell[0] - move.row) + abs(cell[1] - move.col) for cell in changed}
        step = WAVE_STEP
    else:
        origin = None
        reach_of = {cell: cell[0] + cell[1] for cell in changed}
        step = RESTART_STEP
    far = max(reach_of.values())
    cells = {}
    for (r, c), distance in reach_of.items():
        delay = step * (distance if forward else far - distance)
        tween = tweens.add(Tween(CELL_SECONDS * stretch, linear, delay=delay * stretch))
        cells[r, c] = Changing(tween, old[r][c], new[r][c], forward)
    ring = None
    if origin is not None:
        ring = Ring(tweens.add(Tween((CELL_SECONDS + far * step + 0.12) * stretch, linear)),
                    origin, forward)
    return Ripple(cells, ring)


class PoggleView:
    """Draws the tray of keys, a ripple in motion, the hint's glow and the cursor."""

    def __init__(self, layout: PoggleLayout):
        self.layout = layout
        self._static_board: tuple[Board, str] | None = None
        self._static = pygame.Surface((1, 1))

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """The deal is not shown until its par is known."""
        ui.fit_text(surface, WORKING_OUT_PAR, self.layout.area.inflate(-200, -200), ui.HEADING,
                    ui.MUTED)

    def draw(self, surface: pygame.Surface, board: Board, ui_state: Ui, ripple: Ripple,
             hint: Cell | None, glow_age: float, keyboard: bool) -> pygame.Rect | None:
        """Over the tray the backdrop shows (still_part): `hint` is the lit key (for this
        board), `glow_age` how long it has been lit, and `keyboard` whether the cursor is shown
        (else the mouse's hover is). Returns where the ring was drawn (it may reach the panel,
        which lies over it), or None."""
        ringed = None
        for (r, c), changing in ripple.cells.items():
            if not changing.tween.done:
                self._draw_changing(surface, self.layout.cell_rects[r][c], changing)
        if ripple.ring is not None and not ripple.ring.tween.done:
            ringed = self._draw_ring(surface, ripple.ring)
        if not any(map(any, board)):
            return ringed                           # cleared: no marks
        if hint is not None:
            self._draw_hint(surface, hint, glow(glow_age))
        target = ui_state.cursor if keyboard else ui_state.hover
        if target is not None:
            self._draw_reach(surface, target, keyboard)
        return ringed

    def still_part(self, board: Board) -> Part:
        """The tray with every key at rest, for the scene's Backdrop."""
        return picture_part("tray", self._tray(board), self.layout.tray)

    def _tray(self, board: Board) -> pygame.Surface:
        """The tray with every key at rest, painted again only when the board changes."""
        if self._static_board != (board, palette.current()):
            layout = self.layout
            tray = pygame.Surface(layout.tray.size)   # opaque: a plain copy per frame
            tray.fill(ui.BG)
            ui.panel(tray, tray.get_rect(), ui.BG_DEEP, radius=30, border=ui.LINE, width=2)
            for r, row in enumerate(board):
                for c, colour in enumerate(row):
                    rect = layout.cell_rects[r][c]
                    tray.blit(paint.key(colour, layout.button),
                              (rect.x - layout.tray.x, rect.y - layout.tray.y))
            self._static_board, self._static = (board, palette.current()), tray
        return self._static

    def _draw_changing(self, surface: pygame.Surface, rect: pygame.Rect,
                       changing: Changing) -> None:
        button = self.layout.button
        t = max(0.0, changing.tween.time) / changing.tween.duration
        depth = paint.depth_of(button)
        sink = round(depth * pulse(t))
        if changing.forward:
            base, grow, scale = changing.before, changing.after, ease_out_cubic(t)
        else:   # the forward ripple, run backwards
            base, grow, scale = changing.after, changing.before, ease_out_cubic(1 - t)
        step = round(scale * BLOOM_STEPS)
        if step >= BLOOM_STEPS:
            surface.blit(paint.key_on(grow, button, sink, ui.BG_DEEP), rect.topleft)
            return
        surface.blit(paint.key_on(base, button, sink, ui.BG_DEEP), rect.topleft)
        if step > 0:
            bloom = paint.bloom(grow, button, step, BLOOM_STEPS)
            face_h = button - depth
            surface.blit(bloom, bloom.get_rect(center=(rect.centerx, rect.top + sink + face_h / 2)))

    def _draw_ring(self, surface: pygame.Surface, ring: Ring) -> pygame.Rect | None:
        t = max(0.0, ring.tween.time) / ring.tween.duration
        if not ring.forward:
            t = 1 - t
        radius = self.layout.pitch * (0.35 + 1.25 * ease_out_cubic(t))
        alpha = int(160 * (1 - t))
        if alpha <= 4:
            return None
        size = int(radius * 2 + 12)
        width = max(2, int(8 * (1 - t)))
        picture = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(picture, (255, 255, 255, alpha), (size / 2, size / 2), radius, width)
        centre = self.layout.cell_rects[ring.centre[0]][ring.centre[1]].center
        # Where blit would put it (it truncates), and the bands round the ring's empty middle:
        # blending a clear pixel changes nothing, so that square is left out.
        x, y = int(centre[0] - size / 2), int(centre[1] - size / 2)
        hole = int((radius - width - 2) / math.sqrt(2))
        inner = pygame.Rect(0, 0, 2 * hole - 2, 2 * hole - 2)
        inner.center = (size // 2, size // 2)
        if hole < 8:
            return surface.blit(picture, (x, y))
        for band in ((0, 0, size, inner.top), (0, inner.bottom, size, size - inner.bottom),
                     (0, inner.top, inner.left, inner.height),
                     (inner.right, inner.top, size - inner.right, inner.height)):
            surface.blit(picture, (x + band[0], y + band[1]), band)
        return pygame.Rect(x, y, size, size)

    def _draw_hint(self, surface: pygame.Surface, cell: Cell, strength: float) -> None:
        """A green ring inside the key, edged in ink to read on every colour; it brightens
        as the glow beats."""
        rect, width = self.layout.hint_ring(cell)
        radius = int(self.layout.button * 0.18)
        pygame.draw.rect(surface, paint.INK, rect, width, border_radius=radius)
        colour = tuple(int(g + (255 - g) * 0.35 * (1 - strength)) for g in ui.GOOD)
        pygame.draw.rect(surface, colour, rect.inflate(-4, -4), width - 4,
                         border_radius=radius - 2)

    def _draw_reach(self, surface: pygame.Surface, target: Cell, keyboard: bool) -> None:
        """The keyboard/pad cursor, or the mouse's hover, with the keys a press there reaches."""
        button = self.layout.button
        for r, c in reach(self.layout.size, *target):
            if (r, c) != target:
                rect, width = self.layout.reach_ring((r, c))
                pygame.draw.rect(surface, ui.MUTED, rect, width, border_radius=int(button * 0.2))
        rect, width = self.layout.cursor_ring(target)
        colour = ui.ACCENT if keyboard else ui.TEXT
        pygame.draw.rect(surface, colour, rect, width if keyboard else width - 2,
                         border_radius=int(button * 0.22))
