"""Where Calcoolation's things sit on the 1920 x 1080 logical screen: the grid and its cells,
the side panel's buttons, and the number pad or wheel beside a cell. Pure arithmetic on boxes
(x, y, width, height) with pygame.Rect's rounding, so the controls can move a focus between
buttons without a display, and the view draws exactly there.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

Box = tuple[int, int, int, int]      # x, y, width, height
Point = tuple[int, int]
Cell = tuple[int, int]               # (row, col)

LEGIBLE_MARK = 21     # a candidate's least ink height, logical pixels (14 at 1280x720)

# The board's area of the logical screen: below the HUD, above the toolbar (the frame's
# board_rect; a test holds the two together).
BOARD: Box = (0, 110, 1920, 870)


class Button(StrEnum):
    """The side panel's buttons, in order."""
    MODE = "mode"                # pen or pencil (the pointer picks a half)
    FILL = "fill"
    AUTOCLEAR = "autoclear"
    SOLVE = "solve"
    NEW = "new"
    LIGHT = "light"              # one a digit: highlight the cells holding it
    HELPER = "helper"            # the cage helper on or off


class Style(StrEnum):
    PAD = "pad"                  # beside the cell: mouse and keyboard
    WHEEL = "wheel"              # around the cell: the gamepad


class ItemKind(StrEnum):
    MODE = "mode"                # value 0 pen, 1 pencil
    DIGIT = "digit"
    CLEAR = "clear"


Item = tuple[ItemKind, int]


def centre(box: Box) -> Point:
    x, y, w, h = box
    return x + w // 2, y + h // 2


def contains(box: Box, point: tuple[float, float]) -> bool:
    x, y, w, h = box
    return x <= point[0] < x + w and y <= point[1] < y + h


def centred(w: int, h: int, at: Point) -> Box:
    return at[0] - w // 2, at[1] - h // 2, w, h


