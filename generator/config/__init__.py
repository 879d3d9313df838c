"""Load stage for configuration: read TOML, validate against the schema, locate every problem."""

from __future__ import annotations

import codecs
import hashlib
import json
import re
import tomllib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..problems import Problems
from .championship import CHAMPIONSHIP, ChampionshipConfig
from .event import EVENT, EventConfig
from .schema import (
    Issue,
    Table,
    explain_dotted_keys,
    explain_written_numbers,
    format_path,
    number_keys,
    validate,
)
from .site import SITE, SiteConfig
from .toml_lines import KeyLines, KeyPath, dotted_keys, line_of, written_values
from .toml_syntax import syntax_problem

__all__ = ["EventConfig", "SiteConfig", "load_event_config", "load_site_config", "load_toml"]

_DECODE_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")

PARSED: dict[str, tuple[Any, list[Issue]]] = {}
"""Files read before, by schema and a digest of their text: the typed value and the schema's
issues (kept between builds by ``generator.cache``). An open's event.toml lists 2,000 players,
and TOML parsing and checking them took a fifth of a second each build."""

PARSED_USED: set[str] = set()
"""The keys of ``PARSED`` this build asked for (the ones worth keeping)."""

_MEMOISED = {id(EVENT): "event", id(CHAMPIONSHIP): "championship", id(SITE): "site"}
"""The schemas whose files ``PARSED`` keeps, by name."""


def _toml_text(data: bytes, path: Path, problems: Problems) -> str | None:
    """The file's text: UTF-8, as TOML is, or UTF-16 with its byte-order mark (Notepad's
    "Unicode", read as the PGN files are). Other bytes are an error on their line."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        problems.error(
            f"not UTF-8 text: byte 0x{data[exc.start]:02X} on line {line} is not UTF-8",
            path,
            line,
            hint="save the file as UTF-8 (in most editors: Save As, encoding UTF-8); TOML files "
            "are read only in UTF-8",
        )
        return None


def load_toml(path: Path, schema: Table, problems: Problems) -> tuple[Any, Mapping[KeyPath, int]]:
    """Parse and validate one TOML file, returning the typed value and the line of each key.

    On any problem the value is ``None`` and every problem is recorded in ``problems``.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        problems.error(f"cannot read the file: {exc.strerror}", path)
        return None, {}
    text = _toml_text(raw, path, problems)
    if text is None:
        return None, {}
    kind = _MEMOISED.get(id(schema))
    key = f"{kind}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}" if kind else ""
    found = PARSED.get(key) if key else None
    if found is not None:
        PARSED_USED.add(key)
        value, issues = found
        lines = KeyLines(text)
        report_issues(_said(schema, issues, text, path), path, lines, problems)
        return value, lines
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _DECODE_LINE.search(message)
        line = int(match.group(1)) if match else None
        numbers = number_keys(schema)
        message = _DECODE_LINE.sub("", message).strip()
        message, line, hint = syntax_problem(message, text, line, numbers)
        problems.error(f"TOML syntax error: {message}", path, line, hint=hint)
        return None, {}
    except RecursionError:
        problems.error(
            "TOML nested too deeply (arrays or tables inside one another hundreds of times)",
            path,
            hint="write the values flat, as the README's examples do",
        )
        return None, {}
    value, issues = validate(schema, data)
    if key:
        if len(PARSED) > 1000:  # serve runs for days
            PARSED.clear()
        PARSED[key] = (value, issues)
        PARSED_USED.add(key)
    lines = KeyLines(text)
    report_issues(_said(schema, issues, text, path), path, lines, problems)
    return value, lines


def _said(schema: Table, issues: list[Issue], text: str, path: Path) -> list[Issue]:
    """The schema's issues as the file's text shows them: a table a dotted key made is said
    as that key, a number with a thousands point as the number it groups (the schema saw only
    the table, and 2.15 for 2.150)."""
    if not issues:
        return issues
    issues = explain_written_numbers(schema, issues, written_values(text))
    return explain_dotted_keys(schema, issues, dotted_keys(text), path.name)


def report_issues(
    issues: list[Issue], path: Path, lines: Mapping[KeyPath, int], problems: Problems
) -> None:
    """Schema issues as located problems: the key path in words, the line in the file."""
    for issue in issues:
        problems.error(
            f"{format_path(issue.path)}: {issue.message}",
            path,
            line_of(lines, issue.path),
            issue.hint,
            code="config",
        )


def load_event_config(
    path: Path, problems: Problems
) -> tuple[EventConfig | None, Mapping[KeyPath, int]]:
    """The event file, typed, with the line of each key for later messages."""
    config, lines = load_toml(path, EVENT, problems)
    return config, lines


