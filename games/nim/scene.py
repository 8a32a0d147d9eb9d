"""Nim on screen: heaps drawn as stacks of stone counters. Take from one heap by choosing a
counter: it and every counter above it go. The taken counters fly off to the card of the
player who took them (and fly back on undo).

Mouse: point at a counter (the ones you would take light up) and click. Right button, or the
Teach button, shows the teaching view. Keyboard: arrows move the cursor between heaps and up
and down a heap, Enter or Space takes, 1-8 jump to a heap, T teaching view, H hint, E edits a
custom start. Gamepad: d-pad moves, A takes, X teaching view, Y hint, LB/RB undo/redo.

A custom start opens the heap editor first (up to 8 heaps of up to 15), reachable with every
device. The computer thinks in a background Job after a short pause, and shows which
counters it is about to take before it takes them.
"""
from __future__ import annotations

import math
import random

import pygame

from games.core import input as act
from games.core import ui
from games.core.game_scene import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.session import Change, Session
from games.core.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp
from games.core.versus import COMPUTER, VersusScene
from games.nim import ai, rules, teaching
from games.nim.info import LEVEL_TITLES, SIDES
from sprites import nim as paint

FLIGHT_SECONDS = 0.5       # a taken counter's trip to the player's card
FLIGHT_STAGGER = 0.05      # between counters of one move (the top one leaves first)
FLIGHT_OVERLAP = 0.2       # an undone pair: the second move starts before the first lands
DEAL_STAGGER = 0.035
PANEL_SECONDS = 0.35
PICK_SECONDS = 0.45        # the computer's choice is shown lit before it takes it
PILE_WIDTH, PILE_THICK, PILE_STEP, PILE_MOST = 48, 10, 5, 11   # taken counters on a card

TABLE_INK = (26, 28, 36)
TABLE, TABLE_EDGE = (29, 40, 46), (44, 60, 66)


class Geometry:
    """Where the heaps stand for one width of the heap area: column centres, counter size."""

    def __init__(self, area: pygame.Rect, columns: int, tallest: int, width: int | None = None,
                 thickness: int | None = None):
        self.area = area
        self.column = area.width / max(columns, 1)
        if width is None:
            face_room = 40
            thickness = int(max(26, min(66, (area.height - face_room) / max(tallest, 1))))
            width = int(max(60, min(self.column * 0.8, thickness * 4.2 + 50, 270)))
        self.width, self.thickness = width, thickness
        self.face = paint.face_height(width)
        self.base = area.bottom
        self.xs = [area.left + self.column * (k + 0.5) for k in range(columns)]


