"""``crosstable serve`` over real HTTP: rebuilds on edits, error banner, drafts, port in use."""

from __future__ import annotations

import errno
import fcntl
import io
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SiteMaker, event_toml, pgn_game

from generator.build import build_site
from generator.buildstate import BuildReport
from generator.cache import BuildCache, RebuildStats
from generator.cli import main
from generator.serve import (
    PreviewSite,
    RebuildResult,
    ServeError,
    ServeSession,
    describe,
    say_changes,
    watch,
)
from generator.serve.builder import BuildProcess
from generator.serve.watch import Watcher

A, B, C = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


@pytest.fixture
def site(make_site: SiteMaker) -> Path:
    return make_site(
        event_toml(),
        {"games/r1.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")},
    )


@pytest.fixture
def session(site: Path) -> Iterator[ServeSession]:
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05, quiet=0.15) as s:
        yield s


def edit(path: Path, text: str) -> None:
    """Save the file whole, as an editor that writes a copy and renames it does: written in
    place, a watcher looking between the truncation and the write on a loaded machine saw
    an empty file, built it, and the test read that build's pages. The copy is written
    beside content/, where serve does not look."""
    copy = next(p for p in path.parents if p.name == "content").parent / "saving.tmp"
    copy.write_text(text, encoding="utf-8")
    os.replace(copy, path)


def test_serves_the_site_and_rebuilds_after_a_pgn_edit(site: Path, session: ServeSession) -> None:
    status, page = fetch(session.url + "ev/standings.html")
    assert status == 200
    assert "livereload.js" in page  # added as the page is sent ...
    assert not any(b"livereload" in p.read_bytes() for p in session.root.rglob("*.html"))
    assert fetch(session.url + "ev/games/r1-b1.html")[0] == 200
    assert any(Path(session.preview.cache.pages.rows.name).iterdir())  # the tables' rows

    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
    result = session.wait_for_build(2)
    assert result.ok
    assert "ev/games/r1-b1.html" in result.written
    assert "No moves were recorded" in fetch(session.url + "ev/games/r1-b1.html")[1]
    assert [p.name for p in result.stats.pgn_parsed] == ["r1.pgn"]
    assert "rebuilt in" in session.out.getvalue()  # type: ignore[attr-defined]


def test_builds_run_in_a_builder_process_that_ends_with_serve(site: Path) -> None:
    """The builds run in a process forked before the server's threads (it may fork workers
    for every build); stopping serve ends it."""
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        builder = session.builder.pid
        assert builder is not None and builder != os.getpid()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "1/2-1/2"))
        result = session.wait_for_build(2)
        assert result.ok and [p.name for p in result.stats.pgn_parsed] == ["r1.pgn"]
        assert "½-½" in fetch(session.url + "ev/rounds/round-1.html")[1]
    with pytest.raises(ProcessLookupError):
        os.kill(builder, 0)


def test_serve_builds_on_when_its_builder_process_died(site: Path, session: ServeSession) -> None:
    builder = session.builder.pid
    assert builder is not None
    os.kill(builder, signal.SIGKILL)
    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
    result = session.wait_for_build(2)
    assert result.ok and session.builder.pid is None
    assert "0-1" in fetch(session.url + "ev/rounds/round-1.html")[1]
    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "1-0"))
    assert session.wait_for_build(3).ok
    assert "1-0" in fetch(session.url + "ev/rounds/round-1.html")[1]


def test_the_served_folder_keeps_its_lock_after_the_builder_died(
    site: Path, session: ServeSession
) -> None:
    """The served folder's lock file (``scratch.ScratchFolder``) is no page of the site: taken
    for one when the builder died, the next build deleted it ("1 file(s) changed: .lock
    (removed)"), and a serve killed later left its folder behind for good."""
    builder = session.builder.pid
    assert builder is not None
    os.kill(builder, signal.SIGKILL)
    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
    result = session.wait_for_build(2)
    assert result.ok and result.removed == []
    assert (session.root / ".lock").is_file()


def test_the_preview_s_own_files_are_not_served(session: ServeSession) -> None:
    """The served folder's lock (``scratch.LOCK``) was answered as an empty file, and a page
    being written (``.new-*``) could be too: neither is the site's. A dot file of the site's
    own (``.nojekyll``, as a deploy adds) is served as any page."""
    assert (session.root / ".lock").is_file()
    (session.root / "ev/.new-k3j9x").write_bytes(b"half a page")
    (session.root / ".nojekyll").write_bytes(b"")
    assert fetch(session.url + ".lock")[0] == 404
    assert fetch(session.url + "ev/.new-k3j9x")[0] == 404
    assert fetch(session.url + ".nojekyll") == (200, "")
    assert fetch(session.url + "ev/standings.html")[0] == 200


