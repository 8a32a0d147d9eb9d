"""Calcoolation's controls without a display (games/kenken/controls.py): every move played is
legal or refused with a reason; the cursor, the pad's and the panel's focus stay in place; the
wheel's Tab order goes round every item; and the mouse alone, the keyboard alone and a gamepad
alone each reach every legal move of a position."""
import random
from collections import deque
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Do, Look, Play, Refuse
from games.kenken import controls, geometry, rules
from games.kenken.controls import OnButton, OnPad, Pad, Ui
from games.kenken.geometry import Style

SMALL = rules.new_game(rules.Params(4, "easy"), "b5b6fc,d2m6s2a5s2a3d2m12")


def game(size: int, seed: int, moves: int) -> rules.State:
    """A position of a generated puzzle after `moves` random legal moves (no Solve)."""
    params = rules.Params(size, "easy")
    state = rules.new_game(params, rules.new_desc(params, random.Random(seed)))
    rng = random.Random(seed)
    for _ in range(moves):
        choices = [m for m in rules.legal_moves(state) if m.kind != rules.SOLVE]
        if not choices:
            break
        state = rules.apply_move(state, rng.choice(choices))
    return state


GAMES = [game(size, seed, moves) for size, seed, moves in
         ((3, 1, 0), (3, 2, 4), (4, 3, 9), (5, 4, 20), (6, 5, 3))]


@st.composite
def uis(draw, n: int) -> Ui:
    cell = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    pad = None
    if draw(st.booleans()):
        style = draw(st.sampled_from(list(Style)))
        focus = draw(st.integers(0, len(geometry.pad_items(n, style)) - 1))
        pad = Pad(draw(cell), style, draw(st.booleans()), focus)
    panel = draw(st.none() | st.integers(0, len(geometry.layout(n).buttons) - 1))
    return Ui(draw(cell), draw(st.booleans()), draw(st.booleans()), panel, pad)


@st.composite
def actions(draw, n: int, ui: Ui):
    """An action and what the pointer is on, as the view would find it."""
    kind = draw(st.sampled_from(list(Act)))
    device = draw(st.sampled_from(list(Device)))
    targets = [st.none(), st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
               st.builds(OnButton, st.integers(0, 4), st.booleans())]
    if ui.pad:
        items = len(geometry.pad_items(n, ui.pad.style))
        targets.append(st.builds(OnPad, st.none() | st.integers(0, items - 1)))
    target = draw(st.one_of(targets)) if kind in (Act.PRESS, Act.POINT, Act.RELEASE) else None
    value = draw(st.integers(0, 9)) if kind == Act.DIGIT else draw(st.sampled_from("acfnsxz"))
    return Action(kind, device, dx=draw(st.integers(-1, 1)), dy=draw(st.integers(-1, 1)),
                  value=value, alt=draw(st.booleans())), target


def on_the_board(state: rules.State, ui: Ui) -> bool:
    n = state.size
    inside = 0 <= ui.cursor[0] < n and 0 <= ui.cursor[1] < n
    panel = ui.panel is None or 0 <= ui.panel < len(geometry.layout(n).buttons)
    pad = ui.pad is None or (ui.pad.cell == ui.cursor and 0 <= ui.pad.focus < len(
        geometry.pad_items(n, ui.pad.style)))
    return inside and panel and pad


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_play_is_legal_a_refusal_says_why_and_the_cursor_stays_on_the_board(data):
    state = data.draw(st.sampled_from(GAMES))
    ui = data.draw(uis(state.size))
    ui = replace(ui, pad=ui.pad and replace(ui.pad, cell=ui.cursor))   # a pad is at the cursor
    action, target = data.draw(actions(state.size, ui))
    answer = controls.interpret(state, ui, action, target)
    assert answer is None or isinstance(answer, Look | Play | Refuse | Do)
    if isinstance(answer, Play):
        assert answer.move in rules.legal_moves(state)
    if isinstance(answer, Refuse):
        assert answer.reason.endswith(".") and len(answer.reason) > 10
    if isinstance(answer, Look | Play):
        assert on_the_board(state, answer.ui)


