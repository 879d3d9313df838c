"""Randomized property test: money prizes past ``OUTCOMES_LIMIT`` are sound.

``award_prizes`` works money out over every finishing order that the drawing of lots
(``[ranking] exhausted = "lots"``, no lots recorded) may still give. Past
``prizes.OUTCOMES_LIMIT`` orders it holds the largest level groups out: they share their
places for now, and ``_past_the_lots`` bounds what their lots may still do to each prize.
That shortcut must never say more than the orders themselves would. So, for small random
events (a fixed seed each) with players level on every tie-break and lots undrawn, built
once with the real limit (every order tried) and once with ``OUTCOMES_LIMIT = 1`` (every
level group held out):

1. the limit-1 build lists every money prize the full build lists (a tied group's pool,
   "1st + 2nd", lists each prize it pools);
2. soundness: a money prize awarded (or unclaimed) at limit 1 is exactly as in the full
   build: same player(s), status, amount, net and shares; titles and trophies, which past the
   limit all wait ("too many ways to tell"), are held to properties 1 and 2 as well;
3. names: a money prize pending at limit 1 names every player who may take it in the full
   build (its holder there, or every name of its pending note), and "nobody" where the full
   build says so;
4. (informative) prizes pending at limit 1 that the full build awards are counted and
   reported as a warning at the end, never a failure: the price of the shortcut.

The events come from two sources: the drawing-of-lots events of ``test_prizes_property``
(``lots_candidates``) with their play-off for 1st place completed (a pending play-off cannot
be held out, so at limit 1 it leaves every prize "too many ways to tell", by design), and
round robins of 4-7 players made here, built of classes of players level on everything (a
circle A > B > C > A, or all draws, and one result between two classes' players), with
categories Under 12 and Girls and money prizes whose amounts cross (a category prize larger
than a lower place), so that the lots' knock-ons through other prizes happen.

It found, in the shortcut as it stood before (``_waits_on``/``_lots_may_give``, 26 of its
first 60 seeds), prizes a held-out group pooled vanishing (property 1), a prize awarded, or
unclaimed, though some drawing of lots gives it to another player (property 2), and a
waiting prize leaving out its sure holder or "nobody" (property 3). With 700 seeds (about
17 s) it also kills hand-made mutants of the rewrite (``_past_the_lots``) that 200 miss.

A failure prints every broken property of the seed, both prize lists and the event; a single
seed reruns alone (``-k "circle-17"``). What the cases covered is reported once, as a
warning at the end.
"""

from __future__ import annotations

import itertools
import math
import random
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from conftest import SiteMaker
from test_prizes import CATEGORIES
from test_prizes_property import (
    NAMES,
    Case,
    State,
    _build,
    _completed,
    _decided,
    _files,
    _level_groups,
    _pending_playoff,
    _prizes_by_key,
    _round_robin,
    _show,
    lots_candidates,
)

from generator.render.site import EventOutcome
from generator.rules import prizes
from generator.rules.prizes import Award

LOTS_CASES = 100
"""Seeds drawn from ``lots_candidates`` (their play-off completed)."""
CIRCLE_CASES = 600
"""Seeds of the round robins made here."""
CANDIDATES = 8
"""How many events of a seed are tried for one with a level group and money prizes."""
MOST_ORDERS = 720
"""The full build must try every order of the level groups (well within the real limit,
and quick): an event whose groups give more is skipped."""
KINDS = ("title", "trophy", "money")


# -- The round robins made here ---------------------------------------------------------------


def _classes(rng: random.Random, names: list[str]) -> list[list[str]]:
    """Players in classes, each level on everything within: a first class of 2-4 players, at
    times a second of 2, the rest alone."""
    order = list(names)
    rng.shuffle(order)
    first = min(rng.choice([2, 3, 3, 3, 4]), len(order))
    classes = [order[:first]]
    rest = order[first:]
    if len(rest) >= 3 and rng.random() < 0.4:
        classes.append(rest[:2])
        rest = rest[2:]
    return classes + [[n] for n in rest]


