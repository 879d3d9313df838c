"""Randomized property test: what a play-off still being played calls known stays so.

``resolve_playoffs`` cuts a play-off stage still being played where its order is certain: a
leader nobody can catch any more has won (``Playoff.ahead``), players out of the lead have
their places (``Playoff.placed``), and the groups whose order the games still due decide
share their places until then (``Playoff.undecided``). So, for small random events (a fixed
seed each) with two to four players tied for first and their play-off (U.S. Junior Closed:
blitz double round robin, then an Armageddon ladder; ACF By-law 3: two games at G15 and at
G5 as a double round robin "as far as possible", then Armageddon) partly played:

1. every way the games still due in the stage being played can end (1-0, 1/2-1/2, 0-1, and
   later stages one way picked at random per ending) completes the play-off with every
   player of ``placed`` in that place, ``ahead[0]`` its winner, and each player of an
   ``undecided`` group in one of that group's places; the standings published meanwhile
   show the ``placed`` places, and ``placed`` and ``undecided`` hold every player once;
2. a prize awarded (or unclaimed) while the play-off is on stays so, with the same player,
   amount and shares, in the endings (``PRIZE_ENDINGS`` of them picked at random: the
   prizes are slow to work out); where a forfeit costs the prize money (U.S. rule), also
   with a loser of a game still due forfeiting it. (``test_prizes_property`` checks this
   from a play-off not yet started; this test starts from one partly played.) It found two
   bugs of rules/prizes.py, each now a case of its own (money below a leader nobody can
   catch, in test_playoffs.py; money past the limit on orders, in test_prizes.py).

The endings are decided in memory (the play-off games replaced in the loaded event); one
ending per event is also built from its files, and must give the same standings and prizes.
A failure prints the event, the games played and the ending; a seed reruns alone
(``-k "known[17]"``). What the cases covered is reported once, as a warning at the end.
"""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

import pytest
from conftest import SiteMaker
from test_prizes_property import (
    Key,
    Shown,
    State,
    _build,
    _decided,
    _pgn,
    _prizes,
    _prizes_by_key,
    _show,
)

from generator.build import load_event
from generator.model import Event, Game
from generator.problems import Problems
from generator.rules.playoffs import Playoff, apply_playoffs, resolve_playoffs
from generator.rules.prizes import award_prizes, forfeit_cancels_money
from generator.rules.scores import PlayerRecord, player_records
from generator.rules.standings import Standings, rank_among, rank_event

CASES = 60
MOST_DUE = 4
"""At most this many games still due in the stage being played: 3**4 endings of it."""
PRIZE_ENDINGS = 6
"""The endings (forfeits included) whose prizes are compared, picked at random."""
RESULTS = ("1-0", "1/2-1/2", "0-1")
NAMES = "ABCDEFGHIJKLMN"

Stage = tuple[str, str, str]
"""A stage: "robin" (two games per pair) or "armageddon", its TimeControl tag, colours."""
STAGES: dict[str, tuple[Stage, ...]] = {
    "acf-junior": (("robin", "900", "lot"), ("robin", "300", "repeat"), ("armageddon", "300", "")),
    "us-junior-closed": (("robin", "180+2", "free"), ("armageddon", "360/240", "")),
}

PGame = tuple[str, str, str, str]
"""A play-off game: White, Black, result, TimeControl tag."""


# -- The random event -------------------------------------------------------------------------


@dataclass
class Case:
    seed: int
    rules: str
    tied: list[str]
    """The players tied for first, who all play off: they won both their games against
    others and never met, equal on the Progressive Scores (ACF reduces none) and on Direct
    Encounter, their opponents' scores telling them apart for the U.S. tie-breaks."""
    players: list[tuple[str, str, str]]
    games: list[tuple[int, str, str, str]]
    prizes: str
    exhausted: str
    tiers: bool = False
    """The first half of ``tied`` far stronger than the second, whose games among
    themselves come last in each stage: a group out of the lead with games due among
    itself."""

    def event_toml(self) -> str:
        toml = (
            f'name = "Partly {self.seed}"\nformat = "swiss"\nrounds = 2\n'
            f'rules = "{self.rules}"\nstart = 2026-01-10\nage_reference_date = 2026-01-01\n'
            f'\n[ranking]\nexhausted = "{self.exhausted}"\n\n{self.prizes}'
        )
        for name, born, sex in self.players:
            toml += f'\n[[players]]\nname = "{name}"\nborn = {born}\nsex = "{sex}"\n'
        return toml


