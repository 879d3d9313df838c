"""The FIDE TRF export: exact columns, the sample files of the tie-break notes, and gacrux.

The samples ``sw6.trf`` and ``rr5.trf`` (../shared/docs/tiebreaks.md, section 6) are rebuilt
here as an organiser writes them (``event.toml`` and PGN) and exported again: every ``001``
line must come back as the sample has it. The samples write "no opponent" as ``   0``; the
export writes TRF-16's ``0000``, so that one field is normalised before comparing. gacrux
(the reference implementation, a test-only dependency) must read every file we write.
"""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from conftest import SiteMaker, load, pgn_game
from gacrux.trf2json import trf2json

from generator.build import build_site
from generator.model import Event
from generator.render.trf import tournament_trf
from generator.rules.scores import player_records
from generator.rules.standings import rank


def col(line: str, first: int, last: int) -> str:
    """Columns ``first`` to ``last`` of a line, 1-based and inclusive as TRF-16 numbers them."""
    return line[first - 1 : last]


def player_lines(trf: str) -> list[str]:
    return [line for line in trf.splitlines() if line.startswith("001")]


def records(trf: str, key: str) -> list[str]:
    return [line[4:] for line in trf.splitlines() if line.startswith(key + " ")]


def _event(make_site: SiteMaker, toml: str, pgn: str = "") -> Event:
    event, problems = load(make_site(toml, {"games.pgn": pgn}))
    assert event is not None, problems.items
    assert not problems.errors, [p.format() for p in problems.items]
    return event


def _trf(event: Event, ranks: dict[int, int] | None = None) -> str:
    records_ = player_records(event)
    if ranks is None:
        ranks = {row.player.number: row.rank for row in rank(event, records_).rows}
    return tournament_trf(event, records_, ranks)


def _gacrux(trf: str) -> dict[str, object]:
    reader = trf2json()
    reader.parse_file(trf, 0)
    assert reader.chessjson["status"]["code"] == 0, reader.chessjson["status"]
    tournament: dict[str, object] = reader.get_tournament(1)
    return tournament


# -- a small Swiss with every kind of round --------------------------------------------------

A, B, C, D = "Alpha, Anna", "Bravo, Bea", "Charlie, Carl", "Delta, Dora"
SMALL = f"""
name = "Small Swiss"
format = "swiss"
rounds = 4
start = 2025-06-01
end = 2025-06-04
location = "Testville"
arbiter = "Arbiter, Chief"
time_control = "90 min + 30 s"
tiebreaks = ["BH/C1", "SB", "DE"]

[[players]]
name = "{A}"
title = "GM"
sex = "M"
rating = 2300
federation = "NOR"
fide_id = 1000001
born = 2001-02-03

[[players]]
name = "{B}"
title = "WIM"
sex = "F"
rating = 2250
federation = "AUS"
birth_year = 1999

[[players]]
name = "{C}"

[[players]]
name = "{D}"
rating = 2150

[[results]]
round = 1
white = "{C}"
black = "{D}"
result = "--"

[[byes]]
round = 2
player = "{A}"
points = 0.5

[[byes]]
round = 2
player = "{D}"
points = 0

[[byes]]
round = 3
player = "{B}"
points = 1
"""
SMALL_GAMES = pgn_game("1", A, B, "1-0") + pgn_game("2", B, C, "1/2-1/2") + pgn_game("3", D, A, "*")


def test_tournament_records(make_site: SiteMaker) -> None:
    trf = _trf(_event(make_site, SMALL, SMALL_GAMES))
    lines = trf.splitlines()
    assert lines[:10] == [
        "012 Small Swiss",
        "022 Testville",
        "042 2025/06/01",
        "052 2025/06/04",
        "062 4",
        "072 3",  # Charlie has no rating
        "092 Individual: Swiss-System",
        "102 Arbiter, Chief",
        "122 90 min + 30 s",
        "202 BH/C1,SB,DE",
    ]
    assert lines[10] == "XXR 4"
    assert not records(trf, "162")  # standard scoring needs no 162 record
    assert trf.endswith("\n") and len(player_lines(trf)) == 4


def test_federation_and_deputy_arbiters_are_records_032_and_112(make_site: SiteMaker) -> None:
    """FIDE's rating reports ask for the federation (032) and each deputy chief arbiter on
    a 112 line of their own, after the chief arbiter's 102."""
    deputies = 'federation = "AUS"\ndeputy_arbiters = ["Deputy, One", "Deputy, Two"]\n'
    toml = SMALL.replace('time_control = "', deputies + 'time_control = "')
    lines = _trf(_event(make_site, toml, SMALL_GAMES)).splitlines()
    assert lines[1:3] == ["022 Testville", "032 AUS"]
    assert lines[8:11] == ["102 Arbiter, Chief", "112 Deputy, One", "112 Deputy, Two"]


