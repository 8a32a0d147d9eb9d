"""Four Field Kono on screen: a wooden 4x4 board of points and lines, black and white stones,
the two players' cards (each with a tray for the stones it has captured), and a side panel
with the last moves (and the key to the graded moves when a hint is shown).

Mouse: click one of your stones (its moves are marked), then click where it goes; or drag it
there. Right-click drops the selection. Keyboard: arrows move the cursor, Enter or Space picks
a stone up and puts it down, Tab cycles through the stones that can move (or, holding one,
through its destinations), Esc or X drops it, F flips the board, O opens Options. Gamepad:
d-pad, A, B (or X) to drop, triggers cycle, Y hint, LB/RB undo/redo.

A step slides the stone along its line; a capture slides it over its friend onto the enemy
stone, which is knocked off and flies to the capturer's tray (games/kono/motion.py). Undo runs
the same animation backwards. The frame (games/core/screens/versus.py) runs the computer, the hint
and undo by turns; the computer's solved table loads in a Job when the scene opens.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from games.core.kit.actions import Act, Device
from games.core.kit.session import Change
from games.core.loop.tween import Tween, ease_out_back, linear
from games.core.screens import hud, ui
from games.core.screens.cache import SurfaceCache
from games.core.screens.drag import Drag, SlideBack, slide_back
from games.core.screens.game_scene import TOOLBAR_HEIGHT
from games.core.screens.versus import COMPUTER, HUMAN, VersusScene
from games.kono import rules
from games.kono.info import SIDE_NAMES
from games.kono.layout import BOARD_SIDE, CENTRE, FILES, RANKS, SPACING, Layout, move_name
from games.kono.motion import FLIGHT_FROM, STONE, TRAY_STONE, Motion
from sprites import kono as paint

# Timings, seconds.
STEP_SECONDS = 0.34
DROP_SECONDS = 0.18         # a dragged stone settling onto its point
CAPTURE_SECONDS = 1.05
CHAIN_GAP = 0.08            # between the moves of an undone (or redone) turn
DEAL_SECONDS = 0.36
INK = hud.INK


@lru_cache(maxsize=128)
def moves_of(state: rules.State) -> tuple:
    """The legal moves of a position (a pure function, cached: the board asks every frame)."""
    return tuple(rules.legal_moves(state))


class KonoScene(Layout, VersusScene):
    SIDE_NAMES = SIDE_NAMES

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        # Against the computer your own stones are at the bottom; F turns the board round.
        self.flipped = bool(self.play_options.get(
            "flip", self.against_computer and self.players[0] == HUMAN))
        self.selected: int | None = None        # the picked-up stone's point
        self.hover: int | None = None           # the point under the mouse
        self.drag: Drag | None = None           # a stone held by the mouse
        self.drop_from = None                   # where a dragged stone was let go
        self.motions: list[Motion] = []         # the moves being animated, one after another
        self.deal: dict[int, Tween] = {}        # stones dropping in at the start
        self.settle: SlideBack | None = None    # a stone let go where it cannot go
        self.clock = 0.0                        # for the thinking dots
        self.arrows = SurfaceCache(4)           # the hint's arrows, per position and side
        self.board_rect = pygame.Rect(0, 0, BOARD_SIDE, BOARD_SIDE)
        self.board_rect.center = CENTRE
        self.panel_rect = pygame.Rect(1370, self.board_rect.top, 510, BOARD_SIDE)
        self.cursor = (1, 3)
        if session.position == 0 and len(session.entries) == 1:
            self.start_deal()
        self.home_cursor()

    # --- sides --------------------------------------------------------------------------------
    def swatch(self, side: int, size: int):
        return paint.stone(rules.SIDES[side], size)

    def move_words(self, move) -> str:
        return move_name(move)

    # --- the position on show ---------------------------------------------------------------
    def current_motion(self) -> Motion | None:
        return next((m for m in self.motions if not m.done), None)

    def shown_state(self):
        """The position the board shows beneath the moving stones."""
        motion = self.current_motion()
        return motion.change.new if motion else self.state

    def destinations(self, point: int | None) -> dict[int, rules.Move]:
        if point is None:
            return {}
        return {m.target: m for m in moves_of(self.state) if m.source == point}

    def movable(self) -> list[int]:
        """Points of the stones that can move now, in screen reading order."""
        points = {m.source for m in moves_of(self.state)}
        return sorted(points, key=lambda p: (self.screen_cell(p)[1], self.screen_cell(p)[0]))

    # --- animation --------------------------------------------------------------------------
    def start_deal(self) -> None:
        """The stones drop onto their points, row by row from each side's back row."""
        self.deal = {}
        if not self.animations_on():
            return
        for point, piece in enumerate(self.state.board):
            if piece == rules.EMPTY:
                continue
            col, row = self.screen_cell(point)
            order = min(row, 3 - row) * 4 + col
            self.deal[point] = self.tweens.add(Tween(DEAL_SECONDS, ease_out_back,
                                                     delay=0.04 + order * 0.03))

    def clear_animation(self) -> None:
        self.motions, self.settle = [], None

    turn_gap = CHAIN_GAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Animate one change from `delay` on; returns when it ends."""
        if not self.animations_on():
            return delay
        if change.move is None:           # a restart (or its undo): the stones drop in
            self.motions = []
            self.start_deal()
            return delay + DEAL_SECONDS
        start = self.drop_from if change.direction > 0 else None
        capture = change.move.over is not None
        seconds = CAPTURE_SECONDS if capture else (DROP_SECONDS if start else STEP_SECONDS)
        tween = self.tweens.add(Tween(seconds, linear, delay=delay))
        self.motions.append(Motion(change, tween, start))
        return delay + seconds

    # --- input ------------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == Act.POINT:
            self.hover = self.point_at(action.pos)
            if self.drag:
                self.drag.follow(action.pos)
        elif kind == Act.KEY and action.value == "f":
            self.flip()
        elif kind == Act.RELEASE:
            if self.drag:
                self.release(action.pos)
        elif self.over:
            if kind in (Act.PRESS, Act.CONFIRM):
                self.say(self.ending() + " Undo, or start a new game from the menu.")
        elif kind == Act.PRESS:
            self.cancel() if action.alt else self.press(action.pos)
        elif kind == Act.MOVE:
            col, row = self.cursor
            self.cursor = (min(3, max(0, col + action.dx)), min(3, max(0, row + action.dy)))
        elif kind == Act.CONFIRM:
            self.choose(self.cell_point(*self.cursor))
        elif kind == Act.ALT:
            self.cancel()
        elif kind in (Act.NEXT, Act.PREV):
            self.cycle(1 if kind == Act.NEXT else -1)

    def refuse(self, words: str) -> None:
        self.say(words)
        self.app.audio.play("wrong")

    def press(self, pos) -> None:
        point = self.point_at(pos)
        if point is None:
            self.selected = None
        else:
            self.cursor = self.screen_cell(point)
            self.choose(point, pos)

    def choose(self, point: int, pointer=None) -> None:
        """A click (at pointer: it may become a drag), or Enter / A on the cursor, at a point."""
        targets = self.destinations(self.selected)
        if point in targets:
            self.make_move(targets[point])
        elif self.waiting():
            return
        elif self.state.board[point] == self.state.to_move:
            if not self.destinations(point):
                self.selected = None
                self.refuse("That stone has no move: every point next to it is taken, and it "
                            "has no capture.")
            elif pointer is not None:
                was = self.selected == point
                self.selected = point
                self.drag = Drag(point, pointer, self.point_pos(point), was)
                if not was:
                    self.app.audio.play("select")
            else:
                self.selected = None if point == self.selected else point
                self.app.audio.play("select" if self.selected is not None else "place")
        elif self.selected is not None:
            self.refuse("That stone cannot go there: choose one of the marked points.")
            if pointer is not None:
                self.selected = None
        elif pointer is None:
            self.refuse(f"Choose one of your stones ({SIDE_NAMES[self.to_move].lower()}) first.")

    def release(self, pos) -> None:
        drag, self.drag = self.drag, None
        if self.state.board[drag.item] != self.state.to_move or not drag.moved:
            if drag.was_selected and not drag.moved:
                self.selected = None      # a second click on the held stone puts it back
            return
        point = self.point_at(pos)
        targets = self.destinations(drag.item)
        if point in targets and self.make_move(targets[point], dropped_at=drag.spot):
            return
        if point is not None and point != drag.item and point not in targets:
            self.refuse("That stone cannot go there: choose one of the marked points.")
        self.settle = slide_back(self.tweens, drag.item, drag.spot, self.point_pos(drag.item),
                                 self.animations_on())

    def cycle(self, step: int) -> None:
        """Tab / triggers: the cursor jumps to the next stone that can move, or, holding one,
        to the next of its destinations."""
        if self.selected is not None:
            stops = sorted(self.destinations(self.selected),
                           key=lambda p: (self.screen_cell(p)[1], self.screen_cell(p)[0]))
        else:
            stops = self.movable()
        if not stops:
            return
        here = self.cell_point(*self.cursor)
        index = stops.index(here) + step if here in stops else (0 if step > 0 else -1)
        self.cursor = self.screen_cell(stops[index % len(stops)])

    def cancel(self) -> bool:
        if self.drag is not None or self.selected is not None:
            self.drop_held()
            self.app.audio.play("place")
            return True
        return False

    def drop_held(self) -> None:
        self.drag, self.selected = None, None

    def make_move(self, move: rules.Move, dropped_at=None):
        self.drop_from = dropped_at
        try:
            return self.play(move)
        finally:
            self.drop_from = None

    def move_sound(self, move) -> str:
        return "capture" if move.over is not None else "move"

    def home_cursor(self) -> None:
        """On a human's turn, put the cursor on the nearest stone that can move."""
        if not self.human_to_move():
            return
        stones = self.movable()
        if not stones or self.cell_point(*self.cursor) in stones:
            return
        col, row = self.cursor
        nearest = min(stones, key=lambda p: abs(self.screen_cell(p)[0] - col)
                      + abs(self.screen_cell(p)[1] - row))
        self.cursor = self.screen_cell(nearest)

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.play_options["flip"] = self.flipped       # kept in the save
        self.tweens.finish_all()
        self.settle, self.drag = None, None
        col, row = self.cursor
        self.cursor = (3 - col, 3 - row)
        self.app.audio.play("swap")
        self.say("The board is turned around.")

    def game_buttons(self):
        return [("Flip (F)", self.flip)]

    # --- after a change -------------------------------------------------------------------------
    def undo(self) -> None:
        super().undo()
        self.home_cursor()

    def redo(self) -> None:
        super().redo()
        self.home_cursor()

    def restart(self) -> None:
        self.drop_held()
        super().restart()
        self.home_cursor()

    def after_change(self, change) -> None:
        self.drop_held()                         # a move landed: whatever was held is stale
        if change.move is not None:
            self.cursor = self.screen_cell(change.move.target)   # then to the nearest stone
        super().after_change(change)
        self.home_cursor()

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    # --- words --------------------------------------------------------------------------------
    def hud_fields(self):
        state = self.state
        return [("Moves", str(self.session.moves_made)),
                ("Moves without a capture", f"{state.quiet_plies} / {rules.QUIET_LIMIT}"),
                ("Position seen", f"{state.repetitions} / {rules.REPETITION_LIMIT}")]

    def draw_warning(self) -> str:
        state = self.state
        if self.over:
            return ""
        words = []
        left = rules.QUIET_LIMIT - state.quiet_plies
        if left <= 12:
            words.append(f"Draw in {left} {'move' if left == 1 else 'moves'} without a capture")
        if state.repetitions == rules.REPETITION_LIMIT - 1:
            words.append("This position has been seen twice: once more is a draw")
        return ".  ".join(words)

    def status_line(self) -> str:
        if self.over:
            return self.ending()
        side = SIDE_NAMES[self.to_move]
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through" if
                    self.demo_paused else "Computer against computer: Space, A or a click pauses")
        if self.computer_to_move():
            if not self.warm.done:
                return "The computer is reading its table..."
            return "The computer is thinking..."
        if self.hint_shown() and self.graded() is None:
            return "Grading every move..."
        who = f"Your move ({side.lower()})" if self.against_computer else f"{side} to move"
        if self.selected is not None:
            how = self.by_device("click a marked point, or drag the stone there",
                                 "arrows to a marked point, Enter moves, Esc drops",
                                 "d-pad to a marked point, A moves, B drops")
        else:
            how = self.by_device("click one of your stones, or drag it",
                                 "arrows choose a stone, Enter picks it up",
                                 "d-pad chooses a stone, A picks it up")
        return f"{who}: {how}"

    def result_lines(self) -> list[str]:
        lines = super().result_lines()
        taken = self.captured_count(self.state)
        lines.insert(1, f"Captures: Black {taken[0]}, White {taken[1]}")
        return lines

    # --- the bench ------------------------------------------------------------------------------
    def bench_pose(self) -> None:
        """The most expensive everyday look: a mid-game position with a stone picked up, its
        moves marked, every move graded with arrows, and the keyboard cursor showing."""
        import random
        self.tweens.finish_all()
        self.deal, self.motions = {}, []
        self.warm.wait()
        rng = random.Random(3)
        for _ in range(10):             # ten plies of a lively game between two players
            if self.over:
                break
            self.session.apply(self.ai.choose_move(self.state, rng, "medium"))
        self.reported = self.over
        self.hint_for = self.state
        self.grades = (self.state, self.ai.graded_moves(self.state))
        movable = self.movable()
        self.selected = movable[0] if movable else None
        self.pretend_device(Device.KEYBOARD)
        if self.selected is not None:
            self.cursor = self.screen_cell(self.selected)

    # --- drawing ----------------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        state = self.shown_state()
        motion = self.current_motion()
        labels = (FILES[::-1], RANKS[::-1]) if self.flipped else (FILES, RANKS)
        surface.blit(paint.board(self.board_rect.size, SPACING, labels, ui.BG), self.board_rect)
        settled = self.settle is None or self.settle.done
        calm = motion is None and settled and not self.over
        grading = self.hint_shown() and calm and self.graded() is not None
        if motion is None:
            self.draw_last_move(surface)
        hidden = set()
        if motion is not None:
            move = motion.move
            hidden.add(move.target if motion.forward else move.source)
            if motion.capture and not motion.forward:
                hidden.add(move.target)
        if self.drag and self.drag.moved:
            hidden.add(self.drag.item)
        if not settled:
            hidden.add(self.settle.item)
        lifted = self.pick.source if self.pick else self.selected
        targets = {}
        if calm and self.selected is not None and self.human_to_move():
            targets = self.destinations(self.selected)
        elif self.pick is not None:
            targets = {self.pick.target: self.pick}
        preview = {}
        if calm and self.selected is None and self.human_to_move() and not grading:
            under = self.cell_point(*self.cursor) if self.show_cursor() else self.hover
            if under is not None and state.board[under] == state.to_move:
                preview = self.destinations(under)
        marks = {**preview, **targets}
        for point, move in marks.items():        # step dots under the stones
            if move.over is None:
                strong = point in targets
                image = paint.dot(44 if strong else 34, ui.ACCENT if strong else (232, 214, 170),
                                  INK, 255 if strong else 170)
                surface.blit(image, image.get_rect(center=self.point_pos(point)))
        for point, piece in enumerate(state.board):
            if piece == rules.EMPTY or point in hidden:
                continue
            scale = 1.0
            tween = self.deal.get(point)
            if tween is not None and not tween.done:
                scale = max(0.05, tween.value)
                if tween.time <= 0:
                    continue
            up = point == lifted and (calm or self.pick is not None)
            self.draw_stone(surface, piece, self.point_pos(point), scale, 0.5 if up else 0.0)
            if up:
                ring = paint.ring(STONE + 14, ui.ACCENT, 5)
                x, y = self.point_pos(point)
                surface.blit(ring, ring.get_rect(center=(x, y - 4)))
        for point, move in marks.items():        # capture rings over them
            if move.over is not None:
                strong = point in targets
                ring = paint.ring(STONE + 18, ui.BAD, 7 if strong else 4, 255 if strong else 150)
                surface.blit(ring, ring.get_rect(center=self.point_pos(point)))
        if grading:
            surface.blit(self.arrows.get((self.state, self.flipped), self.arrow_layer),
                         self.board_rect)
            self.draw_grades(surface)
        if motion is not None:
            self.draw_motion(surface, motion)
        if not settled:
            self.draw_stone(surface, state.board[self.settle.item], self.settle.position, 1.0,
                            0.6)
        if self.drag and self.drag.moved:
            over = self.point_at(self.drag.pos)
            if over in self.destinations(self.drag.item):
                ring = paint.ring(STONE + 30, ui.ACCENT, 5)
                surface.blit(ring, ring.get_rect(center=self.point_pos(over)))
            self.draw_stone(surface, self.state.board[self.drag.item], self.drag.spot, 1.06, 1.0)
        if self.show_cursor() and self.human_to_move() and motion is None:
            rect = pygame.Rect(0, 0, STONE + 36, STONE + 36)
            rect.center = self.point_pos(self.cell_point(*self.cursor))
            pygame.draw.rect(surface, ui.ACCENT, rect, 6, border_radius=26)
        for side in (0, 1):
            self.draw_card(surface, side, state, motion)
        self.draw_panel(surface)
        warning = self.draw_warning()
        if warning:
            below = self.app.size[1] - TOOLBAR_HEIGHT
            hud.chip(surface, warning, (CENTRE[0], (self.board_rect.bottom + below) // 2),
                     ui.ACCENT)

    def draw_stone(self, surface, piece: str, pos, scale: float = 1.0, lift: float = 0.0,
                   diameter: float = STONE) -> None:
        size = max(4, int(round(diameter * scale * (1 + 0.1 * lift) / 2)) * 2)
        shadow = paint.shadow(size)
        x, y = pos
        drop = 5 + 16 * lift
        surface.blit(shadow, shadow.get_rect(center=(round(x + drop * 0.5), round(y + drop))))
        image = paint.stone(piece, size)
        surface.blit(image, image.get_rect(center=(round(x), round(y - 8 * lift))))

    def draw_motion(self, surface, motion: Motion) -> None:
        mover_pos, mover_lift = motion.mover(self)
        if not motion.capture:
            self.draw_stone(surface, motion.colour, mover_pos, 1.0, mover_lift)
            return
        pos, size, lift = motion.flight(self)
        captured = rules.opponent(motion.colour)
        early = motion.fraction() < FLIGHT_FROM + 0.05
        if early:       # still on its point, or just knocked off: under the capturer
            self.draw_stone(surface, captured, pos, diameter=size, lift=lift)
        self.draw_stone(surface, motion.colour, mover_pos, 1.0, mover_lift)
        if not early:
            self.draw_stone(surface, captured, pos, diameter=size, lift=lift)

    def mark_move(self, surface, move) -> None:
        """The last move's trail along its line, and a ring where the stone came from."""
        a, b = self.point_pos(move.source), self.point_pos(move.target)
        trail = paint.trail(round(abs(b[0] - a[0]) + abs(b[1] - a[1])), 16, ui.ACCENT, 130,
                            a[0] == b[0])
        surface.blit(trail, trail.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        ring = paint.ring(60, ui.ACCENT, 4, 220)
        surface.blit(ring, ring.get_rect(center=a))

    def arrow_layer(self) -> pygame.Surface:
        """The graded moves' arrows, drawn once per position onto a see-through layer."""
        layer = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)
        left, top = self.board_rect.topleft
        for move, value, _ in reversed(self.graded() or []):
            points = [(x - left, y - top) for x, y in self.move_path(move)]
            paint.arrow(layer, points, (*INK, 200), 12, 26)
            paint.arrow(layer, points, (*hud.GRADE_COLOURS[value], 235), 7, 21)
        return layer

    def draw_card(self, surface, side: int, state, motion) -> None:
        taken = self.captured_count(state)
        if motion is not None and motion.capture and motion.forward:
            taken[rules.SIDES.index(motion.colour)] -= 1     # it joins the tray when it lands
        to_move = not self.over and self.to_move == side
        thinking = to_move and self.players[side] == COMPUTER and not self.demo_paused
        note = "thinking" + "." * (1 + int(self.clock * 3) % 3) if thinking else ""
        role = self.role(side) + (f" · {self.level_text()}" if self.players[side] == COMPUTER
                                  else "")
        count = state.board.count(rules.SIDES[side])
        rect = self.card_rect(side)
        hud.player_card(surface, rect, self.swatch(side, 56), SIDE_NAMES[side],
                        [role, f"{count} stone{'s' if count != 1 else ''} on the board"],
                        to_move, self.over and self.session.status.winner == side, note)
        ui.label(surface, "Captured", (rect.left + 28, rect.top + 226), ui.SMALL, ui.MUTED,
                 anchor="midleft")
        ui.label(surface, str(taken[side]), (rect.right - 28, rect.top + 226), ui.SMALL + 2,
                 ui.TEXT, bold=True, anchor="midright")
        tray = self.tray_rect(side)
        surface.blit(paint.tray(tray.size), tray)
        enemy = rules.opponent(rules.SIDES[side])
        for k in range(max(0, taken[side])):
            self.draw_stone(surface, enemy, self.tray_slot(side, k), diameter=TRAY_STONE)

    def draw_panel(self, surface) -> None:
        """The last moves, and under them what the hint's labels mean."""
        panel = self.panel_rect
        hinted = self.hint_shown()
        rows = self.log_rows(6 if hinted else 14)
        log = pygame.Rect(panel.left, panel.top, panel.width, hud.move_log_height(len(rows)))
        hud.move_log(surface, log, rows)
        if hinted:
            hud.grade_key(surface, pygame.Rect(panel.left, panel.bottom - hud.GRADE_KEY_HEIGHT,
                                               panel.width, hud.GRADE_KEY_HEIGHT))

    # --- the HUD: the draw counters as meters ---------------------------------------------
    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        x = self.app.size[0] - 40
        state = self.state
        fractions = [None, state.quiet_plies / rules.QUIET_LIMIT,
                     (state.repetitions - 1) / (rules.REPETITION_LIMIT - 1)]
        for (name, value), fraction in zip(reversed(self.hud_fields()), reversed(fractions)):
            value_rect = ui.assets.text(value, 40, ui.ACCENT, True).get_rect(midright=(x, 70))
            name_rect = ui.assets.text(name, ui.SMALL, ui.MUTED).get_rect(
                midright=(value_rect.right, 26))
            left = min(value_rect.left, name_rect.left)
            if fraction is not None:
                bar = pygame.Rect(left, 98, x - left, 6)
                pygame.draw.rect(surface, ui.PANEL, bar, border_radius=3)
                colour = ui.BAD if fraction >= 0.76 else ui.ACCENT if fraction >= 0.5 else ui.MUTED
                fill = bar.copy()
                fill.width = round(bar.width * min(1.0, fraction))
                if fill.width:
                    pygame.draw.rect(surface, colour, fill, border_radius=3)
            x = left - 60


SCENE = KonoScene
