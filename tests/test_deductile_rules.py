"""DeducTile rules: clue truth and wording, the generator, the solver, moves and penalties.

The strongest check reads each generated clue back from its English sentence with an
independent little parser and counts the arrangements that satisfy all the sentences."""
import itertools
import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit.rules_api import IllegalMove, RuleError
from games.deductile import clues as cb, rules

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"]


def sentence_predicate(text: str, tiles: int):
    """Turn one clue sentence into a test on [(shape, colour), ...] (names, top to bottom)."""
    shapes, colours = cb.SHAPES[:tiles], cb.COLOURS[:tiles]
    place_words = {w: i for i, w in enumerate(ORDINALS[:tiles])} | {"last": tiles - 1}

    def item(words):
        words = words.lower().removeprefix("the ").strip()
        if words.endswith(" tile"):
            colour = words[:-5]
            assert colour in colours, text
            return lambda arr: next(i for i, t in enumerate(arr) if t[1] == colour)
        assert words in shapes, text
        return lambda arr: next(i for i, t in enumerate(arr) if t[0] == words)

    m = re.fullmatch(r"(.+?) is (somewhere above|somewhere below|next to) (.+)\.", text)
    if m:
        a, b, relation = item(m.group(1)), item(m.group(3)), m.group(2)
        if relation == "somewhere above":
            return lambda arr: a(arr) < b(arr)
        if relation == "somewhere below":
            return lambda arr: a(arr) > b(arr)
        return lambda arr: abs(a(arr) - b(arr)) == 1
    m = re.fullmatch(r"The (\w+)( tile)? is (not )?(the )?(\w+)\.", text)
    assert m, text
    subject, is_tile, negative, _, obj = m.groups()
    subject, obj = subject.lower(), obj.lower()
    if subject in place_words:      # "The third tile is (not) Red / the Star."
        position = place_words[subject]
        slot = 1 if obj in colours else 0
        def test(arr):
            return arr[position][slot] == obj
    elif obj in place_words:        # "The Red tile is first." / "The Star is first."
        position, slot = place_words[obj], 1 if is_tile else 0
        def test(arr):
            return arr[position][slot] == subject
    else:                           # "The Square is Yellow." / "The Yellow tile is the Square."
        shape, colour = (obj, subject) if is_tile else (subject, obj)
        def test(arr):
            return any(t == (shape, colour) for t in arr)
    return (lambda arr: not test(arr)) if negative else test


def arrangements(tiles):
    shapes, colours = cb.SHAPES[:tiles], cb.COLOURS[:tiles]
    for s in itertools.permutations(shapes):
        for c in itertools.permutations(colours):
            yield list(zip(s, c))


@pytest.mark.parametrize("difficulty,tiles", [("easy", 4), ("normal", 4), ("hard", 4), ("expert",
                                                                                        5)])
def test_generated_clues_read_as_text_leave_exactly_the_solution(difficulty, tiles):
    params = rules.Params(tiles, difficulty)
    for seed in range(4 if tiles == 4 else 1):
        desc = rules.new_desc(params, random.Random(seed))
        puzzle = rules.puzzle_json(params, desc)
        tests = [sentence_predicate(text, tiles) for text in puzzle["clues"]]
        fits = [arr for arr in arrangements(tiles) if all(t(arr) for t in tests)]
        expected = [(t["shape"], t["colour"]) for t in rules.solution_json(params, desc)]
        assert fits == [expected]


def test_easy_uses_only_kinds_one_to_four_and_hard_is_pruned():
    for seed in range(20):
        state = rules.new_game(rules.Params(4, "easy"), rules.new_desc(rules.Params(4, "easy"),
                                                                       random.Random(seed)))
        assert {c.kind for c in state.clues} <= {1, 2, 3, 4}
        hard = rules.Params(4, "hard")
        clues = rules.new_game(hard, rules.new_desc(hard, random.Random(seed))).clues
        for k in range(len(clues)):   # pruned: no clue can be dropped
            assert cb.solutions_left(clues[:k] + clues[k + 1:], 4) > 1


def test_all_eight_kinds_appear_at_normal():
    kinds = set()
    for seed in range(30):
        p = rules.Params(4, "normal")
        kinds |= {c.kind for c in rules.new_game(p, rules.new_desc(p, random.Random(seed))).clues}
    assert kinds == set(range(1, 9))


