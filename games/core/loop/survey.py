"""What a frame shows, noted while it is drawn, and what is wrong with it: the tour's checks
(`python main.py tour`, games/core/cli/tour.py) and the tests'.

While a Survey is recording (`recording(screen)`, only ever for a tour or a test), the drawing
functions every screen uses report to it: ui.label and the texts games draw themselves (the
words, where they are and how big), ui.fit_text and ui.paragraph (the box a sentence was given),
ui.panel (a box), ui.shade (a veil over what was drawn before), charts.fitted (words cut short),
a picture that should show something (the board of a review) and a figure shown beside the
record it comes from. The App notes which scene draws. Kept pictures (a Backdrop, the HUD's
strips, the launcher's and the statistics' whole pictures) are painted afresh while it records,
so every text of the frame is seen where it lands (tests/test_kept_pictures.py: the two are
the same picture). Otherwise `current` is None and a drawing function pays one test of it.

Drawing stays free of effects on the game: a Survey only collects, and `problems()` judges the
frame once it is drawn. A problem names the scene, the widget and the words:
- a text off the screen or cut by the edge of its view, too small to read on the screen it is
  shown on, or cut short;
- a sentence that does not fit the box it was given;
- two texts that overlap, a text that runs over the edge of a box, a box drawn over a text or
  over part of another box, within one scene; and a box of an overlay that leaves the screen
  beneath to be read (no veil: Options beside a game) cutting across a text of it (an overlay
  behind a veil, a question or a result, covers what is beneath);
- a picture that shows nothing, or much less than the game itself shows there;
- a figure that disagrees with the record it was drawn from;
- with the colour-blind palette, a colour named (a piece's, capitalised) that the palette does
  not paint.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pygame

from games.core.loop import assets, palette

LEGIBLE_PIXELS = 13    # the least text height on screen (a font's size in pixels) that reads
SLACK = 2              # pixels two rectangles may share before they overlap (antialiasing)
LOGICAL_HEIGHT = 1080
# Colour names the colour-blind palette never paints: its colours are the Okabe-Ito ones
# (palette.OKABE_ITO), which every game's sprites use in it, read by the words of
# palette.OKABE_ITO_WORDS (the one table the games name colours from). A piece's colour is a
# name, as the games write it ("the Red tile", "Cyan star"); a frame's own colours, the same in
# either palette ("a red ring" round a capture), are written small.
UNPAINTED = tuple(word for word in ("Red", "Green", "Purple", "Cyan", "Teal", "Gold", "Pink",
                                    "Magenta", "Violet", "Brown")
                  if word.lower() not in palette.OKABE_ITO_WORDS.values())
SAFE_NAMES = re.compile("|".join(sorted({*palette.OKABE_ITO, *palette.OKABE_ITO_WORDS.values()},
                                        key=len, reverse=True)), re.I)
COLOUR_WORD = re.compile(r"\b(" + "|".join(UNPAINTED) + r")\b")

current: Survey | None = None     # the Survey recording now (recording() sets it), or None


# A text and a box noted: NamedTuples (defined on every first frame: a tenth of a dataclass's cost)
class Text(NamedTuple):
    words: str
    ink: pygame.Rect           # the part of it with ink, as it shows on the screen
    size: int                  # the font size asked for (before the player's text size)
    layer: tuple[int, int]     # (the scene, the veils over the frame so far)
    order: int
    owner: str


class Box(NamedTuple):
    rect: pygame.Rect
    layer: tuple[int, int]
    order: int
    owner: str


class Survey:
    """The notes of one frame drawn on `screen`, shown on a screen of `shown` pixels (a plain
    class: a recorder, not a record, and a dataclass would cost every first frame 0.5 ms)."""

    def __init__(self, screen: pygame.Surface, shown: tuple[int, int] = (1920, 1080)) -> None:
        self.screen = screen
        self.shown = shown
        self.texts: list[Text] = []
        self.boxes: list[Box] = []
        self.found: list[str] = []    # judged as they were noted
        self.scenes = 0               # the scenes drawn so far
        self.veils = 0                # the veils drawn over the frame so far
        self.scene = ""
        self.owner: Any = None        # the widget being drawn (ui.Menu sets it)
        self.order = 0

    # --- noting, while the frame is drawn ---------------------------------------------------
    def where(self, surface: pygame.Surface) -> tuple[int, int] | None:
        """The offset of `surface` on the screen, or None when it is not the screen (a
        picture painted to be shown elsewhere)."""
        if surface is self.screen:
            return 0, 0
        if surface.get_abs_parent() is self.screen:
            return surface.get_abs_offset()
        return None

    def seen(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
        """What of `rect` (drawn on `surface`) shows on the screen, in the screen's
        coordinates: inside the surface's clip; None when none of it does."""
        offset = self.where(surface)
        if offset is None:
            return None
        shown = rect.clip(surface.get_clip()).move(offset)
        return shown if shown.width and shown.height else None

    @property
    def layer(self) -> tuple[int, int]:
        return self.scenes, self.veils

    def begin_scene(self, scene: object) -> None:
        self.scene, self.owner = type(scene).__name__, None
        self.scenes += 1

    def veil(self) -> None:
        """A veil over everything drawn so far: what comes next is a layer above it."""
        self.veils += 1

    def who(self) -> str:
        """The scene, and the widget being drawn with its words."""
        if self.owner is None:
            return self.scene
        words = getattr(self.owner, "words", "") or getattr(getattr(self.owner, "info", None),
                                                             "title", "")
        kind = type(self.owner).__name__
        return f"{self.scene}, {kind} {words!r}" if words else f"{self.scene}, {kind}"

    def text(self, surface: pygame.Surface, words: str, rect: pygame.Rect, size: int,
             image: pygame.Surface | None = None) -> None:
        inked = image.get_bounding_rect().move(rect.topleft) if image is not None else rect
        ink = self.seen(surface, inked)
        if ink is None or not words.strip():
            return
        if ink.size != inked.size:
            edge = "the screen" if surface.get_clip() == surface.get_rect() else "its view"
            self.found.append(f"{self.who()}: {words!r} runs off {edge}")
        self.order += 1
        self.texts.append(Text(words, ink, size, self.layer, self.order, self.who()))

    def panel(self, surface: pygame.Surface,
              rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        shown = self.seen(surface, pygame.Rect(rect))
        if shown is not None:
            self.order += 1
            self.boxes.append(Box(shown, self.layer, self.order, self.who()))

    def fit(self, surface: pygame.Surface, words: str, box: pygame.Rect, size: int,
            lines: tuple[str, ...], bold: bool, pitch: int) -> None:
        """A sentence given a box (ui.fit_text, ui.paragraph): its lines at `size`."""
        if self.where(surface) is None:
            return
        face = assets.font(size, bold)
        wide = max((face.size(line)[0] for line in lines), default=0)
        tall = face.get_height() + (len(lines) - 1) * pitch
        if " ".join(lines) != " ".join(words.split()):
            self.found.append(f"{self.who()}: {words!r} is cut short")
        if wide > box.width or tall > box.height:
            self.found.append(f"{self.who()}: {words!r} needs {wide}x{tall} at size {size}; "
                              f"its box is {box.width}x{box.height}")

    def cut(self, words: str, shown: str) -> None:
        """Words shortened to fit (charts.fitted): the player cannot read them whole."""
        self.found.append(f"{self.who()}: {words!r} is cut short to {shown!r}")

    def picture(self, surface: pygame.Surface, name: str, rect: pygame.Rect,
                background: tuple[int, int, int] | None = None,
                expected: Callable[[], pygame.Surface] | None = None) -> None:
        """`rect` of the surface should show a picture, just drawn there on `background` (by
        default the colour just inside its corner): something, and where `expected` paints
        what the game itself shows there, as much as that."""
        offset = self.where(surface)
        if offset is None:
            return
        rect = pygame.Rect(rect).move(offset).clip(self.screen.get_rect())
        if not rect.width or not rect.height:
            return
        area = self.screen.subsurface(rect)
        corner = area.get_at((min(16, rect.width - 1), min(16, rect.height - 1)))
        plain = background or (corner.r, corner.g, corner.b)
        shown = ink(area, plain)
        if expected is None:
            if shown < 0.01 * rect.width * rect.height:
                self.found.append(f"{self.who()}: {name} shows nothing")
            return
        wanted = ink(expected(), plain)
        if shown < 0.8 * wanted:
            self.found.append(f"{self.who()}: {name} shows {shown / max(1, wanted):.0%} of "
                              f"what the game shows there")

    def agree(self, name: str, shown: Any, record: Any) -> None:
        """A figure shown beside the record it comes from: the two must say the same."""
        if shown != record:
            self.found.append(f"{self.who()}: {name} says {shown!r} where the record says "
                              f"{record!r}")

    # --- judging, once it is drawn ------------------------------------------------------------
    def problems(self) -> list[str]:
        found = list(self.found)
        screen = self.screen.get_rect()
        scale = min(self.shown[0] / screen.width, self.shown[1] / screen.height)
        for text in self.texts:
            pixels = round(text.size * assets.text_scale()) * scale * screen.height / \
                LOGICAL_HEIGHT
            if pixels < LEGIBLE_PIXELS:
                found.append(f"{text.owner}: {text.words!r} is {pixels:.0f} pixels high on a "
                             f"{self.shown[0]}x{self.shown[1]} screen: too small to read")
            if palette.current() == palette.SAFE:
                named = COLOUR_WORD.search(SAFE_NAMES.sub("", text.words))
                if named:
                    found.append(f"{text.owner}: {text.words!r} names a colour ({named[0]}) "
                                 f"the colour-blind palette does not paint")
        found += self.overlaps()
        return list(dict.fromkeys(found))

    def cutting(self, text: Text) -> list[Box]:
        """The boxes of the scenes above the text's, with no veil between them (an overlay
        that leaves the screen beneath to be read: Options beside a game), that cut across
        it. What such a box covers wholly is hidden behind it; what it covers in part is
        cut."""
        above = [box for box in self.boxes
                 if box.layer[1] == text.layer[1] and box.layer[0] > text.layer[0]]
        if any(inside(text.ink, box.rect) for box in above):
            return []
        return [box for box in above if shared(text.ink, box.rect)]

    def overlaps(self) -> list[str]:
        found = []
        for layer in sorted({text.layer for text in self.texts} |
                            {box.layer for box in self.boxes}):
            texts = [text for text in self.texts if text.layer == layer]
            boxes = [box for box in self.boxes if box.layer == layer]
            for n, text in enumerate(texts):
                for other in texts[n + 1:]:
                    if shared(text.ink, other.ink) and text.words != other.words:
                        found.append(f"{other.owner}: {other.words!r} overlaps "
                                     f"{text.words!r} ({text.owner})")
                for box in boxes + self.cutting(text):
                    if not shared(text.ink, box.rect):
                        continue
                    if box.order > text.order:
                        found.append(f"{box.owner}: a box drawn over {text.words!r} "
                                     f"({text.owner})")
                    elif not inside(text.ink, box.rect):
                        found.append(f"{text.owner}: {text.words!r} runs over the edge of "
                                     f"a box ({box.owner})")
            for n, box in enumerate(boxes):
                for later in boxes[n + 1:]:
                    if shared(box.rect, later.rect) and not inside(later.rect, box.rect) \
                            and not inside(box.rect, later.rect):
                        found.append(f"{later.owner}: its box overlaps a box ({box.owner})")
        return found


def shared(a: pygame.Rect, b: pygame.Rect) -> bool:
    """The two share more than a sliver."""
    common = a.clip(b)
    return common.width > SLACK and common.height > SLACK


def inside(a: pygame.Rect, b: pygame.Rect) -> bool:
    """a lies within b, but for a sliver."""
    return b.inflate(2 * SLACK, 2 * SLACK).contains(a)


def ink(picture: pygame.Surface, background: tuple[int, int, int]) -> int:
    """How many pixels of the picture are not the background."""
    width, height = picture.get_size()
    plain = pygame.mask.from_threshold(picture.convert() if picture.get_flags() &
                                       pygame.SRCALPHA else picture,
                                       background, (6, 6, 6, 255)).count()
    return width * height - plain


@contextmanager
def recording(screen: pygame.Surface, shown: tuple[int, int] | None = None) -> Iterator[Survey]:
    """Note everything drawn on `screen` until the block ends (a screen of `shown` pixels
    shows it; the logical size by default)."""
    global current
    survey = Survey(screen, shown or screen.get_size())
    current = survey
    try:
        yield survey
    finally:
        current = None
