"""Settings, high scores and saved games: JSON files in the user data folder, written atomically.

A file that cannot be read (truncated, binary, hostile, wrong shape) is moved aside to
NAME.bad-N.json with a message, and defaults are used; other files are never touched.
"""
from __future__ import annotations

import json
import os
import time

MAX_FILE_BYTES = 4 * 1024 * 1024   # larger files are not ours: set aside unread


def data_dir() -> str:
    """PARLOUR_DATA_DIR wins (tests, portable installs); otherwise the platform's folder."""
    folder = os.environ.get("PARLOUR_DATA_DIR")
    if not folder:
        import platformdirs  # only here: it is not needed on the way to the first frame
        folder = platformdirs.user_data_dir("Parlour", appauthor=False)
    os.makedirs(folder, exist_ok=True)
    return folder


def path(name: str) -> str:
    return os.path.join(data_dir(), name)


def write_json(name: str, data) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then os.replace."""
    import tempfile   # here, not at the top: nothing is written on the way to the first frame
    target = path(name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".tmp-",
                                         suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def set_aside(name: str) -> str:
    """Move a bad file out of the way, keeping it for the curious; returns the new name."""
    source = path(name)
    stem = source[:-5] if source.endswith(".json") else source
    n = 1
    while os.path.exists(f"{stem}.bad-{n}.json"):
        n += 1
    os.replace(source, f"{stem}.bad-{n}.json")
    return os.path.basename(f"{stem}.bad-{n}.json")


def read_json(name: str, check=None):
    """-> (data or None, message or None). None data means missing or set aside.

    `check(data)` may return a cleaned value or raise ValueError/TypeError/KeyError to reject.
    """
    source = path(name)
    if not os.path.exists(source):
        return None, None
    try:
        if os.path.getsize(source) > MAX_FILE_BYTES:
            raise ValueError("the file is far too large")
        with open(source, encoding="utf-8") as f:
            data = json.load(f)
        return (check(data) if check else data), None
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError,
            RecursionError, IndexError) as error:
        try:
            moved = set_aside(name)
        except OSError:
            return None, f"{name} could not be read ({error}); using defaults."
        reason = str(error).split("\n")[0][:120] or type(error).__name__
        return None, f"{name} could not be read ({reason}); kept as {moved}, using defaults."


# --- settings -------------------------------------------------------------------------------

DEFAULT_SETTINGS = {
    "fullscreen": True,
    "volume": 0.7,
    "muted": False,
    "show_errors": True,        # Calcoolation: mark conflicts as they arise
    "animations": True,
}


def load_settings():
    """-> (settings dict, message or None). Known keys of the wrong type take their defaults;
    other keys (a game's own preferences) are kept as they are: the game checks them."""
    def check(data):
        if not isinstance(data, dict):
            raise TypeError("settings must be a JSON object")
        return data
    data, message = read_json("settings.json", check)
    settings = dict(DEFAULT_SETTINGS)
    for key, value in (data or {}).items():
        default = settings.get(key, value)
        if isinstance(value, type(default)) or (isinstance(default, float) and
                                                isinstance(value, int) and not isinstance(value, bool)):
            settings[key] = value
    settings["volume"] = min(1.0, max(0.0, float(settings["volume"])))
    # The setup screens' remembered choices: {game: {option: value}}; the screen checks values.
    setup = settings.get("setup")
    settings["setup"] = {game: choices for game, choices in setup.items()
                         if isinstance(choices, dict)} if isinstance(setup, dict) else {}
    return settings, message


def save_settings(settings: dict) -> None:
    write_json("settings.json", settings)


# --- high scores ----------------------------------------------------------------------------

TOP = 5


def _check_scores(data):
    if not isinstance(data, dict):
        raise TypeError("scores must be a JSON object")
    clean = {}
    for table, rows in data.items():
        if not isinstance(rows, list):
            raise TypeError(f"score table {table!r} is not a list")
        clean[str(table)] = [row for row in rows if isinstance(row, dict)
                             and isinstance(row.get("score"), (int, float))
                             and not isinstance(row.get("score"), bool)][:TOP]
    return clean


def load_scores():
    data, message = read_json("scores.json", _check_scores)
    return data or {}, message


def add_score(table: str, score: float, higher_is_better: bool = True, detail: str = ""):
    """Record a result; returns its rank (1 = best) or None if it did not make the table."""
    scores, _ = load_scores()
    rows = scores.get(table, [])
    row = {"score": score, "date": time.strftime("%Y-%m-%d"), "detail": detail}
    rows.append(row)
    rows.sort(key=lambda r: -r["score"] if higher_is_better else r["score"])
    rows = rows[:TOP]
    scores[table] = rows
    write_json("scores.json", scores)
    return rows.index(row) + 1 if row in rows else None


def best(table: str):
    scores, _ = load_scores()
    rows = scores.get(table)
    return rows[0]["score"] if rows else None


# --- saved games ----------------------------------------------------------------------------

def save_name(key: str) -> str:
    return os.path.join("saves", f"{key}.json")


def save_game(key: str, data: dict) -> None:
    write_json(save_name(key), data)


def load_game(key: str, rebuild):
    """-> (rebuilt session or None, message or None). `rebuild(data)` raises on a bad save."""
    return read_json(save_name(key), rebuild)


def delete_game(key: str) -> None:
    try:
        os.remove(path(save_name(key)))
    except FileNotFoundError:
        pass


def has_save(key: str) -> bool:
    return os.path.exists(path(save_name(key)))


# --- records of two-player games against the computer ---------------------------------------

def _check_records(data):
    if not isinstance(data, dict):
        raise TypeError("records must be a JSON object")
    return {str(table): {k: int(v) for k, v in counts.items() if k in ("won", "lost", "draw")
                         and isinstance(v, int) and not isinstance(v, bool) and v >= 0}
            for table, counts in data.items() if isinstance(counts, dict)}


def load_records() -> dict:
    data, _ = read_json("records.json", _check_records)
    return data or {}


def record_result(table: str, outcome: str) -> dict:
    """Count one game's outcome ('won', 'lost' or 'draw') in a table; returns the counts."""
    records = load_records()
    counts = records.setdefault(table, {})
    counts[outcome] = counts.get(outcome, 0) + 1
    write_json("records.json", records)
    return counts
