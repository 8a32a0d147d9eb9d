"""The screens of playing a friend over the network (games/core/screens/netplay.py), through the
real loop with the mouse, the keyboard and a gamepad: the setup screen's "A friend over the
network", your name, Host (the invitation shown and copied, listening only while the screen is
open) and Join (typed, pasted, or picked from the games found on this network), each up to
the game itself (tests/test_net_play.py plays it). Loopback only: the tests choose "Only this
computer"."""
import socket
import time

import pygame
import pytest

from games.core.kit.session import Session
from games.core.net import discovery, protocol
from games.core.net.link import Guest, Host
from games.core.net.seat import Link, LinkChanged
from games.core.screens import netplay
from games.core.screens.menus import SetupScene
from games.core.screens.netplay import FriendScene, HostScene, JoinScene

CODE = "amber-otter-42"
HANG = 20.0
PAD_A = pygame.CONTROLLER_BUTTON_A


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """This computer only, and announcements to a port of the test's own."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        monkeypatch.setattr(discovery, "PORT", probe.getsockname()[1])


@pytest.fixture
def app_here(driver):
    driver.app.settings["netplay"] = {"name": "", "open_to": "computer"}
    return driver


@pytest.fixture
def friend_host():
    """A friend's Parlour hosting Mu Torere on loopback, announcing it."""
    host = Host(Session.new("mu_torere", None, 1), 1, CODE, "Hosta", bind="127.0.0.1", port=0,
                announce_port=discovery.PORT)
    yield host
    host.close()


def until(driver, done, what="it"):
    """Frames of the real loop until done(); the network's threads get their turn between
    them (a hang guard, not a timing)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        driver.frames()
        if done():
            return
        time.sleep(0.01)
    raise AssertionError(f"never: {what}")


def space(driver):
    """The Space key as SDL sends it while text is typed: a key press and its text."""
    driver.post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.post(pygame.TEXTINPUT, text=" ")
    driver.post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    driver.frames()


def pad_to(driver, scene, widget):
    """The d-pad along the row of buttons (left to the end, then right) to the widget."""
    for press in [pygame.CONTROLLER_BUTTON_DPAD_LEFT] * 3 + \
            [pygame.CONTROLLER_BUTTON_DPAD_RIGHT] * 3:
        if scene.menu.widgets[scene.menu.focus] is widget:
            return
        driver.pad(press)
    assert scene.menu.widgets[scene.menu.focus] is widget


def button(scene, words):
    return next(w for w in scene.menu.widgets if getattr(w, "words", "") == words)


def in_game(driver):
    """Connected: the game itself opens, the friend's seat held by its Versus."""
    from games.core.screens.frame import Frame
    from games.core.screens.netseat import NetworkVersus
    until(driver, lambda: isinstance(driver.app.top, Frame), "the game opened")
    frame = driver.app.top
    assert isinstance(frame.versus, NetworkVersus)
    return frame


def leave_game(driver, frame):
    """Save and leave, from the pause menu, asked first."""
    driver.key(pygame.K_ESCAPE)
    leave = button(driver.app.top, "Save and leave")
    driver.click(leave.rect.center)
    driver.key(pygame.K_y)
    assert frame not in driver.app.stack


def focus_with_tab(driver, scene, widget):
    for _ in range(len(scene.menu.widgets)):
        if scene.menu.widgets[scene.menu.focus] is widget:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError("Tab never reached it")


