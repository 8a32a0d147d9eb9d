"""Ishido's drawing: the board and its stones, the marks, flights and celebrations, and
the side panel (the hand, the rules, the Oracle and the pouch). A mixin of IshidoScene;
it reads the scene and changes nothing."""
from __future__ import annotations

import math

import pygame

from games.core.kit.actions import Device
from games.core.loop.tween import ease_out_cubic, glow
from games.core.screens import ui
from games.ishido import oracle, rules
from games.ishido.rules import COLS, EMPTY, ROWS, SQUARES
from sprites import ishido as paint

PITCH = 98                  # board square, logical pixels
STONE = 88                  # a stone on the board
HAND = 150                  # the next stone in its slot

SQUARE_INNER = paint.SQUARE_INNER   # the board's inner squares ...
SQUARE_OUTER = (37, 43, 59)     # ... and the outer ring (it scores nothing in the original)
TRAY = (26, 30, 42)
FLASH = (255, 244, 214)


class IshidoView:
    """The drawing half of IshidoScene."""

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
            under = self.square_at(self.drag.pos)
            if under is not None:
                self._mark_target(surface, under, legal)
            return
        keyboard = self.show_cursor()
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
        device = self.device
        key = (self.state, device, self.question, self.best, self.over, self.assist,
               self.hints, self.assist_used)
        self.panel_layer.blit(surface, self.panel, key,
                              lambda picture: self._paint_panel(picture, self.panel))
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
        device = self.device
        if device == Device.PAD:
            return "D-pad moves; A picks up and puts down; B puts back; X assist; Y hint."
        if device == Device.KEYBOARD:
            return "Arrows move; Enter picks up and puts down; Esc puts back; A assist; H hint."
        return "Drag the stone onto a square, or click a square. Right-click: assist."