def test_a_failed_build_after_the_builder_died_keeps_the_last_good_site(
    site: Path, session: ServeSession
) -> None:
    """The builder wrote the site being served; when it is gone, the last good site is still
    the one served, and a failed build keeps it (with the banner), not a placeholder."""
    good = fetch(session.url)[1]
    builder = session.builder.pid
    assert builder is not None
    os.kill(builder, signal.SIGKILL)
    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, "Nobody, Known", "1-0"))
    assert not session.wait_for_build(2).ok
    page = fetch(session.url)[1]
    assert "No successful build yet" not in page and 'id="crosstable-preview-error"' in page
    assert page.replace(page[page.index("<div id=") : page.index("</div>") + 7], "") == good


def test_a_builder_stopped_during_a_build_ends_at_once_with_its_workers(
    site: Path, tmp_path: Path
) -> None:
    """Ctrl+C during serve's first build: the builder and the workers it forked end at once
    (they are a process group of their own), not after the build."""
    worker_pid = tmp_path / "worker.pid"

    def slow_build() -> None:  # the builder's, forked with it: a worker, then a long build
        worker = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
        worker.start()
        worker_pid.write_text(str(worker.pid))
        time.sleep(60)

    preview = PreviewSite(site, tmp_path / "root")
    preview.rebuild = slow_build  # type: ignore[method-assign,assignment]
    builder = BuildProcess(preview)
    builder.start()
    del preview.rebuild  # here, a build that the builder's end leaves to this process is real
    builder_pid = builder.pid
    assert builder_pid is not None
    asking = threading.Thread(target=builder.rebuild, daemon=True)
    asking.start()
    deadline = time.monotonic() + 10
    while not worker_pid.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    started = time.monotonic()
    builder.stop()
    assert time.monotonic() - started < 5
    for pid in (builder_pid, int(worker_pid.read_text())):
        while not gone(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(pid)
    asking.join(timeout=10)  # the answer it awaited will not come: it returns, no build
    assert not asking.is_alive()


def gone(pid: int) -> bool:
    """Ended (a zombie left for a parent that went counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"


def test_build_output_never_holds_the_reload_script(site: Path) -> None:
    report = build_site(site)
    assert report.written
    assert not any(b"livereload" in data for data in report.files.values())


def test_an_error_keeps_the_last_good_site_with_a_banner_until_fixed(
    site: Path, session: ServeSession
) -> None:
    good = fetch(session.url + "ev/standings.html")[1]
    games = site / "content/ev/games/r1.pgn"
    edit(games, pgn_game("1.1", A, "Nobody, Known", "1-0"))
    result = session.wait_for_build(2)
    assert not result.ok
    status, page = fetch(session.url + "ev/standings.html")
    assert status == 200
    assert 'id="crosstable-preview-error"' in page
    assert "content/ev/games/r1.pgn:4: error: unknown black player" in page.replace("&quot;", '"')
    assert page.replace(page[page.index("<div id=") : page.index("</div>") + 7], "") == good
    assert "build failed" in session.out.getvalue()  # type: ignore[attr-defined]

    edit(games, pgn_game("1.1", A, C, "1-0"))
    assert session.wait_for_build(3).ok
    page = fetch(session.url + "ev/standings.html")[1]
    assert "crosstable-preview-error" not in page
    assert "Charlie" in fetch(session.url + "ev/rounds/round-1.html")[1]


def _warnings_note(page: str) -> str:
    """The warnings note of a served page ('' when it has none)."""
    start = page.find('<div id="crosstable-preview-warnings"')
    return "" if start < 0 else page[start : page.index("</div>", start) + 6]


def test_warnings_show_in_serve_with_a_link_to_the_arbiter_report(
    site: Path, session: ServeSession
) -> None:
    """The site fixture plays one game of round 1 (Alpha v Bravo): Charlie and Delta have no
    game in it, two warnings that went to the terminal and the Arbiter report only. Every
    page now says so, links the report and lists them folded; a warning's text (a trophy
    named with markup) is escaped; a failed build keeps the note of the site still served;
    once every warning is settled, the note goes."""
    page = fetch(session.url + "ev/standings.html")[1]
    note = _warnings_note(page)
    assert note.startswith('<div id="crosstable-preview-warnings" role="status"')
    assert "This version of the site has 2 warnings" in note
    # Relative, as the site's links, and named by the event's name, not its folder's.
    assert '<a href="../ev/arbiter.html">Test Event</a>' in note
    assert "<details><summary>Show the warnings</summary>" in note
    assert "content/ev/event.toml: warning: Charlie, Carl has no game and no bye in round 1" in note
    assert "content/ev/event.toml: warning: Delta, Dora has no game and no bye in round 1" in note
    assert fetch(session.url + "ev/arbiter.html")[0] == 200
    home = _warnings_note(fetch(session.url)[1])  # every page, the home page too
    assert home == note.replace('href="../ev/', 'href="ev/')
    player = _warnings_note(fetch(session.url + "ev/players/index.html")[1])
    assert player == note.replace('href="../ev/', 'href="../../ev/')

    toml = site / "content/ev/event.toml"
    trophy = '[[trophies]]\nname = "<b>Best</b> & co"\ncategory = "open"\nplace = 9\n'
    edit(toml, event_toml(trophy))
    assert session.wait_for_build(2).ok
    note = _warnings_note(fetch(session.url + "ev/standings.html")[1])
    assert "This version of the site has 3 warnings" in note
    assert "&quot;&lt;b&gt;Best&lt;/b&gt; &amp; co&quot; is for place 9" in note
    assert "<b>Best" not in note

    games = site / "content/ev/games/r1.pgn"
    played = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, "Delta, Dora", "1/2-1/2")
    edit(games, played + pgn_game("2.1", A, "Nobody, Known", "1-0"))
    assert not session.wait_for_build(3).ok
    page = fetch(session.url + "ev/standings.html")[1]
    assert page.index('id="crosstable-preview-error"') < page.index(note)  # the same note

    edit(games, played)  # round 1 complete: the trophy's warning alone is left
    assert session.wait_for_build(4).ok
    note = _warnings_note(fetch(session.url + "ev/standings.html")[1])
    assert "This version of the site has 1 warning</strong>" in note and "Charlie" not in note

    edit(toml, event_toml())
    result = session.wait_for_build(5)
    assert result.ok and not [p for p in result.problems if p.severity.value == "warning"]
    assert "crosstable-preview-warnings" not in fetch(session.url + "ev/standings.html")[1]
    assert fetch(session.url + "ev/arbiter.html")[0] == 404


def test_one_warning_without_an_arbiter_report_is_said_without_a_link(tmp_path: Path) -> None:
    """A warning no event's report holds (of the site's own files) is still counted and
    listed, with no link to follow; the note is escaped whole, its hint's markup too."""
    preview = PreviewSite(tmp_path, tmp_path / "root")
    preview.warnings = ('site.toml:2: warning: <script>alert(1)</script>\n    hint: a & "b"',)
    page = preview.decorate("index.html", b"<html><body><p>Home</p></body></html>")
    note = _warnings_note(page.decode())
    assert "This version of the site has 1 warning</strong>" in note
    assert "Arbiter report" not in note and "<a " not in note
    assert (
        "site.toml:2: warning: &lt;script&gt;alert(1)&lt;/script&gt;\n"
        "    hint: a &amp; &quot;b&quot;</pre>"
    ) in note
    assert page.endswith(note.encode() + b"\n<p>Home</p></body></html>")


