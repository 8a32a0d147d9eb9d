"""Ishido's performance figures for `python main.py bench` (the lead's runner times them), and
the frame-cost bench's pose of the scene."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.core.kit.game import Sample
from games.ishido import ai, controls, rules

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

POSITIONS = 20          # mid-game positions per rule set
PLACED = 30             # stones placed from the pouch in each of them
POSE_PLACED = 56        # the pose's board: this many placed, or one short of the end


def mid_game(rule: str, seed: int) -> rules.State:
    """A position after PLACED careful moves, or the end of the game if it comes sooner."""
    params = rules.Params(rule)
    rng = random.Random(seed)
    state = rules.new_game(params, rules.new_desc(params, rng))
    while state.placed < PLACED and not rules.status(state).over:
        state = rules.apply_move(state, ai.choose_move(state, rng, "careful"))
    return state


def cases() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for rule in rules.RULES:
        positions = [mid_game(rule, seed) for seed in range(POSITIONS)]
        found.append({"name": f"ishido legal squares for the next stone ({rule})",
                      "run": lambda i, positions=positions: rules.legal_squares(positions[i]),
                      "count": POSITIONS, "target_ms": 1.0})
        found.append({"name": f"ishido ai move, strongest ({rule})",
                      "run": lambda i, positions=positions: ai.choose_move(
                          positions[i], random.Random(i), None),
                      "count": POSITIONS, "target_ms": None})
    return found


def pose(frame: Frame) -> None:
    """The board's most expensive everyday look: a nearly full board (careful play, stopping
    short of the end) with the next stone dragged by the mouse over an open square. The
    position is played into the session quietly (no sounds, no flights); the drag is put in
    the mouse's hand as a press on the slot would, without its sound."""
    from games.core.screens.drag import Drag  # pygame: not on the bench cases' path
    from games.ishido.scene import THE_STONE, IshidoBoard
    board = frame.board
    assert isinstance(board, IshidoBoard)
    rng = random.Random(7)
    while board.state.placed < POSE_PLACED:
        move = ai.choose_move(board.state, rng, "careful")
        if rules.status(rules.apply_move(board.state, move)).over:
            break
        frame.session.apply(move)
    frame.pretend_device(Device.MOUSE)
    layout = board.layout
    legal = rules.legal_squares(board.state) or [controls.home()]
    x, y = layout.square_centre(*legal[len(legal) // 2])
    board.hand.drag = Drag(THE_STONE, (x + 12, y + 9), (x + 2, y - 1))
    board.ui = replace(board.ui, dragging=True)


def sample_result(rng: random.Random) -> dict[str, Any]:
    """A plausible finished game for a made-up history: points and 4-ways, a quarter won."""
    points = max(0, int(rng.gauss(900, 350)))
    fourways = rng.randrange(0, 5)
    won = rng.random() < 0.25
    return dict(outcome="won" if won else "lost", score=points,
                detail=f"{points}  ({fourways} 4-way{'s' if fourways != 1 else ''})",
                ranked=True, duration=rng.uniform(300, 1500))


SAMPLE = Sample(("rule=standard", "rule=original"), sample_result)
