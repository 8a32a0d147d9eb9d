"""What the command-line commands share (cli.py and the demo it starts): the error for bad
input and the game parameters read from the options. Below both, so neither imports the other
for it."""
from __future__ import annotations


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit 2."""


def params_for(rules, args):
    options = {name: getattr(args, name, None) for name in ("size", "difficulty", "variant",
                                                            "colours")}
    return rules.params_from_options(**{k: v for k, v in options.items() if v is not None})
