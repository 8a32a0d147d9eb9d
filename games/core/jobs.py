"""Background work for scenes: a computer player thinking or a generator running must never
freeze the window. A Job runs a pure function in a daemon thread; the scene polls it."""
from __future__ import annotations

import threading


class Job:
    def __init__(self, work, *args):
        self.result = None
        self.error: Exception | None = None
        self._thread = threading.Thread(target=self._run, args=(work, args), daemon=True)
        self._thread.start()

    def _run(self, work, args) -> None:
        try:
            self.result = work(*args)
        except Exception as error:  # handed to the scene, which reports it
            self.error = error

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Tests and the demo only: block until finished."""
        self._thread.join(timeout)
