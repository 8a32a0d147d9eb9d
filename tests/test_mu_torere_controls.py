"""Mu Torere's controls without a display (games/mu_torere/controls.py): over generated
positions, UI states and actions every answer is a legal move, a UI change that keeps the
cursor on the board and the selection on a piece that can move, a refusal that says why, or
nothing; Tab visits every piece that can move; the mouse (clicks and drags), the keyboard and
the pad each reach every legal move; and known answers from the start."""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play, Refuse
from games.mu_torere import geometry, rules
from games.mu_torere.controls import Drop, Ui, ends, home, interpret, legal

POINTS = range(9)
ARROWS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@st.composite
def positions(draw) -> rules.State:
    """Any board of four pieces a side and one empty point, either side to move."""
    empty = draw(st.sampled_from(POINTS))
    others = [p for p in POINTS if p != empty]
    blacks = set(draw(st.permutations(others))[:4])
    board = "".join("." if p == empty else "B" if p in blacks else "W" for p in POINTS)
    return rules.parse_position(board + ":" + draw(st.sampled_from("BW")))


points = st.sampled_from(POINTS)
uis = st.builds(Ui, cursor=points, selected=st.none() | points, hover=st.none() | points,
                names=st.sampled_from([("Black", "White"), ("Red", "Gold")]))
devices = st.sampled_from(list(Device))


@st.composite
def actions(draw) -> tuple[Action, object]:
    """An action with the target the scene would give it."""
    kind = draw(st.sampled_from([Act.POINT, Act.PRESS, Act.RELEASE, Act.MOVE, Act.CONFIRM,
                                 Act.ALT, Act.CANCEL, Act.NEXT, Act.PREV, Act.KEY, Act.WHEEL]))
    device = Device.MOUSE if kind in (Act.POINT, Act.PRESS, Act.RELEASE) else draw(devices)
    dx, dy = draw(st.sampled_from(ARROWS)) if kind == Act.MOVE else (0, 0)
    action = Action(kind, device, pos=(0, 0) if device == Device.MOUSE else None, dx=dx, dy=dy,
                    value=draw(st.sampled_from("lsnfx")) if kind == Act.KEY else None,
                    alt=kind == Act.PRESS and draw(st.booleans()))
    if kind == Act.RELEASE:
        target: object = Drop(draw(points), draw(st.none() | points), draw(st.booleans()))
    elif kind in (Act.POINT, Act.PRESS):
        target = draw(st.none() | points)
    else:
        target = None
    return action, target


@given(positions(), uis, actions())
@settings(max_examples=600, deadline=None)
def test_every_answer_is_legal_keeps_the_cursor_on_the_board_or_says_why(state, ui, act):
    action, target = act
    answer = interpret(state, ui, action, target)
    if isinstance(answer, Play):
        assert answer.move in rules.legal_moves(state)
        assert answer.ui.cursor in POINTS
    elif isinstance(answer, Look):
        assert answer.ui != ui or action.kind == Act.PRESS, \
            "a Look changes something (a press may pick the held piece up again)"
        assert answer.ui.cursor in POINTS
        assert answer.ui.selected is None or answer.ui.selected == ui.selected or \
            answer.ui.selected in legal(state), "only a piece that can move is picked up"
        assert answer.ui.names == ui.names
    elif isinstance(answer, Refuse):
        assert answer.reason.endswith(".") and len(answer.reason) > 20
    else:
        assert answer is None
    if rules.status(state).over and action.kind in (Act.PRESS, Act.CONFIRM):
        assert answer is None, "a finished game takes no move"


@given(positions(), points, st.sampled_from([Act.NEXT, Act.PREV]))
def test_tab_and_the_triggers_visit_every_piece_that_can_move(state, start, kind):
    ui = Ui(cursor=start)
    seen = {start} & set(legal(state))
    for _ in range(len(legal(state))):
        answer = interpret(state, ui, Action(kind), None)
        if isinstance(answer, Look):
            ui = answer.ui
            seen.add(ui.cursor)
        else:
            assert answer is None and set(legal(state)) <= {ui.cursor}, "nowhere else to go"
    assert seen == set(legal(state))


def arrows_to(state: rules.State, ui: Ui, point: int, device: Device) -> Ui:
    """The shortest run of arrow presses from the cursor to `point` (breadth first)."""
    paths = {ui.cursor: ui}
    queue = deque([ui])
    while queue:
        here = queue.popleft()
        if here.cursor == point:
            return here
        for dx, dy in ARROWS:
            answer = interpret(state, here, Action(Act.MOVE, device, dx=dx, dy=dy), None)
            if isinstance(answer, Look) and answer.ui.cursor not in paths:
                paths[answer.ui.cursor] = answer.ui
                queue.append(answer.ui)
    raise AssertionError(f"the arrows never reach point {point}")


