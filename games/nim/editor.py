"""Nim's heap editor for a custom start (up to MAX_HEAPS heaps of up to MAX_HEAP), reachable
with every device: mixed into NimScene, drawn in the heaps' place with its own side panel."""
from __future__ import annotations

import random

import pygame

from games.core.kit.actions import Act
from games.core.loop.tween import lerp
from games.core.screens import ui
from games.core.screens.game_scene import HUD_HEIGHT
from games.nim import rules
from games.nim.geometry import Geometry
from sprites import nim as paint


class HeapEditor:
    """The editor's state and behaviour; the scene provides draft storage and the frame."""

    def edit_heaps(self) -> None:
        if self.session.params.start != "custom":
            self.say("Only a custom start can be edited.")
            return
        if not self.editing:
            self.open_editor(from_game=True)

    def open_editor(self, from_game: bool) -> None:
        self.tweens.finish_all()
        self.cancel_thinking()
        self.editing, self.edit_return = True, from_game
        self.hint_for = None
        heaps = list(self.session.initial.heaps)
        remembered = self.prefs["custom_heaps"]       # checked when the settings were read
        if not from_game and remembered:
            heaps = list(rules.parse_heaps(remembered))
        self.draft = heaps
        self.edit_focus = 0
        self.edit_hover = None

    def edit_order(self) -> list:
        order = [("heap", k) for k in range(len(self.draft))]
        if len(self.draft) < rules.MAX_HEAPS:
            order.append(("add",))
        order += [("start",), ("random",)]
        if self.edit_return:
            order.append(("back",))
        return order

    def edit_geometry(self) -> Geometry:
        columns = len(self.draft) + (1 if len(self.draft) < rules.MAX_HEAPS else 0)
        return Geometry(self.area_narrow, columns, rules.MAX_HEAP)

    def edit_slot_rect(self, g: Geometry, column: int, k: int) -> pygame.Rect:
        y = g.base - g.face - (k + 1) * g.thickness
        return pygame.Rect(round(g.xs[column] - g.width / 2), round(y + g.face / 2),
                           g.width, g.thickness)

    def edit_remove_rect(self, g: Geometry, column: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 48, 44)
        rect.center = (round(g.xs[column]) + 34, g.base + 40)
        return rect

    def edit_buttons(self) -> dict:
        panel = self.panel_rect
        rects = {"start": pygame.Rect(panel.left + 40, panel.bottom - 300, panel.width - 80, 84),
                 "random": pygame.Rect(panel.left + 40, panel.bottom - 200, panel.width - 80, 76)}
        if self.edit_return:
            rects["random"].width = (panel.width - 100) // 2
            rects["back"] = pygame.Rect(rects["random"].right + 20, panel.bottom - 200,
                                        (panel.width - 100) // 2, 76)
        return rects

    def edit_target(self, pos):
        """What the pointer is over in the editor: ("slot", column, k), ("remove", column),
        ("start",), ("random",), ("back",) or None."""
        if pos is None:
            return None
        for name, rect in self.edit_buttons().items():
            if rect.collidepoint(pos):
                return (name,)
        g = self.edit_geometry()
        for column in range(len(g.xs)):
            if column < len(self.draft) and self.edit_remove_rect(g, column).collidepoint(pos):
                return ("remove", column)
            for k in range(rules.MAX_HEAP):
                if self.edit_slot_rect(g, column, k).collidepoint(pos):
                    return ("slot", column, k)
        return None

    def handle_editor(self, action) -> None:
        kind = action.kind
        order = self.edit_order()
        self.edit_focus = min(self.edit_focus, len(order) - 1)
        focus = order[self.edit_focus]
        if kind == Act.POINT:
            self.edit_hover = self.edit_target(action.pos)
        elif kind == Act.PRESS:
            target = self.edit_target(action.pos)
            if target is None:
                return
            if target[0] == "slot":
                column, k = target[1], target[2]
                if action.alt:
                    self.remove_heap(column)
                elif column == len(self.draft):
                    self.add_heap(k + 1)
                else:
                    self.set_heap(column, k + 1)
            elif target[0] == "remove":
                self.remove_heap(target[1])
            elif not action.alt:
                self.edit_action(target[0])
            self.edit_hover = self.edit_target(action.pos)
        elif kind == Act.MOVE and action.dx:
            self.edit_focus = min(max(self.edit_focus + action.dx, 0), len(order) - 1)
        elif kind == Act.MOVE and action.dy:
            if focus[0] == "heap":
                self.set_heap(focus[1], self.draft[focus[1]] - action.dy)
            elif focus[0] == "add" and action.dy < 0:
                self.add_heap(1)
            elif focus[0] in ("start", "random", "back"):
                buttons = [o for o in order if o[0] in ("start", "random", "back")]
                here = buttons.index(focus)
                self.edit_focus = order.index(buttons[min(max(here + action.dy, 0),
                                                          len(buttons) - 1)])
        elif kind in (Act.NEXT, Act.PREV):
            self.edit_focus = (self.edit_focus + (1 if kind == Act.NEXT else -1)) % len(order)
        elif kind == Act.CONFIRM:
            self.edit_action(focus[0])
        elif kind in (Act.ALT, Act.CLEAR) and focus[0] == "heap":
            self.remove_heap(focus[1])
        elif kind == Act.DIGIT and focus[0] == "heap":
            self.set_heap(focus[1], action.value or 10)
        elif kind == Act.KEY and action.value == "s":
            self.start_custom()

    def edit_action(self, name: str) -> None:
        if name == "add":
            self.add_heap(1)
        elif name == "random":
            self.draft = list(rules.parse_heaps(rules.new_desc(self.session.params,
                                                               random.Random())))
            self.edit_focus = 0
            self.app.audio.play("swap")
        elif name == "back":
            self.cancel()
        else:
            self.start_custom()

    def set_heap(self, column: int, size: int) -> None:
        size = min(max(size, 1), rules.MAX_HEAP)
        if self.draft[column] != size:
            self.draft[column] = size
            self.app.audio.play("place")
        self.edit_focus = column

    def add_heap(self, size: int) -> None:
        if len(self.draft) >= rules.MAX_HEAPS:
            self.say(f"At most {rules.MAX_HEAPS} heaps.")
            return
        self.draft.append(min(max(size, 1), rules.MAX_HEAP))
        self.edit_focus = len(self.draft) - 1
        self.app.audio.play("place")

    def remove_heap(self, column: int) -> None:
        if len(self.draft) <= 1:
            self.say("Keep at least one heap.")
            self.app.audio.play("wrong")
            return
        del self.draft[column]
        self.edit_focus = min(column, len(self.draft) - 1)
        self.app.audio.play("capture")

    def start_custom(self) -> None:
        desc = rules.heaps_text(tuple(self.draft))
        try:
            rules.validate_desc(self.session.params, desc)
        except rules.RuleError as error:
            self.say(str(error))
            return
        self.set_pref("custom_heaps", desc)
        self.play_options["edited"] = True
        self.editing = False
        self.begin(desc)
        self.deal()
        self.app.audio.play("swap")
        self.say("Left moves first.")

    def draw_editor(self, surface) -> None:
        g = self.edit_geometry()
        order = self.edit_order()
        focus = order[min(self.edit_focus, len(order) - 1)]
        show_cursor = self.show_cursor()
        hover = self.edit_hover if not show_cursor else None
        self.draw_table(surface)
        ui.label(surface, "Set up the heaps", (self.area_narrow.centerx, HUD_HEIGHT + 60),
                 ui.HEADING, ui.TEXT, bold=True, anchor="center")
        ui.label(surface, f"up to {rules.MAX_HEAPS} heaps of up to {rules.MAX_HEAP} counters",
                 (self.area_narrow.centerx, HUD_HEIGHT + 122), ui.SMALL + 2, ui.MUTED,
                 anchor="center")
        ghost = paint.ghost(g.width, g.thickness, rules.MAX_HEAP, ui.LINE)
        for column, x in enumerate(g.xs):
            adding = column == len(self.draft)
            surface.blit(ghost, (x - g.width / 2, g.base - ghost.get_height()))
            size = 0 if adding else self.draft[column]
            preview = None
            if hover and hover[0] == "slot" and hover[1] == column:
                preview = hover[2] + 1
            for k in range(size):
                tone = "stone"
                if preview is not None and k >= preview:
                    tone = "right"    # would be removed
                pos = (x - g.width / 2, g.base - g.face - (k + 1) * g.thickness)
                surface.blit(paint.disc(g.width, g.thickness, tone), pos)
            if preview is not None and preview > size:
                for k in range(size, preview):
                    image = paint.disc(g.width, g.thickness, "take")
                    image.set_alpha(150)
                    surface.blit(image, (x - g.width / 2, g.base - g.face - (k + 1) * g.thickness))
                    image.set_alpha(None)
            if adding:
                ui.label(surface, "+ add", (round(x), g.base + 40), ui.BODY, ui.ACCENT, bold=True,
                         anchor="center")
            else:
                ui.label(surface, str(size), (round(x) - 16, g.base + 40), ui.HEADING, ui.TEXT,
                         bold=True, anchor="midright")
                remove = self.edit_remove_rect(g, column)
                over = hover == ("remove", column)
                ui.panel(surface, remove, ui.BAD if over else ui.PANEL, radius=10, border=ui.LINE,
                         width=2)
                ui.label(surface, "×", remove.center, ui.BODY, ui.BG_DEEP if over else ui.TEXT,
                         bold=True, anchor="center")
            if show_cursor and focus in (("heap", column), ("add",)) and \
                    (focus[0] == "heap" or adding):
                column_rect = pygame.Rect(0, 0, g.width + 28,
                                          rules.MAX_HEAP * g.thickness + g.face + 24)
                column_rect.midbottom = (round(x), g.base + 10)
                ui.focus_ring(surface, column_rect, 18)
        self.draw_editor_panel(surface, focus if show_cursor else None)

    def draw_editor_panel(self, surface, focus) -> None:
        panel = self.panel_rect
        x = lerp(self.app.size[0] + 10, panel.left, self.panel_value())
        shift = round(x - panel.left)
        box = panel.move(shift, 0)
        ui.panel(surface, box, ui.PANEL, radius=22, border=ui.LINE, width=2)
        ui.label(surface, "Custom heaps", (box.left + 32, box.top + 22), ui.HEADING, ui.TEXT,
                 bold=True)
        words = self.by_device(
            "Click a height to set a heap. Click in the empty column on the right "
            "to add a heap; click × (or right-click a heap) to remove one. Then "
            "press Start.",
            "Left and Right choose a heap; Up and Down change it, or type 1-9 "
            "(0 for 10). On the empty column, Up or Enter adds a heap; X or "
            "Delete removes one. Enter starts the game.",
            "D-pad left and right choose a heap; up and down change it. On the "
            "empty column, up or A adds a heap; X removes one. A starts the game; "
            "B goes back.")
        ui.paragraph(surface, words, pygame.Rect(box.left + 32, box.top + 90, box.width - 64, 300),
                     ui.SMALL + 2, ui.TEXT)
        summary = " ".join(str(h) for h in self.draft)
        ui.label(surface, f"Heaps: {summary}", (box.left + 32, box.bottom - 400), ui.BODY,
                 ui.ACCENT,
                 bold=True)
        ui.label(surface, "Left moves first.", (box.left + 32, box.bottom - 352), ui.SMALL + 2,
                 ui.MUTED)
        pointer = None if self.show_cursor() else self.edit_hover
        labels = {"start": "Start the game", "random": "Random heaps", "back": "Back"}
        for name, rect in self.edit_buttons().items():
            rect = rect.move(shift, 0)
            main = name == "start"
            lit = (focus is not None and focus[0] == name) or (pointer == (name,))
            ui.panel(surface, rect, ui.ACCENT if main else (ui.PANEL_HI if lit else ui.BG),
                     radius=14, border=None if main else ui.LINE, width=2)
            ui.label(surface, labels[name], rect.center, ui.BODY, ui.BG_DEEP if main else ui.TEXT,
                     bold=True, anchor="center")
            if lit:
                ui.focus_ring(surface, rect, 16)
