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

import pygame

from games.core.kit.actions import Act, Device
from games.core.kit.prefs import Pref
from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp
from games.core.screens import hud, ui
from games.core.screens.cache import Layer, SurfaceCache
from games.core.screens.game_scene import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens.versus import COMPUTER, VersusScene
from games.nim import ai, cursor, rules
from games.nim.editor import HeapEditor
from games.nim.geometry import Geometry
from games.nim.panel import TABLE_INK, render_panel
from sprites import nim as paint

SIDES = rules.SIDES
FLIGHT_SECONDS = 0.5       # a taken counter's trip to the player's card
FLIGHT_STAGGER = 0.05      # between counters of one move (the top one leaves first)
FLIGHT_OVERLAP = 0.2       # an undone pair: the second move starts before the first lands
DEAL_STAGGER = 0.035
PANEL_SECONDS = 0.35
PILE_WIDTH, PILE_THICK, PILE_STEP, PILE_MOST = 48, 10, 5, 11   # taken counters on a card
TABLE, TABLE_EDGE = (29, 40, 46), (44, 60, 66)


def valid_heaps(text) -> bool:
    try:
        rules.validate_desc(rules.Params("custom"), text)
    except (rules.RuleError, TypeError, AttributeError):
        return False
    return True


PREFS = (Pref("teach", False, choices=(True, False)),
         Pref("custom_heaps", "", check=lambda text: isinstance(text, str) and
              (text == "" or valid_heaps(text))))


