"""The launcher's pictures are files painted by tools/make_thumbnails.py at the size the cards
show them; they must match what each game's thumbnail() paints today (run the script after
changing a picture, or the number of games)."""
import pygame
import pytest

from games.core.kit import registry
from games.core.screens.launcher import (
    card_layout,
    paint_card_picture,
    picture_size,
    thumbnail_path,
)

GAMES = registry.launcher_games()


@pytest.mark.parametrize("key", [info.key for info in GAMES])
def test_the_shipped_picture_is_what_the_game_paints(key):
    pygame.display.init()
    pygame.font.init()
    size = picture_size(key, card_layout(len(GAMES))[3])
    painted = paint_card_picture(key, size)
    shipped = pygame.image.load(thumbnail_path(key))
    assert shipped.get_size() == painted.get_size() == size
    assert pygame.image.tobytes(shipped, "RGBA") == pygame.image.tobytes(painted, "RGBA"), \
        f"sprites/thumbnails/{key}.bmp is out of date: run python tools/make_thumbnails.py"
