"""Set up and run Parlour with nothing but python3.

    python3 dev.py play [ARGS...]   create .venv if needed, install, start Parlour (main.py ARGS)
    python3 dev.py test [ARGS...]   create .venv if needed, install with test extras, run pytest
    python3 dev.py dist             build dist/parlour/ (one folder) and dist/parlour-onefile

The environment is brought up to date when setup.cfg changes (its hash is stored in .venv).
"""
import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(ROOT, ".venv")
BIN = os.path.join(VENV, "Scripts" if os.name == "nt" else "bin")
PYTHON = os.path.join(BIN, "python.exe" if os.name == "nt" else "python")


def ensure_environment(extras: str) -> None:
    with open(os.path.join(ROOT, "setup.cfg"), "rb") as f:
        wanted = hashlib.sha256(f.read() + extras.encode()).hexdigest()
    stamp = os.path.join(VENV, f"parlour-installed-{extras or 'base'}")
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return
    if not os.path.exists(PYTHON):
        print("Creating the environment in .venv ...", flush=True)
        try:
            venv.create(VENV, with_pip=True)
        except Exception as error:  # Debian without python3-venv lands here
            sys.exit(f"Could not create a virtual environment ({error}). "
                     "On Debian or Ubuntu: sudo apt-get install python3-venv")
    print("Installing dependencies (the first time takes a minute or two) ...", flush=True)
    target = f".[{extras}]" if extras else "."
    # pip's own progress shows: a first setup downloads some 40 MB.
    installed = subprocess.call([PYTHON, "-m", "pip", "install", "--progress-bar", "on",
                                 "--disable-pip-version-check", "-e", target], cwd=ROOT)
    if installed != 0:
        sys.exit("Installing the dependencies failed (see pip's message above).")
    with open(stamp, "w") as f:
        f.write(wanted)


# The checks `python3 dev.py test` runs before the tests (settings: pyproject.toml for ruff,
# setup.cfg for mypy).
RUFF = ("ruff", "check", "--quiet", ".")
MYPY = ("mypy",)          # the files and how strict each module is are named in setup.cfg
CHECKS = (RUFF, MYPY)


def run_check(tool: tuple[str, ...]) -> bool:
    print(f"{' '.join(tool)} ...", flush=True)
    return subprocess.call([os.path.join(BIN, tool[0]), *tool[1:]], cwd=ROOT) == 0


def main() -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py runs on any python3 to say so)
        sys.exit(f"Parlour needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    command, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if command == "play":
        ensure_environment("")
        return subprocess.call([PYTHON, os.path.join(ROOT, "main.py"), *args], cwd=ROOT)
    if command == "test":
        ensure_environment("test")
        # The whole run: the checks first (a run of chosen tests skips them).
        if not args and not all(run_check(tool) for tool in CHECKS):
            return 1
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        return subprocess.call([PYTHON, "-m", "pytest", *args], cwd=ROOT, env=env)
    if command == "dist":
        ensure_environment("build")
        for extra in ([], ["--", "--onefile"]):
            built = subprocess.call([PYTHON, "-m", "PyInstaller", "--noconfirm", "--clean",
                                     "parlour.spec", *extra], cwd=ROOT)
            if built != 0:
                return built
        print("Built dist/parlour/parlour (one folder) and dist/parlour-onefile (one file).")
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
