"""Randomized property test: a prize published as "awarded" never changes afterwards.

``award_prizes`` works the prizes out for every finishing order that a play-off still being
played, or the drawing of lots among players equal on every tie-break, may still give, and
calls a prize "awarded" only when all of them agree. So, for small random events (a fixed
seed each) with a tie for first and the play-off for 1st place pending:

1. completing the play-off every way it can end (each finishing order of its players, and
   each winner with the others left level; where a forfeit costs the prize money, each order
   with each set of its players forfeiting a game of it) keeps every awarded (and every
   unclaimed) prize: same player, same amount, same shares;
2. recording every drawing of lots among players equal on every tie-break
   (``[ranking] exhausted = "lots"``, ``lots = [...]``), with or without the play-off
   completed, keeps them too;
3. (informative) a pending prize should come out differently in at least one completion:
   those that never do are counted and reported as a warning, never a failure.

A failure prints the event (event.toml and every PGN file, before and after) and the prize
before and after; a single seed reruns alone (``-k "ends[17]"``). What the cases covered is
reported once, as a warning at the end.

It found three bugs in money prizes, fixed since: a play-off that leaves players sharing a
place (they pool its money), the odd cent of a split prize (it followed the play-off), and
money before the drawing of lots is recorded (it was shown as shared for good); with the
forfeits, a fourth: money a play-off forfeit would move was paid while the play-off was on.
Property 3 found money kept waiting for players the play-off leaves level to share a place,
which the math tie-breaks among them rule out.
"""

from __future__ import annotations

import itertools
import math
import random
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pytest
from conftest import SiteMaker

from generator.build import decide, load_event
from generator.problems import Problems
from generator.render.site import EventOutcome
from generator.rules.prizes import forfeit_cancels_money

PLAYOFF_CASES = 200
LOTS_CASES = 80
NAMES = "ABCDEFGHIJ"
FIRST_STAGE = {"acf-junior": "900", "us-junior-closed": "180+2"}
"""The first play-off stage's TimeControl tag for each preset."""
SECOND_STAGE = {"acf-junior": (("300", 0), ("300", 1)), "us-junior-closed": (("360/240", 0),)}
"""The second stage of a match for each preset: each game's TimeControl tag and who has White
(the index of the player in the match's order), the first of them winning every game."""

# -- The random event -------------------------------------------------------------------------


@dataclass
class Case:
    seed: int
    rules: str
    format: str
    rounds: int
    players: list[tuple[str, str, str]]
    """Name, birth date, sex."""
    games: list[tuple[int, str, str, str]]
    forfeits: list[tuple[int, str, str, str]]
    byes: list[tuple[int, str]]
    """Full-point pairing byes (Swiss events of an odd number)."""
    withdrawals: list[tuple[str, int]]
    prizes: str
    """The categories, titles, trophies, prizes and fines, as TOML."""
    exhausted: str
    tiebreaks: tuple[str, ...] = ()
    """Overrides the preset's list when given."""
    points: dict[str, float] = field(default_factory=dict)

    def event_toml(self, lots: Sequence[str] = ()) -> str:
        toml = (
            f'name = "Property {self.seed}"\nformat = "{self.format}"\nrounds = {self.rounds}\n'
            f'rules = "{self.rules}"\nstart = 2026-01-10\nage_reference_date = 2026-01-01\n'
        )
        if self.tiebreaks:
            toml += "tiebreaks = [" + ", ".join(f'"{t}"' for t in self.tiebreaks) + "]\n"
        toml += f'\n[ranking]\nexhausted = "{self.exhausted}"\n'
        if lots:
            toml += "lots = [" + ", ".join(f'"{n}"' for n in lots) + "]\n"
        toml += "\n" + self.prizes
        for name, born, sex in self.players:
            toml += f'\n[[players]]\nname = "{name}"\nborn = {born}\nsex = "{sex}"\n'
        for r, white, black, result in self.forfeits:
            toml += (
                f'\n[[results]]\nround = {r}\nwhite = "{white}"\nblack = "{black}"\n'
                f'result = "{result}"\nreason = "absent"\n'
            )
        for r, player in self.byes:
            toml += f'\n[[byes]]\nround = {r}\nplayer = "{player}"\npoints = 1\n'
        for player, after in self.withdrawals:
            toml += f'\n[[withdrawals]]\nplayer = "{player}"\nafter_round = {after}\n'
        return toml


