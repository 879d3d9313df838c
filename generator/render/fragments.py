"""The HTML pieces the big tables repeat thousands of times, written in Python.

A 2,000-player open prints a player link, a result cell or a row of tie-break cells some
50,000 times a build; as Jinja macros each call cost tens of microseconds. These functions
give the macros of ``templates/_macros.html`` character for character (``tests/test_render.py``
holds them to it) and the built-in templates call them instead of importing the macros. A
site with its own ``_macros.html`` keeps its macros: then these names call them
(``environment.make_environment``).
"""

from __future__ import annotations

import contextlib
import functools
import marshal
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from ..buildstate import write_atomically
from ..model import Player
from ..text import Phrase, number_text, score_text, withdrawal_text
from .bidi import phrase_html, phrase_text
from .views import COLOUR_NAMES, event_status, result_text

Url = Callable[[str], str]


def player_link(player: Player, links: Any, url: Url) -> Markup:
    """The player's name (and title), linked to their page."""
    return Markup(_link(url(links.player(player.number)), player.title, player.name))


def _link(href: str, title: str | None, name: str) -> str:
    """The name in ``<bdi>``: in a line of text ("Playing off: A, B."), two right-to-left
    names and what is between them would make one run, shown reversed (B before A)."""
    return f'<a href="{_text(href)}">{_title(title)}<bdi>{escape(name)}</bdi></a>'


def player_link_short(player: Player, links: Any, url: Url) -> Markup:
    """The same, the given names in a span narrow tables may hide."""
    return Markup(_short_link(url(links.player(player.number)), player.title, player.name))


def _short_link(href: str, title: str | None, name: str) -> str:
    family, comma, given = name.partition(", ")
    rest = f'<span class="given">, {escape(given)}</span>' if comma else ""
    return f'<a href="{_text(href)}">{_title(title)}<bdi>{escape(family)}{rest}</bdi></a>'


def _title(title: str | None) -> str:
    return f'<abbr class="title">{escape(title)}</abbr> ' if title else ""


def tiebreak_cells(row: Any, tiebreaks: Sequence[Any]) -> Markup:
    """A standings row's tie-break values, the one that decided its place marked."""
    return Markup(_tiebreak_cells(_tiebreak_values(row, tiebreaks), row.decided_by))


def _tiebreak_values(row: Any, tiebreaks: Sequence[Any]) -> tuple[tuple[str, float | None], ...]:
    """Each column's value; None (a dash) for Direct Encounter never applied to the player."""
    unreached = getattr(row, "unreached", ())
    return tuple(
        [
            (column.key, None if column.key in unreached else row.tiebreaks[column.key])
            for column in tiebreaks
        ]
    )


def _tiebreak_cells(values: Sequence[tuple[str, float | None]], decided_by: str) -> str:
    # The values print as digits, "-" and ".": nothing to escape. Marked by the column's key,
    # so that of Direct Encounter listed twice only the application that decided is.
    return "".join(
        f'<td class="tb{" decisive" if decided_by == key else ""}">{_number(value)}</td>'
        for key, value in values
    )


_NUMBERS: dict[float, str] = {}
"""``number_text`` of the values met so far: 2,000 players' tie-breaks repeat a few hundred
values (equal numbers print alike: 1 and 1.0 are one key)."""


def _number(value: float | None) -> str:
    if value is None:
        return "–"
    text = _NUMBERS.get(value)
    if text is None:
        text = number_text(value)
        if len(_NUMBERS) < 65536:
            _NUMBERS[value] = text
    return text


def result_cell(cell: Any, links: Any, url: Url) -> Markup:
    """One result of a crosstable or rank table: opponent, colour and result, linked to the
    game's page when it has one."""
    return Markup(_result_cell(cell, links, url))


def _result_cell(cell: Any, links: Any, url: Url) -> str:
    """``result_cell`` as a plain string."""
    return _cell_html(*_cell_fields(cell, links, url))


