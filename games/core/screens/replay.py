"""The replay of a finished puzzle (a one-player game), from the history: its start, then the
player's moves one by one on the game's own board (the frame of playback.py, as the Review of
a two-player game), each with the game's clock when it was made and the gap since the move
before (games/core/kit/timings.py). Play steps through it in real time or faster (x1, x4,
x16), a long think cut to two seconds at x1 (its real time still shown); a bar for each move
below shows how long it took, and a click on it jumps there.

Keys beyond the frame's (Left / Right step, Home / End, LB / RB jump, Esc closes): Space or
Enter (A) plays and pauses, Up / Down (d-pad, stick) change the speed. A step or a jump by
hand pauses the playing.
"""
from __future__ import annotations

from typing import Any

import pygame

from games.core.data import history
from games.core.kit import registry, timings
from games.core.kit.actions import Act, Action
from games.core.kit.results import SOLVE_FINISHED
from games.core.kit.saves import RESTART
from games.core.kit.session import Change, Session
from games.core.kit.timings import SPEEDS, clock_words, gap_words
from games.core.loop.app import App
from games.core.screens import charts, ui
from games.core.screens.frame import Frame
from games.core.screens.modes import LOOK
from games.core.screens.playback import ROW, Entry, Playback

FRAME = 0.1             # while playing, the timeline's cursor moves this often (seconds)
NO_TIMES = "Played before move times were kept: replayed without times."
SHORTENED = (f"A think over {timings.LONGEST_PAUSE:g} s plays in {timings.LONGEST_PAUSE:g} s at "
             "x1; the times shown are the real ones.")


def replayed_session(game: history.Game) -> Session[Any, Any, Any]:
    """The game's Session with every move made, read as a save is read (so a row whose moves
    no longer replay raises GameError, saying why)."""
    session = Session.from_id(game.game_id)
    if session.key != game.game:
        raise ValueError(f"a game ID of {session.key}, not {game.game}")
    save: Any = session.to_json()
    save.update(moves=list(game.moves), position=len(game.moves),
                elapsed=game.duration or 0.0, record=dict(game.record))
    return Session.from_json(save, game.game)


