"""The statistics' charts, drawn with pygame in the collection's look (ui's colours and fonts):
results per day as stacked bars, a score or time across the last games as a line with its
median, and the record against each computer level as stacked bars. Each draws inside a
panel of its own and changes nothing."""
from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from games.core.kit.results import record_text
from games.core.loop import survey
from games.core.screens import ui

if TYPE_CHECKING:
    from games.core.data.stats import Group

TITLE_SIZE = ui.SMALL + 4
LABEL = ui.SMALL - 2           # 22: the smallest text on these screens (14 px in 1280x720)
RESULT_COLOURS = (ui.GOOD, ui.BAD, ui.MUTED)   # won, lost, drawn (or between two people)


def frame(surface: pygame.Surface, rect: pygame.Rect, title: str,
          names: Sequence[tuple[str, ui.Colour]] = ()) -> pygame.Rect:
    """The chart's panel, its title and a legend of (name, colour) under it; returns the room
    left for the plot."""
    ui.panel(surface, rect, ui.PANEL, radius=18)
    ui.label(surface, fitted(title, TITLE_SIZE, rect.width - 56, True),
             (rect.left + 28, rect.top + 20), TITLE_SIZE, ui.TEXT, bold=True)
    top = rect.top + 72
    if names:
        legend(surface, rect.left + 28, top + 8, names)
        top += 40
    return pygame.Rect(rect.left + 28, top, rect.width - 56, rect.bottom - 28 - top)


def empty(surface: pygame.Surface, plot: pygame.Rect, words: str = "No games yet") -> None:
    ui.label(surface, words, plot.center, ui.BODY, ui.MUTED, anchor="center")


def legend(surface: pygame.Surface, left: int, y: int,
           names: Sequence[tuple[str, ui.Colour]]) -> None:
    """Coloured squares with their names, from `left`."""
    x = left
    for name, colour in names:
        square = pygame.Rect(0, 0, 16, 16)
        square.midleft = (x, y)
        pygame.draw.rect(surface, colour, square, border_radius=4)
        words = ui.label(surface, name, (square.right + 8, y), LABEL, ui.MUTED,
                         anchor="midleft")
        x = words.right + 24


def day_bars(surface: pygame.Surface, rect: pygame.Rect,
             days: Sequence[tuple[str, int, int, int]], other: str = "Drawn") -> None:
    """Results per day: (date, won, lost, drawn) oldest first, stacked bars."""
    plot = frame(surface, rect, f"Last {len(days)} days",
                 list(zip(("Won", "Lost", other), RESULT_COLOURS)))
    most = max((sum(day[1:]) for day in days), default=0)
    if not most:
        empty(surface, plot)
        return
    plot = pygame.Rect(plot.left + 40, plot.top, plot.width - 40, plot.height - 34)
    step = plot.width / len(days)
    pygame.draw.line(surface, ui.LINE, plot.bottomleft, plot.bottomright, 2)
    ui.label(surface, str(most), (plot.left - 10, plot.top), LABEL, ui.MUTED, anchor="topright")
    ui.label(surface, "0", (plot.left - 10, plot.bottom), LABEL, ui.MUTED, anchor="midright")
    for n, (_, *counts) in enumerate(days):
        bottom = plot.bottom
        for count, colour in zip(counts, RESULT_COLOURS):
            if not count:
                continue
            height = max(2, round(plot.height * count / most))
            bar = pygame.Rect(round(plot.left + n * step + 2), bottom - height,
                              max(2, round(step) - 4), height)
            pygame.draw.rect(surface, colour, bar)
            bottom -= height
    for n, anchor in ((0, "topleft"), (len(days) - 1, "topright")):
        day = datetime.date.fromisoformat(days[n][0])
        words = "Today" if n == len(days) - 1 else day.strftime("%d %b").lstrip("0")
        x = plot.left + (n + (1 if anchor == "topright" else 0)) * step
        ui.label(surface, words, (x, plot.bottom + 8), LABEL, ui.MUTED, anchor=anchor)


