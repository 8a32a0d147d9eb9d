"""Ishido on screen: the 12 x 8 board, the next stone in a hand slot beside it, the rules in
brief, the Oracle's answer (original rules) or the best scores, and a HUD with the score and
the count of 4-ways.

Mouse: drag the stone from the hand onto a square (it settles there, or slides back with the
reason if the square is not allowed), or click a square to place it there. Keyboard and
gamepad: move the cursor, pick the stone up (Enter / A), carry it, put it down (Enter / A);
Esc / B puts it back. X (or A on the keyboard, or the Assist button) marks every legal square,
counted as help; H / Y shows one good square.

Before an original-rules game with the Oracle on, the core's QuestionScene asks for a question:
typed on the keyboard, spelled on an on-screen letter grid with the mouse or gamepad, or chosen
from ready-made ones. It lives in play_options (saved with the game), and each 4-way reveals one
more passage of the answer (games/ishido/oracle.py).
"""
from __future__ import annotations

import pygame

from games.core.data import records
from games.core.kit.actions import Act, Device
from games.core.kit.rules_api import Outcome
from games.core.kit.session import Change
from games.core.loop.tween import (
    GLOW_SECONDS,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from games.core.screens import ui
from games.core.screens.cache import Layer
from games.core.screens.drag import Drag
from games.core.screens.game_scene import GameScene
from games.core.screens.question import QuestionScene, QuestionWords
from games.ishido import ai, oracle, rules
from games.ishido.rules import COLS, EMPTY, ROWS, SQUARES
from games.ishido.view import HAND, PITCH, STONE, IshidoView

FLIGHT_SECONDS = 0.28       # a stone travelling between the hand and the board
SETTLE_SECONDS = 0.14       # a dropped stone settling into its square
RETURN_SECONDS = 0.24       # a refused stone sliding back to the hand
CELEBRATE_SECONDS = 1.4     # a 4-way's flash and rings
MAX_QUESTION = 80


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


class IshidoScene(IshidoView, GameScene):
    result_pause = 0.7          # a look at the last move before the result screen

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.play_options = clean_play_options(self.play_options)
        if self.assist:    # chosen on the setup screen, or on when the game was saved
            self.session.record["assist"] = 1
        self.layout()
        self.cursor = (3, 6)
        self.hover = None
        self.drag: Drag | None = None   # the stone in the mouse's hand
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
        self.panel_layer = Layer(ui.BG)     # the side panel, repainted when it changes
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
        if kind == Act.POINT:
            if self.drag is not None:
                self.drag.follow(action.pos)
            else:
                self.hover = self.square_at(action.pos)
            return
        if self.over:
            if kind == Act.MOVE:
                self.move_cursor(action.dx, action.dy)
            return
        if kind == Act.PRESS:
            self.press(action.pos, action.alt)
        elif kind == Act.RELEASE:
            self.release(action.pos)
        elif kind == Act.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif kind == Act.CONFIRM:
            self.use_cursor()
        elif kind == Act.ALT or (kind == Act.KEY and action.value == "a"):
            self.toggle_assist()
        elif kind in (Act.NEXT, Act.PREV):
            self.jump(1 if kind == Act.NEXT else -1)

    def press(self, pos, alt: bool) -> None:
        if alt:
            self.toggle_assist()
            return
        self.pressed_square = None
        centre = self.hand_centre
        if self.hand_rect.collidepoint(pos):
            self.held = False
            self.drag = Drag("stone", pos, centre)
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
        pos, grab = self.drag.pos, self.drag.grab     # the stone shrinks from hand size
        return (pos[0] - grab[0] * STONE / HAND - 6, pos[1] - grab[1] * STONE / HAND - 8)

    def drop(self, pos) -> None:
        self.drag.follow(pos)
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
        if target != self.cursor and self.held and self.animations_on():
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
        if kind is None or not self.animations_on():
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
        if not self.animations_on():
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
                self.app.push(QuestionScene(self.app, ORACLE_QUESTION, READY_QUESTIONS,
                                            MAX_QUESTION, clean_question, self.set_question))
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

    def ranked(self) -> bool:
        """Every finished game counts (Ishido's score matters however it ends); help is noted
        beside the score."""
        return True

    def record_result(self):
        rank = super().record_result()
        self.best = self._load_best()
        return rank

    def result_title(self) -> str:
        return "Every stone placed!" if self.session.status.outcome == Outcome.WON else \
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
        self.pretend_device(Device.MOUSE)
        legal = sorted(self.facts()[1]) or [(3, 6)]
        target = self.square_centre(*legal[len(legal) // 2])
        self.drag = Drag("stone", (target[0] + 12, target[1] + 9), (target[0] + 2, target[1] - 1))

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


ORACLE_QUESTION = QuestionWords(
    title="Ask the Oracle",
    lead="Write a question. Each 4-way you make reveals a passage of the answer.",
    placeholder="Type your question, or spell it below...",
    choose="Or choose a question:",
    ask="Ask the Oracle",
    skip="Play without a question",
    empty="Write a question first, or play without one.",
    skip_again="Press again to play without a question.",
    pad="D-pad and A pick letters; X deletes; Y adds a space; Start asks; B skips.",
    keyboard="Type, Backspace deletes, Enter asks, Esc plays without a question.",
    mouse="Click letters or a ready-made question, then Ask.",
)


SCENE = IshidoScene
