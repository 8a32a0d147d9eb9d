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


def luminance(colour: Colour) -> float:
    """Relative luminance (WCAG 2.1): 0 for black, 1 for white."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(colour: Colour) -> Colour:
    """A mark on `colour`: a dark or a light tint of it, whichever stands out more."""
    dark, light = shade(colour, 0.2), shade(colour, 1.85)
    return dark if contrast(dark, colour) >= contrast(light, colour) else light
