"""Render stage: every file of the output site, as a mapping of relative path to bytes.

Pages link to each other with relative URLs only (see ``relative_url``), so the same files work
at a domain's root, under ``/<repo>/`` on GitHub Pages, and opened from disk.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import markdown

from ..model import Championship, Event, Game, Player, Site, slugify
from ..problems import Problem
from ..rules.categories import category_ranking, reference_date
from ..rules.checks import CHECKS
from ..rules.playoffs import Playoff, playoff_format
from ..rules.prizes import Award, forfeit_cancels_money
from ..rules.scores import PlayerRecord
from ..rules.standings import Standings
from . import board, charts, exports, views
from .environment import builtin_templates_dir, make_environment, url_for
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


_SCRIPT_URL = re.compile(r"^(?:javascript|vbscript|data):", re.IGNORECASE)


class _ScriptLinks:
    """A Markdown tree processor that drops ``javascript:`` (and similar) link targets, the one
    way left for Markdown to carry a script once raw HTML is escaped."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            for attribute in ("href", "src"):
                value = element.get(attribute)
                if value is not None and _SCRIPT_URL.match("".join(value.split())):
                    element.set(attribute, "#")


def markdown_html(text: str, raw_html: bool = False) -> str:
    """Markdown to HTML with raw HTML escaped: organisers write text, not markup.

    ``raw_html`` (site.toml ``markdown_raw_html = true``) keeps raw HTML for sites that want it.
    """
    converter = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists"])
    if not raw_html:
        converter.preprocessors.deregister("html_block")
        converter.inlinePatterns.deregister("html")
        converter.treeprocessors.register(_ScriptLinks(), "script-links", 1)
    return str(converter.convert(text))


