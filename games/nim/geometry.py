"""Where Nim's heaps stand for one width of the heap area: column centres, counter size."""
from __future__ import annotations

import pygame

from sprites import nim as paint


class Geometry:
    """Where the heaps stand for one width of the heap area: column centres, counter size."""

    def __init__(self, area: pygame.Rect, columns: int, tallest: int, width: int | None = None,
                 thickness: int | None = None) -> None:
        """`width` and `thickness` given: counters of that size (the other arrangement's)."""
        self.column = area.width / max(columns, 1)
        if width is None or thickness is None:
            face_room = 40
            thickness = int(max(26, min(66, (area.height - face_room) / max(tallest, 1))))
            width = int(max(60, min(self.column * 0.8, thickness * 4.2 + 50, 270)))
        self.width, self.thickness = width, thickness
        self.face = paint.face_height(width)
        self.base = area.bottom
        self.xs = [area.left + self.column * (k + 0.5) for k in range(columns)]
