"""Performance figures for `main.py bench`: generation per size and difficulty, each printed
beside Tatham's Keen's figure as a reference (measured elsewhere, on another day: it is shown,
not divided into ours), solving a 9x9 typed in by ID, and the first hint on a 9x9 (both from
cold caches); and the scene's pose for the frame-cost figure."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.kenken import controls, grader, rules, solver
from games.kenken.cages import DIFFICULTIES, Params, parse_desc
from games.kenken.geometry import Style
from games.kenken.motion import POP_SECONDS

if TYPE_CHECKING:
    from games.kenken.scene import KenkenScene

# Keen's generation, median ms per puzzle (500 each) by difficulty, as quoted in issue 3.
KEEN_MS = {4: (0.06, 0.24, 0.28, 5.1), 6: (0.59, 1.1, 0.65, 7.2),
           8: (5.3, 7.2, 2.5, 34.0), 9: (24.0, 24.0, 5.4, 93.0)}
KEEN = {"peer": "Tatham's Keen (C)", "date": "2026-11-21",
        "source": "issue 3: median of 500 puzzles on a 2-core machine; not this run"}
# 9x9 puzzles to type in by ID, two per difficulty (made by rules.new_desc).
NINE_BY_ID = (
    "7ff77b7bcb7f7f6daa8d3f71cfddf7276cff,a16d2a7g3g5s5g6m63m56a11m9s1m24m9d3s1a18s4s3g5a23d2"
    "a5d3s5m35g9d2s3s5a7d2a5m20m56s7m45d3m28a11",
    "fbfbedddbfbe6e5dad013d6fde56d68ffef6,m210d2s2d3d2m5184g7a8a18a7g9d2m24g3m5d3s1m14d2s3s5"
    "m6m270a20m336s3s7a7a15s1g8s6a15d4m12s2a7",
    "5d5d7e7edafe7dfbfbfb7bf27ef3fe0ffc0c,a13s3g4a7a9s6s4a5m48s1d2a9m15m63m9a13d3s4s5d2m7s3d3"
    "d3s7s6a12d4m24a13d2a11s2d3m8a14m14s2m24m5",
    "5cfff7d7be5fdfde56b3a66fcd9f3fe1cf7b,m72a14a7s2m21s6m12d2s2a14g4s7s4a7a15m224d2m21m18s3"
    "a7s2s1s3m45a10m8m10g3a10a15d4m72s2d2m18a6s7a15",
    "565777f9bd7777b7573dff33e6eebee7bcf8,m360m56a13s1d2s5d2m10s1s3a9s1s1g9m18m20m48m42d3m35"
    "a19a11a7a8m12m72g7s3a11s6a15a14s5s2s7a11m54d3",
    "76fcdbbfddfdef6f6dcfb9ff8cbbb0bff435,a8a9a9d2g8s3m24g4s4m648a16g1d2s1s2s3s1m144m6g6m20"
    "m84s1s1s2a6g7a21m12g3s1g1d2m192a10d3a9m126a6g6",
    "abd7e7f775efef77b67e5ed79dfdf1c77cd9,s1d2s2a7a6d4d2s1m27s3a10s2m84s2m24g9m10d2g1a11a12"
    "a11a12m5a10s3m8s3a10m48s2d3d3m60m3s3d3a13s2m9",
    "dadbdddfcf7ffff7b3379f3ce78fbe12f684,m378a11s6m12d2d4a13m8m80s2d2d2s2d2s5s4s1a15d3m42"
    "m60a10m24d2a14g2s6a10g2a7s2a6m90s5m576a7s1",
)
NINE = Params(9, "normal")    # the difficulty plays no part in solving


def _generate(params: Params, seed: int) -> str:
    return rules.new_desc(params, random.Random(seed))


def _forget() -> None:
    """Empty the caches, as in a fresh process: no cages, fillings or solutions known."""
    for cache in (parse_desc, solver.cage_fillings, solver.compile_puzzle,
                  solver.unique_solution):
        cache.cache_clear()


def _solve_by_id(index: int) -> list[list[int]]:
    _forget()
    return rules.solution_json(NINE, NINE_BY_ID[index % len(NINE_BY_ID)])


def _first_hint(index: int) -> grader.Hint | None:
    """The first hint of a game just opened (it also finds the solution, to check for
    mistakes)."""
    _forget()
    return grader.hint(rules.new_game(NINE, NINE_BY_ID[index % len(NINE_BY_ID)]))


def cases() -> list[dict[str, Any]]:
    found = []
    for size, keen in KEEN_MS.items():
        for difficulty, keen_ms in zip(DIFFICULTIES, keen):
            params = Params(size, difficulty)
            found.append({"name": f"generate {size}x{size} {difficulty}", "count": 50,
                          "target_ms": 500.0 if size == 9 else None,
                          "reference": {**KEEN, "median_ms": keen_ms},
                          "run": lambda i, params=params: _generate(params, i)})
    found.append({"name": "solve 9x9 by ID", "count": 24, "target_ms": 100.0,
                  "run": _solve_by_id})
    found.append({"name": "first hint on a 9x9", "count": 24, "target_ms": 50.0,
                  "run": _first_hint})
    return found


def pose(scene: KenkenScene) -> None:
    """Calcoolation's most expensive everyday look: candidates everywhere, a digit twice in a
    column (a mistake, shown), the hint pointing at it (shown, not taken: no hint is counted),
    a digit mid-pop (stretched so it stays mid-pop) and the number pad open in pencil mode
    under the keyboard cursor."""
    scene.play(rules.Move(rules.FILL))
    solution = rules.solution(scene.state)
    n = scene.n
    if solution is not None:
        scene.play(rules.Move(rules.PLACE_CLEAR, 0, 0, solution[0]))
        scene.play(rules.Move(rules.PLACE, 1, 0, solution[0]))
        scene.stretch = 400.0
        scene.play(rules.Move(rules.PLACE_CLEAR, n - 1, n - 1, solution[-1]))
        scene.stretch = 1.0
        scene.tweens.update(POP_SECONDS * 200)
        scene.hint_shown, scene.hint_state = grader.hint(scene.state), scene.state
    scene.pretend_device(Device.KEYBOARD)
    scene.ui = controls.open_pad(scene.state, replace(scene.ui, cursor=(n - 1, n - 2)),
                                 Style.PAD, True)
