"""Final order of the players: points, then the event's tie-breaks in order (FIDE C.07 Art. 4).

Each group of players still tied is split by the next tie-break of the list; Direct Encounter is
computed on the group it meets, whatever sub-group that is. When the list is exhausted the
players share the place ("3-4"). Every boundary between two neighbours records what separated
them, so the pages can say why one player is ahead of the next.
"""

from __future__ import annotations

import hashlib
import itertools
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..config.event import normalise_name
from ..model import Event, Player
from ..parallel import run_parallel
from ..text import Phrase, compared_text
from .scores import PlayerRecord
from .tiebreaks import (
    EPSILON,
    TiebreakContext,
    describe,
    direct_encounter_explained,
    direct_encounter_scores,
    direct_encounter_skipped,
    parse_code,
    round_table,
    tiebreak_values,
)

NO_REASON = Phrase()
"""The reason of the last player: nobody is below them."""


@dataclass(frozen=True)
class StandingRow:
    player: Player
    record: PlayerRecord
    rank: int
    """The integer place (the first of a shared place)."""
    place: str
    """The printed place: "3" or "3-4" for a shared place."""
    decided_by: str
    """What separated this player from the next: "points", a tie-break's key (its code;
    "DE#2" when Direct Encounter listed again decided), "shared" ... (``column_code`` gives
    the code)."""
    tiebreaks: dict[str, float] = field(default_factory=dict)
    """Each tie-break's value, by its key (``column_keys``: the code, "DE#2" for a code
    listed again)."""
    reason: Phrase = NO_REASON
    """Why this player is ahead of the next one, in words, any player it names kept apart
    (``text.Name``) for the pages to isolate; ``str()`` is the plain text."""
    unreached: tuple[str, ...] = ()
    """Keys of Direct Encounters never applied to this player (tied with nobody, separated
    before it, or tied with players not all met, ``direct_encounter_skipped``): the value is
    a number for ``results.json``, which the tables show as a dash."""

    @property
    def points(self) -> float:
        return self.record.points


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    after_round: int = 0

    def __eq__(self, other: object) -> bool:
        """The same rows after the same round, whether worked out now or read back from
        ``RANKED`` (``_KeptStandings``): ``serve`` compares outcomes to keep pages."""
        if not isinstance(other, Standings):
            return NotImplemented
        return self.after_round == other.after_round and self.rows == other.rows

    def rank_of(self, number: int) -> int:
        """Position in the final order (1-based, unique), as used in rank tables."""
        return self._positions[number]

    def place_of(self, number: int) -> int:
        """The integer place, the first of a shared one (3 for "3-4"): players who share a
        place are not one above the other, in the chart of places after each round either."""
        return self._places[number]

    @cached_property
    def _places(self) -> dict[int, int]:
        return {row.player.number: row.rank for row in self.rows}

    def points_of(self, number: int) -> float:
        """A player's points in these standings (counted up to their round)."""
        return self.rows[self._positions[number] - 1].points

    @cached_property
    def _positions(self) -> dict[int, int]:
        return {row.player.number: i for i, row in enumerate(self.rows, start=1)}

    @cached_property
    def memo(self) -> dict[str, tuple[int, ...]]:
        """What follows from these standings alone, worked out once: each category's order
        (the prizes ask for it once per prize, 2,000 players each time)."""
        return {}


_Row = tuple[int, int, str, str, tuple[tuple[str, float], ...], Phrase, tuple[str, ...]]
"""A standings row without its objects: number, rank, place, decided by, tie-breaks, reason,
unreached."""


