"""The transport over loopback (games/core/net/link.py, peer.py, discovery.py): a host and a
guest in this process play through real sockets; hostile peers (random bytes, a 10 MB line,
silence, fifty connections at once, a peer vanishing mid-message, another version, a wrong
code, illegal and out-of-turn moves) each get a clear refusal or are dropped, the host never
stops nor grows, and the real friend still joins and plays; a dropped connection is resumed;
the games hosted on the network are found. Loopback only; the limits shortened, and the
deadlines generous hang guards, never timings."""
import json
import random
import socket
import time

import pytest

from games.core.kit.session import Session
from games.core.net import discovery, protocol
from games.core.net.handshake import GuestDoor
from games.core.net.link import Guest, Host
from games.core.net.peer import MAX_PENDING, Failed
from games.core.net.seat import Ended, Link, LinkChanged, Moved, Rejected
from tests.net_pair import CODE

SHORT = protocol.Limits(step=0.5, ping=0.3, silence=1.5, reconnect=3.0, retry=0.2,
                        busy_retry=0.6, resync=0.2)
HANG = 20.0          # a hang guard: nothing here should come near it


class Seats:
    """The seats a test opens, closed after it; each seat's events kept as they come."""

    def __init__(self):
        self.open, self.heard = [], {}

    def add(self, seat):
        self.open.append(seat)
        self.heard[seat] = []
        return seat

    def host(self, key="nim", limits=SHORT, **more):
        session = Session.new(key, None, 1)
        return self.add(Host(session, 0, CODE, "Hosta", bind=more.pop("bind", "127.0.0.1"),
                             port=0, limits=limits, **more))

    def guest(self, host, code=CODE, limits=SHORT, address="127.0.0.1"):
        return self.add(Guest(address, host.port, code, "Gus", limits=limits))

    def until(self, seat, done, what="it"):
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            self.heard[seat] += seat.events()
            if done():
                return
            seat.wait(0.05)
        raise AssertionError(f"never: {what}")

    def close(self):
        for seat in self.open:
            seat.close()


@pytest.fixture
def seats():
    made = Seats()
    yield made
    made.close()
    for seat in made.open:
        seat.join(HANG)
        assert not seat.thread.is_alive(), "every thread ends with its seat"


def connected(seats, host, guest):
    seats.until(guest, lambda: guest.view() is not None and
                guest.view().link == Link.CONNECTED, "the guest joined")
    seats.until(host, lambda: host.view().link == Link.CONNECTED, "the host let it in")


def play_some(seats, host, guest, count=None, seed=1):
    """Each side plays its turns with random legal moves until the game ends (or `count`
    moves); both must end with the same moves."""
    rng = random.Random(seed)
    played = 0
    while not host.view().over and (count is None or played < count):
        for seat in (host, guest):
            view = seat.view()
            if view.over or view.to_move != view.side or played == count:
                continue
            state = seat.state()
            seat.play(rng.choice(seat.match.session.rules.legal_moves(state)).encode())
            played += 1
            other, ply = (guest if seat is host else host), view.ply + 1
            seats.until(other, lambda o=other, p=ply: o.view().ply == p, "the move arrived")
    assert host.match.moves == guest.match.moves


# --- a friend joins and plays -----------------------------------------------------------------
@pytest.mark.parametrize("key", ["mu_torere", "kono", "nim"])
def test_a_guest_joins_and_the_two_play_a_whole_game(seats, key):
    host = seats.host(key)
    guest = seats.guest(host)
    connected(seats, host, guest)
    assert guest.view().names == ("Gus", "Hosta") and host.view().names == ("Hosta", "Gus")
    assert guest.view().game_id == host.view().game_id and guest.view().side == 1
    play_some(seats, host, guest)
    seats.until(guest, lambda: any(isinstance(e, Ended) for e in seats.heard[guest]), "ended")
    assert guest.view().winner == host.view().winner
    moved = [e for e in seats.heard[guest] if isinstance(e, Moved)]
    assert [e.move for e in moved] == [m for i, m in enumerate(host.match.moves)
                                       if host.match.mover(i + 1) == host.match.side]


def test_a_game_over_ipv6_loopback(seats):
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    try:
        host = seats.host("nim", bind="::1")
    except OSError:
        pytest.skip("::1 cannot be bound here")
    guest = seats.guest(host, address="::1")
    connected(seats, host, guest)
    play_some(seats, host, guest, count=2)


