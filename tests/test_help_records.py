"""A game the computer solved, or won with help, is never a plain win: through the real loop
with the mouse, the keyboard and a pad, Calcoolation and Poggle say the same words in the same
colour when Solve ends a game ("Solved by the computer") and when the player finishes after
a Solve ("Solved!", a note), and the history, the replay, the statistics and the best results
agree: played, marked, no win, no streak, no best result. Generated histories: the history's
words and the statistics' counts never disagree."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history, history_queries, stats
from games.core.kit.actions import Command
from games.core.kit.results import (
    SOLVED_BY_COMPUTER,
    SOLVED_BY_HAND,
    WON_WITH_HELP,
    help_note,
    history_result,
)
from games.core.screens import ui
from games.core.screens.question import ConfirmScene
from games.core.screens.replay import ReplayScene
from games.core.screens.stats import GameRow, HistoryScene, StatsScene, result_words
from tests import recorded

SOLVERS = ("kenken", "poggle")
PAD_A, PAD_LEFT = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_DPAD_LEFT


def start(driver, key: str, seed: int = 5):
    if key == "kenken":
        from games.kenken.rules import Params
        scene = driver.start(key, Params(4, "easy"), seed=seed)
    else:
        from games.poggle.rules import Params as PoggleParams
        scene = driver.start(key, PoggleParams(4, 3), seed=seed)
        scene.board.planner.wait()
    driver.settle()
    return scene


def ask_solve(driver, scene, device: str) -> None:
    """S, the toolbar's Solve (Calcoolation's panel button) or the pad's command, then yes."""
    if device == "keyboard":
        driver.key(pygame.K_s)
    elif device == "mouse":
        button = next((b for b in scene.toolbar.widgets if b.words == "Solve (S)"), None)
        if button is not None:
            driver.click(button.rect.center)
        else:
            scene.run_command(Command.SOLVE)           # Calcoolation's panel button
    else:
        scene.run_command(Command.SOLVE)
    question = driver.app.top
    assert isinstance(question, ConfirmScene)
    if device == "mouse":
        driver.click(question.yes.rect.center)
    elif device == "pad":
        driver.pad(PAD_LEFT)
        driver.pad(PAD_A)
    else:
        driver.key(pygame.K_y)
    assert scene.solver.active


def only_row() -> history.Game:
    (game,) = history_queries.games(recorded.db(), most=5)
    return game


def shown_in_history(driver, key: str) -> GameRow:
    driver.app.jobs.wait_all()
    listing = HistoryScene(driver.app, key)
    driver.app.push(listing)
    driver.frames()
    row = listing.menu.widgets[0]
    assert isinstance(row, GameRow)
    return row


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
@pytest.mark.parametrize("key", SOLVERS)
def test_a_game_solve_ends_is_the_computers_in_every_game_and_every_screen(driver, key, device):
    scene = start(driver, key)
    ask_solve(driver, scene, device)
    driver.run_until(lambda: scene.over, dt=1 / 30)
    driver.until_result()
    result = driver.app.top.result
    assert (result.title, result.mood, result.notes) == (SOLVED_BY_COMPUTER, "neutral", ()), \
        "one wording and one colour in both games"
    game = only_row()
    assert game.outcome == "won" and not game.ranked and game.record.get("solved") == 1
    assert result_words(game) == (SOLVED_BY_COMPUTER, ui.TEXT)
    figures = stats.figures(recorded.db(), key)
    assert (figures.played, figures.won, figures.helped) == (1, 0, 1)
    assert figures.win_rate is None and figures.streak == figures.best_streak == 0
    assert figures.days[-1][1:] == (0, 0, 1), "today: neither won nor lost"
    assert not recorded.scores(), "no best result"
    driver.app.stack[1:] = []
    row = shown_in_history(driver, key)
    assert (SOLVED_BY_COMPUTER, ui.TEXT) in row.cells()
    driver.key(pygame.K_RETURN)                        # its replay, to the end
    replay = driver.app.top
    assert isinstance(replay, ReplayScene)
    driver.key(pygame.K_END)
    assert replay.frame.over and replay.frame.ending.title() == SOLVED_BY_COMPUTER


@pytest.mark.parametrize("key", SOLVERS)
def test_a_game_finished_by_hand_after_solve_is_won_with_help(driver, key):
    scene = start(driver, key, seed=6)
    ask_solve(driver, scene, "keyboard")
    driver.run_until(lambda: scene.session.moves_made >= 2, dt=1 / 30)
    driver.key(pygame.K_ESCAPE)                        # stops Solve: the player's turn
    assert not scene.solver.active and not scene.over and scene.solve_used
    for move in scene.board.solution():                    # the rest by hand
        scene.play(move)
    driver.until_result()
    result = driver.app.top.result
    assert (result.title, result.mood) == (SOLVED_BY_HAND, "neutral")
    assert result.notes == (help_note(["Solve"]),) == \
        ("Solve used in this game: not a best result.",)
    game = only_row()
    assert result_words(game) == (WON_WITH_HELP, ui.TEXT)
    figures = stats.figures(recorded.db(), "")
    assert (figures.won, figures.helped, figures.win_rate) == (0, 1, None)