def event_encodings(content: Path) -> Callable[[Path], str | None]:
    """The ``encoding`` named by the event.toml of the event a file under ``content/`` belongs
    to (the nearest folder above it that has one), for reading PGN files ahead as the build
    will read them; ``None`` when there is none or the file is not valid (the build says why).
    Each folder is looked at once per function."""
    found: dict[Path, tuple[bool, str | None]] = {}
    """Folder: whether it has an event.toml, and the encoding that names."""

    def in_folder(folder: Path) -> tuple[bool, str | None]:
        config_path = folder / "event.toml"
        if not config_path.is_file():
            return False, None
        config, _ = load_toml(config_path, EVENT, Problems())
        return True, config.encoding if isinstance(config, EventConfig) else None

    def encoding_of(path: Path) -> str | None:
        for folder in (path.parent, *path.parent.parents):
            if content not in folder.parents:
                return None
            if folder not in found:
                found[folder] = in_folder(folder)
            is_event, encoding = found[folder]
            if is_event:
                return encoding
        return None

    return encoding_of


def section_key(name: str) -> str:
    """A section's folder name as the file systems compare it: whatever the Unicode form
    ("Garçons" typed composed, its folder made by macOS decomposed) and, as on macOS and
    Windows, whatever the case, so a list that builds on a Mac builds on Linux too."""
    return unicodedata.normalize("NFC", name).casefold()


def load_championship_config(
    path: Path, problems: Problems
) -> tuple[ChampionshipConfig | None, Mapping[KeyPath, int]]:
    """``championship.toml``, with the checks the schema cannot make: dates in order, and
    each section named once, as a folder of the championship's own; and the line of each
    key, for the checks of its sections' folders."""
    config, lines = load_toml(path, CHAMPIONSHIP, problems)
    if not isinstance(config, ChampionshipConfig):
        return None, lines
    issues: list[Issue] = []
    if config.start and config.end and config.end < config.start:
        issues.append(Issue(("end",), f"the championship ends ({config.end}) before it starts"))
    seen: set[str] = set()
    for index, name in enumerate(config.sections):
        folder = PurePosixPath(name)
        if len(folder.parts) != 1 or folder.parts[0] in (".", "..") or "\\" in name:
            issues.append(
                Issue(
                    ("sections", index),
                    f'"{name}" is not a folder of the championship',
                    'name a sub-folder of the championship\'s folder, e.g. "under-12"',
                )
            )
        elif len(name.encode()) > 255:
            issues.append(
                Issue(("sections", index), "is too long for a folder name", "use a shorter name")
            )
        elif section_key(folder.as_posix()) in seen:
            issues.append(
                Issue(("sections", index), f'"{name}" is listed twice', "remove one of the two")
            )
        seen.add(section_key(folder.as_posix()))
    report_issues(issues, path, lines, problems)
    return (None if issues else config), lines


def load_site_config(site_dir: Path, problems: Problems) -> SiteConfig:
    """``site.toml`` is optional: without it every setting takes its default."""
    path = site_dir / "site.toml"
    if not path.exists():
        return SiteConfig()
    config, lines = load_toml(path, SITE, problems)
    if not isinstance(config, SiteConfig):
        return SiteConfig()
    base = config.base_url
    if base and (
        not base.lower().startswith(("https://", "http://"))
        or any(c.isspace() or not c.isprintable() for c in base)
    ):
        problems.error(
            f"base_url: {json.dumps(base, ensure_ascii=False)} is not the address of a web site",
            path,
            line_of(lines, ("base_url",)),
            hint='write where the site is published, e.g. "https://club.example.org/results/"',
            code="config",
        )
        return replace(config, base_url="")
    page = _page_in_address(base)
    if page:
        what = {"?": "a query (?...)", "#": "a fragment (#...)"}.get(page, f"a page ({page})")
        problems.error(
            f"base_url: {json.dumps(base, ensure_ascii=False)} ends with {what}, so it is no "
            "folder: each page's address is made by adding its name to base_url",
            path,
            line_of(lines, ("base_url",)),
            hint="write the folder the site is published in: "
            f"base_url = {json.dumps(_site_folder(base), ensure_ascii=False)}",
            code="config",
        )
        return replace(config, base_url="")
    return config


_PAGE = re.compile(r"[^/]+\.(?:html?|php|aspx?|shtml|xhtml)$", re.IGNORECASE)
"""The last part of an address that names a page: "index.html", "results.php"."""


def _page_in_address(base: str) -> str:
    """What makes ``base`` a page's address rather than a folder's: a page's name at its
    end, a query or a fragment; empty when it is a folder's."""
    parts = urlsplit(base)
    if parts.query or parts.fragment:
        return "?" if parts.query else "#"
    match = _PAGE.search(parts.path)
    return match.group(0).rsplit("/", 1)[-1] if match else ""


def _site_folder(base: str) -> str:
    """``base`` without its page, query and fragment: the folder the site is in."""
    parts = urlsplit(base)
    path = _PAGE.sub("", parts.path)
    return urlunsplit(
        (parts.scheme, parts.netloc, path if path.endswith("/") else path + "/", "", "")
    )
