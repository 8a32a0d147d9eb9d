"""DeducTile's notes grid, pure: two grids the player marks beside the tiles, shape x place and
colour x place, each cell empty, "not here" (a cross) or "here" (a tick). The notes are the
player's own: they show nothing the player did not mark, so they count as no help
(docs/RULES.md). They are part of the position (a NOTE move sets one cell), so undo takes a
mark back and a saved game keeps them.

A cell is numbered grid * N * N + place * N + item: grid 0 the shapes, 1 the colours; place
0 the first (top) tile; item the shape's or colour's number (clues.SHAPES, clues.COLOURS).
"""
from __future__ import annotations

from games.deductile.clues import COLOURS, SHAPES

EMPTY, NO, YES = 0, 1, 2
MARKS = (EMPTY, NO, YES)
GRIDS = ("shape", "colour")


def count(tiles: int) -> int:
    """The cells of both grids."""
    return len(GRIDS) * tiles * tiles


def cell(tiles: int, grid: int, place: int, item: int) -> int:
    return (grid * tiles + place) * tiles + item


def where(tiles: int, index: int) -> tuple[int, int, int]:
    """(grid, place, item) of a cell."""
    grid, rest = divmod(index, tiles * tiles)
    place, item = divmod(rest, tiles)
    return grid, place, item


def mark_of(notes: tuple[int, ...], index: int) -> int:
    """A cell's mark (a state without notes has them all empty)."""
    return notes[index] if index < len(notes) else EMPTY


def next_mark(mark: int, back: bool = False) -> int:
    """A click's new mark: empty, then cross, then tick, round again (back: the other way)."""
    return MARKS[(MARKS.index(mark) + (-1 if back else 1)) % len(MARKS)]


def marked(notes: tuple[int, ...], tiles: int, index: int, mark: int) -> tuple[int, ...]:
    """The notes with one cell set; () once every cell is empty again, so a position whose
    marks were all taken off is the position it was."""
    full = list(notes) or [EMPTY] * count(tiles)
    full[index] = mark
    return tuple(full) if any(full) else ()


def implied(notes: tuple[int, ...], tiles: int) -> frozenset[int]:
    """The empty cells a tick rules out: the rest of its row and its column in its grid (a
    place holds one shape and one colour; each is in one place)."""
    out: set[int] = set()
    for index, mark in enumerate(notes):
        if mark == YES:
            grid, place, item = where(tiles, index)
            out.update(cell(tiles, grid, place, other) for other in range(tiles))
            out.update(cell(tiles, grid, other, item) for other in range(tiles))
    return frozenset(index for index in out if mark_of(notes, index) == EMPTY)


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def words(tiles: int, index: int, mark: int) -> str:
    """A note as the replay lists it: 'Noted the Circle is not 2nd', 'Noted the Red tile is
    1st', 'Cleared the note on the Star at 3rd'."""
    grid, place, item = where(tiles, index)
    thing = f"the {SHAPES[item].capitalize()}" if grid == 0 else \
        f"the {COLOURS[item].capitalize()} tile"
    if mark == EMPTY:
        return f"Cleared the note on {thing} at {ORDINALS[place]}"
    return f"Noted {thing} is {'not ' if mark == NO else ''}{ORDINALS[place]}"


def encode(notes: tuple[int, ...]) -> str:
    """As the state's text holds them: one digit a cell, or '-' for none."""
    return "".join(map(str, notes)) or "-"


def decode(text: str, tiles: int) -> tuple[int, ...]:
    """ValueError unless it is '-' or a digit 0-2 for every cell."""
    if text == "-":
        return ()
    if len(text) != count(tiles) or any(ch not in "012" for ch in text):
        raise ValueError(f"the notes are {count(tiles)} digits 0-2, not {text!r}")
    found = tuple(int(ch) for ch in text)
    return found if any(found) else ()
