"""Mu Torere on screen: the wooden board with its eight-pointed star (or the eight-spoked
wheel), four pieces a side that slide along the line they travel, the players' cards in the
colours they chose, the last moves, and Options (colours, board style, legend, and what every
two-player game offers: level, undo depth, offer a draw, new game).

What input means is decided in controls.py (click, drag, arrows, Tab, Enter); the board is
drawn by view.py over layout.py's geometry. Its commands (info.py's table): F flips the board
(turned round, kept in the save), D offers a draw, L legend, B board style, O Options; the
toolbar has Flip, Offer a draw and Options, and Options holds the legend and the board style.
Gamepad: Y graded hint, LB/RB undo/redo.

The frame (games/core/screens/versus.py) runs the computer, the hint, draw offers and undo by
turns; this module wires the controls, the view and the slides of the pieces.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer, Look, Play, Refuse
from games.core.kit.rules_parts import AGREED_DRAW
from games.core.kit.session import Change, Session
from games.core.loop.app import App
from games.core.loop.tween import GLOW_SECONDS, Tween, ease_in_out_cubic, ease_out_cubic, glow
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Drag, pointer_target, slide_back
from games.core.screens.ui import BG
from games.core.screens.versus import COMPUTER, VersusScene
from games.core.screens.widgets import Choose
from games.mu_torere import rules
from games.mu_torere.controls import Ui, ends, home, interpret, legal
from games.mu_torere.info import COLOURS, STYLES
from games.mu_torere.layout import PIECE, Layout
from games.mu_torere.view import Colour, Facts, MuTorereView, Slide
from sprites import mu_torere as paint

CENTRE = rules.CENTRE
EMPTY = rules.EMPTY

POINT_NAMES = ("top", "top right", "right", "bottom right", "bottom", "bottom left", "left",
               "top left", "middle")

SLIDE_SECONDS = 0.42
DROP_SECONDS = 0.14
CHAIN_OVERLAP = 0.12


class MuTorereScene(VersusScene):
    SIDE_NAMES = ("Black", "White")
    DRAW_MOVE = AGREED_DRAW

    def __init__(self, app: App, session: Session, play_options: dict[str, object] | None = None
                 ) -> None:
        super().__init__(app, session, play_options)
        flipped = bool(self.play_options.get("flip", False))
        self.ui = Ui(cursor=home(self.state), names=self.side_names(), flipped=flipped)
        self.lay_out()
        self.clock = 0.0                # since a piece was picked up: its target's glow
        self.drag: Drag | None = None   # a piece held by the mouse
        self.slides: dict[int, Slide] = {}      # point -> a piece on its way there

    def lay_out(self) -> None:
        """The geometry and the view for the way round the board is shown."""
        self.layout = Layout(self.app.size[0], flipped=self.ui.flipped)
        self.view = MuTorereView(self.layout)
        self.backdrop = Backdrop(BG)

    # --- sides and options -----------------------------------------------------------------
    def colour(self, side: int) -> Colour:
        return paint.piece_colour(self.prefs["colours"][side])

    def side_name(self, side: int) -> str:
        return paint.colour_name(self.prefs["colours"][side])

    def side_names(self) -> tuple[str, str]:
        return self.side_name(0), self.side_name(1)

    def swatch(self, side: int, size: int) -> pygame.Surface:
        return paint.piece(self.colour(side), size, side == 1)

    def option_rows(self) -> list[Choose]:
        swatches = {key: paint.piece(paint.piece_colour(key), 34) for key in COLOURS}
        choices = tuple((key, paint.colour_name(key)) for key in COLOURS)
        rows = []
        for side in (0, 1):
            role = self.role(side)
            # The row of a side's colour is named by the side alone (its swatch and colour
            # show what it sets): "Computer's colour" did not fit beside "Vermilion".
            rows.append(Choose(f"colour{side}", role, choices, self.prefs["colours"][side],
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
        self.ui = replace(self.ui, names=self.side_names())

    def commands(self) -> dict[Command, Callable[[], None]]:
        return {**super().commands(), Command.LEGEND: self.toggle_legend,
                Command.BOARD_STYLE: self.toggle_style, Command.FLIP: self.flip}

    def flip(self) -> None:
        """F or the Flip button: the board shown turned round (the opposite tips swap), kept
        in the save as Kono's is; the arrows follow the board as it is shown."""
        self.tweens.finish_all()
        self.drop_held()
        self.ui = replace(self.ui, flipped=not self.ui.flipped)
        self.play_options["flip"] = self.ui.flipped
        self.slides = {}
        self.lay_out()
        self.app.audio.play("swap")
        self.say("The board is turned around.")

    def toggle_legend(self) -> None:
        self.set_pref("legend", not self.prefs["legend"])
        self.app.audio.play("select")
        self.say("Colour legend on." if self.prefs["legend"] else "Colour legend off.")

    def toggle_style(self) -> None:
        style = "wheel" if self.prefs["board"] == "star" else "star"
        self.set_pref("board", style)
        self.app.audio.play("select")
        self.say(f"{dict(STYLES)[style]} board.")

    # --- input: controls.interpret decides, the scene carries it out ------------------------
    def handle_game(self, action: Action) -> None:
        if action.kind == Act.RELEASE and self.drag is None:
            return
        target = pointer_target(action, self.drag, self.layout.point_at)
        if not self.board_waits(action, target is not None):
            self.respond(action, interpret(self.state, self.ui, action, target))

    def respond(self, action: Action, answer: Answer) -> None:
        kind = action.kind
        drag = self.drag
        if kind == Act.RELEASE:
            self.drag = None
        if isinstance(answer, Refuse):
            self.refuse(answer.reason)
        elif isinstance(answer, Look):
            self.ui = answer.ui
            picked = answer.ui.selected
            if picked is not None and kind in (Act.PRESS, Act.CONFIRM):
                self.clock = 0.0                # the target's glow starts again
                self.app.audio.play("select")
                if kind == Act.PRESS and action.pos is not None:
                    self.drag = Drag(picked, action.pos, self.layout.xy(picked))
        elif isinstance(answer, Play):
            self.ui = answer.ui
            if self.play(answer.move) is not None:
                if drag is not None and kind == Act.RELEASE:
                    self.landed(answer.move, drag)
                return
        if drag is not None and kind == Act.RELEASE and drag.moved:
            back = slide_back(self.tweens, drag.item, drag.spot, self.layout.xy(drag.item),
                              self.animations_on())
            if back is not None:        # not a legal drop: back it goes
                self.slides[drag.item] = (back.tween, [back.spot, back.home])

    def landed(self, move: rules.Move, drag: Drag) -> None:
        """A piece dropped on its target settles there from where it was let go."""
        if self.animations_on():
            _, target = ends(move)
            self.slides[target] = (self.tweens.add(Tween(DROP_SECONDS, ease_out_cubic)),
                                   [drag.spot, self.layout.xy(target)])

    def cancel(self) -> bool:
        if self.drag is not None or \
                interpret(self.state, self.ui, Action(Act.CANCEL), None) is not None:
            self.drop_held()
            return True
        return False

    def drop_held(self) -> None:
        self.drag = None
        self.ui = replace(self.ui, selected=None)

    def after_change(self, change: Change) -> None:
        self.drop_held()
        super().after_change(change)

    def restart(self) -> None:
        super().restart()
        self.ui = replace(self.ui, cursor=home(self.state))

    # --- animation -------------------------------------------------------------------------
    def clear_animation(self) -> None:
        self.slides = {}

    turn_gap = -CHAIN_OVERLAP

    def animate_step(self, change: Change, delay: float) -> float:
        """Each piece that changed point slides along the line from where it was to where it
        is (on undo that is the same line, the other way). Returns when the slides end."""
        assert isinstance(change.old, rules.State) and isinstance(change.new, rules.State)
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
            line = self.layout.travel(self.prefs["board"], source, point)
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
    def hud_fields(self) -> list[tuple[str, str]]:
        fields = [("Moves", f"{self.state.ply} of {rules.PLY_LIMIT}")]
        if COMPUTER in self.players:
            fields.insert(0, ("Computer", self.level_text()))
        return fields

    def move_words(self, move: rules.Move) -> str:
        source, target = ends(move)
        return f"{POINT_NAMES[source]}  to  {POINT_NAMES[target]}"

    def prompt(self) -> str:
        if self.over:
            title = self.result_title()
            return f"{title}{' ' if title.endswith('!') else '. '}{self.ending()}"
        name = self.side_name(self.to_move)
        if self.demo:
            return (f"Paused ({name} to move): Space, A or a click plays on"
                    if self.demo_paused else f"{name} to move: Space, A or a click pauses")
        if self.offers.pending is not None:
            return "The computer considers your offer..."
        if not self.human_to_move():
            return f"The computer ({name}) is thinking..."
        who = f"Your move ({name})" if self.against_computer else f"{name} to move"
        if self.ui.selected is not None:
            how = self.by_device("click the lit point or drag there",
                                 "Enter moves it there, Esc puts it back",
                                 "A moves it there, B puts it back")
        else:
            how = self.by_device("click a piece that can move", "arrows and Enter pick a piece",
                                 "d-pad and A pick a piece")
        return f"{who}: {how}"

    def card_role(self, side: int) -> str:
        role = self.role(side)
        return role + f" · {self.level_text()}" if self.players[side] == COMPUTER else role

    # --- drawing ---------------------------------------------------------------------------
    def facts(self) -> Facts:
        """Everything the view shows besides the controls' Ui."""
        last = self.session.last_move()
        shown = last is not None and last != self.DRAW_MOVE and not self.tweens.busy
        return Facts(
            state=self.state, history=(self.session.position, len(self.session.entries)),
            colours=(self.colour(0), self.colour(1)), names=self.side_names(),
            roles=(self.card_role(0), self.card_role(1)),
            first=rules.SIDES.index(self.session.initial.to_move),
            style=self.prefs["board"], legend=self.prefs["legend"],
            human=self.human_to_move(), show_cursor=self.show_cursor(),
            winner=self.session.status.winner,
            grades=tuple(self.graded() or ()) if self.hint_shown() else (),
            last=last if shown else None, pick=self.pick, prompt=self.prompt(),
            log=self.log_rows)

    def draw_hud(self, surface: pygame.Surface) -> None:
        super().draw_hud(surface)
        self.view.draw_subtitle(surface, self.info.title)

    round_spots = True        # the lesson player rings a point with a circle

    def lesson_spot(self, point: int) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a point."""
        rect = pygame.Rect(0, 0, PIECE + 28, PIECE + 28)
        rect.center = (round(self.layout.xy(point)[0]), round(self.layout.xy(point)[1]))
        return rect

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The calm board (MuTorereView.still_parts): one picture, painted again as it
        changes."""
        self.backdrop.show(surface, self.view.still_parts(
            self.board_rect, self.facts(), self.ui, self.slides, self.drag, self.draw_last_move))

    def draw_board(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.facts(), self.ui, self.slides, self.drag,
                       glow(self.clock) if self.pulsing() else None, self.draw_last_move)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        self.view.mark_move(surface, self.prefs["board"], move)

    def grade_spot(self, move: rules.Move) -> tuple[float, float]:
        return self.layout.grade_spot(move)

    def pulsing(self) -> bool:
        """The selected piece's target ring pulses (while a human chooses)."""
        return self.ui.selected in legal(self.state) and self.human_to_move() and \
            self.drag is None

    def next_change(self) -> float | None:
        beating = self.pulsing() and self.clock < GLOW_SECONDS   # then it holds still
        return 0.0 if beating else super().next_change()


SCENE = MuTorereScene
