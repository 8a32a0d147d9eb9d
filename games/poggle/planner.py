"""Poggle's planner: the fewest presses for a board, worked out off the main loop."""
from __future__ import annotations

from typing import cast

from games.core.kit.rules_api import RuleError
from games.core.loop.jobs import Job, Jobs
from games.poggle.board import Board, Params, State

Presses = Board             # how many times to press each key, row by row
Answer = Presses | str      # the fewest presses, or why the board cannot be cleared


def _work_out(state: State) -> Answer:
    """Off the main loop: the fewest-press grid, or the solver's message when there is none."""
    from games.poggle import solver  # numpy: never on the launcher's path
    try:
        return solver.solve(state)
    except RuleError as error:
        return str(error)


class Planner:
    """Fewest-press solutions worked out in a Job, one board at a time, kept per board. The
    deal's board is always worked out first (it gives par); after it only the newest board
    asked for matters."""

    def __init__(self, params: Params, jobs: Jobs):
        self.params, self.jobs = params, jobs
        self.known: dict[Board, Answer] = {}
        self.wanted: list[Board] = []
        self.job: Job | None = None
        self.job_board: Board | None = None
        self.keep_boards: set[Board] = set()   # boards a newer request never drops (the deal)

    def ask(self, board: Board, keep: bool = False) -> None:
        if board in self.known or board == self.job_board or board in self.wanted:
            return
        if not keep:   # a newer board replaces any board still waiting (except the deal)
            self.wanted = [b for b in self.wanted if b in self.keep_boards]
        else:
            self.keep_boards.add(board)
        self.wanted.append(board)
        self._start()

    def _start(self) -> None:
        if self.job is None and self.wanted:
            self.job_board = self.wanted.pop(0)
            self.job = self.jobs.start(_work_out, State(self.params, self.job_board))

    def poll(self) -> None:
        if self.job is None or not self.job.done or self.job_board is None:
            return
        job, board = self.job, self.job_board
        self.job, self.job_board = None, None
        if job.error is not None:
            raise job.error
        self.known[board] = cast(Answer, job.result)
        self._start()

    def wait(self) -> None:
        """Block until every board asked for is worked out (a few milliseconds; game over
        and tests only)."""
        while self.job is not None:
            self.job.wait()
            self.poll()

    def get(self, board: Board) -> Answer | None:
        """The answer for a board, or None while it is not worked out."""
        return self.known.get(board)


def presses(grid: Presses) -> list[tuple[int, int]]:
    """Every key of a press grid, once per press, in reading order (Solve plays them so)."""
    return [(r, c) for r, row in enumerate(grid) for c, times in enumerate(row)
            for _ in range(times)]


def nearest_press(grid: Presses, cursor: tuple[int, int]) -> tuple[int, int] | None:
    """The key of a fewest-press grid nearest the cursor (any of them brings the fewest
    presses left down by one), or None when there is nothing to press."""
    keys = [(r, c) for r, row in enumerate(grid) for c, times in enumerate(row) if times]
    r0, c0 = cursor
    return min(keys, key=lambda rc: (abs(rc[0] - r0) + abs(rc[1] - c0), rc), default=None)
