"""Watching the site's sources for ``serve``: polling, with a quiet period before a rebuild.

Polling file times is portable and cheap at a championship's size (a few hundred files). A
change is reported only once nothing else has changed for ``quiet`` seconds, so saving ten
PGN files at once, or an editor's write-then-rename, gives one rebuild, not ten. The output
folder is never watched: rebuilding because a build wrote files is the classic loop of
live-reload tools.

A file's time alone can miss an edit: on a USB stick (FAT keeps times to 2 seconds) or some
network folders, a result corrected a second after the last save, to the same length, leaves
the file's time and size as they were. So a file whose time and size are recent to us (seen
for less than ``AMBIGUOUS_SECONDS``), and whose time is a whole second (``_coarse``), is also
compared by its bytes; other files are not read, so a large content/ folder costs no more than
before.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path

Stamp = tuple[int, int, int]
"""A file's modification time (ns), size and inode."""
Snapshot = dict[str, tuple[Stamp, bytes | None]]
"""Each watched file's stamp, and a digest of its bytes while its stamp is recent to us."""

Change = tuple[Path, str]
"""A settled change: the file, and what happened to it ("added", "changed" or "deleted")."""

AMBIGUOUS_SECONDS = 5.0
"""How long a file's stamp may hide an edit after we first see it: more than the coarsest
file times in use (FAT's 2 seconds), with room for network folders that set the time late."""

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
        self._seen: dict[str, tuple[Stamp, float]] = {}
        """Each file's stamp, and when we first saw it (``time.monotonic``)."""
        self._looked = False
        self._last = self.snapshot()

    def snapshot(self) -> Snapshot:
        """Modification time, size and inode of every watched file (and a digest of its
        bytes while they are recent: ``_with_digests``). Linked folders are
        followed, as the build follows them (an event folder linked into content/), each
        real folder once, so that a link back to a parent does not loop."""
        stamps: dict[str, Stamp] = {}
        for path in self.paths:
            if path.is_file():
                _stat(path, stamps)
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
                            _stat(Path(folder, name), stamps)
        return self._with_digests(stamps)

    def _with_digests(self, stamps: dict[str, Stamp]) -> Snapshot:
        """Each stamp, with the digest of the file's bytes while the stamp is recent to us:
        seen for less than ``AMBIGUOUS_SECONDS`` (our clock, not the file server's, which
        may be wrong), or, at the first look, a file time that recent."""
        now, first_look = time.monotonic(), not self._looked
        wall = time.time_ns()
        self._looked = True
        seen: dict[str, tuple[Stamp, float]] = {}
        found: Snapshot = {}
        for path, stamp in stamps.items():
            known = self._seen.get(path)
            if known is not None and known[0] == stamp:
                since = known[1]
            elif first_look and abs(wall - stamp[0]) >= AMBIGUOUS_SECONDS * 1e9:
                since = -math.inf  # an old file: its next edit changes its time
            else:
                since = now
            seen[path] = (stamp, since)
            recent = now - since < AMBIGUOUS_SECONDS and _coarse(stamp)
            found[path] = (stamp, _digest(path) if recent else None)
        self._seen = seen
        return found

    def wait(self, stop: threading.Event) -> list[Path] | None:
        """Block until files changed and then stayed quiet; ``None`` once ``stop`` is set."""
        changes = self.wait_for_changes(stop)
        return None if changes is None else [path for path, _ in changes]

    def wait_for_changes(self, stop: threading.Event) -> list[Change] | None:
        """As ``wait``, with what happened to each file: serve said "changed" for a file
        that was deleted, which reads as if it were still there."""
        while not stop.wait(self.interval):
            current = self.snapshot()
            if not _changed(self._last, current):
                continue
            settled_at = time.monotonic()
            while time.monotonic() - settled_at < self.quiet:
                if stop.wait(min(self.interval, self.quiet)):
                    return None
                newer = self.snapshot()
                if _changed(current, newer):
                    current, settled_at = newer, time.monotonic()
            changed = sorted(
                (Path(p), _kind(p, self._last, current)) for p in _changed(self._last, current)
            )
            self._last = current
            if changed:
                return changed
        return None


def _kind(path: str, old: Snapshot, new: Snapshot) -> str:
    """What happened to ``path`` between two looks (it is in one of them at least)."""
    if path not in new:
        return "deleted"
    return "added" if path not in old else "changed"


def _stat(path: Path, found: dict[str, Stamp]) -> None:
    try:
        info = path.stat()
    except OSError:
        return  # removed while we looked
    found[str(path)] = (info.st_mtime_ns, info.st_size, info.st_ino)


def _coarse(stamp: Stamp) -> bool:
    """Whether the file's time may hide an edit: a whole second, as file systems that keep
    times to the second or two write them (FAT, HFS+, ext3, many network folders). A time
    with a fraction comes from one that keeps finer times, where a later save has a later
    time: reading such a file (a live broadcast's PGN rewritten every few seconds, read five
    times a second while recent) would buy nothing."""
    return stamp[0] % 1_000_000_000 == 0


def _digest(path: str) -> bytes | None:
    """A digest of the file's bytes (``None`` when it cannot be read: removed meanwhile)."""
    try:
        with open(path, "rb") as stream:
            return hashlib.file_digest(stream, "blake2b").digest()
    except OSError:
        return None


def _changed(old: Snapshot, new: Snapshot) -> list[str]:
    """The files added, removed or changed between two looks: another stamp, or the same
    stamp with other bytes (both read while recent; a digest is not kept past that)."""
    changed = []
    for path in old.keys() | new.keys():
        before, after = old.get(path), new.get(path)
        if before is None or after is None:
            changed.append(path)
            continue
        (stamp, digest), (new_stamp, new_digest) = before, after
        if stamp != new_stamp or (None not in (digest, new_digest) and digest != new_digest):
            changed.append(path)
    return changed


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
