"""The transport of network play (docs/NETPLAY.md, "Layers"): a Host that listens and a
Guest that joins, each a Seat (games/core/net/seat.py) over a TCP connection, built on
peer.py's thread. Python's own sockets and selectors run on that background thread; a frame
only takes a lock for the moment a pure step needs it, so nothing here ever blocks a frame.

The thread owns every socket: it reads whole lines (protocol.Framer caps them), hands them to
the pure handshake and match under the lock, sends what they said, drops a connection whose
time is up, and says what happened as events. The frame (or the command line) calls the
Seat's actions and polls events(); `wake` is called from the thread whenever there are new
events, so a loop asleep at rest wakes for them.

Hostile peers are bounded where they enter: at most MAX_PENDING connections in their
handshake (a newcomer pushes the oldest out), each with its deadline, a line of at most
protocol.MAX_LINE bytes, at most MOST_OUT bytes waiting to be sent to one peer, a budget of
wrong codes a minute, one guest at a time.
"""
from __future__ import annotations

import random
import secrets
import selectors
import socket
import time
from collections.abc import Callable
from typing import Any

from games.core.net import discovery, protocol
from games.core.net.handshake import Budget, GuestDoor, HostDoor, Refusal, Refused
from games.core.net.match import Match
from games.core.net.peer import MAX_PENDING, MOST_ACCEPTS, Peer, Wire
from games.core.net.protocol import LIMITS, Limits, ProtocolError
from games.core.net.record import AnySession
from games.core.net.seat import Link, Role


def listening_socket(bind: str, port: int) -> socket.socket:
    """A listening TCP socket: on every interface ("", IPv6 and IPv4 where the system can
    do both) or on one address. OSError when it cannot be had (the port in use...)."""
    if bind == "":
        if socket.has_dualstack_ipv6():
            return socket.create_server(("", port), family=socket.AF_INET6, backlog=16,
                                        dualstack_ipv6=True)
        return socket.create_server(("", port), backlog=16)
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    return socket.create_server((bind, port), family=family, backlog=16)


def local_address(bind: str) -> str:
    """The address a friend reaches this machine by: the one bound, or, bound everywhere,
    the address of the interface the default route leaves by (a UDP socket "connected"
    sends nothing), else the host name's."""
    if bind not in ("", "0.0.0.0", "::"):
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))          # TEST-NET-1: no packet is sent
            address = str(probe.getsockname()[0])
        if address and not address.startswith(("0.", "127.")):
            return address
    except OSError:
        pass
    try:       # the name as bytes: no idna codec needed (see Guest._connect)
        found = socket.getaddrinfo(socket.gethostname().encode("ascii"), None, socket.AF_INET)
        return str(found[0][4][0])
    except (OSError, UnicodeError, IndexError):
        return "127.0.0.1"


class Host(Peer):
    """Hosts one match: listens where the player asked, lets in the guest that proves the
    code, keeps the game through lost connections (the guest may come back with the same
    invitation) and announces it on the local network while it waits for a guest."""
    role = Role.HOST

    def __init__(self, session: AnySession, side: int, code: str, name: str = "", bind: str = "",
                 port: int = protocol.DEFAULT_PORT, wake: Callable[[], None] | None = None,
                 limits: Limits = LIMITS, clock: Callable[[], float] = time.monotonic,
                 announce_port: int | None = None, any_port: bool = False) -> None:
        """Binds at once (OSError, with the reason, when it cannot: the caller says so);
        `any_port`: a port in use gives way to one the system picks."""
        super().__init__(wake, limits, clock)
        try:
            self.listener = listening_socket(bind, port)
        except OSError:
            if not any_port or port == 0:
                raise
            self.listener = listening_socket(bind, 0)
        self.listener.setblocking(False)
        self.bind, self.port, self.code = bind, int(self.listener.getsockname()[1]), code
        self.match = Match(Role.HOST, session, side, clock(), name, limits=limits)
        self.budget = Budget()
        self.selector.register(self.listener, selectors.EVENT_READ, self._accept)
        self.announcer = discovery.Announcer(session.key, self.port, name, bind,
                                             announce_port) if announce_port else None
        self._invitation = protocol.Invitation(local_address(bind), self.port, code)
        self.thread.start()

    def invitation(self) -> protocol.Invitation:
        """The address a friend reaches this host by, its port and the code."""
        return self._invitation

    def _accept(self, listener: socket.socket, now: float) -> None:
        for _ in range(MOST_ACCEPTS):
            try:
                sock, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return       # out of files, say: the next turn tries again
            doors = [wire for wire, door in self.wires.items() if isinstance(door, HostDoor)]
            if len(doors) >= MAX_PENDING:
                self._close(doors[0])          # the oldest waits no longer
            self._add(sock, HostDoor(self.code, secrets.token_hex(16), now, self.limits),
                      self._read_door)

    def _read_door(self, wire: Wire, now: float) -> None:
        door, match = self.wires.get(wire), self.match
        if not isinstance(door, HostDoor) or match is None:
            self._read_peer(wire, now)
            return
        try:
            lines = wire.read()
            for index, line in enumerate(lines):
                for reply in door.receive_line(line, now, self.budget):
                    wire.send(reply)
                if door.step == "proved":
                    if self.peer is not None or match.link == Link.CLOSED:
                        raise Refusal("busy", "another player is in this game")
                    wire.send(door.welcome(match.terms(), now))
                elif door.step == "done":
                    self.wires[wire] = "peer"
                    self.peer = wire
                    match.connected(now, door.guest_name)
                    for rest in lines[index + 1:]:
                        match.receive(protocol.decode(rest), now)
                    return
        except Refusal as refusal:
            self._refuse(wire, refusal)
        except (ConnectionError, ProtocolError):
            self._drop(wire)

    def _tick(self, now: float) -> None:
        for wire, door in list(self.wires.items()):
            if isinstance(door, HostDoor) and door.expired(now):
                self._close(wire)
        super()._tick(now)
        if self.announcer is not None and self.peer is None and self.match is not None \
                and self.match.link != Link.CLOSED:
            self.announcer.tick(now)

    def _due(self) -> float:
        due = super()._due()
        for door in self.wires.values():
            if isinstance(door, HostDoor):
                due = min(due, door.deadline)
        if self.announcer is not None and self.peer is None:
            due = min(due, self.announcer.due)
        return due

    def _end(self) -> None:
        try:
            self.listener.close()
        except OSError:
            pass
        if self.announcer is not None:
            self.announcer.close()


