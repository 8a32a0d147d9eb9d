"""tools/check_dist.py counts a build's size as `du -sb` does: symlinks are not followed and a
file with several hard links counts once (the one-folder build has both)."""
import importlib.util
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("check_dist", os.path.join(ROOT, "tools",
                                                                         "check_dist.py"))
check_dist = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_dist)


@pytest.mark.parametrize("payload", [1, 4097, 250_000])
def test_the_size_counts_links_once_and_never_follows_them(tmp_path, payload):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "big.so").write_bytes(b"x" * 1_000_000)
    build = tmp_path / "build"
    (build / "_internal" / "libs").mkdir(parents=True)
    library = build / "_internal" / "libs" / "libthing.so.1"
    library.write_bytes(b"y" * payload)
    os.link(library, build / "_internal" / "libthing.so.1")                 # hard link
    os.symlink("libs/libthing.so.1", build / "_internal" / "libthing.so")   # symlink to it
    os.symlink(outside / "big.so", build / "_internal" / "big.so")          # symlink outside
    os.symlink(outside, build / "_internal" / "everything")                 # to a folder
    size = check_dist.true_size(str(build))
    links = sum(len(os.readlink(build / "_internal" / name))
                for name in ("libthing.so", "big.so", "everything"))
    folders = sum(os.lstat(path).st_size for path in
                  (build, build / "_internal", build / "_internal" / "libs"))
    assert size == payload + links + folders < 1_000_000
    if shutil.which("du"):
        du = subprocess.run(["du", "-sb", str(build)], capture_output=True, text=True)
        if du.returncode == 0:       # GNU du; others have no -b
            assert size == int(du.stdout.split()[0])


def test_a_single_file_is_its_size(tmp_path):
    (tmp_path / "parlour-onefile").write_bytes(b"z" * 12345)
    assert check_dist.true_size(str(tmp_path / "parlour-onefile")) == 12345
