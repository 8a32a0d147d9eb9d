"""Review of a finished two-player game: step through it both ways on the game's own board
(the frame of playback.py), every move graded from the solved tables
(games/core/kit/grading.py), the turning points marked with the best move drawn on the board,
and a graph of the value across the game. Grading runs in a Job (Kono's table is read on the
way); stepping works meanwhile.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit import grading, registry
from games.core.kit.actions import Act, Action
from games.core.kit.grading import GradedMove, Verdict
from games.core.kit.levels import DRAW, LOSS, WIN
from games.core.kit.session import Change, Session
from games.core.screens import charts, hud, ui
from games.core.screens.frame import Frame
from games.core.screens.modes import LOOK
from games.core.screens.playback import ROW, Entry, Playback

if TYPE_CHECKING:
    from games.core.loop.app import App

GHOST = (120, 200, 255)         # the best move's arrow
# The board's play options: two people, no teaching view, heaps as the game ID has them.
BOARD_OPTIONS = {"opponent": "human", "teach": False, "edited": True}


class ReviewScene(Playback):
    """A finished game of `key` from its game ID and its moves (as the history keeps them)."""

    def __init__(self, app: App, key: str, game_id: str, moves: Sequence[str],
                 title: str = "") -> None:
        self.line = grading.played_line(moves)
        session = Session.from_id(game_id)     # GameError: the caller says why
        if session.key != key:
            raise ValueError(f"a game ID of {session.key}, not {key}")
        for text in self.line:
            session.apply(text)
        game = registry.lookup(key)
        versus = game.parts().versus
        if versus is None:
            raise ValueError(f"{key} is not a two-player game: it has no review")
        self.ai = versus.analysis
        frame = Frame(app, session, dict(BOARD_OPTIONS), mode=LOOK)
        self.graded: list[GradedMove] | None = None
        super().__init__(app, session, frame,
                         title or f"{registry.lookup(key).title}: review")
        self.job = app.jobs.start(grading.grade_game, self.rules, self.ai.graded_moves,
                                  session.initial, self.line)

    def show_jump(self, change: Change[Any, Any]) -> None:
        self.frame.board.rest()

    def side_name(self, side: int) -> str:
        versus = self.frame.versus
        return versus.side_name(side) if versus is not None else str(side)

    def turning_points(self) -> list[int]:
        return [n for n, move in enumerate(self.graded or ()) if move.turning]

    def next_turning(self, direction: int) -> None:
        """To the position before the next (or previous) turning point."""
        points = self.turning_points()
        ahead = [n for n in points if n > self.position] if direction > 0 else \
            [n for n in points if n < self.position]
        if ahead:
            self.go_to(ahead[0] if direction > 0 else ahead[-1])

    # --- input ----------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        return [*self.stepping(),
                ("Next turning point", lambda: self.next_turning(1),
                 lambda: any(n > self.position for n in self.turning_points()), 400)]

    def handle_own(self, action: Action) -> bool:
        if action.kind in (Act.NEXT, Act.PREV):     # Tab, the triggers: the turning points
            self.next_turning(1 if action.kind == Act.NEXT else -1)
            return True
        return False

    def press_graph(self, pos: tuple[int, int]) -> None:
        if self.graded is not None:
            self.go_to(self.graph_index(pos[0]))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.graded is None and self.job.done:
            if self.job.error is not None:
                raise self.job.error
            self.graded = list(self.job.result)

    # --- the graph --------------------------------------------------------------------------
    def graph_x(self, index: int) -> float:
        plot = self.plot()
        return plot.left + plot.width * index / max(1, self.end)

    def graph_index(self, x: int) -> int:
        plot = self.plot()
        return round((x - plot.left) / max(1, plot.width) * self.end)

    # --- drawing ----------------------------------------------------------------------------
    def coming(self) -> GradedMove | None:
        """The graded move about to be played from the position on show."""
        if self.graded is None or self.position >= len(self.graded):
            return None
        return self.graded[self.position]

    def decorate(self, canvas: pygame.Surface) -> None:
        """The best move of a turning point coming next, on the board."""
        coming = self.coming()
        if coming is not None and coming.best is not None and not self.frame.tweens.busy:
            best = self.rules.decode_move(coming.best)
            ghost_arrow(canvas, self.frame.board.best_path(self.session.state, best))

    def words(self, text: str) -> str:
        versus = self.frame.versus
        move = self.rules.decode_move(text)
        return versus.played_words(move) if versus is not None else \
            str(self.frame.board.move_words(move))

    def draw_panel(self, surface: pygame.Surface) -> None:
        box = self.layout.panel
        left, width, y = self.panel_heading(surface)
        if self.graded is None:
            ui.label(surface, "Grading every move...", (left, y), ROW, ui.MUTED)
            return
        if self.position:
            y = self.draw_move(surface, self.graded[self.position - 1], "Played", left, width, y)
        coming = self.coming()
        if coming is not None:
            y = self.draw_move(surface, coming, "Next", left, width, y + 12)
        elif self.frame.over:
            ui.label(surface, charts.fitted(self.frame.ending.title(), ROW, width, True),
                     (left, y + 12), ROW, ui.TEXT, bold=True)
            ui.fit_text(surface, self.frame.ending.reason(), (left, y + 56, width, 80), ROW,
                        ui.MUTED, align="left")
        else:
            ui.label(surface, "The moves kept end here", (left, y + 12), ROW, ui.MUTED)
        turning = len(self.turning_points())
        summary = "No turning points: every move kept its value" if not turning else \
            f"{turning} turning point{'s' if turning != 1 else ''} (marked red)"
        ui.fit_text(surface, summary, (left, box.bottom - 140, width, 44), ui.SMALL, ui.MUTED,
                    align="left", max_lines=1)
        keys = self.keys_words("Click the graph to jump there",
                             "Left / Right step, Home / End, Tab: turning points",
                             "D-pad steps, LB / RB: start / end, triggers: turning points")
        ui.fit_text(surface, keys, (left, box.bottom - 92, width, 72), ui.SMALL, ui.MUTED,
                    align="left")

    def draw_move(self, surface: pygame.Surface, move: GradedMove, heading: str, left: int,
                  width: int, y: int) -> int:
        """A move's heading, grades before and after, and the best move of a turning point;
        returns the y below it."""
        side = self.side_name(move.mover)
        ui.fit_text(surface, f"{heading}: {side}, {self.words(move.move)}",
                    (left, y - 4, width, 42), ROW, ui.TEXT, bold=True, align="left", max_lines=1)
        y += 46
        grades = [(words, hud.grade_words(verdict.value, verdict.plies),
                   hud.grade_colour(verdict.value))
                  for words, verdict in (("before", move.before), ("after", move.after))]
        # The two grades on one line, smaller where the panel is narrow for them (Large text).
        size = next((size for size in range(ui.SMALL, ui.MIN_TEXT + 2, -2)
                     if chips_width(grades, size) <= width), ui.MIN_TEXT + 2)
        x = left
        for words, grade, colour in grades:
            tag = ui.label(surface, words, (x, y + 18), size - 2, ui.MUTED, anchor="midleft")
            chip = hud.chip(surface, grade, (tag.right + 10, y + 18), colour, size,
                            anchor="midleft")
            x = chip.right + 24
        y += 48
        if move.best is not None:
            ui.label(surface, "Turning point", (left, y), ROW, ui.BAD, bold=True)
            ui.fit_text(surface, f"Best: {self.words(move.best)}", (left, y + 34, width, 42),
                        ROW, GHOST, bold=True, align="left", max_lines=1)
            y += 80
        return y

    def draw_graph(self, surface: pygame.Surface) -> None:
        box = self.layout.graph
        names = [(f"{self.side_name(0)} wins", hud.grade_colour(WIN)),
                 ("Draw", hud.grade_colour(DRAW)),
                 (f"{self.side_name(1)} wins", hud.grade_colour(LOSS))]
        ui.panel(surface, box, ui.PANEL, radius=18)
        ui.label(surface, "The value of the game, move by move", (box.left + 28, box.top + 18),
                 charts.TITLE_SIZE, ui.TEXT, bold=True)
        plot = self.plot()
        if self.graded is None:
            charts.empty(surface, plot, "Grading...")
            return
        levels = {WIN: plot.top, DRAW: plot.centery, LOSS: plot.bottom}
        for (name, colour), y in zip(names, levels.values()):
            pygame.draw.line(surface, ui.LINE, (plot.left, y), (plot.right, y), 1)
            ui.label(surface, charts.fitted(name, charts.LABEL, 220), (plot.left - 16, y),
                     charts.LABEL, colour, anchor="midright")
        points = [(self.graph_x(n), levels[value.value])
                  for n, value in enumerate(grading.values(self.graded))]
        if len(points) > 1:
            pygame.draw.lines(surface, ui.ACCENT, False, points, 3)
        x = self.graph_x(self.position)
        pygame.draw.line(surface, ui.TEXT, (x, plot.top - 12), (x, plot.bottom + 12), 2)
        for n in self.turning_points():     # marked at the position the move made
            pygame.draw.circle(surface, ui.BAD, points[n + 1], 9)
        pygame.draw.circle(surface, ui.TEXT, points[self.position], 7)
        value = grading.values(self.graded)[self.position]
        ui.label(surface, now_words(value, self.side_name(0)),
                 (box.right - 28, box.top + 22), charts.LABEL, ui.MUTED, anchor="topright")


def chips_width(grades: list[tuple[str, str, tuple[int, int, int]]], size: int) -> int:
    """How wide the row of grades is with its words at `size` (hud.chip's box and gaps)."""
    return sum(ui.assets.font(size - 2).size(words)[0] + 10 + hud.chip_size(grade, size)[0] + 24
               for words, grade, _ in grades) - 24


def now_words(value: Verdict, first: str) -> str:
    return f"Here: {hud.grade_words(value.value, value.plies)} for {first}"


def ghost_arrow(surface: pygame.Surface, points: Sequence[tuple[float, float]]) -> None:
    """A see-through arrow along `points` with a head at the last one."""
    if len(points) < 2:
        return
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    bounds = pygame.Rect(min(xs) - 40, min(ys) - 40, max(xs) - min(xs) + 80,
                         max(ys) - min(ys) + 80)
    layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
    local = [(x - bounds.left, y - bounds.top) for x, y in points]
    colour = (*GHOST, 170)
    pygame.draw.lines(layer, colour, False, local[:-1] + [shorten(local[-2], local[-1], 24)], 14)
    (ax, ay), (bx, by) = local[-2], local[-1]
    angle = math.atan2(by - ay, bx - ax)
    head = [(bx, by)] + [(bx - 38 * math.cos(angle + turn), by - 38 * math.sin(angle + turn))
                         for turn in (0.5, -0.5)]
    pygame.draw.polygon(layer, colour, head)
    surface.blit(layer, bounds)


def shorten(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """b moved `by` back towards a (so the line ends inside the arrow's head)."""
    length = math.dist(a, b) or 1.0
    return b[0] - (b[0] - a[0]) * by / length, b[1] - (b[1] - a[1]) * by / length
