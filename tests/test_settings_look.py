"""The settings players expect (issue 20): the palette, the text size, the computer's pace and
the clock in timed games. Each is reached on the Settings screen with the mouse, the keyboard
and the gamepad, kept in the settings file, and used everywhere it applies.

The palette's colours are checked as a person sees them: every pair of colours a game needs
told apart is compared in CIELAB, with normal vision and (for the colour-blind safe palette)
as simulated for protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes
2009, severity 1)."""
import itertools

import pygame
import pytest

from games.core.data.store import Store
from games.core.kit import registry
from games.core.kit.levels import DRAW, LOSS, WIN
from games.core.loop import assets, palette
from games.core.screens import hud, ui
from games.core.screens.hud import HUD_HEIGHT, TOOLBAR_HEIGHT
from games.core.screens.overlays import SettingsScene
from games.mu_torere import info as mu_info
from sprites import deductile, ishido, kenken, mu_torere, nim, poggle

PALETTES = (palette.STANDARD, palette.SAFE)
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
APART = 20          # CIE76 distance between colours told apart with normal vision ...
APART_CVD = 15      # ... and as seen with a colour-vision deficiency (safe palette)
store = Store(lambda message: None)   # the test's own hand on the data folder


@pytest.fixture(autouse=True)
def standard_look():
    """The palette and text size are the frame's for the drawing: back to the defaults."""
    yield
    palette.use({})
    assets.set_text_size("normal")


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(colour, vision=None):
    r, g, b = (linear(c) for c in colour[:3])
    if vision is not None:
        m = SIMULATIONS[vision]
        r, g, b = (min(1.0, max(0.0, m[i][0] * r + m[i][1] * g + m[i][2] * b)) for i in range(3))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a, b, vision=None) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a, vision), lab(b, vision))) ** 0.5


def luminance(colour) -> float:
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def told_apart(scheme: str) -> dict[str, tuple]:
    """Every game's colours that carry meaning in a palette, by what they tell apart."""
    return {
        "ishido: the six stone colours": ishido.PALETTES[scheme],
        "poggle: the colour cycle": poggle.PALETTES[scheme],
        "deductile: the six tile colours": tuple(deductile.PALETTES[scheme].values()),
        "mu_torere: the eight piece colours": tuple(
            mu_torere.SAFE_COLOURS[name] if scheme == palette.SAFE else colour
            for name, (_, colour) in mu_info.COLOURS.items()),
        "nim: counters at rest, to take and hinted": tuple(
            nim.TONES[scheme][tone][2] for tone in ("stone", "take", "hint")),
        "nim: the two sides": tuple(nim.TONES[scheme][tone][2] for tone in ("left", "right")),
        "kono, mu_torere, nim: win, draw and loss": tuple(palette.GRADES[scheme].values()),
        "kenken: a hint's cells and a mistake's": (kenken.MARKS[scheme].paper_hint,
                                                   kenken.MARKS[scheme].paper_bad,
                                                   kenken.PAPER),
        "kenken: a wrong digit and a digit": (kenken.MARKS[scheme].bad_ink, kenken.DIGIT_INK),
        "kenken: a highlighted cell, a hint's, a mistake's and a plain one": (
            kenken.MARKS[scheme].paper_lit, kenken.MARKS[scheme].paper_hint,
            kenken.MARKS[scheme].paper_bad, kenken.PAPER),
        "kenken: a highlighted candidate and a candidate": (kenken.LIT_INK, kenken.MARK_INK),
    }


def test_the_simulation_keeps_greys_and_loses_red_green():
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        for vision in SIMULATIONS:
            assert distance(grey, grey, vision) == 0
            assert distance(grey, (grey[0],) * 3) < 1
    red, green = (200, 60, 50), (60, 140, 50)
    assert distance(red, green) > 50 and distance(red, green, "deuteranopia") < 20