SIX = [A, B, C, D, "Echo, Eve", "Foxtrot, Finn"]
DATED = """
name = "Dated Swiss"
format = "swiss"
rounds = 5
start = 2025-06-02
""" + "".join(f'\n[[players]]\nname = "{name}"\n' for name in SIX)


def _dated(round_tag: str, white: int, black: int, date: str | None) -> str:
    tags = {"Date": date} if date is not None else {}
    return pgn_game(round_tag, SIX[white], SIX[black], "1/2-1/2", **tags)


def test_record_132_gives_each_rounds_date_from_its_games(make_site: SiteMaker) -> None:
    """Record 132 (FIDE's rating reports need each round's day): YY/MM/DD in the columns of
    the round's block of the 001 lines (92-99, 102-109, ...). A round's day is the one most
    of its games give in their PGN Date tag (the earlier of two given equally often); a tag
    that gives less than a day, or no day that exists, says nothing; a round without a dated
    game is blank, and nothing follows the last dated round."""
    games = (
        # round 1: two games on 2 June, one played ahead on 1 June: the 2nd, most give it
        _dated("1", 0, 1, "2025.06.02")
        + _dated("1", 2, 3, "2025.06.01")
        + _dated("1", 4, 5, "2025.06.02")
        # round 2: the 3rd and the 4th once each, one game undated: the earlier, the 3rd
        + _dated("2", 1, 2, "2025.06.04")
        + _dated("2", 3, 4, "2025.06.03")
        + _dated("2", 5, 0, "????.??.??")
        # round 3: no game gives a whole day: blank
        + _dated("3", 0, 2, "2025.06.??")
        + _dated("3", 1, 4, None)
        + _dated("3", 3, 5, "????.??.??")
        # round 4: 31 June is no day; the other game gives the 5th
        + _dated("4", 0, 3, "2025.06.31")
        + _dated("4", 1, 5, "2025.06.05")
        + _dated("4", 2, 4, "2025.06.31")
        # round 5 is not played: no date, and the record ends after round 4
    )
    trf = _trf(_event(make_site, DATED, games))
    (line,) = [row for row in trf.splitlines() if row.startswith("132")]
    assert line == "132" + " " * 88 + "25/06/02  25/06/03            25/06/05"
    assert col(line, 92, 99) == "25/06/02"
    assert col(line, 102, 109) == "25/06/03"
    assert col(line, 112, 119) == " " * 8
    assert col(line, 122, 129) == "25/06/05" and len(line) == 129
    # the record stands with the others, before the players
    codes = [row[:3] for row in trf.splitlines()]
    assert codes.index("132") < codes.index("XXR") < codes.index("001")
    _gacrux(trf)  # the reference reader takes it
    # crosstable's import reads the file as before (the round dates are not used)
    toml = 'name = "Dated Swiss"\nformat = "swiss"\nrounds = 5\ntrf = "event.trf"\n'
    back, problems = load(make_site(toml, {"event.trf": trf}, slug="back"), "back")
    assert back is not None and not problems.items, [p.format() for p in problems.items]
    assert len(back.games) == 12 and back.rounds_played == 4


def test_no_record_132_when_no_game_gives_a_date(make_site: SiteMaker) -> None:
    games = _dated("1", 0, 1, "2025.??.??") + _dated("1", 2, 3, None)
    trf = _trf(_event(make_site, DATED, games))
    assert not records(trf, "132")
    assert not [row for row in trf.splitlines() if row.startswith("132")]


def test_player_line_columns(make_site: SiteMaker) -> None:
    trf = _trf(_event(make_site, SMALL, SMALL_GAMES), ranks={1: 1, 2: 2, 3: 3, 4: 4})
    alpha, bravo, charlie, delta = player_lines(trf)
    assert alpha == (
        "001    1 m GM Alpha, Anna                       2300 NOR     1000001 2001/02/03"
        "  1.5    1     2 w 1  0000 - H     4 b  "
    )
    for line in (alpha, bravo, charlie, delta):
        for blank in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91):
            assert line[blank - 1] == " ", (line, blank)
    # the fixed part
    assert col(bravo, 1, 3) == "001"
    assert col(bravo, 5, 8) == "   2"
    assert col(bravo, 10, 10) == "w"  # sex F
    assert col(bravo, 11, 13) == "WIM"
    assert col(bravo, 15, 47) == B.ljust(33)
    assert col(bravo, 49, 52) == "2250"
    assert col(bravo, 54, 56) == "AUS"
    assert col(bravo, 58, 68) == " " * 11  # no FIDE ID
    assert col(bravo, 70, 79) == "1999/00/00"  # the birth year alone
    assert col(bravo, 86, 89) == "   2"
    assert col(charlie, 10, 13) == "    " and col(charlie, 49, 79).strip() == ""
    # a block of 10 columns per round from column 92: opponent, colour, result
    blocks = {
        1: ["   2 w 1", "   1 b 0", "   4 w -", "   3 b -"],  # a game, a double forfeit
        2: ["0000 - H", "   3 w =", "   2 b =", "0000 - Z"],  # half- and zero-point byes
        # round 3 is paired but has no result yet: a pending game, a PAB given with the
        # pairings (with its point), and nothing yet for a player without either
        3: ["   4 b  ", "0000 - U", "", "   1 w  "],
    }
    for round_number, expected in blocks.items():
        start = 92 + 10 * (round_number - 1)
        found = [col(line, start, start + 7) for line in (alpha, bravo, charlie, delta)]
        assert found == expected, round_number
    # round 4 is not played yet: the lines end after round 3 (Charlie's after round 2)
    assert [len(line) for line in (alpha, bravo, charlie, delta)] == [119, 119, 109, 119]
    # Bravo lost round 1 (0) and drew round 2 (½); round 3 has no result yet, so its bye is
    # on the line but not in the points, which are the standings' (round 2's): 0.5
    assert col(bravo, 81, 84) == " 0.5"


