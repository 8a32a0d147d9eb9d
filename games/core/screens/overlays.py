"""The screens over a game or the launcher: settings, a game's rules and the controls, and the
yes/no question."""
from __future__ import annotations

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act
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


CONTROLS = (
    ("Mouse", "Click to select and press; drag where a game moves pieces; right button for the "
              "alternate action; the buttons along the bottom for menu, undo, redo, hint and "
              "rules."),
    ("Keyboard", "Arrows move the cursor; Enter or Space acts; X (or Shift+Enter) is the "
                 "alternate action; Esc cancels or opens the menu; U / Ctrl+Z undo; R / Ctrl+Y "
                 "redo; H hint; F1 rules; F11 full screen."),
    ("Gamepad", "D-pad or left stick moves; A acts; X is the alternate action; B cancels; "
                "Y hint; LB undo; RB redo; Start menu; Back rules. Unplugging it pauses the game."),
)


class HelpScene(Scene):
    """A game's rules and the controls, scrolled with arrows, wheel or stick."""

    def __init__(self, app, key: str, learn=None):
        """learn: opens the game's lesson (L), when the screen that opened this offers it."""
        super().__init__(app)
        self.key, self.learn = key, learn
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
        for device, words in CONTROLS:
            lines += [(line, ui.BODY, ui.TEXT) for line in
                      ui.assets.wrap(f"{device}: {words}", ui.BODY, width)]
            lines.append(("", 16, ui.TEXT))
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
        if action.kind == Act.KEY and action.value == "l" and self.learn is not None:
            self.app.pop(self)
            self.learn()
        elif action.kind in (Act.MOVE, Act.WHEEL):
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
        learn = "L learns to play;  " if self.learn is not None else ""
        ui.label(surface, f"Arrows, wheel or stick scroll;  {learn}Esc, Enter, a click or B to "
                 "go back", (width // 2, height - 70), ui.SMALL, ui.MUTED, anchor="center")


class ConfirmScene(MenuScreen):
    """A question over the screen beneath, with two answers; the focus starts on the safe one
    (no_label), and Cancel answers it too."""
    opaque = False

    def __init__(self, app, question: str, yes_label: str, no_label: str, on_yes,
                 detail: str = "", on_no=None):
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.on_no = on_no or (lambda: None)
        width, height = app.size
        self.box = pygame.Rect(0, 0, 900, 400 if detail else 300)
        self.box.center = (width // 2, height // 2)
        y = self.box.bottom - 130
        self.yes = ui.Button((self.box.left + 60, y, 370, 90), yes_label, self.answer_yes)
        self.no = ui.Button((self.box.right - 430, y, 370, 90), no_label, self.answer_no)
        self.menu = ui.Menu([self.yes, self.no], focus=1)

    def answer_yes(self) -> None:
        self.app.pop(self)
        self.on_yes()

    def answer_no(self) -> None:
        self.app.pop(self)
        self.on_no()

    def handle(self, action) -> None:
        if action.kind == Act.CANCEL or (action.kind == Act.KEY and action.value == "n"):
            self.answer_no()
        elif action.kind == Act.KEY and action.value == "y":
            self.answer_yes()
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 200)), (0, 0))
        ui.panel(surface, self.box, ui.PANEL, border=ui.ACCENT)
        inner = self.box.inflate(-80, 0)
        ui.fit_text(surface, self.question, (inner.left, self.box.top + 40, inner.width, 80),
                    ui.HEADING, ui.TEXT, bold=True)
        if self.detail:
            ui.fit_text(surface, self.detail, (inner.left, self.box.top + 125, inner.width, 100),
                        ui.BODY, ui.MUTED)
        self.menu.draw(surface)
