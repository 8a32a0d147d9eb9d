"""Ishido's pictures for the rules screen (games/core/screens/diagrams.py): the board at a small
size with the game's own stones, the whole board, or a window of 4 x 4 squares round what
matters (the marked squares, the square a move fills and its neighbours); the marked squares
ringed, and the stone to place shown faintly on the square it is about to fill. The whole
board, and a board where the next stone fits nowhere (the game is over), have that stone's
slot under them, edged red when it fits nowhere; a move that makes a 4-way is hailed as the
game hails it, with its bonus under the original rules."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.loop import assets
from games.core.screens import diagrams, ui
from games.ishido import rules
from games.ishido.rules import COLS, EMPTY, ROWS
from sprites import ishido as art

ASPECT = 1.0
WINDOW = (4, 4)                      # rows, columns
SQUARE_OUTER = (37, 43, 59)          # as the game's view: the outer ring is darker


def window(marks: Sequence[tuple[int, int]], move: rules.Move | None
           ) -> tuple[int, int, int, int]:
    """(top row, left column, rows, columns) of the board shown."""
    spots = list(marks) + ([(move.row, move.col)] if move is not None else [])
    if not spots:
        return 0, 0, ROWS, COLS
    rows, cols = WINDOW
    middle_row = (min(r for r, _ in spots) + max(r for r, _ in spots)) / 2
    middle_col = (min(c for _, c in spots) + max(c for _, c in spots)) / 2
    top = max(0, min(ROWS - rows, round(middle_row - (rows - 1) / 2)))
    left = max(0, min(COLS - cols, round(middle_col - (cols - 1) / 2)))
    return top, left, rows, cols


def paint(state: rules.State, size: tuple[int, int], marks: Sequence[tuple[int, int]] = (),
          move: rules.Move | None = None, done: bool = False) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    top, left, rows, cols = window(marks, move)
    stuck = rules.current_stone(state) is not None and not rules.legal_squares(state)
    below = 2 if rows == ROWS or stuck else 0         # rows of room for the next stone's slot
    pitch = min(size[0] // cols, size[1] // (rows + below))
    stone = pitch - max(3, pitch // 8)
    x0, y0 = (size[0] - pitch * cols) // 2, (size[1] - pitch * (rows + below)) // 2

    def rect(row: int, col: int) -> pygame.Rect:
        return pygame.Rect(x0 + (col - left) * pitch + 1, y0 + (row - top) * pitch + 1,
                           pitch - 2, pitch - 2)

    radius = max(3, pitch // 7)
    for row in range(top, top + rows):
        for col in range(left, left + cols):
            square = row * COLS + col
            outer = row in (0, ROWS - 1) or col in (0, COLS - 1)
            pygame.draw.rect(surface, SQUARE_OUTER if outer else art.SQUARE_INNER,
                             rect(row, col), border_radius=radius)
            if state.board[square] != EMPTY:
                image = art.stone(state.board[square], stone)
                surface.blit(image, image.get_rect(center=rect(row, col).center))
    for row, col in () if done else marks:
        diagrams.ring(surface, rect(row, col).inflate(2, 2), radius)
    if move is not None and not done and state.placed < len(state.pouch):
        ghost = art.ghost(state.pouch[state.placed], stone, 190)
        surface.blit(ghost, ghost.get_rect(center=rect(move.row, move.col).center))
    if move is not None:
        diagrams.ring(surface, rect(move.row, move.col).inflate(2, 2), radius)
    if below:
        slot = pygame.Rect(0, 0, round(pitch * 1.5), round(pitch * 1.5))
        slot.midbottom = (size[0] // 2, size[1] - 2)
        paint_slot(surface, state, slot, stuck)
    if done and move is not None and len(rules.neighbour_stones(
            state.board, move.row * COLS + move.col)) == 4:
        row = move.row + 2 if move.row + 2 < top + rows else move.row - 2
        hail(surface, state, (rect(move.row, move.col).centerx, rect(row, left).centery), pitch)
    return surface


def paint_slot(surface: pygame.Surface, state: rules.State, slot: pygame.Rect,
               stuck: bool) -> None:
    """The next stone in its slot, as beside the game's board: empty once the pouch is, edged
    red when the stone fits nowhere."""
    kind = rules.current_stone(state)
    ui.panel(surface, slot, ui.BG_DEEP, radius=slot.height // 5,
             border=ui.BAD if stuck else ui.LINE, width=max(2, slot.height // 14))
    if kind is not None:
        image = art.stone(kind, round(slot.height * 0.72))
        surface.blit(image, image.get_rect(center=slot.center))


def hail(surface: pygame.Surface, state: rules.State, spot: tuple[int, int], pitch: int) -> None:
    """The game's "4-way!" pill, with the bonus the 4-way earned under the original rules."""
    bonus = rules.fourway_bonus(state.fourways) if state.params.rule == "original" else 0
    words = f"4-way! +{bonus}" if bonus else "4-way!"
    image = assets.text(words, round(pitch * 0.42 / assets.text_scale()), ui.ACCENT, True)
    pill = image.get_rect(center=spot).inflate(pitch * 0.4, pitch * 0.2)
    pill.clamp_ip(surface.get_rect())
    ui.panel(surface, pill, ui.BG_DEEP, radius=pill.height // 2, border=ui.ACCENT,
             width=max(2, pitch // 20))
    surface.blit(image, image.get_rect(center=pill.center))
