"""The wire of network play (games/core/net/protocol.py, docs/NETPLAY.md): the codec reads
every message it writes, and turns anything else (random bytes, huge or deep JSON, values out
of bounds, unknown kinds) into one ProtocolError; lines are capped where they enter; codes and
invitations read as a player types them; the proofs never contain the code."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.net import handshake, protocol
from games.core.net.protocol import MAX_LINE, Framer, ProtocolError, VersionError

HASH = "0123456789ab"
NONCE = "0" * 32
GOOD = [
    {"t": "hello", "v": protocol.VERSION, "app": "parlour", "nonce": NONCE, "name": "Ana"},
    {"t": "challenge", "v": protocol.VERSION, "nonce": "f" * 32},
    {"t": "proof", "mac": "a" * 64},
    {"t": "welcome", "mac": "b" * 64, "game": "nim:start=classic,misere=0:3,4,5", "side": 0,
     "number": 1, "name": "", "moves": ["0:1", "1:4"], "resigned": -1, "hash": HASH},
    {"t": "ready"},
    {"t": "refuse", "reason": "code", "v": 1, "words": "the invitation code is wrong"},
    {"t": "move", "ply": 3, "move": "0-8", "hash": HASH},
    {"t": "offer", "kind": "undo", "ply": 4, "number": 1, "to": 2},
    {"t": "answer", "kind": "draw", "ply": 4, "number": 2, "accept": True},
    {"t": "withdraw", "kind": "rematch", "ply": 9, "number": 1},
    {"t": "agreed", "kind": "draw", "ply": 9, "number": 1, "to": 0, "hash": HASH},
    {"t": "start", "game": "kono::BBBBBBBBWWWWWWWW:B", "side": 1, "number": 2, "hash": HASH},
    {"t": "resign", "ply": 0, "number": 1},
    {"t": "sync", "game": "mu_torere::BBBBWWWW.:B", "side": 1, "number": 1, "moves": [],
     "resigned": 0, "hash": HASH},
    {"t": "resync"}, {"t": "reject", "what": "move", "words": "It is not your turn."},
    {"t": "ping"}, {"t": "pong"}, {"t": "bye"}, {"t": "error", "words": "a message too long"},
]


def test_every_kind_has_an_example_and_round_trips():
    assert {message["t"] for message in GOOD} == set(protocol.SCHEMAS)
    for message in GOOD:
        line = protocol.encode(message)
        assert line.endswith(b"\n") and line.count(b"\n") == 1 and len(line) <= MAX_LINE
        assert protocol.decode(line[:-1]) == message


def test_unknown_fields_are_dropped_and_missing_ones_refused():
    message = {"t": "ping", "extra": "x" * 100}
    assert protocol.decode(json.dumps(message).encode()) == {"t": "ping"}
    with pytest.raises(ProtocolError, match="no 'hash'"):
        protocol.decode(b'{"t": "move", "ply": 1, "move": "0-8"}')


@pytest.mark.parametrize("line, words", [
    (b"\xff\xfe", "not UTF-8"),
    (b"{", "not JSON"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"t": "launch"}', "unknown kind"),
    (b'{"t": 5}', "unknown kind"),
    (b'{"t": "move", "ply": NaN, "move": "0-8", "hash": "0123456789ab"}', "not JSON"),
    (b'{"t": "move", "ply": 1001, "move": "0-8", "hash": "0123456789ab"}', "ply"),
    (b'{"t": "move", "ply": true, "move": "0-8", "hash": "0123456789ab"}', "ply"),
    (b'{"t": "move", "ply": 1, "move": "0-8 ; rm", "hash": "0123456789ab"}', "move"),
    (b'{"t": "reject", "what": "move", "words": "a\\u0000b"}', "control"),
    (b"[" * 100000 + b"]" * 100000, "longer than"),
    (b"[" * 5000 + b"]" * 5000, "not"),
    (b'{"t": "ping", "n": ' + b"9" * 5000 + b"}", "not JSON"),
])
def test_bad_lines_are_one_protocol_error(line, words):
    with pytest.raises(ProtocolError, match=words):
        protocol.decode(line)


def test_another_version_is_read_before_anything_else():
    for kind in ("hello", "challenge"):
        with pytest.raises(VersionError) as caught:
            protocol.decode(json.dumps({"t": kind, "v": 7, "whatever": [1]}).encode())
        assert caught.value.version == 7 and "version 7" in str(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000))
def test_random_bytes_never_raise_anything_but_a_protocol_error(data):
    try:
        for line in Framer().feed(data):
            protocol.decode(line)
    except ProtocolError:
        pass


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.text(max_size=8), inner, max_size=4), max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(protocol.SCHEMAS)), st.dictionaries(
    st.sampled_from(["v", "app", "nonce", "name", "mac", "game", "side", "number", "moves",
                     "resigned", "hash", "ply", "move", "kind", "to", "accept", "reason",
                     "words", "what"]), JSON, max_size=8))
def test_generated_messages_are_clean_or_refused(kind, fields):
    """Any object under a known kind: either a message whose every value passes its check
    (it encodes again, identically), or one ProtocolError."""
    try:
        message = protocol.decode(json.dumps({"t": kind, **fields}).encode())
    except ProtocolError:
        return
    assert set(message) <= set(protocol.SCHEMAS[kind].fields)
    assert protocol.decode(protocol.encode(message)[:-1]) == message


def test_the_framer_splits_lines_and_caps_an_endless_one():
    framer = Framer()
    assert framer.feed(b'{"t":"ping"}\n{"t":') == [b'{"t":"ping"}']
    assert framer.feed(b'"pong"}\r\n') == [b'{"t":"pong"}']
    endless = Framer()
    with pytest.raises(ProtocolError, match="longer than"):
        for _ in range(10 * 1024 * 1024 // 65536):       # a 10 MB line, 64 KB at a time
            endless.feed(b"x" * 65536)
    assert len(endless.pending) < MAX_LINE + 65536, "it never held more than a line and a read"


def test_our_own_messages_are_checked_before_they_leave():
    with pytest.raises(ProtocolError):
        protocol.encode({"t": "move", "ply": -1, "move": "0-8", "hash": HASH})
    with pytest.raises(ProtocolError, match="too long"):
        protocol.encode({"t": "sync", "game": "nim::" + "1" * 390, "side": 0, "number": 1,
                         "moves": ["15:15,15:15,15:1"] * 1000, "resigned": -1, "hash": HASH})


# --- codes and invitations -------------------------------------------------------------------
def test_codes_are_two_words_and_a_number_read_however_typed():
    rng = random.Random(5)
    codes = {protocol.make_code(rng) for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        first, second, number = code.split("-")
        assert first in protocol.CODE_WORDS and second in protocol.CODE_WORDS
        assert 10 <= int(number) <= 99
        assert protocol.read_code(code.upper().replace("-", "  ")) == code
    assert len(set(protocol.CODE_WORDS)) == 256
    assert all(word.isascii() and word.isalpha() and 2 <= len(word) <= 8
               for word in protocol.CODE_WORDS)
    assert protocol.read_code(" Amber_Otter.42 ") == "amber-otter-42"
    for bad in ("", "ab", "amber otter 42 !", "å-b-c-d", "a " * 20, "x" * 100):
        with pytest.raises(ProtocolError, match="invitation code"):
            protocol.read_code(bad)


@pytest.mark.parametrize("text, expected", [
    ("127.0.0.1:41414 amber-otter-42", ("127.0.0.1", 41414, "amber-otter-42")),
    ("  [::1]:5000   Amber Otter 42 ", ("::1", 5000, "amber-otter-42")),
    ("my-pc.local:80 robin-cedar-10", ("my-pc.local", 80, "robin-cedar-10")),
])
def test_invitations_read_as_pasted(text, expected):
    invitation = protocol.read_invitation(text)
    assert (invitation.host, invitation.port, invitation.code) == expected
    assert protocol.read_invitation(invitation.text()) == invitation


@pytest.mark.parametrize("text, words", [
    ("", "an address and a code"),
    ("127.0.0.1 amber-otter-42", "ADDRESS:PORT"),
    ("127.0.0.1:0 amber-otter-42", "from 1 to 65535"),
    ("127.0.0.1:99999 amber-otter-42", "from 1 to 65535"),
    ("127.0.0.1:41414", "no code"),
    ("bad_host!:41414 amber-otter-42", "not an address"),
    ("[zz]:41414 amber-otter-42", "not an IPv6"),
    ("127.0.0.1:41414 amber-otter-42-#", "invitation code"),
])
def test_bad_invitations_say_what_is_wrong(text, words):
    with pytest.raises(ProtocolError, match=words):
        protocol.read_invitation(text)


def test_the_proofs_depend_on_the_code_the_nonces_and_the_terms_and_never_hold_the_code():
    terms = {"game": "nim::3,4,5", "side": 0}
    proof = protocol.host_proof("amber-otter-42", NONCE, "f" * 32, terms)
    assert proof != protocol.host_proof("amber-otter-43", NONCE, "f" * 32, terms)
    assert proof != protocol.host_proof("amber-otter-42", "1" * 32, "f" * 32, terms)
    assert proof != protocol.host_proof("amber-otter-42", NONCE, "f" * 32, {**terms, "side": 1})
    assert protocol.guest_proof("amber-otter-42", "f" * 32, NONCE) != \
        protocol.guest_proof("amber-otter-42", NONCE, "f" * 32)
    assert "amber" not in proof and "otter" not in proof


def test_the_wrong_code_budget_refills_after_its_window():
    budget = handshake.Budget(most=3, window=60.0)
    for second in range(3):
        assert not budget.exhausted(second)
        budget.spend(second)
    assert budget.exhausted(10.0)
    assert not budget.exhausted(62.5)
