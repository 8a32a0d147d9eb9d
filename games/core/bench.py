"""`main.py bench`: performance figures, each beside a baseline measured in the same run.

- frame cost (median, p99) of every scene at 1920x1080 FULLSCREEN|SCALED against a bare pygame
  frame that blits 100 cached tiles;
- time to the first launcher frame against a bare `import pygame; set_mode; flip` process;
- each game's own cases (games/<key>/bench.py: generation, solving, computer moves).
Output: one JSON object per line.
"""
from __future__ import annotations

import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

FRAMES = 240
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def emit(**figure) -> None:
    print(json.dumps(figure), flush=True)


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed(run, count):
    samples = []
    for i in range(count):
        start = time.perf_counter()
        run(i)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def baseline_frames(screen, count):
    import pygame
    tile = pygame.Surface((64, 64)).convert()
    tile.fill((200, 190, 170))
    pygame.draw.circle(tile, (40, 120, 200), (32, 32), 26)

    def frame(i):
        screen.fill((22, 26, 36))
        for k in range(100):
            screen.blit(tile, ((k % 20) * 90 + 20, (k // 20) * 180 + 40 + (i % 8)))
        pygame.display.flip()
    timed(frame, 10)             # warm-up, as for the scenes
    return timed(frame, count)


def scene_frames(app, scene, count):
    app.stack, app.running = [scene], True
    for _ in range(10):          # warm the caches, as a player's first second does
        app.frame(1 / 60)
    return timed(lambda i: app.frame(1 / 60), count)


def frame_figures(frames: int) -> None:
    from games.core import registry
    from games.core.app import App
    from games.core.launch import scene_module
    from games.core.screens import LauncherScene
    from games.core.session import Session
    app = App(windowed=False)
    base = baseline_frames(app.screen, frames)
    base_median, base_p99 = statistics.median(base), percentile(base, 0.99)
    emit(figure="baseline frame: 100 cached tiles", median_ms=round(base_median, 3),
         p99_ms=round(base_p99, 3))
    scenes = [("launcher", LauncherScene(app))]
    for info in registry.launcher_games():
        session = Session.new(info.key, None, seed=7)
        scene = scene_module(info.key).SCENE(app, session)
        scene.bench_pose()
        scenes.append((info.key, scene))
    for name, scene in scenes:
        samples = scene_frames(app, scene, frames)
        median, p99 = statistics.median(samples), percentile(samples, 0.99)
        emit(figure=f"frame cost: {name}", median_ms=round(median, 3), p99_ms=round(p99, 3),
             ratio_median=round(median / base_median, 2), ratio_p99=round(p99 / base_p99, 2),
             target="within 2x", ok=median / base_median <= 2.0)


def first_frame_figures(runs: int) -> None:
    bare = ("import time,sys; t=time.perf_counter(); import os;"
            "os.environ['PYGAME_HIDE_SUPPORT_PROMPT']='1'; import pygame;"
            "pygame.display.init(); s=pygame.display.set_mode((1920,1080),"
            "pygame.FULLSCREEN|pygame.SCALED); pygame.display.flip()")
    ours = ("import time,sys; t=time.perf_counter(); import os;"
            "os.environ['PYGAME_HIDE_SUPPORT_PROMPT']='1';"
            "from games.core.app import App; from games.core.screens import LauncherScene;"
            "app=App(windowed=False); app.push(LauncherScene(app)); app.frame(0.0)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PARLOUR_DATA_DIR=tempfile.mkdtemp(prefix="parlour-bench-"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # a player's install keeps its bytecode

    def wall(code):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return (time.perf_counter() - start) * 1000
    wall(ours), wall(bare)                                      # warm-up: bytecode, disk cache
    pairs = [(wall(ours), wall(bare)) for _ in range(runs)]   # interleaved against drift
    ours_ms = statistics.median(p[0] for p in pairs)
    bare_ms = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    emit(figure="time to first launcher frame (whole process)", median_ms=round(ours_ms, 1),
         baseline="bare pygame set_mode+flip process", baseline_ms=round(bare_ms, 1),
         ratio=round(ratio, 2), target="within 1.5x", ok=ratio <= 1.5)


def game_figures(quick: bool) -> None:
    from games.core import registry
    for key in registry.KEYS:
        try:
            module = importlib.import_module(f"games.{key}.bench")
        except ModuleNotFoundError:
            continue
        for case in module.cases():
            count = max(5, case["count"] // 5) if quick else case["count"]
            samples = timed(case["run"], count)
            median, p90 = statistics.median(samples), percentile(samples, 0.9)
            figure = {"game": key, "figure": case["name"], "count": count,
                      "median_ms": round(median, 3),
                      "p90_ms": round(p90, 3)}
            if case.get("peer_ms"):
                figure["peer_ms"] = case["peer_ms"]
                figure["ratio_to_peer"] = round(median / case["peer_ms"], 2)
            if case.get("target_ms") is not None:
                figure["target_ms"] = case["target_ms"]
                figure["ok"] = median <= case["target_ms"]
            emit(**figure)


def run_bench(args) -> None:
    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp(prefix="parlour-bench-"))
    frame_figures(60 if args.quick else FRAMES)
    first_frame_figures(3 if args.quick else 7)
    game_figures(args.quick)
