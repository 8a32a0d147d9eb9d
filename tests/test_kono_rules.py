"""Four Field Kono rules: move generation, captures, the end of the game, text round trips."""
import dataclasses
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError, Termination
from games.kono import rules
from games.kono.rules import Move


def reference_moves(position: str) -> set[str]:
    """An independent move generator on (row, column) coordinates of the position text."""
    board, side = position[:16], position[-1]
    enemy = "W" if side == "B" else "B"
    found = set()
    for row in range(4):
        for col in range(4):
            if board[4 * row + col] != side:
                continue
            for d_row, d_col in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                near_row, near_col = row + d_row, col + d_col
                far_row, far_col = row + 2 * d_row, col + 2 * d_col
                if not (0 <= near_row < 4 and 0 <= near_col < 4):
                    continue
                near = board[4 * near_row + near_col]
                if near == ".":
                    found.add(f"{4 * row + col}-{4 * near_row + near_col}")
                elif (near == side and 0 <= far_row < 4 and 0 <= far_col < 4
                      and board[4 * far_row + far_col] == enemy):
                    found.add(f"{4 * row + col}-{4 * far_row + far_col}")
    return found


def encoded(moves):
    return [move.encode() for move in moves]


def perft(state, depth):
    if depth == 0:
        return 1
    return sum(perft(rules.apply_move(state, move), depth - 1)
               for move in rules.legal_moves(state))


def with_history(position: str, quiet_plies: int, seed: int = 0) -> rules.State:
    """`position` after `quiet_plies` quiet plies through other positions of the same pieces,
    each seen once (the history is made up: only its counts matter to the rules)."""
    current = rules.parse_position(position)
    rng = random.Random(seed)
    seen = {position: 1}
    while len(seen) < quiet_plies + 1:
        points = list(current.board)
        rng.shuffle(points)
        seen.setdefault("".join(points) + ":" + rng.choice("BW"), 1)
    state = rules.State(current.board, current.to_move, tuple(sorted(seen.items())))
    assert rules.from_text(str(state)) == state
    return state


START = rules.new_game(rules.Params(), rules.START)


def test_start_position_and_parameters():
    assert rules.new_desc(rules.Params(), random.Random(3)) == "BBBBBBBBWWWWWWWW:B"
    assert START.board == tuple("BBBBBBBBWWWWWWWW") and START.to_move == "B"
    assert rules.current_player(START) == 0 and START.quiet_plies == 0
    assert rules.position_text(START) == rules.START
    assert rules.puzzle_json(rules.Params(), rules.START) == {"position": rules.START}
    assert rules.solution_json(rules.Params(), rules.START) is None
    with pytest.raises(RuleError):
        rules.params_from_options(size=5)
    with pytest.raises(RuleError):
        rules.parse_params("size=4")


def test_the_four_opening_captures():
    # The board is full, so there are no steps; rows are one colour each, so no sideways
    # capture; each back-row Black piece jumps its front-row neighbour onto the White piece
    # in the same column.
    assert encoded(rules.legal_moves(START)) == ["0-8", "1-9", "2-10", "3-11"]
    for column in range(4):
        after = rules.apply_move(START, Move(column, column + 8))
        assert after.board[column] == "." and after.board[column + 4] == "B"
        assert after.board[column + 8] == "B"
        assert after.board.count("W") == 7 and after.board.count("B") == 8
        assert after.to_move == "W" and rules.score(after) == 1
        assert Move(column, column + 8).over == column + 4


def test_replies_to_the_first_capture():
    # After 0-8 the hole at 0 touches only Black pieces, so White can only capture: 10-8
    # along the third row, or 13-5, 14-6, 15-7 up columns 1-3 (column 0 now has Black on 8).
    after = rules.apply_move(START, Move(0, 8))
    assert encoded(rules.legal_moves(after)) == ["10-8", "13-5", "14-6", "15-7"]


@pytest.mark.parametrize("depth, count", [(1, 4), (2, 16), (3, 100), (4, 576)])
def test_perft_from_the_start(depth, count):
    # 4 openings with 4 replies each (see above) give 16; deeper counts come from this
    # module and agree with the reference generator (test_perft_agrees_with_reference).
    assert perft(START, depth) == count


