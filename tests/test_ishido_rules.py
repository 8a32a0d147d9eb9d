"""Ishido rules: matching under both rule sets, scoring, the deal, text and move codecs."""
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, Outcome, RuleError
from games.ishido import rules
from games.ishido.rules import Move, Params


def kind(text):
    """'23' -> the stone of colour 2 and symbol 3."""
    return rules.stone(int(text[0]), int(text[1]))


# Target squares, all empty: (7,11) a corner with one neighbour; (7,0) and (0,0) corners with
# two; (0,6) and (3,0) edges with three; (4,2) and (4,8) inner squares with four.
BOARD = """\
.. 03 .. .. .. 10 .. 12 .. .. .. ..
05 .. .. .. .. .. 21 .. .. .. .. ..
40 .. .. .. .. .. .. .. .. .. .. ..
.. 44 01 .. .. .. .. .. 50 .. .. ..
42 13 .. 23 .. .. .. 52 .. 53 .. ..
.. .. 02 .. .. .. .. .. 51 .. .. ..
20 .. .. .. .. .. .. .. .. .. .. ..
.. 31 .. .. .. .. .. .. .. .. 45 .."""


def position(rule, pouch, board=BOARD, points=0, fourways=0):
    return rules.from_text(f"rule {rule}\npoints {points}\nfourways {fourways}\n{board}\n"
                           f"pouch {pouch}")


# (square, stone, legal under standard, legal under original)
BOARD_CASES = [
    ((7, 11), "40", True, True),    # 1 neighbour (45): colour
    ((7, 11), "05", True, True),    # symbol
    ((7, 11), "45", True, True),    # its twin
    ((7, 11), "11", False, False),  # neither
    ((7, 0), "21", True, True),     # 2 neighbours (20, 31): colour, symbol
    ((7, 0), "30", True, True),     # symbol, colour
    ((7, 0), "22", False, False),   # colour, nothing
    ((0, 0), "00", True, False),    # 2 neighbours (03, 05): both by colour
    ((0, 0), "05", True, True),     # colour and a twin (counted as symbol)
    ((0, 0), "13", False, False),
    ((0, 6), "11", True, True),     # 3 neighbours (10, 12, 21): two by colour, one by symbol
    ((0, 6), "13", False, False),
    ((3, 0), "41", True, False),    # 3 neighbours (40, 42, 44): all three by colour
    ((3, 0), "40", True, True),     # twin (as symbol) and two by colour
    ((4, 2), "03", True, True),     # 4 neighbours (01, 02, 13, 23): two and two, a 4-way
    ((4, 2), "00", False, False),
    ((4, 8), "54", True, False),    # 4 neighbours (50, 51, 52, 53): all by colour
    ((4, 8), "50", True, False),    # twin and three by colour: no even split
]


@pytest.mark.parametrize("square, stone, standard, original", BOARD_CASES)
def test_board_squares_by_neighbour_count(square, stone, standard, original):
    assert (square in rules.legal_squares(position("standard", f"| {stone}"))) == standard
    assert (square in rules.legal_squares(position("original", f"| {stone}"))) == original


# (stone, neighbours, standard, original): the matching rule alone
FITS_CASES = [
    ("00", [], False, False),
    ("00", ["04"], True, True),
    ("00", ["40"], True, True),
    ("00", ["00"], True, True),
    ("00", ["11"], False, False),
    ("00", ["04", "30"], True, True),
    ("00", ["04", "05"], True, False),
    ("00", ["30", "40"], True, False),
    ("00", ["00", "04"], True, True),
    ("00", ["00", "30"], True, True),
    ("00", ["00", "00"], True, True),
    ("00", ["00", "11"], False, False),
    ("00", ["01", "02", "30"], True, True),
    ("00", ["01", "30", "40"], True, True),
    ("00", ["01", "02", "03"], True, False),
    ("00", ["10", "20", "30"], True, False),
    ("00", ["00", "01", "02"], True, True),
    ("00", ["00", "10", "20"], True, True),
    ("00", ["00", "01", "10"], True, True),
    ("00", ["01", "02", "10", "20"], True, True),
    ("00", ["01", "02", "03", "10"], True, False),
    ("00", ["01", "10", "20", "30"], True, False),
    ("00", ["01", "02", "03", "04"], True, False),
    ("00", ["00", "01", "02", "10"], True, True),
    ("00", ["00", "01", "02", "03"], True, False),
    ("00", ["00", "00", "01", "10"], True, True),
    ("00", ["01", "02", "10", "11"], False, False),
]


