"""Four Field Kono drawn: the wooden board, the stones (dealt in, sliding, hopping, knocked off
to a tray, held by the mouse or settling back), the marks of a picked-up stone's moves, the
hint's arrows and grades, the cursor, the players' cards with their trays, the side panel, the
draw warning and the HUD's draw counters as meters.

The view is told everything it shows (Facts, the controls' Ui, the motion, the deal, a settling
or dragged stone) and changes none of it; its only state is its cache of the hint's arrows. What
stands still (while nothing moves: the board, stones, marks, cards and panel; while a stone
moves: the board and the stones at rest) is the scene's Backdrop part (still_parts), painted
once per look (a scene drawn every frame for its thinking dots or the clock then costs one
copy).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from games.core.kit.levels import Grade
from games.core.loop import assets
from games.core.loop.tween import Tween
from games.core.screens import hud, ui
from games.core.screens.cache import Part, SurfaceCache
from games.core.screens.drag import Drag, SlideBack
from games.core.screens.hud import HUD_VALUE, LogRow
from games.kono import rules
from games.kono.controls import Ui, destinations
from games.kono.info import SIDE_NAMES
from games.kono.layout import SPACING, STONE, TRAY_STONE, Layout, Point
from games.kono.motion import FLIGHT_FROM, Motion, captured
from sprites import kono as paint

INK = hud.INK


@dataclass(frozen=True)
class Card:
    """What a player's card says beyond the board: who plays the side, and its state."""
    role: str               # "You", "Computer · Perfect"
    note: str               # "thinking.." while the computer thinks
    to_move: bool
    winner: bool


@dataclass(frozen=True)
class Facts:
    """What the board shows besides the controls' Ui and the animations."""
    state: rules.State                  # the position (a motion may still show the one before)
    start: tuple[str, ...]              # the game's first board: captures are counted from it
    over: bool
    human: bool                         # a human is to move
    show_cursor: bool
    pick: rules.Move | None             # the computer's choice, shown before it is played
    grades: tuple[Grade, ...] | None    # the hint's graded moves, once known (None: no hint)
    hinted: bool                        # the hint is on: the panel shows its key
    cards: tuple[Card, Card]
    log: tuple[LogRow, ...]             # the last moves
    warning: str                        # a draw coming near
    marked: rules.Move | None = None    # the last move, marked on the still board


def previewed(state: rules.State, controls: Ui, show_cursor: bool) -> dict[int, rules.Move]:
    """The moves of the stone under the cursor (or the pointer) while nothing is picked up:
    shown faintly, dots for steps and red rings for captures."""
    point = controls.cursor if show_cursor else controls.hover
    if controls.selected is not None or point is None or state.board[point] != state.to_move:
        return {}
    return destinations(state, point)


