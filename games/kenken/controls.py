"""Calcoolation's input, pure (the shape is games/core/kit/controls.py): the UI state and what
each action means.

Mouse: click a cell and a number pad opens beside it (Pen / Pencil tabs, the digits, Clear);
right-click a cell to open it in pencil mode, right-click a pad digit for the other mode.
Keyboard: arrows move, digits write (0 or Backspace clears), X (the alternate action) switches
between pen and pencil, Enter opens the pad, Tab / Shift+Tab go to the next / previous empty
cell. Gamepad: the d-pad or stick moves, A opens a number wheel around the cell (the d-pad or
triggers turn it, A writes, B closes), X switches pen and pencil, the triggers go to the next
empty cell; the panel's buttons are reached by moving right off the grid. The letters (C fill
candidates, A auto-clear, S solve, K the cage helper) are the game's commands (info.py),
carried out by the board; the panel's Solve and New game are the frame's verbs (Do).

The solving aids (fillings.py): the grid highlights every cell holding the digit chosen on
the panel's Highlight row, or else the digit under the cursor; the cage helper, on or off,
lists in the panel the fillings the cursor's cage can still take.

The board supplies `target`, what the pointer is on (geometry.py says where things are): a
cell, the open pad (OnPad) or a panel button (OnButton).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from games.core.kit.actions import Act, Action, Command, Device
from games.core.kit.controls import Do, Look, Play, Refuse, cycle, nearest, step_grid
from games.core.kit.rules_api import IllegalMove
from games.kenken import geometry, rules
from games.kenken.cages import cell_name
from games.kenken.geometry import Button, Cell, ItemKind, Style


@dataclass(frozen=True)
class Pad:
    """The number pad (mouse, keyboard) or number wheel (gamepad) open at a cell."""
    cell: Cell
    style: Style
    pencil: bool              # its own mode: a right-click opens it in pencil mode
    focus: int                # the item (geometry.pad_items) with the focus


@dataclass(frozen=True)
class Ui:
    """Where the player is and what they hold."""
    cursor: Cell = (0, 0)
    pencil: bool = False      # pen or pencil mode
    autoclear: bool = True    # a written digit rubs itself out of its row's and column's
    #                           candidates (the player's remembered preference)
    panel: int | None = None  # the panel button (geometry.Layout.buttons) with the focus
    pad: Pad | None = None
    helper: bool = False      # the cage helper shows the cursor's cage's fillings
    highlight: int = 0        # the digit chosen to highlight (0: the cursor's digit, if any)

    @property
    def entry_pencil(self) -> bool:
        """Whether a digit typed now is a candidate."""
        return self.pad.pencil if self.pad else self.pencil


@dataclass(frozen=True)
class OnPad:
    """The pointer is on the open pad: on an item, or on its background (None)."""
    item: int | None


@dataclass(frozen=True)
class OnButton:
    """The pointer is on a panel button; `right`: on its right half (Pencil, on the mode
    switch)."""
    index: int
    right: bool = False


Target = Cell | OnPad | OnButton | None
Answer = Play[Ui] | Look[Ui] | Refuse | Do | None
NEW_GAME = Do(Act.NEW)            # the setup screen, with this game's choices
SOLVE = Do(Command.SOLVE)         # the frame's Solve (it asks once)


def home(state: rules.State) -> Cell:
    """Where the keyboard cursor starts: the top left cell."""
    return 0, 0


def interpret(state: rules.State, ui: Ui, action: Action, target: Target) -> Answer:
    """What `action` means on this grid; `target` is what the pointer is on, if anything."""
    kind = action.kind
    if kind == Act.POINT:     # the pad's focus follows the pointer
        if ui.pad and isinstance(target, OnPad) and target.item not in (None, ui.pad.focus):
            return Look(replace(ui, pad=replace(ui.pad, focus=target.item)))
        return None
    if kind == Act.PRESS:
        return press(state, ui, target, action.alt)
    if kind == Act.MOVE:
        return step(state, ui, action.dx, action.dy)
    if kind == Act.CONFIRM:
        if ui.pad:
            return activate(state, ui, ui.pad.focus, alt=False)
        if ui.panel is not None:
            return use_button(state, ui, ui.panel, None)
        if rules.status(state).over:
            return None
        return Look(open_pad(state, ui, Style.WHEEL if action.device == Device.PAD
                             else Style.PAD, ui.pencil))
    if kind == Act.ALT:
        return Look(with_pencil(ui, not ui.entry_pencil))
    if kind == Act.DIGIT and isinstance(action.value, int):
        return type_digit(state, ui, action.value)
    if kind == Act.CLEAR:
        return clear_cell(state, replace(ui, pad=None))
    if kind in (Act.NEXT, Act.PREV):
        forward = 1 if kind == Act.NEXT else -1
        return turn_pad(state, ui, forward, 0) if ui.pad else next_empty(state, ui, forward)
    if kind == Act.WHEEL:
        return turn_pad(state, ui, 0, action.dy) if ui.pad else None
    return None


def lit_digit(state: rules.State, ui: Ui) -> int:
    """The digit the grid highlights: the one chosen, else the one under the cursor (0:
    none)."""
    row, col = ui.cursor
    return ui.highlight or state.digits[row * state.size + col]


def toggle_helper(ui: Ui) -> Ui:
    return replace(ui, helper=not ui.helper)


def back(ui: Ui) -> Ui | None:
    """Cancel (Esc, B): close the pad, else leave the panel; None when there is nothing to
    drop (Cancel then opens the menu)."""
    if ui.pad:
        return replace(ui, pad=None)
    if ui.panel is not None:
        return replace(ui, panel=None)
    return None


# --- the pointer --------------------------------------------------------------------------------

def press(state: rules.State, ui: Ui, target: Target, alt: bool) -> Answer:
    if ui.pad and isinstance(target, OnPad):
        return None if target.item is None else activate(state, ui, target.item, alt)
    if isinstance(target, tuple):
        if ui.pad and ui.pad.cell == target and not alt:   # the same cell again closes it
            return Look(replace(ui, pad=None, panel=None))
        return Look(open_pad(state, replace(ui, cursor=target, panel=None), Style.PAD,
                             True if alt else ui.pencil))
    closed = replace(ui, pad=None)
    if isinstance(target, OnButton) and not alt:
        return use_button(state, closed, target.index, target.right)
    return Look(closed) if ui.pad else None


# --- the cursor, the panel's focus, the pad's focus ---------------------------------------------

def step(state: rules.State, ui: Ui, dx: int, dy: int) -> Answer:
    """Arrows: the pad's focus, or the panel's (row by row), or the grid's cursor (right off
    the grid goes to the panel, left off the start of a panel row comes back)."""
    if ui.pad:
        return turn_pad(state, ui, dx, dy)
    sheet = geometry.layout(state.size)
    if ui.panel is not None:
        return Look(replace(ui, panel=sheet.panel_step(ui.panel, dx, dy)))
    row, col = ui.cursor
    if col + dx >= state.size:
        return Look(replace(ui, panel=sheet.button_beside(row)))
    return Look(replace(ui, cursor=step_grid(ui.cursor, dx, dy, state.size, state.size)))


def turn_pad(state: rules.State, ui: Ui, dx: int, dy: int) -> Answer:
    """The wheel turns round; the pad's focus goes to the nearest item that way."""
    pad = ui.pad
    if pad is None:
        return None
    if pad.style == Style.WHEEL:
        order = range(len(geometry.pad_items(state.size, pad.style)))
        focus = cycle(order, pad.focus, 1 if dx > 0 or dy > 0 else -1)
    else:
        place = geometry.pad_place(state.size, pad.cell, pad.style)
        focus = nearest([geometry.centre(box) for box in place.boxes], pad.focus, dx, dy)
    return Look(replace(ui, pad=replace(pad, focus=pad.focus if focus is None else focus)))