def _cell_html(
    kind: str, colour: str | None, label: str, opponent: str, symbol: str, href: str | None
) -> str:
    parts = _CELL_PARTS.get((kind, colour, label, symbol))
    if parts is None:
        parts = _cell_parts(kind, colour, label, symbol)
        if len(_CELL_PARTS) < 4096:  # a few dozen in any event; serve runs for days
            _CELL_PARTS[kind, colour, label, symbol] = parts
    opening, marker, shown = parts
    opponent = f'<span class="opp">{_text(opponent)}</span>' if opponent else ""
    result = f'<a href="{_attribute(href)}">{shown}</a>' if href else shown
    return f"{opening}{opponent}{marker}{result}</span>"


def _cell_parts(kind: str, colour: str | None, label: str, symbol: str) -> tuple[str, str, str]:
    """What a result cell prints before and after the opponent, and its symbol: the same for
    every cell of a kind, colour and result (``_CELL_PARTS``)."""
    side = COLOUR_NAMES.get(colour, "") if colour else ""
    tip = label or side
    kind = _text(kind)
    opening = f'<span class="res {kind} {_text(colour)}"' if colour else f'<span class="res {kind}"'
    title = f' title="{_text(tip)}">' if tip else ">"
    marker = (
        f'<span class="colour"><span class="visually-hidden">{side or "Black"}</span></span>'
        if colour
        else ""
    )
    return opening + title, marker, _text(symbol)


_CELL_PARTS: dict[tuple[str, str | None, str, str], tuple[str, str, str]] = {}
"""``_cell_parts`` by kind, colour, label and symbol: a rank table has 22,000 cells of a few
dozen sorts (only the opponent and the link differ)."""

_PLAIN = re.compile(r"[^&<>\"']*")


def _attribute(value: str) -> str:
    """``value`` escaped for HTML; a link of the site's own has nothing to escape, and is
    only looked at (22,000 different links are too many to memoise as ``_text`` does)."""
    return value if _PLAIN.fullmatch(value) else str(escape(value))


@functools.lru_cache(maxsize=4096)
def _text(value: str) -> str:
    """``value`` escaped as Jinja escapes it, memoised: a rank table repeats a few dozen
    texts (kinds, colours, symbols, ranks, links) 22,000 times."""
    return str(escape(value))


def event_line(event: Any, shown: Any = None, playoff_pending: bool = False) -> Markup:
    """The event's name, dates and status (``views.event_status``: "final", "after round 3 of
    7"): the line a printed page carries at its top. A finished event whose play-off is still
    to be played is not "final": a standings sheet printed then shows its players sharing the
    place."""
    config = event.config
    dates = ""
    if config.start:
        dates = f" · {config.start.isoformat()}"
        if config.end and config.end != config.start:
            dates += f" – {config.end.isoformat()}"
    after_round = shown.after_round if shown is not None else None
    status = event_status(event, playoff_pending, after_round).short
    return Markup(f"{escape(event.name)}{dates} · {escape(status)}")


def print_row(event: Any, shown: Any = None, playoff_pending: bool = False) -> Markup:
    """The event line as a table's first row, shown only on paper (``event_line``)."""
    line = event_line(event, shown, playoff_pending)
    return Markup(f'<tr class="print-only"><th scope="col" colspan="99">{line}</th></tr>')


def badges(awards: Any, number: int) -> Markup:
    """The player's titles, trophies and money, as badges."""
    return Markup(_badges(_award_fields(awards, number)))


def _award_fields(awards: Any, number: int) -> tuple[tuple[str, str, str], ...]:
    return tuple(
        (award.kind, phrase_text(award.reason), award.label) for award in awards.get(number, ())
    )


def _badges(awards: Sequence[tuple[str, str, str]]) -> str:
    return "".join(
        f' <span class="badge {escape(kind)}" title="{escape(reason)}">{escape(name)}</span>'
        for kind, reason, name in awards
    )


