"""Paint every game's launcher picture and save it as sprites/thumbnails/<game>.png.

    python tools/make_thumbnails.py

The launcher loads these files instead of importing each game's scene to paint them, which
keeps its first frame quick. tests/test_thumbnails.py fails when a file no longer matches
what the game's thumbnail() paints: run this script after changing a picture.
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from games.core import registry  # noqa: E402
from games.core.screens import THUMBNAIL_SIZE, scene_module, thumbnail_path  # noqa: E402


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    for info in registry.launcher_games():
        picture = scene_module(info.key).thumbnail(THUMBNAIL_SIZE)
        pygame.image.save(picture, thumbnail_path(info.key))
        print(f"wrote {thumbnail_path(info.key)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
