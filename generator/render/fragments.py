"""The HTML pieces the big tables repeat thousands of times, written in Python.

A 2,000-player open prints a player link, a result cell or a row of tie-break cells some
50,000 times a build; as Jinja macros each call cost tens of microseconds. These functions
give the macros of ``templates/_macros.html`` character for character (``tests/test_render.py``
holds them to it) and the built-in templates call them instead of importing the macros. A
site with its own ``_macros.html`` keeps its macros: then these names call them
(``environment.make_environment``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from markupsafe import Markup, escape

from ..model import Player
from ..text import number_text, score_text
from .views import result_text

Url = Callable[[str], str]


def _title(player: Player) -> str:
    return f'<abbr class="title">{escape(player.title)}</abbr> ' if player.title else ""


def player_link(player: Player, links: Any, url: Url) -> Markup:
    """The player's name (and title), linked to their page."""
    href = escape(url(links.player(player.number)))
    return Markup(f'<a href="{href}">{_title(player)}{escape(player.name)}</a>')


def player_link_short(player: Player, links: Any, url: Url) -> Markup:
    """The same, the given names in a span narrow tables may hide."""
    family, comma, given = player.name.partition(", ")
    href = escape(url(links.player(player.number)))
    rest = f'<span class="given">, {escape(given)}</span>' if comma else ""
    return Markup(f'<a href="{href}">{_title(player)}{escape(family)}{rest}</a>')


def tiebreak_cells(row: Any, tiebreaks: Sequence[Any]) -> Markup:
    """A standings row's tie-break values, the one that decided its place marked."""
    parts = []
    values, decided_by = row.tiebreaks, row.decided_by
    for column in tiebreaks:
        code = column.code
        decisive = " decisive" if decided_by == code else ""
        value = _number(values[code])  # digits, "-" and ".": nothing to escape
        parts.append(f'<td class="tb{decisive}">{value}</td>')
    return Markup("".join(parts))


_NUMBERS: dict[float, str] = {}
"""``number_text`` of the values met so far: 2,000 players' tie-breaks repeat a few hundred
values (equal numbers print alike: 1 and 1.0 are one key)."""


def _number(value: float) -> str:
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
    """``result_cell`` as a plain string, for the rows that join 22,000 of them."""
    href = links.game(cell.game) if cell.game else None
    colour = cell.colour
    side = _SIDES.get(colour, "") if colour else ""
    tip = cell.label or side
    kind = _text(cell.kind)
    opening = f'<span class="res {kind} {_text(colour)}"' if colour else f'<span class="res {kind}"'
    title = f' title="{_text(tip)}">' if tip else ">"
    opponent = f'<span class="opp">{_text(cell.opponent)}</span>' if cell.opponent else ""
    marker = (
        f'<span class="colour"><span class="visually-hidden">{side or "Black"}</span></span>'
        if colour
        else ""
    )
    symbol = _text(cell.symbol)
    result = f'<a href="{_text(url(href))}">{symbol}</a>' if href else symbol
    return f"{opening}{title}{opponent}{marker}{result}</span>"


_SIDES = {"w": "White", "b": "Black"}


@functools.lru_cache(maxsize=4096)
def _text(value: str) -> str:
    """``value`` escaped as Jinja escapes it, memoised: a rank table repeats a few dozen
    texts (kinds, colours, symbols, ranks, links) 22,000 times."""
    return str(escape(value))


def event_line(event: Any, shown: Any = None) -> Markup:
    """The event's name, dates and status ("final", "after round 3"): the line a printed
    page carries at its top."""
    config = event.config
    dates = ""
    if config.start:
        dates = f" · {config.start.isoformat()}"
        if config.end and config.end != config.start:
            dates += f" – {config.end.isoformat()}"
    if shown is not None and shown.after_round < event.rounds_played:
        status = f"after round {shown.after_round}"
    elif event.rounds_played >= event.rounds:
        status = "final"
    else:
        status = f"after round {event.rounds_played}"
    return Markup(f"{escape(event.name)}{dates} · {escape(status)}")


def badges(awards: Any, number: int) -> Markup:
    """The player's titles, trophies and money, as badges."""
    return Markup(
        "".join(
            f'<span class="badge {escape(award.kind)}" title="{escape(award.reason)}">'
            f"{escape(award.name)}</span>"
            for award in awards.get(number, [])
        )
    )