_GAMES_HEAD = (
    '<tr><th scope="col">Rd.</th>{board}<th scope="col">Colour</th><th scope="col">Opponent'
    '</th><th scope="col" class="optional">Rating</th><th scope="col"><abbr title="The '
    'opponent\'s points">Pts.</abbr></th><th scope="col">Result</th><th scope="col">Score'
    '</th>{rated}<th scope="col">Game</th></tr>'
)
_RATED_HEAD = '<th scope="col" class="optional"><abbr title="Rating change">Rtg+/-</abbr></th>'
_BOARD_HEAD = '<th scope="col" class="board"><abbr title="Board">Bd.</abbr></th>'


def player_games_head(rated: Any, board: Any = False) -> Markup:
    """The heading of a card's games (``player_game_row``'s cells), with the "Bd." column
    when ``board`` (where a parent finds the player in the hall, as chess-results' card
    has it) and the "Rtg+/-" column when ``rated`` (a card that shows a rating change). It
    stands beside the row in ``_macros.html``: a site's own copy of the file gives both or
    neither, and a copy made before a column was added gets the heading without it, as its
    rows are (``environment._site_macro``)."""
    return Markup(
        _GAMES_HEAD.format(board=_BOARD_HEAD if board else "", rated=_RATED_HEAD if rated else "")
    )


def player_game_row(
    line: Any, links: Any, url: Url, rated: Any = False, board: Any = False
) -> Markup:
    """One round of a player's card (``views.PlayerLine``): the board when ``board`` (blank
    for a bye, an absence, a round robin's round whose game is not entered yet), colour,
    opponent, their rating and points, the result (and why), the running score, the game's
    rating change when ``rated`` and a link to the game. ``rated`` and ``board`` are what
    the heading is given (``player_games_head``): a site's ``player.html`` copied before a
    column calls the row without it, and its heading has no such column, so neither has
    the row."""
    entry, cell, opponent = line.entry, line.cell, line.opponent
    game = entry.game
    colour = COLOUR_NAMES.get(entry.colour, "")
    who = player_link(opponent, links, url) if opponent else escape(cell.label)
    rating = escape(opponent.rating or "") if opponent else ""
    points = "" if line.opponent_points is None else score_text(line.opponent_points)
    result = [str(escape(cell.symbol))]
    if opponent and cell.label:
        result.append(f' <span class="note">{escape(cell.label)}</span>')
    if game and game.reason:
        result.append(f' <span class="reason">{escape(game.reason)}</span>')
    score = score_text(line.score_after) if entry.kind.value != "future" else ""
    href = links.game(game) if game else None
    moves = f'<a href="{escape(url(href))}">moves</a>' if href else ""
    # The card's "Rtg+/-" column, when its heading has one (``PlayerLine.rating_change``).
    change = f'      <td class="optional">{escape(line.rating_change or "")}</td>\n'
    # The card's "Bd." column, when its heading has one: the board the game is paired on.
    on_board = f'      <td class="board">{escape(game.board if game else "")}</td>\n'
    return Markup(
        "<tr>\n"
        f'      <th scope="row"><a href="{escape(url(links.round(entry.round)))}">'
        f"{escape(entry.round)}</a></th>\n"
        f"{on_board if board else ''}"
        f"      <td>{colour}</td>\n"
        f"      <td>{who}</td>\n"
        f'      <td class="optional">{rating}</td>\n'
        f"      <td>{escape(points)}</td>\n"
        f'      <td class="result">{"".join(result)}</td>\n'
        f'      <td class="pts">{escape(score)}</td>\n'
        f"{change if rated else ''}"
        f"      <td>{moves}</td>\n"
        "    </tr>"
    )


