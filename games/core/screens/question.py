"""Questions: a yes/no question (ConfirmScene), asked once before anything that ends or
throws away a game, with the focus on the safe answer (docs/DESIGN.md, "What cannot be taken
back"); and a question typed before a game starts (QuestionScene): on the keyboard (text input,
Backspace), spelled on an on-screen letter grid with the mouse or the gamepad (X deletes, Y
types a space, Start asks), or chosen from ready-made questions. The game gives the words on
screen, the ready-made questions, the cleaning of the text and what to do with the answer (""
when the player plays without one)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import MappingProxyType
from typing import NamedTuple

import pygame

from games.core.kit.actions import LETTERS, Act, Action, Command, Device
from games.core.loop.app import App, Scene
from games.core.screens import ui
from games.core.screens.hud import HUD_HEIGHT


class ConfirmScene(Scene):
    """A question over the screen beneath, with two answers. The focus starts on the safe
    one (`no`), and Esc, B and N answer it; Y or a press on `yes` answers the other. Every
    question of the collection is asked this one way."""
    opaque = False
    letters = MappingProxyType({LETTERS[Command.YES]: Command.YES,
                                LETTERS[Command.NO]: Command.NO})

    def __init__(self, app: App, question: str, yes: str, no: str,
                 on_yes: Callable[[], None], detail: str = "",
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.on_no = on_no or (lambda: None)
        width, height = app.size
        self.box = pygame.Rect(0, 0, min(1000, width - 80), 420 if detail else 300)
        self.box.center = (width // 2, height // 2)
        y, half = self.box.bottom - 130, (self.box.width - 150) // 2
        self.yes = ui.Button((self.box.left + 60, y, half, 90), yes, self.answer_yes)
        self.no = ui.Button((self.box.right - 60 - half, y, half, 90), no, self.answer_no)
        self.menu = ui.Menu([self.yes, self.no], focus=1)

    @property
    def safe_focused(self) -> bool:
        return self.menu.widgets[self.menu.focus] is self.no

    def answer_yes(self) -> None:
        self.app.pop(self)
        self.on_yes()

    def answer_no(self) -> None:
        self.app.pop(self)
        self.on_no()

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL or (action.kind == Act.COMMAND and
                                         action.value == Command.NO):
            self.answer_no()
        elif action.kind == Act.COMMAND and action.value == Command.YES:
            self.answer_yes()
        else:
            self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 200)), (0, 0))
        ui.panel(surface, self.box, ui.PANEL, border=ui.ACCENT)
        inner = self.box.inflate(-80, 0)
        ui.fit_text(surface, self.question, (inner.left, self.box.top + 40, inner.width, 80),
                    ui.HEADING, ui.TEXT, bold=True)
        if self.detail:
            ui.fit_text(surface, self.detail, (inner.left, self.box.top + 125, inner.width, 140),
                        ui.BODY, ui.MUTED, max_lines=3)
        self.menu.draw(surface)


def ask_to_quit(app: App) -> ConfirmScene:
    """Quit Parlour, asked the same way from the launcher, the pause menu and the window's
    close button."""
    return ConfirmScene(app, "Quit Parlour?", "Quit (Y)", "Keep playing (N)", app.quit,
                        "A game in progress is saved; best scores are kept.")


class QuestionWords(NamedTuple):
    """What the dialog says: its title and lead, the empty field's placeholder, the heading
    over the ready-made questions, the two buttons, its two notices and its help per device
    (a NamedTuple: defined on every game's first frame, at a tenth of a dataclass's cost)."""
    title: str
    lead: str
    placeholder: str
    choose: str
    ask: str
    skip: str
    empty: str
    skip_again: str
    pad: str
    keyboard: str
    mouse: str


class TypingDialog(Scene):
    """A dialog one types into (a game ID, a question): its text arrives as TEXT actions, its
    caret blinks twice a second, and a keyboard Enter or Space is held until the frame's text
    arrives, as the Space key comes both as a press and as text: a space typed, else the
    focused button of its `menu` pressed."""
    opaque = False
    menu: ui.Menu

    def __init__(self, app: App, field: pygame.Rect) -> None:
        super().__init__(app)
        self.blink = 0.0
        self.pending_enter = False
        try:   # typed text arrives as TEXT actions (on by default on desktops; made sure)
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(field)
        except pygame.error:
            pass

    def handle(self, action: Action) -> None:
        """A keyboard Enter or Space is held; text is typed; the rest is the dialog's (act)."""
        if action.kind == Act.TEXT:
            if self.pending_enter and action.value == " ":
                self.pending_enter = False      # the Space key: a space, not a press
            self.typed(str(action.value or ""))
        elif action.device == Device.KEYBOARD and action.kind == Act.CONFIRM:
            self.pending_enter = True
        else:
            self.act(action)

    def typed(self, text: str) -> None:
        """Text arrived (typed, or a pasted key's)."""

    def act(self, action: Action) -> None:
        """Any other action."""

    @property
    def caret_on(self) -> bool:
        return int(self.blink * 2) % 2 == 0

    def next_change(self) -> float:
        return 0.5 - self.blink % 0.5

    def update(self, dt: float) -> None:
        self.blink += dt
        if self.pending_enter:
            self.pending_enter = False
            self.menu.widgets[self.menu.focus].activate()


def draw_dialog(surface: pygame.Surface, box: pygame.Rect, title: str, lead: str) -> None:
    """A typing dialog's frame over the screen: the veil, its panel, title and lead line."""
    surface.blit(ui.shade(surface.get_size(), (10, 12, 18, 215)), (0, 0))
    ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
    ui.label(surface, title, (box.left + 60, box.top + 36), ui.TITLE - 8, ui.TEXT, bold=True)
    ui.label(surface, lead, (box.left + 62, box.top + 112), ui.BODY, ui.MUTED)


