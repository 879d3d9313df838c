"""Incremental rebuilds for ``crosstable serve``: parse only changed PGN files, render only
the events whose inputs changed.

A full build is the reference. Every shortcut here must give the same files as a full build
(``tests/test_cache.py`` checks it), and whenever an input cannot be compared the work is done
again: a stale page in the preview would be worse than a slow one.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import jinja2.meta
from jinja2 import nodes

from .model import Site
from .pgn import PgnGame, decode, read_pgn_text
from .problems import Problem, Problems
from .render.environment import builtin_templates_dir
from .render.site import EventOutcome, SiteRenderer


@dataclass
class RebuildStats:
    """What one build did and what it reused, for the line ``serve`` prints."""

    pgn_parsed: list[Path] = field(default_factory=list)
    pgn_reused: int = 0
    events_rendered: list[str] = field(default_factory=list)
    events_reused: list[str] = field(default_factory=list)
    files_rendered: int = 0
    files_reused: int = 0

    def summary(self) -> str:
        pgn_total = len(self.pgn_parsed) + self.pgn_reused
        events_total = len(self.events_rendered) + len(self.events_reused)
        parts = [f"parsed {len(self.pgn_parsed)} of {pgn_total} PGN files"]
        text = f"rendered {len(self.events_rendered)} of {events_total} events"
        if self.events_rendered and self.events_reused:
            text += f" ({', '.join(self.events_rendered)})"
        parts.append(text)
        return ", ".join(parts)


@dataclass
class _ParsedFile:
    digest: str
    games: list[PgnGame]
    problems: list[Problem]


class PgnStore:
    """Parsed PGN files keyed by path and content hash (``pgn.PARSE_CACHE`` calls ``read``).

    The problems met while parsing are kept too and reported again on every build, so a
    warning about an illegal move does not vanish once its file is cached.
    """

    def __init__(self) -> None:
        self._files: dict[Path, _ParsedFile] = {}
        self.stats = RebuildStats()

    def read(self, path: Path, data: bytes, problems: Problems) -> list[PgnGame]:
        digest = hashlib.sha256(data).hexdigest()
        entry = self._files.get(path)
        if entry is None or entry.digest != digest:
            found = Problems()
            games = read_pgn_text(decode(data), path, found)
            entry = _ParsedFile(digest, games, list(found.items))
            self._files[path] = entry
            self.stats.pgn_parsed.append(path)
        else:
            self.stats.pgn_reused += 1
        problems.items.extend(entry.problems)
        return list(entry.games)

    def begin(self, stats: RebuildStats) -> None:
        self.stats = stats

    def end(self) -> None:
        """Forget deleted files; files a failed build skipped stay, for the build after it."""
        for path in [p for p in self._files if not p.is_file()]:
            del self._files[path]


def templates_fingerprint(site_folder: Path) -> str:
    """A hash of every built-in and site template and static file: any edit re-renders all."""
    digest = hashlib.sha256()
    for root in (builtin_templates_dir(), site_folder / "templates"):
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            try:
                digest.update(path.read_bytes())
            except OSError:
                digest.update(b"unreadable")
            digest.update(b"\0")
    return digest.hexdigest()


def _names_every_event(environment: jinja2.Environment) -> bool:
    """Whether a template other than the home page can show other events (``events`` or
    ``site.events``): then an event's pages depend on every event, and none is reused."""
    for name in environment.list_templates(extensions=["html"]):
        if name == "home.html":
            continue
        try:
            source = environment.loader.get_source(environment, name)[0]  # type: ignore[union-attr]
            tree = environment.parse(source)
        except jinja2.TemplateError:
            return True
        if "events" in jinja2.meta.find_undeclared_variables(tree):
            return True
        if any(_is_site_events(node) for node in tree.find_all((nodes.Getattr, nodes.Getitem))):
            return True
    return False


def _is_site_events(node: nodes.Node) -> bool:
    if isinstance(node, nodes.Getattr):
        target, attribute = node.node, node.attr
    elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
        target, attribute = node.node, node.arg.value
    else:
        return False
    return isinstance(target, nodes.Name) and target.name == "site" and attribute == "events"


class RenderStore:
    """The files each event rendered last time, and the inputs they were rendered from."""

    def __init__(self) -> None:
        self._events: dict[str, tuple[object, dict[str, bytes]]] = {}
        self.stats = RebuildStats()

    def render(self, site: Site, outcomes: list[EventOutcome]) -> dict[str, bytes]:
        """``render_site`` that reuses the pages of every event whose inputs are unchanged."""
        renderer = _IncrementalRenderer(site, outcomes, self)
        files = renderer.render()
        live = {o.event.slug for o in outcomes}
        for slug in set(self._events) - live:
            del self._events[slug]
        return files

    def lookup(self, slug: str, key: object) -> dict[str, bytes] | None:
        entry = self._events.get(slug)
        if entry is None:
            return None
        try:
            same = bool(entry[0] == key)
        except Exception:  # an input that cannot be compared counts as changed
            same = False
        return entry[1] if same else None

    def remember(self, slug: str, key: object, files: dict[str, bytes]) -> None:
        self._events[slug] = (key, files)


class _IncrementalRenderer(SiteRenderer):
    """The ordinary renderer, except that an unchanged event's files are copied, not rendered."""

    def __init__(self, site: Site, outcomes: list[EventOutcome], store: RenderStore) -> None:
        super().__init__(site, outcomes)
        self.store = store
        every_event = _names_every_event(self.environment)
        self.site_key = (
            dataclasses.replace(site, home_markdown="", events=()),
            site.events if every_event else tuple((e.slug, e.name) for e in site.events),
            templates_fingerprint(site.folder),
        )

    def _event(self, outcome: EventOutcome) -> None:
        slug = outcome.event.slug
        key = (self.site_key, outcome)
        reused = self.store.lookup(slug, key)
        if reused is not None:
            self.files.update(reused)
            self.store.stats.events_reused.append(slug)
            self.store.stats.files_reused += len(reused)
            return
        before = dict(self.files)
        super()._event(outcome)
        added = {k: v for k, v in self.files.items() if before.get(k) is not v}
        self.store.remember(slug, key, added)
        self.store.stats.events_rendered.append(slug)
        self.store.stats.files_rendered += len(added)


@dataclass
class BuildCache:
    """Everything ``serve`` keeps from one build to the next."""

    pgn: PgnStore = field(default_factory=PgnStore)
    pages: RenderStore = field(default_factory=RenderStore)

    def begin(self) -> RebuildStats:
        stats = RebuildStats()
        self.pgn.begin(stats)
        self.pages.stats = stats
        return stats

    def end(self) -> None:
        self.pgn.end()


def changed_files(old: dict[str, bytes], new: dict[str, bytes]) -> Iterator[str]:
    """Paths whose bytes differ between two builds, new files included."""
    for path, data in new.items():
        if old.get(path) != data:
            yield path
