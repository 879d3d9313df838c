"""Incremental rebuilds for ``crosstable serve``: parse only changed PGN files, render only
the events whose inputs changed.

A full build is the reference. Every shortcut here must give the same files as a full build
(``tests/test_cache.py`` checks it), and whenever an input cannot be compared the work is done
again: a stale page in the preview would be worse than a slow one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import hashlib
import os
import pickle
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import chess
import jinja2
import jinja2.meta
from jinja2 import nodes

from . import __version__, codepages, config, pgn
from . import problems as problems_module
from . import text as text_module
from .buildstate import (
    BuildReport,
    OutputFiles,
    SiteState,
    _FileRecord,
    builtin_templates_dir,
    code_fingerprint,
    write_atomically,
)
from .codepages import EncodingError, codec_name, decode
from .links import local_path, resolved
from .model import Site
from .parallel import JOBS, can_fork, run_parallel, usable_cpus
from .pgn import (
    PARSE_CACHE,
    Moves,
    PgnGame,
    block_bounds,
    decoded_text,
    read_block,
    read_pgn_text,
    relocated_game,
)
from .problems import Problem, Problems
from .render import exports
from .render.site import (
    EventOutcome,
    PageJob,
    SiteRenderer,
    keep_or_render,
    place_pages,
    render_pages,
    write_pages,
)
from .rules import checks, standings
from .scratch import ScratchFolder
from .text import disk_name
from .write import link, patch, stage, swap


@dataclass
class RebuildStats:
    """What one build did and what it reused, for the line ``serve`` prints."""

    pgn_parsed: list[Path] = field(default_factory=list)
    pgn_reused: int = 0
    events_rendered: list[str] = field(default_factory=list)
    events_reused: list[str] = field(default_factory=list)
    files_rendered: int = 0
    files_reused: int = 0
    pages_kept: int = 0
    """Pages of a rendered event whose key had not changed (``_IncrementalRenderer``)."""

    def summary(self) -> str:
        pgn_total = len(self.pgn_parsed) + self.pgn_reused
        events_total = len(self.events_rendered) + len(self.events_reused)
        parts = [f"parsed {len(self.pgn_parsed)} of {pgn_total} PGN files"]
        text = f"rendered {len(self.events_rendered)} of {events_total} events"
        if self.events_rendered and self.events_reused:
            text += f" ({', '.join(self.events_rendered)})"
        if self.pages_kept:
            text += f", keeping {self.pages_kept} unchanged pages"
        parts.append(text)
        return ", ".join(parts)


@dataclass
class _ParsedFile:
    digest: str
    games: list[PgnGame]
    problems: list[Problem]
    layout: list[tuple[str, int]] = field(default_factory=list)
    """Each block of the file in order: its digest and how far down the file it starts (the
    games of ``read_block`` are moved by that many lines)."""


_BlockResult = tuple[list[PgnGame], list[Problem]]


def keep_from_gc() -> None:
    """Move every object made so far out of the garbage collector's sight until the build
    ends (``build_site`` then calls ``gc.unfreeze``): 10,000 games are a million objects that
    live until the end, and each full collection looked at all of them again. Forked worker
    processes then also share those objects' memory instead of copying it."""
    gc.freeze()


BUILD_COLLECTION = (50_000, 20, 20)
"""The garbage collector's thresholds during a build: a collection of the youngest objects
every 50,000 new ones instead of 700. A build makes millions of objects that live on, and each
of a thousand collections looked at the newest of them again: a rebuild of the 2,000-player
open spent 0.2 s of CPU collecting, 0.1 s with these (the peak memory stays the same)."""


@contextlib.contextmanager
def build_collection() -> Iterator[None]:
    """A build's collector: ``BUILD_COLLECTION`` (the worker processes inherit it), and at the
    end the thresholds as they were and the frozen objects (``keep_from_gc``) handed back."""
    thresholds = gc.get_threshold()
    gc.set_threshold(*BUILD_COLLECTION)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def block_digest(block: str) -> str:
    return hashlib.sha256(block.encode("utf-8", "surrogatepass")).hexdigest()


def file_digest(data: bytes, encoding: str | None) -> str:
    """What a PGN file's parsed games are kept by: its bytes, and the encoding its event
    names, since the same bytes read in another encoding are other names."""
    digest = hashlib.sha256(data).hexdigest()
    return digest if encoding is None else f"{digest} {codec_name(encoding)}"


