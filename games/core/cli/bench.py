"""`main.py bench`: performance figures, each beside a baseline measured in the same run.

- CPU seconds per second at rest: the launcher, every game's scene and every overlay, each left
  alone in the real loop of a child process, against a minimal pygame-ce program that waits on
  events, run as a child of the same kind just before each;
- frame cost of every scene at 1920x1080 FULLSCREEN|SCALED, drawn every frame (as while
  animating), against a bare pygame frame that blits 100 cached tiles, the two taking turns
  frame by frame;
- CPU time to the first frame shown of the launcher, of a game opened from the command line
  and of a demo's screenshot, each against a bare `import pygame; set_mode; flip` process run
  alternately with it;
- each game's first draw with its sprites read from the disk cache, against the same with the
  cache empty (everything painted);
- with 10,000 games in the history: opening the statistics (against the setup screen) and
  recording a game (against writing settings.json);
- network play on loopback: a move's round trip (wall time, a latency) beside a bare frame's
  CPU cost, and a game's frame with a friend connected against one against the computer;
- each game's own cases (games/<key>/bench.py: generation, solving, computer moves).

Figures of computation are CPU time (time.process_time; a child's rusage for whole processes),
as the median of their samples, with the sample count and the spread (p10-p90): tails beyond
that swing with whatever else the machine runs, so they are not reported (but where a game's
case asks for one, "tail": 0.99). Children are this same program (python main.py, or the
packaged executable) started as `bench-child ...` (games/core/cli/bench_child.py); their
bytecode goes to a scratch folder, never the source tree.
Output: one JSON object per line.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

try:
    import resource as rusage
except ImportError:      # not on Windows: whole-process CPU figures are left out there
    rusage = None  # type: ignore[assignment]  # the module, or None where there is none

from games.core.cli.bench_measure import (
    FRAMES,
    Figure,
    alternate,
    baseline_frame,
    cpu_timed,
    emit,
    percentile,
    scene_frame,
    spread,
)
from games.core.kit import registry

if TYPE_CHECKING:

    from games.core.loop.app import App, Scene

# The repository: games/core/cli/bench.py is four levels down.
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), *[os.pardir] * 3))
REST_TARGET = 0.02       # CPU s/s at rest ...
# ... or this much of the minimal program, where the machine's floor is higher
REST_FLOOR_RATIO = 1.5


# --- child processes: this same program --------------------------------------------------------
def own_command(*args: str) -> list[str]:
    """This program with `args`: the packaged executable itself, or python main.py."""
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, os.path.join(ROOT, "main.py"), *args]


def child_env(scratch: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PARLOUR_DATA_DIR=os.path.join(scratch, "data"),
               PYTHONPYCACHEPREFIX=os.path.join(scratch, "bytecode"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # a player's install keeps its bytecode (there)
    return env


def run_child(args: list[str], env: dict[str, str]) -> tuple[str, float, float | None]:
    """Run this program with args: (its stdout, wall ms, CPU ms from rusage or None)."""
    used = rusage.getrusage(rusage.RUSAGE_CHILDREN) if rusage else None
    start = time.perf_counter()
    done = subprocess.run(own_command(*args), cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    wall = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"bench: {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    cpu = None
    if rusage and used is not None:
        now = rusage.getrusage(rusage.RUSAGE_CHILDREN)
        cpu = (now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime) * 1000
    return done.stdout, wall, cpu


# --- at rest ----------------------------------------------------------------------------------
def rest_figures(env: dict[str, str], quick: bool) -> None:
    window, count = (0.5, 4) if quick else (1.0, 8)
    scenes = ["launcher"] + [info.key for info in registry.launcher_games()] + \
        ["pause", "result", "rules", "settings"]
    sampling = [str(window), str(count)]

    baselines: list[float] = []
    for scene in scenes:     # each scene right after its own baseline: the machine drifts
        baseline = json.loads(run_child(["bench-child", "waiting", *sampling], env)[0])["samples"]
        baselines += baseline
        ours = json.loads(run_child(["bench-child", "rest", *sampling, scene], env)[0])
        base, median = statistics.median(baseline), statistics.median(ours["samples"])
        figure = dict(figure=f"CPU at rest: {scene}", window_s=window,
                      **spread(ours["samples"], "cpu_s_per_s", 4),
                      draws_per_s=round(ours["draws"] / (window * count), 2),
                      baseline="minimal pygame-ce program waiting on events, just before",
                      baseline_cpu_s_per_s=round(base, 4), ratio=round(median / base, 2),
                      target=f"at most {REST_TARGET} CPU s/s, or {REST_FLOOR_RATIO}x the "
                      "baseline", ok=median <= max(REST_TARGET, REST_FLOOR_RATIO * base))
        if ours["draws"]:      # a clock on show: what sending its area alone costs, beside
            ticking = json.loads(run_child(["bench-child", "ticking", *sampling], env)[0])
            floor = statistics.median(ticking["samples"])
            figure.update(ticking_baseline="the minimal program sending a clock's area to the "
                          "window once a second (under SCALED the whole window is presented) "
                          "and listening for gamepads as Parlour does, "
                          "just after", ticking_cpu_s_per_s=round(floor, 4),
                          ratio_to_ticking=round(median / floor, 2))
        emit(**figure)
    emit(figure="CPU at rest: minimal pygame-ce program waiting on events (all baselines)",
         window_s=window, **spread(baselines, "cpu_s_per_s", 4))


# --- frames -----------------------------------------------------------------------------------
def frame_figures(frames: int) -> None:
    from games.core.kit.session import Session
    from games.core.loop.app import App
    from games.core.screens.frame import Frame
    from games.core.screens.launcher import LauncherScene
    app = App(windowed=False)
    bare = baseline_frame(app.screen)
    scenes: list[tuple[str, Scene]] = [("launcher", LauncherScene(app))]
    for info in registry.launcher_games():
        session = Session.new(info.key, None, seed=7)
        scene = Frame(app, session)
        pose(info.key, scene)
        scenes.append((info.key, scene))
    bases: list[float] = []
    for name, shown in scenes:
        base, samples = alternate(bare, scene_frame(app, shown), frames)
        bases += base
        median, base_median = statistics.median(samples), statistics.median(base)
        emit(figure=f"frame cost: {name}", **spread(samples, "cpu_ms"),
             baseline="a bare frame of 100 cached tiles, frame about with it",
             baseline_cpu_ms=round(base_median, 3), ratio=round(median / base_median, 2),
             target="within 1.5x", ok=median / base_median <= 1.5)
    emit(figure="frame cost: a bare frame of 100 cached tiles (all baselines)",
         **spread(bases, "cpu_ms"))
    app.quit()


def pose(key: str, scene: Scene) -> None:
    """Put the scene in its most expensive everyday look (a full board with a piece dragged,
    every move graded...): games/<key>/bench.py's pose(scene), built from the scene's public
    API; a game without one is measured as it opens."""
    bench = registry.lookup(key).bench
    own = bench().pose if bench is not None else None
    if own is not None:
        own(scene)


FIRST_FRAMES = (   # (figure, this program's arguments (- is none: the launcher), target ratio)
    ("the launcher (`python main.py`)", ["-"], 1.3),
    (f"a game from the command line (`play {registry.BENCH_GAME}`)",
     ["play", registry.BENCH_GAME, "--seed", "7"], 2.0),
    (f"a demo's screenshot (`demo {registry.BENCH_GAME} --frames 1 --screenshot F`)",
     ["demo", registry.BENCH_GAME, "--frames", "1", "--screenshot", "{scratch}/first-frame.png"],
     2.0),
)


def first_frame_figures(env: dict[str, str], scratch: str, runs: int) -> None:
    """CPU time from a process's start to its first frame shown (`bench-child first-frame`:
    read when the first flip returns), beside a bare pygame window's, run alternately; the
    ratio is the median of each run's ratio to the bare window run just before it. The whole
    process's CPU time (rusage, what it does after the frame included) and wall time beside."""
    def first_frame(args: list[str]) -> tuple[float, float | None, float]:
        out, wall, cpu = run_child(["bench-child", "first-frame", *args], env)
        return json.loads(out.splitlines()[-1])["cpu_ms"], cpu, wall
    for name, args, target in FIRST_FRAMES:
        args = [arg.format(scratch=scratch) for arg in args]
        first_frame([]), first_frame(args)           # warm-up: bytecode, disk caches
        pairs = [(first_frame([]), first_frame(args)) for _ in range(runs)]   # interleaved
        bare = [pair[0] for pair in pairs]
        ours = [pair[1] for pair in pairs]
        ratios = [o[0] / b[0] for b, o in pairs]
        ratio = statistics.median(ratios)
        figure = {"figure": f"first frame: {name}", **spread([o[0] for o in ours], "cpu_ms", 1),
                  "baseline": "a bare pygame window (import pygame, set_mode, flip), just before",
                  "baseline_cpu_ms": round(statistics.median(b[0] for b in bare), 1),
                  "ratio": round(ratio, 2), "p10_ratio": round(percentile(ratios, 0.1), 2),
                  "p90_ratio": round(percentile(ratios, 0.9), 2),
                  "target": f"within {target}x", "ok": ratio <= target}
        process = [o[1] for o in ours if o[1] is not None]
        baseline_process = [b[1] for b in bare if b[1] is not None]
        if len(process) == len(ours) and len(baseline_process) == len(bare):
            figure["process_cpu_ms"] = round(statistics.median(process), 1)
            figure["baseline_process_cpu_ms"] = round(statistics.median(baseline_process), 1)
        figure["wall_ms"] = round(statistics.median(o[2] for o in ours), 1)
        figure["baseline_wall_ms"] = round(statistics.median(b[2] for b in bare), 1)
        emit(**figure)


