"""Headless, deterministic test set-up: dummy video and audio, user data in a temp folder."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own empty user data folder (settings, history, saves)."""
    from tests import recorded
    folder = tmp_path / "userdata"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    yield folder
    recorded.forget()     # the tests' history of this folder is closed with it
    recorded.TOLD.clear()


@pytest.fixture
def driver(data_dir):
    """The real App with its launcher, driven by synthetic input (tests/driver.py)."""
    from tests.driver import Driver
    d = Driver()
    yield d
    d.close()


@pytest.fixture
def drawn_labels(monkeypatch):
    """Every label drawn, as (surface, words, rect): for the checks that text never overlaps
    text and stays on the screen."""
    from games.core.screens import ui
    rects = []
    original = ui.label

    def recording(surface, words, pos, size=ui.BODY, colour=ui.TEXT, bold=False,
                  anchor="topleft"):
        rect = original(surface, words, pos, size, colour, bold, anchor)
        rects.append((surface, words, rect))
        return rect
    monkeypatch.setattr(ui, "label", recording)
    return rects
