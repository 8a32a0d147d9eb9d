"""Finding games hosted on the local network (docs/NETPLAY.md, "Finding games on the local
network"), with Python's own UDP sockets: a host waiting for a guest announces its game in a
small datagram every two seconds, to the local network's broadcast address (or, listening on
loopback only, to this machine alone); the join screen listens and lists what it heard in
the last few seconds. An announcement holds the game, the port and the host's name, never
the code: a player picks a game from the list and still types the code the host reads out.

IPv4 broadcast only: a host listening on one IPv6 address is not announced (its invitation
is typed or pasted as ever). Every datagram is checked where it enters, and the list is
bounded (MOST_FOUND games, each forgotten FORGET_AFTER seconds after its last announcement).
"""
from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.kit import checks, registry
from games.core.kit.checks import Fields, Integer, OneOf, Text
from games.core.net import protocol

PORT = protocol.DISCOVERY_PORT     # where announcements go (the tests use a port of their own)
ANNOUNCE_EVERY = 2.0
FORGET_AFTER = 6.0
MOST_FOUND = 16
MAX_DATAGRAM = 512
ANNOUNCEMENT = Fields({"app": OneOf(protocol.APP), "v": OneOf(protocol.VERSION),
                       "t": OneOf("game"), "game": Text(32, r"[a-z_]{1,32}"),
                       "port": Integer(1, 65535), "name": protocol.NAME},
                      required=("app", "v", "t", "game", "port", "name"))
LOOPBACK = ("127.0.0.1", "localhost")


def announcement(game: str, port: int, name: str) -> bytes:
    data = {"app": protocol.APP, "v": protocol.VERSION, "t": "game", "game": game,
            "port": port, "name": name}
    return json.dumps(checks.check(ANNOUNCEMENT, data), separators=(",", ":")).encode()


def read_announcement(data: bytes) -> dict[str, Any] | None:
    """A datagram as a checked announcement of a game this Parlour plays, or None."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        value = checks.check(ANNOUNCEMENT, json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    try:
        if registry.lookup(value["game"]).players != 2:
            return None
    except KeyError:
        return None
    announced: dict[str, Any] = value
    return announced


class Announcer:
    """A host's announcements (sent from the host's network thread, through tick())."""

    def __init__(self, game: str, port: int, name: str, bind: str, target_port: int) -> None:
        self.data = announcement(game, port, name)
        self.due = 0.0
        self.sock: socket.socket | None = None
        if ":" in bind:                     # one IPv6 address: not announced
            return
        loopback = bind in LOOPBACK or bind.startswith("127.")
        self.target = ("127.0.0.1" if loopback else "255.255.255.255", target_port)
        try:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self.sock.setblocking(False)
            if not loopback:
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        except OSError:
            self.close()

    def tick(self, now: float) -> None:
        if self.sock is None or now < self.due:
            return
        self.due = now + ANNOUNCE_EVERY
        try:
            self.sock.sendto(self.data, self.target)
        except OSError:      # no network just now: the next one may go
            pass

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.due = float("inf")


@dataclass(frozen=True)
class Found:
    """A game announced on the local network."""
    host: str
    port: int
    game: str
    name: str

    def address(self) -> str:
        return protocol.address_text(self.host, self.port)


class Finder:
    """Listens for announcements on a thread of its own while the join screen is open.
    `problem` says why it cannot (the port taken, no network): then there is no list."""

    def __init__(self, port: int = PORT, bind: str = "",
                 clock: Callable[[], float] = time.monotonic,
                 wake: Callable[[], None] | None = None) -> None:
        self.clock, self.wake = clock, wake or (lambda: None)
        self.heard: dict[tuple[str, int], tuple[Found, float]] = {}
        self.lock = threading.Lock()
        self.running = True
        self.problem = ""
        self.sock: socket.socket | None = None
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):    # several copies listen on one machine
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((bind, port))
            sock.setblocking(False)
            self.sock = sock
        except OSError as error:
            self.problem = ("Games on this network cannot be listed here "
                            f"({error.strerror or error}).")
            return
        self.thread = threading.Thread(target=self._run, daemon=True, name="parlour-finder")
        self.thread.start()

    def found(self) -> list[Found]:
        """The games heard lately, the longest known first."""
        with self.lock:
            now = self.clock()
            for key, (_, heard) in list(self.heard.items()):
                if now - heard > FORGET_AFTER:
                    del self.heard[key]
            return [found for found, _ in self.heard.values()]

    def _run(self) -> None:
        sock = self.sock
        assert sock is not None
        while self.running:
            try:
                ready, _, _ = select.select([sock], [], [], 0.5)
            except (OSError, ValueError):
                return
            for _ in range(32 if ready else 0):
                try:
                    data, (host, _) = sock.recvfrom(MAX_DATAGRAM + 1)[:2]
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    return
                self._heard(data, str(host))

    def _heard(self, data: bytes, host: str) -> None:
        value = read_announcement(data)
        if value is None:
            return
        found = Found(host, value["port"], value["game"], value["name"])
        key = (host, found.port)
        with self.lock:
            new = key not in self.heard or self.heard[key][0] != found
            if key not in self.heard and len(self.heard) >= MOST_FOUND:
                return
            self.heard[key] = (found, self.clock())
        if new:
            self.wake()

    def close(self) -> None:
        self.running = False
        if self.sock is not None:
            self.sock.close()
