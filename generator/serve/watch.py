"""Watching the site's sources for ``serve``: polling, with a quiet period before a rebuild.

Polling file times is portable and cheap at a championship's size (a few hundred files). A
change is reported only once nothing else has changed for ``quiet`` seconds, so saving ten
PGN files at once, or an editor's write-then-rename, gives one rebuild, not ten. The output
folder is never watched: rebuilding because a build wrote files is the classic loop of
live-reload tools.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path

Snapshot = dict[str, tuple[int, int, int]]

IGNORED_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules"})


def ignored(name: str) -> bool:
    """Editors' swap, backup and lock files are not sources."""
    return (
        name.startswith((".#", ".~lock"))
        or name.endswith(("~", ".swp", ".swx", ".tmp", ".part", ".crdownload"))
        or name in {"4913", ".DS_Store"}
    )


class Watcher:
    """Reports, once they have settled, changes to the files under ``paths``."""

    def __init__(
        self,
        paths: Iterable[Path],
        *,
        excluded: Iterable[Path] = (),
        interval: float = 0.2,
        quiet: float = 0.3,
    ) -> None:
        self.paths = [p.resolve() for p in paths]
        self.excluded = {p.resolve() for p in excluded}
        self.interval = interval
        self.quiet = quiet
        self._last = self.snapshot()

    def snapshot(self) -> Snapshot:
        """Modification time, size and inode of every watched file. Linked folders are
        followed, as the build follows them (an event folder linked into content/), each
        real folder once, so that a link back to a parent does not loop."""
        found: Snapshot = {}
        for path in self.paths:
            if path.is_file():
                self._stat(path, found)
            elif path.is_dir():
                seen: set[tuple[int, int]] = set()
                for walked in (path, *self.excluded):  # the output, also through a link
                    _first_visit(walked, seen)
                for folder, dirs, files in os.walk(path, followlinks=True):
                    dirs[:] = sorted(
                        d
                        for d in dirs
                        if d not in IGNORED_DIRS
                        and Path(folder, d) not in self.excluded
                        and _first_visit(Path(folder, d), seen)
                    )
                    for name in files:
                        if not ignored(name):
                            self._stat(Path(folder, name), found)
        return found

    @staticmethod
    def _stat(path: Path, found: Snapshot) -> None:
        try:
            info = path.stat()
        except OSError:
            return  # removed while we looked
        found[str(path)] = (info.st_mtime_ns, info.st_size, info.st_ino)

    def wait(self, stop: threading.Event) -> list[Path] | None:
        """Block until files changed and then stayed quiet; ``None`` once ``stop`` is set."""
        while not stop.wait(self.interval):
            current = self.snapshot()
            if current == self._last:
                continue
            settled_at = time.monotonic()
            while time.monotonic() - settled_at < self.quiet:
                if stop.wait(min(self.interval, self.quiet)):
                    return None
                newer = self.snapshot()
                if newer != current:
                    current, settled_at = newer, time.monotonic()
            changed = sorted(
                Path(p)
                for p in set(current) | set(self._last)
                if current.get(p) != self._last.get(p)
            )
            self._last = current
            if changed:
                return changed
        return None


def _first_visit(folder: Path, seen: set[tuple[int, int]]) -> bool:
    """Whether the real folder behind ``folder`` is not walked yet (and is, from now on).
    Never a link to a folder above it (``/``, the site): the build reports it as a loop, and
    walking it would read the whole disk at every look."""
    try:
        info = folder.stat()
        if folder.is_symlink():
            target, parent = folder.resolve(strict=True), folder.parent.resolve()
            if target == parent or target in parent.parents:
                return False
    except (OSError, RuntimeError):
        return False  # removed while we looked, a link to nothing, or a loop
    key = (info.st_dev, info.st_ino)
    if key in seen:
        return False
    seen.add(key)
    return True
