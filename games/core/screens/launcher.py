"""The launcher: a card per game (its picture, title and blurb, a Resume badge for a saved game,
and for a game with a daily puzzle a row saying how today's stands: to play, in progress, or
done with its time or score), the collection's daily streak, Open a game ID, Statistics,
Settings and Quit. The screens around a game are in menus.py; the dialogs in overlays.py and
question.py."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action
from games.core.loop import palette, sprite_cache, survey
from games.core.loop.app import App, Scene
from games.core.loop.jobs import Job
from games.core.screens import ui

if TYPE_CHECKING:
    from games.core.kit.game import Game

# The screens a card or a button opens are imported when opened: off the first frame's path.


DUE, PLAYING, DONE = "to play", "in progress", "done"
DailyState = tuple[str, str]    # (DUE, PLAYING or DONE; the words after "Daily": "done, 4:12")


class Card(ui.Widget):
    """A game on the launcher. A saved game shows a Resume badge on the picture's corner,
    clear of the title; a click on the badge resumes, elsewhere opens the setup screen. A game
    with a daily puzzle has a row of its own under the blurb for today's (its picture is
    shorter by that row: card_layout), so it covers neither the picture nor the title."""

    def __init__(self, rect: ui.RectLike, info: Game[Any, Any, Any],
                 picture: Callable[[], pygame.Surface], picture_height: int, saved: bool,
                 on_click: Callable[[], object], on_resume: Callable[[], object] | None = None,
                 has_daily: bool = False) -> None:
        """picture: a callable giving the picture (read when first drawn), picture_height
        tall."""
        super().__init__(rect)
        self.info, self.picture_of, self.saved, self.on_click = info, picture, saved, on_click
        self.on_resume, self.has_daily = on_resume, has_daily
        self.daily: DailyState | None = None   # today's, once the history can say
        self.badge = pygame.Rect(0, 0, 150, 48)
        self.badge.topright = (self.rect.right - 32, self.rect.top + 32)
        self.daily_row = pygame.Rect(self.rect.left + 24, self.rect.bottom - 10 - DAILY_ROW,
                                     self.rect.width - 48, DAILY_ROW)

    @property
    def daily_due(self) -> bool:
        """Today's puzzle is still to play."""
        return self.daily is not None and self.daily[0] == DUE

    @property
    def picture(self) -> pygame.Surface:
        """Read when first drawn: under a game opened from the command line it never is."""
        return self.picture_of()

    def activate(self) -> None:
        self.on_click()

    def press(self, pos: tuple[int, int]) -> None:
        if self.saved and self.on_resume and self.badge.collidepoint(pos):
            self.on_resume()
        else:
            self.on_click()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        ui.panel(surface, self.rect, ui.PANEL_HI if focused else ui.PANEL, radius=22,
                 border=ui.LINE, width=2)
        surface.blit(self.picture, (self.rect.left + 20, self.rect.top + 20))
        y = self.rect.top + 32 + self.picture.get_height()
        ui.fit_text(surface, self.info.title,
                    (self.rect.left + 24, y - 4, self.rect.width - 48, 2 * TITLE_MIDDLE + 8), 34,
                    ui.TEXT, bold=True, align="left", max_lines=1)
        ui.paragraph(surface, self.info.blurb, pygame.Rect(self.rect.left + 24, y + 46,
                     self.rect.width - 48, 60), ui.SMALL, ui.MUTED, spacing=1.2)
        if self.saved:
            ui.panel(surface, self.badge, ui.ACCENT, radius=12, border=ui.BG_DEEP)
            ui.label(surface, "Resume", self.badge.center, ui.SMALL, ui.BG_DEEP, bold=True,
                     anchor="center")
        if self.daily is not None:
            draw_daily(surface, self.daily_row, self.daily)
        if focused:
            ui.focus_ring(surface, self.rect, 26)


def draw_daily(surface: pygame.Surface, row: pygame.Rect, state: DailyState) -> None:
    """Today's puzzle on a card: a "Daily" tag, green while it is to play, then its state."""
    kind, words = state
    fill = {DUE: ui.GOOD, PLAYING: ui.ACCENT}.get(kind, ui.PANEL_HI)
    ink = ui.BG_DEEP if kind in (DUE, PLAYING) else ui.TEXT
    width = ui.assets.font(ui.SMALL, True).size("Daily")[0] + 24
    tag = pygame.Rect(row.left, row.top, width, row.height)
    ui.panel(surface, tag, fill, radius=10)
    ui.label(surface, "Daily", tag.center, ui.SMALL, ink, bold=True, anchor="center")
    ui.fit_text(surface, words, (tag.right + 14, row.top, row.right - tag.right - 14,
                row.height), ui.SMALL, ui.TEXT if kind == DONE else ui.MUTED, align="left",
                max_lines=1)


