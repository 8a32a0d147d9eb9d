"""Parlour: `python main.py` opens the launcher; other commands are in games/core/cli.py."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __name__ == "__main__":
    from games.core import frozen; frozen.start()   # one-file build only (games/core/frozen.py)
    from games.core.cli import main
    sys.exit(main(sys.argv[1:]))