def _pairings(rng: random.Random, players: list[str], met: set[frozenset[str]]) -> list[tuple]:
    """Random pairs without a rematch (an empty list when the shuffle finds none)."""
    for _ in range(50):
        order = list(players)
        rng.shuffle(order)
        pairs = list(zip(order[::2], order[1::2], strict=True))
        if all(frozenset(p) not in met for p in pairs):
            return pairs
    return []


def generate(seed: int) -> Case:
    """Two rounds: each tied player beats a different opponent each round; the others play
    among themselves, none of them reaching 2 points."""
    rng = random.Random(seed)
    rules = rng.choice(["acf-junior", "us-junior-closed"])
    k = rng.choice([2, 3, 3, 4, 4])
    while True:
        names = list(NAMES[: k + 2 * k + (k % 2)])
        tied, others = names[:k], names[k:]
        games: list[tuple[int, str, str, str]] = []
        met: set[frozenset[str]] = set()
        points = dict.fromkeys(names, 0.0)
        rest = others[k:]
        first = [*zip(tied, others[:k], strict=True), *_pairings(rng, rest, met)]
        second_opponents = rng.sample(rest, k)
        leftover = [n for n in others if n not in second_opponents]
        for r, pairs in ((1, first), (2, None)):
            if pairs is None:
                more = _pairings(rng, leftover, met)
                if not more:
                    break
                pairs = [*zip(tied, second_opponents, strict=True), *more]
            for a, b in pairs:
                met.add(frozenset((a, b)))
                if a in tied:
                    result = rng.choice([(a, b, "1-0"), (b, a, "0-1")])
                else:
                    result = (a, b, rng.choice(RESULTS))
                games.append((r, *result))
                white, black, res = result
                score = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}[res]
                points[white] += score
                points[black] += 1 - score
        else:
            if max(points[n] for n in others) < 2:
                break
    players = [
        (n, f"{rng.randint(2008, 2016)}-{rng.randint(1, 12):02d}-15", rng.choice("MF"))
        for n in names
    ]
    exhausted = "share" if rng.random() < 0.7 else "lots"
    tiers = rng.random() < (0.6 if k == 4 else 0.3)
    prizes = _prizes(rng, rules, names)
    return Case(seed, rules, tied, players, games, prizes, exhausted, tiers)


# -- The play-off, game by game ---------------------------------------------------------------


@dataclass
class Due:
    stage: int
    white: str
    black: str
    tag: str


