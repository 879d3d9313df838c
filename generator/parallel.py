"""Work shared out between processes: both cores of an organiser's laptop, not just one.

Worker processes are forked, so they start at once and find everything this process has
loaded (the parsed games, the compiled templates) without it being sent to them; results come
back pickled. Forking is safe only while this process runs no other thread (``serve``'s
server and watcher do: its builds run in a builder process without threads of its own); when
it is not, as with one processor, everything runs here in order.
"""

from __future__ import annotations

import collections
import concurrent.futures
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from typing import TypeVar

JOBS: ContextVar[int] = ContextVar("crosstable_jobs", default=1)
"""How many processes the rule stage may use (``build_site`` and ``BuildCache.build`` set it)."""

_T = TypeVar("_T")
_R = TypeVar("_R")


def usable_cpus() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Worker processes are forked (they start at once and share what is loaded), which is
    safe only while this process runs no other thread (``serve`` does)."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def run_parallel(
    tasks: Sequence[_T],
    jobs: int,
    local: Callable[[_T], _R],
    remote: Callable[[_T], bytes],
    load: Callable[[bytes], _R],
    meanwhile: Callable[[], None] | None = None,
) -> Iterator[_R]:
    """``local(task)`` for every task, in no particular order. With ``jobs`` > 1, ``jobs``-1
    forked worker processes take tasks from the front of the list, running ``remote`` (which
    returns the result pickled, turned back by ``load``), while this process takes tasks from
    the back; one process (``jobs`` = 1, or when forking is unsafe) does them all in order.

    ``meanwhile()``, work of this process's own that the tasks do not need, runs first, while a
    thread of this process keeps handing the workers tasks: they do not wait for it."""
    if jobs <= 1 or len(tasks) < (2 if meanwhile is None else 1) or not can_fork():
        if meanwhile is not None:
            meanwhile()
        for task in tasks:
            yield local(task)
        return
    pending = collections.deque(tasks)
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(jobs - 1, mp_context=context) as pool:
        running: set[concurrent.futures.Future[bytes]] = set()
        window = 2 * (jobs - 1)

        def top_up() -> None:
            """Up to ``window`` tasks handed out and not finished (the rest stay here, for
            this process to take from the back)."""
            busy = sum(1 for future in running if not future.done())
            while pending and busy < window:
                running.add(pool.submit(remote, pending.popleft()))
                busy += 1

        top_up()  # the workers are forked now, before the feeding thread starts
        if meanwhile is not None:
            _feeding(meanwhile, running, pending, top_up)
        while pending or running:
            top_up()
            finished = {future for future in running if future.done()}
            for future in finished:
                running.discard(future)
                yield load(future.result())
            if finished:
                continue
            if pending:
                yield local(pending.pop())
            else:
                concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)


def _feeding(
    meanwhile: Callable[[], None],
    running: set[concurrent.futures.Future[bytes]],
    pending: collections.deque[_T],
    top_up: Callable[[], None],
) -> None:
    """``meanwhile()`` here, while a thread hands out tasks as the workers finish theirs (the
    rule stage's own work took longer than the workers' first two standings, and they waited
    for it); only that thread touches ``running`` and ``pending`` until it is stopped."""
    stop = threading.Event()

    def feed() -> None:
        while pending and not stop.is_set():
            top_up()
            busy = [future for future in running if not future.done()]
            concurrent.futures.wait(
                busy, timeout=0.05, return_when=concurrent.futures.FIRST_COMPLETED
            )

    feeder = threading.Thread(target=feed, name="crosstable-feeder", daemon=True)
    feeder.start()
    try:
        meanwhile()
    finally:
        stop.set()
        feeder.join()
