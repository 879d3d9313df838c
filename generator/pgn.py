"""Load stage for games: read PGN files with python-chess, leniently, keeping file and line.

Each game becomes a ``PgnGame``: its tags, the line of every tag (so an unknown name can be
reported at the exact line), the moves with the position after each, and any illegal-move
problem python-chess met. Games without moves (headers and a result) are ordinary input.
"""

from __future__ import annotations

import bisect
import functools
import io
import logging
import re
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import chess
import chess.pgn

from .problems import Problems

_TAG_LINE = re.compile(r'^\s*\[(\w+)\s+"')
_ILLEGAL = re.compile(r"^(illegal|invalid|ambiguous) san: '([^']*)'")


@dataclass(frozen=True)
class PlayedMove:
    """One half-move: its SAN, its from/to squares and the board placement after it."""

    san: str
    uci: str
    placement: str


@dataclass(frozen=True)
class PgnGame:
    path: Path
    line: int
    tag_lines: dict[str, int]
    headers: dict[str, str]
    moves: tuple[PlayedMove, ...]
    initial_placement: str
    illegal: str | None
    """The first move python-chess could not play, with its move number, or ``None``."""

    def tag_line(self, tag: str) -> int:
        return self.tag_lines.get(tag, self.line)

    @property
    def label(self) -> str:
        return (
            f"round {self.headers.get('Round', '?')}, "
            f"{self.headers.get('White', '?')} v {self.headers.get('Black', '?')}"
        )


def decode(data: bytes) -> str:
    """PGN files are usually UTF-8 but older software writes Latin-1; accept both."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


class ParseCache(Protocol):
    """Parsed files kept between builds by ``crosstable serve`` (``generator.cache``)."""

    def read(self, path: Path, data: bytes, problems: Problems) -> list[PgnGame]: ...


PARSE_CACHE: ContextVar[ParseCache | None] = ContextVar("crosstable_parse_cache", default=None)
"""Set by ``serve`` so that a rebuild parses only the PGN files whose bytes changed."""


def read_pgn_file(path: Path, problems: Problems) -> list[PgnGame]:
    """Every game in one file; unreadable input is recorded in ``problems``, never raised."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.error(f"cannot read the file: {exc.strerror}", path)
        return []
    cache = PARSE_CACHE.get()
    if cache is not None:
        return cache.read(path, data, problems)
    return read_pgn_text(decode(data), path, problems)


def read_pgn_text(text: str, path: Path, problems: Problems) -> list[PgnGame]:
    handle = io.StringIO(text)
    line_starts = _line_starts(text)
    games: list[PgnGame] = []
    pgn_logger = logging.getLogger("chess.pgn")
    previous_level = pgn_logger.level
    pgn_logger.setLevel(logging.CRITICAL)
    try:
        while True:
            start = handle.tell()
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            end = handle.tell()
            first_line = _first_content_line(text, start, end, line_starts)
            tag_lines = _tag_lines(text, start, end, line_starts)
            if not tag_lines and not list(game.mainline_moves()):
                continue  # trailing comments or blank text, not a game
            games.append(_to_game(game, path, first_line, tag_lines, problems))
    finally:
        pgn_logger.setLevel(previous_level)
    return games


def read_pgn_files(paths: Iterable[Path], problems: Problems) -> list[PgnGame]:
    games: list[PgnGame] = []
    for path in paths:
        games.extend(read_pgn_file(path, problems))
    return games


def _to_game(
    game: chess.pgn.Game,
    path: Path,
    line: int,
    tag_lines: dict[str, int],
    problems: Problems,
) -> PgnGame:
    board = game.board()
    initial = board.board_fen()
    moves: list[PlayedMove] = []
    for move in game.mainline_moves():
        san = board.san(move)
        board.push(move)
        moves.append(PlayedMove(san, move.uci(), board.board_fen()))
    illegal = None
    for error in game.errors:
        match = _ILLEGAL.match(str(error))
        ply = len(moves)
        number = ply // 2 + 1
        side = "White" if ply % 2 == 0 else "Black"
        what = f"'{match.group(2)}'" if match else str(error).split(" while ")[0]
        illegal = f"move {number} ({side}): {what}"
        break
    headers = dict(game.headers)
    result = PgnGame(path, line, tag_lines, headers, tuple(moves), initial, illegal)
    if illegal:
        problems.warning(
            f"{result.label}: illegal or unreadable move at {illegal}; "
            f"the game is shown up to move {len(moves) // 2 + (len(moves) % 2)}",
            path,
            line,
            hint="check the move in the score sheet and correct the PGN",
            code="illegal-move",
            context={
                "round": headers.get("Round", "?"),
                "white": headers.get("White", "?"),
                "black": headers.get("Black", "?"),
            },
        )
    return result


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _line_number(offset: int, line_starts: list[int]) -> int:
    return bisect.bisect_right(line_starts, offset)


def _first_content_line(text: str, start: int, end: int, line_starts: list[int]) -> int:
    offset = start
    while offset < end and text[offset].isspace():
        offset += 1
    return _line_number(offset, line_starts)


def _tag_lines(text: str, start: int, end: int, line_starts: list[int]) -> dict[str, int]:
    lines: dict[str, int] = {}
    first = _line_number(start, line_starts)
    for number, raw in enumerate(text[start:end].splitlines(), start=first):
        match = _TAG_LINE.match(raw)
        if match:
            lines.setdefault(match.group(1), number)
        elif raw.strip() and lines:
            break
    return lines


def export_game(moves: Sequence[PlayedMove], headers: dict[str, str]) -> str:
    """A game as PGN text with the given (possibly corrected) headers."""
    return _export_game(tuple(moves), tuple(headers.items()))


@functools.lru_cache(maxsize=4096)
def _export_game(moves: tuple[PlayedMove, ...], header_items: tuple[tuple[str, str], ...]) -> str:
    """Memoised: each game is exported twice a build (its page and games.pgn), and every
    rebuild of ``serve`` exports the unchanged games again; replaying moves is the slow part."""
    headers = dict(header_items)
    pgn_game = chess.pgn.Game()
    pgn_game.headers.clear()
    for key, value in headers.items():
        pgn_game.headers[key] = value
    node: chess.pgn.GameNode = pgn_game
    for move in moves:
        node = node.add_variation(chess.Move.from_uci(move.uci))
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=False)
    return pgn_game.accept(exporter)
