"""One harness for every registered game: the shared rules-module contract (DESIGN.md s2, s7)."""
import importlib.util
import random

import pytest

from games.core.kit import registry
from games.core.kit.rules_api import GameError, RuleError

GAME_KEYS = [key for key in registry.load_all()
             if importlib.util.find_spec(f"games.{key}.rules") is not None]


def rules_of(key):
    return registry.module(key, "rules")


def params_under_test(key):
    rules = rules_of(key)
    return list(getattr(rules, "TEST_PARAMS", ())) or [rules.params_from_options()]


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
        before, before_hash = state, hash(state)
        state = rules.apply_move(state, move)
        assert hash(before) == before_hash, "apply_move mutated its input"
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
