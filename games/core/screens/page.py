"""A long text read in a view that scrolls (the rules screens): lines of text and gaps, set in
a column of the view's width, scrolled by whole lines so that no line is ever cut at the view's
edges, with a scroll bar while the text is longer than the view.

The text is a list of blocks, each with its height; scrolling moves the block at the top of
the view. Wheel and arrows move three lines and one line; a page keeps its last line in view
on the next page; Home and End reach either end; the scroll bar's thumb can be dragged and a
click on its track moves a page toward the click.

A Figure is a picture beside a run of blocks (a paragraph set narrower to leave it room, and
at least as tall as the picture): drawn at the view's right, level with the run's first line,
and held at the view's top while the run scrolls past it, so that it stays beside its words.
It is painted when it comes into view, one a frame (prepare_next; a stand-in until then),
and kept by its maker. A Room holds a figure across the column under a paragraph."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from games.core.loop import assets
from games.core.screens import ui

SPACING = 1.4          # a line's height, as a multiple of its font size
PARAGRAPH_GAP = 16     # pixels between paragraphs
WHEEL_LINES = 3        # lines a notch of the mouse wheel scrolls
BAR_WIDTH = 14
BAR_GAP = 36           # between the text and the scroll bar


@dataclass(frozen=True)
class Line:
    """One line of text (a heading is a line in a larger, bold face)."""
    words: str
    size: int = ui.BODY
    colour: ui.Colour = ui.TEXT
    bold: bool = False

    @property
    def height(self) -> int:
        return int(self.size * assets.text_scale() * SPACING)   # Large text: taller lines

    def draw(self, surface: pygame.Surface, x: int, y: int) -> pygame.Rect:
        return ui.label(surface, self.words, (x, y), self.size, self.colour, self.bold)


@dataclass(frozen=True)
class Gap:
    """Space between paragraphs: never the first block of a view."""
    height: int = PARAGRAPH_GAP

    def draw(self, surface: pygame.Surface, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(x, y, 0, 0)


@dataclass(frozen=True)
class Room:
    """Room for a figure across the column (pictures in rows under a paragraph): scrolled as
    a line is, so that the top may rest on it and show the figure whole."""
    height: int

    def draw(self, surface: pygame.Surface, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(x, y, 0, 0)


Block = Line | Gap | Room


def paragraph(words: str, width: int, size: int = ui.BODY, colour: ui.Colour = ui.TEXT,
              bold: bool = False) -> list[Block]:
    """A paragraph wrapped to `width`, then a gap."""
    lines: list[Block] = [Line(line, size, colour, bold)
                          for line in assets.wrap(" ".join(words.split()), size, width, bold)]
    return lines + [Gap()]


def _ready() -> bool:
    return True


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class Figure:
    """A picture of `size` beside blocks first..end-1: paint(surface, rect) draws it (with a
    stand-in until it is ready); prepare() does the slow painting, a frame's work."""
    first: int
    end: int
    size: tuple[int, int]
    paint: Callable[[pygame.Surface, pygame.Rect], None]
    ready: Callable[[], bool] = _ready
    prepare: Callable[[], None] = _nothing


