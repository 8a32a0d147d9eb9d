"""The shipped fonts are DejaVu with only the characters Parlour shows (tools/subset_fonts.py):
every character in the program's own texts has its glyph in both."""
import pygame

from games.core.loop import assets
from tools.subset_fonts import RANGES, source_characters

MISSING = "\U0010fffd"     # a private-use character no font has: its .notdef box


def has_glyph(font: pygame.font.Font, ch: str) -> bool:
    box = font.render(MISSING, True, (255, 255, 255))
    drawn = font.render(ch, True, (255, 255, 255))
    return drawn.get_size() != box.get_size() or \
        pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(box, "RGBA")


def test_every_character_of_the_program_has_its_glyph():
    pygame.font.init()
    wanted = sorted(source_characters() | set(range(0x21, 0x7F)) | {0xD7, 0xF7, 0x2212, 0x2026,
                                                                    0x20AC})
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = pygame.font.Font(assets.resource("fonts", name), 24)
        missing = [hex(code) for code in wanted if not has_glyph(font, chr(code))]
        assert not missing, f"{name} lacks {missing}: run tools/subset_fonts.py"


def test_the_check_sees_a_missing_glyph():
    pygame.font.init()
    font = pygame.font.Font(assets.resource("fonts", "DejaVuSans.ttf"), 24)
    assert not has_glyph(font, "\u3042") and has_glyph(font, "A")
    assert all(low <= high for low, high in RANGES)
