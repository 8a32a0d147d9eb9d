"""One harness for every registered game: the shared rules-module contract (docs/DESIGN.md,
"The rules contract" and "Tests")."""
import copy
import dataclasses
import importlib.util
import random
from types import SimpleNamespace

import pytest
from params import params_of

from games.core.kit import registry
from games.core.kit.rules_api import GameError, Outcome, RuleError, RulesModule, Status

GAME_KEYS = [key for key in registry.load_all()
             if importlib.util.find_spec(f"games.{key}.rules") is not None]


def rules_of(key):
    return registry.lookup(key).rules


def params_under_test(key):
    return params_of(key)


def applied_without_mutation(rules, state, move):
    """rules.apply_move(state, move), checking that the state it was given is as it was: the
    same value (against a deep copy taken before), the same fields and the same text."""
    snapshot, fields, text = copy.deepcopy(state), repr(state), str(state)
    after = rules.apply_move(state, move)
    assert state == snapshot and repr(state) == fields and str(state) == text, \
        "apply_move mutated its input"
    return after


def playout(rules, params, seed, max_plies=150):
    rng = random.Random(seed)
    desc = rules.new_desc(params, rng)
    rules.validate_desc(params, desc)
    state = rules.new_game(params, desc)
    history = []
    for _ in range(max_plies):
        moves = rules.legal_moves(state)
        assert bool(moves) != rules.status(state).over, "terminal <=> no legal moves"
        if not moves:
            break
        move = rng.choice(moves)
        text = move.encode()
        assert rules.decode_move(text) == move
        state = applied_without_mutation(rules, state, move)
        history.append(text)
    return desc, history, state


@pytest.mark.parametrize("key", GAME_KEYS)
def test_params_round_trip(key):
    rules = rules_of(key)
    for params in params_under_test(key):
        assert rules.parse_params(params.encode()) == params
        assert ":" not in params.encode() and "#" not in params.encode()


@pytest.mark.parametrize("key", GAME_KEYS)
def test_generation_is_deterministic_and_valid(key):
    rules = rules_of(key)
    for params in params_under_test(key):
        for seed in range(3):
            desc = rules.new_desc(params, random.Random(seed))
            assert desc == rules.new_desc(params, random.Random(seed))
            rules.validate_desc(params, desc)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_playouts_replay_and_round_trip(key):
    rules = rules_of(key)
    for params in params_under_test(key):
        for seed in range(4):
            desc, history, final = playout(rules, params, seed)
            state = rules.new_game(params, desc)
            for text in history:
                state = rules.apply_move(state, rules.decode_move(text))
            assert state == final, "replaying the encoded history reproduces the state"
            assert rules.from_text(str(final)) == final


@pytest.mark.parametrize("key", GAME_KEYS)
def test_bad_text_raises_typed_errors(key):
    rules = rules_of(key)
    params = params_under_test(key)[0]
    for junk in ["", "???", "9999999:-1", "\x00"]:
        with pytest.raises(RuleError):
            rules.decode_move(junk) if junk else rules.decode_move("")
    with pytest.raises(RuleError):
        rules.validate_desc(params, "not a description \x00")
    with pytest.raises(GameError):
        rules.parse_params("nonsense=1=2")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_rules_module_has_the_whole_contract(key):
    rules = rules_of(key)
    assert isinstance(rules, RulesModule), [name for name in RulesModule.__protocol_attrs__
                                             if not hasattr(rules, name)]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_endings_are_the_players_results_or_a_decided_or_drawn_game(key):
    """A one-player game ends won or lost; a two-player game decided (with its winner) or
    drawn: never "someone won" written as won."""
    rules = rules_of(key)
    two_player = registry.lookup(key).players == 2
    endings = {Outcome.DECIDED, Outcome.DRAW} if two_player else {Outcome.WON, Outcome.LOST}
    for params in params_under_test(key):
        for seed in range(3):
            final = playout(rules, params, seed, max_plies=400)[2]
            status = rules.status(final)
            if status.over:
                assert status.outcome in endings, status
                assert (status.winner in (0, 1)) == (status.outcome == Outcome.DECIDED)


# --- the checks themselves bite -------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Heap:
    counters: list      # a list, so a careless apply_move can change it in place


def test_the_mutation_check_catches_a_mutating_apply_move():
    def appends(state, move):
        state.counters.append(move)          # mutates the list inside a frozen dataclass
        return Heap(list(state.counters))

    def sets(state, move):
        object.__setattr__(state, "counters", [move])   # rewrites a frozen field
        return state

    def pure(state, move):
        return Heap(state.counters + [move])
    for mutating in (appends, sets):
        with pytest.raises(AssertionError, match="mutated"):
            applied_without_mutation(SimpleNamespace(apply_move=mutating), Heap([1, 2]), 3)
    assert applied_without_mutation(SimpleNamespace(apply_move=pure), Heap([1]), 2) == Heap([1, 2])


def test_a_status_names_a_winner_only_for_a_decided_game():
    assert Status(Outcome.DECIDED, 1).winner == 1 and Status(Outcome.DRAW).winner is None
    for outcome, winner in ((Outcome.DECIDED, None), (Outcome.WON, 0), (Outcome.DRAW, 1),
                            (Outcome.DECIDED, 2)):
        with pytest.raises(ValueError):
            Status(outcome, winner)