class _KeptStandings(Standings):
    """Standings read back from ``RANKED``, their rows made when first asked for.

    A rebuild after one result keeps the standings after every earlier round, but shows most
    of them nowhere (their pages are kept): 2,000 rows each are not worth making for the
    order and places alone, which the rank chart reads (``place_of``)."""

    def __init__(
        self, event: Event, records: dict[int, PlayerRecord], data: bytes, rounds: int, final: bool
    ) -> None:
        kept: tuple[_Row, ...] = pickle.loads(data)
        object.__setattr__(self, "after_round", rounds)
        object.__setattr__(self, "_kept", (event, records, kept, final))
        positions = {row[0]: i for i, row in enumerate(kept, start=1)}
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_places", {row[0]: row[1] for row in kept})

    _kept: tuple[Event, dict[int, PlayerRecord], tuple[_Row, ...], bool]

    @cached_property
    def rows(self) -> tuple[StandingRow, ...]:
        event, records, kept, final = self._kept
        rounds = self.after_round
        counted = records if final else {n: r.upto(rounds) for n, r in records.items()}
        return tuple(
            StandingRow(
                event.player(number), counted[number], place_rank, place, by, dict(tbs), why, gone
            )
            for number, place_rank, place, by, tbs, why, gone in kept
        )


RANKED: dict[str, bytes] = {}
"""Standings worked out before, by ``_ranking_key``: the earlier rounds' standings do not
change when a later round's result does (kept between builds by ``generator.cache``). Kept
pickled (``_Row`` tuples): 2,000 players' rows are 100,000 objects a standings, and a build
saves and loads them all but reads only the standings it asks for."""

RANKED_USED: set[str] = set()
"""The keys of ``RANKED`` this build asked for (the ones worth keeping)."""

_EVENT_KEYS: list[tuple[Event, str, dict[int, str]]] = []
"""The last event's settings and rounds as digests, for ``_ranking_key``."""


def rank_event(
    event: Event, records: dict[int, PlayerRecord], after_round: int | None = None
) -> Standings:
    """``rank(event, records, after_round)`` for the event's own ``records``
    (``scores.player_records(event)``), worked out once for the same inputs (``RANKED``)."""
    rounds = event.rounds_played if after_round is None else after_round
    key = _ranking_key(event, rounds, after_round is None)
    RANKED_USED.add(key)
    found = RANKED.get(key)
    if found is None:
        standings = rank(event, records, after_round)
        if len(RANKED) > 10_000:  # serve runs for days
            RANKED.clear()
        RANKED[key] = _pickled_rows(standings)
        return standings
    return _KeptStandings(event, records, found, rounds, after_round is None)


_RANKING: tuple[Event, dict[int, PlayerRecord]] | None = None
"""The event a forked worker process ranks (``rank_ahead``)."""


def rank_ahead(
    event: Event,
    records: dict[int, PlayerRecord],
    rounds: Sequence[int | None],
    jobs: int,
    meanwhile: Callable[[], None] | None = None,
) -> None:
    """Work out the standings ``rank_event`` will be asked for (after each of ``rounds``,
    ``None`` for the current ones) that are not known yet, ``jobs`` processes at a time;
    ``meanwhile()``, the rest of the rules, runs in this process while the others rank."""
    global _RANKING
    wanted: dict[str, int | None] = {}
    for after_round in rounds:
        played = event.rounds_played if after_round is None else after_round
        key = _ranking_key(event, played, after_round is None)
        if key not in RANKED:
            wanted[key] = after_round
    if wanted:
        round_table(event, records)  # made once, before the workers are forked: they share it
    # The longest first: the workers take tasks from the front, this process from the back.
    tasks = sorted(wanted.items(), key=lambda item: -(item[1] or event.rounds_played))
    _RANKING = (event, records)
    try:
        for key, rows in run_parallel(
            tasks, jobs, _rank_task, _rank_task_pickled, pickle.loads, meanwhile
        ):
            RANKED[key] = rows  # pickled by the process that ranked them
    finally:
        _RANKING = None


def _rank_task(task: tuple[str, int | None]) -> tuple[str, bytes]:
    assert _RANKING is not None
    event, records = _RANKING
    return task[0], _pickled_rows(rank(event, records, task[1]))


