"""TRF import: every result code, errors with line and column, PGN checked against the TRF,
and the round trip import -> export -> import."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from conftest import ROOT, SiteMaker, event_toml, load, messages, pgn_game
from trf_rows import line

from generator.build import build_site, load_event
from generator.model import Event
from generator.problems import Problems
from generator.render.trf import tournament_trf
from generator.rules import categories
from generator.rules.checks import check_rounds
from generator.rules.scores import Kind, player_records
from generator.rules.standings import rank


def _event_toml(format: str = "swiss", rounds: int = 3, extra: str = "") -> str:
    return f'name = "T"\nformat = "{format}"\nrounds = {rounds}\ntrf = "event.trf"\n{extra}'


def _exported(event: Event) -> str:
    """The event's ``tournament.trf``, ranked as the build ranks it."""
    records = player_records(event)
    ranks = {r.player.number: r.rank for r in rank(event, records).rows}
    return tournament_trf(event, records, ranks)


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
    # U the pairing's bye, F a full-point bye given: C.07 scores them alike, TRF does not
    assert [b.pairing_allocated for b in event.byes] == [True, None, None, None, None, False]
    assert [b.kind for b in event.byes if b.points == 1] == [
        "pairing-allocated bye",
        "full-point bye",
    ]
    points = {n: r.points for n, r in player_records(event).items()}
    assert points == {1: 2.5, 2: 1.5, 3: 0.5, 4: 2.0, 5: 1.0, 6: 0.0}
    assert [p.rating for p in event.players] == [2000, 1900, 1800, 1700, 1600, 1500]


def test_the_pages_name_a_pairing_allocated_bye_apart_from_a_full_point_bye(
    make_site: SiteMaker,
) -> None:
    """A parent read "full-point bye" for the pairing's bye. TRF tells them apart (``U`` the
    pairing-allocated bye, ``F`` a full-point bye given), and so do the pages: E's ``U`` of
    round 1 is a "pairing-allocated bye" on E's card, round 1's page and the crosstable's
    cell, D's ``F`` of round 2 a "full-point bye". (An event file's ``points = 1`` without
    ``pairing_allocated`` does not say which, and stays a "full-point bye".)"""
    trf = "\n".join(
        [
            "012 Byes",
            "XXR 2",
            line(1, "A, A", 2000, (2, "w", "1"), (5, "b", "1")),
            line(2, "B, B", 1900, (1, "b", "0"), (3, "w", "1")),
            line(3, "C, C", 1800, (4, "w", "0"), (2, "b", "0")),
            line(4, "D, D", 1700, (3, "b", "1"), (0, "-", "F")),
            line(5, "E, E", 1600, (0, "-", "U"), (1, "w", "0")),
        ]
    )
    site = make_site(_event_toml(rounds=2), {"event.trf": trf})
    report = build_site(site)
    assert report.written and not report.problems.items, messages(report.problems)
    out = site / "output/ev"
    echo = (out / "players/5-e-e.html").read_text(encoding="utf-8")
    delta = (out / "players/4-d-d.html").read_text(encoding="utf-8")
    assert "pairing-allocated bye" in echo and "full-point bye" not in echo
    assert "full-point bye" in delta and "pairing-allocated bye" not in delta
    round_1 = (out / "rounds/round-1.html").read_text(encoding="utf-8")
    round_2 = (out / "rounds/round-2.html").read_text(encoding="utf-8")
    assert "</a>: pairing-allocated bye</li>" in round_1 and "full-point" not in round_1
    assert "</a>: full-point bye</li>" in round_2 and "pairing-allocated" not in round_2
    crosstable = (out / "crosstable.html").read_text(encoding="utf-8")
    assert crosstable.count("pairing-allocated bye") == crosstable.count("full-point bye") == 1


def test_a_line_that_stops_before_a_played_round_is_a_withdrawal(make_site: SiteMaker) -> None:
    """TRF has no record of a withdrawal; a line that stops before a round others played is
    how exporters write a player who left. E's line stops after round 1: rounds 2 and 3 are
    not paired (TRF-16: as Z, worth nothing). E withdrew after round 1: no byes, and the event
    with every other result in is finished. Rounds written out as absences, ``Z``, ``0000 -
    -`` (Swiss-Manager) or a blank result, stay zero-point byes, as for a player absent from
    one round, who is written alike."""
    trf = "\n".join(
        [
            "012 Short",
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "="), (4, "w", "=")),
            line(2, "B, B", 1900, (1, "b", "0"), (0, "-", "U"), (3, "w", "0")),
            line(3, "C, C", 1800, (5, "w", "1"), (1, "w", "="), (2, "b", "1")),
            line(4, "D, D", 1700, (0, "-", "U"), (0, "-", "Z"), (1, "b", "=")),
            line(5, "E, E", 1600, (3, "b", "0")),
        ]
    )
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [b for b in event.byes if b.player == 5] == []
    assert [p.withdrawn_after for p in event.players] == [None, None, None, None, 1]
    assert (event.unpaired, event.finished) == ({}, True)
    records = player_records(event)
    assert [e.kind for e in records[5].entries] == [Kind.GAME, Kind.ABSENT, Kind.ABSENT]
    # Nothing confirms it, and another program may have left out E's absences: said, on
    # E's line (the 7th of the file).
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("trf-withdrawal", 7)
    assert warning.message == (
        "player 5's line (E, E) stops after round 1 while round 3 was played: read as a "
        "withdrawal after round 1"
    )
    assert warning.hint == (
        'if the player withdrew, say so in event.toml: [[withdrawals]] player = "E, E", '
        "after_round = 1 (and the reason); if they only missed the rounds, write them on the "
        "line as absences (Z)"
    )
    # Confirmed by event.toml (by an alias, too), or by the comment line crosstable's export
    # writes: no warning, the same withdrawal.
    confirmations = {
        "toml": ('[[withdrawals]]\nplayer = "E, E"\nafter_round = 1\n', trf),
        "alias": (
            '[[players]]\nname = "E, E"\naliases = ["Echo"]\n'
            '[[withdrawals]]\nplayer = "Echo"\nafter_round = 1\n',
            trf,
        ),
        "note": ("", trf + "\n### player 5 withdrew after round 1: the rounds after it ..."),
    }
    for slug, (extra, text) in confirmations.items():
        event, problems = load(
            make_site(_event_toml(extra=extra), {"event.trf": text}, slug=slug), slug
        )
        assert event is not None and not problems.items, [p.format() for p in problems.items]
        assert event.player(5).withdrawn_after == 1

    for code in ("-", "", "Z"):
        written = trf.replace(
            line(5, "E, E", 1600, (3, "b", "0")),
            line(5, "E, E", 1600, (3, "b", "0"), (0, "-", code), (0, "-", code)),
        )
        slug = {"-": "dash", "": "blank", "Z": "z"}[code]
        event, problems = load(make_site(_event_toml(), {"event.trf": written}, slug=slug), slug)
        assert event is not None and not problems.errors, [p.format() for p in problems.items]
        assert event.player(5).withdrawn_after is None, code
        assert [(b.round, b.points) for b in event.byes if b.player == 5] == [(2, 0), (3, 0)]

    # A half-point bye requested for round 5 makes D's line the longest; rounds 4 and 5 are
    # not played yet, so nobody else is absent in them.
    ahead = trf.replace(
        line(4, "D, D", 1700, (0, "-", "U"), (0, "-", "Z"), (1, "b", "=")),
        line(4, "D, D", 1700, (0, "-", "U"), (0, "-", "Z"), (1, "b", "="), (0, "-", ""),
             (0, "-", "H")),
    ).replace("XXR 3", "XXR 5")  # fmt: skip
    event, problems = load(
        make_site(_event_toml(rounds=5), {"event.trf": ahead}, slug="ahead"), "ahead"
    )
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    # Only D's own blocks count there: the bye in round 5; round 4, written blank, is not
    # paired yet (no absence is known of a round nobody has played).
    byes = [(b.round, b.player, b.points) for b in event.byes if b.round > 3]
    assert byes == [(5, 4, 0.5)]


def test_a_withdrawal_event_toml_gives_after_the_lines_end_leaves_those_rounds_absent(
    make_site: SiteMaker,
) -> None:
    """The short event of ``test_a_line_that_stops_before_a_played_round_is_a_withdrawal``:
    E's line stops after round 1, but event.toml says E withdrew after round 2 (absent from
    round 2, then gone, or the round counted otherwise). Round 2 is missing from the line:
    "not paired", which TRF-16 reads as a zero-point bye, placed where the line would hold
    it (column 92 + 10 = 102); round 3 is after the withdrawal. So round 2 is finished, and
    so is the event; E keeps the 0 of the round-1 loss. Without the bye, E had neither game
    nor bye in round 2, and the event stayed unfinished for good (prizes provisional)."""
    trf = "\n".join(
        [
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "="), (4, "w", "=")),
            line(2, "B, B", 1900, (1, "b", "0"), (0, "-", "U"), (3, "w", "0")),
            line(3, "C, C", 1800, (5, "w", "1"), (1, "w", "="), (2, "b", "1")),
            line(4, "D, D", 1700, (0, "-", "U"), (0, "-", "Z"), (1, "b", "=")),
            line(5, "E, E", 1600, (3, "b", "0")),
        ]
    )
    extra = '[[withdrawals]]\nplayer = "E, E"\nafter_round = 2\nreason = "Illness"\n'
    event, problems = load(make_site(_event_toml(extra=extra), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert (event.player(5).withdrawn_after, event.player(5).withdrawal_reason) == (2, "Illness")
    assert [(b.round, b.points) for b in event.byes if b.player == 5] == [(2, 0.0)]
    placed = [(b.round, b.trf) for b in event.config.byes if b.player == "E, E"]
    assert [(r, t.path.name, t.line, t.column) for r, t in placed if t] == [
        (2, "event.trf", 6, 102)
    ]
    assert (event.unpaired, event.rounds_in_progress, event.finished) == ({}, (), True)
    records = player_records(event)
    assert [e.kind for e in records[5].entries] == [Kind.GAME, Kind.BYE, Kind.ABSENT]
    assert records[5].points == 0


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


def test_a_line_cut_short_is_one_error_on_it(make_site: SiteMaker) -> None:
    """Player 3's line cut after round 1 (a paste, an editor's line length) was an error on
    the line of each opponent it left: "player 3 (line 3) has nothing", three of them, and
    none on the line to correct. It is one error there, naming those opponents and rounds."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "1"), (4, "w", "1")),
        line(2, "B, B", 1900, (1, "b", "0"), (4, "w", "1"), (3, "b", "1")),
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "0"), (2, "w", "0"))[:100],
        line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "0"), (1, "b", "0")),
    ]
    _, problems = load(make_site(_event_toml(), {"event.trf": "\n".join(rows)}))
    assert [(e.line, e.message, e.hint) for e in problems.errors] == [
        (
            3,
            "player 3's line ends after round 1, but the lines of players 1 and 2 give "
            "player 3 a game in rounds 2 and 3: the line is cut short",
            "write the rest of the line, up to round 3 (best by exporting the TRF file again "
            "from the pairing program)",
        )
    ]
    rows[2] = rows[2][:30]  # in the name: no round at all
    _, problems = load(make_site(_event_toml(), {"event.trf": "\n".join(rows)}, "n"), "n")
    assert [(e.line, e.message) for e in problems.errors] == [
        (
            3,
            "player 3's line ends before its first round, but the lines of players 1, 2 and 4 "
            "give player 3 a game in rounds 1, 2 and 3: the line is cut short",
        )
    ]


def test_a_trf_with_more_rounds_than_event_toml_is_one_error(make_site: SiteMaker) -> None:
    """A round robin of four whose TRF has 3 rounds, with rounds = 2 in event.toml: the
    error had no hint, and was followed by "a round-robin of 4 players has 3 rounds, not
    2", the same fix said twice. It is one error, saying to set rounds = 3."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "1"), (4, "w", "1")),
        line(2, "B, B", 1900, (1, "b", "0"), (4, "w", "1"), (3, "b", "1")),
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "0"), (2, "w", "0")),
        line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "0"), (1, "b", "0")),
    ]
    toml = _event_toml("round-robin", rounds=2)
    _, problems = load(make_site(toml, {"event.trf": "\n".join(rows)}))
    assert [
        (e.path.name if e.path else "", e.line, e.message, e.hint) for e in problems.errors
    ] == [
        (
            "event.toml",
            3,
            "the TRF file has 3 rounds but event.toml says rounds = 2",
            "set rounds = 3, or correct the TRF file (its XXR line or its longest player line "
            "gives the count)",
        )
    ]


