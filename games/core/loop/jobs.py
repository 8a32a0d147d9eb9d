"""Background work for scenes: a computer player thinking or a generator running must never
freeze the window. A Job runs a pure function in a daemon thread; the scene polls it.

Every running Job is in one registry: the loop is never at rest while one runs, and tests and
the demo wait for all of them with wait_all(). A finished Job posts JOB_DONE, so a loop asleep
in pygame.event.wait wakes to take its result.
"""
from __future__ import annotations

import sys
import threading

_running: set[Job] = set()
_lock = threading.Lock()
JOB_DONE: int | None = None     # the pygame event type, made when the first Job is posted


class Job:
    def __init__(self, work, *args):
        self.result = None
        self.error: Exception | None = None
        self._finished = threading.Event()
        with _lock:
            _running.add(self)
        self._thread = threading.Thread(target=self._run, args=(work, args), daemon=True)
        self._thread.start()

    def _run(self, work, args) -> None:
        try:
            self.result = work(*args)
        except Exception as error:  # handed to the scene, which reports it
            self.error = error
        finally:
            self._finished.set()    # done before anyone hears of it
            with _lock:
                _running.discard(self)
            _announce()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float | None = None) -> None:
        """Tests and the demo only: block until finished (and JOB_DONE posted)."""
        self._thread.join(timeout)


def running() -> list[Job]:
    """The Jobs still working."""
    with _lock:
        return list(_running)


def wait_all() -> None:
    """Tests and the demo: block until every Job now running has finished."""
    for job in running():
        job.wait()


def _announce() -> None:
    """Wake the loop, if there is one: only with pygame's display up (the work itself never
    touches pygame, and headless commands run Jobs without it)."""
    global JOB_DONE
    pygame = sys.modules.get("pygame")
    if pygame is None or not pygame.display.get_init():
        return
    try:
        with _lock:
            if JOB_DONE is None:
                JOB_DONE = pygame.event.custom_type()
        pygame.event.post(pygame.event.Event(JOB_DONE))
    except pygame.error:     # the display closed meanwhile: nobody is waiting
        pass