def standings_row(
    row: Any,
    after_round: int,
    final: bool,
    awards: Any,
    links: Any,
    url: Url,
    tiebreaks: Sequence[Any],
) -> Markup:
    """One player's row of the standings: place, number, name (and badges when ``final``:
    the current standings of a finished event; the tie-breaks again, shown on a phone),
    rating, federation, points, games, tie-breaks and why ahead of the next."""
    player = row.player
    withdrawn = player.withdrawn_after
    fields = (
        *(row.place, player.number, url(links.player(player.number)), player.title),
        player.name,
        withdrawn if withdrawn is not None and withdrawn <= after_round else None,
        _award_fields(awards, player.number) if final else (),
        *(player.rating, player.federation, row.points, row.record.games),
        _tiebreak_values(row, tiebreaks),
        *(row.decided_by, _reason_html(row.reason)),
        _tiebreak_labels(tiebreaks),
    )
    return Markup(_row(fields, _standings_row))


def _tiebreak_labels(tiebreaks: Sequence[Any]) -> tuple[tuple[str, str], ...]:
    """Each column's code and full name, for the tie-breaks under the name on a phone."""
    return tuple([(column.code, column.name) for column in tiebreaks])


_HIDDEN_OPEN = '<span aria-hidden="true"> (</span>'
_HIDDEN_CLOSE = '<span aria-hidden="true">)</span>'
"""The brackets around a hidden name: in a copied text, not in what a screen reader hears."""


def _tiebreak_line(
    values: Sequence[tuple[str, float | None]],
    labels: Sequence[tuple[str, str]],
    decided_by: str,
) -> str:
    """The tie-breaks again, under the name: on a phone in place of their columns (the
    style sheet shows one or the other), each value after its code, and after its full name
    for a screen reader, which does not hear the hidden column's heading. The name is
    hidden in brackets that the reader does not hear: copied, the line reads "PS
    (Progressive Score) 25.5", not "PSProgressive Score 25.5"."""
    if not values:
        return ""
    items = " ".join(
        f'<span class="tb-value{" decisive" if decided_by == key else ""}">'
        f'<abbr title="{escape(name)}" aria-hidden="true">{escape(code)}</abbr>'
        f'<span class="visually-hidden">{_HIDDEN_OPEN}{escape(name)}{_HIDDEN_CLOSE}</span>'
        f" {_number(value)}</span>"
        for (key, value), (code, name) in zip(values, labels, strict=True)
    )
    return f' <span class="tb-line">{items}</span>'


@functools.lru_cache(maxsize=1024)
def _reason_html(reason: Phrase | str) -> str:
    """Why a player is ahead of the next, as HTML (``bidi.phrase_html``: any name it holds in
    ``<bdi>``), a plain string for the row's memo key; the same few reasons recur for 2,000
    players."""
    return str(phrase_html(reason))


def _standings_row(fields: tuple[Any, ...]) -> str:
    place, number, href, title, name, withdrew, awards, rating, federation = fields[:9]
    points, games, values, decided_by, reason, labels = fields[9:]
    note = (
        f' <span class="note">withdrew {escape(withdrawal_text(withdrew))}</span>'
        if withdrew is not None
        else ""
    )
    inline = ""
    if decided_by not in ("points", "shared"):
        why = reason  # HTML already (``_reason_html``)
        inline = f' <span class="why-inline">{why}</span>'  # under the name on a phone
    else:
        why = '<span class="note">shares the place</span>' if decided_by == "shared" else ""
    line = _tiebreak_line(values, labels, decided_by)
    return (
        f"{_WITHDRAWN if withdrew is not None else '<tr>'}\n"
        f"      <td>{_text(place)}</td>\n"
        f'      <td class="optional">{_text(str(number))}</td>\n'
        f'      <th scope="row">{_link(href, title, name)}{note}{_badges(awards)}'
        f"{line}{inline}</th>\n"
        f'      <td class="optional">{_text(str(rating or ""))}</td>\n'
        f'      <td class="optional">{_text(federation or "")}</td>\n'
        f'      <td class="pts">{_text(score_text(points))}</td>\n'
        f'      <td class="optional games">{_text(str(games))}</td>\n'
        f"      {_tiebreak_cells(values, decided_by)}\n"
        f'      <td class="why">{why}</td>\n'
        "    </tr>"
    )