AHEAD = (
    SMALL.split("[[results]]")[0]
    + f'[[byes]]\nround = 3\nplayer = "{A}"\npoints = 0.5\n\n'
    + f'[[byes]]\nround = 4\nplayer = "{B}"\npoints = 1\npairing_allocated = false\n'
)
AHEAD_GAMES = pgn_game("1", A, B, "1-0") + pgn_game("1", C, D, "1/2-1/2")


def test_a_bye_asked_for_ahead_is_on_the_line_but_not_in_the_points(
    make_site: SiteMaker,
) -> None:
    """Round 1 is played (Alpha beat Bravo, Charlie drew Delta); Alpha asked for a half-point
    bye in round 3 and Bravo was given a full-point bye in round 4, rounds 2 to 4 not played.
    The standings count round 1 alone (a round counts from its first result): Alpha 1, Bravo
    0, Charlie and Delta ½. The points column says the same; the byes stay in their rounds,
    for a pairing program to leave the two out of those rounds. It said 1.5 and 1.0."""
    site = make_site(AHEAD, {"games.pgn": AHEAD_GAMES})
    report = build_site(site)
    assert report.written and not report.problems.items, report.problems.items
    trf = (site / "output/ev/tournament.trf").read_text(encoding="utf-8")
    alpha, bravo, charlie, delta = player_lines(trf)
    assert [col(line, 81, 84) for line in (alpha, bravo, charlie, delta)] == [
        " 1.0",
        " 0.0",
        " 0.5",
        " 0.5",
    ]
    assert alpha.endswith("     2 w 1" + " " * 10 + "  0000 - H")  # round 2 blank
    assert bravo.endswith("     1 b 0" + " " * 20 + "  0000 - F")  # rounds 2 and 3 blank
    assert [len(line) for line in (alpha, bravo, charlie, delta)] == [119, 129, 99, 99]
    # results.json, the standings of the pages, gives the same points
    results = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    got = {row["number"]: row["points"] for row in results["standings"]}
    assert got == {1: 1, 2: 0, 3: 0.5, 4: 0.5}
    # and the import reads the file back without a word about the points
    toml = 'name = "Small Swiss"\nformat = "swiss"\nrounds = 4\ntrf = "event.trf"\n'
    back, problems = load(make_site(toml, {"event.trf": trf}, slug="back"), "back")
    assert back is not None and not problems.items, [p.format() for p in problems.items]
    assert sorted((b.round, b.player, b.points) for b in back.byes) == [(3, 1, 0.5), (4, 2, 1)]


def test_a_full_point_bye_given_is_f_and_the_pairings_bye_u(make_site: SiteMaker) -> None:
    """TRF-16: ``F`` full-point bye, ``U`` pairing-allocated bye (at most once per round).
    The event file says which (``pairing_allocated``); unsaid, a Swiss's is the pairing's."""
    games = pgn_game("1", A, B, "1-0") + pgn_game("2", C, D, "1-0")
    byes = "".join(
        f'[[byes]]\nround = {r}\nplayer = "{p}"\npoints = 1\n{said}\n'
        for r, p, said in (
            (1, C, "pairing_allocated = false"),
            (1, D, ""),
            (2, A, "pairing_allocated = true"),
            (2, B, "pairing_allocated = false"),
        )
    )
    toml = SMALL.split("[[results]]")[0] + byes
    lines = player_lines(_trf(_event(make_site, toml, games)))
    assert [col(line, 92, 99) for line in lines] == ["   2 w 1", "   1 b 0", "0000 - F", "0000 - U"]
    assert [col(line, 102, 109) for line in lines] == [
        "0000 - U",
        "0000 - F",
        "   4 w 1",
        "   3 b 0",
    ]


