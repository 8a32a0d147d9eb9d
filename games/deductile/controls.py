"""DeducTile's input, pure (the shape is games/core/kit/controls.py): the UI state and what
each action means.

Mouse: drag a tile onto another (the left button swaps the tiles, the right button only their
colours); click a clue to strike it out, Guess to guess; click a cell of the notes grid to
mark it (empty, a cross, a tick; the right button goes the other way round). Keyboard and
gamepad: the cursor walks the tiles on the left, the notes grid beside them and the clues on
the right, with Guess below them (Tab and the triggers go through the tiles, the clues and
Guess in turn; holding a tile, through the tiles); Enter or A picks a tile up (X for its
colour only) and, on another tile, puts it down there; on a clue it strikes it out; on a
note it marks it (X the other way round). G, Guess and Enter or A on it guess (a command of
the game's table: the board carries it out).

The board supplies `target`: the place under the pointer, a Spot like the cursor's.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Do, Look, Play, cycle, step_grid
from games.core.kit.rules_api import Outcome
from games.deductile import notes as notebook, rules


class Column(StrEnum):
    """The places the cursor visits: the tiles, the notes grid beside them, the clues, and
    Guess below the clues."""
    TILES = "tiles"
    NOTES = "notes"
    CLUES = "clues"
    GUESS = "guess"


Spot = tuple[Column, int]       # a column and a place in it (Guess: 0; notes: the cell)


@dataclass(frozen=True)
class Held:
    """A tile picked up: to swap whole, or only its colour; carried by the mouse (a drag) or
    waiting, lifted, for the keyboard or pad to put it down."""
    tile: int
    colours_only: bool
    by_pointer: bool = False


@dataclass(frozen=True)
class Ui:
    """Where the player is and what they hold."""
    cursor: Spot = (Column.TILES, 0)
    held: Held | None = None


Answer = Play[Ui] | Look[Ui] | Do | None
GUESS = Do(Command.GUESS)


def home(state: rules.State) -> Spot:
    """Where the keyboard cursor starts: the first tile."""
    return Column.TILES, 0


def interpret(state: rules.State, ui: Ui, action: Action, target: Spot | None) -> Answer:
    """What `action` means on this board; `target` is the place under the pointer, if any."""
    if state.outcome != Outcome.ONGOING:
        return None
    kind = action.kind
    if kind == Act.PRESS:
        return press(state, ui, target, action.alt)
    if kind == Act.RELEASE:
        return drop(ui, target)
    if kind == Act.MOVE:
        return Look(replace(ui, cursor=step(state, ui, action.dx, action.dy)))
    if kind in (Act.NEXT, Act.PREV):
        place = cycle(places(state, ui), ui.cursor, 1 if kind == Act.NEXT else -1)
        return None if place is None or place == ui.cursor else Look(replace(ui, cursor=place))
    if kind in (Act.CONFIRM, Act.ALT):
        return use_cursor(state, ui, alternate=kind == Act.ALT)
    return None


def back(ui: Ui) -> Ui | None:
    """Cancel (Esc, B): put the held tile back; None when nothing is held (Cancel then opens
    the menu)."""
    return None if ui.held is None else replace(ui, held=None)


def note(state: rules.State, ui: Ui, index: int, back: bool) -> Play[Ui]:
    """Mark a cell of the notes grid: the next mark round (back: the one before)."""
    mark = notebook.next_mark(notebook.mark_of(state.notes, index), back)
    return Play(rules.Move(rules.NOTE, index, mark), ui)


def press(state: rules.State, ui: Ui, target: Spot | None, alt: bool) -> Answer:
    """A tile is picked up (the right button: its colour only); a clue is struck out; Guess
    guesses."""
    if target is None:
        return None
    column, index = target
    if column == Column.TILES:
        return Look(replace(ui, cursor=target, held=Held(index, alt, by_pointer=True)))
    if column == Column.CLUES:
        return Play(rules.Move(rules.STRIKE, index), replace(ui, cursor=target))
    if column == Column.NOTES:
        return note(state, replace(ui, cursor=target), index, back=alt)
    return None if alt else GUESS


def drop(ui: Ui, target: Spot | None) -> Answer:
    """The mouse lets go of the tile it carries: on another tile the two swap."""
    held = ui.held
    if held is None or not held.by_pointer:
        return None
    if target is None or target[0] != Column.TILES or target[1] == held.tile:
        return Look(replace(ui, held=None))
    return swap(replace(ui, held=None), held.tile, target[1], held.colours_only)


def places(state: rules.State, ui: Ui) -> list[Spot]:
    """Tab's and the triggers' order: the tiles, then (unless a tile is held, which goes only
    onto another tile) the clues and Guess."""
    tiles: list[Spot] = [(Column.TILES, k) for k in range(state.tiles)]
    if ui.held is not None:
        return tiles
    return tiles + [(Column.CLUES, k) for k in range(len(state.clues))] + [(Column.GUESS, 0)]


def step(state: rules.State, ui: Ui, dx: int, dy: int) -> Spot:
    """Arrows: up and down a column; right from the tiles across the notes grid to the clues
    (not while holding a tile), left back; down past the last clue to Guess."""
    column, index = ui.cursor
    tiles, clues = state.tiles, len(state.clues)
    holding = ui.held is not None and not ui.held.by_pointer
    if column == Column.TILES:
        if dx > 0 and not holding:
            return Column.NOTES, notebook.cell(0, index, 0)
        return Column.TILES, step_grid((index, 0), 0, dy, tiles, 1)[0]
    if column == Column.NOTES:
        grid, place, item = notebook.where(index)
        across = grid * tiles + item + dx           # the shapes' columns, then the colours'
        if across < 0:
            return Column.TILES, place
        if across >= 2 * tiles:
            return Column.CLUES, min(clues - 1, place)
        place = step_grid((place, 0), 0, dy, tiles, 1)[0]
        return Column.NOTES, notebook.cell(across // tiles, place, across % tiles)
    if column == Column.CLUES:
        if dx < 0:
            return Column.NOTES, notebook.cell(1, min(tiles - 1, index), tiles - 1)
        if dy > 0 and index == clues - 1:
            return Column.GUESS, 0
        return Column.CLUES, step_grid((index, 0), 0, dy, clues, 1)[0]
    if dy < 0:
        return Column.CLUES, clues - 1
    return (Column.TILES, tiles - 1) if dx < 0 else ui.cursor


def use_cursor(state: rules.State, ui: Ui, alternate: bool) -> Answer:
    """Enter or A on the cursor's place (X: a tile's colour only; a note's mark the other way
    round)."""
    column, index = ui.cursor
    if column == Column.GUESS:
        return GUESS
    if column == Column.CLUES:
        return Play(rules.Move(rules.STRIKE, index), ui)
    if column == Column.NOTES:
        return note(state, ui, index, back=alternate)
    held = ui.held
    if held is None:
        return Look(replace(ui, held=Held(index, alternate)))
    if held.by_pointer:           # the mouse has it
        return None
    if held.tile == index:        # put back where it was
        return Look(replace(ui, held=None))
    return swap(replace(ui, held=None), held.tile, index, held.colours_only)


def swap(ui: Ui, a: int, b: int, colours_only: bool) -> Play[Ui]:
    kind = rules.SWAP_COLOURS if colours_only else rules.SWAP
    return Play(rules.Move(kind, min(a, b), max(a, b)), ui)
