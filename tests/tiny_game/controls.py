"""Lamps' input interpretation, pure (no pygame): the UI state and what an action means in it
(games/core/kit/controls.py). Tested without a display in tests/test_eighth_game.py."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.kit.actions import Act, Action
from games.core.kit.controls import Look, Play, Refuse, cycle, step_grid
from tests.tiny_game import rules


@dataclass(frozen=True)
class Ui:
    cursor: int = 0      # the lamp the keyboard and the pad are on


def interpret(state: rules.State, ui: Ui, action: Action,
              target: int | None) -> Play[Ui] | Look[Ui] | Refuse | None:
    """A click presses the lamp under the pointer (`target`); the arrows move the cursor
    along the row, Tab and the triggers jump between lit lamps, Enter or A presses."""
    if action.kind == Act.PRESS and not action.alt and target is not None:
        return press(state, Ui(target))
    if action.kind == Act.MOVE and action.dx:
        return Look(Ui(step_grid((0, ui.cursor), action.dx, 0, 1, state.params.length)[1]))
    if action.kind in (Act.NEXT, Act.PREV):
        lit = [lamp for lamp, on in enumerate(state.lamps) if on]
        found = cycle(lit, ui.cursor, 1 if action.kind == Act.NEXT else -1)
        return None if found is None else Look(Ui(found))
    if action.kind == Act.CONFIRM:
        return press(state, ui)
    return None


def press(state: rules.State, ui: Ui) -> Play[Ui] | Refuse:
    if rules.status(state).over:
        return Refuse("Every lamp is already off.")
    return Play(rules.Move(ui.cursor), ui)
