"""Nim's heap editor on screen, for a custom start (up to MAX_HEAPS heaps of up to MAX_HEAP):
its columns in the heaps' place and its own side panel. It finds what the pointer is over
(a draft.Target) and draws a Draft (games/nim/draft.py, the model and what actions mean);
it holds no draft and changes nothing while drawing."""
from __future__ import annotations

import pygame

from games.core.screens import ui
from games.core.screens.hud import HUD_HEIGHT
from games.nim.draft import Button, Draft, Remove, Slot, Target, buttons, focused
from games.nim.layout import Geometry, Layout
from games.nim.rules import MAX_HEAP, MAX_HEAPS
from games.nim.view import draw_table
from sprites import nim as paint

# How the editor works, for the mouse, the keyboard and a gamepad (the frame's by_device).
HELP = ("Click a height to set a heap. Click in the empty column on the right to add a heap; "
        "click × (or right-click a heap) to remove one. Then press Start.",
        "Left and Right choose a heap; Up and Down change it, or type 1-9 (0 for 10). On the "
        "empty column, Up or Enter adds a heap; X or Delete removes one. Enter starts the "
        "game.",
        "D-pad left and right choose a heap; up and down change it. On the empty column, up "
        "or A adds a heap; X removes one. A starts the game; B goes back.")
LABELS = {Button.START: "Start the game", Button.RANDOM: "Random heaps", Button.BACK: "Back"}


def sound(old: Draft, new: Draft) -> str | None:
    """What a change to the draft sounds like: a heap taken away, or one set or added."""
    if len(new.heaps) < len(old.heaps):
        return "capture"
    return "place" if new.heaps != old.heaps else None


