"""Property tests: whole events drawn by hypothesis, checked against invariants of any event.

An event is drawn as the organiser would write it: players (with pairing numbers), a schedule
from the circle method (so no pair meets twice), results over the board or by forfeit, in PGN
files or ``[[results]]``, byes for the player sitting out, and perhaps a withdrawal. The test
keeps its own tally of the points each player earned, so the build is checked against a
second, independent count.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from conftest import circle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.build import check_site, decide, load_event
from generator.model import Event
from generator.problems import Problems
from generator.render import views
from generator.render.site import EventOutcome
from generator.rules.scores import Kind

SCALE = int(os.environ.get("CROSSTABLE_EXAMPLES_SCALE", "1"))
"""Multiplies the examples for a deeper run: ``CROSSTABLE_EXAMPLES_SCALE=40 pytest ...``."""
FAST = settings(
    max_examples=25 * SCALE,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
RENDERED = settings(FAST, max_examples=10 * SCALE)
"""Examples that render the whole site (about a quarter of a second each)."""
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
POINTS |= {"+-": (1.0, 0.0), "-+": (0.0, 1.0), "--": (0.0, 0.0)}
MOVES = {"1-0": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "0-1": "1. f3 e5 2. g4 Qh4#"}
MOVES["1/2-1/2"] = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"


@dataclass(frozen=True)
class Pairing:
    round: int
    board: int
    white: int
    black: int
    result: str
    in_pgn: bool
    """A PGN game (over the board only) or a ``[[results]]`` entry."""
    file: int = 0


@dataclass
class EventSpec:
    """One drawn event, in the organiser's terms, with the points it must give each player."""

    players: int
    format: str
    rounds: int
    pairings: list[Pairing]
    byes: list[tuple[int, int, float]]
    withdrawal: tuple[int, int] | None
    tiebreaks: tuple[str, ...]
    expected: dict[int, float] = field(default_factory=dict)

    def name(self, number: int) -> str:
        return f"Player{number:02d}, Test"


@st.composite
def events(draw: st.DrawFn) -> EventSpec:
    players = draw(st.integers(min_value=2, max_value=7))
    schedule = circle(players)
    fmt = draw(st.sampled_from(["round-robin", "swiss"]))
    rounds = len(schedule) if fmt == "round-robin" else draw(st.integers(1, len(schedule)))
    played = draw(st.integers(1, rounds))
    withdrawal = None
    if rounds > 1 and draw(st.booleans()):
        withdrawal = (draw(st.integers(1, players)), draw(st.integers(1, rounds - 1)))
    tiebreaks = draw(st.sampled_from([("SB", "WIN"), ("BH", "PS"), ("DE", "BPG", "KS")]))
    spec = EventSpec(players, fmt, rounds, [], [], withdrawal, tiebreaks)
    spec.expected = dict.fromkeys(range(1, players + 1), 0.0)
    for index in range(played):
        number = index + 1
        board = 0
        for a, b in schedule[index]:
            if _withdrawn(spec, a, number) or _withdrawn(spec, b, number):
                continue  # no pairing after a withdrawal: the round counts as absent
            if 0 in (a, b):
                player = a or b
                if draw(st.booleans()):
                    points = draw(st.sampled_from([0.0, 0.5, 1.0]))
                    spec.byes.append((number, player, points))
                    spec.expected[player] += points
                continue
            board += 1
            white, black = (a, b) if draw(st.booleans()) else (b, a)
            result = draw(st.sampled_from(["1-0", "0-1", "1/2-1/2", "1-0", "+-", "-+", "--"]))
            in_pgn = result in POINTS and result in MOVES and draw(st.booleans())
            file = draw(st.integers(0, 2))
            spec.pairings.append(Pairing(number, board, white, black, result, in_pgn, file))
            spec.expected[white] += POINTS[result][0]
            spec.expected[black] += POINTS[result][1]
    # A round counts from its first result: the byes of later rounds (published with their
    # pairings, or requested ahead) score nothing yet.
    last = max((pairing.round for pairing in spec.pairings), default=0)
    for number, player, points in spec.byes:
        if number > last:
            spec.expected[player] -= points
    return spec


def _withdrawn(spec: EventSpec, player: int, round_number: int) -> bool:
    return (
        spec.withdrawal is not None
        and spec.withdrawal[0] == player
        and (round_number > spec.withdrawal[1])
    )


def event_toml(spec: EventSpec, order: list[int]) -> str:
    """The event file, players listed in ``order`` with their pairing numbers given."""
    lines = [
        'name = "Drawn Event"',
        f'format = "{spec.format}"',
        f"rounds = {spec.rounds}",
        "start = 2025-06-01",
        "tiebreaks = [" + ", ".join(f'"{code}"' for code in spec.tiebreaks) + "]",
        "",
    ]
    for number in order:
        lines += ["[[players]]", f'name = "{spec.name(number)}"', f"number = {number}", ""]
    for p in spec.pairings:
        if not p.in_pgn:
            lines += [
                "[[results]]",
                f"round = {p.round}",
                f"board = {p.board}",
                f'white = "{spec.name(p.white)}"',
                f'black = "{spec.name(p.black)}"',
                f'result = "{p.result}"',
                "",
            ]
    for round_number, player, points in spec.byes:
        lines += ["[[byes]]", f"round = {round_number}", f'player = "{spec.name(player)}"']
        lines += [f"points = {points:g}", ""]
    if spec.withdrawal:
        player, after = spec.withdrawal
        lines += ["[[withdrawals]]", f'player = "{spec.name(player)}"', f"after_round = {after}"]
    return "\n".join(lines) + "\n"