def line(surface: pygame.Surface, rect: pygame.Rect, title: str,
         values: Sequence[tuple[float, str]], median: tuple[float, str] | None,
         lower_is_better: bool) -> None:
    """(value, words) oldest first as a line, the better values higher, with the median as a
    dashed line; the best and worst values are named in the game's words."""
    middle = f"Median {median[1] or f'{median[0]:g}'}" if median is not None else "Median"
    plot = frame(surface, rect, title, [("Each game", ui.ACCENT),
                                        (fitted(middle, LABEL, rect.width // 2), ui.MUTED)])
    if len(values) < 2:
        empty(surface, plot, "Two games are needed for a line")
        return
    numbers = [value for value, _ in values]
    low, high = min(numbers), max(numbers)
    span = (high - low) or 1.0
    best = min(values) if lower_is_better else max(values)
    worst = max(values) if lower_is_better else min(values)
    names = [words or f"{value:g}" for value, words in (best, worst)]
    margin = min(plot.width // 3,     # room for the best and worst values' words
                 max(ui.assets.font(LABEL).size(name)[0] for name in names) + 12)
    plot = pygame.Rect(plot.left + margin, plot.top + 6, plot.width - margin, plot.height - 40)

    def y_of(value: float) -> float:
        share = (value - low) / span
        return plot.bottom - (1 - share if lower_is_better else share) * plot.height

    for name, anchor in zip(names, ("topright", "bottomright")):
        ui.label(surface, fitted(name, LABEL, margin - 12), (plot.left - 12,
                 plot.top if anchor == "topright" else plot.bottom), LABEL, ui.MUTED,
                 anchor=anchor)
    pygame.draw.line(surface, ui.LINE, plot.bottomleft, plot.bottomright, 2)
    step = plot.width / (len(values) - 1)
    points = [(plot.left + n * step, y_of(value)) for n, value in enumerate(numbers)]
    if median is not None:
        y = y_of(median[0])
        x = plot.left
        while x < plot.right:
            pygame.draw.line(surface, ui.MUTED, (x, y), (min(x + 14, plot.right), y), 2)
            x += 26
    pygame.draw.lines(surface, ui.ACCENT, False, points, 3)
    for point in points:
        pygame.draw.circle(surface, ui.ACCENT, point, 5)
    ui.label(surface, f"{len(values)} games ago", (plot.left, plot.bottom + 8), LABEL,
             ui.MUTED)
    ui.label(surface, "last game", (plot.right, plot.bottom + 8), LABEL, ui.MUTED,
             anchor="topright")


def level_bars(surface: pygame.Surface, rect: pygame.Rect, groups: Sequence[Group],
               words: Callable[[str], str], most_rows: int = 6) -> None:
    """Against the computer: a bar per level, won / drawn / lost in proportion, with counts.
    `words(name)` names a level."""
    plot = frame(surface, rect, "Against the computer",
                 list(zip(("Won", "Lost", "Drawn"), (ui.GOOD, ui.BAD, ui.MUTED))))
    groups = [group for group in groups if group.played][:most_rows]
    if not groups:
        empty(surface, plot)
        return
    pitch = min(56, plot.height // len(groups))
    names = [words(group.name) for group in groups]       # as wide as the longest, within reason
    label_w = min(max(170, *(ui.assets.font(LABEL + 2).size(name)[0] + 20 for name in names)),
                  plot.width * 2 // 5)
    counts = [record_text(group.won, group.lost, group.drawn) for group in groups]
    counts_x = rect.right - 28           # the counts end here; the bars stop short of the widest
    bar_end = counts_x - max(ui.assets.font(LABEL + 2).size(text)[0] for text in counts) - 16
    for n, group in enumerate(groups):
        y = plot.top + n * pitch
        ui.label(surface, fitted(names[n], LABEL + 2, label_w - 10),
                 (plot.left, y + pitch // 2), LABEL + 2, ui.TEXT, anchor="midleft")
        bar = pygame.Rect(plot.left + label_w, y + 8, max(0, bar_end - plot.left - label_w),
                          pitch - 16)
        pygame.draw.rect(surface, ui.BG_DEEP, bar, border_radius=6)
        x = bar.left
        for count, colour in ((group.won, ui.GOOD), (group.lost, ui.BAD),
                              (group.drawn, ui.MUTED)):
            width = round(bar.width * count / group.played)
            if width:
                pygame.draw.rect(surface, colour, (x, bar.top, width, bar.height))
            x += width
        ui.label(surface, counts[n], (counts_x, y + pitch // 2), LABEL + 2, ui.TEXT,
                 anchor="midright")


def fitted(words: str, size: int, width: int, bold: bool = False) -> str:
    """The words, shortened with an ellipsis if they are wider than `width` at `size`."""
    face = ui.assets.font(size, bold)
    if face.size(words)[0] <= width:
        return words
    whole = words
    while words and face.size(words + "...")[0] > width:
        words = words[:-1]
    if survey.current is not None:
        survey.current.cut(whole, words.rstrip() + "...")
    return words.rstrip() + "..."