def test_a_trf_birth_date_after_the_start_is_an_error_at_its_columns(
    make_site: SiteMaker,
) -> None:
    """A TRF birth date after the event's start is an error on the TRF line, at columns
    70-79 and in the TRF's own YYYY/MM/DD (not at the name, in event.toml's YYYY-MM-DD)."""
    first = line(1, "A, A", 2000, (2, "w", "1"))
    first = first[:69] + "2027/02/09" + first[79:]
    trf = first + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    toml = _event_toml(rounds=1, extra="start = 2026-07-08\n")
    _, problems = load(make_site(toml, {"event.trf": trf}))
    assert [
        (e.path.name if e.path else "", e.line, e.message, e.hint) for e in problems.errors
    ] == [
        (
            "event.trf",
            1,
            "column 70: A, A was born on 2027-02-09, after the event starts (2026-07-08)",
            "correct the birth date in columns 70-79 (YYYY/MM/DD)",
        )
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
    assert "the PGN result 0-1 (g.pgn:1) contradicts the TRF result 1-0" in error.message


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


def test_players_entries_for_some_of_a_round_robins_trf_players_leave_its_rounds_right(
    make_site: SiteMaker,
) -> None:
    """A round robin of 4 players has 3 rounds (n - 1 for an even n); the TRF file lists the
    4, and event.toml's [[players]] completes 2 of them (a full name the field cut, a sex).
    The rounds are counted against the 4 (it was against the 2 entries: "a round-robin of 2
    players has 1 round, not 3", an error), and against a wrong count still an error."""
    long_name = "Echeverria-Longbottom, Maximiliane Evangeline"
    trf = "\n".join(
        (
            line(1, long_name[:33], 2000, (2, "w", "1"), (3, "b", "="), (4, "w", "1")),
            line(2, "B, B", 1900, (1, "b", "0"), (4, "b", "="), (3, "w", "1")),
            line(3, "C, C", 1800, (4, "w", "0"), (1, "w", "="), (2, "b", "0")),
            line(4, "D, D", 1700, (3, "b", "1"), (2, "w", "="), (1, "b", "0")),
        )
    )
    extra = f'[[players]]\nname = "{long_name}"\n\n[[players]]\nname = "C, C"\nsex = "F"\n'
    toml = _event_toml("round-robin", rounds=3, extra=extra)
    event, problems = load(make_site(toml, {"event.trf": trf}))
    assert event is not None and not problems.items, messages(problems)
    assert (event.player(1).name, event.player(3).sex, len(event.games)) == (long_name, "F", 6)
    wrong = _event_toml("round-robin", rounds=4, extra=extra)
    _, problems = load(make_site(wrong, {"event.trf": trf}, slug="wrong"), "wrong")
    assert [e.message for e in problems.errors] == [
        "rounds: a round-robin of 4 players has 3 rounds, not 4"
    ]


def test_a_players_entry_for_one_trf_player_leaves_the_others_known(
    make_site: SiteMaker,
) -> None:
    """[[players]] completes B's entry; [[withdrawals]] names C, whom only the TRF file
    lists: C is a player, not "unknown player" (the names are checked once the
    TRF is read), and a name neither lists is still an error on its own line."""
    trf = "\n".join(
        (
            line(1, "A, A", 2000, (2, "w", "1")),
            line(2, "B, B", 1900, (1, "b", "0")),
            line(3, "C, C", 1800, (0, "-", "H")),
        )
    )
    extra = (
        '[[players]]\nname = "B, B"\nsex = "F"\n[[withdrawals]]\nplayer = "C, C"\nafter_round = 1\n'
    )
    event, problems = load(make_site(_event_toml(rounds=2, extra=extra), {"event.trf": trf}))
    assert not problems.errors, [p.format() for p in problems.items]
    assert event is not None and event.player(3).withdrawn_after == 1
    unknown = extra.replace('player = "C, C"\nafter', 'player = "Cee, C"\nafter')
    toml = _event_toml(rounds=2, extra=unknown)
    _, problems = load(make_site(toml, {"event.trf": trf}, slug="u"), "u")
    (error,) = problems.errors
    assert error.message == 'withdrawals[1].player: unknown player "Cee, C"'
    assert error.line == toml.splitlines().index('player = "Cee, C"') + 1


def test_round_trip_import_export_import(make_site: SiteMaker, tmp_path: Path) -> None:
    """The demo Swiss exported as TRF and read back is the same event (pairings, results,
    byes, scores and standings); its withdrawal comes back as the withdrawal."""
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
    withdrawn = [(p.number, p.withdrawn_after) for p in original.players if p.withdrawn_after]
    assert withdrawn == [(15, 5)]  # Santoro, Leo
    assert [(p.number, p.withdrawn_after) for p in event.players if p.withdrawn_after] == withdrawn  # type: ignore[attr-defined]
    # TRF has no board numbers: compare the games of each round as sets.
    imported = sorted((g.round, g.white, g.black, g.result) for g in event.games)  # type: ignore[attr-defined]
    assert imported == sorted((g.round, g.white, g.black, g.result) for g in original.games)
    third, _ = rebuilt(again, "two")
    assert third == again  # the event file of the copies is the same: every record agrees


LESS_THAN_ONE_MOVE = (
    "012 T",
    "XXR 3",
    line(1, "A, A", 2000, (2, "w", "W"), (3, "w", "D"), (4, "w", "1")),
    line(2, "B, B", 2100, (1, "b", "L"), (4, "w", "1"), (3, "w", "=")),
    line(3, "C, C", 1600, (4, "w", "1"), (1, "b", "D"), (2, "b", "=")),
    line(4, "D, D", 2500, (3, "b", "0"), (2, "b", "0"), (1, "b", "0")),
)


def test_a_game_of_less_than_one_move_is_played_and_written_back(make_site: SiteMaker) -> None:
    """W/L (round 1, A-B) and D/D (round 2, A-C): played games of less than one move, "not
    rated" (TRF-16). They score as played (A 1 + 0.5 + 1 = 2.5, B 0 + 1 + 0.5 = 1.5, C 1 +
    0.5 + 0.5 = 2, D 0), with the same points and tie-breaks as the file with 1/0 and =/=;
    tournament.trf writes W, L, D, D again, and reading it back gives the same file."""
    event, problems = load(make_site(_event_toml(), {"event.trf": "\n".join(LESS_THAN_ONE_MOVE)}))
    assert event is not None and not problems.errors, messages(problems)
    flagged = {(g.round, g.white, g.black) for g in event.games if g.less_than_one_move}
    assert flagged == {(1, 1, 2), (2, 1, 3)}
    assert all(g.played for g in event.games)
    records = player_records(event)
    assert {n: r.points for n, r in records.items()} == {1: 2.5, 2: 1.5, 3: 2.0, 4: 0.0}
    codes = str.maketrans("WLD", "10=")
    rated = [row[:91] + row[91:].translate(codes) for row in LESS_THAN_ONE_MOVE]
    plain, found = load(make_site(_event_toml(), {"event.trf": "\n".join(rated)}, "plain"), "plain")
    assert plain is not None and not found.errors, messages(found)
    assert not any(g.less_than_one_move for g in plain.games)
    ranked = [(r.player.number, r.points, r.tiebreaks) for r in rank(event, records).rows]
    assert ranked == [
        (r.player.number, r.points, r.tiebreaks) for r in rank(plain, player_records(plain)).rows
    ]
    exported = _exported(event)
    rows = [row for row in exported.splitlines() if row.startswith("001")]
    rounds = [[row[91 + 10 * i : 99 + 10 * i] for i in range(3)] for row in rows]
    assert rounds == [
        ["   2 w W", "   3 w D", "   4 w 1"],
        ["   1 b L", "   4 w 1", "   3 w ="],
        ["   4 w 1", "   1 b D", "   2 b ="],
        ["   3 b 0", "   2 b 0", "   1 b 0"],
    ]
    again, found = load(make_site(_event_toml(), {"event.trf": exported}, slug="again"), "again")
    assert again is not None and not found.errors, messages(found)
    assert {(g.round, g.white, g.black) for g in again.games if g.less_than_one_move} == flagged
    assert _exported(again) == exported


def test_results_json_says_which_games_were_of_less_than_one_move(make_site: SiteMaker) -> None:
    """The file of the test above: round 1 A-B (W/L) and round 2 A-C (D/D) carry
    ``less_than_one_move: true`` in results.json; the other four games have no such key."""
    site = make_site(_event_toml(), {"event.trf": "\n".join(LESS_THAN_ONE_MOVE)})
    assert build_site(site).written
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    flagged = [
        (g["round"], g["white"], g["black"]) for g in data["games"] if "less_than_one_move" in g
    ]
    assert flagged == [(1, "A, A", "B, B"), (2, "A, A", "C, C")]
    assert all(g["less_than_one_move"] is True for g in data["games"] if "less_than_one_move" in g)
    assert len(data["games"]) == 6


def test_a_pgn_game_with_a_move_by_each_player_is_no_game_of_less_than_one_move(
    make_site: SiteMaker,
) -> None:
    """The TRF writes round 1, A-B as W/L and round 2, B-C as D/D (less than one move, not
    rated), but the PGN has 1. e4 e5 2. Nf3 Nc6 (4 half-moves) for the first and 1. d4 d5
    with "*" (2 half-moves; the TRF gives the result) for the second: a move by each player,
    so both were played and are rated. Each is a warning on the TRF line of the lower start
    number, at the round's result column (round R's block at 92 + 10 (R - 1), the result 7
    further: 99 and 109), naming the PGN game (g.pgn:1, and g.pgn:8 after the 6 lines and a
    blank of the first) and saying the PGN is believed. Was: flagged, and never rated."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "W"), (0, "-", "-")),
        line(2, "B, B", 1900, (1, "b", "L"), (3, "w", "D")),
        line(3, "C, C", 1800, (0, "-", "-"), (2, "b", "D")),
    ]
    pgn = (
        '[Round "1"]\n[White "A, A"]\n[Black "B, B"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 Nc6 1-0\n\n"
        '[Round "2"]\n[White "B, B"]\n[Black "C, C"]\n[Result "*"]\n\n1. d4 d5 *\n'
    )
    files = {"event.trf": "\n".join(rows), "g.pgn": pgn}
    event, problems = load(make_site(_event_toml(rounds=2), files))
    assert event is not None and not problems.errors, messages(problems)
    games = sorted((g.round, g.white, g.black, g.result, g.less_than_one_move) for g in event.games)
    assert games == [(1, 1, 2, "1-0", False), (2, 2, 3, "1/2-1/2", False)]
    said = [(w.path.name if w.path else None, w.line, w.code) for w in problems.warnings]
    assert said == [("event.trf", 1, "trf"), ("event.trf", 2, "trf")]
    first, second = problems.warnings
    assert first.message == (
        "column 99: round 1, A, A v B, B: the TRF file writes a game of less than one move "
        "(W for White, L for Black: not rated), but the PGN game (g.pgn:1) has 4 half-moves, "
        "a move by each player; the PGN is believed: the game was played and is rated"
    )
    assert first.hint == (
        "if the game was played, write 1 for White and 0 for Black in the TRF file (on both "
        "players' lines); if a player made no move, remove the moves from the PGN game"
    )
    assert dict(first.context) == {"round": 1, "white": "A, A", "black": "B, B"}
    assert second.message.startswith("column 109: round 2, B, B v C, C: the TRF file writes ")
    assert "(D for White, D for Black: not rated), but the PGN game (g.pgn:8) has 2 " in (
        second.message
    )
    assert "write = for White and = for Black" in second.hint


def test_a_pgn_game_of_one_half_move_agrees_with_less_than_one_move(
    make_site: SiteMaker,
) -> None:
    """1. e4 and White's W: Black made no move, a game of less than one move as the TRF says
    (not rated), and nothing to warn of."""
    rows = [line(1, "A, A", 2000, (2, "w", "W")), line(2, "B, B", 1900, (1, "b", "L"))]
    pgn = '[Round "1"]\n[White "A, A"]\n[Black "B, B"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    files = {"event.trf": "\n".join(rows), "g.pgn": pgn}
    event, problems = load(make_site(_event_toml(rounds=1), files))
    assert event is not None and not problems.items, messages(problems)
    assert [(g.plies, g.less_than_one_move) for g in event.games] == [(1, True)]


# -- the fields of a 001 line (TRF-16 columns) and where conflicts are reported ---------------


def put(row: str, first: int, last: int, text: str) -> str:
    """``row`` with columns ``first`` to ``last`` (1-based, inclusive, as TRF-16 numbers them)
    holding ``text``, right-aligned like TRF's numbers."""
    row = row.ljust(last)
    return row[: first - 1] + text.rjust(last - first + 1) + row[last:]


BORN = "columns 70-79: the birth date"
PAIR = (line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0")))


@pytest.mark.parametrize(
    ("first", "last", "text", "message"),
    [
        (49, 52, "2k00", 'columns 49-52: the rating "2k00" of player 1 is not a number'),
        (49, 52, "\u00b2000", 'columns 49-52: the rating "\u00b2000" of player 1 is not a number'),
        (70, 79, "2014/13/45", f'{BORN} "2014/13/45" of player 1 is not a date'),
        (70, 79, "2015/02/29", f'{BORN} "2015/02/29" of player 1 is not a date'),
        (70, 79, "20xx", f'{BORN} "20xx" of player 1 is not a date'),
        (81, 84, "abcd", 'columns 81-84: the points "abcd" of player 1 are not a number'),
        (81, 84, " nan", 'columns 81-84: the points "nan" of player 1 are not a number'),
        (58, 68, "4100x18", 'columns 58-68: the FIDE ID "4100x18" of player 1 is not a number'),
        (10, 10, "x", 'column 10: the sex "x" of player 1 is not m or w'),
    ],
)  # fmt: skip
def test_a_malformed_field_is_an_error_on_its_line(
    make_site: SiteMaker, first: int, last: int, text: str, message: str
) -> None:
    """Was read as unrated, a birth year, no points: an age or rating category then took the
    player on a value the file never gave."""
    trf = "012 Fields\n" + put(PAIR[0], first, last, text) + "\n" + PAIR[1]
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is None
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert (error.line, error.message, error.code) == (2, message, "trf")
    assert error.hint


def test_start_number_zero_is_an_error(make_site: SiteMaker) -> None:
    """0000 is TRF's "no opponent": a player 0 could never be named as an opponent, and the
    export wrote an invalid 001 line for them."""
    trf = "\n".join([*PAIR, line(0, "Z, Z", 0, (0, "-", "Z"))])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is None
    (error,) = problems.errors
    assert (error.line, error.message) == (3, 'columns 5-8: the start number "0" is not 1 to 9999')


def test_a_tab_is_named_rather_than_the_field_it_shifts(make_site: SiteMaker) -> None:
    trf = PAIR[0].replace("001    1", "001\t1", 1) + "\n" + PAIR[1]
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(e.line, e.message) for e in problems.errors] == [
        (1, "column 4: a tab: the fields of a TRF line are in fixed columns, which a tab shifts")
    ]


def test_every_bad_field_of_a_line_is_named(make_site: SiteMaker) -> None:
    row = put(put(PAIR[0], 49, 52, "2k00"), 81, 84, "x.5")
    trf = row + "\n" + PAIR[1]
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(e.line, e.message.split(":")[0]) for e in problems.errors] == [
        (1, "columns 49-52"),
        (1, "columns 81-84"),
    ]


def test_blank_and_unknown_fields_stay_allowed(make_site: SiteMaker) -> None:
    """TRF-16 leaves rating, FIDE ID, birth date and points blank when unknown; pairing
    programs write 0 for no rating and 00 (or 0000/00/00) for an unknown part of a date."""
    rows = [
        put(put(put(PAIR[0], 10, 10, "w"), 70, 79, "2012/03/04"), 81, 84, "1.0"),
        put(put(PAIR[1], 49, 52, "0"), 70, 79, "2014/00/00"),
        put(line(3, "C, C", 0, (0, "-", "U")), 70, 79, "2013"),
        put(line(4, "D, D", 0, (0, "-", "Z")), 70, 79, "0000/00/00"),
    ]
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": "\n".join(rows)}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [(p.rating, p.born, p.birth_year, p.sex) for p in event.players] == [
        (2000, dt.date(2012, 3, 4), 2012, "F"),
        (None, None, 2014, None),
        (None, None, 2013, None),
        (None, None, None, None),
    ]


def test_points_that_disagree_with_the_results_are_a_warning(make_site: SiteMaker) -> None:
    """The results count (TRF readers recompute the score); the column only warns."""
    rows = [put(PAIR[0], 81, 84, "0.0"), put(PAIR[1], 81, 84, "0.0")]
    rows.append(put(line(3, "C, C", 0, (0, "-", "H")), 81, 84, "0.5"))
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": "\n".join(rows)}))
    assert event is not None and not problems.errors
    (warning,) = [w for w in problems.warnings if w.code == "trf-points"]
    assert (warning.line, warning.message) == (
        1,
        "columns 81-84: player 1's points are 0, but the results on the line add up to 1",
    )
    scoring = "[scoring]\nwin = 3\ndraw = 1\nloss = 0\n"
    rows = [put(PAIR[0], 81, 84, "3.0"), put(PAIR[1], 81, 84, "0.0")]
    _, problems = load(
        make_site(_event_toml(rounds=1, extra=scoring), {"event.trf": "\n".join(rows)}, "s3"),
        "s3",
    )
    assert not [w for w in problems.warnings if w.code == "trf-points"]


def test_points_with_or_without_a_bye_asked_for_ahead_are_both_taken(
    make_site: SiteMaker,
) -> None:
    """Player 1 won round 1, the last played, and has a half-point bye in round 3 (round 2
    blank). crosstable's export writes the points of the rounds played, 1 (its standings');
    another program may count the bye, 1.5. Either says nothing; 2 is neither and warns,
    giving both sums."""
    ahead = PAIR[0] + " " * 12 + "0000 - H"
    assert ahead[111:119] == "0000 - H"  # round 3's block, columns 112-119
    for slug, points in (("played", "1.0"), ("all", "1.5"), ("neither", "2.0")):
        rows = [put(ahead, 81, 84, points), put(PAIR[1], 81, 84, "0.0")]
        event, problems = load(
            make_site(_event_toml(rounds=3), {"event.trf": "\n".join(rows)}, slug), slug
        )
        assert event is not None and not problems.errors, messages(problems)
        assert event.rounds_played == 1 and [(b.round, b.points) for b in event.byes] == [(3, 0.5)]
        warned = [(w.line, w.message) for w in problems.warnings if w.code == "trf-points"]
        if slug != "neither":
            assert not warned, slug
            continue
        assert warned == [
            (
                1,
                "columns 81-84: player 1's points are 2, but the results on the line add up "
                "to 1.5 (1 up to round 1, the last played)",
            )
        ]


def test_two_players_with_one_name_is_an_error_on_the_trf_line(make_site: SiteMaker) -> None:
    """Was reported against event.toml as players[2].name and a self-pairing in [[results]]."""
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "a,  A", 1900, (1, "b", "0"))
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert (error.line, error.message) == (
        2,
        'columns 15-47: the name "a,  A" of player 2 is already used by player 1 (line 1)',
    )


def _trf_and_pgn(
    make_site: SiteMaker, pgn: str, extra: str = "", slug: str = "ev"
) -> tuple[Event | None, Problems]:
    rows = [
        line(1, "A, A", 2000, (2, "w", "1"), (0, "-", "H")),
        line(2, "B, B", 1900, (1, "b", "0"), (3, "w", "=")),
        line(3, "C, C", 1800, (0, "-", "U"), (2, "b", "=")),
    ]
    files = {"event.trf": "\n".join(rows), "g.pgn": pgn}
    return load(make_site(_event_toml(rounds=2, extra=extra), files, slug), slug)


def _pgn(round: int, white: str, black: str, result: str) -> str:
    return (
        f'[Round "{round}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n'
        f"1. e4 e5 {result}\n\n"
    )


def _where(problems: Problems) -> list[tuple[str | None, int | None, str]]:
    return [(e.path.name if e.path else None, e.line, e.message) for e in problems.errors]


def test_pgn_conflicts_are_located_on_the_trf_line(make_site: SiteMaker) -> None:
    """Was event.toml without a line, telling to edit [[results]] and [[byes]] entries that
    do not exist. A game is on the line of its lower start number (round 1 on A's line 1,
    round 2 on B's line 2); round R's block starts at column 92 + 10 (R - 1), the colour is 5
    and the result 7 columns further."""
    pgn = _pgn(1, "A, A", "B, B", "0-1") + _pgn(2, "C, C", "B, B", "1/2-1/2")
    _, problems = _trf_and_pgn(make_site, pgn)
    assert _where(problems) == [
        (
            "event.trf",
            1,
            "column 99: round 1, A, A v B, B: the PGN result 0-1 (g.pgn:1) contradicts the "
            "TRF result 1-0",
        ),
        (
            "event.trf",
            2,
            "column 107: the TRF file gives B, B White against C, C in round 2, but g.pgn:8 "
            "has the colours the other way round",
        ),
    ]
    assert all("the [[results]] entry" not in e.hint for e in problems.errors)
    _, problems = _trf_and_pgn(make_site, _pgn(2, "A, A", "C, C", "1-0"), slug="bye")
    assert _where(problems) == [
        (
            "event.trf",
            2,
            "column 102: the TRF file pairs B, B with C, C in round 2, but g.pgn:1 has "
            "A, A v C, C in that round",
        ),
        (
            "event.trf",
            1,
            "column 109: A, A has a bye in round 2 in the TRF file, but also a game in that "
            "round (g.pgn:1)",
        ),
    ]
    assert "[[byes]]" not in problems.errors[1].hint


def test_an_arbiter_decision_in_event_toml_overrides_the_trf_and_the_pgn(
    make_site: SiteMaker,
) -> None:
    """The TRF holds the arbiter's result, the PGN the game as played: a [[results]] entry
    with a reason settles it, as it does without a TRF file."""
    extra = '[[results]]\nround = 1\nwhite = "A, A"\nblack = "B, B"\nresult = "1-0"\n'
    extra += 'reason = "a phone rang"\n'
    event, problems = _trf_and_pgn(make_site, _pgn(1, "A, A", "B, B", "0-1"), extra)
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    game = next(g for g in event.games if g.round == 1)
    assert (game.result, game.pgn_result, game.plies) == ("1-0", "0-1", 2)


def test_event_toml_entries_of_a_trf_event_keep_their_own_lines(make_site: SiteMaker) -> None:
    """event.toml's own [[results]] and [[players]] come after the TRF's in the merged event:
    their problems were looked up at another entry's line, or at none."""
    toml = _event_toml(
        rounds=2,
        extra='[[players]]\nname = "Zed, Z"\n\n[[players]]\nname = "B, B"\naliases = ["A, A"]\n',
    )
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    _, problems = load(make_site(toml, {"event.trf": trf}))
    lines = toml.splitlines()
    assert _where(problems) == [
        (
            "event.toml",
            lines.index('name = "Zed, Z"'),
            '[[players]] names "Zed, Z", who is not in the TRF file (the TRF file lists every '
            "participant)",
        ),
        (
            "event.toml",
            lines.index('aliases = ["A, A"]') + 1,
            'players[2].aliases: "A, A" is already used by player "A, A"',
        ),
    ]
    toml = _event_toml(
        rounds=2, extra='[[results]]\nround = 2\nwhite = "B, B"\nblack = "A, A"\nresult = "1-0"\n'
    )
    files = {"event.trf": trf, "g.pgn": _pgn(2, "B, B", "A, A", "0-1")}
    _, problems = load(make_site(toml, files, "res"), "res")
    assert [(e.path.name if e.path else None, e.line) for e in problems.errors] == [
        ("event.toml", toml.splitlines().index("[[results]]") + 1)
    ]


