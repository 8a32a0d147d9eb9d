"""The wire of network play (docs/NETPLAY.md): messages, their checks, the codec, the limits,
invitations and their codes, and the proofs of the code. Pure: no sockets, no clock, no
randomness of its own (a `random.Random` is passed in).

A message is one JSON object on one line (UTF-8, ending in a newline, at most MAX_LINE
bytes), with its kind in "t". Every message is checked where it enters (`decode`), by
games/core/kit/checks.py's validators: a line that is too long, not UTF-8, not JSON, not an
object, of an unknown kind or with a value out of its bounds is a ProtocolError, never an
exception of another kind.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
from dataclasses import dataclass
from typing import Any

from games.core.kit import checks
from games.core.kit.checks import Boolean, Fields, Integer, ListOf, OneOf, Text

VERSION = 1                 # raised whenever a message changes meaning
APP = "parlour"
MAX_LINE = 16 * 1024        # bytes in one message, its newline included
MOST_MOVES = 1000           # moves in one game on the wire (the games end long before)
DEFAULT_PORT = 41414        # the host's port unless the player asks for another
DISCOVERY_PORT = 41415      # where hosts announce their games on the local network


class ProtocolError(ValueError):
    """What a peer sent cannot be read, or breaks the protocol; the words say why."""


class VersionError(ProtocolError):
    """The peer speaks another version of the protocol (read from its hello or challenge
    before anything else, whatever else a newer version changed)."""

    def __init__(self, version: int):
        super().__init__(f"the other side speaks version {version} of Parlour's network play; "
                         f"this Parlour speaks version {VERSION}")
        self.version = version


@dataclass(frozen=True)
class Limits:
    """Seconds each state may last (docs/NETPLAY.md, "States and time-outs"); the tests
    shorten them."""
    step: float = 10.0          # each step of the handshake
    ping: float = 5.0           # our silence before a ping
    silence: float = 20.0       # the peer's silence before the connection counts as lost
    reconnect: float = 180.0    # waiting for the other side after a loss, before Leave
    retry: float = 1.5          # between a guest's attempts to reconnect
    busy_retry: float = 30.0    # a guest keeps trying a busy host this long at the start
    resync: float = 1.0         # at least this long between two syncs the host sends


LIMITS = Limits()

# --- the values a message may hold ---------------------------------------------------------------
NONCE = Text(32, r"[0-9a-f]{32}")
MAC = Text(64, r"[0-9a-f]{64}")
HASH = Text(12, r"[0-9a-f]{12}")
NAME = Text(24)
WORDS = Text(200)
PLY = Integer(0, MOST_MOVES)
NUMBER = Integer(1, 10**6)           # the game's number in the match (a rematch adds one)
SIDE = OneOf(0, 1)
MOVE = Text(16, r"[a-z0-9:,\-]{1,16}")
MOVES = ListOf(MOVE, MOST_MOVES)
GAME_ID = Text(400, r"[a-z_]{1,32}:[ -~]*")
KINDS = ("draw", "undo", "rematch")
KIND = OneOf(*KINDS)
REASONS = ("version", "code", "busy", "game", "protocol")
# Who ended a game by resigning (-1: nobody did).
RESIGNED = OneOf(-1, 0, 1)


def _message(**fields: checks.Check) -> Fields:
    return Fields({"t": Text(16), **fields}, required=("t", *fields))


SCHEMAS: dict[str, Fields] = {
    # the handshake
    "hello": _message(v=Integer(0, 10**6), app=Text(16), nonce=NONCE, name=NAME),
    "challenge": _message(v=Integer(0, 10**6), nonce=NONCE),
    "proof": _message(mac=MAC),
    "welcome": _message(mac=MAC, game=GAME_ID, side=SIDE, number=NUMBER, name=NAME,
                        moves=MOVES, resigned=RESIGNED, hash=HASH),
    "ready": _message(),
    "refuse": _message(reason=OneOf(*REASONS), v=Integer(0, 10**6), words=WORDS),
    # the match
    "move": _message(ply=PLY, move=MOVE, hash=HASH),
    "offer": _message(kind=KIND, ply=PLY, number=NUMBER, to=PLY),
    "answer": _message(kind=KIND, ply=PLY, number=NUMBER, accept=Boolean()),
    "withdraw": _message(kind=KIND, ply=PLY, number=NUMBER),
    "agreed": _message(kind=KIND, ply=PLY, number=NUMBER, to=PLY, hash=HASH),
    "start": _message(game=GAME_ID, side=SIDE, number=NUMBER, hash=HASH),
    "resign": _message(ply=PLY, number=NUMBER),
    "sync": _message(game=GAME_ID, side=SIDE, number=NUMBER, moves=MOVES, resigned=RESIGNED,
                     hash=HASH),
    "resync": _message(),
    "reject": _message(what=Text(16), words=WORDS),
    "ping": _message(),
    "pong": _message(),
    "bye": _message(),
    "error": _message(words=WORDS),
}
HANDSHAKE = frozenset(("hello", "challenge", "proof", "welcome", "ready", "refuse"))


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line. Our own messages are checked as the peer will check them."""
    check(message)
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a {message.get('t')} message of {len(line)} bytes is too long")
    return line


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a message may hold")


