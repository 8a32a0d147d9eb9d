"""Calcoolation's number pad (mouse and keyboard) and number wheel (gamepad): where their items
go beside or around a cell, which one a point or a step reaches, and how they look."""
from __future__ import annotations

import math

import pygame

from games.core.screens import ui


class Popup:
    """The number pad (mouse, keyboard) or number wheel (gamepad) of one cell."""

    def __init__(self, cell, style: str, pencil: bool, focus: int = 0):
        self.cell, self.style, self.pencil, self.focus = cell, style, pencil, focus
        self.items: list[tuple[str, int, pygame.Rect]] = []   # (kind, value, rect)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.centre = (0, 0)
        self.radius = 0

    def place(self, cell: pygame.Rect, n: int, cell_size: int, area: pygame.Rect) -> None:
        """Lay the items out beside (pad) or around (wheel) the cell's rectangle, inside area."""
        if self.style == "wheel":
            count = n + 1
            radius = int(max(cell_size * 0.5 + 62, count * 92 / (2 * math.pi)))
            outer = radius + 56
            cx = min(max(cell.centerx, area.left + outer + 8), area.right - outer - 8)
            cy = min(max(cell.centery, area.top + outer + 8), area.bottom - outer - 8)
            self.centre, self.radius = (cx, cy), radius
            self.rect = pygame.Rect(cx - outer, cy - outer, 2 * outer, 2 * outer)
            items = []
            for k in range(count):
                angle = math.radians(-90 + 360 * k / count)
                centre = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
                rect = pygame.Rect(0, 0, 80, 80)
                rect.center = (round(centre[0]), round(centre[1]))
                items.append(("digit", k + 1, rect) if k < n else ("clear", 0, rect))
            self.items = items
            return
        cols = 2 if n == 4 else 3
        rows = -(-n // cols)
        gap, pad, button_h = 10, 18, 80
        inner = max(cols * 84 + (cols - 1) * gap, 264)
        button_w = (inner - (cols - 1) * gap) // cols
        width = inner + 2 * pad
        height = pad + 58 + 14 + rows * button_h + (rows - 1) * gap + 14 + 64 + pad
        left = cell.right + 20
        if left + width > area.right - 10:
            left = cell.left - 20 - width
        top = min(max(cell.centery - height // 2, area.top + 10), area.bottom - 10 - height)
        self.rect = pygame.Rect(left, top, width, height)
        x, y = left + pad, top + pad
        items = [("mode", 0, pygame.Rect(x, y, inner // 2, 58)),
                 ("mode", 1, pygame.Rect(x + inner // 2, y, inner - inner // 2, 58))]
        y += 58 + 14
        for d in range(1, n + 1):
            row, col = divmod(d - 1, cols)
            items.append(("digit", d, pygame.Rect(x + col * (button_w + gap),
                                                  y + row * (button_h + gap), button_w, button_h)))
        y += rows * button_h + (rows - 1) * gap + 14
        items.append(("clear", 0, pygame.Rect(x, y, inner, 64)))
        self.items = items

    def item_at(self, pos):
        return next((k for k, (_, _, rect) in enumerate(self.items) if rect.collidepoint(pos)),
                    None)

    def move(self, dx: int, dy: int) -> None:
        """The wheel turns; the pad's focus goes to the nearest item that way."""
        if self.style == "wheel":
            step = 1 if dx > 0 or dy > 0 else -1
            self.focus = (self.focus + step) % len(self.items)
        else:
            self.focus = ui.nearest([rect for _, _, rect in self.items], self.focus, dx, dy)

    def paint(self, digit: int, marks: int, show_focus: bool) -> pygame.Surface:
        """The pad or wheel for a cell holding digit (0: none) and candidate marks."""
        picture = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        offset = (-self.rect.left, -self.rect.top)
        if self.style == "wheel":
            self._paint_wheel(picture, offset, digit, marks)
        else:
            self._paint_pad(picture, offset, digit, marks, show_focus)
        return picture

    def _paint_pad(self, picture, offset, digit, marks, show_focus) -> None:
        box = picture.get_rect()
        pygame.draw.rect(picture, (0, 0, 0, 110), box.move(0, 8), border_radius=20)
        ui.panel(picture, box.inflate(0, -8).move(0, -4), ui.BG_DEEP, radius=20, border=ui.ACCENT,
                 width=3)
        for k, (kind, value, rect) in enumerate(self.items):
            rect = rect.move(offset)
            focused = k == self.focus
            if kind == "mode":
                on = self.pencil == bool(value)
                ui.panel(picture, rect, ui.ACCENT if on else ui.PANEL, radius=12)
                ui.label(picture, "Pencil" if value else "Pen", rect.center, ui.SMALL + 2,
                         ui.BG_DEEP if on else ui.MUTED, bold=True, anchor="center")
            elif kind == "digit":
                marked = self.pencil and marks >> (value - 1) & 1
                current = not self.pencil and digit == value
                fill = ui.PANEL_HI if focused and not show_focus else ui.PANEL
                if marked or current:
                    fill = (64, 120, 190) if marked else (90, 80, 40)
                ui.panel(picture, rect, fill, radius=14, border=ui.LINE, width=2)
                size = 30 if self.pencil else 44
                ink = ui.TEXT if not self.pencil or marked else ui.MUTED
                ui.label(picture, str(value), rect.center, size, ink, bold=True, anchor="center")
            else:
                ui.panel(picture, rect, ui.PANEL_HI if focused and not show_focus else ui.PANEL,
                         radius=14, border=ui.LINE, width=2)
                ui.label(picture, "Clear (0)", rect.center, ui.SMALL + 2, ui.TEXT, bold=True,
                         anchor="center")
            if focused and show_focus:
                pygame.draw.rect(picture, ui.ACCENT, rect.inflate(8, 8), 4, border_radius=16)

    def _paint_wheel(self, picture, offset, digit, marks) -> None:
        centre = (self.centre[0] + offset[0], self.centre[1] + offset[1])
        outer = self.rect.width // 2
        pygame.draw.circle(picture, (12, 14, 20, 225), centre, outer)
        pygame.draw.circle(picture, ui.ACCENT if not self.pencil else (70, 150, 230), centre,
                           outer, 4)
        inner = self.radius - 52
        if inner > 30:
            pygame.draw.circle(picture, ui.PANEL, centre, inner)
        kind, value, _ = self.items[self.focus]
        big = "\u2715" if kind == "clear" else str(value)
        ui.label(picture, big, (centre[0], centre[1] - 14), 48, ui.TEXT, bold=True,
                 anchor="center")
        ui.label(picture, "Pencil" if self.pencil else "Pen", (centre[0], centre[1] + 30),
                 ui.SMALL, (120, 180, 240) if self.pencil else ui.ACCENT, bold=True,
                 anchor="center")
        for k, (kind, value, rect) in enumerate(self.items):
            rect = rect.move(offset)
            focused = k == self.focus
            radius = 40 if focused else 33
            marked = self.pencil and kind == "digit" and marks >> (value - 1) & 1
            fill = ui.ACCENT if focused else (64, 120, 190) if marked else ui.PANEL_HI
            pygame.draw.circle(picture, fill, rect.center, radius)
            if kind == "digit" and not self.pencil and digit == value:
                pygame.draw.circle(picture, ui.GOOD, rect.center, radius + 4, 4)
            words = "\u2715" if kind == "clear" else str(value)
            ink = ui.BG_DEEP if focused else ui.TEXT
            ui.label(picture, words, rect.center, 38 if focused else 32, ink, bold=True,
                     anchor="center")
