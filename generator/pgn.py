"""Load stage for games: read PGN files with python-chess, leniently, keeping file and line.

Each game becomes a ``PgnGame``: its tags, the line of every tag (so an unknown name can be
reported at the exact line), the moves with the position after each, and any illegal-move
problem python-chess met. Games without moves (headers and a result) are ordinary input.
"""

from __future__ import annotations

import bisect
import codecs
import functools
import io
import itertools
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
        headers = {key: shorten(value) for key, value in self.headers.items()}
        return (
            f"round {headers.get('Round', '?')}, "
            f"{headers.get('White', '?')} v {headers.get('Black', '?')}"
        )


def shorten(text: str, limit: int = 80) -> str:
    """A tag value as a message quotes it: a 10,000-character name would drown the message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decode(data: bytes) -> str:
    """PGN files are usually UTF-8 but older software writes Latin-1 (or Windows-1252, its
    superset with curly quotes and dashes) and Windows "Unicode" is UTF-16; accept them all."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
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
    """Every game of one file's text; an empty, binary or cut-short file is an error."""
    if not _is_pgn_text(text, path, problems):
        return []
    line_starts = _line_starts(text)
    games: list[PgnGame] = []
    pgn_logger = logging.getLogger("chess.pgn")
    previous_level = pgn_logger.level
    pgn_logger.setLevel(logging.CRITICAL)
    try:
        for block_start, block_end in _tag_blocks(text):
            _read_block(text, block_start, block_end, line_starts, path, problems, games)
    finally:
        pgn_logger.setLevel(previous_level)
    if not games and _COMMENTS.sub("", text).strip():
        problems.error(
            "no games found in this file",
            path,
            hint='a PGN game starts with tag lines such as [White "..."]; '
            "check that this is the right file",
            code="no-pgn-games",
        )
    return games


def _read_block(
    text: str,
    block_start: int,
    block_end: int,
    line_starts: list[int],
    path: Path,
    problems: Problems,
    games: list[PgnGame],
) -> None:
    """The games of one block of tags and moves (normally one game)."""
    handle = io.StringIO(text[block_start:block_end])
    while True:
        start = block_start + handle.tell()
        try:
            game = chess.pgn.read_game(handle)
        except Exception as exc:  # a parser bug on odd input must not end the build
            problems.error(
                f"python-chess could not read the game here ({shorten(str(exc))})",
                path,
                _line_number(start, line_starts),
                hint="check the tags and moves of this game",
                code="unreadable-pgn",
            )
            return
        if game is None:
            return
        end = block_start + handle.tell()
        first_line = _first_content_line(text, start, end, line_starts)
        tag_lines = _tag_lines(text, start, end, line_starts)
        if not tag_lines and not list(game.mainline_moves()):
            continue  # trailing comments or blank text, not a game
        if _cut_short(game, text, start, end, line_starts, path, problems):
            continue
        if not _valid_setup(game, path, tag_lines.get("FEN", first_line), problems):
            continue
        try:
            games.append(_to_game(game, path, first_line, tag_lines, problems))
        except Exception as exc:  # as above: python-chess met something it cannot replay
            problems.error(
                f"python-chess could not replay this game ({shorten(str(exc))})",
                path,
                first_line,
                hint="check the FEN tag and the moves of this game",
                code="unreadable-pgn",
            )


_COMMENTS = re.compile(r"\{[^}]*\}|;[^\n]*|^%[^\n]*", re.MULTILINE)
_TERMINATIONS = ("1-0", "0-1", "1/2-1/2", "*")
_BINARY_ALLOWED = "\t\n\r\x0b\x0c\x1a"  # whitespace, and the DOS end-of-file mark


def _is_pgn_text(text: str, path: Path, problems: Problems) -> bool:
    """An empty file or binary data (a database, an archive) is reported, not parsed."""
    if not text.strip():
        problems.warning(  # a placeholder for a later round, or a failed copy: say so
            "the PGN file is empty",
            path,
            hint="add the games, or delete the file; a file kept for a later round "
            "can hold a comment such as { round 9 }",
            code="empty-pgn",
        )
        return False
    controls = [i for i, char in enumerate(text) if _is_control(char)]
    if "\x00" in text or len(controls) > len(text) // 200 + 2:
        first = controls[0]  # a NUL is a control character too
        problems.error(
            "this is not a PGN text file: it holds binary data",
            path,
            _line_number(first, _line_starts(text)),
            hint="export the games from the chess program as PGN (a text file), "
            "or remove this file",
            code="binary-pgn",
        )
        return False
    return True