def _full_while(full: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The served folder's disk is full while the file ``full`` exists."""
    write = PreviewSite._write

    def write_unless_full(
        self: PreviewSite, files: dict[str, bytes], written: list[str], removed: list[str]
    ) -> None:
        if full.exists():
            raise OSError(errno.ENOSPC, "No space left on device", str(self.root / written[0]))
        write(self, files, written, removed)

    monkeypatch.setattr(PreviewSite, "_write", write_unless_full)


def test_a_full_temporary_folder_is_reported_and_serve_watches_on(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The served site lives in the temporary folder (300 MB for an open): when it is full,
    the rebuild failed with a traceback, and serve never rebuilt again, without a word."""
    full = tmp_path / "full"
    _full_while(full, monkeypatch)
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        full.touch()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
        failed = session.wait_for_build(2)
        assert not failed.ok and session.builder.pid is not None  # the builder lives on
        said = session.out.getvalue()  # type: ignore[attr-defined]
        assert "error: cannot write the preview: No space left on device" in said
        assert "build failed with 1 error(s)" in said and "Traceback" not in said
        assert "cannot write the preview" in fetch(session.url)[1]  # the banner
        full.unlink()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "1/2-1/2"))
        assert session.wait_for_build(3).ok
        assert "½-½" in fetch(session.url + "ev/rounds/round-1.html")[1]


def test_a_temporary_folder_full_from_the_first_build_is_reported_and_serve_watches_on(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The first build could not write the site, nor then the placeholder page: serve
    ended with a traceback. It says where and why, as later builds do, serves the errors on
    the not-found page, and builds the site once there is room."""
    full = tmp_path / "full"
    full.touch()
    _full_while(full, monkeypatch)
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        first = session.wait_for_build(1)
        assert not first.ok and not first.crash
        said = session.out.getvalue()  # type: ignore[attr-defined]
        page = session.root / "ev/arbiter.html"  # the first written
        assert f"{page}: error: cannot write the preview: No space left on device" in said
        assert "hint: make room in the temporary folder" in said
        assert "build failed with 1 error(s)" in said
        status, page = fetch(session.url)
        assert status == 404 and "cannot write the preview" in page  # the banner
        full.unlink()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "1/2-1/2"))
        assert session.wait_for_build(2).ok
        assert "½-½" in fetch(session.url + "ev/rounds/round-1.html")[1]
    assert "Traceback" not in capfd.readouterr().err + session.out.getvalue()  # type: ignore[attr-defined]


