"""bench's figures of network play (docs/NETPLAY.md), on loopback: a move's round trip in
wall time (a latency) beside a bare frame's CPU cost, and a game's frame with a friend
connected against the same game's frame against the computer."""
from __future__ import annotations

import functools
import random
import statistics
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from games.core.cli.bench_measure import (
    FRAMES,
    alternate,
    baseline_frame,
    emit,
    percentile,
    spread,
)
from games.core.kit import registry
from games.core.kit.session import Session

if TYPE_CHECKING:
    from games.core.loop.app import App, Scene
    from games.core.net.record import AnySession
    from games.core.net.seat import MatchView


def bench_session() -> AnySession:
    """A new game of the bench's two-player game, at its default options."""
    key = registry.BENCH_GAME
    return Session.new(key, registry.lookup(key).rules.params_from_options(), 1)


def rematched(number: int, view: MatchView | None) -> bool:
    return view is not None and view.number > number


def moved_on(ply: int, view: MatchView | None) -> bool:
    """The game went past `ply` (or ended)."""
    return view is not None and (view.ply > ply or view.over)


NET_ROUND_TRIPS = 300
NET_CODE = "amber-otter-42"


def netplay_figures(quick: bool) -> None:
    """Network play on loopback (docs/NETPLAY.md): a move's round trip, a host and a guest in
    this process, each on its own network thread, from the host's play() until the guest's
    answer (played as soon as the move was heard) is heard back: wall time, since it is a
    latency (both threads must be scheduled), beside a bare frame's CPU cost measured in the
    same run; then a game's frame with a friend connected against one against the computer."""
    from games.core.loop.app import App
    from games.core.net.link import Guest, Host
    from games.core.net.seat import Offered
    app = App(windowed=False)
    bare = baseline_frame(app.screen)
    host = Host(bench_session(), 0, NET_CODE, "Host", bind="127.0.0.1", port=0)
    guest = Guest("127.0.0.1", host.port, NET_CODE, "Guest")
    rng, answering = random.Random(1), [True]

    def answer() -> None:            # the guest: a move back as soon as one is heard
        while answering[0]:
            guest.wait(0.2)
            for event in guest.events():
                if isinstance(event, Offered):
                    guest.answer(True)
            view = guest.view()
            if view is not None and not view.over and view.to_move == view.side:
                guest.play(rng.choice(guest.legal_moves()))
    helper = threading.Thread(target=answer, daemon=True)
    helper.start()

    def seen(done: Callable[[MatchView | None], bool]) -> None:
        """Wait (with a hang guard) until done() holds for the host's view."""
        deadline = time.monotonic() + 60
        while not done(host.view()):
            if time.monotonic() > deadline:
                raise RuntimeError("bench: the network round trips stopped")
            host.wait(0.5)
            host.events()
    trips: list[float] = []
    try:
        seen(lambda view: view is not None and view.link.value == "connected")
        while len(trips) < (60 if quick else NET_ROUND_TRIPS):
            view = host.view()
            assert view is not None
            if view.over:
                host.offer("rematch")
                seen(functools.partial(rematched, view.number))
                continue
            if view.to_move != view.side:
                seen(functools.partial(moved_on, view.ply))
                continue
            move = rng.choice(host.legal_moves())
            start = time.perf_counter()
            host.play(move)
            if host.match is not None and host.match.over:
                continue
            seen(functools.partial(moved_on, view.ply + 1))
            trips.append((time.perf_counter() - start) * 1000)
    finally:
        answering[0] = False
        helper.join(5.0)
        guest.close()
        host.close()
    frames = alternate(bare, lambda i: None, 60 if quick else FRAMES)[0]
    frame_ms = statistics.median(frames)
    emit(figure="network play: a move's round trip on loopback (host's play to the guest's "
         "answer heard), wall time", median_ms=round(statistics.median(trips), 3),
         p99_ms=round(percentile(trips, 0.99), 3), samples=len(trips),
         p10_ms=round(percentile(trips, 0.1), 3), p90_ms=round(percentile(trips, 0.9), 3),
         beside="a bare frame of 100 cached tiles, CPU, same run",
         beside_cpu_ms=round(frame_ms, 3), ratio=round(statistics.median(trips) / frame_ms, 2))
    connected_figure(app, 60 if quick else FRAMES)
    app.quit()


def on_top(app: App, scene: Scene) -> Callable[[int], None]:
    """A frame of `scene` alone on the stack, drawn whole (two scenes taking turns)."""
    def frame(i: int) -> None:
        app.stack = [scene]
        app.mark_dirty()
        app.frame(1 / 60)
    return frame


def connected_figure(app: App, count: int) -> None:
    """A game's frame with a friend connected (its Versus polls the seat each step) against
    the same game's frame against the computer, taking turns frame by frame."""
    from games.core.net.link import Guest, Host
    from games.core.net.record import replay
    from games.core.screens.frame import Frame
    from games.core.screens.netseat import network_play
    computer = Frame(app, bench_session(), {"opponent": "computer", "side": 0,
                                            "level": "medium"})
    host = Host(bench_session(), 0, NET_CODE, "Host", bind="127.0.0.1", port=0, wake=app.wake)
    friend = Guest("127.0.0.1", host.port, NET_CODE, "Friend")
    try:
        deadline = time.monotonic() + 60
        while (view := host.view()) is None or view.link.value != "connected":
            if time.monotonic() > deadline:
                raise RuntimeError("bench: the friend never joined")
            host.wait(0.2)
        friend_here = Frame(app, replay(view.game_id, []), {"opponent": "network", "side": 0,
                                                            "number": 1},
                            versus=network_play(host))
        app.jobs.wait_all()
        # Half the pairs each way round: the second frame of a pair costs about 0.6% more
        # (two games against the computer measured so: 1.006x).
        computer_frame, connected_frame = on_top(app, computer), on_top(app, friend_here)
        base, samples = alternate(computer_frame, connected_frame, count // 2)
        later, earlier = alternate(connected_frame, computer_frame, count - count // 2)
        base, samples = base + earlier, samples + later
        median, base_median = statistics.median(samples), statistics.median(base)
        emit(figure="frame cost: a game with a friend connected over the network",
             **spread(samples, "cpu_ms"), baseline="the same game against the computer, "
             "frame about with it (half the pairs each way round)",
             baseline_cpu_ms=round(base_median, 3),
             ratio=round(median / base_median, 2), target="within 1.0x",
             ok=median / base_median <= 1.0)
    finally:
        friend.close()
        host.close()
