"""DeducTile on screen: the column of tiles with their places, the notes grid beside them, the
clues, the Guess button, the keyboard cursor, and what moves (tiles sliding, colours fading,
the column shaking at a wrong guess, a tile carried by the mouse). Built with the layout; it
draws a position with its UI state and changes nothing."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from games.core.kit.rules_api import Outcome
from games.core.loop import assets
from games.core.loop.tween import Tween, lerp, lerp_point
from games.core.screens import ui
from games.core.screens.cache import Part
from games.core.screens.drag import Drag
from games.deductile import notes as notebook, rules
from games.deductile.clues import COLOURS, SHAPES
from games.deductile.controls import Column, Spot, Ui
from sprites import shapes as paint
from sprites.deductile import CARD, CARD_EDGE, colour as tile_colour, reword

INK = (34, 36, 44)
NOTE_INK = (200, 200, 210)  # a shape in the notes grid: no colour, that is the other grid's
NOTE_LETTER = 20            # a colour note's letter: 13 pixels high on a 1280x720 screen
ORDINAL_LABELS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
COLOURS_ONLY = "swapping colours only"   # the note on a tile dragged with the right button
SMALL_MARGIN = 18          # round the small tiles of the player's order, shown at time-up
SHAKE_PIXELS = 26          # how far the tiles swing at a wrong guess

Colour = tuple[int, int, int]
Point = tuple[float, float]
Carried = tuple[int, bool]     # the tile the mouse carries, and whether for its colour only


class Layout:
    """Where the tiles, the notes grid, the clues and Guess sit in the board's area."""

    def __init__(self, area: pygame.Rect, tiles: int, clue_count: int) -> None:
        self.area = area
        gap = 18
        height = int(min(190, (area.height - 60 - gap * (tiles - 1)) / tiles))
        width = int(height * 1.3)
        left = 150
        top = area.top + (area.height - tiles * height - (tiles - 1) * gap) // 2
        self.tile_size = (width, height)
        self.tile_rects = [pygame.Rect(left, top + i * (height + gap), width, height)
                           for i in range(tiles)]
        # The notes grid: a row level with each tile, its shapes' cells, then its colours'.
        side = {4: 52, 5: 48}.get(tiles, 44)
        self.notes_left = left + width + 36
        self.note_rects: dict[int, pygame.Rect] = {}      # by cell (notes.py)
        for index in notebook.cells(tiles):
            grid, place, item = notebook.where(index)
            rect = self.note_rects[index] = pygame.Rect(0, 0, side, side)
            rect.midleft = (self.notes_left + (grid * tiles + item) * (side + 6) + grid * 18,
                            self.tile_rects[place].centery)
        clue_left = max(rect.right for rect in self.note_rects.values()) + 40
        # At time-up the column shows the answer and, in the gap beside it, the player's order
        # on small tiles, each level with its place.
        small_h = min(int(height * 0.62), 96)
        self.small_size = (min(int(small_h * 1.3), 150 - 2 * SMALL_MARGIN), small_h)
        self.yours_rects = [pygame.Rect(0, 0, *self.small_size) for _ in range(tiles)]
        for rect, tile in zip(self.yours_rects, self.tile_rects):
            rect.midleft = (tile.right + SMALL_MARGIN, tile.centery)
        self.guess_rect = pygame.Rect(0, 0, 360, 96)
        self.guess_rect.bottomright = (area.right - 60, area.bottom - 24)
        self.clue_size = 32 if clue_count <= 10 else 28 if clue_count <= 13 else 24
        row = int(min(72, (area.height - 190) / max(clue_count, 1)))
        self.clue_rects = [pygame.Rect(clue_left, area.top + 56 + k * row,
                                       area.right - 60 - clue_left, row - 10)
                           for k in range(clue_count)]

    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        """The place under the pointer: a tile, a note, Guess or a clue."""
        for index, rect in enumerate(self.tile_rects):
            if rect.collidepoint(pos):
                return Column.TILES, index
        for index, rect in self.note_rects.items():
            if rect.collidepoint(pos):
                return Column.NOTES, index
        if self.guess_rect.collidepoint(pos):
            return Column.GUESS, 0
        for k, rect in enumerate(self.clue_rects):
            if rect.collidepoint(pos):
                return Column.CLUES, k
        return None


class Slide(NamedTuple):
    tween: Tween
    start: Point


