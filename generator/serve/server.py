"""The HTTP side of ``crosstable serve``: a small interface, and the livereload implementation.

``serve`` needs four things from a live-reload server: listen (saying clearly when the port is
taken), serve a folder with the reload script added to each HTML page *as it is sent* (so the
files on disk, like ``build``'s output, never hold it), let us add our own notes to a page (the
error banner), and tell open pages to reload. ``ReloadServer`` is that interface, so livereload
(tornado-based, and dropped by MkDocs for its watcher) can be replaced without touching the rest.
File watching is ours (``watch.py``): livereload's watcher neither debounces nor reports every
changed file.
"""

from __future__ import annotations

import asyncio
import errno
import html
import logging
import os
import re
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

Decorate = Callable[[str, bytes], bytes]
"""Given the served path and a page's HTML, return the HTML to send (adds the error banner)."""
Private = Callable[[str], bool]
"""Given a served path, whether the file is the preview's own, not the site's (answered 404)."""


class ServeError(Exception):
    """The server cannot start; the message says why and what to do."""


class ReloadServer(Protocol):
    """What ``crosstable serve`` needs from a live-reload HTTP server."""

    @property
    def url(self) -> str: ...

    def start(self) -> None:
        """Listen and serve in the background; raise ``ServeError`` when that is impossible."""

    def reload(self) -> None:
        """Tell every open page to reload. Safe to call from any thread."""

    def stop(self) -> None:
        """Stop serving and close the port. Safe to call from any thread, more than once."""


def check_port(host: str, port: int) -> None:
    """Raise ``ServeError`` now if the server could not listen on ``host``:``port``, before
    ``serve``'s first build (which may take a minute for an open) rather than after it."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            probe.bind((host, port))
    except OSError as exc:
        raise listen_problem(host, port, exc) from None


def listen_problem(host: str, port: int, error: OSError) -> ServeError:
    """The message for a failed ``listen``: a taken port says which option to change."""
    if error.errno == errno.EADDRINUSE:
        return ServeError(
            f"port {port} on {host} is already in use (another crosstable serve, or another "
            f"server?); stop it, or pass another port, e.g. --port {port + 1 if port else 8001}"
        )
    if error.errno == errno.EACCES:
        return ServeError(
            f"not allowed to listen on port {port}; ports below 1024 need administrator "
            "rights: pass --port 8000 or another port above 1023"
        )
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return ServeError(
            f'cannot listen on host "{host}": it is not an address of this computer; '
            "use --host 127.0.0.1 (this computer only) or --host 0.0.0.0 (the whole network)"
        )
    return ServeError(f"cannot listen on {host}:{port}: {error.strerror or error}")


_BODY_OPEN = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)


def insert_after_body(page: bytes, snippet: bytes) -> bytes:
    """Put ``snippet`` first in the body, or first in the file when there is no ``<body>``."""
    if not snippet:
        return page
    match = _BODY_OPEN.search(page)
    if match is None:
        return snippet + page
    return page[: match.end()] + snippet + page[match.end() :]


def not_found_page(path: str) -> bytes:
    """A 404 page with a ``<head>``, so that the reload script still reaches it."""
    shown = html.escape("/" + path)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>Not found · crosstable serve</title>\n</head>\n<body>\n"
        f"<h1>Not found</h1>\n<p>The preview has no file {shown}.</p>\n"
        '<p><a href="/">Home page</a></p>\n</body>\n</html>\n'
    ).encode()


class LivereloadServer:
    """``ReloadServer`` on top of the ``livereload`` package (its tornado app and reload script).

    One at a time per process: livereload keeps the open pages in a class attribute.
    """

    def __init__(
        self, root: Path, host: str, port: int, decorate: Decorate, private: Private | None = None
    ) -> None:
        self.root = root
        self.host = host
        self.port = port
        self.decorate = decorate
        self.private: Private = private or (lambda path: False)
        self._thread: threading.Thread | None = None
        self._loop: Any = None
        self._ready = threading.Event()
        self._failure: ServeError | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="crosstable-serve", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            self._thread.join()
            raise self._failure

    def _run(self) -> None:
        from livereload import Server
        from livereload.handlers import LiveReloadHandler
        from livereload.watcher import Watcher
        from tornado.ioloop import IOLoop

        LiveReloadHandler.waiters.clear()  # pages of an earlier server in this process
        asyncio.set_event_loop(asyncio.new_event_loop())
        loop = IOLoop.current()
        server = Server(watcher=Watcher())
        server.root = str(self.root)
        server.default_filename = "index.html"
        server.SFH = _handler_class(self.decorate, self.private)
        logging.getLogger("tornado.access").setLevel(logging.ERROR)
        try:
            server.application(self.port, self.host, live_css=False)
        except OSError as exc:
            self._failure = listen_problem(self.host, self.port, exc)
            loop.close(all_fds=True)
            self._ready.set()
            return
        self._loop = loop
        self._ready.set()
        loop.start()
        loop.close(all_fds=True)

    @property
    def open_pages(self) -> int:
        """How many pages are connected for reloads (livereload counts them after a handshake)."""
        from livereload.handlers import LiveReloadHandler

        return len(LiveReloadHandler.waiters)

    def reload(self) -> None:
        from livereload.handlers import LiveReloadHandler

        if self._loop is not None:
            self._loop.add_callback(LiveReloadHandler.reload_waiters, "*")

    def stop(self) -> None:
        loop, self._loop = self._loop, None
        if loop is not None:
            loop.add_callback(loop.stop)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=10)


def _handler_class(decorate: Decorate, private: Private) -> type[Any]:
    """livereload's static file handler, never cached, with ``decorate`` applied to HTML and
    the preview's own files (``private``) not found."""
    from livereload.handlers import StaticFileHandler
    from tornado import web

    class PreviewFileHandler(StaticFileHandler):  # type: ignore[misc]
        def set_extra_headers(self, path: str) -> None:
            self.set_header("Cache-Control", "no-store")

        def compute_etag(self) -> str | None:
            return None  # nothing is cached: the preview changes under the browser

        async def get(self, path: str, include_body: bool = True) -> None:
            if os.path.basename(path) == "favicon.ico" and not (Path(self.root) / path).exists():
                self.set_status(204)  # browsers ask for it; a 404 would only be noise
                return
            self.path = self.parse_url_path(path)
            absolute = self.validate_absolute_path(
                self.root, self.get_absolute_path(self.root, self.path)
            )
            if absolute is None:  # redirected, e.g. "round" to "round/"
                return
            served = os.path.relpath(absolute, self.root).replace(os.sep, "/")
            if private(served):
                raise web.HTTPError(404)
            self.absolute_path = absolute
            if not absolute.endswith((".html", ".htm")):
                await super().get(path, include_body)
                return
            try:
                page = Path(absolute).read_bytes()
            except OSError as exc:
                raise web.HTTPError(404) from exc
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(decorate(served, page) if include_body else b"")

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            if status_code != 404:
                super().write_error(status_code, **kwargs)
                return
            path = self.request.path.lstrip("/")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(decorate(path, not_found_page(path)))

    return PreviewFileHandler
