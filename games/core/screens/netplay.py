"""Playing a friend over the network, up to the moment the two are connected (docs/NETPLAY.md):
the setup screen's opponent "Over the network" opens FriendScene (your name, Host or Join);
HostScene listens and shows the invitation (the address and port, the code, Copy with Ctrl+C,
the host's choices); JoinScene takes the invitation typed, pasted (Ctrl+V, Paste, a pad's A)
or picked from the games hosted on this network, and joins. Connected, both give way to the
game, its seat held by NetworkVersus (netseat.py); a host listens only while these are open."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Device
from games.core.kit.checks import OneOf
from games.core.kit.options import params_kwargs
from games.core.kit.prefs import Pref, Preferences
from games.core.kit.results import sentence
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session, parse_game_id
from games.core.loop import clipboard
from games.core.loop.app import App, Scene
from games.core.net import discovery, protocol
from games.core.net.link import Guest, Host, host_code
from games.core.net.peer import Failed, Peer
from games.core.net.record import replay
from games.core.net.seat import Event, Link, MatchView
from games.core.screens import ui
from games.core.screens.game_id import TextField, Toast, one_line

if TYPE_CHECKING:
    from games.core.net.record import AnySession

# The player's choices for network play, kept in the settings beside the games' own.
PREFS = (Pref("name", "", protocol.NAME), Pref("open_to", "network", OneOf("network", "computer")))
OPEN_TO = (("network", "Anyone on this network"), ("computer", "Only this computer"))
EXAMPLE = "192.168.1.20:41414 amber-otter-42"


def preferences(app: App) -> Preferences:
    return Preferences(app.settings, "netplay", PREFS)


def remember(app: App, name: str, value: Any) -> None:
    if preferences(app).set(name, value):
        app.save_settings()


def bind_address(open_to: str) -> str:
    """Where a host listens: every address of this machine, or loopback only."""
    return "" if open_to == "network" else "127.0.0.1"


def game_rows(key: str, params: Any, host_side: int, mine: int) -> list[tuple[str, str]]:
    """The host's choices in words, as its setup screen names them: the game's options, then
    the sides (`mine`: the side of the player reading them)."""
    game = registry.lookup(key)
    options, rules = game.data.options, game.rules
    rows = [("Game", game.title)]
    for option in options:
        if option.target != "params":
            continue
        for value, words in option.choices:
            try:
                if rules.params_from_options(**params_kwargs([option], {option.key: value})) \
                        == params:
                    rows.append((option.label, words))
                    break
            except GameError:
                continue
    sides = dict(next(option.choices for option in options if option.key == "side"))
    return rows + [("You play", sides[mine]), ("Your friend plays", sides[1 - mine])]


class LineField(TextField):
    """One line of text with spaces in it (a name, an invitation)."""

    def type(self, chars: str) -> None:
        chars = "".join(ch for ch in chars if ch.isprintable())
        self.text = (self.text + chars)[:self.limit]


class Typist(Protocol):
    def typed(self) -> None: ...


class Typing:
    """Typed text for the field of a screen with one (as the game-ID screen): letters type
    (their shortcuts mean nothing here), Backspace deletes, Ctrl+V pastes, Space types a
    space; Enter presses the focused widget."""

    def __init__(self, scene: Typist, field: TextField, menu: ui.Menu) -> None:
        self.scene, self.field, self.menu = scene, field, menu
        self.pending_enter = False
        self.blink = 0.0
        field.caret_on = lambda: int(self.blink * 2) % 2 == 0
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(field.rect)
        except pygame.error:
            pass

    def handle(self, action: Action) -> bool:
        """True when the action was typing (or a key of it)."""
        kind, device = action.kind, action.device
        if kind == Act.TEXT:
            if self.pending_enter and action.value == " ":
                self.pending_enter = False      # the Space key: typed, not a press
            self.field.type(str(action.value or ""))
            self.menu.focus = self.menu.widgets.index(self.field)
            self.scene.typed()
        elif kind == Act.CLEAR:
            self.field.delete()
            self.scene.typed()
        elif device == Device.KEYBOARD and kind == Act.CONFIRM:
            self.pending_enter = True
        elif device == Device.KEYBOARD and kind not in (Act.MOVE, Act.NEXT, Act.PREV,
                                                        Act.CANCEL, Act.PASTE, Act.COPY,
                                                        Act.HELP):
            return True    # letters and digits arrive as TEXT too
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.blink += dt
        if self.pending_enter:
            self.pending_enter = False
            self.menu.widgets[self.menu.focus].activate()

    def act(self, action: Action, back: Callable[[], None], paste: Callable[[], None]) -> None:
        """A typing screen's whole input: typing, Esc back, Ctrl+V paste, the rest its menu's."""
        if self.handle(action):
            return
        if action.kind == Act.CANCEL:
            back()
        elif action.kind == Act.PASTE:
            paste()
        else:
            self.menu.handle(action)

    def next_change(self) -> float:
        return 0.5 - self.blink % 0.5     # the caret blinks twice a second


class FriendScene(Scene):
    """The opponent "Over the network": your name (optional), then Host or Join."""
    opaque = False

    def __init__(self, app: App, key: str, choices: dict[str, Any]) -> None:
        super().__init__(app)
        self.key, self.choices = key, choices
        width, height = app.size
        self.box = pygame.Rect(0, 0, 1500, 540)
        self.box.center = (width // 2, height // 2)
        left, right = self.box.left + 60, self.box.right - 60
        self.field = LineField((left + 300, self.box.top + 240, right - left - 300, 90),
                               "optional", 24, self.field_pressed)
        self.field.text = preferences(app)["name"]
        third = (right - left - 40) // 3
        y = self.box.bottom - 130
        self.host_button = ui.Button((left, y, third, 84), "Host a game", self.host)
        self.join_button = ui.Button((left + third + 20, y, third, 84), "Join a game", self.join)
        self.back_button = ui.Button((right - third, y, third, 84), "Back", self.back)
        self.menu = ui.Menu([self.field, self.host_button, self.join_button, self.back_button], 1)
        self.typing = Typing(self, self.field, self.menu)

    def typed(self) -> None:
        pass

    def field_pressed(self) -> None:
        """Enter on the name moves on to Host (a second Enter hosts); a pad's A pastes."""
        if self.app.input.last_device == Device.PAD:
            self.paste()
        else:
            self.menu.focus = self.menu.widgets.index(self.host_button)

    def paste(self) -> None:
        self.field.paste()

    def name(self) -> str:
        name = self.field.text.strip()
        remember(self.app, "name", name)
        return name

    def host(self) -> None:
        game = registry.lookup(self.key)
        try:
            params = game.rules.params_from_options(**params_kwargs(game.data.options,
                                                                    self.choices))
        except GameError as error:
            self.app.tell(str(error))
            return
        session: AnySession = Session.new(self.key, params)
        self.app.push(HostScene(self.app, session, self.choices.get("side", 0), name=self.name()))

    def join(self) -> None:
        self.app.push(JoinScene(self.app, name=self.name()))

    def back(self) -> None:
        self.name()
        self.app.pop(self)

    def handle(self, action: Action) -> None:
        self.typing.act(action, self.back, self.paste)

    def next_change(self) -> float:
        return self.typing.next_change()

    def update(self, dt: float) -> None:
        self.typing.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 215)), (0, 0))
        box = self.box
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        title = registry.lookup(self.key).title
        ui.fit_text(surface, f"Play {title} with a friend over the network",
                    (box.left + 60, box.top + 30, box.width - 120, 80), ui.TITLE - 8, ui.TEXT,
                    bold=True, align="left", max_lines=1)
        ui.fit_text(surface, "One of you hosts and reads out the invitation; the other joins "
                    "with it. Both need Parlour, on the same network, a VPN, or with the "
                    "host's port forwarded.", (box.left + 60, box.top + 120, box.width - 120,
                                               110), ui.BODY, ui.MUTED, align="left")
        ui.label(surface, "Your name", (box.left + 60, self.field.rect.centery), ui.BODY,
                 ui.TEXT, anchor="midleft")
        self.menu.draw(surface)