def schedule(
    case: Case, event: Event, records: dict[int, PlayerRecord], results: Sequence[str]
) -> tuple[list[PGame], Due | None]:
    """The play-off's games given the results of the first ones, by the regulations as the
    module's docstring reads them, and the game due next (None once it is over). The order
    of a stage's games and the colours drawn by lot come from the seed and the stage's
    players, so one list of results always gives the same games."""
    number = {p.name: p.number for p in event.players}
    name = {p.number: p.name for p in event.players}
    active = list(case.tied)
    games: list[PGame] = []
    first_colours: tuple[str, str] | None = None
    for index, (kind, tag, colours) in enumerate(STAGES[case.rules]):
        rng = random.Random(repr((case.seed, index, tuple(active))))
        if kind == "armageddon":
            ladder = list(active)
            if len(active) > 2:
                # Lowest on the math tie-breaks among them first; players level on them in
                # an order the lots gave (the program follows the games played).
                order, boundaries = rank_among(event, records, [number[n] for n in active])
                blocks = [[order[0]]]
                for (decided, _), player in zip(boundaries, order[1:], strict=True):
                    if decided == "shared":
                        blocks[-1].append(player)
                    else:
                        blocks.append([player])
                for block in blocks:
                    rng.shuffle(block)
                ladder = [name[n] for block in reversed(blocks) for n in reversed(block)]
            holder = ladder[0]
            for challenger in ladder[1:]:
                white, black = rng.sample([holder, challenger], 2)
                if len(games) == len(results):
                    return games, Due(index, white, black, tag)
                result = results[len(games)]
                games.append((white, black, result, tag))
                holder = white if result in ("1-0", "+-") else black
            return games, None
        planned: list[tuple[str, str]] = []
        for a, b in itertools.combinations(active, 2):
            planned += [(a, b), (b, a)]
        rng.shuffle(planned)
        if case.tiers:  # the weaker half's games among themselves last
            weak = set(case.tied[len(case.tied) // 2 :])
            planned.sort(key=lambda pair: set(pair) <= weak)
        seen: dict[frozenset[str], tuple[str, str]] = {}
        for i, (a, b) in enumerate(planned):
            pair = frozenset((a, b))
            if pair in seen:
                planned[i] = seen[pair][::-1]  # the second game reverses the colours
                continue
            repeat = colours == "repeat" and len(active) == 2 and first_colours is not None
            if repeat and frozenset(first_colours or ()) == pair:
                planned[i] = first_colours  # type: ignore[assignment]  # stage 1's colours
            seen[pair] = planned[i]
        scores = dict.fromkeys(active, 0.0)
        for white, black in planned:
            if len(games) == len(results):
                return games, Due(index, white, black, tag)
            result = results[len(games)]
            games.append((white, black, result, tag))
            white_scores = {"1-0": 1.0, "+-": 1.0, "1/2-1/2": 0.5}.get(result, 0.0)
            scores[white] += white_scores
            scores[black] += 1 - white_scores
        if first_colours is None:
            first_colours = games[0][:2]
        best = max(scores.values())
        active = [n for n in active if scores[n] == best]
        if len(active) == 1:
            return games, None
    raise AssertionError("the Armageddon always has a winner")


def _script(case: Case, event: Event, records: dict[int, PlayerRecord]) -> list[str]:
    """A whole play-off's results, stronger players winning more often (in half the events
    by far: a leader nobody can catch, a group left far behind; in some, the first stage
    is drawn throughout, so that the later stages and the Armageddon ladder are played)."""
    rng = random.Random(10_000 + case.seed)
    spread = rng.choice([1.0, 3.0])
    strength = {n: rng.random() for n in case.tied}
    strong = set(case.tied[: len(case.tied) // 2]) if case.tiers else set()
    level_first = not case.tiers and rng.random() < 0.4  # the first stage drawn throughout
    results: list[str] = []
    while (due := schedule(case, event, records, results)[1]) is not None:
        if level_first and due.stage == 0:
            results.append("1/2-1/2")
            continue
        if (due.white in strong) != (due.black in strong):  # two tiers: the stronger wins
            results.append("1-0" if due.white in strong else "0-1")
            continue
        edge = spread * (strength[due.white] - strength[due.black])
        win = 0.7 * min(max(0.5 + edge, 0.05), 0.95)
        x = rng.random()
        results.append("1-0" if x < win else "1/2-1/2" if x < win + 0.3 else "0-1")
    return results


def _cut(
    case: Case,
    event: Event,
    math_order: Standings,
    records: dict[int, PlayerRecord],
    results: list[str],
) -> int:
    """How many games of the play-off have been played: at least one, not all, with at most
    ``MOST_DUE`` still due in the stage being played; most often where the play-off says
    something is known already (a winner, a place, a group out of the lead) or in a later
    stage: a kind of cut picked first, then a cut of that kind."""
    rng = random.Random(20_000 + case.seed)
    stage_of = [schedule(case, event, records, results[:n])[1] for n in range(len(results))]
    fits = []
    for n in range(1, len(results)):
        stage = stage_of[n].stage  # type: ignore[union-attr]
        left = sum(1 for due in stage_of[n:] if due is not None and due.stage == stage)
        if left <= MOST_DUE:
            fits.append(n)
    if not fits:
        return len(results) - 1
    kinds: dict[str, list[int]] = {}
    for n in fits:
        games = schedule(case, event, records, results[:n])[0]
        playoff = _decide(event, math_order, records, games, prizes=False).playoff
        found = {
            "open": bool(playoff.open),
            "ahead": bool(playoff.ahead),
            "placed": bool(playoff.placed),
            "later": len(playoff.stages) > 1,
            "any": True,
        }
        for kind, holds in found.items():
            if holds:
                kinds.setdefault(kind, []).append(n)
    kind = "open" if "open" in kinds and rng.random() < 0.5 else rng.choice(sorted(kinds))
    return rng.choice(kinds[kind])


def _endings(
    case: Case, event: Event, records: dict[int, PlayerRecord], played: list[str]
) -> list[list[str]]:
    """Every ending of the stage being played; the stages after it one way each, at random."""
    stage = schedule(case, event, records, played)[1]
    assert stage is not None
    found: list[list[str]] = []

    def walk(results: list[str]) -> None:
        due = schedule(case, event, records, results)[1]
        if due is None:
            found.append(results)
        elif due.stage == stage.stage:
            for result in RESULTS:
                walk([*results, result])
        else:
            walk([*results, random.Random(repr((case.seed, results))).choice(RESULTS)])

    walk(list(played))
    return found


def _forfeits(games: list[PGame], played: int) -> list[tuple[str, list[PGame]]]:
    """The games as played, and with losers of games still due not coming to them: each
    loser alone (their first game lost), then every one of them."""
    lost: dict[str, int] = {}
    for i, (white, black, result, _) in enumerate(games[played:], start=played):
        if result == "1-0":
            lost.setdefault(black, i)
        elif result == "0-1":
            lost.setdefault(white, i)

    def forfeited(indices: Sequence[int]) -> list[PGame]:
        out = list(games)
        for i in indices:
            white, black, result, tag = out[i]
            out[i] = (white, black, "+-" if result == "1-0" else "-+", tag)
        return out

    ways = [("", games)]
    ways += [(f", {who} forfeiting game {i + 1}", forfeited([i])) for who, i in lost.items()]
    if len(lost) > 1:
        ways.append((", every loser forfeiting", forfeited(list(lost.values()))))
    return ways


def _playoff_pgn(games: Sequence[PGame]) -> str:
    text = ""
    for i, (white, black, result, tag) in enumerate(games, start=1):
        pgn_result = {"+-": "1-0", "-+": "0-1"}.get(result, result)
        forfeit = '[Termination "forfeit"]\n' if result in ("+-", "-+") else ""
        text += (
            f'[Round "{i}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{pgn_result}"]\n'
            f'[TimeControl "{tag}"]\n{forfeit}\n{pgn_result}\n\n'
        )
    return text


# -- Deciding an ending -----------------------------------------------------------------------


@dataclass
class Decided:
    playoff: Playoff
    standings: Standings
    prizes: dict[Key, Shown]
    errors: str


def _decide(
    event: Event,
    math_order: Standings,
    records: dict[int, PlayerRecord],
    games: Sequence[PGame],
    prizes: bool = True,
) -> Decided:
    """The rule stage's play-off, standings and (with ``prizes``) prizes for these play-off
    games, in memory (as ``build.decide`` has them, the standings before the play-off being
    the same)."""
    number = {p.name: p.number for p in event.players}
    playoff_games = tuple(
        Game(0, i, number[w], number[b], result, headers={"TimeControl": tag})
        for i, (w, b, result, tag) in enumerate(games, start=1)
    )
    event = replace(event, playoff_games=playoff_games)
    problems = Problems()
    playoffs = resolve_playoffs(event, math_order, records, problems)
    standings = apply_playoffs(math_order, playoffs)
    awards: tuple[object, ...] = ()
    if prizes:
        cancels = forfeit_cancels_money(event)
        awards = award_prizes(event, standings, records, playoffs, cancels, problems)
    outcome = SimpleNamespace(event=event, prizes=awards)
    errors = "\n".join(p.format() for p in problems.errors)
    (playoff,) = playoffs
    return Decided(playoff, standings, _prizes_by_key(outcome), errors)  # type: ignore[arg-type]


def _places(standings: Standings) -> dict[str, str]:
    return {row.player.name: row.place for row in standings.rows}


def _span(place: str) -> tuple[int, int]:
    low, _, high = place.partition("-")
    return int(low), int(high or low)


# -- What the cases exercised -----------------------------------------------------------------


@dataclass
class Tally:
    events: dict[str, int] = field(default_factory=dict)
    ahead: int = 0
    open: int = 0
    placed: int = 0
    in_later_stage: int = 0
    in_ladder: int = 0
    endings: int = 0
    checked_places: int = 0
    prize_endings: int = 0
    forfeit_endings: int = 0
    checked_prizes: int = 0


TALLY = Tally()


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    """One warning at the end: what the cases covered."""
    yield
    t = TALLY
    warnings.warn(
        f"play-off property test: events {t.events}; {t.ahead} with a winner nobody can "
        f"catch, {t.open} with a group out of the lead with games due among itself, "
        f"{t.placed} with a place known, {t.in_later_stage} cut after the first stage "
        f"({t.in_ladder} in an Armageddon ladder); "
        f"{t.endings} endings ({t.checked_places} places compared); prizes in "
        f"{t.prize_endings} of them ({t.forfeit_endings} with a forfeit), {t.checked_prizes} "
        "decided prizes compared",
        UserWarning,
        stacklevel=1,
    )


# -- The test ---------------------------------------------------------------------------------


@dataclass
class Before:
    """What the play-off partly played says is known, by name, and the standings shown."""

    placed: list[tuple[str, str]]
    ahead: list[str]
    undecided: list[list[str]]
    shown: dict[str, str]
    words: str


def _before(event: Event, playoff: Playoff, standings: Standings, base: State) -> Before:
    name = {p.number: p.name for p in event.players}
    placed = [(place, name[n]) for place, n in playoff.placed]
    ahead = [name[n] for n in playoff.ahead]
    undecided = [[name[n] for n in group] for group in playoff.undecided]
    shown = _places(standings)
    words = (
        f"placed {placed}, ahead {ahead}, undecided {undecided}, standings {shown}\n"
        f"=== the event with the games played ===\n{base.dump()}"
    )
    return Before(placed, ahead, undecided, shown, words)


def _check_places(before: Before, after: Decided, label: str, ending: State) -> int:
    """Property 1 for one ending; returns how many places it compared."""
    assert not after.errors, f"{label}: {after.errors}\n{ending.dump()}"
    assert after.playoff.status == "complete", f"{label}\n{ending.dump()}"
    final = _places(after.standings)
    words = f"{label}: final {final}\nbefore: {before.words}\n=== the ending ===\n"
    words += ending.dump()
    if before.ahead:
        winner = after.standings.rows[0].player.name
        assert (winner, final[winner]) == (before.ahead[0], "1"), words
    for place, player in before.placed:
        assert final[player] == place, f"{player} ended {final[player]}: {words}"
    for group in before.undecided:
        low = min(_span(before.shown[n])[0] for n in group)
        high = max(_span(before.shown[n])[1] for n in group)
        for player in group:
            first, last = _span(final[player])
            assert low <= first and last <= high, f"{player} ended {final[player]}: {words}"
    return len(before.placed) + sum(len(g) for g in before.undecided)


def _compare_prizes(
    case: Case,
    base: State,
    before: dict[Key, Shown],
    shown: Before,
    ending: State,
    after: Decided,
) -> int:
    """Property 2 for one ending (as ``test_prizes_property._compare``). Returns how many
    prizes it compared."""
    checked = 0
    for key, held in before.items():
        if not _decided(held):
            continue
        checked += 1
        if after.prizes.get(key) == held:
            continue
        what = (
            f'{ending.label}: the {key[0]} "{key[1]}" ({key[2]}) was {held[0][1]} before, '
            f"and changed.\n  before: {_show(held)}\n  after:  {_show(after.prizes.get(key))}"
        )
        raise AssertionError(f"{what}\nbefore: {shown.words}\n=== the ending ===\n{ending.dump()}")
    return checked


@pytest.mark.parametrize("seed", range(CASES))
def test_a_play_off_partly_played_keeps_what_it_calls_known(
    make_site: SiteMaker, seed: int
) -> None:
    """Properties 1 and 2 for one event, its play-off cut after some of its games."""
    case = generate(seed)
    files = {"games.pgn": _pgn(case.games)}
    site = make_site(case.event_toml(), files, slug="plain")
    problems = Problems()
    event = load_event(site / "content" / "plain", problems)
    assert event is not None and not problems.errors, case.event_toml()
    records = player_records(event)
    math_order = rank_event(event, records)
    tied = {row.player.name for row in math_order.rows if row.points == 2}
    assert tied == set(case.tied), case.event_toml()

    script = _script(case, event, records)
    played = script[: _cut(case, event, math_order, records, script)]
    games = schedule(case, event, records, played)[0]
    base = State(
        f"seed {seed}, {len(played)} play-off games played",
        case.event_toml(),
        {**files, "playoff/playoff.pgn": _playoff_pgn(games)},
    )
    outcome = _build(make_site, base, "base")
    (playoff,) = outcome.playoffs
    assert playoff.status == "pending", f"{playoff.status}\n{base.dump()}"
    in_memory = _decide(event, math_order, records, games)
    assert in_memory.prizes == _prizes_by_key(outcome), base.dump()
    assert _places(in_memory.standings) == _places(outcome.standings), base.dump()
    before = _before(event, playoff, outcome.standings, base)
    listed = [n for _, n in before.placed] + [n for group in before.undecided for n in group]
    assert sorted(listed) == sorted(case.tied), f"every player once: {before.words}"
    for place, player in before.placed:
        assert before.shown[player] == place, f"{player} shown: {before.words}"
    prizes_before = _prizes_by_key(outcome)

    TALLY.events[case.rules] = TALLY.events.get(case.rules, 0) + 1
    TALLY.ahead += bool(before.ahead)
    TALLY.open += bool(playoff.open)
    TALLY.placed += bool(before.placed)
    TALLY.in_later_stage += len(playoff.stages) > 1
    TALLY.in_ladder += playoff.stages[-1].spec.armageddon and len(playoff.stages[-1].players) > 2

    endings = []
    for results in _endings(case, event, records, played):
        games = schedule(case, event, records, results)[0]
        label = f"seed {seed}, ending {results[len(played) :]}"
        endings.append((label, games))
        after = _decide(event, math_order, records, games, prizes=False)
        ending = State(
            label, case.event_toml(), {**files, "playoff/playoff.pgn": _playoff_pgn(games)}
        )
        TALLY.checked_places += _check_places(before, after, label, ending)
        TALLY.endings += 1

    # Property 2 on a sample (the prizes are slow to work out): each with the losers of
    # games still due forfeiting them, where a forfeit costs the prize money.
    rng = random.Random(30_000 + seed)
    cancels = forfeit_cancels_money(event)
    ways = [
        (label + way, ending)
        for label, games in endings
        for way, ending in (_forfeits(games, len(played)) if cancels else [("", games)])
    ]
    for i, (label, games) in enumerate(rng.sample(ways, min(PRIZE_ENDINGS, len(ways)))):
        after = _decide(event, math_order, records, games)
        ending = State(
            label, case.event_toml(), {**files, "playoff/playoff.pgn": _playoff_pgn(games)}
        )
        TALLY.checked_prizes += _compare_prizes(case, base, prizes_before, before, ending, after)
        TALLY.prize_endings += 1
        TALLY.forfeit_endings += "forfeit" in label
        if i == 0 and seed % 3 == 0:
            # The same ending from its files: the in-memory endings stand for builds.
            built = _build(make_site, ending, "ending")
            assert _prizes_by_key(built) == after.prizes, ending.dump()
            assert _places(built.standings) == _places(after.standings), ending.dump()