class NimScene(VersusScene):
    SIDE_NAMES = SIDES

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.teach = bool(self.play_options.get("teach", app.settings.get("nim_teach", False)))
        self.cursor = (0, 0)          # (heap, counter from the bottom) for keyboard and pad
        self.hover = None             # the counter under the mouse pointer
        self.hint_for = None          # the state a hint was asked for
        self.flights: dict[tuple[int, int], tuple] = {}   # (heap, k) -> (tween, side, incoming)
        self.panel_from = self.panel_to = 1.0 if self.teach else 0.0
        self.panel_tween = None
        self.pick = None              # [move, seconds]: the computer's choice, shown lit
        self.demo_paused = False
        self.editing = False
        self.edit_return = False      # the editor was opened from a running game
        self.draft: list[int] = []
        self.edit_focus = 0
        self.edit_hover = None
        self.panel_cache: dict = {}
        self.layer, self.layer_look = None, None   # the calm board, drawn once per look
        self.layout()
        fresh = session.position == 0
        if self.session.params.start == "custom" and fresh and not self.play_options.get("edited"):
            self.open_editor(from_game=False)
        elif fresh:
            self.deal()
        self.cursor = self.home_cursor()

    # --- who plays ------------------------------------------------------------------------
    @property
    def demo(self) -> bool:
        return self.players == (COMPUTER, COMPUTER)

    def level_title(self) -> str:
        return LEVEL_TITLES.get(self.level, "Perfect")    # no level: the computer's best

    def is_computer(self, side: int) -> bool:
        return self.players[side] == COMPUTER

    def computer_to_move(self) -> bool:
        return not self.over and not self.editing and self.is_computer(self.state.to_move)

    def human_to_move(self) -> bool:
        return not self.editing and super().human_to_move()

    def role(self, side: int) -> str:
        if self.is_computer(side):
            return f"Computer ({self.level_title()})"
        if self.against_computer:
            return "You"
        return "Moves first" if side == 0 else "Moves second"

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """Two arrangements of the heaps, with and without the side panel; the panel slides
        between them. Counters keep one size in both."""
        width = self.app.size[0]
        top, bottom = HUD_HEIGHT + 226, self.app.size[1] - TOOLBAR_HEIGHT - 96
        self.panel_rect = pygame.Rect(width - 40 - 680, HUD_HEIGHT + 16, 680,
                                      self.app.size[1] - TOOLBAR_HEIGHT - HUD_HEIGHT - 32)
        self.area_wide = pygame.Rect(40, top, width - 80, bottom - top)
        self.area_narrow = pygame.Rect(40, top, self.panel_rect.left - 80, bottom - top)
        heaps = self.session.initial.heaps
        narrow = Geometry(self.area_narrow, len(heaps), max(heaps))
        wide = Geometry(self.area_wide, len(heaps), max(heaps), narrow.width, narrow.thickness)
        self.geo = (wide, narrow)
        self.panel_cache.clear()
        self.layer_look = None

    def panel_value(self) -> float:
        tween = self.panel_tween
        if tween is None or tween.done:
            return self.panel_to
        return lerp(self.panel_from, self.panel_to, tween.value)

    def heap_x(self, heap: int, f: float | None = None) -> float:
        f = self.panel_value() if f is None else f
        wide, narrow = self.geo
        return lerp(wide.xs[heap], narrow.xs[heap], f)

    def counter_topleft(self, heap: int, k: int, f: float | None = None) -> tuple[float, float]:
        g = self.geo[1]
        jitter = ((k * 37 + heap * 11) % 7 - 3) * g.width / 120
        x = self.heap_x(heap, f) - g.width / 2 + jitter
        y = g.base - g.face - (k + 1) * g.thickness
        return x, y

    def counter_rect(self, heap: int, k: int, size: int | None = None) -> pygame.Rect:
        """What a click on counter k hits: its side band (and the top face of the top one)."""
        g = self.geo[1]
        x, y = self.counter_topleft(heap, k)
        top = y + g.face // 2
        height = g.thickness
        if size is None or k == size - 1:
            top, height = y, g.thickness + g.face // 2
        return pygame.Rect(round(x), round(top), g.width, height)

    def card_rect(self, side: int, f: float | None = None) -> pygame.Rect:
        f = self.panel_value() if f is None else f
        left = self.area_wide.left
        right = lerp(self.area_wide.right, self.area_narrow.right, f)
        rect = pygame.Rect(0, HUD_HEIGHT + 20, 480, 96)
        if side == 0:
            rect.left = left
        else:
            rect.right = round(right)
        return rect

    def tray_point(self, side, heap: int) -> tuple[float, float]:
        if side is None:     # dealt or restarted: dropped in from the top of the table
            return self.heap_x(heap), HUD_HEIGHT + 150
        x, bottom = self.pile_base(side)
        return x, bottom - paint.face_height(PILE_WIDTH) - PILE_THICK - 4

    def pile_base(self, side: int) -> tuple[int, int]:
        """Centre x and bottom y of the little pile of taken counters on a player's card."""
        card = self.card_rect(side)
        return card.right - 54, card.bottom - 14

    # --- animation ------------------------------------------------------------------------
    def animations_on(self) -> bool:
        return bool(self.app.settings.get("animations", True))

    def clear_animation(self) -> None:
        self.flights = {}

    turn_gap = -FLIGHT_OVERLAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Counters that left fly to the taker's card; counters that came back (undo, restart)
        fly in. Returns when this change's flights end, for chaining an undone move pair."""
        if not self.animations_on():
            return delay
        old, new = change.old.heaps, change.new.heaps
        if change.move is None:
            side = None
        else:
            side = change.old.to_move if change.direction > 0 else change.new.to_move
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
                self.flights[(heap, k)] = (tween, side, incoming)
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
                self.flights[(heap, k)] = (tween, None, True)

    def set_panel(self, target: float) -> None:
        if target == self.panel_to:
            return
        self.panel_from, self.panel_to = self.panel_value(), target
        self.panel_tween = self.tweens.add(Tween(PANEL_SECONDS, ease_in_out_cubic)) \
            if self.animations_on() else None

    def panel_wanted(self) -> bool:
        return self.editing or self.teach or self.hint_for == self.state

    # --- input ----------------------------------------------------------------------------
    def is_move_input(self, action) -> bool:
        """The editor, the teaching view and pausing the demo are not moves: they always
        get through, even while the computer is to move."""
        kind = action.kind
        free = (self.editing or kind == act.ALT or (kind == act.PRESS and action.alt)
                or (kind == act.KEY and action.value in ("t", "e"))
                or (self.demo and kind in (act.CONFIRM, act.PRESS)))
        return not free and super().is_move_input(action)

    def handle_game(self, action) -> None:
        if self.editing:
            self.handle_editor(action)
            return
        kind = action.kind
        if kind == act.POINT:
            self.hover = self.counter_at(action.pos)
        elif kind == act.PRESS:
            if action.alt:
                self.toggle_teach()
                return
            hit = self.counter_at(action.pos)
            if hit is not None:
                self.cursor = hit
                self.take(*hit)
            elif self.demo and self.area_wide.collidepoint(action.pos):
                self.toggle_demo_pause()
        elif kind == act.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif kind in (act.NEXT, act.PREV):
            self.step_heap(1 if kind == act.NEXT else -1, wrap=True)
        elif kind == act.DIGIT:
            heap = (action.value or 10) - 1
            if heap < len(self.state.heaps) and self.state.heaps[heap]:
                self.cursor = self.same_take(*self.valid_cursor(), heap)
        elif kind == act.CONFIRM:
            if self.demo:
                self.toggle_demo_pause()
            elif not self.over:
                self.take(*self.valid_cursor())
        elif kind == act.ALT:
            self.toggle_teach()
        elif kind == act.KEY and action.value == "t":
            self.toggle_teach()
        elif kind == act.KEY and action.value == "e":
            self.edit_heaps()

    def counter_at(self, pos):
        """(heap, k) of the counter under pos, or None."""
        if pos is None or self.over:
            return None
        for heap, size in enumerate(self.state.heaps):
            for k in range(size - 1, -1, -1):
                if self.counter_rect(heap, k, size).collidepoint(pos):
                    return heap, k
        return None

    def home_cursor(self) -> tuple[int, int]:
        heaps = self.state.heaps
        heap = next((h for h, size in enumerate(heaps) if size), 0)
        return heap, max(0, heaps[heap] - 1)

    def valid_cursor(self) -> tuple[int, int]:
        """The cursor moved onto a counter that exists (its heap, or the nearest non-empty)."""
        heaps = self.state.heaps
        heap, k = self.cursor
        heap = min(max(heap, 0), len(heaps) - 1)
        if not heaps[heap]:
            nonempty = [h for h, size in enumerate(heaps) if size]
            if not nonempty:
                return heap, 0
            heap = min(nonempty, key=lambda h: (abs(h - heap), h))
            return heap, heaps[heap] - 1          # its top counter: take one
        return heap, min(max(k, 0), heaps[heap] - 1)

    def move_cursor(self, dx: int, dy: int) -> None:
        heap, k = self.valid_cursor()
        if dx:
            self.cursor = (heap, k)
            self.step_heap(dx, wrap=False)
        elif dy:
            self.cursor = (heap, min(max(k - dy, 0), max(self.state.heaps[heap] - 1, 0)))

    def step_heap(self, step: int, wrap: bool) -> None:
        heap, k = self.valid_cursor()
        heaps = self.state.heaps
        count = len(heaps)
        probe = heap
        for _ in range(count):
            probe += step
            if wrap:
                probe %= count
            elif not 0 <= probe < count:
                return
            if heaps[probe]:
                self.cursor = self.same_take(heap, k, probe)
                return

    def same_take(self, heap: int, k: int, other: int) -> tuple[int, int]:
        """The cursor on another heap, taking as many as it did here (or that whole heap):
        moving across never turns "take 1" into "take them all"."""
        heaps = self.state.heaps
        take = heaps[heap] - k if heaps[heap] else 1
        return other, max(0, heaps[other] - take)

    def take(self, heap: int, k: int) -> None:
        if self.over:
            return
        if not self.human_to_move():
            self.say("The computers are playing; Space or A pauses." if self.demo
                     else "Wait for the computer's move.")
            return
        size = self.state.heaps[heap]
        if k >= size:
            return
        if self.play(rules.Move(heap, size - k)):
            self.app.audio.play("capture")
            self.cursor = self.valid_cursor()
            self.hover = None

    def toggle_teach(self) -> None:
        self.teach = not self.teach
        self.play_options["teach"] = self.teach
        self.app.settings["nim_teach"] = self.teach     # new games open the same way
        self.app.save_settings()
        self.app.audio.play("select")
        self.say("Teaching view on." if self.teach else "Teaching view off.")

    def toggle_demo_pause(self) -> None:
        self.demo_paused = not self.demo_paused
        self.cancel_thinking()
        self.say("Paused: undo and redo step through the game." if self.demo_paused
                 else "Playing on.")

    def cancel(self) -> bool:
        if self.editing and self.edit_return:
            self.editing = False
            self.say("Back to the game: the heaps are unchanged.")
            return True
        return False

    # --- hint -----------------------------------------------------------------------------
    def suggestion(self):
        move = ai.winning_move(self.state)
        return move if move is not None else ai.stalling_move(self.state)

    def hint(self) -> None:
        if self.editing:
            self.say("Set up the heaps and start the game first.")
            return
        if self.computer_to_move() and not self.demo:
            self.say("Hints are for your own move.")
            return
        move = self.suggestion()
        self.hint_for = self.state
        self.count_hint()
        self.cursor = (move.heap, self.state.heaps[move.heap] - move.take)
        self.app.audio.play("hint")
        self.say(f"Hint: take {move.take} from heap {move.heap + 1}.")

    # --- undo and redo of whole turns (VersusScene), animated as one ---------------------------
    def undo(self) -> None:
        if self.editing:
            self.say("Nothing to undo in the editor.")
            return
        if self.demo:
            self.demo_paused = True       # step back through the demo without it replaying
        super().undo()
        self.cursor = self.valid_cursor()

    def redo(self) -> None:
        if self.editing:
            return
        super().redo()
        self.cursor = self.valid_cursor()

    def restart(self) -> None:
        if self.editing:
            return
        super().restart()
        self.cursor = self.home_cursor()

    # --- the computer -----------------------------------------------------------------------
    def cancel_thinking(self) -> None:
        super().cancel_thinking()
        self.pick = None

    def computer_chose(self, move) -> None:
        """The computer's answer is first shown lit (the pick), then played from tick()."""
        if self.animations_on():
            self.pick = [move, PICK_SECONDS]
        else:
            self.play(move)

    def tick(self, dt: float) -> None:
        self.set_panel(1.0 if self.panel_wanted() else 0.0)
        if self.editing or self.demo_paused:
            self.cancel_thinking()
            return
        if self.pick is not None:
            self.pick[1] -= dt
            if self.pick[1] <= 0:
                move, self.pick = self.pick[0], None
                if self.play(move):
                    self.app.audio.play("move")
                    self.cursor = self.valid_cursor()
            return
        super().tick(dt)

    # --- the end ----------------------------------------------------------------------------
    def hud_fields(self):
        if self.editing:
            return [("Heaps", str(len(self.draft))), ("Counters", str(sum(self.draft)))]
        return [("Moves", str(self.session.moves_made)),
                ("Counters left", str(sum(self.state.heaps)))]

    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        title = ui.assets.text(self.info.title, ui.HEADING, ui.TEXT, True)
        rule = ("Misère play: whoever takes the last counter loses" if self.state.misere else
                "Normal play: whoever takes the last counter wins")
        ui.label(surface, rule, (40 + title.get_width() + 36, HUD_HEIGHT // 2 + 2), ui.SMALL + 2,
                 ui.MUTED, anchor="midleft")

    def extra_buttons(self):
        buttons = [("Teach (T)", self.toggle_teach)]
        if self.session.params.start == "custom":
            buttons.append(("Edit (E)", self.edit_heaps))
        return buttons

    def status_line(self) -> str:
        return self.session.status.reason if self.over else ""

    # --- the custom heap editor -----------------------------------------------------------------
    def edit_heaps(self) -> None:
        if self.session.params.start != "custom":
            self.say("Only a custom start can be edited.")
            return
        if not self.editing:
            self.open_editor(from_game=True)

    def open_editor(self, from_game: bool) -> None:
        self.tweens.finish_all()
        self.cancel_thinking()
        self.editing, self.edit_return = True, from_game
        self.hint_for = None
        heaps = list(self.session.initial.heaps)
        remembered = self.app.settings.get("nim_custom_heaps")
        if not from_game and isinstance(remembered, str):
            try:
                rules.validate_desc(self.session.params, remembered)
                heaps = list(rules.parse_heaps(remembered))
            except rules.RuleError:
                pass
        self.draft = heaps
        self.edit_focus = 0
        self.edit_hover = None

    def edit_order(self) -> list:
        order = [("heap", k) for k in range(len(self.draft))]
        if len(self.draft) < rules.MAX_HEAPS:
            order.append(("add",))
        order += [("start",), ("random",)]
        if self.edit_return:
            order.append(("back",))
        return order

    def edit_geometry(self) -> Geometry:
        columns = len(self.draft) + (1 if len(self.draft) < rules.MAX_HEAPS else 0)
        return Geometry(self.area_narrow, columns, rules.MAX_HEAP)

    def edit_slot_rect(self, g: Geometry, column: int, k: int) -> pygame.Rect:
        y = g.base - g.face - (k + 1) * g.thickness
        return pygame.Rect(round(g.xs[column] - g.width / 2), round(y + g.face / 2),
                           g.width, g.thickness)

    def edit_remove_rect(self, g: Geometry, column: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 48, 44)
        rect.center = (round(g.xs[column]) + 34, g.base + 40)
        return rect

    def edit_buttons(self) -> dict:
        panel = self.panel_rect
        rects = {"start": pygame.Rect(panel.left + 40, panel.bottom - 300, panel.width - 80, 84),
                 "random": pygame.Rect(panel.left + 40, panel.bottom - 200, panel.width - 80, 76)}
        if self.edit_return:
            rects["random"].width = (panel.width - 100) // 2
            rects["back"] = pygame.Rect(rects["random"].right + 20, panel.bottom - 200,
                                        (panel.width - 100) // 2, 76)
        return rects

    def edit_target(self, pos):
        """What the pointer is over in the editor: ("slot", column, k), ("remove", column),
        ("start",), ("random",), ("back",) or None."""
        if pos is None:
            return None
        for name, rect in self.edit_buttons().items():
            if rect.collidepoint(pos):
                return (name,)
        g = self.edit_geometry()
        for column in range(len(g.xs)):
            if column < len(self.draft) and self.edit_remove_rect(g, column).collidepoint(pos):
                return ("remove", column)
            for k in range(rules.MAX_HEAP):
                if self.edit_slot_rect(g, column, k).collidepoint(pos):
                    return ("slot", column, k)
        return None

    def handle_editor(self, action) -> None:
        kind = action.kind
        order = self.edit_order()
        self.edit_focus = min(self.edit_focus, len(order) - 1)
        focus = order[self.edit_focus]
        if kind == act.POINT:
            self.edit_hover = self.edit_target(action.pos)
        elif kind == act.PRESS:
            target = self.edit_target(action.pos)
            if target is None:
                return
            if target[0] == "slot":
                column, k = target[1], target[2]
                if action.alt:
                    self.remove_heap(column)
                elif column == len(self.draft):
                    self.add_heap(k + 1)
                else:
                    self.set_heap(column, k + 1)
            elif target[0] == "remove":
                self.remove_heap(target[1])
            elif not action.alt:
                self.edit_action(target[0])
            self.edit_hover = self.edit_target(action.pos)
        elif kind == act.MOVE and action.dx:
            self.edit_focus = min(max(self.edit_focus + action.dx, 0), len(order) - 1)
        elif kind == act.MOVE and action.dy:
            if focus[0] == "heap":
                self.set_heap(focus[1], self.draft[focus[1]] - action.dy)
            elif focus[0] == "add" and action.dy < 0:
                self.add_heap(1)
            elif focus[0] in ("start", "random", "back"):
                buttons = [o for o in order if o[0] in ("start", "random", "back")]
                here = buttons.index(focus)
                self.edit_focus = order.index(buttons[min(max(here + action.dy, 0), len(buttons) - 1)])
        elif kind in (act.NEXT, act.PREV):
            self.edit_focus = (self.edit_focus + (1 if kind == act.NEXT else -1)) % len(order)
        elif kind == act.CONFIRM:
            self.edit_action(focus[0])
        elif kind in (act.ALT, act.CLEAR) and focus[0] == "heap":
            self.remove_heap(focus[1])
        elif kind == act.DIGIT and focus[0] == "heap":
            self.set_heap(focus[1], action.value or 10)
        elif kind == act.KEY and action.value == "s":
            self.start_custom()

    def edit_action(self, name: str) -> None:
        if name == "add":
            self.add_heap(1)
        elif name == "random":
            self.draft = list(rules.parse_heaps(rules.new_desc(self.session.params, random.Random())))
            self.edit_focus = 0
            self.app.audio.play("swap")
        elif name == "back":
            self.cancel()
        else:
            self.start_custom()

    def set_heap(self, column: int, size: int) -> None:
        size = min(max(size, 1), rules.MAX_HEAP)
        if self.draft[column] != size:
            self.draft[column] = size
            self.app.audio.play("place")
        self.edit_focus = column

    def add_heap(self, size: int) -> None:
        if len(self.draft) >= rules.MAX_HEAPS:
            self.say(f"At most {rules.MAX_HEAPS} heaps.")
            return
        self.draft.append(min(max(size, 1), rules.MAX_HEAP))
        self.edit_focus = len(self.draft) - 1
        self.app.audio.play("place")

    def remove_heap(self, column: int) -> None:
        if len(self.draft) <= 1:
            self.say("Keep at least one heap.")
            self.app.audio.play("wrong")
            return
        del self.draft[column]
        self.edit_focus = min(column, len(self.draft) - 1)
        self.app.audio.play("capture")

    def start_custom(self) -> None:
        desc = rules.heaps_text(tuple(self.draft))
        try:
            rules.validate_desc(self.session.params, desc)
        except rules.RuleError as error:
            self.say(str(error))
            return
        self.app.settings["nim_custom_heaps"] = desc
        self.app.save_settings()
        self.session = Session(self.session.key, self.session.params, desc)
        self.play_options["edited"] = True
        self.editing = False
        self.reported = False
        self.demo_paused = False
        self.hint_for = None
        self.layout()
        self.deal()
        self.cursor = self.home_cursor()
        self.app.audio.play("swap")
        self.say("Left moves first.")

    # --- the scripted demo player ------------------------------------------------------------
    def demo_step(self) -> None:
        if self.editing:
            self.start_custom()
        else:
            super().demo_step()

    def bench_pose(self) -> None:
        """The most expensive everyday look: the largest random start (five heaps of 7), the
        teaching view with a hint, and the keyboard cursor lighting a take."""
        self.tweens.finish_all()
        self.session = Session(self.session.key, rules.Params("random"), "7,7,7,7,7")
        self.editing = False
        self.layout()
        self.cursor = self.home_cursor()
        self.teach = True
        self.hint()
        self.panel_from = self.panel_to = 1.0
        self.panel_tween = None
        self.app.input.last_device = act.KEYBOARD

    # --- drawing ----------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        if self.editing:
            self.draw_editor(surface)
            return
        self.draw_cards(surface)
        self.draw_prompt(surface)
        lit, hinted = self.lit_counters(), self.hinted_counters()
        cursor = self.valid_cursor() if self.show_cursor() and self.human_to_move() else None
        moving = any(not f[0].done for f in self.flights.values()) or \
            (self.panel_tween is not None and not self.panel_tween.done)
        top = HUD_HEIGHT + 180
        area = pygame.Rect(0, top, self.app.size[0], self.app.size[1] - TOOLBAR_HEIGHT - top)
        if moving:
            self.draw_heaps(surface, lit, hinted, cursor)
        else:
            # A calm board (most frames) is one cached picture, redrawn when its look changes.
            look = (self.state, frozenset(lit), frozenset(hinted), self.pick is not None,
                    cursor, self.panel_value(), self.geo[1].width)
            if self.layer_look != look:
                if self.layer is None:
                    self.layer = pygame.Surface(self.app.size).convert()
                self.layer.fill(ui.BG, area)
                self.draw_heaps(self.layer, lit, hinted, cursor)
                self.layer_look = look
            surface.blit(self.layer, area, area)
        self.draw_flights(surface)
        panel = self.panel_value()
        if panel > 0.001:
            x = lerp(self.app.size[0] + 10, self.panel_rect.left, panel)
            surface.blit(self.teaching_panel(), (round(x), self.panel_rect.top))

    def draw_heaps(self, surface, lit: set, hinted: set, cursor) -> None:
        """The table, the heaps (less counters still flying in), their labels, the cursor."""
        state = self.state
        g = self.geo[1]
        self.draw_table(surface)
        shadow = paint.shadow(g.width)
        for heap, size in enumerate(state.heaps):
            x = self.heap_x(heap)
            surface.blit(shadow, (x - shadow.get_width() / 2,
                                  g.base - g.face / 2 - shadow.get_height() / 2 + 6))
            for k in range(size):
                flight = self.flights.get((heap, k))
                if flight and not flight[0].done and flight[2]:
                    continue       # still flying in
                tone = "hint" if (heap, k) in hinted else "take" if (heap, k) in lit else "stone"
                surface.blit(paint.disc(g.width, g.thickness, tone), self.counter_topleft(heap, k))
            self.draw_heap_label(surface, heap, size, x, self.take_words(heap, lit, hinted))
        if cursor is not None and state.heaps[cursor[0]]:
            heap, k = cursor
            rect = self.counter_rect(heap, k, state.heaps[heap]).inflate(16, 10)
            pygame.draw.rect(surface, ui.ACCENT, rect, 5, border_radius=14)

    def draw_table(self, surface) -> None:
        """The baize the heaps stand on, under the heaps' part of the board."""
        f = self.panel_value()
        right = lerp(self.area_wide.right, self.area_narrow.right, f)
        table = pygame.Rect(self.area_wide.left - 16, HUD_HEIGHT + 190, 0, 0)
        table.width = round(right - table.left + 16)
        table.height = self.app.size[1] - TOOLBAR_HEIGHT - 14 - table.top
        surface.blit(paint.baize(table.size, TABLE, TABLE_EDGE, ui.BG), table)

    def show_cursor(self) -> bool:
        return self.app.input.last_device != act.MOUSE

    def take_from(self, heap: int, k: int) -> set:
        return {(heap, j) for j in range(k, self.state.heaps[heap])}

    def lit_counters(self) -> set:
        """The counters that would go: the computer's pick, or the human's pointer/cursor."""
        if self.over:
            return set()
        if self.pick is not None:
            move = self.pick[0]
            size = self.state.heaps[move.heap]
            return self.take_from(move.heap, size - move.take)
        if not self.human_to_move():
            return set()
        if self.show_cursor():
            heap, k = self.valid_cursor()
            return self.take_from(heap, k) if self.state.heaps[heap] else set()
        if self.hover is not None and self.hover[1] < self.state.heaps[self.hover[0]]:
            return self.take_from(*self.hover)
        return set()

    def hinted_counters(self) -> set:
        if self.hint_for != self.state or self.over:
            return set()
        move = self.suggestion()
        return self.take_from(move.heap, self.state.heaps[move.heap] - move.take)

    def take_words(self, heap: int, lit: set, hinted: set) -> tuple[str, tuple] | None:
        """The tag under a heap: how many the pointer, cursor, computer or hint would take."""
        count = sum(1 for h, _ in lit if h == heap)
        if count and self.pick is not None:
            return f"{SIDES[self.state.to_move]} takes {count}", ui.ACCENT
        if count and not (lit == hinted):
            return f"take {count}", ui.ACCENT
        count = sum(1 for h, _ in hinted if h == heap)
        if count:
            return f"take {count}", ui.GOOD
        return None

    def draw_heap_label(self, surface, heap: int, size: int, x: float, tag) -> None:
        g = self.geo[1]
        colour = ui.TEXT if size else ui.MUTED
        ui.label(surface, str(size), (round(x), g.base + 34), ui.HEADING, colour, bold=True,
                 anchor="center")
        if tag is None:
            ui.label(surface, f"heap {heap + 1}", (round(x), g.base + 76), ui.SMALL, ui.MUTED,
                     anchor="center")
            return
        words, colour = tag
        image = ui.assets.text(words, ui.SMALL, TABLE_INK, True)
        box = image.get_rect().inflate(20, 8)
        box.center = (round(x), g.base + 76)
        ui.panel(surface, box, colour, radius=10)
        surface.blit(image, image.get_rect(center=box.center))

    def draw_flights(self, surface) -> None:
        g = self.geo[1]
        for (heap, k), (tween, side, incoming) in self.flights.items():
            if tween.done:
                continue
            p = 1 - tween.value if incoming else tween.value
            start = self.counter_topleft(heap, k)
            start = (start[0] + g.width / 2, start[1])
            end = self.tray_point(side, heap)
            if side is None:
                x, y = start[0], lerp(start[1], end[1], p)
                scale, alpha = 1.0, 255 * (1 - p) ** 0.5 if p < 1 else 0
            else:
                x = lerp(start[0], end[0], p)
                y = lerp(start[1], end[1], p) - math.sin(math.pi * p) * 140
                scale = lerp(1.0, PILE_WIDTH / g.width, p)
                alpha = 255 if p < 0.75 else 255 * (1 - p) / 0.25
            if alpha <= 4:
                continue
            tone = "stone" if side is None else ("left" if side == 0 else "right")
            if p < 0.15:
                tone = "stone"
            image = paint.disc_scaled(g.width, g.thickness, tone, max(1, round(scale * 20)))
            image.set_alpha(round(alpha))
            surface.blit(image, (x - image.get_width() / 2, y))
            image.set_alpha(None)

    def draw_cards(self, surface) -> None:
        state = self.state
        taken = self.taken_by_side()
        for side in (0, 1):
            rect = self.card_rect(side)
            to_move = not self.over and state.to_move == side
            winner = self.over and self.session.status.winner == side
            border = ui.ACCENT if to_move else ui.GOOD if winner else ui.LINE
            ui.panel(surface, rect, ui.PANEL_HI if to_move else ui.PANEL, radius=18, border=border,
                     width=4 if (to_move or winner) else 2)
            colour = paint.TONES["left" if side == 0 else "right"][2]
            pygame.draw.circle(surface, colour, (rect.left + 40, rect.top + 34), 14)
            pygame.draw.circle(surface, paint.TONES["left" if side == 0 else "right"][4],
                               (rect.left + 40, rect.top + 34), 14, 2)
            ui.label(surface, SIDES[side], (rect.left + 66, rect.top + 34), ui.HEADING - 4, ui.TEXT,
                     bold=True, anchor="midleft")
            ui.label(surface, self.role(side), (rect.left + 26, rect.bottom - 24), ui.SMALL,
                     ui.MUTED, anchor="midleft")
            ui.label(surface, f"took {taken[side]}", (rect.right - 100, rect.bottom - 24),
                     ui.SMALL, ui.TEXT, anchor="midright")
            note = "to move" if to_move else "winner" if winner else ""
            if note:
                ui.label(surface, note, (rect.right - 100, rect.top + 28), ui.SMALL, border,
                         bold=True, anchor="midright")
            x, bottom = self.pile_base(side)
            mini = paint.disc(PILE_WIDTH, PILE_THICK, "left" if side == 0 else "right")
            face = paint.face_height(PILE_WIDTH)
            for k in range(min(taken[side], PILE_MOST)):
                surface.blit(mini, (x - PILE_WIDTH // 2, bottom - face - (k + 1) * PILE_STEP
                                    - PILE_THICK + PILE_STEP))

    def taken_by_side(self) -> list[int]:
        """Counters each side has taken, as the cards show them: a counter still in the air
        counts where it left from."""
        taken = self.taken_in_history()
        for tween, side, incoming in self.flights.values():
            if side is not None and not tween.done:
                taken[side] += 1 if incoming else -1
        return taken

    def taken_in_history(self) -> list[int]:
        taken = [0, 0]
        entries = self.session.entries
        for (before, _), (after, text) in zip(entries, entries[1:self.session.position + 1]):
            if text == "restart":
                taken = [0, 0]
            else:
                taken[before.to_move] += sum(before.heaps) - sum(after.heaps)
        return taken

    def prompt(self) -> str:
        state = self.state
        if self.over:
            return self.session.status.reason
        side = SIDES[state.to_move]
        device = self.app.input.last_device
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through"
                    if self.demo_paused else "Computer against computer: Space, A or a click pauses")
        if self.is_computer(state.to_move):
            return "The computer is thinking..." if self.pick is None else "The computer takes..."
        who = "Your move" if self.against_computer else f"{side} to move"
        how = {act.MOUSE: "click a counter to take it and all above it",
               act.KEYBOARD: "arrows choose, Enter takes",
               act.PAD: "d-pad chooses, A takes"}[device]
        return f"{who}: {how}"

    def draw_prompt(self, surface) -> None:
        centre = (self.card_rect(0).right + self.card_rect(1).left) // 2
        ui.label(surface, self.prompt(), (centre, HUD_HEIGHT + 152), ui.BODY, ui.TEXT,
                 anchor="center")

    # --- the teaching panel ---------------------------------------------------------------------
    def teaching_panel(self) -> pygame.Surface:
        """Rendered once per position (and hint shown or not)."""
        state = self.state
        key = (state, self.hint_for == state, self.editing)
        if key not in self.panel_cache:
            if len(self.panel_cache) > 6:
                self.panel_cache.clear()
            self.panel_cache[key] = self.render_panel(state, key[1])
        return self.panel_cache[key]

    def render_panel(self, state, with_hint: bool) -> pygame.Surface:
        rect = self.panel_rect
        surface = pygame.Surface(rect.size)      # opaque (the board's colour in the corners)
        surface.fill(ui.BG)
        ui.panel(surface, surface.get_rect(), ui.PANEL, radius=22, border=ui.LINE, width=2)
        lesson = teaching.explain(state, min_width=4)
        pad = 32
        width = rect.width - 2 * pad
        ui.label(surface, "Nimbers", (pad, 22), ui.HEADING, ui.TEXT, bold=True)
        ui.label(surface, "teaching view", (rect.width - pad, 34), ui.SMALL, ui.MUTED,
                 anchor="topright")
        hint_lines = ui.assets.wrap(lesson.hint, ui.SMALL, width) if with_hint else []
        hint_height = (48 + len(hint_lines) * 31) if with_hint else 0
        intro = ("Each heap in binary. The XOR column keeps the running total of each bit "
                 "column: a 1 where the column so far holds an odd number of 1s.")
        if state.misere:
            intro = ("Misère: play as in normal play until a move would leave only heaps of 0 "
                     "or 1; then leave an odd number of heaps of 1.")
        intro_lines = [] if with_hint else ui.assets.wrap(intro, ui.SMALL, width)
        y = 80
        for line in intro_lines:
            ui.label(surface, line, (pad, y), ui.SMALL, ui.MUTED)
            y += 30
        y += 12
        n = len(lesson.rows)
        reason_lines = [] if with_hint else ui.assets.wrap(
            self.verdict_reason(state, lesson), ui.SMALL, width - 40)
        verdict_height = 64 + 31 * len(reason_lines) + (8 if reason_lines else 0)
        room = rect.height - y - 50 - 64 - verdict_height - hint_height - 40
        row = int(max(34, min(54, room / max(n, 1))))
        cell_w, cell_h = 44, row - 8
        bits_left = 170
        xor_left = bits_left + len(lesson.columns) * (cell_w + 8) + 36
        # column headings
        ui.label(surface, "heap", (pad, y + 10), ui.SMALL, ui.MUTED)
        for c, value in enumerate(lesson.columns):
            cx = bits_left + c * (cell_w + 8) + cell_w // 2
            ui.label(surface, str(value), (cx, y + 10), ui.SMALL, ui.MUTED, bold=True, anchor="midtop")
        ui.label(surface, "XOR so far", (xor_left, y + 10), ui.SMALL, ui.MUTED)
        y += 50
        odd = [ch == "1" for ch in lesson.nim_sum_bits]
        table_top = y
        table_bottom = y + n * row + 64
        for c, is_odd in enumerate(odd):
            if is_odd:
                band = pygame.Rect(bits_left + c * (cell_w + 8) - 4, table_top - 6, cell_w + 8,
                                   table_bottom - table_top + 4)
                pygame.draw.rect(surface, (88, 70, 40), band, border_radius=10)
        for index, heap_row in enumerate(lesson.rows):
            colour = ui.TEXT if heap_row.size else ui.MUTED
            ui.label(surface, f"{index + 1}.", (pad, y + row // 2 - 4), ui.SMALL, ui.MUTED,
                     anchor="midleft")
            ui.label(surface, str(heap_row.size), (pad + 96, y + row // 2 - 4), ui.BODY, colour,
                     bold=True, anchor="midright")
            self.draw_bits(surface, heap_row.bits, bits_left, y, cell_w, cell_h, ui.ACCENT)
            ui.label(surface, f"{heap_row.running_bits} = {heap_row.running}",
                     (xor_left, y + row // 2 - 4), ui.SMALL + 2, ui.MUTED, anchor="midleft")
            y += row
        pygame.draw.line(surface, ui.LINE, (pad, y + 2), (rect.width - pad, y + 2), 2)
        y += 12
        ui.label(surface, "nim-sum", (pad, y + 24), ui.SMALL + 2, ui.TEXT, bold=True,
                 anchor="midleft")
        self.draw_bits(surface, lesson.nim_sum_bits, bits_left, y, cell_w, 48, ui.BAD)
        ui.label(surface, f"= {lesson.nim_sum}", (xor_left, y + 24), ui.HEADING - 4, ui.TEXT,
                 bold=True, anchor="midleft")
        y += 70
        box = pygame.Rect(pad, y, width, verdict_height - 12)
        good = lesson.winning
        ui.panel(surface, box, (34, 58, 46) if good else (64, 38, 38), radius=14,
                 border=ui.GOOD if good else ui.BAD, width=3)
        mover = SIDES[state.to_move]
        if not any(state.heaps):
            verdict = "The game is over"
        else:
            verdict = f"{mover}, to move, is {'winning' if good else 'losing'}"
        ui.label(surface, verdict, (box.left + 20, box.top + 26), ui.BODY, ui.GOOD if good else ui.BAD,
                 bold=True, anchor="midleft")
        for n, line in enumerate(reason_lines):
            ui.label(surface, line, (box.left + 20, box.top + 54 + 31 * n), ui.SMALL, ui.TEXT)
        y = box.bottom + 20
        if with_hint:
            ui.label(surface, "Hint", (pad, y), ui.BODY, ui.ACCENT, bold=True)
            y += 44
            for line in hint_lines:
                ui.label(surface, line, (pad, y), ui.SMALL, ui.TEXT)
                y += 31
        elif any(state.heaps):
            ui.label(surface, "A hint (H) shows the best move and why.",
                     (pad, rect.height - 30), ui.SMALL, ui.MUTED, anchor="bottomleft")
        return surface

    @staticmethod
    def verdict_reason(state, lesson) -> str:
        if state.misere and ai.only_small_heaps(state.heaps):
            ones = state.heaps.count(1)
            parity = "even: the other player takes the last" if ones % 2 == 0 else \
                "odd: the player to move takes the last"
            return f"Misère with only heaps of 1 left: {ones}, {parity}."
        if state.misere and sum(heap >= 2 for heap in state.heaps) == 1:
            return ("Misère with one heap above 1: shrink it to leave an odd number of "
                    "heaps of 1.")
        if lesson.nim_sum:
            return "The nim-sum is not 0: one move makes every column even."
        return "The nim-sum is 0: every move leaves a column odd."

    @staticmethod
    def draw_bits(surface, bits: str, left: int, top: int, cell_w: int, cell_h: int, on) -> None:
        for c, ch in enumerate(bits):
            cell = pygame.Rect(left + c * (cell_w + 8), top, cell_w, cell_h)
            if ch == "1":
                pygame.draw.rect(surface, on, cell, border_radius=8)
                ui.label(surface, "1", cell.center, ui.SMALL + 2, TABLE_INK, bold=True, anchor="center")
            else:
                pygame.draw.rect(surface, ui.BG_DEEP, cell, border_radius=8)
                ui.label(surface, "0", cell.center, ui.SMALL + 2, ui.MUTED, anchor="center")

    # --- drawing the editor ----------------------------------------------------------------------
    def draw_editor(self, surface) -> None:
        g = self.edit_geometry()
        order = self.edit_order()
        focus = order[min(self.edit_focus, len(order) - 1)]
        show_cursor = self.show_cursor()
        hover = self.edit_hover if not show_cursor else None
        self.draw_table(surface)
        ui.label(surface, "Set up the heaps", (self.area_narrow.centerx, HUD_HEIGHT + 60),
                 ui.HEADING, ui.TEXT, bold=True, anchor="center")
        ui.label(surface, f"up to {rules.MAX_HEAPS} heaps of up to {rules.MAX_HEAP} counters",
                 (self.area_narrow.centerx, HUD_HEIGHT + 122), ui.SMALL + 2, ui.MUTED,
                 anchor="center")
        ghost = paint.ghost(g.width, g.thickness, rules.MAX_HEAP, ui.LINE)
        for column, x in enumerate(g.xs):
            adding = column == len(self.draft)
            surface.blit(ghost, (x - g.width / 2, g.base - ghost.get_height()))
            size = 0 if adding else self.draft[column]
            preview = None
            if hover and hover[0] == "slot" and hover[1] == column:
                preview = hover[2] + 1
            for k in range(size):
                tone = "stone"
                if preview is not None and k >= preview:
                    tone = "right"    # would be removed
                pos = (x - g.width / 2, g.base - g.face - (k + 1) * g.thickness)
                surface.blit(paint.disc(g.width, g.thickness, tone), pos)
            if preview is not None and preview > size:
                for k in range(size, preview):
                    image = paint.disc(g.width, g.thickness, "take")
                    image.set_alpha(150)
                    surface.blit(image, (x - g.width / 2, g.base - g.face - (k + 1) * g.thickness))
                    image.set_alpha(None)
            if adding:
                ui.label(surface, "+ add", (round(x), g.base + 40), ui.BODY, ui.ACCENT, bold=True,
                         anchor="center")
            else:
                ui.label(surface, str(size), (round(x) - 16, g.base + 40), ui.HEADING, ui.TEXT,
                         bold=True, anchor="midright")
                remove = self.edit_remove_rect(g, column)
                over = hover == ("remove", column)
                ui.panel(surface, remove, ui.BAD if over else ui.PANEL, radius=10, border=ui.LINE,
                         width=2)
                ui.label(surface, "×", remove.center, ui.BODY, ui.BG_DEEP if over else ui.TEXT,
                         bold=True, anchor="center")
            if show_cursor and focus in (("heap", column), ("add",)) and \
                    (focus[0] == "heap" or adding):
                column_rect = pygame.Rect(0, 0, g.width + 28,
                                          rules.MAX_HEAP * g.thickness + g.face + 24)
                column_rect.midbottom = (round(x), g.base + 10)
                ui.focus_ring(surface, column_rect, 18)
        self.draw_editor_panel(surface, focus if show_cursor else None)

    def draw_editor_panel(self, surface, focus) -> None:
        panel = self.panel_rect
        x = lerp(self.app.size[0] + 10, panel.left, self.panel_value())
        shift = round(x - panel.left)
        box = panel.move(shift, 0)
        ui.panel(surface, box, ui.PANEL, radius=22, border=ui.LINE, width=2)
        ui.label(surface, "Custom heaps", (box.left + 32, box.top + 22), ui.HEADING, ui.TEXT,
                 bold=True)
        device = self.app.input.last_device
        words = {
            act.MOUSE: "Click a height to set a heap. Click in the empty column on the right "
                       "to add a heap; click × (or right-click a heap) to remove one. Then "
                       "press Start.",
            act.KEYBOARD: "Left and Right choose a heap; Up and Down change it, or type 1-9 "
                          "(0 for 10). On the empty column, Up or Enter adds a heap; X or "
                          "Delete removes one. Enter starts the game.",
            act.PAD: "D-pad left and right choose a heap; up and down change it. On the "
                     "empty column, up or A adds a heap; X removes one. A starts the game; "
                     "B goes back.",
        }[device]
        ui.paragraph(surface, words, pygame.Rect(box.left + 32, box.top + 90, box.width - 64, 300),
                     ui.SMALL + 2, ui.TEXT)
        summary = " ".join(str(h) for h in self.draft)
        ui.label(surface, f"Heaps: {summary}", (box.left + 32, box.bottom - 400), ui.BODY, ui.ACCENT,
                 bold=True)
        ui.label(surface, "Left moves first.", (box.left + 32, box.bottom - 352), ui.SMALL + 2,
                 ui.MUTED)
        pointer = self.edit_hover if device == act.MOUSE else None
        labels = {"start": "Start the game", "random": "Random heaps", "back": "Back"}
        for name, rect in self.edit_buttons().items():
            rect = rect.move(shift, 0)
            main = name == "start"
            lit = (focus is not None and focus[0] == name) or (pointer == (name,))
            ui.panel(surface, rect, ui.ACCENT if main else (ui.PANEL_HI if lit else ui.BG),
                     radius=14, border=None if main else ui.LINE, width=2)
            ui.label(surface, labels[name], rect.center, ui.BODY, ui.BG_DEEP if main else ui.TEXT,
                     bold=True, anchor="center")
            if lit:
                ui.focus_ring(surface, rect, 16)



SCENE = NimScene
