"""The look (colours, panels, text) and the few widgets every screen shares: buttons, choices,
and a Menu that moves focus with mouse, keyboard and gamepad alike."""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit.actions import Act
from games.core.loop import (
    assets as assets,  # the screens reach the fonts through ui
    survey,
)

if TYPE_CHECKING:
    from games.core.kit.actions import Action

Colour = tuple[int, int, int]
RectLike = pygame.Rect | tuple[int, int, int, int]
Point = tuple[int, int] | tuple[float, float]

# A calm dark theme with strong contrast (text on panels is above 7:1).
BG = (22, 26, 36)
BG_DEEP = (15, 18, 26)
PANEL = (38, 44, 60)
PANEL_HI = (54, 62, 82)
LINE = (80, 90, 115)
TEXT = (238, 236, 228)
MUTED = (168, 174, 190)
ACCENT = (245, 185, 80)
GOOD = (110, 205, 145)
BAD = (240, 110, 95)
SHADOW = (8, 10, 14)
DIMMED = (110, 114, 126)   # a control that can do nothing just now

TITLE, HEADING, BODY, SMALL = 64, 40, 30, 24   # font sizes at the 1920x1080 logical size
# The smallest size fit_text steps down to: the logical 1920x1080 screen is scaled to the
# window, so in a 1280x720 window this shows 13 pixels high, about the least that reads well.
MIN_TEXT = 20


def panel(surface: pygame.Surface, rect: RectLike, colour: Colour = PANEL, radius: int = 18,
          border: Colour | None = None, width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)
    if survey.current is not None:
        survey.current.panel(surface, pygame.Rect(rect))


