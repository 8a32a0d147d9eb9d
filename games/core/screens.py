"""The screens around the games: launcher, game setup, settings, rules, pause, result, and the
"making a puzzle" screen that keeps the window alive while a generator works."""
from __future__ import annotations

import random

import pygame

from games.core import input as act
from games.core import records, registry, store, ui
from games.core.app import Scene
from games.core.jobs import Job
from games.core.options import Option, params_kwargs, play_choices
from games.core.records import score_table
from games.core.rules_api import GameError
from games.core.session import Session



def scene_module(key: str):
    """The game's scene module: imported only to play the game, never to show its screens."""
    return registry.module(key, "scene")


def info_module(key: str):
    """The game's pure data for the screens: RULES, OPTIONS and perhaps summary()."""
    return registry.module(key, "info")


def offered(key: str, option: Option, value) -> bool:
    """Is `value` one the option offers now? A computer level may also be one the game's
    computer still reads (an older name it maps to the nearest level)."""
    if any(value == known and type(value) is type(known) for known, _ in option.choices):
        return True
    if option.key == "level" and option.target == "play" and \
            isinstance(value, (str, int)) and not isinstance(value, bool):
        level_chance = getattr(registry.module(key, "ai"), "level_chance", None)
        if level_chance is not None:
            try:
                level_chance(value)
                return True
            except GameError:
                return False
    return False


def remembered_choices(key: str, choices) -> dict:
    """A value for every option of the game: each remembered or given value it still offers,
    else the option's default (settings outlive the options of an older build)."""
    choices = choices if isinstance(choices, dict) else {}
    return {option.key: choices[option.key]
            if option.key in choices and offered(key, option, choices[option.key])
            else option.default for option in info_module(key).OPTIONS}


def checked_play(key: str, play: dict, problems: list) -> dict:
    """A save's play options with every value its option no longer offers replaced by the
    default (the game is kept; the player is told). Other keys are the scene's own."""
    play = dict(play)
    for option in info_module(key).OPTIONS:
        if option.target == "play" and option.key in play and \
                not offered(key, option, play[option.key]):
            default = dict(option.choices).get(option.default, option.default)
            problems.append(f"The saved game's {option.label.lower()} {play[option.key]!r} is "
                            f"not known here; it is now {default}.")
            play[option.key] = option.default
    return play


def start_new_game(app, key: str, choices: dict, replace_scene: Scene | None = None) -> None:
    """Make a game in a worker thread (a slow generator never freezes the window), then show it."""
    options = info_module(key).OPTIONS
    choices = remembered_choices(key, choices)
    play = play_choices(options, choices)
    try:
        params = registry.module(key).params_from_options(**params_kwargs(options, choices))
    except GameError as error:     # a combination no game has (a 3 x 3 Hard KenKen, say)
        app.messages.append(str(error))
        return
    seed = random.SystemRandom().randrange(2 ** 31)

    def show(session):
        if replace_scene is not None:
            app.pop(replace_scene)
        app.push(scene_module(key).SCENE(app, session, play))

    app.push(LoadingScene(app, lambda: Session.new(key, params, seed), show))


def resume_saved_game(app, key: str) -> bool:
    """Rebuild the saved game (checked whole by Session.from_json against schema.save, which
    also bounds its history, so the replay is quick) and open it."""
    def rebuild(data):
        problems: list[str] = []
        session = Session.from_json(data, key)
        return session, checked_play(key, data.get("play", {}), problems), problems
    loaded, message = store.load_game(key, rebuild)
    if message:
        app.messages.append(message)
    if loaded is None:
        return False
    session, play, problems = loaded
    app.messages.extend(problems)
    app.push(scene_module(key).SCENE(app, session, play))
    return True


class MenuScreen(Scene):
    """A screen that is a Menu: Cancel goes back, everything else moves through the menu."""
    menu: ui.Menu

    def handle(self, action) -> None:
        if action.kind == act.CANCEL:
            self.app.pop(self)
        else:
            self.menu.handle(action)


def back_to_launcher(app, game) -> None:
    """Close a game (and anything above it) and refresh the launcher's Resume tags."""
    app.pop(game)
    launcher = app.find(LauncherScene)
    if launcher:
        launcher.refresh()


class LoadingScene(Scene):
    """Runs job() in a thread; shows progress after 0.1 s; then calls done(result)."""
    opaque = False

    def __init__(self, app, work, done):
        super().__init__(app)
        self.done, self.age = done, 0.0
        self.job = Job(work)

    def wait(self) -> None:
        """Tests and the demo: block until the work is finished."""
        self.job.wait()

    def next_change(self) -> float:
        return 0.0      # its dots run until the work is done

    def update(self, dt: float) -> None:
        self.age += dt
        if not self.job.done:
            return
        self.app.pop(self)
        if isinstance(self.job.error, GameError):
            self.app.messages.append(str(self.job.error))
        elif self.job.error is not None:
            raise self.job.error
        else:
            self.done(self.job.result)

    def draw(self, surface) -> None:
        if self.age < 0.1:
            return
        width, height = self.app.size
        surface.blit(ui.shade(self.app.size, (0, 0, 0, 150)), (0, 0))
        dots = "." * (1 + int(self.age * 3) % 3)
        ui.label(surface, f"Making a puzzle{dots}", (width // 2, height // 2), ui.HEADING,
                 ui.TEXT, bold=True, anchor="center")


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
              "alternate action; the buttons along the bottom for menu, undo, redo, hint and rules."),
    ("Keyboard", "Arrows move the cursor; Enter or Space acts; X (or Shift+Enter) is the "
                 "alternate action; Esc cancels or opens the menu; U / Ctrl+Z undo; R / Ctrl+Y "
                 "redo; H hint; F1 rules; F11 full screen."),
    ("Gamepad", "D-pad or left stick moves; A acts; X is the alternate action; B cancels; "
                "Y hint; LB undo; RB redo; Start menu; Back rules. Unplugging it pauses the game."),
)


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
        if action.kind in (act.MOVE, act.WHEEL):
            step = action.dy * 90
            self.scroll = min(limit, max(0, self.scroll + step))
        elif action.kind in (act.CANCEL, act.CONFIRM, act.HELP, act.MENU) or \
                (action.kind == act.PRESS):
            self.app.pop(self)

    def draw(self, surface) -> None:
        surface.fill(ui.BG)
        width, height = self.app.size
        ui.label(surface, f"How to play {self.info.title}", (260, 70), ui.TITLE, ui.TEXT, bold=True)
        view = pygame.Rect(260, 190, 1400, height - 330)
        surface.blit(self.page, view.topleft, pygame.Rect(0, self.scroll, view.width, view.height))
        ui.label(surface, "Arrows, wheel or stick scroll;  Esc, Enter, a click or B to go back",
                 (width // 2, height - 70), ui.SMALL, ui.MUTED, anchor="center")


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
        if action.kind == act.CANCEL or (action.kind == act.KEY and action.value == "n"):
            self.answer_no()
        elif action.kind == act.KEY and action.value == "y":
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