def _rank_task_pickled(task: tuple[str, int | None]) -> bytes:
    return pickle.dumps(_rank_task(task), pickle.HIGHEST_PROTOCOL)


def _pickled_rows(standings: Standings) -> bytes:
    rows = tuple(
        (
            *(r.player.number, r.rank, r.place, r.decided_by, tuple(r.tiebreaks.items())),
            *(r.reason, r.unreached),
        )
        for r in standings.rows
    )
    return pickle.dumps(rows, pickle.HIGHEST_PROTOCOL)


def _ranking_key(event: Event, rounds: int, final: bool) -> str:
    """Everything the standings after ``rounds`` rounds depend on: the event's settings (its
    event.toml, players, tie-breaks and rules), and each game and bye of those rounds."""
    if not _EVENT_KEYS or _EVENT_KEYS[0][0] is not event:
        settings = repr((event.config, event.players, event.tiebreaks, event.rules_edition))
        by_round: dict[int, list[tuple[object, ...]]] = {}
        for game in event.games:
            by_round.setdefault(game.round, []).append(
                (game.board, game.white, game.black, game.result)
            )
        for bye in event.byes:
            by_round.setdefault(bye.round, []).append((bye.player, bye.points))
        digests = {n: _digest(repr(items)) for n, items in by_round.items()}
        _EVENT_KEYS[:] = [(event, _digest(settings), digests)]
    _, settings_digest, digests = _EVENT_KEYS[0]
    played = [digests.get(n, "") for n in range(1, rounds + 1)]
    return _digest(repr((settings_digest, rounds, final, played)))


def ranking_key(event: Event, rounds: int) -> str:
    """What the standings after ``rounds`` rounds (not the current ones) follow from, as a
    digest: the key of pages that show them (``render.site.standings_page_key``)."""
    return _ranking_key(event, rounds, False)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


AHEAD_ON_DE = "ahead on Direct Encounter, "
"""How a reason Direct Encounter gave begins; the mini-table's words follow (the play-off's
seeding note quotes them)."""

_MORE_POINTS = Phrase("more points")
"""The reason of every boundary between two scores: one object, which ``_pickled_rows``
(pickle keeps an object met again as a reference) writes once for 2,000 players."""


@dataclass
class _Boundary:
    """What separates a player from the next one in the order."""

    decided_by: str = "points"
    reason: Phrase = NO_REASON


def rank(
    event: Event,
    records: dict[int, PlayerRecord],
    after_round: int | None = None,
    codes: Sequence[str] | None = None,
) -> Standings:
    """Standings after ``after_round`` rounds (default: all played), by points and tie-breaks."""
    rounds = event.rounds_played if after_round is None else after_round
    # Future rounds score nothing, so the current standings keep them for the tables' columns.
    counted = records if after_round is None else {n: r.upto(rounds) for n, r in records.items()}
    codes = tuple(event.tiebreaks if codes is None else codes)
    ctx = TiebreakContext.from_records(event, records, rounds)  # cut to ``rounds`` there
    columns = tuple(zip(column_keys(codes), codes, strict=True))
    values, de_values = _tiebreak_columns(ctx, columns, [p.number for p in event.players])

    order: list[int] = []
    boundaries: list[_Boundary] = []
    skipped: dict[str, set[int]] = {}
    by_points = sorted(event.players, key=lambda p: (-ctx.scores[p.number], p.number))
    groups: list[list[int]] = []
    for player in by_points:
        if groups and abs(ctx.scores[groups[-1][0]] - ctx.scores[player.number]) < EPSILON:
            groups[-1].append(player.number)
        else:
            groups.append([player.number])
    for index, group in enumerate(groups):
        if index:
            boundaries.append(_Boundary("points", _MORE_POINTS))
        _split(ctx, group, columns, values, de_values, order, boundaries, skipped)

    rows = []
    position = 0
    while position < len(order):
        end = position
        while end < len(boundaries) and boundaries[end].decided_by == "shared":
            end += 1
        place = str(position + 1) if end == position else f"{position + 1}-{end + 1}"
        for current in range(position, end + 1):
            number = order[current]
            boundary = boundaries[current] if current < len(boundaries) else _Boundary()
            tiebreaks = {}
            for key, _ in columns:
                source = de_values.get(key, values.get(key, {}))
                tiebreaks[key] = source.get(number, 0.0)
            rows.append(
                StandingRow(
                    player=event.player(number),
                    record=counted[number],
                    rank=position + 1,
                    place=place,
                    decided_by=boundary.decided_by,
                    tiebreaks=tiebreaks,
                    reason=boundary.reason,
                    unreached=tuple(
                        c
                        for c, found in de_values.items()
                        if number not in found or number in skipped.get(c, ())
                    ),
                )
            )
        position = end + 1
    return Standings(tuple(rows), rounds)