class Guest(Peer):
    """Joins a host: connects, proves the code, checks the host's terms and plays; after a
    lost connection it tries again with the same invitation until it is back or leaves."""
    role = Role.GUEST

    def __init__(self, host: str, port: int, code: str, name: str = "",
                 wake: Callable[[], None] | None = None, limits: Limits = LIMITS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(wake, limits, clock)
        self.host, self.port, self.code, self.name = host, port, code, name
        self.door: GuestDoor | None = None
        self.started = clock()
        self.next_try: float | None = None
        self.thread.start()

    def _begin(self) -> None:
        self._connect()

    def _connect(self) -> None:
        """One attempt (blocking, on this thread, without the lock: the frame never waits)."""
        self.next_try = None
        try:
            # The host as bytes: getaddrinfo encodes a str with the idna codec, which the
            # packaged build leaves out; an invitation's host is ASCII (checked as it enters).
            sock = socket.create_connection(
                (self.host.encode("ascii"), self.port),  # type: ignore[arg-type]  # (typeshed: str)
                timeout=self.limits.step)
        except (OSError, UnicodeError) as error:   # no such host, or a name not ASCII
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            with self.lock:
                self._attempt_failed(f"No Parlour host answered at "
                                     f"{protocol.address_text(self.host, self.port)} ({why}).")
            return
        with self.lock:
            if not self.running:
                sock.close()
                return
            now = self.clock()
            wire = self._add(sock, "door", self._read_door)
            self.door = GuestDoor(self.code, secrets.token_hex(16), self.name, now, self.limits)
            try:
                wire.send(self.door.hello())
            except ConnectionError:
                self._close(wire)

    def _attempt_failed(self, words: str, reason: str = "") -> None:
        """Before the first welcome a failure is final (but a busy host is tried again for
        a while); after it, the guest tries again until it is back or leaves."""
        now = self.clock()
        if self.match is None:
            if reason == "busy" and now - self.started < self.limits.busy_retry:
                self.next_try = now + self.limits.retry
                return
            self._fail(words)
            return
        if self.match.link != Link.CLOSED:
            self.next_try = now + self.limits.retry

    def _read_door(self, wire: Wire, now: float) -> None:
        door = self.door
        if self.wires.get(wire) != "door" or door is None:
            self._read_peer(wire, now)
            return
        try:
            lines = wire.read()
            for index, line in enumerate(lines):
                for reply in door.receive_line(line, now):
                    wire.send(reply)
                if door.step == "done":
                    self._welcomed(wire, door.terms, now)
                    for rest in lines[index + 1:]:
                        if self.match is not None:
                            self.match.receive(protocol.decode(rest), now)
                    return
        except Refused as refused:
            self._close(wire)
            self._attempt_failed(refused.words, refused.reason)
        except Refusal as refusal:
            self._refuse(wire, refusal)
            self._attempt_failed(f"The host broke the protocol ({refusal.words}).")
        except (ConnectionError, ProtocolError) as error:
            joined = wire is self.peer
            self._drop(wire)
            if not joined:
                self._attempt_failed(f"The connection to the host failed ({error}).")

    def _welcomed(self, wire: Wire, terms: dict[str, Any], now: float) -> None:
        try:
            if self.match is None:
                match = Match.joined(terms, now, self.name, self.limits)
            else:
                self.match.rejoined(terms, now)
        except ProtocolError as error:
            raise Refusal("game", f"the game cannot be played here: {error}") from None
        wire.send({"t": "ready"})
        self.wires[wire] = "peer"
        self.peer = wire
        self.door = None
        if self.match is None:
            self.match = match
            match.connected(now)

    def _lost(self) -> None:
        if self.match is not None and self.match.link != Link.CLOSED:
            self.next_try = self.clock() + self.limits.retry

    def _tick(self, now: float) -> None:
        for wire, purpose in list(self.wires.items()):
            if purpose == "door" and self.door is not None and self.door.expired(now):
                self._close(wire)
                self._attempt_failed("The host did not answer in time.")
        super()._tick(now)

    def _outside(self, now: float) -> None:
        if self.next_try is not None and now >= self.next_try and self.running:
            self._connect()

    def _due(self) -> float:
        due = super()._due()
        if self.door is not None:
            due = min(due, self.door.deadline)
        return due if self.next_try is None else min(due, self.next_try)


def host_code(rng: random.Random | None = None) -> str:
    """A new invitation code, from the system's randomness unless a generator is given."""
    return protocol.make_code(rng or random.SystemRandom())
