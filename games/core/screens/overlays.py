"""The screens over a game or the launcher: settings, and a game's rules and its controls (the
yes/no question is question.ConfirmScene)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import LETTERS, Act, Command
from games.core.kit.controls import controls_lines
from games.core.loop import palette
from games.core.loop.app import Scene
from games.core.screens import page, ui
from games.core.screens.launch import colour_words

if TYPE_CHECKING:
    from games.core.kit.actions import Action
    from games.core.loop.app import App

LEFT, TOP, ROW_WIDTH, ROW_HEIGHT, STEP = 460, 180, 1000, 68, 82   # the settings' rows


class MenuScreen(Scene):
    """A screen that is a Menu: Cancel goes back, everything else moves through the menu."""
    menu: ui.Menu

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.app.pop(self)
        else:
            self.menu.handle(action)


class SettingsScene(MenuScreen):
    """One column of settings (up and down reach every row with any device): the display and
    sound, then how the games look and play."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        on_off = ((True, "On"), (False, "Off"))
        volumes = tuple((v / 10, f"{v * 10}%") for v in range(11))

        def row(line: int, key: str, words: str, choices: Iterable[tuple[Any, str]],
                on_change: Callable[[Any], None] | None = None) -> tuple[str, ui.Stepper]:
            rect = (LEFT, TOP + line * STEP, ROW_WIDTH, ROW_HEIGHT)
            return key, ui.Stepper(rect, words, choices, on_change=on_change or self.setter(key))

        self.rows = [
            row(0, "fullscreen", "Display", ((True, "Full screen"), (False, "Window")),
                self.set_fullscreen),
            row(1, "volume", "Volume", volumes),
            row(2, "muted", "Sound", ((False, "On"), (True, "Muted"))),
            row(3, "animations", "Animations", on_off),
            row(4, "show_errors", "Show mistakes as they arise", on_off),
            row(5, "palette", "Colours", palette.NAMES),
            row(6, "text_size", "Text size", (("normal", "Normal"), ("large", "Large"))),
            row(7, "pace", "The computer's pace",
                (("brisk", "Brisk"), ("steady", "Steady"), ("slow", "Slow"))),
            row(8, "clock", "Clock in timed games", (("shown", "Shown"), ("hidden", "Hidden"))),
        ]
        self.show_settings()
        back = ui.Button((760, TOP + len(self.rows) * STEP + 12, 400, ROW_HEIGHT), "Back",
                         lambda: app.pop(self))
        self.menu = ui.Menu([choice for _, choice in self.rows] + [back])

    def setter(self, key: str) -> Callable[[object], None]:
        def set_value(value: object) -> None:
            self.app.settings[key] = value
            self.app.save_settings()
            if key in ("volume", "muted"):
                self.app.audio.play("select")
        return set_value

    def set_fullscreen(self, value: bool) -> None:
        if value != self.app.settings["fullscreen"]:
            self.app.toggle_fullscreen()

    def show_settings(self) -> None:
        for key, stepper in self.rows:
            value = self.app.settings.get(key)
            if key == "volume" and isinstance(value, (int, float)):
                value = min(10, max(0, round(value * 10))) / 10    # the nearest step shown
            stepper.select(value)

    def update(self, dt: float) -> None:
        """Show the settings as they are: F11 switches the display while this is open."""
        self.show_settings()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        ui.label(surface, "Settings", (self.app.size[0] // 2, 95), ui.TITLE, ui.TEXT, bold=True,
                 anchor="center")
        self.menu.draw(surface)


def controls_text(key: str) -> list[str]:
    """A game's Controls section, from the same table as its toolbar (its data's alternate
    action and commands, and the frame's keys)."""
    data = registry.lookup(key).data
    return controls_lines(data.alternate, data.commands, data.alternate_button)


RULES_FOOTER = ("Wheel, arrows, Page Up / Page Down, Home / End or the stick scroll;  "
                "Esc, Enter, a click or B go back")


class HelpScene(Scene):
    """A game's rules and the controls, in a view that scrolls (screens/page.py): wheel,
    arrows, d-pad or stick by lines; Page Up / Page Down, Tab or the triggers by pages; Home
    and End to either end; the scroll bar by dragging or clicking its track. Any other click,
    Esc, Enter, B or F1 goes back."""

    def __init__(self, app: App, key: str, learn: Callable[[], object] | None = None) -> None:
        """learn: opens the game's lesson (its button, or L), when the screen that opened this
        offers it (the setup screen, which has it too: B or Esc goes back to it)."""
        super().__init__(app)
        self.key, self.learn = key, learn
        self.info = registry.lookup(key)
        self.text = colour_words(key, self.info.data.rules_text)
        width, height = app.size
        column = min(1400, width - 240 - page.BAR_GAP - page.BAR_WIDTH)
        left = (width - column - page.BAR_GAP - page.BAR_WIDTH) // 2
        self.view = pygame.Rect(left, 190, column, height - 190 - 130)
        self.learn_button: ui.Button | None = None
        self.pointing = False     # the pointer over that button
        if learn is not None:
            self.letters = MappingProxyType({LETTERS[Command.LEARN]: Command.LEARN})
            right = self.view.right + page.BAR_GAP + page.BAR_WIDTH
            self.learn_button = ui.Button((right - 320, 54, 320, 72), "Learn to play",
                                          self.start_lesson)
        blocks, figures = self.blocks(column)
        self.page = page.Page(blocks, self.view, figures)

    def blocks(self, width: int) -> tuple[list[page.Block], tuple[page.Figure, ...]]:
        """The rules, illustrated (screens/diagrams.py, imported here: off the launcher's
        first frame), then the controls."""
        from games.core.screens import diagrams
        blocks, figures = diagrams.rules_blocks(self.key, self.text, width, self.app.size[1],
                                                self.app.settings)
        blocks.append(page.Line("Controls", ui.HEADING, ui.ACCENT, bold=True))
        for words in controls_text(self.key):
            blocks += page.paragraph(words, width)
        return blocks, figures

    def update(self, dt: float) -> None:
        self.page.prepare_next(self.app.frames)     # the pictures coming into view

    def next_change(self) -> float | None:
        return 0.0 if self.page.pending else None

    def start_lesson(self) -> None:
        self.app.pop(self)
        if self.learn is not None:
            self.learn()

    def on_learn_button(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.learn_button is not None and \
            self.learn_button.rect.collidepoint(pos)

    def handle(self, action: Action) -> None:
        kind, text, pos = action.kind, self.page, action.pos
        if kind == Act.COMMAND and action.value == Command.LEARN:
            self.start_lesson()
        elif kind == Act.PRESS and not action.alt and self.on_learn_button(action.pos):
            self.start_lesson()
        elif kind == Act.POINT and not text.dragging:
            self.pointing = self.on_learn_button(action.pos)
        elif kind == Act.MOVE and action.dy:
            text.lines(action.dy)
        elif kind == Act.WHEEL:
            text.lines(action.dy * page.WHEEL_LINES)
        elif kind in (Act.PAGE, Act.NEXT, Act.PREV):
            text.page(action.dy if kind == Act.PAGE else 1 if kind == Act.NEXT else -1)
        elif kind == Act.EDGE:
            text.end(action.dy)
        elif kind == Act.POINT and text.dragging and pos is not None:
            text.drag(pos)
        elif kind == Act.RELEASE:
            text.dragging = False
        elif kind == Act.PRESS and not action.alt and pos is not None and \
                text.bar_area().collidepoint(pos):
            text.press(pos)
        elif kind in (Act.CANCEL, Act.CONFIRM, Act.HELP, Act.MENU, Act.PRESS):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = self.app.size
        title_right = self.learn_button.rect.left - 40 if self.learn_button else width - 60
        ui.fit_text(surface, f"How to play {self.info.title}",
                    (self.view.left, 40, title_right - self.view.left, 100), ui.TITLE, ui.TEXT,
                    bold=True, align="left", max_lines=1)
        if self.learn_button:
            self.learn_button.draw(surface, self.pointing)
        self.page.draw(surface)
        footer = RULES_FOOTER.replace(";  Esc", ";  L learns to play;  Esc") \
            if self.learn is not None else RULES_FOOTER
        ui.fit_text(surface, footer, (120, height - 100, width - 240, 60), ui.SMALL,
                    ui.MUTED, max_lines=1)

