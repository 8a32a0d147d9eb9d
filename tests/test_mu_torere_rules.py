"""Mu Torere rules: move generation on literal positions, the end of the game, the texts."""
from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError
from games.mu_torere import rules
from games.mu_torere.rules import AGREED_DRAW, Move


def position(text):
    return rules.parse_position(text)


def moves_of(state):
    return [move.encode() for move in rules.legal_moves(state)]


def play(state, *moves):
    for text in moves:
        state = rules.apply_move(state, rules.decode_move(text))
    return state


def late(text, ply):
    """The position `text` after `ply` plies, the earlier ones each visiting another position."""
    boards = sorted({"".join(board) for board in permutations("BBBBWWWW.")})
    fillers = [key for key in (board + ":" + side for board in boards for side in "BW")
               if key != text][:ply]
    state = position(text)
    return rules.State(state.board, state.to_move, tuple(sorted([(text, 1)] +
                       [(key, 1) for key in fillers])), ply)


def test_the_opening_is_forced_after_blacks_first_choice():
    start = position(rules.START)
    assert moves_of(start) == ["0-8", "3-8"]
    assert moves_of(play(start, "0-8")) == ["7-0"]
    assert moves_of(play(start, "0-8", "7-0")) == ["8-7"]
    assert moves_of(play(start, "0-8", "7-0", "8-7")) == ["0-8", "4-8", "6-8"]
    assert moves_of(play(start, "3-8")) == ["4-3"]
    assert moves_of(play(start, "3-8", "4-3")) == ["8-4"]
    assert moves_of(play(start, "3-8", "4-3", "8-4")) == ["3-8", "5-8", "7-8"]
    assert rules.position_text(play(start, "0-8", "7-0", "8-7")) == "WBBBWWWB.:W"


def test_a_ring_piece_enters_the_centre_only_beside_an_opponent():
    assert moves_of(position("BWBWBWBW.:B")) == ["0-8", "2-8", "4-8", "6-8"]
    assert moves_of(position("BWBWBWBW.:W")) == ["1-8", "3-8", "5-8", "7-8"]
    assert moves_of(position("BBBBWWWW.:W")) == ["4-8", "7-8"]
    with pytest.raises(IllegalMove, match="only when an opponent piece"):
        rules.apply_move(position("BBBBWWWW.:W"), Move(5, 8))


def test_to_an_empty_ring_point_from_its_ring_neighbours_or_the_centre():
    # Point 2 is empty: its neighbours are 1 and 3; the centre piece may go anywhere.
    assert moves_of(position("BB.BWWWWB:B")) == ["1-2", "3-2", "8-2"]
    assert moves_of(position("BB.BWWWWB:W")) == []
    assert moves_of(position("WB.WBWWBB:W")) == ["3-2"]
    assert moves_of(position("WWBBBWW.B:B")) == ["8-7"]
    assert moves_of(position("WWBBBWW.B:W")) == ["0-7", "6-7"]


def test_illegal_moves_say_why():
    start = position(rules.START)
    with pytest.raises(IllegalMove, match="no Black piece on point 5"):
        rules.apply_move(start, Move(5, 8))
    with pytest.raises(IllegalMove, match="Point 2 is not empty"):
        rules.apply_move(start, Move(1, 2))
    with pytest.raises(IllegalMove, match="only when an opponent piece"):
        rules.apply_move(start, Move(1, 8))
    with pytest.raises(IllegalMove, match="not joined"):
        rules.apply_move(position("BB.BWWWWB:B"), Move(0, 2))


def test_the_player_who_cannot_move_loses():
    blocked = position("BB.BWWWWB:W")
    assert rules.status(blocked) == rules.Status(Outcome.DECIDED, 0, "White cannot move.")
    assert rules.legal_moves(blocked) == []
    finished = play(position(".BBBWWWBW:B"), "7-0", "6-7")
    assert rules.position_text(finished) == "BBBBWW.WW:B"
    assert rules.status(finished) == rules.Status(Outcome.DECIDED, 1, "Black cannot move.")
    with pytest.raises(IllegalMove, match="over"):
        rules.apply_move(finished, Move(0, 6))


def test_the_third_occurrence_of_a_position_is_a_draw():
    cycle = ("0-8", "7-0", "8-7", "0-8", "7-0", "8-7")    # back to the start in six plies
    twice = play(position(rules.START), *cycle)
    assert rules.position_text(twice) == rules.START
    assert twice.occurrences() == 2 and rules.status(twice).outcome == Outcome.ONGOING
    thrice = play(twice, *cycle)
    assert thrice.occurrences() == 3 and thrice.ply == 12
    assert rules.status(thrice) == rules.Status(
        Outcome.DRAW, None, "The same position has occurred three times.")
    assert rules.legal_moves(thrice) == []


def test_the_200th_ply_ends_the_game_in_a_draw_unless_it_blocks():
    at_199 = late(rules.START, 199)
    assert rules.status(at_199).outcome == Outcome.ONGOING
    at_200 = play(at_199, "0-8")
    assert at_200.ply == 200
    assert rules.status(at_200) == rules.Status(Outcome.DRAW, None, "200 moves have been played.")
    assert rules.legal_moves(at_200) == []
    blocking = play(late("BBBBWWW.W:W", 199), "6-7")
    assert rules.status(blocking) == rules.Status(Outcome.DECIDED, 1, "Black cannot move.")


