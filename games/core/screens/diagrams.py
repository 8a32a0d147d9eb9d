"""The rules screen's pictures: each paragraph a game illustrates (games/<key>/rules_pictures.py,
data checked by tests/test_rules_pictures.py) is set narrower beside its picture, or, with
several, has them in rows under it (page.Figure, page.Room); the game's own painter
(games/<key>/diagram.py) paints them from its sprites.

A picture is a position, or a change: the position before a move, with the move drawn on it,
an arrow, and the position after. Pictures are painted when they first come into view, one a
frame and never on the opening frame (a quiet stand-in until then), and kept, keyed by the
palette and the size, for every later opening of any rules screen: opening one costs only
laying out its text. A picture whose data is wrong shows nothing (the checker names it).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from games.core.kit import pictures as data, registry
from games.core.kit.rules_api import GameError
from games.core.loop import assets, palette, survey
from games.core.screens import page, ui
from games.core.screens.cache import SurfaceCache
from games.core.screens.launch import colour_words
from games.core.screens.parts import Diagram

BOARD_SHARE = 0.22     # a pictured board's height, as a share of the screen's height,
SMALL_SCREEN = 0.1     # and a little more on a smaller screen, where a share is smaller
ARROW_SHARE = 0.3      # the arrow between before and after, as a share of a board's height
FIGURE_GAP = 40        # between the words and their pictures
PICTURE_GAP = 30       # between two pictures
CAPTION_LINES = 2
CAPTION_WIDTH = 340     # the least width of a caption (a narrow picture's is wider)

PAINTED = SurfaceCache(limit=64)     # every game's pictures, kept between openings


def board_size(key: str, screen_height: int) -> tuple[int, int]:
    """A pictured board's box: a share of the screen's height, in the game's own shape
    (its painter's ASPECT, width over height)."""
    height = round(screen_height * BOARD_SHARE + max(0, 1080 - screen_height) * SMALL_SCREEN)
    return round(height * aspect(key)), height


def painter(key: str) -> Diagram:
    """The game's diagram painter: a game with pictures has one (its art's diagram)."""
    diagram = registry.lookup(key).art().diagram
    if diagram is None:
        raise ValueError(f"{key} has rules pictures but no diagram painter in its art")
    return diagram


def aspect(key: str) -> float:
    return float(painter(key).ASPECT)


def caption_height() -> int:
    return round(ui.SMALL * assets.text_scale() * 1.25 * CAPTION_LINES) + 8


def boards_width(board: tuple[int, int], picture: data.Picture) -> int:
    """The width of a picture's boards: one, or two and the arrow between them."""
    return 2 * board[0] + round(board[1] * ARROW_SHARE) if picture.change else board[0]


def figure_size(board: tuple[int, int], picture: data.Picture) -> tuple[int, int]:
    width, height = boards_width(board, picture), board[1]
    if not picture.caption:
        return width, height
    return max(width, CAPTION_WIDTH), height + caption_height()


def rules_blocks(key: str, text: str, width: int, screen_height: int,
                 settings: Mapping[str, Any]) -> tuple[list[page.Block], tuple[page.Figure, ...]]:
    """The rules text as the page's blocks and the figures: a paragraph with one picture is
    set narrower beside it; one with several has them in rows under it, across the column,
    in the order declared."""
    palette.use(settings)
    texts = data.paragraphs(text)
    beside: dict[int, list[tuple[int, data.Picture]]] = {}
    for index, picture in enumerate(data.pictures_of(key)):
        try:
            beside.setdefault(data.paragraph_of(texts, picture), []).append((index, picture))
        except GameError:
            continue
    board = board_size(key, screen_height) if beside else (0, 0)
    blocks: list[page.Block] = []
    figures: list[page.Figure] = []
    for number, words in enumerate(texts):
        if number not in beside:
            blocks += page.paragraph(words, width)
            continue
        drawings = [Drawing(key, index, picture, board) for index, picture in beside[number]]
        if len(drawings) == 1:          # beside the words
            group = Group(drawings, drawings[0].size[0])
            lines = page.paragraph(words, width - group.size[0] - FIGURE_GAP)[:-1]
            first = len(blocks)
            blocks += lines
            taller = group.size[1] - sum(line.height for line in lines)
            if taller > 0:
                blocks.append(page.Gap(taller))
        else:                           # in rows under the words, across the column
            group = Group(drawings, width)
            blocks += page.paragraph(words, width)
            first = len(blocks)
            blocks.append(page.Room(group.size[1]))
        figures.append(page.Figure(first, len(blocks), group.size, group.paint, group.ready,
                                   group.prepare))
        blocks.append(page.Gap())
    return blocks, tuple(figures)


class Drawing:
    """One picture: painted into PAINTED by prepare() (a frame's work, never on the opening
    frame), drawn from there with its caption by paint(); a quiet panel stands in until it
    is painted."""

    def __init__(self, key: str, index: int, picture: data.Picture, board: tuple[int, int]):
        self.key, self.index, self.picture, self.board = key, index, picture, board
        self.size = figure_size(board, picture)

    def cache_key(self) -> tuple[Any, ...]:
        return self.key, self.index, self.board, palette.current()

    def ready(self) -> bool:
        return self.cache_key() in PAINTED.surfaces

    def prepare(self) -> None:
        PAINTED.get(self.cache_key(), lambda: painted(self.key, self.picture, self.board))

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        image = PAINTED.surfaces.get(self.cache_key())
        if image is None:
            box = pygame.Rect(0, 0, boards_width(self.board, self.picture), self.board[1])
            box.midtop = rect.midtop
            pygame.draw.rect(surface, ui.BG_DEEP, box, border_radius=16)
        else:
            box = image.get_rect(midtop=rect.midtop)
            surface.blit(image, box)
        if survey.current is not None:
            survey.current.picture(surface, f"picture {self.index + 1}", box)
        caption = pygame.Rect(rect.left, rect.top + self.board[1] + 4, rect.width,
                              caption_height() - 4)
        # A picture entering the view from its bottom shows its caption once it is whole:
        # no line of the page is ever cut at the view's edge.
        if self.picture.caption and surface.get_clip().contains(caption):
            ui.fit_text(surface, colour_words(self.key, self.picture.caption), caption,
                        ui.SMALL, ui.MUTED, max_lines=CAPTION_LINES)


class Group:
    """A paragraph's drawings in rows no wider than `width` (one at least), one row under
    another, each row centred."""

    def __init__(self, drawings: list[Drawing], width: int):
        self.rows: list[list[Drawing]] = [[]]
        for drawing in drawings:
            row = self.rows[-1]
            if row and sum(d.size[0] + PICTURE_GAP for d in row) + drawing.size[0] > width:
                self.rows.append(row := [])
            row.append(drawing)
        self.widths = [sum(d.size[0] for d in row) + PICTURE_GAP * (len(row) - 1)
                       for row in self.rows]
        self.heights = [max(d.size[1] for d in row) for row in self.rows]
        self.size = (max(width, *self.widths),
                     sum(self.heights) + PICTURE_GAP * (len(self.rows) - 1))
        self.drawings = drawings

    def ready(self) -> bool:
        return all(drawing.ready() for drawing in self.drawings)

    def prepare(self) -> None:
        """Paint the first drawing not painted yet."""
        next(drawing for drawing in self.drawings if not drawing.ready()).prepare()

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.top
        for row, wide, high in zip(self.rows, self.widths, self.heights):
            x = rect.centerx - wide // 2
            for drawing in row:
                drawing.paint(surface, pygame.Rect(x, y, *drawing.size))
                x += drawing.size[0] + PICTURE_GAP
            y += high + PICTURE_GAP


def painted(key: str, picture: data.Picture, board: tuple[int, int]) -> pygame.Surface:
    """The picture's boards: the position, or before (with the move) -> after. A picture
    whose data is wrong paints nothing."""
    paint = painter(key).paint
    width, height = board
    try:
        shown = data.shown(key, picture)
    except GameError:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    if shown.after is None:
        return paint(shown.before, board, picture.marks)
    gap = round(height * ARROW_SHARE)
    surface = pygame.Surface((2 * width + gap, height), pygame.SRCALPHA)
    surface.blit(paint(shown.before, board, picture.marks, shown.move), (0, 0))
    surface.blit(paint(shown.after, board, picture.marks, shown.move, True), (width + gap, 0))
    arrow(surface, pygame.Rect(width, 0, gap, height))
    return surface


def arrow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A fat arrow pointing right, in the middle of `rect`: before -> after."""
    x0, x1, y = rect.left + rect.width * 0.18, rect.right - rect.width * 0.18, rect.centery
    head = rect.width * 0.32
    thick = max(4, rect.width // 9)
    pygame.draw.rect(surface, ui.ACCENT, (x0, y - thick // 2, x1 - head - x0 + 2, thick),
                     border_radius=thick // 2)
    pygame.draw.polygon(surface, ui.ACCENT, ((x1, y), (x1 - head, y - head * 0.75),
                                             (x1 - head, y + head * 0.75)))


# --- for the games' painters -------------------------------------------------------------------
Point = tuple[float, float]
MARK_EDGE = (24, 26, 34)     # the dark edge under a mark, so it reads on light and dark


def ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int = 0) -> None:
    """A highlight round `rect` (a square, or a circle when radius is half its side)."""
    width = width or max(3, rect.width // 14)
    pygame.draw.rect(surface, MARK_EDGE, rect.inflate(2, 2), width + 2, border_radius=radius)
    pygame.draw.rect(surface, ui.ACCENT, rect, width, border_radius=radius)


def arrow_along(surface: pygame.Surface, points: list[Point], width: int) -> None:
    """The move about to be played: a line along `points` with a head at the last, in the
    accent colour on a dark edge."""
    if len(points) < 2:
        return
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(1e-6, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = width * 2.6
    base = (x2 - ux * head, y2 - uy * head)
    wing = (-uy * head * 0.62, ux * head * 0.62)
    tip = [(x2, y2), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    shaft = [*points[:-1], base]
    for colour, grow in ((MARK_EDGE, 4), (ui.ACCENT, 0)):
        pygame.draw.lines(surface, colour, False, shaft, width + grow)
        for x, y in shaft:
            pygame.draw.circle(surface, colour, (x, y), (width + grow) / 2)
        pygame.draw.polygon(surface, colour, tip, grow)
