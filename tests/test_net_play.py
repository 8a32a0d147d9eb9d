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

from games.core.data import history_queries, records
from games.core.kit import registry
from games.core.kit.session import Session
from games.core.net import protocol
from games.core.net.link import Guest, Host
from games.core.net.seat import Link
from games.core.screens.frame import Frame
from games.core.screens.menus import PauseScene, ResultScene
from games.core.screens.netplay import HostScene, JoinScene
from games.core.screens.netseat import NetworkVersus, WaitingScene, network_play
from games.core.screens.question import ConfirmScene
from tests import test_kono_scene as kono_scene
from tests import test_mu_torere_scene as mu_scene
from tests import test_nim_scene as nim_scene
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
            until(driver, lambda: friend.view().ply == before + 1, "the move reached the friend")
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
