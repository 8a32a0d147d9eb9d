"""A new interpreter for the checks that nothing imported by the tests may hide: what a first
frame imports, what a pure module pulls in."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = ("import os, sys, json\nos.environ['SDL_VIDEODRIVER']='dummy'\n"
       "os.environ['PARLOUR_DATA_DIR']=sys.argv[1]\n"
       "from games.core.loop.app import App\n")


def last_line(code: str) -> str:
    """Run `code` headless in a new interpreter, with this test's data folder (APP opens the
    App's module); the last line it printed."""
    return subprocess.run([sys.executable, "-c", code, os.environ["PARLOUR_DATA_DIR"]],
                          cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip().splitlines()[-1]
