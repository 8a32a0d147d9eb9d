"""The way into a match (docs/NETPLAY.md, "The handshake"): the guest says hello, the host sends
a challenge, the guest proves it holds the invitation code, the host proves it too and sends
its terms (the game, the sides, the moves so far), the guest is ready. The code itself never
travels: each side sends an HMAC of both sides' nonces keyed by the code, the guest first, so
a stranger who connects learns nothing it could test guesses against. Pure: time is passed in,
the nonces are made by the caller.
"""
from __future__ import annotations

from typing import Any

from games.core.net import protocol
from games.core.net.protocol import LIMITS, VERSION, Limits, ProtocolError, VersionError


class Refusal(Exception):
    """This side refuses the other, for a reason of protocol.REASONS; the words say why, to
    the other side (sent in a refuse message) and to this side's player."""

    def __init__(self, reason: str, words: str):
        super().__init__(words)
        self.reason, self.words = reason, words

    def message(self) -> dict[str, Any]:
        return {"t": "refuse", "reason": self.reason, "v": VERSION, "words": self.words[:200]}


class Refused(Exception):
    """The other side refused this one; the words say why, for this side's player."""

    def __init__(self, reason: str, words: str):
        super().__init__(words)
        self.reason, self.words = reason, words


# What a guest's player is told when the host refuses it, by the host's reason (the guest's
# own words: the host's are not shown as they are).
REFUSED = {
    "code": "The invitation code is wrong: check it with the host.",
    "busy": "The host is busy: another player has joined, or too many wrong codes were tried. "
            "Try again in a minute.",
    "game": "The host could not offer a game this Parlour can play.",
    "protocol": "The host could not understand this Parlour.",
}


def refused(message: dict[str, Any]) -> Refused:
    """A refuse message as what this side's player is told."""
    reason = message["reason"]
    if reason == "version":
        return Refused(reason, f"The host runs another version of Parlour's network play "
                               f"(version {message['v']}; this Parlour speaks version "
                               f"{VERSION}): both players need the same Parlour.")
    return Refused(reason, REFUSED.get(reason, REFUSED["protocol"]))


def expect(message: dict[str, Any], kind: str) -> None:
    """The message is the step's kind, or the other side's refusal, or a breach."""
    if message["t"] == "refuse":
        raise refused(message)
    if message["t"] != kind:
        raise Refusal("protocol", f"expected a {kind} message, not {message['t']}")


class Budget:
    """Wrong codes allowed per minute, for every guest together: beyond it, proofs are not
    checked until the minute has passed, so guessing the code over the network stays slow."""

    def __init__(self, most: int = 20, window: float = 60.0):
        self.most, self.window = most, window
        self.spent: list[float] = []

    def exhausted(self, now: float) -> bool:
        self.spent = [when for when in self.spent if now - when < self.window]
        return len(self.spent) >= self.most

    def spend(self, now: float) -> None:
        self.spent.append(now)
        del self.spent[:-self.most]