def pairing_row(pairing: Any, links: Any, url: Url) -> Markup:
    """One board of a round (``views.Pairing``): the players with their pairing numbers and
    ratings (as chess-results' pairing lists show them), their scores before the round and
    the result, linked to the game's page when it has one, with the arbiter's reason."""
    game, white, black = pairing.game, pairing.white, pairing.black
    href = links.game(game)
    fields = (
        *(pairing.board, url(href) if href else None, game.result, game.reason),
        *(url(links.player(white.number)), white.title, white.name, pairing.white_score),
        *(white.number, white.rating),
        *(url(links.player(black.number)), black.title, black.name, pairing.black_score),
        *(black.number, black.rating),
    )
    return Markup(_row(fields, _pairing_row))


def _pairing_row(fields: tuple[Any, ...]) -> str:
    board, href, result, reason = fields[:4]
    white_href, white_title, white_name, white_score, white_number, white_rating = fields[4:10]
    black_href, black_title, black_name, black_score, black_number, black_rating = fields[10:]
    shown = _text(result_text(result))
    if href:
        shown = f'<a href="{_text(href)}">{shown}</a>'
    reason = f' <span class="reason">{escape(reason)}</span>' if reason else ""
    return (
        "<tr>\n"
        f"      <td>{_text(str(board))}</td>\n"
        f'      <td class="optional">{_text(str(white_number))}</td>\n'
        f"      <td>{_link(white_href, white_title, white_name)}</td>\n"
        f'      <td class="optional">{_text(str(white_rating or ""))}</td>\n'
        f'      <td class="pts">{_text(score_text(white_score))}</td>\n'
        f'      <td class="result">{shown}{reason}</td>\n'
        f'      <td class="pts">{_text(score_text(black_score))}</td>\n'
        f"      <td>{_link(black_href, black_title, black_name)}</td>\n"
        f'      <td class="optional">{_text(str(black_rating or ""))}</td>\n'
        f'      <td class="optional">{_text(str(black_number))}</td>\n'
        "    </tr>"
    )


_FEDERATION_HEAD = '<th scope="col" class="optional"><abbr title="Federation">FED</abbr></th>'


def rank_federation_head(federations: Any) -> Markup:
    """The rank table's FED heading when ``federations`` (``views.shows_federations``). It
    stands beside ``rank_row`` in ``_macros.html``: a site's copy made before the column has
    neither, and gets the table without it (``environment._site_macro``)."""
    return Markup(_FEDERATION_HEAD if federations else "")


def rank_row(
    table_row: Any, links: Any, url: Url, tiebreaks: Sequence[Any], federations: Any = False
) -> Markup:
    """One player's row of the rank table (``views.TableRow``): rank, name, rating, the
    federation when ``federations`` (what the heading is given: a site's ``ranktable.html``
    copied before the FED column calls the row without it), each round's result cell(s),
    points and tie-breaks."""
    row = table_row.row
    player = row.player
    rounds = tuple(
        [tuple([_cell_fields(cell, links, url) for cell in games]) for games in table_row.cells]
    )
    fields = (
        *(table_row.position, player.withdrawn_after is not None),
        *(url(links.player(player.number)), player.title, player.name, player.rating),
        (player.federation or "") if federations else None,  # None: no FED cell
        *(rounds, row.points),
        _tiebreak_values(row, tiebreaks),
        row.decided_by,
    )
    return Markup(_row(fields, _rank_row))


def _cell_fields(cell: Any, links: Any, url: Url) -> tuple[Any, ...]:
    game = cell.game
    href = links.game(game) if game else None
    return (cell.kind, cell.colour, cell.label, cell.opponent, cell.symbol, href and url(href))


