"""Chess boards as inline SVG, drawn at build time from python-chess positions.

The page carries one set of piece drawings (python-chess's own, in ``<defs>``) and places them
with ``<use>``; the viewer script moves the same ``<use>`` elements when a reader steps through
the game, so the board works without JavaScript (final position) and without any download.
"""

from __future__ import annotations

import functools
import json

import chess
import chess.pgn
import chess.svg
from markupsafe import Markup, escape

from ..model import Game
from ..pgn import Moves

SQUARE = 45
_PIECE_IDS = {
    symbol: ("white-" if symbol.isupper() else "black-")
    + chess.piece_name(chess.Piece.from_symbol(symbol).piece_type)
    for symbol in "PNBRQKpnbrqk"
}


@functools.cache
def piece_defs() -> Markup:
    """The twelve piece drawings, once per page."""
    groups = "".join(chess.svg.PIECES[symbol] for symbol in "PNBRQKpnbrqk")
    return Markup(
        '<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
        f"<defs>{groups}</defs></svg>"
    )


@functools.lru_cache(maxsize=8)
def _squares_of(placement: str) -> tuple[tuple[int, int, str], ...]:
    """(file, rank-from-top, symbol) for every piece of a FEN placement (kept for the few
    last: a game page draws the position and says it in words)."""
    found = []
    for row, rank_text in enumerate(placement.split("/")):
        column = 0
        for char in rank_text:
            if char.isdigit():
                column += int(char)
            else:
                found.append((column, row, char))
                column += 1
    return tuple(found)


_SQUARES = "".join(
    f'<rect class="{"light" if (row + column) % 2 == 0 else "dark"}" x="{column * SQUARE}" '
    f'y="{row * SQUARE}" width="{SQUARE}" height="{SQUARE}"/>'
    for row in range(8)
    for column in range(8)
)


def _marked_squares(last_move: str | None) -> list[str]:
    """The squares a move (UCI) marks: from and to; a drop (``N@f3``) only its square; a null
    move (``0000``) none."""
    if not last_move or last_move == "0000":
        return []
    return [last_move[2:4]] if "@" in last_move else [last_move[:2], last_move[2:4]]


def board_svg(placement: str, last_move: str | None = None, label: str = "") -> Markup:
    """One position: light and dark squares, the last move marked, the pieces on top."""
    parts = [
        f'<svg class="board" viewBox="0 0 {8 * SQUARE} {8 * SQUARE}" role="img" '
        f'aria-label="{Markup.escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        _SQUARES,
        '<g class="last-move">',
    ]
    for square_name in _marked_squares(last_move):
        square = chess.parse_square(square_name)
        x = chess.square_file(square) * SQUARE
        y = (7 - chess.square_rank(square)) * SQUARE
        parts.append(f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>')
    parts.append('</g><g class="pieces">')
    for column, row, symbol in _squares_of(placement):
        parts.append(
            f'<use href="#{_PIECE_IDS[symbol]}" x="{column * SQUARE}" y="{row * SQUARE}"/>'
        )
    parts.append("</g></svg>")
    return Markup("".join(parts))


_PIECE_NAMES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}


def position_in_words(placement: str) -> str:
    """The position as text, the board's alternative for screen readers: "White: king g1,
    pawns f2 and g2; Black: king g8" (board.js says the same while stepping)."""
    squares: dict[str, list[str]] = {}
    for column, row, symbol in _squares_of(placement):
        squares.setdefault(symbol, []).append(f"{'abcdefgh'[column]}{8 - row}")
    sides = []
    for side, letters in (("White", "KQRBNP"), ("Black", "kqrbnp")):
        parts = []
        for letter in letters:
            found = sorted(squares.get(letter, ()))
            if not found:
                continue
            name = _PIECE_NAMES[letter.lower()]
            if len(found) == 1:
                parts.append(f"{name} {found[0]}")
            else:
                parts.append(f"{name}s {', '.join(found[:-1])} and {found[-1]}")
        sides.append(f"{side}: {', '.join(parts) if parts else 'no pieces'}")
    return "; ".join(sides)