def test_a_pairing_without_a_result_is_a_pending_game(make_site: SiteMaker) -> None:
    """A TRF written during round 2: A-B finished (1-0), C-D paired with no result yet. The
    pairing is a pending game: round 2 is under way, not over, and C and D are not absent."""
    trf = "\n".join(
        [
            "012 Live",
            "XXR 2",
            line(1, "A, A", 2000, (3, "w", "1"), (2, "w", "1")),
            line(2, "B, B", 1900, (4, "b", "="), (1, "b", "0")),
            line(3, "C, C", 1800, (1, "b", "0"), (4, "w", " ")),
            line(4, "D, D", 1700, (2, "w", "="), (3, "b", " ")),
        ]
    )
    event, problems = load(make_site(_event_toml(rounds=2), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert not problems.warnings  # a TRF event needs no PGN files
    assert [(g.round, g.white, g.black, g.result) for g in event.games if g.round == 2] == [
        (2, 1, 2, "1-0"),
        (2, 3, 4, "*"),
    ]
    assert (event.rounds_played, event.rounds_in_progress, event.finished) == (2, (2,), False)
    records = player_records(event)
    assert {n: r.points for n, r in records.items()} == {1: 2.0, 2: 0.5, 3: 0.0, 4: 0.5}
    assert records[3].entries[1].kind is Kind.PENDING  # paired, not absent
    exported = tournament_trf(event, player_records(event), dict.fromkeys(range(1, 5), 0))
    assert [row[101:109] for row in exported.splitlines() if row.startswith("001")] == [
        "   2 w 1",
        "   1 b 0",
        "   4 w  ",
        "   3 b  ",
    ]


def test_lichess_writes_a_game_being_played_as_z_with_its_opponent(make_site: SiteMaker) -> None:
    """lichess's Swiss export, taken during round 2, writes each game not finished yet with
    its opponent, colour and the code Z (its "ongoing"); the pairing's bye with no opponent
    number at all (U); a player absent from the next round gets an extra block 0000 - -.
    Round 1: A beat B, D won by forfeit against C, E was absent (a zero-point bye). Round 2:
    C-A and D-E are being played, B has the pairing's bye. So: no error, C-A and D-E are
    pending games (not zero-point byes, not results), round 1 is the last played, and E's
    absence from round 3 is a zero-point bye. Points after round 1: A 1, B 0, C 0, D 1, E 0
    (B's bye is in round 2, not finished yet)."""
    header = "001 {:>4}       {:<32} {:>4}{:>32}  "
    rows = [
        header.format(1, "alpha", 2000, "1.0") + "        2 w 1     3 b Z",
        header.format(2, "bravo", 1900, "1.0") + "        1 b 0         U",
        header.format(3, "charlie", 1800, "0.0") + "        4 w -     1 w Z",
        header.format(4, "delta", 1700, "1.0") + "        3 b +     5 w Z",
        header.format(5, "echo", 1600, "0.0") + "            -     4 b Z  0000   -",
    ]
    assert rows[0].index("2 w 1") == 94 and rows[0].index("3 b Z") == 104  # columns 95, 105
    head = ["012 Lichess Swiss", "032 Lichess", "092 Individual: Swiss-System", "XXR 3"]
    trf = "\n".join([*head, "XXC white1", *rows])
    event, problems = load(make_site(_event_toml(rounds=3), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert [(g.round, g.white, g.black, g.result) for g in event.games] == [
        (1, 1, 2, "1-0"),
        (1, 3, 4, "-+"),
        (2, 3, 1, "*"),
        (2, 4, 5, "*"),
    ]
    assert [(b.round, b.player, b.points, b.pairing_allocated) for b in event.byes] == [
        (1, 5, 0.0, None),
        (2, 2, 1.0, True),
        (3, 5, 0.0, None),
    ]
    assert event.rounds_played == 1  # no game of round 2 has finished
    records = player_records(event)
    assert {n: r.points for n, r in records.items()} == {1: 1.0, 2: 0.0, 3: 0.0, 4: 1.0, 5: 0.0}
    assert records[1].entries[1].kind is Kind.PENDING


def test_byes_written_with_the_older_codes(make_site: SiteMaker) -> None:
    """Vega, lichess and JaVaFo write a bye with opponent 0000 and a game's code: ``+`` a
    full-point bye, ``=`` a half-point bye, ``-`` an absence (in a Swiss; in a round robin a
    round without a game, as a blank result). They were refused, failing the whole build.
    (A Swiss line whose last rounds are all ``-`` is a withdrawal: see the test of a line that
    stops early.)"""
    trf = "\n".join(
        [
            "012 Older codes",
            "XXR 2",
            line(1, "A, A", 2000, (2, "w", "1"), (0, "-", "+")),
            line(2, "B, B", 1900, (1, "b", "0"), (3, "w", "1")),
            line(3, "C, C", 1800, (0, "-", "="), (2, "b", "0")),
            line(4, "D, D", 1700, (0, "-", "-"), (0, "-", "Z")),
        ]
    )
    event, problems = load(make_site(_event_toml(rounds=2), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    byes = [(b.round, b.player, b.points) for b in event.byes]
    assert byes == [(1, 3, 0.5), (1, 4, 0.0), (2, 1, 1.0), (2, 4, 0.0)]
    assert [b.pairing_allocated for b in event.byes] == [None, None, None, None]
    points = {n: r.points for n, r in player_records(event).items()}
    assert points == {1: 2.0, 2: 1.0, 3: 0.5, 4: 0.0}
    assert not problems.warnings  # nor "no PGN files": a TRF event's games need no moves

    # A round robin of three: the player out of each round is written 0000 - -.
    robin = "\n".join(
        [
            "012 Robin",
            line(1, "A, A", 2000, (2, "w", "1"), (0, "-", "-"), (3, "b", "=")),
            line(2, "B, B", 1900, (1, "b", "0"), (3, "w", "1"), (0, "-", "-")),
            line(3, "C, C", 1800, (0, "-", "-"), (2, "b", "0"), (1, "w", "=")),
        ]
    )
    event, problems = load(
        make_site(_event_toml("round-robin"), {"event.trf": robin}, slug="rr"), "rr"
    )
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.byes, event.finished) == ((), True)


def test_the_files_place_federation_and_arbiters_complete_the_event(
    make_site: SiteMaker,
) -> None:
    """Records 022, 032, 102 and 112 (one a deputy) fill the event file's location,
    federation, arbiter and deputy_arbiters where it leaves them out; what it says stays.
    An address, or a federation that is no three-letter code, fills nothing."""
    head = ["012 Arbitrated", "022 Canberra", "032 AUS", "102 Chief, C", "112 Deputy, One"]
    head += ["112 Deputy, Two", "XXR 1"]
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    trf = "\n".join(head + rows)
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    config = event.config
    assert (config.location, config.federation, config.arbiter, config.deputy_arbiters) == (
        "Canberra",
        "AUS",
        "Chief, C",
        ("Deputy, One", "Deputy, Two"),
    )
    own = _event_toml(rounds=1, extra='location = "Perth"\ndeputy_arbiters = "Own, D"\n')
    event, problems = load(make_site(own, {"event.trf": trf}, slug="own"), "own")
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.config.location, event.config.deputy_arbiters) == ("Perth", ("Own, D",))
    assert event.config.arbiter == "Chief, C"
    # lichess writes its tournament's address in 022 and 102, and "Lichess" in 032: none is
    # a place, an arbiter or a federation, and the event file's keys stay unset.
    lichess = trf.replace("022 Canberra", "022 https://lichess.org/swiss/abcd1234")
    lichess = lichess.replace("032 AUS", "032 Lichess").replace(
        "102 Chief, C", "102 https://lichess.org/@/organiser"
    )
    event, problems = load(
        make_site(_event_toml(rounds=1), {"event.trf": lichess}, slug="li"), "li"
    )
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    config = event.config
    assert (config.location, config.federation, config.arbiter) == ("", "", "")


def test_the_files_dates_and_tiebreaks_complete_the_event(make_site: SiteMaker) -> None:
    """Records 042/052 give the dates event.toml leaves out: a start before 1 March 2026
    ranks by the 2024 rules, as the pairing program did. Record 202 gives the tie-breaks when
    neither event.toml nor its rules name any; what event.toml says stays."""
    head = ["012 Dated", "042 2026/02/28", "052 2026.03.02", "202 BH/C1,SB", "XXR 1"]
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    trf = "\n".join(head + rows)
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.config.start, event.config.end) == (dt.date(2026, 2, 28), dt.date(2026, 3, 2))
    assert (event.rules_edition, event.tiebreaks) == ("2024", ("BH/C1", "SB"))

    own = _event_toml(rounds=1, extra='start = 2026-04-01\ntiebreaks = ["SB"]\n')
    event, problems = load(make_site(own, {"event.trf": trf}, slug="own"), "own")
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.config.start, event.rules_edition, event.tiebreaks) == (
        dt.date(2026, 4, 1),
        "2026",
        ("SB",),
    )
    preset = _event_toml("round-robin", rounds=1, extra='rules = "us-junior-closed"\n')
    event, problems = load(make_site(preset, {"event.trf": trf}, slug="us"), "us")
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert event.tiebreaks == ("DE", "BPG", "KS", "SB", "WIN")

    # A code crosstable does not know: the list is not taken (a tie-break left out would
    # rank otherwise), and the warning says so on the record's line.
    unknown = trf.replace("202 BH/C1,SB", "202 BH/C1,XYZ").replace("042 2026/02/28", "042 soon")
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": unknown}, slug="u"), "u")
    assert event is not None and not problems.errors
    assert [(p.line, p.message) for p in problems.warnings] == [
        (2, 'the start date "soon" (record 042) is not a date: it is not used'),
        (4, "record 202 lists tie-breaks crosstable does not know (XYZ): the list is not used"),
    ]
    assert (event.config.start, event.tiebreaks) == (None, ())
    # A known code with a modifier it does not take is not "unknown": the reason is given.
    refused = trf.replace("202 BH/C1,SB", "202 BH/C1/M1,SB")
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": refused}, slug="m"), "m")
    assert event is not None and [(p.line, p.message) for p in problems.warnings] == [
        (
            4,
            'record 202 lists tie-breaks crosstable cannot use ("BH/C1/M1": a cut and a median '
            "cannot go together (a median cuts already)): the list is not used",
        )
    ]


def test_a_scoring_the_file_declares_must_be_the_events(make_site: SiteMaker) -> None:
    """A 3-1-0 file (JaVaFo's XXS, TRF-26's 162 as crosstable writes it) read with the
    event's 1-½-0 would give other points and another order: an error on the record's line,
    whose hint is the setting to add. With that setting the file reads."""
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    declared = {"XXS": ("win 3, draw 1", "win = 3, draw = 1")}
    declared["162"] = ("win 3, draw 1, loss 0", "win = 3, draw = 1, loss = 0")
    for record in ("XXS W=3 D=1", "162  W 3.0    D 1.0    L 0.0"):
        words, setting = declared[record[:3]]
        trf = "\n".join(["012 Three", "XXR 1", record, *rows])
        slug = record[:3].lower()
        _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, slug=slug), slug)
        (error,) = problems.errors
        assert (error.line, error.message) == (
            3,
            f"the file scores {words} (record {record[:3]}), but the event scores win 1, "
            "draw ½, loss 0",
        )
        assert error.hint == f"set the scoring in event.toml: [scoring] {setting}"
        three = _event_toml(rounds=1, extra="[scoring]\nwin = 3.0\ndraw = 1.0\n")
        event, problems = load(make_site(three, {"event.trf": trf}, slug=slug + "3"), slug + "3")
        assert event is not None and not problems.items, [p.format() for p in problems.items]


def test_a_bye_the_file_scores_otherwise_than_crosstable_is_refused(make_site: SiteMaker) -> None:
    """TRF-26's record 162 may also score the pairing-allocated bye (P) and an absence or
    forfeit loss (A), JaVaFo's XXS the byes and forfeits one by one. crosstable scores a
    pairing-allocated bye as a win and an absence as nothing: a 3-1-0 file whose bye is
    worth a draw's 1 point gave player 3 a win's 3 instead, with nothing said. Now an error
    on the record's line; the same values as crosstable's (P 3.0, A 0.0) read."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "1")),
        line(2, "B, B", 1900, (1, "b", "0")),
        line(3, "C, C", 1800, (0, "-", "U")),
    ]
    three = _event_toml(rounds=1, extra="[scoring]\nwin = 3.0\ndraw = 1.0\n")
    cases = {
        "162  W 3.0    D 1.0    L 0.0    P 1.0": (
            "a pairing-allocated bye 1 (record 162, P), but crosstable scores it as a win, 3"
        ),
        "162  W 3.0    D 1.0    L 0.0    A 1.0": (
            "an absence or a forfeit loss 1 (record 162, A), but crosstable scores it as nothing, 0"
        ),
        "XXS W=3 D=1 HPB=1.5": "a half-point bye 1½ (record XXS, HPB), but crosstable scores "
        "it as a draw, 1",
    }
    for index, (record, words) in enumerate(cases.items()):
        trf = "\n".join(["012 Three", "XXR 1", record, *rows])
        slug = f"bye{index}"
        _, problems = load(make_site(three, {"event.trf": trf}, slug=slug), slug)
        (error,) = problems.errors
        assert (error.line, error.message) == (
            3,
            f"the file scores {words}: the standings would not be the pairing program's",
        )
    same = "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"
    trf = "\n".join(["012 Three", "XXR 1", same, *rows])
    event, problems = load(make_site(three, {"event.trf": trf}, slug="same"), "same")
    assert event is not None and not problems.items, [p.format() for p in problems.items]


def test_bbp_pairings_scoring_records_must_be_the_events(make_site: SiteMaker) -> None:
    """bbpPairings (and tools built on it) declare a scoring one value a line: BBW a win, BBD
    a draw, BBL a loss, BBZ a zero-point bye, BBF a forfeit win, BBU the pairing's bye. A
    3-1-0 file (BBW 3.0, BBD 1.0) was read with the event's 1-1/2-0 without a word, the
    points of every player the file gives then "wrong" one by one: now one error, on the
    first record's line (2), naming both records and the whole setting to add. A pairing's
    bye scored as a draw (BBU 1.0 with BBW 3.0) is refused on its own line (4), as XXS's PAB
    is; the file whose records are crosstable's scoring reads without a word."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "1")),
        line(2, "B, B", 1900, (1, "b", "0")),
        line(3, "C, C", 1800, (0, "-", "U")),
    ]
    trf = "\n".join(["012 Three", "BBW  3.0", "BBD  1.0", "XXR 1", *rows])
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, slug="a"), "a")
    (error,) = problems.errors
    assert (error.line, error.message, error.hint) == (
        2,
        "the file scores win 3, draw 1 (records BBW and BBD), but the event scores win 1, "
        "draw ½, loss 0",
        "set the scoring in event.toml: [scoring] win = 3, draw = 1",
    )
    three = _event_toml(rounds=1, extra="[scoring]\nwin = 3.0\ndraw = 1.0\n")
    event, problems = load(make_site(three, {"event.trf": trf}, slug="b"), "b")
    assert event is not None and not problems.items, messages(problems)
    assert {n: r.points for n, r in player_records(event).items()} == {1: 3.0, 2: 0.0, 3: 3.0}
    half = "\n".join(["012 Three", "BBW  3.0", "BBD  1.0", "BBU  1.0", "XXR 1", *rows])
    _, problems = load(make_site(three, {"event.trf": half}, slug="c"), "c")
    (error,) = problems.errors
    assert (error.line, error.message) == (
        4,
        "the file scores a pairing-allocated bye 1 (record BBU), but crosstable scores it as "
        "a win, 3: the standings would not be the pairing program's",
    )
    every = ["BBW  1.0", "BBD  0.5", "BBL  0.0", "BBZ  0.0", "BBF  1.0", "BBU  1.0"]
    trf = "\n".join(["012 One", *every, "XXR 1", *rows])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, slug="d"), "d")
    assert event is not None and not problems.items, messages(problems)