@pytest.mark.parametrize("position, moves, perft_2, perft_3", [
    # Black 5, 6, 9 against White 4, 7, 12. 5: step to 1, capture over 6 onto 7. 6: steps
    # to 2 and 10, capture over 5 onto 4. 9: steps to 8, 10, 13 (its jump over 5 lands on
    # the empty 1). Eight moves, two of them captures.
    ("....WBBW.B..W...:B", ["5-1", "5-7", "6-2", "6-4", "6-10", "9-8", "9-10", "9-13"], 46, 359),
    # White 7 and 9 against Black 1, 4, 5. 7: steps to 3, 6, 11 (no friend beside it to jump).
    # 9: steps to 8, 10, 13; up is Black's 5 with Black's 1 beyond: no capture.
    (".B..BB.W.W......:W", ["7-3", "7-6", "7-11", "9-8", "9-10", "9-13"], 35, 173),
])
def test_perft_from_literal_positions(position, moves, perft_2, perft_3):
    state = rules.parse_position(position)
    assert encoded(rules.legal_moves(state)) == moves
    assert perft(state, 2) == perft_2 and perft(state, 3) == perft_3


def reference_perft(position: str, depth: int) -> int:
    """perft with the reference generator on the position text. A line ends when a side is
    down to one piece or has no move; no repetition or 50-ply draw fits in so few plies."""
    if depth == 0:
        return 1
    total, board, side = 0, list(position[:16]), position[-1]
    other = "W" if side == "B" else "B"
    for move in reference_moves(position):
        source, target = map(int, move.split("-"))
        after = board.copy()
        after[source], after[target] = ".", side
        if min(after.count("B"), after.count("W")) < 2:
            total += depth == 1
            continue
        total += reference_perft("".join(after) + ":" + other, depth - 1)
    return total


@pytest.mark.parametrize("position", [rules.START, "....WBBW.B..W...:B", ".B..BB.W.W......:W"])
def test_perft_agrees_with_reference(position):
    state = rules.parse_position(position)
    assert all(perft(state, depth) == reference_perft(position, depth) for depth in (1, 2, 3))


boards = st.lists(st.sampled_from("BW."), min_size=16, max_size=16).filter(
    lambda points: 2 <= points.count("B") <= 8 and 2 <= points.count("W") <= 8)


@settings(max_examples=200, deadline=None)
@given(boards, st.sampled_from("BW"))
def test_move_generation_matches_reference(points, side):
    position = "".join(points) + ":" + side
    state = rules.parse_position(position)
    expected = reference_moves(position)
    if not expected:
        assert rules.status(state).winner == "BW".index(rules.opponent(side))
    assert set(encoded(rules.legal_moves(state))) == expected


def test_loss_by_one_piece_and_by_no_move():
    state = rules.parse_position("BBW............W:B")
    assert encoded(rules.legal_moves(state)) == ["0-2", "0-4", "1-5"]
    after = rules.apply_move(state, Move(0, 2))        # over 1 onto 2: White keeps one piece
    assert rules.status(after) == rules.Status(Outcome.DECIDED, 0,
                                               "White has fewer than two pieces left.")
    assert rules.legal_moves(after) == []
    # Black in two corners, each hemmed in by White, with no friend beside it to jump.
    blocked = rules.parse_position("BWWBW..W........:B")
    assert rules.status(blocked) == rules.Status(Outcome.DECIDED, 1, "Black cannot move.")
    assert rules.legal_moves(blocked) == []
    with pytest.raises(IllegalMove):
        rules.apply_move(blocked, Move(0, 1))


def test_threefold_repetition_draws():
    state = rules.parse_position("B..B........W..W:B")
    shuffle = ["0-1", "12-13", "1-0", "13-12"] * 2
    for number, text in enumerate(shuffle, 1):
        state = rules.apply_move(state, rules.decode_move(text))
        expected = Outcome.ONGOING if number < 8 else Outcome.DRAW
        assert rules.status(state).outcome == expected, number
    # The start position came back after plies 4 and 8: its third occurrence.
    assert state.repetitions == 3 and state.quiet_plies == 8
    assert rules.status(state).reason == "The same position has occurred three times."
    assert rules.legal_moves(state) == []
    assert rules.from_text(str(state)) == state


