"""The game ID where a player meets it: a row that shows it with a Copy button (the pause menu
and the result screen; Ctrl+C copies it too), a toast saying what happened, and the
launcher's "Open a game ID" dialog with its text field (typing, Ctrl+V, a pad's A pastes)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Device
from games.core.kit.results import sentence
from games.core.kit.rules_api import GameError
from games.core.kit.session import MAX_ID_LENGTH, Session, parse_game_id
from games.core.loop import clipboard
from games.core.loop.app import App
from games.core.screens import ui
from games.core.screens.launch import LoadingScene, open_game
from games.core.screens.question import ConfirmScene, TypingDialog, draw_dialog

TOAST_SECONDS = 3.0
COPIED = "The game ID is on the clipboard."
EXAMPLE = "nim:start=classic,misere=0:3,4,5"


def elide(words: str, size: int, width: int, bold: bool = False) -> str:
    """words, or its start and end with '...' between, whatever fits in width at size."""
    face = ui.assets.font(size, bold)
    if face.size(words)[0] <= width:
        return words
    keep = len(words)
    while keep > 2:
        keep -= max(1, keep // 12)
        shown = words[:keep - keep // 2] + "..." + words[len(words) - keep // 2:]
        if face.size(shown)[0] <= width:
            return shown
    return "..."


def one_line(words: str, most: int = 200) -> str:
    """Outside text made safe to show: printable, at most `most` characters."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in words)
    return clean if len(clean) <= most else clean[:most - 3] + "..."


class Toast:
    """A few words that show for a moment (what Copy did)."""

    def __init__(self) -> None:
        self.words, self.left = "", 0.0

    def show(self, words: str) -> None:
        self.words, self.left = words, TOAST_SECONDS

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def next_change(self) -> float | None:
        return self.left if self.left > 0 else None

    @property
    def shown(self) -> str:
        return self.words if self.left > 0 else ""


def copy_game_id(game_id: str) -> str:
    """Copy the ID; the words the toast says."""
    return clipboard.copy(game_id) or COPIED


class IdRow:
    """'Game ID  kono::BBBB...:B  [Copy (Ctrl+C)]' across rect: the ID in the middle, elided
    to fit; the button belongs to the screen's Menu (the mouse and the pad reach it)."""
    BUTTON = 250

    def __init__(self, rect: ui.RectLike, game_id: str, on_copy: Callable[[], object]) -> None:
        self.rect, self.game_id = pygame.Rect(rect), game_id
        self.button = ui.Button((self.rect.right - self.BUTTON, self.rect.top, self.BUTTON,
                                 self.rect.height), "Copy (Ctrl+C)", on_copy, size=ui.SMALL)

    def draw(self, surface: pygame.Surface, toast: Toast) -> None:
        y = self.rect.centery
        name = ui.label(surface, "Game ID", (self.rect.left, y), ui.SMALL, ui.MUTED,
                        anchor="midleft")
        room = self.button.rect.left - 24 - (name.right + 20)
        words = toast.shown
        if words:
            ui.fit_text(surface, words, (name.right + 20, self.rect.top, room, self.rect.height),
                        ui.SMALL, ui.ACCENT, align="left", max_lines=1)
        else:
            ui.label(surface, elide(self.game_id, ui.SMALL, room), (name.right + 20, y),
                     ui.SMALL, ui.TEXT, anchor="midleft")


class TextField(ui.Widget):
    """One line of text: typed, pasted, deleted from the end. No spaces (a game ID has none);
    at most `limit` characters."""

    def __init__(self, rect: ui.RectLike, placeholder: str, limit: int,
                 on_activate: Callable[[], object]) -> None:
        super().__init__(rect)
        self.text, self.placeholder, self.limit = "", placeholder, limit
        self.on_activate = on_activate
        self.caret_on: Callable[[], bool] = lambda: True   # the dialog's blink

    def type(self, chars: str) -> None:
        chars = "".join(ch for ch in chars if ch.isprintable() and not ch.isspace())
        self.text = (self.text + chars)[:self.limit]

    def delete(self) -> None:
        self.text = self.text[:-1]

    def paste(self) -> str:
        """The clipboard's text in place of the field's (Ctrl+V, Paste, a pad's A): '' or why
        there was none. Runs of white space (a line break copied with it) become one space."""
        text, problem = clipboard.paste()
        if not problem:
            self.text = ""
            self.type(" ".join(text.split()))
        return problem

    def activate(self) -> None:
        self.on_activate()

    def press(self, pos: tuple[int, int]) -> None:
        """A click puts the caret here; it types nothing."""

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        ui.text_box(surface, self.rect, self.text, self.placeholder, ui.BODY,
                    focused and self.caret_on())
        if focused:
            ui.focus_ring(surface, self.rect, 18)


