"""DeducTile's notes grid (games/deductile/notes.py): a cell's marks go round, a NOTE move sets
one and undo takes it back, the text form keeps them, a tick rules out its row and column
faintly, every cell is reached by the mouse, the keyboard and a gamepad, and the notes count
as no help (nothing in the record)."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Look, Play
from games.deductile import controls, notes, rules
from games.deductile.controls import Column, Ui

GAMES = [rules.new_game(params, rules.new_desc(params, random.Random(seed)))
         for params, seed in ((rules.Params(4, "hard"), 1), (rules.Params(5, "expert"), 2),
                              (rules.Params(6, "expert"), 3))]


def test_a_cells_marks_go_round_both_ways():
    assert [notes.next_mark(m) for m in notes.MARKS] == [notes.NO, notes.YES, notes.EMPTY]
    assert [notes.next_mark(m, back=True) for m in notes.MARKS] == \
        [notes.YES, notes.EMPTY, notes.NO]


@pytest.mark.parametrize("state", GAMES)
def test_cells_are_numbered_grid_place_item_whatever_the_tiles(state):
    n = state.tiles
    cells = notes.cells(n)
    seen = {notes.where(index) for index in cells}
    assert len(seen) == len(cells) == 2 * n * n
    for grid, place, item in seen:
        assert notes.where(notes.cell(grid, place, item)) == (grid, place, item)
        assert grid < 2 and place < n and item < n
    assert [index for index in range(notes.COUNT) if notes.in_game(n, index)] == cells


@st.composite
def marking(draw):
    state = draw(st.sampled_from(GAMES))
    return state, draw(st.lists(st.tuples(st.sampled_from(notes.cells(state.tiles)),
                                          st.sampled_from(notes.MARKS)), max_size=20))


@settings(max_examples=100, deadline=None)
@given(marking())
def test_note_moves_set_one_cell_round_trip_as_text_and_leave_the_rest(case):
    start, marks = case
    state = start
    expected = [notes.EMPTY] * notes.COUNT
    for index, mark in marks:
        move = rules.Move(rules.NOTE, index, mark)
        if expected[index] == mark:
            with pytest.raises(rules.IllegalMove):
                rules.apply_move(state, move)
            continue
        assert move in rules.legal_moves(state)
        assert rules.decode_move(move.encode()) == move
        after = rules.apply_move(state, move)
        assert (after.arrangement, after.struck, after.outcome) == \
            (state.arrangement, state.struck, state.outcome)
        expected[index] = mark
        state = after
    assert [notes.mark_of(state.notes, k) for k in range(len(expected))] == expected
    assert (state.notes == ()) == (not any(expected)), "all cleared: the position it was"
    assert rules.from_text(str(state)) == state


def test_a_tick_crosses_its_row_and_column_in_its_grid_faintly():
    n = 4
    ticked = notes.marked((), notes.cell(1, 2, 3), notes.YES)
    implied = notes.implied(ticked, n)
    assert implied == {notes.cell(1, 2, item) for item in range(n) if item != 3} | \
        {notes.cell(1, place, 3) for place in range(n) if place != 2}
    crossed = notes.marked(ticked, notes.cell(1, 0, 3), notes.NO)
    assert notes.cell(1, 0, 3) not in notes.implied(crossed, n), "marked by hand already"


def test_bad_notes_are_refused_and_old_texts_still_read():
    state = GAMES[0]
    for move in (rules.Move(rules.NOTE, notes.COUNT, 1), rules.Move(rules.NOTE, 0, 3),
                 rules.Move(rules.NOTE, -1, 1), rules.Move(rules.NOTE, notes.cell(0, 4, 0), 1),
                 rules.Move(rules.NOTE, notes.cell(1, 0, 5), 2)):    # past a 4-tile grid
        with pytest.raises(rules.IllegalMove):
            rules.apply_move(state, move)
    for text in ("n1", "n-1-2", "n1-x", "n\u00b2-1"):
        with pytest.raises(rules.RuleError):
            rules.decode_move(text)
    old = str(state)    # without notes the text is as before: five fields
    assert len(old.splitlines()[-1].split()) == 6
    five = "0" * notes.cell(0, 4, 0) + "1" + "0" * (notes.COUNT - notes.cell(0, 4, 0) - 1)
    for bad in ("3" * notes.COUNT, "0" * (notes.COUNT - 1), "01x" + "0" * (notes.COUNT - 3),
                five):
        with pytest.raises(rules.RuleError):
            rules.from_text(old + " " + bad)


def test_the_replay_words_a_note():
    assert notes.words(notes.cell(0, 1, 0), notes.NO) == "Noted the Circle is not 2nd"
    assert notes.words(notes.cell(1, 0, 0), notes.YES) == "Noted the Red tile is 1st"
    assert notes.words(notes.cell(0, 2, 3), notes.EMPTY) == \
        "Cleared the note on the Star at 3rd"


@pytest.mark.parametrize("state", GAMES)
def test_the_keyboard_and_pad_walk_every_cell_and_mark_it(state):
    n = state.tiles
    seen, frontier = set(), [Ui()]
    while frontier:
        ui = frontier.pop()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cursor = controls.interpret(state, ui, Action(Act.MOVE, dx=dx, dy=dy), None).ui.cursor
            if cursor not in seen:
                seen.add(cursor)
                frontier.append(Ui(cursor))
    cells = {(Column.NOTES, k) for k in notes.cells(n)}
    assert cells <= seen
    for device in (Device.KEYBOARD, Device.PAD):
        spot = notes.cell(1, n - 1, 1)
        ui = Ui((Column.NOTES, spot))
        forward = controls.interpret(state, ui, Action(Act.CONFIRM, device), None)
        back = controls.interpret(state, ui, Action(Act.ALT, device), None)
        assert forward == Play(rules.Move(rules.NOTE, spot, notes.NO), ui)
        assert back == Play(rules.Move(rules.NOTE, spot, notes.YES), ui)
    # Right from a tile goes into its row of the grid; left from a clue comes back to it.
    assert controls.interpret(state, Ui((Column.TILES, 1)), Action(Act.MOVE, dx=1),
                              None) == Look(Ui((Column.NOTES, notes.cell(0, 1, 0))))
    assert controls.interpret(state, Ui((Column.CLUES, 0)), Action(Act.MOVE, dx=-1), None) == \
        Look(Ui((Column.NOTES, notes.cell(1, 0, n - 1))))


def test_the_mouse_marks_a_cell_and_the_right_button_goes_back():
    state = GAMES[0]
    target = (Column.NOTES, 9)
    left = controls.interpret(state, Ui(), Action(Act.PRESS, Device.MOUSE), target)
    right = controls.interpret(state, Ui(), Action(Act.PRESS, Device.MOUSE, alt=True), target)
    assert left == Play(rules.Move(rules.NOTE, 9, notes.NO), Ui(target))
    assert right == Play(rules.Move(rules.NOTE, 9, notes.YES), Ui(target))
