"""Painted sprites kept on disk, so a game's first frame reads its costly pictures (a wooden
board, a set of stones) instead of painting them again at every start.

A painter marked @kept(name, version) is looked up by everything that changes its pixels:
its name and version, its arguments (sizes, colours, palette names), the text size, this
file's format and pygame's version. Each file holds that key, its size, its pixel format and
a checksum of its pixels; a file that does not match (stale, cut short, garbage) is ignored
and painted over. The folder is bounded: past MAX_BYTES the oldest files go. Nothing here
is needed: with no folder (use_folder was not called, or it cannot be written) the painters
just paint.
"""
from __future__ import annotations

import os
import stat
import sys
import zlib
from collections.abc import Callable
from functools import wraps
from io import BufferedReader
from typing import Any, ParamSpec

import pygame

from games.core.loop import assets

FORMAT = b"PARLOUR-SPRITE 2"
MAX_BYTES = 64 * 1024 * 1024      # the whole folder
MAX_FILE = 16 * 1024 * 1024        # one sprite: larger ones are painted every time
_folder: list[str | None] = [None]

P = ParamSpec("P")


def use_folder(folder: str | None) -> None:
    """Keep sprites in `folder` (made when the first is written); None: keep none."""
    _folder[0] = folder


def folder() -> str | None:
    return _folder[0]


def key_of(name: str, version: int, args: tuple[object, ...], kwargs: dict[str, object]) -> bytes:
    """Everything that changes the pixels, as the bytes a file must hold to be used."""
    return repr((name, version, args, sorted(kwargs.items()), assets.text_scale(),
                 pygame.version.ver)).encode()


def file_name(key: bytes) -> str:
    return f"{zlib.crc32(key):08x}{zlib.adler32(key):08x}.sprite"


def encode(key: bytes, surface: pygame.Surface) -> bytes:
    """The file: a header line (size, whether it is see-through, the pixels' checksum, the
    key's length), the key, then the pixels as BGRA (the display's own order on the platforms
    pygame-ce ships for, so reading them back converts little)."""
    alpha = 1 if surface.get_flags() & pygame.SRCALPHA else 0
    pixels = pygame.image.tobytes(surface, "BGRA")
    width, height = surface.get_size()
    head = f"{width} {height} {alpha} {zlib.adler32(pixels)} {len(key)}\n".encode()
    return FORMAT + b"\n" + head + key + pixels


def header_of(data: bytes) -> tuple[int, int, int, int, int, int] | None:
    """The header's fields (width, height, whether see-through, the pixels' checksum, the
    key's length) and where the key starts in `data`; None if it is not a sprite's."""
    start = FORMAT + b"\n"
    if not data.startswith(start):
        return None
    end = data.find(b"\n", len(start), len(start) + 80)
    if end < 0:
        return None
    try:
        width, height, alpha, check, length = (
            int(field) for field in data[len(start):end].decode("ascii").split(" "))
    except ValueError:      # not five fields, not numbers, not ASCII
        return None
    if not (0 < width <= 8192 and 0 < height <= 8192) or alpha not in (0, 1):
        return None
    return width, height, alpha, check, length, end + 1


def decode(key: bytes, data: bytes) -> pygame.Surface | None:
    """The sprite in `data` if it is whole and painted for `key`; else None."""
    fields = header_of(data)
    if fields is None:
        return None
    width, height, alpha, check, length, body = fields
    pixels = memoryview(data)[body + length:]     # no copy
    if length != len(key) or data[body:body + length] != key or \
            len(pixels) != width * height * 4 or zlib.adler32(pixels) != check:
        return None
    # frombuffer shares `data`; convert and copy make the sprite its own pixels
    shared = pygame.image.frombuffer(pixels, (width, height), "BGRA")
    if pygame.display.get_surface() is not None:
        return shared.convert_alpha() if alpha else shared.convert()
    if alpha:
        return shared.copy()
    opaque = pygame.Surface((width, height))
    opaque.blit(shared, (0, 0))
    return opaque