def test_a_round_has_at_most_one_pairing_allocated_bye(make_site: SiteMaker) -> None:
    """TRF: ``U`` at most once a round. An unsaid one-point bye of a Swiss was ``U`` whatever
    else the round held: two unsaid byes of one round, or one beside the bye the event file
    says is the pairing's, gave a round two ``U``. Now an unsaid one is ``U`` only when no
    other one-point bye of its round is, or may be, the pairing's, and ``F`` otherwise."""
    games = pgn_game("1", A, B, "1-0") + pgn_game("2", C, D, "1-0")
    byes = "".join(
        f'[[byes]]\nround = {r}\nplayer = "{p}"\npoints = 1\n{said}\n'
        for r, p, said in (
            (1, C, ""),  # two unsaid: neither can be told for the pairing's
            (1, D, ""),
            (2, A, "pairing_allocated = true"),
            (2, B, ""),  # beside the pairing's bye: given
            (3, C, ""),  # beside a bye given: the pairing's
            (3, D, "pairing_allocated = false"),
        )
    )
    toml = SMALL.split("[[results]]")[0] + byes
    lines = player_lines(_trf(_event(make_site, toml, games)))
    assert [col(line, 92, 99) for line in lines] == ["   2 w 1", "   1 b 0", "0000 - F", "0000 - F"]
    assert [col(line, 102, 109) for line in lines] == [
        "0000 - U",
        "0000 - F",
        "   4 w 1",
        "   3 b 0",
    ]
    assert [col(line, 112, 119) for line in lines[2:]] == ["0000 - U", "0000 - F"]


def test_forfeits_keep_the_scheduled_opponent_and_colour(make_site: SiteMaker) -> None:
    toml = SMALL.split("[[results]]")[0] + (
        f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "-+"\n\n'
        f'[[results]]\nround = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "+-"\n'
    )
    lines = player_lines(_trf(_event(make_site, toml)))
    assert [col(line, 92, 99) for line in lines] == [
        "   2 w -",
        "   1 b +",
        "   4 w +",
        "   3 b -",
    ]


def test_the_line_of_a_player_who_withdrew_stops_after_the_withdrawal(
    make_site: SiteMaker,
) -> None:
    """TRF has no record of a withdrawal: the rounds after it are "not paired", a round the
    line does not reach (TRF-16: as ``0000 -`` blank, worth a ``Z``), which a ``Z`` of a
    known absence is not. Announced for rounds not played yet, it cannot be told from
    zero-point byes asked for ahead: those rounds are ``Z``, and a comment line says so."""
    toml = SMALL.split("[[results]]")[0] + f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n'
    games = pgn_game("1", A, B, "1-0") + pgn_game("1", C, D, "0-1") + pgn_game("2", A, C, "1-0")
    trf = _trf(_event(make_site, toml, games))
    delta = player_lines(trf)[3]
    assert col(delta, 92, 99) == "   3 b 1"
    assert len(delta) == 99  # round 1's block is the last: 91 + 8 columns
    # A comment line states it, so that reading the file back takes the line's end for the
    # withdrawal without a warning (another program's line may have left out an absence).
    assert records(trf, "###") == [
        "player 4 (Delta, Dora) withdrew after round 1: the rounds after it are not on the "
        "line (not paired)"
    ]

    # Withdrawn after round 2 while round 1 alone is played: rounds 3 and 4 are absences
    # written ahead, round 2 is not played yet (blank).
    announced = toml.replace("after_round = 1", "after_round = 2")
    games = pgn_game("1", A, B, "1-0") + pgn_game("1", C, D, "0-1")
    trf = _trf(_event(make_site, announced, games))
    delta = player_lines(trf)[3]
    assert [col(delta, 92 + 10 * r, 99 + 10 * r) for r in (0, 1, 2, 3)] == [
        "   3 b 1", "        ", "0000 - Z", "0000 - Z",
    ]  # fmt: skip
    assert records(trf, "###") == [
        "player 4 (Delta, Dora) withdrew after round 2; TRF has no record of a withdrawal, "
        "and the rounds on the line cannot show it (the rounds after it are not played yet): "
        "they are written as zero-point byes"
    ]


