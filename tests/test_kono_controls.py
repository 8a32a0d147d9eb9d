"""Four Field Kono's controls without a display (games/kono/controls.py): over generated
positions (random games and random boards), UI states and actions, every answer is a legal
move, a UI change that keeps the cursor on the board and picks up only a stone that can move,
a refusal that says why, or nothing; the board turns round and back; Tab visits every stone
that can move and every destination of the one held; the mouse (clicks and drags), the
keyboard and the pad each reach every legal move, either way round; and known answers."""
from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play, Refuse
from games.kono import rules
from games.kono.controls import (
    Drop,
    Ui,
    cell_point,
    destinations,
    home,
    interpret,
    movable,
    screen_cell,
    turn_round,
)

POINTS = range(rules.POINTS)
ARROWS = ((1, 0), (-1, 0), (0, 1), (0, -1))
MOUSE = (0, 0)      # a pointer action's position: the tests give its target directly


@st.composite
def played(draw) -> rules.State:
    """A position some random plies into a game (sometimes finished)."""
    rng = random.Random(draw(st.integers(0, 10**6)))
    state = rules.new_game(rules.Params(), rules.START)
    for _ in range(draw(st.integers(0, 80))):
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.apply_move(state, rng.choice(moves))
    return state


@st.composite
def boards(draw) -> rules.State:
    """Any board of at most eight stones a side, either side to move."""
    cells = draw(st.lists(st.sampled_from("BW.."), min_size=16, max_size=16))
    for side in "BW":
        while cells.count(side) > rules.PIECES_EACH:
            cells[cells.index(side)] = "."
    return rules.parse_position("".join(cells) + ":" + draw(st.sampled_from("BW")))


positions = played() | boards()
points = st.sampled_from(POINTS)
uis = st.builds(Ui, cursor=points, selected=st.none() | points, hover=st.none() | points,
                flipped=st.booleans())


@st.composite
def actions(draw) -> tuple[Action, object]:
    """An action with the target the scene would give it."""
    kind = draw(st.sampled_from([Act.POINT, Act.PRESS, Act.RELEASE, Act.MOVE, Act.CONFIRM,
                                 Act.ALT, Act.CANCEL, Act.NEXT, Act.PREV, Act.KEY, Act.WHEEL]))
    pointer = kind in (Act.POINT, Act.PRESS, Act.RELEASE)
    device = Device.MOUSE if pointer else draw(st.sampled_from(list(Device)))
    dx, dy = draw(st.sampled_from(ARROWS)) if kind == Act.MOVE else (0, 0)
    action = Action(kind, device, pos=MOUSE if pointer else None, dx=dx, dy=dy,
                    value=draw(st.sampled_from("fgo")) if kind == Act.KEY else None,
                    alt=kind == Act.PRESS and draw(st.booleans()))
    if kind == Act.RELEASE:
        target: object = Drop(draw(points), draw(st.none() | points), draw(st.booleans()),
                              draw(st.booleans()))
    elif kind in (Act.POINT, Act.PRESS):
        target = draw(st.none() | points)
    else:
        target = None
    return action, target


@given(positions, uis, actions())
@settings(max_examples=800, deadline=None)
def test_every_answer_is_legal_keeps_the_cursor_on_the_board_or_says_why(state, ui, act):
    action, target = act
    answer = interpret(state, ui, action, target)
    if isinstance(answer, Play):
        assert answer.move in rules.legal_moves(state)
    elif isinstance(answer, Look):
        assert answer.ui != ui or action.kind == Act.PRESS, \
            "a Look changes something (a press may pick the held stone up again)"
        assert answer.ui.cursor in POINTS
        held = answer.ui.selected
        assert held is None or held == ui.selected or destinations(state, held), \
            "only a stone that can move is picked up"
        assert answer.ui.flipped == ui.flipped or action.kind == Act.KEY
    elif isinstance(answer, Refuse):
        assert answer.reason.endswith(".") and len(answer.reason) > 20
    else:
        assert answer is None
    status = rules.status(state)
    if status.over and action.kind in (Act.PRESS, Act.CONFIRM):
        assert answer == Refuse(status.reason + " Undo, or start a new game from the menu.")


@given(positions, uis)
def test_f_turns_the_board_round_and_back_with_the_cursor_on_its_point(state, ui):
    turned = Look(turn_round(ui))      # F is the scene's command (info.py's table)
    assert turned.ui.flipped != ui.flipped
    assert turned.ui.cursor == ui.cursor and turn_round(turned.ui) == ui
    for point in POINTS:
        for flipped in (False, True):
            assert cell_point(*screen_cell(point, flipped), flipped) == point


@given(positions, points, st.sampled_from([Act.NEXT, Act.PREV]), st.booleans())
def test_tab_visits_every_stone_that_can_move_then_every_place_the_held_one_can_go(
        state, start, kind, flipped):
    def visits(ui: Ui, places: list[int]) -> set[int]:
        seen = {ui.cursor} & set(places)
        for _ in places:
            answer = interpret(state, ui, Action(kind), None)
            if isinstance(answer, Look):
                ui = answer.ui
                seen.add(ui.cursor)
            else:
                assert answer is None and set(places) <= {ui.cursor}, "nowhere else to go"
        return seen
    stones = movable(state, flipped)
    assert visits(Ui(cursor=start, flipped=flipped), stones) == set(stones)
    for stone in stones:
        ui = Ui(cursor=start, selected=stone, flipped=flipped)
        assert visits(ui, list(destinations(state, stone))) == set(destinations(state, stone))


