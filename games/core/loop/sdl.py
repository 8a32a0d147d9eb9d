"""The few SDL calls pygame-ce does not expose, made through ctypes on the SDL library that
pygame-ce itself loaded (so both talk to the same SDL state)."""
from __future__ import annotations

import ctypes
import glob
import os
from functools import lru_cache

import pygame


@lru_cache(maxsize=1)
def library():
    """pygame-ce's bundled SDL2, or the system's; None if neither can be found."""
    folder = os.path.join(os.path.dirname(pygame.__file__), os.pardir, "pygame_ce.libs")
    candidates = (glob.glob(os.path.join(folder, "libSDL2-2*.so*"))
                  + glob.glob(os.path.join(os.path.dirname(pygame.__file__), "SDL2*.dll"))
                  + glob.glob(os.path.join(os.path.dirname(pygame.__file__), ".dylibs",
                                           "libSDL2*.dylib"))
                  + ["libSDL2-2.0.so.0", "SDL2.dll", "libSDL2.dylib"])
    for name in candidates:
        try:
            sdl = ctypes.CDLL(name)
        except OSError:
            continue
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        sdl.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        return sdl
    return None


def allow_fractional_scaling(window: pygame.Window) -> bool:
    """pygame's SCALED mode scales by whole numbers only, so a 1920x1080 picture in a smaller
    window or on a smaller screen is cropped instead of shrunk. Allow any scale."""
    sdl = library()
    if sdl is None:
        return False
    handle = sdl.SDL_GetWindowFromID(window.id)
    renderer = sdl.SDL_GetRenderer(handle) if handle else None
    return bool(renderer) and sdl.SDL_RenderSetIntegerScale(renderer, 0) == 0