def _rank_row(fields: tuple[Any, ...]) -> str:
    position, withdrawn, href, title, name, rating, federation = fields[:7]
    rounds, points, values, decided_by = fields[7:]
    cells = "".join(
        f"      <td>{''.join([_cell_html(*cell) for cell in games])}</td>\n" for games in rounds
    )
    fed = "" if federation is None else f'      <td class="optional">{_text(federation)}</td>\n'
    return (
        f"{_WITHDRAWN if withdrawn else '<tr>'}\n"
        f"      <td>{position:d}</td>\n"
        f'      <th scope="row">{_short_link(href, title, name)}</th>\n'
        f'      <td class="optional">{_text(str(rating or ""))}</td>\n'
        f"{fed}"
        f"{cells}"
        f'      <td class="pts">{_text(score_text(points))}</td>\n'
        f"      {_tiebreak_cells(values, decided_by)}\n"
        "    </tr>"
    )


_WITHDRAWN = '<tr class="withdrawn">'


class RowMemo:
    """The rows of one page's big table as a build rendered them, by what each row shows
    (``_row``), for the next build: one result of a 2,000-player open changes the standings
    after six rounds, but not nine rows in ten of each. A row's text follows from its fields
    alone (the functions that write it read nothing else), so a row found is the row as it
    would be written again; ``version`` (the code's fingerprint) is kept with the rows.
    The file is read when the page first asks for a row and written by ``save``: by the
    process that renders the page, so nothing of it passes between processes."""

    def __init__(self, file: str, version: str) -> None:
        self.file = file
        self.version = version
        self.old: dict[bytes, str] | None = None
        self.new: dict[bytes, str] = {}

    def load(self) -> dict[bytes, str]:
        try:
            with open(self.file, "rb") as stream:
                version, rows = marshal.load(stream)
        except (OSError, EOFError, ValueError, TypeError):  # none yet, or not ours
            return {}
        return rows if version == self.version and isinstance(rows, dict) else {}

    def save(self) -> None:
        """Keep the rows this page showed (only those: the file never grows), in a file
        replaced at once (a build cut short leaves the old one)."""
        if not self.new:
            return
        with contextlib.suppress(OSError):  # a memo that cannot be kept costs only time
            write_atomically(Path(self.file), marshal.dumps((self.version, self.new), 2))


_MEMO: RowMemo | None = None
"""The memo of the page being rendered (``kept_rows``), if any."""


@contextlib.contextmanager
def kept_rows(file: str, version: str) -> Iterator[RowMemo]:
    """Render a page with the rows its table had last time (``RowMemo``), and keep its rows."""
    global _MEMO
    memo = _MEMO = RowMemo(file, version)
    try:
        yield memo
    finally:
        _MEMO = None
    memo.save()


def _row(fields: tuple[Any, ...], write: Callable[[tuple[Any, ...]], str]) -> str:
    """A table row written from its fields, or found in the page's memo by them."""
    memo = _MEMO
    if memo is None:
        return write(fields)
    try:
        # Version 2: equal fields give equal bytes, whatever objects hold them.
        key = marshal.dumps(fields, 2)
    except ValueError:  # a field that is not a plain value: written, not kept
        return write(fields)
    if memo.old is None:
        memo.old = memo.load()
    text = memo.old.get(key) or memo.new.get(key)
    if text is None:
        text = write(fields)
    memo.new[key] = text
    return text


FRAGMENTS: dict[str, Callable[..., Markup]] = {
    "player_link": player_link,
    "player_link_short": player_link_short,
    "tiebreak_cells": tiebreak_cells,
    "result_cell": result_cell,
    "badges": badges,
    "player_games_head": player_games_head,
    "player_game_row": player_game_row,
    "standings_row": standings_row,
    "rank_federation_head": rank_federation_head,
    "rank_row": rank_row,
    "pairing_row": pairing_row,
    "event_line": event_line,
    "print_row": print_row,
}
"""The macros of ``_macros.html`` these functions stand in for, by name."""
