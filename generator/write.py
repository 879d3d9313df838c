"""Write stage: put the rendered site on disk atomically.

Files go to a fresh folder beside the output (``stage``); only when all are written is it
swapped in for the previous site (``swap``), so a failed or interrupted build never leaves a
half-written site behind.

Files whose bytes are already in the output (a rebuild changes few of 10,000 pages) are not
written again: they are hard-linked from the previous site into the fresh folder (``link``;
copied where the file system has no links), so the swap stays one step.

A rebuild of a site that stands as the last build left it need not link the 13,000 files that
stay: the fresh folder then holds only the files that changed, and once every page is rendered
``patch`` moves each into the output (one rename per file: a reader of the site never sees a
half-written page) and deletes the pages the site no longer has. A build that fails before that
leaves the output untouched, as ever; one interrupted while moving leaves some pages new and
some old, which the next build sees (their sizes and times are not the recorded ones) and makes
again.

Every file and folder of the output gets the mode a fresh build under the current umask gives
it (files ``0o666``, folders ``0o777``, less the umask: ``site_modes``). A page kept from the
last build keeps its mode, so a build under another umask than the last one's (077 in a cron
job, 022 by hand) sets the mode of every file again (``settle_modes``): mixed modes let a web
server serve some pages and not others. The output folder's own mode, set last by every
build, says which umask the last one had (``modes_stand``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path


def write_site(files: dict[str, bytes], output: Path) -> None:
    output = output.resolve()
    staging = stage(output)
    try:
        folders = {staging}
        for relative, content in files.items():
            target = staging / relative
            if target.parent not in folders:
                target.parent.mkdir(parents=True, exist_ok=True)
                folders.add(target.parent)
            target.write_bytes(content)
        swap(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def stage(output: Path) -> Path:
    """A fresh, empty folder beside ``output`` for the new site (named with this process's
    id, so that a later build can tell it was left behind: ``sweep``)."""
    output.parent.mkdir(parents=True, exist_ok=True)
    sweep(output)
    return Path(tempfile.mkdtemp(prefix=_prefix(output, "new"), dir=output.parent))


def _prefix(output: Path, kind: str) -> str:
    """The start of the name of a folder beside ``output``: the new site ("new") or the one
    it replaces ("old"), with the id of the process that builds it."""
    return f".{output.name}.{kind}-{os.getpid()}-"


def left_beside(output: Path, name: str) -> re.Match[str] | None:
    """Whether ``name`` is that of a folder a build makes beside ``output`` (``_prefix``);
    the match's group 1 is the building process's id."""
    lead = f".{output.name}."
    return _LEFT.fullmatch(name[len(lead) :]) if name.startswith(lead) else None


_LEFT = re.compile(r"(?:new|old)-(\d+)-.*", re.DOTALL)


def sweep(output: Path) -> None:
    """Delete the folders beside ``output`` that builds killed on the way left (``kill -9``,
    a power cut, a CI time-out): a near-whole copy of the site each, which nothing else
    removes and ``git add -A`` would commit. A folder whose build still runs is left."""
    try:
        entries = list(os.scandir(output.parent))
    except OSError:
        return
    for entry in entries:
        found = left_beside(output, entry.name)
        if found and entry.is_dir(follow_symlinks=False) and not _running(int(found.group(1))):
            shutil.rmtree(entry.path, ignore_errors=True)


def _running(pid: int) -> bool:
    """Whether a process with this id runs (this one counts: it is building)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # os.kill there ends the process (TerminateProcess), even
        return True  # with signal 0: another build, or whatever now has the number
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process, or no such number: leave the folder
    return True


