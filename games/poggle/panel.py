"""Poggle's side panel: the colour cycle, the goal, how far the board is cleared, the one thing
worth saying now, the best results and the controls. Painted through the core Layer cache:
PanelFacts is everything it shows, so it is painted again only when they change."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from games.core.kit.actions import Device
from games.core.screens import ui
from games.core.screens.cache import Part
from games.poggle.board import Board, Params
from games.poggle.info import setting_words
from sprites import poggle as paint

SWATCH, ARROW = 72, 40      # a key of the colour cycle, and the gap with its arrow


@dataclass(frozen=True)
class Best:
    """One best result: its words and its date."""
    words: str
    date: str


@dataclass(frozen=True)
class PanelFacts:
    board: Board
    solving: bool               # Solve is running (or waiting for its answer)
    solve_left: int             # ... with this many presses still to play
    hinted: bool                # a hint is lit on this board
    unsolvable: str | None      # the solver's words when the deal cannot be solved
    best: tuple[Best, ...]      # best results for this size and colours, best first
    best_score: int | None
    device: str                 # the controls line speaks of it


class PogglePanel:
    def __init__(self, rect: pygame.Rect, size: int, colours: int):
        self.rect, self.size, self.colours = rect, size, colours

    def legend(self) -> list[pygame.Surface]:
        """The colour cycle's keys, in the active palette."""
        ghost = paint.key(0, SWATCH).copy()
        ghost.set_alpha(120)    # blank again, faded: the end of the cycle
        return [paint.key(colour, SWATCH) for colour in range(self.colours)] + [ghost]

    def still_part(self, facts: PanelFacts) -> Part:
        """The panel, for the scene's Backdrop: painted again when its facts change."""
        return "panel", self.rect, facts, lambda picture: self.paint(picture, facts)

    def paint(self, surface: pygame.Surface, facts: PanelFacts) -> None:
        """The whole panel, in window coordinates, inside self.rect."""
        box = self.rect
        x, y = box.left, box.top
        ui.label(surface, setting_words(Params(self.size, self.colours)), (x, y), ui.HEADING,
                 ui.TEXT, bold=True)
        y += 70
        ui.label(surface, "Each press moves a button one step along:", (x, y), ui.SMALL, ui.MUTED)
        y += 44
        sx = x
        legend = self.legend()
        for index, key in enumerate(legend):
            surface.blit(key, (sx, y))
            if index < len(legend) - 1:
                ui.label(surface, "\u2192", (sx + SWATCH + ARROW // 2, y + SWATCH // 2 - 3),
                         ui.BODY, ui.MUTED, anchor="center")
            sx += SWATCH + ARROW
        ui.label(surface, "goal", (x + SWATCH // 2, y + SWATCH + 8), ui.SMALL, ui.GOOD,
                 bold=True, anchor="midtop")
        ui.label(surface, "again", (sx - ARROW - SWATCH // 2, y + SWATCH + 8), ui.SMALL,
                 ui.MUTED, anchor="midtop")
        y += SWATCH + 60
        y = ui.paragraph(surface, "A press also moves the four buttons next to it. Make "
                         "every button blank.", pygame.Rect(x, y, box.width, 200),
                         ui.BODY, ui.TEXT) + 20
        blank = sum(row.count(0) for row in facts.board)
        total = self.size * self.size
        ui.label(surface, f"Blank: {blank} of {total}", (x, y), ui.BODY, ui.TEXT, bold=True)
        bar = pygame.Rect(x + 300, y + 6, box.width - 300, 24)
        pygame.draw.rect(surface, ui.PANEL, bar, border_radius=12)
        if blank:
            pygame.draw.rect(surface, ui.GOOD, (bar.x, bar.y, max(24, bar.width * blank // total),
                                                bar.height), border_radius=12)
        y += 64
        if facts.unsolvable:
            self._paint_unsolvable(surface, facts.unsolvable,
                                   pygame.Rect(x, y, box.width, box.bottom - y - 100))
        else:
            self._paint_notice(surface, facts, pygame.Rect(x, y, box.width, 110))
            self._paint_best(surface, facts.best,
                             pygame.Rect(x, y + 134, box.width, box.bottom - y - 234))
        ui.paragraph(surface, controls_text(facts.device),
                     pygame.Rect(x, box.bottom - 70, box.width, 80), ui.SMALL, ui.MUTED)

    @staticmethod
    def _paint_best(surface: pygame.Surface, best: tuple[Best, ...], rect: pygame.Rect) -> None:
        ui.label(surface, "Best results, no help", rect.topleft, ui.SMALL, ui.MUTED, bold=True)
        rows = best[:max(1, (rect.height - 40) // 40)]
        if not rows:
            ui.label(surface, "None yet for this size and colours.", (rect.x, rect.y + 40),
                     ui.SMALL, ui.MUTED)
        for n, row in enumerate(rows):
            y = rect.y + 40 + n * 40
            ui.label(surface, f"{n + 1}.", (rect.x, y), ui.SMALL, ui.MUTED)
            ui.label(surface, row.words, (rect.x + 44, y), ui.SMALL, ui.TEXT, bold=n == 0)
            ui.label(surface, row.date, (rect.right, y), ui.SMALL, ui.MUTED, anchor="topright")

    @staticmethod
    def _paint_notice(surface: pygame.Surface, facts: PanelFacts, rect: pygame.Rect) -> None:
        """The one thing worth saying now: Solve is running, a hint is lit, the board is
        clear, or how the best result stands."""
        over = not any(map(any, facts.board))
        if facts.solving:
            left = facts.solve_left
            words, colour = (f"Solving: {left} press{'es' if left != 1 else ''} to go. Any key "
                             "or click stops it.", ui.ACCENT)
        elif facts.hinted and not over:
            words, colour = "Hint: press the glowing button.", ui.GOOD
        elif over:
            words, colour = "Every button is blank. Well done!", ui.GOOD
        elif facts.best_score is not None:
            words, colour = (f"Your best here: {over_par_text(facts.best_score, True)}.",
                             ui.MUTED)
        else:
            words, colour = "Par is the fewest presses that clear this deal.", ui.MUTED
        ui.panel(surface, rect, ui.PANEL, radius=16, border=colour, width=2)
        ui.paragraph(surface, words, rect.inflate(-48, -44), ui.BODY, colour)

    @staticmethod
    def _paint_unsolvable(surface: pygame.Surface, words: str, rect: pygame.Rect) -> None:
        """A board typed into a game ID that no presses can clear: say so plainly."""
        ui.panel(surface, rect, ui.PANEL, radius=16, border=ui.BAD, width=4)
        inner = rect.inflate(-48, -44)
        ui.label(surface, "This board cannot be solved", inner.topleft, ui.BODY, ui.BAD,
                 bold=True)
        y = ui.paragraph(surface, words, pygame.Rect(inner.x, inner.y + 54, inner.width,
                                                     inner.height), ui.SMALL, ui.TEXT)
        ui.paragraph(surface, "It came from a typed game ID. Choose New game in the menu for "
                     "a fresh deal.", pygame.Rect(inner.x, y + 14, inner.width, inner.height),
                     ui.SMALL, ui.MUTED)


def best_rows(entries: list[dict[str, object]]) -> tuple[Best, ...]:
    """The best-scores table's rows (score, detail, date) as the panel shows them."""
    return tuple(Best(str(row.get("detail") or over_par_text(whole(row.get("score")))),
                      str(row.get("date", ""))) for row in entries)


def whole(score: object) -> int | None:
    """A score read from the scores table (a number there), as a whole number."""
    return int(score) if isinstance(score, (int, float)) else None


def controls_text(device: str) -> str:
    if device == Device.PAD:
        return ("D-pad moves, A presses, triggers jump to a coloured button, Y hint; "
                "down past the board for Solve.")
    if device == Device.KEYBOARD:
        return "Arrows move, Enter presses, Tab jumps to a coloured button, H hint, S solve."
    return "Click a button to press it. Hint and Solve are in the toolbar below."


def over_par_text(score: int | None, long: bool = False) -> str:
    """A score in presses over par, in words: "Par +2", "right on par", "1 under par"."""
    if score is None:
        return "-"
    if score == 0:
        return "right on par" if long else "Par"
    if long:
        return f"{score} over par" if score > 0 else f"{-score} under par"
    return f"Par {score:+d}"