@pytest.mark.parametrize("stone, neighbours, standard, original", FITS_CASES)
def test_matching_rule(stone, neighbours, standard, original):
    stones = tuple(sorted(kind(n) for n in neighbours))
    assert rules.fits("standard", kind(stone), stones) == standard
    assert rules.fits("original", kind(stone), stones) == original
    assert bool(rules.fitting_kinds("original", stones) >> kind(stone) & 1) == original


def test_opening_legal_squares_are_next_to_matching_stones():
    # the pouch: 01 first, then every other stone in order
    rest = Counter(k for k in range(rules.KINDS) for _ in range(2)) - Counter(
        map(kind, ["00", "11", "22", "33", "44", "55", "01"]))
    desc = "001122334455-01" + "".join(f"{k // 6}{k % 6}" for k in sorted(rest.elements()))
    for rule in rules.RULES:
        state = rules.new_game(Params(rule), desc)
        assert rules.current_stone(state) == kind("01")
        assert rules.legal_squares(state) == [(0, 1), (0, 10), (1, 0), (1, 11)]
        assert rules.legal_moves(state) == [Move(0, 1), Move(0, 10), Move(1, 0), Move(1, 11)]


# --- scoring -------------------------------------------------------------------------------

@pytest.mark.parametrize("square, stone, neighbours", [
    ((7, 11), "40", 1), ((7, 0), "21", 2), ((0, 6), "11", 3), ((4, 2), "03", 4)])
def test_standard_scores_1_2_4_8_even_on_the_outer_ring(square, stone, neighbours):
    after = rules.apply_move(position("standard", f"| {stone} 33"), Move(*square))
    assert after.points == [1, 2, 4, 8][neighbours - 1]
    assert rules.score(after) == after.points
    assert after.fourways == (neighbours == 4)


@pytest.mark.parametrize("square, stone", [((7, 11), "40"), ((7, 0), "21"), ((0, 6), "11")])
def test_original_outer_ring_scores_nothing(square, stone):
    after = rules.apply_move(position("original", f"| {stone} 33", fourways=3), Move(*square))
    assert after.points == 0 and rules.score(after) == 25 + 50 + 100


@pytest.mark.parametrize("fourways, points", [(0, 2), (1, 4), (2, 8), (5, 64)])
def test_original_inner_square_doubles_per_earlier_fourway(fourways, points):
    # (3,3) touches 01 and 23; stone 03 matches one by colour and the other by symbol
    before = position("original", "| 03 33", fourways=fourways)
    after = rules.apply_move(before, Move(3, 3))
    assert after.points == points and after.fourways == fourways


def test_original_fourway_doubles_and_earns_the_next_bonus():
    before = position("original", "| 03 33", points=100, fourways=3)
    assert rules.score(before) == 100 + 25 + 50 + 100
    after = rules.apply_move(before, Move(4, 2))
    assert after.points == 100 + (8 << 3) and after.fourways == 4
    assert rules.breakdown(after) == rules.Breakdown(
        placement=164, fourway_bonus=375, end_bonus=0, fourways=4, stones_left=1)
    assert rules.score(after) == 539


def test_fourway_bonus_table():
    assert [rules.fourway_bonus(n) for n in range(1, 15)] == [
        25, 50, 100, 200, 400, 600, 800, 1000, 5000, 10000, 25000, 50000, 50000, 50000]


LONE_STONE = "\n".join(["00" + " .." * 11] + [".." + " .." * 11] * 7)


