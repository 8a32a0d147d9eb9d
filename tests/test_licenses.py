"""Every component the packaged game ships has its licence text in LICENSES/: the table in
LICENSES/README.txt maps bundle paths to licence files. The paths are derived here from what
the build would collect (the wheels' libraries, the system libraries they and Python's modules
load, minus parlour.spec's EXCLUDES; the pinned dependencies; the data files), so a new
library or dependency without a licence fails. tools/check_dist.py checks the real bundle."""
from __future__ import annotations

import ast
import configparser
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("check_dist", os.path.join(ROOT, "tools",
                                                                         "check_dist.py"))
check_dist = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_dist)

SITE = sysconfig.get_paths()["purelib"]
# Loaded from the player's own system, never bundled (PyInstaller leaves glibc out).
SYSTEM = ("libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libutil.so",
          "ld-linux", "linux-vdso", "libresolv.so")


def excludes() -> set[str]:
    """The EXCLUDES list of parlour.spec, read without running PyInstaller."""
    with open(os.path.join(ROOT, "parlour.spec"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "EXCLUDES":
            return set(ast.literal_eval(node.value))
    raise AssertionError("parlour.spec has no EXCLUDES list")


def excluded(module: str, names: set[str]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def extension_modules() -> list[str]:
    """The compiled modules the build collects: pygame's and numpy's, and those of Python's
    that the game's modules load (PyInstaller follows imports, so Python's _tkinter or _sqlite3,
    never imported, are not collected), less EXCLUDES."""
    names = excludes()
    found = python_modules_loaded()
    for package in ("pygame", "numpy"):
        for path in glob.glob(os.path.join(SITE, package, "**", "*.so"), recursive=True):
            module = os.path.relpath(path, SITE).split(".")[0].replace(os.sep, ".")
            if not excluded(module, names):
                found.append(path)
    return found


def python_modules_loaded() -> list[str]:
    """Python's own compiled modules loaded by importing every module of games/ and sprites/
    (what parlour.spec collects) with numpy's linear algebra, in a fresh interpreter."""
    code = ("import importlib, pkgutil, sys, sysconfig, numpy.linalg, platformdirs\n"
            "import games, sprites\n"
            "for package in (games, sprites):\n"
            "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
            "        importlib.import_module(found.name)\n"
            "home = sysconfig.get_config_var('DESTSHARED')\n"
            "for module in list(sys.modules.values()):\n"
            "    if (getattr(module, '__file__', None) or '').startswith(home):\n"
            "        print(module.__file__)\n")
    output = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    paths = output.split()
    assert any("_ctypes" in path for path in paths), "games.core.loop.sdl loads ctypes"
    names = excludes()
    return [path for path in paths if not excluded(os.path.basename(path).split(".")[0], names)]


def libpython() -> list[str]:
    name = sysconfig.get_config_var("INSTSONAME") or ""
    path = os.path.join(sysconfig.get_config_var("LIBDIR") or "", name)
    return [path] if name and os.path.exists(path) else []


def loaded_libraries(binaries: list[str]) -> set[str]:
    """The shared libraries these binaries load (ldd: the whole chain), named as the bundle
    names them: the wheels' own under pygame_ce.libs/ or numpy.libs/, the system's at the top.
    glibc's stay out: the player's system provides them."""
    found = set()
    for binary in binaries:
        output = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
        for line in output.splitlines():
            name, _, where = line.strip().partition(" => ")
            where = where.split(" (")[0]
            if not where.startswith("/") or name.startswith(SYSTEM):
                continue
            folder = os.path.basename(os.path.dirname(where))
            found.add(f"{folder}/{name}" if where.startswith(SITE) else name)
    return found


def requirements() -> list[str]:
    config = configparser.ConfigParser()
    config.read(os.path.join(ROOT, "setup.cfg"))
    lines = config["options"]["install_requires"].split("\n")
    return [line.split("==")[0].strip() for line in lines if line.strip()]


def test_the_table_names_only_licence_files_that_exist_and_uses_them_all():
    named = {name for _, name in check_dist.licence_table()}
    present = set(os.listdir(os.path.join(ROOT, "LICENSES")))
    assert named <= present, f"missing: {named - present}"
    assert present <= named, f"not in the table: {present - named}"
    for name in present:
        assert os.path.getsize(os.path.join(ROOT, "LICENSES", name)) > 500, name


def test_a_library_nobody_licensed_is_found():
    assert check_dist.unlicensed(["libnewcodec-1a2b3c.so.4", "newdependency", "numpy/x.so"]) == \
        ["libnewcodec-1a2b3c.so.4", "newdependency"]


def test_the_executables_and_the_dependencies_have_licences():
    shipped = requirements() + ["parlour", "parlour-onefile", "base_library.zip"]
    assert "pygame-ce" in shipped and "numpy" in shipped
    assert check_dist.unlicensed(shipped) == []


def test_the_data_files_have_licences():
    data = [os.path.relpath(path, ROOT).replace(os.sep, "/")
            for pattern in ("fonts/*.ttf", "sounds/*.wav", "sprites/thumbnails/*")
            for path in glob.glob(os.path.join(ROOT, pattern))]
    assert len(data) >= 9
    assert check_dist.unlicensed(data) == []


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                    reason="reads the libraries' dependencies with ldd (Linux)")
def test_every_library_the_build_would_collect_has_a_licence():
    libraries = loaded_libraries(extension_modules() + libpython())
    assert "libstdc++.so.6" in libraries, "numpy's core loads it: ldd found nothing?"
    assert "libffi.so.8" in libraries or not libpython(), "Python's _ctypes loads libffi"
    assert any(name.startswith("pygame_ce.libs/libSDL2_mixer") for name in libraries)
    assert any(name.startswith("numpy.libs/libscipy_openblas") for name in libraries)
    assert not {"libssl.so.3", "libreadline.so.8"} & libraries, "EXCLUDES are not applied"
    assert not any("portmidi" in name for name in libraries), "EXCLUDES are not applied"
    assert check_dist.unlicensed(sorted(libraries)) == []


def test_the_built_bundle_when_there_is_one():
    folder = os.path.join(ROOT, "dist", "parlour")
    if not os.path.isdir(os.path.join(folder, "_internal", "LICENSES")):
        pytest.skip("no dist/parlour with LICENSES (python3 dev.py dist builds it)")
    assert check_dist.unlicensed(check_dist.bundle_paths(folder)) == []
