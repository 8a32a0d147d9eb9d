"""The match engine without sockets (games/core/net/match.py, handshake.py): two pure copies
joined by a wire of queues (tests/net_pair.py), played through the Seat a frame will hold
(play, offer, answer, withdraw, resign, leave; events polled). Whole games of the three
two-player games; the handshake with right and wrong codes, other versions and forged terms;
offers, their crossings with moves and with each other; hostile and out-of-turn moves; a
desync noticed by its hash and repaired from the host's record; silence, loss, Leave and a
reconnection; and generated interleavings that always end with one record on both sides."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.net import protocol
from games.core.net.handshake import Budget, GuestDoor, HostDoor, Refusal, Refused
from games.core.net.record import replay
from games.core.net.seat import (
    Answered,
    Ended,
    Lapsed,
    Link,
    LinkChanged,
    MatchError,
    Moved,
    Offered,
    Started,
    Synced,
    Undone,
)
from tests.net_pair import CODE, Pair

GAMES = ("mu_torere", "kono", "nim")


def play_to_the_end(pair: Pair, seed: int, most: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(most):
        if pair.host.over:
            return
        mover = pair.mover()
        mover.play(pair.random_move(rng))
        pair.settle()
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("host_side", [0, 1])
def test_a_whole_game_ends_alike_on_both_sides(key, host_side):
    pair = Pair(key, host_side, seed=3)
    assert pair.guest.names == ("Gus", "Hosta") and pair.host.names == ("Hosta", "Gus")
    assert pair.guest.side == 1 - host_side
    play_to_the_end(pair, seed=11)
    pair.same()
    host_events, guest_events = pair.host.events(), pair.guest.events()
    moved = [e for e in host_events + guest_events if isinstance(e, Moved)]
    assert len(moved) == len(pair.host.moves), "each side heard every move of the other"
    assert all(e.ply == i + 1 for i, e in enumerate(sorted(moved, key=lambda e: e.ply)))
    ends = [e for e in host_events if isinstance(e, Ended)] + \
        [e for e in guest_events if isinstance(e, Ended)]
    assert len(ends) == 2 and ends[0] == ends[1] and ends[0].how == "rules"
    assert ends[0].winner == pair.host.winner


def test_moves_out_of_turn_or_after_the_end_are_refused_locally():
    pair = Pair("nim")
    with pytest.raises(MatchError, match="other player's turn"):
        pair.guest.play("0:1")
    with pytest.raises(MatchError, match="heap|counter|Heap"):
        pair.host.play("0:9")
    with pytest.raises(MatchError, match="offer"):
        pair.host.play("draw")
    assert pair.host.moves == [] and pair.host.outbox == []


# --- the handshake ------------------------------------------------------------------------------
def doors(code: str = CODE):
    return HostDoor(CODE, "a" * 32, 0.0), GuestDoor(code, "b" * 32, "Gus", 0.0)


def test_a_wrong_code_is_refused_and_the_guest_is_told_why():
    host, guest = doors("amber-otter-43")
    challenge = host.receive(guest.hello(), 0.0, Budget())
    proof = guest.receive(challenge[0], 0.0)
    with pytest.raises(Refusal) as refusal:
        host.receive(proof[0], 0.0, Budget())
    assert refusal.value.reason == "code"
    with pytest.raises(Refused, match="code is wrong"):
        guest.receive(refusal.value.message(), 0.0)


def test_the_code_never_crosses_the_wire():
    pair = Pair("kono")
    pair.host.play(pair.random_move(random.Random(1)))
    pair.settle()
    wire = b"".join(pair.lines)
    assert b"welcome" in wire
    for part in [CODE, *CODE.split("-")[:2]]:     # (its number may be in a hex digest)
        assert part.encode() not in wire


def test_after_too_many_wrong_codes_the_host_says_busy_even_to_the_right_one():
    budget = Budget(most=3)
    for _ in range(3):
        host, guest = doors("robin-cedar-10")
        proof = guest.receive(host.receive(guest.hello(), 1.0, budget)[0], 1.0)
        with pytest.raises(Refusal, match="wrong"):
            host.receive(proof[0], 1.0, budget)
    host, guest = doors()
    proof = guest.receive(host.receive(guest.hello(), 2.0, budget)[0], 2.0)
    with pytest.raises(Refusal) as refusal:
        host.receive(proof[0], 2.0, budget)
    assert refusal.value.reason == "busy"
    host, guest = doors()
    proof = guest.receive(host.receive(guest.hello(), 70.0, budget)[0], 70.0)
    assert host.receive(proof[0], 70.0, budget) == [] and host.step == "proved"


@pytest.mark.parametrize("version", [0, 2, 99])
def test_an_old_or_future_version_is_refused_by_both_sides(version):
    host, guest = doors()
    hello = json.dumps({**guest.hello(), "v": version}).encode()
    with pytest.raises(Refusal) as refusal:
        host.receive_line(hello, 0.0, Budget())
    assert refusal.value.reason == "version"
    with pytest.raises(Refused, match=f"version {protocol.VERSION}"):
        guest.receive_line(protocol.encode(refusal.value.message())[:-1], 0.0)
    with pytest.raises(Refused, match=f"version {version};"):
        guest.receive_line(json.dumps({"t": "challenge", "v": version,
                                       "nonce": "c" * 32}).encode(), 0.0)


def test_forged_terms_or_a_host_without_the_code_are_refused_by_the_guest():
    pair = Pair("nim")
    host, guest = doors()
    proof = guest.receive(host.receive(guest.hello(), 0.0, Budget())[0], 0.0)
    host.receive(proof[0], 0.0, Budget())
    welcome = host.welcome(pair.host.terms(), 0.0)
    replayed = GuestDoor(CODE, "e" * 32, "", 0.0)           # a welcome made for another nonce
    replayed.receive({"t": "challenge", "v": protocol.VERSION, "nonce": "a" * 32}, 0.0)
    with pytest.raises(Refused, match="prove"):
        replayed.receive(welcome, 0.0)
    forged = {**welcome, "side": 1 - welcome["side"]}
    with pytest.raises(Refused, match="prove"):
        guest.receive(forged, 0.0)
    assert guest.receive(welcome, 0.0) == [] and guest.terms["game"] == pair.host.session.game_id


def test_each_step_of_the_handshake_has_a_deadline_and_a_kind():
    host, guest = doors()
    assert not host.expired(9.9) and host.expired(10.0)
    host.receive(guest.hello(), 5.0, Budget())
    assert not host.expired(14.9) and host.expired(15.0)
    with pytest.raises(Refusal, match="expected a proof"):
        host.receive({"t": "ready"}, 6.0, Budget())
    with pytest.raises(Refusal, match="not JSON"):
        HostDoor(CODE, "a" * 32, 0.0).receive_line(b"GET / HTTP/1.1", 0.0, Budget())


# --- offers -------------------------------------------------------------------------------------
@pytest.mark.parametrize("offerer", ["host", "guest"])
def test_a_draw_offered_and_accepted_ends_both_games_drawn(offerer):
    pair = Pair("kono")
    pair.host.play(pair.random_move(random.Random(4)))
    pair.settle()
    asker, asked = pair.side(offerer), pair.side("guest" if offerer == "host" else "host")
    asker.offer("draw")
    pair.settle()
    assert Offered("draw") in asked.events() and asked.view().asked == "draw"
    asked.answer(True)
    pair.settle()
    pair.same()
    assert pair.host.over and pair.host.winner is None and pair.host.moves[-1] == "draw"
    assert Answered("draw", True) in asker.events()
    assert Ended(None, "rules") in asked.events()


def test_a_declined_offer_changes_nothing_and_nim_has_no_draws():
    pair = Pair("mu_torere")
    pair.guest.offer("draw")
    pair.settle()
    pair.host.answer(False)
    pair.settle()
    assert Answered("draw", False) in pair.guest.events() and not pair.host.over
    nim = Pair("nim")
    with pytest.raises(MatchError, match="cannot be drawn"):
        nim.host.offer("draw")


@pytest.mark.parametrize("asker", ["host", "guest"])
def test_undo_by_agreement_takes_back_the_askers_last_move(asker):
    pair = Pair("nim", seed=2)
    rng = random.Random(8)
    for _ in range(3):
        pair.mover().play(pair.random_move(rng))
        pair.settle()
    side = pair.side(asker)
    last = max(ply for ply in range(1, side.ply + 1) if side.mover(ply) == side.side)
    side.offer("undo")
    pair.settle()
    other = pair.side("guest" if asker == "host" else "host")
    other.answer(True)
    pair.settle()
    pair.same()
    assert pair.host.ply == last - 1 and pair.host.to_move == side.side
    assert Undone(last - 1) in other.events()
    with pytest.raises(MatchError, match="no move to take back"):
        Pair("nim").guest.offer("undo")


def test_a_rematch_swaps_the_sides_and_starts_the_same_deal_again():
    pair = Pair("nim", host_side=0)
    play_to_the_end(pair, seed=5)
    first = pair.host.session.game_id
    with pytest.raises(MatchError, match="once the game is over"):
        Pair("nim").host.offer("rematch")
    pair.guest.offer("rematch")
    pair.settle()
    pair.host.answer(True)
    pair.settle()
    pair.same()
    assert pair.host.number == 2 and pair.host.side == 1 and pair.host.moves == []
    assert pair.host.session.game_id == first and not pair.host.over
    assert Started(first, 0, 2) in pair.guest.events()


@pytest.mark.parametrize("kind", ["draw", "rematch"])
def test_the_same_offer_from_both_sides_at_once_is_agreement(kind):
    pair = Pair("mu_torere")
    if kind == "rematch":
        play_to_the_end(pair, seed=6)
    pair.host.offer(kind)
    pair.guest.offer(kind)
    pair.settle()
    pair.same()
    assert pair.host.over if kind == "draw" else pair.host.number == 2
    assert pair.host.view().offered is None and pair.guest.view().offered is None
    assert pair.host.view().asked is None and pair.guest.view().asked is None


def test_an_offer_crossing_a_move_lapses_on_both_sides():
    pair = Pair("mu_torere")
    rng = random.Random(2)
    pair.host.play(pair.random_move(rng))
    pair.settle()
    pair.host.offer("undo")
    pair.guest.play(pair.random_move(rng))         # before the offer arrives
    pair.settle()
    pair.same()
    assert Lapsed("undo", True) in pair.host.events()
    assert pair.host.view().offered is None and pair.guest.view().asked is None
    assert pair.host.ply == 2


def test_a_withdrawal_crossing_an_acceptance_goes_the_hosts_way():
    pair = Pair("kono")
    pair.host.offer("draw")
    pair.settle()
    pair.guest.answer(True)        # crosses ...
    pair.host.withdraw()           # ... the host's withdrawal: the host withdrew first
    pair.settle()
    pair.same()
    assert not pair.host.over and Lapsed("draw", False) in pair.guest.events()
    pair.guest.offer("draw")
    pair.settle()
    pair.host.answer(True)         # crosses ...
    pair.guest.withdraw()          # ... the guest's withdrawal: the host accepted first
    pair.settle()
    pair.same()
    assert pair.host.over and pair.host.winner is None


def test_an_offer_waiting_blocks_its_makers_moves():
    pair = Pair("mu_torere")
    pair.host.offer("draw")
    with pytest.raises(MatchError, match="answer to your offer"):
        pair.host.play(pair.random_move(random.Random(1)))
    pair.host.withdraw()
    pair.host.play(pair.random_move(random.Random(1)))


# --- resigning ----------------------------------------------------------------------------------
def test_a_resignation_ends_both_games_for_the_other_side():
    pair = Pair("kono")
    pair.guest.resign()
    pair.settle()
    pair.same()
    assert pair.host.winner == pair.host.side
    assert Ended(pair.host.side, "resigned") in pair.host.events()


@pytest.mark.parametrize("mover_role", ["host", "guest"])
def test_a_resignation_crossing_a_move_ends_with_the_hosts_record(mover_role):
    pair = Pair("mu_torere")
    rng = random.Random(3)
    if pair.mover() is not pair.side(mover_role):
        pair.mover().play(pair.random_move(rng))
        pair.settle()
    mover = pair.side(mover_role)
    other = pair.host if mover is pair.guest else pair.guest
    other.resign()                            # while the mover's move is on its way
    mover.play(pair.random_move(rng))
    pair.settle()
    pair.same()
    assert pair.host.over and pair.host.resigned == other.side


# --- what a hostile or drifting peer sends ------------------------------------------------------
def hostile(pair: Pair, message) -> list:
    """Deliver a message to the host as if the guest had sent it; the host's answers."""
    pair.host.receive(protocol.decode(protocol.encode(message)[:-1]), pair.now)
    sent, pair.host.outbox = pair.host.outbox, []
    return sent


