"""Every colour name a player reads matches the colour drawn, in both palettes: a game's colour
words come from one place (games/core/loop/palette.py's OKABE_ITO_WORDS, through its art
module's SAFE_OF, `painted` and `reword`), each word's hue is checked against the colour
painted; and every text a player reads that names a colour (rules, lessons, captions, setup
choices, DeducTile's tiles and clues, Ishido's stones, Mu Torere's sides) says only names of
colours drawn in that palette. Before this, the safe palette's vermilion was called "Red"."""
from __future__ import annotations

import colorsys
import re

import pygame
import pytest

from games.core.kit import registry
from games.core.loop import palette
from games.core.screens import ui
from games.core.screens.launch import colour_words
from games.core.screens.overlays import HelpScene

PALETTES = (palette.STANDARD, palette.SAFE)
# The hues (degrees) each colour word may name; black and white by their lightness.
HUES = {"red": ((330, 360), (0, 18)), "vermilion": ((10, 32),), "orange": ((22, 48),),
        "gold": ((38, 58),), "yellow": ((45, 72),), "green": ((75, 170),),
        "teal": ((165, 195),), "cyan": ((180, 215),), "sky blue": ((185, 215),),
        "blue": ((198, 250),), "purple": ((250, 335),), "pink": ((295, 350),)}
WORDS = re.compile(r"\b(" + "|".join(sorted([*HUES, "black", "white"], key=len, reverse=True))
                   + r")\b", re.IGNORECASE)
# Colours a game names that are the same in both palettes: the frame's red (ui.BAD: Kono's
# capture rings, DeducTile's broken clues), the black and white pieces and stones.
FIXED = {"kono": {"red": ui.BAD, "black": (30, 30, 36), "white": (236, 232, 220)},
         "mu_torere": {"black": (50, 53, 64), "white": (232, 226, 208)}}


def looks(word: str, colour) -> bool:
    red, green, blue = (c / 255 for c in colour[:3])
    hue, saturation, value = colorsys.rgb_to_hsv(red, green, blue)
    if word == "black":
        return value < 0.35
    if word == "white":
        return value > 0.8 and saturation < 0.2
    return saturation > 0.25 and any(low <= hue * 360 <= high for low, high in HUES[word])


@pytest.fixture
def each_palette():
    """Runs the body in both palettes, leaving the Standard one active."""
    def run(body):
        try:
            for name in PALETTES:
                palette.use({"palette": name})
                body(name)
        finally:
            palette.use({"palette": palette.STANDARD})
    return run


def named(key: str) -> dict[str, object]:
    """The colour words a game uses in the active palette, each with the colour drawn."""
    art = registry.lookup(key).art().sprites
    safe_of = getattr(art, "SAFE_OF", {})
    names = {palette.word(word, safe): art.painted(word) for word, safe in safe_of.items()}
    return {**names, **FIXED.get(key, {})}


def test_the_checks_find_what_they_are_for():
    assert looks("red", (222, 60, 55)) and not looks("red", palette.OKABE_ITO["vermilion"])
    assert looks("vermilion", palette.OKABE_ITO["vermilion"])
    assert not looks("teal", palette.OKABE_ITO["sky blue"]) and looks("black", (10, 10, 10))


@pytest.mark.parametrize("key", registry.KEYS)
def test_every_colour_word_names_the_colour_drawn_in_both_palettes(key, each_palette):
    def body(name):
        words = named(key)
        assert len({word.lower() for word in words}) == len(words), "two colours, one name"
        for word, colour in words.items():
            assert looks(word.lower(), colour), f"{key}, {name} palette: {word} is {colour}"
    each_palette(body)


def texts_of(key: str) -> list[str]:
    """What a player reads of a game that may name its colours, as the screens word it:
    the rules, the lesson, the pictures' captions, the setup choices."""
    parts = registry.lookup(key).parts()
    texts = [parts.data.rules_text]
    lesson = parts.lesson()
    if lesson is not None:
        texts += [words for step in lesson.steps
                  for words in (step.say, step.praise, step.miss) if words]
    texts += [picture.caption for picture in parts.pictures()]
    settings = {key: {"colours": ["red", "teal"]}} if key == "mu_torere" else {}
    options = parts.data.options_for(settings)
    texts += [words for option in options for _, words in option.choices]
    return [colour_words(key, text) for text in texts]


def unnamed(key: str, texts: list[str]) -> list[str]:
    """The colour words in `texts` that name no colour the game draws in this palette."""
    names = {word.lower() for word in named(key)}
    return [f"{found.group(0)!r} in {text[:70]!r}" for text in texts
            for found in WORDS.finditer(text) if found.group(0).lower() not in names]


@pytest.mark.parametrize("key", registry.KEYS)
def test_rules_lessons_captions_and_choices_name_only_colours_drawn(key, each_palette):
    each_palette(lambda name: (lambda problems: not problems or pytest.fail(
        f"{key}, {name} palette: {problems}"))(unnamed(key, texts_of(key))))


def test_the_rules_screen_draws_its_colours_by_the_palette(driver, drawn_labels, each_palette):
    def body(name):
        driver.app.settings["palette"] = name          # as Settings sets it
        driver.app.apply_look()
        drawn_labels.clear()
        scene = HelpScene(driver.app, "ishido")
        driver.app.push(scene)
        driver.frames(3)
        driver.app.pop(scene)
        words = " ".join(words for _, words, _ in drawn_labels)
        assert ("vermilion" in words) == (name == palette.SAFE)
        assert unnamed("ishido", [words]) == []
    each_palette(body)


@pytest.mark.parametrize("key", ["deductile", "ishido", "mu_torere", "kenken"])
def test_a_game_on_screen_names_only_the_colours_it_draws(driver, drawn_labels, key):
    """The game itself, drawn in each palette through the App's own setting: DeducTile's
    tiles and clues, Ishido's next stone, Mu Torere's sides (two colours whose safe names
    differ), its options panel."""
    for name in PALETTES:
        driver.app.settings["palette"] = name
        if key == "mu_torere":
            driver.app.settings["mu_torere"] = {"colours": ["red", "teal"]}
        driver.app.apply_look()
        params = None
        if key == "deductile":
            from games.deductile.rules import Params
            params = Params(6, "expert")
        scene = driver.start(key, params, seed=11, play_options={"opponent": "human"}
                             if key == "mu_torere" else None)
        driver.settle()
        if key == "mu_torere":
            driver.key(pygame.K_o)                     # the options panel, its colour rows
        for kept in (getattr(scene.board, "backdrop", None), getattr(scene.board, "panel", None)):
            forget = getattr(kept, "forget", None)
            if forget is not None:
                forget()                               # its kept pictures painted again
        drawn_labels.clear()
        driver.app.mark_dirty()
        driver.frames(2)
        words = [words for _, words, _ in drawn_labels]
        assert unnamed(key, words) == [], f"{key}, {name}"
        if key != "kenken":
            colours = [w for text in words for w in WORDS.findall(text)]
            assert colours, f"{key}: colours are named on screen"
        driver.app.stack[1:] = []
    driver.app.settings["palette"] = palette.STANDARD
    driver.app.apply_look()
