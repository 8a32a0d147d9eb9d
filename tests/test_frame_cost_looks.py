"""The cheaper ways frames are drawn while animating (issue 24) show exactly what the plain
ways showed: each is checked pixel for pixel against the plain way, written out here."""
import pygame
from hypothesis import given, settings, strategies as st

from games.core.loop.tween import Tween, ease_out_cubic, linear
from games.core.screens import ui
from games.poggle.view import PoggleLayout, PoggleView, Ring
from sprites import poggle as paint


def screen() -> pygame.Surface:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1920, 1080), pygame.FULLSCREEN | pygame.SCALED)
    surface = pygame.Surface((1920, 1080))
    for y in range(0, 1080, 40):     # something to blend over
        surface.fill(((y * 3) % 256, 90, (255 - y) % 256), (0, y, 1920, 40))
    return surface


def plain_ring(surface, layout: PoggleLayout, ring: Ring) -> None:
    """The ring as it was drawn: the whole square picture blitted."""
    t = max(0.0, ring.tween.time) / ring.tween.duration
    if not ring.forward:
        t = 1 - t
    radius = layout.pitch * (0.35 + 1.25 * ease_out_cubic(t))
    alpha = int(160 * (1 - t))
    if alpha <= 4:
        return
    size = int(radius * 2 + 12)
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(picture, (255, 255, 255, alpha), (size / 2, size / 2), radius,
                       max(2, int(8 * (1 - t))))
    centre = layout.cell_rects[ring.centre[0]][ring.centre[1]].center
    surface.blit(picture, (centre[0] - size / 2, centre[1] - size / 2))


@given(size=st.integers(3, 7), where=st.tuples(st.integers(0, 6), st.integers(0, 6)),
       time=st.floats(0, 1.2), forward=st.booleans())
@settings(max_examples=60, deadline=None)
def test_the_ripple_ring_drawn_in_bands_is_the_whole_ring(size, where, time, forward):
    """Corner keys put the ring's picture partly off the board and at negative positions
    (where blit truncates fractions): the bands land where the whole picture would."""
    layout = PoggleLayout(pygame.Rect(0, 110, 1920, 850), size)
    tween = Tween(1.0, linear)
    tween.update(time)
    ring = Ring(tween, (min(where[0], size - 1), min(where[1], size - 1)), forward)
    ours, theirs = screen(), screen()
    PoggleView(layout)._draw_ring(ours, ring)
    plain_ring(theirs, layout, ring)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")


@given(colour=st.integers(0, 4), size=st.sampled_from([60, 97, 150, 167]),
       sink=st.integers(0, 12))
@settings(max_examples=40, deadline=None)
def test_a_key_laid_on_its_background_is_the_key_blitted_there(colour, size, sink):
    ours, theirs = screen(), screen()
    rect = pygame.Rect(333, 222, size, size)
    ours.blit(paint.key_on(colour, size, sink, ui.BG_DEEP), rect.topleft)
    pygame.draw.rect(theirs, ui.BG_DEEP, rect)
    theirs.blit(paint.key(colour, size, sink), rect.topleft)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")