class PgnStore:
    """Parsed PGN files keyed by path and content hash (``pgn.PARSE_CACHE`` calls ``read``).

    Within a file, each game (each block of tags and moves, ``pgn.block_bounds``) is kept by
    the hash of its text: when one game of a 1,000-game file changes, only that game is parsed
    again. With a ``folder`` (``crosstable build``: ``BuildFolder``), games and files are also
    kept on disk for the next build, and ``prefetch`` parses the new games of many files in
    several processes.

    The problems met while parsing are kept too and reported again on every build, so a
    warning about an illegal move does not vanish once its file is cached.
    """

    def __init__(self, folder: Path | None = None) -> None:
        self._files: dict[Path, _ParsedFile] = {}
        self._blocks: dict[str, _BlockResult] = {}
        self._bounds: dict[str, list[tuple[int, int]]] = {}
        """Where the blocks of the files ``prefetch`` read ahead are, by the file's digest."""
        self.disk = _DiskGames(folder) if folder is not None else None
        self.stats = RebuildStats()

    def read(
        self, path: Path, data: bytes, problems: Problems, encoding: str | None = None
    ) -> list[PgnGame]:
        digest = file_digest(data, encoding)
        entry = self._files.get(path)
        if entry is None or entry.digest != digest:
            entry = self._from_disk(path, digest)
        if entry is None:
            entry = self._parse(path, data, digest, encoding)
            self.stats.pgn_parsed.append(path)
        else:
            self.stats.pgn_reused += 1
        self._files[path] = entry
        problems.items.extend(entry.problems)
        return list(entry.games)

    def _parse(self, path: Path, data: bytes, digest: str, encoding: str | None) -> _ParsedFile:
        found = Problems()
        text = decoded_text(data, path, found, encoding)
        if text is None:  # a byte the event's encoding cannot read: the error is kept
            return _ParsedFile(digest, [], list(found.items), [])
        used: list[tuple[str, _BlockResult]] = []

        def read(block: str) -> _BlockResult:
            key = block_digest(block)
            result = self._block(key)
            if result is None:
                result = self._blocks[key] = read_block(block, checks.note_final_position)
            used.append((key, result))
            return result

        bounds = self._bounds.pop(digest, None)
        games = read_pgn_text(text, path, found, read, bounds)
        layout = []
        index = 0
        for key, (block_games, _) in used:
            shift = games[index].line - block_games[0].line if block_games else 0
            layout.append((key, shift))
            index += len(block_games)
        return _ParsedFile(digest, games, list(found.items), layout)

    def _block(self, key: str) -> _BlockResult | None:
        result = self._blocks.get(key)
        if result is None and self.disk is not None:
            self._blocks.update(self.disk.chunk_of(key))
            result = self._blocks.get(key)
        return result

    def _from_disk(self, path: Path, digest: str) -> _ParsedFile | None:
        """The file as an earlier build read it: its blocks moved to their places again."""
        if self.disk is None:
            return None
        known = self.disk.file(path)
        if known is None or known[0] != digest:
            return None
        _, layout, problems = known
        games: list[PgnGame] = []
        with collector_paused():  # parsing makes cycles (python-chess's trees); this does not
            for key, shift in layout:
                result = self._block(key)
                if result is None:
                    return None
                games.extend(relocated_game(game, path, shift) for game in result[0])
        return _ParsedFile(digest, games, problems, layout)

    def prefetch(
        self,
        paths: Iterable[Path],
        jobs: int,
        encoding_of: Callable[[Path], str | None] | None = None,
    ) -> None:
        """Parse the games of ``paths`` not yet known, ``jobs`` processes at a time, so that
        the build's ``read`` of each file finds them ready. Unreadable files are left to it.
        ``encoding_of``: the ``encoding`` of a file's event, which the build will read it in."""
        missing: dict[str, str] = {}
        for path in paths:
            try:
                data = path.read_bytes()
            except OSError:
                continue
            encoding = encoding_of(path) if encoding_of is not None else None
            digest = file_digest(data, encoding)
            known = self._files.get(path)
            if known is not None and known.digest == digest:
                continue
            known = self._from_disk(path, digest)
            if known is not None:
                self._files[path] = known  # for ``read``: the games placed once, not twice
                continue
            try:
                text = decode(data, encoding)
            except EncodingError:
                continue  # said by ``read``
            bounds = self._bounds[digest] = block_bounds(text)
            for start, end in bounds:
                block = text[start:end]
                key = block_digest(block)
                if key not in missing and self._block(key) is None:
                    missing[key] = block
        keep_from_gc()
        if not missing:
            return
        folder = str(self.disk.blocks) if self.disk is not None else None
        tasks = _chunks(list(missing.items()), jobs)
        local = functools.partial(_parse_blocks, folder)
        remote = functools.partial(_parse_blocks_pickled, folder)
        for chunk, found, verdicts in run_parallel(tasks, jobs, local, remote, _unpickle_blocks):
            self._blocks.update(found)
            checks.VERDICTS.update(verdicts)
            if self.disk is not None and chunk:
                self.disk.add_chunk(chunk, found)
            keep_from_gc()

    def begin(self, stats: RebuildStats) -> None:
        self.stats = stats

    def end(self) -> None:
        """Forget deleted files and the games no file holds any more; files a failed build
        skipped stay, for the build after it."""
        self._bounds.clear()  # files read ahead that no event reads
        for path in [p for p in self._files if not p.is_file()]:
            del self._files[path]
        live = {key for entry in self._files.values() for key, _ in entry.layout}
        for key in [k for k in self._blocks if k not in live]:
            del self._blocks[key]

    def save(self) -> None:
        """Write what the build read to disk (``crosstable build``), for the next build."""
        if self.disk is None:
            return
        unsaved = {
            key: self._blocks[key]
            for entry in self._files.values()
            for key, _ in entry.layout
            if not self.disk.has(key)
        }
        items = list(unsaved.items())
        for start in range(0, len(items), 256):
            chunk = dict(items[start : start + 256])
            self.disk.add_chunk(*_write_chunk(str(self.disk.blocks), chunk))
        self.disk.save({path: (e.digest, e.layout, e.problems) for path, e in self._files.items()})


