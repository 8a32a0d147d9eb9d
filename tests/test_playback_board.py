"""The board a Review or a Replay shows is the game's whole picture at that position: in every
game, at the start, the middle and the end of generated games, the panel's board matches the
game's own frame of the same position (drawn afresh by the same looking-only scene, calm parts
and moving ones), and is no empty box. Before the fix the panel drew only what moves over a
scene's Backdrop: a blank box in five games, one stone in Ishido, tiles without clues in
DeducTile."""
from __future__ import annotations

import random

import numpy
import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history
from games.core.kit import registry
from games.core.kit.session import Session
from games.core.screens import ui
from games.core.screens.frame import Frame
from games.core.screens.modes import LOOK
from games.core.screens.playback import Playback
from games.core.screens.replay import ReplayScene
from games.core.screens.review import BOARD_OPTIONS, ReviewScene

KEYS = registry.KEYS
SETTLE = 6.0            # seconds of frames: every animation of a step or a jump has landed


def generated_game(key: str, seed: int, length: int) -> tuple[str, list[str]]:
    """A game ID and up to `length` random legal moves from its start (fewer if it ends)."""
    rules, rng = registry.lookup(key).rules, random.Random(seed)
    session = Session.new(key, None, seed)
    moves: list[str] = []
    while len(moves) < length and not session.status.over:
        text = rng.choice(rules.legal_moves(session.state)).encode()
        session.apply(text)
        moves.append(text)
    return session.game_id, moves


def opened(driver, key: str, game_id: str, moves: list[str]) -> Playback:
    """The Replay (a puzzle) or the Review (a two-player game) of that game, on top."""
    if registry.lookup(key).players == 1:
        session = Session.from_id(game_id)
        scene: Playback = ReplayScene(driver.app, history.Game(
            game=key, params=session.params.encode(), game_id=game_id,
            started=history.utc_text(), finished=history.utc_text(), outcome="won", score=0,
            detail="", ranked=False, duration=float(len(moves)), moves=tuple(moves),
            times=tuple(float(n) for n in range(1, len(moves) + 1)), record={}))
    else:
        scene = ReviewScene(driver.app, key, game_id, moves)
    driver.app.push(scene)
    driver.app.jobs.wait_all()
    driver.frames(2)
    return scene


def rest(scene, seconds: float = SETTLE) -> None:
    """Let the scene's animations land, as frames do (1/60 s at a time)."""
    for _ in range(round(seconds * 60)):
        scene.update(1 / 60)


def reference(driver, playback: Playback, key: str, game_id: str, moves: list[str]):
    """The same position on a fresh looking-only scene of the game, its whole frame drawn
    (as in play), scaled to the panel's board box as the panel scales it."""
    session = Session.from_id(game_id)
    for text in moves[:playback.position]:
        session.apply(text)
    if registry.lookup(key).players == 1:
        board = Frame(driver.app, session, {}, mode=LOOK)
        session.elapsed = playback.session.elapsed
    else:
        board = Frame(driver.app, session, dict(BOARD_OPTIONS), mode=LOOK)
    rest(board)
    canvas = pygame.Surface(driver.app.size)
    board.draw(canvas)
    box = playback.layout.board
    return pygame.transform.smoothscale(canvas.subsurface(playback.layout.content), box.size)


def panel_board(driver, playback: Playback) -> pygame.Surface:
    surface = pygame.Surface(driver.app.size)
    playback.draw(surface)
    return surface.subsurface(playback.layout.board).copy()


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels (inside a 4-pixel margin, for the panel's frame) that differ
    visibly between two pictures of the same size."""
    x = pygame.surfarray.pixels3d(a)[4:-4, 4:-4].astype(int)
    y = pygame.surfarray.pixels3d(b)[4:-4, 4:-4].astype(int)
    return float((numpy.abs(x - y).max(axis=2) > 48).mean())


def inked(picture: pygame.Surface) -> float:
    """The share of the picture's pixels that are not the background."""
    pixels = pygame.surfarray.pixels3d(picture)[4:-4, 4:-4].astype(int)
    return float((numpy.abs(pixels - numpy.array(ui.BG)).max(axis=2) > 24).mean())


def check_positions(driver, key: str, game_id: str, moves: list[str]) -> None:
    playback = opened(driver, key, game_id, moves)
    for position in sorted({0, playback.end // 2, playback.end}):
        # stepped there one move at a time, both ways, as a player steps
        while playback.position != position:
            playback.step(1 if position > playback.position else -1)
        rest(playback)
        shown = panel_board(driver, playback)
        expected = reference(driver, playback, key, game_id, moves)
        assert inked(expected) > 0.01, "the game's own frame shows a board"
        assert inked(shown) > 0.9 * inked(expected), \
            f"{key} at move {position}: the board box is (nearly) empty"
        share = differing(shown, expected)
        assert share < 0.01, \
            f"{key} at move {position}: {share:.1%} of the board differs from the game's frame"
    playback.close()
    driver.frames()


@pytest.mark.parametrize("key", KEYS)
def test_the_board_at_rest_shows_at_start_middle_and_end(driver, key):
    game_id, moves = generated_game(key, seed=7, length=24)
    check_positions(driver, key, game_id, moves)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), seed=st.integers(0, 10_000), length=st.integers(1, 40))
def test_generated_games_show_their_board_in_review_and_replay(driver, key, seed, length):
    game_id, moves = generated_game(key, seed, length)
    check_positions(driver, key, game_id, moves)
