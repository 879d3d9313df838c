"""Load stage for games: read PGN files with python-chess, leniently, keeping file and line.

Each game becomes a ``PgnGame``: its tags, the line of every tag (so an unknown name can be
reported at the exact line), the moves with the position after each, and any illegal-move
problem python-chess met. Games without moves (headers and a result) are ordinary input.
"""

from __future__ import annotations

import bisect
import contextlib
import datetime as dt
import functools
import io
import itertools
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple, Protocol, overload

import chess
import chess.pgn

from .codepages import EncodingError, decode
from .problems import ContextValue, Problem, Problems
from .text import Name, Phrase

_TAG_LINE = re.compile(r"^\s*\[(\w+)\s+[^\s\]]")
"""A line that starts a tag, whether python-chess can read it or not: '[Round 9.1]', its quotes
forgotten, is one (``_unreadable_tags`` reports it) rather than the start of another game."""
_BARE_TAG = re.compile(r'^\s*([A-Za-z0-9]\w*)[^\S\n]+"((?:[^"\\\n]|\\.)*)"\s*\]\s*$')
"""A tag pair that lost its opening bracket (``Round "3"]``): python-chess takes it for the
first line of the moves, so the tags after it became a game of their own; it is one of the
game's tags, reported (``_unreadable_tags``) and passed over by the parser (``_passed_over``)."""
_ESCAPE_LINE = re.compile(r"^[%;][^\n]*(?:\n|\Z)", re.MULTILINE)
"""A line python-chess passes over among the tags: a ``%`` escape (PGN 8.2.2) or a ``;``
comment running to the end of the line."""


def _tag_name(line: str) -> str | None:
    """The name of the tag a line holds (``_TAG_LINE``, or ``_BARE_TAG``), else ``None``."""
    match = _TAG_LINE.match(line)
    if match is not None:
        return match.group(1)
    bare = _BARE_TAG.match(line)
    return None if bare is None else bare.group(1)


_ILLEGAL = re.compile(r"^(illegal|invalid|ambiguous) san: '([^']*)'")


class PlayedMove(NamedTuple):
    """One half-move: its SAN and its UCI (from and to squares, and a promotion)."""

    san: str
    uci: str


class Moves(Sequence[PlayedMove]):
    """A game's main line: the SAN and the UCI of every half-move, each kept as one text (a
    word per move), with what the rules ask of the final position: its placement and the
    half-moves since the last capture or pawn move (no position before those can repeat).

    Texts rather than an object per move: an open of 11,000 games has 900,000 moves, every
    build that reuses parsed games reads them all back, and most are never looked at one by
    one (only the pages of changed games show them). The board after each move is worked out
    where it is shown (the viewer script replays the moves), not kept for every move.
    """

    __slots__ = (
        *("_count", "_split", "annotations", "clocks", "final_placement", "quiet_plies", "sans"),
        "ucis",
    )

    def __init__(
        self,
        sans: str = "",
        ucis: str = "",
        final_placement: str = "",
        quiet_plies: int = 0,
        annotations: str = "",
        clocks: str = "",
    ) -> None:
        self.sans = sans
        self.ucis = ucis
        self.final_placement = final_placement
        """The placement after the last move; "" without moves (see ``Game.final_placement``)."""
        self.quiet_plies = quiet_plies
        self.annotations = annotations
        """The moves as the PGN gave them with its comments, NAGs and side lines, as lines of
        PGN without the result (``annotated_movetext``); "" for a game with none of those:
        a game's record in games.pgn keeps what the organiser's file held."""
        self.clocks = clocks
        """The clock after each half-move, as its ``[%clk]`` comment gives it ("1:29:58"),
        a word per half-move ("-" where none is given); "" when the game gives no clock."""
        self._count = sans.count(" ") + 1 if sans else 0
        self._split: tuple[list[str], list[str]] | None = None

    @classmethod
    def of(
        cls, played: Iterable[tuple[str, str]], final_placement: str = "", quiet_plies: int = 0
    ) -> Moves:
        """From (SAN, UCI) pairs."""
        pairs = list(played)
        sans = " ".join(san for san, _ in pairs)
        ucis = " ".join(uci for _, uci in pairs)
        return cls(sans, ucis, final_placement if pairs else "", quiet_plies if pairs else 0)

    def _words(self) -> tuple[list[str], list[str]]:
        if self._split is None:
            self._split = (self.sans.split(" "), self.ucis.split(" ")) if self._count else ([], [])
        return self._split

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> PlayedMove: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PlayedMove]: ...

    def __getitem__(self, index: int | slice) -> PlayedMove | Sequence[PlayedMove]:
        sans, ucis = self._words()
        if isinstance(index, slice):
            return tuple(map(PlayedMove, sans[index], ucis[index]))
        return PlayedMove(sans[index], ucis[index])

    def __iter__(self) -> Iterator[PlayedMove]:
        return map(PlayedMove, *self._words())

    @property
    def san_list(self) -> list[str]:
        return list(self._words()[0])

    @property
    def uci_list(self) -> list[str]:
        return list(self._words()[1])

    @property
    def clock_list(self) -> list[str]:
        """Each half-move's clock ("" where none is given); empty when the game gives none."""
        return [] if not self.clocks else [c if c != "-" else "" for c in self.clocks.split(" ")]

    def parts(self) -> tuple[str, str, str, int, str, str]:
        """The texts it is made of, in ``Moves``'s order: how the cache keeps it."""
        return (
            *(self.sans, self.ucis, self.final_placement, self.quiet_plies),
            *(self.annotations, self.clocks),
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Moves):
            return self.parts() == other.parts()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.parts())

    def __repr__(self) -> str:
        return f"Moves{self.parts()!r}"

    def __reduce__(self) -> tuple[type[Moves], tuple[str, str, str, int, str, str]]:
        return (Moves, self.parts())


NO_MOVES = Moves()


@dataclass(frozen=True)
class PgnGame:
    path: Path
    line: int
    tag_lines: dict[str, int]
    headers: dict[str, str]
    moves: Moves
    initial_placement: str
    illegal: str | None
    """The first move python-chess could not play in the main line, with its move number, or
    ``None``: the moves stop there."""
    side_line_left_out: str | None = None
    """The first side line left out for a move python-chess could not play in it ("move 2
    (White) in a side line: 'Ke3'"): the main line is whole (``_MainlineRecorder``)."""

    def tag_line(self, tag: str) -> int:
        return self.tag_lines.get(tag, self.line)

    @property
    def label(self) -> str:
        return str(self.label_words)

    @property
    def label_words(self) -> Phrase:
        """How a message names the game (``game_words``), the tags' names kept apart for the
        pages to isolate."""
        return game_words(self.headers)


_ROUND_AND_BOARD = re.compile(r"\s*(\d+)\.(\d+)\s*")
"""A Round tag "3.2": round 3, board 2, as the load stage reads it (``assemble._ROUND``)."""


def game_words(headers: Mapping[str, str], *, playoff: bool = False) -> Phrase:
    """How every load-stage message names a game, so that an organiser sees one form for one
    game: "round 3, board 2, White v Black" for a Round tag "3.2", as the arbiter's checks say
    it (``rules.checks.game_label``); any other tag as written ("round 5", "round ?" for none,
    "round 1.a"), since the organiser has to find and correct what was typed. A play-off
    game is named by its Round tag, its place in the play order, as the play-off rules name
    it: 'play-off game (Round "P1.1") White v Black'."""
    # A tag written empty ([Round ""], [White ""]) names nothing, as one left out: "round ,
    # A v B" and 'play-off game (Round "") A v B' told the organiser less than "round ?".
    tag = headers.get("Round", "").strip() or None
    white = headers.get("White", "").strip() or "?"
    black = headers.get("Black", "").strip() or "?"
    names = Phrase(Name(shorten(white)), " v ", Name(shorten(black)))
    if playoff:
        where = "" if tag is None else f'(Round "{shorten(tag)}") '
        return Phrase(f"play-off game {where}", names)
    match = None if tag is None else _ROUND_AND_BOARD.fullmatch(tag)
    if match is not None and int(match.group(1)) and int(match.group(2)):
        return Phrase(f"round {int(match.group(1))}, board {int(match.group(2))}, ", names)
    return Phrase(f"round {shorten('?' if tag is None else tag)}, ", names)


def shorten(text: str, limit: int = 80) -> str:
    """A tag value as a message quotes it: a 10,000-character name would drown the message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ParseCache(Protocol):
    """Parsed files kept between builds by ``crosstable serve`` (``generator.cache``)."""

    def read(
        self, path: Path, data: bytes, problems: Problems, encoding: str | None = None
    ) -> list[PgnGame]: ...


PARSE_CACHE: ContextVar[ParseCache | None] = ContextVar("crosstable_parse_cache", default=None)
"""Set by ``serve`` so that a rebuild parses only the PGN files whose bytes changed."""


def read_pgn_file(path: Path, problems: Problems, encoding: str | None = None) -> list[PgnGame]:
    """Every game in one file; unreadable input is recorded in ``problems``, never raised.
    ``encoding``: event.toml's, for the lines that are not UTF-8 (``codepages.decode``)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.error(f"cannot read the file: {exc.strerror}", path)
        return []
    cache = PARSE_CACHE.get()
    if cache is not None:
        return cache.read(path, data, problems, encoding)
    text = decoded_text(data, path, problems, encoding)
    return [] if text is None else read_pgn_text(text, path, problems)


def decoded_text(
    data: bytes, path: Path, problems: Problems, encoding: str | None = None
) -> str | None:
    """The file's text (``codepages.decode``), or ``None`` after recording the line holding a
    byte that event.toml's ``encoding`` cannot read."""
    try:
        return decode(data, encoding)
    except EncodingError as exc:
        problems.error(exc.message, path, exc.line, exc.hint, code="encoding")
        return None


BlockReader = Callable[[str], tuple[list[PgnGame], list[Problem]]]
"""``read_block`` or a cache of its results: the games and problems of one block of a file."""


def read_pgn_text(
    text: str,
    path: Path,
    problems: Problems,
    read: BlockReader | None = None,
    bounds: list[tuple[int, int]] | None = None,
) -> list[PgnGame]:
    """Every game of one file's text; an empty, binary or cut-short file is an error.

    With ``read``, each block of tags and moves is read by it (``generator.cache`` passes
    results kept from earlier builds or parsed in other processes), as if it were a file of its
    own, and its games and problems are moved to their place in this file. ``bounds``: the
    text's ``block_bounds``, when they are known already.
    """
    if not _is_pgn_text(text, path, problems):
        return []
    line_starts = _line_starts(text)
    games: list[PgnGame] = []
    pgn_logger = logging.getLogger("chess.pgn")
    previous_level = pgn_logger.level
    pgn_logger.setLevel(logging.CRITICAL)
    try:
        for block_start, block_end in _tag_blocks(text) if bounds is None else bounds:
            if read is None:
                _read_block(text, block_start, block_end, line_starts, path, problems, games)
                continue
            found_games, found = read(text[block_start:block_end])
            shift = _line_number(block_start, line_starts) - 1
            games.extend(relocated_game(game, path, shift) for game in found_games)
            problems.items.extend(relocated_problem(problem, path, shift) for problem in found)
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


