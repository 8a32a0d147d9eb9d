"""Parlour: `python main.py` opens the launcher; the other commands are in
games/core/cli/commands.py."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __name__ == "__main__":
    if not getattr(sys, "frozen", False):
        from importlib.util import find_spec
        missing = [name for name in ("pygame", "numpy", "platformdirs") if find_spec(name) is None]
        if missing:   # one line, as for any bad input: not a traceback
            print(f"parlour: {', '.join(missing)} not installed for {sys.executable}: run "
                  "`python3 dev.py play [ARGS...]` (it sets everything up), or use "
                  ".venv/bin/python main.py [ARGS...]", file=sys.stderr)
            sys.exit(2)
    command = sys.argv[1:2]
    if command == ["bench"] or (command == ["bench-child"] and not sys.pycache_prefix):
        sys.dont_write_bytecode = True   # measuring leaves no .pyc files in the source tree
    from games.core.cli import frozen
    frozen.start()                       # the one-file build only (games/core/cli/frozen.py)
    if command == ["bench-child"]:       # bench's own child programs, as minimal as they come
        from games.core.cli.bench_child import main
        sys.exit(main(sys.argv[2:]))
    from games.core.cli.commands import main
    sys.exit(main(sys.argv[1:]))
