"""Every screen a player can reach, checked as it is drawn (`python main.py tour`, issue 33).

The survey (games/core/loop/survey.py) first: each check finds what it looks for, on screens
drawn for the purpose, and says nothing of a screen drawn right. Then the tour itself, through
the real App, at both screen sizes, both text sizes and both palettes: every screen it reaches
must report no problem (but those on OWNED_ELSEWHERE, each the defect of another branch of
this stop, to be deleted as that branch merges), and its index, pictures and contact sheet
must agree.

Which combinations: the layout is the same at every screen size (Parlour draws 1920x1080 and
the screen scales it), so the size decides only how big the text shows (the legibility check)
and the pictures; the text size and the palette decide the layout and the words. Four whole
tours cover every pair of the three choices (each size with each text size and each palette,
each text size with each palette), so every screen kind is checked at every size, with both
text sizes and with both palettes, in about a half of the time of all eight (the test's
figures: docs/DESIGN.md, "Tests and the bench")."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re

import pygame
import pytest

from games.core.cli import commands
from games.core.loop import palette, survey
from games.core.screens import charts, ui

SIZES = ((1920, 1080), (1280, 720))
# Every pair of (screen, text, colours) in four tours.
TOURS = (((1920, 1080), "normal", "standard"), ((1920, 1080), "large", "colour-blind"),
         ((1280, 720), "normal", "colour-blind"), ((1280, 720), "large", "standard"))
KINDS = ("launcher", "settings", "setup", "rules", "lesson", "game", "pause", "confirm",
         "result", "archive", "statistics", "history", "replay", "review", "game-id",
         "network")
# The problems that another branch of this stop (s31-fixes) fixes: a pattern each, with the
# defect it stands for. Delete each when that branch merges; the tour is then held to none.
OWNED_ELSEWHERE: dict[str, str] = {}


# --- the checks ---------------------------------------------------------------------------------

@pytest.fixture
def screen(driver):
    picture = pygame.Surface((1920, 1080))
    picture.fill(ui.BG)
    return picture


def judged(screen, draw, shown=(1920, 1080)) -> list[str]:
    with survey.recording(screen, shown) as noted:
        draw(screen)
    return noted.problems()


def test_a_screen_drawn_right_has_no_problem(screen):
    def draw(surface):
        ui.panel(surface, pygame.Rect(100, 100, 600, 300))
        ui.label(surface, "Inside its box", (130, 130))
        ui.fit_text(surface, "A sentence with room to spare.", (130, 200, 540, 80))
        button = ui.Button((130, 300, 300, 70), "Fine", lambda: None)
        ui.Menu([button]).draw(surface)
        surface.blit(ui.shade((1920, 1080), (0, 0, 0, 200)), (0, 0))
        ui.panel(surface, pygame.Rect(200, 150, 500, 200))     # an overlay above the veil
        ui.label(surface, "Over the veil", (230, 180))
    assert judged(screen, draw) == []


@pytest.mark.parametrize("case, found", [
    ("off the screen", "runs off the screen"),
    ("two texts", "overlaps"),
    ("over the edge", "runs over the edge of a box"),
    ("covered", "a box drawn over"),
    ("two boxes", "its box overlaps a box"),
    ("too long for its box", "needs"),
    ("cut with an ellipsis", "is cut short"),
    ("cut by a view", "runs off its view"),
])
def test_each_check_finds_what_it_looks_for(screen, case, found):
    def draw(surface):
        if case == "off the screen":
            ui.label(surface, "Far too far right", (1850, 40))
        elif case == "two texts":
            ui.label(surface, "One text here", (100, 100))
            ui.label(surface, "another text", (160, 110))
        elif case == "over the edge":
            ui.panel(surface, pygame.Rect(100, 100, 200, 80))
            ui.label(surface, "A heading wider than its panel", (120, 120))
        elif case == "covered":
            ui.label(surface, "The turn prompt", (100, 100))
            ui.panel(surface, pygame.Rect(150, 80, 400, 300))
        elif case == "two boxes":
            ui.panel(surface, pygame.Rect(100, 100, 200, 200))
            ui.panel(surface, pygame.Rect(250, 250, 200, 200))
        elif case == "too long for its box":
            ui.fit_text(surface, "A sentence far too long for the little box it was given "
                        "to live in, even at the smallest size.", (100, 100, 200, 30))
        elif case == "cut with an ellipsis":
            ui.label(surface, charts.fitted("Size 6, Normal, Hidden operators", ui.BODY, 120),
                     (100, 100))
        else:
            surface.set_clip(pygame.Rect(0, 0, 1920, 110))
            ui.label(surface, "Half a line", (100, 95))
            surface.set_clip(None)
    problems = judged(screen, draw)
    assert any(found in problem for problem in problems), problems


def test_a_problem_names_the_scene_the_widget_and_the_words(screen):
    class Launcher:
        pass
    button = ui.Button((100, 100, 120, 60), "Open a game ID at once", lambda: None)

    def draw(surface):
        noted = survey.current
        assert noted is not None
        noted.begin_scene(Launcher())
        ui.Menu([button]).draw(surface)
    problems = judged(screen, draw)
    assert any(p.startswith("Launcher, Button 'Open a game ID at once': ") for p in problems), \
        problems


def test_text_too_small_for_the_screen_it_shows_on(screen):
    def draw(surface):
        ui.label(surface, "Fine print", (100, 100), 18)
    assert judged(screen, draw, (1920, 1080)) == []
    assert any("too small to read" in p for p in judged(screen, draw, (1280, 720)))


def test_a_picture_that_shows_nothing_or_less_than_the_game(screen):
    full = pygame.Surface((300, 200))
    full.fill(ui.BG)
    pygame.draw.rect(full, (200, 60, 50), (20, 20, 260, 160))

    def draw(surface):
        box = pygame.Rect(100, 100, 300, 200)
        noted = survey.current
        assert noted is not None
        noted.picture(surface, "the blank board", box, ui.BG, lambda: full)
        pygame.draw.circle(surface, (200, 60, 50), (800, 200), 20)
        noted.picture(surface, "one stone", pygame.Rect(700, 100, 300, 200), ui.BG,
                      lambda: full)
        surface.blit(full, (1200, 100))
        noted.picture(surface, "the whole board", pygame.Rect(1200, 100, 300, 200), ui.BG,
                      lambda: full)
    problems = judged(screen, draw)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "the blank board shows 0% of what the game shows there",
        "one stone shows 3% of what the game shows there"]


def test_a_figure_against_its_record(screen):
    def draw(surface):
        noted = survey.current
        assert noted is not None
        noted.agree("the result", "You lost; Moves 8", "You won!; Moves 11")
        noted.agree("the hints", "Hints 1", "Hints 1")
    assert judged(screen, draw) == [
        ": the result says 'You lost; Moves 8' where the record says 'You won!; Moves 11'"]


def test_colour_names_are_checked_only_in_the_colour_blind_palette(screen, driver):
    def draw(surface):
        ui.label(surface, "The Red tile is first; the bluish green one is last.", (100, 100))
        ui.label(surface, "Captures are marked by a red ring.", (100, 200))
    assert judged(screen, draw) == []
    driver.app.settings["palette"] = palette.SAFE
    driver.app.apply_look()
    try:
        assert [p.split(": ", 1)[1] for p in judged(screen, draw)] == [
            "'The Red tile is first; the bluish green one is last.' names a colour (Red) the "
            "colour-blind palette does not paint"]
    finally:
        driver.app.settings["palette"] = palette.STANDARD
        driver.app.apply_look()


def test_drawing_notes_nothing_unless_a_survey_records(screen):
    assert survey.current is None
    ui.label(screen, "Nobody is listening", (100, 100))
    with survey.recording(screen) as noted:
        ui.label(screen, "Noted", (100, 200))
    assert survey.current is None and [text.words for text in noted.texts] == ["Noted"]


# --- the tour ------------------------------------------------------------------------------------

def run(out: str, shown, text: str, colours: str, *only: str) -> tuple[int, list[dict]]:
    argv = ["tour", "--out", out, "--screen", f"{shown[0]}x{shown[1]}", "--text", text,
            "--colours", colours] + (["--only", *only] if only else [])
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = commands.main(argv)
    lines = [json.loads(line) for line in printed.getvalue().splitlines()]
    with open(os.path.join(out, "index.jsonl"), encoding="utf-8") as index:
        assert [json.loads(line) for line in index] == lines, "the index is what it printed"
    return code, lines


@pytest.fixture(scope="module")
def tours(tmp_path_factory):
    """The four whole tours: (screen, text, colours) -> (exit code, index lines, folder)."""
    found = {}
    for shown, text, colours in TOURS:
        out = str(tmp_path_factory.mktemp(f"tour-{shown[1]}-{text}-{colours}"))
        code, lines = run(out, shown, text, colours)
        found[(shown, text, colours)] = (code, lines, out)
    return found


def owner(problem: str) -> str | None:
    return next((defect for pattern, defect in OWNED_ELSEWHERE.items()
                 if re.search(pattern, problem)), None)


def test_every_screen_kind_at_every_size_in_every_game(tours):
    from games.core.kit import registry
    for shown in SIZES:
        lines = [line for (size, _, _), (_, found, _) in tours.items() if size == shown
                 for line in found]
        kinds = {line["screen"].split("-")[0] if not line["screen"].startswith("game-id")
                 else "game-id" for line in lines if line["file"]}
        assert kinds == set(KINDS), set(KINDS) ^ kinds
        games = {line["game"] for line in lines if line["file"]}
        assert games == {"", *registry.KEYS}
    for _, lines, _ in tours.values():
        for key in registry.KEYS:
            names = {line["screen"] for line in lines if line["game"] == key}
            assert {"setup", "rules-1", "game-start", "game-middle", "pause", "result-won",
                    "statistics", "history"} <= names, (key, names)
            assert names & {"replay-middle", "review-middle"}, key


def test_no_screen_reports_a_problem(tours):
    unowned = [f"{shown[0]}x{shown[1]}, {text}, {colours}: {line['game']}: {problem}"
               for (shown, text, colours), (_, lines, _) in tours.items()
               for line in lines for problem in line["problems"] if owner(problem) is None]
    assert not unowned, "\n".join(unowned)


def test_each_problem_owned_elsewhere_is_still_seen(tours):
    """Once the other branch fixes one, its pattern goes from OWNED_ELSEWHERE."""
    seen = {owner(problem) for _, lines, _ in tours.values() for line in lines
            for problem in line["problems"]}
    assert set(OWNED_ELSEWHERE.values()) - seen == set()


def test_the_exit_code_pictures_and_contact_sheet_agree_with_the_index(tours):
    for (shown, _, _), (code, lines, out) in tours.items():
        assert code == (1 if any(line["problems"] for line in lines) else 0)
        sheet = open(os.path.join(out, "index.html"), encoding="utf-8").read()
        for line in lines:
            assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", line["screen"]), line
            if not line["file"]:
                continue
            picture = pygame.image.load(os.path.join(out, line["file"]))
            assert picture.get_size() == shown
            assert f"src='{line['file']}'" in sheet
        assert {name for name in os.listdir(out) if name.endswith(".png")} == \
            {line["file"] for line in lines if line["file"]}


def test_a_tour_of_one_game_with_no_problem_exits_0(tmp_path):
    code, lines = run(str(tmp_path), (1280, 720), "normal", "standard", "collection")
    assert [line["screen"] for line in lines][:3] == ["launcher", "settings", "game-id"]
    assert code == 0 and not any(line["problems"] for line in lines)


def test_a_tour_replaces_only_the_shots_of_the_one_before_in_its_folder(tmp_path):
    (tmp_path / "nim-setup.png").write_bytes(b"an earlier shot")
    (tmp_path / "nim-mine.png").write_bytes(b"the player's own")
    (tmp_path / "notes.txt").write_text("kept")
    outside = tmp_path.parent / "outside.png"
    outside.write_bytes(b"not the tour's")
    (tmp_path / "index.jsonl").write_text(
        json.dumps({"file": "nim-setup.png"}) + "\n" + json.dumps({"file": "../outside.png"}) +
        "\n")
    run(str(tmp_path), (1920, 1080), "normal", "standard", "collection")
    assert not (tmp_path / "nim-setup.png").exists()
    assert (tmp_path / "nim-mine.png").exists() and (tmp_path / "notes.txt").exists()
    assert outside.exists()


@pytest.mark.parametrize("argv", [
    ["--only", "chess"], ["--screen", "10x10"], ["--screen", "wide"], ["--text", "huge"],
    ["--colours", "sepia"], ["--out"], []], ids=str)
def test_bad_tour_arguments_get_one_line_and_exit_2(tmp_path, capsys, argv):
    argv = ["tour", *(["--out", str(tmp_path)] if argv != [] and argv != ["--out"] else []),
            *argv]
    assert commands.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlour: ") and err.count("\n") == 1, err
    assert os.listdir(tmp_path) == [], "nothing toured"


def test_a_folder_the_tour_cannot_write_is_said_so(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert commands.main(["tour", "--out", str(blocked / "inside")]) == 2
    assert "cannot write into" in capsys.readouterr().err
