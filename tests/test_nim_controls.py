"""Nim's controls without a display: what every action means on generated heaps and cursors
(games/nim/controls.py), and in the heap editor (games/nim/draft.py). Every Play is a legal
move, the cursor and the focus stay on the board, Tab goes round every useful place, and each
device reaches every move and every start the editor allows."""
import json
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play, Refuse
from games.nim import draft as editor, rules
from games.nim.controls import Ui, counter_of, home, interpret, on_a_counter, valid
from games.nim.draft import Button, Draft, Remove, Slot

KINDS = [kind for kind in Act if kind not in (Act.PAD_ADDED, Act.PAD_LOST)]
heaps_st = st.lists(st.integers(0, rules.MAX_HEAP), min_size=1, max_size=rules.MAX_HEAPS).map(tuple)
state_st = st.builds(rules.State, heaps_st, st.integers(0, 1), st.booleans())
cursor_st = st.tuples(st.integers(-2, 17), st.integers(-2, 17))
ui_st = st.builds(Ui, cursor_st, st.none() | cursor_st)
action_st = st.builds(Action, st.sampled_from(KINDS), st.sampled_from(list(Device)),
                      st.none() | st.tuples(st.integers(0, 1919), st.integers(0, 1079)),
                      st.integers(-1, 1), st.integers(-1, 1),
                      st.none() | st.integers(0, 9) | st.sampled_from("aestxz"), st.booleans())
playing_st = state_st.filter(lambda state: any(state.heaps))


def act(kind, device=Device.KEYBOARD, **fields):
    return Action(kind, device, **fields)


# --- the heaps -----------------------------------------------------------------------------
@given(state_st, ui_st, action_st, st.none() | cursor_st)
@settings(max_examples=200, deadline=None)
def test_every_answer_is_a_legal_take_or_a_cursor_on_a_counter(state, ui, action, target):
    answer = interpret(state, ui, action, target)
    assert answer is None or isinstance(answer, Play | Look)
    if isinstance(answer, Play):
        assert answer.move in rules.legal_moves(state)
        after = rules.apply_move(state, answer.move)
        assert answer.ui.hover is None
        assert not any(after.heaps) or on_a_counter(after.heaps, answer.ui.cursor)
    if isinstance(answer, Look) and answer.ui.cursor != ui.cursor and any(state.heaps):
        assert on_a_counter(state.heaps, answer.ui.cursor), "the cursor stays on a counter"
    if rules.status(state).over:
        assert not isinstance(answer, Play)


@given(heaps_st, cursor_st)
def test_valid_and_home_stand_on_a_counter(heaps, cursor):
    for placed in (valid(heaps, cursor), home(heaps)):
        assert on_a_counter(heaps, placed) if any(heaps) else placed[1] == 0
    if on_a_counter(heaps, cursor):
        assert valid(heaps, cursor) == cursor


def test_home_is_the_top_of_the_first_heap_with_counters():
    assert home((3, 4, 5)) == (0, 2)
    assert home((0, 0, 3)) == (2, 2)
    assert home((0, 0)) == (0, 0)


@given(playing_st, ui_st, st.sampled_from([Act.NEXT, Act.PREV]))
def test_tab_goes_round_every_heap_with_counters_once(state, ui, kind):
    heaps = state.heaps
    nonempty = [heap for heap, size in enumerate(heaps) if size]
    start, seen = valid(heaps, ui.cursor)[0], []
    for _ in nonempty:
        ui = interpret(state, ui, act(kind), None).ui
        assert on_a_counter(heaps, ui.cursor)
        seen.append(ui.cursor[0])
    assert sorted(seen) == nonempty and seen[-1] == start, "round to where it started"


def test_moving_across_keeps_how_many_the_cursor_takes():
    state = rules.State((1, 3, 5, 7))
    ui = Ui(home(state.heaps))
    ui = interpret(state, ui, act(Act.MOVE, dx=1), None).ui
    assert ui.cursor == (1, 2)                           # the top of the 3: take 1
    ui = interpret(state, ui, act(Act.MOVE, dy=1), None).ui
    ui = interpret(state, ui, act(Act.MOVE, dx=1), None).ui
    assert ui.cursor == (2, 3)                           # take 2 from the 5
    ui = interpret(state, ui, act(Act.DIGIT, value=4), None).ui
    assert ui.cursor == (3, 5)                           # digits jump: take 2 from the 7
    answer = interpret(state, ui, act(Act.CONFIRM), None)
    assert answer == Play(rules.Move(3, 2), Ui((3, 4)))
    assert interpret(state, ui, act(Act.DIGIT, value=9), None) is None, "no heap 9"
    right = interpret(rules.State((0, 2, 0)), Ui((1, 0)), act(Act.MOVE, dx=1), None)
    assert right.ui.cursor == (1, 0), "at the last heap with counters the cursor stays"


