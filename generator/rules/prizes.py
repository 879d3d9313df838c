"""Titles, trophies and prize money (rule stage), as the seed regulations award them.

* Categories (``[[categories]]``): age on the reference date, sex, rating range and federation,
  all that are given must hold; "open" is everyone.
* Titles (ACF By-law 3, clause 2): highest first, as listed, except that the age groups'
  titles go oldest first (``title_order``). Each goes to the best-placed player of its category
  who holds no title of the same kind yet; a girl may hold one "girls" title as well as one
  "open" title (2b).
* Trophies (clause 3): one per player, the highest they are eligible for: every first place
  outranks every second place, and so on; between equal places the listing order decides. An
  age-group title is that group's first place, so its holder takes no trophy besides.
* Money (clause 4): independent of titles and trophies; one prize per player, the largest;
  equal amounts go in listing order. With ``ties = "split"`` players tied on points pool the
  place prizes their places cover and share them equally (to the cent, the odd cents going to
  the lower pairing numbers, which no play-off or drawing of lots changes, so the shares add
  up to the pool); no share can exceed the largest prize of the pool, so nobody gets more than
  they could have won alone.
* U.S. Junior Closed: a player who withdrew or forfeited a game receives no prize money (the
  prize passes on), a play-off game included: until the play-off is over, any of its players
  may still lose their money so; fines are deducted from the prize, never below zero.

A prize for place k of a category goes to the player in k-th place of that category, or, when
that player cannot take it (they already hold a larger or higher prize, or may not receive
money), to the next player down who can. What a play-off still being played, or the drawing
of lots among players equal on every tie-break, has yet to decide is never guessed (by seeding
or pairing number): the prizes are worked out for every order those players may still finish
in, and a prize is awarded only when all agree; otherwise it is "pending" and names who may
take it. Money of players equal on every tie-break is shared instead (``ties``). Past
``OUTCOMES_LIMIT`` orders the largest groups of undrawn lots are not tried one by one but
bounded (``_past_the_lots``): what every drawing gives alike is still awarded, and a waiting
prize may name a player too many, never one too few.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..config.event import CategoryEntry, MoneyPrize, TitleEntry, normalise_name
from ..model import Event
from ..problems import Problems
from ..text import Name, Phrase, named_list, ordinal, withdrawal_text
from .categories import category_of, category_ranking
from .playoffs import Playoff
from .scores import Kind, PlayerRecord
from .standings import Standings, rank_among

_NO_REASON = Phrase()


class PassedOver(NamedTuple):
    """A player placed above an award's winner in its category who could have had it by
    place but was passed over: kept for that player's own card, which otherwise shows a
    parent nothing of a title, trophy or prize their child's place seemed to give."""

    player: int
    held: str
    """What the player holds (or did) that passes them: "holds the Under 16 Champion
    title", "has the 1st place prize, a larger one", "withdrew after round 5"."""
    rule: str
    """The rule that makes it so: "a player holds one open title"."""
    than: str = ""
    """How what is held compares, the end of ``held`` ("a larger one"): kept apart so that
    what a player holds in one ending or another of a play-off says it once, for both
    ("has the 1st place prize or the 2nd place prize, each a larger one")."""

    def why(self, event: Event) -> Phrase:
        """ "Delacroix, Amelie holds the Australian Junior Champion title, and a player holds
        one open title"."""
        return Phrase(Name(event.player(self.player).name), f" {self.held}, and {self.rule}")


@dataclass(frozen=True)
class Award:
    """One title, trophy or money prize and who receives it."""

    kind: str  # "title" | "trophy" | "money"
    name: str
    category: str
    player: int | None
    status: str = "awarded"  # "awarded" | "pending" | "unclaimed"
    reason: Phrase = _NO_REASON
    """Why, in words with the players' names kept apart (``str()`` is the plain text)."""
    amount: float | None = None
    """The player's share of the prize (the prize itself unless it was split)."""
    fines: float = 0.0
    shared_with: tuple[int, ...] = ()
    passed_over: tuple[Phrase, ...] = ()
    """Why players above the winner did not receive it (forfeits, withdrawals)."""
    undecided: tuple[int, ...] = ()
    """A title or trophy pending because these players share the place on every tie-break."""
    passed: tuple[PassedOver, ...] = ()
    """An awarded prize's players placed above the winner in its category, passed over
    whichever way the event may still end, best placed first."""
    pooled: bool = False
    """A money prize that is a tied group's pool of several place prizes ("2nd place + 3rd
    place"), named in the plural: the name's " + " does not tell it from one prize so named
    ("1st + trophy")."""

    @property
    def label(self) -> str:
        """The badge's words: a money prize named for a place ("4th place") reads as the
        place of whoever holds it, so it says "prize" (or "share of" when split)."""
        if self.kind != "money":
            return self.name
        if self.shared_with:
            return f"Share of {self.name}"
        return self.name if "prize" in self.name.lower() else f"{self.name} prize"

    @property
    def net(self) -> float | None:
        """What the player is paid, fines deducted: none while nobody holds the prize."""
        if self.amount is None or self.player is None:
            return None
        return max(0.0, round(self.amount - self.fines, 2))


def forfeit_cancels_money(event: Event) -> bool:
    """The U.S. Junior Closed rule, on by its preset unless ``[prizes]`` says otherwise."""
    setting = event.config.prizes.forfeit_cancels_money
    return event.config.rules == "us-junior-closed" if setting is None else setting


@dataclass
class _Context:
    """One finishing order the prizes are worked out for: the standings' own, or one of the
    orders a play-off still being played, or the drawing of lots, could still give."""

    event: Event
    rankings: dict[str, list[int]]
    """Each category's players, best first (the titles' and trophies' may stop where no
    prize can reach)."""
    rank: dict[int, int]
    points: dict[int, float]
    ahead: dict[int, Phrase] = field(default_factory=dict)
    """Why a player is ahead of the next overall, where a tie-break or the play-off decided
    it (the standings' words): an overall title or prize says so."""

    def ranking(self, category_id: str) -> list[int]:
        return self.rankings[category_id]

    def name(self, number: int) -> Name:
        return Name(self.event.player(number).name)


OUTCOMES_LIMIT = 5040
"""The most finishing orders the titles and trophies are worked out for (7 players sharing a
place): beyond, they are pending, as early in a big Swiss where hundreds share first place.
Money goes further: past it, the largest groups whose lots are not drawn are held out, and
``_past_the_lots`` bounds what their lots may still change, prize by prize."""

UNDECIDED = "the drawing of lots or the arbiter decides"


def award_prizes(
    event: Event,
    standings: Standings,
    records: dict[int, PlayerRecord],
    playoffs: Sequence[Playoff],
    forfeit_cancels_money: bool,
    problems: Problems | None = None,
) -> tuple[Award, ...]:
    """Every title, trophy and money prize. A prize is awarded only when every order that a
    play-off still being played, or the drawing of lots among players equal on every
    tie-break, could give awards it alike; otherwise it is pending and names who may take it,
    never guessed (by seeding or pairing number). A title or trophy left to the drawing of
    lots or the arbiter is also reported to ``problems`` (``undecided-prize``)."""
    if event.rounds_played == 0:
        return _before_the_first_result(event)
    # A pending play-off's players a stage put out, or a leader nobody can catch any more,
    # have their places: only those still in it, and players out of the lead with games
    # still due among themselves, may finish in any order (``Playoff.undecided``).
    playing = [group for p in playoffs for group in p.undecided]
    # Only the group playing for the play-off's first place has a lone winner: players below
    # a leader nobody can catch, or out of the lead with games due among themselves, may end
    # level and share their places, and their money (``_Group.lone_winner``).
    no_winner = {group for p in playoffs for group in p.undecided if p.ahead or group in p.open}
    if not event.finished:
        # Were the event to end now, players tied for a place a play-off decides would play
        # off: their tie-breaks do not give them what the play-off would.
        playing += [p.would_play for p in playoffs if len(p.would_play) > 1]
    awards = _titles_and_trophies(event, standings, playing)
    # Who may still play a game of a play-off, and so forfeit one: a player a stage still
    # being played has put out may still have a game of it due.
    to_play = {n for p in playoffs if p.status == "pending" for n in p.to_play}
    awards += _money_awards(
        event, standings, playing, records, forfeit_cancels_money, to_play, no_winner
    )
    if problems is not None and event.finished:  # a shared place mid-event is no news
        for award in awards:
            if award.undecided:
                problems.warning(
                    Phrase(f"{award.name}: ", award.reason),
                    event.folder / "event.toml",
                    hint='record the drawing of lots: [ranking] exhausted = "lots", lots = [...]',
                    code="undecided-prize",
                )
    return tuple(awards)


