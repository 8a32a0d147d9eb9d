"""The mouse's Hand (games/core/screens/drag.py), which boards that drag share: a piece picked
up keeps its offset from the pointer whatever the pointer does, only a motion while carrying is
taken by the hand alone, and a piece is let go once."""
import math

from hypothesis import given, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.screens.drag import THRESHOLD, Hand


class Table:
    """The one thing a Hand asks of the frame: a sound."""

    def __init__(self):
        self.sounds = []

    def sound(self, name):
        self.sounds.append(name)


points = st.tuples(st.integers(0, 1919), st.integers(0, 1079))
pointer_actions = st.builds(lambda kind, pos: Action(kind, Device.MOUSE, pos),
                            st.sampled_from([Act.POINT, Act.PRESS, Act.RELEASE, Act.WHEEL]),
                            points)


@given(points, points, st.lists(pointer_actions, max_size=12))
def test_a_carried_piece_keeps_its_grab_and_only_motion_is_the_hands_alone(press, centre,
                                                                           actions):
    table = Table()
    hand = Hand(table)
    assert not hand.follow(Action(Act.POINT, Device.MOUSE, press)), "nothing carried yet"
    hand.follow(Action(Act.PRESS, Device.MOUSE, press))
    hand.pick("piece", centre)
    assert table.sounds == ["select"] and hand.drag is not None
    assert hand.drag.spot == centre
    last = press
    for action in actions:
        taken = hand.follow(action)
        assert taken == (action.kind == Act.POINT)
        if action.kind in (Act.POINT, Act.RELEASE):
            last = action.pos
        assert hand.pointer == action.pos
        assert hand.drag.pos == last
        assert hand.drag.spot == (centre[0] + last[0] - press[0], centre[1] + last[1] - press[1])
    if math.dist(last, press) > THRESHOLD:
        assert hand.drag.moved, "carried past the threshold: a drag, not a click"
    drag = hand.let_go()
    assert drag is not None and drag.item == "piece"
    assert hand.let_go() is None and hand.drag is None, "let go once"
    assert not hand.follow(Action(Act.POINT, Device.MOUSE, press))


def test_keys_and_the_pad_leave_the_hand_alone():
    hand = Hand(Table())
    hand.follow(Action(Act.PRESS, Device.MOUSE, (100, 100)))
    hand.pick(3, (90, 80))
    for kind in (Act.CONFIRM, Act.MOVE, Act.CANCEL):
        assert not hand.follow(Action(kind, Device.KEYBOARD))
    assert hand.pointer == (100, 100) and hand.drag.spot == (90, 80)
