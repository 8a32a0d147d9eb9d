"""Files that ship with Parlour (fonts, sounds) found from source or from a frozen build,
and cached fonts and rendered text."""
from __future__ import annotations

import os
import sys
from functools import lru_cache

import pygame

# The bundle's folder when frozen; else the repository (this file is games/core/loop/assets.py).
ROOT = getattr(sys, "_MEIPASS",
               os.path.abspath(os.path.join(os.path.dirname(__file__), *[os.pardir] * 3)))


def resource(*parts: str) -> str:
    """The path of a shipped file, e.g. resource('fonts', 'DejaVuSans.ttf')."""
    return os.path.join(ROOT, *parts)


FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FAILURES = (OSError, ValueError, pygame.error)


def _load(name: str, size: int) -> pygame.font.Font:
    face = pygame.font.Font(resource("fonts", name), size)
    face.render("Ag", True, (0, 0, 0))   # a file of garbage loads, and fails only here
    return face


def font_problems() -> list[str]:
    """What is wrong with the shipped fonts, for the App to tell the player once at start
    (font() then uses pygame's own font in their place)."""
    problems = []
    for name in FONTS:
        try:
            _load(name, 20)
        except FAILURES as error:
            problems.append(f"The font {name} could not be used ({error}); using a plain one.")
    return problems


# The player's text size (settings["text_size"]): every font is this much bigger, so the
# screens that measure text with font() (fit_text, the HUD, the toolbar) make room for it.
TEXT_SCALES = {"normal": 1.0, "large": 1.2}
_text_scale = [1.0]


def text_scale() -> float:
    return _text_scale[0]


def set_text_size(name: str) -> bool:
    """Use a text size by its settings name (an unknown one is normal); True if it changed.
    Only the App calls this (App.apply_look)."""
    scale = TEXT_SCALES.get(name, 1.0)
    if scale == _text_scale[0]:
        return False
    _text_scale[0] = scale
    font.cache_clear()
    text.cache_clear()
    return True


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font for text of `size` at the 1920x1080 logical size, scaled by the text size."""
    size = round(size * _text_scale[0])
    try:
        return _load(FONTS[bold], size)
    except FAILURES:   # told at start (font_problems)
        return pygame.font.Font(None, int(size * 1.3))  # pygame's own font


@lru_cache(maxsize=512)   # rendered surfaces: bounded, ~10 MB at most
def text(words: str, size: int, colour: tuple[int, ...],
         bold: bool = False) -> pygame.Surface:
    """Rendered, antialiased text; cached because scenes redraw the same labels every frame."""
    return font(size, bold).render(words, True, colour)


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels."""
    face = font(size, bold)
    lines, line = [], ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
