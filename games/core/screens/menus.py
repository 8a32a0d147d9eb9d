"""The screens around a game: its setup (options, resume, best scores), its pause menu and its
result. The launcher is in launcher.py; making and resuming a game is in launch.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.core.data import records
from games.core.kit import registry
from games.core.kit.actions import Act, Action
from games.core.kit.options import Option, params_kwargs, play_choices, remember
from games.core.kit.results import Result
from games.core.kit.rules_api import GameError
from games.core.loop import survey
from games.core.loop.app import App, Scene
from games.core.screens import ui
from games.core.screens.game_id import IdRow, Toast, copy_game_id
from games.core.screens.launch import (
    colour_words,
    open_daily,
    remembered_choices,
    resume_saved_game,
    start_new_game,
)
from games.core.screens.overlays import HelpScene, MenuScreen, SettingsScene
from games.core.screens.question import ConfirmScene, ask_to_quit

if TYPE_CHECKING:
    from games.core.screens.frame import Frame


class SetupScene(Scene):
    """A game's front page: its options, resume, new game, today's puzzle, statistics, rules
    and best scores."""

    def __init__(self, app: App, key: str, replace_scene: Frame | None = None) -> None:
        super().__init__(app)
        self.key, self.replace_scene = key, replace_scene
        if replace_scene is not None:       # from a game: its board may name where to start
            choices = replace_scene.board.setting_up()
            if choices:
                remember(app.settings, key, choices)
        self.info = registry.lookup(key)
        self.options = self.info.data.options_for(app.settings)
        remembered = remembered_choices(key, app.settings.get("setup", {}).get(key))
        width, height = app.size
        widgets: list[ui.Widget] = []
        self.choices: list[tuple[Option, ui.Stepper]] = []
        resume = replace_scene is None and app.store.has_save(key)
        from games.core.kit.lesson import has_lesson, lesson_done  # off the first frame
        lesson = has_lesson(key)
        # Offered first when the player comes to the game (not when a game asks for the next
        # one: one press starts it), until the lesson has been played through.
        first_time = lesson and replace_scene is None and not lesson_done(app.settings, key)
        from games.core.kit import daily
        has_daily = daily.has_daily(key)
        rows = len(self.options) + 3 + (1 if resume else 0) + (1 if first_time else 0) + \
            (1 if has_daily else 0)
        step = min(104, (height - 250 - 80) // rows)   # many options: rows get closer
        size = step - 20
        y = 250
        for option in self.options:
            stepper = ui.Stepper((120, y, 820, size), option.label, tuple(
                (value, colour_words(key, words)) for value, words in option.choices))
            stepper.select(option.default)
            stepper.select(remembered.get(option.key, option.default))
            self.choices.append((option, stepper))
            widgets.append(stepper)
            y += step
        y += 20
        if first_time:
            widgets.append(ui.Button((120, y, 820, size), "Learn to play (2 min)", self.learn))
            y += step
        if resume:
            widgets.append(ui.Button((120, y, 820, size), "Resume saved game", self.resume))
            y += step
        widgets.append(ui.Button((120, y, 820, size), "New game", self.new_game))
        y += step
        widgets.append(ui.Button((120, y, 820, size), "Statistics", self.statistics))
        y += step
        if has_daily:      # today's puzzle, and the days before it (a row of halves, as the
            #                last: the arrows reach each half from the whole rows above)
            widgets.append(ui.Button((120, y, 400, size), self.today_words(), self.daily))
            widgets.append(ui.Button((540, y, 400, size), "Past puzzles", self.archive))
            y += step
        bottom = [("Rules", self.open_rules), ("Back", lambda: app.pop(self))]
        if lesson and not first_time:
            bottom.insert(0, ("Learn to play", self.learn))
        width = (820 - 20 * (len(bottom) - 1)) // len(bottom)
        for n, (words, callback) in enumerate(bottom):
            widgets.append(ui.Button((120 + n * (width + 20), y, width, size), words, callback))
        self.lesson = lesson
        focus = next((i for i, w in enumerate(widgets) if isinstance(w, ui.Button)), 0)
        self.widgets, self.step = widgets, step
        self.places = [widget.rect.topleft for widget in widgets]
        self.menu = ui.Menu(widgets, focus)
        self.show_rows()

    def show_rows(self) -> None:
        """The rows the choices call for: no computer level against a friend over the
        network (its row hidden, its value kept, the rows below it moved up)."""
        hidden = [stepper for option, stepper in self.choices if option.key == "level"] \
            if self.chosen().get("opponent") == "network" else []
        gap = min((widget.rect.top for widget in hidden), default=None)
        for widget, (x, y) in zip(self.widgets, self.places):
            widget.rect.topleft = (x, y - self.step if gap is not None and y > gap else y)
        focused = self.menu.widgets[self.menu.focus]
        self.menu.widgets = [widget for widget in self.widgets if widget not in hidden]
        self.menu.focus = self.menu.widgets.index(focused) if focused in self.menu.widgets \
            else 0

    def choose(self, key: str, value: object) -> None:
        """Set an option to one of its values (as a player stepping through it would)."""
        for option, stepper in self.choices:
            if option.key == key:
                if value not in [v for v, _ in option.choices]:
                    raise ValueError(f"{self.key}'s {key} has no value {value!r}")
                stepper.select(value)
                self.show_rows()
                return
        raise KeyError(f"{self.key} has no option {key!r}")

    def chosen(self) -> dict[str, Any]:
        return {option.key: stepper.value for option, stepper in self.choices}

    def problem(self) -> str:
        """Why the chosen options cannot make a game (a 3 x 3 Hard KenKen, say), or ''."""
        try:
            self.info.rules.params_from_options(**params_kwargs(self.options, self.chosen()))
        except GameError as error:
            return str(error)
        return ""

    def new_game(self) -> None:
        """Start the chosen game; over a game of this game in progress (saved, or the one
        this screen was opened from) it asks once, the focus on keeping that game."""
        if self.problem():
            self.app.audio.play("wrong")   # the panel says why; New game waits for a change
            return
        # A game with a friend takes the game's one save too: asked alike.
        begin = self.play_a_friend if self.chosen().get("opponent") == "network" else self.start
        game = self.replace_scene
        if (game is not None and not game.over) or \
                (game is None and self.app.store.has_save(self.key)):
            self.app.push(ConfirmScene(
                self.app, "Start a new game?", "New game (Y)", "Keep my game (N)",
                begin, f"Your {self.info.title} game in progress is given up."))
            return
        begin()

    def start(self) -> None:
        choices = self.chosen()
        remember(self.app.settings, self.key, choices)
        self.app.save_settings()
        self.app.pop(self)
        try:
            start_new_game(self.app, self.key, choices, self.replace_scene)
        except GameError as error:
            self.app.tell(str(error))

    def play_a_friend(self) -> None:
        """A friend over the network: host or join, over this screen (Back comes here)."""
        from games.core.screens.netplay import FriendScene  # off the first frame
        remember(self.app.settings, self.key, self.chosen())
        self.app.save_settings()
        self.app.push(FriendScene(self.app, self.key, self.chosen()))

    def resume(self) -> None:
        self.app.pop(self)
        resume_saved_game(self.app, self.key)

    def statistics(self) -> None:
        from games.core.screens.stats import StatsScene  # not on the way to the first frame
        self.app.push(StatsScene(self.app, self.key))

    def today_words(self) -> str:
        """Today's puzzle, as it stands: to play, in progress (in the game this screen was
        opened from, or saved) or done."""
        from games.core.screens.dailies import today  # the history: off the first frame
        day, game = today(), self.replace_scene
        if game is not None and game.daily is not None and game.daily.day == day and \
                not game.over:
            return "Back to today's puzzle"
        if game is None and self.app.store.saved_daily(self.key) == day.isoformat():
            return "Resume today's puzzle"
        if records.daily_done(self.app.store, self.key, day.isoformat()):
            return "Today's puzzle again"
        return "Today's puzzle"

    def daily(self) -> None:
        """Today's puzzle: the same deal for every player, made from the date."""
        from games.core.screens.dailies import today
        open_daily(self.app, self.key, today(), self.replace_scene, lambda: self.app.pop(self))

    def archive(self) -> None:
        """The past days' puzzles, on a calendar (over this screen)."""
        from games.core.screens.archive import ArchiveScene  # off the first frame
        self.app.push(ArchiveScene(self.app, self.key, self))

    def learn(self) -> None:
        """The game's lesson, over this screen (Play a game comes back to it)."""
        from games.core.screens.lesson import LessonScene  # off the first frame
        self.app.push(LessonScene(self.app, self.key, self.new_game))

    def open_rules(self) -> None:
        self.app.push(HelpScene(self.app, self.key, self.learn if self.lesson else None))

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.app.pop(self)
        elif action.kind == Act.HELP:
            self.open_rules()
        else:
            self.menu.handle(action)
            self.show_rows()

    def draw(self, surface: pygame.Surface) -> None:
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
        ui.fit_text(surface, heading, (box.left + 36, box.top + 16, box.width - 72, 84),
                    ui.HEADING, ui.TEXT, bold=True, align="left")
        if not rows:
            ui.label(surface, "Nothing yet with these options.", (box.left + 36, box.top + 110),
                     ui.BODY, ui.MUTED)
        for n, (left, right) in enumerate(rows):
            y = box.top + 110 + n * 70
            ui.label(surface, left, (box.left + 36, y), ui.BODY, ui.ACCENT, bold=True)
            ui.label(surface, right, (box.right - 36, y), ui.BODY, ui.MUTED, anchor="topright")

    def summary(self) -> tuple[str, records.Rows]:
        choices = self.chosen()
        play = play_choices(self.options, choices)
        try:
            params = self.info.rules.params_from_options(**params_kwargs(self.options, choices))
        except GameError:
            return "Best results", []
        return records.summary(self.app.store, self.app.settings, self.info, params, play)


