"""Background work for scenes: a computer player thinking or a generator running must never
freeze the window. A Job runs a pure function in a daemon thread; the scene polls it.

The App owns the Jobs that run (`app.jobs`, a Jobs): its loop is never at rest while one
runs, and tests and the demo wait for all of them with wait_all(). A finished Job calls the
Jobs' `finished` (the App posts an event there), so a loop asleep in pygame.event.wait wakes
to take its result. The work itself never touches pygame.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Job:
    """One piece of work in its own thread; made by Jobs.start."""

    def __init__(self, work: Callable[..., Any], args: tuple[Any, ...],
                 ended: Callable[[Job], None]):
        self.result: Any = None
        self.error: Exception | None = None
        self._ended = ended
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work, args), daemon=True)

    def _run(self, work: Callable[..., Any], args: tuple[Any, ...]) -> None:
        try:
            self.result = work(*args)
        except Exception as error:  # handed to the scene, which reports it
            self.error = error
        finally:
            self._finished.set()    # done before anyone hears of it
            self._ended(self)

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> None:
        """Tests and the demo only: block until finished (and its end announced)."""
        self._thread.join(timeout)


class Jobs:
    """The Jobs an App runs. `finished()` is called from the Job's thread when one ends."""

    def __init__(self, finished: Callable[[], None] = lambda: None):
        self._running: set[Job] = set()
        self._lock = threading.Lock()
        self._finished = finished

    def start(self, work: Callable[..., Any], *args: Any) -> Job:
        """Run work(*args) in a thread of its own."""
        job = Job(work, args, self._ended)
        with self._lock:
            self._running.add(job)
        job._thread.start()
        return job

    def _ended(self, job: Job) -> None:
        with self._lock:
            self._running.discard(job)
        self._finished()

    def running(self) -> list[Job]:
        """The Jobs still working."""
        with self._lock:
            return list(self._running)

    def wait_all(self) -> None:
        """Tests and the demo: block until every Job now running has finished."""
        for job in self.running():
            job.wait()