def _inner_score(members: list[str], style: str, a: str, b: str) -> float:
    """A's score against B, both of one class: a circle (each beats the next, and with four
    draws the one across) or all draws. Turning the circle maps the results onto themselves,
    so every tie-break of its players is equal."""
    if style == "draws":
        return 0.5
    i, j = members.index(a), members.index(b)
    step = (j - i) % len(members)
    if len(members) == 4 and step == 2:
        return 0.5
    return 1.0 if step == 1 else 0.0


def _circle_prizes(rng: random.Random, count: int) -> str:
    """Titles and trophies at times, and money prizes for the first places overall, Under 12
    and Girls, drawn from one pool of amounts (equal amounts too), so that a category prize may
    be worth more than a lower place overall."""
    toml = CATEGORIES
    if rng.random() < 0.3:
        toml += '[[titles]]\nname = "Champion"\ncategory = "open"\n\n'
    if rng.random() < 0.3:
        toml += '[[titles]]\nname = "Girls Champion"\ncategory = "G"\n\n'
    if rng.random() < 0.3:
        cid, place = rng.choice([("open", 2), ("open", 3), ("U12", 1), ("G", 2)])
        toml += f'[[trophies]]\nname = "Trophy {cid} {place}"\ncategory = "{cid}"\n'
        toml += f"place = {place}\n\n"
    toml += (
        f'[prizes]\ncurrency = "AUD"\nties = "{"split" if rng.random() < 0.05 else "tiebreak"}"\n\n'
    )
    pool = [50, 100, 100, 150, 200, 250, 300, 300, 400, 500]
    overall = sorted(rng.sample(pool, rng.randint(1, min(count - 1, 5))), reverse=True)
    for place, amount in enumerate(overall, 1):
        toml += f'[[prizes.money]]\nname = "{place} overall"\nplace = {place}\n'
        toml += f"amount = {amount}\n\n"
    for cid in ("U12", "G"):
        for place in range(1, rng.choice([0, 1, 1, 2]) + 1):
            toml += f'[[prizes.money]]\nname = "{place} {cid}"\nplace = {place}\n'
            toml += f'category = "{cid}"\namount = {rng.choice(pool)}\n\n'
    return toml


def circle_case(seed: int, attempt: int) -> Case:
    """A round robin of 4-7 players (FIDE rules, lots undrawn) whose classes of players are
    level on every tie-break: between two classes every game has one result."""
    rng = random.Random(200_000 + 1_000 * seed + attempt)
    count = rng.randint(4, 7)
    names = list(NAMES[:count])
    classes = _classes(rng, names)
    of = {n: i for i, members in enumerate(classes) for n in members}
    styles = [rng.choice(["circle", "circle", "draws"]) for _ in classes]
    strength = [rng.random() for _ in classes]
    between: dict[tuple[int, int], float] = {}
    for p, q in itertools.combinations(range(len(classes)), 2):
        win = 0.6 * min(max(0.5 + 0.8 * (strength[p] - strength[q]), 0.05), 0.95)
        x = rng.random()
        between[p, q] = 1.0 if x < win else 0.5 if x < win + 0.3 else 0.0

    def score(a: str, b: str) -> float:
        p, q = of[a], of[b]
        if p == q:
            return _inner_score(classes[p], styles[p], a, b)
        return between[p, q] if p < q else 1.0 - between[q, p]

    games = []
    for r, pairs in enumerate(_round_robin(rng, names), 1):
        for white, black in pairs:
            result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[score(white, black)]
            games.append((r, white, black, result))
    players = [
        (
            n,
            "2015-05-01" if rng.random() < 0.4 else "2009-01-01",
            "F" if rng.random() < 0.4 else "M",
        )
        for n in names
    ]
    tiebreaks = rng.choice([("DE",), ("DE", "WIN"), ("DE", "SB"), ("BH", "SB")])
    rounds = count - 1 if count % 2 == 0 else count
    return Case(
        seed, "fide", "round-robin", rounds, players, games, [], [], [],
        _circle_prizes(rng, count), "lots", tiebreaks,
    )  # fmt: skip


# -- Choosing and building an event -----------------------------------------------------------


def _orders(groups: list[list[str]]) -> int:
    return math.prod(math.factorial(len(g)) for g in groups)