class QuestionScene(TypingDialog):

    ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ',.?")

    def __init__(self, app: App, words: QuestionWords, choices: tuple[str, ...], limit: int,
                 clean: Callable[[str], str | None], answer: Callable[[str], None]) -> None:
        width, height = app.size
        self.box = pygame.Rect(0, 0, 1700, 860)
        self.box.center = (width // 2, HUD_HEIGHT + (height - HUD_HEIGHT) // 2 - 20)
        self.field = pygame.Rect(self.box.left + 60, self.box.top + 170, self.box.width - 120, 90)
        super().__init__(app, self.field)
        self.words, self.choices, self.limit = words, choices, limit
        self.clean, self.answer = clean, answer
        self.text = ""
        self.armed = False           # Esc once more plays without an answer
        self.notice = ""
        widgets = []
        key, gap = 78, 10
        left, top = self.box.left + 60, self.field.bottom + 70
        for r, letters in enumerate(self.ROWS):
            for c, letter in enumerate(letters):
                rect = (left + c * (key + gap), top + r * (key + gap), key, key)
                widgets.append(ui.Button(rect, letter, partial(self.type, letter.lower()),
                                         size=ui.BODY))
        y = top + 3 * (key + gap)
        widgets.append(ui.Button((left, y, 6 * key + 5 * gap, key), "Space",
                                 lambda: self.type(" "), size=ui.BODY))
        widgets.append(ui.Button((left + 6 * (key + gap), y, 4 * key + 3 * gap, key), "Delete",
                                 self.delete, size=ui.BODY))
        qx = left + 10 * (key + gap) + 50
        qw = self.box.right - 60 - qx
        for n, ready in enumerate(self.choices):
            widgets.append(ui.Button((qx, top + n * 74, qw, 62), ready,
                                     partial(self.choose, ready), size=ui.SMALL))
        bottom = self.box.bottom - 110
        self.ask_button = ui.Button((self.box.centerx - 530, bottom, 520, 80), self.words.ask,
                                    self.ask)
        self.skip_button = ui.Button((self.box.centerx + 10, bottom, 520, 80),
                                     self.words.skip, self.skip)
        widgets += [self.ask_button, self.skip_button]
        self.menu = ui.Menu(widgets, 0)

    # --- editing ---------------------------------------------------------------------------
    def type(self, chars: str) -> None:
        chars = "".join(ch for ch in chars if ch.isprintable())
        if not self.text:
            chars = chars.lstrip()
            chars = chars[:1].upper() + chars[1:]
        room = self.limit - len(self.text)
        if chars and room > 0:
            self.text += chars[:room]
            self.app.audio.play("tick")
        self.armed, self.notice = False, ""

    def delete(self) -> None:
        if self.text:
            self.text = self.text[:-1]
            self.app.audio.play("tick")
        self.armed = False

    def choose(self, words: str) -> None:
        self.text = words
        self.menu.focus = self.menu.widgets.index(self.ask_button)
        self.app.audio.play("select")

    def ask(self) -> None:
        question = self.clean(self.text)
        if not question:
            self.notice = self.words.empty
            self.app.audio.play("wrong")
            return
        self.answer(question)
        self.app.audio.play("hint")
        self.app.pop(self)

    def skip(self) -> None:
        self.answer("")
        self.app.pop(self)

    # --- input -----------------------------------------------------------------------------
    def typed(self, text: str) -> None:
        self.type(text)
        self.menu.focus = self.menu.widgets.index(self.ask_button)

    def act(self, action: Action) -> None:
        kind, device = action.kind, action.device
        if kind == Act.CLEAR or (kind == Act.ALT and device == Device.PAD):
            self.delete()
            return
        if kind == Act.CANCEL:
            if self.text and not self.armed:
                self.armed = True
                self.notice = self.words.skip_again
                return
            self.skip()
            return
        if device == Device.PAD and kind == Act.HINT:
            self.type(" ")
            return
        if device == Device.PAD and kind == Act.MENU:
            self.ask()
            return
        if device == Device.KEYBOARD and kind not in (Act.MOVE, Act.NEXT, Act.PREV):
            return   # letters also arrive as TEXT; their shortcuts mean nothing here
        if kind in (Act.POINT, Act.PRESS, Act.MOVE, Act.NEXT, Act.PREV, Act.CONFIRM):
            self.menu.handle(action)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_dialog(surface, self.box, self.words.title, self.words.lead)
        ui.text_box(surface, self.field, self.text, self.words.placeholder, ui.BODY + 4,
                    self.caret_on)
        ui.label(surface, f"{len(self.text)} / {self.limit}",
                 (self.field.right, self.field.bottom + 8), ui.SMALL, ui.MUTED, anchor="topright")
        first_ready = self.menu.widgets[len(self.menu.widgets) - 2 - len(self.choices)]
        ui.label(surface, self.words.choose,
                 (first_ready.rect.left, first_ready.rect.top - 44), ui.SMALL, ui.MUTED)
        ui.label(surface, "Spell it:", (self.box.left + 60, self.field.bottom + 26), ui.SMALL,
                 ui.MUTED)
        self.menu.draw(surface)
        device = self.app.input.last_device
        words = self.notice or {Device.PAD: self.words.pad, Device.KEYBOARD: self.words.keyboard,
                                }.get(device, self.words.mouse)
        ui.label(surface, words, (self.box.centerx, self.box.bottom - 140), ui.SMALL,
                 ui.ACCENT if self.notice else ui.MUTED, anchor="midbottom")