@pytest.mark.parametrize("pouch, outcome, left, end_bonus", [
    ("01 |", Outcome.WON, 0, 1000),
    ("| 11", Outcome.LOST, 1, 500),
    ("| 11 22", Outcome.LOST, 2, 100),
    ("| 11 22 33", Outcome.LOST, 3, 0),
    ("| 01 22", Outcome.ONGOING, 2, 0),
])
def test_end_bonus_counts_stones_left(pouch, outcome, left, end_bonus):
    original = position("original", pouch, board=LONE_STONE, points=7)
    assert rules.status(original).outcome == outcome
    assert rules.breakdown(original) == rules.Breakdown(7, 0, end_bonus, 0, left)
    assert rules.score(original) == 7 + end_bonus
    standard = position("standard", pouch, board=LONE_STONE, points=7)
    assert rules.score(standard) == 7


def test_status_sentences():
    assert rules.status(position("standard", "| 11", board=LONE_STONE)).reason == \
        "The next stone fits nowhere; 1 stone is left."
    assert rules.status(position("standard", "| 11 22", board=LONE_STONE)).reason == \
        "The next stone fits nowhere; 2 stones are left."
    assert rules.status(position("standard", "01 |", board=LONE_STONE)).reason == \
        "Every stone is on the board."


# --- moves ---------------------------------------------------------------------------------

def test_apply_move_places_the_current_stone_and_leaves_the_input_alone():
    before = position("standard", "| 03 33")
    after = rules.apply_move(before, Move(4, 2))
    assert before == position("standard", "| 03 33")
    assert rules.stone_at(after, 4, 2) == kind("03") and rules.stone_at(before, 4, 2) is None
    assert after.placed == 1 and rules.stones_left(after) == 1
    assert rules.current_stone(after) == kind("33")


@pytest.mark.parametrize("rule, pouch, square, message", [
    ("standard", "| 03", (0, 1), "That square already holds a stone."),
    ("standard", "| 03", (6, 6), "A stone must touch another stone."),
    ("standard", "| 00", (4, 2), "The stone must match each neighbour by colour or by symbol."),
    ("original", "| 00", (0, 0),
     "Next to two stones, it must match one by colour and the other by symbol."),
    ("original", "| 41", (3, 0),
     "Next to three stones, it must match two by one attribute and one by the other."),
    ("original", "| 54", (4, 8), "A 4-way must match two neighbours by colour and two by symbol."),
    ("original", "03 |", (4, 2), "The game is over. Every stone is on the board."),
])
def test_illegal_moves_say_why(rule, pouch, square, message):
    with pytest.raises(IllegalMove) as error:
        rules.apply_move(position(rule, pouch), Move(*square))
    assert str(error.value) == message


@pytest.mark.parametrize("text, move", [("3,4", Move(3, 4)), ("0,0", Move(0, 0)),
                                        ("7,11", Move(7, 11))])
def test_move_codec(text, move):
    assert rules.decode_move(text) == move and move.encode() == text


@pytest.mark.parametrize("text", ["", "3", "3,", "3;4", "a,b", "8,0", "0,12", "-1,2", " 3,4"])
def test_bad_move_text(text):
    with pytest.raises(RuleError):
        rules.decode_move(text)


def test_move_json_names_the_stone_placed():
    state = position("original", "| 03 33")
    assert rules.move_json(state, Move(4, 2)) == {"row": 4, "col": 2, "colour": 0, "symbol": 3}


# --- parameters, the deal, text ------------------------------------------------------------

def test_params():
    assert rules.parse_params("") == Params("standard") == rules.params_from_options()
    assert rules.parse_params("rule=original") == Params("original")
    assert rules.params_from_options(variant="original") == Params("original")
    assert Params("original").encode() == "rule=original"
    for bad in ["rule=fancy", "size=12", "rule"]:
        with pytest.raises(RuleError):
            rules.parse_params(bad)
    with pytest.raises(RuleError):
        rules.params_from_options(size=12)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rule=st.sampled_from(rules.RULES))
