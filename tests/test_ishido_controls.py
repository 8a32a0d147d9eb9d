"""Ishido's input interpretation (games/ishido/controls.py) without a display: known answers,
and properties over generated positions, UI states and actions."""
import os
import random
import subprocess
import sys
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play, Refuse
from games.core.kit.rules_api import IllegalMove
from games.ishido import rules
from games.ishido.controls import Spot, Ui, home, interpret, open_squares
from games.ishido.rules import COLS, EMPTY, NEIGHBOURS, ROWS, Move

STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


@st.composite
def positions(draw):
    """A position reached by random legal placements (to the end of the game, sometimes)."""
    params = rules.Params(draw(st.sampled_from(rules.RULES)))
    rng = random.Random(draw(st.integers(0, 10**6)))
    state = rules.new_game(params, rules.new_desc(params, rng))
    for _ in range(draw(st.integers(0, rules.POUCH_SIZE))):
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.apply_move(state, rng.choice(moves))
    return state


squares = st.tuples(st.integers(0, ROWS - 1), st.integers(0, COLS - 1))


@st.composite
def uis(draw):
    hand = draw(st.sampled_from(["empty", "held", "dragging"]))   # one hand at a time
    return Ui(draw(squares), hand == "held", hand == "dragging", draw(st.none() | squares),
              draw(st.none() | squares), draw(st.booleans()))


@st.composite
def actions(draw):
    kind = draw(st.sampled_from(list(Act)))
    dx, dy = draw(st.sampled_from(STEPS + [(0, 0)]))
    action = Action(kind, draw(st.sampled_from(list(Device))), draw(st.none() | st.tuples(
        st.integers(0, 1919), st.integers(0, 1079))), dx, dy,
        draw(st.none() | st.sampled_from("ahuz") | st.integers(0, 9)), draw(st.booleans()))
    pointer = kind in (Act.POINT, Act.PRESS, Act.RELEASE, Act.WHEEL)
    target = draw(st.none() | st.just(Spot.HAND) | squares) if pointer else None
    return action, target


def on_board(square):
    return 0 <= square[0] < ROWS and 0 <= square[1] < COLS


@settings(max_examples=200, deadline=None)
@given(positions(), uis(), actions())
def test_every_play_is_legal_every_refusal_says_why_and_the_ui_stays_on_the_board(
        state, ui, action_and_target):
    action, target = action_and_target
    answer = interpret(state, ui, action, target)
    if isinstance(answer, Play):
        assert isinstance(answer.move, Move)
        assert rules.apply_move(state, answer.move).placed == state.placed + 1   # legal
    if isinstance(answer, Refuse):
        assert action.kind in (Act.RELEASE, Act.CONFIRM) and answer.reason
        square = target if action.kind == Act.RELEASE else ui.cursor
        try:
            rules.apply_move(state, Move(*square))
        except IllegalMove as error:
            assert str(error) == answer.reason, "the rules' own reason"
        else:
            raise AssertionError("a legal placement was refused")
    if isinstance(answer, (Play, Look)):
        after = answer.ui
        assert on_board(after.cursor)
        assert all(s is None or on_board(s) for s in (after.pressed, after.hover))
        assert not (after.held and after.dragging), "one hand at a time"
    if rules.status(state).over:
        assert action.kind in (Act.POINT, Act.MOVE) or answer is None, "the game is over"
    if isinstance(answer, Look) and answer.ui.assist != ui.assist:
        assert action.kind == Act.ALT or (action.kind == Act.PRESS and action.alt)
        assert answer == Look(replace(ui, assist=not ui.assist)), "the assist alone turns"


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_each_device_reaches_every_legal_square(state, data):
    legal = rules.legal_squares(state)
    if not legal:
        return
    square = data.draw(st.sampled_from(legal))
    mouse = Device.MOUSE
    # Drag the stone from its slot and let go over the square.
    lifted = interpret(state, Ui(home()), Action(Act.PRESS, mouse, (0, 0)), Spot.HAND)
    assert isinstance(lifted, Look) and lifted.ui.dragging
    assert interpret(state, lifted.ui, Action(Act.POINT, mouse, (1, 1)), square) is None
    dropped = interpret(state, lifted.ui, Action(Act.RELEASE, mouse, (1, 1)), square)
    assert dropped == Play(Move(*square), replace(lifted.ui, dragging=False, cursor=square))
    # Or click it: press and release on the same square.
    pressed = interpret(state, Ui(home()), Action(Act.PRESS, mouse, (1, 1)), square)
    assert isinstance(pressed, Look) and pressed.ui.pressed == square
    clicked = interpret(state, pressed.ui, Action(Act.RELEASE, mouse, (1, 1)), square)
    assert isinstance(clicked, Play) and clicked.move == Move(*square)
    # Keyboard and pad: pick up, walk, put down.
    for device in (Device.KEYBOARD, Device.PAD):
        ui = interpret(state, Ui(home()), Action(Act.CONFIRM, device), None).ui
        assert ui.held
        while ui.cursor != square:
            dy = (square[0] > ui.cursor[0]) - (square[0] < ui.cursor[0])
            dx = 0 if dy else (square[1] > ui.cursor[1]) - (square[1] < ui.cursor[1])
            ui = interpret(state, ui, Action(Act.MOVE, device, dx=dx, dy=dy), None).ui
        put = interpret(state, ui, Action(Act.CONFIRM, device), None)
        assert put == Play(Move(*square), replace(ui, held=False))


