"""The boundaries of DESIGN.md: pure game logic, pygame-ce only, a light first-frame path."""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PURE = sorted(os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
              for name in ("rules", "solver", "ai", "clues", "gen", "teaching", "oracle", "tables",
                           "grader", "search", "endgame")
              for p in glob.glob(os.path.join(ROOT, "games", "*", f"{name}.py")))
FORBIDDEN = ("pygame", "time", "datetime", "os", "io", "socket", "threading", "subprocess")


def test_pure_modules_exist():
    assert "games.deductile.rules" in PURE and "games.deductile.clues" in PURE


def test_pure_modules_import_no_pygame_clock_or_io():
    """Checked in a fresh interpreter, so nothing imported by the tests can hide an import."""
    code = ("import sys, json, importlib\n"
            "import numpy  # allowed in solvers; what numpy itself loads is not the game's doing\n"
            f"before = set(sys.modules)\n"
            f"for name in {PURE!r}: importlib.import_module(name)\n"
            "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    loaded = json.loads(out)
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"pure modules pulled in {bad}"


def test_pure_modules_use_no_global_random():
    for name in PURE:
        source = open(os.path.join(ROOT, *name.split(".")) + ".py").read()
        for call in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(",
                     "random.randrange(", "random.seed(", "random.sample("):
            assert call not in source, f"{name} uses the global RNG ({call})"


def test_pygame_is_pygame_ce():
    import pygame
    assert getattr(pygame, "IS_CE", False), "classic pygame is installed instead of pygame-ce"


def test_launcher_path_imports_neither_numpy_nor_any_game():
    code = ("import os, sys\nos.environ['SDL_VIDEODRIVER']='dummy'\n"
            "os.environ['PARLOUR_DATA_DIR']=sys.argv[1]\n"
            "from games.core.app import App\nfrom games.core.screens import LauncherScene\n"
            "app = App(windowed=True)\napp.push(LauncherScene(app))\napp.frame(0.0)\n"
            "print('numpy' in sys.modules, sorted(m for m in sys.modules if m.endswith('.scene')))\n")
    out = subprocess.run([sys.executable, "-c", code, os.environ["PARLOUR_DATA_DIR"]], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip().splitlines()
    numpy_loaded, scenes = out[-1].split(" ", 1)
    assert numpy_loaded == "False"
    assert scenes == "[]", "the launcher shows the shipped pictures, importing no game scene"
