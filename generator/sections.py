"""Checks across the sections of a championship (``championship.toml``): each section is a
tournament of its own, but one set of regulations governs them all, so what they should share
(rules, the day ages are taken on, the championship's dates, one entry per player) is compared.
Every finding is a warning on the line of the section's event.toml to change."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from .config import load_event_config
from .config.championship import ChampionshipConfig
from .config.event import normalise_name
from .config.toml_lines import KeyPath, line_of
from .model import Event, Player
from .problems import Problems
from .rules.categories import reference_date


def check_sections(
    sections: list[Event], marker: Path, config: ChampionshipConfig, problems: Problems
) -> None:
    """Every check of this module on one championship (``marker``: its championship.toml)."""
    lines = {
        event.slug: load_event_config(event.folder / "event.toml", Problems())[1]
        for event in sections
    }
    _players_in_two_sections(sections, marker, problems)
    _sections_run_apart(sections, lines, problems)
    _sections_outside_the_dates(sections, lines, config, problems)


def _players_in_two_sections(sections: list[Event], marker: Path, problems: Problems) -> None:
    """A name, or a FIDE id, in two sections of one championship: separate tournaments, so
    either two players share a name or one was entered twice (and could take a title in
    each), perhaps spelt two ways ("Chen, Clara" and "Chen, C." with one FIDE id)."""
    seen: dict[str, tuple[Event, Player]] = {}
    site = marker.parent.parent.parent
    for event in sections:
        for player in event.players:
            keys = [normalise_name(player.name)]
            if player.fide_id is not None:
                keys.append(f"fide:{player.fide_id}")
            firsts = [seen.setdefault(key, (event, player)) for key in keys]
            first = next((f for f in firsts if f[0] is not event), None)
            if first is not None:
                # On the entry to correct, and where the other is: the championship's own
                # file, without a line, holds no player.
                path, line = event.entry_of(player.number)
                other, other_line = first[0].entry_of(first[1].number)
                where = (
                    other.relative_to(site).as_posix() if other.is_relative_to(site) else other.name
                )
                problems.warning(
                    f"{player.name} plays in two sections: {first[0].name} and {event.name}",
                    path,
                    line,
                    hint="enter each player in one section; two players of one name need "
                    f"names that tell them apart (the other entry: {where}"
                    + (f":{other_line})" if other_line is not None else ")"),
                    code="championship",
                )


def _sections_run_apart(
    sections: list[Event], lines: Mapping[str, Mapping[KeyPath, int]], problems: Problems
) -> None:
    """Sections that one championship's regulations should make alike, and do not: two of one
    name (the landing page, the row of sections and the messages could not tell them apart),
    one ranked by other rules than the rest (often a section whose event.toml lacks its
    ``rules`` line, so ties go by the default's nothing rather than By-law 3's SPS and
    play-off), and age groups taken on other days (a player of the Under 12 age in one section
    would not be in the next)."""
    named: dict[str, Event] = {}
    for event in sections:
        first = named.setdefault(" ".join(event.name.casefold().split()), event)
        if first is not event:
            problems.warning(
                f'two sections are named "{event.name}": {first.folder.name}/ and '
                f"{event.folder.name}/",
                event.folder / "event.toml",
                line_of(lines[event.slug], ("name",)),
                hint="give each section a name of its own in its event.toml (the championship's "
                "page and every section's row of sections tell them apart by it)",
                code="championship",
            )
    _sections_differ(
        sections,
        {event.slug: event.config.rules for event in sections},
        lambda rules: rules.removesuffix("-rapid"),  # one by-law, with its rapid play-off
        lambda event, rules, usual, others: (
            f'the section "{event.name}" is ranked by the rules "{rules}"'
            + ("" if line_of(lines[event.slug], ("rules",)) else " (no rules line: the default)")
            + f', {others} by "{usual}"'
        ),
        lambda usual: (
            f'write rules = "{usual}" in its event.toml if the section is played under '
            "the same regulations: the rules give its tie-breaks and its play-off"
        ),
        lambda event: line_of(lines[event.slug], ("rules",)),
        lambda event: ("rules",) in lines[event.slug],
        problems,
    )
    by_age = [
        e
        for e in sections
        if any(c.under is not None for c in e.config.categories) and reference_date(e) is not None
    ]
    _sections_differ(
        by_age,
        {event.slug: str(reference_date(event)) for event in by_age},
        lambda day: day,
        lambda event, day, usual, others: (
            f'the section "{event.name}" takes ages on {day}'
            + ("" if event.config.age_reference_date else " (1 January of its start year)")
            + f", {others} on {usual}: a player's age group would depend on the section"
        ),
        lambda usual: (
            f"write age_reference_date = {usual} in its event.toml, the day the "
            "championship's age groups are reckoned on"
        ),
        lambda event: (
            line_of(lines[event.slug], ("age_reference_date",))
            or line_of(lines[event.slug], ("start",))
        ),
        lambda event: event.config.age_reference_date is not None,
        problems,
    )


def _sections_outside_the_dates(
    sections: list[Event],
    lines: Mapping[str, Mapping[KeyPath, int]],
    championship: ChampionshipConfig,
    problems: Problems,
) -> None:
    """A section that starts or ends outside the championship's own dates: most often a year
    left from last year's event.toml, which would also take its players' ages (by default
    1 January of the start year) and check its games' dates against the wrong year."""
    first, last = championship.start, championship.end
    if first is None and last is None:
        return
    span = (
        f"{first} to {last}"
        if first is not None and last is not None
        else (f"from {first}" if first is not None else f"until {last}")
    )
    for event in sections:
        for key, day in (("start", event.config.start), ("end", event.config.end)):
            if day is None or ((first is None or day >= first) and (last is None or day <= last)):
                continue
            problems.warning(
                f'the section "{event.name}" {key}s on {day}, outside the championship\'s '
                f"dates ({span})",
                event.folder / "event.toml",
                line_of(lines[event.slug], (key,)),
                hint=f"correct {key} in the section's event.toml, or start and end in "
                "championship.toml",
                code="championship",
            )


def _sections_differ(
    sections: list[Event],
    value: Mapping[str, str],
    kind: Callable[[str], str],
    message: Callable[[Event, str, str, str], str],
    hint: Callable[[str], str],
    line: Callable[[Event], int | None],
    written: Callable[[Event], bool],
    problems: Problems,
) -> None:
    """A warning on each section whose setting is not of the kind most sections share (on a
    tie, the kind more sections write out rather than take by default, then the first
    section's), naming the setting the others have."""
    counts: dict[str, tuple[int, int]] = {}
    for event in sections:
        many, spelt = counts.get(kind(value[event.slug]), (0, 0))
        counts[kind(value[event.slug])] = (many + 1, spelt + written(event))
    if len(counts) < 2:
        return
    usual_kind = max(counts, key=lambda k: counts[k])  # the first listed on a tie
    alike = [value[e.slug] for e in sections if kind(value[e.slug]) == usual_kind]
    usual = max(alike, key=alike.count)
    odd = [e for e in sections if kind(value[e.slug]) != usual_kind]
    others = (
        "the other sections"
        if len(odd) == 1 and len(counts) == 2
        else f"{alike.count(usual)} of the {len(sections)} sections"
    )
    for event in odd:
        problems.warning(
            message(event, value[event.slug], usual, others),
            event.folder / "event.toml",
            line(event),
            hint=hint(usual),
            code="championship",
        )
