"""GameScene: what every game's scene shares. A game subclasses it and supplies the board
through the hooks of games/core/screens/hooks.py (GameHooks): turning its own input into
Moves (handle_game), animating a Change (animate), drawing (draw_board), and the words of its
HUD and result screen. The Session holds the game; this class adds undo/redo/restart, the
HUD and toolbar, sounds, autosave on quit, the pause and result screens, and the scripted
demo player. The screens it opens and the history are imported when opened: its first frame
needs none of them.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from games.core.kit import registry
from games.core.kit.actions import Act, Action, Binding, Command, Device
from games.core.kit.checks import Invalid
from games.core.kit.controls import Answer, Look, Play, Refuse
from games.core.kit.results import Result, clock_text as clock_text, sentence
from games.core.kit.rules_api import GameError, Outcome
from games.core.kit.session import Change, Session
from games.core.loop.app import Scene
from games.core.loop.tween import Tweens
from games.core.screens import dailies, hud, solving, ui, verbs
from games.core.screens.hud import HUD_HEIGHT as HUD_HEIGHT, TOOLBAR_HEIGHT as TOOLBAR_HEIGHT
from games.core.screens.launch import info_module

MESSAGE_SECONDS = 4.0


class GameScene(Scene):
    timed = False            # a running clock: pausing hides the board
    clock_field = "Time"     # the HUD field of a timed game's clock (the setting may hide it)
    result_pause = 0.6       # seconds after the last animation lands, before the result screen

    def __init__(self, app, session: Session, play_options: dict | None = None):
        super().__init__(app)
        self.session = session
        self.rules = session.rules
        self.info = registry.lookup(session.key)
        self.play_options = dict(play_options or {})
        # When play began (a resumed game: now, less the time already played), for the history.
        self.started = time.time() - session.elapsed
        self.daily = dailies.DailyPlay.of(self.play_options, self.started)   # the daily's day
        self.prefs = registry.preferences(app.settings, session.key)
        self.tweens = Tweens(app.motion)
        self.message, self.message_time = "", 0.0
        self.refusal = False                  # the message says why something was refused
        self.reported = session.status.over   # the result screen was shown for this ending
        self.looking_back = False             # the result screen shows an ending seen before
        self.rank: int | None = None          # the first ending's place in the best results
        self.result_wait: float | None = None  # counting down to the result screen
        width, height = app.size
        self.board_rect = pygame.Rect(0, HUD_HEIGHT, width, height - HUD_HEIGHT - TOOLBAR_HEIGHT)
        # The game's command table (its info.py): the letters the input turns into commands,
        # the toolbar's buttons and the rules screen's Controls, all from this one table.
        info = info_module(session.key)
        self.bindings: tuple[Binding, ...] = tuple(getattr(info, "COMMANDS", ()))
        self.alternate: str | None = getattr(info, "ALTERNATE", None)
        self.alternate_button: str | None = getattr(info, "ALTERNATE_BUTTON", None)
        self.letters: Mapping[str, Command] = {b.letter: b.command for b in self.bindings}
        self.solver = solving.SolvePlayer()
        self.toolbar = hud.Toolbar(verbs.toolbar_buttons(self))
        # What the HUD last showed: draw_changes redraws the fields alone if nothing else changed.
        self.hud_drawn: hud.Shown | None = None

    # --- for subclasses ------------------------------------------------------------------
    def handle_game(self, action: Action) -> None:
        """Board input: select, move the cursor, drag, and call self.play(move)."""

    def cancel(self) -> bool:
        """Drop a selection or pick-up; True if there was one (else Cancel opens the menu)."""
        return False

    def interrupt(self) -> None:
        """Undo, redo or restart is about to change the position: drop whatever is in hand
        (a held piece, a running solve, a computer's search)."""

    def animate(self, change: Change) -> None:
        """Start tweens for a change (change.direction is -1 on undo)."""

    def draw_board(self, surface) -> None: ...

    def hud_fields(self) -> list[tuple]:
        """(name, value) pairs, right to left from the HUD's right edge; a third item, the
        widest value the field can show, keeps a field whose words change from jumping."""
        return [("Moves", str(self.session.moves_made)), ("Time", clock_text(self.session.elapsed))]

    def hud_colour(self, name: str) -> tuple[int, int, int]:
        """The colour of a HUD field's value (a clock running out may warn)."""
        return ui.ACCENT

    def commands(self) -> dict[Command, Callable[[], None]]:
        """What each of the game's commands (its info.py's COMMANDS) does."""
        return {Command.SOLVE: self.ask_solve}

    def command_ready(self, command: Command) -> bool:
        """Whether a command can do anything now (its button is dimmed when not); the play
        commands are dimmed once the game is over in any case."""
        return True

    def hint(self) -> None:
        self.say("No hint for this game.")

    def can_undo(self) -> bool:
        """Whether Undo would do anything now (its toolbar button is dimmed when not)."""
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def can_hint(self) -> bool:
        return not self.over

    # --- the record of the game: hints, penalties, help, the result ----------------------
    @property
    def hints(self) -> int:
        """Hints taken this game: in the session's record, which undo never refunds."""
        return self.session.count("hints")

    def count_hint(self) -> None:
        self.session.note("hints")

    def best_entries(self) -> list[dict[str, Any]]:
        """This game's best scores for its parameters, best first (score, detail, date)."""
        from games.core.data import records
        return records.best_entries(self.app.store, self.session.key, self.session.params)

    def set_pref(self, name: str, value: Any) -> None:
        """Keep one of the game's preferences (its schema checks it) in the settings."""
        if self.prefs.set(name, value):
            self.app.save_settings()

    def final_score(self):
        return self.rules.score(self.session.state)

    def score_text(self, score) -> str:
        return str(score)

    # --- the result: one template (games/core/kit/results.py), the words from the game ----
    def result_title(self) -> str:
        """The outcome as the player sees it: "You won!", "You lost", "A draw", or a
        puzzle's "Solved!", "Time is up", "Solved by the computer"."""
        if self.solve_used:
            return solving.title(self)
        return {Outcome.WON: "You won!", Outcome.LOST: "You lost", Outcome.DRAW: "A draw"}.get(
            self.session.status.outcome, "Game over")

    def result_reason(self) -> str:
        """The one sentence under the title (games may name sides their own way)."""
        return sentence(self.session.status.reason)

    def result_facts(self) -> list[tuple[str, str]]:
        """(label, value) pairs, one line each: ("Time left", "1:23"), ("Moves", "17")."""
        return [("Score", self.score_text(self.final_score()))]

    def result_notes(self) -> list[str]:
        """Sentences after the facts (help that keeps a game out of the best results)."""
        return []

    def result(self) -> Result:
        """The template filled in for the position now on the board."""
        return dailies.with_daily(self, Result(self.result_title(), self.result_mood(),
                                  self.result_reason(), tuple(self.result_facts()),
                                  tuple(self.result_notes())))

    def shown_result(self) -> Result:
        """The result screen's words: those entered at the first ending (a later ending,
        after undo, shows them again), else the present ending's."""
        return self.session.result or self.result()

    # --- Solve (games/core/screens/solving.py) ---------------------------------------------
    @property
    def solve_used(self) -> bool:
        """Solve was asked for in this game: in the record, which undo never refunds."""
        return self.session.count("solved") > 0

    def ask_solve(self) -> None:
        """S or the toolbar's Solve: asks once; S again while the computer plays stops it."""
        solving.ask(self)

    def stop_solving(self, words: str = "") -> bool:
        if (stopped := self.solver.stop()) and words:
            self.say(words)
        return stopped

    def solution(self) -> list[Any] | str | None:   # the hooks (hooks.py) say what these do
        return "This game has no solver."

    def show_solve_move(self, move: Any) -> None:
        self.play(move)

    def cursor_look(self) -> Any:
        return getattr(self, "ui", None)

    def demo_move(self):
        """The scripted player's next move (default: the game's computer player)."""
        ai = registry.module(self.session.key, "ai")
        return ai.choose_move(self.session.state, random.Random(self.app.frames), None)

    def move_words(self, move) -> str:
        return str(move.encode())

    # --- what the frame gives a scene --------------------------------------------------------
    @property
    def device(self) -> str:
        """The device the player used last (prompts are worded for it)."""
        return self.app.input.last_device

    def pretend_device(self, device: Device) -> None:
        """Look as if the player had last used this device (bench poses, the demo)."""
        self.app.input.last_device = device

    def by_device(self, mouse: str, keyboard: str, pad: str) -> str:
        return hud.by_device(self.device, mouse, keyboard, pad)

    def animations_on(self) -> bool:
        return bool(self.app.settings.get("animations", True))

    def show_cursor(self) -> bool:
        return self.device != Device.MOUSE

    # --- shared behaviour ----------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session.status.over

    def say(self, words: str) -> None:
        self.message, self.message_time, self.refusal = words, MESSAGE_SECONDS, False

    def refuse(self, words: str) -> None:
        """Say why an action was refused, with the wrong sound; nothing changes. The reason
        stands until the position changes (forget_refusal)."""
        self.say(words)
        self.refusal = True
        self.app.audio.play("wrong")

    def forget_refusal(self) -> None:
        """The position changed: a refusal spoke of the one before, so it goes."""
        if self.refusal:
            self.message, self.message_time, self.refusal = "", 0.0, False

    def play(self, move) -> Change | None:
        """Apply a move through the Session; an illegal one is explained, nothing changes."""
        self.tweens.finish_all()
        try:
            change = self.session.apply(move)
        except GameError as error:
            self.refuse(str(error))
            return None
        self.forget_refusal()
        self.animate(change)
        self.after_change(change)
        return change

    def carry_out(self, answer: Answer, ui: Any) -> Any:
        """Do what a game's controls answered (games/core/kit/controls.py): play the move,
        take the new UI state, or say why not, with the wrong sound. Returns the UI state
        after it: the answer's when it took effect, else `ui` as it was."""
        if isinstance(answer, Play):
            return answer.ui if self.play(answer.move) is not None else ui
        if isinstance(answer, Look):
            return answer.ui
        if isinstance(answer, Refuse):
            self.refuse(answer.reason)
        return ui

    def undo(self) -> None:
        self.interrupt()
        self.result_wait = None
        self.tweens.finish_all()
        change = self.session.undo()
        if change is None:
            self.say("Nothing to undo.")
            return
        self.forget_refusal()
        self.animate(change)
        self.app.audio.play("move")
        if not self.over:
            self.reported = False
            self.solver.finished = False

    def redo(self) -> None:
        self.interrupt()
        self.tweens.finish_all()
        change = self.session.redo()
        if change is None:
            self.say("Nothing to redo.")
            return
        self.forget_refusal()
        self.animate(change)
        self.after_change(change)

    def restart(self) -> None:
        self.interrupt()
        self.result_wait = None
        self.tweens.finish_all()
        change = self.session.restart()
        if change:
            self.animate(change)
            self.reported = False
            self.say("Restarted (undo brings the game back).")

    def after_change(self, change: Change) -> None:
        if self.session.status.over and not self.reported:
            self.reported = True
            self.enter_ending()
            self.result_wait = self.result_pause   # the result shows once the board is still

    def enter_ending(self) -> None:
        """The game has just ended. Its first ending is entered at once (an undo before the
        result screen shows changes nothing), with its Result kept in the game's record; a
        later ending, after undo, is a look back: no table changes, the first words stand."""
        self.looking_back = self.recorded
        self.rank = None if self.looking_back else self.enter_result()
        if self.session.result is None and not self.looking_back:
            self.session.result = self.result()

    def game_over(self) -> None:
        self.app.audio.play(self.ending_sound())
        problem = self.app.store.delete_game(self.session.key)   # reports, never raises
        if problem:
            self.say(problem)
        from games.core.screens.menus import ResultScene
        self.app.push(ResultScene(self.app, self, self.rank))

    @property
    def recorded(self) -> bool:
        """This game's result is in the tables already: a look back with undo and redo, or a
        second ending after undo, changes no table, and its clock never runs again."""
        return self.session.count("recorded") > 0

    def enter_result(self):
        """The first ending of a game (the session) goes into the tables, once; returns the
        rank of a new best result, or None."""
        if self.recorded:
            return None
        self.session.note("recorded")
        return self.record_result()

    def ranked(self) -> bool:
        """Whether this ending may enter the best scores: a win in which Solve was not used."""
        return self.session.status.outcome == Outcome.WON and not self.solve_used

    def record_result(self):
        """Record the finished game in the history; returns the rank of a new best score, or
        None."""
        return self.record_game(self.session.status.outcome, self.ranked())

    def record_game(self, outcome: str, ranked: bool = False, opponent: str = "",
                    level: str = "") -> int | None:
        """One row of the history for this game (its moves, record, score in the game's words,
        the daily puzzle's date); the rank of a new best score, or None."""
        from games.core.data.history_rows import of_session
        score = self.final_score()
        game = of_session(self.session, self.started, outcome, score, self.score_text(score),
                          ranked, opponent=opponent, level=level, daily=dailies.entered(self))
        try:
            return self.app.store.history().record(game)
        except Invalid as error:
            self.say(f"This game could not be kept in the history ({error}).")
            return None

    def result_mood(self) -> str:
        """'good', 'bad' or 'neutral': the colour of the result screen's title."""
        if self.solver.finished:
            return "neutral"
        outcome = self.session.status.outcome
        return {Outcome.WON: "good", Outcome.LOST: "bad"}.get(outcome, "neutral")

    def ending_sound(self) -> str:
        return {Outcome.WON: "win", Outcome.LOST: "lose"}.get(self.session.status.outcome, "place")

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

    def quit_question(self):
        from games.core.screens.question import ask_to_quit
        return ask_to_quit(self.app)

    def run_command(self, command: Command) -> None:
        """A command of the game's table, from its letter or its toolbar button."""
        binding = next((b for b in self.bindings if b.command == command), None)
        if binding is not None and self.command_enabled(binding):
            self.commands()[command]()

    def has_alternate(self) -> bool:
        """Whether X and the right button mean anything now (the game's ALTERNATE)."""
        return self.alternate is not None

    def command_enabled(self, binding: Binding) -> bool:
        return not (binding.plays and self.over) and self.command_ready(binding.command)

    def cancel_first(self) -> bool:
        """Esc and B: what is armed, held or selected goes first (a running Solve, the
        toolbar's focus, the game's own through cancel()); True if something went."""
        if self.stop_solving("Solve stopped: your turn."):
            return True
        if self.toolbar.focused:
            self.toolbar.focused = False
            return True
        return self.cancel()

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
        if not self.has_alternate() and (kind == Act.ALT or (kind in (Act.PRESS, Act.RELEASE)
                                                              and action.alt)):
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
            self.tweens.finish_all() if kind in (Act.PRESS, Act.CONFIRM, Act.MOVE) else None
            self.handle_game(action)

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        if not self.over and not self.recorded:   # a finished game looked back at: stopped
            self.session.elapsed += dt
        self.message_time = max(0.0, self.message_time - dt)
        if self.solver.active:
            solving.step(self, dt)
        self.tick(dt)
        if self.result_wait is not None and not self.tweens.busy:
            self.result_wait -= dt
            if self.result_wait <= 0:
                self.result_wait = None
                self.game_over()

    def tick(self, dt: float) -> None:
        """Per-step game logic beyond tweens (clocks, computer moves)."""

    def next_change(self) -> float | None:
        """The message's end, the result screen's pause, and a shown clock's next second (the
        HUD shows whole seconds of session.elapsed: timed games, and the default fields)."""
        if self.solver.active:
            return 0.0
        waits = [self.message_time] if self.message_time > 0 else []
        if self.result_wait is not None:
            waits.append(max(0.0, self.result_wait))
        clock = self.clock_due()
        if clock is not None:
            waits.append(clock)
        return min(waits, default=None)

    def clock_hidden(self) -> bool:
        """A timed game's clock keeps counting out of sight (settings["clock"])."""
        return self.timed and self.app.settings.get("clock") == "hidden"

    def clock_due(self) -> float | None:
        """Seconds to a shown clock's next second, or None when no clock runs on show. A
        hidden clock still wakes the loop each second: a countdown ends on time."""
        shown = self.timed or type(self).hud_fields is GameScene.hud_fields
        if shown and not self.over and not self.recorded:
            return math.ceil(self.session.elapsed) - self.session.elapsed
        return None

    def only_the_clock_is_due(self) -> bool:
        """Whether the next change by itself is the clock's second and nothing else (no
        message ending, no result coming, nothing of the game's own: its next_change is the
        clock's)."""
        clock = self.clock_due()
        return clock is not None and self.message_time <= 0 and self.result_wait is None \
            and self.next_change() == clock

    def on_quit(self) -> None:
        self.save()

    def save(self) -> None:
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

    def on_focus_lost(self) -> None:
        if self.timed and not self.over:
            self.open_menu("Paused: the window lost focus.")

    def on_pad_lost(self) -> None:
        if self.app.top is self:
            self.open_menu("The gamepad was disconnected. Plug it back in, or carry on with "
                           "the keyboard or mouse.")

    def demo_step(self) -> None:
        if self.over or self.tweens.busy:
            return
        move = self.demo_move()
        if move is not None:
            self.play(move)

    # --- drawing -------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)      # a scene with calm parts draws its Backdrop (cache.py)

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        self.draw_board(surface)
        self.draw_hud(surface)

    def hud_layout(self) -> list[tuple[str, str, int]]:
        """(name, value, right edge) of each HUD field shown (a hidden clock is left out)."""
        hidden = self.clock_field if self.clock_hidden() else None
        return hud.field_layout([f for f in self.hud_fields() if f[0] != hidden],
                                self.app.size[0] - 40)

    def draw_hud(self, surface) -> None:
        layout, words = self.hud_layout(), self.shown_words()
        hud.band(surface, self.info.title, layout, self.hud_colour, dailies.header(self))
        hud.foot(surface, self.toolbar, words, self.message_rect())
        self.hud_drawn = (layout, words, self.toolbar.look(), self.only_the_clock_is_due())

    def shown_words(self) -> str:
        """The status line's words: the message while it lasts, else the status."""
        return self.message if self.message_time > 0 else self.status_line()

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
        area = hud.redraw_values(surface, layout, now, self.hud_colour)
        if area is not None:
            self.hud_drawn = (now, words, look, self.only_the_clock_is_due())
        return area

    def message_rect(self) -> pygame.Rect:
        """The status line's box: right of the toolbar buttons."""
        return hud.status_box(self.toolbar, self.app.size)

    def status_line(self) -> str:
        status = self.session.status
        return status.reason if status.over else ""