class KonoView:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.arrows = SurfaceCache(4)   # the hint's arrows, per position

    @staticmethod
    def moving(motion: Motion | None, deal: Mapping[int, Tween], settle: SlideBack[int] | None,
               drag: Drag[int] | None) -> bool:
        """Something moves on the board (what is left of the deal, a settled stone or a drag
        not yet moved shows nothing)."""
        return motion is not None or (settle is not None and not settle.done) or \
            (drag is not None and drag.moved) or any(not tween.done for tween in deal.values())

    def still_parts(self, facts: Facts, controls: Ui, motion: Motion | None,
                    deal: Mapping[int, Tween], settle: SlideBack[int] | None,
                    drag: Drag[int] | None) -> list[Part]:
        """What stands still, for the scene's Backdrop: the whole picture while nothing
        moves; the board and its stones at rest while a stone moves; nothing while the stones
        are dealt."""
        if not self.moving(motion, deal, settle, drag):
            return [("all", self.area(), (facts, controls, self.layout),
                     lambda picture: self.paint(picture, facts, controls, None, {}, None, None))]
        if any(not tween.done for tween in deal.values()):
            return []
        state, hidden, calm, marked = self.board_look(facts, motion, settle, drag)
        return [("board", self.layout.board_rect,
                 (facts, controls, self.layout, state, hidden, calm, marked),
                 lambda picture: self.paint_board(picture, facts, controls, state, hidden, calm,
                                                  marked, {}))]

    def draw(self, surface: pygame.Surface, facts: Facts, controls: Ui, motion: Motion | None,
             deal: Mapping[int, Tween], settle: SlideBack[int] | None,
             drag: Drag[int] | None) -> None:
        """Over the still parts: what moves, the cards and the panel (while a stone moves),
        and the draw warning."""
        if self.moving(motion, deal, settle, drag):
            dealing = any(not tween.done for tween in deal.values())
            self.paint(surface, facts, controls, motion, deal, settle, drag, keep=not dealing)
        if facts.warning:
            hud.chip(surface, facts.warning, self.layout.warning_spot(), ui.ACCENT)

    def area(self) -> pygame.Rect:
        """Where paint() draws: the cards, the board and the panel, side by side."""
        layout = self.layout
        return layout.card_rect(0).union(layout.card_rect(1)).union(
            layout.board_rect).union(layout.panel_rect)

    def paint(self, surface: pygame.Surface, facts: Facts, controls: Ui, motion: Motion | None,
              deal: Mapping[int, Tween], settle: SlideBack[int] | None, drag: Drag[int] | None,
              keep: bool = False) -> None:
        """The board (the last move marked while it is still), the cards and the panel. With
        `keep`, what stands still on the board (it, its marks and every stone but the moving
        ones) is the Backdrop's (still_parts), already shown; the stones in motion, the cards
        and the panel are drawn over it, in the order they always were."""
        layout = self.layout
        state, hidden, calm, marked = self.board_look(facts, motion, settle, drag)
        settled = settle is None or settle.done
        if not keep:
            self.paint_board(surface, facts, controls, state, hidden, calm, marked, deal)
        if motion is not None:
            self.draw_motion(surface, motion)
        if settle is not None and not settled:
            self.draw_stone(surface, state.board[settle.item], settle.position, 1.0, 0.6)
        if drag is not None and drag.moved:
            over = layout.point_at(drag.pos)
            if over in destinations(facts.state, drag.item):
                ring = paint.ring(STONE + 30, ui.ACCENT, 5)
                surface.blit(ring, ring.get_rect(center=layout.point_pos(over)))
            self.draw_stone(surface, facts.state.board[drag.item], drag.spot, 1.06, 1.0)
        if facts.show_cursor and facts.human and motion is None:
            rect = pygame.Rect(0, 0, STONE + 36, STONE + 36)
            rect.center = layout.point_pos(controls.cursor)
            pygame.draw.rect(surface, ui.ACCENT, rect, 6, border_radius=26)
        for side in (0, 1):
            self.draw_card(surface, facts, side, state, motion)
        self.draw_panel(surface, facts)

    @staticmethod
    def board_look(facts: Facts, motion: Motion | None, settle: SlideBack[int] | None,
                   drag: Drag[int] | None) -> tuple[rules.State, frozenset[int], bool,
                                               rules.Move | None]:
        """The board as it stands under what moves: the position, the stones hidden (they
        are moving), whether it is calm (marks shown) and the last move marked."""
        state = motion.after if motion is not None else facts.state
        settled = settle is None or settle.done
        calm = motion is None and settled and not facts.over
        hidden = set()
        if motion is not None:
            move = motion.move
            hidden.add(move.target if motion.forward else move.source)
            if motion.capture and not motion.forward:
                hidden.add(move.target)
        if drag is not None and drag.moved:
            hidden.add(drag.item)
        if settle is not None and not settled:
            hidden.add(settle.item)
        return state, frozenset(hidden), calm, facts.marked if motion is None else None

    def paint_board(self, surface: pygame.Surface, facts: Facts, controls: Ui,
                    state: rules.State, hidden: frozenset[int], calm: bool,
                    marked: rules.Move | None, deal: Mapping[int, Tween]) -> None:
        """The board with the last move `marked`, the marks of a picked-up stone, and every
        stone not `hidden` (the deal's still growing)."""
        layout = self.layout
        board = layout.board_rect
        surface.blit(paint.board(board.size, SPACING, layout.labels, ui.BG), board)
        grades = facts.grades if calm else None
        if marked is not None:
            self.mark_move(surface, marked)
        pick = facts.pick
        lifted = pick.source if pick else controls.selected
        targets: dict[int, rules.Move] = {}
        if calm and controls.selected is not None and facts.human:
            targets = destinations(facts.state, controls.selected)
        elif pick is not None:
            targets = {pick.target: pick}
        preview = previewed(facts.state, controls, facts.show_cursor) \
            if calm and facts.human and grades is None else {}
        marks = {**preview, **targets}
        for point, move in marks.items():        # step dots under the stones
            if move.over is None:
                strong = point in targets
                image = paint.dot(44 if strong else 34, ui.ACCENT if strong else (232, 214, 170),
                                  INK, 255 if strong else 170)
                surface.blit(image, image.get_rect(center=layout.point_pos(point)))
        for point, piece in enumerate(state.board):
            if piece == rules.EMPTY or point in hidden:
                continue
            scale = 1.0
            tween = deal.get(point)
            if tween is not None and not tween.done:
                scale = max(0.05, tween.value)
                if tween.time <= 0:
                    continue
            up = point == lifted and (calm or pick is not None)
            self.draw_stone(surface, piece, layout.point_pos(point), scale, 0.5 if up else 0.0)
            if up:
                ring = paint.ring(STONE + 14, ui.ACCENT, 5)
                x, y = layout.point_pos(point)
                surface.blit(ring, ring.get_rect(center=(x, y - 4)))
        for point, move in marks.items():        # capture rings over them
            if move.over is not None:
                strong = point in targets
                ring = paint.ring(STONE + 18, ui.BAD, 7 if strong else 4, 255 if strong else 150)
                surface.blit(ring, ring.get_rect(center=layout.point_pos(point)))
        if grades is not None:
            surface.blit(self.arrows.get((facts.state, layout.flipped),
                                         lambda: self.arrow_layer(grades)), board)
            for move, value, plies in grades:
                size = hud.chip_size(hud.grade_words(value, plies))
                hud.grade_badge(surface, layout.badge_spot(move, size), value, plies)

    def draw_stone(self, surface: pygame.Surface, piece: str, pos: Point, scale: float = 1.0,
                   lift: float = 0.0, diameter: float = STONE) -> None:
        size = max(4, int(round(diameter * scale * (1 + 0.1 * lift) / 2)) * 2)
        shadow = paint.shadow(size)
        x, y = pos
        drop = 5 + 16 * lift
        surface.blit(shadow, shadow.get_rect(center=(round(x + drop * 0.5), round(y + drop))))
        image = paint.stone(piece, size)
        surface.blit(image, image.get_rect(center=(round(x), round(y - 8 * lift))))

    def draw_motion(self, surface: pygame.Surface, motion: Motion) -> None:
        mover_pos, mover_lift = motion.mover(self.layout)
        if not motion.capture:
            self.draw_stone(surface, motion.colour, mover_pos, 1.0, mover_lift)
            return
        pos, size, lift = motion.flight(self.layout)
        taken = rules.opponent(motion.colour)
        early = motion.fraction() < FLIGHT_FROM + 0.05
        if early:       # still on its point, or just knocked off: under the capturer
            self.draw_stone(surface, taken, pos, diameter=size, lift=lift)
        self.draw_stone(surface, motion.colour, mover_pos, 1.0, mover_lift)
        if not early:
            self.draw_stone(surface, taken, pos, diameter=size, lift=lift)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        """The last move's trail along its line, and a ring where the stone came from."""
        a, b = self.layout.point_pos(move.source), self.layout.point_pos(move.target)
        trail = paint.trail(round(abs(b[0] - a[0]) + abs(b[1] - a[1])), 16, ui.ACCENT, 130,
                            a[0] == b[0])
        surface.blit(trail, trail.get_rect(center=((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        ring = paint.ring(60, ui.ACCENT, 4, 220)
        surface.blit(ring, ring.get_rect(center=a))

    def arrow_layer(self, grades: Sequence[Grade]) -> pygame.Surface:
        """The graded moves' arrows, drawn once per position onto a see-through layer."""
        board = self.layout.board_rect
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        for move, value, _ in reversed(grades):
            points = [(x - board.left, y - board.top) for x, y in self.layout.move_path(move)]
            paint.arrow(layer, points, (*INK, 200), 12, 26)
            paint.arrow(layer, points, (*hud.grade_colour(value), 235), 7, 21)
        return layer

    def draw_card(self, surface: pygame.Surface, facts: Facts, side: int, state: rules.State,
                  motion: Motion | None) -> None:
        taken = captured(facts.start, state.board)
        if motion is not None and motion.capture and motion.forward:
            taken[rules.SIDES.index(motion.colour)] -= 1     # it joins the tray when it lands
        card = facts.cards[side]
        count = state.board.count(rules.SIDES[side])
        rect = self.layout.card_rect(side)
        hud.player_card(surface, rect, paint.stone(rules.SIDES[side], 56), SIDE_NAMES[side],
                        [card.role, f"{count} piece{'s' if count != 1 else ''} on the board"],
                        card.to_move, card.winner, card.note)
        ui.label(surface, "Captured", (rect.left + 28, rect.top + 226), ui.SMALL, ui.MUTED,
                 anchor="midleft")
        ui.label(surface, str(taken[side]), (rect.right - 28, rect.top + 226), ui.SMALL + 2,
                 ui.TEXT, bold=True, anchor="midright")
        tray = self.layout.tray_rect(side)
        surface.blit(paint.tray(tray.size), tray)
        enemy = rules.opponent(rules.SIDES[side])
        for k in range(max(0, taken[side])):
            self.draw_stone(surface, enemy, self.layout.tray_slot(side, k), diameter=TRAY_STONE)

    def draw_panel(self, surface: pygame.Surface, facts: Facts) -> None:
        """The last moves, and under them what the hint's labels mean."""
        panel = self.layout.panel_rect
        rows = list(facts.log)
        log = pygame.Rect(panel.left, panel.top, panel.width, hud.move_log_height(len(rows)))
        hud.move_log(surface, log, rows)
        if facts.hinted:
            hud.grade_key(surface, pygame.Rect(panel.left, panel.bottom - hud.GRADE_KEY_HEIGHT,
                                               panel.width, hud.GRADE_KEY_HEIGHT))

    def draw_meters(self, surface: pygame.Surface, places: Sequence[tuple[str, str, int]],
                    fractions: Sequence[float | None]) -> None:
        """Under each of the HUD's fields the frame placed (name, value, right edge), how full
        its counter is (None: no meter)."""
        for (name, value, right), fraction in zip(places, fractions):
            if fraction is None:
                continue
            value_rect = assets.text(value, HUD_VALUE, ui.ACCENT, True).get_rect(
                midright=(right, 70))
            name_rect = assets.text(name, ui.SMALL, ui.MUTED).get_rect(
                midright=(value_rect.right, 26))
            left = min(value_rect.left, name_rect.left)
            bar = pygame.Rect(left, 98, right - left, 6)
            pygame.draw.rect(surface, ui.PANEL, bar, border_radius=3)
            colour = ui.BAD if fraction >= 0.76 else ui.ACCENT if fraction >= 0.5 else ui.MUTED
            fill = bar.copy()
            fill.width = round(bar.width * min(1.0, fraction))
            if fill.width:
                pygame.draw.rect(surface, colour, fill, border_radius=3)