def open_pad(state: rules.State, ui: Ui, style: Style, pencil: bool) -> Ui:
    """The pad or wheel at the cursor, its focus on the cell's digit (or 1)."""
    row, col = ui.cursor
    digit = state.digits[row * state.size + col] or 1
    focus = geometry.pad_items(state.size, style).index((ItemKind.DIGIT, digit))
    return replace(ui, pad=Pad(ui.cursor, style, pencil, focus))


def with_pencil(ui: Ui, pencil: bool) -> Ui:
    return replace(ui, pencil=pencil, pad=ui.pad and replace(ui.pad, pencil=pencil))


# --- what the player does -----------------------------------------------------------------------

def activate(state: rules.State, ui: Ui, index: int, alt: bool) -> Answer:
    """A pad item chosen (alt: the right button, the other mode's digit)."""
    pad = ui.pad
    if pad is None:
        return None
    kind, value = geometry.pad_items(state.size, pad.style)[index]
    ui = replace(ui, pad=replace(pad, focus=index))
    if kind == ItemKind.MODE:
        return Look(with_pencil(ui, bool(value)))
    if kind == ItemKind.CLEAR:
        return clear_cell(state, replace(ui, pad=None))
    if pad.pencil != alt:
        return toggle_candidate(state, ui, value)
    return enter_digit(state, replace(ui, pad=None), value)