class HeapEditor:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    # --- where things are --------------------------------------------------------------------
    def geometry(self, draft: Draft) -> Geometry:
        return self.layout.editor_geometry(len(draft.heaps))

    def slot_rect(self, g: Geometry, column: int, k: int) -> pygame.Rect:
        """Height k + 1 of a column: a click there sets the heap to that height."""
        y = g.base - g.face - (k + 1) * g.thickness
        return pygame.Rect(round(g.xs[column] - g.width / 2), round(y + g.face / 2),
                           g.width, g.thickness)

    def remove_rect(self, g: Geometry, column: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 48, 44)
        rect.center = (round(g.xs[column]) + 34, g.base + 40)
        return rect

    def button_rects(self, draft: Draft) -> dict[Button, pygame.Rect]:
        """The side panel's buttons, in place (the panel fully in)."""
        panel = self.layout.panel_rect
        rects = {Button.START: pygame.Rect(panel.left + 40, panel.bottom - 300,
                                           panel.width - 80, 84),
                 Button.RANDOM: pygame.Rect(panel.left + 40, panel.bottom - 200,
                                            panel.width - 80, 76)}
        if Button.BACK in buttons(draft):
            rects[Button.RANDOM].width = (panel.width - 100) // 2
            rects[Button.BACK] = pygame.Rect(rects[Button.RANDOM].right + 20, panel.bottom - 200,
                                             (panel.width - 100) // 2, 76)
        return rects

    def target_at(self, draft: Draft, pos: tuple[int, int]) -> Target | None:
        """What the pointer is over: a button, a heap's x, a height of a column, or nothing."""
        for button, rect in self.button_rects(draft).items():
            if rect.collidepoint(pos):
                return button
        g = self.geometry(draft)
        for column in range(len(g.xs)):
            if column < len(draft.heaps) and self.remove_rect(g, column).collidepoint(pos):
                return Remove(column)
            for k in range(MAX_HEAP):
                if self.slot_rect(g, column, k).collidepoint(pos):
                    return Slot(column, k)
        return None

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, draft: Draft, cursor_shown: bool, words: str,
             f: float) -> None:
        """The columns and the side panel (in by `f`); the keyboard focus when cursor_shown,
        else what the mouse is over; `words` say how the editor works with the device in use."""
        g = self.geometry(draft)
        focus = focused(draft) if cursor_shown else None
        hover = None if cursor_shown else draft.hover
        area = self.layout.area_narrow
        draw_table(surface, self.layout.table_rect(f))
        ui.label(surface, "Set up the heaps", (area.centerx, HUD_HEIGHT + 60), ui.HEADING,
                 ui.TEXT, bold=True, anchor="center")
        ui.label(surface, f"up to {MAX_HEAPS} heaps of up to {MAX_HEAP} counters",
                 (area.centerx, HUD_HEIGHT + 122), ui.SMALL + 2, ui.MUTED, anchor="center")
        ghost = paint.ghost(g.width, g.thickness, MAX_HEAP, ui.LINE)
        for column, x in enumerate(g.xs):
            surface.blit(ghost, (x - g.width / 2, g.base - ghost.get_height()))
            preview = hover.k + 1 if isinstance(hover, Slot) and hover.column == column else None
            self.draw_column(surface, g, column, draft, preview, hover == Remove(column))
            if focus == column or (focus == Button.ADD and column == len(draft.heaps)):
                column_rect = pygame.Rect(0, 0, g.width + 28, MAX_HEAP * g.thickness + g.face + 24)
                column_rect.midbottom = (round(x), g.base + 10)
                ui.focus_ring(surface, column_rect, 18)
        self.draw_panel(surface, draft, focus, hover, words, f)

    def draw_column(self, surface: pygame.Surface, g: Geometry, column: int, draft: Draft,
                    preview: int | None, over_remove: bool) -> None:
        """A heap (or the empty column), with the height the pointer would set: counters it
        would remove in the right-hand side's colour, counters it would add faint."""
        x = g.xs[column]
        adding = column == len(draft.heaps)
        size = 0 if adding else draft.heaps[column]

        def top_left(k: int) -> tuple[float, float]:
            return x - g.width / 2, g.base - g.face - (k + 1) * g.thickness

        for k in range(size):
            removed = preview is not None and k >= preview
            surface.blit(paint.disc(g.width, g.thickness, "right" if removed else "stone"),
                         top_left(k))
        for k in range(size, preview or 0):
            image = paint.disc(g.width, g.thickness, "take")
            image.set_alpha(150)
            surface.blit(image, top_left(k))
            image.set_alpha(None)
        if adding:
            ui.label(surface, "+ add", (round(x), g.base + 40), ui.BODY, ui.ACCENT, bold=True,
                     anchor="center")
            return
        ui.label(surface, str(size), (round(x) - 16, g.base + 40), ui.HEADING, ui.TEXT,
                 bold=True, anchor="midright")
        remove = self.remove_rect(g, column)
        ui.panel(surface, remove, ui.BAD if over_remove else ui.PANEL, radius=10, border=ui.LINE,
                 width=2)
        ui.label(surface, "×", remove.center, ui.BODY, ui.BG_DEEP if over_remove else ui.TEXT,
                 bold=True, anchor="center")

    def draw_panel(self, surface: pygame.Surface, draft: Draft, focus: object,
                   hover: Target | None, words: str, f: float) -> None:
        panel = self.layout.panel_rect
        shift = round(self.layout.panel_x(f) - panel.left)
        box = panel.move(shift, 0)
        ui.panel(surface, box, ui.PANEL, radius=22, border=ui.LINE, width=2)
        ui.label(surface, "Custom heaps", (box.left + 32, box.top + 22), ui.HEADING, ui.TEXT,
                 bold=True)
        ui.paragraph(surface, words, pygame.Rect(box.left + 32, box.top + 90, box.width - 64, 300),
                     ui.SMALL + 2, ui.TEXT)
        summary = " ".join(str(h) for h in draft.heaps)
        ui.label(surface, f"Heaps: {summary}", (box.left + 32, box.bottom - 400), ui.BODY,
                 ui.ACCENT, bold=True)
        ui.label(surface, "Left moves first.", (box.left + 32, box.bottom - 352), ui.SMALL + 2,
                 ui.MUTED)
        for button, rect in self.button_rects(draft).items():
            rect = rect.move(shift, 0)
            main = button == Button.START
            lit = focus == button or hover == button
            ui.panel(surface, rect, ui.ACCENT if main else (ui.PANEL_HI if lit else ui.BG),
                     radius=14, border=None if main else ui.LINE, width=2)
            ui.label(surface, LABELS[button], rect.center, ui.BODY,
                     ui.BG_DEEP if main else ui.TEXT, bold=True, anchor="center")
            if lit:
                ui.focus_ring(surface, rect, 16)
