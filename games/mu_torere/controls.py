"""Mu Torere's controls: what a click, a drop, a key or a pad button means on the star
(games/core/kit/controls.py has the shape). Pure: tested without a display.

Mouse: click one of your pieces (the line it would travel lights up), then the empty point; or
drag the piece there. Keyboard and pad: the arrows or the d-pad move the cursor to the nearest
point that way, Enter or A picks a piece (the cursor jumps to where it can go) and Enter again
moves it; Tab or the triggers cycle through the pieces that can move.

The scene supplies `target`: the point under the pointer (PRESS, POINT), or a Drop (RELEASE of
a piece the mouse picked up). Opening Options (the right button, X) and the letter keys for the
preferences are the scene's verbs, not the board's.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache, partial

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Answer, Drop, Look, Play, Refuse, cycle
from games.core.kit.points import let_go, move_cursor, pick, pointer
from games.mu_torere import geometry, rules


@dataclass(frozen=True)
class Ui:
    """Where the player is and what they hold."""
    cursor: int = rules.CENTRE          # the keyboard and pad cursor: a point
    selected: int | None = None         # the piece picked up
    hover: int | None = None            # the point under the mouse
    names: tuple[str, str] = ("Black", "White")    # the sides as the player coloured them
    flipped: bool = False               # the board is shown turned round: arrows follow it


@lru_cache(maxsize=64)
def legal(state: rules.State) -> dict[int, rules.Move]:
    """Source point -> Move for the side to move (each piece has at most one move)."""
    return {ends(move)[0]: move for move in rules.legal_moves(state)}


def ends(move: rules.Move) -> tuple[int, int]:
    """(source, target) of a move on the board."""
    return move.source, move.target


def home(state: rules.State) -> int:
    """Where the cursor starts: the first piece that can move, else the middle."""
    moves = legal(state)
    return min(moves) if moves else rules.CENTRE


def why_stuck(state: rules.State) -> str:
    if state.board.index(rules.EMPTY) == rules.CENTRE:
        return ("That piece may go into the middle only when an opponent's piece stands on "
                "a neighbouring point.")
    return "That piece has no line to the empty point."


def interpret(state: rules.State, ui: Ui, action: Action, target: object) -> Answer:
    kind = action.kind
    if kind in (Act.POINT, Act.RELEASE):
        return pointer(ui, action, target, lambda where: drop(state, ui, where))
    if kind == Act.MOVE:
        ahead = geometry.step_towards(geometry.turned(ui.cursor, ui.flipped), action.dx,
                                      action.dy)
        return move_cursor(ui, None if ahead is None else geometry.turned(ahead, ui.flipped))
    if kind in (Act.NEXT, Act.PREV):
        return move_cursor(ui, cycle(sorted(legal(state)), ui.cursor,
                                     1 if kind == Act.NEXT else -1))
    if kind == Act.CANCEL:
        return let_go(ui)
    if rules.status(state).over:
        return None
    if kind == Act.CONFIRM or (kind == Act.PRESS and not action.alt):
        return pick(ui, action, target, partial(choose, state))
    return None


def choose(state: rules.State, ui: Ui, point: int, by_pointer: bool) -> Answer:
    """A click, or Enter / A on the cursor, at a point."""
    moves = legal(state)
    piece = state.board[point]
    if piece == state.to_move:
        if point not in moves:
            return Refuse(why_stuck(state))
        if not by_pointer and ui.selected == point:
            return Play(moves[point], ui)
        # The keyboard's cursor jumps to where the piece can go; the mouse's stays on it.
        return Look(replace(ui, selected=point,
                            cursor=point if by_pointer else ends(moves[point])[1]))
    if piece == rules.EMPTY:
        if ui.selected in moves:
            return Play(moves[ui.selected], ui)
        if len(moves) == 1:
            return Play(next(iter(moves.values())), ui)
        return Refuse(f"Choose which piece goes here: {len(moves)} of yours can.")
    owner = ui.names[rules.SIDES.index(piece)]
    return Refuse(f"That is {owner}'s piece: move one of your own.")


def drop(state: rules.State, ui: Ui, where: Drop) -> Answer:
    """A piece dragged onto its target moves there; anywhere else (or a click) it does not."""
    move = legal(state).get(where.item)
    if where.moved and move is not None and where.point == ends(move)[1]:
        return Play(move, ui)
    return None
