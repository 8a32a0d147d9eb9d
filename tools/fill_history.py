"""Fill the history of a data folder with generated finished games
(games/core/cli/sample_history.py), to look at the statistics and history screens with real
data:

    PARLOUR_DATA_DIR=/tmp/parlour-look python tools/fill_history.py --games 3000 [--seed 1]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.core.cli.sample_history import fill
from games.core.data import history, history_queries
from games.core.data.store import Store


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not os.environ.get("PARLOUR_DATA_DIR"):
        print("fill_history: set PARLOUR_DATA_DIR to a folder to fill (never your own)",
              file=sys.stderr)
        return 2
    db = Store(print).history()
    fill(db, max(0, min(args.games, history.MOST_GAMES)), args.seed)
    print(f"{history_queries.count(db)} games in {db.where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
