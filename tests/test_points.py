"""The controls every board of points shares (games/core/kit/points.py), on a Ui of its own:
the pointer's hover follows the point under it and answers only when it changes; a piece let
go is the game's drop and nothing else is; the cursor moves only to another point; the piece
held is put back only when there is one; a press chooses the point pressed (the cursor goes
there), Enter the cursor's, and a press off the board puts the piece back."""
from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Drop, Look, Play, Refuse
from games.core.kit.points import let_go, move_cursor, pick, pointer

POINTS = st.integers(0, 8)
MAYBE = st.none() | POINTS


@dataclass(frozen=True)
class Ui:
    cursor: int = 0
    selected: int | None = None
    hover: int | None = None
    flipped: bool = False        # a game's own field, kept as it is


uis = st.builds(Ui, POINTS, MAYBE, MAYBE, st.booleans())
targets = st.one_of(st.none(), POINTS, st.builds(Drop, POINTS, MAYBE, st.booleans()),
                    st.just("a button"))


@given(uis, targets)
def test_the_hover_is_the_point_under_the_pointer(ui, target):
    answer = pointer(ui, Action(Act.POINT, Device.MOUSE, (0, 0)), target, lambda where: None)
    point = target if isinstance(target, int) else None
    if point == ui.hover:
        assert answer is None, "no answer when the hover stays"
    else:
        assert answer == Look(Ui(ui.cursor, ui.selected, point, ui.flipped))


@given(uis, targets)
def test_letting_go_is_the_games_drop_of_a_dropped_piece_only(ui, target):
    dropped: list[Drop] = []

    def drop(where: Drop) -> Refuse:
        dropped.append(where)
        return Refuse("not there")

    answer = pointer(ui, Action(Act.RELEASE, Device.MOUSE, (0, 0)), target, drop)
    if isinstance(target, Drop):
        assert dropped == [target] and answer == Refuse("not there")
    else:
        assert dropped == [] and answer is None


@given(uis, MAYBE)
def test_the_cursor_moves_only_to_another_point(ui, point):
    answer = move_cursor(ui, point)
    if point is None or point == ui.cursor:
        assert answer is None
    else:
        assert answer == Look(Ui(point, ui.selected, ui.hover, ui.flipped))


@given(uis)
def test_a_piece_is_put_back_only_when_one_is_held(ui):
    answer = let_go(ui)
    assert answer == (None if ui.selected is None else
                      Look(Ui(ui.cursor, None, ui.hover, ui.flipped)))
    assert not isinstance(answer, Play)


@given(uis, targets, st.sampled_from([Act.PRESS, Act.CONFIRM]))
def test_a_press_chooses_the_point_pressed_and_enter_the_cursors(ui, target, kind):
    asked = []

    def choose(at: Ui, point: int, by_pointer: bool) -> Look[Ui]:
        asked.append((at, point, by_pointer))
        return Look(at)

    answer = pick(ui, Action(kind, Device.MOUSE, (0, 0)), target, choose)
    if kind == Act.CONFIRM:
        assert asked == [(ui, ui.cursor, False)] and answer == Look(ui)
    elif isinstance(target, int):
        moved = Ui(target, ui.selected, ui.hover, ui.flipped)
        assert asked == [(moved, target, True)] and answer == Look(moved)
    else:
        assert asked == [] and answer == let_go(ui)
