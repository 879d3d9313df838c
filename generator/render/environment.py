"""The Jinja2 environment: built-in templates, a site's own overrides, filters, relative URLs."""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable, Mapping
from dataclasses import is_dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
import jinja2.runtime
from markupsafe import Markup

from ..buildstate import builtin_templates_dir as builtin_templates_dir
from ..text import number_text, ordinal, score_text, withdrawal_text
from .bidi import isolate, phrase_html, phrase_text
from .fragments import FRAGMENTS
from .views import (
    event_status,
    event_title,
    illegal_note,
    listed_players,
    next_game,
    playoff_progress,
    result_text,
    rounds_text,
    shows_federations,
    standings_round,
)


def relative_url(from_page: str, target: str) -> str:
    """A link from one output file to another that works at /, under /<repo>/ and on file://."""
    return _relative_url(posixpath.dirname(from_page) or ".", target)


@functools.lru_cache(maxsize=65536)
def _relative_url(start: str, target: str) -> str:
    """Memoised: the pages of one folder link to the same pages over and over. Worked out from
    the paths' parts: ``posixpath.relpath`` asks the system for the current folder each time
    (a rebuild of a 2,000-player event makes 26,000 different links)."""
    start_parts = [] if start == "." else start.split("/")
    target_parts = target.rstrip("/").split("/") if target.rstrip("/") else []
    if any(part in ("", ".", "..") for part in (*start_parts, *target_parts)):
        url = posixpath.relpath(target, start)  # not a plain path of the site: normalise it
    else:
        common = 0
        for mine, theirs in zip(start_parts, target_parts, strict=False):
            if mine != theirs:
                break
            common += 1
        url = "/".join([".."] * (len(start_parts) - common) + target_parts[common:]) or "."
    if target.endswith("/") and not url.endswith("/"):
        url += "/"
    return url_text(url)


def url_text(path: str) -> str:
    """A path as a link writes it: a name in another script ("players/1-иванов.html", see
    ``model.slugify``) %-encoded as UTF-8, which every browser, server and file:// reads back
    to the file's name, and which tools that take only ASCII in links still follow."""
    if path.isascii():
        return path
    return "".join(char if char.isascii() else quote(char, safe="") for char in path)


def url_for(page: str) -> Callable[[str], str]:
    start = posixpath.dirname(page) or "."  # once per page: a table page asks 30,000 times

    def url(target: str) -> str:
        return _relative_url(start, target)

    return url


def make_environment(site_templates: Path | None) -> jinja2.Environment:
    """Templates in the site's own ``templates/`` shadow the built-in ones of the same name."""
    folders = [str(builtin_templates_dir())]
    if site_templates is not None and site_templates.is_dir():
        folders.insert(0, str(site_templates))
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # one environment per build: no need to look at the files again
    )
    environment.filters["points"] = score_text
    environment.filters["number"] = number_text
    environment.filters["result"] = result_text
    environment.filters["illegal_note"] = illegal_note  # a game page's note of a bad move
    environment.filters["ordinal"] = ordinal
    environment.filters["url_text"] = url_text
    environment.filters["phrase"] = phrase_html
    environment.filters["phrase_text"] = phrase_text
    environment.filters["isolate"] = isolate
    environment.filters["listed"] = listed_players
    environment.filters["titled"] = event_title
    environment.filters["rounds"] = rounds_text
    environment.filters["withdrawal"] = withdrawal_text  # "after round 2", "before round 1"
    # The event's status in the same words on every page: ``event_status(event, pending).short``.
    environment.globals["event_status"] = event_status
    # The standings' round as their status reads: "after round 3", "during round 4".
    environment.globals["standings_round"] = standings_round
    # A pending play-off's state and the word before its game: "Being played. Now: ...".
    environment.globals["playoff_progress"] = playoff_progress
    # A card's game still to play, said beside its points: ``next_game(lines)``.
    environment.globals["next_game"] = next_game
    # chess-results' FED column, when the players come from two federations or more.
    environment.globals["shows_federations"] = shows_federations
    own_nav = site_templates is not None and (site_templates / NAV_LINKS).is_file()
    environment.globals["event_nav"] = _event_nav(memoise=NAV_MEMO and not own_nav)
    own_macros = site_templates is not None and (site_templates / "_macros.html").is_file()
    for name, function in FRAGMENTS.items():
        environment.globals[name] = (
            _site_macro(environment, name, function) if own_macros else function
        )
    return environment


NAV_LINKS = "_event_nav_links.html"
NAV_MEMO = True
"""Whether ``event_nav`` keeps what it rendered (tests compare with it off)."""


