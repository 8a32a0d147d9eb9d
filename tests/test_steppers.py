"""Every stepper steps back on "<" and forward on ">", the same way on every screen.

One widget (ui.Stepper) owns its arrows, its keys, its mouse hit areas and its pad input; the
arrows stop at the ends (dimmed there), and Enter or A takes the next value round to the
first. Checked two ways: the widget alone over generated rows (hypothesis), and every stepper
of every setup screen, of Settings and of every Options panel through the real loop with
clicks, keys and the gamepad."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from games.core.kit import registry
from games.core.screens import ui
from games.core.screens.menus import SetupScene
from games.core.screens.overlays import SettingsScene
from games.core.screens.widgets import OptionsOverlay


def allowed_toward(values, skip, index, step):
    """The model: the nearest index that way whose value is not skipped, else stay."""
    other = index + step
    while 0 <= other < len(values):
        if not skip(values[other]):
            return other
        other += step
    return index


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.just(n), st.sets(st.integers(0, n - 1), max_size=n - 1), st.integers(0, n - 1),
    st.lists(st.sampled_from(["<", ">", "enter", "click"]), max_size=30))))
def test_the_stepper_steps_back_and_forward_and_stops_at_the_ends(case):
    count, skipped, start, presses = case
    pygame.font.init()          # the widget measures its words (no window needed)
    values = list(range(count))
    start = next(i for i in [start, *values] if i not in skipped)
    changes = []
    stepper = ui.Stepper((100, 100, 800, 84), "Row", [(v, f"v{v}") for v in values], start,
                         changes.append, skip=lambda value: value in skipped)
    index = start
    for press in presses:
        before = len(changes)
        if press in "<>":
            step = -1 if press == "<" else 1
            expected = allowed_toward(values, stepper.skip, index, step)
            zone = stepper.back_zone() if step < 0 else stepper.forward_zone()
            stepper.press(zone.center)
        else:
            expected = next((index + k) % count for k in range(1, count + 1)
                            if (index + k) % count not in skipped)
            if press == "enter":
                stepper.activate()
            else:
                stepper.press((stepper.rect.left + 30, stepper.rect.centery))   # its words
        assert stepper.index == expected, (press, index)
        assert changes[before:] == ([values[expected]] if expected != index else [])
        index = expected


def test_the_arrows_hit_areas_are_apart_and_inside_the_row():
    pygame.font.init()
    stepper = ui.Stepper((120, 250, 820, 84), "Difficulty", ((1, "Easy"), (2, "Expert")))
    back, value, forward = stepper.back_zone(), stepper.value_zone(), stepper.forward_zone()
    assert stepper.rect.contains(back) and stepper.rect.contains(forward)
    assert back.right <= value.left and value.right <= forward.left
    before = back.copy()
    stepper.adjust(1)                     # the arrows stay put whatever the value
    assert stepper.back_zone() == before


# --- every stepper on every screen, through the real loop ------------------------------------

def screens():
    yield "settings", None
    for info in registry.launcher_games():
        yield "setup", info.key
    for info in registry.launcher_games():
        if info.players == 2:                      # a two-player game's Options panel
            yield "options", info.key


def open_screen(driver, kind, key):
    if kind == "settings":
        return driver.app.push(SettingsScene(driver.app))
    if kind == "setup":
        return driver.app.push(SetupScene(driver.app, key))
    scene = driver.start(key)
    driver.settle()
    scene.versus.open_options()
    driver.settle()
    assert isinstance(driver.app.top, OptionsOverlay)
    return driver.app.top


def stepper_names(screen) -> list:
    """A name for each stepper, good across rebuilds: an Options panel rebuilds its rows after
    every change (a row may come or go), so it is found by the row's name there."""
    if isinstance(screen, OptionsOverlay):
        return [name for name, widget in zip(screen.names, screen.menu.widgets)
                if isinstance(widget, ui.Stepper)]
    return [i for i, widget in enumerate(screen.menu.widgets) if isinstance(widget, ui.Stepper)]


def stepper(screen, name) -> ui.Stepper:
    if isinstance(screen, OptionsOverlay):
        return screen.widget(name)
    return screen.menu.widgets[name]


def stick(driver, value: int) -> None:
    """Push the left stick sideways and let it go."""
    driver.pad_axis(pygame.CONTROLLER_AXIS_LEFTX, value)
    driver.pad_axis(pygame.CONTROLLER_AXIS_LEFTX, 0)


def values_of(row: ui.Stepper) -> list:
    return [value for value, _ in row.options]


@pytest.mark.parametrize("kind,key", list(screens()))
def test_every_stepper_steps_back_on_its_left_arrow_and_forward_on_its_right(driver, kind, key):
    screen = open_screen(driver, kind, key)
    names = stepper_names(screen)
    assert names, f"{kind} {key} has no steppers"
    for name in names:
        row = stepper(screen, name)
        values = values_of(row)
        # Mouse: "<" down to the first allowed value, then ">" up to the last, one at a time;
        # at each end the arrow stays where it is.
        for step in (-1, 1):
            for _ in range(len(values) + 1):
                row = stepper(screen, name)
                expected = allowed_toward(values, row.skip, row.index, step)
                zone = row.back_zone() if step < 0 else row.forward_zone()
                driver.click(zone.center)
                assert driver.app.top is screen, f"{kind} {key} {name}: the click left"
                assert stepper(screen, name).index == expected, \
                    f"{kind} {key} {name}: {'<' if step < 0 else '>'} from {values[row.index]!r}"
        # Keyboard and gamepad (d-pad, stick): Left steps back and Right forward, as the
        # arrows do.
        screen.menu.focus = screen.menu.widgets.index(stepper(screen, name))
        for press, step in ((lambda: driver.key(pygame.K_LEFT), -1),
                            (lambda: driver.key(pygame.K_RIGHT), 1),
                            (lambda: driver.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT), -1),
                            (lambda: driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT), 1),
                            (lambda: stick(driver, -32767), -1),
                            (lambda: stick(driver, 32767), 1)):
            row = stepper(screen, name)
            expected = allowed_toward(values, row.skip, row.index, step)
            press()
            assert stepper(screen, name).index == expected, f"{kind} {key} {name}: {step}"
            assert screen.menu.widgets[screen.menu.focus] is stepper(screen, name)
