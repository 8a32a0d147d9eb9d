"""Ishido on screen: the 12 x 8 board, the next stone in a hand slot beside it, the rules in
brief, the Oracle's answer (original rules) or the best scores, and a HUD with the score and
the count of 4-ways.

Mouse: drag the stone from the hand onto a square (it settles there, or slides back with the
reason if the square is not allowed), or click a square to place it there. Keyboard and
gamepad: move the cursor, pick the stone up (Enter / A), carry it, put it down (Enter / A);
Esc / B puts it back. X (or A on the keyboard, or the Assist button) marks every legal square,
counted as help; H / Y shows one good square.

Before an original-rules game with the Oracle on, QuestionScene asks for a question: typed on
the keyboard, spelled on an on-screen letter grid with the mouse or gamepad, or chosen from
ready-made ones. It lives in play_options (saved with the game), and each 4-way reveals one
more passage of the answer (games/ishido/oracle.py).
"""
from __future__ import annotations

import math

import pygame

from games.core import input as act
from games.core import records, store, ui
from games.core.app import Scene
from games.core.game_scene import HUD_HEIGHT, GameScene
from games.core.screens import score_table
from games.core.session import Change
from games.core.tween import (GLOW_SECONDS, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic,
                              glow, linear)
from games.ishido import ai, oracle, rules
from games.ishido.rules import COLS, EMPTY, ROWS, SQUARES
from sprites import ishido as paint

PITCH = 98                  # board square, logical pixels
STONE = 88                  # a stone on the board
HAND = 150                  # the next stone in its slot
FLIGHT_SECONDS = 0.28       # a stone travelling between the hand and the board
SETTLE_SECONDS = 0.14       # a dropped stone settling into its square
RETURN_SECONDS = 0.24       # a refused stone sliding back to the hand
CELEBRATE_SECONDS = 1.4     # a 4-way's flash and rings
MAX_QUESTION = 80

SQUARE_INNER = paint.SQUARE_INNER   # the board's inner squares ...
SQUARE_OUTER = (37, 43, 59)     # ... and the outer ring (it scores nothing in the original)
TRAY = (26, 30, 42)
FLASH = (255, 244, 214)

READY_QUESTIONS = (
    "What should I give my time to this year?",
    "Will tomorrow be a good day?",
    "Is it time for a change?",
    "What am I not seeing?",
    "How can I find more calm?",
)


# --- play options from the setup screen or a save file: trust nothing ---------------------

def clean_question(text) -> str | None:
    if not isinstance(text, str):
        return None
    return " ".join("".join(ch for ch in text if ch.isprintable()).split())[:MAX_QUESTION]


def clean_play_options(options: dict) -> dict:
    clean = {}
    for key in ("oracle", "assist"):
        clean[key] = options.get(key) is True
    question = clean_question(options.get("question"))
    if question is not None:
        clean["question"] = question
    return clean


class Flight:
    """A stone moving between two points (centres), changing size on the way; square is its
    landing square on the board (hidden in the static layer until it lands) or None."""

    def __init__(self, tween, kind, start, end, start_size, end_size, square=None):
        self.tween, self.kind, self.start, self.end = tween, kind, start, end
        self.start_size, self.end_size, self.square = start_size, end_size, square

    def place(self):
        t = self.tween.value
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t
        size = self.start_size + (self.end_size - self.start_size) * t
        return (x, y), size

    @property
    def done(self) -> bool:
        return self.tween.done