TITLE_MIDDLE = 20             # the title line's middle, below the picture (its 34 px text)
DAILY_ROW = 38                # a daily game's row for today's puzzle, at the card's foot
THUMBNAIL_SIZE = (520, 250)   # every game paints its picture at this size; cards scale it


def thumbnail_path(key: str) -> str:
    return ui.assets.resource("sprites", "thumbnails", f"{key}.bmp")


def paint_card_picture(key: str, size: tuple[int, int]) -> pygame.Surface:
    """The game's thumbnail, scaled to fit `size` (keeping its shape), centred on a panel."""
    picture = registry.lookup(key).art().sprites.thumbnail(THUMBNAIL_SIZE)
    scale = min(size[0] / THUMBNAIL_SIZE[0], size[1] / THUMBNAIL_SIZE[1])
    fitted = pygame.transform.smoothscale(
        picture, (round(THUMBNAIL_SIZE[0] * scale), round(THUMBNAIL_SIZE[1] * scale)))
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, ui.BG_DEEP, card.get_rect(), border_radius=16)
    card.blit(fitted, fitted.get_rect(center=card.get_rect().center))
    return card


def card_picture(key: str, size: tuple[int, int]) -> pygame.Surface:
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


def card_layout(count: int, screen: tuple[int, int] = (1920, 1080)
                ) -> tuple[int, int, int, tuple[int, int]]:
    """(columns, card width, card height, picture size) for `count` cards."""
    width, height = screen
    columns = 3 if count <= 3 else 4
    rows = max(1, -(-count // columns))
    card_w = (width - 160 - (columns - 1) * CARD_GAP) // columns
    card_h = min(440, (height - 200 - 170 - (rows - 1) * CARD_GAP) // rows)
    return columns, card_w, card_h, (card_w - 40, card_h - 150)


def picture_size(key: str, size: tuple[int, int]) -> tuple[int, int]:
    """A card's picture: `size` (card_layout's), shorter on a game with a daily puzzle by the
    row that says how today's stands."""
    shorter = max(1, size[1] - DAILY_ROW - 18)    # (a small logical screen has little room)
    return (size[0], shorter) if registry.lookup(key).daily else (size[0], size[1])


CARD_GAP = 36
START_PICTURE = "launcher-start.sprite"   # the launcher as it first shows (sprite_cache.py)


# Where what paints the launcher lives: its screens and their drawing, the registry, the
# card pictures' painters (at a card size the shipped pictures were not made for), the card
# pictures and the fonts.
PAINTERS = (("games", "core", "screens"), ("games", "core", "loop"), ("games", "core", "kit"),
            ("sprites",), ("sprites", "thumbnails"), ("fonts",))


def files_in(folder: str) -> list[str]:
    """The code, pictures and fonts in `folder`; the folder itself where it cannot be read."""
    try:
        return [entry.path for entry in os.scandir(folder)
                if entry.name.endswith((".py", ".bmp", ".ttf"))]
    except OSError:
        return [folder]


def painted_by() -> tuple[tuple[str, int, int], ...]:
    """What the launcher's picture is made by besides its look, each file by its size and
    time of change: the files in PAINTERS and the games' packages (their titles and blurbs,
    and what a card picture painted for another card size may draw on); a frozen build's
    executable, which holds them all."""
    if getattr(sys, "frozen", False):
        paths = [sys.executable]
    else:
        packages = (sys.modules.get(info.package) for info in registry.launcher_games())
        folders = [ui.assets.resource(*folder) for folder in PAINTERS] + \
            [os.path.dirname(getattr(package, "__file__", None) or "?") for package in packages]
        paths = sorted(path for folder in folders for path in files_in(folder))
    made = []
    for path in paths:
        try:
            stat = os.stat(path)
            made.append((path, stat.st_size, stat.st_mtime_ns))
        except OSError:
            made.append((path, -1, -1))
    return tuple(made)


class LauncherScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        # key -> (size, picture)
        self.pictures: dict[str, tuple[tuple[int, int], pygame.Surface]] = {}
        self.message_time = 6.0
        self.opening: Job | None = None    # the history, opened after the first frame
        self.badges_shown = False
        self.streak: int | None = None      # the collection's daily streak, once known
        # The whole picture, kept in memory (remember).
        self.kept: tuple[Hashable, pygame.Surface] | None = None
        self.drawn: Hashable = None
        # The first frame is read from disk where it was kept for the same look and the same
        # code and files (START_PICTURE), and so is that look again until it is kept in
        # memory; else it is painted, then kept on disk after it shows.
        self.shown = False
        self.start: tuple[Hashable, bytes] | None = None     # (its look, its key)
        self.unkept: tuple[bytes, pygame.Surface] | None = None
        self.built: ui.Menu | None = None    # made when first needed: under `play GAME`, late

    @property
    def menu(self) -> ui.Menu:
        return self.built if self.built is not None else self.build()

    def build(self) -> ui.Menu:
        games = registry.launcher_games()
        width, height = self.app.size
        columns, card_w, card_h, card_picture_size = card_layout(len(games), self.app.size)
        states, self.streak = self.daily_states()
        gap = CARD_GAP
        left = (width - columns * card_w - (columns - 1) * gap) // 2
        widgets: list[ui.Widget] = []
        for index, info in enumerate(games):
            row, column = divmod(index, columns)
            rect = pygame.Rect(left + column * (card_w + gap), 215 + row * (card_h + gap),
                               card_w, card_h)
            saved = self.app.store.has_save(info.key)
            size = picture_size(info.key, card_picture_size)
            card = Card(rect, info, partial(self.picture, info.key, size), size[1], saved,
                        partial(self.open_setup, info.key), partial(self.resume, info.key),
                        bool(info.daily))
            card.daily = states.get(info.key)
            widgets.append(card)
        self.quit_button = ui.Button((width - 300, height - 120, 260, 80), "Quit",
                                     self.confirm_quit)
        widgets.append(ui.Button((width - 1240, height - 120, 360, 80), "Open a game ID",
                                 self.open_id))
        widgets.append(ui.Button((width - 860, height - 120, 260, 80), "Statistics",
                                 self.open_statistics))
        widgets.append(ui.Button((width - 580, height - 120, 260, 80), "Settings",
                                 self.open_settings))
        widgets.append(self.quit_button)
        focus = self.built.focus if self.built is not None else 0
        self.built = ui.Menu(widgets, min(focus, len(widgets) - 1))
        return self.built

    def open_statistics(self) -> None:
        from games.core.screens.stats import StatsScene  # not on the way to the first frame
        self.app.push(StatsScene(self.app, ""))

    def daily_states(self) -> tuple[dict[str, DailyState], int | None]:
        """How today's puzzle of each game with one stands (to play, in progress: saved, or
        done with its time or score), and the collection's daily streak; nothing until the
        history is open (it opens after the first frame, and the cards are told then)."""
        if self.opening is None or not self.opening.done:
            return {}, None
        from games.core.data import records, share, stats
        from games.core.screens.dailies import today
        day, states = today(), {}
        for key in (game.key for game in registry.daily_games()):
            row = records.daily_result(self.app.store, key, day.isoformat())
            if row is not None:
                states[key] = (DONE, share.done_words(row))
            elif self.app.store.saved_daily(key) == day.isoformat():
                states[key] = (PLAYING, PLAYING)
            else:
                states[key] = (DUE, DUE)
        return states, stats.daily_streak(self.app.store.history(), "", day)

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            if self.menu.widgets[self.menu.focus] is self.quit_button:
                self.confirm_quit()
            else:
                self.menu.focus = self.menu.widgets.index(self.quit_button)
            return
        focused = self.menu.widgets[self.menu.focus]
        if action.kind == Act.HELP and isinstance(focused, Card):
            from games.core.screens.overlays import HelpScene
            self.app.push(HelpScene(self.app, focused.info.key))
            return
        self.menu.handle(action)

    def picture(self, key: str, size: tuple[int, int]) -> pygame.Surface:
        if key not in self.pictures or self.pictures[key][0] != size:
            self.pictures[key] = (size, card_picture(key, size))
        return self.pictures[key][1]

    def open_setup(self, key: str) -> None:
        from games.core.screens.menus import SetupScene
        self.app.push(SetupScene(self.app, key))

    def resume(self, key: str) -> None:
        from games.core.screens.launch import resume_saved_game
        resume_saved_game(self.app, key)

    def open_id(self) -> None:
        from games.core.screens.game_id import OpenIdScene
        self.app.push(OpenIdScene(self.app))

    def open_settings(self) -> None:
        from games.core.screens.overlays import SettingsScene
        self.app.push(SettingsScene(self.app))

    def confirm_quit(self) -> None:
        from games.core.screens.question import ask_to_quit
        self.app.push(ask_to_quit(self.app))

    def quit_question(self) -> Scene:
        from games.core.screens.question import ask_to_quit
        return ask_to_quit(self.app)

    def demo_step(self) -> None:
        """The demo walks the focus across the cards, as a keyboard player would."""
        self.menu.handle(Action(Act.MOVE, dx=1))

    def next_change(self) -> float | None:
        """The history being opened (the Daily badges come next), and the message shown,
        which goes when its time is up."""
        if not self.badges_shown:
            return 0.0
        return self.message_time if self.app.messages else None

    def update(self, dt: float) -> None:
        if self.opening is None:     # the first step comes after the first frame is shown
            self.opening = self.app.jobs.start(self.app.store.history)
        elif self.opening.done and not self.badges_shown:
            self.badges_shown = True     # today's puzzles, now that the history can say
            states, self.streak = self.daily_states()
            for widget in self.menu.widgets:
                if isinstance(widget, Card):
                    widget.daily = states.get(widget.info.key)
            self.app.mark_dirty()
        self.message_time = max(0.0, self.message_time - dt)
        if self.message_time == 0 and self.app.messages:
            self.app.messages.pop(0)
            self.message_time = 6.0
        self.keep_start_picture()

    def look(self) -> Hashable:
        """Everything the picture shows that can change while the launcher is open."""
        cards = tuple((widget.saved, widget.daily) if isinstance(widget, Card) else
                      widget.enabled for widget in self.menu.widgets)
        return (self.menu.focus, cards, self.streak, tuple(self.app.messages[:1]),
                palette.current(), ui.assets.text_scale(), self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        if survey.current is not None:     # painted afresh, where the survey sees it
            self.paint(surface)
            return
        look = self.look()
        if not self.shown:
            self.shown = True
            key = self.start_key(look)
            self.start = None if key is None else (look, key)
        if self.kept is not None and self.kept[0] == look:
            surface.blit(self.kept[1], (0, 0))
            return
        painted_start = None
        if self.start is not None and self.start[0] == look:
            if sprite_cache.read_into(surface, self.start[1], START_PICTURE):
                self.remember(look, surface)
                return
            painted_start, self.start = self.start[1], None   # none on disk: keep this one
        self.paint(surface)
        if painted_start is not None:
            self.unkept = (painted_start, surface.copy())
        self.remember(look, surface)

    def remember(self, look: Hashable, surface: pygame.Surface) -> None:
        """The picture is kept in memory once drawn twice alike (off the first frame's
        path): a frame that changes nothing on it (a pointer moving) is then one copy."""
        if look == self.drawn:
            self.kept = (look, surface.copy())
        self.drawn = look

    def start_key(self, look: Hashable) -> bytes | None:
        """What the first frame is kept under: its look and what painted it (painted_by,
        pygame's version), so a picture painted by other code, fonts or card pictures is
        never used (sprite_cache also checks the file whole: not cut, not garbled). None
        without a folder to keep it in."""
        if sprite_cache.folder() is None:
            return None
        return repr((look, painted_by(), pygame.version.ver)).encode()

    def keep_start_picture(self) -> None:
        """Write the first frame painted, once it has been shown (off its path)."""
        if self.unkept is not None:
            key, picture = self.unkept
            self.unkept = None
            sprite_cache.write(key, picture, START_PICTURE)

    def on_quit(self) -> None:
        self.keep_start_picture()    # a launcher closed at once keeps it too

    def paint(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = self.app.size
        ui.fit_text(surface, "Parlour", (80, 52, 1200, 104), 84, ui.TEXT, bold=True,
                    align="left", max_lines=1)
        ui.fit_text(surface, "Calm, clever games for a big screen", (86, 158, 1200, 44), ui.BODY,
                    ui.MUTED, align="left", max_lines=1)
        if self.streak is not None:     # the collection's, once the history can say
            ui.label(surface, f"Daily streak: {self.streak} day{'' if self.streak == 1 else 's'}",
                     (width - 80, 160), ui.BODY, ui.ACCENT, bold=True, anchor="topright")
        self.menu.draw(surface)
        # Beside the buttons: a message while there is one, else how to get about.
        foot = (80, height - 124, width - 1340, 88)
        if self.app.messages:
            ui.fit_text(surface, self.app.messages[0], foot, ui.SMALL + 2, ui.ACCENT, align="left")
        else:
            hint = "Arrows or d-pad to choose, Enter or A to open, F1 for rules, F11 full screen"
            ui.fit_text(surface, hint, foot, ui.SMALL, ui.MUTED, align="left")

    def on_uncovered(self) -> None:
        """A game (or a screen over it) closed: a game may have been saved or ended since."""
        self.build()