def test_what_the_format_cannot_hold_is_named_in_comment_lines(make_site: SiteMaker) -> None:
    """A withdrawal followed by a forfeit on record cannot stop the line, and TRF has no code
    for a game played, then forfeited: comment lines (TRF-26: ``###``) say so, rather than
    the file reading back as something else without a word."""
    toml = SMALL.split("[[results]]")[0] + (
        f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "1-0"\n'
        'forfeited = true\nreason = "Phone rang"\n\n'
        f'[[results]]\nround = 2\nwhite = "{B}"\nblack = "{D}"\nresult = "+-"\n\n'
        f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n'
    )
    games = pgn_game("1", C, D, "1/2-1/2") + pgn_game("2", A, C, "1-0")
    trf = _trf(_event(make_site, toml, games))
    delta = player_lines(trf)[3]
    assert [col(delta, 92 + 10 * r, 99 + 10 * r) for r in (0, 1, 2, 3)] == [
        "   3 b =", "   2 b -", "0000 - Z", "0000 - Z",
    ]  # fmt: skip
    assert records(trf, "###") == [
        "player 4 (Delta, Dora) withdrew after round 1; TRF has no record of a withdrawal, "
        "and the rounds on the line cannot show it (the rounds after it hold a game or a "
        "bye): they are written as they are on record",
        "round 1: the game of player 1 (Alpha, Anna) and player 2 (Bravo, Bea) was played, "
        "then forfeited (1-0); TRF has no code for it and writes it as played",
    ]
    lines = trf.splitlines()
    assert lines.index("XXR 4") + 3 == lines.index(player_lines(trf)[0])  # before the players


def test_a_title_or_federation_longer_than_its_field_is_named_in_a_comment_line(
    make_site: SiteMaker,
) -> None:
    """TRF-16 gives the title columns 11-13 and the federation 54-56, 3 each: a federation
    written out ("Australia") or a title in words ("Candidate Master") is cut to "Aus" and
    "Can", a code no program knows. A comment line now names the full value, as it does for a
    name the field cuts; before, the cut was silent (the round-trip property test tries
    both)."""
    toml = SMALL.replace('federation = "AUS"', 'federation = "Australia"').replace(
        'title = "WIM"', 'title = "Candidate Master"'
    )
    trf = _trf(_event(make_site, toml, SMALL_GAMES))
    bravo = player_lines(trf)[1]
    assert (col(bravo, 11, 13), col(bravo, 54, 56)) == ("Can", "Aus")
    assert records(trf, "###") == [
        'player 2 (Bravo, Bea): the title "Candidate Master" is longer than the 3 columns of '
        'the title field, which hold "Can"',
        'player 2 (Bravo, Bea): the federation "Australia" is longer than the 3 columns of '
        'the federation field, which hold "Aus"',
    ]


def test_a_line_break_in_free_text_stays_on_its_record(make_site: SiteMaker) -> None:
    """event.toml may write the location, arbiter or time control over several lines (a TOML
    string with ``\\n``; a player's title and federation may not, as a name may not). Each
    line break began a line of its own in the file, which a reader took for another record:
    a location ending in a player line added a player. A line break is now one space, on the
    record's own line."""
    toml = (
        SMALL.replace('location = "Testville"', 'location = "Testville\\n001    9 m    Ghost"')
        .replace('arbiter = "Arbiter, Chief"', 'arbiter = "Arbiter, Chief\\r\\nIA"')
        .replace('time_control = "90 min + 30 s"', 'time_control = "90 min\\u2028+ 30 s"')
    )
    trf = _trf(_event(make_site, toml, SMALL_GAMES))
    lines = trf.split("\r\n")
    assert lines[-1] == "" and all("\n" not in line and "\r" not in line for line in lines)
    assert records(trf, "022") == ["Testville 001    9 m    Ghost"]
    assert records(trf, "102") == ["Arbiter, Chief IA"]
    assert records(trf, "122") == ["90 min + 30 s"]
    assert [col(line, 5, 8) for line in player_lines(trf)] == ["   1", "   2", "   3", "   4"]


def test_non_standard_scoring_writes_record_162(make_site: SiteMaker) -> None:
    toml = SMALL.split("[[results]]")[0] + (
        f'[[byes]]\nround = 2\nplayer = "{D}"\npoints = 1\n\n'
        "[scoring]\nwin = 3.0\ndraw = 1.0\nloss = 0.0\n"
    )
    games = (
        pgn_game("1", A, B, "1-0") + pgn_game("1", C, D, "1/2-1/2") + pgn_game("2", A, C, "1/2-1/2")
    )
    event = _event(make_site, toml, games)
    trf = _trf(event)
    assert records(trf, "162") == [" W 3.0    D 1.0    L 0.0"]
    line = next(line for line in trf.splitlines() if line.startswith("162"))
    assert col(line, 6, 6) == "W" and col(line, 7, 10) == " 3.0"
    assert col(line, 15, 15) == "D" and col(line, 16, 19) == " 1.0"
    assert col(line, 24, 24) == "L" and col(line, 25, 28) == " 0.0"
    assert [col(line, 81, 84) for line in player_lines(trf)] == [" 4.0", " 0.0", " 2.0", " 4.0"]
    tournament = _gacrux(trf)  # gacrux checks every player's points against record 162
    points = {c["cid"]: c["gamePoints"] for c in tournament["competitors"]}  # type: ignore[attr-defined]
    assert points == {1: Decimal("4.0"), 2: Decimal("0.0"), 3: Decimal("2.0"), 4: Decimal("4.0")}


