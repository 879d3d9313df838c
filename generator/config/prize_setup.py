"""Warnings about an event file's prizes, titles, play-off places and categories that the rules
would take as written and publish wrong without a word: a place (or a play-off place) past the
field, two prizes of one name, a girls' title open to boys, players a federation's category
leaves out, a lower place paying more, an age reference date in a later year. Each is said on
the event.toml line to correct; the build goes on (``check_event`` holds the errors)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..problems import Problems
from ..text import Name, Phrase
from .event import EventConfig
from .toml_lines import KeyPath, line_of

if TYPE_CHECKING:
    from ..model import Player


def prize_setup_warnings(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    players: Sequence[Player],
    problems: Problems,
) -> None:
    """Every warning of this module, in the order the build has said them."""
    _places_past_the_field(config, config_path, config_lines, len(players), problems)
    _prizes_named_twice(config, config_path, config_lines, problems)
    if not players or any(player.sex != "F" for player in players):
        # A section of girls only: no boy can take its girls' title, whatever its category.
        _girls_titles_boys_may_take(config, config_path, config_lines, problems)
    _players_without_a_federation(config, config_path, config_lines, players, problems)
    _lower_places_paying_more(config, config_path, config_lines, problems)
    _age_reference_date_after_the_event(config, config_path, config_lines, problems)


def _places_past_the_field(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    players: int,
    problems: Problems,
) -> None:
    """A prize or trophy for a place no player can finish in (``place = 15`` of ten players)
    is a typo the prize list would only show as "nobody eligible": said on its line, and
    left unclaimed as before."""
    placed: list[tuple[str, int, str, int]] = [
        *(("prizes", i, t.name, t.place) for i, t in enumerate(config.prizes.money)),
        *(("trophies", i, t.name, t.place) for i, t in enumerate(config.trophies)),
    ]
    for table, index, name, place in placed:
        if place <= players:
            continue
        key: KeyPath = ("prizes", "money", index) if table == "prizes" else (table, index)
        problems.warning(
            f'{"prize" if table == "prizes" else "trophy"} "{name}" is for place {place}, '
            f"but the event has only {players} player{'' if players == 1 else 's'}: "
            "nobody can take it",
            config_path,
            line_of(config_lines, (*key, "place")),
            f"correct place (at most {players}), or delete the entry",
            code="place-past-field",
        )
    _playoff_places_past_the_field(config, config_path, config_lines, players, problems)


def _playoff_places_past_the_field(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    players: int,
    problems: Problems,
) -> None:
    """``[playoff] places = [1, 12]`` of ten players: no tie can be for 12th, so the play-off
    rules pass over it without a word, and an organiser who meant 2 (a typo) would never
    learn that 2nd place is left to the math tie-breaks. Said once for each such place, on
    the ``places`` line, with the list to write instead."""
    places = config.playoff.places
    past = list(dict.fromkeys(place for place in places if place > players))
    if not past:
        return
    kept = list(dict.fromkeys(place for place in places if place <= players))
    hint = (
        f"write places = [{', '.join(str(place) for place in kept)}]"
        if kept
        else f"correct the place (at most {players}), e.g. places = [1]"
    )
    for place in past:
        problems.warning(
            f"[playoff] places lists place {place}, but the event has only {players} "
            f"player{'' if players == 1 else 's'}: no play-off can be held for it",
            config_path,
            line_of(config_lines, ("playoff", "places")),
            hint,
            code="place-past-field",
        )


def _prizes_named_twice(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    problems: Problems,
) -> None:
    """Two titles, trophies or money prizes of one name (a copied entry whose name was not
    changed): the prize list would show "1st place" twice, for two places, and the pages
    and results.json could not tell them apart by name. Said on the second's line."""
    tables: list[tuple[KeyPath, str, list[str]]] = [
        (("titles",), "title", [t.name for t in config.titles]),
        (("trophies",), "trophy", [t.name for t in config.trophies]),
        (("prizes", "money"), "prize", [m.name for m in config.prizes.money]),
    ]
    for key, kind, names in tables:
        first: dict[str, int] = {}
        for index, name in enumerate(names):
            earlier = first.setdefault(" ".join(name.casefold().split()), index)
            if earlier == index:
                continue
            table = ".".join(str(k) for k in key)
            problems.warning(
                f'{kind} "{name}" has the name of {table}[{earlier + 1}] '
                f"(line {line_of(config_lines, (*key, earlier, 'name'))}): the prize list "
                "would show the name twice",
                config_path,
                line_of(config_lines, (*key, index, "name")),
                hint="give each its own name (e.g. by its place or category), or delete the copy",
                code="prize-named-twice",
            )


def _category_index(config: EventConfig, category_id: str) -> int | None:
    """The index of ``[[categories]]`` entry ``category_id``, None for the implicit "open"."""
    return next((i for i, c in enumerate(config.categories) if c.id == category_id), None)


