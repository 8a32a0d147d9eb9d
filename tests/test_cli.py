"""The command-line contract: JSON lines and exit 0; one clear stderr line and exit 2."""
import contextlib
import io
import json
import os
import subprocess
import sys

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.cli.commands import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


def test_generate_and_solve_deductile(capsys):
    code, lines, _ = run(capsys, "generate", "deductile", "--seed", "4", "--count", "3")
    assert code == 0 and len(lines) == 3
    for line in lines:
        assert set(line) == {"game", "id", "params", "puzzle", "solution"}
        assert line["puzzle"]["tiles"] == 4 and len(line["solution"]) == 4
        code, solved, _ = run(capsys, "solve", "deductile", line["id"])
        assert code == 0 and solved[0]["solution"] == line["solution"]
    again = run(capsys, "generate", "deductile", "--seed", "4", "--count", "3")[1]
    assert again == lines, "a seed reproduces the same puzzles"


def test_generate_expert_six_tiles(capsys):
    code, lines, _ = run(capsys, "generate", "deductile", "--difficulty", "expert", "--size", "6",
                         "--seed", "1")
    assert code == 0 and lines[0]["params"] == {"tiles": 6, "difficulty": "expert"}
    assert {t["shape"] for t in lines[0]["solution"]} == {
        "circle", "square", "triangle", "star", "diamond", "hexagon"}


def test_selfplay_deductile_wins(capsys):
    code, lines, _ = run(capsys, "selfplay", "deductile", "--seed", "2", "--count", "2")
    assert code == 0 and [line["outcome"] for line in lines] == ["won", "won"]
    assert lines[0]["moves"][-1] == "g" and lines[0]["score"] == 180


@pytest.mark.parametrize("argv", [
    ["frobnicate"], ["generate"], ["generate", "chess"], ["generate", "deductile", "--size", "9"],
    ["generate", "deductile", "--difficulty", "impossible"], ["generate", "deductile", "--count",
                                                              "0"],
    ["generate", "deductile", "--seed", "x"], ["solve", "deductile", "garbage"],
    ["solve", "deductile", "deductile:tiles=4,difficulty=normal:AaBbCcDd-1a10"],
    ["analyse", "deductile", "x"], ["selfplay", "deductile", "--count", "-1"],
    ["generate", "deductile", "--colours", "3"], ["demo", "chess", "--frames", "1"],
    ["demo", "deductile", "--frames", "0"]])
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code, lines, err = run(capsys, *argv)
    assert code == 2 and lines == []
    assert err.count("\n") == 1 and err.startswith("parlour: ") and "Traceback" not in err


