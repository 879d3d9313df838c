"""The building side of ``serve``: build into the served folder, keep the last good site.

Each rebuild goes through the ordinary pipeline (``check_site``) with drafts shown and the
incremental caches of ``generator.cache``; only files whose bytes changed are written, each
by a rename so a page is never read half-written. A failed build writes nothing: the last good
site stays, and every page served carries a banner with the problems until a build succeeds.
A site built with warnings says so too, more quietly, on every page: how many, where the Arbiter
report lists them, and the list itself folded away.
"""

from __future__ import annotations

import contextlib
import html
import os
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from ..build import event_slug, find_event_folders, marker_files
from ..buildstate import BuildReport
from ..cache import BuildCache, RebuildStats, changed_files
from ..config import load_site_config
from ..model import slugify
from ..problems import Problem, Problems
from ..scratch import LOCK
from ..text import name_text
from .server import insert_after_body

BANNER_STYLE = (
    "position:sticky;top:0;z-index:2147483647;margin:0;padding:.75rem 1rem;"
    "max-height:50vh;overflow:auto;background:#fdecea;color:#611a15;"
    "border-bottom:3px solid #b3261e;"
    "font:15px/1.4 system-ui,sans-serif;text-align:left"
)
PRE_STYLE = (
    "margin:.5rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;"
    "font:13px/1.4 ui-monospace,monospace;color:#3b0d0a;background:none;border:0;padding:0"
)
DRAFT_STYLE = (
    "margin:0;padding:.4rem 1rem;background:#fff4ce;color:#4d3a00;"
    "border-bottom:2px solid #c29b00;font:14px/1.4 system-ui,sans-serif"
)
WARNINGS_STYLE = (
    "margin:0;padding:.4rem 1rem;background:#fff4ce;color:#4d3a00;"
    "border-bottom:2px solid #c29b00;font:14px/1.4 system-ui,sans-serif;text-align:left"
)
WARNINGS_PRE_STYLE = (
    "margin:.4rem 0 0;max-height:40vh;overflow:auto;white-space:pre-wrap;"
    "overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace;color:#4d3a00;"
    "background:none;border:0;padding:0"
)
ROOM_HINT = (
    "make room in the temporary folder (or start serve with TMPDIR set to a folder with "
    "room), then save again"
)
PLACEHOLDER = (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
    "<title>No site yet · crosstable serve</title>\n</head>\n<body>\n"
    "<h1>No successful build yet</h1>\n<p>The problems are listed above and in the terminal. "
    "Fix them and save: this page reloads by itself.</p>\n</body>\n</html>\n"
).encode()


def kept_for_itself(path: str) -> bool:
    """Whether a file of the served folder is serve's own, not the site's: the folder's lock
    (``scratch.LOCK``, and the file it is taken on) and a page being written (``_write``'s
    ``.new-*``). They are never served (the lock was, as an empty file) nor taken for pages."""
    folder, _, name = path.rpartition("/")
    return (not folder and name in (LOCK, f"{LOCK}.new")) or name.startswith(".new-")


@dataclass
class RebuildResult:
    """One rebuild, for the terminal line and for tests."""

    ok: bool
    seconds: float
    stats: RebuildStats
    problems: list[Problem] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    crash: str = ""
    """A traceback, when the build itself failed (a bug rather than bad input)."""