@pytest.mark.parametrize("scheme", PALETTES)
def test_every_colour_a_game_tells_apart_is_distinct(scheme):
    assert set(told_apart(scheme)) == set(told_apart(palette.STANDARD))
    visions = [None] + (list(SIMULATIONS) if scheme == palette.SAFE else [])
    for what, colours in told_apart(scheme).items():
        assert len(colours) >= 2, what
        for (a, b), vision in itertools.product(itertools.combinations(colours, 2), visions):
            least = APART if vision is None else APART_CVD
            assert distance(a, b, vision) >= least, (scheme, what, a, b, vision)


def test_the_safe_palette_is_safer_where_the_standard_one_is_weak():
    """The reason for the setting: somewhere the standard colours merge for a colour-blind
    player, and the safe palette's do not."""
    def worst(scheme):
        return min(distance(a, b, vision) for colours in told_apart(scheme).values()
                   for a, b in itertools.combinations(colours, 2) for vision in SIMULATIONS)
    assert worst(palette.STANDARD) < APART_CVD <= worst(palette.SAFE)


@pytest.mark.parametrize("scheme", PALETTES)
def test_words_and_marks_stand_out_on_the_colours(scheme):
    """Words 4.5:1, marks and symbols 3:1 (WCAG 2.1, 1.4.3 and 1.4.11)."""
    for colour in poggle.PALETTES[scheme][1:]:
        assert contrast(poggle.INK, colour) >= 3, ("poggle's pips", colour)
    for value in (WIN, DRAW, LOSS):
        assert contrast(hud.INK, palette.GRADES[scheme][value]) >= 4.5, ("grade chip", value)
    marks = kenken.MARKS[scheme]
    for paper in (kenken.PAPER, marks.paper_hint, marks.paper_bad, kenken.PAPER_SELECTED,
                  marks.paper_lit):
        for ink in (marks.bad_ink, marks.hint_ink, kenken.DIGIT_INK, kenken.CLUE_INK,
                    kenken.LIT_INK):
            assert contrast(ink, paper) >= 4.5, ("kenken", ink, paper)
    for colour in ishido.PALETTES[scheme]:   # the symbol (a graphic): ivory with a dark rim
        assert max(contrast(ishido.INK, colour), contrast(ishido.RIM, colour)) >= 3
    colours = told_apart(scheme)["mu_torere: the eight piece colours"]
    for colour in colours:   # the second side's dot
        assert contrast(mu_torere.mark_ink(colour), colour) >= 3, colour
    for side in ("left", "right"):
        tone = nim.TONES[scheme][side]
        assert contrast(tone[4], tone[2]) >= 3, side


def board_pixels(driver, scene) -> bytes:
    driver.app.draw(driver.app.screen)
    area = pygame.Rect(0, HUD_HEIGHT, driver.app.size[0],
                       driver.app.size[1] - HUD_HEIGHT - TOOLBAR_HEIGHT)
    return pygame.image.tobytes(driver.app.screen.subsurface(area), "RGB")


@pytest.mark.parametrize("key", registry.KEYS)
def test_changing_the_palette_changes_what_is_drawn(driver, key):
    """On the Settings screen, over a game, with the keyboard: the game's pieces (or its
    hint's marks) are drawn in the other palette as soon as the screen closes."""
    scene = driver.start(key, seed=2)
    driver.key(pygame.K_h)                        # the hint: its marks are coloured too
    driver.run_until(lambda: not scene.tweens.busy and not scene.app.jobs.running(),
                     dt=1 / 60)
    driver.settle()
    before = board_pixels(driver, scene)
    driver.click(scene.toolbar.widgets[0].rect.center)    # the pause menu ...
    menu = driver.app.top
    settings_at = next(i for i, button in enumerate(menu.menu.widgets)
                       if button.words == "Settings")
    driver.key(pygame.K_TAB, times=(settings_at - menu.menu.focus) % len(menu.menu.widgets))
    driver.key(pygame.K_RETURN)                   # ... its Settings
    settings = driver.app.top
    assert isinstance(settings, SettingsScene)
    rows = [name for name, _ in settings.rows]
    driver.key(pygame.K_DOWN, times=rows.index("palette"))
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings["palette"] == palette.SAFE
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene
    after = board_pixels(driver, scene)
    assert palette.current() == palette.SAFE
    assert after != before, f"{key} looks the same in both palettes"
    driver.app.settings["palette"] = palette.STANDARD
    assert board_pixels(driver, scene) == after, "a draw only reads the look: it sets nothing"
    assert palette.current() == palette.SAFE
    driver.app.apply_look()                                # drawn again at the same moment
    assert board_pixels(driver, scene) != after
    driver.app.settings["palette"] = palette.SAFE
    driver.app.apply_look()
    assert board_pixels(driver, scene) == after, "the same palette, the same picture"


