"""Load stage: the files a Markdown page links beside it.

An organiser puts ``regulations.pdf`` or a photo of the prize-giving beside a page and links
it (``[the regulations](regulations.pdf)``, ``![winners](photos/winners.jpg)``): the file is
published with the page, at the place the link leads to, so that the link works on the site as
it does in the folder. Only linked files are published (a list of entries with telephone
numbers beside them stays private), and only files in the page's folder or below it: a link
may not reach into the rest of the computer. A link to a file that is not there is a warning
on the line that holds it. Links to other Markdown pages (``rules.md``) are left to the render
stage, which knows where each page is published.
"""

from __future__ import annotations

import difflib
import functools
import posixpath
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree as etree

import markdown
from markdown.extensions.toc import TocExtension, slugify_unicode

from .model import Attachment
from .problems import Problems
from .text import disk_name

MARKDOWN_EXTENSIONS = ("tables", "fenced_code", "sane_lists")
"""The Markdown the pages are written in (``render.site.markdown_html`` reads the same)."""

GENERATED_FOLDERS = frozenset({"players", "games", "rounds", "standings", "categories", "static"})
"""Folders of an event's (or the site's) output that the build writes: a link to one of them
("rounds/") is to the site's pages, not to a folder of files beside the page."""

GENERATED_FILES = frozenset({"results.json", "standings.csv", "games.pgn", "tournament.trf"})
"""Files every event's output holds besides its pages (``render.exports``): a link to one
("download the standings as CSV") leads to the site's own file, not to a missing one."""

LINK_WARNINGS = frozenset({"broken-link", "link-outside"})
"""The codes of the warnings about a page's links, located on the page (its line)."""


class _Targets:
    """A Markdown tree processor that records the ``href`` and ``src`` of every link and
    image, once the inline Markdown is parsed (registered after it)."""

    def __init__(self, found: list[str]) -> None:
        self.found = found

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is not None:
                    self.found.append(value)


def local_path(link: str) -> str | None:
    """The file a link names beside its page ("photos/a%20b.jpg" -> "photos/a b.jpg"), or
    ``None`` for a web address, an address from the site's root or a place on the page."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return None
    return unquote(parts.path)


PAGE_IDS = frozenset({"main", "downloads"})
"""Ids the page around a Markdown text already gives (``templates/base.html``, ``event.html``)."""


def heading_id(text: str, separator: str) -> str:
    """A heading's id, as GitHub and most editors make it, whatever the script: "Ties for
    first place" is ``ties-for-first-place``, "Награди" ``награди``, so a link written
    ``[the prizes](#награди)`` or ``rules.md#награди`` leads to it (Markdown's default kept
    ASCII only, and the headings had no id at all). An id the page already uses is not
    taken: "Main" is ``main_1``, or the skip link would lead to the heading. A heading typed
    with decomposed accents (pasted from a macOS file name) gets the id of the composed
    letters a link is typed with: "Médaille" is ``médaille`` either way, where the accent was
    dropped (``medaille``) and the link led nowhere."""
    found = slugify_unicode(unicodedata.normalize("NFC", text), separator)
    return f"{found}_1" if found in PAGE_IDS else found


def markdown_converter(raw_html: bool) -> markdown.Markdown:
    """The Markdown reader of the pages: raw HTML is text unless ``raw_html`` (site.toml's
    ``markdown_raw_html``). The render stage shows pages with it, this module reads their
    links with it, so that both see the same links. Headings get ids (``heading_id``)."""
    converter = markdown.Markdown(
        extensions=[*MARKDOWN_EXTENSIONS, TocExtension(slugify=heading_id, toc_depth="1-6")]
    )
    if not raw_html:
        converter.preprocessors.deregister("html_block")
        converter.inlinePatterns.deregister("html")
    return converter


def linked_files(text: str, raw_html: bool = False) -> list[str]:
    """The files a Markdown text links or shows beside it, each once, in the order met."""
    return _local_paths(link_targets(text, raw_html))


def link_targets(text: str, raw_html: bool = False) -> list[str]:
    """Every ``href`` and ``src`` of a Markdown text, in the order met.

    Parsed as ``render.site.markdown_html`` shows it: with raw HTML escaped (``raw_html``
    false), a link inside text that looks like an HTML block ("<div>\\n[a](a.pdf)") is a
    link on the page, which Markdown's own HTML reading would take for markup and miss."""
    found: list[str] = []
    converter = markdown_converter(raw_html)
    converter.treeprocessors.register(_Targets(found), "crosstable-targets", 0)
    try:
        converter.convert(text)
    except RecursionError:  # lists nested hundreds deep: the page shows the text as written
        return []
    return found


