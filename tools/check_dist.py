"""Check the packaged build the way a player would meet it: headless, from dist/.

    python tools/check_dist.py [--build] [EXECUTABLE]

--build runs `python3 dev.py dist` first. Then the one-folder executable (default
dist/parlour/parlour) runs `demo` for every game with a screenshot, `generate` and `solve` for
the puzzles, `analyse` for a two-player game, and a bad command (exit 2, one line). Last, it
prints the build's size and its time to the first launcher frame against running from source,
as one JSON line. Exits 1 on the first failure.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("deductile", "kenken", "ishido", "poggle", "mu_torere", "kono", "nim")
PUZZLES = ("deductile", "kenken", "poggle")


def fail(message: str) -> None:
    print(f"check_dist: {message}", file=sys.stderr)
    sys.exit(1)


def run(command, env, expect=0):
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    if result.returncode != expect:
        fail(f"{' '.join(command)} exited {result.returncode}, not {expect}:\n{result.stderr[-2000:]}")
    return result


def folder_size(path: str) -> int:
    return sum(os.path.getsize(os.path.join(top, name))
               for top, _, names in os.walk(path) for name in names)


def first_frame_ms(command, env, runs=5) -> float:
    """Whole-process time to open the window and draw the first launcher frame (the
    hidden --first-frame-only switch of the launcher quits right after it)."""
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        run(command, env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[1:])     # the first run warms the disk cache


def main() -> int:
    args = sys.argv[1:]
    if "--build" in args:
        args.remove("--build")
        built = subprocess.call([sys.executable, os.path.join(ROOT, "dev.py"), "dist"], cwd=ROOT)
        if built != 0:
            fail("the build failed")
    exe = args[0] if args else os.path.join(ROOT, "dist", "parlour", "parlour")
    if not os.path.exists(exe):
        fail(f"no executable at {exe}; run python3 dev.py dist")
    scratch = tempfile.mkdtemp(prefix="parlour-dist-")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PARLOUR_DATA_DIR=os.path.join(scratch, "data"))
    for game in GAMES:
        shot = os.path.join(scratch, f"{game}.png")
        line = run([exe, "demo", game, "--frames", "240", "--every", "30",
                    "--screenshot", shot], env).stdout.strip().splitlines()[-1]
        if json.loads(line)["game"] != game or os.path.getsize(shot) < 20000:
            fail(f"the demo of {game} did not draw a screen")
    for game in PUZZLES:
        puzzle = json.loads(run([exe, "generate", game, "--seed", "3"], env).stdout)
        solved = json.loads(run([exe, "solve", game, puzzle["id"]], env).stdout)
        if solved["solution"] != puzzle["solution"]:
            fail(f"solve {game} disagrees with generate")
    analysis = json.loads(run([exe, "analyse", "mu_torere", "BBBBWWWW.:B"], env).stdout)
    if analysis["value"] != "draw":
        fail("the packaged Mu Torere solver does not find the start a draw")
    bad = run([exe, "solve", "kenken", "nonsense"], env, expect=2)
    if len(bad.stderr.strip().splitlines()) != 1:
        fail("a bad command should print one line")
    frozen = first_frame_ms([exe, "--first-frame-only"], env)
    source = first_frame_ms([sys.executable, os.path.join(ROOT, "main.py"),
                             "--first-frame-only"], dict(env, PYTHONDONTWRITEBYTECODE=""))
    print(json.dumps({"games_demoed": len(GAMES), "puzzles_solved": len(PUZZLES),
                      "folder_mb": round(folder_size(os.path.dirname(exe)) / 2 ** 20, 1),
                      "first_frame_frozen_ms": round(frozen), "first_frame_source_ms": round(source),
                      "ratio": round(frozen / source, 2), "target": "within 1.5x",
                      "ok": frozen / source <= 1.5}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
