"""A short soak: random mouse, keyboard, pad and window events over every playable scene,
with the demo player moving the games along. No exception and no stuck scene."""
import os
import sys

from games.core.kit import registry

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import soak


def test_random_input_over_every_scene_raises_nothing():
    keys = [info.key for info in registry.launcher_games()]
    runner = soak.Soak(seed=7)
    result = runner.run(600 * (len(keys) + 1), keys)
    assert result["events"] >= 600 * (len(keys) + 1)
    assert result["frames"] > 0 and result["games_started"] >= len(keys)
    assert runner.app.running and runner.app.stack, "the app is alive with a scene on top"
