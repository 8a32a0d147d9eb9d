"""Which games deal a daily puzzle, and with what fixed parameters (documented in the README).
daily.py makes the deals; this is apart from it so that the launcher's first frame knows which
cards have a daily without importing the calendar. Pure."""
from __future__ import annotations

PARAMS = {
    "deductile": "tiles=4,difficulty=hard",
    "kenken": "size=6,difficulty=hard",
    "ishido": "rule=standard",
    "poggle": "size=6,colours=3",
}


def has_daily(key: str) -> bool:
    return key in PARAMS