def _pgn(games: Sequence[tuple[int, str, str, str]], time_control: str = "") -> str:
    tag = f'[TimeControl "{time_control}"]\n' if time_control else ""
    return "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n{tag}\n{res}\n\n'
        for r, w, b, res in games
    )


def _result(rng: random.Random, strength_a: float, strength_b: float) -> float:
    """A's score against B: stronger players win more often, a quarter of games are drawn."""
    win = 0.75 * min(max(0.5 + 0.7 * (strength_a - strength_b), 0.05), 0.95)
    x = rng.random()
    return 1.0 if x < win else 0.5 if x < win + 0.25 else 0.0


def _round_robin(rng: random.Random, names: list[str]) -> list[list[tuple[str, str]]]:
    """The circle method, players shuffled; an odd number leaves one out each round."""
    circle: list[str | None] = list(names)
    rng.shuffle(circle)
    if len(circle) % 2:
        circle.append(None)
    rounds = []
    for _ in range(len(circle) - 1):
        pairs = []
        for i in range(len(circle) // 2):
            a, b = circle[i], circle[-1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if rng.random() < 0.5 else (b, a))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _swiss_round(
    rng: random.Random, active: list[str], met: set[frozenset[str]], had_bye: set[str]
) -> tuple[list[tuple[str, str]], str | None] | None:
    """Random pairings without a rematch, and a bye for an odd number (None if impossible)."""
    order = list(active)
    rng.shuffle(order)
    bye = None
    if len(order) % 2:
        bye = next((n for n in reversed(order) if n not in had_bye), order[-1])
        order.remove(bye)

    def pair(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for mate in others:
            if frozenset((first, mate)) not in met:
                found = pair([n for n in others if n != mate])
                if found is not None:
                    return [(first, mate), *found]
        return None

    pairs = pair(order)
    return None if pairs is None else (pairs, bye)


def _prizes(rng: random.Random, rules: str, names: list[str]) -> str:
    categories = rng.sample(
        [("U16", "Under 16", 16, None), ("U14", "Under 14", 14, None),
         ("U12", "Under 12", 12, None), ("G", "Girls", None, "F"),
         ("GU14", "Girls Under 14", 14, "F")],
        rng.randint(1, 3),
    )  # fmt: skip
    toml = ""
    for cid, name, under, sex in categories:
        toml += f'[[categories]]\nid = "{cid}"\nname = "{name}"\n'
        toml += (f"under = {under}\n" if under else "") + (f'sex = "{sex}"\n' if sex else "")
        toml += "\n"
    ids = ["open"] + [c[0] for c in categories]
    if rng.random() < 0.9:
        toml += '[[titles]]\nname = "Champion"\ncategory = "open"\n\n'
    for cid in ids[1:]:
        if rng.random() < 0.7:
            toml += f'[[titles]]\nname = "{cid} Champion"\ncategory = "{cid}"\n'
            if cid.startswith("G") and rng.random() < 0.2:
                toml += 'kind = "open"\n'
            toml += "\n"
    places = [(cid, place) for cid in ids for place in (1, 2, 3)]
    for cid, place in rng.sample(places, rng.randint(0, 5)):
        toml += f'[[trophies]]\nname = "Trophy {cid} {place}"\ncategory = "{cid}"\n'
        toml += f"place = {place}\n\n"
    for _ in range(rng.randint(0, 2)):
        if rng.random() < 0.5:
            toml += f'[[fines]]\nplayer = "{rng.choice(names)}"\namount = 20\nreason = "x"\n\n'
    ties = "split" if rng.random() < 0.1 else "tiebreak"
    toml += f'[prizes]\ncurrency = "AUD"\nties = "{ties}"\n'
    toml += f"trophies_for_title_holders = {rng.choice(['true', 'false'])}\n"
    if (rules != "us-junior-closed" and rng.random() < 0.5) or rng.random() < 0.15:
        toml += f"forfeit_cancels_money = {rng.choice(['true', 'false'])}\n"
    toml += "\n"
    amount = rng.choice([300, 500, 1000])
    for place in range(1, rng.randint(1, 5) + 1):
        toml += f'[[prizes.money]]\nname = "{place} overall"\nplace = {place}\n'
        toml += f"amount = {amount}\n\n"
        amount = max(10, amount - rng.choice([0, 50, 100, 200]))
    for cid in ids[1:]:
        for place in range(1, rng.randint(0, 2) + 1):
            toml += f'[[prizes.money]]\nname = "{place} {cid}"\nplace = {place}\n'
            toml += f'category = "{cid}"\namount = {rng.choice([50, 100, 150, 250, 400])}\n\n'
    return toml


def _attempt(
    rng: random.Random,
    seed: int,
    rules: str,
    want_level: bool,
    exhausted: str | None = None,
    tiebreaks: tuple[str, ...] = (),
) -> Case | None:
    """One random event, or None when it does not have two or three tied for first (or,
    with ``want_level``, no players with the same score round by round)."""
    fmt = rng.choice(["swiss", "swiss", "round-robin"])
    if fmt == "round-robin":
        count = rng.choice([6, 7, 8])
        rounds = count - 1 if count % 2 == 0 else count
    else:
        count = rng.randint(6, 10)
        rounds = rng.randint(3, 5)
    names = list(NAMES[:count])
    strength = {n: rng.random() for n in names}
    withdrawn: dict[str, int] = {}
    if rng.random() < (0.3 if rules == "us-junior-closed" else 0.1):
        withdrawn[rng.choice(names)] = rng.randint(max(1, rounds - 2), rounds - 1)
    schedule = _round_robin(rng, names) if fmt == "round-robin" else []
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    games, forfeits, byes = [], [], []
    scores: dict[str, list[float]] = {n: [0.0] * rounds for n in names}
    forfeit_rate = 0.04 if rules == "us-junior-closed" else 0.01
    for r in range(1, rounds + 1):
        active = [n for n in names if withdrawn.get(n, rounds) >= r]
        if fmt == "round-robin":
            pairs = [p for p in schedule[r - 1] if all(n in active for n in p)]
        else:
            paired = _swiss_round(rng, active, met, had_bye)
            if paired is None:
                return None
            pairs, bye = paired
            if bye is not None:
                had_bye.add(bye)
                byes.append((r, bye))
                scores[bye][r - 1] = 1.0
        for white, black in pairs:
            met.add(frozenset((white, black)))
            if rng.random() < forfeit_rate:
                white_wins = rng.random() < 0.5
                forfeits.append((r, white, black, "+-" if white_wins else "-+"))
                scores[white if white_wins else black][r - 1] = 1.0
                continue
            score = _result(rng, strength[white], strength[black])
            result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[score]
            games.append((r, white, black, result))
            scores[white][r - 1], scores[black][r - 1] = score, 1.0 - score
    totals = {n: sum(s) for n, s in scores.items()}
    best = max(totals.values())
    if not 2 <= sum(1 for t in totals.values() if t == best) <= 3:
        return None
    if rng.random() < (0.7 if rules == "us-junior-closed" else 0.2):
        _bar_a_leader(
            rng,
            fmt,
            rounds,
            [n for n in names if totals[n] == best],
            games,
            forfeits,
            byes,
            withdrawn,
        )
    if want_level:
        # Progressive Scores and their cuts are equal for the same score round by round; a
        # shorter list of tie-breaks (WIN, DE) is often equal for the same points and wins.
        if rules == "acf-junior":
            keys = [tuple(s) for s in scores.values()]
        else:
            keys = [(sum(s), s.count(1.0)) for s in scores.values()]
        if len(set(keys)) == len(keys):
            return None
    players = [
        (n, f"{rng.randint(2008, 2016)}-{rng.randint(1, 12):02d}-15", rng.choice("MF"))
        for n in names
    ]
    if exhausted is None:
        exhausted = "lots" if rng.random() < 0.75 else "share"
    return Case(
        seed, rules, fmt, rounds, players, games, forfeits, byes, list(withdrawn.items()),
        _prizes(rng, rules, names), exhausted, tiebreaks, totals,
    )  # fmt: skip


def _bar_a_leader(
    rng: random.Random,
    fmt: str,
    rounds: int,
    leaders: list[str],
    games: list[tuple[int, str, str, str]],
    forfeits: list[tuple[int, str, str, str]],
    byes: list[tuple[int, str]],
    withdrawn: dict[str, int],
) -> None:
    """Bar a player tied for first from money (U.S. rule), their points unchanged: a game
    they lost becomes a forfeit, or, in a Swiss, they withdraw before the last round, which
    they lost (the opponent has a full-point bye instead)."""
    player = rng.choice(leaders)
    lost = [g for g in games if (g[1], g[3]) == (player, "0-1") or (g[2], g[3]) == (player, "1-0")]
    if not lost or player in withdrawn:
        return
    game = rng.choice(lost)
    last = [g for g in lost if g[0] == rounds]
    if fmt == "swiss" and last and rng.random() < 0.4:
        game = last[0]
        withdrawn[player] = rounds - 1
        byes.append((rounds, game[2] if game[1] == player else game[1]))
    else:
        forfeits.append((game[0], game[1], game[2], "+-" if game[3] == "1-0" else "-+"))
    games.remove(game)


def generate(seed: int) -> Case:
    """The event of the play-off test for ``seed``."""
    rng = random.Random(seed)
    rules = rng.choice(["acf-junior", "us-junior-closed"])
    want_level = rules == "acf-junior" and rng.random() < 0.5
    while True:
        case = _attempt(rng, seed, rules, want_level)
        if case is not None:
            return case


def lots_candidates(seed: int) -> Iterator[Case]:
    """Events for the drawing-of-lots test for ``seed``: players with the same score round
    by round (the U.S. preset with a shorter list of tie-breaks, so that some stay equal)."""
    rng = random.Random(100_000 + seed)
    rules = "us-junior-closed" if rng.random() < 0.35 else "acf-junior"
    tiebreaks = rng.choice([("DE", "WIN"), ("WIN",), ("DE",)]) if rules != "acf-junior" else ()
    while True:
        case = _attempt(rng, seed, rules, True, exhausted="lots", tiebreaks=tiebreaks)
        if case is not None:
            yield case


# -- Building and comparing -------------------------------------------------------------------


@dataclass
class State:
    """One way the event may still go: a completed play-off (or none yet) and the lots."""

    label: str
    toml: str
    files: dict[str, str]
    winner: str | None = None
    lots: tuple[str, ...] = ()

    def dump(self) -> str:
        text = f"--- event.toml ---\n{self.toml}"
        for name, body in self.files.items():
            text += f"--- {name} ---\n{body}"
        return text


def _files(case: Case, playoff: str = "") -> dict[str, str]:
    files = {"games.pgn": _pgn(case.games)}
    if playoff:
        files["playoff/playoff.pgn"] = playoff
    return files


def _build(make_site: SiteMaker, state: State, slug: str) -> EventOutcome:
    """Load and decide the event; a completed play-off must have the winner it was meant to."""
    site = make_site(state.toml, state.files, slug=slug)
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    outcome = decide(event, problems) if event is not None and not problems.errors else None
    errors = "\n".join(p.format() for p in problems.errors)
    assert outcome is not None and not errors, f"{state.label}: errors\n{errors}\n{state.dump()}"
    if state.winner is not None:
        (playoff,) = outcome.playoffs
        assert playoff.status == "complete", f"{state.label}: {playoff.next}\n{state.dump()}"
        first = outcome.event.player(playoff.order[0]).name
        assert first == state.winner, f"{state.label}: {first} won\n{state.dump()}"
    return outcome


Key = tuple[str, str, str]
Shown = tuple[tuple[object, ...], ...]


def _prizes_by_key(outcome: EventOutcome) -> dict[Key, Shown]:
    """Each prize (kind, name, category) as the site shows it: who, status, amount, net, and
    who shares it. A shared money prize covering several places is named after them all."""
    event = outcome.event

    def name(number: int | None) -> str | None:
        return None if number is None else event.player(number).name

    found: dict[Key, list[tuple[object, ...]]] = {}
    for a in outcome.prizes:
        shared = tuple(sorted(event.player(n).name for n in a.shared_with))
        found.setdefault((a.kind, a.name, a.category), []).append(
            (name(a.player), a.status, a.amount, a.net, shared)
        )
    return {key: tuple(sorted(v, key=repr)) for key, v in found.items()}


def _decided(shown: Shown) -> bool:
    """Awarded (or unclaimed: nobody can take it whatever happens), not pending."""
    return all(entry[1] in ("awarded", "unclaimed") for entry in shown)


def _show(shown: Shown | None) -> str:
    if shown is None:
        return "(no such prize: another prize's share covers it, or it is split otherwise)"
    return "; ".join(
        f"{who} [{status}] amount={amount} net={net}" + (f" shared with {shared}" if shared else "")
        for who, status, amount, net, shared in shown
    )


def _compare(
    base: State,
    before: dict[Key, Shown],
    state: State,
    after: dict[Key, Shown],
    kinds: Sequence[str],
) -> int:
    """Every prize of ``kinds`` decided before is decided alike after; returns how many."""
    checked = 0
    for key, shown in before.items():
        if key[0] not in kinds or not _decided(shown):
            continue
        checked += 1
        assert after.get(key) == shown, (
            f'{state.label}: the {key[0]} "{key[1]}" ({key[2]}) was {shown[0][1]} before, '
            f"and changed.\n  before: {_show(shown)}\n  after:  {_show(after.get(key))}\n"
            f"=== the event before ===\n{base.dump()}=== the event after ===\n{state.dump()}"
        )
    return checked


def _playoff_pgn(
    case: Case, order: Sequence[str], draw_others: bool, forfeiters: Sequence[str] = ()
) -> str:
    """The first stage, a match or double round robin among ``order``, each player beating
    everyone after them in both games; with ``draw_others`` only the first wins, the others
    draw among themselves (the math tie-breaks among them, or a shared place, order them).
    Each of ``forfeiters`` did not come to the first game they lose (a forfeit: under the
    U.S. rule no prize money), the play-off's order unchanged: the winner among them did not
    come to their first game with the last player, and still won (more points in a round
    robin; a match goes on to the second stage, which they win)."""
    games: list[tuple[int, str, str, str]] = []
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            level = draw_others and i > 0
            number = len(games) + 1
            games.append((number, a, b, "1/2-1/2" if level else "1-0"))
            games.append((number + 1, b, a, "1/2-1/2" if level else "0-1"))
    if order[0] in forfeiters:
        i = next(i for i, g in enumerate(games) if g[1:3] == (order[0], order[-1]))
        games[i] = (*games[i][:3], "0-1")
    absent = {
        next(g[0] for g in games if p in g[1:3] and g[3] == ("0-1" if g[1] == p else "1-0"))
        for p in forfeiters
    }
    tags = [FIRST_STAGE[case.rules]] * len(games)
    if order[0] in forfeiters and len(order) == 2:
        for tag, white in SECOND_STAGE[case.rules]:
            result = "1-0" if white == 0 else "0-1"
            games.append((len(games) + 1, order[white], order[1 - white], result))
            tags.append(tag)
    return "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n'
        f'[TimeControl "{tag}"]\n'
        + ('[Termination "forfeit"]\n' if r in absent else "")
        + f"\n{res}\n\n"
        for (r, w, b, res), tag in zip(games, tags, strict=True)
    )


Way = tuple[str, tuple[str, ...], bool, tuple[str, ...]]
"""A completion of the play-off: its label, order, whether the others are level, and who
forfeited a game of it."""


def _completions(players: Sequence[str], forfeits: bool) -> list[Way]:
    """Every finishing order of the play-off, then each winner with the others level; with
    ``forfeits`` (a forfeit costs the prize money) also every order with each set of its
    players forfeiting a game (``_playoff_pgn``)."""
    ways: list[Way] = []
    for order in itertools.permutations(players):
        ways.append(("order " + " > ".join(order), order, False, ()))
    if len(players) > 2:
        for winner in players:
            others = tuple(p for p in players if p != winner)
            ways.append((f"{winner} wins, the others level", (winner, *others), True, ()))
    for order in itertools.permutations(players) if forfeits else ():
        for size in range(1, len(order) + 1):
            for absent in itertools.combinations(order, size):
                label = f"order {' > '.join(order)}, {' and '.join(absent)} forfeiting a game"
                ways.append((label, order, False, absent))
    return ways


def _completed(
    case: Case,
    label: str,
    order: Sequence[str],
    draw: bool,
    forfeiters: Sequence[str],
    lots: Sequence[str],
) -> State:
    lots_text = f", lots drawn {list(lots)}" if lots else ""
    return State(
        f"seed {case.seed}{lots_text}, play-off completed: {label}",
        case.event_toml(lots),
        _files(case, _playoff_pgn(case, order, draw, forfeiters)),
        winner=order[0],
        lots=tuple(lots),
    )


def _level_groups(outcome: EventOutcome, playing: set[str]) -> list[list[str]]:
    """Players sharing a place on every tie-break (not the play-off's), best first."""
    groups: dict[int, list[str]] = {}
    for row in outcome.standings.rows:
        if row.player.name not in playing:
            groups.setdefault(row.rank, []).append(row.player.name)
    return [g for _, g in sorted(groups.items()) if len(g) > 1]


def _lots_orders(rng: random.Random, groups: list[list[str]]) -> list[tuple[str, ...]]:
    """Every drawing of lots among the level groups (a sample of 12 when there are more)."""
    every = itertools.product(*(itertools.permutations(g) for g in groups))
    orders = [tuple(n for part in parts for n in part) for parts in every]
    return orders if len(orders) <= 12 else rng.sample(orders, 12)


def _pending_playoff(outcome: EventOutcome, state: State) -> list[str]:
    (playoff,) = outcome.playoffs
    assert playoff.status == "pending" and len(playoff.players) > 1, state.dump()
    return [outcome.event.player(n).name for n in playoff.players]


# -- What the cases exercised -----------------------------------------------------------------


@dataclass
class Tally:
    playoff_events: int = 0
    completions: int = 0
    lots_events: int = 0
    lots_states: int = 0
    checked: int = 0
    pending: int = 0
    barred: int = 0
    """Events where a player of the play-off may receive no money (forfeit, withdrawal)."""
    pending_on_lots: int = 0
    """Titles and trophies pending on the drawing of lots, in the lots test's events."""
    never_differs: list[str] = field(default_factory=list)


TALLY = Tally()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    """One warning at the end: what the cases covered, and property 3's findings."""
    yield
    t = TALLY
    lines = [
        f"{t.playoff_events} events with a pending play-off ({t.barred} with a player in it "
        f"barred from money), {t.completions} completions; "
        f"{t.lots_events} events with players equal on every tie-break, {t.lots_states} "
        f"drawings of lots ({t.pending_on_lots} titles or trophies pending on them); "
        f"{t.checked} comparisons of a decided prize, {t.pending} pending prizes",
        f"pending prizes the same in every way the event can end: {len(t.never_differs)}",
        *t.never_differs,
    ]
    warnings.warn("prize property test: " + "\n".join(lines), UserWarning, stacklevel=1)


# -- The tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(PLAYOFF_CASES))
def test_an_awarded_prize_survives_every_way_the_playoff_ends(
    make_site: SiteMaker, seed: int
) -> None:
    """Properties 1 and 3: the play-off for 1st place completed in every finishing order."""
    case = generate(seed)
    base = State(f"seed {seed}, play-off pending", case.event_toml(), _files(case))
    outcome = _build(make_site, base, "base")
    points = {r.player.name: r.points for r in outcome.standings.rows}
    assert points == case.points, base.dump()  # the event is what the generator meant
    playing = _pending_playoff(outcome, base)
    before = _prizes_by_key(outcome)
    TALLY.playoff_events += 1
    barred = {n for n, _ in case.withdrawals} | {
        black if result == "+-" else white for _, white, black, result in case.forfeits
    }
    TALLY.barred += bool(barred & set(playing)) and forfeit_cancels_money(outcome.event)
    TALLY.pending += sum(1 for shown in before.values() if not _decided(shown))

    afters = []
    completions = _completions(playing, forfeit_cancels_money(outcome.event))
    for i, (label, order, draw, forfeiters) in enumerate(completions):
        state = _completed(case, label, order, draw, forfeiters, ())
        after = _prizes_by_key(_build(make_site, state, f"s{i}"))
        TALLY.completions += 1
        TALLY.checked += _compare(base, before, state, after, ("title", "trophy", "money"))
        afters.append(after)

    _never_differs(seed, before, afters, "play-off")


def _never_differs(
    seed: int, before: dict[Key, Shown], settled: list[dict[Key, Shown]], what: str
) -> None:
    """Property 3 (informative): a pending prize that every way things can end (``settled``,
    all of them) gives alike could have been awarded."""
    for key, shown in before.items():
        if _decided(shown):
            continue
        seen = {after.get(key) for after in settled}
        only = next(iter(seen))
        if len(seen) == 1 and only is not None and _decided(only):
            TALLY.never_differs.append(
                f"  seed {seed}: {key[0]} {key[1]!r} ({key[2]}): {_show(only)} in all "
                f"{len(settled)} outcomes of the {what}"
            )


_LOTS: dict[int, tuple[State, dict[Key, Shown], list[tuple[State, dict[Key, Shown]]]]] = {}
"""The lots test's builds, by seed, shared by its two halves."""


def _lots_states(
    make_site: SiteMaker, seed: int
) -> tuple[State, dict[Key, Shown], list[tuple[State, dict[Key, Shown]]]]:
    if seed in _LOTS:
        return _LOTS[seed]
    # The first candidate with a title or trophy pending on the drawing of lots (or, failing
    # that after a few, the first with players equal on every tie-break at all).
    chosen = None
    for attempt, case in enumerate(itertools.islice(lots_candidates(seed), 25)):
        base = State(
            f"seed {seed}, no lots drawn, play-off pending", case.event_toml(), _files(case)
        )
        outcome = _build(make_site, base, f"c{attempt}")
        playing = _pending_playoff(outcome, base)
        groups = _level_groups(outcome, set(playing))
        if not groups:
            continue
        found = (case, base, outcome, playing, groups)
        chosen = chosen or found
        if any("lots" in str(a.reason) and a.kind != "money" for a in outcome.prizes):
            chosen = found
            TALLY.pending_on_lots += sum(
                1 for a in outcome.prizes if "lots" in str(a.reason) and a.status == "pending"
            )
            break
    assert chosen is not None, f"seed {seed}: no event with players equal on every tie-break"
    case, base, outcome, playing, groups = chosen
    rng = random.Random(seed)
    completions = _completions(playing, forfeit_cancels_money(outcome.event))
    orders = _lots_orders(rng, groups)
    every = len(orders) * len(completions) <= 48
    states = []
    for lots in orders:
        # The lots drawn while the play-off is still on, and once it has ended: every way
        # (or, past 48 builds, two ways picked at random).
        label = f"seed {seed}, lots drawn {list(lots)}, play-off pending"
        states.append(State(label, case.event_toml(lots), _files(case), lots=lots))
        for way in completions if every else rng.sample(completions, 2):
            states.append(_completed(case, *way, lots))
    built = [
        (state, _prizes_by_key(_build(make_site, state, f"s{i}"))) for i, state in enumerate(states)
    ]
    before = _prizes_by_key(outcome)
    if every and len(orders) == math.prod(math.factorial(len(g)) for g in groups):
        _never_differs(
            seed, before, [a for s, a in built if s.winner], "drawing of lots and play-off"
        )
    TALLY.lots_events += 1
    TALLY.lots_states += len(built)
    _LOTS[seed] = (base, before, built)
    return _LOTS[seed]


@pytest.mark.parametrize(
    ("seed", "kinds"),
    [(seed, kinds) for seed in range(LOTS_CASES) for kinds in ("title trophy", "money")],
)
def test_an_awarded_prize_survives_every_drawing_of_lots(
    make_site: SiteMaker, seed: int, kinds: str
) -> None:
    """Property 2: every drawing of lots among players equal on every tie-break, recorded
    before the play-off for 1st place ends and after, keeps what was decided before."""
    base, before, built = _lots_states(make_site, seed)
    for state, after in built:
        TALLY.checked += _compare(base, before, state, after, tuple(kinds.split()))
