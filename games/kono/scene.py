"""Four Field Kono on screen: a wooden 4x4 board of points and lines, black and white stones,
the two players' cards (each with a tray for the stones it has captured), and a side panel
with the game's moves, or the graded moves when a hint is asked for.

Mouse: click one of your stones (its moves are marked), then click where it goes; or drag it
there. Right-click drops the selection. Keyboard: arrows move the cursor, Enter or Space picks
a stone up and puts it down, Tab cycles through the stones that can move (or, holding one,
through its destinations), Esc or X drops it, F flips the board. Gamepad: d-pad, A, B (or X)
to drop, triggers cycle, Y hint, LB/RB undo/redo.

A step slides the stone along its line; a capture slides it over its friend onto the enemy
stone, which is knocked off and flies to the capturer's tray. Undo runs the same animation
backwards. The computer thinks in a background Job, shows the stone it picked and where it
goes, then plays. The hint grades every legal move, best to worst (win, draw or loss where
that is known, else the search's score), computed in a Job on demand. The endgame table is
built in a Job when the scene opens, so Master's first move in an endgame is quick.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from games.core import input as act
from games.core import ui
from games.core.game_scene import TOOLBAR_HEIGHT
from games.core.jobs import Job
from games.core.session import Change
from games.core.tween import Tween, ease_in_out_cubic, ease_out_back, lerp, lerp_point, linear
from games.core.versus import COMPUTER, HUMAN, VersusScene
from games.kono import ai, endgame, rules
from games.kono.info import LEVEL_TITLES, SIDE_NAMES
from sprites import kono as paint

# Layout at the 1920x1080 logical size.
CENTRE = (950, 545)         # the board's middle
SPACING = 176               # between neighbouring points
STONE = 120                 # a stone's diameter on the board
BOARD_SIDE = 760            # the wooden panel
TRAY_STONE = 54             # a captured stone in a tray
TRAY_STEP = 58
FILES, RANKS = "abcd", "4321"   # point 0 is a4: Black's home rows are 4 and 3

# Timings, seconds.
STEP_SECONDS = 0.34
DROP_SECONDS = 0.18         # a dragged stone settling onto its point
CAPTURE_SECONDS = 1.05
HOP_SHARE = 0.42            # of a capture: the capturer's hop over its friend
FLIGHT_FROM = 0.34          # of a capture: when the captured stone is knocked off
CHAIN_GAP = 0.08            # between the moves of an undone (or redone) turn
PICK_SECONDS = 0.45         # the computer's choice is shown before it is played
DEAL_SECONDS = 0.36

DRAW_BLUE = (150, 182, 232)
PLUS_GREEN = (176, 218, 150)
MINUS_ORANGE = (240, 162, 104)
EVEN_GREY = (186, 192, 210)
INK = paint.MARK_INK


@lru_cache(maxsize=128)
def moves_of(state: rules.State) -> tuple:
    """The legal moves of a position (a pure function, cached: the board asks every frame)."""
    return tuple(rules.legal_moves(state))


def point_name(point: int) -> str:
    row, col = divmod(point, rules.SIZE)
    return FILES[col] + RANKS[row]


def move_name(move: rules.Move) -> str:
    return point_name(move.source) + ("×" if move.over is not None else "–") + \
        point_name(move.target)


def grade_words(grade: ai.Grade) -> str:
    if grade.value == "win":
        return f"Win in {grade.plies}" if grade.plies else "Win"
    if grade.value == "loss":
        return f"Loss in {grade.plies}" if grade.plies else "Loss"
    if grade.value == "draw":
        return "Draw"
    return f"{grade.score:+d}" if grade.score else "0"


def grade_colour(grade: ai.Grade) -> tuple:
    if grade.value == "win":
        return ui.GOOD
    if grade.value == "loss":
        return ui.BAD
    if grade.value == "draw":
        return DRAW_BLUE
    if grade.score >= ai.PIECE // 2:
        return PLUS_GREEN
    if grade.score <= -ai.PIECE // 2:
        return MINUS_ORANGE
    return EVEN_GREY


def halfway(points) -> tuple[float, float]:
    """The point half way along a polyline."""
    lengths = [math.dist(p, q) for p, q in zip(points, points[1:])]
    left = sum(lengths) / 2
    for (p, q), length in zip(zip(points, points[1:]), lengths):
        if left <= length and length:
            return lerp_point(p, q, left / length)
        left -= length
    return points[-1]


def clamp01(value: float) -> float:
    return 0.0 if value < 0 else 1.0 if value > 1 else value


class Motion:
    """One move on the board, animated: the mover slides along its line (a capture hops over
    its friend), and a captured stone is knocked off to the capturer's tray. Undo plays the
    same timeline backwards."""

    def __init__(self, change: Change, tween: Tween, start=None):
        self.change, self.tween = change, tween
        self.move = change.move
        self.forward = change.direction > 0
        before = change.old if self.forward else change.new     # where the move was made
        self.before = before
        self.colour = before.board[self.move.source]
        self.capture = self.move.over is not None
        self.start = start if self.forward else None            # a dropped stone's spot

    @property
    def done(self) -> bool:
        return self.tween.done

    def fraction(self) -> float:
        """Where along the move's own timeline (0 = before it, 1 = after it)."""
        value = clamp01(self.tween.value)
        return value if self.forward else 1 - value

    def mover(self, scene) -> tuple[tuple, float]:
        """(screen position, lift 0..1) of the moving stone."""
        f = self.fraction()
        start = self.start or scene.point_pos(self.move.source)
        end = scene.point_pos(self.move.target)
        u = ease_in_out_cubic(clamp01(f / HOP_SHARE)) if self.capture else ease_in_out_cubic(f)
        lift = math.sin(math.pi * u) if self.capture else 0.0
        return lerp_point(start, end, u), lift

    def flight(self, scene) -> tuple[tuple, float, float]:
        """(screen position, diameter, lift) of the captured stone."""
        f = self.fraction()
        g = clamp01((f - FLIGHT_FROM) / (1 - FLIGHT_FROM))
        here = scene.point_pos(self.move.target)
        if g <= 0:
            return here, float(STONE), 0.0
        e = ease_in_out_cubic(g)
        side = rules.SIDES.index(self.colour)
        end = scene.tray_slot(side, scene.captured_count(self.before)[side])
        x, y = lerp_point(here, end, e)
        pop = 1 + 0.14 * math.sin(math.pi * clamp01(g * 2.2))
        return (x, y - math.sin(math.pi * e) * 170), lerp(STONE, TRAY_STONE, e) * pop, \
            math.sin(math.pi * e)