def test_a_system_error_during_a_build_is_an_error_not_a_crash(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the build could not open for want of descriptors is no bug to report with a
    traceback: it is said as an error, on its file, and the next save builds again."""
    broken = tmp_path / "broken"
    build = BuildCache.build
    games = site / "content/ev/games/r1.pgn"

    def build_unless_broken(self: BuildCache, site_dir: Path) -> BuildReport:
        if broken.exists():
            raise OSError(errno.EMFILE, "Too many open files", str(games))
        return build(self, site_dir)

    monkeypatch.setattr(BuildCache, "build", build_unless_broken)
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        broken.touch()
        edit(games, pgn_game("1.1", A, B, "0-1"))
        failed = session.wait_for_build(2)
        assert not failed.ok and not failed.crash
        said = session.out.getvalue()  # type: ignore[attr-defined]
        assert (
            "content/ev/games/r1.pgn: error: cannot build the preview: Too many open files" in said
        )
        assert "Traceback" not in said
        broken.unlink()
        edit(games, pgn_game("1.1", A, B, "1/2-1/2"))
        assert session.wait_for_build(3).ok


def test_serve_builds_in_its_own_process_when_no_builder_can_be_started(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The system refused the builder process (too many processes): serve ended with a
    traceback before its first build. It builds in its own process instead."""

    start = multiprocessing.context.ForkProcess._Popen

    def refused(process: multiprocessing.process.BaseProcess) -> object:
        if process.name == "crosstable-builder":  # the build's own workers may start
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        return start(process)

    monkeypatch.setattr(multiprocessing.context.ForkProcess, "_Popen", staticmethod(refused))
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        assert session.builder.pid is None and session.wait_for_build(1).ok
        assert fetch(session.url + "ev/standings.html")[0] == 200


def test_serve_says_so_when_its_temporary_folder_cannot_be_made(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A temporary folder too full for even serve's own folders: a line, status 1."""
    folder = Path(tempfile.gettempdir(), "crosstable-serve-x")

    def full(prefix: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(folder))

    monkeypatch.setattr("generator.serve.ScratchFolder", full)
    assert main(["serve", "--site", str(site), "--port", str(free_port())]) == 1
    said = capsys.readouterr().err
    assert said.startswith(
        f"crosstable: cannot write the preview in {folder}: No space left on device; "
        "serve did not start\n    hint: make room in the temporary folder"
    )
    assert "Traceback" not in said


def test_a_rebuild_that_fails_outside_the_build_is_reported_and_serve_watches_on(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault of crosstable's own after the build itself (here, listing the drafts) ended
    the watcher's thread: serve served on but never rebuilt again, without a word."""
    broken = tmp_path / "broken"
    draft_paths = PreviewSite._draft_paths

    def fail_while_broken(self: PreviewSite) -> tuple[str, ...]:
        if broken.exists():
            raise RuntimeError("a bug")
        return draft_paths(self)

    monkeypatch.setattr(PreviewSite, "_draft_paths", fail_while_broken)
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        broken.touch()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
        assert session.wait_for_build(2).crash.endswith("RuntimeError: a bug\n")
        said = session.out.getvalue()  # type: ignore[attr-defined]
        assert "the build crashed; still serving the last good site" in said
        broken.unlink()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "1/2-1/2"))
        assert session.wait_for_build(3).ok
        assert "½-½" in fetch(session.url + "ev/rounds/round-1.html")[1]


def test_a_first_build_that_fails_serves_the_errors(site: Path) -> None:
    edit(site / "content/ev/event.toml", "name = \n")
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        status, page = fetch(session.url)
        assert status == 200
        assert "No successful build yet" in page and "TOML syntax error" in page


def test_an_edit_saved_during_the_first_build_is_built_next(site: Path) -> None:
    """The first build of an open takes a minute: a PGN saved after it read the games (here,
    just after it ended, before the watcher started) is built next, not left out until the
    following edit."""
    session = ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05, quiet=0.15)
    first_build = session.builder.rebuild

    def build_then_edit() -> RebuildResult:
        result = first_build()
        edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
        session.builder.rebuild = first_build  # type: ignore[method-assign]
        return result

    session.builder.rebuild = build_then_edit  # type: ignore[method-assign]
    with session:
        assert session.wait_for_build(2).ok
        assert "0-1" in fetch(session.url + "ev/rounds/round-1.html")[1]


