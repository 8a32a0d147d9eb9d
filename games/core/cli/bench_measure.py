"""What every figure of `python main.py bench` is measured with: CPU time of calls, two
kinds of frame taking turns, the bare frame they are set beside, and the JSON line a figure
is printed as with its spread."""
from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from games.core.loop.app import App, Scene

# A figure: the JSON object of one line of the bench's output.
Figure = dict[str, Any]
FRAMES = 240


def emit(**figure: Any) -> None:
    print(json.dumps(figure), flush=True)


def percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[round(fraction * (len(ordered) - 1))]


def spread(samples: Sequence[float], unit: str, digits: int = 3) -> Figure:
    """The median, the count and the p10-p90 spread, named with their unit."""
    return {f"median_{unit}": round(statistics.median(samples), digits), "samples": len(samples),
            f"p10_{unit}": round(percentile(samples, 0.1), digits),
            f"p90_{unit}": round(percentile(samples, 0.9), digits)}


def cpu_timed(run: Callable[[int], object], count: int) -> list[float]:
    """CPU milliseconds of each of `count` calls run(i)."""
    samples = []
    for i in range(count):
        start = time.process_time()
        run(i)
        samples.append((time.process_time() - start) * 1000)
    return samples


def baseline_frame(screen: pygame.Surface) -> Callable[[int], None]:
    """The bare frame: fill, 100 cached tiles, flip."""
    import pygame
    tile = pygame.Surface((64, 64)).convert()
    tile.fill((200, 190, 170))
    pygame.draw.circle(tile, (40, 120, 200), (32, 32), 26)

    def frame(i: int) -> None:
        screen.fill((22, 26, 36))
        for k in range(100):
            screen.blit(tile, ((k % 20) * 90 + 20, (k // 20) * 180 + 40 + (i % 8)))
        pygame.display.flip()
    return frame


def scene_frame(app: App, scene: Scene) -> Callable[[int], None]:
    """A frame of the scene drawn every time, as while it animates."""
    def frame(i: int) -> None:
        app.mark_dirty()
        app.frame(1 / 60)
    app.stack, app.running = [scene], True
    app.jobs.wait_all()          # a scene's start-up work is not its frames'
    return frame


def alternate(first: Callable[[int], object], second: Callable[[int], object],
              count: int) -> tuple[list[float], list[float]]:
    """CPU milliseconds of `count` calls of each, taking turns frame by frame (the machine's
    load, which drifts, falls on both alike), after a warm-up of 10 each."""
    cpu_timed(first, 10), cpu_timed(second, 10)
    ones: list[float] = []
    twos: list[float] = []
    for i in range(count):
        for run, samples in ((first, ones), (second, twos)):
            start = time.process_time()
            run(i)
            samples.append((time.process_time() - start) * 1000)
    return ones, twos
