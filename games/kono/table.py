"""The solved game: the exact value of every Four Field Kono position at every clock (pure).

tools/solve_kono.py makes the table once, by retrograde analysis, and writes it to
solution.xz beside this module; `Table` reads it back. Positions are seen from the side to
move (`own`, `enemy` bitmasks), as the rules are the same for both colours. A score is a
signed distance for the side to move: a win in d plies is WIN - d, a loss in d plies d - WIN, a
draw 0, counted to the end of the game across captures, the winner taking the fastest win and
the loser the slowest loss; the clock is the plies since the last capture (the 50th draws).

The index numbers one entry per position up to the 8 symmetries of the square: layers by the
pieces each side has, then the symmetry class of `own` (its rank among the classes with as
many pieces), then `enemy` among the points `own` leaves free (its rank in colex order). A
position whose `own` is symmetric in itself has a few entries, all of the same value;
`lookup` always finds the same one.

The file (lzma): a header, then per entry, in index order, its clock-0 score (int8) and how
many clocks from 0 are decisive (uint8), interleaved; at every later clock the position is a
draw. The value is exact at every clock; the plies at clock 0 (a later clock can only lengthen
them: ai.py searches them there).
"""
from __future__ import annotations

import _thread
from array import array
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from games.core.kit.levels import Value
from games.kono.rules import POINTS, QUIET_LIMIT, SIZE

if TYPE_CHECKING:               # numpy itself is imported where it is used (start-up time)
    from numpy.typing import NDArray

WIN = 127                       # the scores fit in an int8: the longest win is 113 plies
FEWEST = 2                      # a side with fewer pieces has lost
PIECES_EACH = 8
FULL = (1 << POINTS) - 1
CLOCKS = QUIET_LIMIT + 1
FILE_NAME = "solution.xz"
MAGIC = b"KONO1\n"


def _symmetries() -> list[tuple[int, ...]]:
    """The 8 symmetries of the square as permutations of the points."""
    result = []
    for turns in range(4):
        for mirror in (False, True):
            perm = []
            for point in range(POINTS):
                row, col = divmod(point, SIZE)
                if mirror:
                    col = SIZE - 1 - col
                for _ in range(turns):
                    row, col = col, SIZE - 1 - row
                perm.append(row * SIZE + col)
            result.append(tuple(perm))
    return result


SYMMETRIES = _symmetries()


def transform(mask: int, perm: tuple[int, ...]) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


def back(score: int) -> int:
    """A score seen from the side that moved into the position: negated, one ply further."""
    return -score + (score > 0) - (score < 0)


def outcome(score: int) -> tuple[Value, int | None]:
    """("win" | "loss" | "draw", plies to the end or None) for a score."""
    if score > 0:
        return Value.WIN, WIN - score
    if score < 0:
        return Value.LOSS, WIN + score
    return Value.DRAW, None


