"""The statistics screen of one game (from its setup screen) or of the whole collection (from
the launcher), and the history of recent games, where a deal can be played again. Both read
the history (games/core/data/stats.py, history.py) when they open and draw what they read
into a picture once: moving the focus redraws only the buttons."""
from __future__ import annotations

import datetime
import math
from collections.abc import Callable

import pygame

from games.core.data import history, history_queries, stats
from games.core.data.history_queries import Filter
from games.core.data.history_rows import TIME_FORMAT
from games.core.kit import registry
from games.core.kit.actions import Act, Action
from games.core.kit.levels import TITLES
from games.core.kit.results import (
    RECORD_HEADING,
    WON_WITH_HELP,
    history_result,
    plural,
    record_text,
)
from games.core.kit.rules_api import GameError
from games.core.kit.saves import RESTART
from games.core.kit.versus_options import custom_words
from games.core.loop import survey
from games.core.loop.app import App, Scene
from games.core.screens import charts, ui
from games.core.screens.launch import start_deal
from games.core.screens.question import ConfirmScene

ROW = ui.SMALL + 2
Table = tuple[list[str], list[list[str]]]   # column titles, rows
MOOD_INK = {"good": ui.GOOD, "bad": ui.BAD, "neutral": ui.TEXT}
GAP = 36            # between a table's columns
PAGE = 10           # games on a page of the history
TABLE_ROWS = 7      # difficulties, levels or games in a table (the most played)


def fitted_table(rows: list[list[str]], room: int, stretch: int | None = 0,
                 bold: int | None = None) -> tuple[int, list[int]]:
    """The size a table's words are drawn at and its columns' widths, in `room`: each column
    as wide as its widest words (column `bold` in bold) and a gap, at ROW or, where that is
    too wide, smaller, down to the smallest legible text (ui.MIN_TEXT on screen). The column
    `stretch` takes what is left (None: every column a share), or at the smallest size gives
    up what is missing."""
    smallest = min(ROW, math.ceil(ui.MIN_TEXT / ui.assets.text_scale()))
    for size in [*range(ROW, smallest, -2), smallest]:
        faces = [ui.assets.font(size, column == bold) for column in range(len(rows[0]))]
        widths = [max(faces[column].size(row[column])[0] for row in rows) + GAP
                  for column in range(len(rows[0]))]
        spare = room - sum(widths)
        if spare >= 0:
            break
    if stretch is None and spare > 0:
        return size, [width + spare // len(widths) for width in widths]
    widths[-1 if stretch is None else stretch] += spare
    return size, widths


# --- words ------------------------------------------------------------------------------------

def params_words(params: str) -> str:
    """'size=6,difficulty=hard,hidden_operators=1' -> 'Size 6, Hard, Hidden operators'."""
    words = []
    for part in params.split(","):
        name, _, value = part.partition("=")
        name = name.replace("_", " ")
        if value == "1" and name not in ("size", "tiles", "colours"):
            words.append(name)
        elif value.isdigit():
            words.append(f"{name} {value}")
        elif value:
            words.append(value.replace("_", " "))
    text = ", ".join(words) or "Standard"
    return text[:1].upper() + text[1:]


def setting_words(key: str, params: str) -> str:
    """A setting as the history keeps it (a game's parameters) in the game's own words, the
    same as its best results and its result say (info.setting_words: '6 x 6, Hard'); read
    field by field where the game has none, or the parameters no longer parse."""
    try:
        game = registry.lookup(key)
        words = game.data.setting_words
        if words is not None:
            return str(words(game.rules.parse_params(params)))
    except (KeyError, ImportError, GameError, ValueError, TypeError):
        pass
    return params_words(params)


def level_words(level: str) -> str:
    if level in TITLES:
        return TITLES[level]
    return custom_words(int(level)) if level.isdigit() else level.replace("_", " ").title()


def network_words(friend: str) -> str:
    """A game against a friend over the network (the history keeps the friend's name)."""
    return f"Network: {friend}" if friend else "Network"


def title_of(key: str) -> str:
    try:
        return registry.lookup(key).title
    except KeyError:
        return key


def result_words(game: history.Game) -> tuple[str, ui.Colour]:
    """The result column's words and colour: won, lost or drawn, or a win with help (solved by
    the computer, or with help its game counts: results.history_result), in their moods."""
    words, mood = history_result(game.outcome, game.opponent, game.ranked, game.record)
    if game.games > 1:
        words = f"{game.games} {words.lower()}"
    elif game.daily:
        words += " (daily)"
    return words, MOOD_INK[mood]


def local_time(utc: str) -> str:
    """A UTC time of the history as the player's local 'YYYY-MM-DD HH:MM'."""
    try:
        moment = datetime.datetime.strptime(utc, TIME_FORMAT)
    except ValueError:
        return utc
    local = moment.replace(tzinfo=datetime.UTC).astimezone()
    return local.strftime("%Y-%m-%d %H:%M")


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.0f}%"