class IshidoScene(GameScene):
    result_pause = 0.7          # a look at the last move before the result screen

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.play_options = clean_play_options(self.play_options)
        if self.assist:    # chosen on the setup screen, or on when the game was saved
            self.session.record["assist"] = 1
        self.layout()
        self.cursor = (3, 6)
        self.hover = None
        self.drag = None            # {"pos": pointer, "grab": offset from the stone's centre}
        self.held = False           # picked up with the keyboard or pad
        self.carry = None           # (tween, from centre, from size): the held stone gliding
        self.settle = False         # the next placement settles from nearby (a drop)
        self.shake = None           # a refused put-down
        self.pressed_square = None  # a mouse press on a square (a click places there)
        self.launch_from = None     # (centre, size) the next placement's flight starts from
        self.flights: list[Flight] = []
        self.hand_pop = None
        self.celebration = None     # (tween, square, bonus, passage index or None)
        self.hint_for, self.hint_square = None, None
        self.glow = 0.0
        self.asked = False          # the question screen was shown (or is not needed)
        self._static_key, self._static = None, None
        self._panel_key, self._panel = None, None
        self._flash = None
        self._memo_state, self._memo = None, None
        self._status_state, self._status = None, None
        self.best = self._load_best()

    # --- options kept with the game -------------------------------------------------------
    @property
    def oracle_on(self) -> bool:
        return self.play_options["oracle"] and self.state.params.rule == "original"

    @property
    def question(self) -> str:
        return self.play_options.get("question") or ""

    @property
    def assist(self) -> bool:
        return self.play_options["assist"]

    @property
    def assist_used(self) -> bool:
        """The assist was on at some time this game: in the record, which undo never clears."""
        return self.session.count("assist") > 0

    @property
    def help_used(self) -> bool:
        return self.assist_used or self.hints > 0

    def adopt_old_record(self) -> None:
        super().adopt_old_record()
        self.adopt_old_counter("assist_used", "assist")

    def set_question(self, text: str) -> None:
        self.play_options["question"] = clean_question(text) or ""
        if self.question:
            self.say("The Oracle has heard you. Each 4-way reveals a passage of its answer.")

    def toggle_assist(self) -> None:
        if self.over:
            return
        on = not self.assist
        self.play_options["assist"] = on
        if on:
            self.session.note("assist")
            self.say("Assist on: every square where the stone may go is marked (noted as help).")
        else:
            self.say("Assist off.")
        self.app.audio.play("select")

    # --- derived from the state, worked out once per state --------------------------------
    def facts(self):
        """(breakdown, legal squares) of the current state, cached per state."""
        state = self.state
        if self._memo_state is not state:
            self._memo_state = state
            self._memo = (rules.breakdown(state), frozenset(rules.legal_squares(state)))
        return self._memo

    @property
    def over(self) -> bool:
        """The game's status, worked out once per state (the loop asks several times a
        frame, and each answer searches the board)."""
        return self.status().over

    def status(self):
        state = self.state
        if self._status_state is not state:
            self._status_state, self._status = state, rules.status(state)
        return self._status

    def status_line(self) -> str:
        status = self.status()
        return status.reason if status.over else ""

    def _load_best(self):
        self.best_rows = records.best_entries(self.session.key, self.session.params)
        return self.best_rows[0]["score"] if self.best_rows else None

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        area = self.board_rect
        self.grid = pygame.Rect(64, area.top + (area.height - ROWS * PITCH) // 2,
                                COLS * PITCH, ROWS * PITCH)
        self.tray = self.grid.inflate(28, 28)
        self.panel = pygame.Rect(self.tray.right + 40, area.top + 30, 0, area.height - 60)
        self.panel.width = self.app.size[0] - 40 - self.panel.left
        self.hand_rect = pygame.Rect(self.panel.left, self.panel.top, HAND + 20, HAND + 20)

    def square_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.grid.left + col * PITCH, self.grid.top + row * PITCH, PITCH, PITCH)

    def square_centre(self, row: int, col: int):
        return self.square_rect(row, col).center

    def square_at(self, pos):
        if pos is None or not self.grid.collidepoint(pos):
            return None
        return ((pos[1] - self.grid.top) // PITCH, (pos[0] - self.grid.left) // PITCH)

    @property
    def hand_centre(self):
        return self.hand_rect.center

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == act.POINT:
            if self.drag is not None:
                self.drag["pos"] = action.pos
            else:
                self.hover = self.square_at(action.pos)
            return
        if self.over:
            if kind == act.MOVE:
                self.move_cursor(action.dx, action.dy)
            return
        if kind == act.PRESS:
            self.press(action.pos, action.alt)
        elif kind == act.RELEASE:
            self.release(action.pos)
        elif kind == act.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif kind == act.CONFIRM:
            self.use_cursor()
        elif kind == act.ALT or (kind == act.KEY and action.value == "a"):
            self.toggle_assist()
        elif kind in (act.NEXT, act.PREV):
            self.jump(1 if kind == act.NEXT else -1)

    def press(self, pos, alt: bool) -> None:
        if alt:
            self.toggle_assist()
            return
        self.pressed_square = None
        centre = self.hand_centre
        if self.hand_rect.collidepoint(pos):
            self.held = False
            self.drag = {"pos": pos, "grab": (pos[0] - centre[0], pos[1] - centre[1])}
            self.app.audio.play("select")
            return
        square = self.square_at(pos)
        if square is not None:
            self.pressed_square = square
            self.cursor = square

    def release(self, pos) -> None:
        if self.drag is not None:
            self.drop(pos)
            return
        square = self.square_at(pos)
        if square is not None and square == self.pressed_square:
            self.held = False
            self.place(square)
        self.pressed_square = None

    def dragged_centre(self):
        pos, grab = self.drag["pos"], self.drag["grab"]
        return (pos[0] - grab[0] * STONE / HAND - 6, pos[1] - grab[1] * STONE / HAND - 8)

    def drop(self, pos) -> None:
        self.drag["pos"] = pos
        centre = self.dragged_centre()
        self.drag = None
        square = self.square_at(pos)
        if square is None:
            self.slide_back(centre, STONE)
            return
        self.cursor = square
        self.launch_from = (centre, STONE)
        if not self.place(square, settle=True):
            self.slide_back(centre, STONE)

    def move_cursor(self, dx: int, dy: int) -> None:
        row, col = self.cursor
        target = (max(0, min(ROWS - 1, row + dy)), max(0, min(COLS - 1, col + dx)))
        if target != self.cursor and self.held and self.app.settings.get("animations", True):
            self.carry = (self.tweens.add(Tween(0.09, ease_out_cubic)), self.carried_centre(),
                          STONE + 6)
        self.cursor = target

    def use_cursor(self) -> None:
        if not self.held:
            self.held = True
            self.drag = None
            self.carry = (self.tweens.add(Tween(0.16, ease_out_cubic)), self.hand_centre, HAND)
            self.app.audio.play("select")
            return
        self.launch_from = (self.carried_centre(), STONE)
        if not self.place(self.cursor, settle=True):
            self.shake = self.tweens.add(Tween(0.35, linear))

    def jump(self, step: int) -> None:
        """The cursor to the next (or previous) open square: empty, touching a stone."""
        board = self.state.board
        start = self.cursor[0] * COLS + self.cursor[1]
        for k in range(1, SQUARES + 1):
            square = (start + step * k) % SQUARES
            if board[square] == EMPTY and any(board[n] != EMPTY for n in rules.NEIGHBOURS[square]):
                self.move_cursor(square % COLS - self.cursor[1], square // COLS - self.cursor[0])
                return

    def cancel(self) -> bool:
        if self.drag is not None:
            centre = self.dragged_centre()
            self.drag = None
            self.slide_back(centre, STONE)
            return True
        if self.held:
            self.held = False
            self.slide_back(self.carried_centre(), STONE)
            return True
        return False

    # --- moves ----------------------------------------------------------------------------
    def place(self, square, settle: bool = False) -> bool:
        """Place the current stone; False (with the reason said) if it may not go there."""
        self.settle = settle
        try:
            change = None if self.over else self.play(rules.Move(*square))
        finally:
            self.launch_from, self.settle = None, False
        if change is None:
            return False
        self.held = False
        return True

    def slide_back(self, centre, size) -> None:
        kind = rules.current_stone(self.state)
        if kind is None or not self.app.settings.get("animations", True):
            return
        tween = self.tweens.add(Tween(RETURN_SECONDS, ease_in_out_cubic))
        self.flights.append(Flight(tween, kind, centre, self.hand_centre, size, HAND))

    def interrupt(self) -> None:
        self.drop_hold()

    def drop_hold(self) -> None:
        self.held, self.drag = False, None

    def hint(self) -> None:
        if self.hint_for is self.state:
            self.cursor = self.hint_square
            self.say("Try the glowing square.")
            return
        move = ai.hint(self.state)
        if move is None:
            return
        self.hint_for, self.hint_square = self.state, (move.row, move.col)
        self.cursor = self.hint_square
        self.count_hint()
        self.glow = 0.0
        self.app.audio.play("hint")
        self.say("Try the glowing square (hints are noted as help).")

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change) -> None:
        """Stones that appear fly in from the hand (or from where they were dropped); stones
        that vanish (undo, restart) fly back to the hand. A new 4-way flashes."""
        old, new = change.old, change.new
        forward = change.direction > 0
        appeared = [s for s in range(SQUARES) if old.board[s] == EMPTY and new.board[s] != EMPTY]
        vanished = [s for s in range(SQUARES) if old.board[s] != EMPTY and new.board[s] == EMPTY]
        self.flights, self.hand_pop, self.celebration, self.carry = [], None, None, None
        if appeared and forward and change.move is not None:
            self.app.audio.play("place")
        fourway = forward and change.move is not None and new.fourways > old.fourways
        if fourway:
            self.app.audio.play("flash")
            passage = None
            if self.oracle_on and self.question and \
                    new.fourways <= len(oracle.answer(self.question)):
                passage = new.fourways - 1
                self.say(f"The Oracle: {oracle.answer(self.question)[passage]}")
        if not self.app.settings.get("animations", True):
            return
        launch = self.launch_from or (self.hand_centre, HAND)
        settle = self.settle
        for n, square in enumerate(appeared):
            delay = min(0.5, 0.012 * n)
            seconds = SETTLE_SECONDS if settle else FLIGHT_SECONDS
            tween = self.tweens.add(Tween(seconds, ease_out_cubic, delay=delay))
            self.flights.append(Flight(tween, new.board[square], launch[0],
                                       self.square_centre(*divmod(square, COLS)), launch[1],
                                       STONE, square))
        for n, square in enumerate(sorted(vanished, reverse=True)):
            tween = self.tweens.add(Tween(FLIGHT_SECONDS, ease_in_out_cubic,
                                          delay=min(0.5, 0.012 * n)))
            self.flights.append(Flight(tween, old.board[square],
                                       self.square_centre(*divmod(square, COLS)),
                                       self.hand_centre, STONE, HAND))
        if new.placed != old.placed and rules.current_stone(new) is not None and \
                (forward or not vanished):
            self.hand_pop = self.tweens.add(Tween(0.3, ease_out_back, delay=0.1))
        if fourway:
            square = change.move.row * COLS + change.move.col
            bonus = rules.fourway_bonus(new.fourways) if new.params.rule == "original" else 0
            self.celebration = (self.tweens.add(Tween(CELEBRATE_SECONDS, linear)), square, bonus,
                                passage)

    # --- the clock ------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.glow += dt
        if not self.asked:
            self.asked = True
            if self.oracle_on and "question" not in self.play_options and self.state.placed == 0:
                self.app.push(QuestionScene(self.app, self))
                return
        if self.flights and all(f.done for f in self.flights):
            self.flights = []

    def next_change(self) -> float | None:
        """The hint's glow beats for a while (see _draw_marks)."""
        if self.hint_for is self.state and not self.over and self.glow < GLOW_SECONDS:
            return 0.0
        return super().next_change()

    def after_change(self, change) -> None:
        if self.session.status.over and not self.reported:
            self.drop_hold()
        super().after_change(change)

    # --- HUD, result, best scores ---------------------------------------------------------
    def hud_fields(self):
        breakdown, _ = self.facts()
        return [("Score", str(breakdown.total)), ("4-ways", str(self.state.fourways)),
                ("Stones left", str(rules.stones_left(self.state))),
                ("Help", help_text(self.assist_used, self.hints), "Assist+99"),
                ("Best", "-" if self.best is None else str(self.best))]

    def extra_buttons(self):
        return [("Assist (A)", self.toggle_assist, lambda: not self.over)]

    def final_score(self) -> int:
        return rules.score(self.state)

    def score_text(self, score) -> str:
        text = f"{score}  ({self.state.fourways} 4-way{'s' if self.state.fourways != 1 else ''}"
        return text + (", help)" if self.help_used else ")")

    def record_result(self):
        """Every finished game counts (Ishido's score matters however it ends); help is noted
        beside the score."""
        score = self.final_score()
        try:
            rank = store.add_score(score_table(self.session.key, self.session.params), score,
                                   True, self.score_text(score))
        except OSError as error:
            self.say(f"The score could not be saved: {error}")
            return None
        self.best = self._load_best()
        return rank

    def result_title(self) -> str:
        return "Every stone placed!" if self.session.status.outcome == "won" else \
            "Out of room"

    def result_lines(self):
        b = rules.breakdown(self.state)
        fourways = f"{b.fourways} 4-way{'s' if b.fourways != 1 else ''}"
        if self.state.params.rule == "standard":
            lines = [f"Placing stones: {b.placement} points ({fourways})"]
        else:
            left = f"{b.stones_left} stone{'s' if b.stones_left != 1 else ''} left"
            lines = [f"Placing stones: {b.placement}",
                     f"4-way bonus: {b.fourway_bonus} ({fourways})",
                     f"End bonus: {b.end_bonus} ({left})"]
        used = help_words(self.assist_used, self.hints)
        lines.append(f"Total: {b.total}" + (f"   (help: {used})" if used else "   (no help)"))
        return lines

    def on_quit(self) -> None:
        if self.over and not self.reported:   # quit during the last look: keep the score
            self.reported = True
            self.enter_result()
        super().on_quit()

    # --- the demo and the bench -----------------------------------------------------------
    def bench_pose(self) -> None:
        """A nearly full board (careful play, stopping short of the end) with the next stone
        being dragged over an empty square."""
        import random
        rng = random.Random(7)
        while self.state.placed < 56:
            move = ai.choose_move(self.state, rng, "careful")
            after = rules.apply_move(self.state, move)
            if rules.status(after).over:
                break
            self.session.apply(move)
        self.flights, self.celebration = [], None
        self.tweens.finish_all()
        self.app.input.last_device = act.MOUSE
        legal = sorted(self.facts()[1]) or [(3, 6)]
        target = self.square_centre(*legal[len(legal) // 2])
        self.drag = {"pos": (target[0] + 12, target[1] + 9), "grab": (10, 10)}

    # --- drawing --------------------------------------------------------------------------
    def carried_centre(self):
        """Where the held (keyboard/pad) stone floats: above the cursor square."""
        x, y = self.square_centre(*self.cursor)
        end = (x, y - 12)
        if self.carry is not None and not self.carry[0].done:
            tween, start, _ = self.carry
            t = tween.value
            return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        return end

    def flights_running(self) -> bool:
        return any(not f.done for f in self.flights)

    def draw_board(self, surface) -> None:
        running = self.flights_running()
        hidden = frozenset(f.square for f in self.flights if f.square is not None) \
            if running else frozenset()
        surface.blit(self._static_board(hidden), self.tray.topleft)
        self._draw_panel(surface)
        self._draw_marks(surface)
        if self.celebration is not None and not self.celebration[0].done:
            self._draw_celebration(surface)
        if running:
            for flight in self.flights:
                if flight.tween.time > 0 or flight.square is None:
                    self._draw_stone(surface, flight.kind, *flight.place(), lift=8)
        self._draw_carried(surface)

    def _static_board(self, hidden) -> pygame.Surface:
        """The tray, the squares and every stone at rest (and the assist's marks), painted
        again only when one of them changes."""
        state = self.state
        _, legal = self.facts()
        marks = legal if self.assist and not self.over else frozenset()
        key = (state.board, hidden, marks)
        if self._static_key == key:
            return self._static
        tray = pygame.Surface(self.tray.size)
        tray.fill(ui.BG)
        ui.panel(tray, tray.get_rect(), TRAY, radius=24, border=ui.LINE, width=2)
        ox, oy = self.tray.left, self.tray.top
        for square in range(SQUARES):
            row, col = divmod(square, COLS)
            rect = self.square_rect(row, col).move(-ox, -oy).inflate(-6, -6)
            outer = square in rules.OUTER_RING
            pygame.draw.rect(tray, SQUARE_OUTER if outer else SQUARE_INNER, rect, border_radius=10)
            kind = state.board[square]
            if kind != EMPTY and square not in hidden:
                tray.blit(paint.stone(kind, STONE), (rect.centerx - STONE // 2,
                                                     rect.centery - STONE // 2))
            elif (row, col) in marks:
                pygame.draw.circle(tray, ui.GOOD, rect.center, 15, 5)
        inner = pygame.Rect(self.grid.left + PITCH - ox - 2, self.grid.top + PITCH - oy - 2,
                            (COLS - 2) * PITCH + 4, (ROWS - 2) * PITCH + 4)
        pygame.draw.rect(tray, (70, 80, 104), inner, 2, border_radius=10)
        self._static_key, self._static = key, tray
        return tray

    def _draw_stone(self, surface, kind, centre, size, lift=0) -> None:
        size = max(8, int(round(size / 6.0) * 6)) if size not in (STONE, HAND) else int(size)
        if lift:
            shade = paint.shadow(size, lift)
            surface.blit(shade, shade.get_rect(center=(centre[0] + lift * 0.6,
                                                      centre[1] + lift)))
        image = paint.scaled(kind, size, HAND if size > STONE else STONE)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_marks(self, surface) -> None:
        """Hint glow, the square under a dragged stone, the pointer's preview, the cursor."""
        kind = rules.current_stone(self.state)
        _, legal = self.facts()
        if self.hint_for is self.state and not self.over and kind is not None:
            rect = self.square_rect(*self.hint_square)
            surface.blit(paint.ghost(kind, STONE), paint.ghost(kind, STONE).get_rect(
                center=rect.center))
            swell = 2 + int(6 * glow(self.glow))
            pygame.draw.rect(surface, ui.GOOD, rect.inflate(swell, swell), 6, border_radius=14)
        if self.over or kind is None:
            return
        if self.drag is not None:
            under = self.square_at(self.drag["pos"])
            if under is not None:
                self._mark_target(surface, under, legal)
            return
        keyboard = self.app.input.last_device != act.MOUSE
        if keyboard:
            rect = self.square_rect(*self.cursor)
            if self.held:
                self._mark_target(surface, self.cursor, legal)
            else:
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(4, 4), 6, border_radius=14)
        elif self.hover is not None and self.state.board[self.hover[0] * COLS + self.hover[1]] \
                == EMPTY and self.app.top is self:
            rect = self.square_rect(*self.hover)
            ghost = paint.ghost(kind, STONE, 70)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            pygame.draw.rect(surface, ui.TEXT, rect.inflate(-2, -2), 3, border_radius=12)

    def _mark_target(self, surface, square, legal) -> None:
        """The square a carried stone would land on: amber; with the assist, green where the
        stone may go and red where it may not."""
        rect = self.square_rect(*square)
        colour = ui.ACCENT
        if self.assist:
            colour = ui.GOOD if square in legal else ui.BAD
        pygame.draw.rect(surface, colour, rect.inflate(14, 14), 7, border_radius=18)

    def _draw_carried(self, surface) -> None:
        kind = rules.current_stone(self.state)
        if kind is None or self.over:
            return
        if self.drag is not None:
            self._draw_stone(surface, kind, self.dragged_centre(), STONE + 6, lift=16)
        elif self.held:
            centre = self.carried_centre()
            if self.shake is not None and not self.shake.done:
                centre = (centre[0] + 10 * math.sin(self.shake.time * 45) * (1 - self.shake.value),
                          centre[1])
            size = STONE + 6
            if self.carry is not None and not self.carry[0].done:
                size = self.carry[2] + (STONE + 6 - self.carry[2]) * self.carry[0].value
            self._draw_stone(surface, kind, centre, size, lift=14)

    def _draw_celebration(self, surface) -> None:
        tween, square, bonus, passage = self.celebration
        t = max(0.0, tween.time) / tween.duration
        if self._flash is None:
            self._flash = pygame.Surface(self.grid.size)
            self._flash.fill(FLASH)
        flash = max(0.0, 1 - t * 3.5)
        if flash > 0:
            self._flash.set_alpha(int(110 * flash))
            surface.blit(self._flash, self.grid.topleft)
        row, col = divmod(square, COLS)
        centre = self.square_centre(row, col)
        for n in rules.NEIGHBOURS[square]:
            rect = self.square_rect(*divmod(n, COLS))
            if t < 0.8:
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(2, 2), 5, border_radius=14)
        for k in range(2):
            s = t * 1.3 - k * 0.18
            if 0 < s < 1:
                radius = PITCH * (0.5 + 2.4 * ease_out_cubic(s))
                pygame.draw.circle(surface, ui.ACCENT if k == 0 else FLASH, centre, radius,
                                   max(2, int(10 * (1 - s))))
        rise = 40 + 70 * ease_out_cubic(min(1.0, t * 1.6))
        words = "4-way!" if not bonus else f"4-way!  +{bonus}"
        spot = (min(max(centre[0], self.grid.left + 170), self.grid.right - 170), centre[1] - rise)
        image = ui.assets.text(words, ui.HEADING + 8, ui.ACCENT, True)
        pill = image.get_rect(center=spot).inflate(44, 20)
        ui.panel(surface, pill, ui.BG_DEEP, radius=pill.height // 2, border=ui.ACCENT, width=3)
        surface.blit(image, image.get_rect(center=spot))

    # --- the side panel -------------------------------------------------------------------
    def _draw_panel(self, surface) -> None:
        """The hand and the panel's text, painted again only when something on it changes;
        the stone in the hand is drawn on top (it moves)."""
        device = self.app.input.last_device
        key = (self.state, device, self.question, self.best, self.over, self.assist,
               self.hints, self.assist_used)
        if self._panel_key != key:
            picture = pygame.Surface(self.panel.size)
            picture.fill(ui.BG)
            self._paint_panel(picture, picture.get_rect())
            self._panel_key, self._panel = key, picture
        surface.blit(self._panel, self.panel.topleft)
        kind = rules.current_stone(self.state)
        if kind is None or self.drag is not None or self.held:
            return
        if any(not f.done and f.square is None for f in self.flights):
            return   # the stone is on its way back to the hand
        size = HAND
        if self.hand_pop is not None and not self.hand_pop.done:
            size = max(12, int(HAND * (0.3 + 0.7 * self.hand_pop.value)))
        self._draw_stone(surface, kind, self.hand_centre, size)
        if self.over:
            cross = self.hand_rect.inflate(-40, -40)
            pygame.draw.line(surface, ui.BAD, cross.topleft, cross.bottomright, 8)
            pygame.draw.line(surface, ui.BAD, cross.bottomleft, cross.topright, 8)

    def _paint_panel(self, surface, box) -> None:
        state = self.state
        kind = rules.current_stone(state)
        ox, oy = self.panel.left, self.panel.top
        hand = self.hand_rect.move(-ox, -oy)
        ui.panel(surface, hand, ui.BG_DEEP, radius=22, border=ui.LINE, width=2)
        x = hand.right + 30
        ui.label(surface, "Next stone", (x, hand.top), ui.SMALL, ui.MUTED)
        if kind is not None:
            colour_name, symbol_name = paint.name(kind).split()
            ui.label(surface, colour_name.capitalize(), (x, hand.top + 30), ui.HEADING, ui.TEXT,
                     bold=True)
            ui.label(surface, symbol_name, (x, hand.top + 78), ui.BODY, ui.TEXT)
        else:
            ui.label(surface, "The pouch is empty", (x, hand.top + 30), ui.BODY, ui.GOOD, bold=True)
        left = rules.stones_left(state)
        ui.label(surface, f"{left} stone{'s' if left != 1 else ''} to place", (x, hand.top + 118),
                 ui.SMALL, ui.MUTED)
        bar = pygame.Rect(x, hand.bottom - 16, box.right - x, 16)
        pygame.draw.rect(surface, ui.PANEL, bar, border_radius=8)
        done = rules.POUCH_SIZE - min(left, rules.POUCH_SIZE)
        if done:
            pygame.draw.rect(surface, ui.GOOD, (bar.x, bar.y, max(16, bar.width * done //
                                                                  rules.POUCH_SIZE), bar.height),
                             border_radius=8)
        y = hand.bottom + 20
        if not (self.over and self.oracle_on and self.question):   # at the end, the answer
            y = self._paint_rules(surface, pygame.Rect(box.left, y, box.width, 250))
        foot = box.bottom - 62
        if self.oracle_on and self.question:
            self._paint_oracle(surface, pygame.Rect(box.left, y + 16, box.width, foot - y - 24))
        else:
            self._paint_pouch(surface, pygame.Rect(box.left, y + 16, box.width, foot - y - 24))
        ui.paragraph(surface, self.controls_text(), pygame.Rect(box.left, foot, box.width, 70),
                     ui.SMALL, ui.MUTED, spacing=1.25)

    def _paint_rules(self, surface, rect) -> int:
        """The rule set in brief, in a box; returns the y below it."""
        original = self.state.params.rule == "original"
        heading = "Original rules" if original else "Standard rules"
        if original:
            lines = ("1 neighbour: colour or symbol", "2: one colour, one symbol",
                     "3: two of one, one of the other", "4: two colours and two symbols",
                     "Outer ring 0; x2 after each 4-way")
        else:
            lines = ("Match every neighbour by colour", "or by symbol. 1, 2, 4 or 8 points",
                     "for 1, 2, 3 or 4 neighbours.")
        box = pygame.Rect(rect.left, rect.top, rect.width, 14 + 42 + 32 * len(lines) + 12)
        ui.panel(surface, box, ui.PANEL, radius=16)
        x, y = box.left + 22, box.top + 14
        ui.label(surface, heading, (x, y), ui.BODY, ui.ACCENT, bold=True)
        for line in lines:
            y += 32 if y > box.top + 14 else 42
            ui.label(surface, line, (x, y), ui.SMALL, ui.TEXT)
        return box.bottom

    def _paint_oracle(self, surface, rect) -> None:
        ui.label(surface, "The Oracle", rect.topleft, ui.BODY, ui.ACCENT, bold=True)
        y = ui.paragraph(surface, f"\u201c{self.question}\u201d", pygame.Rect(
            rect.left, rect.top + 44, rect.width, 100), ui.SMALL, ui.MUTED, spacing=1.25) + 10
        passages = oracle.revealed(self.question, self.state.fourways)
        total = len(oracle.answer(self.question))
        if not passages:
            ui.paragraph(surface, "Make a 4-way to hear the first words of the answer.",
                         pygame.Rect(rect.left, y, rect.width, 100), ui.SMALL, ui.TEXT,
                         spacing=1.25)
            return
        # The newest passages that fit, newest last.
        room = rect.bottom - y - 34
        chosen, height = [], 0
        for passage in reversed(passages):
            lines = ui.assets.wrap(passage, ui.SMALL, rect.width - 20)
            need = len(lines) * 31 + 12
            if height + need > room:
                break
            chosen.insert(0, lines)
            height += need
        for n, lines in enumerate(chosen):
            newest = n == len(chosen) - 1
            for line in lines:
                ui.label(surface, line, (rect.left + 20, y), ui.SMALL,
                         ui.TEXT if newest else ui.MUTED)
                y += 31
            pygame.draw.line(surface, ui.ACCENT if newest else ui.LINE,
                             (rect.left, y - len(lines) * 31), (rect.left, y - 6), 4)
            y += 12
        note = f"{len(passages)} of {total} passages revealed"
        if len(chosen) < len(passages):
            note += f" ({len(passages) - len(chosen)} earlier not shown)"
        ui.label(surface, note, (rect.left, rect.bottom - 28), ui.SMALL, ui.MUTED)

    def _paint_pouch(self, surface, rect) -> None:
        """Every kind of stone still to come after the next one: two left in full, one left
        faint, none left an empty socket (what a careful player counts for themselves)."""
        ui.label(surface, "Still to come", rect.topleft, ui.BODY, ui.ACCENT, bold=True)
        coming = [0] * rules.KINDS
        for kind in self.state.pouch[self.state.placed + 1:]:
            coming[kind] += 1
        top = rect.top + 44
        pitch = min(47, (rect.bottom - top) // 6)
        size = pitch - 10
        for kind in range(rules.KINDS):
            row, col = divmod(kind, 6)
            spot = pygame.Rect(rect.left + col * pitch, top + row * pitch + 4, size, size)
            self._paint_count(surface, kind, coming[kind], spot)
        x = rect.left + 6 * pitch + 34
        y = top + 4
        for count, words in ((2, "two to come"), (1, "one to come"), (0, "none left")):
            spot = pygame.Rect(x, y, size, size)
            self._paint_count(surface, 21, count, spot)
            ui.label(surface, words, (x + size + 20, spot.centery), ui.SMALL, ui.MUTED,
                     anchor="midleft")
            y += pitch + 6
        ui.paragraph(surface, "Rows are colours, columns symbols.",
                     pygame.Rect(x, y + 6, rect.right - x, 100), ui.SMALL, ui.MUTED, spacing=1.25)

    @staticmethod
    def _paint_count(surface, kind, count, spot) -> None:
        """Two to come: a stack of two; one: a single stone; none: an empty socket."""
        if count == 0:
            pygame.draw.rect(surface, ui.PANEL, spot.inflate(-4, -4), 2, border_radius=8)
            return
        image = paint.stone(kind, spot.width)
        if count == 2:
            surface.blit(image, spot.move(5, -5))
        surface.blit(image, spot)

    def controls_text(self) -> str:
        device = self.app.input.last_device
        if device == act.PAD:
            return "D-pad moves; A picks up and puts down; B puts back; X assist; Y hint."
        if device == act.KEYBOARD:
            return "Arrows move; Enter picks up and puts down; Esc puts back; A assist; H hint."
        return "Drag the stone onto a square, or click a square. Right-click: assist."


def help_words(assist: bool, hints: int) -> str:
    used = (["assist"] if assist else []) + ([f"{hints} hint{'s' if hints != 1 else ''}"]
                                             if hints else [])
    return " and ".join(used)


def help_text(assist: bool, hints: int) -> str:
    if not assist and not hints:
        return "none"
    if assist and hints:
        return f"Assist+{hints}"
    return "Assist" if assist else f"{hints} hint{'s' if hints != 1 else ''}"


# --- the Oracle's question ----------------------------------------------------------------

class Key(ui.Button):
    """A key of the on-screen letter grid."""

    def __init__(self, rect, words, on_click):
        super().__init__(rect, words, on_click, size=ui.BODY)


class QuestionScene(Scene):
    """Before an original-rules game: the player writes a question for the Oracle. Typed on
    the keyboard (text input, Backspace), spelled on the letter grid with the mouse or the
    gamepad (X deletes, Y types a space, Start asks), or chosen from ready-made questions."""
    opaque = False
    ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ',.?")

    def __init__(self, app, game: IshidoScene):
        super().__init__(app)
        self.game = game
        self.text = ""
        self.blink = 0.0
        self.pending_enter = False   # a keyboard Enter or Space: decided when the text arrives
        self.armed = False           # Esc once more plays without a question
        self.notice = ""
        width, height = app.size
        self.box = pygame.Rect(0, 0, 1700, 860)
        self.box.center = (width // 2, HUD_HEIGHT + (height - HUD_HEIGHT) // 2 - 20)
        self.field = pygame.Rect(self.box.left + 60, self.box.top + 170, self.box.width - 120, 90)
        widgets = []
        key, gap = 78, 10
        left, top = self.box.left + 60, self.field.bottom + 70
        for r, letters in enumerate(self.ROWS):
            for c, letter in enumerate(letters):
                rect = (left + c * (key + gap), top + r * (key + gap), key, key)
                widgets.append(Key(rect, letter, lambda ch=letter: self.type(ch.lower())))
        y = top + 3 * (key + gap)
        widgets.append(Key((left, y, 6 * key + 5 * gap, key), "Space", lambda: self.type(" ")))
        widgets.append(Key((left + 6 * (key + gap), y, 4 * key + 3 * gap, key), "Delete",
                           self.delete))
        self.first_key = 0
        qx = left + 10 * (key + gap) + 50
        qw = self.box.right - 60 - qx
        for n, words in enumerate(READY_QUESTIONS):
            widgets.append(ui.Button((qx, top + n * 74, qw, 62), words,
                                     lambda w=words: self.choose(w), size=ui.SMALL))
        bottom = self.box.bottom - 110
        self.ask_button = ui.Button((self.box.centerx - 530, bottom, 520, 80), "Ask the Oracle",
                                    self.ask)
        self.skip_button = ui.Button((self.box.centerx + 10, bottom, 520, 80),
                                     "Play without a question", self.skip)
        widgets += [self.ask_button, self.skip_button]
        self.menu = ui.Menu(widgets, 0)
        try:   # typed text arrives as TEXT actions (on by default on desktops; made sure)
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.field)
        except pygame.error:
            pass

    # --- editing ---------------------------------------------------------------------------
    def type(self, chars: str) -> None:
        chars = "".join(ch for ch in chars if ch.isprintable())
        if not self.text:
            chars = chars.lstrip()
            chars = chars[:1].upper() + chars[1:]
        room = MAX_QUESTION - len(self.text)
        if chars and room > 0:
            self.text += chars[:room]
            self.app.audio.play("tick")
        self.armed, self.notice = False, ""

    def delete(self) -> None:
        if self.text:
            self.text = self.text[:-1]
            self.app.audio.play("tick")
        self.armed = False

    def choose(self, words: str) -> None:
        self.text = words
        self.menu.focus = self.menu.widgets.index(self.ask_button)
        self.app.audio.play("select")

    def ask(self) -> None:
        question = clean_question(self.text)
        if not question:
            self.notice = "Write a question first, or play without one."
            self.app.audio.play("wrong")
            return
        self.game.set_question(question)
        self.app.audio.play("hint")
        self.app.pop(self)

    def skip(self) -> None:
        self.game.set_question("")
        self.app.pop(self)

    # --- input -----------------------------------------------------------------------------
    def handle(self, action) -> None:
        kind, device = action.kind, action.device
        if kind == act.TEXT:
            if self.pending_enter and action.value == " ":
                self.pending_enter = False      # the Space key: a space, not a press
            self.type(str(action.value or ""))
            self.menu.focus = self.menu.widgets.index(self.ask_button)
            return
        if kind == act.CLEAR or (kind == act.ALT and device == act.PAD):
            self.delete()
            return
        if kind == act.CANCEL:
            if self.text and not self.armed:
                self.armed = True
                self.notice = "Press again to play without a question."
                return
            self.skip()
            return
        if device == act.KEYBOARD and kind == act.CONFIRM:
            self.pending_enter = True
            return
        if device == act.PAD and kind == act.HINT:
            self.type(" ")
            return
        if device == act.PAD and kind == act.MENU:
            self.ask()
            return
        if device == act.KEYBOARD and kind not in (act.MOVE, act.NEXT, act.PREV):
            return   # letters also arrive as TEXT; their shortcuts mean nothing here
        if kind in (act.POINT, act.PRESS, act.MOVE, act.NEXT, act.PREV, act.CONFIRM):
            self.menu.handle(action)

    def next_change(self) -> float:
        return 0.5 - self.blink % 0.5    # the caret blinks twice a second

    def update(self, dt: float) -> None:
        self.blink += dt
        if self.pending_enter:
            self.pending_enter = False
            self.menu.widgets[self.menu.focus].activate()

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(ui.shade(self.app.size, (10, 12, 18, 215)), (0, 0))
        box = self.box
        ui.panel(surface, box, ui.PANEL, border=ui.ACCENT)
        ui.label(surface, "Ask the Oracle", (box.left + 60, box.top + 36), ui.TITLE - 8, ui.TEXT,
                 bold=True)
        ui.label(surface, "Write a question. Each 4-way you make reveals a passage of the answer.",
                 (box.left + 62, box.top + 112), ui.BODY, ui.MUTED)
        ui.panel(surface, self.field, ui.BG_DEEP, radius=14, border=ui.LINE, width=2)
        inner = self.field.inflate(-40, 0)
        if self.text:
            image = ui.assets.text(self.text, ui.BODY + 4, ui.TEXT)
            shown = image.get_rect(midleft=inner.midleft)
            if shown.width > inner.width:   # the end of a long question stays in view
                shown.right = inner.right - 10
            clip = surface.get_clip()
            surface.set_clip(inner)
            surface.blit(image, shown)
            surface.set_clip(clip)
            caret_x = min(shown.right + 4, inner.right - 4)
        else:
            ui.label(surface, "Type your question, or spell it below...", inner.midleft,
                     ui.BODY + 4, ui.MUTED, anchor="midleft")
            caret_x = inner.left
        if int(self.blink * 2) % 2 == 0:
            pygame.draw.line(surface, ui.ACCENT, (caret_x, inner.top + 20), (caret_x,
                             inner.bottom - 20), 3)
        ui.label(surface, f"{len(self.text)} / {MAX_QUESTION}",
                 (self.field.right, self.field.bottom + 8), ui.SMALL, ui.MUTED, anchor="topright")
        first_ready = self.menu.widgets[len(self.menu.widgets) - 2 - len(READY_QUESTIONS)]
        ui.label(surface, "Or choose a question:",
                 (first_ready.rect.left, first_ready.rect.top - 44), ui.SMALL, ui.MUTED)
        ui.label(surface, "Spell it:", (self.box.left + 60, self.field.bottom + 26), ui.SMALL,
                 ui.MUTED)
        self.menu.draw(surface)
        device = self.app.input.last_device
        words = self.notice or {
            act.PAD: "D-pad and A pick letters; X deletes; Y adds a space; Start asks; B skips.",
            act.KEYBOARD: "Type, Backspace deletes, Enter asks, Esc plays without a question.",
        }.get(device, "Click letters or a ready-made question, then Ask.")
        ui.label(surface, words, (box.centerx, box.bottom - 140), ui.SMALL,
                 ui.ACCENT if self.notice else ui.MUTED, anchor="midbottom")



SCENE = IshidoScene
