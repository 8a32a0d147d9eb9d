"""Check both packaged builds the way a player would meet them: headless, from dist/.

    python tools/check_dist.py [--build] [--rounds N]

--build runs `python3 dev.py dist` first. Then:
- the one-folder build (dist/parlour/parlour) runs every game's demo, generate and selfplay,
  solve for the puzzles, analyse for the two-player games, bench and a bad command; each
  deterministic output (demo: its JSON line; the screenshot must be a real screen) must be
  byte-identical to running from source, which also shows that no module the trims in
  parlour.spec left out is needed; every bundled file must have a licence (LICENSES/README.txt);
  a demo played to its end is recorded in the history (SQLite, frozen) and `stats` and `daily`
  print the same frozen as from source;
- the one-file build (dist/parlour-onefile) runs Poggle's demo, generate and solve; killed with
  SIGKILL, its child must end too, and the folder it leaves is removed by the next start;
- both builds' sizes (counted like `du -sb`: symlinks not followed, each inode once) must be
  within the targets, and their time to the first launcher frame (whole process, CPU and wall,
  median and quartiles of N interleaved rounds) is compared with running from source.
Prints the figures as JSON lines and exits 1 on the first failure. Uses PARLOUR_DATA_DIR when
it is set (else a temporary data folder) and removes every temporary folder it made.
"""
from __future__ import annotations

import fnmatch
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import NoReturn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PYTHON = os.path.join(ROOT, ".venv", "Scripts" if os.name == "nt" else "bin",
                           "python.exe" if os.name == "nt" else "python")
FOLDER_EXE = os.path.join(ROOT, "dist", "parlour", "parlour")
ONEFILE_EXE = os.path.join(ROOT, "dist", "parlour-onefile")
GAMES = ("deductile", "kenken", "ishido", "poggle", "mu_torere", "kono", "nim")
PUZZLES = ("deductile", "kenken", "poggle")
TWO_PLAYER = {"mu_torere": "BBBBWWWW.:B", "kono": "BBBBBBBBWWWWWWWW:B", "nim": "3,4,5:misere"}
FOLDER_MB, ONEFILE_MB = 75, 28          # size targets (issue 17), in units of 10**6 bytes
# Game data shipped on top of the targets, which were set for code and libraries before it
# came: the solved Four Field Kono (issue 14), already compressed with lzma, so it adds its
# whole size to both builds.
GAME_DATA = (os.path.join(ROOT, "games", "kono", "solution.xz"),)
FIRST_FRAME_TARGET = 1.5                # one-folder build against running from source


def fail(message: str) -> NoReturn:
    print(f"check_dist: {message}", file=sys.stderr)
    sys.exit(1)


