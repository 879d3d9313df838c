"""``serve``'s builds in a process of their own, forked before the server's threads start.

A process that runs threads cannot safely fork (a lock another thread holds stays held in the
child), so builds made beside the server and the watcher ran in one process, on one processor.
The builder process has no thread of its own: every build it makes forks worker processes as
``crosstable build`` does, and it keeps the caches (``generator.cache.BuildCache``) in memory
from one build to the next. It writes the site into the served folder itself and sends back
only what the terminal and the pages' notes need (``RebuildResult``, the errors, drafts,
warnings and Arbiter reports).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import traceback
from multiprocessing.connection import Connection

from ..parallel import can_fork
from .preview import PreviewSite, RebuildResult

_Notes = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, str], ...]]
"""What the pages' notes show: errors, drafts, warnings and Arbiter reports (``PreviewSite``)."""
_Reply = tuple[RebuildResult, _Notes, int]


class BuildProcess:
    """``preview.rebuild()`` run by a builder process (``start``), or here when forking is not
    possible (other threads already run, or no ``fork`` on this system) or the builder died.
    ``preview`` keeps, here, the errors, drafts and warnings the pages' notes show."""

    def __init__(self, preview: PreviewSite) -> None:
        self.preview = preview
        self._connection: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._lock = threading.Lock()
        self._busy = False
        """A build was asked for and its answer not read yet."""
        self._stopping = False

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
        try:
            process.start()
        except OSError:  # no process to be had (the system's limit reached): builds run here
            ours.close()
            theirs.close()
            return
        theirs.close()  # the builder holds that end: when this process goes, it reads the end
        _own_group(process.pid)
        self._connection, self._process = ours, process

    def rebuild(self) -> RebuildResult:
        with self._lock:  # held while a build's answer is awaited: see ``stop``
            connection = self._connection
            if connection is not None:
                self._busy = True
                try:
                    connection.send("build")
                    result, notes, builds = connection.recv()
                except (EOFError, OSError):  # the builder died (killed, out of memory, stopped)
                    self._close()
                    if self._stopping:  # serve is stopping: no build of its own
                        return RebuildResult(False, 0.0, self.preview.cache.stats)
                    self.preview.adopt_served()
                else:
                    self._busy = False
                    preview = self.preview
                    preview.errors, preview.drafts, preview.warnings, preview.reports = notes
                    preview.builds = builds
                    return result  # type: ignore[no-any-return]
            return self.preview.rebuild()  # from scratch, here: the builder's caches went too

    def stop(self, timeout: float = 30.0) -> None:
        """Let the builder end, at once when a build's answer is awaited or was left unread
        (Ctrl+C during serve's first build), otherwise when it has no build to make. The pipe
        is closed by whoever holds it: a thread awaiting an answer reads its end, then closes
        it (two threads closing it would close a number the system may have given again)."""
        self._stopping = True
        process = self._process
        if process is None:
            return
        if self._busy:
            _end(process)
        elif self._lock.acquire(timeout=timeout):
            try:
                if self._connection is not None:
                    with contextlib.suppress(OSError):  # gone already
                        self._connection.send(None)
            finally:
                self._lock.release()
        process.join(timeout)
        if process.is_alive():
            _end(process)
            process.join()
        if self._lock.acquire(blocking=False):  # no thread awaits an answer
            try:
                self._close()
            finally:
                self._lock.release()

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        self._connection = None
        self._process = None
        self._busy = False


def _own_group(pid: int | None) -> None:
    """Put the builder in a process group of its own (both processes do, whichever runs
    first): Ctrl+C reaches serve, not the builder, and ``_end`` stops the builder's workers
    with it."""
    with contextlib.suppress(OSError):  # the builder ended already
        os.setpgid(pid or 0, pid or 0)


def _end(process: multiprocessing.process.BaseProcess) -> None:
    """Stop the builder in the middle of a build, and the workers it forked for it."""
    if process.pid is None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except OSError:  # not its group (yet): the builder alone
        process.terminate()


def _serve_builds(preview: PreviewSite, connection: Connection, theirs: Connection) -> None:
    """The builder: a build for each request, until ``None`` or the end of the pipe."""
    theirs.close()  # the other process's end, inherited: the pipe ends when that process goes
    _own_group(os.getpid())
    # Ctrl+C is serve's to handle (it ends this process); ``pkill -INT -f "crosstable serve"``
    # reaches this process too, which must not die of it with a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            result = preview.rebuild()
        except Exception:  # a fault of ours: said by serve, and this process builds on
            crash = traceback.format_exc()
            result = RebuildResult(False, 0.0, preview.cache.stats, crash=crash)
        notes: _Notes = (preview.errors, preview.drafts, preview.warnings, preview.reports)
        reply: _Reply = (result, notes, preview.builds)
        connection.send(reply)
