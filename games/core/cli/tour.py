"""`main.py tour --out DIR`: every screen a player can reach, in every game, shot as a screen of
--screen WxH shows it and checked as it is drawn (games/core/loop/survey.py).

The real App runs headless in a data folder of its own (never the player's), with the text
size and the colours asked for; a Walker drives it as a player would, through the real loop
and the real input path (synthetic keys and clicks, a fixed time step, background jobs waited
for) and the scripted player's moves, from one list of screens (tour_screens.py). At each
screen the whole frame is drawn once while a Survey records it, and saved as DIR/GAME-SCREEN.png;
DIR/index.jsonl has a line per screen ({"game", "screen", "file", "problems"}), printed on
stdout too, and DIR/index.html shows them all on one page. Exit 0 when no screen reports a
problem, 1 when one does (2: bad input, as every command)."""
from __future__ import annotations

import argparse
import html
import json
import os
import random
import re
import shutil
import tempfile

import pygame

from games.core.cli import tour_screens
from games.core.cli.usage import UsageError
from games.core.cli.walker import COLLECTION, Shot, Walker
from games.core.kit import registry
from games.core.loop.app import LOGICAL_SIZE, App
from games.core.screens.launcher import LauncherScene

COLOURS = {"standard": "standard", "colour-blind": "safe"}     # --colours: the palettes


def run_tour(args: argparse.Namespace) -> int:
    only = set(args.only or ())
    known = set(registry.KEYS) | {COLLECTION}
    if only - known:
        raise UsageError(f"--only takes {', '.join(sorted(known))}; not "
                         f"{', '.join(sorted(only - known))}")
    out = prepare(args.out)
    shown = args.screen or LOGICAL_SIZE
    scratch = tempfile.mkdtemp(prefix="parlour-tour-")
    kept = os.environ.get("PARLOUR_DATA_DIR")
    os.environ["PARLOUR_DATA_DIR"] = scratch      # never the player's folder
    try:
        walker = walk(out, shown, args.text, COLOURS[args.colours], only)
    finally:
        if kept is None:
            del os.environ["PARLOUR_DATA_DIR"]
        else:
            os.environ["PARLOUR_DATA_DIR"] = kept
        shutil.rmtree(scratch, ignore_errors=True)
    write_index(out, walker.shots, shown, args)
    return 1 if any(shot.problems for shot in walker.shots) else 0


def walk(out: str, shown: tuple[int, int], text: str, colours: str, only: set[str]) -> Walker:
    try:
        app = App(windowed=False, size=LOGICAL_SIZE)
    except pygame.error as error:
        raise UsageError(f"cannot open a window ({error}); check SDL_VIDEODRIVER") from None
    app.settings.update(text_size=text, palette=colours)
    app.save_settings()
    app.dealer = random.Random(33)        # the same deals every run
    walker = Walker(app, out, shown)
    try:
        app.push(LauncherScene(app))
        walker.frames(2)
        tour_screens.visit_all(walker, only)
    finally:
        app.quit()
    return walker


def prepare(out: str) -> str:
    """The output folder: made if missing, and writable; the shots an earlier tour listed in
    its index there are removed (nothing else in it is touched)."""
    try:
        os.makedirs(out, exist_ok=True)
        probe = os.path.join(out, ".parlour-tour")
        with open(probe, "w"):
            pass
        os.remove(probe)
        for name in earlier_shots(out):
            os.remove(os.path.join(out, name))
    except OSError as error:
        raise UsageError(f"cannot write into {out[:80]!r}: {error.strerror or error}") from None
    return out


SHOT_NAME = re.compile(r"[a-z_]+-[a-z0-9-]+\.png")
MOST_INDEX = 1 << 20      # bytes of an earlier index read


def earlier_shots(out: str) -> list[str]:
    """The pictures an earlier index in `out` names: only names a tour gives, of regular
    files there; an index that is not one is left alone."""
    try:
        with open(os.path.join(out, "index.jsonl"), "rb") as file:
            data = file.read(MOST_INDEX + 1)
    except FileNotFoundError:
        return []
    if len(data) > MOST_INDEX:
        return []
    names = []
    for line in data.decode("utf-8", "replace").splitlines():
        try:
            name = json.loads(line).get("file")
        except (ValueError, AttributeError):
            return []
        if isinstance(name, str) and SHOT_NAME.fullmatch(name) and \
                os.path.isfile(os.path.join(out, name)) and \
                not os.path.islink(os.path.join(out, name)):
            names.append(name)
    return sorted(set(names))


def write_index(out: str, shots: list[Shot], shown: tuple[int, int],
                args: argparse.Namespace) -> None:
    with open(os.path.join(out, "index.jsonl"), "w", encoding="utf-8") as file:
        for shot in shots:
            file.write(json.dumps(shot.__dict__) + "\n")
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as file:
        file.write(contact_sheet(shots, f"{shown[0]}x{shown[1]}, {args.text} text, "
                                        f"{args.colours} colours"))


def contact_sheet(shots: list[Shot], look: str) -> str:
    """Every shot on one page, grouped by game, each with its problems under it."""
    problems = sum(len(shot.problems) for shot in shots)
    parts = [f"<!doctype html><meta charset='utf-8'><title>Parlour: every screen</title>"
             f"<style>{STYLE}</style><h1>Parlour: every screen</h1>"
             f"<p>{len(shots)} screens at {html.escape(look)}; "
             f"{problems} problem{'s' if problems != 1 else ''}.</p>"]
    for game in dict.fromkeys(shot.game for shot in shots):
        title = registry.lookup(game).title if game else "The collection"
        parts.append(f"<h2>{html.escape(title)}</h2><div class='sheet'>")
        for shot in (s for s in shots if s.game == game):
            said = "".join(f"<li>{html.escape(p)}</li>" for p in shot.problems)
            parts.append(f"<figure class='{'bad' if shot.problems else 'good'}'>"
                         f"<a href='{html.escape(shot.file)}'><img src='{html.escape(shot.file)}'"
                         f" loading='lazy' alt='{html.escape(shot.screen)}'></a>"
                         f"<figcaption>{html.escape(shot.screen)}<ul>{said}</ul></figcaption>"
                         f"</figure>")
        parts.append("</div>")
    return "".join(parts) + "\n"


STYLE = ("body{background:#161a24;color:#eeece4;font-family:sans-serif;margin:2em}"
         ".sheet{display:flex;flex-wrap:wrap;gap:16px}"
         "figure{margin:0;width:480px}img{width:480px;border:2px solid #505a73}"
         ".bad img{border-color:#f06e5f}li{color:#f06e5f;font-size:13px}"
         "figcaption{font-size:15px}")