def _local_paths(targets: Iterable[str]) -> list[str]:
    """The files beside the page that ``targets`` name (``local_path``), each once."""
    paths: list[str] = []
    for link in targets:
        path = local_path(link)
        if path is not None and path not in paths:
            paths.append(path)
    return paths


def from_site_root(link: str) -> bool:
    """Whether a link is an address from the web server's root ("/ev/standings.html"):
    not a web address ("//host/x" names a host) and not relative to its page."""
    parts = urlsplit(link)
    return not parts.scheme and not parts.netloc and parts.path.startswith("/")


def _relative_to_page(page: Path, link: str) -> str | None:
    """What a link from the site's root would be, written from ``page`` (a Markdown file of
    ``content/``, published at the same place): "/b/x.html" from content/a/p.md is
    "../b/x.html"; ``None`` when the page is not in a ``content`` folder."""
    parts = page.parts
    if "content" not in parts:
        return None
    depth = parts[::-1].index("content") - 1  # the folders between content/ and the page
    relative = "../" * depth + link.lstrip("/")
    return relative or "index.html"


def resolved(path: Path) -> Path | None:
    """``path`` with its links followed, or ``None`` when they loop ("photos -> photos"),
    for which Python 3.11 raises ``RuntimeError`` rather than return the path."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None


def page_attachments(
    page: Path, text: str, problems: Problems, raw_html: bool = False
) -> tuple[Attachment, ...]:
    """The files ``page`` links in its folder or below it, read to be published beside it
    (``raw_html``: site.toml's ``markdown_raw_html``, which changes what is a link)."""
    folder = page.parent
    root = folder.resolve()
    attachments: list[Attachment] = []
    targets = link_targets(text, raw_html)
    for target in dict.fromkeys(link for link in targets if from_site_root(link)):
        relative = _relative_to_page(page, target)
        problems.warning(
            f'the page links "{target}", an address from the web server\'s root: the site is '
            "published in a folder of its own (https://YOU.github.io/REPO/) and opened from "
            "file://, where such a link leads outside the site",
            page,
            _line_of(text, target),
            hint=f'write it from this page: "{relative}"'
            if relative is not None
            else "write it relative to this page",
            code="link-outside",
        )
    for target in _local_paths(targets):
        name = posixpath.normpath(target)
        path = folder / disk_name(name)
        line = _line_of(text, target)
        first = name.split("/")[0]
        if target.endswith("/") or path.is_dir():
            published = any((path / marker).is_file() for marker in _FOLDER_PAGES)
            if path.is_dir() and first not in GENERATED_FOLDERS and not published:
                problems.warning(
                    f'the page links "{target}", a folder: a web site shows no folder',
                    page,
                    line,
                    hint="link the files in it one by one, or a page that lists them",
                    code="broken-link",
                )
            continue
        if name.endswith(".md") and path.is_file():
            if not _is_page(path):
                problems.warning(
                    f'the page links "{target}", a Markdown file that is not published as a '
                    "page (pages are the .md files beside an event.toml)",
                    page,
                    line,
                    hint="move it beside the event's event.toml, or copy its text into this page",
                    code="broken-link",
                )
            continue  # another page: the render stage links where it is published
        if name.endswith(".html") and not path.exists():
            continue  # a page the site makes, here or in another event: links_to_missing_pages
        real = resolved(path)  # None: a link loop, not a file (the loop itself is an error)
        outside = real is not None and not real.is_relative_to(root)
        if name == ".." or name.startswith("../") or outside:
            problems.warning(
                f'the page links "{target}", outside its folder: the file is not published',
                page,
                line,
                hint=f"copy the file into {folder.name or 'the folder'}/ (or a folder in it) "
                "and link it from there",
                code="link-outside",
            )
            continue
        if not path.is_file():
            # An event's own export, where its event.toml is (not photos/results.json).
            export = posixpath.basename(name) in GENERATED_FILES
            export = export and (path.parent / "event.toml").is_file()
            generated = name.endswith(".html") or export or name in GENERATED_FOLDERS
            if not generated:  # perhaps a page or file the site generates
                problems.warning(
                    f'the page links "{target}", which is not in its folder',
                    page,
                    line,
                    hint=f"put the file beside {page.name}, or correct the link",
                    code="broken-link",
                )
            continue
        if any(part.startswith(".") for part in name.split("/")):
            problems.warning(
                f'the page links "{target}", a hidden file, which the site does not publish',
                page,
                line,
                hint="rename it without the leading dot, and link it so",
                code="link-outside",
            )
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            problems.warning(f"cannot read the linked file: {exc.strerror}", path, code="link")
            continue
        attachments.append(Attachment(disk_name(name), data))
    return tuple(attachments)


_FOLDER_PAGES = ("event.toml", "championship.toml")
"""Files that make a folder of content/ a page of the site, published as its index.html:
a link to the folder ("junior/") leads to that page."""


def links_to_missing_pages(
    pages: Iterable[tuple[Path, str, str]],
    published: Collection[str] | Callable[[], Collection[str]],
    problems: Problems,
    raw_html: bool = False,
) -> None:
    """Links to the site's own pages that it does not make: "junior-closd/index.html",
    "players.html" (the players are players/...). ``page_attachments`` leaves a link ending
    in .html to this, as only the built site knows its pages: ``pages`` are each Markdown
    page's file, where it is published and its text, ``published`` the built site's files,
    or what lists them, asked only once a page links one (listing them takes time)."""
    files: Collection[str] | None = None
    folders: set[str] = set()
    for source, place, text, target, found, folder in _site_links(pages, raw_html):
        if files is None:
            files = published() if callable(published) else published
            folders = {posixpath.dirname(path) for path in files}
        if found == ".." or found.startswith("../"):
            problems.warning(
                f'the page links "{target}", above the site\'s first folder: no page of '
                "the site is there",
                source,
                _line_of(text, target),
                hint="correct the link (../ goes up one folder from the page's own)",
                code="broken-link",
            )
            continue
        if (found in folders or f"{found}/index.html" in files) if folder else (found in files):
            continue
        pages_there = sorted(p for p in files if p.endswith(".html"))
        close = difflib.get_close_matches(
            f"{found}/index.html" if folder else found, pages_there, n=1, cutoff=0.75
        )
        meant = posixpath.relpath(close[0], posixpath.dirname(place) or ".") if close else ""
        if folder and meant.endswith("index.html"):
            meant = meant.removesuffix("index.html") or meant  # "" is the page's own
        hint = f'did you mean "{meant}"?' if meant else "correct the link, or remove it"
        problems.warning(
            f'the page links "{target}", a page the site does not have',
            source,
            _line_of(text, target),
            hint=hint,
            code="broken-link",
        )


class EventPages(NamedTuple):
    """One event's Markdown pages, for ``event_link_warnings``."""

    report: str
    """Where its Arbiter report is published ("ev/arbiter.html")."""
    reported: bool
    """Whether the report is made whatever its pages link: the event has warnings."""
    pages: Sequence[tuple[Path, str, str]]
    """Each page's file, where it is published and its text (``links_to_missing_pages``)."""


def event_link_warnings(
    events: Sequence[EventPages],
    published: Collection[str] | Callable[[], Collection[str]],
    raw_html: bool = False,
) -> list[tuple[Problems, bool]]:
    """Each event's warnings of links to pages the site does not make, and whether they go on
    its Arbiter report, checked against every page the build writes (``published``, listed
    only once a page links a page, with the reports of the events that have warnings).

    An event without warnings has no report; a warning of its links makes it one, so a link
    to it from another event's page ("../b/arbiter.html") is broken or not as the other
    event's links are: it was checked against the reports made before any link was, and
    was said to be broken while the report was written. An event's report is made when a
    link of its pages is broken whatever reports are made, or when it links the report of an
    event that gets none; it is not made when every report its pages link is made. Where
    that leaves it open (a page linking its own event's report, two events linking each
    other's, and nothing else broken), no report is made, and the build alone says the link
    is broken: a report made to say so would be there, and the link would work."""
    listed: list[set[str]] = []

    def files() -> set[str]:
        if not listed:
            listed.append(set(published() if callable(published) else published))
        return listed[0]

    reports = {event.report for event in events}
    every: list[set[str]] = []  # the files if every event had a report

    def with_every() -> set[str]:
        if not every:
            every.append(files() | reports)
        return every[0]

    made: dict[str, bool] = {event.report: True for event in events if event.reported}
    needs: dict[str, set[str]] = {}  # an open event's report: the reports its pages link
    for event in events:
        if event.reported:
            continue
        broken = Problems()
        links_to_missing_pages(event.pages, with_every, broken, raw_html)
        if broken.items:  # broken whatever reports are made
            made[event.report] = True
            continue
        linked = {
            found
            for *_, found, folder in _site_links(event.pages, raw_html)
            if not folder and found in reports and found not in files()
        }
        if linked:
            needs[event.report] = linked
        else:
            made[event.report] = False
    while True:  # an event is decided once one report it links is not made, or all are
        decided = {
            report: any(made.get(other) is False for other in linked)
            for report, linked in needs.items()
            if any(made.get(other) is False for other in linked)
            or all(made.get(other) for other in linked)
        }
        if not decided:
            break
        made.update(decided)
        for report in decided:
            del needs[report]
    built = {report for report, is_made in made.items() if is_made}
    warnings: list[tuple[Problems, bool]] = []
    final: list[set[str]] = []

    def with_reports() -> set[str]:
        if not final:
            final.append(files() | built)
        return final[0]

    for event in events:
        found = Problems()
        links_to_missing_pages(event.pages, with_reports, found, raw_html)
        warnings.append((found, event.report in built))
    return warnings


def _site_links(
    pages: Iterable[tuple[Path, str, str]], raw_html: bool
) -> Iterator[tuple[Path, str, str, str, str, bool]]:
    """Each link of the pages to a page of the site that is not a file beside the page: the
    page (its file, place and text), the link, the site's path it leads to, and whether it
    names a folder."""
    for source, place, text in pages:
        for target in _linked_files(text, raw_html):
            name = posixpath.normpath(target)
            folder = target.endswith("/")
            if not (name.endswith(".html") or folder) or (source.parent / name).exists():
                continue
            found = posixpath.normpath(posixpath.join(posixpath.dirname(place), name))
            yield source, place, text, target, found, folder


@functools.lru_cache(maxsize=256)
def _linked_files(text: str, raw_html: bool) -> tuple[str, ...]:
    """``linked_files``, kept: ``event_link_warnings`` reads a page's links up to three
    times, and reading them is converting the whole page."""
    return tuple(linked_files(text, raw_html))


def _is_page(path: Path) -> bool:
    """Whether a Markdown file is published as a page: beside an event.toml, or the home
    page (content/index.md)."""
    if (path.parent / "event.toml").is_file():
        return True
    return path.name == "index.md" and path.parent.name == "content"


def _line_of(text: str, target: str) -> int | None:
    """The first line that holds the link (as written, or with its spaces escaped): where
    a link or a reference gives it ("](photos", "]: photos"), else anywhere ("photos" is also
    the start of "photos/winners.jpg" on an earlier line)."""
    spelt = "|".join(re.escape(s) for s in {target, target.replace(" ", "%20")})
    link = re.compile(rf"\]\(<?(?:\./)?(?:{spelt})(?=[)>\s#?]|$)|\]:\s*<?(?:{spelt})(?=[>\s#?]|$)")
    lines = text.splitlines()
    for pattern in (link, re.compile(spelt)):
        for number, line in enumerate(lines, start=1):
            if pattern.search(line):
                return number
    return None