# --- the setup screen and hosting -------------------------------------------------------------
def test_the_mouse_hosts_from_the_setup_screen_and_a_friend_joins(app_here):
    driver = app_here
    setup = driver.app.push(SetupScene(driver.app, "nim"))
    driver.frames()
    stepper = next(s for option, s in setup.choices if option.key == "opponent")
    assert ("network", "Over the network") in stepper.options
    for _ in range(4):
        if stepper.value == "network":
            break
        driver.click(stepper.forward_zone().center)
    assert stepper.value == "network"
    driver.click(button(setup, "New game").rect.center)
    friend = driver.app.top
    assert isinstance(friend, FriendScene)
    driver.click(friend.field.rect.center)
    driver.type_text("Ana B")
    driver.click(friend.host_button.rect.center)
    host = driver.app.top
    assert isinstance(host, HostScene) and host.seat.bind == "127.0.0.1"
    assert driver.app.settings["netplay"]["name"] == "Ana B", "the name is remembered"
    assert host.link_words()[0] == "Waiting for your friend to join..."
    invitation = host.invitation()
    assert invitation.host == "127.0.0.1" and protocol.read_code(invitation.code) == host.code
    assert ("Start", "3-4-5") in host.rows and ("You play", "Left (moves first)") in host.rows
    driver.click(host.copy_button.rect.center)
    assert pygame.scrap.get_text() == invitation.text()
    seat = host.seat
    guest = Guest("127.0.0.1", invitation.port, host.code, "Gus")
    try:
        frame = in_game(driver)
        assert frame.versus.seat is seat and host not in driver.app.stack
        assert friend not in driver.app.stack and setup not in driver.app.stack
        assert guest.view().names == ("Gus", "Ana B") and frame.versus.friend == "Gus"
        assert frame.play_options["opponent"] == "network"
        leave_game(driver, frame)
        seat.join(HANG)                      # (the screen never waits for the thread)
        deadline = time.monotonic() + HANG
        while guest.view().link != Link.CLOSED and time.monotonic() < deadline:
            guest.wait(0.1)
        assert LinkChanged(Link.CLOSED, False) in guest.events()
    finally:
        guest.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", invitation.port), timeout=HANG).close()


