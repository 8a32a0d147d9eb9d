"""Calcoolation's number pad (mouse and keyboard) and number wheel (gamepad), painted where
geometry.pad_place puts them, for the pad's state (controls.Pad) and the cell's contents."""
from __future__ import annotations

import pygame

from games.core.screens import ui
from games.kenken.controls import Pad
from games.kenken.geometry import ItemKind, PadPlace, Style

PENCIL_BLUE = (64, 120, 190)       # a candidate pencilled in


def paint(place: PadPlace, pad: Pad, digit: int, marks: int,
          show_focus: bool) -> pygame.Surface:
    """The pad or wheel for a cell holding `digit` (0: none) and candidate `marks`; its focus
    ringed when the player uses the keyboard or a pad (`show_focus`)."""
    picture = pygame.Surface(place.box[2:], pygame.SRCALPHA)
    offset = (-place.box[0], -place.box[1])
    if pad.style == Style.WHEEL:
        _paint_wheel(picture, offset, place, pad, digit, marks)
    else:
        _paint_pad(picture, offset, place, pad, digit, marks, show_focus)
    return picture


def _paint_pad(picture: pygame.Surface, offset: tuple[int, int], place: PadPlace, pad: Pad,
               digit: int, marks: int, show_focus: bool) -> None:
    box = picture.get_rect()
    pygame.draw.rect(picture, (0, 0, 0, 110), box.move(0, 8), border_radius=20)
    ui.panel(picture, box.inflate(0, -8).move(0, -4), ui.BG_DEEP, radius=20, border=ui.ACCENT,
             width=3)
    for k, ((kind, value), spot) in enumerate(zip(place.items, place.boxes)):
        rect = pygame.Rect(spot).move(offset)
        focused = k == pad.focus
        if kind == ItemKind.MODE:
            on = pad.pencil == bool(value)
            ui.panel(picture, rect, ui.ACCENT if on else ui.PANEL, radius=12)
            ui.label(picture, "Pencil" if value else "Pen", rect.center, ui.SMALL + 2,
                     ui.BG_DEEP if on else ui.MUTED, bold=True, anchor="center")
        elif kind == ItemKind.DIGIT:
            marked = pad.pencil and marks >> (value - 1) & 1
            current = not pad.pencil and digit == value
            fill = ui.PANEL_HI if focused and not show_focus else ui.PANEL
            if marked or current:
                fill = PENCIL_BLUE if marked else (90, 80, 40)
            ui.panel(picture, rect, fill, radius=14, border=ui.LINE, width=2)
            size = 30 if pad.pencil else 44
            ink = ui.TEXT if not pad.pencil or marked else ui.MUTED
            ui.label(picture, str(value), rect.center, size, ink, bold=True, anchor="center")
        else:
            ui.panel(picture, rect, ui.PANEL_HI if focused and not show_focus else ui.PANEL,
                     radius=14, border=ui.LINE, width=2)
            ui.label(picture, "Clear (0)", rect.center, ui.SMALL + 2, ui.TEXT, bold=True,
                     anchor="center")
        if focused and show_focus:
            pygame.draw.rect(picture, ui.ACCENT, rect.inflate(8, 8), 4, border_radius=16)


def _paint_wheel(picture: pygame.Surface, offset: tuple[int, int], place: PadPlace, pad: Pad,
                 digit: int, marks: int) -> None:
    centre = (place.centre[0] + offset[0], place.centre[1] + offset[1])
    outer = place.box[2] // 2
    pygame.draw.circle(picture, (12, 14, 20, 225), centre, outer)
    pygame.draw.circle(picture, ui.ACCENT if not pad.pencil else (70, 150, 230), centre,
                       outer, 4)
    inner = place.radius - 52
    if inner > 30:
        pygame.draw.circle(picture, ui.PANEL, centre, inner)
    kind, value = place.items[pad.focus]
    big = "Clear" if kind == ItemKind.CLEAR else str(value)
    ui.label(picture, big, (centre[0], centre[1] - 14), 34 if kind == ItemKind.CLEAR else 48,
             ui.TEXT, bold=True, anchor="center")
    ui.label(picture, "Pencil" if pad.pencil else "Pen", (centre[0], centre[1] + 30),
             ui.SMALL, (120, 180, 240) if pad.pencil else ui.ACCENT, bold=True,
             anchor="center")
    for k, ((kind, value), spot) in enumerate(zip(place.items, place.boxes)):
        rect = pygame.Rect(spot).move(offset)
        focused = k == pad.focus
        radius = 40 if focused else 33
        marked = pad.pencil and kind == ItemKind.DIGIT and marks >> (value - 1) & 1
        fill = ui.ACCENT if focused else PENCIL_BLUE if marked else ui.PANEL_HI
        pygame.draw.circle(picture, fill, rect.center, radius)
        if kind == ItemKind.DIGIT and not pad.pencil and digit == value:
            pygame.draw.circle(picture, ui.GOOD, rect.center, radius + 4, 4)
        ink = ui.BG_DEEP if focused else ui.TEXT
        if kind == ItemKind.CLEAR:    # the font has no cross: the word, as the pad says it
            ui.label(picture, "Clear", rect.center, 20 if focused else 17, ink, bold=True,
                     anchor="center")
        else:
            ui.label(picture, str(value), rect.center, 38 if focused else 32, ink, bold=True,
                     anchor="center")