def test_a_draw_by_agreement():
    state = play(position(rules.START), "3-8")
    drawn = rules.apply_move(state, rules.decode_move("draw"))
    assert drawn == rules.State(state.board, "W", state.seen, 1, draw_agreed=True)
    assert rules.status(drawn) == rules.Status(Outcome.DRAW, None, "The players agreed a draw.")
    assert rules.legal_moves(drawn) == []
    assert rules.from_text(str(drawn)) == drawn
    assert AGREED_DRAW not in rules.legal_moves(state)   # it takes both players: the scene asks


def test_move_text():
    assert rules.decode_move("3-8") == Move(3, 8)
    assert rules.decode_move("draw") == AGREED_DRAW
    assert Move(8, 0).encode() == "8-0" and AGREED_DRAW.encode() == "draw"
    for junk in ("", "3", "3-9", "10-8", "3 - 8", "Draw", "a-b"):
        with pytest.raises(RuleError):
            rules.decode_move(junk)


def test_positions_and_descriptions():
    state = position("WBBBWWWB.:W")
    assert state == rules.State(tuple("WBBBWWWB."), "W", (("WBBBWWWB.:W", 1),), 0)
    assert rules.position_text(state) == "WBBBWWWB.:W"
    assert rules.current_player(state) == 1 and rules.score(state) == 0
    params = rules.params_from_options()
    assert rules.new_desc(params, None) == rules.START
    assert rules.new_game(params, rules.START) == position(rules.START)
    assert rules.puzzle_json(params, rules.START) == {"position": rules.START}
    for bad in ("BBBBWWWW.", "BBBBWWWW.:X", "BBBBBWWW.:B", "BBBBWWWW:B", "BBBBWWWWW.:B",
                "BBBBWWW..:B", "bbbbwwww.:b"):
        with pytest.raises(RuleError):
            rules.validate_desc(params, bad)
        with pytest.raises(RuleError):
            rules.parse_position(bad)


def test_params():
    assert rules.parse_params("") == rules.Params() and rules.Params().encode() == ""
    with pytest.raises(RuleError, match="unknown parameter"):
        rules.parse_params("size=5")
    with pytest.raises(RuleError, match="no size option"):
        rules.params_from_options(size=5)
    white = rules.parse_params("first=W")
    assert white.encode() == "first=W" and rules.parse_params(white.encode()) == white
    assert rules.params_from_options(variant="white") == white
    assert rules.new_desc(white, None) == rules.START[:-1] + "W"
    for bad in ("first=X", "first=", "first=[1]"):
        with pytest.raises(RuleError):
            rules.parse_params(bad)


def test_status_says_how_the_game_ended():
    from games.core.kit import rules_api
    blocked = position("BB.BWWWWB:W")
    assert rules.status(blocked).termination == rules_api.Termination.BLOCKED
    assert rules.status(rules.apply_move(position(rules.START), rules.AGREED_DRAW)).termination \
        == rules_api.Termination.AGREED
    assert rules.status(position(rules.START)).termination == ""


def test_the_diagram():
    state = play(position(rules.START), "3-8")
    assert str(state) == (
        "W   B   B      7   0   1\n"
        "  \\ | /          \\ | /\n"
        "W - B - B      6 - 8 - 2\n"
        "  / | \\          / | \\\n"
        "W   W   .      5   4   3\n"
        "White to move, ply 1\n"
        "Seen: BBB.WWWWB:W x1, BBBBWWWW.:B x1")
    assert rules.from_text(str(state)) == state


@pytest.mark.parametrize("edit", [
    ("ply 1", "ply 2"),                                   # the occurrences add up to ply 1
    ("BBB.WWWWB:W x1, ", ""),                             # the current position is missing
    ("BBBBWWWW.:B x1", "BBBBWWWW.:B x3"),                 # only the current one may be third
    ("W - B - B", "W - B - W"),                           # five white pieces
    ("White to move", "Red to move"),
    ("x1, BBBB", "x1; BBBB"),
])
def test_from_text_rejects_inconsistent_diagrams(edit):
    text = str(play(position(rules.START), "3-8")).replace(*edit)
    with pytest.raises(RuleError):
        rules.from_text(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=7), max_size=80))
def test_random_games_keep_the_invariants(choices):
    state = position(rules.START)
    for choice in choices:
        moves = rules.legal_moves(state)
        if not moves:
            break
        after = rules.apply_move(state, moves[choice % len(moves)])
        assert after.to_move != state.to_move and after.ply == state.ply + 1
        assert sorted(after.board) == sorted(rules.START[:9])
        assert sum(count for _, count in after.seen) == after.ply + 1
        assert after.occurrences() == dict(state.seen).get(after.key, 0) + 1
        state = after
    assert rules.from_text(str(state)) == state
    assert (rules.legal_moves(state) == []) == rules.status(state).over
