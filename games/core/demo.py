"""`main.py demo [GAME]`: the real loop, headless, with a scripted player; saves screenshots."""
from __future__ import annotations

import json
import os
import tempfile

import pygame

from games.core import registry
from games.core.app import App
from games.core.usage import UsageError, params_for
from games.core.launch import scene_module
from games.core.screens import LauncherScene
from games.core.session import Session

DEMO_DT = 1 / 60


def run_demo(args) -> None:
    if args.frames < 1:
        raise UsageError("--frames must be at least 1")
    if args.every < 1:
        raise UsageError("--every must be at least 1")
    if args.game:
        try:
            info = registry.lookup(args.game)
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        if not info.playable:
            raise UsageError(f"{info.title} has no playable scene yet")
        params = params_for(registry.module(args.game), args)
    # The demo never touches the player's own settings, scores or saves.
    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp(prefix="parlour-demo-"))
    app = App(windowed=False)
    app.push(LauncherScene(app))
    if args.game:
        app.push(scene_module(args.game).SCENE(app, Session.new(args.game, params, args.seed)))
    stem, ext = os.path.splitext(args.screenshot or "")
    for frame in range(1, args.frames + 1):
        if frame % args.every == 0 and app.top is not None:
            app.top.demo_step()
        app.frame(DEMO_DT)
        if args.screenshot and frame in args.also_at:
            pygame.image.save(app.screen, f"{stem}-{frame}{ext or '.png'}")
        if not app.running:
            break
    if args.screenshot:
        pygame.image.save(app.screen, args.screenshot)
    top = app.top
    session = getattr(top, "session", None) or getattr(getattr(top, "game", None), "session", None)
    print(json.dumps({"game": args.game, "frames": app.frames, "screenshot": args.screenshot,
                      "outcome": session.status.outcome if session else None}))
    app.quit()