def test_removed_pages_are_removed_and_missing_pages_still_reload(
    site: Path, session: ServeSession
) -> None:
    (site / "content/ev/about.md").write_text("# About\n\nText.\n")
    session.wait_for_build(2)
    assert fetch(session.url + "ev/about.html")[0] == 200
    (site / "content/ev/about.md").unlink()
    assert session.wait_for_build(3).removed == ["ev/about.html"]
    status, page = fetch(session.url + "ev/about.html")
    assert status == 404 and "livereload.js" in page


def test_serve_says_a_deleted_file_was_deleted_not_changed(
    site: Path, session: ServeSession
) -> None:
    """Deleting a page's Markdown file printed "crosstable: changed content/ev/about.md",
    as if it were still there."""
    about = site / "content/ev/about.md"
    about.write_text("# About\n\nText.\n")
    session.wait_for_build(2)
    about.unlink()
    session.wait_for_build(3)
    lines = session.out.getvalue().splitlines()  # type: ignore[attr-defined]
    said = [line for line in lines if line.startswith("crosstable: ") and "about.md" in line]
    assert said == [
        "crosstable: added content/ev/about.md",
        "crosstable: deleted content/ev/about.md",
    ]


def test_the_watcher_says_which_files_were_added_changed_and_deleted(tmp_path: Path) -> None:
    content = tmp_path / "content"
    content.mkdir()
    (content / "r1.pgn").write_text("1")
    (content / "r2.pgn").write_text("2")
    watcher = Watcher([content], interval=0.02, quiet=0.2)
    stop = threading.Event()
    found: list[list[tuple[Path, str]]] = []
    thread = threading.Thread(target=lambda: found.append(watcher.wait_for_changes(stop) or []))
    thread.start()
    (content / "r1.pgn").write_text("1 changed")
    (content / "r2.pgn").unlink()
    (content / "r3.pgn").write_text("3")
    thread.join(timeout=5)
    stop.set()
    assert [(p.name, kind) for p, kind in found[0]] == [
        ("r1.pgn", "changed"),
        ("r2.pgn", "deleted"),
        ("r3.pgn", "added"),
    ]


def test_the_terminal_line_names_each_file_under_what_happened_to_it() -> None:
    assert (
        say_changes([("content/ev/r2.pgn", "deleted")]) == "crosstable: deleted content/ev/r2.pgn"
    )
    changes = [("a", "changed"), ("b", "deleted"), ("c", "added"), ("d", "changed")]
    assert say_changes(changes) == "crosstable: changed a, d; added c; deleted b"
    eight = [(f"f{n}", "changed") for n in range(5)] + [(f"g{n}", "deleted") for n in range(3)]
    # Six names at most: the five changed ones, then one deleted, and 8 - 6 = 2 more.
    assert say_changes(eight) == ("crosstable: changed f0, f1, f2, f3, f4; deleted g0 and 2 more")


def test_drafts_show_in_serve_with_a_mark(site: Path, session: ServeSession) -> None:
    (site / "content/ev/report.md").write_text("# Report\n\nTo be written.\n")
    (site / "site.toml").write_text('drafts = ["ev/report.md"]\n')
    session.wait_for_build(2)
    page = fetch(session.url + "ev/report.html")[1]
    assert 'id="crosstable-preview-draft"' in page
    assert "crosstable-preview-draft" not in fetch(session.url + "ev/standings.html")[1]
    assert "ev/report.html" not in build_site(site).files


def test_the_output_folder_is_not_watched_and_bursts_give_one_build(
    site: Path, session: ServeSession
) -> None:
    (site / "output").mkdir()
    (site / "output/stray.html").write_text("x")
    time.sleep(0.5)
    assert len(session.results) == 1
    for name in ("a", "b", "c"):
        (site / f"content/ev/{name}.md").write_text(f"# {name}\n")
    session.wait_for_build(2)
    time.sleep(0.5)
    assert len(session.results) == 2
    assert fetch(session.url + "ev/c.html")[0] == 200