def _chunks(items: list[tuple[str, str]], jobs: int) -> list[list[tuple[str, str]]]:
    """Blocks in groups: enough groups to share the work out evenly, each big enough to be
    worth a process's while (and one file on disk)."""
    size = max(16, min(128, len(items) // (jobs * 8) or 1))
    return [items[i : i + size] for i in range(0, len(items), size)]


_Verdicts = dict[str, tuple[str, str] | None]
_Parsed = tuple[str, dict[str, _BlockResult], _Verdicts]


def _parse_blocks(folder: str | None, blocks: list[tuple[str, str]]) -> _Parsed:
    """Parse some blocks (in a worker process, or in the main one) and keep them on disk;
    judge each game's final position while at it (``checks.final_verdict``)."""
    found = {key: read_block(text, checks.note_final_position) for key, text in blocks}
    verdicts = _verdicts(found)
    if folder is None:
        return "", found, verdicts
    return (*_write_chunk(folder, found), verdicts)


def _verdicts(found: dict[str, _BlockResult]) -> _Verdicts:
    verdicts: _Verdicts = {}
    for games, _ in found.values():
        for game in games:
            verdicts[checks.verdict_key(game)] = checks.final_verdict(game)
    return verdicts


def _parse_blocks_pickled(folder: str | None, blocks: list[tuple[str, str]]) -> bytes:
    """``_parse_blocks`` in a worker process: its result, pickled once for the disk and the
    way back alike."""
    found = {key: read_block(text, checks.note_final_position) for key, text in blocks}
    data = _dump_blocks(found)
    name = _chunk_name(found)
    kept = folder is not None and _keep_chunk(folder, name, data)
    reply = (name if kept else "", data, _verdicts(found))
    return pickle.dumps(reply, _PICKLE)


def _unpickle_blocks(data: bytes) -> _Parsed:
    name, found, verdicts = pickle.loads(data)
    return name, _load_blocks(found), verdicts


def load_memos(folder: Path) -> None:
    """The standings, final-position verdicts, exported games and event files an earlier build
    worked out, for this one."""
    checks.VERDICTS_USED.clear()
    standings.RANKED_USED.clear()
    config.PARSED_USED.clear()
    exports.EXPORTS_USED.clear()
    exports.EXPORTS_NEW.clear()
    try:
        saved = pickle.loads((folder / "memos.pickle").read_bytes())
        if saved["version"] == code_fingerprint():
            checks.VERDICTS.update(saved["verdicts"])
            standings.RANKED.update(saved["ranked"])
            exports.EXPORTS.update(saved["exports"])
            config.PARSED.update(saved["config"])
    except Exception:  # none yet, damaged or of another version: work them out again
        pass


def save_memos(folder: Path) -> None:
    """Keep what this build asked for, for the next build."""
    memos = {
        "version": code_fingerprint(),
        "verdicts": {k: checks.VERDICTS[k] for k in checks.VERDICTS_USED if k in checks.VERDICTS},
        "ranked": {k: standings.RANKED[k] for k in standings.RANKED_USED if k in standings.RANKED},
        "exports": {k: exports.EXPORTS[k] for k in exports.EXPORTS_USED if k in exports.EXPORTS},
        "config": {k: config.PARSED[k] for k in config.PARSED_USED if k in config.PARSED},
    }
    write_atomically(folder / "memos.pickle", pickle.dumps(memos, _PICKLE))


_FIELDS = [f.name for f in dataclasses.fields(PgnGame)]
_MOVES_AT = _FIELDS.index("moves")


def _dump_blocks(found: dict[str, _BlockResult]) -> bytes:
    """Blocks pickled with each game as a tuple (its moves as ``Moves`` keeps them: a few
    texts): loading 10,000 games is then many times faster than with objects per move."""
    packed: dict[str, tuple[list[tuple[object, ...]], list[Problem]]] = {}
    for key, (games, problems) in found.items():
        rows = []
        for game in games:
            values = [getattr(game, name) for name in _FIELDS]
            moves = game.moves
            values[_MOVES_AT] = moves.parts()
            rows.append(tuple(values))
        packed[key] = (rows, problems)
    return pickle.dumps(packed, _PICKLE)


def _load_blocks(data: bytes) -> dict[str, _BlockResult]:
    found: dict[str, _BlockResult] = {}
    with collector_paused():
        for key, (rows, problems) in pickle.loads(data).items():
            games = []
            for values in rows:
                fields = (*values[:_MOVES_AT], Moves(*values[_MOVES_AT]), *values[_MOVES_AT + 1 :])
                games.append(PgnGame(*fields))
            found[key] = (games, problems)
    return found


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection while many objects that live on are made at once (games read
    back, which hold no cycles): each collection would look at all of them again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _chunk_name(found: dict[str, _BlockResult]) -> str:
    return hashlib.sha256("".join(sorted(found)).encode()).hexdigest()[:32]


def _write_chunk(
    folder: str, found: dict[str, _BlockResult]
) -> tuple[str, dict[str, _BlockResult]]:
    name = _chunk_name(found)
    return (name if _keep_chunk(folder, name, _dump_blocks(found)) else ""), found


def _keep_chunk(folder: str, name: str, data: bytes) -> bool:
    """Write a chunk of parsed games to the cache; ``False`` when the disk would not take it
    (full): the games are still used, only not kept for the next build."""
    try:
        write_atomically(Path(folder) / f"{name}.pickle", data)
    except OSError:
        return False
    return True


_PICKLE = pickle.HIGHEST_PROTOCOL


def cache_version() -> str:
    """Changes whenever what is kept could change: the code that parses and the objects kept
    (PgnGame, Problem), python-chess, Python. A cache of another version is not read."""
    digest = hashlib.sha256(Path(__file__).read_bytes())  # the format of the files kept
    for module in (pgn, codepages, problems_module, text_module):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(f"{chess.__version__} {sys.version_info[:2]} {__version__}".encode())
    return digest.hexdigest()[:24]


_FileEntry = tuple[str, list[tuple[str, int]], list[Problem]]


class _DiskGames:
    """The games (by block digest, in chunk files) and PGN files an earlier build read."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.blocks = folder / "games"
        self.index = folder / "games.index"
        self._chunks: dict[str, str] = {}
        self._files: dict[Path, _FileEntry] = {}
        self._loaded: set[str] = set()
        try:
            saved = pickle.loads(self.index.read_bytes())
            if saved["version"] == cache_version():
                self._chunks = saved["chunks"]
                self._files = saved["files"]
        except Exception:  # missing, cut short or of another version: start afresh
            pass

    def has(self, key: str) -> bool:
        return key in self._chunks

    def file(self, path: Path) -> _FileEntry | None:
        return self._files.get(path)

    def chunk_of(self, key: str) -> dict[str, _BlockResult]:
        """Every block kept in the same chunk file as ``key`` (read once)."""
        name = self._chunks.get(key)
        if name is None or name in self._loaded:
            return {}
        self._loaded.add(name)
        try:
            found = _load_blocks((self.blocks / f"{name}.pickle").read_bytes())
        except Exception:  # deleted or damaged: those games are parsed again
            for other in [k for k, n in self._chunks.items() if n == name]:
                del self._chunks[other]
            return {}
        return found

    def add_chunk(self, name: str, found: dict[str, _BlockResult]) -> None:
        self._loaded.add(name)
        for key in found:
            self._chunks[key] = name

    def save(self, files: dict[Path, _FileEntry]) -> None:
        """Keep the files of this build and the chunks their games are in; delete the rest."""
        live = {key for _, layout, _ in files.values() for key, _ in layout}
        chunks = {key: name for key, name in self._chunks.items() if key in live}
        index = {"version": cache_version(), "chunks": chunks, "files": files}
        write_atomically(self.index, pickle.dumps(index, _PICKLE))
        names = set(chunks.values())
        if self.blocks.is_dir():
            for path in self.blocks.iterdir():
                if path.suffix == ".pickle" and path.stem not in names:
                    path.unlink(missing_ok=True)


Written = tuple[int, int] | bool
"""What ``IncrementalSite.put`` did with a file: written (its size and time; ``True`` when
only copied), or ``False``: kept as it stands."""


class IncrementalSite:
    """``render_site`` for ``crosstable build``, writing the new site into a staging folder
    beside the output (``write.stage``), to be swapped in when the build succeeds.

    Pages whose key (``PageJob.key``) is the one the last build gave them, and whose file the
    output still holds untouched, are not rendered again: they are linked from the output
    (``write.link``). The other pages are rendered ``jobs`` processes at a time, each writing
    its pages itself, and a page whose bytes turn out the same as the output's is linked too.
    When the output holds exactly what the last build wrote (``patching``), nothing is linked:
    the staging folder holds only the changed files, moved into the output at the end
    (``write.patch``).
    Only with the built-in templates: a site's own templates may show anything, and then every
    page is rendered (as in a build without cache). Where no staging folder can be made, the
    files are rendered into memory and ``write_site`` reports the problem.
    """

    def __init__(
        self, state: SiteState | None, output: Path, jobs: int, folder: Path | None = None
    ) -> None:
        self.state = state
        self.output = output
        self.jobs = jobs
        self.keys: dict[str, str] = {}
        self.staging: Path | None = None
        self.patching = False
        """The output stands as the last build left it: change only the files that changed."""
        self.written: set[str] = set()
        self.made: dict[str, tuple[int, int]] = {}
        """The size and time of the files the pages' processes wrote (``put``), by path."""
        self._folders: set[str] = set()
        self.templates: Path | None = None
        """Compiled templates, kept for the next build (Jinja checks each one's source)."""
        self.folder = folder
        if folder is not None:
            self.templates = folder / "templates" / code_fingerprint()[:16]
            try:
                self.templates.mkdir(parents=True, exist_ok=True)
                for other in self.templates.parent.iterdir():
                    if other != self.templates:
                        shutil.rmtree(other, ignore_errors=True)
            except OSError:
                self.templates = None

    def __call__(self, site: Site, outcomes: list[EventOutcome]) -> dict[str, bytes]:
        own_templates = (site.folder / "templates").exists()
        fingerprint = None if own_templates else code_fingerprint()
        keep_from_gc()  # the model and the rules' results, kept until the build ends
        renderer = SiteRenderer(site, outcomes, self.jobs, fingerprint)
        if self.folder is not None:
            renderer.rows = (str(self.folder / "rows"), code_fingerprint())
        if self.templates is not None:
            renderer.environment.bytecode_cache = jinja2.FileSystemBytecodeCache(
                str(self.templates)
            )
        renderer.collect()
        pages = renderer.pages or []
        try:
            self.staging = stage(self.output)
        except OSError:
            files = dict(renderer.files)
            files.update(render_pages(renderer, pages, self.jobs))
            files.update(renderer.finish())
            return dict(sorted(files.items()))
        self.patching = self.state is not None and self.state.all_intact(self.output)
        for path, data in renderer.files.items():
            if self.put(path, data):
                self.written.add(path)
        if _exports_known(outcomes):  # a rebuild: the games' PGN need not wait for the pages
            pages = [*pages, *renderer.after_beside()]
        written, keys = write_pages(renderer, pages, self.jobs, self.place)
        renderer.forget_rows(pages)
        self.written |= written.keys()
        self.made.update((path, w) for path, w in written.items() if isinstance(w, tuple))
        self.keys.update(keys)
        for path, data in renderer.finish().items():
            if self.put(path, data):
                self.written.add(path)
        paths = [*renderer.files, *(job.path for job in pages)]
        return OutputFiles(dict(renderer.files), paths, self.staging).sorted()

    def place(self, job: PageJob, render: Callable[[PageJob], bytes]) -> Written:
        """Put a page into the new site: kept as it stands when its key is the one the last
        build gave it (linked, unless ``patching``), otherwise rendered and ``put``; what
        became of its file (``Written``). Runs in the worker process the page fell to."""
        key = job.page_key()
        if key and self._same(job.path, key):
            return not self.patching and not self._keep(job.path)
        return self.put(job.path, render(job))

    def _same(self, path: str, key: str) -> bool:
        state = self.state
        return (
            state is not None
            and path in state.files
            and state.files[path][2] == key
            and (self.patching or state.intact(self.output, path))
        )

    def _place(self, path: str) -> str:
        """Where ``path`` goes in the new site, its folder made (paths as strings: a rebuild
        links 13,000 files, and ``Path`` objects cost more than the links themselves)."""
        assert self.staging is not None
        target = f"{self.staging}/{path}"
        folder = target.rpartition("/")[0]
        if folder not in self._folders:
            os.makedirs(folder, exist_ok=True)
            self._folders.add(folder)
        return target

    def _keep(self, path: str) -> bool:
        """Link the output's file into the new site; ``False`` when it had to be copied."""
        return link(f"{self.output}/{path}", self._place(path))

    def put(self, path: str, data: bytes) -> Written:
        """Put a file into the new site; its size and time when it was written (``True``
        when it was copied), ``False`` when the output already held these bytes (a player's
        card after a far-away result) and its file was linked instead. Runs in the worker
        process that rendered the page, which looks at the file it wrote (13,000 files
        looked at by this process once the site is written took a quarter of a second)."""
        state = self.state
        if state is not None and path in state.files and state.files[path][0] == len(data):
            try:
                same = (self.patching or state.intact(self.output, path)) and (
                    self.output / path
                ).read_bytes() == data
            except OSError:
                same = False
            if same:
                return False if self.patching else not self._keep(path)
        target = self._place(path)
        with open(target, "wb") as stream:
            stream.write(data)
        found = os.stat(target)  # moving the file into the output keeps both
        return found.st_size, found.st_mtime_ns

    def finish(self, files: dict[str, bytes]) -> None:
        """Swap the new site in for the output, or move the changed files into it
        (``patching``): the build succeeded."""
        assert self.staging is not None
        if self.patching:
            assert self.state is not None
            gone = [path for path in self.state.files if path not in files]
            patch(self.staging, self.output, sorted(self.written), gone)
        else:
            swap(self.staging, self.output)
        self.staging = None
        if isinstance(files, OutputFiles):
            files.folder = self.output

    def discard(self) -> None:
        """Remove the new site (the build failed): the output stays as it was."""
        if self.staging is not None:
            shutil.rmtree(self.staging, ignore_errors=True)
            self.staging = None

    def new_state(
        self,
        files: dict[str, bytes],
        fingerprint: str | None,
        report_problems: list[Problem],
        notices: list[str],
    ) -> SiteState:
        """What this build wrote, for the next one (call after ``finish``)."""
        records: dict[str, _FileRecord] = {}
        old = self.state.files if self.state is not None else {}
        for path in files:
            key = self.keys.get(path, "")
            if path not in self.written and path in old:
                records[path] = (old[path][0], old[path][1], key)
                continue
            made = self.made.get(path)
            if made is None:
                found = os.stat(f"{self.output}/{path}")
                made = (found.st_size, found.st_mtime_ns)
            records[path] = (*made, key)
        return SiteState(fingerprint, report_problems, notices, records)


def _exports_known(outcomes: list[EventOutcome]) -> bool:
    """Whether the last build left most games' PGN (``exports.EXPORTS``): then the games'
    PGN files are made beside the pages, not after them (from what the game pages export)."""
    games = sum(len(o.event.games) + len(o.event.playoff_games) for o in outcomes)
    return len(exports.EXPORTS) * 4 >= games * 3


def pgn_files(content: Path) -> list[Path]:
    """Every PGN file under ``content/`` (links to folders not followed), to read ahead."""
    found: list[Path] = []
    for root, _, files in os.walk(content):
        found.extend(Path(root) / name for name in files if name.lower().endswith(".pgn"))
    # Regular files only: a pipe named *.pgn would be waited on for ever, and a link to
    # /dev/zero read without end.
    return sorted(path for path in found if path.is_file())


def templates_fingerprint(site_folder: Path) -> str:
    """A hash of every built-in and site template and static file: any edit re-renders all."""
    digest = hashlib.sha256()
    for root in (builtin_templates_dir(), site_folder / "templates"):
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(os.fsencode(path.relative_to(root)) + b"\0")  # a name not UTF-8 too
            try:
                digest.update(path.read_bytes())
            except OSError:
                digest.update(b"unreadable")
            digest.update(b"\0")
    return digest.hexdigest()


_SITE_WIDE = frozenset({"events", "home_markdown", "home_files"})
"""What an event's render key leaves out of the site (``_IncrementalRenderer.site_key``): a
template other than the home page that reads one of them makes every event's pages depend
on every event (``_names_every_event``)."""


def _names_every_event(environment: jinja2.Environment) -> bool:
    """Whether a template other than the home page can show other events (``events``,
    ``site.events``): then an event's pages depend on every event, and none is reused.

    Read without following where ``site`` goes: a macro given it (``nav(site)`` reading
    ``s.events``), ``{% set s = site %}`` or ``site | attr("events")`` showed the events on
    every page while adding one rendered only the new event, leaving the others stale. So any
    name, attribute or string ``events`` counts, in every template file (an included
    ``nav.inc`` too), and the home page as well when another template includes it."""
    trees: dict[str, nodes.Template] = {}
    for name in environment.list_templates():
        if name.startswith("static/"):
            continue
        try:
            source = environment.loader.get_source(environment, name)[0]  # type: ignore[union-attr]
            trees[name] = environment.parse(source)
        except (jinja2.TemplateError, UnicodeDecodeError):
            if name.endswith(".html"):
                return True
            # Not a template (a README, an editor's file): including it would fail the build.
    home_used = any(
        isinstance(node, nodes.Const) and node.value == "home.html"
        for name, tree in trees.items()
        if name != "home.html"
        for node in tree.find_all(nodes.Const)
    )
    return any(
        _reads_site_wide(tree) for name, tree in trees.items() if name != "home.html" or home_used
    )


def _reads_site_wide(tree: nodes.Template) -> bool:
    """Whether the template names ``_SITE_WIDE`` anywhere: as a variable, an attribute of
    anything, or a string (``site["events"]``, ``attr("events")``)."""
    if "events" in jinja2.meta.find_undeclared_variables(tree):
        return True
    for node in tree.find_all((nodes.Name, nodes.Getattr, nodes.Const)):
        found: object = None
        if isinstance(node, nodes.Name):
            found = node.name
        elif isinstance(node, nodes.Getattr):
            found = node.attr
        elif isinstance(node, nodes.Const):
            found = node.value
        if isinstance(found, str) and found in _SITE_WIDE:
            return True
    return False


class RenderStore:
    """The files each event rendered last time, and the inputs they were rendered from."""

    def __init__(self) -> None:
        self._events: dict[str, tuple[object, dict[str, bytes], dict[Path, str | None]]] = {}
        """Each event's key, files, and where its Markdown links to other ``.md`` files led
        (``_IncrementalRenderer._relink``): a page another event adds is linked from them."""
        self.bytecode = _TemplateCode()
        self.pages: dict[str, dict[str, tuple[str, bytes]]] = {}
        """Each event's keyed pages (``PageJob.key``) with their bytes, by path: when an
        event changes, its pages whose key did not change are kept, not rendered again."""
        self.stats = RebuildStats()
        self.every_event: dict[str, bool] = {}
        """Whether the templates show other events (``_names_every_event``), by their
        fingerprint (``templates_fingerprint``)."""
        self.rows = ScratchFolder("crosstable-rows-")
        """Where the big tables keep their rows between builds (``SiteRenderer.rows``),
        removed with this object, when this process ends, or by the next serve if it was
        killed (``scratch.ScratchFolder``)."""

    def render(self, site: Site, outcomes: list[EventOutcome], jobs: int = 1) -> dict[str, bytes]:
        """``render_site`` that reuses the pages of every event whose inputs are unchanged
        (the others' pages rendered ``jobs`` processes at a time)."""
        renderer = _IncrementalRenderer(site, outcomes, self, jobs)
        files = renderer.render()
        live = {o.event.slug for o in outcomes}
        for slug in set(self._events) - live:
            del self._events[slug]
        for slug in set(self.pages) - live:
            del self.pages[slug]
        return files

    def lookup(
        self, slug: str, key: object, target: Callable[[Path], str | None] | None = None
    ) -> dict[str, bytes] | None:
        """The event's files from last time, if its key is the same and each Markdown link
        it followed to another ``.md`` file leads where it led (``target``) then."""
        entry = self._events.get(slug)
        if entry is None:
            return None
        try:
            same = bool(entry[0] == key)
        except Exception:  # an input that cannot be compared counts as changed
            same = False
        if same and target is not None:
            same = all(target(path) == led for path, led in entry[2].items())
        return entry[1] if same else None

    def remember(
        self,
        slug: str,
        key: object,
        files: dict[str, bytes],
        links: dict[Path, str | None] | None = None,
    ) -> None:
        self._events[slug] = (key, files, dict(links or {}))


class _TemplateCode(jinja2.BytecodeCache):
    """Compiled templates kept in memory between ``serve``'s builds (each build has its own
    environment); Jinja checks each one against its template's source before using it."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


class _IncrementalRenderer(SiteRenderer):
    """The ordinary renderer, except that an unchanged event's files are copied, not rendered."""

    def __init__(
        self, site: Site, outcomes: list[EventOutcome], store: RenderStore, jobs: int = 1
    ) -> None:
        own_templates = (site.folder / "templates").exists()  # pages keyed as in IncrementalSite
        super().__init__(site, outcomes, jobs, None if own_templates else code_fingerprint())
        self.environment.bytecode_cache = store.bytecode
        self.store = store
        self.rows = (store.rows.name, code_fingerprint())
        templates = templates_fingerprint(site.folder)
        every_event = store.every_event.get(templates)
        if every_event is None:  # parsing every template takes a third of a second
            every_event = store.every_event[templates] = _names_every_event(self.environment)
        # An event's pages show other events only as the row of its championship's sections
        # (``section_names``): adding an event outside every championship rendered every
        # event again, though only the home page lists it.
        sections = {slug for championship in site.championships for slug in championship.sections}
        self._links: dict[Path, str | None] = {}
        """Where the current event's Markdown links to ``.md`` files led (``_relink``)."""
        self.site_key = (
            dataclasses.replace(site, home_markdown="", home_files=(), events=()),
            site.events
            if every_event
            else tuple((e.slug, e.name) for e in site.events if e.slug in sections),
            templates,
        )

    def _event(self, outcome: EventOutcome) -> None:
        slug = outcome.event.slug
        key = (self.site_key, outcome)
        reused = self.store.lookup(slug, key, self._link_target)
        if reused is not None:
            self.files.update(reused)
            self.store.stats.events_reused.append(slug)
            self.store.stats.files_reused += len(reused)
            return
        before = dict(self.files)
        first = len(self.pages) if self.pages is not None else 0
        self._links = {}
        super()._event(outcome)
        if self.pages is not None:
            self._render_event_pages(slug, self.pages[first:])
            del self.pages[first:]
        added = {k: v for k, v in self.files.items() if before.get(k) is not v}
        self.store.remember(slug, key, added, self._links)
        self.store.stats.events_rendered.append(slug)
        self.store.stats.files_rendered += len(added)

    def _relink(self, source: Path, published: str) -> Callable[[str], str | None]:
        """The ordinary ``relink``, noting where each link to a ``.md`` file led: the page
        of another event (or none yet), which the event's key does not hold."""
        relink = super()._relink(source, published)

        def noted(href: str) -> str | None:
            path = local_path(href)
            if path is not None and path.endswith(".md"):
                linked = source.parent / disk_name(path)
                self._links[linked] = self._link_target(linked)
            return relink(href)

        return noted

    def _link_target(self, linked: Path) -> str | None:
        """The page the ``.md`` file at ``linked`` is published as in this build, if any."""
        found = resolved(linked)  # None: a link loop
        return self._markdown_pages.get(found) if found is not None else None

    def _render_event_pages(self, slug: str, jobs: list[PageJob]) -> None:
        """Render the event's pages, but keep those whose key is the one they had: one
        result of a 2,000-player open changes a few hundred of its 13,000 pages."""
        kept = self.store.pages.get(slug, {})
        # The keys are worked out by the processes that render the pages, as in ``crosstable
        # build``; the games' PGN are made beside them when the last build left them.
        beside = self.after_beside() if _exports_known(self.outcomes) else []
        sink = functools.partial(keep_or_render, {path: key for path, (key, _) in kept.items()})
        placed = place_pages(self, [*jobs, *beside], self.jobs, sink)
        keyed: dict[str, tuple[str, bytes]] = {}
        for job in [*jobs, *beside]:
            data, key = placed[job.path]
            if data is None:
                data = kept[job.path][1]
                self.store.stats.pages_kept += 1
            if key:
                keyed[job.path] = (key, data)
            self.files[job.path] = data
        self.store.pages[slug] = keyed
        self.finish()


@dataclass
class BuildCache:
    """Everything ``serve`` keeps from one build to the next."""

    pgn: PgnStore = field(default_factory=PgnStore)
    pages: RenderStore = field(default_factory=RenderStore)
    stats: RebuildStats = field(default_factory=RebuildStats)
    """What the current (or last) build did and reused."""

    def build(self, site_dir: Path) -> BuildReport:
        """One of ``serve``'s builds (drafts shown), reading and rendering through this cache;
        ``stats`` says what it did."""
        from .build import check_site  # the pipeline uses this module: imported when used

        self.begin()
        token = PARSE_CACHE.set(self.pgn)
        jobs = usable_cpus() if can_fork() else 1  # in serve's builder, which has no threads
        jobs_token = JOBS.set(jobs)
        try:
            content = site_dir / "content"
            with build_collection():
                if jobs > 1 and content.is_dir():
                    self.pgn.prefetch(pgn_files(content), jobs, config.event_encodings(content))
                render = functools.partial(self.pages.render, jobs=jobs)
                return check_site(site_dir, drafts=True, render=render)
        finally:
            JOBS.reset(jobs_token)
            PARSE_CACHE.reset(token)
            self.end()

    def begin(self) -> RebuildStats:
        """Before a build. What the earlier builds left (the parsed games, the pages) is kept
        from the garbage collector's sight until ``end``: a 2,000-player open is millions of
        objects, which each full collection during the build looked at again."""
        gc.freeze()
        self.stats = RebuildStats()
        self.pgn.begin(self.stats)
        self.pages.stats = self.stats
        return self.stats

    def end(self) -> None:
        gc.unfreeze()  # what the build replaced can be collected again
        self.pgn.end()


def changed_files(old: dict[str, bytes], new: dict[str, bytes]) -> Iterator[str]:
    """Paths whose bytes differ between two builds, new files included."""
    for path, data in new.items():
        if old.get(path) != data:
            yield path
