"""DeducTile Reasoning on screen: a column of tiles, the clues beside it, a Guess button, and
the clock. Mouse: drag a tile onto another (left button swaps tiles, right button swaps their
colours only). Keyboard and gamepad: pick a tile up (Enter / A, or X for colours), move the
cursor, put it down on another tile."""
from __future__ import annotations

import math

import pygame

from games.core.kit.actions import Act
from games.core.kit.rules_api import Outcome
from games.core.kit.session import RESTART
from games.core.loop.tween import Tween, ease_in_out_cubic, lerp, lerp_point
from games.core.screens import ui
from games.core.screens.drag import Drag
from games.core.screens.game_scene import GameScene, clock_text as clock
from games.deductile import rules
from games.deductile.clues import COLOURS, SHAPES
from sprites import shapes as paint
from sprites.deductile import CARD, CARD_EDGE, PALETTE

INK = (34, 36, 44)
SWAP_SECONDS = 0.28
WARNING_SECONDS = 10

TILES, GUESS, CLUES = "tiles", "guess", "clues"   # the three columns the cursor visits
COLOURS_ONLY = "swapping colours only"   # the note on a tile dragged with the right button


class DeductileScene(GameScene):
    timed = True

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.layout()
        self.cursor = (TILES, 0)
        self.held = None           # (tile index, colours_only) picked up by keyboard/pad
        self.drag: Drag | None = None   # item: (tile index, colours only); spot: its top left
        self.hint_for = None       # the arrangement a hint was shown for
        self.slides: dict[int, Tween] = {}     # position -> tween from a start point
        self.slide_from: dict[int, tuple] = {}
        self.fades: dict[int, tuple] = {}       # position -> (tween, old colour)
        self.shake = None
        self.last_whole_second = None

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        n = self.state.tiles
        area = self.board_rect
        gap = 18
        height = int(min(190, (area.height - 60 - gap * (n - 1)) / n))
        width = int(height * 1.3)
        left = 200
        top = area.top + (area.height - n * height - (n - 1) * gap) // 2
        self.tile_size = (width, height)
        self.tile_rects = [pygame.Rect(left, top + i * (height + gap), width, height)
                           for i in range(n)]
        clue_left = left + width + 150
        self.guess_rect = pygame.Rect(0, 0, 360, 96)
        self.guess_rect.bottomright = (area.right - 60, area.bottom - 24)
        clue_count = len(self.state.clues)
        self.clue_size = 32 if clue_count <= 10 else 28 if clue_count <= 13 else 24
        row = int(min(72, (area.height - 190) / max(clue_count, 1)))
        self.clue_rects = [pygame.Rect(clue_left, area.top + 56 + k * row,
                                       area.right - 60 - clue_left,
                                       row - 10) for k in range(clue_count)]

    # --- input ----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if self.over:
            return
        if kind == Act.PRESS:
            self.press(action.pos, action.alt)
        elif kind == Act.POINT and self.drag:
            self.drag.follow(action.pos)
        elif kind == Act.RELEASE and self.drag:
            self.drop(action.pos)
        elif kind == Act.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif kind in (Act.CONFIRM, Act.ALT):
            self.use_cursor(colours_only=kind == Act.ALT)
        elif kind == Act.KEY and action.value == "g":
            self.guess()

    def press(self, pos, alt: bool) -> None:
        for index, rect in enumerate(self.tile_rects):
            if rect.collidepoint(pos):
                self.held = None
                self.drag = Drag((index, alt), pos, rect.topleft)
                self.cursor = (TILES, index)
                self.app.audio.play("select")
                return
        if self.guess_rect.collidepoint(pos) and not alt:
            self.guess()
            return
        for k, rect in enumerate(self.clue_rects):
            if rect.collidepoint(pos):
                self.cursor = (CLUES, k)
                self.play(rules.Move(rules.STRIKE, k))
                return

    def drop(self, pos) -> None:
        self.drag.follow(pos)
        (index, colours_only), spot = self.drag.item, self.drag.spot
        self.drag = None
        target = next((i for i, r in enumerate(self.tile_rects) if r.collidepoint(pos)), None)
        if target is None or target == index:
            self.slide_back(index, spot)
            return
        self.swap(index, target, colours_only, dropped_at=spot)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Tiles on the left; clues on the right with Guess below them."""
        column, index = self.cursor
        n, clues = self.state.tiles, len(self.state.clues)
        if column == TILES:
            if dx > 0 and not self.held:
                self.cursor = (CLUES, min(clues - 1, index))
            elif dy:
                self.cursor = (TILES, max(0, min(n - 1, index + dy)))
        elif column == CLUES:
            if dx < 0:
                self.cursor = (TILES, min(n - 1, index))
            elif dy > 0 and index == clues - 1:
                self.cursor = (GUESS, 0)
            elif dy:
                self.cursor = (CLUES, max(0, index + dy))
        elif dy < 0:
            self.cursor = (CLUES, clues - 1)
        elif dx < 0:
            self.cursor = (TILES, n - 1)

    def use_cursor(self, colours_only: bool) -> None:
        column, index = self.cursor
        if column == GUESS:
            self.guess()
        elif column == CLUES:
            self.play(rules.Move(rules.STRIKE, index))
        elif self.held is None:
            self.held = (index, colours_only)
            self.message_time = 0.0     # the status line now says what is held
            self.app.audio.play("select")
        else:
            origin, held_colours = self.held
            self.held = None
            if origin != index:
                self.swap(origin, index, held_colours)

    def cancel(self) -> bool:
        if self.held or self.drag:
            if self.drag:
                self.slide_back(self.drag.item[0], self.drag.spot)
            self.held = self.drag = None
            return True
        return False

    # --- moves ----------------------------------------------------------------------------
    def swap(self, a: int, b: int, colours_only: bool, dropped_at=None) -> None:
        kind = rules.SWAP_COLOURS if colours_only else rules.SWAP
        if self.play(rules.Move(kind, min(a, b), max(a, b))):
            if dropped_at is not None and not colours_only:
                self.slide_from[b] = dropped_at   # the dropped tile glides from the pointer
            self.app.audio.play("swap")

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
        self.say(f"Not right yet: {rules.PENALTY} seconds lost.")
        self.app.audio.play("wrong")
        self.shake = Tween(0.4, lambda t: t)
        self.tweens.add(self.shake)

    def hint(self) -> None:
        """Mark the clues the current order breaks, for a penalty (once per order)."""
        if self.hint_for == self.state.arrangement:
            self.say("The broken clues are marked in red.")
            return
        self.count_hint()
        self.session.note("penalty_seconds", rules.PENALTY)
        broken = rules.broken_clues(self.state)
        self.hint_for = self.state.arrangement
        self.app.audio.play("hint")
        if broken:
            self.say(f"{len(broken)} clue{'s' if len(broken) > 1 else ''} broken "
                     f"(marked in red). {rules.PENALTY} seconds used.")
        else:
            self.say("Every clue holds: make your guess!")

    def adopt_old_record(self) -> None:
        """Saves from earlier builds kept hints and wrong guesses as moves in the history
        (where undo refunded them): count them into the record once."""
        super().adopt_old_record()
        if "penalty_seconds" in self.session.record:
            return
        states = [state for state, _ in self.session.entries]
        for before, (_, text) in zip(states, self.session.entries[1:]):
            if text == rules.HINT or (text == rules.GUESS and not rules.guess_is_right(before)):
                self.session.note("hints" if text == rules.HINT else "wrong_guesses")
                self.session.note("penalty_seconds", rules.PENALTY)

    def can_undo(self) -> bool:
        """Once time is up there is no going back: the clock would only run out again."""
        return super().can_undo() and not self.time_is_up()

    def time_is_up(self) -> bool:
        return self.session.status.outcome == Outcome.LOST

    def undo(self) -> None:
        if self.time_is_up():
            self.say("Time is up: a lost game cannot be taken back.")
            return
        super().undo()

    def swaps_made(self) -> int:
        """Moves, as the HUD counts them: tile and colour swaps since the last restart (a
        struck-out clue is a note to oneself, not a move)."""
        count = 0
        for _, text in self.session.entries[1:self.session.position + 1]:
            count = 0 if text == RESTART else count + (text[:1] in (rules.SWAP,
                                                                    rules.SWAP_COLOURS))
        return count

    def slide_back(self, index: int, start) -> None:
        tween = self.tweens.add(Tween(0.2, ease_in_out_cubic))
        self.slides[index] = tween
        self.slide_from[index] = start

    def animate(self, change) -> None:
        """Tiles slide from where they were to where they are; colour-only swaps fade."""
        old, new = change.old.arrangement, change.new.arrangement
        self.slides, self.slide_from, self.fades = {}, {}, {}
        if old == new or not self.animations_on():
            return
        for position, tile in enumerate(new):
            if tile in old and old.index(tile) != position:
                self.slides[position] = self.tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic))
                self.slide_from[position] = self.tile_rects[old.index(tile)].topleft
            elif tile not in old:
                self.fades[position] = (self.tweens.add(Tween(SWAP_SECONDS, ease_in_out_cubic)),
                                        PALETTE[COLOURS[old[position][1]]])

    # --- clock ------------------------------------------------------------------------------
    def time_left(self) -> float:
        return rules.time_left(self.session.elapsed, self.session.count("penalty_seconds"))

    def tick(self, dt: float) -> None:
        if self.over:
            return
        left = self.time_left()
        whole = math.ceil(left)
        if whole != self.last_whole_second and 0 < whole <= WARNING_SECONDS:
            self.app.audio.play("tick")
        self.last_whole_second = whole
        if left <= 0:
            self.held = self.drag = None
            self.play(rules.Move(rules.TIME_UP))

    def hud_fields(self):
        left = self.time_left()
        return [("Moves", str(self.swaps_made())),
                ("Wrong guesses", str(self.session.count("wrong_guesses"))),
                ("Hints", str(self.hints)), ("Time left", clock(left))]

    def extra_buttons(self):
        return [("Guess (G)", self.guess, lambda: not self.over)]

    def final_score(self) -> int:
        return math.ceil(self.time_left())

    def score_text(self, score) -> str:
        return clock(score)

    def result_title(self) -> str:
        return "Solved!" if self.session.status.outcome == Outcome.WON else "Time is up"

    def result_lines(self):
        lines = [f"Wrong guesses: {self.session.count('wrong_guesses')}    Hints: {self.hints}"]
        if self.session.status.outcome == Outcome.WON:
            lines.insert(0, f"Time left: {clock(self.final_score())}")
        else:
            lines.insert(0, "The answer was: " + ", ".join(
                f"{COLOURS[c]} {SHAPES[s]}" for s, c in self.state.solution))
        return lines

    # --- drawing ----------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        state = self.state
        show_cursor = self.show_cursor()
        shake_x = 0
        if self.shake and not self.shake.done:
            shake_x = int(14 * math.sin(self.shake.time * 40) * (1 - self.shake.value))
        for index, rect in enumerate(self.tile_rects):
            ui.label(surface, ORDINAL_LABELS[index], (rect.left - 34, rect.centery), ui.BODY,
                     ui.MUTED, anchor="midright")
            pygame.draw.rect(surface, ui.PANEL, rect.inflate(10, 10), 2, border_radius=24)
        dragged = self.drag.item[0] if self.drag else None
        for index, tile in enumerate(state.arrangement):
            if index == dragged:
                continue
            pos = self.tile_position(index)
            colour = PALETTE[COLOURS[tile[1]]]
            if index in self.fades and not self.fades[index][0].done:
                tween, before = self.fades[index]
                colour = tuple(int(lerp(a, b, tween.value)) for a, b in zip(before, colour))
            lifted = self.held is not None and self.held[0] == index
            self.draw_tile(surface, tile, (pos[0] + shake_x, pos[1] - (14 if lifted else 0)),
                           colour, lifted)
        if self.drag:
            (index, colours_only), pos, spot = self.drag.item, self.drag.pos, self.drag.spot
            for target in self.tile_rects:
                if target.collidepoint(pos) and target is not self.tile_rects[index]:
                    pygame.draw.rect(surface, ui.ACCENT, target.inflate(16, 16), 5,
                                     border_radius=24)
            tile = state.arrangement[index]
            self.draw_tile(surface, tile, spot, PALETTE[COLOURS[tile[1]]], True)
            if colours_only:
                self.draw_tag(surface, COLOURS_ONLY, pygame.Rect(spot, self.tile_size))
        self.draw_guess(surface, show_cursor and self.cursor[0] == GUESS)
        self.draw_clues(surface, show_cursor)
        if show_cursor and self.cursor[0] == TILES:
            rect = self.tile_rects[self.cursor[1]]
            pygame.draw.rect(surface, ui.ACCENT, rect.inflate(22, 22), 6, border_radius=26)

    def tag_rect(self, words: str, tile: pygame.Rect) -> pygame.Rect:
        """Where a note about a dragged tile goes: just above it (below it near the HUD),
        never over the tile itself."""
        tag = pygame.Rect((0, 0), ui.assets.font(ui.SMALL, True).size(words)).inflate(28, 14)
        tag.midbottom = (tile.centerx, tile.top - 10)
        if tag.top < self.board_rect.top:
            tag.midtop = (tile.centerx, tile.bottom + 16)
        return tag

    def draw_tag(self, surface, words: str, tile: pygame.Rect) -> None:
        tag = self.tag_rect(words, tile)
        ui.panel(surface, tag, ui.BG_DEEP, radius=10, border=ui.ACCENT, width=2)
        ui.label(surface, words, tag.center, ui.SMALL, ui.ACCENT, bold=True, anchor="center")

    def status_line(self) -> str:
        if self.held is not None and not self.over:
            shape, colour = self.state.arrangement[self.held[0]]
            what = (f"the {COLOURS[colour]} colour of the {SHAPES[shape]}" if self.held[1]
                    else f"the {COLOURS[colour]} {SHAPES[shape]}")
            return f"Holding {what}: move to another tile and press again to swap."
        return super().status_line()

    def tile_position(self, index: int):
        tween = self.slides.get(index)
        end = self.tile_rects[index].topleft
        if tween is None or tween.done:
            return end
        return lerp_point(self.slide_from[index], end, tween.value)

    def draw_tile(self, surface, tile, pos, colour, lifted: bool) -> None:
        """A cream card with the coloured shape and the colour's name, so neither shape nor
        colour alone carries the meaning."""
        width, height = self.tile_size
        card = paint.rounded_card((width, height), CARD, 22, CARD_EDGE, 3, True)
        surface.blit(card, (pos[0], pos[1] + (6 if lifted else 0)))
        glyph = paint.shape(SHAPES[tile[0]], colour, int(height * 0.66))
        surface.blit(glyph, (pos[0] + (width - glyph.get_width()) // 2, pos[1] + height * 0.04))
        ui.label(surface, COLOURS[tile[1]].capitalize(),
                 (pos[0] + width // 2, pos[1] + height * 0.84), max(18, height // 7), INK,
                 bold=True, anchor="center")

    def draw_guess(self, surface, focused: bool) -> None:
        ui.panel(surface, self.guess_rect, ui.ACCENT if not self.over else ui.PANEL, radius=18)
        ui.label(surface, "Guess", self.guess_rect.center, ui.HEADING, ui.BG_DEEP, bold=True,
                 anchor="center")
        if focused:
            ui.focus_ring(surface, self.guess_rect, 22)

    def draw_clues(self, surface, show_cursor: bool) -> None:
        state = self.state
        broken = set(rules.broken_clues(state)) if self.hint_for == state.arrangement else set()
        heading = "Clues (click one to strike it out)"
        ui.label(surface, heading, (self.clue_rects[0].left, self.board_rect.top + 8),
                 ui.SMALL, ui.MUTED)
        for k, (clue, rect) in enumerate(zip(state.clues, self.clue_rects)):
            struck = state.struck[k]
            ui.panel(surface, rect, ui.PANEL if not struck else ui.BG_DEEP, radius=12)
            colour = ui.MUTED if struck else ui.TEXT
            text_rect = ui.label(surface, clue.text(state.tiles), (rect.left + 60, rect.centery),
                                 self.clue_size, colour, anchor="midleft")
            box = pygame.Rect(rect.left + 16, rect.centery - 14, 28, 28)
            pygame.draw.rect(surface, ui.LINE, box, 3, border_radius=6)
            if struck:
                pygame.draw.line(surface, ui.MUTED, (text_rect.left - 6, text_rect.centery),
                                 (text_rect.right + 6, text_rect.centery), 3)
                pygame.draw.line(surface, ui.MUTED, box.topleft, box.bottomright, 3)
                pygame.draw.line(surface, ui.MUTED, box.bottomleft, box.topright, 3)
            if k in broken:
                pygame.draw.rect(surface, ui.BAD, rect, 4, border_radius=12)
                ui.label(surface, "broken", (rect.right - 20, rect.centery), ui.SMALL, ui.BAD,
                         bold=True, anchor="midright")
            if show_cursor and self.cursor == (CLUES, k):
                ui.focus_ring(surface, rect, 16)


ORDINAL_LABELS = ("1st", "2nd", "3rd", "4th", "5th", "6th")



SCENE = DeductileScene
