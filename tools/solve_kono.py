"""Solve Four Field Kono: every position with up to 8 pieces a side, at every clock, by
retrograde analysis with the game's own rules (games/kono/rules.py), written to
games/kono/solution.xz, which ships with the game and which games/kono/table.py reads.

Run it from the repository root:  python tools/solve_kono.py  (or --check to compare with
the shipped file instead of writing it). On the 2-core machine (one core used) the whole solve
takes about 1 minute of CPU (54 s user, 1:04 wall clock) and 1.8 GB of memory, and writes
2.8 MB; `--most N` solves only positions with at most N pieces a side, which the tests use
(3 a side: a fifth of a second).

How. Positions are seen from the side to move (`own`, `enemy` bitmasks of the 16 points), as
the rules are the same for both colours; the 8 symmetries of the square keep every value, so
each position is stored once per symmetry class (table.py: the index). A position's value
depends on the clock (plies since the last capture, 0..50) and, beyond that, only on
repetitions, which table.py handles from the game's history. The value is a signed distance
for the side to move: a win in d plies is WIN - d, a loss in d plies d - WIN, a draw 0.

Positions fall into layers by the pieces each side has. A step keeps the pieces and flips the
point of view, so layers (a, b) and (b, a) are solved together; a capture leads to a smaller
layer at clock 0, solved before. Within a pair of layers the value at clock c follows from
the values at clock c + 1 (steps) and the captures (fixed), so the clock is worked backwards
from 50, where the game is over (a side with no move has lost, anything else is drawn). Once
two neighbouring clocks agree everywhere, every lower clock is the same too.

The file (table.py: encode): per entry its score at clock 0 and how many clocks from 0 are
decisive (from there on a draw). That is the value at every clock exactly, and the plies at
clock 0; a later clock can only lengthen a win (about a fifth of the positions have such rows,
6 million changes in all, which do not fit in 3 MB), so ai.py searches those plies from the
table when it needs them. Facts it reproduces: 77,490,558 positions with either side to move;
the start and the four opening captures are draws; the longest forced win is 113 plies.
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.kono import table
from games.kono.rules import JUMPS, POINTS, QUIET_LIMIT, STEPS

WIN = table.WIN
CLOCKS = QUIET_LIMIT + 1
FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games", "kono",
                    table.FILE_NAME)


def back(scores: np.ndarray) -> np.ndarray:
    """Scores seen from the side that moved into them: negated, one ply further from the end."""
    return -scores + np.sign(scores).astype(scores.dtype)


def _moves(own: np.ndarray, enemy: np.ndarray):
    """Every move of every position: (parent rows, child own, child enemy, captured) arrays,
    children seen from the opponent (the side to move next)."""
    empty = ~(own | enemy) & table.FULL
    rows, child_own, child_enemy, captured = [], [], [], []
    for point in range(POINTS):
        bit = np.uint32(1 << point)
        for target in STEPS[point]:
            tbit = np.uint32(1 << target)
            legal = np.nonzero((own & bit).astype(bool) & (empty & tbit).astype(bool))[0]
            rows.append(legal)
            child_own.append(enemy[legal])
            child_enemy.append(own[legal] ^ (bit | tbit))
            captured.append(np.zeros(len(legal), bool))
        for over, target in JUMPS[point]:
            obit, tbit = np.uint32(1 << over), np.uint32(1 << target)
            legal = np.nonzero((own & bit).astype(bool) & (own & obit).astype(bool)
                               & (enemy & tbit).astype(bool))[0]
            rows.append(legal)
            child_own.append(enemy[legal] ^ tbit)
            child_enemy.append(own[legal] ^ (bit | tbit))
            captured.append(np.ones(len(legal), bool))
    return (np.concatenate(rows), np.concatenate(child_own), np.concatenate(child_enemy),
            np.concatenate(captured))


def _solve_pair(index: table.Index, layers, clock0: np.ndarray, rows_out: dict) -> None:
    """Solve the layers in `layers` (one layer, or (a, b) and (b, a)) at every clock. Reads
    clock-0 values of smaller layers from `clock0`, writes this pair's into it; rows_out gets
    {layer: [CLOCKS, size] scores}."""
    starts, owns, enemies = [], [], []
    offset = 0
    for layer in layers:
        own, enemy = index.positions(*layer)
        starts.append(offset)
        offset += len(own)
        owns.append(own)
        enemies.append(enemy)
    own, enemy = np.concatenate(owns), np.concatenate(enemies)
    size = len(own)
    parent, child_own, child_enemy, captured = _moves(own, enemy)
    child = index.lookup(child_own, child_enemy)
    has_move = np.zeros(size, bool)
    has_move[parent] = True

    # Captures: fixed for every clock. The best (max of back) is back of the min.
    best_capture = np.full(size, -WIN - 1, np.int32)      # no capture: below any score
    capture_score = back(clock0[child[captured]].astype(np.int32))
    np.maximum.at(best_capture, parent[captured], capture_score)

    quiet = ~captured
    order = np.argsort(parent[quiet], kind="stable")
    quiet_parent = parent[quiet][order]
    quiet_child = _local(index, layers, starts, child[quiet][order])
    has_quiet = np.zeros(size, bool)
    has_quiet[quiet_parent] = True
    quiet_rows = np.nonzero(has_quiet)[0]
    segment = np.searchsorted(quiet_parent, quiet_rows)

    scores = np.empty((CLOCKS, size), np.int32)
    scores[QUIET_LIMIT] = np.where(has_move, 0, -WIN)
    for clock in range(QUIET_LIMIT - 1, -1, -1):
        if clock < QUIET_LIMIT - 1 and np.array_equal(scores[clock + 1], scores[clock + 2]):
            scores[:clock + 1] = scores[clock + 1]          # settled: lower clocks agree
            break
        best = best_capture.copy()
        if len(quiet_child):
            worst_child = np.minimum.reduceat(scores[clock + 1][quiet_child], segment)
            best[quiet_rows] = np.maximum(best[quiet_rows], back(worst_child))
        scores[clock] = np.where(has_move, best, -WIN)
    for layer, start, part in zip(layers, starts, owns):
        first = index.offset(*layer)
        clock0[first:first + len(part)] = scores[0, start:start + len(part)]
        rows_out[layer] = scores[:, start:start + len(part)].astype(np.int16)


def _local(index: table.Index, layers, starts, entries: np.ndarray) -> np.ndarray:
    """Entry numbers of the index as rows of the pair (its layers one after the other)."""
    local = entries - index.offset(*layers[0]) + starts[0]
    if len(layers) > 1:
        second = index.offset(*layers[1])
        local = np.where(entries >= second, entries - second + starts[1], local)
    return local


def solve(most: int = table.PIECES_EACH) -> dict:
    """{(own pieces, enemy pieces): [CLOCKS, positions] scores} for every layer with at most
    `most` pieces a side, positions in the index's order."""
    index = table.Index()
    clock0 = np.zeros(index.size, np.int32)
    rows = {}
    for total in range(2 * most + 1):       # captures lead to fewer pieces: solved first
        for own_count in range(min(total, most) + 1):
            enemy_count = total - own_count
            if enemy_count > most or enemy_count < own_count:
                continue
            layers = [(own_count, enemy_count)]
            if enemy_count != own_count:
                layers.append((enemy_count, own_count))
            if own_count < table.FEWEST or enemy_count < table.FEWEST:
                for layer in layers:          # over before it starts: fixed at every clock
                    first = index.offset(*layer)
                    count = index.layer_size(*layer)
                    value = -WIN if layer[0] < table.FEWEST else WIN
                    clock0[first:first + count] = value
                    rows[layer] = np.full((CLOCKS, count), value, np.int16)
                continue
            _solve_pair(index, layers, clock0, rows)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--most", type=int, default=table.PIECES_EACH,
                        help="solve positions with at most this many pieces a side")
    parser.add_argument("--check", action="store_true",
                        help="compare with the shipped file instead of writing it")
    parser.add_argument("--out", default=FILE)
    args = parser.parse_args(argv)
    if not table.FEWEST <= args.most <= table.PIECES_EACH:
        parser.error(f"--most is {table.FEWEST} to {table.PIECES_EACH}")
    if args.most < table.PIECES_EACH and not args.check and args.out == FILE:
        parser.error("a partial solve never replaces the shipped file: give --out or --check")
    rows = solve(args.most)
    data = table.encode(rows, args.most)
    if args.check:
        with open(args.out, "rb") as file:
            same = table.decode_layers(file.read(), args.most) == table.decode_layers(data)
        print("the shipped file matches" if same else "the shipped file DIFFERS")
        return 0 if same else 1
    with open(args.out, "wb") as file:
        file.write(data)
    print(f"wrote {args.out}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
