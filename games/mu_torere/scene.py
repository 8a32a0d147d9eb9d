"""Mu Torere on screen: the wooden board with its eight-pointed star (or the eight-spoked
wheel), four pieces a side that slide along the line they travel, a colour legend naming each
side, and an Options panel (colours, board style, legend, computer level with a Custom slider,
undo depth, offer a draw, new game).

Mouse: click one of your pieces (the line it would travel lights up), then the empty point; or
drag the piece there. Right button opens Options. Keyboard: arrows move the cursor, Enter or
Space picks a piece (the cursor jumps to where it can go) and Enter again moves it; Tab cycles
your movable pieces; X or O opens Options; D offers a draw; L legend; S board style; N new
game. Gamepad: d-pad moves, A picks and moves, X Options (which also offers a draw), Y graded
hint, LB/RB undo/redo, triggers cycle your movable pieces.

The computer plays from the solved table (games/mu_torere/ai.py) in a background Job after a
short pause; against it, undo takes back your move and its reply, as deep as the undo depth
allows. A draw offer is answered by the computer (ai.accepts_draw) or, between two players, by
the other player in a small dialog.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

import pygame

from games.core import input as act
from games.core import store, ui
from games.core.app import Scene
from games.core.game_scene import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens import SetupScene
from games.core.session import Change, Session
from games.core.tween import Tween, Tweens, ease_in_out_cubic, ease_out_cubic
from games.core.versus import COMPUTER, HUMAN, THINK_PAUSE, VersusScene
from games.mu_torere import ai, rules
from games.mu_torere.info import (COLOURS, LEVEL_TITLES, LEVELS, OPTIONS, STYLES, UNDO_DEPTHS,
                                  level_title, load_prefs)
from sprites import mu_torere as paint

KEY = "mu_torere"
CENTRE = rules.CENTRE
EMPTY = rules.EMPTY

POINT_NAMES = ("top", "top right", "right", "bottom right", "bottom", "bottom left", "left",
               "top left", "middle")
REMINDER = ("Move a piece along a line to the empty point. Into the middle only from "
            "beside an opponent's piece. Whoever cannot move loses.")
GRADE_COLOURS = paint.GRADE_COLOURS
GRADE_WORDS = {ai.WIN: "Win", ai.DRAW: "Draw", ai.LOSS: "Loss"}
INK = paint.CHIP_INK

SLIDE_SECONDS = 0.42
DROP_SECONDS = 0.14
CHAIN_OVERLAP = 0.12
RADIUS, PIECE, WELL = 300, 104, 86
BOARD_CENTRE = (960, 574)


# --- cached analysis (pure and quick; cached so a frame stays cheap) ---------------------------

@lru_cache(maxsize=64)
def graded(state: rules.State) -> tuple:
    return tuple(ai.graded_moves(state))


@lru_cache(maxsize=64)
def legal(state: rules.State) -> dict:
    """Source point -> Move for the side to move (each piece has at most one move)."""
    return {move.source: move for move in rules.legal_moves(state)}


class MuTorereScene(VersusScene):
    SIDE_NAMES = ("Black", "White")

    def __init__(self, app, session, play_options=None):
        play_options = dict(play_options or {})
        first = play_options.get("first", "B")
        if first in rules.SIDES and first != rules.START[-1] and session.desc == rules.START \
                and len(session.entries) == 1:
            session = Session(session.key, session.params, rules.START[:-1] + first)
        super().__init__(app, session, play_options)
        self.prefs = load_prefs(app.settings)
        self.level_choice = self.play_options.get("level") or "perfect"
        self.level = self.ai_level()
        self.centre = BOARD_CENTRE
        self.clock = 0.0
        self.cursor = self.home_cursor()
        self.selected: int | None = None
        self.hover: int | None = None
        self.drag: dict | None = None
        self.slides: dict[int, tuple[Tween, list]] = {}     # point -> (tween, path)
        self.hint_for = None
        self.offer: float | None = None          # the computer is considering a draw offer
        self.declined_at: int | None = None      # position where an offer was declined
        self.demo_paused = False
        self.turns_back = 0
        self.layer, self.layer_look = None, None     # the calm board, drawn once per look

    # --- who plays -------------------------------------------------------------------------
    @property
    def demo(self) -> bool:
        return self.players == (COMPUTER, COMPUTER)

    def ai_level(self):
        if self.level_choice == "custom":
            return self.prefs["custom_level"]
        return self.level_choice

    def level_text(self) -> str:
        return level_title(self.level_choice, self.prefs["custom_level"])

    def colour(self, side: int) -> tuple:
        return COLOURS[self.prefs["colours"][side]][1]

    def side_name(self, side: int) -> str:
        return COLOURS[self.prefs["colours"][side]][0]

    def side_of(self, piece: str) -> int:
        return rules.SIDES.index(piece)

    def role(self, side: int) -> str:
        if self.players[side] == COMPUTER:
            return f"Computer {side + 1}" if self.demo else "Computer"
        return "You" if self.against_computer else f"Player {side + 1}"

    def reason(self) -> str:
        """The rules' words for the ending, with the sides called by their colours."""
        names = {"Black": self.side_name(0), "White": self.side_name(1)}
        return re.sub(r"\b(Black|White)\b", lambda m: names[m[1]], self.session.status.reason)

    # --- settings --------------------------------------------------------------------------
    def set_pref(self, key: str, value) -> None:
        self.prefs[key] = value
        self.app.settings[KEY] = {k: (list(v) if isinstance(v, list) else v)
                                  for k, v in self.prefs.items()}
        self.app.save_settings()
        if key == "custom_level":
            self.level = self.ai_level()

    def set_colour(self, side: int, name: str) -> None:
        colours = list(self.prefs["colours"])
        colours[side] = name
        self.set_pref("colours", colours)

    def set_level(self, choice: str) -> None:
        self.level_choice = choice
        self.play_options["level"] = choice
        self.level = self.ai_level()
        setup = self.app.settings.setdefault("setup", {})
        remembered = setup.get(KEY)
        if not isinstance(remembered, dict):
            remembered = setup[KEY] = {o.key: self.play_options.get(o.key, o.default)
                                       for o in OPTIONS}
        remembered["level"] = choice
        self.app.save_settings()

    def toggle_legend(self) -> None:
        self.set_pref("legend", not self.prefs["legend"])
        self.app.audio.play("select")
        self.say("Colour legend on." if self.prefs["legend"] else "Colour legend off.")

    def toggle_style(self) -> None:
        styles = [value for value, _ in STYLES]
        style = styles[(styles.index(self.prefs["board"]) + 1) % len(styles)]
        self.set_pref("board", style)
        self.app.audio.play("select")
        self.say(f"{dict(STYLES)[style]} board.")

    def undo_depth(self) -> int:
        return self.prefs["undo_depth"]

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

    # --- whose move, what may move ---------------------------------------------------------
    def movable(self) -> dict:
        return {} if self.over else legal(self.state)

    def home_cursor(self) -> int:
        moves = self.movable()
        return min(moves) if moves else CENTRE

    def empty_point(self) -> int:
        return self.state.board.index(EMPTY)

    def why_stuck(self, point: int) -> str:
        if self.empty_point() == CENTRE:
            return ("That piece may go into the middle only when an opponent's piece stands on "
                    "a neighbouring point.")
        return "That piece has no line to the empty point."

    # --- input -----------------------------------------------------------------------------
    def is_move_input(self, action) -> bool:
        """Options, the legend, the board style and new game always get through; so does
        pausing the demo."""
        kind = action.kind
        if kind == act.ALT or (kind == act.PRESS and action.alt):
            return False
        if kind == act.KEY and action.value in ("o", "l", "s", "n"):
            return False
        if self.demo and kind in (act.CONFIRM, act.PRESS):
            return False
        return super().is_move_input(action)

    def handle_game(self, action) -> None:
        kind = action.kind
        if kind == act.POINT:
            self.hover = self.point_at(action.pos)
            if self.drag is not None:
                self.drag["pos"] = action.pos
                if math.dist(action.pos, self.drag["start"]) > 12:
                    self.drag["moved"] = True
            return
        if kind == act.RELEASE:
            if self.drag is not None:
                self.drop(action.pos)
            return
        if kind == act.ALT or (kind == act.PRESS and action.alt):
            self.open_options()
            return
        if kind == act.KEY:
            self.shortcut(action.value)
            return
        if self.demo and kind in (act.CONFIRM, act.PRESS):
            if kind == act.CONFIRM or self.point_at(action.pos) is not None or \
                    math.dist(action.pos, self.centre) < RADIUS * paint.DISC:
                self.toggle_demo_pause()
            return
        if kind == act.MOVE:
            self.move_cursor(action.dx, action.dy)
            return
        if kind in (act.NEXT, act.PREV):
            self.cycle_cursor(1 if kind == act.NEXT else -1)
            return
        if self.over or kind not in (act.PRESS, act.CONFIRM):
            return
        if self.offer is not None:
            self.say("Waiting for the computer's answer to your offer.")
            return
        if kind == act.PRESS:
            point = self.point_at(action.pos)
            if point is None:
                self.selected = None
                return
            self.cursor = point
            self.choose(point, action.pos)
        else:
            self.choose(self.cursor, None)

    def shortcut(self, letter: str) -> None:
        if letter == "o":
            self.open_options()
        elif letter == "d":
            self.offer_draw()
        elif letter == "l":
            self.toggle_legend()
        elif letter == "s":
            self.toggle_style()
        elif letter == "n":
            self.new_game()

    def choose(self, point: int, pointer) -> None:
        """A click, or Enter / A on the cursor, at a point."""
        if not self.human_to_move():
            return
        state = self.state
        moves = legal(state)
        piece = state.board[point]
        if piece == state.to_move:
            if point not in moves:
                self.selected = None
                self.say(self.why_stuck(point))
                self.app.audio.play("wrong")
                return
            if pointer is None and self.selected == point:
                self.play_move(moves[point])
                return
            self.selected = point
            self.app.audio.play("select")
            if pointer is not None:
                x, y = self.xy(point)
                self.drag = {"point": point, "start": pointer, "pos": pointer,
                             "grab": (pointer[0] - x, pointer[1] - y), "moved": False}
            else:
                self.cursor = moves[point].target
        elif piece == EMPTY:
            if self.selected in moves:
                self.play_move(moves[self.selected])
            elif len(moves) == 1:
                self.play_move(next(iter(moves.values())))
            else:
                self.say(f"Choose which piece goes here: {len(moves)} of yours can.")
                self.app.audio.play("wrong")
        else:
            self.say(f"That is {self.side_name(self.side_of(piece))}'s piece: "
                     f"move one of your own.")
            self.app.audio.play("wrong")

    def drop(self, pos) -> None:
        drag, self.drag = self.drag, None
        if not drag["moved"]:
            return                       # a click: the piece stays selected
        point = drag["point"]
        at = (pos[0] - drag["grab"][0], pos[1] - drag["grab"][1])
        move = legal(self.state).get(point)
        if move is not None and self.point_at(pos) == move.target and self.human_to_move():
            self.play_move(move, dropped_at=at)
            return
        if self.animations_on():           # not a legal drop: back it goes
            self.slides[point] = (self.tweens.add(Tween(0.2, ease_in_out_cubic)),
                                  [at, self.xy(point)])

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
            self.drag = None
            self.selected = None
            return True
        if self.hint_for is not None:
            self.hint_for = None
            return True
        return False

    def toggle_demo_pause(self) -> None:
        self.demo_paused = not self.demo_paused
        self.cancel_thinking()
        self.say("Paused: undo and redo step through the game; Space, A or a click plays on."
                 if self.demo_paused else "Playing on.")

    # --- moves -----------------------------------------------------------------------------
    def play_move(self, move, dropped_at=None) -> None:
        if self.play(move) and dropped_at is not None and self.animations_on():
            self.slides[move.target] = (self.tweens.add(Tween(DROP_SECONDS, ease_out_cubic)),
                                        [dropped_at, self.xy(move.target)])

    def play(self, move) -> Change | None:
        change = super().play(move)
        if change is not None:
            self.turns_back = 0
            self.after_move()
            self.app.audio.play("place" if move == rules.AGREED_DRAW else "move")
        return change

    def after_move(self) -> None:
        self.selected = None
        self.drag = None
        if self.cursor not in range(9):
            self.cursor = CENTRE

    def hint(self) -> None:
        if not self.human_to_move() and not self.demo:
            self.say("Hints are for your own move.")
            return
        if self.hint_for == self.state:
            self.hint_for = None
            self.say("Hint hidden.")
            return
        self.hint_for = self.state
        self.count_hint()
        self.app.audio.play("hint")
        counts = {value: 0 for value in (ai.WIN, ai.DRAW, ai.LOSS)}
        for _, value, _ in graded(self.state):
            counts[value] += 1
        verbs = {ai.WIN: ("wins", "win"), ai.DRAW: ("draws", "draw"), ai.LOSS: ("loses", "lose")}
        parts = [f"{n} {verbs[value][n > 1]}" for value in (ai.WIN, ai.DRAW, ai.LOSS)
                 if (n := counts[value])]
        self.say(f"Your moves graded: {', '.join(parts)}.")

    def offer_draw(self) -> None:
        if self.over:
            return
        if self.demo:
            self.say("The computers play on; a draw is for players to offer.")
            return
        if not self.human_to_move():
            self.say("Offer a draw on your own turn.")
            return
        if self.offer is not None:
            return
        if self.declined_at == self.session.position:
            self.say("Your offer was declined: play a move before offering again.")
            self.app.audio.play("wrong")
            return
        self.selected = self.drag = None
        if self.against_computer:
            self.offer = THINK_PAUSE
            self.say("You offer a draw...")
            self.app.audio.play("select")
        else:
            self.app.push(DrawOfferScene(self.app, self))

    def answer_offer(self, accepted: bool, by: int) -> None:
        name = self.role(by) if self.against_computer else self.side_name(by)
        if accepted:
            self.say(f"{name} accepts the draw.")
            self.play(rules.AGREED_DRAW)
        else:
            self.declined_at = self.session.position
            self.say(f"{name} declines the draw: play on.")
            self.app.audio.play("wrong")

    def new_game(self) -> None:
        self.tweens.finish_all()
        self.app.push(SetupScene(self.app, KEY, replace_scene=self))

    def open_options(self) -> None:
        self.tweens.finish_all()
        self.drag = None
        self.app.push(OptionsScene(self.app, self))

    # --- undo and redo of whole turns, as deep as the undo depth allows ---------------------
    def undo(self) -> None:
        if self.demo:
            self.demo_paused = True
        depth = self.undo_depth()
        if depth and self.turns_back >= depth and self.session.can_undo():
            self.say(f"The undo depth is {depth} turn{'s' if depth > 1 else ''}: "
                     f"change it in Options.")
            self.app.audio.play("wrong")
            return
        before = self.session.position
        self.offer = None
        super().undo()
        if self.session.position < before:
            self.turns_back += 1
        self.after_move()

    def redo(self) -> None:
        before = self.session.position
        self.offer = None
        super().redo()
        if self.session.position > before:
            self.turns_back = max(0, self.turns_back - 1)
        self.after_move()

    def restart(self) -> None:
        self.offer = None
        super().restart()
        self.turns_back = 0
        self.after_move()
        self.cursor = self.home_cursor()

    # --- animation -------------------------------------------------------------------------
    def animations_on(self) -> bool:
        return bool(self.app.settings.get("animations", True))

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
            if source in self.slides:            # that piece was itself still arriving
                self.slides.pop(source)
            seconds = SLIDE_SECONDS * (1.0 if len(line) > 2 or CENTRE in (source, point) else 0.9)
            tween = self.tweens.add(Tween(seconds, ease_in_out_cubic, delay=delay))
            self.slides[point] = (tween, line)
            end = max(end, delay + seconds)
        return end

    # --- the computer, offers and the ending ------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    def tick(self, dt: float) -> None:
        if self.offer is not None:
            self.offer -= dt
            if self.offer <= 0:
                self.offer = None
                computer = self.players.index(COMPUTER)
                self.answer_offer(self.ai.accepts_draw(self.state, computer), computer)
            return
        if self.demo_paused:
            self.cancel_thinking()
            return
        super().tick(dt)

    def result_reason(self) -> str:
        return self.reason()

    def record_table(self) -> str:
        return f"{KEY}/level={self.level}"

    def result_lines(self) -> list[str]:
        lines = super().result_lines()
        lines[0] = f"{self.state.ply} moves played"
        return lines

    def status_line(self) -> str:
        return self.reason() if self.over else ""

    def hud_fields(self):
        fields = [("Moves", f"{self.state.ply} of {rules.PLY_LIMIT}")]
        if COMPUTER in self.players:
            fields.insert(0, ("Computer", self.level_text()))
        return fields

    def extra_buttons(self):
        return [("Offer draw (D)", self.offer_draw), ("Options (O)", self.open_options)]

    # --- the scripted demo player and the bench ------------------------------------------------
    def bench_pose(self) -> None:
        """The most expensive everyday look: a game under way with the graded hint shown, a
        piece selected, the legend on and the keyboard cursor."""
        self.tweens.finish_all()
        for text in ("3-8", "4-3", "8-4", "7-8"):
            self.session.apply(text)
        self.prefs["legend"] = True
        self.players = (HUMAN, COMPUTER)
        self.hint_for = self.state
        self.selected = min(legal(self.state))
        self.cursor = self.empty_point()
        self.app.input.last_device = act.KEYBOARD

    # --- drawing ---------------------------------------------------------------------------
    def show_cursor(self) -> bool:
        return self.app.input.last_device != act.MOUSE

    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        title = ui.assets.text(self.info.title, ui.HEADING, ui.TEXT, True)
        ui.label(surface, "Block your opponent: whoever cannot move loses",
                 (40 + title.get_width() + 36, HUD_HEIGHT // 2 + 2), ui.SMALL + 2, ui.MUTED,
                 anchor="midleft")

    def moving(self) -> bool:
        return (self.drag is not None and self.drag["moved"]) or \
            any(not tween.done for tween, _ in self.slides.values())

    def look(self) -> tuple:
        """Everything the calm board's picture depends on."""
        return (self.state, self.session.position, len(self.session.entries), self.over,
                tuple(self.prefs["colours"]), self.prefs["board"], self.prefs["legend"],
                self.hint_for == self.state, self.selected, self.hover, self.cursor,
                self.show_cursor(), self.human_to_move(), self.prompt(), self.level_text())

    def draw_board(self, surface) -> None:
        """A calm board (most frames) is one cached picture, redrawn when its look changes;
        while a piece slides or is dragged it is drawn afresh. The target's pulse goes on top."""
        if self.moving():
            self.draw_calm(surface)
        else:
            area = self.board_rect
            look = self.look()
            if self.layer_look != look:
                if self.layer is None:
                    self.layer = pygame.Surface(self.app.size)
                    if pygame.display.get_surface() is not None:
                        self.layer = self.layer.convert()
                self.layer.fill(ui.BG, area)
                self.draw_calm(self.layer)
                self.layer_look = look
            surface.blit(self.layer, area, area)
        self.draw_pulse(surface)

    def draw_pulse(self, surface) -> None:
        moves = self.movable()
        if self.selected in moves and self.human_to_move() and self.drag is None:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
            target = paint.ring(PIECE + 4 + round(pulse * 12), ui.ACCENT, 4)
            surface.blit(target, target.get_rect(center=self.xy(moves[self.selected].target)))

    def draw_calm(self, surface) -> None:
        state = self.state
        style = self.prefs["board"]
        board = paint.board(style, RADIUS, WELL)
        surface.blit(board, board.get_rect(center=self.centre))
        human = self.human_to_move()
        moves = self.movable()
        hinted = graded(state) if self.hint_for == state and not self.over else ()
        for move, value, _ in hinted:
            self.draw_path(surface, move.source, move.target, GRADE_COLOURS[value], 12, 230)
        chosen = self.selected if human and self.selected in moves else None
        if chosen is not None:
            target = moves[chosen].target
            self.draw_path(surface, chosen, target, ui.ACCENT, 14, 255)
            glow = paint.glow(PIECE + 40, ui.ACCENT)
            surface.blit(glow, glow.get_rect(center=self.xy(target)))
        self.draw_pieces(surface, chosen)
        self.draw_marks(surface, human, moves, chosen)
        for move, value, plies in hinted:
            self.draw_badge(surface, move.source, value, plies)
        self.draw_prompt(surface)
        if self.prefs["legend"]:
            for side in (0, 1):
                self.draw_card(surface, side)
        reminder = self.draw_reminder(surface)
        if hinted:
            self.draw_grade_key(surface, reminder.bottom + 24)
        self.draw_history(surface)

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
        dragged = self.drag["point"] if self.drag and self.drag["moved"] else None
        shade = paint.shadow(PIECE)
        moving, resting = [], []
        for point, piece in enumerate(board):
            if piece == EMPTY or point == dragged:
                continue
            slide = self.slides.get(point)
            (moving if slide and not slide[0].done else resting).append(point)
        for point in resting + moving:
            x, y = self.piece_position(point)
            lift = 6 if point == chosen else 0
            if point in moving:
                lift = 8
            self.blit_piece(surface, shade, board[point], x, y, lift)
        if dragged is not None:
            pos, grab = self.drag["pos"], self.drag["grab"]
            self.blit_piece(surface, shade, board[dragged], pos[0] - grab[0], pos[1] - grab[1], 12)

    def blit_piece(self, surface, shade, piece: str, x: float, y: float, lift: int) -> None:
        surface.blit(shade, shade.get_rect(center=(x + 3 + lift / 2, y + 7 + lift)))
        image = paint.piece(self.colour(self.side_of(piece)), PIECE)
        surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))

    def draw_marks(self, surface, human: bool, moves: dict, chosen) -> None:
        """Rings: pieces that can move, the selected one, the target, the cursor, the end."""
        state = self.state
        if self.over:
            status = self.session.status
            if status.winner is not None:
                loser = rules.SIDES[1 - status.winner]
                ring = paint.ring(PIECE + 14, ui.BAD, 5)
                for point, piece in enumerate(state.board):
                    if piece == loser:
                        surface.blit(ring, ring.get_rect(center=self.xy(point)))
            return
        if human and chosen is None and self.drag is None:
            soft = paint.ring(PIECE + 12, ui.TEXT, 3, 150)
            bright = paint.ring(PIECE + 14, ui.ACCENT, 4)
            for point in moves:
                over = point == self.hover and not self.show_cursor()
                image = bright if over else soft
                surface.blit(image, image.get_rect(center=self.xy(point)))
        if chosen is not None:
            x, y = self.xy(chosen)
            ring = paint.ring(PIECE + 16, ui.ACCENT, 5)
            surface.blit(ring, ring.get_rect(center=(x, y - 6)))
        if self.show_cursor() and human:
            cursor = paint.ring(PIECE + 30, ui.ACCENT, 6)
            surface.blit(cursor, cursor.get_rect(center=self.xy(self.cursor)))

    def draw_badge(self, surface, point: int, value: str, plies) -> None:
        words = GRADE_WORDS[value] + (f" in {plies}" if plies is not None else "")
        image = ui.assets.text(words, ui.SMALL, INK, True)
        box = image.get_rect().inflate(20, 8)
        x, y = self.xy(point)
        box.center = (round(x), round(y + PIECE / 2 + 6))
        ui.panel(surface, box, GRADE_COLOURS[value], radius=10, border=INK, width=2)
        surface.blit(image, image.get_rect(center=box.center))

    def prompt(self) -> str:
        if self.over:
            winner = self.session.status.winner
            title = "A draw" if winner is None else f"{self.side_name(winner)} wins"
            return f"{title}: {self.reason()}"
        side = self.state.to_move
        name = self.side_name(self.side_of(side))
        if self.demo:
            return (f"Paused ({name} to move): Space, A or a click plays on"
                    if self.demo_paused else f"{name} to move: Space, A or a click pauses")
        if self.offer is not None:
            return "The computer considers your offer..."
        if not self.human_to_move():
            return f"The computer ({name}) is thinking..."
        who = f"Your move ({name})" if self.against_computer else f"{name} to move"
        device = self.app.input.last_device
        if self.selected is not None:
            how = {act.MOUSE: "click the lit point or drag there",
                   act.KEYBOARD: "Enter moves it there, Esc lets go",
                   act.PAD: "A moves it there, B lets go"}[device]
        else:
            how = {act.MOUSE: "click a piece that can move",
                   act.KEYBOARD: "arrows and Enter pick a piece",
                   act.PAD: "d-pad and A pick a piece"}[device]
        return f"{who}: {how}"

    def draw_prompt(self, surface) -> None:
        words = self.prompt()
        room = self.card_rect(1).left - self.card_rect(0).right - 110
        size = ui.BODY if ui.assets.font(ui.BODY).size(words)[0] <= room else ui.SMALL + 2
        image = ui.assets.text(words, size, ui.TEXT)
        rect = image.get_rect(center=(self.centre[0] + 22, HUD_HEIGHT + 38))
        surface.blit(image, rect)
        if not self.over:
            swatch = paint.piece(self.colour(self.to_move), 34)
            surface.blit(swatch, swatch.get_rect(midright=(rect.left - 12, rect.centery)))
        if not self.over and self.state.occurrences() == rules.REPETITION_LIMIT - 1:
            ui.label(surface, "This position has come round twice: a third time is a draw.",
                     (self.centre[0], HUD_HEIGHT + 76), ui.SMALL, ui.ACCENT, anchor="center")

    def draw_card(self, surface, side: int) -> None:
        rect = self.card_rect(side)
        status = self.session.status
        to_move = not self.over and self.to_move == side
        winner = status.winner == side
        border = ui.ACCENT if to_move else ui.GOOD if winner else ui.LINE
        ui.panel(surface, rect, ui.PANEL_HI if to_move else ui.PANEL, radius=18, border=border,
                 width=4 if (to_move or winner) else 2)
        swatch = paint.piece(self.colour(side), 76)
        surface.blit(swatch, swatch.get_rect(center=(rect.left + 66, rect.centery)))
        ui.label(surface, self.side_name(side), (rect.left + 124, rect.top + 44), ui.HEADING,
                 ui.TEXT, bold=True, anchor="midleft")
        role = self.role(side)
        if self.players[side] == COMPUTER:
            role += f" · {self.level_text()}"
        ui.label(surface, role, (rect.left + 126, rect.top + 94), ui.SMALL + 2, ui.MUTED,
                 anchor="midleft")
        first = self.session.initial.to_move == rules.SIDES[side]
        ui.label(surface, "first to move" if first else "second to move",
                 (rect.left + 126, rect.top + 126), ui.SMALL, ui.MUTED, anchor="midleft")
        note = "to move" if to_move else "winner" if winner else ""
        if note:
            ui.label(surface, note, (rect.right - 24, rect.top + 44), ui.SMALL + 2, border,
                     bold=True, anchor="midright")

    def draw_reminder(self, surface) -> pygame.Rect:
        """How pieces move, under the left card."""
        top = self.card_rect(0).bottom + 24 if self.prefs["legend"] else HUD_HEIGHT + 26
        rect = pygame.Rect(40, top, 450, 232)
        ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
        ui.label(surface, "How pieces move", (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT,
                 bold=True)
        ui.paragraph(surface, REMINDER, pygame.Rect(rect.left + 24, rect.top + 68,
                     rect.width - 48, rect.height - 80), ui.SMALL, ui.MUTED, spacing=1.3)
        return rect

    def draw_grade_key(self, surface, top: int) -> None:
        rect = pygame.Rect(40, top, 450, 246)
        ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
        ui.label(surface, "Graded moves", (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT,
                 bold=True)
        rows = ((ai.WIN, "you can force a win"), (ai.DRAW, "best play draws"),
                (ai.LOSS, "they can force a win"))
        for n, (value, words) in enumerate(rows):
            y = rect.top + 86 + n * 44
            chip = pygame.Rect(rect.left + 24, y - 17, 84, 34)
            ui.panel(surface, chip, GRADE_COLOURS[value], radius=10)
            ui.label(surface, GRADE_WORDS[value], chip.center, ui.SMALL, INK, bold=True,
                     anchor="center")
            ui.label(surface, words, (chip.right + 16, y), ui.SMALL, ui.TEXT, anchor="midleft")
        ui.label(surface, "in 3: moves to the end at best", (rect.left + 24, rect.bottom - 30),
                 ui.SMALL, ui.MUTED, anchor="midleft")

    def recent_moves(self, count: int) -> list[tuple[int, str, str]]:
        """The last few board moves since the start (or the last restart): (number, piece,
        move); 'draw' for an agreed draw."""
        entries = self.session.entries[:self.session.position + 1]
        found = []
        for index in range(len(entries) - 1, 0, -1):
            before, _ = entries[index - 1]
            after, text = entries[index]
            if text == "restart":
                break
            if len(found) < count:
                found.append((after.ply if text != "draw" else after.ply + 1,
                              before.to_move, text))
        return found[::-1]

    def draw_history(self, surface) -> None:
        """The last moves, under the right card."""
        top = self.card_rect(1).bottom + 24 if self.prefs["legend"] else HUD_HEIGHT + 26
        moves = self.recent_moves(7)
        rect = pygame.Rect(self.app.size[0] - 490, top, 450, 92 + 40 * max(1, len(moves)))
        ui.panel(surface, rect, ui.PANEL, radius=18, border=ui.LINE, width=2)
        ui.label(surface, "Last moves", (rect.left + 24, rect.top + 18), ui.BODY, ui.TEXT,
                 bold=True)
        if not moves:
            ui.label(surface, "None yet.", (rect.left + 24, rect.top + 80), ui.SMALL, ui.MUTED)
        for n, (number, piece, text) in enumerate(moves):
            y = rect.top + 88 + n * 40
            ui.label(surface, f"{number}.", (rect.left + 64, y), ui.SMALL, ui.MUTED,
                     anchor="midright")
            swatch = paint.piece(self.colour(self.side_of(piece)), 28)
            surface.blit(swatch, swatch.get_rect(center=(rect.left + 92, y)))
            if text == "draw":
                words = "draw agreed"
            else:
                move = rules.decode_move(text)
                words = f"{POINT_NAMES[move.source]}  to  {POINT_NAMES[move.target]}"
            ui.label(surface, words, (rect.left + 122, y), ui.SMALL, ui.TEXT, anchor="midleft")


# --- the Options panel ---------------------------------------------------------------------------

PANEL_RECT = pygame.Rect(1344, HUD_HEIGHT + 12, 548, 1080 - HUD_HEIGHT - TOOLBAR_HEIGHT - 24)
ROW_FONT = ui.SMALL + 2


class Row(ui.Widget):
    """A line of the Options panel: a label and a value stepped with left/right or a click."""

    def __init__(self, rect, words: str, choices, value, on_change, swatches=None):
        super().__init__(rect)
        self.words, self.choices, self.on_change = words, list(choices), on_change
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0
        self.swatches = swatches or {}
        self.skip = lambda value: False

    @property
    def value(self):
        return self.choices[self.index][0]

    def activate(self) -> None:
        self.adjust(1)

    def adjust(self, step: int) -> bool:
        for _ in range(len(self.choices)):
            self.index = (self.index + step) % len(self.choices)
            if not self.skip(self.value):
                break
        self.on_change(self.value)
        return True

    def back_zone(self) -> pygame.Rect:
        """Where a click steps back: the "<" and a little around it."""
        value, shown = self.choices[self.index]
        face = ui.assets.font(ROW_FONT, True)
        left = self.rect.right - 20 - face.size(">")[0] - 14 - face.size(shown)[0] - 14
        if value in self.swatches:
            left -= 54
        return pygame.Rect(left - face.size("<")[0] - 16, self.rect.top, face.size("<")[0] + 28,
                           self.rect.height)

    def draw(self, surface, focused: bool) -> None:
        ui.panel(surface, self.rect, ui.PANEL_HI if focused else ui.BG, radius=14,
                 border=ui.LINE, width=2)
        ui.label(surface, self.words, (self.rect.left + 22, self.rect.centery), ROW_FONT,
                 ui.MUTED, anchor="midleft")
        value, shown = self.choices[self.index]
        right = ui.label(surface, ">", (self.rect.right - 20, self.rect.centery), ROW_FONT,
                         ui.ACCENT, bold=True, anchor="midright")
        text = ui.label(surface, shown, (right.left - 14, self.rect.centery), ROW_FONT, ui.TEXT,
                        bold=True, anchor="midright")
        left = text.left - 14
        if value in self.swatches:
            swatch = paint.piece(self.swatches[value], 34)
            rect = swatch.get_rect(midright=(text.left - 10, self.rect.centery))
            surface.blit(swatch, rect)
            left = rect.left - 10
        ui.label(surface, "<", (left, self.rect.centery), ROW_FONT, ui.ACCENT, bold=True,
                 anchor="midright")
        if focused:
            ui.focus_ring(surface, self.rect, 16)


class Slider(ui.Widget):
    """The Custom level, 0 to 100: left/right step by one (held keys repeat), a click or a
    drag on the track sets it."""

    def __init__(self, rect, words: str, value: int, on_change):
        super().__init__(rect)
        self.words, self.value, self.on_change = words, value, on_change

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 30, self.rect.bottom - 34, self.rect.width - 60, 12)

    def activate(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        self.set(self.value + step)
        return True

    def set(self, value: int) -> None:
        value = max(0, min(100, int(value)))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def set_from(self, x: float) -> None:
        track = self.track
        self.set(round((x - track.left) / track.width * 100))

    def draw(self, surface, focused: bool) -> None:
        ui.panel(surface, self.rect, ui.PANEL_HI if focused else ui.BG, radius=14,
                 border=ui.LINE, width=2)
        ui.label(surface, self.words, (self.rect.left + 22, self.rect.top + 28), ROW_FONT,
                 ui.MUTED, anchor="midleft")
        ui.label(surface, f"{self.value}% best moves", (self.rect.right - 22, self.rect.top + 28),
                 ROW_FONT, ui.TEXT, bold=True, anchor="midright")
        track = self.track
        pygame.draw.rect(surface, ui.BG_DEEP, track, border_radius=6)
        filled = track.copy()
        filled.width = round(track.width * self.value / 100)
        pygame.draw.rect(surface, ui.ACCENT, filled, border_radius=6)
        knob = (track.left + track.width * self.value / 100, track.centery)
        pygame.draw.circle(surface, ui.TEXT, knob, 15)
        pygame.draw.circle(surface, ui.ACCENT, knob, 15, 4)
        if focused:
            ui.focus_ring(surface, self.rect, 16)


class OptionsScene(Scene):
    """The Options panel over the right of the board: offer a draw, new game, each side's
    colour, the board style, the legend, the computer's level (and the Custom slider) and the
    undo depth. Every change shows at once and is kept in the settings."""
    opaque = False

    def __init__(self, app, game: MuTorereScene):
        super().__init__(app)
        self.game = game
        self.tweens = Tweens()
        self.slide = self.tweens.add(Tween(0.22, ease_out_cubic)) if game.animations_on() else None
        self.sliding = False
        self.names: list[str] = []
        self.menu = ui.Menu()
        self.build()

    def build(self, focus: str | None = None) -> None:
        game, prefs = self.game, self.game.prefs
        panel = PANEL_RECT
        x, width = panel.left + 24, panel.width - 48
        y = panel.top + 92
        rows: list[tuple[str, ui.Widget]] = []
        half = (width - 16) // 2
        rows.append(("offer", ui.Button((x, y, half, 64), "Offer a draw", self.offer,
                                        enabled=not game.over and not game.demo,
                                        size=ROW_FONT)))
        rows.append(("new", ui.Button((x + half + 16, y, half, 64), "New game", self.new_game,
                                      size=ROW_FONT)))
        y += 80
        swatches = {key: colour for key, (_, colour) in COLOURS.items()}
        for side in (0, 1):
            row = Row((x, y, width, 64), f"{game.role(side)}'s colour"
                      if game.role(side) != "You" else "Your colour",
                      [(key, name) for key, (name, _) in COLOURS.items()],
                      prefs["colours"][side], lambda value, s=side: self.colour(s, value),
                      swatches)
            row.skip = lambda value, s=side: value == game.prefs["colours"][1 - s]
            rows.append((f"colour{side}", row))
            y += 76
        rows.append(("board", Row((x, y, width, 64), "Board", STYLES, prefs["board"],
                                  lambda value: self.change("board", value))))
        y += 76
        rows.append(("legend", Row((x, y, width, 64), "Colour legend",
                                   ((True, "On"), (False, "Off")), prefs["legend"],
                                   lambda value: self.change("legend", value))))
        y += 76
        if COMPUTER in game.players:
            choice = game.level_choice if game.level_choice in LEVEL_TITLES else "perfect"
            rows.append(("level", Row((x, y, width, 64), "Computer level", LEVELS, choice,
                                      self.level)))
            y += 76
            if game.level_choice == "custom":
                rows.append(("custom", Slider((x, y, width, 96), "Custom level",
                                              prefs["custom_level"], self.custom)))
                y += 108
        rows.append(("undo", Row((x, y, width, 64), "Undo depth", UNDO_DEPTHS,
                                 prefs["undo_depth"], lambda value: self.change("undo_depth",
                                                                                value))))
        y += 88
        rows.append(("close", ui.Button((x, y, width, 64), "Close (Esc)", self.close,
                                        size=ROW_FONT)))
        self.panel = PANEL_RECT.copy()
        self.panel.height = y + 64 + 28 - panel.top
        self.names = [name for name, _ in rows]
        widgets = [widget for _, widget in rows]
        keep = focus or (self.names[self.menu.focus] if self.menu.widgets else None)
        index = self.names.index(keep) if keep in self.names else \
            next(i for i, w in enumerate(widgets) if w.enabled)
        self.menu = ui.Menu(widgets, index)

    def widget(self, name: str):
        return self.menu.widgets[self.names.index(name)]

    # --- what the rows do --------------------------------------------------------------------
    def colour(self, side: int, value: str) -> None:
        self.game.set_colour(side, value)
        self.app.audio.play("select")

    def change(self, key: str, value) -> None:
        self.game.set_pref(key, value)
        self.app.audio.play("select")

    def level(self, value: str) -> None:
        self.game.set_level(value)
        self.app.audio.play("select")
        self.build("level")

    def custom(self, value: int) -> None:
        self.game.set_pref("custom_level", value)

    def offer(self) -> None:
        self.close()
        self.game.offer_draw()

    def new_game(self) -> None:
        self.close()
        self.game.new_game()

    def close(self) -> None:
        self.app.pop(self)

    # --- input -------------------------------------------------------------------------------
    def handle(self, action) -> None:
        kind = action.kind
        if kind in (act.CANCEL, act.ALT, act.MENU) or (kind == act.KEY and action.value == "o"):
            self.close()
            return
        if kind == act.HELP:
            self.game.open_rules()
            return
        if kind == act.RELEASE:
            self.sliding = False
            return
        slider = self.widget("custom") if "custom" in self.names else None
        if kind == act.POINT and self.sliding and slider is not None:
            slider.set_from(action.pos[0])
            return
        if kind == act.PRESS:
            if action.alt or not self.panel.collidepoint(action.pos):
                self.close()
                return
            if slider is not None and slider.rect.collidepoint(action.pos):
                self.menu.focus = self.names.index("custom")
                self.sliding = True
                slider.set_from(action.pos[0])
                return
            for index, widget in enumerate(self.menu.widgets):
                if isinstance(widget, Row) and widget.back_zone().collidepoint(action.pos):
                    self.menu.focus = index
                    widget.adjust(-1)          # the "<": one step back
                    return
        self.menu.handle(action)

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def draw(self, surface) -> None:
        shift = 0
        if self.slide is not None and not self.slide.done:
            shift = round((1 - self.slide.value) * (PANEL_RECT.width + 40))
        if not shift:
            self.draw_panel(surface)
            return
        layer = pygame.Surface(self.app.size, pygame.SRCALPHA)     # only while it slides in
        self.draw_panel(layer)
        surface.blit(layer, (shift, 0))

    def draw_panel(self, surface) -> None:
        panel = self.panel
        pygame.draw.rect(surface, ui.SHADOW, panel.move(8, 10), border_radius=22)
        ui.panel(surface, panel, ui.PANEL, radius=22, border=ui.ACCENT, width=3)
        ui.label(surface, "Options", (panel.left + 28, panel.top + 22), ui.HEADING, ui.TEXT,
                 bold=True)
        ui.label(surface, "kept for next time", (panel.right - 28, panel.top + 38), ui.SMALL,
                 ui.MUTED, anchor="topright")
        self.menu.draw(surface)


class DrawOfferScene(Scene):
    """Between two players: one offers a draw, the other accepts or declines."""
    opaque = False

    def __init__(self, app, game: MuTorereScene):
        super().__init__(app)
        self.game = game
        self.offering = game.to_move
        self.other = 1 - self.offering
        cx, cy = app.size[0] // 2, app.size[1] // 2
        self.box = pygame.Rect(0, 0, 900, 360)
        self.box.center = (cx, cy)
        self.menu = ui.Menu([
            ui.Button((cx - 370, self.box.bottom - 120, 350, 84), "Accept (Y)", self.accept),
            ui.Button((cx + 20, self.box.bottom - 120, 350, 84), "Play on (N)", self.decline),
        ], 1)

    def accept(self) -> None:
        self.app.pop(self)
        self.game.answer_offer(True, self.other)

    def decline(self) -> None:
        self.app.pop(self)
        self.game.answer_offer(False, self.other)

    def handle(self, action) -> None:
        kind = action.kind
        if kind == act.CANCEL:
            self.decline()
        elif kind == act.KEY and action.value in ("y", "n"):
            self.accept() if action.value == "y" else self.decline()
        elif kind == act.PRESS and not self.box.collidepoint(action.pos):
            return
        else:
            self.menu.handle(action)

    def draw(self, surface) -> None:
        width, height = self.app.size
        shade = pygame.Surface((width, height), pygame.SRCALPHA)
        shade.fill((10, 12, 18, 170))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, ui.PANEL, radius=22, border=ui.ACCENT)
        game = self.game
        swatch = paint.piece(game.colour(self.offering), 56)
        title = f"{game.side_name(self.offering)} offers a draw"
        text = ui.label(surface, title, (self.box.centerx + 36, self.box.top + 66), ui.HEADING,
                        ui.TEXT, bold=True, anchor="center")
        surface.blit(swatch, swatch.get_rect(midright=(text.left - 16, text.centery)))
        ui.label(surface, f"{game.side_name(self.other)}, do you accept?",
                 (self.box.centerx, self.box.top + 136), ui.BODY, ui.MUTED, anchor="center")
        self.menu.draw(surface)



SCENE = MuTorereScene