def test_fifty_quiet_plies_draw():
    state = with_history("B..B.....B..W..W:B", 49)
    assert state.quiet_plies == 49 and rules.status(state).outcome == Outcome.ONGOING
    after = rules.apply_move(state, Move(0, 1))
    assert after.quiet_plies == 50 and rules.legal_moves(after) == []
    assert rules.status(after) == rules.Status(Outcome.DRAW, None,
                                               "50 moves have passed without a capture.")


def test_a_capture_resets_the_quiet_count_and_the_history():
    state = with_history("BB..B...W..W...W:B", 49)
    after = rules.apply_move(state, Move(0, 8))        # over 4 onto White's 8
    assert after.board.count("W") == 2
    assert after.quiet_plies == 0 and after.seen == ((rules.position_text(after), 1),)
    assert rules.status(after).outcome == Outcome.ONGOING


def test_no_move_loses_even_on_the_fiftieth_quiet_ply():
    # White 0 and 3 in the corners; Black holds 1, 2, 4 and steps 6-7 to close 3's last exit.
    state = with_history("WBBWB.B.........:B", 49)
    after = rules.apply_move(state, Move(6, 7))
    assert after.quiet_plies == 50
    assert rules.status(after) == rules.Status(Outcome.DECIDED, 0, "White cannot move.")


def test_illegal_moves_explain_themselves():
    state = rules.parse_position("....WBBW.B..W...:B")
    cases = {(4, 0): "There is no Black piece on point 4.",
             (5, 4): "Point 4 is not empty.",
             (5, 15): "neither",
             (9, 1): "A capture jumps over your own piece onto an enemy piece"}
    for (source, target), message in cases.items():
        with pytest.raises(IllegalMove, match=message):
            rules.apply_move(state, Move(source, target))


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 30))
def test_a_draw_by_agreement_at_any_point_of_a_game(rng, plies):
    """The agreed draw ("draw", the frame's offer accepted) ends any game still going, and
    only such a game; it is never among the legal moves (it takes both players)."""
    state = START
    for _ in range(plies):
        moves = rules.legal_moves(state)
        if not moves:
            break
        assert rules.AGREED_DRAW not in moves
        state = rules.apply_move(state, rng.choice(moves))
    if rules.status(state).over:
        with pytest.raises(IllegalMove):
            rules.apply_move(state, rules.decode_move("draw"))
        return
    drawn = rules.apply_move(state, rules.decode_move("draw"))
    assert drawn == dataclasses.replace(state, draw_agreed=True)
    assert rules.status(drawn) == rules.Status(Outcome.DRAW, None, "The players agreed a draw.",
                                               Termination.AGREED)
    assert rules.legal_moves(drawn) == [] and rules.AGREED_DRAW.encode() == "draw"
    assert str(drawn).splitlines()[7].endswith(", draw agreed")
    assert rules.from_text(str(drawn)) == drawn
    with pytest.raises(IllegalMove):
        rules.apply_move(drawn, rules.AGREED_DRAW)


@pytest.mark.parametrize("text", ["", "1-", "16-0", "a-b", "1-2-3", "0:8", "-1-2", "Draw",
                                  "draw agreed"])
def test_bad_move_text(text):
    with pytest.raises(RuleError):
        rules.decode_move(text)


@pytest.mark.parametrize("text", ["", "BBBBBBBBWWWWWWWW", "BBBBBBBBWWWWWWWW:X",
                                  "BBBBBBBBWWWWWWW:B", "BBBBBBBBBWWWWWWW:B", "bbbbbbbbwwwwwwww:b"])
def test_bad_positions(text):
    with pytest.raises(RuleError):
        rules.parse_position(text)
    with pytest.raises(RuleError):
        rules.validate_desc(rules.Params(), text)