def _fits(outcome: EventOutcome) -> list[list[str]] | None:
    """The level groups of a decided event worth testing: some, and not too many orders."""
    groups = _level_groups(outcome, set())
    if not groups or _orders(groups) > MOST_ORDERS:
        return None
    if not any(a.kind == "money" for a in outcome.prizes):
        return None
    return groups


def _lots_state(make_site: SiteMaker, seed: int) -> tuple[State, list[list[str]]] | None:
    """A ``lots_candidates`` event with its play-off for 1st place completed (a random
    order), players level on every tie-break and money prizes."""
    rng = random.Random(300_000 + seed)
    for attempt, case in enumerate(itertools.islice(lots_candidates(seed), CANDIDATES)):
        pending = State(f"seed {seed}, play-off pending", case.event_toml(), _files(case))
        playing = _pending_playoff(_build(make_site, pending, f"p{attempt}"), pending)
        order = tuple(rng.sample(playing, len(playing)))
        state = _completed(case, "order " + " > ".join(order), order, False, (), ())
        groups = _fits(_build(make_site, state, f"c{attempt}"))
        if groups is not None:
            return state, groups
    return None


def _circle_state(make_site: SiteMaker, seed: int) -> tuple[State, list[list[str]]] | None:
    for attempt in range(CANDIDATES):
        case = circle_case(seed, attempt)
        state = State(f"circle seed {seed}, attempt {attempt}", case.event_toml(), _files(case))
        groups = _fits(_build(make_site, state, f"c{attempt}"))
        if groups is not None:
            return state, groups
    return None


# -- The properties ---------------------------------------------------------------------------


def _covers(award: Award) -> list[str]:
    """The configured prizes an award is: each prize a tied group's pool pools."""
    return award.name.split(" + ") if award.pooled else [award.name]


def _listed(outcome: EventOutcome, kind: str) -> set[tuple[str, str]]:
    """Every configured prize of ``kind`` (name, category) the outcome lists."""
    return {(n, a.category) for a in outcome.prizes if a.kind == kind for n in _covers(a)}


@dataclass(frozen=True)
class MayTake:
    """Who may take a prize: names, and whether it may go to nobody."""

    names: frozenset[str]
    nobody: bool


def _may_take(outcome: EventOutcome, name: str, category: str) -> MayTake:
    """Who may take a money prize: its holders (or nobody when unclaimed), or the names of
    its pending note (and "nobody" when the note says so); a pool covering it counts."""
    event = outcome.event
    names: set[str] = set()
    nobody = False
    for a in outcome.prizes:
        if a.kind != "money" or a.category != category or name not in _covers(a):
            continue
        if a.status == "pending":
            names.update(a.reason.names)
            nobody |= "nobody" in str(a.reason)
        elif a.player is not None:
            names.add(event.player(a.player).name)
        else:
            nobody = True
    return MayTake(frozenset(names), nobody)


def _lines(outcome: EventOutcome) -> str:
    event = outcome.event
    return "".join(
        f"  {a.kind} {a.name!r} ({a.category}): {a.status}, "
        f"{event.player(a.player).name if a.player is not None else '-'}, amount={a.amount}"
        + (
            f", shared with {[event.player(n).name for n in a.shared_with]}"
            if a.shared_with
            else ""
        )
        + f": {a.reason}\n"
        for a in outcome.prizes
    )


def _broken(full: EventOutcome, one: EventOutcome) -> list[str]:
    """Every property the limit-1 build (``one``) breaks against the full build."""
    found: list[str] = []
    for kind in KINDS:
        for name, category in sorted(_listed(full, kind) - _listed(one, kind)):
            found.append(f"1. the {kind} {name!r} ({category}) is not listed at limit 1")
    full_by_key, one_by_key = _prizes_by_key(full), _prizes_by_key(one)
    for key, shown in sorted(one_by_key.items()):
        if _decided(shown) and full_by_key.get(key) != shown:
            found.append(
                f"2. the {key[0]} {key[1]!r} ({key[2]}) is {shown[0][1]} at limit 1, not as in "
                f"the full build\n     limit 1: {_show(shown)}\n     full:    "
                f"{_show(full_by_key.get(key))}"
            )
    for a in one.prizes:
        if a.kind != "money" or a.status != "pending":
            continue
        may = _may_take(full, a.name, a.category)
        missing = sorted(may.names - set(a.reason.names))
        if may.nobody and "nobody" not in str(a.reason):
            missing.append("nobody")
        if missing:
            found.append(
                f"3. the money {a.name!r} ({a.category}) waits at limit 1 without naming "
                f"{', '.join(missing)}, who may take it in the full build\n"
                f"     limit 1: {a.reason}"
            )
    return found