def test_points_adjusted_outside_the_games_are_refused(make_site: SiteMaker) -> None:
    """TRF-26's record 299 adds points no game or bye gives: the standings could not be the
    pairing program's, so the file is refused on that line."""
    trf = "\n".join(
        [
            "012 Bonus",
            "XXR 1",
            "299           2.0    1    2",
            line(1, "A, A", 2000, (2, "w", "1")),
            line(2, "B, B", 1900, (1, "b", "0")),
        ]
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    (error,) = problems.errors
    assert error.line == 3 and error.message.startswith("record 299 adds or takes away points")


def test_short_title_codes_are_the_titles(make_site: SiteMaker) -> None:
    """TRF-16 files from Swiss-Manager write titles as g, m, wg ...: shown as GM, IM, WGM."""
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    rows = [rows[0][:10] + "  m" + rows[0][13:], rows[1][:10] + " wg" + rows[1][13:]]
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": "\n".join(rows)}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [p.title for p in event.players] == ["IM", "WGM"]


def test_a_game_without_colours_and_a_player_paired_with_themself_are_named(
    make_site: SiteMaker,
) -> None:
    """Both lines agree on a forfeit but give no colours: said once, for the game, and not as
    two entries that disagree. A player paired with themself is said as such."""
    trf = "\n".join(
        [
            line(1, "A, A", 2000, (2, "-", "+")),
            line(2, "B, B", 1900, (1, "-", "-")),
            line(3, "C, C", 1800, (3, "w", "1")),
        ]
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(p.line, p.message) for p in problems.errors] == [
        (1, "column 97: round 1, the game of players 1 and 2 has no colours (- and -)"),
        (3, "column 92: player 3 is paired with themself in round 1"),
    ]


def test_a_trf_name_with_a_direction_override_is_an_error_on_its_line(
    make_site: SiteMaker,
) -> None:
    trf = "\n".join(
        [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, \u202eB", 1900, (1, "b", "0"))]
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    (error,) = problems.errors
    assert error.line == 2 and "invisible direction control" in error.message


def test_a_player_a_category_needs_data_of_is_named_on_the_trf_line(
    make_site: SiteMaker,
) -> None:
    """An Under 12 category and a TRF without birth dates: each error is on the player's
    001 line (lines 3 and 4), where the date goes, not on event.toml without a line."""
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    trf = "\n".join(["012 Ages", "XXR 1", *rows])
    extra = 'start = 2026-01-10\n[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
    site = make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf}, slug="ages")
    report = build_site(site)
    found = [(p.path and p.path.name, p.line, p.message) for p in report.problems.errors]
    assert found == [
        ("event.trf", 3, "A, A has no born or birth_year, which the categories U12 need"),
        ("event.trf", 4, "B, B has no born or birth_year, which the categories U12 need"),
    ]


# -- export -> import: an organiser's event comes back from its tournament.trf ----------------

ALPHA, BRAVO, CHARLIE, DELTA = "Alpha, Anna", "Bravo, Bea", "Charlie, Carl", "Delta, Dora"
ECHO = "Echeverria-Longbottom, Maximiliane Evangeline"  # 45 characters: TRF holds 33
FOXTROT = "Foxtrot, Finn"
ROUND_TRIP_PLAYERS = "".join(
    f'[[players]]\nname = "{n}"\n\n' for n in (ALPHA, BRAVO, CHARLIE, DELTA, ECHO, FOXTROT)
)
ROUND_TRIP_TOML = f"""
name = "Round Trip Open"
format = "swiss"
rounds = 4
start = 2025-06-01
end = 2025-06-04
tiebreaks = ["WIN", "REP", "BH"]

{ROUND_TRIP_PLAYERS}[[results]]
round = 1
white = "{ECHO}"
black = "{FOXTROT}"
result = "+-"

[[results]]
round = 2
white = "{FOXTROT}"
black = "{DELTA}"
result = "--"

[[byes]]
round = 2
player = "{BRAVO}"
points = 0.5

[[byes]]
round = 2
player = "{CHARLIE}"
points = 1
pairing_allocated = false

[[byes]]
round = 3
player = "{DELTA}"
points = 1
pairing_allocated = true

[[byes]]
round = 4
player = "{BRAVO}"
points = 0

[[withdrawals]]
player = "{FOXTROT}"
after_round = 2
"""
ROUND_TRIP_PGN = "".join(
    pgn_game(round_tag, white, black, result, "1. e4 e5")
    for round_tag, white, black, result in (
        ("1.1", ALPHA, BRAVO, "1-0"),
        ("1", CHARLIE, DELTA, "1/2-1/2"),  # no board: the lowest free one, 2
        ("2.1", ALPHA, ECHO, "1-0"),
        ("3.1", CHARLIE, ALPHA, "0-1"),
        ("3.2", BRAVO, ECHO, "1/2-1/2"),
        ("4.1", DELTA, ALPHA, "1/2-1/2"),
        ("4.2", ECHO, CHARLIE, "1/2-1/2"),
    )
)


def _outcome(event: Event) -> tuple[object, ...]:
    """What the round trip must keep: standings with their tie-break values, the games (TRF
    has no boards: as sets per round), byes and withdrawals."""
    standings = rank(event, player_records(event))
    return (
        [(r.player.number, r.place, r.points, r.tiebreaks) for r in standings.rows],
        sorted((g.round, g.white, g.black, g.result) for g in event.games),
        [(b.round, b.player, b.points, b.pairing_allocated) for b in event.byes],
        [(p.number, p.withdrawn_after) for p in event.players],
    )


def test_an_exported_event_reads_back_the_same(make_site: SiteMaker) -> None:
    """An event with a pairing-allocated bye, a full-point bye given, a half- and a zero-point
    bye, a forfeit, a double forfeit, a withdrawal, games without a board and a name longer
    than TRF's field, built from event.toml and PGN, exported as tournament.trf and read back
    (``trf = "tournament.trf"``, the PGN files for the moves): the same event.

    By hand (FIDE C.07 of August 2024, the event starting in 2025). Scores: Alpha 1 1 1 ½ =
    3.5; Charlie ½, F 1, 0, ½ = 2; Echo + 1, 0, ½, ½ = 2; Delta ½, -- 0, U 1, ½ = 2; Bravo 0,
    H ½, ½, Z 0 = 1; Foxtrot forfeit and double forfeit losses, then withdrew: 0.
    WIN (7.1, with or without playing): Charlie (F), Echo (+), Delta (U) 1 each. REP (7.6):
    4 rounds less half- and zero-point byes and forfeit losses: Charlie 4, Echo 4, Delta 3
    (the double forfeit), so Delta is 4th. BH: Charlie D 2 + own bye, a dummy on his own 2 +
    A 3.5 + E 2 = 9.5; Echo own forfeit win, dummy 2 + A 3.5 + B 1.5 (adjusted, 16.3: the
    last-round zero-point bye counts as a draw) + C 2 = 9.0: Charlie 2nd, Echo 3rd."""
    site = make_site(ROUND_TRIP_TOML, {"games.pgn": ROUND_TRIP_PGN})
    report = build_site(site)
    assert report.written and not report.problems.items, messages(report.problems)
    exported = (site / "output" / "ev" / "tournament.trf").read_text(encoding="utf-8")
    original, _ = load(site)
    assert original is not None
    ranked = _outcome(original)[0]
    assert ranked == [
        (1, "1", 3.5, {"WIN": 3, "REP": 4, "BH": 7.5}),
        (3, "2", 2.0, {"WIN": 1, "REP": 4, "BH": 9.5}),
        (5, "3", 2.0, {"WIN": 1, "REP": 4, "BH": 9.0}),
        (4, "4", 2.0, {"WIN": 1, "REP": 3, "BH": 9.5}),
        (2, "5", 1.0, {"WIN": 0, "REP": 2, "BH": 7.5}),
        (6, "6", 0.0, {"WIN": 0, "REP": 0, "BH": 0.0}),
    ]
    # the codes TRF-16 gives each round (a comment line names what it cannot hold)
    rows = {int(row[4:8]): row for row in exported.splitlines() if row.startswith("001")}
    assert rows[6].endswith("   5 b -     4 w -")  # the line stops: withdrew after round 2
    assert rows[3][101:109] == "0000 - F" and rows[4][111:119] == "0000 - U"
    assert rows[2][101:109] == "0000 - H" and rows[2][121:129] == "0000 - Z"
    assert rows[5][14:47] == ECHO[:33]
    after = exported.splitlines()
    assert after[after.index("XXR 4") :][:2] == [
        "XXR 4",
        f"### player 5 ({ECHO[:33]}): the full name, longer than the 33 columns of the name "
        f'field, is "{ECHO}"',
    ]

    toml = 'name = "Round Trip Open"\nformat = "swiss"\nrounds = 4\ntrf = "tournament.trf"\n'
    files = {"tournament.trf": exported, "games.pgn": ROUND_TRIP_PGN}
    again, problems = load(make_site(toml, files, slug="again"), "again")
    assert again is not None and not problems.items, messages(problems)
    assert _outcome(again) == _outcome(original)
    assert (again.config.start, again.tiebreaks) == (original.config.start, original.tiebreaks)
    # the PGN files found every player, Echo by the full name the TRF's field cut
    assert [(g.round, g.board, g.plies) for g in again.games] == [
        (g.round, g.board, g.plies) for g in original.games
    ]
    assert sorted(g.plies for g in again.games) == [0, 0] + [2] * 7
    assert again.player(5).name == ECHO[:33]

    # event.toml gives the full name back, and a reason for the withdrawal
    extra = (
        f'[[players]]\nname = "{ECHO}"\n\n[[players]]\nname = "{FOXTROT}"\n\n'
        f'[[withdrawals]]\nplayer = "{FOXTROT}"\nafter_round = 2\nreason = "Illness"\n'
    )
    named, problems = load(make_site(toml + extra, files, slug="named"), "named")
    assert named is not None and not problems.items, messages(problems)
    assert _outcome(named) == _outcome(original)
    assert named.player(5).name == ECHO
    assert named.player(6).withdrawal_reason == "Illness"


def test_aliases_go_into_comment_lines_and_read_back(make_site: SiteMaker) -> None:
    """TRF has no field for a player's other spellings: the export gives each alias in a
    comment line, and the import adds them back, so that PGN games spelling a name so still
    find the player (before, the read-back event called them unknown players). An alias
    that is the name normalised ("bravo , bea") or the name the field holds (Echo's cut at
    33 columns) is not written: the import finds the player by it anyway. Without aliases
    the file is the same, byte for byte, less those lines."""
    aliased = ROUND_TRIP_TOML.replace(
        f'name = "{BRAVO}"\n',
        f'name = "{BRAVO}"\naliases = ["Bravo, B.", "bravo , bea", "Bea Bravo"]\n',
    ).replace(f'name = "{ECHO}"\n', f'name = "{ECHO}"\naliases = ["{ECHO[:33]}", "Echo, M."]\n')
    games = ROUND_TRIP_PGN.replace(f'[Black "{BRAVO}"]', '[Black "Bravo, B."]').replace(
        f'[White "{BRAVO}"]', '[White "Bea Bravo"]'
    )
    assert games.count("Bravo, B.") == 1 and games.count("Bea Bravo") == 1
    original, problems = load(make_site(aliased, {"games.pgn": games}))
    assert original is not None and not problems.items, messages(problems)
    exported = _exported(original)
    notes = [row[4:] for row in exported.splitlines() if row.startswith("### ")]
    assert notes == [
        f"player 5 ({ECHO[:33]}): the full name, longer than the 33 columns of the name "
        f'field, is "{ECHO}"',
        "player 6 (Foxtrot, Finn) withdrew after round 2: the rounds after it are not on the "
        "line (not paired)",
        'player 2 (Bravo, Bea): the name is also written "Bravo, B."',
        'player 2 (Bravo, Bea): the name is also written "Bea Bravo"',
        f'player 5 ({ECHO[:33]}): the name is also written "Echo, M."',
    ]
    plain, problems = load(
        make_site(ROUND_TRIP_TOML, {"games.pgn": ROUND_TRIP_PGN}, "plain"), "plain"
    )
    assert plain is not None and not problems.items, messages(problems)
    without = [row for row in exported.split("\r\n") if "also written" not in row]
    assert "\r\n".join(without) == _exported(plain)

    toml = 'name = "Round Trip Open"\nformat = "swiss"\nrounds = 4\ntrf = "tournament.trf"\n'
    files = {"tournament.trf": exported, "games.pgn": games}
    again, problems = load(make_site(toml, files, slug="again"), "again")
    assert again is not None and not problems.items, messages(problems)
    assert again.player(2).aliases == ("Bravo, B.", "Bea Bravo")
    assert again.player(5).aliases == ("Echo, M.",)
    assert _outcome(again) == _outcome(original)
    # [[players]] adds its own aliases to the file's, each spelling once
    extra = f'[[players]]\nname = "{BRAVO}"\naliases = ["B. Bravo", "bravo, b."]\n'
    named, problems = load(make_site(toml + extra, files, slug="named"), "named")
    assert named is not None and not problems.items, messages(problems)
    assert named.player(2).aliases == ("B. Bravo", "bravo, b.", "Bea Bravo")


def test_an_alias_comment_line_that_finds_no_player_or_two_is_an_error(
    make_site: SiteMaker,
) -> None:
    """A comment line giving another player's name as an alias would find two players, and
    one for a start number no line has finds none: the lines were renumbered or edited since
    the export wrote it. An error on the comment line, not a guess."""
    trf = "\n".join(
        [
            "012 Aliases",
            "XXR 1",
            '### player 1\'s name is also written "A., Anna"',
            '### player 2\'s name is also written "alpha , anna"',
            '### player 7\'s name is also written "Golf, G."',
            '### player 2\'s name is also written "A., Anna"',
            line(1, "Alpha, Anna", 2000, (2, "w", "1")),
            line(2, "Bravo, Bob", 1900, (1, "b", "0")),
        ]
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(p.line, p.message, p.hint) for p in problems.errors] == [
        (
            4,
            'this comment line gives "alpha , anna" as another spelling of player 2\'s name '
            "(Bravo, Bob), but it is player 1's (Alpha, Anna)",
            "every name and alias must belong to exactly one player: correct the comment line "
            "or remove it",
        ),
        (
            5,
            'this comment line gives "Golf, G." as another spelling of player 7\'s name, but no '
            "line has start number 7",
            "correct the start number in the comment line, or remove it",
        ),
        (
            6,
            'this comment line gives "A., Anna" as another spelling of player 2\'s name '
            "(Bravo, Bob), but it is player 1's (Alpha, Anna)",
            "every name and alias must belong to exactly one player: correct the comment line "
            "or remove it",
        ),
    ]
    assert all(p.path is not None and p.path.name == "event.trf" for p in problems.errors)


def test_a_bye_asked_for_a_later_round_reads_back_without_an_absence_before_it(
    make_site: SiteMaker,
) -> None:
    """A Swiss of 4 players and 4 rounds, 2 played; D asked for a half-point bye in round 4,
    and round 3 is not paired yet. The export writes D's round 3 blank (not played yet) and
    round 4 ``0000 - H``; read back, D has the one bye, in round 4, and no zero-point bye in
    round 3 (a blank round was read as ``Z``, TRF-16's "blank equivalent to Z": an absence
    the organiser never recorded). A blank round up to the last one played is still ``Z``
    (``test_a_line_that_stops_before_a_played_round_is_a_withdrawal``). Found by the
    round-trip property test (seed 3)."""
    toml = event_toml(
        '\n[[byes]]\nround = 4\nplayer = "Delta, Dora"\npoints = 0.5\n', format="swiss", rounds=4
    )
    games = [
        ("1", "Alpha, Anna", "Bravo, Bob", "1-0"),
        ("1", "Charlie, Carl", "Delta, Dora", "1/2-1/2"),
        ("2", "Delta, Dora", "Alpha, Anna", "0-1"),
        ("2", "Bravo, Bob", "Charlie, Carl", "1/2-1/2"),
    ]
    site = make_site(toml, {"games.pgn": "".join(pgn_game(*g) for g in games)})
    original, problems = load(site)
    assert original is not None and not problems.items, messages(problems)
    exported = _exported(original)
    (delta,) = [row for row in exported.splitlines() if row.startswith("001    4")]
    assert delta[91:] == "   3 b =     1 w 0            0000 - H"
    back = 'name = "T"\nformat = "swiss"\nrounds = 4\ntrf = "event.trf"\n'
    again, problems = load(make_site(back, {"event.trf": exported}, "again"), "again")
    assert again is not None and not problems.items, messages(problems)
    assert [(b.round, b.player, b.points) for b in again.byes] == [(4, 4, 0.5)]


def test_a_withdrawal_the_line_cannot_show_reads_back_from_its_comment_line(
    make_site: SiteMaker,
) -> None:
    """A round robin of 4 (3 rounds): Delta withdrew after round 1, and forfeited round 2 to
    Charlie (-+), so Delta's line cannot stop after round 1: the export writes round 2 as the
    forfeit, round 3 as ``0000 - Z``, and says so in a comment line. Read back, the comment
    is the withdrawal: Delta withdrew after round 1, with no zero-point bye (the withdrawal
    is the absence), so Bravo, Delta's round 3 opponent, sits it out, and the event is
    finished. (It read back without the withdrawal: Bravo "has no game and no bye in round
    3", Bravo and Delta "have not played each other", and the standings stayed provisional.)
    Scores by hand: Charlie 1/2 + 1 + 1/2 = 2, Alpha 1 + 0 + 1/2 = 1.5, Bravo 1/2 + 1 = 1.5,
    Delta 0. Found by the round-trip property test (seed 5)."""
    toml = event_toml(
        '\n[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 1\n'
        '\n[[results]]\nround = 2\nwhite = "Delta, Dora"\nblack = "Charlie, Carl"\n'
        'result = "-+"\n'
    )
    games = [
        ("1", "Alpha, Anna", "Delta, Dora", "1-0"),
        ("1", "Bravo, Bob", "Charlie, Carl", "1/2-1/2"),
        ("2", "Alpha, Anna", "Bravo, Bob", "0-1"),
        ("3", "Charlie, Carl", "Alpha, Anna", "1/2-1/2"),
    ]
    site = make_site(toml, {"games.pgn": "".join(pgn_game(*g) for g in games)})
    original, problems = load(site)
    assert original is not None and not problems.items, messages(problems)
    assert original.finished
    exported = _exported(original)
    rows = exported.splitlines()
    assert rows[rows.index("XXR 3") + 1].startswith(
        "### player 4 (Delta, Dora) withdrew after round 1; TRF has no record of a withdrawal"
    )
    (delta,) = [row for row in rows if row.startswith("001    4")]
    assert delta[91:] == "   1 b 0     3 w -  0000 - Z"
    back = 'name = "T"\nformat = "round-robin"\nrounds = 3\ntrf = "event.trf"\n'
    again, problems = load(make_site(back, {"event.trf": exported}, "again"), "again")
    assert again is not None and not problems.items, messages(problems)
    assert [p.withdrawn_after for p in again.players] == [None, None, None, 1]
    assert (again.byes, again.unpaired, again.unplayed_pairs) == ((), {}, ())
    assert again.finished
    ranked = rank(again, player_records(again))
    assert [(r.player.number, r.points) for r in ranked.rows[::3]] == [(3, 2.0), (4, 0.0)]
    assert [r.points for r in ranked.rows[1:3]] == [1.5, 1.5]


def test_two_names_the_field_cuts_alike_read_back_by_the_comment_lines(
    make_site: SiteMaker,
) -> None:
    """Sisters "Echeverria-Longbottom, Maximiliane Anna" and "... Maximiliane Beatrix" share
    their first 33 characters, "Echeverria-Longbottom, Maximilian", all the name field
    holds: the export writes both lines with that name, and a comment line for each giving
    the full name. Read back, the two lines were "two players with one name", an error, even
    with [[players]] entries giving both names: crosstable could not read its own file. Now
    each takes the full name of its comment line, and the PGN games under the full names
    find them. Without the comment lines (a file edited by hand, another program's) the two
    are still one name, an error. Found with the round-trip property test."""
    anna = "Echeverria-Longbottom, Maximiliane Anna"
    beatrix = "Echeverria-Longbottom, Maximiliane Beatrix"
    assert anna[:33] == beatrix[:33] == "Echeverria-Longbottom, Maximilian"
    toml = 'name = "T"\nformat = "round-robin"\nrounds = 3\nstart = 2025-06-01\n' + "".join(
        f'[[players]]\nname = "{n}"\n' for n in (anna, beatrix, "C, C", "D, D")
    )
    pgn = pgn_game("1", anna, beatrix, "1-0", "1. e4 e5") + pgn_game("1", "C, C", "D, D", "0-1")
    original, problems = load(make_site(toml, {"games.pgn": pgn}))
    assert original is not None and not problems.items, messages(problems)
    exported = _exported(original)
    rows = exported.splitlines()
    assert [row[14:47] for row in rows if row.startswith("001")][:2] == [anna[:33]] * 2
    back = 'name = "T"\nformat = "round-robin"\nrounds = 3\ntrf = "event.trf"\n'
    full = "".join(f'[[players]]\nname = "{n}"\n' for n in (anna, beatrix))
    # the older form of the comment lines, without the name after the number, still read
    notes = iter(
        f"### player {n}'s name is longer than the 33 columns of the name field, which hold "
        f'"{anna[:33]}": the full name is "{whole}"'
        for n, whole in ((1, anna), (2, beatrix))
    )
    older = "\r\n".join(next(notes) if row.startswith("###") else row for row in rows)
    assert older.count("'s name is longer") == 2
    for slug, toml, trf in (
        ("plain", back, exported),
        ("named", back + full, exported),
        ("older", back, older),
    ):
        files = {"event.trf": trf, "games.pgn": pgn}
        again, problems = load(make_site(toml, files, slug), slug)
        assert again is not None and not problems.items, messages(problems)
        assert [p.name for p in again.players[:2]] == [anna, beatrix]
        sisters = again.games[0]
        assert (sisters.white, sisters.black, sisters.result, sisters.plies) == (1, 2, "1-0", 2)
    # Without the comment lines the 001 lines begin on line 7, after records 012 to XXR.
    hand = "\r\n".join(row for row in rows if not row.startswith("###"))
    _, problems = load(make_site(back, {"event.trf": hand}, "hand"), "hand")
    assert [e.message for e in problems.errors] == [
        f'columns 15-47: the name "{anna[:33]}" of player 2 is already used by player 1 (line 7)'
    ]


def test_a_long_name_typed_decomposed_is_cut_between_letters(make_site: SiteMaker) -> None:
    """ "Papadopoulou-Konstantinidou, Anaïs Marie" typed decomposed (NFD, as macOS writes it:
    "i" then U+0308 COMBINING DIAERESIS) is 41 code points; composed, 40 letters. The name
    field holds 33 letters: "Papadopoulou-Konstantinidou, " (29), then "Anaï", composed.
    Cut by code points, the field held "... Anai" and the diaeresis fell off: read back
    (names compare composed), "Anai" did not begin "Anaïs", so the PGN game under the full
    name named an unknown player, and the [[players]] entry someone not in the TRF file.
    Found with the round-trip property test."""
    typed = unicodedata.normalize("NFD", "Papadopoulou-Konstantinidou, Anaïs Marie")
    assert (len(typed), typed[32:34]) == (41, "i\u0308")
    toml = 'name = "T"\nformat = "round-robin"\nrounds = 3\nstart = 2025-06-01\n' + "".join(
        f'[[players]]\nname = "{n}"\n' for n in (typed, "B, B", "C, C", "D, D")
    )
    pgn = pgn_game("1", typed, "B, B", "1-0", "1. e4 e5") + pgn_game("1", "C, C", "D, D", "0-1")
    original, problems = load(make_site(toml, {"games.pgn": pgn}))
    assert original is not None and not problems.items, messages(problems)
    exported = _exported(original)
    rows = exported.splitlines()
    (first,) = [row for row in rows if row.startswith("001    1")]
    assert first[14:48] == "Papadopoulou-Konstantinidou, Ana\u00ef "
    back = 'name = "T"\nformat = "round-robin"\nrounds = 3\ntrf = "event.trf"\n'
    for slug, toml in (("plain", back), ("named", back + f'[[players]]\nname = "{typed}"\n')):
        files = {"event.trf": exported, "games.pgn": pgn}
        again, problems = load(make_site(toml, files, slug), slug)
        assert again is not None and not problems.items, messages(problems)
        game = again.games[0]
        assert (game.white, game.black, game.result, game.plies) == (1, 2, "1-0", 2)
    assert again.player(1).name == typed


def test_a_round_has_at_most_one_pairing_allocated_bye(make_site: SiteMaker) -> None:
    """TRF-16: ``U``, "pairing-allocated bye (at most once per round)": a second one in a
    round is named on its TRF line; in event.toml, ``pairing_allocated`` of a bye that is not
    worth a point is refused too (a half-point bye is requested, never the pairing's)."""
    trf = "\n".join(
        [
            line(1, "A, A", 2000, (2, "w", "1")),
            line(2, "B, B", 1900, (1, "b", "0")),
            line(3, "C, C", 1800, (0, "-", "U")),
            line(4, "D, D", 1700, (0, "-", "U")),
        ]
    )
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(e.path.name if e.path else None, e.line, e.message) for e in problems.errors] == [
        (
            "event.trf",
            4,
            "column 92: round 1 has a second pairing-allocated bye (C, C has one): a round "
            "has at most one, for the odd player out",
        )
    ]
    extra = (
        '[[players]]\nname = "A, A"\n\n[[byes]]\nround = 1\nplayer = "A, A"\npoints = 0.5\n'
        "pairing_allocated = true\n"
    )
    _, problems = load(make_site(_event_toml(rounds=1, extra=extra), slug="half"), "half")
    assert [(e.line, e.message) for e in problems.errors] == [
        (
            12,
            "byes[1].pairing_allocated: only a one-point bye is pairing-allocated or given, "
            "but this bye scores 0.5",
        )
    ]


def test_a_name_cut_where_its_33rd_character_is_a_space_finds_its_player(
    make_site: SiteMaker,
) -> None:
    """TRF-16 gives the name columns 15-47, 33 characters; "Echeverria-Longbottom, Ana Maria
    Evangeline" (43) is cut to "Echeverria-Longbottom, Ana Maria " (22 + 4 + 6 = 32 letters,
    then the space before "Evangeline"), which reads back as the 32 characters without the
    field's trailing space. The PGN games under the full name, and a [[players]] entry giving
    it, still find player 1, exactly as for a cut that ends on a letter. A 32-character name
    that another name continues without a space ("... Christoph" of "... Christopher") is not
    a cut: that game's name stays unknown."""
    long_name = "Echeverria-Longbottom, Ana Maria Evangeline"
    assert long_name[32] == " " and len(long_name[:33].rstrip()) == 32
    short = "Smith-Jones, Alexander Christoph"  # 32 characters, a name of its own
    assert len(short) == 32
    trf = "\n".join(
        [
            line(1, long_name[:33], 1800, (2, "w", "1"), (3, "b", "=")),
            line(2, "Bravo, Bea", 1700, (1, "b", "0"), (4, "b", "1")),
            line(3, short, 1600, (4, "w", "1"), (1, "w", "=")),
            line(4, "Delta, Dora", 1500, (3, "b", "0"), (2, "w", "0")),
        ]
    )
    pgn = pgn_game("1.1", long_name, "Bravo, Bea", "1-0", "1. e4 e5") + pgn_game(
        "2.1", short, long_name, "1/2-1/2", "1. d4 d5"
    )
    files = {"event.trf": trf, "games.pgn": pgn}
    event, problems = load(make_site(_event_toml(rounds=2), files))
    assert event is not None and not problems.items, messages(problems)
    assert event.player(1).name == "Echeverria-Longbottom, Ana Maria"
    assert [(g.round, g.white, g.black, g.plies) for g in event.games] == [
        (1, 1, 2, 2),
        (1, 3, 4, 0),
        (2, 3, 1, 2),
        (2, 4, 2, 0),
    ]

    extra = f'[[players]]\nname = "{long_name}"\nsex = "F"\n'
    named, problems = load(make_site(_event_toml(rounds=2, extra=extra), files, "named"), "named")
    assert named is not None and not problems.items, messages(problems)
    assert (named.player(1).name, named.player(1).sex) == (long_name, "F")

    longer = pgn_game("2.1", short + "er", long_name, "1/2-1/2", "1. d4 d5")
    _, problems = load(make_site(_event_toml(rounds=2), {**files, "games.pgn": longer}, "x"), "x")
    assert [e.message.split(" in round")[0] for e in problems.errors] == [
        'unknown white player "Smith-Jones, Alexander Christopher"'
    ]