def decode(line: bytes) -> dict[str, Any]:
    """A line (without its newline) read as a checked message; ProtocolError if it is not one."""
    if len(line) >= MAX_LINE:
        raise ProtocolError(f"a message longer than {MAX_LINE} bytes")
    try:
        value = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise ProtocolError("a message that is not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    return check(value)


def check(value: Any) -> dict[str, Any]:
    """A message checked against its kind's schema: the clean message, or ProtocolError."""
    if not isinstance(value, dict):
        raise ProtocolError("a message that is not a JSON object")
    kind = value.get("t")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        shown = kind[:16] if isinstance(kind, str) else type(kind).__name__
        raise ProtocolError(f"a message of an unknown kind ({shown!r})")
    version = value.get("v")
    if kind in ("hello", "challenge") and isinstance(version, int) and \
            not isinstance(version, bool) and version != VERSION:
        raise VersionError(max(0, min(version, 10**6)))
    try:
        clean: dict[str, Any] = checks.check(schema, value)
    except checks.Invalid as error:
        raise ProtocolError(f"a {kind} message with {error}") from None
    return clean


class Framer:
    """Bytes as they arrive -> whole lines. Holds at most MAX_LINE bytes of a line not yet
    ended: a longer one is a ProtocolError (the connection is then dropped), so a peer
    sending an endless line costs MAX_LINE bytes, never more."""

    def __init__(self) -> None:
        self.pending = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        self.pending += data
        lines = []
        while True:
            end = self.pending.find(b"\n")
            if end < 0:
                break
            line = bytes(self.pending[:end]).rstrip(b"\r")
            del self.pending[:end + 1]
            if len(line) >= MAX_LINE:
                raise ProtocolError(f"a message longer than {MAX_LINE} bytes")
            lines.append(line)
        if len(self.pending) >= MAX_LINE:
            raise ProtocolError(f"a message longer than {MAX_LINE} bytes")
        return lines


# --- the invitation: an address, a port and a code ---------------------------------------------
CODE_WORDS = tuple("""
otter badger falcon heron robin finch raven tiger panda koala lemur bison moose zebra camel
llama horse sheep goat mouse rabbit beaver walrus seal whale shark trout salmon crab squid snail
moth beetle eagle owl swan goose duck crane stork parrot gecko frog toad newt fox wolf bear lynx
hare deer yak amber coral ivory olive scarlet silver golden copper indigo violet crimson azure
ochre cobalt jade ruby pearl onyx topaz slate river meadow forest valley canyon island glacier
desert prairie lagoon summit ridge cliff cove delta marsh brook creek pond lake ocean storm cloud
rain snow frost breeze thunder comet planet moon star orbit galaxy nebula aurora sunset dawn
dusk ember flame spark stone pebble granite marble crystal sand dune tide wave reef maple cedar
willow birch aspen oak pine fern moss tulip daisy lily rose lotus orchid clover thistle acorn
apple lemon mango peach plum cherry berry melon honey ginger pepper walnut almond hazel cocoa
toffee muffin waffle noodle pickle biscuit pretzel cookie anchor arrow basket beacon bell bucket
button candle castle compass lantern ladder kettle mirror needle paddle pencil pillow rocket
saddle shovel teapot ticket tunnel violin wagon wheel whistle zipper banjo cello drum flute
harp piano trumpet guitar bottle brush cactus chimney helmet hammer jigsaw kite lamp magnet
puzzle quilt ribbon robot scarf spoon tent trophy umbrella vase yacht circus garden jungle market
palace tower bridge harbour temple cabin igloo dragon wizard pirate knight giant fairy unicorn
phoenix mermaid viking cowboy sailor farmer baker painter poet pilot ranger shepherd tailor
bishop captain
""".split())
CODE_NUMBERS = range(10, 100)
CODE_PARTS = re.compile(r"[\s_.\-]+")
CODE_FORM = "two words and a number, like amber-otter-42"


def make_code(rng: random.Random) -> str:
    """A code easy to read aloud: two words and a number (256 x 256 x 90 codes)."""
    return f"{rng.choice(CODE_WORDS)}-{rng.choice(CODE_WORDS)}-{rng.choice(CODE_NUMBERS)}"


def read_code(text: str) -> str:
    """A code as typed or said ("Amber Otter 42", "amber-otter-42") in its one form
    ("amber-otter-42"); a host may choose its own, of 4 to 64 letters and digits in up to
    eight words. ProtocolError says what is wrong."""
    if not isinstance(text, str) or len(text) > 200:
        raise ProtocolError(f"an invitation code is {CODE_FORM}")
    parts = [part for part in CODE_PARTS.split(text.strip().lower()) if part]
    code = "-".join(parts)
    if not parts or len(parts) > 8 or not all(re.fullmatch(r"[a-z0-9]+", p) for p in parts) \
            or not 4 <= len(code) <= 64:
        raise ProtocolError(f"an invitation code is {CODE_FORM}, not {text.strip()[:40]!r}")
    return code


HOSTNAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?)*\.?")
IPV6 = re.compile(r"[0-9A-Fa-f:.]{2,45}(%[A-Za-z0-9_.\-]{1,32})?")


