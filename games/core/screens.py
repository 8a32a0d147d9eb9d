"""The screens a game passes through: the launcher, the game's setup, its pause menu and its
result. The dialogs over them are in overlays.py; making and resuming a game is in launch.py."""
from __future__ import annotations

import pygame

from games.core import input as act
from games.core import records, registry, store, ui
from games.core.app import Scene
from games.core.launch import info_module, remembered_choices, resume_saved_game, start_new_game
from games.core.options import Option, params_kwargs, play_choices
from games.core.overlays import ConfirmScene, HelpScene, MenuScreen, SettingsScene
from games.core.rules_api import GameError


class Card(ui.Widget):
    """A game on the launcher. A saved game shows a Resume badge on the picture's corner,
    clear of the title; a click on the badge resumes, elsewhere opens the setup screen."""

    def __init__(self, rect, info, picture, saved: bool, on_click, on_resume=None):
        super().__init__(rect)
        self.info, self.picture, self.saved, self.on_click = info, picture, saved, on_click
        self.on_resume = on_resume
        self.badge = pygame.Rect(0, 0, 150, 48)
        self.badge.topright = (self.rect.right - 32, self.rect.top + 32)

    def activate(self) -> None:
        self.on_click()

    def press(self, pos) -> None:
        if self.saved and self.on_resume and self.badge.collidepoint(pos):
            self.on_resume()
        else:
            self.on_click()

    def draw(self, surface, focused: bool) -> None:
        ui.panel(surface, self.rect, ui.PANEL_HI if focused else ui.PANEL, radius=22,
                 border=ui.LINE, width=2)
        surface.blit(self.picture, (self.rect.left + 20, self.rect.top + 20))
        y = self.rect.top + 32 + self.picture.get_height()
        size = 34
        while size > 22 and ui.assets.font(size, True).size(self.info.title)[0] > self.rect.width - 48:
            size -= 2
        ui.label(surface, self.info.title, (self.rect.left + 24, y), size, ui.TEXT, bold=True)
        ui.paragraph(surface, self.info.blurb, pygame.Rect(self.rect.left + 24, y + 46,
                     self.rect.width - 48, 70), ui.SMALL, ui.MUTED, spacing=1.2)
        if self.saved:
            ui.panel(surface, self.badge, ui.ACCENT, radius=12, border=ui.BG_DEEP)
            ui.label(surface, "Resume", self.badge.center, ui.SMALL, ui.BG_DEEP, bold=True,
                     anchor="center")
        if focused:
            ui.focus_ring(surface, self.rect, 26)


THUMBNAIL_SIZE = (520, 250)   # every game paints its picture at this size; cards scale it


def thumbnail_path(key: str) -> str:
    return ui.assets.resource("sprites", "thumbnails", f"{key}.bmp")


def paint_card_picture(key: str, size) -> pygame.Surface:
    """The game's thumbnail, scaled to fit `size` (keeping its shape), centred on a panel."""
    picture = registry.sprites(key).thumbnail(THUMBNAIL_SIZE)
    scale = min(size[0] / THUMBNAIL_SIZE[0], size[1] / THUMBNAIL_SIZE[1])
    fitted = pygame.transform.smoothscale(
        picture, (round(THUMBNAIL_SIZE[0] * scale), round(THUMBNAIL_SIZE[1] * scale)))
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, ui.BG_DEEP, card.get_rect(), border_radius=16)
    card.blit(fitted, fitted.get_rect(center=card.get_rect().center))
    return card


def card_picture(key: str, size) -> pygame.Surface:
    """The card's picture as tools/make_thumbnails.py painted it for this launcher: ready to
    blit, so the first frame neither imports a game nor decodes or scales anything much.
    Painted here when the file is missing or was made for another card size."""
    try:
        picture = pygame.image.load(thumbnail_path(key))
        if picture.get_size() == tuple(size):
            return picture.convert_alpha()
    except (pygame.error, FileNotFoundError):
        pass
    return paint_card_picture(key, size)


