"""``serve``'s builds in a process of their own, forked before the server's threads start.

A process that runs threads cannot safely fork (a lock another thread holds stays held in the
child), so builds made beside the server and the watcher ran in one process, on one processor.
The builder process has no thread of its own: every build it makes forks worker processes as
``crosstable build`` does, and it keeps the caches (``generator.cache.BuildCache``) in memory
from one build to the next. It writes the site into the served folder itself and sends back
only what the terminal and the pages' notes need (``RebuildResult``, the errors and drafts).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from multiprocessing.connection import Connection

from ..parallel import can_fork
from .preview import PreviewSite, RebuildResult

_Reply = tuple[RebuildResult, tuple[str, ...], tuple[str, ...], int]


class BuildProcess:
    """``preview.rebuild()`` run by a builder process (``start``), or here when forking is not
    possible (other threads already run, or no ``fork`` on this system) or the builder died.
    ``preview`` keeps, here, the errors and drafts the pages' notes show."""

    def __init__(self, preview: PreviewSite) -> None:
        self.preview = preview
        self._connection: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The builder process's id, while it runs."""
        if self._process is None or not self._process.is_alive():
            return None
        return self._process.pid

    def start(self) -> None:
        """Fork the builder, if this process may still fork."""
        if not can_fork():
            return
        context = multiprocessing.get_context("fork")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=_serve_builds, args=(self.preview, theirs, ours), name="crosstable-builder"
        )
        process.start()
        theirs.close()  # the builder holds that end: when this process goes, it reads the end
        self._connection, self._process = ours, process

    def rebuild(self) -> RebuildResult:
        with self._lock:
            if self._connection is not None:
                try:
                    self._connection.send("build")
                    result, errors, drafts, builds = self._connection.recv()
                except (EOFError, OSError):  # the builder died (killed, out of memory)
                    self._close()
                else:
                    self.preview.errors, self.preview.drafts = errors, drafts
                    self.preview.builds = builds
                    return result  # type: ignore[no-any-return]
            return self.preview.rebuild()  # from scratch, here: the builder's caches went too

    def stop(self, timeout: float = 30.0) -> None:
        """Let the builder finish its build and end."""
        with self._lock:
            if self._connection is not None:
                with contextlib.suppress(OSError):  # gone already
                    self._connection.send(None)
            process = self._process
            self._close()
        if process is not None:
            process.join(timeout)
            if process.is_alive():
                process.terminate()
                process.join()

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        self._connection = None
        self._process = None


def _serve_builds(preview: PreviewSite, connection: Connection, theirs: Connection) -> None:
    """The builder: a build for each request, until ``None`` or the end of the pipe."""
    theirs.close()  # the other process's end, inherited: the pipe ends when that process goes
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops serve, which stops this
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        result = preview.rebuild()
        reply: _Reply = (result, preview.errors, preview.drafts, preview.builds)
        connection.send(reply)
