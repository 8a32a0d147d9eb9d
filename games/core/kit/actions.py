"""What a player does, whatever the device: the actions scenes react to (docs/DESIGN.md, "Input").

Pure: games/core/loop/input.py turns pygame events into these; a game's input interpretation
reads them without pygame, so it can be tested as plain data.
"""
from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


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
    NEW = "new"            # N: a new game (the setup screen)
    # typing
    DIGIT = "digit"        # value: 0..9
    CLEAR = "clear"        # Backspace, Delete
    KEY = "key"            # value: a letter a..z that the scene on top did not declare
    COMMAND = "command"    # value: a Command, from a letter the scene on top declared
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


class Action(NamedTuple):
    """One thing the player did (a NamedTuple, as every record the first frame defines: a
    tenth of a frozen dataclass's cost to define)."""
    kind: Act
    device: Device = Device.KEYBOARD
    pos: tuple[int, int] | None = None   # pointer actions, in logical screen coordinates
    dx: int = 0
    dy: int = 0
    value: object = None       # DIGIT: the digit; KEY: the letter; TEXT: the text
    alt: bool = False          # PRESS/RELEASE: the alternate (right) button


class Command(StrEnum):
    """A game's own commands: one letter each, the same meaning wherever a game has it
    (docs/DESIGN.md, "Keys"). A game declares its own in info.py (COMMANDS); the input turns
    the letter into Act.COMMAND for the scene that declared it."""
    SOLVE = "solve"              # S: the computer plays the solution (games with a solver)
    DRAW = "draw"                # D: offer a draw (two-player games with draws)
    FLIP = "flip"                # F: turn the board round
    TEACH = "teach"              # T: the teaching view (Nim)
    GUESS = "guess"              # G: put the order forward as a guess (DeducTile)
    OPTIONS = "options"          # O: the Options panel (two-player games)
    CANDIDATES = "candidates"    # C: fill every cell's candidates (Calcoolation)
    AUTOCLEAR = "autoclear"      # A: auto-clear on or off (Calcoolation)
    LEGEND = "legend"            # L: the colour legend (Mu Torere)
    BOARD_STYLE = "board_style"  # B: the board's style (Mu Torere)
    EDIT = "edit"                # E: edit the heaps (Nim's custom start)
    YES = "yes"                  # Y: a question's answer
    NO = "no"                    # N: ... and the other one
    LEARN = "learn"              # L on a rules screen opened from a setup screen: the lesson
    HELPER = "helper"            # K: the cage helper on or off (Calcoolation)


LETTERS: dict[Command, str] = {
    Command.SOLVE: "s", Command.DRAW: "d", Command.FLIP: "f", Command.TEACH: "t",
    Command.GUESS: "g", Command.OPTIONS: "o", Command.CANDIDATES: "c", Command.AUTOCLEAR: "a",
    Command.LEGEND: "l", Command.BOARD_STYLE: "b", Command.EDIT: "e", Command.YES: "y",
    Command.NO: "n", Command.LEARN: "l", Command.HELPER: "k"}
"""Each command's one letter, across the collection."""


class Binding(NamedTuple):
    """A game's command as its info.py declares it: the command, its words (the toolbar
    button's and the rules screen's), whether it has a toolbar button (else it is reached
    where the words say, e.g. a panel), and whether it plays (dimmed once the game is over)."""
    command: Command
    words: str
    toolbar: bool = True
    plays: bool = False
    where: str = ""              # without a toolbar button: where a pad reaches it

    @property
    def letter(self) -> str:
        return LETTERS[self.command]

    @property
    def label(self) -> str:
        """The toolbar button's words: 'Solve (S)'."""
        return f"{self.words} ({self.letter.upper()})"


class FrameKey(NamedTuple):
    """One of the frame's verbs, the same in every game, by device (for the rules screen)."""
    verb: str
    mouse: str
    keyboard: str
    pad: str


FRAME_KEYS = (
    FrameKey("Act", "left click (drag where pieces move)", "Enter or Space", "A"),
    FrameKey("Move the cursor", "point", "arrows", "d-pad or left stick"),
    FrameKey("The toolbar's buttons", "click them", "Down past the bottom of the board",
             "down past the bottom of the board; Up comes back"),
    FrameKey("Next / previous useful place", "", "Tab / Shift+Tab", "triggers"),
    FrameKey("Cancel what is held or armed, else the menu", "", "Esc", "B"),
    FrameKey("Menu", "Menu button", "P", "Start"),
    FrameKey("Undo", "Undo button", "U or Ctrl+Z", "LB"),
    FrameKey("Redo", "Redo button", "R or Ctrl+Y", "RB"),
    FrameKey("Hint", "Hint button", "H", "Y"),
    FrameKey("Rules", "Rules button", "F1", "Back"),
    FrameKey("New game", "the menu", "N", "the menu"),
    FrameKey("Full screen", "", "F11", ""),
)
"""The frame's keys: the rules screen's Controls section lists these, then the game's
alternate action and commands (games/core/kit/controls.py, controls_rows)."""
ALTERNATE = FrameKey("", "right button", "X or Shift+Enter", "X")
"""The alternate action's keys; its verb is the game's (its data's alternate)."""