def test_a_windows_1251_trf_with_crlf_reads_its_cyrillic_names(make_site: SiteMaker) -> None:
    """Swiss-Manager on a Bulgarian Windows writes Windows-1251 with CRLF line ends. Its names
    must be the names event.toml and the PGN games write ("Иванов, Петър"), not what the same
    bytes are in Windows-1252 ("Èâàíîâ, Ïåòúð"), which matched no entry of event.toml."""
    trf = "\r\n".join(
        [
            "012 Държавно първенство",
            "XXR 1",
            line(1, "Иванов, Петър", 2105, (2, "w", "1")),
            line(2, "Щерев, Юлиян", 0, (1, "b", "0")),
            "",
        ]
    )
    site = make_site(_event_toml(rounds=1, extra='[[players]]\nname = "Щерев, Юлиян"\nsex = "M"\n'))
    (site / "content" / "ev" / "event.trf").write_bytes(trf.encode("cp1251"))
    event, problems = load(site)
    assert event is not None and not problems.errors, messages(problems)
    assert [p.name for p in event.players] == ["Иванов, Петър", "Щерев, Юлиян"]
    assert event.config.name == "T"
    assert [(g.white, g.black, g.result) for g in event.games] == [(1, 2, "1-0")]


def test_a_players_entry_spelt_as_the_pgn_does_is_pointed_to_the_trfs_spelling(
    make_site: SiteMaker,
) -> None:
    """An organiser copies the broadcast's "Ivanov, Petar" into [[players]] to add a birth
    date, while the TRF writes "Иванов, Петър": the error named no way out. In Latin letters
    the two are one name, so the hint gives the TRF's spelling; a name like no TRF player's
    is told where the TRF's names are."""
    trf = "\n".join(
        [line(1, "Иванов, Петър", 2105, (2, "w", "1")), line(2, "Щерев, Юлиян", 0, (1, "b", "0"))]
    )
    extra = '[[players]]\nname = "Ivanov, Petar"\nborn = 2012-05-03\n'
    _, problems = load(make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf}))
    (error,) = problems.errors
    assert error.hint == (
        'the TRF file spells it "Иванов, Петър"? Give that as name (your spelling can go in '
        "aliases)"
    )
    extra = '[[players]]\nname = "Zed, Z"\n'
    site = make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf}, slug="zed")
    _, problems = load(site, "zed")
    (error,) = problems.errors
    assert error.hint == "write the name as the TRF file does (columns 15-47 of its 001 lines)"


def test_a_trf_file_named_in_other_letter_cases_is_named_as_it_is(make_site: SiteMaker) -> None:
    """Swiss-Manager saved "Турнир.TRF"; event.toml says trf = "турнир.trf", which Windows
    and macOS find and GitHub's Linux does not. The error was "cannot read the TRF file: No
    such file or directory" on the missing file's path, with "check the trf key"; it is now
    on the trf line, with the name to write. Without a file of that name, the TRF files
    there are listed."""
    toml = 'name = "T"\nformat = "swiss"\nrounds = 1\ntrf = "турнир.trf"\n'
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    site = make_site(toml, {"Турнир.TRF": trf, "old.trf": trf})
    _, problems = load(site)
    (error,) = problems.errors
    assert (error.path, error.line) == (site / "content/ev/event.toml", 4)
    assert error.message == 'trf = "турнир.trf": the event\'s folder has no such file'
    assert error.hint == 'file names are case-sensitive: write trf = "Турнир.TRF"'
    (site / "content/ev/Турнир.TRF").unlink()
    _, problems = load(site)
    (error,) = problems.errors
    assert error.hint == 'the folder holds "old.trf": name one of them'


def test_a_trf_birth_year_alone_is_said_in_the_trfs_terms(make_site: SiteMaker) -> None:
    """Swiss-Manager writes an unknown birthday "2014/00/00". Where the day decides Under 12
    (on 1 January 2026 a player of 2014 is 11 or 12), the warning said "has only birth_year =
    2014" and "add born = ... to A's [[players]]", a key and an entry the organiser never
    wrote; it now names the TRF's date and both ways to give the day."""
    first = line(1, "A, A", 2000, (2, "w", "1"))
    first = first[:69] + "2014/00/00" + first[79:]
    trf = first + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    extra = (
        'start = 2026-04-05\n[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
        '[[players]]\nname = "B, B"\nborn = 2010-01-01\n'
    )
    site = make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf})
    report = build_site(site)
    (warning,) = [p for p in report.problems.warnings if p.code == "birthday-unknown"]
    assert (warning.path, warning.line) == (site / "content/ev/event.trf", 1)
    assert warning.message == (
        "A, A: the TRF file gives only the year of birth, 2014; on 2026-01-01 they are 11 or "
        "12 depending on the birthday, so they count as not in Under 12 (as if born on "
        "1 January)"
    )
    assert warning.hint == (
        "give the full birth date on the TRF line, or add born = YYYY-MM-DD to a [[players]] "
        'entry with name = "A, A" in event.toml'
    )


@pytest.mark.parametrize(
    ("date", "reference", "born", "under_12", "warned"),
    [
        # On 1 January 2026 a player of January 2014 is 12 if born on the 1st, 11 if born
        # on the 2nd to the 31st: the day decides. Counted as born on the 1st (the oldest
        # they can be), as a year alone counts as 1 January, and said.
        (
            "2014/01/00",
            "",
            "",
            False,
            "2026-01-01 they are 11 or 12 depending on the birthday, so they count as not in "
            "Under 12 (as if born on 1 January)",
        ),
        # July 2014: 11 on 1 January 2026 whatever the day; nothing to say.
        ("2014/07/00", "", "", True, ""),
        # On 15 July 2026: 12 if born on 1-15 July 2014, 11 if on 16-31 July.
        (
            "2014/07/00",
            "age_reference_date = 2026-07-15\n",
            "",
            False,
            "2026-07-15 they are 11 or 12 depending on the birthday, so they count as not in "
            "Under 12 (as if born on 1 July)",
        ),
        # event.toml gives the day: 20 July 2014 is 11 on 15 July 2026.
        ("2014/07/00", "age_reference_date = 2026-07-15\n", "born = 2014-07-20\n", True, ""),
    ],
)
def test_a_trf_birth_date_without_the_day_is_warned_about_where_the_day_decides(
    make_site: SiteMaker, date: str, reference: str, born: str, under_12: bool, warned: str
) -> None:
    """Pairing programs write "00" for an unknown day ("2014/07/00"); the 1st was taken, and
    a player whose day decided Under 12 was left out of it without a word, where a year
    alone ("2014/00/00") is warned about (README: "a birth date without the day")."""
    first = put(line(1, "A, A", 2000, (2, "w", "1")), 70, 79, date)
    trf = first + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    extra = (
        f'start = 2026-04-05\n{reference}[[categories]]\nid = "U12"\nname = "Under 12"\n'
        f'under = 12\n[[players]]\nname = "A, A"\n{born}[[players]]\nname = "B, B"\n'
        "born = 2010-01-01\n"
    )
    site = make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf})
    event, problems = load(site)
    assert event is not None and not problems.errors, messages(problems)
    assert categories.in_category(event, event.player(1), event.config.categories[0]) is under_12
    categories.check_categories(event, problems)
    found = [p for p in problems.warnings if p.code == "birthday-unknown"]
    if not warned:
        assert found == []
        return
    (warning,) = found
    assert (warning.path, warning.line) == (site / "content/ev/event.trf", 1)
    month = date[:7]
    assert warning.message == (
        f"A, A: the TRF file gives only the year and month of birth, {month}; on {warned}"
    )
    assert warning.hint == (
        "give the full birth date on the TRF line, or add born = YYYY-MM-DD to a [[players]] "
        'entry with name = "A, A" in event.toml'
    )


def test_a_birth_date_without_the_day_is_exported_without_it(make_site: SiteMaker) -> None:
    """Read as the 1st of July, "2014/07/00" was written back "2014/07/01": a day nobody gave,
    which read back decides Under 12 on 15 July 2026 without the warning. tournament.trf
    keeps the "00"; a year alone stays "2014/00/00"."""
    first = put(line(1, "A, A", 2000, (2, "w", "1")), 70, 79, "2014/07/00")
    second = put(line(2, "B, B", 1900, (1, "b", "0")), 70, 79, "2014/00/00")
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": f"{first}\n{second}"}))
    assert event is not None and not problems.errors, messages(problems)
    rows = [row for row in _exported(event).splitlines() if row.startswith("001")]
    assert [row[69:79] for row in rows] == ["2014/07/00", "2014/00/00"]


def test_a_birth_year_event_toml_gives_a_trf_player_is_said_as_event_toml_gives_it(
    make_site: SiteMaker,
) -> None:
    """The TRF line has no birth date at all; event.toml's [[players]] entry completing A
    gives birth_year = 2014. On 1 January 2026 A is 11 or 12 depending on the birthday: the
    warning names the birth_year key A's entry gives, not "the TRF file gives only the year
    of birth", which it does not."""
    trf = line(1, "A, A", 2000, (2, "w", "1")) + "\n" + line(2, "B, B", 1900, (1, "b", "0"))
    extra = (
        'start = 2026-04-05\n[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
        '[[players]]\nname = "A, A"\nbirth_year = 2014\n'
        '[[players]]\nname = "B, B"\nborn = 2010-01-01\n'
    )
    site = make_site(_event_toml(rounds=1, extra=extra), {"event.trf": trf})
    report = build_site(site)
    (warning,) = [p for p in report.problems.warnings if p.code == "birthday-unknown"]
    assert warning.message == (
        "A, A: birth_year = 2014 alone is given; on 2026-01-01 they are 11 or 12 depending "
        "on the birthday, so they count as not in Under 12 (as if born on 1 January)"
    )
    assert warning.hint == "add born = YYYY-MM-DD to A, A's [[players]]"


def test_a_withdrawal_comment_the_line_contradicts_is_an_error_on_the_comment_line(
    make_site: SiteMaker,
) -> None:
    """crosstable's export said Delta (player 4) withdrew after round 1 and wrote rounds 2
    and 3 as zero-point byes; the arbiter then typed in the two games Delta came back to
    play, and left the comment. The file says two things: the error is on the comment line
    (line 2), in the TRF's terms. It said "Delta, Dora withdrew after round 1 but plays in round
    3" against event.toml, with the hint "correct after_round in [[withdrawals]]", a key
    the organiser never wrote."""
    note = (
        "### player 4 withdrew after round 1; TRF has no record of a withdrawal, and the "
        "rounds on the line cannot show it (the rounds after it are not played yet): they "
        "are written as zero-point byes"
    )
    trf = "\n".join(
        [
            "012 T",
            note,
            line(1, "Alpha, Anna", 2000, (2, "w", "1"), (3, "w", "1"), (4, "b", "1")),
            line(2, "Bravo, Bob", 2000, (1, "b", "0"), (4, "w", "0"), (3, "b", "0")),
            line(3, "Charlie, Carl", 2000, (4, "w", "1"), (1, "b", "0"), (2, "w", "1")),
            line(4, "Delta, Dora", 2000, (3, "b", "0"), (2, "b", "1"), (1, "w", "0")),
        ]
    )
    event, problems = load(make_site(_event_toml(), {"event.trf": trf + "\n"}))
    assert event is None
    (error,) = problems.errors
    assert (error.path.name, error.line, error.code) == ("event.trf", 2, "trf")
    assert error.message == (
        "this comment line says player 4 (Delta, Dora) withdrew after round 1, but their "
        "line has results in rounds 2 and 3"
    )
    assert error.hint.startswith("if the player came back, remove the comment line")


# -- comment lines that name their player: a renumbering leaves them stale ---------------------

UNSHOWN_TAIL = (
    "; TRF has no record of a withdrawal, and the rounds on the line cannot show it (the "
    "rounds after it are not played yet): they are written as zero-point byes"
)
STOPPED_TAIL = ": the rounds after it are not on the line (not paired)"


def _renumbered(stopped: bool, note: str) -> str:
    """A Swiss of five, three rounds, after the arbiter swapped Charlie's and Delta's start
    numbers by hand: Delta, who withdrew after round 1, is player 3 now, Charlie player 4.
    Both missed rounds 2 and 3: written as absences (``Z``), or (``stopped``) both lines stop
    after round 1, as crosstable's export writes a withdrawal. ``note`` is the comment line
    the export wrote before the renumbering, about Delta as player 4."""
    gone = () if stopped else ((0, "-", "Z"), (0, "-", "Z"))
    return "\n".join(
        [
            "012 Renumbered",
            "XXR 3",
            note,
            line(1, "Alpha, Anna", 2000, (2, "w", "1"), (5, "w", "1"), (0, "-", "U")),
            line(2, "Bravo, Bob", 1900, (1, "b", "0"), (0, "-", "U"), (5, "w", "=")),
            line(3, "Delta, Dora", 1800, (4, "b", "0"), *gone),
            line(4, "Charlie, Carl", 1700, (3, "w", "1"), *gone),
            line(5, "Echo, Eve", 1600, (0, "-", "U"), (1, "b", "0"), (2, "b", "=")),
        ]
    )


@pytest.mark.parametrize(
    ("stopped", "tail"), [(False, UNSHOWN_TAIL), (True, STOPPED_TAIL)], ids=["z", "stop"]
)
def test_a_withdrawal_comment_left_by_a_renumbering_is_an_error_on_the_comment_line(
    make_site: SiteMaker, stopped: bool, tail: str
) -> None:
    """The comment says player 4 (Delta, Dora) withdrew after round 1, but player 4 is
    Charlie now. Read by its number alone, it made Charlie's two absences a withdrawal (or
    confirmed his line's early end, so that the ``trf-withdrawal`` warning was said of Delta
    instead), without a word. The name the comment gives tells: an error on the comment line
    (line 3), naming both players and where Delta is now."""
    trf = _renumbered(stopped, "### player 4 (Delta, Dora) withdrew after round 1" + tail)
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is None
    (error,) = problems.errors
    assert (error.path.name if error.path else None, error.line, error.code) == (
        "event.trf",
        3,
        "trf",
    )
    assert error.message == (
        "this comment line is about player 4 (Delta, Dora), but player 4 is Charlie, Carl "
        "(line 7), and Delta, Dora is player 3 now"
    )
    assert error.hint == (
        "if the comment still holds, write player 3 (Delta, Dora) in it; otherwise delete the "
        "comment line"
    )

    # Done as the hint says: Delta withdrew after round 1 (no byes after it); Charlie's
    # rounds are as his line says: two absences, or a withdrawal nothing confirms (said).
    fixed = trf.replace("### player 4 (Delta, Dora)", "### player 3 (Delta, Dora)")
    event, problems = load(make_site(_event_toml(), {"event.trf": fixed}, "fixed"), "fixed")
    assert event is not None and not problems.errors, messages(problems)
    assert event.player(3).withdrawn_after == 1
    assert [(b.round, b.points) for b in event.byes if b.player == 3] == []
    if stopped:
        assert event.player(4).withdrawn_after == 1
        assert [(w.code, w.line) for w in problems.warnings] == [("trf-withdrawal", 7)]
    else:
        assert event.player(4).withdrawn_after is None
        assert [(b.round, b.points) for b in event.byes if b.player == 4] == [(2, 0.0), (3, 0.0)]


def test_a_withdrawal_comment_of_the_older_form_is_read_by_its_number(
    make_site: SiteMaker,
) -> None:
    """Files written before comment lines named their player give the number alone: read as
    before, without the check (there is no name to check). So the comment about player 4
    makes Charlie, who has the number now, the one who withdrew: his absences are the
    withdrawal's, no zero-point byes, and Delta's stay zero-point byes. Where both lines
    stop, it confirms Charlie's end, and Delta's is the one said (line 6)."""
    trf = _renumbered(False, "### player 4 withdrew after round 1" + UNSHOWN_TAIL)
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is not None and not problems.items, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None, None, None, 1, None]
    assert [(b.round, b.points) for b in event.byes if b.player == 4] == []
    assert [(b.round, b.points) for b in event.byes if b.player == 3] == [(2, 0.0), (3, 0.0)]

    trf = _renumbered(True, "### player 4 withdrew after round 1" + STOPPED_TAIL)
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}, "stop"), "stop")
    assert event is not None and not problems.errors, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None, None, 1, 1, None]
    assert [(w.code, w.line) for w in problems.warnings] == [("trf-withdrawal", 6)]


def test_an_alias_comment_left_by_a_renumbering_is_an_error_on_the_comment_line(
    make_site: SiteMaker,
) -> None:
    """Alpha and Bravo swapped start numbers after the export gave Bravo's alias, "B. Bravo",
    for player 2. By its number alone the alias went to Alpha, and a PGN game of "B. Bravo"
    was Alpha's; the comment's name tells, and it is an error on the comment line. A comment
    about a start number no line has names its player too, and where they are now. The older
    form (number only) still gives the alias to whoever has the number."""
    players = [
        line(1, "Bravo, Bob", 1900, (2, "b", "0")),
        line(2, "Alpha, Anna", 2000, (1, "w", "1")),
    ]
    notes = [
        '### player 2 (Bravo, Bob): the name is also written "B. Bravo"',
        '### player 9 (Alpha, Anna): the name is also written "A. Alpha"',
        '### player 7 (Golf, Gina): the name is also written "G. Golf"',
    ]
    trf = "\n".join(["012 Aliases", "XXR 1", *notes, *players])
    _, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert [(p.line, p.message, p.hint) for p in problems.errors] == [
        (
            3,
            "this comment line is about player 2 (Bravo, Bob), but player 2 is Alpha, Anna "
            "(line 7), and Bravo, Bob is player 1 now",
            "if the comment still holds, write player 1 (Bravo, Bob) in it; otherwise delete "
            "the comment line",
        ),
        (
            4,
            "this comment line is about player 9 (Alpha, Anna), but no line has start number "
            "9, and Alpha, Anna is player 2 now",
            "if the comment still holds, write player 2 (Alpha, Anna) in it; otherwise delete "
            "the comment line",
        ),
        (
            5,
            "this comment line is about player 7 (Golf, Gina), but no line has start number 7, "
            "and no line has that name",
            "correct the start number and the name in the comment line, or delete it",
        ),
    ]

    # fixed as the hints say: each alias finds its player
    fixed = "\n".join(
        [
            '### player 1 (Bravo, Bob): the name is also written "B. Bravo"',
            '### player 2 (Alpha, Anna): the name is also written "A. Alpha"',
            *players,
        ]
    )
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": fixed}, "ok"), "ok")
    assert event is not None and not problems.items, messages(problems)
    assert (event.player(1).aliases, event.player(2).aliases) == (("B. Bravo",), ("A. Alpha",))

    # the older form: by the number, as before
    old = "\n".join(['### player 2\'s name is also written "B. Bravo"', *players])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": old}, "old"), "old")
    assert event is not None and not problems.items, messages(problems)
    assert (event.player(1).aliases, event.player(2).aliases) == ((), ("B. Bravo",))


GREEK = "Γεωργίου-Παπαδοπούλου, Αικατερίνη Μαρία"
"""39 letters: "Γεωργίου" 8, "-", "Παπαδοπούλου" 12, ", ", "Αικατερίνη" 10 fill the 33
columns of the name field exactly; " Μαρία" is cut."""
GREEK_HELD = "Γεωργίου-Παπαδοπούλου, Αικατερίνη"
CYRILLIC = "Георгиев, Никола"
HEBREW = "כהן, דוד"


