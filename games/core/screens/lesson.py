"""The lesson player: one for every game. It puts each step's position on the game's own scene
(its real class, so its drawing, controls and animations are the game's), draws the step's
words, its highlights and the progress dots, and gates the player's moves to the step through
games/core/kit/lesson.py's judge: a wrong try is answered with why, and the step stays.
Show me (H, Y) plays the step; Esc leaves; a finished lesson is remembered in the settings.

A game supplies its lesson data (games/<key>/lesson.py) and, for highlights, a hook on its
scene: lesson_spot(thing) -> the pygame.Rect round a board thing (a cell, a point, a heap),
and `round_spots = True` when its pieces are round.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Command
from games.core.kit.lesson import Lesson, Step, Verdict, judge, session_for
from games.core.kit.session import Change
from games.core.loop.app import App, Scene
from games.core.screens import ui
from games.core.screens.frame import Frame
from games.core.screens.hud import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens.launch import colour_words
from games.core.screens.modes import LESSON
from games.core.screens.overlays import HelpScene

DWELL = 1.2           # seconds a reached step stays on show before the next
RING = 6              # a highlight's ring, pixels


def lesson_of(key: str) -> Lesson:
    lesson = registry.lookup(key).parts().lesson()
    if lesson is None:
        raise KeyError(f"{key} has no lesson")
    return lesson


class LessonScene(Scene):
    """A game's lesson on its own frame; the scene is the frame's Gate (modes.Gate, kept by
    its four methods, not by a second base): every move passes judge() first."""

    def __init__(self, app: App, key: str,
                 new_game: Callable[[], None] | None = None) -> None:
        """new_game: what "Play a game" starts after the lesson (the setup screen's New game
        when it opened the lesson; else the lesson just closes)."""
        super().__init__(app)
        self.key, self.new_game = key, new_game
        self.info = registry.lookup(key)
        self.lesson = lesson_of(key)
        self.rules = self.info.rules
        width, height = app.size
        entries = [("Leave (Esc)", self.leave), ("Show me (H)", self.show_me),
                   ("Rules (F1)", self.open_rules)]
        buttons, x = [], 30
        for words, callback in entries:
            w = max(160, ui.assets.font(ui.SMALL, True).size(words)[0] + 40)
            buttons.append(ui.Button((x, height - TOOLBAR_HEIGHT + 16, w, 68), words, callback,
                                     size=ui.SMALL))
            x += w + 12
        self.toolbar = ui.Menu(buttons)
        self.finish_menu: ui.Menu | None = None
        self.wrong_tries = 0          # this step's, and the lesson's
        self.tries_in_lesson = 0
        self.refusal = False          # the board's message is a refusal (drawn as one)
        self.begin(0)

    # --- the steps -------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def steps(self) -> int:
        return len(self.lesson.steps)

    def begin(self, index: int) -> None:
        """Put step `index`'s position on a fresh frame of the game's own board, in the
        lesson's mode (no clock, no result, nothing saved), with this lesson as its gate."""
        self.index, self.passed, self.dwell = index, False, DWELL
        self.completed = False
        self.finish_menu = None
        self.wrong_tries = 0
        step = self.step
        session = session_for(self.key, step)
        options: dict[str, Any] = {"opponent": "human"} if self.info.players == 2 else {}
        options.update(dict(step.options))
        self.game = Frame(self.app, session, options, mode=LESSON, gate=self)
        self.letters = self.game.letters       # the game's command letters reach its board

    def admit(self, move: Any) -> bool:
        """The gate: True lets the move be played (it reaches the step); otherwise the
        player is told why, with the wrong sound, and nothing changes."""
        if self.passed or self.completed:
            return False
        verdict, words = judge(self.rules, self.step, self.game.state, move)
        if verdict == Verdict.GOAL:
            return True
        self.game.refuse(colour_words(self.key, words))
        return False

    def said(self) -> None:
        self.refusal = False

    def refused(self, words: str) -> None:
        self.refusal = True
        self.wrong_tries += 1
        self.tries_in_lesson += 1

    def reached(self, change: Change[Any, Any]) -> None:
        self.passed, self.dwell = True, DWELL
        self.refusal = False
        self.game.say(colour_words(self.key, self.step.praise))

    def show_me(self) -> None:
        """Play the step for the player, with the game's own animation."""
        if self.passed or self.completed:
            return
        self.game.tweens.finish_all()
        self.game.board.cancel()       # drop a piece in hand, so the move starts clean
        self.game.play(self.rules.decode_move(self.step.shown_move))

    def finish(self) -> None:
        self.completed = True
        done = self.app.settings.setdefault("lessons", {})
        if not done.get(self.key):
            done[self.key] = True
            self.app.save_settings()
        cx, cy = self.app.size[0] // 2, self.app.size[1] // 2
        self.finish_menu = ui.Menu(ui.button_column(
            [("Play a game", self.play_a_game), ("Play the lesson again", self.again),
             ("Back", self.leave)], cx, cy - 20, width=560, height=76, gap=16))
        self.app.audio.play("win")

    def again(self) -> None:
        self.tries_in_lesson = 0
        self.begin(0)

    def play_a_game(self) -> None:
        """Back to the game's setup screen that opened the lesson, and its New game: a game
        with the player's last choices."""
        self.app.pop(self)
        if self.new_game is not None:
            self.new_game()

    def leave(self) -> None:
        self.app.pop(self)

    def open_rules(self) -> None:
        self.app.push(HelpScene(self.app, self.key))

    # --- input -----------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        kind = action.kind
        if self.finish_menu is not None:
            if kind in (Act.CANCEL, Act.MENU):
                self.leave()
            else:
                self.finish_menu.handle(action)
            return
        if kind in (Act.PRESS, Act.POINT) and action.pos and \
                action.pos[1] >= self.app.size[1] - TOOLBAR_HEIGHT:
            if self.toolbar.handle(action) or kind == Act.PRESS:
                return
        if kind in (Act.CANCEL, Act.MENU):
            if kind == Act.MENU or not self.game.board.cancel():
                self.leave()
        elif kind == Act.HINT:
            self.show_me()
        elif kind == Act.HELP:
            self.open_rules()
        elif kind in (Act.UNDO, Act.REDO):
            self.game.say("A lesson has nothing to undo: a wrong try changes nothing.")
            self.refusal = False
        elif not self.passed and kind == Act.COMMAND and isinstance(action.value, Command):
            self.game.run_command(action.value)        # e.g. DeducTile's G: a guess
        elif not self.passed:
            self.game.handle_board(action)

    def demo_step(self) -> None:
        """The scripted player: each step by Show me, as soon as the board is still."""
        if not self.passed and not self.completed and not self.game.tweens.busy:
            self.show_me()

    # --- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.game.update(dt)
        if self.passed and not self.completed and not self.game.tweens.busy:
            self.dwell -= dt
            if self.dwell <= 0:
                if self.index + 1 < self.steps:
                    self.begin(self.index + 1)
                else:
                    self.finish()

    def next_change(self) -> float | None:
        if self.passed and not self.completed:
            return 0.0 if self.game.tweens.busy else max(0.0, self.dwell)
        return self.game.next_change()

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.game.draw_play_area(surface)
        if not self.passed and not self.completed:
            self.draw_highlights(surface)
        self.draw_band(surface)
        self.draw_toolbar(surface)
        if self.finish_menu is not None:
            self.draw_finish(surface)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        board = self.game.board
        for thing in self.step.highlights:
            rect = board.lesson_spot(thing)
            if rect is None:
                continue
            radius = min(rect.width, rect.height) // 2 if board.round_spots else 16
            pygame.draw.rect(surface, ui.SHADOW, rect.inflate(4, 4), RING + 4,
                             border_radius=radius + 2)
            pygame.draw.rect(surface, ui.ACCENT, rect, RING, border_radius=radius)

    def draw_band(self, surface: pygame.Surface) -> None:
        """The top band: the lesson's name, the step's words, the progress dots."""
        width = self.app.size[0]
        pygame.draw.rect(surface, ui.BG_DEEP, (0, 0, width, HUD_HEIGHT))
        title = ui.label(surface, f"Learn {self.info.title}", (40, HUD_HEIGHT // 2), ui.HEADING,
                         ui.TEXT, True, "midleft")
        dots = self.dots_rect()
        for n in range(self.steps):
            centre = (dots.left + 16 + n * 34, dots.centery)
            if n < self.index or (n == self.index and (self.passed or self.completed)):
                pygame.draw.circle(surface, ui.GOOD, centre, 10)
            elif n == self.index:
                pygame.draw.circle(surface, ui.ACCENT, centre, 12)
            else:
                pygame.draw.circle(surface, ui.LINE, centre, 10, 3)
        words = "Lesson complete." if self.completed else colour_words(self.key, self.step.say)
        left = title.right + 48
        ui.fit_text(surface, words, (left, 8, dots.left - 32 - left, HUD_HEIGHT - 16), ui.BODY,
                    ui.TEXT, align="left")

    def dots_rect(self) -> pygame.Rect:
        width = 34 * self.steps
        return pygame.Rect(self.app.size[0] - 40 - width, HUD_HEIGHT // 2 - 14, width, 28)

    def draw_toolbar(self, surface: pygame.Surface) -> None:
        width, height = self.app.size
        pygame.draw.rect(surface, ui.BG_DEEP, (0, height - TOOLBAR_HEIGHT, width, TOOLBAR_HEIGHT))
        pointer = pygame.mouse.get_pos()
        for button in self.toolbar.widgets:
            button.draw(surface, button.rect.collidepoint(pointer))
        game = self.game
        words = game.message if game.message_time > 0 else game.status_line()
        if not words:
            return
        left = self.toolbar.widgets[-1].rect.right + 30
        box = pygame.Rect(left, height - TOOLBAR_HEIGHT + 6, width - 40 - left, TOOLBAR_HEIGHT - 12)
        colour = ui.BAD if self.refusal and game.message_time > 0 else \
            ui.GOOD if self.passed else ui.TEXT
        ui.fit_text(surface, words, box, ui.SMALL + 2, colour, align="right")

    def draw_finish(self, surface: pygame.Surface) -> None:
        assert self.finish_menu is not None
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 190)), (0, 0))
        width, height = self.app.size
        box = pygame.Rect(0, 0, 900, 520)
        box.center = (width // 2, height // 2 + 40)
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        ui.fit_text(surface, "Lesson complete", (box.left + 40, box.top + 30, box.width - 80, 80),
                    ui.TITLE, ui.GOOD, bold=True, max_lines=1)
        ui.fit_text(surface, f"You know enough of {self.info.title} to play a whole game.",
                    (box.left + 40, box.top + 110, box.width - 80, 60), ui.BODY, ui.TEXT)
        self.finish_menu.draw(surface)