class HostDoor:
    """One connection's way in, as the host sees it: "hello" -> "proof" -> "proved" (the host
    then sends its terms with welcome(), or refuses) -> "ready" -> "done"."""

    def __init__(self, code: str, nonce: str, now: float, limits: Limits = LIMITS):
        self.code, self.nonce, self.limits = code, nonce, limits
        self.step = "hello"
        self.deadline = now + limits.step
        self.guest_nonce = ""
        self.guest_name = ""

    def expired(self, now: float) -> bool:
        return self.step != "done" and now >= self.deadline

    def receive_line(self, line: bytes, now: float, budget: Budget) -> list[dict[str, Any]]:
        """The replies to one line from the guest; Refusal when the guest is to be refused
        (another version, a line that is no message, a wrong code...)."""
        try:
            message = protocol.decode(line)
        except VersionError as error:
            raise Refusal("version", f"this host speaks version {VERSION} of Parlour's network "
                                     f"play, not version {error.version}") from None
        except ProtocolError as error:
            raise Refusal("protocol", str(error)) from None
        return self.receive(message, now, budget)

    def receive(self, message: dict[str, Any], now: float, budget: Budget) -> list[dict[str, Any]]:
        """The replies to one message; Refusal when the guest is to be refused."""
        self.deadline = now + self.limits.step
        if self.step == "hello":
            expect(message, "hello")
            if message["app"] != protocol.APP or message["v"] != VERSION:
                raise Refusal("protocol", "this is a Parlour host")
            self.guest_nonce, self.guest_name = message["nonce"], message["name"]
            self.step = "proof"
            return [{"t": "challenge", "v": VERSION, "nonce": self.nonce}]
        if self.step == "proof":
            expect(message, "proof")
            if budget.exhausted(now):
                raise Refusal("busy", "too many wrong codes were tried: try again in a minute")
            expected = protocol.guest_proof(self.code, self.nonce, self.guest_nonce)
            if not protocol.same_proof(message["mac"], expected):
                budget.spend(now)
                raise Refusal("code", "the invitation code is wrong")
            self.step = "proved"
            return []
        if self.step == "ready":
            expect(message, "ready")
            self.step = "done"
            return []
        raise Refusal("protocol", f"no {message['t']} message was expected now")

    def welcome(self, terms: dict[str, Any], now: float) -> dict[str, Any]:
        """The welcome for a guest that proved the code: the terms, with the host's proof."""
        if self.step != "proved":
            raise ValueError("welcome only a guest that proved the code")
        self.step, self.deadline = "ready", now + self.limits.step
        welcome = {"t": "welcome", **terms}
        welcome["mac"] = protocol.host_proof(self.code, self.guest_nonce, self.nonce, welcome)
        return welcome


class GuestDoor:
    """The way in as the guest sees it: hello() -> "challenge" -> "welcome" -> "done" (the
    terms are then in `terms`; the guest checks them and sends ready)."""

    def __init__(self, code: str, nonce: str, name: str, now: float, limits: Limits = LIMITS):
        self.code, self.nonce, self.name, self.limits = code, nonce, name, limits
        self.step = "challenge"
        self.deadline = now + limits.step
        self.host_nonce = ""
        self.terms: dict[str, Any] = {}

    def hello(self) -> dict[str, Any]:
        return {"t": "hello", "v": VERSION, "app": protocol.APP, "nonce": self.nonce,
                "name": self.name}

    def expired(self, now: float) -> bool:
        return self.step != "done" and now >= self.deadline

    def receive_line(self, line: bytes, now: float) -> list[dict[str, Any]]:
        """The replies to one line from the host; Refused when the host refuses this guest or
        cannot be understood."""
        try:
            message = protocol.decode(line)
        except VersionError as error:
            raise Refused("version", f"The host runs another version of Parlour's network play "
                                     f"(version {error.version}; this Parlour speaks version "
                                     f"{VERSION}): both players need the same Parlour.") from None
        except ProtocolError as error:
            raise Refused("protocol", f"The host sent what this Parlour cannot read "
                                      f"({error}).") from None
        return self.receive(message, now)

    def receive(self, message: dict[str, Any], now: float) -> list[dict[str, Any]]:
        self.deadline = now + self.limits.step
        if self.step == "challenge":
            expect(message, "challenge")
            self.host_nonce = message["nonce"]
            self.step = "welcome"
            return [{"t": "proof", "mac": protocol.guest_proof(self.code, self.host_nonce,
                                                                self.nonce)}]
        if self.step == "welcome":
            expect(message, "welcome")
            expected = protocol.host_proof(self.code, self.nonce, self.host_nonce, message)
            if not protocol.same_proof(message["mac"], expected):
                raise Refused("code", "The host could not prove it holds the invitation code: "
                                      "check the address and the code.")
            self.terms, self.step = message, "done"
            return []
        raise ProtocolError(f"a {message['t']} message after the handshake")
