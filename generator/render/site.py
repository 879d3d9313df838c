"""Render stage: every file of the output site, as a mapping of relative path to bytes.

Pages link to each other with relative URLs only (see ``relative_url``), so the same files work
at a domain's root, under ``/<repo>/`` on GitHub Pages, and opened from disk.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import html
import marshal
import os
import pickle
import re
import traceback
import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import jinja2

from ..config.event import FineEntry, normalise_name
from ..links import local_path, markdown_converter, resolved
from ..model import Championship, Event, Game, Player, Site, slugify
from ..parallel import run_parallel
from ..problems import Problem
from ..rules.categories import category_of, category_ranking, reference_date
from ..rules.checks import CHECKS, game_context
from ..rules.playoffs import Playoff, playoff_format
from ..rules.prizes import Award, forfeit_cancels_money, title_kind
from ..rules.ratings import RatingChange
from ..rules.scores import PlayerRecord
from ..rules.standings import StandingRow, Standings, column_keys, ranking_key
from ..text import Phrase, disk_name, list_joints, score_text
from . import board, charts, exports, fragments, views
from .bidi import isolate
from .environment import builtin_templates_dir, make_environment, relative_url, url_for
from .pages import game_page, player_page
from .trf import tournament_trf

RESERVED_PAGES = frozenset(
    {
        "index",
        "standings",
        "crosstable",
        "players",
        "games",
        "rounds",
        "tiebreaks",
        "playoff",
        "prizes",
        "arbiter",
    }
)


@dataclass(frozen=True)
class EventOutcome:
    """What the rule stage decided for one event, ready to print."""

    event: Event
    records: dict[int, PlayerRecord]
    standings: Standings
    warnings: tuple[Problem, ...]
    history: tuple[Standings, ...] = ()
    """Standings after each earlier round: ``history[0]`` after round 1, and so on."""
    playoffs: tuple[Playoff, ...] = ()
    prizes: tuple[Award, ...] = ()
    rating_changes: Mapping[int, RatingChange] = field(default_factory=dict)
    """Each player's FIDE rating change (``rules.ratings.rating_changes``), by number: worked
    out once, for the cards and ``results.json`` alike; empty when the event gives no K."""


_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.IGNORECASE)
_SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
_IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]")
"""What a browser drops from a link before it reads its scheme (spaces, tabs, controls)."""


def safe_link(value: str) -> bool:
    """A link target Markdown may keep: relative, or web, mail or telephone. Read as the
    browser reads it, entities decoded (``java&#115;cript:``) and spaces and controls
    dropped, so no spelling of ``javascript:`` or ``data:`` gets through."""
    found = _SCHEME.match(_IGNORED_IN_URLS.sub("", html.unescape(value)))
    return found is None or found.group(1).lower() in _SAFE_SCHEMES


class _ScriptLinks:
    """A Markdown tree processor that drops ``javascript:`` (and similar) link targets, the one
    way left for Markdown to carry a script once raw HTML is escaped."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is not None and not safe_link(value):
                    element.set(attribute, "#")


_TEMPLATE_FAULTS = (
    jinja2.TemplateError,
    ArithmeticError,
    LookupError,
    TypeError,
    ValueError,
    RecursionError,
)
"""What a site's own template may raise while it renders a page."""


class TemplateFailure(jinja2.TemplateError):
    """A site's template failed while it rendered a page, at ``path``, ``line``: worked out
    where it happened (a worker process's traceback does not come back with the error)."""

    def __init__(self, message: str, path: str, line: int | None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line

    def __reduce__(self) -> tuple[type[TemplateFailure], tuple[str, str, int | None]]:
        return (TemplateFailure, (self.message or "", self.path, self.line))


def fault_words(exc: BaseException) -> str:
    """What went wrong, in the words of the exception, without a traceback."""
    kind = {
        ZeroDivisionError: "division by zero",
        RecursionError: "a template that includes or extends itself",
        UnicodeDecodeError: "a template file that is not UTF-8 text",
    }
    for cls, words in kind.items():
        if isinstance(exc, cls):
            return words
    if isinstance(exc, OSError):
        return f"cannot read a template: {exc.strerror or exc}"
    return str(exc) or type(exc).__name__


def _site_template_frame(exc: BaseException, templates: Path) -> tuple[str, int | None] | None:
    """The last place in the site's templates the traceback of ``exc`` passes through."""
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if templates in Path(frame.filename).parents:
            found = (frame.filename, frame.lineno)
    return found


class _PageLinks:
    """A Markdown tree processor that turns links to other Markdown pages ("rules.md#fees")
    into links to the pages the site publishes from them ("rules.html#fees")."""

    def __init__(self, relink: Callable[[str], str | None]) -> None:
        self.relink = relink

    def run(self, root: etree.Element) -> None:
        for element in root.iter("a"):
            value = element.get("href")
            found = self.relink(value) if value is not None else None
            if found is not None:
                element.set("href", found)


def markdown_html(
    text: str, raw_html: bool = False, relink: Callable[[str], str | None] | None = None
) -> str:
    """Markdown to HTML with raw HTML escaped: organisers write text, not markup.

    ``raw_html`` (site.toml ``markdown_raw_html = true``) keeps raw HTML for sites that want it.
    ``relink(href)`` gives the link to publish for a link to another page, or ``None``.
    """
    converter = markdown_converter(raw_html)
    if not raw_html:
        converter.treeprocessors.register(_ScriptLinks(), "script-links", 1)
    if relink is not None:
        converter.treeprocessors.register(_PageLinks(relink), "page-links", 2)
    try:
        return str(converter.convert(text))
    except RecursionError:  # lists nested hundreds deep: the text, as written
        return f"<pre>{html.escape(text)}</pre>"


def markdown_title(text: str, fallback: str) -> str:
    """The first level-1 heading in plain text, as the page shows it: the navigation and the
    window title read "2026 Rules" and "Fish & Chips", not "**2026** Rules", "Fish &amp;
    Chips"."""
    for line in text.splitlines():
        if line.startswith("# "):
            return _heading_text(line) or fallback
    return fallback


@functools.lru_cache(maxsize=1024)
def _heading_text(line: str) -> str:
    """Every page of an event names its pages in the navigation: worked out once."""
    return html.unescape(re.sub(r"<[^>]*>", "", markdown_html(line))).strip()


def event_paths(event: Event) -> dict[str, str]:
    """Where each page of an event lives in the output."""
    base = event.slug
    return {
        "home": f"{base}/index.html",
        "standings": f"{base}/standings.html",
        "crosstable": f"{base}/crosstable.html",
        "players": f"{base}/players/index.html",
        "tiebreaks": f"{base}/tiebreaks.html",
        "playoff": f"{base}/playoff.html",
        "arbiter": f"{base}/arbiter.html",
        "prizes": f"{base}/prizes.html",
        "json": f"{base}/results.json",
        "csv": f"{base}/standings.csv",
        "pgn": f"{base}/games.pgn",
        "trf": f"{base}/tournament.trf",
    }


def standings_path(event: Event, after_round: int) -> str:
    """The current standings, or those after an earlier round."""
    if after_round >= event.rounds_played:
        return f"{event.slug}/standings.html"
    return f"{event.slug}/standings/after-round-{after_round}.html"


def category_path(event: Event, category_id: str) -> str:
    return f"{event.slug}/categories/{slugify(category_id)}.html"


def round_path(event: Event, number: int) -> str:
    return f"{event.slug}/rounds/round-{number}.html"


def round_by_name_path(event: Event, number: int) -> str:
    """A round's pairings by player name: a page of its own beside the boards', so that a
    300-player open's round page stays its 150 boards (chess-results and SwissSys publish
    the alphabetical list apart too)."""
    return f"{event.slug}/rounds/round-{number}-by-name.html"


def player_path(event: Event, number: int) -> str:
    return f"{event.slug}/players/{event.player(number).slug}.html"


def game_path(event: Event, game: Game) -> str:
    return f"{event.slug}/games/{game.slug}.html"


def page_path(event: Event, slug: str) -> str:
    return f"{event.slug}/{slug}.html"


def awards_by_player(awards: tuple[Award, ...]) -> dict[int, list[Award]]:
    """Each player's titles, trophies and money, for badges on the standings and cards."""
    found: dict[int, list[Award]] = {}
    for award in awards:
        if award.player is not None:
            found.setdefault(award.player, []).append(award)
    return found


def has_playoff_page(outcome: EventOutcome) -> bool:
    """A play-off page exists once a play-off was due (or settled without one): after the
    last round (a tie for first before it comes and goes with every result), and only where
    the rules hold one (without, the tie-breaks settle a tie: the standings say how)."""
    event = outcome.event
    if not event.finished:
        return False
    return any(
        p.format is not None and (p.status != "not-needed" or len(p.tied) > 1)
        for p in outcome.playoffs
    )


def _gives_girls_titles(event: Event) -> bool:
    """Whether the event gives a girls' title (By-law 3, 2b), written kind = "girls" or
    one by default, its category being of girls only (``prizes.title_kind``): the prize
    page then says a girl may hold one as well as an open title."""
    return any(
        title_kind(title, category_of(event, title.category)) == "girls"
        for title in event.config.titles
    )


def _fined(event: Event) -> tuple[tuple[Player | None, FineEntry], ...]:
    """Each ``[[fines]]`` entry with the player it names (by name or alias), for the
    prize page to link."""
    named = {normalise_name(n): p for p in event.players for n in (p.name, *p.aliases)}
    return tuple((named.get(normalise_name(f.player)), f) for f in event.config.fines)


def has_game_page(game: Game) -> bool:
    """Games that came from a PGN file get a page; forfeits and bare results do not."""
    return not game.forfeit and game.source is not None and _is_pgn_file(game.source)


@functools.lru_cache(maxsize=1024)
def _is_pgn_file(source: Path) -> bool:
    """Memoised: a rank table asks for each of its 22,000 cells, and a path's suffix is
    worked out from its parts every time (the few files of an event are asked again)."""
    return source.suffix.lower() == ".pgn"


def event_facts(event: Event) -> str:
    """Rounds, players, place and dates: "9 rounds, 10 players, Melbourne, 2026-07-08 –
    2026-07-17", for the text a shared link shows."""
    facts = f"{event.rounds} rounds, {len(event.players)} players"
    if event.config.location:
        facts += f", {event.config.location}"
    start, end = event.config.start, event.config.end
    if start:
        facts += f", {start.isoformat()}"
        facts += f" – {end.isoformat()}" if end and end != start else ""
    return facts


def social_card(outcome: EventOutcome) -> dict[str, str]:
    """The text a shared link to a page of the event shows (Open Graph, Twitter's summary card):
    the winner once the event is over, otherwise the leaders after the last round played.
    Players' and games' pages have their own (the player's place, the game), so that a result
    that changes the leaders does not change the 13,000 pages of an open."""
    event, rows = outcome.event, outcome.standings.rows

    def names(players: list[Player]) -> str:
        # Plain text in the page's head: each name isolated, as no <bdi> may go there.
        named = [f"{p.title} {isolate(p.name)}" if p.title else isolate(p.name) for p in players]
        if len(named) > 3:
            return f"{len(named)} players"
        joints = list_joints([p.name for p in players])  # "; " between "Last, First" names
        return "".join(joint + name for joint, name in zip(joints, named, strict=True))

    facts = event_facts(event)
    lead = ""
    if rows and event.rounds_played > 0:
        top = [row for row in rows if row.points == rows[0].points]
        unit = "point" if rows[0].points == 1 else "points"  # "½ points", "0 points"
        points = f"{score_text(rows[0].points)} {unit}"
        playoff = next((p for p in outcome.playoffs if p.place == 1), None)
        if not event.finished:
            verb = "leads" if len(top) == 1 else "lead"
            lead = f"{views.event_status(event).sentence}: "
            lead += f"{names([row.player for row in top])} {verb} with {points}."
        elif playoff is not None and playoff.status == "pending":
            # Not "Final:" while the play-off is to be played, as no page says so then.
            lead = f"{views.event_status(event, playoff_pending=True).sentence}: "
            lead += f"{names([event.player(n) for n in playoff.tied])} are tied for "
            lead += f"1st place on {points}"
            if len(playoff.players) < len(playoff.tied):  # the ACF's reduction (5.2.1)
                lead += f"; {names([event.player(n) for n in playoff.players])} play off"
            lead += "."
        elif rows[0].decided_by == "shared":
            shared = [row.player for row in rows if row.rank == 1]
            lead = f"Final: {names(shared)} share 1st place on {points}."
        else:
            how = {"playoff": ", after a play-off", "lots": ", by lot", "points": ""}
            lead = f"Won by {names([rows[0].player])} with {points}"
            lead += how.get(rows[0].decided_by, " on tie-break") + "."
    return {"description": f"{lead} {facts}.".strip()}


@dataclass(frozen=True)
class ArbiterNote:
    """One warning as the Arbiter report prints it, with the game or player it concerns."""

    message: Phrase
    """The warning, with the players' names it holds kept apart (``Problem.words``)."""
    hint: Phrase
    where: str
    game: Game | None = None
    player: Player | None = None


@dataclass(frozen=True)
class ArbiterSection:
    code: str
    heading: str
    notes: tuple[ArbiterNote, ...]


def _game_place(context: Mapping[str, object]) -> tuple[object, ...]:
    """Which game a warning's context names (``checks.game_context``): ("round", 3, 2), or
    ("playoff", 1); () where it names none."""
    if "playoff_game" in context:
        return ("playoff", context["playoff_game"])
    if "round" in context and "board" in context:
        return ("round", context["round"], context["board"])
    return ()


def arbiter_report(outcome: EventOutcome) -> tuple[ArbiterSection, ...]:
    """The event's warnings grouped by check, in the order ``rules.checks.CHECKS`` lists them.

    A warning located at a game's first line (every game check), or naming a game in its
    context (``illegal-move``, on the move's line), links to that game; one naming a
    ``player`` links to the player.
    """
    event = outcome.event
    # By the file's name as text: 11,000 games' paths, each hashed for the first time, cost
    # a fifth of a second; only the games that warnings point to are looked for.
    wanted = {(str(p.path), p.line) for p in outcome.warnings if p.path is not None}
    games: dict[tuple[str, int | None], Game] = {}
    for game in (*event.games, *event.playoff_games):
        if game.source is not None and game.line is not None:
            place = (str(game.source), game.line)
            if place in wanted:
                games[place] = game
    # A warning on a line inside a game (an illegal move, on its own line) names its game
    # in its context, as results.json does: round and board, or the play-off game.
    inside = {
        _game_place(dict(p.context))
        for p in outcome.warnings
        if p.path is not None and (str(p.path), p.line) not in games
    } - {()}
    placed: dict[tuple[object, ...], Game] = {}
    for game in (*event.games, *event.playoff_games) if inside else ():
        where = _game_place(game_context(event, game))
        if where in inside:
            placed[where] = game
    players = {player.name: player for player in event.players}
    grouped: dict[str, list[ArbiterNote]] = {}
    for problem in outcome.warnings:
        player = players.get(str(dict(problem.context).get("player", "")))
        found = games.get((str(problem.path), problem.line)) if problem.path is not None else None
        if found is None and problem.path is not None:
            found = placed.get(_game_place(dict(problem.context)))
        note = ArbiterNote(
            problem.words,
            problem.hint_words,
            problem.location(event.folder),
            found,
            player,
        )
        code = problem.code if problem.code in CHECKS else OTHER_WARNINGS
        grouped.setdefault(code, []).append(note)
    headings = {**CHECKS, OTHER_WARNINGS: "Other warnings"}
    return tuple(
        ArbiterSection(code, heading, tuple(grouped[code]))
        for code, heading in headings.items()
        if code in grouped
    )


OTHER_WARNINGS = "other-warnings"
"""The one section of the warnings ``CHECKS`` has no heading for: each had a section of its
own, all headed "Other warnings"."""


@dataclass
class PageJob:
    """A page to render: its path, template and context, and what is worked out only when it
    is rendered (``later``: the board, moves and PGN of a game page)."""

    path: str
    template: str
    context: dict[str, Any]
    later: Callable[[], dict[str, Any]] | None = None
    key: str | None = None
    """A digest of everything the page shows (``game_page_key``), or ``None``: a page with an
    unchanged key need not be rendered again (``generator.cache``)."""
    keyer: Callable[[], str] | None = None
    """What works the ``key`` out when it is first asked for (``page_key``): by the process
    that renders the page, beside the others, rather than by this one before them all (the
    keys of a 2,000-player open's 13,000 pages take half a second)."""
    make: Callable[[], str] | None = None
    """A file written by Python, not a template (an export: ``results.json``, the games'
    PGN): made by a worker process beside the pages, rather than by this one before them."""
    weight: int | None = None
    """How much work the file is, in players' pages (``page_weight``); ``None``: by template."""

    def page_key(self) -> str | None:
        """The ``key``, worked out by the ``keyer`` the first time."""
        if self.key is None and self.keyer is not None:
            self.key = self.keyer()
        return self.key


ROW_TABLES = frozenset({"standings.html", "ranktable.html", "round.html"})
"""Pages whose table rows are kept from one build to the next (``SiteRenderer.rows``)."""


def rows_file(path: str) -> str:
    """The name of the file that keeps the rows of the table page at ``path``."""
    return hashlib.blake2b(path.encode(), digest_size=16).hexdigest()


WRITTEN_IN_PYTHON = {"game.html": game_page, "player.html": player_page}
"""The pages written in Python with the built-in templates, by template (``pages``)."""


class SiteRenderer:
    def __init__(
        self, site: Site, outcomes: list[EventOutcome], jobs: int = 1, keys: str | None = None
    ) -> None:
        self.site = site
        self.outcomes = outcomes
        self.environment: jinja2.Environment = make_environment(site.folder / "templates")
        self.files: dict[str, bytes] = {}
        self.jobs = jobs
        self.keys = keys
        """With the fingerprint of the templates and code: give game pages a ``PageJob.key``."""
        self.pages: list[PageJob] | None = [] if jobs > 1 or keys is not None else None
        """With several ``jobs`` (or ``keys``) the pages are collected, then rendered (by
        several processes), all of them or those ``generator.cache`` does not keep."""
        self.after: list[tuple[str, Callable[[], str], int]] = []
        """Files made once the pages are (``finish``): the games' PGN, from the PGN of each
        game that the game pages worked out (``exports.EXPORTS``), not worked out twice."""
        self._events = [o.event for o in outcomes]
        self.python_pages = not (site.folder / "templates").exists()
        """Game and player pages written in Python (``WRITTEN_IN_PYTHON``): the site has no
        templates of its own, so these pages are the built-in templates' (the functions
        write the same)."""
        self._championship_of = {s: c for c in site.championships for s in c.sections}
        self._section_names = {
            e.slug: e.name for e in self._events if e.slug in self._championship_of
        }
        """The published sections' names, for the row of sections of their pages (not
        ``events``: serve would then take every event's pages to show every other event)."""
        self._markdown_pages = {
            page.source.resolve(): page_path(o.event, page.slug)
            for o in outcomes
            for page in o.event.pages
        }
        """Where each Markdown page is published, by its file: for links between pages."""
        self._markdown_pages[(site.folder / "content" / "index.md").resolve()] = "index.html"
        self.rows: tuple[str, str] | None = None
        """A folder where the big tables keep their rows for the next build, and the code's
        fingerprint (``fragments.RowMemo``); ``None``: rows are not kept."""

    def render(self) -> dict[str, bytes]:
        self.collect()
        if self.pages:
            self.files.update(render_pages(self, self.pages, self.jobs))
        self.finish()
        return dict(sorted(self.files.items()))

    def after_beside(self) -> list[PageJob]:
        """The files left for after the pages (``after``) as jobs to make beside them, by the
        worker processes: when few game pages are rendered again, the games' PGN are known
        already (``exports.EXPORTS``) and need not wait for the pages."""
        jobs = [PageJob(path, "", {}, make=make, weight=w) for path, make, w in self.after]
        self.after.clear()
        return jobs

    def finish(self) -> dict[str, bytes]:
        """Make the files left for after the pages (``after``); return them, kept in ``files``."""
        made = {path: make().encode("utf-8") for path, make, _ in self.after}
        self.after.clear()
        self.files.update(made)
        return made

    def collect(self) -> None:
        """Every file: written to ``files``, or (collecting) pages listed in ``pages``."""
        self._static()
        home = self.site.home_markdown
        awaiting = self._awaiting_playoff()
        self._page(
            "index.html",
            "home.html",
            title=markdown_title(home, self.site.title),
            content=markdown_html(
                home,
                self.site.markdown_raw_html,
                self._relink(self.site.folder / "content" / "index.md", "index.html"),
            ),
            events_awaiting_playoff=awaiting,
            # What the home page called it before (an event page's ``playoff_pending`` is a
            # bool): a site's own ``home.html`` copied then still reads it.
            playoff_pending=awaiting,
        )
        for championship in self.site.championships:
            self._championship(championship)
        for outcome in self.outcomes:
            self._event(outcome)
        self._attachments()

    def _relink(self, source: Path, published: str) -> Callable[[str], str | None]:
        """``markdown_html``'s ``relink`` for the page of file ``source`` published at
        ``published``: a link to another Markdown file leads to the page made of it."""

        def relink(href: str) -> str | None:
            path = local_path(href)
            if path is None or not path.endswith(".md"):
                return None
            found = resolved(source.parent / disk_name(path))  # None: a link loop
            target = self._markdown_pages.get(found) if found is not None else None
            if target is None:
                return None
            fragment = href.partition("#")[2]
            return relative_url(published, target) + (f"#{fragment}" if fragment else "")

        return relink

    def _attachments(self) -> None:
        """The files the Markdown pages link beside them, where the links lead; a file the
        site makes itself at that place (links.page_attachments warns of most) comes first."""
        taken = {*self.files, *(job.path for job in self.pages or ()), *(p for p, *_ in self.after)}
        wanted = [(f.name, f.data) for f in self.site.home_files]
        for outcome in self.outcomes:
            for page in outcome.event.pages:
                wanted += [(f"{outcome.event.slug}/{f.name}", f.data) for f in page.files]
        for path, data in wanted:
            if path not in taken:
                self.files[path] = data
                taken.add(path)

    def _championship(self, championship: Championship) -> None:
        """The landing page of a championship: every section with its winners and titles."""
        by_slug = {o.event.slug: o for o in self.outcomes}
        sections = [by_slug[s] for s in championship.sections if s in by_slug]
        self._page(
            f"{championship.slug}/index.html",
            "championship.html",
            championship=championship,
            sections=sections,
            section_links={o.event.slug: EventLinks(o.event) for o in sections},
            events_awaiting_playoff=self._awaiting_playoff(),
        )

    def _awaiting_playoff(self) -> frozenset[str]:
        """The events (slugs) whose rounds are all played and a play-off is still to decide a
        place: the home page and a championship's table call them neither "final" nor
        unfinished (``views.event_status``)."""
        return frozenset(
            o.event.slug for o in self.outcomes if any(p.status == "pending" for p in o.playoffs)
        )

    def _static(self) -> None:
        for folder in (
            builtin_templates_dir() / "static",
            self.site.folder / "templates" / "static",
        ):
            if folder.is_dir():
                for path in sorted(folder.iterdir()):
                    if path.is_file():
                        self.files[f"static/{path.name}"] = path.read_bytes()

    def _page(
        self,
        path: str,
        template: str,
        later: Callable[[], dict[str, Any]] | None = None,
        page_key: Callable[[], str] | None = None,
        **context: Any,
    ) -> None:
        job = PageJob(path, template, context, later, keyer=page_key)
        if self.pages is not None:
            self.pages.append(job)
        else:
            self.files[path] = self.page_bytes(job)

    def _export(self, path: str, make: Callable[[], str], weight: int, after: bool = False) -> None:
        """An export file, made with the pages (or at once, when pages are not collected),
        or ``after`` them (``finish``); ``weight`` as in ``page_weight``."""
        if self.pages is None:
            self.files[path] = make().encode("utf-8")
        elif after:
            self.after.append((path, make, weight))
        else:
            self.pages.append(PageJob(path, "", {}, make=make, weight=weight))

    def page_bytes(self, job: PageJob) -> bytes:
        try:
            if self.rows is not None and job.template in ROW_TABLES:
                folder, version = self.rows
                with fragments.kept_rows(f"{folder}/{rows_file(job.path)}", version):
                    return self._page_bytes(job)
            return self._page_bytes(job)
        except _TEMPLATE_FAULTS as exc:
            place = _site_template_frame(exc, self.site.folder / "templates")
            if place is None:
                raise
            raise TemplateFailure(
                str(exc) if isinstance(exc, jinja2.TemplateError) else fault_words(exc), *place
            ) from None

    def forget_rows(self, pages: Sequence[PageJob]) -> None:
        """Remove the kept rows of tables that are no longer among ``pages`` (an event
        renamed or removed, fewer rounds)."""
        if self.rows is None:
            return
        wanted = {rows_file(job.path) for job in pages if job.template in ROW_TABLES}
        with contextlib.suppress(OSError):  # no rows kept yet
            for entry in os.scandir(self.rows[0]):
                if entry.name not in wanted:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)

    def _page_bytes(self, job: PageJob) -> bytes:
        if job.make is not None:
            return job.make().encode("utf-8")
        context = dict(job.context, **job.later()) if job.later is not None else job.context
        every_page = {
            "site": self.site,
            "url": url_for(job.path),
            "page_path": job.path,
            "events": list(self._events),
            "championship_of": dict(self._championship_of),
            "section_names": dict(self._section_names),
        }
        written = WRITTEN_IN_PYTHON.get(job.template) if self.python_pages else None
        if written is not None:
            return written(self.environment, {**every_page, **context}).encode("utf-8")
        html = self.environment.get_template(job.template).render(**every_page, **context)
        return html.encode("utf-8")

    def _event(self, outcome: EventOutcome) -> None:
        event = outcome.event
        standings = outcome.standings
        paths = event_paths(event)
        links = EventLinks(event)
        common: dict[str, Any] = {
            "event": event,
            "standings": standings,
            "paths": paths,
            "links": links,
            "pages": [(p, markdown_title(p.markdown, p.slug)) for p in event.pages],
            "tiebreaks": views.tiebreak_columns(event),
            "show_playoff": has_playoff_page(outcome),
            "show_arbiter": bool(outcome.warnings),
            "playoffs": outcome.playoffs,
            # Every page's printed heading says so (``fragments.event_line``); in the keys.
            "playoff_pending": any(p.status == "pending" for p in outcome.playoffs),
            "prizes": outcome.prizes,
            "awards": awards_by_player(outcome.prizes),
            # On each card, the prizes that passed the player over, and why.
            "passes": views.passed_over_lines(event, outcome.prizes),
            "social": social_card(outcome),
            "event_facts": event_facts(event),
        }
        own_card = {k: v for k, v in common.items() if k != "social"}  # players', games' pages
        self._exports(outcome, paths)
        leaders = [row.player for row in standings.rows[: len(charts.COLOURS)]]
        charted = views.rounds_charted(event)
        by_round = (*outcome.history, standings)[:charted]
        series = [
            (player.name, [s.place_of(player.number) for s in by_round]) for player in leaders
        ]
        self._page(
            paths["home"],
            "event.html",
            rank_chart=charts.rank_by_round(series, len(event.players)) if charted > 1 else "",
            # The rounds still being played after the chart's last: said under it.
            chart_left_out=tuple(range(charted + 1, event.rounds_played + 1)),
            chart_legend=[
                (name, charts.COLOURS[i], charts.DASHES[i]) for i, (name, _) in enumerate(series)
            ],
            leaders=(top := views.leaders(standings)),
            leaders_beyond=views.leaders_beyond(standings, top),
            next_pairings=views.next_pairings(event),
            **common,
        )
        chrome = self._chrome_key(outcome, common) if self.keys is not None else None
        own_chrome = self._chrome_key(outcome, own_card) if self.keys is not None else None
        columns = common["tiebreaks"]
        after = views.columns_after(columns, standings.after_round)
        self._page(
            paths["standings"], "standings.html", shown=standings, **{**common, "tiebreaks": after}
        )
        for earlier in outcome.history:
            self._page(
                standings_path(event, earlier.after_round),
                "standings.html",
                page_key=functools.partial(standings_page_key, chrome, event, earlier)
                if chrome
                else None,
                shown=earlier,
                **{**common, "tiebreaks": views.columns_after(columns, earlier.after_round)},
            )
        self._page(
            paths["tiebreaks"],
            "tiebreaks.html",
            dummy_cap=views.dummy_cap_text(event),
            koya_step=views.koya_step_text(event),
            **common,
        )
        for category in event.config.categories:
            members = category_ranking(event, standings, category.id)
            self._page(
                category_path(event, category.id),
                "category.html",
                category=category,
                rows=views.category_rows(standings, members, column_keys(event.tiebreaks)),
                reference_date=reference_date(event),
                **common,
            )
        if outcome.warnings:
            # The report is laid out by the process that renders the page (``later``).
            report = functools.partial(_arbiter_context, outcome)
            self._page(paths["arbiter"], "arbiter.html", report, **common)
        if outcome.prizes:
            self._page(
                paths["prizes"],
                "prizes.html",
                forfeit_rule=forfeit_cancels_money(event),
                fined=_fined(event),
                girls_titles=_gives_girls_titles(event),
                # An open without a play-off: the procedure does not speak of one.
                plays_off=playoff_format(event) is not None,
                **common,
            )
        if has_playoff_page(outcome):
            self._page(
                paths["playoff"], "playoff.html", playoff_format=playoff_format(event), **common
            )
        # The table's rows are laid out when the page is rendered (``later``): by a worker
        # process, beside the others, rather than here (a 2,000-player table has 22,000 cells).
        table = views.crosstable if event.is_round_robin else views.rank_table
        self._page(
            paths["crosstable"],
            "crosstable.html" if event.is_round_robin else "ranktable.html",
            functools.partial(_table_context, table, standings),
            **common,
        )
        # Each round is laid out by the process that works its key out or renders it, once.
        running = functools.cache(functools.partial(views.running_scores, outcome.records))
        for number in range(1, event.rounds + 1):
            shown_round = functools.cache(
                functools.partial(_round_view, event, outcome.records, number, running)
            )
            self._page(
                round_path(event, number),
                "round.html",
                functools.partial(_round_context, shown_round),
                functools.partial(_round_key, chrome, shown_round) if chrome else None,
                **common,
            )
            if views.has_pairings(event, number):  # as the round's page, which links it, says
                self._page(
                    round_by_name_path(event, number),
                    "round_by_name.html",
                    functools.partial(_by_name_context, shown_round),
                    functools.partial(_by_name_key, chrome, shown_round) if chrome else None,
                    **common,
                )
        self._page(
            paths["players"],
            "players.html",
            rows={row.player.number: row for row in standings.rows},
            # A Club column only where some player has one: a national championship's is empty.
            clubs=any(player.club for player in event.players),
            **common,
        )
        awards, passes = common["awards"], common["passes"]
        missing = event.not_in_yet  # rounds a player's card shows as not in yet
        # Worked out once, by the first card (or its key) that asks: in the process that
        # renders it (``later``).
        cards = functools.cache(
            functools.partial(
                views.player_cards,
                event,
                outcome.records,
                standings,
                after,
                outcome.rating_changes,
            )
        )
        for row in standings.rows:
            self._page(
                player_path(event, row.player.number),
                "player.html",
                functools.partial(_player_context, event, row, standings, cards),
                functools.partial(
                    player_page_key,
                    own_chrome,
                    row,
                    standings,
                    awards.get(row.player.number, []),
                    missing.get(row.player.number, ()),
                    cards,
                    passes.get(row.player.number, []),
                    event,
                )
                if own_chrome
                else None,
                row=row,
                **own_card,
            )
        for game, pager in game_pagers(event):
            white, black = event.player(game.white), event.player(game.black)
            self._page(
                game_path(event, game),
                "game.html",
                functools.partial(_game_context, event, game),
                functools.partial(game_page_key, own_chrome, game, pager) if own_chrome else None,
                game=game,
                white=white,
                black=black,
                pager=pager,
                **own_card,
            )
        for page in event.pages:
            self._page(
                page_path(event, page.slug),
                "page.html",
                page=page,
                title=markdown_title(page.markdown, page.slug),
                content=markdown_html(
                    page.markdown,
                    self.site.markdown_raw_html,
                    self._relink(page.source, page_path(event, page.slug)),
                ),
                **common,
            )

    def _exports(self, outcome: EventOutcome, paths: dict[str, str]) -> None:
        """The event's downloads; the heaviest first, for a worker to start with. Weights: per
        player of the JSON file (which also lists every game) about a fifth of a player's page.
        The games' PGN is made after the pages, from the PGN of each game its page worked out
        (looked up in ``exports.EXPORTS``: a tenth of the cost of writing them again), or beside
        them when few games changed (``after_beside``)."""
        event, standings = outcome.event, outcome.standings
        players, games = len(event.players), len(event.games) + len(event.playoff_games)
        games_pgn = functools.partial(exports.games_pgn, event)
        self._export(paths["pgn"], games_pgn, 1 + games // 128, after=True)
        self._export(
            paths["json"],
            functools.partial(
                exports.results_json,
                event,
                standings,
                list(outcome.warnings),
                outcome.playoffs,
                outcome.prizes,
                changes=outcome.rating_changes,
            ),
            1 + (players + games) // 8,
        )
        # TRF's rank field allows ties: players sharing a place share its first rank.
        ranks = {row.player.number: row.rank for row in standings.rows}
        name = views.event_title(event, self._championship_of, " - ")
        trf = functools.partial(tournament_trf, event, outcome.records, ranks, name)
        self._export(paths["trf"], trf, 1 + players // 16)
        csv = functools.partial(exports.standings_csv, event, standings)
        self._export(paths["csv"], csv, 1 + players // 64)

    def _chrome_key(self, outcome: EventOutcome, common: dict[str, Any]) -> str:
        """What every keyed page of the event shows besides its own part (``PAGE_CONTEXT``;
        game, player and round pages, and the standings after earlier rounds): the site, the
        event's settings, players, navigation and status, and the summary of shared links.
        Not the standings, prizes or play-offs, which these pages show only through their
        own keys (the navigation only asks whether there are prizes);
        ``tests/test_speed_invariants.py`` holds the built-in templates to that."""
        site, event = self.site, outcome.event
        return _digest(
            self.keys,
            (site.title, site.base_url, site.language, site.description, site.championships),
            [(e.slug, e.name) for e in self._events],
            (
                event.slug,
                event.config,
                event.players,
                event.rounds_played,
                event.rounds_in_progress,
                event.tiebreaks,
            ),
            [(page.slug, title) for page, title in common["pages"]],
            common["paths"],
            (common["show_playoff"], common["show_arbiter"], bool(common["prizes"])),
            common["playoff_pending"],
            common.get("social"),  # none for pages with a card of their own
            common["event_facts"],
        )


GAME_PAGE_CONTEXT = frozenset(
    {
        *("site", "url", "page_path", "events", "championship_of", "section_names"),  # all
        *("event", "paths", "links", "pages", "show_playoff", "show_arbiter", "prizes"),
        "playoff_pending",
        *("event_facts", "game", "white", "black", "board", "piece_defs", "viewer_data"),
        *("pgn_text", "pager"),
        *("position_words", "move_list"),
    }
)
"""The context a game page's templates may use: ``game_page_key`` covers exactly these."""


def game_page_key(chrome: str, game: Game, pager: views.GamePager | None = None) -> str:
    """A game page's key: the event's chrome (``SiteRenderer._chrome_key``, which covers the
    players, so the two players' numbers name them), the game: its tags, result, decision
    and moves (SAN and placements follow from the moves and the starting position) with
    their comments and clocks, and the pager's links to the games before and after it (a
    game added beside it changes them)."""
    moves = hashlib.blake2b(game.moves.ucis.encode(), digest_size=16)
    if game.moves.annotations or game.moves.clocks:  # the page's PGN, the list's clocks
        moves.update(f"\0{game.moves.annotations}\0{game.moves.clocks}".encode())
    return _digest(chrome, game_fields(game), moves.hexdigest(), pager_fields(pager))


def pager_fields(pager: views.GamePager | None) -> tuple[object, ...] | None:
    """What a game page's pager shows, as plain values (``_digest`` marshals them)."""
    if pager is None:
        return None
    return tuple(
        None if link is None else (link.path, link.label) for link in (pager.previous, pager.next)
    )


def game_pagers(event: Event) -> list[tuple[Game, views.GamePager]]:
    """The event's games that have a page, each with its pager (``views.game_pagers``): the
    games in board order, round after round, then the play-off's games in playing order, the
    two apart. A forfeit or a result without a score sheet has no page and is passed over.
    One sort per event, nothing per page that grows with the games (11,000 in an open)."""
    main = sorted(filter(has_game_page, event.games), key=lambda game: (game.round, game.board))
    playoff = sorted(filter(has_game_page, event.playoff_games), key=lambda game: game.board)
    path = functools.partial(game_path, event)
    return [*views.game_pagers(main, path), *views.game_pagers(playoff, path)]


def game_fields(game: Game) -> tuple[object, ...]:
    """Every field of a game but its moves (``tests/test_speed_invariants.py`` keeps the list
    complete). The tags as a dict: its ``repr`` keeps their order, at half the cost of a list
    of pairs (11,000 games a build)."""
    return (
        *(game.round, game.board, game.white, game.black, game.result, game.initial_placement),
        *(game.headers, str(game.source), game.line, game.reason, game.pgn_result),
        game.illegal,
        game.side_line_left_out,
        game.forfeited,
        game.less_than_one_move,
    )


PAGE_CONTEXT = frozenset(
    {
        *("site", "url", "page_path", "events", "championship_of", "section_names"),  # all
        *("event", "paths", "links", "pages", "show_playoff", "show_arbiter", "prizes"),
        *("social", "event_facts", "playoff_pending"),
    }
)
"""What ``SiteRenderer._chrome_key`` covers: the context every keyed page may use."""

PLAYER_PAGE_CONTEXT = PAGE_CONTEXT - {"social"} | {"row", "awards", "lines", "chart", "progress"}
PLAYER_PAGE_CONTEXT |= {"card", "passes"}
"""The context a player's page may use (``awards`` and ``passes`` only for that player's own
prizes and the prizes that passed them over): ``player_page_key`` covers exactly these."""

ROUND_PAGE_CONTEXT = PAGE_CONTEXT | {"round", "by_name"}
"""The context a round's pages (its boards, its pairings by name) may use: ``round_page_key``
covers exactly these (``by_name`` follows from the round)."""

EARLIER_STANDINGS_CONTEXT = PAGE_CONTEXT | {"shown", "tiebreaks"}
"""The context the standings after an earlier round may use (``standings.html`` shows the
prizes, play-offs and categories only on the current standings, which have no key)."""


def shown_game(game: Game | None) -> tuple[object, ...] | None:
    """What a player's or a round's page shows of a game: who played it where, its result,
    the arbiter's reason, and whether it has a page (its source) and under which name."""
    if game is None:
        return None
    source = str(game.source) if game.source is not None else None  # repr(Path) is slow
    return (
        *(game.round, game.board, game.white, game.black, game.result),
        *(game.reason, game.pgn_result, source),
    )


def player_page_key(
    chrome: str,
    row: StandingRow,
    standings: Standings,
    awards: Sequence[Award],
    missing: tuple[int, ...] = (),
    cards: Callable[[], dict[int, views.PlayerCard]] | None = None,
    passes: Sequence[Phrase] = (),
    event: Event | None = None,
) -> str:
    """A player's page key: the event's chrome (players, settings, navigation), the player's
    place, points and prizes, the prizes that passed them over (``views.passed_over_lines``:
    other players' results change those), each round: opponent and their points, colour,
    result and bye (the running score and the chart follow from these), the rounds whose
    record of the player is not in yet (``Event.unpaired``: other players' records can
    change that), and the card's tie-breaks, ratings and places in the categories
    (``views.PlayerCard``: other players' results change those), and a round robin's
    rounds to come with the opponent the Berger table gives and that opponent's points."""
    rounds = [
        (
            *(entry.round, entry.kind.value, entry.points, entry.colour, entry.bye),
            shown_game(entry.game),
            entry.opponent,
            standings.points_of(entry.opponent) if entry.opponent is not None else None,
        )
        for entry in row.record.entries
    ]
    place = (row.player.number, row.rank, row.place, row.points)
    card = cards()[row.player.number] if cards is not None else None
    # the card holds plain values: its fields as they are (``astuple`` copies each deeply,
    # a quarter of a second over 2,000 cards)
    shown = None if card is None else tuple(vars(card).values())
    # A round robin's rounds to come, by the Berger table: other games decide them; the
    # card shows each opponent's points now, as for a game played.
    scheduled = views.scheduled_opponents(event, row.player.number) if event else {}
    to_come = [
        (round_number, opponent, colour, standings.points_of(opponent))
        for round_number, (opponent, colour) in sorted(scheduled.items())
    ]
    return _digest(
        chrome, "player", place, list(awards), rounds, missing, shown, list(passes), to_come
    )


def round_page_key(chrome: str, shown: views.RoundView) -> str:
    """A round's page key: the chrome, and the round's pairings (with each player's score
    before the round), byes and absent players, and a round robin's pairings to come by the
    Berger table (the games of other rounds decide whether they are shown)."""
    pairings = [
        (p.board, shown_game(p.game), p.white.number, p.black.number, p.white_score, p.black_score)
        for p in shown.pairings
    ]
    byes = [(player.number, bye) for player, bye in shown.byes]
    absent = [(player.number, why) for player, why in shown.absent]
    scheduled = [(p.board, p.white.number, p.black.number) for p in shown.scheduled]
    return _digest(chrome, "round", shown.number, pairings, byes, absent, scheduled)


def standings_page_key(chrome: str, event: Event, shown: Standings) -> str:
    """The key of the standings after an earlier round: the chrome and what those standings
    follow from, the key ``rank_event`` keeps them by (the event's settings and the games and
    byes of those rounds; the later rounds do not change them)."""
    return _digest(chrome, "standings", shown.after_round, ranking_key(event, shown.after_round))


def _digest(*parts: object) -> str:
    """A digest of the parts: of their ``marshal`` form when they are plain values (texts,
    numbers, None, and tuples, lists and dicts of them: the keys of games', players' and
    rounds' pages), five times faster than their ``repr``; otherwise of their ``repr``, which
    dataclasses, tuples and strings print the same in every run. An object printed by its
    address would make a new key every time: then the key is "" (no page reuses it)."""
    try:
        # Version 2 writes equal values alike: no references between objects (version 3 on).
        data = b"marshal\0" + marshal.dumps(cast(Any, parts), 2)
    except ValueError:  # not a plain value
        text = repr(parts)
        if " at 0x" in text:
            return ""
        data = text.encode()
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _table_context(
    table: Callable[[Standings], tuple[views.TableRow, ...]], standings: Standings
) -> dict[str, Any]:
    return {"rows": table(standings)}


def _round_view(
    event: Event,
    records: dict[int, PlayerRecord],
    number: int,
    running: Callable[[], dict[int, tuple[float, ...]]],
) -> views.RoundView:
    return views.round_view(event, records, number, running())


def _round_context(shown: Callable[[], views.RoundView]) -> dict[str, Any]:
    return {"round": shown()}


def _by_name_context(shown: Callable[[], views.RoundView]) -> dict[str, Any]:
    """The round, and its pairings by name (from the round alone, so its key covers them)."""
    return {"round": shown(), "by_name": views.pairings_by_name(shown())}


def _round_key(chrome: str, shown: Callable[[], views.RoundView]) -> str:
    return round_page_key(chrome, shown())


def _by_name_key(chrome: str, shown: Callable[[], views.RoundView]) -> str:
    return _digest(round_page_key(chrome, shown()), "by name")


def _arbiter_context(outcome: EventOutcome) -> dict[str, Any]:
    return {"report": arbiter_report(outcome)}


def _player_context(
    event: Event,
    row: StandingRow,
    standings: Standings,
    cards: Callable[[], dict[int, views.PlayerCard]],
) -> dict[str, Any]:
    progress = views.player_progress(event, row.record)
    card = cards()[row.player.number]
    return {
        "card": card,
        "lines": views.player_lines(event, row.record, standings, card),
        "progress": progress,
        "chart": charts.score_progression(
            row.record.running_scores()[: progress.charted],
            event.scoring.win,
            row.player.name,
        ),
    }


def _game_context(event: Event, game: Game) -> dict[str, Any]:
    last = game.moves[-1] if game.moves else None
    return {
        "board": board.board_svg(
            game.final_placement, last.uci if last else None, f"{board.end_word(game)} position"
        ),
        "position_words": board.position_in_words(game.final_placement),
        "move_list": board.move_list(game.moves, game.first_ply),
        "piece_defs": board.piece_defs(),
        "viewer_data": board.viewer_data(game),
        "pgn_text": exports.game_pgn(event, game),
    }


PageSink = Callable[[PageJob, Callable[[PageJob], bytes]], object]
"""Puts a page where it belongs, rendering it (with the function given) only when it has to,
and says what it did (``write_pages``: whether it wrote the page's file; ``keep_or_render``:
the page's bytes, or ``None`` for a page kept as it was)."""

_RENDERING: tuple[SiteRenderer, Sequence[PageJob], PageSink | None] | None = None
"""The renderer and pages a forked worker process renders a share of (``render_pages``)."""


def render_pages(renderer: SiteRenderer, pages: Sequence[PageJob], jobs: int) -> dict[str, bytes]:
    """The bytes of every page, rendered by ``jobs`` processes (``parallel.run_parallel``)."""
    files: dict[str, bytes] = {}
    for found in _share_out(renderer, pages, jobs, None):
        files.update(found)
    return files


def place_pages(
    renderer: SiteRenderer, pages: Sequence[PageJob], jobs: int, sink: PageSink
) -> dict[str, tuple[Any, str | None]]:
    """Hand every page to ``sink``, ``jobs`` processes at a time, each working out the keys
    of its pages (``PageJob.page_key``) and rendering those ``sink`` asks for; return what
    ``sink`` said of each page, and its key."""
    placed: dict[str, tuple[Any, str | None]] = {}
    for found in _share_out(renderer, pages, jobs, sink):
        placed.update(found)
    return placed


def write_pages(
    renderer: SiteRenderer, pages: Sequence[PageJob], jobs: int, sink: PageSink
) -> tuple[dict[str, Any], dict[str, str]]:
    """``place_pages`` with a sink that writes the pages itself (rendered pages are not sent
    back here): what it said of each page it wrote, by path, and the pages' keys."""
    written: dict[str, Any] = {}
    keys: dict[str, str] = {}
    for path, (wrote, key) in place_pages(renderer, pages, jobs, sink).items():
        if wrote:
            written[path] = wrote
        if key:
            keys[path] = key
    return written, keys


def keep_or_render(
    kept: dict[str, str], job: PageJob, render: Callable[[PageJob], bytes]
) -> bytes | None:
    """A sink for ``place_pages``: ``None`` for a page whose key is the one in ``kept``, by
    path (its bytes are known already), otherwise the page rendered."""
    key = job.page_key()
    if key and kept.get(job.path) == key:
        return None
    return render(job)


def _share_out(
    renderer: SiteRenderer, pages: Sequence[PageJob], jobs: int, sink: PageSink | None
) -> Iterator[dict[str, Any]]:
    global _RENDERING
    tasks = _tasks(pages, jobs)
    if len(tasks) > 1:  # compile every template once, here, before the workers are forked
        for name in renderer.environment.list_templates(extensions=["html"]):
            renderer.environment.get_template(name)
    _RENDERING = (renderer, pages, sink)
    try:
        yield from run_parallel(tasks, jobs, _render_share, _render_share_pickled, _load_share)
    finally:
        _RENDERING = None


TABLE_PAGES = frozenset(
    {
        *("standings.html", "round.html", "category.html", "players.html", "crosstable.html"),
        "round_by_name.html",
    }
)
"""Pages with a row per player (or per game of a round): each costs as much as many players'
pages, and the rank table (``ranktable.html``) as several of them."""


def page_weight(job: PageJob, players: int) -> int:
    """How much work a page is, in players' pages: for sharing the pages out evenly."""
    if job.weight is not None:
        return job.weight
    if job.template == "ranktable.html":
        return max(1, players // 4)
    if job.template in TABLE_PAGES:
        return max(1, players // 16)
    return 1


def _tasks(pages: Sequence[PageJob], jobs: int) -> list[tuple[int, int]]:
    """The pages in runs of about equal work: enough runs to share them out evenly, each big
    enough to be worth a process's while. A big table closes its run, so that one process
    is not left with all the tables of an event while the other has finished."""
    weights = [
        page_weight(job, len(job.context["event"].players) if "event" in job.context else 0)
        for job in pages
    ]
    size = max(8, min(64, sum(weights) // (jobs * 8) or 1))
    tasks = []
    start = total = 0
    for index, weight in enumerate(weights):
        total += weight
        if total >= size:
            tasks.append((start, index + 1, total))
            start, total = index + 1, 0
    if start < len(pages):
        tasks.append((start, len(pages), total))
    # The heaviest first: the workers take tasks from the front and this process from the
    # back, so the processes meet over small tasks and finish together (a rebuild renders a
    # few big tables and many small pages, in no such order).
    tasks.sort(key=lambda task: -task[2])
    return [(first, end) for first, end, _ in tasks]


def _render_share(task: tuple[int, int]) -> dict[str, Any]:
    """Some pages: their bytes, or (with a sink) whether the sink wrote them and their keys."""
    assert _RENDERING is not None
    renderer, pages, sink = _RENDERING
    found: dict[str, Any] = {}
    for job in pages[task[0] : task[1]]:
        if sink is None:
            found[job.path] = renderer.page_bytes(job)
        else:
            found[job.path] = (sink(job, renderer.page_bytes), job.key)
    return found


def _render_share_pickled(task: tuple[int, int]) -> bytes:
    """``_render_share`` in a worker process, with the games' PGN it exported (which the
    next build keeps: ``exports.EXPORTS``)."""
    found = _render_share(task)
    return pickle.dumps((found, exports.learned()), pickle.HIGHEST_PROTOCOL)


def _load_share(data: bytes) -> dict[str, Any]:
    found, (used, new) = pickle.loads(data)
    exports.remember(used, new)
    return found  # type: ignore[no-any-return]


class EventLinks:
    """Output paths of an event's pages, for templates (``url(links.player(n))``)."""

    def __init__(self, event: Event) -> None:
        self.event = event

    def round(self, number: int) -> str:
        return round_path(self.event, number)

    def round_by_name(self, number: int) -> str:
        return round_by_name_path(self.event, number)

    def player(self, number: int) -> str:
        return player_path(self.event, number)

    def game(self, game: Game) -> str | None:
        return game_path(self.event, game) if has_game_page(game) else None

    def page(self, slug: str) -> str:
        return page_path(self.event, slug)

    def standings_after(self, number: int) -> str:
        return standings_path(self.event, number)

    def category(self, category_id: str) -> str:
        return category_path(self.event, category_id)


def published_paths(site: Site, outcomes: list[EventOutcome]) -> set[str]:
    """The files a build of ``site`` makes, without rendering a page (the pages are listed,
    not written): for the links of the organiser's Markdown pages to be checked before the
    pages are rendered, so that a broken one is on its event's Arbiter report as well."""
    renderer = SiteRenderer(site, outcomes, jobs=2)  # with ``jobs``, pages are listed first
    renderer.collect()
    return {
        *renderer.files,
        *(job.path for job in renderer.pages or ()),
        *(path for path, *_ in renderer.after),
    }


def render_site(site: Site, outcomes: list[EventOutcome], jobs: int = 1) -> dict[str, bytes]:
    return SiteRenderer(site, outcomes, jobs).render()
