"""Nim on screen: heaps drawn as stacks of stone counters. Take from one heap by choosing a
counter: it and every counter above it go. The taken counters fly off to the card of the
player who took them (and fly back on undo).

The scene wires the pieces to the frame (VersusScene): what each action means is in
controls.py (the heaps) and draft.py (the heap editor for a custom start, up to 8 heaps of up
to 15); layout.py says where things stand, view.py, panel.py and editor.py draw. The computer
thinks in a background Job after a short pause, and shows which counters it is about to take
before it takes them.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.rules_api import RuleError
from games.core.kit.session import Change, Session
from games.core.loop import assets
from games.core.loop.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp
from games.core.screens import ui
from games.core.screens.cache import Backdrop
from games.core.screens.game_scene import HUD_HEIGHT
from games.core.screens.versus import COMPUTER, VersusScene
from games.nim import ai, controls, draft as drafting, rules
from games.nim.controls import Cursor, Ui
from games.nim.draft import Button, Draft
from games.nim.editor import HELP, HeapEditor, sound
from games.nim.layout import Layout
from games.nim.view import Board, Card, Flight, HeapsLook, NimView, swatch

if TYPE_CHECKING:
    from games.core.loop.app import App

SIDES = rules.SIDES
FLIGHT_SECONDS = 0.5       # a taken counter's trip to the player's card
FLIGHT_STAGGER = 0.05      # between counters of one move (the top one leaves first)
FLIGHT_OVERLAP = 0.2       # an undone pair: the second move starts before the first lands
DEAL_STAGGER = 0.035
PANEL_SECONDS = 0.35


class NimScene(VersusScene):

    def __init__(self, app: App, session: Session,
                 play_options: dict[str, Any] | None = None) -> None:
        super().__init__(app, session, play_options)
        self.teach = bool(self.play_options.get("teach", self.prefs["teach"]))
        self.ui = Ui()
        self.draft: Draft | None = None           # the heap editor's, while it is open
        self.flights: dict[Cursor, Flight] = {}   # the counters on their way
        self.panel_from = self.panel_to = 1.0 if self.teach else 0.0
        self.panel_tween: Tween | None = None
        self.new_position()
        fresh = session.position == 0
        if self.session.params.start == "custom" and fresh and not self.play_options.get("edited"):
            self.open_editor(returning=False)
        elif fresh:
            self.deal()

    @property
    def editing(self) -> bool:
        return self.draft is not None

    def computer_to_move(self) -> bool:
        return not self.editing and super().computer_to_move()

    def human_to_move(self) -> bool:
        return not self.editing and super().human_to_move()

    def new_position(self) -> None:
        """A start of its own (the scene opening, the editor's, the bench's): laid out for
        its heaps, the cursor home."""
        self.layout = Layout(self.app.size, self.session.initial.heaps)
        self.view = NimView(self.layout)
        self.backdrop = Backdrop(ui.BG)
        self.editor = HeapEditor(self.layout)
        self.ui = replace(self.ui, cursor=controls.home(self.state.heaps))

    def valid_cursor(self) -> Cursor:
        """The keyboard and pad cursor, on a counter that is there."""
        return controls.valid(self.state.heaps, self.ui.cursor)

    def settle_cursor(self) -> None:
        self.ui = replace(self.ui, cursor=self.valid_cursor())

    # --- the teaching panel slides in and out -----------------------------------------------
    def panel_value(self) -> float:
        tween = self.panel_tween
        if tween is None or tween.done:
            return self.panel_to
        return lerp(self.panel_from, self.panel_to, tween.value)

    def set_panel(self, target: float) -> None:
        if target == self.panel_to:
            return
        self.panel_from, self.panel_to = self.panel_value(), target
        self.panel_tween = self.tweens.add(Tween(PANEL_SECONDS, ease_in_out_cubic)) \
            if self.animations_on() else None

    def panel_wanted(self) -> bool:
        return self.editing or self.teach or self.hint_shown()

    def panel_sliding(self) -> bool:
        return self.panel_tween is not None and not self.panel_tween.done

    # --- animation ------------------------------------------------------------------------
    def clear_animation(self) -> None:
        self.flights = {}

    turn_gap = -FLIGHT_OVERLAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Counters that left fly to the taker's card; counters that came back (undo, restart)
        fly in. Returns when this change's flights end, for chaining an undone move pair."""
        if not self.animations_on():
            return delay
        before_change, after_change = as_state(change.old), as_state(change.new)
        old, new = before_change.heaps, after_change.heaps
        if change.move is None:
            side = None
        else:
            side = (before_change if change.direction > 0 else after_change).to_move
        end = delay
        for heap, (before, after) in enumerate(zip(old, new)):
            if before == after:
                continue
            incoming = after > before
            low, high = sorted((before, after))
            order = range(low, high) if incoming else range(high - 1, low - 1, -1)
            for n, k in enumerate(order):
                start = delay + n * FLIGHT_STAGGER
                tween = self.tweens.add(Tween(FLIGHT_SECONDS, ease_in_out_cubic, delay=start))
                self.flights[(heap, k)] = Flight(tween, side, incoming)
                end = max(end, start + FLIGHT_SECONDS)
        return end

    def deal(self) -> None:
        """A new game: the counters drop onto their heaps, bottom ones first."""
        self.flights = {}
        if not self.animations_on():
            return
        for heap, size in enumerate(self.state.heaps):
            for k in range(size):
                tween = self.tweens.add(Tween(0.55, ease_out_cubic,
                                              delay=k * DEAL_STAGGER + heap * 0.06))
                self.flights[(heap, k)] = Flight(tween, None, True)

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action: Action) -> None:
        if self.draft is not None:
            self.handle_editor(self.draft, action)
            return
        target = None
        if action.kind in (Act.POINT, Act.PRESS) and action.pos is not None:
            target = self.layout.counter_at(self.state.heaps, action.pos, self.panel_value())
        answer = controls.interpret(self.state, self.ui, action, target)
        if isinstance(answer, Play):
            if self.play(answer.move) is not None:
                self.ui = answer.ui
        elif isinstance(answer, Look):
            self.ui = answer.ui

    def toggle_teach(self) -> None:
        self.teach = not self.teach
        self.play_options["teach"] = self.teach
        self.set_pref("teach", self.teach)              # new games open the same way
        self.app.audio.play("select")
        self.say("Teaching view on." if self.teach else "Teaching view off.")

    def cancel(self) -> bool:
        if self.draft is not None and self.draft.returning:
            self.draft = None
            self.say("Back to the game: the heaps are unchanged.")
            return True
        return False

    # --- the heap editor --------------------------------------------------------------------
    def edit_heaps(self) -> None:
        if self.session.params.start != "custom":
            self.say("Only a custom start can be edited.")
        elif self.draft is None:
            self.open_editor(returning=True)

    def open_editor(self, returning: bool) -> None:
        """The editor, from the heaps of this game (opened from it) or the heaps last set up."""
        self.tweens.finish_all()
        self.cancel_thinking()
        self.hint_for = None
        heaps = self.session.initial.heaps
        remembered = self.prefs["custom_heaps"]       # checked when the settings were read
        if not returning and remembered:
            heaps = rules.parse_heaps(remembered)
        self.draft = Draft(tuple(heaps), returning=returning)

    def handle_editor(self, draft: Draft, action: Action) -> None:
        pointer = action.pos if action.kind in (Act.POINT, Act.PRESS) else None
        target = None if pointer is None else self.editor.target_at(draft, pointer)
        answer = drafting.interpret(draft, action, target)
        if isinstance(answer, Look):
            self.draft = answer.ui
            noise = sound(draft, answer.ui)
            if noise is not None:
                self.app.audio.play(noise)
        elif isinstance(answer, Refuse):
            self.refuse(answer.reason)
        elif answer == Button.START:
            self.start_custom()
        elif answer == Button.RANDOM:
            heaps = rules.parse_heaps(rules.new_desc(self.session.params, random.Random()))
            self.draft = replace(draft, heaps=heaps, focus=0)
            self.app.audio.play("swap")
        elif answer == Button.BACK:
            self.cancel()
        if action.kind == Act.PRESS and pointer is not None and self.draft is not None:
            # the columns move when a heap comes or goes: what is under the pointer now
            self.draft = replace(self.draft, hover=self.editor.target_at(self.draft, pointer))

    def start_custom(self) -> None:
        if self.draft is None:
            return
        desc = rules.heaps_text(self.draft.heaps)
        try:
            rules.validate_desc(self.session.params, desc)
        except RuleError as error:
            self.refuse(str(error))
            return
        self.set_pref("custom_heaps", desc)
        self.play_options["edited"] = True
        self.draft = None
        self.begin(desc)
        self.deal()
        self.app.audio.play("swap")
        self.say("Left moves first.")

    # --- hint: every move graded on its counter, the best one lit --------------------------
    def suggestion(self) -> rules.Move:
        move = ai.winning_move(self.state)
        return move if move is not None else ai.stalling_move(self.state)

    def hint(self) -> None:
        if self.editing:
            self.say("Set up the heaps and start the game first.")
            return
        super().hint()
        if self.hint_shown():
            self.ui = replace(self.ui, cursor=controls.counter_of(self.state, self.suggestion()))

    def grade_spot(self, move: rules.Move) -> tuple[int, int]:
        heap, k = controls.counter_of(self.state, move)
        return self.layout.counter_rect(heap, k, self.panel_value()).center

    def move_sound(self, move: rules.Move) -> str:
        return "capture"

    def move_words(self, move: rules.Move) -> str:
        return f"took {move.take} from heap {move.heap + 1}"

    def swatch(self, side: int, size: int) -> pygame.Surface:
        return swatch(side, size)

    # --- undo and redo of whole turns (VersusScene), animated as one ---------------------------
    def undo(self) -> None:
        if self.editing:
            self.say("Nothing to undo in the editor.")
            return
        super().undo()
        self.settle_cursor()

    def redo(self) -> None:
        if not self.editing:
            super().redo()
            self.settle_cursor()

    def restart(self) -> None:
        if not self.editing:
            super().restart()
            self.ui = replace(self.ui, cursor=controls.home(self.state.heaps))

    def tick(self, dt: float) -> None:
        self.set_panel(1.0 if self.panel_wanted() else 0.0)
        if self.editing:
            self.cancel_thinking()
        else:
            super().tick(dt)

    def play(self, move: rules.Move | None, by_computer: bool = False) -> Change | None:
        change: Change | None = super().play(move, by_computer)
        if change is not None and by_computer:
            self.settle_cursor()
        return change

    # --- the frame around the board -----------------------------------------------------------
    def hud_fields(self) -> list[tuple[str, str]]:
        if self.draft is not None:
            return [("Heaps", str(len(self.draft.heaps))),
                    ("Counters", str(sum(self.draft.heaps)))]
        return [("Moves", str(self.session.moves_made)),
                ("Counters left", str(sum(self.state.heaps)))]

    def draw_hud(self, surface: pygame.Surface) -> None:
        super().draw_hud(surface)
        title = assets.text(self.info.title, ui.HEADING, ui.TEXT, True)
        rule = ("Misère play: whoever takes the last counter loses" if self.state.misere else
                "Normal play: whoever takes the last counter wins")
        ui.label(surface, rule, (40 + title.get_width() + 36, HUD_HEIGHT // 2 + 2), ui.SMALL + 2,
                 ui.MUTED, anchor="midleft")

    def commands(self) -> dict[Command, Callable[[], None]]:
        return {**super().commands(), Command.TEACH: self.toggle_teach,
                Command.EDIT: self.edit_heaps}

    def cursor_look(self) -> Any:
        return self.ui, self.draft

    def has_alternate(self) -> bool:
        """The heap editor's X removes a heap; in play a take has no other way."""
        return self.editing

    def command_ready(self, command: Command) -> bool:
        if command == Command.EDIT:
            return self.session.params.start == "custom"
        return super().command_ready(command)

    def demo_step(self) -> None:
        if self.editing:
            self.start_custom()
        else:
            super().demo_step()

    def prompt(self) -> str:
        if self.over:
            return str(self.ending())
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through"
                    if self.demo_paused
                    else "Computer against computer: Space, A or a click pauses")
        if self.computer_to_move():
            return "The computer is thinking..." if self.pick is None else "The computer takes..."
        who = "Your move" if self.against_computer else f"{SIDES[self.to_move]} to move"
        return f"{who}: " + self.by_device("click a counter to take it and all above it",
                                           "arrows choose, Enter takes", "d-pad chooses, A takes")

    # --- drawing ----------------------------------------------------------------------------
    def lesson_spot(self, heap: int) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a heap."""
        f = self.panel_value()
        size = max(1, self.state.heaps[heap])
        rects = [self.layout.counter_rect(heap, k, f, size) for k in range(size)]
        return rects[0].unionall(rects[1:]).inflate(36, 36)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still board (NimView.still_parts): one picture, painted again as it changes."""
        parts = [] if self.draft is not None else self.view.still_parts(
            self.screen_area(), self.board(self.panel_value()), self.flights, self.draw_marks)
        self.backdrop.show(surface, parts)

    def screen_area(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.app.size)

    def draw_board(self, surface: pygame.Surface) -> None:
        f = self.panel_value()
        if self.draft is not None:
            self.editor.draw(surface, self.draft, self.show_cursor(), self.by_device(*HELP), f)
        else:
            self.view.draw(surface, self.board(f), self.flights, self.draw_marks)

    def board(self, f: float) -> Board:
        """What the view draws this frame."""
        cursor = self.valid_cursor() if self.show_cursor() and self.human_to_move() else None
        look = HeapsLook(self.state, self.lit_counters(), self.hinted_counters(), cursor,
                         self.pick is not None, self.graded() is not None,
                         self.hint_shown() and ai.winning_move(self.state) is not None, f)
        winner = self.session.status.winner
        cards = tuple(Card(self.role(side) + (f" · {self.level_text()}"
                                              if self.players[side] == COMPUTER else ""),
                           not self.over and self.to_move == side,
                           self.over and winner == side) for side in (0, 1))
        taken = self.taken_in_history()
        return Board(look, (cards[0], cards[1]), (taken[0], taken[1]), self.prompt(),
                     self.hint_shown(), self.panel_sliding())

    def draw_grades(self, surface: pygame.Surface) -> None:
        """The hint's labels, none over another (Layout.grade_labels)."""
        grades = self.graded() if self.hint_shown() else None
        if grades:
            self.view.draw_grade_labels(surface, self.layout.grade_labels(
                self.state.heaps, grades, self.panel_value()))

    def draw_marks(self, surface: pygame.Surface) -> None:
        """What the frame marks on the heaps: the last move, and the hint's grades."""
        self.draw_last_move(surface)
        self.draw_grades(surface)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        self.view.mark_move(surface, self.state, move, self.panel_value())

    def lit_counters(self) -> frozenset[Cursor]:
        """The counters that would go: the computer's pick, or the human's pointer/cursor."""
        heaps = self.state.heaps
        if self.over:
            return frozenset()
        if self.pick is not None:
            return controls.taken(heaps, controls.counter_of(self.state, self.pick))
        if not self.human_to_move():
            return frozenset()
        if self.show_cursor():
            return controls.taken(heaps, self.valid_cursor())
        hover = self.ui.hover
        if hover is not None and controls.on_a_counter(heaps, hover):
            return controls.taken(heaps, hover)
        return frozenset()

    def hinted_counters(self) -> frozenset[Cursor]:
        if not self.hint_shown():
            return frozenset()
        return controls.taken(self.state.heaps, controls.counter_of(self.state, self.suggestion()))

    def taken_in_history(self) -> list[int]:
        """Counters each side has taken since the start (or the last restart)."""
        taken = [0, 0]
        for before, move in self.game_moves():
            if isinstance(move, rules.Move):
                taken[as_state(before).to_move] += move.take
        return taken


def as_state(held: object) -> rules.State:
    """A position the Session holds (as an object) as Nim's State."""
    if not isinstance(held, rules.State):
        raise TypeError(f"Not a Nim position: {held!r}")
    return held


SCENE = NimScene