def test_watcher_reports_each_changed_file_once_settled(tmp_path: Path) -> None:
    import threading

    (tmp_path / "content").mkdir()
    watcher = Watcher([tmp_path / "content", tmp_path / "site.toml"], interval=0.02, quiet=0.5)
    stop = threading.Event()
    found: list[list[Path]] = []
    thread = threading.Thread(target=lambda: found.append(watcher.wait(stop) or []))
    thread.start()
    (tmp_path / "content/one.pgn").write_text("1")
    (tmp_path / "content/.one.pgn.swp").write_text("editor")
    (tmp_path / "site.toml").write_text("title = 'x'")
    thread.join(timeout=5)
    stop.set()
    assert [p.name for p in found[0]] == ["one.pgn", "site.toml"]


def changes_within(watcher: Watcher, seconds: float) -> list[Path] | None:
    """What ``watcher.wait`` reports within ``seconds`` (``None``: nothing)."""
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    try:
        return watcher.wait(stop)
    finally:
        timer.cancel()


def test_watcher_sees_a_same_size_edit_that_kept_the_file_s_time(tmp_path: Path) -> None:
    """On FAT (times to 2 s) or a network folder, a result corrected a second after the last
    save, to the same length, leaves time and size as they were: the watcher, comparing only
    those, never rebuilt. Here the time is put back by hand, as such a file system does."""
    games = tmp_path / "content/r1.pgn"
    games.parent.mkdir()
    games.write_text('[Result "1-0"]\n')
    coarse = time.time_ns() // 2_000_000_000 * 2_000_000_000  # the last even second
    os.utime(games, ns=(coarse, coarse))
    watcher = Watcher([tmp_path / "content"], interval=0.02, quiet=0.05)
    before = games.stat()
    games.write_text('[Result "0-1"]\n')  # same length, same file
    os.utime(games, ns=(coarse, coarse))
    after = games.stat()
    assert (after.st_mtime_ns, after.st_size, after.st_ino) == (
        before.st_mtime_ns, before.st_size, before.st_ino,
    )  # fmt: skip
    assert changes_within(watcher, 3) == [games]


def test_watcher_reads_only_recent_files_and_reports_no_change_when_they_settle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading every file at every look would cost a large content/ folder dearly: only a
    file whose time is recent is read, and only while it is; when it stops being read, that
    is no change. A recent time with a fraction of a second comes from a file system that
    keeps fine times, where a later save has a later time: such a file (a live broadcast's
    PGN, rewritten every few seconds) is not read either."""
    monkeypatch.setattr(watch, "AMBIGUOUS_SECONDS", 0.3)
    content = tmp_path / "content"
    content.mkdir()
    old, recent, fine = content / "old.pgn", content / "recent.pgn", content / "fine.pgn"
    old.write_text("1-0")
    an_hour_ago = time.time_ns() - 3600 * 10**9
    os.utime(old, ns=(an_hour_ago, an_hour_ago))
    recent.write_text("0-1")
    second = time.time_ns() // 10**9 * 10**9 + 10**9  # as FAT or HFS+ keep it: a whole
    time.sleep(max(0.0, (second - time.time_ns()) / 1e9))  # second, and now a recent one
    os.utime(recent, ns=(second, second))
    fine.write_text("1/2-1/2")
    os.utime(fine, ns=(second + 123_456_789, second + 123_456_789))
    read: list[str] = []
    digest = watch._digest

    def counted(path: str) -> bytes | None:
        read.append(Path(path).name)
        return digest(path)

    monkeypatch.setattr(watch, "_digest", counted)
    watcher = Watcher([content], interval=0.02, quiet=0.05)
    assert read == ["recent.pgn"]
    assert changes_within(watcher, 0.8) is None  # read a while, then not: no change
    read.clear()
    watcher.snapshot()
    assert read == []


def test_watcher_sees_edits_behind_a_linked_folder_and_survives_a_loop(tmp_path: Path) -> None:
    """An event folder linked into content/ is part of the site (the build reads it), so an
    edit behind the link rebuilds; a link back to its folder or above it is not walked."""
    import threading

    shared = tmp_path / "shared/ev"
    shared.mkdir(parents=True)
    (shared / "r1.pgn").write_text("1")
    (tmp_path / "content").mkdir()
    (tmp_path / "content/ev").symlink_to(shared, target_is_directory=True)
    (shared / "loop").symlink_to(shared, target_is_directory=True)
    (shared / "root").symlink_to("/", target_is_directory=True)  # never walked: the disk
    watcher = Watcher([tmp_path / "content"], interval=0.02, quiet=0.1)
    assert set(watcher.snapshot()) == {str(tmp_path / "content/ev/r1.pgn")}
    stop = threading.Event()
    found: list[list[Path]] = []
    thread = threading.Thread(target=lambda: found.append(watcher.wait(stop) or []))
    thread.start()
    time.sleep(0.1)
    (shared / "r1.pgn").write_text("1-0")
    thread.join(timeout=5)
    stop.set()
    assert found == [[tmp_path / "content/ev/r1.pgn"]]


def test_a_taken_port_is_refused_with_a_clear_message(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ServeError, match=f"port {port} on 127.0.0.1 is already in use"):
            ServeSession(site, port=port, out=io.StringIO()).start()
        assert main(["serve", "--site", str(site), "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"--port {port + 1}" in err and "Traceback" not in err


def test_serve_refuses_a_folder_without_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--site", str(tmp_path)]) == 1
    assert "crosstable new" in capsys.readouterr().err


def test_serve_leaves_no_folder_behind(site: Path) -> None:
    """The served folder and the folder of the tables' kept rows go when serve stops."""
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        folders = [session.root, Path(session.preview.cache.pages.rows.name)]
        assert all(folder.is_dir() for folder in folders)
    assert not any(folder.exists() for folder in folders)


