"""Every sentence Parlour shows fits its box, whole, and stays legible.

Parlour draws at a fixed logical 1920x1080 and SDL scales that to the window, so a box holds
the same text in every window; what changes is how big the text looks. A 1280x720 window
shows it at two thirds: the smallest size ui.fit_text steps down to must still be legible
there. Every sentence in a box goes through ui.fit_lines (ui.fit_text, ui.paragraph), so the
test records every call while the real screens draw, and checks each one: the lines fit the
box's width, the lines' height fits its height, nothing is cut short.

The sentences: every status reason of every game over generated positions (rules.status), the
scenes' own status lines, every .say() and pause reason in the source (f-string fields filled
with long values), the result, pause, setup and launcher screens, and the rules pages."""
import ast
import pathlib
import random

import pytest
from params import params_of

from games.core.kit import registry
from games.core.kit.session import Session
from games.core.screens import page, ui
from games.core.screens.frame import Frame
from games.core.screens.launcher import LauncherScene
from games.core.screens.menus import PauseScene, ResultScene, SetupScene
from games.core.screens.overlays import HelpScene
from games.core.screens.question import ConfirmScene

WINDOWS = ((1920, 1080), (1280, 720))
LEGIBLE_PIXELS = 13           # the least text height (font size in pixels) that reads well
ROOT = pathlib.Path(__file__).resolve().parent.parent
FIELD = "Calcoolation 12"     # stands in for an f-string's {field}: longer than most


@pytest.fixture(params=["normal", "large"])
def text_size(request, driver):
    """Both text sizes: Large scales every font, and the boxes must still hold the words."""
    driver.app.settings["text_size"] = request.param
    driver.app.save_settings()
    yield request.param
    ui.assets.set_text_size("normal")


@pytest.fixture
def fitted(monkeypatch):
    """Every (words, box, outcome) that ui.fit_lines answered while the screens drew."""
    calls = []
    original = ui.fit_lines

    def recording(words, width, height, size, bold=False, min_size=ui.MIN_TEXT,
                  spacing=1.2, max_lines=2):
        result = original(words, width, height, size, bold, min_size, spacing, max_lines)
        calls.append((words, width, height, bold, spacing, result))
        return result
    monkeypatch.setattr(ui, "fit_lines", recording)
    return calls


def problems(calls) -> list[str]:
    found = []
    for words, width, height, bold, spacing, (size, lines) in calls:
        face = ui.assets.font(size, bold)
        tall = face.get_height() + (len(lines) - 1) * ui.line_pitch(size, spacing)
        wide = max((face.size(line)[0] for line in lines), default=0)
        if " ".join(lines) != " ".join(words.split()):
            found.append(f"cut short: {words!r}")
        if wide > width or tall > height:
            found.append(f"{words!r} needs {wide}x{tall} at size {size}; the box is "
                         f"{width}x{height}")
        for window in WINDOWS:
            if size * ui.assets.text_scale() * window[1] / 1080 < LEGIBLE_PIXELS:
                found.append(f"{words!r} at size {size} is too small in a {window} window")
    return found


# --- the sentences ---------------------------------------------------------------------------

