"""The best scores and records of the builds before the history (scores.json, records.json),
read once into history rows. The files are read as before (checked against their schema; a bad
one is set aside as NAME.bad-N.json and the player told) and then kept beside, renamed
NAME.imported.json: never deleted."""
from __future__ import annotations

import os
import re

from games.core.data import schema
from games.core.data.history_rows import DataFolder
from games.core.kit import registry
from games.core.kit.checks import check

OLD_FILES = ("scores.json", "records.json")
DATE = re.compile(r"[0-9]{4}-[01][0-9]-[0-3][0-9]")
LEVEL = re.compile(r"[a-z0-9_]{1,32}")


def old_rows(store: DataFolder, now: str) -> list[dict]:
    """The fields of history rows (history.Game) for what the old files hold: each best score
    a won game of its table's parameters (ranked); each record's count one row standing for
    that many games against the computer at that level. Tables of games this build does not
    know are left in the file. `now` (UTC) stands for a time the files do not keep."""
    known = registry.load_all()
    rows: list[dict] = []
    scores, _ = store.read_json("scores.json", lambda data: check(schema.SCORES, data))
    for table, entries in (scores or {}).items():
        key, _, params = table.partition("/")
        if key not in known or ":" in params or "#" in params or not params.isascii():
            continue
        for entry in entries:
            day = entry.get("date", "")
            finished = f"{day} 12:00:00" if DATE.fullmatch(day) else now
            rows.append(dict(game=key, params=params, game_id="", started="", finished=finished,
                             outcome="won", score=entry["score"], detail=entry["detail"],
                             ranked=True, duration=None))
    records, _ = store.read_json("records.json", lambda data: check(schema.RECORDS, data))
    for table, counts in (records or {}).items():
        key, _, rest = table.partition("/")
        level = rest.removeprefix("level=")
        if key not in known or not LEVEL.fullmatch(level):
            continue
        for outcome in ("won", "lost", "draw"):
            if counts.get(outcome):
                rows.append(dict(game=key, params="", game_id="", started="", finished=now,
                                 outcome=outcome, score=None, detail="", ranked=False,
                                 duration=None, opponent="computer", level=level,
                                 games=counts[outcome]))
    return rows


def digests(store: DataFolder) -> dict[str, str]:
    """The SHA-256 of each old file that is there now (regular files, read with the cap)."""
    import hashlib
    found = {}
    for name in OLD_FILES:
        try:
            found[name] = hashlib.sha256(store.file_bytes(name)).hexdigest()
        except (OSError, ValueError):
            pass
    return found


def rename_imported(store: DataFolder, imported: dict[str, str]) -> None:
    """Keep each imported file beside, as NAME.imported.json (NAME.imported-N.json if that is
    taken), if it is still the very file imported (`imported`: name -> SHA-256). A file that
    cannot be moved stays: the history knows it was imported."""
    now = digests(store)
    for name in OLD_FILES:
        if name not in imported or now.get(name) != imported[name]:
            continue
        try:
            source = store.path(name)
            stem = source[:-len(".json")]
            target, n = f"{stem}.imported.json", 1
            while os.path.lexists(target):
                n += 1
                target = f"{stem}.imported-{n}.json"
            os.replace(source, target)
        except OSError:
            pass
