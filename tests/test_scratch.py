"""Temporary folders of serve that a killed process leaves are removed by the next one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from generator import scratch
from generator.scratch import ScratchFolder, sweep

pytestmark = pytest.mark.skipif(scratch.fcntl is None, reason="needs flock")

PREFIX = "crosstable-test-scratch-"

HOLDER = """
import sys, time
from generator.scratch import ScratchFolder
folder = ScratchFolder(sys.argv[1])
(__import__('pathlib').Path(folder.name) / 'page.html').write_text('kept')
print(folder.name, flush=True)
time.sleep(120)
"""


@pytest.fixture
def temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's temporary folder, here and in the processes started by the test."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    return tmp_path


def _holder() -> tuple[subprocess.Popen[str], Path]:
    """Another process holding a scratch folder, and that folder."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, PREFIX], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


def test_a_killed_process_s_folder_goes_with_the_next_one(temporary: Path) -> None:
    killed, abandoned = _holder()
    alive, in_use = _holder()
    older = temporary / f"{PREFIX}older"  # made before folders had locks: left alone
    older.mkdir()
    other = temporary / "crosstable-other-1"  # another prefix: left alone
    other.mkdir()
    (other / scratch.LOCK).write_text("")
    try:
        os.kill(killed.pid, signal.SIGKILL)
        killed.wait(timeout=30)
        assert (abandoned / "page.html").is_file()  # nothing removed it as it died

        folder = ScratchFolder(PREFIX)

        assert not abandoned.exists()
        assert (in_use / "page.html").read_text() == "kept"
        assert older.is_dir() and other.is_dir()
        assert Path(folder.name).is_dir() and Path(folder.name).parent == temporary
    finally:
        alive.kill()
        alive.wait(timeout=30)
    assert sweep(PREFIX) == [str(in_use)]
    assert Path(folder.name).is_dir()  # this process still holds its own
    folder.cleanup()
    assert not Path(folder.name).exists()
    folder.cleanup()  # at most once


def test_a_forked_process_keeps_the_folder_held(temporary: Path) -> None:
    """The builder and the render workers of serve are forked: while one of them lives the
    folder is in use, even when the process that made it is gone."""
    folder = ScratchFolder(PREFIX)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        os.close(write)
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    try:
        folder._finalizer.detach()  # as if this process had ended; the child holds on
        assert folder._lock is not None
        os.close(folder._lock)
        assert sweep(PREFIX) == []
    finally:
        os.close(write)
        os.waitpid(child, 0)
    assert sweep(PREFIX) == [folder.name]
