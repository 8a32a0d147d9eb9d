"""The review of a finished two-player game through the real loop (tests/driver.py): opened
from the history and from the result screen, stepped to the end and back, jumped by the graph
and by the turning points, closed with Esc, by the mouse, the keyboard and a gamepad; its text
fits and nothing covers anything, for each game."""
from __future__ import annotations

import pygame
import pytest

from games.core.data import history
from games.core.kit import registry
from games.core.kit.levels import preference
from games.core.kit.session import Session
from games.core.screens import ui
from games.core.screens.menus import ResultScene
from games.core.screens.review import ReviewScene
from games.core.screens.stats import GameRow, HistoryScene
from tests import recorded

PAD_A, PAD_B, PAD_X, PAD_LB, PAD_RB, PAD_LEFT, PAD_RIGHT = 0, 1, 2, 9, 10, 13, 14
TWO_PLAYER = ("mu_torere", "kono", "nim")


def blundered_game(key: str, seed: int = 4, length: int = 14) -> tuple[str, list[str], int]:
    """(game ID, moves, the blunder's index): best play, one move that loses value, best play
    again (a game the solver says has exactly that one turning point)."""
    rules, ai = registry.lookup(key).rules, registry.lookup(key).parts().versus.analysis
    session = Session.new(key, None, seed)
    state, moves, blunder = session.state, [], -1
    while len(moves) < length and not rules.status(state).over:
        grades = ai.graded_moves(state)
        worse = [g for g in grades
                 if preference(g.value, None)[0] > preference(grades[0].value, None)[0]]
        move = worse[0].move if worse and blunder < 0 and len(moves) >= 2 else grades[0].move
        if move is not grades[0].move:
            blunder = len(moves)
        moves.append(move.encode())
        state = rules.apply_move(state, move)
    assert blunder >= 0
    return session.game_id, moves, blunder


def record(key: str, game_id: str, moves: list[str]) -> None:
    recorded.db().record(history.Game(
        game=key, params=Session.from_id(game_id).params.encode(), game_id=game_id,
        started=history.utc_text(), finished=history.utc_text(), outcome="won", score=0,
        detail="", ranked=False, duration=60.0, moves=tuple(moves), opponent="human"))


def opened_history(driver, key: str = "") -> HistoryScene:
    driver.app.jobs.wait_all()
    driver.frames(2)
    driver.app.push(HistoryScene(driver.app, key))
    driver.frames()
    return driver.app.top


def graded(driver) -> ReviewScene:
    review = driver.app.top
    assert isinstance(review, ReviewScene)
    driver.app.jobs.wait_all()
    driver.frames(2)
    assert review.graded is not None
    return review


def button(scene, words: str) -> ui.Button:
    return next(w for w in scene.menu.widgets if isinstance(w, ui.Button) and w.words == words)


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_review_by_keyboard_steps_both_ways_and_marks_the_blunder(driver, key):
    game_id, moves, blunder = blundered_game(key)
    record(key, game_id, moves)
    listing = opened_history(driver)
    assert isinstance(listing.menu.widgets[0], GameRow) and listing.menu.widgets[0].reviewable
    driver.key(pygame.K_RETURN)
    review = graded(driver)
    assert review.position == 0 and review.turning_points() == [blunder]
    driver.key(pygame.K_RIGHT, times=3)
    driver.settle()
    expected = Session.from_id(game_id)
    for text in moves[:3]:
        expected.apply(text)
    assert review.frame.state == expected.state, "the board shows the position stepped to"
    driver.key(pygame.K_LEFT)
    assert review.position == 2
    driver.key(pygame.K_END)
    assert review.position == len(moves)
    for text in moves[3:]:
        expected.apply(text)
    assert review.frame.state == expected.state
    driver.key(pygame.K_HOME)
    assert review.position == 0 and review.frame.state == expected.initial
    driver.key(pygame.K_TAB)                        # the next turning point: just before it
    assert review.position == blunder
    assert review.coming() is not None and review.coming().best is not None
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is listing


