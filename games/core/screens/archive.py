"""The daily puzzles of one game on a calendar (from its setup screen's "Past puzzles"): four
months at a time (so the last 90 days at least), paged back to the first daily day; each day
marked solved, finished unsolved, in progress or to play, and whether it was played on its day
(only those count toward the streak). A past day is played as its own daily: it counts in the
history and the statistics, not in the streak (docs/DESIGN.md, "Daily puzzles").

Keys: the arrows, the d-pad or the stick move a day (up and down a week), Page Up / Page Down,
LB / RB or the wheel a month, Enter or A plays the day, Tab or the triggers reach the buttons,
Esc or B goes back. The mouse clicks a day to choose it and again to play it."""
from __future__ import annotations

import calendar
import datetime
from typing import TYPE_CHECKING

import pygame

from games.core.data import records, share, stats
from games.core.data.history_rows import Game
from games.core.kit import daily, registry
from games.core.kit.actions import Act, Action
from games.core.loop.app import App, Scene
from games.core.screens import hud, ui
from games.core.screens.dailies import today
from games.core.screens.launch import open_daily

if TYPE_CHECKING:
    from games.core.screens.menus import SetupScene

SHOWN = 4                       # months side by side: three whole ones before this one
CELL_W, CELL_H = 59, 58
MONTH_W, MONTH_GAP = 7 * CELL_W, 36
TOP = 236                       # the months' names
WEEKDAYS = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
INK = (22, 24, 32)
MOUSE_HINT = "Click a day, and again to play it"
KEYS_HINT = "Arrows: a day; Page Up, Page Down: a month; Enter plays"
PAD_HINT = "D-pad: a day; LB, RB: a month; A plays"


def add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day of the month `months` later (or earlier), kept inside the month."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return datetime.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


