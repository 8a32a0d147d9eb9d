"""Mu Torere on screen: the wooden board with its eight-pointed star (or the eight-spoked
wheel), four pieces a side that slide along the line they travel, the players' cards in the
colours they chose, the last moves, and Options (colours, board style, legend, and what every
two-player game offers: level, undo depth, offer a draw, new game).

What input means is decided in controls.py (click, drag, arrows, Tab, Enter); the board is
drawn by view.py over layout.py's geometry. Its commands (info.py's table): F flips the board
(turned round, kept in the save), D offers a draw, L legend, B board style, O Options; the
toolbar has Flip, Offer a draw and Options, and Options holds the legend and the board style.
Gamepad: Y graded hint, LB/RB undo/redo.

The board wires these to the frame (games/core/screens/board.py), whose Versus runs the
computer, the hint, draw offers and undo by turns; the mouse's drag and drop is the Grip
every board of points shares (games/core/screens/drag.py); this module adds the slides of the
pieces.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pygame

from games.core.kit.actions import Act, Action, Command
from games.core.kit.controls import Answer, Play
from games.core.kit.session import Change
from games.core.loop.tween import GLOW_SECONDS, Tween, ease_in_out_cubic, ease_out_cubic, glow
from games.core.screens.board import Board, Table, chain, two_sides
from games.core.screens.cache import Backdrop
from games.core.screens.drag import Grip
from games.core.screens.ui import BG
from games.core.screens.widgets import Choose, Row
from games.mu_torere import rules
from games.mu_torere.controls import Ui, ends, home, interpret, legal
from games.mu_torere.geometry import PIECE, Point
from games.mu_torere.info import COLOURS, STYLES
from games.mu_torere.layout import Layout
from games.mu_torere.view import Colour, Facts, MuTorereView, Slide
from sprites import mu_torere as paint

CENTRE = rules.CENTRE
EMPTY = rules.EMPTY

POINT_NAMES = ("top", "top right", "right", "bottom right", "bottom", "bottom left", "left",
               "top left", "middle")

SLIDE_SECONDS = 0.42
DROP_SECONDS = 0.14
CHAIN_OVERLAP = 0.12


class MuTorereBoard(Board):
    round_spots = True        # the lesson player rings a point with a circle

    def __init__(self, table: Table) -> None:
        self.table, self.versus = table, two_sides(table)
        flipped = bool(table.play_options.get("flip", False))
        self.ui = Ui(cursor=home(self.state), names=self.side_names(), flipped=flipped)
        self.lay_out()
        self.grip = Grip(table, lambda point: self.layout.xy(point),
                         lambda pos: self.layout.point_at(pos),
                         lambda action, target: interpret(self.state, self.ui, action, target))
        self.clock = 0.0                # since a piece was picked up: its target's glow
        self.slides: dict[int, Slide] = {}      # point -> a piece on its way there

    @property
    def state(self) -> rules.State:
        return as_state(self.table.state)

    def lay_out(self) -> None:
        """The geometry and the view for the way round the board is shown."""
        self.layout = Layout(self.table.size[0], flipped=self.ui.flipped)
        self.view = MuTorereView(self.layout)
        self.backdrop = Backdrop(BG)

    # --- sides and options -----------------------------------------------------------------
    def colour(self, side: int) -> Colour:
        return paint.piece_colour(self.table.prefs["colours"][side])

    def side_name(self, side: int) -> str:
        return paint.colour_name(self.table.prefs["colours"][side])

    def side_names(self) -> tuple[str, str]:
        return self.side_name(0), self.side_name(1)

    def swatch(self, side: int, size: int) -> pygame.Surface:
        return paint.piece(self.colour(side), size, side == 1)

    def option_rows(self) -> list[Row]:
        prefs = self.table.prefs
        swatches = {key: paint.piece(paint.piece_colour(key), 34) for key in COLOURS}
        choices = tuple((key, paint.colour_name(key)) for key in COLOURS)

        def colour_row(side: int) -> Choose[str]:
            # The row of a side's colour is named by the side alone (its swatch and colour
            # show what it sets): "Computer's colour" did not fit beside "Vermilion".
            return Choose(f"colour{side}", self.versus.role(side), choices,
                          prefs["colours"][side], lambda value: self.set_colour(side, value),
                          swatches, lambda value: value == prefs["colours"][1 - side])
        rows: list[Row] = [colour_row(0), colour_row(1)]
        rows.append(Choose("board", "Board", STYLES, prefs["board"],
                           lambda value: self.table.set_pref("board", value)))
        rows.append(Choose("legend", "Colour legend", ((True, "On"), (False, "Off")),
                           prefs["legend"], lambda value: self.table.set_pref("legend", value)))
        return rows

    def set_colour(self, side: int, name: str) -> None:
        colours = list(self.table.prefs["colours"])
        colours[side] = name
        self.table.set_pref("colours", colours)
        self.ui = replace(self.ui, names=self.side_names())

    def commands(self) -> Mapping[Command, Callable[[], None]]:
        return {Command.LEGEND: self.toggle_legend, Command.BOARD_STYLE: self.toggle_style,
                Command.FLIP: self.flip}

    def flip(self) -> None:
        """F or the Flip button: the board shown turned round (the opposite tips swap), kept
        in the save as Kono's is; the arrows follow the board as it is shown."""
        self.table.tweens.finish_all()
        self.drop_held()
        self.ui = replace(self.ui, flipped=not self.ui.flipped)
        self.table.play_options["flip"] = self.ui.flipped
        self.rest()
        self.lay_out()
        self.table.sound("swap")
        self.table.say("The board is turned around.")

    def toggle_legend(self) -> None:
        prefs = self.table.prefs
        self.table.set_pref("legend", not prefs["legend"])
        self.table.sound("select")
        self.table.say("Colour legend on." if prefs["legend"] else "Colour legend off.")

    def toggle_style(self) -> None:
        style = "wheel" if self.table.prefs["board"] == "star" else "star"
        self.table.set_pref("board", style)
        self.table.sound("select")
        self.table.say(f"{dict(STYLES)[style]} board.")

    # --- input: controls.interpret decides, the frame carries it out ------------------------
    def read(self, action: Action) -> Answer:
        return self.grip.read(action)

    def look(self, ui: Ui, action: Action) -> None:
        """A piece picked up (by a press it may become a drag), with its sound; its target's
        glow starts again."""
        self.ui = ui
        picked = ui.selected
        if picked is not None and action.kind in (Act.PRESS, Act.CONFIRM):
            self.clock = 0.0
            if not self.grip.pick_up(picked, action):     # the mouse's pick-up sounds itself
                self.table.sound("select")

    def played(self, answer: Play[Any], change: Change[Any, Any] | None,
               action: Action) -> None:
        self.ui = self.grip.played(self.ui, answer, change)

    def cancel(self) -> bool:
        return self.grip.cancel(self.drop_held)

    def drop_held(self) -> None:
        self.ui = self.grip.put_down(self.ui)

    def changed(self, change: Change[Any, Any]) -> None:
        """Whatever was held is stale; after a restart the cursor starts afresh."""
        self.drop_held()
        if change.move is None and change.direction > 0:
            self.ui = replace(self.ui, cursor=home(self.state))

    # --- animation -------------------------------------------------------------------------
    def rest(self) -> None:
        self.slides, self.grip.settle = {}, None

    def animate(self, change: Change[Any, Any]) -> None:
        self.rest()
        self.animate_step(change, 0.0)

    def animate_turn(self, changes: Sequence[Change[Any, Any]]) -> None:
        self.rest()
        chain(changes, self.animate_step, -CHAIN_OVERLAP)

    def animate_step(self, change: Change[Any, Any], delay: float) -> float:
        """Each piece that changed point slides along the line from where it was to where it
        is (on undo that is the same line, the other way); a piece dropped on its point
        settles there from where it was let go. Returns when the slides end."""
        old, new = as_state(change.old).board, as_state(change.new).board
        if old == new or not self.table.animations_on():
            return delay
        dropped = self.grip.dropped_at() if change.direction > 0 else None
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
            self.slides.pop(source, None)        # that piece was itself still arriving
            if dropped is not None:
                line, seconds, ease = [dropped, self.layout.xy(point)], DROP_SECONDS, \
                    ease_out_cubic
            else:
                line = self.layout.travel(self.table.prefs["board"], source, point)
                seconds = SLIDE_SECONDS * (1.0 if len(line) > 2 or CENTRE in (source, point)
                                           else 0.9)
                ease = ease_in_out_cubic
            tween = self.table.tweens.add(Tween(seconds, ease, delay=delay))
            self.slides[point] = (tween, line)
            end = max(end, delay + seconds)
        return end

    def tick(self, dt: float) -> None:
        self.clock += dt

    # --- words -----------------------------------------------------------------------------
    def hud_fields(self) -> list[tuple[str, str]]:
        fields = [("Moves", f"{self.state.ply} of {rules.PLY_LIMIT}")]
        if self.versus.is_computer(0) or self.versus.is_computer(1):
            fields.insert(0, ("Computer", self.versus.level_text()))
        return fields

    def move_words(self, move: rules.Move) -> str:
        source, target = ends(move)
        return f"{POINT_NAMES[source]}  to  {POINT_NAMES[target]}"

    def prompt(self) -> str:
        versus = self.versus
        if versus.looking:                       # a review: whose turn, its panel says the rest
            return versus.turn_prompt()
        if self.table.over:
            title = versus.result_title()
            return f"{title}{' ' if title.endswith('!') else '. '}{versus.ending()}"
        name = self.side_name(versus.to_move)
        if versus.demo:
            return (f"Paused ({name} to move): Space, A or a click plays on"
                    if versus.demo_paused else f"{name} to move: Space, A or a click pauses")
        if versus.offers.pending is not None:
            return "The computer considers your offer..."
        if not versus.human_to_move():
            return f"The computer ({name}) is thinking..."
        who = f"Your move ({name})" if versus.against_computer else f"{name} to move"
        if self.ui.selected is not None:
            how = self.table.by_device("click the lit point or drag there",
                                       "Enter moves it there, Esc puts it back",
                                       "A moves it there, B puts it back")
        else:
            how = self.table.by_device("click a piece that can move",
                                       "arrows and Enter pick a piece",
                                       "d-pad and A pick a piece")
        return f"{who}: {how}"

    def card_role(self, side: int) -> str:
        versus = self.versus
        role = versus.role(side)
        return role + f" · {versus.level_text()}" if versus.is_computer(side) else role

    # --- drawing ---------------------------------------------------------------------------
    def facts(self) -> Facts:
        """Everything the view shows besides the controls' Ui."""
        session, versus, prefs = self.table.session, self.versus, self.table.prefs
        return Facts(
            state=self.state, history=(session.position, len(session.entries)),
            colours=(self.colour(0), self.colour(1)), names=self.side_names(),
            roles=(self.card_role(0), self.card_role(1)),
            first=rules.SIDES.index(as_state(session.initial).to_move),
            style=prefs["board"], legend=prefs["legend"],
            human=versus.human_to_move(), show_cursor=self.table.show_cursor(),
            winner=session.status.winner,
            grades=tuple(versus.graded() or ()) if versus.hint_shown() else (),
            last=versus.marked_move(), pick=versus.pick, prompt=self.prompt(),
            log=versus.log_rows)

    def shown_slides(self) -> dict[int, Slide]:
        """The pieces on their way: the moves' slides, and a piece let go going home."""
        settle = self.grip.settle
        if settle is None:
            return self.slides
        return {**self.slides, settle.item: (settle.tween, [settle.spot, settle.home])}

    def draw_hud(self, surface: pygame.Surface) -> None:
        self.view.draw_subtitle(surface, self.table.game.title)

    def lesson_spot(self, point: int) -> pygame.Rect:
        """The lesson player's highlight (games/core/screens/lesson.py): round a point."""
        rect = pygame.Rect(0, 0, PIECE + 28, PIECE + 28)
        rect.center = (round(self.layout.xy(point)[0]), round(self.layout.xy(point)[1]))
        return rect

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The calm board (MuTorereView.still_parts): one picture, painted again as it
        changes."""
        self.backdrop.show(surface, self.view.still_parts(
            self.table.board_rect, self.facts(), self.ui, self.shown_slides(), self.grip.drag,
            self.versus.draw_last_move))

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.facts(), self.ui, self.shown_slides(), self.grip.drag,
                       glow(self.clock) if self.pulsing() else None, self.versus.draw_last_move)

    def mark_move(self, surface: pygame.Surface, move: rules.Move) -> None:
        self.view.mark_move(surface, self.table.prefs["board"], move)

    def grade_spot(self, move: rules.Move) -> Point:
        return self.layout.grade_spot(move)

    def best_path(self, state: rules.State, move: rules.Move) -> list[Point]:
        """The review's arrow: the line from the piece to the empty point, on the board style
        the player chose."""
        return self.layout.travel(self.table.prefs["board"], move.source, move.target)

    def pulsing(self) -> bool:
        """The selected piece's target ring pulses (while a human chooses)."""
        return self.ui.selected in legal(self.state) and self.versus.human_to_move() and \
            self.grip.drag is None

    def next_change(self) -> float | None:
        beating = self.pulsing() and self.clock < GLOW_SECONDS   # then it holds still
        return 0.0 if beating else None


def as_state(held: object) -> rules.State:
    """A position the Session holds (as an object) as Mu Torere's State."""
    if not isinstance(held, rules.State):
        raise TypeError(f"Not a Mu Torere position: {held!r}")
    return held

