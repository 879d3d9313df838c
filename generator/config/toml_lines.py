"""Line numbers for TOML key paths.

``tomllib`` returns plain data without positions, yet an organiser needs ``event.toml:42`` to find
a mistake. This module scans the text once and maps each key path, such as
``("players", 3, "rating")``, to the line that sets it. It understands the TOML an organiser
writes (tables, arrays of tables, dotted keys); anything it cannot place simply has no line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from typing import NamedTuple

KeyPath = tuple[str | int, ...]

_TABLE_ARRAY = re.compile(r"^\s*\[\[\s*([^\]]+?)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]")
_KEY = re.compile(
    r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*="""
)


def _split_key(dotted: str) -> tuple[str, ...]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", dotted)
    return tuple(p.strip("\"'") for p in parts)


def key_lines(text: str) -> dict[KeyPath, int]:
    """Map every key path (and every table header) in ``text`` to its 1-based line number;
    the table a dotted key makes (``player`` of ``player.name = ...``) has the key's line."""
    lines: dict[KeyPath, int] = {}
    for number, path, dotted, _ in _statements(text):
        for depth in range(len(path) - dotted, len(path) + 1):
            lines.setdefault(path[:depth], number)
    return lines


class DottedKey(NamedTuple):
    """A dotted key as written, from the table it makes: ``player.name = "X"`` makes the
    table ``player``, in which it sets ``name`` (``key``) to ``"X"`` (``value``)."""

    key: str
    value: str


def dotted_keys(text: str) -> dict[KeyPath, DottedKey]:
    """The tables that dotted keys make (``("player",)`` for ``player.name = "X"`` at the
    top), each with the first such key: TOML reads ``a.b = ...`` as the key ``b`` of a
    table ``a``, which an organiser may not have meant as a table at all."""
    found: dict[KeyPath, DottedKey] = {}
    for _, path, dotted, row in _statements(text):
        value = _without_comment(row.partition("=")[2].strip()) or "..."
        for depth in range(len(path) - dotted, len(path)):
            key = ".".join(str(part) for part in path[depth:])
            found.setdefault(path[:depth], DottedKey(key, value))
    return found


def written_values(text: str) -> dict[KeyPath, str]:
    """Each key's value as the file writes it, without its comment (``2.150`` where tomllib
    gives 2.15): what the organiser typed tells what was meant, where the value TOML read
    does not."""
    found: dict[KeyPath, str] = {}
    for _, path, _, row in _statements(text):
        if _KEY.match(row):
            found.setdefault(path, _without_comment(row.partition("=")[2].strip()))
    return found


def _without_comment(value: str) -> str:
    """A value as written, without the comment after it (a ``#`` may be inside quotes)."""
    for index, char in enumerate(value):
        if char == "#" and reads(f"v = {value[:index]}"):
            return value[:index].rstrip()
    return value


def reads(line: str) -> bool:
    """Whether ``line`` is TOML on its own: a value to show, or a correction to offer."""
    try:
        tomllib.loads(line)
    except tomllib.TOMLDecodeError:
        return False
    return True


def _statements(text: str) -> Iterator[tuple[int, KeyPath, int, str]]:
    """Each table header and key of ``text``: its line number, its key path, how many
    tables a dotted key makes on the way (1 for ``player.name``, 0 for a header or a plain
    key), and the line."""
    array_counts: dict[tuple[str, ...], int] = {}
    current: KeyPath = ()
    in_multiline: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if in_multiline is not None:
            if raw.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        line = raw.split("#", 1)[0] if '"' not in raw and "'" not in raw else raw
        if match := _TABLE_ARRAY.match(line):
            name = _split_key(match.group(1))
            index = array_counts.get(name, 0)
            array_counts[name] = index + 1
            current = _with_array_indices(name, array_counts)
            yield number, current, 0, raw
            yield number, current[:-1], 0, raw
            continue
        if match := _TABLE.match(line):
            current = _with_array_indices(_split_key(match.group(1)), array_counts)
            yield number, current, 0, raw
            continue
        if match := _KEY.match(line):
            parts = _split_key(match.group(1))
            yield number, current + parts, len(parts) - 1, raw
            rest = line[match.end() :]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    in_multiline = quote


class KeyLines(Mapping[KeyPath, int]):
    """``key_lines(text)``, worked out when first asked: a build asks only to report a
    problem, and the event file of a 2,000-player open sets 10,000 keys."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[KeyPath, int] | None = None

    def _found(self) -> dict[KeyPath, int]:
        if self._lines is None:
            self._lines = key_lines(self._text)
            self._text = ""
        return self._lines

    def __getitem__(self, path: KeyPath) -> int:
        return self._found()[path]

    def __iter__(self) -> Iterator[KeyPath]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


def _with_array_indices(name: tuple[str, ...], counts: dict[tuple[str, ...], int]) -> KeyPath:
    """``("prizes", "money")`` -> ``("prizes", "money", 2)`` for arrays of tables."""
    path: list[str | int] = []
    for depth in range(1, len(name) + 1):
        path.append(name[depth - 1])
        count = counts.get(name[:depth])
        if count:
            path.append(count - 1)
    return tuple(path)


def line_of(lines: Mapping[KeyPath, int], path: KeyPath) -> int | None:
    """The line of ``path`` or of its nearest enclosing table."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return None
