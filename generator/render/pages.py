"""Games' and players' pages written in Python: ``game.html`` and ``player.html`` (with
``base.html``) character for character.

An open's build writes 11,000 game pages and 2,000 players' cards, and Jinja's own work on each
(a context, blocks rendered twice for the title and the card, a dozen calls) cost more than a
game page's board, moves and PGN together. With the built-in templates these functions write
the pages instead; ``tests/test_render.py`` holds them to the templates' output on pages of every
sort. A site with templates of its own gets the templates (``SiteRenderer.page_bytes``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2
from markupsafe import escape

from ..text import score_text, withdrawal_text
from .bidi import isolate, phrase_html
from .board import end_word, moves_start
from .environment import event_navigation, url_text
from .fragments import badges, event_line, player_game_row, player_games_head, player_link
from .views import event_title, illegal_note, next_game, result_text, rounds_text

_CONTROLS = (
    '    <div class="controls" role="group" aria-label="Step through the game (or use the arrow'
    ' keys)">\n'
    '      <button type="button" data-go="first" aria-label="Start position"'
    ' title="Start position (Home)">«</button>\n'
    '      <button type="button" data-go="prev" aria-label="Previous move"'
    ' title="Previous move (←)">‹</button>\n'
    '      <button type="button" data-go="next" aria-label="Next move"'
    ' title="Next move (→)">›</button>\n'
    '      <button type="button" data-go="last" aria-label="{end} position"'
    ' title="{end} position (End)">»</button>\n'
    '      <button type="button" data-go="flip" aria-label="Flip the board"'
    ' aria-pressed="false" title="Flip the board">⇅</button>\n'
    "    </div>\n"
)
"""The board's buttons; ``{end}`` is "Final", or "Latest" for a game still on (``end_word``)."""


def _e(value: object) -> str:
    return str(escape(value))


def game_page(environment: jinja2.Environment, context: Mapping[str, Any]) -> str:
    """The page ``game.html`` renders with ``context`` (a game page's, ``later`` included)."""
    event, game = context["event"], context["game"]
    white, black = context["white"], context["black"]
    titled = _e(event_title(event, context["championship_of"]))
    names = f"{_e(isolate(white.name))} – {_e(isolate(black.name))}"
    result = _e(result_text(game.result))
    if game.is_playoff:
        title = f"{names}, play-off game {_e(game.board)} · {titled}"
        where = f"play-off game {_e(game.board)}"
    else:
        title = f"{names}, round {_e(game.round)} · {titled}"
        where = f"round {_e(game.round)}, board {_e(game.board)}"
    facts = _e(context["event_facts"])
    description = f"{names}, {where}: {result}. {_e(event.name)}: {facts}."
    script = ""
    if game.moves:
        script = f'<script src="{_e(context["url"]("static/board.js"))}"></script>'
    main = _main(context, game, white, black, result)
    return event_page(environment, context, title, description, main, script)


