"""Crosstable and rank-table cells: the right result, colour and game in the right place."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from conftest import SiteMaker, event_toml, load, messages, pgn_game

from generator.build import build_site
from generator.model import Event
from generator.render import views
from generator.render.site import player_page_key, round_page_key
from generator.render.views import (
    TiebreakColumn,
    category_rows,
    columns_after,
    crosstable,
    rank_table,
    tiebreak_columns,
)
from generator.rules.scores import player_records
from generator.rules.standings import Standings, rank
from generator.rules.tiebreaks import describe, describe_variant
from generator.text import score_text

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def _standings(make_site: SiteMaker, text: str, games: str) -> tuple[Event, Standings]:
    event, problems = load(make_site(text, {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    return event, rank(event, player_records(event), codes=())


def _cells(row: object) -> list[str]:
    out = []
    for games in row.cells:  # type: ignore[attr-defined]
        if games is None:
            out.append("X")
        else:
            out.append(" ".join(f"{c.symbol}{c.colour or ''}" for c in games))
    return out


def test_round_robin_crosstable_cells(make_site: SiteMaker) -> None:
    body = f'[[results]]\nround = 3\nwhite = "{C}"\nblack = "{D}"\nresult = "+-"\n\n'
    games = (
        pgn_game("1.1", A, D, "1-0", "1. e4 e5")
        + pgn_game("1.2", B, C, "0-1")
        + pgn_game("2.1", C, A, "1/2-1/2")
        + pgn_game("2.2", B, D, "1/2-1/2")
        + pgn_game("3.1", A, B, "1-0")
    )
    # By hand: A 1 + ½ + 1 = 2½, C 1 + ½ + 1 (forfeit) = 2½, B 0 + ½ + 0 = ½, D 0 + ½ + 0 = ½.
    _, standings = _standings(make_site, event_toml(body), games)
    assert [r.player.name for r in standings.rows] == [A, C, B, D]
    rows = crosstable(standings)
    # Columns in final order too: A, C, B, D; the diagonal is blank.
    assert _cells(rows[0]) == ["X", "½b", "1w", "1w"]
    assert _cells(rows[1]) == ["½w", "X", "1b", "+w"]
    assert _cells(rows[2]) == ["0b", "0w", "X", "½w"]
    assert _cells(rows[3]) == ["0b", "−b", "½b", "X"]
    assert rows[0].cells[3][0].game.plies == 2  # type: ignore[index]
    assert rows[1].cells[3][0].kind == "forfeit-win"  # type: ignore[index]


def test_double_round_robin_cell_holds_both_games(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("4.1", B, A, "1/2-1/2")
    text = event_toml(format="double-round-robin", rounds=6)
    _, standings = _standings(make_site, text, games)
    rows = crosstable(standings)
    assert rows[0].row.player.name == A
    b_column = [r.row.player.name for r in rows].index(B)
    assert _cells(rows[0])[b_column] == "1w ½b"


def test_swiss_rank_table_shows_final_rank_colour_and_result(make_site: SiteMaker) -> None:
    body = f'[[byes]]\nround = 2\nplayer = "{D}"\npoints = 1\n\n'
    games = (
        pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "0-1") + pgn_game("2.1", B, C, "1-0")
    )
    text = event_toml(body, format="swiss", rounds=3)
    _, standings = _standings(make_site, text, games)
    # D 2 (rank 1), A 1 (rank 2, before B by number), B 1 (rank 3), C 0 (rank 4)
    assert [r.player.name for r in standings.rows] == [D, A, B, C]
    rows = rank_table(standings)
    first = [(c.opponent, c.colour, c.symbol) for (c,) in rows[0].cells]  # type: ignore[misc]
    assert first == [("4", "b", "1"), ("bye", None, "1"), ("", None, "")]
    second = [(c.opponent, c.colour, c.symbol) for (c,) in rows[1].cells]  # type: ignore[misc]
    assert second == [("3", "w", "1"), ("–", None, "0"), ("", None, "")]


def test_the_rank_table_says_final_rank_only_once_the_event_is_over(
    make_site: SiteMaker,
) -> None:
    """A three-round Swiss after round 1: the rank table's legend (and its caption for screen
    readers) said each round shows "the opponent's final rank", while the ranks are those
    after round 1 and will change. It says "rank after round 1" until the event is over, and
    "final rank" then."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1/2-1/2")
    site = make_site(event_toml(format="swiss", rounds=3), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/crosstable.html").read_text(encoding="utf-8")
    assert "Each round shows the opponent's rank after round 1, the colour" in page
    assert "each player's opponent (by rank after round 1), colour" in page
    assert "final rank" not in page
    games += pgn_game("2.1", A, C, "1-0") + pgn_game("2.2", D, B, "0-1")
    games += pgn_game("3.1", A, D, "1-0") + pgn_game("3.2", B, C, "1/2-1/2")
    site = make_site(event_toml(format="swiss", rounds=3), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/crosstable.html").read_text(encoding="utf-8")
    assert "Each round shows the opponent's final rank, the colour" in page
    assert "each player's opponent (by final rank), colour" in page


def test_points_are_printed_with_halves() -> None:
    assert [score_text(v) for v in (0, 0.5, 6.5, 7.0, 2.25)] == ["0", "½", "6½", "7", "2.25"]


FIVE = """
[[players]]
name = "A"
[[players]]
name = "B"
[[players]]
name = "C"
[[players]]
name = "D"
[[players]]
name = "E"
"""


def test_a_category_marks_what_separates_its_own_neighbours(make_site: SiteMaker) -> None:
    """A round robin of five (one sits out each round). A (½, ½, 1½, 2½, 2½: PS 7½, PS/C1 7),
    B (1, 1, 1, 2, 2½: 7½, 6½) and C (0, 1, 1½, 1½, 2½: 6½) score 2½. Overall A is ahead of
    B on PS/C1; in a category of A and C alone, PS (7½ to 6½) is what separates them."""
    results = [
        (1, 1, "A", "E", "1/2-1/2"), (1, 2, "B", "D", "1-0"),
        (2, 1, "C", "A", "1-0"), (2, 2, "D", "E", "1-0"),
        (3, 1, "A", "B", "1-0"), (3, 2, "C", "E", "1/2-1/2"),
        (4, 1, "D", "A", "0-1"), (4, 2, "B", "C", "1-0"),
        (5, 1, "E", "B", "1/2-1/2"), (5, 2, "C", "D", "1-0"),
    ]  # fmt: skip
    games = "".join(pgn_game(f"{r}.{b}", w, k, res) for r, b, w, k, res in results)
    toml = 'name = "Five"\nformat = "round-robin"\nrounds = 5\nstart = 2025-06-01\n' + FIVE
    event, problems = load(make_site(toml, {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    codes = ("PS", "PS/C1")
    standings = rank(event, player_records(event), codes=codes)
    assert [(r.player.name, r.decided_by) for r in standings.rows[:3]] == [
        ("A", "PS/C1"), ("B", "PS"), ("C", "points"),
    ]  # fmt: skip
    rows = category_rows(standings, [1, 3], codes)
    assert [(r.row.player.name, r.place, r.decided_by) for r in rows] == [
        ("A", "1", "PS"), ("C", "2", ""),
    ]  # fmt: skip
    # Had a play-off put A ahead of B, it would be what puts A ahead of C too: the strongest
    # of what separates the players between them (points, the play-off, then the tie-breaks).
    first = replace(standings.rows[0], decided_by="playoff")
    played = replace(standings, rows=(first, *standings.rows[1:]))
    assert [r.decided_by for r in category_rows(played, [1, 3], codes)] == ["playoff", ""]


def test_progressive_score_cuts_of_every_round_played_are_not_columns() -> None:
    """After round 3, PS/C3 takes off the scores after rounds 1, 2 and 3: nothing is left
    (zero for everyone), so the standings after round 3 show PS, PS/C1 and PS/C2 only. A
    Buchholz cut drops opponents, not rounds: it stays."""
    columns = tuple(
        TiebreakColumn(code, code, "", "") for code in ("PS", "PS/C1", "PS/C2", "PS/C3", "BH/C1")
    )
    assert [c.code for c in columns_after(columns, 3)] == ["PS", "PS/C1", "PS/C2", "BH/C1"]
    assert [c.code for c in columns_after(columns, 1)] == ["PS", "BH/C1"]


def test_a_code_listed_again_is_defined_by_what_it_changes_and_a_plain_one_in_full(
    make_site: SiteMaker,
) -> None:
    """["BH/C1", "BH", "BH/M1", "DE", "DE"] in a Swiss of 3 rounds: BH/C1 first gets
    Buchholz's definition; the plain BH after it is the full Buchholz, not "again", and gets
    the definition too; BH/M1 says what it changes; the second DE is DE again."""
    toml = event_toml('tiebreaks = ["BH/C1", "BH", "BH/M1", "DE", "DE"]\n', format="swiss")
    event, _ = _standings(make_site, toml, pgn_game("1.1", A, B, "1-0"))
    buchholz = (
        "The sum of the opponents' scores; with a cut (BH/C1) the lowest are left out, with a "
        "median (BH/M1) the lowest and the highest."
    )
    assert [c.description for c in tiebreak_columns(event)] == [
        buchholz,
        buchholz,
        "As BH, with the lowest value and the highest value left out.",
        "The points scored in the games between the tied players (two who met more than once "
        "count the average of their games); applied again to any sub-group still tied.",
        "Direct Encounter again, applied to the players still tied.",
    ]


def test_the_leaders_list_does_not_split_a_shared_place() -> None:
    """The home page's Leaders list showed five rows: "5-6 Lowe" without Moss, who shares
    the place. It runs on to the last player of the fifth row's place."""

    def standings(*places: str) -> Any:
        rows = [SimpleNamespace(place=place, number=i) for i, place in enumerate(places)]
        return SimpleNamespace(rows=tuple(rows))

    def shown(*places: str) -> list[str]:
        return [row.place for row in views.leaders(standings(*places))]

    assert shown("1", "2", "3", "4", "5-6", "5-6", "7") == ["1", "2", "3", "4", "5-6", "5-6"]
    assert shown("1", "2", "3", "4", "5", "6") == ["1", "2", "3", "4", "5"]
    assert shown(*["1-7"] * 7, "8") == ["1-7"] * 7
    assert shown("1", "2-3", "2-3") == ["1", "2-3", "2-3"]


def test_a_place_shared_by_many_is_summed_up_in_the_leaders_list() -> None:
    """After round 1 of an open, hundreds of winners equal on every tie-break share 1st place,
    and the Leaders list named them all. A place that would take the list past ten names is
    summed up: "1-900: 900 players with 1 point"; the rows before it are listed."""

    def standings(*places: str) -> Any:
        rows = [SimpleNamespace(place=p, points=1.0 if p == "1-900" else 2.0) for p in places]
        return SimpleNamespace(rows=tuple(rows))

    def listed(table: Any) -> tuple[list[str], views.SharedPlace | None]:
        rows = views.leaders(table)
        return [row.place for row in rows], views.leaders_beyond(table, rows)

    assert listed(standings(*["1-900"] * 900, "901")) == ([], views.SharedPlace("1-900", 900, 1.0))
    beyond = ["4-14"] * 11
    assert listed(standings("1", "2", "3", *beyond, "15")) == (
        ["1", "2", "3"],
        views.SharedPlace("4-14", 11, 2.0),
    )
    # Ten names at most: a place that ends the list at ten is listed whole.
    whole = ["4-10"] * 7
    assert listed(standings("1", "2", "3", *whole, "11")) == (["1", "2", "3", *whole], None)
    assert listed(standings("1", "2")) == (["1", "2"], None)
    assert listed(standings("1", "2", "3", "4", "5", "6")) == (["1", "2", "3", "4", "5"], None)


def _status_of(rounds: int, played: int, on: tuple[int, ...]) -> views.EventStatus:
    """``event_status`` of an event of ``rounds`` rounds, ``played`` of them with a result,
    ``on`` still in progress (``Event.finished`` as the model works it out)."""
    event = SimpleNamespace(
        rounds=rounds,
        rounds_played=played,
        rounds_in_progress=on,
        finished=played >= rounds and not on,
    )
    return views.event_status(event)  # type: ignore[arg-type]


def test_the_dummys_cap_counts_the_rounds_the_standings_count() -> None:
    """C.07 (2026) 16.4.2: a draw in every round played. Seven rounds, a draw ½: before the
    first result there is no round to count, so the cap is the whole event's, ½ × 7 = 3½
    points after all 7 rounds (not "0 points after round 0"); after round 2, ½ × 2 = 1 point
    (one, not "points"); once the event is over, 3½ after all 7 rounds again."""

    def cap(played: int, on: tuple[int, ...] = ()) -> str:
        event = SimpleNamespace(
            rounds=7,
            rounds_played=played,
            rounds_in_progress=on,
            finished=played >= 7 and not on,
            scoring=SimpleNamespace(draw=0.5),
        )
        return views.dummy_cap_text(event)  # type: ignore[arg-type]

    assert cap(0) == "3½ points after all 7 rounds"
    assert cap(2) == "1 point after round 2"
    assert cap(3, on=(3,)) == "1½ points during round 3"
    assert cap(7) == "3½ points after all 7 rounds"
    assert cap(7, on=(7,)) == "3½ points during round 7"


def test_the_event_status_reads_the_same_for_the_same_state() -> None:
    """Every state in the words of every page: short (home page, championship, print header),
    sentence (event page), and what keeps the standings provisional."""
    cases = [
        # Nothing played: 7 rounds to come.
        ((7, 0, ()), ("not started", "Not started", "7 rounds still to play")),
        # Rounds 1 and 2 complete, 5 to come.
        ((7, 2, ()), ("after round 2 of 7", "After round 2 of 7", "5 rounds still to play")),
        # Round 6 complete, 1 round (7) to come: "round", not "rounds".
        ((7, 6, ()), ("after round 6 of 7", "After round 6 of 7", "1 round still to play")),
        # Round 3 of 3 under way: rounds 1 and 2 complete, nothing after it.
        (
            (3, 3, (3,)),
            (
                "after round 2 of 3, round 3 in progress",
                "After round 2 of 3, round 3 in progress",
                "round 3 in progress",
            ),
        ),
        # Round 1 under way: no round is complete yet.
        (
            (5, 1, (1,)),
            (
                "round 1 of 5 in progress",
                "Round 1 of 5 in progress",
                "round 1 in progress, 4 rounds still to play",
            ),
        ),
        # Rounds 2 and 3 both still have games on; round 1 is the last complete.
        (
            (5, 3, (2, 3)),
            (
                "after round 1 of 5, rounds 2 and 3 in progress",
                "After round 1 of 5, rounds 2 and 3 in progress",
                "rounds 2 and 3 in progress, 2 rounds still to play",
            ),
        ),
        # A game of round 2 waits while round 3 is complete: 3 is the last complete round.
        (
            (7, 3, (2,)),
            (
                "after round 3 of 7, round 2 in progress",
                "After round 3 of 7, round 2 in progress",
                "round 2 in progress, 4 rounds still to play",
            ),
        ),
        # Three rounds on at once.
        (
            (9, 4, (2, 3, 4)),
            (
                "after round 1 of 9, rounds 2, 3 and 4 in progress",
                "After round 1 of 9, rounds 2, 3 and 4 in progress",
                "rounds 2, 3 and 4 in progress, 5 rounds still to play",
            ),
        ),
        # Every round complete.
        ((3, 3, ()), ("final", "Final: all 3 rounds played", "")),
    ]
    for (rounds, played, on), expected in cases:
        assert tuple(_status_of(rounds, played, on)) == expected, (rounds, played, on)


def test_a_play_off_to_play_is_not_final_and_an_earlier_round_is_the_pages() -> None:
    finished = SimpleNamespace(rounds=3, rounds_played=3, rounds_in_progress=(), finished=True)
    assert tuple(views.event_status(finished, playoff_pending=True)) == (  # type: ignore[arg-type]
        "all rounds played, play-off pending",
        "All 3 rounds played, play-off pending",
        "",
    )
    # While rounds are still played the play-off cannot be due: the rounds' status stands.
    running = SimpleNamespace(rounds=3, rounds_played=2, rounds_in_progress=(), finished=False)
    assert views.event_status(running, True).short == "after round 2 of 3"  # type: ignore[arg-type]
    # The standings after round 1, printed: that round is the page's status, whatever the
    # event's; the current round (or a later one) gives the event's own.
    assert views.event_status(finished, True, after_round=1).short == "after round 1 of 3"  # type: ignore[arg-type]
    assert views.event_status(finished, False, after_round=3).short == "final"  # type: ignore[arg-type]
    assert views.event_status(running, False, after_round=2).short == "after round 2 of 3"  # type: ignore[arg-type]


def _absent(event: Event, number: int) -> list[tuple[str, str]]:
    view = views.round_view(event, player_records(event), number)
    return [(player.name, why) for player, why in view.absent]


def test_an_even_round_robin_says_the_scheduled_opponent_withdrew(make_site: SiteMaker) -> None:
    """A round robin's round page listed under "Not playing" a player whose scheduled
    opponent had withdrawn as if they had stayed away, and their card said "not paired".
    With four players and Delta gone after round 1, Bravo's and then Charlie's opponent is
    Delta: with an even number nobody sits out, so that is the only reason."""
    body = '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 1\n\n'
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "1/2-1/2")
    games += pgn_game("2.1", A, C, "1-0") + pgn_game("3.1", B, A, "0-1")
    event, standings = _standings(make_site, event_toml(body), games)
    assert _absent(event, 2) == [(B, "opponent withdrew"), (D, "")]
    assert _absent(event, 3) == [(C, "opponent withdrew"), (D, "")]
    lines = views.player_lines(event, player_records(event)[2], standings)
    assert [line.cell.label for line in lines] == ["", "opponent withdrew", ""]


def test_a_bye_of_a_round_not_played_yet_is_named_on_the_card_and_in_the_rank_table(
    make_site: SiteMaker,
) -> None:
    """Round 1 played; round 2 paired (a game on, no result yet) with Bravo's pairing bye;
    Delta asked for a half-point bye in round 3. The round pages list both byes, but the
    players' cards and the rank table's cells said only "not played yet" for those rounds,
    as for any round to come. They name the bye, which scores nothing yet."""
    byes = (
        f'[[byes]]\nround = 2\nplayer = "{B}"\npoints = 1\n\n'
        f'[[byes]]\nround = 3\nplayer = "{D}"\npoints = 0.5\n'
    )
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1-0")
    games += pgn_game("2.1", C, A, "*")
    event, standings = _standings(make_site, event_toml(byes, format="swiss"), games)
    records = player_records(event)
    bravo = views.player_lines(event, records[2], standings)
    delta = views.player_lines(event, records[4], standings)
    assert [line.cell.label for line in bravo] == [
        "",
        "full-point bye (round not played yet)",
        "not played yet",
    ]
    assert [line.cell.label for line in delta] == [
        "",
        "not played yet",
        "half-point bye (round not played yet)",
    ]
    assert [line.cell.symbol for line in delta] == ["0", "", ""]  # nothing scored yet
    site = make_site(event_toml(byes, format="swiss"), {"g.pgn": games})
    assert build_site(site).written
    card = (site / "output/ev/players/4-delta-dora.html").read_text(encoding="utf-8")
    assert "<td>half-point bye (round not played yet)</td>" in card
    ranks = (site / "output/ev/crosstable.html").read_text(encoding="utf-8")
    assert 'title="half-point bye (round not played yet)"' in ranks
    assert 'title="full-point bye (round not played yet)"' in ranks


def test_an_odd_round_robin_says_who_sits_out(make_site: SiteMaker) -> None:
    """Five players: each round one sits out (Echo in round 1). With Delta gone after round
    1, a player without a game in round 2 may sit out or have lost Delta as the opponent:
    the records do not tell which, and the page says only that the schedule gives none."""
    five = '[[players]]\nname = "Echo, Eve"\n\n'
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1/2-1/2")
    event, _ = _standings(make_site, event_toml(five, rounds=5), games)
    assert _absent(event, 1) == [("Echo, Eve", "sits out")]
    gone = five + '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 1\n\n'
    games += pgn_game("2.1", A, "Echo, Eve", "1-0")
    event, _ = _standings(make_site, event_toml(gone, rounds=5), games)
    assert _absent(event, 2) == [
        (B, "no game by the schedule"),
        (C, "no game by the schedule"),
        (D, ""),
    ]


E, F = "Echo, Eve", "Foxtrot, Fay"
SIX_TWO_GONE = (
    f'[[players]]\nname = "{E}"\n\n[[players]]\nname = "{F}"\n\n'
    f'[[withdrawals]]\nplayer = "{E}"\nafter_round = 1\n\n'
    f'[[withdrawals]]\nplayer = "{F}"\nafter_round = 1\n\n'
)


def test_two_withdrawn_do_not_make_a_game_not_entered_an_opponent_who_withdrew(
    make_site: SiteMaker,
) -> None:
    """Six players, Echo and Foxtrot gone after round 1, round 2 of 5 in with only Alpha v
    Bravo: Echo and Foxtrot may have been due to meet in round 2, and Charlie v Delta simply
    not entered yet. Two missing is as many as two withdrawals can leave without a game, so
    the round counts as in, but "opponent withdrew" may be false for both: the page says
    only that the schedule gives them no game (it said "opponent withdrew"). Round 1 pairs
    the numbers 3-2, 4-1 and 5-6 (Echo and Foxtrot are entered first), not the Berger
    table's 1-6, 2-5 and 3-4, so the schedule is not known."""
    games = pgn_game("1.1", A, F, "1-0") + pgn_game("1.2", B, E, "1/2-1/2")
    games += pgn_game("1.3", C, D, "0-1") + pgn_game("2.1", A, B, "1-0")
    event, standings = _standings(make_site, event_toml(SIX_TWO_GONE, rounds=5), games)
    assert event.schedule is None
    assert sorted(_absent(event, 2)) == [
        (C, "no game by the schedule"),
        (D, "no game by the schedule"),
        (E, ""),
        (F, ""),
    ]
    charlie = next(p.number for p in event.players if p.name == C)
    lines = views.player_lines(event, player_records(event)[charlie], standings)
    assert lines[1].cell.label == "no game by the schedule"


def test_a_missing_game_is_not_put_down_to_the_schedule(make_site: SiteMaker) -> None:
    """Two players without a game in a round of a four-player round robin nobody left: their
    game is not in yet (``Event.unpaired``), and nothing is said of the schedule; nor in a
    Swiss, which has no schedule."""
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "1/2-1/2")
    games += pgn_game("2.1", A, C, "1-0")
    event, standings = _standings(make_site, event_toml(), games)
    assert _absent(event, 2) == [(B, ""), (D, "")]
    lines = views.player_lines(event, player_records(event)[2], standings)
    assert lines[1].cell.label == "not paired"
    event, _ = _standings(make_site, event_toml(format="swiss"), games)
    assert _absent(event, 2) == [(B, ""), (D, "")]


# Six players in the Berger table's numbers (Echo 1, Foxtrot 2, Alpha 3, Bravo 4, Charlie 5,
# Delta 6; FIDE C.05 Annex 1): round 1 pairs 1-6, 2-5, 3-4 (Echo-Delta, Foxtrot-Charlie,
# Alpha-Bravo); round 2 6-4, 5-3, 1-2 (Delta-Bravo, Charlie-Alpha, Echo-Foxtrot); round 3
# 2-6, 3-1, 4-5 (Foxtrot-Delta, Alpha-Echo, Bravo-Charlie).
BERGER_ROUND_1 = (
    pgn_game("1.1", E, D, "1-0") + pgn_game("1.2", F, C, "0-1") + pgn_game("1.3", A, B, "1-0")
)


def test_the_berger_table_tells_whose_opponent_withdrew(make_site: SiteMaker) -> None:
    """With Echo and Foxtrot gone after round 1 and round 3 in with Bravo v Charlie only,
    the table says Alpha's opponent was Echo and Delta's Foxtrot: both "opponent withdrew",
    where without the table two withdrawn might have been due to meet each other."""
    games = BERGER_ROUND_1 + pgn_game("2.1", C, A, "1-0") + pgn_game("2.2", D, B, "0-1")
    games += pgn_game("3.1", B, C, "1/2-1/2")
    event, standings = _standings(make_site, event_toml(SIX_TWO_GONE, rounds=5), games)
    assert event.schedule is not None
    assert sorted(_absent(event, 3)) == [
        (A, "opponent withdrew"),
        (D, "opponent withdrew"),
        (E, ""),
        (F, ""),
    ]
    assert event.unpaired == {}
    alpha = next(p.number for p in event.players if p.name == A)
    lines = views.player_lines(event, player_records(event)[alpha], standings)
    assert lines[2].cell.label == "opponent withdrew"


def test_the_berger_table_finds_a_game_not_entered_behind_two_withdrawals(
    make_site: SiteMaker,
) -> None:
    """Round 2 in with Charlie v Alpha only: Delta and Bravo, due to meet by the table,
    have no game, while Echo and Foxtrot, gone, were due to meet each other. Two missing
    used to pass as the two withdrawals' opponents and the round counted as over."""
    games = BERGER_ROUND_1 + pgn_game("2.1", C, A, "1-0")
    event, _ = _standings(make_site, event_toml(SIX_TWO_GONE, rounds=5), games)
    bravo, delta = (next(p.number for p in event.players if p.name == n) for n in (B, D))
    assert event.unpaired == {2: (bravo, delta)}
    assert 2 in event.rounds_in_progress


def test_the_berger_table_tells_a_sit_out_from_a_withdrawn_opponent(
    make_site: SiteMaker,
) -> None:
    """Five players (Echo 1, Alpha 2, Bravo 3, Charlie 4, Delta 5; the table of six, 6 the
    bye): round 1 pairs 2-5 and 3-4 (Echo sits out), round 2 5-3 and 1-2 with Charlie (4)
    against the bye. Delta gone after round 1: in round 2 Bravo's opponent withdrew and
    Charlie sits out (the page said "no game by the schedule" for both)."""
    five = f'[[players]]\nname = "{E}"\n\n'
    five += f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n\n'
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    games += pgn_game("2.1", E, A, "1/2-1/2")
    event, _ = _standings(make_site, event_toml(five, rounds=5), games)
    assert _absent(event, 2) == [(B, "opponent withdrew"), (C, "sits out"), (D, "")]


def test_a_game_due_before_the_opponent_withdrew_is_still_owed(make_site: SiteMaker) -> None:
    """Echo withdraws after round 2, in which the table pairs Echo with Foxtrot (1-2): that
    game is owed, not excused by the withdrawal, so round 2 waits for it for both of them
    and Foxtrot's round 2 is not "opponent withdrew"."""
    gone = f'[[players]]\nname = "{E}"\n\n[[players]]\nname = "{F}"\n\n'
    gone += f'[[withdrawals]]\nplayer = "{E}"\nafter_round = 2\n\n'
    games = BERGER_ROUND_1 + pgn_game("2.1", C, A, "1-0") + pgn_game("2.2", D, B, "0-1")
    event, _ = _standings(make_site, event_toml(gone, rounds=5), games)
    assert event.schedule is not None
    assert event.unpaired == {2: (1, 2)}
    assert event.scheduled_without_game(2, 2) is None


def _scheduled(event: Event, number: int) -> list[tuple[int, str, str]]:
    view = views.round_view(event, player_records(event), number)
    return [(p.board, p.white.name, p.black.name) for p in view.scheduled]


SIX = f'[[players]]\nname = "{E}"\n\n[[players]]\nname = "{F}"\n\n'
# Rounds 1 and 2 of the table of six as FIDE prints them (Echo 1, Foxtrot 2, Alpha 3, Bravo
# 4, Charlie 5, Delta 6): 1-6 2-5 3-4, then 6-4 5-3 1-2.
BERGER_ROUNDS_1_2 = (
    BERGER_ROUND_1 + pgn_game("2.1", D, B, "1-0") + pgn_game("2.2", C, A, "1/2-1/2")
) + pgn_game("2.3", E, F, "0-1")


def test_a_round_robin_following_the_table_shows_the_pairings_to_come(
    make_site: SiteMaker,
) -> None:
    """Six players, rounds 1 and 2 played as the Berger table pairs them: round 3 is the
    table's 2-6 3-1 4-5 (Foxtrot-Delta, Alpha-Echo, Bravo-Charlie), round 5 its 3-6 4-2 5-1
    (Alpha-Delta, Bravo-Foxtrot, Charlie-Echo), White first, boards in the table's order.
    The page lists them, with no result, under a note that the arbiter's pairings decide."""
    event, _ = _standings(make_site, event_toml(SIX, rounds=5), BERGER_ROUNDS_1_2)
    assert _scheduled(event, 3) == [(1, F, D), (2, A, E), (3, B, C)]
    assert _scheduled(event, 5) == [(1, A, D), (2, B, F), (3, C, E)]
    assert _scheduled(event, 2) == []  # played: its games are shown
    assert _absent(event, 3) == []
    site = make_site(event_toml(SIX, rounds=5), {"g.pgn": BERGER_ROUNDS_1_2})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-3.html").read_text(encoding="utf-8")
    assert (
        '<p class="legend">Pairings by FIDE\'s Berger table, which the games so far follow; '
        "the arbiter's pairings decide.</p>"
    ) in page
    assert "No pairings published" not in page
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 3
    assert "<td>1</td>" in rows[0] and rows[0].index("Foxtrot") < rows[0].index("Delta")
    assert "<td>2</td>" in rows[1] and rows[1].index("Alpha") < rows[1].index("Echo")
    assert "<td>3</td>" in rows[2] and rows[2].index("Bravo") < rows[2].index("Charlie")
    assert 'class="result"' not in page


def test_a_round_whose_games_are_entered_has_no_pairings_to_come(make_site: SiteMaker) -> None:
    """Rounds 1 and 2 played by the table of six, round 3's games entered while being played
    (result "*": the arbiter's pairings are out). Round 3 is not yet among the rounds
    played, but its page shows its own games: only rounds 4 (6-5 1-4 2-3: Delta-Charlie,
    Echo-Bravo, Foxtrot-Alpha) and 5 come from the table."""
    games = BERGER_ROUNDS_1_2 + pgn_game("3.1", F, D, "*") + pgn_game("3.2", A, E, "*")
    games += pgn_game("3.3", B, C, "*")
    event, _ = _standings(make_site, event_toml(SIX, rounds=5), games)
    assert event.rounds_played == 2
    assert sorted(event.pairings_to_come) == [4, 5]
    assert _scheduled(event, 3) == []
    assert _scheduled(event, 4) == [(1, D, C), (2, E, B), (3, F, A)]


def test_no_pairings_to_come_where_a_game_had_the_other_colours(make_site: SiteMaker) -> None:
    """The same rounds, but Alpha had White against Charlie in round 2 (3-5), where the
    table has 5-3. Who met whom is the table's, the colours are not: the organiser may pair
    by another table, so the page says no pairings are published, as before."""
    games = BERGER_ROUND_1 + pgn_game("2.1", D, B, "1-0") + pgn_game("2.2", A, C, "1/2-1/2")
    games += pgn_game("2.3", E, F, "0-1")
    event, _ = _standings(make_site, event_toml(SIX, rounds=5), games)
    assert event.schedule is not None
    assert _scheduled(event, 3) == []
    site = make_site(event_toml(SIX, rounds=5), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-3.html").read_text(encoding="utf-8")
    assert "<p>No pairings published for this round yet.</p>" in page
    assert "Berger" not in page


def test_no_pairings_before_the_first_round_is_played(make_site: SiteMaker) -> None:
    """Nothing played: nothing says the Berger table will be used."""
    event, _ = _standings(make_site, event_toml(SIX, rounds=5), "")
    assert _scheduled(event, 1) == [] and _scheduled(event, 2) == []


def test_an_odd_round_robins_pairings_to_come_name_who_sits_out(make_site: SiteMaker) -> None:
    """Five players (Echo 1, Alpha 2, Bravo 3, Charlie 4, Delta 5) play the table of six:
    round 1 played (2-5 3-4, Echo sits out); round 2 is 6-4 5-3 1-2, so Charlie sits out
    and Delta-Bravo, Echo-Alpha are boards 1 and 2."""
    five = f'[[players]]\nname = "{E}"\n\n'
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    event, _ = _standings(make_site, event_toml(five, rounds=5), games)
    assert _scheduled(event, 2) == [(1, D, B), (2, E, A)]
    assert _absent(event, 2) == [(C, "sits out")]
    site = make_site(event_toml(five, rounds=5), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-2.html").read_text(encoding="utf-8")
    assert "Not playing" in page and "(sits out)" in page


def test_a_double_round_robins_second_cycle_shows_the_colours_reversed(
    make_site: SiteMaker,
) -> None:
    """Four players, six rounds, round 1 played as the table's 1-4 2-3 (Alpha-Delta,
    Bravo-Charlie): round 4 plays it again with the colours reversed, 4-1 3-2. Rounds 2
    and 3 may be swapped (FIDE's advice), which round 1 does not tell: neither is shown."""
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    toml = event_toml(format="double-round-robin", rounds=6)
    event, _ = _standings(make_site, toml, games)
    assert _scheduled(event, 4) == [(1, D, A), (2, C, B)]
    assert _scheduled(event, 2) == [] and _scheduled(event, 3) == []
    # Round 2 played as the table's round 3 (2-4 3-1): the swap, so round 3 is 4-3 1-2.
    games += pgn_game("2.1", B, D, "1-0") + pgn_game("2.2", C, A, "0-1")
    event, _ = _standings(make_site, toml, games)
    assert _scheduled(event, 3) == [(1, D, C), (2, A, B)]
    assert _scheduled(event, 5) == [(1, C, D), (2, B, A)]  # the table's 3-4 2-1 reversed


def test_pairings_to_come_leave_out_a_player_who_withdrew(make_site: SiteMaker) -> None:
    """Echo gone after round 2: round 3's 3-1 (Alpha-Echo, the table's board 2) will not be
    played. It is left out, and Alpha is listed as not playing because the opponent
    withdrew, Echo as withdrawn (worded by the page). The other games keep the table's
    boards, 2-6 board 1 and 4-5 board 3: the page called Bravo-Charlie board 2, closing up
    around the game left out, where the table it names and the round's games once entered
    have board 3."""
    gone = SIX + f'[[withdrawals]]\nplayer = "{E}"\nafter_round = 2\n\n'
    event, _ = _standings(make_site, event_toml(gone, rounds=5), BERGER_ROUNDS_1_2)
    assert _scheduled(event, 3) == [(1, F, D), (3, B, C)]
    assert _absent(event, 3) == [(E, ""), (A, "opponent withdrew")]
    site = make_site(event_toml(gone, rounds=5), {"g.pgn": BERGER_ROUNDS_1_2})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-3.html").read_text(encoding="utf-8")
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 2
    assert "<td>1</td>" in rows[0] and rows[0].index("Foxtrot") < rows[0].index("Delta")
    assert "<td>3</td>" in rows[1] and rows[1].index("Bravo") < rows[1].index("Charlie")


def test_a_player_withdrawing_after_a_round_to_come_still_plays_it(make_site: SiteMaker) -> None:
    """Rounds 1 and 2 of six played by the table; Delta (6) announces ahead a withdrawal after
    round 3. Delta still plays round 3 (2-6: Foxtrot-Delta, board 1), not round 4, whose 6-5
    (Delta-Charlie, board 1) is left out: Charlie is not playing, the opponent having
    withdrawn, and the table's other games keep their boards (1-4 Echo-Bravo board 2, 2-3
    Foxtrot-Alpha board 3)."""
    ahead = SIX + f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 3\n\n'
    event, _ = _standings(make_site, event_toml(ahead, rounds=5), BERGER_ROUNDS_1_2)
    assert _scheduled(event, 3) == [(1, F, D), (2, A, E), (3, B, C)]
    assert _scheduled(event, 4) == [(2, E, B), (3, F, A)]
    assert (C, "opponent withdrew") in _absent(event, 4)


def test_a_cards_progress_counts_rounds_in_and_says_a_withdrawal_once_its_round_is_played(
    make_site: SiteMaker,
) -> None:
    """Six players, rounds 1 and 2 played, Alpha's round 2 game (Charlie-Alpha) still on.
    Echo withdrew after round 2, the last round played: the card says so beside the points.
    Delta's withdrawal after round 3 is announced ahead and waits for round 3. Alpha has 1
    round in (round 1) of the 2 played, round 2 not finished, and the chart stops at round 1."""
    games = BERGER_ROUND_1 + pgn_game("2.1", D, B, "1-0") + pgn_game("2.2", C, A, "*")
    games += pgn_game("2.3", E, F, "0-1")
    gone = SIX + f'[[withdrawals]]\nplayer = "{E}"\nafter_round = 2\n\n'
    gone += f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 3\n\n'
    event, _ = _standings(make_site, event_toml(gone, rounds=5), games)
    records = player_records(event)
    assert event.rounds_played == 2
    assert views.player_progress(event, records[1]).withdrawn_after == 2  # Echo
    assert views.player_progress(event, records[6]).withdrawn_after is None  # Delta
    alpha = views.player_progress(event, records[3])
    assert (alpha.counted, alpha.unfinished, alpha.charted) == (1, (2,), 1)


def test_a_cards_points_count_rounds_only_when_there_is_one(make_site: SiteMaker) -> None:
    """The card's points say how many rounds they count ("5 from 6 rounds"), and nothing of
    rounds when none counts: a player who withdrew before round 1 read "0 from 0 rounds;
    withdrew before round 1" (``test_render``), rounds she was never in. A Swiss of four,
    round 1 half in: Charlie beat Delta, Alpha-Bravo is still on. Alpha's card: 0 points, no
    round counted, round 1 not finished; Charlie's: 1 from 1 round."""
    assert views.Progress(0, (), 0, 0).counted_text == ""
    assert views.Progress(1, (), 1).counted_text == " from 1 round"
    assert views.Progress(6, (7,), 6).counted_text == " from 6 rounds"
    games = pgn_game("1.1", A, B, "*") + pgn_game("1.2", C, D, "1-0")
    site = make_site(event_toml("", format="swiss", rounds=3), {"g.pgn": games})
    assert build_site(site).written
    alpha = (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>0; round 1 not finished</dd>" in alpha
    charlie = (site / "output/ev/players/3-charlie-carl.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>1 from 1 round</dd>" in charlie


def test_pairings_to_come_leave_out_a_game_a_bye_entered_ahead_replaces(
    make_site: SiteMaker,
) -> None:
    """Echo has a half-point bye entered for round 3, not played yet: round 3's 3-1
    (Alpha-Echo, board 2) will not be played, so it is left out (the page listed it beside
    Echo's bye), Bravo-Charlie keeping board 3; Alpha is not playing, the opponent having a
    bye; Echo stands under the byes."""
    bye = SIX + f'[[byes]]\nround = 3\nplayer = "{E}"\npoints = 0.5\n\n'
    event, _ = _standings(make_site, event_toml(bye, rounds=5), BERGER_ROUNDS_1_2)
    assert _scheduled(event, 3) == [(1, F, D), (3, B, C)]
    assert _absent(event, 3) == [(A, "opponent has a bye")]
    view = views.round_view(event, player_records(event), 3)
    assert [(player.name, b.points) for player, b in view.byes] == [(E, 0.5)]


def test_a_rounds_page_key_covers_its_pairings_to_come(make_site: SiteMaker) -> None:
    """Round 3's page shows the table's pairings or, once a game of round 2 turns out to
    have had the other colours, none: nothing else on it changes, so its key for the
    incremental build must tell the two apart, or the stale pairings would stay."""
    follows, _ = _standings(make_site, event_toml(SIX, rounds=5), BERGER_ROUNDS_1_2)
    games = BERGER_ROUND_1 + pgn_game("2.1", D, B, "1-0") + pgn_game("2.2", A, C, "1/2-1/2")
    games += pgn_game("2.3", E, F, "0-1")
    swapped, _ = _standings(make_site, event_toml(SIX, rounds=5), games)
    shown, not_shown = (
        views.round_view(event, player_records(event), 3) for event in (follows, swapped)
    )
    assert shown.scheduled and not not_shown.scheduled
    assert round_page_key("chrome", shown) != round_page_key("chrome", not_shown)


def test_a_card_names_the_opponent_and_colour_the_table_gives_for_a_round_to_come(
    make_site: SiteMaker,
) -> None:
    """Rounds 1 and 2 of six played by the Berger table (Echo 1, Foxtrot 2, Alpha 3, Bravo
    4, Charlie 5, Delta 6). FIDE's table goes on: round 3 2-6 3-1 4-5, round 4 6-5 1-4 2-3,
    round 5 3-6 4-2 5-1. Alpha's card said only "not played yet" for rounds 3 to 5; it now
    names the opponent and colour: Echo with White, Foxtrot with Black, Delta with White.
    The page key tells a card whose rounds to come change (a round 2 game found to have
    the other colours: no pairings to come) from one whose do not."""
    event, standings = _standings(make_site, event_toml(SIX, rounds=5), BERGER_ROUNDS_1_2)
    record = player_records(event)[3]
    assert event.player(3).name == A
    lines = {line.entry.round: line for line in views.player_lines(event, record, standings)}
    assert (lines[3].opponent and lines[3].opponent.name, lines[3].entry.colour) == (E, "w")
    assert (lines[4].opponent and lines[4].opponent.name, lines[4].entry.colour) == (F, "b")
    assert lines[3].cell.label == "not played yet" and lines[3].entry.game is None
    assert views.scheduled_opponents(event, 3) == {3: (1, "w"), 4: (2, "b"), 5: (6, "w")}
    site = make_site(event_toml(SIX, rounds=5), {"g.pgn": BERGER_ROUNDS_1_2})
    assert build_site(site).written
    card = (site / "output/ev/players/3-alpha-anna.html").read_text(encoding="utf-8")
    round_3 = card.split('href="../rounds/round-3.html">3</a></th>')[1].split("</tr>")[0]
    assert "<td>White</td>" in round_3 and "Echo" in round_3 and "not played yet" in round_3

    games = BERGER_ROUND_1 + pgn_game("2.1", D, B, "1-0") + pgn_game("2.2", A, C, "1/2-1/2")
    games += pgn_game("2.3", E, F, "0-1")
    swapped, swapped_standings = _standings(make_site, event_toml(SIX, rounds=5), games)
    assert views.scheduled_opponents(swapped, 4) == {}
    bravo = [
        player_page_key("chrome", table.rows[i], table, [], event=ev)
        for ev, table in ((event, standings), (swapped, swapped_standings))
        for i, row in enumerate(table.rows)
        if row.player.number == 4
    ]
    assert bravo[0] != bravo[1]


def test_a_player_with_a_bye_entered_ahead_is_not_also_listed_as_not_playing(
    make_site: SiteMaker,
) -> None:
    """Five players (Echo 1, Alpha 2, Bravo 3, Charlie 4, Delta 5), round 1 played: round 2
    of the table of six is 6-4 5-3 1-2, so Charlie (4) sits out. The organiser enters that
    round as a zero-point bye for Charlie: Charlie stands under the byes, and was listed a
    second time under "Not playing" as sitting out. Likewise Delta gone after round 1 and
    Bravo, Delta's opponent in round 2 (5-3), given a half-point bye for it: Bravo is under
    the byes only, Charlie sits out and Delta is withdrawn; Echo-Alpha keeps board 2 (the
    table's bye is no board, 5-3 board 1 is left out)."""
    five = f'[[players]]\nname = "{E}"\n\n'
    games = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    sat_out = five + f'[[byes]]\nround = 2\nplayer = "{C}"\npoints = 0\n\n'
    event, _ = _standings(make_site, event_toml(sat_out, rounds=5), games)
    assert _scheduled(event, 2) == [(1, D, B), (2, E, A)]
    assert _absent(event, 2) == []
    view = views.round_view(event, player_records(event), 2)
    assert [(player.name, b.points) for player, b in view.byes] == [(C, 0)]
    gone = five + f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n\n'
    gone += f'[[byes]]\nround = 2\nplayer = "{B}"\npoints = 0.5\n\n'
    event, _ = _standings(make_site, event_toml(gone, rounds=5), games)
    assert _scheduled(event, 2) == [(2, E, A)]
    assert _absent(event, 2) == [(C, "sits out"), (D, "")]


def test_a_withdrawn_players_card_claims_no_result_for_a_round_to_come(
    make_site: SiteMaker,
) -> None:
    """A Swiss of three rounds, two played: Delta lost to Charlie in round 1 and withdrew
    after it (Bravo had a bye in round 2). Round 3, not reached, showed "withdrawn", a 0 and a
    score, as if lost; it now says only that the player withdrew, with no result or score, as
    round 2 (played without them) keeps its 0. The points counted "0 from 2 rounds" where the
    standings' Games say 1: the round missed after withdrawing was counted as one taken part
    in. By hand: 0 from 1 round, and Games 1."""
    body = (
        f'[[byes]]\nround = 2\nplayer = "{B}"\npoints = 1.0\n\n'
        f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n\n'
    )
    games = (
        pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1-0") + pgn_game("2.1", A, C, "1-0")
    )
    site = make_site(event_toml(body, format="swiss", rounds=3), {"g.pgn": games})
    assert build_site(site).written
    card = (site / "output/ev/players/4-delta-dora.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>0 from 1 round; withdrew after round 1</dd>" in card
    rows = re.findall(r"<tr>(.*?)</tr>", card.split("<tbody>")[1], re.S)
    cells = [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S) for row in rows]
    # Bd., Opponent, Result, Score: round 1 on board 2; no board for a round missed.
    assert [(c[1], c[3], c[6], c[7]) for c in cells] == [
        ("2", '<a href="3-charlie-carl.html"><bdi>Charlie, Carl</bdi></a>', "0", "0"),
        ("", "withdrawn", "0", "0"),
        ("", "withdrawn (round not played yet)", "", ""),
    ]
    standings = (site / "output/ev/standings.html").read_text(encoding="utf-8")
    row = re.search(r"4-delta-dora\.html.*?</tr>", standings, re.S)
    assert row is not None
    assert re.findall(r'<td class="optional games">([^<]*)</td>', row.group(0)) == ["1"]


def test_a_rating_loss_is_printed_with_the_minus_sign_the_fines_have() -> None:
    """The card prints a rating change's minus as U+2212, as the prize page prints fines:
    -8.6 is "−8.6", -0.05 rounds away from zero to "−0.1", -0.04 to "0.0" (no sign)."""
    assert views.signed_tenths(-860) == "\u22128.6"
    assert views.signed_tenths(-5) == "\u22120.1"
    assert views.signed_tenths(-4) == "0.0"
    assert views.signed_tenths(1280) == "+12.8"


def test_a_card_s_rating_loss_has_the_minus_sign_and_results_json_a_number(
    make_site: SiteMaker,
) -> None:
    """K 20: Bravo (2250) loses to Alpha (2300): D = -50, PD 0.43 (table 8.1.2, D 47-53 for
    the higher 0.57), -0.43 x 20 = -8.6. The card (total and "Rtg+/-" cell) says "−8.6"
    with U+2212; results.json keeps a plain JSON number, -8.6."""
    import json

    site = make_site(event_toml("k_factor = 20\n"), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert build_site(site).written
    card = (site / "output/ev/players/2-bravo-bob.html").read_text(encoding="utf-8")
    assert "<dt>Rating change</dt><dd>\u22128.6 (K 20) " in card
    assert '<td class="optional">\u22128.6</td>' in card
    assert "-8.6" not in card
    text = (site / "output/ev/results.json").read_text(encoding="utf-8")
    assert "\u2212" not in text
    entries = {entry["name"]: entry for entry in json.loads(text)["standings"]}
    assert entries[B]["rating_change"] == -8.6


def test_the_tie_break_page_says_how_far_a_koya_limit_step_moves_the_line(
    make_site: SiteMaker,
) -> None:
    """C.07 14.5 counts a Koya limit in half points of the 1-½-0 scale: a draw. The page says
    "half a point" under 1-½-0; under 3-1-0 a draw is 1 point; under 3-2-1 2 points
    (``tiebreaks.koya_limit_step``)."""
    cases = {
        "": "half a point per step",
        "[scoring]\nwin = 3.0\ndraw = 1.0\nloss = 0.0\n": "1 point, a draw's points, as C.07",
        "[scoring]\nwin = 3.0\ndraw = 2.0\nloss = 1.0\n": "2 points, a draw's points, as C.07",
    }
    for number, (scoring, expected) in enumerate(cases.items()):
        body = 'tiebreaks = ["KS/L+1"]\n' + scoring
        site = make_site(event_toml(body), {"g.pgn": pgn_game("1.1", A, D, "1-0")}, f"e{number}")
        event, problems = load(site, f"e{number}")
        assert event is not None, messages(problems)
        assert views.koya_step_text(event).startswith(expected.split(" per step")[0])
        assert build_site(site).written
        page = (site / f"output/e{number}/tiebreaks.html").read_text(encoding="utf-8")
        assert f"moves the qualifying line by {expected}" in page.replace("&#39;", "'")


def test_a_koya_limit_is_named_in_draws_and_its_variant_in_the_event_s_points(
    make_site: SiteMaker,
) -> None:
    """KS/L+1 then KS/L+2: a step is a draw's points (C.07 14.5, ``koya_limit_step``), so the
    names say draws, true under any scoring: "qualifying line a draw higher", "2 draws
    higher"; KS/L+2's sentence on the tie-break page says the points: 2 draws are 1 point
    under 1-½-0, 2 points under 3-1-0 (a draw 1), 4 under 3-2-1 (a draw 2). No page says
    "half point(s)", which 3-1-0 scores never move by."""
    cases = {
        "": "1 point higher (2 draws)",
        "[scoring]\nwin = 3.0\ndraw = 1.0\nloss = 0.0\n": "2 points higher (2 draws)",
        "[scoring]\nwin = 3.0\ndraw = 2.0\nloss = 1.0\n": "4 points higher (2 draws)",
    }
    for number, scoring in enumerate(cases):
        body = 'tiebreaks = ["KS/L+1", "KS/L+2"]\n' + scoring
        site = make_site(event_toml(body), {"g.pgn": pgn_game("1.1", A, D, "1-0")}, f"k{number}")
    assert build_site(site).written
    for number, expected in enumerate(cases.values()):
        folder = site / f"output/k{number}"
        page = (folder / "tiebreaks.html").read_text(encoding="utf-8")
        assert "<strong>KS/L+1, Koya System, qualifying line a draw higher</strong>" in page
        assert "<strong>KS/L+2, Koya System, qualifying line 2 draws higher</strong>" in page
        assert f"As KS, with the qualifying line {expected}." in page
        standings = (folder / "standings.html").read_text(encoding="utf-8")
        assert '<abbr title="Koya System, qualifying line 2 draws higher">KS/L+2</abbr>' in (
            standings
        )
        for path in folder.rglob("*.html"):
            assert "half point(s)" not in path.read_text(encoding="utf-8"), path
    assert describe("KS/L-1") == "Koya System, qualifying line a draw lower"
    assert describe_variant("KS/L-1", 9, 1.0) == (
        "As KS, with the qualifying line 1 point lower (a draw)."
    )
    assert describe_variant("KS/L+1", 9) == (
        "As KS, with the qualifying line half a point higher (a draw)."
    )


def test_the_fed_column_is_shown_for_two_federations_or_more() -> None:
    """chess-results' FED column only when the players come from two federations or more:
    AUS and NZL, yes; everyone AUS (a national championship), AUS and players without one,
    or no federation at all, no."""

    def event(*federations: str | None) -> Any:
        return SimpleNamespace(players=[SimpleNamespace(federation=f) for f in federations])

    assert views.shows_federations(event("AUS", "NZL", "AUS"))
    assert views.shows_federations(event("AUS", None, "NZL"))
    assert not views.shows_federations(event("AUS", "AUS", "AUS"))
    assert not views.shows_federations(event("AUS", None, ""))
    assert not views.shows_federations(event(None, None))
    assert not views.shows_federations(event())


def test_pairings_by_name_sort_as_written_case_and_accents_ignored() -> None:
    """Folded and without accents the names read "zoe", "abel", "abbot", "emile",
    "de vries", "dean", "ábel" decomposed ("abel" again, second by number): so Abbot, ábel
    (2), Ábel (7), de Vries (the space before "dean"'s "a"), Dean, Émile, Zoë. A plain sort
    put every accented and lower-case name after "Zoë"."""
    from generator.model import Player

    written = ["Zoë", "ábel", "Abbot", "Émile", "de Vries", "Dean", "A\u0301bel"]
    players = [Player(n, name, f"p{n}") for n, name in enumerate(written, start=1)]
    pairings = tuple(
        views.ScheduledPairing(board, white, black)
        for board, (white, black) in enumerate(zip(players[:3], players[3:6], strict=True), 1)
    )
    shown = views.RoundView(1, (), (), ((players[6], ""),), pairings)
    lines = views.pairings_by_name(shown)
    assert [line.player.number for line in lines] == [3, 2, 7, 5, 6, 4, 1]
    assert [(line.board, line.colour, line.opponent) for line in lines[:2]] == [
        (3, "White", players[5]),
        (2, "White", players[4]),
    ]
    assert lines[2].note == "not playing" and lines[2].opponent is None


def test_letters_unicode_does_not_split_sort_with_their_base_letter() -> None:
    """Ł, Ø, Đ, ı, Æ and Þ have no accent for NFKD to strip: "Łukasz" sorted after "Zoë".
    Read as L, O, D, i, AE and Th: "aesir" < "alpha", "dorde" < "dyson", "ibrahim" <
    "ivanov", "lukasz" < "lyon", "odegaard" < "olsen", "thora" < "tom", "zoe" last."""
    from generator.model import Player

    written = [
        "Zoë", "Tom", "Þóra", "Olsen", "Ødegaard", "Lyon", "Łukasz", "Ivanov", "ıbrahim",
        "Dyson", "Đorđe", "Alpha", "Æsir",
    ]  # fmt: skip
    players = [Player(n, name, f"p{n}") for n, name in enumerate(written, start=1)]
    order = [p.name for p in sorted(players, key=views.name_order)]
    assert order == [
        "Æsir", "Alpha", "Đorđe", "Dyson", "ıbrahim", "Ivanov", "Łukasz", "Lyon",
        "Ødegaard", "Olsen", "Þóra", "Tom", "Zoë",
    ]  # fmt: skip