def card_layout(count: int, screen=(1920, 1080)):
    """(columns, card width, card height, picture size) for `count` cards."""
    width, height = screen
    columns = 3 if count <= 3 else 4
    rows = max(1, -(-count // columns))
    card_w = (width - 160 - (columns - 1) * CARD_GAP) // columns
    card_h = min(440, (height - 200 - 170 - (rows - 1) * CARD_GAP) // rows)
    return columns, card_w, card_h, (card_w - 40, card_h - 150)


CARD_GAP = 36


class LauncherScene(Scene):

    def __init__(self, app):
        super().__init__(app)
        self.pictures: dict[str, tuple] = {}    # key -> (size, picture)
        self.message_time = 6.0
        self.build()

    def build(self) -> None:
        games = registry.launcher_games()
        width, height = self.app.size
        columns, card_w, card_h, size = card_layout(len(games), self.app.size)
        gap = CARD_GAP
        left = (width - columns * card_w - (columns - 1) * gap) // 2
        widgets = []
        for index, info in enumerate(games):
            row, column = divmod(index, columns)
            rect = pygame.Rect(left + column * (card_w + gap), 215 + row * (card_h + gap),
                               card_w, card_h)
            if self.pictures.get(info.key, (None, None))[0] != size:
                self.pictures[info.key] = (size, card_picture(info.key, size))
            widgets.append(Card(rect, info, self.pictures[info.key][1], store.has_save(info.key),
                                lambda key=info.key: self.app.push(SetupScene(self.app, key)),
                                lambda key=info.key: resume_saved_game(self.app, key)))
        self.quit_button = ui.Button((width - 300, height - 120, 260, 80), "Quit",
                                     self.confirm_quit)
        widgets.append(ui.Button((width - 580, height - 120, 260, 80), "Settings",
                                 lambda: self.app.push(SettingsScene(self.app))))
        widgets.append(self.quit_button)
        focus = self.menu.focus if hasattr(self, "menu") else 0
        self.menu = ui.Menu(widgets, min(focus, len(widgets) - 1))

    def handle(self, action) -> None:
        if action.kind == act.CANCEL:
            if self.menu.widgets[self.menu.focus] is self.quit_button:
                self.confirm_quit()
            else:
                self.menu.focus = self.menu.widgets.index(self.quit_button)
            return
        if action.kind == act.HELP and isinstance(self.menu.widgets[self.menu.focus], Card):
            self.app.push(HelpScene(self.app, self.menu.widgets[self.menu.focus].info.key))
            return
        self.menu.handle(action)

    def confirm_quit(self) -> None:
        self.app.push(ConfirmScene(self.app, "Quit Parlour?", "Quit", "Keep playing",
                                   self.app.quit, "Saved games and best scores are kept."))

    def demo_step(self) -> None:
        """The demo walks the focus across the cards, as a keyboard player would."""
        self.menu.handle(act.Action(act.MOVE, dx=1))

    def next_change(self) -> float | None:
        """The message shown goes when its time is up."""
        return self.message_time if self.app.messages else None

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        if self.message_time == 0 and self.app.messages:
            self.app.messages.pop(0)
            self.message_time = 6.0

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        width, height = self.app.size
        ui.label(surface, "Parlour", (80, 60), 84, ui.TEXT, bold=True)
        ui.label(surface, "Calm, clever games for a big screen", (86, 160), ui.BODY, ui.MUTED)
        self.menu.draw(surface)
        # Beside the buttons: a message while there is one, else how to get about.
        foot = (80, height - 124, width - 700, 88)
        if self.app.messages:
            ui.fit_text(surface, self.app.messages[0], foot, ui.SMALL + 2, ui.ACCENT, align="left")
        else:
            hint = "Arrows or d-pad to choose, Enter or A to open, F1 for rules, F11 full screen"
            ui.fit_text(surface, hint, foot, ui.SMALL, ui.MUTED, align="left")

    def refresh(self) -> None:
        """Called when a game ends or is saved, so the Resume tags are right."""
        self.build()


class SetupScene(Scene):
    """A game's front page: its options, resume, new game, rules and best scores."""

    def __init__(self, app, key: str, replace_scene: Scene | None = None):
        super().__init__(app)
        self.key, self.replace_scene = key, replace_scene
        self.info = registry.lookup(key)
        info = info_module(key)
        named = getattr(info, "named_options", None)    # words from the settings
        self.options = named(app.settings) if named else info.OPTIONS
        remembered = remembered_choices(key, app.settings.get("setup", {}).get(key))
        width, height = app.size
        widgets = []
        self.choices: list[tuple[Option, ui.Choice]] = []
        resume = replace_scene is None and store.has_save(key)
        rows = len(self.options) + 2 + (1 if resume else 0)
        step = min(104, (height - 250 - 80) // rows)   # many options: rows get closer
        size = step - 20
        y = 250
        for option in self.options:
            values = [value for value, _ in option.choices]
            start = remembered.get(option.key, option.default)
            index = values.index(start) if start in values else values.index(option.default)
            choice = ui.Choice((120, y, 820, size), option.label, option.choices, index)
            self.choices.append((option, choice))
            widgets.append(choice)
            y += step
        y += 20
        if resume:
            widgets.append(ui.Button((120, y, 820, size), "Resume saved game", self.resume))
            y += step
        widgets.append(ui.Button((120, y, 820, size), "New game", self.new_game))
        y += step
        widgets.append(ui.Button((120, y, 400, size), "Rules",
                                 lambda: app.push(HelpScene(app, key))))
        widgets.append(ui.Button((540, y, 400, size), "Back", lambda: app.pop(self)))
        focus = next((i for i, w in enumerate(widgets) if isinstance(w, ui.Button)), 0)
        self.menu = ui.Menu(widgets, focus)

    def choose(self, key: str, value) -> None:
        """Set an option to one of its values (as a player stepping through it would)."""
        for option, choice in self.choices:
            if option.key == key:
                choice.index = [v for v, _ in option.choices].index(value)
                return
        raise KeyError(f"{self.key} has no option {key!r}")

    def chosen(self) -> dict:
        return {option.key: choice.value for option, choice in self.choices}

    def problem(self) -> str:
        """Why the chosen options cannot make a game (a 3 x 3 Hard KenKen, say), or ''."""
        try:
            registry.module(self.key).params_from_options(
                **params_kwargs(self.options, self.chosen()))
        except GameError as error:
            return str(error)
        return ""

    def new_game(self) -> None:
        if self.problem():
            self.app.audio.play("wrong")   # the panel says why; New game waits for a change
            return
        choices = self.chosen()
        self.app.settings.setdefault("setup", {})[self.key] = choices
        self.app.save_settings()
        self.app.pop(self)
        try:
            start_new_game(self.app, self.key, choices, self.replace_scene)
        except GameError as error:
            self.app.messages.append(str(error))

    def resume(self) -> None:
        self.app.pop(self)
        resume_saved_game(self.app, self.key)

    def handle(self, action) -> None:
        if action.kind == act.CANCEL:
            self.app.pop(self)
        elif action.kind == act.HELP:
            self.app.push(HelpScene(self.app, self.key))
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        ui.label(surface, self.info.title, (120, 70), ui.TITLE, ui.TEXT, bold=True)
        ui.fit_text(surface, self.info.blurb, (124, 150, 1676, 90), ui.BODY, ui.MUTED,
                    align="left")
        self.menu.draw(surface)
        box = pygame.Rect(1060, 250, 740, 560)
        problem = self.problem()
        if problem:   # in place of the scores, which no such game can have
            ui.panel(surface, box, ui.PANEL, border=ui.BAD)
            ui.label(surface, "Not available", (box.left + 36, box.top + 30), ui.HEADING,
                     ui.BAD, bold=True)
            ui.paragraph(surface, f"{problem} Change the options to start a game.",
                         pygame.Rect(box.left + 36, box.top + 110, box.width - 72, 400),
                         ui.BODY, ui.TEXT)
            return
        ui.panel(surface, box, ui.PANEL)
        heading, rows = self.summary()
        ui.label(surface, heading, (box.left + 36, box.top + 30), ui.HEADING, ui.TEXT, bold=True)
        if not rows:
            ui.label(surface, "Nothing yet with these options.", (box.left + 36, box.top + 110),
                     ui.BODY, ui.MUTED)
        for n, (left, right) in enumerate(rows):
            y = box.top + 110 + n * 70
            ui.label(surface, left, (box.left + 36, y), ui.BODY, ui.ACCENT, bold=True)
            ui.label(surface, right, (box.right - 36, y), ui.BODY, ui.MUTED, anchor="topright")

    def summary(self):
        choices = self.chosen()
        play = play_choices(self.options, choices)
        try:
            params = registry.module(self.key).params_from_options(
                **params_kwargs(self.options, choices))
        except GameError:
            return "Best scores", []
        return records.summary(self.info, info_module(self.key), params, play)


def back_to_launcher(app, game) -> None:
    """Close a game (and anything above it) and refresh the launcher's Resume tags."""
    app.pop(game)
    launcher = app.find(LauncherScene)
    if launcher:
        launcher.refresh()


class PauseScene(Scene):
    """The game menu. Opaque, so a timed game's board is hidden while paused."""

    def __init__(self, app, game, reason: str = ""):
        super().__init__(app)
        self.game, self.reason = game, reason
        cx = app.size[0] // 2
        entries = [("Resume", self.resume), ("Restart", self.restart),
                   ("New game", self.new_game), ("Rules", game.open_rules),
                   ("Settings", lambda: app.push(SettingsScene(app))),
                   ("Save and leave", self.leave), ("Quit Parlour", app.quit)]
        self.menu = ui.Menu(ui.button_column(entries, cx, 300, height=76, gap=16))

    def resume(self) -> None:
        self.app.pop(self)

    def restart(self) -> None:
        self.app.pop(self)
        self.game.restart()

    def new_game(self) -> None:
        self.game.new_game()     # the setup screen, over this menu (Esc comes back here)

    def leave(self) -> None:
        self.game.save()
        back_to_launcher(self.app, self.game)

    def handle(self, action) -> None:
        if action.kind in (act.CANCEL, act.MENU):
            self.resume()
        elif action.kind == act.HELP:
            self.game.open_rules()
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        cx = self.app.size[0] // 2
        ui.label(surface, "Paused", (cx, 150), ui.TITLE, ui.TEXT, bold=True, anchor="center")
        if self.reason:
            ui.fit_text(surface, self.reason, (cx - 760, 196, 1520, 96), ui.BODY, ui.ACCENT)
        self.menu.draw(surface)


LOOKING_BACK = "This game's result was entered when it first ended."


class ResultScene(MenuScreen):
    """The end of a game: outcome, score, place in the best scores; the board shows beneath."""
    opaque = False

    def __init__(self, app, game, rank=None):
        super().__init__(app)
        self.game, self.rank = game, rank
        self.status = game.session.status
        cx = app.size[0] // 2
        entries = [("New game", self.again), ("Look at the board", lambda: app.pop(self)),
                   ("Back to the launcher", self.leave)]
        self.menu = ui.Menu(ui.button_column(entries, cx, 640, width=560, height=76, gap=16))

    def update(self, dt: float) -> None:
        self.game.tweens.update(dt)   # the last move's animation finishes beneath the result

    def again(self) -> None:
        self.app.pop(self)
        self.game.new_game()

    def leave(self) -> None:
        back_to_launcher(self.app, self.game)

    def draw(self, surface) -> None:
        width, height = self.app.size
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 200)), (0, 0))
        box = pygame.Rect(0, 0, 1000, 760)
        box.center = (width // 2, height // 2 + 20)
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        cx = width // 2
        title = self.game.result_title()
        colour = {"good": ui.GOOD, "bad": ui.BAD}.get(self.game.result_mood(), ui.ACCENT)
        ui.fit_text(surface, title, (box.left + 40, box.top + 36, box.width - 80, 90), ui.TITLE,
                    colour, bold=True, max_lines=1)
        # The sentences share the room between the title and the buttons: the reason may take
        # two lines, the rest one each; if there are many, every row gets a little less.
        rows = [(self.game.result_reason(), ui.TEXT, False, 84)]
        rows += [(line, ui.TEXT, False, 46) for line in self.game.result_lines()]
        if self.rank:
            rows.append((f"A new best score: number {self.rank} in the table!", ui.ACCENT, True,
                         56))
        elif self.game.looking_back:
            rows.append((LOOKING_BACK, ui.MUTED, False, 56))
        rows = [row for row in rows if row[0]]
        top, bottom = box.top + 136, self.menu.widgets[0].rect.top - 20
        shrink = min(1.0, (bottom - top) / max(1, sum(row[3] for row in rows)))
        y = top
        for words, colour, bold, height in rows:
            height = int(height * shrink)
            ui.fit_text(surface, words, (box.left + 40, y, box.width - 80, height), ui.BODY,
                        colour, bold)
            y += height
        self.menu.draw(surface)