def _event_nav(memoise: bool) -> Callable[..., Markup]:
    """``event_nav()``: the event's navigation (``_event_nav_links.html``) rendered with the
    page's context. Every page of an event shows the same navigation but for the links,
    relative to the page's folder, and the link to the page itself, marked current: with the
    built-in links template it is rendered once per event, folder and current page, not once
    for each of 13,000 pages."""
    memo: dict[tuple[object, ...], Markup] = {}

    def navigation(environment: jinja2.Environment, context: Mapping[str, Any]) -> Markup:
        key = _nav_key(context) if memoise else None
        found = memo.get(key) if key is not None else None
        if found is None:
            template = environment.get_template(NAV_LINKS)
            found = Markup(template.render(dict(context)))
            if key is not None:
                memo[key] = found
        return found

    @jinja2.pass_context
    def event_nav(context: jinja2.runtime.Context) -> Markup:
        return navigation(context.environment, context.get_all())

    event_nav.navigation = navigation  # type: ignore[attr-defined]
    return event_nav


def event_navigation(environment: jinja2.Environment, context: Mapping[str, Any]) -> Markup:
    """``event_nav()`` of a page whose context is ``context``, outside a template (the game
    pages written in Python: ``render.pages``)."""
    return environment.globals["event_nav"].navigation(environment, context)  # type: ignore[no-any-return,attr-defined]


def _nav_key(context: Mapping[str, Any]) -> tuple[object, ...]:
    """What the built-in navigation shows: the event (one object per build), the page's
    folder (the links are relative to it), the page itself when the navigation links it,
    and the event's settings of the navigation."""
    event, paths, links = context["event"], context["paths"], context["links"]
    page_path = context["page_path"]
    pages = context["pages"]
    linked = _linked_pages(event, paths, links, pages)
    championship = context["championship_of"].get(event.slug)
    return (
        *(id(event), posixpath.dirname(page_path), page_path if page_path in linked else None),
        *(event.slug, event.name, event.rounds, event.is_round_robin, tuple(paths.items())),
        *(id(championship), tuple(title for _, title in pages), bool(context["prizes"])),
        *(bool(context["show_playoff"]), bool(context["show_arbiter"])),
    )


_LINKED: list[tuple[object, object, object, frozenset[str]]] = []
"""The last event's pages that its navigation links, with the objects they came from."""


def _linked_pages(event: Any, paths: Any, links: Any, pages: Any) -> frozenset[str]:
    """The pages the navigation links (the page itself is marked among them), worked out
    once per event: every one of its 13,000 pages asks."""
    if _LINKED and all(a is b for a, b in zip(_LINKED[0], (event, paths, pages), strict=False)):
        return _LINKED[0][3]
    rounds = range(1, event.rounds + 1)
    linked = {*paths.values(), *(links.round(n) for n in rounds)}
    linked |= {links.round_by_name(n) for n in rounds}  # marks its round's link
    linked |= {links.page(page.slug) for page, _ in pages}
    _LINKED[:] = [(event, paths, pages, frozenset(linked))]
    return _LINKED[0][3]


_HEADED_ROWS = {"player_games_head": "player_game_row", "rank_federation_head": "rank_row"}
"""A heading of ``_macros.html`` given whether to show a column, by the row macro beside it."""


def _site_macro(
    environment: jinja2.Environment, name: str, built_in: Callable[..., Any]
) -> Callable[..., Any]:
    """The site's own macro ``name`` of its ``_macros.html``, for templates that call it
    without importing it (the built-in ones: ``fragments``); the built-in fragment when the
    site's file has no such macro (a copy made before it was added)."""

    def call(*args: Any) -> Any:
        module = environment.get_template("_macros.html").module
        macro = getattr(module, name, None)
        if macro is None and hasattr(module, _HEADED_ROWS.get(name, "")):
            # A copy made before the heading joined its rows: they have no "Rtg+/-" (FED)
            # cell, so the heading has no such column either (not one that shifts the columns).
            return built_in(False)
        if macro is None:
            return built_in(*args)
        # A copy from before the heading joined its rows gets that heading without "Rtg+/-":
        # its row, told by the line alone, leaves the cell out too.
        older = name == "player_game_row" and not hasattr(module, "player_games_head")
        line = args[0] if args else None
        if older and is_dataclass(line) and not isinstance(line, type):
            args = (replace(line, rating_change=None), *args[1:])
        if not macro.catch_varargs:  # a copy made before the macro took more arguments
            args = args[: len(macro.arguments)]
        return macro(*args)

    return call