def read_address(text: str) -> tuple[str, int]:
    """"ADDRESS:PORT" -> (address, port): an IPv4 address or a host name, or an IPv6 address
    in brackets ([::1]:41414). ProtocolError says what is wrong."""
    shown = text.strip()[:60] if isinstance(text, str) else ""
    if not isinstance(text, str) or len(text) > 300:
        raise ProtocolError("an address is ADDRESS:PORT, like 192.168.1.20:41414")
    text = text.strip()
    bracketed = re.fullmatch(r"\[([^\]]*)\]:([0-9]{1,5})", text)
    if bracketed:
        host, port_text = bracketed[1], bracketed[2]
        if not IPV6.fullmatch(host) or ":" not in host:
            raise ProtocolError(f"{host[:45]!r} in brackets is not an IPv6 address")
    else:
        host, colon, port_text = text.rpartition(":")
        if not colon or not host or not re.fullmatch(r"[0-9]{1,5}", port_text):
            raise ProtocolError(f"an address is ADDRESS:PORT, like 192.168.1.20:41414; "
                                f"not {shown!r}")
        if not HOSTNAME.fullmatch(host):
            raise ProtocolError(f"{host[:60]!r} is not an address or a host name")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise ProtocolError(f"a port is a number from 1 to 65535, not {port}")
    return host, port


def address_text(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass(frozen=True)
class Invitation:
    host: str
    port: int
    code: str

    def text(self) -> str:
        """One line to copy, paste or read aloud: "192.168.1.20:41414 amber-otter-42"."""
        return f"{address_text(self.host, self.port)} {self.code}"


def read_invitation(text: str) -> Invitation:
    """An invitation as pasted or typed: the address and port, then the code (its words may
    be apart). ProtocolError says what is wrong or missing."""
    if not isinstance(text, str) or len(text) > 400:
        raise ProtocolError("an invitation is an address and a code, like "
                            "192.168.1.20:41414 amber-otter-42")
    address, _, code = text.strip().partition(" ")
    if not address:
        raise ProtocolError("an invitation is an address and a code, like "
                            "192.168.1.20:41414 amber-otter-42")
    host, port = read_address(address)
    if not code.strip():
        raise ProtocolError(f"the invitation has no code: add {CODE_FORM}")
    return Invitation(host, port, read_code(code))


# --- proving the code without sending it --------------------------------------------------------
def _mac(code: str, label: str, *parts: str) -> str:
    return hmac.new(code.encode(), "\n".join((APP, label, *parts)).encode(),
                    hashlib.sha256).hexdigest()


def guest_proof(code: str, host_nonce: str, guest_nonce: str) -> str:
    """The guest's proof that it holds the code: an HMAC of both nonces, keyed by the code."""
    return _mac(code, "guest", host_nonce, guest_nonce)


def host_proof(code: str, guest_nonce: str, host_nonce: str, terms: dict[str, Any]) -> str:
    """The host's proof, over both nonces and the terms it sends (the game, the sides, the
    moves so far), so the guest knows the host holds the code and the terms are its own."""
    return _mac(code, "host", guest_nonce, host_nonce, terms_text(terms))


def terms_text(terms: dict[str, Any]) -> str:
    """A welcome's terms (all but its "t" and "mac") as one canonical text."""
    kept = {key: value for key, value in terms.items() if key not in ("t", "mac")}
    return json.dumps(kept, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def same_proof(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


def position_hash(state: Any) -> str:
    """A short hash of a whole position (its text diagram: the board, the side to move, what
    the rules remember), so two copies of a game that drift apart are noticed."""
    return hashlib.sha256(str(state).encode()).hexdigest()[:12]