def serve_command(site: Path, temporary: Path) -> subprocess.Popen[str]:
    """``crosstable serve`` as a command, with its own temporary folder, Ctrl+C handled as in a
    terminal, and its output (both streams) to read."""
    port = str(free_port())
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--site", str(site), "--port", port],
        env=dict(os.environ, TMPDIR=str(temporary)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
@pytest.mark.parametrize("after", ["building", "serving on"])
def test_kill_stops_serve_as_ctrl_c_does(
    site: Path, tmp_path: Path, stop: signal.Signals, after: str
) -> None:
    """``kill`` or a closed terminal end serve as Ctrl+C does, during the first build too:
    its builder and temporary folders go with it."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = serve_command(site, temporary)
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if after in line:
                break
        assert {p.name.split("-")[1] for p in temporary.iterdir()} == {"serve", "rows"}
        process.send_signal(stop)
        out, _ = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 0, out
    assert "stopped" in out
    assert list(temporary.iterdir()) == []


def test_the_builder_leaves_ctrl_c_to_serve(site: Path, session: ServeSession) -> None:
    """``pkill -INT -f "crosstable serve"`` reaches the builder as well as serve: it goes on
    building (serve ends it when serve stops), rather than dying with a traceback."""
    builder = session.builder.pid
    assert builder is not None
    os.kill(builder, signal.SIGINT)
    edit(site / "content/ev/games/r1.pgn", pgn_game("1.1", A, B, "0-1"))
    assert session.wait_for_build(2).ok
    assert session.builder.pid == builder
    assert "0-1" in fetch(session.url + "ev/rounds/round-1.html")[1]


def test_a_killed_serve_s_folders_go_with_the_next_serve(site: Path, tmp_path: Path) -> None:
    """``kill -9`` (or an editor's stop button) leaves the served site in the temporary
    folder; the next serve removes it, and keeps the folders of a serve still running."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()

    def serve() -> subprocess.Popen[str]:
        process = serve_command(site, temporary)
        assert process.stdout is not None
        for line in process.stdout:
            if "serving on" in line:
                return process
        raise AssertionError(process.communicate(timeout=30)[0])

    killed = serve()
    left = set(temporary.iterdir())
    running = serve()
    try:
        mine = set(temporary.iterdir()) - left
        assert {p.name.split("-")[1] for p in left} == {"serve", "rows"}
        killed.kill()
        killed.communicate(timeout=30)  # its builder reads the end of the pipe and ends
        assert all(p.is_dir() for p in left)
        for folder in left:  # wait for that builder to be gone
            handle = os.open(folder / ".lock", os.O_RDONLY)
            deadline = time.monotonic() + 30
            try:
                while True:
                    try:
                        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        assert time.monotonic() < deadline, "the killed serve's builder lives on"
                        time.sleep(0.05)
            finally:
                os.close(handle)
        latest = serve()
        latest.terminate()
        latest.communicate(timeout=30)
        assert set(temporary.iterdir()) == mine  # the killed one's gone, the running one's kept
    finally:
        for process in (killed, running):
            process.kill()
            process.communicate(timeout=30)


@pytest.mark.parametrize(
    ("verb", "said"),
    [
        ("built", "the build crashed; nothing is built yet: the next change is tried again."),
        ("rebuilt", "the build crashed; still serving the last good site."),
    ],
)
def test_a_crash_says_whether_a_last_good_site_is_served(verb: str, said: str) -> None:
    """A crash of the first build has no last good site to serve: saying so misled."""
    result = RebuildResult(
        ok=False, seconds=0.1, stats=RebuildStats(), crash="Traceback ...\nRuntimeError: a bug\n"
    )
    lines = describe(result, Path("."), verb)
    assert lines[0] == "Traceback ...\nRuntimeError: a bug"
    assert lines[1] == f"crosstable: {said} Please report this, with the lines above."


def _event(site: Path, slug: str, name: str, files: dict[str, str] | None = None) -> None:
    """Event ``slug`` (the four players of ``event_toml``, one game) named ``name``."""
    folder = site / "content" / slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "event.toml").write_text(event_toml().replace("Test Event", name))
    (folder / "g.pgn").write_text(pgn_game("1.1", A, B, "1-0"))
    for file, text in (files or {}).items():
        (folder / file).write_text(text)


def _preview_build(site: Path, cache: BuildCache) -> tuple[dict[str, bytes], RebuildStats]:
    report = cache.build(site)
    assert not report.failed()
    return report.files, cache.stats


def test_adding_an_event_renders_only_it_and_the_home_page(tmp_path: Path) -> None:
    """Two events, then a third: serve rendered all three again, though the others' pages do
    not show the list of events (only the home page does). Now the new event alone is
    rendered, and the others' files are the ones a full build makes."""
    site = tmp_path / "site"
    _event(site, "spring", "Spring Open")
    _event(site, "summer", "Summer Open")
    cache = BuildCache()
    first, _ = _preview_build(site, cache)
    _event(site, "autumn", "Autumn Open")
    files, stats = _preview_build(site, cache)
    assert stats.events_rendered == ["autumn"]
    assert sorted(stats.events_reused) == ["spring", "summer"]
    assert files == build_site(site).files
    assert b'href="autumn/index.html"' in files["index.html"]
    assert b"Autumn Open" not in files["spring/index.html"]
    # What changed: the home page, and the new event's files; nothing of the others.
    changed = {path for path in files if first.get(path) != files[path]}
    assert {path.partition("/")[0] for path in changed} == {"index.html", "autumn"}


def test_adding_a_section_renders_its_sister_sections_whose_pages_list_it(tmp_path: Path) -> None:
    """Every page of a section links the other sections (the row of sections): adding one
    must render the others again, or their row would lack it."""
    site = tmp_path / "site"
    cup = site / "content" / "cup"
    cup.mkdir(parents=True)
    listed = 'name = "Club Cup"\nsections = [{}]\n'
    (cup / "championship.toml").write_text(listed.format('"open", "girls"'))
    _event(site, "cup/open", "Open")
    _event(site, "cup/girls", "Girls")
    _event(site, "club", "Club Championship")
    cache = BuildCache()
    _preview_build(site, cache)
    (cup / "championship.toml").write_text(listed.format('"open", "girls", "juniors"'))
    _event(site, "cup/juniors", "Juniors")
    files, stats = _preview_build(site, cache)
    # The championship changed: every event is rendered again (the sections must be).
    assert {"cup/girls", "cup/juniors", "cup/open"} <= set(stats.events_rendered)
    assert b'href="../juniors/index.html">Juniors</a>' in files["cup/open/index.html"]
    assert files == build_site(site).files
    # A section renamed: the others' rows show the new name.
    _event(site, "cup/juniors", "Under 16")
    files, stats = _preview_build(site, cache)
    assert {"cup/girls", "cup/juniors", "cup/open"} <= set(stats.events_rendered)
    assert b'href="../juniors/index.html">Under 16</a>' in files["cup/girls/index.html"]
    assert files == build_site(site).files


def test_a_page_linking_a_page_of_an_event_added_later_leads_to_it(tmp_path: Path) -> None:
    """A page of one event links a Markdown page of another event not there yet: once that
    event is added, the link leads to its page, not to the .md file."""
    site = tmp_path / "site"
    _event(site, "spring", "Spring Open", {"about.md": "# About\n\n[Notes](../autumn/notes.md)\n"})
    cache = BuildCache()
    _preview_build(site, cache)
    _event(site, "autumn", "Autumn Open", {"notes.md": "# Notes\n"})
    files, stats = _preview_build(site, cache)
    assert sorted(stats.events_rendered) == ["autumn", "spring"]
    assert b'<a href="../autumn/notes.html">Notes</a>' in files["spring/about.html"]
    assert files == build_site(site).files