def event_page(
    environment: jinja2.Environment,
    context: Mapping[str, Any],
    title: str,
    description: str,
    main: list[str],
    script: str = "",
) -> str:
    """``base.html`` around an event page's ``main`` block, with the event's navigation:
    ``title`` and ``description`` (their blocks) already escaped, ``script`` the
    ``scripts`` block."""
    site, url = context["site"], context["url"]
    pending = context.get("playoff_pending", False)  # a play-off to play: not "final" on paper
    description = description.strip()
    head = [
        "<!doctype html>\n",
        f'<html lang="{_e(site.language)}">\n',
        "<head>\n",
        '<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{title}</title>\n",
    ]
    if description:
        head.append(f'<meta name="description" content="{description}">\n')
    head += [
        '<meta property="og:type" content="website">\n',
        f'<meta property="og:site_name" content="{_e(site.title)}">\n',
        f'<meta property="og:title" content="{title}">\n',
    ]
    if description:
        head.append(f'<meta property="og:description" content="{description}">\n')
    if site.base_url:
        page_path = context["page_path"]
        place = page_path[:-10] if page_path.endswith("index.html") else page_path
        absolute = _e(site.base_url.rstrip("/") + "/" + url_text(place))
        head.append(f'<meta property="og:url" content="{absolute}">\n')
        head.append(f'<link rel="canonical" href="{absolute}">\n')
    head += [
        '<meta name="twitter:card" content="summary">\n',
        f'<link rel="stylesheet" href="{_e(url("static/style.css"))}">\n',
        "</head>\n",
        "<body>\n",
        '<a class="skip" href="#main">Skip to content</a>\n',
        '<header class="site-header">\n',
        f'  <a class="site-title" href="{_e(url("index.html"))}">{_e(site.title)}</a>\n',
        "</header>\n",
        str(event_navigation(environment, context)),
        '<main id="main">\n',
        f'<p class="print-header">{event_line(context["event"], None, pending)}</p>',
    ]
    end = [
        "</main>\n",
        '<footer class="site-footer">\n',
        "  <p>Results published with crosstable.</p>\n",
        "</footer>\n",
        f"{script}</body>\n",
        "</html>\n",
    ]
    return "".join([*head, *main, *end])


def _main(context: Mapping[str, Any], game: Any, white: Any, black: Any, result: str) -> list[str]:
    """The page's ``main`` block."""
    url, links, headers = context["url"], context["links"], game.headers
    parts = [
        f'<h1 class="game-title">{player_link(white, links, url)} <span class="score">'
        f"{result}</span> {player_link(black, links, url)}</h1>\n",
    ]
    if game.is_playoff:
        meta = (
            f'<a href="{_e(url(context["paths"]["playoff"]))}">Play-off</a>, game {_e(game.board)}'
        )
    else:
        href = _e(url(links.round(game.round)))
        meta = f'<a href="{href}">Round {_e(game.round)}</a>, board {_e(game.board)}'
    date = headers.get("Date")
    if date and "?" not in date:  # in the ISO form the event's dates take, not the tag's
        meta += f" · {_e(date.replace('.', '-'))}"
    if headers.get("ECO"):
        meta += f" · {_e(headers['ECO'])}"
    if headers.get("Opening"):
        meta += f" {_e(headers['Opening'])}"
    parts.append(f'<p class="meta">{meta}</p>\n')
    parts.append(_pager(context, game))
    if game.reason:
        said = ""
        if game.pgn_result:
            said = f" (the score sheet says {_e(result_text(game.pgn_result))})"
        parts.append(f'<p class="decision">Arbiter\'s decision: {_e(game.reason)}{said}</p>')
    if game.illegal or game.side_line_left_out:
        parts.append(f'<p class="warning">{_e(illegal_note(game))}</p>')
    if game.moves:
        last = game.first_ply + len(game.moves)  # the last half-move, as the list numbers it
        after = f"{(last + 1) // 2}{'.' if last % 2 else '…'} {_e(game.moves[-1].san)}"
        end = end_word(game)
        parts += [
            f"{context['piece_defs']}\n",
            '<div class="viewer" data-viewer>\n',
            '  <div class="board-side">\n',
            '    <figure class="board-frame">\n',
            f"      {context['board']}\n",
            f'      <figcaption><span data-status aria-live="polite">{end} position, after '
            f'{after}</span><span class="visually-hidden" data-pieces>. '
            f"{_e(context['position_words'])}</span></figcaption>\n",
            "    </figure>\n",
            _CONTROLS.format(end=end),
            "  </div>\n",
            f'  <ol class="moves" aria-label="Moves"{moves_start(game.first_ply)}>\n',
            f"{context['move_list']}  </ol>\n",
            '  <script type="application/json" class="viewer-data">'
            f"{context['viewer_data']}</script>\n",
            "</div>\n",
        ]
    else:
        parts.append(
            "<p>No moves were recorded for this game; only its result.</p>\n"
            if game.finished
            else "<p>No result yet, and no moves recorded.</p>\n"
        )
    parts.append(
        '<details class="pgn">\n  <summary>PGN</summary>\n'
        f"  <pre>{_e(context['pgn_text'])}</pre>\n</details>\n"
    )
    return parts