class NimScene(HeapEditor, VersusScene):
    SIDE_NAMES = SIDES
    PREFS = PREFS
    LEGACY_PREFS = {"teach": "nim_teach", "custom_heaps": "nim_custom_heaps"}

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.teach = bool(self.play_options.get("teach", self.prefs["teach"]))
        self.cursor = (0, 0)          # (heap, counter from the bottom) for keyboard and pad
        self.hover = None             # the counter under the mouse pointer
        self.flights: dict[tuple[int, int], tuple] = {}   # (heap, k) -> (tween, side, incoming)
        self.panel_from = self.panel_to = 1.0 if self.teach else 0.0
        self.panel_tween = None
        self.editing = False
        self.edit_return = False      # the editor was opened from a running game
        self.draft: list[int] = []
        self.edit_focus = 0
        self.edit_hover = None
        self.panels = SurfaceCache(6)   # the teaching panel, per position
        self.layer = Layer(ui.BG)       # the calm board, drawn once per look
        self.layout()
        fresh = session.position == 0
        if self.session.params.start == "custom" and fresh and not self.play_options.get("edited"):
            self.open_editor(from_game=False)
        elif fresh:
            self.deal()
        self.cursor = self.home_cursor()

    def computer_to_move(self) -> bool:
        return not self.editing and super().computer_to_move()

    def human_to_move(self) -> bool:
        return not self.editing and super().human_to_move()

    # --- layout ---------------------------------------------------------------------------
    def new_position(self) -> None:
        self.layout()
        self.cursor = self.home_cursor()

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
        self.panels.clear()
        self.layer.forget()

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
        rect = pygame.Rect(0, HUD_HEIGHT + 20, 480, 150)
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
        return card.right - 54, card.bottom - 10

    # --- animation ------------------------------------------------------------------------
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
        return self.editing or self.teach or self.hint_shown()

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        if self.editing:
            self.handle_editor(action)
            return
        kind = action.kind
        if kind == Act.POINT:
            self.hover = self.counter_at(action.pos)
        elif kind == Act.PRESS:
            if action.alt:
                self.toggle_teach()
                return
            hit = self.counter_at(action.pos)
            if hit is not None:
                self.cursor = hit
                self.take(*hit)
        elif kind == Act.MOVE:
            self.cursor = cursor.moved(self.state.heaps, self.cursor, action.dx, action.dy)
        elif kind in (Act.NEXT, Act.PREV):
            self.cursor = cursor.stepped(self.state.heaps, self.cursor,
                                         1 if kind == Act.NEXT else -1, wrap=True)
        elif kind == Act.DIGIT:
            heap = (action.value or 10) - 1
            if heap < len(self.state.heaps) and self.state.heaps[heap]:
                self.cursor = cursor.same_take(self.state.heaps, self.valid_cursor(), heap)
        elif kind == Act.CONFIRM and not self.over:
            self.take(*self.valid_cursor())
        elif kind == Act.ALT:
            self.toggle_teach()
        elif kind == Act.KEY and action.value == "t":
            self.toggle_teach()
        elif kind == Act.KEY and action.value == "e":
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
        return cursor.home(self.state.heaps)

    def valid_cursor(self) -> tuple[int, int]:
        return cursor.valid(self.state.heaps, self.cursor)

    def take(self, heap: int, k: int) -> None:
        size = self.state.heaps[heap]
        if not self.over and k < size and self.play(rules.Move(heap, size - k)):
            self.cursor = self.valid_cursor()
            self.hover = None

    def toggle_teach(self) -> None:
        self.teach = not self.teach
        self.play_options["teach"] = self.teach
        self.set_pref("teach", self.teach)              # new games open the same way
        self.app.audio.play("select")
        self.say("Teaching view on." if self.teach else "Teaching view off.")

    def cancel(self) -> bool:
        if self.editing and self.edit_return:
            self.editing = False
            self.say("Back to the game: the heaps are unchanged.")
            return True
        return False

    # --- hint: every move graded on its counter, the best one lit --------------------------
    def suggestion(self):
        move = ai.winning_move(self.state)
        return move if move is not None else ai.stalling_move(self.state)

    def hint(self) -> None:
        if self.editing:
            self.say("Set up the heaps and start the game first.")
            return
        super().hint()
        if self.hint_shown():
            move = self.suggestion()
            self.cursor = (move.heap, self.state.heaps[move.heap] - move.take)

    def grade_spot(self, move):
        rect = self.counter_rect(move.heap, self.state.heaps[move.heap] - move.take)
        return rect.center

    def move_sound(self, move) -> str:
        return "capture"

    def move_words(self, move) -> str:
        return f"took {move.take} from heap {move.heap + 1}"

    def swatch(self, side: int, size: int):
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        tone = paint.TONES["left" if side == 0 else "right"]
        pygame.draw.circle(image, tone[2], (size / 2, size / 2), size / 2 - 1)
        pygame.draw.circle(image, tone[4], (size / 2, size / 2), size / 2 - 1, 2)
        return image

    # --- undo and redo of whole turns (VersusScene), animated as one ---------------------------
    def undo(self) -> None:
        if self.editing:
            self.say("Nothing to undo in the editor.")
            return
        super().undo()
        self.cursor = self.valid_cursor()

    def redo(self) -> None:
        if not self.editing:
            super().redo()
            self.cursor = self.valid_cursor()

    def restart(self) -> None:
        if not self.editing:
            super().restart()
            self.cursor = self.home_cursor()

    def tick(self, dt: float) -> None:
        self.set_panel(1.0 if self.panel_wanted() else 0.0)
        if self.editing:
            self.cancel_thinking()
        else:
            super().tick(dt)

    def play(self, move, by_computer: bool = False):
        change = super().play(move, by_computer)
        if change is not None and by_computer:
            self.cursor = self.valid_cursor()
        return change

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

    def game_buttons(self):
        buttons = [("Teach (T)", self.toggle_teach)]
        if self.session.params.start == "custom":
            buttons.append(("Edit (E)", self.edit_heaps))
        return buttons

    # --- the scripted demo player ------------------------------------------------------------
    def demo_step(self) -> None:
        if self.editing:
            self.start_custom()
        else:
            super().demo_step()

    def bench_pose(self) -> None:
        """The most expensive everyday look: the largest random start (five heaps of 7), the
        teaching view with a hint, and the keyboard cursor lighting a take."""
        self.begin("7,7,7,7,7", rules.Params("random"))
        self.editing = False
        self.teach = True
        self.hint()
        self.grades = (self.state, self.ai.graded_moves(self.state))
        self.panel_from = self.panel_to = 1.0
        self.panel_tween = None
        self.pretend_device(Device.KEYBOARD)

    # --- drawing ----------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        if self.editing:
            self.draw_editor(surface)
            return
        self.draw_cards(surface)
        lit, hinted = self.lit_counters(), self.hinted_counters()
        cursor = self.valid_cursor() if self.show_cursor() and self.human_to_move() else None
        moving = any(not f[0].done for f in self.flights.values()) or \
            (self.panel_tween is not None and not self.panel_tween.done)
        top = HUD_HEIGHT + 180
        area = pygame.Rect(0, top, self.app.size[0], self.app.size[1] - TOOLBAR_HEIGHT - top)
        if moving:
            self.draw_heaps(surface, lit, hinted, cursor)
        else:   # a calm board (most frames) is one cached picture, redrawn when its look changes
            look = (self.state, frozenset(lit), frozenset(hinted), self.pick, cursor,
                    self.panel_value(), self.geo[1].width, self.graded() is not None)
            self.layer.blit(surface, area, look,
                            lambda layer: self.draw_heaps(layer, lit, hinted, cursor))
        self.draw_prompt(surface)
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
        self.draw_last_move(surface)
        self.draw_grades(surface)
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

    def take_from(self, heap: int, k: int) -> set:
        return {(heap, j) for j in range(k, self.state.heaps[heap])}

    def lit_counters(self) -> set:
        """The counters that would go: the computer's pick, or the human's pointer/cursor."""
        if self.over:
            return set()
        if self.pick is not None:
            move = self.pick
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
        if not self.hint_shown():
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
        taken = self.taken_by_side()
        for side in (0, 1):
            rect = self.card_rect(side)
            role = self.role(side) + (f" · {self.level_text()}" if self.players[side] == COMPUTER
                                      else "")
            hud.player_card(surface, rect, self.swatch(side, 30), SIDES[side],
                            [role, f"took {taken[side]}"], not self.over and self.to_move == side,
                            self.over and self.session.status.winner == side)
            x, bottom = self.pile_base(side)
            mini = paint.disc(PILE_WIDTH, PILE_THICK, "left" if side == 0 else "right")
            face = paint.face_height(PILE_WIDTH)
            for k in range(min(taken[side], PILE_MOST)):
                surface.blit(mini, (x - PILE_WIDTH // 2, bottom - face - (k + 1) * PILE_STEP
                                    - PILE_THICK + PILE_STEP))

    def mark_move(self, surface, move) -> None:
        """The last move: the taken counters' outline, faint, where they stood."""
        g = self.geo[1]
        ghost = paint.ghost(g.width, g.thickness, move.take, ui.ACCENT)
        size = self.state.heaps[move.heap]
        x = self.heap_x(move.heap) - g.width / 2
        surface.blit(ghost, (x, g.base - size * g.thickness - ghost.get_height()))

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
        for before, move in self.game_moves():
            taken[before.to_move] += move.take
        return taken

    def prompt(self) -> str:
        if self.over:
            return self.ending()
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through"
                    if self.demo_paused
                    else "Computer against computer: Space, A or a click pauses")
        if self.computer_to_move():
            return "The computer is thinking..." if self.pick is None else "The computer takes..."
        who = "Your move" if self.against_computer else f"{SIDES[self.to_move]} to move"
        return f"{who}: " + self.by_device("click a counter to take it and all above it",
                                           "arrows choose, Enter takes", "d-pad chooses, A takes")

    def draw_prompt(self, surface) -> None:
        centre = (self.card_rect(0).left + self.card_rect(1).right) // 2
        ui.label(surface, self.prompt(), (centre, HUD_HEIGHT + 214), ui.BODY, ui.TEXT,
                 anchor="center")

    def teaching_panel(self) -> pygame.Surface:
        """Rendered once per position (and hint shown or not)."""
        with_hint = self.hint_shown()
        return self.panels.get((self.state, with_hint),
                               lambda: render_panel(self.panel_rect, self.state, with_hint))


SCENE = NimScene
