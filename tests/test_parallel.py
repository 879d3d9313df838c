"""Work shared out between processes (``generator.parallel``)."""

from __future__ import annotations

import multiprocessing
import pickle
import time

import pytest

from generator.parallel import can_fork, run_parallel

_DONE = multiprocessing.get_context("fork").Value("i", 0) if can_fork() else None
"""Tasks done by the workers (shared with them: they are forked)."""


def _counted(task: int) -> bytes:
    assert _DONE is not None
    with _DONE.get_lock():
        _DONE.value += 1
    return pickle.dumps(task * 10)


def _failing(task: int) -> bytes:
    if task == 0:  # the first task: always a worker's (this process starts from the back)
        raise ValueError("task 0 failed")
    return pickle.dumps(task)


@pytest.mark.skipif(not can_fork(), reason="worker processes are forked")
def test_the_workers_are_kept_busy_while_this_process_does_its_own_work() -> None:
    """``meanwhile`` may take longer than the workers' first tasks: they get the next ones
    without waiting for it (the rule stage's checks outlasted two standings)."""
    assert _DONE is not None
    done = _DONE
    done.value = 0
    ran_here: list[int] = []

    def local(task: int) -> int:
        ran_here.append(task)
        return task * 10

    def meanwhile() -> None:  # until every task is done elsewhere (or ten seconds)
        deadline = time.monotonic() + 10
        while done.value < 6 and time.monotonic() < deadline:
            time.sleep(0.01)

    results = run_parallel(list(range(6)), 2, local, _counted, pickle.loads, meanwhile)
    assert sorted(results) == [0, 10, 20, 30, 40, 50]
    assert ran_here == [] and done.value == 6


def test_one_process_does_every_task_in_order_and_the_work_of_its_own_first() -> None:
    order: list[str] = []
    results = run_parallel(
        [1, 2, 3],
        1,
        lambda task: order.append(f"task {task}") or task,
        pickle.dumps,
        pickle.loads,
        lambda: order.append("meanwhile"),
    )
    assert list(results) == [1, 2, 3]
    assert order == ["meanwhile", "task 1", "task 2", "task 3"]


@pytest.mark.skipif(not can_fork(), reason="worker processes are forked")
def test_an_error_in_a_worker_reaches_this_process() -> None:
    with pytest.raises(ValueError, match="task 0 failed"):
        list(run_parallel(list(range(8)), 2, lambda task: task, _failing, pickle.loads))