def open_settings(driver) -> SettingsScene:
    scene = driver.app.push(SettingsScene(driver.app))
    driver.frames()
    return scene


def row_of(settings: SettingsScene, key: str):
    return next(choice for name, choice in settings.rows if name == key)


def test_the_new_rows_by_mouse_keyboard_and_pad_are_kept_in_the_file(driver):
    settings = open_settings(driver)
    rows = [name for name, _ in settings.rows]
    assert rows[-4:] == ["palette", "text_size", "pace", "clock"]
    driver.click(row_of(settings, "palette").rect.center)                 # the mouse
    assert settings.menu.focus == rows.index("palette")
    driver.key(pygame.K_DOWN)                                            # the keyboard
    driver.key(pygame.K_RIGHT)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)                       # the gamepad
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, times=2)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)     # a stepper's arrows stop at its ends
    chosen = {"palette": "safe", "text_size": "large", "pace": "slow", "clock": "hidden"}
    assert {key: driver.app.settings[key] for key in chosen} == chosen
    saved, message = store.load_settings()
    assert message is None and {key: saved[key] for key in chosen} == chosen
    assert assets.text_scale() > 1, "Large text is used at once"
    for key, value in chosen.items():
        choice = row_of(settings, key)
        assert choice.options[choice.index][0] == value
    driver.key(pygame.K_ESCAPE)
    again = open_settings(driver)      # the screen opens on the kept values
    for key, value in chosen.items():
        assert row_of(again, key).value == value


def test_kept_settings_are_used_from_the_start(data_dir):
    from tests.driver import Driver
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(
        '{"palette": "safe", "text_size": "large", "pace": "steady", "clock": "hidden"}')
    d = Driver()
    try:
        assert assets.text_scale() > 1 and not d.app.messages
        scene = d.start("ishido", seed=1)
        d.app.draw(d.app.screen)
        assert palette.current() == palette.SAFE
        assert "Time" not in [name for name, _, _ in scene.hud_layout()] or not scene.timed
    finally:
        d.close()


# --- the computer's pace ------------------------------------------------------------------------

def reply_wait(driver, pace: str) -> tuple[float, bool]:
    """Seconds of game time from the player's move coming to rest to the computer's reply in
    Nim, and whether the reply was animated."""
    driver.app.settings["pace"] = pace
    scene = driver.start("nim", seed=3, play_options={"opponent": "computer", "side": 0})
    driver.settle()
    driver.key(pygame.K_RETURN)                   # take from the first heap
    assert scene.session.moves_made == 1
    driver.settle()
    waited, step = 0.0, 1 / 60
    while scene.session.moves_made == 1:
        driver.frames(1, step)
        driver.app.jobs.wait_all()
        waited += step
        assert waited < 10, "the computer never replied"
    animated = scene.tweens.busy
    driver.app.pop(scene)
    return waited, animated


def test_the_computer_is_brisk_unless_told_otherwise(driver):
    assert driver.app.settings["pace"] == "brisk"
    waits = {}
    for pace in ("brisk", "steady", "slow"):
        waits[pace], animated = reply_wait(driver, pace)
        assert animated, f"the computer's move is still animated at the {pace} pace"
    assert 0.3 <= waits["brisk"] <= 0.55, waits
    assert waits["brisk"] < waits["steady"] < waits["slow"] and waits["slow"] >= 1.5, waits