def hours(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def last(count: int, words: str) -> str:
    """'last 12 games', 'last game', 'last games' (none yet)."""
    return f"last {words}" if count == 1 else f"last {count} {words}s" if count else \
        f"last {words}s"


# --- the statistics -----------------------------------------------------------------------------

class StatsScene(Scene):
    """Statistics of one game (`key`) or of the collection (""): the figures, a table per
    difficulty, level or game, and the charts. History opens the list of recent games."""

    def __init__(self, app: App, key: str = "") -> None:
        super().__init__(app)
        self.key = key
        self.figures = stats.figures(app.store.history(), key)
        self.picture: pygame.Surface | None = None
        width, height = app.size
        self.menu = ui.Menu([
            ui.Button((width - 700, height - 110, 320, 80), "History",
                      lambda: app.push(HistoryScene(app, key))),
            ui.Button((width - 360, height - 110, 280, 80), "Back", lambda: app.pop(self))])

    @property
    def title(self) -> str:
        return f"{title_of(self.key)}: statistics" if self.key else "Statistics: all games"

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.app.pop(self)
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        if survey.current is not None:     # painted afresh, where the survey sees it
            self.paint(surface)
            self.menu.draw(surface)
            return
        if self.picture is None or self.picture.get_size() != surface.get_size():
            # made in the screen's own format at once: a convert() would copy 8 MB again
            self.picture = pygame.Surface(surface.get_size(), 0, surface)
            self.paint(self.picture)
        surface.blit(self.picture, (0, 0))
        self.menu.draw(surface)

    def paint(self, surface: pygame.Surface) -> None:
        """Everything but the buttons, once: the figures do not change while it is open."""
        width, height = self.app.size
        surface.fill(ui.BG)
        ui.label(surface, self.title, (80, 40), ui.TITLE, ui.TEXT, bold=True)
        figures = self.figures
        if not self.key:
            self.paint_collection(surface)
            return
        self.paint_numbers(surface, pygame.Rect(80, 140, 600, 430))
        table = pygame.Rect(720, 140, width - 800, 430)
        if figures.levels or registry.lookup(self.key).players == 2:
            self.paint_table(surface, table, "Against the computer, each level",
                             level_rows(figures.levels))
        else:
            self.paint_table(surface, table, "Each setting", param_rows(self.key,
                                                                       figures.groups))
        top, bottom = 600, height - 130
        other = "Drawn, two players" if registry.lookup(self.key).players == 2 else \
            WON_WITH_HELP
        lower = registry.lookup(self.key).lower_is_better
        if figures.recent_kind == "time":
            third = (width - 240) // 3
            charts.day_bars(surface, pygame.Rect(80, top, third, bottom - top), figures.days,
                            other)
            charts.line(surface, pygame.Rect(120 + third, top, third, bottom - top),
                        f"Time of the {last(len(figures.recent), 'game')}", figures.recent,
                        figures.recent_median, True)
            charts.level_bars(surface, pygame.Rect(160 + 2 * third, top, third, bottom - top),
                              figures.levels, level_words)
        else:
            half = (width - 200) // 2
            charts.day_bars(surface, pygame.Rect(80, top, half, bottom - top), figures.days,
                            other)
            charts.line(surface, pygame.Rect(120 + half, top, half, bottom - top),
                        f"Score of the {last(len(figures.recent), 'scored game')}",
                        figures.recent, figures.recent_median, lower)

    def paint_collection(self, surface: pygame.Surface) -> None:
        """The whole collection: each game across the top (its results, and the best and
        median of its most played setting), then the figures and the charts in thirds."""
        width, height = self.app.size
        figures = self.figures
        self.paint_table(surface, pygame.Rect(80, 140, width - 160, 420),
                         "Each game, and its most played setting (two players: winning times)",
                         per_game_rows(figures.per_game))
        top, bottom = 590, height - 130
        third = (width - 240) // 3
        self.paint_numbers(surface, pygame.Rect(80, top, third, bottom - top))
        charts.day_bars(surface, pygame.Rect(120 + third, top, third, bottom - top),
                        figures.days, "Neither won nor lost")
        charts.level_bars(surface, pygame.Rect(160 + 2 * third, top, third, bottom - top),
                          figures.levels, level_words)

    def paint_numbers(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        figures = self.figures
        ui.panel(surface, box, ui.PANEL)
        rows = [("Played", str(figures.played)),
                (RECORD_HEADING, record_text(figures.won, figures.lost, figures.drawn)),
                ("Win rate", percent(figures.win_rate)),
                ("Current streak", plural(figures.streak, "win")),
                ("Best streak", plural(figures.best_streak, "win"))]
        if not self.key or registry.lookup(self.key).players == 1:
            rows.append(("Daily streak", plural(figures.daily_streak, "day")))
        if figures.two_players:
            rows.append(("Between two players", str(figures.two_players)))
        if figures.helped:
            rows.append((WON_WITH_HELP, str(figures.helped)))
        rows.append(("Time played", hours(figures.seconds)))
        pitch = min(56, (box.height - 40) // len(rows))
        for n, (name, value) in enumerate(rows):
            y = box.top + 20 + n * pitch + pitch // 2
            ui.label(surface, name, (box.left + 30, y), ROW, ui.MUTED, anchor="midleft")
            ui.label(surface, value, (box.right - 30, y), ROW, ui.TEXT, bold=True,
                     anchor="midright")

    def paint_table(self, surface: pygame.Surface, box: pygame.Rect, heading: str,
                    table: Table) -> None:
        """A heading, column titles and rows: the first column takes what the others leave."""
        columns, rows = table
        ui.panel(surface, box, ui.PANEL)
        ui.fit_text(surface, heading, (box.left + 30, box.top + 14, box.width - 60, 48),
                    charts.TITLE_SIZE, ui.TEXT, bold=True, align="left", max_lines=1)
        if not rows:
            charts.empty(surface, box)
            return
        shown = [list(columns), *rows[:TABLE_ROWS]]
        size, widths = fitted_table(shown, box.width - 60, bold=0)
        pitch = min(52, (box.height - 100) // (min(len(rows), TABLE_ROWS) + 1))
        for row_index, row in enumerate(shown):
            y = box.top + 90 + row_index * pitch
            x = box.left + 30
            for column, (words, width) in enumerate(zip(row, widths)):
                colour = ui.MUTED if row_index == 0 else ui.TEXT if column else ui.ACCENT
                if column == 0:
                    ui.label(surface, charts.fitted(words, size, width - GAP, row_index > 0),
                             (x, y), size, colour, bold=row_index > 0, anchor="midleft")
                else:
                    ui.label(surface, charts.fitted(words, size, width - GAP), (x + width, y),
                             size, colour, anchor="midright")
                x += width

    def next_change(self) -> float | None:
        return None


def param_rows(key: str, groups: list[stats.Group]) -> Table:
    columns = ["Settings", "Played", "Won", "Best", "Median"]
    return columns, [[setting_words(key, g.name), str(g.played), str(g.won), g.best or "-",
                      g.median or "-"] for g in groups]


def level_rows(groups: list[stats.Group]) -> Table:
    columns = ["Level", "Played", RECORD_HEADING, "Fastest win", "Median win"]
    return columns, [[level_words(g.name), str(g.played), record_text(g.won, g.lost, g.drawn),
                      g.best or "-", g.median or "-"] for g in groups]


def per_game_rows(groups: list[stats.Group]) -> Table:
    """Each game: its results, and the best and median of its most played setting (a
    puzzle's score or time per parameters, a two-player game's winning time per level)."""
    columns = ["Game", "Played", RECORD_HEADING, "Win rate", "Most played", "Best", "Median"]
    rows = []
    for g in groups:
        decided = g.won + g.lost + g.drawn
        two_players = g.name in registry.keys() and registry.lookup(g.name).players == 2
        setting = (level_words(g.setting) if two_players else
                   setting_words(g.name, g.setting)) if g.setting else "-"
        rows.append([title_of(g.name), str(g.played), record_text(g.won, g.lost, g.drawn),
                     percent(g.won / decided if decided else None), setting,
                     g.best or "-", g.median or "-"])
    return columns, rows


# --- the history of recent games ------------------------------------------------------------------

class GameRow(ui.Widget):
    """One finished game in the list. A two-player game's row opens its review, a puzzle's
    its replay (Enter, A, or a click on "Review" or "Replay"); any row with a game ID offers
    to play its deal again (a click on "Play again", or X)."""

    def __init__(self, rect: ui.RectLike, game: history.Game, with_title: bool,
                 on_play: Callable[[history.Game], None],
                 on_review: Callable[[history.Game], None]) -> None:
        super().__init__(rect, enabled=bool(game.game_id))
        self.game, self.with_title = game, with_title
        self.on_play, self.on_review = on_play, on_review
        self.look_back = look_back_words(game) if game.game_id else ""
        self.reviewable = bool(self.look_back)
        # The columns' widths, the same in every row of a page (HistoryScene.build).
        self.size, self.widths = fitted_table([self.words()], self.rect.width - 40 - self.ACTIONS,
                                              None)

    def activate(self) -> None:
        if self.reviewable:
            self.on_review(self.game)
        elif self.enabled:
            self.on_play(self.game)

    def play_again(self) -> None:
        if self.enabled:
            self.on_play(self.game)

    def review_rect(self) -> pygame.Rect:
        """Where "Review" or "Replay" is written (and clicked), left of "Play again"."""
        return pygame.Rect(self.rect.right - 340, self.rect.top, 130, self.rect.height)

    def press(self, pos: tuple[int, int]) -> None:
        if self.reviewable and self.review_rect().collidepoint(pos):
            self.on_review(self.game)
        else:
            self.play_again()

    ACTIONS = 360      # the room at the right for "Review" or "Replay" and "Play again"

    def cells(self) -> list[tuple[str, ui.Colour]]:
        """(words, colour) of each column, left to right: when, the game (in the collection's
        history), the setting, the result, the score or time."""
        game = self.game
        when = local_time(game.finished)
        settings = level_words(game.level) if game.opponent == "computer" else \
            "Two players" if game.opponent == "human" else \
            network_words(game.detail) if game.opponent == "network" else \
            setting_words(game.game, game.params)
        score = stats.clock(game.duration) if game.duration is not None else "-"
        if game.opponent == "" and game.detail:
            score = game.detail
        cells = [(when, ui.TEXT)]
        if self.with_title:
            cells.append((title_of(game.game), ui.TEXT))
        return cells + [(settings, ui.TEXT), result_words(game), (score, ui.TEXT)]

    def words(self) -> list[str]:
        return [words for words, _ in self.cells()]

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        colour = ui.PANEL_HI if focused else ui.PANEL
        ui.panel(surface, self.rect, colour, radius=12, border=ui.LINE, width=1)
        x = self.rect.left + 20
        for (words, ink), width in zip(self.cells(), self.widths):
            ui.label(surface, charts.fitted(words, self.size, width - GAP),
                     (x, self.rect.centery), self.size, ink, anchor="midleft")
            x += width
        if self.enabled:
            ui.label(surface, "Play again", (self.rect.right - 20, self.rect.centery), ROW,
                     ui.ACCENT if focused and not self.reviewable else ui.MUTED,
                     bold=focused and not self.reviewable, anchor="midright")
        if self.reviewable:
            ui.label(surface, self.look_back, self.review_rect().center, ROW,
                     ui.ACCENT if focused else ui.MUTED, bold=focused, anchor="center")
        if focused:
            ui.focus_ring(surface, self.rect, 14)


def look_back_words(game: history.Game) -> str:
    """"Review" for a finished two-player game, "Replay" for a puzzle, with its moves kept;
    "" for a game without (an imported record has none)."""
    try:
        players = registry.lookup(game.game).players
    except KeyError:
        return ""
    if not any(text and text != RESTART for text in game.moves):
        return ""
    return "Review" if players == 2 else "Replay"


class HistoryScene(Scene):
    """Recent games, newest first, a page at a time: date, settings, result, time or score.
    A game's row plays its deal again (from its game ID), after a question."""

    def __init__(self, app: App, key: str = "") -> None:
        super().__init__(app)
        self.key, self.page = key, 0
        self.problem = ""      # why the last review asked for could not open
        self.chosen = Filter(game=key)
        self.total = history_queries.count(app.store.history(), self.chosen)
        self.build()

    def build(self, focus: int = 0) -> None:
        width, height = self.app.size
        games = history_queries.games(self.app.store.history(), self.chosen, PAGE,
                                      self.page * PAGE)
        widgets: list[ui.Widget] = [
            GameRow((80, 190 + n * 72, width - 160, 62), game, not self.key, self.confirm,
                    self.review)
            for n, game in enumerate(games)]
        self.rows = len(widgets)
        if widgets:     # the columns as wide as the page's words, sharing what is left
            rows = [row.words() for row in widgets if isinstance(row, GameRow)]
            table = fitted_table(rows, widgets[0].rect.width - 40 - GameRow.ACTIONS, None)
            for row in widgets:
                if isinstance(row, GameRow):
                    row.size, row.widths = table
        self.newer = ui.Button((80, height - 110, 300, 80), "Newer", lambda: self.turn(-1),
                               enabled=lambda: self.page > 0)
        self.older = ui.Button((400, height - 110, 300, 80), "Older", lambda: self.turn(1),
                               enabled=lambda: (self.page + 1) * PAGE < self.total)
        widgets += [self.newer, self.older,
                    ui.Button((width - 360, height - 110, 280, 80), "Back",
                              lambda: self.app.pop(self))]
        self.menu = ui.Menu(widgets, min(focus, len(widgets) - 1))

    def turn(self, pages: int) -> None:
        """Another page; the focus stays on the same button (the mouse may click on)."""
        self.page = max(0, self.page + pages)
        focus_on = self.menu.widgets[self.menu.focus]
        self.build()
        if focus_on not in (self.newer, self.older):
            return
        self.menu.focus = self.menu.widgets.index(self.newer if pages < 0 else self.older)
        if not self.menu.widgets[self.menu.focus].enabled:
            self.menu.focus = 0

    def confirm(self, game: history.Game) -> None:
        detail = f"{title_of(game.game)}, {local_time(game.finished)}: the same deal, from the " \
            "start."
        self.app.push(ConfirmScene(self.app, "Play this deal again?", "Play", "Back",
                                   lambda: self.play(game), detail))

    def play(self, game: history.Game) -> None:
        start_deal(self.app, game.game_id)

    def review(self, game: history.Game) -> None:
        """A two-player game's review, a puzzle's replay; a game whose moves no longer replay
        is said so, here."""
        from games.core.screens.replay import ReplayScene  # its game's modules, when asked
        from games.core.screens.review import ReviewScene
        when = f"{title_of(game.game)}, {local_time(game.finished)}"
        scene: Scene
        try:
            if look_back_words(game) == "Replay":
                scene = ReplayScene(self.app, game, f"{when}: replay")
            else:
                scene = ReviewScene(self.app, game.game, game.game_id, game.moves,
                                    f"{when}: review")
        except (GameError, ValueError) as error:
            verb = "replayed" if look_back_words(game) == "Replay" else "reviewed"
            self.problem = f"This game cannot be {verb}: {error}"
            return
        self.problem = ""
        self.app.push(scene)

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.app.pop(self)
        elif action.kind == Act.ALT:                   # X: play the focused game's deal again
            focused = self.menu.widgets[self.menu.focus]
            if isinstance(focused, GameRow):
                focused.play_again()
        elif action.kind in (Act.UNDO, Act.REDO):     # LB / RB: a page newer or older
            button = self.newer if action.kind == Act.UNDO else self.older
            if button.enabled:
                self.turn(-1 if button is self.newer else 1)
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        width, height = self.app.size
        surface.fill(ui.BG)
        title = f"{title_of(self.key)}: history" if self.key else "History: all games"
        ui.label(surface, title, (80, 40), ui.TITLE, ui.TEXT, bold=True)
        if self.total:
            first = self.page * PAGE + 1
            shown = f"Games {first} to {first + self.rows - 1} of {self.total}, newest first"
        else:
            shown = "No games yet: finished games appear here."
        ui.label(surface, charts.fitted(self.problem, ui.BODY, width - 168) if self.problem
                 else shown, (84, 130), ui.BODY, ui.BAD if self.problem else ui.MUTED)
        self.menu.draw(surface)
        hint = "Enter or A reviews or replays a game, X plays its deal again; LB / RB turn " \
            "the pages"
        ui.fit_text(surface, hint, (720, height - 110, width - 1100, 80), charts.LABEL, ui.MUTED,
                    align="left")

