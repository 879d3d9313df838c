"""``crosstable serve``: build into a temporary folder, serve it, rebuild and reload on edits.

The pieces: ``preview.PreviewSite`` builds (incrementally) and keeps the last good site,
``watch.Watcher`` notices settled changes to content/, templates/ and site.toml, and a
``server.ReloadServer`` (livereload) serves the folder and reloads open pages.
``ServeSession`` ties them together in background threads, so tests can drive it too; the
builds themselves run in a process of their own (``builder.BuildProcess``), forked before
those threads, which forks workers for each build as ``crosstable build`` does.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..build import no_content
from ..problems import Problems
from ..scratch import ScratchFolder
from .builder import BuildProcess
from .preview import PreviewSite, RebuildResult, kept_for_itself
from .server import LivereloadServer, ReloadServer, ServeError, check_port
from .watch import Watcher

__all__ = ["PreviewSite", "RebuildResult", "ServeError", "ServeSession", "serve_site"]

SHOWN_FILES = 6


def describe(result: RebuildResult, site_dir: Path, verb: str = "rebuilt") -> list[str]:
    """The terminal lines for one rebuild: what was rebuilt, how long it took, what failed."""
    lines: list[str] = []
    if result.crash:
        lines.append(result.crash.rstrip())
        kept = (
            "nothing is built yet: the next change is tried again"
            if verb == "built"
            else "still serving the last good site"
        )
        lines.append(
            f"crosstable: the build crashed; {kept}. Please report this, with the lines above."
        )
        return lines
    for problem in result.problems:
        lines.append(problem.format(site_dir))
    took = f"{result.seconds:.2f} s"
    if not result.ok:
        errors = sum(1 for p in result.problems if p.severity.value == "error")
        kept = (
            "serving a page that lists them until a build succeeds"
            if verb == "built"
            else "still serving the last good site, with the errors on every page"
        )
        lines.append(f"crosstable: build failed with {errors} error(s) in {took}; {kept}.")
        return lines
    changed = result.written + [f"{path} (removed)" for path in result.removed]
    if verb == "built":
        files = f"{len(changed)} files"
    elif changed:
        shown = ", ".join(changed[:SHOWN_FILES])
        more = f" and {len(changed) - SHOWN_FILES} more" if len(changed) > SHOWN_FILES else ""
        files = f"{len(changed)} file(s) changed: {shown}{more}"
    else:
        files = "no file changed"
    lines.append(f"crosstable: {verb} in {took}: {result.stats.summary()}; {files}")
    return lines


CHANGE_KINDS = ("changed", "added", "deleted")


def say_changes(changes: list[tuple[str, str]]) -> str:
    """The terminal line for the files the watcher found, each under what happened to it
    ("changed", "added", "deleted"): a deleted file was said to have "changed". At most
    ``SHOWN_FILES`` names, changed ones first."""
    groups = [(kind, [name for name, its in changes if its == kind]) for kind in CHANGE_KINDS]
    parts, left = [], SHOWN_FILES
    for kind, names in groups:
        if names and left > 0:
            parts.append(f"{kind} {', '.join(names[:left])}")
            left -= len(names[:left])
    more = len(changes) - SHOWN_FILES
    return f"crosstable: {'; '.join(parts)}{f' and {more} more' if more > 0 else ''}"


class ServeSession:
    """One running preview: server, first build, then a watcher thread rebuilding on changes."""

    def __init__(
        self,
        site_dir: Path,
        host: str = "127.0.0.1",
        port: int = 8000,
        *,
        out: TextIO | None = None,
        interval: float = 0.2,
        quiet: float = 0.3,
        server_factory: Callable[[Path, str, int, PreviewSite], ReloadServer] | None = None,
        stop_signals: bool = False,
    ) -> None:
        self.site_dir = site_dir.resolve()
        self.stop_signals = stop_signals
        """Let ``kill`` and a closed terminal stop serve as Ctrl+C does (``_stop_as_ctrl_c``),
        from the first build on: for the command, not for a session within other code."""
        self.host = host
        self.port = port
        self.out = out if out is not None else sys.stdout
        self.interval = interval
        self.quiet = quiet
        try:
            self._folder = ScratchFolder("crosstable-serve-")
        except OSError as exc:
            raise no_room(exc) from None
        self.root = Path(self._folder.name)
        try:
            self.preview = PreviewSite(self.site_dir, self.root)  # its tables' rows' folder
        except OSError as exc:
            self._folder.cleanup()
            raise no_room(exc) from None
        self.builder = BuildProcess(self.preview)
        factory = server_factory or _livereload
        self.server = factory(self.root, host, port, self.preview)
        self.check_port = server_factory is None
        """Whether ``start`` checks the port itself first (a server of a test's own need not
        listen on it)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.results: list[RebuildResult] = []
        self._built = threading.Condition()

    @property
    def url(self) -> str:
        return self.server.url

    def watched(self) -> list[Path]:
        """content/, templates/ and site.toml: the sources, never the output."""
        return [self.site_dir / "content", self.site_dir / "templates", self.site_dir / "site.toml"]

    def start(self) -> None:
        """Check the port (failing fast when it is taken), start the builder process before
        any thread of ours (``BuildProcess``: every build may then fork worker processes, as
        ``crosstable build`` does), build once, listen, then watch in the background. The
        watcher's first look is taken before the first build, so that a file saved while it
        runs (a minute, for an open) is built next rather than only after the next edit."""
        try:
            if self.check_port:
                check_port(self.host, self.port)
        except ServeError:
            self._clean_up()
            raise
        self.builder.start()
        if self.stop_signals:
            _stop_as_ctrl_c()
        watcher = Watcher(
            self.watched(),
            excluded=[self.site_dir / "output"],
            interval=self.interval,
            quiet=self.quiet,
        )
        self._say(f"crosstable: building {self.site_dir} ...")
        self._record(self._rebuild(), "built")
        try:
            self.server.start()
        except ServeError:
            self.builder.stop()
            self._clean_up()
            raise
        self._thread = threading.Thread(
            target=self._watch, args=(watcher,), name="crosstable-watch", daemon=True
        )
        self._thread.start()

    def _watch(self, watcher: Watcher) -> None:
        while True:
            changed = watcher.wait_for_changes(self._stop)
            if changed is None:
                return
            self._say(say_changes([(self._relative(p), kind) for p, kind in changed]))
            result = self._rebuild()
            if self._stop.is_set():
                return  # serve stopped during this build: nothing to report or reload
            self._record(result)
            self.server.reload()

    def _rebuild(self) -> RebuildResult:
        """A build; a fault of ours is said, and serve goes on (the watching thread ended,
        and the first build ended serve, with a traceback)."""
        try:
            return self.builder.rebuild()
        except Exception:
            crash = traceback.format_exc()
            return RebuildResult(False, 0.0, self.preview.cache.stats, crash=crash)

    def _relative(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.site_dir))
        except ValueError:
            return str(path)

    def _record(self, result: RebuildResult, verb: str = "rebuilt") -> None:
        for line in describe(result, self.site_dir, verb):
            self._say(line)
        with self._built:
            self.results.append(result)
            self._built.notify_all()

    def _say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def wait_for_build(self, count: int, timeout: float = 20.0) -> RebuildResult:
        """Block until ``count`` builds have finished (the first build is number 1)."""
        with self._built:
            if not self._built.wait_for(lambda: len(self.results) >= count, timeout):
                raise TimeoutError(f"no build number {count} within {timeout} s")
            return self.results[count - 1]

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        self.server.stop()
        self.builder.stop()
        self._clean_up()

    def _clean_up(self) -> None:
        """Remove the served folder and the folder the builds keep their tables' rows in
        (``cache.RenderStore``): the command ends without the clean-up Python does on exit."""
        self.preview.cache.pages.rows.cleanup()
        self._folder.cleanup()

    def __enter__(self) -> ServeSession:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def no_room(exc: OSError) -> ServeError:
    """Why serve's temporary folders could not be made (a full or read-only temporary
    folder), and where: said before serve starts, not a traceback."""
    where = exc.filename or tempfile.gettempdir()
    return ServeError(
        f"cannot write the preview in {where}: {exc.strerror or exc}; serve did not start\n"
        "    hint: make room in the temporary folder, or start serve with TMPDIR set to "
        "a folder with room, e.g. TMPDIR=$HOME/tmp crosstable serve"
    )


