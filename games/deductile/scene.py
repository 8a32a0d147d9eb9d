"""DeducTile Reasoning on screen: a column of tiles, the clues beside it, a Guess button, and
the clock. The board wires the parts to the frame (games/core/screens/board.py): controls.py
says what each action means (the controls are listed there), view.py lays the board out and
draws it; the mouse's Hand (core) carries a tile in pixels."""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, cast

import pygame

from games.core.kit.actions import Action, Command
from games.core.kit.controls import Answer, Play
from games.core.kit.results import clock_text as clock
from games.core.kit.rules_api import Outcome
from games.core.kit.session import RESTART, Change
from games.core.loop import assets
from games.core.loop.tween import Tween, ease_in_out_cubic, linear
from games.core.screens import ui
from games.core.screens.board import Board, Table
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Hand
from games.core.screens.hud import HUD_VALUE
from games.deductile import controls, notes, rules
from games.deductile.clues import COLOURS, SHAPES
from games.deductile.controls import Spot, Ui
from games.deductile.view import Carried, DeductileView, Layout, Motion, Point, Slide
from sprites.deductile import colour as tile_colour, reword

SWAP_SECONDS = 0.28
WARNING_SECONDS = 10      # the clock ticks aloud ...
CLOCK_WARNING = 30        # ... and shows in the warning colour
SHAKE_SECONDS = 0.6
PENALTY_SECONDS = 1.2     # the seconds lost fly off the clock
TIME_LEFT = "Time left"   # the clock's HUD field


