"""bench's machinery (not its figures: those are measured by `python main.py bench`): its child
programs run as this same program, leave no bytecode in the tree, reject bad arguments, and
report a scene at rest as drawing nothing; game cases print references, never ratios to them."""
import importlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from games.core.cli import bench
from games.core.kit import registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASE_KEYS = {"name", "run", "count", "target_ms", "reference", "memory_mb", "tail"}


def child(args, cwd=ROOT, **env):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    return subprocess.run([sys.executable, os.path.join(cwd, "main.py"), "bench-child", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_children_are_this_same_program_frozen_or_not(monkeypatch):
    assert bench.own_command("x") == [sys.executable, os.path.join(ROOT, "main.py"), "x"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/parlour/parlour")
    assert bench.own_command("bench-child", "bare-frame") == \
        ["/opt/parlour/parlour", "bench-child", "bare-frame"]


def test_a_scene_at_rest_in_the_real_loop_draws_nothing(data_dir):
    done = child(["rest", "0.05", "3", "launcher", "nim", "rules"],
                 PARLOUR_DATA_DIR=str(data_dir))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["scene"] for line in lines] == ["launcher", "nim", "rules"]
    for line in lines:
        assert len(line["samples"]) == 3 and all(s >= 0 for s in line["samples"])
        assert line["draws"] == 0, f"{line['scene']} drew while nothing happened"


@pytest.mark.parametrize("args", [[], ["nonsense"], ["waiting", "1"], ["ticking", "1"],
                                  ["waiting", "0", "3"], ["waiting", "nan", "3"],
                                  ["waiting", "1", "-2"],
                                  ["rest", "0.1", "2", "chess"], ["bare-frame", "extra"]])
def test_bad_child_arguments_get_one_line_and_exit_2(args):
    done = child(args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "parlour:" in done.stderr


def test_children_write_no_bytecode_into_the_tree(tmp_path, data_dir):
    for part in ("main.py", "games", "fonts", "sounds", "sprites"):
        source = os.path.join(ROOT, part)
        if os.path.isdir(source):
            shutil.copytree(source, tmp_path / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(source, tmp_path / part)
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    for args in (["bare-frame"], ["rest", "0.02", "1", "launcher"]):
        done = subprocess.run([sys.executable, "main.py", "bench-child", *args], cwd=tmp_path,
                              env=dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                                       PARLOUR_DATA_DIR=str(data_dir)),
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    assert not list(tmp_path.rglob("__pycache__")) and not list(tmp_path.rglob("*.pyc"))


def test_game_cases_give_references_not_ratios():
    references = 0
    for key in registry.KEYS:
        for case in importlib.import_module(f"games.{key}.bench").cases():
            assert set(case) <= CASE_KEYS, f"{key}: {sorted(set(case) - CASE_KEYS)}"
            reference = case.get("reference")
            if reference:
                references += 1
                assert reference["median_ms"] > 0 and reference["date"] and reference["source"]
    assert references, "Keen's figures are printed beside ours"


def test_a_case_with_a_tail_prints_its_worst_cases_beside_the_median():
    samples = [float(n) for n in range(1, 101)]
    figure = bench.case_figure("kenken", {"name": "x", "count": 100, "target_ms": 40.0,
                                          "tail": 0.99}, samples)
    assert figure["median_cpu_ms"] == 50.5 and figure["ok"] is False
    assert figure["p99_cpu_ms"] == 99.0 and figure["max_cpu_ms"] == 100.0
    assert "p99_cpu_ms" not in bench.case_figure("kenken", {"name": "x", "count": 100}, samples)


def test_spread_names_the_count_and_the_p10_p90_range():
    figure = bench.spread([5, 1, 4, 2, 3, 9, 7, 8, 6, 10], "cpu_ms")
    assert figure == {"median_cpu_ms": 5.5, "samples": 10, "p10_cpu_ms": 2, "p90_cpu_ms": 9}


@pytest.mark.parametrize("args", [[], ["-"], ["play", "nim", "--seed", "3"]])
def test_first_frame_child_reads_the_cpu_clock_at_the_first_frame_and_ends(args, data_dir):
    done = child(["first-frame", *args], PARLOUR_DATA_DIR=str(data_dir))
    assert done.returncode == 0, done.stderr
    cpu_ms = json.loads(done.stdout.splitlines()[-1])["cpu_ms"]
    assert 0 < cpu_ms < 60_000


def test_first_frame_child_runs_the_demo_whole_and_its_screenshot_is_written(tmp_path,
                                                                              data_dir):
    import pygame
    shot = tmp_path / "first.png"
    done = child(["first-frame", "demo", "nim", "--frames", "1", "--screenshot", str(shot)],
                 PARLOUR_DATA_DIR=str(data_dir))
    assert done.returncode == 0, done.stderr
    demo_line, timing = done.stdout.splitlines()
    assert json.loads(demo_line)["screenshot"] == str(shot)
    assert json.loads(timing)["cpu_ms"] > 0
    assert pygame.image.load(str(shot)).get_size() == (1920, 1080)


@pytest.mark.parametrize("args", [["demo", "chess"], ["play", "--nonsense"],
                                  ["bench-child", "bare-frame"]])
def test_first_frame_child_refuses_what_shows_no_frame(args, data_dir):
    done = child(["first-frame", *args], PARLOUR_DATA_DIR=str(data_dir))
    assert done.returncode == 2 and "cpu_ms" not in done.stdout


def test_first_draw_child_paints_then_reads_the_disk_cache(data_dir):
    """The first run paints Mu Torere's sprites and keeps them; the next reads them and
    writes nothing; an unknown game is refused."""
    done = child(["first-draw", "mu_torere"], PARLOUR_DATA_DIR=str(data_dir))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["cpu_ms"] > 0
    kept = {path: os.path.getmtime(path) for path in (data_dir / "sprites").iterdir()}
    assert kept
    again = child(["first-draw", "mu_torere"], PARLOUR_DATA_DIR=str(data_dir))
    assert again.returncode == 0, again.stderr
    assert {path: os.path.getmtime(path) for path in (data_dir / "sprites").iterdir()} == kept
    refused = child(["first-draw", "chess"], PARLOUR_DATA_DIR=str(data_dir))
    assert refused.returncode == 2 and "no game called chess" in refused.stderr


def test_the_bench_never_writes_into_the_players_data_folder(monkeypatch, tmp_path):
    """Whatever PARLOUR_DATA_DIR says, every figure runs in the bench's own scratch folder
    (its 10,000 made-up games must not reach a player's history), gone when it ends."""
    player = tmp_path / "player"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(player))
    seen = []
    for name in ("rest_figures", "frame_figures", "first_frame_figures", "first_draw_figures",
                 "history_figures", "rules_figures", "game_figures"):
        monkeypatch.setattr(bench, name, lambda *args: seen.append(os.environ["PARLOUR_DATA_DIR"]))
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)
    bench.run_bench(type("Args", (), {"quick": True})())
    assert len(seen) == 7 and len(set(seen)) == 1
    assert os.path.commonpath([seen[0], str(player)]) != str(player)
    assert not os.path.exists(seen[0]) and not player.exists()