def _valid_setup(game: chess.pgn.Game, path: Path, line: int, problems: Problems) -> bool:
    """A game that starts from a FEN tag python-chess cannot read has no moves to show."""
    try:
        game.board()
    except ValueError as exc:
        label = f"round {shorten(game.headers.get('Round', '?'))}"
        problems.error(
            f"{label}: the FEN tag is not a position ({shorten(str(exc))})",
            path,
            line,
            hint="copy the FEN again from the chess program, or remove the SetUp and FEN tags",
            code="bad-fen",
        )
        return False
    return True


def _is_control(char: str) -> bool:
    """A control character no PGN text holds (line ends, tabs and the DOS end mark aside)."""
    return (char < " " and char not in _BINARY_ALLOWED) or "\x7f" <= char <= "\x9f"


def _tag_blocks(text: str) -> list[tuple[int, int]]:
    """Split the text before each block of tag lines.

    python-chess reads a game of tags without moves or result as the start of the next game,
    so the first game's tags were silently overwritten: each block of tags starts a game here.
    """
    starts = [0]
    offset = 0
    previous = ""
    in_comment = False
    for line in text.splitlines(keepends=True):
        is_tag = not in_comment and _TAG_LINE.match(line) is not None
        if is_tag and offset and not _TAG_LINE.match(previous):
            starts.append(offset)
        if not is_tag:
            in_comment = _comment_open(line, in_comment)
        previous = line
        offset += len(line)
    starts.append(len(text))
    return [(a, b) for a, b in itertools.pairwise(starts) if a < b]


def _comment_open(line: str, in_comment: bool) -> bool:
    """Whether a ``{`` comment is still open after this line."""
    for char in line:
        if char == "{":
            in_comment = True
        elif char == "}":
            in_comment = False
        elif char == ";" and not in_comment:
            break
    return in_comment


def _cut_short(
    game: chess.pgn.Game,
    text: str,
    start: int,
    end: int,
    line_starts: list[int],
    path: Path,
    problems: Problems,
) -> bool:
    """A game whose moves (or tags) stop without a result: the file was cut in mid-game.

    A game of tags only is allowed (a result without moves). Reports the problem and says
    whether the game is unusable (cut inside its tags).
    """
    segment = text[start:end]
    body = segment.rstrip()
    last_line = _line_number(start + len(body) - 1, line_starts) if body else None
    lines = body.splitlines()
    tags_end = 0
    while tags_end < len(lines) and (
        not lines[tags_end].strip() or lines[tags_end].lstrip().startswith("[")
    ):
        tags_end += 1
    if tags_end == len(lines):
        if lines and not lines[-1].rstrip().endswith("]"):
            problems.error(
                "the file ends in the middle of a tag line",
                path,
                last_line,
                hint="the file looks cut short: copy the whole file again from its source",
                code="truncated-pgn",
            )
            return True
        return False
    movetext = _COMMENTS.sub(" ", "\n".join(lines[tags_end:]))
    tokens = movetext.split()
    endings = (*_TERMINATIONS, game.headers.get("Result", "*").strip() or "*")
    if "{" not in movetext and tokens and tokens[-1].endswith(endings):
        return False  # a result, or a malformed one that the Result tag repeats
    label = (
        f"round {game.headers.get('Round', '?')}, "
        f"{game.headers.get('White', '?')} v {game.headers.get('Black', '?')}"
    )
    problems.error(
        f"{label}: the moves stop without a result (1-0, 0-1, 1/2-1/2 or *); "
        "the file looks cut short",
        path,
        last_line,
        hint="copy the whole file again from its source; if the moves are complete, "
        "end them with the game's result",
        code="truncated-pgn",
    )
    return False


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
    headers = {key: unescape_tag(value) for key, value in game.headers.items()}
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
    escaped = tuple((key, escape_tag(value)) for key, value in headers.items())
    return _export_game(tuple(moves), escaped)


_TAG_ESCAPE = re.compile(r'\\([\\"])')


def unescape_tag(value: str) -> str:
    """PGN escapes a quote in a tag value as ``\\"`` and a backslash as ``\\\\`` (standard
    8.1.1); python-chess keeps the escapes, so ``O\\"Brien`` would not match ``O"Brien``."""
    return _TAG_ESCAPE.sub(r"\1", value)


def escape_tag(value: str) -> str:
    """The reverse of ``unescape_tag``, on one line: python-chess writes values as they are."""
    one_line = " ".join(value.splitlines())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


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
