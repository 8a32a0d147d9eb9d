"""DeducTile through the real loop: whole games won with mouse only, keyboard only and a
gamepad only; undo animates backwards; hints, penalties, the clock, pause, save and resume."""
import pygame
import pytest

from games.core.data.store import Store
from games.core.screens.launch import resume_saved_game
from games.core.screens.launcher import LauncherScene
from games.core.screens.menus import PauseScene
from games.deductile import rules
from games.deductile.controls import Held
from tests import recorded
from tests.driver import Driver, VirtualPad

store = Store(lambda message: None)   # the test's own hand on the data folder

PARAMS = rules.Params(4, "normal")


def plan(state):
    """Swaps (a, b, colours_only) that turn the arrangement into the solution."""
    arrangement, steps = list(state.arrangement), []
    for i, (shape, colour) in enumerate(state.solution):
        j = next(k for k in range(len(arrangement)) if arrangement[k][0] == shape)
        if j != i:
            steps.append((i, j, False))
            arrangement = list(rules.swapped(arrangement, i, j, False))
        if arrangement[i][1] != colour:
            j = next(k for k in range(len(arrangement)) if arrangement[k][1] == colour)
            steps.append((i, j, True))
            arrangement = list(rules.swapped(arrangement, i, j, True))
    assert tuple(arrangement) == state.solution
    return steps




def assert_won(driver, scene):
    assert scene.session.status.outcome == "won"
    driver.until_result()
    scores = recorded.scores()
    assert scores[f"deductile/{PARAMS.encode()}"][0]["score"] == scene.board.final_score() > 170


def test_mouse_only_game(driver):
    scene = driver.start("deductile", PARAMS, seed=11)
    steps = plan(scene.state)
    assert any(colours for _, _, colours in steps) or steps
    for a, b, colours in steps:
        rects = scene.board.layout.tile_rects
        driver.drag(rects[a].center, rects[b].center, button=3 if colours else 1)
        driver.settle()
    assert scene.state.arrangement == scene.state.solution
    driver.click(scene.board.layout.guess_rect.center)
    assert_won(driver, scene)


def test_keyboard_only_game(driver):
    scene = driver.start("deductile", PARAMS, seed=12)
    cursor = 0
    for a, b, colours in plan(scene.state):
        key = pygame.K_DOWN if a > cursor else pygame.K_UP
        driver.key(key, times=abs(a - cursor))
        driver.key(pygame.K_x if colours else pygame.K_RETURN)
        driver.key(pygame.K_DOWN if b > a else pygame.K_UP, times=abs(b - a))
        driver.key(pygame.K_RETURN)
        cursor = b
        driver.settle()
    driver.key(pygame.K_RIGHT, times=2 * scene.state.tiles + 1)   # across the notes: the clues
    assert scene.board.cursor[0] == "clues"
    for _ in range(len(scene.state.clues)):   # past the last clue: Guess (one more: the toolbar)
        if scene.board.cursor[0] == "guess":
            break
        driver.key(pygame.K_DOWN)
    assert not scene.toolbar.focused
    driver.key(pygame.K_RETURN)
    assert_won(driver, scene)


def test_gamepad_only_game_with_a_virtual_controller(driver):
    pad = VirtualPad(driver)
    scene = driver.start("deductile", PARAMS, seed=13)
    cursor = 0
    A, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X
    UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
    for a, b, colours in plan(scene.state):
        pad.press(DOWN if a > cursor else UP, times=abs(a - cursor))
        pad.press(X if colours else A)
        pad.press(DOWN if b > a else UP, times=abs(b - a))
        pad.press(A)
        cursor = b
        driver.settle()
    assert scene.state.arrangement == scene.state.solution
    pad.press(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, times=2 * scene.state.tiles + 1)
    for _ in range(len(scene.state.clues)):
        if scene.board.cursor[0] == "guess":
            break
        pad.press(DOWN)
    pad.press(A)
    assert_won(driver, scene)
    pad.unplug()


def test_unplugging_the_gamepad_pauses_and_says_so(driver):
    pad = VirtualPad(driver)
    scene = driver.start("deductile", PARAMS, seed=14)
    pad.unplug()
    assert isinstance(driver.app.top, PauseScene)
    assert "gamepad" in driver.app.top.reason.lower()
    elapsed = scene.session.elapsed
    driver.frames(60)
    assert scene.session.elapsed == elapsed, "the clock stops while paused"