@settings(max_examples=60, deadline=None)
@given(positions(), squares)
def test_tab_visits_every_open_square_in_reading_order(state, start):
    board = state.board
    open_ = [divmod(s, COLS) for s in range(len(board)) if board[s] == EMPTY
             and any(board[n] != EMPTY for n in NEIGHBOURS[s])]
    if not open_ or rules.status(state).over:
        return
    ui, seen = Ui(start), []
    for _ in open_:
        ui = interpret(state, ui, Action(Act.NEXT), None).ui
        seen.append(ui.cursor)
    after = [s for s in open_ if s > start] + [s for s in open_ if s <= start]
    assert seen == after, "every open square once, in reading order from the cursor on"
    assert interpret(state, ui, Action(Act.PREV), None).ui.cursor == seen[-2 % len(seen)]


def a_game(seed=3, rule="standard"):
    params = rules.Params(rule)
    return rules.new_game(params, rules.new_desc(params, random.Random(seed)))


def test_known_answers():
    state = a_game()
    ui = Ui(home())
    assert home() == (3, 6)
    assisted = Look(replace(ui, assist=True))
    assert interpret(state, ui, Action(Act.PRESS, Device.MOUSE, (0, 0), alt=True), (2, 2)) \
        == assisted
    assert interpret(state, ui, Action(Act.KEY, value="a"), None) is None
    assert interpret(state, ui, Action(Act.ALT, Device.PAD), None) == assisted
    assert interpret(state, assisted.ui, Action(Act.ALT, Device.PAD), None) == Look(ui)
    dragging = replace(ui, dragging=True)
    assert interpret(state, dragging, Action(Act.RELEASE, Device.MOUSE, (5, 5)), None) == \
        Look(ui), "dropped off the board: home it goes"
    taken = interpret(state, dragging, Action(Act.RELEASE, Device.MOUSE, (5, 5)), (0, 0))
    assert taken == Refuse("That square already holds a stone.")
    lonely = interpret(state, dragging, Action(Act.RELEASE, Device.MOUSE, (5, 5)), (6, 2))
    assert lonely == Refuse("A stone must touch another stone.")
    elsewhere = interpret(state, replace(ui, pressed=(2, 2)),
                          Action(Act.RELEASE, Device.MOUSE, (5, 5)), (2, 3))
    assert elsewhere == Look(ui), "pressed on one square, let go on another: nothing placed"
    assert open_squares(state.board, (0, 0))[0] == (0, 1)


def test_at_the_end_only_the_cursor_and_the_hover_move():
    rng, state = random.Random(4), a_game(4, "original")
    while not rules.status(state).over:
        state = rules.apply_move(state, rng.choice(rules.legal_moves(state)))
    ui = Ui((0, 0), held=True)
    assert interpret(state, ui, Action(Act.MOVE, dx=1), None) == Look(replace(ui, cursor=(0, 1)))
    assert interpret(state, ui, Action(Act.POINT, Device.MOUSE, (1, 1)), (2, 2)) == \
        Look(replace(ui, hover=(2, 2)))
    for kind in (Act.CONFIRM, Act.ALT, Act.NEXT, Act.PRESS, Act.RELEASE):
        assert interpret(state, ui, Action(kind, Device.MOUSE, (1, 1)), (2, 2)) is None


def test_the_controls_are_pure():
    """No pygame, clock or I/O on import: checked in a fresh interpreter."""
    code = ("import sys\nbefore = set(sys.modules)\nimport games.ishido.controls\n"
            "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in "
            "('pygame', 'time', 'datetime', 'os', 'io', 'threading', 'socket')))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]", out
