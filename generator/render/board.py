"""Chess boards as inline SVG, drawn at build time from python-chess positions.

The page carries one set of piece drawings (python-chess's own, in ``<defs>``) and places them
with ``<use>``; the viewer script moves the same ``<use>`` elements when a reader steps through
the game, so the board works without JavaScript (final position) and without any download.
"""

from __future__ import annotations

import json

import chess
import chess.svg
from markupsafe import Markup

from ..model import Game

SQUARE = 45
_PIECE_IDS = {
    symbol: ("white-" if symbol.isupper() else "black-")
    + chess.piece_name(chess.Piece.from_symbol(symbol).piece_type)
    for symbol in "PNBRQKpnbrqk"
}


def piece_defs() -> Markup:
    """The twelve piece drawings, once per page."""
    groups = "".join(chess.svg.PIECES[symbol] for symbol in "PNBRQKpnbrqk")
    return Markup(
        '<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
        f"<defs>{groups}</defs></svg>"
    )


def _squares_of(placement: str) -> list[tuple[int, int, str]]:
    """(file, rank-from-top, symbol) for every piece of a FEN placement."""
    found = []
    for row, rank_text in enumerate(placement.split("/")):
        column = 0
        for char in rank_text:
            if char.isdigit():
                column += int(char)
            else:
                found.append((column, row, char))
                column += 1
    return found


def board_svg(placement: str, last_move: str | None = None, label: str = "") -> Markup:
    """One position: light and dark squares, the last move marked, the pieces on top."""
    parts = [
        f'<svg class="board" viewBox="0 0 {8 * SQUARE} {8 * SQUARE}" role="img" '
        f'aria-label="{Markup.escape(label)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for row in range(8):
        for column in range(8):
            shade = "light" if (row + column) % 2 == 0 else "dark"
            parts.append(
                f'<rect class="{shade}" x="{column * SQUARE}" y="{row * SQUARE}" '
                f'width="{SQUARE}" height="{SQUARE}"/>'
            )
    parts.append('<g class="last-move">')
    if last_move:
        for square_name in (last_move[:2], last_move[2:4]):
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


def viewer_data(game: Game) -> Markup:
    """Positions and moves for the viewer script, as JSON safe inside a <script> element."""
    data = {
        "positions": [game.initial_placement, *(m.placement for m in game.moves)],
        "moves": [m.uci for m in game.moves],
    }
    text = json.dumps(data, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
