"""Titles, trophies and prize money (rule stage), as the seed regulations award them.

* Categories (``[[categories]]``): age on the reference date, sex, rating range and federation,
  all that are given must hold; "open" is everyone.
* Titles (ACF By-law 3, clause 2): listed highest first (an older age group before a younger
  one). Each goes to the best-placed player of its category who holds no title of the same kind
  yet; a girl may hold one "girls" title as well as one "open" title (2b).
* Trophies (clause 3): one per player, the highest they are eligible for: every first place
  outranks every second place, and so on; between equal places the listing order decides.
* Money (clause 4): independent of titles and trophies; one prize per player, the largest;
  equal amounts go in listing order. With ``ties = "split"`` players tied on points pool the
  place prizes their places cover and share them equally (to the cent, the odd cents going to
  the higher-ranked players, so the shares add up to the pool); no share can exceed the largest
  prize of the pool, so nobody gets more than they could have won alone.
* U.S. Junior Closed: a player who withdrew or forfeited a game receives no prize money (the
  prize passes on); fines are deducted from the prize, never below zero.

A prize for place k of a category goes to the player in k-th place of that category, or, when
that player cannot take it (they already hold a larger or higher prize, or may not receive
money), to the next player down who can. A prize whose next candidate is still playing a
play-off is "pending", never guessed; so is a title or trophy whose candidate shares the place
with another player who could take it (equal on every tie-break): the drawing of lots or the
arbiter decides, not the pairing numbers. Money is shared (``ties``).
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass, field

from ..config.event import CategoryEntry, MoneyPrize, TitleEntry, normalise_name
from ..model import Event
from ..problems import Problems
from ..text import ordinal
from .categories import category_of, category_ranking
from .playoffs import Playoff
from .scores import Kind, PlayerRecord
from .standings import Standings


@dataclass(frozen=True)
class Award:
    """One title, trophy or money prize and who receives it."""

    kind: str  # "title" | "trophy" | "money"
    name: str
    category: str
    player: int | None
    status: str = "awarded"  # "awarded" | "pending" | "unclaimed"
    reason: str = ""
    amount: float | None = None
    """The player's share of the prize (the prize itself unless it was split)."""
    fines: float = 0.0
    shared_with: tuple[int, ...] = ()
    passed_over: tuple[str, ...] = ()
    """Why players above the winner did not receive it (forfeits, withdrawals)."""
    undecided: tuple[int, ...] = ()
    """A title or trophy pending because these players share the place on every tie-break."""

    @property
    def net(self) -> float | None:
        if self.amount is None:
            return None
        return max(0.0, round(self.amount - self.fines, 2))


def forfeit_cancels_money(event: Event) -> bool:
    """The U.S. Junior Closed rule, on by its preset unless ``[prizes]`` says otherwise."""
    setting = event.config.prizes.forfeit_cancels_money
    return event.config.rules == "us-junior-closed" if setting is None else setting