def link(source: str | Path, target: str | Path) -> bool:
    """The previous site's file in the new one: hard-linked, or copied where links cannot be
    made (``False`` then: the copy is a new file)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
        return False
    return True


def patch(staging: Path, output: Path, changed: Iterable[str], gone: Iterable[str]) -> None:
    """Move the ``changed`` files (paths relative to both folders) from ``staging`` into
    ``output``, after deleting the ``gone`` ones and the folders they leave empty (a page that
    becomes a folder, or the other way round, then finds its place free); ``staging`` goes."""
    try:
        stale = not modes_stand(output)
        emptied: set[str] = set()
        for path in gone:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{output}/{path}")
            emptied.add(path.rpartition("/")[0])
        for folder in sorted(emptied, key=len, reverse=True):
            while folder:
                try:
                    os.rmdir(f"{output}/{folder}")
                except OSError:
                    break  # not empty (or gone already)
                folder = folder.rpartition("/")[0]
        made: set[str] = set()
        for path in changed:
            folder = path.rpartition("/")[0]
            if folder and folder not in made:
                os.makedirs(f"{output}/{folder}", exist_ok=True)
                made.add(folder)
            target = f"{output}/{path}"
            if os.path.isdir(target) and not os.path.islink(target):
                shutil.rmtree(target)
            os.replace(f"{staging}/{path}", target)
        if stale:
            settle_modes(output)
        with contextlib.suppress(OSError):  # another user's folder: the pages are in
            _set_mode(output, site_modes()[1])  # last: it says the modes are this umask's
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def swap(staging: Path, output: Path) -> None:
    """Replace ``output`` by ``staging`` with two renames; the old site is removed last."""
    try:
        _swap(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _swap(staging: Path, output: Path) -> None:
    """Replace ``output`` by ``staging`` with two renames; the old site is removed last. The
    files linked from the old site have its modes: set again when its umask was another."""
    if output.exists() and not modes_stand(output):
        settle_modes(staging)
    staging.chmod(site_modes()[1])  # made by mkdtemp: 0o700 whatever the umask
    if not output.exists():
        staging.rename(output)
        return
    retired = Path(tempfile.mkdtemp(prefix=_prefix(output, "old"), dir=output.parent))
    retired.rmdir()
    output.rename(retired)
    try:
        staging.rename(output)
    except BaseException:
        retired.rename(output)
        raise
    _remove(retired)


def _remove(folder: Path) -> None:
    """Delete the retired site. Its 10,000 files take a second to delete that the build need
    not wait for: where this process may fork (``parallel.can_fork``), a detached process
    deletes them (a grandchild, so that no child is left for this process to wait for)."""
    from .parallel import can_fork  # not before: ``buildstate`` imports this module

    if not can_fork():
        shutil.rmtree(folder, ignore_errors=True)
        return
    child = os.fork()
    if child == 0:
        try:
            if os.fork() == 0:
                quiet = os.open(os.devnull, os.O_RDWR)  # let go of the terminal and pipes
                for descriptor in (0, 1, 2):
                    os.dup2(quiet, descriptor)
                os.closerange(3, 1 << 16)
                shutil.rmtree(folder, ignore_errors=True)
        finally:
            os._exit(0)
    os.waitpid(child, 0)


def current_umask() -> int:
    """This process's umask: read where the system shows it (Linux), as setting it to read
    it, even back at once, would race with another thread making files."""
    with (
        contextlib.suppress(OSError, ValueError),
        open("/proc/self/status", encoding="ascii", errors="replace") as status,
    ):
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def site_modes() -> tuple[int, int]:
    """The modes of a file and of a folder a build makes under the current umask."""
    mask = current_umask()
    return 0o666 & ~mask, 0o777 & ~mask


def modes_stand(output: Path) -> bool:
    """Whether the output's modes are this umask's: its own folder's mode, set last by every
    build, is (an output that cannot be looked at counts as standing: nothing to set)."""
    try:
        found = os.stat(output)
    except OSError:
        return True
    if hasattr(os, "geteuid") and found.st_uid != os.geteuid():
        return True  # another user's folder: its mode is not this build's to set
    return found.st_mode & 0o777 == site_modes()[1]


def _set_mode(path: str | Path, mode: int) -> None:
    """``mode`` for the permission bits, keeping a folder's setgid and sticky bits: a
    group-shared output folder (``chmod g+s``) stays shared. A file's special bits go (a
    published page has no use for setuid or setgid)."""
    found = os.stat(path).st_mode
    kept = found & 0o3000 if stat.S_ISDIR(found) else 0
    os.chmod(path, kept | mode)


def settle_modes(folder: Path) -> None:
    """Give every file and folder under ``folder`` (itself included) the mode a fresh build
    gives it now (``site_modes``). Links are left alone: a mode set through one would be
    the mode of whatever it points to. A mode that cannot be set (another user's file) is
    left: the site is written, which matters more."""
    file_mode, folder_mode = site_modes()
    folders = [os.fspath(folder)]
    with contextlib.suppress(OSError):
        _set_mode(folder, folder_mode)
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_symlink():
                    continue
                is_folder = entry.is_dir()
                wanted = folder_mode if is_folder else file_mode
                with contextlib.suppress(OSError):
                    if entry.stat().st_mode & 0o777 != wanted:
                        _set_mode(entry.path, wanted)
                if is_folder:
                    folders.append(entry.path)