def test_comment_lines_name_players_of_any_script_as_the_field_holds_them(
    make_site: SiteMaker,
) -> None:
    """A Greek name longer than the field (typed decomposed, as macOS writes it), a Cyrillic
    and a Hebrew one, each with an alias; the Hebrew player withdrew. The comment lines name
    each player as the name field holds the name: composed, the Greek one cut at 33 columns.
    Read back, every comment finds its player; with the Greek and Cyrillic players' numbers
    swapped, the Greek player's comments are errors naming the cut name."""
    assert len(GREEK_HELD) == 33 and GREEK.startswith(GREEK_HELD)
    decomposed = unicodedata.normalize("NFD", GREEK)
    assert decomposed != GREEK
    players = "".join(
        f'\n[[players]]\nname = "{name}"\naliases = ["{alias}"]\n'
        for name, alias in (
            (decomposed, "Georgiou, A."),
            (CYRILLIC, "Georgiev, N."),
            (HEBREW, "Cohen, D."),
        )
    )
    toml = (
        'name = "Scripts"\nformat = "round-robin"\nrounds = 3\nstart = 2025-06-01\n'
        + players
        + f'\n[[players]]\nname = "Delta, Dora"\n\n[[withdrawals]]\nplayer = "{HEBREW}"\n'
        "after_round = 1\n"
    )
    games = pgn_game("1", decomposed, "Delta, Dora", "1-0") + pgn_game("1", CYRILLIC, HEBREW, "1-0")
    games += pgn_game("2", decomposed, CYRILLIC, "1/2-1/2") + pgn_game(
        "3", "Delta, Dora", CYRILLIC, "0-1"
    )
    original, problems = load(make_site(toml, {"games.pgn": games}))
    assert original is not None and not problems.errors, messages(problems)
    exported = _exported(original)
    notes = [row for row in exported.splitlines() if row.startswith("###")]
    assert notes == [
        f"### player 1 ({GREEK_HELD}): the full name, longer than the 33 columns of the name "
        f'field, is "{GREEK}"',
        f"### player 3 ({HEBREW}) withdrew after round 1: the rounds after it are not on the "
        "line (not paired)",
        f'### player 1 ({GREEK_HELD}): the name is also written "Georgiou, A."',
        f'### player 2 ({CYRILLIC}): the name is also written "Georgiev, N."',
        f'### player 3 ({HEBREW}): the name is also written "Cohen, D."',
    ]

    back = 'name = "Scripts"\nformat = "round-robin"\nrounds = 3\ntrf = "event.trf"\n'
    again, problems = load(make_site(back, {"event.trf": exported}, "again"), "again")
    assert again is not None and not problems.items, messages(problems)
    assert [(p.name, p.aliases) for p in again.players[:3]] == [
        (GREEK_HELD, ("Georgiou, A.",)),
        (CYRILLIC, ("Georgiev, N.",)),
        (HEBREW, ("Cohen, D.",)),
    ]
    assert again.player(3).withdrawn_after == 1

    # players 1 and 2 swapped on their lines (the opponents' numbers too), comments left
    rows = exported.split("\r\n")
    one, two = (next(i for i, r in enumerate(rows) if r.startswith(f"001 {n:>4}")) for n in (1, 2))
    swap = {"   1": "   2", "   2": "   1"}

    def renumber(row: str) -> str:
        head = row[:4] + swap[row[4:8]] + row[8:91]
        blocks = [row[i : i + 10] for i in range(91, len(row), 10)]
        return head + "".join(swap.get(b[:4], b[:4]) + b[4:] for b in blocks)

    rows[one], rows[two] = renumber(rows[two]), renumber(rows[one])
    swapped = "\r\n".join(rows)
    _, problems = load(make_site(back, {"event.trf": swapped}, "swapped"), "swapped")
    at = {row: i for i, row in enumerate(rows, start=1)}
    greek_line, cyrillic_line = at[rows[two]], at[rows[one]]
    assert [(p.line, p.message) for p in problems.errors] == [
        (
            at[notes[0]],
            f"this comment line is about player 1 ({GREEK_HELD}), but player 1 is {CYRILLIC} "
            f"(line {cyrillic_line}), and {GREEK_HELD} is player 2 now",
        ),
        (
            at[notes[2]],
            f"this comment line is about player 1 ({GREEK_HELD}), but player 1 is {CYRILLIC} "
            f"(line {cyrillic_line}), and {GREEK_HELD} is player 2 now",
        ),
        (
            at[notes[3]],
            f"this comment line is about player 2 ({CYRILLIC}), but player 2 is {GREEK_HELD} "
            f"(line {greek_line}), and {CYRILLIC} is player 1 now",
        ),
    ]


def test_an_alias_comment_that_clashes_with_event_toml_is_reported_on_the_comment_line(
    make_site: SiteMaker,
) -> None:
    """The TRF's comment line gives Bravo the alias "B. Bravo"; event.toml's [[players]]
    gives it to Alpha. The clash shows only once the two are merged, and was reported on
    Bravo's 001 line (column 15, the name), which holds no alias, or, where event.toml has a
    [[players]] entry for Bravo too, at its aliases, which do not give it. It is the comment
    line's, at the alias: column 54 ("### " 4, "player 2 " 9, "(Bravo, Bob)" 12, ":" 1,
    " the name is also written " 26, the quote 1: 53 columns before it). The older form of
    the comment line ("### player 2's name is also written " 36, the quote: column 38) too."""
    trf = "\n".join(
        [
            "012 Aliases",
            '### player 2 (Bravo, Bob): the name is also written "B. Bravo"',
            line(1, "Alpha, Anna", 2000, (2, "w", "1")),
            line(2, "Bravo, Bob", 1900, (1, "b", "0")),
        ]
    )
    alpha = '[[players]]\nname = "Alpha, Anna"\naliases = ["B. Bravo"]\n'
    bravo = '[[players]]\nname = "Bravo, Bob"\naliases = ["Bob B."]\n'
    hint = (
        "every name and alias must belong to exactly one player: correct the comment line or "
        "delete it, or the aliases of the [[players]] entry in event.toml"
    )
    older = trf.replace("player 2 (Bravo, Bob): the name", "player 2's name")
    for slug, extra, text, column in (
        ("alpha", alpha, trf, 54),
        ("both", alpha + bravo, trf, 54),
        ("older", alpha, older, 38),
    ):
        _, problems = load(
            make_site(_event_toml(rounds=1, extra=extra), {"event.trf": text}, slug), slug
        )
        assert [
            (p.path.name if p.path else None, p.line, p.message, p.hint) for p in problems.errors
        ] == [
            (
                "event.trf",
                2,
                f'column {column}: "B. Bravo" is already used by player "Alpha, Anna"',
                hint,
            )
        ], slug

    # event.toml's own entry for Bravo gives the alias too: event.toml's to correct, there
    both = alpha + bravo.replace('["Bob B."]', '["B. Bravo"]')
    toml = _event_toml(rounds=1, extra=both)
    _, problems = load(make_site(toml, {"event.trf": trf}, "own"), "own")
    assert {(p.path.name if p.path else None, p.line) for p in problems.errors} == {
        ("event.toml", len(toml.splitlines()))
    }


def test_a_title_or_federation_comment_left_by_a_renumbering_is_only_a_warning(
    make_site: SiteMaker,
) -> None:
    """Alpha and Bravo swapped start numbers after the export said Bravo's title and
    federation were longer than their fields. Nothing is read from those two comment lines
    (the fields hold what the import uses), so the build goes on: each line is a warning
    naming both players, and Alpha takes nothing from them."""
    players = [
        line(1, "Bravo, Bob", 1900, (2, "b", "0")),
        line(2, "Alpha, Anna", 2000, (1, "w", "1")),
    ]
    notes = [
        '### player 2 (Bravo, Bob): the title "Candidate Master" is longer than the 3 '
        'columns of the title field, which hold "Can"',
        '### player 2 (Bravo, Bob): the federation "Australia" is longer than the 3 columns '
        'of the federation field, which hold "Aus"',
    ]
    trf = "\n".join(["012 Titles", "XXR 1", *notes, *players])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    stale = "this comment line is about player 2 (Bravo, Bob), but player 2 is Alpha, Anna"
    assert [(w.line, w.code, w.message.startswith(stale)) for w in problems.warnings] == [
        (3, "trf", True),
        (4, "trf", True),
    ]
    assert [(p.name, p.title, p.federation) for p in event.players] == [
        ("Bravo, Bob", None, None),
        ("Alpha, Anna", None, None),
    ]


# -- a name corrected on the 001 line after the export: the comment keeps the old spelling -----


def _respelt(name: str, note: str, others: tuple[str, str] = ("Charlie, Carl", "Echo, Eve")) -> str:
    """A Swiss of five, three rounds, as crosstable exported it with player 4 withdrawn after
    round 1 (absences ``Z`` after it), then edited by hand: player 4's name on the 001 line
    is now ``name``, the comment line (``note``) still gives the name the export wrote."""
    third, fifth = others
    return "\n".join(
        [
            "012 Respelt",
            "XXR 3",
            note,
            line(1, "Alpha, Anna", 2000, (2, "w", "1"), (5, "w", "1"), (3, "b", "1")),
            line(2, "Bravo, Bob", 1900, (1, "b", "0"), (3, "w", "1"), (5, "w", "=")),
            line(3, third, 1800, (4, "b", "0"), (2, "b", "0"), (1, "w", "0")),
            line(4, name, 1700, (3, "w", "1"), (0, "-", "Z"), (0, "-", "Z")),
            line(5, fifth, 1600, (0, "-", "U"), (1, "b", "0"), (2, "b", "=")),
        ]
    )


@pytest.mark.parametrize(
    "name",
    ["Delta, Dorothy", "Délta, Dora", "Dora Delta", "Deltta, Dora"],
    ids=["given-name", "accent", "order", "typo"],
)
def test_a_comment_whose_player_was_respelt_since_is_read_with_a_warning(
    make_site: SiteMaker, name: str
) -> None:
    """The arbiter corrected player 4's name on the 001 line ("Delta, Dora" to "Delta,
    Dorothy", an accent added, the words turned round, a letter doubled) after the export
    wrote its comment line. No other line has the comment's name, and player 4's is the
    closest to it: the same player, spelt anew, not a renumbering. The comment still holds
    (player 4 withdrew after round 1: no zero-point byes in rounds 2 and 3), and the build
    goes on, with a warning on the comment line (line 3) saying the names differ."""
    trf = _respelt(name, "### player 4 (Delta, Dora) withdrew after round 1" + UNSHOWN_TAIL)
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert event.player(4).name == name
    assert event.player(4).withdrawn_after == 1
    assert [(b.round, b.points) for b in event.byes if b.player == 4] == []
    (warning,) = problems.warnings
    assert (warning.path.name if warning.path else None, warning.line, warning.code) == (
        "event.trf",
        3,
        "trf",
    )
    assert warning.message == (
        f"this comment line is about player 4 (Delta, Dora), but player 4's line spells the "
        f"name {name} (line 7): read as the same player, the name corrected since the comment "
        "was written"
    )
    assert warning.hint == (
        f"write player 4 ({name}) in the comment line; if it is about another player, "
        "correct the start number and the name in it, or delete it"
    )


def test_an_alias_comment_whose_player_was_respelt_since_gives_the_alias(
    make_site: SiteMaker,
) -> None:
    """The alias comment of "Muller, Hans", whose name the arbiter wrote "Müller, Hans" on
    the 001 line since: the alias goes to him, with the warning."""
    players = [
        line(1, "Müller, Hans", 1900, (2, "b", "0")),
        line(2, "Alpha, Anna", 2000, (1, "w", "1")),
    ]
    note = '### player 1 (Muller, Hans): the name is also written "H. Muller"'
    trf = "\n".join(["012 Aliases", "XXR 1", note, *players])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert event.player(1).aliases == ("H. Muller",)
    assert [(w.line, w.code) for w in problems.warnings] == [(3, "trf")]


@pytest.mark.parametrize(
    ("name", "others", "now"),
    [
        # another player's name, only like the comment's: not a respelling
        ("Dalton, Doris", ("Charlie, Carl", "Echo, Eve"), ""),
        # another line is closer to the comment's name than player 4's: which one is meant?
        ("Delta, Dorothy", ("Delta, Dorian", "Echo, Eve"), ""),
        # the comment's name is on another line: a renumbering, as before
        ("Delta, Dorothy", ("Delta, Dora", "Echo, Eve"), ", and Delta, Dora is player 3 now"),
    ],
    ids=["other-player", "closer-elsewhere", "renumbered"],
)
def test_a_comment_whose_name_is_not_plainly_the_numbers_player_is_still_an_error(
    make_site: SiteMaker, name: str, others: tuple[str, str], now: str
) -> None:
    """Only a name no other line has, and player 4's the closest to it, is read as the same
    player respelt: otherwise the comment may be about someone else, and it stays an error."""
    trf = _respelt(name, "### player 4 (Delta, Dora) withdrew after round 1" + UNSHOWN_TAIL, others)
    event, problems = load(make_site(_event_toml(), {"event.trf": trf}))
    assert event is None
    (error,) = problems.errors
    assert error.line == 3
    assert error.message == (
        f"this comment line is about player 4 (Delta, Dora), but player 4 is {name} (line 7)"
        + (now or ", and no line has that name")
    )


# -- names with parentheses and quotes in comment lines ------------------------------------------

JUNIOR = "Smith, John (Jr)"
OPEN_CUT = "Echeverria-Longbottom, Ana Mari (Jr)"
"""Its 33 columns end in "(": "Echeverria-Longbottom, Ana Mari (" is what the field holds."""
SPACE_CUT = "Echeverria-Longbottom, Ana Maria Evangeline"
"""Its 33rd character is a space: the field holds 32, "Echeverria-Longbottom, Ana Maria"."""


def test_names_with_parentheses_and_quotes_read_back_from_the_comment_lines(
    make_site: SiteMaker,
) -> None:
    """The comment lines give a name in parentheses after the start number: a name with
    parentheses of its own ("Smith, John (Jr)"), one the field cuts just after a "(" or just
    before a space, and aliases with quotes in them must read back as written, each comment
    line for its own player, without an error."""
    toml = (
        'name = "T"\nformat = "swiss"\nrounds = 2\nstart = 2025-06-01\n'
        f'[[players]]\nname = "{JUNIOR}"\naliases = [\'Smith, "Jack"\', "J. Smith (Jr)"]\n'
        f'[[players]]\nname = "{OPEN_CUT}"\naliases = ["Ana (Jr)"]\n'
        f'[[players]]\nname = "{SPACE_CUT}"\n'
        '[[players]]\nname = "Delta, Dora"\n'
        f'[[withdrawals]]\nplayer = "{JUNIOR}"\nafter_round = 1\n'
    )
    pgn = pgn_game("1", JUNIOR, OPEN_CUT, "1-0") + pgn_game("1", SPACE_CUT, "Delta, Dora", "0-1")
    original, problems = load(make_site(toml, {"games.pgn": pgn}))
    assert original is not None and not problems.errors, messages(problems)
    exported = _exported(original)
    notes = [row[4:] for row in exported.splitlines() if row.startswith("### ")]
    assert notes[1:] == [
        f"player 2 ({OPEN_CUT[:33]}): the full name, longer than the 33 columns of the name "
        f'field, is "{OPEN_CUT}"',
        f"player 3 ({SPACE_CUT[:32]}): the full name, longer than the 33 columns of the name "
        f'field, is "{SPACE_CUT}"',
        'player 1 (Smith, John (Jr)): the name is also written "Smith, "Jack""',
        'player 1 (Smith, John (Jr)): the name is also written "J. Smith (Jr)"',
        'player 2 (Echeverria-Longbottom, Ana Mari (): the name is also written "Ana (Jr)"',
    ]
    assert notes[0].startswith("player 1 (Smith, John (Jr)) withdrew after round 1; TRF has")
    back = 'name = "T"\nformat = "swiss"\nrounds = 2\ntrf = "event.trf"\n'
    again, problems = load(make_site(back, {"event.trf": exported}, "again"), "again")
    assert again is not None and not problems.errors, messages(problems)
    by_start = {p.number: p for p in again.players}
    assert by_start[1].name == JUNIOR
    assert by_start[1].aliases == ('Smith, "Jack"', "J. Smith (Jr)")
    assert by_start[1].withdrawn_after == 1
    # the names as the field holds them (a [[players]] entry would give them in full)
    assert (by_start[2].name, by_start[2].aliases) == (OPEN_CUT[:33], ("Ana (Jr)",))
    assert (by_start[3].name, by_start[3].aliases) == (SPACE_CUT[:32], ())


def test_other_programs_comment_lines_are_ignored(make_site: SiteMaker) -> None:
    """TRF-26 makes a line beginning "###" a comment. Other programs and arbiters write their
    own: a program's banner, a bare "###", one without a space, a player line commented out
    (the player taken out of the file), notes about a player that are not crosstable's
    (no colon after the round, other words). None is read, none is a problem."""
    foreign = [
        "### Swiss-Manager from Heinz Herzog, TRF export",
        "###",
        "###Exported 2025-06-01 12:00",
        "### " + line(9, "Golf, Gina", 1500, (0, "-", "Z")),
        "### player 2 paid the entry fee",
        "### player 2 (Bravo, Bob) arrived late in round 1",
        "### player 2 withdrew after round 1 because of illness",
        "### player 99's rating is provisional",
    ]
    players = [
        line(1, "Alpha, Anna", 2000, (2, "w", "1")),
        line(2, "Bravo, Bob", 1900, (1, "b", "0")),
    ]
    trf = "\n".join(["012 Foreign", "XXR 1", *foreign, *players])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}))
    assert event is not None and not problems.items, messages(problems)
    assert [(p.name, p.aliases, p.withdrawn_after) for p in event.players] == [
        ("Alpha, Anna", (), None),
        ("Bravo, Bob", (), None),
    ]
    assert [(g.white, g.black, g.result) for g in event.games] == [(1, 2, "1-0")]


def test_dates_with_the_months_english_name_are_read(make_site: SiteMaker) -> None:
    """lichess writes records 042 and 052 as ``Mar 1, 2025``: they were warned about as
    "not a date" and left out, so the event had no dates and ranked by the rules of no
    edition in particular. The month's English name, abbreviated or in full, before or after
    the day, is read as the date it plainly is; what still names no day stays a warning."""
    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    written = {
        "lichess": ("Mar 1, 2025", "Mar 3, 2025"),
        "day-first": ("1 Mar 2025", "3 Mar 2025"),
        "full": ("March 1, 2025", "March 3, 2025"),
        "lower": ("mar 1, 2025", "3 march 2025"),
    }
    for slug, (start, end) in written.items():
        trf = "\n".join(["012 Dated", f"042 {start}", f"052 {end}", "XXR 1", *rows])
        event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, slug), slug)
        assert event is not None and not problems.items, [p.format() for p in problems.items]
        assert (event.config.start, event.config.end) == (
            dt.date(2025, 3, 1),
            dt.date(2025, 3, 3),
        ), slug
        assert event.rules_edition == "2024"  # started before 1 March 2026
    trf = "\n".join(["012 Dated", "042 Sept 30, 2025", "052 Oct 2, 2025", "XXR 1", *rows])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, "sept"), "sept")
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.config.start, event.config.end) == (dt.date(2025, 9, 30), dt.date(2025, 10, 2))

    # No 30 February, and "Mars" is no English month: both still warned about, not used.
    trf = "\n".join(["012 Dated", "042 Feb 30, 2025", "052 Mars 3, 2025", "XXR 1", *rows])
    event, problems = load(make_site(_event_toml(rounds=1), {"event.trf": trf}, "bad"), "bad")
    assert event is not None and not problems.errors
    assert [(p.line, p.message) for p in problems.warnings] == [
        (2, 'the start date "Feb 30, 2025" (record 042) is not a date: it is not used'),
        (3, 'the end date "Mars 3, 2025" (record 052) is not a date: it is not used'),
    ]
    assert (event.config.start, event.config.end) == (None, None)


