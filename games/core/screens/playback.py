"""A finished game on its own board, stepped both ways: the frame the Review of a two-player
game (review.py) and the Replay of a puzzle (replay.py) share.

The board is the game's own, on a frame made to look only (games/core/screens/frame.py's
LOOK mode: no cursor, no clock of its own, nobody plays, nothing recorded): its Session holds
the game's moves, stepping is the Session's undo and redo, and the board animates each Change
from (old, new, direction) as in play. The frame is never on the App's stack: this screen
draws the board, its calm parts and what moves over them, into a picture of the screen and
shows that, smaller, beside its panel, with a graph of the game below (a click on it jumps
there).

The keys are the same in both: Left / Right (d-pad, wheel) step, Home / End (LB / RB) jump to
the start or the end, Esc (B) closes; each subclass adds its own (`handle_own`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.core.kit.actions import Act, Action
from games.core.kit.results import plural
from games.core.kit.session import Change, Session
from games.core.loop import survey
from games.core.loop.app import App, Scene
from games.core.screens import charts, hud, ui
from games.core.screens.frame import Frame

ROW = ui.SMALL + 2
# A button of the frame's row: (words, on_click, enabled, width)
Entry = tuple[str, Callable[[], None], Callable[[], bool], int]


class Layout:
    """Where the frame's parts go on a screen of `size` (the logical size)."""

    def __init__(self, size: tuple[int, int]):
        width, height = size
        self.content = pygame.Rect(0, hud.HUD_HEIGHT, width,
                                   height - hud.HUD_HEIGHT - hud.TOOLBAR_HEIGHT)
        board_width = round(width * 0.66)
        self.board = pygame.Rect(40, 112, board_width,
                                 round(board_width * self.content.height / width))
        self.panel = pygame.Rect(self.board.right + 24, 112, width - self.board.right - 64,
                                 self.board.height)
        self.graph = pygame.Rect(40, self.board.bottom + 20, width - 80,
                                 height - 120 - self.board.bottom - 20)
        self.buttons_top = height - 100


