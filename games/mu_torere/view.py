"""Mu Torere drawn: the wooden board with its star (or wheel), the pieces (sliding along their
lines, or held by the mouse), the marks of the last move, the hint and the player's choice,
the prompt above the board, the players' cards, the reminder and the move log.

The view is told everything it shows (Facts, the controls' Ui, the slides and the drag) and
changes none of it. A calm board (most frames) is one cached picture, painted again when what
it shows changes; while a piece moves it is drawn afresh.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pygame

from games.core.kit.levels import Grade
from games.core.loop import assets
from games.core.loop.tween import Tween
from games.core.screens import hud, ui
from games.core.screens.cache import Part
from games.core.screens.drag import Drag
from games.core.screens.hud import HUD_HEIGHT, LogRow
from games.mu_torere import geometry, rules
from games.mu_torere.controls import Ui, ends, legal
from games.mu_torere.geometry import PIECE, WELL, Point
from games.mu_torere.layout import Layout
from sprites import mu_torere as paint

Colour = tuple[int, int, int]
Slide = tuple[Tween, list[Point]]       # a piece on its way along a line

REMINDER = ("Move a piece along a line to the empty point. Into the middle only from "
            "beside an opponent's piece. Whoever cannot move loses.")
SUBTITLE = "Block your opponent: whoever cannot move loses"


@dataclass(frozen=True)
class Facts:
    """What the board shows besides the controls' Ui; equal facts draw the same picture."""
    state: rules.State
    history: tuple[int, int]            # the session's position and length (the log follows)
    colours: tuple[Colour, Colour]
    names: tuple[str, str]
    roles: tuple[str, str]              # each side's player ("You", "Computer · Perfect")
    first: int                          # the side that moved first
    style: str                          # "star" or "wheel"
    legend: bool                        # the players' cards are shown
    human: bool                         # a human is to move
    show_cursor: bool
    winner: int | None
    grades: tuple[Grade, ...]           # the hint's graded moves on show
    last: rules.Move | None             # the last move (the frame marks it, under the pieces)
    pick: rules.Move | None             # the computer's choice, shown before it is played
    prompt: str
    log: Callable[[int], list[LogRow]] = field(compare=False)   # the last moves' rows

    @property
    def over(self) -> bool:
        return rules.status(self.state).over


