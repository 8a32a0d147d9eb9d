"""The best scores and records of the builds before the history (scores.json, records.json),
read once into history rows. The files are read as before (checked against their schema; a bad
one is set aside as NAME.bad-N.json and the player told) and then kept beside, renamed
NAME.imported.json: never deleted. A result the history cannot hold (a game this build does
not have, words it cannot keep) is named to the player, and its file is kept as
NAME.partly-imported.json."""
from __future__ import annotations

import os
import re
from typing import Any

from games.core.data import schema
from games.core.data.history_rows import CHECKS, DataFolder, Game, checked, utc_text
from games.core.kit import registry
from games.core.kit.checks import Invalid, check

OLD_FILES = ("scores.json", "records.json")
LEVEL = re.compile(r"[a-z0-9_]{1,32}")
Row = tuple[str, dict[str, Any]]  # (the old file's name, the fields of a history.Game)
Refused = tuple[str, str]  # (the old file's name, which result and why, in words)


def import_once(history: Any) -> None:
    """The old files' results become rows of `history` (a history.History), once, in the
    transaction that marks it done with each file's SHA-256; the files are then renamed beside
    (never deleted), and the results that could not be kept named to the player. In memory,
    the rows are read but the files left as they are, for the next start to import."""
    db, store = history.db, history.store
    if db.execute("SELECT 1 FROM meta WHERE name = 'imported'").fetchone():
        if history.where:      # an import killed before the files were renamed: finish it
            rename_imported(store, imported_digests(db))
        return
    rows, refused = old_rows(store, utc_text())
    found = digests(store)   # of the files read (a bad one is set aside now)

    def work() -> bool:
        if db.execute("SELECT 1 FROM meta WHERE name = 'imported'").fetchone():
            return False
        for name, row in rows:
            try:
                history.insert(checked(Game(**row)))
            except Invalid as why:     # a value the history cannot hold: named
                refused.append((name, row_words(row, why)))
        partly = {name for name, _ in refused}
        for name, digest in found.items():
            db.execute("INSERT INTO meta VALUES (?, ?)",
                       (f"imported {name}", digest + (" partly" if name in partly else "")))
        db.execute("INSERT INTO meta VALUES ('imported', ?)", (utc_text(),))
        return True
    imported = history.write(work)
    if history.where:
        kept = rename_imported(store, imported_digests(db))
        if imported and refused:
            store.tell(said(refused, kept))


def imported_digests(db: Any) -> dict[str, tuple[str, bool]]:
    """Each old file as the history imported it: its SHA-256 and whether part of it could not
    be (only that very file is renamed; one an older build wrote later is not Parlour's)."""
    rows = db.execute("SELECT name, value FROM meta WHERE name LIKE 'imported %' "
                      "LIMIT 10").fetchall()
    return {name.removeprefix("imported "): (value.split(" ")[0], value.endswith(" partly"))
            for name, value in rows if isinstance(name, str) and isinstance(value, str)}


def old_rows(store: DataFolder, now: str) -> tuple[list[Row], list[Refused]]:
    """The fields of history rows (history.Game) for what the old files hold: each best score
    a won game of its table's parameters (ranked); each record's count one row standing for
    that many games against the computer at that level. `now` (UTC) stands for a time the files
    do not keep (or keep as no day a row may hold). The tables that cannot be rows (a game this
    build does not have, parameters it cannot read) are refused, in words."""
    known = registry.keys()
    rows: list[Row] = []
    refused: list[Refused] = []
    scores, _ = store.read_json("scores.json", lambda data: check(schema.SCORES, data))
    for table, entries in (scores or {}).items():
        key, _, params = table.partition("/")
        if key not in known or ":" in params or "#" in params or not params.isascii():
            refused += [("scores.json", f"{shown(table)}: {score_words(entry)} (a game or "
                                        "setting this build does not have)")
                        for entry in entries]
            continue
        for entry in entries:
            day = f"{entry.get('date', '')} 12:00:00"
            rows.append(("scores.json", dict(
                game=key, params=params, game_id="", started="", outcome="won",
                finished=day if CHECKS["finished"].accepts(day) else now, score=entry["score"],
                detail=re.sub(r"[\t\n]", " ", entry["detail"]), ranked=True, duration=None)))
    records, _ = store.read_json("records.json", lambda data: check(schema.RECORDS, data))
    for table, counts in (records or {}).items():
        key, _, rest = table.partition("/")
        level = rest.removeprefix("level=")
        if key not in known or not LEVEL.fullmatch(level):
            refused.append(("records.json", f"{shown(table)}: a record of a game or level this "
                                            "build does not have"))
            continue
        for outcome in ("won", "lost", "draw"):
            if counts.get(outcome):
                rows.append(("records.json", dict(
                    game=key, params="", game_id="", started="", finished=now,
                    outcome=outcome, score=None, detail="", ranked=False, duration=None,
                    opponent="computer", level=level, games=counts[outcome])))
    return rows, refused


def score_words(entry: dict[str, Any]) -> str:
    return shown(entry.get("detail") or f"{entry.get('score', '')}")


def shown(table: str) -> str:
    text = "".join(c if c.isprintable() else "?" for c in table)
    return text if len(text) <= 40 else text[:37] + "..."


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def row_words(row: dict[str, Any], why: object) -> str:
    """A result the history refused, for the player."""
    where = f"{row['game']}/{row['params']}" if row.get("params") else \
        f"{row['game']}/level={row.get('level', '')}"
    return f"{shown(where)}: {score_words(row) if row['score'] is not None else row['outcome']}" \
        f" ({why})"


def said(refused: list[Refused], kept: dict[str, str]) -> str:
    """The one message about the results not imported, and where their files are kept."""
    files = sorted({name for name, _ in refused})
    examples = "; ".join(words for _, words in refused[:2]) + \
        ("; and more" if len(refused) > 2 else "")
    where = ", ".join(f"{name} as {kept[name]}" for name in files if name in kept)
    return (f"{plural(len(refused), 'result')} of the older {' and '.join(files)} could not be "
            f"brought into the history ({examples})." +
            (f" The file is kept whole: {where}." if where else ""))


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


def rename_imported(store: DataFolder, imported: dict[str, tuple[str, bool]]) -> dict[str, str]:
    """Keep each imported file beside, as NAME.imported.json (NAME.partly-imported.json when
    some of it could not be imported; -N if that is taken), if it is still the very file
    imported (`imported`: name -> (SHA-256, partly)). A file that cannot be moved stays: the
    history knows it was imported. Returns name -> the name it is kept as."""
    now = digests(store)
    kept = {}
    for name in OLD_FILES:
        if name not in imported or now.get(name) != imported[name][0]:
            continue
        try:
            source = store.path(name)
            stem = source[:-len(".json")] + (".partly-imported" if imported[name][1] else
                                              ".imported")
            target, n = f"{stem}.json", 1
            while os.path.lexists(target):
                n += 1
                target = f"{stem}-{n}.json"
            os.replace(source, target)
            kept[name] = os.path.basename(target)
        except OSError:
            pass
    return kept