# --- the clock in timed games -------------------------------------------------------------------

@pytest.mark.parametrize("key", ["deductile", "kenken"])
def test_a_hidden_clock_still_counts(driver, key):
    scene = driver.start(key, seed=4)
    shown = [name for name, _, _ in scene.hud_layout()]
    assert scene.board.clock_field in shown
    driver.app.settings["clock"] = "hidden"
    driver.frames(120)
    assert scene.board.clock_field not in [name for name, _, _ in scene.hud_layout()]
    assert [n for n in shown if n != scene.board.clock_field] == \
        [name for name, _, _ in scene.hud_layout()], "the other fields stay"
    assert scene.session.elapsed >= 2
    driver.app.draw(driver.app.screen)
    if key == "deductile":     # the countdown still ends the game, and the result says so
        driver.run_until(lambda: scene.over, limit=181 * 4, dt=0.25)
        assert "Time is up" in scene.ending.title()
    else:
        scene.session.elapsed = 125.0
        assert any("2:05" in value for _, value in scene.ending.facts())


def test_the_untimed_games_keep_their_time_field(driver):
    driver.app.settings["clock"] = "hidden"
    scene = driver.start("poggle", seed=1)
    assert not scene.board.timed and not scene.clock_hidden()


# --- text size: nothing drawn outside its box ---------------------------------------------------

@pytest.fixture
def drawn(monkeypatch):
    """Every label drawn (surface, words, rect) and every box it may belong to (surface, rect):
    the panels, and the area a Layer or a Backdrop's part repaints (a label painted there must
    be inside it, or it is cut off when the picture is shown). Kept pictures (the Layers, the
    Backdrops, the HUD's strips) are painted every time while recording."""
    from games.core.screens import cache, hud
    labels, boxes = [], []
    label, panel, layer_blit = ui.label, ui.panel, cache.Layer.blit
    backdrop_show = cache.Backdrop.show

    def recording_label(surface, words, *args, **kwargs):
        rect = label(surface, words, *args, **kwargs)
        labels.append((surface, words, rect.clip(surface.get_clip())))
        return rect

    def recording_panel(surface, rect, *args, **kwargs):
        boxes.append((surface, pygame.Rect(rect)))
        return panel(surface, rect, *args, **kwargs)

    def checked(area, paint):
        def painting(surface):
            boxes.append((surface, pygame.Rect(area)))
            first = len(labels)
            paint(surface)
            for _, words, rect in labels[first:]:
                if rect.width and not pygame.Rect(area).inflate(4, 4).contains(rect):
                    labels.append((surface, f"(cut off) {words}", rect))
        return painting

    def recording_blit(self, target, area, look, paint):
        self.forget()
        return layer_blit(self, target, area, look, checked(area, paint))

    def recording_show(self, target, parts):
        self.forget()
        return backdrop_show(self, target, [(name, area, look, checked(area, paint))
                                            for name, area, look, paint in parts])
    monkeypatch.setattr(ui, "label", recording_label)
    monkeypatch.setattr(ui, "panel", recording_panel)
    monkeypatch.setattr(cache.Layer, "blit", recording_blit)
    monkeypatch.setattr(cache.Backdrop, "show", recording_show)
    monkeypatch.setattr(hud, "_STRIPS", cache.SurfaceCache(0))
    return labels, boxes