def test_swap_slides_and_undo_runs_backwards(driver):
    scene = driver.start("deductile", PARAMS, seed=15)
    rects = scene.board.layout.tile_rects

    def where(index):
        return scene.board.view.tile_position(scene.board.motion, index)
    before = scene.state.arrangement
    driver.drag(rects[0].center, rects[2].center)
    assert scene.state.arrangement == rules.swapped(before, 0, 2, False)
    driver.frames(3)
    assert rects[0].top < where(0)[1] < rects[2].top, "the tile is mid-slide"
    driver.settle()
    driver.key(pygame.K_u)
    assert scene.state.arrangement == before
    driver.frames(3)
    assert rects[0].top < where(2)[1] < rects[2].top
    driver.key(pygame.K_r)   # new input snaps the running animation to its end
    assert not scene.tweens.busy or where(2) != rects[2].topleft
    assert scene.state.arrangement == rules.swapped(before, 0, 2, False)


def test_drop_outside_a_tile_changes_nothing(driver):
    scene = driver.start("deductile", PARAMS, seed=16)
    before = scene.state.arrangement
    driver.drag(scene.board.layout.tile_rects[1].center, (900, 1000 - 150))
    assert scene.state.arrangement == before and scene.session.moves_made == 0


def test_wrong_guess_and_hint_cost_five_seconds_each(driver):
    scene = driver.start("deductile", PARAMS, seed=17)
    driver.key(pygame.K_g)
    assert scene.session.count("wrong_guesses") == 1 and scene.state.outcome == "ongoing"
    driver.key(pygame.K_h)
    assert scene.hints == 1 and scene.session.count("penalty_seconds") == 10
    assert scene.board.time_left() == pytest.approx(170 - scene.session.elapsed)
    assert scene.board.hint_for == scene.state.arrangement
    assert rules.broken_clues(scene.state), "a wrong arrangement breaks at least one clue"


def test_clicking_a_clue_strikes_it_out_and_undo_restores_it(driver):
    scene = driver.start("deductile", PARAMS, seed=18)
    driver.click(scene.board.layout.clue_rects[1].center)
    assert scene.state.struck[1]
    driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not scene.state.struck[1]


def test_time_runs_out_and_the_game_is_lost(driver):
    scene = driver.start("deductile", PARAMS, seed=19)
    driver.frames(181 * 4, dt=0.25)
    assert scene.session.status.outcome == "lost"
    driver.until_result()
    assert "tick" in driver.app.audio.played


def test_pause_hides_the_board_and_stops_the_clock(driver):
    scene = driver.start("deductile", PARAMS, seed=20)
    driver.frames(30)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, PauseScene) and driver.app.top.opaque
    elapsed = scene.session.elapsed
    driver.frames(120)
    assert scene.session.elapsed == elapsed
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is scene


def test_quit_saves_and_the_next_start_resumes(driver):
    scene = driver.start("deductile", PARAMS, seed=21)
    driver.drag(scene.board.layout.tile_rects[0].center, scene.board.layout.tile_rects[3].center)
    driver.frames(90)
    state, elapsed = scene.state, scene.session.elapsed
    driver.app.quit()
    again = Driver()
    launcher = again.app.top
    assert isinstance(launcher, LauncherScene)
    assert any(getattr(card, "saved", False) for card in launcher.menu.widgets)
    assert resume_saved_game(again.app, "deductile")
    resumed = again.app.top
    assert resumed.state == state and resumed.session.elapsed == pytest.approx(elapsed, abs=0.01)
    again.key(pygame.K_u)
    assert resumed.state.arrangement == rules.new_game(PARAMS, resumed.session.desc).arrangement
    again.close()


def test_a_corrupt_save_is_set_aside_and_nothing_else_is_lost(driver, data_dir):
    recorded.add_score("deductile/tiles=4,difficulty=normal", 99)
    (data_dir / "saves").mkdir(parents=True, exist_ok=True)
    (data_dir / "saves" / "deductile.json").write_text('{"version": 1, "game": "deductile", "par')
    assert not resume_saved_game(driver.app, "deductile")
    assert "could not be read" in driver.app.messages[-1]
    assert list((data_dir / "saves").glob("deductile.bad-*.json"))
    assert recorded.best("deductile/tiles=4,difficulty=normal") == 99


def test_keyboard_pick_up_says_what_is_held_in_the_status_line(driver):
    from games.core.screens import ui
    from games.deductile.clues import COLOURS, SHAPES
    scene = driver.start("deductile", PARAMS, seed=22)
    driver.key(pygame.K_DOWN)                            # the second tile
    driver.key(pygame.K_x)                               # pick up its colour
    shape, colour = scene.state.arrangement[1]
    words = scene.status_line()
    assert scene.board.ui.held == Held(1, True) and words.startswith(
        f"Holding the {COLOURS[colour]} colour of the {SHAPES[shape]}")
    box = scene.message_rect()
    size, lines = ui.fit_lines(words, box.width, box.height, ui.SMALL + 2)
    assert " ".join(lines) == words and size >= ui.MIN_TEXT
    assert box.top >= driver.app.size[1] - 100, "in the toolbar, clear of the HUD and board"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)                          # put down on the third tile
    assert scene.board.ui.held is None and scene.state.arrangement[2][1] == colour
    driver.key(pygame.K_RETURN)                          # a tile this time
    assert scene.status_line().startswith("Holding the ") and "colour of" not in \
        scene.status_line()


