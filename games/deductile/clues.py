"""DeducTile clues: the eight kinds, their wording, their truth, and the elimination generator.

An arrangement is a tuple of (shape, colour) pairs, top to bottom. Every shape and every colour
is used once, so an arrangement is a pair of permutations. The set of arrangements still
possible is kept as, for each shape permutation, a bitmask over the colour permutations: every
clue then costs one pass over the shape permutations with big-integer ANDs (fast enough for
6 tiles, 518,400 arrangements, in pure Python).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

SHAPES = ("circle", "square", "triangle", "star", "diamond", "hexagon")
COLOURS = ("red", "green", "blue", "yellow", "purple", "orange")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")

# Kinds, numbered as in RULES.md.
(COLOUR_AT, SHAPE_AT, SHAPE_IS, SHAPE_IS_NOT, COLOUR_NOT_AT, SHAPE_NOT_AT, ABOVE,
 NEXT_TO) = range(1, 9)
KIND_NAMES = {COLOUR_AT: "colour at position", SHAPE_AT: "shape at position",
              SHAPE_IS: "shape is colour", SHAPE_IS_NOT: "shape is not colour",
              COLOUR_NOT_AT: "colour not at position", SHAPE_NOT_AT: "shape not at position",
              ABOVE: "somewhere above", NEXT_TO: "next to"}

# An item is a shape ("s", i) or a colour ("c", i); written as 'A'.. for shapes, 'a'.. for
# colours, '1'.. for positions in the clue codes of a game description.


@dataclass(frozen=True)
class Clue:
    kind: int
    first: tuple     # an item; for *_AT kinds the item placed
    second: tuple    # an item, or ("p", position) for the positional kinds
    wording: int = 0  # which of the equivalent sentences is shown

    def encode(self) -> str:
        return f"{self.kind}{_item_code(self.first)}{_item_code(self.second)}{self.wording}"

    def holds(self, arrangement) -> bool:
        return clue_holds(self, arrangement)

    def text(self, tiles: int) -> str:
        return clue_text(self, tiles)


def _item_code(item) -> str:
    kind, index = item
    return {"s": "ABCDEF", "c": "abcdef", "p": "123456"}[kind][index]


def _item_from_code(char: str):
    for kind, alphabet in (("s", "ABCDEF"), ("c", "abcdef"), ("p", "123456")):
        if char in alphabet:
            return kind, alphabet.index(char)
    raise ValueError(f"bad item code {char!r}")


# The item kinds each clue kind takes: (first, second).
SIGNATURES = {COLOUR_AT: ("c", "p"), SHAPE_AT: ("s", "p"), SHAPE_IS: ("s", "c"),
              SHAPE_IS_NOT: ("s", "c"), COLOUR_NOT_AT: ("c", "p"), SHAPE_NOT_AT: ("s", "p"),
              ABOVE: ("sc", "sc"), NEXT_TO: ("sc", "sc")}


def decode_clue(code: str, tiles: int) -> Clue:
    """Read a 4-character clue code; ValueError if it is not a well-formed clue for `tiles`."""
    if len(code) != 4 or not code[0].isdigit() or not code[3].isdigit():
        raise ValueError(f"bad clue code {code!r}")
    kind = int(code[0])
    if kind not in SIGNATURES:
        raise ValueError(f"unknown clue kind in {code!r}")
    first, second = _item_from_code(code[1]), _item_from_code(code[2])
    allowed_first, allowed_second = SIGNATURES[kind]
    if first[0] not in allowed_first or second[0] not in allowed_second:
        raise ValueError(f"clue {code!r} joins the wrong kinds of item")
    if first[1] >= tiles or second[1] >= tiles or first == second:
        raise ValueError(f"clue {code!r} names something not in a {tiles}-tile game")
    return Clue(kind, first, second, int(code[3]) % 2)


def position_of(item, arrangement) -> int:
    kind, index = item
    slot = 0 if kind == "s" else 1
    for position, tile in enumerate(arrangement):
        if tile[slot] == index:
            return position
    raise ValueError(f"{item} is not in the arrangement")


def clue_holds(clue: Clue, arrangement) -> bool:
    kind = clue.kind
    if kind in (COLOUR_AT, SHAPE_AT, COLOUR_NOT_AT, SHAPE_NOT_AT):
        at = position_of(clue.first, arrangement) == clue.second[1]
        return at if kind in (COLOUR_AT, SHAPE_AT) else not at
    where_first = position_of(clue.first, arrangement)
    where_second = position_of(clue.second, arrangement)
    if kind == SHAPE_IS:
        return where_first == where_second
    if kind == SHAPE_IS_NOT:
        return where_first != where_second
    if kind == ABOVE:
        return where_first < where_second
    return abs(where_first - where_second) == 1  # NEXT_TO


# --- wording -------------------------------------------------------------------------------

def _name(item, start: bool = False) -> str:
    kind, index = item
    if kind == "s":
        words = f"the {SHAPES[index].capitalize()}"
    else:
        words = f"the {COLOURS[index].capitalize()} tile"
    return words[0].upper() + words[1:] if start else words


def _place(position: int, tiles: int, allow_last: bool) -> str:
    return "last" if allow_last and position == tiles - 1 else ORDINALS[position]


def clue_text(clue: Clue, tiles: int) -> str:
    """The sentence for a clue. Two wordings per kind, both unambiguous."""
    a, b, flip = clue.first, clue.second, clue.wording == 1
    kind = clue.kind
    if kind in (COLOUR_AT, SHAPE_AT, COLOUR_NOT_AT, SHAPE_NOT_AT):
        place = _place(b[1], tiles, allow_last=flip)
        negative = kind in (COLOUR_NOT_AT, SHAPE_NOT_AT)
        verb = "is not" if negative else "is"
        if a[0] == "c":
            colour = COLOURS[a[1]].capitalize()
            if flip:
                return f"The {place} tile {verb} {colour}."
            return f"The {colour} tile {verb} {place}."
        shape = SHAPES[a[1]].capitalize()
        if flip:
            return f"The {shape} {verb} {place}."
        return f"The {place} tile {verb} the {shape}."
    if kind in (SHAPE_IS, SHAPE_IS_NOT):
        verb = "is" if kind == SHAPE_IS else "is not"
        shape, colour = SHAPES[a[1]].capitalize(), COLOURS[b[1]].capitalize()
        if flip:
            return f"The {colour} tile {verb} the {shape}."
        return f"The {shape} {verb} {colour}."
    if kind == ABOVE:
        if flip:
            return f"{_name(b, True)} is somewhere below {_name(a)}."
        return f"{_name(a, True)} is somewhere above {_name(b)}."
    if flip:
        return f"{_name(b, True)} is next to {_name(a)}."
    return f"{_name(a, True)} is next to {_name(b)}."


# --- all true clues -------------------------------------------------------------------------

def true_clues(solution, kinds) -> dict[int, list[Clue]]:
    """Every clue of the given kinds that the solution satisfies, grouped by kind (wording 0)."""
    tiles = len(solution)
    shapes = [("s", i) for i in range(tiles)]
    colours = [("c", i) for i in range(tiles)]
    places = [("p", i) for i in range(tiles)]
    candidates = {
        COLOUR_AT: [(c, p) for c in colours for p in places],
        SHAPE_AT: [(s, p) for s in shapes for p in places],
        SHAPE_IS: [(s, c) for s in shapes for c in colours],
        SHAPE_IS_NOT: [(s, c) for s in shapes for c in colours],
        COLOUR_NOT_AT: [(c, p) for c in colours for p in places],
        SHAPE_NOT_AT: [(s, p) for s in shapes for p in places],
        ABOVE: [(x, y) for x in shapes + colours for y in shapes + colours if x != y],
        NEXT_TO: [(x, y) for x in shapes + colours for y in shapes + colours if x != y],
    }
    result = {}
    for kind in kinds:
        found = [Clue(kind, x, y) for x, y in candidates[kind] if clue_holds(Clue(kind, x, y),
                                                                             solution)]
        if kind == NEXT_TO:  # "a next to b" is "b next to a": keep one of each pair
            found = [c for c in found if _item_code(c.first) < _item_code(c.second)]
        if found:
            result[kind] = found
    return result


# --- the set of arrangements still possible ---------------------------------------------------

class Space:
    """All arrangements of `tiles` tiles, with per-clue bitmask filters (see module docstring)."""

    def __init__(self, tiles: int):
        self.tiles = tiles
        self.perms = list(itertools.permutations(range(tiles)))
        # where[i][x] = position of item x in permutation i (perm[p] = item at position p)
        self.where = []
        for perm in self.perms:
            inverse = [0] * tiles
            for position, item in enumerate(perm):
                inverse[item] = position
            self.where.append(tuple(inverse))
        self.full = (1 << len(self.perms)) - 1
        # at[c][p]: colour perms putting colour c at position p
        self.at = [[self._mask(lambda w, c=c, p=p: w[c] == p) for p in range(tiles)]
                   for c in range(tiles)]
        self.before = [[self._mask(lambda w, c=c, q=q: w[c] < q) for q in range(tiles)]
                       for c in range(tiles)]
        self.after = [[self._mask(lambda w, c=c, q=q: w[c] > q) for q in range(tiles)]
                      for c in range(tiles)]
        self.beside = [[self._mask(lambda w, c=c, q=q: abs(w[c] - q) == 1) for q in range(tiles)]
                       for c in range(tiles)]

    def _mask(self, test) -> int:
        mask = 0
        for j, where in enumerate(self.where):
            if test(where):
                mask |= 1 << j
        return mask

    def everything(self) -> list[int]:
        return [self.full] * len(self.perms)

    def count(self, masks) -> int:
        return sum(mask.bit_count() for mask in masks)

    def restrict(self, masks, clue: Clue) -> list[int]:
        """The arrangements of `masks` that satisfy `clue`."""
        kind, (ka, a), (kb, b) = clue.kind, clue.first, clue.second
        where = self.where
        if kind in (COLOUR_AT, COLOUR_NOT_AT):
            allowed = self.at[a][b] if kind == COLOUR_AT else self.full ^ self.at[a][b]
            return [m & allowed for m in masks]
        if kind in (SHAPE_AT, SHAPE_NOT_AT):
            want = kind == SHAPE_AT
            return [m if (where[i][a] == b) == want else 0 for i, m in enumerate(masks)]
        if kind in (SHAPE_IS, SHAPE_IS_NOT):
            if kind == SHAPE_IS:
                return [m & self.at[b][where[i][a]] for i, m in enumerate(masks)]
            return [m & ~self.at[b][where[i][a]] for i, m in enumerate(masks)]
        if ka == "s" and kb == "s":
            test = (lambda w: w[a] < w[b]) if kind == ABOVE else (lambda w: abs(w[a] - w[b]) == 1)
            return [m if test(where[i]) else 0 for i, m in enumerate(masks)]
        if ka == "c" and kb == "c":
            allowed = self._colour_pair_mask(kind, a, b)
            return [m & allowed for m in masks]
        if ka == "c":  # colour a relative to shape b
            table = self.before if kind == ABOVE else self.beside
            return [m & table[a][where[i][b]] for i, m in enumerate(masks)]
        table = self.after if kind == ABOVE else self.beside  # shape a relative to colour b
        return [m & table[b][where[i][a]] for i, m in enumerate(masks)]

    @cache  # noqa: B019 (a Space lives for ever anyway: one per tile count, see space())
    def _colour_pair_mask(self, kind: int, a: int, b: int) -> int:
        if kind == ABOVE:
            return self._mask(lambda w: w[a] < w[b])
        return self._mask(lambda w: abs(w[a] - w[b]) == 1)

    def only(self, masks):
        """The single arrangement left, or None when zero or several remain."""
        if self.count(masks) != 1:
            return None
        for i, mask in enumerate(masks):
            if mask:
                shapes, colours = self.perms[i], self.perms[mask.bit_length() - 1]
                return tuple(zip(shapes, colours))
        return None


@cache
def space(tiles: int) -> Space:
    return Space(tiles)


def solutions_left(clues, tiles: int) -> int:
    box = space(tiles)
    masks = box.everything()
    for clue in clues:
        masks = box.restrict(masks, clue)
    return box.count(masks)


def solve(clues, tiles: int):
    """The one arrangement the clues allow, or None if they allow none or several."""
    box = space(tiles)
    masks = box.everything()
    for clue in clues:
        masks = box.restrict(masks, clue)
    return box.only(masks)


def generate_clues(solution, kinds, prune: bool, rng) -> list[Clue]:
    """RULES.md: draw true clues, keep those that rule something out, stop at one arrangement;
    a pruned puzzle then drops every clue it can do without."""
    tiles = len(solution)
    box = space(tiles)
    pool = true_clues(solution, kinds)
    masks, remaining = box.everything(), box.count(box.everything())
    clues: list[Clue] = []
    while remaining > 1:
        kind = rng.choice(sorted(pool))
        clue = rng.choice(pool[kind])
        narrowed = box.restrict(masks, clue)
        left = box.count(narrowed)
        if left < remaining:
            clues.append(Clue(clue.kind, clue.first, clue.second, rng.randrange(2)))
            masks, remaining = narrowed, left
    if prune:
        for clue in list(clues):
            trial = [c for c in clues if c is not clue]
            if solutions_left(trial, tiles) == 1:
                clues = trial
    return clues