def outside(labels, boxes, screen) -> list[str]:
    """Labels that stray from the box they start in (the smallest box on their surface that
    holds their centre), run over the edge of another box (a chip beside a name), leave the
    screen, or overlap another label in the HUD."""
    found = [f"{words!r} at {rect} is painted outside its Layer's area"
             for _, words, rect in labels if words.startswith("(cut off) ")]
    for surface, words, rect in labels:
        if not rect.width or words.startswith("(cut off) "):
            continue
        holders = [box for s, box in boxes if s is surface and box.collidepoint(rect.center)]
        if holders:
            box = min(holders, key=lambda b: b.width * b.height)
            if not box.inflate(4, 4).contains(rect):
                found.append(f"{words!r} at {rect} leaves its box {box}")
        for s, box in boxes:     # half in and half out of another box: over its edge
            if s is surface and rect.colliderect(box) and not box.inflate(4, 4).contains(rect) \
                    and not box.collidepoint(rect.center) and not rect.contains(box):
                found.append(f"{words!r} at {rect} runs over the edge of {box}")
        if surface is screen and not screen.get_rect().contains(rect):
            found.append(f"{words!r} at {rect} leaves the screen")
    hud_labels = [(words, rect) for surface, words, rect in labels
                  if surface is screen and rect.centery < HUD_HEIGHT]
    for words, rect in hud_labels:
        if rect.bottom > HUD_HEIGHT:
            found.append(f"{words!r} at {rect} leaves the HUD")
    for (words, rect), (other, rect2) in itertools.combinations(hud_labels, 2):
        if rect.colliderect(rect2):
            found.append(f"the HUD's {words!r} and {other!r} overlap")
    return found


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("key", registry.KEYS)
def test_the_hud_panel_and_toolbar_fit_at_both_text_sizes(driver, drawn, key, size):
    labels, boxes = drawn
    driver.app.settings["text_size"] = size
    driver.app.save_settings()
    assert assets.text_scale() == assets.TEXT_SCALES[size]
    scene = driver.start(key, seed=3)
    for _ in range(6):      # a few moves: the logs, the cards and the counts have words
        driver.settle()
        driver.app.jobs.wait_all()
        if scene.over or driver.app.top is not scene:
            break
        scene.demo_step()
    driver.settle()
    assert driver.app.top is scene
    driver.key(pygame.K_h)
    driver.run_until(lambda: not scene.app.jobs.running(), dt=1 / 60)
    strays = []
    for device in ("mouse", "keyboard", "pad"):    # each device's words for the controls
        if device == "mouse":
            driver.post(pygame.MOUSEMOTION, pos=(5, 500), rel=(1, 1), buttons=(0, 0, 0))
            driver.frames()
        elif device == "keyboard":
            driver.key(pygame.K_DOWN)
        else:
            driver.pad(pygame.CONTROLLER_BUTTON_DPAD_UP)
        labels.clear()
        boxes.clear()
        driver.app.draw(driver.app.screen)
        assert len(labels) > 8, "the scene's words were recorded"
        strays += [f"{device}: {stray}" for stray in outside(labels, boxes, driver.app.screen)]
    assert not strays, "\n".join(strays)
    toolbar = [button.rect for button in scene.toolbar.widgets]
    assert all(driver.app.screen.get_rect().contains(rect) for rect in toolbar)
    assert toolbar[-1].right < scene.message_rect().left


def test_the_check_finds_a_label_out_of_its_box(driver):
    screen = driver.app.screen
    box = pygame.Rect(100, 300, 200, 60)
    inside = pygame.Rect(110, 310, 100, 30)
    assert outside([(screen, "fits", inside)], [(screen, box)], screen) == []
    assert outside([(screen, "too long", inside.inflate(300, 0))], [(screen, box)], screen)
    chip = pygame.Rect(200, 310, 80, 30)
    assert outside([(screen, "a name", inside)], [(screen, box), (screen, chip)], screen)
    assert outside([(screen, "a", pygame.Rect(40, 20, 90, 40)),
                    (screen, "b", pygame.Rect(100, 30, 90, 40))], [], screen)


def test_large_text_chosen_mid_game_makes_room_for_itself(driver):
    scene = driver.start("deductile", seed=1)
    narrow = [button.rect.width for button in scene.toolbar.widgets]
    driver.app.push(SettingsScene(driver.app))
    driver.frames()
    settings = driver.app.top
    driver.click(row_of(settings, "text_size").rect.center)
    assert driver.app.settings["text_size"] == "large"
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene
    wide = [button.rect.width for button in scene.toolbar.widgets]
    assert all(w > n for w, n in zip(wide, narrow)) and len(wide) == len(narrow)
