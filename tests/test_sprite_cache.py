"""Painted sprites kept on disk (games/core/loop/sprite_cache.py): what is read back is what
was painted, pixel for pixel; a file that is bad, cut short or painted for another key is
ignored and painted over; the folder stays within its bound."""
import os

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.loop import assets, sprite_cache


@pytest.fixture
def folder(tmp_path):
    pygame.display.init()
    place = tmp_path / "sprites"
    sprite_cache.use_folder(str(place))
    yield place
    sprite_cache.use_folder(None)


def picture(size=(37, 23), alpha=True, seed=1) -> pygame.Surface:
    """Every pixel different (and see-through in steps, where it has alpha)."""
    surface = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    for x in range(size[0]):
        for y in range(size[1]):
            surface.set_at((x, y), ((x * 7 + seed) % 256, (y * 11) % 256, (x * y + seed) % 256,
                                    (x * 5 + y * 3) % 256 if alpha else 255))
    return surface


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def counting_painter(name="test.picture", version=1, **look):
    calls = []

    @sprite_cache.kept(name, version)
    def paint(width: int, height: int, alpha: bool = True) -> pygame.Surface:
        calls.append((width, height, alpha))
        return picture((width, height), alpha, **look)
    return paint, calls


def files(place) -> list[str]:
    return sorted(os.listdir(place)) if os.path.isdir(place) else []


@pytest.mark.parametrize("alpha", [True, False])
def test_a_kept_sprite_reads_back_pixel_for_pixel_without_painting(folder, alpha):
    paint, calls = counting_painter()
    first = paint(37, 23, alpha)
    again = paint(37, 23, alpha)
    assert calls == [(37, 23, alpha)]           # painted once, then read
    assert len(files(folder)) == 1
    assert pixels(again) == pixels(first) == pixels(picture((37, 23), alpha))
    assert bool(again.get_flags() & pygame.SRCALPHA) == alpha


def test_each_look_is_kept_apart(folder):
    """Arguments, the painter's version and the text size all change the pixels: each is a
    file of its own, and none is read for another."""
    paint, calls = counting_painter()
    paint(10, 10), paint(10, 11), paint(10, 10, False)
    newer, newer_calls = counting_painter(version=2, seed=9)
    assert pixels(newer(10, 10)) == pixels(picture((10, 10), seed=9))
    assets.set_text_size("large")
    try:
        paint(10, 10)
    finally:
        assets.set_text_size("normal")
    assert len(calls) == 4 and len(newer_calls) == 1
    assert len(files(folder)) == 5


def test_a_file_painted_for_another_key_is_ignored_and_painted_over(folder):
    """Stale: the file under this key's name holds another key (an older version, a name
    clash): it is not used, and the right sprite replaces it."""
    paint, calls = counting_painter()
    key = sprite_cache.key_of("test.picture", 1, (12, 8, True), {})
    stale = sprite_cache.key_of("test.picture", 0, (12, 8, True), {})
    os.makedirs(folder)
    path = folder / sprite_cache.file_name(key)
    path.write_bytes(sprite_cache.encode(stale, picture((12, 8), seed=5)))
    assert pixels(paint(12, 8, True)) == pixels(picture((12, 8)))
    assert calls == [(12, 8, True)]
    assert sprite_cache.decode(key, path.read_bytes()) is not None    # rewritten


@given(cut=st.integers(min_value=0, max_value=2000), flip=st.integers(min_value=0),
       junk=st.binary(max_size=64))
@settings(max_examples=60, deadline=None)
def test_a_damaged_file_is_never_used(cut, flip, junk):
    """Cut short, one byte changed anywhere, or garbage: decode refuses it (never raises,
    never returns other pixels)."""
    pygame.display.init()
    key = sprite_cache.key_of("test.damaged", 1, (9, 7), {})
    data = sprite_cache.encode(key, picture((9, 7)))
    assert pixels(sprite_cache.decode(key, data)) == pixels(picture((9, 7)))
    assert sprite_cache.decode(key, data[:cut % len(data)]) is None
    changed = bytearray(data)
    changed[flip % len(data)] ^= 0x5A
    assert sprite_cache.decode(key, bytes(changed)) is None
    assert sprite_cache.decode(key, junk) is None
    assert sprite_cache.decode(key, sprite_cache.FORMAT + b"\n" + junk) is None


def test_a_bad_file_in_the_folder_is_painted_over(folder):
    paint, calls = counting_painter()
    key = sprite_cache.key_of("test.picture", 1, (6, 6), {})
    os.makedirs(folder)
    (folder / sprite_cache.file_name(key)).write_bytes(b"not a sprite at all")
    assert pixels(paint(6, 6)) == pixels(picture((6, 6)))
    assert pixels(paint(6, 6)) == pixels(picture((6, 6)))
    assert calls == [(6, 6, True)]      # painted over once, then read


