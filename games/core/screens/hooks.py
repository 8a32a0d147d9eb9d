"""The hooks a game's scene fills in, as Protocols: what the frame (GameScene, VersusScene)
calls and when. The frame gives each hook a default (tests/test_architecture.py checks that
it has them all, and that they are the Protocols' own); a game's scene overrides what its game
needs (docs/ARCHITECTURE.md walks through them)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

    import pygame

    from games.core.kit.actions import Action, Command
    from games.core.kit.session import Change

HudField = tuple[str, ...]     # (name, value) or (name, value, widest value)


class GameHooks(Protocol):
    """Every game's scene."""

    def handle_game(self, action: Action) -> None:
        """Board input the frame does not take (undo, redo, menu, hint, rules, cancel are the
        frame's): select, move the cursor, drag, and hand a move to self.play(move)."""

    def cancel(self) -> bool:
        """Esc and B: drop what is armed, held or selected; True if there was something
        (only when nothing is does Cancel open the menu)."""

    def interrupt(self) -> None:
        """Undo, redo or restart is about to change the position: drop whatever is in hand
        (a held piece, a running solve, a computer's search)."""

    def animate(self, change: Change) -> None:
        """Start tweens for a change (change.direction is -1 on undo)."""

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What draw_board draws over: the background, or (a scene with calm parts) its
        Backdrop (screens/cache.py), one picture of them that draw_board then leaves out."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the position and the tweens in flight; it changes nothing."""

    def hud_fields(self) -> Sequence[HudField]:
        """(name, value) pairs, right to left from the HUD's right edge; a third item, the
        widest value the field can show, keeps a field whose words change from jumping."""

    def commands(self) -> dict[Command, Callable[[], None]]:
        """What each of the game's commands does: the commands its info.py declares
        (COMMANDS: the letter, the words, a toolbar button or not), which the input, the
        toolbar and the rules screen's Controls all read."""

    def command_ready(self, command: Command) -> bool:
        """Whether a command can do anything now (dimmed when not; play commands are dimmed
        once the game is over in any case)."""

    def solution(self) -> Any:
        """Solve's moves from here to the end (a list), why there are none (words), or None
        while the game's solver works (games with a solver: Solve is the frame's)."""

    def show_solve_move(self, move: Any) -> None:
        """Play one of Solve's moves (moving the game's cursor to it first, as wanted)."""

    def cursor_look(self) -> Any:
        """Where the player's cursor or focus is (default: the scene's `ui`): a step down
        that leaves it the same goes on to the toolbar."""

    def hint(self) -> None:
        """The hint verb (H, Y, the toolbar), counted in the game's record."""

    def can_undo(self) -> bool:
        """Whether Undo would do anything now (its toolbar button is dimmed when not)."""

    def can_redo(self) -> bool: ...

    def can_hint(self) -> bool: ...

    def final_score(self) -> Any:
        """The score a finished game enters in the best results."""

    def score_text(self, score: Any) -> str:
        """A score in words (the best results' detail, the result screen)."""

    def result_title(self) -> str:
        """The result screen's title: the outcome as the player sees it ("You won!")."""

    def result_reason(self) -> str:
        """The one sentence under the result's title."""

    def result_facts(self) -> list[tuple[str, str]]:
        """The result's facts, (label, value) one a line: ("Time left", "1:23")."""

    def result_notes(self) -> list[str]:
        """Sentences after the facts, e.g. help that keeps the game out of the best results."""

    def status_line(self) -> str:
        """The status line's words when no message is shown."""

    def demo_move(self) -> Any:
        """The scripted player's next move, or None."""

    def move_words(self, move: Any) -> str:
        """A move in words: the log of the last moves, the review's and the replay's panel."""

    def tick(self, dt: float) -> None:
        """Per-step game logic beyond tweens (clocks, computer moves)."""

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself (0 while it animates), None when only
        input changes it."""

    def on_quit(self) -> None:
        """The app is closing: keep whatever should survive."""


class VersusHooks(GameHooks, Protocol):
    """A two-player game's scene, on top of GameHooks."""

    def new_position(self) -> None:
        """begin() has put a new game in place: lay it out."""

    def mark_move(self, surface: pygame.Surface, move: Any) -> None:
        """Draw the mark of the last move on the board."""

    def grade_spot(self, move: Any) -> tuple[float, float] | None:
        """Where the label of a graded move goes on the board (a centre), or None."""

    def swatch(self, side: int, size: int) -> pygame.Surface:
        """A side's piece as a small picture."""

    def option_rows(self) -> list[Any]:
        """The game's own rows in the Options overlay (widgets.Choose / Amount / Do)."""

    def drop_held(self) -> None:
        """Let go of whatever piece is picked up (a dialog is about to open)."""

    def clear_animation(self) -> None:
        """Forget the animations of the previous change (the scene's own lists)."""

    def animate_step(self, change: Change, delay: float) -> float:
        """Animate one change starting `delay` seconds from now; returns when it ends."""

