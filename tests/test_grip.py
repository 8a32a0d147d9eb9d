"""The mouse's hold on a board of points (games/core/screens/drag.py: Grip), the one reaction
Kono and Mu Torere share, through the real loop with generated drags: a piece let go on one of
its moves is played and lands from where it was let go; let go anywhere else (or turned away
when it is played) it stays, and slides home from where it was let go, at once with
animations off; a press that does not travel is a click, never a drag."""
import math

import pygame
from hypothesis import HealthCheck, given, settings, strategies as st
from pytest import approx

from games.core.kit import registry
from games.core.screens.drag import THRESHOLD
from games.core.screens.frame import Gate

GAMES = ("kono", "mu_torere")
POINTS = {"kono": 16, "mu_torere": 9}


class TurnAway(Gate):
    """A gate that admits no move (as a lesson's does for a move off its step)."""

    def admit(self, move):
        return False


def start_of_move(board, move):
    """Where the animation of a move just played starts (Kono's motion, Mu Torere's slide)."""
    if hasattr(board, "motions"):
        return board.current_motion().start
    return board.slides[move.target][1][0]


def at_pixel(point):
    return int(round(point[0])), int(round(point[1]))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(GAMES), data=st.data(), animations=st.booleans(),
       turned_away=st.booleans())
def test_a_piece_let_go_is_played_on_its_move_or_slides_home(driver, key, data, animations,
                                                              turned_away):
    driver.app.settings["animations"] = animations
    scene = driver.start(key, seed=data.draw(st.integers(0, 50)),
                         play_options={"opponent": "human"})
    driver.settle()
    board, rules = scene.board, registry.lookup(key).rules
    moves = rules.legal_moves(scene.state)
    source = data.draw(st.sampled_from(sorted({m.source for m in moves})))
    targets = {m.target: m for m in moves if m.source == source}
    onto = data.draw(st.sampled_from(sorted(targets)) | st.integers(0, POINTS[key] - 1))
    nudge = data.draw(st.tuples(st.integers(-40, 40), st.integers(-40, 40)))
    start = at_pixel(board.grip.centre(source))
    middle = board.grip.centre(onto)
    end = at_pixel((middle[0] + nudge[0], middle[1] + nudge[1]))
    home = board.grip.centre(source)
    spot = (home[0] + end[0] - start[0], home[1] + end[1] - start[1])   # where it is let go
    if turned_away:
        scene.gate = TurnAway()
    position = scene.session.position

    driver.drag(start, end)
    moved = math.dist(start, end) > THRESHOLD
    dropped_on = board.layout.point_at(end)
    played = moved and dropped_on in targets and not turned_away
    assert board.grip.drag is None and board.grip.dropping is None, "let go: nothing held"
    if played:
        move = targets[dropped_on]
        assert scene.session.position == position + 1 and scene.session.last_move() == move
        assert board.grip.settle is None
        if animations:
            assert start_of_move(board, move) == approx(spot), "it lands from where it was let go"
        return
    assert scene.session.position == position, "nothing is played"
    settle = board.grip.settle
    if not moved or not animations:
        assert settle is None, "a click, or no animations: it is home at once"
        return
    assert settle is not None and settle.item == source
    assert settle.spot == approx(spot) and settle.home == home, "from where it was let go, home"
    driver.settle()
    assert settle.done and settle.position == home


def test_a_release_with_nothing_held_means_nothing(driver):
    for key in GAMES:
        scene = driver.start(key, play_options={"opponent": "human"})
        driver.settle()
        before = (scene.board.ui, scene.session.position, scene.message)
        driver.post(pygame.MOUSEBUTTONUP, pos=(960, 540), button=1)
        driver.frames()
        assert (scene.board.ui, scene.session.position, scene.message) == before
        assert scene.board.grip.settle is None
        driver.app.pop(scene)