@pytest.mark.parametrize("index", range(4))
def test_the_colours_only_note_stays_clear_of_the_dragged_tile(driver, index):
    from games.deductile.view import COLOURS_ONLY
    scene = driver.start("deductile", PARAMS, seed=23)
    start = scene.board.layout.tile_rects[index].center
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=3)
    driver.frames()
    for pos in (start, (start[0] + 40, start[1] - 90), (start[0] - 30, 130)):
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 1))
        driver.frames()
        (_, colours_only) = scene.board.hand.drag.item
        tile = pygame.Rect(scene.board.hand.drag.spot, scene.board.layout.tile_size)
        tag = scene.board.view.tag_rect(COLOURS_ONLY, tile)
        assert colours_only and not tag.colliderect(tile)
        assert tag.top >= scene.board_rect.top or tag.top > tile.bottom
    driver.post(pygame.MOUSEBUTTONUP, pos=start, button=3)
    driver.frames()


def test_after_time_is_up_undo_looks_back_and_the_clock_never_runs_again(driver):
    scene = driver.start("deductile", PARAMS, seed=24)
    driver.drag(scene.board.layout.tile_rects[0].center, scene.board.layout.tile_rects[1].center)
    driver.frames(181 * 4, dt=0.25)
    driver.until_result()
    first = driver.app.top.result
    assert first.title == "Time is up" and first.notes[0].startswith("The answer was ")
    driver.key(pygame.K_ESCAPE)                          # look at the board
    buttons = {b.words.split()[0]: b for b in scene.toolbar.widgets}
    assert scene.session.status.outcome == "lost"
    assert not buttons["Hint"].enabled and not buttons["Guess"].enabled
    elapsed, left = scene.session.elapsed, scene.board.time_left()
    driver.click(buttons["Undo"].rect.center)            # back before time ran out
    assert not scene.over and driver.app.top is scene
    driver.frames(40, dt=0.25)
    assert scene.session.elapsed == elapsed and scene.board.time_left() == left
    assert not scene.over, "the clock does not run out a second time"
    assert {name: value for name, value, *_ in scene.board.hud_fields()}["Time left"] == "0:00"


# --- issue 20: time-up shows the answer, the clock warns, a wrong guess is unmissable ----------

def drawn_tiles(driver, monkeypatch):
    """(tile, top-left, size) of every tile the board draws now."""
    from games.deductile.view import DeductileView
    drawn = []
    original = DeductileView.draw_tile

    def recording(self, surface, tile, pos, colour, lifted, size=None):
        drawn.append((tile, (round(pos[0]), round(pos[1])), size or self.layout.tile_size))
        return original(self, surface, tile, pos, colour, lifted, size)
    monkeypatch.setattr(DeductileView, "draw_tile", recording)
    for scene in driver.app.stack:       # the still parts painted afresh, not kept
        board = getattr(scene, "board", None)
        if hasattr(board, "backdrop"):
            board.backdrop.forget()
    driver.app.draw(driver.app.screen)
    monkeypatch.setattr(DeductileView, "draw_tile", original)
    return drawn


@pytest.mark.parametrize("params", [PARAMS, rules.Params(6, "expert")])
def test_at_time_up_the_board_shows_the_answer_and_the_players_order_beside_it(
        driver, monkeypatch, params):
    scene = driver.start("deductile", params, seed=31)
    driver.drag(scene.board.layout.tile_rects[0].center, scene.board.layout.tile_rects[1].center)
    mine = scene.state.arrangement
    assert mine != scene.state.solution
    driver.frames(181 * 4, dt=0.25)
    driver.until_result()
    driver.key(pygame.K_ESCAPE)                          # look at the board
    assert driver.app.top is scene and scene.session.status.outcome == "lost"
    drawn = drawn_tiles(driver, monkeypatch)
    layout = scene.board.layout
    big = [(tile, pos) for tile, pos, size in drawn if size == layout.tile_size]
    small = [(tile, pos) for tile, pos, size in drawn if size == layout.small_size]
    assert big == [(tile, rect.topleft) for tile, rect in zip(scene.state.solution,
                                                              layout.tile_rects)]
    assert small == [(tile, rect.topleft) for tile, rect in zip(mine, layout.yours_rects)]
    for rect, tile in zip(layout.yours_rects, layout.tile_rects):
        assert rect.inflate(10, 10).right < layout.clue_rects[0].left, "clear of the clues"
        assert not rect.inflate(10, 10).colliderect(tile) and tile.centery == rect.centery
    assert layout.tile_rects[0].top - 8 - 24 >= layout.area.top - 2