def arrows_to(state: rules.State, ui: Ui, point: int, device: Device) -> Ui:
    """The shortest run of arrow presses from the cursor to `point` (breadth first)."""
    seen = {ui.cursor}
    queue = deque([ui])
    while queue:
        here = queue.popleft()
        if here.cursor == point:
            return here
        for dx, dy in ARROWS:
            answer = interpret(state, here, Action(Act.MOVE, device, dx=dx, dy=dy), None)
            if isinstance(answer, Look) and answer.ui.cursor not in seen:
                seen.add(answer.ui.cursor)
                queue.append(answer.ui)
    raise AssertionError(f"the arrows never reach point {point}")


@given(positions, points, st.booleans())
@settings(max_examples=150, deadline=None)
def test_each_device_reaches_every_legal_move_either_way_round(state, start, flipped):
    press = Action(Act.PRESS, Device.MOUSE, MOUSE)
    release = Action(Act.RELEASE, Device.MOUSE, MOUSE)
    for move in rules.legal_moves(state):
        # The mouse: click the stone, then where it goes; or drag it there.
        picked = interpret(state, Ui(flipped=flipped), press, move.source)
        assert isinstance(picked, Look) and picked.ui.selected == move.source
        clicked = interpret(state, picked.ui, press, move.target)
        assert isinstance(clicked, Play) and clicked.move == move
        dropped = Drop(move.source, move.target, True, False)
        assert interpret(state, picked.ui, release, dropped) == Play(move, picked.ui)
        # The keyboard and the pad: arrows, Enter or A, arrows, Enter or A.
        for device in (Device.KEYBOARD, Device.PAD):
            ui = arrows_to(state, Ui(cursor=start, flipped=flipped), move.source, device)
            chosen = interpret(state, ui, Action(Act.CONFIRM, device), None)
            assert isinstance(chosen, Look) and chosen.ui.selected == move.source
            ui = arrows_to(state, chosen.ui, move.target, device)
            played = interpret(state, ui, Action(Act.CONFIRM, device), None)
            assert isinstance(played, Play) and played.move == move


@given(positions, uis)
def test_home_is_the_nearest_stone_that_can_move(state, ui):
    stones = movable(state, ui.flipped)
    spot = home(state, ui)
    if not stones:
        assert spot == ui.cursor
        return

    def distance(point: int) -> int:
        (x, y), (col, row) = screen_cell(point, ui.flipped), screen_cell(ui.cursor, ui.flipped)
        return abs(x - col) + abs(y - row)
    assert spot in stones and distance(spot) == min(map(distance, stones))
    assert home(state, Ui(cursor=spot, flipped=ui.flipped)) == spot, "it stays on one"


START = rules.new_game(rules.Params(), rules.START)
PRESS = Action(Act.PRESS, Device.MOUSE, MOUSE)
RELEASE = Action(Act.RELEASE, Device.MOUSE, MOUSE)
ENTER = Action(Act.CONFIRM)


def test_known_answers_from_the_start():
    assert movable(START, False) == [0, 1, 2, 3] and movable(START, True) == [3, 2, 1, 0]
    assert home(START, Ui()) == 1, "from b1's cell, the nearest stone is b4 (point 1)"
    assert interpret(START, Ui(), PRESS, 4) == Refuse(
        "That piece has no move: every point next to it is taken, and it has no capture.")
    assert interpret(START, Ui(), PRESS, 8) is None, "a click on theirs: nothing"
    assert interpret(START, Ui(cursor=8), ENTER, None) == \
        Refuse("Choose one of your pieces (Black) first.")
    picked = Ui(cursor=0, selected=0)
    assert interpret(START, Ui(), PRESS, 0) == Look(picked)
    assert interpret(START, picked, PRESS, 8) == Play(rules.Move(0, 8), Ui(cursor=8, selected=0))
    assert interpret(START, picked, PRESS, 9) == \
        Refuse("That piece cannot go there: choose one of the marked points.")
    assert interpret(START, picked, ENTER, None) == Look(Ui(cursor=0)), "Enter puts it back"
    assert interpret(START, Ui(cursor=0), ENTER, None) == Look(picked)
    assert interpret(START, picked, Action(Act.CANCEL), None) == Look(Ui(cursor=0))
    assert interpret(START, picked, Action(Act.PRESS, Device.MOUSE, MOUSE), None) == \
        Look(Ui(cursor=0)), "a click off the board puts it back"


def test_drops_and_clicks_on_the_held_stone():
    picked = Ui(cursor=0, selected=0)
    assert interpret(START, picked, RELEASE, Drop(0, 8, True, False)) == \
        Play(rules.Move(0, 8), picked)
    assert isinstance(interpret(START, picked, RELEASE, Drop(0, 9, True, False)), Refuse)
    assert interpret(START, picked, RELEASE, Drop(0, None, True, False)) is None
    assert interpret(START, picked, RELEASE, Drop(0, 0, True, True)) is None, "back home"
    assert interpret(START, picked, RELEASE, Drop(0, 0, False, False)) is None, "picked up"
    assert interpret(START, picked, RELEASE, Drop(0, 0, False, True)) == Look(Ui(cursor=0)), \
        "a second click puts it back"


def test_arrows_move_on_the_screen_either_way_round():
    right = Action(Act.MOVE, dx=1)
    assert interpret(START, Ui(cursor=13), right, None) == Look(Ui(cursor=14))
    turned = Ui(cursor=cell_point(1, 3, True), flipped=True)
    assert turned.cursor == 2
    assert interpret(START, turned, right, None) == Look(Ui(cursor=1, flipped=True))
    assert interpret(START, Ui(cursor=15), right, None) is None, "held at the edge"
