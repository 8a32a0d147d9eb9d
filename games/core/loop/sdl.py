"""The few SDL calls pygame-ce does not expose, made through ctypes on the SDL library that
pygame-ce itself loaded (so both talk to the same SDL state)."""
from __future__ import annotations

import ctypes
import os
from collections.abc import Iterator
from functools import lru_cache

import pygame


def candidates() -> Iterator[str]:
    """Where SDL2 may be: pygame-ce's wheels bundle it (Linux, Windows, macOS), else the
    system's. Looked for one place at a time (the window opens after this: listing pygame's
    own folder, as glob did, cost more than the rest of it)."""
    here = os.path.dirname(pygame.__file__)
    for folder, prefix, suffix in ((os.path.join(here, os.pardir, "pygame_ce.libs"),
                                    "libSDL2-2", ".so"), (here, "SDL2", ".dll"),
                                   (os.path.join(here, ".dylibs"), "libSDL2", ".dylib")):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        yield from (os.path.join(folder, name) for name in names
                    if name.startswith(prefix) and suffix in name)
    yield from ("libSDL2-2.0.so.0", "SDL2.dll", "libSDL2.dylib")


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL | None:
    """pygame-ce's bundled SDL2, or the system's; None if neither can be found."""
    for name in candidates():
        try:
            sdl = ctypes.CDLL(name)
        except OSError:
            continue
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        return sdl
    return None


def usable_bounds(window: pygame.Window) -> tuple[int, int, int, int] | None:
    """The usable part (less task bars) of the display the window is on, as (x, y, width,
    height) in desktop coordinates; None where SDL cannot say."""
    sdl = library()
    if sdl is None:
        return None
    bounds = (ctypes.c_int * 4)()
    handle = sdl.SDL_GetWindowFromID(window.id)
    index = max(0, sdl.SDL_GetWindowDisplayIndex(ctypes.c_void_p(handle))) if handle else 0
    if sdl.SDL_GetDisplayUsableBounds(index, bounds) == 0 and bounds[2] > 0 and bounds[3] > 0:
        return bounds[0], bounds[1], bounds[2], bounds[3]
    return None