BLOCK_PATH = Path("<block>")
"""The file name ``read_block`` gives its results, replaced by the real one when used."""


FinalPosition = Callable[[PgnGame, chess.Board], None]
"""Told each game read and the parser's board of its final position, history included (the
rules' final-position verdicts are worked out from it, not from a replay: ``generator.cache``)."""


def read_block(
    block: str, on_final: FinalPosition | None = None
) -> tuple[list[PgnGame], list[Problem]]:
    """The games and problems of one block of a file (``_tag_blocks``), read as a file of its
    own at ``BLOCK_PATH``: lines count from the block's first line. What a block holds depends
    on its text only, so the results can be kept by content and moved into any file."""
    games: list[PgnGame] = []
    problems = Problems()
    pgn_logger = logging.getLogger("chess.pgn")
    previous_level = pgn_logger.level
    pgn_logger.setLevel(logging.CRITICAL)
    try:
        lines = _line_starts(block)
        _read_block(block, 0, len(block), lines, BLOCK_PATH, problems, games, on_final)
    finally:
        pgn_logger.setLevel(previous_level)
    return games, problems.items


def block_bounds(text: str) -> list[tuple[int, int]]:
    """Where the blocks of tags and moves ``read_pgn_text`` reads one by one start and end
    (none for an empty or binary text), to read them ahead, elsewhere (``generator.cache``),
    and to hand to ``read_pgn_text`` then (finding them takes a tenth of a second for the
    11,000 games of an open)."""
    if not _is_pgn_text(text, BLOCK_PATH, Problems()):
        return []
    return _tag_blocks(text)


def relocated_game(game: PgnGame, path: Path, shift: int) -> PgnGame:
    """A game of ``read_block`` as it stands in ``path``, its block starting ``shift`` lines
    down the file."""
    tag_lines = {tag: line + shift for tag, line in game.tag_lines.items()}
    # The fields in order (``dataclasses.replace`` looks them up each time: 11,000 games).
    return PgnGame(
        path,
        game.line + shift,
        tag_lines,
        game.headers,
        game.moves,
        game.initial_placement,
        game.illegal,
        game.side_line_left_out,
    )


def relocated_problem(problem: Problem, path: Path, shift: int) -> Problem:
    """A problem of ``read_block`` as it stands in ``path`` (see ``relocated_game``)."""
    return replace(
        problem,
        path=path if problem.path == BLOCK_PATH else problem.path,
        line=problem.line + shift if problem.line is not None else None,
    )


def _read_block(
    text: str,
    block_start: int,
    block_end: int,
    line_starts: list[int],
    path: Path,
    problems: Problems,
    games: list[PgnGame],
    on_final: FinalPosition | None = None,
) -> None:
    """The games of one block of tags and moves (normally one game)."""
    block = text[block_start:block_end]
    lean: _RecordedGame | None = _read_lean(block)
    passed = _passed_over(block) if lean is None else frozenset()
    handle = _PassingOver(block, passed) if passed else io.StringIO(block)
    while True:
        start = block_start + handle.tell()
        game: _RecordedGame | None
        try:
            try:
                if lean is not None:
                    game, lean = lean, None
                    handle.seek(0, io.SEEK_END)  # the whole block was this one game
                else:
                    game = chess.pgn.read_game(handle, Visitor=_PlainRecorder)
            except _NotPlain:
                rest = text[start:block_end]
                shift = start - block_start
                again = (
                    _PassingOver(rest, {at - shift for at in passed})
                    if passed
                    else io.StringIO(rest)
                )
                game = chess.pgn.read_game(again, Visitor=_MainlineRecorder)
                handle.seek(start - block_start + again.tell())
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
        _unreadable_tags(game, text, start, end, line_starts, path, problems)
        if _cut_short(game, text, start, end, line_starts, path, problems):
            continue
        if not _valid_setup(game, path, tag_lines.get("FEN", first_line), problems):
            continue
        try:
            games.append(
                _to_game(
                    game,
                    path,
                    first_line,
                    tag_lines,
                    problems,
                    on_final,
                    (text[start:end], _line_number(start, line_starts)),
                )
            )
        except Exception as exc:  # as above: python-chess met something it cannot replay
            problems.error(
                f"python-chess could not replay this game ({shorten(str(exc))})",
                path,
                first_line,
                hint="check the FEN tag and the moves of this game",
                code="unreadable-pgn",
            )


class _PassingOver(io.StringIO):
    """A block's text as python-chess reads it, without the lines ``_passed_over`` names; its
    positions (``tell``) stay those of the whole text, so the lines keep their numbers."""

    def __init__(self, text: str, passed: Iterable[int]) -> None:
        super().__init__(text)
        self._passed = frozenset(passed)

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        while True:
            at = self.tell()
            line = super().readline(size)
            if not line or at not in self._passed:
                return line


def _passed_over(block: str) -> frozenset[int]:
    """Where the lines of a block's tags start that python-chess must pass over to read the
    tags and moves as one game: a tag pair without its opening bracket (``_BARE_TAG``, which
    ``_unreadable_tags`` reports), and every blank line but one between the last tag and the
    moves. python-chess ends the tags at a line without ``[`` and the game at a second blank
    line, so either made one game two: one of tags without moves, one of moves without tags
    (a broadcast tool's or a hand edit's two blank lines). The moves have no tags of their
    own: they are the game's whose tags stand before them."""
    passed: list[int] = []
    blanks: list[int] = []  # the blank lines since the last tag line
    tagged = False
    offset = 0
    while offset < len(block):  # lines as python-chess reads them, to the first of the moves
        at = offset
        end = block.find("\n", at)
        offset = len(block) if end < 0 else end + 1
        line = block[at:offset]
        if not line.strip():
            blanks.append(at)
        elif line.startswith(("%", ";")):
            continue  # python-chess passes over these itself
        elif line.startswith("["):
            tagged, blanks = True, []
        elif _BARE_TAG.match(line):
            passed.append(at)
            tagged, blanks = True, []
        else:  # the moves, or text before any tag
            if tagged:
                passed.extend(blanks[1:])
            break
    return frozenset(passed)


_LOOSE_TAG = re.compile(r"^\[\s*(\w+)\s*(.*?)\s*\]?\s*$")
"""A tag line as its writer meant it, the quotes or the bracket left out."""
_SPACED_TAG = re.compile(
    r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"((?:[^"\\]|\\.)*)"\s*\](?:\s*;.*)?\s*$'
)
"""A tag pair as PGN allows it and python-chess does not read it: a space before its closing
bracket (``[Round "3.2" ]``), or a rest-of-line comment after it (``[Event "Club"] ; from the
bulletin``). python-chess passes over it as over an unreadable line; its value is taken."""
_UNCLOSED_VALUE = re.compile(r'^\[\s*(\w+)\s+"([^"]*?)\s*\]\s*(?:;.*)?$')
"""A tag line whose value lost its closing quote (``[White "Quill, Ada] ; x``): the value runs
to the bracket, and what follows it is the comment it would be with the quote."""
_UNCLOSED_TAG = re.compile(r'^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*$')
"""A tag line without its closing bracket (``[Round "3.2"``)."""
_UNQUOTED_VALUE = re.compile(r'^\[\s*(\w+)\s+([^"\s][^"]*?)\s*\]\s*(?:;.*)?$')
"""A tag line whose value has no quotes (``[Result 1-0]``)."""
_NOT_RECOVERED = frozenset({"FEN", "SetUp", "Variant"})
"""Tags the moves were read from already: taken as meant too late to matter."""


def _unreadable_tags(
    game: chess.pgn.Game,
    text: str,
    start: int,
    end: int,
    line_starts: list[int],
    path: Path,
    problems: Problems,
) -> None:
    """Report each tag line of the game that python-chess passes over without a word
    (``[Round "9.1]``, ``[Result 1-0]``, ``[Round "9.1" ]``), and take its value as meant.
    Left out, the game lost its round ('cannot read the Round tag "?"'), its player ('no White
    tag'), or its result, silently taken from the moves; the build went on as if the file
    were right. Taking the value keeps those from following as further errors."""
    first = _line_number(start, line_starts)
    readable: set[str] = set()
    meant: dict[str, str] = {}
    for number, raw in enumerate(text[start:end].splitlines(), start=first):
        if not raw.strip() or raw.startswith(("%", ";")):
            continue
        bare = _BARE_TAG.match(raw)
        if bare is not None:  # passed over by the parser (``_passed_over``)
            name, value = bare.group(1), bare.group(2)
            meant.setdefault(name, value)
            problems.error(
                f"cannot read the tag line {shorten(raw.strip())}: it does not start with [",
                path,
                number,
                hint=f'add the [ at the start of the line: [{name} "{shorten(value)}"]',
                code="bad-tag",
            )
            continue
        if not raw.startswith("["):
            break  # the moves (python-chess's tags end here too)
        tag = chess.pgn.TAG_REGEX.match(raw)
        if tag is not None:
            readable.add(tag.group(1))
            continue
        spaced = _SPACED_TAG.match(raw)
        if spaced is not None and spaced.group(1) not in _NOT_RECOVERED:
            # spaces between the tokens, or a ";" comment after them: PGN, read, not an error
            meant.setdefault(spaced.group(1), spaced.group(2))
            continue
        if spaced is not None:  # a FEN so written: the moves were read without it
            name, value = spaced.group(1), spaced.group(2)
            what = (
                ": the moves are read from this tag only when it is written plainly, with no "
                "space before the ] and no comment after it"
            )
        else:
            name, value, what = _tag_as_meant(raw)
        if name is not None:
            meant.setdefault(name, value)
        problems.error(
            f"cannot read the tag line {shorten(raw.strip())}{what}",
            path,
            number,
            hint=(
                f'write it as [{name} "{shorten(value)}"]'
                if name is not None and what
                else 'write a tag as [Name "value"]: the name, a space, the value in double '
                'quotes, then ], e.g. [Round "5.3"]'
            ),
            code="bad-tag",
        )
    for name, value in meant.items():
        if name not in readable and name not in _NOT_RECOVERED:
            with contextlib.suppress(ValueError):  # a name no tag may have ("ResultÒ")
                game.headers[name] = value


def _tag_as_meant(raw: str) -> tuple[str | None, str, str]:
    """An unreadable tag line's name and value as its writer meant them, and what is wrong
    with it (``""`` when that is not plain): the closing quote, the closing bracket or both
    quotes left out."""
    for pattern, what in (
        (_UNCLOSED_VALUE, ": the value has no closing double quote"),
        (_UNCLOSED_TAG, ": it does not end with ]"),
        (_UNQUOTED_VALUE, ": the value is not in double quotes"),
    ):
        found = pattern.match(raw)
        if found is not None:
            return found.group(1), found.group(2), what
    loose = _LOOSE_TAG.match(raw)
    if loose is None:
        return None, "", ""
    return loose.group(1), loose.group(2).strip('"').strip(), ""


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
    controls = [match.start() for match in _CONTROLS.finditer(text)]
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
    if not _set_up(game.headers):
        return True  # the standard start
    try:
        game.board()
    except ValueError as exc:
        headers = {key: unescape_tag(value) for key, value in game.headers.items()}
        problems.error(
            Phrase(game_words(headers), f": the FEN tag is not a position ({shorten(str(exc))})"),
            path,
            line,
            hint="copy the FEN again from the chess program, or remove the SetUp and FEN tags",
            code="bad-fen",
            # The game is not read: its tags, for ``as_playoff_problems`` to name it by.
            context=tags_context(headers),
        )
        return False
    return True


