"""Poggle's input interpretation (games/poggle/controls.py) without a display: known answers,
and properties over generated boards, UI states and actions."""
import os
import subprocess
import sys
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play
from games.poggle import rules
from games.poggle.controls import Ui, coloured_keys, home, interpret
from games.poggle.rules import Move, Params, State

STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


@st.composite
def states(draw):
    size = draw(st.integers(rules.MIN_SIZE, rules.MAX_SIZE))
    colours = draw(st.integers(rules.MIN_COLOURS, rules.MAX_COLOURS))
    cell = st.integers(0, colours - 1)
    board = tuple(tuple(draw(cell) for _ in range(size)) for _ in range(size))
    if draw(st.integers(0, 9)) == 0:
        board = tuple(tuple(0 for _ in row) for row in board)    # cleared
    return State(Params(size, colours), board, draw(st.integers(0, 99)))


def cells(size):
    return st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))


@st.composite
def situations(draw):
    """A state, a UI state on its board, an action and the key under the pointer."""
    state = draw(states())
    size = state.params.size
    ui = Ui(draw(cells(size)), draw(st.none() | cells(size)))
    kind = draw(st.sampled_from(list(Act)))
    dx, dy = draw(st.sampled_from(STEPS + [(0, 0)]))
    action = Action(kind, draw(st.sampled_from(list(Device))), draw(st.none() | st.tuples(
        st.integers(0, 1919), st.integers(0, 1079))), dx, dy,
        draw(st.none() | st.sampled_from("abhsxz") | st.integers(0, 9)), draw(st.booleans()))
    target = draw(st.none() | cells(size)) if kind in (Act.POINT, Act.PRESS, Act.RELEASE) \
        else None
    return state, ui, action, target


def on_board(cell, size):
    return 0 <= cell[0] < size and 0 <= cell[1] < size


@settings(max_examples=400)
@given(situations())
def test_every_answer_is_a_legal_press_or_a_ui_state_on_the_board(situation):
    state, ui, action, target = situation
    size = state.params.size
    answer = interpret(state, ui, action, target)
    if isinstance(answer, Play):
        assert isinstance(answer.move, Move)
        assert rules.apply_move(state, answer.move).presses == state.presses + 1   # legal
    if isinstance(answer, (Play, Look)):
        assert on_board(answer.ui.cursor, size)
        assert answer.ui.hover is None or on_board(answer.ui.hover, size)
    if action.kind == Act.POINT:
        assert answer == Look(replace(ui, hover=target))
    elif not any(map(any, state.board)):
        assert answer is None, "a cleared board takes no press, no step and no Solve"
    if action.kind in (Act.ALT, Act.KEY):
        assert answer is None, "a press has no other way, and no letter means a thing here"


@given(states(), st.data())
def test_each_device_reaches_every_press(state, data):
    """The mouse presses the key it is on; the keyboard and the pad walk the cursor from home
    to any key and press it."""
    size = state.params.size
    if not any(map(any, state.board)):
        return
    cell = data.draw(cells(size))
    answer = interpret(state, Ui(home(state.params)), Action(Act.PRESS, Device.MOUSE, (0, 0)),
                       cell)
    assert answer == Play(Move(*cell), Ui(cell))
    for device in (Device.KEYBOARD, Device.PAD):
        ui = Ui(home(state.params))
        while ui.cursor != cell:
            dy = (cell[0] > ui.cursor[0]) - (cell[0] < ui.cursor[0])
            dx = 0 if dy else (cell[1] > ui.cursor[1]) - (cell[1] < ui.cursor[1])
            look = interpret(state, ui, Action(Act.MOVE, device, dx=dx, dy=dy), None)
            assert isinstance(look, Look) and look.ui.cursor != ui.cursor
            ui = look.ui
        assert interpret(state, ui, Action(Act.CONFIRM, device), None) == Play(Move(*cell), ui)


@given(states(), st.data())
def test_tab_visits_every_coloured_key_in_reading_order_and_shift_tab_goes_back(state, data):
    size = state.params.size
    coloured = [(r, c) for r in range(size) for c in range(size) if state.board[r][c]]
    if not coloured:
        return
    start = data.draw(cells(size))
    ui, seen = Ui(start), []
    for _ in coloured:
        answer = interpret(state, ui, Action(Act.NEXT), None)
        assert isinstance(answer, Look)
        if ui.cursor in coloured:
            assert interpret(state, answer.ui, Action(Act.PREV), None).ui.cursor == ui.cursor
        ui = answer.ui
        seen.append(ui.cursor)
    after = [c for c in coloured if c > start] + [c for c in coloured if c <= start]
    assert seen == after, "every coloured key once, in reading order from the cursor on"


def test_tab_from_a_blank_key_goes_to_the_next_coloured_one():
    board = ((1, 0, 0), (0, 0, 2), (0, 0, 0))
    state = State(Params(3, 3), board)
    assert coloured_keys(board, (0, 1)) == [(1, 2), (0, 0)]
    assert interpret(state, Ui((0, 1)), Action(Act.NEXT), None).ui.cursor == (1, 2)
    assert interpret(state, Ui((0, 1)), Action(Act.PREV), None).ui.cursor == (0, 0)
    assert interpret(state, Ui((2, 2)), Action(Act.NEXT), None).ui.cursor == (0, 0)
    only = State(Params(3, 2), ((0, 0, 0), (0, 1, 0), (0, 0, 0)))
    assert interpret(only, Ui((1, 1)), Action(Act.NEXT), None).ui.cursor == (1, 1)


def test_x_means_nothing_and_solve_is_the_frames():
    state = State(Params(3, 2), ((0, 1, 0), (0, 0, 0), (0, 0, 0)))
    ui = Ui((1, 1))
    assert interpret(state, ui, Action(Act.ALT, Device.PAD), None) is None
    assert interpret(state, ui, Action(Act.KEY, value="q"), None) is None


def test_the_cursor_starts_in_the_middle_and_stays_on_the_board():
    assert home(Params(5, 3)) == (2, 2) and home(Params(4, 3)) == (2, 2)
    state = State(Params(3, 2), ((1, 1, 1), (1, 1, 1), (1, 1, 1)))
    corner = Ui((0, 0))
    assert interpret(state, corner, Action(Act.MOVE, dx=-1), None) == Look(corner)
    assert interpret(state, corner, Action(Act.MOVE, dy=1), None) == Look(Ui((1, 0)))
    assert interpret(state, corner, Action(Act.PRESS, Device.MOUSE, (5, 5)), None) is None


def test_the_controls_are_pure():
    """No pygame, clock or I/O on import: checked in a fresh interpreter."""
    code = ("import sys\nbefore = set(sys.modules)\nimport games.poggle.controls\n"
            "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in "
            "('pygame', 'time', 'datetime', 'os', 'io', 'threading', 'socket')))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]", out
