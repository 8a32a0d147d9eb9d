"""The pieces of a game's heads-up display that the games share: the toolbar (made from the
frame's verbs and the game's command table), a player's card, the log of the last moves, an
info box, a chip of words, the words for the device the player last used, and the
graded-moves hint's badge and key (Win in N / Draw / Loss in N)."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Device
from games.core.kit.levels import DRAW, LOSS, WIN, Value
from games.core.loop import palette, survey
from games.core.screens import ui
from games.core.screens.cache import SurfaceCache

HUD_HEIGHT = 110                   # the band across the top of a game's screen
TOOLBAR_HEIGHT = 100               # the toolbar across its foot
STATUS_WIDTH = 520                 # the least room the toolbar leaves the status line
HUD_VALUE = 40                     # the size of the HUD's numbers
HUD_NARROWEST = "00:00"            # a HUD field is never narrower than this (a clock)
INK = (22, 24, 32)                 # dark text on light chips
GRADE_NAMES = {WIN: "Win", DRAW: "Draw", LOSS: "Loss"}
GRADE_MEANINGS = ((WIN, "you can force a win"), (DRAW, "best play draws"),
                  (LOSS, "they can force a win"))


def by_device(device: str, mouse: str, keyboard: str, pad: str) -> str:
    """The words for the device the player last used."""
    words: dict[str, str] = {Device.MOUSE: mouse, Device.KEYBOARD: keyboard, Device.PAD: pad}
    return words.get(device, mouse)


def chip_size(words: str, size: int = ui.SMALL) -> tuple[int, int]:
    """How big chip() draws these words."""
    width, height = ui.assets.font(size, True).size(words)
    return width + 20, height + 8


def chip(surface: pygame.Surface, words: str, centre: ui.Point, colour: ui.Colour,
         size: int = ui.SMALL, ink: ui.Colour = INK, border: ui.Colour | None = None,
         anchor: str = "center") -> pygame.Rect:
    """Bold words on a rounded coloured box; returns the box."""
    image = ui.assets.text(words, size, ink, True)
    box = image.get_rect().inflate(20, 8)
    setattr(box, anchor, (round(centre[0]), round(centre[1])))
    ui.panel(surface, box, colour, radius=10, border=border, width=2)
    ui.label(surface, words, box.center, size, ink, True, "center")
    return box


# --- the graded-moves hint --------------------------------------------------------------------

def grade_words(value: str, plies: int | None) -> str:
    """'Win in 3', 'Draw', 'Loss in 4' ('Win' alone when the distance is unknown)."""
    name = GRADE_NAMES[Value(value)]
    return f"{name} in {plies}" if plies and value != DRAW else name


def grade_colour(value: str) -> tuple[int, int, int]:
    """A grade's colour in the active palette."""
    return palette.grade_colour(Value(value))


def grade_badge(surface: pygame.Surface, centre: ui.Point, value: str,
                plies: int | None) -> pygame.Rect:
    return chip(surface, grade_words(value, plies), centre, grade_colour(value),
                border=INK)


def grade_counts(grades: Iterable[Sequence[Any]]) -> str:
    """'2 wins, 1 draw, 1 loss': how many graded moves (value second) of each kind."""
    names = {WIN: ("win", "wins"), DRAW: ("draw", "draws"), LOSS: ("loss", "losses")}
    counts = {value: sum(1 for grade in grades if grade[1] == value) for value in names}
    return ", ".join(f"{n} {names[value][n != 1]}" for value, n in counts.items() if n)