def test_known_answers():
    ui = Ui()
    assert controls.interpret(SMALL, ui, Action(Act.DIGIT, value=9), None) == Refuse(
        "Digits on a 4 x 4 grid run from 1 to 4.")
    assert controls.interpret(SMALL, ui, Action(Act.CLEAR), None) == Refuse(
        "Row 1, column 1 is already empty.")
    assert controls.interpret(SMALL, ui, Action(Act.DIGIT, value=2), None) == Play(
        rules.Move(rules.PLACE_CLEAR, 0, 0, 2), ui)
    pencil = replace(ui, pencil=True)
    assert controls.interpret(SMALL, pencil, Action(Act.DIGIT, value=2), None) == Play(
        rules.Move(rules.TOGGLE, 0, 0, 2), pencil)
    # The letters are the frame's commands (info.py): the controls see none of them.
    for letter in "acfns":
        assert controls.interpret(SMALL, ui, Action(Act.KEY, value=letter), None) is None
    # Tab goes to the next empty cell, round the grid; it never writes a digit.
    begun = rules.apply_move(SMALL, rules.Move(rules.PLACE, 0, 1, 2))
    tab = controls.interpret(begun, ui, Action(Act.NEXT), None)
    assert tab == Look(replace(ui, cursor=(0, 2)))
    back = controls.interpret(begun, ui, Action(Act.PREV), None)
    assert back == Look(replace(ui, cursor=(3, 3)))
    # A right-click opens the pad in pencil mode; the same cell again closes it.
    opened = controls.interpret(SMALL, ui, Action(Act.PRESS, alt=True), (1, 2))
    assert isinstance(opened, Look) and opened.ui.pad == Pad((1, 2), Style.PAD, True, 2)
    assert not opened.ui.pencil and opened.ui.cursor == (1, 2)
    closed = controls.interpret(SMALL, opened.ui, Action(Act.PRESS), (1, 2))
    assert isinstance(closed, Look) and closed.ui.pad is None


def test_moving_right_off_the_grid_reaches_the_panel_and_left_comes_back():
    ui = Ui(cursor=(0, 3))
    there = controls.interpret(SMALL, ui, Action(Act.MOVE, dx=1), None)
    assert isinstance(there, Look) and there.ui.panel == 0 and there.ui.cursor == (0, 3)
    down = controls.interpret(SMALL, there.ui, Action(Act.MOVE, dy=1), None)
    assert geometry.layout(4).buttons[down.ui.panel][0] == "fill"
    back = controls.interpret(SMALL, down.ui, Action(Act.MOVE, dx=-1), None)
    assert back.ui.panel is None and back.ui.cursor == (0, 3)


@pytest.mark.parametrize("n", range(3, 10))
def test_the_wheels_tab_order_goes_round_every_item(n):
    state = rules.State(rules.Params(n, "easy"), (), (0,) * n * n, (0,) * n * n)
    count = len(geometry.pad_items(n, Style.WHEEL))
    for step in (Act.NEXT, Act.PREV):
        ui, seen = Ui(pad=Pad((0, 0), Style.WHEEL, False, 0)), []
        for _ in range(count):
            ui = controls.interpret(state, ui, Action(step, Device.PAD), None).ui
            seen.append(ui.pad.focus)
        assert sorted(seen) == list(range(count)) and seen[-1] == 0


# --- each device reaches every move ------------------------------------------------------------

def device_actions(state: rules.State, ui: Ui, device: Device):
    """What one device can do: (action, target) pairs."""
    n = state.size
    if device == Device.MOUSE:
        spots = [(r, c) for r in range(n) for c in range(n)]
        spots += [OnButton(k, right) for k in range(5) for right in (False, True)]
        if ui.pad:
            spots += [OnPad(k) for k in range(len(geometry.pad_items(n, ui.pad.style)))]
        for spot in spots + [None]:
            for alt in (False, True):
                yield Action(Act.PRESS, Device.MOUSE, alt=alt), spot
        return
    steps = [Action(Act.MOVE, device, dx=dx, dy=dy)
             for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    steps += [Action(kind, device) for kind in (Act.CONFIRM, Act.ALT, Act.NEXT, Act.PREV)]
    if device == Device.KEYBOARD:
        steps += [Action(Act.DIGIT, device, value=d) for d in range(10)]
        steps.append(Action(Act.CLEAR, device))
    for action in steps:
        yield action, None


def moves_reached(state: rules.State, device: Device) -> set:
    """Every move one device plays from the start of the game's UI, walking the UI states."""
    start = Ui()
    seen, queue, moves = {start}, deque([start]), set()
    while queue:
        ui = queue.popleft()
        for action, target in device_actions(state, ui, device):
            answer = controls.interpret(state, ui, action, target)
            if isinstance(answer, Play):
                moves.add(answer.move)
            if isinstance(answer, Look | Play) and answer.ui not in seen:
                seen.add(answer.ui)
                queue.append(answer.ui)
    return moves


@pytest.mark.parametrize("device", list(Device))
@pytest.mark.parametrize("state", GAMES[:3], ids=["3x3 empty", "3x3 begun", "4x4 begun"])
def test_each_device_reaches_every_move(state, device):
    # Solve is the frame's: it plays the solution's digits, moves any device reaches.
    expected = {m for m in rules.legal_moves(state) if m.kind != rules.SOLVE}
    assert moves_reached(state, device) == expected