def _livereload(root: Path, host: str, port: int, preview: PreviewSite) -> ReloadServer:
    return LivereloadServer(root, host, port, preview.decorate, kept_for_itself)


def _stop_as_ctrl_c() -> None:
    """Let ``kill`` and a closed terminal stop serve as Ctrl+C does, its temporary folders
    removed (by default they end the process at once). Installed once the builder process
    is forked: the builder keeps the default, which ``BuildProcess`` relies on to end it."""
    if threading.current_thread() is not threading.main_thread():
        return  # only the main thread may handle signals
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _interrupt)


def _interrupt(number: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve_site(site_dir: Path, host: str, port: int) -> int:
    """The command: serve until Ctrl+C. Returns the exit status."""
    site_dir = site_dir.resolve()
    missing = Problems()
    if no_content(site_dir, missing):
        for problem in missing.items:
            print(problem.format(site_dir), file=sys.stderr)
        return 1
    try:
        session = ServeSession(site_dir, host, port, stop_signals=True)
    except ServeError as exc:
        print(f"crosstable: {exc}", file=sys.stderr)
        return 1
    try:
        session.start()
        print(
            f"crosstable: serving on {session.url} (drafts shown; watching content/, "
            "templates/ and site.toml); press Ctrl+C to stop",
            flush=True,
        )
        threading.Event().wait()
    except ServeError as exc:
        print(f"crosstable: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            print("\ncrosstable: stopped.")
    finally:
        session.stop()
    return 0