def player_game_row(line: Any, links: Any, url: Url) -> Markup:
    """One round of a player's card (``views.PlayerLine``): colour, opponent, their rating
    and points, the result (and why), the running score and a link to the game."""
    entry, cell, opponent = line.entry, line.cell, line.opponent
    game = entry.game
    colour = _SIDES.get(entry.colour, "")
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
    return Markup(
        "<tr>\n"
        f'      <th scope="row"><a href="{escape(url(links.round(entry.round)))}">'
        f"{escape(entry.round)}</a></th>\n"
        f"      <td>{colour}</td>\n"
        f"      <td>{who}</td>\n"
        f'      <td class="optional">{rating}</td>\n'
        f"      <td>{escape(points)}</td>\n"
        f'      <td class="result">{"".join(result)}</td>\n'
        f'      <td class="pts">{escape(score)}</td>\n'
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
    """One player's row of the standings: place, number, name (and badges on the current
    standings), rating, federation, points, games, tie-breaks and why ahead of the next."""
    player = row.player
    withdrew = player.withdrawn_after is not None and player.withdrawn_after < after_round
    note = (
        f' <span class="note">withdrew after round {escape(player.withdrawn_after)}</span>'
        if withdrew
        else ""
    )
    if row.decided_by not in ("points", "shared"):
        why = str(escape(row.reason))
    else:
        why = '<span class="note">shares the place</span>' if row.decided_by == "shared" else ""
    withdrawn = ' class="withdrawn"' if withdrew else ""
    return Markup(
        f"<tr{withdrawn}>\n"
        f"      <td>{_text(row.place)}</td>\n"
        f'      <td class="optional">{_text(str(player.number))}</td>\n'
        f'      <th scope="row">{player_link(player, links, url)}{note}'
        f"{badges(awards, player.number) if final else ''}</th>\n"
        f'      <td class="optional">{_text(str(player.rating or ""))}</td>\n'
        f'      <td class="optional">{_text(player.federation or "")}</td>\n'
        f'      <td class="pts">{_text(score_text(row.points))}</td>\n'
        f'      <td class="optional">{_text(str(row.record.games))}</td>\n'
        f"      {tiebreak_cells(row, tiebreaks)}\n"
        f'      <td class="why">{why}</td>\n'
        "    </tr>"
    )


def pairing_row(pairing: Any, links: Any, url: Url) -> Markup:
    """One board of a round (``views.Pairing``): the players, their scores before the round
    and the result, linked to the game's page when it has one, with the arbiter's reason."""
    game = pairing.game
    href = links.game(game)
    result = _text(result_text(game.result))
    shown = f'<a href="{_text(url(href))}">{result}</a>' if href else result
    reason = f'<span class="reason">{escape(game.reason)}</span>' if game.reason else ""
    return Markup(
        "<tr>\n"
        f"      <td>{_text(str(pairing.board))}</td>\n"
        f"      <td>{player_link(pairing.white, links, url)}</td>\n"
        f'      <td class="pts">{_text(score_text(pairing.white_score))}</td>\n'
        f'      <td class="result">{shown}{reason}</td>\n'
        f'      <td class="pts">{_text(score_text(pairing.black_score))}</td>\n'
        f"      <td>{player_link(pairing.black, links, url)}</td>\n"
        "    </tr>"
    )


def rank_row(table_row: Any, links: Any, url: Url, tiebreaks: Sequence[Any]) -> Markup:
    """One player's row of the rank table (``views.TableRow``): rank, name, rating, each
    round's result cell(s), points and tie-breaks."""
    row = table_row.row
    player = row.player
    rounds = "".join(
        f"      <td>{''.join([_result_cell(cell, links, url) for cell in games])}</td>\n"
        for games in table_row.cells
    )
    withdrawn = ' class="withdrawn"' if player.withdrawn_after is not None else ""
    return Markup(
        f"<tr{withdrawn}>\n"
        f"      <td>{table_row.position:d}</td>\n"
        f'      <th scope="row">{player_link_short(player, links, url)}</th>\n'
        f'      <td class="optional">{_text(str(player.rating or ""))}</td>\n'
        f"{rounds}"
        f'      <td class="pts">{_text(score_text(row.points))}</td>\n'
        f"      {tiebreak_cells(row, tiebreaks)}\n"
        "    </tr>"
    )


FRAGMENTS: dict[str, Callable[..., Markup]] = {
    "player_link": player_link,
    "player_link_short": player_link_short,
    "tiebreak_cells": tiebreak_cells,
    "result_cell": result_cell,
    "badges": badges,
    "player_game_row": player_game_row,
    "standings_row": standings_row,
    "rank_row": rank_row,
    "pairing_row": pairing_row,
    "event_line": event_line,
}
"""The macros of ``_macros.html`` these functions stand in for, by name."""