def test_text_diagram():
    after = rules.apply_move(START, Move(2, 10))
    assert str(after) == "\n".join([
        "B - B - . - B",
        "|   |   |   |",
        "B - B - B - B",
        "|   |   |   |",
        "W - W - B - W",
        "|   |   |   |",
        "W - W - W - W",
        "White to move, plies since the last capture: 0",
        "seen BB.BBBBBWWBWWWWW:W x1",
    ])
    assert rules.from_text(str(after)) == after


@pytest.mark.parametrize("change", [
    lambda text: text.replace("x1", "x2"),                       # counts no longer add up
    lambda text: text.replace("seen BB.BBBBBWWBWWWWW:W x1", ""),  # current position missing
    lambda text: text.replace("W - W - W - W", "W - W - W"),     # short row
    lambda text: text.replace("White to move", "Red to move"),
])
def test_from_text_rejects_inconsistent_diagrams(change):
    text = str(rules.apply_move(START, Move(2, 10)))
    with pytest.raises(RuleError):
        rules.from_text(change(text))


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_keep_their_invariants(rng):
    state = START
    while not rules.status(state).over:
        moves = rules.legal_moves(state)
        assert set(encoded(moves)) == reference_moves(state.key)
        move = rng.choice(moves)
        before = hash(state)
        after = rules.apply_move(state, move)
        assert hash(state) == before
        captured = move.over is not None
        assert after.board.count(state.to_move) == state.board.count(state.to_move)
        assert (after.board.count(after.to_move)
                == state.board.count(after.to_move) - captured)
        assert after.quiet_plies == (0 if captured else state.quiet_plies + 1)
        assert rules.from_text(str(after)) == after
        state = after
    assert rules.legal_moves(state) == []


def test_the_position_text_may_carry_the_clock():
    plain = rules.parse_position(rules.START)
    assert plain.quiet_plies == 0 and rules.parse_position(rules.START + ":0") == plain
    late = rules.parse_position(" BBBBBBBBWWWWWWWW:B:12 ")
    assert late.quiet_plies == 12 and late.key == rules.START and late.repetitions == 1
    assert rules.position_text(late) == rules.START + ":12"
    assert rules.parse_position(rules.position_text(late)) == late
    assert rules.from_text(str(late)) == late                      # the diagram keeps it too
    # Steps count on from the given clock; a capture starts it again.
    quiet = rules.parse_position("B.B.........W.W.:B:48")
    stepped = rules.apply_move(quiet, Move(0, 1))
    assert stepped.quiet_plies == 49 and rules.from_text(str(stepped)) == stepped
    assert rules.status(rules.apply_move(stepped, Move(12, 13))).outcome == Outcome.DRAW
    after = rules.apply_move(late, Move(0, 8))
    assert after.quiet_plies == 0 and rules.position_text(after) == after.key
    # At clock 50 the game is over, unless the side to move has no move.
    assert rules.status(rules.parse_position("BBBBBBBBWWWWWWWW:B:50")).outcome == Outcome.DRAW
    assert rules.status(rules.parse_position("BWWBW..W........:B:50")).winner == 1


@pytest.mark.parametrize("text", ["BBBBBBBBWWWWWWWW:B:51", "BBBBBBBBWWWWWWWW:B:-1",
                                  "BBBBBBBBWWWWWWWW:B:", "BBBBBBBBWWWWWWWW:B:x",
                                  "BBBBBBBBWWWWWWWW:B:123", "BBBBBBBBWWWWWWWW:B:1:2"])
def test_bad_clocks_are_refused(text):
    with pytest.raises(RuleError, match="Four Field Kono position|plies since the last capture"):
        rules.parse_position(text)
    with pytest.raises(RuleError):
        rules.validate_desc(rules.Params(), text)           # a game's start has no clock


def test_a_diagram_may_start_later_than_its_history():
    text = str(rules.parse_position("BBBBBBBBWWWWWWWW:B:7"))
    assert "plies since the last capture: 7" in text
    with pytest.raises(RuleError):
        rules.from_text(text.replace("capture: 7", "capture: 51"))