def test_illegal_out_of_turn_and_misnumbered_moves_are_refused_with_the_record():
    pair = Pair("mu_torere")
    hash_ = pair.host.hash()
    for message, words in [
        ({"t": "move", "ply": 1, "move": "0-8", "hash": hash_}, "not your turn"),
        ({"t": "move", "ply": 5, "move": "0-8", "hash": hash_}, "does not follow"),
    ]:
        sent = hostile(pair, message)
        assert sent[0]["t"] == "reject" and words in sent[0]["words"]
    pair.host.play(pair.random_move(random.Random(1)))
    pair.settle()
    state = pair.host.session.state
    legal = {move.encode() for move in pair.host.session.rules.legal_moves(state)}
    illegal = [f"{a}-{b}" for a in range(9) for b in range(9) if f"{a}-{b}" not in legal]
    for move in illegal[:3] + ["draw"]:
        pair.now += 2.0
        sent = hostile(pair, {"t": "move", "ply": 2, "move": move, "hash": hash_})
        assert [m["t"] for m in sent] == ["reject", "sync"], move
        assert sent[1]["moves"] == pair.host.moves
    assert pair.host.ply == 1


def test_messages_with_no_place_in_a_match_drop_the_connection():
    pair = Pair("nim")
    for kind in ({"t": "hello", "v": 1, "app": "parlour", "nonce": "0" * 32, "name": ""},
                 {"t": "agreed", "kind": "draw", "ply": 0, "number": 1, "to": 0,
                  "hash": "0" * 12},
                 {"t": "sync", "game": "nim::3", "side": 0, "number": 1, "moves": [],
                  "resigned": -1, "hash": "0" * 12}):
        with pytest.raises(protocol.ProtocolError, match="no place"):
            hostile(pair, kind)