def label(surface: pygame.Surface, words: str, pos: Point, size: int = BODY,
          colour: Colour = TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    image = assets.text(words, size, colour, bold)
    rect: pygame.Rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if survey.current is not None:
        survey.current.text(surface, words, rect, size, image)
    return rect


def paragraph(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int = BODY,
              colour: Colour = TEXT, spacing: float = 1.35) -> int:
    """Wrapped text inside rect, smaller if it needs to be to fit (see fit_lines); returns
    the y below the last line."""
    step, lines = fit_lines(words, rect.width, rect.height, size, False, MIN_TEXT, spacing, None)
    if survey.current is not None:
        survey.current.fit(surface, words, rect, step, lines, False, line_pitch(step, spacing))
    y = rect.top
    for line in lines:
        label(surface, line, (rect.left, y), step, colour)
        y += line_pitch(step, spacing)
    return y


def line_pitch(size: int, spacing: float) -> int:
    """The distance between lines of text of `size` (scaled by the player's text size)."""
    return int(size * spacing * assets.text_scale())


def fit_lines(words: str, width: int, height: int, size: int, bold: bool = False,
              min_size: int = MIN_TEXT, spacing: float = 1.2,
              max_lines: int | None = 2) -> tuple[int, tuple[str, ...]]:
    """How text fits a box: (size, lines). At `size` if it fits in at most max_lines lines
    (None: as many as the box holds), else the same at smaller sizes down to min_size, where
    it may take as many lines as the box holds. Never cut short: a box too small for its text
    is a layout bug that tests/test_text_fit.py finds. Sizes are before the player's text
    size scales them (assets.font); min_size is the size on screen, so a Large text where
    there is no room for it steps down to the same smallest legible text as a Normal one."""
    return _fit_lines(words, width, height, size, bold, min_size, spacing, max_lines,
                      assets.text_scale())


def forget_fits() -> None:
    """Empty the cache of text fits (the bench opens screens cold)."""
    _fit_lines.cache_clear()


@lru_cache(maxsize=256)
def _fit_lines(words: str, width: int, height: int, size: int, bold: bool, min_size: int,
               spacing: float, max_lines: int | None,
               scale: float) -> tuple[int, tuple[str, ...]]:
    min_size = min(size, math.ceil(min_size / scale))
    for step in list(range(size, min_size, -2)) + [min_size]:
        face = assets.font(step, bold)
        rows = (height - face.get_height()) // line_pitch(step, spacing) + 1  # 0: too tall
        limit = rows if max_lines is None or step == min_size else min(max_lines, rows)
        lines = assets.wrap(words, step, width, bold)
        if len(lines) <= limit and all(face.size(line)[0] <= width for line in lines):
            return step, tuple(lines)
    return min_size, tuple(assets.wrap(words, min_size, width, bold))


def fit_text(surface: pygame.Surface, words: str, rect: RectLike, size: int = BODY,
             colour: Colour = TEXT, bold: bool = False, align: str = "center",
             min_size: int = MIN_TEXT, spacing: float = 1.2,
             max_lines: int | None = 2) -> pygame.Rect:
    """Draw a sentence inside rect: one line, else two, then smaller (see fit_lines); the
    lines centred vertically and aligned "left", "center" or "right". Returns the rect the
    text covers."""
    rect = pygame.Rect(rect)
    step, lines = fit_lines(words, rect.width, rect.height, size, bold, min_size, spacing,
                            max_lines)
    pitch = line_pitch(step, spacing)
    if survey.current is not None:
        survey.current.fit(surface, words, rect, step, lines, bold, pitch)
    top = rect.centery - (pitch * (len(lines) - 1) + assets.font(step, bold).get_height()) // 2
    anchor, x = {"left": ("topleft", rect.left), "right": ("topright", rect.right)}.get(
        align, ("midtop", rect.centerx))
    covered = pygame.Rect(x, top, 0, 0)
    for row, line in enumerate(lines):
        covered.union_ip(label(surface, line, (x, top + row * pitch), step, colour, bold, anchor))
    return covered


def shade(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent full-screen veil (colour has an alpha) to blit over what is drawn: what
    comes after it is a layer above (an overlay covers what is beneath it)."""
    if survey.current is not None:
        survey.current.veil()
    return _veil(size, colour)


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 20) -> None:
    pygame.draw.rect(surface, ACCENT, rect.inflate(12, 12), 5, border_radius=radius)


def text_box(surface: pygame.Surface, rect: pygame.Rect, text: str, placeholder: str, size: int,
             caret: bool) -> None:
    """A one-line box of typed text: the placeholder while empty, the end of a long text kept
    in view, and the caret after the text while `caret` (it blinks: the caller's clock)."""
    panel(surface, rect, BG_DEEP, radius=14, border=LINE, width=2)
    inner = rect.inflate(-40, 0)
    if text:
        image = assets.text(text, size, TEXT)
        shown = image.get_rect(midleft=inner.midleft)
        if shown.width > inner.width:
            shown.right = inner.right - 10
        clip = surface.get_clip()
        surface.set_clip(inner)
        surface.blit(image, shown)
        surface.set_clip(clip)
        caret_x = min(shown.right + 4, inner.right - 4)
    else:
        label(surface, placeholder, inner.midleft, size, MUTED, anchor="midleft")
        caret_x = inner.left
    if caret:
        margin = rect.height // 5
        pygame.draw.line(surface, ACCENT, (caret_x, inner.top + margin),
                         (caret_x, inner.bottom - margin), 3)


Enabled = bool | Callable[[], bool]


class Widget:
    def __init__(self, rect: RectLike, enabled: Enabled = True) -> None:
        """enabled: a bool, or a zero-argument callable asked each time (a toolbar's Undo is
        enabled while there is something to undo)."""
        self.rect = pygame.Rect(rect)
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return bool(self._enabled()) if callable(self._enabled) else bool(self._enabled)

    @enabled.setter
    def enabled(self, value: Enabled) -> None:
        self._enabled = value

    def activate(self) -> None: ...

    def press(self, pos: tuple[int, int]) -> None:
        """A click at pos (widgets with parts of their own override this)."""
        self.activate()

    def adjust(self, step: int) -> bool:
        """Left/right on a focused widget; True if it used the step."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None: ...


class Button(Widget):
    def __init__(self, rect: RectLike, words: str, on_click: Callable[[], Any],
                 enabled: Enabled = True, size: int = BODY, note: str = "") -> None:
        super().__init__(rect, enabled)
        self.words, self.on_click, self.size, self.note = words, on_click, size, note

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        enabled = self.enabled
        colour = PANEL_HI if focused and enabled else PANEL
        panel(surface, self.rect, colour, radius=14, border=LINE if enabled else PANEL_HI,
              width=2)
        ink = TEXT if enabled else DIMMED
        fit_text(surface, self.words, self.rect.inflate(-24, -8), self.size, ink, bold=True)
        if focused:
            focus_ring(surface, self.rect, 16)


class Stepper(Widget):
    """A label and one of a few values, stepped: the one widget for every such row (setup
    screens, Settings, a game's Options panel). It owns all of its input:
    - "<" (a click on it, Left, the d-pad or stick left) steps back; ">" steps forward. The
      arrows stop at the ends, where they are dimmed: volume never jumps from 0% to 100%.
    - Enter, A, or a click elsewhere on the row takes the next value, round to the first
      after the last (so one key goes through them all, and turns a toggle).
    `skip(value)` passes over values not allowed now; `swatches` shows a picture by a value.
    Every change calls on_change(value)."""

    def __init__(self, rect: RectLike, words: str, options: Iterable[tuple[Any, str]],
                 index: int = 0, on_change: Callable[[Any], None] | None = None,
                 size: int = BODY, swatches: dict[Any, pygame.Surface] | None = None,
                 skip: Callable[[Any], bool] | None = None, fill: Colour = PANEL) -> None:
        super().__init__(rect)
        self.words, self.options, self.index = words, list(options), index
        self.on_change, self.size, self.fill = on_change, size, fill
        self.swatches = swatches or {}
        self.skip = skip or (lambda value: False)

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def select(self, value: Any) -> None:
        """Show `value` (a value the row does not offer is ignored); on_change is not called."""
        values = [v for v, _ in self.options]
        if value in values:
            self.index = values.index(value)

    def toward(self, step: int) -> int | None:
        """The index one allowed step away (step -1 or +1), or None at that end."""
        index = self.index + step
        while 0 <= index < len(self.options):
            if not self.skip(self.options[index][0]):
                return index
            index += step
        return None

    def adjust(self, step: int) -> bool:
        """Left/right: one step that way, none past an end (the step is used either way, so
        the focus stays on the row)."""
        target = self.toward(1 if step > 0 else -1)
        if target is not None:
            self._set(target)
        return True

    def activate(self) -> None:
        """Enter or A: the next allowed value, round to the first after the last."""
        for k in range(1, len(self.options) + 1):
            index = (self.index + k) % len(self.options)
            if not self.skip(self.options[index][0]):
                self._set(index)
                return

    def press(self, pos: tuple[int, int]) -> None:
        if self.back_zone().collidepoint(pos):
            self.adjust(-1)
        elif self.forward_zone().collidepoint(pos):
            self.adjust(1)
        else:
            self.activate()

    def _set(self, index: int) -> None:
        if index != self.index:
            self.index = index
            if self.on_change:
                self.on_change(self.value)

    # --- where its parts are: one geometry for drawing and for clicks ----------------------
    @property
    def margin(self) -> int:
        return 28 if self.size >= BODY else 20

    def arrow_width(self) -> int:
        return assets.font(self.size, True).size("<")[0] + 36

    def value_width(self) -> int:
        """The widest value, so the arrows stay put whatever the value (a player clicking
        "<" again and again finds it where it was)."""
        face = assets.font(self.size, True)
        widest = max(face.size(shown)[0] for _, shown in self.options)
        if self.swatches:
            widest += max(s.get_width() for s in self.swatches.values()) + 12
        return widest + 16

    def forward_zone(self) -> pygame.Rect:
        """Where a click steps forward: the ">" and the row's height around it."""
        width = self.arrow_width()
        return pygame.Rect(self.rect.right - self.margin + 12 - width, self.rect.top, width,
                           self.rect.height)

    def value_zone(self) -> pygame.Rect:
        width = self.value_width()
        return pygame.Rect(self.forward_zone().left - width, self.rect.top, width,
                           self.rect.height)

    def back_zone(self) -> pygame.Rect:
        """Where a click steps back: the "<" and the row's height around it."""
        width = self.arrow_width()
        return pygame.Rect(self.value_zone().left - width, self.rect.top, width,
                           self.rect.height)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        panel(surface, self.rect, PANEL_HI if focused else self.fill, radius=14, border=LINE,
              width=2)
        back, shown_at, forward = self.back_zone(), self.value_zone(), self.forward_zone()
        words = pygame.Rect(self.rect.left + self.margin, self.rect.top + 4,
                            back.left - self.rect.left - self.margin - 8, self.rect.height - 8)
        fit_text(surface, self.words, words, self.size, MUTED, align="left")
        for zone, step, glyph in ((back, -1, "<"), (forward, 1, ">")):
            ink = ACCENT if self.toward(step) is not None else DIMMED
            label(surface, glyph, zone.center, self.size, ink, bold=True, anchor="center")
        value, shown = self.options[self.index]
        swatch = self.swatches.get(value) if isinstance(value, Hashable) else None
        width = assets.font(self.size, True).size(shown)[0]
        left = shown_at.centerx - (width + (swatch.get_width() + 12 if swatch else 0)) // 2
        if swatch:
            surface.blit(swatch, swatch.get_rect(midleft=(left, shown_at.centery)))
            left += swatch.get_width() + 12
        label(surface, shown, (left, shown_at.centery), self.size, TEXT, bold=True,
              anchor="midleft")
        if focused:
            focus_ring(surface, self.rect, 16)




def nearest(rects: list[pygame.Rect], start: int, dx: int, dy: int) -> int:
    """Index of the rect nearest to rects[start] in direction (dx, dy), or start if none:
    first those in line with it (sharing some of its rows for left and right, some of its
    columns for up and down), so a row of halves under a whole-width button is walked half
    by half; else the nearest centre that way (kit.controls.nearest)."""
    here = rects[start]
    in_line = [k for k, rect in enumerate(rects) if k != start and
               (rect.centerx - here.centerx) * dx + (rect.centery - here.centery) * dy > 0 and
               (rect.top < here.bottom and here.top < rect.bottom if dx else
                rect.left < here.right and here.left < rect.right)]
    if in_line:
        return min(in_line, key=lambda k: abs(rects[k].centerx - here.centerx) * abs(dx) +
                   abs(rects[k].centery - here.centery) * abs(dy))
    from games.core.kit import controls  # on the first move, not the first frame's path
    return controls.nearest([rect.center for rect in rects], start, dx, dy)


class Menu:
    """Widgets with one focus, moved by pointer, arrows, d-pad or stick."""

    def __init__(self, widgets: Iterable[Widget] = (), focus: int = 0) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = focus

    def widget_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for index, widget in enumerate(self.widgets):
            if widget.enabled and widget.rect.collidepoint(pos):
                return index
        return None

    def handle(self, action: Action) -> bool:
        """True if the menu used the action."""
        if not self.widgets:
            return False
        kind = action.kind
        if kind == Act.POINT:
            hit = self.widget_at(action.pos)
            if hit is not None:
                self.focus = hit
            return hit is not None
        if kind == Act.PRESS and not action.alt:
            hit = self.widget_at(action.pos)
            if hit is None:
                return False
            self.focus = hit
            if action.pos is not None:
                self.widgets[hit].press(action.pos)
            return True
        if kind == Act.MOVE:
            current = self.widgets[self.focus]
            if action.dx and current.adjust(action.dx):
                return True
            self.focus = nearest([w.rect for w in self.widgets], self.focus, action.dx, action.dy)
            return True
        if kind in (Act.NEXT, Act.PREV):
            self.focus = (self.focus + (1 if kind == Act.NEXT else -1)) % len(self.widgets)
            return True
        if kind == Act.CONFIRM:
            self.widgets[self.focus].activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        noting = survey.current
        for index, widget in enumerate(self.widgets):
            if noting is not None:
                noting.owner = widget      # what a problem is said of
            widget.draw(surface, index == self.focus)
        if noting is not None:
            noting.owner = None


def button_column(words_and_actions: Iterable[tuple[str, Callable[[], Any]]], centre_x: int,
                  top: int, width: int = 520, height: int = 84, gap: int = 22) -> list[Button]:
    buttons = []
    for row, (words, on_click) in enumerate(words_and_actions):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (centre_x, top + row * (height + gap))
        buttons.append(Button(rect, words, on_click))
    return buttons
