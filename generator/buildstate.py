"""What a build leaves for the next one, and the build that finds nothing to do.

Only the standard library (and ``generator.problems`` and ``generator.write``) is imported
here: when nothing changed since the last build, ``crosstable build`` answers from this module
alone, without loading python-chess, Jinja2 and the rest of the pipeline (importing them takes
longer than the check).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.metadata
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .problems import Problem, Problems
from .write import modes_stand


@dataclass
class BuildReport:
    problems: Problems = field(default_factory=Problems)
    files: dict[str, bytes] = field(default_factory=dict)
    written: bool = False
    notices: list[str] = field(default_factory=list)
    """One line per thing an arbiter must act on, such as a play-off still to be played."""
    events: dict[str, str] = field(default_factory=dict)
    """Each event's name by its slug (its output folder), for what ``serve``'s notes name."""

    def failed(self, strict: bool = False) -> bool:
        return bool(self.problems.errors) or (strict and bool(self.problems.warnings))


def builtin_templates_dir() -> Path:
    """The top-level ``templates/`` of a source checkout, or its copy inside the wheel."""
    package = Path(__file__).resolve().parent
    for candidate in (package.parent / "templates", package / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise FileNotFoundError("the built-in templates are missing from this installation")


def write_atomically(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all: a reader never meets half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".new-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


CACHE_FOLDER = ".crosstable-cache"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# crosstable's build cache: what the last build read and wrote, to do less next time.\n"
    "# Safe to delete at any time; never published.\n"
)


def build_folder(output: Path) -> Path | None:
    """Where ``crosstable build`` keeps its cache for ``output``: beside it, in a folder that
    is never published (deploy publishes the output only), that git ignores (it holds its own
    .gitignore) and that backup tools skip (CACHEDIR.TAG). ``None`` when it cannot be made:
    the build then does without."""
    root = output.parent / CACHE_FOLDER
    folder = root / output.name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "*\n"), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            if not (root / name).is_file():
                (root / name).write_text(text, encoding="utf-8")
    except OSError:
        return None
    return folder


_CODE: list[str] = []


def code_fingerprint() -> str:
    """The code and built-in templates a page is made with, and the libraries that shape it:
    another version of any of them, and nothing is reused."""
    if not _CODE:
        digest = hashlib.sha256()
        package = Path(__file__).resolve().parent
        for root in (package, builtin_templates_dir()):
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                if path.suffix in (".pyc", ".pyo"):
                    continue
                digest.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes())
        versions = (*map(_version, ("chess", "jinja2", "markdown")), sys.version)
        digest.update(repr(versions).encode())
        _CODE.append(digest.hexdigest())
    return _CODE[0]


def input_fingerprint(site_dir: Path, output: Path) -> str | None:
    """Everything a build reads, as one digest: ``site.toml``, ``content/``, ``templates/``
    (names and bytes), where the site and its output are, and ``code_fingerprint``. ``None``
    when a link or an unreadable file makes that uncertain."""
    # Names as the file system's bytes: a name that is not UTF-8 (a file unzipped from an old
    # Windows archive) holds surrogates, which ``str.encode`` refuses.
    places = [code_fingerprint().encode(), os.fsencode(site_dir), os.fsencode(output), b""]
    digest = hashlib.sha256(b"\0".join(places))
    try:
        toml = site_dir / "site.toml"
        if toml.is_symlink():
            return None
        if toml.is_file():
            digest.update(b"site.toml\0" + toml.read_bytes())
        for root in (site_dir / "content", site_dir / "templates"):
            if root.is_symlink():
                return None
            for folder, dirs, files in os.walk(root):
                dirs.sort()
                here = Path(folder)
                for name in sorted([*dirs, *files]):
                    path = here / name
                    if path.is_symlink():
                        return None
                    digest.update(os.fsencode(path.relative_to(site_dir)) + b"\0")
                    if name in files and path.is_file():  # not a pipe: it would be waited on
                        digest.update(path.read_bytes() + b"\0")
    except OSError:
        return None
    return digest.hexdigest()


_FileRecord = tuple[int, int, str]
"""An output file as the last build left it: size, modification time (ns) and page key."""


@dataclass
class SiteState:
    """What the last successful ``crosstable build`` into an output wrote (``site.index``)."""

    fingerprint: str | None
    problems: list[Problem]
    notices: list[str]
    files: dict[str, _FileRecord]

    @classmethod
    def load(cls, folder: Path) -> SiteState | None:
        try:
            saved = pickle.loads((folder / "site.index").read_bytes())
            if saved["version"] == code_fingerprint():
                return cls(
                    saved["fingerprint"], saved["problems"], saved["notices"], saved["files"]
                )
        except Exception:  # none yet, damaged or of another version: build everything
            pass
        return None

    def save(self, folder: Path) -> None:
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        data["version"] = code_fingerprint()
        write_atomically(folder / "site.index", pickle.dumps(data, pickle.HIGHEST_PROTOCOL))

    @staticmethod
    def forget(folder: Path) -> None:
        """Drop the last record (this build's could not be saved): the next build then
        builds everything rather than trust a record of an older site."""
        with contextlib.suppress(OSError):
            (folder / "site.index").unlink(missing_ok=True)

    def intact(self, output: Path, path: str) -> bool:
        """Whether the output still holds this file as the last build wrote it."""
        record = self.files.get(path)
        if record is None:
            return False
        try:
            found = os.stat(f"{output}/{path}")
        except OSError:
            return False
        return (found.st_size, found.st_mtime_ns) == record[:2]

    def all_intact(self, output: Path) -> bool:
        """Whether the output holds exactly the files the last build wrote, untouched.
        (Plain strings and ``scandir``: an open's site has 13,000 files to look at.)"""
        seen = 0
        folders = [("", os.fspath(output))]
        while folders:
            prefix, folder = folders.pop()
            try:
                entries = os.scandir(folder)
            except OSError:
                return False
            with entries:
                for entry in entries:
                    relative = prefix + entry.name
                    if entry.is_dir(follow_symlinks=False):
                        folders.append((relative + "/", entry.path))
                        continue
                    record = self.files.get(relative)
                    try:
                        found = entry.stat()
                    except OSError:
                        return False
                    if record is None or (found.st_size, found.st_mtime_ns) != record[:2]:
                        return False
                    seen += 1
        return seen == len(self.files)


class _Kept(bytes):
    """Stands in for a file left in the output folder (``OutputFiles``)."""


_KEPT = _Kept()


class OutputFiles(dict[str, bytes]):
    """A build's files, where those the last build already wrote with the same bytes stay in
    the output folder until asked for: a rebuild need not read 10,000 pages back into memory.
    Every way of reading a value reads the file (once); the keys are all there from the start.
    """

    def __init__(self, files: dict[str, bytes], kept: Iterable[str], folder: Path) -> None:
        super().__init__(files)
        self.kept = frozenset(kept)
        self.folder = folder
        for path in self.kept:
            if path not in files:
                super().__setitem__(path, _KEPT)

    def sorted(self) -> OutputFiles:
        """The same, in path order (as ``render_site`` returns its files)."""
        ordered = OutputFiles({}, (), self.folder)
        for path in sorted(self):
            dict.__setitem__(ordered, path, dict.__getitem__(self, path))
        ordered.kept = self.kept
        return ordered

    def __getitem__(self, path: str) -> bytes:
        value = super().__getitem__(path)
        if value is _KEPT:
            value = (self.folder / path).read_bytes()
            super().__setitem__(path, value)
        return value

    def get(self, path: str, default: bytes | None = None) -> bytes | None:  # type: ignore[override]
        return self[path] if path in self else default  # noqa: SIM401 (dict.get skips [])

    def __iter__(self) -> Iterator[str]:  # not dict's own: dict(x) then reads through []
        return iter(list(super().keys()))

    def items(self) -> list[tuple[str, bytes]]:  # type: ignore[override]
        return [(path, self[path]) for path in self]

    def values(self) -> list[bytes]:  # type: ignore[override]
        return [self[path] for path in self]

    def copy(self) -> dict[str, bytes]:
        return dict(self.items())

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> tuple[type[dict[str, bytes]], tuple[list[tuple[str, bytes]]]]:
        return dict, (self.items(),)


@dataclass
class LastBuild:
    """Where a build goes and what the last one there left: read once per build."""

    site_dir: Path
    output: Path
    folder: Path | None
    """The build cache (``None``: it cannot be made, or the output overlaps ``content/``)."""
    state: SiteState | None
    fingerprint: str | None
    """``input_fingerprint`` of the inputs as they are now (``None`` without a cache)."""

    @classmethod
    def find(cls, site_dir: Path, output: Path | None) -> LastBuild:
        site_dir, output, folder = build_places(site_dir, output)
        if folder is None:
            return cls(site_dir, output, None, None, None)
        state = SiteState.load(folder)
        return cls(site_dir, output, folder, state, input_fingerprint(site_dir, output))

    def unchanged(self, strict: bool) -> BuildReport | None:
        """The last build's report when no input changed since and its site stands
        untouched: there is nothing to do. ``None``: build."""
        state = self.state
        if state is None or state.fingerprint is None or state.fingerprint != self.fingerprint:
            return None
        if not state.all_intact(self.output) or not modes_stand(self.output):
            return None  # touched, or built under another umask (``write.settle_modes``)
        report = BuildReport(Problems(list(state.problems)), notices=list(state.notices))
        report.files = OutputFiles({}, state.files, self.output)
        report.written = not report.failed(strict)
        return report


def unchanged_build(site_dir: Path, output: Path | None, strict: bool) -> BuildReport | None:
    """``LastBuild.unchanged`` for ``crosstable build`` before it loads the pipeline."""
    return LastBuild.find(site_dir, output).unchanged(strict)


def build_places(site_dir: Path, output: Path | None) -> tuple[Path, Path, Path | None]:
    """The site folder and the output, resolved, and the build cache's folder (``None``
    when there is none: it cannot be made, the output overlaps ``content/``, or there is no
    site to build: a folder named by mistake gets no cache folder)."""
    site_dir = site_dir.resolve()
    output = (output or site_dir / "output").resolve()
    if overlaps_content(site_dir, output) or not (site_dir / "content").is_dir():
        return site_dir, output, None
    return site_dir, output, build_folder(output)


_JUNK = frozenset({".DS_Store", "Thumbs.db", "desktop.ini", ".gitkeep"})
"""Files a file manager or a template repository leaves in an empty folder."""
_OWN = frozenset({"index.html", "static", ".nojekyll", "CNAME"})
"""What a site crosstable made holds besides its events' folders (``deploy`` adds the two
last to the branch it publishes)."""


def not_replaceable(output: Path, recorded: bool) -> str:
    """Why a build may not replace ``output`` (a build replaces the whole folder), or "": a
    file, or a folder holding files crosstable did not make (``--output mydocs`` deleted
    them; so did a clone of the published site's repository, its ``.git`` included). A
    folder is taken for a site crosstable made when the build cache records it, or when it
    holds a site's home page, crosstable's own script, and besides only folders of pages."""
    if not output.exists():
        return ""
    if not output.is_dir():
        return f"{output} is a file, not a folder"
    if recorded:
        return ""
    try:
        entries = sorted(p.name for p in output.iterdir() if p.name not in _JUNK)
    except OSError:
        return ""  # reported when the site is written
    if not entries:
        return ""
    made = {"index.html", "static"} <= set(entries) and (output / "static/board.js").is_file()
    foreign = [
        name
        for name in entries
        if name not in _OWN and not (output / name / "index.html").is_file()
    ]
    if made and not foreign:
        return ""
    shown = foreign or entries
    listed = ", ".join(shown[:3]) + (", ..." if len(shown) > 3 else "")
    return f"{output} holds files crosstable did not make ({listed})"


def overlaps_content(site_dir: Path, output: Path) -> bool:
    content = site_dir / "content"
    return output == content or content in output.parents or output in content.parents


def _version(library: str) -> str:
    try:
        return importlib.metadata.version(library)
    except importlib.metadata.PackageNotFoundError:
        return "?"