def _four(scoring: str, games: list[tuple[int, str, str, str]]) -> tuple[str, str]:
    """A four-player round robin with the scoring given, as its export writes it."""
    names = "".join(f'[[players]]\nname = "{n}"\n' for n in (A, B, C, D))
    toml = f'name = "Four"\nformat = "round-robin"\nrounds = 3\n{names}\n[scoring]\n{scoring}\n'
    pgn = "".join(pgn_game(str(r), w, b, result) for r, w, b, result in games)
    return toml, pgn


def test_a_quarter_point_score_keeps_both_decimals(make_site: SiteMaker) -> None:
    """TRF gives a score 4 columns ("11.5"). A draw worth 0.25 was written with one decimal,
    rounded to "0.2" (record 162) and a player's 1.25 to "1.2" (columns 81-84): gacrux took
    those for the scores, and the import refused its own file (the scoring differed from the
    event's). "0.25" and "1.25" fit the 4 columns as they are."""
    toml, pgn = _four(
        "win = 1.0\ndraw = 0.25\nloss = 0.0",
        [(1, A, D, "1/2-1/2"), (1, B, C, "1/2-1/2"), (2, C, A, "1-0"), (3, A, B, "1-0")],
    )
    trf = _trf(_event(make_site, toml, pgn), ranks={1: 1, 2: 3, 3: 1, 4: 3})
    line = next(line for line in trf.splitlines() if line.startswith("162"))
    assert line == "162  W 1.0    D0.25    L 0.0"
    assert col(line, 7, 10) == " 1.0" and col(line, 16, 19) == "0.25"
    # A: ¼ + 0 + 1, B: ¼ + 0 (round 2 unplayed), C: ¼ + 1, D: ¼ (rounds 2-3 unplayed)
    assert [col(line, 81, 84) for line in player_lines(trf)] == ["1.25", "0.25", "1.25", "0.25"]
    assert not records(trf, "###")
    tournament = _gacrux(trf)
    points = {c["cid"]: c["gamePoints"] for c in tournament["competitors"]}  # type: ignore[attr-defined]
    assert points == {
        1: Decimal("1.25"), 2: Decimal("0.25"), 3: Decimal("1.25"), 4: Decimal("0.25")
    }  # fmt: skip


def test_a_hundred_points_or_more_stay_in_their_four_columns(make_site: SiteMaker) -> None:
    """120 points written "120.0" took five columns, 81-85, so the rank and every round of
    the line stood one column right of where TRF puts them; " 120" is exact in 81-84."""
    toml, pgn = _four(
        "win = 40.0\ndraw = 20.0\nloss = 0.0",
        [(1, A, D, "1-0"), (1, B, C, "1/2-1/2"), (2, C, A, "0-1"), (3, A, B, "1-0")],
    )
    trf = _trf(_event(make_site, toml, pgn), ranks={1: 1, 2: 2, 3: 2, 4: 4})
    alpha = player_lines(trf)[0]
    assert alpha == (
        "001    1      " + A.ljust(33) + " " * 33 + " 120    1     4 w 1     3 b 1     2 w 1"
    )
    assert col(alpha, 80, 80) == " " and col(alpha, 81, 84) == " 120"
    assert col(alpha, 86, 89) == "   1" and col(alpha, 92, 99) == "   4 w 1"
    assert records(trf, "162") == [" W40.0    D20.0    L 0.0"]


def test_a_score_no_four_columns_hold_is_named_in_a_comment_line(make_site: SiteMaker) -> None:
    """A draw worth 0.333 has no exact 4-column form: the nearest, "0.3", is written in its
    columns, and a comment line gives the score, as it does for a name the field cuts."""
    toml, pgn = _four("win = 1.0\ndraw = 0.333\nloss = 0.0", [(1, A, D, "1/2-1/2")])
    trf = _trf(_event(make_site, toml, pgn), ranks={1: 1, 2: 3, 3: 3, 4: 1})
    assert records(trf, "162") == [" W 1.0    D 0.3    L 0.0"]
    assert [col(line, 81, 84) for line in player_lines(trf)] == [" 0.3", " 0.0", " 0.0", " 0.3"]
    assert records(trf, "###") == [
        "record 162: a draw scores 0.333, which the 4 columns of a score cannot hold: they "
        'hold "0.3"',
        "player 1 (Alpha, Anna): the points 0.333, which the 4 columns of the points field "
        'cannot hold, are written "0.3"',
        "player 4 (Delta, Dora): the points 0.333, which the 4 columns of the points field "
        'cannot hold, are written "0.3"',
    ]