class KonoScene(VersusScene):
    SIDE_NAMES = SIDE_NAMES

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        if self.demo:
            self.rng = random.Random()          # the demo plays a different game each time
        # Against the computer your own stones are at the bottom; F turns the board round.
        self.flipped = bool(self.play_options.get(
            "flip", self.against_computer and self.players[0] == HUMAN))
        self.selected: int | None = None        # the picked-up stone's point
        self.hover: int | None = None           # the point under the mouse
        self.hover_row: int | None = None       # the graded move under the mouse
        self.drag: dict | None = None           # a stone held by the mouse
        self.drop_from = None                   # where a dragged stone was let go
        self.motions: list[Motion] = []         # the moves being animated, one after another
        self.deal: dict[int, Tween] = {}        # stones dropping in at the start
        self.settle: tuple | None = None        # (point, from, tween): a drag let go elsewhere
        self.pick = None                        # [move, seconds]: the computer's choice shown
        self.demo_paused = False
        self.clock = 0.0                        # for the thinking dots
        self.grades_for = None                  # the position whose graded moves are wanted
        self.grades: list[ai.Grade] | None = None
        self.grade_job: tuple | None = None     # (state, Job)
        self.warm = Job(endgame.table)          # Master's endgame table, built off the loop
        self.board_rect = pygame.Rect(0, 0, BOARD_SIDE, BOARD_SIDE)
        self.board_rect.center = CENTRE
        self.panel_rect = pygame.Rect(1370, self.board_rect.top, 510, BOARD_SIDE)
        self.cursor = (1, 3)
        if session.position == 0 and len(session.entries) == 1:
            self.start_deal()
        self.home_cursor()

    # --- who plays ------------------------------------------------------------------------
    @property
    def demo(self) -> bool:
        return self.players == (COMPUTER, COMPUTER)

    def level_title(self) -> str:
        return LEVEL_TITLES.get(self.level, "Master")

    def role(self, side: int) -> str:
        if self.players[side] == COMPUTER:
            return f"Computer · {self.level_title()}"
        if self.against_computer:
            return "You"
        return "Moves first" if side == 0 else "Moves second"

    def computer_to_move(self) -> bool:
        return not self.over and self.players[self.to_move] == COMPUTER

    def needs_table(self) -> bool:
        return self.level in (None, "master")

    # --- geometry ---------------------------------------------------------------------------
    def screen_cell(self, point: int) -> tuple[int, int]:
        """(column, row) on screen of a board point."""
        row, col = divmod(point, rules.SIZE)
        return (3 - col, 3 - row) if self.flipped else (col, row)

    def cell_point(self, col: int, row: int) -> int:
        if self.flipped:
            col, row = 3 - col, 3 - row
        return row * rules.SIZE + col

    def point_pos(self, point: int) -> tuple[float, float]:
        col, row = self.screen_cell(point)
        return (CENTRE[0] + (col - 1.5) * SPACING, CENTRE[1] + (row - 1.5) * SPACING)

    def point_at(self, pos) -> int | None:
        if pos is None:
            return None
        for point in range(rules.POINTS):
            x, y = self.point_pos(point)
            if (pos[0] - x) ** 2 + (pos[1] - y) ** 2 <= (SPACING * 0.45) ** 2:
                return point
        return None

    def card_rect(self, side: int) -> pygame.Rect:
        """Each player's card beside the board, level with that player's home rows."""
        top_side = 1 if self.flipped else 0
        rect = pygame.Rect(40, 0, 480, 364)
        rect.top = self.board_rect.top if side == top_side else self.board_rect.bottom - 364
        return rect

    def tray_rect(self, side: int) -> pygame.Rect:
        card = self.card_rect(side)
        return pygame.Rect(card.left + 24, card.top + 250, card.width - 48, 84)

    def tray_slot(self, side: int, index: int) -> tuple[float, float]:
        tray = self.tray_rect(side)
        return tray.left + 44 + min(index, 6) * TRAY_STEP, tray.centery + 2

    def captured_count(self, state) -> list[int]:
        """Stones each side has captured: the opponent's stones missing since the start."""
        start = self.session.initial.board
        return [start.count("W") - state.board.count("W"),
                start.count("B") - state.board.count("B")]

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
    def animations_on(self) -> bool:
        return bool(self.app.settings.get("animations", True))

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
    def is_move_input(self, action) -> bool:
        """Flipping the board and pausing the demo are not moves: they always get through."""
        kind = action.kind
        free = (kind == act.KEY and action.value == "f") or \
            (self.demo and kind in (act.CONFIRM, act.PRESS, act.ALT))
        return not free and super().is_move_input(action)

    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == act.POINT:
            self.hover = self.point_at(action.pos)
            self.hover_row = self.row_at(action.pos)
            if self.drag:
                self.drag["pos"] = action.pos
                sx, sy = self.drag["start"]
                if (action.pos[0] - sx) ** 2 + (action.pos[1] - sy) ** 2 > 12 ** 2:
                    self.drag["moved"] = True
            return
        if kind == act.KEY and action.value == "f":
            self.flip()
            return
        if self.demo and kind in (act.CONFIRM, act.PRESS, act.ALT):
            self.toggle_demo_pause()
            return
        if kind == act.RELEASE:
            if self.drag:
                self.release(action.pos)
            return
        if self.over:
            if kind in (act.PRESS, act.CONFIRM):
                self.say(self.session.status.reason + " Undo, or start a new game from the menu.")
            return
        if not self.human_to_move():
            return
        if kind == act.PRESS:
            if action.alt:
                self.cancel()
            else:
                self.press(action.pos)
        elif kind == act.MOVE:
            col, row = self.cursor
            self.cursor = (min(3, max(0, col + action.dx)), min(3, max(0, row + action.dy)))
        elif kind == act.CONFIRM:
            self.use_cursor()
        elif kind == act.ALT:
            self.cancel()
        elif kind in (act.NEXT, act.PREV):
            self.cycle(1 if kind == act.NEXT else -1)

    def press(self, pos) -> None:
        point = self.point_at(pos)
        if point is None:
            self.selected = None
            return
        self.cursor = self.screen_cell(point)
        targets = self.destinations(self.selected)
        if point in targets:
            self.make_move(targets[point])
            return
        if self.state.board[point] == self.state.to_move:
            if not self.destinations(point):
                self.say("That stone has no move: every point next to it is taken, and it "
                         "has no capture.")
                self.app.audio.play("wrong")
                self.selected = None
                return
            was = self.selected == point
            self.selected = point
            self.drag = {"source": point, "start": pos, "pos": pos, "moved": False,
                         "was": was, "grab": (pos[0] - self.point_pos(point)[0],
                                              pos[1] - self.point_pos(point)[1])}
            if not was:
                self.app.audio.play("select")
            return
        if self.selected is not None:
            self.say("That stone cannot go there: choose one of the marked points.")
            self.app.audio.play("wrong")
        self.selected = None

    def release(self, pos) -> None:
        drag, self.drag = self.drag, None
        source = drag["source"]
        if self.over or not self.human_to_move() or self.state.board[source] != self.state.to_move:
            return
        if not drag["moved"]:
            if drag["was"]:
                self.selected = None      # a second click on the held stone puts it back
            return
        point = self.point_at(pos)
        targets = self.destinations(source)
        grab = drag["grab"]
        spot = (pos[0] - grab[0], pos[1] - grab[1])
        if point in targets:
            self.make_move(targets[point], dropped_at=spot)
        else:
            if point is not None and point != source:
                self.say("That stone cannot go there: choose one of the marked points.")
                self.app.audio.play("wrong")
            if self.animations_on():
                self.settle = (source, spot, self.tweens.add(Tween(0.22, ease_in_out_cubic)))

    def use_cursor(self) -> None:
        point = self.cell_point(*self.cursor)
        targets = self.destinations(self.selected)
        if point in targets:
            self.make_move(targets[point])
        elif self.state.board[point] == self.state.to_move:
            if point == self.selected:
                self.selected = None
                self.app.audio.play("place")
            elif self.destinations(point):
                self.selected = point
                self.app.audio.play("select")
            else:
                self.say("That stone has no move: every point next to it is taken, and it "
                         "has no capture.")
                self.app.audio.play("wrong")
        elif self.selected is not None:
            self.say("That stone cannot go there: choose one of the marked points.")
            self.app.audio.play("wrong")
        else:
            self.say(f"Choose one of your stones ({SIDE_NAMES[self.to_move].lower()}) first.")
            self.app.audio.play("wrong")

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
            self.drag, self.selected = None, None
            self.app.audio.play("place")
            return True
        return False

    def make_move(self, move: rules.Move, dropped_at=None) -> None:
        self.selected, self.drag = None, None
        self.drop_from = dropped_at
        try:
            change = self.play(move)
        finally:
            self.drop_from = None
        if change:
            self.app.audio.play("capture" if move.over is not None else "move")

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

    def toggle_demo_pause(self) -> None:
        self.demo_paused = not self.demo_paused
        self.cancel_thinking()
        self.say("Paused: undo and redo step through the game." if self.demo_paused
                 else "Playing on.")

    def extra_buttons(self):
        return [("Flip (F)", self.flip)]

    # --- the hint: graded moves -----------------------------------------------------------------
    def showing_grades(self) -> bool:
        return self.grades_for is not None and self.grades_for == self.state and not self.over

    def hint(self) -> None:
        if self.against_computer and not self.human_to_move():
            self.say("Hints are for your own move.")
            return
        if self.showing_grades():
            self.grades_for = None
            self.say("Graded moves hidden.")
            return
        self.grades_for, self.grades = self.state, None
        self.count_hint()
        self.app.audio.play("hint")
        self.say("Grading every move...")

    def poll_grades(self) -> None:
        """Start the search for the graded moves when wanted; take its answer when ready."""
        if self.grade_job is not None and self.grade_job[1].done:
            (state, job), self.grade_job = self.grade_job, None
            if job.error is not None:
                raise job.error
            if state == self.grades_for:
                self.grades = job.result
                best = job.result[0] if job.result else None
                if best is not None:
                    self.say(f"Best: {move_name(best.move)}, {grade_words(best).lower()}. "
                             "Every move is marked, best to worst.")
        if self.grades_for is not None and self.grades_for != self.state:
            self.grades_for, self.grades = None, None     # the position moved on
        if (self.showing_grades() and self.grades is None and self.grade_job is None
                and self.warm.done):
            self.grade_job = (self.state, Job(ai.graded_moves, self.state))

    # --- the computer ---------------------------------------------------------------------------
    def computer_chose(self, move) -> None:
        """The computer's choice is shown (its stone lifted, the point marked), then played."""
        if self.animations_on():
            self.pick = [move, PICK_SECONDS]
        else:
            self.play_computer(move)

    def play_computer(self, move) -> None:
        if self.play(move):
            self.app.audio.play("capture" if move.over is not None else "move")
            self.home_cursor()

    def cancel_thinking(self) -> None:
        super().cancel_thinking()
        self.pick = None

    def tick(self, dt: float) -> None:
        self.clock += dt
        self.poll_grades()
        if self.demo_paused:
            self.cancel_thinking()
            return
        if self.pick is not None:
            self.pick[1] -= dt
            if self.pick[1] <= 0:
                move, self.pick = self.pick[0], None
                self.play_computer(move)
            return
        if self.computer_to_move() and self.needs_table() and not self.warm.done:
            return                      # the table is nearly ready: Master waits for it
        super().tick(dt)

    def wait_for_jobs(self) -> None:
        """Tests: block until the table, a computer's search and a grading are finished."""
        self.warm.wait()
        super().wait_for_jobs()
        if self.grade_job is not None:
            self.grade_job[1].wait()

    # --- undo and redo of whole turns, animated one move after the other ------------------------
    def undo(self) -> None:
        if self.demo:
            self.demo_paused = True       # step back through the demo without it replaying
        self.selected, self.drag = None, None
        super().undo()
        self.home_cursor()

    def redo(self) -> None:
        self.selected, self.drag = None, None
        super().redo()
        self.home_cursor()

    def restart(self) -> None:
        self.selected, self.drag = None, None
        super().restart()
        self.home_cursor()

    def after_change(self, change) -> None:
        self.selected, self.drag = None, None   # a move landed: whatever was held is stale
        if change.move is not None:
            self.cursor = self.screen_cell(change.move.target)   # then to the nearest stone
        super().after_change(change)
        self.home_cursor()

    # --- words --------------------------------------------------------------------------------
    def hud_fields(self):
        state = self.state
        return [("Moves", str(self.session.moves_made)),
                ("Plies without a capture", f"{state.quiet_plies} / {rules.QUIET_LIMIT}"),
                ("Position seen", f"{state.repetitions} / {rules.REPETITION_LIMIT}")]

    def draw_warning(self) -> str:
        state = self.state
        if self.over:
            return ""
        words = []
        left = rules.QUIET_LIMIT - state.quiet_plies
        if left <= 12:
            words.append(f"Draw in {left} {'ply' if left == 1 else 'plies'} without a capture")
        if state.repetitions == rules.REPETITION_LIMIT - 1:
            words.append("This position has been seen twice: once more is a draw")
        return ".  ".join(words)

    def status_line(self) -> str:
        if self.over:
            return self.session.status.reason
        side = SIDE_NAMES[self.to_move]
        if self.demo:
            return ("Paused: Space, A or a click plays on; U and R step through" if
                    self.demo_paused else "Computer against computer: Space, A or a click pauses")
        if self.computer_to_move():
            if self.needs_table() and not self.warm.done:
                return "The computer is setting out its endgame table..."
            return "The computer is thinking..."
        who = f"Your move ({side.lower()})" if self.against_computer else f"{side} to move"
        device = self.app.input.last_device
        if self.selected is not None:
            how = {act.MOUSE: "click a marked point, or drag the stone there",
                   act.KEYBOARD: "arrows to a marked point, Enter moves, Esc drops",
                   act.PAD: "d-pad to a marked point, A moves, B drops"}[device]
        else:
            how = {act.MOUSE: "click one of your stones, or drag it",
                   act.KEYBOARD: "arrows choose a stone, Enter picks it up",
                   act.PAD: "d-pad chooses a stone, A picks it up"}[device]
        return f"{who}: {how}"

    def result_lines(self) -> list[str]:
        lines = super().result_lines()
        taken = self.captured_count(self.state)
        lines.insert(1, f"Captures: Black {taken[0]}, White {taken[1]}")
        return lines

    # --- the scripted demo player and the bench -------------------------------------------------
    def demo_move(self):
        self.warm.wait()          # Master's table, once (the demo thinks on the main loop)
        return super().demo_move()

    def bench_pose(self) -> None:
        """The most expensive everyday look: a mid-game position with a stone picked up, its
        moves marked, every move graded with arrows, and the keyboard cursor showing."""
        self.tweens.finish_all()
        self.deal, self.motions = {}, []
        self.warm.wait()
        rng = random.Random(3)
        for _ in range(10):             # ten plies of a lively game between two players
            if self.over:
                break
            self.session.apply(ai.choose_move(self.state, rng, "medium"))
        self.reported = self.over
        self.grades_for = self.state
        self.grades = ai.graded_moves(self.state)
        movable = self.movable()
        self.selected = movable[0] if movable else None
        self.app.input.last_device = act.KEYBOARD
        if self.selected is not None:
            self.cursor = self.screen_cell(self.selected)

    # --- drawing ----------------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        state = self.shown_state()
        motion = self.current_motion()
        labels = (FILES[::-1], RANKS[::-1]) if self.flipped else (FILES, RANKS)
        surface.blit(paint.board(self.board_rect.size, SPACING, labels, ui.BG), self.board_rect)
        calm = motion is None and self.settle_done() and not self.over
        grading = self.showing_grades() and calm
        if motion is None:
            self.draw_last_move(surface)
        hidden = set()
        if motion is not None:
            move = motion.move
            hidden.add(move.target if motion.forward else move.source)
            if motion.capture and not motion.forward:
                hidden.add(move.target)
        if self.drag and self.drag["moved"]:
            hidden.add(self.drag["source"])
        if self.settle and not self.settle[2].done:
            hidden.add(self.settle[0])
        picked = self.pick[0] if self.pick else None
        lifted = picked.source if picked else self.selected
        targets = {}
        if calm and self.selected is not None and self.human_to_move():
            targets = self.destinations(self.selected)
        elif picked is not None:
            targets = {picked.target: picked}
        preview = {}
        if calm and self.selected is None and self.human_to_move() and not grading:
            under = self.hover if self.app.input.last_device == act.MOUSE else \
                self.cell_point(*self.cursor)
            if under is not None and state.board[under] == state.to_move:
                preview = self.destinations(under)
        # step dots under the stones, capture rings over them
        for point, move in {**preview, **targets}.items():
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
            up = point == lifted and (calm or picked is not None)
            self.draw_stone(surface, piece, self.point_pos(point), scale, 0.5 if up else 0.0)
            if up:
                ring = paint.ring(STONE + 14, ui.ACCENT, 5)
                x, y = self.point_pos(point)
                surface.blit(ring, ring.get_rect(center=(x, y - 4)))
        for point, move in {**preview, **targets}.items():
            if move.over is not None:
                strong = point in targets
                ring = paint.ring(STONE + 18, ui.BAD, 7 if strong else 4, 255 if strong else 150)
                surface.blit(ring, ring.get_rect(center=self.point_pos(point)))
        if grading and self.grades:
            self.draw_grade_arrows(surface)
        if motion is not None:
            self.draw_motion(surface, motion)
        if self.settle and not self.settle[2].done:
            point, spot, tween = self.settle
            self.draw_stone(surface, state.board[point],
                            lerp_point(spot, self.point_pos(point), tween.value), 1.0, 0.6)
        if self.drag and self.drag["moved"]:
            pos, grab = self.drag["pos"], self.drag["grab"]
            spot = (pos[0] - grab[0], pos[1] - grab[1])
            over = self.point_at(pos)
            if over in self.destinations(self.drag["source"]):
                ring = paint.ring(STONE + 30, ui.ACCENT, 5)
                surface.blit(ring, ring.get_rect(center=self.point_pos(over)))
            self.draw_stone(surface, self.state.board[self.drag["source"]], spot, 1.06, 1.0)
        if self.show_cursor():
            x, y = self.point_pos(self.cell_point(*self.cursor))
            rect = pygame.Rect(0, 0, STONE + 36, STONE + 36)
            rect.center = (round(x), round(y))
            pygame.draw.rect(surface, ui.ACCENT, rect, 6, border_radius=26)
        self.draw_cards(surface, state, motion)
        self.draw_panel(surface)
        warning = self.draw_warning()
        if warning:
            image = ui.assets.text(warning, ui.SMALL, INK, True)
            box = image.get_rect().inflate(32, 14)
            below = self.app.size[1] - TOOLBAR_HEIGHT
            box.center = (CENTRE[0], (self.board_rect.bottom + below) // 2)
            ui.panel(surface, box, ui.ACCENT, radius=14)
            surface.blit(image, image.get_rect(center=box.center))

    def settle_done(self) -> bool:
        return self.settle is None or self.settle[2].done

    def show_cursor(self) -> bool:
        return self.app.input.last_device != act.MOUSE and self.human_to_move() and \
            self.current_motion() is None

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
        if motion.capture:
            pos, size, lift = motion.flight(self)
            f = motion.fraction()
            mover_pos, mover_lift = motion.mover(self)
            captured = rules.opponent(motion.colour)
            early = f < FLIGHT_FROM + 0.05
            if early:       # still on its point, or just knocked off: under the capturer
                self.draw_stone(surface, captured, pos, diameter=size, lift=lift)
            self.draw_stone(surface, motion.colour, mover_pos, 1.0, mover_lift)
            if not early:
                self.draw_stone(surface, captured, pos, diameter=size, lift=lift)
        else:
            pos, lift = motion.mover(self)
            self.draw_stone(surface, motion.colour, pos, 1.0, lift)

    def draw_last_move(self, surface) -> None:
        """The last move's trail along its line, and a ring where the stone came from."""
        move = self.session.last_move()
        if move is None:
            return
        a, b = self.point_pos(move.source), self.point_pos(move.target)
        trail = paint.trail(round(abs(b[0] - a[0]) + abs(b[1] - a[1])), 16, ui.ACCENT, 130,
                            a[0] == b[0])
        surface.blit(trail, trail.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        ring = paint.ring(60, ui.ACCENT, 4, 220)
        surface.blit(ring, ring.get_rect(center=a))

    def grade_paths(self) -> list[tuple[ai.Grade, list]]:
        """Each graded move's arrow: a step straight along its line, a capture arcing over
        its friend, both kept clear of the stones' middles."""
        paths = []
        for grade in self.grades or []:
            move = grade.move
            a, b = self.point_pos(move.source), self.point_pos(move.target)
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy)
            ux, uy = dx / length, dy / length
            if move.over is None:
                points = [(a[0] + ux * (STONE / 2 - 8), a[1] + uy * (STONE / 2 - 8)),
                          (b[0] - ux * 16, b[1] - uy * 16)]
            else:
                over = self.point_pos(move.over)
                bend = SPACING * 0.42
                control = (over[0] - uy * bend, over[1] + ux * bend)
                points = paint.curve(a, control, b, 0.1, 0.9)
            paths.append((grade, points))
        return paths

    def draw_grade_arrows(self, surface) -> None:
        paths = self.grade_paths()
        surface.blit(self.arrow_layer(self.state, self.flipped), self.board_rect)
        if self.hover_row is not None and self.hover_row < len(paths):
            grade, points = paths[self.hover_row]
            paint.arrow(surface, points, ui.TEXT, 12, 34)
            paint.arrow(surface, points, grade_colour(grade), 7, 26)
        for rank in range(len(paths) - 1, -1, -1):
            grade, points = paths[rank]
            middle = halfway(points)
            badge = pygame.Rect(0, 0, 40, 40)
            badge.center = (round(middle[0]), round(middle[1]))
            pygame.draw.circle(surface, INK, badge.center, 22)
            pygame.draw.circle(surface, grade_colour(grade), badge.center, 19)
            ui.label(surface, str(rank + 1), badge.center, ui.SMALL, INK, bold=True,
                     anchor="center")

    def arrow_layer(self, state, flipped) -> pygame.Surface:
        """The grade arrows of one position, drawn once onto a see-through layer the size of
        the board (a rendered surface: drawing state only)."""
        key = (state, flipped, id(self.grades))
        cached = getattr(self, "_arrow_cache", None)
        if cached is None or cached[0] != key:
            layer = pygame.Surface(self.board_rect.size, pygame.SRCALPHA)
            shift = (-self.board_rect.left, -self.board_rect.top)
            paths = self.grade_paths()
            for rank in range(len(paths) - 1, -1, -1):
                grade, points = paths[rank]
                points = [(x + shift[0], y + shift[1]) for x, y in points]
                width = 10 if rank == 0 else 7
                paint.arrow(layer, points, (*INK, 200), width + 5, 30 if rank == 0 else 24)
                paint.arrow(layer, points, (*grade_colour(grade), 235), width,
                            24 if rank == 0 else 19)
            self._arrow_cache = (key, layer)
        return self._arrow_cache[1]

    # --- the players' cards ---------------------------------------------------------------
    def draw_cards(self, surface, state, motion) -> None:
        taken = self.captured_count(state)
        flying = None
        if motion is not None and motion.capture and motion.forward:
            flying = rules.SIDES.index(motion.colour)
            taken[flying] -= 1            # it joins the tray when it lands
        status = self.session.status
        for side in (0, 1):
            rect = self.card_rect(side)
            to_move = not self.over and self.to_move == side
            winner = self.over and status.winner == side
            border = ui.ACCENT if to_move else ui.GOOD if winner else ui.LINE
            ui.panel(surface, rect, ui.PANEL_HI if to_move else ui.PANEL, radius=20,
                     border=border, width=4 if (to_move or winner) else 2)
            piece = rules.SIDES[side]
            icon = paint.stone(piece, 56)
            surface.blit(icon, icon.get_rect(center=(rect.left + 58, rect.top + 56)))
            ui.label(surface, SIDE_NAMES[side], (rect.left + 100, rect.top + 56), ui.HEADING,
                     ui.TEXT, bold=True, anchor="midleft")
            chip = ""
            if to_move:
                thinking = self.players[side] == COMPUTER and not self.demo_paused
                chip = ("thinking" + "." * (1 + int(self.clock * 3) % 3)) if thinking else "to move"
            elif winner:
                chip = "winner"
            if chip:
                image = ui.assets.text(chip, ui.SMALL, INK, True)
                width = ui.assets.font(ui.SMALL, True).size("thinking...")[0] + 28
                box = pygame.Rect(0, 0, width, 40)
                box.midright = (rect.right - 24, rect.top + 56)
                ui.panel(surface, box, border, radius=12)
                surface.blit(image, image.get_rect(midleft=(box.left + 14, box.centery)))
            ui.label(surface, self.role(side), (rect.left + 28, rect.top + 118), ui.BODY,
                     ui.MUTED, anchor="midleft")
            count = state.board.count(piece)
            ui.label(surface, f"{count} stone{'s' if count != 1 else ''} on the board",
                     (rect.left + 28, rect.top + 168), ui.BODY, ui.TEXT, anchor="midleft")
            ui.label(surface, "Captured", (rect.left + 28, rect.top + 226), ui.SMALL, ui.MUTED,
                     anchor="midleft")
            ui.label(surface, str(taken[side]), (rect.right - 28, rect.top + 226), ui.SMALL + 2,
                     ui.TEXT, bold=True, anchor="midright")
            tray = self.tray_rect(side)
            surface.blit(paint.tray(tray.size), tray)
            enemy = rules.opponent(piece)
            for k in range(max(0, taken[side])):
                self.draw_stone(surface, enemy, self.tray_slot(side, k), diameter=TRAY_STONE)

    # --- the side panel: the moves so far, or the graded moves ---------------------------------
    def row_rects(self, count: int) -> list[pygame.Rect]:
        panel = self.panel_rect
        top, bottom = panel.top + 124, panel.bottom - 118
        height = int(max(32, min(44, (bottom - top) / max(count, 1))))
        fit = max(1, (bottom - top) // height)
        return [pygame.Rect(panel.left + 20, top + k * height, panel.width - 40, height - 4)
                for k in range(min(count, fit))]

    def row_at(self, pos) -> int | None:
        if not self.showing_grades() or not self.grades or pos is None:
            return None
        for k, rect in enumerate(self.row_rects(len(self.grades))):
            if rect.collidepoint(pos):
                return k
        return None

    def draw_panel(self, surface) -> None:
        panel = self.panel_rect
        ui.panel(surface, panel, ui.PANEL, radius=20, border=ui.LINE, width=2)
        if self.showing_grades():
            self.draw_grades(surface, panel)
        else:
            self.draw_log(surface, panel)

    def draw_grades(self, surface, panel) -> None:
        side = SIDE_NAMES[self.to_move]
        ui.label(surface, "Graded moves", (panel.left + 28, panel.top + 24), ui.HEADING, ui.TEXT,
                 bold=True)
        ui.label(surface, f"for {side}, best first", (panel.left + 30, panel.top + 92),
                 ui.SMALL, ui.MUTED, anchor="midleft")
        if self.grades is None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            ui.label(surface, f"Searching{dots}", (panel.left + 28, panel.top + 120), ui.BODY,
                     ui.ACCENT)
            return
        rects = self.row_rects(len(self.grades))
        for k, rect in enumerate(rects):
            grade = self.grades[k]
            colour = grade_colour(grade)
            if k == self.hover_row:
                pygame.draw.rect(surface, ui.PANEL_HI, rect, border_radius=10)
            pygame.draw.circle(surface, colour, (rect.left + 22, rect.centery), 17)
            ui.label(surface, str(k + 1), (rect.left + 22, rect.centery), ui.SMALL, INK,
                     bold=True, anchor="center")
            ui.label(surface, move_name(grade.move), (rect.left + 56, rect.centery), ui.BODY,
                     ui.TEXT, bold=True, anchor="midleft")
            ui.label(surface, grade_words(grade), (rect.right - 12, rect.centery), ui.BODY,
                     colour, bold=grade.value is not None, anchor="midright")
        if len(rects) < len(self.grades):
            ui.label(surface, f"and {len(self.grades) - len(rects)} more, all marked on the board",
                     (panel.left + 28, rects[-1].bottom + 10), ui.SMALL, ui.MUTED)
        notes = ("Win / Loss in N: certain, N plies with best play. Numbers: the search's "
                 "estimate; 100 is about one stone.")
        ui.paragraph(surface, notes, pygame.Rect(panel.left + 28, panel.bottom - 104,
                                                 panel.width - 56, 100), ui.SMALL, ui.MUTED,
                     spacing=1.25)

    def draw_log(self, surface, panel) -> None:
        ui.label(surface, "Moves", (panel.left + 28, panel.top + 24), ui.HEADING, ui.TEXT,
                 bold=True)
        plies = self.game_plies()
        rows = [plies[k:k + 2] for k in range(0, len(plies), 2)]
        first_black = not plies or plies[0][0] == "B"
        shown = self.row_rects(14)
        start = max(0, len(rows) - len(shown))
        col_b, col_w = panel.left + 110, panel.left + 300
        ui.label(surface, "Black", (col_b, panel.top + 100), ui.SMALL, ui.MUTED, anchor="midleft")
        ui.label(surface, "White", (col_w, panel.top + 100), ui.SMALL, ui.MUTED, anchor="midleft")
        if not plies:
            ui.label(surface, "No moves yet.", (panel.left + 28, shown[0].centery), ui.BODY,
                     ui.MUTED, anchor="midleft")
        for n, row in enumerate(rows[start:start + len(shown)]):
            rect = shown[n]
            ui.label(surface, f"{start + n + 1}.", (panel.left + 84, rect.centery), ui.BODY,
                     ui.MUTED, anchor="midright")
            for k, (piece, move) in enumerate(row):
                x = col_b if piece == "B" else col_w
                if not first_black and k == 0 and piece == "W":
                    x = col_w
                latest = (start + n) * 2 + k == len(plies) - 1
                ui.label(surface, move_name(move), (x, rect.centery), ui.BODY,
                         ui.ACCENT if latest else ui.TEXT, bold=latest, anchor="midleft")
        words = ("Hint (H) grades every move" if not self.over else self.session.status.reason)
        ui.paragraph(surface, words, pygame.Rect(panel.left + 28, panel.bottom - 74,
                                                 panel.width - 56, 70), ui.SMALL, ui.MUTED,
                     spacing=1.25)

    def game_plies(self) -> list[tuple[str, rules.Move]]:
        """(side, move) of each ply since the start or the last restart."""
        plies = []
        entries = self.session.entries
        for (before, _), (_, text) in zip(entries, entries[1:self.session.position + 1]):
            if text == "restart":
                plies = []
            else:
                plies.append((before.to_move, rules.decode_move(text)))
        return plies

    # --- the HUD: the draw counters as meters ---------------------------------------------
    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        width = self.app.size[0]
        x = width - 40
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
