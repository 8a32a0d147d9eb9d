"""Nim on screen: heaps drawn as stacks of stone counters. Take from one heap by choosing a
counter: it and every counter above it go. The taken counters fly off to the card of the
player who took them (and fly back on undo).

The board wires the pieces to the frame (games/core/screens/board.py), which plays the sides
(its Versus): what each action means is in controls.py (the heaps) and draft.py (the heap
editor for a custom start, up to 8 heaps of up to 15); layout.py says where things stand,
view.py, panel.py and editor.py draw.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer
from games.core.kit.rules_api import RuleError
from games.core.kit.session import Change
from games.core.loop import assets
from games.core.loop.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp
from games.core.screens import ui
from games.core.screens.board import Board, Table, chain
from games.core.screens.cache import Backdrop
from games.core.screens.hud import HUD_HEIGHT
from games.nim import ai, controls, draft as drafting, rules
from games.nim.controls import Cursor, Ui
from games.nim.draft import Button, Draft
from games.nim.editor import HELP, HeapEditor, sound
from games.nim.layout import Layout
from games.nim.view import Card, Flight, HeapsLook, NimView, Shown, swatch

SIDES = rules.SIDES
FLIGHT_SECONDS = 0.5       # a taken counter's trip to the player's card
FLIGHT_STAGGER = 0.05      # between counters of one move (the top one leaves first)
FLIGHT_OVERLAP = 0.2       # an undone pair: the second move starts before the first lands
DEAL_STAGGER = 0.035
PANEL_SECONDS = 0.35
REVIEW_RISE = 110          # how far above the heap's top the review's arrow starts


class NimBoard(Board):
    def __init__(self, table: Table) -> None:
        self.table = table
        versus = table.versus
        if versus is None:
            raise ValueError("Nim is played by two sides: the frame holds its Versus")
        self.versus = versus
        self.teach = bool(table.play_options.get("teach", table.prefs["teach"]))
        self.ui = Ui()
        self.draft: Draft | None = None           # the heap editor's, while it is open
        self.flights: dict[Cursor, Flight] = {}   # the counters on their way
        self.panel_from = self.panel_to = 1.0 if self.teach else 0.0
        self.panel_tween: Tween | None = None
        self.new_position()
        session = table.session
        fresh = session.position == 0
        if session.params.start == "custom" and fresh and not table.play_options.get("edited"):
            self.open_editor(returning=False)
        elif fresh:
            self.deal()

    @property
    def state(self) -> rules.State:
        return as_state(self.table.state)

    @property
    def editing(self) -> bool:
        return self.draft is not None

    def holds_play(self) -> str | None:
        return "Nothing to undo in the editor." if self.editing else None

    def new_position(self) -> None:
        """A start of its own (the board opening, the editor's, the bench's): laid out for
        its heaps, the cursor home."""
        self.layout = Layout(self.table.size, as_state(self.table.session.initial).heaps)
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
        self.panel_tween = self.table.tweens.add(Tween(PANEL_SECONDS, ease_in_out_cubic)) \
            if self.table.animations_on() else None

    def panel_wanted(self) -> bool:
        return self.editing or self.teach or self.versus.hint_shown()

    def panel_sliding(self) -> bool:
        return self.panel_tween is not None and not self.panel_tween.done

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change[Any, Any]) -> None:
        self.flights = {}
        self.animate_step(change, 0.0)

    def animate_turn(self, changes: Sequence[Change[Any, Any]]) -> None:
        """An undone pair: the second move's counters start back before the first land."""
        self.flights = {}
        chain(changes, self.animate_step, -FLIGHT_OVERLAP)

    def animate_step(self, change: Change[Any, Any], delay: float) -> float:
        """Counters that left fly to the taker's card; counters that came back (undo, restart)
        fly in. Returns when this change's flights end, for chaining an undone move pair."""
        if not self.table.animations_on():
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
                tween = self.table.tweens.add(Tween(FLIGHT_SECONDS, ease_in_out_cubic,
                                                    delay=start))
                self.flights[(heap, k)] = Flight(tween, side, incoming)
                end = max(end, start + FLIGHT_SECONDS)
        return end

    def changed(self, change: Change[Any, Any]) -> None:
        """The cursor stays on a counter that is there; a restart sends it home."""
        if change.move is None and change.direction > 0:
            self.ui = replace(self.ui, cursor=controls.home(self.state.heaps))
        else:
            self.settle_cursor()

    def deal(self) -> None:
        """A new game: the counters drop onto their heaps, bottom ones first."""
        self.flights = {}
        if not self.table.animations_on():
            return
        for heap, size in enumerate(self.state.heaps):
            for k in range(size):
                tween = self.table.tweens.add(Tween(0.55, ease_out_cubic,
                                                    delay=k * DEAL_STAGGER + heap * 0.06))
                self.flights[(heap, k)] = Flight(tween, None, True)

    # --- input ----------------------------------------------------------------------------
    def read(self, action: Action) -> Answer:
        if self.draft is not None:
            return self.read_editor(self.draft, action)
        target = None
        if action.kind in (Act.POINT, Act.PRESS) and action.pos is not None:
            target = self.layout.counter_at(self.state.heaps, action.pos, self.panel_value())
        return controls.interpret(self.state, self.ui, action, target)

    def look(self, ui: Any, action: Action) -> None:
        if isinstance(ui, Draft):              # the heap editor's answer
            before, self.draft = self.draft, ui
            noise = sound(before, ui) if before is not None else None
            if noise is not None:
                self.table.sound(noise)
            self.hover_again(action)
        else:
            self.ui = ui

    def toggle_teach(self) -> None:
        self.teach = not self.teach
        self.table.play_options["teach"] = self.teach
        self.table.set_pref("teach", self.teach)        # new games open the same way
        self.table.sound("select")
        self.table.say("Teaching view on." if self.teach else "Teaching view off.")

    def cancel(self) -> bool:
        if self.draft is not None and self.draft.returning:
            self.draft = None
            self.table.say("Back to the game: the heaps are unchanged.")
            return True
        return False

    # --- the heap editor --------------------------------------------------------------------
    def edit_heaps(self) -> None:
        if self.table.session.params.start != "custom":
            self.table.say("Only a custom start can be edited.")
        elif self.draft is None:
            self.open_editor(returning=True)

    def open_editor(self, returning: bool) -> None:
        """The editor, from the heaps of this game (opened from it) or the heaps last set up."""
        self.table.tweens.finish_all()
        self.versus.cancel_thinking()
        self.versus.hint_for = None
        heaps = as_state(self.table.session.initial).heaps
        remembered = self.table.prefs["custom_heaps"]   # checked when the settings were read
        if not returning and remembered:
            heaps = rules.parse_heaps(remembered)
        self.draft = Draft(tuple(heaps), returning=returning)

    def read_editor(self, draft: Draft, action: Action) -> Answer:
        """The editor's answer: a new draft or a refusal for the frame to carry out; its
        buttons (Start, Random, Back) are the board's own."""
        pointer = action.pos if action.kind in (Act.POINT, Act.PRESS) else None
        target = None if pointer is None else self.editor.target_at(draft, pointer)
        answer = drafting.interpret(draft, action, target)
        if not isinstance(answer, Button):
            return answer                    # a new draft, or why not: the frame's to carry out
        if answer == Button.START:
            self.start_custom()
        elif answer == Button.RANDOM:
            heaps = rules.parse_heaps(rules.new_desc(self.table.session.params, random.Random()))
            self.draft = replace(draft, heaps=heaps, focus=0)
            self.table.sound("swap")
        elif answer == Button.BACK:
            self.cancel()
        self.hover_again(action)
        return None

    def hover_again(self, action: Action) -> None:
        """The columns move when a heap comes or goes: what is under the pointer now."""
        if action.kind == Act.PRESS and action.pos is not None and self.draft is not None:
            self.draft = replace(self.draft, hover=self.editor.target_at(self.draft, action.pos))

    def start_custom(self) -> None:
        if self.draft is None:
            return
        desc = rules.heaps_text(self.draft.heaps)
        try:
            rules.validate_desc(self.table.session.params, desc)
        except RuleError as error:
            self.table.refuse(str(error))
            return
        self.table.set_pref("custom_heaps", desc)
        self.table.play_options["edited"] = True
        self.draft = None
        self.table.begin(desc)
        self.deal()
        self.table.sound("swap")
        self.table.say("Left moves first.")

    # --- hint: every move graded on its counter, the best one lit --------------------------
    def suggestion(self) -> rules.Move:
        move = ai.winning_move(self.state)
        return move if move is not None else ai.stalling_move(self.state)

    def hint_refusal(self) -> str | None:
        return "Set up the heaps and start the game first." if self.editing else None

    def hinted(self) -> None:
        if self.versus.hint_shown():
            self.ui = replace(self.ui, cursor=controls.counter_of(self.state, self.suggestion()))

    def best_path(self, state: Any, move: Any) -> list[tuple[float, float]]:
        """An arrow down onto the lowest counter the move takes (it and all above it go)."""
        size = state.heaps[move.heap]
        f = self.panel_value()
        lowest = self.layout.counter_rect(move.heap, size - move.take, f)
        top = self.layout.counter_rect(move.heap, size - 1, f)
        return [(lowest.centerx, top.top - REVIEW_RISE), (lowest.centerx, lowest.centery)]

    def grade_spot(self, move: Any) -> tuple[float, float] | None:
        heap, k = controls.counter_of(self.state, move)
        x, y = self.layout.counter_rect(heap, k, self.panel_value()).center
        return float(x), float(y)

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        return "capture"

    def move_words(self, move: Any) -> str:
        return f"took {move.take} from heap {move.heap + 1}"

    def swatch(self, side: int, size: int) -> pygame.Surface | None:
        return swatch(side, size)

    def tick(self, dt: float) -> None:
        self.set_panel(1.0 if self.panel_wanted() else 0.0)
        if self.editing:
            self.versus.cancel_thinking()

    # --- the frame around the board -----------------------------------------------------------
    def hud_fields(self) -> list[tuple[str, str]]:
        if self.draft is not None:
            return [("Heaps", str(len(self.draft.heaps))),
                    ("Counters", str(sum(self.draft.heaps)))]
        return [("Moves", str(self.table.session.moves_made)),
                ("Counters left", str(sum(self.state.heaps)))]

    def draw_hud(self, surface: pygame.Surface) -> None:
        title = assets.text(self.table.game.title, ui.HEADING, ui.TEXT, True)
        rule = ("Misère play: whoever takes the last counter loses" if self.state.misere else
                "Normal play: whoever takes the last counter wins")
        ui.label(surface, rule, (40 + title.get_width() + 36, HUD_HEIGHT // 2 + 2), ui.SMALL + 2,
                 ui.MUTED, anchor="midleft")

    def commands(self) -> Mapping[Command, Callable[[], None]]:
        return {Command.TEACH: self.toggle_teach, Command.EDIT: self.edit_heaps}

    def cursor_look(self) -> Any:
        return self.ui, self.draft

    def has_alternate(self) -> bool:
        """The heap editor's X removes a heap; in play a take has no other way."""
        return self.editing

    def command_ready(self, command: Command) -> bool:
        if command == Command.EDIT:
            return bool(self.table.session.params.start == "custom")
        return True

    def demo_move(self) -> Any:
        """The scripted player starts the heap editor's game as it stands."""
        if self.editing:
            self.start_custom()
        return None

    def prompt(self) -> str:
        versus = self.versus
        if versus.looking:                       # a review: whose turn, its panel says the rest
            return versus.turn_prompt()
        if self.table.over:
            return str(versus.ending())
        if versus.demo:
            return ("Paused: Space, A or a click plays on; U and R step through"
                    if versus.demo_paused
                    else "Computer against computer: Space, A or a click pauses")
        if versus.computer_to_move():
            return "The computer is thinking..." if versus.pick is None \
                else "The computer takes..."
        if not versus.human_to_move():           # a look back: nobody plays
            return versus.turn_prompt()
        who = "Your move" if versus.against_computer else f"{SIDES[versus.to_move]} to move"
        return f"{who}: " + self.table.by_device("click a counter to take it and all above it",
                                                 "arrows choose, Enter takes",
                                                 "d-pad chooses, A takes")

    # --- drawing ----------------------------------------------------------------------------
    def lesson_spot(self, thing: Any) -> pygame.Rect | None:
        """The lesson player's highlight (games/core/screens/lesson.py): round a heap."""
        f = self.panel_value()
        size = max(1, self.state.heaps[thing])
        rects = [self.layout.counter_rect(thing, k, f, size) for k in range(size)]
        return rects[0].unionall(rects[1:]).inflate(36, 36)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The still board (NimView.still_parts): one picture, painted again as it changes."""
        parts = [] if self.draft is not None else self.view.still_parts(
            self.screen_area(), self.shown(self.panel_value()), self.flights, self.draw_marks)
        self.backdrop.show(surface, parts)

    def screen_area(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.table.size)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.panel_value()
        if self.draft is not None:
            self.editor.draw(surface, self.draft, self.table.show_cursor(),
                             self.table.by_device(*HELP), f)
        else:
            self.view.draw(surface, self.shown(f), self.flights, self.draw_marks)

    def shown(self, f: float) -> Shown:
        """What the view draws this frame."""
        versus = self.versus
        over = self.table.over
        cursor = self.valid_cursor() if self.table.show_cursor() and versus.human_to_move() \
            else None
        look = HeapsLook(self.state, self.lit_counters(), self.hinted_counters(), cursor,
                         versus.pick is not None, versus.graded() is not None,
                         versus.hint_shown() and ai.winning_move(self.state) is not None, f)
        winner = self.table.session.status.winner
        cards = tuple(Card(versus.role(side) + (f" · {versus.level_text()}"
                                                if versus.is_computer(side) else ""),
                           not over and versus.to_move == side,
                           over and winner == side) for side in (0, 1))
        taken = self.taken_in_history()
        return Shown(look, (cards[0], cards[1]), (taken[0], taken[1]), self.prompt(),
                     versus.hint_shown(), self.panel_sliding())

    def draw_grades(self, surface: pygame.Surface) -> None:
        """The hint's labels, none over another (Layout.grade_labels)."""
        grades = self.versus.graded() if self.versus.hint_shown() else None
        if grades:
            self.view.draw_grade_labels(surface, self.layout.grade_labels(
                self.state.heaps, grades, self.panel_value()))

    def draw_marks(self, surface: pygame.Surface) -> None:
        """What the frame marks on the heaps: the last move, and the hint's grades."""
        self.versus.draw_last_move(surface)
        self.draw_grades(surface)

    def mark_move(self, surface: pygame.Surface, move: Any) -> None:
        self.view.mark_move(surface, self.state, move, self.panel_value())

    def lit_counters(self) -> frozenset[Cursor]:
        """The counters that would go: the computer's pick, or the human's pointer/cursor."""
        heaps = self.state.heaps
        versus = self.versus
        if self.table.over:
            return frozenset()
        if versus.pick is not None:
            return controls.taken(heaps, controls.counter_of(self.state, versus.pick))
        if not versus.human_to_move():
            return frozenset()
        if self.table.show_cursor():
            return controls.taken(heaps, self.valid_cursor())
        hover = self.ui.hover
        if hover is not None and controls.on_a_counter(heaps, hover):
            return controls.taken(heaps, hover)
        return frozenset()

    def hinted_counters(self) -> frozenset[Cursor]:
        if not self.versus.hint_shown():
            return frozenset()
        return controls.taken(self.state.heaps, controls.counter_of(self.state, self.suggestion()))

    def taken_in_history(self) -> list[int]:
        """Counters each side has taken since the start (or the last restart)."""
        taken = [0, 0]
        for before, move in self.versus.game_moves():
            if isinstance(move, rules.Move):
                taken[as_state(before).to_move] += move.take
        return taken


def as_state(held: object) -> rules.State:
    """A position the Session holds (as an object) as Nim's State."""
    if not isinstance(held, rules.State):
        raise TypeError(f"Not a Nim position: {held!r}")
    return held

