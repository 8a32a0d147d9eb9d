"""The Four Field Kono computer: levels, graded moves, analyse, and Master's perfect endgames."""
import random

import pytest

from games.core.rules_api import IllegalMove, RuleError
from games.kono import ai, endgame, rules

TABLE = endgame.table()
START = rules.new_game(rules.Params(), rules.START)


def table_outcome(state):
    return endgame.outcome(TABLE.score(*rules.masks(state.board, state.to_move),
                                       state.quiet_plies))


def play_out(state, levels, seed):
    """Play to the end with levels[player]; (final state, plies played)."""
    rng, plies = random.Random(seed), 0
    while not rules.status(state).over:
        level = levels[rules.current_player(state)]
        state = rules.apply_move(state, ai.choose_move(state, rng, level))
        plies += 1
    return state, plies


def table_positions(value, count, seed):
    """`count` fresh positions of 4 or 5 pieces whose table value for the side to move is
    `value`, either colour to move."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        pieces = rng.choice((4, 5))
        mine = rng.randint(2, pieces - 2)
        points = rng.sample(range(16), pieces)
        side = rng.choice("BW")
        board = ["."] * 16
        for number, point in enumerate(points):
            board[point] = side if number < mine else rules.opponent(side)
        state = rules.parse_position("".join(board) + ":" + side)
        if not rules.status(state).over and table_outcome(state)[0] == value:
            found.append(state)
    return found


@pytest.mark.parametrize("level", list(ai.LEVELS) + [None])
def test_every_level_plays_legal_moves_the_same_way_for_a_seed(level):
    middle = rules.parse_position("B.BB.WB.BW.WW.W.:W")
    for state in (START, middle):
        move = ai.choose_move(state, random.Random(4), level)
        assert move in rules.legal_moves(state)
        assert ai.choose_move(state, random.Random(4), level) == move


@pytest.mark.parametrize("level", ["hard", "master"])
def test_takes_a_winning_capture(level):
    # Seven pieces, outside the table: 0 jumps 1 onto 2 and leaves White one piece.
    state = rules.parse_position("BBW.BBB........W:B")
    assert ai.choose_move(state, random.Random(0), level) == rules.Move(0, 2)


def test_analyse_shape_from_the_start_and_at_the_end():
    report = ai.analyse(START)
    assert set(report) == {"value", "plies", "moves"}
    assert report["value"] in ("win", "draw", "loss") and report["plies"] is None
    assert sorted(entry["move"] for entry in report["moves"]) == ["0-8", "1-9", "2-10", "3-11"]
    assert all(set(entry) == {"move", "value", "plies"} for entry in report["moves"])
    assert ai.analyse(rules.parse_position("BWWBW..W........:B")) == {
        "value": "loss", "plies": 0, "moves": []}


def history_with(position: str, twice: str) -> rules.State:
    """`position` to move, in a made-up history where `twice` has stood twice already (two
    other positions of the same pieces fill the plies in between)."""
    current = rules.parse_position(position)
    fillers = ["".join(sorted(current.board)) + ":W", "".join(sorted(current.board))[::-1] + ":B"]
    seen = {position: 1, twice: 2, fillers[0]: 1, fillers[1]: 1}
    state = rules.State(current.board, current.to_move, tuple(sorted(seen.items())))
    assert rules.from_text(str(state)) == state
    return state


def test_a_third_repetition_spoils_a_win():
    # As in test_graded_moves_inside_the_table_are_exact, but the position after 0-1 has
    # stood twice: playing it again draws, so nothing wins any more.
    state = history_with("B.BW...W........:B", ".BBW...W........:W")
    grades = ai.graded_moves(state)
    assert {grade.move.encode(): grade.value for grade in grades}["0-1"] == "draw"
    assert ai.analyse(state)["value"] == "draw"


def test_a_third_repetition_saves_a_loss():
    # Black 0, 1 against White 4, 8 loses in 2 whichever way 1 moves, unless 1-5 repeats a
    # position for the third time: Master takes that draw.
    state = history_with("BB..W...W.......:B", "B...WB..W.......:W")
    assert ai.choose_move(state, random.Random(0), "master") == rules.Move(1, 5)
    assert [(grade.move.encode(), grade.value, grade.plies) for grade in
            ai.graded_moves(state)] == [("1-5", "draw", None), ("1-2", "loss", 2)]


@pytest.mark.parametrize("opponent", ["random", "master"])
def test_master_converts_won_endgames(opponent):
    for number, state in enumerate(table_positions("win", 8, seed=3)):
        winner = rules.current_player(state)
        _, plies = table_outcome(state)
        final, played = play_out(state, {winner: "master", 1 - winner: opponent}, number)
        assert rules.status(final).winner == winner
        if opponent == "master":        # the loser resists as long as it can
            assert played == plies
        else:
            assert played <= plies


@pytest.mark.parametrize("opponent", ["random", "master"])
def test_master_never_loses_a_drawn_endgame(opponent):
    for number, state in enumerate(table_positions("draw", 8, seed=4)):
        holder = rules.current_player(state)
        final, _ = play_out(state, {holder: "master", 1 - holder: opponent}, number)
        result = rules.status(final)
        assert result.winner in (None, holder)
        if opponent == "master":
            assert result.winner is None


def real_rules_score(state):
    """The exact score by plain minimax over the real rules (repetition included): only for
    games that must end within a few plies."""
    result = rules.status(state)
    if result.over:
        return 0 if result.winner is None else (
            endgame.WIN if result.winner == rules.current_player(state) else -endgame.WIN)
    return max(endgame.back(real_rules_score(rules.apply_move(state, move)))
               for move in rules.legal_moves(state))


def positions_ahead(state, rng):
    """One position a quiet ply ahead and one two quiet plies ahead, picked at random."""
    empty = state.board.count(".")
    quiet = [after for after in (rules.apply_move(state, move)
                                 for move in rules.legal_moves(state))
             if after.board.count(".") == empty]
    next_quiet = [after for after in (rules.apply_move(reply, move) for reply in quiet
                                      for move in rules.legal_moves(reply))
                  if after.board.count(".") == empty and not rules.status(after).over]
    return {rules.position_text(rng.choice(found)) for found in (quiet, next_quiet)
            if found} - {rules.position_text(state)}


def test_repeated_positions_inside_the_table_are_exact():
    """Two against two with a slower win or a loss at stake, three or four plies before the
    50-ply draw, in made-up histories where positions one or two plies ahead have already
    stood twice: analyse must match a plain minimax over the real rules, which sees every
    repetition."""
    rng, tried, spoiled = random.Random(9), 0, 0
    while tried < 10:
        points = rng.sample(range(16), 4)
        board = ["."] * 16
        for number, point in enumerate(points):
            board[point] = "BW"[number % 2]
        position = "".join(board) + ":B"
        start = rules.parse_position(position)
        if rules.status(start).over:
            continue
        seen = {position: 1, **{key: 2 for key in positions_ahead(start, rng)}}
        while sum(seen.values()) < rules.QUIET_LIMIT - rng.choice((3, 4)) + 1:
            seen.setdefault("".join(rng.sample(board, 16)) + ":" + rng.choice("BW"), 1)
        state = rules.State(start.board, "B", tuple(sorted(seen.items())))
        if table_outcome(state)[0] == "draw" or table_outcome(state) == ("win", 1):
            continue                # nothing a repetition can change
        tried += 1
        assert rules.from_text(str(state)) == state
        expected = endgame.outcome(real_rules_score(state))
        report = ai.analyse(state)
        assert (report["value"], report["plies"]) == expected, str(state)
        for entry in report["moves"]:
            after = rules.apply_move(state, rules.decode_move(entry["move"]))
            value, plies = endgame.outcome(endgame.back(real_rules_score(after)))
            assert (entry["value"], entry["plies"]) == (value, plies), (str(state), entry)
        spoiled += table_outcome(state) != expected
    assert spoiled >= 3       # histories that change the value: the check has teeth


def test_master_plays_out_what_analyse_says_after_repetitions():
    """Three against two, won in the table, in made-up histories where a position one and one
    two quiet plies ahead have stood twice: Master against Master ends exactly as analyse
    says (the repeats may spoil the win), and against random Master does no worse."""
    rng = random.Random(5)
    won = [state for state in table_positions("win", 12, seed=8)
           if state.board.count(".") == 11 and table_outcome(state)[1] > 1][:4]
    for number, state in enumerate(won):
        seen = {rules.position_text(state): 1, **{key: 2 for key in positions_ahead(state, rng)}}
        state = rules.State(state.board, state.to_move, tuple(sorted(seen.items())))
        report = ai.analyse(state)
        player = rules.current_player(state)
        for opponent in ("master", "random"):
            final, plies = play_out(state, {player: "master", 1 - player: opponent}, number)
            winner = rules.status(final).winner
            if report["value"] == "win":
                assert winner == player
                assert opponent == "random" or plies == report["plies"]
            else:
                assert winner in (None, player) and (opponent == "random" or winner is None)