def test_poggle_hints_are_help_a_plain_win_is_a_win_and_a_helped_one_no_streak(driver):
    from games.poggle import solver
    scene = start(driver, "poggle", seed=7)
    while not scene.over:                              # by the mouse, the solver's presses
        move = solver.hint(scene.state)
        driver.click(scene.board.view.layout.cell_rects[move.row][move.col].center)
        driver.settle()
    driver.until_result()
    assert driver.app.top.result.mood == "good" and driver.app.top.rank == 1
    driver.app.stack[1:] = []
    scene = start(driver, "poggle", seed=8)
    driver.pad(pygame.CONTROLLER_BUTTON_Y)             # a hint, by the pad
    assert scene.hints == 1
    for move in solver.solution_moves(scene.state):
        scene.play(move)
    driver.until_result()
    result = driver.app.top.result
    assert (result.title, result.mood) == (SOLVED_BY_HAND, "neutral")
    assert result.notes == ("1 hint used in this game: not a best result.",)
    figures = stats.figures(recorded.db(), "poggle")
    assert (figures.played, figures.won, figures.helped) == (2, 1, 1)
    assert (figures.win_rate, figures.streak, figures.best_streak) == (1.0, 1, 1)
    assert len(recorded.scores()["poggle/size=4,colours=3"]) == 1
    driver.app.stack[1:] = []
    screen = StatsScene(driver.app, "poggle")
    driver.app.push(screen)
    driver.frames()
    assert [g.won for g in screen.figures.groups] == [1]


# --- generated histories: the history's words and the statistics agree ----------------------

ROWS = st.lists(st.tuples(st.sampled_from(["kenken", "poggle", "nim"]),
                          st.sampled_from(["won", "lost", "draw"]), st.booleans(),
                          st.sampled_from(["", "computer", "human"]), st.booleans()),
                max_size=30)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=ROWS)
def test_the_history_marks_and_the_statistics_count_the_same_games(data_dir, rows):
    """Whatever the rows (puzzles won or lost, ranked or not, Solve ending them or not;
    games against the computer or two people), a game the history shows as won (in the
    winning colour) is a win of the statistics, one it shows as lost a loss, one it marks
    with help neither, and a win with help is no step of a streak."""
    try:
        kept = []
        for key, outcome, ranked, opponent, solve_ended in rows:
            one_player = key != "nim"
            opponent = "" if one_player else opponent or "computer"
            outcome = outcome if not one_player or outcome != "draw" else "won"
            ranked = ranked and one_player and outcome == "won"
            record = {"solved": 1, "solve_finished": 1} if solve_ended and one_player and \
                not ranked and outcome == "won" else {}
            recorded.db().record(history.Game(
                game=key, params="", game_id="", started="", finished=history.utc_text(),
                outcome=outcome, score=1, detail="", ranked=ranked, duration=1.0,
                opponent=opponent, level="low" if opponent == "computer" else "",
                record=record))
            kept.append((opponent, *history_result(outcome, opponent, ranked, record)))
        figures = stats.figures(recorded.db(), "")
        moods = [mood for _, _, mood in kept]
        helped = [words for _, words, _ in kept if words in (SOLVED_BY_COMPUTER, WON_WITH_HELP)]
        assert figures.won == moods.count("good") and figures.lost == moods.count("bad")
        assert figures.helped == len(helped)
        assert figures.played == len(rows)
        run = best = 0
        for opponent, words, mood in kept:
            if opponent == "human" or words in (SOLVED_BY_COMPUTER, WON_WITH_HELP):
                continue                   # no part of a streak
            run = run + 1 if mood == "good" else 0
            best = max(best, run)
        assert (figures.streak, figures.best_streak) == (run, best)
    finally:
        recorded.forget()
        for path in data_dir.glob(history.FILE + "*"):
            path.unlink()


# --- the status line says "Solving" exactly while Solve runs ---------------------------------

@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(SOLVERS), stop_after=st.one_of(st.none(), st.integers(0, 6)),
       seed=st.integers(1, 50))
def test_the_status_says_solving_exactly_while_solve_runs(driver, key, stop_after, seed):
    """Solve asked for, then stopped by a key after some of its moves or left to finish: at
    every frame the status line speaks of solving exactly while the computer is solving, and
    never once it has stopped or ended (a message used to stand four seconds longer)."""
    scene = start(driver, key, seed)
    ask_solve(driver, scene, "keyboard")
    for _ in range(2000):
        solving = "Solving" in scene.shown_words() or "solution" in scene.shown_words()
        assert solving == scene.solver.active, (scene.shown_words(), scene.solver.active)
        if stop_after is not None and scene.session.moves_made >= stop_after and \
                scene.solver.active:
            driver.key(pygame.K_RIGHT)                # any key stops it
            assert not scene.solver.active and "Solving" not in scene.shown_words()
            break
        if scene.over and not scene.solver.active:
            break
        driver.frames(1, dt=1 / 30)
    for _ in range(60):                               # the seconds after: nothing returns
        assert "Solving" not in scene.shown_words()
        driver.frames(1, dt=1 / 10)
    driver.app.stack[1:] = []
