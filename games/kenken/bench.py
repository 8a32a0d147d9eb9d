"""Performance figures for `main.py bench`: generation per size and difficulty, each printed
beside Tatham's Keen's figure as a reference (measured elsewhere, on another day: it is shown,
not divided into ours; Keen's median is the target), the multiplication-only and
hidden-operator variants beside Parlour's own figures from before issue 24 (the target: no
slower), solving a 9x9 typed in by ID, and the first hint on a 9x9 (both from cold caches); and the
scene's pose for the frame-cost figure."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Device
from games.core.kit.game import Sample
from games.core.kit.results import clock_text
from games.kenken import controls, grader, rules, solver
from games.kenken.cages import DIFFICULTIES, Params, parse_desc
from games.kenken.geometry import Style
from games.kenken.motion import POP_SECONDS

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

# Keen's generation (keen.c's new_game_desc), median ms per puzzle by difficulty, and the
# p99 of 4x4 to 7x7.
KEEN_MS = {4: (0.090, 0.34, 0.41, 9.7), 5: (0.19, 0.87, 0.64, 11.6),
           6: (1.24, 1.99, 1.19, 12.0), 7: (2.15, 4.52, 1.73, 26.6),
           8: (13.5, 15.6, 3.7, 62.3), 9: (47.7, 44.7, 9.7, 170.5)}
KEEN_P99_MS = {4: (0.53, 2.1, 2.9, 69.5), 5: (1.05, 6.8, 5.1, 76.3), 6: (8.0, 15.6, 8.2, 80.8),
               7: (14.0, 30.1, 14.2, 196.1)}
KEEN = {"peer": "Tatham's Keen (C, -O2)", "date": "2026-11-25",
        "source": "issue 24: CPU time of new_game_desc, 1,200 puzzles per size and difficulty "
                  "(150 at 8x8 and 9x9), on the development machine; not this run"}
# Parlour's generation before issue 24 (commit d0ef95d), median ms, on the same machine.
BEFORE_MS = {("multiplication", 4): (0.98, 5.2, 45.8),
             ("multiplication", 6): (1.41, 10.4, 17.3, 157.0),
             ("multiplication", 9): (5.4, 65.0, 43.7, 512.0),
             ("hidden", 4): (0.83, 2.0, 5.5, 97.0), ("hidden", 6): (4.8, 14.9, 5.3, 101.7),
             ("hidden", 9): (6.3, 38.8, 11.9, 203.7)}
BEFORE = {"peer": "Parlour before issue 24 (commit d0ef95d)", "date": "2026-11-25",
          "source": "issue 24: the same seeds on the development machine; not this run"}
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
    for cache in (parse_desc, solver.cage_fillings, solver.compiled_cage, solver.fitting_squares,
                  solver.compile_puzzle, solver.unique_solution, solver.shaped_cage):
        cache.cache_clear()


def _solve_by_id(index: int) -> list[list[int]]:
    _forget()
    return rules.solution_json(NINE, NINE_BY_ID[index % len(NINE_BY_ID)])


def _first_hint(index: int) -> grader.Hint | None:
    """The first hint of a game just opened (it also finds the solution, to check for
    mistakes)."""
    _forget()
    return grader.hint(rules.new_game(NINE, NINE_BY_ID[index % len(NINE_BY_ID)]))


def _generation(params: Params, count: int, reference: dict[str, Any],
                target_ms: float) -> dict[str, Any]:
    words = {"standard": "", "multiplication": ", multiplication only",
             "hidden": ", hidden operators"}[params.variant]
    return {"name": f"generate {params.size}x{params.size} {params.difficulty}{words}",
            "count": count, "target_ms": target_ms, "reference": reference,
            # the core prints the p99 as well where it is asked for (4x4 to 7x7)
            "tail": 0.99 if count >= 100 else None,
            "run": lambda i: _generate(params, i)}


def cases() -> list[dict[str, Any]]:
    found = []
    for size, keen in KEEN_MS.items():
        for level, (difficulty, keen_ms) in enumerate(zip(DIFFICULTIES, keen)):
            reference = {**KEEN, "median_ms": keen_ms}
            if size in KEEN_P99_MS:
                reference["p99_ms"] = KEEN_P99_MS[size][level]
            found.append(_generation(Params(size, difficulty),
                                     200 if size in KEEN_P99_MS else 40, reference, keen_ms))
    for (variant, size), before in BEFORE_MS.items():
        for difficulty, before_ms in zip(DIFFICULTIES, before):
            params = rules.params_from_options(size, difficulty, variant)
            found.append(_generation(params, 20, {**BEFORE, "median_ms": before_ms}, before_ms))
    found.append({"name": "solve 9x9 by ID", "count": 24, "target_ms": 100.0,
                  "run": _solve_by_id})
    found.append({"name": "first hint on a 9x9", "count": 24, "target_ms": 50.0,
                  "run": _first_hint})
    return found


def pose(frame: Frame) -> None:
    """Calcoolation's most expensive everyday look: candidates everywhere, a digit twice in a
    column (a mistake, shown), the hint pointing at it (shown, not taken: no hint is counted),
    a digit mid-pop (stretched so it stays mid-pop) and the number pad open in pencil mode
    under the keyboard cursor."""
    from games.kenken.scene import KenkenBoard
    board = frame.board
    assert isinstance(board, KenkenBoard)
    frame.play(rules.Move(rules.FILL))
    solution = rules.solution(board.state)
    n = board.n
    if solution is not None:
        frame.play(rules.Move(rules.PLACE_CLEAR, 0, 0, solution[0]))
        frame.play(rules.Move(rules.PLACE, 1, 0, solution[0]))
        board.stretch = 400.0
        frame.play(rules.Move(rules.PLACE_CLEAR, n - 1, n - 1, solution[-1]))
        board.stretch = 1.0
        frame.tweens.update(POP_SECONDS * 200)
        board.hint_shown, board.hint_state = grader.hint(board.state), board.state
    frame.pretend_device(Device.KEYBOARD)
    board.ui = controls.open_pad(board.state, replace(board.ui, cursor=(n - 1, n - 2)),
                                 Style.PAD, True)


def sample_result(rng: random.Random) -> dict[str, Any]:
    """A plausible finished game for a made-up history: a time, solved by Solve now and then."""
    seconds = max(30, int(rng.lognormvariate(5.3, 0.5)))
    solved = rng.random() < 0.05
    return dict(outcome="won", score=seconds, detail=clock_text(seconds), ranked=not solved,
                duration=seconds, record={"solved": 1} if solved else {})


SAMPLE = Sample(("size=4,difficulty=easy", "size=6,difficulty=hard", "size=9,difficulty=normal",
            "size=6,difficulty=normal,hidden_operators=1"), sample_result)
