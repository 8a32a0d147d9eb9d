"""The launcher's pictures are files painted by tools/make_thumbnails.py; they must match what
each game's thumbnail() paints today (run the script after changing a picture)."""
import pygame
import pytest

from games.core import registry
from games.core.screens import THUMBNAIL_SIZE, scene_module, thumbnail_path


@pytest.mark.parametrize("key", [info.key for info in registry.launcher_games()])
def test_the_shipped_thumbnail_is_what_the_game_paints(key):
    pygame.display.init()
    pygame.font.init()
    painted = scene_module(key).thumbnail(THUMBNAIL_SIZE)
    shipped = pygame.image.load(thumbnail_path(key))
    assert shipped.get_size() == painted.get_size() == THUMBNAIL_SIZE
    assert pygame.image.tobytes(shipped, "RGBA") == pygame.image.tobytes(painted, "RGBA"), \
        f"sprites/thumbnails/{key}.png is out of date: run python tools/make_thumbnails.py"

