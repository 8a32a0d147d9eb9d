"""The rules screens' pictures (games/core/kit/pictures.py, games/core/screens/diagrams.py).

The walker holds every game's pictures to the rules: each position a valid game ID of its
game, each change a legal move there, each anchor the opening of exactly one paragraph of the
game's rules, and every picture painted by the game's own painter within its box. The walker
itself is tried on generated pictures (right and wrong ones); the page's figures are placed
beside their words over generated pages; opening a rules screen paints only the pictures in
view, and a second opening paints none."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit import pictures, registry
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session
from games.core.screens import diagrams, page
from games.core.screens.overlays import HelpScene

GAMES = [info.key for info in registry.launcher_games()]
LEAST_ILLUSTRATED = 3      # paragraphs with a picture, in every game's rules


@pytest.mark.parametrize("key", GAMES)
def test_every_picture_is_a_real_position_and_every_change_a_legal_move(key):
    texts = pictures.paragraphs(registry.lookup(key).data.rules_text)
    found = pictures.pictures_of(key)
    assert found, f"{key} has no rules pictures"
    illustrated = {pictures.paragraph_of(texts, picture) for picture in found}
    assert len(illustrated) >= LEAST_ILLUSTRATED
    rules = registry.lookup(key).rules
    for picture in found:
        shown = pictures.shown(key, picture)
        assert not rules.status(shown.before).over or not picture.change, picture
        if picture.change:
            assert picture.change in {move.encode() for move in rules.legal_moves(shown.before)}
            assert shown.after == rules.apply_move(shown.before, shown.move)
        assert picture.caption, "every picture says what it shows"


@pytest.mark.parametrize("key", GAMES)
def test_every_picture_is_painted_by_its_game_within_its_box(driver, key):
    for height in (1080, 720):
        board = diagrams.board_size(key, height)
        for picture in pictures.pictures_of(key):
            image = diagrams.painted(key, picture, board)
            width = diagrams.figure_size(board, picture)[0]
            assert image.get_height() == board[1] and image.get_width() <= width
            assert pygame.mask.from_surface(image).count() > image.get_width() * 10, \
                "the picture shows something"


def test_ishido_edges_red_the_next_stone_that_fits_nowhere(driver):
    """The whole board and a stuck position show the next stone's slot; only where the stone
    fits nowhere (the game over, stones left) is it edged red."""
    from games.core.screens import ui
    from games.ishido import rules
    board = diagrams.board_size("ishido", 1080)
    for picture in pictures.pictures_of("ishido"):
        state = pictures.shown("ishido", picture).before
        red = pygame.mask.from_threshold(diagrams.painted("ishido", picture, board),
                                         (*ui.BAD, 255), (2, 2, 2, 255)).count()
        stuck = rules.status(state).over and rules.stones_left(state) > 0
        assert (red > 0) == stuck, picture.caption


def playout(key: str, seed: int, plies: int) -> tuple[str, tuple[str, ...], object]:
    """A game ID, legal moves played from it and the state they reach."""
    rng = random.Random(seed)
    session = Session.new(key, None, seed)
    moves: list[str] = []
    for _ in range(plies):
        legal = session.rules.legal_moves(session.state)
        if not legal or session.status.over:
            break
        move = rng.choice(legal).encode()
        session.apply(move)
        moves.append(move)
    return session.game_id, tuple(moves), session.state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["kono", "mu_torere", "nim", "poggle"]), st.integers(0, 10_000),
       st.integers(0, 12), st.data())
def test_the_walker_takes_legal_changes_and_refuses_the_rest(key, seed, plies, data):
    game_id, moves, state = playout(key, seed, plies)
    rules = registry.lookup(key).rules
    legal = [move.encode() for move in rules.legal_moves(state)]
    if legal and not rules.status(state).over:
        change = data.draw(st.sampled_from(legal))
        shown = pictures.shown(key, pictures.Picture("x", game_id, moves, change))
        assert shown.before == state and shown.after == rules.apply_move(state, shown.move)
    wrong = data.draw(st.sampled_from(["99-98", "0:99", "99,99", "nonsense"]))
    with pytest.raises(GameError):
        pictures.shown(key, pictures.Picture("x", game_id, moves, wrong))
    other = "kono" if key != "kono" else "nim"
    with pytest.raises(GameError):
        pictures.shown(other, pictures.Picture("x", game_id, moves))
    with pytest.raises(GameError):
        pictures.shown(key, pictures.Picture("x", game_id.rsplit(":", 1)[0] + "#5"))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text("ab ", min_size=1, max_size=12), min_size=1, max_size=6),
       st.text("ab ", max_size=6))
def test_an_anchor_names_exactly_one_paragraph(paragraphs, anchor):
    texts = pictures.paragraphs("\n\n".join(paragraphs))
    opening = [i for i, words in enumerate(texts) if words.startswith(anchor)]
    picture = pictures.Picture(anchor, "nim::3,4,5")
    if len(opening) == 1:
        assert pictures.paragraph_of(texts, picture) == opening[0]
    else:
        with pytest.raises(GameError):
            pictures.paragraph_of(texts, picture)


class Block:
    def __init__(self, height: int):
        self.height = height

    def draw(self, surface, x, y):
        return pygame.Rect(x, y, 10, self.height)


def figured_page(runs, view_height: int) -> tuple[page.Page, list[page.Figure]]:
    """Paragraphs of 40-pixel lines with a figure beside them (the run at least as tall as the
    figure, as diagrams lays them out) or in Room under them, between paragraph gaps."""
    blocks: list = []
    figures = []
    for lines, figure_height, beside in runs:
        first = len(blocks)
        blocks += [Block(40) for _ in range(lines)]
        if not beside:
            blocks.append(page.Gap())
            first = len(blocks)
            blocks.append(page.Room(figure_height))
        elif figure_height > 40 * lines:
            blocks.append(page.Gap(figure_height - 40 * lines))
        figures.append(page.Figure(first, len(blocks), (100, figure_height),
                                   lambda surface, rect: None))
        blocks.append(page.Gap())
    return page.Page(blocks, pygame.Rect(0, 0, 600, view_height), tuple(figures)), figures


runs = st.lists(st.tuples(st.integers(1, 12), st.integers(30, 400), st.booleans()),
                min_size=1, max_size=8)


@settings(max_examples=200, deadline=None)
@given(runs, st.integers(200, 800), st.data())
def test_a_figure_stays_beside_its_words_and_in_view_while_they_are(runs, view_height, data):
    """At every scroll position a figure is shown while any of its run is, never leaves its
    run's extent, and lies wholly in the view whenever the run's part in view is as tall as
    the figure."""
    text, figures = figured_page(runs, view_height)
    view = text.view
    text.scroll_to(data.draw(st.integers(0, len(text.blocks))))
    top = text.starts[text.top]
    placed = {id(figure): rect for rect, figure in text.figures_shown()}
    for figure in figures:
        start, end = text.starts[figure.first], text.starts[min(figure.end, len(text.blocks))]
        in_room = isinstance(text.blocks[figure.first], page.Room)
        bottom = top + view.height if in_room else text.starts[text.shown().stop]
        if end <= top or start >= bottom:
            assert id(figure) not in placed
            continue
        rect = placed[id(figure)]
        assert start - top <= rect.top - view.top and rect.bottom - view.top <= end - top
        if min(end, top + view.height) - max(start, top) >= rect.height:
            assert view.contains(rect)


@settings(max_examples=200, deadline=None)
@given(runs, st.integers(200, 800),
       st.lists(st.sampled_from(["line+", "line-", "page+", "page-", "home", "end"]),
                max_size=30))
def test_scrolling_never_cuts_a_figure_at_the_top_nor_passes_a_line_unseen(runs, view_height,
                                                                         keys):
    """Wherever the keys take the text, no figure reaches above the view (the lines low
    beside it are no resting places); Page Down from the top shows every line. Figures are
    at most the view's height less two lines, as diagrams makes them."""
    runs = [(lines, min(height, view_height - 80), beside) for lines, height, beside in runs]
    text, _ = figured_page(runs, view_height)
    for key in keys:
        verb, sign = key.rstrip("+-"), -1 if key.endswith("-") else 1
        if verb in ("line", "page"):
            (text.lines if verb == "line" else text.page)(sign)
        else:
            text.end(-1 if verb == "home" else 1)
        assert all(rect.top >= text.view.top for rect, _ in text.figures_shown())
    text.end(-1)
    seen = set(text.shown())
    while text.page(1):
        seen |= set(text.shown())
        assert all(rect.top >= text.view.top for rect, _ in text.figures_shown())
    lines = {i for i, block in enumerate(text.blocks) if isinstance(block, (Block, page.Room))}
    assert lines <= seen and text.top == text.last_top, "every line and every Room seen whole"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_rules_open_at_the_cost_of_their_text_then_paint_the_pictures_in_view(data_dir,
                                                                                  size):
    """The opening frame paints no picture (stand-ins show where they go); the steps after it
    paint those in view, one a frame, and the screen rests once they are; a second opening
    paints nothing; Page Down paints the pictures it brings into view."""
    from tests.driver import Driver
    driver = Driver(size=size)
    try:
        diagrams.PAINTED.clear()
        rules = HelpScene(driver.app, "kono")
        driver.app.push(rules)
        driver.frames()
        assert len(diagrams.PAINTED) == 0 and rules.page.pending
        driver.frames()
        assert len(diagrams.PAINTED) == 1, "one picture a frame"
        driver.frames(10)
        # The launcher beneath opens the history in the background: when that ends depends on
        # the machine, and its answer takes a frame; the rules screen's own rest does not.
        driver.app.jobs.wait_all()
        driver.frames(2)
        in_view = len(diagrams.PAINTED)
        assert in_view < len(pictures.pictures_of("kono"))
        assert not rules.page.pending and driver.app.rest_time() is not None
        driver.app.pop(rules)
        again = HelpScene(driver.app, "kono")
        driver.app.push(again)
        driver.frames(10)
        assert len(diagrams.PAINTED) == in_view, "a second opening paints nothing"
        driver.key(pygame.K_PAGEDOWN)
        driver.frames(10)
        assert len(diagrams.PAINTED) > in_view and not again.page.pending
    finally:
        driver.close()


def test_the_demo_turns_the_rules_pages_at_a_chosen_screen_size(tmp_path, capsys):
    """`demo GAME --rules` pages through the rules with a player's Page Down; --screen saves
    the screenshot as a screen of that size shows it."""
    import json

    from games.core.cli.commands import main
    shot = tmp_path / "rules.png"
    assert main(["demo", "ishido", "--rules", "--screen", "1280x720", "--frames", "400",
                 "--every", "10", "--screenshot", str(shot)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    texts = pictures.paragraphs(registry.lookup("ishido").data.rules_text)
    illustrated = {pictures.paragraph_of(texts, p) for p in pictures.pictures_of("ishido")}
    assert report["rules_pictures"] == len(illustrated), "a figure for each such paragraph"
    assert report["rules_at_end"] is True
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert main(["demo", "ishido", "--rules", "--frames", "1"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["rules_at_end"] is False
    for wrong, told in ((["--rules"], "--rules needs a GAME"),
                        (["nim", "--rules", "--lesson"], "choose one"),
                        (["nim", "--rules", "--screen", "1280x7200"], "not a screen size")):
        assert main(["demo", *wrong, "--frames", "5"]) == 2
        assert told in capsys.readouterr().err