def _pager(context: Mapping[str, Any], game: Any) -> str:
    """The links to the games before and after this one and up to its round (or play-off)."""
    url, links, pager = context["url"], context["links"], context["pager"]
    if game.is_playoff:
        label = "Play-off games"
        up = f'<a href="{_e(url(context["paths"]["playoff"]))}">Play-off</a>'
    else:
        label = f"Games of round {_e(game.round)}"
        up = f'<a href="{_e(url(links.round(game.round)))}">Round {_e(game.round)}</a>'
    before = after = ""
    if pager.previous:
        link = pager.previous
        before = (
            f'<a href="{_e(url(link.path))}" rel="prev" title="{_e(link.label)}">'
            "← Previous game</a> "
        )
    if pager.next:
        link = pager.next
        after = (
            f' <a href="{_e(url(link.path))}" rel="next" title="{_e(link.label)}">Next game →</a>'
        )
    return f'<nav class="pager" aria-label="{label}">{before}{up}{after}</nav>\n'


_GAMES_HEAD = (
    '<div class="table-wrap">\n<table class="player-games">\n'
    '  <caption class="visually-hidden">Games of <bdi>{name}</bdi>, round by round</caption>\n'
    "  <thead>{head}</thead>\n"
    "  <tbody>\n"
)

ROUNDING_NOTE = "the rating list rounds the month's total change to a whole number"
"""Said beside the event's rating change: FIDE rounds the rating period's change (8.3.4)."""


def _card_facts(context: Mapping[str, Any]) -> list[str]:
    """The card's tie-breaks, ratings and categories (``views.PlayerCard``)."""
    card, url, links = context["card"], context["url"], context["links"]
    facts = []
    if card.tiebreaks:
        values = " · ".join(
            f'<abbr title="{_e(name)}">{_e(code)}</abbr> {_e(value)}'
            for code, name, value in card.tiebreaks
        )
        facts.append(f"<dt>Tie-breaks</dt><dd>{values}</dd>")
    if card.average_rating:
        facts.append(f"<dt>Opponents' rating</dt><dd>{_e(card.average_rating)} on average</dd>")
    if card.performance:
        facts.append(f"<dt>Rating performance</dt><dd>{_e(card.performance)}</dd>")
    if card.rating_change:
        facts.append(
            f"<dt>Rating change</dt><dd>{_e(card.rating_change)} ({_e(card.k_text)}) "
            f'<span class="note">{ROUNDING_NOTE}</span></dd>'
        )
    if card.categories:
        places = "; ".join(
            f'<a href="{_e(url(links.category(id_)))}">{_e(name)}</a>: place {_e(place)}'
            for id_, name, place in card.categories
        )
        facts.append(f"<dt>Categories</dt><dd>{places}</dd>")
    return facts


