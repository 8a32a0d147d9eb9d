"""The command line: `python main.py` and its headless commands (generate, solve, analyse,
selfplay, demo, bench), and the packaged build's start-up duties."""
