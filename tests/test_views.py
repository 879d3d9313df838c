"""Crosstable and rank-table cells: the right result, colour and game in the right place."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from conftest import SiteMaker, event_toml, load, pgn_game

from generator.model import Event
from generator.render import views
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
        "The points scored in the games between the tied players; applied again to any "
        "sub-group still tied.",
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
