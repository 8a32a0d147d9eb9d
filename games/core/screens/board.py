"""The seam between the frame and a game: the game's Board, and the Table the frame gives it.

The frame (games/core/screens/frame.py) owns the Session, the HUD and toolbar, the verbs (undo,
redo, hint, Solve, the result), the one input dispatch and, in a two-player game, who plays
each side (games/core/screens/versus.py). It holds a small Board from the game (its class in
games/<key>/scene.py, made with the Table): what an action means on the board, how a change
animates, the drawing, and the words of its HUD and result. A move crosses twice:

    frame.handle(action) -> board.read(action)         the board's answer: Play, Look, Refuse,
                                                        Do (a verb) or None
                         -> the frame plays the move through the Session
                         -> board.animate(change)       tweens from (old, new, direction)

and the frame tells the board how its answer went (look, played, refused), so the board's
own reactions (a drag that starts, a sound, a piece sliding home) stay the game's.

Board is a Protocol with a default for every hook but read(), animate() and draw(): a game's
board subclasses it for those defaults (a Protocol, not the frame: a game never subclasses the
frame), and overrides what its game needs. Table is the frame as a board sees it: the game's
position and record, the services every game shares (saying, sounds, tweens, preferences), and
in a two-player game its Versus (who plays, the computer's pick, the graded moves). A board
reads the frame only through it (mypy holds it to that), and changes the game only through
its answers and the moves it makes itself (table.play: a guess, a clock run out).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from games.core.kit.actions import Action, Command
    from games.core.kit.controls import Answer, Play, Refuse
    from games.core.kit.game import Game
    from games.core.kit.prefs import Preferences
    from games.core.kit.session import Change, Session
    from games.core.loop.app import App, Scene
    from games.core.loop.jobs import Jobs
    from games.core.loop.tween import Tweens
    from games.core.screens.solving import SolvePlayer
    from games.core.screens.versus import Versus
    from games.core.screens.widgets import Row

HudField = tuple[str, ...]     # (name, value) or (name, value, widest value)
TURN_GAP = -0.15   # seconds between the moves of an undone turn (negative: they overlap)


def two_sides(table: Table) -> Versus:
    """The Versus policy of a two-player game's table (the frame holds one for each)."""
    if table.versus is None:
        raise ValueError(f"{table.game.title} is played by two sides: its frame holds a Versus")
    return table.versus


def chain(changes: Sequence[Change[Any, Any]], step: Callable[[Change[Any, Any], float], float],
          gap: float = TURN_GAP) -> None:
    """Animate a whole turn's changes one after the other (a board's animate_turn):
    `step(change, delay)` starts one `delay` seconds from now and says when it ends; the next
    starts `gap` after that."""
    delay = 0.0
    for change in changes:
        delay = max(delay, step(change, delay) + gap)


class Table(Protocol):
    """What the frame gives a game's board (the frame itself, seen through this)."""

    @property
    def game(self) -> Game[Any, Any, Any]: ...

    @property
    def session(self) -> Session[Any, Any, Any]: ...

    @property
    def state(self) -> Any: ...

    @property
    def over(self) -> bool: ...

    @property
    def recorded(self) -> bool: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def board_rect(self) -> pygame.Rect: ...

    @property
    def tweens(self) -> Tweens: ...

    @property
    def prefs(self) -> Preferences: ...

    @property
    def play_options(self) -> dict[str, Any]: ...

    @property
    def versus(self) -> Versus | None: ...

    @property
    def hints(self) -> int: ...

    @property
    def solve_used(self) -> bool: ...

    @property
    def solver(self) -> SolvePlayer:
        """Solve as the computer plays it, to read: asked for or playing (active), the moves
        it has still to play (queue), whether it played the game's last move (finished)."""

    @property
    def jobs(self) -> Jobs:
        """The app's background jobs (their ends wake the loop)."""

    @property
    def settings(self) -> Mapping[str, Any]:
        """The player's settings (settings.json: show_errors, ...), to read."""

    @property
    def device(self) -> str: ...

    @property
    def on_top(self) -> bool:
        """Nothing covers the game (under a dialog, the pointer's previews hide)."""

    def show_cursor(self) -> bool: ...

    def animations_on(self) -> bool: ...

    def by_device(self, mouse: str, keyboard: str, pad: str) -> str: ...

    def hud_layout(self) -> list[tuple[str, str, int]]:
        """(name, value, right edge) of each HUD field shown (a hidden clock is left out)."""

    def say(self, words: str) -> None: ...

    def refuse(self, words: str) -> None: ...

    def quiet(self) -> None:
        """Drop the message on show (the status line says what the board shows now)."""

    def sound(self, name: str) -> None: ...

    def set_pref(self, name: str, value: Any) -> None: ...

    def count_hint(self) -> None: ...

    def note(self, name: str, amount: int = 1) -> int:
        """Add to a counter of the game's record (help, penalties); undo never refunds."""

    def play(self, move: Any) -> Change[Any, Any] | None:
        """A move of the board's own (DeducTile's guess, its clock run out), played as an
        answer's is; None when the rules refused it (said already)."""

    def open_over(self, make: Callable[[App], Scene]) -> None:
        """Open a screen of the board's over the game (Ishido's question to the Oracle)."""

    def best_entries(self) -> list[dict[str, Any]]: ...

    def new_game(self) -> None: ...

    def begin(self, desc: str, params: Any = None) -> None:
        """Start afresh from another starting position (Nim's heap editor, the bench)."""