def grade_key(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """What the hint's colours and numbers mean."""
    ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
    ui.label(surface, "Graded moves", (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT,
             bold=True)
    for n, (value, words) in enumerate(GRADE_MEANINGS):
        y = rect.top + 86 + n * 44
        box = pygame.Rect(rect.left + 24, y - 17, 84, 34)
        ui.panel(surface, box, grade_colour(value), radius=10)
        ui.label(surface, GRADE_NAMES[value], box.center, ui.SMALL, INK, bold=True,
                 anchor="center")
        ui.label(surface, words, (box.right + 16, y), ui.SMALL, ui.TEXT, anchor="midleft")
    ui.fit_text(surface, "in 3: moves to the end at best",
                (rect.left + 24, rect.bottom - 48, rect.width - 48, 36), ui.SMALL, ui.MUTED,
                align="left", max_lines=1)


GRADE_KEY_HEIGHT = 246


# --- cards, logs and boxes ----------------------------------------------------------------------

def player_card(surface: pygame.Surface, rect: pygame.Rect, swatch: pygame.Surface, name: str,
                lines: list[str], to_move: bool, winner: bool, note: str = "") -> int:
    """A player's card: their piece, name, a note chip (to move / thinking / winner) and lines
    of detail under the name. Returns the y below the last line, for a game's extras."""
    border = ui.ACCENT if to_move else ui.GOOD if winner else ui.LINE
    ui.panel(surface, rect, ui.PANEL_HI if to_move else ui.PANEL, radius=18, border=border,
             width=4 if (to_move or winner) else 2)
    middle = rect.top + 46
    spot = swatch.get_rect(center=(rect.left + 24 + swatch.get_width() // 2, middle))
    surface.blit(swatch, spot)
    note = note or ("to move" if to_move else "winner" if winner else "")
    room = rect.right - 20
    if note:
        room = chip(surface, note, (rect.right - 20, middle), border, anchor="midright").left - 12
    ui.fit_text(surface, name, (spot.right + 18, middle - 30, room - spot.right - 18, 60),
                ui.HEADING, ui.TEXT, bold=True, align="left", max_lines=1)
    # The lines under the name, within the card whatever the text size (smaller if need be).
    size, y = ui.SMALL + 2, rect.top + 80
    pitch = min(ui.line_pitch(size, 1.2), (rect.bottom - 8 - y) // max(1, len(lines)))
    for line in lines:
        ui.fit_text(surface, line, (rect.left + 26, y, rect.width - 52, pitch), size, ui.MUTED,
                    align="left", max_lines=1)
        y += pitch
    return y


LogRow = tuple[int | None, pygame.Surface | None, str]   # number, the mover's swatch, words


def move_log(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[LogRow],
             title: str = "Last moves") -> None:
    """The last moves: rows of (number or None, swatch or None, words), the latest last and
    lit."""
    ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
    ui.label(surface, title, (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT, bold=True)
    if not rows:
        ui.label(surface, "None yet.", (rect.left + 24, rect.top + 80), ui.SMALL, ui.MUTED)
    for n, (number, swatch, words) in enumerate(rows):
        y = rect.top + 88 + n * 40
        latest = n == len(rows) - 1
        if number is not None:
            ui.label(surface, f"{number}.", (rect.left + 64, y), ui.SMALL, ui.MUTED,
                     anchor="midright")
        if swatch is not None:
            surface.blit(swatch, swatch.get_rect(center=(rect.left + 92, y)))
        ui.fit_text(surface, words, (rect.left + 122, y - 20, rect.width - 146, 40), ui.SMALL,
                    ui.ACCENT if latest else ui.TEXT, bold=latest, align="left", max_lines=1)


def move_log_height(rows: int) -> int:
    return 92 + 40 * max(1, rows)


def info_box(surface: pygame.Surface, rect: pygame.Rect, title: str, words: str) -> None:
    """A titled panel of wrapped words (how pieces move, what the numbers mean)."""
    ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
    ui.label(surface, title, (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT, bold=True)
    ui.paragraph(surface, words, pygame.Rect(rect.left + 24, rect.top + 68, rect.width - 48,
                                             rect.height - 80), ui.SMALL, ui.MUTED, spacing=1.3)


# --- the band across the top and the foot of a game's screen ------------------------------

Field = tuple[str, str, int]       # a HUD field's name, value and right edge
# What a game's HUD showed: its fields, the status words, the toolbar's look, and whether only
# the clock was due to change next.
Shown = tuple[list[Field], str, tuple[object, ...], bool]


def field_layout(fields: Sequence[Sequence[str]], right: int) -> list[Field]:
    """(name, value, right edge) of each field, the last one ending at `right`. A field is
    as wide as its widest value ever is (a third item, else HUD_NARROWEST), so a value
    growing ("Assist" to "Assist+1", 9 to 10) never shifts the fields to its left."""
    return list(_field_layout(tuple(tuple(field) for field in fields), right,
                              ui.assets.text_scale()))


@lru_cache(maxsize=64)    # measured once per set of fields: the HUD is laid out every frame
def _field_layout(fields: tuple[tuple[str, ...], ...], right: int,
                  scale: float) -> tuple[Field, ...]:
    value_font, name_font = ui.assets.font(HUD_VALUE, True), ui.assets.font(ui.SMALL)
    layout = []
    for name, value, *widest in reversed(fields):
        layout.append((name, value, right))
        right -= 60 + max(value_font.size(widest[0] if widest else HUD_NARROWEST)[0],
                          value_font.size(value)[0], name_font.size(name)[0])
    return tuple(layout)


def field_rows() -> tuple[int, int]:
    """The middles of a HUD field's name and value: stacked in the HUD's middle, so a Large
    text keeps them apart."""
    name = ui.assets.font(ui.SMALL).get_height()
    value = ui.assets.font(HUD_VALUE, True).get_height()
    top = (HUD_HEIGHT - name - value) // 2
    return top + name // 2, top + name + value // 2


# The band's and the foot's pictures, by everything they show: most frames copy them.
_STRIPS = SurfaceCache(8)


def strip(surface: pygame.Surface, area: pygame.Rect, look: Hashable,
          draw: Callable[[], None]) -> None:
    """A strip of the screen that draw() covers wholly, drawn when its look (with the
    palette and the text size) is new, and kept then: else its kept picture is copied."""
    if survey.current is not None:     # painted afresh, where the survey sees it
        draw()
        return
    drawn = []

    def make() -> pygame.Surface:
        draw()
        drawn.append(True)
        return surface.subsurface(area).copy()
    picture = _STRIPS.get((look, tuple(area), palette.current(), ui.assets.text_scale()), make)
    if not drawn:
        surface.blit(picture, area)


def band(surface: pygame.Surface, title: str, layout: Sequence[Field],
         colour_of: Callable[[str], tuple[int, int, int]], note: str = "") -> None:
    """The band across the top: the game's title on the left (with a note under it: a daily
    puzzle's day), the fields on the right."""
    look = ("band", title, note, tuple(layout), tuple(colour_of(name) for name, _, _ in layout))
    strip(surface, pygame.Rect(0, 0, surface.get_width(), HUD_HEIGHT), look,
          lambda: draw_band(surface, title, layout, colour_of, note))


def fields_left(layout: Sequence[Field]) -> int:
    """Where the leftmost field's words begin (the band's fields: field_layout)."""
    value_font, name_font = ui.assets.font(HUD_VALUE, True), ui.assets.font(ui.SMALL)
    return min((right - max(value_font.size(value)[0], name_font.size(name)[0])
                for name, value, right in layout), default=10**4)


def draw_band(surface: pygame.Surface, title: str, layout: Sequence[Field],
              colour_of: Callable[[str], tuple[int, int, int]], note: str = "") -> None:
    pygame.draw.rect(surface, ui.BG_DEEP, (0, 0, surface.get_width(), HUD_HEIGHT))
    if note:    # the title and the note stacked in the band's middle, clear of the fields
        room = min(fields_left(layout), surface.get_width()) - 40 - 40
        title_h = ui.assets.font(ui.HEADING, True).get_height()
        note_h = ui.assets.font(ui.SMALL + 2, True).get_height()
        top = (HUD_HEIGHT - title_h - note_h) // 2
        ui.fit_text(surface, title, (40, top, room, title_h), ui.HEADING, ui.TEXT, bold=True,
                    align="left", max_lines=1)
        ui.fit_text(surface, note, (40, top + title_h, room, note_h), ui.SMALL + 2, ui.ACCENT,
                    bold=True, align="left", max_lines=1)
    else:
        ui.label(surface, title, (40, HUD_HEIGHT // 2), ui.HEADING, ui.TEXT, bold=True,
                 anchor="midleft")
    name_y, value_y = field_rows()
    for name, value, right in layout:
        ui.label(surface, value, (right, value_y), HUD_VALUE, colour_of(name), bold=True,
                 anchor="midright")
        ui.label(surface, name, (right, name_y), ui.SMALL, ui.MUTED, anchor="midright")


def redraw_values(surface: pygame.Surface, before: Sequence[Field], now: Sequence[Field],
                  colour_of: Callable[[str], tuple[int, int, int]]) -> pygame.Rect | None:
    """Redraw only the values that changed since `before` and return the area drawn (empty
    when none changed); None when a field moved or came or went (then draw it all)."""
    if [(name, right) for name, _, right in now] != [(name, right) for name, _, right in before]:
        return None
    face = ui.assets.font(HUD_VALUE, True)
    value_y = field_rows()[1]
    area: pygame.Rect | None = None
    for (name, value, right), (_, old, _) in zip(now, before):
        if value == old:
            continue
        box = pygame.Rect(0, 0, max(face.size(value)[0], face.size(old)[0]) + 8,
                          face.get_linesize() + 8)
        box.midright = (right + 4, value_y)
        box = box.clip(pygame.Rect(0, 0, surface.get_width(), HUD_HEIGHT))
        surface.fill(ui.BG_DEEP, box)
        surface.set_clip(box)
        ui.label(surface, value, (right, value_y), HUD_VALUE, colour_of(name), bold=True,
                 anchor="midright")
        surface.set_clip(None)
        area = box if area is None else area.union(box)
    return area or pygame.Rect(0, 0, 0, 0)


def status_box(bar: Toolbar, size: tuple[int, int]) -> pygame.Rect:
    """The status line's box: right of the toolbar's buttons."""
    width, height = size
    left = bar.widgets[-1].rect.right + 30
    return pygame.Rect(left, height - TOOLBAR_HEIGHT + 6, width - 40 - left, TOOLBAR_HEIGHT - 12)


def foot(surface: pygame.Surface, bar: Toolbar, words: str, box: pygame.Rect) -> None:
    """The foot: the toolbar, and the status line's words (one line, else two, else
    smaller: ui.fit_text, never cut short)."""
    width, height = surface.get_size()
    lit = bar.lit()

    def draw() -> None:
        pygame.draw.rect(surface, ui.BG_DEEP, (0, height - TOOLBAR_HEIGHT, width, TOOLBAR_HEIGHT))
        bar.draw(surface, lit)
        if words:
            ui.fit_text(surface, words, box, ui.SMALL + 2, ui.TEXT, align="right")
    buttons = tuple((tuple(b.rect), b.words, b.size, b.enabled, on)
                    for b, on in zip(bar.buttons(), lit))
    strip(surface, pygame.Rect(0, height - TOOLBAR_HEIGHT, width, TOOLBAR_HEIGHT),
          ("foot", buttons, words, tuple(box)), draw)


# --- the toolbar ----------------------------------------------------------------------------

ToolbarEntry = tuple[str, Callable[[], None], Callable[[], bool]]


def toolbar(entries: Sequence[ToolbarEntry], size: tuple[int, int]) -> list[ui.Button]:
    """The buttons along the bottom, left to right, each as narrow as its words allow: the
    room to their right is the status line's, and it keeps STATUS_WIDTH at least (with Large
    text, or many commands, the buttons narrow and their words shrink to fit instead)."""
    width, height = size
    gap = 12
    font = ui.assets.font(ui.SMALL, True)
    widths = [max(140, font.size(words)[0] + 36) for words, _, _ in entries]
    room = width - 40 - 30 - STATUS_WIDTH - 30 - gap * (len(entries) - 1)
    squeeze = min(1.0, room / sum(widths))
    buttons, x = [], 30
    for (words, callback, enabled), w in zip(entries, widths):
        w = int(w * squeeze)
        buttons.append(ui.Button((x, height - TOOLBAR_HEIGHT + 16, w, 68), words, callback,
                                 enabled, size=ui.SMALL))
        x += w + gap
    return buttons


class Toolbar(ui.Menu):
    """The toolbar's buttons. The mouse uses them at any time; a pad or the keyboard walks
    them once a step down has left the board (focused): left and right move, A or Enter
    presses, up goes back to the board (and so does Esc or B, through the game's cancel)."""

    def __init__(self, buttons: list[ui.Button]) -> None:
        super().__init__(buttons)
        self.focused = False

    def walk(self, action: Action) -> bool:
        """The focused toolbar's answer to a pad or keyboard action; True if it used it."""
        if not self.focused or action.kind not in (Act.MOVE, Act.NEXT, Act.PREV, Act.CONFIRM):
            return False
        if action.kind == Act.MOVE and action.dy < 0:
            self.focused = False
        elif not (action.kind == Act.MOVE and action.dy):
            self.handle(action)
        return True

    def look(self) -> tuple[object, ...]:
        """What the buttons look like now (the HUD is redrawn when it changes)."""
        return tuple(b.enabled for b in self.widgets) + ((self.focus,) if self.focused else ())

    def buttons(self) -> list[ui.Button]:
        return [button for button in self.widgets if isinstance(button, ui.Button)]

    def lit(self) -> list[bool]:
        """Which buttons are lit: the focused one, or the one under the pointer."""
        pointer = pygame.mouse.get_pos()
        return [index == self.focus if self.focused else bool(button.rect.collidepoint(pointer))
                for index, button in enumerate(self.widgets)]

    def draw(self, surface: pygame.Surface, lit: Sequence[bool] | None = None) -> None:
        noting = survey.current
        for button, on in zip(self.widgets, self.lit() if lit is None else lit):
            if noting is not None:
                noting.owner = button
            button.draw(surface, on)
        if noting is not None:
            noting.owner = None