def over_the_network(game: Frame) -> bool:
    """A game with a friend over the network (games/core/screens/netseat.py)."""
    return game.play_options.get("opponent") == "network"


def back_to_launcher(app: App, game: Frame) -> None:
    """Close a game and anything above it; the scene below (the launcher) is told it is on top
    again and refreshes its Resume tags."""
    if game.versus is not None:
        game.versus.close()
    app.pop(game)


class PauseScene(Scene):
    """The game menu. Opaque, so a timed game's board is hidden while paused."""

    def __init__(self, app: App, game: Frame, reason: str = "") -> None:
        super().__init__(app)
        self.game, self.reason = game, reason
        cx = app.size[0] // 2
        entries = [("Resume", self.resume), ("Restart", self.restart),
                   ("New game", self.new_game), ("Rules", game.open_rules),
                   ("Settings", lambda: app.push(SettingsScene(app))),
                   ("Save and leave", self.leave),
                   ("Quit Parlour", lambda: app.push(ask_to_quit(app)))]
        if over_the_network(game):      # one game, both sides': no restart, no other game
            entries = [entry for entry in entries if entry[0] not in ("Restart", "New game")]
        buttons = ui.button_column(entries, cx, 300, height=76, gap=16)
        self.id_row = IdRow((cx - 700, buttons[-1].rect.bottom + 40, 1400, 64),
                            game.session.game_id, self.copy)
        self.toast = Toast()
        self.menu = ui.Menu(buttons + [self.id_row.button])

    def copy(self) -> None:
        self.toast.show(copy_game_id(self.game.session.game_id))

    def next_change(self) -> float | None:
        return self.toast.next_change()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def resume(self) -> None:
        self.app.pop(self)

    def restart(self) -> None:
        self.app.pop(self)
        self.game.restart()

    def new_game(self) -> None:
        self.game.new_game()     # the setup screen, over this menu (Esc comes back here)

    def leave(self) -> None:
        """Save and leave (a game with a friend over the network asks first)."""
        versus = self.game.versus
        if versus is None or not versus.asks_to_leave(self.leave_now):
            self.leave_now()

    def leave_now(self) -> None:
        self.game.save()
        back_to_launcher(self.app, self.game)

    def handle(self, action: Action) -> None:
        if action.kind in (Act.CANCEL, Act.MENU):
            self.resume()
        elif action.kind == Act.HELP:
            self.game.open_rules()
        elif action.kind == Act.COPY:
            self.copy()
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        cx = self.app.size[0] // 2
        ui.label(surface, "Paused", (cx, 150), ui.TITLE, ui.TEXT, bold=True, anchor="center")
        if self.reason:
            ui.fit_text(surface, self.reason, (cx - 760, 196, 1520, 96), ui.BODY, ui.ACCENT)
        self.id_row.draw(surface, self.toast)
        self.menu.draw(surface)


