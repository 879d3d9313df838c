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
    for column in tiebreaks:
        code = column.code
        decisive = " decisive" if row.decided_by == code else ""
        value = number_text(row.tiebreaks[code])  # digits, "-" and ".": nothing to escape
        parts.append(f'<td class="tb{decisive}">{value}</td>')
    return Markup("".join(parts))


def result_cell(cell: Any, links: Any, url: Url) -> Markup:
    """One result of a crosstable or rank table: opponent, colour and result, linked to the
    game's page when it has one."""
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
    return Markup(f"{opening}{title}{opponent}{marker}{result}</span>")


_SIDES = {"w": "White", "b": "Black"}


@functools.lru_cache(maxsize=4096)
def _text(value: str) -> str:
    """``value`` escaped as Jinja escapes it, memoised: a rank table repeats a few dozen
    texts (kinds, colours, symbols, ranks, links) 22,000 times."""
    return str(escape(value))


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


FRAGMENTS: dict[str, Callable[..., Markup]] = {
    "player_link": player_link,
    "player_link_short": player_link_short,
    "tiebreak_cells": tiebreak_cells,
    "result_cell": result_cell,
    "badges": badges,
    "player_game_row": player_game_row,
}
"""The macros of ``_macros.html`` these functions stand in for, by name."""
