"""Categories of players (``[[categories]]``): age on the reference date, sex, rating range and
federation, all that are given must hold; "open" is everyone. Rule code for prizes and for the
category standings pages."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from ..config.event import CategoryEntry
from ..model import Event, Player
from ..problems import Problems
from ..text import Name, Phrase, name_list
from .standings import Standings

OPEN = CategoryEntry(id="open", name="Open")


def reference_date(event: Event) -> dt.date | None:
    """Ages are taken on ``age_reference_date``, by default 1 January of the start year."""
    config = event.config
    if config.age_reference_date is not None:
        return config.age_reference_date
    if config.start is not None:
        return dt.date(config.start.year, 1, 1)
    return None


def age_on(player: Player, day: dt.date) -> int | None:
    """Full years on ``day``. With only a birth year the player counts as born on 1 January,
    the oldest they can be, so nobody is made younger than they are."""
    born = player.born or (dt.date(player.birth_year, 1, 1) if player.birth_year else None)
    if born is None:
        return None
    return _full_years(born, day)


def _full_years(born: dt.date, day: dt.date) -> int:
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def check_categories(event: Event, problems: Problems) -> None:
    """A category that needs a birth date or a sex needs it of every player."""
    path = event.folder / "event.toml"
    categories = event.config.categories
    needs_age = [c.id for c in categories if c.under is not None]
    needs_sex = [c.id for c in categories if c.sex is not None]
    if needs_age and reference_date(event) is None:
        problems.error(
            f"categories {', '.join(needs_age)} need an age reference date",
            path,
            hint="set age_reference_date = 2026-01-01 (or start = ...) in event.toml",
            code="category-data",
        )
    # Players whose birth year is a TRF line's date without the day ("2014/00/00").
    year_in_trf = {entry.name for entry in event.config.players if entry.year_from_trf}
    for player in event.players:
        if needs_age and player.born is None and player.birth_year is None:
            problems.error(
                f"{player.name} has no born or birth_year, which the categories "
                f"{', '.join(needs_age)} need",
                *event.entry_of(player.number),  # the [[players]] entry to complete
                hint=f"add born = YYYY-MM-DD (or birth_year = YYYY) to {player.name}'s [[players]]",
                code="category-data",
            )
        if player.born is None and player.birth_year is not None:
            _birthday_decides(event, player, player.name in year_in_trf, problems)
        elif player.born is not None and player.day_unknown:  # a TRF date "2014/07/00"
            _day_decides(event, player, player.born, problems)
        if needs_sex and player.sex is None:
            problems.error(
                f"{player.name} has no sex, which the categories {', '.join(needs_sex)} need",
                *event.entry_of(player.number),
                hint=f'add sex = "M" or sex = "F" to {player.name}\'s [[players]]',
                code="category-data",
            )


def _birthday_decides(event: Event, player: Player, in_trf: bool, problems: Problems) -> None:
    """A player entered with a birth year alone counts as born on 1 January, the oldest they
    can be; said when the birthday would decide an age group, as it always does for the
    year on the line with the default reference date (a player of 2014 is under 12 on
    1 January 2026 unless born that very day), so that the arbiter adds the date rather than
    a prize passing to the next player unseen. ``in_trf``: the year is the TRF line's date
    without the day, which the warning names rather than a birth_year key."""
    if player.birth_year is None:
        return
    january, december = dt.date(player.birth_year, 1, 1), dt.date(player.birth_year, 12, 31)
    given = (
        f"the TRF file gives only the year of birth, {player.birth_year}"
        if in_trf
        else f"birth_year = {player.birth_year} alone is given"
    )
    hint = (
        _trf_hint(player)
        if in_trf
        else Phrase("add born = YYYY-MM-DD to ", Name(player.name), "'s [[players]]")
    )
    _warn_if_undecided(event, player, (january, december), given, hint, problems)


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
"""Written out rather than ``%B``, which a locale may translate: builds are byte-identical."""


def _trf_hint(player: Player) -> Phrase:
    """Both ways to give the day of a player the TRF file gives without one."""
    return Phrase(
        "give the full birth date on the TRF line, or add born = YYYY-MM-DD to a "
        '[[players]] entry with name = "',
        Name(player.name),
        '" in event.toml',
    )


def _day_decides(event: Event, player: Player, first: dt.date, problems: Problems) -> None:
    """A TRF line's date without the day ("2014/07/00") counts as the month's 1st, the
    oldest the player can be, as a year alone counts as 1 January: said where the day would
    decide an age group (a player of July 2014 is 12 or 11 on 15 July 2026)."""
    following = dt.date(first.year + first.month // 12, first.month % 12 + 1, 1)
    last = following - dt.timedelta(days=1)
    given = (
        f"the TRF file gives only the year and month of birth, {first.year:04d}/{first.month:02d}"
    )
    _warn_if_undecided(event, player, (first, last), given, _trf_hint(player), problems)


def _warn_if_undecided(
    event: Event,
    player: Player,
    span: tuple[dt.date, dt.date],
    given: str,
    hint: Phrase,
    problems: Problems,
) -> None:
    """The ``birthday-unknown`` warning, when a player born on the first day of ``span`` and
    one born on its last are not in the same age groups: the player counts as born on the
    first (the oldest they can be, so nobody is made younger than they are)."""
    day = reference_date(event)
    if day is None:
        return
    earliest, latest = span
    first, last = replace(player, born=earliest), replace(player, born=latest)
    open_question = [
        c.name
        for c in event.config.categories
        if c.under is not None and in_category(event, first, c) != in_category(event, last, c)
    ]
    if not open_question:
        return
    path, line = event.entry_of(player.number)
    problems.warning(
        Phrase(
            Name(player.name),
            f": {given}; on {day.isoformat()} they are "
            f"{_full_years(latest, day)} or {_full_years(earliest, day)} depending on the "
            f"birthday, so they count as not in {name_list(open_question)} (as if born on "
            f"{earliest.day} {_MONTHS[earliest.month - 1]})",
        ),
        path,
        line,
        hint=hint,
        code="birthday-unknown",
    )


def category_of(event: Event, category_id: str) -> CategoryEntry:
    return next((c for c in event.config.categories if c.id == category_id), OPEN)


def in_category(event: Event, player: Player, category: CategoryEntry) -> bool:
    if category.under is not None:
        day = reference_date(event)
        age = age_on(player, day) if day else None
        if age is None or age >= category.under:
            return False
    if category.sex is not None and player.sex != category.sex:
        return False
    if not player.rating and not category.unrated:
        return False
    rating = player.rating or 0
    if category.min_rating is not None and rating < category.min_rating:
        return False
    if category.max_rating is not None and rating > category.max_rating:
        return False
    if category.federation is None:
        return True
    return player.federation is not None and _same_federation(
        player.federation, category.federation
    )


def _same_federation(one: str, other: str) -> bool:
    """ "aus" and "AUS" name one federation (FIDE's codes are three capitals, which an
    organiser may type otherwise): a player is not left out of a country's category, and its
    title unclaimed, in silence."""
    return one.strip().upper() == other.strip().upper()


def category_ranking(event: Event, standings: Standings, category_id: str) -> list[int]:
    """The category's players in final order: position k is the category's k-th place."""
    found = standings.memo.get(category_id)
    if found is None:
        category = category_of(event, category_id)
        found = standings.memo[category_id] = tuple(
            r.player.number for r in standings.rows if in_category(event, r.player, category)
        )
    return list(found)
