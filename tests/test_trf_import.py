"""TRF import: every result code, errors with line and column, PGN checked against the TRF,
and the round trip import -> export -> import."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import ROOT, SiteMaker, load
from trf_rows import line

from generator.build import load_event
from generator.problems import Problems
from generator.render.trf import tournament_trf
from generator.rules.scores import player_records
from generator.rules.standings import rank


def _event_toml(format: str = "swiss", rounds: int = 3, extra: str = "") -> str:
    return f'name = "T"\nformat = "{format}"\nrounds = {rounds}\ntrf = "event.trf"\n{extra}'


def test_every_result_code(make_site: SiteMaker) -> None:
    trf = "\n".join(
        [
            "012 Codes",
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "W"), (0, "-", "H")),
            line(2, "B, B", 1900, (1, "b", "0"), (4, "w", "D"), (3, "w", "+")),
            line(3, "C, C", 1800, (4, "w", "="), (1, "w", "L"), (2, "b", "-")),
            line(4, "D, D", 1700, (3, "b", "="), (2, "b", "D"), (0, "-", "F")),
            line(5, "E, E", 1600, (0, "-", "U"), (0, "-", "Z"), (6, "w", "-")),
            line(6, "F, F", 1500, (0, "-", "Z"), (0, "-", ""), (5, "b", "-")),
        ]
    )
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    games = [(g.round, g.white, g.black, g.result) for g in event.games]
    assert games == [
        (1, 1, 2, "1-0"), (1, 3, 4, "1/2-1/2"),
        (2, 3, 1, "0-1"),  # W for A as Black: a win in less than one move, counted as played
        (2, 2, 4, "1/2-1/2"),  # D: a draw in less than one move
        (3, 2, 3, "+-"), (3, 5, 6, "--"),
    ]  # fmt: skip
    byes = [(b.round, b.player, b.points) for b in event.byes]
    assert byes == [(1, 5, 1.0), (1, 6, 0.0), (2, 5, 0.0), (2, 6, 0.0), (3, 1, 0.5), (3, 4, 1.0)]
    points = {n: r.points for n, r in player_records(event).items()}
    assert points == {1: 2.5, 2: 1.5, 3: 0.5, 4: 2.0, 5: 1.0, 6: 0.0}
    assert [p.rating for p in event.players] == [2000, 1900, 1800, 1700, 1600, 1500]


def test_unknown_result_code_names_line_and_column(make_site: SiteMaker) -> None:
    trf = (
        "012 X\n"
        + line(1, "A, A", 2000, (2, "w", "X"))
        + "\n"
        + line(2, "B, B", 1900, (1, "b", "0"))
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert error.line == 2
    assert error.message == 'column 99: unknown result code "X" for player 1'


def test_both_sides_of_a_game_must_agree(make_site: SiteMaker) -> None:
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "1"))
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(e.line, e.message) for e in problems.errors] == [
        (1, "column 92: round 1, player 1 has 2 w 1, but player 2 (line 2) has 1 b 1"),
        (2, "column 92: round 1, player 2 has 1 b 1, but player 1 (line 1) has 2 w 1"),
    ]


def test_pgn_adds_moves_and_is_checked_against_the_trf(make_site: SiteMaker) -> None:
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    good = '[Round "1.1"]\n[White "A, A"]\n[Black "B, B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf, "g.pgn": good}))
    assert event is not None and not problems.errors
    assert event.games[0].plies == 2
    bad = good.replace('"1-0"', '"0-1"').replace("e5 1-0", "e5 0-1")
    _, problems = load(
        make_site(_event_toml(rounds=1), {"event.trf": trf, "g.pgn": bad}, slug="bad"), "bad"
    )
    (error,) = problems.errors
    assert "the PGN result 0-1 (g.pgn:1) contradicts [[results]] 1-0" in error.message


def test_event_toml_completes_trf_players(make_site: SiteMaker) -> None:
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    extra = '[[players]]\nname = "B, B"\nborn = 2014-02-03\nsex = "F"\n'
    event, problems = load(make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf}))
    assert event is not None and not problems.errors
    b = event.player(2)
    assert (b.rating, b.born is not None, b.sex) == (1900, True, "F")
    extra = '[[players]]\nname = "Zed, Z"\n'
    _, problems = load(
        make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf}, slug="zed"), "zed"
    )
    (error,) = problems.errors
    assert error.message.startswith('[[players]] names "Zed, Z", who is not in the TRF file')


def test_round_trip_import_export_import(make_site: SiteMaker, tmp_path: Path) -> None:
    """The demo Swiss exported as TRF and read back is the same event (pairings, results,
    byes, scores and standings); a withdrawal comes back as zero-point byes."""
    site = tmp_path / "demo"
    shutil.copytree(ROOT / "content" / "junior-championship", site / "content" / "jc")
    problems = Problems()
    original = load_event(site / "content" / "jc", problems)
    assert original is not None
    records = player_records(original)
    standings = rank(original, records)
    positions = {r.player.number: i for i, r in enumerate(standings.rows, start=1)}
    exported = tournament_trf(original, records, positions)

    def rebuilt(text: str, slug: str) -> tuple[str, object]:
        toml = _event_toml(rounds=7, extra='rules = "acf-junior"\nstart = 2026-01-10\n')
        event, found = load(make_site(toml, {"event.trf": text}, slug=slug), slug)
        assert event is not None and not found.errors, [p.format() for p in found.items]
        return tournament_trf(
            event,
            player_records(event),
            {r.player.number: i for i, r in enumerate(rank(event, player_records(event)).rows, 1)},
        ), event

    def players(text: str) -> list[str]:
        return [row for row in text.splitlines() if row.startswith("001")]

    again, event = rebuilt(exported, "one")
    assert players(again) == players(exported)
    # TRF has no board numbers: compare the games of each round as sets.
    imported = sorted((g.round, g.white, g.black, g.result) for g in event.games)  # type: ignore[attr-defined]
    assert imported == sorted((g.round, g.white, g.black, g.result) for g in original.games)
    third, _ = rebuilt(again, "two")
    assert third == again  # the event file of the copies is the same: every record agrees
