"""DeducTile's controls without a display (games/deductile/controls.py): every move played is
legal; the cursor stays on the board and walks to every place (the notes grid's cells among
them); a tile held is put down or back; and the mouse alone, the keyboard alone and a gamepad
alone each reach every legal move (every mark of every note among them)."""
import random
from collections import deque

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.actions import Act, Action, Device
from games.core.kit.controls import Do, Look, Play, Refuse
from games.deductile import controls, notes, rules
from games.deductile.controls import Column, Held, Ui


def game(params: rules.Params, seed: int, moves: int) -> rules.State:
    state = rules.new_game(params, rules.new_desc(params, random.Random(seed)))
    rng = random.Random(seed)
    for _ in range(moves):
        state = rules.apply_move(state, rng.choice([m for m in rules.legal_moves(state)
                                                    if m.kind in ("s", "c", "x")]))
    return state


GAMES = [game(rules.Params(4, "normal"), 1, 0), game(rules.Params(4, "easy"), 2, 5),
         game(rules.Params(5, "expert"), 3, 2), game(rules.Params(6, "expert"), 4, 9)]


def places(state: rules.State) -> list:
    return ([(Column.TILES, i) for i in range(state.tiles)]
            + [(Column.NOTES, k) for k in notes.cells(state.tiles)]
            + [(Column.CLUES, k) for k in range(len(state.clues))] + [(Column.GUESS, 0)])


@st.composite
def situations(draw):
    state = draw(st.sampled_from(GAMES))
    cursor = draw(st.sampled_from(places(state)))
    held = draw(st.none() | st.builds(Held, st.integers(0, state.tiles - 1), st.booleans(),
                                      st.booleans()))
    kind = draw(st.sampled_from(list(Act)))
    target = draw(st.none() | st.sampled_from(places(state)))
    action = Action(kind, draw(st.sampled_from(list(Device))), dx=draw(st.integers(-1, 1)),
                    dy=draw(st.integers(-1, 1)), value=draw(st.sampled_from("gxa")),
                    alt=draw(st.booleans()))
    return state, Ui(cursor, held), action, target


@settings(max_examples=200, deadline=None)
@given(situations())
def test_a_play_is_legal_and_the_cursor_stays_on_the_board(situation):
    state, ui, action, target = situation
    answer = controls.interpret(state, ui, action, target)
    assert answer is None or isinstance(answer, Look | Play) or answer == controls.GUESS
    if isinstance(answer, Play):
        assert answer.move in rules.legal_moves(state)
    if isinstance(answer, Look | Play):
        assert answer.ui.cursor in places(state)
        held = answer.ui.held
        assert held is None or 0 <= held.tile < state.tiles


@pytest.mark.parametrize("state", GAMES)
def test_the_arrows_reach_every_place(state):
    seen, queue = {Ui().cursor}, deque([Ui()])
    while queue:
        ui = queue.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cursor = controls.interpret(state, ui, Action(Act.MOVE, dx=dx, dy=dy), None).ui.cursor
            if cursor not in seen:
                seen.add(cursor)
                queue.append(Ui(cursor))
    assert seen == set(places(state))


def test_a_tile_is_picked_up_put_down_or_put_back():
    state = GAMES[0]
    picked = controls.interpret(state, Ui(), Action(Act.ALT), None)
    assert picked == Look(Ui(held=Held(0, True)))
    # Holding, right goes nowhere: the clues wait until the tile is put down.
    assert controls.interpret(state, picked.ui, Action(Act.MOVE, dx=1), None).ui.cursor == \
        (Column.TILES, 0)
    moved = controls.interpret(state, picked.ui, Action(Act.MOVE, dy=1), None)
    assert controls.interpret(state, moved.ui, Action(Act.CONFIRM), None) == Play(
        rules.Move(rules.SWAP_COLOURS, 0, 1), Ui((Column.TILES, 1)))
    assert controls.interpret(state, picked.ui, Action(Act.CONFIRM), None) == Look(Ui())
    assert controls.back(picked.ui) == Ui() and controls.back(Ui()) is None
    # The mouse: a drop on another tile swaps, anywhere else puts it back.
    dragged = controls.interpret(state, Ui(), Action(Act.PRESS, Device.MOUSE),
                                 (Column.TILES, 2))
    assert dragged.ui.held == Held(2, False, by_pointer=True)
    assert controls.interpret(state, dragged.ui, Action(Act.RELEASE, Device.MOUSE),
                              (Column.TILES, 0)) == Play(rules.Move(rules.SWAP, 0, 2),
                                                         Ui((Column.TILES, 2)))
    for target in (None, (Column.TILES, 2), (Column.CLUES, 0)):
        assert controls.interpret(state, dragged.ui, Action(Act.RELEASE, Device.MOUSE),
                                  target) == Look(Ui((Column.TILES, 2)))


def test_nothing_happens_once_the_game_is_over():
    state = rules.apply_move(GAMES[0], rules.Move(rules.TIME_UP))
    for kind in (Act.PRESS, Act.CONFIRM, Act.MOVE):
        assert controls.interpret(state, Ui(), Action(kind, dy=1), (Column.TILES, 1)) is None


# --- each device reaches every move ------------------------------------------------------------

def device_actions(state: rules.State, device: Device):
    if device == Device.MOUSE:
        for spot in places(state):
            for alt in (False, True):
                yield Action(Act.PRESS, device, alt=alt), spot
                yield Action(Act.RELEASE, device, alt=alt), spot
        return
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        yield Action(Act.MOVE, device, dx=dx, dy=dy), None
    yield Action(Act.CONFIRM, device), None
    yield Action(Act.ALT, device), None


@pytest.mark.parametrize("device", list(Device))
@pytest.mark.parametrize("state", GAMES[:3])
def test_each_device_reaches_every_move(state, device):
    seen, queue, moves = {Ui()}, deque([Ui()]), set()
    while queue:
        ui = queue.popleft()
        for action, target in device_actions(state, device):
            answer = controls.interpret(state, ui, action, target)
            assert not isinstance(answer, Refuse)
            if isinstance(answer, Play):
                moves.add(answer.move)
            if isinstance(answer, Do):          # Guess: the game's command, as G is
                assert answer == controls.GUESS
                moves.add(rules.Move(rules.GUESS))
            if isinstance(answer, Look | Play) and answer.ui not in seen:
                seen.add(answer.ui)
                queue.append(answer.ui)
    # Time running out is the clock's move, not the player's.
    assert moves == {m for m in rules.legal_moves(state) if m.kind != rules.TIME_UP}