class DeductileBoard(Board):
    ui: Ui
    timed = True
    clock_field = TIME_LEFT

    def __init__(self, table: Table) -> None:
        self.table = table
        state = self.state
        self.layout = Layout(table.board_rect, state.tiles, len(state.clues))
        self.view = DeductileView(self.layout)
        self.backdrop = Backdrop(ui.BG)
        self.ui = Ui(cursor=controls.home(state))
        self.motion = Motion()
        self.hand: Hand[Carried] = Hand(table)     # the tile the mouse carries (ui.held)
        self.hint_for: tuple[tuple[int, int], ...] | None = None   # the order a hint was for
        self.last_whole_second: int | None = None
        # The record's penalties and wrong guesses as last seen: a rise is animated.
        self.seen = (self.penalties(), self.wrong_guesses())

    @property
    def state(self) -> rules.State:
        return cast(rules.State, self.table.state)

    @property
    def cursor(self) -> Spot:
        return self.ui.cursor

    # --- input: controls.interpret says what an action means; the frame carries it out -----
    def read(self, action: Action) -> Answer:
        self.hand.follow(action)
        target = None if action.pos is None else self.layout.spot_at(action.pos)
        return controls.interpret(self.state, self.ui, action, target)

    def look(self, ui: Any, action: Action) -> None:
        self.take(ui, slide_back=True)

    def take(self, ui: Ui, slide_back: bool) -> None:
        """Take on a new UI state: a tile picked up clicks (the mouse's hand carries it), one
        let go by the mouse slides home."""
        old, self.ui = self.ui, ui
        held = ui.held
        if held and held != old.held:
            if held.by_pointer:
                self.hand.pick((held.tile, held.colours_only),
                               self.layout.tile_rects[held.tile].topleft)
            else:
                self.table.quiet()     # the status line now says what is held
                self.table.sound("select")
        elif not (held and held.by_pointer):
            drag = self.hand.let_go()
            if drag is not None and slide_back:
                self.slide_back(drag.item[0], drag.spot)

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        """A tile the mouse dropped glides in from where it was let go."""
        held, drag = self.ui.held, self.hand.drag
        self.take(answer.ui, slide_back=False)
        move = answer.move
        if change is None or held is None or drag is None or move.kind != rules.SWAP:
            return
        landed = move.a + move.b - held.tile
        if landed in self.motion.slides:
            self.motion.slides[landed] = Slide(self.motion.slides[landed].tween, drag.spot)

    def cancel(self) -> bool:
        ui = controls.back(self.ui)
        if ui is None:
            return False
        self.take(ui, slide_back=True)
        return True

    def move_sound(self, change: Change[Any, Any]) -> str | None:
        swapped = change.move is not None and change.move.kind in (rules.SWAP, rules.SWAP_COLOURS)
        return "swap" if swapped else None

    # --- the record: guesses, hints and their penalties -------------------------------------
    def guess(self) -> None:
        """A right guess is the winning move; a wrong one changes no tile, so it is no move:
        its penalty goes into the record, which no undo refunds."""
        if self.table.over:
            return
        if rules.guess_is_right(self.state):
            self.table.play(rules.Move(rules.GUESS))
            return
        self.table.note("wrong_guesses")
        self.table.note("penalty_seconds", rules.PENALTY)
        self.table.refuse(f"Not right yet: {rules.PENALTY} seconds lost.")
        self.notice_record()

    def hint(self) -> None:
        """Mark the clues the current order breaks, for a penalty (once per order)."""
        if self.hint_for == self.state.arrangement:
            self.table.say("The broken clues are marked in red.")
            return
        self.table.count_hint()
        self.table.note("penalty_seconds", rules.PENALTY)
        self.notice_record()
        broken = rules.broken_clues(self.state)
        self.hint_for = self.state.arrangement
        self.table.sound("hint")
        if broken:
            self.table.say(f"{len(broken)} clue{'s' if len(broken) > 1 else ''} broken "
                           f"(marked in red). {rules.PENALTY} seconds used.")
        else:
            self.table.say("Every clue holds: make your guess!")

    def commands(self) -> Mapping[Command, Callable[[], None]]:
        return {Command.GUESS: self.guess}

    def wrong_guesses(self) -> int:
        return self.table.session.count("wrong_guesses")

    def penalties(self) -> int:
        return self.table.session.count("penalty_seconds")

    def time_left(self) -> float:
        return rules.time_left(self.table.session.elapsed, self.penalties())

    def time_is_up(self) -> bool:
        return bool(self.table.session.status.outcome == Outcome.LOST)

    def swaps_made(self) -> int:
        """Moves, as the HUD counts them: tile and colour swaps since the last restart (a
        struck-out clue is a note to oneself, not a move)."""
        session = self.table.session
        count = 0
        for _, text in session.entries[1:session.position + 1]:
            swapped = text is not None and text[:1] in (rules.SWAP, rules.SWAP_COLOURS)
            count = 0 if text == RESTART else count + swapped
        return count

    # --- animation ------------------------------------------------------------------------
    def slide_back(self, index: int, start: Point) -> None:
        self.motion.slides[index] = Slide(self.table.tweens.add(Tween(0.2, ease_in_out_cubic)),
                                          start)

    def animate(self, change: Change[Any, Any]) -> None:
        """Tiles slide from where they were to where they are; colour-only swaps fade."""
        old, new = change.old, change.new
        self.motion.slides, self.motion.fades = {}, {}
        if not isinstance(old, rules.State) or not isinstance(new, rules.State) or \
                old.arrangement == new.arrangement or not self.table.animations_on():
            return
        before, after = old.arrangement, new.arrangement
        tweens = self.table.tweens
        for position, tile in enumerate(after):
            if tile in before and before.index(tile) != position:
                self.motion.slides[position] = Slide(
                    tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic)),
                    self.layout.tile_rects[before.index(tile)].topleft)
            elif tile not in before:
                self.motion.fades[position] = (tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic)),
                                               tile_colour(COLOURS[before[position][1]]))

    def notice_record(self) -> None:
        """Animate what the record gained since last seen: seconds lost fly off the clock, a
        wrong guess shakes the tiles (undo never takes either back, so neither runs back)."""
        now = (self.penalties(), self.wrong_guesses())
        if self.table.animations_on():
            if now[0] > self.seen[0]:
                self.motion.penalty = self.table.tweens.add(Tween(PENALTY_SECONDS, linear))
            if now[1] > self.seen[1]:
                self.motion.shake = self.table.tweens.add(Tween(SHAKE_SECONDS, linear))
        self.seen = now

    # --- the clock --------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        if self.table.over or self.table.recorded:   # a finished game looked back at: stopped
            return
        left = self.time_left()
        whole = math.ceil(left)
        if whole != self.last_whole_second and 0 < whole <= WARNING_SECONDS:
            self.table.sound("tick")
        self.last_whole_second = whole
        if left <= 0:
            self.ui = replace(self.ui, held=None)
            self.hand.let_go()
            self.table.play(rules.Move(rules.TIME_UP))

    def hud_colour(self, name: str) -> tuple[int, int, int]:
        """The clock turns to the warning colour in its last half minute."""
        if name == TIME_LEFT and not self.table.over and self.time_left() <= CLOCK_WARNING:
            return ui.BAD
        return super().hud_colour(name)

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The seconds a penalty took, flying off the clock (when the clock is on show)."""
        tween = self.motion.penalty
        if tween is None or tween.done:
            return
        right = next((right for name, _, right in self.table.hud_layout() if name == TIME_LEFT),
                     None)
        if right is None:
            return
        t = tween.value
        image = assets.text(f"\u2212{rules.PENALTY} s", HUD_VALUE, ui.BAD, True).copy()
        image.set_alpha(round(255 * min(1.0, 2.5 * (1 - t))))
        surface.blit(image, image.get_rect(midright=(right, 70 + round(150 * t))))

    # --- words: the HUD, the move log, the result -------------------------------------------
    def move_words(self, move: Any) -> str:
        """A move as the replay lists it (places and clues counted from 1)."""
        kind = move.kind
        if kind in (rules.SWAP, rules.SWAP_COLOURS):
            what = "the colours of places" if kind == rules.SWAP_COLOURS else "places"
            return f"Swapped {what} {move.a + 1} and {move.b + 1}"
        if kind == rules.STRIKE:
            return f"Struck out or restored clue {move.a + 1}"
        if kind == rules.NOTE:
            return notes.words(move.a, move.b)
        return {rules.GUESS: "Guessed", rules.TIME_UP: "Time ran out"}.get(kind, "Took a hint")

    def hud_fields(self) -> list[tuple[str, str]]:
        return [("Moves", str(self.swaps_made())),
                ("Wrong guesses", str(self.wrong_guesses())),
                ("Hints", str(self.table.hints)), (TIME_LEFT, clock(self.time_left()))]

    def won(self) -> bool:
        return bool(self.table.session.status.outcome == Outcome.WON)

    def final_score(self) -> int:
        return math.ceil(self.time_left())

    def score_text(self, score: Any) -> str:
        return clock(score)

    def result_title(self) -> str:
        return "Solved!" if self.won() else "Time is up"

    def result_reason(self) -> str:
        return "Every clue holds." if self.won() else \
            "The clock ran out before the right order was found."

    def result_facts(self) -> list[tuple[str, str]]:
        facts = [("Moves", str(self.swaps_made())),
                 ("Wrong guesses", str(self.wrong_guesses())),
                 ("Hints", str(self.table.hints))]
        if self.won():
            facts.insert(0, (TIME_LEFT, clock(self.final_score())))
        return facts

    def result_notes(self) -> list[str]:
        if self.won():
            return []
        tiles = [reword(f"{COLOURS[c]} {SHAPES[s]}") for s, c in self.state.solution]
        return [f"The answer was {', '.join(tiles[:-1])} and {tiles[-1]}."]

    # --- drawing ----------------------------------------------------------------------------
    def lesson_spot(self, thing: Any) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a tile, a
        clue or Guess."""
        column, index = cast(Spot, thing)
        if column == controls.Column.TILES:
            return self.layout.tile_rects[index].inflate(20, 20)
        if column == controls.Column.CLUES:
            return self.layout.clue_rects[index].inflate(12, 8)
        return self.layout.guess_rect.inflate(16, 16)

    def broken(self) -> frozenset[int]:
        """The clues the hint marks as broken (on the position it was asked for)."""
        state = self.state
        return frozenset(rules.broken_clues(state)) if self.hint_for == state.arrangement \
            else frozenset()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What stands under the tiles (DeductileView.still_parts): one picture, painted
        again as it changes."""
        self.backdrop.show(surface, self.view.still_parts(
            pygame.Rect((0, 0), self.table.size), self.state, self.ui, self.hand.drag,
            self.broken(), self.table.show_cursor()))

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.state, self.ui, self.motion, self.hand.drag, self.broken(),
                       self.table.show_cursor())

    def status_line(self) -> str | None:
        held = self.ui.held
        if held is not None and not held.by_pointer and not self.table.over:
            shape, colour = self.state.arrangement[held.tile]
            what = reword(f"the {COLOURS[colour]} colour of the {SHAPES[shape]}"
                          if held.colours_only else f"the {COLOURS[colour]} {SHAPES[shape]}")
            return f"Holding {what}: move to another tile and press again to swap."
        return None


