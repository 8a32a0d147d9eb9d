"""Headless, deterministic test set-up: dummy video and audio, user data in a temp folder."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test gets its own empty user data folder (settings, scores, saves)."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder))
    return folder
