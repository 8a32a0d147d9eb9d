"""Ishido on screen: the 12 x 8 board, the next stone in a hand slot beside it, the rules in
brief, the Oracle's answer (original rules) or the stones still to come, and a HUD with the
score and the count of 4-ways. The board wires the parts to the frame (games/core/screens/
board.py): what each click, drag and key means is controls.py's, the core's Hand carries the
mouse's stone, view.py draws the board and panel.py the side panel.

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
from typing import Any, cast

import pygame

from games.core.kit.actions import POINTER, Act, Action
from games.core.kit.controls import Answer, Play, Refuse
from games.core.kit.results import plural
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
from games.core.screens.board import Board, Table
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Hand
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
THE_STONE = "stone"         # what the mouse carries: the next stone, from its slot


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


class IshidoBoard(Board):
    ui: Ui
    result_pause = 0.7          # a look at the last move before the result screen

    def __init__(self, table: Table) -> None:
        self.table = table
        options = table.play_options        # kept with the game: cleaned in place
        cleaned = clean_play_options(options)
        options.clear()
        options.update(cleaned)
        assist = options["assist"] is True
        if assist and table.session.count("assist") == 0:   # chosen on the setup screen
            table.note("assist")
        self.ui = Ui(controls.home(), assist=assist)
        self.view = IshidoView(IshidoLayout(table.board_rect, table.size[0]))
        self.layout = self.view.layout      # where things are: input and the pose need it too
        self.panel = IshidoPanel(self.layout.panel, self.layout.hand_rect)
        self.backdrop = Backdrop(BG)
        self.motion = Motion()
        self.hand: Hand[str] = Hand(table)  # the pixels of the stone in the mouse's hand
        # Where the stone the action being read would place flies in from (centre, size): a
        # drop settles from the pointer, a put-down from above the cursor; None: the hand.
        self.launch: tuple[Point, float] | None = None
        self.lit: tuple[State, Square] | None = None   # the hint's square, on its position
        self.glow = 0.0             # seconds since the hint lit (its pulse)
        self.asked = False          # the question screen was shown (or is not needed)
        self._memo_state: State | None = None
        self._memo: tuple[Breakdown, frozenset[Square]] | None = None
        self._best: tuple[bool, int | None] | None = None   # (recorded, best) when read

    @property
    def state(self) -> State:
        return cast(State, self.table.state)

    # --- options kept with the game -------------------------------------------------------
    @property
    def oracle_on(self) -> bool:
        return self.table.play_options["oracle"] is True and self.state.params.rule == "original"

    @property
    def question(self) -> str:
        return str(self.table.play_options.get("question") or "")

    @property
    def assist(self) -> bool:
        return self.ui.assist

    @property
    def assist_used(self) -> bool:
        """The assist was on at some time this game: in the record, which undo never clears."""
        return self.table.session.count("assist") > 0

    @property
    def help_used(self) -> bool:
        return self.assist_used or self.table.hints > 0

    def set_question(self, text: str) -> None:
        self.table.play_options["question"] = clean_question(text) or ""
        if self.question:
            self.table.say("The Oracle has heard you. Each 4-way reveals a passage of its answer.")

    def assist_turned(self, on: bool) -> None:
        """The assist was turned on or off: kept with the game, and noted as help when on."""
        self.table.play_options["assist"] = on
        if on:
            self.table.note("assist")
            self.table.say("Assist on: every square where the stone may go is marked (noted as "
                           "help).")
        else:
            self.table.say("Assist off.")
        self.table.sound("select")

    # --- derived from the state, worked out once per state --------------------------------
    def facts(self) -> tuple[Breakdown, frozenset[Square]]:
        """(breakdown, legal squares) of the current state, cached per state."""
        state = self.state
        if self._memo is None or self._memo_state is not state:
            self._memo_state = state
            self._memo = (rules.breakdown(state), frozenset(rules.legal_squares(state)))
        return self._memo

    def best(self) -> int | None:
        """The best score kept for these parameters: read as the board opens, and again
        once this game has been entered (it may be the best now)."""
        recorded = self.table.recorded
        if self._best is None or self._best[0] != recorded:
            rows = self.table.best_entries()
            score = rows[0].get("score") if rows else None
            self._best = (recorded, int(score) if isinstance(score, (int, float)) else None)
        return self._best[1]

    # --- input: controls.interpret decides, the frame carries it out ------------------------
    def read(self, action: Action) -> Answer:
        if self.hand.follow(action):        # the stone carried along: nothing else to read
            return None
        kind, drag = action.kind, self.hand.drag
        self.launch = None
        if kind == Act.RELEASE and drag is not None:       # the mouse lets go of it
            self.launch = (dragged_centre(drag), float(STONE))
        elif kind == Act.CONFIRM and self.ui.held:
            self.launch = (self.layout.carried_centre(self.ui.cursor, self.motion.carry),
                           float(STONE))
        target = self.layout.target_at(action.pos) if kind in POINTER else None
        answer = controls.interpret(self.state, self.ui, action, target)
        if answer is None:
            self.launch = None
        return answer

    def look(self, ui: Any, action: Action) -> None:
        self.launch = None
        self.take(ui, action.pos, home=True)

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        self.launch = None
        if change is not None:              # placed: whatever was carried is on the board
            self.take(answer.ui, action.pos, home=False)
        elif action.kind == Act.RELEASE:
            self.put_back()

    def refused(self, answer: Refuse, action: Action) -> None:
        """Put down where it may not go: a stone the mouse dropped slides back to the hand,
        one the keyboard or pad holds stays held, and shakes."""
        self.launch = None
        if action.kind == Act.CONFIRM:
            self.motion.shake = self.table.tweens.add(Tween(0.35, linear))
        elif action.kind == Act.RELEASE:
            self.put_back()

    def take(self, ui: Ui, pointer: tuple[int, int] | None, home: bool) -> None:
        """Take the UI state an action led to: a stone picked up is lifted, a held stone
        glides to the cursor, the mouse's stone follows the pointer; one the mouse lets go
        of slides back to the hand (`home`) unless it was placed."""
        old, self.ui = self.ui, ui
        if ui.assist != old.assist:
            self.assist_turned(ui.assist)
        if ui.dragging and not old.dragging and pointer is not None:
            self.hand.pick(THE_STONE, self.layout.hand_centre)
        elif not ui.dragging:
            drag = self.hand.let_go()
            if drag is not None and home:
                self.slide_back(dragged_centre(drag), STONE)
        if ui.held and not old.held:
            self.motion.carry = Carry(self.table.tweens.add(Tween(0.16, ease_out_cubic)),
                                      self.layout.hand_centre, HAND)
            self.table.sound("select")
        elif ui.held and ui.cursor != old.cursor and self.table.animations_on():
            start = self.layout.carried_centre(old.cursor, self.motion.carry)
            self.motion.carry = Carry(self.table.tweens.add(Tween(0.09, ease_out_cubic)),
                                      start, STONE + 6)

    def put_back(self) -> None:
        """The mouse let go of the stone and it was not placed: it slides back home."""
        self.take(replace(self.ui, dragging=False), None, home=True)

    def cancel(self) -> bool:
        if self.hand.drag is not None:
            self.put_back()
            return True
        if self.ui.held:
            centre = self.layout.carried_centre(self.ui.cursor, self.motion.carry)
            self.ui = replace(self.ui, held=False)
            self.slide_back(centre, STONE)
            return True
        return False

    def slide_back(self, centre: Point, size: float) -> None:
        kind = rules.current_stone(self.state)
        if kind is None or not self.table.animations_on():
            return
        tween = self.table.tweens.add(Tween(RETURN_SECONDS, ease_in_out_cubic))
        self.motion.flights.append(Flight(tween, kind, centre, self.layout.hand_centre, size,
                                          HAND))

    def interrupt(self) -> None:
        self.drop_held()

    def drop_held(self) -> None:
        self.hand.let_go()
        self.ui = replace(self.ui, held=False, dragging=False)

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        return None                         # animate's: a placement's, a 4-way's flash

    # --- help -----------------------------------------------------------------------------
    def lit_square(self) -> Square | None:
        """The square the last hint lit, while the position is still the one it was for."""
        return self.lit[1] if self.lit is not None and self.lit[0] is self.state else None

    def hint(self) -> None:
        lit = self.lit_square()
        if lit is not None:
            self.ui = replace(self.ui, cursor=lit)
            self.table.say("Try the glowing square.")
            return
        move = ai.hint(self.state)
        if move is None:
            return
        self.lit = (self.state, (move.row, move.col))
        self.ui = replace(self.ui, cursor=(move.row, move.col))
        self.table.count_hint()
        self.glow = 0.0
        self.table.sound("hint")
        self.table.say("Try the glowing square (hints are noted as help).")

    # --- animation ------------------------------------------------------------------------
    def animate(self, change: Change[Any, Any]) -> None:
        """Stones that appear fly in from the hand (or from where they were dropped); stones
        that vanish (undo, restart) fly back to the hand. A new 4-way flashes."""
        old, new = cast(State, change.old), cast(State, change.new)
        move = cast(Move | None, change.move)
        forward = change.direction > 0
        appeared = [s for s in range(SQUARES) if old.board[s] == EMPTY and new.board[s] != EMPTY]
        vanished = [s for s in range(SQUARES) if old.board[s] != EMPTY and new.board[s] == EMPTY]
        self.motion = Motion(shake=self.motion.shake)
        if appeared and forward and move is not None:
            self.table.sound("place")
        fourway = forward and move is not None and new.fourways > old.fourways
        passage = None
        if fourway:
            self.table.sound("flash")
            answer = oracle.answer(self.question) if self.oracle_on and self.question else []
            if new.fourways <= len(answer):
                passage = new.fourways - 1
                self.table.say(f"The Oracle: {answer[passage]}")
        if not self.table.animations_on():
            return
        layout, tweens = self.layout, self.table.tweens
        launch = self.launch or (layout.hand_centre, HAND)
        seconds = SETTLE_SECONDS if self.launch else FLIGHT_SECONDS
        for n, square in enumerate(appeared):
            tween = tweens.add(Tween(seconds, ease_out_cubic, delay=min(0.5, 0.012 * n)))
            self.motion.flights.append(Flight(
                tween, new.board[square], launch[0], layout.square_centre(*divmod(square, COLS)),
                launch[1], STONE, square))
        for n, square in enumerate(sorted(vanished, reverse=True)):
            tween = tweens.add(Tween(FLIGHT_SECONDS, ease_in_out_cubic,
                                     delay=min(0.5, 0.012 * n)))
            self.motion.flights.append(Flight(
                tween, old.board[square], layout.square_centre(*divmod(square, COLS)),
                layout.hand_centre, STONE, HAND))
        if new.placed != old.placed and rules.current_stone(new) is not None and \
                (forward or not vanished):
            self.motion.hand_pop = tweens.add(Tween(0.3, ease_out_back, delay=0.1))
        if fourway and move is not None:
            bonus = rules.fourway_bonus(new.fourways) if new.params.rule == "original" else 0
            self.motion.celebration = Celebration(
                tweens.add(Tween(CELEBRATE_SECONDS, linear)), move.row * COLS + move.col,
                bonus, passage)

    def changed(self, change: Change[Any, Any]) -> None:
        """The game has ended: nothing stays in hand over the last look at the board."""
        if self.table.over:
            self.drop_held()

    # --- drawing ----------------------------------------------------------------------------
    def lesson_spot(self, thing: Any) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a square."""
        row, col = cast(Square, thing)
        return self.layout.square_rect(row, col).inflate(10, 10)

    def shown(self) -> Shown:
        return Shown(self.facts()[1], self.table.over, self.assist, self.lit_square(), self.glow,
                     self.table.show_cursor(), self.table.on_top)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The board at rest and the side panel: one picture, painted again as they change."""
        state = self.state
        self.backdrop.show(surface, [
            self.view.still_part(state, self.motion, self.shown()),
            self.panel.still_part(PanelFacts(state, self.table.over, self.oracle_on,
                                             self.question, self.table.device))])

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw_moving(surface, self.state, self.ui, self.motion, self.hand.drag,
                              self.shown())

    # --- time -----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.glow += dt
        if not self.asked:
            self.asked = True
            if self.oracle_on and "question" not in self.table.play_options and \
                    self.state.placed == 0:
                self.table.open_over(lambda app: QuestionScene(
                    app, ORACLE_QUESTION, READY_QUESTIONS, MAX_QUESTION, clean_question,
                    self.set_question))
                return
        if self.motion.flights and all(f.done for f in self.motion.flights):
            self.motion.flights = []

    def next_change(self) -> float | None:
        """The hint's glow beats for a while (see IshidoView)."""
        if self.lit_square() is not None and not self.table.over and self.glow < GLOW_SECONDS:
            return 0.0
        return None

    # --- HUD, result, best scores ---------------------------------------------------------
    def move_words(self, move: Any) -> str:
        return f"Placed a stone on row {move.row + 1}, column {move.col + 1}"

    def hud_fields(self) -> list[tuple[str, ...]]:
        breakdown, _ = self.facts()
        best = self.best()
        return [("Score", str(breakdown.total)), ("4-ways", str(self.state.fourways)),
                ("Stones left", str(rules.stones_left(self.state))),
                ("Help", help_text(self.assist_used, self.table.hints), "Assist+99"),
                ("Best", "-" if best is None else str(best))]

    def final_score(self) -> int:
        return rules.score(self.state)

    def score_text(self, score: Any) -> str:
        fourways = self.state.fourways
        text = f"{score}  ({fourways} 4-way{'s' if fourways != 1 else ''}"
        return text + (", help)" if self.help_used else ")")

    def ranked(self) -> bool:
        """Every finished game counts (Ishido's score matters however it ends); help is noted
        beside the score."""
        return True

    def won(self) -> bool:
        return bool(self.table.session.status.outcome == Outcome.WON)

    def result_title(self) -> str:
        return "You won!" if self.won() else "Out of room"

    def result_mood(self) -> str:
        """Every game of Ishido makes a score: running out of room is no defeat to mourn."""
        return "good" if self.won() else "neutral"

    def result_facts(self) -> list[tuple[str, str]]:
        b = rules.breakdown(self.state)
        facts = [("Placing stones", plural(b.placement, "point")),
                 ("4-ways", str(b.fourways))]
        if self.state.params.rule != "standard":
            facts += [("4-way bonus", plural(b.fourway_bonus, "point")),
                      ("End bonus", f"{plural(b.end_bonus, 'point')} "
                                    f"({plural(b.stones_left, 'stone')} left)")]
        hints = self.table.hints
        used = (["the assist"] if self.assist_used else []) + \
            ([plural(hints, "hint")] if hints else [])
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


