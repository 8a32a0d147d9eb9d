"""DeducTile Reasoning on screen: a column of tiles, the clues beside it, a Guess button, and
the clock. The scene wires the parts: controls.py says what each action means (the controls
are listed there), view.py lays the board out and draws it; the mouse's drag (core Drag)
carries a tile in pixels."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.rules_api import Outcome
from games.core.kit.session import RESTART, Change, Session
from games.core.loop import assets
from games.core.loop.app import App
from games.core.loop.tween import Tween, ease_in_out_cubic, linear
from games.core.screens import ui
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Drag
from games.core.screens.game_scene import GameScene, clock_text as clock
from games.core.screens.hud import HUD_VALUE
from games.deductile import controls, notes, rules
from games.deductile.clues import COLOURS, SHAPES
from games.deductile.controls import Spot, Ui
from games.deductile.view import DeductileView, Layout, Motion, Slide
from sprites.deductile import colour as tile_colour

SWAP_SECONDS = 0.28
WARNING_SECONDS = 10      # the clock ticks aloud ...
CLOCK_WARNING = 30        # ... and shows in the warning colour
SHAKE_SECONDS = 0.6
PENALTY_SECONDS = 1.2     # the seconds lost fly off the clock


class DeductileScene(GameScene):
    timed = True
    clock_field = "Time left"

    def __init__(self, app: App, session: Session,
                 play_options: dict[str, Any] | None = None) -> None:
        super().__init__(app, session, play_options)
        self.layout = Layout(self.board_rect, self.state.tiles, len(self.state.clues))
        self.view = DeductileView(self.layout)
        self.backdrop = Backdrop(ui.BG)
        self.ui = Ui(cursor=controls.home(self.state))
        self.motion = Motion()
        self.drag: Drag | None = None       # the tile the mouse carries (ui.held), in pixels
        self.pointer = (0, 0)
        self.hint_for: tuple[tuple[int, int], ...] | None = None   # the order a hint was for
        self.last_whole_second: int | None = None
        # The record's penalties and wrong guesses as last seen: a rise is animated.
        self.seen = (self.penalties(), self.session.count("wrong_guesses"))

    @property
    def cursor(self) -> Spot:
        return self.ui.cursor

    # --- input: controls.interpret says what an action means; the scene carries it out -----
    def handle_game(self, action: Action) -> None:
        if action.pos is not None:
            self.pointer = action.pos
            if self.drag and action.kind in (Act.POINT, Act.RELEASE):
                self.drag.follow(action.pos)
        target = None if action.pos is None else self.layout.spot_at(action.pos)
        answer = controls.interpret(self.state, self.ui, action, target)
        if isinstance(answer, Refuse):
            self.refuse(answer.reason)
        elif isinstance(answer, Look):
            self.look(answer.ui)
        elif isinstance(answer, Play):
            self.make(answer.move, answer.ui)

    def look(self, ui: Ui, slide_back: bool = True) -> None:
        """Take on a new UI state: a tile picked up clicks (the mouse's starts a drag), one
        let go by the mouse slides home."""
        old, self.ui = self.ui, ui
        held = ui.held
        if held and held != old.held:
            if held.by_pointer:
                rect = self.layout.tile_rects[held.tile]
                self.drag = Drag((held.tile, held.colours_only), self.pointer, rect.topleft)
            else:
                self.message_time = 0.0     # the status line now says what is held
            self.app.audio.play("select")
        elif self.drag and not (held and held.by_pointer):
            if slide_back:
                self.slide_back(self.drag.item[0], self.drag.spot)
            self.drag = None

    def make(self, move: rules.Move, ui: Ui) -> None:
        """A move the controls found; a tile the mouse dropped glides in from the pointer."""
        held, spot = self.ui.held, self.drag.spot if self.drag else None
        self.look(ui, slide_back=False)
        if move.kind == rules.GUESS:
            self.guess()
        elif self.play(move) and move.kind in (rules.SWAP, rules.SWAP_COLOURS):
            landed = move.a + move.b - held.tile if held else -1
            if spot is not None and move.kind == rules.SWAP and landed in self.motion.slides:
                self.motion.slides[landed] = Slide(self.motion.slides[landed].tween, spot)
            self.app.audio.play("swap")

    def cancel(self) -> bool:
        ui = controls.back(self.ui)
        if ui is None:
            return False
        self.look(ui)
        return True

    # --- moves ----------------------------------------------------------------------------
    def guess(self) -> None:
        """A right guess is the winning move; a wrong one changes no tile, so it is no move:
        its penalty goes into the record, which no undo refunds."""
        if self.over:
            return
        if rules.guess_is_right(self.state):
            self.play(rules.Move(rules.GUESS))
            return
        self.session.note("wrong_guesses")
        self.session.note("penalty_seconds", rules.PENALTY)
        self.refuse(f"Not right yet: {rules.PENALTY} seconds lost.")
        self.notice_record()

    def hint(self) -> None:
        """Mark the clues the current order breaks, for a penalty (once per order)."""
        if self.hint_for == self.state.arrangement:
            self.say("The broken clues are marked in red.")
            return
        self.count_hint()
        self.session.note("penalty_seconds", rules.PENALTY)
        self.notice_record()
        broken = rules.broken_clues(self.state)
        self.hint_for = self.state.arrangement
        self.app.audio.play("hint")
        if broken:
            self.say(f"{len(broken)} clue{'s' if len(broken) > 1 else ''} broken "
                     f"(marked in red). {rules.PENALTY} seconds used.")
        else:
            self.say("Every clue holds: make your guess!")

    def time_is_up(self) -> bool:
        return bool(self.session.status.outcome == Outcome.LOST)

    def swaps_made(self) -> int:
        """Moves, as the HUD counts them: tile and colour swaps since the last restart (a
        struck-out clue is a note to oneself, not a move)."""
        count = 0
        for _, text in self.session.entries[1:self.session.position + 1]:
            swapped = text is not None and text[:1] in (rules.SWAP, rules.SWAP_COLOURS)
            count = 0 if text == RESTART else count + swapped
        return count

    # --- animation ------------------------------------------------------------------------
    def slide_back(self, index: int, start: tuple[float, float]) -> None:
        self.motion.slides[index] = Slide(self.tweens.add(Tween(0.2, ease_in_out_cubic)), start)

    def animate(self, change: Change) -> None:
        """Tiles slide from where they were to where they are; colour-only swaps fade."""
        old, new = change.old, change.new
        self.motion.slides, self.motion.fades = {}, {}
        if not isinstance(old, rules.State) or not isinstance(new, rules.State) or \
                old.arrangement == new.arrangement or not self.animations_on():
            return
        before, after = old.arrangement, new.arrangement
        for position, tile in enumerate(after):
            if tile in before and before.index(tile) != position:
                self.motion.slides[position] = Slide(
                    self.tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic)),
                    self.layout.tile_rects[before.index(tile)].topleft)
            elif tile not in before:
                self.motion.fades[position] = (
                    self.tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic)),
                    tile_colour(COLOURS[before[position][1]]))

    def notice_record(self) -> None:
        """Animate what the record gained since last seen: seconds lost fly off the clock, a
        wrong guess shakes the tiles (undo never takes either back, so neither runs back)."""
        now = (self.penalties(), self.session.count("wrong_guesses"))
        if self.animations_on():
            if now[0] > self.seen[0]:
                self.motion.penalty = self.tweens.add(Tween(PENALTY_SECONDS, linear))
            if now[1] > self.seen[1]:
                self.motion.shake = self.tweens.add(Tween(SHAKE_SECONDS, linear))
        self.seen = now

    # --- clock ------------------------------------------------------------------------------
    def penalties(self) -> int:
        return int(self.session.count("penalty_seconds"))

    def time_left(self) -> float:
        return rules.time_left(self.session.elapsed, self.penalties())

    def hud_colour(self, name: str) -> tuple[int, int, int]:
        """The clock turns to the warning colour in its last half minute."""
        if name == "Time left" and not self.over and self.time_left() <= CLOCK_WARNING:
            return ui.BAD
        return super().hud_colour(name)

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The frame's HUD, and the seconds a penalty took flying off the clock."""
        super().draw_hud(surface)
        tween = self.motion.penalty
        if tween is None or tween.done:
            return
        right = next(right for name, _, right in self.hud_layout() if name == "Time left")
        words = f"\u2212{rules.PENALTY} s"
        t = tween.value
        image = assets.text(words, HUD_VALUE, ui.BAD, True).copy()
        image.set_alpha(round(255 * min(1.0, 2.5 * (1 - t))))
        surface.blit(image, image.get_rect(midright=(right, 70 + round(150 * t))))

    def tick(self, dt: float) -> None:
        if self.over or self.recorded:   # a finished game looked back at: its clock stopped
            return
        left = self.time_left()
        whole = math.ceil(left)
        if whole != self.last_whole_second and 0 < whole <= WARNING_SECONDS:
            self.app.audio.play("tick")
        self.last_whole_second = whole
        if left <= 0:
            self.ui, self.drag = replace(self.ui, held=None), None
            self.play(rules.Move(rules.TIME_UP))

    def move_words(self, move: rules.Move) -> str:
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
        left = self.time_left()
        return [("Moves", str(self.swaps_made())),
                ("Wrong guesses", str(self.session.count("wrong_guesses"))),
                ("Hints", str(self.hints)), ("Time left", clock(left))]

    def commands(self) -> dict[Command, Callable[[], None]]:
        return {Command.GUESS: self.guess}

    def final_score(self) -> int:
        return math.ceil(self.time_left())

    def score_text(self, score: int) -> str:
        return clock(score)

    def result_title(self) -> str:
        return "Solved!" if self.session.status.outcome == Outcome.WON else "Time is up"

    def result_reason(self) -> str:
        return "Every clue holds." if self.session.status.outcome == Outcome.WON else \
            "The clock ran out before the right order was found."

    def result_facts(self) -> list[tuple[str, str]]:
        facts = [("Moves", str(self.swaps_made())),
                 ("Wrong guesses", str(self.session.count("wrong_guesses"))),
                 ("Hints", str(self.hints))]
        if self.session.status.outcome == Outcome.WON:
            facts.insert(0, ("Time left", clock(self.final_score())))
        return facts

    def result_notes(self) -> list[str]:
        if self.session.status.outcome == Outcome.WON:
            return []
        tiles = [f"{COLOURS[c]} {SHAPES[s]}" for s, c in self.state.solution]
        return [f"The answer was {', '.join(tiles[:-1])} and {tiles[-1]}."]

    # --- drawing ----------------------------------------------------------------------------
    def lesson_spot(self, spot: Spot) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a tile, a
        clue or Guess."""
        column, index = spot
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
            pygame.Rect((0, 0), self.app.size), self.state, self.ui, self.drag, self.broken(),
            self.show_cursor()))

    def draw_board(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.state, self.ui, self.motion, self.drag, self.broken(),
                       self.show_cursor())

    def status_line(self) -> str:
        held = self.ui.held
        if held is not None and not held.by_pointer and not self.over:
            shape, colour = self.state.arrangement[held.tile]
            what = (f"the {COLOURS[colour]} colour of the {SHAPES[shape]}" if held.colours_only
                    else f"the {COLOURS[colour]} {SHAPES[shape]}")
            return f"Holding {what}: move to another tile and press again to swap."
        return super().status_line()


SCENE = DeductileScene
