"""The write stage: a new site is swapped in whole, or the changed files are moved in one by
one (``patch``); either way no reader sees a half-written page."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SiteMaker, event_toml, pgn_game

from generator import write
from generator.build import build_site
from generator.write import patch


def files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*") if p.is_file()
    }


def make(folder: Path, contents: dict[str, str]) -> Path:
    for path, text in contents.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    return folder


def test_patch_moves_the_changed_files_in_and_leaves_the_rest_alone(tmp_path: Path) -> None:
    output = make(tmp_path / "out", {"a.html": "old a", "ev/b.html": "b", "ev/c.html": "old c"})
    kept = (output / "ev/b.html").stat()
    staging = make(tmp_path / "new", {"a.html": "new a", "ev/c.html": "new c", "ev/d/e.html": "e"})
    patch(staging, output, ["a.html", "ev/c.html", "ev/d/e.html"], [])
    assert files(output) == {"a.html": "new a", "ev/b.html": "b", "ev/c.html": "new c",
                             "ev/d/e.html": "e"}  # fmt: skip
    now = (output / "ev/b.html").stat()
    assert (now.st_ino, now.st_mtime_ns) == (kept.st_ino, kept.st_mtime_ns)
    assert not staging.exists()


def test_patch_deletes_the_pages_that_went_and_the_folders_they_leave_empty(
    tmp_path: Path,
) -> None:
    output = make(
        tmp_path / "out",
        {"index.html": "i", "ev/games/r1.html": "1", "ev/games/r2.html": "2", "old/x/y.html": "y"},
    )
    staging = make(tmp_path / "new", {"index.html": "new i"})
    patch(staging, output, ["index.html"], ["ev/games/r2.html", "old/x/y.html"])
    assert files(output) == {"index.html": "new i", "ev/games/r1.html": "1"}
    assert not (output / "old").exists()  # emptied, up to the output itself
    assert (output / "ev/games").is_dir()


def test_a_page_may_become_a_folder_and_a_folder_a_page(tmp_path: Path) -> None:
    output = make(tmp_path / "out", {"ev/info": "a page", "ev/about/index.html": "a folder"})
    staging = make(tmp_path / "new", {"ev/info/index.html": "now a folder", "ev/about": "a page"})
    patch(staging, output, ["ev/about", "ev/info/index.html"], ["ev/info", "ev/about/index.html"])
    assert files(output) == {"ev/info/index.html": "now a folder", "ev/about": "a page"}


def test_a_folder_crosstable_did_not_make_is_never_replaced(make_site: SiteMaker) -> None:
    """A build replaces its whole output folder: given a folder of someone's files
    (``--output mydocs``), or a file, it stops with an error and touches nothing. A folder
    an earlier build made is replaced, also once the build cache is deleted, and so is an
    empty one."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    mine = site.parent / "mydocs"
    mine.mkdir()
    (mine / "thesis.txt").write_text("years of work", encoding="utf-8")
    report = build_site(site, mine)
    assert not report.written
    (error,) = report.problems.errors
    assert error.message == (
        f"the build would replace the output folder, but {mine} holds files crosstable did "
        "not make (thesis.txt)"
    )
    assert sorted(p.name for p in mine.iterdir()) == ["thesis.txt"]
    assert (mine / "thesis.txt").read_text(encoding="utf-8") == "years of work"
    a_file = site.parent / "notes.md"
    a_file.write_text("notes", encoding="utf-8")
    report = build_site(site, a_file)
    assert [e.message for e in report.problems.errors] == [
        f"the build would replace the output folder, but {a_file} is a file, not a folder"
    ]
    assert a_file.read_text(encoding="utf-8") == "notes"

    empty = site.parent / "empty"
    empty.mkdir()
    (empty / ".DS_Store").write_bytes(b"\0")  # Finder's: the folder still looks empty
    assert build_site(site, empty).written
    shutil.rmtree(site.parent / ".crosstable-cache")  # the cache gone: the site is still known
    (site / "content/ev/g.pgn").write_text(pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "0-1"))
    report = build_site(site, empty)
    assert report.written, [p.format() for p in report.problems.items]
    assert '"result": "0-1"' in (empty / "ev/results.json").read_text(encoding="utf-8")
    # A clone of the published site's repository: an earlier site, and files of its own.
    clone = site.parent / "clone"
    shutil.copytree(empty, clone)
    (clone / ".git").mkdir()
    (clone / "NOTES.md").write_text("mine", encoding="utf-8")
    report = build_site(site, clone)
    assert [e.message for e in report.problems.errors] == [
        f"the build would replace the output folder, but {clone} holds files crosstable did "
        "not make (.git, NOTES.md)"
    ]
    assert (clone / "NOTES.md").is_file() and (clone / ".git").is_dir()


