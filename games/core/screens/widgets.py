"""Widgets and overlays any game can use: a Slider (0 to 100), an Overlay that slides in over
the right of the board holding a Menu, and an OptionsOverlay built from a game's rows (steppers:
ui.Stepper, the one stepper every screen uses; sliders; buttons). (A question with two answers
is screens.ConfirmScene.)"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from games.core.kit.actions import LETTERS, Act, Command
from games.core.loop.app import Scene
from games.core.loop.tween import Tween, Tweens, ease_out_cubic
from games.core.screens import ui

if TYPE_CHECKING:
    from games.core.kit.actions import Action
    from games.core.loop.app import App

ROW_FONT = ui.SMALL + 2


class Slider(ui.Widget):
    """A whole number from 0 to 100: left/right step by one, a click or drag on the track
    sets it."""

    def __init__(self, rect: ui.RectLike, words: str, value: int,
                 on_change: Callable[[int], object], unit: str = "%") -> None:
        super().__init__(rect)
        self.words, self.value, self.on_change, self.unit = words, value, on_change, unit

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 30, self.rect.bottom - 34, self.rect.width - 60, 12)

    def adjust(self, step: int) -> bool:
        self.set(self.value + step)
        return True

    def set(self, value: int) -> None:
        value = max(0, min(100, int(value)))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def set_from(self, x: float) -> None:
        track = self.track
        self.set(round((x - track.left) / track.width * 100))

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        ui.panel(surface, self.rect, ui.PANEL_HI if focused else ui.BG, radius=14,
                 border=ui.LINE, width=2)
        ui.label(surface, self.words, (self.rect.left + 22, self.rect.top + 28), ROW_FONT,
                 ui.MUTED, anchor="midleft")
        ui.label(surface, f"{self.value}{self.unit}", (self.rect.right - 22, self.rect.top + 28),
                 ROW_FONT, ui.TEXT, bold=True, anchor="midright")
        track = self.track
        pygame.draw.rect(surface, ui.BG_DEEP, track, border_radius=6)
        filled = track.copy()
        filled.width = round(track.width * self.value / 100)
        pygame.draw.rect(surface, ui.ACCENT, filled, border_radius=6)
        knob = (track.left + track.width * self.value / 100, track.centery)
        pygame.draw.circle(surface, ui.TEXT, knob, 15)
        pygame.draw.circle(surface, ui.ACCENT, knob, 15, 4)
        if focused:
            ui.focus_ring(surface, self.rect, 16)


# --- the rows a game offers in its options overlay ---------------------------------------------

V = TypeVar("V")   # the values a Choose row steps through


@dataclass
class Choose(Generic[V]):
    """A stepper row (ui.Stepper): its choices are (value, words)."""
    name: str
    words: str
    choices: tuple[tuple[V, str], ...]
    value: V
    on_change: Callable[[V], object]
    swatches: dict[V, pygame.Surface] | None = None
    skip: Callable[[V], bool] | None = None


@dataclass
class Amount:
    """A Slider row (0 to 100)."""
    name: str
    words: str
    value: int
    on_change: Callable[[int], object]
    unit: str = "%"


@dataclass
class Do:
    """A button row; two `half` buttons in a row share it."""
    name: str
    words: str
    on_click: Callable[[], object]
    enabled: bool = True
    half: bool = False


Row = Choose[Any] | Amount | Do      # a row of an OptionsOverlay (its choices of any kind)


OVERLAY_WIDTH = 548


def overlay_left(screen_width: int) -> int:
    """Where an Overlay's panel begins: what must stay readable while it is open (a game's
    turn prompt) keeps left of it."""
    return screen_width - OVERLAY_WIDTH - 28


class Overlay(Scene):
    """A panel sliding in over the right of the board (when animations are on), holding a
    Menu. Cancel, the menu key or a click outside closes it."""
    opaque = False
    title = ""
    note = ""

    def __init__(self, app: App, animate: bool) -> None:
        super().__init__(app)
        top = 110 + 12
        self.area = pygame.Rect(overlay_left(app.size[0]), top, OVERLAY_WIDTH,
                                app.size[1] - top - 124)
        self.panel = self.area.copy()
        self.tweens = Tweens(app.motion)
        self.slide = self.tweens.add(Tween(0.22, ease_out_cubic)) if animate else None
        self.menu = ui.Menu()

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, action: Action) -> None:
        kind = action.kind
        if kind in (Act.CANCEL, Act.MENU) or (kind == Act.PRESS and action.pos is not None and (
                action.alt or not self.panel.collidepoint(action.pos))):
            self.close()
            return
        self.menu.handle(action)

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        shift = 0
        if self.slide is not None and not self.slide.done:
            shift = round((1 - self.slide.value) * (self.area.width + 40))
        if not shift:
            self.draw_panel(surface)
            return
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)     # only while it slides in
        self.draw_panel(layer)
        surface.blit(layer, (shift, 0))

    def draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, ui.SHADOW, panel.move(8, 10), border_radius=22)
        ui.panel(surface, panel, ui.PANEL, radius=22, border=ui.ACCENT, width=3)
        ui.label(surface, self.title, (panel.left + 28, panel.top + 22), ui.HEADING, ui.TEXT,
                 bold=True)
        if self.note:
            ui.label(surface, self.note, (panel.right - 28, panel.top + 38), ui.SMALL, ui.MUTED,
                     anchor="topright")
        self.menu.draw(surface)


def next_row(menu: ui.Menu, dy: int) -> int:
    """Up or down a panel of rows, some of them two half-width buttons side by side: the
    enabled widget of the next row that way nearest across (the focus stays at the end).
    Nearest by centre alone would skip a row of halves for a full row further on."""
    here = menu.widgets[menu.focus].rect
    rows = sorted({w.rect.top for w in menu.widgets if w.enabled and
                   (w.rect.top - here.top) * dy > 0}, reverse=dy < 0)
    if not rows:
        return menu.focus
    return min((k for k, w in enumerate(menu.widgets) if w.enabled and w.rect.top == rows[0]),
               key=lambda k: abs(menu.widgets[k].rect.centerx - here.centerx))


class OptionsOverlay(Overlay):
    """A game's options: `rows()` gives the rows (Choose, Amount, Do) afresh after every
    change, so a row may appear or go (the Custom level's slider). Every change shows at
    once; the game keeps it in the settings."""
    title = "Options"
    note = "kept for next time"
    # O, the command that opened it, closes it too (as a Command: no raw letter compared).
    letters = MappingProxyType({LETTERS[Command.OPTIONS]: Command.OPTIONS})

    def __init__(self, app: App, rows: Callable[[], list[Row]], animate: bool) -> None:
        super().__init__(app, animate)
        self.rows = rows
        self.names: list[str] = []
        self.sliding = False
        self.build()

    def build(self, focus: str | None = None) -> None:
        x, width = self.area.left + 24, self.area.width - 48
        y = self.area.top + 92
        named: list[tuple[str, ui.Widget]] = []
        half = (width - 16) // 2
        pending_half = False
        for row in self.rows() + [Do("close", "Close (Esc)", self.close)]:
            widget: ui.Widget
            if isinstance(row, Do):
                if row.name == "close":
                    y += 12
                left, w = (x + half + 16, half) if pending_half else (x,
                                                                      half if row.half else width)
                widget = ui.Button((left, y, w, 64), row.words, self.use(row.on_click),
                                   enabled=row.enabled, size=ROW_FONT)
                pending_half = row.half and not pending_half
                if pending_half:
                    named.append((row.name, widget))
                    continue
                height = 64
            elif isinstance(row, Amount):
                widget = Slider((x, y, width, 96), row.words, row.value,
                                self.changed(row.on_change, rebuild=False), row.unit)
                height = 96
            else:
                widget = ui.Stepper((x, y, width, 64), row.words, row.choices, 0,
                                    self.changed(row.on_change), ROW_FONT, row.swatches,
                                    row.skip, fill=ui.BG)
                widget.select(row.value)
                height = 64
            named.append((row.name, widget))
            y += height + 12
        self.panel = self.area.copy()
        self.panel.height = y - self.area.top + 16
        keep = focus or (self.names[self.menu.focus] if self.menu.widgets else None)
        self.names = [name for name, _ in named]
        widgets = [widget for _, widget in named]
        index = self.names.index(keep) if keep in self.names else \
            next(i for i, w in enumerate(widgets) if w.enabled)
        self.menu = ui.Menu(widgets, index)

    def widget(self, name: str) -> ui.Widget:
        return self.menu.widgets[self.names.index(name)]

    def use(self, on_click: Callable[[], object]) -> Callable[[], None]:
        """A button closes the overlay, then acts (New game opens a screen on top)."""
        def click() -> None:
            if on_click != self.close:
                self.close()
            on_click()
        return click

    def changed(self, on_change: Callable[[V], object],
                rebuild: bool = True) -> Callable[[V], None]:
        def change(value: V) -> None:
            on_change(value)
            if rebuild and self.app.top is self:
                self.build()
        return change

    def handle(self, action: Action) -> None:
        kind = action.kind
        if kind == Act.COMMAND and action.value == Command.OPTIONS:
            self.close()
            return
        if kind == Act.RELEASE:
            self.sliding = False
            return
        if kind == Act.MOVE and action.dy and not action.dx:
            self.menu.focus = next_row(self.menu, action.dy)
            return
        slider = next((w for w in self.menu.widgets if isinstance(w, Slider)), None)
        pos = action.pos     # pointer actions (POINT, PRESS) have one
        if kind == Act.POINT and self.sliding and slider is not None and pos is not None:
            slider.set_from(pos[0])
            return
        if kind == Act.PRESS and pos is not None and not action.alt and \
                self.panel.collidepoint(pos):
            if slider is not None and slider.rect.collidepoint(pos):
                self.menu.focus = self.menu.widgets.index(slider)
                self.sliding = True
                slider.set_from(pos[0])
                return
        super().handle(action)