def _before_the_first_result(event: Event) -> tuple[Award, ...]:
    """Every prize pending: before the first result everyone shares first place, and no
    title, trophy or share of money can be told."""
    why = Phrase("no game has a result yet")
    config = event.config
    return (
        *(Award("title", t.name, t.category, None, "pending", why) for t in config.titles),
        *(Award("trophy", t.name, t.category, None, "pending", why) for t in config.trophies),
        *(
            Award("money", m.name, m.category, None, "pending", why, amount=m.amount)
            for m in config.prizes.money
        ),
    )


@dataclass(frozen=True)
class _Group:
    """Players whose order among themselves is not known yet: a play-off still being played,
    or players equal on every tie-break (a shared place)."""

    players: tuple[int, ...]
    playoff: bool
    lone_winner: bool = True
    """A play-off's group playing for its first place: one of them wins it, the rest may end
    level behind. A group playing for places below (``no_winner``) may end level throughout."""

    def orders(
        self, shared: bool, settle: Settle | None = None
    ) -> list[tuple[tuple[int, ...], ...]]:
        """The ways they may still finish, as blocks of players sharing a place, best first:
        every order; with ``shared``, a play-off's orders also leave players level behind its
        winner (they share a place, and its money). ``settle`` gives the places the math
        tie-breaks put players the play-off leaves level in: only the endings it allows are
        kept, so a prize does not wait for a shared place that cannot come."""
        if not shared:
            return [tuple((n,) for n in order) for order in itertools.permutations(self.players)]
        found = []
        if not self.lone_winner:
            found = _weak_orders(list(self.players))
        for winner in self.players if self.lone_winner else ():
            rest = [n for n in self.players if n != winner]
            found += [((winner,), *blocks) for blocks in _weak_orders(rest)]
        if settle is None:
            return found
        settled = (tuple(part for block in order for part in settle(block)) for order in found)
        return list(dict.fromkeys(settled))


Settle = Callable[[tuple[int, ...]], tuple[tuple[int, ...], ...]]
"""Players a play-off left level, in the blocks of equal players the math tie-breaks among
them leave (``_math_order``)."""


