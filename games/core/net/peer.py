"""The transport's common part (docs/NETPLAY.md, "Layers" and "Limits"): a connection
(Wire) and the background thread both ends run (Peer), with its selector, the match under a
lock and the events waiting for the frame. games/core/net/link.py builds the Host and the
Guest on it."""
from __future__ import annotations

import selectors
import socket
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.net import protocol
from games.core.net.handshake import Refusal
from games.core.net.match import Match
from games.core.net.protocol import Framer, Limits, ProtocolError
from games.core.net.seat import Event, Link, MatchError, MatchView, Role

RECV = 65536                # bytes read at a time
MOST_LINES = 32             # lines handled from one connection a turn (the lock held meanwhile)
MOST_BACKLOG = 1024         # lines come and not yet handled: past it the peer floods, dropped
MOST_OUT = 256 * 1024       # bytes waiting for a peer that reads nothing: then it is dropped
MAX_PENDING = 8             # connections in their handshake at once
MOST_ACCEPTS = 64           # connections taken a turn
LONGEST_WAIT = 1.0          # the thread looks at its clocks at least this often


@dataclass(frozen=True)
class Failed:
    """The transport gave up: joining failed for good (a wrong code, no host there, another
    version...), or the host could not go on. The words are for the player."""
    words: str


class Wire:
    """One connection: a non-blocking socket, its lines in, its bytes out."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        try:    # each message leaves at once: Nagle's wait for an ACK cost a move 40 ms
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock
        self.framer = Framer()
        self.backlog: deque[bytes] = deque()     # whole lines come, not yet handled
        self.ended = False
        self.out = bytearray()

    def read(self) -> list[bytes]:
        """At most MOST_LINES whole lines that have come (one read of the socket a turn, so
        a flood costs a frame nothing: the lock is held for a few lines at a time). Then
        ConnectionError once the peer has closed and its last lines are read; ProtocolError
        for a line past the cap, or a flood."""
        if not self.ended and len(self.backlog) < MOST_LINES:
            try:
                data = self.sock.recv(RECV)
            except (BlockingIOError, InterruptedError):
                data = None
            except OSError as error:
                if not self.backlog:
                    raise ConnectionError(str(error)) from None
                data, self.ended = None, True
            if data == b"":
                self.ended = True
            elif data:
                self.backlog.extend(self.framer.feed(data))
                if len(self.backlog) > MOST_BACKLOG:
                    raise ProtocolError("too many messages at once")
        if self.ended and not self.backlog:
            raise ConnectionError("the other side closed the connection")
        return [self.backlog.popleft() for _ in range(min(MOST_LINES, len(self.backlog)))]

    def send(self, message: dict[str, Any]) -> None:
        line = protocol.encode(message)
        if len(self.out) + len(line) > MOST_OUT:
            raise ConnectionError("the other side reads nothing")
        self.out += line

    def flush(self) -> None:
        while self.out:
            try:
                sent = self.sock.send(self.out)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                raise ConnectionError(str(error)) from None
            del self.out[:sent]

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class Peer:
    """What the host and the guest share: the thread and its selector, the match under a
    lock, the events waiting for the frame. The Seat's actions take the lock briefly."""
    role = Role.HOST

    def __init__(self, wake: Callable[[], None] | None, limits: Limits,
                 clock: Callable[[], float]) -> None:
        self.wake, self.limits, self.clock = wake or (lambda: None), limits, clock
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.selector = selectors.DefaultSelector()
        self._wakeup, self._poker = socket.socketpair()
        self._wakeup.setblocking(False)
        self._poker.setblocking(False)
        self.selector.register(self._wakeup, selectors.EVENT_READ, None)
        self.match: Match | None = None
        self.peer: Wire | None = None          # the other side, once its handshake is done
        self.wires: dict[Wire, Any] = {}       # every open wire, with what it is for
        self.running = True
        self.failure: str = ""
        self._events: list[Event | Failed] = []
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name=f"parlour-{self.role.value}")

    # --- the Seat: called from the frame's (or the command line's) thread ------------------
    def events(self) -> list[Event | Failed]:
        with self.lock:
            self._collect()
            events, self._events = self._events, []
            return events

    def has_news(self) -> bool:
        """Whether events() has something: a frame's look each step, without the lock (the
        thread hands the match's events over before it lets go of the lock)."""
        return bool(self._events)

    def view(self) -> MatchView | None:
        with self.lock:
            return self.match.view() if self.match is not None else None

    def state(self) -> Any:
        """The game's position now (an immutable state of its rules), or None before a
        match."""
        with self.lock:
            return self.match.session.state if self.match is not None else None

    def legal_moves(self) -> list[str]:
        """The moves the rules allow in the position now (encoded), [] before a match."""
        with self.lock:
            if self.match is None:
                return []
            session = self.match.session
            return [move.encode() for move in session.rules.legal_moves(session.state)]

    def play(self, move: str) -> None:
        self._act(lambda match: match.play(move))

    def offer(self, kind: str) -> None:
        self._act(lambda match: match.offer(kind))

    def answer(self, accept: bool) -> None:
        self._act(lambda match: match.answer(accept))

    def withdraw(self) -> None:
        self._act(lambda match: match.withdraw())

    def resign(self) -> None:
        self._act(lambda match: match.resign())

    def leave(self) -> None:
        self._act(lambda match: match.leave())

    def close(self) -> None:
        """Leave (the other side is told) and stop: the thread closes the sockets and ends
        (a frame never waits for it: join() is for the command line and the tests)."""
        with self.lock:
            if self.match is not None and self.match.link != Link.CLOSED:
                self.match.leave()
                self._pump()
            if self.peer is not None:
                try:
                    self.peer.flush()
                except ConnectionError:
                    pass
            self.running = False
        self._poke()

    def join(self, timeout: float) -> None:
        """The command line and the tests: wait (at most `timeout`) for the thread's end."""
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout)

    def wait(self, timeout: float) -> bool:
        """The command line and the tests only: block until there are events (True) or the
        time is up (False). A frame polls events() instead."""
        with self.changed:
            return self.changed.wait_for(lambda: bool(self._events) or not self.running,
                                         timeout)

    def _act(self, action: Callable[[Match], None]) -> None:
        with self.lock:
            if self.match is None:
                raise MatchError("Not connected yet.")
            self.match.tick(self.clock())
            action(self.match)
            self._collect()
        self._poke()

    def _poke(self) -> None:
        try:
            self._poker.send(b"!")
        except OSError:       # full (already poked) or closed
            pass

    # --- the thread -------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            self._begin()
            while self.running:
                with self.lock:
                    self._flush_all()       # what was said outside a turn (the guest's hello)
                    backlog = any(wire.backlog for wire in self.wires)
                    wait = 0.0 if backlog else \
                        max(0.0, min(LONGEST_WAIT, self._due() - self.clock()))
                ready = self.selector.select(wait)
                with self.lock:
                    if not self.running:
                        break
                    now = self.clock()
                    for key, _ in ready:
                        if key.fileobj is self._wakeup:
                            self._drain_wakeup()
                        elif key.data is not None:
                            key.data(key.fileobj, now)
                    handled = {key.fileobj for key, _ in ready}
                    for wire in [wire for wire in self.wires
                                 if wire.backlog and wire.sock not in handled]:
                        if wire in self.wires:     # (an earlier one may have closed it)
                            self.selector.get_key(wire.sock).data(wire.sock, now)
                    self._tick(now)
                    self._pump()
                    self._collect()
                    self._flush_all()
                self._outside(self.clock())
        except Exception as error:   # a fault of this program: said once, never a crash
            with self.lock:
                self._fail(f"The network connection stopped ({type(error).__name__}: {error}).")
        finally:
            with self.lock:
                self.running = False
                for wire in list(self.wires):
                    self._close(wire)
                self._end()
                self.selector.close()
                self._wakeup.close()
                self._poker.close()
                self.changed.notify_all()

    def _drain_wakeup(self) -> None:
        try:
            while self._wakeup.recv(4096):
                pass
        except OSError:
            pass

    def _begin(self) -> None:
        """First thing on the thread (the guest connects)."""

    def _outside(self, now: float) -> None:
        """Each turn, without the lock (the guest's next attempt to connect)."""

    def _end(self) -> None:
        """Last thing on the thread."""

    def _due(self) -> float:
        return self.match.next_due() if self.match is not None else self.clock() + 3600

    def _tick(self, now: float) -> None:
        if self.match is not None and not self.match.tick(now) and self.peer is not None:
            self._drop(self.peer)                 # silent too long

    def _pump(self) -> None:
        """What the match said goes onto the peer's wire."""
        if self.match is None or not self.match.outbox:
            return
        messages, self.match.outbox = self.match.outbox, []
        if self.peer is None:
            return
        try:
            for message in messages:
                self.peer.send(message)
        except ConnectionError:
            self._drop(self.peer)

    def _flush_all(self) -> None:
        for wire in list(self.wires):
            try:
                wire.flush()
            except ConnectionError:
                self._drop(wire)
                continue
            if wire in self.wires:
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if wire.out else 0)
                if self.selector.get_key(wire.sock).events != events:
                    self.selector.modify(wire.sock, events, self.selector.get_key(wire.sock).data)

    def _collect(self) -> None:
        """The match's events join the transport's; the frame is woken for them."""
        if self.match is not None:
            self._events += self.match.events()
        if self._events:
            self.changed.notify_all()
            self.wake()

    def _add(self, sock: socket.socket, purpose: Any, handler: Callable[..., None]) -> Wire:
        wire = Wire(sock)
        self.wires[wire] = purpose
        self.selector.register(sock, selectors.EVENT_READ, lambda _, now: handler(wire, now))
        return wire

    def _close(self, wire: Wire) -> None:
        self.wires.pop(wire, None)
        try:
            self.selector.unregister(wire.sock)
        except (KeyError, ValueError):
            pass
        wire.close()

    def _drop(self, wire: Wire) -> None:
        """A connection ends (closed, reset, silent, hostile)."""
        self._close(wire)
        if wire is self.peer:
            self.peer = None
            if self.match is not None:
                self.match.lost(self.clock())
            self._lost()

    def _lost(self) -> None:
        """The peer's connection is gone (the guest tries again)."""

    def _refuse(self, wire: Wire, refusal: Refusal) -> None:
        try:
            wire.send(refusal.message())
            wire.flush()
        except (ConnectionError, ProtocolError):
            pass
        self._close(wire)

    def _fail(self, words: str) -> None:
        self.failure = words
        self._events.append(Failed(words))
        self.running = False
        self.changed.notify_all()
        self.wake()

    def _read_peer(self, wire: Wire, now: float) -> None:
        """The match's messages from the peer; one it cannot read drops the connection."""
        try:
            for line in wire.read():
                if self.match is None or wire is not self.peer:
                    return
                self.match.receive(protocol.decode(line), now)
        except (ConnectionError, ProtocolError) as error:
            if isinstance(error, ProtocolError):
                try:
                    wire.send({"t": "error", "words": str(error)[:200]})
                    wire.flush()
                except (ConnectionError, ProtocolError):
                    pass
            self._drop(wire)