def literal(node) -> list[str]:
    """The texts a say() argument can be: strings, f-strings (fields filled), both branches
    of a conditional, and sums of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(part.value if isinstance(part, ast.Constant) else FIELD
                        for part in node.values)]
    if isinstance(node, ast.IfExp):
        return literal(node.body) + literal(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in literal(node.left) for b in literal(node.right)]
    return []


def spoken(paths, method: str) -> list[str]:
    """Every text passed to .method(...) in the given source files."""
    texts = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == method \
                    and node.args:
                texts += literal(node.args[0])
    return sorted(set(texts))


def returned(paths) -> list[str]:
    """Sentences returned by the scenes' methods (why a move is refused, status lines...):
    they end up in the status line too."""
    texts = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Return) and node.value is not None:
                texts += [text for text in literal(node.value) if " " in text.strip()]
    return sorted(set(texts))


def shared_sources():
    return [ROOT / "games" / "core" / "screens" / name for name in ("frame.py", "versus.py")]


def game_source(key):
    return ROOT / "games" / key / "scene.py"


def positions(key, seeds=3, plies=300):
    """States along seeded random playouts of generated games, ending ones included."""
    rules = registry.lookup(key).rules
    for seed in range(seeds):
        rng = random.Random(seed)
        tested = params_of(key)
        params = tested[seed % len(tested)]
        session = Session.new(key, params, seed)
        for _ in range(plies):
            yield session
            moves = rules.legal_moves(session.state)
            if not moves:
                break
            session.apply(rng.choice(moves))


GAMES = registry.KEYS


@pytest.mark.parametrize("key", GAMES)
def test_every_status_line_and_message_fits(driver, text_size, fitted, key):
    scene = driver.start(key, None, seed=3)
    sources = [game_source(key)] + shared_sources()
    texts = spoken(sources, "say") + returned(sources)
    assert spoken(sources, "say"), "the harvest found the scene's messages"
    for words in texts:
        scene.say(words)
        driver.app.draw(driver.app.screen)
    reasons, playing = set(), scene.session
    for session in positions(key):
        reasons.add(registry.lookup(key).rules.status(session.state).reason)
        if session.status.over:
            scene.session = session
            reasons.add(scene.status_line())
            reasons.add(scene.ending.reason())
    scene.session = playing
    for words in reasons - {""}:
        scene.say(words)
        driver.app.draw(driver.app.screen)
    assert len(fitted) >= len(texts)
    assert problems(fitted) == []


@pytest.mark.parametrize("key", GAMES)
def test_result_pause_and_setup_screens_fit(driver, text_size, fitted, key):
    rules = registry.lookup(key).rules
    ended = next(s for s in positions(key, seeds=6) if s.status.over)
    scene = Frame(driver.app, ended, {})
    driver.app.push(scene)
    for rank in (None, 12):
        result = driver.app.push(ResultScene(driver.app, scene, rank))
        scene.ending.looking_back = rank is None
        driver.app.draw(driver.app.screen)
        driver.app.pop(result)
    reasons = spoken([game_source(key)] + shared_sources(), "open_menu")
    for reason in reasons + [""]:
        pause = driver.app.push(PauseScene(driver.app, scene, reason))
        driver.app.draw(driver.app.screen)
        driver.app.pop(pause)
    setup = driver.app.push(SetupScene(driver.app, key))
    driver.app.draw(driver.app.screen)
    driver.app.pop(setup)
    assert any(call[0] == registry.lookup(key).blurb for call in fitted)
    assert problems(fitted) == []
    assert rules.status(ended.state).over


def test_the_launcher_and_its_messages_fit(driver, text_size, fitted):
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    driver.app.messages.append("The game could not be saved: [Errno 28] No space left on device: "
                               "'/home/someone/.local/share/Parlour/saves/kenken.json'")
    driver.app.draw(driver.app.screen)
    driver.app.messages.clear()
    driver.app.draw(driver.app.screen)
    launcher.confirm_quit()
    driver.app.draw(driver.app.screen)
    assert isinstance(driver.app.top, ConfirmScene)
    assert len(fitted) >= 4 + len(registry.launcher_games())   # footers, blurbs, the question
    assert problems(fitted) == []


@pytest.mark.parametrize("key", GAMES)
def test_rules_pages_wrap_within_the_page(driver, key):
    help_page = HelpScene(driver.app, key)
    width = help_page.view.width
    lines = [block for block in help_page.page.blocks if isinstance(block, page.Line)]
    words = " ".join(line.words for line in lines)
    for paragraph in registry.lookup(key).data.rules_text.strip().split("\n\n"):
        assert " ".join(paragraph.split()) in words, "every word of the rules is on the page"
    for line in lines:
        assert ui.assets.font(line.size, line.bold).size(line.words)[0] <= width, line


def test_fit_lines_wraps_then_shrinks_and_never_cuts():
    long = "Paused: undo and redo step through the game; Space, A or a click plays on. " * 2
    size, lines = ui.fit_lines("Short.", 800, 80, ui.BODY)
    assert (size, lines) == (ui.BODY, ("Short.",))
    size, lines = ui.fit_lines(long, 900, 90, ui.BODY)
    assert len(lines) == 2 and ui.MIN_TEXT <= size < ui.BODY
    assert " ".join(lines) == " ".join(long.split())
    size, lines = ui.fit_lines(long * 3, 600, 60, ui.BODY)
    assert size == ui.MIN_TEXT and " ".join(lines) == " ".join((long * 3).split())


def test_the_check_finds_text_that_does_not_fit():
    words = "A sentence far too long for the little box it was given to live in."
    squeezed = ui.fit_lines(words, 200, 30, ui.BODY)
    assert squeezed[0] == ui.MIN_TEXT
    assert problems([(words, 200, 30, False, 1.2, squeezed)])
    assert problems([(words, 2000, 30, False, 1.2, (12, (words,)))]), "too small to read"
    assert problems([(words, 2000, 30, False, 1.2, (20, ("A sentence...",)))]), "cut short"


@pytest.mark.parametrize("key", GAMES)
def test_the_hud_fields_clear_the_title(driver, key):
    from games.core.screens.board import Board
    from games.core.screens.hud import HUD_VALUE
    scene = driver.start(key, None, seed=4)
    if type(scene.board).draw_hud is not Board.draw_hud:
        pytest.skip("this game draws its own HUD")
    title = ui.assets.font(ui.HEADING, True).size(scene.game.title)[0] + 40
    for name, value, right in scene.hud_layout():
        wide = max(ui.assets.font(HUD_VALUE, True).size(value)[0],
                   ui.assets.font(ui.SMALL).size(name)[0])
        assert right - wide > title + 20, (name, value)


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("window", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_rules_pages_with_their_pictures_fit(data_dir, fitted, window, key):
    """Every page of the rules, top to bottom, at both text sizes: the pictures' captions fit
    their boxes, no line reaches under a picture, each line fits the width beside it, and
    no picture is cut at the top."""
    from tests.driver import Driver
    calls = []
    for size in ("normal", "large"):
        driver = Driver(size=window)
        try:
            driver.app.settings["text_size"] = size
            ui.assets.set_text_size(size)
            help_page = HelpScene(driver.app, key)
            text = help_page.page
            fitted.clear()          # the launcher beneath is not this test's
            assert text.figures, f"{key}'s rules have pictures"
            while True:
                drawn = text.draw(driver.app.screen)
                pictures = [rect for rect, _ in text.figures_shown()]
                assert all(rect.top >= help_page.view.top for rect in pictures), "cut at the top"
                for line in drawn[:len(text.shown())]:
                    assert line.collidelist(pictures) == -1, (size, line, pictures)
                    assert line.right <= help_page.view.right
                if not text.page(1):
                    break
            calls += fitted
        finally:
            ui.assets.set_text_size("normal")
            driver.close()
    assert calls and problems(calls) == []