class Board(Protocol):
    """A game's board, as the frame calls it. Subclassed for the defaults below."""
    table: Table
    ui: Any                      # the game's UI state (its controls.py's Ui): cursor, held piece
    timed: bool = False          # a running clock: pausing hides the board
    clock_field: str = "Time"    # its HUD field (the clock setting may hide it)
    result_pause: float = 0.6    # seconds after the last animation lands, before the result
    round_spots: bool = False    # the lesson's highlights are rings, not boxes

    # --- input: the frame dispatches the answer -------------------------------------------
    def read(self, action: Action) -> Answer:
        """What an action on the board means: find the target under the pointer, follow a
        drag, and interpret (the game's controls.py)."""
        ...

    def look(self, ui: Any, action: Action) -> None:
        """A Look (or the UI state after a Play): take it, with its sound or drag."""
        self.ui = ui

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        """A Play went to the Session: `change` is what it did (animated already), None when
        the rules refused it (said already). Default: take the UI state when it was made."""
        if change is not None:
            self.look(answer.ui, action)

    def refused(self, answer: Refuse, action: Action) -> None:
        """A Refuse was said (with the wrong sound): any reaction of the board's own."""
        return None

    def holds_play(self) -> str | None:
        """Words why nobody may play or step through the game now (Nim's heap editor is
        open: the computer waits, undo says so), or None."""
        return None

    def cancel(self) -> bool:
        """Esc and B: drop what is armed, held or selected; True if there was something."""
        return False

    def interrupt(self) -> None:
        """Undo, redo or restart is about to change the position: drop whatever is in hand."""
        return None

    def cursor_look(self) -> Any:
        """Where the player's cursor or focus is (default: the UI state): a step down that
        leaves it the same goes on to the toolbar."""
        return self.ui

    def has_alternate(self) -> bool:
        """Whether X and the right button mean anything now (default: the game's data)."""
        return self.table.game.data.alternate is not None

    def commands(self) -> Mapping[Command, Callable[[], Answer]]:
        """What the game's own commands do (its data's table: letters and buttons): each
        acts, or answers as read() does (a move to play, say) for the frame to carry out."""
        return {}

    def command_ready(self, command: Command) -> bool:
        return True

    # --- the verbs the game fills in ---------------------------------------------------------
    def hint(self) -> None:
        """The hint of a one-player game (H, Y, the toolbar), counted in the game's record."""
        self.table.say("No hint for this game.")

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now (a two-player game's board), in words, or None."""
        return None

    def hinted(self) -> None:
        """A two-player game's graded moves were asked for: the board's part (its cursor on
        the best move, say)."""
        return None

    def can_hint(self) -> bool:
        return not self.table.over

    def solution(self) -> list[Any] | str | None:
        """Solve's moves from here (a list), why there are none (words), or None while the
        game's solver works."""
        return "This game has no solver."

    def solve_move(self, move: Any) -> Answer:
        """The answer that plays one of Solve's moves: Play(move, the UI state with the
        board's cursor on it). Only a game with a solver is asked."""
        from games.core.kit.controls import Refuse
        return Refuse("This game has no solver.")

    def demo_move(self) -> Any:
        """The scripted player's next move (default: the game's computer player's)."""
        return None

    def move_words(self, move: Any) -> str:
        """A move in words: the move log, the review's and the replay's panel."""
        return str(move.encode())

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        """The sound of a move the frame played (None: the board makes its own); an agreed
        draw is placed, not moved."""
        versus = self.table.versus
        return "place" if versus is not None and change.move == versus.draw_move else "move"

    # --- time and animation ------------------------------------------------------------------
    def animate(self, change: Change[Any, Any]) -> None:
        """Start tweens for a change (change.direction is -1 on undo)."""
        ...

    def rest(self) -> None:
        """Show the position at rest: forget the animations of earlier changes (a jump in a
        review shows the new position as it stands)."""
        return None

    def changed(self, change: Change[Any, Any]) -> None:
        """After a change of the position of any kind (a move, undo, redo, restart), once it
        is animated: settle the cursor, forget what the old position showed."""
        return None

    def tick(self, dt: float) -> None:
        """Per-step logic beyond tweens (a countdown, a panel sliding)."""
        return None

    def next_change(self) -> float | None:
        """Seconds until the board's picture changes by itself; None when only input does."""
        return None

    # --- drawing (it changes nothing) --------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What draw() draws over: the background, or the board's calm parts kept as one
        picture (a Backdrop, screens/cache.py)."""
        from games.core.screens import ui
        surface.fill(ui.BG)

    def draw(self, surface: pygame.Surface) -> None:
        """The position, the UI state and the tweens in flight."""
        ...

    def draw_hud(self, surface: pygame.Surface) -> None:
        """Anything the board adds to the HUD's band (Nim's rule line)."""
        return None

    def hud_fields(self) -> Sequence[HudField]:
        """(name, value) pairs, right to left from the HUD's right edge."""
        return [("Moves", str(self.table.session.moves_made))]

    def hud_colour(self, name: str) -> tuple[int, int, int]:
        from games.core.screens import ui
        return ui.ACCENT

    def lesson_spot(self, thing: Any) -> pygame.Rect | None:
        """The screen rect round a board thing the lesson highlights."""
        return None

    # --- the result ------------------------------------------------------------------------
    def final_score(self) -> Any:
        return self.table.game.rules.score(self.table.state)

    def score_text(self, score: Any) -> str:
        return str(score)

    def entered(self, rank: int | None) -> None:
        """The game's first ending went into the history (rank: its place among the best
        scores, or None): reread what the board shows of the best."""
        return None

    def ranked(self) -> bool | None:
        """Whether this ending may enter the best results; None: the frame's rule (a win in
        which Solve was not used)."""
        return None

    def result_title(self) -> str | None:
        """The result's title when the game words it its own way; None: the frame's."""
        return None

    def result_reason(self) -> str | None:
        return None

    def result_facts(self) -> list[tuple[str, str]] | None:
        """(label, value) one a line; None: the frame's (the score, or the moves)."""
        return None

    def result_notes(self) -> list[str] | None:
        """Sentences after the result's facts; None: the frame's (Solve's note)."""
        return None

    def result_mood(self) -> str | None:
        return None

    def status_line(self) -> str | None:
        """The status line's words when no message shows; None: the frame's."""
        return None

    # --- two players ------------------------------------------------------------------------
    def prompt(self) -> str:
        """Whose turn it is, and how to move, for the board's own prompt."""
        return ""

    def mark_move(self, surface: pygame.Surface, move: Any) -> None:
        """Draw the mark of the last move on the board."""
        return None

    def grade_spot(self, move: Any) -> tuple[float, float] | None:
        """Where the label of a graded move goes on the board (a centre), or None."""
        return None

    def best_path(self, state: Any, move: Any) -> list[tuple[float, float]]:
        """Where the review draws a better move on this board, as an arrow's points (the
        move shown on `state`); [] draws none."""
        return []

    def swatch(self, side: int, size: int) -> pygame.Surface | None:
        """A side's piece as a small picture (the move log, the cards)."""
        return None

    def side_name(self, side: int) -> str | None:
        """A side's name when the game names sides its own way (Mu Torere's colours)."""
        return None

    def option_rows(self) -> list[Row]:
        """The game's own rows in the Options panel (widgets.Choose / Amount / Do)."""
        return []

    def setting_up(self) -> Mapping[str, Any]:
        """New game opens the setup screen over the board: the choices it starts from in
        place of those last chosen ({}: those); the board may close what it has open."""
        return {}

    def drop_held(self) -> None:
        """Let go of whatever piece is picked up (a dialog is about to open)."""
        return None

    def new_position(self) -> None:
        """begin() has put another starting position in place: lay it out."""
        return None

    def animate_turn(self, changes: Sequence[Change[Any, Any]]) -> None:
        """A whole turn undone or redone at once (against the computer: its reply and your
        move): default, each animated in turn (versus.chain plays them one after another)."""
        for change in changes:
            self.animate(change)

    def on_quit(self) -> None:
        """The app is closing: keep whatever the board should."""
        return None

    def on_look_changed(self) -> None:
        """The palette or the text size changed: remake what was painted for the old."""
        return None


BoardMaker = Callable[[Table], Board]