class Index:
    """The numbering of positions (numpy, vectorised: the solver and the loader share it)."""

    def __init__(self) -> None:
        import numpy as np
        self.np = np
        masks = np.arange(1 << POINTS, dtype=np.uint32)
        self.maps: list[NDArray[Any]] = []
        for perm in SYMMETRIES:
            image = np.zeros_like(masks)
            for point in range(POINTS):
                image |= ((masks >> point) & 1) << perm[point]
            self.maps.append(image)
        self.rep = np.minimum.reduce(self.maps)
        self.popcount = np.zeros_like(masks)
        for point in range(POINTS):
            self.popcount += (masks >> point) & 1
        self.orbit_rank = np.zeros_like(masks)
        self.reps: list[NDArray[Any]] = []
        for count in range(PIECES_EACH + 1):
            reps = np.unique(self.rep[self.popcount == count])
            self.orbit_rank[reps] = np.arange(len(reps), dtype=np.uint32)
            self.reps.append(reps)
        self.sizes: dict[tuple[int, int], int] = {}
        self.offsets: dict[tuple[int, int], int] = {}
        total = 0
        for own in range(PIECES_EACH + 1):
            for enemy in range(PIECES_EACH + 1):
                self.offsets[own, enemy] = total
                self.sizes[own, enemy] = len(self.reps[own]) * comb(POINTS - own, enemy)
                total += self.sizes[own, enemy]
        self.size = total
        self.offset_table = np.array([[self.offsets[a, b] for b in range(PIECES_EACH + 1)]
                                      for a in range(PIECES_EACH + 1)], np.int64)
        self.width_table = np.array([[comb(POINTS - a, b) for b in range(PIECES_EACH + 1)]
                                     for a in range(PIECES_EACH + 1)], np.int64)
        self.binomial = np.array([[comb(n, k) for k in range(PIECES_EACH + 2)]
                                  for n in range(POINTS + 1)], np.int64)

    def offset(self, own: int, enemy: int) -> int:
        return self.offsets[own, enemy]

    def layer_size(self, own: int, enemy: int) -> int:
        return self.sizes[own, enemy]

    def positions(self, own_count: int, enemy_count: int) -> tuple[NDArray[Any], NDArray[Any]]:
        """(own, enemy) uint32 arrays of every entry of a layer, in index order."""
        np = self.np
        width = POINTS - own_count
        small = np.arange(1 << width, dtype=np.uint32)
        combos = small[self.popcount[small] == enemy_count]          # colex order
        reps = self.reps[own_count]
        own = np.repeat(reps, len(combos))
        packed = np.tile(combos, len(reps))
        enemy = np.zeros_like(own)
        taken = np.zeros_like(own)
        for point in range(POINTS):
            free = ((own >> point) & 1) ^ 1
            enemy |= ((packed >> taken) & 1 & free) << point
            taken += free
        return own, enemy

    def lookup(self, own: NDArray[Any], enemy: NDArray[Any]) -> NDArray[Any]:
        """The entry numbers of positions (uint32 arrays of bitmasks)."""
        np = self.np
        own = np.asarray(own, np.uint32)
        enemy = np.asarray(enemy, np.uint32)
        rep = self.rep[own]
        best = np.full(own.shape, 1 << POINTS, np.uint32)
        for image in self.maps:
            np.minimum(best, np.where(image[own] == rep, image[enemy], 1 << POINTS), out=best)
        a, b = self.popcount[own], self.popcount[enemy]
        rank = np.zeros(own.shape, np.int64)
        free_below = np.zeros(own.shape, np.int64)
        seen = np.zeros(own.shape, np.int64)
        for point in range(POINTS):
            here = ((best >> point) & 1).astype(bool)
            seen += here
            rank += np.where(here, self.binomial[free_below, np.minimum(seen, PIECES_EACH + 1)],
                             0)
            free_below += ((rep >> point) & 1) ^ 1
        entries: NDArray[Any] = (self.offset_table[a, b] + self.orbit_rank[rep].astype(np.int64)
                                 * self.width_table[a, b] + rank)
        return entries


