"""Playing a lesson through the real loop (tests/test_lessons_*.py): each step's goal made by
one device, and on the way a wrong try that is explained and does not advance."""
from __future__ import annotations

from games.core.kit.lesson import Verdict, judge
from games.core.screens.lesson import LessonScene
from tests.driver import DT


def open_lesson(driver, key: str) -> LessonScene:
    scene = LessonScene(driver.app, key)
    driver.app.push(scene)
    driver.frames(2)
    return scene


def goal_move(scene: LessonScene) -> str:
    return scene.step.shown_move


def missing_move(scene: LessonScene) -> str | None:
    """A legal move that misses the step's goal, if it has one."""
    rules, state = scene.rules, scene.game.state
    for move in rules.legal_moves(state):
        if judge(rules, scene.step, state, move)[0] == Verdict.MISS:
            return move.encode()
    return None


def wait_for_next(driver, scene: LessonScene, index: int) -> None:
    """The step was reached: its animation lands, it stays on show a moment, then the next."""
    assert scene.passed and scene.game.message == scene.step.praise
    driver.run_until(lambda: scene.completed or scene.index == index + 1, limit=600, dt=DT)


def play_through(driver, scene: LessonScene, perform, wrong_at: int, attempt=None,
                 said: str | None = None) -> None:
    """Every step by `perform(move_text)` (one device's input); at step `wrong_at` a wrong
    try first, and the step stays: `attempt(move_text)` trying the step's wrong move, which
    the game refuses (in the words `said`, when given), or else a move that misses the goal,
    told the step's words."""
    for index in range(scene.steps):
        assert scene.index == index and not scene.passed
        if index == wrong_at:
            miss = None if attempt is not None else missing_move(scene)
            position, played = scene.game.session.position, len(driver.app.audio.played)
            if attempt is not None:
                assert scene.step.wrong is not None
                attempt(scene.step.wrong[0])
            else:
                assert miss is not None, "the step has a move that misses its goal"
                perform(miss)
            driver.frames(2)
            assert scene.index == index and not scene.passed
            assert scene.game.session.position == position, "a wrong try changes nothing"
            assert scene.game.message and scene.refusal
            if miss is not None:
                assert scene.game.message == scene.step.miss
            elif said is not None:
                assert scene.game.message == said
            assert "wrong" in driver.app.audio.played[played:]
            assert scene.wrong_tries == 1
        perform(goal_move(scene))
        wait_for_next(driver, scene, index)
    assert scene.completed and scene.finish_menu is not None
    assert driver.app.settings["lessons"][scene.key] is True
