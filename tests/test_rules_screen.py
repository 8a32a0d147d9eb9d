"""Every game's rules screen scrolls, fits and shows every line, its pictures beside its words.

The text scrolls by whole lines (screens/page.py), so no line is ever cut at the view's edges.
Checked two ways: the Page alone over generated texts and views (hypothesis), and every game's
rules screen through the real loop, in a 1920x1080 and a 1280x720 picture, with the keyboard,
the mouse (wheel, scroll bar, a click to leave) and the gamepad (d-pad, stick, triggers)."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit import registry
from games.core.screens import page, ui
from games.core.screens.launcher import LauncherScene
from games.core.screens.overlays import HelpScene
from tests.driver import Driver

GAMES = [info.key for info in registry.launcher_games()]
SIZES = ((1920, 1080), (1280, 720))
LEGIBLE_PIXELS = 13      # as tests/test_text_fit.py: the least text height that reads well


class Block:
    """A stand-in block of a given height (the Page needs only heights and draw)."""

    def __init__(self, height: int):
        self.height = height

    def draw(self, surface, x, y):
        return pygame.Rect(x, y, 10, self.height)


blocks = st.lists(st.one_of(st.integers(20, 120).map(Block), st.integers(120, 1200).map(Block),
                            st.integers(4, 30).map(page.Gap)), min_size=1, max_size=60)


def lines_of(text: page.Page) -> set[int]:
    return {i for i, block in enumerate(text.blocks) if not isinstance(block, page.Gap)}


def inside(text: page.Page, top: int) -> bool:
    """Every block shown from `top` lies wholly in the view, or it is one block taller than
    the view shown alone."""
    shown = text.shown(top)
    if len(shown) == 1 and text.blocks[top].height > text.view.height:
        return True
    return all(text.starts[i + 1] - text.starts[top] <= text.view.height for i in shown)


@settings(max_examples=300, deadline=None)
@given(blocks, st.integers(130, 900),
       st.lists(st.sampled_from(["line+", "line-", "wheel+", "wheel-", "page+", "page-",
                                 "home", "end"]), max_size=25))
def test_a_page_scrolls_by_whole_lines_within_its_ends(content, view_height, keys):
    text = page.Page(content, pygame.Rect(0, 0, 600, view_height))
    for key in keys:
        verb, sign = key.rstrip("+-"), -1 if key.endswith("-") else 1
        before = text.top
        if verb in ("line", "wheel"):
            text.lines(sign * (page.WHEEL_LINES if verb == "wheel" else 1))
        elif verb == "page":
            text.page(sign)
        else:
            text.end(-1 if verb == "home" else 1)
        assert 0 <= text.top <= text.last_top and inside(text, text.top)
        assert text.top == 0 or not isinstance(text.blocks[text.top], page.Gap)
        if verb in ("line", "wheel", "page"):        # the way asked, or not at all at an end
            assert (text.top - before) * sign > 0 or text.top == before
            assert text.top != before or before in (0, text.last_top)
    text.end(1)
    assert text.shown().stop == len(text.blocks), "End shows the last block"
    # Page Down from the top shows every line on the way to the end.
    text.end(-1)
    seen = set(text.shown())
    for _ in range(len(text.blocks)):
        if not text.page(1):
            break
        seen |= set(text.shown())
    assert lines_of(text) <= seen and text.top == text.last_top


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized(request, data_dir):
    driver = Driver(size=request.param)
    yield driver
    driver.close()


def open_rules(driver, key) -> HelpScene:
    """F1 on the game's card in the launcher."""
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    launcher.menu.focus = next(i for i, w in enumerate(launcher.menu.widgets)
                               if getattr(getattr(w, "info", None), "key", None) == key)
    driver.key(pygame.K_F1)
    rules = driver.app.top
    assert isinstance(rules, HelpScene) and rules.key == key
    return rules