def test_deal_invariants(seed, rule):
    params = Params(rule)
    desc = rules.new_desc(params, random.Random(seed))
    rules.validate_desc(params, desc)
    state = rules.new_game(params, desc)
    opening = [rules.stone_at(state, row, col) for row, col in rules.OPENING_SQUARES]
    assert sorted(map(rules.colour, opening)) == list(range(6))
    assert sorted(map(rules.symbol, opening)) == list(range(6))
    assert sum(k != rules.EMPTY for k in state.board) == 6
    assert len(state.pouch) == 66 and state.placed == 0 and state.points == state.fourways == 0
    assert Counter(opening + list(state.pouch)) == Counter({k: 2 for k in range(36)})
    puzzle = rules.puzzle_json(params, desc)
    assert puzzle["rows"] == 8 and puzzle["cols"] == 12 and puzzle["rule"] == rule
    assert [(s["row"], s["col"]) for s in puzzle["start"]] == list(rules.OPENING_SQUARES)
    assert [rules.stone(s["colour"], s["symbol"]) for s in puzzle["start"]] == opening
    assert [rules.stone(s["colour"], s["symbol"]) for s in puzzle["pouch"]] == list(state.pouch)
    assert rules.solution_json(params, desc) is None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), where=st.integers(0, 65), becomes=st.integers(0, 35))
def test_a_deal_with_a_changed_stone_is_refused(seed, where, becomes):
    desc = rules.new_desc(Params(), random.Random(seed))
    at = 13 + 2 * where
    changed = desc[:at] + f"{becomes // 6}{becomes % 6}" + desc[at + 2:]
    if changed != desc:
        with pytest.raises(RuleError, match="exactly two of each"):
            rules.validate_desc(Params(), changed)


@pytest.mark.parametrize("desc, message", [
    ("001122334455", "66 pouch stones"),
    ("001122334456-" + "00" * 66, "two digits 0-5"),
    ("001122334400-" + "00" * 66, "exactly two of each"),
])
def test_bad_deals(desc, message):
    with pytest.raises(RuleError, match=message):
        rules.validate_desc(Params(), desc)


def test_opening_must_show_every_colour_and_symbol():
    desc = rules.new_desc(Params(), random.Random(1))
    opening = [desc[i:i + 2] for i in range(0, 12, 2)]
    pouch = [desc[i:i + 2] for i in range(13, len(desc), 2)]
    # the first opening stone twice, the second moved into the pouch: still two of each
    pouch[pouch.index(opening[0])] = opening[1]
    opening[1] = opening[0]
    with pytest.raises(RuleError, match="every colour once"):
        rules.validate_desc(Params(), "".join(opening) + "-" + "".join(pouch))


def test_text_diagram_is_exact():
    text = f"rule original\npoints 12\nfourways 1\n{BOARD}\npouch 03 44 | 33 15"
    state = rules.from_text(text)
    assert str(state) == text
    assert (state.placed, state.pouch, state.points, state.fourways) == (
        2, tuple(map(kind, ["03", "44", "33", "15"])), 12, 1)
    assert rules.stone_at(state, 4, 9) == kind("53")


def test_text_round_trip_mid_game():
    rng = random.Random(5)
    state = rules.new_game(Params("original"), rules.new_desc(Params("original"), rng))
    for _ in range(20):
        state = rules.apply_move(state, rng.choice(rules.legal_moves(state)))
        assert rules.from_text(str(state)) == state


@pytest.mark.parametrize("text, message", [
    (f"rule fancy\npoints 0\nfourways 0\n{BOARD}\npouch |", "Unknown rule set"),
    (f"rule standard\npoints -1\nfourways 0\n{BOARD}\npouch |", "points"),
    (f"rule standard\npoints 0\nfourways 0\n{BOARD}", "lines"),
    (f"rule standard\npoints 0\nfourways 0\n{BOARD.replace('45', '46')}\npouch |", "board row"),
    (f"rule standard\npoints 0\nfourways 0\n{BOARD}\npouch | 45 45", "only two"),
    (f"rule standard\npoints 0\nfourways 0\n{BOARD}\npouch 12", "pouch line"),
])
def test_bad_positions(text, message):
    with pytest.raises(RuleError, match=message):
        rules.from_text(text)

