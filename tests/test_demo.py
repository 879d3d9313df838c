"""End to end: build the embedded demo site and check it against hand-worked values.

The demo's results were planned by hand before any code ran (see the tables below); the
expected points and tie-breaks here are sums of those tables, checked by hand.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from generator.build import build_site


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("demo")
    shutil.copytree(ROOT / "content", site / "content")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert not report.problems.items, [p.format() for p in report.problems.items]
    return site / "output"


def _results(output: Path, slug: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((output / slug / "results.json").read_text("utf-8"))
    return data


# Junior Closed: number -> (points, WIN, BPG, KS, SB), from the planned crosstable.
# KS counts points against players on 4½ or more (half of 9): players 1, 2, 3, 5, 7, 9, 10.
CLOSED = {
    1: (4.5, 2, 4, 2.0, 16.75),
    2: (5.0, 3, 4, 2.5, 20.75),
    3: (6.5, 4, 4, 3.5, 25.5),
    4: (3.0, 1, 4, 1.5, 10.75),
    5: (4.5, 2, 4, 3.0, 20.25),
    6: (2.0, 1, 4, 2.0, 9.0),
    7: (6.5, 5, 5, 4.0, 26.0),
    8: (3.0, 1, 5, 1.5, 11.5),
    9: (4.5, 1, 5, 3.0, 19.5),
    10: (5.5, 3, 5, 3.0, 22.5),
}


def test_junior_closed_standings_and_tiebreaks(demo: Path) -> None:
    data = _results(demo, "junior-closed")
    assert data["event"]["format"] == "round-robin"
    assert data["event"]["rounds_played"] == 9
    assert data["event"]["tiebreaks"] == ["DE", "BPG", "KS", "SB", "WIN"]
    assert data["event"]["rules_edition"] == "2026"
    rows = {row["number"]: row for row in data["standings"]}
    for number, (points, win, bpg, ks, sb) in CLOSED.items():
        tiebreaks = rows[number]["tiebreaks"]
        assert (rows[number]["points"], tiebreaks["WIN"], tiebreaks["BPG"]) == (points, win, bpg)
        assert (tiebreaks["KS"], tiebreaks["SB"]) == (ks, sb), number
    order = [row["number"] for row in data["standings"]]
    # 3 and 7 tie on 6½ (their game was drawn: DE ½ each); the play-off decides them: blitz
    # 1-1, then Vasquez-Marr (3) wins the Armageddon with Black.
    assert order[:2] == [3, 7]
    assert [row["decided_by"] for row in data["standings"][:2]] == ["playoff", "points"]
    assert (rows[3]["tiebreaks"]["DE"], rows[7]["tiebreaks"]["DE"]) == (0.5, 0.5)
    (playoff,) = data["playoffs"]
    assert playoff["status"] == "complete"
    assert playoff["order"] == ["Vasquez-Marr, Julian", "Teverin, Aaron"]
    assert [stage["name"] for stage in playoff["stages"]] == [
        "Blitz double round robin", "Armageddon",
    ]  # fmt: skip
    assert playoff["stages"][1]["games"] == [
        {"white": "Teverin, Aaron", "black": "Vasquez-Marr, Julian", "result": "0-1",
         "armageddon": True}
    ]  # fmt: skip
    # 4½: 1, 5, 9 drew each other (DE 1 each); BPG puts 9 first (5 v 4); KS 3 v 2 puts 5 on 1.
    # 3: 8 and 4 drew (DE ½ each); BPG 5 v 4.
    assert order[2:] == [10, 2, 9, 5, 1, 8, 4, 6]
    assert [row["decided_by"] for row in data["standings"][2:]] == [
        "points", "points", "BPG", "KS", "points", "BPG", "points", "points",
    ]  # fmt: skip
    assert [row["place"] for row in data["standings"]][2:] == [str(n) for n in range(3, 11)]
    forfeit = [g for g in data["games"] if g["forfeit"]]
    assert forfeit == [
        {
            "round": 4, "board": 2, "white": "Lysenko-Park, Caleb",
            "black": "Hartigan, Rosalind", "result": "+-", "forfeit": True, "plies": 0,
            "reason": "Black more than 30 minutes late",
        }
    ]  # fmt: skip
    assert len(data["games"]) == 45
    assert data["warnings"] == []
    # Prizes as planned: places 1-5, Aldecott's $500 fine deducted; Hartigan (forfeit) last.
    money = [(p["name"], p["player"], p["amount"], p["fines"], p["net"]) for p in data["prizes"]
             if p["kind"] == "money"]  # fmt: skip
    assert money == [
        ("1st place", "Vasquez-Marr, Julian", 6000, 0, 6000),
        ("2nd place", "Teverin, Aaron", 4000, 0, 4000),
        ("3rd place", "Aldecott, Reuben", 3000, 500, 2500),
        ("4th place", "Ferreira-Holt, Maya", 2000, 0, 2000),
        ("5th place", "Drummond, Sienna", 1000, 0, 1000),
    ]
    titles = [(p["name"], p["player"]) for p in data["prizes"] if p["kind"] == "title"]
    assert titles == [("Junior Closed Champion", "Vasquez-Marr, Julian")]


# Junior Championship: number -> (points, PS) from the planned Swiss.
CHAMPIONSHIP = {
    1: (6, 24.0), 2: (4.5, 19.5), 3: (6, 25.5), 4: (4, 19.5), 5: (4, 18.0), 6: (4, 16.5),
    7: (4, 18.0), 8: (6, 23.5), 9: (4.5, 17.0), 10: (3.5, 15.0), 11: (3, 15.0), 12: (3.5, 12.5),
    13: (3, 14.0), 14: (3.5, 12.0), 15: (1.5, 8.0), 16: (3, 12.0), 17: (3.5, 12.5),
    18: (2.5, 10.5), 19: (3.5, 12.0), 20: (2.5, 7.5), 21: (3, 9.5), 22: (2.5, 6.5),
    23: (2, 5.0), 24: (1, 5.0),
}  # fmt: skip


def test_the_progressive_score_cuts_say_which_rounds_they_count(demo: Path) -> None:
    """The ACF's seven columns give PS's definition once; each cut names its rounds (7 here)."""
    page = (demo / "junior-championship/tiebreaks.html").read_text(encoding="utf-8")
    assert page.count("The sum of the player&#39;s running score after each round") == 1
    assert "As PS, without the first 3 rounds: the running scores after rounds 4 to 7" in page
    assert "As PS, without the first 6 rounds: only the running score after round 7" in page


def test_junior_championship_progressive_scores(demo: Path) -> None:
    data = _results(demo, "junior-championship")
    assert data["event"]["format"] == "swiss"
    assert data["event"]["tiebreaks"] == [
        "PS",
        "PS/C1",
        "PS/C2",
        "PS/C3",
        "PS/C4",
        "PS/C5",
        "PS/C6",
    ]
    assert data["event"]["rules_edition"] == "2024"
    rows = {row["number"]: row for row in data["standings"]}
    for number, (points, ps) in CHAMPIONSHIP.items():
        assert (rows[number]["points"], rows[number]["tiebreaks"]["PS"]) == (points, ps), number
    order = [row["number"] for row in data["standings"]]
    assert order == [
        3,
        1,
        8,
        2,
        9,
        4,
        5,
        7,
        6,
        10,
        17,
        12,
        14,
        19,
        11,
        13,
        16,
        21,
        18,
        20,
        22,
        23,
        15,
        24,
    ]
    by_number = {row["number"]: row["decided_by"] for row in data["standings"]}
    # Three on 6: SPS 25½, 24, 23½ reduce them to two; Delacroix wins the G15 match 1½-½.
    assert [by_number[3], by_number[1]] == ["playoff", "PS"]
    (playoff,) = data["playoffs"]
    assert playoff["players"] == ["Delacroix, Amelie", "Whitcombe, Harrison"]
    assert playoff["order"] == ["Delacroix, Amelie", "Whitcombe, Harrison"]
    assert by_number[5] == "PS/C2"  # 5 and 7: PS 18 = 18, C1 17 = 17, C2 15½ v 15
    assert by_number[17] == "PS/C1"  # 17 and 12: PS 12½ each, C1 12½ v 11½
    assert by_number[14] == "PS/C5"  # 14 and 19 equal through C4; C5 6½ v 6
    assert rows[15]["withdrawn"] is True
    assert data["warnings"] == []
    awards = [(p["kind"], p["name"], p["player"]) for p in data["prizes"]]
    assert awards == [
        ("title", "Australian Junior Champion", "Delacroix, Amelie"),
        ("title", "Australian Junior Girls Champion", "Delacroix, Amelie"),  # 2b
        ("title", "Under 16 Champion", "Zhou, Lachlan"),  # Delacroix holds an open title
        ("title", "Under 14 Champion", "Morcombe, Tessa"),
        ("title", "Under 12 Champion", "Quinlan, Ruby"),
        ("title", "Under 10 Champion", "Ashdown, Billy"),
        ("title", "Under 14 Girls Champion", "Morcombe, Tessa"),
        ("title", "Under 12 Girls Champion", "Quinlan, Ruby"),
        ("trophy", "2nd Under 14", "Abernethy, Finn"),
        ("trophy", "2nd Under 12", "Ellery, Sophie"),
        ("trophy", "3rd Under 12", "Kowalczyk, Jasper"),
        ("trophy", "2nd Girls", "Nakagawa-Bell, Emiko"),
        ("money", "1st place", "Delacroix, Amelie"),
        ("money", "2nd place", "Whitcombe, Harrison"),
        ("money", "3rd place", "Zhou, Lachlan"),
        ("money", "1st Girls", "Nakagawa-Bell, Emiko"),  # Delacroix keeps the larger 1st place
        ("money", "Best Under 12", "Quinlan, Ruby"),
    ]


def test_demo_pages(demo: Path) -> None:
    for slug in ("junior-closed", "junior-championship"):
        for page in ("index.html", "standings.html", "crosstable.html", "tiebreaks.html"):
            assert (demo / slug / page).is_file(), (slug, page)
        assert (demo / slug / "games.pgn").is_file()
        assert (demo / slug / "standings.csv").is_file()
    closed = (demo / "junior-closed/crosstable.html").read_text("utf-8")
    assert closed.count('<td class="self"') == 10
    assert "Regulations" in (demo / "junior-closed/index.html").read_text("utf-8")
    standings = (demo / "junior-closed/standings.html").read_text("utf-8")
    assert "ahead on Koya System, 3 to 2" in standings
    swiss = (demo / "junior-championship/crosstable.html").read_text("utf-8")
    assert "Rank table" in swiss and "bye" in swiss
    # 42 games with moves get a board; result-only games get a page without one; the two
    # play-off games have moves too.
    games = sorted((demo / "junior-championship/games").glob("*.html"))
    assert len(games) == 81 + 2
    with_board = [g for g in games if "data-viewer" in g.read_text("utf-8")]
    assert len(with_board) == 42 + 2
    assert (demo / "junior-closed/playoff.html").is_file()
    assert (demo / "index.html").is_file()
    # The event page names the title holders once the event is finished (as above).
    event = (demo / "junior-championship/index.html").read_text("utf-8")
    assert re.search(r"<li>Under 16 Champion: <a [^>]+><bdi>Zhou, Lachlan</bdi></a></li>", event)


def test_the_junior_play_off_page_names_who_was_left_out_and_parts_the_scores(
    demo: Path,
) -> None:
    """Delacroix, Whitcombe and Zhou tie on 6; By-law 3 5.2.1 lets the progressive scores
    (25½, 24, 23½) send the first two to the play-off. The page names Zhou as tied but not
    playing, and the G15 score (a draw, then Delacroix won: 1½ to ½) parts the two
    "Last, First" names with a semicolon: "Delacroix, Amelie 1½, Whitcombe, Harrison ½"
    read as four names."""
    page = (demo / "junior-championship" / "playoff.html").read_text(encoding="utf-8")
    assert (
        'Also tied, not in the play-off: <a href="players/8-zhou-lachlan.html">'
        "<bdi>Zhou, Lachlan</bdi></a>.</p>"
    ) in page
    assert "Score: <bdi>Delacroix, Amelie</bdi> 1½; <bdi>Whitcombe, Harrison</bdi> ½</p>" in page
    # In the Junior Closed every tied player plays off: nobody is left out.
    closed = (demo / "junior-closed" / "playoff.html").read_text(encoding="utf-8")
    assert "not in the play-off" not in closed


def _card_facts(page: str) -> dict[str, str]:
    """A player's card's facts, by their label, as text."""
    facts = page.split('<dl class="facts">')[1].split("</dl>")[0]
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", facts)
    return {label: re.sub(r"<[^>]+>", "", value) for label, value in pairs}


def test_a_players_card_shows_tiebreaks_ratings_and_places_in_each_category(
    demo: Path,
) -> None:
    """Dunstan (born 31 Dec 2014: 11 on 1 January, so Under 16, 14 and 12) met six rated
    players over the board and had a bye in round 6: ARO (1610 + 1350 + 1080 + 1020 + 905
    + 1190) / 6 = 1192.5, rounded up to 1193; he scored 1 of 6, 0.17, dp -273 (FIDE table
    8.1a): TPR 920. Counted down the final standings he is 17th of Under 16, 13th of
    Under 14 (Rourke, born 1 January 2012, is 14 on the day: not under 14) and 8th of
    Under 12. His progressive scores: 0, 0, 0, 0, 1, 2, 2 run up to 5; cut by rounds 1-5
    they stay 5, then 4 (cut 5) and 2 (cut 6)."""
    page = (demo / "junior-championship/players/23-dunstan-toby.html").read_text("utf-8")
    facts = _card_facts(page)
    assert facts["Tie-breaks"] == (
        "PS 5 · PS/C1 5 · PS/C2 5 · PS/C3 5 · PS/C4 5 · PS/C5 4 · PS/C6 2"
    )
    assert facts["Opponents' rating"] == "1193 on average"
    assert facts["Rating performance"] == "920"
    assert facts["Categories"] == "Under 16: place 17; Under 14: place 13; Under 12: place 8"
    assert '<a href="../categories/u12.html">Under 12</a>: place 8' in page
    # Lysenko-Park's round-4 win was a forfeit: the 2026 rules (the Closed starts in July)
    # leave it out of the rating figures. Eight games, 2 points: ARO 19455 / 8 = 2431.875,
    # 2432; 0.25 scores dp -193: TPR 2239. The Closed has no categories.
    page = (demo / "junior-closed/players/8-lysenko-park-caleb.html").read_text("utf-8")
    facts = _card_facts(page)
    assert facts["Tie-breaks"] == "DE 0.5 · BPG 5 · KS 1.5 · SB 11.5 · WIN 1"
    assert facts["Opponents' rating"] == "2432 on average"
    assert facts["Rating performance"] == "2239"
    assert "Categories" not in facts


def test_a_category_page_shows_the_players_awards_and_how_ties_are_broken(demo: Path) -> None:
    """Under 16 of the junior demo: Delacroix (born 22 April 2010, 15 on the reference day)
    is first, but holds the Australian Junior Champion title, so By-law 3 2a gives the
    Under 16 title to the next of the group, Zhou. The page shows each player's awards, so
    a parent sees why the group's winner is not its champion, and links to the prize page and
    to how ties are broken."""
    page = (demo / "junior-championship/categories/u16.html").read_text(encoding="utf-8")
    rows = re.findall(r'<th scope="row">(.*?)</th>', page, re.S)
    assert rows[0].startswith('<a href="../players/3-delacroix-amelie.html">')
    assert ">Australian Junior Champion</span>" in rows[0]
    assert rows[1].startswith('<a href="../players/8-zhou-lachlan.html">')
    assert ">Under 16 Champion</span>" in rows[1]
    assert '<a href="../prizes.html">prize page</a>' in page
    assert '<a href="../tiebreaks.html">How ties are broken</a>' in page


def test_the_tiebreak_pages_say_a_tie_for_first_goes_to_a_play_off(demo: Path) -> None:
    """Both demo events break a tie for 1st place over the board (U.S. Junior Closed: blitz
    then Armageddon; By-law 3 5.2-5.3), not by the tie-breaks the page lists; under By-law 3
    5.2.1 and 5.2.3 the progressive scores first cut a group of more than two."""
    closed = (demo / "junior-closed/tiebreaks.html").read_text(encoding="utf-8")
    junior = (demo / "junior-championship/tiebreaks.html").read_text(encoding="utf-8")
    both = (
        'A tie for 1st place at the end of the event is settled over the board by a <a href="'
        'playoff.html">play-off</a>'
    )
    assert f"{both}. The tie-breaks rank every other tie" in closed
    assert (
        f"{both}; with more than two players tied, the tie-breaks first choose who plays off "
        "(two, or the fewest above two they can). The tie-breaks rank every other tie"
    ) in junior


def test_the_tiebreak_pages_note_only_the_choices_of_the_tiebreaks_they_use(demo: Path) -> None:
    """The notes on choices where C.07 is open speak of the event's own tie-breaks: the U.S.
    Junior Closed (DE, BPG, KS, SB, WIN) has Direct Encounter, games with Black and Koya and
    no rating tie-break; the ACF event (progressive scores) none of the four."""
    closed = (demo / "junior-closed/tiebreaks.html").read_text(encoding="utf-8")
    junior = (demo / "junior-championship/tiebreaks.html").read_text(encoding="utf-8")
    notes = {
        "DE": "<li>Direct Encounter counts forfeits only in round robins",
        "BPG": "<li>Games won, games with Black and wins with Black count",
        "KS": "<li>The Koya System counts points",
        "ARO": "<li>Rating-based tie-breaks",
    }
    assert [code for code, note in notes.items() if note in closed] == ["DE", "BPG", "KS"]
    assert [code for code, note in notes.items() if note in junior] == []
    assert "<li>A game recorded with a result but no moves counts as played" in junior
    # C.07 article 16 on unplayed rounds concerns the opponents' scores (Buchholz,
    # Sonneborn-Berger): the ACF page, of progressive scores alone, did explain them.
    assert "<h2>Unplayed games</h2>" not in junior and "Buchholz" not in junior
    assert "<h2>Unplayed games</h2>" in closed and "article 15.2" in closed


def test_the_prize_pages_link_the_fined_player_and_speak_of_girls_titles_only_where_given(
    demo: Path,
) -> None:
    """The Closed fines Aldecott (event.toml's [[fines]]): the list links his card. It gives
    no girls' title, so its procedure does not say a girl may hold one besides an open
    title; the ACF championship, which gives girls' titles, does."""
    closed = (demo / "junior-closed/prizes.html").read_text(encoding="utf-8")
    fines = closed.split("<h2>Fines</h2>")[1].split("</ul>")[0]
    assert '<a href="players/10-aldecott-reuben.html">' in fines
    assert "girls' title as well as one open title" not in closed
    junior = (demo / "junior-championship/prizes.html").read_text(encoding="utf-8")
    assert "A girl may hold one girls' title as well as one open title." in junior


def test_a_category_page_says_who_withdrew(demo: Path) -> None:
    """Santoro withdrew after round 5 (event.toml): the Under 16 page says so beside him,
    as the standings do, rather than show him as a player who lost his last games."""
    page = (demo / "junior-championship/categories/u16.html").read_text(encoding="utf-8")
    row = next(r for r in page.split("<tr>") if "Santoro, Leo" in r)
    assert '<span class="note">withdrew after round 5</span>' in row


def test_the_money_table_has_fine_columns_only_where_the_event_fines(demo: Path) -> None:
    """The Closed fines Aldecott: Amount, Fines and Net. The championship fines nobody, so
    its net is its amount: one column, which leaves a phone room for the reasons."""
    closed = (demo / "junior-closed/prizes.html").read_text(encoding="utf-8")
    junior = (demo / "junior-championship/prizes.html").read_text(encoding="utf-8")
    head = '<th scope="col" class="num">Amount</th>'
    fines = '<th scope="col" class="num">Fines</th><th scope="col" class="num">Net</th>'
    assert head + fines in closed
    assert head + '<th scope="col">Why</th>' in junior and fines not in junior
    # Delacroix's 1st place, AUD 600:
    assert '<td class="num pts" data-label="Amount">600.00</td>' in junior


def test_a_reason_compares_tie_break_values_written_alike(demo: Path) -> None:
    """After round 3 of the Junior Closed, Castellan (6) and Pemberton (7) have 1 point each,
    have not met, have one Black each and ½ each against players on 1½ or more (Koya): the
    Sonneborn-Berger parts them. Castellan: ½ v Aldecott (2½) + ½ v Ferreira-Holt (½) = 1.25
    + 0.25 = 1.5; Pemberton: ½ v Lysenko-Park (½) + ½ v Drummond (2) = 0.25 + 1 = 1.25. The
    reason read "1½ to 1.25", one value as a score and the other as a decimal."""
    page = (demo / "junior-closed/standings/after-round-3.html").read_text("utf-8")
    assert "ahead on Sonneborn-Berger, 1.5 to 1.25" in page
    assert "1½ to 1.25" not in page
