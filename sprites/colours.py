"""Colour arithmetic the sprites share (pure: no pygame)."""
from __future__ import annotations

Colour = tuple[int, int, int]


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1, towards black) or lighter (factor > 1, towards white)."""
    r, g, b = colour
    if factor <= 1:
        return int(r * factor), int(g * factor), int(b * factor)
    return (int(r + (255 - r) * (factor - 1)), int(g + (255 - g) * (factor - 1)),
            int(b + (255 - b) * (factor - 1)))
