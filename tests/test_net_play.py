"""Playing a friend over the network on the game's own screen (games/core/screens/netseat.py):
the frame of every game with a network seat in the computer's place. One side is the real
App (the host's or the join screen, then the frame, through tests/driver.py's mouse, keyboard
and gamepad); the friend is a seat of games/core/net played by the test. Loopback only,
bounded: every wait is a hang guard over the real loop's frames, never a timing."""
import random
import socket
import time

import pygame
import pytest

from games.core.data import history_queries, records, stats
from games.core.kit import registry
from games.core.kit.session import Session
from games.core.net import protocol
from games.core.net.link import Guest, Host
from games.core.net.seat import Link
from games.core.screens.frame import Frame
from games.core.screens.launch import resume_saved_game
from games.core.screens.menus import PauseScene, ResultScene
from games.core.screens.netplay import HostScene, JoinScene
from games.core.screens.netseat import NetworkVersus, WaitingScene, network_play
from games.core.screens.question import ConfirmScene
from tests import (
    test_kono_scene as kono_scene,
    test_mu_torere_scene as mu_scene,
    test_net_cli as net_cli,
    test_nim_scene as nim_scene,
)
from tests.driver import VirtualPad

CODE = "amber-otter-42"
HANG = 20.0
SHORT = protocol.Limits(step=0.5, ping=0.3, silence=1.5, reconnect=2.0, retry=0.2,
                        busy_retry=0.6, resync=0.2)


@pytest.fixture
def app_here(driver):
    driver.app.settings["netplay"] = {"name": "Ana", "open_to": "computer"}
    return driver


@pytest.fixture
def seats():
    opened = []
    yield opened
    for seat in opened:
        seat.close()
    for seat in opened:
        seat.join(HANG)
        assert not seat.thread.is_alive()