def test_a_take_has_no_other_way_and_the_letters_are_the_frames():
    state = rules.State((3, 4, 5))
    for action in (act(Act.ALT, Device.PAD), act(Act.KEY, value="t"), act(Act.KEY, value="e"),
                   act(Act.PRESS, Device.MOUSE, pos=(5, 5), alt=True)):
        assert interpret(state, Ui(), action, (0, 0)) is None


def test_the_pointer_lights_and_takes_only_real_counters():
    state = rules.State((3, 0, 5))
    press = act(Act.PRESS, Device.MOUSE, pos=(1, 1))
    assert interpret(state, Ui(), press, (1, 0)) is None, "an empty heap"
    assert interpret(state, Ui(), press, None) is None
    assert interpret(state, Ui(), press, (2, 1)) == Play(rules.Move(2, 4), Ui((2, 0)))
    point = act(Act.POINT, Device.MOUSE, pos=(1, 1))
    assert interpret(state, Ui(), point, (0, 2)) == Look(Ui(hover=(0, 2)))
    assert interpret(state, Ui(hover=(0, 2)), point, (0, 2)) is None, "no change, no answer"
    over = rules.State((0, 0, 0))
    assert interpret(over, Ui(hover=(0, 2)), point, (0, 2)) == Look(Ui())
    assert interpret(over, Ui(), act(Act.CONFIRM), None) is None


def steer(state, ui, move, device, jump):
    """The keyboard or pad way to a move: to its heap (arrows, or a digit / the triggers),
    then up or down the heap, then Enter or A."""
    target = counter_of(state, move)
    for _ in range(2 * rules.MAX_HEAP + 2 * rules.MAX_HEAPS):
        heap, k = valid(state.heaps, ui.cursor)
        if heap != target[0] and jump == Act.DIGIT:
            action = act(Act.DIGIT, device, value=target[0] + 1)
        elif heap != target[0] and jump == Act.NEXT:
            action = act(Act.NEXT, device)
        elif heap != target[0]:
            action = act(Act.MOVE, device, dx=1 if heap < target[0] else -1)
        elif k != target[1]:
            action = act(Act.MOVE, device, dy=1 if k > target[1] else -1)
        else:
            break
        ui = interpret(state, ui, action, None).ui
    return interpret(state, ui, act(Act.CONFIRM, device), None)


@given(playing_st, st.data())
@settings(max_examples=150, deadline=None)
def test_each_device_reaches_every_move(state, data):
    move = data.draw(st.sampled_from(rules.legal_moves(state)))
    start = Ui(data.draw(st.sampled_from([home(state.heaps), valid(state.heaps, (7, 9))])))
    mouse = interpret(state, Ui(), act(Act.PRESS, Device.MOUSE, pos=(0, 0)),
                      counter_of(state, move))
    assert isinstance(mouse, Play) and mouse.move == move
    for device, jump in ((Device.KEYBOARD, Act.MOVE), (Device.KEYBOARD, Act.DIGIT),
                         (Device.PAD, Act.MOVE), (Device.PAD, Act.NEXT)):
        answer = steer(state, start, move, device, jump)
        assert isinstance(answer, Play) and answer.move == move, (device, jump)


# --- the heap editor -----------------------------------------------------------------------
draft_heaps_st = st.lists(st.integers(1, rules.MAX_HEAP), min_size=1,
                          max_size=rules.MAX_HEAPS).map(tuple)


@st.composite
def drafts(draw):
    heaps = draw(draft_heaps_st)
    returning = draw(st.booleans())
    shaped = Draft(heaps, returning=returning)
    focus = draw(st.sampled_from(editor.order(shaped)))
    return Draft(heaps, focus, draw(st.none() | targets(len(heaps))), returning)


def targets(count):
    return (st.builds(Slot, st.integers(0, count), st.integers(0, rules.MAX_HEAP - 1))
            | st.builds(Remove, st.integers(0, count - 1)) | st.sampled_from(list(Button)))


def startable(heaps) -> bool:
    try:
        rules.validate_desc(rules.Params("custom"), rules.heaps_text(heaps))
    except rules.RuleError:
        return False
    return True


@given(drafts(), action_st, st.data())
@settings(max_examples=200, deadline=None)
def test_the_editor_keeps_heaps_a_custom_game_can_start_from(draft, action, data):
    target = data.draw(st.none() | targets(len(draft.heaps)))
    answer = editor.interpret(draft, action, target)
    assert answer is None or isinstance(answer, Look | Refuse | Button)
    if isinstance(answer, Look):
        assert startable(answer.ui.heaps)
        assert answer.ui.focus in editor.order(answer.ui), "the focus stays on a place"
        assert answer.ui.returning == draft.returning
    if isinstance(answer, Refuse):
        assert answer.reason
    if isinstance(answer, Button):
        assert answer in (Button.START, Button.RANDOM, Button.BACK)
        assert answer != Button.BACK or draft.returning


@given(drafts(), st.sampled_from([Act.NEXT, Act.PREV]))
def test_tab_goes_round_every_place_of_the_editor(draft, kind):
    places, start, seen = editor.order(draft), draft.focus, []
    for _ in places:
        draft = editor.interpret(draft, act(kind), None).ui
        seen.append(draft.focus)
    assert sorted(seen, key=str) == sorted(places, key=str) and seen[-1] == start