def first_draw_figures(env: dict[str, str], scratch: str, runs: int) -> None:
    """Each game's scene made and drawn once in a new process (`bench-child first-draw`), its
    sprites read from the disk cache (filled by a warm-up), beside the same with an empty
    cache (everything painted), run alternately."""
    def first_draw(key: str, folder: str) -> float:
        out = run_child(["bench-child", "first-draw", key], dict(env, PARLOUR_DATA_DIR=folder))[0]
        cpu_ms: float = json.loads(out.splitlines()[-1])["cpu_ms"]
        return cpu_ms
    kept = os.path.join(scratch, "first-draw")
    for info in registry.launcher_games():
        first_draw(info.key, kept)                    # the warm-up fills the disk cache
        painted, read = [], []
        for run in range(runs):
            painted.append(first_draw(info.key, os.path.join(scratch, f"empty-{run}")))
            read.append(first_draw(info.key, kept))
        ratios = [r / p for p, r in zip(painted, read)]
        emit(figure=f"first draw: {info.key}, sprites read from the disk cache",
             **spread(read, "cpu_ms", 1),
             baseline="the same with an empty disk cache (every sprite painted), just before",
             baseline_cpu_ms=round(statistics.median(painted), 1),
             ratio=round(statistics.median(ratios), 2),
             p10_ratio=round(percentile(ratios, 0.1), 2),
             p90_ratio=round(percentile(ratios, 0.9), 2))


