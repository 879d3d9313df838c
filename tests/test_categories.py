"""Categories (``[[categories]]``): age groups, sex, rating bands and federation, on
hand-worked cases.

Ages follow the ACF by-law's age groups and the spec: ``under = 14`` holds a player whose age
in full years on ``age_reference_date`` is below 14, so a player born exactly 14 years before
that day is 14 and not under 14. A birth date without the day or the month counts as the
first day it could be (the oldest the player can be), with the ``birthday-unknown`` warning
where the day would decide.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from conftest import SiteMaker, event_toml, load, pgn_game

from generator.config.event import CategoryEntry
from generator.model import Event, Player
from generator.problems import Problems
from generator.rules import categories

A, B = "Alpha, Anna", "Bravo, Bob"
U12 = CategoryEntry("U12", "Under 12", under=12)
U14 = CategoryEntry("U14", "Under 14", under=14)


@pytest.fixture
def event(make_site: SiteMaker) -> Event:
    """Four players (event_toml), start 2025-06-01, one game; no categories of their own."""
    site = make_site(event_toml(), {"games.pgn": pgn_game("1.1", A, B, "1-0")})
    loaded, problems = load(site)
    assert loaded is not None and not problems.errors, [p.format() for p in problems.items]
    return loaded


def on(event: Event, day: str | None, *entries: CategoryEntry) -> Event:
    """The event with ``age_reference_date = day`` and these categories."""
    reference = dt.date.fromisoformat(day) if day else None
    config = replace(event.config, age_reference_date=reference, categories=entries)
    return replace(event, config=config)


def with_player(event: Event, **fields: object) -> tuple[Event, Player]:
    """The event whose player 1 has these fields (born, birth_year, sex, rating ...)."""
    player = replace(event.player(1), **fields)  # type: ignore[arg-type]
    changed = replace(event, players=(player, *event.players[1:]))
    return changed, player


def birthday_warnings(event: Event) -> list[str]:
    problems = Problems()
    categories.check_categories(event, problems)
    return [str(p.message) for p in problems.warnings if p.code == "birthday-unknown"]


# --- age on the reference date ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("born", "day", "age"),
    [
        ("2012-01-01", "2026-01-01", 14),  # the 14th birthday that very day
        ("2012-01-02", "2026-01-01", 13),  # the birthday is tomorrow
        ("2011-12-31", "2026-01-01", 14),
        ("2012-07-15", "2026-07-14", 13),  # same month, the day before the birthday
        ("2012-07-15", "2026-07-15", 14),
        ("2012-07-15", "2026-07-16", 14),
        ("2012-08-01", "2026-07-31", 13),  # the month before the birthday, a later day
        ("2012-06-30", "2026-07-01", 14),  # the month after the birthday, an earlier day
        # Born on 29 February: not yet 14 on 28 February of a common year, 14 on 1 March.
        ("2012-02-29", "2026-02-28", 13),
        ("2012-02-29", "2026-03-01", 14),
    ],
)
def test_age_in_full_years_on_the_reference_date(
    event: Event, born: str, day: str, age: int
) -> None:
    _, player = with_player(event, born=dt.date.fromisoformat(born))
    assert categories.age_on(player, dt.date.fromisoformat(day)) == age


def test_a_birth_year_alone_counts_as_born_on_1_january(event: Event) -> None:
    """The oldest the player can be: 2012 is 14 on 1 January 2026 and on 31 December 2025
    13 (born 1 January 2012, the birthday comes the next day)."""
    _, player = with_player(event, born=None, birth_year=2012)
    assert categories.age_on(player, dt.date(2026, 1, 1)) == 14
    assert categories.age_on(player, dt.date(2025, 12, 31)) == 13
    _, nobody = with_player(event, born=None, birth_year=None)
    assert categories.age_on(nobody, dt.date(2026, 1, 1)) is None


def test_the_reference_date_defaults_to_1_january_of_the_start_year(event: Event) -> None:
    """The event starts on 2025-06-01: ages are taken on 2025-01-01; a date given wins; with
    neither, there is none (and an age group is an error, not a guess)."""
    assert categories.reference_date(on(event, None)) == dt.date(2025, 1, 1)
    assert categories.reference_date(on(event, "2025-07-01")) == dt.date(2025, 7, 1)
    undated = replace(event, config=replace(event.config, start=None, age_reference_date=None))
    assert categories.reference_date(undated) is None


@pytest.mark.parametrize(
    ("born", "under_14"),
    [
        ("2012-01-01", False),  # born exactly 14 years before 2026-01-01: 14, not under 14
        ("2012-01-02", True),  # a day younger: 13
        ("2011-06-30", False),  # 14 and a half
        ("2015-03-03", True),  # 10: every age below 14 is under 14
    ],
)
def test_under_14_means_below_14_on_the_reference_date(
    event: Event, born: str, under_14: bool
) -> None:
    changed, player = with_player(event, born=dt.date.fromisoformat(born))
    assert categories.in_category(on(changed, "2026-01-01", U14), player, U14) is under_14


def test_an_age_group_without_a_date_or_an_age_holds_nobody(event: Event) -> None:
    """No reference date (no start, no age_reference_date) or no birth date: nobody is put in
    an age group on a guess (check_categories says why as an error)."""
    changed, player = with_player(event, born=dt.date(2020, 1, 1))
    undated = replace(changed, config=replace(changed.config, start=None, categories=(U14,)))
    assert not categories.in_category(undated, player, U14)
    changed, unborn = with_player(event, born=None, birth_year=None)
    assert not categories.in_category(on(changed, "2026-01-01", U14), unborn, U14)


# --- sex, rating, federation, all together ---------------------------------------------------


@pytest.mark.parametrize(
    ("sex", "born", "inside"),
    [
        ("F", "2013-05-05", True),  # a girl of 12 on 2026-01-01
        ("M", "2013-05-05", False),  # a boy of 12: not a girl
        ("F", "2012-01-01", False),  # a girl of 14: not under 14
        (None, "2013-05-05", False),  # sex unknown: not put in a girls' group on a guess
    ],
)
def test_every_condition_given_must_hold(
    event: Event, sex: str | None, born: str, inside: bool
) -> None:
    girls = CategoryEntry("G14", "Girls Under 14", under=14, sex="F")
    changed, player = with_player(event, sex=sex, born=dt.date.fromisoformat(born))
    assert categories.in_category(on(changed, "2026-01-01", girls), player, girls) is inside


@pytest.mark.parametrize(
    ("rating", "inside"),
    [(1799, False), (1800, True), (1900, True), (2000, True), (2001, False), (None, False)],
)
def test_a_rating_band_from_1800_to_2000_holds_both_ends(
    event: Event, rating: int | None, inside: bool
) -> None:
    """The spec's band ``min_rating = 1800, max_rating = 2000``: both bounds are in it; an
    unrated player counts as 0, below 1800."""
    band = CategoryEntry("R", "1800-2000", min_rating=1800, max_rating=2000)
    changed, player = with_player(event, rating=rating)
    assert categories.in_category(on(changed, None, band), player, band) is inside


@pytest.mark.parametrize(("rating", "inside"), [(None, True), (0, True), (1, False), (1000, False)])
def test_max_rating_0_is_a_prize_of_the_unrated(
    event: Event, rating: int | None, inside: bool
) -> None:
    """Unrated counts as 0 (README), so ``max_rating = 0`` holds the unrated players alone."""
    unrated = CategoryEntry("UR", "Best unrated", max_rating=0)
    changed, player = with_player(event, rating=rating)
    assert categories.in_category(on(changed, None, unrated), player, unrated) is inside


@pytest.mark.parametrize(
    ("federation", "inside"),
    [("AUS", True), ("aus", True), (" AUS ", True), ("NZL", False), (None, False)],
)
def test_a_federation_category(event: Event, federation: str | None, inside: bool) -> None:
    aus = CategoryEntry("AUS", "Australian", federation="AUS")
    changed, player = with_player(event, federation=federation)
    assert categories.in_category(on(changed, None, aus), player, aus) is inside


def test_open_is_everyone_and_an_unknown_id_is_open(event: Event) -> None:
    """Unrated, no age, no sex, no federation: still in "open", the category every prize
    without one names."""
    changed, player = with_player(
        event, rating=None, born=None, birth_year=None, sex=None, federation=None
    )
    assert categories.category_of(changed, "open") is categories.OPEN
    assert categories.in_category(changed, player, categories.OPEN)
    girls = CategoryEntry("G", "Girls", sex="F")
    assert categories.category_of(on(changed, None, girls), "G") is girls


# --- a birthday nobody gave ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "warned"),
    [
        # 2014 on 30 December 2026: 12 if born on 1 January to 30 December 2014, 11 if on
        # 31 December: the last day of the year decides, and is said.
        ("2026-12-30", "11 or 12"),
        # On 31 December 2026 every player of 2014 is 12: nothing to say.
        ("2026-12-31", ""),
        # On 1 January 2026, 12 only if born on 1 January 2014.
        ("2026-01-01", "11 or 12"),
        # On 2 January 2026: 12 if born on 1 or 2 January.
        ("2026-01-02", "11 or 12"),
    ],
)
def test_a_birth_year_alone_is_warned_about_up_to_the_years_last_day(
    event: Event, day: str, warned: str
) -> None:
    changed, _ = with_player(event, born=None, birth_year=2014)
    found = birthday_warnings(on(changed, day, U12))
    if not warned:
        assert found == []
        return
    assert found == [
        f"Alpha, Anna: birth_year = 2014 alone is given; on {day} they are {warned} "
        "depending on the birthday, so they count as not in Under 12 (as if born on "
        "1 January)"
    ]


@pytest.mark.parametrize(
    ("month", "day", "warned"),
    [
        # December 2014 on 15 December 2026: 12 if born on 1-15 December, 11 if on 16-31.
        (12, "2026-12-15", "11 or 12"),
        # On 31 December 2026 every player of December 2014 is 12.
        (12, "2026-12-31", ""),
        # November 2014 on 15 November 2026: 12 if born on 1-15 November, 11 if on 16-30.
        (11, "2026-11-15", "11 or 12"),
        # On 30 November 2026 every player of November 2014 is 12 (the month has 30 days).
        (11, "2026-11-30", ""),
        # On 1 December 2026 too.
        (11, "2026-12-01", ""),
    ],
)
def test_a_month_without_the_day_is_warned_about_to_the_months_last_day(
    event: Event, month: int, day: str, warned: str
) -> None:
    """A TRF date "2014/12/00" counts as 1 December, the month's first day; the warning
    names the ages of its first and its last day."""
    changed, _ = with_player(event, born=dt.date(2014, month, 1), day_unknown=True)
    found = birthday_warnings(on(changed, day, U12))
    if not warned:
        assert found == []
        return
    name = {11: "November", 12: "December"}[month]
    assert found == [
        f"Alpha, Anna: the TRF file gives only the year and month of birth, 2014/{month}; "
        f"on {day} they are {warned} depending on the birthday, so they count as not in "
        f"Under 12 (as if born on 1 {name})"
    ]


def test_an_age_group_needs_a_date_and_every_players_birth(event: Event) -> None:
    changed, _ = with_player(event, born=None, birth_year=None)
    undated = replace(
        changed,
        config=replace(changed.config, start=None, age_reference_date=None, categories=(U14,)),
    )
    problems = Problems()
    categories.check_categories(undated, problems)
    errors = [str(p.message) for p in problems.errors]
    assert "categories U14 need an age reference date" in errors
    assert sum("has no born or birth_year" in e for e in errors) == 4  # the four players