class Playback(Scene):
    """The game in `session` (its moves made, any position) on `frame`, its game's frame in
    LOOK mode built on that session, shown from the start."""

    def __init__(self, app: App, session: Session[Any, Any, Any], frame: Frame, title: str):
        super().__init__(app)
        self.session, self.frame, self.title = session, frame, title
        self.rules = session.rules
        self.layout = Layout(app.size)
        self.canvas = pygame.Surface(app.size, 0, app.screen)   # the screen's format, no copy
        self.menu = ui.Menu(self.buttons(), self.first_focus())
        self.go_to(0)

    # --- moving through the game --------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.session.position

    @property
    def end(self) -> int:
        return len(self.session.entries) - 1

    def go_to(self, position: int) -> None:
        """Jump there (Home, End, the graph): the board shows it at once, or animates the
        jump where the subclass does (`show_jump`)."""
        self.frame.tweens.finish_all()
        old, direction = self.session.state, 1 if position > self.position else -1
        self.session.position = max(0, min(self.end, position))
        self.moved()
        self.show_jump(Change(old, self.session.state, None, direction))

    def show_jump(self, change: Change[Any, Any]) -> None:
        """A jump has put another position on the board (default: shown as it is)."""

    def step(self, direction: int) -> None:
        """One move forward or back, animated by the game's scene."""
        self.frame.tweens.finish_all()
        change = self.session.redo() if direction > 0 else self.session.undo()
        if change is not None:
            self.moved()
            self.frame.show(change)
            self.app.audio.play("move")

    def moved(self) -> None:
        """The position changed (a step or a jump)."""

    def close(self) -> None:
        self.frame.tweens.finish_all()
        self.app.pop(self)

    # --- input ----------------------------------------------------------------------------
    def stepping(self) -> list[Entry]:
        """The frame's buttons: the start, a move back, a move forward, the end."""
        return [("Start", lambda: self.go_to(0), lambda: self.position > 0, 200),
                ("Back", lambda: self.step(-1), lambda: self.position > 0, 200),
                ("Forward", lambda: self.step(1), lambda: self.position < self.end, 220),
                ("End", lambda: self.go_to(self.end), lambda: self.position < self.end, 200)]

    def entries(self) -> list[Entry]:
        """The row of buttons left to right (Close is always at the right)."""
        return self.stepping()

    def first_focus(self) -> int:
        """The button the keyboard's focus starts on."""
        return 0

    def buttons(self) -> list[ui.Button]:
        top, width = self.layout.buttons_top, self.app.size[0]
        buttons, x = [], 40
        for words, action, enabled, w in self.entries():
            buttons.append(ui.Button((x, top + 12, w, 76), words, action, enabled, ui.SMALL))
            x += w + 16
        buttons.append(ui.Button((width - 280, top + 12, 240, 76), "Close", self.close,
                                 size=ui.SMALL))
        return buttons

    def handle(self, action: Action) -> None:
        kind = action.kind
        if self.handle_own(action):
            return
        if kind == Act.CANCEL:
            self.close()
        elif kind == Act.MOVE and action.dx:
            self.step(action.dx)
        elif kind == Act.EDGE:                      # Home / End
            self.go_to(0 if action.dy < 0 else self.end)
        elif kind in (Act.UNDO, Act.REDO):          # LB / RB: the start, the end
            self.go_to(0 if kind == Act.UNDO else self.end)
        elif kind == Act.WHEEL:
            self.step(action.dy)
        elif kind == Act.PRESS and action.pos is not None and \
                self.layout.graph.collidepoint(action.pos):
            self.press_graph(action.pos)
        else:
            self.menu.handle(action)

    def handle_own(self, action: Action) -> bool:
        """The subclass's own keys, before the frame's; True if it took the action."""
        return False

    def press_graph(self, pos: tuple[int, int]) -> None:
        """A click on the graph's box."""

    def update(self, dt: float) -> None:
        self.frame.update(dt)

    def next_change(self) -> float | None:
        return None

    # --- drawing ----------------------------------------------------------------------------
    def plot(self) -> pygame.Rect:
        """The graph's plotting area, inside its box (room for names on its left)."""
        box = self.layout.graph
        return pygame.Rect(box.left + 260, box.top + 70, box.width - 300, box.height - 100)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        ui.label(surface, charts.fitted(self.title, ui.HEADING, self.app.size[0] - 80, True),
                 (40, 30), ui.HEADING, ui.TEXT, bold=True)
        self.draw_board(surface)
        self.draw_panel(surface)
        self.draw_graph(surface)
        self.menu.draw(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's board draws on a picture of the screen, its calm parts and then what
        moves over them (`decorate` adds to it), and the part with the board is shown."""
        canvas, content = self.canvas, self.layout.content
        self.frame.draw_play_area(canvas)
        self.decorate(canvas)
        box = self.layout.board
        surface.blit(pygame.transform.smoothscale(canvas.subsurface(content), box.size), box)
        if survey.current is not None:
            survey.current.picture(surface, "the board", box, ui.BG,
                                   lambda: self.as_played(box.size))
        pygame.draw.rect(surface, ui.LINE, box, 2, border_radius=8)

    def as_played(self, size: tuple[int, int]) -> pygame.Surface:
        """The position as the game's own screen shows it, at `size`: what the board here
        is checked against while a survey records (games/core/loop/survey.py)."""
        whole = pygame.Surface(self.app.size, 0, self.canvas)
        self.frame.draw(whole)
        return pygame.transform.smoothscale(whole.subsurface(self.layout.content), size)

    def decorate(self, canvas: pygame.Surface) -> None:
        """Draw on the board's picture, in the board's own coordinates (the review's arrow)."""

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The panel beside the board."""

    def panel_heading(self, surface: pygame.Surface) -> tuple[int, int, int]:
        """The panel's box and its first line ("Move 3 of 17", or "The start (17 moves)");
        returns the left edge, the width and the y below it for the rest."""
        box = self.layout.panel
        ui.panel(surface, box, ui.PANEL)
        left, width = box.left + 28, box.width - 56
        heading = f"Move {self.position} of {self.end}" if self.position else \
            f"The start ({plural(self.end, 'move')})"
        ui.label(surface, heading, (left, box.top + 24), ui.BODY, ui.TEXT, bold=True)
        return left, width, box.top + 80

    def draw_graph(self, surface: pygame.Surface) -> None:
        """The graph below the board."""

    def keys_words(self, mouse: str, keyboard: str, pad: str) -> str:
        return hud.by_device(self.app.input.last_device, mouse, keyboard, pad)