def check_drawn(driver, rules: HelpScene) -> None:
    """Every line shown lies wholly in the view, and nothing of the text shows outside it:
    with the view, the scroll bar, the title and the footer painted over, the screen is
    bare."""
    screen = driver.app.screen
    driver.app.draw(screen)
    view = rules.view
    drawn = rules.page.draw(screen.copy())
    for rect in drawn:
        assert view.contains(rect) or rect.width == 0, (rect, view)
    figures = [rect for rect, _ in rules.page.figures_shown()]
    for line in drawn[:len(rules.page.shown())]:
        assert line.collidelist(figures) == -1, "a picture covers words"
    width, height = driver.app.size
    bare = screen.copy()
    for area in (view, rules.page.track(), (0, 0, width, view.top - 30),
                 (0, height - 110, width, 110)):
        bare.fill(ui.BG, area)
    same = pygame.mask.from_threshold(bare, ui.BG, (1, 1, 1, 255))
    assert same.count() == width * height, "something drawn outside the view"


@pytest.mark.parametrize("key", GAMES)
def test_every_rules_screen_scrolls_to_every_line_and_draws_only_in_its_view(sized, key):
    driver = sized
    rules = open_rules(driver, key)
    text = rules.page
    # Drawn at a fixed size in the picture; in a 1280x720 window it shows this many pixels:
    smallest = min(block.size for block in text.blocks if isinstance(block, page.Line))
    assert smallest * 720 / driver.app.size[1] >= LEGIBLE_PIXELS
    check_drawn(driver, rules)
    if driver.app.size == (1280, 720) or text.scrolls:
        assert text.scrolls, f"{key}'s rules fit a 1280x720 view: no scroll to test"
        driver.key(pygame.K_PAGEDOWN)
        assert text.top > 0, "Page Down moves the text"
    driver.key(pygame.K_HOME)
    assert text.top == 0
    seen = set(text.shown())
    for _ in range(len(text.blocks)):          # Page Down, page after page, to the end
        top = text.top
        driver.key(pygame.K_PAGEDOWN)
        seen |= set(text.shown())
        check_drawn(driver, rules)
        if text.top == top:
            break
    assert lines_of(text) <= seen, "every line of the text comes into view"
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_END)
    assert text.shown().stop == len(text.blocks), "End shows the last line"
    check_drawn(driver, rules)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, LauncherScene)


@pytest.mark.parametrize("key", ["ishido", "kono"])
def test_the_rules_scroll_with_the_mouse_and_the_gamepad(driver, key):
    rules = open_rules(driver, key)
    text = rules.page
    driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    driver.frames()
    passed = [i for i in range(text.top) if text.stops[i]]
    assert len(passed) == page.WHEEL_LINES, "a notch of the wheel scrolls three lines (the " \
        "lines low beside a picture, which it would cut at the top, are passed over)"
    after_wheel = text.top
    driver.key(pygame.K_UP, times=3)
    assert text.top == 0
    driver.key(pygame.K_DOWN)
    first = text.top
    assert 0 < first < after_wheel or after_wheel == first
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert text.top > first, "the d-pad scrolls"
    moved = text.top
    driver.pad_axis(pygame.CONTROLLER_AXIS_LEFTY, 32767)
    driver.pad_axis(pygame.CONTROLLER_AXIS_LEFTY, 0)
    assert text.top > moved, "the stick scrolls"
    moved = text.top
    driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
    driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
    assert text.top > moved + 3, "a trigger turns a page"
    paged = text.top
    driver.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert text.top < paged, "Shift+Tab (and the left trigger) turn a page back"
    # The scroll bar: its thumb dragged to the bottom reaches the end; a click on the track
    # above the thumb turns a page back; a click on the text goes back.
    driver.key(pygame.K_HOME)
    thumb = text.thumb()
    driver.drag(thumb.center, (thumb.centerx, text.track().bottom + 200))
    assert text.top == text.last_top and not text.dragging
    driver.click((text.track().centerx, text.track().top + 5))
    assert 0 <= text.top < text.last_top and driver.app.top is rules
    driver.click(rules.view.center)
    assert isinstance(driver.app.top, LauncherScene)