def _girls_titles_boys_may_take(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    problems: Problems,
) -> None:
    """A title written ``kind = "girls"`` whose category is not of girls only: it is awarded
    like any title of its category, so a boy could take a girls' title (By-law 3, 2b is a
    girl's title, held beside an open one). A title whose kind is left out is a girls' title
    only when its category is of girls only, so only a written kind can be wrong so."""
    for index, title in enumerate(config.titles):
        if title.kind != "girls":
            continue
        where = _category_index(config, title.category)
        if where is None:
            if title.category != "open":
                continue  # an unknown category: an error of its own
            told = 'its category is "open", everyone'
            fix = 'give it a category of girls only (one with sex = "F")'
        else:
            category = config.categories[where]
            if category.sex == "F":
                continue
            line = line_of(config_lines, ("categories", where, "id"))
            told = f'its category "{category.id}" does not have sex = "F"'
            fix = f'write sex = "F" in category "{category.id}" (line {line})'
        problems.warning(
            f'title "{title.name}" is a girls\' title (kind = "girls"), but {told}: '
            "a boy could take it",
            config_path,
            line_of(config_lines, ("titles", index, "kind")),
            hint=f'{fix}, or write kind = "open" if boys may take it',
            code="girls-title-open-to-boys",
        )


def _players_without_a_federation(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    players: Sequence[Player],
    problems: Problems,
) -> None:
    """A category of one federation leaves out every player without one: its title or prize
    could pass a player of that country whose federation was never entered. Said once for
    each such category a title, trophy or money prize uses, on its federation line."""
    used = {
        *(t.category for t in config.titles),
        *(t.category for t in config.trophies),
        *(m.category for m in config.prizes.money),
    }
    missing = [p.name for p in players if not (p.federation or "").strip()]
    if not missing:
        return
    count = len(missing)
    named = Phrase(", ").join(Name(name) for name in missing[:3])
    more = ", ..." if count > 3 else ""
    for index, category in enumerate(config.categories):
        if category.federation is None or category.id not in used:
            continue
        problems.warning(
            Phrase(
                f'category "{category.id}" is for federation "{category.federation}", but '
                f"{count} player{' has' if count == 1 else 's have'} no federation (",
                named,
                f"{more}): {'they are' if count > 1 else 'that player is'} left out of it",
            ),
            config_path,
            line_of(config_lines, ("categories", index, "federation")),
            hint=f'add federation = "{category.federation}" (or the player\'s own) to the '
            "[[players]] entry of each player without one (on a TRF line, columns 54-56)",
            code="no-federation",
        )


def _amount_text(amount: float) -> str:
    """An amount as event.toml writes it: 500, not 500.0."""
    return f"{amount:.0f}" if amount == int(amount) else f"{amount:.2f}"


def _lower_places_paying_more(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    problems: Problems,
) -> None:
    """A money prize paying more than the prize of the place just above it in its category
    (2nd place 500, 1st place 300): likely a typo, which would pay the runner-up more than
    the winner. Said on the lower place's amount line; the prizes are paid as written."""
    money = config.prizes.money
    for index, prize in enumerate(money):
        above = [
            (other.place, i)
            for i, other in enumerate(money)
            if other.category == prize.category and other.place < prize.place
        ]
        if not above:
            continue
        nearest = max(place for place, _ in above)
        lower = [i for place, i in above if place == nearest and money[i].amount < prize.amount]
        if not lower:
            continue
        other_index = min(lower, key=lambda i: (money[i].amount, i))
        other = money[other_index]
        line = line_of(config_lines, ("prizes", "money", other_index, "amount"))
        problems.warning(
            f'prize "{prize.name}" (place {prize.place}) pays {_amount_text(prize.amount)}, '
            f'more than "{other.name}" (place {other.place}, line {line}), '
            f"which pays {_amount_text(other.amount)}: a lower place would win more",
            config_path,
            line_of(config_lines, ("prizes", "money", index, "amount")),
            hint="correct the amount (or the place) that is a typo",
            code="prize-above-higher-place",
        )


def _age_reference_date_after_the_event(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    problems: Problems,
) -> None:
    """An age_reference_date in a year after the event (2062-01-01 for 2026-01-01): a typo
    that puts every player in older age groups, or none in an age group at all. A day later
    in the event's own year (31 December) is some regulations' rule and is taken."""
    day = config.age_reference_date
    last = config.end or config.start
    if day is None or last is None or day <= last or day.year == last.year:
        return
    which = "ends" if config.end else "starts"
    problems.warning(
        f"age_reference_date = {day.isoformat()} is after the event {which} "
        f"({last.isoformat()}): ages are taken on that day, {day.year - last.year} "
        f"year{'' if day.year - last.year == 1 else 's'} later",
        config_path,
        line_of(config_lines, ("age_reference_date",)),
        hint=f"correct the year (the event is in {last.year})"
        + (f", or delete the line to take 1 January {config.start.year}" if config.start else ""),
        code="age-date-after-event",
    )
