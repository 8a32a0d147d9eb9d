"""Paint every game's launcher picture, at the size its card shows it, and save it as
sprites/thumbnails/<game>.bmp. BMP, though PNG would be 0.3 MB instead of 1.96 MB: decoding
seven PNGs took the launcher's first frame from 1.42x to 1.51x a bare pygame window (CPU time,
21 interleaved runs; the target is 1.5x), so the 1.6 MB buys the start-up.

    python tools/make_thumbnails.py

The launcher loads these files instead of importing each game's scene to paint them, which
keeps its first frame quick. tests/test_thumbnails.py fails when a file no longer matches
what thumbnail() in the game's sprites module paints: run this script after changing a picture.
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame

from games.core.kit import registry
from games.core.screens.launcher import (
    card_layout,
    paint_card_picture,
    picture_size,
    thumbnail_path,
)


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    games = registry.launcher_games()
    size = card_layout(len(games))[3]
    for info in games:
        pygame.image.save(paint_card_picture(info.key, picture_size(info.key, size)),
                          thumbnail_path(info.key))
        print(f"wrote {thumbnail_path(info.key)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
