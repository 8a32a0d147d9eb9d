"""Ishido's side panel: the next stone's slot and name, the rules in brief, the Oracle's answer
(original rules with a question) or the stones still to come, and the controls. Painted through
the core Layer cache: PanelFacts is everything it shows, so it is painted again only when they
change. The stone in the slot moves, so the view draws it on top."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from games.core.kit.actions import Device
from games.core.loop import assets
from games.core.screens import ui
from games.core.screens.cache import Part
from games.ishido import oracle, rules
from games.ishido.rules import State
from sprites import ishido as paint

LINE = 31                   # a line of small text in the Oracle's answer


@dataclass(frozen=True)
class PanelFacts:
    state: State
    over: bool
    oracle: bool                # the Oracle answers (original rules, chosen on the setup screen)
    question: str               # ... this question ("" for none)
    device: str                 # the controls line speaks of it


class IshidoPanel:
    def __init__(self, rect: pygame.Rect, hand_rect: pygame.Rect):
        self.rect, self.hand_rect = rect, hand_rect

    def still_part(self, facts: PanelFacts) -> Part:
        """The panel, for the scene's Backdrop: painted again when its facts change."""
        return "panel", self.rect, facts, lambda picture: self.paint(picture, facts)

    def paint(self, surface: pygame.Surface, facts: PanelFacts) -> None:
        """The whole panel, in window coordinates, inside self.rect."""
        box, hand, state = self.rect, self.hand_rect, facts.state
        kind = rules.current_stone(state)
        ui.panel(surface, hand, ui.BG_DEEP, radius=22, border=ui.LINE, width=2)
        x = hand.right + 30
        ui.label(surface, "Next stone", (x, hand.top), ui.SMALL, ui.MUTED)
        if kind is not None:
            colour_name = paint.colour_name(kind)
            ui.label(surface, colour_name.capitalize(), (x, hand.top + 30), ui.HEADING, ui.TEXT,
                     bold=True)
            ui.label(surface, paint.SYMBOL_NAMES[kind % 6], (x, hand.top + 78), ui.BODY, ui.TEXT)
        else:
            ui.fit_text(surface, "The pouch is empty", (x, hand.top + 28, box.right - x, 44),
                        ui.BODY, ui.GOOD, bold=True, align="left", max_lines=1)
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
        answering = facts.oracle and bool(facts.question)
        if not (facts.over and answering):     # at the end, the answer has the room
            y = paint_rules(surface, state.params.rule == "original",
                            pygame.Rect(box.left, y, box.width, 250))
        foot = box.bottom - 62
        below = pygame.Rect(box.left, y + 16, box.width, foot - y - 24)
        if answering:
            paint_oracle(surface, facts.question, state.fourways, below)
        else:
            paint_pouch(surface, state, below)
        ui.paragraph(surface, controls_text(facts.device),
                     pygame.Rect(box.left, foot, box.width, box.bottom - foot), ui.SMALL, ui.MUTED,
                     spacing=1.25)


def paint_rules(surface: pygame.Surface, original: bool, rect: pygame.Rect) -> int:
    """The rule set in brief, in a box; returns the y below it."""
    heading = "Original rules" if original else "Standard rules"
    if original:
        lines: tuple[str, ...] = (
            "1 neighbour: colour or symbol", "2: one colour, one symbol",
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


def paint_oracle(surface: pygame.Surface, question: str, fourways: int,
                 rect: pygame.Rect) -> None:
    """The question and the passages of its answer revealed so far, the newest that fit."""
    ui.label(surface, "The Oracle", rect.topleft, ui.BODY, ui.ACCENT, bold=True)
    y = ui.paragraph(surface, f"\u201c{question}\u201d", pygame.Rect(
        rect.left, rect.top + 44, rect.width, 100), ui.SMALL, ui.MUTED, spacing=1.25) + 10
    passages = oracle.revealed(question, fourways)
    total = len(oracle.answer(question))
    if not passages:
        ui.paragraph(surface, "Make a 4-way to hear the first words of the answer.",
                     pygame.Rect(rect.left, y, rect.width, 100), ui.SMALL, ui.TEXT,
                     spacing=1.25)
        return
    room = rect.bottom - y - 34
    chosen: list[list[str]] = []
    height = 0
    for passage in reversed(passages):
        lines = assets.wrap(passage, ui.SMALL, rect.width - 20)
        need = len(lines) * LINE + 12
        if height + need > room:
            break
        chosen.insert(0, lines)
        height += need
    for n, lines in enumerate(chosen):
        newest = n == len(chosen) - 1
        for line in lines:
            ui.label(surface, line, (rect.left + 20, y), ui.SMALL,
                     ui.TEXT if newest else ui.MUTED)
            y += LINE
        # a filled bar, not a 4-wide line: a line is centred on x and would stray left of rect
        pygame.draw.rect(surface, ui.ACCENT if newest else ui.LINE,
                         (rect.left, y - len(lines) * LINE, 4, len(lines) * LINE - 6))
        y += 12
    note = f"{len(passages)} of {total} passages revealed"
    if len(chosen) < len(passages):
        note += f" ({len(passages) - len(chosen)} earlier not shown)"
    ui.label(surface, note, (rect.left, rect.bottom - 28), ui.SMALL, ui.MUTED)


def paint_pouch(surface: pygame.Surface, state: State, rect: pygame.Rect) -> None:
    """Every kind of stone still to come after the next one: two left in full, one left
    faint, none left an empty socket (what a careful player counts for themselves)."""
    ui.label(surface, "Still to come", rect.topleft, ui.BODY, ui.ACCENT, bold=True)
    coming = [0] * rules.KINDS
    for kind in state.pouch[state.placed + 1:]:
        coming[kind] += 1
    top = rect.top + 44
    pitch = min(47, (rect.bottom - top) // 6)
    size = pitch - 10
    if size < 12:          # no room for stones one could tell apart (a small window)
        return
    for kind in range(rules.KINDS):
        row, col = divmod(kind, 6)
        spot = pygame.Rect(rect.left + col * pitch, top + row * pitch + 4, size, size)
        paint_count(surface, kind, coming[kind], spot)
    x = rect.left + 6 * pitch + 34
    y = top + 4
    for count, words in ((2, "two to come"), (1, "one to come"), (0, "none left")):
        spot = pygame.Rect(x, y, size, size)
        paint_count(surface, 21, count, spot)
        ui.label(surface, words, (x + size + 20, spot.centery), ui.SMALL, ui.MUTED,
                 anchor="midleft")
        y += pitch + 6
    ui.paragraph(surface, "Rows are colours, columns symbols.",
                 pygame.Rect(x, y + 6, rect.right - x, 100), ui.SMALL, ui.MUTED, spacing=1.25)


def paint_count(surface: pygame.Surface, kind: int, count: int, spot: pygame.Rect) -> None:
    """Two to come: a stack of two; one: a single stone; none: an empty socket."""
    if count == 0:
        pygame.draw.rect(surface, ui.PANEL, spot.inflate(-4, -4), 2, border_radius=8)
        return
    image = paint.stone(kind, spot.width)
    if count == 2:
        surface.blit(image, spot.move(5, -5))
    surface.blit(image, spot)


def controls_text(device: str) -> str:
    if device == Device.PAD:
        return "D-pad moves; A picks up and puts down; B puts back; X assist; Y hint."
    if device == Device.KEYBOARD:
        return "Arrows move; Enter picks up and puts down; Esc puts back; X assist; H hint."
    return "Drag the stone onto a square, or click a square. Right-click: assist."