def column_keys(codes: Sequence[str]) -> tuple[str, ...]:
    """A key for each tie-break of the list, for the rows' values: its code, and for a code
    listed again the code and its count ("DE#2"). Direct Encounter may come twice (FIDE C.07
    4.3, type A): each time it is worked out afresh on the players still tied there."""
    seen: dict[str, int] = {}
    keys = []
    for code in codes:
        seen[code] = seen.get(code, 0) + 1
        keys.append(code if seen[code] == 1 else f"{code}#{seen[code]}")
    return tuple(keys)


def column_code(key: str) -> str:
    """The tie-break code of a column key: "DE#2" -> "DE"; other values as they are."""
    return key.partition("#")[0]


_Columns = Sequence[tuple[str, str]]
"""The tie-breaks still to apply, in order: (key, code), keys as ``column_keys`` gives them."""


def _tiebreak_columns(
    ctx: TiebreakContext, columns: _Columns, players: Sequence[int]
) -> tuple[dict[str, dict[int, float]], dict[str, dict[int, float]]]:
    """Each player's value of every per-player tie-break, and an empty column for each Direct
    Encounter (filled in by ``_split`` for the group it meets), by key."""
    found: dict[str, dict[int, float]] = {}
    values: dict[str, dict[int, float]] = {}
    de_values: dict[str, dict[int, float]] = {}
    for key, code in columns:
        if parse_code(code).base == "DE":
            de_values[key] = {}
        else:
            if code not in found:
                found[code] = tiebreak_values(ctx, code, players)
            values[key] = found[code]
    return values, de_values


def rank_among(
    event: Event, records: dict[int, PlayerRecord], players: Sequence[int]
) -> tuple[list[int], list[tuple[str, Phrase]]]:
    """Players level on points put in order by the event's tie-breaks among themselves alone,
    as when a play-off leaves some of them level ("followed by math tiebreaks"): Direct
    Encounter then counts only their games with each other. Returns the order and, for each
    player but the last, what separates them from the next: (decided_by, reason)."""
    order, boundaries, _ = rank_among_with_encounters(event, records, players)
    return order, boundaries


def rank_among_with_encounters(
    event: Event, records: dict[int, PlayerRecord], players: Sequence[int]
) -> tuple[list[int], list[tuple[str, Phrase]], dict[str, dict[int, float]]]:
    """``rank_among``, and each Direct Encounter's values among these players, by its key
    (``column_keys``): the spec publishes a player's DE as the score among the group it was
    applied to, and these are the ones that ordered them. A player the Direct Encounter did
    not reach (separated before it, or tied with players who have not all met,
    ``direct_encounter_skipped``) has no value in it: the tables show a dash, as ``rank``
    has them for the standings before the play-off."""
    codes = tuple(event.tiebreaks)
    columns = tuple(zip(column_keys(codes), codes, strict=True))
    ctx = TiebreakContext.from_records(event, records, event.rounds_played)
    values, de_values = _tiebreak_columns(ctx, columns, players)
    order: list[int] = []
    boundaries: list[_Boundary] = []
    skipped: dict[str, set[int]] = {}
    _split(ctx, sorted(players), columns, values, de_values, order, boundaries, skipped)
    for key, numbers in skipped.items():
        for number in numbers:
            de_values[key].pop(number, None)
    return order, [(b.decided_by, b.reason) for b in boundaries], de_values


