"""Nim's teaching panel: each heap in binary, the running XOR down each bit column, the
nim-sum, whether the player to move is winning, and (with a hint) why the best move wins.
Rendered once per position (and hint shown or not) onto its own surface, and kept."""
from __future__ import annotations

import pygame

from games.core.loop import assets
from games.core.screens import ui
from games.core.screens.cache import SurfaceCache
from games.nim import ai, teaching
from games.nim.rules import SIDES, State
from games.nim.teaching import Lesson

TABLE_INK = (26, 28, 36)
Colour = tuple[int, int, int]


class TeachingPanel:
    """The panel for one place on the screen; its pictures are kept for the last few
    positions (undo and redo come back to them)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.pictures = SurfaceCache(6)

    def picture(self, state: State, with_hint: bool) -> pygame.Surface:
        return self.pictures.get((state, with_hint),
                                 lambda: render_panel(self.rect, state, with_hint))


def render_panel(rect: pygame.Rect, state: State, with_hint: bool) -> pygame.Surface:
    surface = pygame.Surface(rect.size)      # opaque (the board's colour in the corners)
    surface.fill(ui.BG)
    ui.panel(surface, surface.get_rect(), ui.PANEL, radius=22, border=ui.LINE, width=2)
    lesson = teaching.explain(state, min_width=4)
    pad = 32
    width = rect.width - 2 * pad
    ui.label(surface, "Nimbers", (pad, 22), ui.HEADING, ui.TEXT, bold=True)
    ui.label(surface, "teaching view", (rect.width - pad, 34), ui.SMALL, ui.MUTED,
             anchor="topright")
    hint_lines = assets.wrap(lesson.hint, ui.SMALL, width) if with_hint else []
    hint_height = (48 + len(hint_lines) * 31) if with_hint else 0
    intro = ("Each heap in binary. The XOR column keeps the running total of each bit "
             "column: a 1 where the column so far holds an odd number of 1s.")
    if state.misere:
        intro = ("Misère: play as in normal play until a move would leave only heaps of 0 "
                 "or 1; then leave an odd number of heaps of 1.")
    intro_lines = [] if with_hint else assets.wrap(intro, ui.SMALL, width)
    y = 80
    for line in intro_lines:
        ui.label(surface, line, (pad, y), ui.SMALL, ui.MUTED)
        y += 30
    y += 12
    n = len(lesson.rows)
    reason_lines = [] if with_hint else assets.wrap(
        verdict_reason(state, lesson), ui.SMALL, width - 40)
    verdict_height = 64 + 31 * len(reason_lines) + (8 if reason_lines else 0)
    room = rect.height - y - 50 - 64 - verdict_height - hint_height - 40
    row = int(max(34, min(54, room / max(n, 1))))
    cell_w, cell_h = 44, row - 8
    bits_left = max(170, pad + assets.font(ui.SMALL + 2, True).size("nim-sum")[0] + 20)
    xor_left = bits_left + len(lesson.columns) * (cell_w + 8) + 36
    # column headings
    ui.label(surface, "heap", (pad, y + 10), ui.SMALL, ui.MUTED)
    for c, value in enumerate(lesson.columns):
        cx = bits_left + c * (cell_w + 8) + cell_w // 2
        ui.label(surface, str(value), (cx, y + 10), ui.SMALL, ui.MUTED, bold=True, anchor="midtop")
    ui.label(surface, "XOR so far", (xor_left, y + 10), ui.SMALL, ui.MUTED)
    y += 50
    odd = [ch == "1" for ch in lesson.nim_sum_bits]
    table_top = y
    table_bottom = y + n * row + 64
    for c, is_odd in enumerate(odd):
        if is_odd:
            band = pygame.Rect(bits_left + c * (cell_w + 8) - 4, table_top - 6, cell_w + 8,
                               table_bottom - table_top + 4)
            pygame.draw.rect(surface, (88, 70, 40), band, border_radius=10)
    for index, heap_row in enumerate(lesson.rows):
        colour = ui.TEXT if heap_row.size else ui.MUTED
        ui.label(surface, f"{index + 1}.", (pad, y + row // 2 - 4), ui.SMALL, ui.MUTED,
                 anchor="midleft")
        ui.label(surface, str(heap_row.size), (pad + 96, y + row // 2 - 4), ui.BODY, colour,
                 bold=True, anchor="midright")
        draw_bits(surface, heap_row.bits, bits_left, y, cell_w, cell_h, ui.ACCENT)
        ui.label(surface, f"{heap_row.running_bits} = {heap_row.running}",
                 (xor_left, y + row // 2 - 4), ui.SMALL + 2, ui.MUTED, anchor="midleft")
        y += row
    pygame.draw.line(surface, ui.LINE, (pad, y + 2), (rect.width - pad, y + 2), 2)
    y += 12
    ui.label(surface, "nim-sum", (pad, y + 24), ui.SMALL + 2, ui.TEXT, bold=True,
             anchor="midleft")
    draw_bits(surface, lesson.nim_sum_bits, bits_left, y, cell_w, 48, ui.BAD)
    ui.label(surface, f"= {lesson.nim_sum}", (xor_left, y + 24), ui.HEADING - 4, ui.TEXT,
             bold=True, anchor="midleft")
    y += 70
    box = pygame.Rect(pad, y, width, verdict_height - 12)
    good = lesson.winning
    ui.panel(surface, box, (34, 58, 46) if good else (64, 38, 38), radius=14,
             border=ui.GOOD if good else ui.BAD, width=3)
    mover = SIDES[state.to_move]
    if not any(state.heaps):
        verdict = "The game is over"
    else:
        verdict = f"{mover}, to move, is {'winning' if good else 'losing'}"
    ui.label(surface, verdict, (box.left + 20, box.top + 26), ui.BODY, ui.GOOD if good else ui.BAD,
             bold=True, anchor="midleft")
    for n, line in enumerate(reason_lines):
        ui.label(surface, line, (box.left + 20, box.top + 54 + 31 * n), ui.SMALL, ui.TEXT)
    y = box.bottom + 20
    if with_hint:
        ui.label(surface, "Hint", (pad, y), ui.BODY, ui.ACCENT, bold=True)
        y += 44
        for line in hint_lines:
            ui.label(surface, line, (pad, y), ui.SMALL, ui.TEXT)
            y += 31
    elif any(state.heaps):
        ui.label(surface, "A hint (H) shows the best move and why.",
                 (pad, rect.height - 30), ui.SMALL, ui.MUTED, anchor="bottomleft")
    return surface


def verdict_reason(state: State, lesson: Lesson) -> str:
    if state.misere and ai.only_small_heaps(state.heaps):
        ones = state.heaps.count(1)
        parity = "even: the other player takes the last" if ones % 2 == 0 else \
            "odd: the player to move takes the last"
        return f"Misère with only heaps of 1 left: {ones}, {parity}."
    if state.misere and sum(heap >= 2 for heap in state.heaps) == 1:
        return ("Misère with one heap above 1: shrink it to leave an odd number of "
                "heaps of 1.")
    if lesson.nim_sum:
        return "The nim-sum is not 0: one move makes every column even."
    return "The nim-sum is 0: every move leaves a column odd."


def draw_bits(surface: pygame.Surface, bits: str, left: int, top: int, cell_w: int, cell_h: int,
              on: Colour) -> None:
    for c, ch in enumerate(bits):
        cell = pygame.Rect(left + c * (cell_w + 8), top, cell_w, cell_h)
        if ch == "1":
            pygame.draw.rect(surface, on, cell, border_radius=8)
            ui.label(surface, "1", cell.center, ui.SMALL + 2, TABLE_INK, bold=True, anchor="center")
        else:
            pygame.draw.rect(surface, ui.BG_DEEP, cell, border_radius=8)
            ui.label(surface, "0", cell.center, ui.SMALL + 2, ui.MUTED, anchor="center")
