"""Poggle's planner: the fewest presses for a board, worked out off the main loop."""
from __future__ import annotations

from games.core.kit.rules_api import RuleError
from games.core.loop.jobs import Job
from games.poggle import rules


def _work_out(state):
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

    def __init__(self, params: rules.Params):
        self.params = params
        self.known: dict = {}        # board -> press grid, or a message when it cannot be solved
        self.wanted: list = []
        self.job: Job | None = None
        self.job_board = None
        self.keep_boards: set = set()   # boards a newer request never drops (the deal)

    def ask(self, board, keep: bool = False) -> None:
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
            self.job = Job(_work_out, rules.State(self.params, self.job_board))

    def poll(self) -> None:
        if self.job is None or not self.job.done:
            return
        job, board = self.job, self.job_board
        self.job, self.job_board = None, None
        if job.error is not None:
            raise job.error
        self.known[board] = job.result
        self._start()

    def wait(self) -> None:
        """Block until every board asked for is worked out (a few milliseconds; game over
        and tests only)."""
        while self.job is not None:
            self.job.wait()
            self.poll()

    @property
    def busy(self) -> bool:
        return self.job is not None

    def get(self, board):
        return self.known.get(board)