def test_the_folder_keeps_within_its_bound_dropping_the_oldest(folder, monkeypatch):
    one = len(sprite_cache.encode(sprite_cache.key_of("test.picture", 1, (20, 25), {}),
                                  picture((20, 25))))     # the largest of them
    monkeypatch.setattr(sprite_cache, "MAX_BYTES", 3 * one + one // 2)
    paint, calls = counting_painter()
    for k in range(6):
        paint(20, 20 + k)
        newest = folder / sorted(files(folder), key=lambda n: os.path.getmtime(folder / n))[-1]
        os.utime(newest, (1000 + k, 1000 + k))     # the order they were kept in
        assert sum(os.path.getsize(folder / name) for name in files(folder)) <= 3 * one + one
    assert len(files(folder)) == 3
    kept = {sprite_cache.decode(sprite_cache.key_of("test.picture", 1, (20, 20 + k), {}),
                                (folder / sprite_cache.file_name(
                                    sprite_cache.key_of("test.picture", 1, (20, 20 + k), {})
                                )).read_bytes()) is not None
            for k in (3, 4, 5)}
    assert kept == {True}          # the newest three stayed


def test_a_folder_that_cannot_be_written_still_paints(tmp_path):
    pygame.display.init()
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    sprite_cache.use_folder(str(blocker / "sprites"))
    try:
        paint, calls = counting_painter()
        assert pixels(paint(5, 5)) == pixels(paint(5, 5)) == pixels(picture((5, 5)))
        assert len(calls) == 2
    finally:
        sprite_cache.use_folder(None)


def test_a_game_opened_again_reads_its_sprites_and_shows_the_same_picture(data_dir,
                                                                          monkeypatch):
    """Through the real App: Mu Torere's board and pieces are kept in the player's folder at
    the first opening; the next App (a new start, memory caches empty) reads them, painting
    and writing nothing, and the screen is the same."""
    from games.core.kit.session import Session
    from games.core.loop.app import App
    from games.core.screens.frame import Frame
    from sprites import mu_torere, pieces

    def opened() -> bytes:
        mu_torere.board.cache_clear()
        pieces.domed.cache_clear()
        app = App(windowed=False)
        app.stack = [Frame(app, Session.new("mu_torere", None, 7))]
        app.mark_dirty()
        app.frame(0.0)
        shown = pygame.image.tobytes(app.screen, "RGB")
        app.quit()
        return shown

    first = opened()
    kept = files(data_dir / "sprites")
    assert len(kept) >= 2
    written = []
    monkeypatch.setattr(sprite_cache, "write", lambda key, surface: written.append(key))
    assert opened() == first
    assert written == [] and files(data_dir / "sprites") == kept


@given(cut=st.integers(min_value=0, max_value=2000), flip=st.integers(min_value=0),
       junk=st.binary(max_size=64))
@settings(max_examples=40, deadline=None)
def test_a_picture_is_read_into_a_surface_only_when_whole(tmp_path_factory, cut, flip, junk):
    """read_into (the launcher's first frame, straight into the screen): the picture kept for
    the key, pixel for pixel; refused when cut short, grown, one byte changed anywhere,
    garbage, kept for another key, or of another size than the surface or one laid out
    otherwise (see-through)."""
    pygame.display.init()
    place = tmp_path_factory.mktemp("sprites")
    sprite_cache.use_folder(str(place))
    try:
        key, painted = b"the first frame", picture((9, 7), alpha=False)
        data = sprite_cache.encode(key, painted)

        def read(content: bytes, size=(9, 7), flags=0, wanted=key) -> pygame.Surface | None:
            (place / "start.sprite").write_bytes(content)
            target = pygame.Surface(size, flags, 32)
            return target if sprite_cache.read_into(target, wanted, "start.sprite") else None

        whole = read(data)
        assert whole is not None and pixels(whole) == pixels(painted)
        changed = bytearray(data)
        changed[flip % len(data)] ^= 0x5A
        refused = [data[:cut % len(data)], data + b"\0", bytes(changed), junk,
                   sprite_cache.FORMAT + b"\n" + junk]
        assert [read(content) for content in refused] == [None] * len(refused)
        assert read(data, wanted=b"another look") is None
        assert read(data, size=(7, 9)) is None and read(data, size=(9, 8)) is None
        assert read(data, flags=pygame.SRCALPHA) is None
        (place / "start.sprite").unlink()
        assert not sprite_cache.read_into(pygame.Surface((9, 7), 0, 32), key, "start.sprite")
    finally:
        sprite_cache.use_folder(None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_a_sprites_place_is_painted_over_never_waited_on(folder):
    """Read as a file, a FIFO would wait for a writer: it is refused, and the painted sprite
    takes its place."""
    paint, calls = counting_painter()
    key = sprite_cache.key_of("test.picture", 1, (6, 6), {})
    os.makedirs(folder)
    os.mkfifo(folder / sprite_cache.file_name(key))
    assert pixels(paint(6, 6)) == pixels(picture((6, 6)))
    assert pixels(paint(6, 6)) == pixels(picture((6, 6))) and calls == [(6, 6, True)]
