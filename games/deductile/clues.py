"""DeducTile clues: the eight kinds, their wording, their truth, and the elimination generator.

An arrangement is a tuple of (shape, colour) pairs, top to bottom. Every shape and every colour
is used once, so an arrangement is a pair of permutations. The set of arrangements still
possible is kept as, for each shape permutation still possible, a bitmask over the colour
permutations: every clue then costs one pass over those shape permutations with big-integer
ANDs, fewer with every clue (fast enough for 6 tiles, 518,400 arrangements, in pure Python).
"""
from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

Item = tuple[str, int]      # ("s", shape), ("c", colour) or ("p", position)
Arrangement = tuple[tuple[int, int], ...]
Masks = dict[int, int]      # shape permutation -> its colour permutations still possible (not 0)

SHAPES = ("circle", "square", "triangle", "star", "diamond", "hexagon")
COLOURS = ("red", "green", "blue", "yellow", "purple", "orange")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")

# Kinds, numbered as in docs/RULES.md.
(COLOUR_AT, SHAPE_AT, SHAPE_IS, SHAPE_IS_NOT, COLOUR_NOT_AT, SHAPE_NOT_AT, ABOVE,
 NEXT_TO) = range(1, 9)

# An item is a shape ("s", i) or a colour ("c", i); written as 'A'.. for shapes, 'a'.. for
# colours, '1'.. for positions in the clue codes of a game description.


@dataclass(frozen=True)
class Clue:
    kind: int
    first: Item      # for *_AT kinds the item placed
    second: Item     # an item, or ("p", position) for the positional kinds
    wording: int = 0  # which of the equivalent sentences is shown

    def encode(self) -> str:
        return f"{self.kind}{_item_code(self.first)}{_item_code(self.second)}{self.wording}"

    def holds(self, arrangement: Arrangement) -> bool:
        return clue_holds(self, arrangement)

    def text(self, tiles: int) -> str:
        return clue_text(self, tiles)


def _item_code(item: Item) -> str:
    kind, index = item
    return {"s": "ABCDEF", "c": "abcdef", "p": "123456"}[kind][index]


def _item_from_code(char: str) -> Item:
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


def position_of(item: Item, arrangement: Arrangement) -> int:
    kind, index = item
    slot = 0 if kind == "s" else 1
    for position, tile in enumerate(arrangement):
        if tile[slot] == index:
            return position
    raise ValueError(f"{item} is not in the arrangement")


def clue_holds(clue: Clue, arrangement: Arrangement) -> bool:
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

def _name(item: Item, start: bool = False) -> str:
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

def beside(a: int, b: int) -> bool:
    return abs(a - b) == 1


# Each kind's truth, given the positions of its two items (a place is its own position).
TRUTH: dict[int, Callable[[int, int], bool]] = {
    COLOUR_AT: operator.eq, SHAPE_AT: operator.eq, SHAPE_IS: operator.eq,
    SHAPE_IS_NOT: operator.ne, COLOUR_NOT_AT: operator.ne, SHAPE_NOT_AT: operator.ne,
    ABOVE: operator.lt, NEXT_TO: beside}