def player_page(environment: jinja2.Environment, context: Mapping[str, Any]) -> str:
    """The page ``player.html`` renders with ``context`` (a player's card, ``later`` included)."""
    event, row = context["event"], context["row"]
    player = row.player
    name, points = _e(player.name), _e(score_text(row.points))
    isolated = _e(isolate(player.name))  # the title and card take no <bdi>
    title = f"{isolated} · {_e(event_title(event, context['championship_of']))}"
    unit = "point" if row.points == 1 else "points"
    if not event.rounds_played:  # no place to give yet: everyone shares the first
        where = "no results yet"
    elif not event.finished:
        where = f"place {_e(row.place)} after round {_e(event.rounds_played)} with {points} {unit}"
    else:
        where = f"final place {_e(row.place)} with {points} {unit}"
    facts = _e(context["event_facts"])
    description = f"{isolated}: {where}. {_e(event.name)}: {facts}."
    abbr = f'<abbr class="title">{_e(player.title)}</abbr> ' if player.title else ""
    progress, card = context["progress"], context["card"]
    provisional = "" if event.finished else ' <span class="note">provisional</span>'
    beside = ""  # what the points leave out: rounds still on, rounds after a withdrawal
    if progress.unfinished:
        beside = f"; {_e(rounds_text(progress.unfinished))} not finished"
    why = f" ({_e(player.withdrawal_reason)})" if player.withdrawal_reason else ""
    if progress.withdrawn_after is not None:  # said with the points, not again below
        beside += f"; withdrew {_e(withdrawal_text(progress.withdrawn_after))}{why}"
    main = [
        f"<h1>{abbr}<bdi>{name}</bdi></h1>\n",
        '<dl class="facts">\n',
        f"  <dt>Place</dt><dd>{_e(row.place)}{provisional}</dd>\n",
        f"  <dt>Points</dt><dd>{points}{_e(progress.counted_text)}{beside}</dd>\n",
    ]
    links, url = context["links"], context["url"]
    upcoming = next_game(context["lines"])  # the game still to play, found first
    if upcoming is not None:
        board = f", board {_e(upcoming.board)}" if upcoming.board else ""
        colour = f"{upcoming.colour} " if upcoming.colour else ""
        main.append(
            f'<dt>Next game</dt><dd><a href="{_e(url(links.round(upcoming.round)))}">Round '
            f"{_e(upcoming.round)}</a>{board}: {colour}against "
            f"{player_link(upcoming.opponent, links, url)}</dd>\n"
        )
    main.append(f"  <dt>Pairing number</dt><dd>{_e(player.number)}</dd>\n")
    for label, value in (
        ("Rating", player.rating),
        ("Federation", player.federation),
        ("FIDE ID", player.fide_id),
        ("Born", player.birth_year),
        ("Club", player.club),
    ):
        if value:
            main.append(f"<dt>{label}</dt><dd>{_e(value)}</dd>")
    if player.withdrawn_after is not None and progress.withdrawn_after is None:  # ahead
        when = withdrawal_text(player.withdrawn_after)
        main.append(f"<dt>Withdrew</dt><dd>{_e(when)}{why}</dd>")
    main += _card_facts(context)
    main.append("</dl>\n")
    awards = context["awards"].get(player.number)
    passes = context["passes"].get(player.number)
    if awards or passes:
        heading = "Prizes" if event.finished else "Prizes if the event ended now"
        main.append(f"<h2>{heading}</h2>\n")
    if awards:
        main.append('<ul class="awards">\n')
        for award in awards:
            money = ""
            if award.kind == "money" and award.net is not None:
                currency = _e(event.config.prizes.currency)
                money = f": {_e(f'{award.net:,.2f}')} {currency}"
                if award.fines:
                    money += f" after {_e(f'{award.fines:,.2f}')} in fines"
            reason = phrase_html(award.reason)
            main.append(f"  <li>{badges({0: [award]}, 0)} {reason}{money}</li>\n")
        main.append("</ul>\n")
    if passes:  # the prizes that passed the player over, and why (``views.passed_over_lines``)
        main.append('<ul class="awards passed-over">\n')
        main += [f"  <li>{phrase_html(line)}</li>\n" for line in passes]
        main.append("</ul>\n")
    if progress.charted > 1:
        main.append(
            f'<figure class="chart-frame">\n  {context["chart"]}\n  <figcaption>Score after each'
            " round (the dotted line: a win every round).</figcaption>\n</figure>\n"
        )
    rated = card.rating_change != ""  # the "Rtg+/-" column, in the heading and the rows
    boards = True  # the "Bd." column, likewise (player.html's ``board``)
    main.append(_GAMES_HEAD.format(name=name, head=player_games_head(rated, boards)))
    main += [
        f"    {player_game_row(line, links, url, rated, boards)}\n" for line in context["lines"]
    ]
    main.append("  </tbody>\n</table>\n</div>\n")
    return event_page(environment, context, title, description, main)
