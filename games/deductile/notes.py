"""DeducTile's notes grid, pure: two grids the player marks beside the tiles, shape x place and
colour x place, each cell empty, "not here" (a cross) or "here" (a tick). The notes are the
player's own: they show nothing the player did not mark, so they count as no help
(docs/RULES.md). They are part of the position (a NOTE move sets one cell), so undo takes a
mark back and a saved game keeps them.

A cell is numbered (grid * 6 + place) * 6 + item, whatever the number of tiles (so a NOTE
move means the same in every game): grid 0 the shapes, 1 the colours; place 0 the first
(top) tile; item the shape's or colour's number (clues.SHAPES, clues.COLOURS).
"""
from __future__ import annotations

from games.deductile.clues import COLOURS, SHAPES

EMPTY, NO, YES = 0, 1, 2
MARKS = (EMPTY, NO, YES)
GRIDS = ("shape", "colour")
SIDE = len(SHAPES)              # the most tiles: cells are numbered as if there were so many
COUNT = len(GRIDS) * SIDE * SIDE


def cell(grid: int, place: int, item: int) -> int:
    return (grid * SIDE + place) * SIDE + item


def where(index: int) -> tuple[int, int, int]:
    """(grid, place, item) of a cell."""
    grid, rest = divmod(index, SIDE * SIDE)
    place, item = divmod(rest, SIDE)
    return grid, place, item


def cells(tiles: int) -> list[int]:
    """The cells of a game of `tiles` tiles, in order (row by row of each grid)."""
    return [cell(grid, place, item) for grid in range(len(GRIDS)) for place in range(tiles)
            for item in range(tiles)]


def in_game(tiles: int, index: int) -> bool:
    grid, place, item = where(index)
    return 0 <= index < COUNT and place < tiles and item < tiles


def mark_of(notes: tuple[int, ...], index: int) -> int:
    """A cell's mark (a state without notes has them all empty)."""
    return notes[index] if 0 <= index < len(notes) else EMPTY


def next_mark(mark: int, back: bool = False) -> int:
    """A click's new mark: empty, then cross, then tick, round again (back: the other way)."""
    return MARKS[(MARKS.index(mark) + (-1 if back else 1)) % len(MARKS)]


def marked(notes: tuple[int, ...], index: int, mark: int) -> tuple[int, ...]:
    """The notes with one cell set; () once every cell is empty again, so a position whose
    marks were all taken off is the position it was."""
    full = list(notes) or [EMPTY] * COUNT
    full[index] = mark
    return tuple(full) if any(full) else ()


def implied(notes: tuple[int, ...], tiles: int) -> frozenset[int]:
    """The empty cells a tick rules out: the rest of its row and its column in its grid (a
    place holds one shape and one colour; each is in one place)."""
    out: set[int] = set()
    for index, mark in enumerate(notes):
        if mark == YES:
            grid, place, item = where(index)
            out.update(cell(grid, place, other) for other in range(tiles))
            out.update(cell(grid, other, item) for other in range(tiles))
    return frozenset(index for index in out if mark_of(notes, index) == EMPTY)


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def words(index: int, mark: int) -> str:
    """A note as the replay lists it: 'Noted the Circle is not 2nd', 'Noted the Red tile is
    1st', 'Cleared the note on the Star at 3rd'."""
    grid, place, item = where(index)
    thing = f"the {SHAPES[item].capitalize()}" if grid == 0 else \
        f"the {COLOURS[item].capitalize()} tile"
    if mark == EMPTY:
        return f"Cleared the note on {thing} at {ORDINALS[place]}"
    return f"Noted {thing} is {'not ' if mark == NO else ''}{ORDINALS[place]}"


def encode(notes: tuple[int, ...]) -> str:
    """As the state's text holds them: one digit a cell, or '-' for none."""
    return "".join(map(str, notes)) or "-"


def decode(text: str, tiles: int) -> tuple[int, ...]:
    """ValueError unless it is '-' or a digit 0-2 for every cell, none marked outside a game
    of `tiles` tiles."""
    if text == "-":
        return ()
    if len(text) != COUNT or any(ch not in "012" for ch in text):
        raise ValueError(f"the notes are {COUNT} digits 0-2, not {text!r}")
    found = tuple(int(ch) for ch in text)
    if any(mark and not in_game(tiles, index) for index, mark in enumerate(found)):
        raise ValueError(f"a note is marked outside a game of {tiles} tiles")
    return found if any(found) else ()