def test_clue_wordings_on_a_literal_arrangement():
    # top to bottom: red circle, green square, blue triangle, yellow star
    arr = ((0, 0), (1, 1), (2, 2), (3, 3))
    cases = [
        (cb.Clue(1, ("c", 0), ("p", 0), 0), "The Red tile is first.", True),
        (cb.Clue(1, ("c", 3), ("p", 3), 1), "The last tile is Yellow.", True),
        (cb.Clue(2, ("s", 2), ("p", 1), 0), "The second tile is the Triangle.", False),
        (cb.Clue(3, ("s", 1), ("c", 1), 0), "The Square is Green.", True),
        (cb.Clue(3, ("s", 1), ("c", 3), 1), "The Yellow tile is the Square.", False),
        (cb.Clue(4, ("s", 0), ("c", 0), 0), "The Circle is not Red.", False),
        (cb.Clue(5, ("c", 2), ("p", 3), 1), "The last tile is not Blue.", True),
        (cb.Clue(6, ("s", 3), ("p", 2), 0), "The third tile is not the Star.", True),
        (cb.Clue(7, ("c", 1), ("s", 0), 0), "The Green tile is somewhere above the Circle.", False),
        (cb.Clue(7, ("c", 1), ("s", 3), 1), "The Star is somewhere below the Green tile.", True),
        (cb.Clue(8, ("s", 1), ("c", 3), 0), "The Square is next to the Yellow tile.", False),
        (cb.Clue(8, ("s", 2), ("c", 3), 1), "The Yellow tile is next to the Triangle.", True),
    ]
    for clue, text, truth in cases:
        assert clue.text(4) == text
        assert clue.holds(arr) is truth, text
        assert cb.decode_clue(clue.encode(), 4) == clue
        assert sentence_predicate(text, 4)([(cb.SHAPES[s], cb.COLOURS[c]) for s, c in arr]) is truth


def test_solver_known_answer():
    # Red first; Star last; Square Blue; Triangle Green; Circle Red; Blue second.
    clues = [cb.Clue(1, ("c", 0), ("p", 0)), cb.Clue(2, ("s", 3), ("p", 3)),
             cb.Clue(3, ("s", 1), ("c", 2)), cb.Clue(3, ("s", 2), ("c", 1)),
             cb.Clue(3, ("s", 0), ("c", 0)), cb.Clue(1, ("c", 2), ("p", 1))]
    assert cb.solve(clues, 4) == ((0, 0), (1, 2), (2, 1), (3, 3))
    assert cb.solve(clues[:-1], 4) is None and cb.solutions_left(clues[:-1], 4) == 2
    assert cb.solutions_left([], 4) == 576 and cb.solutions_left([], 5) == 14400


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), data=st.data())
def test_space_filter_agrees_with_brute_force(seed, data):
    rng = random.Random(seed)
    solution = tuple(zip(rng.sample(range(4), 4), rng.sample(range(4), 4)))
    pool = cb.true_clues(solution, range(1, 9))
    clue = data.draw(st.sampled_from([c for group in pool.values() for c in group]))
    box = cb.space(4)
    count = box.count(box.restrict(box.everything(), clue))
    brute = sum(clue.holds(tuple(zip(s, c))) for s in itertools.permutations(range(4))
                for c in itertools.permutations(range(4)))
    assert count == brute


def test_moves_penalties_and_outcomes():
    p = rules.Params(4, "normal")
    state = rules.new_game(p, rules.new_desc(p, random.Random(3)))
    assert rules.time_left(10) == 170 and rules.time_left(10, penalty_seconds=10) == 160
    assert rules.time_left(175, 10) == 0
    # A wrong guess, and a hint from an earlier build's save, change nothing in the position:
    # their penalties live in the session's record.
    assert rules.apply_move(state, rules.decode_move("g")) == state
    assert rules.apply_move(state, rules.decode_move("h")) == state
    assert rules.Move(rules.HINT) not in rules.legal_moves(state)
    won = rules.apply_move(replace(state, arrangement=state.solution), rules.Move(rules.GUESS))
    assert won.outcome == "won" and rules.from_text(str(won)) == won
    swapped = rules.apply_move(state, rules.decode_move("c0-3"))
    assert [t[0] for t in swapped.arrangement] == [t[0] for t in state.arrangement]
    assert swapped.arrangement[0][1] == state.arrangement[3][1]
    lost = rules.apply_move(state, rules.Move(rules.TIME_UP))
    assert rules.status(lost).outcome == "lost" and rules.legal_moves(lost) == []
    with pytest.raises(IllegalMove):
        rules.apply_move(lost, rules.Move(rules.GUESS))
    with pytest.raises(IllegalMove):
        rules.apply_move(state, rules.Move(rules.SWAP, 0, 7))
    for bad in ("s", "s1", "sx-y", "x", "q", "g1"):
        with pytest.raises(RuleError):
            rules.decode_move(bad)


@pytest.mark.parametrize("options,expected", [
    ({}, rules.Params(4, "normal")), ({"difficulty": "hard"}, rules.Params(4, "hard")),
    ({"size": 6}, rules.Params(6, "expert")), ({"difficulty": "expert"}, rules.Params(5,
                                                                                      "expert"))])
def test_params_from_options(options, expected):
    assert rules.params_from_options(**options) == expected


@pytest.mark.parametrize("options", [{"size": 5, "difficulty": "easy"}, {"size": 7},
                                     {"difficulty": "mean"}, {"colours": 3}])
def test_bad_options_are_refused(options):
    with pytest.raises(RuleError):
        rules.params_from_options(**options)


def test_start_is_never_the_solution_and_descs_validate():
    p = rules.Params(4, "easy")
    for seed in range(50):
        desc = rules.new_desc(p, random.Random(seed))
        state = rules.new_game(p, desc)
        assert state.arrangement != state.solution
    solved = rules.encode_arrangement(state.solution) + "-" + desc.split("-")[1]
    with pytest.raises(RuleError):
        rules.validate_desc(p, solved)