def until(driver, done, what="it"):
    """Frames of the real loop until done(); the network's threads run between them."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        driver.frames()
        driver.app.jobs.wait_all()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError(f"never: {what}")


def analysis(key):
    return registry.lookup(key).parts().versus.analysis


def friend_moves(driver, frame, friend, rng):
    """The friend's turn: a good move of theirs, played on their seat, until the frame has
    it (animated, as the computer's would be)."""
    view = friend.view()
    move = analysis(frame.session.key).choose_move(friend.state(), rng, "high")
    friend.play(move.encode())
    until(driver, lambda: frame.session.position == view.ply + 1 and not frame.tweens.busy,
          "the friend's move arrived")


def play_to_the_end(driver, frame, friend, human_move, seed=1):
    """Both sides until the game ends: the player here through human_move(move) (a good
    move), the friend on their seat; both copies always the same moves."""
    rng = random.Random(seed)
    for _ in range(400):
        if frame.over:
            break
        if frame.versus.human_to_move():
            before = frame.session.position
            driver.run_until(lambda: not frame.tweens.busy, dt=1 / 60)
            human_move(analysis(frame.session.key).choose_move(frame.state, rng, "high"))
            assert frame.session.position == before + 1, frame.message
            until(driver, lambda ply=before + 1: friend.view().ply == ply, "the move arrived")
        else:
            friend_moves(driver, frame, friend, rng)
    assert frame.over, "the game did not end"
    until(driver, lambda: isinstance(driver.app.top, ResultScene) and friend.view().over,
          "the result")
    assert list(friend.view().moves) == [text for _, text in frame.session.entries[1:]]


def hosted(driver, key, side=0, params=None):
    """The host's screen as the setup screen opens it, and the friend's seat joined to it."""
    rules = registry.lookup(key).rules
    session = Session.new(key, params or rules.params_from_options(), 1)
    host = driver.app.push(HostScene(driver.app, session, side, code=CODE, bind="127.0.0.1",
                                     port=0))
    driver.frames()
    invitation = host.invitation()
    friend = Guest("127.0.0.1", invitation.port, CODE, "Gus")
    until(driver, lambda: isinstance(driver.app.top, Frame), "the game opened")
    return driver.app.top, friend


def direct(driver, seats, key, side=0, seed=1):
    """A hosted game with short time-outs (a lost connection, Leave), the frame opened on the
    host's seat as the host screen opens it; the friend's seat joined."""
    rules = registry.lookup(key).rules
    session = Session.new(key, rules.params_from_options(), seed)
    host = Host(session, side, CODE, "Ana", bind="127.0.0.1", port=0, limits=SHORT,
                wake=driver.app.wake)
    friend = Guest("127.0.0.1", host.port, CODE, "Gus", limits=SHORT)
    seats += [host, friend]
    until(driver, lambda: host.view().link == Link.CONNECTED and friend.view() is not None,
          "connected")
    view = host.view()
    from games.core.net.record import replay
    frame = Frame(driver.app, replay(view.game_id, []), {"opponent": "network",
                                                          "side": view.side, "number": 1},
                  versus=network_play(host))
    driver.app.push(frame)
    driver.frames()
    return frame, friend


def history_row(driver):
    rows = history_queries.games(driver.app.store.history(), most=5)
    assert len(rows) == 1
    return rows[0]


# --- whole games, each device once ---------------------------------------------------------
def test_mu_torere_hosted_and_played_to_the_end_with_the_mouse(app_here):
    driver = app_here
    frame, friend = hosted(driver, "mu_torere")
    try:
        assert isinstance(frame.versus, NetworkVersus) and frame.versus.players[0] == "human"
        play_to_the_end(driver, frame, friend, lambda move: mu_scene.click_move(driver, frame,
                                                                                 move))
        row = history_row(driver)
        assert (row.opponent, row.detail) == ("network", "Gus")
        assert records.record_counts(driver.app.store, "mu_torere", "high") == {}
        assert "Against\tGus" in [f"{a}\t{b}" for a, b in frame.ending.facts()]
    finally:
        friend.close()


def test_kono_joined_from_the_join_screen_and_played_to_the_end_with_the_keyboard(app_here,
                                                                                  seats):
    driver = app_here
    friend = Host(Session.new("kono", None, 1), 0, CODE, "Hosta", bind="127.0.0.1", port=0)
    seats.append(friend)
    driver.app.push(JoinScene(driver.app, f"127.0.0.1:{friend.port} {CODE}"))
    until(driver, lambda: isinstance(driver.app.top, Frame), "the game opened")
    frame = driver.app.top
    assert frame.versus.players == ("network", "human") and frame.board.ui.flipped, \
        "the guest plays the second side, its own stones nearest"
    assert frame.status_line() == "Hosta's move (Black)..."
    play_to_the_end(driver, frame, friend, lambda move: kono_scene.cursor_move(
        frame, driver.key, kono_scene.KEYS, move), seed=3)
    row = history_row(driver)
    assert (row.opponent, row.detail, row.outcome) == ("network", "Hosta",
                                                       frame.versus.human_result().value)


def test_nim_hosted_and_played_to_the_end_with_a_gamepad(app_here):
    driver = app_here
    pad = VirtualPad(driver)
    frame, friend = hosted(driver, "nim", side=1)
    keys = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
            "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT, "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
            "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "confirm": pygame.CONTROLLER_BUTTON_A}
    try:
        assert frame.versus.players == ("network", "human")
        play_to_the_end(driver, frame, friend, lambda move: nim_scene.steer(
            frame, pad.press, move, keys), seed=2)
        assert history_row(driver).opponent == "network"
    finally:
        friend.close()
        pad.unplug()


# --- undo, draws, resigning and a rematch, by agreement ------------------------------------
def my_move(driver, frame, friend, rng):
    """A move of the player here (its first legal one, by the frame's own gate)."""
    before = frame.session.position
    move = analysis(frame.session.key).choose_move(frame.state, rng, "high")
    assert frame.play(move) is not None, frame.message
    until(driver, lambda: friend.view().ply == before + 1, "the move reached the friend")


def offered(driver, friend, kind):
    until(driver, lambda: friend.view().asked == kind, f"the friend was asked: {kind}")


def test_undo_only_by_agreement_refused_then_accepted(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "kono")
    rng = random.Random(4)
    my_move(driver, frame, friend, rng)
    friend_moves(driver, frame, friend, rng)
    driver.key(pygame.K_u)                             # undo: the friend is asked
    assert frame.session.position == 2 and "You ask Gus" in frame.message
    offered(driver, friend, "undo")
    assert frame.play(analysis("kono").choose_move(frame.state, rng, "high")) is None, \
        "no move while the offer waits"
    friend.answer(False)
    until(driver, lambda: "declines" in frame.message, "the refusal said")
    assert frame.session.position == 2
    driver.key(pygame.K_u)
    offered(driver, friend, "undo")
    friend.answer(True)
    until(driver, lambda: frame.session.position == 0 and friend.view().ply == 0, "undone")
    assert not frame.session.can_redo(), "what both took back is gone"
    assert frame.versus.human_to_move()


def test_the_friends_undo_and_draw_are_asked_with_the_question_dialog(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "mu_torere")
    rng = random.Random(5)
    my_move(driver, frame, friend, rng)
    friend_moves(driver, frame, friend, rng)
    friend.offer("undo")
    until(driver, lambda: isinstance(driver.app.top, ConfirmScene), "asked here")
    assert driver.app.top.question == "Gus asks to take back their last move"
    driver.key(pygame.K_n)                             # refused
    until(driver, lambda: friend.view().offered is None, "the friend heard no")
    assert frame.session.position == 2
    friend.offer("undo")
    until(driver, lambda: isinstance(driver.app.top, ConfirmScene), "asked again")
    driver.key(pygame.K_y)
    until(driver, lambda: frame.session.position == 1 and friend.view().ply == 1, "undone")
    assert frame.versus.players[frame.versus.to_move] == "network"
    friend_moves(driver, frame, friend, rng)
    friend.offer("draw")
    until(driver, lambda: isinstance(driver.app.top, ConfirmScene), "a draw offered")
    assert driver.app.top.question == "Gus offers a draw"
    driver.key(pygame.K_y)
    until(driver, lambda: frame.over and isinstance(driver.app.top, ResultScene), "drawn")
    assert frame.ending.title() == "A draw" and friend.view().over
    assert history_row(driver).outcome == "draw"


def test_a_draw_offered_here_is_answered_by_the_friend(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "kono")
    rng = random.Random(6)
    my_move(driver, frame, friend, rng)
    friend_moves(driver, frame, friend, rng)
    driver.key(pygame.K_d)                             # asked once here...
    assert isinstance(driver.app.top, ConfirmScene)
    driver.key(pygame.K_y)
    offered(driver, friend, "draw")                    # ...then the friend
    friend.answer(False)
    until(driver, lambda: "declines the draw" in frame.message, "declined")
    assert not frame.over
    driver.key(pygame.K_d)
    driver.key(pygame.K_y)
    offered(driver, friend, "draw")
    friend.answer(True)
    until(driver, lambda: frame.over, "drawn")
    assert frame.versus.ending() == "You and Gus agreed to a draw."


def test_resigning_is_asked_once_and_ends_the_game_for_both(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "nim")
    rng = random.Random(7)
    my_move(driver, frame, friend, rng)
    frame.versus.ask_resign()
    assert driver.app.top.question == "Resign this game?"
    driver.key(pygame.K_n)
    assert not frame.over and isinstance(driver.app.top, Frame)
    frame.versus.ask_resign()
    driver.key(pygame.K_y)
    until(driver, lambda: isinstance(driver.app.top, ResultScene), "the result")
    assert frame.over and frame.ending.title() == "You lost"
    assert frame.versus.ending() == "You resigned."
    until(driver, lambda: friend.view().over and friend.view().winner == 1, "the friend won")
    row = history_row(driver)
    assert (row.outcome, row.opponent) == ("lost", "network")
    figures = stats.figures(driver.app.store.history(), "nim")
    assert figures.lost == 0 and figures.two_players == 1 and figures.streak == 0, \
        "a game against a friend is no loss of the player's records"


def test_the_friend_resigns_then_a_rematch_swaps_the_sides(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "mu_torere")
    rng = random.Random(8)
    my_move(driver, frame, friend, rng)
    friend.resign()
    until(driver, lambda: isinstance(driver.app.top, ResultScene), "the result")
    assert frame.ending.title() == "You won!" and frame.versus.ending() == "Gus resigned."
    result = driver.app.top
    rematch = next(b for b in result.menu.widgets if getattr(b, "words", "") == "Rematch")
    driver.click(rematch.rect.center)
    offered(driver, friend, "rematch")
    friend.answer(True)
    until(driver, lambda: frame.versus.players == ("network", "human") and
          frame.session.position == 0 and isinstance(driver.app.top, Frame), "a new game")
    assert not frame.over and frame.session.game_id == friend.view().game_id
    assert "you play" in frame.message
    friend_moves(driver, frame, friend, rng)
    my_move(driver, frame, friend, rng)


# --- a lost connection, leaving -----------------------------------------------------------------
def cut(friend, reconnect=True):
    with friend.lock:
        if not reconnect:
            friend.running = False
        friend.peer.sock.shutdown(socket.SHUT_RDWR)    # the cable is pulled


def test_a_lost_connection_pauses_the_game_and_the_friend_comes_back(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "nim")
    rng = random.Random(9)
    my_move(driver, frame, friend, rng)
    cut(friend)
    until(driver, lambda: isinstance(driver.app.top, WaitingScene), "paused")
    waiting = driver.app.top
    assert not waiting.leave_button.enabled, "Leave only after a few minutes"
    until(driver, lambda: isinstance(driver.app.top, Frame), "back")
    assert "Gus is back" in frame.message
    play_to_the_end(driver, frame, friend, frame.play, seed=9)


def test_waiting_long_enough_the_player_leaves_the_game_saved_and_unfinished(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "kono")
    rng = random.Random(10)
    my_move(driver, frame, friend, rng)
    cut(friend, reconnect=False)
    until(driver, lambda: isinstance(driver.app.top, WaitingScene), "paused")
    waiting = driver.app.top
    until(driver, lambda: waiting.leave_button.enabled, "Leave offered")
    driver.click(waiting.leave_button.rect.center)
    assert frame not in driver.app.stack and driver.app.store.has_save("kono")
    assert history_queries.games(driver.app.store.history(), most=5) == [], \
        "an unfinished game is no loss"
    # Resumed, it is hosted again: the friend comes back to the game as it was.
    resume_saved_game(driver.app, "kono")
    host = driver.app.top
    assert isinstance(host, HostScene) and host.session.position == 1
    again = Guest("127.0.0.1", host.invitation().port, host.code, "Gus")
    seats.append(again)
    until(driver, lambda: isinstance(driver.app.top, Frame), "the game again")
    assert driver.app.top.session.position == 1 and again.view().ply == 1
    assert driver.app.top.versus.players[0] == "human"


def test_leaving_a_game_in_play_is_asked_first_and_the_friend_told(app_here, seats):
    driver = app_here
    frame, friend = direct(driver, seats, "mu_torere")
    my_move(driver, frame, friend, random.Random(11))
    driver.key(pygame.K_ESCAPE)
    pause = driver.app.top
    assert isinstance(pause, PauseScene)
    words = [getattr(b, "words", "") for b in pause.menu.widgets]
    assert "Restart" not in words and "New game" not in words
    leave = next(b for b in pause.menu.widgets if getattr(b, "words", "") == "Save and leave")
    driver.click(leave.rect.center)
    assert driver.app.top.question == "Leave the game with Gus?"
    driver.key(pygame.K_n)
    assert driver.app.top is pause
    driver.click(leave.rect.center)
    driver.key(pygame.K_y)
    assert frame not in driver.app.stack and driver.app.store.has_save("mu_torere")
    until(driver, lambda: friend.view().link == Link.CLOSED, "the friend was told")


def test_the_setup_screen_hides_the_computer_level_for_a_network_game(app_here):
    from games.core.screens.menus import SetupScene
    driver = app_here
    setup = driver.app.push(SetupScene(driver.app, "kono"))
    level = next(stepper for option, stepper in setup.choices if option.key == "level")
    assert level in setup.menu.widgets
    setup.choose("opponent", "network")
    assert level not in setup.menu.widgets and setup.chosen()["level"] == level.value
    setup.choose("opponent", "computer")
    assert level in setup.menu.widgets


def test_a_friend_in_another_process_joins_from_the_command_line(app_here, tmp_path):
    """Two processes: this one's screens (the mouse), the friend's `main.py join --computer`
    printing the same moves and the same end."""
    driver = app_here
    rules = registry.lookup("nim").rules
    host = driver.app.push(HostScene(driver.app, Session.new("nim", rules.params_from_options(),
                                                             1), 0, code=CODE,
                                     bind="127.0.0.1", port=0))
    driver.frames()
    friend = net_cli.start(tmp_path, "join", f"127.0.0.1:{host.invitation().port}", "--code",
                           CODE, "--computer", "high", "--name", "Gus")
    rng = random.Random(12)
    try:
        until(driver, lambda: isinstance(driver.app.top, Frame), "the game opened")
        frame = driver.app.top
        for _ in range(100):
            if frame.over:
                break
            if frame.versus.human_to_move():
                driver.run_until(lambda: not frame.tweens.busy, dt=1 / 60)
                move, before = analysis("nim").choose_move(frame.state, rng, "high"), \
                    frame.session.position
                size = frame.state.heaps[move.heap]
                driver.click(nim_scene.counter_rect(frame, move.heap, size - move.take,
                                                    size).center)
                # (the friend's answer may be in already: it plays at once)
                assert frame.session.entries[before + 1][1] == move.encode()
            else:
                until(driver, lambda: frame.over or frame.versus.human_to_move(),
                      "the friend's move")
        lines, _ = net_cli.finished(friend)
    finally:
        if friend.poll() is None:
            friend.kill()
            friend.communicate()
    assert frame.over and frame.versus.friend == "Gus"
    assert [line["move"] for line in lines if line["event"] == "move"] == \
        [text for _, text in frame.session.entries[1:]]
    assert lines[-1]["event"] == "over" and lines[-1]["id"] == frame.session.game_id


def test_a_deal_begun_here_gives_way_to_the_one_both_play(app_here, seats):
    """Nim's heap editor begins another deal on this screen: the match's deal comes back
    (both sides always show the same position)."""
    driver = app_here
    frame, friend = direct(driver, seats, "nim")
    my_move(driver, frame, friend, random.Random(13))
    from games.nim import rules as nim_rules
    frame.begin("1,2", nim_rules.Params("custom"))
    until(driver, lambda: frame.session.game_id == friend.view().game_id and
          frame.session.position == 1, "the match's deal again")
    assert "the game the host chose" in frame.message
    assert not frame.can_hint()          # the toolbar's Hint is dimmed against a friend
    driver.key(pygame.K_h)
    assert frame.versus.hint_for is None and frame.session.count("hints") == 0
    frame.hint()
    assert frame.message == "No hints in a game against a friend."


def test_the_guest_asks_to_take_back_its_move_and_the_host_agrees(app_here, seats):
    """The guest's side of an agreed undo: the host commits it, the guest's frame follows."""
    driver = app_here
    friend = Host(Session.new("mu_torere", None, 1), 0, CODE, "Hosta", bind="127.0.0.1",
                  port=0)
    seats.append(friend)
    driver.app.push(JoinScene(driver.app, f"127.0.0.1:{friend.port} {CODE}"))
    until(driver, lambda: isinstance(driver.app.top, Frame), "the game opened")
    frame, rng = driver.app.top, random.Random(14)
    friend_moves(driver, frame, friend, rng)
    my_move(driver, frame, friend, rng)
    friend_moves(driver, frame, friend, rng)
    driver.key(pygame.K_u)
    offered(driver, friend, "undo")
    friend.answer(True)
    until(driver, lambda: frame.session.position == 1 and friend.view().ply == 1, "undone")
    assert frame.versus.human_to_move() and not frame.session.can_redo()
    my_move(driver, frame, friend, rng)


def test_parlour_quitting_lets_the_friends_seat_go_and_tells_the_friend(app_here, seats):
    """The App's quit (the window closed, asked) closes the game's seat: its thread ends
    with the App, never left to wake a loop that is gone, and the friend hears of it."""
    driver = app_here
    frame, friend = hosted(driver, "kono")
    seats.append(friend)
    seat = frame.versus.seat
    driver.app.quit()
    seat.join(HANG)
    assert not seat.thread.is_alive()
    deadline = time.monotonic() + HANG
    while friend.view().link != Link.CLOSED and time.monotonic() < deadline:
        friend.wait(0.1)
    assert friend.view().link == Link.CLOSED