class OpenIdScene(TypingDialog):
    """The launcher's "Open a game ID": type or paste an ID (Ctrl+V; Paste for the mouse and
    the pad), Open checks it and opens the game as `play --id` does. A bad ID gets one
    message and keeps the text as it was."""

    def __init__(self, app: App) -> None:
        width, height = app.size
        self.box = pygame.Rect(0, 0, 1500, 560)
        self.box.center = (width // 2, height // 2)
        left, right = self.box.left + 60, self.box.right - 60
        self.field = TextField((left, self.box.top + 170, right - left, 90), f"e.g. {EXAMPLE}",
                               MAX_ID_LENGTH, self.field_pressed)
        y = self.box.bottom - 130
        third = (right - left - 40) // 3
        self.paste_button = ui.Button((left, y, third, 84), "Paste (Ctrl+V)", self.paste)
        self.open_button = ui.Button((left + third + 20, y, third, 84), "Open", self.open)
        self.back_button = ui.Button((right - third, y, third, 84), "Back", self.back)
        self.menu = ui.Menu([self.field, self.paste_button, self.open_button, self.back_button],
                            0)
        self.problem = ""
        super().__init__(app, self.field.rect)
        self.field.caret_on = lambda: self.caret_on

    @property
    def text(self) -> str:
        return self.field.text

    # --- what the buttons do ---------------------------------------------------------------
    def field_pressed(self) -> None:
        """Enter on the field opens the ID; a pad's A, which cannot type, pastes."""
        if self.app.input.last_device == Device.PAD:
            self.paste()
        else:
            self.open()

    def paste(self) -> None:
        problem = self.field.paste()
        if problem:
            self.say(problem)
            return
        self.menu.focus = self.menu.widgets.index(self.open_button)
        self.problem = ""
        self.app.audio.play("select")

    def say(self, problem: str) -> None:
        self.problem = problem
        self.app.audio.play("wrong")

    def open(self) -> None:
        text = self.text
        if not text:
            self.say(f"Type or paste a game ID first, such as {EXAMPLE}.")
            return
        try:
            key, _, _, _ = parse_game_id(text)
            if not registry.lookup(key).playable:
                raise GameError(f"{registry.lookup(key).title} cannot be played yet")
        except (GameError, KeyError) as error:
            self.say("Not a game ID Parlour can open: " + sentence(one_line(str(error))))
            return
        if self.app.store.has_save(key):
            self.app.push(ConfirmScene(
                self.app, f"Replace your saved game of {registry.lookup(key).title}?",
                "Open this game", "Keep it", lambda: self.start(key, text),
                "The saved game is lost once this one is saved or finished."))
        else:
            self.start(key, text)

    def start(self, key: str, game_id: str) -> None:
        """As `play --id`: a seed makes its game in a worker thread. Should that fail, this
        dialog stays, with the ID as typed and why."""
        def make() -> Session[Any, Any, Any] | GameError:
            try:
                return Session.from_id(game_id)
            except GameError as error:
                return error

        def show(made: Session[Any, Any, Any] | GameError) -> None:
            if isinstance(made, GameError):
                self.say("That game cannot be made: " + sentence(one_line(str(made))))
                return
            open_game(self.app, made, None, self)

        self.app.push(LoadingScene(self.app, make, show))

    def back(self) -> None:
        self.app.pop(self)

    # --- input -------------------------------------------------------------------------------
    def typed(self, text: str) -> None:
        self.field.type(text)
        self.menu.focus, self.problem = 0, ""

    def act(self, action: Action) -> None:
        kind, device = action.kind, action.device
        if kind == Act.PASTE:
            self.paste()
        elif kind == Act.CLEAR:
            self.field.delete()
        elif kind == Act.CANCEL:
            self.back()
        elif device == Device.KEYBOARD and kind not in (Act.MOVE, Act.NEXT, Act.PREV):
            return   # letters and digits arrive as TEXT too; their shortcuts mean nothing here
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        draw_dialog(surface, self.box, "Open a game ID",
                    "Type or paste the ID shown on a game's pause menu or result screen.")
        box = self.box
        self.menu.draw(surface)
        words = self.problem or {
            Device.PAD: "A on the field or Paste pastes the clipboard; B goes back.",
            Device.KEYBOARD: "Enter opens it; Ctrl+V pastes; Esc goes back.",
        }.get(self.app.input.last_device, "Paste fills the field; Open starts the game.")
        ui.fit_text(surface, words, (box.left + 60, self.field.rect.bottom + 14,
                                     box.width - 120, 130 - 14 - 14), ui.BODY,
                    ui.BAD if self.problem else ui.MUTED, align="left")