def clock_pixels(driver, scene, colour):
    """How many pixels of the clock's value are in `colour`."""
    right = next(right for name, _, right in scene.hud_layout() if name == "Time left")
    screen = driver.app.screen
    return sum(screen.get_at((x, y))[:3] == colour for x in range(right - 130, right)
               for y in range(50, 92))


def test_the_clock_turns_to_the_warning_colour_in_its_last_half_minute(driver):
    from games.core.screens import ui
    scene = driver.start("deductile", PARAMS, seed=32)
    driver.app.draw(driver.app.screen)
    assert clock_pixels(driver, scene, ui.ACCENT) > 50 and not clock_pixels(driver, scene,
                                                                           ui.BAD)
    driver.frames(149 * 4, dt=0.25)                     # 31 s left
    driver.app.draw(driver.app.screen)
    assert not clock_pixels(driver, scene, ui.BAD)
    driver.frames(2 * 4, dt=0.25)                       # 29 s left
    assert scene.board.time_left() < 30
    driver.app.draw(driver.app.screen)
    assert clock_pixels(driver, scene, ui.BAD) > 50
    driver.frames(4, dt=0.25)                            # at rest: only the clock redrawn
    assert scene.draw_changes(driver.app.screen) is not None
    assert clock_pixels(driver, scene, ui.BAD) > 50 and not clock_pixels(driver, scene,
                                                                        ui.ACCENT)


@pytest.mark.parametrize("device", ["mouse", "keyboard", "pad"])
def test_a_wrong_guess_shakes_the_tiles_sounds_and_the_seconds_fly_off_the_clock(
        driver, monkeypatch, device):
    from games.deductile.view import shake_offset
    scene = driver.start("deductile", PARAMS, seed=33)
    driver.settle()
    if device == "mouse":
        driver.click(scene.board.layout.guess_rect.center)
    elif device == "keyboard":
        driver.key(pygame.K_g)
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT,     # across the notes to the clues,
                   times=2 * scene.state.tiles + 1)        # down to Guess
        driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, times=len(scene.state.clues))
        assert scene.board.cursor[0] == "guess"
        driver.pad(pygame.CONTROLLER_BUTTON_A)
    assert scene.session.count("wrong_guesses") == 1
    assert driver.app.audio.played[-1] == "wrong"
    assert scene.board.motion.shake is not None and scene.board.motion.penalty is not None
    offsets, heights = set(), []
    for _ in range(30):
        driver.frames()
        offsets.add(shake_offset(scene.board.motion))
        driver.app.draw(driver.app.screen)
        before = driver.app.screen.copy()
        driver.app.draw(driver.app.screen)              # drawing again changes nothing
        assert pygame.image.tobytes(before, "RGB") == \
            pygame.image.tobytes(driver.app.screen, "RGB")
        heights.append(scene.board.motion.penalty.value)
        positions = [pos for _, pos, _ in drawn_tiles(driver, monkeypatch)]
        assert {x for x, _ in positions} == {scene.board.layout.tile_rects[0].left +
                                             shake_offset(scene.board.motion)}
    assert max(offsets) >= 10 and min(offsets) <= -10, "the tiles swing both ways"
    assert heights == sorted(heights) and heights[-1] > heights[0], "the seconds fly down"
    driver.settle()
    assert scene.board.motion.shake.done and scene.board.motion.penalty.done
    driver.key(pygame.K_u)                              # nothing to undo: no replay
    assert scene.board.motion.shake.done


def test_with_animations_off_a_wrong_guess_still_sounds_and_says_so(driver):
    driver.app.settings["animations"] = False
    scene = driver.start("deductile", PARAMS, seed=34)
    driver.key(pygame.K_g)
    assert driver.app.audio.played[-1] == "wrong" and "seconds lost" in scene.shown_words()
    assert scene.board.motion.shake is None and scene.board.motion.penalty is None


def test_with_the_clock_hidden_a_penalty_takes_its_seconds_out_of_sight(driver):
    """The seconds lost fly off the clock only when it is on show: hidden, the HUD has no
    clock to fly from, and the board draws on (it once stopped the game)."""
    driver.app.settings["clock"] = "hidden"
    scene = driver.start("deductile", PARAMS, seed=35)
    driver.key(pygame.K_h)
    driver.key(pygame.K_g)
    assert scene.session.count("penalty_seconds") == 2 * rules.PENALTY
    assert scene.board.motion.penalty is not None and not scene.board.motion.penalty.done
    driver.frames(5)
    assert "Time left" not in [name for name, *_ in scene.hud_layout()]
    assert scene.board.time_left() == pytest.approx(170 - scene.session.elapsed)