def markdown_title(text: str, fallback: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


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
    """A play-off page exists once a play-off was due (or settled without one)."""
    return any(p.status != "not-needed" or len(p.tied) > 1 for p in outcome.playoffs)


def has_game_page(game: Game) -> bool:
    """Games that came from a PGN file get a page; forfeits and bare results do not."""
    return not game.forfeit and game.source is not None and game.source.suffix.lower() == ".pgn"


@dataclass(frozen=True)
class ArbiterNote:
    """One warning as the Arbiter report prints it, with the game or player it concerns."""

    message: str
    hint: str
    where: str
    game: Game | None = None
    player: Player | None = None


@dataclass(frozen=True)
class ArbiterSection:
    code: str
    heading: str
    notes: tuple[ArbiterNote, ...]


def arbiter_report(outcome: EventOutcome) -> tuple[ArbiterSection, ...]:
    """The event's warnings grouped by check, in the order ``rules.checks.CHECKS`` lists them.

    A warning located at a game's first line (every game check, and ``illegal-move`` from the
    PGN reader) links to that game; one naming a ``player`` links to the player.
    """
    event = outcome.event
    games: dict[tuple[Path | None, int | None], Game] = {
        (game.source, game.line): game
        for game in (*event.games, *event.playoff_games)
        if game.source is not None and game.line is not None
    }
    players = {player.name: player for player in event.players}
    grouped: dict[str, list[ArbiterNote]] = {}
    for problem in outcome.warnings:
        player = players.get(str(dict(problem.context).get("player", "")))
        note = ArbiterNote(
            problem.message,
            problem.hint,
            problem.location(event.folder),
            games.get((problem.path, problem.line)),
            player,
        )
        grouped.setdefault(problem.code or "warning", []).append(note)
    order = [*CHECKS, *sorted(set(grouped) - set(CHECKS))]
    return tuple(
        ArbiterSection(code, CHECKS.get(code, "Other warnings"), tuple(grouped[code]))
        for code in order
        if code in grouped
    )


class SiteRenderer:
    def __init__(self, site: Site, outcomes: list[EventOutcome]) -> None:
        self.site = site
        self.outcomes = outcomes
        self.environment: jinja2.Environment = make_environment(site.folder / "templates")
        self.files: dict[str, bytes] = {}

    def render(self) -> dict[str, bytes]:
        self._static()
        home = self.site.home_markdown
        self._page(
            "index.html",
            "home.html",
            title=markdown_title(home, self.site.title),
            content=markdown_html(home, self.site.markdown_raw_html),
        )
        for championship in self.site.championships:
            self._championship(championship)
        for outcome in self.outcomes:
            self._event(outcome)
        return dict(sorted(self.files.items()))

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

    def _page(self, path: str, template: str, **context: Any) -> None:
        url = url_for(path)
        html = self.environment.get_template(template).render(
            site=self.site,
            url=url,
            page_path=path,
            events=[o.event for o in self.outcomes],
            championship_of={s: c for c in self.site.championships for s in c.sections},
            **context,
        )
        self.files[path] = html.encode("utf-8")

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
            "prizes": outcome.prizes,
            "awards": awards_by_player(outcome.prizes),
        }
        leaders = [row.player for row in standings.rows[: len(charts.COLOURS)]]
        series = [
            (
                player.name,
                [s.rank_of(player.number) for s in (*outcome.history, standings)],
            )
            for player in leaders
        ]
        self._page(
            paths["home"],
            "event.html",
            rank_chart=charts.rank_by_round(series, len(event.players))
            if event.rounds_played > 1
            else "",
            chart_legend=[
                (name, charts.COLOURS[i], charts.DASHES[i]) for i, (name, _) in enumerate(series)
            ],
            **common,
        )
        self._page(paths["standings"], "standings.html", shown=standings, **common)
        for earlier in outcome.history:
            self._page(
                standings_path(event, earlier.after_round),
                "standings.html",
                shown=earlier,
                **common,
            )
        self._page(paths["tiebreaks"], "tiebreaks.html", **common)
        for category in event.config.categories:
            members = category_ranking(event, standings, category.id)
            self._page(
                category_path(event, category.id),
                "category.html",
                category=category,
                rows=views.category_rows(standings, members),
                reference_date=reference_date(event),
                **common,
            )
        if outcome.warnings:
            self._page(paths["arbiter"], "arbiter.html", report=arbiter_report(outcome), **common)
        if outcome.prizes:
            self._page(
                paths["prizes"],
                "prizes.html",
                forfeit_rule=forfeit_cancels_money(event),
                **common,
            )
        if has_playoff_page(outcome):
            self._page(
                paths["playoff"], "playoff.html", playoff_format=playoff_format(event), **common
            )
        if event.is_round_robin:
            self._page(
                paths["crosstable"], "crosstable.html", rows=views.crosstable(standings), **common
            )
        else:
            self._page(
                paths["crosstable"], "ranktable.html", rows=views.rank_table(standings), **common
            )
        for number in range(1, event.rounds + 1):
            self._page(
                round_path(event, number),
                "round.html",
                round=views.round_view(event, outcome.records, number),
                **common,
            )
        self._page(paths["players"], "players.html", **common)
        for row in standings.rows:
            self._page(
                player_path(event, row.player.number),
                "player.html",
                row=row,
                lines=views.player_lines(event, row.record, standings),
                chart=charts.score_progression(
                    row.record.running_scores()[: event.rounds_played],
                    event.scoring.win,
                    row.player.name,
                ),
                **common,
            )
        for game in (*event.games, *event.playoff_games):
            if has_game_page(game):
                last = game.moves[-1] if game.moves else None
                self._page(
                    game_path(event, game),
                    "game.html",
                    game=game,
                    white=event.player(game.white),
                    black=event.player(game.black),
                    board=board.board_svg(
                        last.placement if last else game.initial_placement,
                        last.uci if last else None,
                        "Final position",
                    ),
                    piece_defs=board.piece_defs(),
                    viewer_data=board.viewer_data(game),
                    pgn_text=exports.game_pgn(event, game),
                    **common,
                )
        for page in event.pages:
            self._page(
                page_path(event, page.slug),
                "page.html",
                page=page,
                title=markdown_title(page.markdown, page.slug),
                content=markdown_html(page.markdown, self.site.markdown_raw_html),
                **common,
            )
        self.files[paths["json"]] = exports.results_json(
            event, standings, list(outcome.warnings), outcome.playoffs, outcome.prizes
        ).encode("utf-8")
        self.files[paths["csv"]] = exports.standings_csv(event, standings).encode("utf-8")
        self.files[paths["pgn"]] = exports.games_pgn(event).encode("utf-8")
        positions = {
            row.player.number: standings.rank_of(row.player.number) for row in standings.rows
        }
        self.files[paths["trf"]] = tournament_trf(event, outcome.records, positions).encode("utf-8")


class EventLinks:
    """Output paths of an event's pages, for templates (``url(links.player(n))``)."""

    def __init__(self, event: Event) -> None:
        self.event = event

    def round(self, number: int) -> str:
        return round_path(self.event, number)

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


def render_site(site: Site, outcomes: list[EventOutcome]) -> dict[str, bytes]:
    return SiteRenderer(site, outcomes).render()