def pgn(spec: EventSpec, pairing: Pairing) -> str:
    return (
        f'[Event "Drawn Event"]\n[Round "{pairing.round}.{pairing.board}"]\n'
        f'[White "{spec.name(pairing.white)}"]\n[Black "{spec.name(pairing.black)}"]\n'
        f'[Result "{pairing.result}"]\n\n{MOVES[pairing.result]} {pairing.result}\n\n'
    )


def write_site(
    root: Path, spec: EventSpec, order: list[int] | None = None, shuffle: int | None = None
) -> Path:
    """The event as files; ``shuffle`` seeds another order of games within and across files."""
    site = root / f"site-{shuffle}"
    folder = site / "content/ev"
    folder.mkdir(parents=True)
    folder.joinpath("event.toml").write_text(
        event_toml(spec, order or list(range(1, spec.players + 1))), encoding="utf-8"
    )
    games = [p for p in spec.pairings if p.in_pgn]
    names = ["a.pgn", "b.pgn", "c.pgn"]
    if shuffle is not None:
        rng = random.Random(shuffle)
        rng.shuffle(games)
        rng.shuffle(names)
    texts: dict[str, str] = {}
    for pairing in games:
        texts[names[pairing.file]] = texts.get(names[pairing.file], "") + pgn(spec, pairing)
    for name, text in texts.items():
        folder.joinpath(name).write_text(text, encoding="utf-8")
    return site


def with_site(test: Callable[[Path, EventSpec], None]) -> Callable[[EventSpec], None]:
    def run(spec: EventSpec) -> None:
        with tempfile.TemporaryDirectory() as root:
            test(Path(root), spec)

    run.__name__ = test.__name__
    return run


def decided(site: Path) -> tuple[Event, EventOutcome]:
    problems = Problems()
    event = load_event(site / "content/ev", problems)
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    return event, decide(event, problems)


@FAST
@given(events())
@with_site
def test_points_add_up_to_the_points_awarded(root: Path, spec: EventSpec) -> None:
    _, outcome = decided(write_site(root, spec))
    rows = outcome.standings.rows
    assert {row.player.number: row.points for row in rows} == spec.expected
    assert sum(row.points for row in rows) == sum(spec.expected.values())
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    points = [row.points for row in rows]
    assert points == sorted(points, reverse=True)


@FAST
@given(events())
@with_site
def test_every_pairing_is_seen_from_both_sides(root: Path, spec: EventSpec) -> None:
    _, outcome = decided(write_site(root, spec))
    records = outcome.records
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    for number, record in records.items():
        for entry in record.entries:
            if entry.opponent is None:
                continue
            other = records[entry.opponent].entries[entry.round - 1]
            assert other.opponent == number and other.game is entry.game
            assert {entry.colour, other.colour} == {"w", "b"}
            if entry.game.result == "--":
                assert entry.outcome == other.outcome == "loss"
            else:
                assert other.outcome == flip[entry.outcome]
    if spec.format == "round-robin":
        table = views.crosstable(outcome.standings)
        mirror = {"1": "0", "0": "1", "½": "½", "+": "−", "−": "+"}
        for i, row in enumerate(table):
            for j, cells in enumerate(row.cells):
                if cells is None:
                    assert i == j
                    continue
                back = table[j].cells[i]
                assert back is not None and len(back) == len(cells)
                for cell, reverse in zip(cells, back, strict=True):
                    expected = (
                        "−" if cell.kind == Kind.DOUBLE_FORFEIT.value else mirror[cell.symbol]
                    )
                    assert reverse.symbol == expected


@RENDERED
@given(events())
@with_site
def test_pages_show_every_game_to_both_players_and_rebuild_identically(
    root: Path, spec: EventSpec
) -> None:
    site = write_site(root, spec)
    first = check_site(site)
    assert not first.problems.errors
    assert check_site(site).files == first.files
    event, _ = decided(site)
    for game in event.games:
        for number in (game.white, game.black):
            page = first.files[f"ev/players/{event.player(number).slug}.html"].decode()
            if game.played and game.source.suffix == ".pgn":
                assert f'href="../games/{game.slug}.html"' in page
            opponent = event.player(game.opponent(number)).name
            assert opponent in page
    data = json.loads(first.files["ev/results.json"])
    assert len(data["games"]) == len(spec.pairings)
    assert sum(row["points"] for row in data["standings"]) == sum(spec.expected.values())


@RENDERED
@given(events(), st.permutations(range(7)), st.integers(0, 2**16))
def test_ranking_ignores_the_order_of_files_games_and_players(
    spec: EventSpec, permutation: list[int], seed: int
) -> None:
    order = [n + 1 for n in permutation if n < spec.players]
    with tempfile.TemporaryDirectory() as root:
        plain = check_site(write_site(Path(root), spec))
        mixed = check_site(write_site(Path(root), spec, order, seed))
    assert not plain.problems.errors and not mixed.problems.errors
    assert mixed.files["ev/results.json"] == plain.files["ev/results.json"]
    assert mixed.files["ev/standings.csv"] == plain.files["ev/standings.csv"]
