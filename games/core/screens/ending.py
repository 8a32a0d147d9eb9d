"""A game's ending (docs/DESIGN.md, "Results and words"): its first ending entered at once, one
row of the history with its Result kept in the game's record; a later ending, after undo, a look
back that enters nothing and shows the board's own ending beside the one kept
(results.looked_back); then the result screen. GameScene (`scene`) calls these."""
from __future__ import annotations

from typing import Any

from games.core.kit.checks import Invalid
from games.core.kit.results import SOLVE_FINISHED, Result, looked_back


def enter(scene: Any) -> None:
    """The game has just ended. Its first ending is entered (an undo before the result
    screen shows changes nothing): the history's row, the rank of a new best result, and
    its Result in the game's record. A later ending enters nothing."""
    scene.looking_back = scene.recorded
    if scene.looking_back:
        scene.rank = None
        return
    scene.session.note("recorded")
    if scene.solver.finished:
        scene.session.note(SOLVE_FINISHED)       # the history names it the computer's
    scene.rank = scene.record_result()
    if scene.session.result is None:
        scene.session.result = scene.result()


def shown_result(scene: Any) -> Result:
    """The result screen's words: at the first ending those entered; at a later one the
    board's ending as it is now, beside the one the record keeps: never the first ending's
    figures over another board."""
    entered = scene.session.result
    if entered is None:
        return scene.result()
    return looked_back(scene.result(), entered) if scene.looking_back else entered


def show(scene: Any) -> None:
    """The result screen, over the board (with the ending's sound: a plain one for an
    ending that is not counted); the save of a finished game goes."""
    counted = not scene.looking_back or shown_result(scene) == scene.session.result
    scene.app.audio.play(scene.ending_sound() if counted else "place")
    problem = scene.app.store.delete_game(scene.session.key)   # reports, never raises
    if problem:
        scene.say(problem)
    from games.core.screens.menus import ResultScene
    scene.app.push(ResultScene(scene.app, scene, scene.rank))


def record(scene: Any, outcome: str, ranked: bool, opponent: str, level: str) -> int | None:
    """One row of the history for the game (its moves, record, score in the game's words,
    the daily puzzle's date); the rank of a new best result, or None."""
    from games.core.data.history_rows import of_session
    from games.core.kit import daily
    score = scene.final_score()
    game = of_session(
        scene.session, scene.started, outcome, score, scene.score_text(score), ranked,
        opponent=opponent, level=level, daily=daily.date_text(scene.play_options.get("daily")))
    try:
        rank: int | None = scene.app.store.history().record(game)
        return rank
    except Invalid as error:
        scene.say(f"This game could not be kept in the history ({error}).")
        return None
