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

# The board's area of the logical screen: below the HUD, above the toolbar (GameScene's
# board_rect; a test holds the two together).
BOARD: Box = (0, 110, 1920, 870)


class Button(StrEnum):
    """The side panel's buttons, in order."""
    MODE = "mode"                # pen or pencil (the pointer picks a half)
    FILL = "fill"
    AUTOCLEAR = "autoclear"
    SOLVE = "solve"
    NEW = "new"


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
    mark_cols: int               # candidates per row inside a cell
    slot_w: float
    slot_h: float
    mark_size: int
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

    def mark_centre(self, digit: int) -> tuple[float, float]:
        """Where candidate `digit` sits inside a cell, from the cell's top-left corner."""
        row, col = divmod(digit - 1, self.mark_cols)
        return 6 + self.slot_w * (col + 0.5), self.band + self.slot_h * (row + 0.5)

    def digit_centre(self) -> tuple[float, float]:
        return self.cell / 2, (self.band * 0.6 + self.cell) / 2

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
    # The side panel and its buttons.
    x, y, width = 1090, top + 30, 780
    height = top + area_h - 30 - y
    half = (width - 16) // 2
    buttons = ((Button.MODE, (x, y + 106, width, 76)), (Button.FILL, (x, y + 200, half, 76)),
               (Button.AUTOCLEAR, (x + half + 16, y + 200, half, 76)),
               (Button.SOLVE, (x, y + 294, half, 76)),
               (Button.NEW, (x + half + 16, y + 294, half, 76)))
    return Layout(n=n, cell=cell, grid=grid,
                  frame=(grid[0] - 12, grid[1] - 12, side + 24, side + 24),
                  wall=min(6, max(4, cell // 22)), clue_size=clue_size, band=band,
                  digit_size=min(104, int(cell * 0.56)), mark_cols=mark_cols, slot_w=slot_w,
                  slot_h=slot_h, mark_size=int(min(slot_h * 0.92, slot_w * 1.35, 44)),
                  panel=(x, y, width, height), buttons=buttons,
                  info=(x, y + 398, width, height - 398))


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


@cache
def pad_place(n: int, cell: Cell, style: Style) -> PadPlace:
    """The pad beside the cell (left of it near the screen's edge), or the wheel around it,
    kept inside the board's area."""
    sheet = layout(n)
    cx, cy, cw, ch = sheet.cell_box(*cell)
    ax, ay, aw, ah = BOARD
    if style == Style.WHEEL:
        count = n + 1
        radius = int(max(sheet.cell * 0.5 + 62, count * 92 / (2 * math.pi)))
        outer = radius + 56
        x = min(max(cx + cw // 2, ax + outer + 8), ax + aw - outer - 8)
        y = min(max(cy + ch // 2, ay + outer + 8), ay + ah - outer - 8)
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
    left = cx + cw + 20
    if left + width > ax + aw - 10:
        left = cx - 20 - width
    top = min(max(cy + ch // 2 - height // 2, ay + 10), ay + ah - 10 - height)
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