@given(positions(), points, st.data())
@settings(max_examples=200, deadline=None)
def test_each_device_reaches_every_legal_move(state, start, data):
    for move in rules.legal_moves(state):
        source, target = ends(move)
        # The mouse: click the piece, then its target.
        picked = interpret(state, Ui(), Action(Act.PRESS, Device.MOUSE, (0, 0)), source)
        assert isinstance(picked, Look) and picked.ui.selected == source
        played = interpret(state, picked.ui, Action(Act.PRESS, Device.MOUSE, (0, 0)), target)
        assert isinstance(played, Play) and played.move == move
        # ... or drag it there; a drop anywhere else is no move.
        dropped = interpret(state, picked.ui, Action(Act.RELEASE, Device.MOUSE, (0, 0)),
                            Drop(source, target, True))
        assert isinstance(dropped, Play) and dropped.move == move
        elsewhere = data.draw(st.sampled_from([p for p in POINTS if p != target]))
        assert interpret(state, picked.ui, Action(Act.RELEASE, Device.MOUSE, (0, 0)),
                         Drop(source, elsewhere, True)) is None
        # The keyboard and the pad: arrows to the piece, Enter or A, Enter or A again.
        for device in (Device.KEYBOARD, Device.PAD):
            ui = arrows_to(state, Ui(cursor=start), source, device)
            chosen = interpret(state, ui, Action(Act.CONFIRM, device), None)
            assert isinstance(chosen, Look) and chosen.ui.selected == source
            assert chosen.ui.cursor == target, "the cursor jumps to where the piece can go"
            played = interpret(state, chosen.ui, Action(Act.CONFIRM, device), None)
            assert isinstance(played, Play) and played.move == move


@given(points, st.sampled_from(ARROWS))
def test_an_arrow_moves_the_cursor_that_way(point, arrow):
    dx, dy = arrow
    step = geometry.step_towards(point, dx, dy)
    x0, y0 = geometry.point_offset(point, 1.0)
    if step is None:
        assert all((x - x0) * dx + (y - y0) * dy <= 1e-6
                   for x, y in (geometry.point_offset(p, 1.0) for p in POINTS))
    else:
        x, y = geometry.point_offset(step, 1.0)
        assert (x - x0) * dx + (y - y0) * dy > 0


@given(points, st.sampled_from(ARROWS), st.booleans())
def test_on_a_flipped_board_an_arrow_moves_the_cursor_that_way_as_shown(point, arrow, flipped):
    """F turns the board round: the arrows go by where the points are drawn."""
    dx, dy = arrow
    answer = interpret(START, Ui(cursor=point, flipped=flipped), Action(Act.MOVE, dx=dx, dy=dy),
                       None)
    shown = [geometry.point_offset(geometry.turned(p, flipped), 1.0) for p in range(9)]
    x0, y0 = shown[point]
    if answer is None:
        assert all((x - x0) * dx + (y - y0) * dy <= 1e-6 for x, y in shown)
    else:
        assert isinstance(answer, Look) and answer.ui.flipped == flipped
        x, y = shown[answer.ui.cursor]
        assert (x - x0) * dx + (y - y0) * dy > 0
    assert all(geometry.turned(geometry.turned(p, True), True) == p for p in range(9))
    assert geometry.turned(rules.CENTRE, True) == rules.CENTRE


START = rules.parse_position(rules.START)
PRESS = Action(Act.PRESS, Device.MOUSE, (0, 0))


def test_known_answers_from_the_start():
    assert sorted(legal(START)) == [0, 3] and home(START) == 0
    stuck = interpret(START, Ui(), PRESS, 1)
    assert isinstance(stuck, Refuse) and "opponent's piece" in stuck.reason
    theirs = interpret(START, Ui(names=("Red", "Gold")), PRESS, 5)
    assert theirs == Refuse("That is Gold's piece: move one of your own.")
    assert interpret(START, Ui(), PRESS, 8) == \
        Refuse("Choose which piece goes here: 2 of yours can.")
    picked = interpret(START, Ui(cursor=0), Action(Act.CONFIRM), None)
    assert picked == Look(Ui(cursor=8, selected=0))
    assert interpret(START, Ui(cursor=8, selected=0), PRESS, 8) == \
        Play(rules.Move(0, 8), Ui(cursor=8, selected=0))
    assert interpret(START, Ui(selected=0), Action(Act.CANCEL), None) == Look(Ui())
    assert interpret(START, Ui(selected=0), PRESS, None) == Look(Ui())
    assert interpret(START, Ui(), Action(Act.POINT, Device.MOUSE, (0, 0)), 3) == \
        Look(Ui(hover=3))
    assert interpret(START, Ui(cursor=0), Action(Act.NEXT), None) == Look(Ui(cursor=3))
    assert interpret(START, Ui(cursor=5), Action(Act.PREV), None) == Look(Ui(cursor=3))


def test_one_piece_that_can_move_goes_with_a_click_on_the_empty_point():
    state = rules.parse_position(".BBBBWWWW:B")    # only the piece on 1 is next to 0
    assert list(legal(state)) == [1]
    assert interpret(state, Ui(), PRESS, 0) == Play(rules.Move(1, 0), Ui(cursor=0))


def test_a_finished_game_takes_no_move_but_the_cursor_still_moves():
    state = rules.parse_position("BBBBWWWW.:W")
    state = rules.apply_move(state, rules.AGREED_DRAW)
    assert rules.status(state).over and not legal(state)
    assert interpret(state, Ui(), PRESS, 4) is None
    assert interpret(state, Ui(), Action(Act.CONFIRM), None) is None
    assert interpret(state, Ui(cursor=8), Action(Act.MOVE, dx=0, dy=-1), None) == \
        Look(Ui(cursor=0))
    assert home(state) == rules.CENTRE


def test_a_drop_that_was_a_click_keeps_the_piece_picked_up():
    ui = replace(Ui(), selected=0)
    assert interpret(START, ui, Action(Act.RELEASE, Device.MOUSE, (0, 0)),
                     Drop(0, 8, False)) is None
