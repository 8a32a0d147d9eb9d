"""The frame of every game: one Scene that owns the Session, the HUD and toolbar, the verbs
(undo, redo, restart, hint, Solve, the result), autosave, the pause and result screens, the
scripted demo player and redrawing a clock alone at rest, and the one input dispatch. It holds
the game's Board (games/core/screens/board.py: what an action means, animation, drawing, the
game's words) and, in a two-player game, the Versus policy (games/core/screens/versus.py:
who plays each side, the computer's turn, draw offers, the graded hint, undo by turns).

A Mode (modes.py) says what the frame is for: play, a lesson or a look back. The screens it
opens and the history are imported when opened: its first frame needs none of them.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Binding, Command, Device
from games.core.kit.controls import Answer, Do, Look, Play, Refuse
from games.core.kit.rules_api import GameError
from games.core.kit.session import Change, Session
from games.core.loop.app import App, Scene
from games.core.loop.tween import Tweens
from games.core.screens import dailies, hud, solving, verbs
from games.core.screens.ending import Ending
from games.core.screens.hud import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens.modes import OPEN, PLAY, Gate, Mode

if TYPE_CHECKING:
    from games.core.kit.game import Game
    from games.core.kit.prefs import Preferences
    from games.core.screens.board import Board
    from games.core.screens.versus import Versus

MESSAGE_SECONDS = 4.0


class Frame(Scene):
    def __init__(self, app: App, session: Session[Any, Any, Any],
                 play_options: dict[str, Any] | None = None, mode: Mode = PLAY,
                 gate: Gate | None = None, versus: Callable[[Frame], Versus] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.game: Game[Any, Any, Any] = registry.lookup(session.key)
        self.mode, self.gate = mode, gate or OPEN
        self.play_options: dict[str, Any] = dict(play_options or {})
        self.jobs, self.settings = app.jobs, app.settings   # for the board to use and read
        # When play began (a resumed game: now, less the time already played), for the history.
        self.started = time.time() - session.elapsed
        self.daily = dailies.DailyPlay.of(self.play_options, self.started)   # the daily's day
        self.prefs: Preferences = registry.preferences(app.settings, session.key)
        self.tweens = Tweens(app.motion)
        self.message, self.message_time = "", 0.0
        self.refusal = False                  # the message says why something was refused
        self.reported = session.status.over   # the result screen was shown for this ending
        self.result_wait: float | None = None  # counting down to the result screen
        width, height = app.size
        self.board_rect = pygame.Rect(0, HUD_HEIGHT, width, height - HUD_HEIGHT - TOOLBAR_HEIGHT)
        # The game's command table (its data): the letters the input turns into commands,
        # the toolbar's buttons and the rules screen's Controls, all from this one table.
        data = self.game.data
        self.bindings: tuple[Binding, ...] = data.commands
        self.alternate_button: str | None = data.alternate_button
        self.letters: Mapping[str, Command] = {b.letter: b.command for b in self.bindings}
        self.solver = solving.SolvePlayer()
        self.ending = Ending(self)
        self.versus: Versus | None = None
        if self.game.players == 2:
            from games.core.screens.versus import Versus
            self.versus = (versus or Versus)(self)     # a friend over the network: netseat
        self.board: Board = self.game.board()(self)
        self.toolbar = hud.Toolbar(verbs.toolbar_buttons(self))
        # What the HUD last showed: draw_changes redraws the fields alone if nothing else changed.
        self.hud_drawn: hud.Shown | None = None

    # --- what the board reads (the Table) ------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session.status.over or bool(self.versus and self.versus.resigned is not None)

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def device(self) -> str:
        """The device the player used last (prompts are worded for it); a look back at a
        game shows no cursor, as with the mouse."""
        return self.app.input.last_device if self.mode.cursor else Device.MOUSE

    def pretend_device(self, device: Device) -> None:
        """Look as if the player had last used this device (bench poses, the demo)."""
        self.app.input.last_device = device

    def by_device(self, mouse: str, keyboard: str, pad: str) -> str:
        return hud.by_device(self.device, mouse, keyboard, pad)

    def animations_on(self) -> bool:
        return bool(self.app.settings.get("animations", True))

    def show_cursor(self) -> bool:
        return self.device != Device.MOUSE

    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    @property
    def hints(self) -> int:
        """Hints taken this game: in the session's record, which undo never refunds."""
        return self.session.count("hints")

    def count_hint(self) -> None:
        self.session.note("hints")

    def note(self, name: str, amount: int = 1) -> int:
        return self.session.note(name, amount)

    def best_entries(self) -> list[dict[str, Any]]:
        """This game's best scores for its parameters, best first (score, detail, date)."""
        from games.core.data import records
        return records.best_entries(self.app.store, self.session.key, self.session.params)

    def set_pref(self, name: str, value: Any) -> None:
        """Keep one of the game's preferences (its schema checks it) in the settings."""
        if self.prefs.set(name, value):
            self.app.save_settings()

    @property
    def solve_used(self) -> bool:
        """Solve was asked for in this game: in the record, which undo never refunds."""
        return self.session.count("solved") > 0

    @property
    def recorded(self) -> bool:
        """This game's result is in the tables already: a look back with undo and redo, or a
        second ending after undo, changes no table, and its clock never runs again."""
        return self.session.count("recorded") > 0

    def say(self, words: str) -> None:
        self.message, self.message_time, self.refusal = words, MESSAGE_SECONDS, False
        self.gate.said()

    def refuse(self, words: str) -> None:
        """Say why an action was refused, with the wrong sound; nothing changes. The reason
        stands until the position changes (forget_refusal)."""
        self.say(words)
        self.refusal = True
        self.app.audio.play("wrong")
        self.gate.refused(words)

    def quiet(self) -> None:
        self.message_time = 0.0

    def forget_refusal(self) -> None:
        """The position changed: a refusal spoke of the one before, so it goes."""
        if self.refusal:
            self.message, self.message_time, self.refusal = "", 0.0, False

    # --- the one way a move is made, and the input dispatch --------------------------------
    def play(self, move: Any, by_computer: bool = False) -> Change[Any, Any] | None:
        """Apply a move through the Session; an illegal one is explained, nothing changes.
        A human's move waits while the other side's turn is not theirs (versus.waiting)."""
        if not by_computer and self.versus is not None and self.versus.waiting():
            return None
        if not self.gate.admit(move):
            return None
        self.tweens.finish_all()
        try:
            change = self.session.apply(move)
        except GameError as error:
            self.refuse(str(error))
            return None
        self.forget_refusal()
        self.show(change)
        sound = self.board.move_sound(change)
        if sound:
            self.app.audio.play(sound)
        if self.versus is not None:
            self.versus.moved()
        self.after_change(change)
        self.gate.reached(change)
        return change

    def carry_out(self, answer: Answer, action: Action) -> None:
        """Do what the board answered: play the move, take the new UI state, say why not,
        or run the verb; then the board hears how it went."""
        if isinstance(answer, Play):
            self.board.played(answer, self.play(answer.move), action)
        elif isinstance(answer, Look):
            self.board.look(answer.ui, action)
        elif isinstance(answer, Refuse):
            self.refuse(answer.reason)
            self.board.refused(answer, action)
        elif isinstance(answer, Do):
            if isinstance(answer.verb, Command):
                self.run_command(answer.verb)
            else:
                self.handle(Action(answer.verb))

    def show(self, change: Change[Any, Any]) -> None:
        """A change of position on the board: animated, then the board settles to it."""
        self.board.animate(change)
        self.board.changed(change)

    def undo(self) -> None:
        held = self.board.holds_play()
        if held is not None:
            self.say(held)
        elif self.versus is not None:
            self.versus.undo()
        else:
            self.step_back()

    def step_back(self) -> Change[Any, Any] | None:
        """One step back through the history (the versus policy may take several)."""
        self.interrupt()
        self.result_wait = None
        self.tweens.finish_all()
        change = self.session.undo()
        if change is None:
            self.say("Nothing to undo.")
            return None
        self.forget_refusal()
        self.animate_step(change)
        self.app.audio.play("move")
        if not self.over:
            self.reported = False
            self.solver.finished = False
        return change

    def redo(self) -> None:
        if self.board.holds_play() is None:
            self.versus.redo() if self.versus is not None else self.step_forward()

    def step_forward(self) -> Change[Any, Any] | None:
        self.interrupt()
        self.tweens.finish_all()
        change = self.session.redo()
        if change is None:
            self.say("Nothing to redo.")
            return None
        self.forget_refusal()
        self.animate_step(change)
        self.after_change(change)
        return change

    def animate_step(self, change: Change[Any, Any]) -> None:
        """Undo or redo's change: shown at once, or kept for a whole turn (versus.walk)."""
        if self.versus is not None and self.versus.collect(change):
            return
        self.show(change)

    def restart(self) -> None:
        if self.board.holds_play() is not None:
            return
        self.interrupt()
        self.result_wait = None
        self.tweens.finish_all()
        change = self.session.restart()
        if change:
            self.show(change)
            self.reported = False
            if self.versus is not None:
                self.versus.restarted()
            self.say("Restarted (undo brings the game back).")

    def interrupt(self) -> None:
        """The position is about to change by undo, redo or restart: whatever is in hand goes
        (a running Solve stops itself when the position moves on)."""
        self.board.interrupt()
        if self.versus is not None:
            self.versus.interrupt()

    def begin(self, desc: str, params: Any = None) -> None:
        """Start afresh from another starting position (Nim's heap editor, the bench): the
        frame makes the new game; the board lays itself out again in new_position()."""
        if self.versus is not None:
            self.versus.interrupt()
        self.tweens.finish_all()
        self.session = Session(self.session.key, params or self.session.params, desc)
        self.reported, self.result_wait = False, None
        if self.versus is not None:
            self.versus.begun()
        self.board.new_position()

    # --- the end of a game (games/core/screens/ending.py) -----------------------------------
    def after_change(self, change: Change[Any, Any]) -> None:
        if self.session.status.over and not self.reported:
            self.reported = True
            if self.mode.records:
                self.ending.enter()
                self.result_wait = self.board.result_pause  # once the board is still

    def game_over(self) -> None:
        self.ending.show()

    # --- Solve (games/core/screens/solving.py) ---------------------------------------------
    def ask_solve(self) -> None:
        """S or the toolbar's Solve: asks once; S again while the computer plays stops it."""
        solving.ask(self)

    def stop_solving(self, words: str = "") -> bool:
        if (stopped := self.solver.stop()) and words:
            self.say(words)
        return stopped

    # --- the verbs ------------------------------------------------------------------------
    def hint(self) -> None:
        if self.versus is not None:
            self.versus.hint()
        else:
            self.board.hint()

    def can_hint(self) -> bool:
        return self.board.can_hint() and (self.versus is None or self.versus.hints)

    def can_undo(self) -> bool:
        """Whether Undo would do anything now (its toolbar button is dimmed when not)."""
        if self.versus is not None:
            return self.versus.can_undo()
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def commands(self) -> dict[Command, Callable[[], Answer]]:
        """What each command of the game's table does: the frame's (Solve; a two-player
        game's draw offer and Options), then the board's own (which may answer a move)."""
        frame: dict[Command, Callable[[], Answer]] = {Command.SOLVE: self.ask_solve}
        if self.versus is not None:
            frame.update(self.versus.commands())
        return {**frame, **self.board.commands()}

    def command_ready(self, command: Command) -> bool:
        if self.versus is not None and command == Command.DRAW:
            return self.versus.offers.possible()
        return self.board.command_ready(command)

    def run_command(self, command: Command) -> None:
        """A command of the game's table, from its letter or its toolbar button."""
        binding = next((b for b in self.bindings if b.command == command), None)
        if binding is not None and self.command_enabled(binding):
            self.carry_out(self.commands()[command](), Action(Act.COMMAND, value=command))

    def command_enabled(self, binding: Binding) -> bool:
        return not (binding.plays and self.over) and self.command_ready(binding.command)

    def cancel_first(self) -> bool:
        """Esc and B: what is armed, held or selected goes first (a running Solve, the
        toolbar's focus, the board's own, the graded moves on show); True if something went."""
        if self.stop_solving("Solve stopped: your turn."):
            return True
        if self.toolbar.focused:
            self.toolbar.focused = False
            return True
        if self.board.cancel():
            return True
        return self.versus is not None and self.versus.cancel_first()

    def new_game(self) -> None:
        """New game means the setup screen, in every game and from everywhere (pause menu,
        result, options): the last choices are ready, one press starts."""
        from games.core.screens.menus import SetupScene
        self.tweens.finish_all()
        self.app.push(SetupScene(self.app, self.session.key, replace_scene=self))

    def open_menu(self, reason: str = "") -> None:
        from games.core.screens.menus import PauseScene
        self.tweens.finish_all()
        self.app.push(PauseScene(self.app, self, reason))

    def open_rules(self) -> None:
        from games.core.screens.overlays import HelpScene
        self.app.push(HelpScene(self.app, self.session.key))

    def quit_question(self) -> Scene | None:
        from games.core.screens.question import ask_to_quit
        return ask_to_quit(self.app)

    def handle(self, action: Action) -> None:
        kind = action.kind
        if self.solver.active and solving.stopped_by(self, kind):
            return
        if kind in (Act.PRESS, Act.POINT) and action.pos and \
                action.pos[1] >= self.app.size[1] - TOOLBAR_HEIGHT:
            if self.toolbar.handle(action) or kind == Act.PRESS:
                return
        if self.toolbar.walk(action):
            return
        if self.versus is not None and self.versus.takes(action):
            return
        if not self.board.has_alternate() and (kind == Act.ALT or (
                kind in (Act.PRESS, Act.RELEASE) and action.alt)):
            return            # X and the right button are the alternate action, or nothing
        if kind == Act.COMMAND and isinstance(action.value, Command):
            self.run_command(action.value)
        elif kind == Act.NEW:
            self.new_game()
        elif kind == Act.MOVE and action.dy > 0:
            verbs.step_down(self, action)
        elif kind == Act.UNDO:
            self.undo()
        elif kind == Act.REDO:
            self.redo()
        elif kind == Act.MENU:
            self.open_menu()
        elif kind == Act.HELP:
            self.open_rules()
        elif kind == Act.HINT:
            if self.can_hint():
                self.hint()
        elif kind == Act.CANCEL:
            if not self.cancel_first():
                self.open_menu()
        elif kind == Act.COPY:
            from games.core.screens.game_id import copy_game_id
            self.say(copy_game_id(self.session.game_id))
        else:
            self.handle_board(action)

    def handle_board(self, action: Action) -> None:
        """An action on the board: new input lands what is still moving, then the board
        says what it means and the frame carries it out."""
        if action.kind in (Act.PRESS, Act.CONFIRM, Act.MOVE):
            self.tweens.finish_all()
        self.carry_out(self.board.read(action), action)

    # --- time -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        if self.mode.clock and not self.over and not self.recorded:
            self.session.elapsed += dt    # a finished game looked back at: stopped
        self.message_time = max(0.0, self.message_time - dt)
        if self.solver.active:
            solving.step(self, dt)
        self.board.tick(dt)
        if self.versus is not None and self.mode.turns:
            self.versus.tick(dt)
        if self.result_wait is not None and not self.tweens.busy:
            self.result_wait -= dt
            if self.result_wait <= 0:
                self.result_wait = None
                self.game_over()

    def next_change(self) -> float | None:
        """The message's end, the result screen's pause, a shown clock's next second, the
        board's own and the computer's turn."""
        if self.solver.active:
            return 0.0
        waits = [self.message_time] if self.message_time > 0 else []
        if self.result_wait is not None:
            waits.append(max(0.0, self.result_wait))
        for due in (self.clock_due(), self.board.next_change(),
                    self.versus.next_change() if self.versus and self.mode.turns else None):
            if due is not None:
                waits.append(due)
        return min(waits, default=None)

    def clock_hidden(self) -> bool:
        """A timed game's clock keeps counting out of sight (settings["clock"])."""
        return self.board.timed and self.app.settings.get("clock") == "hidden"

    def clock_due(self) -> float | None:
        """Seconds to a shown clock's next second, or None when no clock runs on show. A
        hidden clock still wakes the loop each second: a countdown ends on time."""
        if self.board.timed and self.mode.clock and not self.over and not self.recorded:
            return math.ceil(self.session.elapsed) - self.session.elapsed
        return None

    def only_the_clock_is_due(self) -> bool:
        """Whether the next change by itself is the clock's second and nothing else."""
        clock = self.clock_due()
        return clock is not None and self.message_time <= 0 and self.result_wait is None \
            and self.next_change() == clock

    def demo_move(self) -> Any:
        """The scripted player's next move: the board's (which may act itself instead: Nim's
        heap editor starts its game), else the game's computer player's."""
        move = self.board.demo_move()
        if move is not None:
            return move
        if self.versus is not None:
            return self.versus.demo_move()
        computer = self.game.parts().computer
        return None if computer is None else \
            computer.choose_move(self.state, random.Random(self.app.frames), None)

    def demo_step(self) -> None:
        if self.over or self.tweens.busy:
            return
        move = self.demo_move()
        if self.versus is not None and not self.versus.human_to_move():
            return               # the demo plays the human's side; the policy the rest
        if move is not None:
            self.play(move)

    # --- leaving, and the window -----------------------------------------------------------
    def on_quit(self) -> None:
        self.board.on_quit()
        self.save()

    def on_closed(self) -> None:
        if self.versus is not None:     # what the sides hold goes (a friend's seat)
            self.versus.close()

    def save(self) -> None:
        if not self.mode.saves:
            return
        try:
            if self.over:
                self.app.store.delete_game(self.session.key)
            else:
                data = self.session.to_json()
                data["play"] = self.play_options
                self.app.store.save_game(self.session.key, data)
        except OSError as error:
            self.app.tell(f"The game could not be saved: {error}")

    def on_look_changed(self) -> None:
        """The toolbar's buttons are as wide as their words: made again for a new text size
        (the HUD is drawn whole at the next frame)."""
        self.toolbar = hud.Toolbar(verbs.toolbar_buttons(self))
        self.hud_drawn = None
        self.board.on_look_changed()

    def on_focus_lost(self) -> None:
        if self.board.timed and not self.over and self.mode.records:
            self.open_menu("Paused: the window lost focus.")

    def on_pad_lost(self) -> None:
        if self.on_top:
            self.open_menu("The gamepad was disconnected. Plug it back in, or carry on with "
                           "the keyboard or mouse.")

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_play_area(surface)
        self.draw_hud(surface)

    def draw_play_area(self, surface: pygame.Surface) -> None:
        """The board without the HUD, calm parts then what moves over them: every host of a
        board (the lesson, the review, the replay) draws it so, never half of it."""
        self.board.draw_backdrop(surface)
        self.board.draw(surface)

    def hud_layout(self) -> list[tuple[str, str, int]]:
        """(name, value, right edge) of each HUD field shown (a hidden clock is left out)."""
        hidden = self.board.clock_field if self.clock_hidden() else None
        return hud.field_layout([f for f in self.board.hud_fields() if f[0] != hidden],
                                self.app.size[0] - 40)

    def draw_hud(self, surface: pygame.Surface) -> None:
        layout, words, note = self.hud_layout(), self.shown_words(), dailies.header(self)
        hud.band(surface, self.game.title, layout, self.board.hud_colour, note)
        self.board.draw_hud(surface)
        hud.foot(surface, self.toolbar, words, self.message_rect())
        self.hud_drawn = (layout, words, self.toolbar.look(), self.only_the_clock_is_due())

    def shown_words(self) -> str:
        """The status line: Solve's words, a message while it lasts, or the status."""
        return solving.status(self.solver) or (
            self.message if self.message_time > 0 else self.status_line())

    def status_line(self) -> str:
        own = self.board.status_line() if self.versus is None else self.versus.status_line()
        if own is not None:
            return own
        if self.versus is not None:
            return self.versus.ending() if self.over else ""
        status = self.session.status
        return status.reason if status.over else ""

    def draw_changes(self, surface: pygame.Surface) -> pygame.Rect | None:
        """A clock's second came due: redraw only the HUD values that changed, when nothing
        else can have (only the clock was due when the HUD was last drawn; the same status
        words and buttons, the fields where they were); None otherwise, and the App draws it
        all. The loop at rest then sends only them."""
        if self.hud_drawn is None or not self.hud_drawn[3]:
            return None
        layout, words, look, _ = self.hud_drawn
        if self.shown_words() != words or self.toolbar.look() != look:
            return None
        now = self.hud_layout()
        area = hud.redraw_values(surface, layout, now, self.board.hud_colour)
        if area is not None:
            self.hud_drawn = (now, words, look, self.only_the_clock_is_due())
        return area

    def message_rect(self) -> pygame.Rect:
        """The status line's box: right of the toolbar buttons."""
        return hud.status_box(self.toolbar, self.app.size)

