"""The screens over a game or the launcher: settings, and a game's rules and its controls (the
yes/no question is question.ConfirmScene)."""
from __future__ import annotations

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act
from games.core.kit.controls import controls_lines
from games.core.loop.app import Scene
from games.core.screens import ui
from games.core.screens.launch import info_module


class MenuScreen(Scene):
    """A screen that is a Menu: Cancel goes back, everything else moves through the menu."""
    menu: ui.Menu

    def handle(self, action) -> None:
        if action.kind == Act.CANCEL:
            self.app.pop(self)
        else:
            self.menu.handle(action)


class SettingsScene(MenuScreen):
    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        on_off = ((True, "On"), (False, "Off"))
        volumes = tuple((v / 10, f"{v * 10}%") for v in range(11))
        self.rows = [
            ("fullscreen", ui.Choice((560, 240, 800, 84), "Display",
                                     ((True, "Full screen"), (False, "Window")),
                                     0 if s["fullscreen"] else 1, self.set_fullscreen)),
            ("volume", ui.Choice((560, 344, 800, 84), "Volume", volumes,
                                 min(10, round(s["volume"] * 10)), self.setter("volume"))),
            ("muted", ui.Choice((560, 448, 800, 84), "Sound", ((False, "On"), (True, "Muted")),
                                1 if s["muted"] else 0, self.setter("muted"))),
            ("animations", ui.Choice((560, 552, 800, 84), "Animations", on_off,
                                     0 if s["animations"] else 1, self.setter("animations"))),
            ("show_errors", ui.Choice((560, 656, 800, 84), "Show mistakes as they arise", on_off,
                                      0 if s["show_errors"] else 1, self.setter("show_errors"))),
        ]
        back = ui.Button((760, 800, 400, 84), "Back", lambda: app.pop(self))
        self.menu = ui.Menu([choice for _, choice in self.rows] + [back])

    def setter(self, key):
        def set_value(value):
            self.app.settings[key] = value
            self.app.save_settings()
            if key in ("volume", "muted"):
                self.app.audio.play("select")
        return set_value

    def set_fullscreen(self, value) -> None:
        if value != self.app.settings["fullscreen"]:
            self.app.toggle_fullscreen()

    def update(self, dt: float) -> None:
        """Show the settings as they are: F11 switches the display while this is open."""
        for key, choice in self.rows:
            values = [value for value, _ in choice.options]
            if self.app.settings.get(key) in values:
                choice.index = values.index(self.app.settings[key])

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        ui.label(surface, "Settings", (self.app.size[0] // 2, 130), ui.TITLE, ui.TEXT, bold=True,
                 anchor="center")
        self.menu.draw(surface)


def controls_text(key: str) -> list[str]:
    """A game's Controls section, from the same table as its toolbar (its info.py's ALTERNATE
    and COMMANDS, and the frame's keys)."""
    info = info_module(key)
    return controls_lines(getattr(info, "ALTERNATE", None), getattr(info, "COMMANDS", ()),
                          getattr(info, "ALTERNATE_BUTTON", None))


class HelpScene(Scene):
    """A game's rules and the controls, scrolled with arrows, wheel or stick."""

    def __init__(self, app, key: str):
        super().__init__(app)
        self.key = key
        self.info = registry.lookup(key)
        self.text = info_module(key).RULES
        self.scroll = 0
        self.page = self._render()

    def _render(self) -> pygame.Surface:
        width = 1400
        lines = []
        for paragraph in self.text.strip().split("\n\n"):
            lines += [(line, ui.BODY, ui.TEXT) for line in
                      ui.assets.wrap(" ".join(paragraph.split()), ui.BODY, width)]
            lines.append(("", 16, ui.TEXT))
        lines.append(("Controls", ui.HEADING, ui.ACCENT))
        for words in controls_text(self.key):
            lines += [(line, ui.BODY, ui.TEXT) for line in ui.assets.wrap(words, ui.BODY, width)]
            lines.append(("", 8, ui.TEXT))
        height = sum(int(size * 1.4) for _, size, _ in lines) + 40
        page = pygame.Surface((width, height))
        page.fill(ui.BG)
        y = 0
        for words, size, colour in lines:
            if words:
                page.blit(ui.assets.text(words, size, colour, size == ui.HEADING), (0, y))
            y += int(size * 1.4)
        return page

    def handle(self, action) -> None:
        view = self.app.size[1] - 330
        limit = max(0, self.page.get_height() - view)
        if action.kind in (Act.MOVE, Act.WHEEL):
            step = action.dy * 90
            self.scroll = min(limit, max(0, self.scroll + step))
        elif action.kind in (Act.CANCEL, Act.CONFIRM, Act.HELP, Act.MENU) or \
                (action.kind == Act.PRESS):
            self.app.pop(self)

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        width, height = self.app.size
        ui.label(surface, f"How to play {self.info.title}", (260, 70), ui.TITLE, ui.TEXT, bold=True)
        view = pygame.Rect(260, 190, 1400, height - 330)
        surface.blit(self.page, view.topleft, pygame.Rect(0, self.scroll, view.width, view.height))
        ui.label(surface, "Arrows, wheel or stick scroll;  Esc, Enter, a click or B to go back",
                 (width // 2, height - 70), ui.SMALL, ui.MUTED, anchor="center")
