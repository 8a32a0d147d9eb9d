"""`main.py demo [GAME]`: the real loop, headless, with a scripted player; saves screenshots.
--lesson plays the game's lesson, --rules turns the pages of its rules screen, --screen WxH
saves the screenshots as a WxH screen shows them (Parlour always draws its fixed logical
1920x1080 picture, which SDL scales to the screen)."""
from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import stat
import struct
import zlib
from typing import Any

import pygame

from games.core.cli.usage import UsageError, outcome_json, params_for
from games.core.kit import registry
from games.core.kit.session import Session
from games.core.loop.app import LOGICAL_SIZE, App
from games.core.screens.launch import open_game
from games.core.screens.launcher import LauncherScene

DEMO_DT = 1 / 60
PICTURE_TYPES = (".png", ".bmp", ".jpg", ".jpeg", ".tga")


def run_demo(args: argparse.Namespace) -> None:
    if args.frames < 1:
        raise UsageError("--frames must be at least 1")
    if args.every < 1:
        raise UsageError("--every must be at least 1")
    if args.game is not None:
        try:
            info = registry.lookup(args.game)
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        if not info.playable:
            raise UsageError(f"{info.title} has no playable scene yet")
        if args.lesson:
            from games.core.kit.lesson import has_lesson
            if not has_lesson(args.game):
                raise UsageError(f"{info.title} has no lesson yet")
        params = params_for(registry.lookup(args.game).rules, args)
        session = Session.new(args.game, params, args.seed)
    elif args.lesson or args.rules:
        raise UsageError(f"--{'lesson' if args.lesson else 'rules'} needs a GAME")
    if args.lesson and args.rules:
        raise UsageError("--lesson and --rules show different screens: choose one")
    shots = screenshot_paths(args)        # all checked before the first frame
    # The demo never touches the player's own settings, scores or saves: without
    # PARLOUR_DATA_DIR it uses a folder of its own, made here and removed afterwards.
    own_folder = None
    if not os.environ.get("PARLOUR_DATA_DIR"):
        import tempfile
        own_folder = tempfile.mkdtemp(prefix="parlour-demo-")
        os.environ["PARLOUR_DATA_DIR"] = own_folder
    try:
        play(args, session if args.game is not None else None, shots)
    finally:
        if own_folder is not None:
            del os.environ["PARLOUR_DATA_DIR"]
            shutil.rmtree(own_folder, ignore_errors=True)


def play(args: argparse.Namespace, session: Session[Any, Any, Any] | None,
         shots: dict[int, str]) -> None:
    try:
        app = App(windowed=False, size=LOGICAL_SIZE)
    except pygame.error as error:
        raise UsageError(f"cannot open a window ({error}); check SDL_VIDEODRIVER") from None
    try:
        app.push(LauncherScene(app))
        lesson = rules = None
        if args.lesson:
            from games.core.screens.lesson import LessonScene
            lesson = LessonScene(app, args.game)
            app.push(lesson)
        elif args.rules:
            from games.core.screens.overlays import HelpScene
            rules = HelpScene(app, args.game)
            app.push(rules)
        elif session is not None:
            open_game(app, session)
        for frame in range(1, args.frames + 1):
            if frame % args.every == 0 and args.rules:     # a player's Page Down
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(pygame.event.Event(kind, key=pygame.K_PAGEDOWN, mod=0,
                                                         unicode="", scancode=0))
            elif frame % args.every == 0 and app.top is not None:
                app.top.demo_step()
            app.frame(DEMO_DT)
            # A job's answer (the launcher's history, a computer's move) lands at the next
            # frame, whatever the machine's load: a demo shows the same frames every time.
            app.jobs.wait_all()
            if frame in shots:
                save_picture(as_shown(app.screen, args.screen), shots[frame])
            if not app.running:
                break
        if args.screenshot:
            save_picture(as_shown(app.screen, args.screen), args.screenshot)
        top = app.top
        session = getattr(top, "session", None) or \
            getattr(getattr(top, "game", None), "session", None)
        report = {"game": args.game, "frames": app.frames, "screenshot": args.screenshot,
                  "outcome": outcome_json(session.status) if session else None}
        if lesson is not None:
            report.update(lesson_steps=lesson.steps, lesson_completed=lesson.completed)
        if rules is not None:
            report.update(rules_pictures=len(rules.page.figures),
                          rules_at_end=rules.page.top == rules.page.last_top)
        print(json.dumps(report))
    finally:
        app.quit()