def test_folders_of_killed_builds_are_swept_by_the_next_one(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A build killed while it wrote (kill -9, a power cut) left its hidden copy of the site
    beside the output for good. The next build deletes those whose process has ended, and
    leaves one whose build still runs (pid 1 runs as long as the machine does)."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    dead = int(ended.stdout)
    left = [f".output.new-{dead}-k3j9x", f".output.old-{dead}-q8w2e", ".output.new-1-a1b2c"]
    for name in left:
        (site / name / "ev").mkdir(parents=True)
        (site / name / "ev/index.html").write_text("half a site", encoding="utf-8")
    (site / ".output.new-notes").mkdir()  # not a build's: no process id in its name
    assert build_site(site).written
    found = sorted(p.name for p in site.iterdir() if p.name.startswith(".output"))
    assert found == [".output.new-1-a1b2c", ".output.new-notes"]


def test_on_windows_no_process_is_asked_after_by_os_kill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Windows ``os.kill(pid, 0)`` is no question: it ends the process with that number
    (TerminateProcess). The sweep asked it of the process named in each hidden folder: a
    build running into the same output from another terminal, or any program that took
    the number since. There, no folder is taken for left behind."""
    (tmp_path / ".out.new-4242-k3j9x").mkdir()
    ended: list[int] = []
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(write.os, "kill", lambda pid, signal: ended.append(pid))
    write.sweep(tmp_path / "out")
    monkeypatch.undo()
    assert ended == []
    assert (tmp_path / ".out.new-4242-k3j9x").is_dir()


def modes(folder: Path) -> set[tuple[str, str]]:
    """The kinds and modes found under ``folder``, itself included: ("file", "0o644")."""
    found = {("folder", oct(folder.stat().st_mode & 0o7777))}
    for path in folder.rglob("*"):
        kind = "folder" if path.is_dir() else "file"
        found.add((kind, oct(path.stat().st_mode & 0o7777)))
    return found


def test_every_file_of_the_output_has_the_mode_of_the_current_umask(
    make_site: SiteMaker,
) -> None:
    """A page a build kept from the last output kept its mode (644) while the pages it wrote
    under umask 077 were 600: a web server then served some pages and not others. A fresh
    build makes files 0o666 and folders 0o777 less the umask; every build now leaves the
    whole output so, whichever way it writes (moving the changed pages in, swapping a new
    site in, or nothing at all)."""
    site = make_site(
        event_toml(),
        {
            "r1.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0"),
            "r2.pgn": pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1/2-1/2"),
        },
    )
    output = site / "output"
    open_ = {("file", "0o644"), ("folder", "0o755")}  # 0o666, 0o777 less 022
    private = {("file", "0o600"), ("folder", "0o700")}  # less 077
    before = os.umask(0o022)
    try:
        assert build_site(site).written
        assert modes(output) == open_
        pages = len(list(output.rglob("*")))

        os.umask(0o077)  # a result corrected: a few pages change, most are kept
        games = site / "content/ev/r2.pgn"
        games.write_text(games.read_text().replace("1/2-1/2", "0-1"))
        assert build_site(site).written
        assert modes(output) == private
        assert len(list(output.rglob("*"))) == pages

        os.umask(0o022)  # a page touched by hand: a new site swapped in, the rest linked
        index = output / "index.html"
        os.utime(index, ns=(0, 0))
        assert build_site(site).written
        assert modes(output) == open_

        os.umask(0o077)  # nothing changed since: the modes are still set again
        assert build_site(site).written
        assert modes(output) == private
    finally:
        os.umask(before)


def test_a_mode_that_cannot_be_set_does_not_fail_the_build(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An output folder of another user's (a team's shared folder) cannot have its mode set:
    the pages are written all the same, not reported as a site that could not be written."""
    site = make_site(event_toml(), {"r1.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    before = os.umask(0o022)
    try:
        assert build_site(site).written
        games = site / "content/ev/r1.pgn"
        games.write_text(games.read_text().replace("1-0", "0-1"))
        os.umask(0o077)

        def refused(path: object, mode: int) -> None:
            raise PermissionError(1, "Operation not permitted", str(path))

        monkeypatch.setattr(write.os, "chmod", refused)
        report = build_site(site)
        assert report.written and not report.problems.errors
        assert "0-1" in (site / "output/ev/results.json").read_text()
    finally:
        os.umask(before)


def test_a_group_shared_output_folder_stays_shared(make_site: SiteMaker) -> None:
    """An output folder set group-shared (``chmod g+s``, so that a team's files take its
    group) keeps the setgid bit: setting the permission bits cleared it, and a build then
    saw the folder's mode (with the bit) as another umask's and walked the whole site."""
    site = make_site(event_toml(), {"r1.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    output = site / "output"
    before = os.umask(0o022)
    try:
        assert build_site(site).written
        output.chmod(0o2755)
        assert write.modes_stand(output)  # the permission bits are this umask's
        games = site / "content/ev/r1.pgn"
        games.write_text(games.read_text().replace("1-0", "0-1"))
        assert build_site(site).written
        assert "0-1" in (output / "ev/results.json").read_text()
        assert stat.S_IMODE(output.stat().st_mode) == 0o2755
    finally:
        os.umask(before)


def test_another_users_output_folder_is_taken_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of another user's cannot have its mode set by this build: counted as
    standing, or every build would set every page's mode again, and a build with nothing
    changed would never be spared."""
    folder = tmp_path / "output"
    folder.mkdir(mode=0o700)
    folder.chmod(0o700)
    before = os.umask(0o022)
    try:
        assert not write.modes_stand(folder)  # this user's, with another umask's mode
        monkeypatch.setattr(write.os, "geteuid", lambda: folder.stat().st_uid + 1)
        assert write.modes_stand(folder)
    finally:
        os.umask(before)


def test_special_bits_stay_on_a_shared_folder_and_leave_files(tmp_path: Path) -> None:
    """Setting a mode keeps a folder's setgid bit (shared with its group) but not a file's
    setuid and setgid bits: a published page has no use for them."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o2755)
    page = folder / "page.html"
    page.write_text("page")
    page.chmod(0o6644)
    write._set_mode(folder, 0o700)
    write._set_mode(page, 0o600)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o2700
    assert stat.S_IMODE(page.stat().st_mode) == 0o600