def _pending_but_awarded(full: EventOutcome, one: EventOutcome) -> int:
    """Property 4: money prizes pending at limit 1 that the full build decides."""
    full_by_key = _prizes_by_key(full)
    return sum(
        1
        for key, shown in _prizes_by_key(one).items()
        if key[0] == "money"
        and not _decided(shown)
        and key in full_by_key
        and _decided(full_by_key[key])
    )


# -- What the cases exercised -----------------------------------------------------------------


@dataclass
class Tally:
    events: int = 0
    skipped: list[str] = field(default_factory=list)
    groups: dict[int, int] = field(default_factory=dict)
    """How many level groups of each size the events had."""
    money: int = 0
    decided_at_one: int = 0
    pending_at_one: int = 0
    pending_but_awarded: int = 0
    broken: list[str] = field(default_factory=list)


TALLY = Tally()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    """One warning at the end: what the cases covered, and property 4's count."""
    yield
    t = TALLY
    sizes = ", ".join(f"{n} of {size}" for size, n in sorted(t.groups.items()))
    lines = [
        f"{t.events} events with players level on every tie-break (level groups: {sizes}); "
        f"{t.money} money prizes, {t.decided_at_one} decided and {t.pending_at_one} pending "
        f"at a limit of one",
        f"pending at a limit of one but decided with every order tried: {t.pending_but_awarded}",
        f"seeds skipped (no event fitted): {', '.join(t.skipped) or 'none'}",
        f"seeds breaking properties 1-3: {', '.join(t.broken) or 'none'}",
    ]
    warnings.warn("prize limit property test: " + "\n".join(lines), UserWarning, stacklevel=1)


# -- The test ---------------------------------------------------------------------------------


CASES = [("lots", s) for s in range(LOTS_CASES)] + [("circle", s) for s in range(CIRCLE_CASES)]


@pytest.mark.parametrize(("source", "seed"), CASES, ids=[f"{s}-{n}" for s, n in CASES])
def test_money_past_the_limit_says_no_more_than_every_order(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch, source: str, seed: int
) -> None:
    """Properties 1-3 (and the tally of 4): the event built with every order of the lots
    tried, and again with every level group held out (a limit of one)."""
    chosen = (_lots_state if source == "lots" else _circle_state)(make_site, seed)
    if chosen is None:
        TALLY.skipped.append(f"{source}-{seed}")
        pytest.skip(f"{source} seed {seed}: no event with a level group and money prizes")
    state, groups = chosen
    full = _build(make_site, state, "full")
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    one = _build(make_site, state, "one")
    monkeypatch.undo()

    TALLY.events += 1
    for g in groups:
        TALLY.groups[len(g)] = TALLY.groups.get(len(g), 0) + 1
    shown_one = _prizes_by_key(one)
    TALLY.money += len({n for a in full.prizes if a.kind == "money" for n in _covers(a)})
    TALLY.decided_at_one += sum(1 for k, s in shown_one.items() if k[0] == "money" and _decided(s))
    TALLY.pending_at_one += sum(
        1 for k, s in shown_one.items() if k[0] == "money" and not _decided(s)
    )
    TALLY.pending_but_awarded += _pending_but_awarded(full, one)

    broken = _broken(full, one)
    if broken:
        TALLY.broken.append(f"{source}-{seed}")
    assert not broken, (
        f"{state.label}: level groups {groups}\n"
        + "\n".join(broken)
        + f"\n=== every order tried ===\n{_lines(full)}=== a limit of one ===\n{_lines(one)}"
        + f"=== the event ===\n{state.dump()}"
    )