def test_gacrux_reads_the_small_event(make_site: SiteMaker) -> None:
    trf = _trf(_event(make_site, SMALL, SMALL_GAMES))
    tournament = _gacrux(trf)
    assert tournament["numRounds"] == 4
    assert tournament["rankOrder"] == ["PTS", "BH/C1", "SB", "DE"]
    assert tournament["tournamentInfo"]["startDate"] == "2025-06-01"  # type: ignore[index]
    competitors = tournament["competitors"]
    points = {c["cid"]: c["gamePoints"] for c in competitors}  # type: ignore[attr-defined]
    # the points of rounds 1 and 2 (round 3 has no result yet): Alpha 1 + ½ (H), Bravo 0 + ½,
    # Charlie ½ (a double forfeit, then a draw), Delta 0 (a double forfeit, then a Z)
    assert points == {1: Decimal("1.5"), 2: Decimal("0.5"), 3: Decimal("0.5"), 4: Decimal("0.0")}


# -- the sample files of the tie-break notes -------------------------------------------------

SW6_LINES = """
001    1 m    One, Ola                          2300 NOR     2000001 2000/01/01  3.5    1     4 w 1     2 b 1     3 w =     5 w 1
001    2 m    Two, Tom                          2250 NOR     2000002 2000/01/01  2.0    3     5 b =     1 w 0     0 - U     3 b =
001    3 m    Three, Tea                        2200 NOR     2000003 2000/01/01  2.5    2     6 w 1     4 b =     1 b =     2 w =
001    4 m    Four, Fay                         2150 NOR     2000004 2000/01/01  1.0    5     1 b 0     3 w =     5 b 0     0 - H
001    5 m    Five, Fox                         2100 NOR     2000005 2000/01/01  1.5    4     2 w =     6 b -     4 w 1     1 b 0
001    6 m    Six, Sam                          2050 NOR     2000006 2000/01/01  1.0    6     3 b 0     5 w +     0 - Z     0 - Z
"""  # noqa: E501

RR5_LINES = """
001    1      P1, A                             2000                             3.0    0     0 -       2 w 1     3 b 1     4 w =     5 b =
001    2      P2, B                             1990                             3.0    0     5 w 1     1 b 0     0 -       3 w 1     4 b 1
001    3      P3, C                             1980                             1.5    0     4 w =     5 b 1     1 w 0     2 b 0     0 -
001    4      P4, D                             1970                             2.0    0     3 b =     0 -       5 w 1     1 b =     2 w 0
001    5      P5, E                             1960                             0.5    0     2 b 0     3 w 0     4 b 0     0 -       1 w =
"""  # noqa: E501

SW6_NAMES = ["One, Ola", "Two, Tom", "Three, Tea", "Four, Fay", "Five, Fox", "Six, Sam"]


def _sw6(make_site: SiteMaker) -> Event:
    toml = [
        'name = "Peer check SW6"\nformat = "swiss"\nrounds = 4\nstart = 2025-06-01\n'
        'end = 2025-06-04\nlocation = "Testville"\n'
    ]
    for index, name in enumerate(SW6_NAMES):
        toml.append(
            f'[[players]]\nname = "{name}"\nsex = "M"\nrating = {2300 - 50 * index}\n'
            f'federation = "NOR"\nfide_id = {2000001 + index}\nborn = 2000-01-01\n'
        )
    one, two, three, four, five, six = SW6_NAMES
    toml.append(f'[[results]]\nround = 2\nwhite = "{six}"\nblack = "{five}"\nresult = "+-"\n')
    toml.append(f'[[byes]]\nround = 3\nplayer = "{two}"\npoints = 1\n')
    toml.append(f'[[byes]]\nround = 4\nplayer = "{four}"\npoints = 0.5\n')
    toml.append(f'[[withdrawals]]\nplayer = "{six}"\nafter_round = 2\n')
    games = [
        (1, one, four, "1-0"), (1, five, two, "1/2-1/2"), (1, three, six, "1-0"),
        (2, two, one, "0-1"), (2, four, three, "1/2-1/2"),
        (3, one, three, "1/2-1/2"), (3, five, four, "1-0"),
        (4, one, five, "1-0"), (4, three, two, "1/2-1/2"),
    ]  # fmt: skip
    pgn = "".join(pgn_game(str(r), w, b, result) for r, w, b, result in games)
    return _event(make_site, "\n".join(toml), pgn)


def _sample(text: str) -> list[str]:
    return [line.replace("     0 -", "  0000 -").rstrip() for line in player_lines(text)]