def use_button(state: rules.State, ui: Ui, index: int, right: bool | None) -> Answer:
    """A panel button; the mode switch takes the half pointed at, else it switches."""
    sheet = geometry.layout(state.size)
    button = sheet.buttons[index][0]
    if button == Button.LIGHT:      # the same digit again: back to the cursor's
        digit = sheet.light_digit(index)
        return Look(replace(ui, highlight=0 if ui.highlight == digit else digit))
    if button == Button.HELPER:
        return Look(toggle_helper(ui))
    if button == Button.MODE:
        return Look(with_pencil(ui, not ui.pencil if right is None else right))
    if button == Button.FILL:
        return fill(state, ui)
    if button == Button.AUTOCLEAR:
        return Look(replace(ui, autoclear=not ui.autoclear))
    if button == Button.SOLVE:
        return solve(state, ui)
    return NEW_GAME


def here(state: rules.State, ui: Ui) -> tuple[int, int, int, int]:
    """The cursor's row and column, and the digit and candidates there."""
    row, col = ui.cursor
    index = row * state.size + col
    return row, col, state.digits[index], state.candidates[index]


def type_digit(state: rules.State, ui: Ui, digit: int) -> Answer:
    n = state.size
    if rules.status(state).over:
        return None
    if digit == 0:
        return clear_cell(state, replace(ui, pad=None))
    if digit > n:
        return Refuse(f"Digits on a {n} x {n} grid run from 1 to {n}.")
    if ui.entry_pencil:
        return toggle_candidate(state, ui, digit)
    return enter_digit(state, replace(ui, pad=None), digit)


def enter_digit(state: rules.State, ui: Ui, digit: int) -> Answer:
    row, col, current, _ = here(state, ui)
    if current == digit:      # the same digit again rubs it out
        return clear_cell(state, ui)
    return play(state, ui, pen_move(ui.autoclear, row, col, digit))


def toggle_candidate(state: rules.State, ui: Ui, digit: int) -> Answer:
    row, col, current, _ = here(state, ui)
    if current:
        return Refuse(f"{cell_name(row, col).capitalize()} holds a {current}: clear it (0 or "
                      f"Backspace) before pencilling candidates.")
    return play(state, ui, rules.Move(rules.TOGGLE, row, col, digit))


def clear_cell(state: rules.State, ui: Ui) -> Answer:
    """Empty the cursor's cell (`ui` is the state after, e.g. with the pad closed)."""
    if rules.status(state).over:
        return Look(ui)
    row, col, current, marks = here(state, ui)
    if not current and not marks:
        return Refuse(f"{cell_name(row, col).capitalize()} is already empty.")
    return play(state, ui, rules.Move(rules.CLEAR, row, col))


def next_empty(state: rules.State, ui: Ui, forward: int) -> Answer:
    """Tab and the triggers: the next (or previous) empty cell in reading order, round the
    grid; nothing when every cell holds a digit."""
    n = state.size
    empty = [divmod(i, n) for i, digit in enumerate(state.digits) if not digit]
    here_index = ui.cursor[0] * n + ui.cursor[1]
    ahead = sorted(empty, key=lambda cell: (forward * (cell[0] * n + cell[1] - here_index))
                   % (n * n) or n * n)
    if not ahead:
        return None
    return Look(replace(ui, cursor=ahead[0], panel=None))


def fill(state: rules.State, ui: Ui) -> Answer:
    return None if rules.status(state).over else play(state, ui, rules.Move(rules.FILL))


def solve(state: rules.State, ui: Ui) -> Answer:
    """The panel's Solve: the frame's Solve, which asks once."""
    return None if rules.status(state).over else SOLVE


def solution_moves(state: rules.State, autoclear: bool) -> list[rules.Move] | str:
    """Solve's moves: the solution's digit in every cell that does not hold it, in reading
    order; or why there are none."""
    answer = rules.solution(state)
    if answer is None:
        return "This puzzle has no single solution to fill in."
    n = state.size
    return [pen_move(autoclear, *divmod(i, n), digit)
            for i, digit in enumerate(answer) if state.digits[i] != digit]


def pen_move(autoclear: bool, row: int, col: int, digit: int) -> rules.Move:
    """A digit written with the pen (Auto-clear on: rubbed out of its row's and column's
    candidates too)."""
    return rules.Move(rules.PLACE_CLEAR if autoclear else rules.PLACE, row, col, digit)


def play(state: rules.State, ui: Ui, move: rules.Move) -> Play[Ui] | Refuse:
    """A move that changes something; one the rules refuse is explained instead."""
    try:
        rules.apply_move(state, move)
    except IllegalMove as error:
        return Refuse(str(error))
    return Play(move, ui)