class ArchiveScene(Scene):
    """A game's past daily puzzles, over its setup screen (`setup`: closed with this screen
    when a day is played; the game it may have been opened from is its replace_scene)."""

    def __init__(self, app: App, key: str, setup: SetupScene) -> None:
        super().__init__(app)
        self.key, self.setup = key, setup
        self.title = registry.lookup(key).title
        self.today = today()
        self.selected = self.today
        self.last_month = self.today.replace(day=1)    # the rightmost month shown
        self.on_days = True        # the calendar has the focus (else the buttons below)
        width, height = app.size
        self.left = (width - SHOWN * MONTH_W - (SHOWN - 1) * MONTH_GAP) // 2
        y, gap = height - 130, 20
        each = (width - 2 * self.left - 3 * gap) // 4
        self.play_button = ui.Button((self.left, y, each, 84), "Play", self.play)
        buttons = [self.play_button,
                   ui.Button((self.left + (each + gap), y, each, 84), "Earlier months",
                             lambda: self.page(-1)),
                   ui.Button((self.left + 2 * (each + gap), y, each, 84), "Later months",
                             lambda: self.page(1), enabled=self.later_enabled),
                   ui.Button((self.left + 3 * (each + gap), y, each, 84), "Back",
                             lambda: app.pop(self))]
        self.menu = ui.Menu(buttons)
        self.results: dict[str, tuple[Game, bool]] = {}
        self.loaded: tuple[datetime.date, datetime.date] | None = None
        self.saved = app.store.saved_daily(key)
        self.streak = stats.daily_streak(app.store.history(), key, self.today)
        self.select(self.today)

    # --- the days shown -----------------------------------------------------------------
    def months(self) -> list[datetime.date]:
        """The first day of each month shown, oldest first."""
        return [add_months(self.last_month, n - SHOWN + 1) for n in range(SHOWN)]

    def load(self) -> None:
        """The results of the days shown (again only when the months shown change)."""
        months = self.months()
        first, last = months[0], add_months(months[-1], 1) - datetime.timedelta(days=1)
        if self.loaded != (first, last):
            self.loaded = (first, last)
            self.results = records.daily_results(self.app.store, self.key, first.isoformat(),
                                                 last.isoformat())

    def playable(self, day: datetime.date) -> bool:
        return daily.FIRST_DAY <= day <= self.today

    def select(self, day: datetime.date) -> None:
        """Choose a day (clamped to the days there are), showing its month."""
        day = min(max(day, daily.FIRST_DAY), self.today)
        self.selected = day
        first = self.months()[0]
        if day >= add_months(self.last_month, 1):
            self.last_month = day.replace(day=1)
        elif day < first:
            self.last_month = add_months(day.replace(day=1), SHOWN - 1)
        self.load()
        self.play_button.words = self.play_words()

    def page(self, months: int) -> None:
        self.select(add_months(self.selected, months))

    def later_enabled(self) -> bool:
        return self.selected.replace(day=1) < self.today.replace(day=1)

    def cells(self) -> list[tuple[datetime.date, pygame.Rect]]:
        """Each day of the months shown with its box."""
        found = []
        for n, month in enumerate(self.months()):
            left = self.left + n * (MONTH_W + MONTH_GAP)
            weeks = calendar.Calendar().monthdatescalendar(month.year, month.month)
            for row, week in enumerate(weeks):
                for column, day in enumerate(week):
                    if day.month == month.month:
                        found.append((day, pygame.Rect(left + column * CELL_W,
                                                       TOP + 96 + row * CELL_H, CELL_W - 4,
                                                       CELL_H - 4)))
        return found

    def day_at(self, pos: tuple[int, int]) -> datetime.date | None:
        return next((day for day, rect in self.cells() if rect.collidepoint(pos)), None)

    # --- what a day holds -----------------------------------------------------------------
    def state(self, day: datetime.date) -> tuple[Game | None, bool, bool]:
        """(the day's result as recorded or None, played on its day, in progress)."""
        row, on_time = self.results.get(day.isoformat(), (None, False))
        return row, on_time, self.saved == day.isoformat()

    def play_words(self) -> str:
        row, _, saved = self.state(self.selected)
        return "Resume" if saved else "Play again" if row is not None else "Play"

    def words(self, day: datetime.date) -> str:
        """The chosen day's line under its date."""
        row, on_time, saved = self.state(day)
        if saved:
            return "In progress: your saved game, ready to resume."
        if row is None:
            return "Not played yet." + ("" if day == self.today else
                                        " Played now, it counts in your statistics, not in "
                                        "your streak.")
        when = "played on its day" if on_time else "played after its day: not in your streak"
        return f"Finished: {share.score_words(row)}, {share.help_words(row)}; {when}."

    # --- input ------------------------------------------------------------------------------
    def play(self) -> None:
        open_daily(self.app, self.key, self.selected, self.setup.replace_scene,
                   lambda: self.app.pop(self.setup))

    def handle(self, action: Action) -> None:
        kind = action.kind
        if kind == Act.CANCEL:
            self.app.pop(self)
        elif kind in (Act.PAGE, Act.WHEEL):
            self.page(1 if action.dy > 0 else -1)
        elif kind in (Act.UNDO, Act.REDO):       # LB / RB turn the months, as pages elsewhere
            self.page(1 if kind == Act.REDO else -1)
        elif kind in (Act.NEXT, Act.PREV):
            self.tab(1 if kind == Act.NEXT else -1)
        elif kind == Act.PRESS and action.pos is not None and not action.alt:
            self.press(action.pos)
        elif kind == Act.POINT and action.pos is not None:
            if self.menu.handle(action):
                self.on_days = False
        elif self.on_days and kind == Act.MOVE:
            self.step(action.dx, action.dy)
        elif self.on_days and kind == Act.CONFIRM:
            self.play()
        elif not self.on_days and kind == Act.MOVE and action.dy < 0:
            self.on_days = True
        elif not self.on_days:
            self.menu.handle(action)

    def step(self, dx: int, dy: int) -> None:
        """A day left or right, a week up or down; past today (or before the first day) the
        buttons take the focus."""
        day = self.selected + datetime.timedelta(days=dx + 7 * dy)
        if self.playable(day):
            self.select(day)
        elif day > self.today:
            self.on_days = False

    def tab(self, forward: int) -> None:
        """Tab and the triggers: the calendar, then each button, round again."""
        places = len(self.menu.widgets) + 1
        here = 0 if self.on_days else self.menu.focus + 1
        there = (here + forward) % places
        self.on_days = there == 0
        if there:
            self.menu.focus = there - 1

    def press(self, pos: tuple[int, int]) -> None:
        day = self.day_at(pos)
        if day is not None and self.playable(day):
            again = self.on_days and day == self.selected
            self.on_days = True
            self.select(day)
            if again:           # a click on the chosen day plays it
                self.play()
        elif self.menu.handle(Action(Act.PRESS, pos=pos)):
            self.on_days = False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width = self.app.size[0]
        ui.fit_text(surface, f"{self.title}: daily puzzles", (self.left, 40, width - 2 *
                    self.left, 80), ui.TITLE, ui.TEXT, bold=True, align="left", max_lines=1)
        ui.fit_text(surface, f"Your daily streak: {self.streak} day"
                    f"{'' if self.streak == 1 else 's'}. Only a puzzle played on its own day "
                    f"counts toward it.", (self.left, 130, width - 2 * self.left, 50),
                    ui.BODY, ui.MUTED, align="left", max_lines=1)
        for n, month in enumerate(self.months()):
            left = self.left + n * (MONTH_W + MONTH_GAP)
            ui.fit_text(surface, f"{daily.MONTHS[month.month - 1]} {month.year}",
                        (left, TOP, MONTH_W - 4, 50), ui.HEADING, ui.TEXT, bold=True,
                        align="left", max_lines=1)
            for column, name in enumerate(WEEKDAYS):
                ui.label(surface, name, (left + column * CELL_W + (CELL_W - 4) // 2, TOP + 74),
                         ui.SMALL, ui.MUTED, anchor="center")
        for day, rect in self.cells():
            self.draw_day(surface, day, rect)
        key = pygame.Rect(self.left, TOP + 96 + 6 * CELL_H + 6, width - 2 * self.left, 40)
        used = self.draw_key(surface, key)
        ui.fit_text(surface, hud.by_device(self.app.input.last_device, MOUSE_HINT, KEYS_HINT,
                                           PAD_HINT), (used, key.top, key.right - used,
                                                       key.height), ui.SMALL, ui.MUTED,
                    align="right", max_lines=1)
        box = pygame.Rect(self.left, self.menu.widgets[0].rect.top - 170,
                          width - 2 * self.left, 150)
        ui.panel(surface, box, ui.PANEL)
        selected = self.selected
        name = f"{DAY_NAMES[selected.weekday()]}, {selected.day} " \
            f"{daily.MONTHS[selected.month - 1]} {selected.year}" + \
            (" (today)" if selected == self.today else "")
        ui.fit_text(surface, name, (box.left + 30, box.top + 14, box.width - 60, 56),
                    ui.HEADING, ui.TEXT, bold=True, align="left", max_lines=1)
        ui.fit_text(surface, self.words(selected), (box.left + 30, box.top + 74,
                    box.width - 60, 64), ui.BODY, ui.TEXT, align="left")
        for index, button in enumerate(self.menu.widgets):
            button.draw(surface, not self.on_days and index == self.menu.focus)

    def draw_day(self, surface: pygame.Surface, day: datetime.date, rect: pygame.Rect) -> None:
        playable = self.playable(day)
        ui.panel(surface, rect, ui.PANEL if playable else ui.BG_DEEP, radius=10)
        number = ui.label(surface, str(day.day), (rect.left + 8, rect.top + 4), ui.SMALL - 2,
                          ui.TEXT if playable else ui.DIMMED, bold=day == self.today)
        if day == self.today:      # today: its number underlined
            pygame.draw.line(surface, ui.ACCENT, (number.left, number.bottom),
                             (number.right, number.bottom), 3)
        row, on_time, saved = self.state(day)
        spot = (rect.right - 14, rect.bottom - 14)
        if saved:
            mark(surface, "progress", spot, on_time)
        elif row is not None:
            mark(surface, "solved" if row.outcome == "won" else "finished", spot, on_time)
        if self.on_days and day == self.selected:
            ui.focus_ring(surface, rect, 12)

    def draw_key(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        """What the marks mean (each a shape, never a colour alone); returns where it ends."""
        x, y = rect.left, rect.centery
        for kind, on_time, words in (("solved", True, "solved on its day"),
                                     ("solved", False, "solved after its day"),
                                     ("finished", True, "finished, not solved"),
                                     ("progress", True, "in progress")):
            mark(surface, kind, (x + 14, y), on_time)
            x = ui.label(surface, words, (x + 36, y), ui.SMALL, ui.MUTED,
                         anchor="midleft").right + 36
        return x


def mark(surface: pygame.Surface, kind: str, centre: tuple[int, int], on_its_day: bool) -> None:
    """A day's mark: solved (a tick), finished unsolved (a bar) or in progress (a dot in a
    ring); on a filled disc when played on its day, in a ring when after it."""
    x, y = centre
    colour = {"solved": ui.GOOD, "finished": ui.MUTED, "progress": ui.ACCENT}[kind]
    filled = on_its_day and kind != "progress"
    pygame.draw.circle(surface, colour, centre, 11, 0 if filled else 3)
    ink = INK if filled else colour
    if kind == "solved":
        pygame.draw.lines(surface, ink, False, ((x - 5, y), (x - 2, y + 4), (x + 5, y - 4)), 3)
    elif kind == "finished":
        pygame.draw.line(surface, ink, (x - 5, y), (x + 5, y), 3)
    else:
        pygame.draw.circle(surface, ink, centre, 4)