class Page:
    """Blocks in `view` (a rect of the screen), scrolled by whole blocks: `top` is the index of
    the block at the top of the view; figures beside runs of them."""

    def __init__(self, blocks: list[Block], view: pygame.Rect, figures: tuple[Figure, ...] = ()):
        keep = max((figure.end for figure in figures), default=0)   # a figure's room
        while len(blocks) > keep and isinstance(blocks[-1], Gap):
            blocks = blocks[:-1]
        self.blocks, self.view, self.figures = blocks, pygame.Rect(view), figures
        self.starts = [0]          # each block's y in the whole text, and the text's height
        for block in blocks:
            self.starts.append(self.starts[-1] + block.height)
        # Where the top may rest: a line, but not one so low in a figure's run that the
        # figure, held at the top, would be cut (scrolling steps over those lines to the next
        # paragraph; they were in view with the run's last resting line).
        self.stops = [not isinstance(block, Gap) for block in blocks]
        for figure in figures:
            end = self.starts[min(figure.end, len(blocks))]
            for index in range(figure.first + 1, min(figure.end, len(blocks))):
                if self.starts[index] > end - figure.size[1]:
                    self.stops[index] = False
        self.top = 0
        self.first_frame: int | None = None    # prepare_next's frames: the first asked,
        self.painted_frame: int | None = None  # and the last that painted
        self.dragging = False
        self.grip = 0              # where on the thumb the pointer holds it

    # --- where it is -----------------------------------------------------------------------
    @property
    def height(self) -> int:
        return self.starts[-1]

    def shown(self, top: int | None = None) -> range:
        """The blocks wholly inside the view with `top` at the top (the current one if None);
        a block taller than the view is shown alone, cut at the view's bottom."""
        top = self.top if top is None else top
        end = top
        while end < len(self.blocks) and self.starts[end + 1] - self.starts[top] \
                <= self.view.height:
            end += 1
        return range(top, max(end, min(top + 1, len(self.blocks))))

    @property
    def last_top(self) -> int:
        """The top at which the last block is in view (0 when the whole text fits)."""
        top = len(self.blocks)
        while top > 0 and self.height - self.starts[top - 1] <= self.view.height:
            top -= 1
        return self.settle(top, 1)

    @property
    def scrolls(self) -> bool:
        return self.height > self.view.height

    def settle(self, top: int, step: int) -> int:
        """`top` moved onto a stop (in the direction `step`, else the other), kept in
        range."""
        top = max(0, min(top, len(self.blocks) - 1))
        for direction in (step, -step):
            index = top
            while 0 <= index < len(self.blocks) and not self.stops[index]:
                index += direction
            if 0 <= index < len(self.blocks):
                return index
        return 0

    # --- scrolling -------------------------------------------------------------------------
    def scroll_to(self, top: int, step: int = 1) -> bool:
        """Put block `top` at the top (no further than the end allows); True if it moved."""
        last = self.last_top
        top = last if top >= last else self.settle(top, step) if top > 0 else 0
        moved, self.top = top != self.top, top
        return moved

    def lines(self, count: int) -> bool:
        """Scroll `count` lines (negative: up), gaps and lines that are no stops not
        counted."""
        step = 1 if count > 0 else -1
        top = self.top
        for _ in range(abs(count)):
            top += step
            while 0 < top < len(self.blocks) and not self.stops[top]:
                top += step
        return self.scroll_to(top, step)

    def page(self, step: int) -> bool:
        """A page down (step 1: the last line shown comes to the top) or up (the first line
        shown goes to the bottom)."""
        if step > 0:
            last = max(self.top + 1, self.shown().stop - 1)
            if last < len(self.blocks) and not self.stops[last] and \
                    not isinstance(self.blocks[last], Gap):
                back = self.settle(last, -1)    # a line low in a figure's run: rest on the
                last = back if back > self.top else last   # run's last stop, none unseen
            return self.scroll_to(last, 1)
        top = self.top
        while top > 0 and self.top in self.shown(top - 1):
            top -= 1
        return self.scroll_to(top, 1) or self.lines(-1)

    def end(self, step: int) -> bool:
        """Home (step -1) or End (step 1)."""
        return self.scroll_to(0 if step < 0 else self.last_top)

    # --- the scroll bar --------------------------------------------------------------------
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.view.right + BAR_GAP, self.view.top, BAR_WIDTH, self.view.height)

    def thumb(self) -> pygame.Rect:
        track = self.track()
        height = max(48, round(track.height * self.view.height / max(1, self.height)))
        room = track.height - height
        last = self.starts[self.last_top]
        y = track.top + (round(room * self.starts[self.top] / last) if last else 0)
        return pygame.Rect(track.left, y, track.width, height)

    def bar_area(self) -> pygame.Rect:
        """Where the pointer works the scroll bar (wider than the bar, easy to hit)."""
        return self.track().inflate(40, 0) if self.scrolls else pygame.Rect(0, 0, 0, 0)

    def press(self, pos: tuple[int, int]) -> None:
        """A click on the scroll bar: on the thumb, start dragging it; on the track, a page
        toward the click."""
        thumb = self.thumb()
        if thumb.top <= pos[1] < thumb.bottom:
            self.dragging = True
            self.grip = pos[1] - thumb.top
        else:
            self.page(1 if pos[1] >= thumb.bottom else -1)

    def drag(self, pos: tuple[int, int]) -> None:
        """The thumb follows the pointer: the block at that share of the text comes to the
        top."""
        track, thumb = self.track(), self.thumb()
        room = max(1, track.height - thumb.height)
        share = max(0.0, min(1.0, (pos[1] - self.grip - track.top) / room))
        wanted = share * self.starts[self.last_top]
        top = min(range(self.last_top + 1), key=lambda i: abs(self.starts[i] - wanted))
        self.scroll_to(top)

    # --- the figures -----------------------------------------------------------------------
    def figures_shown(self) -> list[tuple[pygame.Rect, Figure]]:
        """Where each figure beside the text in view stands on the screen: level with its
        run's first line (shown with it), or held at the view's top while the run scrolls
        past, never below the run's end; cut at the view's bottom only while its run is
        entering the view (a Room's as soon as it enters)."""
        top = self.starts[self.top]
        lines_end = self.starts[self.shown().stop]
        placed = []
        for figure in self.figures:
            start = self.starts[min(figure.first, len(self.blocks))]
            end = self.starts[min(figure.end, len(self.blocks))]
            width, height = figure.size
            in_room = figure.first < len(self.blocks) and \
                isinstance(self.blocks[figure.first], Room)
            if end <= top or start >= (top + self.view.height if in_room else lines_end):
                continue
            y = max(start, min(top, end - height))
            placed.append((pygame.Rect(self.view.right - width, self.view.top + y - top, width,
                                       height), figure))
        return placed

    @property
    def pending(self) -> bool:
        """A figure in view is still to be painted."""
        return any(not figure.ready() for _, figure in self.figures_shown())

    def prepare_next(self, frame: int) -> bool:
        """A step's work in frame number `frame`: paint one figure in view not painted yet,
        at most one a frame and none in the first frame asked (the page opens at the cost of
        its text). True if it painted."""
        if self.first_frame is None:
            self.first_frame = frame
        waiting = [figure for _, figure in self.figures_shown() if not figure.ready()]
        if not waiting or frame in (self.first_frame, self.painted_frame):
            return False
        waiting[0].prepare()
        self.painted_frame = frame
        return True

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The blocks in view and the scroll bar; returns where each block was drawn (only a
        block taller than the view reaches past it, and is cut there)."""
        drawn = []
        origin = self.view.top - self.starts[self.top]
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for index in self.shown():
            drawn.append(self.blocks[index].draw(surface, self.view.left,
                                                 origin + self.starts[index]))
        for rect, figure in self.figures_shown():
            figure.paint(surface, rect)
            drawn.append(rect.clip(self.view))
        surface.set_clip(clip)
        if self.scrolls:
            pygame.draw.rect(surface, ui.PANEL, self.track(), border_radius=BAR_WIDTH // 2)
            colour = ui.ACCENT if self.dragging else ui.MUTED
            pygame.draw.rect(surface, colour, self.thumb(), border_radius=BAR_WIDTH // 2)
        return drawn