def test_editor_answers_by_example():
    draft = Draft((3, 4), returning=True)
    assert editor.order(draft) == [0, 1, Button.ADD, Button.START, Button.RANDOM, Button.BACK]
    up = editor.interpret(draft, act(Act.MOVE, dy=-1), None)
    assert up == Look(Draft((4, 4), 0, None, True))
    assert editor.interpret(draft, act(Act.DIGIT, value=0), None).ui.heaps == (10, 4)
    assert editor.interpret(draft, act(Act.CONFIRM), None) == Button.START, "Enter on a heap"
    on_add = Draft((3, 4), Button.ADD)
    added = editor.interpret(on_add, act(Act.MOVE, dy=-1), None).ui
    assert added.heaps == (3, 4, 1) and added.focus == 2
    assert editor.interpret(on_add, act(Act.MOVE, dy=1), None) is None
    assert editor.interpret(Draft((5,)), act(Act.CLEAR), None) == Refuse(
        "Keep at least one heap.")
    full = Draft((1,) * rules.MAX_HEAPS)
    assert Button.ADD not in editor.order(full)
    assert editor.add_heap(full, 3) == Refuse(f"At most {rules.MAX_HEAPS} heaps.")
    buttons = Draft((3,), Button.START, returning=True)
    assert editor.interpret(buttons, act(Act.MOVE, dy=1), None).ui.focus == Button.RANDOM
    assert editor.interpret(buttons, act(Act.CONFIRM), None) == Button.START


def test_the_mouse_sets_adds_and_removes_and_a_right_click_on_the_empty_column_is_nothing():
    draft = Draft((5, 12, 6))
    press, right = act(Act.PRESS, Device.MOUSE, pos=(1, 1)), act(
        Act.PRESS, Device.MOUSE, pos=(1, 1), alt=True)
    assert editor.interpret(draft, press, Slot(1, 2)).ui.heaps == (5, 3, 6)
    assert editor.interpret(draft, press, Slot(3, 11)).ui.heaps == (5, 12, 6, 12)
    assert editor.interpret(draft, right, Slot(0, 4)).ui.heaps == (12, 6)
    assert editor.interpret(draft, press, Remove(2)).ui.heaps == (5, 12)
    assert editor.interpret(draft, right, Slot(3, 4)) is None, "not a heap: nothing to remove"
    assert editor.interpret(draft, press, Button.RANDOM) == Button.RANDOM
    assert editor.interpret(draft, right, Button.START) is None


def reach(draft, heaps, device):
    """Set up `heaps` from `draft` with one device: the mouse's clicks, or the keyboard's
    (Delete and digits) or the pad's (X, the d-pad) keys and buttons. Returns the draft."""
    def answer(action, target=None):
        nonlocal draft
        result = editor.interpret(draft, action, target)
        assert isinstance(result, Look), (action, target, result)
        draft = result.ui

    if device != Device.MOUSE:                  # the focus to the first heap
        for _ in editor.order(draft):
            answer(act(Act.MOVE, device, dx=-1))
        assert draft.focus == 0
    for _ in range(len(draft.heaps) - 1):        # down to one heap
        if device == Device.MOUSE:
            answer(act(Act.PRESS, device, pos=(1, 1)), Remove(0))
        else:
            answer(act(Act.CLEAR if device == Device.KEYBOARD else Act.ALT, device))
    for column, size in enumerate(heaps):
        if column:                                # the empty column, then onto the new heap
            if device == Device.MOUSE:
                answer(act(Act.PRESS, device, pos=(1, 1)), Slot(column, size - 1))
                continue
            answer(act(Act.MOVE, device, dx=1))
            answer(act(Act.MOVE, device, dy=-1))
        if device == Device.MOUSE:
            answer(act(Act.PRESS, device, pos=(1, 1)), Slot(column, size - 1))
        elif device == Device.KEYBOARD and size < 10:
            answer(act(Act.DIGIT, device, value=size))
        else:
            for _ in range(rules.MAX_HEAP):
                if draft.heaps[column] == size:
                    break
                answer(act(Act.MOVE, device, dy=-1 if draft.heaps[column] < size else 1))
    return draft


@given(drafts(), draft_heaps_st, st.sampled_from(list(Device)))
@settings(max_examples=120, deadline=None)
def test_each_device_sets_up_every_start(draft, heaps, device):
    draft = reach(draft, heaps, device)
    assert draft.heaps == heaps


def test_controls_are_pure():
    """No pygame, clock or I/O, checked in a fresh interpreter."""
    code = ("import json, sys; before = set(sys.modules)\n"
            "import games.nim.controls, games.nim.draft\n"
            "print(json.dumps(sorted(set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = {name.split(".")[0] for name in json.loads(out)}
    assert "games" in loaded
    assert not loaded & {"pygame", "time", "datetime", "os", "io", "socket", "threading"}