@pytest.mark.parametrize("seed", range(4))
def test_a_desync_is_noticed_by_its_hash_and_repaired_from_the_hosts_record(seed):
    pair = Pair("kono", seed=4)
    rng = random.Random(seed)
    for _ in range(4 + seed):
        pair.mover().play(pair.random_move(rng))
        pair.settle()
    drifted = pair.guest.session             # the guest's copy drifts (a bug, a bit flip)
    last = drifted.entries[drifted.position][1]
    drifted.undo()
    drifted.apply(next(move.encode() for move in drifted.rules.legal_moves(drifted.state)
                       if move.encode() != last))
    assert pair.guest.ply == pair.host.ply and pair.guest.hash() != pair.host.hash()
    mover = pair.mover()
    moves = mover.session.rules.legal_moves(mover.session.state)
    mover.play(rng.choice(moves).encode())
    pair.settle()
    pair.same()
    assert any(isinstance(event, Synced) for event in pair.guest.events())


def test_a_guest_repeating_resync_gets_at_most_one_sync_a_second():
    pair = Pair("nim")
    syncs = 0
    for _ in range(20):
        pair.now += 0.1
        syncs += sum(m["t"] == "sync" for m in hostile(pair, {"t": "resync"}))
    pair.tick(1.0)
    syncs += sum(m["t"] == "sync" for m in pair.host.outbox)
    assert syncs == 3