_CONTROLS = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f]")
"""What ``_is_control`` accepts, as one pattern: a file of 11,000 games is 10 MB of text."""


def _is_control(char: str) -> bool:
    """A control character no PGN text holds (line ends, tabs and the DOS end mark aside)."""
    return (char < " " and char not in _BINARY_ALLOWED) or "\x7f" <= char <= "\x9f"


def _tag_blocks(text: str) -> list[tuple[int, int]]:
    """Split the text before each block of tag lines.

    python-chess reads a game of tags without moves or result as the start of the next game,
    so the first game's tags were silently overwritten: each block of tags starts a game here.
    Only blank lines between two blocks, and no tag the game already has (ChessBase writes a
    blank line after ``[Event]``), leave them one game's (``_same_game``).
    """
    if "{" not in text and not _ODD_LINE_ENDS.search(text.replace("\r\n", "\n")):
        return _plain_tag_blocks(text)
    return _tag_blocks_by_line(text)


def _tag_blocks_by_line(text: str) -> list[tuple[int, int]]:
    """``_tag_blocks`` line by line, following comments in braces (a tag inside one is not)."""
    starts = [0]
    offset = 0
    in_comment = False
    tags: set[str] = set()  # of the game being read
    between = ""  # the lines since its last tag line
    for line in text.splitlines(keepends=True):
        name = None if in_comment else _tag_name(line)
        if name is not None:
            if offset and _starts_game(between, tags, name):
                starts.append(offset)
                tags = set()
            tags.add(name)
            between = ""
        else:
            if in_comment or not line.startswith("%"):  # an escape line holds no brace
                in_comment = _comment_open(line, in_comment)
            between += line
        offset += len(line)
    starts.append(len(text))
    return [(a, b) for a, b in itertools.pairwise(starts) if a < b]


def _starts_game(between: str, tags: set[str], name: str) -> bool:
    """Whether a tag line starts another game, ``between`` being the text since the last tag
    line. Straight after a tag line it does not, but for an Event tag after a whole game's
    tags with an Event of their own (a game of tags alone, a result typed in, with the next
    game's tags straight under it: python-chess read both as one game, the first lost); nor
    after escape and ``;`` lines alone, which
    python-chess passes over among the tags (a broadcast tool's ``%`` line between two tag
    pairs split one game in two), unless it repeats a tag the game has, or it is an Event tag
    after a game's White, Black and Result (a game of tags alone, a forfeit typed without an
    Event tag, then a program's game, whose tags begin with Event): another game's."""
    if not between:  # a game's tags running straight into the next game's, which repeat Event
        return name == "Event" and "Event" in tags and tags >= _A_GAMES_OWN
    kept = _ESCAPE_LINE.sub("", between) if "%" in between or ";" in between else between
    if not kept:
        return name in tags or (name == "Event" and tags >= _A_GAMES_OWN)
    return not _same_game(kept, tags, name)


def _same_game(between: str, tags: set[str], name: str) -> bool:
    """A tag line after other lines still belongs to the game whose tags came before when
    one blank line stands between them, and those tags are a game's first ones only
    (ChessBase's ``[Event]``): no player, no result, and not this tag. A game with its
    players or result, even without moves (a result typed in), ends at the blank line."""
    return (
        bool(tags)
        and not between.strip()
        and between.count("\n") == 1
        and not tags & _A_GAMES_OWN
        and name not in tags
    )


_A_GAMES_OWN = frozenset({"White", "Black", "Result"})
"""Tags that make a block of tags a game of its own, moves or none."""


