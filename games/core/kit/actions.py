"""What a player does, whatever the device: the actions scenes react to (docs/DESIGN.md, "Input").

Pure: games/core/loop/input.py turns pygame events into these; a game's input interpretation
reads them without pygame, so it can be tested as plain data.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Act(StrEnum):
    """The kinds of action."""
    # the pointer
    POINT = "point"        # the mouse moved (pos)
    PRESS = "press"        # a button went down at pos (alt: the right button)
    RELEASE = "release"    # ... and came up
    WHEEL = "wheel"        # dy: +1 down, -1 up
    # the cursor and menus
    MOVE = "move"          # dx, dy: arrows, d-pad, stick
    CONFIRM = "confirm"    # Enter, Space, A
    ALT = "alt"            # the alternate action: X, Shift+Enter, pad X (the right button's twin)
    CANCEL = "cancel"      # Esc, B
    MENU = "menu"          # P, Start
    NEXT = "next"          # Tab, right trigger: the next useful place
    PREV = "prev"          # Shift+Tab, left trigger
    PAGE = "page"          # dy: +1 Page Down, -1 Page Up
    EDGE = "edge"          # dy: -1 Home, +1 End (the start or the end of a long text)
    # the frame's verbs
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    HELP = "help"          # the rules screen
    # typing
    DIGIT = "digit"        # value: 0..9
    CLEAR = "clear"        # Backspace, Delete
    KEY = "key"            # value: a letter a..z
    TEXT = "text"          # value: typed text
    COPY = "copy"          # Ctrl+C: the game ID to the clipboard
    PASTE = "paste"        # Ctrl+V: the clipboard into a text field
    # gamepads coming and going
    PAD_ADDED = "pad_added"
    PAD_LOST = "pad_lost"


class Device(StrEnum):
    MOUSE = "mouse"
    KEYBOARD = "keyboard"
    PAD = "pad"


POINTER = (Act.POINT, Act.PRESS, Act.RELEASE, Act.WHEEL)


@dataclass(frozen=True)
class Action:
    kind: Act
    device: Device = Device.KEYBOARD
    pos: tuple[int, int] | None = None   # pointer actions, in logical screen coordinates
    dx: int = 0
    dy: int = 0
    value: object = None       # DIGIT: the digit; KEY: the letter; TEXT: the text
    alt: bool = False          # PRESS/RELEASE: the alternate (right) button