def encode(rows: dict[tuple[int, int], NDArray[Any]], most: int = PIECES_EACH) -> bytes:
    """The file for {layer: [CLOCKS, entries] scores} of every layer with at most `most`
    pieces a side (tools/solve_kono.py): per entry its clock-0 score and how many clocks from
    0 are decisive, interleaved (that compresses best)."""
    import lzma

    import numpy as np
    parts = []
    for layer in _layers(most):
        scores = rows[layer]
        decisive = scores != 0
        lasting = np.argmin(np.vstack([decisive, np.zeros_like(decisive[:1])]), axis=0)
        if not (decisive == (np.arange(CLOCKS)[:, None] < lasting[None, :])).all():
            raise ValueError(f"layer {layer}: a value came back after a draw at a lower clock")
        pair = np.empty((len(lasting), 2), np.uint8)
        pair[:, 0] = scores[0].astype(np.int8).view(np.uint8)
        pair[:, 1] = lasting
        parts.append(pair.tobytes())
    body = b"".join(parts)
    return lzma.compress(MAGIC + b"%d %d\n" % (most, len(body) // 2) + body,
                         preset=9 | lzma.PRESET_EXTREME)


def _layers(most: int) -> list[tuple[int, int]]:
    return [(own, enemy) for own in range(most + 1) for enemy in range(most + 1)]


def decode(data: bytes) -> tuple[int, NDArray[Any], NDArray[Any]]:
    """(most pieces a side, clock-0 scores int8, decisive clocks uint8) from the file."""
    import lzma

    import numpy as np
    try:
        raw = lzma.decompress(data)
        if not raw.startswith(MAGIC):
            raise ValueError
        line_end = raw.index(b"\n", len(MAGIC))
        most, entries = (int(part) for part in raw[len(MAGIC):line_end].split())
        pairs = np.frombuffer(raw, np.uint8, 2 * entries, line_end + 1).reshape(entries, 2)
    except (lzma.LZMAError, ValueError, TypeError) as error:
        raise ValueError("not a Four Field Kono solution file") from error
    if entries != sum(layer_size(*layer) for layer in _layers(most)):
        raise ValueError("the Four Field Kono solution file does not match its index")
    return most, pairs[:, 0].view(np.int8), pairs[:, 1]


def decode_layers(data: bytes, most: int = PIECES_EACH) -> dict[tuple[int, int], bytes]:
    """{layer: bytes of its clock-0 scores and decisive clocks} for the layers with at most
    `most` pieces a side, from a file: what the solver made, read back (the tests compare)."""
    solved, firsts, lasting = decode(data)
    result, offset = {}, 0
    for layer in _layers(solved):
        size = layer_size(*layer)
        if max(layer) <= most:
            result[layer] = (firsts[offset:offset + size].tobytes()
                             + lasting[offset:offset + size].tobytes())
        offset += size
    return result


def layer_size(own: int, enemy: int) -> int:
    return _orbit_count(own) * comb(POINTS - own, enemy)


@cache
def _orbit_count(pieces: int) -> int:
    """Symmetry classes of `pieces` points on the board (Burnside)."""
    total = 0
    for perm in SYMMETRIES:
        cycles, seen = [], set()
        for point in range(POINTS):
            if point not in seen:
                length, here = 0, point
                while here not in seen:
                    seen.add(here)
                    here = perm[here]
                    length += 1
                cycles.append(length)
        ways = [1] + [0] * pieces                   # subsets made of whole cycles
        for length in cycles:
            for size in range(pieces, length - 1, -1):
                ways[size] += ways[size - length]
        total += ways[pieces]
    return total // len(SYMMETRIES)


class Table:
    """The solved game read from the file: the value of a position at any clock, and its plies
    to the end at clock 0."""

    def __init__(self, data: bytes):
        self.index = Index()
        most, self.firsts, self.lasting = decode(data)
        if most != PIECES_EACH:
            raise ValueError("the Four Field Kono solution file does not hold every position")
        # Compact arrays of Python ints for looking up one position at a time.
        self.maps = [_compact(image) for image in self.index.maps]
        self.rep = _compact(self.index.rep)
        self.orbit_rank = _compact(self.index.orbit_rank)
        self.popcount = _compact(self.index.popcount)

    def entry(self, own: int, enemy: int) -> int:
        """The index entry of a position (both sides with at most PIECES_EACH pieces)."""
        rep = self.rep[own]
        enemy_seen = min(image[enemy] for image in self.maps if image[own] == rep)
        rank = free_below = seen = 0
        for point in range(POINTS):
            if enemy_seen >> point & 1:
                seen += 1
                rank += _BINOMIAL[free_below][seen]
            if not rep >> point & 1:
                free_below += 1
        own_count, enemy_count = self.popcount[own], self.popcount[enemy]
        return (self.index.offsets[own_count, enemy_count]
                + self.orbit_rank[rep] * comb(POINTS - own_count, enemy_count) + rank)

    def score(self, own: int, enemy: int, clock: int = 0) -> int:
        """The score for the side to move at this clock (the sign is exact at every clock;
        the distance is the clock-0 one, exact at clock 0 and a lower bound above it)."""
        return self.score_of(self.entry(own, enemy), clock)

    def score_of(self, entry: int, clock: int = 0) -> int:
        """The score of an index entry at this clock."""
        return int(self.firsts[entry]) if clock < self.lasting[entry] else 0


def _compact(values: NDArray[Any]) -> array[int]:
    """16-bit numpy values as an array.array, which indexes to plain ints quickly."""
    compact = array("H")
    compact.frombytes(values.astype("<u2").tobytes())
    return compact


_BINOMIAL = [[comb(n, k) for k in range(POINTS + 1)] for n in range(POINTS + 1)]
_loaded: list[Table] = []
_LOCK = _thread.allocate_lock()         # the low-level lock: `threading` is not for pure modules


def load() -> Table:
    """The table, read from the file on first use (see bench.py for the time and memory). Safe
    to call from several threads: the first reads it, the others wait for it."""
    if not _loaded:
        with _LOCK:
            if not _loaded:
                from importlib import resources
                data = resources.files(__package__).joinpath(FILE_NAME).read_bytes()
                _loaded.append(Table(data))
    return _loaded[0]