# --- time: silence, loss, Leave, reconnection ---------------------------------------------------
def test_a_quiet_side_pings_and_a_silent_peer_counts_as_lost():
    pair = Pair("nim")
    pair.host.tick(4.9)
    assert pair.host.outbox == []
    pair.now = 5.0
    assert pair.host.tick(5.0) and pair.host.outbox == [{"t": "ping"}]
    pair.settle()                             # the guest hears the ping at 5 s
    assert pair.guest.tick(24.9)
    assert not pair.guest.tick(25.0), "20 s without a word from the host"


def test_a_lost_connection_pauses_the_match_and_after_a_wait_offers_leave():
    pair = Pair("kono")
    pair.host.offer("draw")
    pair.pump()
    pair.host.lost(1.0)
    assert Lapsed("draw", True) in pair.host.events()
    with pytest.raises(MatchError, match="Waiting for the other player"):
        pair.host.play(pair.random_move(random.Random(1)))
    pair.host.tick(180.0)
    assert not pair.host.view().may_leave
    pair.host.tick(181.0)
    assert pair.host.view().may_leave and LinkChanged(Link.LOST, True) in pair.host.events()
    pair.host.leave()
    assert pair.host.view().link == Link.CLOSED and not pair.host.over


def test_a_reconnected_guest_takes_the_hosts_record_and_resends_a_move_lost_on_the_way():
    pair = Pair("mu_torere")
    rng = random.Random(7)
    pair.host.play(pair.random_move(rng))
    pair.settle()
    pair.guest.play(pair.random_move(rng))     # sent, but the connection drops first
    pair.guest.lost(3.0)
    pair.host.lost(3.0)
    assert pair.host.ply == 1 and pair.guest.ply == 2
    pair.now = 10.0
    host_door, guest_door = HostDoor(CODE, "c" * 32, 10.0), GuestDoor(CODE, "d" * 32, "Gus", 10.0)
    proof = guest_door.receive(host_door.receive(guest_door.hello(), 10.0, Budget())[0], 10.0)
    host_door.receive(proof[0], 10.0, Budget())
    guest_door.receive(host_door.welcome(pair.host.terms(), 10.0), 10.0)
    pair.host.connected(10.0, "Gus")
    pair.guest.rejoined(guest_door.terms, 10.0)
    pair.settle()
    pair.same()
    assert pair.host.ply == 2 and pair.host.view().link == Link.CONNECTED