def screenshot_paths(args: argparse.Namespace) -> dict[int, str]:
    """frame -> file for --also-at, after checking every file the demo will write."""
    if args.also_at and not args.screenshot:
        raise UsageError("--also-at needs --screenshot FILE (its pictures are FILE-N.png)")
    if not args.screenshot:
        return {}
    check_output(args.screenshot)
    stem, ext = os.path.splitext(args.screenshot)
    shots = {frame: f"{stem}-{frame}{ext}" for frame in args.also_at[:100]
             if frame <= args.frames}
    for name in shots.values():
        check_output(name)
    return shots


def check_output(path: str) -> None:
    """A picture can be written at `path`: a known picture type, in a folder that exists, not a
    folder or a device itself, with a name the file system takes. UsageError says why not."""
    shown = path if len(path) <= 80 else path[:77] + "..."
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:     # a name too long, a path through a file, no permission
        raise UsageError(f"cannot write {shown!r}: {error.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise UsageError(f"cannot write {shown!r}: it is a folder; name a file in it")
    if mode is not None and not stat.S_ISREG(mode):
        raise UsageError(f"cannot write {shown!r}: it is not a regular file")
    folder, name = os.path.split(path)
    if os.path.splitext(name)[1].lower() not in PICTURE_TYPES:
        raise UsageError(f"cannot write {shown!r}: a screenshot is a file ending in "
                         f"{', '.join(PICTURE_TYPES)}")
    folder = folder or "."
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {shown!r}: there is no folder {folder!r}")
    try:
        longest = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        longest = 255
    if len(os.fsencode(name)) > longest:
        raise UsageError(f"cannot write {shown!r}: the name is longer than {longest} bytes")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write {shown!r}: the folder {folder!r} is not writable")


def png_bytes(surface: pygame.Surface, level: int = 6) -> bytes:
    """The surface as an 8-bit RGB PNG: rows unfiltered, deflated by zlib at `level`. A
    1920x1080 screenshot takes a third of the time pygame's own PNG writer takes, in a smaller
    file."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    rows = b"".join(b"\0" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)   # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + \
        chunk(b"IDAT", zlib.compress(rows, level)) + chunk(b"IEND", b"")


def as_shown(screen: pygame.Surface, size: tuple[int, int] | None) -> pygame.Surface:
    """The picture as a screen of `size` shows it: scaled smoothly to fit, centred, the rest
    black, as SDL's SCALED mode shows the logical picture (with Parlour's "photo" scaling)."""
    if size is None or size == screen.get_size():
        return screen
    scale = min(size[0] / screen.get_width(), size[1] / screen.get_height())
    fitted = pygame.transform.smoothscale(
        screen, (round(screen.get_width() * scale), round(screen.get_height() * scale)))
    shown = pygame.Surface(size)
    shown.blit(fitted, fitted.get_rect(center=shown.get_rect().center))
    return shown


def save_picture(screen: pygame.Surface, path: str) -> None:
    """Encode in memory, then write with Python's own file calls: a full disk or a file that
    vanished under us gets a clear line, not a pygame.error."""
    if os.path.splitext(path)[1].lower() == ".png":
        encoded = png_bytes(screen)
    else:
        picture = io.BytesIO()
        pygame.image.save(screen, picture, path)
        encoded = picture.getvalue()
    try:
        with open(path, "wb") as f:
            f.write(encoded)
    except OSError as error:
        shown = path if len(path) <= 80 else path[:77] + "..."
        raise UsageError(f"cannot write {shown!r}: {error.strerror or error}") from None
