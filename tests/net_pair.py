"""Two pure matches joined by a wire of queues (tests only): every message goes through the
codec (encoded by one side, decoded by the other), and is delivered only when a test says,
so crossing messages are built on purpose. Time is a number the test moves on."""
from __future__ import annotations

import random

from games.core.kit.session import Session
from games.core.net import protocol
from games.core.net.handshake import Budget, GuestDoor, HostDoor
from games.core.net.match import Match, Role

CODE = "amber-otter-42"


class Pair:
    def __init__(self, key: str = "mu_torere", host_side: int = 0, seed: int = 1,
                 limits: protocol.Limits = protocol.LIMITS, params=None):
        self.now = 0.0
        self.limits = limits
        self.lines: list[bytes] = []          # every line that crossed, to inspect
        session = Session.new(key, params, seed)
        self.host = Match(Role.HOST, session, host_side, self.now, "Hosta", limits=limits)
        self.queues: dict[str, list[bytes]] = {"host": [], "guest": []}   # waiting for it
        self.guest = self.join()

    def join(self, code: str = CODE) -> Match:
        """The handshake, through the codec; the guest's match from the welcome."""
        host_door = HostDoor(CODE, "a" * 32, self.now, self.limits)
        guest_door = GuestDoor(code, "b" * 32, "Gus", self.now, self.limits)
        budget = Budget()
        to_host = [self.line(guest_door.hello())]
        replies = host_door.receive_line(to_host[0][:-1], self.now, budget)
        proof = guest_door.receive_line(self.line(replies[0])[:-1], self.now)
        host_door.receive_line(self.line(proof[0])[:-1], self.now, budget)
        welcome = host_door.welcome(self.host.terms(), self.now)
        guest_door.receive_line(self.line(welcome)[:-1], self.now)
        host_door.receive_line(self.line({"t": "ready"})[:-1], self.now, budget)
        self.host.connected(self.now, guest_door.hello()["name"])
        return Match.joined(guest_door.terms, self.now, "Gus", self.limits)

    def line(self, message) -> bytes:
        line = protocol.encode(message)
        self.lines.append(line)
        return line

    def side(self, name: str) -> Match:
        return self.host if name == "host" else self.guest

    def pump(self) -> None:
        """What each side has said goes onto the wire towards the other."""
        for name, other in (("host", "guest"), ("guest", "host")):
            match = self.side(name)
            self.queues[other] += [self.line(message) for message in match.outbox]
            match.outbox.clear()

    def deliver(self, to: str, count: int | None = None) -> int:
        """Deliver up to `count` waiting messages (all by default) to one side."""
        self.pump()
        queue = self.queues[to]
        taken = queue[:count] if count is not None else list(queue)
        del queue[:len(taken)]
        for line in taken:
            self.side(to).receive(protocol.decode(line[:-1]), self.now)
        return len(taken)

    def settle(self, rounds: int = 50) -> None:
        """Deliver everything both ways until nothing more is said."""
        for _ in range(rounds):
            self.pump()
            if not self.queues["host"] and not self.queues["guest"]:
                return
            self.deliver("host")
            self.deliver("guest")
        raise AssertionError("the two sides never fell quiet")

    def tick(self, seconds: float) -> None:
        self.now += seconds
        for match in (self.host, self.guest):
            match.tick(self.now)

    def mover(self) -> Match:
        """The side whose turn it is."""
        return self.host if self.host.to_move == self.host.side else self.guest

    def random_move(self, rng: random.Random) -> str:
        match = self.mover()
        moves = match.session.rules.legal_moves(match.session.state)
        return rng.choice(moves).encode()

    def same(self) -> None:
        """Both copies hold the same game."""
        host, guest = self.host, self.guest
        assert guest.moves == host.moves
        assert guest.hash() == host.hash()
        assert guest.session.game_id == host.session.game_id
        assert (guest.number, guest.resigned, guest.over, guest.winner) == \
            (host.number, host.resigned, host.over, host.winner)
        assert guest.side == 1 - host.side
        assert guest.view().moves == host.view().moves == tuple(host.moves)