@dataclass(frozen=True)
class Layout:
    """Calcoolation's screen for an n x n grid."""
    n: int
    cell: int                    # a cell's side
    grid: Box
    frame: Box                   # the grid and its outer wall: the cached board surfaces
    wall: int                    # a cage wall's width
    clue_size: int
    band: int                    # the clue's band at the top of a cell
    digit_size: int
    mark_cols: int               # candidates per row inside a cell under a clue ...
    slot_w: float
    slot_h: float
    mark_size: int
    mark_narrow: float           # ... drawn this much narrower (1.0: as they are) to be tall
    open_cols: int               # ... and in a cell without one: the whole cell is theirs
    open_slot_w: float
    open_slot_h: float
    open_mark_size: int
    panel: Box
    buttons: tuple[tuple[Button, Box], ...]
    info: Box                    # the hint and help box at the panel's foot

    def cell_box(self, row: int, col: int) -> Box:
        return (self.grid[0] + col * self.cell, self.grid[1] + row * self.cell, self.cell,
                self.cell)

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        if not contains(self.grid, point):
            return None
        return (int(point[1] - self.grid[1]) // self.cell,
                int(point[0] - self.grid[0]) // self.cell)

    def button_at(self, point: tuple[float, float]) -> int | None:
        return next((k for k, (_, box) in enumerate(self.buttons) if contains(box, point)),
                    None)

    def mark_centre(self, digit: int, clued: bool = True) -> tuple[float, float]:
        """Where candidate `digit` sits inside a cell, from the cell's top-left corner: below
        the clue's band in the cell holding a cage's clue, else anywhere in the cell."""
        if clued:
            row, col = divmod(digit - 1, self.mark_cols)
            return 6 + self.slot_w * (col + 0.5), self.band + self.slot_h * (row + 0.5)
        row, col = divmod(digit - 1, self.open_cols)
        return 6 + self.open_slot_w * (col + 0.5), 5 + self.open_slot_h * (row + 0.5)

    def marks_size(self, clued: bool = True) -> int:
        """The candidates' font size, in a cell with a clue or without."""
        return self.mark_size if clued else self.open_mark_size

    def marks_narrow(self, clued: bool = True) -> float:
        """How much narrower than the font draws them the candidates are (1.0: not)."""
        return self.mark_narrow if clued else 1.0

    def digit_centre(self) -> tuple[float, float]:
        return self.cell / 2, (self.band * 0.6 + self.cell) / 2

    def light_digit(self, index: int) -> int:
        """The digit a panel button highlights (0: it is no highlight button)."""
        lights = [k for k, (name, _) in enumerate(self.buttons) if name == Button.LIGHT]
        return lights.index(index) + 1 if index in lights else 0

    def light_label(self) -> Box:
        """Where "Highlight" is written, left of the digits' buttons."""
        first = next(box for name, box in self.buttons if name == Button.LIGHT)
        return self.panel[0], first[1], first[0] - self.panel[0] - 12, first[3]

    def panel_step(self, index: int, dx: int, dy: int) -> int | None:
        """The panel button an arrow goes to from button `index`: along its row, or to the
        nearest button of the row above or below; None left off the row (back to the
        grid); `index` itself where nothing lies that way."""
        tops = sorted({box[1] for _, box in self.buttons})
        box = self.buttons[index][1]
        if dx:
            row = sorted((b[0], k) for k, (_, b) in enumerate(self.buttons) if b[1] == box[1])
            at = row.index((box[0], index)) + dx
            return row[at][1] if 0 <= at < len(row) else None if dx < 0 else index
        at = tops.index(box[1]) + dy
        if not 0 <= at < len(tops):
            return index
        x = centre(box)[0]
        return min((k for k, (_, b) in enumerate(self.buttons) if b[1] == tops[at]),
                   key=lambda k: (abs(centre(self.buttons[k][1])[0] - x), self.buttons[k][1][0]))

    def button_beside(self, row: int) -> int:
        """The panel button level with a grid row (moving right off the grid reaches it)."""
        y = centre(self.cell_box(row, self.n - 1))[1]
        return min(range(len(self.buttons)),
                   key=lambda k: (abs(centre(self.buttons[k][1])[1] - y), self.buttons[k][1][0]))


@cache
def layout(n: int) -> Layout:
    left, top, area_w, area_h = BOARD
    cell = min(200, 846 // n)
    side = cell * n
    grid = centred(side, side, (560, top + area_h // 2))
    clue_size = min(40, max(22, int(cell * 0.29)))
    band = int(clue_size * 1.2) + 4
    mark_cols = {3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}.get(n, 5)
    slot_w = (cell - 12) / mark_cols
    slot_h = (cell - 6 - band) / -(-n // mark_cols)
    open_cols = 2 if n <= 4 else 3
    open_w, open_h = (cell - 12) / open_cols, (cell - 10) / -(-n // open_cols)
    # A digit's ink is about 0.74 of its font size high and 0.72 wide (bold): as large as
    # its slot holds with room between neighbours.
    open_size = int(min((open_h - 6) / 0.74, (open_w - 6) / 0.72, 44))
    # Under a clue the slots are short and narrow: the candidates keep an ink height of at
    # least LEGIBLE_MARK (14 px in a 1280x720 window), drawn narrower where the slot is too
    # narrow for them at that height (9x9).
    mark_size, mark_narrow = int(min((slot_h - 4) / 0.74, (slot_w - 4) / 0.66, 44)), 1.0
    if mark_size * 0.74 < LEGIBLE_MARK:
        mark_size = int(min((slot_h - 4) / 0.74, 44))
        mark_narrow = min(1.0, (slot_w - 2.5) / (0.66 * mark_size))
    # The side panel and its buttons: a row each, the highlight's digits after "Highlight".
    x, y, width = 1090, top + 30, 780
    height = top + area_h - 30 - y
    half, tall, pitch = (width - 16) // 2, 70, 82
    rows = [y + 106 + k * pitch for k in range(5)]
    light_w = min(90, (width - 170 - 8 * (n - 1)) // n)
    lights = tuple((Button.LIGHT, (x + width - n * light_w - (n - 1) * 8 + k * (light_w + 8),
                                   rows[3], light_w, tall)) for k in range(n))
    buttons = ((Button.MODE, (x, rows[0], width, tall)), (Button.FILL, (x, rows[1], half, tall)),
               (Button.AUTOCLEAR, (x + half + 16, rows[1], half, tall)),
               (Button.SOLVE, (x, rows[2], half, tall)),
               (Button.NEW, (x + half + 16, rows[2], half, tall)), *lights,
               (Button.HELPER, (x, rows[4], width, tall)))
    info_top = rows[4] + tall + 18 - y
    return Layout(n=n, cell=cell, grid=grid,
                  frame=(grid[0] - 12, grid[1] - 12, side + 24, side + 24),
                  wall=min(6, max(4, cell // 22)), clue_size=clue_size, band=band,
                  digit_size=min(104, int(cell * 0.56)), mark_cols=mark_cols, slot_w=slot_w,
                  slot_h=slot_h, mark_size=mark_size, mark_narrow=mark_narrow,
                  open_cols=open_cols, open_slot_w=open_w, open_slot_h=open_h,
                  open_mark_size=open_size,
                  panel=(x, y, width, height), buttons=buttons,
                  info=(x, y + info_top, width, height - info_top))


# --- the number pad and wheel ----------------------------------------------------------------

@cache
def pad_items(n: int, style: Style) -> tuple[Item, ...]:
    """The pad: Pen and Pencil, the digits, Clear. The wheel: the digits and Clear."""
    digits = tuple((ItemKind.DIGIT, d) for d in range(1, n + 1))
    if style == Style.WHEEL:
        return (*digits, (ItemKind.CLEAR, 0))
    return ((ItemKind.MODE, 0), (ItemKind.MODE, 1), *digits, (ItemKind.CLEAR, 0))


@dataclass(frozen=True)
class PadPlace:
    """Where a pad or wheel sits: its whole box, its items (pad_items) and a box for each;
    a wheel's centre and the radius its items go round on."""
    box: Box
    items: tuple[Item, ...]
    boxes: tuple[Box, ...]
    centre: Point = (0, 0)
    radius: int = 0


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


NEAR = 20        # the gap between a cell and its pad or wheel (logical pixels)


def beside_spots(size: tuple[int, int], cell: Box) -> list[Point]:
    """Every top-left corner (in steps of 10) for a pad of `size` next to the cell, inside the
    board's area: right of it, left of it, above or below it, NEAR away, slid along that side
    no further than until its corner meets the cell's (diagonally, NEAR away)."""
    width, height = size
    cx, cy, cw, ch = cell
    ax, ay, aw, ah = BOARD
    low_x, high_x = ax + 10, ax + aw - 10 - width
    low_y, high_y = ay + 10, ay + ah - 10 - height
    ys = range(max(low_y, cy - height - NEAR), min(high_y, cy + ch + NEAR) + 1, 10)
    xs = range(max(low_x, cx - width - NEAR), min(high_x, cx + cw + NEAR) + 1, 10)
    return [(x, y) for x in (cx + cw + NEAR, cx - NEAR - width) if low_x <= x <= high_x
            for y in ys] + \
        [(x, y) for y in (cy - NEAR - height, cy + ch + NEAR) if low_y <= y <= high_y
         for x in xs]


def pad_spot(size: tuple[int, int], cell: Box, clues: tuple[Box, ...],
             lines: tuple[Box, ...] = ()) -> Point:
    """The top-left corner for a pad of `size` by the cell (beside_spots: always next to the
    cursor, never further off), where it hides the least of what the player reads to choose
    a digit: the fewest clues (`clues`: where they are drawn) and cells of the cell's row and
    column (`lines`) together, then the nearest the cell's middle, then the right side."""
    width, height = size
    cx, cy, cw, ch = cell
    middle = (cx + cw / 2, cy + ch / 2)
    spots = beside_spots(size, cell)
    if not spots:                                          # no side has room: the old place
        ax, ay, aw, ah = BOARD
        return (min(max(cx + cw + NEAR, ax + 10), ax + aw - 10 - width),
                min(max(cy + ch // 2 - height // 2, ay + 10), ay + ah - 10 - height))
    hidden = clues + lines

    def cost(item: tuple[int, Point]) -> tuple[int, float, int]:
        order, (x, y) = item
        covered = sum(overlaps((x, y, width, height), box) for box in hidden)
        return covered, math.dist((x + width / 2, y + height / 2), middle), order
    return min(enumerate(spots), key=cost)[1]


@cache
def pad_place(n: int, cell: Cell, style: Style, clues: tuple[Box, ...] = ()) -> PadPlace:
    """The pad or the wheel next to the cell, where it hides the fewest of the cage clues
    `clues` (where they are drawn) and of the cells of its row and column (pad_spot), inside
    the board's area. Items
    keep their places relative to each other wherever it goes (the controls step the focus
    between them without knowing the clues; the wheel's turns round)."""
    sheet = layout(n)
    cx, cy, cw, ch = sheet.cell_box(*cell)
    row, col = cell
    lines = tuple(sheet.cell_box(row, c) for c in range(n) if c != col) + \
        tuple(sheet.cell_box(r, col) for r in range(n) if r != row)
    if style == Style.WHEEL:      # beside the cell as the pad is, off every clue
        count = n + 1
        radius = int(max(sheet.cell * 0.5 + 62, count * 92 / (2 * math.pi)))
        outer = radius + 56
        left, top = pad_spot((2 * outer, 2 * outer), (cx, cy, cw, ch), clues, lines)
        x, y = left + outer, top + outer
        spots = []
        for k in range(count):
            angle = math.radians(-90 + 360 * k / count)
            spots.append(centred(80, 80, (round(x + radius * math.cos(angle)),
                                          round(y + radius * math.sin(angle)))))
        return PadPlace((x - outer, y - outer, 2 * outer, 2 * outer), pad_items(n, style),
                        tuple(spots), (x, y), radius)
    cols = 2 if n == 4 else 3
    rows = -(-n // cols)
    gap, pad, button_h = 10, 18, 80
    inner = max(cols * 84 + (cols - 1) * gap, 264)
    button_w = (inner - (cols - 1) * gap) // cols
    width = inner + 2 * pad
    height = pad + 58 + 14 + rows * button_h + (rows - 1) * gap + 14 + 64 + pad
    left, top = pad_spot((width, height), (cx, cy, cw, ch), clues, lines)
    x, y = left + pad, top + pad
    boxes: list[Box] = [(x, y, inner // 2, 58), (x + inner // 2, y, inner - inner // 2, 58)]
    y += 58 + 14
    for d in range(1, n + 1):
        row, col = divmod(d - 1, cols)
        boxes.append((x + col * (button_w + gap), y + row * (button_h + gap), button_w,
                      button_h))
    y += rows * button_h + (rows - 1) * gap + 14
    boxes.append((x, y, inner, 64))
    return PadPlace((left, top, width, height), pad_items(n, style), tuple(boxes))
