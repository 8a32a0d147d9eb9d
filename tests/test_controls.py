"""The input ideas every game shares (games/core/kit/controls.py): known answers and
properties over generated grids and orders."""
from hypothesis import given, strategies as st

from games.core.kit.controls import cycle, nearest, step_grid


def test_step_grid_known_answers():
    assert step_grid((0, 0), -1, 0, 4, 5) == (0, 0)          # held at the left edge
    assert step_grid((0, 0), 1, 1, 4, 5) == (1, 1)
    assert step_grid((3, 4), 1, 1, 4, 5) == (3, 4)           # held at the bottom right
    assert step_grid((2, 2), 0, -1, 4, 5) == (1, 2)


@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_step_grid_stays_on_the_grid_and_moves_one_step(rows, cols, data):
    cursor = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    dx, dy = data.draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
    row, col = step_grid(cursor, dx, dy, rows, cols)
    assert 0 <= row < rows and 0 <= col < cols
    assert abs(row - cursor[0]) + abs(col - cursor[1]) <= 1
    inside = 0 <= cursor[0] + dy < rows and 0 <= cursor[1] + dx < cols
    assert ((row, col) == (cursor[0] + dy, cursor[1] + dx)) == inside


def test_cycle_known_answers():
    assert cycle([], 3, 1) is None
    assert cycle([4, 7, 9], None, 1) == 4 and cycle([4, 7, 9], None, -1) == 9
    assert cycle([4, 7, 9], 9, 1) == 4 and cycle([4, 7, 9], 4, -1) == 9
    assert cycle([4, 7, 9], 5, 1) == 4       # not a useful place: the first one


@given(st.lists(st.integers(0, 50), min_size=1, max_size=20, unique=True), st.data())
def test_cycle_visits_every_place_once_per_round(order, data):
    start = data.draw(st.sampled_from(order))
    step = data.draw(st.sampled_from([1, -1]))
    seen, here = [], start
    for _ in order:
        here = cycle(order, here, step)
        seen.append(here)
    assert sorted(seen) == sorted(order) and seen[-1] == start
    assert all(cycle(order, cycle(order, x, step), -step) == x for x in order)


def test_nearest_known_answers():
    #  0 . 1        a row of two, and one below between them
    #  . 2 .
    centres = [(0, 0), (200, 0), (100, 100)]
    assert nearest(centres, 0, 1, 0) == 1          # straight along beats diagonal
    assert nearest(centres, 0, 0, 1) == 2
    assert nearest(centres, 2, 0, -1) == 0         # a tie goes to the first
    assert nearest(centres, 1, 1, 0) == 1          # nothing that way: stay


@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), min_size=1, max_size=12,
                unique=True), st.data())
def test_nearest_moves_the_way_asked_or_stays(centres, data):
    start = data.draw(st.integers(0, len(centres) - 1))
    dx, dy = data.draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
    found = nearest(centres, start, dx, dy)
    x0, y0 = centres[start]
    ahead = [k for k, (x, y) in enumerate(centres) if (x - x0) * dx + (y - y0) * dy > 0]
    assert found in ahead if ahead else found == start