class PreviewSite:
    """The site as ``serve`` shows it: built into ``root``, with notes added to pages."""

    def __init__(self, site_dir: Path, root: Path) -> None:
        self.site_dir = site_dir.resolve()
        self.root = root
        self.cache = BuildCache()
        self.files: dict[str, bytes] = {}
        self.errors: tuple[str, ...] = ()
        self.drafts: tuple[str, ...] = ()
        self.warnings: tuple[str, ...] = ()
        """The warnings of the site being served (the last good build), as the terminal
        says them: a failed build keeps them, as it keeps the site whose reports list them."""
        self.reports: tuple[tuple[str, str], ...] = ()
        """The served paths of the Arbiter reports of that site (``ev/arbiter.html``), each
        with its event's name."""
        self.builds = 0

    def rebuild(self) -> RebuildResult:
        """Build once; on success write what changed, on failure keep what is there."""
        start = time.perf_counter()
        try:
            report = self.cache.build(self.site_dir)
        except OSError as exc:  # the system's, not the input's: a full disk, too many files
            report = BuildReport()
            report.problems.error(
                f"cannot build the preview: {exc.strerror or exc}",
                Path(exc.filename) if exc.filename else self.site_dir,
                hint="check that the file named can be read and that the disk has room "
                "(the temporary folder too), then save again",
            )
            self._fail([p.format(self.site_dir) for p in report.problems.errors])
            problems = list(report.problems.items)
            return RebuildResult(False, time.perf_counter() - start, self.cache.stats, problems)
        except Exception:
            crash = traceback.format_exc()
            self._fail([f"crosstable crashed while building (a bug, not your input):\n{crash}"])
            return RebuildResult(False, time.perf_counter() - start, self.cache.stats, crash=crash)
        stats = self.cache.stats
        problems = list(report.problems.items)
        if report.failed():
            self._fail([p.format(self.site_dir) for p in report.problems.errors])
            return RebuildResult(False, time.perf_counter() - start, stats, problems)
        written = list(changed_files(self.files, report.files))
        removed = sorted(set(self.files) - set(report.files))
        try:
            self._write(report.files, written, removed)
        except OSError as exc:  # the temporary folder is full: said, and serve watches on
            report.problems.error(
                f"cannot write the preview: {exc.strerror or exc}",
                Path(exc.filename) if exc.filename else self.root,
                hint=ROOM_HINT,
            )
            self._fail([p.format(self.site_dir) for p in report.problems.errors])
            problems = list(report.problems.items)
            return RebuildResult(False, time.perf_counter() - start, stats, problems)
        self.files = report.files
        self.errors = ()
        self.drafts = self._draft_paths()
        self.warnings = tuple(p.format(self.site_dir) for p in report.problems.warnings)
        self.reports = self._report_paths(report.files, report.events)
        self.builds += 1
        return RebuildResult(True, time.perf_counter() - start, stats, problems, written, removed)

    def adopt_served(self) -> None:
        """Take the served folder as the last good site (the builder process that wrote it
        died: ``builder.BuildProcess``), so that the next build here compares against it and a
        failed one keeps it. Not the folder's lock (``scratch.LOCK``): no page, and deleting it
        as one would leave the folder behind for good if serve were killed."""
        found = (
            (path.relative_to(self.root).as_posix(), path)
            for path in sorted(self.root.rglob("*"))
            if path.is_file()
        )
        self.files = {name: path.read_bytes() for name, path in found if not kept_for_itself(name)}

    def _fail(self, errors: list[str]) -> None:
        """Keep the last good site, with ``errors`` on its pages. Before any, a placeholder
        home page; when even that cannot be written (the temporary folder is full from the
        first build on), the not-found page, made in memory, carries the errors instead."""
        self.errors = tuple(errors)
        if not self.files:
            with contextlib.suppress(OSError):
                self._write({"index.html": PLACEHOLDER}, ["index.html"], [])
                self.files = {"index.html": PLACEHOLDER}
        self.builds += 1

    def _write(self, files: dict[str, bytes], written: list[str], removed: list[str]) -> None:
        for relative in written:
            target = self.root / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".new-", dir=target.parent)
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(files[relative])
                os.chmod(temporary, 0o644)
                os.replace(temporary, target)
            except BaseException:  # a full disk: no half-written page left beside the others
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        for relative in removed:
            target = self.root / relative
            target.unlink(missing_ok=True)
            for parent in target.parents:
                if parent == self.root or not parent.is_relative_to(self.root):
                    break
                try:
                    parent.rmdir()
                except OSError:
                    break

    def _draft_paths(self) -> tuple[str, ...]:
        """Served paths (a folder ends in /) that come from drafts, to mark them on the page."""
        config = load_site_config(self.site_dir, Problems())
        if not config.drafts:
            return ()
        content = self.site_dir / "content"
        paths: list[str] = []
        for marker in marker_files(content, "championship.toml"):
            if config.is_draft(marker.parent.relative_to(content)):
                paths.append(f"{slugify(name_text(marker.parent.name))}/")
        for folder in find_event_folders(content):
            slug = event_slug(folder, content)
            if config.is_draft(folder.relative_to(content)):
                paths.append(f"{slug}/")
                continue
            for page in sorted(folder.glob("*.md")):
                if config.is_draft(page.relative_to(content)):
                    paths.append(f"{slug}/{slugify(name_text(page.stem))}.html")
        return tuple(paths)

    @staticmethod
    def _report_paths(
        files: dict[str, bytes], names: dict[str, str]
    ) -> tuple[tuple[str, str], ...]:
        """The events' Arbiter reports in ``files``, in the events' order (``names``, each
        event's name by slug, as the build read them), each with its event's name: an event
        has one only when it has warnings (``render.site``), and no page of the organiser's
        may take its name, so ``arbiter.html`` of an event is its report."""
        return tuple(
            (f"{slug}/arbiter.html", name)
            for slug, name in names.items()
            if f"{slug}/arbiter.html" in files
        )

    def is_draft(self, path: str) -> bool:
        path = str(PurePosixPath(path))
        return any(path == d or (d.endswith("/") and path.startswith(d)) for d in self.drafts)

    def decorate(self, path: str, page: bytes) -> bytes:
        """The notes ``serve`` adds to a page as it is sent: errors, warnings, then a draft
        mark."""
        notes = ""
        if self.errors:
            problems = html.escape("\n".join(self.errors))
            notes += (
                f'<div id="crosstable-preview-error" role="alert" style="{BANNER_STYLE}">'
                "<strong>The last build failed, so this is the last good version of the "
                "site.</strong> Fix the problem and save: the page reloads by itself."
                f'<pre style="{PRE_STYLE}">{problems}</pre></div>\n'
            )
        if self.warnings:
            notes += self._warnings_note(path)
        if self.is_draft(path):
            notes += (
                f'<p id="crosstable-preview-draft" style="{DRAFT_STYLE}"><strong>Draft.</strong> '
                "Only crosstable serve shows this page: build and deploy leave it out "
                "(<code>drafts</code> in site.toml).</p>\n"
            )
        return insert_after_body(page, notes.encode())

    def _warnings_note(self, path: str) -> str:
        """Warnings go to the terminal and the Arbiter report, where an organiser looking at
        the preview would not see them: a line on each page says how many and links to the
        reports by their events' names, the list folded under it so that it does not push
        the page down. The links are relative to ``path``, as every link of the site is."""
        count = len(self.warnings)
        up = "../" * path.count("/")
        links = "; ".join(  # an event's name may hold a comma
            f'<a href="{up}{html.escape(quote(report))}">{html.escape(name)}</a>'
            for report, name in self.reports
        )
        see = f" Arbiter report: {links}." if links else ""
        listed = html.escape("\n".join(self.warnings))
        return (
            f'<div id="crosstable-preview-warnings" role="status" style="{WARNINGS_STYLE}">'
            f"<strong>This version of the site has {count} warning{'' if count == 1 else 's'}"
            f"</strong> (listed in the terminal too): it is built, but check them before "
            f"publishing.{see}"
            f'<details><summary>Show the warnings</summary><pre style="{WARNINGS_PRE_STYLE}">'
            f"{listed}</pre></details></div>\n"
        )