def test_sw6_sample_comes_back_column_for_column(make_site: SiteMaker) -> None:
    """Six withdrew after round 2: the sample writes rounds 3 and 4 as ``Z``, known absences;
    the export leaves them out, "not paired" (TRF-16: worth what ``Z`` is, so every value of
    the notes stays, as ``test_gacrux_computes_the_documented_sw6_values`` checks), which
    its import reads as the withdrawal it is, where ``Z`` would be zero-point byes."""
    trf = _trf(_sw6(make_site), ranks={1: 1, 2: 3, 3: 2, 4: 5, 5: 4, 6: 6})
    *others, six = _sample(SW6_LINES)
    assert six.endswith("  0000 - Z  0000 - Z")
    expected = [*others, six.removesuffix("  0000 - Z  0000 - Z")]
    assert [line.rstrip() for line in player_lines(trf)] == expected


def test_rr5_sample_sit_out_rounds(make_site: SiteMaker) -> None:
    names = ["P1, A", "P2, B", "P3, C", "P4, D", "P5, E"]
    toml = 'name = "Peer check RR5 odd"\nformat = "round-robin"\nrounds = 5\nstart = 2025-06-01\n'
    for index, name in enumerate(names):
        toml += f'\n[[players]]\nname = "{name}"\nrating = {2000 - 10 * index}\n'
    p1, p2, p3, p4, p5 = names
    games = [
        (1, p2, p5, "1-0"), (1, p3, p4, "1/2-1/2"),
        (2, p1, p2, "1-0"), (2, p5, p3, "0-1"),
        (3, p3, p1, "0-1"), (3, p4, p5, "1-0"),
        (4, p1, p4, "1/2-1/2"), (4, p2, p3, "1-0"),
        (5, p5, p1, "1/2-1/2"), (5, p4, p2, "0-1"),
    ]  # fmt: skip
    pgn = "".join(pgn_game(str(r), w, b, result) for r, w, b, result in games)
    trf = _trf(_event(make_site, toml, pgn), ranks=dict.fromkeys(range(1, 6), 0))
    assert [line.rstrip() for line in player_lines(trf)] == _sample(RR5_LINES)
    # the sit-out is the schedule's bye: no opponent, colour "-", result blank (not "Z")
    assert col(player_lines(trf)[2], 132, 139) == "0000 -  "


def test_gacrux_computes_the_documented_sw6_values(make_site: SiteMaker, tmp_path: Path) -> None:
    """``python -m gacrux.tiebreakchecker`` on our file prints the table of the notes (6.2)."""
    path = tmp_path / "sw6.trf"
    path.write_text(_trf(_sw6(make_site)), encoding="latin-1")
    codes = ["BH", "BH/C1", "SB", "SB/C1", "WIN", "WON", "BPG", "REP", "PS", "FB", "AOB"]
    output = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-t", "PTS", *codes,
         "-d", "T"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    rows = [line.split("\t") for line in output.strip().splitlines()]
    assert rows[0] == ["StartNo", "Rank", "PTS", *codes]
    assert [row[2:] for row in rows[1:]] == [
        ["3.5", "7.0", "6.0", "5.75", "4.75", "3", "3", "1", "4", "9.0", "7.5", "8.63"],
        ["2.0", "9.5", "8.0", "4.00", "3.25", "1", "0", "2", "4", "4.5", "9.5", "7.83"],
        ["2.5", "8.5", "7.5", "5.25", "4.75", "1", "1", "2", "4", "7.0", "8.0", "7.63"],
        ["1.0", "8.5", "7.5", "1.75", "1.25", "0", "0", "2", "3", "2.0", "8.5", "7.83"],
        ["1.5", "8.0", "6.5", "2.00", "1.00", "1", "1", "1", "3", "4.0", "8.0", "8.33"],
        ["1.0", "5.5", "4.5", "1.00", "1.00", "1", "0", "1", "2", "3.0", "5.5", "8.50"],
    ]


def test_the_exported_rank_of_a_shared_place_is_shared(make_site: SiteMaker) -> None:
    """TRF's rank field allows ties ("exact definition, ties allowed"): four players who draw
    every game share place 1-4, and each is written with rank 1, as results.json has it."""
    games = "".join(
        pgn_game(f"{r}.{b}", white, black, "1/2-1/2")
        for r, pairs in enumerate([[(A, D), (B, C)], [(D, C), (A, B)], [(B, D), (C, A)]], 1)
        for b, (white, black) in enumerate(pairs, 1)
    )
    names = "".join(f'[[players]]\nname = "{n}"\n' for n in (A, B, C, D))
    toml = f'name = "Draws"\nformat = "round-robin"\nrounds = 3\ntiebreaks = ["SB"]\n{names}'
    site = make_site(toml, {"games.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    trf = (site / "output/ev/tournament.trf").read_text(encoding="utf-8")
    assert [col(line, 86, 89) for line in player_lines(trf)] == ["   1"] * 4