LOOKING_BACK = "This game's result was entered when it first ended."
RESULT_WIDTH = 1320          # the result screen's box; its words 100 narrower


def note_height(note: str) -> int:
    """A note's row: one line of body text, or two where it needs them."""
    lines = ui.fit_lines(note, RESULT_WIDTH - 100, 2 * ui.line_pitch(ui.BODY, 1.2), ui.BODY)[1]
    return 56 if len(lines) == 1 else 96


RESULT_COPIED = "Your result is on the clipboard, ready to share."


def shared_result(app: App, game: Frame) -> str:
    """The shared result of the daily puzzle this game is (its day's result as the history
    keeps it: the first one), or '' when it is none."""
    play = game.daily
    if play is None:
        return ""
    from games.core.data import share
    row = records.daily_result(app.store, game.session.key, play.day.isoformat())
    return share.share_text(row) if row is not None else ""


class ResultScene(MenuScreen):
    """The end of a game, in the one template (games/core/kit/results.py): the title from the
    outcome, the reason, the facts one a line, the place in the best results, the game ID
    (Ctrl+C or Copy copies it). The words are those entered when the game first ended, or at
    a later ending (after undo) the board's own beside the one entered; the board shows
    beneath."""
    opaque = False

    def __init__(self, app: App, game: Frame, rank: int | None = None) -> None:
        super().__init__(app)
        self.game, self.rank = game, rank
        self.status = game.session.status
        self.result = game.ending.shown()
        width, height = app.size
        # As tall as its words need, between a short result and the whole screen.
        words = sum(row[4] for row in self.rows())
        self.box = pygame.Rect(0, 0, RESULT_WIDTH, max(560, min(height - 80, words + 380)))
        self.box.center = (width // 2, height // 2 + 20)
        inner = self.box.inflate(-100, 0)
        self.id_row = IdRow((inner.left, self.box.bottom - 214, inner.width, 64),
                            game.session.game_id, self.copy)
        self.toast = Toast()
        entries = [("Rematch" if over_the_network(game) else "New game", self.again),
                   ("Look at the board", lambda: app.pop(self)),
                   ("Back to the launcher", self.leave)]
        if game.versus is not None:             # a two-player game: graded move by move
            entries.insert(1, ("Review the game", game.versus.review))
        self.shared = shared_result(app, game)
        if self.shared:     # a daily puzzle: its result to share, spoiler-free
            entries.insert(1, ("Copy result", self.copy_result))
        each = (inner.width - 20 * (len(entries) - 1)) // len(entries)
        buttons = [ui.Button((inner.left + n * (each + 20), self.box.bottom - 124, each, 84),
                             words, action) for n, (words, action) in enumerate(entries)]
        self.menu = ui.Menu(buttons + [self.id_row.button])

    def copy(self) -> None:
        self.toast.show(copy_game_id(self.game.session.game_id))

    def copy_result(self) -> None:
        from games.core.loop import clipboard
        self.toast.show(clipboard.copy(self.shared) or RESULT_COPIED)

    def handle(self, action: Action) -> None:
        if action.kind == Act.COPY:
            self.copy()
        else:
            super().handle(action)

    def next_change(self) -> float | None:
        return self.toast.next_change()

    def update(self, dt: float) -> None:
        self.game.tweens.update(dt)   # the last move's animation finishes beneath the result
        self.toast.update(dt)

    def again(self) -> None:
        """New game; against a friend over the network, a rematch offered (the sides
        swapped)."""
        self.app.pop(self)
        if over_the_network(self.game):
            from games.core.screens.netseat import NetworkVersus
            if isinstance(self.game.versus, NetworkVersus):
                self.game.versus.rematch()
            return
        self.game.new_game()

    def leave(self) -> None:
        back_to_launcher(self.app, self.game)

    def rows(self) -> list[tuple[str, str, ui.Colour, bool, int]]:
        """What is said under the title, in order: (kind, words, colour, bold, height); kind
        is "fact" (words are label and value, tab-separated) or "line"."""
        result = self.result
        rows = [("line", result.reason, ui.TEXT, False, 90)]
        rows += [("fact", f"{label}\t{value}", ui.TEXT, True, 50) for label, value in result.facts]
        rows += [("line", note, ui.TEXT, False, note_height(note)) for note in result.notes]
        if self.rank:
            rows.append(("line", f"A new best result: number {self.rank} in the table!",
                         ui.ACCENT, True, 56))
        elif self.game.ending.looking_back and result == self.game.session.result:
            rows.append(("line", LOOKING_BACK, ui.MUTED, False, 56))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 200)), (0, 0))
        box = self.box
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        inner = box.inflate(-100, 0)
        colour = {"good": ui.GOOD, "bad": ui.BAD}.get(self.result.mood, ui.ACCENT)
        ui.fit_text(surface, self.result.title, (inner.left, box.top + 34, inner.width, 90),
                    ui.TITLE, colour, bold=True, max_lines=1)
        # The rows share the room between the title and the game ID; if there are many, each
        # gets a little less.
        rows = self.rows()
        top, bottom = box.top + 140, self.id_row.rect.top - 16
        shrink = min(1.0, (bottom - top) / max(1, sum(row[4] for row in rows)))
        y, middle = top, box.centerx
        for kind, words, colour, bold, height in rows:
            height = int(height * shrink)
            if kind == "fact":
                label, value = words.split("\t", 1)
                ui.fit_text(surface, label, (inner.left, y, middle - 16 - inner.left, height),
                            ui.BODY, ui.MUTED, align="right", max_lines=1)
                ui.fit_text(surface, value, (middle + 16, y, inner.right - middle - 16, height),
                            ui.BODY, colour, bold, align="left", max_lines=1)
            else:
                ui.fit_text(surface, words, (inner.left, y, inner.width, height), ui.BODY,
                            colour, bold)
            y += height
        self.id_row.draw(surface, self.toast)
        self.menu.draw(surface)
        if survey.current is not None:     # what it says of the board, against the board
            survey.current.agree("the result", board_words(self.result),
                                 board_words(self.game.ending.result()))


def board_words(result: Result) -> str:
    """What a result says of the board, as one line: its reason and its facts (the title
    and notes of a later ending add that it is not counted, and what the record keeps)."""
    return "; ".join([result.reason, *(f"{label} {value}" for label, value in result.facts)])