def test_a_real_process_exits_2_with_one_line():
    result = subprocess.run([sys.executable, "main.py", "solve", "deductile", "nope:1:2"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def test_demo_saves_a_screenshot(tmp_path, capsys, monkeypatch):
    """The pictures are the screen as it was at their frames, pixel for pixel."""
    from games.core.cli import demo
    shown = {}
    save = demo.save_picture

    def keep(screen, path):
        shown[path] = pygame.image.tobytes(screen, "RGB")
        save(screen, path)
    monkeypatch.setattr(demo, "save_picture", keep)
    shot = tmp_path / "shot.png"
    code, lines, _ = run(capsys, "demo", "deductile", "--frames", "100", "--every", "20",
                         "--screenshot", str(shot), "--also-at", "30")
    assert code == 0 and shot.stat().st_size > 10000
    assert lines[0]["frames"] == 100
    for path in (str(shot), str(tmp_path / "shot-30.png")):
        picture = pygame.image.load(path)
        assert picture.get_size() == (1920, 1080)
        assert pygame.image.tobytes(picture, "RGB") == shown[path]
    assert shown[str(shot)] != shown[str(tmp_path / "shot-30.png")]


@pytest.mark.parametrize("game", [[], ["kenken"], ["kono"]])
def test_demo_at_a_screen_size_shows_the_logical_picture_as_that_screen_does(tmp_path, capsys,
                                                                            game):
    """Parlour always draws its 1920x1080 picture: --screen saves it as a smaller screen
    shows it, scaled to fit and centred on black (a 4:3 screen letterboxed), nothing cut off
    or laid out afresh."""
    whole, wide, square = (tmp_path / f"{name}.png" for name in ("whole", "wide", "square"))
    for path, screen in ((whole, []), (wide, ["--screen", "1280x720"]),
                         (square, ["--screen", "1024x768"])):
        code, _, _ = run(capsys, "demo", *game, "--frames", "3", "--screenshot", str(path),
                         *screen)
        assert code == 0
    picture = pygame.image.load(str(whole))
    for path, size, band in ((wide, (1280, 720), 0), (square, (1024, 768), 96)):
        shown = pygame.image.load(str(path))
        assert shown.get_size() == size
        expected = pygame.transform.smoothscale(picture, (size[0], size[1] - 2 * band))
        inner = shown.subsurface((0, band, size[0], size[1] - 2 * band))
        assert pygame.image.tobytes(inner, "RGB") == pygame.image.tobytes(expected, "RGB")
        if band:
            assert {shown.get_at((x, y))[:3] for x in range(0, size[0], 50)
                    for y in (0, band - 1, size[1] - 1)} == {(0, 0, 0)}


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 40), st.integers(1, 30), st.randoms(use_true_random=False))
def test_png_screenshots_hold_the_exact_pixels(width, height, rng):
    from games.core.cli.demo import png_bytes
    surface = pygame.Surface((width, height))
    for x in range(width):
        for y in range(height):
            surface.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    picture = pygame.image.load(io.BytesIO(png_bytes(surface)), "x.png")
    assert picture.get_size() == (width, height)
    assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_without_its_dependencies_main_says_how_to_set_up():
    """A Python without pygame, numpy and platformdirs (here: site-packages switched off with
    -S) gets one line saying how to run Parlour, and exit 2, not a traceback."""
    done = subprocess.run([sys.executable, "-S", os.path.join(ROOT, "main.py"), "generate", "nim"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pygame" in lines[0] and "python3 dev.py play" in lines[0]


def test_no_arguments_mean_what_the_parser_reads_in_none():
    """`python main.py` skips building the parser on the way to the launcher's first frame:
    what it stands in for must be what the parser would have read."""
    from games.core.cli import commands
    from games.core.cli.arguments import build_parser
    assert vars(build_parser().parse_args([])) == vars(commands.LAUNCHER)


TOKENS = ["play", "generate", "solve", "analyse", "selfplay", "demo", "daily", "stats",
          "bench", "nim", "kenken", "nosuch", "--seed", "7", "-3", "x", "--count", "--size",
          "--frames", "--windowed", "--id", "--level", "--quick", "--screen", "1280x720",
          "--also-at", "--date", "--nosuchflag", "-h", "--help", ""]


@given(argv=st.lists(st.sampled_from(TOKENS), max_size=6))
@settings(max_examples=300, deadline=None)
def test_the_grammar_read_for_the_command_named_reads_as_the_whole_one(argv):
    """build_parser(argv) makes only the named command's parser: every command line, good or
    bad, reads the same as with every command's (the same options, or the same one line of
    error; help asked for exits as the whole grammar's does)."""
    from games.core.cli.arguments import build_parser
    from games.core.cli.usage import UsageError

    def read(parser):
        try:
            return vars(parser.parse_args(argv))
        except UsageError as error:
            return f"error: {error}"
        except SystemExit as leaving:     # -h: the help printed, then exit 0
            return f"exit {leaving.code}"

    with contextlib.redirect_stdout(io.StringIO()) as whole_help:
        whole = read(build_parser())
    with contextlib.redirect_stdout(io.StringIO()) as own_help:
        own = read(build_parser(argv))
    assert own == whole and own_help.getvalue() == whole_help.getvalue()