def test_a_line_with_no_round_is_a_withdrawal_before_round_1(make_site: SiteMaker) -> None:
    """D is entered, but D's line has no round on it while rounds 1 and 2 were played (A, B
    and C play each other, B and C each taking the pairing's bye once). The line stops
    before round 1: a withdrawal before the first round, event.toml's ``after_round = 0``,
    D absent from both rounds with 0 points. The warning said the line "stops after round 0"
    and read it as "a withdrawal after round 0", a round no line has: it now says the line
    has no round, the withdrawal is before round 1, and the hint's entry, written in
    event.toml, is taken (no warning, the same withdrawal)."""
    rows = [
        line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "1")),
        line(2, "B, B", 1900, (1, "b", "0"), (0, "-", "U")),
        line(3, "C, C", 1800, (0, "-", "U"), (1, "w", "0")),
        line(4, "D, D", 1700),
    ]
    trf = "\n".join(["012 No rounds", "XXR 2", *rows])
    event, problems = load(make_site(_event_toml(rounds=2), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert event.player(4).withdrawn_after == 0
    records = player_records(event)
    assert [e.kind for e in records[4].entries] == [Kind.ABSENT, Kind.ABSENT]
    assert records[4].points == 0
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("trf-withdrawal", 6)
    assert warning.message == (
        "player 4's line (D, D) has no round on it while rounds 1 and 2 were played: read as "
        "a withdrawal before round 1"
    )
    assert warning.hint == (
        "if the player withdrew before round 1, say so in event.toml: [[withdrawals]] player = "
        '"D, D", after_round = 0 (0: before the first round; and the reason); if they only '
        "missed rounds 1 and 2, write each on the line as an absence, 0000 - Z, from column 92 "
        "(10 columns a round)"
    )

    # The hint's entry, as event.toml writes it: the loader takes after_round = 0.
    said = '[[withdrawals]]\nplayer = "D, D"\nafter_round = 0\nreason = "Did not arrive"\n'
    event, problems = load(
        make_site(_event_toml(rounds=2, extra=said), {"event.trf": trf}, "w"), "w"
    )
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.player(4).withdrawn_after, event.player(4).withdrawal_reason) == (
        0,
        "Did not arrive",
    )

    # The other way the hint gives: each round an absence from column 92, D not withdrawn.
    absent = trf.replace(rows[3], rows[3].ljust(91) + "0000 - Z  0000 - Z")
    event, problems = load(make_site(_event_toml(rounds=2), {"event.trf": absent}, "z"), "z")
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert event.player(4).withdrawn_after is None
    assert [(b.round, b.points) for b in event.byes if b.player == 4] == [(1, 0.0), (2, 0.0)]

    # One round played: the round named alone.
    one = "\n".join(
        [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0")),
         line(3, "C, C", 1800, (0, "-", "U")), line(4, "D, D", 1700)]
    )  # fmt: skip
    event, problems = load(make_site(_event_toml(rounds=2), {"event.trf": one}, "one"), "one")
    assert event is not None and not problems.errors
    (warning,) = problems.warnings
    assert warning.message == (
        "player 4's line (D, D) has no round on it while round 1 was played: read as a "
        "withdrawal before round 1"
    )
    assert warning.hint is not None and warning.hint.endswith(
        "if they only missed round 1, write it on the line as an absence, 0000 - Z, from "
        "column 92 (10 columns a round)"
    )


def _row(number: int, name: str, *blocks: str) -> str:
    """A player line whose round blocks are given as written (``"0000 - Z"``, ``""`` blank)."""
    return (line(number, name, 0).ljust(91) + "".join(b.ljust(10) for b in blocks)).rstrip()


def test_a_blank_round_inside_a_line_is_named(make_site: SiteMaker) -> None:
    """Round 2 of A's and C's lines is blank, spaces where the block is, while rounds 1 and 3
    are games. TRF reads a blank block as ``0000 - Z``: in a Swiss each is absent, a
    zero-point bye, and that stays; but it was read without a word, where pairing programs
    write an absence as ``0000 - Z`` (or a result beside no opponent, as lichess does), so a
    blank inside a line is rather a game lost in an edit. A warning each, on the line, at
    the round's columns (102-109), with what to write. Games: round 1 A-B 1-0, C-D 1-0;
    round 2 B-D 1-0; round 3 D-A draw, B-C 0-1. So A 1 + 0 + 0.5 = 1.5, B 0 + 1 + 0 = 1,
    C 1 + 0 + 1 = 2, D 0 + 0 + 0.5 = 0.5. D's round 4, blank before a half-point bye asked
    for round 5, is a round not played yet: no warning, and nothing recorded."""
    rows = [
        _row(1, "A, A", "   2 w 1", "", "   4 b ="),
        _row(2, "B, B", "   1 b 0", "   4 w 1", "   3 w 0"),
        _row(3, "C, C", "   4 w 1", "", "   2 b 1"),
        _row(4, "D, D", "   3 b 0", "   2 b 0", "   1 w =", "", "0000 - H"),
    ]
    assert rows[0][101:111] == " " * 10 and rows[0][111:119] == "   4 b ="
    trf = "\n".join(["012 Blank", "XXR 5", *rows])
    event, problems = load(make_site(_event_toml(rounds=5), {"event.trf": trf}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [(b.round, b.player, b.points) for b in event.byes] == [
        (2, 1, 0.0),
        (2, 3, 0.0),
        (5, 4, 0.5),
    ]
    points = {n: r.points for n, r in player_records(event).items()}
    assert points == {1: 1.5, 2: 1.0, 3: 2.0, 4: 0.5}
    hint = (
        "write round 2 in these columns: 0000 - Z for an absence, 0000 - H, F or U for a bye, "
        "or the opponent's start number, colour and result for a game (on both players' lines)"
    )
    assert [(p.code, p.line, p.message, p.hint) for p in problems.warnings] == [
        (
            "trf",
            line_number,
            f"columns 102-109: round 2 of player {number} is blank (no opponent, colour or "
            "result) while later rounds are written: read as an absence (a zero-point bye), as "
            "TRF reads a blank round",
            hint,
        )
        for line_number, number in ((3, 1), (5, 3))
    ]

    # A round robin of four: nobody sits a round out, so A and C have no game or bye in
    # round 2 (their game, by the pairings, is missing): said on their lines, and the round
    # stays open, as it was.
    robin = [
        _row(1, "A, A", "   2 w 1", "", "   4 b ="),
        _row(2, "B, B", "   1 b 0", "   4 w 1", "   3 w 0"),
        _row(3, "C, C", "   4 w 1", "", "   2 b 1"),
        _row(4, "D, D", "   3 b 0", "   2 b 0", "   1 w ="),
    ]
    toml = _event_toml("round-robin", rounds=3)
    event, problems = load(make_site(toml, {"event.trf": "\n".join(robin)}, "rr"), "rr")
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert (event.byes, event.unpaired, event.finished) == ((), {2: (1, 3)}, False)
    assert [(p.line, p.message, p.hint) for p in problems.warnings] == [
        (
            line_number,
            f"columns 102-109: round 2 of player {number} is blank (no opponent, colour or "
            "result) while later rounds are written: a round robin of 4 players has no round "
            f"to sit out, so player {number} has no game or bye in round 2",
            "write round 2 in these columns: 0000 - Z for an absence, 0000 - H or F for a "
            "bye, or the opponent's start number, colour and result for a game (on both "
            "players' lines)",
        )
        for line_number, number in ((1, 1), (3, 3))
    ]


def test_a_missing_game_of_a_trf_player_is_warned_about_on_their_line(
    make_site: SiteMaker,
) -> None:
    """The round robin of four above, A's and C's round 2 blank: the build's missing-game
    warning for each named event.toml, without a line, and told the organiser to add a
    [[byes]] or [[withdrawals]] entry there, though the player's rounds are on their TRF
    line. It is now on that line (A's is the file's line 1, C's line 3), and its hint says
    where round 2 goes on it: columns 92 + 10 = 102 to 109."""
    robin = [
        _row(1, "A, A", "   2 w 1", "", "   4 b ="),
        _row(2, "B, B", "   1 b 0", "   4 w 1", "   3 w 0"),
        _row(3, "C, C", "   4 w 1", "", "   2 b 1"),
        _row(4, "D, D", "   3 b 0", "   2 b 0", "   1 w ="),
    ]
    toml = _event_toml("round-robin", rounds=3)
    report = build_site(make_site(toml, {"event.trf": "\n".join(robin)}, "rr"))
    missing = [w for w in report.problems.warnings if w.code == "missing-game"]
    assert [(w.path and w.path.name, w.line) for w in missing] == [
        ("event.trf", 1),
        ("event.trf", 3),
    ]
    assert [w.message for w in missing] == [
        f"{name} has no game and no bye in round 2: the round counts as not finished until "
        "one is recorded (meanwhile 0 points)"
        for name in ("A, A", "C, C")
    ]
    assert missing[0].hint == (
        "write round 2 on the player's line, in columns 102-109: the opponent's start number, "
        "colour and result (on both players' lines), 0000 - Z for an absence, or a bye; or "
        "add the game to a PGN file, or a [[byes]] entry (points = 0 for an absence) or a "
        "[[withdrawals]] entry"
    )


def test_a_round_without_a_game_written_0000_is_named_only_where_a_game_was_due(
    make_site: SiteMaker,
) -> None:
    """TRF-16: a blank result beside opponent 0000 is "Z" (a known absence), as is ``-``
    (the older code). In a Swiss, round 2 of A written ``0000 -`` and of C ``0000 - -``
    are zero-point byes, as the format defines them: nothing to say (the round's other
    game, B-D, is written). In a round robin of four by the Berger table (1-4 2-3; 4-3 1-2;
    2-4 3-1), A and B were due to meet in round 2: the same entries record nothing, and
    the arbiter is told on each line (the file's lines 3 and 4, after 012 and XXR) that
    round 2 has no game or bye, and where to write it (columns 102-109). In a round robin
    of five, round 2's ``0000 -`` of D (4) is the table's sit-out (5-3 1-2, 4 out): no
    game was due and nothing is said."""
    swiss = [
        "012 T",
        "XXR 3",
        _row(1, "A, A", "   2 w 1", "0000 -", "   4 b ="),
        _row(2, "B, B", "   1 b 0", "   4 w 1", "   3 w 0"),
        _row(3, "C, C", "   4 w 1", "0000 - -", "   2 b 1"),
        _row(4, "D, D", "   3 b 0", "   2 b 0", "   1 w ="),
    ]
    event, problems = load(make_site(_event_toml(), {"event.trf": "\n".join(swiss)}))
    assert event is not None and not problems.errors, messages(problems)
    assert [(b.round, b.player, b.points) for b in event.byes] == [(2, 1, 0.0), (2, 3, 0.0)]
    assert not event.unpaired and not problems.warnings, messages(problems)
    robin = [
        "012 T",
        "XXR 3",
        _row(1, "A, A", "   4 w 1", "0000 -", "   3 b ="),
        _row(2, "B, B", "   3 w 1", "0000 - -", "   4 w 0"),
        _row(3, "C, C", "   2 b 0", "   4 b 1", "   1 w ="),
        _row(4, "D, D", "   1 b 0", "   3 w 0", "   2 b 1"),
    ]
    toml = _event_toml("round-robin", rounds=3)
    event, problems = load(make_site(toml, {"event.trf": "\n".join(robin)}, "rr"), "rr")
    assert event is not None and not problems.warnings, messages(problems)
    assert (event.byes, event.unpaired, event.finished) == ((), {2: (1, 2)}, False)
    check_rounds(event, problems)
    missing = [w for w in problems.warnings if w.code == "missing-game"]
    assert [(w.path and w.path.name, w.line, dict(w.context)) for w in missing] == [
        ("event.trf", 3, {"round": 2, "player": "A, A"}),
        ("event.trf", 4, {"round": 2, "player": "B, B"}),
    ]
    assert all("in columns 102-109" in str(w.hint) for w in missing)
    five = [
        "012 T",
        "XXR 5",
        _row(1, "A, A", "0000 -", "   2 w 1"),
        _row(2, "B, B", "   5 w 1", "   1 b 0"),
        _row(3, "C, C", "   4 w 1", "   5 b 1"),
        _row(4, "D, D", "   3 b 0", "0000 -"),
        _row(5, "E, E", "   2 b 0", "   3 w 0"),
    ]
    toml = _event_toml("round-robin", rounds=5)
    event, problems = load(make_site(toml, {"event.trf": "\n".join(five)}, "five"), "five")
    assert event is not None and not event.unpaired
    check_rounds(event, problems)
    assert not problems.warnings, messages(problems)


def test_a_blank_round_against_a_player_who_withdrew_is_not_warned_about(
    make_site: SiteMaker,
) -> None:
    """A round robin of four by the Berger table (1-4 2-3; 4-3 1-2; 2-4 3-1), D (4)
    gone after round 1: C's round 2 game against D is not played, and C's line leaves
    round 2 blank before round 3's game. Nothing is wrong there (the withdrawal's own
    warning says what the file does not), so no blank-round warning: it said a round robin
    of 4 has no round to sit out."""
    robin = [
        _row(1, "A, A", "   4 w 1", "   2 w 1", "   3 b 1"),
        _row(2, "B, B", "   3 w 0", "   1 b 0", "0000 - -"),  # round 3's opponent gone too
        _row(3, "C, C", "   2 b 1", "", "   1 w 0"),
        _row(4, "D, D", "   1 b 0"),
    ]
    toml = _event_toml("round-robin", rounds=3)
    event, problems = load(make_site(toml, {"event.trf": "\n".join(robin)}, "rr"), "rr")
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert not [p for p in problems.warnings if "is blank" in p.message]
    assert [p.code for p in problems.warnings] == ["trf-withdrawal"]


def test_a_blank_round_of_an_odd_round_robin_is_its_sit_out(make_site: SiteMaker) -> None:
    """A round robin of five, four rounds of five played, by FIDE's Berger table for six
    (the sixth the sit-out): round 1 1-6 2-5 3-4, round 2 6-4 5-3 1-2, round 3 2-6 3-1 4-5,
    round 4 6-5 1-4 2-3. Players 1, 4 and 2 sit out rounds 1, 2 and 3, written blank
    (player 5's round 4, the line's last, is written ``0000 -`` so that the line does not
    stop early): the round the schedule has the player sit out, which the blank may well
    be, so no warning, and no player is missing a game."""
    rows = [
        _row(1, "A, A", "", "   2 w =", "   3 b =", "   4 w ="),
        _row(2, "B, B", "   5 w =", "   1 b =", "", "   3 w ="),
        _row(3, "C, C", "   4 w =", "   5 b =", "   1 w =", "   2 b ="),
        _row(4, "D, D", "   3 b =", "", "   5 w =", "   1 b ="),
        _row(5, "E, E", "   2 b =", "   3 w =", "   4 b =", "0000 -"),
    ]
    toml = _event_toml("round-robin", rounds=5)
    event, problems = load(make_site(toml, {"event.trf": "\n".join(["XXR 5", *rows])}))
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    assert (event.byes, event.unpaired) == ((), {})
    assert len(event.games) == 8


# The Berger table for four players (FIDE C.05 Annex 1), worked out by hand: round 1 1-4 and
# 2-3, round 2 4-3 and 1-2, round 3 2-4 and 3-1.


def test_a_line_that_stops_where_the_scheduled_opponent_had_withdrawn_is_no_withdrawal(
    make_site: SiteMaker,
) -> None:
    """D withdrew after round 1. Round 2 pairs 4-3: C has no game, and 1-2 is played; round 3
    pairs 2-4: B has no game, and 3-1 is played. B's line stops after round 2 (nothing to
    write for round 3), and was read as B withdrawing after round 2, which under the U.S.
    Junior Closed rules costs B the prize money. D's line stops after round 1 while C, D's
    scheduled opponent in round 2, has that round on the line: D withdrew. B's scheduled
    opponent in round 3 is D, gone since round 1: B had no game, not a withdrawal. Only D's
    withdrawal is read (and warned about, as nothing confirms it). Points by hand: A 1 + 0 +
    1/2 = 1.5, B 1/2 + 1 = 1.5, C 1/2 + 1/2 = 1, D 0."""
    trf = "\n".join(
        [
            "012 Gone",
            "XXR 3",
            line(1, "A, A", 2000, (4, "w", "1"), (2, "w", "0"), (3, "b", "=")),
            line(2, "B, B", 1900, (3, "w", "="), (1, "b", "1")),
            line(3, "C, C", 1800, (2, "b", "="), (0, "-", "-"), (1, "w", "=")),
            line(4, "D, D", 1700, (1, "b", "0")),
        ]
    )
    event, problems = load(make_site(_event_toml("round-robin"), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None, None, None, 1]
    assert [(w.code, w.line) for w in problems.warnings] == [("trf-withdrawal", 6)]
    assert {n: r.points for n, r in player_records(event).items()} == {
        1: 1.5,
        2: 1.5,
        3: 1.0,
        4: 0.0,
    }
    assert event.scheduled_without_game(2, 3) == "opponent withdrew"
    assert (event.unpaired, event.finished) == ({}, True)


def test_two_lines_that_stop_where_they_were_paired_stay_withdrawals_and_say_so(
    make_site: SiteMaker,
) -> None:
    """Only rounds 1 and 2 played: C's and D's lines both stop after round 1, and round 2
    pairs them (4-3). One of them withdrew and left the other without a game, or both
    withdrew: the lines cannot tell. Both stay withdrawals, as they were read, and each
    warning names the other line. Once event.toml says which one withdrew, the other had
    no game: not a withdrawal, and no warning."""
    trf = "\n".join(
        [
            "012 Paired",
            "XXR 3",
            line(1, "A, A", 2000, (4, "w", "1"), (2, "w", "0")),
            line(2, "B, B", 1900, (3, "w", "="), (1, "b", "1")),
            line(3, "C, C", 1800, (2, "b", "=")),
            line(4, "D, D", 1700, (1, "b", "0")),
        ]
    )
    event, problems = load(make_site(_event_toml("round-robin"), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None, None, 1, 1]
    assert [(w.code, w.line) for w in problems.warnings] == [
        ("trf-withdrawal", 5),
        ("trf-withdrawal", 6),
    ]
    assert [str(w.message) for w in problems.warnings] == [
        "player 3's line (C, C) stops after round 1 while round 2 was played: read as a "
        "withdrawal after round 1; but the line of player 4 (D, D), the scheduled opponent "
        "in round 2, stops before it too: one of the two may have had no game only because "
        "the other withdrew",
        "player 4's line (D, D) stops after round 1 while round 2 was played: read as a "
        "withdrawal after round 1; but the line of player 3 (C, C), the scheduled opponent "
        "in round 2, stops before it too: one of the two may have had no game only because "
        "the other withdrew",
    ]
    assert str(problems.warnings[0].hint).endswith(
        "; if only the other withdrew, say so of them, and this player is read as having "
        "had no game"
    )
    for slug, gone in (("d", "D, D"), ("c", "C, C")):
        said = f'[[withdrawals]]\nplayer = "{gone}"\nafter_round = 1\n'
        event, problems = load(
            make_site(_event_toml("round-robin", extra=said), {"event.trf": trf}, slug), slug
        )
        assert event is not None and not problems.items, messages(problems)
        expected = [None, None, None, 1] if slug == "d" else [None, None, 1, None]
        assert [p.withdrawn_after for p in event.players] == expected
        other = 3 if slug == "d" else 4
        assert event.scheduled_without_game(other, 2) == "opponent withdrew"
        assert event.unpaired == {}


def test_a_line_that_stops_off_the_berger_table_stays_a_withdrawal_and_says_so(
    make_site: SiteMaker,
) -> None:
    """Round 1 pairs 1-2 and 3-4, which the Berger table pairs in round 2 and 3: the games
    do not follow the table, so nothing says whom B or D was due to meet in round 2 (1-3
    played). Both lines stop after round 1: read as withdrawals, as before, and the
    warning says why the schedule cannot tell otherwise."""
    trf = "\n".join(
        [
            "012 Off",
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "1"), (3, "w", "1")),
            line(2, "B, B", 1900, (1, "b", "0")),
            line(3, "C, C", 1800, (4, "w", "="), (1, "b", "0")),
            line(4, "D, D", 1700, (3, "b", "=")),
        ]
    )
    event, problems = load(make_site(_event_toml("round-robin"), {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None, 1, None, 1]
    assert [str(w.message) for w in problems.warnings] == [
        f"player {n}'s line ({name}) stops after round 1 while round 2 was played: read as a "
        "withdrawal after round 1; the games do not follow the Berger table, so whether the "
        "scheduled opponent had withdrawn, leaving the player no game, cannot be told"
        for n, name in ((2, "B, B"), (4, "D, D"))
    ]


def test_a_line_that_stops_before_the_round_the_player_sits_out_is_no_withdrawal(
    make_site: SiteMaker,
) -> None:
    """Five players: the Berger table for six, 6 the round sat out. Round 1 pairs 1-6, 2-5,
    3-4 (1 sits out), round 2 6-4, 5-3, 1-2 (4 sits out). D's line stops after round 1, the
    round it sits out being round 2, the last played: no game was due, so no withdrawal
    (it was read as one, with a warning)."""
    trf = "\n".join(
        [
            "012 Odd",
            "XXR 5",
            line(1, "A, A", 2000, (0, "-", "-"), (2, "w", "1")),
            line(2, "B, B", 1900, (5, "w", "1"), (1, "b", "0")),
            line(3, "C, C", 1800, (4, "w", "="), (5, "b", "0")),
            line(4, "D, D", 1700, (3, "b", "=")),
            line(5, "E, E", 1600, (2, "b", "0"), (3, "w", "1")),
        ]
    )
    event, problems = load(make_site(_event_toml("round-robin", rounds=5), {"event.trf": trf}))
    assert event is not None and not problems.items, messages(problems)
    assert [p.withdrawn_after for p in event.players] == [None] * 5
    assert event.scheduled_without_game(4, 2) == "sits out"
    assert event.unpaired == {}


def _dates_read(tmp_path: Path, start: str, end: str) -> tuple[dt.date | None, dt.date | None]:
    """Records 042 and 052 of a two-player file, as ``read_trf`` reads them."""
    from generator.trf import read_trf

    rows = [line(1, "A, A", 2000, (2, "w", "1")), line(2, "B, B", 1900, (1, "b", "0"))]
    path = tmp_path / "event.trf"
    text = "\n".join(["012 Dated", f"042 {start}", f"052 {end}", "XXR 1", *rows])
    path.write_text(text, encoding="utf-8")
    data = read_trf(path, "swiss", Problems())
    assert data is not None
    return data.start, data.end


# Each month's English names, abbreviated and in full, with its number and last day in 2025
# (not a leap year), written out from the calendar.
MONTHS_2025 = [
    ("Jan", "January", 1, 31),
    ("Feb", "February", 2, 28),
    ("Mar", "March", 3, 31),
    ("Apr", "April", 4, 30),
    ("May", "May", 5, 31),
    ("Jun", "June", 6, 30),
    ("Jul", "July", 7, 31),
    ("Aug", "August", 8, 31),
    ("Sep", "September", 9, 30),
    ("Oct", "October", 10, 31),
    ("Nov", "November", 11, 30),
    ("Dec", "December", 12, 31),
]


@pytest.mark.parametrize(("short", "full", "month", "last"), MONTHS_2025)
def test_every_months_english_name_is_its_month(
    tmp_path: Path, short: str, full: str, month: int, last: int
) -> None:
    """Only March was tested: a month name mapped to another number, or left out, went
    unseen. Each month, abbreviated and in full, before or after the day, in any letter
    case, from its first day to its last; the day after its last is no date."""
    first, final = dt.date(2025, month, 1), dt.date(2025, month, last)
    assert _dates_read(tmp_path, f"{short} 1, 2025", f"{full} {last}, 2025") == (first, final)
    assert _dates_read(tmp_path, f"1 {full.upper()} 2025", f"{last} {short.lower()} 2025") == (
        first,
        final,
    )
    assert _dates_read(tmp_path, f"{short}. 1 2025", f"{last} {short}., 2025") == (first, final)
    assert _dates_read(tmp_path, f"{short} 0, 2025", f"{short} {last + 1}, 2025") == (None, None)


def test_month_names_at_the_edges_of_the_table(tmp_path: Path) -> None:
    """ "Sept" is September too; a name cut elsewhere, or run on, is no month. 29 February
    is a date in a leap year (2024) only."""
    assert _dates_read(tmp_path, "Sept 1, 2025", "sept 30, 2025") == (
        dt.date(2025, 9, 1),
        dt.date(2025, 9, 30),
    )
    assert _dates_read(tmp_path, "Feb 29, 2024", "29 February 2024") == (
        dt.date(2024, 2, 29),
        dt.date(2024, 2, 29),
    )
    assert _dates_read(tmp_path, "Feb 29, 2025", "29 February 2025") == (None, None)
    for start, end in (("Ja 1, 2025", "Janu 1, 2025"), ("Septe 1, 2025", "Decembers 1, 2025")):
        assert _dates_read(tmp_path, start, end) == (None, None), (start, end)
    assert _dates_read(tmp_path, "Mayo 1, 2025", "Juli 1, 2025") == (None, None)


# Four players, three rounds: every line full. Line 1 is XXR, A's line 2, ..., D's line 5;
# a game's TRF place is the line of its lower-numbered player (C-D of round 1: C's line 4).
_LATE_TRF = "\n".join(
    [
        "XXR 3",
        line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "="), (4, "w", "=")),
        line(2, "B, B", 1900, (1, "b", "0"), (4, "w", "0"), (3, "w", "1")),
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "="), (2, "b", "0")),
        line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "1"), (1, "b", "=")),
    ]
)