class MuTorereView:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    @staticmethod
    def moving(slides: Mapping[int, Slide], drag: Drag[int] | None) -> bool:
        return (drag is not None and drag.moved) or \
            any(not tween.done for tween, _ in slides.values())

    def still_parts(self, area: pygame.Rect, facts: Facts, controls: Ui,
                    slides: Mapping[int, Slide], drag: Drag[int] | None,
                    under: Callable[[pygame.Surface], None]) -> list[Part]:
        """The calm board in `area` for the scene's Backdrop (painted once per look), while
        no piece moves; else nothing."""
        if self.moving(slides, drag):
            return []
        return [("board", area, (facts, controls, drag is None),
                 lambda picture: self.draw_calm(picture, facts, controls, slides, drag, under))]

    def draw(self, surface: pygame.Surface, facts: Facts, controls: Ui,
             slides: Mapping[int, Slide], drag: Drag[int] | None, pulse: float | None,
             under: Callable[[pygame.Surface], None]) -> None:
        """The board while a piece moves (else the Backdrop shows it); `under` draws the
        frame's marks beneath the pieces (the last move); `pulse` (0..1) rings the selected
        piece's target."""
        if self.moving(slides, drag):
            self.draw_calm(surface, facts, controls, slides, drag, under)
        if pulse is not None and controls.selected is not None:
            _, target = ends(legal(facts.state)[controls.selected])
            ring = paint.ring(PIECE + 4 + round(pulse * 12), ui.ACCENT, 4)
            surface.blit(ring, ring.get_rect(center=self.layout.xy(target)))

    def draw_subtitle(self, surface: pygame.Surface, title: str) -> None:
        """The game's aim beside its title in the HUD."""
        image = assets.text(title, ui.HEADING, ui.TEXT, True)
        ui.label(surface, SUBTITLE, (40 + image.get_width() + 36, HUD_HEIGHT // 2 + 2),
                 ui.SMALL + 2, ui.MUTED, anchor="midleft")

    def swatch(self, facts: Facts, side: int, size: int) -> pygame.Surface:
        return paint.piece(facts.colours[side], size, side == 1)

    def piece_position(self, point: int, slides: Mapping[int, Slide]) -> Point:
        slide = slides.get(point)
        if slide is None or slide[0].done:
            return self.layout.xy(point)
        tween, line = slide
        return geometry.along(line, tween.value)

    def draw_calm(self, surface: pygame.Surface, facts: Facts, controls: Ui,
                  slides: Mapping[int, Slide], drag: Drag[int] | None,
                  under: Callable[[pygame.Surface], None]) -> None:
        layout = self.layout
        board = paint.board(facts.style, layout.radius, WELL)
        surface.blit(board, board.get_rect(center=layout.centre))
        moves = legal(facts.state)
        for move, value, _ in facts.grades:
            self.draw_path(surface, facts.style, move, hud.grade_colour(value), 12, 230)
        under(surface)
        chosen = controls.selected if facts.human and controls.selected in moves else None
        if facts.pick is not None:
            chosen = facts.pick.source
        if chosen is not None:
            move = moves[chosen]
            self.draw_path(surface, facts.style, move, ui.ACCENT, 14, 255)
            glow = paint.glow(PIECE + 40, ui.ACCENT)
            surface.blit(glow, glow.get_rect(center=layout.xy(ends(move)[1])))
        self.draw_pieces(surface, facts, chosen, slides, drag)
        self.draw_marks(surface, facts, controls, chosen, drag)
        for move, value, plies in facts.grades:
            hud.grade_badge(surface, layout.grade_spot(move), value, plies)
        self.draw_prompt(surface, facts)
        if facts.legend:
            for side in (0, 1):
                self.draw_card(surface, facts, side)
        reminder = layout.reminder_rect(facts.legend)
        hud.info_box(surface, reminder, "How pieces move", REMINDER)
        if facts.grades:
            hud.grade_key(surface, layout.grade_key_rect(facts.legend, hud.GRADE_KEY_HEIGHT))
        rows = facts.log(7)
        hud.move_log(surface, layout.log_rect(facts.legend, hud.move_log_height(len(rows))), rows)

    def mark_move(self, surface: pygame.Surface, style: str, move: rules.Move) -> None:
        """The last move: its line, faint, and a ring where the piece came from."""
        self.draw_path(surface, style, move, ui.TEXT, 8, 90)
        ring = paint.ring(PIECE - 18, ui.TEXT, 3, 120)
        surface.blit(ring, ring.get_rect(center=self.layout.xy(ends(move)[0])))

    def draw_path(self, surface: pygame.Surface, style: str, move: rules.Move,
                  colour: Colour, width: int, alpha: int) -> None:
        source, target = ends(move)
        image, (left, top) = paint.path_mark(style, self.layout.shown(source),
                                             self.layout.shown(target), self.layout.radius,
                                             colour, width, alpha)
        surface.blit(image, (self.layout.centre[0] + left, self.layout.centre[1] + top))

    def draw_pieces(self, surface: pygame.Surface, facts: Facts, chosen: int | None,
                    slides: Mapping[int, Slide], drag: Drag[int] | None) -> None:
        board = facts.state.board
        dragged = drag.item if drag is not None and drag.moved else None
        moving: list[int] = []
        resting: list[int] = []
        for point, piece in enumerate(board):
            if piece == rules.EMPTY or point == dragged:
                continue
            slide = slides.get(point)
            (moving if slide and not slide[0].done else resting).append(point)
        for point in resting + moving:
            x, y = self.piece_position(point, slides)
            lift = 8 if point in moving else 6 if point == chosen else 0
            self.blit_piece(surface, facts, board[point], (x, y), lift)
        if drag is not None and dragged is not None:
            self.blit_piece(surface, facts, board[dragged], drag.spot, 12)

    def blit_piece(self, surface: pygame.Surface, facts: Facts, piece: str, at: Point,
                   lift: int) -> None:
        x, y = at
        shade = paint.shadow(PIECE)
        surface.blit(shade, shade.get_rect(center=(x + 3 + lift / 2, y + 7 + lift)))
        side = rules.SIDES.index(piece)
        image = paint.piece(facts.colours[side], PIECE, side == 1)
        surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))

    def draw_marks(self, surface: pygame.Surface, facts: Facts, controls: Ui,
                   chosen: int | None, drag: Drag[int] | None) -> None:
        """Rings: pieces that can move, the selected one, the cursor, the loser at the end."""
        xy = self.layout.xy
        if facts.over:
            if facts.winner is not None:
                loser = rules.SIDES[1 - facts.winner]
                ring = paint.ring(PIECE + 14, ui.BAD, 5)
                for point, piece in enumerate(facts.state.board):
                    if piece == loser:
                        surface.blit(ring, ring.get_rect(center=xy(point)))
            return
        if facts.human and chosen is None and drag is None:
            soft = paint.ring(PIECE + 12, ui.TEXT, 3, 150)
            bright = paint.ring(PIECE + 14, ui.ACCENT, 4)
            for point in legal(facts.state):
                image = bright if point == controls.hover and not facts.show_cursor else soft
                surface.blit(image, image.get_rect(center=xy(point)))
        if chosen is not None:
            x, y = xy(chosen)
            ring = paint.ring(PIECE + 16, ui.ACCENT, 5)
            surface.blit(ring, ring.get_rect(center=(x, y - 6)))
        if facts.show_cursor and facts.human:
            cursor = paint.ring(PIECE + 30, ui.ACCENT, 6)
            surface.blit(cursor, cursor.get_rect(center=xy(controls.cursor)))

    def draw_prompt(self, surface: pygame.Surface, facts: Facts) -> None:
        centre = self.layout.centre
        box = pygame.Rect(0, 0, self.layout.prompt_room(), 46)
        box.center = (centre[0] + 22, HUD_HEIGHT + 38)
        rect = ui.fit_text(surface, facts.prompt, box, ui.BODY, ui.TEXT, max_lines=1)
        if facts.over:
            return
        swatch = self.swatch(facts, rules.current_player(facts.state), 34)
        surface.blit(swatch, swatch.get_rect(midright=(rect.left - 12, rect.centery)))
        if facts.state.occurrences() == rules.REPETITION_LIMIT - 1:
            ui.label(surface, "This position has come round twice: a third time is a draw.",
                     (centre[0], HUD_HEIGHT + 76), ui.SMALL, ui.ACCENT, anchor="center")

    def draw_card(self, surface: pygame.Surface, facts: Facts, side: int) -> None:
        to_move = not facts.over and rules.current_player(facts.state) == side
        hud.player_card(surface, self.layout.card_rect(side), self.swatch(facts, side, 76),
                        facts.names[side], [facts.roles[side], "first to move"
                                            if facts.first == side else "second to move"],
                        to_move, facts.winner == side)