def test_a_wrong_code_fails_the_guest_and_the_host_waits_for_the_right_one(seats):
    host = seats.host()
    wrong = seats.guest(host, code="robin-cedar-10")
    seats.until(wrong, lambda: any(isinstance(e, Failed) for e in seats.heard[wrong]))
    failed = next(e for e in seats.heard[wrong] if isinstance(e, Failed))
    assert "code is wrong" in failed.words and wrong.view() is None
    assert host.view().link == Link.WAITING
    right = seats.guest(host)
    connected(seats, host, right)


def test_nobody_there_fails_at_once_with_the_address(seats):
    spare = socket.create_server(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()
    guest = seats.add(Guest("127.0.0.1", port, CODE, limits=SHORT))
    seats.until(guest, lambda: not guest.running)
    assert any(isinstance(e, Failed) and f"127.0.0.1:{port}" in e.words
               for e in seats.heard[guest])


def test_a_second_guest_is_told_the_host_is_busy(seats):
    host = seats.host()
    first = seats.guest(host)
    connected(seats, host, first)
    second = seats.guest(host)
    seats.until(second, lambda: not second.running, "the second gave up")
    assert any(isinstance(e, Failed) and "busy" in e.words for e in seats.heard[second])
    assert host.view().link == Link.CONNECTED and host.view().names[1] == "Gus"


def test_a_guest_who_leaves_tells_the_host(seats):
    host = seats.host()
    guest = seats.guest(host)
    connected(seats, host, guest)
    guest.close()
    seats.until(host, lambda: host.view().link == Link.CLOSED, "the host heard")
    assert LinkChanged(Link.CLOSED, False) in seats.heard[host]


# --- a lost connection -------------------------------------------------------------------------
def test_a_dropped_connection_pauses_both_and_the_guest_comes_back(seats):
    host = seats.host("mu_torere")
    guest = seats.guest(host)
    connected(seats, host, guest)
    play_some(seats, host, guest, count=3)
    with guest.lock:
        guest.peer.sock.shutdown(socket.SHUT_RDWR)     # the cable is pulled
    seats.until(host, lambda: LinkChanged(Link.LOST, False) in seats.heard[host], "host lost")
    seats.until(guest, lambda: LinkChanged(Link.LOST, False) in seats.heard[guest], "guest lost")
    seats.until(guest, lambda: guest.view().link == Link.CONNECTED, "back")
    seats.until(host, lambda: host.view().link == Link.CONNECTED, "back at the host")
    play_some(seats, host, guest)
    assert host.view().over and guest.view().over


def test_an_established_peer_gone_silent_is_dropped_and_the_friend_resumes(seats):
    host = seats.host("kono")
    sock, reader, _ = raw_guest(host.port)                 # proves the code, then says nothing
    seats.until(host, lambda: host.view().link == Link.CONNECTED, "the raw guest joined")
    seats.until(host, lambda: host.view().link == Link.LOST, "the silent one dropped")
    sock.close()
    guest = seats.guest(host)
    connected(seats, host, guest)
    play_some(seats, host, guest, count=2)


# --- hostile peers -----------------------------------------------------------------------------
def raw(port):
    return socket.create_connection(("127.0.0.1", port), timeout=HANG)


def until_closed(sock) -> bytes:
    """What the host sends until it closes the connection."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, BrokenPipeError):
        pass
    sock.close()
    return data


def raw_guest(port, code=CODE):
    """A guest by hand: a socket through the handshake; (socket, line reader, welcome)."""
    sock = raw(port)
    reader = sock.makefile("rb")
    door = GuestDoor(code, "b" * 32, "Raw", 0.0)
    sock.sendall(protocol.encode(door.hello()))
    for reply in door.receive_line(reader.readline()[:-1], 0.0):
        sock.sendall(protocol.encode(reply))
    door.receive_line(reader.readline()[:-1], 0.0)
    sock.sendall(protocol.encode({"t": "ready"}))
    return sock, reader, door.terms


def host_is_well(seats, host, key_moves=True):
    """The host still runs, holds no more than its bounds, and a real friend joins and
    plays."""
    with host.lock:
        assert host.running and host.thread.is_alive()
        assert len(host.wires) <= MAX_PENDING + 1
        assert all(len(wire.framer.pending) < protocol.MAX_LINE for wire in host.wires)
    assert not any(isinstance(e, Failed) for e in host.events())
    guest = seats.guest(host)
    connected(seats, host, guest)
    if key_moves:
        play_some(seats, host, guest, count=2)


def test_random_bytes_are_dropped(seats):
    host = seats.host()
    rng = random.Random(4)
    for size in (1, 100, 5000, 70000):
        sock = raw(host.port)
        sock.sendall(bytes(rng.randrange(256) for _ in range(size)) + b"\n")
        answer = until_closed(sock)
        assert answer == b"" or json.loads(answer.splitlines()[0])["t"] == "refuse"
    host_is_well(seats, host)


def test_a_10_mb_line_is_cut_off_after_one_line_of_it(seats):
    host = seats.host()
    sock = raw(host.port)
    sent = 0
    try:
        while sent < 10 * 1024 * 1024:
            sock.sendall(b"x" * 65536)
            sent += 65536
            with host.lock:
                assert all(len(w.framer.pending) < protocol.MAX_LINE for w in host.wires)
    except (BrokenPipeError, ConnectionResetError):
        pass
    until_closed(sock)
    host_is_well(seats, host)


def test_a_silent_connection_is_dropped_at_its_deadline(seats):
    host = seats.host()
    sock = raw(host.port)
    assert until_closed(sock) == b""
    host_is_well(seats, host)


def test_fifty_connections_at_once_never_keep_the_friend_out(seats):
    host = seats.host()
    crowd = [raw(host.port) for _ in range(50)]
    for _ in range(5):
        with host.lock:
            assert len(host.wires) <= MAX_PENDING
        time.sleep(0.01)
    host_is_well(seats, host)
    for sock in crowd:
        sock.close()


def test_a_flood_of_messages_is_dropped(seats):
    host = seats.host("nim")
    sock, _, _ = raw_guest(host.port)
    seats.until(host, lambda: host.view().link == Link.CONNECTED)
    try:
        for _ in range(40):
            sock.sendall(b'{"t":"ping"}\n' * 2000)
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert b"too many messages" in until_closed(sock)
    seats.until(host, lambda: host.view().link == Link.LOST, "the flood dropped")
    host_is_well(seats, host)


def test_a_peer_vanishing_mid_message_leaves_nothing_behind(seats):
    host = seats.host()
    for cut in (1, 20, 60):
        sock = raw(host.port)
        hello = protocol.encode(GuestDoor(CODE, "b" * 32, "", 0.0).hello())
        sock.sendall(hello[:cut])
        sock.close()
    seats.until(host, lambda: len(host.wires) == 0, "the host let go of them")
    host_is_well(seats, host)


@pytest.mark.parametrize("version", [0, protocol.VERSION + 1])
def test_an_old_or_future_version_is_refused_by_name(seats, version):
    host = seats.host()
    sock = raw(host.port)
    hello = GuestDoor(CODE, "b" * 32, "", 0.0).hello()
    sock.sendall(json.dumps({**hello, "v": version}).encode() + b"\n")
    refusal = json.loads(until_closed(sock).splitlines()[0])
    assert refusal["t"] == "refuse" and refusal["reason"] == "version"
    assert refusal["v"] == protocol.VERSION
    host_is_well(seats, host)


def test_illegal_and_out_of_turn_moves_get_a_reject_and_the_hosts_record(seats):
    host = seats.host("mu_torere")
    sock, reader, welcome = raw_guest(host.port)
    seats.until(host, lambda: host.view().link == Link.CONNECTED)
    hash_ = welcome["hash"]
    for ply, move in ((1, "0-8"), (9, "3-8"), (1, "launch")):
        sock.sendall(json.dumps({"t": "move", "ply": ply, "move": move, "hash": hash_}).encode()
                     + b"\n")
    replies = []
    while len([r for r in replies if r["t"] == "reject"]) < 3:
        line = reader.readline()
        assert line, "the host keeps the connection for a move it refuses"
        replies.append(json.loads(line))
    rejects = [r["words"] for r in replies if r["t"] == "reject"]
    assert "not your turn" in rejects[0] and "does not follow" in rejects[1]
    assert any(r["t"] == "sync" and r["moves"] == [] for r in replies)
    sock.sendall(b'{"t": "move", "ply": 1}\n')    # no message at all: an error, then dropped
    tail = until_closed(sock)
    assert b'"t":"error"' in tail and b"no 'move'" in tail
    assert host.match.moves == []
    seats.until(host, lambda: host.view().link == Link.LOST)
    host_is_well(seats, host)


def test_the_guest_hears_a_reject_when_the_host_refuses_its_move(seats):
    host = seats.host("nim")
    guest = seats.guest(host)
    connected(seats, host, guest)
    play_some(seats, host, guest, count=1)
    with host.lock:                            # the host's copy drifts a move ahead
        host.match.session.apply(host.match.session.rules.legal_moves(
            host.match.session.state)[0].encode())
    state = guest.state()
    guest.play(guest.match.session.rules.legal_moves(state)[0].encode())
    seats.until(guest, lambda: any(isinstance(e, Rejected) for e in seats.heard[guest]))
    seats.until(guest, lambda: guest.match.moves == host.match.moves, "repaired")


# --- finding games on the local network --------------------------------------------------------
def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_waiting_host_is_found_on_loopback_and_forgotten_once_joined(seats):
    port = free_udp_port()
    finder = discovery.Finder(port, bind="127.0.0.1")
    assert finder.problem == ""
    try:
        host = seats.host("kono", announce_port=port)
        deadline = time.monotonic() + HANG
        while not finder.found() and time.monotonic() < deadline:
            time.sleep(0.05)
        found = finder.found()
        assert [(f.host, f.port, f.game, f.name) for f in found] == \
            [("127.0.0.1", host.port, "kono", "Hosta")]
        assert found[0].address() == f"127.0.0.1:{host.port}"
        guest = seats.guest(host)
        connected(seats, host, guest)
        with host.lock:
            assert host.announcer.due > time.monotonic() - 1 or host.peer is not None
    finally:
        finder.close()


def test_the_finder_ignores_what_is_no_announcement_and_keeps_a_short_list():
    port = free_udp_port()
    clock = [0.0]
    finder = discovery.Finder(port, bind="127.0.0.1", clock=lambda: clock[0])
    try:
        good = discovery.announcement("nim", 5000, "Ana")
        for data in (b"\xff" * 40, b"{}", b"[" * 400, good.replace(b"nim", b"poggle"),
                     good.replace(b"Ana", b"A" * 30), good + b" " * 600,
                     json.dumps({**json.loads(good), "port": 0}).encode()):
            finder._heard(data, "127.0.0.1")
        assert finder.found() == []
        for n in range(40):
            finder._heard(discovery.announcement("nim", 5000 + n, "Ana"), "127.0.0.1")
        assert len(finder.found()) == discovery.MOST_FOUND
        clock[0] = discovery.FORGET_AFTER + 1
        assert finder.found() == []
        assert b"amber" not in good and set(json.loads(good)) == \
            {"app", "v", "t", "game", "port", "name"}
    finally:
        finder.close()


def test_the_network_needs_no_idna_codec_as_the_packaged_build_has_none():
    """The one-folder build leaves out unicodedata, so the idna codec is unknown there (a
    LookupError): a guest still joins a host on loopback, by address and by name."""
    import os
    import subprocess
    import sys
    code = (
        "import sys\nsys.modules['encodings.idna'] = None\n"
        "import codecs\n"
        "try:\n    codecs.lookup('idna')\n    raise SystemExit('idna still there')\n"
        "except LookupError:\n    pass\n"
        "from games.core.kit.session import Session\n"
        "from games.core.net.link import Guest, Host, local_address\n"
        "from games.core.net.seat import Link\n"
        "from tests.net_pair import CODE\n"
        "local_address('')\n"
        "for address in ('127.0.0.1', 'localhost'):\n"
        "    host = Host(Session.new('nim', None, 1), 0, CODE, 'Ana', bind='127.0.0.1', port=0)\n"
        "    guest = Guest(address, host.port, CODE, 'Gus')\n"
        "    for _ in range(200):\n"
        "        guest.wait(0.1)\n"
        "        view = guest.view()\n"
        "        if view is not None and view.link == Link.CONNECTED:\n"
        "            break\n"
        "    else:\n"
        "        raise SystemExit(f'never joined {address}: {guest.events()}')\n"
        "    guest.close(); host.close(); guest.join(20); host.join(20)\n"
        "print('joined')\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "joined", done.stdout + done.stderr
