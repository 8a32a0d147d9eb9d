"""The system clipboard, through SDL (pygame-ce's scrap.put_text / get_text need no scrap.init).
Where a platform or driver has none, each call says so in one line instead of failing."""
from __future__ import annotations

import pygame

UNAVAILABLE = "The clipboard is not available here"
MOST_PASTED = 10_000   # characters read from the clipboard: the rest is not looked at


def copy(text: str) -> str:
    """Put text on the clipboard; '' when done, else why not (one line)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, OSError) as error:
        return f"{UNAVAILABLE} ({error or 'no clipboard'})."
    return ""


def paste() -> tuple[str, str]:
    """(the clipboard's text, at most MOST_PASTED characters; '' and why when there is none)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, OSError) as error:
        return "", f"{UNAVAILABLE} ({error or 'no clipboard'})."
    if not isinstance(text, str):
        return "", f"{UNAVAILABLE}."
    return text[:MOST_PASTED], "" if text else "The clipboard is empty."