def true_clues(solution: Arrangement, kinds: Iterable[int]) -> dict[int, list[Clue]]:
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
    where = {("p", p): p for p in range(tiles)}
    for position, (shape, colour) in enumerate(solution):
        where["s", shape] = where["c", colour] = position
    result = {}
    for kind in kinds:
        holds = TRUTH[kind]
        found = [Clue(kind, x, y) for x, y in candidates[kind] if holds(where[x], where[y])
                 # "a next to b" is "b next to a": keep one of each pair
                 and (kind != NEXT_TO or _item_code(x) < _item_code(y))]
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
        self.where: list[tuple[int, ...]] = []
        for perm in self.perms:
            inverse = [0] * tiles
            for position, item in enumerate(perm):
                inverse[item] = position
            self.where.append(tuple(inverse))
        self.full = (1 << len(self.perms)) - 1
        # Colour perms putting colour c at position q: at[c][q]; above it (before), below it
        # (after), next to it (beside).
        tables = [[[0] * tiles for _ in range(tiles)] for _ in range(4)]
        for j, where in enumerate(self.where):
            for c, position in enumerate(where):
                for q in range(tiles):
                    for table, holds in zip(tables, (position == q, position < q,
                                                     position > q, abs(position - q) == 1)):
                        if holds:
                            table[c][q] |= 1 << j
        self.at, self.before, self.after, self.beside = tables

    def _mask(self, test: Callable[[tuple[int, ...]], bool]) -> int:
        mask = 0
        for j, where in enumerate(self.where):
            if test(where):
                mask |= 1 << j
        return mask

    def everything(self) -> Masks:
        return dict.fromkeys(range(len(self.perms)), self.full)

    def count(self, masks: Masks) -> int:
        return sum(mask.bit_count() for mask in masks.values())

    def restrict(self, masks: Masks, clue: Clue) -> Masks:
        """The arrangements of `masks` that satisfy `clue`."""
        kind, (ka, a), (kb, b) = clue.kind, clue.first, clue.second
        where = self.where
        if kind in (COLOUR_AT, COLOUR_NOT_AT):
            allowed = self.at[a][b] if kind == COLOUR_AT else self.full ^ self.at[a][b]
            return {i: kept for i, m in masks.items() if (kept := m & allowed)}
        if kind in (SHAPE_AT, SHAPE_NOT_AT):
            want = kind == SHAPE_AT
            return {i: m for i, m in masks.items() if (where[i][a] == b) == want}
        if kind in (SHAPE_IS, SHAPE_IS_NOT):
            at = self.at[b]
            if kind == SHAPE_IS:
                return {i: kept for i, m in masks.items() if (kept := m & at[where[i][a]])}
            return {i: kept for i, m in masks.items() if (kept := m & ~at[where[i][a]])}
        if ka == "s" and kb == "s":
            if kind == ABOVE:
                return {i: m for i, m in masks.items() if where[i][a] < where[i][b]}
            return {i: m for i, m in masks.items() if abs(where[i][a] - where[i][b]) == 1}
        if ka == "c" and kb == "c":
            allowed = self._colour_pair_mask(kind, a, b)
            return {i: kept for i, m in masks.items() if (kept := m & allowed)}
        if ka == "c":  # colour a relative to shape b
            table = (self.before if kind == ABOVE else self.beside)[a]
            return {i: kept for i, m in masks.items() if (kept := m & table[where[i][b]])}
        table = (self.after if kind == ABOVE else self.beside)[b]  # shape a relative to colour b
        return {i: kept for i, m in masks.items() if (kept := m & table[where[i][a]])}

    @cache  # noqa: B019 (a Space lives for ever anyway: one per tile count, see space())
    def _colour_pair_mask(self, kind: int, a: int, b: int) -> int:
        if kind == ABOVE:
            return self._mask(lambda w: w[a] < w[b])
        return self._mask(lambda w: abs(w[a] - w[b]) == 1)

    def only(self, masks: Masks) -> Arrangement | None:
        """The single arrangement left, or None when zero or several remain."""
        if not is_one(masks):
            return None
        (i, mask), = masks.items()
        shapes, colours = self.perms[i], self.perms[mask.bit_length() - 1]
        return tuple(zip(shapes, colours))


def is_one(masks: Masks) -> bool:
    """Whether exactly one arrangement is left."""
    return len(masks) == 1 and all(mask & (mask - 1) == 0 for mask in masks.values())


@cache
def space(tiles: int) -> Space:
    return Space(tiles)


def narrowed(clues: Iterable[Clue], tiles: int) -> Masks:
    box = space(tiles)
    masks = box.everything()
    for clue in clues:
        masks = box.restrict(masks, clue)
    return masks


def solutions_left(clues: Iterable[Clue], tiles: int) -> int:
    return space(tiles).count(narrowed(clues, tiles))


def solve(clues: Iterable[Clue], tiles: int) -> Arrangement | None:
    """The one arrangement the clues allow, or None if they allow none or several."""
    return space(tiles).only(narrowed(clues, tiles))


def draw_clues(pool: dict[int, list[Clue]], weights: dict[int, float], tiles: int,
               prune: bool, rng: random.Random) -> list[Clue]:
    """docs/RULES.md: draw true clues from the pool (true_clues: a kind with its weight, then a
    clue of that kind), keep those that rule something out, stop at one arrangement; a pruned
    puzzle then drops every clue it can do without."""
    box = space(tiles)
    kinds = sorted(pool)
    chances = [weights[kind] for kind in kinds]
    masks, remaining = box.everything(), box.count(box.everything())
    clues: list[Clue] = []
    while remaining > 1:
        kind = rng.choices(kinds, chances)[0]
        clue = rng.choice(pool[kind])
        narrower = box.restrict(masks, clue)
        left = box.count(narrower)
        if left < remaining:
            clues.append(Clue(clue.kind, clue.first, clue.second, rng.randrange(2)))
            masks, remaining = narrower, left
    return pruned(clues, box) if prune else clues


def pruned(clues: Sequence[Clue], box: Space) -> list[Clue]:
    """The clues without each one, in turn, that the others (those kept before it and all
    after it) already narrow to one arrangement."""
    kept: list[Clue] = []
    before = box.everything()        # narrowed by the clues kept so far
    for index, clue in enumerate(clues):
        masks = before
        for later in clues[index + 1:]:
            masks = box.restrict(masks, later)
            if is_one(masks):        # the solution always stays: one left is for good
                break
        if not is_one(masks):
            kept.append(clue)
            before = box.restrict(before, clue)
    return kept