def open_regular(path: str) -> BufferedReader:
    """The regular file at `path`, opened to read: without blocking (a FIFO in its place never
    hangs) and checked with fstat (a device is refused); OSError for anything else."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise OSError(f"{path} is not a regular file")
    return os.fdopen(handle, "rb")


def read(key: bytes, name: str | None = None) -> pygame.Surface | None:
    """The sprite kept for `key` (in the file `name`, else the key's own), or None."""
    place = _folder[0]
    if place is None:
        return None
    try:
        with open_regular(os.path.join(place, name or file_name(key))) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_FILE:
                return None
            # What fstat said (a read of MAX_FILE + 1 would make room for all of that first,
            # which costs more than reading a whole picture); a file grown since is cut short.
            data = handle.read(size)
    except OSError:
        return None
    return decode(key, data)


def holds_bgra(surface: pygame.Surface) -> bool:
    """Whether the surface's pixels are a file's as they lie (an opaque 32-bit surface in the
    display's usual order, its rows packed): then a picture is read straight into them."""
    return sys.byteorder == "little" and surface.get_bitsize() == 32 and \
        surface.get_masks()[:3] == (0xFF0000, 0xFF00, 0xFF) and \
        not surface.get_flags() & pygame.SRCALPHA and surface.get_pitch() == surface.get_width() * 4


def read_into(surface: pygame.Surface, key: bytes, name: str) -> bool:
    """Read the opaque picture kept for `key` in the file `name` straight into `surface`'s
    pixels (a whole screen's worth: no copy made on the way, nothing converted). False if
    there is none whole for `key` of the surface's size, or the surface's pixels are not laid
    out as the file's: the surface may then hold part of it, to be painted over."""
    place = _folder[0]
    width, height = surface.get_size()
    if place is None or not holds_bgra(surface):
        return False
    try:
        with open_regular(os.path.join(place, name)) as handle:
            start = handle.read(len(FORMAT) + 82 + len(key))   # the header is under 82 bytes
            fields = header_of(start)
            if fields is None or fields[:3] != (width, height, 0) or fields[4] != len(key) \
                    or start[fields[5]:fields[5] + len(key)] != key:
                return False
            handle.seek(fields[5] + len(key))
            pixels: Any = surface.get_view("1")   # a buffer, though its stub does not say so
            try:
                return handle.readinto(pixels) == width * height * 4 and \
                    not handle.read(1) and zlib.adler32(pixels) == fields[3]
            finally:
                del pixels    # unlocks the surface
    except (OSError, ValueError, pygame.error):
        return False


def write(key: bytes, surface: pygame.Surface, name: str | None = None) -> None:
    """Keep the sprite (a whole file or none: written aside, then moved into place), then
    trim the folder to its bound. `name` (ending .sprite) names the file instead of the key,
    for a picture of which only the latest is worth keeping. A folder that cannot be written
    is left alone."""
    place = _folder[0]
    if place is None:
        return
    data = encode(key, surface)
    if len(data) > MAX_FILE:
        return
    path = os.path.join(place, name or file_name(key))
    try:
        os.makedirs(place, exist_ok=True)
        aside = f"{path}.{os.getpid()}.tmp"
        with open(aside, "wb") as handle:
            handle.write(data)
        os.replace(aside, path)
        trim(place, MAX_BYTES)
    except OSError:
        pass


def trim(place: str, bound: int) -> None:
    """Remove the oldest sprites (and any temporary file left behind) until the folder's
    sprites come to at most `bound` bytes."""
    files = []
    for entry in os.scandir(place):
        if entry.is_file(follow_symlinks=False) and ".sprite" in entry.name:
            stat = entry.stat(follow_symlinks=False)
            files.append((stat.st_mtime, stat.st_size, entry.path))
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= bound:
            break
        try:
            os.remove(path)
            total -= size
        except OSError:
            pass


def kept(name: str, version: int) -> Callable[[Callable[P, pygame.Surface]],
                                              Callable[P, pygame.Surface]]:
    """A painter whose pictures are kept on disk (raise `version` whenever what it paints
    changes). Its arguments must have a repr that says all they are (numbers, strings,
    tuples of them); put lru_cache over it to keep them in memory too."""
    def decorate(paint: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
        @wraps(paint)
        def painted(*args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
            if _folder[0] is None:
                return paint(*args, **kwargs)
            key = key_of(name, version, args, kwargs)
            surface = read(key)
            if surface is None:
                surface = paint(*args, **kwargs)
                write(key, surface)
            return surface
        return painted
    return decorate
