"""Ishido on screen: the 12 x 8 board, the next stone in a hand slot beside it, the rules in
brief, the Oracle's answer (original rules) or the stones still to come, and a HUD with the
score and the count of 4-ways. What each click, drag and key means is controls.py's; the
board is drawn by view.py and the side panel by panel.py.

A stone dropped or put down where it may not go is refused with the rules' reason: dropped,
it slides back to the hand; put down with the keyboard or pad, it stays held and shakes. The
assist (X, A on the keyboard, the right button or the Assist button) marks every legal square,
counted as help; H / Y shows one good square.

Before an original-rules game with the Oracle on, the core's QuestionScene asks for a question:
typed on the keyboard, spelled on an on-screen letter grid with the mouse or gamepad, or chosen
from ready-made ones. It lives in play_options (saved with the game), and each 4-way reveals one
more passage of the answer (games/ishido/oracle.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import cast

import pygame

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.results import plural
from games.core.kit.rules_api import Outcome, Status
from games.core.kit.session import Change, Session
from games.core.loop.app import App
from games.core.loop.tween import (
    GLOW_SECONDS,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Drag
from games.core.screens.game_scene import GameScene
from games.core.screens.question import QuestionScene, QuestionWords
from games.core.screens.ui import BG
from games.ishido import ai, controls, oracle, rules
from games.ishido.controls import Square, Ui
from games.ishido.panel import IshidoPanel, PanelFacts
from games.ishido.rules import COLS, EMPTY, SQUARES, Breakdown, Move, State
from games.ishido.view import (
    HAND,
    STONE,
    Carry,
    Celebration,
    Flight,
    IshidoLayout,
    IshidoView,
    Motion,
    Point,
    Shown,
    dragged_centre,
)

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

def clean_question(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    return " ".join("".join(ch for ch in text if ch.isprintable()).split())[:MAX_QUESTION]


def clean_play_options(options: dict[str, object]) -> dict[str, object]:
    clean: dict[str, object] = {}
    for key in ("oracle", "assist"):
        clean[key] = options.get(key) is True
    question = clean_question(options.get("question"))
    if question is not None:
        clean["question"] = question
    return clean


class IshidoScene(GameScene):
    result_pause = 0.7          # a look at the last move before the result screen

    def __init__(self, app: App, session: Session,
                 play_options: dict[str, object] | None = None) -> None:
        super().__init__(app, session, play_options)
        self.play_options = clean_play_options(self.play_options)
        if self.assist:    # chosen on the setup screen, or on when the game was saved
            self.session.record["assist"] = 1
        self.ui = Ui(controls.home())
        self.view = IshidoView(IshidoLayout(self.board_rect, app.size[0]))
        self.layout = self.view.layout      # where things are: input and the pose need it too
        self.panel = IshidoPanel(self.layout.panel, self.layout.hand_rect)
        self.backdrop = Backdrop(BG)
        self.motion = Motion()
        self.drag: Drag | None = None   # the pixels of the stone in the mouse's hand
        self.settle = False         # the next placement settles from nearby (a drop)
        self.launch_from: tuple[Point, float] | None = None   # ... from (centre, size)
        self.lit: tuple[State, Square] | None = None   # the hint's square, on its position
        self.glow = 0.0             # seconds since the hint lit (its pulse)
        self.asked = False          # the question screen was shown (or is not needed)
        self._memo_state: State | None = None
        self._memo: tuple[Breakdown, frozenset[Square]] | None = None
        self._status_state: State | None = None
        self._status: Status | None = None
        self.best = self._load_best()

    @property
    def state(self) -> State:
        return cast(State, self.session.state)

    # --- options kept with the game -------------------------------------------------------
    @property
    def oracle_on(self) -> bool:
        return self.play_options["oracle"] is True and self.state.params.rule == "original"

    @property
    def question(self) -> str:
        return str(self.play_options.get("question") or "")

    @property
    def assist(self) -> bool:
        return self.play_options["assist"] is True

    @property
    def assist_used(self) -> bool:
        """The assist was on at some time this game: in the record, which undo never clears."""
        return self.session.count("assist") > 0

    @property
    def help_used(self) -> bool:
        return self.assist_used or self.hints > 0

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
    def facts(self) -> tuple[Breakdown, frozenset[Square]]:
        """(breakdown, legal squares) of the current state, cached per state."""
        state = self.state
        if self._memo is None or self._memo_state is not state:
            self._memo_state = state
            self._memo = (rules.breakdown(state), frozenset(rules.legal_squares(state)))
        return self._memo

    @property
    def over(self) -> bool:
        """The game's status, worked out once per state (the loop asks several times a
        frame, and each answer searches the board)."""
        return self.status().over

    def status(self) -> Status:
        state = self.state
        if self._status is None or self._status_state is not state:
            self._status_state, self._status = state, rules.status(state)
        return self._status

    def status_line(self) -> str:
        status = self.status()
        return status.reason if status.over else ""

    def _load_best(self) -> int | None:
        rows = self.best_entries()
        score = rows[0].get("score") if rows else None
        return int(score) if isinstance(score, (int, float)) else None

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action: Action) -> None:
        kind = action.kind
        if kind == Act.POINT and self.drag is not None:
            self.drag.follow(action.pos)            # pixel motion: the scene's Drag
            return
        dropped = self.drag if kind == Act.RELEASE else None   # the mouse lets go of it
        launch = None                               # where a placement would fly from
        if dropped is not None:
            dropped.follow(action.pos)
            launch = (dragged_centre(dropped), float(STONE))
        elif kind == Act.CONFIRM and self.ui.held:
            launch = (self.layout.carried_centre(self.ui.cursor, self.motion.carry),
                      float(STONE))
        target = self.layout.target_at(action.pos) if kind in POINTER else None
        answer = controls.interpret(self.state, self.ui, action, target)
        placed = False
        if isinstance(answer, Play):
            placed = self.place(answer.move, launch)
            if placed:
                self.look(answer.ui, action.pos)
        elif isinstance(answer, Look):
            self.look(answer.ui, action.pos)
        elif isinstance(answer, Refuse):
            self.refuse(answer.reason)
            if kind == Act.CONFIRM:                 # put down where it may not go
                self.motion.shake = self.tweens.add(Tween(0.35, linear))
        elif answer is controls.Verb.ASSIST:
            self.toggle_assist()
        if dropped is not None and not placed:
            self.let_go(dragged_centre(dropped))

    def look(self, ui: Ui, pointer: tuple[int, int] | None) -> None:
        """Take the UI state an action led to: a stone picked up is lifted, a held stone
        glides to the cursor, the mouse's stone follows the pointer."""
        old, self.ui = self.ui, ui
        if ui.dragging and not old.dragging and pointer is not None:
            self.drag = Drag("stone", pointer, self.layout.hand_centre)
            self.app.audio.play("select")
        elif not ui.dragging:
            self.drag = None
        if ui.held and not old.held:
            self.motion.carry = Carry(self.tweens.add(Tween(0.16, ease_out_cubic)),
                                      self.layout.hand_centre, HAND)
            self.app.audio.play("select")
        elif ui.held and ui.cursor != old.cursor and self.animations_on():
            start = self.layout.carried_centre(old.cursor, self.motion.carry)
            self.motion.carry = Carry(self.tweens.add(Tween(0.09, ease_out_cubic)), start,
                                      STONE + 6)

    def let_go(self, centre: Point) -> None:
        """The mouse let go of the stone and it was not placed: it slides back home."""
        self.drag = None
        self.ui = replace(self.ui, dragging=False)
        self.slide_back(centre, STONE)

    def cancel(self) -> bool:
        if self.drag is not None:
            self.let_go(dragged_centre(self.drag))
            return True
        if self.ui.held:
            centre = self.layout.carried_centre(self.ui.cursor, self.motion.carry)
            self.ui = replace(self.ui, held=False)
            self.slide_back(centre, STONE)
            return True
        return False

    # --- moves ----------------------------------------------------------------------------
    def place(self, move: Move, launch: tuple[Point, float] | None) -> bool:
        """Play a placement, its stone flying in from `launch` (centre, size) if given, else
        from the hand; False if the session refused it (said why)."""
        self.launch_from, self.settle = launch, launch is not None
        try:
            return self.play(move) is not None
        finally:
            self.launch_from, self.settle = None, False

    def slide_back(self, centre: Point, size: float) -> None:
        kind = rules.current_stone(self.state)
        if kind is None or not self.animations_on():
            return
        tween = self.tweens.add(Tween(RETURN_SECONDS, ease_in_out_cubic))
        self.motion.flights.append(Flight(tween, kind, centre, self.layout.hand_centre, size,
                                          HAND))

    def interrupt(self) -> None:
        self.drop_hold()

    def drop_hold(self) -> None:
        self.drag = None
        self.ui = replace(self.ui, held=False, dragging=False)

    def lit_square(self) -> Square | None:
        """The square the last hint lit, while the position is still the one it was for."""
        return self.lit[1] if self.lit is not None and self.lit[0] is self.state else None

    def hint(self) -> None:
        lit = self.lit_square()
        if lit is not None:
            self.ui = replace(self.ui, cursor=lit)
            self.say("Try the glowing square.")
            return
        move = ai.hint(self.state)
        if move is None:
            return
        self.lit = (self.state, (move.row, move.col))
        self.ui = replace(self.ui, cursor=(move.row, move.col))
        self.count_hint()
        self.glow = 0.0
        self.app.audio.play("hint")
        self.say("Try the glowing square (hints are noted as help).")

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change) -> None:
        """Stones that appear fly in from the hand (or from where they were dropped); stones
        that vanish (undo, restart) fly back to the hand. A new 4-way flashes."""
        old, new = cast(State, change.old), cast(State, change.new)
        move = cast(Move | None, change.move)
        forward = change.direction > 0
        appeared = [s for s in range(SQUARES) if old.board[s] == EMPTY and new.board[s] != EMPTY]
        vanished = [s for s in range(SQUARES) if old.board[s] != EMPTY and new.board[s] == EMPTY]
        self.motion = Motion(shake=self.motion.shake)
        if appeared and forward and move is not None:
            self.app.audio.play("place")
        fourway = forward and move is not None and new.fourways > old.fourways
        passage = None
        if fourway:
            self.app.audio.play("flash")
            answer = oracle.answer(self.question) if self.oracle_on and self.question else []
            if new.fourways <= len(answer):
                passage = new.fourways - 1
                self.say(f"The Oracle: {answer[passage]}")
        if not self.animations_on():
            return
        layout = self.layout
        launch = self.launch_from or (layout.hand_centre, HAND)
        seconds = SETTLE_SECONDS if self.settle else FLIGHT_SECONDS
        for n, square in enumerate(appeared):
            tween = self.tweens.add(Tween(seconds, ease_out_cubic, delay=min(0.5, 0.012 * n)))
            self.motion.flights.append(Flight(
                tween, new.board[square], launch[0], layout.square_centre(*divmod(square, COLS)),
                launch[1], STONE, square))
        for n, square in enumerate(sorted(vanished, reverse=True)):
            tween = self.tweens.add(Tween(FLIGHT_SECONDS, ease_in_out_cubic,
                                          delay=min(0.5, 0.012 * n)))
            self.motion.flights.append(Flight(
                tween, old.board[square], layout.square_centre(*divmod(square, COLS)),
                layout.hand_centre, STONE, HAND))
        if new.placed != old.placed and rules.current_stone(new) is not None and \
                (forward or not vanished):
            self.motion.hand_pop = self.tweens.add(Tween(0.3, ease_out_back, delay=0.1))
        if fourway and move is not None:
            bonus = rules.fourway_bonus(new.fourways) if new.params.rule == "original" else 0
            self.motion.celebration = Celebration(
                self.tweens.add(Tween(CELEBRATE_SECONDS, linear)), move.row * COLS + move.col,
                bonus, passage)

    def lesson_spot(self, square: Square) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a square."""
        return self.layout.square_rect(*square).inflate(10, 10)

    def shown(self) -> Shown:
        return Shown(self.facts()[1], self.over, self.assist, self.lit_square(), self.glow,
                     self.show_cursor(), self.app.top is self)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The board at rest and the side panel: one picture, painted again as they change."""
        state = self.state
        self.backdrop.show(surface, [
            self.view.still_part(state, self.motion, self.shown()),
            self.panel.still_part(PanelFacts(state, self.over, self.oracle_on, self.question,
                                             self.device))])

    def draw_board(self, surface: pygame.Surface) -> None:
        self.view.draw_moving(surface, self.state, self.ui, self.motion, self.drag, self.shown())

    # --- the clock ------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.glow += dt
        if not self.asked:
            self.asked = True
            if self.oracle_on and "question" not in self.play_options and self.state.placed == 0:
                self.app.push(QuestionScene(self.app, ORACLE_QUESTION, READY_QUESTIONS,
                                            MAX_QUESTION, clean_question, self.set_question))
                return
        if self.motion.flights and all(f.done for f in self.motion.flights):
            self.motion.flights = []

    def next_change(self) -> float | None:
        """The hint's glow beats for a while (see IshidoView)."""
        if self.lit_square() is not None and not self.over and self.glow < GLOW_SECONDS:
            return 0.0
        return super().next_change()

    def after_change(self, change: Change) -> None:
        if self.session.status.over and not self.reported:
            self.drop_hold()
        super().after_change(change)

    # --- HUD, result, best scores ---------------------------------------------------------
    def move_words(self, move: Move) -> str:
        return f"Placed a stone on row {move.row + 1}, column {move.col + 1}"

    def hud_fields(self) -> list[tuple[str, ...]]:
        breakdown, _ = self.facts()
        return [("Score", str(breakdown.total)), ("4-ways", str(self.state.fourways)),
                ("Stones left", str(rules.stones_left(self.state))),
                ("Help", help_text(self.assist_used, self.hints), "Assist+99"),
                ("Best", "-" if self.best is None else str(self.best))]

    def final_score(self) -> int:
        return rules.score(self.state)

    def score_text(self, score: int) -> str:
        text = f"{score}  ({self.state.fourways} 4-way{'s' if self.state.fourways != 1 else ''}"
        return text + (", help)" if self.help_used else ")")

    def ranked(self) -> bool:
        """Every finished game counts (Ishido's score matters however it ends); help is noted
        beside the score."""
        return True

    def record_result(self) -> int | None:
        rank: int | None = super().record_result()
        self.best = self._load_best()
        return rank

    def result_title(self) -> str:
        return "You won!" if self.session.status.outcome == Outcome.WON else "Out of room"

    def result_mood(self) -> str:
        """Every game of Ishido makes a score: running out of room is no defeat to mourn."""
        return "good" if self.session.status.outcome == Outcome.WON else "neutral"

    def result_facts(self) -> list[tuple[str, str]]:
        b = rules.breakdown(self.state)
        facts = [("Placing stones", plural(b.placement, "point")),
                 ("4-ways", str(b.fourways))]
        if self.state.params.rule != "standard":
            facts += [("4-way bonus", plural(b.fourway_bonus, "point")),
                      ("End bonus", f"{plural(b.end_bonus, 'point')} "
                                    f"({plural(b.stones_left, 'stone')} left)")]
        used = (["the assist"] if self.assist_used else []) + \
            ([plural(self.hints, "hint")] if self.hints else [])
        return facts + [("Help", " and ".join(used) or "none"), ("Score", str(b.total))]

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