def _math_order(event: Event, records: dict[int, PlayerRecord]) -> Settle:
    """How a finished event's play-off orders players it leaves level (``playoffs._settle``:
    the math tie-breaks among themselves alone, U.S. Junior Closed "followed by math
    tiebreaks if necessary"): they stay level only where those are equal and no drawing of
    lots is recorded. A player alone is their own block."""
    found: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    def settle(block: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        if len(block) == 1:
            return (block,)
        key = tuple(sorted(block))
        if key not in found:
            order, boundaries = rank_among(event, records, key)
            blocks = [[order[0]]]
            for number, (decided_by, _) in zip(order[1:], boundaries, strict=True):
                if decided_by == "shared":
                    blocks[-1].append(number)
                else:
                    blocks.append([number])
            found[key] = tuple(tuple(b) for b in blocks)
        return found[key]

    return settle


def _ordered_partitions(n: int) -> int:
    """How many ways ``n`` players may finish with ties (the Fubini number)."""
    ways = [1]
    for size in range(1, n + 1):
        ways.append(sum(math.comb(size, k) * ways[size - k] for k in range(1, size + 1)))
    return ways[n]


def _weak_orders(players: list[int]) -> list[tuple[tuple[int, ...], ...]]:
    """Every way ``players`` may finish with ties: ordered blocks of equal players."""
    if not players:
        return [()]
    found = []
    for size in range(1, len(players) + 1):
        for first in itertools.combinations(players, size):
            rest = [n for n in players if n not in first]
            found += [(first, *blocks) for blocks in _weak_orders(rest)]
    return found


class _Orders:
    """The finishing orders still possible: each group's orders (``_Group.orders``), the
    groups taken together (the standings' own order first)."""

    def __init__(
        self,
        base: dict[str, list[int]],
        groups: list[_Group],
        rank: dict[int, int],
        shared: bool = False,
        settle: Settle | None = None,
    ) -> None:
        self.base, self.groups, self.rank = base, groups, rank
        self.choices = [
            g.orders(shared and g.playoff, settle if g.playoff else None) for g in groups
        ]
        # Per category, the positions each group's members hold in it.
        members = [set(group.players) for group in groups]
        self.slots = {
            category: [[i for i, n in enumerate(ranking) if n in group] for group in members]
            for category, ranking in base.items()
        }

    @staticmethod
    def count(groups: list[_Group], shared: bool = False) -> int:
        """How many orders the groups give (worked out before any is made): a group's every
        order, or with ``shared`` a play-off's winner alone and the rest in any order or
        level (``_Group.orders``)."""

        def ways(group: _Group) -> int:
            k = len(group.players)
            if shared and group.playoff:
                return (
                    k * _ordered_partitions(k - 1) if group.lone_winner else _ordered_partitions(k)
                )
            return math.factorial(k)

        return math.prod(ways(g) for g in groups)

    def each(self) -> Iterator[tuple[tuple[object, ...], _Orders.Order]]:
        """Each possible order: the groups' orders, and the rankings and ranks that follow."""
        for chosen in itertools.product(*self.choices):
            rankings = {}
            for category, ranking in self.base.items():
                ranking = list(ranking)
                for blocks, slots in zip(chosen, self.slots[category], strict=True):
                    if slots:
                        members = set(ranking[i] for i in slots)
                        order = (n for block in blocks for n in block if n in members)
                        for i, n in zip(slots, order, strict=True):
                            ranking[i] = n
                rankings[category] = ranking
            rank = dict(self.rank)
            for blocks in chosen:
                place = min(self.rank[n] for block in blocks for n in block)
                for block in blocks:
                    rank.update((n, place) for n in block)
                    place += len(block)
            yield chosen, (rankings, rank)

    Order = tuple[dict[str, list[int]], dict[int, int]]


def _blocks(rank: dict[int, int], playing: list[tuple[int, ...]]) -> dict[int, object]:
    """Which players stand or fall together at the edge of a prize's reach: a play-off's (or
    those level for one mid-event, whose ranks differ), and each shared place's."""
    blocks: dict[int, object] = {n: ("rank", r) for n, r in rank.items()}
    for index, group in enumerate(playing):
        blocks.update((n, ("play-off", index)) for n in group)
    return blocks


def _reach(ranking: list[int], depth: int, blocks: dict[int, object]) -> list[int]:
    """The first ``depth`` players of a ranking, and the rest of a block cut at the edge:
    no prize's walk down the ranking goes further (it passes at most one holder a prize)."""
    end = min(depth, len(ranking))
    while 0 < end < len(ranking) and blocks[ranking[end]] == blocks[ranking[end - 1]]:
        end += 1
    return ranking[:end]


def _levels(standings: Standings) -> dict[int, list[int]]:
    """The players of each shared place (rank), in the standings' order."""
    levels: dict[int, list[int]] = {}
    for row in standings.rows:
        levels.setdefault(row.rank, []).append(row.player.number)
    return {rank: members for rank, members in levels.items() if len(members) > 1}


def _titles_and_trophies(
    event: Event, standings: Standings, playing: list[tuple[int, ...]]
) -> list[Award]:
    """Titles (clause 2) and trophies (clause 3) for every order still possible, merged: a
    title or trophy only a walk down its category's first places can reach, so each ranking
    stops there, and only the players of shared places and play-offs within reach are
    ordered every way."""
    config = event.config
    if not config.titles and not config.trophies:
        return []
    points = {row.player.number: row.points for row in standings.rows}
    rank = {row.player.number: row.rank for row in standings.rows}
    skips = len(config.titles) + len(config.trophies)
    reach: dict[str, int] = {}
    for title in config.titles:
        reach[title.category] = max(reach.get(title.category, 0), 1 + skips)
    for trophy in config.trophies:
        reach[trophy.category] = max(reach.get(trophy.category, 0), trophy.place + skips)
    blocks = _blocks(rank, playing)
    rankings = {
        category: _reach(category_ranking(event, standings, category), depth, blocks)
        for category, depth in reach.items()
    }
    within = {n for ranking in rankings.values() for n in ranking}
    in_playoff = {n for group in playing for n in group}
    groups = [
        _Group(tuple(n for n in members if n in within), True)
        for members in playing
        if len([n for n in members if n in within]) > 1
    ]
    groups += [
        _Group(tuple(n for n in members if n in within), False)
        for members in _levels(standings).values()
        if len([n for n in members if n in within]) > 1 and not in_playoff & set(members)
    ]
    if _Orders.count(groups) > OUTCOMES_LIMIT:
        return _too_many_to_tell(event, groups, ("title", "trophy"))
    orders = _Orders(rankings, groups, rank)
    results: list[list[Award]] = []
    tags: list[tuple[object, ...]] = []
    position = {row.player.number: i for i, row in enumerate(standings.rows)}
    ahead = _ahead(standings)
    passings: list[dict[int, _Passing]] = []
    for chosen, (ranked, ranks) in orders.each():
        ctx = _Context(event, ranked, ranks, points, ahead)
        titles, holders, passing = _titles(ctx)
        results.append(titles + _trophies(ctx, holders))
        passings.append(passing)
        tags.append(chosen)
    _held_whichever_way(results, passings, groups, position, event)
    return [
        _merge([r[i] for r in results], tags, groups, rank, position, event)
        for i in range(len(results[0]))
    ]


def _too_many_to_tell(event: Event, groups: list[_Group], kinds: tuple[str, ...]) -> list[Award]:
    """Every prize of ``kinds`` pending: too many ways the event may still end to try them
    all, as early in an event where many players are level for first place."""
    reason = _too_many_reason(event, groups)
    config = event.config
    entries: list[tuple[str, str, str]] = [
        *(("title", e.name, e.category) for e in config.titles if "title" in kinds),
        *(("trophy", e.name, e.category) for e in config.trophies if "trophy" in kinds),
    ]
    awards = [Award(kind, name, cat, None, "pending", reason) for kind, name, cat in entries]
    if "money" in kinds:
        awards += [
            Award("money", m.name, m.category, None, "pending", reason, amount=m.amount)
            for m in config.prizes.money
        ]
    return awards


def _too_many_reason(event: Event, groups: Sequence[_Group]) -> Phrase:
    """Why a prize waits when the largest of ``groups`` gives too many ways to tell, or, in
    an event still being played, too many to name who may take it."""
    largest = max(groups, key=lambda g: len(g.players))
    size = len(largest.players)
    if not event.finished:
        # "If the event ended now" early on: a parent is told it is early, not of a play-off
        # of eleven that the next round will most likely undo.
        how = "a play-off would decide" if largest.playoff else "no tie-break separates"
        # Not "after round 7" while round 7's games are still being played.
        played, rounds = event.rounds_played, event.rounds
        if played in event.rounds_in_progress:
            when = f"with round {played} of {rounds} in progress"
        else:
            when = f"after round {played} of {rounds}"
        reason = Phrase(f"{when}, {size} players are level for a place {how}: too early to tell")
    elif largest.playoff:
        why = f"{size} players are level for a place a play-off decides"
        reason = Phrase(f"{why}: too many ways it may end to tell yet")
    else:
        why = f"{size} players share a place on every tie-break"
        reason = Phrase(f"{why}: too many ways it may end to tell yet")
    return reason


def _merge(
    results: list[Award],
    tags: list[tuple[object, ...]],
    groups: list[_Group],
    rank: dict[int, int],
    position: dict[int, int],
    event: Event,
) -> Award:
    """One title or trophy over every order still possible: awarded when they all agree on
    who takes it, otherwise pending, naming everyone who still may."""
    base = results[0]
    winners = [a.player for a in results]
    if all(w == winners[0] for w in winners):
        base = replace(base, passed=_passed_every_way(results, groups))
        reasons = list(dict.fromkeys(a.reason for a in results))
        if len(reasons) == 1:
            return base
        return replace(base, reason=_either(reasons, groups))
    candidates = tuple(sorted({w for w in winners if w is not None}, key=position.__getitem__))
    names = [event.player(n).name for n in candidates]
    choices = Phrase(" or ").join(map(Name, names)) + (", or nobody" if None in winners else "")
    on_playoff = _varies(winners, tags, [g.playoff for g in groups], True)
    on_lots = _varies(winners, tags, [g.playoff for g in groups], False)
    if on_playoff and not on_lots:
        reason = Phrase("waits for the play-off: ", choices)
    elif on_lots and not on_playoff:
        level = {rank[n] for n in candidates}
        if len(level) == 1 and None not in winners:
            reason = Phrase(named_list(names), f" share the place on every tie-break: {UNDECIDED}")
            return Award(
                base.kind, base.name, base.category, None, "pending", reason, undecided=candidates
            )
        reason = Phrase("waits for the drawing of lots or the arbiter: ", choices)
    else:
        reason = Phrase("waits for the play-off and the drawing of lots or the arbiter: ", choices)
    return Award(base.kind, base.name, base.category, None, "pending", reason)


def _either(reasons: list[Phrase], groups: Sequence[_Group]) -> Phrase:
    """The reasons a prize comes to the same player in the different orders ``groups`` may
    finish in, said once: "4th in Open; C holds a higher prize or B holds a higher prize
    (the same whichever way the drawing of lots goes)"."""
    whichever = f"the same whichever way {_decider(groups)}"
    heads = {r.split("; ", 1)[0] for r in reasons}
    if len(heads) == 1 and all(len(r.split("; ", 1)) == 2 for r in reasons):
        tails = Phrase(" or ").join(r.split("; ", 1)[1] for r in reasons)
        return Phrase(heads.pop(), "; ", tails, f" ({whichever})")
    return Phrase(Phrase(" or ").join(reasons), f" ({whichever})")


def _decider(groups: Sequence[_Group]) -> str:
    """What the order of ``groups`` still waits for, as a clause: "the play-off ends", "the
    drawing of lots goes", "the play-offs and the drawing of lots go"."""
    playoffs = sum(g.playoff for g in groups)
    play_off = "the play-off" if playoffs == 1 else "the play-offs"
    if playoffs and playoffs == len(groups):
        return f"{play_off} ends" if playoffs == 1 else f"{play_off} end"
    if playoffs:
        return f"{play_off} and the drawing of lots go"
    return "the drawing of lots goes"


def _varies(
    winners: Sequence[Hashable],
    tags: list[tuple[object, ...]],
    playoff: list[bool],
    which: bool,
) -> bool:
    """Whether the winner changes with the order of the groups that are play-offs
    (``which``) or shared places (not ``which``), the others' order held fixed."""
    seen: dict[tuple[object, ...], Hashable] = {}
    for winner, chosen in zip(winners, tags, strict=True):
        fixed = tuple(order for order, kind in zip(chosen, playoff, strict=True) if kind != which)
        if seen.setdefault(fixed, winner) != winner:
            return True
    return False


def title_kind(title: TitleEntry, category: CategoryEntry) -> str:
    """A title's kind as written, or by default its category's: a title of a category of
    girls only is a girls' title (By-law 3, 2b: a girl may also hold one open title)."""
    if title.kind is not None:
        return title.kind
    return "girls" if category.sex == "F" else "open"


def title_order(event: Event) -> list[int]:
    """The titles, highest first: the listing order, except that titles of age groups take
    the places the age groups' titles are listed in oldest first (clause 2a: "first in an
    older age group is higher than first in a younger age group"; it ranks nothing else),
    and that a title of every age (the open one, the girls', the residents' "Australian
    Junior Champion") goes before all of them, as the oldest group of all: listed after
    "Under 16 Champion", the open title still goes first, else the overall winner, if under
    16, would take the Under 16 title and the open one pass to the next player. A title of a
    rating band is of no age group and keeps its place. The other titles keep their order
    among themselves."""
    titles = event.config.titles
    every_age: list[int] = []
    rest: list[int] = []
    under: dict[int, int] = {}
    for index, title in enumerate(titles):
        category = category_of(event, title.category)
        if category.under is not None:
            under[index] = category.under
            rest.append(index)
        elif (category.min_rating, category.max_rating) == (None, None):
            every_age.append(index)  # a country's players of every age, or a sex's
        else:
            rest.append(index)
    ages = [i for i in rest if i in under]
    oldest_first = iter(sorted(ages, key=lambda i: -under[i]))
    return every_age + [next(oldest_first) if i in under else i for i in rest]


class _Passing(NamedTuple):
    """A title passing players who hold one of its kind, in one finishing order: kept apart
    so that over every order a play-off may still give, the reason can say they will hold
    one whichever way it ends rather than that they "already" hold one."""

    head: Phrase
    """"the best-placed player of Under 12"."""
    which: str
    """The kind passed: "an open" or "a girls'"."""
    passed: tuple[int, ...]


def _titles(
    ctx: _Context,
) -> tuple[list[Award], dict[int, tuple[CategoryEntry, str]], dict[int, _Passing]]:
    """Clause 2, for one finishing order: titles highest first (``title_order``); at most one
    title of each kind per player. Returns them in listing order, each title holder's title
    category and title (an age group's if they hold one), and, by the titles' index, those
    that passed holders of their kind."""
    held: dict[str, dict[int, str]] = {"open": {}, "girls": {}}  # kind: holder's title
    holders: dict[int, tuple[CategoryEntry, str]] = {}
    found: dict[int, Award] = {}
    passing: dict[int, _Passing] = {}
    titles = ctx.event.config.titles
    for index in title_order(ctx.event):
        title = titles[index]
        category = category_of(ctx.event, title.category)
        ranking = ctx.ranking(title.category)
        kind = title_kind(title, category)
        candidates = [n for n in ranking if n not in held[kind]]
        if not candidates:
            why = Phrase(f"no player of {category.name} who may take it is left")
            found[index] = Award("title", title.name, title.category, None, "unclaimed", why)
            continue
        winner = candidates[0]
        held[kind][winner] = title.name
        if winner not in holders or category.under is not None:
            holders[winner] = (category, title.name)
        reason = head = (
            Phrase("the best-placed player", _why_ahead(ctx, winner))
            if category.id == "open"
            else Phrase(f"the best-placed player of {category.name}")
        )
        ahead = [n for n in ranking[: ranking.index(winner)] if n in held[kind]]
        word = "girls'" if kind == "girls" else "open"
        passed = tuple(
            PassedOver(
                n, f"holds {prize_name('title', held[kind][n])}", f"a player holds one {word} title"
            )
            for n in ahead
        )
        if ahead:
            which = "a girls'" if kind == "girls" else "an open"
            passing[index] = _Passing(head, which, tuple(ahead))
            names = named_list(ctx.event.player(n).name for n in ahead)
            verb = "holds" if len(ahead) == 1 else "hold"
            reason += Phrase(f" not already holding {which} title (", names)
            reason += f" already {verb} one)"
        found[index] = Award(
            "title", title.name, title.category, winner, reason=reason, passed=passed
        )
    return [found[i] for i in range(len(titles))], holders, passing


def _held_whichever_way(
    results: list[list[Award]],
    passings: list[dict[int, _Passing]],
    groups: list[_Group],
    position: dict[int, int],
    event: Event,
) -> None:
    """A title that goes to the same player in every order still possible, passing the same
    holders of its kind, some of them in a play-off still being played (or a place shared
    on every tie-break): they do not hold a title yet, so the reason says they hold one
    whichever way it ends (two open titles, two Under 12 players tied for first: the Under
    12 title passes both). ``results`` (titles first, by index) is changed in place."""
    if len(results) < 2:
        return
    for index in sorted(set().union(*passings)):
        each = [found for passing in passings if (found := passing.get(index)) is not None]
        if len(each) < len(passings) or len({r[index].player for r in results}) != 1:
            continue  # some order gives it to another player, or passes nobody
        first = each[0]
        if any(
            (p.head, p.which, set(p.passed)) != (first.head, first.which, set(first.passed))
            for p in each
        ):
            continue  # whom it passes (or a tie-break's words) depends on the order
        unsure = [g for g in groups if set(g.players) & set(first.passed)]
        if not unsure:
            continue
        decider = _decider(unsure)
        passed = sorted(first.passed, key=position.__getitem__)
        names = named_list(event.player(n).name for n in passed)
        verb = "holds" if len(passed) == 1 else "hold"
        reason = Phrase(first.head, f" not holding {first.which} title (", names)
        reason += f" {verb} one whichever way {decider})"
        for order in results:
            order[index] = replace(order[index], reason=reason)


def _trophies(ctx: _Context, title_holders: dict[int, tuple[CategoryEntry, str]]) -> list[Award]:
    """Clause 3, for one finishing order: one trophy per player; first places before second
    places, then listing. An age-group title is first place in that group ("first in any age
    group is higher than second in any age group"), so its holder takes no trophy besides;
    holders of other titles take one only with ``trophies_for_title_holders``."""
    event = ctx.event
    allow_title_holders = event.config.prizes.trophies_for_title_holders
    barred = {
        n: _title_bars_trophy(category, title)
        for n, (category, title) in title_holders.items()
        if not allow_title_holders or category.under
    }
    order = sorted(enumerate(event.config.trophies), key=lambda item: (item[1].place, item[0]))
    results: dict[int, Award] = {}
    holders: dict[int, tuple[str, int]] = {}  # each holder's trophy, and its place
    for index, trophy in order:
        ranking = ctx.ranking(trophy.category)
        category = category_of(event, trophy.category)
        candidates = [
            n for n in ranking[trophy.place - 1 :] if n not in holders and n not in barred
        ]
        if not candidates:
            why = Phrase(f"no player of {category.name} who may take it is left")
            results[index] = Award("trophy", trophy.name, trophy.category, None, "unclaimed", why)
            continue
        winner = candidates[0]
        holders[winner] = (trophy.name, trophy.place)
        position = ranking.index(winner) + 1
        where = "overall" if category.id == "open" else f"in {category.name}"
        reason = Phrase(f"{ordinal(position)} {where}")  # as the money's reasons say it
        passed: list[PassedOver] = []
        if position != trophy.place:
            above = ranking[trophy.place - 1 : position - 1]
            # Clause 3 ranks places only: a trophy of the same place is not a higher prize,
            # it went first for being listed first.
            same = [n for n in above if n in holders and holders[n][1] == trophy.place]
            for who, what in (
                ([n for n in above if n not in same], "a higher prize"),
                (same, "one of the same place, listed first"),
            ):
                if who:
                    verb = "holds" if len(who) == 1 else "hold"
                    names = named_list(ctx.event.player(n).name for n in who)
                    reason += Phrase("; ", names, f" {verb} {what}")
            for n in above:
                if n in holders:  # a trophy decided before this one: a higher place
                    name, place = holders[n]
                    # A trophy of the same place decided first was listed before this one.
                    than = (
                        "a higher one"
                        if place < trophy.place
                        else "of the same place, listed first"
                    )
                    held = _with(f"holds {prize_name('trophy', name)}", than)
                    passed.append(PassedOver(n, held, "a player receives one trophy", than))
                else:
                    passed.append(PassedOver(n, *barred[n]))
        results[index] = Award(
            "trophy", trophy.name, trophy.category, winner, reason=reason, passed=tuple(passed)
        )
    return [results[i] for i in range(len(event.config.trophies))]


def _title_bars_trophy(category: CategoryEntry, title: str) -> tuple[str, str, str]:
    """Why a title holder takes no trophy (``PassedOver.held``, ``rule`` and ``than``): an
    age group's title is its first place, which outranks every trophy (clause 3); another
    title only where trophies do not go to title holders."""
    held = f"holds {prize_name('title', title)}"
    if category.under is not None:
        than = f"first place in {category.name}"
        return _with(held, than), "an age group's title comes with no trophy besides", than
    return held, "a title holder takes no trophy besides", ""


def _with(held: str, than: str) -> str:
    """What a passed player holds followed by how it compares ("has the 1st place prize, a
    larger one"); the words alone where nothing is said of it."""
    return f"{held}, {than}" if than else held


def prize_name(kind: str, name: str, pooled: bool = False) -> str:
    """ "the Under 16 Champion title", "the 1st place prize", "the 1st place + 2nd place
    prizes" (``pooled``: a tied group's pool, ``Award.pooled``): the noun unless the name says
    it already ("Best Girl Trophy"), for the cards' lines (``views.passed_over_lines``) and
    what they say is held."""
    noun = {"title": "title", "trophy": "trophy"}.get(kind, "prize")
    if kind == "money" and pooled:
        noun = "prizes"
    return f"the {name}" if noun.rstrip("s") in name.lower() else f"the {name} {noun}"


def _passed_every_way(each: Sequence[Award], groups: Sequence[_Group]) -> tuple[PassedOver, ...]:
    """Who an award going to the same player in every order still possible (``each``, one
    award an order) passes over in all of them: what they hold may depend on how a play-off
    or the drawing of lots goes ("holds the Champion title or the Under 16 Champion title
    (whichever way the play-off ends)"). Passed in some orders only, a player's card does
    not say they were."""
    found = []
    for passing in each[0].passed:
        seen = [next((q for q in a.passed if q.player == passing.player), None) for a in each]
        every = [q for q in seen if q is not None]
        if len(every) < len(seen):
            continue
        helds = list(dict.fromkeys(q.held for q in every))
        rules = list(dict.fromkeys(q.rule for q in every))
        if len(helds) == 1 and len(rules) == 1:
            found.append(passing)
            continue
        unsure = [g for g in groups if passing.player in g.players] or list(groups)
        held = _either_held(every) + f" (whichever way {_decider(unsure)})"
        found.append(PassedOver(passing.player, held, " and ".join(rules)))
    return tuple(found)


def _either_held(passings: Sequence[PassedOver]) -> str:
    """What a player holds in one ending or another, each said once: "holds the Champion
    title or the Under 16 Champion title"; a comparison all share closes the list once ("has
    the 1st place prize or the 2nd place prize, each a larger one"), others stay with their
    own ("has the 1st Girls prize, of the same amount and listed before it, or the 2nd place
    prize, a larger one")."""
    alternatives = list(
        dict.fromkeys(
            (p.held.removesuffix(f", {p.than}") if p.than else p.held, p.than) for p in passings
        )
    )
    words = [what for what, _ in alternatives]
    # One verb for all where each goes on alike ("holds the ..."); not "has a share of the
    # 1st place + 2nd place prizes or the 1st place prize", which reads as a share of either.
    heads = {tuple(what.split(" ", 2)[:2]) for what in words}
    if len(heads) == 1:
        words = [words[0], *(what.split(" ", 1)[1] for what in words[1:])]
    thans = {than for _, than in alternatives}
    if len(thans) == 1:
        than = thans.pop()
        return " or ".join(words) + (f", each {than}" if than else "")
    parts = [_with(what, than) for what, (_, than) in zip(words, alternatives, strict=True)]
    held = parts[0]
    for (_, than_before), part in zip(alternatives, parts[1:], strict=False):
        held += (", or " if than_before else " or ") + part
    return held


def _money_awards(
    event: Event,
    standings: Standings,
    playing: list[tuple[int, ...]],
    records: dict[int, PlayerRecord],
    forfeit_cancels_money: bool,
    to_play: set[int] | None = None,
    no_winner: set[tuple[int, ...]] | None = None,
) -> list[Award]:
    """Clause 4 and the U.S. rules for every order a play-off still being played could give
    (its winner alone, those behind in any order or level), and, with ``exhausted = "lots"``,
    every order a drawing of lots not yet recorded could give, and (U.S. rule) every set of
    a pending play-off's players who may still forfeit one of its games; merged prize by
    prize: what they all agree on is awarded, the rest is pending. Players equal on every tie-break
    otherwise share the money of their places; with ``ties = "split"`` players equal on
    points do, and neither a play-off nor lots change the shares."""
    config = event.config
    if not config.prizes.money:
        return []
    points = {row.player.number: row.points for row in standings.rows}
    rank = {row.player.number: row.rank for row in standings.rows}
    barred = _barred_from_money(event, records) if forfeit_cancels_money else {}
    rankings = {
        m.category: category_ranking(event, standings, m.category) for m in config.prizes.money
    }
    position = {row.player.number: i for i, row in enumerate(standings.rows)}
    # The U.S. rule bars a player who forfeits a play-off game too (one they do not come
    # to): until the play-off is over, any of its players with a game still to play
    # (``to_play``) may still lose their money so.
    may_forfeit = (
        sorted(({n for g in playing for n in g} | (to_play or set())) - barred.keys())
        if forfeit_cancels_money and event.finished
        else []
    )
    forfeits = [
        dict.fromkeys(chosen, "may yet forfeit a play-off game")
        for size in range(len(may_forfeit) + 1)
        for chosen in itertools.combinations(may_forfeit, size)
    ]
    groups: list[_Group] = []
    if config.prizes.ties != "split":
        candidates = [_Group(g, True, g not in (no_winner or set())) for g in playing]
        if config.ranking.exhausted == "lots":
            in_playoff = {n for g in playing for n in g}
            candidates += [
                _Group(tuple(members), False)
                for members in _levels(standings).values()
                if not in_playoff & set(members)
            ]
        # Shared places whose lots are recorded or not to be drawn pool money too.
        shared = [_Group(tuple(m), False) for m in _levels(standings).values()]
        passed = len(barred) + len(may_forfeit)
        reach = _money_reach(config.prizes.money, rankings, candidates + shared, passed)
        groups = [g for g in candidates if reach & set(g.players)]
    # Too many ways: players sharing a place whose lots are not recorded share its money for
    # now (as the standings share the place), and whatever they take waits for the lots.
    unrecorded: list[_Group] = []
    while _Orders.count(groups, shared=True) * len(forfeits) > OUTCOMES_LIMIT and any(
        not g.playoff for g in groups
    ):
        largest = max((g for g in groups if not g.playoff), key=lambda g: len(g.players))
        groups.remove(largest)
        unrecorded.append(largest)
    if _Orders.count(groups, shared=True) * len(forfeits) > OUTCOMES_LIMIT:
        return _too_many_to_tell(event, groups, ("money",))
    ahead = _ahead(standings)
    # Once the event is finished the math tie-breaks are final, and they will order whoever
    # the play-off leaves level; before, a play-off is only what would happen were it to end.
    settle = _math_order(event, records) if event.finished else None
    orders = _Orders(rankings, groups, rank, shared=True, settle=settle)
    # Each order with each set of play-off forfeits still possible; only the orders without
    # a forfeit yet to come (``actual``) say why an agreed prize is held.
    results: list[list[list[Award]]] = []
    actual: list[list[list[Award]]] = []
    pools: list[dict[int, int]] = []
    tags: list[tuple[object, ...]] = []
    """Each result's play-off and lots orders, and the play-off forfeits it assumes."""
    # Groups held out: each order is also worked out with a drawing of their lots (the
    # standings' order; the first order with its reverse too), real orders whose words say
    # why an agreed prize comes about; whether a prize may change with those lots is
    # ``_past_the_lots``'s.
    drawings = _Drawings(rankings, rank, unrecorded)
    bounds: list[tuple[list[_Bound], bool]] = []
    for count, (chosen, (ranked, ranks)) in enumerate(orders.each()):
        for lots, (drawn, drawn_rank) in enumerate(drawings.each(ranked, ranks, count == 0)):
            ctx = _Context(event, drawn, drawn_rank, points, ahead)
            for extra in forfeits:
                pools.append({})
                results.append(_money(ctx, barred | extra, pools[-1]))
                tags.append((*chosen, lots, tuple(extra)))
                if not extra:
                    actual.append(results[-1])
        if unrecorded:
            held = _Context(event, ranked, ranks, points, ahead)
            bounds += [
                (_past_the_lots(held, barred.keys() | extra.keys(), unrecorded), bool(extra))
                for extra in forfeits
            ]
    # The drawing tried goes with the lots; a play-off forfeit goes with the play-off.
    kinds = [*(g.playoff for g in groups), False, True]
    awards: list[Award] = []
    for index, prize in enumerate(config.prizes.money):
        each = [r[index] for r in results]
        agreed = all(_same_money(e, each[0]) for e in each)
        held_out_lots = any(not b[index].sure for b, _ in bounds)
        if agreed and not held_out_lots:
            # Sharers as the standings list them (the play-off's winner first), whatever
            # order the odd cents went in (by pairing number).
            merged = _merge_reasons([r[index] for r in actual], groups)
            unclaimed = len(position)
            awards.extend(
                sorted(merged, key=lambda a: unclaimed if a.player is None else position[a.player])
            )
            continue
        # Who may take it, alone or sharing the pool of another prize that covers it: as
        # the play-off may end, and only should play-off games be forfeited (U.S. rule: a
        # player put out of it may take the 1st prize money only if those above forfeit).
        possible: dict[bool, set[int]] = {False: set(), True: set()}
        nobody: dict[bool, bool] = {False: False, True: False}
        for r, pooled, tag in zip(results, pools, tags, strict=True):
            forfeited = bool(tag[-1])
            possible[forfeited].update(
                a.player for a in r[pooled.get(index, index)] if a.player is not None
            )
            nobody[forfeited] |= any(a.status == "unclaimed" for a in r[index])

        # Whom the lots of the groups held out may still give it to (``_past_the_lots``).
        for bound, forfeited in bounds:
            possible[forfeited].update(bound[index].takers)
            nobody[forfeited] |= bound[index].nobody

        def listed(numbers: set[int]) -> list[Name]:
            return [Name(event.player(n).name) for n in sorted(numbers, key=position.__getitem__)]

        names = Phrase(" or ").join(listed(possible[False]))
        if nobody[False]:
            names += ", or nobody"
        only_by_forfeits: list[str | Name] = [*listed(possible[True] - possible[False])]
        only_by_forfeits += ["nobody"] if nobody[True] and not nobody[False] else []
        if only_by_forfeits:
            names += Phrase(
                ", or ",
                Phrase(" or ").join(only_by_forfeits),
                " if play-off games are forfeited (a player who forfeits one receives no prize "
                "money)",
            )
        # What it waits for: the play-off, the drawing of lots, or both (each changes who
        # takes it with the other held fixed, or players whose lots are not drawn take it).
        paid = [tuple((a.player, a.amount) for a in e) for e in each]
        on_playoff = _varies(paid, tags, kinds, True)
        on_lots = _varies(paid, tags, kinds, False) or held_out_lots
        on = (
            "the play-off and the drawing of lots"
            if on_playoff and on_lots
            else ("the play-off" if on_playoff else "the drawing of lots")
        )
        reason = Phrase(f"waits for {on}: ", names)
        if held_out_lots and not event.finished:
            # Early in a big Swiss hundreds share a place: the names of all who may take it
            # tell a parent nothing the next round will not undo.
            reason = _too_many_reason(event, unrecorded)
        awards.append(
            Award("money", prize.name, prize.category, None, "pending", reason, amount=prize.amount)
        )
    return awards


class _Bound(NamedTuple):
    """What a money prize may come to over every drawing of the lots of the groups held out
    past ``OUTCOMES_LIMIT`` (``_past_the_lots``)."""

    sure: bool
    """The same whichever way those lots fall: ``holder``'s, or nobody's."""
    holder: int | None
    takers: frozenset[int]
    """Everyone it may go to (at worst too many, never too few)."""
    nobody: bool
    """It may go to nobody: the walk may run past the category's last player."""


class _Drawings:
    """Two drawings of the lots of the groups held out past ``OUTCOMES_LIMIT`` (the standings'
    order, and its reverse), as real orders: each member in a place of their own, for
    ``_money`` to say why a prize that every drawing gives alike comes about."""

    def __init__(
        self, base: dict[str, list[int]], rank: dict[int, int], held_out: Sequence[_Group]
    ) -> None:
        self.held_out = held_out
        # Per category, the positions the held-out players hold in it: the same in every
        # order of the groups tried, which never moves them.
        self.slots = {
            category: [i for i, n in enumerate(ranking) if any(n in g.players for g in held_out)]
            for category, ranking in base.items()
        }
        self.places: list[dict[int, int]] = []
        for reverse in (False, True):
            place: dict[int, int] = {}
            for group in held_out:
                top = min(rank[n] for n in group.players)
                order = group.players[::-1] if reverse else group.players
                place.update((n, top + i) for i, n in enumerate(order))
            self.places.append(place)

    def each(
        self, rankings: dict[str, list[int]], rank: dict[int, int], both: bool = True
    ) -> Iterator[_Orders.Order]:
        """The order itself when nothing is held out, otherwise each drawing of it (the first
        alone unless ``both``: the other adds words, at the cost of a second reckoning)."""
        if not self.held_out:
            yield rankings, rank
            return
        for place in self.places if both else self.places[:1]:
            drawn = {}
            for category, ranking in rankings.items():
                ranking = list(ranking)
                slots = self.slots[category]
                drawn_order = sorted((ranking[i] for i in slots), key=place.__getitem__)
                for i, n in zip(slots, drawn_order, strict=True):
                    ranking[i] = n
                drawn[category] = ranking
            yield drawn, rank | place


def _past_the_lots(
    ctx: _Context, barred: Collection[int], held_out: Sequence[_Group]
) -> list[_Bound]:
    """Clause 4's walks for every drawing of lots of the groups held out past
    ``OUTCOMES_LIMIT`` at once, none of them tried: ``ctx`` has each group sharing its places.
    Once drawn, no held-out player shares a place, so no prize is pooled and they go one by
    one, the largest first (equal amounts in listing order), each down its category to the
    first player free to take it. A walk meets a group as a run of places any of its members
    in the category may hold. It passes the group unchanged when every member is sure to be
    paid or barred (as many prizes sure to go to one of them as members free); it takes the
    first of their places no prize is sure to have taken, while every prize that may have
    gone to one of them is sure of its place; otherwise it stops once it has passed more
    players who may be free than the prizes before it could have paid (``_Payers``). A prize
    is sure when its walk meets no group and passes only players paid for sure, or when one
    player alone may take it and someone does; otherwise it names everyone it may reach, and
    each of them may then be paid."""
    money = ctx.event.config.prizes.money
    group_of = {n: index for index, group in enumerate(held_out) for n in group.players}
    members = [set(group.players) for group in held_out]
    out = [len(m.intersection(barred)) for m in members]
    sure_of_one = [0] * len(held_out)  # prizes sure to go to one of the group
    may_go = [0] * len(held_out)  # prizes that may go to one of them
    # Places of theirs (a category's, counted from their first) a prize is sure to go to.
    slots: list[dict[str, set[int]]] = [{} for _ in held_out]
    paid: set[int] = set()
    maybe: set[int] = set()
    earlier = _Payers(members, out)
    bounds: dict[int, _Bound] = {}
    for index in sorted(range(len(money)), key=lambda i: (-money[i].amount, i)):
        prize = money[index]
        ranking = ctx.ranking(prize.category)
        in_category = set(ranking)
        # Players sharing a place (not held out) would pool it: never sure here.
        level: dict[int, int] = {}
        for n in ranking:
            if n not in group_of:
                level[ctx.rank[n]] = level.get(ctx.rank[n], 0) + 1
        takers: set[int] = set()
        sure, taken_by, at = True, None, prize.place - 1
        walked_in: tuple[int, int] | None = None  # a group, and the place of theirs it stops at
        passed = _Passed(in_category)
        while at < len(ranking) and taken_by is None:
            number = ranking[at]
            group = group_of.get(number)
            if group is None and level[ctx.rank[number]] > 1:
                end = at
                while end < len(ranking) and ctx.rank[ranking[end]] == ctx.rank[number]:
                    end += 1
                run = [n for n in ranking[at:end] if n not in barred and n not in paid]
                sure = sure and not run
                takers.update(run)
                passed.players.update(run)
                if any(n not in maybe for n in run) or earlier.leave_one_free(
                    passed, barred, prize.category
                ):
                    taken_by = -1
                at = end
                continue
            if group is None:
                at += 1
                if number in barred or number in paid:
                    continue
                takers.add(number)
                if number in maybe:
                    sure = False
                    passed.players.add(number)
                    if earlier.leave_one_free(passed, barred, prize.category):
                        taken_by = -1  # one of those it passed is free to take it
                else:
                    taken_by = number
                continue
            start, end = at, at
            while start > 0 and group_of.get(ranking[start - 1]) == group:
                start -= 1
            while end < len(ranking) and group_of.get(ranking[end]) == group:
                end += 1
            places = slots[group].setdefault(prize.category, set())
            if out[group] == 0 and len(places) == may_go[group]:
                # Every prize that may go to one of them so far went, for sure, to whoever
                # holds a place of theirs in this category: the walk takes the first place
                # none of them took, or passes them all.
                free = [i for i in range(at - start, end - start) if i not in places]
                if free:
                    sure, taken_by, walked_in = False, -1, (group, free[0])
                    takers.update(members[group] & in_category)
            elif len(members[group]) > out[group] + sure_of_one[group]:
                sure = False
                takers.update(n for n in members[group] & in_category - paid if n not in barred)
                passed.places.setdefault(group, set()).update(range(at - start, end - start))
                if earlier.leave_one_free(passed, barred, prize.category):
                    taken_by = -1  # one of those it passed is free to take it
            at = end
        nobody = taken_by is None
        if not sure and not nobody and len(takers) == 1:
            sure, taken_by = True, next(iter(takers))  # someone takes it, and only one may
        if sure:  # taken by a player sure to be free (not -1), or by nobody
            bounds[index] = _Bound(True, taken_by, frozenset(takers), nobody)
            if taken_by is not None:
                paid.add(taken_by)
                group = group_of.get(taken_by)
                if group is not None:  # one of them, wherever the lots put them
                    may_go[group] += 1
                    sure_of_one[group] += 1
                    earlier.prizes.append((frozenset(takers), None))
            continue
        bounds[index] = _Bound(False, None, frozenset(takers), nobody)
        maybe.update(n for n in takers if n not in group_of)
        place_taken: tuple[int, str, int] | None = None
        for group, players in enumerate(members):
            if takers & players:
                may_go[group] += 1
                if takers <= players and not nobody:
                    sure_of_one[group] += 1
                    if walked_in is not None and walked_in[0] == group:
                        slots[group][prize.category].add(walked_in[1])
                        place_taken = (group, prize.category, walked_in[1])
        earlier.prizes.append((frozenset(takers), place_taken))
    return [bounds[index] for index in range(len(money))]


@dataclass
class _Passed:
    """What one prize's walk passed that may still be free to take it (``_past_the_lots``):
    players who may be paid already, and places of held-out groups in its category."""

    category: set[int]
    """The players of the prize's category: only they hold its places."""
    players: set[int] = field(default_factory=set)
    places: dict[int, set[int]] = field(default_factory=dict)
    """By group, the places of theirs walked (counted from their first in the category)."""


@dataclass
class _Payers:
    """The prizes gone before, uncertain, that may have paid a player a walk passes: each
    pays one player at most. When the walk has passed more players who may be free than such
    prizes could pay (held-out places count once each, barred members aside), one of them is
    free, and the prize stops among them (Hall's counting: too few prizes to pay them all)."""

    members: list[set[int]]
    out: list[int]
    prizes: list[tuple[frozenset[int], tuple[int, str, int] | None]] = field(default_factory=list)
    """Each earlier uncertain prize's takers, and the group, category and place it is sure
    to go to, if any."""

    def leave_one_free(self, passed: _Passed, barred: Collection[int], category: str) -> bool:
        # A group's places in the category hold its members of the category, barred or not.
        candidates = len(passed.players) + sum(
            max(0, len(places) - len(self.members[group] & passed.category & set(barred)))
            for group, places in passed.places.items()
        )
        payers = 0
        for takers, place in self.prizes:
            if takers & passed.players or any(
                takers & self.members[group] & passed.category
                and not (
                    place is not None and place[:2] == (group, category) and place[2] not in places
                )
                for group, places in passed.places.items()
            ):
                payers += 1
        return candidates > payers


def _money_reach(
    prizes: Sequence[MoneyPrize],
    rankings: dict[str, list[int]],
    groups: list[_Group],
    barred: int,
) -> set[int]:
    """The players some prize's walk down its category may reach, in any order the groups
    may finish in: from the prize's place, past players barred from money and players paid
    already; a prize pays at most one group (a shared place pools it), so each group within
    reach may add its players to those the walks pass. Worked out to a fixed point."""
    extra = 0
    while True:
        within: set[int] = set()
        for prize in prizes:
            ranking = rankings[prize.category]
            within.update(ranking[: prize.place + len(prizes) + barred + extra])
        grown = sum(len(g.players) for g in groups if within & set(g.players))
        if grown <= extra:
            return within
        extra = grown


def _same_money(one: list[Award], other: list[Award]) -> bool:
    def shown(awards: list[Award]) -> list[tuple[object, ...]]:
        return [(a.name, a.player, a.status, a.amount, a.shared_with) for a in awards]

    return shown(one) == shown(other)


def _merge_reasons(each: list[list[Award]], groups: Sequence[_Group]) -> list[Award]:
    """A money prize every order of ``groups`` awards alike, saying why in each way it may
    come about."""
    merged = []
    for awards in zip(*each, strict=True):
        reasons = list(dict.fromkeys(a.reason for a in awards))
        passed = tuple(dict.fromkeys(p for a in awards for p in a.passed_over))
        award = replace(awards[0], passed_over=passed, passed=_passed_every_way(awards, groups))
        if len(reasons) > 1:
            award = replace(award, reason=_either(reasons, groups))
        merged.append(award)
    return merged


def _money(
    ctx: _Context, barred: dict[int, str], pooled: dict[int, int] | None = None
) -> list[list[Award]]:
    """Clause 4 and the U.S. rules, for one finishing order: the largest prize first, one per
    player, fines deducted. Returns each prize's awards (several when shared, none when
    another prize's share covers it: ``pooled`` then gives that prize's index)."""
    event = ctx.event
    config = event.config.prizes
    fines: dict[int, float] = {}
    by_name = {normalise_name(s): p.number for p in event.players for s in (p.name, *p.aliases)}
    for fine in event.config.fines:
        number = by_name.get(normalise_name(fine.player))
        if number is not None:
            fines[number] = fines.get(number, 0.0) + fine.amount
    remaining = list(enumerate(config.money))
    paid: dict[int, _Paid] = {}
    decided: dict[int, list[Award]] = {}
    while remaining:
        best = None
        shared_offers: list[tuple[int, list[int], float]] = []
        for prize_index, prize in remaining:
            offer = _offer(ctx, prize_index, prize.category, prize.place, remaining, paid, barred)
            if offer is None:
                continue
            share = offer[1]
            if len(offer[0]) > 1:
                shared_offers.append((prize_index, offer[0], share))
            key = (-share, prize_index)
            if best is None or key < best[0]:
                best = (key, prize_index, offer)
        if best is None:
            break
        _, prize_index, (group, _share, covered, passed, passing) = best
        covered_prizes = [p for i, p in remaining if i in covered]
        pool = round(sum(p.amount for p in covered_prizes) * 100)
        shares = _split_cents(pool, len(group))
        primary = min(covered)
        name = " + ".join(config.money[i].name for i in sorted(covered))
        # The odd cents by pairing number: neither a play-off nor lots may change a share.
        for member, cents in zip(sorted(group), shares, strict=True):
            amount = cents / 100
            # The prizes this player would have shared, for less: why each passes them later.
            cut = frozenset(
                i
                for i, sharers, share in shared_offers
                if i not in covered and member in sharers and share < amount
            )
            paid[member] = _Paid(amount, name, primary, len(group) > 1, cut, len(covered) > 1)
            shared = tuple(n for n in group if n != member)
            reason = _money_reason(ctx, member, config.money[primary].category, shared)
            decided.setdefault(primary, []).append(
                Award(
                    "money",
                    name,
                    config.money[primary].category,
                    member,
                    reason=reason,
                    amount=amount,
                    fines=fines.get(member, 0.0),
                    shared_with=shared,
                    passed_over=tuple(passed),
                    passed=tuple(passing),
                    pooled=len(covered) > 1,
                )
            )
        for i in covered:
            if i != primary:
                decided.setdefault(i, [])
                if pooled is not None:
                    pooled[i] = primary
        remaining = [(i, p) for i, p in remaining if i not in covered]
    unclaimed = Phrase("nobody eligible is left to take it")
    return [
        decided[index]
        if index in decided
        else [
            Award("money", prize.name, prize.category, None, "unclaimed", unclaimed, prize.amount)
        ]
        for index, prize in enumerate(config.money)
    ]


def _offer(
    ctx: _Context,
    prize_index: int,
    category_id: str,
    place: int,
    remaining: list[tuple[int, MoneyPrize]],
    paid: dict[int, _Paid],
    barred: dict[int, str],
) -> tuple[list[int], float, set[int], list[Phrase], list[PassedOver]] | None:
    """Who would take this prize now, with the prizes their (tied) group covers and the share,
    and the players it passes: why, for the prize page and for their own cards. ``paid``
    holds each paid player's prize, to say why the prize passes them."""
    config = ctx.event.config.prizes
    amount = config.money[prize_index].amount
    ranking = ctx.ranking(category_id)
    passed: list[Phrase] = []
    passing: list[PassedOver] = []
    candidates: list[int] = []
    for number in ranking[place - 1 :]:
        if number in paid:
            if not candidates:
                held = paid[number]
                passed.append(Phrase(ctx.name(number), _already_paid(held, prize_index, amount)))
                rule = "a player receives one money prize"
                words, than = _paid_words(held, prize_index, amount)
                passing.append(PassedOver(number, _with(words, than), rule, than))
            continue
        if number in barred:
            if not candidates:
                passed.append(Phrase(ctx.name(number), f" {barred[number]}: no prize money"))
                rule = "a player who withdraws or forfeits a game receives no prize money"
                passing.append(PassedOver(number, barred[number], rule))
            continue
        candidates.append(number)
    if not candidates:
        return None
    first = candidates[0]
    if config.ties == "split":
        group = [n for n in candidates if ctx.points[n] == ctx.points[first]]
    else:
        group = [n for n in candidates if ctx.rank[n] == ctx.rank[first]]
    # A group of n tied players in places p .. p + n - 1 covers this prize and the category's
    # other prizes for places up to p + n - 1: at most n prizes in all.
    last = ranking.index(first) + len(group)
    others = sorted(
        (prize.place, i)
        for i, prize in remaining
        if i != prize_index and prize.category == category_id and place <= prize.place <= last
    )
    covered = {prize_index} | {i for _, i in others[: len(group) - 1]}
    total = sum(config.money[i].amount for i in covered)
    return group, total / len(group), covered, passed, passing


class _Paid(NamedTuple):
    """A paid player's money prize, to say why another prize passes them."""

    amount: float
    """Their share of it."""
    name: str
    """The prize ("1st place + 2nd place" where a tied group pooled two)."""
    listed: int
    """Its index in the listing (of the first prize pooled)."""
    shared: bool
    would_share: frozenset[int] = frozenset()
    """The prizes (by index) that, when the player took this one, were theirs only to share
    with players level with them, for less: passing the player later, each says so, not
    that this one was "listed before it" (equal amounts in listing order)."""
    pooled: bool = False
    """Several prizes pooled by a tied group (``Award.pooled``)."""

    @property
    def text(self) -> str:
        """ "1st Girls", "a share of 1st place + 2nd place" (the prize page's words)."""
        return f"a share of {self.name}" if self.shared else self.name


def _paid_words(held: _Paid, index: int, amount: float) -> tuple[str, str]:
    """What a paid player passed over by prize ``index`` holds, for their card (``_already_paid``
    says why), and how it compares: ("has the 1st place prize", "a larger one")."""
    words = f"has {prize_name('money', held.name, held.pooled)}"
    if held.shared:
        words = f"has a share of {prize_name('money', held.name, held.pooled)}"
    if held.amount > amount:
        return words, "a larger one"
    if index in held.would_share:
        return words, "larger than a share of it would have been"
    if held.amount == amount and held.listed < index:
        return words, "of the same amount and listed before it"
    return words, ""


def _already_paid(paid: _Paid, index: int, amount: float) -> str:
    """Why prize ``index`` passes a player paid already (one money prize each): "a larger
    prize" only when it is larger; where this one would have been shared with players level
    with them (``_Paid.would_share``), it was worth less to the player then, whatever the
    amounts and the listing, and says so; otherwise an equal amount went to the prize listed
    first, which the reader would otherwise take for a mistake."""
    held, held_name, held_index = paid.amount, paid.text, paid.listed
    if held > amount:
        return " has a larger prize"
    if index in paid.would_share:
        return f" has {held_name}, larger than a share of this prize would have been"
    if held == amount and held_index < index:
        return f" has {held_name}, a prize of the same amount listed before it"
    return f" has {held_name} (one money prize each)"


def _split_cents(pool: int, members: int) -> list[int]:
    base, extra = divmod(pool, members)
    return [base + (1 if i < extra else 0) for i in range(members)]


def _money_reason(ctx: _Context, member: int, category_id: str, shared: tuple[int, ...]) -> Phrase:
    ranking = ctx.ranking(category_id)
    category = category_of(ctx.event, category_id)
    # Shared money is the same for each of the group, and so is its place: "2nd-3rd", not
    # "2nd" and "3rd" by an order that did not decide the money (pairing numbers, even). A
    # player sharing the place who holds another prize is out of the group but not of the
    # place: Y, sharing 1st-2nd with X, who took 1st Girls, is not "2nd" for the 1st place.
    split = ctx.event.config.prizes.ties == "split"
    level = ctx.points if split else ctx.rank
    tied = (n for n in ranking if level[n] == level[member])
    positions = sorted(ranking.index(n) + 1 for n in {member, *shared, *tied})
    place = "-".join(dict.fromkeys(ordinal(p) for p in (positions[0], positions[-1])))
    # Split by points, the tie-breaks that order the players do not decide their money.
    why = _NO_REASON
    if not shared and not split:
        why = _why_ahead(ctx, member)
    where = Phrase("overall", why) if category.id == "open" else Phrase(f"in {category.name}")
    text = Phrase(f"{place} ", where)
    if shared:
        text += Phrase(
            "; shared equally with ", named_list(ctx.event.player(n).name for n in shared)
        )
    return text


def _ahead(standings: Standings) -> dict[int, Phrase]:
    return {
        row.player.number: row.reason
        for row in standings.rows
        if row.reason and row.decided_by not in ("points", "shared")
    }


def _why_ahead(ctx: _Context, number: int) -> Phrase:
    """ ", ahead on Progressive Score, 24 to 23½" when a tie-break (or ", ahead in the
    play-off" when the play-off) put the player ahead of the next one overall."""
    why = ctx.ahead.get(number)
    return Phrase(", ", why) if why else _NO_REASON


def _barred_from_money(event: Event, records: dict[int, PlayerRecord]) -> dict[int, str]:
    """U.S. Junior Closed: "Players who withdraw or forfeit a game may not receive any prize
    money." Returns the reason for each barred player."""
    barred = {}
    for player in event.players:
        if player.withdrawn_after is not None:
            barred[player.number] = f"withdrew {withdrawal_text(player.withdrawn_after)}"
            continue
        lost = [
            e.round
            for e in records[player.number].entries
            if e.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
            or (e.game is not None and e.game.forfeited and e.outcome == "loss")
        ]
        if lost:
            barred[player.number] = f"forfeited a game (round {lost[0]})"
    # The play-off is part of the event ("throughout the Event, including any playoff
    # games", as the draw rule says): a player who did not come to a play-off game
    # forfeited a game too. Before the last result the play-off games are kept aside
    # (``playoffs.resolve_playoffs``: they count once the event is finished), their
    # forfeits with them.
    for game in event.playoff_games if event.finished else ():
        if game.forfeit:
            loser = game.black if game.result == "+-" else game.white
            barred.setdefault(loser, f"forfeited a play-off game (game {game.board})")
    return barred