def test_review_by_mouse_buttons_and_the_graph(driver):
    game_id, moves, blunder = blundered_game("kono")
    record("kono", game_id, moves)
    listing = opened_history(driver, "kono")
    row = listing.menu.widgets[0]
    driver.click(row.review_rect().center)
    review = graded(driver)
    driver.click(button(review, "Forward").rect.center)
    driver.click(button(review, "Forward").rect.center)
    assert review.position == 2
    driver.click(button(review, "Back").rect.center)
    assert review.position == 1
    driver.click(button(review, "End").rect.center)
    assert review.position == len(moves)
    assert not button(review, "End").enabled and not button(review, "Forward").enabled
    for target in (blunder + 1, 0, len(moves) // 2):
        driver.click((review.graph_x(target), review.plot().centery))
        assert review.position == target
    driver.click(button(review, "Start").rect.center)
    assert review.position == 0
    driver.click(button(review, "Next turning point").rect.center)
    assert review.position == blunder
    driver.click(button(review, "Close").rect.center)
    assert driver.app.top is listing


def test_review_by_pad(driver):
    game_id, moves, blunder = blundered_game("nim")
    record("nim", game_id, moves)
    opened_history(driver)
    driver.pad(PAD_A)
    review = graded(driver)
    driver.pad(PAD_RIGHT, times=2)
    assert review.position == 2
    driver.pad(PAD_LEFT)
    assert review.position == 1
    driver.pad(PAD_RB)
    assert review.position == len(moves)
    driver.pad(PAD_LB)
    assert review.position == 0
    driver.pad(PAD_B)
    assert isinstance(driver.app.top, HistoryScene)


def test_pad_x_on_a_reviewable_row_still_plays_the_deal_again(driver):
    from games.core.screens.question import ConfirmScene
    game_id, moves, _ = blundered_game("mu_torere")
    record("mu_torere", game_id, moves)
    opened_history(driver)
    driver.pad(PAD_X)
    assert isinstance(driver.app.top, ConfirmScene)


def test_a_game_whose_moves_no_longer_replay_is_said_so_and_nothing_opens(driver):
    game_id, moves, _ = blundered_game("nim")
    record("nim", game_id, [*moves[:2], "9:9"])     # no heap 9: the rules refuse it
    listing = opened_history(driver)
    driver.key(pygame.K_RETURN)
    assert driver.app.top is listing and "cannot be reviewed" in listing.problem


def test_the_result_screen_of_a_two_player_game_opens_its_review(driver):
    scene = driver.start("nim", None, seed=2, play_options={"opponent": "human"})
    rules = registry.lookup("nim").rules
    while not scene.over:
        scene.play(rules.legal_moves(scene.state)[0])
        driver.settle()
    driver.until_result()
    result = driver.app.top
    assert isinstance(result, ResultScene)
    driver.click(button(result, "Review the game").rect.center)
    review = graded(driver)
    assert review.end == scene.session.moves_made
    driver.key(pygame.K_END)
    assert review.frame.state == scene.state
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is result


def test_one_player_result_screens_offer_no_review(driver):
    scene = driver.start("poggle", None, seed=3)
    session = scene.session
    scene.app.push(ResultScene(driver.app, scene))
    assert all(w.words != "Review the game" for w in driver.app.top.menu.widgets)
    assert session.key == "poggle"


@pytest.mark.parametrize("key", TWO_PLAYER)
def test_review_text_stays_on_screen_and_never_overlaps(driver, drawn_labels, key):
    """At the start, before the blunder (its best move shown), and at the end: every label of
    the review's own panel, graph and title is on the screen and covers no other."""
    game_id, moves, blunder = blundered_game(key, seed=9, length=30)
    review = ReviewScene(driver.app, key, game_id, moves)
    driver.app.push(review)
    graded(driver)
    for position in (0, blunder, len(moves)):
        review.go_to(position)
        drawn_labels.clear()
        target = pygame.Surface(driver.app.size)
        review.draw(target)      # the board's own labels go on its picture, not the screen
        own = [(words, rect) for surface, words, rect in drawn_labels if surface is target]
        screen = pygame.Rect((0, 0), driver.app.size)
        for n, (words, rect) in enumerate(own):
            assert screen.contains(rect), words
            for other, second in own[n + 1:]:
                assert not rect.colliderect(second), (words, other)
        assert len(own) > 8
