"""Mu Torere on screen: the wooden board with its eight-pointed star (or the eight-spoked
wheel), four pieces a side that slide along the line they travel, the players' cards in the
colours they chose, the last moves, and Options (colours, board style, legend, and what every
two-player game offers: level, undo depth, offer a draw, new game).

Mouse: click one of your pieces (the line it would travel lights up), then the empty point; or
drag the piece there. Right button opens Options. Keyboard: arrows move the cursor, Enter or
Space picks a piece (the cursor jumps to where it can go) and Enter again moves it; Tab cycles
your movable pieces; X or O opens Options; D offers a draw; L legend; S board style; N new
game. Gamepad: d-pad moves, A picks and moves, X Options (which also offers a draw), Y graded
hint, LB/RB undo/redo, triggers cycle your movable pieces.

The frame (games/core/screens/versus.py) runs the computer, the hint, draw offers and undo by turns;
this module draws the board and turns input into moves.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from games.core.kit.actions import Act, Device
from games.core.kit.session import Change
from games.core.loop.tween import GLOW_SECONDS, Tween, ease_in_out_cubic, ease_out_cubic, glow
from games.core.screens import hud, ui
from games.core.screens.cache import Layer
from games.core.screens.drag import Drag, slide_back
from games.core.screens.game_scene import HUD_HEIGHT
from games.core.screens.versus import COMPUTER, HUMAN, VersusScene
from games.core.screens.widgets import Choose
from games.mu_torere import rules
from games.mu_torere.info import COLOURS, PREFS, STYLES
from sprites import mu_torere as paint

CENTRE = rules.CENTRE
EMPTY = rules.EMPTY

POINT_NAMES = ("top", "top right", "right", "bottom right", "bottom", "bottom left", "left",
               "top left", "middle")
REMINDER = ("Move a piece along a line to the empty point. Into the middle only from "
            "beside an opponent's piece. Whoever cannot move loses.")

SLIDE_SECONDS = 0.42
DROP_SECONDS = 0.14
CHAIN_OVERLAP = 0.12
RADIUS, PIECE, WELL = 300, 104, 86
BOARD_CENTRE = (960, 574)


@lru_cache(maxsize=64)
def legal(state: rules.State) -> dict:
    """Source point -> Move for the side to move (each piece has at most one move)."""
    return {move.source: move for move in rules.legal_moves(state)}


class MuTorereScene(VersusScene):
    SIDE_NAMES = ("Black", "White")
    PREFS = PREFS
    DRAW_MOVE = rules.AGREED_DRAW

    def __init__(self, app, session, play_options=None):
        super().__init__(app, session, play_options)
        self.centre = BOARD_CENTRE
        self.clock = 0.0
        self.cursor = self.home_cursor()
        self.selected: int | None = None
        self.hover: int | None = None
        self.drag: Drag | None = None
        self.slides: dict[int, tuple[Tween, list]] = {}     # point -> (tween, path)
        self.layer = Layer(ui.BG)       # the calm board, drawn once per look

    # --- sides and options -----------------------------------------------------------------
    def colour(self, side: int) -> tuple:
        return COLOURS[self.prefs["colours"][side]][1]

    def side_name(self, side: int) -> str:
        return COLOURS[self.prefs["colours"][side]][0]

    def side_of(self, piece: str) -> int:
        return rules.SIDES.index(piece)

    def swatch(self, side: int, size: int):
        return paint.piece(self.colour(side), size)

    def option_rows(self) -> list:
        swatches = {key: paint.piece(colour, 34) for key, (_, colour) in COLOURS.items()}
        choices = tuple((key, name) for key, (name, _) in COLOURS.items())
        rows = []
        for side in (0, 1):
            role = self.role(side)
            rows.append(Choose(f"colour{side}", "Your colour" if role == "You" else
                               f"{role}'s colour", choices, self.prefs["colours"][side],
                               lambda value, s=side: self.set_colour(s, value), swatches,
                               lambda value, s=side: value == self.prefs["colours"][1 - s]))
        rows.append(Choose("board", "Board", STYLES, self.prefs["board"],
                           lambda value: self.set_pref("board", value)))
        rows.append(Choose("legend", "Colour legend", ((True, "On"), (False, "Off")),
                           self.prefs["legend"], lambda value: self.set_pref("legend", value)))
        return rows

    def set_colour(self, side: int, name: str) -> None:
        colours = list(self.prefs["colours"])
        colours[side] = name
        self.set_pref("colours", colours)

    def toggle_legend(self) -> None:
        self.set_pref("legend", not self.prefs["legend"])
        self.app.audio.play("select")
        self.say("Colour legend on." if self.prefs["legend"] else "Colour legend off.")

    def toggle_style(self) -> None:
        style = "wheel" if self.prefs["board"] == "star" else "star"
        self.set_pref("board", style)
        self.app.audio.play("select")
        self.say(f"{dict(STYLES)[style]} board.")

    # --- geometry --------------------------------------------------------------------------
    def xy(self, point: int) -> tuple[float, float]:
        dx, dy = paint.point_offset(point, RADIUS)
        return self.centre[0] + dx, self.centre[1] + dy

    def travel(self, a: int, b: int) -> list[tuple[float, float]]:
        """The line from point a to point b on this board, on the screen."""
        cx, cy = self.centre
        return [(cx + x, cy + y) for x, y in paint.path(self.prefs["board"], a, b, RADIUS)]

    def point_at(self, pos) -> int | None:
        if pos is None:
            return None
        best = min(range(9), key=lambda p: math.dist(self.xy(p), pos))
        return best if math.dist(self.xy(best), pos) <= PIECE / 2 + 14 else None

    def card_rect(self, side: int) -> pygame.Rect:
        rect = pygame.Rect(0, HUD_HEIGHT + 26, 450, 150)
        if side == 0:
            rect.left = 40
        else:
            rect.right = self.app.size[0] - 40
        return rect

    # --- what may move ---------------------------------------------------------------------
    def movable(self) -> dict:
        return {} if self.over else legal(self.state)

    def home_cursor(self) -> int:
        moves = self.movable()
        return min(moves) if moves else CENTRE

    def empty_point(self) -> int:
        return self.state.board.index(EMPTY)

    def why_stuck(self) -> str:
        if self.empty_point() == CENTRE:
            return ("That piece may go into the middle only when an opponent's piece stands on "
                    "a neighbouring point.")
        return "That piece has no line to the empty point."

    # --- input -----------------------------------------------------------------------------
    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == Act.POINT:
            self.hover = self.point_at(action.pos)
            if self.drag is not None:
                self.drag.follow(action.pos)
        elif kind == Act.RELEASE:
            if self.drag is not None:
                self.drop(action.pos)
        elif kind == Act.ALT or (kind == Act.PRESS and action.alt):
            self.open_options()
        elif kind == Act.KEY:
            {"l": self.toggle_legend, "s": self.toggle_style,
             "n": self.new_game}.get(action.value, lambda: None)()
        elif kind == Act.MOVE:
            self.move_cursor(action.dx, action.dy)
        elif kind in (Act.NEXT, Act.PREV):
            self.cycle_cursor(1 if kind == Act.NEXT else -1)
        elif kind == Act.PRESS and not self.over:
            point = self.point_at(action.pos)
            if point is None:
                self.selected = None
            else:
                self.cursor = point
                self.choose(point, action.pos)
        elif kind == Act.CONFIRM and not self.over:
            self.choose(self.cursor, None)

    def choose(self, point: int, pointer) -> None:
        """A click, or Enter / A on the cursor, at a point."""
        if self.waiting():
            return
        state = self.state
        moves = legal(state)
        piece = state.board[point]
        if piece == state.to_move:
            if point not in moves:
                self.selected = None
                self.say(self.why_stuck())
                self.app.audio.play("wrong")
            elif pointer is None and self.selected == point:
                self.play(moves[point])
            else:
                self.selected, self.clock = point, 0.0     # the target's glow starts again
                self.app.audio.play("select")
                if pointer is not None:
                    self.drag = Drag(point, pointer, self.xy(point))
                else:
                    self.cursor = moves[point].target
        elif piece == EMPTY:
            if self.selected in moves:
                self.play(moves[self.selected])
            elif len(moves) == 1:
                self.play(next(iter(moves.values())))
            else:
                self.say(f"Choose which piece goes here: {len(moves)} of yours can.")
                self.app.audio.play("wrong")
        else:
            self.say(f"That is {self.side_name(self.side_of(piece))}'s piece: "
                     f"move one of your own.")
            self.app.audio.play("wrong")

    def drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        if not drag.moved:
            return                       # a click: the piece stays selected
        move = legal(self.state).get(drag.item)
        if move is not None and self.point_at(pos) == move.target and self.play(move):
            if self.animations_on():
                self.slides[move.target] = (self.tweens.add(Tween(DROP_SECONDS, ease_out_cubic)),
                                            [drag.spot, self.xy(move.target)])
            return
        back = slide_back(self.tweens, drag.item, drag.spot, self.xy(drag.item),
                          self.animations_on())
        if back is not None:             # not a legal drop: back it goes
            self.slides[drag.item] = (back.tween, [back.spot, back.home])

    def move_cursor(self, dx: int, dy: int) -> None:
        origin = pygame.Vector2(self.xy(self.cursor))
        best, best_cost = None, None
        for point in range(9):
            offset = pygame.Vector2(self.xy(point)) - origin
            ahead = offset.x * dx + offset.y * dy
            if point == self.cursor or ahead <= 1:
                continue
            cost = ahead + 2 * abs(offset.x * dy - offset.y * dx)
            if best_cost is None or cost < best_cost:
                best, best_cost = point, cost
        if best is not None:
            self.cursor = best

    def cycle_cursor(self, step: int) -> None:
        points = sorted(self.movable())
        if not points:
            return
        later = [p for p in points if (p - self.cursor) * step > 0]
        self.cursor = (min(later) if step > 0 else max(later)) if later else \
            (points[0] if step > 0 else points[-1])

    def cancel(self) -> bool:
        if self.drag is not None or self.selected is not None:
            self.drop_held()
            return True
        if self.hint_shown():
            self.hint_for = None
            return True
        return False

    def drop_held(self) -> None:
        self.drag = None
        self.selected = None

    def after_change(self, change: Change) -> None:
        self.drop_held()
        super().after_change(change)

    def restart(self) -> None:
        super().restart()
        self.cursor = self.home_cursor()

    # --- animation -------------------------------------------------------------------------
    def clear_animation(self) -> None:
        self.slides = {}

    turn_gap = -CHAIN_OVERLAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Each piece that changed point slides along the line from where it was to where it
        is (on undo that is the same line, the other way). Returns when the slides end."""
        old, new = change.old.board, change.new.board
        if old == new or not self.animations_on():
            return delay
        left = [p for p in range(9) if old[p] != EMPTY and new[p] != old[p]]
        end = delay
        for point in range(9):
            piece = new[point]
            if piece == EMPTY or old[point] == piece:
                continue
            source = next((p for p in left if old[p] == piece), None)
            if source is None:
                continue
            left.remove(source)
            line = self.travel(source, point)
            self.slides.pop(source, None)        # that piece was itself still arriving
            seconds = SLIDE_SECONDS * (1.0 if len(line) > 2 or CENTRE in (source, point) else 0.9)
            tween = self.tweens.add(Tween(seconds, ease_in_out_cubic, delay=delay))
            self.slides[point] = (tween, line)
            end = max(end, delay + seconds)
        return end

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    # --- words -----------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        lines = super().result_lines()
        lines[0] = f"{self.state.ply} moves played"
        return lines

    def hud_fields(self):
        fields = [("Moves", f"{self.state.ply} of {rules.PLY_LIMIT}")]
        if COMPUTER in self.players:
            fields.insert(0, ("Computer", self.level_text()))
        return fields

    def move_words(self, move) -> str:
        return f"{POINT_NAMES[move.source]}  to  {POINT_NAMES[move.target]}"

    def prompt(self) -> str:
        if self.over:
            winner = self.session.status.winner
            title = "A draw" if winner is None else f"{self.side_name(winner)} wins"
            return f"{title}: {self.ending()}"
        name = self.side_name(self.to_move)
        if self.demo:
            return (f"Paused ({name} to move): Space, A or a click plays on"
                    if self.demo_paused else f"{name} to move: Space, A or a click pauses")
        if self.offer is not None:
            return "The computer considers your offer..."
        if not self.human_to_move():
            return f"The computer ({name}) is thinking..."
        who = f"Your move ({name})" if self.against_computer else f"{name} to move"
        if self.selected is not None:
            how = self.by_device("click the lit point or drag there",
                                 "Enter moves it there, Esc lets go", "A moves it there, B lets go")
        else:
            how = self.by_device("click a piece that can move", "arrows and Enter pick a piece",
                                 "d-pad and A pick a piece")
        return f"{who}: {how}"

    # --- the bench -------------------------------------------------------------------------
    def bench_pose(self) -> None:
        """The most expensive everyday look: a game under way with the graded hint shown, a
        piece selected, the legend on and the keyboard cursor."""
        self.tweens.finish_all()
        for text in ("3-8", "4-3", "8-4", "7-8"):
            self.session.apply(text)
        self.prefs.values["legend"] = True
        self.players = (HUMAN, COMPUTER)
        self.hint_for = self.state
        self.grades = (self.state, self.ai.graded_moves(self.state))
        self.selected = min(legal(self.state))
        self.cursor = self.empty_point()
        self.pretend_device(Device.KEYBOARD)

    # --- drawing ---------------------------------------------------------------------------
    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        title = ui.assets.text(self.info.title, ui.HEADING, ui.TEXT, True)
        ui.label(surface, "Block your opponent: whoever cannot move loses",
                 (40 + title.get_width() + 36, HUD_HEIGHT // 2 + 2), ui.SMALL + 2, ui.MUTED,
                 anchor="midleft")

    def moving(self) -> bool:
        return (self.drag is not None and self.drag.moved) or \
            any(not tween.done for tween, _ in self.slides.values())

    def look(self) -> tuple:
        """Everything the calm board's picture depends on."""
        return (self.state, self.session.position, len(self.session.entries), self.over,
                tuple(self.prefs["colours"]), self.prefs["board"], self.prefs["legend"],
                self.hint_shown() and self.graded() is not None, self.selected, self.hover,
                self.cursor, self.show_cursor(), self.human_to_move(), self.prompt(),
                self.level_text(), self.pick)

    def draw_board(self, surface) -> None:
        """A calm board (most frames) is one cached picture, redrawn when its look changes;
        while a piece slides or is dragged it is drawn afresh. The target's pulse goes on top."""
        if self.moving():
            self.draw_calm(surface)
        else:
            self.layer.blit(surface, self.board_rect, self.look(), self.draw_calm)
        if self.pulsing():
            pulse = glow(self.clock)
            target = paint.ring(PIECE + 4 + round(pulse * 12), ui.ACCENT, 4)
            surface.blit(target, target.get_rect(
                center=self.xy(self.movable()[self.selected].target)))

    def pulsing(self) -> bool:
        """The selected piece's target ring pulses (while a human chooses)."""
        return self.selected in self.movable() and self.human_to_move() and self.drag is None

    def next_change(self) -> float | None:
        beating = self.pulsing() and self.clock < GLOW_SECONDS   # then it holds still
        return 0.0 if beating else super().next_change()

    def draw_calm(self, surface) -> None:
        board = paint.board(self.prefs["board"], RADIUS, WELL)
        surface.blit(board, board.get_rect(center=self.centre))
        human = self.human_to_move()
        moves = self.movable()
        hinted = (self.graded() or ()) if self.hint_shown() else ()
        for move, value, _ in hinted:
            self.draw_path(surface, move.source, move.target, hud.GRADE_COLOURS[value], 12, 230)
        self.draw_last_move(surface)
        chosen = self.selected if human and self.selected in moves else None
        if self.pick is not None:
            chosen = self.pick.source
        if chosen is not None:
            target = moves[chosen].target
            self.draw_path(surface, chosen, target, ui.ACCENT, 14, 255)
            glow = paint.glow(PIECE + 40, ui.ACCENT)
            surface.blit(glow, glow.get_rect(center=self.xy(target)))
        self.draw_pieces(surface, chosen)
        self.draw_marks(surface, human, moves, chosen)
        self.draw_grades(surface)
        self.draw_prompt(surface)
        if self.prefs["legend"]:
            for side in (0, 1):
                self.draw_card(surface, side)
        top = self.card_rect(0).bottom + 24 if self.prefs["legend"] else HUD_HEIGHT + 26
        reminder = pygame.Rect(40, top, 450, 232)
        hud.info_box(surface, reminder, "How pieces move", REMINDER)
        if hinted:
            hud.grade_key(surface, pygame.Rect(40, reminder.bottom + 24, 450,
                                               hud.GRADE_KEY_HEIGHT))
        rows = self.log_rows(7)
        top = self.card_rect(1).bottom + 24 if self.prefs["legend"] else HUD_HEIGHT + 26
        hud.move_log(surface, pygame.Rect(self.app.size[0] - 490, top, 450,
                                          hud.move_log_height(len(rows))), rows)

    def mark_move(self, surface, move) -> None:
        """The last move: its line, faint, and a ring where the piece came from."""
        self.draw_path(surface, move.source, move.target, ui.TEXT, 8, 90)
        ring = paint.ring(PIECE - 18, ui.TEXT, 3, 120)
        surface.blit(ring, ring.get_rect(center=self.xy(move.source)))

    def grade_spot(self, move):
        x, y = self.xy(move.source)
        return x, y + PIECE / 2 + 6

    def draw_path(self, surface, a: int, b: int, colour, width: int, alpha: int) -> None:
        image, (left, top) = paint.path_mark(self.prefs["board"], a, b, RADIUS, colour, width,
                                             alpha)
        surface.blit(image, (self.centre[0] + left, self.centre[1] + top))

    def piece_position(self, point: int) -> tuple[float, float]:
        slide = self.slides.get(point)
        if slide is None or slide[0].done:
            return self.xy(point)
        tween, line = slide
        return paint.along(line, tween.value)

    def draw_pieces(self, surface, chosen) -> None:
        board = self.state.board
        dragged = self.drag.item if self.drag and self.drag.moved else None
        moving, resting = [], []
        for point, piece in enumerate(board):
            if piece == EMPTY or point == dragged:
                continue
            slide = self.slides.get(point)
            (moving if slide and not slide[0].done else resting).append(point)
        for point in resting + moving:
            x, y = self.piece_position(point)
            lift = 8 if point in moving else 6 if point == chosen else 0
            self.blit_piece(surface, board[point], x, y, lift)
        if dragged is not None:
            self.blit_piece(surface, board[dragged], *self.drag.spot, 12)

    def blit_piece(self, surface, piece: str, x: float, y: float, lift: int) -> None:
        shade = paint.shadow(PIECE)
        surface.blit(shade, shade.get_rect(center=(x + 3 + lift / 2, y + 7 + lift)))
        image = paint.piece(self.colour(self.side_of(piece)), PIECE)
        surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))

    def draw_marks(self, surface, human: bool, moves: dict, chosen) -> None:
        """Rings: pieces that can move, the selected one, the cursor, the loser at the end."""
        if self.over:
            status = self.session.status
            if status.winner is not None:
                loser = rules.SIDES[1 - status.winner]
                ring = paint.ring(PIECE + 14, ui.BAD, 5)
                for point, piece in enumerate(self.state.board):
                    if piece == loser:
                        surface.blit(ring, ring.get_rect(center=self.xy(point)))
            return
        if human and chosen is None and self.drag is None:
            soft = paint.ring(PIECE + 12, ui.TEXT, 3, 150)
            bright = paint.ring(PIECE + 14, ui.ACCENT, 4)
            for point in moves:
                image = bright if point == self.hover and not self.show_cursor() else soft
                surface.blit(image, image.get_rect(center=self.xy(point)))
        if chosen is not None:
            x, y = self.xy(chosen)
            ring = paint.ring(PIECE + 16, ui.ACCENT, 5)
            surface.blit(ring, ring.get_rect(center=(x, y - 6)))
        if self.show_cursor() and human:
            cursor = paint.ring(PIECE + 30, ui.ACCENT, 6)
            surface.blit(cursor, cursor.get_rect(center=self.xy(self.cursor)))

    def draw_prompt(self, surface) -> None:
        words = self.prompt()
        room = self.card_rect(1).left - self.card_rect(0).right - 110
        size = ui.BODY if ui.assets.font(ui.BODY).size(words)[0] <= room else ui.SMALL + 2
        image = ui.assets.text(words, size, ui.TEXT)
        rect = image.get_rect(center=(self.centre[0] + 22, HUD_HEIGHT + 38))
        surface.blit(image, rect)
        if not self.over:
            swatch = self.swatch(self.to_move, 34)
            surface.blit(swatch, swatch.get_rect(midright=(rect.left - 12, rect.centery)))
        if not self.over and self.state.occurrences() == rules.REPETITION_LIMIT - 1:
            ui.label(surface, "This position has come round twice: a third time is a draw.",
                     (self.centre[0], HUD_HEIGHT + 76), ui.SMALL, ui.ACCENT, anchor="center")

    def draw_card(self, surface, side: int) -> None:
        role = self.role(side)
        if self.players[side] == COMPUTER:
            role += f" · {self.level_text()}"
        first = self.session.initial.to_move == rules.SIDES[side]
        to_move = not self.over and self.to_move == side
        hud.player_card(surface, self.card_rect(side), self.swatch(side, 76),
                        self.side_name(side), [role, "first to move" if first else
                                               "second to move"],
                        to_move, self.session.status.winner == side)


SCENE = MuTorereScene
