"""The shared level ladder of the two-player games, and each game's old level names."""
import json
import random
import subprocess
import sys

import pytest

from games.core.kit import levels
from games.core.kit.levels import DRAW, LOSS, WIN
from games.core.kit.rules_api import IllegalMove, RuleError
from games.kono import ai as kono_ai
from games.mu_torere import ai as mu_torere_ai
from games.nim import ai as nim_ai

AIS = {"mu_torere": mu_torere_ai, "kono": kono_ai, "nim": nim_ai}


def test_the_ladder():
    assert levels.LEVELS == {"off": 0, "low": 40, "medium": 70, "high": 95, "perfect": 100}
    assert list(levels.TITLES) == list(levels.LEVELS)
    for name, chance in levels.LEVELS.items():
        for spelling in (name, name.upper(), f" {name.title()} "):
            assert levels.level_chance(spelling) == chance
    assert levels.level_chance(None) == 100
    assert [levels.level_chance(number) for number in (0, 37, 100)] == [0, 37, 100]
    assert [levels.level_chance(text) for text in ("0", "37", "100", " 5 ")] == [0, 37, 100, 5]


@pytest.mark.parametrize("bad", ["101", "-1", "1.5", "", "grandmaster", 101, -3, True, "0x10",
                                 "1" * 400, "٣"])
def test_bad_levels_are_refused_clearly(bad):
    with pytest.raises(RuleError, match="A level is a number from 0 to 100 or one of off, low"):
        levels.level_chance(bad)
    for ai in AIS.values():
        with pytest.raises(RuleError, match="A level is a number from 0 to 100"):
            ai.level_chance(bad)


@pytest.mark.parametrize("game, old, new", [
    ("kono", "random", "off"), ("kono", "easy", "low"), ("kono", "medium", "medium"),
    ("kono", "hard", "high"), ("kono", "Master", "perfect"),
    ("nim", "easy", "low"), ("nim", "medium", "medium"), ("nim", "perfect", "perfect")])
def test_old_level_names_load_as_the_nearest_preset(game, old, new):
    assert AIS[game].level_chance(old) == levels.LEVELS[new]


def test_every_two_player_ai_keeps_the_contract():
    for ai in AIS.values():
        for name in ("level_chance", "choose_move", "graded_moves", "evaluate", "analyse"):
            assert callable(getattr(ai, name))
    # Mu Torere keeps no old names: Kono's would be wrong there.
    with pytest.raises(RuleError):
        mu_torere_ai.level_chance("master")


def test_preference_orders_fastest_wins_then_draws_then_slowest_losses():
    graded = [("a", LOSS, 3), ("b", WIN, 9), ("c", DRAW, None), ("d", LOSS, 7), ("e", WIN, 1),
              ("f", WIN, 1)]
    assert [grade.move for grade in levels.best_first(graded)] == ["e", "f", "b", "c", "d", "a"]
    assert levels.best_first(graded)[0] == ("e", WIN, 1)
    assert levels.best_first(graded)[0].plies == 1


def test_choose_graded_mixes_best_and_random_moves_by_the_chance():
    graded = levels.best_first([("win", WIN, 3), ("quick", WIN, 1), ("draw", DRAW, None),
                                ("loss", LOSS, 2), ("twin", WIN, 1)])
    for chance in (0, 40, 100):
        rng = random.Random(chance)
        picks = [levels.choose_graded(graded, rng, chance) for _ in range(2000)]
        best = sum(pick in ("quick", "twin") for pick in picks) / len(picks)
        expected = chance / 100 + (1 - chance / 100) * 2 / 5
        assert abs(best - expected) < 0.04
        if chance == 100:
            assert {"quick", "twin"} == set(picks)          # equals are picked at random
    with pytest.raises(IllegalMove):
        levels.choose_graded([], random.Random(0), 100)


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("game", ["mu_torere", "kono", "nim"])
def test_selfplay_takes_the_ladder_names_and_numbers(game):
    for level in ("off", "Low", "medium", "high", "perfect", "0", "55", "100"):
        result = run_cli("selfplay", game, "--seed", "3", "--count", "1", "--level", level)
        assert result.returncode == 0, result.stderr
        record = json.loads(result.stdout)
        assert record["game"] == game and record["moves"]
    for bad in ("grandmaster", "101", "-5"):
        result = run_cli("selfplay", game, "--seed", "3", "--count", "1", "--level", bad)
        assert result.returncode == 2 and result.stdout == ""
        assert "A level is a number from 0 to 100" in result.stderr