class ReplayScene(Playback):
    """A finished puzzle of the history (`game`), from its start."""

    def __init__(self, app: App, game: history.Game, title: str = ""):
        session = replayed_session(game)
        self.game = game
        self.timings = timings.timings(game.times, len(game.moves))
        self.clock = 0.0                 # where the playing is, on the schedule (seconds)
        self.playing = False
        self.speed = 0                   # an index of SPEEDS
        self.advancing = False           # the playing makes the step (it keeps the clock)
        frame = Frame(app, session, {}, mode=LOOK)
        # Its ending as it was played: the computer's where Solve ended it (the record).
        frame.solver.finished = session.count(SOLVE_FINISHED) > 0
        super().__init__(app, session, frame,
                         title or f"{registry.lookup(game.game).title}: replay")

    # --- playing ----------------------------------------------------------------------------
    def toggle_play(self) -> None:
        """Play from here (from the start when at the end), or pause."""
        if self.playing:
            self.playing = False
        else:
            if self.position >= self.end:
                self.go_to(0)
            self.playing = True
        self.play_button.words = self.play_words()

    def play_words(self) -> str:
        return "Pause" if self.playing else "Play"

    def change_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        self.speed_button.words = self.speed_words()

    def next_speed(self) -> None:
        """The speed button: x1, x4, x16, then x1 again."""
        self.change_speed(1 if self.speed < len(SPEEDS) - 1 else -self.speed)

    def speed_words(self) -> str:
        return f"Speed x{SPEEDS[self.speed]}"

    def moved(self) -> None:
        """A step or a jump by hand pauses, and the playing goes on from there."""
        if not self.advancing:
            self.playing = False
            self.clock = self.timings.schedule[self.position]
            self.play_button.words = self.play_words()
        at = self.timings.at[self.position]
        if self.position == self.end:
            at = self.game.duration
        self.session.elapsed = at or 0.0

    def show_jump(self, change: Change[Any, Any]) -> None:
        """A jump animates as a restart does: from the old position to the new."""
        if change.old != change.new:
            self.frame.show(change)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        self.clock += dt * SPEEDS[self.speed]
        target = self.timings.position_at(self.clock)
        self.advancing = True
        try:
            while self.position < min(target, self.end):
                self.step(1)
        finally:
            self.advancing = False
        if self.position >= self.end:
            self.playing = False
            self.play_button.words = self.play_words()

    def next_change(self) -> float | None:
        """While playing: the next move, and the timeline's cursor every FRAME seconds."""
        if not self.playing or self.position >= self.end:
            return None
        wait = (self.timings.schedule[self.position + 1] - self.clock) / SPEEDS[self.speed]
        return max(0.0, min(FRAME, wait))

    # --- input ----------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        start, back, forward, end = self.stepping()
        return [start, back, ("Play", self.toggle_play, lambda: self.end > 0, 200), forward,
                end, ("Speed x1", self.next_speed, lambda: True, 240)]

    def buttons(self) -> list[ui.Button]:
        buttons = super().buttons()
        self.play_button = next(b for b in buttons if b.words == "Play")
        self.speed_button = next(b for b in buttons if b.words == "Speed x1")
        return buttons

    def first_focus(self) -> int:
        return 2                                    # Play

    def handle_own(self, action: Action) -> bool:
        kind = action.kind
        if kind == Act.CONFIRM:                     # Space, Enter, A: play or pause
            self.menu.focus = self.menu.widgets.index(self.play_button)
            self.toggle_play()
        elif kind == Act.MOVE and action.dy:        # Up / Down: faster, slower
            self.change_speed(-action.dy)
        else:
            return False
        return True

    def press_graph(self, pos: tuple[int, int]) -> None:
        self.go_to(self.graph_index(pos[0]))

    # --- the bars: how long each move took ------------------------------------------------------
    def graph_x(self, position: int) -> float:
        """The middle of the bar of the move that made `position` (the start: the left edge)."""
        plot = self.plot()
        return plot.left + plot.width * (position - 0.5) / max(1, self.end) if position else \
            float(plot.left)

    def graph_index(self, x: int) -> int:
        plot = self.plot()
        return max(0, min(self.end, int((x - plot.left) / max(1, plot.width) * self.end) + 1))

    def draw_graph(self, surface: pygame.Surface) -> None:
        box, plot, times = self.layout.graph, self.plot(), self.timings
        ui.panel(surface, box, ui.PANEL, radius=18)
        title = "How long each move took" if times.kept else "The moves (no times kept)"
        ui.label(surface, title, (box.left + 28, box.top + 18), charts.TITLE_SIZE, ui.TEXT,
                 bold=True)
        gaps = [times.gap(n) for n in range(1, self.end + 1)]
        tallest = max((gap for gap in gaps if gap is not None), default=0.0) or 1.0
        if times.kept:
            for words, y in ((gap_words(tallest)[1:], plot.top), ("0 s", plot.bottom)):
                ui.label(surface, words, (plot.left - 16, y), charts.LABEL, ui.MUTED,
                         anchor="midright")
        pygame.draw.line(surface, ui.LINE, plot.bottomleft, plot.bottomright, 1)
        width = plot.width / max(1, self.end)
        longest = times.longest()
        for n, gap in enumerate(gaps, start=1):
            left = plot.left + width * (n - 1)
            height = max(3, round(plot.height * gap / tallest)) if gap is not None else 6
            colour = ui.TEXT if n == self.position else ui.BAD if n == longest else \
                ui.ACCENT if n < self.position else ui.LINE
            pygame.draw.rect(surface, colour, (round(left + width * 0.15),
                                               plot.bottom - height,
                                               max(1, round(width * 0.7)), height))
        x = self.graph_x(self.position) if not self.playing else \
            self.cursor_x()
        pygame.draw.line(surface, ui.TEXT, (x, plot.top - 12), (x, plot.bottom + 12), 2)
        ui.label(surface, f"Move {self.position} of {self.end}",
                 (box.right - 28, box.top + 22), charts.LABEL, ui.MUTED, anchor="topright")

    def cursor_x(self) -> float:
        """While playing: between the bar of the move shown and the next, as the clock goes."""
        schedule = self.timings.schedule
        if self.position >= self.end:
            return self.graph_x(self.position)
        here, then = schedule[self.position], schedule[self.position + 1]
        share = 0.0 if then <= here else min(1.0, (self.clock - here) / (then - here))
        return self.graph_x(self.position) + share * (self.graph_x(self.position + 1) -
                                                      self.graph_x(self.position))

    # --- the panel ----------------------------------------------------------------------------
    def move_words(self, position: int) -> str:
        text = self.session.entries[position][1]
        if text is None or text == RESTART:
            return "Restarted"
        return str(self.frame.board.move_words(self.rules.decode_move(text)))

    def draw_panel(self, surface: pygame.Surface) -> None:
        box, times = self.layout.panel, self.timings
        left, width, y = self.panel_heading(surface)
        if self.position:
            ui.fit_text(surface, self.move_words(self.position), (left, y, width, 80), ROW,
                        ui.TEXT, bold=True, align="left")
        y += 92
        rows = [("Clock", clock_words(times.at[self.position])),
                ("Since the move before", gap_words(times.gap(self.position)))]
        if times.kept:
            longest = times.longest()
            rows.append(("Longest think", "-" if longest is None else
                         f"move {longest}, {gap_words(times.gap(longest))}"))
        rows.append(("Played in", clock_words(self.game.duration)))
        for name, value in rows if times.kept else rows[-1:]:
            named = ui.label(surface, name, (left, y), ROW, ui.MUTED, anchor="midleft")
            ui.fit_text(surface, value, (named.right + 24, y - 20, left + width - named.right - 24,
                                         40), ROW, ui.TEXT, bold=True, align="right",
                        max_lines=1)
            y += 44
        if not times.kept:
            ui.fit_text(surface, NO_TIMES, (left, y - 20, width, 72), ROW, ui.MUTED,
                        align="left")
            y += 64
        state = f"Playing, x{SPEEDS[self.speed]}" if self.playing else \
            f"Paused (x{SPEEDS[self.speed]})"
        ui.label(surface, state, (left, y + 8), ROW, ui.ACCENT, bold=True, anchor="midleft")
        if self.position == self.end and self.frame.over:
            ui.label(surface, charts.fitted(self.frame.ending.title(), ROW, width, True),
                     (left, y + 52), ROW, ui.TEXT, bold=True, anchor="midleft")
        if any(times.shortened(n) for n in range(1, self.end + 1)):
            ui.fit_text(surface, SHORTENED, (left, box.bottom - 164, width, 68), ui.SMALL,
                        ui.MUTED, align="left")
        keys = self.keys_words("Click a bar to jump to its move",
                               "Space plays or pauses, Up / Down: speed, Left / Right step, "
                               "Home / End",
                               "A plays or pauses, up / down: speed, left / right step, "
                               "LB / RB: start / end")
        ui.fit_text(surface, keys, (left, box.bottom - 92, width, 72), ui.SMALL, ui.MUTED,
                    align="left")
