"""Temporary folders that a killed process does not leave behind.

``serve`` keeps the whole served site (300 MB for a 2,000-player open) and its tables' rows in
temporary folders. Python removes them when serve ends normally, but not when it is killed
(``kill -9``, an editor's stop button, a closed laptop's OOM killer), and every such run left
its copy of the site in the system's temporary folder for good.

Each folder therefore holds a lock (``flock`` on ``.lock`` inside it) for as long as the
process that made it, or any process forked from it, is alive: the kernel drops the lock when
the last of them ends, however it ends. Making a new folder first removes the folders of the
same prefix whose lock nobody holds. Where ``flock`` does not exist (Windows) the folders are
plain temporary folders.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import weakref
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK = ".lock"


class ScratchFolder:
    """A temporary folder, like ``tempfile.TemporaryDirectory``, that the next one made with
    the same ``prefix`` removes if this process was killed before its ``cleanup``."""

    def __init__(self, prefix: str) -> None:
        sweep(prefix)
        self.name = tempfile.mkdtemp(prefix=prefix)
        self._lock = _hold(Path(self.name))
        self._finalizer = weakref.finalize(self, _remove, self.name, self._lock)

    def cleanup(self) -> None:
        """Remove the folder now (at most once)."""
        self._finalizer()


def sweep(prefix: str) -> list[str]:
    """Remove the folders ``prefix*`` of the temporary folder left by processes that ended
    without removing them; the paths removed. A folder without a lock file is left alone
    (made by an older version, or being made at this very moment)."""
    removed: list[str] = []
    if fcntl is None:  # pragma: no cover - Windows
        return removed
    try:
        entries = list(os.scandir(tempfile.gettempdir()))
    except OSError:
        return removed
    for entry in sorted(entries, key=lambda e: e.name):
        if not entry.name.startswith(prefix) or not entry.is_dir(follow_symlinks=False):
            continue
        try:
            handle = os.open(os.path.join(entry.path, LOCK), os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # held: its process is alive
        else:
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.path)
        finally:
            os.close(handle)
    return removed


def _hold(folder: Path) -> int | None:
    """Lock ``folder/.lock`` for this process and the ones it forks. The lock is taken on a
    file of another name, then renamed: a sweep never finds ``.lock`` unlocked while the
    folder is in use."""
    if fcntl is None:  # pragma: no cover - Windows
        return None
    pending = folder / f"{LOCK}.new"
    handle = os.open(pending, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.replace(pending, folder / LOCK)
    except OSError:
        os.close(handle)
        return None
    return handle


def _remove(name: str, handle: int | None) -> None:
    shutil.rmtree(name, ignore_errors=True)
    if handle is not None:
        with contextlib.suppress(OSError):
            os.close(handle)