@dataclass
class _Context:
    event: Event
    standings: Standings
    pending: set[int]
    """Players whose place waits for a play-off still being played."""
    rank: dict[int, int] = field(default_factory=dict)
    points: dict[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for row in self.standings.rows:
            self.rank[row.player.number] = row.rank
            self.points[row.player.number] = row.points

    def name(self, number: int) -> str:
        return self.event.player(number).name


def award_prizes(
    event: Event,
    standings: Standings,
    records: dict[int, PlayerRecord],
    playoffs: Sequence[Playoff],
    forfeit_cancels_money: bool,
    problems: Problems | None = None,
) -> tuple[Award, ...]:
    """Every title, trophy and money prize; a title or trophy left to the drawing of lots or
    the arbiter is also reported to ``problems`` (``undecided-prize``)."""
    if event.rounds_played == 0:
        return _before_the_first_result(event)
    pending = {n for p in playoffs if p.status == "pending" for n in p.players}
    context = _Context(event, standings, pending)
    awards = _titles(context)
    holders = {a.player for a in awards if a.player is not None}
    undecided = {n: a.name for a in awards for n in a.undecided}
    awards += _trophies(context, holders, undecided)
    awards += _money(context, records, forfeit_cancels_money)
    if problems is not None and event.finished:  # a shared place mid-event is no news
        for award in awards:
            if award.undecided:
                problems.warning(
                    f"{award.name}: {award.reason}",
                    event.folder / "event.toml",
                    hint='record the drawing of lots: [ranking] exhausted = "lots", lots = [...]',
                    code="undecided-prize",
                )
    return tuple(awards)


def _before_the_first_result(event: Event) -> tuple[Award, ...]:
    """Every prize pending: before the first result everyone shares first place, and no
    title, trophy or share of money can be told."""
    why = "no game has a result yet"
    config = event.config
    return (
        *(Award("title", t.name, t.category, None, "pending", why) for t in config.titles),
        *(Award("trophy", t.name, t.category, None, "pending", why) for t in config.trophies),
        *(
            Award("money", m.name, m.category, None, "pending", why, amount=m.amount)
            for m in config.prizes.money
        ),
    )


def _pending_award(
    kind: str, name: str, category: str, candidates: list[int], ctx: _Context
) -> Award:
    names = " or ".join(ctx.name(n) for n in candidates)
    return Award(kind, name, category, None, "pending", f"waits for the play-off: {names}")


UNDECIDED = "the drawing of lots or the arbiter decides"


def _shared_place(
    ctx: _Context, winner: int, ranking: list[int], eligible: Container[int]
) -> list[int]:
    """The players of ``ranking`` who share ``winner``'s place and could take the title or
    trophy as well: with more than one, it is not the program's to choose (by pairing
    number, as the shared place lists them); the drawing of lots or the arbiter decides."""
    return [n for n in ranking if ctx.rank[n] == ctx.rank[winner] and n in eligible]


def _undecided_award(kind: str, name: str, category: str, level: list[int], ctx: _Context) -> Award:
    names = ", ".join(ctx.name(n) for n in level[:-1]) + f" and {ctx.name(level[-1])}"
    reason = f"{names} share the place on every tie-break: {UNDECIDED}"
    return Award(kind, name, category, None, "pending", reason, undecided=tuple(level))


def _waiting_award(
    kind: str, name: str, category: str, on: str, winner: int, ctx: _Context
) -> Award:
    """A title or trophy whose next candidate may yet take ``on``, which the drawing of lots
    or the arbiter decides: it cannot be told before that."""
    reason = f"waits for the decision on {on}, which {ctx.name(winner)} may take"
    return Award(kind, name, category, None, "pending", reason)


def title_kind(title: TitleEntry, category: CategoryEntry) -> str:
    """A title's kind as written, or by default its category's: a title of a category of
    girls only is a girls' title (By-law 3, 2b: a girl may also hold one open title)."""
    if title.kind is not None:
        return title.kind
    return "girls" if category.sex == "F" else "open"


def _titles(ctx: _Context) -> list[Award]:
    """Clause 2: titles in listing order; at most one title of each kind per player."""
    held: dict[str, set[int]] = {"open": set(), "girls": set()}
    # By kind, the players of a title left to lots or the arbiter, and that title's name.
    undecided: dict[str, dict[int, str]] = {"open": {}, "girls": {}}
    awards = []
    for title in ctx.event.config.titles:
        category = category_of(ctx.event, title.category)
        ranking = category_ranking(ctx.event, ctx.standings, title.category)
        kind = title_kind(title, category)
        skipped = [n for n in ranking if n in held[kind]]
        candidates = [n for n in ranking if n not in held[kind]]
        if not candidates:
            awards.append(
                Award(
                    "title",
                    title.name,
                    title.category,
                    None,
                    "unclaimed",
                    f"no player of {category.name} is left to take it",
                )
            )
            continue
        winner = candidates[0]
        if winner in ctx.pending:
            tied = [n for n in candidates if n in ctx.pending]
            awards.append(_pending_award("title", title.name, title.category, tied, ctx))
            continue
        if winner in undecided[kind]:
            on = undecided[kind][winner]
            awards.append(_waiting_award("title", title.name, title.category, on, winner, ctx))
            continue
        level = _shared_place(ctx, winner, ranking, set(candidates))
        if len(level) > 1:
            awards.append(_undecided_award("title", title.name, title.category, level, ctx))
            undecided[kind].update(dict.fromkeys(level, title.name))
            continue
        held[kind].add(winner)
        where = (
            "the best-placed player"
            if category.id == "open"
            else (f"the best-placed player of {category.name}")
        )
        reason = where
        ahead = [n for n in skipped if ranking.index(n) < ranking.index(winner)]
        if ahead:
            which = "a girls'" if kind == "girls" else "an open"
            names = ", ".join(ctx.name(n) for n in ahead)
            verb = "holds" if len(ahead) == 1 else "hold"
            reason += f" not already holding {which} title ({names} already {verb} one)"
        awards.append(Award("title", title.name, title.category, winner, reason=reason))
    return awards


def _trophies(
    ctx: _Context, title_holders: set[int], undecided_titles: dict[int, str]
) -> list[Award]:
    """Clause 3: one trophy per player; first places before second places, then listing.
    A trophy whose winner may yet take one left to lots or the arbiter (or a title, when
    title holders take no trophy) waits for that decision."""
    event = ctx.event
    allow_title_holders = event.config.prizes.trophies_for_title_holders
    order = sorted(enumerate(event.config.trophies), key=lambda item: (item[1].place, item[0]))
    results: dict[int, Award] = {}
    holders: set[int] = set()
    undecided: dict[int, str] = {} if allow_title_holders else dict(undecided_titles)
    for index, trophy in order:
        ranking = category_ranking(event, ctx.standings, trophy.category)
        category = category_of(event, trophy.category)
        eligible = {
            n
            for n in ranking
            if n not in holders and (allow_title_holders or n not in title_holders)
        }
        candidates = [n for n in ranking[trophy.place - 1 :] if n in eligible]
        if not candidates:
            results[index] = Award(
                "trophy",
                trophy.name,
                trophy.category,
                None,
                "unclaimed",
                f"no player of {category.name} is left to take it",
            )
            continue
        winner = candidates[0]
        if winner in ctx.pending:
            # Everyone still playing off for the winner's place could end up in it, those
            # listed above the trophy's place too.
            playing = [n for n in ranking if n in ctx.pending and ctx.rank[n] == ctx.rank[winner]]
            results[index] = _pending_award("trophy", trophy.name, trophy.category, playing, ctx)
            continue
        if winner in undecided:
            results[index] = _waiting_award(
                "trophy", trophy.name, trophy.category, undecided[winner], winner, ctx
            )
            continue
        level = _shared_place(ctx, winner, ranking, eligible)
        if len(level) > 1:
            results[index] = _undecided_award("trophy", trophy.name, trophy.category, level, ctx)
            undecided.update(dict.fromkeys(level, trophy.name))
            continue
        holders.add(winner)
        position = ranking.index(winner) + 1
        reason = f"{ordinal(position)} in {category.name}"
        if position != trophy.place:
            above = [ctx.name(n) for n in ranking[trophy.place - 1 : position - 1]]
            verb = "holds" if len(above) == 1 else "hold"
            reason += f"; {', '.join(above)} already {verb} a higher prize"
        results[index] = Award("trophy", trophy.name, trophy.category, winner, reason=reason)
    return [results[i] for i in range(len(event.config.trophies))]


def _money(
    ctx: _Context, records: dict[int, PlayerRecord], forfeit_cancels_money: bool
) -> list[Award]:
    """Clause 4 and the U.S. rules: the largest prize first, one per player, fines deducted."""
    event = ctx.event
    config = event.config.prizes
    fines: dict[int, float] = {}
    by_name = {normalise_name(s): p.number for p in event.players for s in (p.name, *p.aliases)}
    for fine in event.config.fines:
        number = by_name.get(normalise_name(fine.player))
        if number is not None:
            fines[number] = fines.get(number, 0.0) + fine.amount
    barred = _barred_from_money(event, records) if forfeit_cancels_money else {}
    remaining = list(enumerate(config.money))
    paid: set[int] = set()
    decided: dict[int, list[Award]] = {}
    while remaining:
        best = None
        for prize_index, prize in remaining:
            offer = _offer(ctx, prize_index, prize.category, prize.place, remaining, paid, barred)
            if offer is None:
                continue
            share = offer[1]
            key = (-share, prize_index)
            if best is None or key < best[0]:
                best = (key, prize_index, offer)
        if best is None:
            break
        _, prize_index, (group, _share, covered, passed) = best
        covered_prizes = [p for i, p in remaining if i in covered]
        # Split by points, the shares do not wait for the play-off: it cannot change them.
        if config.ties != "split" and any(n in ctx.pending for n in group):
            for i in covered:
                prize = config.money[i]
                decided[i] = [_money_pending(ctx, prize.name, prize.category, prize.amount, group)]
            remaining = [(i, p) for i, p in remaining if i not in covered]
            continue
        pool = round(sum(p.amount for p in covered_prizes) * 100)
        shares = _split_cents(pool, len(group))
        primary = min(covered)
        for member, cents in zip(group, shares, strict=True):
            paid.add(member)
            amount = cents / 100
            shared = tuple(n for n in group if n != member)
            reason = _money_reason(ctx, member, config.money[primary].category, shared)
            decided.setdefault(primary, []).append(
                Award(
                    "money",
                    config.money[primary].name
                    if len(covered) == 1
                    else " + ".join(config.money[i].name for i in sorted(covered)),
                    config.money[primary].category,
                    member,
                    reason=reason,
                    amount=amount,
                    fines=fines.get(member, 0.0),
                    shared_with=shared,
                    passed_over=tuple(passed),
                )
            )
        for i in covered:
            if i != primary:
                decided.setdefault(i, [])
        remaining = [(i, p) for i, p in remaining if i not in covered]
    awards = []
    for index, prize in enumerate(config.money):
        if index in decided:
            awards.extend(decided[index])
        else:
            awards.append(
                Award(
                    "money",
                    prize.name,
                    prize.category,
                    None,
                    "unclaimed",
                    "nobody eligible is left to take it",
                    amount=None,
                )
            )
    return awards


def _offer(
    ctx: _Context,
    prize_index: int,
    category_id: str,
    place: int,
    remaining: list[tuple[int, MoneyPrize]],
    paid: set[int],
    barred: dict[int, str],
) -> tuple[list[int], float, set[int], list[str]] | None:
    """Who would take this prize now, with the prizes their (tied) group covers and the share."""
    event = ctx.event
    config = event.config.prizes
    ranking = category_ranking(event, ctx.standings, category_id)
    passed: list[str] = []
    candidates: list[int] = []
    for number in ranking[place - 1 :]:
        if number in paid:
            if not candidates:
                passed.append(f"{ctx.name(number)} already has a larger prize")
            continue
        if number in barred:
            if not candidates:
                passed.append(f"{ctx.name(number)} {barred[number]}: no prize money")
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
    return group, total / len(group), covered, passed


def _split_cents(pool: int, members: int) -> list[int]:
    base, extra = divmod(pool, members)
    return [base + (1 if i < extra else 0) for i in range(members)]


def _money_pending(
    ctx: _Context, name: str, category: str, amount: float, group: list[int]
) -> Award:
    names = " or ".join(ctx.name(n) for n in group if n in ctx.pending)
    return Award(
        "money", name, category, None, "pending", f"waits for the play-off: {names}", amount=amount
    )


def _money_reason(ctx: _Context, member: int, category_id: str, shared: tuple[int, ...]) -> str:
    ranking = category_ranking(ctx.event, ctx.standings, category_id)
    category = category_of(ctx.event, category_id)
    position = ranking.index(member) + 1
    where = "overall" if category.id == "open" else f"in {category.name}"
    text = f"{ordinal(position)} {where}"
    if shared:
        text += "; shared equally with " + ", ".join(ctx.name(n) for n in shared)
    return text


def _barred_from_money(event: Event, records: dict[int, PlayerRecord]) -> dict[int, str]:
    """U.S. Junior Closed: "Players who withdraw or forfeit a game may not receive any prize
    money." Returns the reason for each barred player."""
    barred = {}
    for player in event.players:
        if player.withdrawn_after is not None:
            barred[player.number] = f"withdrew after round {player.withdrawn_after}"
            continue
        lost = [
            e.round
            for e in records[player.number].entries
            if e.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)
            or (e.game is not None and e.game.forfeited and e.outcome == "loss")
        ]
        if lost:
            barred[player.number] = f"forfeited a game (round {lost[0]})"
    return barred