# --- each game's own cases -----------------------------------------------------------------------
def case_figure(key: str, case: dict[str, Any], samples: list[float]) -> Figure:
    """One game case's line: the spread of its samples, its target, the reference beside it."""
    median = statistics.median(samples)
    figure = {"game": key, "figure": case["name"], **spread(samples, "cpu_ms")}
    if case.get("target_ms") is not None:
        figure["target_ms"] = case["target_ms"]
        figure["ok"] = median <= case["target_ms"]
    if case.get("reference"):
        figure["reference"] = case["reference"]   # measured elsewhere: beside, not divided
    if case.get("memory_mb") is not None:
        figure["memory_mb"] = case["memory_mb"]
    if case.get("tail") is not None:    # a case that promises its worst cases as well
        name = f"p{round(case['tail'] * 100)}_cpu_ms"
        figure[name] = round(percentile(samples, case["tail"]), 3)
        figure["max_cpu_ms"] = round(max(samples), 3)
    return figure


def game_figures(quick: bool) -> None:
    for game in registry.collection():
        if game.bench is None:
            continue
        key = game.key
        for case in game.bench().cases():
            count = max(5, case["count"] // 5) if quick else case["count"]
            emit(**case_figure(key, case, cpu_timed(case["run"], count)))


def screen_opening(app: App, make: Callable[[str], Scene],
                   keys: list[str]) -> Callable[[int], None]:
    """The i-th opening of a screen as a player meets it: rendered text and fitted words
    forgotten, the screen made for keys[i] (round and round) and its first frame drawn."""
    from games.core.loop import assets
    from games.core.screens import ui

    def run(i: int) -> None:
        assets.text.cache_clear()
        ui.forget_fits()
        app.stack = [make(keys[i % len(keys)])]
        app.mark_dirty()
        app.frame(1 / 60)
    return run


# --- the history of finished games ---------------------------------------------------------------
HISTORY_GAMES = 10_000
STATS_TARGET_MS, RECORD_TARGET_MS = 50.0, 5.0


def history_figures(quick: bool) -> None:
    """With HISTORY_GAMES finished games in the history: opening each statistics screen (its
    queries and its first frame, rendered text caches emptied first) against opening the
    game's setup screen the same way; recording one more game against writing settings.json
    (both a durable write of one small thing)."""
    from games.core.cli.sample_history import fill
    from games.core.data import history_queries, schema
    from games.core.loop.app import App
    from games.core.screens.menus import SetupScene
    from games.core.screens.stats import StatsScene
    app = App(windowed=False)
    fill(app.store.history(), HISTORY_GAMES, seed=1)

    def opening(make: Callable[[str], Scene], keys: list[str]) -> Callable[[int], None]:
        return screen_opening(app, make, keys)
    opening(lambda key: StatsScene(app, key), [""])(0)      # warm-up: imports, fonts
    for name, keys in (("a game's", list(registry.KEYS)), ("the collection's", [""])):
        count = len(keys) * (2 if quick else 6) if keys != [""] else (5 if quick else 20)
        base = cpu_timed(opening(lambda key: SetupScene(app, key or registry.BENCH_GAME), keys),
                         count)
        ours = cpu_timed(opening(lambda key: StatsScene(app, key), keys), count)
        emit(figure=f"{name} statistics screen opened with {HISTORY_GAMES:,} games in the "
             "history (its queries and first frame)", **spread(ours, "cpu_ms"),
             baseline="a setup screen opened the same way",
             baseline_cpu_ms=round(statistics.median(base), 3),
             ratio=round(statistics.median(ours) / statistics.median(base), 2),
             target_ms=STATS_TARGET_MS, ok=statistics.median(ours) <= STATS_TARGET_MS)
    app.quit()
    shared = app.store.history()
    newest = history_queries.games(shared, most=1)[0]
    settings = dict(schema.DEFAULT_SETTINGS)
    count = 50 if quick else 300
    base = cpu_timed(lambda i: app.store.save_settings(settings), count)
    ours = cpu_timed(lambda i: shared.record(newest), count)
    emit(figure=f"recording a finished game into {HISTORY_GAMES:,}", **spread(ours, "cpu_ms"),
         baseline="writing settings.json (atomic, fsync)",
         baseline_cpu_ms=round(statistics.median(base), 3),
         ratio=round(statistics.median(ours) / statistics.median(base), 2),
         target_ms=RECORD_TARGET_MS, ok=statistics.median(ours) <= RECORD_TARGET_MS)


RULES_RATIO = 1.5


def rules_figures(quick: bool) -> None:
    """Opening each game's rules screen (its text laid out and its first frame; the pictures
    wait for the frames after it) against opening its setup screen the same way; then the
    pictures themselves, painted afresh, one a frame: each frame's painting."""
    from games.core.kit import registry
    from games.core.loop.app import App
    from games.core.screens import diagrams
    from games.core.screens.menus import SetupScene
    from games.core.screens.overlays import HelpScene
    app = App(windowed=False)
    keys = list(registry.KEYS)

    def opening(make: Callable[[str], Scene]) -> Callable[[int], None]:
        return screen_opening(app, make, keys)
    for i in range(len(keys)):                               # warm-up: imports, fonts
        opening(lambda key: HelpScene(app, key))(i)
    count = len(keys) * (2 if quick else 6)
    base = cpu_timed(opening(lambda key: SetupScene(app, key)), count)
    ours = cpu_timed(opening(lambda key: HelpScene(app, key)), count)
    ratio = statistics.median(ours) / statistics.median(base)
    emit(figure="a rules screen opened (its text laid out and its first frame)",
         **spread(ours, "cpu_ms"), baseline="a setup screen opened the same way",
         baseline_cpu_ms=round(statistics.median(base), 3), ratio=round(ratio, 2),
         target=f"within {RULES_RATIO}x", ok=ratio <= RULES_RATIO)
    painting: list[float] = []
    for key in keys * (1 if quick else 3):
        diagrams.PAINTED.clear()
        rules = HelpScene(app, key)
        app.stack = [rules]
        app.frame(1 / 60)
        while rules.page.pending:
            start = time.process_time()
            app.frame(1 / 60)
            painting.append((time.process_time() - start) * 1000)
    emit(figure="a rules picture painted (a frame of the rules screen painting one, afresh)",
         **spread(painting, "cpu_ms"))
    app.quit()


def run_bench(args: argparse.Namespace) -> None:
    sys.dont_write_bytecode = True        # no .pyc files in the source tree from here on
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as scratch:
        # Always a folder of its own: the bench records 10,000 made-up games and plays
        # scenes, which must never reach a player's history (nor pile up over runs).
        os.environ["PARLOUR_DATA_DIR"] = os.path.join(scratch, "data")
        env = child_env(scratch)
        rest_figures(env, args.quick)
        frame_figures(60 if args.quick else FRAMES)
        first_frame_figures(env, scratch, 3 if args.quick else 9)
        first_draw_figures(env, scratch, 3 if args.quick else 7)
        history_figures(args.quick)
        rules_figures(args.quick)
        from games.core.cli.bench_net import netplay_figures
        netplay_figures(args.quick)
        game_figures(args.quick)