def test_a_player_who_leaves_tells_the_other():
    pair = Pair("nim")
    pair.guest.leave()
    pair.settle()
    assert LinkChanged(Link.CLOSED, False) in pair.host.events()
    with pytest.raises(MatchError, match="has left"):
        pair.host.play("0:1")


# --- generated interleavings --------------------------------------------------------------------
KINDS = ["move"] * 4 + ["deliver"] * 3 + ["offer", "answer", "withdraw", "resign"]
ACTIONS = st.lists(st.tuples(st.sampled_from(KINDS),
                             st.sampled_from(["host", "guest"]),
                             st.sampled_from(["draw", "undo", "rematch"]),
                             st.booleans(), st.integers(0, 3)), max_size=40)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), ACTIONS, st.integers(0, 1000))
def test_any_interleaving_ends_with_one_record_on_both_sides(key, actions, seed):
    """Both sides act whenever they like and messages arrive in any order each way; once
    everything has arrived (and a sync that was due has gone), both hold the same game."""
    pair = Pair(key, seed=seed % 7)
    rng = random.Random(seed)
    for action, who, kind, accept, count in actions:
        side = pair.side(who)
        try:
            if action == "move" and side.to_move == side.side and not side.over:
                moves = side.session.rules.legal_moves(side.session.state)
                side.play(rng.choice(moves).encode())
            elif action == "offer":
                side.offer(kind)
            elif action == "answer":
                side.answer(accept)
            elif action == "withdraw":
                side.withdraw()
            elif action == "resign":
                side.resign()
            elif action == "deliver":
                pair.deliver(who, count)
        except MatchError:
            pass
        pair.now += 0.3
    for _ in range(6):
        pair.settle()
        pair.tick(1.1)
    pair.settle()
    pair.same()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(set(protocol.SCHEMAS) - protocol.HANDSHAKE)), st.dictionaries(
    st.sampled_from(["ply", "move", "hash", "kind", "number", "to", "accept", "game", "side",
                     "moves", "resigned", "what", "words"]),
    st.one_of(st.integers(-2, 12), st.sampled_from(["0-8", "3-8", "draw", "0:1", "undo",
                                                    "rematch", "0" * 12, "nim::3"]),
              st.booleans(), st.lists(st.sampled_from(["0-8", "0:1", "8-0"]), max_size=3)),
    max_size=8))
def test_generated_messages_from_a_guest_never_break_the_hosts_game(kind, fields):
    pair = Pair("mu_torere")
    pair.host.play(pair.random_move(random.Random(1)))
    pair.settle()
    try:
        hostile(pair, {"t": kind, **fields})
    except protocol.ProtocolError:
        pass
    replayed = replay(pair.host.session.game_id, pair.host.moves)
    assert protocol.position_hash(replayed.state) == pair.host.hash()


def test_the_pure_match_and_the_transport_are_one_seat():
    """What a frame holds has the same actions and events whether it is the pure Match or
    the Host and Guest over a socket (their Peer)."""
    import inspect

    from games.core.net.match import Match
    from games.core.net.peer import Peer
    from games.core.net.seat import Seat
    actions = {name for name, member in vars(Seat).items()
               if inspect.isfunction(member) and not name.startswith("_")}
    assert actions == {"events", "view", "play", "offer", "answer", "withdraw", "resign",
                       "leave"}
    for made in (Match, Peer):
        for name in actions:
            assert list(inspect.signature(getattr(made, name)).parameters) == \
                list(inspect.signature(getattr(Seat, name)).parameters), (made, name)