_CURRENT = ' class="current" aria-current="step"'


def move_list(moves: Moves, first: int = 0) -> Markup:
    """The items of the list of moves, a whole move (White's and Black's) per item, each
    half-move a link the viewer script steps to; the last is the position shown. Written
    here, not by a template loop: an open has 900,000 half-moves to write.

    ``first``: ``Game.first_ply``. A game from a FEN with Black to move starts with an item
    of Black's move alone ("2. … Qh4"), so that every later item is a whole move again; the
    list's ``start`` (``moves_start``) numbers the items."""
    sans = str(escape(moves.sans)).split(" ") if moves else []
    if moves.clocks:  # each half-move's clock after it, where the PGN gives one
        sans = [
            f"{san}</a>{_clock(clock)}" if clock else f"{san}</a>"
            for san, clock in zip(sans, moves.clock_list, strict=False)
        ]
    else:
        sans = [f"{san}</a>" for san in sans]
    last = len(sans)
    items = []
    if first % 2 and last:
        mark = _CURRENT if last == 1 else ""
        items.append(f'    <li>… <a href="#ply-1" id="ply-1" data-ply="1"{mark}>{sans[0]}</li>\n')
    for index in range(first % 2, last, 2):
        ply = index + 1
        mark = _CURRENT if ply == last else ""
        white = f'<a href="#ply-{ply}" id="ply-{ply}" data-ply="{ply}"{mark}>{sans[index]}'
        if ply < last:
            ply += 1
            mark = _CURRENT if ply == last else ""
            black = f' <a href="#ply-{ply}" id="ply-{ply}" data-ply="{ply}"{mark}>{sans[index + 1]}'
            items.append(f"    <li>{white}{black}</li>\n")
        else:
            items.append(f"    <li>{white}</li>\n")
    return Markup("".join(items))


def _clock(clock: str) -> str:
    """A half-move's clock beside it in the list of moves (the player's time left after the
    move, as ``[%clk]`` gives it), named for a screen reader."""
    return (
        f' <span class="clock" title="Time left on the clock after this move">'
        f'<span class="visually-hidden">clock </span>{escape(clock)}</span>'
    )


def moves_start(first: int) -> str:
    """The list of moves' ``start`` attribute: its first item's move number, when not 1."""
    return f' start="{first // 2 + 1}"' if first > 1 else ""


def end_word(game: Game) -> str:
    """How a game's page names the position after the last move entered: "Final" once the
    game has a result, "Latest" while it is still on (the moves so far may be published with
    ``*``), where "Final position" would tell a parent the game is over."""
    return "Final" if game.finished else "Latest"


def viewer_data(game: Game) -> Markup:
    """The start and the moves for the viewer script, which replays them (UCI) to show each
    position, as JSON safe inside a <script> element. Variant games (drops, explosions) also
    carry every position, worked out here by python-chess, since the script knows only the
    moves of standard chess (Chess960 castling included)."""
    data: dict[str, object] = {"start": game.initial_placement, "moves": game.moves.uci_list}
    if game.first_ply:
        data["first"] = game.first_ply  # the script names the moves from it, as the list does
    if not game.finished:
        data["latest"] = True  # the script names the last position "Latest", not "Final"
    positions = _variant_positions(game)
    if positions is not None:
        data["positions"] = positions
    text = json.dumps(data, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _variant_positions(game: Game) -> list[str] | None:
    """Every placement of a variant game (``None`` for standard chess and Chess960)."""
    if "Variant" not in game.headers:
        return None
    try:
        board = chess.pgn.Headers(game.headers).board()
        if type(board) is chess.Board:
            return None
        positions = [board.board_fen(promoted=False)]
        for uci in game.moves.uci_list:
            board.push(board.parse_uci(uci))
            positions.append(board.board_fen(promoted=False))
    except ValueError:
        return None  # the parser replayed these moves; should that fail, the script tries
    return positions