@pytest.mark.parametrize(
    ("first", "plays"),
    [(2, "round 1 (event.trf:5)"), (3, "rounds 1 and 2 (event.trf:5)")],
)
def test_a_trf_game_before_first_round_is_the_pgn_events_error(
    make_site: SiteMaker, first: int, plays: str
) -> None:
    """[[players]] first_round for D, whose TRF line has games from round 1: the error a PGN
    event gets (test_assemble), on D's own TRF line (5), where the rounds before D joined
    are to be blanked, rather than on the game's TRF place, the lower-numbered player's line
    (C's, 4, for round 1: the opponent's), or on event.toml without a line. It names
    first_round's line (7: four keys, then D's entry) and the TRF file to correct instead of
    a Round tag; D's games are all on that one line, named once."""
    extra = f'[[players]]\nname = "D, D"\nfirst_round = {first}\n'
    _, problems = load(make_site(_event_toml(extra=extra), {"event.trf": _LATE_TRF}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert (error.line, error.code) == (5, "late-entry")
    assert error.message == (
        f"D, D entered in round {first} (first_round = {first}, event.toml line 7) but plays "
        f"in {plays}"
    )
    assert error.hint == (
        "correct first_round (first_round = 1 if the player joined in round 1, or delete it), "
        "or correct the TRF file (best in the pairing program, exporting it again) if the "
        "game is another round's or another player's"
    )


def test_a_trf_players_first_round_after_the_withdrawal_is_an_error_on_it(
    make_site: SiteMaker,
) -> None:
    """event.toml's [[withdrawals]] says D left after round 2, its [[players]] entry that D
    joined in round 3: one error on first_round's line (7), as in an event without TRF.
    Round 3 is the last, so no after_round from 3 on leaves a round to miss: the hint offers
    first_round (2 at most) or deleting the withdrawal."""
    extra = (
        '[[players]]\nname = "D, D"\nfirst_round = 3\n'
        '[[withdrawals]]\nplayer = "D, D"\nafter_round = 2\n'
    )
    _, problems = load(make_site(_event_toml(extra=extra), {"event.trf": _LATE_TRF}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.toml"
    assert error.line == 7
    assert error.message == (
        "players[1].first_round: D, D entered in round 3 (first_round = 3) but withdrew after "
        "round 2 ([[withdrawals]]), before entering"
    )
    assert error.hint == (
        "correct first_round (the round the player joined: 2 at most); or delete the "
        "withdrawal if the player played on to the last round"
    )


@pytest.mark.parametrize("code", ["", "Z", "-"])
def test_a_trf_late_entrys_absent_round_is_not_yet_entered(make_site: SiteMaker, code: str) -> None:
    """D's round 1 is an absence on the line (C has the pairing's bye): ``0000 -`` with a
    blank result, ``Z`` or ``-``, which TRF reads as a zero-point bye. With first_round = 2
    in event.toml, D had not yet entered: the round is worded "not yet entered", as in an
    event without TRF, since TRF has no way to say so. Without first_round it stays a
    "zero-point bye". Either way the round scores nothing: D has 0 + 1 + ½ = 1½, and every
    other entry is the same in the two events."""
    from generator.render.views import entry_label

    trf = _LATE_TRF.replace(
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "="), (2, "b", "0")),
        line(3, "C, C", 1800, (0, "-", "U"), (1, "w", "="), (2, "b", "0")),
    ).replace(
        line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "1"), (1, "b", "=")),
        line(4, "D, D", 1700, (0, "-", code), (2, "b", "1"), (1, "b", "=")),
    )
    outcomes = []
    for slug, extra, late in (
        ("plain", "", False),
        ("late", '[[players]]\nname = "D, D"\nfirst_round = 2\n', True),
    ):
        event, problems = load(make_site(_event_toml(extra=extra), {"event.trf": trf}, slug), slug)
        assert event is not None and not problems.items, [p.format() for p in problems.items]
        records = player_records(event)
        (first, *_) = records[4].entries
        label = "not yet entered" if late else "zero-point bye"
        assert (first.kind, first.points, entry_label(first)) == (Kind.BYE, 0, label)
        assert records[4].points == 1.5
        byes = [(b.round, b.player, b.points, b.late_entry) for b in event.byes]
        assert byes == [(1, 3, 1, False), (1, 4, 0, late)]
        outcomes.append(
            {
                n: [(e.kind, e.points, e.opponent, e.bye and e.bye.points) for e in r.entries]
                for n, r in records.items()
            }
        )
    assert outcomes[0] == outcomes[1]


def test_a_trf_late_entrys_event_publishes_what_the_pgn_events_does(
    make_site: SiteMaker,
) -> None:
    """The same Swiss written twice, E joining in round 3 (first_round = 3 in both): once as
    a TRF file whose line for E is ``0000 - Z`` in rounds 1 and 2, once as PGN games with
    [[byes]] for D's round-3 pairing-allocated bye. By hand: round 1 A-B 1-0, C-D ½; round 2
    A-C 1-0, D-B ½; round 3 B-C 1-0, E-A ½, D the bye. A 2½, B 1½, C ½, D 2, E ½. Both say
    "not yet entered" for E's rounds 1 and 2 (on the rounds' pages and E's card), and
    results.json and tournament.trf are the same byte for byte (the TRF event's games have
    no moves, so none has a page: the PGN games have none either)."""
    from generator.render.views import entry_label

    trf = "\n".join(
        [
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "1"), (3, "w", "1"), (5, "b", "=")),
            line(2, "B, B", 1900, (1, "b", "0"), (4, "b", "="), (3, "w", "1")),
            line(3, "C, C", 1800, (4, "w", "="), (1, "b", "0"), (2, "b", "0")),
            line(4, "D, D", 1700, (3, "b", "="), (2, "w", "="), (0, "-", "U")),
            line(5, "E, E", 1600, (0, "-", "Z"), (0, "-", "Z"), (1, "w", "=")),
        ]
    )
    head = 'name = "T"\nformat = "swiss"\nrounds = 3\nstart = 2025-06-01\n'
    late = '[[players]]\nname = "E, E"\nfirst_round = 3\n'
    make_site(head + 'trf = "event.trf"\n' + late, {"event.trf": trf}, "trf")
    games = "".join(
        pgn_game(round_tag, white, black, result)
        for round_tag, white, black, result in (
            ("1.1", "A, A", "B, B", "1-0"),
            ("1.2", "C, C", "D, D", "1/2-1/2"),
            ("2.1", "A, A", "C, C", "1-0"),
            ("2.2", "D, D", "B, B", "1/2-1/2"),
            ("3.1", "E, E", "A, A", "1/2-1/2"),
            ("3.2", "B, B", "C, C", "1-0"),
        )
    )
    players = "".join(
        f'[[players]]\nname = "{name}"\nnumber = {number}\nrating = {rating}\n'
        + ("first_round = 3\n" if name == "E, E" else "")
        for number, (name, rating) in enumerate(
            (("A, A", 2000), ("B, B", 1900), ("C, C", 1800), ("D, D", 1700), ("E, E", 1600)),
            start=1,
        )
    )
    bye = '[[byes]]\nround = 3\nplayer = "D, D"\npoints = 1\npairing_allocated = true\n'
    site = make_site(head + bye + players, {"g.pgn": games}, "pgn")
    for slug in ("trf", "pgn"):
        event, problems = load(site, slug)
        assert event is not None and not problems.items, [p.format() for p in problems.items]
        records = player_records(event)
        points = {n: r.points for n, r in records.items()}
        assert points == {1: 2.5, 2: 1.5, 3: 0.5, 4: 2, 5: 0.5}
        labels = [entry_label(e) for e in records[5].entries[:2]]
        assert labels == ["not yet entered", "not yet entered"], slug
    report = build_site(site)
    assert report.written and not report.problems.items, messages(report.problems)
    out = site / "output"
    for name in ("results.json", "tournament.trf"):
        texts = [(out / slug / name).read_text(encoding="utf-8") for slug in ("trf", "pgn")]
        assert texts[0].replace('"slug": "trf"', '"slug": "pgn"') == texts[1], name
    assert "0000 - Z  0000 - Z" in texts[1]  # E's rounds 1 and 2 in tournament.trf: absences
    for slug in ("trf", "pgn"):
        card = (out / slug / "players/5-e-e.html").read_text(encoding="utf-8")
        assert card.count("not yet entered") >= 2 and "zero-point bye" not in card, slug
        round_1 = (out / slug / "rounds/round-1.html").read_text(encoding="utf-8")
        assert "not yet entered" in round_1 and "zero-point bye" not in round_1, slug


# A left after round 1 but the file has A's round 2 (A-C, drawn); A's round 3 is a forfeit
# (A -, D +), which a withdrawal allows. Line 1 is XXR, A's line 2, B's 3, C's 4, D's 5.
_WITHDRAWN_TRF = "\n".join(
    [
        "XXR 3",
        line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "="), (4, "w", "-")),
        line(2, "B, B", 1900, (1, "b", "0"), (4, "w", "0"), (3, "w", "1")),
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "="), (2, "b", "0")),
        line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "1"), (1, "b", "+")),
    ]
)


@pytest.mark.parametrize(
    ("player", "line"),
    [("A, A", 2), ("D, D", 5)],
    ids=["the lower number of the game", "the higher number"],
)
def test_a_withdrawn_players_trf_game_is_an_error_on_its_trf_line(
    make_site: SiteMaker, player: str, line: int
) -> None:
    """[[withdrawals]] says A left after round 1, but the TRF file has A's round-2 game: the
    error a PGN event gets (test_assemble), on A's TRF line (2) rather than on event.toml
    without a line, with the TRF file's forfeit codes to write instead of a Termination tag.
    Round 3, a forfeit, is what a withdrawal leaves: no error for it. Likewise D (4), who
    left after round 1 but plays B (2) in round 2, D's round 3 a forfeit (A -, D +): the
    error is on D's line (5), not on B's (3), the game's TRF place as the lower number's:
    B's line is right, D's is to be changed."""
    extra = f'[[withdrawals]]\nplayer = "{player}"\nafter_round = 1\n'
    _, problems = load(make_site(_event_toml(extra=extra), {"event.trf": _WITHDRAWN_TRF}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert (error.line, error.code) == (line, "withdrawn-player")
    assert error.message == f"{player} withdrew after round 1 but plays in round 2"
    assert error.hint == (
        "correct after_round in [[withdrawals]] (after_round = 2 if the player left after "
        "round 2), or record the game as a forfeit in the TRF file (- for the player, + for "
        "the opponent; best in the pairing program, exporting it again)"
    )


def test_a_withdrawn_players_trf_games_are_one_error_on_the_players_own_line(
    make_site: SiteMaker,
) -> None:
    """C left after round 1 but plays rounds 2 (A-C) and 3 (B-C): one error, on C's own line
    (4), where the rounds after the withdrawal are to be changed, not on the first game's
    TRF place (A's line 2, the lower-numbered player's) nor the second's (B's line 3); both
    games are on that line, so the message names no other place. The hint's round to write
    is the last one played (3)."""
    extra = '[[withdrawals]]\nplayer = "C, C"\nafter_round = 1\n'
    _, problems = load(make_site(_event_toml(extra=extra), {"event.trf": _WITHDRAWN_TRF}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.trf"
    assert error.line == 4
    assert error.message == "C, C withdrew after round 1 but plays in rounds 2 and 3"
    assert error.hint == (
        "correct after_round in [[withdrawals]] (after_round = 3 if the player left after "
        "round 3), or record the games as forfeits in the TRF file (- for the player, + for "
        "the opponent; best in the pairing program, exporting it again)"
    )


def test_a_withdrawn_players_games_in_the_pgn_and_the_trf_are_an_error_in_each(
    make_site: SiteMaker,
) -> None:
    """C left after round 1; round 2's game (C-A, drawn) is in a PGN file as well as in the
    TRF file, round 3's (B-C) in the TRF file alone. One error on the PGN game (g.pgn line
    1), whose result comes from the TRF file, so its forfeit is written in both (a forfeit
    in one alone contradicts the other); one on C's own line (4) for round 3, with the TRF
    codes alone. Each names the other's round; both give after_round = 3."""
    extra = '[[withdrawals]]\nplayer = "C, C"\nafter_round = 1\n'
    files = {"event.trf": _WITHDRAWN_TRF, "g.pgn": pgn_game("2", "C, C", "A, A", "1/2-1/2")}
    _, problems = load(make_site(_event_toml(extra=extra), files))
    pgn, trf = problems.errors
    assert pgn.path is not None and (pgn.path.name, pgn.line) == ("g.pgn", 1)
    assert trf.path is not None and (trf.path.name, trf.line) == ("event.trf", 4)
    withdrew = "C, C withdrew after round 1 but plays in round"
    assert pgn.message == f"{withdrew} 2; also in round 3 (event.trf:4)"
    assert trf.message == f"{withdrew} 3; also in round 2 (g.pgn:1)"
    codes = (
        "correct after_round in [[withdrawals]] (after_round = 3 if the player left after "
        "round 3), or record the game as a forfeit in the TRF file (- for the player, + for "
        "the opponent; best in the pairing program, exporting it again)"
    )
    assert trf.hint == codes
    assert pgn.hint == codes + (
        ', and the PGN game so too ([Termination "forfeit"] and no moves) or delete the PGN game'
    )


def test_a_trf_late_entrys_blank_rounds_before_first_round_are_no_lost_round(
    make_site: SiteMaker,
) -> None:
    """D's round 1 left wholly blank (spaces where the block is), C with the pairing's bye:
    a blank round before later rounds is warned about as a game or bye lost in an edit,
    read as an absence. With first_round = 2 in event.toml, D had not yet entered, and TRF
    has no code for that: the blank is D's by right, so no warning, and the round reads
    "not yet entered"."""
    from generator.render.views import entry_label

    absent = line(4, "D, D", 1700, (0, "-", "Z"), (2, "b", "1"), (1, "b", "="))
    blank = absent.replace("   0 - Z  ", " " * 10, 1)
    assert len(blank) == len(absent) and blank != absent
    trf = _LATE_TRF.replace(
        line(3, "C, C", 1800, (4, "w", "1"), (1, "w", "="), (2, "b", "0")),
        line(3, "C, C", 1800, (0, "-", "U"), (1, "w", "="), (2, "b", "0")),
    ).replace(line(4, "D, D", 1700, (3, "b", "0"), (2, "b", "1"), (1, "b", "=")), blank)
    for slug, extra in (("plain", ""), ("late", '[[players]]\nname = "D, D"\nfirst_round = 2\n')):
        event, problems = load(make_site(_event_toml(extra=extra), {"event.trf": trf}, slug), slug)
        assert event is not None and not problems.errors, [p.format() for p in problems.items]
        said = [p.format() for p in problems.items]
        (first, *_) = player_records(event)[4].entries
        if extra:
            assert said == []
            assert entry_label(first) == "not yet entered"
        else:
            assert len(said) == 1 and "round 1 of player 4 is blank" in said[0], said
            assert entry_label(first) == "zero-point bye"