def ensure_project_python() -> None:
    """The source runs need pygame: use the project's environment (dev.py's .venv)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
        return
    except ImportError:
        pass
    if os.path.exists(VENV_PYTHON) \
            and os.path.realpath(sys.executable) != os.path.realpath(VENV_PYTHON):
        print(f"check_dist: {sys.executable} has no pygame; running under {VENV_PYTHON}",
              file=sys.stderr, flush=True)
        os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])
    fail(f"{sys.executable} has no pygame and there is no project environment at {VENV_PYTHON}; "
         "create it with `python3 dev.py test` (or `python3 dev.py dist`) first")


def run(command, env, expect=0):
    """Run to the end; `expect` is the exit status required (None: any)."""
    try:
        result = subprocess.run(command, env=env, capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        fail(f"{' '.join(command)} did not finish in 300 s")
    if expect is not None and result.returncode != expect:
        fail(f"{' '.join(command)} exited {result.returncode}, not {expect}:\n"
             f"{result.stderr.decode(errors='replace')[-2000:]}")
    return result


def true_size(path: str) -> int:
    """Bytes as `du -sb` counts them: every entry's apparent size, symlinks as links (never
    followed), a file with several hard links once."""
    seen, total = set(), 0

    def count(entry: str) -> None:
        nonlocal total
        info = os.lstat(entry)
        if (info.st_dev, info.st_ino) not in seen:
            seen.add((info.st_dev, info.st_ino))
            total += info.st_size

    count(path)
    for top, folders, files in os.walk(path):     # os.walk does not descend into symlinks
        for name in folders + files:
            count(os.path.join(top, name))
    return total


LICENCE_INDEX = os.path.join(ROOT, "LICENSES", "README.txt")


def licence_table() -> list[tuple[str, str]]:
    """(pattern, licence file) from the table in LICENSES/README.txt."""
    with open(LICENCE_INDEX, encoding="utf-8") as f:
        lines = f.read().partition("\n# pattern")[2].splitlines()[1:]
    return [(line.split()[0], line.split()[1]) for line in lines if line.strip()]


def unlicensed(paths) -> list[str]:
    """The paths (inside the bundle, with / between folders) that no line of the table covers."""
    patterns = [pattern for pattern, _ in licence_table()]
    return [path for path in paths if not any(fnmatch.fnmatchcase(path, p) for p in patterns)]


def bundle_paths(folder: str) -> list[str]:
    inside = os.path.join(folder, "_internal")
    paths = [name for name in os.listdir(folder) if name != "_internal"]
    for top, folders, files in os.walk(inside):
        for name in folders + files:
            entry = os.path.join(top, name)
            if os.path.isfile(entry) or os.path.islink(entry):
                paths.append(os.path.relpath(entry, inside).replace(os.sep, "/"))
    return paths


def check_licences(folder: str) -> int:
    missing = unlicensed(bundle_paths(folder))
    if missing:
        fail(f"no licence in LICENSES/README.txt covers {missing[:10]}")
    shipped = os.listdir(os.path.join(folder, "_internal", "LICENSES"))
    absent = {name for _, name in licence_table()} - set(shipped)
    if absent:
        fail(f"licence files missing from the bundle: {sorted(absent)}")
    return len(shipped)


def compare_with_source(exe: str, env: dict, scratch: str, games=GAMES, full=True) -> int:
    """Run deterministic commands frozen and from source; outputs must match byte for byte."""
    source = [sys.executable, os.path.join(ROOT, "main.py")]
    commands = []
    for game in games:
        commands.append((["demo", game, "--frames", "240", "--every", "30", "--screenshot"], game))
        commands.append((["generate", game, "--seed", "3", "--count", "2"], None))
        if full:   # a game without a computer player says so (exit 2), the same both ways
            commands.append((["selfplay", game, "--seed", "5"], None))
        if full and game in TWO_PLAYER:
            commands.append((["analyse", game, TWO_PLAYER[game]], None))
    for arguments, shot_name in commands:
        outputs = []
        for who, command in (("frozen", [exe]), ("source", source)):
            shot = [os.path.join(scratch, f"{shot_name}-{who}.png")] if shot_name else []
            expect = None if arguments[0] == "selfplay" else 0
            result = run(command + arguments + shot, env, expect)
            output = result.stdout
            if result.returncode:   # its one-line message, and the status
                output += result.stderr.strip().splitlines()[-1] + str(result.returncode).encode()
            if shot_name:
                # The picture itself depends on how far the computer's background thread got
                # by the last frame (also between two runs from source), so it is only checked
                # to be a real screen; the demo's JSON line must match.
                if os.path.getsize(shot[0]) < 20000:
                    fail(f"{os.path.basename(exe)} {' '.join(arguments)} did not draw a screen")
                output = output.replace(shot[0].encode(), b"SCREENSHOT")
            outputs.append(output)
        if outputs[0] != outputs[1]:
            fail(f"{os.path.basename(exe)} {' '.join(arguments)}: output differs from source:\n"
                 f"{outputs[0][-500:]!r}\n{outputs[1][-500:]!r}")
        if arguments[0] == "generate" and arguments[1] in PUZZLES:
            for line in outputs[0].decode().splitlines():
                puzzle = json.loads(line)
                solve = ["solve", arguments[1], puzzle["id"]]
                solved = run([exe, *solve], env).stdout
                if solved != run(source + solve, env).stdout:
                    fail(f"{os.path.basename(exe)} {' '.join(solve)}: output differs from source")
                if json.loads(solved)["solution"] != puzzle["solution"]:
                    fail(f"solve {arguments[1]} disagrees with generate")
    return len(commands)


def check_history(exe: str, env: dict, scratch: str) -> dict:
    """The history works frozen: in a new data folder, a demo played to its end is recorded
    (SQLite's library is in the bundle), `stats` reads it the same frozen and from source, and
    `daily` gives the same IDs."""
    source = [sys.executable, os.path.join(ROOT, "main.py")]
    env = dict(env, PARLOUR_DATA_DIR=os.path.join(scratch, "history-data"))
    run([exe, "demo", "poggle", "--frames", "900", "--every", "4", "--screenshot",
         os.path.join(scratch, "history.png")], env)
    frozen, from_source = (run(command + ["stats", "poggle"], env).stdout
                           for command in ([exe], source))
    played = json.loads(frozen)["played"]
    if not played or frozen != from_source:
        fail(f"the frozen history: {played} games recorded; stats frozen {frozen[:200]!r}, "
             f"from source {from_source[:200]!r}")
    for game in ("deductile", "kenken", "ishido", "poggle"):
        daily = ["daily", game, "--date", "2026-01-01"]
        if run([exe, *daily], env).stdout != run(source + daily, env).stdout:
            fail(f"{' '.join(daily)}: the frozen build's ID differs from source")
    return {"history_games_recorded_frozen": played}


def check_folder_build(env: dict, scratch: str) -> dict:
    licences = check_licences(os.path.dirname(FOLDER_EXE))
    history = check_history(FOLDER_EXE, env, scratch)
    compared = compare_with_source(FOLDER_EXE, env, scratch)
    bad = run([FOLDER_EXE, "solve", "kenken", "nonsense"], env, expect=2)
    if len(bad.stderr.strip().splitlines()) != 1:
        fail("a bad command should print one line")
    figures = [json.loads(line) for line in run([FOLDER_EXE, "bench", "--quick"],
                                                env).stdout.splitlines()]
    if not figures:
        fail("bench printed nothing")
    return {"outputs_identical_to_source": compared, "bench_figures": len(figures),
            "licence_files": licences, **history}


def child_of(parent: int) -> int | None:
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                return int(name)
    return None


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def check_onefile_orphans(env: dict, scratch: str) -> dict:
    """SIGKILL the one-file parent mid-game: its child must end, and the next start must remove
    the unpacked folder the dead pair left behind."""
    temp = os.path.join(scratch, "onefile-tmp")
    os.mkdir(temp)
    env = dict(env, TMPDIR=temp)
    parent = subprocess.Popen([ONEFILE_EXE, "demo", "nim", "--frames", "100000"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        unpacked = lambda: [n for n in os.listdir(temp) if n.startswith("_MEI")]  # noqa: E731
        locked = lambda: any(os.path.exists(os.path.join(temp, n, "parlour-running.lock"))  # noqa: E731
                             for n in unpacked())
        if not wait_until(lambda: locked() and child_of(parent.pid), 60):
            fail("the one-file build did not start its game process")
        child = child_of(parent.pid)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        if child is None:
            fail("the one-file build's game process went missing")
        if not wait_until(lambda: not alive(child), 10):
            os.kill(child, signal.SIGKILL)
            fail("after SIGKILL of the one-file parent, its child kept running")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
    left = unpacked()
    run([ONEFILE_EXE, "generate", "nim", "--seed", "1"], env)
    if unpacked():
        fail(f"the next start of the one-file build left {unpacked()} in the temp folder")
    return {"child_ended_with_parent": True, "stale_folders_removed": len(left)}


def first_frames(builds: dict, env: dict, rounds: int) -> dict:
    """Whole-process time to open the window and draw the first launcher frame (the hidden
    --first-frame-only switch quits right after it). The builds take turns in every round, so
    a busy moment of the machine falls on all of them; one warm-up round fills the disk cache."""
    wall: dict[str, list[float]] = {name: [] for name in builds}
    cpu: dict[str, list[float]] = {name: [] for name in builds}
    for round_number in range(rounds + 1):
        for name, command in builds.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            run(command + ["--first-frame-only"], env)
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round_number:
                wall[name].append(elapsed * 1000)
                cpu[name].append((after.ru_utime + after.ru_stime
                                  - before.ru_utime - before.ru_stime) * 1000)
    return {name: {"wall_ms": summary(wall[name]), "cpu_ms": summary(cpu[name])} for name in builds}


def summary(values: list[float]) -> dict:
    values = sorted(values)
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"median": round(statistics.median(values)), "q1": round(quartiles[0]),
            "q3": round(quartiles[2]), "min": round(values[0]), "max": round(values[-1])}


def main() -> int:
    args = sys.argv[1:]
    rounds = 9
    if "--rounds" in args:
        at = args.index("--rounds")
        try:
            rounds = int(args[at + 1])
        except (IndexError, ValueError):
            fail("--rounds needs a whole number")
        if not 1 <= rounds <= 100:
            fail("--rounds must be between 1 and 100")
        del args[at:at + 2]
    build = "--build" in args
    if build:
        args.remove("--build")
    if args:
        fail(f"unknown arguments {args}; usage: check_dist.py [--build] [--rounds N]")
    ensure_project_python()
    if build and subprocess.call([sys.executable, os.path.join(ROOT, "dev.py"), "dist"], cwd=ROOT):
        fail("the build failed")
    for exe in (FOLDER_EXE, ONEFILE_EXE):
        if not os.path.exists(exe):
            fail(f"no executable at {exe}; run python3 dev.py dist")

    scratch = tempfile.mkdtemp(prefix="parlour-dist-")
    try:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env.pop("PYTHONDONTWRITEBYTECODE", None)   # a player's install keeps its bytecode
        env["TMPDIR"] = os.path.join(scratch, "tmp")    # whatever the runs leave there goes too
        os.mkdir(env["TMPDIR"])
        if not env.get("PARLOUR_DATA_DIR"):
            env["PARLOUR_DATA_DIR"] = os.path.join(scratch, "data")
        report = {"folder": check_folder_build(env, scratch)}
        report["onefile"] = {"outputs_identical_to_source": compare_with_source(
            ONEFILE_EXE, env, scratch, games=("poggle",), full=False),
            **check_onefile_orphans(env, scratch)}
        for name, exe, target in (("folder", os.path.dirname(FOLDER_EXE), FOLDER_MB),
                                  ("onefile", ONEFILE_EXE, ONEFILE_MB)):
            size = true_size(exe)
            data = sum(os.path.getsize(path) for path in GAME_DATA)
            report[name].update(bytes=size, mb=round(size / 1e6, 1), game_data_mb=round(
                data / 1e6, 1), target_mb=f"{target} + game data")
            print(json.dumps({"build": name, **report[name]}), flush=True)
            if size - data > target * 1e6:
                fail(f"the {name} build is {size / 1e6:.1f} MB, {(size - data) / 1e6:.1f} MB "
                     f"without its game data: over its {target} MB target")
        times = first_frames({"source": [sys.executable, os.path.join(ROOT, "main.py")],
                              "folder": [FOLDER_EXE], "onefile": [ONEFILE_EXE]}, env, rounds)
        base = times["source"]
        for name, figures in times.items():
            # The ratio in CPU time (steady on a busy machine); wall time as the player waits.
            ratio = round(figures["cpu_ms"]["median"] / base["cpu_ms"]["median"], 2)
            line = {"figure": "first launcher frame, whole process", "build": name,
                    "rounds": rounds,
                    **figures, "cpu_ratio_to_source": ratio,
                    "wall_ratio_to_source": round(figures["wall_ms"]["median"]
                                                  / base["wall_ms"]["median"], 2)}
            if name == "folder":
                line.update(target=f"within {FIRST_FRAME_TARGET}x", ok=ratio <= FIRST_FRAME_TARGET)
            print(json.dumps(line), flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