@dataclass
class Motion:
    """What moves: tiles sliding to their places (by position), colours fading in (from the
    colour before), and the column shaking after a wrong guess."""
    slides: dict[int, Slide] = field(default_factory=dict)
    fades: dict[int, tuple[Tween, Colour]] = field(default_factory=dict)
    shake: Tween | None = None
    penalty: Tween | None = None     # seconds lost flying off the clock


def shake_offset(motion: Motion) -> int:
    """How far right of their places the tiles are drawn now (a wrong guess shakes them)."""
    if motion.shake is None or motion.shake.done:
        return 0
    return int(SHAKE_PIXELS * math.sin(motion.shake.time * 42) * (1 - motion.shake.value))


class DeductileView:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def tile_position(self, motion: Motion, index: int) -> Point:
        """Where the tile at `index` is drawn: its place, or on its way there."""
        end = self.layout.tile_rects[index].topleft
        slide = motion.slides.get(index)
        if slide is None or slide.tween.done:
            return end
        point: Point = lerp_point(slide.start, end, slide.tween.value)
        return point

    def tag_rect(self, words: str, tile: pygame.Rect) -> pygame.Rect:
        """Where a note about a dragged tile goes: just above it (below it near the HUD),
        never over the tile itself."""
        tag = pygame.Rect((0, 0), assets.font(ui.SMALL, True).size(words)).inflate(28, 14)
        tag.midbottom = (tile.centerx, tile.top - 10)
        if tag.top < self.layout.area.top:
            tag.midtop = (tile.centerx, tile.bottom + 16)
        return tag

    @staticmethod
    def dragging(state: rules.State, now: Ui, drag: Drag[Carried] | None) -> bool:
        """A tile is carried by the mouse (it passes under the guess and the clues)."""
        return bool(now.held and drag and state.outcome != Outcome.LOST)

    def still_parts(self, area: pygame.Rect, state: rules.State, now: Ui,
                    drag: Drag[Carried] | None, broken: frozenset[int],
                    show_cursor: bool) -> list[Part]:
        """What stands under the tiles (their places, the notes grid, the answer once time is
        up, the guess and the clues) in `area`, for the scene's Backdrop; while a tile is
        carried, only the places and the notes (it passes over them, under the rest)."""
        if self.dragging(state, now, drag):
            return [("board", area, (state, "carried"),
                     lambda picture: self.paint_under(picture, state))]
        cursor = now.cursor if show_cursor and now.cursor[0] != Column.TILES else None
        return [("board", area, (state, broken, cursor),
                 lambda picture: self.paint_still(picture, state, broken, cursor))]

    def paint_under(self, surface: pygame.Surface, state: rules.State) -> None:
        """What a carried tile passes over: the places and the notes."""
        self.draw_places(surface, state)
        self.draw_notes(surface, state, None)

    def paint_still(self, surface: pygame.Surface, state: rules.State, broken: frozenset[int],
                    cursor: Spot | None) -> None:
        self.draw_places(surface, state)
        self.draw_notes(surface, state, cursor)
        self.draw_guess(surface, state.outcome != Outcome.ONGOING,
                        cursor is not None and cursor[0] == Column.GUESS)
        self.draw_clues(surface, state, broken, cursor)

    def draw_places(self, surface: pygame.Surface, state: rules.State) -> None:
        """The tiles' places, and once time is up the answer in them."""
        for index, rect in enumerate(self.layout.tile_rects):
            ui.label(surface, ORDINAL_LABELS[index], (rect.left - 34, rect.centery), ui.BODY,
                     ui.MUTED, anchor="midright")
            pygame.draw.rect(surface, ui.PANEL, rect.inflate(10, 10), 2, border_radius=24)
        if state.outcome == Outcome.LOST:   # the answer in the column, the player's order beside
            self.draw_answer(surface, state)

    def draw(self, surface: pygame.Surface, state: rules.State, now: Ui, motion: Motion,
             drag: Drag[Carried] | None, broken: frozenset[int], show_cursor: bool) -> None:
        """The tiles over the still parts (all of the board while a tile is carried); `drag`
        carries a tile with the mouse, `broken` are the clues a hint marked, `show_cursor`
        when the player is not using the mouse."""
        layout = self.layout
        shake_x = shake_offset(motion)
        time_up = state.outcome == Outcome.LOST
        carried = self.dragging(state, now, drag)
        held = now.held
        dragged = held.tile if held and drag and not time_up else None
        for index, tile in enumerate(() if time_up else state.arrangement):
            if index == dragged:
                continue
            pos = self.tile_position(motion, index)
            colour = tile_colour(COLOURS[tile[1]])
            fade = motion.fades.get(index)
            if fade and not fade[0].done:
                tween, before = fade
                colour = (int(lerp(before[0], colour[0], tween.value)),
                          int(lerp(before[1], colour[1], tween.value)),
                          int(lerp(before[2], colour[2], tween.value)))
            lifted = held is not None and not held.by_pointer and held.tile == index
            self.draw_tile(surface, tile, (pos[0] + shake_x, pos[1] - (14 if lifted else 0)),
                           colour, lifted)
        if held and drag and dragged is not None and not time_up:
            for target in layout.tile_rects:
                if target.collidepoint(drag.pos) and target is not layout.tile_rects[dragged]:
                    pygame.draw.rect(surface, ui.ACCENT, target.inflate(16, 16), 5,
                                     border_radius=24)
            tile = state.arrangement[dragged]
            self.draw_tile(surface, tile, drag.spot, tile_colour(COLOURS[tile[1]]), True)
            if held.colours_only:
                self.draw_tag(surface, COLOURS_ONLY,
                              pygame.Rect((int(drag.spot[0]), int(drag.spot[1])),
                                          layout.tile_size))
        if carried:
            self.draw_guess(surface, state.outcome != Outcome.ONGOING,
                            show_cursor and now.cursor[0] == Column.GUESS)
            self.draw_clues(surface, state, broken, now.cursor if show_cursor else None)
        if show_cursor and now.cursor[0] == Column.TILES:
            rect = layout.tile_rects[now.cursor[1]]
            pygame.draw.rect(surface, ui.ACCENT, rect.inflate(22, 22), 6, border_radius=26)

    def draw_notes(self, surface: pygame.Surface, state: rules.State,
                   cursor: Spot | None) -> None:
        """The notes grid, each cell showing its shape or colour (and the colour's initial:
        never a colour alone), crossed or ticked as the player marked it; the cells a tick
        rules out faintly crossed. Gone once time is up (the answer shows there)."""
        if state.outcome == Outcome.LOST:
            return
        tiles, layout = state.tiles, self.layout
        ui.label(surface, "Notes (click: cross, tick)", (layout.notes_left, layout.area.top + 8),
                 ui.SMALL, ui.MUTED)
        implied = notebook.implied(state.notes, tiles)
        for index, rect in layout.note_rects.items():
            grid, _, item = notebook.where(index)
            mark = notebook.mark_of(state.notes, index)
            ui.panel(surface, rect, ui.PANEL_HI if mark == notebook.YES else ui.PANEL,
                     radius=8, border=ui.GOOD if mark == notebook.YES else None, width=3)
            size = rect.height - 16
            if grid == 0:
                glyph = paint.shape(SHAPES[item], NOTE_INK, size)
                surface.blit(glyph, glyph.get_rect(center=rect.center))
            else:
                name = COLOURS[item]
                pygame.draw.circle(surface, tile_colour(name), rect.center, size // 2)
                ui.label(surface, name[0].upper(), rect.center, max(NOTE_LETTER, size // 2),
                         INK, bold=True, anchor="center")
            if mark == notebook.NO:
                cross(surface, rect.inflate(-12, -12), ui.BAD, 5, ui.BG_DEEP)
            elif index in implied:     # ruled out by a tick: a thin cross, no edge
                cross(surface, rect.inflate(-16, -16), ui.DIMMED, 2, None)
            if cursor == (Column.NOTES, index):
                ui.focus_ring(surface, rect, 10)

    def draw_answer(self, surface: pygame.Surface, state: rules.State) -> None:
        """Time is up: the answer on the board, and beside each place the player's tile, ringed
        green where it is right and red where not ("Answer" and "Yours" over the columns)."""
        layout = self.layout
        for rect, tile in zip(layout.tile_rects, state.solution):
            self.draw_tile(surface, tile, rect.topleft, tile_colour(COLOURS[tile[1]]), False)
        for rect, tile, right in zip(layout.yours_rects, state.arrangement, state.solution):
            self.draw_tile(surface, tile, rect.topleft, tile_colour(COLOURS[tile[1]]), False,
                           rect.size)
            pygame.draw.rect(surface, ui.GOOD if tile == right else ui.BAD,
                             rect.inflate(10, 10), 5, border_radius=14)
        top = layout.tile_rects[0]
        ui.label(surface, "Answer", (top.centerx, top.top - 8), ui.SMALL, ui.GOOD, bold=True,
                 anchor="midbottom")
        ui.label(surface, "Yours", (layout.yours_rects[0].centerx, top.top - 8), ui.SMALL,
                 ui.MUTED, bold=True, anchor="midbottom")

    def draw_tag(self, surface: pygame.Surface, words: str, tile: pygame.Rect) -> None:
        tag = self.tag_rect(words, tile)
        ui.panel(surface, tag, ui.BG_DEEP, radius=10, border=ui.ACCENT, width=2)
        ui.label(surface, words, tag.center, ui.SMALL, ui.ACCENT, bold=True, anchor="center")

    def draw_tile(self, surface: pygame.Surface, tile: tuple[int, int], pos: Point,
                  colour: Colour, lifted: bool, size: tuple[int, int] | None = None) -> None:
        """A cream card with the coloured shape and the colour's name, so neither shape nor
        colour alone carries the meaning; `size` for a small one (else a tile's)."""
        width, height = size or self.layout.tile_size
        card = paint.rounded_card((width, height), CARD, min(22, height // 5), CARD_EDGE, 3,
                                  True)
        surface.blit(card, (pos[0], pos[1] + (6 if lifted else 0)))
        glyph = paint.shape(SHAPES[tile[0]], colour, int(height * 0.66))
        surface.blit(glyph, (pos[0] + (width - glyph.get_width()) // 2, pos[1] + height * 0.04))
        ui.label(surface, reword(COLOURS[tile[1]].capitalize()),
                 (pos[0] + width // 2, pos[1] + height * 0.84), max(20, height // 7), INK,
                 bold=True, anchor="center")

    def draw_guess(self, surface: pygame.Surface, over: bool, focused: bool) -> None:
        rect = self.layout.guess_rect
        ui.panel(surface, rect, ui.ACCENT if not over else ui.PANEL, radius=18)
        ui.label(surface, "Guess", rect.center, ui.HEADING, ui.BG_DEEP, bold=True,
                 anchor="center")
        if focused:
            ui.focus_ring(surface, rect, 22)

    def draw_clues(self, surface: pygame.Surface, state: rules.State, broken: frozenset[int],
                   cursor: Spot | None) -> None:
        layout = self.layout
        ui.label(surface, "Clues (click one to strike it out)",
                 (layout.clue_rects[0].left, layout.area.top + 8), ui.SMALL, ui.MUTED)
        for k, (clue, rect) in enumerate(zip(state.clues, layout.clue_rects)):
            struck = state.struck[k]
            ui.panel(surface, rect, ui.PANEL if not struck else ui.BG_DEEP, radius=12)
            colour = ui.MUTED if struck else ui.TEXT
            room = rect.width - 60 - (130 if k in broken else 16)    # "broken" at its end
            text_rect = ui.fit_text(surface, reword(clue.text(state.tiles)),
                                    (rect.left + 60, rect.top, room, rect.height),
                                    layout.clue_size, colour, align="left", max_lines=1)
            box = pygame.Rect(rect.left + 16, rect.centery - 14, 28, 28)
            pygame.draw.rect(surface, ui.LINE, box, 3, border_radius=6)
            if struck:
                pygame.draw.line(surface, ui.MUTED, (text_rect.left - 6, text_rect.centery),
                                 (text_rect.right + 6, text_rect.centery), 3)
                pygame.draw.line(surface, ui.MUTED, box.topleft, box.bottomright, 3)
                pygame.draw.line(surface, ui.MUTED, box.bottomleft, box.topright, 3)
            if k in broken:
                pygame.draw.rect(surface, ui.BAD, rect, 4, border_radius=12)
                ui.label(surface, "broken", (rect.right - 20, rect.centery), ui.SMALL, ui.BAD,
                         bold=True, anchor="midright")
            if cursor == (Column.CLUES, k):
                ui.focus_ring(surface, rect, 16)


def cross(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int,
          edge: tuple[int, int, int] | None) -> None:
    """A cross over a note, its lines edged in a darker colour to stand out on any other."""
    for start, end in ((rect.topleft, rect.bottomright), (rect.bottomleft, rect.topright)):
        if edge is not None:
            pygame.draw.line(surface, edge, start, end, width + 4)
        pygame.draw.line(surface, colour, start, end, width)