def _exhausted(
    ctx: TiebreakContext, group: list[int], order: list[int], boundaries: list[_Boundary]
) -> None:
    """Every tie-break is equal: share the place, or follow the drawing of lots (Art. 4.2) when
    it names every player of the group (an order it does not give is not made up)."""
    ranking = ctx.event.config.ranking
    # The lots may name a player by any spelling [[players]] gives them (an alias too).
    spelt = {
        normalise_name(s): n for n in group for s in (ctx.players[n].name, *ctx.players[n].aliases)
    }
    drawn = [spelt[key] for key in map(normalise_name, ranking.lots) if key in spelt]
    named = all(n in drawn for n in group)
    if ranking.exhausted == "lots" and named:

        def lot(number: int) -> tuple[int, int]:
            return (drawn.index(number) if number in drawn else len(drawn), number)

        group = sorted(group, key=lot)
        boundary = _Boundary("lots", Phrase("ahead by the drawing of lots"))
    elif ranking.exhausted == "lots":
        group = sorted(group)
        boundary = _Boundary(
            "shared", Phrase("equal on every tie-break; no drawing of lots recorded")
        )
    else:
        group = sorted(group)
        boundary = _Boundary("shared", Phrase("equal on every tie-break"))
    for index, number in enumerate(group):
        if index:
            boundaries.append(boundary)
        order.append(number)


def _split(
    ctx: TiebreakContext,
    group: list[int],
    columns: _Columns,
    values: dict[str, dict[int, float]],
    de_values: dict[str, dict[int, float]],
    order: list[int],
    boundaries: list[_Boundary],
    skipped: dict[str, set[int]] | None = None,
) -> None:
    """Order one tied group by the remaining tie-breaks, appending to ``order`` and
    ``boundaries``; ``skipped``: by key, the players of groups a Direct Encounter was not
    applied to, their players not having all met (``direct_encounter_skipped``)."""
    if len(group) == 1:
        order.append(group[0])
        return
    if not columns:
        _exhausted(ctx, group, order, boundaries)
        return
    (key, code), rest = columns[0], columns[1:]
    parsed = parse_code(code)
    if parsed.base == "DE":
        played = parsed.modifiers.forfeits_played
        subgroups, notes = direct_encounter_explained(ctx, group, played)
        scores, _ = direct_encounter_scores(ctx, group, played)
        # Not applied separates nobody: asked only then (an open's groups are big). Its value
        # is then 0, as the spec gives for a DE "not applicable", not the score in the games
        # the tied players have played among them, which decided nothing.
        not_applied = len(subgroups) == 1 and direct_encounter_skipped(ctx, group, played)
        for number in group:
            de_values[key].setdefault(number, 0.0 if not_applied else scores[number])
        if not_applied and skipped is not None:
            skipped.setdefault(key, set()).update(group)
        reasons = [Phrase(AHEAD_ON_DE + note) for note in notes]
    else:
        by_level: dict[float, list[int]] = {}
        for number in group:
            by_level.setdefault(round(values[key][number], 9), []).append(number)
        levels = sorted(by_level, reverse=True)
        subgroups = [by_level[level] for level in levels]
        reasons = [
            Phrase(f"ahead on {describe(code)}, {' to '.join(compared_text(high, low))}")
            for high, low in itertools.pairwise(levels)
        ]
    for index, subgroup in enumerate(subgroups):
        if index:
            boundaries.append(_Boundary(key, reasons[index - 1]))
        _split(ctx, subgroup, rest, values, de_values, order, boundaries, skipped)
