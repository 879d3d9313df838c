"""Line numbers for TOML key paths.

``tomllib`` returns plain data without positions, yet an organiser needs ``event.toml:42`` to find
a mistake. This module scans the text once and maps each key path, such as
``("players", 3, "rating")``, to the line that sets it. It understands the TOML an organiser
writes (tables, arrays of tables, dotted keys); anything it cannot place simply has no line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

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
    """Map every key path (and every table header) in ``text`` to its 1-based line number."""
    lines: dict[KeyPath, int] = {}
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
            lines.setdefault(current, number)
            lines.setdefault(current[:-1], number)
            continue
        if match := _TABLE.match(line):
            current = _with_array_indices(_split_key(match.group(1)), array_counts)
            lines.setdefault(current, number)
            continue
        if match := _KEY.match(line):
            path = current + _split_key(match.group(1))
            lines.setdefault(path, number)
            rest = line[match.end() :]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    in_multiline = quote
    return lines


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