def test_the_keyboard_hosts_and_ctrl_c_copies_the_invitation(app_here):
    driver = app_here
    friend = driver.app.push(FriendScene(driver.app, "kono", {"side": 1}))
    driver.frames()
    focus_with_tab(driver, friend, friend.host_button)
    driver.key(pygame.K_RETURN)
    host = driver.app.top
    assert isinstance(host, HostScene) and ("You play", "White") in host.rows
    driver.key(pygame.K_c, pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == host.invitation().text()
    assert host.toast.shown == "The invitation is on the clipboard."
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is friend and host.seat is None


def test_who_can_join_listens_again_where_the_player_asks(app_here, monkeypatch):
    """The stepper binds anew (here between two loopback addresses: the tests never listen
    on the network) and remembers the choice."""
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    monkeypatch.setattr(netplay, "bind_address",
                        lambda open_to: "::1" if open_to == "network" else "127.0.0.1")
    driver = app_here
    host = driver.app.push(HostScene(driver.app, Session.new("nim", None, 1), 0, code=CODE))
    driver.frames()
    first, first_seat = host.invitation(), host.seat
    assert host.open_to.value == "computer" and first.host == "127.0.0.1"
    driver.click(host.open_to.forward_zone().center)     # at the end already: nothing
    assert host.invitation() == first
    driver.click(host.open_to.back_zone().center)
    if host.problem:
        pytest.skip("::1 cannot be bound here")
    assert host.invitation().host == "::1" and host.code == CODE
    assert driver.app.settings["netplay"]["open_to"] == "network"
    first_seat.join(HANG)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", first.port), timeout=HANG).close()
    assert host.menu.widgets[host.menu.focus] is host.open_to
    driver.key(pygame.K_RIGHT)                           # the keyboard steps it back...
    assert host.invitation().host == "127.0.0.1"
    assert driver.app.settings["netplay"]["open_to"] == "computer"
    driver.key(pygame.K_LEFT)                            # ...and on again
    assert host.invitation().host == "::1"
    guest = Guest("::1", host.invitation().port, CODE)
    try:
        leave_game(driver, in_game(driver))
    finally:
        guest.close()


def test_the_command_line_host_opens_the_host_screen(app_here):
    from games.core.cli import netplay as cli
    from games.core.cli.arguments import build_parser
    argv = ["host", "nim", "--bind", "127.0.0.1", "--port", "0", "--code", "Robin Cedar 10",
            "--variant", "1357+misere", "--name", "Hosta"]
    make = cli.cmd_host(build_parser(argv).parse_args(argv))
    host = app_here.app.push(make(app_here.app))
    app_here.frames()
    assert isinstance(host, HostScene) and host.code == "robin-cedar-10"
    assert ("Start", "1-3-5-7, misère") in host.rows and host.invitation().port > 0
    host.back()


# --- joining -----------------------------------------------------------------------------------
def test_the_keyboard_types_the_invitation_and_joins(app_here, friend_host):
    driver = app_here
    friend = driver.app.push(FriendScene(driver.app, "mu_torere", {}))
    driver.frames()
    driver.type_text("Gus")
    focus_with_tab(driver, friend, friend.join_button)
    driver.key(pygame.K_RETURN)
    join = driver.app.top
    assert isinstance(join, JoinScene) and join.name == "Gus"
    driver.type_text(f"127.0.0.1:{friend_host.port}")
    space(driver)                                   # the Space key types, never presses
    driver.type_text("Amber Otter 421")
    driver.key(pygame.K_u)                          # a shortcut letter means nothing here
    driver.key(pygame.K_BACKSPACE)
    assert join.field.text == f"127.0.0.1:{friend_host.port} Amber Otter 42"
    assert join.seat is None and join.problem == ""
    driver.key(pygame.K_RETURN)
    frame = in_game(driver)
    assert frame.versus.friend == "Hosta" and frame.versus.players == ("human", "network")
    assert friend_host.view().names == ("Hosta", "Gus")
    leave_game(driver, frame)
    deadline = time.monotonic() + HANG
    while friend_host.view().link != Link.CLOSED and time.monotonic() < deadline:
        friend_host.wait(0.1)
    assert friend_host.view().link == Link.CLOSED


def test_a_wrong_code_is_said_and_the_text_kept_then_the_right_one_joins(app_here, friend_host):
    driver = app_here
    join = driver.app.push(JoinScene(driver.app))
    driver.frames()
    typed = f"127.0.0.1:{friend_host.port} amber-otter-43"
    driver.type_text(typed)
    driver.key(pygame.K_RETURN)
    until(driver, lambda: join.problem, "refused")
    assert join.problem == "The invitation code is wrong: check it with the host."
    assert join.field.text == typed and join.seat is None
    driver.key(pygame.K_BACKSPACE)
    driver.type_text("2")
    assert join.problem == ""
    driver.key(pygame.K_RETURN)
    leave_game(driver, in_game(driver))


@pytest.mark.parametrize("typed, words", [
    ("hello", "An address is ADDRESS:PORT"),
    ("127.0.0.1:41414", "no code"),
    ("", "An invitation is an address and a code"),
])
def test_a_bad_invitation_is_one_sentence_and_nothing_is_tried(app_here, typed, words):
    driver = app_here
    join = driver.app.push(JoinScene(driver.app))
    driver.frames()
    driver.type_text(typed)
    driver.click(join.join_button.rect.center)
    assert words in join.problem and join.problem.endswith(".") and join.seat is None
    join.back()


def test_the_pad_pastes_the_invitation_and_joins(app_here, friend_host):
    driver = app_here
    join = driver.app.push(JoinScene(driver.app))
    driver.frames()
    pygame.scrap.put_text(f"  127.0.0.1:{friend_host.port}\n{CODE}\n")
    driver.pad(PAD_A)                                 # A on the field: a pad pastes
    assert join.field.text == f"127.0.0.1:{friend_host.port} {CODE}"
    assert join.menu.widgets[join.menu.focus] is join.join_button
    driver.pad(PAD_A)
    leave_game(driver, in_game(driver))


def test_a_game_found_on_this_network_is_picked_and_its_code_typed(app_here, friend_host):
    driver = app_here
    join = driver.app.push(JoinScene(driver.app))
    until(driver, lambda: join.found, "the game was found")
    found = join.menu.widgets[len(join.fixed)]
    assert found.words == f"Mu Torere, hosted by Hosta at 127.0.0.1:{friend_host.port}"
    driver.click(found.rect.center)
    assert join.field.text == f"127.0.0.1:{friend_host.port} "
    assert join.menu.widgets[join.menu.focus] is join.field
    driver.type_text(CODE)
    driver.click(join.join_button.rect.center)
    leave_game(driver, in_game(driver))
    assert not join.finder.running, "the finder closed with the join screen"


def test_the_join_screen_opened_with_an_invitation_joins_at_once(app_here, friend_host):
    from games.core.cli import netplay as cli
    from games.core.cli.arguments import build_parser
    argv = ["join", f"127.0.0.1:{friend_host.port}", "--code", CODE, "--name", "Gus"]
    join = app_here.app.push(cli.cmd_join(build_parser(argv).parse_args(argv))(app_here.app))
    assert join.field.text == f"127.0.0.1:{friend_host.port} {CODE}"
    leave_game(app_here, in_game(app_here))


# --- the history ---------------------------------------------------------------------------------
def test_a_game_over_the_network_is_in_the_history_never_in_the_records(app_here):
    """Kept as a game against a friend over the network, with the friend's name; reviewable
    as any two-player game; the records against the computer never count it."""
    from games.core.data import history_queries, records, stats
    from games.core.data.history_rows import of_session
    from games.core.screens.stats import GameRow
    session = Session.new("nim", None, 1)
    for move in ("0:3", "1:4", "2:5"):
        session.apply(move)
    store = app_here.app.store
    store.history().record(of_session(session, time.time() - 30, "won", 0, "Gus", False,
                                      opponent="network"))
    game = history_queries.games(store.history(), history_queries.Filter(game="nim"), 1)[0]
    assert (game.opponent, game.detail, game.outcome) == ("network", "Gus", "won")
    for level in ("perfect", "medium", ""):
        assert records.record_counts(store, "nim", level) == {}
    figures = stats.figures(store.history(), "nim")
    assert figures.played == 1 and figures.two_players == 1 and figures.levels == []
    assert figures.won == figures.lost == figures.streak == figures.best_streak == 0
    row = GameRow((0, 0, 1800, 80), game, False, lambda game: None, lambda game: None)
    assert "Network: Gus" in [words for words, _ in row.cells()] and row.reviewable


def test_the_pad_pastes_a_name_and_reaches_host_and_join(app_here):
    driver = app_here
    friend = driver.app.push(FriendScene(driver.app, "nim", {}))
    driver.frames()
    pygame.scrap.put_text("Pad  Player\n")
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert friend.menu.widgets[friend.menu.focus] is friend.field
    driver.pad(PAD_A)                                  # A on the field: a pad pastes
    assert friend.field.text == "Pad Player"
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad_to(driver, friend, friend.join_button)
    driver.pad(PAD_A)
    join = driver.app.top
    assert isinstance(join, JoinScene) and join.name == "Pad Player"
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert driver.app.top is friend
    pad_to(driver, friend, friend.host_button)
    driver.pad(PAD_A)
    host = driver.app.top
    assert isinstance(host, HostScene) and host.view().names[0] == "Pad Player"
    driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert driver.app.top is friend and host.seat is None


def test_a_friend_over_a_game_in_progress_asks_first_and_gives_that_game_up(app_here):
    """The game's one save is taken by a game with a friend as by any new game: New game
    asks first (No keeps the game), and once the friend joins the game the setup screen was
    opened over is gone, not left beneath to save over the friend's."""
    from games.core.screens.frame import Frame
    from games.core.screens.question import ConfirmScene
    driver = app_here
    mine = driver.app.push(Frame(driver.app, Session.new("nim", None, 3),
                                 {"opponent": "computer", "side": 0, "level": "perfect"}))
    driver.frames()
    setup = driver.app.push(SetupScene(driver.app, "nim", mine))
    driver.frames()
    stepper = next(s for option, s in setup.choices if option.key == "opponent")
    while stepper.value != "network":
        driver.click(stepper.forward_zone().center)
    for answer, keeps in ((pygame.K_n, True), (pygame.K_y, False)):
        driver.click(button(setup, "New game").rect.center)
        assert isinstance(driver.app.top, ConfirmScene), "asked before the game is given up"
        driver.key(answer)
        assert isinstance(driver.app.top, SetupScene if keeps else FriendScene)
    friend = driver.app.top
    driver.click(friend.host_button.rect.center)
    host = driver.app.top
    guest = Guest("127.0.0.1", host.seat.port, host.code, "Gus")
    try:
        frame = in_game(driver)
        assert mine not in driver.app.stack and setup not in driver.app.stack
        assert frame.play_options["opponent"] == "network"
        leave_game(driver, frame)
    finally:
        guest.close()
