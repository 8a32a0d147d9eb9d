"""Make fonts/DejaVuSans.ttf and DejaVuSans-Bold.ttf: the DejaVu fonts with only the characters
Parlour can show, so the packaged builds carry about 1.2 MB less (room for SQLite's library).

    python tools/subset_fonts.py [--from /usr/share/fonts/truetype/dejavu]

The full fonts come from Debian's fonts-dejavu-core (`apt-get install fonts-dejavu-core`),
version 2.37, the very files Parlour shipped before. Kept: printable ASCII and Latin-1, Latin
Extended-A, general punctuation, currency signs, arrows, mathematical operators, geometric
shapes, the replacement character, and every other character in games/ or sprites/ (run this
again after adding one; tests/test_fonts.py says when). Hinting and kerning are kept, so the
text looks as before. Needs fontTools (`pip install fonttools`), for this tool only.

The licence (LICENSES/DejaVu-fonts.txt, Bitstream Vera) allows modified fonts whose names
contain neither "Bitstream" nor "Vera"; DejaVu's names contain neither, and DejaVu's changes are
in the public domain.
"""
from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x205E), (0x20A0, 0x20CF), (0x2190, 0x21FF),
          (0x2200, 0x22FF),
          (0x25A0, 0x25FF), (0xFFFD, 0xFFFD)]


def source_characters() -> set[int]:
    """Every character in the program's own files (its words, symbols and rules texts)."""
    found: set[int] = set()
    for top in ("games", "sprites"):
        for base, _, names in os.walk(os.path.join(ROOT, top)):
            for name in names:
                if name.endswith(".py"):
                    with open(os.path.join(base, name), encoding="utf-8") as f:
                        found.update(ord(ch) for ch in f.read() if ord(ch) > 0x7E)
    return found


def wanted() -> set[int]:
    characters = source_characters()
    for low, high in RANGES:
        characters.update(range(low, high + 1))
    return characters


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", default="/usr/share/fonts/truetype/dejavu")
    args = parser.parse_args()
    try:
        from fontTools import subset
    except ImportError:
        print("subset_fonts: needs fontTools (pip install fonttools)", file=sys.stderr)
        return 2
    options = subset.Options()
    options.layout_features = ["*"]        # kerning and ligatures as before
    options.name_IDs = ["*"]               # the names and the copyright notices
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = True
    for name in FILES:
        source = os.path.join(args.source, name)
        if not os.path.isfile(source):
            print(f"subset_fonts: {source} is missing (apt-get install fonts-dejavu-core)",
                  file=sys.stderr)
            return 2
        font = subset.load_font(source, options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(wanted()))
        subsetter.subset(font)
        target = os.path.join(ROOT, "fonts", name)
        subset.save_font(font, target, options)
        print(f"{name}: {os.path.getsize(source):,} -> {os.path.getsize(target):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