class NetScene(Scene):
    """What the host and the join screens share: a seat, its events polled each step, the
    words for where it stands, and closing it with the screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seat: Peer | None = None
        self.problem = ""            # why the last try failed (said in red)
        self.toast = Toast()

    def poll(self) -> None:
        if self.seat is None:
            return
        for event in self.seat.events():
            if isinstance(event, Failed):
                self.problem = one_line(event.words)
                self.seat.close()
                self.seat = None
                self.app.audio.play("wrong")
                return
            self.heard(event)
        view = self.view()
        if view is not None and view.link == Link.CONNECTED:
            self.start_game(view)

    def start_game(self, view: MatchView) -> None:
        """Connected: the game itself, on the frame every game is played on, the friend's
        seat held by its Versus policy (games/core/screens/netseat.py) in the computer's
        place. The screens that led here go, and the game a setup screen was opened over."""
        from games.core.screens.frame import Frame
        from games.core.screens.menus import SetupScene
        from games.core.screens.netseat import network_play
        seat, self.seat = self.seat, None       # the frame's now: not closed with this screen
        assert seat is not None
        try:
            session = replay(view.game_id, list(view.moves))
        except protocol.ProtocolError as error:   # checked at the handshake already
            seat.close()
            self.problem = one_line(str(error))
            return
        app, leading = self.app, (SetupScene, FriendScene, HostScene, JoinScene)
        first = next((scene for scene in app.stack if isinstance(scene, leading)), self)
        given_up = first.replace_scene if isinstance(first, SetupScene) else None
        app.pop(given_up if given_up in app.stack else first)
        play = {"opponent": "network", "side": view.side, "number": view.number}
        app.push(Frame(app, session, play, versus=network_play(seat)))
        app.audio.play("select")

    def heard(self, event: Event) -> None:
        """One event of the seat (a sound, say)."""

    def view(self) -> MatchView | None:
        return self.seat.view() if self.seat is not None else None

    def link_words(self) -> tuple[str, ui.Colour]:
        """Where the match stands, in words and their colour."""
        view = self.view()
        if self.problem:
            return self.problem, ui.BAD
        if view is None:
            return self.waiting_words(), ui.MUTED
        friend = view.names[1] or "your friend"
        if view.link == Link.CONNECTED:
            return f"Connected to {friend}: ready.", ui.GOOD
        if view.link == Link.LOST:
            return f"The connection to {friend} was lost: waiting for it to come back...", \
                ui.ACCENT
        if view.link == Link.CLOSED:
            return f"{friend[0].upper() + friend[1:]} left.", ui.ACCENT
        return self.waiting_words(), ui.MUTED

    def waiting_words(self) -> str:
        return ""

    def close_seat(self) -> None:
        if self.seat is not None:
            self.seat.close()
            self.seat = None

    def back(self) -> None:
        self.close_seat()
        self.app.pop(self)

    def on_quit(self) -> None:
        self.close_seat()

    def next_change(self) -> float | None:
        return self.toast.next_change()

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        self.poll()

    def draw_rows(self, surface: pygame.Surface, rows: list[tuple[str, str]],
                  box: pygame.Rect) -> None:
        ui.panel(surface, box, ui.PANEL)
        ui.label(surface, "The game", (box.left + 36, box.top + 26), ui.HEADING, ui.TEXT,
                 bold=True)
        pitch = min(64, (box.height - 110) // max(1, len(rows)))
        for n, (name, value) in enumerate(rows):
            y = box.top + 100 + n * pitch
            half = (box.width - 72) // 2
            ui.fit_text(surface, name, (box.left + 36, y, half - 10, pitch), ui.BODY, ui.MUTED,
                        align="left", max_lines=1)
            ui.fit_text(surface, value, (box.left + 36 + half, y, half, pitch), ui.BODY,
                        ui.TEXT, bold=True, align="left", max_lines=1)


class HostScene(NetScene):
    """Listens for the friend and shows the invitation; the game opens once the friend has
    proved the code."""

    def __init__(self, app: App, session: AnySession, side: int, code: str | None = None,
                 name: str | None = None, bind: str | None = None,
                 port: int | None = None) -> None:
        super().__init__(app)
        self.session, self.side = session, side
        self.code = code or host_code()
        self.name = preferences(app)["name"] if name is None else name
        self.port = port
        open_to = preferences(app)["open_to"] if bind is None else \
            "network" if bind == "" else "computer"
        self.bind = bind if bind is not None else bind_address(open_to)
        self.rows = game_rows(session.key, session.params, side, side)
        width = app.size[0]
        self.copy_button = ui.Button((160, 600, 400, 76), "Copy (Ctrl+C)", self.copy,
                                     size=ui.SMALL)
        self.open_to = ui.Stepper((120, 760, 900, 84), "Who can join", OPEN_TO)
        self.open_to.select(open_to)
        self.back_button = ui.Button((width - 120 - 720, 760, 720, 84), "Back", self.back)
        self.menu = ui.Menu([self.copy_button, self.open_to, self.back_button], 0)
        self.listen()

    def listen(self) -> None:
        """Listen where the player asked (the same game and code: the invitation's address
        alone changes)."""
        self.close_seat()
        self.problem = ""
        port = protocol.DEFAULT_PORT if self.port is None else self.port
        try:
            self.seat = Host(self.session, self.side, self.code, self.name, self.bind, port,
                             wake=self.app.wake, announce_port=discovery.PORT,
                             any_port=self.port is None)
        except OSError as error:
            where = "this network" if self.bind == "" else self.bind
            self.problem = (f"Parlour cannot listen on {where}, port {port} "
                            f"({error.strerror or error}).")

    def invitation(self) -> protocol.Invitation | None:
        return self.seat.invitation() if isinstance(self.seat, Host) else None

    def copy(self) -> None:
        invitation = self.invitation()
        if invitation is not None:
            self.toast.show(clipboard.copy(invitation.text()) or
                            "The invitation is on the clipboard.")

    def waiting_words(self) -> str:
        return "Waiting for your friend to join..."

    def heard(self, event: Event) -> None:
        view = self.view()
        if view is not None and view.link == Link.CONNECTED:
            self.app.audio.play("select")

    def handle(self, action: Action) -> None:
        if action.kind == Act.CANCEL:
            self.back()
        elif action.kind == Act.COPY:
            self.copy()
        elif self.menu.handle(action):
            chosen = self.open_to.value
            if bind_address(chosen) != self.bind:
                remember(self.app, "open_to", chosen)
                self.bind = bind_address(chosen)
                self.listen()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        title = registry.lookup(self.session.key).title
        ui.label(surface, f"Host a game of {title}", (120, 70), ui.TITLE, ui.TEXT, bold=True)
        ui.fit_text(surface, "Your friend chooses Over the network, then Join a game, and "
                    "types this invitation.", (124, 150, 1676, 80), ui.BODY, ui.MUTED,
                    align="left")
        box = pygame.Rect(120, 250, 900, 460)
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        ui.label(surface, "Invitation", (box.left + 40, box.top + 26), ui.HEADING, ui.TEXT,
                 bold=True)
        invitation = self.invitation()
        for n, (name, value) in enumerate((
                ("Address", protocol.address_text(invitation.host, invitation.port)
                 if invitation else "-"), ("Code", self.code))):
            y = box.top + 104 + n * 116
            ui.label(surface, name, (box.left + 40, y), ui.SMALL, ui.MUTED)
            ui.fit_text(surface, value, (box.left + 40, y + 28, box.width - 80, 76),
                        ui.TITLE - 8 if name == "Code" else ui.HEADING,
                        ui.ACCENT if name == "Code" else ui.TEXT, bold=True, align="left",
                        max_lines=1)
        self.copy_button.rect.topleft = (box.left + 40, box.bottom - 116)
        if self.toast.shown:
            ui.fit_text(surface, self.toast.shown, (self.copy_button.rect.right + 24,
                                                    self.copy_button.rect.top,
                                                    box.right - self.copy_button.rect.right - 64,
                                                    76), ui.SMALL, ui.ACCENT, align="left")
        self.draw_rows(surface, self.rows, pygame.Rect(1080, 250, 720, 460))
        words, colour = self.link_words()
        ui.fit_text(surface, words, (120, 880, 1680, 110), ui.BODY, colour, bold=True,
                    align="left")
        self.menu.draw(surface)


class JoinScene(NetScene):
    """Takes the invitation (typed, pasted, or a game found on this network and the code)
    and joins; the game opens once the host has proved the code too."""
    MOST_SHOWN = 3

    def __init__(self, app: App, text: str = "", name: str | None = None) -> None:
        super().__init__(app)
        self.name = preferences(app)["name"] if name is None else name
        self.field = LineField((120, 260, 1680, 90), f"e.g. {EXAMPLE}", 300, self.field_pressed)
        self.field.type(text)
        third = (1680 - 40) // 3
        self.paste_button = ui.Button((120, 380, third, 84), "Paste (Ctrl+V)", self.paste)
        self.join_button = ui.Button((120 + third + 20, 380, third, 84), "Join", self.join,
                                     enabled=self.can_join)
        self.back_button = ui.Button((1800 - third, 380, third, 84), "Back", self.back)
        self.fixed: list[ui.Widget] = [self.field, self.paste_button, self.join_button,
                                       self.back_button]
        self.menu = ui.Menu(list(self.fixed), 0)
        self.typing = Typing(self, self.field, self.menu)
        bind = "127.0.0.1" if preferences(app)["open_to"] == "computer" else ""
        self.finder = discovery.Finder(discovery.PORT, bind, wake=app.wake)
        self.found: list[discovery.Found] = []
        if text:
            self.join()

    # --- what the widgets do -------------------------------------------------------------
    def typed(self) -> None:
        self.problem = ""

    def field_pressed(self) -> None:
        """Enter on the field joins; a pad's A, which cannot type, pastes."""
        if self.app.input.last_device == Device.PAD:
            self.paste()
        else:
            self.join()

    def paste(self) -> None:
        problem = self.field.paste()
        if problem:
            self.say(problem)
            return
        self.menu.focus = self.menu.widgets.index(self.join_button)
        self.problem = ""
        self.app.audio.play("select")

    def say(self, problem: str) -> None:
        self.problem = problem
        self.app.audio.play("wrong")

    def can_join(self) -> bool:
        """No match yet, or the last one's host has left."""
        view = self.view()
        return self.seat is None or (view is not None and view.link == Link.CLOSED)

    def join(self) -> None:
        if not self.can_join():
            return
        self.close_seat()
        try:
            invitation = protocol.read_invitation(self.field.text)
        except protocol.ProtocolError as error:
            self.say(sentence(one_line(str(error))))
            return
        self.problem = ""
        self.seat = Guest(invitation.host, invitation.port, invitation.code, self.name,
                          wake=self.app.wake)

    def pick(self, found: discovery.Found) -> None:
        """A game found on this network: its address in the field, the code to type."""
        self.field.text = ""
        self.field.type(found.address() + " ")
        self.menu.focus = 0
        self.problem = ""
        self.app.audio.play("select")

    def waiting_words(self) -> str:
        if self.seat is not None:
            return "Connecting..."
        return {Device.PAD: "A on the field or Paste pastes the invitation; B goes back.",
                Device.KEYBOARD: "Enter joins; Ctrl+V pastes; Esc goes back."}.get(
            self.app.input.last_device, "Paste fills the field; Join connects.")

    def game_rows(self) -> list[tuple[str, str]]:
        """The host's choices in words, once connected."""
        view = self.view()
        if view is None or view.link != Link.CONNECTED:
            return []
        key, params, _, _ = parse_game_id(view.game_id)
        return game_rows(key, params, 1 - view.side, view.side)

    # --- the games found on this network (until the game's own rows show) -------------------
    def refresh_found(self) -> None:
        found = [] if self.game_rows() else self.finder.found()[:self.MOST_SHOWN]
        if found == self.found:
            return
        focused = self.menu.widgets[self.menu.focus]
        self.found = found
        buttons: list[ui.Widget] = [
            ui.Button((120, 680 + n * 96, 1680, 80), self.found_words(game),
                      functools.partial(self.pick, game)) for n, game in enumerate(found)]
        self.menu.widgets = self.fixed + buttons
        self.menu.focus = self.menu.widgets.index(focused) if focused in self.menu.widgets \
            else 0

    @staticmethod
    def found_words(game: discovery.Found) -> str:
        title = registry.lookup(game.game).title
        who = f"hosted by {game.name}" if game.name else "hosted"
        return f"{title}, {who} at {game.address()}"

    def handle(self, action: Action) -> None:
        self.typing.act(action, self.back, self.paste)

    def next_change(self) -> float:
        return self.typing.next_change()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.typing.update(dt)
        self.refresh_found()

    def back(self) -> None:
        self.finder.close()
        super().back()

    def start_game(self, view: MatchView) -> None:
        self.finder.close()
        super().start_game(view)

    def on_quit(self) -> None:
        self.finder.close()
        super().on_quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        ui.label(surface, "Join a friend's game", (120, 70), ui.TITLE, ui.TEXT, bold=True)
        ui.fit_text(surface, "Type or paste the invitation your friend's Parlour shows: its "
                    "address and its code.", (124, 150, 1676, 80), ui.BODY, ui.MUTED,
                    align="left")
        words, colour = self.link_words()
        ui.fit_text(surface, words, (120, 480, 1680, 100), ui.BODY, colour,
                    bold=colour != ui.MUTED, align="left")
        rows = self.game_rows()
        if rows:
            self.draw_rows(surface, rows, pygame.Rect(120, 600, 1680, 400))
            self.menu.draw(surface)
            return
        ui.label(surface, "Games on this network", (120, 610), ui.HEADING, ui.TEXT, bold=True)
        if not self.found:
            ui.fit_text(surface, self.finder.problem or "None yet: a game hosted on this "
                        "network shows here (pick it, then type its code), if the network "
                        "lets it.", (120, 680, 1680, 90), ui.BODY, ui.MUTED, align="left")
        self.menu.draw(surface)