_ODD_LINE_ENDS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Line ends ``str.splitlines`` knows besides "\n" and "\r\n"."""

_TAG_LINE_IN_TEXT = re.compile(
    r"^[^\S\n]*(?:\[(\w+)[^\S\n]+[^\s\]]"
    r'|([A-Za-z0-9]\w*)[^\S\n]+"(?:[^"\\\n]|\\.)*"[^\S\n]*\][^\S\n]*$)',
    re.MULTILINE,
)
"""``_TAG_LINE`` or ``_BARE_TAG`` found in a whole text (whitespace not running on into the
next line)."""


def _plain_tag_blocks(text: str) -> list[tuple[int, int]]:
    """``_tag_blocks`` of a text with no comment in braces and lines ending in "\n" or
    "\r\n" (the usual file), found by one search instead of a match per line."""
    starts = [0]
    after_tag = 0  # where the line after the last tag line starts
    tags: set[str] = set()  # of the game being read
    for match in _TAG_LINE_IN_TEXT.finditer(text):
        start = match.start()
        name = match.group(1) or match.group(2)
        # Straight after a tag line only an Event tag may start a game (``_starts_game``).
        if (
            (start != after_tag or name == "Event")
            and start
            and _starts_game(text[after_tag:start], tags, name)
        ):
            starts.append(start)
            tags = set()
        tags.add(name)
        end = text.find("\n", start)
        after_tag = len(text) if end < 0 else end + 1
    starts.append(len(text))
    return [(a, b) for a, b in itertools.pairwise(starts) if a < b]


_COMMENT_MARKS = re.compile("[{};]")


def _comment_open(line: str, in_comment: bool) -> bool:
    """Whether a ``{`` comment is still open after this line."""
    for found in _COMMENT_MARKS.finditer(line):  # only these three characters matter
        char = found.group()
        if char == "{":
            in_comment = True
        elif char == "}":
            in_comment = False
        elif char == ";" and not in_comment:
            break
    return in_comment


_TYPED_RESULT = re.compile(r"(?:^|\s)([012½/:=.\s-]*[/:=½-][012½/:=.\s-]*)$")
"""A result typed by hand at the end of the moves that PGN does not know ("1/2", "1:0",
"1 - 0", "½-½"): a cut-short file ends in a move or a move number instead."""


def _ends_castling(game: chess.pgn.Game, ending: str) -> bool:
    """Whether ``ending`` ("0-0", "0-0-0") is the game's last move, castling written with
    zeros as many programs and hands write it, not a result typed after the moves."""
    if ending not in ("0-0", "0-0-0"):
        return False
    recorded = getattr(game, "recorded", None)  # the parser's own record (``_Recording``)
    if recorded:
        return bool(recorded[-1][1].startswith("O-O"))
    last = game.end()
    return (
        last.move is not None
        and last.parent is not None
        and (last.parent.board().is_castling(last.move))
    )


def _tag_line_closed(row: str) -> bool:
    """Whether a tag line ends as a whole one does: in "]", or in "]" and a ";" comment,
    which PGN lets run to the end of any line (``[Result "1-0"] ; typed in``). A ";" inside
    the quoted value is part of it: ``[Event "Club; North`` is a line cut off."""
    in_value = escaped = False
    for at, char in enumerate(row):
        if escaped:
            escaped = False
        elif char == "\\" and in_value:
            escaped = True
        elif char == '"':
            in_value = not in_value
        elif char == ";" and not in_value:
            row = row[:at]
            break
    return row.rstrip().endswith("]")


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
        not lines[tags_end].strip()
        or lines[tags_end].lstrip().startswith("[")
        or lines[tags_end].startswith(("%", ";"))
        or _BARE_TAG.match(lines[tags_end])
    ):
        tags_end += 1
    if tags_end == len(lines):
        tag_rows = [row for row in lines if row.strip() and not row.startswith(("%", ";"))]
        if tag_rows and not _tag_line_closed(tag_rows[-1]):
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
    if "{" not in movetext and _ends_in_a_result(tokens):
        return False  # words after the result ("1-0 N"): each is a stray word (_stray_words)
    label = game_words(game.headers)
    typed = _TYPED_RESULT.search(movetext.rstrip()) if "{" not in movetext else None
    if typed is not None and not _ends_castling(game, typed.group(1).strip()):
        problems.error(
            Phrase(
                label,
                f': the moves end with "{shorten(typed.group(1).strip())}", which is not '
                "a PGN result",
            ),
            path,
            last_line,
            hint="write the result after the moves as 1-0, 0-1, 1/2-1/2 (a draw) or *",
            code="bad-result",
        )
        return False
    if text[end:].strip():  # another game follows: this one's result was left out
        problems.error(
            Phrase(label, ": the moves stop without a result (1-0, 0-1, 1/2-1/2 or *)"),
            path,
            last_line,
            hint="end the moves with the game's result, as the Result tag gives it",
            code="truncated-pgn",
        )
        return False
    problems.error(
        Phrase(
            label,
            ": the moves stop without a result (1-0, 0-1, 1/2-1/2 or *); the file looks cut short",
        ),
        path,
        last_line,
        hint="copy the whole file again from its source; if the moves are complete, "
        "end them with the game's result",
        code="truncated-pgn",
    )
    return False


def _ends_in_a_result(tokens: Sequence[str]) -> bool:
    """Whether the main line ends in a result, words typed after it aside ("1-0 N"): the
    moves were not cut short, a stray word follows them. A result in a side line is none."""
    depth = 0
    for token in tokens:
        if depth == 0 and token in _TERMINATIONS:
            return True
        depth = max(0, depth + token.count("(") - token.count(")"))
    return False


def read_pgn_files(
    paths: Iterable[Path], problems: Problems, encoding: str | None = None, *, playoff: bool = False
) -> list[PgnGame]:
    """Every game of the files. ``playoff``: they are the event's play-off files, whose games
    the messages name as play-off games (``as_playoff_problems``)."""
    games: list[PgnGame] = []
    for path in paths:
        if not playoff:
            games.extend(read_pgn_file(path, problems, encoding))
            continue
        found = Problems()
        read = read_pgn_file(path, found, encoding)
        problems.items.extend(as_playoff_problems(found.items, read))
        games.extend(read)
    return games


def as_playoff_problems(items: Iterable[Problem], games: Iterable[PgnGame]) -> list[Problem]:
    """The reader's problems with each game of a play-off file named as the load stage and the
    play-off rules name it ('play-off game (Round "2") A v B', ``game_words``): the reader
    knows only the Round tag, and an illegal move in the second play-off game was said to be
    in "round 2", a round of the event. The parsed file's problems are kept by its content
    (``generator.cache``), whatever the file is, so they are renamed here, as read, and their
    ``results.json`` fields are a play-off game's (``playoff_context``), not "round": "2"."""
    items = list(items)
    names: dict[tuple[str | Name, ...], Phrase] = {}
    # The games read, and those a problem stopped (a FEN that is no position) by the tags
    # their problems carry (``tags_context``).
    tagged = [dict(problem.context) for problem in items]
    for headers in itertools.chain(
        (game.headers for game in games),
        (
            {"Round": str(tags["round"]), "White": str(tags["white"]), "Black": str(tags["black"])}
            for tags in tagged
            if {"round", "white", "black"} <= tags.keys()
        ),
    ):
        names.setdefault(game_words(headers).parts, game_words(headers, playoff=True))
    renamed: list[Problem] = []
    for problem in items:
        if any(key == "round" for key, _ in problem.context):
            problem = replace(problem, context=tuple(playoff_context(problem.context).items()))
        parts = problem.phrase.parts if problem.phrase is not None else ()
        for size in sorted({len(plain) for plain in names}, reverse=True):
            playoff = names.get(parts[:size])
            if playoff is not None:
                phrase = Phrase(playoff, *parts[size:])
                problem = replace(problem, message=str(phrase), phrase=phrase)
                break
        renamed.append(problem)
    return renamed


def playoff_context(context: Iterable[tuple[str, ContextValue]]) -> dict[str, ContextValue]:
    """The fields of a reader's problem (``tags_context``) about a game of a play-off file, in
    the form a play-off game's warning has (``rules.checks.game_context``): its Round tag is
    no round of the event but ``playoff_round``, and ``playoff_game``, its number in the play
    order, is ``None`` until the event places it (``rules.checks.locate_illegal_moves``); an
    unfinished game has none."""
    fields = dict(context)
    if "round" not in fields:
        return fields
    return {"playoff_game": None, "playoff_round": fields.pop("round"), **fields}


def tags_context(headers: Mapping[str, str]) -> dict[str, str | int]:
    """The ``results.json`` fields of a problem the reader finds in a game: the game's tags
    as written, as the reader knows no more (``rules.checks.locate_illegal_moves`` gives a
    game's round and board, or its place among the play-off games, once it is placed)."""
    return {
        "round": headers.get("Round", "?"),
        "white": headers.get("White", "?"),
        "black": headers.get("Black", "?"),
    }


def _to_game(
    game: chess.pgn.Game,
    path: Path,
    line: int,
    tag_lines: dict[str, int],
    problems: Problems,
    on_final: FinalPosition | None = None,
    source: tuple[str, int] | None = None,
) -> PgnGame:
    """``source``: the game's text and the line it starts on, to name a word of the moves
    python-chess skipped."""
    recorded = _recorded_moves(game)
    board = game.board() if recorded is None or _set_up(game.headers) else None
    initial = chess.STARTING_BOARD_FEN if board is None else board.board_fen()
    if recorded is None:  # python-chess lost track of the main line: replay it
        assert board is not None
        played = []
        for move in game.mainline_moves():
            san = board.san(move)
            board.push(move)
            played.append((san, move.uci()))
        final = board
    else:
        played, final = recorded
    after_result = [e for e in game.errors if isinstance(e, _MovesAfterTheResult)]
    errors = [e for e in game.errors if not isinstance(e, _MovesAfterTheResult)]
    null = next((i for i, (_, uci) in enumerate(played) if uci == "0000"), None)
    if null is not None and not errors:
        # A null move ("--") is no move of chess: the game is shown up to it, as up to an
        # illegal move (python-chess reads it, and reads a move number it cannot place so).
        played, final = _cut(game.headers, played, null)
    moves = Moves.of(played, placement(final), final.halfmove_clock)
    illegal = None
    illegal_line = line
    illegal_at: int | None = None  # where the illegal move's word starts in the source
    ply = first_ply(game.headers) + len(moves) if errors or null is not None else 0
    for error in errors:  # the main line's: a side line's is left out (_MainlineRecorder)
        match = _ILLEGAL.match(str(error))
        number = ply // 2 + 1
        side = "White" if ply % 2 == 0 else "Black"
        what = f"'{match.group(2)}'" if match else str(error).split(" while ")[0]
        found = _word_at(*source, len(moves)) if source and match else None
        if found is not None:
            word, illegal_line, skipped, illegal_at = found
            if skipped:  # "2. Nf9 d6": the illegal move is the word passed over, not "d6"
                what = f"'{word}'"
        illegal = f"move {number} ({side}): {what}"
        break
    else:
        if null is not None:
            side = "White" if ply % 2 == 0 else "Black"
            found = _word_at(*source, len(moves)) if source is not None else None
            written = _null_move_written(found[0]) if found is not None else "--"
            illegal = f"move {ply // 2 + 1} ({side}): '{written}', a null move"
            if found is not None:  # the line of the "--" itself, not the game's first line
                illegal_line, illegal_at = found[1], found[3]
        elif source is not None and (unread := _unread_last_word(*source, len(moves))):
            word, illegal_line, illegal_at = unread
            ply = first_ply(game.headers) + len(moves)
            side = "White" if ply % 2 == 0 else "Black"
            illegal = f"move {ply // 2 + 1} ({side}): '{word}'"
    left_out = _side_lines_left_out(game, line, source)
    # Not the words of a side line from its illegal move on: python-chess did not read them.
    passed = [(stop.at, stop.resume) for stop, _, _ in left_out if stop is not None]
    stray: list[tuple[str, int]] = []
    if source is not None and (illegal is None or illegal_at is not None):
        # Before an illegal move, the words up to it (it is said once, as the illegal move):
        # a word skipped there ("4. o-o Nf6") is often why the move after it is illegal.
        stray = _stray_words(*source, before=illegal_at, passed=passed)
    looked_for = source is not None and (stray or illegal_at is not None)
    misread = _misread_word(*source) if looked_for and source is not None else None
    if misread is not None and misread.at == illegal_at:
        illegal = f"{illegal.partition(': ')[0]}: '{misread.word}'" if illegal else illegal
    elif misread is not None and misread.moves_before < len(played):
        # "2. Sf3": python-chess read the pawn move f3 out of a knight's move written with
        # German letters, and played on from a position that never was: the moves stop
        # before the word, as at an illegal move, which it is in English notation.
        played, final = _cut(game.headers, played, misread.moves_before)
        moves = Moves.of(played, placement(final), final.halfmove_clock)
        ply = first_ply(game.headers) + len(moves)
        side = "White" if ply % 2 == 0 else "Black"
        illegal = f"move {ply // 2 + 1} ({side}): '{misread.word}'"
        illegal_line, illegal_at = misread.line, misread.at
        assert source is not None
        stray = _stray_words(*source, before=illegal_at, passed=passed)
    # The main line whole, the side lines left out cut from the tree: its comments and
    # other side lines are kept as for any game.
    left_out_first = left_out[0][1] if left_out else None
    if illegal is None and not isinstance(game, _PlainGame):
        moves.annotations, moves.clocks = annotated_movetext(game), clock_words(game)
    headers = {key: unescape_tag(value) for key, value in game.headers.items()}
    result = PgnGame(path, line, tag_lines, headers, moves, initial, illegal, left_out_first)
    where = tags_context(headers)
    tag = headers.get("Result", "*")
    ending = game.movetext_result if isinstance(game, _RecordedGame) else None
    if ending is not None and ending != tag and tag in _RESULTS:  # else an error (assemble)
        problems.warning(
            Phrase(
                result.label_words,
                f': the Result tag says "{tag}", but the moves end with "{ending}"; '
                "the tag is taken",
            ),
            path,
            result.tag_line("Result"),
            hint="correct whichever of the two is wrong (a live feed may update only one)",
            code="result-tag",
            context=where,
        )
    for _, written, written_line in left_out:
        problems.warning(
            Phrase(
                result.label_words,
                f": illegal or unreadable move at {written}; {SIDE_LINE_LEFT_OUT}",
            ),
            path,
            written_line,
            hint="check the move in the score sheet and correct the PGN, or delete the "
            "side line from its ( to its )",
            code="illegal-move",
            context=where,
        )
    if illegal:
        read_as = ""
        hint = "check the move in the score sheet and correct the PGN"
        if misread is not None and illegal_at == misread.at:
            read_as = f" (only '{misread.read_as}' of it is a move in English notation)"
            hint = NOTATION_HINT
        problems.warning(
            Phrase(
                result.label_words,
                f": illegal or unreadable move at {illegal}{read_as}; "
                f"the game is shown up to move {(ply - 1) // 2 + 1}",
            ),
            path,
            illegal_line,
            hint=hint,
            code="illegal-move",
            context=where,
        )
    if stray:
        problems.warning(
            Phrase(
                result.label_words,
                _stray_message(stray, cut=illegal is not None),
            ),
            path,
            stray[0][1],
            hint="put a remark among the moves in braces, { like this }, or correct the move "
            "the word stands for",
            code="illegal-move",
            context=where,
        )
    if after_result:
        ending_word, word, word_line = _after_the_result(
            source, str(after_result[0]), ending or tag, line
        )
        problems.warning(
            Phrase(
                result.label_words,
                f": the moves go on after the result \"{ending_word}\" ('{word}'): they are "
                "left out, as a result ends a game's moves",
            ),
            path,
            word_line,
            hint="delete what follows the result; if it is another game's moves, give that "
            "game its own tags ([Event ...] to [Result ...]) after a blank line",
            code="illegal-move",
            context=where,
        )
    if on_final is not None:
        on_final(result, final)
    return result


def _after_the_result(
    source: tuple[str, int] | None, move: str, ending: str, line: int
) -> tuple[str, str, int]:
    """The main line's result that moves follow, the first of those moves as written, and
    its line (``ending``, the ``move`` python-chess met and the game's first line when the
    text is not at hand)."""
    if source is not None:
        text, first_line = source
        kept = _without_escaped_lines(text)
        depth, ending = 0, ""
        for match in _MOVETEXT_WORD.finditer(kept, _moves_start(kept)):
            word = match.group()
            if word[0] in "{;":
                continue
            depth += 1 if word == "(" else -1 if word == ")" else 0
            if word in "()":
                continue
            if ending and _MOVE_NUMBER.sub("", word):  # a side line's word after it too
                return (
                    ending,
                    _MOVE_NUMBER.sub("", word),
                    first_line + text.count("\n", 0, match.start()),
                )
            if depth == 0 and word in _RESULTS and not ending:
                ending = word
    return ending, move, line


def _cut(
    headers: chess.pgn.Headers, played: list[tuple[str, str]], kept: int
) -> tuple[list[tuple[str, str]], chess.Board]:
    """The first ``kept`` moves of the main line and the position after them: where the moves
    stop at a null move or a move written in another notation, which python-chess played."""
    final = start_board(headers)
    for _, uci in played[:kept]:
        final.push(chess.Move.from_uci(uci))
    return played[:kept], final


def _null_move_written(word: str) -> str:
    """The null move as the file writes it ("--", "Z0", "0000" or "@@@@", python-chess reads
    each): the warning quotes what the arbiter will search the file for, not always "--"."""
    read = (found.group(1) for found in chess.pgn.MOVETEXT_REGEX.finditer(word))
    return next((token for token in read if token in _NULL_MOVES), "--")


def _stray_message(stray: Sequence[tuple[str, int]], cut: bool = False) -> str:
    """What a warning about words of the moves python-chess skipped says: each word and its
    line (a few), and that the moves around them were read as if they were not there (up to
    the illegal move after them, when ``cut``: said in a warning of its own). A word it read
    a move out of, letters after it aside ("Nf3x", "Nf3ch"), is said to be read as that
    move: not all of it was skipped."""
    until = ", up to the illegal move" if cut else ""
    if len(stray) == 1:  # the warning's line is the word's
        word = stray[0][0]
        read = _read_part(word)
        if read is not None:
            return (
                f": the word '{shorten(word, 20)}' among the moves was read as the move "
                f"{read}, the rest of it skipped, and the moves after it were kept{until}"
            )
        return (
            f": the word '{shorten(word, 20)}' among the moves is no move: it was "
            f"skipped, and the moves after it were kept{until}"
        )
    reads = [(word, line, _read_part(word)) for word, line in stray[:3]]
    shown = ", ".join(
        f"'{shorten(word, 20)}' (line {line}" + (f", read as {read})" if read else ")")
        for word, line, read in reads
    )
    more = f" and {len(stray) - 3} more" if len(stray) > 3 else ""
    skipped = "are no moves: they were skipped"
    if any(read for _, _, read in reads):
        skipped = "are no moves as written: what was not read of them was skipped"
    return (
        f": the words {shown}{more} among the moves {skipped}, and the moves after them were "
        f"kept{until}"
    )


def _read_part(word: str) -> str | None:
    """The move python-chess read out of a word it did not read whole ("Nf3x": Nf3; in a side
    line, "Sf6": f6, which in the main line stops the moves, ``_misread_word``); ``None`` when
    it read none."""
    bare = _MOVE_NUMBER.sub("", word)
    found = next((m for m in chess.pgn.MOVETEXT_REGEX.finditer(bare) if m.group(1)), None)
    return None if found is None else found.group(1)


def annotated_movetext(game: chess.pgn.Game) -> str:
    """The game's moves with its comments, NAGs and side lines, as lines of PGN without the
    result (the export writes the result the event decided); "" for a game with none of them,
    whose moves alone say it all. A plain game is read without them (``_read_lean``), so only
    a game read the full way can have any."""
    nodes = list(game.mainline())
    if not (
        game.comment
        or any(len(node.variations) > 1 for node in (game, *nodes))
        or any(node.comment or node.starting_comment or node.nags for node in nodes)
    ):
        return ""
    exporter = _AnnotationExporter(headers=False, comments=True, variations=True)
    return game.accept(exporter).rstrip()


class _AnnotationExporter(chess.pgn.StringExporter):
    """python-chess's PGN writer without the result, writing a comment word by word so that
    its lines wrap at 80 columns as the moves do (it writes a comment as one word, on one line
    whatever its length, and PGN allows 255 characters a line; a longer word is cut). A line
    that would begin with "%", which PGN reads as an escape, a line to skip, begins with a
    space instead. An annotation in brackets (``[%clk 1:29:58]``) stays whole."""

    def visit_comment(self, comment: str) -> None:
        if not (self.comments and (self.variations or not self.variation_depth)):
            return
        self.write_token("{ ")
        room = PGN_LINE_LIMIT - 2  # a space before a word at a line's start, one after it
        for word in _COMMENT_WORD.findall(comment.replace("}", "")):
            for start in range(0, len(word), room):
                self.write_token(word[start : start + room] + " ")
        self.write_token("} ")
        self.force_movenumber = True

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        if not self.current_line and token.startswith("%"):
            token = " " + token
        self.current_line += token

    def visit_result(self, result: str) -> None:
        pass


_COMMENT_WORD = re.compile(r"\[%[^\s\[\]]+(?: [^\s\[\]]+){0,3}\]|\S+")
"""A word of a comment, or a command in brackets of a few words (``[%clk 1:29:58]``,
``[%csl Ga4,Rb5]``), kept on one line as programs that read them expect."""


def clock_words(game: chess.pgn.Game) -> str:
    """Each main-line half-move's clock from its ``[%clk]`` comment, a word per half-move,
    "-" where a half-move gives none; "" when none does (``Moves.clocks``)."""
    clocks = [node.clock() for node in game.mainline()]
    if all(clock is None for clock in clocks):
        return ""
    return " ".join("-" if clock is None else clock_text(clock) for clock in clocks)


def clock_text(seconds: float) -> str:
    """A clock as "1:29:58" (hours, minutes, seconds), with tenths where it gives them
    ("0:00:04.5"), as ``[%clk]`` writes it."""
    tenths = round(seconds * 10)
    hours, rest = divmod(tenths, 36000)
    minutes, rest = divmod(rest, 600)
    whole, tenth = divmod(rest, 10)
    text = f"{hours}:{minutes:02d}:{whole:02d}"
    return f"{text}.{tenth}" if tenth else text


_MOVETEXT_WORD = re.compile(r"\{[^}]*\}?|;[^\n]*|[()]|[^\s{};()]+")
_MOVE_NUMBER = re.compile(r"^\d+\.+")


def _word_at(text: str, first_line: int, played: int) -> tuple[str, int, bool, int] | None:
    """The word of the main line where the move after the first ``played`` ones stands, its
    line, whether python-chess passed over it as no move at all (``Nf9``, ``Nf3x``, a
    typo), and where it starts in ``text``. python-chess skips such a word and reports the
    next move as illegal: "2. Nf9 d6" was "illegal move 'd6'", sending the arbiter to a move
    that is right. An illegal move it could read is the word itself, on its own line (the
    game's first line was given)."""
    lines = text.split("\n")
    tags = next((i for i, row in enumerate(lines) if _in_moves(row)), 0)
    offset = sum(len(row) + 1 for row in lines[:tags])
    depth = count = 0
    after_move = False
    for match in _MOVETEXT_WORD.finditer(text, offset):
        word = match.group()
        if word[0] in "{;":
            continue
        if word in "()":
            depth = depth + 1 if word == "(" else max(0, depth - 1)
            after_move = False
            continue
        word = _MOVE_NUMBER.sub("", word)
        if depth or not word:
            after_move = False
            continue
        if word == _NOVELTY and after_move and not _lost_move(text, offset, *match.span()):
            after_move = False  # "12. Nxe5 N Qd4": the move is Qd4, not "N"
            continue
        after_move = _after_move(word, after_move)
        read = list(chess.pgn.MOVETEXT_REGEX.finditer(word))
        # A NAG ("$1", "!?") or the result is no move: the move is further on ("3. Bc4 $1" at
        # a line's end, "3... Qxh7" on the next), or, after the last one, not in the main
        # line at all (an illegal move in a variation): then no word of it is the move's.
        if count == played and (not read or any(found.group(1) for found in read)):
            return word, first_line + text.count("\n", 0, match.start()), not read, match.start()
        count += sum(1 for found in read if found.group(1))
        if count > played:
            return None
    return None


NOTATION_HINT = (
    "write the moves in English algebraic notation, K Q R B N for the pieces and x for a "
    "capture (not another language's letters, such as German S L T D, nor figurines such as "
    "\u2658, nor ':' for a capture), as PGN does"
)
"""The hint for a move python-chess read only part of (``_misread_word``)."""


class _Misread(NamedTuple):
    """A word of the main line that python-chess read only part of, as a move other than the
    one written: "Sf3" (German for Nf3) read as the pawn move f3, "\u2658f3" likewise."""

    word: str
    read_as: str
    line: int
    at: int
    """Where the word starts in the game's text."""
    moves_before: int
    """The main line's moves read before it: the move read out of it is the next."""


def _misread_word(text: str, first_line: int) -> _Misread | None:
    """The first word of the main line (side lines and comments aside) that python-chess read
    a move out of, yet not whole: letters it does not know stand before the move it found
    ("Sf3", "\u2658f3", "nf3"), so the move it played is not the one written. Only looked
    for in a game with a word python-chess passed over (``_stray_words``)."""
    kept = _without_escaped_lines(text)
    depth = count = 0
    for match in _MOVETEXT_WORD.finditer(kept, _moves_start(kept)):
        word = match.group()
        if word[0] in "{;":
            continue
        if word in "()":
            depth = depth + 1 if word == "(" else max(0, depth - 1)
            continue
        word = _MOVE_NUMBER.sub("", word)
        if depth or not word:
            continue
        sans = [found for found in chess.pgn.MOVETEXT_REGEX.finditer(word) if found.group(1)]
        # Letters after the move are a suffix python-chess rightly leaves ("Nf3ch", "Nf3x"),
        # said as a stray word; before it, the move's own piece is not the one read.
        if sans and _has_letter(word[: sans[0].start()]) and not _known_word(word):
            line = first_line + text.count("\n", 0, match.start())
            return _Misread(word, sans[0].group(1), line, match.start(), count)
        count += len(sans)
    return None


def _unread_last_word(text: str, first_line: int, played: int) -> tuple[str, int, int] | None:
    """The word after the last of the ``played`` moves read, its line and where it starts in
    ``text``, when python-chess passed over it as no move at all: a typo in the last move
    ("3. Bb9 1-0"). With no move after it to be illegal, nothing else tells, and the game was
    shown whole without its last move. Only a word of the main line written as a move is
    meant ("Bb9", "Nf9+", "e9"), not a word such as "mate" or a result written "1/2", nor one
    in a comment ("; threat on h9", "{threat on h9}"), after the result, or on a line
    python-chess skips ("%")."""
    if not any(mark in text for mark in "{;%"):
        # The usual game, no comment nor escape: its last word (before the result) is the
        # one, if any. Reading the whole game word by word (``_word_at``) for every game took
        # half a millisecond a game, five seconds of an open's 11,000.
        words = text.rstrip().rsplit(None, 2)
        if len(words) > 1 and words[-1] in _RESULTS:
            words.pop()
        last = _MOVE_NUMBER.sub("", words[-1]) if words else ""
        if not _MOVE_LIKE.match(last) or any(chess.pgn.MOVETEXT_REGEX.finditer(last)):
            return None
    kept = _without_escaped_lines(text)
    found = _word_at(kept, first_line, played)
    if found is None or not found[2] or not _MOVE_LIKE.match(found[0]):
        return None
    return found[0], found[1], found[3]


_ACCOUNTED = re.compile(
    r"\{[^}]*\}?|;[^\n]*|^%[^\n]*"
    r"|[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]"
    r"|--|Z0|0000|@@@@|O-O(?:-O)?|0-0(?:-0)?|\$[0-9]+|\*|1-0|0-1|1/2-1/2|\d+\.*|e\.?p\.?",
    re.MULTILINE,
)
"""What python-chess reads in the moves (its ``MOVETEXT_REGEX``: moves, comments, NAGs,
results), and what it passes over as PGN allows: move numbers, escape lines, "e.p.". What is
left is marks ("+", "!", "(") and the words it skipped without a word (``_stray_words``)."""


def _stray_words(
    text: str,
    first_line: int,
    before: int | None = None,
    passed: Sequence[tuple[int, int]] = (),
) -> list[tuple[str, int]]:
    """Each word of a game's moves that python-chess passed over as neither a move nor an
    annotation ("2. Nf3 blunder Nc6", "o-o", "Nf3x"), and its line. python-chess skips such a
    word without an error and reads the moves after it: the game was shown as if the word
    were not there, though it may stand for a move (the moves after it then change sides).
    Marks ("+", "!!", "=", "+-") are no words; a result typed by hand ("1/2", "½-½") is
    reported as such (``_cut_short``). ``before``: only the words that start before it (an
    illegal move's word: the moves after it are not read); ``passed``: the stretches left
    out (a side line from its illegal move to its end: ``_side_line_stops``)."""
    start = _moves_start(text)
    end = len(text) if before is None else before
    spans: list[tuple[int, int]] = []
    for left_from, left_to in sorted(passed):
        if left_from >= end:
            break
        spans.append((start, left_from))
        start = max(start, left_to)
    spans.append((start, max(start, end)))
    movetext = " ".join(text[begin:stop] for begin, stop in spans)
    if not any(mark in movetext for mark in "{;%"):
        # The usual game: its words are a few hundred known ones, looked up all at once
        # (a search of each game's moves took a quarter of a millisecond: 11,000 games).
        words = movetext.split()
        if _KNOWN_WORDS.issuperset(words):
            return []
        if all(_known_word(word) for word in set(words).difference(_KNOWN_WORDS)):
            return []
    kept = _without_escaped_lines(text)
    found: list[tuple[str, int]] = []
    for begin, stop in spans:
        after_move = False
        for match in _MOVETEXT_WORD.finditer(kept, begin, stop):
            word = match.group()
            if word == _NOVELTY and after_move and not _lost_move(kept, begin, *match.span()):
                after_move = False  # "12. Nxe5 N Qd4": the novelty sign
                continue
            if word[0] not in "{;()" and not _known_word(word):
                found.append((word, first_line + text.count("\n", 0, match.start())))
            after_move = _after_move(word, after_move)
    return found


class _SideLineStop(NamedTuple):
    """The first move python-chess could not play in a side line (``at``: where its word
    starts), where that side line ends (``resume``), the move's number and side as the side
    line plays it (the arbiter looks for it there, not in the main line), and its word as
    written: the move, or a word written as a move that python-chess passed over before it
    ("Nf9" in "(2. Nf9 d6)", which left "d6" to the wrong side)."""

    at: int
    resume: int
    number: int
    side: str
    word: str


def _side_lines_left_out(
    game: chess.pgn.Game, line: int, source: tuple[str, int] | None
) -> list[tuple[_SideLineStop | None, str, int]]:
    """Each side line ``_MainlineRecorder`` left out: where it stops in the source
    (``_side_line_stops``; ``None`` if it cannot be found there), the move as ``Game.illegal``
    names it ("move 2 (White) in a side line: 'Ke3'") and the line it stands on (the game's
    first line when it cannot be found)."""
    errors = game.side_line_errors if isinstance(game, _RecordedGame) else ()
    if not errors:
        return []
    stops = _side_line_stops(source[0], game.board()) if source is not None else []
    left_out: list[tuple[_SideLineStop | None, str, int]] = []
    for index, error in enumerate(errors):
        stop = stops[index] if index < len(stops) else None
        if stop is None:
            said = f"move {error.number} ({error.side}){IN_A_SIDE_LINE}'{error.san}'"
            left_out.append((None, said, line))
            continue
        assert source is not None
        said = f"move {stop.number} ({stop.side}){IN_A_SIDE_LINE}'{stop.word}'"
        left_out.append((stop, said, source[1] + source[0].count("\n", 0, stop.at)))
    return left_out


def _side_line_stops(text: str, board: chess.Board) -> list[_SideLineStop]:
    """Where each side line python-chess could not read to its end stops in a game's text
    (``_MainlineRecorder`` leaves those out), in order, up to a main-line move it cannot
    play (the main line stops there). The moves are replayed from ``board`` as python-chess
    reads them (a "(" takes back the move before it, unless there is none; a result in a side
    line is passed over), so the move found is the one of its error: a search for the move's text
    would find the same move played earlier, where it was legal. Its number and side are the
    replayed board's as the move was tried: "(1... c5 2. Qd3)" is White's move 2."""
    kept = _without_escaped_lines(text)
    boards = [board]
    stops: list[_SideLineStop] = []
    stop: tuple[int, int, str, str] | None = None  # of the side line being passed over
    depth = 0  # the side lines open since its stop, its own included
    passed_over: tuple[int, str] | None = None  # a move-like word skipped since the last move
    for match in _MOVETEXT_WORD.finditer(kept, _moves_start(kept)):
        word = match.group()
        if word[0] in "{;":
            continue
        if stop is not None:
            depth += 1 if word == "(" else -1 if word == ")" else 0
            if depth == 0:
                stops.append(_SideLineStop(stop[0], match.end(), *stop[1:]))
                stop = None
                boards.pop()
            continue
        if word in "()":
            passed_over = None
            if word == "(" and boards[-1].move_stack:
                boards.append(boards[-1].copy())
                boards[-1].pop()
            elif word == ")" and len(boards) > 1:
                boards.pop()
            continue
        tokens = list(chess.pgn.MOVETEXT_REGEX.finditer(word))
        bare = _MOVE_NUMBER.sub("", word)
        if not tokens and passed_over is None and _MOVE_LIKE.match(bare):
            passed_over = (match.start(), bare)
        for token in tokens:
            san = token.group(1)
            if san is None:
                continue  # a result in a side line too (``_MainlineRecorder.begin_parse_san``)
            try:
                boards[-1].push(boards[-1].parse_san(san))
            except ValueError:
                if len(boards) == 1:
                    return stops
                at, written = passed_over or (match.start(), san)
                side = "White" if boards[-1].turn == chess.WHITE else "Black"
                stop, depth = (at, boards[-1].fullmove_number, side, written), 1
                break
            passed_over = None
    if stop is not None:  # a side line the file does not close
        stops.append(_SideLineStop(stop[0], len(text), *stop[1:]))
    return stops


IN_A_SIDE_LINE = " in a side line: "
"""How ``Game.illegal`` says the move is in a side line ("move 3 (White) in a side line:
'Qh4'"): that side line is left out, and the main line is read to its end."""
SIDE_LINE_LEFT_OUT = "the side line is left out, and the main line is read on to its end"
"""What the warning of a move in a side line says of the game (``_MainlineRecorder``)."""


_NOVELTY = "N"
"""The novelty sign as printed score sheets and ChessBase write it after a move ("12. Nxe5 N
Qd4"; PGN's NAG $146): python-chess skips it, as it would skip a lost move "N", so it is taken
for the sign only right after a move (``_after_move``); "12. N Qd4" is a word skipped."""


_NEXT_WHITE_NUMBER = re.compile(r"(?:\s+|\{[^}]*\}|;[^\n]*|\$[0-9]+)*[0-9]+\.(?!\.)")
"""White's move number ("13.", not Black's "12..."), after comments and NAGs if any."""


def _lost_move(text: str, start: int, at: int, after: int) -> bool:
    """Whether the "N" at ``at`` (to ``after``) of ``text``, after a move, stands where Black's
    move is missing rather than for the novelty sign: the moves read since the last move
    number (from ``start``, where the moves start) are White's move alone, and White's next
    number follows ("12. Nxe5 N 13. Qd4"; python-chess, skipping the N, read White's 13th as
    Black's 12th). ``12. Nxe5 N 12... Qd4`` and ``12. Nxe5 N Qd4`` are the sign. Without move
    numbers, or across a side line, nothing tells: the sign. Worked out only for an "N" after
    a move, which few games hold."""
    if _NEXT_WHITE_NUMBER.match(text, after) is None:
        return False
    white = False  # the last move number read was White's
    moves = 0  # the half-moves read since
    for match in _MOVETEXT_WORD.finditer(text, start, at):
        word = match.group()
        if word[0] in "{;":
            continue
        if word in "()":
            white = False
            continue
        number = _MOVE_NUMBER.match(word)
        if number is not None:
            white, moves = not number.group().endswith(".."), 0
            word = word[number.end() :]
        moves += sum(1 for token in chess.pgn.MOVETEXT_REGEX.finditer(word) if token.group(1))
    return white and moves == 1


def _after_move(word: str, before: bool) -> bool:
    """Whether a move stands right before the word after ``word`` (of the moves, in turn):
    ``word`` holds a move, or is a comment, a NAG or a mark ("$1", "!?", "+-") after one. A
    move number, a parenthesis or another word is no move: an "N" after it is no novelty."""
    if word[0] in "{;":
        return before
    if word in "()":
        return False
    word = _MOVE_NUMBER.sub("", word)
    if any(found.group(1) for found in chess.pgn.MOVETEXT_REGEX.finditer(word)):
        return True
    return before and bool(word) and not _has_letter(word) and word not in _RESULTS


_KNOWN_WORDS: set[str] = set()
"""Words of the moves found to be moves, numbers, results or marks (``_known_word``)."""


def _known_word(word: str) -> bool:
    """Whether python-chess reads the whole of a word of the moves (``_ACCOUNTED``), or passes
    over only marks in it; remembered for the next game."""
    known = not _has_letter(_ACCOUNTED.sub(" ", word))
    if known and len(_KNOWN_WORDS) < 100_000:
        _KNOWN_WORDS.add(word)
    return known


def _has_letter(text: str) -> bool:
    """Whether a text holds a letter or a chess piece's figure ("♘"), not only marks."""
    return any(char.isalpha() or "\u2654" <= char <= "\u265f" for char in "".join(text.split()))


def _moves_start(text: str) -> int:
    """Where a game's moves start in its text: at its first line after the tags
    (``_in_moves``); the text's end for a game of tags alone."""
    offset = _TAG_AREA.match(text).end()  # type: ignore[union-attr]  # it matches ""
    while offset < len(text):
        end = text.find("\n", offset)
        end = len(text) if end < 0 else end + 1
        if _in_moves(text[offset:end]):
            return offset
        offset = end
    return len(text)


_TAG_AREA = re.compile(r"(?:(?:[^\S\n]*\[[^\n]*|[%;][^\n]*|[^\S\n]*)\n)*")
"""The lines of tags, blank lines and lines passed over among them (``_in_moves``), at once."""


_ESCAPED_LINE = re.compile(r"(?m)^%[^\n]*")
"""A line beginning with "%", which PGN's readers skip (an escape)."""


def _without_escaped_lines(text: str) -> str:
    """``text`` with each escaped line (``_ESCAPED_LINE``) blanked out, every other word left
    where it stands: the places found in it are the places in ``text``."""
    return _ESCAPED_LINE.sub(lambda line: " " * len(line.group()), text)


_MOVE_LIKE = re.compile(r"(?:[PNBRQK][a-z]?[0-9]?[-x:]?|[a-z][x:])?[a-z][0-9]")
"""A word written as a move: a piece letter or a pawn's file and capture, then a square-like
pair ("Bb9", "Nf9", "e9", "exd9")."""


def _in_moves(row: str) -> bool:
    """Whether a line of a game is where its moves start: not blank, not a tag (``[`` or
    ``_BARE_TAG``), not a line python-chess passes over among the tags (``%`` or ``;``)."""
    stripped = row.strip()
    return (
        bool(stripped)
        and stripped[0] != "["
        and not row.startswith(("%", ";"))
        and not _BARE_TAG.match(row)
    )


class _RecordedGame(chess.pgn.Game):
    """A parsed game with the main line as ``_MainlineRecorder`` saw it being played."""

    recorded: list[tuple[chess.Move, str]] | None = None
    """Each main-line move with its SAN; ``None``: replay instead."""
    final_board: chess.Board | None = None
    """The parser's board of the main line: at the end, the final position."""
    movetext_result: str | None = None
    """The result the moves end with (the Result tag's when that is "*" or missing)."""
    side_line_errors: Sequence[_SideLineError] = ()
    """Each side line left out for a move python-chess could not play in it, in the order
    of the moves (``_MainlineRecorder.parse_san``)."""


class _SideLineError(NamedTuple):
    """A move python-chess could not play in a side line: its number and side as the side
    line plays it, and the move as written."""

    number: int
    side: str
    san: str


@dataclass
class _OpenSideLine:
    """A side line being read: the node it branches from, its place among that node's
    variations, and whether a move in it could not be played (it is then left out)."""

    parent: chess.pgn.GameNode
    index: int
    broken: bool = False


class _Recording:
    """Notes each main-line move's SAN while python-chess parses (``read_game`` calls these
    hooks of its visitor with its own board), and keeps that board for the final position,
    for the two visitors below: replaying the moves a second time cost as much as the parse."""

    game: _RecordedGame

    def start_recording(self) -> None:
        self.game.recorded = []
        self.main_board: chess.Board | None = None
        self.token = ""
        self.pending: tuple[chess.Move, str] | None = None

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        move = board.parse_san(san)
        self.token = san
        return move

    def visit_board(self, board: chess.Board) -> None:
        recorded = self.game.recorded
        if self.main_board is None:
            self.main_board = self.game.final_board = board  # read_game shows the start first
            if type(board) is not chess.Board:
                self.game.recorded = None  # a variant: its checks differ, replay it
        elif self.pending is not None and recorded is not None and board is self.main_board:
            move, san = self.pending
            if move and board.is_check():
                san += "#" if board.is_checkmate() else "+"
            recorded.append((move, san))
        self.pending = None

    def record_move(self, board: chess.Board, move: chess.Move, main_line: bool) -> None:
        if not main_line or self.game.recorded is None:
            return  # a side line, or nothing to record
        if board is not self.main_board:
            self.game.recorded = None  # the parser lost the main line's board: replay it
            return
        self.pending = (move, _san_without_suffix(board, move, self.token))


class _MainlineRecorder(_Recording, chess.pgn.GameBuilder[_RecordedGame]):
    """python-chess's own game builder, recording the main line as it goes.

    A move it cannot play in a side line leaves that side line out, and the main line is read
    on to its end. python-chess's reader skips the rest of the side line after such a move
    but keeps the side line's board for the moves after it: the main line was then read on
    the wrong board, cut at its next move (a side line's first move illegal leaves the wrong
    side to move) or silently at a later one. So no error reaches the reader from a side
    line: the move and every word after it in that side line are taken as null moves, the
    side line's boards close as usual, and the side line is cut from the game's tree when it
    ends (``side_line_errors`` keeps what went wrong)."""

    def __init__(self) -> None:
        super().__init__(Game=_RecordedGame)

    def begin_game(self) -> None:
        super().begin_game()
        self.start_recording()
        self.side_lines: list[_OpenSideLine] = []
        self.game.side_line_errors = []

    def begin_variation(self) -> None:
        super().begin_variation()
        parent = self.variation_stack[-1]
        self.side_lines.append(_OpenSideLine(parent, len(parent.variations)))

    def end_variation(self) -> None:
        super().end_variation()
        if self.side_lines:
            self._close_side_line()

    def end_game(self) -> None:
        while self.side_lines:  # a side line whose ")" the file lacks
            self._close_side_line()
        super().end_game()

    def _close_side_line(self) -> None:
        ended = self.side_lines.pop()
        if ended.broken:  # and the side lines inside it, which branch off after it
            del ended.parent.variations[ended.index :]

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType | None:
        # python-chess takes a result in a side line ("(23. Qxh7+ Kxh7 24. Rh3# 1-0)", an
        # annotator's way to end a line of thought) for a move it cannot play: passed over.
        return chess.pgn.SKIP if self.side_lines and san in _RESULTS else None

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if self.game.movetext_result is not None:
            # After the main line's result (a side line after it too): the reader skips the
            # rest of the line the move is in, each line after it raising so in turn.
            raise _MovesAfterTheResult(san)
        if not self.side_lines:
            return super().parse_san(board, san)
        if any(line.broken for line in self.side_lines):
            return chess.Move.null()  # the rest of a side line left out
        try:
            return super().parse_san(board, san)
        except ValueError:
            self.side_lines[-1].broken = True
            side = "White" if board.turn == chess.WHITE else "Black"
            errors = self.game.side_line_errors
            assert isinstance(errors, list)
            errors.append(_SideLineError(board.fullmove_number, side, san))
            return chess.Move.null()

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        super().visit_move(board, move)
        self.record_move(board, move, len(self.variation_stack) == 1)

    def visit_result(self, result: str) -> None:
        if self.game.movetext_result is not None:  # "0-1 1/2-1/2": the first ends the moves
            self.game.errors.append(_MovesAfterTheResult(result))
            return
        self.game.movetext_result = result
        super().visit_result(result)


class _MovesAfterTheResult(ValueError):
    """A move written after the main line's result, which ends the moves (PGN 8.2.6): not
    played on, though python-chess would (two games whose second lost its tags read as one
    game, "1. e4 e5 1-0 1. d4 d5 0-1"). Raised as a move it cannot play, so that its reader
    skips the rest of the main line; ``_to_game`` says so, not as an illegal move."""


class _NotPlain(Exception):
    """A comment, side line, NAG or error: the game is read again by ``_MainlineRecorder``."""


class _PlainGame(_RecordedGame):
    """A game of tags and main-line moves only, read without python-chess's tree of nodes."""

    def mainline_moves(self) -> list[chess.Move]:  # type: ignore[override]
        return [move for move, _ in self.recorded or ()]


class _PlainRecorder(_Recording, chess.pgn.BaseVisitor[_RecordedGame]):
    """``_MainlineRecorder`` for the usual game, tags and moves and nothing else: the same
    game (headers as ``GameBuilder`` makes them, moves recorded), without building a node per
    move, which cost a sixth of the parse and left cycles for the garbage collector. Anything
    else raises ``_NotPlain`` at once, and the game is read again the full way."""

    def begin_game(self) -> None:
        self.game = _PlainGame()
        self.start_recording()

    def begin_headers(self) -> chess.pgn.Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    # ``_Recording``'s hooks, for a game with nothing but the main line: read_game calls them
    # with its one board at each of the 900,000 half-moves of an open.

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if self.game.movetext_result is not None:
            raise _NotPlain  # a move after the result (_MovesAfterTheResult)
        return super().parse_san(board, san)

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if board is not self.main_board:
            raise _NotPlain
        self.pending = (move, _san_without_suffix(board, move, self.token))

    def visit_result(self, result: str) -> None:
        if self.game.movetext_result is not None:
            raise _NotPlain  # a second result (_MainlineRecorder.visit_result)
        self.game.movetext_result = result
        if self.game.headers.get("Result", "*") == "*":  # as GameBuilder does
            self.game.headers["Result"] = result

    def visit_board(self, board: chess.Board) -> None:
        pending = self.pending
        if pending is None:  # the start, before the first move
            if self.main_board is not None or type(board) is not chess.Board:
                raise _NotPlain  # a variant: its checks differ, replay it
            self.main_board = self.game.final_board = board
            return
        move, san = pending
        if move and board.is_check():
            san += "#" if board.is_checkmate() else "+"
        self.game.recorded.append((move, san))  # type: ignore[union-attr]
        self.pending = None

    def visit_comment(self, comment: str) -> None:
        raise _NotPlain

    def visit_nag(self, nag: int) -> None:
        raise _NotPlain

    def begin_variation(self) -> None:
        raise _NotPlain

    def handle_error(self, error: Exception) -> None:
        raise _NotPlain

    def result(self) -> _RecordedGame:
        return self.game


_LEAN_REJECTS = re.compile(r"[{};%()$!?@\[]|^\s*$", re.MULTILINE)
"""What only python-chess's own reader handles: comments, side lines, NAGs and annotations,
escapes, drops, a tag among the moves, a blank line (the end of a game) among them."""
_LEAN_TOKENS = re.compile(
    r"[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000"
    r"|@@@@|O-O(?:-O)?|0-0(?:-0)?|\*|1-0|0-1|1/2-1/2"
)
"""python-chess's ``MOVETEXT_REGEX`` without the alternatives a lean text cannot hold
(comments, NAGs, side lines, annotations: ``_LEAN_REJECTS``), in the same order: the same
tokens, as plain texts."""
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_NULL_MOVES = ("--", "Z0", "0000", "@@@@")


def _read_lean(block: str) -> _PlainGame | None:
    """The usual game, tags then moves and a result and nothing else, read as ``read_game``
    with ``_PlainRecorder`` reads it (the same tag pattern, tokens and moves: tested alike),
    without its reader's per-token work: a fifth of the parse of an open. ``None`` for any
    other text, and for an illegal or ambiguous move: python-chess's reader then reads it.
    """
    head, blank, movetext = block.partition("\n\n")
    if not head.startswith("[") or (blank and not movetext.strip()):
        return None
    game = _PlainGame()
    headers = game.headers
    for line in head.split("\n"):
        tag = chess.pgn.TAG_REGEX.match(line)
        if tag is None:
            return None
        headers[tag.group(1)] = tag.group(2)
    movetext = movetext.rstrip()
    if _set_up(headers) or _LEAN_REJECTS.search(movetext):
        return None
    board = chess.Board()
    recorded: list[tuple[chess.Move, str]] = []
    parse_san, push, is_check = board.parse_san, board.push, board.is_check
    try:
        for token in _LEAN_TOKENS.findall(movetext):
            if game.movetext_result is not None:
                return None  # words after the result: said by python-chess's reader's way
            if token in _RESULTS:
                game.movetext_result = token
                if headers.get("Result", "*") == "*":  # as read_game and GameBuilder do
                    headers["Result"] = token
                continue
            if token in _NULL_MOVES:
                return None
            move = parse_san(token)
            san = _san_without_suffix(board, move, token)
            push(move)
            if is_check():
                san += "#" if board.is_checkmate() else "+"
            recorded.append((move, san))
    except ValueError:
        return None  # python-chess's reader reports it, as it does for every illegal move
    game.recorded = recorded
    game.final_board = board
    return game


_PLAIN_PIECE_MOVE = re.compile(r"[NBRQK][-x]?[a-h][1-8]\Z")
_PLAIN_PAWN_MOVE = re.compile(r"[a-h](?:x[a-h])?[1-8](?:=[QRBN])?\Z")
_CASTLES = ("O-O", "O-O-O")


_PLAIN = 1
_AS_WRITTEN = 2
_TOKENS: dict[str, int] = {}
"""Which way each move as written gets its SAN (``_san_without_suffix``): a few thousand
different tokens make the 900,000 half-moves of an open."""


def _token_kind(token: str) -> int:
    kind = _TOKENS.get(token)
    if kind is None:
        if _PLAIN_PIECE_MOVE.match(token):
            kind = _PLAIN
        elif _PLAIN_PAWN_MOVE.match(token) or token in _CASTLES:
            kind = _AS_WRITTEN
        else:
            kind = 0
        if len(_TOKENS) < 100_000:
            _TOKENS[token] = kind
    return kind


def _san_without_suffix(board: chess.Board, move: chess.Move, token: str) -> str:
    """SAN up to the check sign, before the move is pushed (``Board.san`` pushes and pops).

    A pawn move or castling written as SAN writes it ("exd5", "e8=Q", "O-O") is its SAN. A
    piece move written without a file or rank ("Nd7") was matched by ``parse_san`` against
    every legal move of that piece type to that square, and only one fitted: its SAN needs no
    disambiguation, the one costly part, and is the letter, "x" for a capture and the square.
    """
    kind = _token_kind(token) if move else 0
    # Only a king's move can be castling (Chess960 writes it as the king taking its rook).
    if kind == _PLAIN and (token[0] != "K" or not board.is_castling(move)):
        capture = "x" if board.is_capture(move) else ""
        return token[0] + capture + chess.SQUARE_NAMES[move.to_square]
    if kind == _AS_WRITTEN:
        return token  # already written as SAN writes it: a pawn move is never ambiguous
    without_suffix = getattr(board, "_algebraic_without_suffix", None)
    if without_suffix is None:  # a python-chess without it: the public, slower way
        return board.san(move).rstrip("+#")
    return str(without_suffix(move))


def start_board(headers: Mapping[str, str]) -> chess.Board:
    """The position a game starts from, set up as the parser sets it up (python-chess's
    ``Headers.board``): from the FEN tag whenever there is one, whatever SetUp says, on the
    Variant's board. Whatever replays a game's moves starts here, or it replays them from
    another position than the one they were read in. ``ValueError`` for a FEN or Variant
    python-chess cannot read."""
    return chess.pgn.Headers(headers).board()


def first_ply(headers: Mapping[str, str]) -> int:
    """The half-moves before the game's first move, White's first move counting as 0: 0 from
    the standard start, 59 from a FEN with Black to move at move 30. Moves are numbered from
    it (half-move ``h`` is move ``h // 2 + 1``, White's when ``h`` is even), as python-chess
    and games.pgn number them; counting from White's first move misnumbered such games."""
    if not _set_up(headers):
        return 0
    return _first_ply(headers.get("FEN"), headers.get("Variant"))


@functools.lru_cache(maxsize=1024)
def _first_ply(fen: str | None, variant: str | None) -> int:
    tags = {"FEN": fen, "Variant": variant}
    try:
        board = start_board({tag: value for tag, value in tags.items() if value is not None})
    except ValueError:
        return 0  # not a position: the game was not read (``_valid_setup``)
    return board.ply()


def _set_up(headers: Mapping[str, str]) -> bool:
    """Whether the game starts from a position of its own or is a variant (python-chess's
    ``Game.board`` reads these two tags; without them the game starts as chess does)."""
    return "FEN" in headers or "Variant" in headers


def placement(board: chess.Board) -> str:
    """``board.board_fen(promoted=False)``, written from the twelve piece sets rather than
    square by square (a quarter of the cost; every one of 11,000 games needs it)."""
    if type(board) is not chess.Board:
        return board.board_fen(promoted=False)
    squares = ["1"] * 64
    for colour, letters in ((chess.WHITE, "PNBRQK"), (chess.BLACK, "pnbrqk")):
        for piece_type, letter in enumerate(letters, start=1):
            for square in chess.scan_forward(board.pieces_mask(piece_type, colour)):
                squares[square ^ 56] = letter  # FEN rows run from rank 8 down
    text = "/".join("".join(squares[start : start + 8]) for start in range(0, 64, 8))
    for length in range(8, 1, -1):  # the longest runs of empty squares first
        text = text.replace("1" * length, str(length))
    return text


def _recorded_moves(game: chess.pgn.Game) -> tuple[list[tuple[str, str]], chess.Board] | None:
    """The moves (SAN, UCI) ``_MainlineRecorder`` noted, if they are exactly the game's main
    line, and the board of their final position."""
    if not isinstance(game, _RecordedGame):
        return None
    recorded, final = game.recorded, game.final_board
    if recorded is None or final is None:
        return None
    if not isinstance(game, _PlainGame):  # a plain game's main line is what was noted
        mainline = list(game.mainline_moves())
        if len(mainline) != len(recorded) or any(
            move != noted[0] for move, noted in zip(mainline, recorded, strict=True)
        ):
            return None
    if len(final.move_stack) != len(recorded):
        return None  # the board went on elsewhere: not the main line's final position
    return [(san, move.uci()) for move, san in recorded], final


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
    """The line of each of the game's tags: those before its moves, not a tag-like line in a
    comment in braces (a file's opening comment quoting ``[Event ...]`` is no game's), nor
    one past the escape and ``;`` lines python-chess passes over among the tags."""
    lines: dict[str, int] = {}
    first = _line_number(start, line_starts)
    in_comment = False
    for number, raw in enumerate(text[start:end].splitlines(), start=first):
        name = None if in_comment else _tag_name(raw)
        if name is not None:
            lines.setdefault(name, number)
        elif raw.startswith(("%", ";")) and not in_comment:
            continue
        elif raw.strip() and lines:
            break
        else:
            in_comment = _comment_open(raw, in_comment)
    return lines


def export_game(moves: Sequence[PlayedMove], headers: dict[str, str]) -> str:
    """A game as PGN text with the given (possibly corrected) headers."""
    if "FEN" in headers and headers.get("SetUp") != "1":
        headers = _with_setup(headers)
    escaped = tuple((key, export_tag(key, value)) for key, value in headers.items())
    if "FEN" in headers or "Variant" in headers or not all(_TAG_NAME.match(k) for k in headers):
        if isinstance(moves, Moves) and moves.annotations:
            return _export_annotated(moves.annotations, escaped)
        return _export_game(tuple(moves), escaped)
    if isinstance(moves, Moves) and moves.annotations:
        return _export_annotated(moves.annotations, escaped)
    return _export_from_san(moves, escaped)


def _export_annotated(annotations: str, header_items: tuple[tuple[str, str], ...]) -> str:
    """A game whose PGN had comments, NAGs or side lines: the tags as ``_export_from_san``
    writes them, then its moves with those kept (``Moves.annotations``) and the result the
    event decided, which may not be the one the file ended with."""
    headers = dict(header_items)
    lines = _tag_pairs(headers)
    lines.extend(annotations.split("\n"))
    result = headers.get("Result", "*")
    if len(lines[-1]) + 1 + len(result) < _COLUMNS:
        lines[-1] += " " + result
    else:
        lines.append(result)
    return "\n".join(lines)


def _with_setup(headers: dict[str, str]) -> dict[str, str]:
    """The tags with ``[SetUp "1"]`` just before the FEN (PGN 9.7.1: a game from a set-up
    position must say so). The reader starts from the FEN whatever SetUp says
    (``start_board``); a file without it, or with "0", another program replays from the
    usual array."""
    tags: dict[str, str] = {}
    for key, value in headers.items():
        if key == "FEN":
            tags["SetUp"] = "1"
        if key != "SetUp":
            tags[key] = value
    return tags


_TAG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
_FULL_DATE = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")
"""A PGN Date tag that gives the whole day (PGN: ``YYYY.MM.DD``, ``??`` for what is unknown)."""


def tag_date(text: str | None) -> dt.date | None:
    """The day a game's Date tag gives, ``None`` when it gives less (``2025.06.??``) or no
    day at all (``2025.02.30``): a round's date (TRF record 132) and the check of games
    dated outside the event take only days a game says."""
    return calendar_day(_FULL_DATE, (text or "").strip())


def calendar_day(pattern: re.Pattern[str], text: str) -> dt.date | None:
    """The day ``text`` writes in ``pattern``'s three groups (year, month, day): ``None``
    when it does not match, or names no day of the calendar (2025.02.30). PGN's Date tag and
    TRF's dates share it."""
    match = pattern.match(text)
    if match is None:
        return None
    try:
        return dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        return None


_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_COLUMNS = 80


def _export_from_san(moves: Sequence[PlayedMove], header_items: tuple[tuple[str, str], ...]) -> str:
    """``_export_game``'s text, written from the SAN the parser kept instead of replaying the
    moves, for games from the standard starting position: python-chess's ``StringExporter``
    layout (the seven-tag roster first, then the other tags; moves wrapped at 80 columns)."""
    headers = dict(header_items)
    lines = _tag_pairs(headers)
    sans = [move.san for move in moves]
    pairs = zip(_MOVE_NUMBERS, sans[0::2], sans[1::2], strict=False)  # shortest: whole moves
    words = list(itertools.chain.from_iterable(pairs))
    if len(sans) % 2:
        words += (f"{len(sans) // 2 + 1}.", sans[-1])
    words.append(headers.get("Result", "*"))
    if len(sans) < 2 * len(_MOVE_NUMBERS) and len(words[-1]) < _COLUMNS:
        # python-chess puts a word on the line while the line, with a space after each word,
        # stays within 80 columns: lines of at most 79 characters, filled greedily.
        lines.extend(_WRAP.findall(" ".join(words)))
        return "\n".join(lines).rstrip()
    current = ""
    for token in (word + " " for word in words):
        if _COLUMNS - len(current) < len(token):
            if current:
                lines.append(current.rstrip())
            current = ""
        current += token
    if current:
        lines.append(current.rstrip())
    return "\n".join(lines).rstrip()


def _tag_pairs(headers: dict[str, str]) -> list[str]:
    """The tag pairs as python-chess's ``StringExporter`` writes them, the seven-tag roster
    first, and the blank line after them."""
    ordered = [key for key in _TAG_ROSTER if key in headers]
    ordered += [key for key in headers if key not in _TAG_ROSTER]
    lines = [f'[{key} "{headers[key]}"]' for key in ordered]
    if lines:
        lines.append("")
    return lines


_MOVE_NUMBERS = tuple(f"{number}." for number in range(1, 1000))
_WRAP = re.compile(rf"(.{{1,{_COLUMNS - 1}}})(?: |$)")


_TAG_ESCAPE = re.compile(r'\\([\\"])')


def unescape_tag(value: str) -> str:
    """PGN escapes a quote in a tag value as ``\\"`` and a backslash as ``\\\\`` (standard
    8.1.1); python-chess keeps the escapes, so ``O\\"Brien`` would not match ``O"Brien``."""
    return _TAG_ESCAPE.sub(r"\1", value) if "\\" in value else value


def escape_tag(value: str) -> str:
    """The reverse of ``unescape_tag``, on one line: python-chess writes values as they are."""
    one_line = " ".join(value.splitlines())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


PGN_LINE_LIMIT = 255
"""The longest line a PGN file may hold (PGN standard 4.3); readers may cut or refuse one
longer."""

_LONE_BACKSLASH = re.compile(r"(?<!\\)(?:\\\\)*\\\Z")


def export_tag(key: str, value: str) -> str:
    """A tag's value as games.pgn and the game pages write it: escaped (``escape_tag``), a tab
    as a space (PGN 4.2: export format has none), and cut, with "...", where its line would
    pass ``PGN_LINE_LIMIT``: a tag pair stands on one line (8.1), and a Site or a tag of the
    source file has no length limit. The cut never splits an escape."""
    escaped = escape_tag(value.replace("\t", " "))
    room = PGN_LINE_LIMIT - len(f'[{key} ""]')
    if len(escaped) <= room:
        return escaped
    cut = escaped[: max(room - 3, 0)]
    if _LONE_BACKSLASH.search(cut):  # an odd run of backslashes: the last began an escape
        cut = cut[:-1]
    return cut + "..."


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
